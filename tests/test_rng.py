"""Golden values: a deal number must mean the same cards forever, on every platform."""

import pytest

from game.engine import MAX_DEAL, Pcg32, check_deal, shuffled
from game.engine.cards import KINGS_KEYS_DECK
from game.games import GAMES


def test_pcg32_stream_is_pinned():
    rng = Pcg32(42)
    assert [rng.next_u32() for _ in range(4)] == [1798253477, 14297942, 3373649736, 2842426186]


@pytest.mark.parametrize(
    ("deal", "first_cards"),
    [
        (1, ["G4A", "R2S", "R1A", "Y3K", "G2K", "R4C", "G4C", "G3S"]),
        (2, ["Y4S", "R1A", "Y3A", "Y1A", "B4A", "G4C", "R4C", "Y3C"]),
        (123456789, ["R3C", "G2C", "G2A", "G2S", "G1C", "B1A", "R1K", "G4C"]),
        (999999999, ["B4C", "Y1C", "Y2K", "R1S", "R2C", "G2S", "R4K", "R4A"]),
    ],
)
def test_golden_deals(deal, first_cards):
    assert shuffled(list(KINGS_KEYS_DECK), deal)[:8] == first_cards
    for game_id in ("devils-square", "kings-square"):
        zones = GAMES[game_id].new(deal=deal).zones()
        assert [zones[f"cell-{i}"][0] for i in range(8)] == first_cards


def test_shuffle_is_a_permutation_and_differs_between_deals():
    decks = {tuple(shuffled(list(KINGS_KEYS_DECK), deal)) for deal in range(1, 200)}
    assert len(decks) == 199
    assert all(sorted(deck) == sorted(KINGS_KEYS_DECK) for deck in decks)


def test_below_is_unbiased_enough():
    rng = Pcg32(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts)


@pytest.mark.parametrize("bad", [0, -1, MAX_DEAL + 1, 1.5, "12", None, True])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError):
        check_deal(bad)
