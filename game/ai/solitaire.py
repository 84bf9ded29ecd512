"""The solvers, hints and baseline players of the one-player games, by game id.

Each game's module in `game.ai` has:
- `RULES`: the `search.Rules` its full-information solver uses;
- `hint(game) -> Move | None`: the move the hint suggests, read only from what the
  player can see (never the stock order), and deterministic: the same visible
  position always gets the same hint;
- `greedy(game) -> Move | None`: a simple greedy player, the baseline of the
  win-rate table.

The page imports only the module of the game it shows (`load`), like `game.games`.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ..engine import Game, Outcome
from .search import Search, Solution, solve

MODULES = {  # game id -> module of game.ai
    "devils-square": "kings_keys",
    "kings-square": "kings_keys",
    "devils-grip": "devils_grip",
    "kings-corner-solitaire": "kings_corner_solitaire",
}

MAX_PLIES = 3_000  # a player that has not finished by then stops (gives up)


def load(game_id: str) -> ModuleType:
    """The AI module of a one-player game; KeyError when it has none."""
    return import_module(f"{__package__}.{MODULES[game_id]}")


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
