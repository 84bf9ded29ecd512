"""Devil's Grip's beam with its branches (`devils_grip_solver.Branches`): the beam again
from each child of its root, once the root's beam has made BRANCH_FROM nodes of its own.
It cuts nothing (each branch is a beam, whose wins are lines of the game); it takes no
turn before BRANCH_FROM, so the searches that end sooner are unchanged; its wins replay
to a win on the engine; and it wins three-pass deal 4321, which 50 million nodes of the
solver had left undecided (every beam line three cards short)."""

import copy

from game.ai import devils_grip_solver as dgs
from game.ai.search import WON
from game.games import GAMES

from .test_ai_devils_grip_solver import beam_of, replay


def test_deal_4321_is_won_by_the_beam_from_the_roots_best_child():
    """The root's best child of three-pass deal 4321 is the stock's top card refilled
    before the first deal (pointer 0: the two base cards under it, dealt, would lie at
    the bottom of the waste through every pass); the beam from it alone wins in 113,219
    nodes, where the root's beam had not within 37.5 million, and the whole line (that
    refill, then the branch's line) wins on the engine."""
    game = GAMES["devils-grip"].new(deal=4321, passes=3)
    branches = beam_of(game).branches
    assert branches.step(dgs.BRANCH_NODES) == WON
    assert branches.at == 1 and branches.nodes == 113_219
    first = branches.children[0]
    assert first[:3] == (0, 0, dgs.EXIT)  # a refill at pointer 0, before any deal
    assert branches.line[0] == first
    moves, left = dgs.texts(game, branches.line)
    assert left == 0
    assert replay(game, moves).outcome().won


def test_the_children_are_each_position_once_best_first():
    """`Branches._order`: every child of the root the first run scores, one move per
    sequence, pointer and redeals (the grids a refill's choice of pile makes are one),
    in the order of their scores."""
    game = GAMES["devils-grip"].new(deal=4321, passes=3)
    beam = beam_of(game)
    moves = beam.branches._order()
    root = beam.root
    core = dgs.BeamCore(list(root[0]), list(root[1]), root[2], root[3], root[4], 3, 3)
    core.horizon = beam.HORIZON
    _width, base, _cap, piles = beam.FIRST[0]
    scores = {move: score for score, _i, move in core.scored(0, base, root[5], piles, root[7])}
    keys = []
    for move in moves:
        undo = core.apply(move)
        keys.append((core.seq, core.p, core.redeals))
        core.unapply(move, undo)
    assert len(set(keys)) == len(keys)
    assert set(keys) == _children_keys(core, scores)
    assert [scores[move] for move in moves] == sorted((scores[m] for m in moves), reverse=True)


def _children_keys(core, scores) -> set:
    keys = set()
    for move in scores:
        undo = core.apply(move)
        keys.add((core.seq, core.p, core.redeals))
        core.unapply(move, undo)
    return keys


def test_the_branches_change_nothing_before_branch_from():
    """A three-pass beam that wins before BRANCH_FROM of its own nodes makes the same
    nodes and line with its branches as without them, and they make no child's beam."""
    game = GAMES["devils-grip"].new(deal=17, passes=3)
    beam = beam_of(game)
    assert beam.step(100_000) == WON
    assert beam.branches.children is None and beam.branches.nodes == 0
    bare = beam_of(game)
    bare.branches = None
    assert bare.step(100_000) == WON
    assert (bare.nodes, bare.line) == (beam.nodes, beam.line)


def test_the_branches_alone_win_and_their_wins_replay():
    """The branches alone (their children's beams, one after another) win three-pass
    deals, and each win, the child's move then its beam's line, plays to a won game on
    the engine."""
    for deal in range(1, 7):
        game = GAMES["devils-grip"].new(deal=deal, passes=3)
        branches = beam_of(game).branches
        assert branches.step(400_000) == WON, deal
        assert branches.line[0] == branches.children[branches.at - 1]
        moves, left = dgs.texts(game, branches.line)
        assert left == 0, deal
        assert replay(copy.deepcopy(game), moves).outcome().won, deal


def test_the_branches_share_the_beams_nodes(monkeypatch):
    """With BRANCH_FROM at 0 (and no tail) the branches take their turns from the first
    run on, never more than a BRANCH_SHARE-th of the beam's own nodes, and whichever
    wins, the line replays to a win on the engine."""
    monkeypatch.setattr(dgs, "BRANCH_FROM", 0)
    monkeypatch.setattr(dgs, "TAIL_FROM", 10**12)
    for deal in range(1, 13):
        game = GAMES["devils-grip"].new(deal=deal, passes=3)
        beam = beam_of(game)
        branches = beam.branches
        assert beam.step(400_000) == WON, deal
        assert branches.nodes > 0, deal
        # (within a position's expansion: a beam's slice may pass its quota by one)
        assert branches.nodes * dgs.BRANCH_SHARE <= beam.nodes - branches.nodes + 1_000
        moves, left = dgs.texts(game, beam.line)
        assert left == 0, deal
        assert replay(copy.deepcopy(game), moves).outcome().won, deal


def test_a_branchs_beam_has_no_helpers():
    """A child's beam has neither a tail nor branches of its own (`helped`)."""
    game = GAMES["devils-grip"].new(deal=4321, passes=3)
    branches = beam_of(game).branches
    branches.step(10)
    assert branches.search.tail is None and branches.search.branches is None
