"""The full-information solvers' speed: deals a second, nodes a second, peak memory, and
the share of deals decided within one second each.

    .venv/bin/python bench/solver.py [--deals N] [--first D] [--game ID ...] [--seconds S]
        [--mode NAME]

For each one-player game (default options, or the mode NAME as bench/winrates.py names
the modes, e.g. `--game devils-grip --mode passes1`) it solves deals D..D+N-1, each with one
second of search (--seconds) of CPU time, then solves the first tenth of them again
under tracemalloc for the peak memory of one search (tracemalloc slows Python down, so
the speed figures come from the first pass). Times are CPU seconds of this process
(time.process_time): the development machine is shared, and its load would otherwise
decide the figures; the wall-clock time of the whole run is printed too. The budget is
checked between slices of 10,000 nodes, so a search may overrun it by a slice
(bench/winrates.py uses node budgets instead, so its verdicts do not depend on the
machine). A node is one step of the search (for the King's Keys games a macro move:
shuffles within one colour and then a book or a new card). Deals that exhaust the budget
count as not decided. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.winrates import GAMES, options_of  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.games import load  # noqa: E402

SLICE = 10_000


def solve_timed(game, budget_seconds: float):
    """Solve `game` in slices until decided or `budget_seconds` of CPU time are spent:
    (solution or None, CPU seconds, nodes searched, an undecided search's too)."""
    search = solitaire.solver(game, max_nodes=10**9)
    started = time.process_time()
    while True:
        solution = search.step(SLICE)
        spent = time.process_time() - started
        if solution is not None:
            return solution, spent, search.nodes
        if spent >= budget_seconds:
            return None, spent, search.nodes


def measure(game_id: str, first: int, deals: int, budget_seconds: float,
            mode: str = "") -> None:
    cls = load(game_id).engine
    options = options_of(game_id, mode)
    seconds, nodes, decided_fast, statuses = [], 0, 0, []
    wall = time.perf_counter()
    for deal in range(first, first + deals):
        game = cls.new(deal=deal, **options)
        solution, spent, search_nodes = solve_timed(game, budget_seconds)
        seconds.append(spent)
        nodes += search_nodes
        statuses.append(solution.status if solution else "unknown")
        decided_fast += solution is not None and solution.decided and spent <= budget_seconds
    wall = time.perf_counter() - wall
    peaks = []
    for deal in range(first, first + max(1, deals // 10)):
        tracemalloc.start()
        solve_timed(cls.new(deal=deal, **options), budget_seconds)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
    cpu = sum(seconds)
    name = f"{game_id} {mode}" if mode else game_id
    print(f"{name}: deals {first}-{first + deals - 1}, {budget_seconds:g} s of CPU time "
          f"each at most ({wall:.0f} s of wall-clock time in all)")
    ranked = sorted(seconds)
    p99 = ranked[min(deals - 1, int(deals * 0.99))]  # the same rank as bench/winrates.py's
    print(f"  {deals / cpu:.1f} deals/s, {nodes / cpu:,.0f} nodes/s (CPU); median "
          f"{statistics.median(seconds) * 1000:.0f} ms a deal, 99th percentile "
          f"{p99 * 1000:.0f} ms, max {max(seconds):.2f} s")
    print(f"  won {statuses.count('won')}, lost {statuses.count('lost')}, "
          f"unknown {statuses.count('unknown')}; decided within {budget_seconds:g} s: "
          f"{100 * decided_fast / deals:.1f}%")
    print(f"  peak memory of one search: median {statistics.median(peaks):.2f} MB, "
          f"max {max(peaks):.2f} MB (tracemalloc, {len(peaks)} deals)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1_000_001)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--mode", default="",
                        help="a mode's name as bench/winrates.py gives it (default options)")
    args = parser.parse_args()
    for game_id in args.game or GAMES:
        measure(game_id, args.first, args.deals, args.seconds, args.mode)


if __name__ == "__main__":
    main()
