"""Shared pieces of the game tests: the CPython engine as the oracle, reading the board
out of the DOM, and clicking, dragging and tapping cards like a player.

The page and CPython run the same engine, so a test computes with
`engine(game_id, deal, moves)` what the page must show and compares it with
`read_board(page)`. Searches over deals (`find_*`) run in CPython at test time, from
fixed seeds, so a test needs no hand-picked position that a rules change could spoil.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import BrowserContext, Page, expect

from game.engine import Game, Kind, Move
from game.games import GAMES

BUILDS = (Kind.BUILD, Kind.PLACE, Kind.REMOVE, Kind.PAIR)
READY = "body[data-state=ready]"
READY_TIMEOUT_MS = 60_000
HIDDEN_ZONES = ("stock",)
TOP_ONLY = {"waste": 3}  # zones whose DOM holds only their top cards (and a count of all)
SAVE_PREFIX = "cardgames:save:"
CURRENT_PREFIX = "cardgames:current:"
ASIDE_PREFIX = "cardgames:aside:"


# --- the engine as the oracle ----------------------------------------------------------


def engine(game_id: str, deal: int, moves: Iterable[str | Move] = (), **options) -> Game:
    """The CPython game for `deal` after `moves` (texts or Move objects)."""
    game = GAMES[game_id].new(deal=deal, **options)
    for move in moves:
        game.push(game.parse_move(move) if isinstance(move, str) else move)
    return game


def shown(game: Game) -> dict:
    """What the DOM must show for `game`: every zone's visible cards (hidden zones show
    none, a waste its top three) and the draw pile's count."""
    zones = game.zones()
    return {
        "zones": {zone: visible_cards(zone, cards) for zone, cards in zones.items()},
        "stock": len(zones["stock"]),
    }


def visible_cards(zone: str, cards: list[str]) -> list[str]:
    if zone in HIDDEN_ZONES:
        return []
    return cards[-TOP_ONLY[zone] :] if zone in TOP_ONLY else list(cards)


def is_build(move: Move) -> bool:
    """A move of cards from a zone to a zone (not a deal, redeal or swap of Devil's Grip)."""
    gesture = move.gesture
    return gesture.kind in BUILDS and bool(gesture.source) and bool(gesture.target)


def moves_from(game: Game, source: str, count: int) -> list[Move]:
    return [
        m for m in game.legal_moves()
        if is_build(m) and m.gesture.source == source and m.gesture.count == count
    ]


def cards_moved(game: Game, move: Move) -> list[str]:
    return game.zones()[move.gesture.source][-move.gesture.count :]


# --- searches over deals (CPython, deterministic) --------------------------------------


def find_single_target_move(game: Game) -> Move:
    """A move of one card whose card has exactly one legal target (one click plays it)."""
    for move in filter(is_build, game.legal_moves()):
        if move.gesture.count == 1 and len(moves_from(game, move.gesture.source, 1)) == 1:
            return move
    raise LookupError("no single-target move")


def find_clickable_move(game: Game) -> Move:
    """A build to play by clicks on any deal, a random one too: one whose card has one
    place if the deal has one (one click), else any build (pick, then target).
    About one deal in 200 has no single-target move (CI found one)."""
    try:
        return find_single_target_move(game)
    except LookupError:
        return next(filter(is_build, game.legal_moves()))


def find_multi_target_move(game: Game) -> Move:
    """A move whose picked cards have two or more legal targets (select, then target)."""
    for move in filter(is_build, game.legal_moves()):
        if len(moves_from(game, move.gesture.source, move.gesture.count)) >= 2:
            return move
    raise LookupError("no multi-target move")


def find_stack_choice(game_id: str, deals: Iterable[int] = range(1, 400), seed: int = 0):
    """A position where the top two cards of a cell can move as a whole and its top card
    alone can move too: (deal, moves to get there, the 2-card move, the 1-card move).

    Plays random moves (fixed seed) from each deal until such a cell comes up."""
    for deal in deals:
        rng = random.Random(seed * 1_000_003 + deal)
        game = engine(game_id, deal)
        line: list[str] = []
        for _ in range(80):
            if game.is_over():
                break
            for two in (m for m in game.legal_moves() if m.gesture.count == 2):
                ones = moves_from(game, two.gesture.source, 1)
                if ones:
                    return deal, line, two, ones[0]
            move = rng.choice(game.legal_moves())
            game.push(move)
            line.append(str(move))
    raise LookupError("no position where both 1 and 2 cards of a cell can move")


def random_line(game_id: str, deal: int, seed: int, limit: int = 400) -> tuple[list[str], Game]:
    """Random legal moves (fixed seed) until the game ends or `limit` moves."""
    rng = random.Random(seed)
    game = engine(game_id, deal)
    line: list[str] = []
    while not game.is_over() and len(line) < limit:
        move = rng.choice(game.legal_moves())
        game.push(move)
        line.append(str(move))
    return line, game


def find_short_end(game_id: str, max_moves: int = 8, deals: Iterable[int] = range(1, 500)):
    """(deal, moves) of a game that ends by itself (not given up) within `max_moves`."""
    for deal in deals:
        for seed in range(3):
            line, game = random_line(game_id, deal, seed, limit=max_moves)
            if game.is_over():
                return deal, line
    raise LookupError(f"no game ends within {max_moves} moves")


def find_win(game_id: str, deals: Iterable[int] = range(1, 60), seeds: int = 6):
    """(deal, moves) of a full escape found by random play."""
    for deal in deals:
        for seed in range(seeds):
            line, game = random_line(game_id, deal, seed)
            if game.is_over() and game.outcome().won:
                return deal, line
    raise LookupError("random play found no win")


# --- reading the page --------------------------------------------------------------------

READ_BOARD_JS = """
() => {
  const zones = {}, astray = [];
  let flying = 0;  // astray cards still in flight (an animation pending or running)
  for (const zone of document.querySelectorAll('#board [data-zone]')) {
    const box = zone.getBoundingClientRect();
    zones[zone.dataset.zone] = [...zone.querySelectorAll('[data-card]')].map(c => {
      const r = c.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
        const glides = c.getAnimations().map(a => a.playState + (a.pending ? ' (pending)' : ''));
        if (glides.some(g => g !== 'finished')) flying++;
        astray.push(`${c.dataset.card} drawn at (${Math.round(r.left)}, ${Math.round(r.top)}) `
          + `outside ${zone.dataset.zone} at (${Math.round(box.left)}, ${Math.round(box.top)}), `
          + `transform "${c.style.transform}", animations [${glides.join(', ')}]`);
      }
      return c.dataset.card;
    });
  }
  const stock = document.querySelector('#board [data-zone="stock"]');
  const label = stock && stock.querySelector('.count');
  const counts = {};  // zones that show a count of their cards besides the stock (a waste)
  for (const zone of document.querySelectorAll('#board [data-zone][data-count]')) {
    if (zone.dataset.zone === 'stock') continue;
    const text = zone.querySelector('.count');
    counts[zone.dataset.zone] = [Number(zone.dataset.count), text ? text.textContent.trim() : null];
  }
  return {
    zones,
    counts,
    astray,
    flying,
    stock: stock ? Number(stock.dataset.count) : null,
    stockLabel: label ? label.textContent.trim() : null,
    cardElements: document.querySelectorAll('#board [data-card]').length,
  };
}
"""


def read_board(page: Page) -> dict:
    """The board as the DOM shows it: {"zones": {zone: [card ids]}, "stock": count}."""
    raw = page.evaluate(READ_BOARD_JS)
    return {"zones": raw["zones"], "stock": raw["stock"]}


def read_board_full(page: Page) -> dict:
    return page.evaluate(READ_BOARD_JS)


# How much longer expect_board waits for cards still in flight when its time is up: on a
# starved machine (CI, 2 cores, 4 browsers) a page has gone seconds without a frame, and a
# glide starts only at a frame. A card whose animation is over yet drawn away still fails
# at once; one in flight after this long fails too.
IN_FLIGHT_GRACE_MS = 15_000


def expect_board(page: Page, game: Game, timeout: float = 10_000) -> None:
    """Wait until the DOM shows `game`'s zones (every zone, bottom to top, the stock
    count too, in the .count label as well; of a waste its top three and, in data-count and
    .count, its size) with every card drawn inside its zone's box
    (not left where a drag or an animation put it), then assert it with a readable diff.
    The page is read every 50 ms, not at its frames (which a starved machine delays)."""
    want = shown(game)
    counts = {z: len(cards) for z, cards in game.zones().items() if z in TOP_ONLY}
    want_counts = {z: [n, str(n)] for z, n in counts.items()}

    def wait(ms: float) -> None:
        try:
            page.wait_for_function(
                f"""([want, counts]) => {{
                     const got = ({READ_BOARD_JS})();
                     return got.astray.length === 0
                       && JSON.stringify({{zones: got.zones, stock: got.stock}}) === want
                       && Object.entries(counts).every(
                            ([z, c]) => JSON.stringify(got.counts[z]) === JSON.stringify(c));
                   }}""",
                arg=[json.dumps(want, separators=(",", ":")), want_counts],
                timeout=ms, polling=50,
            )
        except Exception:  # noqa: BLE001 - the assert below says what differs
            pass

    wait(timeout)
    full = read_board_full(page)
    problems = board_diff(full, want, want_counts)
    if problems and full["flying"] and board_diff({**full, "astray": []}, want, want_counts) == []:
        wait(IN_FLIGHT_GRACE_MS)  # only cards still on their way: let them land
        problems = board_diff(read_board_full(page), want, want_counts)
    assert not problems, "; ".join(problems)


def board_diff(full: dict, want: dict, counts: dict | None = None) -> list[str]:
    """What differs between the board `full` (READ_BOARD_JS's reading) and `want` (shown(),
    or a game's own rule of what shows), with `counts`: zone -> [size, label] of the zones
    that count their cards besides the stock (a waste); [] when they agree."""
    problems = []
    got = {"zones": full["zones"], "stock": full["stock"]}
    diff = {
        zone: (got["zones"].get(zone), cards)
        for zone, cards in want["zones"].items()
        if got["zones"].get(zone) != cards
    }
    extra = sorted(set(got["zones"]) - set(want["zones"]))
    if diff or extra or got["stock"] != want["stock"]:
        problems.append(
            f"board differs from the engine: zone -> (DOM, engine) {diff}; "
            f"zones only in the DOM {extra}; stock DOM {got['stock']} engine {want['stock']}"
        )
    if full["stockLabel"] != str(want["stock"]):
        problems.append(f"stock label DOM {full['stockLabel']} engine {want['stock']}")
    for zone, (count, label) in (counts or {}).items():  # a waste: its size, not its DOM cards
        if full["counts"].get(zone) != [count, label]:
            problems.append(f"{zone} count (data-count, .count) DOM "
                            f"{full['counts'].get(zone)} engine {count}")
    if full["astray"]:
        problems.append(f"cards not drawn in their zone: {full['astray']}")
    visible = sum(len(cards) for cards in want["zones"].values())
    if full["cardElements"] != visible:
        problems.append(f"a card element is duplicated or left behind: {full['cardElements']} "
                        f"card elements, {visible} cards shown")
    return problems


def url_params(page: Page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def page_deal(page: Page) -> int:
    return int(url_params(page)["deal"])


def message(page: Page) -> str:
    return page.locator("#message").text_content() or ""


def toast(page: Page) -> str:
    return (page.locator("#toast").text_content() or "").strip()


def sentences(text: str) -> int:
    """How many sentences `text` holds (a '.', '!' or '?' then a space or the end)."""
    return len(re.findall(r"[.!?](?:\s|$)", text.strip()))


# Everything in localStorage, read once the page's next two frames are drawn: a player's
# move is saved after the frame that shows it (game/ui/page.py `apply`), so a test that
# has seen the board change reads the save that goes with it. (A page that draws no
# frames is read after 200 ms.) AFTER_TWO_FRAMES_JS is that wait, for the body of an async
# function.
AFTER_TWO_FRAMES_JS = """
  for (let i = 0; i < 2; i++) {
    await new Promise(done => {
      requestAnimationFrame(() => setTimeout(done, 0));
      setTimeout(done, 200);
    });
  }
"""
STORAGE_JS = "async () => {" + AFTER_TWO_FRAMES_JS + """
  return Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]));
}
"""


def storage(page: Page) -> dict[str, str]:
    return page.evaluate(STORAGE_JS)


# Resolves once the frame after the last click has been drawn and the work the page put
# off until then has run (game/ui/dom.py's after_paint: requestAnimationFrame, then
# setTimeout 0; this one's frame callback comes after the page's, so its timeout does
# too), or after 200 ms in a tab that draws no frames.
AFTER_FRAME_JS = """() => new Promise((done) => {
  const late = setTimeout(done, 200);
  requestAnimationFrame(() => setTimeout(() => { clearTimeout(late); done(); }, 0));
})"""


def saved_moves(page: Page, game_id: str, deal: int) -> list[str] | None:
    """The moves of the save, read once the page has saved what it shows: it saves a move
    after the frame that shows it, so a read right after the board changed could still find
    the save before it."""
    page.evaluate(AFTER_FRAME_JS)
    text = storage(page).get(f"{SAVE_PREFIX}{game_id}:{deal}")
    return None if text is None else json.loads(text)["moves"]


# --- acting like a player --------------------------------------------------------------

# The middle of the part of a card that is not covered by the card above it.
CARD_POINT_JS = """
(card) => {
  const el = document.querySelector(`[data-card="${card}"]`);
  if (!el) return null;
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  const next = el.nextElementSibling;
  const bottom = next ? Math.min(next.getBoundingClientRect().top, r.bottom) : r.bottom;
  const x = r.left + r.width / 2, y = (r.top + bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  const hitCard = hit && hit.closest('[data-card]');
  return {x, y, hit: hitCard ? hitCard.dataset.card : null};
}
"""

ZONE_POINT_JS = """
(zone) => {
  const el = document.querySelector(`#board [data-zone="${zone}"]`);
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const top = el.querySelector('[data-card]:last-child');
  const r = (top || el).getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const hitZone = hit && hit.closest('[data-zone]');
  return {x, y, hit: hitZone ? hitZone.dataset.zone : null};
}
"""


# No card of the board in flight (a glide, or a new deal being dealt in: Web Animations,
# not the CSS ones such as a hint's pulse), so a point read now is where the card stays.
LANDED_JS = """() => document.getAnimations().every(a => a.playState !== 'running'
  || a instanceof CSSAnimation || a instanceof CSSTransition
  || !(a.effect && a.effect.target && a.effect.target.closest('#board')))"""


def card_point(page: Page, card: str) -> tuple[float, float]:
    """A point where a press lands on `card` (its uncovered strip or, on top, its middle),
    once the board's cards have landed."""
    page.wait_for_function(LANDED_JS)
    point = page.evaluate(CARD_POINT_JS, card)
    assert point is not None, f"card {card} is not in the DOM"
    assert point["hit"] == card, f"the visible point of {card} hits {point['hit']}"
    return point["x"], point["y"]


def zone_point(page: Page, zone: str) -> tuple[float, float]:
    """The middle of `zone`'s top card (or of the zone when empty)."""
    point = page.evaluate(ZONE_POINT_JS, zone)
    assert point["hit"] == zone, f"the middle of {zone} hits {point['hit']}"
    return point["x"], point["y"]


def click_card(page: Page, card: str) -> None:
    page.mouse.click(*card_point(page, card))


def click_zone(page: Page, zone: str) -> None:
    page.mouse.click(*zone_point(page, zone))


def tap_card(page: Page, card: str) -> None:
    page.touchscreen.tap(*card_point(page, card))


def pick_card(game: Game, move: Move) -> str:
    """The card to press to pick up exactly the cards `move` takes (its bottom one)."""
    return game.zones()[move.gesture.source][-move.gesture.count]


def play_by_clicks(page: Page, game: Game, move: Move, tap: bool = False) -> None:
    """Make `move` as a player does: press its bottom card; when those cards have more
    than one legal target, press the target cell too. Pushes `move` on `game`."""
    press = (lambda c: tap_card(page, c)) if tap else (lambda c: click_card(page, c))
    targets = moves_from(game, move.gesture.source, move.gesture.count)
    assert move in targets, f"{move} is not legal here"
    press(pick_card(game, move))
    if len(targets) > 1:
        page.wait_for_selector(f'#board [data-zone="{move.gesture.target}"].target', timeout=5_000)
        top = game.zones()[move.gesture.target][-1]
        press(top)
    game.push(move)


def mouse_drag(page: Page, card: str, zone: str, steps: int = 8) -> None:
    """Press `card` with the mouse, carry it over `zone`'s top card, let go."""
    x0, y0 = card_point(page, card)
    x1, y1 = zone_point(page, zone)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=2)  # past the drag threshold
    page.mouse.move(x1, y1, steps=steps)
    page.mouse.up()


def touch_drag(page: Page, context: BrowserContext, card: str, zone: str, steps: int = 8) -> None:
    """The same with a finger: CDP Input.dispatchTouchEvent, which Chromium turns into
    pointer events with pointerType "touch" (Playwright's touchscreen only taps)."""
    x0, y0 = card_point(page, card)
    x1, y1 = zone_point(page, zone)
    cdp = context.new_cdp_session(page)

    def touch(kind: str, *points: tuple[float, float]) -> None:
        touch_points = [{"x": x, "y": y} for x, y in points]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})

    try:
        touch("touchStart", (x0, y0))
        for i in range(1, steps + 1):
            touch("touchMove", (x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps))
        touch("touchEnd")
    finally:
        cdp.detach()


POINTER_LOG_JS = """
() => {
  window.__pointerLog = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
    addEventListener(type, e => window.__pointerLog.push(type + ':' + e.pointerType), true);
  }
}
"""


def log_pointer_events(page: Page) -> Callable[[], list[str]]:
    """Start recording pointer events; returns a function reading the log."""
    page.evaluate(POINTER_LOG_JS)
    return lambda: page.evaluate("window.__pointerLog")


# --- watching the guard's shake ----------------------------------------------------------

# The board marks a refused zone for 600 ms (Board.refuse); a loaded machine's round trips
# can miss that window when polling, so every zone that takes the mark is written down.
SHAKE_LOG_JS = """
() => {
  window.__shaken = [];
  if (window.__shakeObserver) return;
  window.__shakeObserver = new MutationObserver(records => {
    for (const r of records) {
      const zone = r.target.dataset && r.target.dataset.zone;
      if (zone && r.target.classList.contains('refused')) window.__shaken.push(zone);
    }
  });
  window.__shakeObserver.observe(document.getElementById('board'),
    {attributes: true, attributeFilter: ['class'], subtree: true});
}
"""


def log_shakes(page: Page) -> None:
    """Start (or start again) writing down the zones the guard shakes."""
    page.evaluate(SHAKE_LOG_JS)


def expect_shaken(page: Page, zone: str, timeout: float = 10_000) -> None:
    """The guard shook `zone` since log_shakes, whether or not the mark is still on."""
    page.wait_for_function("zone => window.__shaken.includes(zone)", arg=zone, timeout=timeout)


# --- watching the toast -----------------------------------------------------------------

# Every text the toast ever showed, recorded from the first script on (add_init_script).
TOAST_LOG_JS = """
(() => {
  window.__toasts = [];
  const watch = () => {
    const toast = document.getElementById('toast');
    if (!toast) return false;
    new MutationObserver(() => {
      const text = toast.textContent.trim();
      if (text) window.__toasts.push(text);
    }).observe(toast, {childList: true, characterData: true, subtree: true});
    return true;
  };
  if (!watch()) document.addEventListener('DOMContentLoaded', watch);
})();
"""


def follow_in_page(page: Page, query: str) -> None:
    """Meet `query` through the page's own router, without a load: as a link of the page
    followed, or Back or Forward pressed (history.pushState, then popstate). The toasts
    logged so far (TOAST_LOG_JS) are forgotten first."""
    page.evaluate("""(query) => {
      if (window.__toasts) window.__toasts = [];
      history.pushState(null, '', query);
      dispatchEvent(new PopStateEvent('popstate'));
    }""", query)


def toasts(page: Page) -> list[str]:
    return page.evaluate("window.__toasts || []")


def seed_storage(context: BrowserContext, items: dict[str, str]) -> None:
    """Put `items` in the site's localStorage before its first page runs a script (once
    per tab: a reload sees what the page left, not the seed again)."""
    context.add_init_script(
        "(items => { try {"
        "  if (location.protocol !== 'http:' || sessionStorage.getItem('__seeded')) return;"
        "  sessionStorage.setItem('__seeded', '1');"
        "  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "} catch (e) {} })(" + json.dumps(items) + ");"
    )


SOLVER = "#solver"  # the solver's panel in the end dialog


def solve_and_stop_the_line_at_move_2(page: Page) -> None:
    """From the end dialog: the solver run to a win, its line shown on the board, and the
    replay stopped once it reached its second move (what a player watching part does)."""
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "won", timeout=60_000)
    page.click(f'{SOLVER} [data-action="show-line"]')
    page.wait_for_function(
        "document.getElementById('replay-text').textContent.startsWith('Move 2 ')")
    page.click('[data-action="replay-stop"]')
