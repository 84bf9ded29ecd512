"""Deals to start from when a player asks for a winnable deal, or for a difficulty.

Keyed by the game whose lists they are (GameInfo.deals_id: King's Square plays Devil's
Square's deals), and by the mode of its tile for a mode's own lists (`lists_key`). The
numbers come from `bench/winrates.py` (see the README): a deal is listed as winnable
when the full-information solver proved it won, and graded by how the hint player (who
cannot see the stock) did on it. Both are deterministic, so a deal's
grade never changes. The lists themselves live in `deal_data.py`, written by
`tools/make_deal_lists.py`; this module only reads them.
"""

from __future__ import annotations

from ..i18n import mark, tr
from .deal_data import GRADE_RULES, GRADED, WINNABLE

KINDS = ("any", "winnable", "easy", "medium", "hard")
LABELS = {  # in English; choices() gives them in the current language
    "any": mark("Any deal"),
    "winnable": mark("Winnable deals only"),
    "easy": mark("Easy deals"),
    "medium": mark("Medium deals"),
    "hard": mark("Hard deals"),
}


def lists_key(deals_id: str, mode: str = "") -> str:
    """The key of a game's lists (GameInfo.deals_id) with a mode of its tile (Mode.name,
    "draw1"; "" for the default options): "devils-grip", "devils-grip.draw1"."""
    return f"{deals_id}.{mode}" if mode else deals_id


def choices(game_id: str) -> list[tuple[str, str]]:
    """(kind, label) pairs the page offers for `game_id`: "any" always, then the lists
    that exist for it. The labels are in the current language."""
    found = ["any"]
    if WINNABLE.get(game_id):
        found.append("winnable")
    for grade in ("easy", "medium", "hard"):
        if GRADED.get(game_id, {}).get(grade):
            found.append(grade)
    return [(kind, tr(LABELS[kind])) for kind in found]


def deals_of(game_id: str, kind: str) -> tuple[int, ...]:
    if kind == "winnable":
        return WINNABLE.get(game_id, ())
    return GRADED.get(game_id, {}).get(kind, ())


def pick(game_id: str, kind: str, number: int) -> int | None:
    """A deal of list `kind` for `game_id`, chosen by `number` (any integer, e.g. a
    random one); None for "any" or a list that does not exist (deal any number)."""
    deals = deals_of(game_id, kind)
    return deals[number % len(deals)] if deals else None


def grade_of(game_id: str, deal: int) -> str | None:
    """"easy", "medium" or "hard" when `deal` is in one of the game's graded lists."""
    for grade, deals in GRADED.get(game_id, {}).items():
        if deal in deals:
            return grade
    return None


def grade_note(game_id: str) -> str:
    """One paragraph for the page, in the current language: how this game's deals were
    graded ('' if not)."""
    note = GRADE_RULES.get(game_id, "")
    return tr(note) if note else ""
