"""The one-player games' session: a click picks cards up (the card touched and those above
it) and puts them down, a drop makes the move, touching the stock deals, a whole pile
dropped where it cannot be built swaps places (where the game has swaps), and the half of
a pair waits for its partner. Pure Python, tested in CPython (tests/test_ui_logic.py)."""

from __future__ import annotations

from ..engine import TOUCHES, Move
from .session import GameSession, Reply


class PatienceSession(GameSession):
    @property
    def guarded(self) -> bool:  # type: ignore[override]
        """Guard mode: no undo, redo or help (the engine refuses illegal moves anyway)."""
        return bool(self.game.options.get("guard"))

    def touch_move(self, zone: str) -> Move | None:
        """What touching `zone` itself does: deal from the stock, or turn the waste over."""
        return next((move for move, gesture in self.game.legal_gestures()
                     if gesture.kind in TOUCHES and gesture.source == zone), None)

    def touch(self, zone: str, card: str | None) -> Reply:
        move = self.touch_move(zone)
        if move is not None:
            self.selected = None
            return self.play(move)
        pick = self.pick_at(zone, card) if card is not None else None
        held = self.held()
        if held:
            self.selected = None
            if zone == held.zone:
                if pick and pick != held and self.moves_from(pick):
                    return self.select(pick)
                return Reply()  # touching the picked cards again puts them down
            move = self.moves_from(held).get(zone) or self.swaps_from(held).get(zone)
            if move is not None:
                return self.play(move)
            if pick and self.moves_from(pick):
                return self.select(pick)
            return self.refuse(held, zone)
        if pick is None:
            return Reply()
        return self.select(pick)
