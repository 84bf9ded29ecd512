"""Kings in the Corner for 2 to 6 players (seeds 003 and 004), as docs/rules.md section 5
decides it: the Jax rules (default; chips, a pot and points to 100) and the Classic ones.

A game here is a whole match: hands are dealt one after another from the deal number
(hand k is shuffled on its own PRNG stream), until a player reaches the target. Every
seat's turns are ordinary moves; who plays them (the person at the screen or a computer
opponent) is the page's business, recorded in the `players` option so a link and a save
carry the table.

- Stalls: four sides (N, E, S, W) dealt one face-up card each, four corners (NE, SE, SW,
  NW) that take only Kings. On a stall a card goes on one a rank higher of the other
  colour (Aces low).
- Plays, any number per turn: a card from hand onto a stall it fits; a King onto an empty
  corner; any card onto an empty side; a whole side stall onto a stall its bottom card
  fits (a King-based one onto an empty corner). Classic's `under` option: while a side is
  empty, a card one rank higher and of the other colour may go under the bottom card of a
  side stall that does not start with a King.
- Jax: a King in hand at the start of a turn, or drawn, goes to an empty corner by itself
  (inside the `push` that ends the turn before). A turn ends with `end`: a player who
  made no play pays a chip; the top card is drawn (a King drawn is played at once and
  nothing more is drawn). Chips: 80 shared out each hand (the remainder one each from the
  dealer's left), everybody antes one. The first to empty their hand wins the hand; the
  others pay a chip per card left (or what they have); the winner scores the pot.
- Classic: a King dealt to a side moves to a corner; a turn starts with drawing one card
  (`draw`: 2) or, with `draw_end`, ends with it. A single hand, or with `match` > 0 a
  match with penalty points (10 per King, 1 per other card) to that limit, lowest wins.
- Both: with the draw pile empty play goes on without drawing; a whole round of turns in
  which no card moves blocks the hand, and the player with the fewest cards wins it
  (ties: the first of them from the dealer's left). The deal passes to the left.

Decided here: a King played by itself at the start of a turn counts as a play (no chip
for that turn); a blocked Jax hand is settled like any other; Classic's blocked rule is
Jax's, so every hand ends, and a hand's winner takes no penalty points even when blocked;
a Classic match tied on the fewest points goes to the first of them from the dealer's
left; a game from an explicit deck deals its later hands from a seed made of that deck.
A hand's end waits for `next`, so the page can show who paid
what before the next deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..engine import (
    Game,
    GameInfo,
    Gesture,
    IllegalMove,
    Kind,
    Mode,
    Move,
    Outcome,
    Status,
    register,
    shuffled,
)
from ..engine.cards import RANKS, RED_SUITS, SUITS, sentence, std_the
from ..i18n import mark, tr

DECK: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)
RANK = {card: RANKS.index(card[0]) + 1 for card in DECK}
RED = {card: card[1] in RED_SUITS for card in DECK}
SIDES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")
STALLS = SIDES + CORNERS
HAND_SIZE = 7
CHIPS = 80
JAX_TARGET = 100
LEVELS = {"h": "person", "1": "easy", "2": "normal", "3": "hard"}
STREAM = 4

CARD_TEXT = r"([A2-9TJQK][SHDC])"
PLAY_TEXT = re.compile(rf"{CARD_TEXT}>(NE|SE|SW|NW|N|E|S|W)")
UNDER_TEXT = re.compile(rf"{CARD_TEXT}<(N|E|S|W)")
SHIFT_TEXT = re.compile(r"(N|E|S|W)>(NE|SE|SW|NW|N|E|S|W)")


def fits(card: str, top: str) -> bool:
    """Whether `card` may go on `top`: one rank lower, the other colour."""
    return RANK[card] == RANK[top] - 1 and RED[card] != RED[top]


def zone_of(stall: str) -> str:
    return f"side-{stall}" if stall in SIDES else f"corner-{stall}"


def stall_of(zone: str) -> str | None:
    """'side-N' -> 'N', 'corner-NE' -> 'NE'; None for other zones."""
    for prefix in ("side-", "corner-"):
        if zone.startswith(prefix) and zone[len(prefix):] in STALLS:
            return zone[len(prefix):]
    return None


@dataclass(frozen=True, slots=True)
class Play(Move):
    """A card from the hand of the player to move onto a stall. Text: 'QH>N', 'KS>NE'."""

    card: str
    stall: str

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.BUILD, target=zone_of(self.stall), count=1, card=self.card)

    def __str__(self) -> str:
        return f"{self.card}>{self.stall}"


@dataclass(frozen=True, slots=True)
class Under(Move):
    """Classic `under`: a card from hand under the bottom card of a side. Text: '9H<N'."""

    card: str
    stall: str

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.UNDER, target=zone_of(self.stall), count=1, card=self.card)

    def __str__(self) -> str:
        return f"{self.card}<{self.stall}"


@dataclass(frozen=True, slots=True)
class Shift(Move):
    """A whole side stall onto another stall. Text: 'N>E', 'W>NE'."""

    src: str
    dst: str

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.BUILD, zone_of(self.src), zone_of(self.dst))  # the whole stall

    def __str__(self) -> str:
        return f"{self.src}>{self.dst}"


@dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """The player to move ends their turn (the no-play chip and the draw follow)."""

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.END_TURN)

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class NextHand(Move):
    """After a hand is settled: deal the next one."""

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.NEXT_HAND)

    def __str__(self) -> str:
        return "next"


END_TURN, NEXT_HAND = EndTurn(), NextHand()


@dataclass(frozen=True)
class HandResult:
    """How a hand ended: its winner, whether it was blocked, each seat's cards left,
    payments (chips paid in at the end, Jax) or penalty points (Classic), the pot won."""

    number: int
    winner: int
    blocked: bool
    cards_left: tuple[int, ...]
    paid: tuple[int, ...]
    pot: int
    points: tuple[int, ...]  # what this hand added to each seat's score


def plays_for(hand, stalls, under: bool) -> list[Move]:
    """Every play with `hand` (a list of cards) on `stalls` (stall -> cards), EndTurn
    aside. One function for the engine and for players deciding from a view."""
    moves: list[Move] = []
    empty_side = any(not stalls[side] for side in SIDES)
    for card in hand:
        for stall in STALLS:
            pile = stalls[stall]
            if pile:
                if fits(card, pile[-1]):
                    moves.append(Play(card, stall))
            elif stall in SIDES or card[0] == "K":
                moves.append(Play(card, stall))
        if under and empty_side:
            for side in SIDES:
                pile = stalls[side]
                if pile and pile[0][0] != "K" and fits(pile[0], card):
                    moves.append(Under(card, side))
    for src in SIDES:
        pile = stalls[src]
        if not pile:
            continue
        for dst in STALLS:
            if dst == src:
                continue
            target = stalls[dst]
            if target:
                if fits(pile[0], target[-1]):
                    moves.append(Shift(src, dst))
            elif dst in CORNERS and pile[0][0] == "K":
                moves.append(Shift(src, dst))
    return moves


class KingsCorner(Game):
    id = "kings-corner"
    DECK = DECK
    OPTIONS = {
        "rules": "jax",  # or "classic"
        "players": "h222",  # a letter per seat: h a person, 1 easy, 2 normal, 3 hard
        "draw": 1,  # Classic: cards drawn per turn, 1 or 2
        "draw_end": False,  # Classic: draw at the end of the turn, not the start
        "under": False,  # Classic: play under the rows
        "match": 0,  # Classic: 0 one hand; else penalty points to this limit
    }
    STREAM = STREAM

    @classmethod
    def check_options(cls, options: dict) -> dict:
        opts = super().check_options(options)
        if opts["rules"] not in ("jax", "classic"):
            raise ValueError(tr("The rules are 'jax' or 'classic'."))
        players = opts["players"]
        if not 2 <= len(players) <= 6 or any(p not in LEVELS for p in players):
            raise ValueError(tr("Players are 2 to 6 letters: h for a person, 1, 2 or 3 for a "
                                "computer opponent (easy, normal, hard)."))
        if opts["draw"] not in (1, 2):
            raise ValueError(tr("A turn draws one card or two (draw=1 or draw=2)."))
        if not 0 <= opts["match"] <= 1000:
            raise ValueError(tr("A match is played to at most 1000 penalty points."))
        if opts["rules"] == "jax":
            for name in ("draw", "draw_end", "under", "match"):
                if opts[name] != cls.OPTIONS[name]:
                    raise ValueError(tr("The option {name} belongs to the Classic rules.",
                                        name=name))
        return opts

    # -- dealing --------------------------------------------------------------------------

    def _setup(self, order: list[str]) -> None:
        self.seats = len(self.options["players"])
        self.jax = self.options["rules"] == "jax"
        self.scores = [0] * self.seats
        self.results: list[HandResult] = []
        self.dealer = 0
        self._deal_hand(order)

    def _order_for(self, number: int) -> list[str]:
        """Hand `number`'s deck: the first is the deal's (or the given deck); the next
        ones come from their own PRNG streams."""
        if self.deal is not None:
            seed = self.deal
        else:  # a game from an explicit deck: later hands follow from that deck's order
            seed = 1 + sum((i + 1) * DECK.index(card) for i, card in enumerate(self.deck))
            seed %= 999_999_999
        return shuffled(list(DECK), seed, STREAM + 1000 * number)

    def _deal_hand(self, order: list[str]) -> None:
        n = self.seats
        self.hand_number = len(self.results)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        cards = iter(order)
        for _ in range(HAND_SIZE):
            for i in range(n):
                self.hands[(self.dealer + 1 + i) % n].append(next(cards))
        self.stalls: dict[str, list[str]] = {stall: [] for stall in STALLS}
        for side in SIDES:
            card = next(cards)
            if not self.jax and card[0] == "K":
                corner = next(c for c in CORNERS if not self.stalls[c])
                self.stalls[corner].append(card)
            else:
                self.stalls[side].append(card)
        self.stock = list(reversed(list(cards)))  # the top is the end
        self.hand_over: HandResult | None = None
        self.passes = 0  # turns in a row in which no card moved
        self.played = False  # the player to move has made a play this turn
        self.moved = False  # a card moved this turn (a play or a draw)
        if self.jax:
            share, extra = divmod(CHIPS, n)
            self.chips = [share + (1 if (seat - self.dealer - 1) % n < extra else 0)
                          for seat in range(n)]
            for seat in range(n):
                self.chips[seat] -= 1
            self.pot = n
        else:
            self.chips, self.pot = [0] * n, 0
        self.to_move = (self.dealer + 1) % n
        self._start_turn()

    # -- reading the position ------------------------------------------------------------

    @property
    def players(self) -> str:
        return self.options["players"]

    def zones(self) -> dict[str, list[str]]:
        zones = {zone_of(stall): list(cards) for stall, cards in self.stalls.items()}
        for seat, hand in enumerate(self.hands):
            zones[f"hand-{seat}"] = list(hand)
        zones["stock"] = list(self.stock)
        return zones

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know: its own hand, the stalls, the sizes of the other hands and
        of the stock, the chips, whose turn it is. Computer players decide from this."""
        return {
            "seat": seat,
            "hand": list(self.hands[seat]),
            "stalls": {stall: list(cards) for stall, cards in self.stalls.items()},
            "hand_sizes": [len(hand) for hand in self.hands],
            "stock": len(self.stock),
            "to_move": self.to_move,
            "dealer": self.dealer,
            "played": self.played,
            "passes": self.passes,
            "options": dict(self.options),
            "ledger": self.ledger(),
            "over": self.hand_over is not None or self.is_over(),
        }

    def ledger(self) -> dict[str, Any]:
        return {"chips": list(self.chips), "pot": self.pot, "scores": list(self.scores)}

    @property
    def score(self) -> int:
        """Seat 0's score: points (Jax) or penalty points (Classic)."""
        return self.scores[0]

    def status(self) -> Status:
        """Seat 0's status (the table's page shows the seat at the screen: status_for)."""
        return self.status_for(0)

    def status_for(self, seat: int) -> Status:
        """`seat`'s score as its rules count it: points to JAX_TARGET (Jax), penalty points
        to the match's limit (a Classic match), or the cards in hand (a Classic hand)."""
        if self.jax:
            label, value, most = tr("Points"), self.scores[seat], JAX_TARGET
        elif self.options["match"]:
            label, value, most = tr("Penalty"), self.scores[seat], self.options["match"]
        else:
            label, value, most = tr("Cards in hand"), len(self.hands[seat]), None
        return Status(score=value, score_label=label, score_max=most, stock=len(self.stock),
                      prompt=self._prompt(), rating=tr("Pot {n}", n=self.pot) if self.jax else "",
                      rating_key="pot" if self.jax else "")

    def _prompt(self) -> str:
        if self.is_over():
            return ""
        if self.hand_over is not None:
            return tr("The hand is over.")
        return tr("Your turn.") if self.players[self.to_move] == "h" else ""

    # -- moves --------------------------------------------------------------------------

    def _parse(self, text: str) -> Move:
        if text == "end":
            return END_TURN
        if text == "next":
            return NEXT_HAND
        for pattern, kind in ((PLAY_TEXT, Play), (UNDER_TEXT, Under), (SHIFT_TEXT, Shift)):
            match = pattern.fullmatch(text)
            if match:
                return kind(*match.groups())
        raise ValueError(f"{text!r} is not a move: write 'QH>N', 'KS>NE', '9H<N', 'N>E', "
                         "'end' or 'next'.")

    def _generate_moves(self) -> list[Move]:
        if self.hand_over is not None:
            return [NEXT_HAND]
        moves = plays_for(self.hands[self.to_move], self.stalls, self._under())
        moves.append(END_TURN)
        return moves

    def _under(self) -> bool:
        return not self.jax and self.options["under"]

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a reason if `move` may not be made now."""
        if isinstance(move, NextHand):
            if self.hand_over is None:
                raise IllegalMove(tr("The hand is still being played."))
            return
        if self.hand_over is not None:
            raise IllegalMove(tr("The hand is over: deal the next one."))
        if isinstance(move, EndTurn):
            return
        hand = self.hands[self.to_move]
        for stall in (getattr(move, "stall", None), getattr(move, "src", None),
                      getattr(move, "dst", None)):
            if stall is not None and stall not in STALLS:
                raise IllegalMove(tr("There is no stall {stall}: the stalls are {stalls}.",
                                     stall=repr(stall), stalls=", ".join(STALLS)))
        if isinstance(move, (Play, Under)):
            if move.card not in RANK:
                raise IllegalMove(tr("{card} is not a card.", card=repr(move.card)))
            if move.card not in hand:
                raise IllegalMove(sentence(tr("{card} is not in your hand.",
                                              card=std_the(move.card))))
        if isinstance(move, Play):
            pile = self.stalls[move.stall]
            if pile:
                if not fits(move.card, pile[-1]):
                    raise IllegalMove(sentence(tr(
                        "{card} cannot go on {target}: a stall goes down one rank at a time "
                        "in alternate colours.", card=std_the(move.card),
                        target=std_the(pile[-1]))))
            elif move.stall in CORNERS and move.card[0] != "K":
                raise IllegalMove(tr("A corner starts only with a King."))
            return
        if isinstance(move, Under):
            if not self._under():
                raise IllegalMove(tr("Playing under the rows is not allowed in these rules."))
            pile = self.stalls[move.stall]
            if not any(not self.stalls[side] for side in SIDES):
                raise IllegalMove(tr("A card goes under a row only while a side stall is empty."))
            if not pile:
                raise IllegalMove(tr("That side stall is empty: play the card on it."))
            if pile[0][0] == "K":
                raise IllegalMove(tr("Nothing goes under a King."))
            if not fits(pile[0], move.card):
                raise IllegalMove(sentence(tr("{card} cannot go under {target}.",
                                              card=std_the(move.card),
                                              target=std_the(pile[0]))))
            return
        if isinstance(move, Shift):
            if move.src not in SIDES:
                raise IllegalMove(tr("Corner stalls never move."))
            pile, target = self.stalls[move.src], self.stalls[move.dst]
            if move.src == move.dst or not pile:
                raise IllegalMove(tr("Move a side stall onto another stall."))
            if target:
                if not fits(pile[0], target[-1]):
                    raise IllegalMove(sentence(tr(
                        "{card} at the bottom of that stall cannot go on {target}.",
                        card=std_the(pile[0]), target=std_the(target[-1]))))
            elif move.dst in SIDES:
                raise IllegalMove(tr("Moving a stall onto an empty side changes nothing."))
            elif pile[0][0] != "K":
                raise IllegalMove(tr("Only a stall that starts with a King moves to a corner."))
            return
        raise IllegalMove(tr("That is not a move of this game."))

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        stall, src = stall_of(target), stall_of(source)
        if stall is not None and (card or src is not None):
            try:
                self.check(Play(card, stall) if card else Shift(src, stall))
            except IllegalMove as error:
                return str(error)
        return tr("That play is not allowed.")

    def why_stuck(self, zone: str, count: int, card: str = "") -> str:
        if card:
            return tr("That card has nowhere to go.")
        return tr("That stall has nowhere to go.")

    # -- applying -----------------------------------------------------------------------

    def _snapshot(self) -> tuple:
        return (
            [list(hand) for hand in self.hands],
            {stall: list(cards) for stall, cards in self.stalls.items()},
            list(self.stock), list(self.chips), self.pot, list(self.scores),
            list(self.results), self.dealer, self.to_move, self.hand_over, self.passes,
            self.played, self.moved, self.hand_number,
        )

    def _apply(self, move: Move):
        self.check(move)
        undo = self._snapshot()
        if isinstance(move, NextHand):
            self.dealer = (self.dealer + 1) % self.seats
            self._deal_hand(self._order_for(len(self.results)))
            return undo
        if isinstance(move, EndTurn):
            self._end_turn()
            return undo
        hand = self.hands[self.to_move]
        if isinstance(move, Play):
            hand.remove(move.card)
            self.stalls[move.stall].append(move.card)
        elif isinstance(move, Under):
            hand.remove(move.card)
            self.stalls[move.stall].insert(0, move.card)
        else:
            assert isinstance(move, Shift)
            self.stalls[move.dst].extend(self.stalls[move.src])
            self.stalls[move.src] = []
        self.played = self.moved = True
        if not hand:
            self._settle(self.to_move, blocked=False)
        return undo

    def _unapply(self, move: Move, undo) -> None:
        (self.hands, self.stalls, self.stock, self.chips, self.pot, self.scores,
         self.results, self.dealer, self.to_move, self.hand_over, self.passes,
         self.played, self.moved, self.hand_number) = undo

    def _draw(self, count: int) -> None:
        """The player to move draws; under Jax a King drawn goes to a corner at once and
        nothing more is drawn."""
        hand = self.hands[self.to_move]
        for _ in range(count):
            if not self.stock:
                return
            card = self.stock.pop()
            self.moved = True
            if self.jax and card[0] == "K":
                hand.append(card)
                self._force_kings()
                return
            hand.append(card)

    def _force_kings(self) -> None:
        """Jax: every King in the hand of the player to move goes to an empty corner."""
        hand = self.hands[self.to_move]
        for card in [c for c in hand if c[0] == "K"]:
            corner = next(c for c in CORNERS if not self.stalls[c])  # 4 corners, 4 Kings
            hand.remove(card)
            self.stalls[corner].append(card)
            self.played = self.moved = True
        if not hand:
            self._settle(self.to_move, blocked=False)

    def _start_turn(self) -> None:
        self.played = self.moved = False
        if self.jax:
            self._force_kings()
        elif not self.options["draw_end"]:
            self._draw(self.options["draw"])

    def _end_turn(self) -> None:
        n = self.seats
        if self.jax:
            if not self.played and self.chips[self.to_move] > 0:
                self.chips[self.to_move] -= 1
                self.pot += 1
            self._draw(1)
        elif self.options["draw_end"]:
            self._draw(self.options["draw"])
        if self.hand_over is not None:
            return
        self.passes = 0 if self.moved else self.passes + 1
        if self.passes >= n:
            fewest = min(len(hand) for hand in self.hands)
            winner = next(seat for seat in ((self.dealer + 1 + i) % n for i in range(n))
                          if len(self.hands[seat]) == fewest)
            self._settle(winner, blocked=True)
            return
        self.to_move = (self.to_move + 1) % n
        self._start_turn()

    def _settle(self, winner: int, blocked: bool) -> None:
        """The hand is over: payments and points; the match may be over too."""
        left = tuple(len(hand) for hand in self.hands)
        paid = [0] * self.seats
        points = [0] * self.seats
        if self.jax:
            for seat in range(self.seats):
                if seat != winner:
                    paid[seat] = min(left[seat], self.chips[seat])
                    self.chips[seat] -= paid[seat]
                    self.pot += paid[seat]
            points[winner] = self.pot
            pot = self.pot
            self.chips[winner] += self.pot
            self.pot = 0
        else:
            pot = 0
            for seat, hand in enumerate(self.hands):
                if seat != winner:  # the hand's winner takes no penalty, blocked or not
                    points[seat] = sum(10 if card[0] == "K" else 1 for card in hand)
        for seat in range(self.seats):
            self.scores[seat] += points[seat]
        self.hand_over = HandResult(len(self.results), winner, blocked, left, tuple(paid),
                                    pot, tuple(points))
        self.results = [*self.results, self.hand_over]

    # -- the end ------------------------------------------------------------------------

    def match_over(self) -> bool:
        if self.hand_over is None:
            return False
        if self.jax:
            return max(self.scores) >= JAX_TARGET
        limit = self.options["match"]
        return limit == 0 or max(self.scores) >= limit

    def winner(self) -> int | None:
        """The seat that won the match (None while it goes on)."""
        if not self.match_over():
            return None
        if self.jax:
            return max(range(self.seats), key=lambda seat: self.scores[seat])
        if self.options["match"] == 0:
            return self.hand_over.winner
        n = self.seats  # the fewest penalty points; ties: first from the dealer's left
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        return min(order, key=lambda seat: self.scores[seat])

    def _finished(self) -> bool:
        return self.match_over()

    def _result(self) -> Outcome:
        if self.resigned:
            return Outcome(False, self.score, tr("You left the table."), resigned=True)
        winner = self.winner()
        won = winner == 0
        if self.jax:
            reason = tr("Seat {seat} reached {points} points first.", seat=winner + 1,
                        points=self.scores[winner])
        elif self.options["match"] == 0:
            reason = tr("Seat {seat} was first to empty their hand.", seat=winner + 1)
        else:
            reason = tr("The match reached {limit} penalty points; seat {seat} has the "
                        "fewest, {points}.", limit=self.options["match"], seat=winner + 1,
                        points=self.scores[winner])
        return Outcome(won, self.score, reason)


INFO = register(GameInfo(
    engine=KingsCorner,
    # the solitaire and the table: told apart wherever the title shows (issue 18)
    title=mark("Kings in the Corner (table)"),
    subtitle=mark("for 2 to 6 players"),
    tagline=mark("Down in alternate colours, Kings to the corners: be first to empty your "
                 "hand."),
    duration=mark("10–30 min"),
    list_order=5,
    page="game.ui.games.kings_corner",
    stylesheet="css/games/kings-corner.css",
    rules="kings-corner",
    win_title=mark("You won the match!"),
    table=True,
    modes=(Mode(mark("Two players"), "players=h2"), Mode(mark("Classic rules"), "rules=classic")),
    option_words={"rules": {"classic": mark("Classic rules")}, "draw": {2: mark("draw two")},
                  "draw_end": {True: mark("draw at the end")},
                  "under": {True: mark("under the rows")}},
    option_numbers={"match": mark("match to {n}")},
    ai="game.ai.kings_corner",
))
