/* [infra] PyScript's own modules, imported from the bytecode the build compiled.
 *
 * Before main.py, PyScript writes its `pyscript` package into Pyodide's working directory as
 * sources and imports it; Pyodide never writes bytecode, so every start compiled those
 * modules again (about 50 ms of a cold start: README "Performance"). The build compiles
 * the modules a start imports (tools/pyscript_package.py) into one file,
 * pyscript-bytecode.bin, fetched here while Pyodide loads; PyScript's documented
 * `hooks.main.onReady` (called with the interpreter before its own Python runs) writes each
 * .pyc into pyscript/__pycache__/, where the import system looks.
 *
 * They are *checked* hash-based .pyc files (PEP 552): Python uses one only when the hash of
 * the source beside it, the text PyScript itself writes, is the one it was compiled from;
 * otherwise, or for a damaged file, it compiles the source as before. So nothing here can
 * change what runs, and any failure (no file, a foreign one, an error) only costs the time
 * it was meant to save.
 *
 * The file: a 4-byte little-endian length, that many bytes of UTF-8 JSON
 * [["<module>.<cache tag>.pyc", <length>], ...], then the files' bytes in that order.
 */
import { hooks } from "../vendor/pyscript/core.js";

const URL_OF_FILE = new URL("../pyscript-bytecode.bin", import.meta.url);
const DIR = "/home/pyodide/pyscript/__pycache__";
const NAME = /^[a-z_][a-z0-9_]{0,39}\.[a-z]+-[0-9]{2,4}\.pyc$/;
const MAX_FILES = 64;

/** [[name, bytes], ...] of the file, or null when it is not one the build wrote. */
export function parse(buffer) {
  if (buffer.byteLength < 4) return null;
  const size = new DataView(buffer).getUint32(0, true);
  if (size > buffer.byteLength - 4) return null;
  let index;
  try {
    index = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(
      new Uint8Array(buffer, 4, size)));
  } catch {
    return null;
  }
  if (!Array.isArray(index) || index.length > MAX_FILES) return null;
  const files = [];
  let at = 4 + size;
  for (const entry of index) {
    if (!Array.isArray(entry) || entry.length !== 2) return null;
    const [name, length] = entry;
    if (typeof name !== "string" || !NAME.test(name) || !Number.isInteger(length)
        || length < 0 || at + length > buffer.byteLength) return null;
    files.push([name, new Uint8Array(buffer, at, length)]);
    at += length;
  }
  return at === buffer.byteLength ? files : null;
}

const arriving = fetch(URL_OF_FILE)
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);

hooks.main.onReady.add(async (wrap) => {
  try {
    const buffer = await arriving;
    const files = buffer && parse(buffer);
    if (!files) return;
    const { FS } = wrap.interpreter;
    FS.mkdirTree(DIR);
    for (const [name, bytes] of files) FS.writeFile(`${DIR}/${name}`, bytes);
  } catch {
    // the modules are compiled from their sources, as without this file
  }
});
