"""Every game on phones and tablets: touch contexts (has_touch, is_mobile, device scale 2)
at 360x740 (a phone upright), 740x360 (the same phone on its side) and 768x1024 (a
tablet upright), measured in Chromium, and a move of every game played by touch.

What "fits" means here, each checked at each size:

* the page never scrolls sideways: document.scrollingElement.scrollWidth <= innerWidth;
* every zone of the board (cells, piles, stalls, hands) and every card in it lies inside
  the viewport horizontally, and the play area (every zone) lies inside the viewport
  vertically too, at the deal, without scrolling: on a phone on its side as well (the
  bar becomes a rail at the side there, and the status line sits beside the board).
  One exception: on an upright phone the draw pile and the books of Devil's Square and
  King's Square may lie below the fold (never tapped; the status line gives the count),
  so that the 4x4 field keeps large cards;
* touch targets are at least 44x44 CSS px. A target is measured by what a finger
  reaches, not by its painted box: a fingertip, the 44 px disc centred on the target,
  must land on it everywhere (document.elementFromPoint at the points of a 7x7 grid
  that lie in the disc, 1 px inside its edge since hit testing snaps fractional
  boxes). So a control whose hit area is enlarged by padding or an invisible ::after
  counts, and one whose 44 px are partly covered by a neighbour does not. Targets:
  every visible button, link, select and text field of the bar, the
  status line, the board and open dialogs (a check box or radio button counts by its
  label, which is what a finger presses);
* cards: the top card of every pile (what a tap picks up first) passes the same test,
  where landing on the card's own zone counts too, since a tap on a pile beside its
  cards means its top card (game/ui/app.py on_touch). Every card of the shown hand of
  the table game is a target of its own: its visible part must pass. Cards under the
  top of a fanned pile (tapped to take two cards at once) show a strip of a fifth to a
  third of their height; they are secondary targets, reached by dragging or by moving
  the cards one at a time, and are not held to 44 px;
* dialogs (rules, give up, the end of a game, the deal menu, the table's seats and
  rules) fit a 360 px phone: inside the viewport, no sideways scrolling inside, their
  controls 44 px.

The French top bar (longer words) is measured at 360 px as well.
"""

from __future__ import annotations

import pytest
from helpers import (
    READY,
    READY_TIMEOUT_MS,
    engine,
    expect_board,
    find_single_target_move,
    is_build,
    log_pointer_events,
    pick_card,
    play_by_clicks,
    seed_storage,
    tap_card,
    touch_drag,
    zone_point,
)
from playwright.sync_api import BrowserContext, Page, expect
from table_helpers import Selection, targets_of, touch_card

from game.games.kings_corner import KingsCorner
from game.ui.table import TableSession

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

PHONE = {"width": 360, "height": 740}
SIZES = {
    "phone": PHONE,
    "phone-landscape": {"width": 740, "height": 360},
    "tablet": {"width": 768, "height": 1024},
}
DEAL = 123
GAMES = {
    "devils-square": f"/?game=devils-square&deal={DEAL}",
    "kings-square": f"/?game=kings-square&deal={DEAL}",
    "devils-grip": f"/?game=devils-grip&deal={DEAL}",
    "kings-corner-solitaire": f"/?game=kings-corner-solitaire&deal={DEAL}",
    "kings-corner": f"/?game=kings-corner&deal={DEAL}&players=h2",
}
MIN_TARGET = 44
# Zones that may lie below the fold of an upright phone: the draw pile of the King's Keys
# games (never tapped; the status line says its count) and the books made so far. The
# field itself, every cell with its fanned cards, is always in sight.
BELOW_THE_FOLD = ["stock", "books"]
BELOW_THE_FOLD_GAMES = ("devils-square", "kings-square")
PACE_KEY = "cardgames:settings:pace"


def touch_context(new_context, viewport=PHONE, storage=None) -> BrowserContext:
    context = new_context(
        viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    # the table's computers play quickly; seeded once (a tab takes one seed)
    seed_storage(context, {PACE_KEY: "fast", **(storage or {})})
    return context


def open_game(context: BrowserContext, site_url: str, path: str) -> Page:
    page = context.new_page()
    page.goto(site_url + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    if "kings-corner&" in path:  # the computers play first: wait for the person's turn
        expect(page.locator('#board [data-action="end-turn"]')).to_be_enabled(timeout=20_000)
    page.wait_for_timeout(150)  # a resize or the fonts may still settle the layout
    return page


# --- measuring ------------------------------------------------------------------------------

# The 44x44 square centred on (x, y), sampled at 7x7 points (its edges 0.5 px inside):
# the points that do not land on `accept` (an element, or a function of the element hit).
SQUARE_JS = """() => {
window.__square = (x, y, accept, size) => {
  const misses = [];
  const half = size / 2 - 1;  // 1 px inside: boxes sit at fractions of a pixel, hits snap
  for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) {
    const dx = half * (i / 3 - 1), dy = half * (j / 3 - 1);
    if (dx * dx + dy * dy > half * half + 0.01) continue;  // a fingertip: the disc
    const hit = document.elementFromPoint(x + dx, y + dy);
    if (!hit || !accept(hit)) {
      misses.push(`(${Math.round(x + dx)}, ${Math.round(y + dy)}) -> `
        + (hit ? describe(hit) : 'nothing'));
    }
  }
  return misses;
};
window.describe = (el) => {
  const bits = [el.tagName.toLowerCase()];
  if (el.id) bits.push('#' + el.id);
  for (const a of ['data-action', 'data-zone', 'data-card']) {
    if (el.getAttribute(a)) bits.push(`[${a}=${el.getAttribute(a)}]`);
  }
  const names = typeof el.className === 'string' ? el.className.trim() : '';
  if (names) bits.push('.' + names.split(/\\s+/).join('.'));
  return bits.join('');
};
window.__shown = (el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  const s = getComputedStyle(el);
  return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.05;
};
}
"""

# Every control a finger may need in `root` (the document or an open dialog), each checked
# with the square test after being scrolled into view.
CONTROLS_JS = """
([rootSelector, size]) => {
  const root = document.querySelector(rootSelector);
  const problems = [];
  const controls = root.querySelectorAll(
    'button, a[href], select, input, textarea, [role="button"], summary');
  for (const el of controls) {
    if (!__shown(el) || el.closest('dialog:not([open]), [popover]:not(:popover-open)')) continue;
    if (rootSelector === 'body' && el.closest('dialog, #home, [popover]')) continue;
    if (el.closest('#board [data-card], #board [data-zone]')) continue;  // cards: below
    if (el.closest('.rules')) continue;  // the rules text's own links and examples
    const target = (el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type)
                    && el.labels && el.labels.length) ? el.labels[0] : el;
    if (getComputedStyle(el).pointerEvents === 'none') continue;  // switched off (greyed)
    target.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = target.getBoundingClientRect();
    const labels = [...(el.labels || [])];
    const misses = __square(r.left + r.width / 2, r.top + r.height / 2,
      (hit) => target.contains(hit) || el.contains(hit) || labels.some((l) => l.contains(hit)),
      size);
    if (misses.length) {
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      problems.push(`${describe(el)} ${size}: ${misses.length} points miss, e.g. ${misses[0]}`);
    }
  }
  return problems;
}
"""

# The board at the deal: boxes out of the viewport, and cards too small to tap.
BOARD_JS = """
([size, fitHeight, belowTheFold]) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const se = document.scrollingElement;
  if (se.scrollWidth > W) problems.push(`the page scrolls sideways: ${se.scrollWidth} > ${W}`);
  scrollTo(0, 0);
  const zones = [...document.querySelectorAll('#board [data-zone]')].filter(__shown);
  if (!zones.length) problems.push('no zone shown');
  for (const el of [...zones, ...document.querySelectorAll('#board [data-card]')]) {
    if (!__shown(el)) continue;
    const r = el.getBoundingClientRect();
    const name = describe(el);
    if (r.left < -0.5 || r.right > W + 0.5) {
      const span = `${Math.round(r.left)}..${Math.round(r.right)}`;
      problems.push(`${name} is outside the viewport sideways: ${span} of ${W}`);
    }
    const mayScroll = belowTheFold.includes(el.dataset.zone);
    if (fitHeight && el.dataset.zone && !mayScroll && (r.top < -0.5 || r.bottom > H + 0.5)) {
      const span = `${Math.round(r.top)}..${Math.round(r.bottom)}`;
      problems.push(`${name} is not in sight without scrolling: ${span} of ${H}`);
    }
    if (r.bottom > se.scrollHeight + 0.5) problems.push(`${name} cannot be scrolled to`);
  }
  // The top card of every pile, and every card of the shown hand, can be tapped.
  const targets = [];
  for (const zone of zones) {
    if (zone.dataset.zone === 'books' || zone.dataset.zone.startsWith('hand-')) continue;
    const cards = [...zone.querySelectorAll(':scope > [data-card]')].filter(__shown);
    if (cards.length) targets.push([cards[cards.length - 1], zone]);
  }
  for (const card of document.querySelectorAll('#board .seat.me [data-card]')) {
    targets.push([card, null]);
  }
  for (const [card, zone] of targets) {
    card.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = card.getBoundingClientRect();
    const next = card.nextElementSibling;
    let right = r.right;
    if (!zone && next && next.dataset.card) {  // a hand's fan: up to the next card
      const n = next.getBoundingClientRect();
      if (Math.abs(n.top - r.top) < 2) right = Math.min(right, n.left);
    }
    const x = (r.left + right) / 2, y = r.top + r.height / 2;
    const misses = __square(x, y, (hit) => card.contains(hit) || (zone && hit === zone), size);
    if (misses.length) {
      const shown = `${Math.round(right - r.left)}x${Math.round(r.height)}`;
      problems.push(`card ${card.dataset.card} (${shown} shown) is too small to tap: `
        + `${misses.length} points miss, e.g. ${misses[0]}`);
    }
  }
  scrollTo(0, 0);
  return problems;
}
"""


def measure_controls(page: Page, root: str = "body") -> list[str]:
    page.evaluate(SQUARE_JS)
    return page.evaluate(CONTROLS_JS, [root, MIN_TARGET])


def measure_board(page: Page, fit_height: bool = True, below_the_fold=()) -> list[str]:
    page.evaluate(SQUARE_JS)
    return page.evaluate(BOARD_JS, [MIN_TARGET, fit_height, list(below_the_fold)])


def no_sideways_scroll(page: Page, selector: str) -> list[str]:
    """The element (a dialog) inside the viewport and nothing in it wider than it."""
    page.evaluate(SQUARE_JS)
    return page.evaluate(
        """(selector) => {
             const el = document.querySelector(selector);
             const r = el.getBoundingClientRect();
             const out = [];
             if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight)
               out.push(`${selector} at ${Math.round(r.left)},${Math.round(r.top)} .. `
                 + `${Math.round(r.right)},${Math.round(r.bottom)} is not inside the viewport`);
             for (const box of [el, ...el.querySelectorAll('*')]) {
               const scrolls = getComputedStyle(box).overflowX !== 'visible'
                 && box.clientWidth > 1;  // (not a word kept for screen readers)
               if (scrolls && box.scrollWidth > box.clientWidth + 1)
                 out.push(`${describe(box)} scrolls sideways: ${box.scrollWidth}`);
             }
             const page = document.scrollingElement;
             if (page.scrollWidth > innerWidth) out.push('the page scrolls sideways');
             return out;
           }""",
        selector,
    )


# --- 1. every game fits, at every size -------------------------------------------------------


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_fits_phones_and_tablets(new_context, site_url, game_id):
    """One page, resized: upright phone, phone on its side, tablet; at each size the page,
    the board, the cards and the controls are measured (see the module's docstring)."""
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES[game_id])
    problems = []
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        fold = BELOW_THE_FOLD if game_id in BELOW_THE_FOLD_GAMES else ()
        problems += [f"{name}: {p}" for p in measure_board(page, below_the_fold=fold)]
        problems += [f"{name}: {p}" for p in measure_controls(page)]
        if name == "phone":  # upright, each key says its word: a tooltip never shows on touch
            problems += [f"{name}: {p}" for p in unreadable_words(page)]
    assert not problems, f"{len(problems)} problem(s):\n  " + "\n  ".join(problems)


def unreadable_words(page: Page) -> list[str]:
    """The game's keys whose word is hidden or cut short (an ellipsis)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.actions button[data-action] > span')]
             .filter((word) => word.parentElement.offsetParent)
             .filter((word) => word.getBoundingClientRect().width < 8
                               || word.scrollWidth > word.clientWidth + 1)
             .map((word) => `the key "${word.textContent}" does not show its word`)""")


def test_the_game_list_fits_a_phone(new_context, site_url):
    context = touch_context(new_context)
    page = open_game(context, site_url, "/")
    problems = []
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        if page.evaluate("document.scrollingElement.scrollWidth") > size["width"]:
            problems.append(f"{name}: the page scrolls sideways")
        problems += [f"{name}: {p}" for p in measure_controls(page, "#home")]
    assert not problems, "\n  ".join(problems)


@pytest.mark.parametrize("game_id", ["devils-square", "kings-corner-solitaire", "kings-corner"])
def test_the_french_top_bar_fits_a_phone(new_context, site_url, game_id):
    """French words are longer than English ones: the bar still fits 360 px."""
    context = touch_context(new_context, storage={"cardgames:language": "fr"})
    page = open_game(context, site_url, GAMES[game_id])
    assert page.evaluate("document.documentElement.lang") == "fr"
    fold = BELOW_THE_FOLD if game_id in BELOW_THE_FOLD_GAMES else ()
    problems = measure_controls(page) + measure_board(page, below_the_fold=fold)
    title = page.evaluate(
        """() => { const r = document.querySelector('.topbar').getBoundingClientRect();
                   return [r.right, r.height]; }"""
    )
    assert title[0] <= PHONE["width"], title
    assert not problems, "\n  ".join(problems)


# --- 2. a move by touch in every game --------------------------------------------------------


@pytest.mark.parametrize("game_id", ["devils-square", "kings-square"])
def test_kings_keys_moves_by_taps(new_context, site_url, game_id):
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES[game_id])
    game = engine(game_id, DEAL)
    events = log_pointer_events(page)
    move = find_single_target_move(game)
    tap_card(page, pick_card(game, move))
    game.push(move)
    expect_board(page, game)
    assert "pointerup:touch" in events()
    assert "pointercancel:touch" not in events()


def test_devils_grip_builds_and_deals_by_taps(new_context, site_url):
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES["devils-grip"])
    game = engine("devils-grip", DEAL)
    build = next(m for m in game.legal_moves() if is_build(m))
    play_by_clicks(page, game, build, tap=True)
    expect_board(page, game)
    page.touchscreen.tap(*zone_point(page, "stock"))
    game.push(next(m for m in game.legal_moves() if type(m).__name__ == "Deal"))
    expect_board(page, game)


def test_kings_corner_solitaire_places_by_tap_and_by_touch_drag(new_context, site_url):
    """A tap on an empty cell places the turned card; a finger drags the next one onto
    another cell (CDP touch events: the page must not take the drag for a scroll)."""
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES["kings-corner-solitaire"])
    game = engine("kings-corner-solitaire", DEAL)
    events = log_pointer_events(page)
    for how in ("tap", "drag"):
        turned = game.zones()["stock"][-1]
        place = [m for m in game.legal_moves() if type(m).__name__ == "Place"][-1]
        target = f"cell-{place.cell}"
        if how == "tap":
            page.touchscreen.tap(*zone_point(page, target))
        else:
            touch_drag(page, context, turned, target)
        game.push(place)
        placed = page.locator(f'#board [data-zone="{target}"] [data-card="{turned}"]')
        expect(placed).to_have_count(1)
        now = game.zones()["stock"][-1]
        expect(page.locator(f'#board [data-zone="stock"] [data-card="{now}"]')).to_have_count(1)
    log = events()
    assert "pointermove:touch" in log and "pointercancel:touch" not in log, log


def one_target_card(session: TableSession):
    """A card of the person's hand with exactly one place to go."""
    for card in session.game.hands[session.shown_seat]:
        moves = targets_of(session, Selection(card=card))
        if len(moves) == 1:
            return card, next(iter(moves))
    return None


def test_the_table_plays_a_hand_card_by_tap_and_a_drag(new_context, site_url):
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES["kings-corner"])
    session = TableSession(KingsCorner.new(deal=DEAL, players="h2"))
    while session.computer_to_move():
        session.step_computer()
    found = one_target_card(session)
    assert found, "deal 123 has a card with one place to go at the first turn"
    card, zone = found
    events = log_pointer_events(page)
    hand = page.locator(f'#board .seat.me [data-card="{card}"]')
    box = hand.bounding_box()
    page.touchscreen.tap(box["x"] + 14, box["y"] + box["height"] / 2)
    stall = page.locator(f'#board [data-zone="{zone}"] [data-card="{card}"]')
    expect(stall).to_have_count(1)
    assert "pointerup:touch" in events()
    touch_card(session, card)
    # a second card dragged by a finger onto its stall
    found = one_target_card(session)
    if found:
        card, zone = found
        touch_drag(page, context, card, zone)
        expect(page.locator(f'#board [data-zone="{zone}"] [data-card="{card}"]')).to_have_count(1)
        assert "pointercancel:touch" not in events()


# --- 3. dialogs on a 360 px phone ------------------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "phone-landscape"])
def test_rules_give_up_and_end_dialogs_fit_a_phone(new_context, site_url, size):
    context = touch_context(new_context, viewport=SIZES[size])
    page = open_game(context, site_url, GAMES["devils-grip"])
    problems = []
    page.locator('.actions [data-action="rules"]').tap()
    expect(page.locator("#rules-dialog")).to_be_visible()
    problems += no_sideways_scroll(page, "#rules-dialog")
    problems += measure_controls(page, "#rules-dialog")
    page.locator('#rules-dialog [data-action="close"]').tap()
    page.locator('.actions [data-action="giveup"]').tap()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    problems += no_sideways_scroll(page, "#confirm-dialog")
    problems += measure_controls(page, "#confirm-dialog")
    page.locator('#confirm-dialog [data-action="confirm-giveup"]').tap()
    expect(page.locator("#end-dialog")).to_be_visible()
    problems += no_sideways_scroll(page, "#end-dialog")
    problems += measure_controls(page, "#end-dialog")
    assert not problems, "\n  ".join(problems)


def test_the_deal_menu_fits_a_phone(new_context, site_url):
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES["kings-corner-solitaire"])
    toggle = page.locator(".actions .deal-kind-toggle")
    expect(toggle).to_be_visible()
    toggle.tap()
    expect(page.locator("#deal-menu")).to_be_visible()
    problems = no_sideways_scroll(page, "#deal-menu") + measure_controls(page, "#deal-menu")
    assert not problems, "\n  ".join(problems)


def test_the_table_set_up_fits_a_phone(new_context, site_url):
    context = touch_context(new_context)
    page = open_game(context, site_url, GAMES["kings-corner"])
    page.locator('#board [data-action="setup"]').tap()
    expect(page.locator("#setup-dialog")).to_be_visible()
    problems = no_sideways_scroll(page, "#setup-dialog") + measure_controls(page, "#setup-dialog")
    assert not problems, "\n  ".join(problems)
