"""The methods @dataclass writes, compiled when the site is built instead of at start-up.

For every class it makes, `dataclasses` writes the source of its `__init__`, `__repr__`,
`__eq__`... and compiles it (one `exec` of that text). Under Pyodide compiling is slow:
about 0.8 ms a class, some 25 ms of a warm start of a game's page on a desktop, a quarter
of the page's own Python then (README "Performance"). The text depends only on the class
and the Python version, so the build (tools/compile_pyc.mjs, with the very Python the page
runs) imports the game package with `record`, and game.zip carries each text with its
code object (`TABLE`, marshalled). main.py calls `install` before the game is imported:
`dataclasses` then runs the code object the build compiled from the same text.

A text not in the table (a class made by another Python than the build's, or none built:
CPython, the tests) is compiled as before, so the table only saves time and never changes
what a class does. Pure Python, no browser import: it runs under the build's Pyodide too.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import marshal
import os
from collections.abc import Iterable
from types import CodeType

TABLE = "dataclass_code.marshal"  # beside this module in game.zip (tools/build_site.py)

_compile_and_run = builtins.exec


class Known:
    """`exec` as `dataclasses` calls it, with the code of the texts the table knows;
    counts what it found and what it had to compile (e2e/test_boot.py reads them)."""

    def __init__(self, table: dict[str, CodeType]) -> None:
        self.table = table
        self.found = 0
        self.compiled = 0

    def __call__(self, source, globals=None, locals=None, /):  # noqa: A002 - exec's names
        code = self.table.get(source) if isinstance(source, str) else None
        if code is None:
            self.compiled += 1
            return _compile_and_run(source, globals, locals)
        self.found += 1
        return _compile_and_run(code, globals, locals)


def install() -> Known | None:
    """Let `dataclasses` find the build's code (None where there is no table: a game
    package imported from its folder, or a table this Python cannot read)."""
    try:
        data = __spec__.loader.get_data(os.path.join(os.path.dirname(__file__), TABLE))
        table = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(table, dict):
        return None
    known = Known(table)
    dataclasses.exec = known  # the module's own name `exec`, looked up before builtins
    return known


def record(modules: Iterable[str]) -> dict[str, CodeType]:
    """Import `modules` and return every text `dataclasses` ran meanwhile with its code
    (compiled as `exec` compiles a text: file name "<string>")."""
    table: dict[str, CodeType] = {}

    def compile_and_run(source, globals=None, locals=None, /):  # noqa: A002
        if isinstance(source, str):
            if source not in table:
                table[source] = compile(source, "<string>", "exec")
            source = table[source]
        return _compile_and_run(source, globals, locals)

    dataclasses.exec = compile_and_run
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        del dataclasses.exec
    return table
