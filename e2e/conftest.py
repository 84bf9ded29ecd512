"""Browser tests: pytest-playwright driving Debian's Chromium against _site/.

Fixtures
  site_url            base URL of _site/ served on 127.0.0.1 (session; run `make site` first)
  serve_site(dir)     start another server of _site/ (or dir) -> (url, stop), stopped
                      at teardown; for tests that take the server down or change files
  open_site(path)     a new page of `context` at site_url + path, waited until
                      body[data-state=ready] (60 s)
  allow_console_errors(*regexes)
                      let this test's pages log console errors matching a regex; same
                      as @pytest.mark.allow_console_errors("regex", ...)

Contexts speak English (locale en-US) unless a test gives `locale=` to new_context.
Every page of every context made through `context` / `new_context` is watched:
a `pageerror` (uncaught exception) or a console message of type "error" fails
the test at teardown, listed, unless allowed as above.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page

from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
# SITE_DIR: another build (python3 tools/build_site.py DIR), so parallel runs never
# rebuild the folder another run is serving.
SITE = Path(os.environ.get("SITE_DIR") or ROOT / "_site").resolve()
READY = "body[data-state=ready]"
READY_TIMEOUT_MS = 60_000


# --- browser -------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
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


@pytest.fixture
def new_context(new_context, _console_guard: ConsoleGuard, request: pytest.FixtureRequest):
    """pytest-playwright's new_context, with every context's pages watched for errors and
    the browser's language pinned to English (the page follows navigator.languages, and
    the tests read English words), unless the test passes `locale=` or marks it with
    browser_context_args(locale=...)."""
    marker = next(request.node.iter_markers("browser_context_args"), None)
    pinned = {} if marker is not None and "locale" in marker.kwargs else {"locale": LOCALE}

    def make(**kwargs):
        context = new_context(**{**pinned, **kwargs})
        _console_guard.watch_context(context)
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
