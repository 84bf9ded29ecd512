"""Every game of the site; importing a game module registers it in GAMES."""

from ..engine.registry import GAMES, load_save
from . import devils_grip, kings_corner_solitaire, kings_keys  # noqa: F401  (importing registers the games)

__all__ = ["GAMES", "load_save"]
