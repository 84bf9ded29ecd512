"""PyScript's own Python package, read out of its core chunk so the build can compile it.

PyScript 0.7 carries its `pyscript` package as source texts inside its JavaScript (the
core chunk holds one object literal, `{pyscript:{"__init__.py":"...",...}}`). Before the
page's first script it writes them into Pyodide's working directory, /home/pyodide/pyscript/,
and imports the package. Pyodide never writes bytecode (sys.dont_write_bytecode), so every
start compiled those modules from source again: 18 ms of a warm start, about 50 ms of a cold
one (README "Performance").

The build ships their bytecode instead, in one file (`bundle`) that js/pyscript_bytecode.js
fetches while Pyodide loads and writes into pyscript/__pycache__/, where the import system
looks, from PyScript's `hooks.main.onReady` (before PyScript's own Python runs). One file:
eleven [files] entries of pyscript.toml did the same, but their requests, handled before
PyScript's start, cost a warm start as much as the compiling they saved. They are *checked*
hash-based .pyc files (PEP 552): Python uses one only when the hash of the source beside it,
the text PyScript itself just wrote, is the hash the build compiled. So a PyScript other than
the one compiled from can only make the page compile as before, never run other code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

# The modules of the package a start imports (e2e/test_boot.py checks it is all of them).
MODULES = ("__init__", "context", "display", "events", "fetch", "ffi", "flatted", "storage",
           "util", "websocket", "workers")
BUNDLE = "pyscript-bytecode.bin"  # js/pyscript_bytecode.js reads it
# Where the package's text starts in the core chunk (the object literal's outer brace).
OPENING = '{pyscript:{"__init__.py":'
# PyScript writes the package under Pyodide's working directory (the page's os.getcwd()).
PAGE_DIR = "/home/pyodide/pyscript"


def bundle(files: dict[str, bytes]) -> bytes:
    """The file js/pyscript_bytecode.js reads: a 4-byte little-endian length, that many
    bytes of JSON [[name, length], ...], then the files' bytes in that order."""
    names = sorted(files)
    index = json.dumps([[name, len(files[name])] for name in names]).encode()
    return len(index).to_bytes(4, "little") + index + b"".join(files[name] for name in names)


_DECODER = json.JSONDecoder()
_BARE_KEY = re.compile(r"[A-Za-z_$][\w$]*")


def _read_literal(text: str, i: int) -> tuple[dict | str, int]:
    """The JavaScript value at text[i]: an object literal of bare or double-quoted keys and
    such values, or a double-quoted string (what a minifier writes for these texts; JSON
    reads such a string the way JavaScript does), and the index just past it. Anything
    else (a single-quoted or template string, a number...) is refused."""
    if text.startswith('"', i):
        return _DECODER.raw_decode(text, i)
    if not text.startswith("{", i):
        raise ValueError(f"unexpected {text[i:i + 20]!r} in the package's object literal")
    found: dict = {}
    i += 1
    while not text.startswith("}", i):
        bare = _BARE_KEY.match(text, i)
        key, i = (bare[0], bare.end()) if bare else _read_literal(text, i)
        if not isinstance(key, str) or not text.startswith(":", i):
            raise ValueError(f"unexpected {text[i:i + 20]!r} in the package's object literal")
        found[key], i = _read_literal(text, i + 1)
        if text.startswith(",", i):
            i += 1
    return found, i + 1


def sources(core_js: str) -> dict[str, str]:
    """{file name: source text} of the `pyscript` package a PyScript core chunk writes."""
    start = core_js.find(OPENING)
    if start < 0 or core_js.find(OPENING, start + 1) >= 0:
        raise ValueError(f"the core chunk should hold {OPENING!r} exactly once")
    try:
        package = _read_literal(core_js, start)[0]["pyscript"]
    except (json.JSONDecodeError, IndexError) as error:
        raise ValueError(f"the package's object literal is not plain: {error}") from None
    texts = {name: text for name, text in package.items() if isinstance(text, str)}
    if "__init__.py" not in texts:
        raise ValueError("the package has no __init__.py")
    return texts


def page_sources(core_chunks: list[Path], modules: tuple[str, ...] = MODULES) -> dict[str, str]:
    """{path in the page: source} of the named modules of PyScript's package, read from the
    one core chunk that holds it. Stops the build when a module is not in the package."""
    holders = [path for path in core_chunks if OPENING in path.read_text(encoding="utf-8")]
    if len(holders) != 1:
        raise SystemExit(f"expected one PyScript core chunk holding its Python package, "
                         f"found {[path.name for path in holders]}")
    try:
        texts = sources(holders[0].read_text(encoding="utf-8"))
    except ValueError as error:
        raise SystemExit(f"{holders[0].name}: {error}") from None
    missing = sorted(module for module in modules if f"{module}.py" not in texts)
    if missing:
        raise SystemExit(f"PyScript's package has no module {missing}: tools/pyscript_package.py "
                         "MODULES names what a start imports")
    return {f"{PAGE_DIR}/{module}.py": texts[f"{module}.py"] for module in modules}
