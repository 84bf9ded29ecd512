"""Devil's Square and King's Square on the page: the 4x4 field, the draw pile and the books;
the King's Keys card faces; the guard who refuses moves; the Rules page's figures (one page
for both stories, each with its own title, story and goal)."""

from __future__ import annotations

from ...i18n import mark, tr
from .. import cardface
from ..markup import attr, cell, pile
from ..page_types import Faces, GamePage, Texts
from ..rules_figures import Row, card_row

KINGS_KEYS_FACES = Faces(
    cardface.kk_card_classes, cardface.kk_card_inner_html, cardface.kk_card_label,
    cardface.SVG_SYMBOLS, cardface.kk_card_the,
)


def board_html(options) -> str:
    """A 4x4 field, the draw pile and the books."""
    books = attr(tr("Books"))
    empty = attr(tr("A finished 1-2-3-4 of one colour lands here."))
    return (
        f'<div class="field">{"".join(cell(i) for i in range(16))}</div>'
        f'<div class="side">{pile("stock", tr("Draw pile"), caption=tr("Draw pile"))}'
        f'<div class="books" data-zone="books" role="group" '
        f'aria-label="{attr(tr("Books set aside"))}" data-caption="{books}" '
        f'data-empty="{empty}"></div>'
        "</div>"
    )


# --- the Rules page's figures (docs/rules.md section 2) ---------------------------------

_KK_DECK_ROW: Row = ((["Y1K"], None), (["R2A"], None), (["G3S"], None), (["B4C"], None))
_KK_EXAMPLE_ROW: Row = ((["G1K", "G2S"], None), (["G2C", "G3A"], 1), (["G4C"], None))
_KK_BOOK_ROW: Row = ((["G1K", "G2S", "G3A", "G4C"], None), (["G2C"], None))


def rules_fields(texts: Texts, game_id: str) -> dict[str, str]:
    story = texts["stories"][game_id]
    return {
        "title": story["title"],
        "tagline": story["tagline"],
        "story": story["story"],
        "goal": story["goal"],
        "deck_row": card_row(cardface.kk_card_html, _KK_DECK_ROW, texts["deck_row"]),
        "example_row": card_row(cardface.kk_card_html, _KK_EXAMPLE_ROW, texts["example_row"]),
        "book_row": card_row(cardface.kk_card_html, _KK_BOOK_ROW, texts["book_row"]),
    }


PAGE = GamePage(
    board_class="board kk",
    board_html=board_html,
    faces=KINGS_KEYS_FACES,
    rules_fields=rules_fields,
    refusal=mark("The guard refuses: {reason}"),  # both stories have a guard
)
