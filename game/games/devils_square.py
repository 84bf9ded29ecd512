"""Devil's Square (seed 000): the King's Keys square as an escape from the Devil's dungeon."""

from __future__ import annotations

from ..engine import GameInfo, register
from ..i18n import mark
from .kings_keys import GUARD_MODE, KingsKeysSquare


class DevilsSquare(KingsKeysSquare):
    id = "devils-square"


INFO = register(GameInfo(
    engine=DevilsSquare,
    title=mark("Devil's Square"),
    tagline=mark("Imprisoned in a dungeon for eternity: beat the square to escape your fate."),
    duration=mark("5–10 min"),
    list_order=1,
    page="game.ui.games.kings_keys",
    stylesheet="css/games/kings-keys.css",
    rules="kings-keys",
    win_title=mark("You escaped!"),
    modes=GUARD_MODE,
    ai="game.ai.kings_keys",
))
