"""The solvers, hints and baseline players of the one-player games.

A patience's GameInfo.ai names its module in `game.ai`, which exports `AI`, a
`SolitaireAI`:
- `RULES`: the `search.Rules` its full-information solver uses;
- `hint(game) -> Move | None`: the move the hint suggests, read only from what the
  player can see (never the stock order), and deterministic: the same visible
  position always gets the same hint;
- `greedy(game) -> Move | None`: a simple greedy player, the baseline of the
  win-rate table;
- `value_text(value) -> str`: what the solver's best value of a lost deal means, in
  words ("At most 3 books can be made."), or None when it says nothing to a player.

The page imports only the module of the game it shows (`load`), like `game.games`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from ..engine import Game, Move, Outcome
from .search import Rules, Search, Solution, solve

MAX_PLIES = 3_000  # a player that has not finished by then stops (gives up)

Player = Callable[[Game], Move | None]


@dataclass(frozen=True)
class SolitaireAI:
    RULES: Rules
    hint: Player
    greedy: Player
    value_text: Callable[[int], str] | None = None


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


def solver(game: Game, max_nodes: int = 200_000, max_seconds: float | None = None) -> Search:
    """A resumable full-information search of `game`'s position."""
    return Search(game, load(game.id).RULES, max_nodes, max_seconds)


def solve_game(game: Game, max_nodes: int = 200_000) -> Solution:
    return solve(game, load(game.id).RULES, max_nodes)


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
