"""Every game of the site: a game with id `some-game` is registered by the module
`game.games.some_game` (its engine, or a story over a shared engine, and its GameInfo).
Modules that register nothing hold rules that games share (kings_keys.py).

There is no list to update: `load` imports the one module a game id names (the page
opens one game and imports only its code), and `load_all` imports every module of this
package (the game list, statistics, tools and tests). `GAMES` and `REGISTRY` are
game.engine.registry's, filled as modules are imported; reading them from here imports
every game first.
"""

from __future__ import annotations

import re
from importlib import import_module

from ..engine import registry
from ..engine.info import GameInfo

GAME_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")  # the ids a module name can carry


def module_of(game_id: str) -> str:
    """The module that registers `game_id`."""
    return f"{__name__}.{game_id.replace('-', '_')}"


def load(game_id: str) -> GameInfo:
    """The descriptor of one game, importing only its module; KeyError for an id no
    module registers."""
    if game_id not in registry.REGISTRY:
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise KeyError(game_id)
        name = module_of(game_id)
        try:
            import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise  # the module exists but something it imports does not
            raise KeyError(game_id) from None
    return registry.REGISTRY[game_id]


def known(game_id: str) -> bool:
    try:
        load(game_id)
    except KeyError:
        return False
    return True


def load_all() -> dict[str, GameInfo]:
    """Every game's descriptor, in the game list's order."""
    import pkgutil  # (a page opened on one game never lists them: not imported at its start)

    for module in pkgutil.iter_modules(__path__):
        import_module(f"{__name__}.{module.name}")
    return dict(sorted(registry.REGISTRY.items(), key=lambda item: item[1].list_order))


def __getattr__(name: str):
    if name in ("GAMES", "REGISTRY"):
        load_all()
        return getattr(registry, name)
    if name == "load_save":
        load_all()
        return registry.load_save
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAMES", "REGISTRY", "known", "load", "load_all", "load_save", "module_of"]  # noqa: F822
