"""The site boots Python, stays on its own origin, and plays offline after one visit."""

from __future__ import annotations

import json
import os
import re
import shutil
import tomllib

import pytest
from conftest import SITE  # the build under test (SITE_DIR)
from playwright.sync_api import Error, Response

from tools import pyprobe

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
