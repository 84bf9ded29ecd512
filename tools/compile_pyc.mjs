// Compiles the game package's Python sources to bytecode with the very Python the page
// runs (the vendored Pyodide, under node), for tools/build_site.py: game.zip then carries
// <module>.pyc beside each <module>.py (where zipimport looks: the page imports straight
// from the zip, README "Publish"), and the page imports without compiling.
//
//   node tools/compile_pyc.mjs VENDOR_PYODIDE_DIR IN.json OUT.json
//
// IN.json: {"game/x.py": "<source>", ...}. OUT.json: {"tag": "cpython-314",
// "pyc": {"game/x.pyc": "<base64>", ...}}.
// Docstrings are left out of the bytecode, classes' excepted (the sources ship beside it
// for tracebacks).
// The .pyc files are hash-based and unchecked (PEP 552): a time-stamped one would be
// checked against the source's time in the zip, and the build writes both from the same
// files, so they cannot disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, input, output] = process.argv.slice(2);
if (!dir || !input || !output) {
  console.error("usage: node tools/compile_pyc.mjs VENDOR_PYODIDE_DIR IN.json OUT.json");
  process.exit(2);
}
const base = resolve(dir);
const { loadPyodide } = await import(pathToFileURL(`${base}/pyodide.mjs`).href);
// No column ranges in the bytecode (the carets under a traceback's line): a third of its size.
const pyodide = await loadPyodide({ indexURL: `${base}/`, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("sources_json", readFileSync(input, "utf8"));
const result = pyodide.runPython(`
import ast, base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc


def without_docstrings(tree):
    """The module with its docstrings left out (they are for the reader of the source,
    which ships too, and they were half of the bytecode's size); line numbers stay.
    A class keeps its docstring: @dataclass writes one for a class that has none, from
    inspect.signature, which cost a measurable part of the start under Pyodide."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


sources = json.loads(sources_json)
out = {}
for name, text in sorted(sources.items()):
    data = text.encode("utf-8")
    tree = without_docstrings(ast.parse(data, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out[name[:-3] + ".pyc"] = base64.b64encode(bytes(pyc)).decode()
json.dumps({"tag": sys.implementation.cache_tag, "pyc": out})
`);
writeFileSync(output, result);
