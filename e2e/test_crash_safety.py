"""Crash safety in Chromium: the page reloaded, closed and opened again, or its renderer
crashed at any moment resumes at the last completed move, with nothing lost, nothing made
twice and no error.

Every move is saved: the page stores the move list once the frame showing a player's move
is drawn, or sooner when the page is hidden or unloaded first (game/ui/page.py `apply` and
`flush`), and a computer's move at the table in the task that shows it, so a reload can
only land between two completed moves. Each test reads the page's save at the moment of
the interruption (one round trip, so a card is still gliding when motion is on),
interrupts, and checks after the new start that the save is the same, that it is the line
played (the CPython engine says so), and that the DOM shows exactly that game
(`expect_board`, or the table's `expect_table`).
Motion is on (normal speed) unless a test says otherwise; service workers are blocked
(e2e/test_updates.py has them).
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    READY,
    READY_TIMEOUT_MS,
    SOLVER,
    card_point,
    engine,
    expect_board,
    find_short_end,
    find_single_target_move,
    is_build,
    pick_card,
    random_line,
    saved_moves,
    storage,
)
from playwright.sync_api import BrowserContext, Page, expect

# The solitaire move by clicks and the table's CPython oracle are the other tests' own
from test_hints_and_solver import LONG_SEARCHES, find_deal, give_up, make, solution_of
from test_hints_and_solver import wait_saved as wait_move_saved
from test_kings_corner_solitaire import expect_kc_board
from test_kings_corner_table import (
    PACE_MS,
    copy_of,
    end_turn,
    expect_table,
    find_turn,
    game_path,
    line_of,
    long_round,
    new_session,
    run_computers,
    save_key,
    set_pace,
    wait_saved,
)

from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(service_workers="block")

SOLITAIRES = ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire")


# The page's save and whether anything is still moving on the board, in one task.
SNAPSHOT_JS = """
(key) => {
  const text = localStorage.getItem(key);
  return {
    record: text === null ? null : JSON.parse(text),
    moving: document.getAnimations().filter(a => a.playState === 'running').length,
  };
}
"""

STILL_JS = "() => document.getAnimations().every(a => a.playState !== 'running')"


def path(game_id: str, deal: int | None = None, **params: object) -> str:
    extra = "".join(f"&{k}={v}" for k, v in params.items())
    return f"/?game={game_id}" + ("" if deal is None else f"&deal={deal}") + extra


def key_of(game) -> str:
    return slot_key(game.id, game.deal, game.options)


def snapshot(page: Page, game) -> dict:
    return page.evaluate(SNAPSHOT_JS, key_of(game))


def expect_game(page: Page, game) -> None:
    """The DOM shows `game` (Kings in the Corner shows its turned card on the stock)."""
    if game.id == "kings-corner-solitaire":
        expect_kc_board(page, game)
    else:
        expect_board(page, game)


def wait_ready(page: Page) -> Page:
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def reopen(context: BrowserContext, page: Page, url: str, how: str) -> Page:
    """Interrupt `page` and show `url` again: a reload, or the tab closed (no unload
    handlers) and a new tab opened, or the renderer crashed and a new tab opened."""
    if how == "reload":
        page.reload(wait_until="commit")
        return wait_ready(page)
    if how == "crash":
        cdp = context.new_cdp_session(page)
        with page.expect_event("crash"):
            try:  # the renderer dies before it answers: the wait for an answer times out
                cdp.send("Page.crash", timeout=2_000)
            except Exception:  # noqa: BLE001
                pass
    page.close()
    fresh = context.new_page()
    fresh.goto(url, wait_until="commit")
    return wait_ready(fresh)


def play_move(page: Page, game, move) -> None:
    """Make `move` by clicks (or a drag for a swap) and wait until the page has saved it
    (the frame after it, so its cards are still gliding when motion is on). The
    cards of the move before have landed first: a press on a card still landing means
    the top card of its pile (game/ui/pointer.py), as a player sees it."""
    page.wait_for_function(STILL_JS)
    make(page, game, move)
    wait_move_saved(page, game)


def long_line(game_id: str, moves: int = 14) -> tuple[int, list[str]]:
    """(deal, line) of a random game (fixed seeds) that is still going after `moves`."""
    for deal in range(1, 200):
        line, _ = random_line(game_id, deal, seed=deal, limit=moves + 1)
        if len(line) > moves:
            return deal, line[:moves]
    raise LookupError(f"no {game_id} game lasts {moves} moves")


def drag_start(page: Page, game) -> bool:
    """Press a card that may be dragged and carry it past the drag threshold, the button
    still down; False when no move of the position picks cards up from the board."""
    page.wait_for_function(STILL_JS)
    for move in game.legal_moves():
        if is_build(move) and move.gesture.source != "stock":
            x, y = card_point(page, pick_card(game, move))
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 12, y + 12, steps=2)
            page.wait_for_selector("#board .dragging", state="attached", timeout=5_000)
            return True
    return False


# --- the solitaires ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SOLITAIRES)
def test_reload_close_or_drag_at_any_moment_resumes_at_the_last_move(context, open_site,
                                                                    site_url, game_id):
    deal, line = long_line(game_id)
    rng = random.Random(f"crash:{game_id}")
    cuts = dict(zip(sorted(rng.sample(range(1, len(line)), 4)),
                    ["reload", "close", "drag", "reload"], strict=True))
    page = open_site(path(game_id, deal))
    game = engine(game_id, deal)
    moving = []
    for index, text in enumerate(line, start=1):
        play_move(page, game, game.parse_move(text))
        how = cuts.get(index)
        if how is None:
            continue
        if how == "drag":  # cards lifted, the button still down (when any may be)
            drag_start(page, game)
            how = "reload"
        shot = snapshot(page, game)  # the moment of the interruption
        moving.append(shot["moving"])
        played = [str(m) for m in game.move_stack]
        assert shot["record"]["moves"] == played, "a completed move was not saved yet"
        # closing the tab and opening the game's tile address: its current deal resumes
        url = site_url + (path(game_id) if how == "close" else path(game_id, deal))
        page = reopen(context, page, url, how)
        expect_game(page, game)
        assert saved_moves(page, game_id, deal) == played, "the save changed on reopening"
        page.mouse.up()  # a button held over the reload lets go on the new page: nothing
        expect_game(page, game)
    # the interruptions came while cards were still moving (motion on, normal speed)
    assert max(moving) > 0, f"no interruption caught an animation: {moving}"
    # and the game goes on from there
    move = game.legal_moves()[0]
    play_move(page, game, move)
    expect_game(page, game)
    page.wait_for_function(
        "([key, n]) => JSON.parse(localStorage.getItem(key)).moves.length === n",
        arg=[key_of(game), len(game.move_stack)])


def test_a_renderer_crash_then_a_new_tab_resumes_the_game(context, open_site, site_url):
    game_id = "devils-grip"
    deal, line = long_line(game_id, moves=6)
    page = open_site(path(game_id, deal))
    game = engine(game_id, deal)
    for text in line:
        play_move(page, game, game.parse_move(text))
    played = [str(m) for m in game.move_stack]
    assert snapshot(page, game)["record"]["moves"] == played
    page = reopen(context, page, site_url + path(game_id), "crash")
    expect_game(page, game)
    assert saved_moves(page, game_id, deal) == played


def test_a_finished_game_reloaded_is_counted_once(context, open_site):
    """The end of a game is counted in the statistics in the same task as its save, so a
    reload right after the last move neither loses nor repeats it."""
    game_id = "kings-corner-solitaire"
    deal, line = find_short_end(game_id, max_moves=30)
    page = open_site(path(game_id, deal))
    game = engine(game_id, deal)
    for text in line:
        play_move(page, game, game.parse_move(text))
    assert game.is_over()
    stats_key = f"cardgames:stats:{game_id}"
    before = storage(page).get(stats_key)
    assert before is not None, "the finished game was not counted"
    page = reopen(context, page, "", "reload")
    expect_game(page, game)
    expect(page.locator("#outcome")).to_have_attribute("data-outcome", "")
    after = storage(page)
    assert after.get(stats_key) == before, "the game was counted again after the reload"
    assert json.loads(after[key_of(game)])["moves"] == line


# --- the table: a computer's turn -------------------------------------------------------------

# Every save the page writes, with its move count, from the first script on (per page).
SAVE_LOG_JS = """
(() => {
  window.__saveLog = [];
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    set.call(this, key, value);
    if (key.startsWith('cardgames:save:')) {
      try { window.__saveLog.push(JSON.parse(value).moves.length); } catch (e) {}
    }
  };
})();
"""


def test_a_reload_during_a_computers_turn_resumes_with_every_completed_move(context, open_site,
                                                                            site_url):
    set_pace(context, "normal")
    context.add_init_script(SAVE_LOG_JS)
    deal, _ = find_turn(long_round, players="h222")
    url = site_url + game_path(deal, players="h222")
    page = open_site(game_path(deal, players="h222"))
    session = new_session(deal, players="h222")
    run_computers(session)
    wait_saved(page, session.game, timeout=60_000)
    expect_table(page, session)
    end_turn(page, session)
    whole = copy_of(session)  # the computers' whole turn, as CPython plays it
    made = run_computers(whole)
    line = line_of(whole.game)
    start = len(line_of(session.game))
    assert len(made) >= 8
    seen = [start]
    read_save = f"JSON.parse(localStorage.getItem({json.dumps(save_key(whole.game))}))"
    # Interrupt at several moments of the turn: just after End turn, halfway between two
    # moves, just after one, and a tab closed and opened again.
    for delay, how in ((0, "reload"), (PACE_MS["normal"] // 2, "reload"),
                       (PACE_MS["normal"] + 30, "close"), (PACE_MS["normal"] * 2, "reload")):
        page.wait_for_timeout(delay)
        before = page.evaluate(read_save)["moves"]
        assert before == line[: len(before)], "a computer move was saved that it did not make"
        seen.append(len(before))
        page = reopen(context, page, url, how)
        now = page.evaluate(read_save)
        assert now["moves"][: len(before)] == before, "a completed move was lost"
        assert now["moves"] == line[: len(now["moves"])], "a move was made twice"
        # each save after the reload holds one move more than the one before it (the game
        # reopened as it was stored is not written again: the first save is the next move)
        page.wait_for_function("window.__saveLog.length > 0",
                               timeout=PACE_MS["normal"] * 4 + 10_000)
        log = page.evaluate("window.__saveLog")
        steps = [b - a for a, b in zip(log, log[1:], strict=False)]
        assert log and log[0] >= len(before) and set(steps) <= {0, 1}, log
    assert seen[-1] < len(line), "the turn was over before the last interruption"
    # the computers' turn goes on by itself to the person's turn, exactly as in CPython
    wait_saved(page, whole.game, timeout=len(made) * (PACE_MS["normal"] + 400) + 20_000)
    expect_table(page, whole, timeout=10_000)
    assert len(set(seen)) > 2, f"the interruptions all came at the same move: {seen}"


# --- a running solver, a replay ------------------------------------------------------------------


def test_a_reload_while_the_solver_runs_resumes_the_finished_game(context, open_site):
    game_id = "devils-square"
    deal = find_deal(game_id, "unknown", 60_000, LONG_SEARCHES)  # one that takes a while
    page = open_site(path(game_id, deal))
    game = engine(game_id, deal)
    line, _ = random_line(game_id, deal, seed=1, limit=3)
    for text in line:
        play_move(page, game, game.parse_move(text))
    give_up(page)
    game.resign()
    stats_key = f"cardgames:stats:{game_id}"
    counted = storage(page).get(stats_key)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "running")
    page.wait_for_function("Number(document.getElementById('solver').dataset.slices) >= 3")
    record = snapshot(page, game)["record"]
    page = reopen(context, page, "", "reload")
    expect_game(page, game)
    after = storage(page)
    assert json.loads(after[key_of(game)])["moves"] == record["moves"]
    assert after.get(stats_key) == counted, "the ended game was counted again"
    expect(page.locator("#outcome")).to_have_attribute("data-won", "false")
    # nothing half-done survives: the solver's panel starts idle
    page.click('.status [data-action="show-outcome"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "idle")


def test_a_reload_during_a_replay_resumes_at_the_last_replayed_move(context, open_site):
    game_id, deal = "kings-corner-solitaire", 11  # a deal that can be won
    solution = solution_of(game_id, deal)
    assert solution.status == "won"
    page = open_site(path(game_id, deal))
    give_up(page)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "won", timeout=30_000)
    page.click(f'{SOLVER} [data-action="show-line"]')
    page.wait_for_function(
        "document.getElementById('replay-text').textContent.startsWith('Move 3 ')")
    game = engine(game_id, deal)
    record = snapshot(page, game)["record"]
    shown = record["moves"]
    assert shown == solution.moves[: len(shown)] and len(shown) >= 3
    assert record["redo"] == list(reversed(solution.moves[len(shown):]))
    page = reopen(context, page, "", "reload")
    # (the replay's next step may land between that reading and the reload: then the page
    # comes back at that step, which was saved; never further, never elsewhere)
    now = json.loads(storage(page)[key_of(game)])
    made = now["moves"]
    assert made[: len(shown)] == shown and len(made) <= len(shown) + 1, (shown, made)
    assert made == solution.moves[: len(made)]
    assert now["redo"] == list(reversed(solution.moves[len(made):]))
    for text in made:
        game.push(game.parse_move(text))
    expect_game(page, game)
    expect(page.locator("#replay")).to_be_hidden()
    # the replay does not go on by itself; Redo plays the next move of the line
    page.wait_for_timeout(1_500)
    assert saved_moves(page, game_id, deal) == made
    page.click('.actions [data-action="redo"]')
    game.push(game.parse_move(solution.moves[len(made)]))
    expect_game(page, game)


# A press and release on a point, and then `then` ("reload", "hide" or "pagehide"), all in
# one task: no frame is drawn between the click and the page going away. Returns the moves
# stored just after the click and after the page went (a reload's own save shows on the
# next page).
CLICK_THEN_JS = """
([x, y, key, then]) => {
  const at = document.elementFromPoint(x, y);
  const init = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y,
                button: 0, buttons: 1, pointerId: 1, pointerType: 'mouse', isPrimary: true};
  at.dispatchEvent(new PointerEvent('pointerdown', init));
  at.dispatchEvent(new PointerEvent('pointerup', {...init, buttons: 0}));
  at.dispatchEvent(new MouseEvent('click', {...init, buttons: 0, detail: 1}));
  const moves = () => (JSON.parse(localStorage.getItem(key) || '{"moves": []}').moves || []);
  const before = moves();
  if (then === 'reload') {
    location.reload();
  } else if (then === 'pagehide') {  // a browser that goes without hiding the page first
    dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}));
  } else {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
    document.dispatchEvent(new Event('visibilitychange'));
  }
  return {before, after: moves()};
}
"""


@pytest.mark.parametrize("then", ["reload", "hide", "pagehide"])
def test_a_move_is_stored_when_the_page_goes_before_its_frame(context, open_site, site_url,
                                                              then):
    """A move is stored once the frame showing it is drawn (game/ui/page.py `apply`: what
    the click needs on screen comes first), or at once when the page is hidden or
    unloaded first: a click, then a reload, the tab put away or a `pagehide` in the same
    task, with no frame between, still leaves the move in the save (and the reloaded page
    shows it)."""
    deal = 3
    page = open_site(path("devils-square", deal))
    game = engine("devils-square", deal)
    move = find_single_target_move(game)
    x, y = card_point(page, pick_card(game, move))
    got = page.evaluate(CLICK_THEN_JS, [x, y, key_of(game), then])
    game.push(move)
    assert got["before"] == [], "the move was stored before its frame: nothing to test"
    if then != "reload":
        assert got["after"] == [str(move)], f"{then} did not store the move shown"
        return
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    assert saved_moves(page, "devils-square", deal) == [str(move)]
    expect_game(page, game)
