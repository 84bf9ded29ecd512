"""The part of Pyodide's standard library a page of this site can reach, and a copy of the
runtime's zip with only that part (tools/build_site.py ships it).

Pyodide loads its whole standard library as one zip, `python_stdlib.zip`: 3.5 MB of a
first visit's 8.6 MB, compressed as it is. The page imports about 150 of its 560 modules.
Which ones it can import is known without running it: every import statement of every
module, read from the sources when `make vendor` compiles them (`import_graph` below, run
by tools/compile_stdlib.mjs, writes python_stdlib.imports.json, imports inside functions
included). So the build
ships the modules reachable through that graph from:
- every module the game's sources import (game/**, main.py, read here with `ast`);
- every module PyScript's and Pyodide's own JavaScript runs Python imports of (the import
  lines of the Python code inside their .js files, found by a regular expression: it
  may find too many, which costs bytes, never too few; a NEVER module found there is
  PyScript's MicroPython or archive-unpacking code, and stays out);
- BOOT: what the interpreter loads by itself before any of those runs, and WHOLE: the
  packages whose modules are loaded by name at run time (a codec by its encoding's name),
  shipped whole;
and never the modules of NEVER, each with the reason no page reaches it: they enter the
graph only through imports inside functions that a page never calls (the REPL, the
debugger, the help system, network clients, process and C-type tools, test frameworks).
A NEVER module that a root imports stops the build. A module that could not be imported
without one (its "at_import" imports, those run when it is imported, need a module left
out) is left out too, as everything that needs it so; the build stops if that takes a
root. Anything else reachable ships, so a module is missing only if it is imported by a
name built at run time, or by C code (`_strptime` for time.strptime, `_pylong` for very
large integers, neither of which the game uses); the browser suite runs every screen on
the subset (tests/test_stdlib_subset.py checks the subset itself).
"""

from __future__ import annotations

import ast
import json
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

GRAPH = "python_stdlib.imports.json"
BOOT = ("site", "_sitebuiltins", "codecs", "io", "abc", "os", "stat", "posixpath",
        "genericpath", "_collections_abc", "zipimport", "warnings", "linecache",
        "traceback", "tokenize", "token")
WHOLE = ("encodings", "importlib", "_pyodide", "pyodide", "asyncio", "json", "collections",
         "concurrent")
NEVER = {
    "the interactive interpreter and its tools (a page has no console)": (
        "_pyrepl", "code", "rlcompleter", "cmd", "tty", "pty"),
    "the debugger and profiling tools": ("pdb", "bdb", "tracemalloc", "cProfile",
                                         "profile", "pstats", "timeit", "trace"),
    "help() and documentation": ("pydoc", "pydoc_data"),
    "test frameworks": ("unittest", "doctest"),
    "network protocols and mail (the page makes no request from Python)": (
        "http", "email", "ftplib", "xmlrpc", "socketserver", "smtplib", "poplib",
        "imaplib", "mailbox", "netrc", "urllib", "webbrowser", "mimetypes", "quopri"),
    "XML and other file formats the page never reads": ("xml", "plistlib", "csv", "tarfile",
                                                         "gzip", "pickle", "_compat_pickle",
                                                         "pickletools", "shelve", "dbm"),
    "processes, C types, command lines and the build system": (
        "multiprocessing", "ctypes", "argparse", "getopt", "optparse", "shlex", "runpy",
        "py_compile", "compileall", "sysconfig", "platform"),
    "number and text kits the game does not use": (
        "decimal", "_pydecimal", "fractions", "statistics", "numbers", "difflib",
        "calendar", "_strptime", "hmac", "secrets", "hashlib", "ipaddress", "pprint",
        "_py_abc", "_threading_local", "_ast_unparse", "_pydatetime"),
}
# an import statement of Python code inside a .js file (its source is a JS string there,
# so a line may start after a "\n" escape, at a string's opening quote, or after a ";"):
# the module of a "from", or the names of an "import a, b as c"
JS_IMPORT = re.compile(r"(?:^|\\n|\n|[\"'`;])[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import|"
                       r"import[ \t]+([A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?"
                       r"(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*(?:[ \t]+as[ \t]+\w+)?)*))")


def never() -> set[str]:
    return {name for names in NEVER.values() for name in names}


def top(name: str) -> str:
    return name.split(".")[0]


def imported(tree: ast.AST, module: str | None, package: bool = False) -> set[str]:
    """Every module name the import statements of `tree` may load (for 'from a import b',
    a and a.b: b may be a submodule), imports inside functions too; relative imports made
    absolute from `module` (a package when `package`), or left out when it is None (the
    game's own)."""
    base = (module if package else module.rpartition(".")[0]) if module else ""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level and module is None:
                continue
            name = node.module or ""
            if node.level:
                parts = base.split(".") if base else []
                name = ".".join(parts[:len(parts) - node.level + 1] + ([name] if name else []))
            if name:
                found.add(name)
            found.update(f"{name}.{alias.name}" if name else alias.name
                         for alias in node.names if alias.name != "*")
    return found


def imports_of(source: str) -> set[str]:
    """The absolute module names a source of the game imports."""
    return imported(ast.parse(source), None)


OPTIONAL = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def at_import(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The import statements that run when a module is imported: not those in functions,
    under `if TYPE_CHECKING:` or `if __name__ == "__main__":`, or in a try that catches
    an ImportError."""
    for node in statements:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        elif isinstance(node, ast.If) and ("TYPE_CHECKING" in ast.unparse(node.test)
                                           or "__main__" in ast.unparse(node.test)):
            yield from at_import(node.orelse)
        elif isinstance(node, ast.Try):
            caught = {part.strip() for handler in node.handlers
                      for part in (ast.unparse(handler.type) if handler.type else "Exception")
                      .strip("()").split(",")}
            if not caught & OPTIONAL:
                yield from at_import(node.body)
            yield from at_import(node.orelse)
            yield from at_import(node.finalbody)
        else:
            for field in ("body", "orelse", "finalbody"):  # class bodies, ifs, withs, loops
                yield from at_import(getattr(node, field, None) or [])


def import_graph(library: zipfile.ZipFile) -> dict[str, dict[str, list[str]]]:
    """{module: {"imports": [...], "at_import": [...]}} of the sources of a zip of the
    standard library (run by tools/compile_stdlib.mjs in Pyodide's own Python, whose
    syntax the sources are in); a source that does not compile (test data) is left out."""
    graph = {}
    for info in library.infolist():
        if info.filename.endswith(".py"):
            package = info.filename.endswith("/__init__.py")
            module = info.filename[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                tree = ast.parse(library.read(info), info.filename)
            except (SyntaxError, ValueError):
                continue
            graph[module] = {
                "imports": sorted(imported(tree, module, package)),
                "at_import": sorted(imported(ast.Module(list(at_import(tree.body)), []),
                                             module, package)),
            }
    return graph


def roots(sources: Iterable[str]) -> set[str]:
    """What the closure starts from for certain: the Python sources' imports, BOOT, WHOLE."""
    found = set(BOOT) | set(WHOLE)
    for source in sources:
        found |= imports_of(source)
    return found


def js_imports(script: str) -> set[str]:
    """The modules the Python inside a .js file imports, as JS_IMPORT finds them."""
    found = set()
    for module, names in JS_IMPORT.findall(script):
        found |= {module} if module else {item.split()[0] for item in names.split(",")}
    return found


def reachable(graph: dict[str, dict[str, list[str]]], start: Iterable[str],
              maybe: Iterable[str] = ()) -> set[str]:
    """The modules of `graph` reachable from `start` and `maybe` (names, or attributes of
    modules) through every import, never entering a NEVER module; every package of a
    module kept is kept, and the packages of WHOLE whole. Then those that could not be
    imported (one of their at_import modules is left out) are left out, until none is.
    SystemExit when `start` names a NEVER module or one left out so; `maybe`, the imports
    found in the runtime's JavaScript (which finds too many: PyScript's code for
    MicroPython, or for unpacking a .tar.gz, which this page has none of), may."""
    start = set(start)
    banned = never()
    refused = sorted(name for name in start if top(name) in banned and top(name) in graph)
    if refused:
        raise SystemExit(f"the page imports {', '.join(refused)}: not in NEVER "
                         "(tools/stdlib_subset.py), or the page cannot have them")
    kept: set[str] = set()
    todo = [name for name in start | set(maybe) if name in graph]
    todo += [name for name in graph if top(name) in WHOLE]
    while todo:
        name = todo.pop()
        if name in kept or top(name) in banned:
            continue
        kept.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts))]
        todo += [other for other in graph[name]["imports"] if other in graph]
    while broken := {name for name in kept if any(
            other in graph and other not in kept for other in graph[name]["at_import"])}:
        kept -= broken
    lost = sorted(name for name in start if name in graph and name not in kept)
    if lost:
        raise SystemExit(f"the page imports {', '.join(lost)}, which could not be imported "
                         "without a module of NEVER (tools/stdlib_subset.py)")
    return kept


def module_of(entry: str) -> str | None:
    """The module a zip entry's bytecode is ("json/__init__.pyc" -> "json"), else None."""
    if not entry.endswith(".pyc"):
        return None
    return entry[:-4].replace("/", ".").removesuffix(".__init__")


def write_subset(source: Path, target: Path, modules: set[str]) -> int:
    """A copy of the zip `source` with only the bytecode of `modules` (and every entry that
    is not bytecode: folders, data), in the same order, with the same dates and
    compression: the same input gives the same bytes. How many modules it holds."""
    count = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            module = module_of(info.filename)
            if module is not None and module not in modules:
                continue
            count += module is not None
            zout.writestr(info, zin.read(info), compress_type=info.compress_type,
                          compresslevel=9)
    return count


def subset_for(pyodide: Path, sources: Iterable[str], scripts: Iterable[str]) -> set[str]:
    """The modules to ship: reachable from the roots of these sources and scripts."""
    if not (pyodide / GRAPH).is_file():
        raise SystemExit(f"{pyodide / GRAPH} is missing: run `make vendor` (a vendor/ made "
                         "before tools/compile_stdlib.mjs wrote it)")
    graph = json.loads((pyodide / GRAPH).read_text(encoding="utf-8"))
    found = set().union(*map(js_imports, scripts))
    return reachable(graph, roots(sources), found)
