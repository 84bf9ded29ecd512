"""The types the page reads from a game: how a move is made by hand (`Gesture`) and what
the status line says (`Status`). docs/architecture.md ("The game/page contract").

The page never reads a move's text, never guesses a game's attributes: every move states
its gesture in these terms, and `Game.status()` answers everything the status bar, the
announcer and the board's pile badges show. A game that leaves one out fails the
conformance tests (tests/test_contract.py), not a player.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What a move does, as the player makes it."""

    PLACE = "place"  # the card the game hands over (turned from the stock) onto `target`
    BUILD = "build"  # cards taken from `source` (or `card` itself) put on `target`
    UNDER = "under"  # `card` put under the bottom card of `target`
    REMOVE = "remove"  # the cards taken from `source` leave the board (to `target`)
    PAIR = "pair"  # the top cards of `source` and `target` leave the board together:
    #                the player points at both
    SWAP = "swap"  # the piles of `source` and `target` trade places
    DEAL = "deal"  # touching `source` (the stock) deals from it
    REDEAL = "redeal"  # touching `source` (the stock) turns the waste over into it
    END_TURN = "end-turn"  # the player to move is done (a button, no zone)
    NEXT_HAND = "next-hand"  # the next hand of a match is dealt (a button, no zone)
    RESIGN = "resign"  # giving up (a button, no zone)


TOUCHES = frozenset({Kind.DEAL, Kind.REDEAL})  # made by touching their source zone
BUTTONS = frozenset({Kind.END_TURN, Kind.NEXT_HAND, Kind.RESIGN})  # made by a button


@dataclass(frozen=True, slots=True)
class Gesture:
    """How a move is made on the board. `count` is how many cards are taken from the top of
    `source`, 0 meaning the whole pile; `card`, when given, is the one card taken, wherever
    it lies in its zone (a card of a hand), and `source` is then "". See `Kind` for which
    fields each kind uses."""

    kind: Kind
    source: str = ""
    target: str = ""
    count: int = 0
    card: str = ""


@dataclass(frozen=True, slots=True)
class Status:
    """Everything the status line, the pile badges and the announcer show of a position,
    in the language of the moment (the engine translates when asked). `rating_key` is the
    rating in English, a key for the stylesheet."""

    score: int
    score_label: str  # "Score", "Left", "Courts"...
    score_max: int | None = None  # the best possible score, where the label has one
    stock: int = 0  # cards face down in the stock
    waste: int = 0  # cards in the waste, where the game has one
    prompt: str = ""  # what the player is to do now, where a game has phases
    rating: str = ""  # a word for the score ("excellent"), or a note ("Pot 12")
    rating_key: str = ""
    turned: str | None = None  # the card turned up from the stock, to be placed now
    held: tuple[str, int] | None = None  # (zone, count): cards the player holds without
    #                                      picking them up (the turned card)
    can_redeal: bool = False  # touching the empty stock turns the waste over
