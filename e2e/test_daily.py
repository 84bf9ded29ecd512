"""The deal of the day in Chromium: the game list shows today's deal of every patience and
whether it is done; the deal, played to a win with real clicks, shows as won on the list
with a daily streak of 1 in the statistics, and is never counted twice (a move taken back
and made again, the page opened again, a second tab).

The date is the browser's own, in its time zone: the clock is pinned where the player's
calendar day (Auckland) is not the UTC one. The streak's arithmetic is tested in CPython
(tests/test_daily_streak.py)."""

from __future__ import annotations

import datetime
import json

import pytest
from helpers import READY, READY_TIMEOUT_MS, engine, storage
from playwright.sync_api import Page, expect
from test_early_board import let_go, reload_held
from test_hints_and_solver import make, solution_of

from game.games import load_all
from game.share.daily import daily_deal
from game.ui.daily_store import daily_key
from game.ui.record import SaveRecord
from game.ui.stats_store import stats_key
from game.ui.store import slot_key

GAME = "kings-corner-solitaire"
DAY = datetime.date(2026, 11, 27)
ZONE = "Pacific/Auckland"  # UTC+13 in November: 20:00 UTC on the 26th is the 27th there
NOW = datetime.datetime(2026, 11, 26, 20, 0, tzinfo=datetime.UTC)


def open_pinned(context, url: str) -> Page:
    page = context.new_page()
    page.clock.set_fixed_time(NOW)
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def daily_record(page: Page) -> dict:
    return json.loads(storage(page)[daily_key(GAME)])


@pytest.fixture
def pinned(new_context):
    return new_context(timezone_id=ZONE, reduced_motion="reduce", service_workers="block",
                       viewport={"width": 1200, "height": 900})


def test_the_daily_deal_played_and_won_shows_done_and_its_streak(pinned, site_url):
    deal = daily_deal(GAME, DAY)
    line = solution_of(GAME, deal).moves
    key = slot_key(GAME, deal, {}, DAY)
    page = open_pinned(pinned, f"{site_url}/")

    patiences = [gid for gid, info in load_all().items() if not info.table]
    links = page.locator("#game-list .daily-link")
    expect(links).to_have_count(len(patiences))
    for game_id in patiences:
        link = page.locator(f'.daily-link[data-game-id="{game_id}"]')
        assert link.get_attribute("href") == f"?game={game_id}&daily=2026-11-27"
        expect(link).to_have_attribute("data-daily", "not-yet")
        expect(link).to_contain_text("Today’s deal")

    # Opened from the list: that day's deal, dealt fresh in its own slot.
    page.click(f'.daily-link[data-game-id="{GAME}"]')
    page.wait_for_selector("body[data-view=game]")
    assert page.evaluate("location.search") == f"?game={GAME}&daily=2026-11-27"
    expect(page.locator("#deal-label")).to_have_text(f"Daily deal, November 27 · deal {deal}")
    page.wait_for_function("key => localStorage.getItem(key) !== null", arg=key)
    saved = json.loads(storage(page)[key])
    assert (saved["deal"], saved["kind"], saved["moves"]) == (deal, "winnable", [])

    # Played on to one move from the win (stored as the page stores a game), then back
    # on the list: in progress; opened again, it resumes.
    game = engine(GAME, deal, line[:-1])
    record = SaveRecord(game.to_save(), seconds=200.0, kind="winnable").to_json()
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, record])
    page.click(".topbar a.brand")
    expect(page.locator(f'.daily-link[data-game-id="{GAME}"]')).to_have_attribute(
        "data-daily", "started")
    expect(page.locator(f'.daily-link[data-game-id="{GAME}"]')).to_contain_text("In progress")
    page.click(f'.daily-link[data-game-id="{GAME}"]')
    expect(page.locator("#moves")).to_have_text(str(len(line) - 1))
    # Its address, visited again, shows the board left before Python is up (js/early.js).
    page.evaluate("window.cardgamesEarly.keep()")
    held = reload_held(page)
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    expect(page.locator("body > [data-early] #moves")).to_have_text(str(len(line) - 1))
    let_go(page, held)
    make(page, game, game.parse_move(line[-1]))
    assert game.outcome().won
    expect(page.locator("#end-dialog")).to_be_visible()
    figures = page.locator("#end-dialog .stats-figures")
    expect(figures).to_have_text("Won 1 of 1 · streak 1 (Winnable deals) · Daily streak 1")

    page.click('#end-dialog [data-action="stats"]')
    daily = page.locator("#stats-dialog .stats-daily")
    expect(daily).to_have_attribute("data-streak", "1")
    expect(daily).to_have_attribute("data-best", "1")
    expect(daily).to_contain_text("Current daily streak")
    page.click('#stats-dialog [data-action="stats-close"]')

    # The last move taken back and made again: no second count, of either kind.
    page.click('#end-dialog [data-action="undo"]')
    expect(page.locator("body")).to_have_attribute("data-over", "no")
    page.click('.actions [data-action="redo"]')
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(figures).to_have_text("Won 1 of 1 · streak 1 (Winnable deals) · Daily streak 1")
    assert daily_record(page)["won"] == [["2026-11-27", 1]]

    # The list says it is done; a second tab and the page opened again count nothing more.
    page.click('#end-dialog [data-action="close"]')
    page.click(".topbar a.brand")
    done = page.locator(f'.daily-link[data-game-id="{GAME}"]')
    expect(done).to_have_attribute("data-daily", "won")
    expect(done).to_contain_text("Daily streak 1")
    other = open_pinned(pinned, f"{site_url}/?game={GAME}&daily=2026-11-27")
    expect(other.locator("#outcome")).to_have_attribute("data-won", "true")
    other.close()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator(f'.daily-link[data-game-id="{GAME}"]')).to_have_attribute(
        "data-daily", "won")
    stats = json.loads(storage(page)[stats_key(GAME)])["modes"]
    assert sum(tally["played"] for tally in stats.values()) == 1
    record = daily_record(page)
    assert (record["won"], record["played"], record["best"]) == ([["2026-11-27", 1]], [], 1)


def test_a_day_not_yet_come_is_refused_with_one_sentence(pinned, site_url):
    page = open_pinned(pinned, f"{site_url}/?game={GAME}&daily=2026-11-28")
    expect(page.locator("#toast")).to_have_text(
        "That day's deal is not out yet, so here is the list of games.")
    expect(page.locator("body")).to_have_attribute("data-view", "home")
