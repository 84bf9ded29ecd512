"""How each game is laid out on the page: its board markup, which zones are hidden or
show only their top cards, its card faces and its score line. The one place the page
knows a game by its id; board, input and app code is the same for every game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import cardface, stdface


@dataclass(frozen=True)
class Faces:
    classes: Callable[[str], str]
    inner_html: Callable[[str], str]
    label: Callable[[str], str]
    symbols: str


KINGS_KEYS_FACES = Faces(
    cardface.kk_card_classes, cardface.kk_card_inner_html, cardface.kk_card_label,
    cardface.SVG_SYMBOLS,
)
STANDARD_FACES = Faces(
    stdface.std_card_classes, stdface.std_card_inner_html, stdface.std_card_label,
    stdface.STD_SVG_SYMBOLS,
)


def _pile(zone: str, label: str) -> str:
    return (f'<div class="pile {zone}" data-zone="{zone}" role="group" aria-label="{label}">'
            '<div class="card-back"></div><span class="count">0</span></div>')


def _cell(index: int) -> str:
    return (f'<div class="cell" data-zone="cell-{index}" role="group" '
            f'aria-label="Cell {index + 1}"></div>')


def kings_keys_board() -> str:
    """A 4x4 field, the draw pile and the books."""
    return (
        f'<div class="field">{"".join(_cell(i) for i in range(16))}</div>'
        f'<div class="side">{_pile("stock", "Draw pile")}'
        '<div class="books" data-zone="books" role="group" aria-label="Books set aside"></div>'
        "</div>"
    )


DG_ROW_GUIDES = ("2 5 8 J", "3 6 9 Q", "4 7 10 K")


def devils_grip_board() -> str:
    """Three rows of eight piles, each with its sequence as a guide; stock and waste."""
    rows = "".join(
        f'<div class="dg-row"><span class="row-guide" aria-hidden="true">{guide}</span>'
        + "".join(_cell(row * 8 + column) for column in range(8))
        + "</div>"
        for row, guide in enumerate(DG_ROW_GUIDES)
    )
    waste = ('<div class="pile waste" data-zone="waste" role="group" aria-label="Waste">'
             '<span class="count">0</span></div>')
    side = f'<div class="side">{_pile("stock", "Stock")}{waste}</div>'
    return f'<div class="dg-grid">{rows}</div>{side}'


@dataclass(frozen=True)
class Layout:
    board_class: str  # classes of #board
    board_html: Callable[[], str]
    faces: Faces
    hidden: frozenset[str] = frozenset({"stock"})  # zones shown as a count only
    top_only: tuple[tuple[str, int], ...] = ()  # zones that show only their top cards
    score_label: str = "Score"
    score_of_max: str = ""  # e.g. " / 160"
    pile_label: str = "Draw pile"
    win_title: str = "You won!"
    refusal: str = "{}"  # how a refused move's reason is said
    modes: tuple[tuple[str, str, str], ...] = ()  # (label, query, note): links on the game tile

    def options_text(self, options: dict) -> str:
        """The options in force, in words, for the deal line ('' for the defaults)."""
        words = []
        if options.get("draw") == 1:
            words.append("deal one")
        passes = options.get("passes")
        if passes:
            words.append("one pass" if passes == 1 else f"{passes} passes")
        return ", ".join(words)


GUARD_REFUSES = "The guard refuses: {}"  # the King's Keys stories have a guard watching
GUARD_MODE = (("Guard mode", "guard=1", "no undo, no hints"),)

LAYOUTS = {
    "devils-square": Layout(
        "board kk", kings_keys_board, KINGS_KEYS_FACES, score_of_max=" / 160",
        win_title="You escaped!", refusal=GUARD_REFUSES, modes=GUARD_MODE,
    ),
    "kings-square": Layout(
        "board kk", kings_keys_board, KINGS_KEYS_FACES, score_of_max=" / 160",
        win_title="You earned the keys!", refusal=GUARD_REFUSES, modes=GUARD_MODE,
    ),
    "devils-grip": Layout(
        "board dg", devils_grip_board, STANDARD_FACES, top_only=(("waste", 3),),
        score_label="Left", pile_label="Stock", win_title="Out of the Devil's grip!",
        modes=(("Deal one", "draw=1", ""), ("One pass", "passes=1", ""),
               ("Three passes", "passes=3", "")),
    ),
}
