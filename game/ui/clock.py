"""The game being played, for the statistics: its playing clock, and what is known of it
that its save record keeps (the kind of deal asked for, whether its ending was counted,
whether the solver's line was shown). Pure Python, tested in CPython."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import Game
from .record import SaveRecord
from .session import GameSession
from .stats_model import KINDS, Result, mode_of


@dataclass
class Clock:
    """Playing time: `elapsed` seconds before the current run, which began at `since`
    (None while paused). Times are from a monotonic clock, in seconds."""

    elapsed: float = 0.0
    since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def seconds(self, now: float) -> float:
        return self.elapsed + (max(0.0, now - self.since) if self.since is not None else 0.0)

    def set(self, now: float, running: bool) -> None:
        if running and self.since is None:
            self.since = now
        elif not running and self.since is not None:
            self.elapsed = self.seconds(now)
            self.since = None


def clock_text(seconds: float | None) -> str:
    """'m:ss', or 'h:mm:ss' from an hour on; '–' when unknown."""
    if seconds is None:
        return "–"
    whole = int(max(0.0, seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class Tracker:
    """What the statistics know of the game being played, kept in its save record:
    its clock (`seconds`), the kind of deal asked for when it was dealt (`kind`), whether
    its ending was counted (`counted`) and whether the solver's line was shown (`shown`)."""

    kind: str = "any"
    counted: bool = False
    shown: bool = False
    timed: bool = True  # False: a save from before the clock, its time unknown
    clock: Clock = field(default_factory=Clock)

    @classmethod
    def opened(cls, game: Game, record: SaveRecord | None, kind_now: str | None) -> Tracker:
        """The tracker of `game` as opened from its save slot's `record` (trusted only when
        its moves are the game's), `kind_now` the kind of deal the player asks for now (a
        new game was dealt from it)."""
        moves = [str(move) for move in game.move_stack]
        if record is None or record.moves != moves:  # a new game
            kind = kind_now if kind_now in KINDS else "any"
            tracker = cls(kind=kind, timed=not moves)
        else:
            tracker = cls(kind=record.kind, counted=record.counted, shown=record.shown,
                          timed=record.seconds_known or not moves,
                          clock=Clock(record.seconds))
        if game.is_over() and not tracker.counted:
            tracker.counted = True  # it ended before: counted then, or before statistics
        return tracker

    def stamp(self, record: SaveRecord, now: float) -> SaveRecord:
        """`record` (a save) with the tracker's fields."""
        record.seconds = round(self.clock.seconds(now), 1)
        record.seconds_known = self.timed
        record.kind = self.kind
        record.counted = self.counted
        record.shown = self.shown
        return record

    def finish(self, session: GameSession, now: float, when: int,
               demo: bool = False) -> Result | None:
        """The result to count when the game has just ended and was not counted yet.
        `demo`: its moves are the solver's line (a 'Show me' replay) - never a win."""
        if self.counted or not session.game.is_over():
            return None
        self.counted = True
        self.clock.set(now, False)
        return self._result(session, now, when, demo or self.shown)

    def abandon(self, session: GameSession, now: float, when: int) -> Result | None:
        """The loss to count when the player deals a new deal and leaves the game."""
        if self.counted or session.game.is_over() or not session.has_moved():
            return None
        self.counted = True
        self.clock.set(now, False)
        return self._result(session, now, when, True)

    def _result(self, session: GameSession, now: float, when: int,
                never_won: bool) -> Result | None:
        """The record of the game ending now (None: nothing to count, a table of
        computers)."""
        counted = session.result()
        if counted is None:
            return None
        won, score = counted
        game = session.game
        seconds = self.seconds(now)
        return Result(game.id, mode_of(game, self.kind), game.deal, won and not never_won,
                      score, session.moves_count(), None if seconds is None else round(seconds),
                      when)

    def seconds(self, now: float) -> float | None:
        return self.clock.seconds(now) if self.timed else None
