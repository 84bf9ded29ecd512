"""The site boots Python, stays on its own origin, and plays offline after one visit."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib

import pytest
from conftest import SITE  # the build under test (SITE_DIR)
from playwright.sync_api import Error, Response, expect

from tools import pyprobe
from tools.pyscript_package import MODULES

READY = "body[data-state=ready]"
GAME_PATH = "/?game=devils-square&deal=1"


@pytest.mark.xdist_group("shared-pages")
def test_boots_to_ready(shared_page):
    page = shared_page("/")
    assert page.title() == "Card Games"
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert page.locator("#loader").is_hidden()


def test_loader_shows_progress_until_ready(context, site_url):
    """A deal never seen before (the site's own address would show a new player's list,
    e2e/test_early_board.py, with only a small note of the loading)."""
    page = context.new_page()
    held = []  # hold main.py back to catch the page while it is still loading
    page.route("**/main.py", lambda route: held.append(route))
    page.goto(site_url + GAME_PATH)
    page.wait_for_function(
        "document.getElementById('loader-status').textContent !== 'Loading…'", timeout=60_000
    )
    assert page.locator("#loader").is_visible()
    assert page.evaluate("document.body.dataset.state") == "loading"
    # in a player's words, not PyScript's ("Loaded Pyodide"): issue 18
    assert page.locator("#loader-status").text_content() == "Getting the cards ready…"
    page.wait_for_function("() => true")  # let the route callback run
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    held[0].continue_()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.locator("#loader").is_hidden()


def test_no_request_leaves_the_origin(context, site_url):
    requests: list[str] = []
    failures: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    context.on("requestfailed", lambda r: failures.append(f"{r.url} {r.failure}"))

    def check(response: Response) -> None:
        if response.status >= 400:
            failures.append(f"{response.url} HTTP {response.status}")

    context.on("response", check)
    page = context.new_page()
    page.goto(site_url + GAME_PATH)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    # Let the service worker install (it fetches the whole site) before judging.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)

    assert requests, "no request recorded"
    assert site_url.startswith("http://127.0.0.1:")
    outside = [u for u in requests if not re.match(rf"({re.escape(site_url)}/|data:|blob:)", u)]
    assert outside == [], f"requests left {site_url}: {outside}"
    assert failures == []
    # The runtime came from the vendored copy: Pyodide, and the TOML reader PyScript
    # imports to parse pyscript.toml (the chunk core.js names, in vendor/pyscript/).
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in requests)
    assert f"{site_url}/pyscript.toml" in requests
    assert f"{site_url}/vendor/pyscript/{toml_chunk()}" in requests
    assert not any(u.endswith("/pyscript.json") for u in requests)


def toml_chunk() -> str:
    """The file name of the TOML reader PyScript's core imports for a .toml config (a
    hashed chunk of the npm package, copied into vendor/pyscript/ by `make vendor`)."""
    names = set()
    for core in (SITE / "vendor" / "pyscript").glob("core-*.js"):
        names.update(re.findall(r'import\("\./(toml-[\w-]+\.js)"\)\)\.parse\(',
                                core.read_text(encoding="utf-8")))
    assert len(names) == 1, f"core.js should import one TOML reader, found {sorted(names)}"
    return names.pop()


GAME_FROM_ZIP = """
import dataclasses, os, sys
import game.ui.app, game.i18n
from game.ui.rules import page_template
known = dataclasses.exec
{"app": game.ui.app.__file__, "loader": type(game.ui.app.__loader__).__name__,
 "unpacked": os.path.exists("game"), "first_path": sys.path[0],
 "french": game.i18n.translations("fr").gettext("New deal"),
 "rules": page_template("fr", "devils-grip")[:15],
 "dataclasses": [type(known).__name__, known.found, known.compiled, len(known.table)]}
"""


def test_the_game_is_imported_from_game_zip_unpacked_nowhere(context, site_url):
    """pyscript.toml has game.zip written as one file and main.py imports from it: each
    module's bytecode comes from the zip (its __file__ is the .pyc inside it), no game/
    folder is unpacked, and the data files (a catalogue, a Rules page) are read from the
    zip through the package's loader. Every dataclass made until then was made from the
    methods the build compiled (game/dataclass_code.py), none compiled in the page."""
    context.add_init_script(pyprobe.INIT_SCRIPT)
    page = context.new_page()
    page.goto(site_url + GAME_PATH)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    found = pyprobe.run_python(page, GAME_FROM_ZIP)
    assert found["app"].endswith("/game.zip/game/ui/app.pyc"), found
    assert found["loader"] == "zipimporter", found
    assert found["first_path"].endswith("/game.zip") and not found["unpacked"], found
    assert found["french"] not in ("", "New deal"), found
    assert found["rules"].startswith("<"), found
    kind, made_from_table, compiled, known = found["dataclasses"]
    assert kind == "Known" and made_from_table >= 20 and compiled == 0, found
    assert known >= made_from_table, found


PYSCRIPT_BYTECODE = """
import _imp, importlib.util, os, sys
folder = os.path.dirname(sys.modules["pyscript"].__file__)
imported, matched = [], []
for name, module in list(sys.modules.items()):
    source = getattr(module, "__file__", None) or ""
    if (name == "pyscript" or name.startswith("pyscript.")) and source.startswith(folder):
        imported.append(os.path.basename(source)[:-3])
        cached = importlib.util.cache_from_source(source)
        if os.path.exists(cached):
            with open(cached, "rb") as file:
                head = file.read(16)
            with open(source, "rb") as file:
                text = file.read()
            checked = head[4:8] == (3).to_bytes(4, "little")  # hash-based, checked
            if checked and head[8:] == importlib.util.source_hash(text):
                matched.append(os.path.basename(source)[:-3])
cache = os.path.join(folder, "__pycache__")
shipped = os.listdir(cache) if os.path.isdir(cache) else []
{"imported": sorted(imported), "matched": sorted(matched), "shipped": sorted(shipped),
 "tag": sys.implementation.cache_tag, "check": _imp.check_hash_based_pycs,
 "writes": not sys.dont_write_bytecode}
"""


def test_pyscripts_own_modules_are_imported_from_the_builds_bytecode(context, site_url):
    """PyScript writes its `pyscript` package as sources at each start and imports it before
    main.py; js/pyscript_bytecode.js puts the bytecode the build compiled beside them
    (tools/pyscript_package.py). Every module of it a start imports has its .pyc, checked
    hash-based and made from the very text PyScript wrote (so Python uses it instead of
    compiling), and no .pyc ships for a module a start does not import."""
    context.add_init_script(pyprobe.INIT_SCRIPT)
    page = context.new_page()
    page.goto(site_url + GAME_PATH)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    found = pyprobe.run_python(page, PYSCRIPT_BYTECODE)
    assert found["check"] == "default" and not found["writes"], found
    assert len(found["imported"]) >= 5 and found["matched"] == found["imported"], found
    tag = found["tag"]
    assert found["shipped"] == sorted(f"{name}.{tag}.pyc" for name in found["imported"]), found


def _foreign_bundle(kind: str) -> bytes:
    """The build's pyscript-bytecode.bin damaged: cut short, or whole but with every .pyc's
    source hash changed (bytecode of some other text)."""
    data = (SITE / "pyscript-bytecode.bin").read_bytes()
    if kind == "cut":
        return data[: len(data) // 2]
    size = int.from_bytes(data[:4], "little")
    at, out = 4 + size, bytearray(data)
    for _name, length in json.loads(data[4:4 + size]):
        out[at + 8] ^= 0xFF  # the first byte of the source's hash (PEP 552)
        at += length
    return bytes(out)


@pytest.mark.parametrize("kind", ["cut", "other-source"])
def test_a_damaged_pyscript_bytecode_file_only_costs_the_compiling(context, site_url, kind):
    """js/pyscript_bytecode.js reads the file as untrusted and Python checks each .pyc
    against the source PyScript wrote: a damaged file writes nothing, bytecode of another
    text is not used, and the page starts as it would without them, with no error."""
    context.add_init_script(pyprobe.INIT_SCRIPT)
    page = context.new_page()
    body = _foreign_bundle(kind)
    page.route("**/pyscript-bytecode.bin", lambda route: route.fulfill(body=body))
    page.goto(site_url + GAME_PATH)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    found = pyprobe.run_python(page, PYSCRIPT_BYTECODE)
    assert len(found["imported"]) >= 5 and found["matched"] == [], found
    assert found["shipped"] == ([] if kind == "cut" else
                                sorted(f"{n}.{found['tag']}.pyc" for n in found["imported"]))
    expect(page.locator("#board [data-card]").first).to_be_visible()


def test_the_bytecode_file_reader_refuses_what_the_build_did_not_write(context, site_url):
    """parse() of js/pyscript_bytecode.js: the build's file gives each .pyc by name; a file
    cut short, with bytes after the last .pyc, a name that is not a module's .pyc, or an
    index that is not JSON gives nothing."""
    page = context.new_page()
    page.route(f"{site_url}/blank.html",
               lambda route: route.fulfill(body="<!doctype html>", content_type="text/html"))
    page.goto(f"{site_url}/blank.html")
    results = page.evaluate("""async () => {
      const {parse} = await import("./js/pyscript_bytecode.js");
      const good = await (await fetch("./pyscript-bytecode.bin")).arrayBuffer();
      const made = (index, tail) => {
        const text = new TextEncoder().encode(JSON.stringify(index));
        const out = new Uint8Array(4 + text.length + tail);
        new DataView(out.buffer).setUint32(0, text.length, true);
        out.set(text, 4);
        return out.buffer;
      };
      const names = (buffer) => {
        const files = parse(buffer);
        return files && files.map(([name, bytes]) => [name, bytes.length]);
      };
      const junk = new Uint8Array([9, 0, 0, 0, 123, 120, 125, 0, 0, 0, 0, 0, 0]).buffer;
      return {
        good: names(good), cut: names(good.slice(0, good.byteLength - 1)),
        longer: names(made([["ffi.cpython-314.pyc", 3]], 4)),
        exact: names(made([["ffi.cpython-314.pyc", 3]], 3)),
        path: names(made([["../../etc/x.cpython-314.pyc", 3]], 3)),
        junk: names(junk), empty: names(new ArrayBuffer(0)),
      };
    }""")
    assert sorted(name.split(".")[0] for name, _length in results["good"]) == sorted(
        MODULES), results
    assert results["exact"] == [["ffi.cpython-314.pyc", 3]], results
    for kind in ("cut", "longer", "path", "junk", "empty"):
        assert results[kind] is None, (kind, results)


def pyscript_chunks_on_the_way() -> list[str]:
    """The chunks of @pyscript/core that the interpreter's start waits for, in the order
    index.html preloads them: the core core.js re-exports, the TOML reader, and the error
    plugin (the one plugin pyscript.toml keeps: the others are named with a "!")."""
    pyscript = SITE / "vendor" / "pyscript"
    cores = re.findall(r'from"\./(core-[\w-]+\.js)"', (pyscript / "core.js").read_text())
    assert len(cores) == 1, f"core.js should re-export one core chunk, found {cores}"
    errors = set()
    for core in pyscript.glob("core-*.js"):
        errors.update(re.findall(r'error:\(\)=>import\("\./(error-[\w-]+\.js)"\)',
                                 core.read_text(encoding="utf-8")))
    assert len(errors) == 1, f"core should import one error plugin, found {sorted(errors)}"
    return [cores[0], toml_chunk(), errors.pop()]


def test_index_preloads_the_chunks_pyscript_starts_with():
    """index.html names the hashed chunks; an update of @pyscript/core renames them."""
    index = (SITE / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="\./vendor/pyscript/([^"]+)">',
                           index)
    assert preloaded == pyscript_chunks_on_the_way(), (
        "index.html must modulepreload the chunks PyScript's start imports")


def test_the_interpreter_waits_for_no_plugin_but_the_error_overlay():
    """pyscript.toml's `plugins` names every plugin of core's table but the error overlay
    with a "!", so PyScript starts the interpreter without waiting for their imports."""
    table = set()
    for core in (SITE / "vendor" / "pyscript").glob("core-*.js"):
        table.update(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./[\w-]+\.js"\)',
                                core.read_text(encoding="utf-8")))
    assert "error" in table and "py-terminal" in table, sorted(table)
    config = tomllib.loads((SITE / "pyscript.toml").read_text(encoding="utf-8"))
    assert sorted(config["plugins"]) == sorted(f"!{name}" for name in table - {"error"})


def test_pyscript_reads_its_config_as_tomllib_does(context, site_url):
    """PyScript's TOML reader knows only a subset of TOML (no multi-line strings, a comment
    line ending in a comma swallows the next line...): it must read pyscript.toml exactly
    as Python's own parser, which tools/build_site.py checks the config with, does. Run in
    an empty page of the site's origin, so a config that stops the site from starting
    fails here on the comparison."""
    page = context.new_page()
    page.route(f"{site_url}/blank.html",
               lambda route: route.fulfill(body="<!doctype html>", content_type="text/html"))
    page.goto(f"{site_url}/blank.html")
    parsed = page.evaluate(
        "async (url) => (await import(url)).parse(await (await fetch('./pyscript.toml')).text())",
        f"{site_url}/vendor/pyscript/{toml_chunk()}",
    )
    assert parsed == tomllib.loads((SITE / "pyscript.toml").read_text(encoding="utf-8"))
    assert parsed["files"] == {"./game.zip": "./game.zip"}


def _visit_then_reload_offline(new_context, serve_site, service_workers: str):
    """First visit online, then take the server down, cut the network and reload."""
    url, stop = serve_site()
    context = new_context(service_workers=service_workers)
    page = context.new_page()
    page.goto(url + GAME_PATH)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    if service_workers == "allow":
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    stop()
    context.set_offline(True)
    response = page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    return page, response


def test_reload_offline_after_one_visit(new_context, serve_site):
    page, response = _visit_then_reload_offline(new_context, serve_site, "allow")
    assert response is not None and response.from_service_worker
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert page.evaluate("location.search") == "?game=devils-square&deal=1"
    # and it plays: in deal 1 the 4 Green Axe (cell 0) has one place to go, cell 7
    page.click('[data-zone="cell-0"] [data-card="G4A"]')
    page.wait_for_selector('[data-zone="cell-7"] [data-card="G4A"]', state="attached")
    page.click('[data-action="new"]')
    page.click("#leave-dialog #leave-yes")  # the game has a move: asked first
    page.wait_for_function("!location.search.endsWith('deal=1')")
    assert page.locator("[data-zone^=cell] [data-card]").count() == 16


@pytest.mark.allow_console_errors(r".")
def test_reload_offline_fails_without_the_service_worker(new_context, serve_site):
    """Control for the test above: with service workers blocked, offline reload fails."""
    with pytest.raises(Error):
        _visit_then_reload_offline(new_context, serve_site, "block")


def test_a_new_build_replaces_the_cache(new_context, serve_site, tmp_path):
    """A changed sw.js (new cache version) takes over and deletes the old cache."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site, copy_function=os.link)  # hard links: never write through them
    url, _ = serve_site(site)
    context = new_context()
    page = context.new_page()
    page.goto(url + "/")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    old = page.evaluate("caches.keys()")
    assert len(old) == 1 and old[0].startswith("cardgames-")

    sw = (site / "sw.js").read_text(encoding="utf-8")
    (site / "sw.js").unlink()
    new_version = "0123456789abcdef"
    (site / "sw.js").write_text(
        re.sub(r'(const CACHE_VERSION = )"[0-9a-f]+"', rf'\1"{new_version}"', sw), encoding="utf-8"
    )
    page.reload()  # the browser checks sw.js on navigation and installs the new one
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_function(
        "v => caches.keys().then(k => k.length === 1 && k[0] === 'cardgames-' + v)",
        arg=new_version,
        timeout=60_000,
    )


def test_service_worker_precaches_every_file():
    sw = (SITE / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const CACHE_VERSION = "([0-9a-f]{16})";', sw)
    assert version, "build_site.py did not write the cache version"
    listed = json.loads(re.search(r"const PRECACHE_URLS = (\[.*?\]);", sw, re.S).group(1))
    on_disk = sorted(
        "./" + p.relative_to(SITE).as_posix()
        for p in SITE.rglob("*")
        if p.is_file() and p.name != "sw.js"
    )
    assert listed == on_disk
