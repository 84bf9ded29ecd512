"""Board markup shared by the games' page modules: zones as groups with a label, piles as
a card back and a count. Words are translated when a board is built (a game opening), in
the language of that moment."""

from __future__ import annotations

from html import escape

from ..i18n import tr


def attr(text: str) -> str:
    """A translated text made safe for an attribute value in double quotes."""
    return escape(text, quote=True)


def pile(zone: str, label: str, **data: str) -> str:
    """A pile shown as a card back and a count. `data` (translated texts) become data-*
    attributes: the words the stylesheet writes beside it, e.g. content: attr(data-caption)."""
    extra = "".join(f' data-{name}="{attr(text)}"' for name, text in data.items())
    return (f'<div class="pile {zone}" data-zone="{zone}" role="group" '
            f'aria-label="{attr(label)}"{extra}>'
            '<div class="card-back"></div><span class="count">0</span></div>')


def cell(index: int, label: str = "", **data: str) -> str:
    """Cell `index` of a grid (cell-0 first, in reading order)."""
    extra = "".join(f' data-{name}="{attr(text)}"' for name, text in data.items())
    label = label or tr("Cell {n}", n=index + 1)
    return (f'<div class="cell" data-zone="cell-{index}" role="group"{extra} '
            f'aria-label="{attr(label)}"></div>')
