"""Saves in localStorage, kept with the never-lose rules of DESIGN.md.

- One slot per game, deal and options, so opening a shared link never overwrites
  another game in progress; `current` remembers which deal each game was on.
- A save that does not replay is moved aside under an `aside:` key, never deleted.
- Storage missing, full or throwing: every call still returns, and `problem` says
  once that progress is not being saved.
Pure Python over any object with localStorage's methods, so it is tested in CPython.
"""

from __future__ import annotations

import json
import time

from ..i18n import mark, tr

PREFIX = "cardgames:"
MAX_FINISHED = 30  # finished games kept per game; older ones are pruned


def slot_key(game_id: str, deal: int, options: dict) -> str:
    """One save slot per game, deal and options (only those that differ from the game's
    defaults are written, so a deal played with the defaults has the plain key)."""
    from ..games import MODULES, load  # here: the store itself needs no game

    defaults = load(game_id).OPTIONS if game_id in MODULES else {}
    changed = [name for name in sorted(options) if options[name] != defaults.get(name)]
    marks = "".join(f":{name}={options[name]}" for name in changed)
    return f"{PREFIX}save:{game_id}:{deal}{marks}"


class Store:
    """localStorage with failures absorbed; `problem` holds the first one as a sentence (in
    English, marked: take_problem says it in the language of the moment)."""

    def __init__(self, backend: object | None) -> None:
        self.backend = backend
        self.problem = "" if backend is not None else mark(
            "This browser offers no storage here, so progress is not being saved."
        )
        self.problem_told = False

    def _failed(self, error: Exception) -> None:
        if not self.problem:
            name = type(error).__name__ + " " + str(error)
            if "quota" in name.lower():
                self.problem = mark(
                    "The browser's storage is full, so progress is not being saved.")
            else:
                self.problem = mark(
                    "The browser refused to store data, so progress is not being saved.")

    def take_problem(self) -> str:
        """The problem sentence the first time it is asked for, then ''."""
        if self.problem and not self.problem_told:
            self.problem_told = True
            return tr(self.problem)
        return ""

    def read(self, key: str) -> str | None:
        if self.backend is None:
            return None
        try:
            value = self.backend.getItem(key)
        except Exception as error:  # noqa: BLE001 - any storage failure must not stop play
            self._failed(error)
            return None
        return value if isinstance(value, str) else None

    def write(self, key: str, value: str) -> bool:
        if self.backend is None:
            return False
        try:
            self.backend.setItem(key, value)
        except Exception as error:  # noqa: BLE001
            self._failed(error)
            return False
        return True

    def remove(self, key: str) -> None:
        if self.backend is not None:
            try:
                self.backend.removeItem(key)
            except Exception as error:  # noqa: BLE001
                self._failed(error)

    def keys(self) -> list[str]:
        if self.backend is None:
            return []
        try:
            return [self.backend.key(i) for i in range(int(self.backend.length))]
        except Exception as error:  # noqa: BLE001
            self._failed(error)
            return []

    # -- games ---------------------------------------------------------------------------

    def load_record(self, key: str) -> dict | None | str:
        """The record at `key`: a dict, None when there is none, or the raw text when it is
        not a JSON object (the caller sets it aside)."""
        text = self.read(key)
        if text is None:
            return None
        try:
            record = json.loads(text)
        except ValueError:
            return text
        return record if isinstance(record, dict) else text

    def save_record(self, key: str, record: dict, finished: bool) -> bool:
        record = dict(record, saved=int(time.time()), finished=finished)
        ok = self.write(key, json.dumps(record, separators=(",", ":")))
        if ok:
            game_id = record.get("game", "")
            self.write(f"{PREFIX}current:{game_id}", key)
            if finished:
                self.prune(game_id)
        return ok

    def current_key(self, game_id: str) -> str | None:
        key = self.read(f"{PREFIX}current:{game_id}")
        return key if key and key.startswith(f"{PREFIX}save:{game_id}:") else None

    def set_aside(self, key: str) -> str:
        """Move the text at `key` to an `aside:` key (kept, never deleted); return that key."""
        text = self.read(key)
        aside = f"{PREFIX}aside:{int(time.time() * 1000)}:{key[len(PREFIX):]}"
        if text is not None and self.write(aside, text):
            self.remove(key)
        return aside

    def prune(self, game_id: str) -> None:
        """Keep the newest MAX_FINISHED finished games of `game_id`; unfinished ones stay."""
        finished = []
        for key in self.keys():
            if key and key.startswith(f"{PREFIX}save:{game_id}:"):
                record = self.load_record(key)
                if isinstance(record, dict) and record.get("finished"):
                    finished.append((record.get("saved", 0), key))
        finished.sort(reverse=True)
        for _, key in finished[MAX_FINISHED:]:
            self.remove(key)
