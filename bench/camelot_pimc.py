"""Would perfect-information Monte Carlo make a better no-peek hint for Kings in the
Corner (Camelot)? An experiment for issue 17, item 3, not a test: it asserts nothing.

    .venv/bin/python bench/camelot_pimc.py [--first N] [--deals N] [--samples K]
        [--nodes B] [--unknown loss|half] [--horizon full|phase] [--swap] [--strict]

Plays deals first..first+N-1 twice and prints each win rate with its 95% Wilson interval
and CPU seconds a game:
- the hint player (game/ai/kings_corner_solitaire.py: `hint`), as bench/winrates.py does;
- a PIMC player: at each decision with more than one candidate (a number card on the
  first empty cell of each kind of cell; a removing phase's distinct ends,
  `removal_outcomes`, of which it plays the first removal), it draws K orders of the
  unseen cards (game/ai/sampling.py: `sampler` seeded from a text of the visible position
  only, `sample`), puts each under the turned card as the stock, solves each candidate's
  position with the full-information solver (`RULES`, search.Search) within B nodes,
  and plays the candidate that wins the most samples (`Tally`; ties and no win at all go
  to the hint's choice). An undecided solve counts as a loss (`--unknown loss`) or half
  a win (`--unknown half`: the tally counts in halves).
  `--horizon phase`: a sample is not solved to the end but only until the next removing
  phase is over (a cheap fix for strategy fusion: the solver sees the future only up to
  where the grid is next refilled), and valued there by the hint's own `window_value` of
  the filling that follows (the sum over samples, not a count of wins).

Deterministic: the samples are seeded from the visible position alone.

Results (default options, November 2026; the hint on the same deals: 6.9% of 1-1000,
13 of 1-200, 7 of 1-100; an undecided solve counts as a loss, 1.3% of solves are):
- full horizon, K=20, 2,000 nodes: deals 1-1000, 70 won, 7.0% [5.6%, 8.8%] against the
  hint's 69, 6.9% [5.5%, 8.6%]; 2.0 s of CPU a game (about 900 solves a game, a third of
  samples lost whatever is played); it plays another move than the hint at 16% of the
  decisions it weighs, for nothing. Deals 1-200: 15 against 13. With `--margin 3`
  (another move only when it wins 3 more of the 20 samples): 13 of 1-200, 85 changes in
  5,063 decisions. K=30 with an undecided solve as half a win: 12 of 1-200 (6.0%
  [3.5%, 10.2%]), 3.0 s a game.
- `--horizon phase`, K=20, 500 nodes: 5 of deals 1-100, 4.3 s a game (stopped there).
- `--horizon hint` (the hint plays on blind until the grid is full, the solver from the
  removing phase on), K=20: 1 of deals 1-100 (stopped there): its choices are mostly
  noise, and noise sends number cards to court spots the hint keeps free.
Why: the candidates' sampled win counts differ by a point or two in a hundred (deal 9,
the second card, 100 samples: 59, 57, 57, 56 for the centre, King, Queen and Jack
cells), below what 20 samples tell apart, and the clairvoyant solver recovers from
nearly any placement (strategy fusion), so the counts say little about a blind player.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.camelot_ceiling import courts_left  # noqa: E402
from bench.intervals import wilson  # noqa: E402
from game.ai import kings_corner_solitaire as kcs  # noqa: E402
from game.ai import search, solitaire  # noqa: E402
from game.ai.sampling import sample, sampler  # noqa: E402
from game.games.kings_corner_solitaire import INFO, KIC_DECK, Place  # noqa: E402

GAME = INFO.engine
STATS = {"decisions": 0, "solves": 0, "unknown": 0, "dead": 0, "changed": 0}


def visible_text(game) -> str:
    turned = "" if game.removing else game.stock[-1]
    return "|".join([",".join(card or "-" for card in game.cells), turned,
                     ",".join(sorted(game.discard)), str(len(game.stock)),
                     str(game.removing), str(game.options["swap"]),
                     str(game.options["strict"])])


def unseen_cards(game) -> list[str]:
    seen = {card for card in game.cells if card is not None} | set(game.discard)
    if not game.removing:
        seen.add(game.stock[-1])
    return sorted(card for card in KIC_DECK if card not in seen)


def scratch(game, stock: list[str]):
    """A private copy of the position with `stock` as its stock (no history)."""
    other = copy.copy(game)
    other.cells = list(game.cells)
    other.discard = list(game.discard)
    other.stock = stock
    other.move_stack = []
    other._undo_stack = []
    other._moved()
    return other


def candidates_of(game, hint_move):
    """(candidates, move to play for each): the hint's own choice first."""
    kind_of, groups = kcs.LAYOUT[game.options["swap"]]
    cells = game.cells
    if game.removing:
        found = []
        for moves, _freed, _removed in kcs.removal_outcomes(cells, kind_of):
            found.append(search.Line(moves))
        empty = kcs.empty_after(cells, kind_of)
        best = kcs._best_phase_end(cells, kind_of, empty, courts_left(cells),
                                   len(game.stock))
        found.sort(key=lambda line: line.moves != best[1])  # the hint's end first
        return found
    card = game.stock[-1]
    if not kcs.NUMBER[card]:
        return [hint_move]
    found = []
    for kind in range(kcs.KINDS):
        cell = next((c for c in groups[kind] if cells[c] is None), None)
        if cell is not None:
            found.append(Place(cell))
    found.sort(key=lambda move: move != hint_move)
    return found


def phase_value(game) -> float:
    """After the next removing phase: the hint's chance for the filling that follows."""
    kind_of, _groups = kcs.LAYOUT[game.options["swap"]]
    left = courts_left(game.cells)
    empty = kcs.empty_after(game.cells, kind_of)
    numbers = max(0, len(game.stock) - sum(left))
    return kcs.window_value(tuple(empty), tuple(left), numbers)


def solve_to_phase_end(game, budget: int) -> float:
    """Best value over lines (the solver's moves, which see this sample) until the next
    removing phase is over: 1 for a win, 0 for a loss, else the window value there."""
    best = [0.0]
    nodes = [0]
    seen = set()

    def walk(seen_phase: bool) -> None:
        if nodes[0] >= budget or best[0] >= 1.0:
            return
        key = (kcs.RULES.key(game), seen_phase)
        if key in seen:
            return
        seen.add(key)
        if kcs.RULES.won(game):
            best[0] = 1.0
            return
        if game.is_over():
            return
        if seen_phase and not game.removing:
            best[0] = max(best[0], phase_value(game))
            return
        for move in kcs.RULES.moves(game):
            nodes[0] += 1
            undo = search.apply(game, move)
            game._moved()
            walk(seen_phase or game.removing)
            search.unapply(game, move, undo)
            if nodes[0] >= budget or best[0] >= 1.0:
                return

    walk(game.removing)
    if nodes[0] >= budget:
        STATS["unknown"] += 1
    return best[0]


def hint_then_solve(game, budget: int, unknown: str) -> float:
    """The hint plays on (blind, as a player would) until the grid is full; from the
    removing phase then, the solver: 1 won, 0 lost (undecided: 0 or 1/2)."""
    played = []
    while not game.removing and not game.is_over():
        move = kcs.hint(game)
        played.append((move, search.apply(game, move)))
        game._moved()
    if kcs.RULES.won(game):
        value = 1.0
    elif game.is_over():
        value = 0.0
    else:
        solution = search.solve(game, kcs.RULES, budget)
        value = 1.0 if solution.status == search.WON else 0.0
        if solution.status == search.UNKNOWN:
            STATS["unknown"] += 1
            value = 0.5 if unknown == "half" else 0.0
    for move, undo in reversed(played):
        search.unapply(game, move, undo)
    return value


def pimc(game, samples: int, nodes: int, unknown: str, horizon: str, margin: float = 0):
    if game.is_over():
        return None
    hint_move = kcs.hint(game)
    candidates = candidates_of(game, hint_move)
    if len(candidates) <= 1:
        return hint_move
    STATS["decisions"] += 1
    rng = sampler(visible_text(game))
    unseen = unseen_cards(game)
    score = [0.0] * len(candidates)
    for _ in range(samples):
        order = sample(unseen, rng)
        stock = order if game.removing else order + [game.stock[-1]]
        position = scratch(game, stock)
        if kcs.RULES.plan(position).dead:
            STATS["dead"] += 1
            continue
        allowed = kcs.RULES.moves(position)
        for i, move in enumerate(candidates):
            if horizon != "phase" and move not in allowed:
                continue  # a cut of the sound solver: this candidate loses this sample
            undo = search.apply(position, move)
            position._moved()
            STATS["solves"] += 1
            if horizon == "phase":
                score[i] += solve_to_phase_end(position, nodes)
            elif horizon == "hint":
                score[i] += hint_then_solve(position, nodes, unknown)
            elif kcs.RULES.won(position):
                score[i] += 1
            else:
                solution = search.solve(position, kcs.RULES, nodes)
                if solution.status == search.WON:
                    score[i] += 1
                elif solution.status == search.UNKNOWN:
                    STATS["unknown"] += 1
                    score[i] += 0.5 if unknown == "half" else 0.0
            search.unapply(position, move, undo)
    top = max(score)
    if top <= 0 or top - score[0] < margin:
        return hint_move
    chosen = candidates[score.index(top)]
    if chosen != candidates[0]:
        STATS["changed"] += 1
    return chosen.moves[0] if isinstance(chosen, search.Line) else chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=2_000)
    parser.add_argument("--unknown", choices=("loss", "half"), default="loss")
    parser.add_argument("--horizon", choices=("full", "phase", "hint"), default="full")
    parser.add_argument("--margin", type=float, default=0,
                        help="play another candidate than the hint's only when it wins at "
                             "least this many more samples")
    parser.add_argument("--swap", action="store_true")
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--skip-hint", action="store_true")
    args = parser.parse_args()
    options = {"swap": args.swap, "strict": args.strict}
    deals = range(args.first, args.first + args.deals)
    players = [("PIMC player", lambda g: pimc(g, args.samples, args.nodes, args.unknown,
                                               args.horizon, args.margin))]
    if not args.skip_hint:
        players.insert(0, ("hint player", kcs.hint))
    print(f"deals {deals.start}-{deals.stop - 1}, K={args.samples}, budget {args.nodes} "
          f"nodes a solve, unknown={args.unknown}, horizon={args.horizon}, "
          f"margin={args.margin}", flush=True)
    for name, player in players:
        started = time.process_time()
        won = 0
        wins = []
        for n, deal in enumerate(deals, 1):
            if solitaire.play_out(GAME.new(deal=deal, **options), player).won:
                won += 1
                wins.append(deal)
            if n % 50 == 0:
                print(f"  {name}: {won} of {n} ({time.process_time() - started:.0f} s)",
                      flush=True)
        cpu = time.process_time() - started
        low, high = wilson(won, len(deals))
        print(f"{name}: {won} of {len(deals)} = {won / len(deals):.1%} "
              f"[{low:.1%}, {high:.1%}], {cpu / len(deals):.2f} s of CPU a game", flush=True)
        print(f"  won: {wins}", flush=True)
    print(f"  {STATS}", flush=True)


if __name__ == "__main__":
    main()
