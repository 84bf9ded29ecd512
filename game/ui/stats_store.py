"""The statistics of every game in localStorage (`cardgames:stats:<game>`), kept with the
rules of saves: data that cannot be read is set aside (kept) and reported once; when
storage fails, the figures of this visit stay in memory. Pure Python over the page's
Store, tested in CPython."""

from __future__ import annotations

from .stats_model import ALL, GameStats, NewerStats, Result
from .store import PREFIX, Store


def stats_key(game_id: str) -> str:
    return f"{PREFIX}stats:{game_id}"


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
