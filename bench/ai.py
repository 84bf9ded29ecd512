"""Kings in the Corner's computer opponents against each other: win rates and think time.

    .venv/bin/python bench/ai.py [--games N] [--seed S] [--jobs J] [--only NAME ...]

Tables (each a whole game: a Jax game is a match to 100 points over many hands, a
Classic game a single hand, the default rules):

  jax3-hard    three-player Jax, Hard against two Normal players
  jax2-normal  two-player Jax, Normal against Easy
  jax3-normal  three-player Jax, Normal against two Easy players
  classic3     three-player Classic, Hard against two Normal players
  classic2     two-player Classic, Normal against Easy

The seat of the player under test turns round the table from game to game (game i puts
it at seat i mod n; the first dealer is seat 0), so no seat is favoured. Every seat
decides from its own view with its own seeded random.Random, so a run is reproducible.

Printed per table: the games the player under test won, with a 95% Wilson interval and
the fair share (1/n); the hands it won (a Jax game has many); and per level the seconds
per decision, median and p95 (and the max), over every call to `choose` and over the
calls that had a choice to make (some play was legal). Targets (the issue): Hard wins at
least 45% of three-player Jax games against two Normal players; Normal clearly beats
Easy; a Hard decision takes at most 200 ms in CPython.

A benchmark, not a test: it asserts nothing. --games sets the games of every table (the
default gives each table its own count and the whole run stays under about 10 minutes
on one core); --jobs runs games in that many processes (the think times are then
measured under the load of the other processes).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.intervals import wilson  # noqa: E402
from game.ai.kings_corner import choose  # noqa: E402
from game.games.kings_corner import NEXT_HAND, KingsCorner, plays_for  # noqa: E402

# name -> (rules, levels with the player under test first, default games)
TABLES = {
    "jax3-hard": ("jax", ("hard", "normal", "normal"), 60),
    "jax2-normal": ("jax", ("normal", "easy"), 200),
    "jax3-normal": ("jax", ("normal", "easy", "easy"), 200),
    "classic3": ("classic", ("hard", "normal", "normal"), 150),
    "classic2": ("classic", ("normal", "easy"), 600),
}
MAX_MOVES = 200_000  # a runaway game is a bug: stop and say so


def play_game(task: tuple) -> dict:
    """One whole game of a table; the player under test sits at seat `game % n`."""
    name, seed, game = task
    rules, levels, _ = TABLES[name]
    n = len(levels)
    shift = game % n
    seats = [levels[(seat - shift) % n] for seat in range(n)]  # seats[shift] == levels[0]
    deal = seed * 100_000 + game + 1
    g = KingsCorner.new(deal=deal, rules=rules, players="".join("2" for _ in seats))
    rngs = [random.Random(f"{seed}/{name}/{game}/{seat}") for seat in range(n)]
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    choice_times: dict[str, list[float]] = {level: [] for level in set(levels)}
    under = rules == "classic" and g.options["under"]
    hands_won = 0
    hands = 0
    moves = 0
    while not g.is_over():
        if g.hand_over is not None:
            hands += 1
            hands_won += g.hand_over.winner == shift
            g.push(NEXT_HAND)
            continue
        seat = g.to_move
        view = g.view(seat)
        level = seats[seat]
        t0 = time.perf_counter()
        move = choose(view, level, rngs[seat])
        dt = time.perf_counter() - t0
        times[level].append(dt)
        if plays_for(view["hand"], view["stalls"], under):
            choice_times[level].append(dt)
        g.push(move)
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"{name} game {game} (deal {deal}) did not end")
    hands += 1
    hands_won += g.hand_over.winner == shift
    return {"name": name, "won": g.winner() == shift, "hands": hands,
            "hands_won": hands_won, "times": times, "choice_times": choice_times}


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(values: list[float]) -> str:
    if not values:
        return "no decisions"
    return (f"median {1000 * statistics.median(values):6.2f} ms, p95 "
            f"{1000 * quantile(values, 0.95):6.1f} ms, max {1000 * max(values):6.1f} ms "
            f"({len(values)} decisions)")


def report(name: str, results: list[dict], seconds: float) -> None:
    rules, levels, _ = TABLES[name]
    n = len(levels)
    games = len(results)
    won = sum(r["won"] for r in results)
    hands = sum(r["hands"] for r in results)
    hands_won = sum(r["hands_won"] for r in results)
    lo, hi = wilson(won, games)
    hlo, hhi = wilson(hands_won, hands)
    others = " and ".join(sorted(set(levels[1:])))
    print(f"\n{name}: {rules}, {n} players, {levels[0]} against {n - 1} {others} "
          f"({games} games, {seconds:.0f} s)")
    print(f"  games won by {levels[0]}: {won}/{games} = {won / games:.1%} "
          f"[95% CI {lo:.1%}, {hi:.1%}]  (fair share {1 / n:.1%})")
    if hands != games:
        print(f"  hands won by {levels[0]}: {hands_won}/{hands} = {hands_won / hands:.1%} "
              f"[95% CI {hlo:.1%}, {hhi:.1%}]")
    for level in sorted(set(levels), key=levels.index):
        every = [t for r in results for t in r["times"][level]]
        choice = [t for r in results for t in r["choice_times"][level]]
        print(f"  {level:6} every decision:   {ms(every)}")
        print(f"  {level:6} with a choice:    {ms(choice)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per table (default: per table)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--only", nargs="*", choices=sorted(TABLES), help="these tables")
    args = parser.parse_args()
    names = args.only or list(TABLES)
    print(f"Kings in the Corner AI tournament, seed {args.seed}, {args.jobs} process(es)")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in names:
            games = args.games or TABLES[name][2]
            tasks = [(name, args.seed, game) for game in range(games)]
            results = []
            t0 = time.perf_counter()
            mapped = pool.map(play_game, tasks, chunksize=4) if pool else map(play_game, tasks)
            step = max(1, games // 10)
            for result in mapped:
                results.append(result)
                done = len(results)
                if done % step == 0 or done == games:
                    won = sum(r["won"] for r in results)
                    print(f"  {name}: {done}/{games} games, {won / done:.1%} won by "
                          f"{TABLES[name][1][0]}, {time.perf_counter() - t0:.0f} s",
                          file=sys.stderr, flush=True)
            report(name, results, time.perf_counter() - t0)
    finally:
        if pool:
            pool.shutdown()


if __name__ == "__main__":
    main()
