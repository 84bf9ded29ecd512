"""Move latency: a pointer event on a card until the DOM is updated, p50/p95 per game.

    python3 bench/latency.py [--game <a patience's id>|all]
                             [--moves 100] [--seed 1] [--pause-ms 300] [--warmup 3]

Serves _site/ (run `make site` first) on 127.0.0.1 and plays random legal moves in
Chromium, motion on (the FLIP animation's setup is part of the cost). Which move to make
is decided in CPython by the same engine, kept in step with the page; each move is made
as a player makes it by clicks: press its bottom card, and when those cards have several
legal targets, press the target too (two samples, "select" and "target"; a card with one
target moves at once, one sample "move").

Every patience of the registry is played (a table's moves are mostly its computers'). A
move is made by its gesture (game/engine/contract.py). In a game with swaps (Devil's Grip)
nearly all of the legal moves are swaps, so a move is drawn by kind (a build half the time
when there is one, a click on the stock three times in ten: "deal" or "redeal", a swap
otherwise), then at random within its kind. A swap is made by clicks: press the whole
pile of one cell ("swap-pick", it is selected), then the other cell ("swap"); only piles a
press does not build at once are pressed. A waste card is pressed like any card; the stock
is pressed on its zone.

A card handed over (Kings in the Corner's turned card) is placed by a press on an empty
cell ("place"), a removal by a press on the card ("move") and a pair by a press on each
card ("select", then "target").

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

from game.engine import TOUCHES, Kind  # noqa: E402
from game.games import GAMES, load_all  # noqa: E402
from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread  # noqa: E402

SITE = ROOT / "_site"
READY = "body[data-state=ready]"
TIMEOUT_MS = 120_000
GAME_IDS = tuple(game_id for game_id, info in load_all().items() if not info.table)
TOP_ONLY = {"waste": 3, "discard": 2}  # zones whose DOM holds only their top cards
KINDS = ("move", "select", "target", "place", "deal", "redeal", "swap-pick", "swap")
BUDGET_MS = 16.0  # one frame at 60 Hz

# One sample: both pointer events on the card (or on a zone: the stock), synchronously
# handled, timed in the page.
PRESS_JS = """
([card, zone]) => {
  const el = card ? document.querySelector(`#board [data-card="${card}"]`)
                  : document.querySelector(`#board [data-zone="${zone}"]`);
  if (!el) return {error: `no ${card ? "card " + card : "zone " + zone}`};
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
    swaps: [...document.querySelectorAll('#board [data-zone].swap-target')]
      .map(e => e.dataset.zone),
  };
}
"""

READ_ZONES_JS = """
() => {
  const zones = {};
  for (const zone of document.querySelectorAll('#board [data-zone]'))
    zones[zone.dataset.zone] = [...zone.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  const stock = document.querySelector('#board [data-zone="stock"]');
  const waste = document.querySelector('#board [data-zone="waste"]');
  const got = {zones, stock: Number(stock.dataset.count)};
  if (waste) got.waste = Number(waste.dataset.count);
  return got;
}
"""


class PageWentWrong(RuntimeError):
    pass


def page_deal(page: Page) -> int:
    return int(parse_qs(urlparse(page.url).query)["deal"][-1])


def check_board(page: Page, game) -> None:
    zones = game.zones()
    turned = game.status().turned  # shown on the stock, not counted
    want = {
        "zones": {
            z: (([turned] if turned else []) if z == "stock"
                else cards[-TOP_ONLY[z] :] if z in TOP_ONLY else cards)
            for z, cards in zones.items()
        },
        "stock": len(zones["stock"]) - (1 if turned else 0),
    }
    if "waste" in zones:
        want["waste"] = len(zones["waste"])
    got = page.evaluate(READ_ZONES_JS)
    if got != want:
        raise PageWentWrong(
            f"deal {game.deal} after {[str(m) for m in game.move_stack]}: the DOM shows "
            f"{json.dumps(got)}, the engine {json.dumps(want)}"
        )


def press(page: Page, card: str | None, zone: str | None = None) -> dict:
    result = page.evaluate(PRESS_JS, [card, zone])
    if "error" in result:
        raise PageWentWrong(result["error"])
    return result


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of `values`."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))  # ceil
    return ordered[int(rank) - 1]


def is_build(move) -> bool:
    """Cards taken from one zone and put on another (not a deal, a redeal or a swap)."""
    gesture = move.gesture
    return gesture.kind in (Kind.BUILD, Kind.PLACE, Kind.REMOVE, Kind.PAIR) and bool(
        gesture.source) and bool(gesture.target)


def is_touch(move) -> bool:
    return move.gesture.kind in TOUCHES


def pile_targets(game, cell: int) -> list[str]:
    """Where the whole pile of `cell` may be built (what a press on its bottom card picks)."""
    zone, count = f"cell-{cell}", len(game.zones()[f"cell-{cell}"])
    return [
        m.gesture.target for m in game.legal_moves()
        if is_build(m) and (m.gesture.source, m.gesture.count) == (zone, count)
    ]


def dg_swaps(game) -> list[tuple[int, int]]:
    """(pressed, other) for each swap a player makes by two clicks: the pressed pile has no
    single build target (a press would build it at once) and cannot build on `other`."""
    targets: dict[int, list[str]] = {}
    swaps = []
    for move in game.legal_moves():
        if move.gesture.kind is not Kind.SWAP:
            continue
        a, b = (int(move.gesture.source[5:]), int(move.gesture.target[5:]))
        for first, other in ((a, b), (b, a)):
            if first not in targets:
                targets[first] = pile_targets(game, first)
            if len(targets[first]) != 1 and f"cell-{other}" not in targets[first]:
                swaps.append((first, other))
                break
    return swaps


def choose(game, rng: random.Random):
    """The move to make: any legal move; in a game with swaps by kind first (see the top)."""
    legal = game.legal_moves()
    if not any(m.gesture.kind is Kind.SWAP for m in legal):
        return rng.choice(legal), None
    builds = [m for m in legal if is_build(m)]
    stock = [m for m in legal if is_touch(m)]
    roll = rng.random()
    if builds and (roll < 0.5 or not (stock or dg_swaps(game))):
        return rng.choice(builds), None
    if stock and (roll < 0.8 or not dg_swaps(game)):
        return stock[0], None
    first, other = rng.choice(dg_swaps(game))
    pair = {f"cell-{first}", f"cell-{other}"}
    move = next(m for m in legal if m.gesture.kind is Kind.SWAP
                and {m.gesture.source, m.gesture.target} == pair)
    return move, (first, other)


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
        move, swap = choose(game, rng)
        if is_touch(move):
            result = press(page, None, move.gesture.source)
            samples.append((str(move), result["ms"]))
        elif swap is not None:
            first, other = swap
            pile = game.zones()[f"cell-{first}"]
            result = press(page, pile[0])
            samples.append(("swap-pick", result["ms"]))
            if f"cell-{other}" not in result["swaps"]:
                raise PageWentWrong(f"{move}: cell-{other} not offered for a swap: {result}")
            page.wait_for_timeout(pause // 2)
            result = press(page, game.zones()[f"cell-{other}"][-1])
            samples.append(("swap", result["ms"]))
        elif move.gesture.kind in (Kind.PLACE, Kind.REMOVE, Kind.PAIR):
            make_kcs_move(page, game, move, samples, pause)
        else:
            make_build(page, game, move, samples, pause)
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


def make_build(page: Page, game, move, samples: list, pause: int) -> None:
    """A build by clicks: its bottom card, then its target when there are several."""
    targets = sorted(
        m.gesture.target
        for m in game.legal_moves()
        if is_build(m) and m.gesture.source == move.gesture.source
        and m.gesture.count == move.gesture.count
    )
    card = game.zones()[move.gesture.source][-move.gesture.count]
    first = press(page, card)
    if len(targets) == 1:
        samples.append(("move", first["ms"]))
        if first["zone"] == move.gesture.source:
            raise PageWentWrong(f"{move}: the card did not leave {move.gesture.source}")
    else:
        samples.append(("select", first["ms"]))
        if sorted(first["targets"]) != targets:
            raise PageWentWrong(f"{move}: targets shown {first['targets']}, legal {targets}")
        page.wait_for_timeout(pause // 2)
        second = press(page, game.zones()[move.gesture.target][-1])
        samples.append(("target", second["ms"]))
        moved = page.evaluate(
            '(c) => document.querySelector(`[data-card="${c}"]`).parentElement.dataset.zone',
            card,
        )
        if moved == move.gesture.source:
            raise PageWentWrong(f"{move}: the card did not leave {move.gesture.source}")


def make_kcs_move(page: Page, game, move, samples: list, pause: int) -> None:
    """A card handed over, placed by a press on its cell; a removal by a press on the card;
    a pair by a press on each card."""
    gesture, zones = move.gesture, game.zones()
    card = zones[gesture.source][-1]
    if gesture.kind is Kind.PLACE:
        samples.append(("place", press(page, None, gesture.target)["ms"]))
    elif gesture.kind is Kind.REMOVE:
        samples.append(("move", press(page, card)["ms"]))
    else:
        first = press(page, card)
        samples.append(("select", first["ms"]))
        if gesture.target not in first["targets"]:
            raise PageWentWrong(f"{move}: {gesture.target} not offered: {first['targets']}")
        page.wait_for_timeout(pause // 2)
        samples.append(("target", press(page, zones[gesture.target][-1])["ms"]))
    moved = page.evaluate(
        '(c) => document.querySelector(`[data-card="${c}"]`).parentElement.dataset.zone', card
    )
    if moved == move.gesture.source:
        raise PageWentWrong(f"{move}: the card did not leave {move.gesture.source}")


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
    for kind in KINDS:
        part = [ms for k, ms in samples if k == kind]
        if part:
            print(
                f"    {kind:<9} n {len(part):>4}  p50 {statistics.median(part):6.2f}  "
                f"p95 {percentile(part, 95):6.2f}  max {max(part):6.2f} ms"
            )
    print(
        f"    games ended and re-dealt: {result['games_ended']}; first {warmup} samples "
        "left out as warm-up"
    )
    for ms, kind, deal, move, engine_ms in result["slowest"]:
        print(
            f"    slow: {ms:6.2f} ms  {kind:<9} deal {deal} move {move:<7} "
            f"(the same push + is_over + legal_moves in CPython: {engine_ms:5.2f} ms)"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game",
        choices=[*GAME_IDS, "all", "both"],
        default="all",
        help="one game, or all (default; 'both' is its older name)",
    )
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
    game_ids = GAME_IDS if args.game in ("all", "both") else (args.game,)

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
