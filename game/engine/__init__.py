"""Pure-Python game engine: no browser imports, runs in CPython 3.11+ and Pyodide."""

from .contract import BUTTONS, TOUCHES, Gesture, Kind, Status
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
from .info import GameInfo, Mode
from .registry import GAMES, REGISTRY, load_save, register
from .rng import MAX_DEAL, MIN_DEAL, Pcg32, check_deal, shuffled

__all__ = [
    "BUTTONS", "GAMES", "MAX_DEAL", "MIN_DEAL", "REGISTRY", "RESIGN", "SAVE_MIGRATIONS",
    "SAVE_VERSION", "TOUCHES", "Game", "GameInfo", "Gesture", "IllegalMove", "Kind", "Mode",
    "Move", "NewerSave", "Outcome", "Pcg32", "Resign", "Status", "check_deal", "load_save",
    "migrate_save", "register", "shuffled",
]
