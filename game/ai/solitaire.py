"""The solvers, hints and baseline players of the one-player games, by game id.

Each game's module in `game.ai` has:
- `new_search(game, max_nodes, max_seconds)`: its resumable full-information solver
  (`step(quota)` -> Solution or None, `progress`, `nodes`), or `RULES`: the
  `search.Rules` the generic `search.Search` solves it with;
- `HintSearch(game)`: the hint worked out in slices (`step(quota)` -> done, then
  `move`), and `hint(game) -> Move | None`: the same run to the end. Both read only what
  the player can see (never the stock order) and are deterministic: the same visible
  position always gets the same hint;
- `greedy(game) -> Move | None`: a simple greedy player, the baseline of the
  win-rate table.

The page imports only the module of the game it shows (`load`), like `game.games`.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ..engine import Game, Outcome
from .search import Search, Solution

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


def solver(game: Game, max_nodes: int = 200_000, max_seconds: float | None = None):
    """A resumable full-information search of `game`'s position (`step(quota)`)."""
    module = load(game.id)
    if hasattr(module, "new_search"):
        return module.new_search(game, max_nodes, max_seconds)
    return Search(game, module.RULES, max_nodes, max_seconds)


def solve_game(game: Game, max_nodes: int = 200_000) -> Solution:
    return solver(game, max_nodes).run()


def hint_search(game: Game):
    """The resumable hint of `game`'s position: `step(quota)` until it returns True,
    then `.move` (None: nothing to hint)."""
    return load(game.id).HintSearch(game)


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
