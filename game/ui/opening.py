"""Which game to show when the page opens: resume a save, or deal a new one.

Saves are replayed, never trusted: a record that does not replay is set aside (kept,
not deleted), the player is told in one sentence, and a new deal starts. An older save
format is migrated by the engine (SAVE_MIGRATIONS); a save of a newer format (the site
was updated, then an older copy served again) is set aside with its own sentence.
"""

from __future__ import annotations

import random

from ..engine import MAX_DEAL, MIN_DEAL, NewerSave
from ..games import load
from ..i18n import tr
from .session import Session
from .store import Store, slot_key


def random_deal() -> int:
    return random.randint(MIN_DEAL, MAX_DEAL)


def solitaire_session(game, redo: list[str], record: dict | None) -> Session:
    return Session(game, redo)


def open_game(
    store: Store, game_id: str, deal: int | None, options: dict, make=None
) -> tuple[Session, str, list[str]]:
    """The session to play, its save key, and sentences to tell the player. `make`
    builds the session from (game, redo line, record): a table keeps its players' names."""
    cls = load(game_id)
    make = make or solitaire_session
    notes: list[str] = []
    if deal:
        key = slot_key(game_id, deal, cls.check_options(options))
    else:
        key = store.current_key(game_id)
    if key:
        record = store.load_record(key)
        if isinstance(record, dict) and not (deal is None and record.get("finished")):
            try:
                game = cls.from_save(record)
                if game.deck is None and slot_key(game_id, game.deal, game.options) != key:
                    raise ValueError("A save of another deal or options than its slot's.")
                redo = record.get("redo", [])
                if not isinstance(redo, list) or not all(isinstance(m, str) for m in redo):
                    redo = []
                return make(game, redo, record), key, notes
            except NewerSave:
                store.set_aside(key)
                notes.append(tr("Your saved {game} game was made by a newer version of this "
                                "site, so a new deal has started; that save is kept aside.",
                                game=tr(cls.title)))
            except Exception:  # noqa: BLE001 - a stored record is never trusted: whatever
                # it holds, it must not stop the page (the engine raises ValueError)
                store.set_aside(key)
                notes.append(tr("Your saved {game} game could not be restored, so a new deal "
                                "has started; the old save is kept aside.", game=tr(cls.title)))
        elif isinstance(record, str):
            store.set_aside(key)
            notes.append(tr("Your saved {game} game was damaged, so a new deal has started; "
                            "the old save is kept aside.", game=tr(cls.title)))
    game = cls.new(deal=deal or random_deal(), **options)
    return make(game, [], None), slot_key(game_id, game.deal, game.options), notes
