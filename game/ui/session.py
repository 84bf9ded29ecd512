"""What the player is doing with one game: undo/redo, the current selection, and what a
click or a drop means. Pure Python (no browser), so every rule of interaction is tested
in CPython; the board and input modules only translate DOM events into these calls.

The UI never re-implements a rule: which cards may be picked up and where they may go
is read from `legal_moves()`, and a refused move's reason comes from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game, IllegalMove, Move
from ..i18n import tr


@dataclass(frozen=True)
class Pick:
    """Cards picked up: the top `count` cards of zone `zone`."""

    zone: str
    count: int


@dataclass
class Reply:
    """What the page should show after an action."""

    moved: Move | None = None  # a move was made
    refused: str = ""  # the guard's reason, when a move was refused
    refused_zone: str = ""  # where to show the refusal
    changed: bool = False  # zones changed (a move, undo, redo, restart)
    notes: list[str] = field(default_factory=list)


class Session:
    """A game being played: the engine game plus redo stack and selection."""

    def __init__(self, game: Game, redo: list[str] | None = None) -> None:
        self.game = game
        self.redo_stack: list[str] = list(redo or [])  # move texts, the next redo last
        self.selected: Pick | None = None

    # -- what may be done ----------------------------------------------------------------

    @property
    def guarded(self) -> bool:
        return bool(self.game.options.get("guard"))

    def can_undo(self) -> bool:
        return bool(self.game.move_stack) and not self.guarded

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.guarded

    def moves_from(self, pick: Pick) -> dict[str, Move]:
        """Target zone -> move, for the cards of `pick`. A pair (two cards removed
        together) is reached from either of its cards."""
        moves = {}
        for move in self.game.legal_moves():
            source = getattr(move, "source", None)
            if source is None or move.count != pick.count:
                continue
            if source == pick.zone:
                moves[move.target] = move
            elif getattr(move, "pair", False) and move.target == pick.zone:
                moves[source] = move
        return moves

    def held(self) -> Pick | None:
        """The cards in the player's hand: those picked up, or those the game hands over
        without a pick (a card turned from the stock that must be placed next)."""
        if self.selected:
            return self.selected
        ready = self.game.ready_pick()
        return Pick(*ready) if ready else None

    def pick_at(self, zone: str, position: int) -> Pick | None:
        """The cards picked up by touching the card at `position` (0 = bottom) of `zone`:
        that card and every card above it."""
        cards = self.game.zones().get(zone, [])
        if zone not in self.game.PICK_ZONES or not 0 <= position < len(cards):
            return None
        return Pick(zone, len(cards) - position)

    def targets(self) -> list[str]:
        held = self.held()
        return sorted(self.moves_from(held)) if held else []

    # -- actions -------------------------------------------------------------------------

    def stock_move(self) -> Move | None:
        """What touching the stock does: deal, or turn the waste over (Devil's Grip)."""
        return next((m for m in self.game.legal_moves() if str(m) in ("deal", "redeal")), None)

    def swap(self, pick: Pick, zone: str) -> Move | None:
        """Dropping a whole pile on another cell where it cannot be built swaps the two,
        in games that allow swaps."""
        swap_between = getattr(self.game, "swap_between", None)
        if swap_between is None or self.game.is_over():
            return None
        if len(self.game.zones().get(pick.zone, [])) != pick.count:
            return None
        return swap_between(pick.zone, zone)

    def touch(self, zone: str, position: int | None) -> Reply:
        """A click or tap on a card (`position`) or on an empty part of a zone (None)."""
        if zone == "stock":
            move = self.stock_move()
            if move is not None:
                self.selected = None
                return self.play(move)
        pick = self.pick_at(zone, position) if position is not None else None
        selected = self.held()
        if selected:
            self.selected = None
            if zone == selected.zone:
                if pick and pick != selected and self.moves_from(pick):
                    return self._select(pick)
                return Reply()  # touching the picked cards again puts them down
            move = self.moves_from(selected).get(zone) or self.swap(selected, zone)
            if move is not None:
                return self.play(move)
            if pick and self.moves_from(pick):
                return self._select(pick)
            return self._refuse(selected, zone)
        if pick is None:
            return Reply()
        return self._select(pick)

    def drop(self, pick: Pick, zone: str | None) -> Reply:
        """Cards dragged from `pick` and let go over `zone` (None: over no zone)."""
        self.selected = None
        if zone is None or zone == pick.zone:
            return Reply()
        move = self.moves_from(pick).get(zone) or self.swap(pick, zone)
        if move is not None:
            return self.play(move)
        return self._refuse(pick, zone)

    def swap_targets(self) -> list[str]:
        """Cells the selected pile may swap with (where it cannot be built)."""
        if not self.selected:
            return []
        builds = self.moves_from(self.selected)
        return sorted(
            zone for zone in self.game.zones()
            if zone not in builds and self.swap(self.selected, zone) is not None
        )

    def _select(self, pick: Pick) -> Reply:
        targets = self.moves_from(pick)
        if not targets and any(self.swap(pick, z) for z in self.game.zones() if z != pick.zone):
            self.selected = pick  # nowhere to build, but it may swap places
            return Reply()
        if not targets:
            reason = self.game.why_stuck(pick.zone, pick.count)
            return Reply(refused=reason, refused_zone=pick.zone)
        only = next(iter(targets.values()))
        if len(targets) == 1 and not getattr(only, "pair", False):
            return self.play(only)  # a single click makes the only legal move (a pair
            # is two cards, so the player points at both)
        self.selected = pick
        return Reply()

    def _refuse(self, pick: Pick, zone: str) -> Reply:
        return Reply(refused=self.game.why_not(pick.zone, pick.count, zone), refused_zone=zone)

    def play(self, move: Move) -> Reply:
        try:
            self.game.push(move)
        except IllegalMove as error:
            return Reply(refused=str(error))
        self.selected = None
        text = str(move)
        if self.redo_stack and self.redo_stack[-1] == text:
            self.redo_stack.pop()  # the same move as the next redo: keep the rest of the line
        else:
            self.redo_stack.clear()
        return Reply(moved=move, changed=True)

    def undo(self) -> Reply:
        if not self.can_undo():
            return Reply()
        self.selected = None
        self.redo_stack.append(str(self.game.pop()))
        return Reply(changed=True)

    def redo(self) -> Reply:
        if not self.can_redo():
            return Reply()
        self.selected = None
        text = self.redo_stack.pop()
        try:
            move = self.game.parse_move(text)
            self.game.push(move)
        except ValueError:
            self.redo_stack.clear()
            return Reply(notes=[tr("The moves to redo no longer apply, so they were cleared.")])
        return Reply(moved=move, changed=True)

    def restart(self) -> Reply:
        """Back to the deal; every move goes on the redo stack, so restart can be undone."""
        if not self.can_undo():
            return Reply()
        self.selected = None
        while self.game.move_stack:
            self.redo_stack.append(str(self.game.pop()))
        return Reply(changed=True)

    def show_line(self, moves: list[str]) -> Reply:
        """Back to the deal with `moves` (a line from the deal's start, e.g. the solver's
        winning line) as the moves to redo, the first next: Redo, or a replay, plays it.
        The moves made before are dropped: the line replaces them."""
        self.selected = None
        while self.game.move_stack:
            self.game.pop()
        self.redo_stack = list(reversed(moves))
        return Reply(changed=True)

    def give_up(self) -> Reply:
        if self.game.is_over():
            return Reply()
        self.selected = None
        self.game.resign()
        self.redo_stack.clear()
        return Reply(changed=True)

    def cancel(self) -> Reply:
        self.selected = None
        return Reply()

    # -- saving --------------------------------------------------------------------------

    def to_record(self) -> dict:
        """What is stored: the engine's save plus the redo line."""
        record = self.game.to_save()
        record["redo"] = list(self.redo_stack)
        return record
