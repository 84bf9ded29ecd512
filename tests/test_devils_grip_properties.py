"""Devil's Grip over many deals of random play: 96 cards conserved, pop exact, saves
replay, illegal moves refused, every game ends, and the end detector agrees with a
brute-force search that really cycles the stock."""

import random

import pytest

from game.engine import IllegalMove, load_save
from game.games import GAMES
from game.games.devils_grip import DEAL, DEVILS_GRIP_DECK, REDEAL, Build, Swap

DEALS = range(1, 13)
MAX_PLIES = 20_000
MAX_STATES = 300_000


def snapshot(game):
    return (game.zones(), game.redeals, [str(m) for m in game.legal_moves()], game.is_over())


ORDER = "23456789TJQK"


def steps_apart(card: str, top: str) -> bool:
    """Written from the rules, apart from the engine: same suit, three ranks higher."""
    return card[1] == top[1] and ORDER.index(card[0]) == ORDER.index(top[0]) + 3


def brute_force_progress(game) -> bool:
    """Breadth-first over every position reachable by grid builds that leave their cell
    occupied, deals and redeals, really cycling the stock; progress is a waste card that
    fits a pile, or a build that empties a cell. Independent of the engine's code; copies
    of a card count as the same card."""
    draw, limit = game.options["draw"], game.options["passes"]

    def plain(cards):
        return tuple(card[:2] for card in cards)

    start = (tuple(sorted(plain(c) for c in game.cells if c)), plain(game.stock),
             plain(game.waste), game.redeals)
    seen, queue = {start}, [start]
    while queue:
        piles, stock, waste, redeals = queue.pop()
        following = []
        if waste and any(steps_apart(waste[-1], pile[-1]) for pile in piles):
            return True
        for si, src in enumerate(piles):
            for take in range(1, len(src) + 1):
                for di, dst in enumerate(piles):
                    if di != si and steps_apart(src[-take], dst[-1]):
                        if take == len(src):
                            return True
                        rest = [p for i, p in enumerate(piles) if i not in (si, di)]
                        rest += [dst + src[-take:], src[:-take]]
                        following.append((tuple(sorted(rest)), stock, waste, redeals))
        if stock:
            n = min(draw, len(stock))
            following.append((piles, stock[:-n], waste + stock[-n:][::-1], redeals))
        elif waste and (limit == 0 or redeals + 1 < limit):
            following.append((piles, waste[::-1], (), redeals + 1))
        for state in following:
            if state[3] > game.redeals + 2:  # a third redeal repeats the second: nothing new
                continue
            if state not in seen:
                seen.add(state)
                queue.append(state)
        assert len(seen) < MAX_STATES, "brute force ran out of room"
    return False


def random_illegal(game, rng):
    legal = set(game.legal_moves())
    while True:
        kind = rng.randrange(4)
        if kind == 0:
            move = Build(rng.randrange(-1, 25), rng.randrange(-1, 25), rng.randrange(0, 6))
        elif kind == 1:
            move = Swap(rng.randrange(-1, 25), rng.randrange(-1, 25))
        else:
            move = DEAL if kind == 2 else REDEAL
        if move not in legal:
            return move


@pytest.mark.parametrize("options", [{}, {"draw": 1}, {"passes": 3}])
def test_random_play_keeps_every_invariant(options):
    for deal in DEALS:
        rng = random.Random(deal)
        game = GAMES["devils-grip"].new(deal=deal, **options)
        for _ in range(MAX_PLIES):
            if game.is_over():
                break
            checking = rng.random() < 0.25
            if checking:  # illegal moves are refused and change nothing
                before = snapshot(game)
                with pytest.raises(IllegalMove):
                    game.push(random_illegal(game, rng))
                assert snapshot(game) == before
            moves = game.legal_moves()
            plays = [m for m in moves if not isinstance(m, Swap)] or moves
            move = rng.choice(moves if rng.random() < 0.05 else plays)
            game.push(move)
            zones = game.zones()
            assert sorted(c for cards in zones.values() for c in cards) == sorted(DEVILS_GRIP_DECK)
            assert all(len(zones[f"cell-{i}"]) <= 4 for i in range(24))
            if checking:
                assert game.pop() == move
                assert snapshot(game) == before
                game.push(move)
            if rng.random() < 0.02:
                assert game.is_over() == (game.score == 0 or not brute_force_progress(game))
        assert game.is_over(), f"deal {deal} did not end"
        assert game.score == 0 or not brute_force_progress(game)
        replayed = load_save(game.to_save())
        assert snapshot(replayed) == snapshot(game)
        while game.move_stack:
            game.pop()
        assert game.zones() == GAMES["devils-grip"].new(deal=deal, **options).zones()


@pytest.mark.parametrize(
    ("deal", "first_cells", "next_draws"),
    [
        (1, ["6C-2", "5H-2", "QD-1", "KH-1", "TS-1", "3H-1"], ["7C-2", "3D-1", "9H-1"]),
        (2, ["8C-1", "JH-1", "9C-1", "KC-2", "6C-2", "5D-2"], ["7H-2", "KD-2", "JD-2"]),
        (123456789, ["2D-2", "2S-2", "5C-2", "7C-2", "8C-2", "KD-2"], ["KS-1", "6C-2", "4H-2"]),
    ],
)
def test_golden_deals(deal, first_cells, next_draws):
    zones = GAMES["devils-grip"].new(deal=deal).zones()
    assert [zones[f"cell-{i}"][0] for i in range(6)] == first_cells
    assert zones["stock"][::-1][:3] == next_draws  # the next cards to be dealt, in order
