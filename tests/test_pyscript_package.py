"""tools/pyscript_package.py: PyScript's Python package read out of its core chunk, and the
file that ships its bytecode (e2e/test_boot.py checks the page imports from it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import pyscript_package
from tools.pyscript_package import MODULES, bundle, sources

ROOT = Path(__file__).resolve().parent.parent


def chunk(package: str) -> str:
    """A made-up core chunk: the package's literal among other minified code."""
    return ('const a={x:"}"},wo=(e,t)=>{};wo(".",' + package + ');function b(){return"{"}')


def test_the_texts_are_read_with_braces_quotes_and_escapes_inside_them():
    init = 'from a import b\nd = {"k": (1, 2)}\nprint("}{", \'x\')\n'
    other = "s = '\\u00e9\\t\\\\'\nlambda x,y: {x:y}\n"
    literal = ('{pyscript:{"__init__.py":' + json.dumps(init) + ',"other.py":'
               + json.dumps(other) + ',sub:{"deep.py":"x = 1"}}}')
    assert sources(chunk(literal)) == {"__init__.py": init, "other.py": other}


@pytest.mark.parametrize("literal, problem", [
    ("{pyscript:{\"__init__.py\":'x = 1'}}", "unexpected"),
    ('{pyscript:{"__init__.py":`x = 1`}}', "unexpected"),
    ('{pyscript:{"__init__.py":"x = 1}}', "not plain"),
])
def test_a_package_written_otherwise_is_refused(literal, problem):
    with pytest.raises(ValueError, match=problem):
        sources(chunk(literal))


def test_a_chunk_without_the_package_or_with_two_is_refused():
    literal = '{pyscript:{"__init__.py":"x = 1"}}'
    with pytest.raises(ValueError, match="exactly once"):
        sources(chunk("{}"))
    with pytest.raises(ValueError, match="exactly once"):
        sources(chunk(literal) + chunk(literal))


def test_the_vendored_pyscript_holds_its_package():
    chunks = sorted((ROOT / "vendor" / "pyscript").glob("core-*.js"))
    if not chunks:
        pytest.fail("vendor/ is missing: run `make vendor`", pytrace=False)
    holders = [path for path in chunks if pyscript_package.OPENING in path.read_text()]
    texts = sources(holders[0].read_text(encoding="utf-8"))
    assert {"__init__.py", "context.py", "display.py", "ffi.py"} <= set(texts)
    for name, text in texts.items():
        compile(text, name, "exec")  # Python source, whole
    assert "from pyscript.context import" in texts["__init__.py"]


def test_the_modules_a_start_imports_are_in_the_package():
    chunks = sorted((ROOT / "vendor" / "pyscript").glob("core-*.js"))
    page = pyscript_package.page_sources(chunks)
    assert list(page) == [f"{pyscript_package.PAGE_DIR}/{module}.py" for module in MODULES]
    with pytest.raises(SystemExit, match="no module"):
        pyscript_package.page_sources(chunks, ("ffi", "no_such_module"))


def test_the_bundle_holds_each_file_after_its_index():
    files = {"b.cpython-314.pyc": b"\x00\x01two", "a.cpython-314.pyc": b"one"}
    data = bundle(files)
    size = int.from_bytes(data[:4], "little")
    index = json.loads(data[4:4 + size])
    assert index == [["a.cpython-314.pyc", 3], ["b.cpython-314.pyc", 5]]
    assert data[4 + size:] == b"one" + b"\x00\x01two"
    assert bundle(dict(reversed(files.items()))) == data  # deterministic
