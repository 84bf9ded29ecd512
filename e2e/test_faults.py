"""What the page does with bad input: hostile or wrong URL parameters, saves that do not
replay, and a localStorage that is missing or throws (docs/architecture.md, "the never-lose rules").

The autouse console guard of conftest.py fails any of these tests on a console error
or an uncaught exception, so "no crash" is checked everywhere without saying so.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    ASIDE_PREFIX,
    CURRENT_PREFIX,
    SAVE_PREFIX,
    TOAST_LOG_JS,
    engine,
    expect_board,
    find_clickable_move,
    follow_in_page,
    is_build,
    page_deal,
    play_by_clicks,
    seed_storage,
    sentences,
    storage,
    toast,
    toasts,
    url_params,
)
from playwright.sync_api import expect
from test_kings_corner_solitaire import click_cell, expect_kc_board

from game.games import GAMES
from game.ui.store import slot_key
from tests.test_kings_corner_solitaire import OLD_STRICT_DEAL_10

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

# Would set window.__pwned if any of it ever became markup or script.
PWN = "window.__pwned=1"

BAD_QUERIES = {
    "unknown game": "?game=chess&deal=1",
    "deal 0": "?game=devils-square&deal=0",
    "deal too big": "?game=devils-square&deal=1000000000",
    "deal text": "?game=kings-square&deal=abc",
    "deal negative": "?game=kings-square&deal=-5",
    "deal 5000 digits": "?game=kings-square&deal=" + "9" * 5000,
    "script in game": f"?game=<script>{PWN}</script>&deal=1",
    "img onerror in deal": f'?game=devils-square&deal=<img src=x onerror="{PWN}">',
    "unknown option": "?game=devils-square&deal=1&foo=1",
    "option value out of range": "?game=devils-grip&deal=1&draw=2",
    "guard=maybe": "?game=kings-square&deal=1&guard=maybe",
    "svg onload in option": f"?game=kings-square&deal=1&guard=<svg onload={PWN}>",
    "deal without game": "?deal=5",
}


def generated_bad_queries(seed: int = 8) -> dict[str, str]:
    """Every option of every game given a hostile value (raw, percent- or double-encoded),
    some with a hostile #fragment too, plus a few more shapes (tests/test_urlstate_fuzz.py
    fuzzes the parser itself in thousands of queries; these check the page)."""
    from game.ui.urlstate import quote

    rng = random.Random(seed)
    hostile = [f"<script>{PWN}</script>", f'"><img src=x onerror="{PWN}">',
               f"<svg onload={PWN}>", f"javascript:{PWN}", "\x00<b>", "٣", "1e3", "-1",
               "9" * 400, "%3Cscript%3E"]
    encodings = [lambda t: t, quote, lambda t: quote(quote(t))]
    found = {}
    for game_id in sorted(GAMES):
        for name in GAMES[game_id].OPTIONS:
            value = rng.choice(encodings)(rng.choice(hostile))
            fragment = f"#{rng.choice(hostile)}" if rng.random() < 0.4 else ""
            found[f"{game_id} {name}"] = f"?game={game_id}&deal=7&{name}={value}{fragment}"
    found["unknown option, hostile name"] = f"?game=devils-grip&{quote(hostile[1])}=1"
    found["repeated game, the last unknown"] = "?game=devils-grip&deal=2&game=%3Cb%3Ex"
    found["null byte in game"] = "?game=kings-square%00&deal=3#top"
    found["long query"] = "?game=kings-square&deal=3&" + "x=%3Cb%3E&" * 300
    return found


# Met by the page's own router, in one page (see the test): the option values' parsing is
# the same code at load and in the page, and the hand-written addresses above are met at
# load, one page each.
ROUTED_BAD_QUERIES = generated_bad_queries()

# Elements carrying an on* attribute, and elements that no page of ours holds.
INJECTED_JS = """
() => {
  const handlers = [...document.querySelectorAll('*')].filter(
    e => [...e.attributes].some(a => a.name.toLowerCase().startsWith('on')));
  return {
    pwned: window.__pwned,
    handlers: handlers.map(e => e.outerHTML.slice(0, 80)),
    strange: document.querySelectorAll('body img, body iframe, body object, body embed').length,
    scripts: [...document.querySelectorAll('body script')].map(s => s.type || 'js'),
  };
}
"""


def expect_refused_address(page) -> None:
    """The game list shows, with one short message (text, never markup), nothing of the
    address became markup or script, and the bad address is not kept."""
    expect(page.locator("body")).to_have_attribute("data-view", "home")
    expect(page.locator("a.game-tile")).to_have_count(len(GAMES))
    expect(page.locator("#home")).to_be_visible()
    said = toast(page)
    assert said, "no message for a bad address"
    assert sentences(said) == 1, said
    assert len(said) < 200, said
    assert toasts(page) == [said]
    assert page.locator("#toast *").count() == 0  # text, never markup
    injected = page.evaluate(INJECTED_JS)
    assert injected["pwned"] is None
    assert injected["handlers"] == [], injected["handlers"]
    assert injected["strange"] == 0
    assert injected["scripts"] == ["py"], injected["scripts"]  # only main.py's tag
    assert page.evaluate("location.search") == ""  # the bad address is not kept
    page.wait_for_timeout(200)
    assert page.evaluate("window.__pwned") is None


def expect_the_list_works(page) -> None:
    page.click('a.game-tile[data-game-id="kings-square"]')
    page.wait_for_selector("body[data-view=game][data-game=kings-square][data-state=ready]")
    game = engine("kings-square", page_deal(page))
    expect_board(page, game)


@pytest.mark.parametrize("query", BAD_QUERIES.values(), ids=BAD_QUERIES.keys())
def test_bad_url_parameters_give_a_message_and_the_game_list(context, open_site, query):
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/" + query)
    expect_refused_address(page)
    expect_the_list_works(page)


def test_every_option_given_a_hostile_value_is_refused_by_the_router(context, open_site):
    """Every option of every game given a hostile value (raw, percent- or double-encoded,
    some with a hostile #fragment), met one after another in one page: each gives its
    message and the game list, and the list still opens a game at the end."""
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/")
    for name, query in ROUTED_BAD_QUERIES.items():
        follow_in_page(page, query)
        page.wait_for_function("window.__toasts.length > 0")
        try:
            expect_refused_address(page)
        except AssertionError as error:
            raise AssertionError(f"{name}: {query!r}: {error}") from error
    expect_the_list_works(page)


def test_a_hostile_fragment_on_a_good_address_is_not_read(context, open_site):
    """The page reads location.search only: the #fragment changes nothing and runs nothing."""
    context.add_init_script(TOAST_LOG_JS)
    fragment = f'#"><img src=x onerror="{PWN}"><script>{PWN}</script>'
    page = open_site(f"/?game=devils-grip&deal=5{fragment}")
    expect(page.locator("body")).to_have_attribute("data-game", "devils-grip")
    expect_board(page, engine("devils-grip", 5))
    assert toasts(page) == []
    injected = page.evaluate(INJECTED_JS)
    assert injected["pwned"] is None and injected["handlers"] == [] and injected["strange"] == 0
    page.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
    page.wait_for_timeout(200)
    assert page.evaluate("window.__pwned") is None


# --- saves that do not replay -----------------------------------------------------------------

NOT_JSON = '{"v":1,"game":"devils-square","deal":123,"moves":["3-12"'  # cut short
BAD_MOVE = json.dumps(
    {
        "v": 1,
        "game": "kings-square",
        "deal": 123,
        "options": {"guard": False},
        "moves": ["3-12", "0-1"],
    }  # 0-1 puts a yellow card on a blue one
)
NOT_A_MOVE = json.dumps(
    {
        "v": 1,
        "game": "devils-square",
        "deal": 77,
        "options": {"guard": False},
        "moves": ["<img src=x onerror=window.__pwned=1>"],
    }
)

# A Camelot (strict) game saved when the engine let removing go on with the stock empty
# and the grid not full: its last move, a pair removed from a grid the last card left not
# full, no longer replays (game/games/kings_corner_solitaire.py).
CAMELOT = {"swap": False, "strict": True}
OLD_CAMELOT = json.dumps(
    {
        "v": 1,
        "game": "kings-corner-solitaire",
        "deal": 10,
        "options": CAMELOT,
        "moves": OLD_STRICT_DEAL_10.split(),
        "redo": [],
    }
)
NOT_RESTORED = (
    "Your saved Kings in the Corner (patience) game could not be restored, so a new deal has "
    "started; "
    "the old save is kept aside."
)

CORRUPT = {
    # name: (game, key's deal, options, stored text, path opened)
    "not JSON, resumed": ("devils-square", 123, {}, NOT_JSON, "/?game=devils-square"),
    "illegal move, by link": ("kings-square", 123, {}, BAD_MOVE, "/?game=kings-square&deal=123"),
    "not a move, resumed": ("devils-square", 77, {}, NOT_A_MOVE, "/?game=devils-square"),
    "old Camelot removal, by link": (
        "kings-corner-solitaire",
        10,
        CAMELOT,
        OLD_CAMELOT,
        "/?game=kings-corner-solitaire&deal=10&strict=1",
    ),
}


@pytest.mark.parametrize(
    ("game_id", "deal", "options", "text", "path"), CORRUPT.values(), ids=CORRUPT.keys()
)
def test_a_save_that_does_not_replay_is_set_aside(
    context, open_site, game_id, deal, options, text, path
):
    kings_corner = game_id == "kings-corner-solitaire"  # its turned card shows on the stock
    board = expect_kc_board if kings_corner else expect_board
    key = slot_key(game_id, deal, options)
    seed_storage(context, {key: text, f"{CURRENT_PREFIX}{game_id}": key})
    context.add_init_script(TOAST_LOG_JS)
    page = open_site(path)
    expect(page.locator("body")).to_have_attribute("data-game", game_id)

    kept = {k: v for k, v in storage(page).items() if k.startswith(ASIDE_PREFIX)}
    assert list(kept.values()) == [text], kept  # the old text, kept whole, once
    assert next(iter(kept)).endswith(key[len("cardgames:") :])

    said = toasts(page)
    assert len(said) == 1, said
    assert sentences(said[0]) == 1 and "aside" in said[0], said[0]
    if kings_corner:  # the words the README quotes
        assert said[0] == NOT_RESTORED, said[0]
    assert page.locator("#toast *").count() == 0

    new_deal = page_deal(page)
    if "deal" in path:
        assert new_deal == deal
    game = engine(game_id, new_deal, **options)
    board(page, game)  # a fresh deal, no move of the bad save
    if kings_corner:  # the turned card is in hand: a click on an empty cell places it
        move = next(filter(is_build, game.legal_moves()))
        click_cell(page, move.cell)
        game.push(move)
    else:
        play_by_clicks(page, game, find_clickable_move(game))  # a random deal
    board(page, game)
    new_key = slot_key(game_id, new_deal, game.options)
    assert new_key.startswith(f"{SAVE_PREFIX}{game_id}:{new_deal}")
    record = json.loads(storage(page)[new_key])
    assert record["moves"] == [str(m) for m in game.move_stack]
    assert record["options"] == game.options
    assert storage(page)[f"{CURRENT_PREFIX}{game_id}"] == new_key
    assert page.evaluate("window.__pwned") is None

    page.reload()  # and the new game resumes; the aside copy stays
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=60_000)
    board(page, game)
    assert {k: v for k, v in storage(page).items() if k.startswith(ASIDE_PREFIX)} == kept


# --- storage that fails -----------------------------------------------------------------------

FAILING_STORAGE = {
    "setItem quota": """
        Storage.prototype.setItem = function () {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };""",
    "localStorage refused": """
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); },
        });""",
}


@pytest.mark.parametrize("script", FAILING_STORAGE.values(), ids=FAILING_STORAGE.keys())
def test_play_goes_on_when_storage_fails_and_says_so_once(context, open_site, script):
    context.add_init_script(script)
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/?game=devils-square&deal=123")
    game = engine("devils-square", 123)
    expect_board(page, game)
    for _ in range(3):
        play_by_clicks(page, game, game.legal_moves()[0])
        expect_board(page, game)
    page.click('.actions [data-action="undo"]')
    game.pop()
    expect_board(page, game)
    page.click('.actions [data-action="new"]')
    page.click("#leave-dialog #leave-yes")  # the game has moves: asked first
    page.wait_for_function("new URLSearchParams(location.search).get('deal') !== '123'")
    expect_board(page, engine("devils-square", int(url_params(page)["deal"])))

    said = toasts(page)
    warnings = [t for t in said if "not being saved" in t]
    assert len(warnings) == 1, said
    assert sentences(warnings[0]) == 1
    stored = page.evaluate("(() => { try { return localStorage.length } catch { return 0 } })()")
    assert stored == 0


@pytest.mark.parametrize("deal", ['"<b>7</b>"', "1.5", "null", "[1]"])
def test_a_hand_edited_save_does_not_break_the_game_list(context, open_site, deal):
    """The game list reads the current save to offer "Continue deal N": a hand-edited
    deal there shows no "Continue" and no markup, and the game itself starts afresh."""
    key = f"{SAVE_PREFIX}devils-square:7"
    record = '{"v":1,"game":"devils-square","deal":' + deal + ',"options":{},"moves":[]}'
    seed_storage(context, {key: record, f"{CURRENT_PREFIX}devils-square": key})
    page = open_site("/")
    expect(page.locator("a.game-tile")).to_have_count(len(GAMES))
    assert page.locator(".resume").count() == 0 and page.locator("a.game-tile b").count() == 0
    page.click('a.game-tile[data-game-id="devils-square"]')
    page.wait_for_selector('body[data-view="game"]')
    assert page.locator("[data-zone^=cell] [data-card]").count() == 16
