"""Devil's Grip's beam with its tail (`devils_grip_solver.Tail`): the positions the
beam's lines make entering the second of three passes, decided exactly by `Grids`.
It cuts nothing (the beam is the same, node for node, and `Grids` is the game: see
tests/test_ai_devils_grip_grids.py); it takes no position before TAIL_FROM beam nodes,
so the searches that end sooner are unchanged; its wins replay to a win on the engine;
and it wins three-pass deal 6920, which 16 million nodes of the solver had left
undecided (every beam line three cards short)."""

import copy

from game.ai import devils_grip_solver as dgs
from game.ai.search import WON
from game.ai.solitaire import solve_game
from game.games import GAMES

from .test_ai_devils_grip_solver import beam_of, replay

# The solver's winning line of three-pass deal 6920 (3,090,889 nodes): the beam's line
# to the second pass, entered by its 65th move ('18-13'), then the tail's.
LINE_6920 = """deal 19-2 deal deal 7-18 5-7 deal 5-6 deal 1-6 1-15 12-15 2-5x2 0-2 4-1 11-4 0-4
0-19 w-20 3-19 deal w-0 3-20 13-3 16-20 16-19 17-16 17-0 17-2 22-2 22-5 deal 14-0
10-14 w-14 deal 23-14 7-10x2 7-10 deal 13-12 w-9 w-8 w-12 21-13 deal w-11 w-12 21-7
deal w-23 w-17 16-23x2 16-6 w-1 w-1 deal w-9 w-22 w-15 18-22x2 deal w-11 redeal
18-13 deal w-8 w-16 18-13 18-7 18-9 deal deal 21-7 deal 4-18x3 deal w-16 deal
redeal deal w-4 w-21 3-21x2 17-4x2 8-17x3 deal w-16 w-8 deal w-3 w-11 deal w-8 w-8
w-3 w-3""".split()
ENTRY_6920 = 65  # moves to the position the tail won from


def test_deal_6920_is_won_from_where_its_line_enters_the_second_pass():
    """The position of deal 6920 that the beam's line reaches entering the second pass
    (21 cards left) is won: `Grids` decides it in 1,753 nodes, and its line, the piles
    of its refills named (`spent`, `on_grid`), is the rest of the golden line and wins
    on the engine."""
    game = replay(GAMES["devils-grip"].new(deal=6920, passes=3), LINE_6920[:ENTRY_6920])
    assert game.redeals == 1 and game.score == 21
    bottoms, tops, seq = dgs._codes(game)
    grids = dgs.Grids(seq, len(game.waste), game.redeals, 3, 3, dgs.exits_mask(bottoms, tops))
    assert grids.step(1_000_000) == WON and grids.nodes == 1_753
    core = dgs.Core(bottoms, tops, seq, len(game.waste), game.redeals, 3, 3)
    moves, left = dgs.texts(game, dgs.on_grid(core, grids.spent(grids.path)))
    assert left == 0 and moves == LINE_6920[ENTRY_6920:]
    assert replay(game, moves).outcome().won


def test_the_solver_wins_three_pass_deal_6920_with_its_tail():
    """Golden: with 4.4 million nodes (the beam's share, 6/8, past its 3.2 million) the
    solver wins deal 6920 in 3,237,060 nodes, by the tail (the beam had made 2 million
    of its own, then the tail took its positions; 3,090,889 before the branches took
    their share, `Branches`; 3,226,685 before WASTE_FIRST and NO_BELOW changed the
    tail's searches), and the line replays to a win."""
    game = GAMES["devils-grip"].new(deal=6920, passes=3)
    solution = solve_game(game, 4_400_000)
    assert solution.status == WON and solution.nodes == 3_237_060
    assert solution.moves == LINE_6920
    assert replay(game, solution.moves).outcome().won


def test_the_tail_changes_nothing_before_tail_from():
    """A three-pass beam that wins before TAIL_FROM of its own nodes makes the same
    nodes and line with the tail as without it, and the tail takes no position."""
    game = GAMES["devils-grip"].new(deal=17, passes=3)
    beam = beam_of(game)
    assert beam.step(100_000) == WON
    assert not beam.tail.heap and not beam.tail.seen and beam.tail.nodes == 0
    bare = beam_of(game)
    bare.tail = None
    assert bare.step(100_000) == WON
    assert (bare.nodes, bare.line) == (beam.nodes, beam.line)


def test_the_tails_wins_replay(monkeypatch):
    """With TAIL_FROM at 0 the tail takes the positions from the first run on, shares
    the nodes with the beam (never more than the beam's own), and its wins replay to a
    win on the engine: on three-pass deals it wins some before the beam does."""
    monkeypatch.setattr(dgs, "TAIL_FROM", 0)
    by_tail = 0
    for deal in range(1, 13):
        game = GAMES["devils-grip"].new(deal=deal, passes=3)
        beam = beam_of(game)
        tail = beam.tail
        assert beam.step(400_000) == WON, deal
        assert tail.nodes <= beam.nodes - tail.nodes
        by_tail += tail.line is not None
        moves, left = dgs.texts(game, beam.line)
        assert left == 0, deal
        assert replay(copy.deepcopy(game), moves).outcome().won, deal
    assert by_tail >= 1
