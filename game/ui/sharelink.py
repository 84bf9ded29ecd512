"""The addresses of shared games: `?watch=<code>` replays a game, `?beat=<code>` offers its
deal as a challenge. The code is game/share/replay.py's (the deal, the options and every
move). Read as hostile input like every address (urlstate.py): a code that does not
decode, another parameter beside it, or a game this page cannot replay gives one sentence
for the player and the game list, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from ..games import load
from ..i18n import tr
from ..share.replay import BadLink, decode, encode
from .urlstate import parse_query

KINDS = ("watch", "beat")


@dataclass
class Shared:
    """A shared game's address read: its kind, and the game replayed (None with an error)."""

    kind: str
    game: Game | None = None
    error: str = ""

    @property
    def line(self) -> list[str]:
        return [str(move) for move in self.game.move_stack] if self.game else []


def is_shared(query: str) -> bool:
    """Whether the address is a shared game's (then parse_shared reads it, not urlstate)."""
    params = parse_query(query.partition("#")[0])
    return any(kind in params for kind in KINDS)


def parse_shared(query: str) -> Shared:
    params = parse_query(query.partition("#")[0])
    kind = next(k for k in KINDS if k in params)
    if len(params) != 1:
        return Shared(kind, error=tr("This link is damaged or incomplete, so it holds no "
                                     "game to show."))
    try:
        game = decode(params[kind])
    except BadLink as error:
        return Shared(kind, error=str(error))
    if not shareable(game):
        return Shared(kind, error=tr("Games at a table are not shared by link."))
    return Shared(kind, game)


def shareable(game: Game) -> bool:
    """A patience dealt by number (a table's game holds the other players' hidden hands)."""
    return game.deal is not None and not load(game.id).table


def shared_query(kind: str, game: Game) -> str:
    return f"?{kind}={encode(game)}"


@dataclass
class Timeline:
    """Which move of a replayed line is shown: `at` moves of `line` are made."""

    line: list[str]
    at: int = 0

    def clamp(self, at: int) -> int:
        return max(0, min(len(self.line), at))

    def go(self, game: Game, at: int) -> int:
        """Put `game` (of the line's deal, with `self.at` moves made) at move `at`; how
        many moves that took (back or forth)."""
        at = self.clamp(at)
        steps = abs(at - self.at)
        while self.at > at:
            game.pop()
            self.at -= 1
        while self.at < at:
            game.push(game.parse_move(self.line[self.at]))
            self.at += 1
        return steps
