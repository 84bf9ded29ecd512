"""Devil's Grip / Duivelsgreep (seed 002), as docs/rules.md section 3 decides it.

- Two 52-card decks without the Aces: 96 cards; the copies are `TD-1` and `TD-2`.
- 24 cards face up in 3 rows of 8; 72 in the face-down stock.
- A pile is one suit in steps of three (2-5-8-J, 3-6-9-Q, 4-7-10-K); it need not
  start at its base; at most 4 cards.
- Build the waste's top card, or the top card(s) of a pile, on a pile whose top is
  one step below in the same suit and sequence. Any two cells may swap contents.
- A cell emptied by a build is refilled at once from the stock, or from the waste
  when the stock is empty; several in reading order.
- Deal three (option `draw`: 1) from the stock to the waste; an empty stock is
  refilled by turning the waste over (a redeal), in the same order; passes are
  unlimited (option `passes`: 1 or 3 limits them).
- The game ends when the score can never improve again: no sequence of builds,
  deals and redeals can bring another card out of stock and waste onto the grid.
  A winning build arranges the rows (J-topped piles on top, then Q, then K).
- Score: cards left in stock and waste, lower is better; 0 is a win.

Why the end can be decided without cycling the stock: moves never mix the twelve
suit-sequences (say spades 2-5-8-J), dealing never changes the grid, and no card
leaves stock or waste without progress. So the cards that can ever show on top of
the waste are a fixed set (simulated over at most one partial and one full pass),
and each suit-sequence's piles are searched on their own for a pile that can be
emptied or a top that one of those cards fits.
"""

from __future__ import annotations

import re
from collections import deque
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
from ..engine.cards import SUITS, sentence, std_the
from ..i18n import mark, tr, tr_n

ROWS, COLUMNS = 3, 8
CELLS = ROWS * COLUMNS
ORDER = "23456789TJQK"  # no Aces
DEVILS_GRIP_DECK: tuple[str, ...] = tuple(
    f"{rank}{suit}-{copy}" for copy in (1, 2) for suit in SUITS for rank in ORDER
)
SUIT = {card: card[1] for card in DEVILS_GRIP_DECK}
CHAIN = {card: ORDER.index(card[0]) % 3 for card in DEVILS_GRIP_DECK}  # 0: 2-5-8-J, 1, 2
STEP = {card: ORDER.index(card[0]) // 3 for card in DEVILS_GRIP_DECK}  # 0..3 up the chain
TOPS = "JQK"  # the top card of a full pile in row 0, 1, 2
PILE = 4
RATINGS = ((0, mark("a win")), (2, mark("excellent")), (5, mark("very good")), (10, mark("good")))

BUILD_TEXT = re.compile(r"(w|\d{1,2})-(\d{1,2})(?:x([1-9]))?")
SWAP_TEXT = re.compile(r"(\d{1,2})<>(\d{1,2})")


def fits(card: str, top: str) -> bool:
    """Whether `card` may go on a pile whose top card is `top`."""
    return SUIT[card] == SUIT[top] and CHAIN[card] == CHAIN[top] and STEP[card] == STEP[top] + 1


def rating_key(score: int) -> str:
    """The rating in English, whatever the language: 'very good' (for styling, e.g. the
    page's data-rating), '' when the score earns none."""
    for limit, word in RATINGS:
        if score <= limit:
            return word
    return ""


def rating(score: int) -> str:
    """The rating word the seed gives a score, in the current language ('' for none)."""
    word = rating_key(score)
    return tr(word) if word else ""


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Cards onto pile `dst`: the top `count` of cell `src`, or the waste's top (src -1).
    Text: '3-9', '3-9x2', 'w-9'."""

    src: int
    dst: int
    count: int = 1

    @property
    def gesture(self) -> Gesture:
        source = "waste" if self.src < 0 else f"cell-{self.src}"
        return Gesture(Kind.BUILD, source, f"cell-{self.dst}", self.count)

    def __str__(self) -> str:
        text = f"{'w' if self.src < 0 else self.src}-{self.dst}"
        return text if self.count == 1 else f"{text}x{self.count}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """Exchange the contents of cells `a` and `b` (a < b). Text: '3<>9'."""

    a: int
    b: int

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.SWAP, f"cell-{self.a}", f"cell-{self.b}")

    def __str__(self) -> str:
        return f"{self.a}<>{self.b}"


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Turn up to three cards (one with draw=1) from the stock onto the waste."""

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.DEAL, "stock")

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Redeal(Move):
    """Turn the waste over to become the stock again, in the same order."""

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.REDEAL, "stock")

    def __str__(self) -> str:
        return "redeal"


DEAL, REDEAL = Deal(), Redeal()


class DevilsGrip(Game):
    id = "devils-grip"
    DECK = DEVILS_GRIP_DECK
    OPTIONS = {"draw": 3, "passes": 0}  # passes 0: unlimited
    STREAM = 2
    PICK_ZONES = frozenset(["waste"] + [f"cell-{i}" for i in range(CELLS)])

    @classmethod
    def check_options(cls, options: dict) -> dict:
        opts = super().check_options(options)
        if opts["draw"] not in (1, 3):
            raise ValueError(tr("Devil's Grip deals one card or three (draw=1 or draw=3)."))
        if opts["passes"] not in (0, 1, 3):
            raise ValueError(tr("Devil's Grip allows 1 or 3 passes, or unlimited (passes=0)."))
        return opts

    def _setup(self, order: list[str]) -> None:
        self.cells: list[list[str]] = [[card] for card in order[:CELLS]]
        self.stock: list[str] = list(reversed(order[CELLS:]))  # the top is the end
        self.waste: list[str] = []
        self.redeals = 0

    # -- reading the position ------------------------------------------------------------

    @property
    def score(self) -> int:
        return len(self.stock) + len(self.waste)

    def status(self) -> Status:
        # what to do, in one line, until the first move (issue 18: the board said nothing,
        # and "Left" beside "Stock" was not explained)
        prompt = "" if self.move_stack or self.is_over() else tr(
            "Build each row's sequence in one suit; click the stock to deal. Left: the "
            "cards still in stock and waste.")
        return Status(score=self.score, score_label=tr("Left"), stock=len(self.stock),
                      waste=len(self.waste), prompt=prompt, rating=rating(self.score),
                      rating_key=rating_key(self.score), can_redeal=self.can_redeal())

    def can_redeal(self) -> bool:
        """A redeal is allowed now: the stock is empty, the waste is not, passes remain."""
        limit = self.options["passes"]
        return not self.stock and bool(self.waste) and (limit == 0 or self.redeals + 1 < limit)

    def zones(self) -> dict[str, list[str]]:
        zones = {f"cell-{i}": list(cell) for i, cell in enumerate(self.cells)}
        zones["stock"] = list(self.stock)
        zones["waste"] = list(self.waste)
        return zones

    # -- moves --------------------------------------------------------------------------

    def _parse(self, text: str) -> Move:
        if text == "deal":
            return DEAL
        if text == "redeal":
            return REDEAL
        match = SWAP_TEXT.fullmatch(text)
        if match:
            return Swap(int(match.group(1)), int(match.group(2)))
        match = BUILD_TEXT.fullmatch(text)
        if match:
            src, dst, count = match.groups()
            return Build(-1 if src == "w" else int(src), int(dst), int(count or 1))
        raise ValueError(f"{text!r} is not a move: write '3-9', '3-9x2', 'w-9', '3<>9', "
                         "'deal' or 'redeal'.")

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        cells = self.cells
        if self.waste:
            card = self.waste[-1]
            moves += [Build(-1, d, 1) for d, dst in enumerate(cells) if dst and fits(card, dst[-1])]
        for s, src in enumerate(cells):
            for take in range(1, len(src) + 1):
                bottom = src[-take]
                moves += [
                    Build(s, d, take)
                    for d, dst in enumerate(cells)
                    if d != s and dst and fits(bottom, dst[-1])
                ]
        if self.stock:
            moves.append(DEAL)
        elif self.can_redeal():
            moves.append(REDEAL)
        moves += [
            Swap(a, b) for a in range(CELLS) for b in range(a + 1, CELLS) if cells[a] and cells[b]
        ]
        return moves

    def check(self, move: Move) -> None:
        """Raise IllegalMove with a reason if `move` may not be made now."""
        if isinstance(move, Deal):
            if not self.stock:
                raise IllegalMove(tr("The stock is empty: turn the waste over instead."))
            return
        if isinstance(move, Redeal):
            if self.stock:
                raise IllegalMove(tr("The waste is turned over only when the stock is empty."))
            if not self.waste:
                raise IllegalMove(tr("There is no waste to turn over."))
            if not self.can_redeal():
                raise IllegalMove(tr("No passes are left: the stock is not dealt again."))
            return
        if isinstance(move, Swap):
            for cell in (move.a, move.b):
                self._check_cell(cell)
            if move.a >= move.b or not self.cells[move.a] or not self.cells[move.b]:
                raise IllegalMove(tr("A swap exchanges two different piles."))
            return
        if not isinstance(move, Build):
            raise IllegalMove(tr("That is not a move of this game."))
        self._check_cell(move.dst)
        if move.src < 0:
            if not self.waste:
                raise IllegalMove(tr("The waste is empty."))
            if move.count != 1:
                raise IllegalMove(tr("Only the top card of the waste can be played."))
            bottom = self.waste[-1]
        else:
            self._check_cell(move.src)
            source = self.cells[move.src]
            if move.src == move.dst:
                raise IllegalMove(tr("A pile cannot move onto itself."))
            if not 1 <= move.count <= len(source):
                raise IllegalMove(tr_n("That pile holds {n} card.", "That pile holds {n} cards.",
                                       len(source)))
            bottom = source[-move.count]
        target = self.cells[move.dst]
        if not target:
            raise IllegalMove(tr("Nothing is built on an empty cell: it is refilled at once."))
        if not fits(bottom, target[-1]):
            raise IllegalMove(sentence(tr("{card} cannot go on {target}: {why}",
                                          card=std_the(bottom), target=std_the(target[-1]),
                                          why=self._wanted(target[-1]))))

    @staticmethod
    def _wanted(top: str) -> str:
        if STEP[top] == 3:
            return tr("that pile is complete.")
        rank = ORDER[ORDER.index(top[0]) + 3]
        return tr("only {card} goes there.", card=std_the(rank + top[1]))

    @staticmethod
    def _check_cell(cell: int) -> None:
        if not 0 <= cell < CELLS:
            raise IllegalMove(tr("There is no cell {cell}; the cells are 0 to {last}.",
                                 cell=cell, last=CELLS - 1))

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        if not target.startswith("cell-"):
            return tr("Cards are built only on the piles of the grid.")
        src = -1 if source == "waste" else int(source[5:])
        try:
            self.check(Build(src, int(target[5:]), count))
        except IllegalMove as error:
            return str(error)
        return tr("That build is allowed.")

    def why(self, move: Move) -> str:
        """A card out of the waste, or a cell emptied for one from the stock or the waste:
        each brings a card onto the grid, the score."""
        if not isinstance(move, Build):
            return ""
        if move.src < 0:
            return tr("It brings a card out of the waste onto the grid.")
        if move.count == len(self.cells[move.src]) and (self.stock or self.waste):
            return tr("It empties a cell, and the next card fills it.")
        return ""

    def _apply(self, move: Move):
        self.check(move)
        if isinstance(move, Deal):
            dealt = min(self.options["draw"], len(self.stock))
            for _ in range(dealt):
                self.waste.append(self.stock.pop())
            return dealt
        if isinstance(move, Redeal):
            self.stock = self.waste[::-1]
            self.waste = []
            self.redeals += 1
            return None
        cells = self.cells
        if isinstance(move, Swap):
            cells[move.a], cells[move.b] = cells[move.b], cells[move.a]
            return None
        assert isinstance(move, Build)
        target = cells[move.dst]
        if move.src < 0:
            target.append(self.waste.pop())
        else:
            source = cells[move.src]
            target.extend(source[-move.count:])
            del source[-move.count:]
        refilled = []
        for index, cell in enumerate(cells):  # reading order
            if not cell and (self.stock or self.waste):
                from_stock = bool(self.stock)
                cell.append((self.stock if from_stock else self.waste).pop())
                refilled.append((index, from_stock))
        arranged = None
        if self.score == 0 and all(len(cell) == PILE for cell in cells):
            arranged = [list(cell) for cell in cells]
            self._arrange_rows()
        return refilled, arranged

    def _unapply(self, move: Move, undo) -> None:
        if isinstance(move, Deal):
            for _ in range(undo):
                self.stock.append(self.waste.pop())
            return
        if isinstance(move, Redeal):
            self.waste = self.stock[::-1]
            self.stock = []
            self.redeals -= 1
            return
        cells = self.cells
        if isinstance(move, Swap):
            cells[move.a], cells[move.b] = cells[move.b], cells[move.a]
            return
        assert isinstance(move, Build)
        refilled, arranged = undo
        if arranged is not None:
            self.cells = cells = arranged
        for index, from_stock in reversed(refilled):
            (self.stock if from_stock else self.waste).append(cells[index].pop())
        target = cells[move.dst]
        if move.src < 0:
            self.waste.append(target.pop())
        else:
            cells[move.src].extend(target[-move.count:])
            del target[-move.count:]

    def _arrange_rows(self) -> None:
        """The win: J-topped piles to the top row, Q to the middle, K to the bottom,
        each row in suit order (a full grid holds exactly 8 piles of each)."""
        def place(pile: list[str]) -> tuple[int, int]:
            return TOPS.index(pile[-1][0]), SUITS.index(SUIT[pile[-1]])

        self.cells = [list(pile) for pile in sorted(self.cells, key=place)]

    # -- the end ------------------------------------------------------------------------

    def waste_tops(self) -> set[str]:
        """Every card that can show on top of the waste by dealing and redealing from
        here, while no card leaves stock and waste (no progress)."""
        stock, waste = list(self.stock), list(self.waste)
        redeals, limit, draw = self.redeals, self.options["passes"], self.options["draw"]
        tops = {waste[-1]} if waste else set()
        full_passes = 0
        while full_passes < 2:
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
                tops.add(waste[-1])
            elif waste and (limit == 0 or redeals + 1 < limit):
                stock, waste = waste[::-1], []
                redeals += 1
                full_passes += 1  # the second redeal repeats the first full pass exactly
            else:
                break
        return tops

    def _finished(self) -> bool:
        return self.score == 0 or not progress_possible(self.cells, self.waste_tops())

    def _result(self) -> Outcome:
        score = self.score
        won = score == 0
        if won:
            reason = tr("Every card is out of the Devil's grip: all 24 piles are complete.")
        elif self.resigned:
            reason = tr_n("You stopped with {n} card left.", "You stopped with {n} cards left.",
                          score)
        else:
            reason = tr_n("No build, deal or redeal can bring another card onto the grid: "
                          "{n} card left.",
                          "No build, deal or redeal can bring another card onto the grid: "
                          "{n} cards left.", score)
        word = rating(score)
        if word and not won:
            reason = tr("{reason} That is {rating}.", reason=reason, rating=word)
        return Outcome(won=won, score=score, reason=reason, resigned=self.resigned)


def progress_possible(cells: list[list[str]], waste_tops: set[str]) -> bool:
    """Whether grid builds can reach a build that empties a cell, or a pile top that a
    card from `waste_tops` fits. Each suit-sequence is searched on its own; a pile is
    written as its cards' steps, a state as the sorted piles (copies are alike)."""
    chains: dict[tuple[str, int], list[tuple[int, ...]]] = {}
    for cell in cells:
        if cell:
            key = (SUIT[cell[0]], CHAIN[cell[0]])
            chains.setdefault(key, []).append(tuple(STEP[card] for card in cell))
    wanted: dict[tuple[str, int], set[int]] = {}
    for card in waste_tops:  # the steps a waste card would need on top
        wanted.setdefault((SUIT[card], CHAIN[card]), set()).add(STEP[card] - 1)
    for key, piles in chains.items():
        if chain_progress(tuple(sorted(piles)), frozenset(wanted.get(key, ()))):
            return True
    return False


def chain_progress(start: tuple[tuple[int, ...], ...], wanted_tops: frozenset[int]) -> bool:
    seen = {start}
    queue = deque([start])
    while queue:
        piles = queue.popleft()
        for pile in piles:
            if pile[-1] in wanted_tops:
                return True
        for si, src in enumerate(piles):
            for take in range(1, len(src) + 1):
                bottom = src[-take]
                for di, dst in enumerate(piles):
                    if di == si or bottom != dst[-1] + 1:
                        continue
                    if take == len(src):
                        return True  # the cell empties and is refilled: progress
                    rest = [p for i, p in enumerate(piles) if i != si and i != di]
                    rest += [dst + src[-take:], src[:-take]]
                    state = tuple(sorted(rest))
                    if state not in seen:
                        seen.add(state)
                        queue.append(state)
    return False


INFO = register(GameInfo(
    engine=DevilsGrip,
    title=mark("Devil's Grip"),
    subtitle="Duivelsgreep",  # a name, in its own language: not translated
    subtitle_lang="nl",
    tagline=mark("Two decks, three rows, steps of three: pry every card from the Devil's grip."),
    duration=mark("10–20 min"),
    list_order=3,
    page="game.ui.games.devils_grip",
    stylesheet="css/games/devils-grip.css",
    rules="devils-grip",
    win_title=mark("Out of the Devil's grip!"),
    lower_is_better=True,
    modes=(Mode(mark("Deal one"), "draw=1"), Mode(mark("One pass"), "passes=1"),
           Mode(mark("Three passes"), "passes=3")),
    option_words={"draw": {1: mark("deal one")},
                  "passes": {1: mark("one pass"), 3: mark("3 passes")}},
    ai="game.ai.devils_grip",
))
