"""Kings in the Corner for 2 to 6 players on the page: the opponents' seats across the top,
the stalls around the draw pile as on the physical tray (corners on the diagonals), the
shown hand at the bottom with the table's buttons; its session (game/ui/table.py) and view
(game/ui/table_view.py); the Rules page's figures."""

from __future__ import annotations

from html import escape

from ...i18n import mark, tr
from ..markup import attr, pile
from ..page_types import GamePage, Texts
from ..rules_figures import figure_attr
from ..stdface import std_card_html
from ..table import TableSession
from .standard import STANDARD_FACES

PACES = (("slow", mark("slow")), ("normal", mark("normal")), ("fast", mark("fast")))


def board_html(options) -> str:
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
        pile("stock", tr("Draw pile")), stall("side-E", tr("East stall")),
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
        f'<section class="kt-log-box" aria-label="{attr(tr("What the others did"))}" hidden>'
        f'<h3 class="kt-log-title">{escape(tr("What the others did"))}</h3>'
        '<ol class="kt-log"></ol></section>'
    )


def table_view(page):
    """The seats, the computer turns and the hand's summary (a browser module: imported
    only in the page)."""
    from ..table_view import TableView

    return TableView(page)


# --- the Rules page's figures (docs/rules.md section 5): the Jax rules (the default) and
# the Classic ones --------------------------------------------------------------------------
_KT_TRAY_ORDER = ("NW", "N", "NE", "W", None, "E", "SW", "S", "SE")  # None: the draw pile


def _kt_shown(stall: str, cards: list[str]) -> list[str]:
    """What the table shows of a stall: a side its bottom and top cards, a corner its top."""
    if len(stall) == 2:
        return cards[-1:]
    return [cards[0], cards[-1]] if len(cards) > 1 else list(cards)


def _kt_stall(stall: str, cards: list[str], mark: str = "") -> str:
    kind = "ktx-corner" if len(stall) == 2 else "ktx-side"
    shown = _kt_shown(stall, cards)
    classes = f"ktx-stall {kind}" + ("" if cards else " ktx-empty") + (f" {mark}" if mark else "")
    return (f'<div class="{classes}" data-stall="{stall}" data-cards="{" ".join(cards)}">'
            f'{"".join(std_card_html(c) for c in shown)}</div>')


def _kt_tray(stalls: dict[str, list[str]], texts: Texts, when: str = "",
             marks: dict[str, str] | None = None) -> str:
    """A mini tray: the eight stalls (missing ones empty) around the draw pile."""
    marks = marks or {}
    cells = []
    for stall in _KT_TRAY_ORDER:
        if stall is None:
            cells.append('<div class="ktx-stock"><div class="card-back"></div></div>')
        else:
            cells.append(_kt_stall(stall, list(stalls.get(stall, ())), marks.get(stall, "")))
    data = f' data-when="{when}"' if when else ""
    return (f'<figure class="ktx-fig"{data}><div class="ktx-tray" role="img" '
            f'aria-label="{figure_attr(texts["label"])}">{"".join(cells)}</div>'
            f"<figcaption>{texts['caption']}</figcaption></figure>")


def _kt_pile(cards: list[str], texts: Texts, spread: bool = True, extra: str = "",
             note: str = "") -> str:
    """A stall on its own: spread out (every card's index shows) or as on the table
    (bottom and top cards only); the card `note` ringed."""
    shown = cards if spread or len(cards) < 3 else [cards[0], cards[-1]]
    kind = "ktx-spread" if spread else "ktx-ends"
    faces = "".join(std_card_html(c, "ktx-note" if c == note else "") for c in shown)
    return (f'<figure class="ktx-fig"{extra}><div class="ktx-pile {kind}" role="img" '
            f'aria-label="{figure_attr(texts["label"])}" data-cards="{" ".join(cards)}">'
            f"{faces}</div>"
            f"<figcaption>{texts['caption']}</figcaption></figure>")


_KT_ARROW = '<span class="ex-arrow ktx-arrow" aria-hidden="true">&#8594;</span>'

# The dealt trays of a two-player hand (tests deal them through the engine): under Jax a
# King dealt to a side stays there; under Classic it goes to the first free corner.
_KT_DEAL_SIDES = {"jax": ("KC", "7D", "3S", "TH"), "classic": ("9S", "KD", "4H", "JC")}


def _kt_trays(texts: Texts) -> str:
    jax = dict(zip(("N", "E", "S", "W"), ([c] for c in _KT_DEAL_SIDES["jax"]), strict=True))
    classic = {"N": ["9S"], "NE": ["KD"], "S": ["4H"], "W": ["JC"]}
    return (
        '<div class="card-row ktx-row">'
        + _kt_tray(jax, texts["jax"], when="jax", marks={"N": "ktx-note"})
        + _kt_tray(classic, texts["classic"], when="classic", marks={"NE": "ktx-note"})
        + "</div>"
    )


# Building down: a red Queen on a black King, a black Jack on the Queen; a red 10 next.
_KT_BUILD_STALL = ["KS", "QH", "JC"]


def _kt_building(texts: Texts) -> str:
    return (
        '<div class="card-row ktx-row ktx-big">'
        + _kt_pile(_KT_BUILD_STALL, texts["table"], spread=False)
        + _kt_pile(_KT_BUILD_STALL, texts["spread"])
        + f'<p class="ktx-next">{texts["next"]}</p>'
        + "</div>"
    )


# Moving a whole side stall: the north stall (its bottom card the 8 of diamonds) goes onto
# the 9 of spades in the east. Tests push the move N>E on the first tray and get the second.
_KT_SHIFT_BEFORE = {"N": ["8D", "7C"], "E": ["9S"], "S": ["5H"], "W": ["JC", "TH"],
                    "NE": ["KD", "QC"]}
_KT_SHIFT_AFTER = {"E": ["9S", "8D", "7C"], "S": ["5H"], "W": ["JC", "TH"],
                   "NE": ["KD", "QC"]}
_KT_SHIFT_MOVE = "N>E"


def _kt_shift(texts: Texts) -> str:
    return (
        f'<div class="card-row ktx-row ktx-move" data-move="{_KT_SHIFT_MOVE}">'
        + _kt_tray(_KT_SHIFT_BEFORE, texts["before"], when="before",
                   marks={"N": "ktx-from", "E": "ktx-to"})
        + _KT_ARROW
        + _kt_tray(_KT_SHIFT_AFTER, texts["after"], when="after", marks={"E": "ktx-to"})
        + "</div>"
    )


# Classic "play under the rows": with the west stall empty, the 10 of hearts goes under
# the 9 of spades at the bottom of the north stall.
_KT_UNDER_STALL = ["9S", "8D"]
_KT_UNDER_CARD = "TH"
_KT_UNDER_MOVE = "TH<N"


def _kt_under(texts: Texts) -> str:
    return (
        f'<div class="card-row ktx-row ktx-under" '
        f'data-move="{_KT_UNDER_MOVE.replace("<", "&lt;")}">'
        + _kt_pile(_KT_UNDER_STALL, texts["before"], extra=' data-when="before"')
        + '<span class="ktx-plus" aria-hidden="true">+</span>'
        + _kt_pile([_KT_UNDER_CARD], texts["hand"], extra=' data-when="hand"')
        + _KT_ARROW
        + _kt_pile([_KT_UNDER_CARD, *_KT_UNDER_STALL], texts["after"],
                   extra=' data-when="after"', note=_KT_UNDER_CARD)
        + "</div>"
    )


def rules_fields(texts: Texts, game_id: str) -> dict[str, str]:
    return {
        "trays": _kt_trays(texts["trays"]),
        "building": _kt_building(texts["building"]),
        "shift": _kt_shift(texts["shift"]),
        "under": _kt_under(texts["under"]),
    }


PAGE = GamePage(
    board_class="board kt",
    board_html=board_html,
    faces=STANDARD_FACES,
    rules_fields=rules_fields,
    session=TableSession,
    top_only=tuple((f"corner-{c}", 1) for c in ("NE", "SE", "SW", "NW")),
    ends_only=frozenset(f"side-{s}" for s in "NESW"),
    view=table_view,
    own_end=True,
)
