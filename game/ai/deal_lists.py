"""Deals to start from when a player asks for a winnable deal, or for a difficulty.

The numbers come from `bench/winrates.py` (see the README): a deal is listed as
winnable when the full-information solver proved it won, and graded by how the hint
player (who cannot see the stock) did on it. Both are deterministic, so a deal's
grade never changes. The lists themselves live in `deal_data.py`, written by
`tools/make_deal_lists.py`; this module only reads them.
"""

from __future__ import annotations

from .deal_data import GRADE_RULES, GRADED, WINNABLE

SHARED = {"kings-square": "devils-square"}  # one engine, one deck, the same deals

KINDS = ("any", "winnable", "easy", "medium", "hard")
LABELS = {
    "any": "Any deal",
    "winnable": "Winnable deals only",
    "easy": "Easy deals",
    "medium": "Medium deals",
    "hard": "Hard deals",
}


def choices(game_id: str) -> list[tuple[str, str]]:
    """(kind, label) pairs the page offers for `game_id`: "any" always, then the lists
    that exist for it."""
    game_id = SHARED.get(game_id, game_id)
    found = [("any", LABELS["any"])]
    if WINNABLE.get(game_id):
        found.append(("winnable", LABELS["winnable"]))
    for grade in ("easy", "medium", "hard"):
        if GRADED.get(game_id, {}).get(grade):
            found.append((grade, LABELS[grade]))
    return found


def deals_of(game_id: str, kind: str) -> tuple[int, ...]:
    game_id = SHARED.get(game_id, game_id)
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
    game_id = SHARED.get(game_id, game_id)
    for grade, deals in GRADED.get(game_id, {}).items():
        if deal in deals:
            return grade
    return None


def grade_note(game_id: str) -> str:
    """One paragraph for the page: how this game's deals were graded ('' if not)."""
    game_id = SHARED.get(game_id, game_id)
    return GRADE_RULES.get(game_id, "")
