"""The game list: a tile per registered game (its names, story, length, the deal to
continue) and links to its modes, all read from the games' GameInfo."""

from __future__ import annotations

from html import escape

from pyscript import document

from ..engine import GameInfo
from ..games import load_all
from ..i18n import tr
from .dom import by_id
from .record import SaveRecord
from .status_bar import subtitle_shown
from .store import Store


def show_home(store: Store) -> None:
    body = document.body
    body.dataset.view = "home"
    body.dataset.game = ""
    document.title = tr("Card Games")
    tiles = []
    for game_id, info in load_all().items():
        lang = f' lang="{info.subtitle_lang}"' if info.subtitle_lang else ""
        subtitle = (f'<span class="subtitle"{lang}>{escape(tr(info.subtitle))}</span>'
                    if subtitle_shown(info) else "")
        tiles.append(
            f'<li><a class="game-tile" data-game-id="{game_id}" href="?game={game_id}">'
            f"<h2>{escape(tr(info.title))}</h2>{subtitle}"
            f'<p class="story">{escape(tr(info.tagline))}</p>'
            f'<span class="duration">{escape(tr(info.duration))}</span>'
            f"{resume_line(store, game_id)}</a>"
            f'<div class="modes">{mode_links(info)}</div></li>'
        )
    by_id("game-list").innerHTML = "".join(tiles)


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


def mode_links(info: GameInfo) -> str:
    links = []
    for mode in info.modes:
        small = f" <small>{escape(tr(mode.note))}</small>" if mode.note else ""
        links.append(f'<a class="mode-link" data-game-id="{info.id}" '
                     f'href="?game={info.id}&{mode.query}">{escape(tr(mode.label))}{small}</a>')
    return "".join(links)
