"""Two tabs of the site at once (game/ui/tabs.py): neither overwrites the other's newer
save without noticing. Two pages of one browser context share localStorage and get each
other's `storage` events, as two tabs do."""

from __future__ import annotations

import json

import pytest
from helpers import (
    ASIDE_PREFIX,
    SAVE_PREFIX,
    TOAST_LOG_JS,
    engine,
    expect_board,
    play_by_clicks,
    storage,
    toasts,
)
from playwright.sync_api import expect

from game.ui.tabs import FOLLOWED, KEPT_ASIDE

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

DEAL = 123
PATH = f"/?game=devils-square&deal={DEAL}"
KEY = f"{SAVE_PREFIX}devils-square:{DEAL}"

# A tab asleep: the `storage` events never reach the page's own listener (a capturing
# listener on window runs first and stops them), so only the check before a save is left.
DEAF_JS = """
addEventListener('storage', e => e.stopImmediatePropagation(), true);
"""


def saved(page) -> list[str]:
    return json.loads(storage(page)[KEY])["moves"]


def test_each_tab_follows_the_other_s_moves(context, open_site):
    context.add_init_script(TOAST_LOG_JS)
    first, second = open_site(PATH), open_site(PATH)
    game = engine("devils-square", DEAL)
    for mover, watcher in ((first, second), (second, first), (first, second)):
        play_by_clicks(mover, game, game.legal_moves()[0])
        expect_board(mover, game)
        expect_board(watcher, game)  # redrawn from the other tab's save, by itself
        assert saved(mover) == saved(watcher) == [str(m) for m in game.move_stack]
    assert toasts(second) == [FOLLOWED, FOLLOWED]
    assert toasts(first) == [FOLLOWED]
    # Undo in one tab is followed too: the redo line travels with the save.
    first.click('.actions [data-action="undo"]')
    undone = game.pop()
    expect_board(second, game)
    expect(second.locator('.actions [data-action="redo"]')).to_be_enabled()
    second.click('.actions [data-action="redo"]')
    game.push(undone)
    expect_board(first, game)
    assert not [v for k, v in storage(first).items() if k.startswith(ASIDE_PREFIX)], (
        toasts(first), toasts(second), storage(first)[KEY])


def test_a_tab_that_missed_the_news_does_not_save_over_the_newer_game(context, open_site):
    context.add_init_script(TOAST_LOG_JS)
    awake = open_site(PATH)
    asleep = context.new_page()
    asleep.add_init_script(DEAF_JS)
    open_site(PATH, page=asleep)

    game = engine("devils-square", DEAL)
    stale = engine("devils-square", DEAL)
    play_by_clicks(awake, game, game.legal_moves()[0])
    expect_board(awake, game)
    newer = saved(awake)
    expect_board(asleep, stale)  # it heard nothing: it still shows the deal as dealt

    # A move in the tab that missed the news: its save would overwrite the newer game.
    move = next(m for m in stale.legal_moves() if str(m) != newer[0])
    play_by_clicks(asleep, stale, move)
    expect_board(asleep, game)  # it follows the stored game instead
    assert saved(asleep) == newer  # which is still there, whole
    assert toasts(asleep) == [KEPT_ASIDE]
    kept = [json.loads(v) for k, v in storage(asleep).items() if k.startswith(ASIDE_PREFIX)]
    assert [record["moves"] for record in kept] == [[str(move)]]  # its move, kept aside

    # From there on both tabs play one game.
    play_by_clicks(asleep, game, game.legal_moves()[0])
    expect_board(awake, game)
    assert saved(awake) == [str(m) for m in game.move_stack]


def test_settings_changed_in_one_tab_apply_in_the_other(context, open_site):
    first, second = open_site(PATH), open_site("/")
    first.click('[data-action="settings"]')
    first.select_option("#pref-theme", "dark")
    expect(first.locator("html")).to_have_attribute("data-theme", "dark")
    expect(second.locator("html")).to_have_attribute("data-theme", "dark")
    first.select_option("#pref-language", "nl")
    expect(second.locator("html")).to_have_attribute("lang", "nl")
    expect(second.locator("a.game-tile h2").first).not_to_have_text("Devil's Square")


def test_the_game_list_shows_what_another_tab_plays(context, open_site):
    home, player = open_site("/"), open_site(PATH)
    expect(home.locator('a.game-tile[data-game-id="devils-square"] .resume')).to_contain_text(
        str(DEAL))
    assert player.locator("body[data-view=game]").count() == 1
