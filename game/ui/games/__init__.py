"""Each game's page parts, one module per game family (a GamePage named PAGE): the board,
the card faces, the session that reads clicks, the Rules page's figures. A game's
GameInfo.page names its module; `page_of` imports it when the game opens."""

from __future__ import annotations

from importlib import import_module

from ...engine import GameInfo
from ..page_types import GamePage


def page_of(info: GameInfo) -> GamePage:
    page = import_module(info.page).PAGE
    if not isinstance(page, GamePage):
        raise TypeError(f"{info.page}.PAGE is not a GamePage.")
    return page
