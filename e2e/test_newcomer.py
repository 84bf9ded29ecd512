"""A newcomer's first minutes (issue 18): the regressions of its defects that are not about
the layout (e2e/test_layout.py), the names (test_stats.py), the hidden hand and the table's
end (test_kings_corner_table.py) or the rating's contrast (test_a11y.py).

* New deal, and the table's "Start a new match", ask before throwing an unfinished game
  away (a dialog of the page's own), and do not ask when nothing would be lost.
* The second click of a double-click does nothing: it picked up the card that had just
  refilled the cell.
* The clock starts at the first move, not when the page loads, and stops behind a dialog.
"""

from __future__ import annotations

import json

from helpers import (
    card_point,
    click_card,
    engine,
    expect_board,
    find_single_target_move,
    moves_from,
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


# --- a double-click -------------------------------------------------------------------------


def test_the_second_click_of_a_double_click_does_nothing(open_site):
    """Devil's Square deal 77: the 3 of green keys has one place to go; a double-click on
    it plays it, and the 4 of green axes that refills its cell stays where it is, not
    picked up. A click on it a moment later is a click again."""
    page = open_site("/?game=devils-square&deal=77")
    game = engine("devils-square", 77)
    move = game.parse_move("1-10")
    assert [str(m) for m in moves_from(game, "cell-1", 1)] == ["1-10"]
    page.mouse.dblclick(*card_point(page, "G3K"))
    game.push(move)
    assert game.zones()["cell-1"] == ["G4A"]  # the refill, which has places to go
    expect_board(page, game)
    page.wait_for_timeout(300)  # (what a picked-up card would show by now)
    expect(page.locator("#board .selected")).to_have_count(0)
    expect(page.locator("#board .target")).to_have_count(0)
    expect_board(page, game)

    page.wait_for_timeout(400)  # past the double-click: a click picks it up or plays it
    click_card(page, "G4A")
    targets = moves_from(game, "cell-1", 1)
    if len(targets) == 1:
        game.push(targets[0])
        expect_board(page, game)
    else:
        expect(page.locator('#board [data-card="G4A"]')).to_contain_class("selected")


# --- the clock ------------------------------------------------------------------------------

BOX = "#game-time-box"


def test_the_clock_starts_at_the_first_move_and_waits_behind_dialogs(open_site):
    page = open_site(f"/?game=devils-square&deal={DEAL}")
    page.wait_for_timeout(1_600)  # looking at the deal is not playing
    expect(page.locator("#game-time")).to_have_text("0:00")
    expect(page.locator(BOX)).to_have_attribute("data-running", "no")

    game = engine("devils-square", DEAL)
    play_by_clicks(page, game, find_single_target_move(game))
    expect(page.locator(BOX)).to_have_attribute("data-running", "yes")
    expect(page.locator("#game-time")).to_have_text("0:01", timeout=3_000)

    for action, dialog in (("rules", "#rules-dialog"), ("settings", "#settings-dialog"),
                           ("stats", "#stats-dialog")):
        page.click(f'.actions [data-action="{action}"]')
        expect(page.locator(dialog)).to_be_visible()
        expect(page.locator(BOX)).to_have_attribute("data-running", "no")
        shown = page.locator("#game-time").text_content()
        page.wait_for_timeout(1_200)
        assert page.locator("#game-time").text_content() == shown, f"it ran behind {action}"
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        expect(page.locator(BOX)).to_have_attribute("data-running", "yes")
