"""The page imports only the game it opens (start-up time), and every game is found without
a list: the module `game.games.<id with underscores>` registers the game `<id>`."""

import ast
import pkgutil
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import game.games
from game.engine import registry
from game.games import known, load, load_all, module_of

ROOT = Path(__file__).resolve().parent.parent


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


def top_level_imports(name: str) -> set[str]:
    """The modules `name` imports when it is imported (not in its functions, not for type
    checking), relative imports resolved, and `m.x` for each `from m import x`."""
    path = ROOT.joinpath(*name.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.is_dir() or path.with_suffix(".py").is_file()


def test_a_game_page_starts_without_the_views_it_may_never_need():
    """What the page makes when it opens a game (app.App, views.always and views.for_games,
    the watch view) imports, at its top, none of the modules loaded on first use
    (docs/architecture.md): bench/startup.py times the start-up they would cost."""
    started = ["game.ui.app", "game.ui.views", "game.ui.settings_view", "game.ui.backup_view",
               "game.ui.tabs_view", "game.ui.sound", "game.ui.help_view",
               "game.ui.outcome_view", "game.ui.solver_view", "game.ui.stats_view",
               "game.ui.watch_view", "game.games.devils_square", "game.ui.games.kings_keys"]
    seen: set[str] = set()
    todo = list(started)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for module in top_level_imports(name):
            if not module.startswith("game"):
                seen.add(module.split(".")[0])
                continue
            parts = module.split(".")
            todo += [".".join(parts[:end]) for end in range(1, len(parts) + 1)
                     if is_module(".".join(parts[:end]))]
    assert "game.ui.stats_view" in seen and "game.ui.page" in seen  # (the walk works)
    for lazy in ("game.ui.home_view", "game.ui.daily_store", "game.ui.stats_render",
                 "game.ui.backup", "game.ui.challenge_view", "game.ui.finish_view",
                 "game.ui.guide_view", "pkgutil"):
        assert lazy not in seen, f"{lazy} is imported at a game's start-up"
