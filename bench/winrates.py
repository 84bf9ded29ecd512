"""The win-rate table of the one-player games: solver, hint player and greedy player.

    .venv/bin/python bench/winrates.py [--game ID ...] [--deals N] [--nodes N] [--jobs J]
    .venv/bin/python bench/winrates.py --report

For every deal 1..N of each game (default options) it runs
- the full-information solver (game/ai/search.py with the game's RULES; it sees the
  stock order) with a node budget: won, lost, or unknown when the budget runs out;
- a player that follows the hint (it sees only what a player sees), and
- the greedy baseline player,
and appends one line per deal to bench/results/<game>.csv. A run resumes where the
file stops, so the table can be grown in several sittings. `--report` turns the files
into docs/win-rates.md: per game the share of deals the solver proved winnable (and
the share it left undecided), the hint player's and the greedy player's win rates,
each with a 95% Wilson interval, and for the King's Keys games the mean and the
distribution of the best score. tools/make_deal_lists.py reads the same files.

Devil's Square and King's Square share their rules, their deck and their deals (one
engine, two stories), so one row, run as devils-square, stands for both.

Everything is deterministic (the hint is a function of the visible position), so a
deal's line in the file never changes for a given budget: grades made from it are
reproducible. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.intervals import wilson  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.ai.search import WON, solve  # noqa: E402
from game.games import load  # noqa: E402

RESULTS = ROOT / "bench" / "results"
REPORT = ROOT / "docs" / "win-rates.md"
GAMES = ("devils-square", "devils-grip", "kings-corner-solitaire")
NODES = {"devils-square": 20_000, "devils-grip": 50_000, "kings-corner-solitaire": 200_000}
FIELDS = ("deal", "solver", "value", "nodes", "ms", "hint_won", "hint_score",
          "greedy_won", "greedy_score")


def run_deal(task: tuple[str, int, int]) -> dict:
    game_id, deal, nodes = task
    cls = load(game_id)
    ai = solitaire.load(game_id)
    solution = solve(cls.new(deal=deal), ai.RULES, nodes)
    hint = solitaire.play_out(cls.new(deal=deal), ai.hint)
    greedy = solitaire.play_out(cls.new(deal=deal), ai.greedy)
    return {
        "deal": deal, "solver": solution.status, "value": solution.value,
        "nodes": solution.nodes, "ms": round(solution.seconds * 1000, 1),
        "hint_won": int(hint.won), "hint_score": hint.score,
        "greedy_won": int(greedy.won), "greedy_score": greedy.score,
    }


def read(game_id: str) -> list[dict]:
    path = RESULTS / f"{game_id}.csv"
    if not path.exists():
        return []
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        for name in FIELDS:
            if name not in ("solver", "ms"):
                row[name] = int(row[name])
        row["ms"] = float(row["ms"])
    return sorted(rows, key=lambda row: row["deal"])


def grow(game_id: str, deals: int, nodes: int, jobs: int) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{game_id}.csv"
    done = {row["deal"] for row in read(game_id)}
    todo = [(game_id, deal, nodes) for deal in range(1, deals + 1) if deal not in done]
    new_file = not path.exists()
    started = time.perf_counter()
    with path.open("a", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        if new_file:
            writer.writeheader()
        with ProcessPoolExecutor(jobs) as pool:
            for count, row in enumerate(pool.map(run_deal, todo, chunksize=8), 1):
                writer.writerow(row)
                if count % 200 == 0:
                    handle.flush()
                    rate = count / (time.perf_counter() - started)
                    print(f"{game_id}: {count}/{len(todo)} deals, {rate:.1f}/s", flush=True)


# -- the report ------------------------------------------------------------------------------

def percent(wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def section(game_id: str, rows: list[dict]) -> list[str]:
    cls = load(game_id)
    n = len(rows)
    status = Counter(verdict(row) for row in rows)
    title = "Devil's Square and King's Square" if game_id == "devils-square" else cls.title
    if cls.subtitle:
        title += f" ({cls.subtitle})"
    ms = sorted(row["ms"] for row in rows)
    within = sum(1 for row in rows if row["solver"] != "unknown" and row["ms"] <= 1000)
    lines = [
        f"## {title}",
        "",
        f"{n} deals (1 to {rows[-1]['deal']}), default options; solver budget "
        f"{NODES[game_id]:,} nodes a deal.",
        "",
        "| | share of deals |",
        "| --- | --- |",
        f"| winnable with full information (proved) | {percent(status[WON], n)} |",
        f"| (of which proved by the solver itself) | "
        f"{percent(sum(row['solver'] == WON for row in rows), n)} |",
        f"| proved lost | {percent(status['lost'], n)} |",
        f"| undecided within the budget | {percent(status['unknown'], n)} |",
        f"| won by the hint player | {percent(sum(r['hint_won'] for r in rows), n)} |",
        f"| won by the greedy player | {percent(sum(r['greedy_won'] for r in rows), n)} |",
        "",
        f"Solver time a deal: median {ms[n // 2]:.0f} ms, 90th percentile "
        f"{ms[int(n * 0.9)]:.0f} ms; decided within 1 s: {100 * within / n:.1f}%.",
        "",
    ]
    if game_id == "kings-corner-solitaire":
        won = status[WON]
        low, high = wilson(won, n)
        verdict_words = "far above" if high < 0.8 else "consistent with"
        lines += [
            f"The 80% of deals said to be winnable (a commercial app's claim) is "
            f"{verdict_words} what the solver finds under these rules (docs/rules.md section 4): "
            f"{100 * won / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}], every deal decided. "
            "Each lost deal is lost whatever is played: the stock brings a full grid with "
            "nothing to remove, or a court card with its spots full. A player who cannot "
            "see the stock wins far less often (the hint player, in the table above).",
            "",
        ]
    if game_id == "devils-square":
        lines += score_lines(rows)
    elif game_id == "devils-grip":
        lines += [
            f"Nearly every deal can be won when the stock order is known: at least "
            f"{100 * status[WON] / n:.1f}% (the solver wins most of the undecided ones "
            "too when given more time; it cannot prove a deal lost within any practical "
            "budget). The hint knows the order too once the first pass is over (every card "
            "dealt was seen, in order, and a redeal keeps it), and then searches for a "
            "winning line, so the hint player wins nearly as often. The page therefore "
            "offers graded deals, by the cards the greedy player (who plays by sight) "
            "leaves, rather than a \"winnable only\" list that would be nearly every deal.",
            "",
        ]
        for who in ("hint", "greedy"):
            left = [row[f"{who}_score"] for row in rows]
            lines.append(f"- {who} player: cards left, mean {statistics.mean(left):.1f}, "
                         f"median {statistics.median(left):.0f}; 10 or fewer (\"good\"): "
                         f"{100 * sum(s <= 10 for s in left) / n:.1f}%.")
        lines.append("")
    return lines


def verdict(row: dict) -> str:
    """won, lost or unknown: a deal the solver left undecided is still proved winnable
    when the hint or greedy player won it (their line is a winning line)."""
    if row["solver"] == WON or row["hint_won"] or row["greedy_won"]:
        return WON
    return row["solver"]


def score_lines(rows: list[dict]) -> list[str]:
    """Mean and distribution of the best score (books x 10) for the King's Keys games."""
    decided = [row for row in rows if verdict(row) != "unknown"]
    best = [160 if verdict(row) == WON else 10 * row["value"] for row in decided]
    hint = [row["hint_score"] for row in rows]
    greedy = [row["greedy_score"] for row in rows]
    lines = [
        f"Best score reachable (solver, over the {len(decided)} decided deals, where it is "
        f"exact): mean {statistics.mean(best):.1f}; the hint player's mean score "
        f"{statistics.mean(hint):.1f}, the greedy player's {statistics.mean(greedy):.1f}.",
        "",
        "| score | best reachable | hint player | greedy player |",
        "| --- | --- | --- | --- |",
    ]
    bands = [(0, 0), (10, 40), (50, 80), (90, 120), (130, 150), (160, 160)]
    for low, high in bands:
        label = str(low) if low == high else f"{low}–{high}"

        def share(values, low=low, high=high):
            return f"{100 * sum(low <= v <= high for v in values) / len(values):.1f}%"

        lines.append(f"| {label} | {share(best)} | {share(hint)} | {share(greedy)} |")
    lines.append("")
    return lines


def report() -> None:
    lines = [
        "# Win rates",
        "",
        "Written by `bench/winrates.py --report` from `bench/results/*.csv`; see that",
        "script's docstring for how each figure is made. Intervals are 95% Wilson",
        "intervals. *Full information* means the solver sees the stock order: it says",
        "whether a deal can be won at all, not how often a player wins it. The hint player",
        "sees only what the player sees and follows the page's Hint button every move; the",
        "greedy player is a simple baseline.",
        "",
    ]
    for game_id in GAMES:
        rows = read(game_id)
        if rows:
            lines += section(game_id, rows)
    REPORT.write_text("\n".join(lines))
    print(REPORT.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--nodes", type=int, help="solver budget (default: per game)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--report", action="store_true", help="only write docs/win-rates.md")
    args = parser.parse_args()
    if not args.report:
        for game_id in args.game or GAMES:
            grow(game_id, args.deals, args.nodes or NODES[game_id], args.jobs)
    report()


if __name__ == "__main__":
    main()
