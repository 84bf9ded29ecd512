"""The addresses of shared games: `?watch=<code>` replays a game, `?beat=<code>` offers its
deal as a challenge. The code is game/share/replay.py's (the deal, the options and every
move). Read as hostile input like every address (urlstate.py): a code that does not
decode, another parameter beside it, a game this page cannot replay, or a challenge whose
game did not end gives one sentence for the player and the game list, never an exception.

A challenge's result is not written in the link beside the moves: it is what the moves
come to, replayed here (`Mark`: won or not, the score the game's status shows, and the
moves on the board), so a link cannot claim a result its moves do not make.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from ..games import load
from ..i18n import tr, tr_n
from ..share.replay import BadLink, decode, encode
from .session import GameSession
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
    if kind == "beat" and not game.is_over():
        return Shared(kind, error=tr("This challenge holds no finished game, so there is "
                                     "nothing to beat."))
    return Shared(kind, game)


def shareable(game: Game) -> bool:
    """A patience dealt by number (a table's game holds the other players' hidden hands)."""
    return game.deal is not None and not load(game.id).table


def shared_query(kind: str, game: Game) -> str:
    return f"?{kind}={encode(game)}"


# -- challenges ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A game's result as a challenge compares it: whether it was won (or given up), the
    score its status shows, with its label and maximum, and the moves on the board."""

    won: bool
    resigned: bool
    score: int
    label: str
    most: int | None
    moves: int

    def score_text(self) -> str:
        return f"{self.score} / {self.most}" if self.most is not None else str(self.score)


def mark_of(game: Game) -> Mark:
    """The result of a finished `game` (in the language of the moment)."""
    status, outcome = game.status(), game.outcome()
    return Mark(won=bool(outcome and outcome.won), resigned=bool(outcome and outcome.resigned),
                score=status.score, label=status.score_label, most=status.score_max,
                moves=GameSession(game).moves_count())


def compare(mine: Mark, theirs: Mark, lower_is_better: bool) -> int:
    """1 when `mine` beats `theirs`, -1 when it does not, 0 for a tie: a win beats no win,
    then the better score (the game's own sense of better), then fewer moves."""
    def key(mark: Mark) -> tuple[int, int, int]:
        return (int(mark.won), -mark.score if lower_is_better else mark.score, -mark.moves)

    a, b = key(mine), key(theirs)
    return (a > b) - (a < b)


def challenge_line(mark: Mark) -> str:
    """What the status area shows while a challenge is played."""
    if mark.won:
        return tr_n("Beat this: a win in {n} move ({label} {score})",
                    "Beat this: a win in {n} moves ({label} {score})", mark.moves,
                    label=mark.label, score=mark.score_text())
    return tr_n("Beat this: {label} {score} in {n} move",
                "Beat this: {label} {score} in {n} moves", mark.moves,
                label=mark.label, score=mark.score_text())


def verdict(result: int) -> str:
    return {1: tr("You beat the challenge!"), 0: tr("A tie: just as good as theirs."),
            -1: tr("Not beaten this time.")}[result]


def outcome_word(mark: Mark) -> str:
    if mark.won:
        return tr("Won")
    return tr("Given up") if mark.resigned else tr("Not won")


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
