"""Random play over many deals: no card lost or duplicated, pop exact, saves replay,
illegal moves refused, every game ends, and the end detector agrees with brute force."""

import random

import pytest

from game.engine import IllegalMove, load_save
from game.engine.cards import KINGS_KEYS_DECK, KK_COLOUR, KK_ITEM, KK_NUMBER
from game.games import GAMES
from game.games.kings_keys import StackMove

DEALS = range(1, 121)
MAX_PLIES = 3000  # random play always ends far sooner; a bound so a bug cannot hang the suite


def snapshot(game):
    return (game.zones(), [str(m) for m in game.legal_moves()], game.is_over(), game.outcome())


def brute_force_progress(cells, stock_size):
    """Independent of the engine: depth-first over every move sequence, written from the rules."""
    def moves(stacks):
        for si, src in enumerate(stacks):
            for take in (1, 2, 3):
                if take > len(src):
                    break
                moved = src[-take:]
                for di, dst in enumerate(stacks):
                    if di == si or not dst:
                        continue
                    if (KK_COLOUR[moved[0]] == KK_COLOUR[dst[-1]]
                            and KK_NUMBER[moved[0]] == KK_NUMBER[dst[-1]] + 1
                            and not {KK_ITEM[c] for c in moved} & {KK_ITEM[c] for c in dst}):
                        yield si, di, take

    seen = set()
    stack = [tuple(tuple(c) for c in cells if c)]
    while stack:
        stacks = stack.pop()
        key = tuple(sorted(stacks))
        if key in seen:
            continue
        seen.add(key)
        for si, di, take in moves(stacks):
            src, dst = stacks[si], stacks[di]
            if len(dst) + take == 4 or (take == len(src) and stock_size > 0):
                return True
            new = list(stacks)
            new[di] = dst + src[-take:]
            new[si] = src[:-take]
            stack.append(tuple(s for s in new if s))
    return False


def random_illegal(game, rng):
    legal = set(game.legal_moves())
    while True:
        move = StackMove(rng.randrange(-1, 17), rng.randrange(-1, 17), rng.randrange(0, 5))
        if move not in legal:
            return move


@pytest.mark.parametrize("game_id", ["devils-square", "kings-square"])
def test_random_play_keeps_every_invariant(game_id):
    ended = 0
    for deal in DEALS:
        rng = random.Random(deal)
        game = GAMES[game_id].new(deal=deal)
        for _ in range(MAX_PLIES):
            if game.is_over():
                break
            before = snapshot(game)
            # illegal moves are refused and change nothing
            with pytest.raises(IllegalMove):
                game.push(random_illegal(game, rng))
            assert snapshot(game) == before
            move = rng.choice(game.legal_moves())
            game.push(move)
            zones = game.zones()
            everything = sorted(card for cards in zones.values() for card in cards)
            assert everything == sorted(KINGS_KEYS_DECK)
            assert all(len(zones[f"cell-{i}"]) <= 3 for i in range(16))
            assert len(zones["books"]) % 4 == 0
            if rng.random() < 0.3:  # pop restores the exact prior state
                assert game.pop() == move
                assert snapshot(game) == before
                game.push(move)
            if rng.random() < 0.05:  # the end detector agrees with brute force
                assert game.is_over() == (not brute_force_progress(game.cells, len(game.stock)))
        assert game.is_over(), f"deal {deal} did not end"
        ended += 1
        assert game.outcome().score == 10 * len(game.books) // 4
        assert not brute_force_progress(game.cells, len(game.stock))
        replayed = load_save(game.to_save())
        assert snapshot(replayed) == snapshot(game)
        # undo all the way back to the deal
        while game.move_stack:
            game.pop()
        assert game.zones() == GAMES[game_id].new(deal=deal).zones()
    assert ended == len(DEALS)


def test_random_positions_end_detector_matches_brute_force():
    """Dense same-colour fields, where shuffling between stacks is common."""
    rng = random.Random(2026)
    for _ in range(400):
        colour = rng.choice("YRGB")
        cards = [c for c in KINGS_KEYS_DECK if c[0] == colour]
        rng.shuffle(cards)
        cells = []
        while cards and len(cells) < 8:
            cells.append([cards.pop()])
        game = GAMES["devils-square"].new(deal=1)
        game.cells = cells + [[]] * (16 - len(cells))
        game.stock = cards[: rng.choice([0, 0, 1])]
        expected = brute_force_progress(game.cells, len(game.stock))
        assert game.is_over() == (not expected)
