"""Which game to show when the page opens: resume a save, or deal a new one.

Saves are replayed, never trusted: a record that does not replay is set aside (kept,
not deleted), the player is told in one sentence, and a new deal starts. An older save
format is migrated (the engine's SAVE_MIGRATIONS, the page's record.PAGE_MIGRATIONS); a
save of a newer format (the site was updated, then an older copy served again) is set
aside with its own sentence.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field

from ..engine import MAX_DEAL, MIN_DEAL, NewerSave
from ..games import load
from ..i18n import tr
from .record import SaveRecord
from .session import GameSession
from .store import Store, parse_record, slot_fits, slot_key


def random_deal() -> int:
    return random.randint(MIN_DEAL, MAX_DEAL)


@dataclass
class Opened:
    """A game opened: its session, its save slot, the record it was resumed from (None
    for a new deal), the stored text that record was read from, and sentences for the
    player (a save set aside)."""

    session: GameSession
    key: str
    record: SaveRecord | None = None
    text: str | None = None
    notes: list[str] = field(default_factory=list)


def open_game(store: Store, game_id: str, deal: int | None, options: dict,
              day: datetime.date | None = None, challenge: bool = False) -> Opened:
    """Resume the game's save (of `deal`, or the one it was last on when `deal` is None;
    a finished one only by its deal) or deal a new game; the session comes from the game's
    page module (GamePage.session). `day`: the deal of that day (`deal`, with the default
    options), in its own slot (daily_store.py); `challenge`: the deal played as a
    challenge, in its own slot (challenge_view.py)."""
    from .games import page_of

    info = load(game_id)
    cls, make = info.engine, page_of(info).session
    notes: list[str] = []
    key = slot_key(game_id, deal, cls.check_options(options), day, challenge) if deal else (
        store.current_key(game_id))
    if key:
        text = store.read(key)
        title = tr(info.title)
        try:
            record = parse_record(text)
            if isinstance(record, SaveRecord) and not (deal is None and record.finished):
                game = cls.from_save(record.save)
                if game.deck is None and not slot_fits(key, game):
                    raise ValueError("A save of another deal or options than its slot's.")
                session = make(game, record.redo, record.names)
                return Opened(session, key, record, text, notes)
            if isinstance(record, str):
                store.set_aside(key)
                notes.append(tr("Your saved {game} game was damaged, so a new deal has "
                                "started; the old save is kept aside.", game=title))
        except NewerSave:
            store.set_aside(key)
            notes.append(tr("Your saved {game} game was made by a newer version of this "
                            "site, so a new deal has started; that save is kept aside.",
                            game=title))
        except Exception:  # noqa: BLE001 - a stored record is never trusted: whatever
            # it holds, it must not stop the page (the engine raises ValueError)
            store.set_aside(key)
            notes.append(tr("Your saved {game} game could not be restored, so a new deal "
                            "has started; the old save is kept aside.", game=title))
    game = cls.new(deal=deal or random_deal(), **options)
    return Opened(make(game, [], None), slot_key(game_id, game.deal, game.options, day, challenge),
                  notes=notes)
