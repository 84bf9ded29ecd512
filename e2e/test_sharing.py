"""Shared games in Chromium (game/ui/watch_view.py): "Share this game" in one browser, the
link opened in a fresh one, watched, paused, stepped, scrubbed, then the deal played; the
opener's own save of that deal and their statistics untouched; hostile links refused with
one sentence and the game list."""

from __future__ import annotations

import random

from helpers import (
    READY,
    READY_TIMEOUT_MS,
    TOAST_LOG_JS,
    expect_board,
    follow_in_page,
    seed_storage,
    sentences,
    storage,
    toast,
    url_params,
)
from playwright.sync_api import expect

from game.games import GAMES
from game.share.replay import encode
from game.ui.record import SaveRecord
from game.ui.store import slot_key

GAME_ID = "devils-square"
DEAL = 4321


def finished_game(moves: int = 12):
    """A game of DEAL with `moves` random moves, then given up."""
    rng = random.Random(7)
    game = GAMES[GAME_ID].new(deal=DEAL)
    for _ in range(moves):
        game.push(rng.choice(game.legal_moves()))
    game.resign()
    return game


def at_move(game, count: int):
    again = GAMES[GAME_ID].new(deal=game.deal, **game.options)
    for move in game.move_stack[:count]:
        again.push(str(move))
    return again


def record_text(game, finished: bool) -> str:
    return SaveRecord(game.to_save(), seconds=30.0, finished=finished).to_json()


def open_in(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def bar_at(page) -> int:
    return int(page.locator("#watch-bar").get_attribute("data-at"))


def test_share_then_watch_step_scrub_and_play_in_a_fresh_browser(new_context, site_url):
    game = finished_game()
    key = slot_key(GAME_ID, DEAL, game.options)
    sharer = new_context(permissions=["clipboard-read", "clipboard-write"])
    seed_storage(sharer, {key: record_text(game, finished=True)})
    page = open_in(sharer, f"{site_url}/?game={GAME_ID}&deal={DEAL}")
    page.click('.status [data-action="show-outcome"]')
    share = page.locator('#end-dialog [data-action="share-game"]')
    expect(share).to_be_visible()
    share.click()
    expect(page.locator("#toast")).to_contain_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == f"{site_url}/?watch={encode(game)}"

    # The one opening it has a game of their own on that deal, and statistics.
    own = at_move(game, 3)
    viewer = new_context()
    seed_storage(viewer, {key: record_text(own, finished=False)})
    watch = open_in(viewer, link)
    before = storage(watch)
    bar = watch.locator("#watch-bar")
    expect(bar).to_be_visible()
    assert watch.locator("body").get_attribute("data-watching") == "yes"
    expect(watch.locator('.topbar [data-action="undo"]')).to_be_hidden()
    total = len(game.move_stack)
    expect(watch.locator("#watch-at")).to_contain_text(f"of {total}")
    # It plays by itself: wait for two moves, then pause and look.
    watch.wait_for_function("Number(document.querySelector('#watch-bar').dataset.at) >= 2",
                            timeout=15_000)
    watch.click('[data-action="watch-play"]')
    expect(bar).to_have_attribute("data-playing", "no")
    paused = bar_at(watch)
    expect_board(watch, at_move(game, paused))
    watch.wait_for_timeout(1500)
    assert bar_at(watch) == paused  # paused stays paused
    watch.click('[data-action="watch-back"]')
    expect_board(watch, at_move(game, paused - 1))
    watch.click('[data-action="watch-forward"]')
    watch.click('[data-action="watch-forward"]')
    expect_board(watch, at_move(game, paused + 1))
    watch.evaluate("""() => { const s = document.getElementById('watch-scrub');
        s.value = '7'; s.dispatchEvent(new Event('input', {bubbles: true})); }""")
    expect(bar).to_have_attribute("data-at", "7")
    expect_board(watch, at_move(game, 7))
    watch.click('[data-action="watch-end"]')
    expect(bar).to_have_attribute("data-at", str(total))
    expect(watch.locator("#message")).to_contain_text("Game over")
    watch.click('[data-action="watch-start"]')
    expect_board(watch, at_move(game, 0))
    # Clicking the board moves nothing; nothing was stored while watching.
    watch.locator("#board [data-card]").first.click()
    assert storage(watch) == before

    # Play this deal yourself: the viewer's own game of that deal, where they left it.
    watch.click('[data-action="watch-own"]')
    watch.wait_for_function("document.body.dataset.watching === 'no'")
    expect(bar).to_be_hidden()
    assert url_params(watch)["deal"] == str(DEAL)
    expect_board(watch, own)
    expect(watch.locator('.topbar [data-action="undo"]')).to_be_visible()


def test_the_speed_can_be_changed_and_play_restarts_at_the_end(new_context, site_url):
    game = finished_game(moves=4)
    page = open_in(new_context(), f"{site_url}/?watch={encode(game)}")
    page.select_option("#watch-speed", "fast")
    total = len(game.move_stack)
    page.wait_for_function(f"document.querySelector('#watch-bar').dataset.at === '{total}'",
                           timeout=15_000)
    expect(page.locator("#watch-bar")).to_have_attribute("data-playing", "no")
    expect_board(page, game)
    page.click('[data-action="watch-play"]')  # from the start again
    page.wait_for_function("Number(document.querySelector('#watch-bar').dataset.at) < "
                           f"{total}")


HOSTILE_LINKS = [
    "?watch=AAAA",
    "?watch=",
    "?beat=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E",
    "?watch=" + "A" * 6000,
    "CUT",  # a real link, cut short
    "EXTRA",  # a real link with another parameter
    "TABLE",  # a game at a table
]


def test_hostile_links_give_one_sentence_and_the_game_list(new_context, site_url):
    """The first link opened by a load, the others followed in that page one after
    another: each gives one sentence and the game list, and nothing is saved."""
    code = encode(finished_game(moves=6))
    real = {"CUT": f"?watch={code[:-3]}", "EXTRA": f"?watch={code}&game=devils-grip",
            "TABLE": f"?watch={encode(GAMES['kings-corner'].new(deal=5))}"}
    context = new_context()
    context.add_init_script(TOAST_LOG_JS)
    page = None
    for name in HOSTILE_LINKS:
        query = real.get(name, name)
        if page is None:
            page = open_in(context, f"{site_url}/{query}")
        else:
            follow_in_page(page, query)
        page.wait_for_function("window.__toasts.length > 0")
        expect(page.locator("body")).to_have_attribute("data-view", "home")
        text = toast(page)
        assert text and sentences(text) == 1, (name, text)
        assert "<" not in text
        assert page.evaluate("window.__pwned") is None
        assert not [k for k in storage(page) if k.startswith("cardgames:save:")]
