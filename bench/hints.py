"""How long the Hint button thinks: every hint of games played by the hint, timed in
CPython and in the page's own Pyodide (Chromium).

    .venv/bin/python bench/hints.py [--game ID] [--mode M] [--deals N] [--first D]
        [--browser] [--site DIR]

For deals D..D+N-1 (default options, or mode M as bench/winrates.py names it: passes3)
it plays each game to its end by the hint, as the
hint player of bench/winrates.py does, and times every hint: `hint_search(game)` stepped
to the end, as the page does it (game/ui/help_view.py), but in one go. The hint keeps the
plan it chose for a position (game/ai/kings_keys.py), so each hint is timed twice: *cold*,
with that memory emptied first (a player who never follows the hints, the worst case),
and *as played* (the player follows every hint, as the hint player does). With
--browser the same code runs in the interpreter of the built site (tools/pyprobe.py),
timed by the page's clock (the page is idle meanwhile, so that is its CPU time, but the
machine's load counts too); in CPython times are CPU seconds of this process. The page
thinks in slices with a frame between them, so what a player waits is a little more
than the figures here. Prints the median, 95th percentile and slowest hint, and the
games won. A benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency_figures import percentile  # noqa: E402
from bench.winrates import GAMES, options_of  # noqa: E402

# Run as it is in CPython and in the page (which has the game package, not bench/).
PROBE = """
import copy, json, time
from game.ai import solitaire
from game.games import load

def _forget_plans(ai_module):
    plans = getattr(ai_module, "_plans", None)
    if plans is not None:
        plans.clear()

def hint_times(game_id, options, first, deals, clock):
    import importlib
    info = load(game_id)
    ai_module = importlib.import_module(info.ai)
    cold, played, won = [], [], 0
    for deal in range(first, first + deals):
        game = info.engine.new(deal=deal, **options)
        moves = 0
        while not game.is_over() and moves < solitaire.MAX_PLIES:
            saved = dict(getattr(ai_module, "_plans", {}))
            _forget_plans(ai_module)
            started = clock()
            work = solitaire.hint_search(copy.deepcopy(game))
            while not work.step(10_000):
                pass
            cold.append(clock() - started)
            _forget_plans(ai_module)
            getattr(ai_module, "_plans", {}).update(saved)
            started = clock()
            work = solitaire.hint_search(copy.deepcopy(game))
            while not work.step(10_000):
                pass
            played.append(clock() - started)
            if work.move is None:
                break
            game.push(work.move)
            moves += 1
        won += bool(game.is_over() and game.outcome().won)
    return json.dumps({"cold": cold, "played": played, "won": won})
"""


def in_cpython(game_id: str, options: dict, first: int, deals: int) -> dict:
    import time

    scope: dict = {}
    exec(PROBE, scope)
    return json.loads(scope["hint_times"](game_id, options, first, deals, time.process_time))


def in_browser(site: Path, game_id: str, options: dict, first: int, deals: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tools import pyprobe
    from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread

    url, stop = serve_in_thread(site)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="block", locale="en-US")
            context.add_init_script(pyprobe.INIT_SCRIPT)
            page = context.new_page()
            page.set_default_timeout(3_600_000)
            page.goto(f"{url}/?game={game_id}&deal={first}")
            page.wait_for_selector("body[data-state=ready]", state="attached", timeout=120_000)
            pyprobe.ready(page)
            code = (f"{PROBE}\nhint_times({game_id!r}, {options!r}, {first}, {deals}, "
                    "time.perf_counter)")
            result = pyprobe.run_python(page, code)
            browser.close()
    finally:
        stop()
    return json.loads(result)


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    return (f"  {name}: median {percentile(ms, 50):.0f} ms, 95th percentile "
            f"{percentile(ms, 95):.0f} ms, slowest {ms[-1]:.0f} ms; within 1 s "
            f"{100 * sum(m <= 1000 for m in ms) / len(ms):.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAMES[0], choices=GAMES,
                        help="default: the first patience of the game list")
    parser.add_argument("--mode", default="", help="a mode as bench/winrates.py names it")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--browser", action="store_true", help="in the built site's Pyodide")
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    args = parser.parse_args()
    options = options_of(args.game, args.mode)
    if args.browser:
        result = in_browser(args.site.resolve(), args.game, options, args.first, args.deals)
        where = "Pyodide in Chromium, the page's clock"
    else:
        result = in_cpython(args.game, options, args.first, args.deals)
        where = "CPython, CPU time"
    name = f"{args.game} {args.mode}".strip()
    print(f"{name}: deals {args.first}-{args.first + args.deals - 1} played by the hint "
          f"({where}): {len(result['cold'])} hints, {result['won']} games won")
    print(summary("cold (no plan kept)", result["cold"]))
    print(summary("as played (plans kept)", result["played"]))


if __name__ == "__main__":
    main()
