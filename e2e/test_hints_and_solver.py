"""Help from the computer in Chromium: the Hint button, 'Could it be won?' searched in
slices while the page stays responsive, 'Show me' replaying a winning line, and new
deals drawn from the winnable or graded lists.

The CPython engine and AI are the oracle: the page runs the same code, so the hint the
page shows is the one `hint(game)` gives here, and the solver's answer is the one
`solver(...).run()` gives here. The deal lists are whatever game/ai/deal_data.py holds
now: with no lists only "Any deal" is offered, with lists the picked deals are listed.
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import (
    SOLVER,
    click_card,
    click_zone,
    engine,
    mouse_drag,
    moves_from,
    pick_card,
    seed_storage,
    solve_and_stop_the_line_at_move_2,
    storage,
)
from playwright.sync_api import Page, expect

from game.ai import deal_lists, solitaire
from game.engine import Kind
from game.games import GAMES
from game.ui import assist
from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

SOLITAIRES = ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire")
HINT = '.actions [data-action="hint"]'

KC_WIN_DEAL = 11  # Kings in the Corner deal 11 can be won


def path(game_id: str, deal: int, **params: object) -> str:
    extra = "".join(f"&{k}={v}" for k, v in params.items())
    return f"/?game={game_id}&deal={deal}{extra}"


def hinted(page: Page) -> tuple[list[str], list[str]]:
    cards = page.eval_on_selector_all("#board .card.hint", "els => els.map(e => e.dataset.card)")
    zones = page.eval_on_selector_all(
        "#board [data-zone].hint-target", "els => els.map(e => e.dataset.zone)"
    )
    return sorted(cards), sorted(zones)


def give_up(page: Page) -> None:
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    expect(page.locator("#end-dialog")).to_be_visible()


def solution_of(game_id: str, deal: int, max_nodes: int = assist.BUDGET_NODES, **options):
    return solitaire.solver(GAMES[game_id].new(deal=deal, **options), max_nodes=max_nodes).run()


# The solver decides nearly every Devil's Square deal within a few thousand nodes; deal 97
# takes 1.26 million (bench/results/devils-square.solver.csv), a search that lasts.
LONG_SEARCHES = range(97, 120)


def find_deal(game_id: str, status: str, max_nodes: int, deals=range(1, 60)) -> int:
    """The first deal whose search within `max_nodes` ends with `status` (in CPython)."""
    for deal in deals:
        if solution_of(game_id, deal, max_nodes).status == status:
            return deal
    raise LookupError(f"no {game_id} deal ends {status} within {max_nodes} nodes")


def saved_record(page: Page, game_id: str, deal: int) -> dict | None:
    text = storage(page).get(slot_key(game_id, deal, GAMES[game_id].check_options({})))
    return None if text is None else json.loads(text)


# --- the hint ----------------------------------------------------------------------------------


def make(page: Page, game, move) -> None:
    """Make `move` as a player does (click, or a drag for a swap); push it on `game`."""
    zones = game.zones()
    gesture = move.gesture
    if gesture.kind in (Kind.DEAL, Kind.REDEAL):
        click_zone(page, gesture.source)
    elif gesture.kind is Kind.PAIR:
        click_card(page, zones[gesture.source][-1])
        click_card(page, zones[gesture.target][-1])
    elif gesture.kind is Kind.PLACE:  # the turned card: its cell
        page.locator(f'#board [data-zone="{gesture.target}"]').click()
    elif gesture.kind is not Kind.SWAP:
        click_card(page, pick_card(game, move))
        if len(moves_from(game, gesture.source, gesture.count)) > 1:
            click_zone(page, gesture.target)
    else:  # a swap of two piles: drop one on the other
        mouse_drag(page, zones[gesture.source][0], gesture.target)
    game.push(move)


def wait_saved(page: Page, game) -> None:
    key = slot_key(game.id, game.deal, game.options)
    want = json.dumps([str(m) for m in game.move_stack], separators=(",", ":"))
    page.wait_for_function(
        "([key, want]) => { const t = localStorage.getItem(key);"
        " return t !== null && JSON.stringify(JSON.parse(t).moves) === want; }",
        arg=[key, want], timeout=5_000)


@pytest.mark.parametrize("game_id", SOLITAIRES)
def test_hint_highlights_the_ai_s_legal_move_until_the_next_move(open_site, game_id):
    deal = 11
    page = open_site(path(game_id, deal))
    game = engine(game_id, deal)
    for turn in range(2):  # the hint of the deal by the button, the next by the key
        move = solitaire.load(game_id).hint(game)
        assert move in game.legal_moves()
        want = assist.hint_marks(game, move, str)
        if turn % 2:
            page.keyboard.press("h")
        else:
            page.click(HINT)
        # the sampled hint thinks in slices: how long is the benchmark's business, and a
        # loaded machine (parallel workers) can take many times the usual second
        page.wait_for_selector("#board .hint, #board .hint-target", timeout=30_000)
        assert hinted(page) == (sorted(want.cards), sorted(want.zones))
        expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: .+\.$"))
        make(page, game, move)
        wait_saved(page, game)
        expect(page.locator("#board .hint, #board .hint-target")).to_have_count(0)
        expect(page.locator("#message")).to_have_text("")


# The values aria-busy took on the Hint button, in order: each change's old value says
# what the one before it set (one task may make several changes before the observer runs).
BUSY_JS = """() => {
  window.__old = [];
  const button = document.querySelector('.actions [data-action="hint"]');
  new MutationObserver((changes) => changes.forEach((c) => window.__old.push(c.oldValue)))
    .observe(button, {attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true});
}"""
BUSY_VALUES = """() => [...window.__old.slice(1),
  document.querySelector('.actions [data-action="hint"]').getAttribute('aria-busy')]"""
# Hint pressed, then (in the same task, before the first slice of thinking) `then`.
HINT_THEN_JS = """(then) => {
  document.querySelector('.actions [data-action="hint"]').click();
  if (then === 'escape') {
    document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));
  } else {
    document.querySelector('.actions [data-action="hint"]').click();
  }
}"""


def test_the_hint_shows_it_thinks_and_escape_or_hint_again_cancels_it(open_site):
    """The sampled hint of Devil's Square is worked out in slices: the button is busy
    meanwhile (aria-busy, its bulb pulses), the hint shown is the CPython hint of the same
    position, and Escape or a second press on Hint cancels it: nothing is hinted."""
    deal = 11
    page = open_site(path("devils-square", deal))
    game = engine("devils-square", deal)
    page.evaluate(BUSY_JS)
    page.click(HINT)
    page.wait_for_selector("#board .hint, #board .hint-target", timeout=10_000)
    assert page.evaluate(BUSY_VALUES) == ["true", "false"]
    move = solitaire.load("devils-square").hint(game)
    want = assist.hint_marks(game, move, str)
    assert hinted(page) == (sorted(want.cards), sorted(want.zones))
    make(page, game, move)
    wait_saved(page, game)
    for then in ("escape", "hint"):
        page.evaluate("window.__old = []")
        page.evaluate(HINT_THEN_JS, then)
        page.wait_for_timeout(1_500)  # longer than any hint of this deal takes
        assert page.evaluate(BUSY_VALUES) == ["true", "false"], then
        assert hinted(page) == ([], []), then
        expect(page.locator("#message")).to_have_text("")


def test_devils_grip_s_hint_asks_the_solver_in_slices_once_every_card_is_known(
        context, open_site):
    """Once the first pass is over the Devil's Grip hint searches for a winning line with
    the solver (game/ai/devils_grip.py, `plan_search`), in slices: the button is busy
    meanwhile, Escape cancels it, and the hint shown is the CPython hint: on deal 5 the
    winning line's redeal, where the rules by sight would empty a cell (and the old
    1,500 nodes of the move-by-move search found no line)."""
    from game.ai import devils_grip

    deal = 5
    game = engine("devils-grip", deal)
    while not devils_grip.knows_every_card(game):
        game.push(devils_grip.hint(game))
    devils_grip._plans.clear()
    assert devils_grip.plan_search(game) is not None  # the page will search here
    seed_storage(context, {slot_key("devils-grip", deal, game.options):
                           json.dumps(game.to_save())})
    page = open_site(path("devils-grip", deal))
    page.evaluate(BUSY_JS)
    page.evaluate(HINT_THEN_JS, "escape")
    page.wait_for_timeout(1_500)
    assert page.evaluate(BUSY_VALUES) == ["true", "false"]
    assert hinted(page) == ([], [])
    page.evaluate("window.__old = []")
    page.click(HINT)
    page.wait_for_selector("#board .hint, #board .hint-target", timeout=30_000)
    assert page.evaluate(BUSY_VALUES) == ["true", "false"]
    move = devils_grip.hint(game)
    assert move != devils_grip.by_sight(game)
    want = assist.hint_marks(game, move, str)
    assert hinted(page) == (sorted(want.cards), sorted(want.zones))


def test_after_the_end_there_is_nothing_to_hint(open_site):
    page = open_site(path("devils-grip", 5))
    give_up(page)
    page.click('#end-dialog [data-action="close"]')
    page.click(HINT)
    expect(page.locator("#message")).to_have_text(
        "The game is over: there is nothing left to hint.")
    assert hinted(page) == ([], [])


def test_guard_mode_and_the_table_have_no_hint_button(open_site):
    page = open_site(path("devils-square", 3, guard=1))
    expect(page.locator("body")).to_have_attribute("data-guard", "on")
    expect(page.locator(HINT)).to_be_hidden()
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    assert hinted(page) == ([], [])
    expect(page.locator("#message")).to_have_text("")
    page = open_site(path("kings-square", 3))
    expect(page.locator(HINT)).to_be_visible()
    page = open_site(path("kings-corner", 3))
    expect(page.locator(HINT)).to_be_hidden()
    expect(page.locator(".deal-kind-toggle")).to_be_hidden()


# --- the solver --------------------------------------------------------------------------------


FRAMES_JS = """() => {
  window.__gaps = [];
  let last = performance.now();
  const tick = (t) => { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""

# The slices run by the time the Cancel click reaches the page, and by the time the
# search stops: counted in slices, not milliseconds, so a busy machine changes nothing.
INPUT_TO_IDLE_JS = """() => {
  window.__cancel = {};
  const solver = document.getElementById('solver');
  const slices = () => Number(solver.dataset.slices);
  addEventListener('click', () => { window.__cancel.click = slices(); }, true);
  new MutationObserver(() => {
    if (solver.dataset.state !== 'running' && window.__cancel.idle === undefined) {
      window.__cancel.idle = slices();
    }
  }).observe(solver, {attributes: true});
}"""
SLICES_JS = "Number(document.getElementById('solver').dataset.slices)"


def test_the_page_stays_responsive_while_the_solver_runs_and_cancel_stops_it(open_site):
    deal = find_deal("devils-square", "unknown", 60_000, LONG_SEARCHES)  # one that takes a while
    page = open_site(path("devils-square", deal))
    give_up(page)
    solver = page.locator(SOLVER)
    expect(solver).to_have_attribute("data-state", "idle")
    page.evaluate(FRAMES_JS)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(solver).to_have_attribute("data-state", "running")
    page.wait_for_function(f"{SLICES_JS} >= 3")
    # Ten slices more (the search goes on by itself), and the frames painted meanwhile:
    # counted against the slices, not the clock, so that a busy machine (parallel test
    # workers) slows both alike. The search yields after each slice of about 40 ms, and a
    # frame is due every 17 ms, so the page paints after nearly every slice (16-18 frames
    # in 10-12 slices at load 14); a search that kept the main thread would paint none.
    first = page.evaluate(f"() => {{ window.__gaps = []; return {SLICES_JS}; }}")
    page.wait_for_function(f"{SLICES_JS} >= {first + 10}", timeout=60_000)
    frames, slices = page.evaluate(f"[window.__gaps.length, {SLICES_JS}]")
    slices -= first
    assert 2 * frames >= slices, f"only {frames} frames painted during {slices} slices"
    expect(page.locator("#solver-count")).to_have_text(re.compile(r"^[\d,]+ positions searched$"))
    assert int(page.locator("#solver-bar").get_attribute("value") or 0) >= 0

    # the page answers while it thinks: close the dialog, reopen it, the search goes on
    page.click('#end-dialog [data-action="close"]')
    expect(page.locator("#end-dialog")).to_be_hidden()
    page.click('.status [data-action="show-outcome"]')
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(solver).to_have_attribute("data-state", "running")

    page.evaluate(INPUT_TO_IDLE_JS)
    page.click(f'{SOLVER} [data-action="solve-cancel"]')
    expect(solver).to_have_attribute("data-state", "idle")
    at = page.evaluate("window.__cancel")
    # Cancel stops the search at once: no slice after the click (one may be under way)
    assert at["idle"] - at["click"] <= 1, f"slices ran after Cancel: {at}"
    stopped = solver.get_attribute("data-slices")
    page.wait_for_timeout(600)
    assert solver.get_attribute("data-slices") == stopped, "the search went on after Cancel"
    expect(page.locator(f'{SOLVER} [data-action="solve"]')).to_be_visible()


def test_could_it_be_won_says_no_and_the_most_books_for_a_lost_deal(open_site):
    deal = find_deal("devils-square", "lost", 60_000)
    solution = solution_of("devils-square", deal)
    page = open_site(path("devils-square", deal))
    give_up(page)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "lost", timeout=30_000)
    want = assist.answer_text("lost", 0, solution.value, solution.nodes,
                              solitaire.load("devils-square").value_text)
    assert "At most" in want
    expect(page.locator("#solver-answer")).to_have_text(want)
    expect(page.locator(f'{SOLVER} [data-action="show-line"]')).to_be_hidden()


def test_could_it_be_won_finds_a_three_pass_win_through_its_probe(open_site):
    """Devil's Grip with three passes, deal 873: the search's probes (the hint's rules by
    sight to the end of a pass, then a search of the passes left) win it, in the page's
    slices as in CPython."""
    solution = solution_of("devils-grip", 873, passes=3)
    assert solution.status == "won"
    page = open_site(path("devils-grip", 873, passes=3))
    give_up(page)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator("#solver-answer")).to_have_text(
        f"Yes: this deal can be won in {len(solution.moves)} moves.", timeout=30_000)


def test_show_me_replays_a_winning_line_move_by_move_to_the_win(open_site):
    game_id, deal = "kings-corner-solitaire", KC_WIN_DEAL
    solution = solution_of(game_id, deal)
    assert solution.status == "won"
    line, total = solution.moves, len(solution.moves)
    page = open_site(path(game_id, deal))
    page.locator('#board [data-zone="cell-1"]').click()  # a move of the player's own
    give_up(page)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator("#solver-answer")).to_have_text(
        f"Yes: this deal can be won in {total} moves.", timeout=30_000)
    page.click(f'{SOLVER} [data-action="show-line"]')
    expect(page.locator("#end-dialog")).to_be_hidden()
    expect(page.locator("#replay")).to_be_visible()
    for shown in (1, 2, 3):  # one move at a time, at a calm pace
        text = f"Move {shown} of {total}"
        page.wait_for_function(
            "(text) => document.getElementById('replay-text').textContent === text", arg=text)
        record = saved_record(page, game_id, deal)
        assert record["moves"] == line[: len(record["moves"])]
        assert shown <= len(record["moves"]) <= shown + 1
    page.click('[data-action="replay-faster"]')
    page.click('[data-action="replay-faster"]')
    expect(page.locator('[data-action="replay-faster"]')).to_be_disabled()
    expect(page.locator("#end-dialog")).to_be_visible(timeout=60_000)
    expect(page.locator("#outcome")).to_have_attribute("data-won", "true")
    expect(page.locator("#outcome-title")).to_have_text("The winning line")
    expect(page.locator("#replay")).to_be_hidden()
    assert saved_record(page, game_id, deal)["moves"] == line
    won = engine(game_id, deal, line)
    assert won.is_over() and won.outcome().won
    expect(page.locator("#outcome")).to_have_attribute("data-score", str(won.outcome().score))


def test_stopping_a_replay_leaves_the_rest_of_the_line_to_redo(open_site):
    game_id, deal = "devils-grip", 5
    solution = solution_of(game_id, deal)
    page = open_site(path(game_id, deal))
    give_up(page)
    solve_and_stop_the_line_at_move_2(page)
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#message")).to_have_text(
        "Replay stopped: Redo plays the rest of the winning line.")
    made = len(saved_record(page, game_id, deal)["moves"])
    page.wait_for_timeout(1_000)
    assert len(saved_record(page, game_id, deal)["moves"]) == made, "the replay went on"
    page.click('.actions [data-action="redo"]')
    page.wait_for_function(
        "([key, n]) => JSON.parse(localStorage.getItem(key)).moves.length === n",
        arg=[slot_key(game_id, deal, GAMES[game_id].check_options({})), made + 1])
    assert saved_record(page, game_id, deal)["moves"] == solution.moves[: made + 1]


def test_guard_mode_answers_but_shows_no_replay(open_site):
    page = open_site(path("devils-square", 2, guard=1))
    give_up(page)
    page.click(f'{SOLVER} [data-action="solve"]')
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "won", timeout=30_000)
    expect(page.locator(f'{SOLVER} [data-action="show-line"]')).to_be_hidden()
    expect(page.locator(f"{SOLVER} .solver-guard")).to_be_visible()


def test_a_won_game_is_not_asked_whether_it_could_be_won(open_site):
    game_id, deal = "kings-corner-solitaire", KC_WIN_DEAL
    solution = solution_of(game_id, deal)
    page = open_site(path(game_id, deal))
    page.evaluate(
        "([key, record]) => localStorage.setItem(key, record)",
        [slot_key(game_id, deal, GAMES[game_id].check_options({})),
         json.dumps({**engine(game_id, deal, solution.moves[:-1]).to_save(),
                     "redo": solution.moves[-1:]})],
    )
    page = open_site(path(game_id, deal), page=page)
    page.click('.actions [data-action="redo"]')  # the last move wins
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator(SOLVER)).to_have_attribute("data-state", "off")
    expect(page.locator(SOLVER)).to_be_hidden()


# --- choosing deals ------------------------------------------------------------------------------


def test_new_deals_come_from_the_chosen_list_and_the_choice_is_kept(open_site):
    game_id = "devils-square"
    choices = deal_lists.choices(game_id)
    page = open_site(path(game_id, 7))
    toggle = page.locator(".deal-kind-toggle")
    if len(choices) == 1:  # no lists shipped: only any deal, so no choice to offer
        expect(toggle).to_be_hidden()
        give_up(page)
        expect(page.locator("#end-dialog .next-deal")).to_be_hidden()
        return
    expect(toggle).to_be_visible()
    toggle.click()
    menu = page.locator("#deal-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("[data-kind]")).to_have_text([label for _, label in choices])
    expect(menu.locator('[data-kind="any"]')).to_have_attribute("aria-pressed", "true")
    expect(menu.locator(".deal-menu-note")).to_have_text(assist.deal_choice(game_id, {}).note)
    kind, label = choices[-1]  # the last list offered (a grade, or winnable)
    menu.locator(f'[data-kind="{kind}"]').click()
    expect(menu).to_be_hidden()
    listed = deal_lists.deals_of(game_id, kind)
    page.wait_for_function("(d) => !location.search.includes('deal=' + d + '&') "
                           "&& !location.search.endsWith('deal=' + d)", arg=7)
    page.wait_for_selector("body[data-state=ready]")
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    assert deal in listed
    assert storage(page)[assist.DEALS_KEY + game_id] == kind
    badge = assist.deal_badge(game_id, deal, {})
    expect(page.locator("#deal-grade")).to_have_text(re.compile(badge, re.I))

    page.reload()  # the choice is kept, and New deal deals from it again
    page.wait_for_selector("body[data-state=ready]")
    page.click('.actions [data-action="new"]')
    page.wait_for_function("(d) => !location.search.includes('deal=' + d)", arg=f"{deal}&")
    page.wait_for_selector("body[data-state=ready]")
    again = int(re.search(r"deal=(\d+)", page.url).group(1))
    assert again in listed and (again != deal or len(listed) == 1)

    give_up(page)  # the end dialog offers the choice too
    select = page.locator("#end-dialog .next-deal select")
    expect(select).to_have_value(kind)
    select.select_option("any")
    assert storage(page)[assist.DEALS_KEY + game_id] == "any"
    page.click('#end-dialog .buttons [data-action="new"]')
    page.wait_for_selector("body[data-state=ready]")
    expect(page.locator(".deal-kind-toggle")).to_be_visible()


def test_a_mode_offers_its_own_lists(open_site):
    """Devil's Grip with one pass: about 2 deals in 100 can be won, so the page offers its
    own list of winnable deals (tools/make_deal_lists.py), not the default options' grades;
    the deal dealt from it is one of that list and says so."""
    one = {"passes": 1}
    lists = assist.lists_of("devils-grip", one)
    listed = deal_lists.deals_of(lists, "winnable")
    assert lists == "devils-grip.passes1" and listed
    page = open_site(path("devils-grip", 2, passes=1))
    page.click(".deal-kind-toggle")
    menu = page.locator("#deal-menu")
    expect(menu.locator("[data-kind]")).to_have_text(
        [label for _, label in deal_lists.choices(lists)])
    expect(menu.locator(".deal-menu-note")).to_have_text(
        assist.deal_choice("devils-grip", one).note)
    menu.locator('[data-kind="winnable"]').click()
    page.wait_for_function("() => !location.search.includes('deal=2&') "
                           "&& !location.search.endsWith('deal=2')")
    page.wait_for_selector("body[data-state=ready]")
    assert "passes=1" in page.url
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    assert deal in listed
    expect(page.locator("#deal-grade")).to_have_text(re.compile("winnable", re.I))


def test_a_game_opened_from_the_list_uses_the_chosen_kind_of_deal(open_site):
    game_id = "kings-square"  # shares its lists with Devil's Square
    choices = dict(deal_lists.choices(game_id))
    page = open_site("/")
    kind = "winnable" if "winnable" in choices else "any"
    page.evaluate("([key, kind]) => localStorage.setItem(key, kind)",
                  [assist.DEALS_KEY + game_id, kind])
    page.click(f'a.game-tile[data-game-id="{game_id}"]')
    page.wait_for_selector(f"body[data-state=ready][data-game={game_id}]")
    deal = int(re.search(r"deal=(\d+)", page.url).group(1))
    if kind == "winnable":
        assert deal in deal_lists.deals_of(game_id, "winnable")


def test_the_rules_explain_the_help(open_site):
    page = open_site(path("devils-square", 7))
    page.click('.actions [data-action="rules"]')
    article = page.locator("#rules-article")
    expect(article.locator("h3#help")).to_have_text("Help from the computer")
    expect(article).to_contain_text("Could it be won?")
    note = assist.deal_choice("devils-square", {}).note
    if note:
        expect(article).to_contain_text(note)
