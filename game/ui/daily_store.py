"""The deal of the day on the page's side: its address, its save slot, and the daily
streak, kept apart from the other statistics. Pure Python over the page's Store, tested
in CPython (tests/test_daily_streak.py); the deal itself is game/share/daily.py's.

- Address: `?game=<id>&daily=<YYYY-MM-DD>`, the player's own calendar day (the browser's
  local date, read by the page and passed in as a `datetime.date`). A day after today is
  refused; an earlier day's deal can still be played, but only a deal won on its own day
  counts for the streak.
- Save slot: its own, `cardgames:save:<game>:daily:<YYYY-MM-DD>` (store.slot_key). The
  daily deal comes from the winnable list, which "Winnable deals only" deals from too, so
  the player may have that deal number in its plain slot already, in progress or counted:
  a slot of its own starts the daily fresh, counts it once as a game of its own, and its
  key says which day's deal it is when it is resumed from anywhere.
- The streak: `cardgames:daily:<game>` keeps the days whose daily deal ended, each once:
  the first ending of a day's deal is its result (won, or played), whatever happens
  after (Restart and win, the same deal in another tab, the page opened again). The days
  won are kept as runs of consecutive days, so the current and best streaks stay exact
  for any number of years in a few bytes.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field

from ..games import load
from ..i18n import tr
from .safejson import loads
from .store import PREFIX, Store

VERSION = 1  # of the stored daily record
KEEP_PLAYED = 62  # days played but not won that are remembered (the list shows today's)
MAX_RUNS = 2000  # runs of days won kept (the best streak is kept whole besides)
DAY_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only
WON, PLAYED, NOT_YET, STARTED = "won", "played", "not-yet", "started"


def daily_key(game_id: str) -> str:
    return f"{PREFIX}daily:{game_id}"


def parse_day(text: object) -> datetime.date | None:
    """A `YYYY-MM-DD` text as a date; None for anything else."""
    if not isinstance(text, str) or not DAY_TEXT.fullmatch(text):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def day_error(day: datetime.date, today: datetime.date) -> str:
    """One sentence when the daily deal of `day` cannot be played on `today`, else ''."""
    if day > today:
        return tr("That day's deal is not out yet, so here is the list of games.")
    return ""


def has_daily(game_id: str) -> bool:
    """Every patience has a deal of the day; a table has none (its deal is the match's)."""
    return not load(game_id).table


def daily_query(game_id: str, day: datetime.date) -> str:
    return f"?game={game_id}&daily={day.isoformat()}"


# -- the record of one game ---------------------------------------------------------------


@dataclass
class DailyRecord:
    """The days whose daily deal of `game` ended: `runs` of days won, (first day's
    ordinal, how many days), in order, never touching; `played`, ordinals of days ended
    not won (the last KEEP_PLAYED); `best`, the longest run ever."""

    game: str
    runs: list[tuple[int, int]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    best: int = 0

    def status(self, day: datetime.date) -> str | None:
        """WON, PLAYED, or None when that day's deal has not ended (or is forgotten)."""
        number = day.toordinal()
        if any(first <= number < first + length for first, length in self.runs):
            return WON
        return PLAYED if number in self.played else None

    def add(self, day: datetime.date, won: bool) -> bool:
        """Count the first ending of `day`'s deal; False (nothing changes) when that day
        is counted already."""
        if self.status(day) is not None:
            return False
        number = day.toordinal()
        if not won:
            self.played = sorted([*self.played, number])[-KEEP_PLAYED:]
            return True
        runs = [*self.runs, (number, 1)]
        runs.sort()
        merged: list[tuple[int, int]] = []
        for first, length in runs:
            if merged and merged[-1][0] + merged[-1][1] == first:  # the day after a run
                merged[-1] = (merged[-1][0], merged[-1][1] + length)
            else:
                merged.append((first, length))
        self.runs = merged[-MAX_RUNS:]
        self.best = max([self.best] + [length for _, length in self.runs])
        return True

    def streak(self, today: datetime.date) -> int:
        """Days in a row won up to today, or up to yesterday while today's deal is still
        to be won (a streak ends only when a whole day passes without a win)."""
        number = today.toordinal()
        for first, length in reversed(self.runs):
            last = first + length - 1
            if first <= number and last >= number - 1:
                return min(length, number - first + 1)
        return 0

    @property
    def won_days(self) -> int:
        return sum(length for _, length in self.runs)

    # -- text ---------------------------------------------------------------------------

    def to_json(self) -> str:
        def iso(number: int) -> str:
            return datetime.date.fromordinal(number).isoformat()

        data = {"v": VERSION, "game": self.game,
                "won": [[iso(first), length] for first, length in self.runs],
                "played": [iso(number) for number in self.played], "best": self.best}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game: str) -> DailyRecord:
        """The record in `text`; ValueError when it cannot be read (damaged, another
        game's, or a newer version's: NewerDaily)."""
        data = loads(text)
        if not isinstance(data, dict):
            raise ValueError("A daily record is an object.")
        version = data.get("v")
        if type(version) is not int or version < 1:
            raise ValueError(f"Unknown daily record version {version!r}.")
        if version > VERSION:
            raise NewerDaily(f"Daily record version {version} is newer than {VERSION}.")
        if data.get("game") != game:
            raise ValueError("A daily record of another game.")
        won, played, best = data.get("won"), data.get("played"), data.get("best")
        if not isinstance(won, list) or not isinstance(played, list) or type(
                best) is not int or best < 0:
            raise ValueError("A daily record's fields are lists and a count.")
        record = cls(game)
        for item in won:
            if not isinstance(item, list) or len(item) != 2:
                raise ValueError("A run of days won is a day and a length.")
            first, length = parse_day(item[0]), item[1]
            if first is None or type(length) is not int or not 1 <= length <= 10**6:
                raise ValueError("A run of days won is a day and a length.")
            record.runs.append((first.toordinal(), length))
        for text_day in played:
            day = parse_day(text_day)
            if day is None:
                raise ValueError("A day played is a date.")
            record.played.append(day.toordinal())
        ends = [(first, first + length) for first, length in record.runs]
        if ends != sorted(ends) or any(a[1] >= b[0] for a, b in zip(ends, ends[1:],
                                                                     strict=False)):
            raise ValueError("Runs of days won are in order and apart.")
        if best < max([0] + [length for _, length in record.runs]):
            raise ValueError("The best streak is shorter than a run.")
        record.best = best
        record.played.sort()
        return record


class NewerDaily(ValueError):
    """A daily record written by a newer version of the site."""


class DailyStore:
    """The daily records over the page's Store: read fresh before every change (another
    tab may have counted the day), a record that cannot be read set aside (kept) and
    started again, and this visit's figures kept in memory when storage fails."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.memory: dict[str, DailyRecord] = {}

    def load(self, game_id: str) -> DailyRecord:
        key = daily_key(game_id)
        text = self.store.read(key)
        if text is None:
            return self.memory.setdefault(game_id, DailyRecord(game_id))
        try:
            record = DailyRecord.from_json(text, game_id)
        except (ValueError, RecursionError):
            self.store.set_aside(key)
            record = self.memory.get(game_id) or DailyRecord(game_id)
        self.memory[game_id] = record
        return record

    def count(self, game_id: str, day: datetime.date, won: bool,
              today: datetime.date) -> bool:
        """Count the ending of `day`'s deal, ended `today`: only on its own day, and only
        its first ending. Whether it was counted."""
        if day != today:
            return False
        record = self.load(game_id)
        if not record.add(day, won):
            return False
        self.memory[game_id] = record
        self.store.write(daily_key(game_id), record.to_json())
        return True
