"""Pure-Python game engine: no browser imports, runs in CPython 3.11+ and Pyodide."""

from .errors import IllegalMove, NewerSave
from .game import (
    RESIGN,
    SAVE_MIGRATIONS,
    SAVE_VERSION,
    Game,
    Move,
    Outcome,
    Resign,
    migrate_save,
)
from .registry import GAMES, load_save, register
from .rng import MAX_DEAL, MIN_DEAL, Pcg32, check_deal, shuffled

__all__ = [
    "GAMES", "MAX_DEAL", "MIN_DEAL", "RESIGN", "SAVE_MIGRATIONS", "SAVE_VERSION", "Game",
    "IllegalMove", "Move", "NewerSave", "Outcome", "Pcg32", "Resign", "check_deal",
    "load_save", "migrate_save", "register", "shuffled",
]
