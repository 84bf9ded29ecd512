"""Kings in the Corner for 2 to 6 players (the table) in Chromium, checked against the
CPython engine, its computer players and the table's page logic.

The page runs game/games/kings_corner.py, game/ai/kings_corner.py and game/ui/table.py
under Pyodide; this test runs the very same modules in CPython. A computer's move depends
only on its view and on an RNG seeded with the deal and the move number, so CPython says
move for move what the computers will play, and every test here is exact: it acts like a
player (clicks on hand cards near their left edge, since the hand is a fan, clicks on
stalls, a mouse drag, buttons, a reload), keeps a CPython TableSession in step with what
it did, and compares the DOM (every stall, the shown hand, the other hands' counts, the
seats' names, chips and points, the pot) and the saved move list with it. Positions come
from searches in CPython over fixed deals; the end of a hand is reached by loading a save
made of moves played in CPython. Tests wait for the save or the DOM, never for a fixed
time; the pace of the computers is "fast" (set in localStorage before the page loads)
except where the pace itself is tested. Contexts emulate reduced motion, so a move's DOM
is final at once (the computer-turn test runs with motion on as well).
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from helpers import READY, READY_TIMEOUT_MS, seed_storage, storage, url_params, zone_point
from playwright.sync_api import BrowserContext, Page, expect
from table_helpers import Selection, drop, pick_of, targets_of, touch_card, touch_stall

from game.ai.kings_corner import choose
from game.engine import IllegalMove, Move
from game.games.kings_corner import (
    CORNERS,
    SIDES,
    KingsCorner,
    Play,
    zone_of,
)
from game.ui.store import slot_key
from game.ui.table import LEVEL_NAMES, TableSession, sorted_hand

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

KT = "kings-corner"
PACE_KEY = "cardgames:settings:pace"
PACE_MS = {"slow": 1100, "normal": 650, "fast": 250}
UNDO = '.actions [data-action="undo"]'
REDO = '.actions [data-action="redo"]'
END_TURN = '#board [data-action="end-turn"]'
HURRY = '#board [data-action="hurry"]'
YOUR_TURN = "Your turn: play cards, then End turn."
DEALS = range(1, 400)


def game_path(deal: int, **params: object) -> str:
    extra = "".join(f"&{k}={v}" for k, v in params.items())
    return f"/?game={KT}&deal={deal}{extra}"


def set_pace(context: BrowserContext, pace: str) -> None:
    """The computers' pace in localStorage before any script of the page runs (on every
    load of the context's pages; a later call wins)."""
    context.add_init_script(
        "try { if (location.protocol === 'http:') "
        f"localStorage.setItem('{PACE_KEY}', '{pace}'); }} catch (e) {{}}"
    )


@pytest.fixture(autouse=True)
def fast_pace(context: BrowserContext) -> None:
    set_pace(context, "fast")


# --- the CPython side: sessions, computers, searches ----------------------------------------


def new_session(deal: int, **options) -> TableSession:
    return TableSession(KingsCorner.new(deal=deal, **options))


def run_computers(session: TableSession) -> list[str]:
    """Let the computers play (as the page does) until a person is to move or the hand
    is over; the moves they made."""
    made = []
    while session.computer_to_move():
        made.append(str(session.step_computer().moved))
    return made


def at_first_turn(deal: int, **options) -> TableSession:
    """The session of `deal` at the first turn of a person (the computers have played)."""
    session = new_session(deal, **options)
    run_computers(session)
    return session


def find_turn(
    condition: Callable[[TableSession], Any], deals: Iterable[int] = DEALS, **options
) -> tuple[int, Any]:
    """(deal, what `condition` returned) for the first deal whose first person's turn
    meets it (a truthy value)."""
    for deal in deals:
        session = at_first_turn(deal, **options)
        if session.game.hand_over is None:
            found = condition(session)
            if found:
                return deal, found
    raise LookupError("no deal has such a turn")


def hand_of(session: TableSession) -> list[str]:
    return session.game.hands[session.shown_seat]


def reason(game: KingsCorner, move: Move) -> str:
    """The engine's refusal of `move`."""
    try:
        game.check(move)
    except IllegalMove as error:
        return str(error)
    raise AssertionError(f"{move} is legal")


def line_of(game: KingsCorner) -> list[str]:
    return [str(move) for move in game.move_stack]


def save_key(game: KingsCorner) -> str:
    return slot_key(KT, game.deal, game.options)


# --- what the page must show ---------------------------------------------------------------


def table_view(session: TableSession) -> dict:
    """The DOM the table must show for `session`: each stall's shown cards (a side its
    bottom and top card, a corner its top card), the shown hand sorted as the fan sorts
    it, no card of any other hand; the counts of the stock, the corners and the hidden
    hands; each seat's name, kind, chips (Jax), points, where it sits and whose turn it
    is; the pot and the draw pile's count."""
    game = session.game
    shown = None if session.hidden_hand else session.shown_seat
    zones, counts = {"stock": []}, {"stock": len(game.stock)}
    between = {}  # a side stall's badge: how many cards lie under its top, over its bottom
    for zone, cards in game.zones().items():
        if zone == "stock":
            continue
        if zone.startswith("hand-"):
            seat = int(zone[5:])
            zones[zone] = sorted_hand(cards) if seat == shown else []
            if seat != shown:
                counts[zone] = len(cards)
        elif zone.startswith("side-"):
            zones[zone] = cards if len(cards) <= 2 else [cards[0], cards[-1]]
            between[zone] = str(len(cards) - 2) if len(cards) > 2 else None
        else:
            zones[zone] = cards[-1:]
            counts[zone] = len(cards)
    playing = not game.is_over() and game.hand_over is None
    seats = [
        {
            "seat": seat,
            "name": session.player_names[seat],
            "level": "Person" if session.is_person(seat) else LEVEL_NAMES[game.players[seat]],
            "chips": str(game.chips[seat]) if game.jax else "",
            "score": str(game.scores[seat]) if game.jax or game.options["match"] else "",
            "me": seat == session.shown_seat,
            "inMe": seat == session.shown_seat,
            "toMove": playing and seat == game.to_move,
            "dealer": seat == game.dealer,
        }
        for seat in range(game.seats)
    ]
    return {
        "zones": zones,
        "between": between,
        "counts": counts,
        "labels": {zone: str(n) for zone, n in counts.items() if zone.startswith(("hand", "st"))},
        "seats": seats,
        "pot": f"Pot {game.pot}" if game.jax else "",
        "pile": str(len(game.stock)),
        "passing": session.hidden_hand,
        "state": "ready",
        "game": KT,
    }


# The table as the DOM shows it, with the page's current save (read in the same task, so
# the two always belong together), and the cards drawn outside their zone's box.
READ_TABLE_JS = """
() => {
  const zones = {}, counts = {}, labels = {}, between = {}, astray = [];
  for (const zone of document.querySelectorAll('#board [data-zone]')) {
    const name = zone.dataset.zone, box = zone.getBoundingClientRect();
    zones[name] = [...zone.querySelectorAll('[data-card]')].map(c => {
      const r = c.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
        astray.push(`${c.dataset.card} outside ${name}`);
      }
      return c.dataset.card;
    });
    if (!name.startsWith('side-')) {
      counts[name] = zone.dataset.count === undefined ? null : Number(zone.dataset.count);
    } else {
      between[name] = zone.dataset.between ?? null;
    }
    const label = zone.querySelector(':scope > .count');
    if (label) labels[name] = label.textContent.trim();
  }
  const text = s => (document.querySelector(s) || {}).textContent?.trim() ?? null;
  const seats = [...document.querySelectorAll('#board .seat')].map(s => ({
    seat: Number(s.dataset.seat),
    name: s.querySelector('.seat-name').textContent,
    level: s.querySelector('.seat-level').textContent,
    chips: s.querySelector('.seat-chips').textContent,
    score: s.querySelector('.seat-score').textContent,
    me: s.classList.contains('me'),
    inMe: s.parentElement.classList.contains('kt-me'),
    toMove: s.classList.contains('to-move'),
    dealer: s.classList.contains('dealer'),
  })).sort((a, b) => a.seat - b.seat);
  const current = localStorage.getItem('cardgames:current:kings-corner');
  const save = current && localStorage.getItem(current);
  const pass = document.querySelector('#board .kt-pass');
  return {
    view: {
      zones, between, counts, labels, seats,
      pot: text('#rating'), pile: text('#pile-count'),
      passing: !!pass && !pass.hidden && pass.getBoundingClientRect().height > 0,
      state: document.body.dataset.state, game: document.body.dataset.game,
    },
    astray,
    prompt: text('#prompt'),
    message: text('#message'),
    record: save ? JSON.parse(save) : null,
    time: performance.now(),
  };
}
"""

CANON_JS = """
const canon = v => Array.isArray(v) ? '[' + v.map(canon).join(',') + ']'
  : (v !== null && typeof v === 'object')
    ? '{' + Object.keys(v).sort().map(k => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}'
    : JSON.stringify(v);
"""


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def read_table(page: Page) -> dict:
    return page.evaluate(READ_TABLE_JS)


def view_diff(got: dict, want: dict) -> dict:
    """What differs, part by part (zone by zone, seat by seat): (DOM, expected)."""
    diff = {}
    for part in want:
        if part in ("zones", "counts", "labels"):
            # every zone's cards; the counts of the zones that show one (a shown hand's
            # count is not looked at)
            keys = set(want[part]) | (set(got[part]) if part == "zones" else set())
            for key in sorted(keys):
                if got[part].get(key) != want[part].get(key):
                    diff[f"{part}.{key}"] = (got[part].get(key), want[part].get(key))
        elif part == "seats":
            for index, seat in enumerate(want["seats"]):
                shown = got["seats"][index] if index < len(got["seats"]) else None
                if shown != seat:
                    diff[f"seat {index}"] = (shown, seat)
            if len(got["seats"]) != len(want["seats"]):
                diff["seats"] = (len(got["seats"]), len(want["seats"]))
        elif got[part] != want[part]:
            diff[part] = (got[part], want[part])
    return diff


def expect_table(page: Page, session: TableSession, timeout: float = 5_000) -> dict:
    """Wait until the DOM shows `session` (table_view) with every card drawn inside its
    zone and the page's save holding the session's moves, then assert it with a readable
    diff. Returns the last reading."""
    want = table_view(session)
    moves = line_of(session.game)
    try:
        page.wait_for_function(
            f"""([want, moves]) => {{
                 {CANON_JS}
                 const got = ({READ_TABLE_JS})();
                 for (const part of ['counts', 'labels']) {{  // only the counts shown
                   got.view[part] = Object.fromEntries(
                     Object.keys(want[part]).map(k => [k, got.view[part][k] ?? null]));
                 }}
                 return got.astray.length === 0 && canon(got.view) === canon(want)
                   && got.record !== null && canon(got.record.moves) === moves;
               }}""",
            arg=[want, canon(moves)],
            timeout=timeout,
        )
    except Exception:  # noqa: BLE001 - the asserts below say what differs
        pass
    got = read_table(page)
    diff = view_diff(got["view"], want)
    assert not diff, f"the table differs from the engine: part -> (DOM, engine) {diff}"
    assert not got["astray"], f"cards drawn outside their zone: {got['astray']}"
    saved = got["record"] and got["record"]["moves"]
    assert saved == moves, f"saved moves {saved} != engine {moves}"
    assert got["record"]["names"] == session.player_names
    return got


def wait_saved(page: Page, game: KingsCorner, timeout: float = 5_000) -> None:
    """Wait until the page's save holds exactly `game`'s moves, then assert it."""
    want = canon(line_of(game))
    try:
        page.wait_for_function(
            f"""([key, want]) => {{
                 {CANON_JS}
                 const text = localStorage.getItem(key);
                 return text !== null && canon(JSON.parse(text).moves) === want;
               }}""",
            arg=[save_key(game), want],
            timeout=timeout,
        )
    except Exception:  # noqa: BLE001 - the assert below says what differs
        pass
    text = storage(page).get(save_key(game))
    saved = json.loads(text)["moves"] if text else None
    assert saved == line_of(game), f"saved moves {saved} != engine {line_of(game)}"


def computers_play(page: Page, session: TableSession, pace: str = "fast") -> list[str]:
    """The computers' moves that follow (CPython), waited for in the page's save and
    checked on the table."""
    made = run_computers(session)
    wait_saved(page, session.game, timeout=len(made) * (PACE_MS[pace] + 400) + 10_000)
    expect_table(page, session)
    return made


def open_table(open_site, deal: int, **params) -> tuple[Page, TableSession]:
    """The page at `deal` with `params`, played on to the first person's turn, and the
    CPython session in the same place."""
    page = open_site(game_path(deal, **params))
    session = new_session(deal, **params)
    computers_play(page, session)
    return page, session


def copy_of(session: TableSession) -> TableSession:
    """A session at the same point (its moves replayed), to look ahead in."""
    game = session.game
    copy = TableSession(KingsCorner.new(deal=game.deal, **game.options))
    for move in game.move_stack:
        copy.game.push(move)
    return copy


# --- acting like a player -------------------------------------------------------------------


def hand_card(page: Page, seat: int, card: str):
    return page.locator(f'#board [data-zone="hand-{seat}"] [data-card="{card}"]')


def click_hand_card(page: Page, seat: int, card: str) -> None:
    """Hand cards overlap in a fan: press near the left edge, the part that shows."""
    hand_card(page, seat, card).click(position={"x": 6, "y": 30})


def click_stall(page: Page, zone: str) -> None:
    """Press the stall's top card (or the empty stall's middle), checked to be what lies
    under the pointer there."""
    page.mouse.click(*zone_point(page, zone))


def marked(page: Page, name: str) -> list[str]:
    return sorted(
        page.eval_on_selector_all(
            f"#board [data-zone].{name}", "els => els.map(e => e.dataset.zone)"
        )
    )


def selected_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#board .selected, #board .lifted", "els => els.map(e => e.dataset.card)"
    )


def select(page: Page, session: TableSession, selection: Selection) -> None:
    """Click a hand card or a side stall that has several targets: it is picked up and its
    targets are marked (the page's and the session's)."""
    if selection.card:
        click_hand_card(page, session.shown_seat, selection.card)
        reply = touch_card(session, selection.card)
    else:
        click_stall(page, zone_of(selection.stall))
        reply = touch_stall(session, zone_of(selection.stall))
    assert reply.moved is None and session.selected == pick_of(session, selection), (
        "expected a choice of targets")
    expect(page.locator("#board .target")).to_have_count(len(session.targets()))
    assert marked(page, "target") == session.targets()


def play(page: Page, session: TableSession, move: Move) -> None:
    """Make `move` by clicks: press its card (or side stall); when it has several targets,
    press the target too. The session follows; the page's save must follow too."""
    game = session.game
    assert move in game.legal_moves(), f"{move} is not legal here"
    if isinstance(move, Play):
        selection, target = Selection(card=move.card), zone_of(move.stall)
    else:
        selection, target = Selection(stall=move.src), zone_of(move.dst)
    if len(targets_of(session, selection)) > 1:
        select(page, session, selection)
        click_stall(page, target)
        reply = touch_stall(session, target)
    elif selection.card:
        click_hand_card(page, session.shown_seat, selection.card)
        reply = touch_card(session, selection.card)
    else:  # a side stall with one place to go goes there at one click
        click_stall(page, zone_of(selection.stall))
        reply = touch_stall(session, zone_of(selection.stall))
    assert reply.moved == move, f"the session made {reply.moved}, not {move}"
    wait_saved(page, game)


def drag(page: Page, start: tuple[float, float], zone: str, steps: int = 8) -> None:
    """Press at `start`, carry the card over `zone`'s top card (or middle), let go."""
    x0, y0 = start
    x1, y1 = zone_point(page, zone)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=2)  # past the drag threshold
    page.mouse.move(x1, y1, steps=steps)
    page.mouse.up()


def hand_card_point(page: Page, seat: int, card: str) -> tuple[float, float]:
    box = hand_card(page, seat, card).bounding_box()
    assert box is not None
    return box["x"] + 6, box["y"] + 30


def end_turn(page: Page, session: TableSession) -> None:
    page.locator(END_TURN).click()
    assert session.end_turn().changed


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


# --- 1. setting up a table -------------------------------------------------------------------


# The table as it is the moment a page of the table becomes ready (`window.__atReady`),
# taken in that very task: a look from the test itself comes later, and under load it
# came after the first computer move (1.1 s at the slow pace).
AT_READY_JS = f"""
(() => {{
  const read = {READ_TABLE_JS};
  new MutationObserver((_, observer) => {{
    const body = document.body;
    if (!body || body.dataset.state !== "ready" || body.dataset.game !== "{KT}") return;
    observer.disconnect();
    const shown = (s) => {{
      const e = document.querySelector(s);
      return !!e && !e.hidden && e.getBoundingClientRect().height > 0;
    }};
    window.__atReady = {{
      table: read(), logShown: shown("#board .kt-log-box"), hurryShown: shown('{HURRY}'),
      endTurnDisabled: !!document.querySelector('{END_TURN}')?.disabled,
    }};
  }}).observe(document, {{subtree: true, attributes: true,
                           attributeFilter: ["data-state", "data-game"]}});
}})();
"""


def test_the_home_tile_opens_a_default_table_of_four(context, open_site):
    set_pace(context, "slow")  # the first computer move comes 1.1 s after the page is ready
    context.add_init_script(AT_READY_JS)
    page = open_site("/")
    tile = page.locator(f'a.game-tile[data-game-id="{KT}"]')
    expect(tile.locator("h2")).to_have_text("Kings in the Corner (table)")
    expect(tile.locator(".subtitle")).to_have_text("for 2 to 6 players")
    modes = page.locator(f'a.mode-link[data-game-id="{KT}"]')
    assert [modes.nth(i).get_attribute("href") for i in range(modes.count())] == [
        f"?game={KT}&players=h2",
        f"?game={KT}&rules=classic",
    ]
    tile.click()
    page.wait_for_function(f"document.body.dataset.game === '{KT}'", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#board .seat")).to_have_count(4)
    params = url_params(page)
    assert set(params) == {"game", "deal"} and params["game"] == KT  # the default options
    deal = int(params["deal"])
    session = new_session(deal)
    game = session.game
    assert game.options == KingsCorner.OPTIONS and game.jax and game.players == "h222"
    assert game.chips == [19, 19, 19, 19] and game.pot == 4  # 80 chips shared, 1 each ante

    page.wait_for_function("window.__atReady !== undefined")
    at_ready = page.evaluate("window.__atReady")
    got = at_ready["table"]  # before any computer move: as dealt
    assert got["record"]["moves"] == [], "the computers moved before the page was ready"
    assert not view_diff(got["view"], table_view(session)), view_diff(
        got["view"], table_view(session)
    )
    assert not got["astray"], got["astray"]
    seats = got["view"]["seats"]
    assert [s["name"] for s in seats] == ["You", "Arthur", "Guinevere", "Lancelot"]
    assert [s["level"] for s in seats] == ["Person", "Normal", "Normal", "Normal"]
    assert [s["chips"] for s in seats] == ["19"] * 4
    assert got["view"]["pot"] == "Pot 4"
    for seat in range(4):  # "19 chips", "0 points": the units come from the stylesheet
        chips = page.locator(f'#board .seat[data-seat="{seat}"] .seat-chips')
        assert chips.evaluate("e => getComputedStyle(e, '::after').content") == '" chips"'
    expect(page.locator("#board .kt-me .seat.me")).to_have_attribute("data-seat", "0")
    expect(page.locator('#board [data-zone="hand-0"] [data-card]')).to_have_count(7)
    assert got["prompt"] == "Arthur is playing…"  # the dealer is seat 0: seat 1 starts
    assert at_ready["endTurnDisabled"] and at_ready["hurryShown"]
    expect(page.locator('#board select[data-setting="pace"]')).to_have_value("slow")
    expect(page.locator("body")).to_have_attribute("data-view", "game")

    assert not at_ready["logShown"]  # nobody has played yet
    turns = []  # who played each computer turn, in order
    ahead = copy_of(session)
    while ahead.computer_to_move():
        mover = ahead.game.to_move
        ahead.step_computer()
        if ahead.turn_over(mover):
            turns.append(ahead.player_names[mover])
    page.locator(HURRY).click()  # the rest of the round at 40 ms a move
    computers_play(page, session, pace="fast")
    expect(page.locator(HURRY)).to_be_hidden()
    # the log: the computers' turns in words, the latest first, as the live region said
    log = page.locator("#board .kt-log > li")
    expect(log).to_have_count(min(len(turns), 5))
    told = log.all_text_contents()
    for entry, name in zip(told, reversed(turns), strict=False):
        assert entry.startswith(f"{name}: ") or entry == f"{name} passes.", (entry, name)
    expect(page.locator("#announce")).to_contain_text(told[0])
    if game.hand_over is None:
        expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
        expect(page.locator(END_TURN)).to_be_enabled()
    else:  # now and then a computer goes out before the person's first turn
        expect(page.locator("#prompt")).to_have_text("The hand is over.")
        expect(page.locator("#hand-dialog")).to_be_visible()
        expect(page.locator(END_TURN)).to_be_disabled()
    assert storage(page)[f"cardgames:current:{KT}"] == save_key(game)


def test_seats_and_rules_start_a_classic_match_of_two_named_seats(open_site):
    page = open_site(game_path(7))
    page.locator('#board [data-action="setup"]').click()
    dialog = page.locator("#setup-dialog")
    expect(dialog).to_be_visible()
    form = page.locator("#setup-form")
    # The form shows the table as it is: a person and three Normal computers, Jax.
    for seat, kind in enumerate("h222--"):
        expect(form.locator(f'select[name="seat-{seat}"]')).to_have_value(kind.strip("-"))
    for seat, name in enumerate(["You", "", "", "", "", ""]):  # computers keep their names
        expect(form.locator(f'input[name="name-{seat}"]')).to_have_value(name)
    expect(form.locator('input[name="rules"][value="jax"]')).to_be_checked()

    form.locator('select[name="seat-1"]').select_option("1")  # Computer: Easy
    form.locator('select[name="seat-2"]').select_option("")  # empty
    form.locator('select[name="seat-3"]').select_option("")
    form.locator('input[name="name-0"]').fill("Ada")
    form.locator('input[name="rules"][value="classic"]').check()
    form.locator('input[name="under"]').check()
    form.locator('input[name="match"]').fill("50")
    page.locator('#setup-dialog [data-action="start-table"]').click()

    expect(dialog).to_be_hidden()
    expect(page.locator("#board .seat")).to_have_count(2)
    params = url_params(page)
    deal = int(params.pop("deal"))
    assert params == {"game": KT, "players": "h1", "rules": "classic", "under": "1", "match": "50"}
    assert page.url.split("?")[1] == (
        f"game={KT}&deal={deal}&match=50&players=h1&rules=classic&under=1"
    )
    expect(page.locator("#options-label")).to_have_text(
        "Classic rules, under the rows, match to 50"
    )
    session = TableSession(
        KingsCorner.new(deal=deal, players="h1", rules="classic", under=True, match=50),
        names=["Ada", "Arthur"],
    )
    assert session.player_names == ["Ada", "Arthur"]
    computers_play(page, session)  # Arthur, Easy, plays first; then Ada's turn
    seats = read_table(page)["view"]["seats"]
    assert [s["name"] for s in seats] == ["Ada", "Arthur"]
    assert [s["level"] for s in seats] == ["Person", "Easy"]
    assert [s["chips"] for s in seats] == ["", ""]  # no chips under the Classic rules
    assert [s["score"] for s in seats] == ["0", "0"]  # penalty points of the match
    expect(page.locator('#board .seat[data-seat="0"] .seat-score')).to_have_attribute(
        "data-unit", "penalty"
    )
    expect(page.locator("#rating")).to_have_text("")  # no pot
    expect(page.locator("#score-label")).to_have_text("Penalty")
    assert page.locator("#score-max").text_content() == " / 50"
    expect(page.locator("#prompt")).to_have_text("Ada, your turn: play cards, then End turn.")
    assert storage(page)["cardgames:settings:table-names"] == "Ada\n"  # a computer's: none
    record = json.loads(storage(page)[save_key(session.game)])
    assert record["names"] == ["Ada", "Arthur"] and record["options"]["rules"] == "classic"


# --- 2. plays by click and by drag -----------------------------------------------------------


def one_and_several(session: TableSession):
    """A card with one target, a stall holding cards (one click plays it), and, once it is
    played, a card with several targets and a stall that card does not fit."""
    game = session.game
    for card in hand_of(session):
        only = targets_of(session, Selection(card=card))
        if len(only) != 1:
            continue
        (first,) = only.values()
        if not game.stalls[first.stall]:
            continue
        after = copy_of(session)
        after.game.push(first)
        for other in hand_of(after):
            several = targets_of(after, Selection(card=other))
            wrong = [s for s in SIDES if after.game.stalls[s] and zone_of(s) not in several]
            if len(several) >= 2 and wrong:
                return first, other, wrong[0]
    return None


def test_a_hand_card_goes_on_a_stall_by_one_click_or_by_choosing_its_stall(open_site):
    deal, (first, other, wrong) = find_turn(one_and_several, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    game = session.game
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
    size = len(game.stock)

    # A card with one place to go goes there at one click.
    on_top_of = game.stalls[first.stall][-1]
    click_hand_card(page, 0, first.card)
    assert touch_card(session, first.card).moved == first
    wait_saved(page, game)
    expect_table(page, session)
    zone = page.locator(f'#board [data-zone="{zone_of(first.stall)}"]')
    expect(zone.locator("[data-card]").last).to_have_attribute("data-card", first.card)
    assert game.stalls[first.stall][-2:] == [on_top_of, first.card]
    expect(hand_card(page, 0, first.card)).to_have_count(0)
    expect(page.locator('#board [data-zone="stock"]')).to_have_attribute("data-count", str(size))
    expect(page.locator("#message")).to_have_text("")

    # A card with several: picked up, its stalls marked; a stall it does not fit refuses it
    # with the engine's reason, and nothing moves.
    select(page, session, Selection(card=other))
    assert selected_cards(page) == [other]
    click_stall(page, zone_of(wrong))
    reply = touch_stall(session, zone_of(wrong))
    assert reply.refused == reason(game, Play(other, wrong))
    expect(page.locator("#message")).to_have_text(reply.refused)
    assert "cannot go on the" in reply.refused
    expect(page.locator("#board .selected")).to_have_count(0)
    assert marked(page, "target") == []
    expect_table(page, session)

    # Picked up again, then a click on one of its stalls plays it there.
    move = next(iter(targets_of(session, Selection(card=other)).values()))
    play(page, session, move)
    expect_table(page, session)
    expect(page.locator("#message")).to_have_text("")
    expect(page.locator(UNDO)).to_be_enabled()


def from_the_middle(session: TableSession):
    """A card of the hand with one target, neither the first nor the last of the sorted
    fan, after which End turn draws a card that sorts into the middle of the fan too."""
    hand = sorted_hand(hand_of(session))
    for card in hand[1:-1]:
        only = targets_of(session, Selection(card=card))
        if len(only) != 1:
            continue
        (move,) = only.values()
        after = copy_of(session)
        after.game.push(move)
        held = list(hand_of(after))
        if not after.end_turn().changed:
            continue
        fan = sorted_hand(hand_of(after))
        drawn = [card for card in fan if card not in held]
        if len(drawn) == 1 and drawn[0] not in (fan[0], fan[-1]):
            return move
    return None


# Records the cards whose nodes leave the shown hand (taken out of the DOM, even to be put
# back at once) and those that enter it.
WATCH_HAND_JS = """
(zone) => {
  const hand = document.querySelector(`#board [data-zone="${zone}"]`);
  const seen = window.__handNodes = {removed: [], added: []};
  const cards = (nodes) => [...nodes].filter((n) => n.dataset?.card).map((n) => n.dataset.card);
  new MutationObserver((records) => {
    for (const record of records) {
      seen.removed.push(...cards(record.removedNodes));
      seen.added.push(...cards(record.addedNodes));
    }
  }).observe(hand, {childList: true});
}
"""


def test_a_card_played_from_the_middle_of_the_hand_leaves_the_other_cards_in_place(open_site):
    """The fan is sorted, so a card leaves it from the middle (and a drawn card comes into
    it there): only that card's node is touched. A card taken out of the DOM and put back
    costs its layer and its face a new raster, and made such clicks the table's slowest."""
    deal, move = find_turn(from_the_middle, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    zone = f"hand-{session.shown_seat}"
    page.evaluate(WATCH_HAND_JS, zone)
    play(page, session, move)
    expect_table(page, session)
    assert page.evaluate("window.__handNodes") == {"removed": [move.card], "added": []}

    # End turn: under Jax a card is drawn; it joins the fan where it sorts, alone.
    page.evaluate(WATCH_HAND_JS, zone)
    before = list(hand_of(session))
    end_turn(page, session)
    wait_saved(page, session.game)
    (drawn,) = [card for card in hand_of(session) if card not in before]
    assert page.evaluate("window.__handNodes") == {"removed": [], "added": [drawn]}


# Records each write of a seat's texts (name, level, chips, score) as [part, old, new],
# and each change of a seat's class (whose turn it is).
WATCH_SEATS_JS = """
() => {
  const seen = window.__seatWrites = {texts: [], turns: 0};
  const parts = '.seat-name, .seat-level, .seat-chips, .seat-score';
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target.matches('.seat')) seen.turns += 1;
        continue;
      }
      const part = record.target.closest?.(parts);
      if (!part) continue;
      const text = (nodes) => [...nodes].map((n) => n.textContent).join('');
      seen.texts.push([part.className, text(record.removedNodes), text(record.addedNodes)]);
    }
  }).observe(document.querySelector('#board'),
             {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
}
"""


def test_a_turn_passing_rewrites_no_seat_text_that_stays_the_same(open_site):
    """The seats are refreshed after every move, the computers' too. A text written again
    with the words it had is a new text node, styled and laid out again in the frame of the
    move, so only the parts that change are written: while the turn goes round, each seat's
    class changes (whose turn it is) but its name, level and score are left as they are."""
    deal, _ = find_turn(lambda session: copy_of(session).end_turn().changed)
    page, session = open_table(open_site, deal)
    page.evaluate(WATCH_SEATS_JS)
    end_turn(page, session)
    computers_play(page, session)
    seen = page.evaluate("window.__seatWrites")
    assert seen["turns"] >= 2  # the turn went round: the observer saw the seats change
    assert [write for write in seen["texts"] if write[1] == write[2]] == []


def king_and_empty_corner(session: TableSession):
    """Classic: a King in the hand with two or more places to go, one an empty corner; and
    a card that is no King with two or more places (to try on an empty corner)."""
    kings = [c for c in hand_of(session) if c[0] == "K"]
    others = [
        c
        for c in hand_of(session)
        if c[0] != "K" and len(targets_of(session, Selection(card=c))) >= 2
    ]
    for king in kings:
        places = targets_of(session, Selection(card=king))
        corners = [z for z in places if z.startswith("corner-")]
        if len(places) >= 2 and corners and others:
            return places[corners[-1]], others[0]
    return None


def test_a_king_is_played_to_an_empty_corner_under_classic_rules(open_site):
    deal, (move, other) = find_turn(king_and_empty_corner, players="h2", rules="classic")
    page, session = open_table(open_site, deal, players="h2", rules="classic")
    game = session.game
    assert move.card in hand_of(session)  # Classic: a King waits in the hand
    expect(hand_card(page, 0, move.card)).to_have_count(1)
    corner = zone_of(move.stall)

    # A card that is no King may not start a corner: the engine's reason.
    select(page, session, Selection(card=other))
    click_stall(page, corner)
    reply = touch_stall(session, corner)
    assert (
        reply.refused
        == reason(game, Play(other, move.stall))
        == ("A corner starts only with a King.")
    )
    expect(page.locator("#message")).to_have_text(reply.refused)
    expect_table(page, session)

    # The King: its places are the empty corners (and any empty side); the corner chosen.
    select(page, session, Selection(card=move.card))
    empty = [zone_of(c) for c in CORNERS if not game.stalls[c]]
    assert set(empty) <= set(marked(page, "target"))
    click_stall(page, corner)
    assert touch_stall(session, corner).moved == move
    wait_saved(page, game)
    expect_table(page, session)
    expect(page.locator(f'#board [data-zone="{corner}"] [data-card]')).to_have_attribute(
        "data-card", move.card
    )
    expect(page.locator(f'#board [data-zone="{corner}"]')).to_have_attribute("data-count", "1")
    expect(page.locator("#message")).to_have_text("")


def stall_onto_stall(session: TableSession):
    """A side stall with two or more stalls to go on (one holding cards)."""
    game = session.game
    for side in SIDES:
        if not game.stalls[side]:
            continue
        places = targets_of(session, Selection(stall=side))
        full = [z for z in places if game.stalls[z.split("-")[1]]]
        if len(places) >= 2 and full:
            return places[full[0]]
    return None


def test_a_whole_side_stall_moves_onto_a_stall_and_a_card_fills_the_empty_side(open_site):
    deal, shift = find_turn(stall_onto_stall, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    game = session.game
    moving = list(game.stalls[shift.src])
    under = list(game.stalls[shift.dst])

    # A click on the side stall picks up the whole stall (its shown cards marked).
    select(page, session, Selection(stall=shift.src))
    shown = moving if len(moving) <= 2 else [moving[0], moving[-1]]
    assert sorted(selected_cards(page)) == sorted(shown)
    expect(page.locator(f'#board [data-card="{moving[0]}"]')).to_contain_class("selected")
    click_stall(page, zone_of(shift.dst))
    assert touch_stall(session, zone_of(shift.dst)).moved == shift
    wait_saved(page, game)
    expect_table(page, session)
    assert game.stalls[shift.dst] == under + moving and game.stalls[shift.src] == []
    expect(page.locator(f'#board [data-zone="{zone_of(shift.src)}"] [data-card]')).to_have_count(0)

    # Any card goes on the empty side: a card picked up there (or its only place).
    empty = zone_of(shift.src)
    card = hand_of(session)[0]
    places = targets_of(session, Selection(card=card))
    assert empty in places
    play(page, session, places[empty])
    expect_table(page, session)
    expect(page.locator(f'#board [data-zone="{empty}"] [data-card]')).to_have_attribute(
        "data-card", card
    )
    assert game.stalls[shift.src] == [card]


def drag_positions(session: TableSession):
    """A card with a stall holding cards to go on, and a side stall it does not fit."""
    game = session.game
    for card in hand_of(session):
        places = targets_of(session, Selection(card=card))
        full = [z for z in places if game.stalls[z.split("-")[1]]]
        wrong = [s for s in SIDES if game.stalls[s] and zone_of(s) not in places]
        if full and wrong:
            return places[full[0]], wrong[0]
    return None


def test_a_card_dragged_onto_a_stall_and_a_refused_drag(open_site):
    deal, (move, wrong) = find_turn(drag_positions, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    game = session.game
    target = zone_of(move.stall)

    drag(page, hand_card_point(page, 0, move.card), zone_of(wrong))
    reply = drop(session, Selection(card=move.card), zone_of(wrong))
    assert reply.refused == reason(game, Play(move.card, wrong))
    expect(page.locator("#message")).to_have_text(reply.refused)
    expect_table(page, session)  # back in the hand, in its place in the fan
    assert page.locator("#board .dragging, #board .drop-hover").count() == 0

    drag(page, hand_card_point(page, 0, move.card), target)
    assert drop(session, Selection(card=move.card), target).moved == move
    wait_saved(page, game)
    expect_table(page, session)
    expect(page.locator(f'#board [data-zone="{target}"] [data-card]').last).to_have_attribute(
        "data-card", move.card
    )
    expect(page.locator("#message")).to_have_text("")
    assert page.locator("#board .dragging, #board .drop-hover, #board .target").count() == 0


# --- 3. undo within the turn ------------------------------------------------------------------


def two_plays(session: TableSession):
    """Two plays in a row by one click each, the first onto a stall holding cards."""
    game = session.game
    for card in hand_of(session):
        places = targets_of(session, Selection(card=card))
        if len(places) == 1 and game.stalls[next(iter(places.values())).stall]:
            first = next(iter(places.values()))
            game.push(first)
            try:
                for other in hand_of(session):
                    more = targets_of(session, Selection(card=other))
                    if len(more) == 1:
                        return first, next(iter(more.values()))
            finally:
                game.pop()
    return None


def test_undo_takes_back_plays_of_the_turn_but_not_after_end_turn(open_site):
    deal, (first, second) = find_turn(two_plays, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    game = session.game
    expect(page.locator(UNDO)).to_be_disabled()  # the computer's moves are not yours
    start = line_of(game)
    play(page, session, first)
    play(page, session, second)
    expect_table(page, session)

    page.locator(UNDO).click()
    assert session.undo().changed
    wait_saved(page, game)
    expect_table(page, session)
    expect(hand_card(page, 0, second.card)).to_have_count(1)
    page.keyboard.press("Control+z")
    assert session.undo().changed
    wait_saved(page, game)
    expect_table(page, session)
    assert line_of(game) == start
    expect(page.locator(UNDO)).to_be_disabled()  # back at the start of the turn
    expect(page.locator(REDO)).to_be_enabled()
    page.locator(REDO).click()
    assert session.redo().moved == first
    wait_saved(page, game)
    expect_table(page, session)

    end_turn(page, session)
    expect(page.locator(UNDO)).to_be_disabled()
    expect(page.locator(REDO)).to_be_disabled()
    made = computers_play(page, session)
    assert made and made[-1] == "end"
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
    expect(page.locator(UNDO)).to_be_disabled()  # the turn that was ended stays ended
    page.keyboard.press("Control+z")
    expect_table(page, session)
    assert session.undo().changed is False


# --- 4. computer turns ---------------------------------------------------------------------------

# Every save of the table, with the table as the DOM shows it at that moment (the page
# renders, then saves, in one task).
RECORD_SAVES_JS = (
    """
(() => {
  window.__saves = [];
  const setItem = Storage.prototype.setItem;
  const read = """
    + READ_TABLE_JS
    + """;
  Storage.prototype.setItem = function (key, value) {
    const time = performance.now();  // (before the read below, whose layout takes time)
    setItem.call(this, key, value);
    if (key.startsWith('cardgames:save:kings-corner')) {
      try { window.__saves.push({ ...read(), time }); } catch (e) {}
    }
  };
})();
"""
)


def long_round(session: TableSession):
    """A turn after which the computers make eight moves or more."""
    copy = copy_of(session)
    copy.end_turn()
    made = run_computers(copy)
    return len(made) >= 8 and copy.game.hand_over is None and made


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_computers_play_card_by_card_at_the_pace_and_hurry_up_speeds_them(
    context, open_site, motion
):
    deal, _ = find_turn(long_round, players="h222")
    page = context.new_page()
    page.emulate_media(reduced_motion=motion)
    page = open_site(game_path(deal), page=page)
    session = new_session(deal)
    computers_play(page, session)
    game = session.game
    start = len(game.move_stack)
    page.locator('#board select[data-setting="pace"]').select_option("normal")
    page.wait_for_function(f"localStorage.getItem('{PACE_KEY}') === 'normal'")
    page.evaluate(RECORD_SAVES_JS)

    end_turn(page, session)
    expect(page.locator(HURRY)).to_be_visible()
    expect(page.locator(END_TURN)).to_be_disabled()
    made = run_computers(session)
    # Three computer moves at the chosen pace, then Hurry up.
    page.wait_for_function(
        "n => window.__saves.length > 0 && window.__saves.at(-1).record.moves.length >= n",
        arg=start + 4,
        timeout=4 * PACE_MS["normal"] + 10_000,
    )
    page.evaluate(  # when the click reaches the page, before the page's own listener
        "document.addEventListener('click', e => { if (e.target.closest('[data-action=hurry]'))"
        " window.__hurryAt ??= performance.now(); }, true)"
    )
    page.locator(HURRY).click()
    page.wait_for_function("window.__hurryAt !== undefined")
    clicked = page.evaluate("window.__hurryAt")
    wait_saved(page, game, timeout=len(made) * 800 + 10_000)
    expect_table(page, session, timeout=10_000 if motion != "reduce" else 5_000)
    expect(page.locator(HURRY)).to_be_hidden()
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)

    saves = page.evaluate("window.__saves")
    lengths = [len(s["record"]["moves"]) for s in saves]
    # One save per move (and the DOM changed with each), every move in turn.
    assert lengths == list(range(start + 1, len(game.move_stack) + 1)), lengths
    replay = TableSession(KingsCorner.new(deal=deal))
    for move in game.move_stack[:start]:
        replay.game.push(move)
    for snap in saves:
        for text in snap["record"]["moves"][len(replay.game.move_stack) :]:
            replay.game.push(replay.game.parse_move(text))
        want = table_view(replay)
        diff = view_diff(snap["view"], want)
        assert not diff, f"after {snap['record']['moves'][-1]}: (DOM, engine) {diff}"
        assert snap["prompt"] == (
            YOUR_TURN
            if replay.is_person(replay.game.to_move)
            else f"{replay.player_names[replay.game.to_move]} is playing…"
        )
    assert [str(m) for m in replay.game.move_stack] == line_of(game)
    # Each computer move waited for the pace (650 ms) until Hurry up, then about 40 ms.
    times = [s["time"] for s in saves]
    gaps = [(times[i - 1], times[i] - times[i - 1]) for i in range(2, len(times))]
    slow = [gap for at, gap in gaps if at + gap < clicked]
    fast = [gap for at, gap in gaps if at > clicked]
    # (a save the loaded machine delays lengthens its gap and shortens the next one: the
    # pace is kept on average, and every paced gap is far longer than a hurried one; a
    # hurried gap can meet a stall of the machine too, 437 ms once in a fresh clone's run,
    # so the hurried pace is judged by its median: unhurried, every gap would be 650)
    assert len(slow) >= 2 and sum(slow) / len(slow) >= PACE_MS["normal"] - 20, gaps
    assert min(slow) >= PACE_MS["normal"] / 2, gaps
    assert len(fast) >= 2 and statistics.median(fast) < PACE_MS["normal"] / 2, gaps
    assert made[-1] == "end"


# --- 5. passing the device ------------------------------------------------------------------------


def expect_hidden_hand_count(page: Page, seat: int, cards: int) -> None:
    """The hand at the bottom, hidden while the device changes hands, shows its back and
    how many cards it holds, never "No cards" (issue 18)."""
    hand = page.locator(f'#board .kt-me [data-zone="hand-{seat}"]')
    expect(hand.locator(".count")).to_be_visible()
    expect(hand.locator(".count")).to_have_text(str(cards))
    expect(hand.locator(".card-back")).to_be_visible()
    before = hand.evaluate("el => getComputedStyle(el, '::before').content")
    assert before in ("none", "normal"), f"the hidden hand says {before}"


def test_pass_the_device_hides_each_persons_hand_until_show_my_hand(open_site):
    deal = 21
    page = open_site(game_path(deal, players="hh2"))
    session = new_session(deal, players="hh2")
    assert session.hidden_hand and session.shown_seat == 1  # the dealer is seat 0: seat 1 starts
    assert session.player_names == ["Player 1", "Player 2", "Arthur"]
    expect_table(page, session)
    expect(page.locator("#board [data-zone^='hand-'] [data-card]")).to_have_count(0)
    expect(page.locator("#board .kt-pass")).to_be_visible()
    expect(page.locator("#board .kt-pass-text")).to_have_text(
        "Pass the device to Player 2; the other players look away."
    )
    expect(page.locator("#prompt")).to_have_text("Player 2's turn: pass the device.")
    expect(page.locator(END_TURN)).to_be_disabled()
    expect_hidden_hand_count(page, 1, len(session.game.hands[1]))

    page.locator('#board [data-action="reveal"]').click()
    session.reveal()
    expect_table(page, session)
    expect(page.locator("#board .kt-pass")).to_be_hidden()
    expect(page.locator('#board [data-zone="hand-1"] [data-card]')).to_have_count(
        len(session.game.hands[1])
    )
    expect(page.locator("#board .kt-me .seat.me")).to_have_attribute("data-seat", "1")
    expect(page.locator("#prompt")).to_have_text("Player 2, your turn: play cards, then End turn.")
    move = next(m for m in session.game.legal_moves() if isinstance(m, Play))
    play(page, session, move)  # Player 2 plays a card, then ends the turn
    expect_table(page, session)

    end_turn(page, session)
    made = computers_play(page, session)  # Arthur plays with Player 2's hand still shown
    assert made[-1] == "end" and session.game.to_move == 0 and session.hidden_hand
    expect(page.locator("#board [data-zone^='hand-'] [data-card]")).to_have_count(0)
    expect(page.locator("#board .kt-pass")).to_be_visible()
    expect(page.locator("#board .kt-pass-text")).to_have_text(
        "Pass the device to Player 1; the other players look away."
    )
    expect(page.locator("#prompt")).to_have_text("Player 1's turn: pass the device.")
    expect(page.locator("#board .kt-me .seat.me")).to_have_attribute("data-seat", "0")
    expect(page.locator(END_TURN)).to_be_disabled()
    expect_hidden_hand_count(page, 0, len(session.game.hands[0]))

    page.locator('#board [data-action="reveal"]').click()
    session.reveal()
    expect_table(page, session)
    expect(page.locator('#board [data-zone="hand-0"] [data-card]')).to_have_count(
        len(session.game.hands[0])
    )
    expect(page.locator('#board [data-zone="hand-1"] [data-card]')).to_have_count(0)
    expect(page.locator(END_TURN)).to_be_enabled()
    expect(page.locator("#prompt")).to_have_text("Player 1, your turn: play cards, then End turn.")


def test_giving_up_opens_the_end_dialog_with_the_tables_own_figure_and_mark(open_site):
    """Giving up a match opens the end dialog by itself, as in every other game (issue 18);
    under Classic rules it counts the cards in hand (there are no points), and its mark
    is the table's, not Devil's Square's key."""
    deal = 5
    page = open_site(game_path(deal, players="h2", rules="classic"))
    expect(page.locator('#board [data-zone="hand-0"] [data-card]').first).to_be_visible()
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#outcome-title")).to_have_text("You gave up")
    expect(page.locator("#outcome-score-label")).to_have_text("Cards in hand")
    cards = page.locator('#board [data-zone="hand-0"] [data-card]').count()
    expect(page.locator("#outcome-score")).to_have_text(str(cards))
    expect(page.locator("#outcome-score-max")).to_have_text("")
    mark = page.locator("#outcome").evaluate(
        "el => getComputedStyle(el, '::before').backgroundImage")
    # the key (css/app.css) is drawn with gradients alone; the table's mark is a picture
    assert "url(" in mark, "the table's end dialog shows the key of the King's Keys games"


# --- 6. the end of a hand -------------------------------------------------------------------------


def find_going_out(deals: Iterable[int] = DEALS, **options) -> tuple[int, list[str], Move]:
    """(deal, moves, last): the person (seat 0, played in CPython by the normal player)
    empties their hand with `last`, a card from hand, after `moves`."""
    for deal in deals:
        session = new_session(deal, **options)
        game = session.game
        rng = random.Random(deal)
        while game.hand_over is None and len(game.move_stack) < 300:
            if session.computer_to_move():
                session.step_computer()
            else:
                game.push(choose(game.view(game.to_move), "normal", rng))
        result = game.hand_over
        last = game.move_stack[-1]
        if result and result.winner == 0 and not result.blocked and isinstance(last, Play):
            return deal, line_of(game)[:-1], last
    raise LookupError("the person never goes out")


def summary_rows(page: Page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#hand-summary tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))",
    )


@pytest.mark.parametrize("rules", ["jax", "classic"])
def test_going_out_ends_the_hand_with_its_summary(context, open_site, rules):
    options = {"players": "h2"} if rules == "jax" else {"players": "h2", "rules": "classic"}
    deal, moves, last = find_going_out(**options)
    game = KingsCorner.new(deal=deal, **options)
    for text in moves:
        game.push(game.parse_move(text))
    record = {**game.to_save(), "redo": [], "names": ["You", "Arthur"]}
    seed_storage(context, {save_key(game): json.dumps(record)})
    page = open_site(game_path(deal, **options))
    session = TableSession(game, names=["You", "Arthur"])
    expect_table(page, session)  # the save replayed: the person to move, one card left...
    assert len(game.hands[0]) == 1
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
    expect(page.locator("#hand-dialog")).to_be_hidden()

    play(page, session, last)  # ...and out
    result = game.hand_over
    assert result is not None and result.winner == 0
    dialog = page.locator("#hand-dialog")
    expect(dialog).to_be_visible()
    expect_table(page, session)
    expect(page.locator("#prompt")).to_have_text("" if game.is_over() else "The hand is over.")
    heads = page.eval_on_selector_all("#hand-summary thead th", "t => t.map(c => c.textContent)")
    if rules == "jax":
        assert not game.is_over()
        expect(page.locator("#hand-title")).to_have_text("Round 1: You went out")
        assert heads == ["", "Cards left", "Paid", "Won", "Points"]
        paid = result.paid[1]
        assert paid == len(game.hands[1]) > 0 and result.points[0] == result.pot
        assert summary_rows(page) == [
            ["You", "0", "–", f"+{result.pot}", str(result.pot)],
            ["Arthur", str(len(game.hands[1])), str(paid), "–", "0"],
        ]
        expect(page.locator("#hand-summary .hand-note")).to_have_text(
            f"The pot held {result.pot} chips. First to 100 points wins."
        )
        expect(page.locator("#hand-summary tr.winner th")).to_have_text("You")
        expect(page.locator("#hand-next")).to_be_visible()
        expect(page.locator("#hand-new")).to_be_hidden()
        expect(page.locator("#outcome[data-outcome]")).to_have_count(0)

        # The next hand: the deal passes to Arthur. The click is answered in its own frame
        # (the dialog goes at once) and the new hand is drawn and saved in the next
        # (page.act); a tab hidden before that frame (it would draw none) gets both at once.
        seen = page.evaluate("""() => {
            const board = () => document.getElementById("board").innerHTML;
            const saved = () => localStorage.getItem(
                localStorage.getItem("cardgames:current:kings-corner"));
            const before = board(), savedBefore = saved();
            document.getElementById("hand-next").click();
            const atOnce = {open: document.getElementById("hand-dialog").open,
                            same: board() === before, saved: saved() !== savedBefore};
            Object.defineProperty(document, "visibilityState",
                                  {value: "hidden", configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
            const hidden = {same: board() === before, saved: saved() !== savedBefore};
            delete document.visibilityState;  // visible again
            document.dispatchEvent(new Event("visibilitychange"));
            return {atOnce, hidden};
        }""")
        assert seen == {"atOnce": {"open": False, "same": True, "saved": False},
                        "hidden": {"same": False, "saved": True}}
        assert session.next_hand().changed
        expect(dialog).to_be_hidden()
        wait_saved(page, game)
        assert game.hand_number == 1 and game.dealer == 1 and game.to_move == 0
        expect_table(page, session)
        assert [s["chips"] for s in read_table(page)["view"]["seats"]] == [
            str(c) for c in game.chips
        ]
        expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
        expect(page.locator(UNDO)).to_be_disabled()
    else:
        assert game.is_over()  # a single hand: the match is over
        expect(page.locator("#hand-title")).to_have_text("You won the match!")
        assert heads == ["", "Cards left", "Penalty", "Total"]
        left = len(game.hands[1])
        assert summary_rows(page) == [
            ["You", "0", "–", "0"],
            ["Arthur", str(left), str(game.scores[1]), str(game.scores[1])],
        ]
        expect(page.locator("#hand-next")).to_be_hidden()
        expect(page.locator("#hand-new")).to_be_visible()
        outcome = page.locator("#outcome[data-outcome]")
        expect(outcome).to_have_attribute("data-won", "true")
        expect(outcome).to_have_attribute("data-score", str(game.outcome().score))
        assert json.loads(storage(page)[save_key(game)])["finished"] is True


# --- 7. resuming --------------------------------------------------------------------------------


def test_a_reload_mid_turn_keeps_the_hand_the_stalls_and_the_turn(open_site):
    deal, (first, _second) = find_turn(two_plays, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    game = session.game
    play(page, session, first)
    before = expect_table(page, session)

    reload(page)
    after = expect_table(page, session)
    assert after["view"] == before["view"] and after["record"]["moves"] == line_of(game)
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
    expect(page.locator(END_TURN)).to_be_enabled()
    expect(page.locator(UNDO)).to_be_enabled()  # still your turn: your play may be undone
    page.locator(UNDO).click()
    assert session.undo().changed
    wait_saved(page, game)
    expect_table(page, session)
    expect(hand_card(page, 0, first.card)).to_have_count(1)


def test_a_reload_during_a_computer_turn_and_the_computers_play_on(context, open_site):
    deal, _ = find_turn(long_round, players="h222")
    page, session = open_table(open_site, deal)
    game = session.game
    page.locator('#board select[data-setting="pace"]').select_option("normal")
    set_pace(context, "normal")  # the reloaded page too
    start = len(game.move_stack)
    end_turn(page, session)
    made = run_computers(session)
    page.wait_for_function(
        """([key, n]) => JSON.parse(localStorage.getItem(key)).moves.length >= n""",
        arg=[save_key(game), start + 3],  # the person's end and two computer moves
        timeout=10_000,
    )
    reload(page)
    got = read_table(page)
    assert start + 3 <= len(got["record"]["moves"]) < len(game.move_stack), "too late"
    wait_saved(page, game, timeout=len(made) * 900 + 10_000)  # none lost, none twice
    expect_table(page, session)
    expect(page.locator("#prompt")).to_have_text(YOUR_TURN)
