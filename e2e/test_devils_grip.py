"""Playing Devil's Grip in Chromium, checked against the CPython engine.

As in test_game.py: every test deals by URL (or resumes a seeded save), acts like a player
(mouse clicks on cards and on the stock, mouse drags, keys, buttons) and compares the DOM
with the CPython engine's zones (helpers.expect_board: every cell bottom to top, the
stock's count, and of the waste only its top three cards plus the count of all of it).
Positions come from searches in CPython over fixed deals, so no hand-picked position can
be spoiled by a rules change. Contexts emulate reduced motion, so a move's DOM is final at
once; the drag tests run with motion on as well.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    READY,
    READY_TIMEOUT_MS,
    click_card,
    click_zone,
    engine,
    expect_board,
    find_multi_target_move,
    find_single_target_move,
    mouse_drag,
    moves_from,
    pick_card,
    play_by_clicks,
    seed_storage,
    storage,
)
from playwright.sync_api import Page, expect

from game.engine import Game, Move
from game.games.devils_grip import DEAL, REDEAL, Build, Swap, rating
from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

DG = "devils-grip"
DEAL_NO = 5
CELLS = [f"cell-{i}" for i in range(24)]


def game_path(deal: int, **params: object) -> str:
    extra = "".join(f"&{k}={v}" for k, v in params.items())
    return f"/?game={DG}&deal={deal}{extra}"


def save_key(game: Game) -> str:
    """The page's save slot for `game` (the same function the page uses)."""
    return slot_key(DG, game.deal, game.options)


def saved(page: Page, game: Game) -> list[str] | None:
    text = storage(page).get(save_key(game))
    return None if text is None else json.loads(text)["moves"]


def seed_save(context, game: Game) -> None:
    """Store `game` (deal, options, moves) as the page's save before the page opens."""
    seed_storage(context, {save_key(game): json.dumps(game.to_save())})


def click_stock(page: Page, game: Game) -> Move:
    """Click the stock as a player does; push what it does (deal, or redeal) on `game`."""
    move = DEAL if game.stock else REDEAL
    assert move in game.legal_moves(), f"{move} is not legal here"
    click_zone(page, "stock")
    game.push(move)
    return move


def play(page: Page, game: Game, move: Move) -> None:
    """Make a deal, redeal or build by clicks (a build: helpers.play_by_clicks)."""
    if move in (DEAL, REDEAL):
        assert click_stock(page, game) == move
    else:
        play_by_clicks(page, game, move)


def status(page: Page) -> tuple[str, str]:
    """(#score, #rating) as text (the rating word is shown in capitals by CSS)."""
    text = [page.locator(sel).text_content() or "" for sel in ("#score", "#rating")]
    return text[0].strip(), text[1].strip()


def marked(page: Page, name: str) -> list[str]:
    return sorted(
        page.eval_on_selector_all(
            f"#board [data-zone].{name}", "els => els.map(e => e.dataset.zone)"
        )
    )


def builds(game: Game) -> list[Build]:
    return [m for m in game.legal_moves() if isinstance(m, Build)]


def pile_builds(game: Game, cell: int) -> list[Build]:
    """Builds of the whole pile of `cell` (what a press on its bottom card picks up)."""
    count = len(game.cells[cell])
    return [m for m in builds(game) if m.src == cell and m.count == count]


def cell_no(zone: str) -> int:
    return int(zone.removeprefix("cell-"))


# --- searches in CPython -----------------------------------------------------------------


def find_waste_build(deals=range(1, 200), **options) -> tuple[int, int, Build]:
    """(deal, deals to make, a build of the waste's top card then), with more than three
    cards in the waste so a card from under the shown three must come into view."""
    for deal in deals:
        game = engine(DG, deal, **options)
        for dealt in range(1, 25):
            game.push(DEAL)
            moves = [m for m in builds(game) if m.src < 0]
            if moves and len(game.waste) > 3:
                return deal, dealt, moves[0]
    raise LookupError("no waste build found")


def find_deal(test, deals=range(1, 200), **options) -> int:
    for deal in deals:
        if test(engine(DG, deal, **options)):
            return deal
    raise LookupError("no deal found")


def deal_out(game: Game) -> Game:
    while game.stock:
        game.push(DEAL)
    return game


def greedy_end(deals=range(1, 300), seed: int = 0, max_score: int = 10, limit: int = 600):
    """(deal, moves) of a game that ends by itself (not won) with a rating word, played by
    a greedy player with a fixed seed: builds that bring a card in first (from the waste,
    or emptying a cell), sometimes another build, else deal or redeal. No swaps: they
    never change what can be built."""
    for deal in deals:
        rng = random.Random(seed * 1_000_003 + deal)
        game = engine(DG, deal)
        line: list[str] = []
        while not game.is_over() and len(line) < limit:
            legal = game.legal_moves()
            moves = [m for m in legal if isinstance(m, Build)]
            good = [m for m in moves if m.src < 0 or m.count == len(game.cells[m.src])]
            stock = [m for m in legal if m in (DEAL, REDEAL)]
            if good:
                move = rng.choice(good)
            elif moves and (not stock or rng.random() < 0.2):
                move = rng.choice(moves)
            else:
                move = stock[0]
            game.push(move)
            line.append(str(move))
        if game.is_over() and 0 < game.outcome().score <= max_score:
            return deal, line
    raise LookupError("the greedy player ended no game with a rating")


# --- 1. a deal by URL ----------------------------------------------------------------------


@pytest.mark.parametrize("deal", [DEAL_NO, 987_654_321])
def test_deal_by_url_shows_the_engine_cells(open_site, deal):
    page = open_site(game_path(deal))
    game = engine(DG, deal)
    assert page.evaluate("[document.body.dataset.game, document.body.dataset.view]") == [
        DG,
        "game",
    ]
    expect_board(page, game)  # 24 cells of one card each, stock 72, waste empty (count 0)
    assert all(len(game.zones()[cell]) == 1 for cell in CELLS)
    stock = page.locator('#board [data-zone="stock"]')
    expect(stock).to_have_attribute("data-count", "72")
    expect(stock.locator(".count")).to_have_text("72")
    assert stock.locator("[data-card]").count() == 0  # face down: no ids in the DOM
    waste = page.locator('#board [data-zone="waste"]')
    expect(waste).to_have_attribute("data-count", "0")
    assert waste.locator("[data-card]").count() == 0
    for cell in CELLS:
        expect(page.locator(f'#board [data-zone="{cell}"]')).to_be_visible()
    # Three rows of eight in reading order (refills go in reading order).
    boxes = page.evaluate(
        """() => [...Array(24).keys()].map(i => {
             const r = document.querySelector(`#board [data-zone="cell-${i}"]`)
               .getBoundingClientRect();
             return [r.left, r.top];
           })"""
    )
    for i, (left, top) in enumerate(boxes):
        row, column = divmod(i, 8)
        if column:
            assert top == boxes[i - 1][1] and left > boxes[i - 1][0], f"cell-{i} out of its row"
        elif row:
            assert top > boxes[i - 8][1], f"cell-{i} is not below cell-{i - 8}"
    assert status(page) == ("72", "")
    expect(page.locator("#deal-label")).to_contain_text(f"Deal {deal}")
    assert page.url.endswith(game_path(deal))


# --- 2. dealing by clicking the stock ---------------------------------------------------


@pytest.mark.parametrize("draw", [3, 1])
def test_clicking_the_stock_deals(open_site, draw):
    options = {"draw": draw}
    page = open_site(game_path(DEAL_NO, **({"draw": 1} if draw == 1 else {})))
    game = engine(DG, DEAL_NO, **options)
    click_stock(page, game)
    expect_board(page, game)
    assert len(game.waste) == draw
    assert page.locator('#board [data-zone="waste"] [data-card]').count() == draw
    expect(page.locator('#board [data-zone="stock"]')).to_have_attribute(
        "data-count", str(72 - draw)
    )
    # More deals: the waste grows past three, the DOM keeps its top three (bottom first).
    while len(game.waste) <= 3:
        click_stock(page, game)
        expect_board(page, game)
    assert len(game.waste) > 3 and len(game.zones()["waste"][-3:]) == 3
    expect(page.locator('#board [data-zone="waste"] .count')).to_have_text(str(len(game.waste)))
    assert status(page) == ("72", "")  # dealing moves cards within stock and waste
    assert saved(page, game) == ["deal"] * len(game.move_stack)


# --- 3. a build from the waste ------------------------------------------------------------


@pytest.mark.parametrize(
    ("how", "motion"), [("click", "reduce"), ("drag", "reduce"), ("drag", "no-preference")]
)
def test_a_build_from_the_waste(context, open_site, how, motion):
    deal, dealt, move = find_waste_build()
    page = context.new_page()
    page.emulate_media(reduced_motion=motion)
    open_site(game_path(deal), page=page)
    game = engine(DG, deal)
    for _ in range(dealt):  # the deals by clicks, as a player gets there
        click_stock(page, game)
        expect_board(page, game)  # with motion on: the dealt cards have landed
    top = game.waste[-1]
    under = game.waste[-4]  # not in the DOM yet: it shows when the top card leaves
    assert page.locator(f'[data-card="{under}"]').count() == 0
    if how == "click":
        play_by_clicks(page, game, move)
    else:
        mouse_drag(page, top, move.gesture.target)
        game.push(move)
    expect_board(page, game)
    assert game.zones()[move.gesture.target][-1] == top
    target = move.gesture.target
    expect(page.locator(f'#board [data-zone="{target}"] [data-card="{top}"]')).to_have_count(1)
    expect(page.locator('#board [data-zone="waste"] [data-card]').first).to_have_attribute(
        "data-card", under
    )
    assert page.locator("#board .dragging, #board .drop-hover, #board .target").count() == 0
    assert status(page)[0] == "71"
    assert saved(page, game) == [*["deal"] * dealt, str(move)]


# --- 4. builds between piles by click ------------------------------------------------------


def test_a_click_builds_at_once_when_there_is_one_target(open_site):
    page = open_site(game_path(DEAL_NO))
    game = engine(DG, DEAL_NO)
    move = find_single_target_move(game)
    assert move.count == len(game.zones()[move.gesture.source])  # the whole pile: its cell refills
    card = pick_card(game, move)
    click_card(page, card)
    game.push(move)
    expect_board(page, game)  # also: the emptied cell got the stock's top card
    assert game.zones()[move.gesture.target][-1] == card and len(game.stock) == 71
    assert page.locator("#board .target, #board .selected, #board .swap-target").count() == 0
    assert status(page) == ("71", "")
    assert saved(page, game) == [str(move)]


def test_a_click_selects_then_a_target_click_builds(open_site):
    deal = find_deal(lambda g: any(len(moves_from(g, m.gesture.source, m.count)) > 1
                                   for m in builds(g)))
    page = open_site(game_path(deal))
    game = engine(DG, deal)
    move = find_multi_target_move(game)
    targets = sorted(m.gesture.target for m in moves_from(game, move.gesture.source, move.count))
    assert len(targets) >= 2
    card = pick_card(game, move)

    click_card(page, card)
    expect(page.locator(f'#board [data-card="{card}"]')).to_contain_class("selected")
    assert marked(page, "target") == targets
    # The whole pile is picked up: every other pile it cannot build on may swap with it.
    swaps = sorted(set(CELLS) - set(targets) - {move.gesture.source})
    assert marked(page, "swap-target") == swaps
    expect_board(page, game)  # selecting moved nothing

    click_card(page, game.zones()[move.gesture.target][-1])
    game.push(move)
    expect_board(page, game)
    assert page.locator("#board .target, #board .selected, #board .swap-target").count() == 0
    assert saved(page, game) == [str(move)]


# --- 5. swaps ----------------------------------------------------------------------------


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_pile_dropped_where_it_cannot_build_swaps_and_where_it_can_builds(
    context, open_site, motion
):
    page = context.new_page()
    page.emulate_media(reduced_motion=motion)
    open_site(game_path(DEAL_NO), page=page)
    game = engine(DG, DEAL_NO)
    build = find_single_target_move(game)  # a pile that may be built somewhere
    source = cell_no(build.gesture.source)
    other = next(
        i for i in range(24) if i not in (source, build.dst) and game.cells[i]
    )  # a cell it cannot be built on
    card, there = game.cells[source][0], game.cells[other][-1]

    mouse_drag(page, card, f"cell-{other}")
    game.push(Swap(min(source, other), max(source, other)))
    expect_board(page, game)  # the two piles changed places
    assert game.cells[other] == [card] and game.cells[source] == [there]
    expect(page.locator("#message")).to_have_text("")  # no refusal
    assert page.locator("#board .refused, #board .dragging, #board .drop-hover").count() == 0
    assert status(page)[0] == "72"  # a swap brings no card out

    # The same pile, now in the other cell, dropped on its build target: it builds.
    move = Build(other, build.dst, 1)
    assert move in game.legal_moves()
    mouse_drag(page, card, move.gesture.target)
    game.push(move)
    expect_board(page, game)
    assert saved(page, game) == [str(Swap(min(source, other), max(source, other))), str(move)]


def test_a_click_selects_a_pile_that_cannot_build_and_a_click_on_a_cell_swaps(open_site):
    page = open_site(game_path(DEAL_NO))
    game = engine(DG, DEAL_NO)
    source = next(i for i in range(24) if not pile_builds(game, i))
    other = next(i for i in range(24) if i != source and not pile_builds(game, i))
    card, there = game.cells[source][0], game.cells[other][-1]

    click_card(page, card)
    expect(page.locator(f'#board [data-card="{card}"]')).to_contain_class("selected")
    assert marked(page, "target") == []
    assert marked(page, "swap-target") == sorted(set(CELLS) - {f"cell-{source}"})
    expect_board(page, game)

    click_card(page, there)
    game.push(Swap(min(source, other), max(source, other)))
    expect_board(page, game)
    assert game.cells[other] == [card] and game.cells[source] == [there]
    assert page.locator("#board .selected, #board .swap-target").count() == 0
    assert saved(page, game) == [f"{min(source, other)}<>{max(source, other)}"]


# --- 6. redeal -----------------------------------------------------------------------------


def test_an_empty_stock_click_turns_the_waste_over(open_site):
    deal = find_deal(lambda g: not deal_out(g).is_over())
    page = open_site(game_path(deal, draw=3))
    game = engine(DG, deal)
    stock = page.locator('#board [data-zone="stock"]')
    expect(stock).not_to_contain_class("can-redeal")
    first = None
    while game.stock:
        click_stock(page, game)
        first = first or game.zones()["waste"][-3:]
    assert len(game.move_stack) == 24
    expect_board(page, game)  # stock 0, the waste's top three, count 72
    expect(stock).to_contain_class("can-redeal")
    waste_size = len(game.waste)

    assert click_stock(page, game) == REDEAL
    expect_board(page, game)
    expect(stock).to_have_attribute("data-count", str(waste_size))
    expect(page.locator('#board [data-zone="waste"]')).to_have_attribute("data-count", "0")
    assert page.locator('#board [data-zone="waste"] [data-card]').count() == 0
    expect(stock).not_to_contain_class("can-redeal")

    click_stock(page, game)  # the second pass deals the same cards again, in the same order
    expect_board(page, game)
    assert game.zones()["waste"] == first
    assert saved(page, game) == ["deal"] * 24 + ["redeal", "deal"]


def test_with_one_pass_the_empty_stock_does_nothing(open_site):
    deal = find_deal(lambda g: not deal_out(g).is_over(), passes=1)
    page = open_site(game_path(deal, passes=1, draw=3))
    game = engine(DG, deal, passes=1)
    stock = page.locator('#board [data-zone="stock"]')
    while game.stock:
        click_stock(page, game)
    expect_board(page, game)
    assert REDEAL not in game.legal_moves() and not game.is_over()
    expect(stock).not_to_contain_class("can-redeal")

    click_zone(page, "stock")
    page.wait_for_timeout(300)
    expect_board(page, game)  # nothing happened
    expect(stock).not_to_contain_class("can-redeal")
    assert saved(page, game) == ["deal"] * 24
    expect(page.locator("#outcome[data-outcome]")).to_have_count(0)


# --- 7. undo and redo ----------------------------------------------------------------------


def test_undo_and_redo_a_deal_a_build_and_a_swap(open_site):
    page = open_site(game_path(DEAL_NO))
    game = engine(DG, DEAL_NO)
    undo = page.locator('.actions [data-action="undo"]')
    redo = page.locator('.actions [data-action="redo"]')
    expect(undo).to_be_disabled()
    positions = [json.dumps(game.zones())]

    click_stock(page, game)
    expect_board(page, game)
    positions.append(json.dumps(game.zones()))
    build = next(m for m in builds(game) if m.count == len(game.zones()[m.gesture.source]))
    play_by_clicks(page, game, build)  # a build that empties a cell: the refill is undone too
    expect_board(page, game)
    positions.append(json.dumps(game.zones()))
    a = next(i for i in range(24) if not pile_builds(game, i))
    b = next(i for i in range(24) if i != a and not pile_builds(game, i))
    mouse_drag(page, game.cells[a][0], f"cell-{b}")
    game.push(Swap(min(a, b), max(a, b)))
    expect_board(page, game)
    line = [str(m) for m in game.move_stack]
    assert saved(page, game) == line

    undo.click()  # the swap
    game.pop()
    expect_board(page, game)
    assert json.dumps(game.zones()) == positions[2]
    page.keyboard.press("Control+z")  # the build, and the refill of its cell
    game.pop()
    expect_board(page, game)
    assert json.dumps(game.zones()) == positions[1]
    undo.click()  # the deal: the cards go back on the stock
    game.pop()
    expect_board(page, game)
    assert json.dumps(game.zones()) == positions[0]
    expect(undo).to_be_disabled()
    assert saved(page, game) == []

    redo.click()
    game.push(line[0])
    expect_board(page, game)
    page.keyboard.press("Control+Shift+Z")
    game.push(line[1])
    expect_board(page, game)
    page.keyboard.press("Control+y")
    game.push(line[2])
    expect_board(page, game)
    expect(redo).to_be_disabled()
    assert saved(page, game) == line


# --- 8. reload resumes -----------------------------------------------------------------------


def test_reload_resumes_exactly_and_undo_works_after_it(open_site):
    page = open_site(game_path(DEAL_NO))
    game = engine(DG, DEAL_NO)
    for _ in range(3):
        click_stock(page, game)
    play_by_clicks(page, game, find_single_target_move(game))
    a = next(i for i in range(24) if not pile_builds(game, i))
    b = next(i for i in range(24) if i != a and not pile_builds(game, i))
    click_card(page, game.cells[a][0])
    click_card(page, game.cells[b][-1])
    game.push(Swap(min(a, b), max(a, b)))
    expect_board(page, game)
    assert len(game.waste) > 3
    line = [str(m) for m in game.move_stack]

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect_board(page, game)  # cells, stock count, the waste's top three and its count
    assert status(page) == (str(game.score), rating(game.score))
    assert saved(page, game) == line

    for press in ("button", "keys") * 3:
        if not game.move_stack:
            break
        if press == "button":
            page.click('.actions [data-action="undo"]')
        else:
            page.keyboard.press("Control+z")
        game.pop()
        expect_board(page, game)
    assert game.move_stack == []
    expect(page.locator('.actions [data-action="undo"]')).to_be_disabled()
    page.keyboard.press("Control+Shift+Z")
    game.push(line[0])
    expect_board(page, game)


# --- 9. the end of a game ---------------------------------------------------------------------


def test_the_last_click_ends_the_game(context, open_site):
    """A game the greedy player ends, seeded as a save up to its last move, which a click
    makes; the end is detected by itself (no need to click through the stock)."""
    deal, line = greedy_end()
    game = engine(DG, deal, line[:-1])
    assert not game.is_over()
    seed_save(context, game)
    page = open_site(game_path(deal))
    expect_board(page, game)
    expect(page.locator("#outcome[data-outcome]")).to_have_count(0)

    play(page, game, game.parse_move(line[-1]))
    assert game.is_over()
    outcome = game.outcome()
    assert not outcome.won and not outcome.resigned
    expect_board(page, game)
    element = page.locator("#outcome[data-outcome]")
    expect(element).to_have_attribute("data-won", "false")
    expect(element).to_have_attribute("data-score", str(outcome.score))
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#outcome-score")).to_have_text(str(outcome.score))
    expect(page.locator("#outcome-reason")).to_have_text(outcome.reason)
    assert status(page) == (str(outcome.score), rating(outcome.score))
    assert rating(outcome.score)  # the search wanted a score with a rating word
    record = json.loads(storage(page)[save_key(game)])
    assert record["moves"] == line and record["finished"] is True


# --- 10. the game list --------------------------------------------------------------------------


def test_the_game_list_has_a_devils_grip_tile(open_site):
    page = open_site("/")
    tile = page.locator(f'a.game-tile[data-game-id="{DG}"]')
    expect(tile).to_have_count(1)
    expect(tile).to_be_visible()
    expect(tile.locator("h2")).to_have_text("Devil's Grip")
    expect(tile.locator(".subtitle")).to_have_text("Duivelsgreep")
    tile.click()
    page.wait_for_function(f"document.body.dataset.game === '{DG}'", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.view") == "game"
    expect(page.locator('#board [data-zone^="cell-"]')).to_have_count(24)
