"""The King's Keys square (seeds 000 and 001): the rules that Devil's Square and King's
Square share. Each story registers its own game (devils_square.py, kings_square.py).

Rules as docs/rules.md section 2 decides them:
- 16 cards face up in a 4x4 field, 48 in a face-down draw pile.
- A stack is one Colour, consecutive ascending Numbers, no Item twice; it need
  not start at 1. Move the top 1, 2 or 3 cards (the whole stack at most) onto a
  non-empty cell when the result is still a stack.
- A cell emptied by a move is refilled at once from the draw pile; several in
  reading order. A 1-2-3-4 stack is a book, set aside at once.
- The game ends when no move can make progress (a book, or emptying a cell
  while the draw pile has cards): a search over the moves that make no
  progress decides it, so a card hopping between two stacks forever does not
  keep a game alive. 10 points a book; 160 is a full escape.
- Option `guard`: Guard mode. The engine refuses illegal moves in every mode;
  Guard mode only tells the page to offer no undo and no hints, and keeps
  its statistics apart.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass

from ..engine import Game, Gesture, IllegalMove, Kind, Mode, Move, Outcome, Status
from ..engine.cards import KINGS_KEYS_DECK, KK_COLOUR, KK_ITEM, KK_NUMBER, kk_the, sentence
from ..i18n import mark, tr, tr_n

CELLS = 16
BOOK = 4
MAX_TAKE = 3  # "the top one or two cards of a stack, or the whole stack"; a stack of 4 is a book
POINTS_PER_BOOK = 10
FULL_SCORE = POINTS_PER_BOOK * len(KINGS_KEYS_DECK) // BOOK
GUARD_MODE = (Mode(mark("Guard mode"), "guard=1", mark("no undo, no hints")),)  # both stories
MOVE_TEXT = re.compile(r"(\d{1,2})-(\d{1,2})(?:x([1-9]))?")


@dataclass(frozen=True, slots=True)
class StackMove(Move):
    """Move the top `count` cards of cell `src` onto cell `dst`. Text: '3-9', '3-9x2'."""

    src: int
    dst: int
    count: int = 1

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.BUILD, f"cell-{self.src}", f"cell-{self.dst}", self.count)

    def __str__(self) -> str:
        base = f"{self.src}-{self.dst}"
        return base if self.count == 1 else f"{base}x{self.count}"


def fits(moved_bottom: str, moved_items: set[str] | str, target: list[str]) -> bool:
    """Whether cards whose bottom is `moved_bottom` and items `moved_items` may go on `target`."""
    top = target[-1]
    return (
        KK_COLOUR[moved_bottom] == KK_COLOUR[top]
        and KK_NUMBER[moved_bottom] == KK_NUMBER[top] + 1
        and not any(KK_ITEM[card] in moved_items for card in target)
    )


def progress_reachable(cells: list[list[str]], stock_size: int) -> bool:
    """Whether some sequence of moves reaches progress: a book, or a cell emptied while
    the draw pile has cards.

    Moves never mix colours, so each colour's stacks are searched on their own (the
    state space is then a sum over colours, not a product), and a colour's answer is
    cached: most moves change one colour only."""
    by_colour: dict[str, list[tuple[str, ...]]] = {}
    for cell in cells:
        if cell:
            by_colour.setdefault(KK_COLOUR[cell[0]], []).append(tuple(cell))
    has_stock = stock_size > 0
    for stacks in by_colour.values():
        if len(stacks) > 1 and colour_progress(tuple(sorted(stacks)), has_stock):
            return True
    return False


def colour_moves(state: tuple[tuple[str, ...], ...]):
    """Every move between one colour's stacks, as (step, rest, merged): step is (source
    stack, target stack, take); rest the other stacks with what the source keeps; merged
    the target with the moved cards on it. The end check here and the solver and hint
    (game/ai/kings_keys.py) search with it."""
    for si, src in enumerate(state):
        for take in range(1, min(MAX_TAKE, len(src)) + 1):
            moved = src[-take:]
            items = {KK_ITEM[card] for card in moved}
            for di, dst in enumerate(state):
                if di == si or not fits(moved[0], items, dst):
                    continue
                rest = [s for i, s in enumerate(state) if i != si and i != di]
                if take < len(src):
                    rest.append(src[:-take])
                yield (src, dst, take), rest, dst + moved


_progress_cache: dict[tuple, bool] = {}
PROGRESS_CACHE_SIZE = 20_000


def colour_progress(start: tuple[tuple[str, ...], ...], has_stock: bool) -> bool:
    """`progress_reachable` for the stacks of one colour, by breadth-first search over
    the fields reachable by moves that make no progress. A state is the sorted tuple of
    stacks: where a stack lies in the grid does not matter to the question."""
    key = (start, has_stock)
    cached = _progress_cache.get(key)
    if cached is not None:
        return cached
    seen = {start}
    queue = deque([start])
    found = False
    while queue and not found:
        for (src, _dst, take), rest, merged in colour_moves(queue.popleft()):
            if len(merged) == BOOK or (take == len(src) and has_stock):
                found = True
                break
            state = tuple(sorted([*rest, merged]))
            if state not in seen:
                seen.add(state)
                queue.append(state)
    if len(_progress_cache) > PROGRESS_CACHE_SIZE:
        _progress_cache.clear()
    if found:
        _progress_cache[key] = True
    else:  # the whole reachable set was searched: none of it can make progress either
        for state in seen:
            _progress_cache[(state, has_stock)] = False
    return found


class KingsKeysSquare(Game):
    """The shared rules; the two registered games differ only in name and story."""

    DECK = KINGS_KEYS_DECK
    OPTIONS = {"guard": False}
    PICK_ZONES = frozenset(f"cell-{i}" for i in range(CELLS))

    def _setup(self, order: list[str]) -> None:
        self.cells: list[list[str]] = [[card] for card in order[:CELLS]]
        self.stock: list[str] = list(reversed(order[CELLS:]))  # top of the pile is the end
        self.books: list[str] = []

    @property
    def score(self) -> int:
        return POINTS_PER_BOOK * (len(self.books) // BOOK)

    def zones(self) -> dict[str, list[str]]:
        zones = {f"cell-{i}": list(cell) for i, cell in enumerate(self.cells)}
        zones["stock"] = list(self.stock)
        zones["books"] = list(self.books)
        return zones

    def status(self) -> Status:
        # what to do, in one line, until the first move (issue 18: the board said nothing)
        prompt = "" if self.move_stack or self.is_over() else tr(
            "Put a card on the one a number lower of its colour, no item twice: "
            "1 to 4 makes a book.")
        return Status(score=self.score, score_label=tr("Score"), score_max=FULL_SCORE,
                      stock=len(self.stock), prompt=prompt)

    def _parse(self, text: str) -> Move:
        match = MOVE_TEXT.fullmatch(text)
        if not match:
            raise ValueError(f"{text!r} is not a move: write it like '3-9' or '3-9x2'.")
        src, dst, count = match.groups()
        return StackMove(int(src), int(dst), int(count or 1))

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        cells = self.cells
        for si, src in enumerate(cells):
            for take in range(1, min(MAX_TAKE, len(src)) + 1):
                moved = src[-take:]
                items = {KK_ITEM[card] for card in moved}
                for di, dst in enumerate(cells):
                    if di != si and dst and fits(moved[0], items, dst):
                        moves.append(StackMove(si, di, take))
        return moves

    def check(self, move: Move) -> None:
        """Raise IllegalMove with the guard's reason if `move` may not be made now."""
        if not isinstance(move, StackMove):
            raise IllegalMove(tr("That is not a move of this game."))
        src, dst, take = move.src, move.dst, move.count
        for cell in (src, dst):
            if not 0 <= cell < CELLS:
                raise IllegalMove(tr("There is no cell {cell}; the cells are 0 to {last}.",
                                     cell=cell, last=CELLS - 1))
        if src == dst:
            raise IllegalMove(tr("A stack cannot move onto itself."))
        source, target = self.cells[src], self.cells[dst]
        if not source:
            raise IllegalMove(tr("That cell is empty: there is nothing to move."))
        if not 1 <= take <= min(MAX_TAKE, len(source)):
            raise IllegalMove(tr(
                "You may take the top one or two cards of a stack, or the whole stack; "
                "this stack holds {n}.", n=len(source)
            ))
        if not target:
            raise IllegalMove(tr("Nothing may be moved into an empty cell."))
        bottom, top = source[-take], target[-1]
        if KK_COLOUR[bottom] != KK_COLOUR[top]:
            raise IllegalMove(sentence(tr("{card} cannot go on {target}: the colours differ.",
                                          card=kk_the(bottom), target=kk_the(top))))
        if KK_NUMBER[bottom] != KK_NUMBER[top] + 1:
            raise IllegalMove(sentence(tr("{card} cannot go on {target}: only a {number} may "
                                          "go there.", card=kk_the(bottom),
                                          target=kk_the(top), number=KK_NUMBER[top] + 1)))
        items = {KK_ITEM[card] for card in source[-take:]}
        for card in target:
            if KK_ITEM[card] in items:
                raise IllegalMove(tr("That stack already has {card}: no Item may appear twice.",
                                     card=kk_the(card)))

    def why(self, move: Move) -> str:
        """A book made, or a cell emptied: the two kinds of progress (progress_reachable)."""
        if not isinstance(move, StackMove):
            return ""
        if len(self.cells[move.dst]) + move.count == BOOK:
            return tr("It makes a book.")
        if move.count == len(self.cells[move.src]):
            return (tr("It empties a cell for a new card from the draw pile.") if self.stock
                    else tr("It empties a cell."))
        return ""

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        if target not in self.PICK_ZONES:
            return tr("Cards move only between cells of the field.")
        try:
            self.check(StackMove(int(source[5:]), int(target[5:]), count))
        except IllegalMove as error:
            return str(error)
        return tr("That move is allowed.")

    def _apply(self, move: Move) -> tuple[bool, list[int]]:
        self.check(move)
        assert isinstance(move, StackMove)
        source, target = self.cells[move.src], self.cells[move.dst]
        target.extend(source[-move.count:])
        del source[-move.count:]
        booked = len(target) == BOOK
        if booked:
            self.books.extend(target)
            target.clear()
        refilled = []
        for index, cell in enumerate(self.cells):  # reading order
            if not cell and self.stock:
                cell.append(self.stock.pop())
                refilled.append(index)
        return booked, refilled

    def _unapply(self, move: Move, undo: tuple[bool, list[int]]) -> None:
        assert isinstance(move, StackMove)
        booked, refilled = undo
        for index in reversed(refilled):
            self.stock.append(self.cells[index].pop())
        target, source = self.cells[move.dst], self.cells[move.src]
        if booked:
            target.extend(self.books[-BOOK:])
            del self.books[-BOOK:]
        source.extend(target[-move.count:])
        del target[-move.count:]

    def _finished(self) -> bool:
        return not progress_reachable(self.cells, len(self.stock))

    def _result(self) -> Outcome:
        books = len(self.books) // BOOK
        won = self.score == FULL_SCORE
        if won:
            reason = tr("All {n} books are made: a full escape!", n=books)
        elif self.resigned:
            reason = tr_n("You gave up with {n} book.", "You gave up with {n} books.", books)
        elif not self._generate_moves():
            reason = tr("No legal move remains.")
        else:
            reason = tr("The moves left only shuffle cards between stacks; "
                        "none can make a book or bring in a new card.")
        return Outcome(won=won, score=self.score, reason=reason, resigned=self.resigned)
