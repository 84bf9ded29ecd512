"""Storage faults in the browser, for statistics, settings and saves: damaged, truncated,
hand-edited or newer-version data; a localStorage really filled to its quota; and
storage methods that throw. Each time the game plays, the player is told once, and what
could not be read is kept under an aside key (tests/test_saves.py has the CPython side:
every kind of damage, the format migrations and the previous release's saves).

The autouse console guard of conftest.py fails any test on a console error or an
uncaught exception.
"""

from __future__ import annotations

import json

import pytest
from helpers import (
    ASIDE_PREFIX,
    CURRENT_PREFIX,
    SAVE_PREFIX,
    TOAST_LOG_JS,
    click_zone,
    engine,
    expect_board,
    page_deal,
    play_by_clicks,
    seed_storage,
    sentences,
    storage,
    toasts,
)
from playwright.sync_api import Page, expect
from test_stats import figures, open_stats

from game.games import GAMES
from game.games.devils_grip import DEAL
from game.ui.settings import KEY as SETTINGS_KEY
from game.ui.stats_store import stats_key

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

TALLY = {"played": 2, "won": 1, "streak": 0, "best_streak": 1, "score_total": 200,
         "scored": 2, "best_score": 160, "fewest_moves": 50, "fastest": 300, "recent": []}


def stats_text(v=1, **changes) -> str:
    return json.dumps({"v": v, "game": "devils-square",
                       "modes": {"relaxed": {**TALLY, **changes}}})


BAD_STATS = {
    "not JSON": "{not json",
    "truncated": stats_text()[:60],
    "negative count": stats_text(played=-3),
    "huge count": stats_text(score_total=10**40),
    "NaN": stats_text().replace('"best_score": 160', '"best_score": NaN'),
    "newer version": stats_text(v=2),
}


def asides(page: Page) -> list[str]:
    return [v for k, v in storage(page).items() if k.startswith(ASIDE_PREFIX)]


def said(page: Page, words: str) -> list[str]:
    return [t for t in toasts(page) if words in t]


def play_a_move(page: Page, game_id: str) -> None:
    game = engine(game_id, page_deal(page))
    play_by_clicks(page, game, game.legal_moves()[0])
    expect_board(page, game)


@pytest.mark.parametrize("text", BAD_STATS.values(), ids=BAD_STATS.keys())
def test_bad_statistics_are_kept_aside_said_once_and_the_dialog_works(context, open_site, text):
    seed_storage(context, {stats_key("devils-square"): text})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/?game=devils-square&deal=123")
    play_a_move(page, "devils-square")
    open_stats(page)
    assert figures(page)["Games played"] == "0"
    page.wait_for_function("(window.__toasts || []).some(t => t.includes('statistics'))")
    assert asides(page) == [text]
    page.click('#stats-dialog [data-action="stats-close"]')
    page.click('.actions [data-action="giveup"]')
    page.click('[data-action="confirm-giveup"]')
    expect(page.locator("#end-dialog .stats-figures")).to_have_text("Won 0 of 1 · streak 0")
    open_stats(page, "#end-dialog")
    assert figures(page)["Games played"] == "1"
    stored = json.loads(storage(page)[stats_key("devils-square")])
    assert stored["v"] == 1 and stored["modes"]["relaxed"]["played"] == 1
    told = said(page, "statistics")
    assert len(told) == 1 and sentences(told[0]) == 1 and "kept aside" in told[0], told
    assert ("newer version" in told[0]) is (text == BAD_STATS["newer version"])
    assert asides(page) == [text]  # kept, not overwritten by the new figures


BAD_SETTINGS = {
    "not JSON": '{"v":1,"speed":',
    "a list": '["fast"]',
    "wrong values": '{"v":1,"speed":"warp","theme":"dark","autoplay":"yes"}',
    "nested deep": "[" * 50_000 + "]" * 50_000,
    "newer version": '{"v":2,"speed":"fast","music":"loud"}',
}


@pytest.mark.parametrize("text", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_bad_settings_are_kept_aside_said_once_and_the_dialog_works(context, open_site, text):
    seed_storage(context, {SETTINGS_KEY: text})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/?game=kings-square&deal=77")
    play_a_move(page, "kings-square")
    told = said(page, "settings")
    assert len(told) == 1 and sentences(told[0]) == 1 and "kept aside" in told[0], told
    newer = text == BAD_SETTINGS["newer version"]
    assert ("newer version" in told[0]) is newer
    assert asides(page) == [text]
    page.click('.actions [data-action="settings"]')
    expect(page.locator("#pref-speed")).to_have_value("fast" if newer else "normal")
    if text == BAD_SETTINGS["wrong values"]:  # the good field is kept
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.select_option("#pref-speed", "slow")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SETTINGS_KEY}') || '{{}}').speed === 'slow'")
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    assert json.loads(storage(page)[SETTINGS_KEY])["v"] == 1
    assert asides(page) == [text] and len(said(page, "settings")) == 0  # told once


NEWER_SAVE = json.dumps({"v": 2, "game": "devils-square", "deal": 123,
                         "options": {"guard": False}, "moves": ["3-12"], "format": "new"})


@pytest.mark.parametrize("path", ["/?game=devils-square", "/?game=devils-square&deal=123"],
                         ids=["resumed", "by link"])
def test_a_save_of_a_newer_version_is_kept_aside_with_its_own_sentence(context, open_site,
                                                                        path):
    key = f"{SAVE_PREFIX}devils-square:123"
    seed_storage(context, {key: NEWER_SAVE, f"{CURRENT_PREFIX}devils-square": key})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site(path)
    told = toasts(page)
    assert len(told) == 1 and sentences(told[0]) == 1, told
    assert "newer version" in told[0] and "kept aside" in told[0], told
    assert asides(page) == [NEWER_SAVE]
    if "deal" in path:
        assert page_deal(page) == 123
    game = engine("devils-square", page_deal(page))
    expect_board(page, game)  # a fresh deal
    play_a_move(page, "devils-square")
    assert asides(page) == [NEWER_SAVE]


# Fill localStorage with another site's junk until setItem throws QuotaExceededError.
FILL_JS = """
() => {
  let size = 1 << 20, n = 0, error = '';
  while (size >= 8) {
    try { localStorage.setItem('junk:' + n, 'x'.repeat(size)); n++; }
    catch (e) { error = e.name; size = size >> 1; }
  }
  return {n, error};
}
"""


def finished_save(deal: int, saved: int) -> tuple[str, str]:
    game = engine("kings-square", deal)
    game.push(game.legal_moves()[0])
    game.resign()
    record = dict(game.to_save(), redo=[], saved=saved, finished=True)
    return f"{SAVE_PREFIX}kings-square:{deal}", json.dumps(record, separators=(",", ":"))


@pytest.mark.parametrize("finished", [0, 6], ids=["nothing to free", "finished games to free"])
def test_a_really_full_storage(context, open_site, finished):
    """Nothing to free: the game plays and says once that progress is not being saved.
    Finished games stored: the oldest are removed to make room and the game is saved."""
    old = dict(finished_save(deal, saved=deal) for deal in range(1, finished + 1))
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/")
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v) }", old)
    filled = page.evaluate(FILL_JS)
    assert filled["error"] == "QuotaExceededError" and filled["n"] > 0, filled
    page.click('a.game-tile[data-game-id="devils-grip"]')
    page.wait_for_selector("body[data-view=game][data-game=devils-grip][data-state=ready]")
    game = engine("devils-grip", page_deal(page))
    for _ in range(3):  # deals from the stock: legal on any deal, the tile's random one too
        click_zone(page, "stock")
        game.push(DEAL)
        expect_board(page, game)
    full = said(page, "not being saved")
    stored = storage(page)
    key = f"{SAVE_PREFIX}devils-grip:{game.deal}"
    junk = sum(k.startswith("junk:") for k in stored)
    assert junk == filled["n"]  # another site's data is never touched
    if not finished:
        assert len(full) == 1 and "full" in full[0] and sentences(full[0]) == 1, toasts(page)
        return
    assert full == [], toasts(page)
    assert json.loads(stored[key])["moves"] == [str(m) for m in game.move_stack]
    gone = [k for k in old if k not in stored]
    assert gone and gone == list(old)[:len(gone)]  # the oldest first
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    expect_board(page, game)  # resumed where it was


THROWING = {
    "removeItem": "Storage.prototype.removeItem = function () { throw new DOMException("
                  "'denied', 'SecurityError'); };",
    "getItem": "Storage.prototype.getItem = function () { throw new DOMException("
               "'denied', 'SecurityError'); };",
    "key": "Storage.prototype.key = function () { throw new DOMException("
           "'denied', 'SecurityError'); };",
}


@pytest.mark.parametrize("method", THROWING.keys())
def test_a_storage_method_that_throws(context, open_site, method):
    """removeItem or key() throwing: saving goes on, nothing to tell; getItem throwing:
    said once, and nothing stored is overwritten unseen."""
    key = f"{SAVE_PREFIX}devils-square:55"
    seed_storage(context, {key: "{damaged", f"{CURRENT_PREFIX}devils-square": key})
    context.add_init_script(THROWING[method])
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/?game=devils-square&deal=55")
    game = engine("devils-square", 55)
    expect_board(page, game)
    for _ in range(3):
        play_by_clicks(page, game, game.legal_moves()[0])
        expect_board(page, game)
    page.click('.actions [data-action="stats"]')
    expect(page.locator("#stats-dialog")).to_be_visible()
    stored = page.evaluate(  # localStorage[k]: not getItem, which may be the one throwing
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))")
    full = said(page, "not being saved")
    if method == "getItem":
        assert len(full) == 1 and sentences(full[0]) == 1, toasts(page)
        assert stored[key] == "{damaged"  # could not be read: not overwritten
        return
    assert full == [], toasts(page)
    assert "{damaged" in stored.values()  # set aside or left where it was
    assert json.loads(stored[key])["moves"] == [str(m) for m in game.move_stack]
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    expect_board(page, game)


@pytest.mark.parametrize("language", ["xx", "<img src=x onerror=window.__pwned=1>", ""])
def test_a_hand_edited_language_or_table_names_change_nothing_else(context, open_site,
                                                                   language):
    seed_storage(context, {"cardgames:language": language,
                           "cardgames:settings:table-names": "<b>Ann</b>\n" + "z" * 5000})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the browser's
    expect(page.locator("a.game-tile")).to_have_count(len(GAMES))
    assert toasts(page) == []
    page.goto(page.url.split("?")[0] + "?game=kings-corner&deal=9")
    page.wait_for_selector("body[data-state=ready][data-game=kings-corner]", state="attached",
                           timeout=60_000)
    assert page.locator("b:has-text('Ann'), #board img").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert storage(page)["cardgames:language"] == language  # kept as it was
