"""tools/stdlib_subset.py: the build ships only the part of Pyodide's standard library the
page can reach (through every import, inside functions too), never a NEVER module."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tools.stdlib_subset import (
    GRAPH,
    NEVER,
    WHOLE,
    import_graph,
    imports_of,
    js_imports,
    module_of,
    never,
    reachable,
    subset_for,
    write_subset,
)

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "vendor" / "pyodide"

def graph_of(**imports: str) -> dict:
    """{module: {"imports": [...], "at_import": [...]}} from "b c" strings (a "*" after a
    name: imported when the module is, not only inside a function)."""
    graph = {}
    for name, text in imports.items():
        names = text.split()
        graph[name.replace("_", ".")] = {"imports": [n.rstrip("*") for n in names],
                                         "at_import": [n.rstrip("*") for n in names
                                                       if n.endswith("*")]}
    return graph


GRAPH_OF_A_FEW = graph_of(a="b* b.c os.path", b="", b_c="d", d="", e="pdb", pdb="bdb*",
                          bdb="", json="", json_decoder="", orphan="", f="b pdb*", g="f*",
                          h="g")


def test_the_closure_follows_every_import_but_never_into_a_never_module():
    assert "pdb" in never() and "json" in WHOLE
    assert reachable(GRAPH_OF_A_FEW, ["a", "e", "not.a.module"]) == {
        "a", "b", "b.c", "d", "e", "json", "json.decoder"}
    assert reachable(GRAPH_OF_A_FEW, ["b.c.some_function"]) == {"json", "json.decoder"}
    with pytest.raises(SystemExit, match="pdb"):
        reachable(GRAPH_OF_A_FEW, ["a", "pdb"])


def test_a_module_that_cannot_be_imported_without_a_never_module_is_left_out():
    # f needs pdb when imported, g needs f: both out; h imports g only in a function
    assert reachable(GRAPH_OF_A_FEW, ["h"]) == {"h", "b", "json", "json.decoder"}
    with pytest.raises(SystemExit, match="could not be imported"):
        reachable(GRAPH_OF_A_FEW, ["g"])


def test_imports_are_read_inside_functions_and_from_javascript_strings():
    source = "import os\nfrom a.b import c\ndef f():\n    import json\nfrom . import game\n"
    assert imports_of(source) == {"os", "a.b", "a.b.c", "json"}
    script = ('x="import js\\nfrom pyodide.ffi import to_js\\nimport base64,html as h, io";'
              'A=short_hash;import os\nimport y from "yy"')
    assert js_imports(script) == {"js", "pyodide.ffi", "base64", "html", "io", "os", "y"}


def test_the_graph_resolves_relative_imports_and_knows_which_run_at_import(tmp_path):
    source = """
import os
from . import sibling
from .. import uncle
if TYPE_CHECKING:
    import typing_only
try:
    import optional
except ImportError:
    optional = None
try:
    import needed
finally:
    pass
class Kept:
    import in_class
def later():
    import in_function
if __name__ == "__main__":
    import as_script
"""
    library = tmp_path / "lib.zip"
    with zipfile.ZipFile(library, "w") as zf:
        zf.writestr("pkg/sub/__init__.py", source)
        zf.writestr("pkg/sub/mod.py", "from . import x\nfrom .y import z\n")
        zf.writestr("pkg/sub/data.py", "def (: not python")
    with zipfile.ZipFile(library) as zf:
        graph = import_graph(zf)
    assert set(graph) == {"pkg.sub", "pkg.sub.mod"}
    assert graph["pkg.sub"]["imports"] == sorted({
        "os", "pkg.sub.sibling", "pkg.uncle", "typing_only", "optional", "needed",
        "in_class", "in_function", "as_script", "pkg.sub", "pkg"})
    assert graph["pkg.sub"]["at_import"] == sorted({
        "os", "pkg.sub.sibling", "pkg.uncle", "needed", "in_class", "pkg.sub", "pkg"})
    assert graph["pkg.sub.mod"]["imports"] == ["pkg.sub", "pkg.sub.x", "pkg.sub.y",
                                                "pkg.sub.y.z"]


def test_the_subset_zip_holds_the_chosen_bytecode_and_every_other_entry(tmp_path):
    source = tmp_path / "in.zip"
    with zipfile.ZipFile(source, "w") as zf:
        for name in ("a.pyc", "b/__init__.pyc", "b/c.pyc", "d.pyc", "b/", "e/data.txt"):
            zf.writestr(name, name * 50, compress_type=zipfile.ZIP_DEFLATED)
    first, second = tmp_path / "1.zip", tmp_path / "2.zip"
    assert write_subset(source, first, {"a", "b"}) == 2
    write_subset(source, second, {"a", "b"})
    assert first.read_bytes() == second.read_bytes()  # the same input, the same bytes
    with zipfile.ZipFile(first) as zf:
        assert zf.namelist() == ["a.pyc", "b/__init__.pyc", "b/", "e/data.txt"]
        assert zf.read("b/__init__.pyc") == b"b/__init__.pyc" * 50
    assert module_of("b/__init__.pyc") == "b" and module_of("e/data.txt") is None


def test_the_shipped_standard_library_is_the_reachable_part_and_no_never_module():
    graph_file = PYODIDE / GRAPH
    assert graph_file.is_file(), "run `make vendor` (tools/compile_stdlib.mjs writes it)"
    graph = json.loads(graph_file.read_text(encoding="utf-8"))
    game = [p.read_text(encoding="utf-8") for p in (ROOT / "game").rglob("*.py")]
    kept = subset_for(PYODIDE, [*game, (ROOT / "main.py").read_text(encoding="utf-8")], [])
    for source in game:  # every module of the library the game imports, inside functions too
        assert {name for name in imports_of(source) if name in graph} <= kept
    assert not {name for name in kept if name.split(".")[0] in never()}
    assert {"dataclasses", "gettext", "encodings.utf_8", "asyncio.events"} <= kept
    assert len(kept) < 0.7 * len(graph)  # (what the subset is for)
    shipped = ROOT / "_site" / "vendor" / "pyodide" / "python_stdlib.zip"
    if shipped.is_file():  # after `make site`: the build's zip holds that subset
        with zipfile.ZipFile(shipped) as zf:
            modules = {name for name in map(module_of, zf.namelist()) if name}
        assert kept <= modules and not {m for m in modules if m.split(".")[0] in never()}


def test_each_never_group_says_why():
    assert all(reason and names for reason, names in NEVER.items())
