"""A new version of the site reaching a player who has the previous one open: the service
worker of the new build replaces the old cache without breaking the game in progress, and
the saves of the previous release still load.

Version 1 is the real previous release, commit 550ac3d, built once per session from
`git archive` (with this checkout's vendor/, the same pinned runtime); version 2 is the
build under test (SITE_DIR). Both are served from ONE folder whose contents the test
swaps, so they share the origin, its localStorage and its caches, as a host serving a new
upload does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SITE
from helpers import READY, READY_TIMEOUT_MS, engine, expect_board, saved_moves
from playwright.sync_api import Page
from test_hints_and_solver import make, wait_saved

PREVIOUS = "550ac3daebfbfb23355beb62a4fd66a102e514c5"  # the last release before issue 8
GAME, DEAL = "devils-square", 7

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce")

CACHES_JS = "async () => (await caches.keys()).filter(k => k.startsWith('cardgames-')).sort()"
# Which build's worker and files the page has: its worker's cache, and index.html as the
# worker serves it.
CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"


@pytest.fixture(scope="session")
def previous_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """_site of the previous release, built from `git archive 550ac3d`."""
    work = tmp_path_factory.mktemp("previous-release")
    source = work / "source"
    source.mkdir()
    git = ["git", "-C", str(ROOT)]
    if subprocess.run([*git, "cat-file", "-e", f"{PREVIOUS}^{{commit}}"],
                      capture_output=True).returncode:
        # A shallow clone lacks the release: fetch that one commit from where it came.
        subprocess.run([*git, "fetch", "--quiet", "--depth=1", "origin", PREVIOUS],
                       capture_output=True)
    found = subprocess.run([*git, "archive", PREVIOUS], capture_output=True)
    if found.returncode:
        pytest.fail(f"the previous release {PREVIOUS} is not in this clone's history and "
                    f"could not be fetched: clone the repository whole (without --depth)",
                    pytrace=False)
    archive = found.stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    (source / "vendor").symlink_to(ROOT / "vendor")
    subprocess.run([sys.executable, str(source / "tools" / "build_site.py"), str(work / "site")],
                   check=True, capture_output=True, cwd=source)
    return work / "site"


def cache_version(site: Path) -> str:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return "cardgames-" + text.split('const CACHE_VERSION = "', 1)[1].split('"', 1)[0]


def put_in_place(build: Path, live: Path) -> None:
    """Make `live` serve `build` as an upload to a host does: fresh copies (new modified
    times: hard links would keep the old ones, and the server would answer the browser's
    If-Modified-Since for sw.js with 304), then two renames, so no half-copied folder is
    ever served."""
    fresh = live.with_name(live.name + ".new")
    shutil.copytree(build, fresh, copy_function=shutil.copyfile)
    old = live.with_name(live.name + ".old")
    if live.exists():
        live.rename(old)
    fresh.rename(live)
    if old.exists():
        shutil.rmtree(old)


def wait_caches(page: Page, want: list[str], timeout_ms: int = 60_000) -> None:
    """Wait until the site's caches are exactly `want` (caches.keys() is a promise, which
    wait_for_function would take for a true value at once)."""
    keys = None
    for _ in range(timeout_ms // 250):
        keys = page.evaluate(CACHES_JS)
        if keys == want:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the caches are {keys}, not {want}")


def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def served_index(page: Page) -> str:
    return page.evaluate("async () => (await fetch('./index.html')).text()")


def use_the_page(page: Page) -> None:
    """Open what the page makes on first use: the Rules, a hint, the Statistics and the
    Settings dialogs, the game list and the table, then the game again (its tile)."""
    for action in ("rules", "stats", "settings"):
        page.locator(f'[data-action="{action}"]:visible').first.click()
        page.wait_for_selector("dialog[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    page.locator('.actions [data-action="hint"]').click()
    page.wait_for_selector("#board .hint", state="attached")
    for game_id in ("kings-corner", GAME):
        page.locator("a.brand").click()
        page.wait_for_selector("body[data-view=home]", state="attached")
        page.locator(f'a.game-tile[data-game-id="{game_id}"]').click()
        page.wait_for_function("id => document.body.dataset.game === id", arg=game_id)


def play(page: Page, game, count: int) -> None:
    for _ in range(count):
        make(page, game, game.legal_moves()[0])
        wait_saved(page, game)


@pytest.mark.xdist_group("previous-release")  # one worker builds it once
def test_a_new_version_takes_over_without_breaking_the_game_in_progress(
    context, serve_site, previous_site, tmp_path
):
    old, new = cache_version(previous_site), cache_version(SITE)
    assert old != new, "the build under test is the previous release itself"
    live = tmp_path / "live"
    put_in_place(previous_site, live)
    url, _ = serve_site(live)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{url}/?game={GAME}&deal={DEAL}")
    wait_ready(page)
    page.wait_for_function(CONTROLLED_JS, timeout=60_000)  # the old worker has the page
    wait_caches(page, [old])
    game = engine(GAME, DEAL)
    play(page, game, 2)  # a game in progress on version 1

    # the host gets version 2; the page asks its worker to look for an update
    put_in_place(SITE, live)
    page.evaluate("""() => { window.__takeover = 0;
        navigator.serviceWorker.addEventListener('controllerchange', () => window.__takeover++);
    }""")
    requests.clear()
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    page.wait_for_function("window.__takeover > 0", timeout=60_000)
    wait_caches(page, [new])

    # the open page plays on under the new worker: moves go, saves are written, and what
    # loads on first use (Rules pages, hints, statistics, settings, another game) needs
    # no file
    play(page, game, 2)
    expect_board(page, game)
    use_the_page(page)
    expect_board(page, game)
    play(page, game, 1)
    assert saved_moves(page, GAME, DEAL) == [str(m) for m in game.move_stack]
    # the browser itself asks for the tab's icon again after each change of address
    # (history.pushState): an image any version can show, the one file the page
    # may take from the new cache
    page_files = [u for u in requests if u.startswith(url) and not u.endswith("/sw.js")
                  and not u.startswith(f"{url}/img/")]
    assert page_files == [], f"the running page fetched files after the takeover: {page_files}"

    # a reload is version 2 throughout, and resumes the game exactly
    page.reload()
    wait_ready(page)
    assert served_index(page) == (SITE / "index.html").read_text(encoding="utf-8")
    assert page.evaluate(CACHES_JS) == [new], "the old cache is still there"
    expect_board(page, game)
    assert saved_moves(page, GAME, DEAL) == [str(m) for m in game.move_stack]

    # offline, version 2 still starts and resumes
    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        expect_board(page, game)
        play(page, game, 1)
    finally:
        context.set_offline(False)


@pytest.mark.xdist_group("previous-release")  # one worker builds it once
def test_a_reload_that_finds_the_new_version_resumes_and_the_next_is_version_2(
    context, serve_site, previous_site, tmp_path
):
    """No update asked for: the reload itself finds the new worker (the browser checks
    sw.js on every visit), which takes over while that page is still starting."""
    old, new = cache_version(previous_site), cache_version(SITE)
    live = tmp_path / "live"
    put_in_place(previous_site, live)
    url, _ = serve_site(live)
    page = context.new_page()
    page.goto(f"{url}/?game={GAME}&deal={DEAL}")
    wait_ready(page)
    page.wait_for_function(CONTROLLED_JS, timeout=60_000)
    wait_caches(page, [old])
    game = engine(GAME, DEAL)
    play(page, game, 3)

    put_in_place(SITE, live)
    page.reload()
    wait_ready(page)
    expect_board(page, game)  # whichever version started, the game is there
    wait_caches(page, [new])
    play(page, game, 1)
    page.reload()
    wait_ready(page)
    assert served_index(page) == (SITE / "index.html").read_text(encoding="utf-8")
    expect_board(page, game)
    assert saved_moves(page, GAME, DEAL) == [str(m) for m in game.move_stack]


NEXT_MARK = "<!-- the next version -->"
# From the first script of every page: ask for an update at once (as the browser's own check
# on a visit may), and note in the tab's sessionStorage each start and each takeover. The
# first start is a slow one: its fetch() calls (PyScript's config, game.zip) wait for the
# takeover, so the new worker surely comes while the page starts.
EARLY_UPDATE_JS = """
(() => {
  if (location.protocol !== 'http:' || !navigator.serviceWorker) return;
  const starts = Number(sessionStorage.getItem('starts') || 0) + 1;
  sessionStorage.setItem('starts', String(starts));
  const takeover = new Promise(resolve => {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      const state = (document.body && document.body.dataset.state) || 'starting';
      const before = sessionStorage.getItem('takeovers') || '';
      sessionStorage.setItem('takeovers', before + state + ' ');
      resolve();
    });
  });
  if (starts === 1) {
    const fetch = window.fetch;
    // (the new worker precaches the whole site first, which on a loaded machine can near
    // 30 s: a page let go before it came is ready first, and the test failed once so)
    const late = Promise.race([takeover, new Promise(r => setTimeout(r, 50000))]);
    window.fetch = (...args) => late.then(() => fetch(...args));
  }
  navigator.serviceWorker.getRegistration().then(r => r && r.update()).catch(() => {});
})();
"""


def next_version(site: Path, folder: Path) -> Path:
    """A copy of `site` as the version after it: index.html marked, a new cache version."""
    shutil.copytree(site, folder, copy_function=shutil.copyfile)
    index = folder / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace(
        "</body>", f"{NEXT_MARK}\n</body>"), encoding="utf-8")
    worker = folder / "sw.js"
    version = cache_version(site).removeprefix("cardgames-")
    worker.write_text(worker.read_text(encoding="utf-8").replace(version, version[::-1]),
                      encoding="utf-8")
    return folder


def test_a_takeover_while_the_page_starts_restarts_it_on_the_new_version(
    context, serve_site, tmp_path
):
    """This version's loader: a page whose worker is replaced before it is ready starts
    again, wholly on the new version (never a page of two versions)."""
    following = next_version(SITE, tmp_path / "next")
    live = tmp_path / "live"
    put_in_place(SITE, live)
    url, _ = serve_site(live)
    page = context.new_page()
    page.goto(f"{url}/?game={GAME}&deal={DEAL}")
    wait_ready(page)
    page.wait_for_function(CONTROLLED_JS, timeout=60_000)
    wait_caches(page, [cache_version(SITE)])
    game = engine(GAME, DEAL)
    play(page, game, 2)

    put_in_place(following, live)
    context.add_init_script(EARLY_UPDATE_JS)
    page.reload()
    page.wait_for_function("() => sessionStorage.getItem('takeovers') !== null",
                           timeout=60_000)
    wait_ready(page)
    takeovers = page.evaluate("sessionStorage.getItem('takeovers')").split()
    starts = int(page.evaluate("sessionStorage.getItem('starts')"))
    assert len(takeovers) == 1 and takeovers[0] != "ready", (
        f"the new worker did not come (once) while the page was starting: {takeovers}")
    assert starts == 2, f"{starts} starts: the page did not start again once (or looped)"
    assert NEXT_MARK in page.content(), "the page that became ready is not the new version"
    assert page.evaluate(CACHES_JS) == [cache_version(following)]
    expect_board(page, game)
    play(page, game, 1)
    assert saved_moves(page, GAME, DEAL) == [str(m) for m in game.move_stack]
