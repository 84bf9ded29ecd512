"""axe-core on every screen of the site (issue 7): no violation of impact serious or
critical on the game list, each game (a fresh deal, with cards picked up, after a move),
the end dialog, the rules, the give-up confirmation, the table's set-up and hand
dialogs, the shortcuts, the settings and the statistics.

axe-core is a test tool only: npm installs it (package.json devDependencies) into
node_modules/, which never ships (make vendor copies only the runtime); each page gets
it injected here. A tour opens one page and walks through screens, each a step from the
one before; adding a screen is one line in TOURS. A failure lists every violation: the
rule, its impact, what it asks for and the elements that break it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import (
    click_card,
    engine,
    find_multi_target_move,
    find_single_target_move,
    pick_card,
    play_by_clicks,
    seed_storage,
)
from playwright.sync_api import Page, expect

from game.games.kings_corner import KingsCorner

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
DEAL = 3
SOLITAIRES = ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire")

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

Step = Callable[[Page, dict], None]


# --- running axe ------------------------------------------------------------------------------


def axe_violations(page: Page) -> list[dict]:
    """axe's violations of impact serious or critical on the page as it is now."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # evaluated through the DevTools protocol, which the page's Content-Security-
        # Policy does not govern: add_script_tag inserts an inline <script>, refused
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        "async () => { const r = await axe.run(document, {resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),"
        " summary: (n.failureSummary || '').slice(0, 300)}))})); }"
    )
    return [v for v in result if v["impact"] in SERIOUS]


def readable(screen: str, violations: list[dict]) -> str:
    lines = [f"{screen}:"]
    for violation in violations:
        lines.append(f"  [{violation['impact']}] {violation['id']}: {violation['help']}")
        for node in violation["nodes"][:6]:
            summary = " ".join(node["summary"].split())
            lines.append(f"      {node['target']}  {node['html']}\n        {summary}")
        if len(violation["nodes"]) > 6:
            lines.append(f"      ... and {len(violation['nodes']) - 6} more")
    return "\n".join(lines)


# --- steps ------------------------------------------------------------------------------------


def nothing(page: Page, state: dict) -> None:
    pass


def press(key: str) -> Step:
    def step(page: Page, state: dict) -> None:
        page.keyboard.press(key)
    return step


def action(name: str, dialog: str = "") -> Step:
    """Click the (first visible) button of data-action `name`; wait for `dialog`."""
    def step(page: Page, state: dict) -> None:
        page.locator(f'[data-action="{name}"]:visible').first.click()
        if dialog:
            expect(page.locator(dialog)).to_be_visible()
    return step


def wait_for(selector: str) -> Step:
    def step(page: Page, state: dict) -> None:
        expect(page.locator(selector).first).to_be_visible()
    return step


def close_dialog(page: Page, state: dict) -> None:
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)


def pick_up(page: Page, state: dict) -> None:
    """Press the cards of a move with several targets: they stay picked up."""
    game = state["game"]
    if game.id == "kings-corner-solitaire":  # the turned card waits to be placed: held
        expect(page.locator("#board .target").first).to_be_visible()
        return
    move = find_multi_target_move(game)
    click_card(page, pick_card(game, move))
    expect(page.locator("#board .selected")).to_have_count(1)


def make_a_move(page: Page, state: dict) -> None:
    page.keyboard.press("Escape")
    game = state["game"]
    if game.id == "kings-corner-solitaire":
        move = game.legal_moves()[0]
        page.locator(f'#board [data-zone="{move.gesture.target}"]').click()
        game.push(move)
    else:
        play_by_clicks(page, game, find_single_target_move(game))
    expect(page.locator("#board .moving")).to_have_count(0)


def give_up(page: Page, state: dict) -> None:
    page.locator('[data-action="confirm-giveup"]').click()
    expect(page.locator("#end-dialog")).to_be_visible()


def pick_up_at_the_table(page: Page, state: dict) -> None:
    """Press a card of the shown hand (it is picked up, or played where it has one place)."""
    card = page.locator('#board .kt-me [data-card]').first
    card.click(position={"x": 8, "y": 20})
    page.wait_for_timeout(100)


def seeded_hand_over(page: Page, state: dict) -> None:
    """A save one card from going out, then that card played: the hand's summary."""
    card, stall = state["last"]
    page.locator(f'#board .kt-me [data-card="{card}"]').click(position={"x": 8, "y": 20})
    targets = page.locator("#board .target")
    if targets.count():
        page.locator(f'#board [data-zone="{stall}"]').click()
    expect(page.locator("#hand-dialog")).to_be_visible()


# --- the tours ---------------------------------------------------------------------------------


@dataclass
class Tour:
    path: str
    screens: list[tuple[str, Step]]
    state: Callable[[], dict] = dict


def solitaire_tour(game_id: str) -> Tour:
    return Tour(
        f"/?game={game_id}&deal={DEAL}",
        [
            ("a fresh deal", nothing),
            ("cards picked up", pick_up),
            ("after a move", make_a_move),
            ("the new-deal question", action("new", "#leave-dialog")),
            ("the rules", lambda p, s: (close_dialog(p, s), action(
                "rules", "#rules-dialog")(p, s))),
            ("the give-up confirmation", lambda p, s: (close_dialog(p, s), action(
                "giveup", "#confirm-dialog")(p, s))),
            ("the end dialog", give_up),
        ],
        lambda: {"game": engine(game_id, DEAL)},
    )


def table_state() -> dict:
    """A table one card from going out, as a save to seed (the table tests' search)."""
    from test_kings_corner_table import find_going_out, game_path, save_key

    deal, moves, last = find_going_out(players="h2")
    game = KingsCorner.new(deal=deal, players="h2")
    for text in moves:
        game.push(game.parse_move(text))
    record = {**game.to_save(), "redo": [], "names": ["You", "Arthur"]}
    zone = f"side-{last.stall}" if len(last.stall) == 1 else f"corner-{last.stall}"
    return {"path": game_path(deal, players="h2"), "last": (last.card, zone),
            "seed": {save_key(game): json.dumps(record)}}


TOURS = {
    "game list": Tour("/", [
        ("the game list", nothing),
        ("the shortcuts", press("?")),
        ("the settings", lambda p, s: (close_dialog(p, s), action(
            "settings", "#settings-dialog")(p, s))),
    ]),
    **{game_id: solitaire_tour(game_id) for game_id in SOLITAIRES},
    "statistics": Tour(f"/?game=devils-grip&deal={DEAL}", [
        ("the statistics", action("stats", "#stats-dialog")),
    ]),
    "table": Tour("/?game=kings-corner&deal=5&players=h2", [
        ("a fresh table", wait_for("#board .kt-me [data-card]")),
        ("a card picked up", pick_up_at_the_table),
        ("the seats and rules", action("setup", "#setup-dialog")),
        ("the shortcuts at the table", lambda p, s: (close_dialog(p, s), press("?")(p, s))),
    ]),
    "table hand over": Tour("", [
        ("the hand's summary", seeded_hand_over),
        ("the table after the hand", close_dialog),
    ], table_state),
}


@pytest.mark.parametrize("tour", list(TOURS))
def test_no_serious_violations(context, open_site, tour):
    plan = TOURS[tour]
    state = plan.state()
    if "seed" in state:
        seed_storage(context, state["seed"])
    page = open_site(state.get("path", plan.path))
    found = []
    for screen, step in plan.screens:
        step(page, state)
        violations = axe_violations(page)
        if violations:
            found.append(readable(f"{tour}: {screen}", violations))
    assert not found, "axe found serious or critical violations:\n" + "\n".join(found)


def test_axe_is_a_test_tool_that_never_ships():
    assert AXE.is_file(), "node_modules/axe-core is missing: run make vendor"
    site = ROOT / "_site"
    if site.is_dir():
        assert not any("axe" in path.name for path in site.rglob("*")), "axe-core shipped"


# --- the rating badge's contrast (issue 18) ---------------------------------------------------

# The WCAG contrast of an element's words on its own background laid over the table's
# colour (--bg): the badge's background is translucent, over the felt.
CONTRAST = """(el) => {
  const parse = (text) => {
    const m = text.match(/[\\d.]+/g).map(Number);
    return {r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1};
  };
  const probe = document.createElement('span');
  probe.style.color = getComputedStyle(document.body).getPropertyValue('--bg');
  document.body.append(probe);
  const table = parse(getComputedStyle(probe).color);
  probe.remove();
  const style = getComputedStyle(el);
  const ink = parse(style.color), paint = parse(style.backgroundColor);
  const over = (c) => paint[c] * paint.a + table[c] * (1 - paint.a);
  const ground = {r: over('r'), g: over('g'), b: over('b')};
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const [a, b] = [lum(ink), lum(ground)].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), image: style.backgroundImage};
}"""


def test_devils_grips_ratings_are_readable_by_day(new_context, site_url):
    """Every rating word of Devil's Grip ("a win", "excellent", "very good", "good") stands
    at least 4.5:1 on its badge over the light theme's felt (it was pale green on pale
    green); the badge is put in each state as the status line does (status_bar.py)."""
    from game.games.devils_grip import RATINGS

    context = new_context(color_scheme="light")
    page = context.new_page()
    page.goto(f"{site_url}/?game=devils-grip&deal={DEAL}")
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    badge = page.locator("#rating")
    weak = []
    for _, word in RATINGS:
        badge.evaluate("(el, word) => { el.textContent = word;"
                       " el.dataset.rating = word.replace(/ /g, '-'); }", word)
        found = badge.evaluate(CONTRAST)
        if found["image"] == "none" and found["ratio"] < 4.5:
            weak.append(f"{word}: {found['ratio']:.2f}:1")
        elif found["image"] != "none":  # a gradient: its words are dark on gold
            assert word == "excellent", f"{word} has a background image by day"
    assert not weak, "rating words under 4.5:1 by day: " + ", ".join(weak)
    found = axe_violations(page)
    assert not found, readable("Devil's Grip's rating by day", found)
