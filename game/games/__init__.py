"""Every game of the site. Importing a game's module registers it.

Tools and tests use `GAMES` (every game: reading it imports them all). The page imports
only the game it opens, through `load`, so each game added does not slow the first deal;
`MODULES` says where each game lives.
"""

from importlib import import_module

from ..engine import registry

MODULES = {  # game id -> module of game.games
    "devils-square": "kings_keys",
    "kings-square": "kings_keys",
    "devils-grip": "devils_grip",
    "kings-corner-solitaire": "kings_corner_solitaire",
    "kings-corner": "kings_corner",
}


def load(game_id: str):
    """The class of one game, importing only its module; KeyError for an unknown id."""
    import_module(f"{__name__}.{MODULES[game_id]}")
    return registry.GAMES[game_id]


def load_all() -> dict:
    for module in sorted(set(MODULES.values())):
        import_module(f"{__name__}.{module}")
    return registry.GAMES


def __getattr__(name: str):
    if name == "GAMES":
        return load_all()
    if name == "load_save":
        load_all()
        return registry.load_save
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAMES", "MODULES", "load", "load_all", "load_save"]  # noqa: F822 (lazy)
