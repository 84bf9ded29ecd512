"""The board before Python (js/early.js): a game left in progress shows again at once, from
the copy the page kept, before Pyodide has started (and a new player's game list, from
index.html); it is inert until Python draws the
same board in its place; a click made meanwhile is refused, never played; a damaged or
hostile copy is ignored and never stops the start.

Python's start is held back by holding the interpreter's wasm request (service workers are
blocked in these contexts, so the request reaches page.route), which leaves all the time
needed to look at the early board."""

from __future__ import annotations

import io
import json

import pytest
from helpers import (
    READY,
    click_zone,
    engine,
    expect_board,
    play_by_clicks,
    read_board_full,
    storage,
)
from PIL import Image, ImageChops
from playwright.sync_api import Page, Route, expect
from test_kings_corner_table import at_first_turn, expect_table, wait_saved

from game.engine import Kind
from game.games import load, load_all
from game.i18n import set_language, tr

EARLY = "cardgames:early:"
WASM = "**/pyodide.asm.wasm"
# No service worker: a runtime it serves from its cache is not held by page.route (the
# tests hold Python's start back that way), so Python could take the board over before
# the early board was seen (it was, on loaded runs: a 20 s wait for body[data-early]).
pytestmark = pytest.mark.browser_context_args(service_workers="block")
ALL_GAMES = sorted(load_all())


def open_ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def wait_for_copy(page: Page, game_id: str) -> dict:
    """The copy js/early.js keeps once the page is still: the one showing the move count
    the page shows now."""
    page.wait_for_function(
        """(key) => {
             const text = localStorage.getItem(key);
             const kept = text && /"id":"moves"},\\["(\\d+)"\\]/.exec(text);
             return kept && kept[1] === document.querySelector("#moves").textContent.trim();
           }""",
        arg=EARLY + game_id, timeout=10_000)
    return json.loads(storage(page)[EARLY + game_id])


def play_first_move(page: Page, game_id: str, deal: int) -> None:
    """The game's first legal move, made as a player makes it."""
    game = engine(game_id, deal)
    move = game.legal_moves()[0]
    if move.gesture.kind == Kind.PLACE:  # the card turned up, put on the cell pressed
        click_zone(page, move.gesture.target)
        game.push(move)
    else:
        play_by_clicks(page, game, move)
    page.wait_for_function("document.querySelector('#moves').textContent.trim() === '1'")


def plant_copy(page: Page, key: str, text: str) -> None:
    """Make the next page of `page` find `text` under `key`, written at its very start: the
    page being left writes its own copy as it goes (pagehide), after anything written now."""
    flag = f"__planted{len(text)}:{hash(text)}"
    page.add_init_script(
        "(([key, text, flag]) => { try {"
        "  if (sessionStorage.getItem(flag)) return;"
        "  sessionStorage.setItem(flag, '1');"
        "  localStorage.setItem(key, text);"
        "} catch (e) {} })(" + json.dumps([key, text, flag]) + ");")


def reload_held(page: Page, url: str | None = None) -> list[Route]:
    """Load the page again with Python's start held back: the routes to let go."""
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))
    if url is None:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    return held


def let_go(page: Page, held: list[Route]) -> None:
    page.wait_for_function("(n) => true", arg=0)  # the page answers: it is not blocked
    for route in held:
        route.continue_()
    page.unroute(WASM)
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def board_pixels(page: Page) -> bytes:
    page.evaluate("document.getElementById('loader').style.visibility = 'hidden'")
    return page.locator("main:not([hidden]) > #board").last.screenshot(animations="disabled")


def same_pixels(a: bytes, b: bytes) -> bool:
    """Whether two PNG screenshots show the same pixels (their bytes may differ)."""
    first, second = (Image.open(io.BytesIO(png)).convert("RGBA") for png in (a, b))
    return first.size == second.size and ImageChops.difference(first, second).getbbox() is None


@pytest.fixture
def page(new_context, site_url):
    context = new_context(viewport={"width": 1366, "height": 768})
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_board_left_shows_before_python_and_python_takes_over_without_moving_a_pixel(
        page, site_url, game_id):
    """For every game: play a move, come back; the early board shows before ready with the
    cards where the engine has them, a click on it is refused and played by nobody, and
    Python then draws exactly that board: the same cards, the same pixels."""
    url = f"{site_url}/?game={game_id}&deal=7"
    open_ready(page, url)
    page.mouse.move(1, 1)
    game_url = page.url  # with the game's options, as the page wrote it
    if not load(game_id).table:  # a patience: one move first (the table's computers play)
        play_first_move(page, game_id, 7)
        page.mouse.move(1, 1)
    else:  # the computers' moves all made and drawn, and the copy taken after the last
        session = at_first_turn(7)
        wait_saved(page, session.game, timeout=30_000)
        expect_table(page, session)
        page.evaluate("window.cardgamesEarly.keep()")
    kept = wait_for_copy(page, game_id)
    assert kept["v"] == 1 and kept["over"] is False
    moves = int(page.locator("#moves").text_content() or 0)
    board_before = read_board_full(page)
    saved_before = storage(page)[f"cardgames:save:{game_id}:7"]

    held = reload_held(page, game_url)
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    assert page.evaluate("document.body.dataset.state") == "loading"
    early = read_board_full(page)
    assert early["zones"] == board_before["zones"] and early["stock"] == board_before["stock"]
    assert page.locator("main[data-early]").get_attribute("aria-busy") == "true"
    first = next(card for cards in early["zones"].values() for card in cards)
    box = page.locator(f'[data-card="{first}"]').bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("Enter")
    page.mouse.move(1, 1)
    assert page.locator("#loader[data-nudge]").count() == 1  # refused, and said so
    pixels_early = board_pixels(page)

    let_go(page, held)
    assert page.locator("body[data-early]").count() == 0
    assert page.locator("body > [data-early]").count() == 0  # the copy is gone
    assert page.locator("#table").get_attribute("aria-busy") is None
    after = read_board_full(page)
    assert after["zones"] == early["zones"] and after["stock"] == early["stock"]
    assert json.loads(storage(page)[f"cardgames:save:{game_id}:7"])["moves"] == \
        json.loads(saved_before)["moves"]  # the early click played nothing
    assert int(page.locator("#moves").text_content() or 0) == moves
    page.wait_for_timeout(200)
    assert same_pixels(board_pixels(page), pixels_early)
    assert page.locator("body > svg[data-early]").count() == 0


def test_the_games_own_address_shows_its_unfinished_game_but_not_a_finished_one(page, site_url):
    game_id = ALL_GAMES[0]
    open_ready(page, f"{site_url}/?game={game_id}&deal=11")
    kept = wait_for_copy(page, game_id)
    assert "deal=11" in kept["query"]
    held = reload_held(page, f"{site_url}/?game={game_id}")
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    let_go(page, held)
    assert "deal=11" in page.url

    held = reload_held(page, f"{site_url}/?game={game_id}&deal=12")  # another deal: none
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-early]").count() == 0
    assert page.locator("#loader").is_visible()
    let_go(page, held)

    copy = json.loads(storage(page)[EARLY + game_id])
    plant_copy(page, EARLY + game_id, json.dumps({**copy, "over": True}))  # as if it ended
    held = reload_held(page, f"{site_url}/?game={game_id}")
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-early]").count() == 0
    let_go(page, held)


HOSTILE = [
    "{not json",
    json.dumps({"v": 99, "query": "?game=GAME&deal=5"}),
    json.dumps({"v": 1, "query": "?game=other&deal=5"}),
    "[" * 50_000 + "]" * 50_000,
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False, "html": {}, "body": {},
                "top": ["header", {}, []], "sprites": [],
                "table": ["main", {}, [["img", {"src": "x", "onerror": "window.__pwned=1"}, []]]]}),
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False, "html": {}, "body": {},
                "top": ["header", {}, []], "sprites": [],
                "table": ["main", {}, [["div", {"onclick": "window.__pwned=1"}, []]]]}),
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False, "html": {}, "body": {},
                "top": ["header", {}, []], "sprites": [],
                "table": ["main", {}, [["a", {"href": "javascript:window.__pwned=1"}, ["x"]]]]}),
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False,
                "html": {"onload": "window.__pwned=1"}, "body": {},
                "top": ["header", {}, []], "table": ["main", {}, []], "sprites": []}),
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False, "html": {}, "body": {},
                "top": ["header", {}, []], "table": ["main", {}, ["<script>x</script>"]],
                "sprites": [["script", {}, ["window.__pwned=1"]]]}),
    json.dumps({"v": 1, "query": "?game=GAME&deal=5", "over": False, "html": {}, "body": {},
                "top": ["header", {}, []], "sprites": [],
                "table": ["main", {}, [["div", {"style": "background:url(//evil)"}, []]]]}),
]


HOME = EARLY + "@home"


def home_pixels(page: Page) -> bytes:
    """The top bar and the game list as the screen shows them, the loading note hidden."""
    page.evaluate("document.getElementById('loader').style.visibility = 'hidden'")
    page.mouse.move(1, 1)
    return page.screenshot(animations="disabled")


def kept_home(page: Page) -> dict:
    """The game list's copy js/early.js keeps once the page is still, with every tile."""
    page.wait_for_function(
        "(key) => (localStorage.getItem(key) || '').split('game-tile').length > 5",
        arg=HOME, timeout=10_000)
    return json.loads(storage(page)[HOME])


def tiles(page: Page, where: str) -> list[str]:
    return page.locator(f"{where} .game-tile").evaluate_all(
        "(tiles) => tiles.map((tile) => tile.dataset.gameId + ' | ' + tile.textContent)")


def test_the_game_list_shows_before_python_and_python_takes_over_without_moving_a_pixel(
        page, site_url):
    """The site's own address: the list kept on the last visit (with a game to continue)
    shows before ready, inert (a click on a tile is refused and goes nowhere), and Python
    draws the same list in its place, pixel for pixel."""
    open_ready(page, f"{site_url}/?game={ALL_GAMES[0]}&deal=3")
    play_first_move(page, ALL_GAMES[0], 3)  # (the list then says "Continue deal 3")
    open_ready(page, f"{site_url}/")
    kept = kept_home(page)
    assert kept["v"] == 1 and kept["kind"] == "home" and "Continue deal 3" in json.dumps(kept)
    shown = tiles(page, "main#home")
    pixels_ready = home_pixels(page)

    held = reload_held(page)
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    assert page.evaluate("document.body.dataset.state") == "loading"
    assert tiles(page, "main#home[data-early]") == shown
    page.mouse.click(*center(page, "main#home[data-early] .game-tile"))
    assert page.locator("#loader[data-nudge]").count() == 1  # refused, and said so
    assert page.url == f"{site_url}/"
    pixels_early = home_pixels(page)
    assert same_pixels(pixels_early, pixels_ready)

    let_go(page, held)
    assert page.locator("body > [data-early]").count() == 0  # the copy is gone
    assert page.url == f"{site_url}/" and tiles(page, "main#home") == shown
    page.wait_for_timeout(200)
    assert same_pixels(home_pixels(page), pixels_early)


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_game_list_kept_another_day_or_for_another_address_is_not_shown(page, site_url):
    """The deals of the day change at midnight: yesterday's list is not the one Python
    draws today, so it is not shown; nor is the list's copy on a game's address."""
    open_ready(page, f"{site_url}/")
    kept = kept_home(page)
    plant_copy(page, HOME, json.dumps({**kept, "day": "2001-1-1"}))
    held = reload_held(page)
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-early]").count() == 0
    let_go(page, held)
    held = reload_held(page, f"{site_url}/?game={ALL_GAMES[0]}")
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-early]").count() == 0
    let_go(page, held)


def test_a_damaged_or_hostile_copy_is_ignored_and_the_game_starts(page, site_url):
    """Every one of these is ignored as a whole (a text node with markup in it stays text):
    no element of it is made, nothing runs, the page starts as on a first visit."""
    game_id = ALL_GAMES[0]
    page.goto(f"{site_url}/?game={game_id}&deal=5")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    for text in HOSTILE:
        plant_copy(page, EARLY + game_id, text.replace("GAME", game_id))
        held = reload_held(page)
        page.wait_for_function("document.readyState !== 'loading'")
        assert page.evaluate("window.__pwned") is None
        early = page.locator("body[data-early]").count()
        if "<script>" in text:  # markup inside a text node is text: shown, never parsed
            assert page.locator("#table script").count() == 0
        else:
            assert early == 0, text[:80]
        let_go(page, held)
        assert page.evaluate("window.__pwned") is None
        expect_board(page, engine(game_id, 5))


def test_a_hostile_game_list_copy_is_ignored_and_the_list_starts(page, site_url):
    """The list's copy is read as untrusted as a board's: the same checks, as a whole."""
    open_ready(page, f"{site_url}/")
    day = kept_home(page)["day"]
    base = {"v": 1, "kind": "home", "day": day, "html": {}, "body": {"data-view": "home"},
            "top": ["header", {"class": "topbar"}, []]}
    for main in (["main", {}, [["img", {"src": "x", "onerror": "window.__pwned=1"}, []]]],
                 ["main", {}, [["a", {"href": "javascript:window.__pwned=1"}, ["x"]]]],
                 ["main", {}, [["a", {"href": "//evil.example/"}, ["x"]]]],
                 ["div", {}, []]):
        plant_copy(page, HOME, json.dumps({**base, "main": main}))
        held = reload_held(page)
        page.wait_for_function("document.readyState !== 'loading'")
        assert page.locator("body[data-early]").count() == 0, main
        let_go(page, held)
        assert page.evaluate("window.__pwned") is None
        assert page.locator("main#home .game-tile").count() == len(ALL_GAMES)


TODAY_ISO = """(() => { const d = new Date(), two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; })()"""


@pytest.mark.parametrize(("locale", "scheme", "words"), [
    ("en-US", "light", "Today’s deal"), ("nl-NL", "dark", "Spel van de dag"),
    ("fr-FR", "light", "La donne du jour")])
def test_a_first_visit_shows_the_new_players_list_in_their_language_before_python(
        new_context, site_url, locale, scheme, words):
    """Nothing saved yet: the list a new player gets is in index.html, rendered for each
    language when the site was built (tools/newcomer_list.py). It shows before ready in
    the page's language and colour scheme, inert, its deal-of-the-day links on today, and
    Python draws the same list in its place, pixel for pixel."""
    context = new_context(first_run=True, locale=locale, color_scheme=scheme,
                          viewport={"width": 1366, "height": 768})
    page = context.new_page()
    held = reload_held(page, f"{site_url}/")
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    assert page.evaluate("document.body.dataset.state") == "loading"
    assert page.evaluate("Object.keys(localStorage)") == []
    lang = locale.split("-")[0]
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dataset.theme]"
                         ) == [lang, scheme]
    early = tiles(page, "main#home[data-early]")
    assert len(early) == len(ALL_GAMES)
    assert words in page.locator("main#home[data-early]").inner_text()
    today = page.evaluate(TODAY_ISO)
    daily = page.locator("main#home[data-early] a.daily-link").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href'))")
    assert daily and all(href.endswith(f"&daily={today}") for href in daily), daily
    page.mouse.click(*center(page, "main#home[data-early] .game-tile"))
    assert page.locator("#loader[data-nudge]").count() == 1  # refused, and said so
    pixels_early = home_pixels(page)

    let_go(page, held)
    assert page.locator("body > [data-early]").count() == 0
    assert tiles(page, "main#home") == early
    assert page.locator("main#home a.daily-link").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href'))") == daily
    page.wait_for_timeout(200)
    assert same_pixels(home_pixels(page), pixels_early)
    context.close()


def test_a_list_copied_another_day_and_nothing_else_is_still_a_new_players(
        new_context, site_url):
    """Only this script's own copies in storage (a visit that played nothing): yesterday's
    copy is not drawn, but the new player's list is, as Python's list is that one."""
    context = new_context(first_run=True, viewport={"width": 1366, "height": 768})
    page = context.new_page()
    plant_copy(page, HOME, json.dumps({"v": 1, "kind": "home", "day": "2001-1-1"}))
    held = reload_held(page, f"{site_url}/")
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    assert page.locator("main#home[data-early] .game-tile").count() == len(ALL_GAMES)
    let_go(page, held)
    context.close()


def test_a_visitor_with_anything_saved_gets_no_new_players_list(new_context, site_url):
    """A setting (here the dark table) is enough for Python's list to differ from a new
    player's: only a storage with nothing of the site in it shows that list."""
    context = new_context(first_run=True, viewport={"width": 1366, "height": 768})
    page = context.new_page()
    plant_copy(page, "cardgames:settings", json.dumps({"v": 1, "theme": "dark"}))
    held = reload_held(page, f"{site_url}/")
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-early]").count() == 0
    let_go(page, held)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    context.close()


TABLE_LOOK = "getComputedStyle(document.body, '::before').backgroundImage"


@pytest.mark.parametrize(("game_id", "locale", "scheme"), [
    (ALL_GAMES[0], "en-US", "dark"), (ALL_GAMES[1], "nl-NL", "light")])
def test_a_deal_never_played_here_loads_over_its_games_table(
        new_context, site_url, game_id, locale, scheme):
    """Nothing kept to draw for a deal's link: the loading screen shows over the game's
    own table, in the colours Python gives it, with the game's name in the page's
    language; the table Python draws comes up over the same background."""
    context = new_context(locale=locale, color_scheme=scheme,
                          viewport={"width": 1366, "height": 768})
    page = context.new_page()
    held = reload_held(page, f"{site_url}/?game={game_id}&deal=77")
    page.wait_for_selector("body[data-shell]", state="attached", timeout=20_000)
    assert page.evaluate("document.body.dataset.state") == "loading"
    assert page.evaluate("[document.body.dataset.game, document.documentElement.dataset.theme]"
                         ) == [game_id, scheme]
    set_language(locale.split("-")[0])
    try:
        title = tr(load(game_id).title)
    finally:
        set_language("en")
    expect(page.locator("#loader .loader-title")).to_have_text(title)
    # (the key Python's language switch translates the title from again, before ready)
    expect(page.locator("#loader .loader-title")).to_have_attribute(
        "data-i18n-en", load(game_id).title)
    assert page.locator("#table").is_hidden() and page.locator("header.topbar").is_hidden()
    table = page.evaluate(TABLE_LOOK)
    assert table != "none"
    let_go(page, held)
    assert page.locator("body[data-shell]").count() == 0
    assert page.locator("#loader").is_hidden() and page.locator("#table").is_visible()
    assert page.evaluate(TABLE_LOOK) == table
    context.close()


def test_an_unknown_games_address_loads_as_before(page, site_url):
    held = reload_held(page, f"{site_url}/?game=no-such-game")
    page.wait_for_function("document.readyState !== 'loading'")
    assert page.locator("body[data-shell]").count() == 0
    assert page.evaluate("document.body.dataset.game") is None
    let_go(page, held)


def test_the_early_board_has_the_chosen_card_backs_and_table(page, site_url):
    """The backs and the table chosen in Settings show on the early board, read from the
    settings (a choice made after the copy was taken shows too); a value that is not a
    plain word is never set on the page."""
    game_id = ALL_GAMES[0]  # Devil's Grip: its stock is a pile of backs
    url = f"{site_url}/?game={game_id}&deal=9"
    open_ready(page, url)
    own_back = page.evaluate("getComputedStyle(document.querySelector('#board .card-back'))"
                             ".backgroundImage")
    wait_for_copy(page, game_id)
    settings = {"v": 1, "back": "lattice", "tabletop": "felt"}
    plant_copy(page, "cardgames:settings", json.dumps(settings))
    held = reload_held(page, url)
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    assert page.evaluate("document.body.dataset.state") == "loading"
    assert page.evaluate("[document.documentElement.dataset.back,"
                         " document.documentElement.dataset.tabletop]") == ["lattice", "felt"]
    early_back = page.evaluate(
        "getComputedStyle(document.querySelector('main[data-early] .card-back')).backgroundImage")
    assert early_back != own_back and "1b4a94" in early_back  # the blue lattice
    floor = page.evaluate("getComputedStyle(document.body, '::before').backgroundImage")
    let_go(page, held)
    assert page.evaluate("getComputedStyle(document.body, '::before').backgroundImage") == floor
    assert page.evaluate("getComputedStyle(document.querySelector('#board .card-back'))"
                         ".backgroundImage") == early_back

    hostile = {"v": 1, "back": 'x" onload="window.__pwned=1', "tabletop": "<b>felt</b>"}
    plant_copy(page, "cardgames:settings", json.dumps(hostile))
    held = reload_held(page, url)
    page.wait_for_selector("body[data-early]", state="attached", timeout=20_000)
    looks = page.evaluate("[document.documentElement.dataset.back,"
                          " document.documentElement.dataset.tabletop]")
    assert looks == ["lattice", "felt"]  # the copy's own, as it was taken: nothing foreign
    let_go(page, held)
    assert page.evaluate("window.__pwned") is None


FIRST_PAINT = """
window.__early = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name === "first-paint") window.__early.firstPaint = entry.startTime;
  }
}).observe({ type: "paint", buffered: true });
new MutationObserver(() => {
  if (document.body && "early" in document.body.dataset && !window.__early.copyAt) {
    window.__early.copyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-early"] });
"""


def test_the_first_frame_of_a_visit_back_is_the_board_not_the_loading_screen(page, site_url):
    """js/early.js blocks rendering until it has run (blocking="render" in index.html), so
    the first frame a player coming back sees is the board left: no frame of the loading
    screen is drawn first (in software, a frame of the whole page costs 50-100 ms more
    before the board shows). Held back here: early.js itself, arriving 400 ms late,
    after the stylesheets, which without the attribute let the loading screen paint."""
    game_id = ALL_GAMES[0]
    url = f"{site_url}/?game={game_id}&deal=5"
    open_ready(page, url)
    play_first_move(page, game_id, 5)
    wait_for_copy(page, game_id)
    page.add_init_script(FIRST_PAINT)

    def late(route: Route) -> None:
        page.wait_for_timeout(400)
        route.continue_()

    page.route("**/js/early.js", late)
    held = reload_held(page, url)
    page.wait_for_function("window.__early && window.__early.firstPaint !== undefined",
                           timeout=20_000)
    marks = page.evaluate("({...window.__early})")
    assert page.evaluate("document.body.dataset.state") == "loading"
    assert "copyAt" in marks and marks["copyAt"] < marks["firstPaint"], marks
    page.unroute("**/js/early.js")
    let_go(page, held)
