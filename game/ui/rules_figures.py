"""Pieces the Rules pages' figures share: rows of example cards with captions. The games'
page modules (game/ui/games/) draw their figures with them; rules.py puts the figures in
the page templates."""

from __future__ import annotations

from collections.abc import Callable

from .page_types import Texts

Row = tuple[tuple[list[str], int | None], ...]  # the stacks of a row: (cards, lift_from)
ARROW = '<span class="ex-arrow" aria-hidden="true">&#8592;</span>'


def figure_attr(text: str) -> str:
    """A text of the figure words as an attribute value (it is HTML already: only quotes
    to escape)."""
    return text.replace('"', "&quot;")


def stack(card_html: Callable[[str, str], str], cards: list[str], caption: str,
          lift_from: int | None = None) -> str:
    """A cell of example cards, bottom first; the cards from `lift_from` up picked up."""
    parts = []
    for i, card in enumerate(cards):
        extra = "ex-lift" if lift_from is not None and i >= lift_from else ""
        parts.append(card_html(card, extra))
    cls = "ex-stack moving-part" if lift_from is not None else "ex-stack"
    return (
        f'<figure class="ex-cell"><div class="{cls}">'
        f"{''.join(parts)}</div><figcaption>{caption}</figcaption></figure>"
    )


def card_row(card_html: Callable[[str, str], str], stacks: Row, texts: Texts,
             between: str = "") -> str:
    """A row of stacks, one caption each (texts["captions"]), labelled as one picture."""
    figures = [stack(card_html, cards, caption, lift)
               for (cards, lift), caption in zip(stacks, texts["captions"], strict=True)]
    return (f'<div class="card-row" role="img" aria-label="{figure_attr(texts["label"])}">'
            + between.join(figures) + "</div>")
