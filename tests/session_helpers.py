"""Touching the cards of a session as the page does, by their place in a zone: the page
passes the card under the pointer (or None beside the cards); tests name it by position
(0 = bottom), as a player sees the stack."""

from __future__ import annotations

from game.ui.session import GameSession, Reply


def card_at(session: GameSession, zone: str, position: int | None) -> str | None:
    cards = session.game.zones().get(zone, [])
    if position is None or not 0 <= position < len(cards):
        return None
    return cards[position]


def touch(session: GameSession, zone: str, position: int | None) -> Reply:
    """A click on the card at `position` of `zone` (None: on the zone beside its cards)."""
    return session.touch(zone, card_at(session, zone, position))


def opened(store, game_id: str, deal: int | None, options: dict | None = None):
    """(session, save key, notes) of game.ui.opening.open_game."""
    from game.ui.opening import open_game

    result = open_game(store, game_id, deal, options or {})
    return result.session, result.key, result.notes


def _patiences() -> tuple[str, ...]:
    from game.games import load_all

    return tuple(game_id for game_id, info in load_all().items() if info.has_hints)


SOLITAIRES = _patiences()  # the games with a solver and a hint
