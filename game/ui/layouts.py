"""How each game is laid out on the page: its board markup, which zones are hidden or
show only their top cards, its card faces and its score line. The one place the page
knows a game by its id; board, input and app code is the same for every game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

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


def kings_corner_board(options: dict) -> str:
    """The table: the opponents' seats across the top, the stalls around the draw pile as
    on the physical tray (corners on the diagonals), the shown hand at the bottom."""
    seats = "".join(
        f'<section class="seat" data-seat="{seat}" aria-label="Seat {seat + 1}">'
        '<header class="seat-head"><span class="seat-name"></span>'
        '<span class="seat-level"></span></header>'
        '<div class="seat-facts"><span class="seat-chips"></span><span class="seat-score">'
        '</span></div>'
        f'<div class="hand" data-zone="hand-{seat}" role="group" aria-label="Hand">'
        '<div class="card-back"></div><span class="count">0</span></div></section>'
        for seat in range(len(options.get("players", "h222")))
    )

    def stall(zone: str, label: str) -> str:
        return (f'<div class="stall {zone}" data-zone="{zone}" role="group" '
                f'aria-label="{label}"></div>')

    centre = "".join((
        stall("corner-NW", "Corner north-west"), stall("side-N", "North stall"),
        stall("corner-NE", "Corner north-east"), stall("side-W", "West stall"),
        _pile("stock", "Draw pile"), stall("side-E", "East stall"),
        stall("corner-SW", "Corner south-west"), stall("side-S", "South stall"),
        stall("corner-SE", "Corner south-east"),
    ))
    return (
        f'<div class="kt-opponents">{seats}</div>'
        f'<div class="kt-tray">{centre}</div>'
        '<div class="kt-me">'
        '<div class="kt-pass" hidden><p class="kt-pass-text"></p>'
        '<button type="button" class="primary" data-action="reveal">Show my hand</button></div>'
        '<div class="kt-controls">'
        '<button type="button" class="primary" data-action="end-turn">End turn</button>'
        '<button type="button" data-action="hurry" hidden>Hurry up</button>'
        '<label class="kt-pace">Pace <select data-setting="pace">'
        '<option value="slow">slow</option><option value="normal">normal</option>'
        '<option value="fast">fast</option></select></label>'
        '<button type="button" data-action="setup">Seats &amp; rules</button>'
        "</div></div>"
    )


DG_WORDS = {"draw": {1: "deal one"}, "passes": {1: "one pass", 3: "3 passes"}}
KCS_WORDS = {"swap": {True: "Queens on the sides"}, "strict": {True: "Camelot (strict)"}}
KC_WORDS = {"rules": {"classic": "Classic rules"}, "draw": {2: "draw two"},
            "draw_end": {True: "draw at the end"}, "under": {True: "under the rows"}}


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
    ends_only: frozenset[str] = frozenset()  # zones that show only their bottom and top cards
    table: bool = False  # a table of players (game/ui/table_view.py), not a solitaire

    option_words: dict = field(default_factory=dict)  # option -> value -> words

    def options_text(self, options: dict) -> str:
        """The options in force, in words, for the deal line ('' for the defaults)."""
        words = [self.option_words.get(name, {}).get(value) for name, value in options.items()]
        if options.get("match"):
            words.append(f"match to {options['match']}")
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
        option_words=DG_WORDS,
        modes=(("Deal one", "draw=1", ""), ("One pass", "passes=1", ""),
               ("Three passes", "passes=3", "")),
    ),
    "kings-corner-solitaire": Layout(
        "board kc", kings_corner_solitaire_board, STANDARD_FACES,
        hidden=frozenset(), top_only=(("stock", 1), ("discard", 2)), turned_zone="stock",
        score_label="Courts", score_of_max=" / 12", pile_label="Stock",
        win_title="The court is complete!", option_words=KCS_WORDS,
        modes=(("Queens on the sides", "swap=1", ""),
               ("Camelot", "strict=1", "clear every number card")),
    ),
    "kings-corner": Layout(
        "board kt", kings_corner_board, STANDARD_FACES,
        hidden=frozenset({"stock"}),
        top_only=tuple((f"corner-{c}", 1) for c in ("NE", "SE", "SW", "NW")),
        ends_only=frozenset(f"side-{s}" for s in "NESW"),
        score_label="Points", score_of_max=" / 100", pile_label="Draw pile",
        win_title="You won the match!", table=True, option_words=KC_WORDS,
        modes=(("Two players", "players=h2", ""), ("Classic rules", "rules=classic", "")),
    ),
}
