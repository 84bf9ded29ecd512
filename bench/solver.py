"""The full-information solvers' speed: deals a second, nodes a second, peak memory, and
the share of deals decided within one second each.

    .venv/bin/python bench/solver.py [--deals N] [--first D] [--game ID ...]

For each one-player game (default options) it solves deals D..D+N-1, each with one
second of search (--seconds), then solves the first tenth of them again under
tracemalloc for the peak memory of one search (tracemalloc slows Python down, so the
speed figures come from the first pass). The time budget is checked between slices of
10,000 nodes, so a search may overrun it by a slice. (bench/winrates.py uses node
budgets instead, so that its results do not depend on the machine.) A node is one
step of the search (for the King's Keys games a macro move: shuffles within one colour
and then a book or a new card). Deals that exhaust the budget count as not decided.
A benchmark, not a test: it asserts nothing.
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

from bench.winrates import GAMES  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.ai.search import solve  # noqa: E402
from game.games import load  # noqa: E402


def measure(game_id: str, first: int, deals: int, budget_seconds: float) -> None:
    cls, rules = load(game_id), solitaire.load(game_id).RULES
    budget = 10**9
    seconds, nodes, decided_fast, statuses = [], 0, 0, []
    started = time.perf_counter()
    for deal in range(first, first + deals):
        solution = solve(cls.new(deal=deal), rules, budget, budget_seconds)
        seconds.append(solution.seconds)
        nodes += solution.nodes
        statuses.append(solution.status)
        decided_fast += solution.decided and solution.seconds <= budget_seconds
    wall = time.perf_counter() - started
    peaks = []
    for deal in range(first, first + max(1, deals // 10)):
        tracemalloc.start()
        solve(cls.new(deal=deal), rules, budget, budget_seconds)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
    print(f"{game_id}: {deals} deals, {budget_seconds:g} s of search each at most")
    print(f"  {deals / wall:.1f} deals/s, {nodes / sum(seconds):,.0f} nodes/s; "
          f"median {statistics.median(seconds) * 1000:.0f} ms a deal, "
          f"max {max(seconds):.2f} s")
    print(f"  won {statuses.count('won')}, lost {statuses.count('lost')}, "
          f"unknown {statuses.count('unknown')}; decided within {budget_seconds:g} s: "
          f"{100 * decided_fast / deals:.0f}%")
    print(f"  peak memory of one search: median {statistics.median(peaks):.2f} MB, "
          f"max {max(peaks):.2f} MB (tracemalloc, {len(peaks)} deals)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=1_000_001)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args()
    for game_id in args.game or GAMES:
        measure(game_id, args.first, args.deals, args.seconds)


if __name__ == "__main__":
    main()
