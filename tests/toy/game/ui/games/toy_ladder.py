"""Toy Ladder on the page (tests/toy/game/games/toy_ladder.py): four cells in a row, the
stock and the waste, standard card faces, and one figure on its Rules page."""

from __future__ import annotations

from game.ui.markup import cell, pile
from game.ui.page_types import GamePage, Texts
from game.ui.rules_figures import card_row
from game.ui.stdface import std_card_html

from .standard import STANDARD_FACES


def board_html(options) -> str:
    cells = "".join(cell(i) for i in range(4))
    waste = ('<div class="pile waste" data-zone="waste" role="group" aria-label="Waste">'
             '<span class="count">0</span></div>')
    return (f'<div class="toy-row">{cells}</div>'
            f'<div class="side">{pile("stock", "Stock", caption="Stock")}{waste}</div>')


def rules_fields(texts: Texts, game_id: str) -> dict[str, str]:
    ladder = (((["AS", "2H", "3S"], None), (["4H"], 0)))
    return {"ladder": card_row(std_card_html, ladder, texts["ladder"])}


PAGE = GamePage(
    board_class="board toy",
    board_html=board_html,
    faces=STANDARD_FACES,
    rules_fields=rules_fields,
    top_only=(("waste", 1),),
    pile_label="Stock",
)
