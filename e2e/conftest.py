"""Browser tests: pytest-playwright driving Debian's Chromium against _site/.

Fixtures
  site_url            base URL of _site/ served on 127.0.0.1 (session; run `make site` first)
  serve_site(dir)     start another server of _site/ (or dir) -> (url, stop), stopped
                      at teardown; for tests that take the server down or change files
  open_site(path)     a new page of `context` at site_url + path, waited until
                      body[data-state=ready] (60 s)
  shared_page(path)   the same, but loaded once per worker and shared by the tests that
                      only read it (group them: @pytest.mark.xdist_group("shared-pages"))
  allow_console_errors(*regexes)
                      let this test's pages log console errors matching a regex; same
                      as @pytest.mark.allow_console_errors("regex", ...)

Contexts speak English (locale en-US) unless a test gives `locale=` to new_context.
Every page of every context made through `context` / `new_context` is watched:
a `pageerror` (uncaught exception) or a console message of type "error" fails
the test at teardown, listed, unless allowed as above.

Parallel workers (pytest-xdist, `make test` runs `-n $(E2E_WORKERS) --dist loadgroup`):
every worker has its own Chromium and serves the one built _site/ itself on a port the
OS picks; tests write only under their own tmp_path (per worker). Tests that must share
one page or one costly set-up carry @pytest.mark.xdist_group(name), which keeps them
on one worker; the slowest work units are handed out first (pytest_collection_modifyitems).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, expect

from tools.serve import CHROMIUM, CHROMIUM_ARGS, guide_seen_script, serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
# SITE_DIR: another build (python3 tools/build_site.py DIR), so parallel runs never
# rebuild the folder another run is serving.
SITE = Path(os.environ.get("SITE_DIR") or ROOT / "_site").resolve()
READY = "body[data-state=ready]"
READY_TIMEOUT_MS = 60_000
# How long an `expect` waits for the page (Playwright's default is 5 s). CI runs four
# browsers on two cores, where a page has gone seconds without a frame: a wait that
# passes takes only as long as the page does, so a longer limit costs a passing test
# nothing and keeps a starved machine from failing one.
EXPECT_TIMEOUT_MS = 10_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


# --- order ---------------------------------------------------------------------

# Files whose tests take longest (seconds a test, measured on the 2-core machine), the
# slowest first. Parallel workers take tests in collection order, so the long ones start
# first and the short ones fill in at the end instead of one worker finishing a long test
# alone. Only the balance depends on it, never what is tested; a file not listed runs after.
SLOW_FILES = (
    "test_monkey.py",  # its five games share one page on one worker: 4-5 min in a row
    "test_downloads.py",  # one test: a whole session, 60-140 s
    "test_long_session.py",  # one test: thirty games, 65-85 s
    "test_finish.py",  # one test: 15 s alone, up to 100 s when it ran last on a busy run
    "test_early_board.py",
    "test_crash_safety.py",
    "test_updates.py",
    "test_tabs.py",
    "test_languages.py",
    "test_csp.py",
    "test_daily.py",
    "test_challenge.py",
    "test_stats.py",
    "test_settings.py",
    "test_storage_faults.py",
    "test_kings_corner_table.py",
    "test_kings_corner_solitaire.py",
    "test_hints_and_solver.py",
    "test_phone.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(SLOW_FILES)}
    items.sort(key=lambda item: rank.get(item.path.name, len(SLOW_FILES)))


# --- browser -------------------------------------------------------------------


# V8's flags for the browser tests. WebAssembly compiled by the baseline compiler only:
# a page load then costs about 2.5 s of CPU instead of about 4 (Pyodide's wasm is not
# recompiled by the optimising tier in the background), and the suite is bound by the CPU
# of its page loads. The page's Python runs slower but behaves the same; what it costs a
# player is measured by bench/ under V8's defaults. E2E_JS_FLAGS="" tests under the defaults.
JS_FLAGS = os.environ.get("E2E_JS_FLAGS", "--liftoff-only")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # E2E_EXTRA_ARGS: more Chromium switches for a run, e.g. "--force-device-scale-factor=2"
    extra = os.environ.get("E2E_EXTRA_ARGS", "").split()
    flags = [f"--js-flags={JS_FLAGS}"] if JS_FLAGS else []
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS, *flags, *extra]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


# --- server --------------------------------------------------------------------


def _start_server(directory: Path = SITE) -> tuple[str, Callable[[], None]]:
    if not (SITE / "index.html").is_file():
        pytest.fail(f"{SITE}/index.html is missing: run make site", pytrace=False)
    return serve_in_thread(directory)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL (no trailing slash) of _site/ on a threaded server, port chosen by the OS."""
    url, stop = _start_server()
    yield url
    stop()


@pytest.fixture
def serve_site() -> Iterator[Callable[..., tuple[str, Callable[[], None]]]]:
    """serve_site(directory=_site) -> (url, stop): an extra server the test may stop."""
    stops: list[Callable[[], None]] = []

    def start(directory: Path = SITE) -> tuple[str, Callable[[], None]]:
        url, stop = _start_server(directory)
        stops.append(stop)
        return url, stop

    yield start
    for stop in stops:
        stop()


# --- console errors ------------------------------------------------------------


@dataclass
class ConsoleGuard:
    allowed: list[re.Pattern[str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def allow(self, *patterns: str) -> None:
        self.allowed.extend(re.compile(p) for p in patterns)

    def watch_context(self, context: BrowserContext) -> None:
        for page in context.pages:
            self.watch_page(page)
        context.on("page", self.watch_page)

    def watch_page(self, page: Page) -> None:
        page.on("pageerror", lambda error: self._record("pageerror", page, _error_text(error)))
        page.on("console", lambda msg: self._on_console(page, msg))

    def _on_console(self, page: Page, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            location = msg.location or {}
            where = location.get("url", "")
            if where:
                where = f" ({where}:{location.get('lineNumber', 0)})"
            self._record("console.error", page, msg.text + where)

    def _record(self, kind: str, page: Page, text: str) -> None:
        self.errors.append(f"{kind} on {page.url}: {text}")

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


def _error_text(error: Error | object) -> str:
    if isinstance(error, Error):
        return f"{error.name}: {error.message}"
    return str(error)


@pytest.fixture(autouse=True)
def _console_guard(request: pytest.FixtureRequest) -> Iterator[ConsoleGuard]:
    guard = ConsoleGuard()
    for marker in request.node.iter_markers("allow_console_errors"):
        guard.allow(*marker.args)
    yield guard
    unexpected = guard.unexpected()
    if unexpected:
        listing = "\n  ".join(unexpected)
        pytest.fail(
            f"{len(unexpected)} browser error(s) during the test:\n  {listing}", pytrace=False
        )


@pytest.fixture
def allow_console_errors(_console_guard: ConsoleGuard) -> Callable[..., None]:
    """allow_console_errors(r"regex", ...): expected console errors for this test."""
    return _console_guard.allow


LOCALE = "en-US"  # the browser's language unless a test asks for another


GUIDE_SEEN_JS = guide_seen_script()  # every first-run guide seen (tools/serve.py)


@pytest.fixture
def new_context(new_context, _console_guard: ConsoleGuard, request: pytest.FixtureRequest):
    """pytest-playwright's new_context, with every context's pages watched for errors and
    the browser's language pinned to English (the page follows navigator.languages, and
    the tests read English words), unless the test passes `locale=` or marks it with
    browser_context_args(locale=...); and every first-run guide already seen, unless the
    test passes `first_run=True`."""
    marker = next(request.node.iter_markers("browser_context_args"), None)
    pinned = {} if marker is not None and "locale" in marker.kwargs else {"locale": LOCALE}

    def make(first_run: bool = False, **kwargs):
        context = new_context(**{**pinned, **kwargs})
        _console_guard.watch_context(context)
        if not first_run:  # first_run=True: a new player's browser, with the guide
            context.add_init_script(GUIDE_SEEN_JS)
        return context

    return make


# --- pages ---------------------------------------------------------------------


@pytest.fixture
def open_site(context: BrowserContext, site_url: str) -> Callable[..., Page]:
    """open_site(path="/", page=None) -> a page at site_url + path with Python ready."""

    def open_(path: str = "/", page: Page | None = None) -> Page:
        page = page or context.new_page()
        page.goto(site_url + path)
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        return page

    return open_


@pytest.fixture(scope="session")
def _shared_pages(browser, browser_context_args: dict, site_url: str):
    """The pages of shared_page, one per path, each in a context of its own with the
    default arguments (English), and the guard that hears their browser errors."""
    guard = ConsoleGuard()
    pages: dict[str, Page] = {}

    def get(path: str) -> Page:
        if path not in pages:
            context = browser.new_context(**{**browser_context_args, "locale": LOCALE})
            context.add_init_script(GUIDE_SEEN_JS)
            guard.watch_context(context)
            page = context.new_page()
            page.goto(site_url + path)
            page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
            pages[path] = page
        return pages[path]

    yield get, guard
    for page in pages.values():
        page.context.close()


@pytest.fixture
def shared_page(_shared_pages, _console_guard: ConsoleGuard) -> Iterator[Callable[..., Page]]:
    """shared_page(path="/") -> a page at site_url + path with Python ready, opened by the
    first test of this worker that asks for it and kept for the others: a page load (2-4 s
    of Pyodide) saved for each test that only looks. A test using it must not change it
    (no click, key, storage or navigation): the next test would see what it left. Its
    browser errors fail the test during which they happen, as on any page."""
    get, guard = _shared_pages
    before = len(guard.errors)
    yield lambda path="/": get(path)
    _console_guard.errors.extend(guard.errors[before:])
