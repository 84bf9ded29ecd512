"""Challenges in Chromium: a game won in Guard mode is shared as a challenge in one browser;
in another, the link deals the same cards in Guard mode without showing the moves, says
what to beat, and at the end shows both results side by side with a link to watch the
sharer's game; opened again, the challenge resumes its ended game and counts nothing
more. Hostile challenge links are in e2e/test_sharing.py's list and
tests/test_challenge.py."""

from __future__ import annotations

import json

import pytest
from helpers import READY, READY_TIMEOUT_MS, engine, seed_storage, storage
from playwright.sync_api import expect
from test_hints_and_solver import make, solution_of

from game.share.replay import encode
from game.ui.record import SaveRecord
from game.ui.stats_store import stats_key
from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

GAME, DEAL = "devils-square", 147  # the solver wins it in 63 moves


def open_in(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def test_a_challenge_made_in_one_browser_is_taken_in_another(new_context, site_url):
    won = engine(GAME, DEAL, solution_of(GAME, DEAL, guard=True).moves, guard=True)
    assert won.outcome().won
    key = slot_key(GAME, DEAL, won.options)
    sharer = new_context(permissions=["clipboard-read", "clipboard-write"])
    seed_storage(sharer, {key: SaveRecord(won.to_save(), finished=True).to_json()})
    page = open_in(sharer, f"{site_url}/?game={GAME}&deal={DEAL}&guard=1")
    page.click('.status [data-action="show-outcome"]')
    page.click('#end-dialog [data-action="share-challenge"]')
    expect(page.locator("#toast")).to_contain_text("Challenge link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{site_url}/?beat={encode(won)}"
    sharer.close()

    taker = new_context(viewport={"width": 1200, "height": 900})
    page = open_in(taker, link)
    line = page.locator("#challenge-line")
    status = won.status()
    expect(line).to_have_text(f"Beat this: a win in {len(won.move_stack)} moves "
                              f"(Score {status.score} / {status.score_max})")
    expect(page.locator("body")).to_have_attribute("data-guard", "on")  # its options
    expect(page.locator("#moves")).to_have_text("0")  # the deal, not the sharer's moves
    assert page.evaluate("location.search") == f"?beat={encode(won)}"
    mine = engine(GAME, DEAL, guard=True)
    for _ in range(2):
        make(page, mine, mine.legal_moves()[0])
    expect(page.locator("#moves")).to_have_text("2")
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')

    result = page.locator("#challenge-result")
    expect(result).to_be_visible()
    expect(result).to_have_attribute("data-result", "lost")
    expect(result.locator(".challenge-verdict")).to_have_text("Not beaten this time.")
    you, them = result.locator('[data-side="mine"]'), result.locator('[data-side="theirs"]')
    expect(you).to_contain_text("Given up")
    expect(you).to_contain_text("2 moves")
    expect(them).to_contain_text("Won")
    expect(them).to_contain_text(f"{len(won.move_stack)} moves")
    played = json.loads(storage(page)[stats_key(GAME)])["modes"]["guard"]["played"]
    assert played == 1

    # Opened again: the challenge's game as it ended, counted once; then their game.
    page.goto(link)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#outcome")).to_have_attribute("data-won", "false")
    expect(page.locator("#moves")).to_have_text("2")
    page.click('.status [data-action="show-outcome"]')
    expect(result).to_be_visible()
    assert json.loads(storage(page)[stats_key(GAME)])["modes"]["guard"]["played"] == 1
    page.click("#challenge-result a.watch-link")
    page.wait_for_function("document.body.dataset.watching === 'yes'")
    expect(page.locator("#watch-at")).to_contain_text(f"of {len(won.move_stack)}")
    expect(page.locator("#challenge-line")).to_be_hidden()
