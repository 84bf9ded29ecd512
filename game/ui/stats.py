"""Statistics of finished games, the game clock and the move count, as pure logic.

No browser import: everything here is tested in CPython (tests/test_stats.py);
game/ui/stats_view.py shows it and game/ui/app.py calls it in a few places.

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

Storage follows the never-lose rules of saves (DESIGN.md): one key per game
(`cardgames:stats:<game>`), a version field, older versions migrated, data that cannot
be read set aside under an `aside:` key and reported once, and a storage that is missing,
full or throwing leaves the figures of this visit in memory. The aggregate counters are
exact; the last HISTORY results of each mode are kept for the chart.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from ..i18n import language, mark, tr, tr_n
from .safejson import loads
from .store import PREFIX, Store

VERSION = 1  # of the stored statistics
HISTORY = 200  # results kept per game and mode (the counters stay exact)
CHART_BARS = 30  # results drawn in the chart
MODES = ("relaxed", "guard", "winnable")
ALL = "all"
MODE_LABELS = {
    "relaxed": mark("Relaxed"),
    "guard": mark("Guard mode"),
    "winnable": mark("Winnable deals"),
    ALL: mark("All modes"),
}
LOWER_IS_BETTER = frozenset({"devils-grip"})  # its score is the cards left
TABLES = frozenset({"kings-corner"})  # matches at a table, not solitaires
GUARD_GAMES = frozenset({"devils-square", "kings-square"})  # games with a Guard mode
KINDS = frozenset({"any", "winnable", "easy", "medium", "hard"})  # of assist.DealChoice


def stats_key(game_id: str) -> str:
    return f"{PREFIX}stats:{game_id}"


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
        if not _count(finished_at) or won not in (0, 1):
            raise ValueError("A result needs its time and whether it was won.")
        if not all(value is None or _count(value) for value in (deal, score, moves, seconds)):
            raise ValueError("A result's numbers are whole numbers or null.")
        return cls(game, mode, deal, bool(won), score, moves, seconds, finished_at)


MAX_COUNT = 2**53 - 1  # beyond any real count (and JavaScript's exact integers)


def _count(value: object) -> bool:
    """A whole number from 0 to MAX_COUNT (not a bool): a hand-edited huge number is damage,
    not a figure to divide by."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def better(game_id: str, a: int | None, b: int | None) -> int | None:
    """The better of two scores of `game_id` (None when neither is known)."""
    if a is None or b is None:
        return b if a is None else a
    return min(a, b) if game_id in LOWER_IS_BETTER else max(a, b)


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
        data = {name: getattr(self, name) for name in self.COUNTERS + self.BESTS}
        data["recent"] = [result.row() for result in self.recent]
        return data

    @classmethod
    def from_dict(cls, game: str, mode: str, data: object) -> Tally:
        if not isinstance(data, dict):
            raise ValueError("A mode's statistics are an object.")
        tally = cls()
        for name in cls.COUNTERS:
            value = data.get(name, 0)
            if not _count(value):
                raise ValueError(f"{name} is not a count.")
            setattr(tally, name, value)
        for name in cls.BESTS:
            value = data.get(name)
            if value is not None and not _count(value):
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


# -- stored ------------------------------------------------------------------------------


class StatsStore:
    """The statistics of every game over the page's Store, with the rules of saves: data
    that cannot be read is set aside (kept) and reported once; when storage fails, the
    figures of this visit stay in memory."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.memory: dict[str, GameStats] = {}
        self.blocked: set[str] = set()  # unreadable data that could not be set aside
        self.damaged: list[str] = []  # games whose data was set aside, not yet reported
        self.newer: set[str] = set()  # of those, games whose data a newer version wrote

    def load(self, game_id: str) -> GameStats:
        key = stats_key(game_id)
        text = None if game_id in self.blocked else self.store.read(key)
        if text is None:  # none stored, or storage fails: what this visit has
            return self.memory.setdefault(game_id, GameStats(game_id))
        try:
            stats = GameStats.from_json(text, game_id)
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError) as error:
            if isinstance(error, NewerStats):
                self.newer.add(game_id)
            self.store.set_aside(key)
            if self.store.read(key) is not None:  # could not be moved: leave it there
                self.blocked.add(game_id)
            self.damaged.append(game_id)
            stats = self.memory.get(game_id) or GameStats(game_id)
        self.memory[game_id] = stats
        return stats

    def save(self, stats: GameStats) -> bool:
        self.memory[stats.game] = stats
        if stats.game in self.blocked:
            return False
        return self.store.write(stats_key(stats.game), stats.to_json())

    def record(self, result: Result) -> GameStats:
        """Add `result` to what is stored now (another tab may have added to it)."""
        stats = self.load(result.game)
        stats.add(result)
        self.save(stats)
        return stats

    def reset(self, game_id: str, mode: str = ALL) -> GameStats:
        stats = self.load(game_id)
        stats.reset(mode)
        self.save(stats)
        return stats

    def take_damaged(self) -> list[str]:
        """The games whose statistics were set aside since last asked, each told once."""
        games, self.damaged = self.damaged, []
        return games


# -- the game being played -----------------------------------------------------------------


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


def moves_of(game) -> int:
    """The move counter: the moves on the board (giving up is no move); at a table, the
    hands of the match so far."""
    if game.id in TABLES:
        return len(game.results) + (0 if game.hand_over is not None else 1)
    return sum(1 for move in game.move_stack if str(move) != "resign")


def first_person(game) -> int | None:
    """The seat of 'you' at a table: its first person (None: computers only)."""
    return next((seat for seat, kind in enumerate(game.players) if kind == "h"), None)


def has_moved(game) -> bool:
    """Whether the player has made a move in this game (at a table: a person has played;
    the computers' turns alone do not make a game the player left)."""
    if game.id not in TABLES:
        return bool(game.move_stack)
    if not game.move_stack:
        return False
    fresh = (type(game).new(deck=list(game.deck), **game.options) if game.deck is not None
             else type(game).new(deal=game.deal, **game.options))
    for move in game.move_stack:  # whose turn each move was made in, from the start
        if fresh.players[fresh.to_move] == "h" and str(move) not in ("next", "resign"):
            return True
        fresh.push(move)
    return False


def mode_of(game, kind: str) -> str:
    """The statistics mode of `game`, dealt when the player asked for deals of `kind`."""
    if game.options.get("guard"):
        return "guard"
    if kind in KINDS and kind != "any" and game.deal is not None:
        from . import assist

        if game.id in assist.SOLITAIRES and assist.lists_apply(game.options, type(game).OPTIONS):
            from ..ai import deal_lists

            if game.deal in deal_lists.deals_of(game.id, kind):
                return "winnable"
    return "relaxed"


def modes_for(game_id: str) -> list[str]:
    """The modes a game is played in."""
    from . import assist

    modes = ["relaxed"]
    if game_id in GUARD_GAMES:
        modes.append("guard")
    if game_id in assist.SOLITAIRES:
        from ..ai import deal_lists

        if len(deal_lists.choices(game_id)) > 1:
            modes.append("winnable")
    return modes


def result_of(game, mode: str, won: bool, seconds: float | None, when: int) -> Result | None:
    """The record of `game` ending now (None: nothing to count, a table of computers)."""
    if game.id in TABLES:
        me = first_person(game)
        if me is None:
            return None
        won = game.is_over() and not game.resigned and game.winner() == me
        score = game.scores[me] if game.jax else None
    else:
        score = game.score
    return Result(game.id, mode, game.deal, won, score, moves_of(game),
                  None if seconds is None else round(seconds), when)


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
    def opened(cls, game, record: object, kind_now: str | None) -> Tracker:
        """The tracker of `game` as opened from its save slot's `record` (what the store
        holds there: trusted only when its moves are the game's), `kind_now` the kind of
        deal the player asks for now (a new game was dealt from it)."""
        moves = [str(move) for move in game.move_stack]
        if not (isinstance(record, dict) and record.get("moves") == moves):
            record = None
        if record is None:  # a new game
            kind = kind_now if kind_now in KINDS else "any"
            tracker = cls(kind=kind, timed=not moves)
        else:
            seconds = record.get("seconds")
            known = type(seconds) in (int, float) and 0 <= seconds <= MAX_COUNT  # not NaN
            kind = record.get("kind")
            tracker = cls(kind=kind if kind in KINDS else "any",
                          counted=record.get("counted") is True,
                          shown=record.get("shown") is True,
                          timed=(known and record.get("seconds_unknown") is not True)
                          or not moves,
                          clock=Clock(float(seconds) if known else 0.0))
        if game.is_over() and not tracker.counted:
            tracker.counted = True  # it ended before: counted then, or before statistics
        return tracker

    def stamp(self, record: dict, now: float) -> dict:
        """`record` (a save) with the tracker's fields."""
        record["seconds"] = round(self.clock.seconds(now), 1)
        record["kind"] = self.kind
        if not self.timed:
            record["seconds_unknown"] = True
        if self.counted:
            record["counted"] = True
        if self.shown:
            record["shown"] = True
        return record

    def finish(self, game, now: float, when: int, demo: bool = False) -> Result | None:
        """The result to count when `game` has just ended and was not counted yet.
        `demo`: its moves are the solver's line (a 'Show me' replay) - never a win."""
        if self.counted or not game.is_over():
            return None
        self.counted = True
        self.clock.set(now, False)
        outcome = game.outcome()
        won = outcome.won and not (demo or self.shown)
        return result_of(game, mode_of(game, self.kind), won, self.seconds(now), when)

    def abandon(self, game, now: float, when: int) -> Result | None:
        """The loss to count when the player deals a new deal and leaves `game`."""
        if self.counted or game.is_over() or not has_moved(game):
            return None
        self.counted = True
        self.clock.set(now, False)
        return result_of(game, mode_of(game, self.kind), False, self.seconds(now), when)

    def seconds(self, now: float) -> float | None:
        return self.clock.seconds(now) if self.timed else None


# -- what the page shows -------------------------------------------------------------------


def mode_label(mode: str) -> str:
    return tr(MODE_LABELS.get(mode, mode))


def end_line(summary: Summary, mode: str) -> str:
    """The end dialog's line for the mode just played: 'Won 12 of 30 · streak 3'."""
    text = tr("Won {won} of {played} · streak {streak}", won=summary.won,
              played=summary.played, streak=summary.streak)
    return text if mode == "relaxed" else f"{text} ({mode_label(mode)})"


DECIMAL_COMMA = frozenset({"nl", "fr"})  # languages that write 122,5


def percent(share: float | None) -> str:
    """'64%', and '64 %' in French (a narrow no-break space)."""
    if share is None:
        return "–"
    return f"{round(share * 100)}{chr(0x202F) if language() == 'fr' else ''}%"


def number(value: float | None) -> str:
    """A whole number as it is, else one decimal with the language's decimal mark."""
    if value is None:
        return "–"
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.1f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


def figures(summary: Summary) -> list[tuple[str, str]]:
    """(label, value) rows of the dialog's table."""
    table = summary.game in TABLES
    return [
        (tr("Games played"), str(summary.played)),
        (tr("Games won"), str(summary.won)),
        (tr("Win rate"), percent(summary.win_rate)),
        (tr("Current streak"), str(summary.streak)),
        (tr("Best streak"), str(summary.best_streak)),
        (tr("Best score"), number(summary.best_score)),
        (tr("Average score"), number(summary.average_score)),
        (tr("Fewest hands in a win") if table else tr("Fewest moves in a win"),
         number(summary.fewest_moves)),
        (tr("Fastest win"), clock_text(summary.fastest) if summary.fastest is not None
         else "–"),
    ]


def table_html(summary: Summary) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(label)}</th><td>{escape(value)}</td></tr>'
                   for label, value in figures(summary))
    return f'<table class="stats-table"><tbody>{rows}</tbody></table>'


def bar_heights(results, game_id: str) -> list[float]:
    """Each result's bar height, 0 to 1: by score, the best of those shown the tallest
    (for a lower-is-better score, the fewest left); never below a sliver, so each shows."""
    scores = [r.score for r in results if r.score is not None]
    lower = game_id in LOWER_IS_BETTER
    top = max(scores, default=0)
    heights = []
    for result in results:
        if result.score is None:
            share = 1.0 if result.won else 0.4
        elif lower:
            share = 1.0 if top == 0 else 1.0 - result.score / top
        else:
            share = result.score / top if top > 0 else 0.0
        heights.append(max(0.08, min(1.0, share)))
    return heights


def bar_title(result: Result) -> str:
    parts = [tr("Won") if result.won else tr("Lost")]
    if result.deal is not None:
        parts.append(tr("deal {n}", n=result.deal))
    if result.score is not None:
        parts.append(tr("score {n}", n=result.score))
    if result.moves is not None:
        if result.game in TABLES:
            parts.append(tr_n("{n} hand", "{n} hands", result.moves))
        else:
            parts.append(tr_n("{n} move", "{n} moves", result.moves))
    if result.seconds is not None:
        parts.append(clock_text(result.seconds))
    return " · ".join(parts)


def chart_svg(results, game_id: str, bars: int = CHART_BARS) -> str:
    """The last `bars` results as an SVG bar chart, oldest left: a bar a game, coloured
    won or lost, its height by score; a <title> and an aria-label say what it shows."""
    shown = list(results)[-bars:]
    won = sum(1 for r in shown if r.won)
    summary = tr_n("Last {n} game: {won} won", "Last {n} games: {won} won", len(shown),
                   won=won)
    width, height, base, slot, bar = bars * 10, 64, 60, 10, 7
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(summary)}">',
        f"<title>{escape(summary)}</title>",
        f'<line class="base" x1="0" y1="{base + 0.5}" x2="{width}" y2="{base + 0.5}"/>',
    ]
    for index, (result, share) in enumerate(zip(shown, bar_heights(shown, game_id),
                                                strict=True)):
        tall = round(share * (base - 4), 1)
        kind = "won" if result.won else "lost"
        parts.append(
            f'<rect class="bar {kind}" x="{index * slot + (slot - bar) / 2}" '
            f'y="{round(base - tall, 1)}" width="{bar}" height="{tall}" rx="1.5">'
            f"<title>{escape(bar_title(result))}</title></rect>"
        )
    parts.append("</svg>")
    return "".join(parts)
