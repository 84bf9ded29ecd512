"""Devil's Grip on the page: three rows of eight piles, each row with its sequence as a
guide, the stock and the waste; standard card faces; the Rules page's figures."""

from __future__ import annotations

from ...i18n import mark, tr
from ..markup import attr, cell, pile
from ..page_types import GamePage, Texts
from ..rules_figures import ARROW, Row, card_row
from ..stdface import std_card_html
from .standard import STANDARD_FACES

ROW_GUIDES = ("2 5 8 J", "3 6 9 Q", "4 7 10 K")


def board_html(options) -> str:
    """Three rows of eight piles, each with its sequence as a guide; stock and waste."""
    rows = "".join(
        f'<div class="dg-row"><span class="row-guide" aria-hidden="true">{guide}</span>'
        + "".join(cell(row * 8 + column) for column in range(8))
        + "</div>"
        for row, guide in enumerate(ROW_GUIDES)
    )
    waste = ('<div class="pile waste" data-zone="waste" role="group" '
             f'aria-label="{attr(tr("Waste"))}" data-caption="{attr(tr("Waste"))}">'
             '<span class="count">0</span></div>')
    stock = pile("stock", tr("Stock"), caption=tr("Stock"), deal=tr("Deal"),
                 turn=tr("Turn over"))
    side = f'<div class="side">{stock}{waste}</div>'
    return f'<div class="dg-grid">{rows}</div>{side}'


# --- the Rules page's figures (docs/rules.md section 3; Dutch: Duivelsgreep) ------------

_DG_ROWS: Row = ((["2S", "5S", "8S", "JS"], None), (["3H", "6H", "9H", "QH"], None),
                 (["4D", "7D", "TD", "KD"], None))
_DG_BUILD: Row = ((["5C"], None), (["8C"], 0))  # the 8 from the waste onto a lone 5
_DG_BUILD_PILE: Row = ((["4C", "7C"], None), (["TC", "KC"], 0))  # a pile moves as a whole


def rules_fields(texts: Texts, game_id: str) -> dict[str, str]:
    return {
        "rows": card_row(std_card_html, _DG_ROWS, texts["rows"]),
        "build": card_row(std_card_html, _DG_BUILD, texts["build"], ARROW),
        "build_pile": card_row(std_card_html, _DG_BUILD_PILE, texts["build_pile"], ARROW),
    }


PAGE = GamePage(
    board_class="board dg",
    board_html=board_html,
    faces=STANDARD_FACES,
    rules_fields=rules_fields,
    top_only=(("waste", 3),),
    pile_label=mark("Stock"),
)
