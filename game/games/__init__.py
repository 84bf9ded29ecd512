"""Every game of the site; importing a game module registers it in GAMES."""

from ..engine.registry import GAMES, load_save
from . import kings_keys  # noqa: F401  (registers Devil's Square and King's Square)

__all__ = ["GAMES", "load_save"]
