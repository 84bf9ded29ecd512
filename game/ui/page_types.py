"""The types of a game's page parts (GamePage) and its card faces (Faces): what each game's
page module under game/ui/games/ exports as PAGE, named by its GameInfo.page. The board,
the input modules and the rest of the page are the same for every game; everything they
need to know of one game is here (and in its GameInfo and Game.status())."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine import Game
from ..i18n import mark, tr
from .patience import PatienceSession
from .session import GameSession

Texts = Mapping[str, Any]  # the words of a Rules page's figures (game/i18n/<lang>/rules/)


@dataclass(frozen=True)
class Faces:
    """How a deck's cards look and are named."""

    classes: Callable[[str], str]  # the card element's classes
    inner_html: Callable[[str], str]
    label: Callable[[str], str]  # the card's name, in the current language
    symbols: str  # SVG symbols the faces use, put in the page once
    the: Callable[[str], str]  # its name with the article, for inside a sentence


@dataclass(frozen=True)
class GamePage:
    """What the page draws for a game: its board, card faces, rules figures and views."""

    board_class: str  # classes of #board
    board_html: Callable[[Mapping[str, Any]], str]  # the board's zones, from the options
    faces: Faces
    rules_fields: Callable[[Texts, str], dict[str, str]]  # (texts, game id) -> the Rules
    #                                                       page's placeholders
    session: Callable[[Game, list[str], list[str] | None], GameSession] = PatienceSession
    hidden: frozenset[str] = frozenset({"stock"})  # zones shown as a count only
    top_only: tuple[tuple[str, int], ...] = ()  # zones that show only their top cards
    ends_only: frozenset[str] = frozenset()  # zones that show their bottom and top cards
    turned_zone: str = ""  # a zone whose top card shows only while Status.turned is set
    pile_label: str = mark("Draw pile")  # the status bar's name of the stock (English)
    refusal: str = "{reason}"  # how a refused move's reason is said (English, marked)
    view: Callable[[Any], Any] | None = None  # makes a view of its own for the page
    #                                           (game.ui.page.Page -> object), e.g. a table's
    own_end: bool = False  # its view shows the end of a game (the table's match summary):
    #                        the end dialog opens only when the player asks for the result

    def refusal_text(self, reason: str) -> str:
        """A refused move's reason as this game says it (the guard's words in King's Keys)."""
        return tr(self.refusal, reason=reason)
