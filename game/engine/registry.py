"""Where games register their descriptors (game.engine.info.GameInfo), so the game list,
URLs, statistics, benchmarks and tools find every game without a central list.

`REGISTRY` holds the descriptors by game id; `GAMES` their engines, for code that only
plays (tools, tests: `GAMES["devils-square"].new(deal=1)`). Both are filled by
`register`, never by hand. game.games imports the modules that call it.
"""

from __future__ import annotations

from .game import Game
from .info import GameInfo

REGISTRY: dict[str, GameInfo] = {}
GAMES: dict[str, type[Game]] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game under its engine's id (ids are unique, and a game registers once)."""
    game_id = info.engine.id
    if not game_id or game_id in REGISTRY:
        raise ValueError(f"A game needs a new, non-empty id, not {game_id!r}.")
    REGISTRY[game_id] = info
    GAMES[game_id] = info.engine
    return info


def load_save(save: dict) -> Game:
    """Rebuild any registered game from its save, whichever game it is."""
    if not isinstance(save, dict) or save.get("game") not in GAMES:
        raise ValueError("This save is for no game this site knows.")
    return GAMES[save["game"]].from_save(save)
