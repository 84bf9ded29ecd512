"""Statistics of finished games: what is counted, per game and mode, and how the figures
add up. Pure Python, tested in CPython (tests/test_stats.py). The other parts: stored in
stats_store.py, the game being played timed and counted in clock.py, drawn as HTML and
SVG in stats_render.py, shown on the page by stats_view.py.

What counts (decided here, said in the dialog):
- A game counts once, when it ends: a win, no more moves, or giving up. A game left by
  dealing a new deal while unfinished, with at least one move made, counts as a loss.
- Once per save slot (game, deal, options): its first ending is the one counted. Reloading
  a finished game, Undo after the end and finishing again, or Restart after the end and
  playing it again count nothing more. Restart before the end is the same game going on
  (it can be undone), so its clock keeps running.
- A game whose moves were replaced by the solver's "Show me" line never counts as a win.
- Mode: "guard" in Guard mode; "winnable" when the deal was dealt from a winnable or
  graded list (the kind asked for is kept in the save record when the deal is dealt, and
  the deal must be on that list); else "relaxed".
- Kings in the Corner at a table counts matches: won when the first person's seat wins
  the match. Its score is the chips won from pots (the Points of Jax; Classic matches
  carry no score) and its "moves" are the hands the match took.
- Moves: the moves on the board (Undo takes one off, Redo puts it back; giving up is no
  move), so the fewest moves are the length of the winning line.
- The clock: playing time while the game is unfinished and the page is seen, kept in
  the save record (`seconds`; an old record without it starts at 0).

Storage follows the never-lose rules of saves (docs/architecture.md): one key per game
(`cardgames:stats:<game>`), a version field, older versions migrated, data that cannot
be read set aside under an `aside:` key and reported once, and a storage that is missing,
full or throwing leaves the figures of this visit in memory. The aggregate counters are
exact; the last HISTORY results of each mode are kept for the chart.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from ..games import load
from ..i18n import mark, tr
from .safejson import loads

VERSION = 1  # of the stored statistics
HISTORY = 200  # results kept per game and mode (the counters stay exact)
MODES = ("relaxed", "guard", "winnable")
ALL = "all"
MODE_LABELS = {
    "relaxed": mark("Relaxed"),
    "guard": mark("Guard mode"),
    "winnable": mark("Winnable deals"),
    ALL: mark("All modes"),
}
KINDS = frozenset({"any", "winnable", "easy", "medium", "hard"})  # of assist.DealChoice


# -- one finished game --------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """The record of one finished game."""

    game: str
    mode: str
    deal: int | None  # None for a game dealt from an explicit deck
    won: bool
    score: int | None  # None where the game has no score to compare (a Classic match)
    moves: int | None
    seconds: int | None  # None when the time is not known (a save from before the clock)
    finished_at: int  # Unix time, seconds

    def row(self) -> list:
        return [self.finished_at, self.deal, int(self.won), self.score, self.moves,
                self.seconds]

    @classmethod
    def from_row(cls, game: str, mode: str, row: object) -> Result:
        if not isinstance(row, list) or len(row) != 6:
            raise ValueError("A result is a list of six fields.")
        finished_at, deal, won, score, moves, seconds = row
        if not count_ok(finished_at) or won not in (0, 1):
            raise ValueError("A result needs its time and whether it was won.")
        if not all(value is None or count_ok(value) for value in (deal, score, moves, seconds)):
            raise ValueError("A result's numbers are whole numbers or null.")
        return cls(game, mode, deal, bool(won), score, moves, seconds, finished_at)


MAX_COUNT = 2**53 - 1  # beyond any real count (and JavaScript's exact integers)


def count_ok(value: object) -> bool:
    """A whole number from 0 to MAX_COUNT (not a bool): a hand-edited huge number is damage,
    not a figure to divide by."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def better(game_id: str, a: int | None, b: int | None) -> int | None:
    """The better of two scores of `game_id` (None when neither is known)."""
    if a is None or b is None:
        return b if a is None else a
    return min(a, b) if load(game_id).lower_is_better else max(a, b)


def _least(a: int | None, b: int | None) -> int | None:
    if a is None or b is None:
        return b if a is None else a
    return min(a, b)


# -- the figures of one game and mode ------------------------------------------------------


@dataclass
class Tally:
    """Exact counters of one game and mode, and its last HISTORY results."""

    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    score_total: int = 0
    scored: int = 0  # games with a score (the average's divisor)
    best_score: int | None = None
    fewest_moves: int | None = None  # in a won game
    fastest: int | None = None  # seconds of the quickest win
    recent: list[Result] = field(default_factory=list)

    def add(self, result: Result) -> None:
        self.played += 1
        if result.won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            self.fewest_moves = _least(self.fewest_moves, result.moves)
            self.fastest = _least(self.fastest, result.seconds)
        else:
            self.streak = 0
        if result.score is not None:
            self.score_total += result.score
            self.scored += 1
            self.best_score = better(result.game, self.best_score, result.score)
        self.recent.append(result)
        del self.recent[:-HISTORY]

    COUNTERS = ("played", "won", "streak", "best_streak", "score_total", "scored")
    BESTS = ("best_score", "fewest_moves", "fastest")

    def to_dict(self) -> dict:
        fields = vars(self)
        data = {name: fields[name] for name in self.COUNTERS + self.BESTS}
        data["recent"] = [result.row() for result in self.recent]
        return data

    @classmethod
    def from_dict(cls, game: str, mode: str, data: object) -> Tally:
        if not isinstance(data, dict):
            raise ValueError("A mode's statistics are an object.")
        tally = cls()
        for name in cls.COUNTERS:
            value = data.get(name, 0)
            if not count_ok(value):
                raise ValueError(f"{name} is not a count.")
            setattr(tally, name, value)
        for name in cls.BESTS:
            value = data.get(name)
            if value is not None and not count_ok(value):
                raise ValueError(f"{name} is not a count.")
            setattr(tally, name, value)
        recent = data.get("recent", [])
        if not isinstance(recent, list):
            raise ValueError("The recent results are a list.")
        tally.recent = [Result.from_row(game, mode, row) for row in recent[-HISTORY:]]
        if tally.won > tally.played or tally.scored > tally.played or (
                tally.streak > tally.best_streak):
            raise ValueError("The counters contradict each other.")
        return tally


@dataclass(frozen=True)
class Summary:
    """The figures the dialog shows for a game and a mode (or all modes)."""

    game: str
    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    average_score: float | None = None
    fewest_moves: int | None = None
    fastest: int | None = None
    recent: tuple[Result, ...] = ()

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None


def _run_of_wins(results) -> tuple[int, int]:
    """(wins in a row at the end, the longest run of wins) of results in time order."""
    run = longest = 0
    for result in results:
        run = run + 1 if result.won else 0
        longest = max(longest, run)
    return run, longest


@dataclass
class GameStats:
    """Everything kept for one game: a Tally per mode."""

    game: str
    modes: dict[str, Tally] = field(default_factory=dict)

    def add(self, result: Result) -> None:
        self.modes.setdefault(result.mode, Tally()).add(result)

    def reset(self, mode: str = ALL) -> None:
        if mode == ALL:
            self.modes.clear()
        else:
            self.modes.pop(mode, None)

    def summary(self, mode: str = ALL) -> Summary:
        tallies = ([self.modes[m] for m in MODES if m in self.modes] if mode == ALL
                   else [self.modes[mode]] if mode in self.modes else [])
        tallies = [t for t in tallies if t.played]
        if not tallies:
            return Summary(self.game)
        recent = sorted((r for t in tallies for r in t.recent), key=lambda r: r.finished_at)
        if len(tallies) == 1:  # one mode: its exact counters
            streak, best_streak = tallies[0].streak, tallies[0].best_streak
        else:  # across modes the runs interleave: counted over the results kept
            streak, longest = _run_of_wins(recent)
            best_streak = max([longest] + [t.best_streak for t in tallies])
        best_score = fewest = fastest = None
        for tally in tallies:
            best_score = better(self.game, best_score, tally.best_score)
            fewest = _least(fewest, tally.fewest_moves)
            fastest = _least(fastest, tally.fastest)
        scored = sum(t.scored for t in tallies)
        return Summary(
            self.game,
            played=sum(t.played for t in tallies),
            won=sum(t.won for t in tallies),
            streak=streak,
            best_streak=best_streak,
            best_score=best_score,
            average_score=sum(t.score_total for t in tallies) / scored if scored else None,
            fewest_moves=fewest,
            fastest=fastest,
            recent=tuple(recent),
        )

    def to_json(self) -> str:
        data = {"v": VERSION, "game": self.game,
                "modes": {mode: tally.to_dict() for mode, tally in self.modes.items()}}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: str) -> GameStats:
        """The statistics in `text`; ValueError when they cannot be read (damaged, or
        written by a newer version of the site)."""
        data = loads(text)  # ValueError when nested too deep to parse safely (safejson.py)
        if not isinstance(data, dict):
            raise ValueError("Statistics are an object.")
        data = migrate(data)
        if data.get("game") != game:
            raise ValueError(f"These statistics are of {data.get('game')!r}, not {game!r}.")
        modes = data.get("modes")
        if not isinstance(modes, dict) or not set(modes) <= set(MODES):
            raise ValueError("The modes are an object of known modes.")
        return cls(game, {mode: Tally.from_dict(game, mode, tally)
                          for mode, tally in modes.items()})


# Steps from each older version to the next: MIGRATIONS[n] turns a version-n object into
# a version-(n + 1) one. Version 1 is the first, so there are none yet; a change of the
# format adds its step here (and tests it) instead of dropping what players have.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


class NewerStats(ValueError):
    """Statistics written by a newer version of the site: kept aside, not read."""


def migrate(data: dict) -> dict:
    """`data` brought up to VERSION; ValueError for a missing version, NewerStats (a
    ValueError) for a newer one."""
    version = data.get("v")
    if type(version) is not int or version < 1:
        raise ValueError(f"Unknown statistics version {version!r}.")
    if version > VERSION:
        raise NewerStats(f"Statistics version {version} is newer than this site's {VERSION}.")
    while version < VERSION:
        data = dict(MIGRATIONS[version](data))
        version += 1
        data["v"] = version
    return data


# -- modes ----------------------------------------------------------------------------------


def mode_of(game, kind: str) -> str:
    """The statistics mode of `game`, dealt when the player asked for deals of `kind`."""
    if game.options.get("guard"):
        return "guard"
    if kind in KINDS and kind != "any" and game.deal is not None:
        from .assist import lists_of

        lists = lists_of(game.id, game.options)
        if lists is not None:
            from ..ai import deal_lists

            if game.deal in deal_lists.deals_of(lists, kind):
                return "winnable"
    return "relaxed"


def modes_for(game_id: str) -> list[str]:
    """The modes a game is played in."""
    info = load(game_id)
    modes = ["relaxed"]
    if info.has_guard:
        modes.append("guard")
    if info.has_hints:
        from ..ai import deal_lists

        if len(deal_lists.choices(info.deals_id)) > 1:
            modes.append("winnable")
    return modes


def mode_label(mode: str) -> str:
    return tr(MODE_LABELS.get(mode, mode))


def end_line(summary: Summary, mode: str) -> str:
    """The end dialog's line for the mode just played: 'Won 12 of 30 · streak 3'."""
    text = tr("Won {won} of {played} · streak {streak}", won=summary.won,
              played=summary.played, streak=summary.streak)
    return text if mode == "relaxed" else f"{text} ({mode_label(mode)})"
