"""King's Square (seed 001): Devil's Square's rules, deck and deals, with the story of the
King's dungeon and its keys."""

from __future__ import annotations

from ..engine import GameInfo, register
from ..i18n import mark
from .kings_keys import GUARD_MODE, KingsKeysSquare


class KingsSquare(KingsKeysSquare):
    id = "kings-square"


INFO = register(GameInfo(
    engine=KingsSquare,
    title=mark("King's Square"),
    tagline=mark("Thrown in the King's dungeon: outwit this game of chance to earn the keys."),
    duration=mark("5–10 min"),
    list_order=2,
    page="game.ui.games.kings_keys",
    stylesheet="css/games/kings-keys.css",
    rules="kings-keys",
    win_title=mark("You earned the keys!"),
    modes=GUARD_MODE,
    ai="game.ai.kings_keys",
    deals="devils-square",
))
