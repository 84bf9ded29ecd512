"""Everything the site keeps, as one file to take to another browser or device, and back.

The file is one JSON object:

    {"format": "card-games-backup", "v": 1, "exported": <Unix seconds>,
     "stored": {"<localStorage key>": "<the stored text>", ...}}

`stored` holds each kept key of localStorage (PREFIX) with its text exactly as stored:
saves, the `current:` pointers, statistics and daily streaks, settings, the small
settings (language, deal kinds, table names, pace) and data kept aside; not the early
boards (a cache). Each text keeps its own format version inside, so a file made by an
older release holds that release's texts, which the readers of today migrate as they do on
any visit.

Importing reads the file as hostile input: too large, not JSON, nested too deep, another
program's file, a newer version's, or any entry that does not read back (a save that does
not replay in its own slot, statistics or settings that are damaged) refuses the whole
file with one sentence (BadBackup), and nothing is written. A file that reads is shown
first as a plan (`plan`), key by key:

- add      nothing is stored under the key here: the file's text is written;
- same     the same text is stored here already;
- replace  the file's text wins (a save further along, or saved later; statistics of
           more games, a daily record of more days; settings and small settings, which
           the player imports to have);
- keep     what is here wins (a save further along here, or saved later; statistics of
           more games, a daily record of more days; a `current:` pointer, a key kept aside).
Nothing is lost on either side: whichever text loses a replace or a keep is kept under
an `aside:` key (store.keep_aside), like every text the site cannot use.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..engine import NewerSave
from ..games import known, load
from ..i18n import tr
from . import settings as settings_mod
from .daily_store import DailyRecord, NewerDaily
from .record import SaveRecord
from .safejson import loads
from .stats_model import GameStats, NewerStats
from .store import EARLY_PREFIX, PREFIX, Store, parse_record, slot_fits

FORMAT = "card-games-backup"
VERSION = 1
MAX_FILE = 8_000_000  # characters; localStorage holds about 5 MB
MAX_SMALL = 4000  # characters of a small setting
KINDS = ("saves", "stats", "settings", "aside")  # rows of the preview


class BadBackup(ValueError):
    """A file that cannot be imported; str(error) is one sentence for the player."""


def _damaged() -> BadBackup:
    return BadBackup(tr("This file is damaged, so nothing was imported."))


def _newer() -> BadBackup:
    return BadBackup(tr("This backup was made by a newer version of this site, so nothing "
                        "was imported; open the site again to update it first."))


# -- export ------------------------------------------------------------------------------


def export_text(store: Store, now: int) -> str:
    """The backup of everything `store` keeps, as the file's text."""
    stored = {}
    for key in sorted(k for k in store.keys() if isinstance(k, str)):
        if key.startswith(PREFIX) and not key.startswith(EARLY_PREFIX):
            text = store.read(key)
            if text is not None:
                stored[key] = text
    return json.dumps({"format": FORMAT, "v": VERSION, "exported": now, "stored": stored},
                      ensure_ascii=False, indent=0)


def file_name(year: int, month: int, day: int) -> str:
    return f"card-games-backup-{year:04d}-{month:02d}-{day:02d}.json"


# -- reading a file ----------------------------------------------------------------------


def read_backup(text: object) -> dict[str, str]:
    """The stored texts of a backup file, each checked; BadBackup (one sentence) when the
    file cannot be imported whole."""
    if not isinstance(text, str):
        raise _damaged()
    if len(text) > MAX_FILE:
        raise BadBackup(tr("This file is too large to be a backup of this site, so nothing "
                           "was imported."))
    try:
        data = loads(text)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadBackup(tr("This file is not a backup of this site, so nothing was "
                           "imported."))
    version = data.get("v")
    if type(version) is not int or version < 1:
        raise _damaged()
    if version > VERSION:
        raise _newer()
    stored = data.get("stored")
    if not isinstance(stored, dict):
        raise _damaged()
    for key, value in stored.items():
        if not isinstance(value, str) or kind_of(key) is None:
            raise _damaged()
        try:
            _check(key, value)
        except (NewerSave, NewerStats, NewerDaily):
            raise _newer() from None
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError):
            raise _damaged() from None
    return dict(stored)


def kind_of(key: str) -> str | None:
    """Which row of the preview a key belongs to; None for a key no backup holds."""
    if not key.startswith(PREFIX) or key.startswith(EARLY_PREFIX):
        return None
    rest = key[len(PREFIX):]
    if rest.startswith(("save:", "current:")):
        return "saves"
    if rest.startswith(("stats:", "daily:")):
        return "stats"
    if rest == "language" or rest == "settings" or rest.startswith("settings:"):
        return "settings"
    if rest.startswith("aside:"):
        return "aside"
    return None


def _game_of(key: str, part: str) -> str:
    game_id = key[len(PREFIX) + len(part):].split(":", 1)[0]
    if not known(game_id):
        raise ValueError(f"No game {game_id!r}.")
    return game_id


def _check(key: str, text: str) -> None:
    """Raise (ValueError, NewerSave, NewerStats) unless `text` reads back under `key`."""
    rest = key[len(PREFIX):]
    if rest.startswith("save:"):
        game_id = _game_of(key, "save:")
        record = parse_record(text)
        if not isinstance(record, SaveRecord):
            raise ValueError("Not a save record.")
        game = load(game_id).engine.from_save(record.save)
        if game.id != game_id or not slot_fits(key, game):
            raise ValueError("A save in another slot than its own.")
    elif rest.startswith("current:"):
        game_id = _game_of(key, "current:")
        if not text.startswith(f"{PREFIX}save:{game_id}:"):
            raise ValueError("A pointer to no save of its game.")
    elif rest.startswith("stats:"):
        GameStats.from_json(text, _game_of(key, "stats:"))
    elif rest.startswith("daily:"):
        DailyRecord.from_json(text, _game_of(key, "daily:"))
    elif rest == "settings":
        if settings_mod.newer(text):
            raise NewerStats("Settings of a newer version.")
        if settings_mod.parse(text)[1]:
            raise ValueError("Damaged settings.")
    elif len(text) > MAX_SMALL and not rest.startswith("aside:"):
        raise ValueError("A small setting that is not small.")


# -- the plan ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One stored key of a backup file and what importing it does."""

    key: str
    action: str  # add, same, replace, keep
    text: str  # the file's text


@dataclass
class Plan:
    """What importing a backup file would change, key by key."""

    changes: list[Change] = field(default_factory=list)

    def count(self, kind: str, action: str) -> int:
        return sum(1 for c in self.changes if c.action == action and kind_of(c.key) == kind)

    def rows(self) -> list[tuple[str, int, int, int, int]]:
        """(row label, added, replaced, kept, unchanged) for the preview's table."""
        labels = {"saves": tr("Saved games"), "stats": tr("Statistics"),
                  "settings": tr("Settings"), "aside": tr("Data kept aside")}
        return [(labels[kind], *(self.count(kind, a) for a in ("add", "replace", "keep",
                                                                 "same")))
                for kind in KINDS]


def _moves(text: str | None) -> list:
    record = _record(text)
    return record.moves if record else []


def _record(text: str | None) -> SaveRecord | None:
    try:
        record = parse_record(text)
    except ValueError:
        return None
    return record if isinstance(record, SaveRecord) else None


def _played(text: str | None, game_id: str) -> int:
    try:
        stats = GameStats.from_json(text, game_id)
    except (ValueError, KeyError, TypeError, RecursionError, OverflowError):
        return -1
    return sum(tally.played for tally in stats.modes.values())


def _daily_days(text: str | None, game_id: str) -> int:
    """Days whose daily deal ended in a daily record (-1: it does not read)."""
    try:
        record = DailyRecord.from_json(text, game_id)
    except (ValueError, TypeError, RecursionError):
        return -1
    return record.won_days + len(record.played)


def _theirs_win(key: str, mine: str, theirs: str) -> bool:
    rest = key[len(PREFIX):]
    if rest.startswith("save:"):
        here, there = _record(mine), _record(theirs)
        if here is None:  # what is here does not read (or is a newer site's): kept aside
            return True
        a, b = here.moves, there.moves
        if a == b[:len(a)] or b == a[:len(b)]:  # one is the other played further
            return len(b) > len(a) or (len(b) == len(a) and there.saved > here.saved)
        return there.saved > here.saved
    if rest.startswith("stats:"):
        game_id = rest.split(":", 1)[1]
        return _played(theirs, game_id) > _played(mine, game_id)
    if rest.startswith("daily:"):
        return _daily_days(theirs, rest[len("daily:"):]) > _daily_days(mine, rest[len("daily:"):])
    if rest.startswith(("current:", "aside:")):
        return False
    return True  # settings: the player imports them to have them


def plan(store: Store, stored: dict[str, str]) -> Plan:
    """What importing `stored` (read_backup's) into `store` would do, key by key."""
    changes = []
    for key in sorted(stored):
        theirs, mine = stored[key], store.read(key)
        if mine is None:
            action = "add"
        elif mine == theirs:
            action = "same"
        else:
            action = "replace" if _theirs_win(key, mine, theirs) else "keep"
        changes.append(Change(key, action, theirs))
    return Plan(changes)


def apply(store: Store, planned: Plan) -> bool:
    """Carry the plan out; whichever text loses is kept aside (a `current:` pointer is not
    data and is not). False when storage refused a write (what was written stays; nothing
    here was overwritten without its copy kept aside first)."""
    ok = True
    for change in planned.changes:
        if change.action == "same":
            continue
        pointer = change.key.startswith(f"{PREFIX}current:")
        if change.action == "keep":
            if not pointer:
                ok = store.keep_aside(change.key, change.text) and ok
            continue
        if change.action == "replace" and not pointer:
            mine = store.read(change.key)
            if mine is not None and not store.keep_aside(change.key, mine):
                ok = False
                continue  # never overwritten without its copy kept
        ok = store.write(change.key, change.text) and ok
    return ok
