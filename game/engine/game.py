"""The protocol every game follows (docs/architecture.md), modelled on python-chess's Board.

A game is a mutable position with a stack of pushed moves. `push` applies a
value-object move (and its automatic consequences: refills, books, forced
plays), `pop` undoes it exactly. The state is always rebuilt from the deal and
the move list, which is also what a save holds, so a save can be replayed and
never has to be trusted.

A concrete game subclasses `Game` and supplies: `DECK` (every card id),
`OPTIONS` (option name -> default), `_setup(order)`, `_apply(move) -> undo`,
`_unapply(move, undo)`, `_generate_moves()`, `_parse(text)`, `_finished()`,
`_result()`, `zones()` and `status()`; each of its moves states its `gesture`. What the
page needs beyond that is in the game's descriptor (game.engine.info.GameInfo).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..i18n import tr
from .contract import Gesture, Kind, Status
from .errors import IllegalMove, NewerSave
from .rng import check_deal, shuffled

SAVE_VERSION = 1  # of the save format written by to_save

# Steps from each older save format to the next: SAVE_MIGRATIONS[n] turns a version-n save
# into a version-(n + 1) one. Version 1 is the first, so there are none yet; a change of the
# format raises SAVE_VERSION and adds its step here (with a test and a fixture of the old
# format in tests/fixtures/), so a player's games in progress survive the update.
SAVE_MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


def migrate_save(save: dict) -> dict:
    """`save` brought up to SAVE_VERSION (a new dict; the argument is left as it is).
    ValueError for a missing or impossible version; NewerSave (a ValueError) for a save
    written by a newer version of the site."""
    version = save.get("v")
    if type(version) is not int or version < 1:
        raise ValueError(f"Unknown save version {version!r}.")
    if version > SAVE_VERSION:
        raise NewerSave(f"Save version {version} is newer than this site's {SAVE_VERSION}.")
    save = dict(save)
    while version < SAVE_VERSION:
        save = dict(SAVE_MIGRATIONS[version](save))
        version += 1
        save["v"] = version
    return save


class Move:
    """A value object; `str(move)` is its compact text, `Game.parse_move` reads it back,
    and `gesture` says how a player makes it on the board (game.engine.contract)."""

    __slots__ = ()

    @property
    def gesture(self) -> Gesture:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Resign(Move):
    """Giving up: ends the game with the score so far. Saved and undoable like a play."""

    def __str__(self) -> str:
        return "resign"

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.RESIGN)


RESIGN = Resign()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: `reason` is one sentence for the end dialog."""

    won: bool
    score: int
    reason: str
    resigned: bool = False


class Game:
    """Base of every game: move stack, options, saves; rules live in subclasses."""

    id: ClassVar[str] = ""  # names, story and the rest: the game's GameInfo
    DECK: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[dict[str, Any]] = {}
    STREAM: ClassVar[int] = 0  # PRNG stream: games on different decks need not share it
    PICK_ZONES: ClassVar[frozenset[str]] = frozenset()  # zones whose cards the player picks up

    def __init__(
        self, order: list[str], *, deal: int | None, deck: list[str] | None, options: dict
    ) -> None:
        self.deal = deal
        self.deck = deck
        self.options = options
        self.move_stack: list[Move] = []
        self._undo_stack: list[Any] = []
        self.resigned = False
        self._over: bool | None = None
        self._legal: list[Move] | None = None  # legal_moves of this ply, made once
        self._gestures: list[tuple[Move, Gesture]] | None = None  # with their gestures
        self._setup(order)

    # -- making games ---------------------------------------------------------------

    @classmethod
    def new(cls, deal: int | None = None, deck: list[str] | None = None, **options: Any) -> Game:
        """A game from a deal number, or from an explicit deck order (first card dealt first)."""
        opts = cls.check_options(options)
        if deck is not None:
            if deal is not None:
                raise ValueError("Give a deal number or a deck, not both.")
            order = cls.check_deck(deck)
            return cls(list(order), deal=None, deck=list(order), options=opts)
        if deal is None:
            raise ValueError("A new game needs a deal number or a deck.")
        deal = check_deal(deal)
        return cls(shuffled(list(cls.DECK), deal, cls.STREAM), deal=deal, deck=None, options=opts)

    @classmethod
    def check_options(cls, options: dict) -> dict:
        """All options with defaults filled in; unknown names or wrong types raise ValueError."""
        opts = dict(cls.OPTIONS)
        for name, value in options.items():
            if name not in cls.OPTIONS:
                raise ValueError(f"{cls.id} has no option {name!r}.")
            default = cls.OPTIONS[name]
            if type(value) is not type(default):
                kind = type(default).__name__
                raise ValueError(f"Option {name!r} takes a {kind}, not {value!r}.")
            opts[name] = value
        return opts

    @classmethod
    def check_deck(cls, deck: list[str]) -> list[str]:
        if (not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck)
                or sorted(deck) != sorted(cls.DECK)):
            raise ValueError(f"A {cls.id} deck holds each of its {len(cls.DECK)} cards once.")
        return list(deck)

    # -- playing ----------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every play the player may make now (giving up is `resign()`, not listed)."""
        if self._legal is None:
            self._legal = [] if self.is_over() else self._generate_moves()
        return list(self._legal)

    def _moved(self) -> None:
        """The position changed: what was worked out for the last one is forgotten (the
        searches in game/ai/search.py apply moves without push, and call this too)."""
        self._over = self._legal = self._gestures = None

    def legal_gestures(self) -> list[tuple[Move, Gesture]]:
        """Each legal move with its gesture, in `legal_moves` order, made once a ply and
        shared (do not change it): a click asks several times which moves start from the
        cards picked up, and in Devil's Grip, with some 300 legal moves (nearly all swaps),
        making their gestures afresh each time was a third of a click's Python."""
        if self._gestures is None:
            self._gestures = [(move, move.gesture) for move in self.legal_moves()]
        return self._gestures

    def push(self, move: Move | str) -> None:
        """Apply a move and its automatic consequences; refuse it with IllegalMove."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.is_over():
            raise IllegalMove(tr("The game is over."))
        if isinstance(move, Resign):
            self.resigned = True
            undo = None
        else:
            undo = self._apply(move)
        self.move_stack.append(move)
        self._undo_stack.append(undo)
        self._moved()

    def pop(self) -> Move:
        """Undo the last push, restoring the exact prior state; IndexError when none."""
        if not self.move_stack:
            raise IndexError("No move to undo.")
        move = self.move_stack.pop()
        undo = self._undo_stack.pop()
        if isinstance(move, Resign):
            self.resigned = False
        else:
            self._unapply(move, undo)
        self._moved()
        return move

    def resign(self) -> None:
        self.push(RESIGN)

    def is_over(self) -> bool:
        if self._over is None:
            self._over = self.resigned or self._finished()
        return self._over

    def outcome(self) -> Outcome | None:
        return self._result() if self.is_over() else None

    def why(self, move: Move) -> str:
        """One sentence on what legal `move` gains, where the reason is simple enough to
        learn from ("It makes a book."), else "": the hint says it after what to do."""
        return ""

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        """The reason moving the top `count` cards of zone `source` (or `card` of it) to
        `target` is refused."""
        return tr("That move is not allowed.")

    def why_stuck(self, zone: str, count: int, card: str = "") -> str:
        """The reason the top `count` cards of `zone` (or `card` of it) have no legal move."""
        if self.is_over():
            return tr("The game is over.")
        if count > 1:
            return tr("Those cards have nowhere to go.")
        return tr("That card has nowhere to go.")

    def parse_move(self, text: str) -> Move:
        """The move whose `str()` is `text`; ValueError when it is not a move's text."""
        if not isinstance(text, str):
            raise ValueError(f"A move is written as text, not {text!r}.")
        if text == "resign":
            return RESIGN
        return self._parse(text)

    # -- saves ------------------------------------------------------------------------

    def to_save(self) -> dict:
        save: dict[str, Any] = {"v": SAVE_VERSION, "game": self.id}
        if self.deck is not None:
            save["deck"] = list(self.deck)
        else:
            save["deal"] = self.deal
        save["options"] = dict(self.options)
        save["moves"] = [str(m) for m in self.move_stack]
        return save

    @classmethod
    def from_save(cls, save: dict) -> Game:
        """Rebuild a game by replaying a save (an older format migrated first); ValueError,
        naming the move, if it does not; NewerSave if a newer version of the site wrote it."""
        if not isinstance(save, dict):
            raise ValueError("A save is an object.")
        save = migrate_save(save)
        if save.get("game") != cls.id:
            raise ValueError(f"This save is for {save.get('game')!r}, not {cls.id!r}.")
        options = save.get("options", {})
        moves = save.get("moves", [])
        if not isinstance(options, dict) or not isinstance(moves, list):
            raise ValueError("A save's options are an object and its moves a list.")
        if "deck" in save:
            game = cls.new(deck=save["deck"], **options)
        else:
            game = cls.new(deal=save.get("deal"), **options)
        for number, text in enumerate(moves, 1):
            try:
                game.push(game.parse_move(text))
            except ValueError as error:
                raise ValueError(f"Move {number} ({text!r}) does not replay: {error}") from error
        return game

    # -- for subclasses -----------------------------------------------------------------

    def zones(self) -> dict[str, list[str]]:
        raise NotImplementedError

    def status(self) -> Status:
        """The score and everything else the status line shows now."""
        raise NotImplementedError

    def _setup(self, order: list[str]) -> None:
        raise NotImplementedError

    def _apply(self, move: Move) -> Any:
        raise NotImplementedError

    def _unapply(self, move: Move, undo: Any) -> None:
        raise NotImplementedError

    def _generate_moves(self) -> list[Move]:
        raise NotImplementedError

    def _parse(self, text: str) -> Move:
        raise NotImplementedError

    def _finished(self) -> bool:
        raise NotImplementedError

    def _result(self) -> Outcome:
        raise NotImplementedError
