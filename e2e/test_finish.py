"""'Finish the game' in Chromium (game/ui/finish_view.py): a Devil's Square deal played by
the hint to one move before its draw pile runs out is not certain, and nothing is offered;
Redo plays that move, the pile is empty and the solver proves the win, so the button shows;
accepted, the rest is played move by move to a win (the end dialog opens as after any
win), and Undo then takes back one move. On a phone upright, where the offer floats at the
foot of the screen and moves nothing on the board. One page load."""

from __future__ import annotations

import json

from conftest import READY, READY_TIMEOUT_MS
from helpers import engine, seed_storage, storage
from playwright.sync_api import expect

from game.ai import solitaire
from game.ui.store import slot_key

GAME, DEAL = "devils-square", 2


def hint_until_the_pile_is_empty() -> list[str]:
    game = engine(GAME, DEAL)
    ai = solitaire.load(GAME)
    while game.stock:
        game.push(ai.hint(game))
    assert not game.is_over()
    return [str(move) for move in game.move_stack]


def test_finish_is_offered_only_when_certain_and_plays_the_game_to_a_win(context, site_url):
    line = hint_until_the_pile_is_empty()
    before = engine(GAME, DEAL, line[:-1])
    key = slot_key(GAME, DEAL, before.options)
    record = dict(before.to_save(), redo=[line[-1]], saved=0, finished=False)
    seed_storage(context, {key: json.dumps(record), f"cardgames:current:{GAME}": key})
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})  # a phone upright: the tightest
    page.goto(f"{site_url}/?game={GAME}&deal={DEAL}")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    button = page.locator("#btn-finish")

    def moves() -> list[str]:
        return json.loads(storage(page)[key])["moves"]

    page.wait_for_timeout(1500)  # a card is still to be drawn: not certain
    expect(button).to_be_hidden()
    assert page.evaluate("document.body.dataset.finish") == "off"

    top = "document.querySelector('#board').getBoundingClientRect().top"
    board_top = page.evaluate(top)
    page.click('[data-action="redo"]')  # the pile runs out: the solver proves the win
    expect(button).to_be_visible(timeout=15_000)
    expect(button).to_have_text("Finish the game")
    # offered, it floats at the foot of the screen: the board has not moved
    assert page.evaluate(top) == board_top
    box = button.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert moves() == line

    button.click()
    expect(button).to_be_hidden()
    expect(page.locator("#end-dialog")).to_be_visible(timeout=30_000)
    expect(page.locator("#outcome")).to_have_attribute("data-won", "true")
    finished = moves()
    assert finished[: len(line)] == line and len(finished) > len(line) + 5
    assert engine(GAME, DEAL, finished).outcome().won  # the page's own save is a win

    page.click('#end-dialog [data-action="close"]')
    page.click('[data-action="undo"]')  # the finishing moves are ordinary moves
    expect(page.locator("#moves")).to_have_text(str(len(finished) - 1))
    assert moves() == finished[:-1]
    # one move from the end, every line wins: the offer comes back, and plays the last move
    expect(button).to_be_visible(timeout=15_000)
