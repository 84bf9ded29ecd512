"""What the no-peek hints share: deals of the unseen cards drawn from what the player has
seen, and the tally of which move wins most of them.

A hint must never read a hidden card, and must give the same answer for the same visible
position. So the hints sample: they shuffle the cards the player has not seen (as a set,
which the visible position tells) with the project's own PRNG, seeded from a text of
the visible position alone, solve each sample with the full-information solver, and play
the move that wins the most samples (perfect-information Monte Carlo, as card-game
programs have done since GIB's bridge play). Nothing hidden goes into the seed or the
samples, so shuffling the hidden cards of a game never changes its hint (the no-peek
tests do exactly that).
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable

from ..engine.rng import Pcg32

SAMPLE_STREAM = 17  # the PRNG stream of the hints' samples (deals use 0-3)


def sampler(visible: str) -> Pcg32:
    """A PRNG seeded from a text that describes the visible position exactly."""
    return Pcg32(zlib.crc32(visible.encode()) + (len(visible) << 32), SAMPLE_STREAM)


def sample(cards: list, rng: Pcg32) -> list:
    """`cards` (in a fixed order: sorted) shuffled by `rng`."""
    order = list(cards)
    rng.shuffle(order)
    return order


class Tally:
    """Wins per candidate move over the samples solved so far, and when the answer can no
    longer change (`settled`): the leader is ahead of the runner-up by more than the
    samples left could give it, or `give_up` samples in no candidate has won any."""

    def __init__(self, candidates: list[Hashable], samples: int, give_up: int) -> None:
        self.order = list(candidates)  # ties go to the earlier (the better by rank)
        self.wins = dict.fromkeys(candidates, 0)
        self.samples = samples
        self.give_up = give_up
        self.solved = 0

    def add(self, winners) -> None:
        """One sample solved; `winners` the candidates it found winning (maybe none)."""
        self.solved += 1
        for candidate in winners:
            self.wins[candidate] += 1

    def best(self) -> Hashable | None:
        """The candidate with the most wins (the earliest among equals); None if none won."""
        top = max(self.wins.values(), default=0)
        if not top:
            return None
        return next(c for c in self.order if self.wins[c] == top)

    @property
    def settled(self) -> bool:
        left = self.samples - self.solved
        if left <= 0:
            return True
        counts = sorted(self.wins.values(), reverse=True)
        if not counts or not counts[0]:
            return self.solved >= self.give_up
        runner_up = counts[1] if len(counts) > 1 else 0
        if not runner_up and counts[0] >= self.give_up:
            return True  # one candidate wins every sample won so far, and often enough
        return counts[0] - runner_up > left


class Immediate:
    """The HintSearch of a hint that needs no slices: worked out whole on the first step."""

    def __init__(self, game, policy) -> None:
        self.game = game
        self.policy = policy
        self.move = None
        self.done = False
        self.nodes = 0

    @property
    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def step(self, quota: int) -> bool:
        if not self.done:
            self.move = self.policy(self.game)
            self.done = True
        return True
