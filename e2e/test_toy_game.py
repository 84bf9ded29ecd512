"""A game added by its own files alone plays in Chromium: the made-up patience of
tests/toy/ (its engine and GameInfo, its page module, its stylesheet, its Rules text) is
laid over the site by the build (`tools/build_site.py DIR --overlay tests/toy`), and no
other file names it. It appears in the game list, plays by click and by keyboard, saves
and resumes, counts in the statistics and shows its Rules page and its own styles."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import READY, READY_TIMEOUT_MS, click_card, click_zone, storage
from playwright.sync_api import Page, expect
from test_keyboard import enter_board, go_to

import game.games
import game.ui.games
from game.engine import Kind, registry
from game.games import load
from tools.build_site import build
from tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "toy"
TOY_ID = "toy-ladder"

# One worker builds the toy's site once (the fixture is per module, and each worker is one).
pytestmark = pytest.mark.xdist_group("toy-site")

DEAL = 7


@pytest.fixture(scope="module")
def toy_engine():
    """The toy in CPython too (the engine as the oracle), restored afterwards."""
    paths = [(game.games, TOY / "game" / "games"), (game.ui.games, TOY / "game" / "ui" / "games")]
    for package, path in paths:
        package.__path__.append(str(path))
    yield load(TOY_ID).engine
    for package, path in paths:
        package.__path__.remove(str(path))
    registry.REGISTRY.pop(TOY_ID, None)
    registry.GAMES.pop(TOY_ID, None)


@pytest.fixture(scope="module")
def toy_url(tmp_path_factory, toy_engine):
    out = tmp_path_factory.mktemp("toy") / "site"
    build(out, (TOY,))
    url, stop = serve_in_thread(out)
    yield url
    stop()


def open_toy(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def cells(page: Page) -> list[list[str]]:
    return page.evaluate("""() => [0, 1, 2, 3].map(i => [...document.querySelectorAll(
        `#board [data-zone="cell-${i}"] [data-card]`)].map(c => c.dataset.card))""")


def expect_cells(page: Page, game) -> None:
    want = [game.zones()[f"cell-{i}"] for i in range(4)]
    page.wait_for_function("(want) => JSON.stringify([0, 1, 2, 3].map(i => [...document"
                           ".querySelectorAll(`#board [data-zone=\"cell-${i}\"] [data-card]`)]"
                           ".map(c => c.dataset.card))) === JSON.stringify(want)", arg=want,
                           timeout=10_000)


def a_deal_with_a_climb(engine) -> int:
    for deal in range(DEAL, DEAL + 200):
        if any(m.gesture.kind is Kind.BUILD for m in engine.new(deal=deal).legal_moves()):
            return deal
    raise LookupError("no deal starts with a climb")


def test_the_toy_is_on_the_game_list_with_its_own_styles(toy_url, page):
    open_toy(page, toy_url + "/")
    tile = page.locator('a.game-tile[data-game-id="toy-ladder"]')
    expect(tile).to_contain_text("Toy Ladder")
    tile.click()
    page.wait_for_function("document.body.dataset.game === 'toy-ladder'")
    assert len(page.locator("#board .cell").all()) == 4
    joined = page.evaluate("fetch('./css/site.css').then(r => r.text())")  # (the build's)
    assert "/* css/games/toy-ladder.css */" in joined
    assert page.evaluate("getComputedStyle(document.querySelector('#board .toy-row'))"
                         ".display") == "grid"  # its stylesheet lays the board out


def test_the_toy_plays_by_click_saves_resumes_and_counts(toy_url, page, toy_engine):
    deal = a_deal_with_a_climb(toy_engine)
    open_toy(page, f"{toy_url}/?game={TOY_ID}&deal={deal}")
    game = toy_engine.new(deal=deal)
    assert cells(page) == [game.zones()[f"cell-{i}"] for i in range(4)]
    move = next(m for m in game.legal_moves() if m.gesture.kind is Kind.BUILD)
    click_card(page, game.zones()[move.gesture.source][-1])
    targets = [m for m in game.legal_moves() if m.gesture.source == move.gesture.source]
    if len(targets) > 1:
        click_zone(page, move.gesture.target)
    game.push(move)
    expect_cells(page, game)
    expect(page.locator("#moves")).to_have_text("1")
    click_zone(page, "stock")  # turn a card from the stock
    game.push("turn")
    expect(page.locator('#board [data-zone="waste"] [data-card]')).to_have_attribute(
        "data-card", game.zones()["waste"][-1])
    expect(page.locator("#score-label")).to_have_text("Rungs")
    expect(page.locator("#prompt")).to_contain_text("Climb a card")

    page.reload()  # resumed where it was
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect_cells(page, game)
    key = next(k for k in storage(page) if k.startswith(f"cardgames:save:{TOY_ID}:"))
    assert json.loads(storage(page)[key])["moves"] == [str(m) for m in game.move_stack]

    page.locator('.actions [data-action="giveup"]').click()
    page.locator('[data-action="confirm-giveup"]').click()
    expect(page.locator("#outcome")).to_have_attribute("data-outcome", "")
    page.wait_for_function(f"localStorage.getItem('cardgames:stats:{TOY_ID}') !== null")
    stats = json.loads(storage(page)[f"cardgames:stats:{TOY_ID}"])
    assert stats["modes"]["relaxed"]["played"] == 1


def test_the_toy_plays_by_keyboard_and_shows_its_rules(toy_url, page, toy_engine):
    deal = a_deal_with_a_climb(toy_engine)
    open_toy(page, f"{toy_url}/?game={TOY_ID}&deal={deal}")
    game = toy_engine.new(deal=deal)
    move = next(m for m in game.legal_moves() if m.gesture.kind is Kind.BUILD
                and len([t for t in game.legal_moves()
                         if t.gesture.source == m.gesture.source]) == 1)
    card = game.zones()[move.gesture.source][-1]
    enter_board(page)  # Tab, then the arrow keys, as a keyboard player does
    go_to(page, move.gesture.source, card)
    page.keyboard.press("Enter")
    game.push(move)
    expect_cells(page, game)
    page.keyboard.press("Control+z")
    game.pop()
    expect_cells(page, game)
    page.locator('.actions [data-action="rules"]').click()
    article = page.locator("#rules-article")
    expect(article).to_contain_text("A ladder starts with an Ace")
    assert re.search(r'data-card="4H"|4H', article.inner_html())  # its figure: real faces
