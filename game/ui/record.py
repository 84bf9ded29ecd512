"""The save record: what one save slot of localStorage holds. docs/architecture.md ("The
save record").

A record is the engine's save (`Game.to_save()`: its own format version `v`, the game,
the deal or deck, the options and the moves: replayed, never trusted) and the page's
fields beside it: the redo line, the players' names at a table, the playing clock, the
kind of deal asked for, and whether the game was counted in the statistics or its
winning line was shown. The page's fields have their own version, `pv`, with their own
migrations, so a change of either part does not touch the other's saves.

Stored as one flat JSON object (the format every release so far has written; a record
without `pv` is page version 1). Only game/ui/store.py reads and writes the text; the
rest of the page handles `SaveRecord`s. Every page field is read leniently: a value that
is missing or damaged falls back to its default, never stopping a game from loading.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import NewerSave

PAGE_VERSION = 1
# Steps from each older page version to the next: PAGE_MIGRATIONS[n] turns a version-n
# record (a dict) into a version-(n + 1) one. Version 1 is the first, so there are none
# yet; a change of the page fields adds its step here, with a test and a fixture.
PAGE_MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
ENGINE_FIELDS = ("v", "game", "deal", "deck", "options", "moves")
MAX_SECONDS = 2**53 - 1  # beyond any real clock (and JavaScript's exact integers)
DEAL_KINDS = frozenset({"any", "winnable", "easy", "medium", "hard"})  # game.ui.assist


@dataclass
class SaveRecord:
    """One save slot's record: the engine's save and what the page keeps beside it."""

    save: dict[str, Any]  # the engine's save, as Game.to_save() made it
    redo: list[str] = field(default_factory=list)  # move texts, the next redo last
    names: list[str] | None = None  # a table's players
    seconds: float = 0.0  # playing time on the clock
    seconds_known: bool = True  # False: the clock started late (a save from before it)
    kind: str = "any"  # the kind of deal asked for when it was dealt
    counted: bool = False  # its ending was counted in the statistics
    shown: bool = False  # the solver's winning line was shown in it
    saved: int = 0  # Unix time of the write
    finished: bool = False

    # -- the engine's part, as the page reads it ------------------------------------------

    @property
    def game_id(self) -> str:
        game = self.save.get("game")
        return game if isinstance(game, str) else ""

    @property
    def deal(self) -> int | None:
        deal = self.save.get("deal")
        return deal if type(deal) is int else None

    @property
    def moves(self) -> list:
        moves = self.save.get("moves")
        return moves if isinstance(moves, list) else []

    # -- text ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {name: self.save[name] for name in ENGINE_FIELDS if name in self.save}
        data["pv"] = PAGE_VERSION
        data["redo"] = list(self.redo)
        if self.names is not None:
            data["names"] = list(self.names)
        data["seconds"] = round(self.seconds, 1)
        if not self.seconds_known:
            data["seconds_unknown"] = True
        data["kind"] = self.kind
        if self.counted:
            data["counted"] = True
        if self.shown:
            data["shown"] = True
        data["saved"] = self.saved
        data["finished"] = self.finished
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict) -> SaveRecord:
        """The record in a stored object (older page versions migrated); NewerSave when a
        newer version of the site wrote it."""
        version = data.get("pv", 1)
        if type(version) is not int or version < 1:
            version = 1  # damaged: the page fields below fall back to their defaults
        if version > PAGE_VERSION:
            raise NewerSave(f"Page record version {version} is newer than {PAGE_VERSION}.")
        while version < PAGE_VERSION:
            data = dict(PAGE_MIGRATIONS[version](data))
            version += 1
        redo = data.get("redo")
        names = data.get("names")
        seconds = data.get("seconds")
        known = type(seconds) in (int, float) and 0 <= seconds <= MAX_SECONDS  # not NaN
        kind = data.get("kind")
        saved = data.get("saved")
        return cls(
            save={name: data[name] for name in ENGINE_FIELDS if name in data},
            redo=list(redo) if isinstance(redo, list) and all(
                isinstance(m, str) for m in redo) else [],
            names=list(names) if isinstance(names, list) else None,
            seconds=float(seconds) if known else 0.0,
            seconds_known=known and data.get("seconds_unknown") is not True,
            kind=kind if kind in DEAL_KINDS else "any",
            counted=data.get("counted") is True,
            shown=data.get("shown") is True,
            saved=saved if type(saved) in (int, float) and 0 <= saved < float("inf") else 0,
            finished=data.get("finished") is True,
        )
