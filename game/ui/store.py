"""Saves in localStorage, kept with the never-lose rules (docs/architecture.md, "Saves,
statistics and settings"). The only module that writes a save record (record.py).

- One slot per game, deal and options, so opening a shared link never overwrites
  another game in progress; `current` remembers which deal each game was on.
- A save that does not replay is moved aside under an `aside:` key, never deleted.
- Storage missing, full or throwing: every call still returns, and `problem` says
  once that progress is not being saved. When it is full, the oldest finished games are
  removed to make room for the write (RoomForGames), never anything else.
- Another tab may save the same slot: `claim` remembers the text this tab holds there,
  and `changed_elsewhere` says whether what is stored now is somebody else's (tabs.py).
Pure Python over any object with localStorage's methods, so it is tested in CPython.
"""

from __future__ import annotations

import datetime
import time

from ..i18n import mark, tr
from .record import SaveRecord
from .safejson import loads

PREFIX = "cardgames:"
EARLY_PREFIX = f"{PREFIX}early:"  # js/early.js's copies of the boards last shown
CHALLENGE = ":beat"  # the end of a challenge's save slot key
MAX_FINISHED = 30  # finished games kept per game; older ones are pruned


def slot_key(game_id: str, deal: int, options: dict, day: datetime.date | None = None,
             challenge: bool = False) -> str:
    """One save slot per game, deal and options (only those that differ from the game's
    defaults are written, so a deal played with the defaults has the plain key); the deal
    of the day `day` has a slot of its own (daily_store.py says why), and so has a deal
    played as a challenge (`challenge`, the plain key and `:beat`; challenge_view.py)."""
    if day is not None:
        return f"{PREFIX}save:{game_id}:daily:{day.isoformat()}"
    if challenge:
        return slot_key(game_id, deal, options) + CHALLENGE
    from ..games import known, load  # here: the store itself needs no game

    defaults = load(game_id).engine.OPTIONS if known(game_id) else {}
    changed = [name for name in sorted(options) if options[name] != defaults.get(name)]
    marks = "".join(f":{name}={options[name]}" for name in changed)
    return f"{PREFIX}save:{game_id}:{deal}{marks}"


def daily_day(key: str) -> datetime.date | None:
    """The day of a daily deal's save slot `key`; None for any other key."""
    head, _, day = key.rpartition(":daily:")
    if not head.startswith(f"{PREFIX}save:") or len(day) != 10 or not day[:4].isdigit():
        return None
    try:
        return datetime.date.fromisoformat(day)
    except ValueError:
        return None


def slot_fits(key: str, game) -> bool:
    """Whether `game` (replayed from a save) belongs in the slot `key`: its deal and
    options make that key, and a daily slot holds that day's deal with the defaults."""
    if game.deck is not None:
        return False
    day = daily_day(key)
    if day is None:
        return slot_key(game.id, game.deal, game.options, None,
                        key.endswith(CHALLENGE)) == key
    from ..share.daily import daily_deal

    return (slot_key(game.id, game.deal, game.options) == slot_key(game.id, game.deal, {})
            and slot_key(game.id, game.deal, {}, day) == key
            and game.deal == daily_deal(game.id, day))


def is_quota(error: Exception) -> bool:
    """Whether `error` says storage is full (QuotaExceededError, in any browser's words)."""
    return "quota" in (type(error).__name__ + " " + str(error)).lower()


class RoomForGames:
    """localStorage's methods over `backend`, with two changes:
    - a write refused because storage is full first makes room by removing the oldest
      finished games (Store.set_with_room). A game in progress matters more than a
      finished one kept to look at again; its result is in the statistics;
    - a key whose last read threw is not written: what it holds could not be seen, so it
      might be a game this visit would overwrite unseen (the write fails like any other)."""

    def __init__(self, backend: object, store: Store) -> None:
        self.raw = backend
        self.store = store
        self.unread: set[str] = set()

    def getItem(self, key):  # noqa: N802 - the browser's names
        try:
            value = self.raw.getItem(key)
        except Exception:
            self.unread.add(key)
            raise
        self.unread.discard(key)
        return value

    def setItem(self, key, value):  # noqa: N802
        if key in self.unread:
            raise PermissionError(f"{key} could not be read, so it is not overwritten.")
        self.store.set_with_room(self.raw, key, value)

    def removeItem(self, key):  # noqa: N802
        self.raw.removeItem(key)

    def key(self, index):
        return self.raw.key(index)

    @property
    def length(self):
        return self.raw.length


class Store:
    """localStorage with failures absorbed; `problem` holds the first one as a sentence (in
    English, marked: take_problem says it in the language of the moment)."""

    def __init__(self, backend: object | None) -> None:
        self.backend = RoomForGames(backend, self) if backend is not None else None
        self.problem = "" if backend is not None else mark(
            "This browser offers no storage here, so progress is not being saved."
        )
        self.problem_told = False
        self.seen: dict[str, str | None] = {}  # claimed key -> the text this tab put there
        # The claimed key whose game another tab is playing: this tab followed that tab's
        # save and has not saved there since (see update_clock).
        self.led_elsewhere: str | None = None

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
        if key in self.seen:
            self.seen[key] = value
        if key == self.led_elsewhere:
            self.led_elsewhere = None  # this tab plays on here: its clock is the one now
        return True

    # -- other tabs ----------------------------------------------------------------------

    def _peek(self, key: str) -> tuple[bool, str | None]:
        """(read, text): read is False when storage failed (then nothing is known)."""
        if self.backend is None:
            return False, None
        try:
            value = self.backend.getItem(key)
        except Exception:  # noqa: BLE001 - a failing storage is reported by read/write
            return False, None
        return True, value if isinstance(value, str) else None

    def claim(self, key: str, text: str | None) -> None:
        """From now on `key` is this tab's slot, and `text` the stored text its game is
        (what it loaded or read there: not what is there by now, which another tab may
        have written since); every write of ours there is remembered. Claiming another
        key forgets the last."""
        self.seen = {key: text}
        if key != self.led_elsewhere:
            self.led_elsewhere = None

    def follow(self, key: str) -> None:
        """This tab now shows the game another tab saved at the claimed `key`: that tab is
        the one playing it, so the clock is left to it (update_clock) until this tab saves
        a move there itself."""
        self.led_elsewhere = key

    def changed_elsewhere(self, key: str) -> bool:
        """Whether the claimed `key` now holds a text this tab did not put there: another
        tab saved over it since. False when it cannot be known (storage failing)."""
        if key not in self.seen:
            return False
        ok, text = self._peek(key)
        return ok and text != self.seen[key]

    def remove(self, key: str) -> None:
        if self.backend is not None:
            try:
                self.backend.removeItem(key)
            except Exception:  # noqa: BLE001 - the text stays where it was: nothing is lost,
                return  # and saving goes on, so there is nothing to tell the player
            if key in self.seen:
                self.seen[key] = None

    def keys(self) -> list[str]:
        if self.backend is None:
            return []
        try:
            return [self.backend.key(i) for i in range(int(self.backend.length))]
        except Exception:  # noqa: BLE001 - only pruning and making room list the keys: they
            return []  # do less, saving goes on, and there is nothing to tell the player

    # -- games ---------------------------------------------------------------------------

    def load_record(self, key: str) -> SaveRecord | None | str:
        """The record at `key`: None when there is none, or the raw text when it is not a
        record (the caller sets it aside). NewerSave when a newer site wrote it."""
        return parse_record(self.read(key))

    def save_record(self, key: str, record: SaveRecord, finished: bool,
                    unless: str | None = None) -> bool:
        """`unless`: the text the game was just read from; when the record says the same
        but for its time stamp, it is not written again. (A tab that follows another tab's
        move must not write that move back: the other tab's next move could be stored
        between this tab's check and its write, and would be lost, as localStorage has no
        compare-and-set between tabs.)"""
        record.saved, record.finished = int(time.time()), finished
        text = record.to_json()
        ok = True if unless is not None and _unstamped(text) == _unstamped(unless) else (
            self.write(key, text))
        if ok:
            if not key.endswith(CHALLENGE):  # a challenge is a detour: the game to
                # continue from the list stays the player's own (its link reopens it)
                self.write(f"{PREFIX}current:{record.game_id}", key)
            if finished:
                self.prune(record.game_id)
        return ok

    def update_clock(self, key: str, moves: list[str], seconds: float,
                     counted: bool = False) -> bool:
        """The clock's time (and that the game was counted) into the record at `key`
        without a move: only while it is the game with `moves` (another tab may have
        played on: what it stored is never overwritten) and when it says something new.
        No clock at all in a tab following another tab's play of `key` (follow): its view
        of the storage can lag behind that tab's last save (localStorage reaches other tabs
        with the `storage` event, and has no compare-and-set), so the save it would read
        and write back could be one move old, and that move would be lost. (The mark of a
        game counted here is still written: without it the game would count again.)"""
        if key == self.led_elsewhere and not counted:
            return False
        try:
            record = self.load_record(key)
        except ValueError:  # a newer site's record: not ours to touch
            return False
        if not isinstance(record, SaveRecord) or record.moves != moves:
            return False
        seconds = round(seconds, 1)
        if not counted and record.seconds_known and record.seconds >= seconds:
            return False
        record.seconds = max(seconds, record.seconds)
        record.counted = record.counted or counted
        return self.write(key, record.to_json())

    def current_key(self, game_id: str) -> str | None:
        key = self.read(f"{PREFIX}current:{game_id}")
        return key if key and key.startswith(f"{PREFIX}save:{game_id}:") else None

    def set_aside(self, key: str) -> str:
        """Move the text at `key` to an `aside:` key (kept, never deleted); return that key."""
        text = self.read(key)
        aside = self.aside_key(key)
        if text is not None and self.write(aside, text):
            self.remove(key)
        return aside

    def keep_aside(self, key: str, text: str) -> bool:
        """Keep `text`, another version of what `key` holds, under an `aside:` key."""
        return self.write(self.aside_key(key), text)

    def aside_key(self, key: str) -> str:
        """A free `aside:` key for a version of `key` (stamped in milliseconds; never one
        that holds something already, so two set aside at once both stay)."""
        stamp = int(time.time() * 1000)
        while self.read(f"{PREFIX}aside:{stamp}:{key[len(PREFIX):]}") is not None:
            stamp += 1
        return f"{PREFIX}aside:{stamp}:{key[len(PREFIX):]}"

    def finished_saves(self, game_id: str = "") -> list[str]:
        """The keys of finished games (of `game_id`, or of every game), newest first. Only a
        record that says `"finished": true` counts; a hand-edited save time sorts as 0."""
        finished = []
        for key in self.keys():
            if isinstance(key, str) and key.startswith(f"{PREFIX}save:{game_id}"):
                try:
                    record = self.load_record(key)
                except ValueError:  # a newer site's record: never pruned from here
                    continue
                if isinstance(record, SaveRecord) and record.finished:
                    finished.append((record.saved, key))
        finished.sort(reverse=True)
        return [key for _, key in finished]

    def prune(self, game_id: str) -> None:
        """Keep the newest MAX_FINISHED finished games of `game_id`; unfinished ones stay."""
        for key in self.finished_saves(f"{game_id}:")[MAX_FINISHED:]:
            self.remove(key)

    def set_with_room(self, backend, key: str, value: str) -> None:
        """backend.setItem(key, value); when storage is full, the early boards' copies and
        then the oldest finished games are removed one at a time, and the write tried again
        after each, until it fits. Only those make room (a cache, and games pruned anyway):
        never a game in progress, nor statistics, settings or data kept aside. Raises the
        first error when it cannot fit."""
        try:
            backend.setItem(key, value)
            return
        except Exception as error:  # noqa: BLE001 - re-raised below unless room is made
            if not is_quota(error):
                raise
            first = error
        # First the copies of boards that js/early.js keeps to draw before Python starts
        # (a cache it writes again), then the finished games, oldest first.
        early = [k for k in self.keys() if isinstance(k, str) and k.startswith(EARLY_PREFIX)]
        for old in early + list(reversed(self.finished_saves())):
            if old == key:
                continue
            try:
                backend.removeItem(old)
                backend.setItem(key, value)
                return
            except Exception as error:  # noqa: BLE001
                if not is_quota(error):
                    raise
        raise first


def parse_record(text: str | None) -> SaveRecord | None | str:
    """A stored text as a record: None for none, the text itself when it is not a JSON
    object (damaged); NewerSave (a ValueError) when a newer site wrote it."""
    if text is None:
        return None
    try:
        data = loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep (safejson.py)
        return text
    return SaveRecord.from_dict(data) if isinstance(data, dict) else text


def _unstamped(text: str) -> object:
    """A stored record's fields but its time stamp (None when it is not a record)."""
    try:
        data = loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict):
        data.pop("saved", None)
    return data
