"""The King's Keys solver, hint and greedy player (game/ai/kings_keys.py)."""

import copy
import random

import pytest

from game.ai import kings_keys as ai
from game.ai.search import LOST, UNKNOWN, WON, Search, solve
from game.ai.solitaire import play_out
from game.engine.cards import KINGS_KEYS_DECK
from game.games import GAMES
from game.games.kings_keys import StackMove
from tests.kk_helpers import INERT, position

GAME = GAMES["devils-square"]


def replay(deal: int, moves: list[str]):
    game = GAME.new(deal=deal)
    for text in moves:
        game.push(text)
    return game


def test_one_move_from_a_full_escape_is_won_with_that_move():
    cells = [["G1K", "G2S", "G3A"], ["G4C"]] + [[]] * 14
    game = position(cells, stock=[])
    game.books = [c for c in KINGS_KEYS_DECK if c not in ("G1K", "G2S", "G3A", "G4C")]
    solution = solve(game, ai.RULES)
    assert solution.status == WON and solution.moves == ["1-0"]


def test_a_shuffle_then_a_book_is_found_and_the_line_replays():
    # G2A must hop from the 1 Green Coin to the 1 Green Shield before G3C and G4K can follow
    cells = [["G1C", "G2A"], ["G1S"], ["G3C"], ["G4K"]] + [[]] * 12
    game = position(cells, stock=[])
    kept = {card for cell in cells for card in cell}
    game.books = [c for c in KINGS_KEYS_DECK if c not in kept]
    solution = solve(game, ai.RULES)
    # the 1 Green Coin can never join a book: lost, but one book is reachable
    assert solution.status == LOST and solution.value == len(game.books) // 4 + 1
    for text in solution.moves:
        game.push(text)
    assert len(game.books) // 4 == solution.value


def test_a_field_without_progress_is_lost_at_once():
    game = position([["G1K", "G2A"], ["G1S"], ["R4C"]] + [[]] * 13, stock=["B1K"])
    solution = solve(game, ai.RULES)
    assert solution.status == LOST and solution.moves == []


@pytest.mark.parametrize("deal", [2, 3, 8, 9, 14])
def test_won_deals_replay_to_a_full_escape(deal):
    solution = solve(GAME.new(deal=deal), ai.RULES, 50_000)
    assert solution.status == WON
    outcome = replay(deal, solution.moves).outcome()
    assert outcome.won and outcome.score == 160


@pytest.mark.parametrize("deal", [1, 6, 10])
def test_lost_deals_are_lost_for_every_player_and_the_best_line_reaches_its_score(deal):
    solution = solve(GAME.new(deal=deal), ai.RULES, 50_000)
    assert solution.status == LOST
    best = replay(deal, solution.moves)
    assert best.score == 10 * solution.value
    for policy in (ai.hint, ai.greedy):
        outcome = play_out(GAME.new(deal=deal), policy)
        assert not outcome.won and outcome.score <= 10 * solution.value


def test_a_budget_that_runs_out_says_unknown_and_the_search_resumes_in_slices():
    sliced = Search(GAME.new(deal=4), ai.RULES, max_nodes=3_000)
    results = []
    while (result := sliced.step(100)) is None:
        results.append(sliced.progress)
    assert result.status == UNKNOWN and result.nodes == 3_000
    assert results == sorted(results) and 0 < results[0] < 1
    assert solve(GAME.new(deal=4), ai.RULES, 3_000).value == result.value


def test_the_search_leaves_the_game_it_was_given_alone():
    game = GAME.new(deal=9)
    game.push(ai.hint(game))
    before = game.to_save(), [list(cell) for cell in game.cells], list(game.stock)
    solve(game, ai.RULES, 5_000)
    assert (game.to_save(), game.cells, game.stock) == before


def hidden_shuffled(game, seed: int):
    other = copy.deepcopy(game)
    random.Random(seed).shuffle(other.stock)
    other._over = other._legal = None
    return other


@pytest.mark.parametrize("deal", [5, 21, 33, 40])
def test_the_hint_never_peeks_at_the_draw_pile(deal):
    game = GAME.new(deal=deal)
    checked = 0
    while not game.is_over():
        move = ai.hint(game)
        for seed in range(3):
            assert ai.hint(hidden_shuffled(game, seed)) == move
        checked += 1
        game.push(move)
    assert checked > 3


@pytest.mark.parametrize("deal", range(100, 130))
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


def test_the_hint_steers_towards_a_book_through_moves_without_progress():
    # with the draw pile empty only a book is progress: the 2 Green Axe must first hop from
    # the 1 Green Coin onto the 1 Green Shield, then the 3 Green Coin and 4 Green Key follow
    cells = [["G1C", "G2A"], ["G1S"], ["G3C"], ["G4K"]] + [[card] for card in INERT[:12]]
    game = position(cells, stock=[])
    assert ai.hint(game) in (StackMove(0, 1), StackMove(3, 2))
    for _ in range(3):
        game.push(ai.hint(game))
    assert sorted(game.books[-4:]) == ["G1S", "G2A", "G3C", "G4K"]


def test_hint_player_beats_greedy_over_a_few_deals():
    hint_books = sum(play_out(GAME.new(deal=d), ai.hint).score for d in range(200, 230))
    greedy_books = sum(play_out(GAME.new(deal=d), ai.greedy).score for d in range(200, 230))
    assert hint_books > greedy_books
