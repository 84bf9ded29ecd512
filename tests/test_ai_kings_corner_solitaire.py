"""The solver, hint and greedy player of Kings in the Corner (solitaire): the solver's
wins replay on the engine and its losses are proofs (an independent plain search
agrees on small positions), the hint never peeks at the stock below its top, and every
player makes only legal moves and finishes its games."""

import copy
import random

import pytest

from game.ai import kings_corner_solitaire as ai
from game.ai import solitaire
from game.ai.kings_corner_solitaire import (
    RULES,
    Plan,
    greedy,
    hint,
    removal_outcomes,
    removed_by_phase,
    window_value,
)
from game.ai.search import LOST, UNKNOWN, WON, Line, solve
from game.games.kings_corner_solitaire import CENTRE, VALUE, Place, Remove, is_court

from .kcs_helpers import COURTS_ON_SPOTS, GAME, SMALL, kcs_game, kcs_position, play

OPTION_SETS = [{}, {"strict": True}, {"swap": True}]


def texts(moves):
    return [str(move) for move in moves]


class PlainRules:
    """A search with no pruning and no merging beyond the obvious: cells of one kind are
    alike, suits do not matter; every removal is its own move. Slow, but obviously right."""

    sound = True

    @staticmethod
    def key(game):
        def kind(cells):
            return tuple(sorted(0 if game.cells[c] is None else
                                11 if is_court(game.cells[c]) else VALUE[game.cells[c]]
                                for c in cells))
        spots = game.spots
        return (len(game.stock), game.removing, kind(spots["K"]), kind(spots["Q"]),
                kind(spots["J"]), kind(CENTRE))

    @staticmethod
    def moves(game):
        moves = game._generate_moves()
        if game.removing:
            return moves
        seen, found = set(), []
        for move in moves:
            kind = game.spot_of.get(move.cell, "C")
            if kind not in seen:
                seen.add(kind)
                found.append(move)
        return found

    @staticmethod
    def won(game):
        return game._won()

    @staticmethod
    def value(game):
        return game.score


def replay_wins(game, line):
    fresh = copy.deepcopy(game)
    for text in line:
        fresh.push(text)
    return fresh.is_over() and fresh.outcome().won


# -- what the stock decides --------------------------------------------------------------


def test_a_removing_phase_takes_every_10_the_pairs_of_5s_and_the_rarer_partners():
    counts = [0, 2, 0, 3, 1, 3, 0, 1, 0, 1, 2]  # A A 3 3 3 4 5 5 5 7 9 T T
    taken = removed_by_phase(counts)
    assert taken == [0, 1, 0, 1, 0, 2, 0, 1, 0, 1, 2]


def test_sixteen_small_cards_first_is_a_full_grid_with_nothing_to_remove():
    game = kcs_game(SMALL)
    plan = Plan(game)
    assert plan.dead and plan.trigger == [36]
    solution = solve(game, RULES)
    assert solution.status == LOST and solution.nodes == 0
    assert not solitaire.play_out(kcs_game(SMALL), hint).won
    assert not solitaire.play_out(kcs_game(SMALL), greedy).won


def test_a_court_card_with_all_its_spots_taken_loses_at_once():
    # four small cards on the corners and a King turned: over before any search
    cells = {0: "AS", 3: "2S", 12: "3S", 15: "4S"}
    game = kcs_position(cells, stock=["5H", "KS"])
    assert game.is_over()
    assert solve(game, RULES).status == LOST
    assert hint(game) is None and greedy(game) is None


def test_a_king_coming_before_any_removal_with_the_corners_full_is_lost():
    # the corners hold cards that nothing can remove before the King comes: two more
    # number cards, then the King, and the grid is not full before it
    cells = {0: "AS", 3: "2S", 12: "3S", 15: "4S"}
    game = kcs_position(cells, stock=["AH", "KS", "5H", "6H"])
    assert not game.is_over()
    assert RULES.moves(game) == []
    assert solve(game, RULES).status == LOST
    assert solve(game, PlainRules()).status == LOST


def test_a_king_is_saved_by_keeping_the_last_corner_free():
    # eleven courts stand, the Kings' corner 0 and one centre cell are free: the 5 of
    # hearts comes first and must go to the centre, or the King of spades has nowhere
    cells = dict(COURTS_ON_SPOTS)
    del cells[0]
    cells.update({5: "AS", 6: "2S", 9: "3S"})
    game = kcs_position(cells, stock=["KS", "5H"])
    assert texts(game.legal_moves()) == ["p0", "p10"]
    assert texts(RULES.moves(game)) == ["p10"]
    solution = solve(game, RULES)
    assert solution.status == WON and solution.moves == ["p10"]
    assert replay_wins(game, solution.moves)
    assert hint(game) == Place(10)
    game.push("p0")
    assert game.is_over() and not game.outcome().won


@pytest.mark.parametrize("strict", [False, True])
def test_deal_11_is_won_and_the_line_replays(strict):
    game = GAME.new(deal=11, strict=strict)
    solution = solve(game, RULES)
    assert solution.status == WON and solution.decided
    assert replay_wins(game, solution.moves)
    assert solution.value == RULES.value(copy.deepcopy(play(GAME.new(deal=11, strict=strict),
                                                            " ".join(solution.moves))))


# -- keys and moves ------------------------------------------------------------------------


def test_cells_of_one_kind_are_alike_and_suits_do_not_matter():
    a = kcs_position({0: "5S", 5: "7H", 1: "QS"}, stock=["AS", "2S"])
    b = kcs_position({15: "5D", 10: "7C", 14: "QH"}, stock=["AH", "2D"])
    c = kcs_position({0: "5S", 1: "7H", 2: "QS"}, stock=["AS", "2S"])  # 7 on a Q spot
    assert RULES.key(a) == RULES.key(b)
    assert RULES.key(a) != RULES.key(c)
    b.removing = True
    assert RULES.key(a) != RULES.key(b)


@pytest.mark.parametrize("swap", [False, True])
def test_a_number_card_has_one_move_per_kind_of_empty_cell_and_a_court_one(swap):
    game = kcs_game(["7H", "KS", "QS", "JS"], swap=swap)
    moves = RULES.moves(game)
    cells = [move.cell for move in moves]
    kinds = {game.spot_of.get(cell, "C") for cell in cells}
    assert len(moves) == 4 and kinds == {"K", "Q", "J", "C"}
    game.push(moves[0])
    for rank in "KQJ":
        moves = RULES.moves(game)
        assert len(moves) == 1 and moves[0].cell in game.spots[rank]
        game.push(moves[0])


def test_a_removing_phase_is_one_move_per_way_it_can_end():
    # three 7s (a corner, a top middle, the centre) and one 3: one 7 goes with the 3, and
    # which kind of cell loses its 7 is the only choice; the 10 and the two 5s always go
    cells = {0: "7S", 1: "7H", 5: "7D", 6: "3S", 9: "TS", 10: "5S", 2: "5H",
             3: "KH", 12: "KD", 15: "KC", 13: "QD", 14: "QC", 4: "JS", 7: "JH", 8: "JD",
             11: "JC"}
    game = kcs_position(cells, stock=["4C", "2C"], removing=True)
    kind_of, _groups = ai.LAYOUT[False]
    outcomes = removal_outcomes(game.cells, kind_of)
    assert sorted(sorted(removed) for _moves, _freed, removed in outcomes) == [
        [0, 2, 6, 9, 10], [1, 2, 6, 9, 10], [2, 5, 6, 9, 10]]
    for moves, freed, removed in outcomes:
        after = copy.deepcopy(game)
        for move in moves:
            after.push(move)
        assert not after.removing and after.turned() == "2C"
        assert sorted(removed) == [i for i in range(16) if after.cells[i] is None]
        assert sum(freed) == 5
    lines = RULES.moves(game)
    assert len(lines) == 3 and all(isinstance(line, Line) for line in lines)
    assert sorted(len(line.moves) for line in lines) == [3, 3, 3]


# -- the solver on many deals --------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "strict", "swap"])
def test_solver_wins_replay_and_losses_are_not_won_by_the_hint(options):
    statuses = []
    for deal in range(1, 41):
        game = GAME.new(deal=deal, **options)
        solution = solve(game, RULES, 200_000)
        statuses.append(solution.status)
        if solution.status == WON:
            assert replay_wins(game, solution.moves), deal
        elif solution.status == LOST:
            assert not solitaire.play_out(GAME.new(deal=deal, **options), hint).won
            assert not solitaire.play_out(GAME.new(deal=deal, **options), greedy).won
    assert UNKNOWN not in statuses
    assert 10 <= statuses.count(WON) <= 35


def small_positions(count, strict, rng):
    """Positions of real deals played by the hint until 8 to 12 cards are left."""
    found = []
    deal = 1
    while len(found) < count:
        game = GAME.new(deal=deal, strict=strict)
        deal += 1
        stop = rng.randrange(8, 13)
        while not game.is_over() and len(game.stock) > stop:
            game.push(hint(game) if rng.random() < 0.7 else rng.choice(game.legal_moves()))
        if not game.is_over():
            found.append(game)
    return found


@pytest.mark.parametrize("strict", [False, True])
def test_the_solver_agrees_with_a_plain_search_on_small_positions(strict):
    rng = random.Random(5 + strict)
    won = lost = 0
    for game in small_positions(25, strict, rng):
        fast = solve(game, RULES, 200_000)
        plain = solve(game, PlainRules(), 200_000)
        assert plain.decided
        assert fast.status == plain.status, game.to_save()
        won += fast.status == WON
        lost += fast.status == LOST
        if fast.status == WON:
            assert replay_wins(game, fast.moves)
    assert won and lost


# -- the hint and the greedy player ----------------------------------------------------------


def hidden_shuffled(game, rng):
    """A copy whose unseen cards are in another order: the whole stock while removing,
    else the stock below its turned top card."""
    other = copy.deepcopy(game)
    hidden = other.stock if other.removing else other.stock[:-1]
    rng.shuffle(hidden)
    other.stock = hidden if other.removing else hidden + other.stock[-1:]
    other._over = other._legal = None
    return other


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "strict", "swap"])
def test_the_hint_never_peeks_below_the_turned_card(options):
    rng = random.Random(11)
    checked = removing = 0
    for deal in range(1, 16):
        game = GAME.new(deal=deal, **options)
        while not game.is_over():
            move = hint(game)
            for _ in range(2):
                assert hint(hidden_shuffled(game, rng)) == move
            checked += 1
            removing += game.removing
            game.push(move)
    assert checked > 300 and removing > 20


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "strict", "swap"])
@pytest.mark.parametrize("player", [hint, greedy], ids=["hint", "greedy"])
def test_players_make_legal_moves_and_finish(options, player):
    for deal in range(100, 130):
        game = GAME.new(deal=deal, **options)
        plies = 0
        while not game.is_over():
            move = player(game)
            assert move is not None and move in game.legal_moves()
            game.push(move)
            plies += 1
        assert player(game) is None and plies <= 200
        outcome = solitaire.play_out(GAME.new(deal=deal, **options), player)
        assert outcome.won == game.outcome().won and not outcome.resigned


def test_greedy_places_on_the_lowest_empty_cell_and_takes_the_first_removal():
    game = kcs_game(["7H", "3C", "KS", "KH"])
    assert greedy(game) == Place(0)
    play(game, "p0 p1")
    assert greedy(game) == Place(3)  # the King's first free corner
    assert greedy(kcs_position(["TS", "5S", "5H"] + ["AS"] * 13, removing=True,
                               strict=True)) == Remove(0)


def test_a_court_card_with_several_free_spots_goes_on_the_first_one():
    game = kcs_game(["7H", "KS"])
    game.push("p0")
    assert hint(game) == Place(3)


def test_the_hint_keeps_a_spot_for_a_court_rank_that_is_running_out_of_room():
    # three corners hold small cards, every other court spot is free, the centre full:
    # a number card must not take the last corner while all four Kings are unseen
    game = play(kcs_game(["AS", "2S", "3S", "AH", "2H", "3H", "4H", "9C"]),
                "p0 p3 p12 p5 p6 p9 p10")
    assert game.turned() == "9C"
    assert hint(game).cell in (1, 2, 13, 14, 4, 7, 8, 11)


def test_the_window_chance_is_a_probability_and_more_room_never_hurts():
    assert window_value((0, 0, 0, 0), (4, 4, 4), 40) == 1.0
    assert window_value((0, 0, 0, 1), (4, 4, 4), 0) == 0.0
    start = window_value((4, 4, 4, 4), (4, 4, 4), 40)
    assert 0.5 < start < 1.0
    assert window_value((4, 4, 4, 3), (4, 4, 4), 39) <= start + 1e-9


def test_play_out_with_the_hint_finishes_through_the_registry():
    module = solitaire.load("kings-corner-solitaire")
    assert module.hint is hint and module.greedy is greedy
    assert module.new_search(GAME.new(deal=3), 10, None).rules is RULES
    outcome = solitaire.play_out(GAME.new(deal=3), module.hint)
    assert outcome is not None and not outcome.resigned


def test_strict_deal_10_is_lost_and_proved_at_once():
    """Strict deal 10's last card leaves the grid not full with a pair on it (see
    tests/test_kings_corner_solitaire.py): whatever is played, the values on the grid at the
    end are the same, so the plan proves the deal lost before any search. Without `strict`
    the deal is won."""
    game = GAME.new(deal=10, strict=True)
    assert Plan(game).dead
    solution = solve(game, RULES)
    assert solution.status == LOST and solution.nodes == 0
    assert solve(GAME.new(deal=10), RULES).status == WON


def test_strict_is_lost_when_the_last_phase_leaves_a_number_card():
    # the courts, then number cards that fill the centre four at a time and all go; with
    # the last two the other way round the last four still fill the grid and all go; with
    # the 10 of clubs last and the 6 of clubs among the 10s, a 6 stays after the first
    # phase and the fours no longer fill the grid in step: number cards are left at the end
    from .test_kings_corner_solitaire import CLEAN_DECK

    swapped = CLEAN_DECK[:-2] + CLEAN_DECK[-2:][::-1]
    assert not Plan(GAME.new(deck=swapped, strict=True)).dead
    deck = list(CLEAN_DECK)
    deck[-1], deck[15] = deck[15], deck[-1]  # the 10 of clubs last, the 6 of clubs first
    game = GAME.new(deck=deck, strict=True)
    assert Plan(game).dead and solve(game, RULES).status == LOST
    assert solve(GAME.new(deck=deck, strict=True), PlainRules(), 200_000).status == LOST
    clean = GAME.new(deck=CLEAN_DECK, strict=True)
    assert not Plan(clean).dead
    solution = solve(clean, RULES)
    assert solution.status == WON and replay_wins(clean, solution.moves)
