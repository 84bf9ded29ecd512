"""docs/architecture.md, checked where a machine can check it: what each layer imports,
which modules touch the browser, no attribute guessing in the page, module sizes, and no
table keyed by game id outside the game's own module."""

from __future__ import annotations

import ast
from pathlib import Path

from game.games import load_all

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")

ALLOWED = {  # package -> the packages of `game` it may import
    "i18n": set(),
    "engine": {"i18n", "engine"},
    "games": {"i18n", "engine", "games"},
    "ai": {"i18n", "engine", "games", "ai"},
    "share": {"i18n", "engine", "games", "ai", "share"},
    "ui": {"i18n", "engine", "games", "ai", "share", "ui"},
}
BROWSER = {"app", "page", "status_bar", "outcome_view", "help_view", "home_view", "views",
           "stats_view", "settings_view", "tabs_view", "solver_view", "table_view",
           "keyboard", "announcer", "board", "pointer", "dom", "language", "sound",
           "watch_view", "backup_view", "challenge_view", "finish_view", "guide_view"}
BROWSER_PACKAGES = ("pyscript", "js", "pyodide")


def game_classes() -> set[str]:
    """The names of the classes of games and moves (the engine's and every game's)."""
    names = set()
    for path in [GAME / "engine" / "game.py", *(GAME / "games").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names.add(node.name)
    return names


def modules() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if "__pycache__" not in p.parts)


def dotted(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The absolute names `path` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = dotted(path) if path.name == "__init__.py" else dotted(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found |= {f"{name}.{alias.name}" for alias in node.names}
    return found


def layer(path: Path) -> str:
    return path.relative_to(GAME).parts[0] if len(path.relative_to(GAME).parts) > 1 else ""


def test_each_layer_imports_only_the_layers_below_it():
    for path in modules():
        own = layer(path)
        if not own:
            continue
        for name in imports(path):
            if name.startswith("game.") and name.count(".") >= 1:
                other = name.split(".")[1]
                if other in ALLOWED:
                    assert other in ALLOWED[own], f"{path.relative_to(ROOT)} imports {name}"


def test_only_the_browser_modules_touch_the_browser():
    """A module touches the browser when it imports pyscript, js or pyodide, or a module of
    game/ui that does (at its top or in a function)."""
    touching = set()
    for path in modules():
        if any(name.split(".")[0] in BROWSER_PACKAGES for name in imports(path)):
            assert layer(path) == "ui", f"{path.relative_to(ROOT)} imports the browser"
            touching.add(path.stem)
    ui = {path.stem: imports(path) for path in (GAME / "ui").glob("*.py")}
    grown = True
    while grown:
        before = len(touching)
        touching |= {stem for stem, names in ui.items()
                     if any(f"game.ui.{other}" in names for other in touching)}
        grown = len(touching) > before
    assert touching - {"__init__"} == BROWSER
    for name in BROWSER:  # and the document lists them
        assert f"`{name}`" in DOC, name


def test_the_page_never_guesses_what_a_game_or_a_move_offers():
    """No getattr/hasattr in game/ui (dom.py aside: it probes DOM objects), and no
    isinstance of a game's or a move's class (the contract's types say what they offer)."""
    forbidden = game_classes()
    assert {"Game", "Move", "StackMove", "Swap", "Play", "KingsCorner"} <= forbidden
    for path in (GAME / "ui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if node.func.id in ("getattr", "hasattr"):
                assert path.name == "dom.py", f"{where}: {node.func.id}"
            if node.func.id == "isinstance":
                kinds = node.args[1]
                names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
                for kind in names:
                    name = kind.id if isinstance(kind, ast.Name) else ast.unparse(kind)
                    assert name.rpartition(".")[2] not in forbidden, f"{where}: {name}"


def test_no_module_of_the_page_is_a_god_object():
    for path in (GAME / "ui").rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.relative_to(ROOT)} has {lines} lines"
    assert len((GAME / "ui" / "app.py").read_text().splitlines()) < 300


def test_no_table_outside_a_games_own_module_is_keyed_by_its_id():
    """A fact about a game lives in its GameInfo (or its own modules): no other code names
    a game's id. Generated data (the deal lists) and the tool that writes fixtures from old
    releases' code are data, not code."""
    ids = set(load_all())
    exempt = {GAME / "ai" / "deal_data.py", ROOT / "tools" / "make_save_fixtures.py"}
    own = {GAME / "games" / f"{game_id.replace('-', '_')}.py" for game_id in ids}
    code = [*modules(), *(ROOT / "bench").glob("*.py"), *(ROOT / "tools").glob("*.py")]
    for path in code:
        if path in exempt or path in own:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno} names "
                                     f"{node.value!r}: read it from the game's GameInfo")


def test_every_dataclass_has_a_docstring():
    """@dataclass writes a docstring for a class that has none, from inspect.signature,
    evaluating its annotations: a measurable part of the page's start under Pyodide
    (tools/compile_pyc.mjs keeps classes' docstrings in the bytecode for this)."""
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    "dataclass" in ast.unparse(d) for d in node.decorator_list):
                assert ast.get_docstring(node), f"{path.relative_to(ROOT)}:{node.lineno}"
