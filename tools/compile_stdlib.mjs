// Compiles Pyodide's standard library to bytecode, in place: `make vendor` runs it on
// vendor/pyodide/python_stdlib.zip, the copy of the pinned npm package's file.
//
//   node tools/compile_stdlib.mjs VENDOR_PYODIDE_DIR
//
// Why: the npm package ships the standard library as sources, so every start of every
// page compiled each module Pyodide and the page import (measured under node: 3.2 s to
// loadPyodide from the sources, 1.1 s from this zip). The zip holds the same modules as
// sourceless .pyc files written by the very Python that reads them (the package's own
// Pyodide, run here under node); files that are not Python, or do not compile (test data),
// stay as they are. Deterministic: same input, same bytes (the entries keep their dates).
// A zip already compiled (a second run) is left alone.
//
// Beside it, python_stdlib.imports.json: what each module of the zip imports, read from its
// source with `ast` (relative ones resolved), which the sourceless zip no longer says:
// "imports", every import statement (inside functions too), and "at_import", those that
// run when the module is imported (not in a function, under `if TYPE_CHECKING:` or
// `if __name__ == "__main__":`, or in a try that catches an ImportError).
// tools/stdlib_subset.py ships only the modules the page can reach through it (the build;
// the file itself never ships).
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node tools/compile_stdlib.mjs VENDOR_PYODIDE_DIR");
  process.exit(2);
}
const base = resolve(dir);
const zipPath = `${base}/python_stdlib.zip`;
const { loadPyodide } = await import(pathToFileURL(`${base}/pyodide.mjs`).href);
// No column ranges in the bytecode (the carets under a traceback's line): a third of its size.
const pyodide = await loadPyodide({ indexURL: `${base}/`, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(zipPath));
const changed = pyodide.runPython(`
import zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

import ast
import json

source = zipfile.ZipFile("/tmp/in.zip")
names = {info.filename for info in source.infolist()}
changed = any(name.endswith(".py") for name in names)


def imported(tree, module, package):
    """Every module name a source's import statements may load (for 'from a import b',
    both a and a.b: b may be a submodule), relative ones made absolute."""
    base = module if package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level:
                parts = base.split(".") if base else []
                parts = parts[:len(parts) - node.level + 1]
                name = ".".join(parts + ([name] if name else []))
            if name:
                found.add(name)
            found.update(f"{name}.{alias.name}" if name else alias.name
                         for alias in node.names if alias.name != "*")
    return sorted(found)


OPTIONAL = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def at_import(statements):
    """The import statements that run when the module is imported: not those in functions,
    under \`if TYPE_CHECKING:\` or \`if __name__ == "__main__":\`, or in a try that catches
    an ImportError."""
    for node in statements:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        elif isinstance(node, ast.If) and ("TYPE_CHECKING" in ast.unparse(node.test) or
                                           "__main__" in ast.unparse(node.test)):
            yield from at_import(node.orelse)
        elif isinstance(node, ast.Try):
            caught = {part.strip() for h in node.handlers
                      for part in (ast.unparse(h.type) if h.type else "Exception")
                      .strip("()").split(",")}
            if not caught & OPTIONAL:
                yield from at_import(node.body)
            yield from at_import(node.orelse)
            yield from at_import(node.finalbody)
        else:
            for field in ("body", "orelse", "finalbody"):  # class bodies, ifs, withs, loops
                yield from at_import(getattr(node, field, None) or [])


graph = {}
if changed:
    for info in source.infolist():
        if info.filename.endswith(".py"):
            package = info.filename.endswith("/__init__.py")
            module = info.filename[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                tree = ast.parse(source.read(info), info.filename)
            except (SyntaxError, ValueError):
                continue  # (test data that does not compile: not compiled below either)
            graph[module] = {
                "imports": imported(tree, module, package),
                "at_import": imported(ast.Module(list(at_import(tree.body)), []), module,
                                      package),
            }
    with open("/tmp/imports.json", "w") as out:
        json.dump(graph, out, indent=0, sort_keys=True)
if changed:
    with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            data = source.read(info)
            if info.filename.endswith(".py"):
                try:
                    code = compile(data, info.filename, "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    code = None
                if code is not None:
                    entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                    entry.external_attr = info.external_attr
                    out.writestr(entry, bytes(_code_to_timestamp_pyc(code, 0, 0)),
                                 zipfile.ZIP_DEFLATED, 9)
                    continue
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr = info.external_attr
            out.writestr(entry, data, zipfile.ZIP_DEFLATED, 9)
changed
`);
if (changed) {
  // a new file, renamed over the old: a hard link to the old one (a built _site/) keeps it
  writeFileSync(`${zipPath}.tmp`, pyodide.FS.readFile("/tmp/out.zip"));
  renameSync(`${zipPath}.tmp`, zipPath);
  writeFileSync(`${base}/python_stdlib.imports.json`, pyodide.FS.readFile("/tmp/imports.json"));
  console.log(`compiled ${zipPath}`);
} else {
  console.log(`${zipPath} is compiled already`);
}
