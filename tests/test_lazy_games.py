"""The page imports only the game it opens (start-up time), and every game is found without
a list: the module `game.games.<id with underscores>` registers the game `<id>`."""

import pkgutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import game.games
from game.engine import registry
from game.games import known, load, load_all, module_of


def test_every_game_module_registers_the_game_its_name_says_or_none():
    before = set(registry.REGISTRY)
    for info in pkgutil.iter_modules(game.games.__path__):
        module = import_module(f"game.games.{info.name}")
        games = [i for i in registry.REGISTRY.values() if i.engine.__module__ == module.__name__
                 or module_of(i.id) == module.__name__]
        assert len(games) <= 1, (info.name, games)
        for found in games:
            assert module_of(found.id) == module.__name__
    assert set(load_all()) >= before
    for game_id in load_all():
        assert load(game_id).id == game_id and known(game_id)


def test_an_id_no_module_registers_is_unknown():
    for game_id in ("kings-keys", "poker", "..%2Fx", "..", "__init__", "Devils-Square", "", "a--b"):
        assert not known(game_id), game_id


def test_opening_a_game_imports_only_its_modules():
    code = (
        "import sys\n"
        "from game.ui.urlstate import parse_route\n"
        "from game.ui.opening import open_game\n"
        "from game.ui.store import Store\n"
        "route = parse_route('?game={game}&deal=5')\n"
        "open_game(Store(None), route.game_id, route.deal, route.options)\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.games.')))\n"
    )
    for game_id, modules in (("devils-grip", "['game.games.devils_grip']"),
                             ("kings-square", "['game.games.kings_keys', "
                                              "'game.games.kings_square']")):
        out = subprocess.run([sys.executable, "-c", code.replace("{game}", game_id)],
                             capture_output=True, text=True, check=True,
                             cwd=str(Path(__file__).parent.parent))
        assert out.stdout.strip() == modules
