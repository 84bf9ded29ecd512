"""Move latency: a pointer event on a card until the DOM is updated, p50/p95 per game.

    python3 bench/latency.py [--game devils-square|kings-square|both] [--moves 100]
                             [--seed 1] [--pause-ms 300] [--warmup 3]

Serves _site/ (run `make site` first) on 127.0.0.1 and plays random legal moves in
Chromium, motion on (the FLIP animation's setup is part of the cost). Which move to make
is decided in CPython by the same engine, kept in step with the page; each move is made
as a player makes it by clicks: press its bottom card, and when those cards have several
legal targets, press the target too (two samples, "select" and "target"; a card with one
target moves at once, one sample "move").

Each sample is one page.evaluate: t0 = performance.now(), dispatch pointerdown and
pointerup (PointerEvent, bubbling, isPrimary, button 0, pointerId 1) on the card at its
centre, t1 = performance.now(). The page handles pointerdown on the board and pointerup
on the window synchronously (Python through Pyodide's proxies), so t1 - t0 covers the
whole handling: the session, the engine, the keyed DOM update, the FLIP measurements and
the save to localStorage. Then (untimed) the DOM is checked against the engine. When a
game ends, "New deal" deals the next one. Between clicks the benchmark waits --pause-ms
so animations and their timers finish, as they would between a player's clicks.

Not a test: it asserts nothing about time. It exits 1 if the page went wrong (the DOM
disagreed with the engine, or a console error), so bad figures are never reported as good.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.games import GAMES  # noqa: E402
from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread  # noqa: E402

SITE = ROOT / "_site"
READY = "body[data-state=ready]"
TIMEOUT_MS = 120_000
GAME_IDS = ("devils-square", "kings-square")
BUDGET_MS = 16.0  # one frame at 60 Hz

# One sample: both pointer events on the card, synchronously handled, timed in the page.
PRESS_JS = """
(card) => {
  const el = document.querySelector(`#board [data-card="${card}"]`);
  if (!el) return {error: `no card ${card}`};
  const r = el.getBoundingClientRect();
  const init = {
    bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerId: 1,
    pointerType: 'mouse', button: 0, buttons: 1,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2,
  };
  const t0 = performance.now();
  el.dispatchEvent(new PointerEvent('pointerdown', init));
  el.dispatchEvent(new PointerEvent('pointerup', {...init, buttons: 0}));
  const t1 = performance.now();
  return {
    ms: t1 - t0,
    zone: el.parentElement ? el.parentElement.dataset.zone : null,
    targets: [...document.querySelectorAll('#board [data-zone].target')].map(e => e.dataset.zone),
  };
}
"""

READ_ZONES_JS = """
() => {
  const zones = {};
  for (const zone of document.querySelectorAll('#board [data-zone]'))
    zones[zone.dataset.zone] = [...zone.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  const stock = document.querySelector('#board [data-zone="stock"]');
  return {zones, stock: Number(stock.dataset.count)};
}
"""


class PageWentWrong(RuntimeError):
    pass


def page_deal(page: Page) -> int:
    return int(parse_qs(urlparse(page.url).query)["deal"][-1])


def check_board(page: Page, game) -> None:
    zones = game.zones()
    want = {
        "zones": {z: ([] if z == "stock" else cards) for z, cards in zones.items()},
        "stock": len(zones["stock"]),
    }
    got = page.evaluate(READ_ZONES_JS)
    if got != want:
        raise PageWentWrong(
            f"deal {game.deal} after {[str(m) for m in game.move_stack]}: the DOM shows "
            f"{json.dumps(got)}, the engine {json.dumps(want)}"
        )


def press(page: Page, card: str) -> dict:
    result = page.evaluate(PRESS_JS, card)
    if "error" in result:
        raise PageWentWrong(result["error"])
    return result


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of `values`."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def bench_game(page: Page, site_url: str, game_id: str, args, rng: random.Random) -> dict:
    deal = rng.randint(1, 999_999_999)
    page.goto(f"{site_url}/?game={game_id}&deal={deal}")
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    game = GAMES[game_id].new(deal=page_deal(page))
    check_board(page, game)
    samples: list[tuple[str, float]] = []  # (kind, ms)
    slow: list[tuple[float, str, int, str, float]] = []  # (ms, kind, deal, move, engine ms)
    moves = games = 0
    pause = args.pause_ms

    while moves < args.moves:
        if game.is_over():
            games += 1
            old = game.deal
            page.evaluate("document.querySelector('.actions [data-action=\"new\"]').click()")
            page.wait_for_function(
                f"new URLSearchParams(location.search).get('deal') !== '{old}'"
                " && document.body.dataset.state === 'ready'",
                timeout=TIMEOUT_MS,
            )
            game = GAMES[game_id].new(deal=page_deal(page))
            check_board(page, game)
            page.wait_for_timeout(pause)
            continue
        move = rng.choice(game.legal_moves())
        targets = sorted(
            m.target
            for m in game.legal_moves()
            if m.source == move.source and m.count == move.count
        )
        card = game.zones()[move.source][-move.count]
        first = press(page, card)
        if len(targets) == 1:
            samples.append(("move", first["ms"]))
            if first["zone"] == move.source:
                raise PageWentWrong(f"{move}: the card did not leave {move.source}")
        else:
            samples.append(("select", first["ms"]))
            if sorted(first["targets"]) != targets:
                raise PageWentWrong(f"{move}: targets shown {first['targets']}, legal {targets}")
            page.wait_for_timeout(pause // 2)
            second = press(page, game.zones()[move.target][-1])
            samples.append(("target", second["ms"]))
            moved = page.evaluate(
                '(c) => document.querySelector(`[data-card="${c}"]`).parentElement.dataset.zone',
                card,
            )
            if moved == move.source:
                raise PageWentWrong(f"{move}: the card did not leave {move.source}")
        started = time.perf_counter()
        game.push(move)
        game.is_over()
        game.legal_moves()
        engine_ms = (time.perf_counter() - started) * 1000
        last = samples[-1]
        slow.append((last[1], last[0], game.deal, str(move), engine_ms))
        moves += 1
        check_board(page, game)
        page.wait_for_timeout(pause)
    slow.sort(reverse=True)
    return {
        "game": game_id,
        "moves": moves,
        "games_ended": games,
        "samples": samples,
        "slowest": slow[: args.slowest],
    }


def report(result: dict, warmup: int) -> bool:
    samples = result["samples"][warmup:]
    values = [ms for _, ms in samples]
    p50, p95, worst = statistics.median(values), percentile(values, 95), max(values)
    ok = p95 <= BUDGET_MS
    print(
        f"{result['game']:<14} moves {result['moves']:>4}  pointer samples {len(values):>4}  "
        f"p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  max {worst:6.2f} ms  "
        f"p95 <= {BUDGET_MS:.0f} ms: {'yes' if ok else 'NO'}"
    )
    for kind in ("move", "select", "target"):
        part = [ms for k, ms in samples if k == kind]
        if part:
            print(
                f"    {kind:<7} n {len(part):>4}  p50 {statistics.median(part):6.2f}  "
                f"p95 {percentile(part, 95):6.2f}  max {max(part):6.2f} ms"
            )
    print(
        f"    games ended and re-dealt: {result['games_ended']}; first {warmup} samples "
        "left out as warm-up"
    )
    for ms, kind, deal, move, engine_ms in result["slowest"]:
        print(
            f"    slow: {ms:6.2f} ms  {kind:<6} deal {deal} move {move:<7} "
            f"(the same push + is_over + legal_moves in CPython: {engine_ms:5.2f} ms)"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*GAME_IDS, "both"], default="both")
    parser.add_argument("--moves", type=int, default=100, help="moves per game (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed for deals and moves")
    parser.add_argument(
        "--pause-ms",
        type=int,
        default=300,
        help="wait between clicks so animations finish (default 300)",
    )
    parser.add_argument(
        "--slowest", type=int, default=3, help="list the slowest moving clicks per game (default 3)"
    )
    parser.add_argument(
        "--reduced-motion",
        action="store_true",
        help="emulate reduced motion: no FLIP animation (for comparison)",
    )
    parser.add_argument(
        "--warmup",
        type=int,
        default=3,
        help="first samples per game left out of the figures (default 3)",
    )
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file():
        print(f"{SITE}/index.html is missing: run `make site`", file=sys.stderr)
        return 2
    game_ids = GAME_IDS if args.game == "both" else (args.game,)

    site_url, stop = serve_in_thread(SITE)
    errors: list[str] = []
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            motion = "reduced motion" if args.reduced_motion else "motion on"
            print(
                f"Chromium {browser.version}, {motion}, {args.moves} moves per game, "
                f"seed {args.seed}"
            )
            for game_id in game_ids:
                context = browser.new_context(
                    viewport={"width": 1280, "height": 800},
                    reduced_motion="reduce" if args.reduced_motion else "no-preference",
                    service_workers="block",
                )
                page = context.new_page()
                page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
                page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                rng = random.Random(f"{args.seed}:{game_id}")
                started = time.perf_counter()
                try:
                    results.append(bench_game(page, site_url, game_id, args, rng))
                except PageWentWrong as error:
                    print(f"{game_id}: the page went wrong: {error}", file=sys.stderr)
                    return 1
                finally:
                    context.close()
                print(f"  ({game_id}: {time.perf_counter() - started:.0f} s)", flush=True)
            browser.close()
    finally:
        stop()

    print()
    all_ok = True
    for result in results:
        all_ok &= report(result, args.warmup)
    if errors:
        print("\nconsole errors during the run:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    print(f"\np95 within {BUDGET_MS:.0f} ms for every game: {'yes' if all_ok else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
