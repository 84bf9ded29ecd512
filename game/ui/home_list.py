"""The game list's markup: a tile per registered game (its names, story, length, the deal
to continue, the deal of the day) and links to its modes, all read from the games'
GameInfo and from the player's saves.

Pure (no browser import): the page writes it into #game-list (home_view.py), and the
site's build renders it for a new player's empty storage (tools/newcomer_list.py), which
js/early.js draws on a first visit before Python has started.
"""

from __future__ import annotations

import datetime
from html import escape

from ..engine import GameInfo
from ..games import load_all
from ..i18n import tr
from .daily_store import NOT_YET, PLAYED, STARTED, WON, DailyStore, daily_query, has_daily
from .record import SaveRecord
from .store import Store, slot_key


def list_html(store: Store, today: datetime.date) -> str:
    """Every game's tile, in the list's order, for the saves in `store` on `today`."""
    tiles = []
    for game_id, info in load_all().items():
        lang = f' lang="{info.subtitle_lang}"' if info.subtitle_lang else ""
        subtitle = (f'<span class="subtitle"{lang}>{escape(tr(info.subtitle))}</span>'
                    if info.subtitle_shown() else "")
        tiles.append(
            f'<li><a class="game-tile" data-game-id="{game_id}" href="?game={game_id}">'
            f"<h2>{escape(tr(info.title))}</h2>{subtitle}"
            f'<p class="story">{escape(tr(info.tagline))}</p>'
            f'<span class="duration">{escape(tr(info.duration))}</span>'
            f"{resume_line(store, game_id)}</a>"
            f"{daily_link(store, game_id, today)}"
            f'<div class="modes">{mode_links(info)}</div></li>'
        )
    return "".join(tiles)


def resume_line(store: Store, game_id: str) -> str:
    """'Continue deal N' when the game's last save is unfinished (a stored value: trust
    nothing in it)."""
    key = store.current_key(game_id)
    try:
        record = store.load_record(key) if key else None
    except ValueError:  # a newer site's save: opening the game sets it aside
        return ""
    if not isinstance(record, SaveRecord) or record.deal is None or record.finished:
        return ""
    return f'<span class="resume">{escape(tr("Continue deal {n}", n=record.deal))}</span>'


def daily_state(store: Store, game_id: str, day: datetime.date) -> tuple[str, int]:
    """(state, current streak) of the deal of `day`: WON or PLAYED once it ended, STARTED
    while its save has moves, else NOT_YET."""
    record = DailyStore(store).load(game_id)
    state = record.status(day)
    if state is None:
        try:
            saved = store.load_record(slot_key(game_id, 0, {}, day))
        except ValueError:  # a newer site's save
            saved = None
        started = isinstance(saved, SaveRecord) and bool(saved.moves)
        state = STARTED if started and not saved.finished else NOT_YET
    return state, record.streak(day)


def daily_link(store: Store, game_id: str, today: datetime.date) -> str:
    """The tile's link to today's deal, with whether it is done and the daily streak."""
    if not has_daily(game_id):
        return ""
    state, streak = daily_state(store, game_id, today)
    words = {NOT_YET: tr("Not played yet"), STARTED: tr("In progress"), WON: tr("Won"),
             PLAYED: tr("Played")}[state]
    streak_text = (f'<span class="daily-streak">{escape(tr("Daily streak {n}", n=streak))}'
                   "</span>" if streak else "")
    return (f'<a class="daily-link" data-game-id="{game_id}" data-daily="{state}" '
            f'href="{daily_query(game_id, today)}">'
            f'<span class="daily-name">{escape(tr("Today’s deal"))}</span>'
            f'<span class="daily-state">{escape(words)}</span>{streak_text}</a>')


def mode_links(info: GameInfo) -> str:
    links = []
    for mode in info.modes:
        small = f" <small>{escape(tr(mode.note))}</small>" if mode.note else ""
        links.append(f'<a class="mode-link" data-game-id="{info.id}" '
                     f'href="?game={info.id}&{mode.query}">{escape(tr(mode.label))}{small}</a>')
    return "".join(links)
