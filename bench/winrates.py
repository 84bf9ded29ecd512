"""The win-rate table of the one-player games: solver, hint player and greedy player.

    .venv/bin/python bench/winrates.py [--game ID ...] [--mode NAME ...]
        [--player solver|hint|greedy ...] [--deals N] [--nodes N] [--jobs J]
    .venv/bin/python bench/winrates.py --retry [--nodes N]     (undecided deals again)
    .venv/bin/python bench/winrates.py --report

For every deal 1..N of each patience (the registry's games with hints, one per set of
shared deals), in the default options and every mode its tile offers (GameInfo.modes,
Guard mode aside: it changes the page, not the deals), it runs
- the full-information solver (it sees the stock order) with a node budget: won, lost,
  or unknown when the budget runs out (`--retry` solves those again with a bigger one);
- a player that follows the hint (it sees only what a player sees), and
- the greedy baseline player,
each into its own file, bench/results/<game>[.<mode>].<player>.csv, one line per deal,
so each grows on its own and a run resumes where its file stops (the hint player costs
far more than the others). `--report` turns the files into docs/win-rates.md: per game
and mode the share of deals proved winnable (0 undecided is the aim), the hint player's
and the greedy player's win rates, each with a 95% Wilson interval and the number of
deals it covers. tools/make_deal_lists.py reads the same files.

Times are CPU seconds of the process (time.process_time), so a busy machine does not
inflate them. Games that share their deals (GameInfo.deals: Devil's Square and King's
Square, one engine, two stories) share one row, run as the game whose deals they are.

Everything is deterministic (the hint is a function of the visible position), so a
deal's line in a file never changes for a given budget: grades made from it are
reproducible. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.intervals import wilson  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.ai.search import WON  # noqa: E402
from game.games import load, load_all  # noqa: E402
from game.ui.urlstate import mode_options  # noqa: E402

RESULTS = ROOT / "bench" / "results"
REPORT = ROOT / "docs" / "win-rates.md"
GAMES = tuple(info.id for info in sorted(load_all().values(), key=lambda i: i.list_order)
              if info.has_hints and info.deals_id == info.id)
NODES = 2_000_000
RETRY_NODES = 50_000_000
PLAYERS = ("solver", "greedy", "hint")
FIELDS = {"solver": ("deal", "status", "value", "nodes", "ms"),
          "hint": ("deal", "won", "score", "ms"),
          "greedy": ("deal", "won", "score", "ms")}


def path_of(game_id: str, mode: str, player: str) -> Path:
    return RESULTS / f"{game_id}{'.' + mode if mode else ''}.{player}.csv"


def modes_of(game_id: str) -> list[tuple[str, dict, str]]:
    """(name, options, words) of the default options ("") and each mode of the game's
    tile that deals or plays differently (Mode.name: "draw=1" -> "draw1")."""
    info = load(game_id)
    found = [("", {}, "default options")]
    for mode in info.modes:
        options = mode_options(game_id, mode)
        if set(options) <= {"guard"}:
            continue
        found.append((mode.name, options, f"{info.options_text(options)} (`{mode.query}`)"))
    return found


def options_of(game_id: str, mode: str) -> dict:
    return next(options for name, options, _words in modes_of(game_id) if name == mode)


def run_deal(task: tuple[str, str, str, int, int]) -> dict:
    game_id, mode, player, deal, nodes = task
    cls = load(game_id).engine
    options = options_of(game_id, mode)
    started = time.process_time()
    if player == "solver":
        solution = solitaire.solve_game(cls.new(deal=deal, **options), nodes)
        return {"deal": deal, "status": solution.status, "value": solution.value,
                "nodes": solution.nodes, "ms": round((time.process_time() - started) * 1000, 1)}
    ai = solitaire.load(game_id)
    outcome = solitaire.play_out(cls.new(deal=deal, **options), getattr(ai, player))
    return {"deal": deal, "won": int(outcome.won), "score": outcome.score,
            "ms": round((time.process_time() - started) * 1000, 1)}


def read(game_id: str, mode: str = "", player: str = "solver") -> dict[int, dict]:
    """deal -> row of one player's file (empty when there is none)."""
    path = path_of(game_id, mode, player)
    if not path.exists():
        return {}
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    found = {}
    for row in rows:
        for name in FIELDS[player]:
            if name == "ms":
                row[name] = float(row[name]) if row[name] else None  # None: not timed
            elif name != "status":
                row[name] = int(row[name])
        found[row["deal"]] = row  # a later line (a retry) replaces an earlier one
    return dict(sorted(found.items()))


def grow(game_id: str, mode: str, player: str, deals: int, nodes: int, jobs: int,
         only: list[int] | None = None) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = path_of(game_id, mode, player)
    if only is None:
        done = read(game_id, mode, player)
        only = [deal for deal in range(1, deals + 1) if deal not in done]
    todo = [(game_id, mode, player, deal, nodes) for deal in only]
    if not todo:
        return
    new_file = not path.exists()
    started = time.perf_counter()
    with path.open("a", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS[player])
        if new_file:
            writer.writeheader()
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                rows = pool.map(run_deal, todo, chunksize=4)
                _write(rows, writer, handle, game_id, mode, player, len(todo), started)
        else:
            _write(map(run_deal, todo), writer, handle, game_id, mode, player, len(todo),
                   started)


def _write(rows, writer, handle, game_id, mode, player, total, started) -> None:
    for count, row in enumerate(rows, 1):
        writer.writerow(row)
        handle.flush()
        if count % 100 == 0:
            rate = count / (time.perf_counter() - started)
            print(f"{game_id}{'.' + mode if mode else ''} {player}: {count}/{total} deals, "
                  f"{rate:.2f}/s", flush=True)


def retry(game_id: str, mode: str, nodes: int, jobs: int) -> None:
    """Solve the deals the solver left undecided again, with `nodes`; the new line is
    appended and replaces the old one when read. A deal already left undecided with
    `nodes` or more is skipped: the solver is deterministic, so it would be again."""
    unknown = [deal for deal, row in read(game_id, mode).items()
               if row["status"] == "unknown" and int(row["nodes"]) < nodes]
    if unknown:
        print(f"{game_id}{'.' + mode if mode else ''}: retrying {len(unknown)} deals "
              f"with {nodes:,} nodes", flush=True)
        grow(game_id, mode, "solver", 0, nodes, jobs, only=unknown)


# -- the report ------------------------------------------------------------------------------

def percent(wins: int, n: int) -> str:
    if not n:
        return "–"
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def verdict(solver: dict | None, hint: dict | None, greedy: dict | None) -> str:
    """won, lost or unknown: a deal the solver left undecided is still proved winnable
    when the hint or greedy player won it (their line is a winning line)."""
    if (solver and solver["status"] == WON) or (hint and hint["won"]) or (
            greedy and greedy["won"]):
        return WON
    return solver["status"] if solver else "unknown"


def verdicts(game_id: str, mode: str = "") -> dict[int, str]:
    """deal -> verdict, for every deal the solver ran on."""
    solver = read(game_id, mode, "solver")
    hint = read(game_id, mode, "hint")
    greedy = read(game_id, mode, "greedy")
    return {deal: verdict(row, hint.get(deal), greedy.get(deal)) for deal, row in solver.items()}


def span(rows: dict) -> str:
    deals = sorted(rows)
    if not deals:
        return "no deals"
    if deals == list(range(1, len(deals) + 1)):
        return f"{len(deals):,} deals (1 to {deals[-1]:,})"
    return f"{len(deals):,} deals (between 1 and {deals[-1]:,})"


def section(game_id: str, mode: str, words: str) -> list[str]:
    solver = read(game_id, mode, "solver")
    hint = read(game_id, mode, "hint")
    greedy = read(game_id, mode, "greedy")
    if not solver and not hint:
        return []
    sharing = [info for info in sorted(load_all().values(), key=lambda i: i.list_order)
               if info.deals_id == game_id]
    title = " and ".join(info.title for info in sharing)
    if len(sharing) == 1 and sharing[0].subtitle:  # "Devil's Grip (Duivelsgreep)", and
        # "Kings in the Corner (patience), also called Camelot": one pair of brackets
        subtitle = sharing[0].subtitle
        title += f", {subtitle}" if title.endswith(")") else f" ({subtitle})"
    verdict_of = verdicts(game_id, mode)
    status = Counter(verdict_of.values())
    n = len(solver)
    lines = [f"## {title}: {words}", ""]
    lines += [
        "| | deals | share |",
        "| --- | --- | --- |",
        f"| winnable with full information (proved) | {span(solver)} | "
        f"{percent(status[WON], n)} |",
        f"| proved lost | | {percent(status['lost'], n)} |",
        f"| undecided | | {status['unknown']} of {n:,} |",
        f"| won by the hint player | {span(hint)} | "
        f"{percent(sum(r['won'] for r in hint.values()), len(hint))} |",
        f"| won by the greedy player | {span(greedy)} | "
        f"{percent(sum(r['won'] for r in greedy.values()), len(greedy))} |",
        "",
    ]
    if solver:
        ms = sorted(row["ms"] for row in solver.values())
        fast = sum(1 for row in solver.values() if row["status"] != "unknown" and row["ms"] <= 1000)
        most = max(solver.values(), key=lambda row: row["nodes"])
        lines += [
            f"Solver, CPU time a deal: median {ms[n // 2]:.0f} ms, 99th percentile "
            f"{ms[min(n - 1, int(n * 0.99))]:.0f} ms, most {ms[-1] / 1000:.1f} s; decided "
            f"within 1 s: {100 * fast / n:.2f}%; most nodes: {most['nodes']:,} (deal "
            f"{most['deal']}).",
            "",
        ]
    timed = sorted(row["ms"] for row in hint.values() if row["ms"] is not None)
    if timed:
        median = timed[len(timed) // 2]
        said = f"{median / 1000:.1f} s" if median >= 1000 else f"{median:.0f} ms"
        lines += [f"Hint player, CPU time a game: median {said}.",
                  ""]
    lines += meaning(verdict_of, hint)
    return lines


def meaning(verdict_of: dict[int, str], hint: dict) -> list[str]:
    """A sentence on what the figures mean for a player. The hint player's share of the
    winnable deals is taken over the deals both rows cover (the hint player's file may
    stop sooner), and only when every one of them is decided: with deals undecided the
    ceiling, and so that share, is not known."""
    n = len(verdict_of)
    if not n:
        return []
    status = Counter(verdict_of.values())
    won = 100 * status[WON] / n
    text = (f"{won:.1f}% of deals can be won by someone who knows the order of the stock; "
            "that is the ceiling.")
    if status["unknown"]:  # the ceiling is not known: say so rather than claim it
        # "at least 100.0%" would be false: the undecided deals are not won yet
        at_least = f"{won:.2f}" if round(won, 1) == 100 else f"{won:.1f}"
        are = "is" if status["unknown"] == 1 else "are"
        text = (f"At least {at_least}% of deals can be won by someone who knows the order of "
                f"the stock; {status['unknown']:,} of {n:,} {are} undecided, so the ceiling "
                "is not known yet.")
    if hint:
        played = 100 * sum(r["won"] for r in hint.values()) / len(hint)
        text += f" Playing only on what is in sight, as the hint does, wins {played:.1f}%"
        both = [deal for deal in hint if deal in verdict_of]
        winnable = [deal for deal in both if verdict_of[deal] == WON]
        decided = all(verdict_of[deal] != "unknown" for deal in both)
        if winnable and decided:
            share = sum(hint[deal]["won"] for deal in winnable) / len(winnable)
            text += f": {share * 100:.0f}% of the winnable deals among those it played."
        else:
            text += "."
    return [text, ""]


def report() -> None:
    lines = [
        "# Win rates",
        "",
        "Written by `bench/winrates.py --report` from `bench/results/*.csv`; see that",
        "script's docstring for how each figure is made. Intervals are 95% Wilson",
        "intervals. *Full information* means the solver sees the stock order: it says",
        "whether a deal can be won at all, not how often a player wins it. The hint player",
        "sees only what the player sees and follows the page's Hint button every move; the",
        "greedy player is a simple baseline. Each row says how many deals it covers.",
        "",
    ]
    for game_id in GAMES:
        for mode, _options, words in modes_of(game_id):
            lines += section(game_id, mode, words)
    REPORT.write_text("\n".join(lines))
    print(REPORT.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--mode", action="append",
                        help="mode names, 'default' for the default options (default: every mode)")
    parser.add_argument("--player", action="append", choices=PLAYERS)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--nodes", type=int, help="solver budget (default: per game)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--retry", action="store_true", help="solve undecided deals again")
    parser.add_argument("--report", action="store_true", help="only write docs/win-rates.md")
    args = parser.parse_args()
    wanted = {"" if mode == "default" else mode for mode in args.mode or ()}
    if not args.report:
        for game_id in args.game or GAMES:
            for mode, _options, _words in modes_of(game_id):
                if wanted and mode not in wanted:
                    continue
                if args.retry:
                    retry(game_id, mode, args.nodes or RETRY_NODES, args.jobs)
                    continue
                for player in args.player or PLAYERS:
                    grow(game_id, mode, player, args.deals, args.nodes or NODES,
                         args.jobs)
    report()


if __name__ == "__main__":
    main()
