"""Every game fits the screens players have (issue 18): at 1280x720 and 1366x768 the page
does not scroll at all, and every button of the bar, the status line and the board (End
turn, Hurry up, the pace, "Seats & rules", "Show my hand" at a shared device) and the
draw pile lie inside the viewport; on a phone upright (390x844) and on its side
(844x390) the draw pile is in view without scrolling. Each in the light and the dark
theme: one page load per game and kind of screen, the theme switched in the page (the theme
setting "auto" follows the system's colour scheme, which the test emulates).

e2e/test_phone.py measures touch targets and the board's zones on smaller phones.
"""

from __future__ import annotations

import pytest
from helpers import READY, READY_TIMEOUT_MS
from playwright.sync_api import Page, expect

GAMES = {
    "devils-square": "?game=devils-square&deal=77",
    "kings-square": "?game=kings-square&deal=77",
    "devils-grip": "?game=devils-grip&deal=77",
    "kings-corner-solitaire": "?game=kings-corner-solitaire&deal=77",
    "table": "?game=kings-corner&deal=77",
    "table, shared device": "?game=kings-corner&deal=77&players=hh",
}
LAPTOPS = {"1280x720": (1280, 720), "1366x768": (1366, 768)}
PHONES = {"phone upright": (390, 844), "phone on its side": (844, 390)}

# What lies outside the viewport: [what, its bottom or right edge] for each visible
# control (and the draw pile), plus the page's own scroll size.
MEASURE = """(controls) => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const root = document.documentElement;
  for (const el of document.querySelectorAll(controls)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) {
      const name = el.dataset.action || el.dataset.zone || el.dataset.setting || el.className;
      out.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}-`
               + `${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  return {outside: out, height: root.scrollHeight, width: root.scrollWidth, vh, vw};
}"""
CONTROLS = ".topbar button, .status button, #board button, #board select, #board [data-zone=stock]"
STOCK = "#board [data-zone=stock]"


def open_at(new_context, site_url: str, path: str, size: tuple[int, int], touch: bool) -> Page:
    context = new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=touch,
        is_mobile=touch,
        color_scheme="light",
        service_workers="block",
    )
    page = context.new_page()
    page.goto(site_url + "/" + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#board [data-zone=stock]")).to_be_visible()
    return page


def themes(page: Page):
    """Yield each theme's name with the page in it (light first, then dark)."""
    for theme in ("light", "dark"):
        page.emulate_media(color_scheme=theme)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        page.wait_for_timeout(50)  # a frame for the layout
        yield theme


def sizes(page: Page, screens: dict[str, tuple[int, int]]):
    """Yield each screen's name with the page resized to it (the first is the one the page
    was opened at: one page load for both, as a window is resized or a phone turned)."""
    for name, (width, height) in screens.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                               arg=[width, height])
        yield name


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_fits_a_laptop_without_scrolling(new_context, site_url, game):
    page = open_at(new_context, site_url, GAMES[game], next(iter(LAPTOPS.values())),
                   touch=False)
    if game.startswith("table"):  # the table's own buttons are there to be measured
        expect(page.locator('#board [data-action="setup"]')).to_be_visible()
    if game == "table, shared device":
        expect(page.locator('#board [data-action="reveal"]')).to_be_visible()
    problems = []
    for size in sizes(page, LAPTOPS):
        for theme in themes(page):
            found = page.evaluate(MEASURE, CONTROLS)
            if found["height"] > found["vh"] or found["width"] > found["vw"]:
                problems.append(f"{size}, {theme}: the page is "
                                f"{found['width']}x{found['height']}")
            problems += [f"{size}, {theme}: {what} is outside the viewport"
                         for what in found["outside"]]
    assert not problems, f"{game}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_shows_its_draw_pile_on_a_phone(new_context, site_url, game):
    page = open_at(new_context, site_url, GAMES[game], next(iter(PHONES.values())),
                   touch=True)
    problems = []
    for size in sizes(page, PHONES):
        for theme in themes(page):
            found = page.evaluate(MEASURE, STOCK)
            problems += [f"{size}, {theme}: {what} is outside the viewport"
                         for what in found["outside"]]
            if found["width"] > found["vw"]:
                problems.append(f"{size}, {theme}: the page is {found['width']} px wide")
    assert not problems, f"{game}:\n  " + "\n  ".join(problems)
