"""Kings in the Corner, the one-player patience (seed 004, second part; also "Camelot"),
as docs/rules.md section 4 decides it.

- 52 cards; a 4x4 grid, cells 0-15 in reading order; the rest is the face-down stock.
- Court spots: Kings in the corners (0, 3, 12, 15), Queens in the top and bottom middles
  (1, 2, 13, 14), Jacks in the left and right middles (4, 7, 8, 11). Option `swap`:
  Queens and Jacks trade their spots.
- Filling: the stock's top card is turned. A number card (Ace to 10) goes on any empty
  cell, court spots included. A court card goes on a free spot of its kind: at once
  when only one is free (inside the `push` that turned it, so `pop` undoes it too), the
  player's choice when several are; when none is, the game is lost.
- Removing: when all 16 cells are full, remove a single 10 or two number cards whose
  values add to 10 (Ace = 1), and keep removing until nothing more can be removed; then
  filling resumes. A full grid with nothing to remove loses.
- Win: all 12 court cards on their spots. Option `strict` ("Camelot"): the number cards
  must also all be removed.

A removing phase begins only when a placement fills all 16 cells, and lasts until
nothing more can be removed; this holds when the stock is empty too (docs/rules.md,
section 4.4, and PySolFC's Camelot the same way). So with `strict`, a last card that leaves the
grid not full ends the game at once, and a 10 or a pair still on the grid stays there:
won only if every number card was already gone. (Without `strict` an empty stock means
every court card is placed: a win.) Saves of strict games made when this engine let
removing go on with the stock empty and the grid not full no longer replay from that
move: the page sets them aside like any save that does not replay.

The score is the number of court cards on their spots (12 is every one).

Moves: `p5` puts the turned card on cell 5; `r9` removes the 10 on cell 9; `r3+12`
removes the pair on cells 3 and 12.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
)
from ..engine.cards import RANKS, SUITS, sentence, std_the
from ..i18n import mark, tr, tr_n

SIZE = 16
KIC_DECK: tuple[str, ...] = tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS)
COURTS = "JQK"
VALUE = {card: RANKS.index(card[0]) + 1 for card in KIC_DECK if card[0] not in COURTS}
CORNERS = (0, 3, 12, 15)
TOP_BOTTOM = (1, 2, 13, 14)
SIDES = (4, 7, 8, 11)
CENTRE = (5, 6, 9, 10)
COURT_NAMES = {"K": "King", "Q": "Queen", "J": "Jack"}
# A court card's spots in the sentences that name them (each phrase whole, so a language
# can make the words agree), by spot_words' English noun.
ON_A_FREE_SPOT = {
    "corner": mark("on a free corner"),
    "top or bottom middle spot": mark("on a free top or bottom middle spot"),
    "side spot": mark("on a free side spot"),
}
NO_FREE_SPOT = {
    "corner": mark("No free corner for {card}."),
    "top or bottom middle spot": mark("No free top or bottom middle spot for {card}."),
    "side spot": mark("No free side spot for {card}."),
}

CELL_TEXT = r"(0|[1-9][0-9]?)"  # no leading zeros: one text per move
PLACE_TEXT = re.compile(rf"p{CELL_TEXT}")
REMOVE_TEXT = re.compile(rf"r{CELL_TEXT}(?:\+{CELL_TEXT})?")


def spots_for(swap: bool) -> dict[str, tuple[int, ...]]:
    """Court rank -> the cells it stands on."""
    queens, jacks = (SIDES, TOP_BOTTOM) if swap else (TOP_BOTTOM, SIDES)
    return {"K": CORNERS, "Q": queens, "J": jacks}


def spot_words(rank: str, swap: bool) -> str:
    """'corner', 'top or bottom middle spot', 'side spot': how a court's spots are named
    (in English: the key of ON_A_FREE_SPOT and NO_FREE_SPOT)."""
    cells = spots_for(swap)[rank]
    if cells == CORNERS:
        return "corner"
    return "top or bottom middle spot" if cells == TOP_BOTTOM else "side spot"


def is_court(card: str) -> bool:
    return card[0] in COURTS


@dataclass(frozen=True, slots=True)
class Place(Move):
    """The turned card onto cell `cell`. Text: 'p5'."""

    cell: int

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.PLACE, "stock", f"cell-{self.cell}", 1)

    def __str__(self) -> str:
        return f"p{self.cell}"


@dataclass(frozen=True, slots=True)
class Remove(Move):
    """Take away the 10 on cell `a` (b = -1), or the pair on cells a < b. Text: 'r9', 'r3+12'.
    A pair is made by pointing at both cards, so its target is the partner's cell."""

    a: int
    b: int = -1

    @property
    def pair(self) -> bool:
        return self.b >= 0

    @property
    def gesture(self) -> Gesture:
        if self.pair:
            return Gesture(Kind.PAIR, f"cell-{self.a}", f"cell-{self.b}", 1)
        return Gesture(Kind.REMOVE, f"cell-{self.a}", "discard", 1)

    def __str__(self) -> str:
        return f"r{self.a}" if self.b < 0 else f"r{self.a}+{self.b}"


class KingsCornerSolitaire(Game):
    id = "kings-corner-solitaire"
    DECK = KIC_DECK
    OPTIONS = {"swap": False, "strict": False}
    STREAM = 3
    PICK_ZONES = frozenset(["stock"] + [f"cell-{i}" for i in range(SIZE)])

    def _setup(self, order: list[str]) -> None:
        self.cells: list[str | None] = [None] * SIZE
        self.stock: list[str] = list(reversed(order))  # the top is the end
        self.discard: list[str] = []
        self.removing = False  # the grid filled up: remove until nothing more can go
        self.spots = spots_for(self.options["swap"])
        self.spot_of = {cell: rank for rank, cells in self.spots.items() for cell in cells}

    # -- reading the position ------------------------------------------------------------

    @property
    def score(self) -> int:
        """Court cards standing on their spots."""
        return sum(1 for card in self.cells if card is not None and is_court(card))

    def turned(self) -> str | None:
        """The card turned up to be placed (the stock's top), or None while removing. When
        the game is lost because a court card has no free spot, that card stays turned."""
        if self.is_over():
            return None if self.resigned or self._won() else self._stuck_court()
        return self._turned()

    def _turned(self) -> str | None:
        return None if self.removing or not self.stock else self.stock[-1]

    def free_spots(self, rank: str) -> list[int]:
        return [cell for cell in self.spots[rank] if self.cells[cell] is None]

    def status(self) -> Status:
        turned = self.turned()
        held = ("stock", 1) if self._turned() and not self.is_over() else None
        return Status(score=self.score, score_label=tr("Courts"), score_max=len(self.spot_of),
                      stock=len(self.stock) - (1 if turned else 0), prompt=self._prompt(),
                      turned=turned, held=held)

    def _prompt(self) -> str:
        """The phase in force, in words."""
        if self.is_over():
            return ""
        if self.removing:
            return tr("Remove a 10, or two cards that add up to 10.")
        card = self.turned()
        if card is None:
            return ""
        if is_court(card):
            where = spot_words(card[0], self.options["swap"])
            return tr("Place {card} {spot}.", card=std_the(card),
                      spot=tr(ON_A_FREE_SPOT[where]))
        return tr("Place {card} on any empty cell.", card=std_the(card))

    def zones(self) -> dict[str, list[str]]:
        zones = {f"cell-{i}": [card] if card else [] for i, card in enumerate(self.cells)}
        zones["stock"] = list(self.stock)
        zones["discard"] = list(self.discard)
        return zones

    # -- moves --------------------------------------------------------------------------

    def _parse(self, text: str) -> Move:
        match = PLACE_TEXT.fullmatch(text)
        if match:
            return Place(int(match.group(1)))
        match = REMOVE_TEXT.fullmatch(text)
        if match:
            a, b = match.groups()
            return Remove(int(a), -1 if b is None else int(b))
        raise ValueError(f"{text!r} is not a move: write 'p5', 'r9' or 'r3+12'.")

    def _generate_moves(self) -> list[Move]:
        if self.removing:
            return self._removals()
        card = self.turned()
        if card is None:
            return []
        cells = self.spots[card[0]] if is_court(card) else range(SIZE)
        return [Place(cell) for cell in cells if self.cells[cell] is None]

    def _removals(self) -> list[Move]:
        numbers = [(i, VALUE[c]) for i, c in enumerate(self.cells) if c and not is_court(c)]
        moves: list[Move] = [Remove(i) for i, value in numbers if value == 10]
        for n, (a, value) in enumerate(numbers):
            moves += [Remove(a, b) for b, other in numbers[n + 1:] if value + other == 10]
        return moves

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a reason if `move` may not be made now."""
        if isinstance(move, Place):
            self._check_cell(move.cell)
            if not self.stock:
                raise IllegalMove(tr("The stock is empty: there is no card to place."))
            if self.removing:
                raise IllegalMove(tr("Remove cards first: the next card is turned when nothing "
                                     "more can be removed."))
            card = self.turned()
            if card is None:
                raise IllegalMove(tr("There is no card to place."))
            held = self.cells[move.cell]
            if held is not None:
                raise IllegalMove(tr("That cell already holds {card}.", card=std_the(held)))
            if is_court(card) and move.cell not in self.spots[card[0]]:
                where = spot_words(card[0], self.options["swap"])
                raise IllegalMove(sentence(tr("{card} goes only {spot}.", card=std_the(card),
                                              spot=tr(ON_A_FREE_SPOT[where]))))
            return
        if not isinstance(move, Remove):
            raise IllegalMove(tr("That is not a move of this game."))
        if move.pair and move.a == move.b:
            raise IllegalMove(tr("A pair is two different cards."))
        if move.pair and move.a > move.b:
            raise IllegalMove(tr("A pair is written with its lower cell first, as in 'r3+12'."))
        if move.b < -1:
            raise IllegalMove(tr("There is no cell {cell}; the cells are 0 to {last}.",
                                 cell=move.b, last=SIZE - 1))
        for cell in (move.a, move.b) if move.pair else (move.a,):
            self._check_cell(cell)
            if self.cells[cell] is None:
                raise IllegalMove(tr("That cell is empty."))
            if is_court(self.cells[cell]):
                raise IllegalMove(tr("Court cards stay: only number cards are removed."))
        if not self.removing:
            raise IllegalMove(tr("Cards are removed only when all 16 cells are full."))
        first = self.cells[move.a]
        if not move.pair:
            if VALUE[first] != 10:
                raise IllegalMove(sentence(tr("{card} is not a 10: pair it with a card worth "
                                              "{value}.", card=std_the(first),
                                              value=10 - VALUE[first])))
            return
        second = self.cells[move.b]
        if VALUE[first] + VALUE[second] != 10:
            raise IllegalMove(sentence(tr("{card} and {other} add up to {total}, not 10.",
                                          card=std_the(first), other=std_the(second),
                                          total=VALUE[first] + VALUE[second])))

    @staticmethod
    def _check_cell(cell: int) -> None:
        if not 0 <= cell < SIZE:
            raise IllegalMove(tr("There is no cell {cell}; the cells are 0 to {last}.",
                                 cell=cell, last=SIZE - 1))

    def why(self, move: Move) -> str:
        """Where a number card goes, the one skill of placing: a centre cell keeps the
        court cards' spots free (each rank has as many spots as cards, so a number card
        on a spot shuts out a court card until it is removed)."""
        if not isinstance(move, Place) or self.removing or not self.stock:
            return ""
        if is_court(self.stock[-1]) or move.cell in self.spot_of:
            return ""  # (a court card has its spots: the prompt says where)
        if not any(self.free_spots(rank) for rank in self.spots):
            return ""  # every court card stands: any cell will do
        return tr("It keeps the court cards' spots free.")

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        if source == "stock":
            if not target.startswith("cell-"):
                return tr("The turned card goes on an empty cell of the grid.")
            move: Move = Place(int(target[5:]))
        elif source.startswith("cell-") and target.startswith("cell-"):
            a, b = sorted((int(source[5:]), int(target[5:])))
            move = Remove(a, b) if a != b else Remove(a)
        elif source.startswith("cell-") and target == "discard":
            move = Remove(int(source[5:]))
        else:
            return tr("That move is not allowed.")
        try:
            self.check(move)
        except IllegalMove as error:
            return str(error)
        return tr("That move is allowed.")

    def why_stuck(self, zone: str, count: int, card: str = "") -> str:
        if self.is_over() or not zone.startswith("cell-"):
            return super().why_stuck(zone, count, card)
        card = self.cells[int(zone[5:])]
        if card is None:
            return tr("That cell is empty.")
        if is_court(card):
            return tr("Court cards stay: only number cards are removed.")
        if not self.removing:
            return tr("Cards are removed only when all 16 cells are full.")
        return tr("No card on the grid makes 10 with {card}.", card=std_the(card))

    def _apply(self, move: Move):
        self.check(move)
        removing = self.removing
        if isinstance(move, Place):
            self.cells[move.cell] = self.stock.pop()
        else:
            assert isinstance(move, Remove)
            for cell in (move.b, move.a) if move.pair else (move.a,):
                self.discard.append(self.cells[cell])
                self.cells[cell] = None
            self.removing = bool(self._removals())
        return removing, self._settle()

    def _settle(self) -> list[int]:
        """What follows by itself: a full grid starts removing (only a full grid does,
        with the stock empty too); a turned court card with one free spot goes there.
        Returns the cells placed."""
        placed = []
        while not self.removing and not self._won():
            if None not in self.cells:
                self.removing = True
                break
            if not self.stock:
                break
            card = self.stock[-1]
            if not is_court(card):
                break
            free = self.free_spots(card[0])
            if len(free) != 1:
                break
            self.cells[free[0]] = self.stock.pop()
            placed.append(free[0])
        return placed

    def _unapply(self, move: Move, undo) -> None:
        removing, placed = undo
        for cell in reversed(placed):
            self.stock.append(self.cells[cell])
            self.cells[cell] = None
        if isinstance(move, Place):
            self.stock.append(self.cells[move.cell])
            self.cells[move.cell] = None
        else:
            for cell in (move.a, move.b) if move.pair else (move.a,):
                self.cells[cell] = self.discard.pop()
        self.removing = removing

    # -- the end ------------------------------------------------------------------------

    def _won(self) -> bool:
        if self.score < 12:
            return False
        strict = self.options["strict"]
        return not strict or (not self.stock and not any(self.cells[c] for c in CENTRE))

    def _stuck_court(self) -> str | None:
        """The turned court card that has no free spot, if any."""
        card = self._turned()
        if card is not None and is_court(card) and not self.free_spots(card[0]):
            return card
        return None

    def _finished(self) -> bool:
        if self._won():
            return True
        if self.removing:
            return not self._removals()
        return not self.stock or self._stuck_court() is not None

    def _result(self) -> Outcome:
        score = self.score
        won = self._won()
        if won:
            reason = tr("All twelve court cards stand on their spots.")
            if self.options["strict"]:
                reason = tr("All twelve court cards stand on their spots. Every number card "
                            "is removed: Camelot!")
        elif self.resigned:
            reason = tr_n("You stopped with {n} of the 12 court cards placed.",
                          "You stopped with {n} of the 12 court cards placed.", score)
        elif self.removing:
            reason = tr("The grid is full and no 10 or pair adding up to 10 can be removed.")
        elif not self.stock:  # only with `strict`: number cards are left, none can go
            left = [c for c in self.cells if c and not is_court(c)]
            if self._removals():  # a 10 or a pair, but the last card did not fill the grid
                reason = tr_n("The stock is empty and the grid is not full, so nothing more "
                              "can be removed: {cards} stays.",
                              "The stock is empty and the grid is not full, so nothing more "
                              "can be removed: {cards} stay.", len(left), cards=join_names(left))
            else:
                reason = tr_n("The stock is empty and no 10 or pair adding up to 10 is left "
                              "to remove: {cards} stays.",
                              "The stock is empty and no 10 or pair adding up to 10 is left "
                              "to remove: {cards} stay.", len(left), cards=join_names(left))
        else:
            card = self._stuck_court()
            where = spot_words(card[0], self.options["swap"])
            reason = tr(NO_FREE_SPOT[where], card=std_the(card))
        return Outcome(won=won, score=score, reason=reason, resigned=self.resigned)


def join_names(cards: list[str]) -> str:
    """'the 5 of hearts', 'the 5 of hearts and the 3 of clubs', 'the A, the B and the C':
    the cards named, in the current language."""
    names = [std_the(card) for card in cards]
    if len(names) == 1:
        return names[0]
    return tr("{cards} and {last}", cards=tr(", ").join(names[:-1]), last=names[-1])


INFO = register(GameInfo(
    engine=KingsCornerSolitaire,
    # the solitaire and the table: told apart wherever the title shows (issue 18)
    title=mark("Kings in the Corner (patience)"),
    subtitle="Camelot",  # a name: not translated
    tagline=mark("Kings to the corners, Queens and Jacks to the walls: "
                 "seat the whole court before the grid jams."),
    duration=mark("3–5 min"),
    list_order=4,
    page="game.ui.games.kings_corner_solitaire",
    stylesheet="css/games/kings-corner-solitaire.css",
    rules="kings-corner-solitaire",
    win_title=mark("The court is complete!"),
    modes=(Mode(mark("Queens on the sides"), "swap=1"),
           Mode(mark("Camelot"), "strict=1", mark("clear every number card"))),
    option_words={"swap": {True: mark("Queens on the sides")},
                  "strict": {True: mark("Camelot (strict)")}},
    ai="game.ai.kings_corner_solitaire",
))
