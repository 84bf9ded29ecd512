"""Where games register themselves, so the game list and URLs find them without a central list."""

from __future__ import annotations

from .game import Game

GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: add a game to `GAMES` under its id (ids are unique)."""
    if not cls.id or cls.id in GAMES:
        raise ValueError(f"A game needs a new, non-empty id, not {cls.id!r}.")
    GAMES[cls.id] = cls
    return cls


def load_save(save: dict) -> Game:
    """Rebuild any game from its save, whichever game it is."""
    if not isinstance(save, dict) or save.get("game") not in GAMES:
        raise ValueError("This save is for no game this site knows.")
    return GAMES[save["game"]].from_save(save)
