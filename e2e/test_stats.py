"""Statistics in Chromium: a game won with real clicks is counted once, the dialog shows
its figures and chart, the clock and move counter go on after a reload and pause when the
tab is hidden or the game is over, reset asks first, a 'Show me' replay is no win, a new
deal counts an unfinished game as lost (Guard mode apart), a table counts its match, and
damaged or unstorable statistics follow the never-lose rules of saves.

The CPython engine and solver are the oracle; game/ui/stats_model.py is tested in tests/."""

from __future__ import annotations

import json
import re

import pytest
from helpers import (
    ASIDE_PREFIX,
    TOAST_LOG_JS,
    engine,
    find_clickable_move,
    play_by_clicks,
    seed_storage,
    storage,
    toasts,
)
from playwright.sync_api import Page, expect
from test_hints_and_solver import give_up, make, path, saved_record, solution_of, wait_saved

from game.ui.stats_store import stats_key
from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

KCS, KCS_WIN_DEAL = "kings-corner-solitaire", 11  # the solver's line wins deal 11
DIALOG = "#stats-dialog"
BARS = f"{DIALOG} svg.stats-chart rect.bar"


def stored(page: Page, game_id: str) -> dict:
    """The game's statistics as stored: mode -> counters (empty when none)."""
    text = storage(page).get(stats_key(game_id))
    return {} if text is None else json.loads(text)["modes"]


def open_stats(page: Page, where: str = ".actions") -> None:
    page.click(f'{where} [data-action="stats"]')
    expect(page.locator(DIALOG)).to_be_visible()


def figures(page: Page) -> dict[str, str]:
    rows = page.locator(f"{DIALOG} .stats-table tr")
    return {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").inner_text()
            for i in range(rows.count())}


def close_stats(page: Page) -> None:
    page.click(f'{DIALOG} [data-action="stats-close"]')
    expect(page.locator(DIALOG)).to_be_hidden()


def clock_seconds(page: Page) -> int:
    minutes, seconds = page.locator("#game-time").inner_text().split(":")
    return int(minutes) * 60 + int(seconds)


CLOCK_JS = ("() => { const [m, s] = document.getElementById('game-time').textContent"
            ".split(':').map(Number); return m * 60 + s; }")


def wait_clock(page: Page, at_least: int) -> None:
    page.wait_for_function(f"({CLOCK_JS})() >= {at_least}", timeout=10_000)


# The tab put away, and shown again: what the browser does on switching tabs.
HIDE_JS = """() => {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
    document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW_JS = HIDE_JS.replace("=> true", "=> false")


def play_line(page: Page, game_id: str, deal: int, moves: list[str]):
    """Play `moves` with real clicks from the deal's start; the CPython game after them."""
    game = engine(game_id, deal)
    for text in moves:
        make(page, game, game.parse_move(text))
        wait_saved(page, game)
    return game


def test_a_won_game_counts_once_and_the_dialog_shows_it(open_site):
    line = solution_of(KCS, KCS_WIN_DEAL).moves
    page = open_site(path(KCS, KCS_WIN_DEAL))
    game = play_line(page, KCS, KCS_WIN_DEAL, line)
    assert game.outcome().won
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#outcome")).to_have_attribute("data-won", "true")
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 1 of 1 · streak 1")

    open_stats(page, "#end-dialog")
    expect(page.locator("#stats-game")).to_have_value(KCS)
    expect(page.locator("#stats-mode")).to_have_value("relaxed")
    shown = figures(page)
    assert shown["Games played"] == "1" and shown["Games won"] == "1"
    assert shown["Win rate"] == "100%" and shown["Current streak"] == "1"
    assert shown["Fewest moves in a win"] == str(len(line))
    assert shown["Best score"] == str(game.outcome().score)
    assert re.fullmatch(r"\d+:\d\d", shown["Fastest win"])
    expect(page.locator(BARS)).to_have_count(1)
    expect(page.locator(f"{BARS}.won")).to_have_count(1)
    close_stats(page)
    expect(page.locator("#end-dialog")).to_be_visible()  # the dialog below is still there

    page = open_site(path(KCS, KCS_WIN_DEAL), page=page)  # a reload shows the won game
    expect(page.locator("#outcome")).to_have_attribute("data-won", "true")
    assert stored(page, KCS)["relaxed"]["played"] == 1
    page.click('.actions [data-action="undo"]')  # take back the last move, win again
    expect(page.locator("body")).to_have_attribute("data-over", "no")
    page.click('.actions [data-action="redo"]')
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 1 of 1 · streak 1")
    counted = stored(page, KCS)["relaxed"]
    assert (counted["played"], counted["won"]) == (1, 1)
    assert saved_record(page, KCS, KCS_WIN_DEAL)["counted"] is True


def test_the_clock_and_move_counter_go_on_after_a_reload_and_pause(open_site):
    line = solution_of(KCS, KCS_WIN_DEAL).moves
    page = open_site(path(KCS, KCS_WIN_DEAL))
    expect(page.locator("#moves")).to_have_text("0")
    play_line(page, KCS, KCS_WIN_DEAL, line[:3])
    expect(page.locator("#moves")).to_have_text("3")
    wait_clock(page, 2)
    expect(page.locator("#game-time-box")).to_have_attribute("data-running", "yes")
    page.click('.actions [data-action="undo"]')
    expect(page.locator("#moves")).to_have_text("2")  # undo takes a move off the count
    page.click('.actions [data-action="redo"]')
    expect(page.locator("#moves")).to_have_text("3")
    before = clock_seconds(page)
    saved = saved_record(page, KCS, KCS_WIN_DEAL)["seconds"]
    assert saved >= 2

    page = open_site(path(KCS, KCS_WIN_DEAL), page=page)
    expect(page.locator("#moves")).to_have_text("3")
    assert clock_seconds(page) >= min(before, int(saved))  # went on from the save
    wait_clock(page, before + 1)  # and keeps running

    # a hidden tab pauses the clock
    page.evaluate(HIDE_JS)
    expect(page.locator("#game-time-box")).to_have_attribute("data-running", "no")
    hidden_at = clock_seconds(page)
    page.wait_for_timeout(1_600)
    assert clock_seconds(page) == hidden_at
    assert saved_record(page, KCS, KCS_WIN_DEAL)["seconds"] >= hidden_at  # saved on hiding
    page.evaluate(SHOW_JS)
    expect(page.locator("#game-time-box")).to_have_attribute("data-running", "yes")
    wait_clock(page, hidden_at + 1)

    give_up(page)  # the end pauses it too
    expect(page.locator("#game-time-box")).to_have_attribute("data-running", "no")
    over_at = clock_seconds(page)
    page.wait_for_timeout(1_300)
    assert clock_seconds(page) == over_at


def test_reset_asks_first_then_empties_the_figures(open_site):
    page = open_site(path("devils-square", 3))
    give_up(page)
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 1 · streak 0")
    open_stats(page, "#end-dialog")
    assert figures(page)["Games played"] == "1"
    expect(page.locator(f"{BARS}.lost")).to_have_count(1)

    page.click("#stats-reset")
    confirm = page.locator("#stats-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Devil's Square")
    page.click('[data-action="stats-reset-no"]')  # changed their mind
    expect(confirm).to_be_hidden()
    assert figures(page)["Games played"] == "1"
    assert stored(page, "devils-square")["relaxed"]["played"] == 1

    page.click("#stats-reset")
    page.click('[data-action="stats-reset-yes"]')
    expect(confirm).to_be_hidden()
    assert figures(page)["Games played"] == "0"
    expect(page.locator(BARS)).to_have_count(0)
    expect(page.locator(f"{DIALOG} .stats-empty")).to_be_visible()
    expect(page.locator("#stats-reset")).to_be_disabled()
    assert stored(page, "devils-square") == {}
    close_stats(page)
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 0 · streak 0")


def test_a_show_me_replay_does_not_count_as_a_win(open_site):
    solution = solution_of(KCS, KCS_WIN_DEAL)
    page = open_site(path(KCS, KCS_WIN_DEAL))
    page.locator('#board [data-zone="cell-1"]').click()  # a move of the player's own
    give_up(page)
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 1 · streak 0")
    page.click('#solver [data-action="solve"]')
    expect(page.locator("#solver")).to_have_attribute("data-state", "won", timeout=30_000)
    page.click('#solver [data-action="show-line"]')
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#game-time-box")).to_have_attribute("data-running", "no")
    page.click('[data-action="replay-faster"]')
    page.click('[data-action="replay-faster"]')
    expect(page.locator("#outcome-title")).to_have_text("The winning line", timeout=60_000)
    expect(page.locator("#outcome")).to_have_attribute("data-won", "true")
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 1 · streak 0")
    counted = stored(page, KCS)["relaxed"]
    assert (counted["played"], counted["won"]) == (1, 0)
    record = saved_record(page, KCS, KCS_WIN_DEAL)
    assert record["moves"] == solution.moves and record["shown"] is True
    open_stats(page, "#end-dialog")
    assert figures(page)["Games won"] == "0"
    expect(page.locator(f"{BARS}.won")).to_have_count(0)


def test_a_new_deal_counts_an_unfinished_game_as_lost_and_guard_mode_apart(open_site):
    deal = 3
    page = open_site(path("devils-square", deal, guard=1))
    page.click('.actions [data-action="new"]')  # no move made: nothing to count
    page.wait_for_function(f"!location.search.includes('deal={deal}&')")
    page.wait_for_selector("body[data-state=ready]")
    assert stored(page, "devils-square") == {}
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    game = engine("devils-square", deal, guard=True)
    move = find_clickable_move(game)  # the new deal is random
    play_by_clicks(page, game, move)
    wait_saved(page, game)
    page.click('.actions [data-action="new"]')
    page.click("#leave-dialog #leave-yes")  # asked first: the game counts as lost
    page.wait_for_function(f"!location.search.includes('deal={deal}&')")
    page.wait_for_selector("body[data-state=ready]")
    counted = stored(page, "devils-square")
    assert list(counted) == ["guard"] and counted["guard"]["played"] == 1
    assert counted["guard"]["won"] == 0
    left = json.loads(storage(page)[slot_key("devils-square", deal, {"guard": True})])
    assert left["counted"] is True and left["moves"] == [str(m) for m in game.move_stack]

    open_stats(page)
    expect(page.locator("#stats-mode")).to_have_value("guard")
    assert figures(page)["Games played"] == "1"
    page.select_option("#stats-mode", "relaxed")
    assert figures(page)["Games played"] == "0"
    page.select_option("#stats-mode", "all")
    assert figures(page)["Games played"] == "1"
    page.select_option("#stats-game", "devils-grip")  # another game: nothing yet
    expect(page.locator("#stats-mode")).to_have_value("all")
    assert figures(page)["Games played"] == "0"


def test_a_stale_tab_hiding_never_overwrites_another_tabs_save(context, open_site):
    first = open_site(path(KCS, KCS_WIN_DEAL))  # (its clock waits for a first move)
    second = open_site(path(KCS, KCS_WIN_DEAL))  # the same deal in another tab, played on
    line = solution_of(KCS, KCS_WIN_DEAL).moves
    play_line(second, KCS, KCS_WIN_DEAL, line[:2])
    first.evaluate(HIDE_JS)  # the first tab is put away (or closed)
    expect(first.locator("#game-time-box")).to_have_attribute("data-running", "no")
    assert saved_record(second, KCS, KCS_WIN_DEAL)["moves"] == line[:2]


def test_the_table_counts_its_match_and_its_hands(open_site):
    page = open_site("/?game=kings-corner&deal=3")
    expect(page.locator("#moves-label")).to_have_text("Round")
    expect(page.locator("#moves")).to_have_text("1")
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    page.wait_for_function(f"localStorage.getItem('{stats_key('kings-corner')}') !== null")
    counted = stored(page, "kings-corner")["relaxed"]
    assert (counted["played"], counted["won"]) == (1, 0)
    open_stats(page, "#end-dialog")  # giving up opens the end dialog, as in every game
    assert figures(page)["Games played"] == "1"
    assert "Fewest hands in a win" in figures(page)
    expect(page.locator("#stats-mode")).to_be_disabled()  # a table has one mode


def test_every_game_has_a_name_of_its_own_in_the_statistics_and_the_header(open_site):
    """The patience and the table of Kings in the Corner were both "Kings in the Corner"
    (issue 18): the statistics' game list and each game's header tell them apart."""
    page = open_site("/?game=kings-corner&deal=3")
    table_title = page.locator("#game-title").text_content()
    open_stats(page)
    names = page.locator("#stats-game option").all_text_contents()
    assert len(names) == len(set(names)) >= 5, names
    page.goto(page.url.replace("game=kings-corner&", "game=kings-corner-solitaire&"))
    page.wait_for_selector("body[data-state=ready]", state="attached")
    assert page.locator("#game-title").text_content() != table_title
    assert table_title in names and page.locator("#game-title").text_content() in names


def test_damaged_statistics_are_kept_aside_and_said_once(context, open_site):
    broken = '{"v":1,"game":"devils-grip","modes":{"relaxed":{"played":"many"}}}'
    seed_storage(context, {stats_key("devils-grip"): broken})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site(path("devils-grip", 5))
    open_stats(page)
    assert figures(page)["Games played"] == "0"
    page.wait_for_function("(window.__toasts || []).some(t => t.includes('kept aside'))")
    close_stats(page)
    give_up(page)
    open_stats(page, "#end-dialog")
    assert figures(page)["Games played"] == "1"
    kept = [v for k, v in storage(page).items() if k.startswith(ASIDE_PREFIX)]
    assert kept == [broken]
    assert len([t for t in toasts(page) if "kept aside" in t]) == 1


def test_statistics_of_the_visit_stay_when_storage_is_full(context, open_site):
    context.add_init_script("""
        Storage.prototype.setItem = function () {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };""")
    page = open_site(path("devils-grip", 5))
    give_up(page)
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 1 · streak 0")
    open_stats(page, "#end-dialog")
    assert figures(page)["Games played"] == "1"
    expect(page.locator(BARS)).to_have_count(1)
    assert stored(page, "devils-grip") == {}
