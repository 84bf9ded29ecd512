"""A newcomer's first minutes (issue 18): the regressions of its defects that are not about
the layout (e2e/test_layout.py), the names (test_stats.py), the hidden hand and the table's
end (test_kings_corner_table.py) or the rating's contrast (test_a11y.py).

* New deal, and the table's "Start a new match", ask before throwing an unfinished game
  away (a dialog of the page's own), and do not ask when nothing would be lost.
"""

from __future__ import annotations

import json

from helpers import (
    engine,
    expect_board,
    find_single_target_move,
    play_by_clicks,
    seed_storage,
    url_params,
)
from playwright.sync_api import expect

LEAVE = "#leave-dialog"
DEAL = 3


# --- New deal asks first ---------------------------------------------------------------------


def test_new_deal_asks_before_throwing_a_game_away(open_site):
    page = open_site(f"/?game=devils-square&deal={DEAL}")
    game = engine("devils-square", DEAL)
    play_by_clicks(page, game, find_single_target_move(game))
    expect_board(page, game)

    page.click('.actions [data-action="new"]')
    dialog = page.locator(LEAVE)
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Leave this game?")
    expect(dialog.locator("#leave-yes")).to_have_text("New deal")
    expect(dialog.locator("#leave-yes")).to_be_focused()
    page.click(f'{LEAVE} [data-action="close"]')  # Keep playing: nothing changes
    expect(dialog).to_be_hidden()
    assert url_params(page)["deal"] == str(DEAL)
    expect_board(page, game)

    page.keyboard.press("Escape")
    page.click('.actions [data-action="new"]')
    page.keyboard.press("Escape")  # Escape keeps playing too
    expect(dialog).to_be_hidden()
    assert url_params(page)["deal"] == str(DEAL)

    page.click('.actions [data-action="new"]')
    page.click(f"{LEAVE} #leave-yes")
    page.wait_for_function(f"new URLSearchParams(location.search).get('deal') !== '{DEAL}'")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    expect(dialog).to_be_hidden()


def test_new_deal_asks_nothing_before_a_move_or_after_the_end(open_site):
    page = open_site(f"/?game=devils-grip&deal={DEAL}")
    page.click('.actions [data-action="new"]')  # no move made: nothing to lose
    page.wait_for_function(f"new URLSearchParams(location.search).get('deal') !== '{DEAL}'")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    expect(page.locator(LEAVE)).to_be_hidden()

    deal = int(url_params(page)["deal"])
    game = engine("devils-grip", deal)
    play_by_clicks(page, game, game.legal_moves()[0])
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    expect(page.locator("#end-dialog")).to_be_visible()
    page.click('#end-dialog [data-action="new"]')  # the game is over: nothing to lose
    page.wait_for_function(f"new URLSearchParams(location.search).get('deal') !== '{deal}'")
    page.wait_for_selector("body[data-state=ready]", state="attached")
    expect(page.locator(LEAVE)).to_be_hidden()


def test_start_a_new_match_asks_in_the_middle_of_one(context, open_site):
    from test_a11y import table_state

    state = table_state()  # a table one card from the person going out: they have played
    seed_storage(context, state["seed"])
    page = open_site(state["path"])
    page.click('#board [data-action="setup"]')
    page.click('#setup-dialog [data-action="start-table"]')
    dialog = page.locator(LEAVE)
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Leave this match?")
    expect(dialog.locator("#leave-yes")).to_have_text("Start a new match")
    before = page.url
    page.click(f'{LEAVE} [data-action="close"]')
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert page.url == before

    page.click('.actions [data-action="new"]')  # New deal at the table: a new match
    expect(dialog.locator("#leave-yes")).to_have_text("New match")
    page.click(f"{LEAVE} #leave-yes")
    page.wait_for_function("(before) => location.href !== before", arg=before)
    page.wait_for_selector("body[data-state=ready]", state="attached")
    saved = [k for k in json.loads(page.evaluate("JSON.stringify(Object.keys(localStorage))"))]
    assert saved  # the page goes on saving the new match
