// Compiles the game package's Python sources to bytecode with the very Python the page
// runs (the vendored Pyodide, under node), for tools/build_site.py: game.zip then carries
// <module>.pyc beside each <module>.py (where zipimport looks: the page imports straight
// from the zip, README "Publish"), and the page imports without compiling.
//
//   node tools/compile_pyc.mjs VENDOR_PYODIDE_DIR IN.json OUT.json
//
// IN.json: {"game": {"game/x.py": "<source>", ...}, "runtime": {"/home/pyodide/pyscript/
// x.py": "<source>", ...}}. OUT.json: {"tag": "cpython-314", "pyc": {"game/x.pyc":
// "<base64>", ...}, "runtime": {"/home/pyodide/pyscript/x.py": "<base64>", ...},
// "dataclass_code": "<base64>"}.
// Docstrings are left out of the bytecode, classes' excepted (the sources ship beside it
// for tracebacks).
// The .pyc files are hash-based and unchecked (PEP 552): a time-stamped one would be
// checked against the source's time in the zip, and the build writes both from the same
// files, so they cannot disagree.
// "runtime": PyScript's own modules, which PyScript writes as sources into the page's
// working directory at each start (tools/pyscript_package.py): their .pyc files are
// compiled as they are (docstrings kept) and *checked* (PEP 552), so the page's Python
// uses one only for the very text it was compiled from.
// "dataclass_code": the methods @dataclass writes for the package's classes, compiled here
// too (game/dataclass_code.py records them by importing every module of the package; the
// page then makes its classes without compiling). The modules are imported from a copy of
// the sources in Pyodide's memory, with a stand-in `pyscript` module: the page's modules
// only bind its `document` and `window` at import, and call them later.
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


given = json.loads(sources_json)
sources = given["game"]
out = {}
for name, text in sorted(sources.items()):
    data = text.encode("utf-8")
    tree = without_docstrings(ast.parse(data, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    out[name[:-3] + ".pyc"] = base64.b64encode(bytes(pyc)).decode()


runtime = {}
for path, text in sorted(given["runtime"].items()):
    data = text.encode("utf-8")
    code = compile(data, path, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
    runtime[path] = base64.b64encode(bytes(pyc)).decode()


def dataclass_code(sources):
    """game/dataclass_code.py's table of the package's classes, marshalled."""
    import marshal, os, types
    root = "/tmp/game-sources"
    for name, text in sources.items():
        os.makedirs(os.path.dirname(f"{root}/{name}"), exist_ok=True)
        with open(f"{root}/{name}", "w", encoding="utf-8") as file:
            file.write(text)
    sys.path.insert(0, root)
    stand_in = types.ModuleType("pyscript")
    stand_in.document = stand_in.window = None
    sys.modules["pyscript"] = stand_in
    modules = sorted(name[:-3].replace("/", ".").removesuffix(".__init__") for name in sources)
    from game.dataclass_code import record
    return marshal.dumps(record(modules))


json.dumps({"tag": sys.implementation.cache_tag, "pyc": out, "runtime": runtime,
            "dataclass_code": base64.b64encode(dataclass_code(sources)).decode()})
`);
writeFileSync(output, result);
