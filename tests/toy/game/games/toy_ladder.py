"""Toy Ladder: a made-up patience used only by the tests, to prove that a game is added by
its own files alone (docs/architecture.md, "Adding a game"). It is never shipped: the
tests put tests/toy/ over the repository's tree (tests/test_contract.py for CPython,
the `--overlay` of tools/build_site.py for the browser).

Eight cards, Ace to 4 of spades and of hearts. Four are dealt face up to four cells, the
other four are the stock. Touch the stock to turn its top card onto the waste. Move the top
card of a cell, or of the waste, onto a cell whose top card is one rank lower (any suit).
A ladder is a cell that starts with an Ace and climbs without a gap; the score is the cards
on ladders, and every card on a ladder (8) wins. The game ends when no move is left.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine import Game, GameInfo, Gesture, IllegalMove, Kind, Move, Outcome, Status, register

RANKS = "A234"
DECK = tuple(f"{rank}{suit}" for suit in "SH" for rank in RANKS)
CELLS = 4
MOVE_TEXT = re.compile(r"(w|[0-3])-([0-3])")


def rank(card: str) -> int:
    return RANKS.index(card[0])


@dataclass(frozen=True, slots=True)
class Climb(Move):
    """The top card of cell `src` (or of the waste, -1) onto cell `dst`. Text: '0-2', 'w-1'."""

    src: int
    dst: int

    @property
    def gesture(self) -> Gesture:
        source = "waste" if self.src < 0 else f"cell-{self.src}"
        return Gesture(Kind.BUILD, source, f"cell-{self.dst}", 1)

    def __str__(self) -> str:
        return f"{'w' if self.src < 0 else self.src}-{self.dst}"


@dataclass(frozen=True, slots=True)
class Turn(Move):
    """The stock's top card onto the waste. Text: 'turn'."""

    @property
    def gesture(self) -> Gesture:
        return Gesture(Kind.DEAL, "stock")

    def __str__(self) -> str:
        return "turn"


TURN = Turn()


class ToyLadder(Game):
    id = "toy-ladder"
    DECK = DECK
    STREAM = 99
    PICK_ZONES = frozenset(["waste"] + [f"cell-{i}" for i in range(CELLS)])

    def _setup(self, order: list[str]) -> None:
        self.cells = [[card] for card in order[:CELLS]]
        self.stock = list(reversed(order[CELLS:]))  # the top is the end
        self.waste: list[str] = []

    @property
    def score(self) -> int:
        total = 0
        for cell in self.cells:
            if cell and rank(cell[0]) == 0:
                total += next((i for i, card in enumerate(cell) if rank(card) != i), len(cell))
        return total

    def zones(self) -> dict[str, list[str]]:
        zones = {f"cell-{i}": list(cell) for i, cell in enumerate(self.cells)}
        zones["stock"] = list(self.stock)
        zones["waste"] = list(self.waste)
        return zones

    def status(self) -> Status:
        prompt = "Climb a card onto one a rank lower, or turn the stock." if not self.is_over() \
            else ""
        return Status(score=self.score, score_label="Rungs", score_max=len(DECK),
                      stock=len(self.stock), waste=len(self.waste), prompt=prompt)

    def _parse(self, text: str) -> Move:
        if text == "turn":
            return TURN
        match = MOVE_TEXT.fullmatch(text)
        if not match:
            raise ValueError(f"{text!r} is not a move: write '0-2', 'w-1' or 'turn'.")
        src, dst = match.groups()
        return Climb(-1 if src == "w" else int(src), int(dst))

    def _top(self, src: int) -> str | None:
        pile = self.waste if src < 0 else self.cells[src]
        return pile[-1] if pile else None

    def _generate_moves(self) -> list[Move]:
        moves: list[Move] = []
        for src in (-1, *range(CELLS)):
            card = self._top(src)
            for dst in range(CELLS):
                if card and dst != src and self.cells[dst] and \
                        rank(card) == rank(self.cells[dst][-1]) + 1:
                    moves.append(Climb(src, dst))
        if self.stock:
            moves.append(TURN)
        return moves

    def check(self, move: Move) -> None:
        if move not in self._generate_moves():
            raise IllegalMove("That card does not climb there.")

    def why_not(self, source: str, count: int, target: str, card: str = "") -> str:
        return "A card climbs only onto a card one rank lower."

    def _apply(self, move: Move):
        self.check(move)
        if isinstance(move, Turn):
            self.waste.append(self.stock.pop())
            return None
        assert isinstance(move, Climb)
        pile = self.waste if move.src < 0 else self.cells[move.src]
        self.cells[move.dst].append(pile.pop())
        return None

    def _unapply(self, move: Move, undo) -> None:
        if isinstance(move, Turn):
            self.stock.append(self.waste.pop())
            return
        assert isinstance(move, Climb)
        pile = self.waste if move.src < 0 else self.cells[move.src]
        pile.append(self.cells[move.dst].pop())

    def _finished(self) -> bool:
        return self.score == len(DECK) or not self._generate_moves()

    def _result(self) -> Outcome:
        won = self.score == len(DECK)
        reason = ("Both ladders stand." if won else "You stopped." if self.resigned
                  else "No card can climb and the stock is empty.")
        return Outcome(won=won, score=self.score, reason=reason, resigned=self.resigned)


INFO = register(GameInfo(
    engine=ToyLadder,
    title="Toy Ladder",
    tagline="A test's own patience: climb two ladders from Ace to 4.",
    duration="1 min",
    list_order=90,
    page="game.ui.games.toy_ladder",
    stylesheet="css/games/toy-ladder.css",
    rules="toy-ladder",
    win_title="Both ladders stand!",
))
