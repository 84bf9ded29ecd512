"""How each game is laid out on the page: its board markup, which zones are hidden or
show only their top cards, its card faces and its score line. The one place the page
knows a game by its id; board, input and app code is the same for every game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from ..i18n import mark, tr
from . import cardface, stdface


@dataclass(frozen=True)
class Faces:
    classes: Callable[[str], str]
    inner_html: Callable[[str], str]
    label: Callable[[str], str]  # the card's name, in the current language
    symbols: str
    the: Callable[[str], str]  # its name with the article, for inside a sentence


KINGS_KEYS_FACES = Faces(
    cardface.kk_card_classes, cardface.kk_card_inner_html, cardface.kk_card_label,
    cardface.SVG_SYMBOLS, cardface.kk_card_the,
)
STANDARD_FACES = Faces(
    stdface.std_card_classes, stdface.std_card_inner_html, stdface.std_card_label,
    stdface.STD_SVG_SYMBOLS, stdface.std_card_the,
)


def attr(text: str) -> str:
    """A translated text made safe for an attribute value in double quotes."""
    return escape(text, quote=True)


def _pile(zone: str, label: str, **data: str) -> str:
    """A pile shown as a card back and a count. `data` (translated texts) become data-*
    attributes: the words the stylesheet writes beside it, e.g. content: attr(data-caption)."""
    extra = "".join(f' data-{name}="{attr(text)}"' for name, text in data.items())
    return (f'<div class="pile {zone}" data-zone="{zone}" role="group" '
            f'aria-label="{attr(label)}"{extra}>'
            '<div class="card-back"></div><span class="count">0</span></div>')


def _cell(index: int) -> str:
    return (f'<div class="cell" data-zone="cell-{index}" role="group" '
            f'aria-label="{attr(tr("Cell {n}", n=index + 1))}"></div>')


# Every board is built when a game opens, in the language chosen then: the words are
# translated here, at call time, so a language switch shows on the next opening.


def kings_keys_board(options: dict) -> str:
    """A 4x4 field, the draw pile and the books."""
    books = attr(tr("Books"))
    empty = attr(tr("A finished 1-2-3-4 of one colour lands here."))
    return (
        f'<div class="field">{"".join(_cell(i) for i in range(16))}</div>'
        f'<div class="side">{_pile("stock", tr("Draw pile"), caption=tr("Draw pile"))}'
        f'<div class="books" data-zone="books" role="group" '
        f'aria-label="{attr(tr("Books set aside"))}" data-caption="{books}" '
        f'data-empty="{empty}"></div>'
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
    waste = ('<div class="pile waste" data-zone="waste" role="group" '
             f'aria-label="{attr(tr("Waste"))}" data-caption="{attr(tr("Waste"))}">'
             '<span class="count">0</span></div>')
    stock = _pile("stock", tr("Stock"), caption=tr("Stock"), deal=tr("Deal"),
                  turn=tr("Turn over"))
    side = f'<div class="side">{stock}{waste}</div>'
    return f'<div class="dg-grid">{rows}</div>{side}'


def kings_corner_solitaire_board(options: dict) -> str:
    """The 4x4 grid with each court spot marked by its letter (a faint K, Q or J that a
    card covers); beside it the stock with the turned card shown large, and the discard."""
    from ..games.kings_corner_solitaire import spots_for

    spot = {cell: rank for rank, cells in spots_for(options.get("swap", False)).items()
            for cell in cells}
    names = {"K": mark("Cell {n}, King's spot"), "Q": mark("Cell {n}, Queen's spot"),
             "J": mark("Cell {n}, Jack's spot")}
    cells = "".join(
        f'<div class="cell" data-zone="cell-{i}" role="group" '
        + (f'data-spot="{spot[i]}" aria-label="{attr(tr(names[spot[i]], n=i + 1))}"'
           if i in spot else f'aria-label="{attr(tr("Cell {n}", n=i + 1))}"')
        + "></div>"
        for i in range(16)
    )
    stock = _pile("stock", tr("Stock"), caption=tr("Stock"))
    discard = ('<div class="pile discard" data-zone="discard" role="group" '
               f'aria-label="{attr(tr("Discard"))}"><span class="count" '
               f'data-caption="{attr(tr("Discard"))}">0</span></div>')
    return (f'<div class="kc-grid">{cells}</div>'
            f'<div class="side"><div class="kc-next">{stock}</div>{discard}</div>')


def kings_corner_board(options: dict) -> str:
    """The table: the opponents' seats across the top, the stalls around the draw pile as
    on the physical tray (corners on the diagonals), the shown hand at the bottom."""
    dealer, no_cards, chips = attr(tr("dealer")), attr(tr("No cards")), attr(tr("chips"))
    seats = "".join(
        f'<section class="seat" data-seat="{seat}" '
        f'aria-label="{attr(tr("Seat {n}", n=seat + 1))}">'
        f'<header class="seat-head"><span class="seat-name" data-dealer="{dealer}"></span>'
        '<span class="seat-level"></span></header>'
        f'<div class="seat-facts"><span class="seat-chips" data-unit="{chips}"></span>'
        '<span class="seat-score"></span></div>'
        f'<div class="hand" data-zone="hand-{seat}" role="group" '
        f'aria-label="{attr(tr("Hand"))}" data-empty="{no_cards}">'
        '<div class="card-back"></div><span class="count">0</span></div></section>'
        for seat in range(len(options.get("players", "h222")))
    )

    def stall(zone: str, label: str) -> str:
        return (f'<div class="stall {zone}" data-zone="{zone}" role="group" '
                f'aria-label="{attr(label)}"></div>')

    centre = "".join((
        stall("corner-NW", tr("Corner north-west")), stall("side-N", tr("North stall")),
        stall("corner-NE", tr("Corner north-east")), stall("side-W", tr("West stall")),
        _pile("stock", tr("Draw pile")), stall("side-E", tr("East stall")),
        stall("corner-SW", tr("Corner south-west")), stall("side-S", tr("South stall")),
        stall("corner-SE", tr("Corner south-east")),
    ))
    paces = "".join(f'<option value="{value}">{escape(tr(label))}</option>'
                    for value, label in PACES)
    return (
        f'<div class="kt-opponents">{seats}</div>'
        f'<div class="kt-tray">{centre}</div>'
        '<div class="kt-me">'
        '<div class="kt-pass" hidden><p class="kt-pass-text"></p>'
        '<button type="button" class="primary" data-action="reveal">'
        f'{escape(tr("Show my hand"))}</button></div>'
        '<div class="kt-controls">'
        '<button type="button" class="primary" data-action="end-turn">'
        f'{escape(tr("End turn"))}</button>'
        f'<button type="button" data-action="hurry" hidden>{escape(tr("Hurry up"))}</button>'
        f'<label class="kt-pace">{escape(tr("Pace"))} <select data-setting="pace">'
        f"{paces}</select></label>"
        f'<button type="button" data-action="setup">{escape(tr("Seats & rules"))}</button>'
        "</div></div>"
    )


PACES = (("slow", mark("slow")), ("normal", mark("normal")), ("fast", mark("fast")))


DG_WORDS = {"draw": {1: mark("deal one")},
            "passes": {1: mark("one pass"), 3: mark("3 passes")}}
KCS_WORDS = {"swap": {True: mark("Queens on the sides")},
             "strict": {True: mark("Camelot (strict)")}}
KC_WORDS = {"rules": {"classic": mark("Classic rules")}, "draw": {2: mark("draw two")},
            "draw_end": {True: mark("draw at the end")}, "under": {True: mark("under the rows")}}


@dataclass(frozen=True)
class Layout:
    board_class: str  # classes of #board
    board_html: Callable[[dict], str]  # from the game's options
    faces: Faces
    hidden: frozenset[str] = frozenset({"stock"})  # zones shown as a count only
    top_only: tuple[tuple[str, int], ...] = ()  # zones that show only their top cards
    # The texts below are English, marked for the catalogues: show them with tr(...).
    score_label: str = mark("Score")
    score_of_max: str = ""  # e.g. " / 160"
    pile_label: str = mark("Draw pile")
    win_title: str = mark("You won!")
    refusal: str = "{reason}"  # how a refused move's reason is said: tr(refusal, reason=...)
    modes: tuple[tuple[str, str, str], ...] = ()  # (label, query, note): links on the game tile
    turned_zone: str = ""  # a zone whose top card shows only while the game has one turned
    ends_only: frozenset[str] = frozenset()  # zones that show only their bottom and top cards
    table: bool = False  # a table of players (game/ui/table_view.py), not a solitaire

    option_words: dict = field(default_factory=dict)  # option -> value -> words

    def options_text(self, options: dict) -> str:
        """The options in force, in words, for the deal line ('' for the defaults)."""
        words = [self.option_words.get(name, {}).get(value) for name, value in options.items()]
        words = [tr(word) for word in words if word]
        if options.get("match"):
            words.append(tr("match to {n}", n=options["match"]))
        return ", ".join(words)

    def refusal_text(self, reason: str) -> str:
        """A refused move's reason as this game says it (the guard's words in King's Keys)."""
        return tr(self.refusal, reason=reason)


GUARD_REFUSES = mark("The guard refuses: {reason}")  # the King's Keys stories have a guard
GUARD_MODE = ((mark("Guard mode"), "guard=1", mark("no undo, no hints")),)

LAYOUTS = {
    "devils-square": Layout(
        "board kk", kings_keys_board, KINGS_KEYS_FACES, score_of_max=" / 160",
        win_title=mark("You escaped!"), refusal=GUARD_REFUSES, modes=GUARD_MODE,
    ),
    "kings-square": Layout(
        "board kk", kings_keys_board, KINGS_KEYS_FACES, score_of_max=" / 160",
        win_title=mark("You earned the keys!"), refusal=GUARD_REFUSES, modes=GUARD_MODE,
    ),
    "devils-grip": Layout(
        "board dg", devils_grip_board, STANDARD_FACES, top_only=(("waste", 3),),
        score_label=mark("Left"), pile_label=mark("Stock"),
        win_title=mark("Out of the Devil's grip!"), option_words=DG_WORDS,
        modes=((mark("Deal one"), "draw=1", ""), (mark("One pass"), "passes=1", ""),
               (mark("Three passes"), "passes=3", "")),
    ),
    "kings-corner-solitaire": Layout(
        "board kc", kings_corner_solitaire_board, STANDARD_FACES,
        hidden=frozenset(), top_only=(("stock", 1), ("discard", 2)), turned_zone="stock",
        score_label=mark("Courts"), score_of_max=" / 12", pile_label=mark("Stock"),
        win_title=mark("The court is complete!"), option_words=KCS_WORDS,
        modes=((mark("Queens on the sides"), "swap=1", ""),
               (mark("Camelot"), "strict=1", mark("clear every number card"))),
    ),
    "kings-corner": Layout(
        "board kt", kings_corner_board, STANDARD_FACES,
        hidden=frozenset({"stock"}),
        top_only=tuple((f"corner-{c}", 1) for c in ("NE", "SE", "SW", "NW")),
        ends_only=frozenset(f"side-{s}" for s in "NESW"),
        score_label=mark("Points"), score_of_max=" / 100", pile_label=mark("Draw pile"),
        win_title=mark("You won the match!"), table=True, option_words=KC_WORDS,
        modes=((mark("Two players"), "players=h2", ""),
               (mark("Classic rules"), "rules=classic", "")),
    ),
}
