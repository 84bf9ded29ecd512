"""The first-run guide in Chromium (game/ui/guide_view.py), in a new player's browser (every
other test starts with the guides seen: e2e/conftest.py). Shown the first time a game
opens, step by step (the board, the stock, Hint, Rules), by keyboard and mouse; Escape
closes it and the focus goes back to the board; Skip closes it too; neither shows it again
for that game. Three page loads."""

from __future__ import annotations

import re

from conftest import READY, READY_TIMEOUT_MS
from helpers import storage
from playwright.sync_api import expect
from test_a11y import axe_violations, readable

from game.ui.guide import KEY, SEEN

TARGET = re.compile(r"\bguide-target\b")
ACTIVE_IN_BOARD = "() => !!document.activeElement && !!document.activeElement.closest('#board')"


def test_the_guide_shows_once_per_game_and_escape_or_skip_closes_it(new_context, site_url):
    context = new_context(first_run=True, viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{site_url}/?game=devils-square&deal=3")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    bubble = page.locator("#guide")
    expect(bubble).to_be_visible(timeout=10_000)
    expect(page.locator("#guide-count")).to_have_text("Step 1 of 4")
    expect(page.locator("#guide-title")).to_have_text("The board")
    expect(page.locator("#board > .field")).to_have_class(TARGET)
    next_button = bubble.locator('[data-guide="next"]')
    expect(next_button).to_be_focused()

    found = axe_violations(page)  # the bubble is a labelled, reachable dialog
    assert not found, readable("the first-run guide", found)

    page.keyboard.press("Enter")  # by keyboard: the focused Next
    expect(page.locator("#guide-title")).to_have_text("Cards to come")
    expect(page.locator('#board [data-zone="stock"]')).to_have_class(TARGET)
    box, stock = bubble.bounding_box(), page.locator('[data-zone="stock"]').bounding_box()
    assert box["x"] + box["width"] <= 1366 and box["y"] + box["height"] <= 768  # on screen
    assert abs(box["y"] - (stock["y"] + stock["height"])) < 40 or abs(
        box["y"] + box["height"] - stock["y"]) < 40  # beside its stock, above or below
    next_button.click()
    expect(page.locator("#guide-title")).to_have_text("Stuck?")
    expect(page.locator('.actions [data-action="hint"]')).to_have_class(TARGET)
    next_button.click()
    expect(page.locator("#guide-count")).to_have_text("Step 4 of 4")
    expect(next_button).to_have_text("Done")
    expect(bubble.locator('[data-guide="skip"]')).to_be_hidden()  # Done says it
    page.locator('.actions [data-action="hint"]').focus()  # Escape closes it from anywhere
    expect(page.locator(".guide-target")).to_have_count(1)

    page.keyboard.press("Escape")
    expect(bubble).to_be_hidden()
    expect(page.locator(".guide-target")).to_have_count(0)
    assert page.evaluate(ACTIVE_IN_BOARD)  # the focus is back on the board
    assert storage(page)[KEY + "devils-square"] == SEEN
    expect(page.locator("dialog[open]")).to_have_count(0)  # Escape did nothing else

    # another game: its own guide, closed by Skip (no reload: the game list's tile)
    page.click("a.brand")
    page.click('a.game-tile[data-game-id="devils-grip"]')
    expect(bubble).to_be_visible(timeout=10_000)
    bubble.locator('[data-guide="skip"]').click()
    expect(bubble).to_be_hidden()
    assert storage(page)[KEY + "devils-grip"] == SEEN
    assert page.evaluate(ACTIVE_IN_BOARD)

    # never again: each game opened afresh shows no guide
    for path in ("/?game=devils-square&deal=4", "/?game=devils-grip"):
        page.goto(site_url + path)
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(1500)  # the guide opens 0.7 s after the game: it did not
        expect(bubble).to_be_hidden()
