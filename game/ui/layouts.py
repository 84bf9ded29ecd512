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


def kings_keys_board(options: dict) -> str:
    """A 4x4 field, the draw pile and the books."""
    return (
        f'<div class="field">{"".join(_cell(i) for i in range(16))}</div>'
        f'<div class="side">{_pile("stock", "Draw pile")}'
        '<div class="books" data-zone="books" role="group" aria-label="Books set aside"></div>'
        "</div>"
    )


DG_ROW_GUIDES = ("2 5 8 J", "3 6 9 Q", "4 7 10 K")


def devils_grip_board(options: dict) -> str:
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


def kings_corner_solitaire_board(options: dict) -> str:
    """The 4x4 grid with each court spot marked by its letter (a faint K, Q or J that a
    card covers); beside it the stock with the turned card shown large, and the discard."""
    from ..games.kings_corner_solitaire import spots_for

    spot = {cell: rank for rank, cells in spots_for(options.get("swap", False)).items()
            for cell in cells}
    names = {"K": "King", "Q": "Queen", "J": "Jack"}
    cells = "".join(
        f'<div class="cell" data-zone="cell-{i}" role="group" '
        + (f'data-spot="{spot[i]}" aria-label="Cell {i + 1}, {names[spot[i]]}\'s spot"'
           if i in spot else f'aria-label="Cell {i + 1}"')
        + "></div>"
        for i in range(16)
    )
    stock = ('<div class="pile stock" data-zone="stock" role="group" aria-label="Stock">'
             '<div class="card-back"></div><span class="count">0</span></div>')
    discard = ('<div class="pile discard" data-zone="discard" role="group" '
               'aria-label="Discard"><span class="count">0</span></div>')
    return (f'<div class="kc-grid">{cells}</div>'
            f'<div class="side"><div class="kc-next">{stock}</div>{discard}</div>')


OPTION_WORDS = {  # option -> value -> words for the deal line
    "draw": {1: "deal one"},
    "passes": {1: "one pass", 3: "3 passes"},
    "swap": {True: "Queens on the sides"},
    "strict": {True: "Camelot (strict)"},
}


@dataclass(frozen=True)
class Layout:
    board_class: str  # classes of #board
    board_html: Callable[[dict], str]  # from the game's options
    faces: Faces
    hidden: frozenset[str] = frozenset({"stock"})  # zones shown as a count only
    top_only: tuple[tuple[str, int], ...] = ()  # zones that show only their top cards
    score_label: str = "Score"
    score_of_max: str = ""  # e.g. " / 160"
    pile_label: str = "Draw pile"
    win_title: str = "You won!"
    refusal: str = "{}"  # how a refused move's reason is said
    modes: tuple[tuple[str, str, str], ...] = ()  # (label, query, note): links on the game tile
    turned_zone: str = ""  # a zone whose top card shows only while the game has one turned

    def options_text(self, options: dict) -> str:
        """The options in force, in words, for the deal line ('' for the defaults)."""
        words = (OPTION_WORDS.get(name, {}).get(value) for name, value in options.items())
        return ", ".join(word for word in words if word)


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
    "kings-corner-solitaire": Layout(
        "board kc", kings_corner_solitaire_board, STANDARD_FACES,
        hidden=frozenset(), top_only=(("stock", 1), ("discard", 2)), turned_zone="stock",
        score_label="Courts", score_of_max=" / 12", pile_label="Stock",
        win_title="The court is complete!",
        modes=(("Queens on the sides", "swap=1", ""),
               ("Camelot", "strict=1", "clear every number card")),
    ),
}
