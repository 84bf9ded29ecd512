"""The page imports only the game it opens (start-up time), and `MODULES` knows every game."""

import pkgutil
import subprocess
import sys
from importlib import import_module

import game.games
from game.engine import registry
from game.games import MODULES, load


def test_every_game_module_is_in_modules():
    for info in pkgutil.iter_modules(game.games.__path__):
        import_module(f"game.games.{info.name}")
    listed = set(MODULES)
    assert set(registry.GAMES) == listed
    for game_id in listed:
        assert load(game_id).id == game_id


def test_opening_a_game_imports_only_its_module():
    code = (
        "import sys\n"
        "from game.ui.urlstate import parse_route\n"
        "from game.ui.opening import open_game\n"
        "from game.ui.store import Store\n"
        "route = parse_route('?game=devils-grip&deal=5')\n"
        "open_game(Store(None), route.game_id, route.deal, route.options)\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.games.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=str(__import__("pathlib").Path(__file__).parent.parent))
    assert out.stdout.strip() == "['game.games.devils_grip']"
