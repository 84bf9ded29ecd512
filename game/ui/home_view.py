"""The game list shown: the page's title and #game-list, written from home_list.py."""

from __future__ import annotations

from pyscript import document

from ..i18n import tr
from .dom import by_id, local_today
from .home_list import list_html
from .store import Store


def show_home(store: Store) -> None:
    body = document.body
    body.dataset.view = "home"
    body.dataset.game = ""
    document.title = tr("Card Games")
    by_id("game-list").innerHTML = list_html(store, local_today())
