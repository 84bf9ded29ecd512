"""The solvers, hints and baseline players of the one-player games.

A patience's GameInfo.ai names its module in `game.ai`, which exports `AI`, a
`SolitaireAI`:
- `new_search(game, max_nodes, max_seconds) -> Resumable`: its full-information solver,
  worked out in slices (`by_rules(RULES)` for the generic `search.Search`);
- `hint(game) -> Move | None`: the move the hint suggests, read only from what the
  player can see (never the stock order), and deterministic: the same visible
  position always gets the same hint;
- `hint_search(game) -> HintWork`: the same hint worked out in slices, so a page stays
  responsive while it thinks (`step(quota)` until True, then `move`);
- `greedy(game) -> Move | None`: a simple greedy player, the baseline of the
  win-rate table;
- `grading`: how tools/make_deal_lists.py grades its winnable deals (`Grading`), and
  `mode_gradings` for the modes of its tile whose deals get lists of their own (keyed by
  Mode.name; `grading_for`);
- `value_text(value) -> str`: what the solver's best value of a lost deal means, in
  words ("At most 3 books can be made."), or None when it says nothing to a player;
- `finish(game) -> Resumable | None`: whether the rest of the game is certain, so the
  page may offer to finish it (a Solution "won" whose `moves` it then plays), worked
  out in slices within FINISH_NODES positions; None when it is not worth looking
  (each game says when, and why, in its own module).

The page imports only the module of the game it shows (`load`), like `game.games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Protocol

from ..engine import Game, Move, Outcome
from .search import Rules, Search, Solution

MAX_PLIES = 3_000  # a player that has not finished by then stops (gives up)
FINISH_NODES = 1_500  # positions a "Finish the game" check searches at most, after a move

Player = Callable[[Game], Move | None]


class Resumable(Protocol):
    """A full-information search worked out in slices (search.Search is one)."""

    nodes: int

    @property
    def progress(self) -> float: ...

    def step(self, quota: int) -> Solution | None: ...

    def run(self) -> Solution: ...


class HintWork(Protocol):
    """A hint worked out in slices: `step(quota)` until it returns True, then `move`
    (None: nothing to hint)."""

    move: Move | None
    done: bool

    @property
    def progress(self) -> float: ...

    def step(self, quota: int) -> bool: ...


@dataclass(frozen=True)
class Grading:
    """How tools/make_deal_lists.py grades a game's winnable deals easy, medium or hard
    from one baseline player's result on each (bench/winrates.py): easy when it won or its
    score reaches `easy` (None: only a win), medium when the score reaches `medium`, else
    hard; "reaches" is at most for a game whose score counts what is left
    (GameInfo.lower_is_better). `words` say it to the player (the deal list's note);
    `winnable_list` is False where nearly every deal can be won, so a list of the winnable
    ones would say nothing; `graded` is False where no player by sight wins any, so grades
    would say nothing either (only the winnable list is made)."""

    player: str  # "hint" or "greedy"
    medium: int
    words: str
    easy: int | None = None
    winnable_list: bool = True
    graded: bool = True

    def grade(self, won: bool, score: int, lower_is_better: bool) -> str:
        def reaches(bound: int | None) -> bool:
            if bound is None:
                return False
            return score <= bound if lower_is_better else score >= bound

        if won or reaches(self.easy):
            return "easy"
        return "medium" if reaches(self.medium) else "hard"


@dataclass(frozen=True)
class SolitaireAI:
    """A patience's computer help: its resumable search and its hint player."""

    new_search: Callable[[Game, int, float | None], Resumable]
    hint: Player
    greedy: Player
    hint_search: Callable[[Game], HintWork]
    grading: Grading | None = None
    value_text: Callable[[int], str] | None = None
    finish: Callable[[Game], Resumable | None] | None = None
    mode_gradings: Mapping[str, Grading] = field(default_factory=dict)

    def grading_for(self, mode: str) -> Grading | None:
        """The grading of the deals of a mode (Mode.name; "" for the default options), or
        None when that mode's deals get no lists."""
        return self.grading if not mode else self.mode_gradings.get(mode)


def by_rules(rules: Rules) -> Callable[[Game, int, float | None], Resumable]:
    """The generic depth-first `search.Search` with a game's `rules`, as a `new_search`."""
    def new_search(game: Game, max_nodes: int = 200_000,
                   max_seconds: float | None = None) -> Resumable:
        return Search(game, rules, max_nodes, max_seconds)
    return new_search


def load(game_id: str) -> SolitaireAI:
    """The AI of a one-player game; KeyError when it has none."""
    from ..games import load as load_game

    info = load_game(game_id)
    if not info.has_hints:
        raise KeyError(game_id)
    ai = import_module(info.ai).AI
    if not isinstance(ai, SolitaireAI):
        raise TypeError(f"{info.ai}.AI is not a SolitaireAI.")
    return ai


def solver(game: Game, max_nodes: int = 200_000,
           max_seconds: float | None = None) -> Resumable:
    """A resumable full-information search of `game`'s position (`step(quota)`)."""
    return load(game.id).new_search(game, max_nodes, max_seconds)


def solve_game(game: Game, max_nodes: int = 200_000) -> Solution:
    return solver(game, max_nodes).run()


def hint_search(game: Game) -> HintWork:
    """The resumable hint of `game`'s position: `step(quota)` until it returns True,
    then `.move` (None: nothing to hint)."""
    return load(game.id).hint_search(game)


def finish_search(game: Game) -> Resumable | None:
    """The resumable check of whether the rest of `game` is certain (`SolitaireAI.finish`):
    `step(quota)` until it returns a Solution; status "won" means certain, with the line
    to play. None: nothing to check here."""
    finish = load(game.id).finish
    return None if finish is None or game.is_over() else finish(game)


def play_out(game: Game, policy) -> Outcome:
    """Play `game` to its end with `policy(game) -> Move | None` (None: give up)."""
    for _ in range(MAX_PLIES):
        if game.is_over():
            break
        move = policy(game)
        if move is None:
            game.resign()
            break
        game.push(move)
    else:
        game.resign()
    outcome = game.outcome()
    assert outcome is not None
    return outcome
