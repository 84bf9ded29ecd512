"""The project's own random numbers, so a deal number means the same cards forever.

Python's `random` may change between versions and differs from the browser's
Math.random; a deal shared by URL must give the same cards on every machine, in
CPython and in Pyodide, today and in ten years. So deals use PCG32 (O'Neill,
"PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms"),
written with plain integer arithmetic, seeded through SplitMix64, and an
unbiased Fisher-Yates shuffle. Changing anything here changes every deal: the
golden tests in tests/test_rng.py pin it.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
PCG_MULTIPLIER = 6364136223846793005
MIN_DEAL = 1
MAX_DEAL = 999_999_999


def splitmix64(x: int) -> int:
    """Scramble a 64-bit integer (Steele, Lea and Flood), used to spread seeds."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


class Pcg32:
    """PCG-XSH-RR with 64-bit state and a fixed odd increment per stream."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int, stream: int = 0) -> None:
        self.inc = ((splitmix64(stream) << 1) | 1) & MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + splitmix64(seed)) & MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * PCG_MULTIPLIER + self.inc) & MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & MASK32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if not 0 < n <= 1 << 32:
            raise ValueError(f"below() needs 0 < n <= 2**32, got {n}")
        threshold = (1 << 32) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place, from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def check_deal(deal: object) -> int:
    """Return `deal` as an int in 1..999 999 999, or raise ValueError saying why."""
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise ValueError(f"A deal number is a whole number, not {deal!r}.")
    if not MIN_DEAL <= deal <= MAX_DEAL:
        raise ValueError(f"A deal number runs from {MIN_DEAL} to {MAX_DEAL:,}; {deal} is outside.")
    return deal


def shuffled(cards: list[str], deal: int, stream: int = 0) -> list[str]:
    """The deck `cards` shuffled for `deal`; `stream` separates games that must differ."""
    order = list(cards)
    Pcg32(check_deal(deal), stream).shuffle(order)
    return order
