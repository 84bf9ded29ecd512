"""Depth-first solving of the one-player games with full information, in slices.

    search = Search(game, rules, max_nodes=200_000)
    while (solution := search.step(5_000)) is None:
        ...  # the page yields to the browser here and shows search.progress
    solution.status  # "won" (with the line), "lost" (proved), or "unknown" (budget spent)

The search sees everything, the stock order included: it answers "could this deal be
won?", not "what should I play?" (a hint must not peek; see each game's `hint`). It
works on its own copy of the game, through the engine's own `_apply` and
`_unapply`, so a line it finds is made of moves the engine accepts, and it never
touches the game on screen.

What makes it fast enough, after Solvitaire: a transposition table of canonical
positions (each game's `key` merges positions that differ only in where piles lie
in the grid, or in which copy of a card is which), and moves that can be applied
without branching (each game's `moves` returns just that one move when a move is
safe to make at once). A position met again is never searched twice: either it is
on the current line or everything below it was searched and did not win. The search
is an explicit stack, not recursion, so it can stop after any number of nodes and
resume later; that is how the page keeps running while it thinks.

Each game supplies a `Rules` object:
- `key(game)`: a hashable canonical position;
- `moves(game)`: the moves worth trying, best first (a pruned list must never drop
  the only way to win: `sound` says whether "lost" may be claimed);
- `won(game)`, and `value(game)`: an integer, higher is better, for the best line
  when a win is out of reach (books for the King's Keys games).
"""

from __future__ import annotations

import copy
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Game, Move

WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True, slots=True)
class Line(Move):
    """Several moves the search takes as one step (a game's "macro move"): it is applied
    and undone as a whole, and its moves join the line one by one."""

    moves: tuple[Move, ...]

    def __str__(self) -> str:
        return " ".join(str(move) for move in self.moves)


def apply(game: Game, move: Move) -> Any:
    if isinstance(move, Line):
        return [game._apply(step) for step in move.moves]
    return game._apply(move)


def unapply(game: Game, move: Move, undo: Any) -> None:
    if isinstance(move, Line):
        for step, step_undo in zip(reversed(move.moves), reversed(undo), strict=True):
            game._unapply(step, step_undo)
            game._moved()
    else:
        game._unapply(move, undo)
    game._moved()


def flatten(line: list[Move]) -> list[str]:
    texts: list[str] = []
    for move in line:
        texts += [str(step) for step in move.moves] if isinstance(move, Line) else [str(move)]
    return texts


class Rules(Protocol):
    sound: bool

    def key(self, game: Any) -> Hashable: ...

    def moves(self, game: Any) -> list[Move]: ...

    def won(self, game: Any) -> bool: ...

    def value(self, game: Any) -> int: ...


@dataclass
class Solution:
    """What a search found. `moves` is the winning line (status "won") or the line to
    the best value found; texts as `Game.parse_move` reads them, from the searched position."""

    status: str
    moves: list[str] = field(default_factory=list)
    value: int = 0
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.status != UNKNOWN


def copy_game(game: Game) -> Game:
    """A private copy of `game` for a search to change freely (a deep copy, so a position
    set up by hand in a test is copied as it is)."""
    return copy.deepcopy(game)


class Sliced:
    """What every resumable search shares (solitaire.Resumable): its progress as the share
    of its node budget spent, and `run` to the end in one go (benchmarks and tests). A
    search sets `nodes`, `max_nodes` and `result`, and searches in `step(quota)`."""

    RUN_QUOTA = 10_000  # the nodes of each step of `run`
    nodes: int
    max_nodes: int
    result: Solution | None

    @property
    def progress(self) -> float:
        """The share of the node budget spent, 0 to 1 (1 once decided)."""
        return 1.0 if self.result else min(1.0, self.nodes / self.max_nodes)

    def run(self) -> Solution:
        while (solution := self.step(self.RUN_QUOTA)) is None:
            pass
        return solution

    def step(self, quota: int) -> Solution | None:
        raise NotImplementedError


class Search(Sliced):
    """A resumable depth-first search from `game`'s position (which it does not change)."""

    def __init__(self, game: Game, rules: Rules, max_nodes: int = 200_000,
                 max_seconds: float | None = None) -> None:
        self.rules = rules
        self.game = copy_game(game)
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.nodes = 0
        self.seconds = 0.0
        self.seen: set[Hashable] = set()
        self.path: list[Move] = []
        self.undos: list[Any] = []
        self.stack: list[list] = []  # [moves, next index] per level
        self.result: Solution | None = None
        self.best_value = rules.value(self.game)
        self.best_line: list[Move] = []
        if self.game.is_over() and not rules.won(self.game):
            self.result = self._finish(LOST)
        elif rules.won(self.game):
            self.result = self._finish(WON, [])
        else:
            self.seen.add(rules.key(self.game))
            self.stack.append([rules.moves(self.game), 0])

    def step(self, quota: int) -> Solution | None:
        """Search up to `quota` more nodes; the Solution once decided or out of budget."""
        if self.result is not None:
            return self.result
        started = time.perf_counter()
        game, rules, stack, seen = self.game, self.rules, self.stack, self.seen
        end = min(self.nodes + quota, self.max_nodes)
        while self.nodes < end:
            if not stack:
                self.seconds += time.perf_counter() - started
                self.result = self._finish(LOST if rules.sound else UNKNOWN)
                return self.result
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                stack.pop()
                if self.path:
                    unapply(game, self.path.pop(), self.undos.pop())
                continue
            move = moves[frame[1]]
            frame[1] += 1
            undo = apply(game, move)
            game._moved()
            self.nodes += 1
            if rules.won(game):
                self.path.append(move)
                self.seconds += time.perf_counter() - started
                self.result = self._finish(WON, self.path)
                return self.result
            key = rules.key(game)
            if key in seen:
                unapply(game, move, undo)
                continue
            seen.add(key)
            value = rules.value(game)
            if value > self.best_value:
                self.best_value = value
                self.best_line = [*self.path, move]
            self.path.append(move)
            self.undos.append(undo)
            stack.append([rules.moves(game), 0])
        self.seconds += time.perf_counter() - started
        if self.nodes >= self.max_nodes or (
            self.max_seconds is not None and self.seconds >= self.max_seconds
        ):
            self.result = self._finish(UNKNOWN)
            return self.result
        return None

    def _finish(self, status: str, line: list[Move] | None = None) -> Solution:
        if line is None:
            line, value = self.best_line, self.best_value
        else:
            value = self.rules.value(self.game)
        self.seen = set()  # free the table: a finished search keeps only its answer
        return Solution(status, flatten(line), value, self.nodes, self.seconds)


def solve(game: Game, rules: Rules, max_nodes: int = 200_000,
          max_seconds: float | None = None) -> Solution:
    """Search to the end or the budget in one go (benchmarks and tests)."""
    return Search(game, rules, max_nodes, max_seconds).run()


class Certainty(Sliced):
    """Whether the rest of a game is certain: a resumable depth-first search of *every*
    legal move (not a game's pruned `Rules.moves`) from `game`'s position, which it does
    not change, to every position that ends the game. It answers:
    - WON: every line of play from here wins; `moves` is one of them (the first found),
      which is how the page finishes the game for the player;
    - LOST: some line ends in a loss (`moves` is one), so the rest is not certain;
    - UNKNOWN: the budget ran out first.

    It sees everything, the stock order included, as "Could it be won?" does; but when
    every line wins, saying so tells the player nothing about which move to make.
    `key(game)` names a position: two positions with the same key must have the same
    futures (where a pile lies, when it never matters). A position met again is not
    searched again: below it every line was already found to win, or it is on the
    current line (a cycle, which ends nowhere, so it loses nothing). The game's own
    `is_over` decides where a line ends."""

    def __init__(self, game: Game, key, max_nodes: int = 5_000) -> None:
        self.game = copy_game(game)
        self.key = key
        self.max_nodes = max_nodes
        self.nodes = 0
        self.seen: set[Hashable] = set()
        self.line: list[Move] | None = None  # the first winning line found
        self.path: list[Move] = []
        self.stack: list[list] = []
        self.result: Solution | None = None
        if self.game.is_over():
            self.result = self._finish(WON if self._won() else LOST, [])
        else:
            self.seen.add(key(self.game))
            self.stack.append([self.game.legal_moves(), 0])

    def step(self, quota: int) -> Solution | None:
        """Search up to `quota` more positions; the Solution once decided or out of budget."""
        if self.result is not None:
            return self.result
        game, stack, seen = self.game, self.stack, self.seen
        end = min(self.nodes + quota, self.max_nodes)
        while self.nodes < end:
            if not stack:
                self.result = self._finish(WON if self.line is not None else UNKNOWN,
                                           self.line or [])
                return self.result
            frame = stack[-1]
            moves = frame[0]
            if frame[1] >= len(moves):
                stack.pop()
                if self.path:
                    self.path.pop()
                    game.pop()
                continue
            move = moves[frame[1]]
            frame[1] += 1
            game.push(move)
            self.nodes += 1
            if game.is_over():
                if not self._won():
                    self.result = self._finish(LOST, [*self.path, move])
                    return self.result
                if self.line is None:
                    self.line = [*self.path, move]
                game.pop()
                continue
            key = self.key(game)
            if key in seen:
                game.pop()
                continue
            seen.add(key)
            self.path.append(move)
            stack.append([game.legal_moves(), 0])
        if self.nodes >= self.max_nodes:
            self.result = self._finish(UNKNOWN, [])
            return self.result
        return None

    def _won(self) -> bool:
        outcome = self.game.outcome()
        return outcome is not None and outcome.won

    def _finish(self, status: str, line: list[Move]) -> Solution:
        self.seen = set()
        self.stack = []
        return Solution(status, flatten(line), 0, self.nodes)
