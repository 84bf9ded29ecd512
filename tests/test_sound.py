"""Which sound effect a reply makes (game/ui/sound.py): pure, no audio."""

from __future__ import annotations

from game.engine import Gesture, Kind
from game.ui.session import Reply
from game.ui.sound import SOUNDING, TONES, effect_of


class FakeMove:
    def __init__(self, kind: Kind) -> None:
        self.gesture = Gesture(kind=kind, source="stock")


def test_a_refusal_a_win_and_each_kind_of_move_have_their_effect():
    assert effect_of(Reply(refused="No."), won=False) == "refuse"
    assert effect_of(Reply(), won=False) == ""  # nothing moved (a pick-up, a selection)
    assert effect_of(Reply(moved=FakeMove(Kind.BUILD)), won=False) == "place"
    assert effect_of(Reply(moved=FakeMove(Kind.DEAL)), won=False) == "deal"
    assert effect_of(Reply(moved=FakeMove(Kind.PAIR)), won=False) == "book"
    assert effect_of(Reply(moved=FakeMove(Kind.BUILD)), won=True) == "win"
    assert effect_of(Reply(moved=FakeMove(Kind.END_TURN)), won=False) == ""


def test_every_effect_is_short_and_quiet():
    assert set(SOUNDING.values()) <= set(TONES)
    for tones in TONES.values():
        for start, length, freq, end, peak, wave in tones:
            assert 0 <= start < 1 and 0 < length <= 0.3 and peak <= 0.1
            assert 20 < min(freq, end) and max(freq, end) < 5000 and wave
