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
// source (which the sourceless zip no longer has) by tools/stdlib_subset.py's
// import_graph, run here in the package's own Python (it parses the library's newest
// syntax): "imports", every import statement, and "at_import", those that run when the
// module is imported. The build then ships only the modules the page can reach through
// it (the file itself never ships).
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
// import_graph and what it reads imports with: the same code the build uses
pyodide.runPython(readFileSync(new URL("./stdlib_subset.py", import.meta.url), "utf8"));
const changed = pyodide.runPython(`
import zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

import json

source = zipfile.ZipFile("/tmp/in.zip")
names = {info.filename for info in source.infolist()}
changed = any(name.endswith(".py") for name in names)


if changed:
    with open("/tmp/imports.json", "w") as out:
        json.dump(import_graph(source), out, indent=0, sort_keys=True)
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
