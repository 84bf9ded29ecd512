"""What the player is doing with one game: undo/redo, the cards picked up, and what a
click, a drop or a button means. Pure Python (no browser), so every rule of interaction
is tested in CPython; the board and input modules only turn DOM events into these calls.

`GameSession` is what every game shares; `PatienceSession` (patience.py) and
`TableSession` (table.py) add what a patience and a table of players do differently, and
the game's page module (GamePage.session) says which one a game uses. Neither ever
re-implements a rule: what may be picked up and where it may go is read from the legal
moves' gestures (game.engine.contract), and a refusal's reason comes from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game, Gesture, IllegalMove, Kind, Move, Status
from ..i18n import mark, tr
from .record import SaveRecord


@dataclass(frozen=True)
class Pick:
    """Cards picked up: the top `count` cards of zone `zone`; or, when `card` is given, that
    one card wherever it lies in `zone` (a card of a hand)."""

    zone: str
    count: int
    card: str = ""


@dataclass
class Reply:
    """What the page should show after an action."""

    moved: Move | None = None  # a move was made
    refused: str = ""  # the reason, when a move was refused
    refused_zone: str = ""  # where to show the refusal
    changed: bool = False  # zones changed (a move, undo, redo, restart)
    notes: list[str] = field(default_factory=list)  # sentences for a toast
    kind: str = ""  # "undo", "redo", "restart", "computer": how the live region says it
    mover: int | None = None  # the seat of a computer player's move


@dataclass(frozen=True)
class Marks:
    """What the board highlights: the picked-up cards, where they may go, and the piles
    they may swap with."""

    selected: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    swaps: tuple[str, ...] = ()


def fits(gesture: Gesture, pick: Pick, zones: dict[str, list[str]]) -> bool:
    """Whether a legal move's gesture starts from the cards of `pick`."""
    if gesture.card:
        return gesture.card == pick.card
    if pick.card or gesture.source != pick.zone:
        return False
    whole = len(zones.get(pick.zone, []))
    return gesture.count == pick.count or (gesture.count == 0 and pick.count == whole)


class GameSession:
    """A game being played: the engine game, the redo line and the cards picked up."""

    guarded = False  # Guard mode: no undo, redo or help (patience.py)
    touches_top = True  # a press beside a zone's cards means its top card (not at a table)
    moves_label = mark("Moves")  # the status bar's counter (English, marked)

    def __init__(self, game: Game, redo: list[str] | None = None,
                 names: list[str] | None = None) -> None:
        self.game = game
        self.redo_stack: list[str] = list(redo or [])  # move texts, the next redo last
        self.selected: Pick | None = None
        self._known: tuple[list | None, dict] = (None, {})  # see _from

    # -- what shows ----------------------------------------------------------------------

    def status(self) -> Status:
        return self.game.status()

    def zones(self) -> dict[str, list[str]]:
        """What the board shows (a table sorts the hand at the screen)."""
        return self.game.zones()

    def hidden(self) -> frozenset[str]:
        """Zones whose cards the screen may not show now, beyond the game page's own
        hidden zones (the other players' hands at a table)."""
        return frozenset()

    def held(self) -> Pick | None:
        """The cards in the player's hand: those picked up, or those the game hands over
        without a pick (a card turned from the stock that must be placed next)."""
        if self.selected:
            return self.selected
        held = self.game.status().held
        return Pick(*held) if held else None

    def picked_cards(self) -> list[str]:
        """The cards the player picked up (not those the game hands over), bottom first."""
        return self.cards_of(self.selected) if self.selected else []

    def cards_of(self, pick: Pick) -> list[str]:
        if pick.card:
            return [pick.card]
        cards = self.game.zones().get(pick.zone, [])
        return cards[-pick.count:] if pick.count else []

    def moves_from(self, pick: Pick) -> dict[str, Move]:
        """Target zone -> move, for the cards of `pick` (builds and placings; a pair is
        reached from either of its cards; swaps are `swap_targets`). Worked out once a
        position for each pick (a click asks for the same pick several times)."""
        return dict(self._from(pick)[0])

    def swaps_from(self, pick: Pick) -> dict[str, Move]:
        """Target zone -> swap, for a whole pile picked up."""
        return dict(self._from(pick)[1])

    def _from(self, pick: Pick) -> tuple[dict[str, Move], dict[str, Move]]:
        """`moves_from` and `swaps_from` of `pick`, kept until the position changes (the
        game makes a new `legal_gestures` list then)."""
        gestures = self.game.legal_gestures()
        if self._known[0] is not gestures:
            self._known = (gestures, {})
        known = self._known[1].get(pick)
        if known is None:
            known = self._known[1][pick] = self._find(pick, gestures)
        return known

    def _find(self, pick: Pick, gestures) -> tuple[dict[str, Move], dict[str, Move]]:
        zones = self.game.zones()
        moves: dict[str, Move] = {}
        swaps: dict[str, Move] = {}
        whole = not pick.card and pick.count == len(zones.get(pick.zone, []))
        for move, gesture in gestures:
            kind = gesture.kind
            if kind is Kind.SWAP:
                if whole and pick.zone in (gesture.source, gesture.target):
                    other = gesture.target if gesture.source == pick.zone else gesture.source
                    swaps[other] = move
                continue
            if kind in (Kind.DEAL, Kind.REDEAL) or not gesture.target:
                continue
            if fits(gesture, pick, zones):
                moves.setdefault(gesture.target, move)  # the first listed wins (a play on
                # a stall before a play under it)
            elif kind is Kind.PAIR and gesture.target == pick.zone and not pick.card:
                moves.setdefault(gesture.source, move)
        return moves, swaps

    def targets(self) -> list[str]:
        held = self.held()
        return sorted(self.moves_from(held)) if held else []

    def swap_targets(self) -> list[str]:
        """Zones the picked pile may swap with, where it cannot be built."""
        if not self.selected:
            return []
        builds = self.moves_from(self.selected)
        return sorted(zone for zone in self.swaps_from(self.selected) if zone not in builds)

    def marks(self) -> Marks:
        held = self.held()
        selected = tuple(self.cards_of(held)) if held else ()
        return Marks(selected, tuple(self.targets()), tuple(self.swap_targets()))

    # -- what may be done ----------------------------------------------------------------

    def can_undo(self) -> bool:
        return bool(self.game.move_stack) and not self.guarded

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.guarded

    def can_restart(self) -> bool:
        return self.can_undo()

    def may_pick(self) -> bool:
        """Whether the player may pick cards up now (a table: only in their own turn)."""
        return not self.game.is_over()

    def pick_at(self, zone: str, card: str | None) -> Pick | None:
        """The cards picked up by touching `card` of `zone`: that card and every card
        above it (table.py picks otherwise)."""
        cards = self.game.zones().get(zone, [])
        if zone not in self.game.PICK_ZONES or card not in cards:
            return None
        return Pick(zone, len(cards) - cards.index(card))

    def lift(self, zone: str, card: str) -> Pick | None:
        """A drag starts on `card` of `zone`: the cards it takes, or None."""
        if not self.may_pick():
            return None
        pick = self.pick_at(zone, card)
        if pick is not None:
            self.selected = None
        return pick

    # -- actions -------------------------------------------------------------------------

    def touch(self, zone: str, card: str | None) -> Reply:
        """A click or tap on `card` of `zone`, or on the zone beside its cards (None)."""
        raise NotImplementedError

    def drop(self, pick: Pick | None, zone: str | None) -> Reply:
        """Cards dragged from `pick` and let go over `zone` (None: over no zone)."""
        self.selected = None
        if pick is None or zone is None or zone == pick.zone or not self.may_pick():
            return Reply()
        move = self.moves_from(pick).get(zone) or self.swaps_from(pick).get(zone)
        if move is not None:
            return self.play(move)
        return self.refuse(pick, zone)

    def act(self, action: str) -> Reply | None:
        """A button of this kind of game (None: not one of its buttons)."""
        return None

    def select(self, pick: Pick) -> Reply:
        """Pick cards up: with one place to go they go there at once (not the half of a
        pair: the player points at both cards); with none, the reason is said."""
        targets = self.moves_from(pick)
        if not targets and self.swaps_from(pick):
            self.selected = pick  # nowhere to build, but it may swap places
            return Reply()
        if not targets:
            return Reply(refused=self.game.why_stuck(pick.zone, pick.count, pick.card),
                         refused_zone=pick.zone)
        only = next(iter(targets.values()))
        if len(targets) == 1 and only.gesture.kind is not Kind.PAIR:
            return self.play(only)
        self.selected = pick
        return Reply()

    def refuse(self, pick: Pick, zone: str) -> Reply:
        return Reply(refused=self.game.why_not(pick.zone, pick.count, zone, pick.card),
                     refused_zone=zone)

    def play(self, move: Move, own: bool = True) -> Reply:
        """Make `move`; `own`: the player's own new move, which ends the redo line unless
        it is the redo line's next move."""
        try:
            self.game.push(move)
        except IllegalMove as error:
            return Reply(refused=str(error))
        self.selected = None
        if own:
            text = str(move)
            if self.redo_stack and self.redo_stack[-1] == text:
                self.redo_stack.pop()  # the next redo: the rest of the line stays
            else:
                self.redo_stack.clear()
        return Reply(moved=move, changed=True)

    def undo(self) -> Reply:
        if not self.can_undo():
            return Reply()
        self.selected = None
        self.redo_stack.append(str(self.game.pop()))
        return Reply(changed=True, kind="undo")

    def redo(self) -> Reply:
        if not self.can_redo():
            return Reply()
        self.selected = None
        text = self.redo_stack.pop()
        try:
            move = self.game.parse_move(text)
        except ValueError:
            move = None
        reply = self.play(move, own=False) if move is not None else None
        if reply is None or reply.refused:
            self.redo_stack.clear()
            return Reply(notes=[tr("The moves to redo no longer apply, so they were cleared.")])
        reply.kind = "redo"
        return reply

    def restart(self) -> Reply:
        """Back to the deal; every move goes on the redo stack, so restart can be undone."""
        if not self.can_restart():
            return Reply()
        self.selected = None
        while self.game.move_stack:
            self.redo_stack.append(str(self.game.pop()))
        return Reply(changed=True, kind="restart")

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

    # -- statistics ----------------------------------------------------------------------

    def moves_count(self) -> int:
        """The status bar's counter: the moves on the board (giving up is no move)."""
        return len(self.game.move_stack) - self.game.resigned  # giving up ends the game

    def has_moved(self) -> bool:
        """Whether the player made a move (a game left unfinished then counts as lost)."""
        return bool(self.game.move_stack)

    def result(self) -> tuple[bool, int | None] | None:
        """(won, score) of the game as statistics count it now (an unfinished game is not
        won); None: nothing to count."""
        outcome = self.game.outcome()
        return (outcome is not None and outcome.won), self.status().score

    # -- saving --------------------------------------------------------------------------

    def record(self) -> SaveRecord:
        """What a save slot keeps of this game: the engine's save, the redo line, the
        players' names (the page's clock and statistics fields are stamped on it)."""
        return SaveRecord(self.game.to_save(), redo=list(self.redo_stack), names=self.names())

    # -- players -------------------------------------------------------------------------

    def names(self) -> list[str] | None:
        """The players' names a save keeps (a table's), None elsewhere."""
        return None

    def player_name(self, seat: int) -> str:
        names = self.names()
        return names[seat] if names and 0 <= seat < len(names) else ""

    def turn_over(self, seat: int) -> bool:
        """Whether the turn `seat` was playing is over (a computer's turn is said whole)."""
        return True

    def own_zone(self, seat: int) -> str | None:
        """The zone that is `seat`'s own (a hand at a table): a sentence that names the
        player as its subject need not name it again. None for a patience."""
        return None
