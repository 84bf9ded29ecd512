"""The table's session driven as the page drives it, naming what is picked up the way a
player does: a card of the shown hand, or a whole side stall."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Move
from game.games.kings_corner import zone_of
from game.ui.session import Pick, Reply
from game.ui.table import TableSession


@dataclass(frozen=True)
class Selection:
    """A card of the shown hand (`card`), or a whole side stall (`stall`, 'N')."""

    card: str = ""
    stall: str = ""


def pick_of(session: TableSession, selection: Selection) -> Pick:
    if selection.card:
        return Pick(f"hand-{session.shown_seat}", 1, selection.card)
    return Pick(zone_of(selection.stall), len(session.game.stalls[selection.stall]))


def targets_of(session: TableSession, selection: Selection) -> dict[str, Move]:
    """Zone -> move: where the selected card or side stall may go (the page's own rule)."""
    return session.moves_from(pick_of(session, selection))


def touch_card(session: TableSession, card: str) -> Reply:
    """A click on a card of the shown hand."""
    return session.touch(f"hand-{session.shown_seat}", card)


def touch_stall(session: TableSession, zone: str) -> Reply:
    """A click on a stall (a card on it or its empty place)."""
    return session.touch(zone, None)


def drop(session: TableSession, selection: Selection, zone: str | None) -> Reply:
    return session.drop(pick_of(session, selection), zone)
