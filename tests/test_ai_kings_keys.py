"""The King's Keys solver, hint and greedy player (game/ai/kings_keys.py and
game/ai/kings_keys_solver.py): wins replay to a full escape on the engine; every rule the
solver prunes with agrees with a plain exhaustive search on small positions; the hint
never reads the draw pile, is the same for the same visible position and finishes games."""

import copy
import random

import pytest

from game.ai import kings_keys as ai
from game.ai import kings_keys_solver as ks
from game.ai.search import LOST, UNKNOWN, WON, solve
from game.ai.solitaire import hint_search, play_out, solve_game, solver
from game.engine.cards import KINGS_KEYS_DECK
from game.games import GAMES
from game.games.kings_keys import StackMove, colour_moves
from tests.kk_helpers import INERT, position

GAME = GAMES["devils-square"]


def replay(game, moves: list[str]):
    game = copy.deepcopy(game)
    for text in moves:
        game.push(text)
    return game


def search(game, nodes=2_000_000):
    return ks.KingsKeysSearch(game, nodes).run()


# -- a plain exhaustive search, written from the rules -------------------------------------


class PlainRules:
    """Every legal move, one at a time, through the engine; a position is its sorted
    stacks and the size of the draw pile. Slow, but obviously right."""

    sound = True

    @staticmethod
    def key(game):
        return tuple(sorted(tuple(cell) for cell in game.cells if cell)), len(game.stock)

    @staticmethod
    def moves(game):
        return game.legal_moves()

    @staticmethod
    def won(game):
        return len(game.books) == len(KINGS_KEYS_DECK)

    @staticmethod
    def value(game):
        return len(game.books)


def late_position(deal: int, left: int):
    """Deal `deal` played (mostly by `nearest_progress`, a fifth of the moves at random,
    seeded by the deal) until the draw pile holds `left` cards; None if it ended sooner.
    The plain search can decide such positions, and some are lost."""
    rng = random.Random(deal)
    game = GAME.new(deal=deal)
    while not game.is_over() and len(game.stock) > left:
        if rng.random() < 0.8:
            game.push(ai.nearest_progress(game))
        else:
            game.push(rng.choice(game.legal_moves()))
    return None if game.is_over() else game


def plain_status(game, nodes=3_000_000):
    solution = solve(game, PlainRules(), nodes)
    assert solution.decided
    return solution.status


LATE = [game for deal in range(1, 80)
        if (game := late_position(deal, random.Random(deal).randrange(3, 8))) is not None
        and len(game.stock) <= 4]


def test_late_positions_are_many_and_mixed():
    statuses = [plain_status(game) for game in LATE]
    assert len(LATE) >= 12 and statuses.count(LOST) >= 3 and statuses.count(WON) >= 8


@pytest.mark.parametrize("index", range(12))
def test_the_solver_agrees_with_a_plain_search_on_late_positions(index):
    game = LATE[index]
    fast = search(game)
    assert fast.status == plain_status(game), game.to_save()
    if fast.status == WON:
        assert replay(game, fast.moves).outcome().won


def test_the_relaxed_colours_rule_agrees_with_the_plain_search_where_it_cuts():
    """Rule 4 (a Colour that cannot be cleared even with every card of it still to come
    in play) and the end check: wherever they say a late position cannot be won, the
    plain search agrees. (Deals 1-49 give ten cuts, three with cards still to come;
    the next ones, 51-56, cost the plain search 7 s more, and a rule 4 that forgets the
    cards to come, or one of them, is already caught on deal 2.)"""
    cut = 0
    for deal in range(1, 50):
        game = late_position(deal, 4)
        if game is None:
            continue
        rng = random.Random(deal)
        while not game.is_over():
            pile = ks.Deal(list(reversed(game.stock)))
            configs = tuple(ks.representative(c) for c in ks.field_configs(game.cells))
            if not all(pile.alive(configs, 0, c) for c in range(ks.COLOURS)):
                assert plain_status(game) == LOST, game.to_save()
                cut += 1
                break
            game.push(rng.choice(game.legal_moves()))
    assert cut >= 5


def plain_most_drawn(game, nodes: int = 60_000) -> int | None:
    """The most cards of the draw pile any sequence of moves brings in, by a plain
    depth-first search of every legal move (None when `nodes` are not enough: the test
    then takes the next deal; twelve of the first 22 deals are decided within 60,000
    nodes, and a budget of 400,000 spent 11 s on a deal it still could not decide)."""
    start = len(game.stock)
    best = 0
    seen = set()
    game = copy.deepcopy(game)
    todo = [iter(game.legal_moves())]
    count = 0
    while todo:
        move = next(todo[-1], None)
        if move is None:
            todo.pop()
            if todo:
                game.pop()
            continue
        game.push(move)
        count += 1
        if count > nodes:
            return None
        best = max(best, start - len(game.stock))
        key = PlainRules.key(game)
        if best == start or key in seen or game.is_over():
            game.pop()
            if best == start:
                return best
            continue
        seen.add(key)
        todo.append(iter(game.legal_moves()))
    return best


def test_the_stall_bound_agrees_with_a_plain_search_of_the_cards_drawn():
    """Rule 6 says card m of the pile is never drawn: the plain search never draws it."""
    checked = 0
    for deal in range(1, 400):
        rng = random.Random(deal)
        game = GAME.new(deal=deal)
        while not game.is_over() and checked < 12:
            pile = ks.Deal(list(reversed(game.stock)))
            configs = tuple(ks.representative(c) for c in ks.field_configs(game.cells))
            stall = pile.stall_point(configs, 0)
            if stall is not None:
                drawn = plain_most_drawn(game)
                if drawn is not None:
                    assert drawn <= stall, (deal, game.to_save())
                    checked += 1
                break
            game.push(ai.nearest_progress(game) if rng.random() < 0.7
                      else rng.choice(game.legal_moves()))
        if checked >= 12:
            break
    assert checked >= 12


def colour_configs(seed: int, cards: int):
    """Random stacks of one Colour: `cards` cards of Yellow dealt one by one onto a
    random fitting stack or a stack of their own."""
    rng = random.Random(seed)
    deck = [card for card in KINGS_KEYS_DECK if card[0] == "Y"]
    rng.shuffle(deck)
    stacks: list[list[str]] = []
    for card in deck[:cards]:
        fits = [s for s in stacks if len(s) < 3 and int(s[-1][1]) + 1 == int(card[1])
                and card[2] not in {c[2] for c in s}]
        if fits and rng.random() < 0.7:
            rng.choice(fits).append(card)
        else:
            stacks.append([card])
    return stacks


def plain_colour(stacks):
    """Every arrangement one Colour's stacks reach by any moves (books taken out), or,
    once the empty field turns up, the ones found so far with it: nothing has fewer
    stacks, so whether the Colour clears and the fewest stacks it can keep are already
    known (a whole Colour of 16 cards reaches tens of thousands of arrangements)."""
    start = tuple(sorted(tuple(s) for s in stacks))
    seen = {start}
    todo = [start]
    while todo:
        state = todo.pop()
        for _step, rest, merged in colour_moves(state):  # rest: what the source keeps too
            after = list(rest) if len(merged) == 4 else [*rest, merged]
            child = tuple(sorted(after))
            if child not in seen:
                seen.add(child)
                if not child:
                    return seen
                todo.append(child)
    return seen


def as_config(stacks) -> tuple[int, ...]:
    return tuple(sorted(ks.STACK_ID[tuple(ks.local(c) for c in s)] for s in stacks))


@pytest.mark.parametrize("cards", [6, 9, 12, 16])
def test_clearable_and_fewest_stacks_agree_with_every_arrangement(cards):
    for seed in range(25):
        stacks = colour_configs(seed * 31 + cards, cards)
        reachable = plain_colour(stacks)
        config = as_config(stacks)
        assert ks.clearable(config) == (() in reachable)
        fewest = min(len(state) for state in reachable)
        exact = ks.fewest_stacks(config)
        assert exact in (fewest, -1)
        counts = ks.config_counts(config)
        assert ks.fewest_stacks_by_number(counts) <= fewest
        assert ks.greedy_stacks(config) >= fewest


@pytest.mark.parametrize("cards", [9, 12, 16])
def test_clear_line_clears_exactly_the_stacks_every_arrangement_search_can_clear(cards):
    """The clearing line of a Colour (played once the pile is empty) is a line of legal
    moves that ends with no stack left, wherever the plain search says that can be done."""
    for seed in range(25):
        stacks = colour_configs(seed * 17 + cards, cards)
        config = as_config(stacks)
        if () not in plain_colour(stacks):
            with pytest.raises(ValueError):
                ks.clear_line(config)
            continue
        state = config
        for step in ks.clear_line(config):
            state = next(ks.after_step(state, src, dst, rest, merged)
                         for src, dst, take, rest, merged in ks.colour_steps(state)
                         if (src, dst, take) == step)
        assert state == ()


def test_a_component_is_one_position_and_its_macros_are_the_same_from_every_member():
    for seed in range(30):
        config = as_config(colour_configs(seed, 10))
        members = [config]
        for src, dst, _take, rest, merged in ks.colour_steps(config):
            if not ks.IS_BOOK[merged] and rest >= 0:
                members.append(ks.after_step(config, src, dst, rest, merged))
        rep = ks.representative(config)
        posts = {ks.representative(m[0]) for m in ks.macros(config)[1]}
        for member in members:
            assert ks.representative(member) == rep
            assert {ks.representative(m[0]) for m in ks.macros(member)[1]} == posts
            assert ks.clearable(member) == ks.clearable(config)


# -- the solver on hand-made positions and real deals --------------------------------------


def test_one_move_from_a_full_escape_is_won_with_that_move():
    cells = [["G1K", "G2S", "G3A"], ["G4C"]] + [[]] * 14
    game = position(cells, stock=[])
    solution = search(game)
    assert solution.status == WON and solution.moves == ["1-0"]


def test_a_shuffle_then_a_book_is_found_and_the_line_replays():
    # G2A must hop from the 1 Green Coin to the 1 Green Shield before G3C and G4K can follow;
    # the 1 Green Coin can never join a book: lost, but the line found makes the book
    cells = [["G1C", "G2A"], ["G1S"], ["G3C"], ["G4K"]] + [[]] * 12
    game = position(cells, stock=[])
    solution = search(game)
    assert solution.status == LOST
    won = position([["G1C", "G2A"], ["G1S"], ["G3C"], ["G4K"], ["G2K"], ["G3S"], ["G4A"]]
                   + [[]] * 9, stock=[])
    solution = search(won)
    assert solution.status == WON
    assert replay(won, solution.moves).outcome().won


def test_a_field_without_progress_is_lost_at_once():
    game = position([["G1K", "G2A"], ["G1S"], ["R4C"]] + [[]] * 13, stock=["B1K"])
    solution = search(game)
    assert solution.status == LOST and solution.moves == []


@pytest.mark.parametrize("deal", [2, 3, 8, 9, 14, 21, 25, 95])
def test_won_deals_replay_to_a_full_escape(deal):
    solution = solve_game(GAME.new(deal=deal), 2_000_000)
    assert solution.status == WON and solution.value == 16
    outcome = replay(GAME.new(deal=deal), solution.moves).outcome()
    assert outcome.won and outcome.score == 160


def test_a_line_that_does_not_end_where_the_search_says_is_an_error(monkeypatch):
    """The solver plays its line through the engine and refuses to answer when the engine
    disagrees: a win whose clearing moves are lost, a best line whose books are not made."""
    monkeypatch.setattr(ks, "clear_line", lambda config: [])
    with pytest.raises(AssertionError, match="did not win on the engine"):
        solve_game(GAME.new(deal=2), 2_000_000)
    monkeypatch.undo()
    lost = ks.KingsKeysSearch(GAME.new(deal=1), 2_000_000)
    lost.core.best_books += 1
    with pytest.raises(AssertionError, match="did not make its books"):
        lost.run()


@pytest.mark.parametrize("deal", [1, 6, 10, 35, 76])
def test_lost_deals_are_lost_for_every_player_and_the_best_line_replays(deal):
    solution = solve_game(GAME.new(deal=deal), 2_000_000)
    assert solution.status == LOST
    best = replay(GAME.new(deal=deal), solution.moves)
    assert best.score == 10 * solution.value
    for policy in (ai.hint, ai.greedy):
        assert not play_out(GAME.new(deal=deal), policy).won


def test_a_budget_that_runs_out_says_unknown_and_the_search_resumes_in_slices():
    sliced = solver(GAME.new(deal=97), max_nodes=3_000)
    results = []
    while (result := sliced.step(100)) is None:
        results.append(sliced.progress)
    assert result.status == UNKNOWN and result.nodes == 3_000
    assert results == sorted(results) and 0 < results[0] < 1
    one_go = solve_game(GAME.new(deal=21), 2_000_000)
    in_slices = solver(GAME.new(deal=21), max_nodes=2_000_000)
    while (result := in_slices.step(37)) is None:
        pass
    assert (result.status, result.moves, result.nodes) == (one_go.status, one_go.moves,
                                                           one_go.nodes)


def test_the_search_leaves_the_game_it_was_given_alone():
    game = GAME.new(deal=9)
    game.push(ai.greedy(game))
    before = game.to_save(), [list(cell) for cell in game.cells], list(game.stock)
    search(game)
    assert (game.to_save(), game.cells, game.stock) == before


# -- the hint and the greedy player --------------------------------------------------------


def hidden_shuffled(game, seed: int):
    other = copy.deepcopy(game)
    random.Random(seed).shuffle(other.stock)
    other._over = other._legal = None
    return other


@pytest.mark.parametrize("deal", [5, 33])
def test_the_hint_never_peeks_at_the_draw_pile(deal):
    game = GAME.new(deal=deal)
    checked = 0
    while not game.is_over() and checked < 25:
        move = ai.hint(game)
        ai._plans.clear()  # no help from a plan remembered for this position
        for seed in range(2):
            assert ai.hint(hidden_shuffled(game, seed)) == move
            ai._plans.clear()
        checked += 1
        game.push(move)
    assert checked > 10


def test_the_hint_is_the_same_for_the_same_position_and_in_slices():
    game = GAME.new(deal=40)
    for _ in range(8):
        move = ai.hint(game)
        ai._plans.clear()
        sliced = hint_search(copy.deepcopy(game))
        while not sliced.step(50):
            assert 0 <= sliced.progress < 1
        assert sliced.move == move
        ai._plans.clear()
        game.push(move)


@pytest.mark.parametrize("deal", range(100, 106))
def test_hint_and_greedy_give_legal_moves_and_finish_the_game(deal):
    for policy in (ai.hint, ai.greedy):
        game = GAME.new(deal=deal)
        while not game.is_over():
            move = policy(game)
            if move is None:
                assert policy is ai.greedy
                break
            assert move in game.legal_moves()
            game.push(move)
        assert policy(game) is None or not game.is_over()


def test_the_hint_follows_its_plan_move_by_move():
    """Once it chose a progress, the hint's moves lead there by a shortest way: the same
    plan for every position of the way (its arrangement class is the same)."""
    cells = [["G1C", "G2A"], ["G1S"], ["G3C"], ["G4K"]] + [[card] for card in INERT[:12]]
    game = position(cells, stock=[])
    assert ai.hint(game) in (StackMove(0, 1), StackMove(3, 2))
    for _ in range(3):
        game.push(ai.hint(game))
    assert sorted(game.books[-4:]) == ["G1S", "G2A", "G3C", "G4K"]


def test_with_the_pile_empty_the_hint_follows_a_winning_line():
    followed = 0
    for game in LATE:
        game = copy.deepcopy(game)
        while game.stock and not game.is_over():
            game.push(ai.hint(game))
        if not game.is_over() and search(game).status == WON:
            while not game.is_over():
                game.push(ai.hint(game))
            assert game.outcome().won
            followed += 1
    assert followed >= 2


def test_the_hint_player_wins_more_than_the_old_nearest_progress_over_a_few_deals():
    deals = range(41, 56)
    sampled = sum(play_out(GAME.new(deal=d), ai.hint).won for d in deals)
    nearest = sum(play_out(GAME.new(deal=d), ai.nearest_progress).won for d in deals)
    greedy = sum(play_out(GAME.new(deal=d), ai.greedy).score for d in deals)
    assert sampled > nearest and greedy < 160 * len(deals)
