"""Download only what is used (issue 16): the site ships, and its service worker precaches,
only the runtime files the page requests, and the page requests nothing else.

tools/build_site.py ships the files of vendor/ named in VENDOR_SHIPPED and leaves out the
rest (VENDOR_LEFT_OUT, each with its reason). The tour below records every request of a
whole session through every screen: a first visit online, then, with the server down
and the network cut, the game list, its settings and keys, each of the five games with
its Rules and Statistics, a move and (in the patiences) a hint, the table's seats dialog,
the end dialog and its solver with the winning line, the three languages and a reload.
The runtime files it requested must be exactly VENDOR_SHIPPED (but the licences): a file
asked for that does not ship would be a 404 online and a failure offline, a listed file
nobody asks for is weight for nothing. After an upgrade of @pyscript/core or pyodide the
build stops on the renamed chunks; build the site with all of vendor/
(`python3 tools/build_site.py /tmp/whole --whole-runtime`) and run this file on it
(`SITE_DIR=/tmp/whole .venv/bin/pytest e2e/test_downloads.py`): its failure lists the
files the new runtime requests.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import SITE
from helpers import READY, READY_TIMEOUT_MS, engine, solve_and_stop_the_line_at_move_2
from playwright.sync_api import Page, Request, Response, expect
from test_hints_and_solver import make, wait_saved

from game.games import GAMES, load_all
from tools.build_site import VENDOR_SHIPPED

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce")

LICENCES = {name for name in VENDOR_SHIPPED if Path(name).name == "LICENSE"}
RUNTIME = set(VENDOR_SHIPPED) - LICENCES  # what the page must request, no more, no less
HINT = '.actions [data-action="hint"]'
DEAL = 3


class Requests:
    """Every request of the pages of a context, by path, and every one that failed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.paths: list[str] = []
        self.failed: list[str] = []

    def watch(self, page: Page) -> None:
        page.on("request", lambda request: self.paths.append(self.path(request.url)))
        page.on("requestfailed", self.fail)
        page.on("response", self.check)

    def fail(self, request: Request) -> None:
        # A request cut short by the next navigation (the tab's icon, asked for again
        # after each change of address) is aborted, not missing: a file that does not
        # ship is a 404 online (below) and net::ERR_FAILED from the worker offline.
        if request.failure != "net::ERR_ABORTED":
            self.failed.append(f"{self.path(request.url)}: {request.failure}")

    def check(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{self.path(response.url)}: HTTP {response.status}")

    def path(self, url: str) -> str:
        if not url.startswith(self.base + "/"):
            return url  # another origin, data: or blob: (test_boot.py refuses the first)
        path = urlsplit(url).path.lstrip("/")
        return path or "index.html"

    def runtime(self) -> set[str]:
        return {p for p in self.paths if p.startswith("vendor/")}


def precached() -> set[str]:
    text = (SITE / "sw.js").read_text(encoding="utf-8")
    urls = json.loads(re.search(r"const PRECACHE_URLS = (\[.*?\]);", text, re.S).group(1))
    return {url.removeprefix("./") for url in urls}


def ready(page: Page, requests: Requests | None = None) -> None:
    """Wait until the page is ready; if it never is, say which requests failed."""
    try:
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    except Exception as error:
        failed = requests.failed if requests else "not watched"
        raise AssertionError(f"the page never got ready; failed requests: {failed}") from error


def dialog(page: Page, action: str, selector: str) -> None:
    page.locator(f'[data-action="{action}"]:visible').first.click()
    expect(page.locator(selector)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)


def language(page: Page, lang: str) -> None:
    page.locator('[data-action="settings"]:visible').first.click()
    page.locator("#pref-language").select_option(lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)


def tour(page: Page, url: str, requests: Requests) -> None:
    """Every screen of the site, in one page."""
    page.goto(url + "/")
    ready(page, requests)
    expect(page.locator("a.game-tile")).to_have_count(len(GAMES))
    dialog(page, "settings", "#settings-dialog")
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_be_visible()
    page.keyboard.press("Escape")

    for game_id, info in load_all().items():
        page.locator("a.brand").click()
        page.wait_for_selector("body[data-view=home]", state="attached")
        page.goto(f"{url}/?game={game_id}&deal={DEAL}")
        ready(page, requests)
        dialog(page, "rules", "#rules-dialog")
        dialog(page, "stats", "#stats-dialog")
        if info.table:  # the seats dialog, and a move: ending the turn
            dialog(page, "setup", "#setup-dialog")
            page.locator('#board [data-action="end-turn"]').click(timeout=60_000)
            continue
        game = engine(game_id, DEAL)
        make(page, game, game.legal_moves()[0])
        wait_saved(page, game)
        page.click(HINT)
        page.wait_for_selector("#board .hint, #board .hint-target", state="attached",
                               timeout=30_000)

    # the end dialog, the solver in slices, its winning line replayed on the board
    page.goto(f"{url}/?game=kings-corner-solitaire&deal=11")
    ready(page, requests)
    page.locator('#board [data-zone="cell-1"]').click()
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    solve_and_stop_the_line_at_move_2(page)

    # the other languages: the page, a game's Rules, the game list
    page.goto(f"{url}/?game=devils-grip&deal={DEAL}")
    ready(page, requests)
    for lang in ("nl", "fr"):
        language(page, lang)
        dialog(page, "rules", "#rules-dialog")
    page.locator("a.brand").click()
    page.wait_for_selector("body[data-view=home]", state="attached")
    language(page, "en")
    page.reload()
    ready(page, requests)


def test_a_whole_session_requests_exactly_the_shipped_runtime_and_plays_offline(
    new_context, serve_site
):
    url, stop = serve_site()
    requests = Requests(url)
    context = new_context()
    context.on("page", requests.watch)
    page = context.new_page()

    page.goto(url + "/")  # the first visit
    ready(page, requests)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    first_visit = set(requests.paths)
    assert requests.failed == [], f"the first visit: {requests.failed}"

    stop()  # then every screen with the server gone and the network cut
    context.set_offline(True)
    tour(page, url, requests)

    assert requests.failed == [], (
        f"requests failed (a file the page needs is not shipped, or not precached): "
        f"{requests.failed}")
    outside = sorted({p for p in requests.paths if "://" in p})
    assert outside == [], f"requests left the site: {outside}"
    files = {p for p in requests.paths if ":" not in p}  # not data: or blob: URLs
    missing = sorted(files - precached() - {"sw.js"})
    assert missing == [], f"requested, but the service worker does not precache: {missing}"

    requested = requests.runtime()
    not_shipped = sorted(requested - RUNTIME)
    unused = sorted(RUNTIME - requested)
    assert not not_shipped and not unused, (
        "tools/build_site.py's VENDOR_SHIPPED is not what the page requests:\n"
        f"  requested but not in VENDOR_SHIPPED: {not_shipped}\n"
        f"  in VENDOR_SHIPPED but never requested: {unused}\n"
        f"  every runtime file requested: {sorted(requested)}")
    # the first visit alone asks for the whole runtime: nothing comes later
    assert requests.runtime() == {p for p in first_visit if p.startswith("vendor/")}


def test_the_build_ships_the_listed_runtime_and_the_licences():
    shipped = sorted(p.relative_to(SITE).as_posix() for p in (SITE / "vendor").rglob("*")
                     if p.is_file())
    assert shipped == sorted(VENDOR_SHIPPED)
    assert LICENCES == {"vendor/pyscript/LICENSE"}
    assert {name for name in precached() if name.startswith("vendor/")} == set(VENDOR_SHIPPED)


BROKEN = {  # the file, what is served instead, its type, words PyScript's error box shows
    "main.py": ('raise RuntimeError("the start failed")', "text/x-python", "the start failed"),
    "pyscript.toml": ('interpreter = [', "application/toml", "JSON"),
}


@pytest.mark.allow_console_errors(r".")
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_failed_start_shows_pyscripts_error_box_from_the_shipped_files(
    context, site_url, broken
):
    """The lazy path the tour cannot walk: PyScript's error overlay (its error chunk)
    when main.py raises, or when the config cannot be read (then it is the one chunk
    PyScript imports). It shows the error on the page, from shipped files alone."""
    body, kind, words = BROKEN[broken]
    requests = Requests(site_url)
    page = context.new_page()
    requests.watch(page)
    page.route(f"{site_url}/{broken}",
               lambda route: route.fulfill(body=body, content_type=kind))
    page.goto(site_url + "/")
    page.wait_for_selector(".py-error", state="attached", timeout=READY_TIMEOUT_MS)
    assert words in page.locator(".py-error").first.text_content()
    assert requests.failed == []
    assert requests.runtime() <= RUNTIME
    assert page.evaluate("document.body.dataset.state") != "ready"
