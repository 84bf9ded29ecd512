"""Soak: 500 games back to back in ONE page, played by the computer; memory at the start
and at the end.

    python3 bench/soak.py [--site DIR] [--games 500] [--warmup 20] [--every 50] [--seed 1]
                          [--max-growth 10]

Serves the site (default _site/, `make site` first; or `--site` another build) on
127.0.0.1 and opens it once in Chromium (motion on, service workers blocked). The games
take turns in a fixed round: Devil's Square, King's Square, Devil's Grip, Kings in the
Corner (solitaire) and the Kings in the Corner table. Nothing reloads the page: the next
deal of the same game is "New deal", another game is the page's own way there (the
"Card Games" link home, then the game's tile), as a player goes.

Who plays
- The four patiences: CPython plays the game's own hint (game/ai, what the Hint button
  shows, deterministic) on the same engine, kept in step with the page; every move is
  made as a player makes it, by pointer events on the cards (pointerdown + pointerup
  dispatched on the card at its centre, like bench/latency.py): the card, then its target
  when it has several; a press on the stock; a swap of Devil's Grip by two presses, or by
  a drag where a press would build at once. When the hint has no move the game is given
  up (Give up, then the dialog's Give up). Before each press the running card animations
  are finished (a player waits for the cards to land; the animations are still made, and
  their timers still fire).
- The table: the set-up dialog seats two computer players (Classic rules, one hand), the
  pace select is set to fast and Hurry is pressed, and the page's own computer players
  play the whole hand; CPython plays the same seats (TableSession.step_computer is
  deterministic) to know the result.
After every patience move the cards in the DOM are compared with the engine's zones();
after every table hand the board and the page's save are compared with CPython's.

Measured after the warm-up games (the figure "start"), every --every games, and at the
end, each time after two garbage collections (CDP HeapProfiler.collectGarbage and
Python's gc.collect()):
  JS heap       Performance.getMetrics JSHeapUsedSize
  WASM memory   the size of Pyodide's linear memory (it never shrinks)
  Py objects    len(gc.get_objects()) in the page's interpreter
  DOM nodes     elements in the document; CDP Memory.getDOMCounters nodes (detached ones
                not yet collected too) and JS event listeners
  storage       characters in localStorage (keys and values)
  proxies       game/ui/dom.py `_proxies` (live create_proxy handles) and `_timers`
                (timeouts waiting)
The page's Python figures are read through tools/pyprobe.py (PyScript's onReady hook,
added by this benchmark's browser context only; the site has no debug entry point).

Not a test: it asserts nothing about time. It exits 1 when the JS heap or the Python
objects grew more than --max-growth % from the start to the end, when the live proxies
or JS listeners grew with the games, or on any console error or DOM/engine mismatch, so
bad figures are never reported as good.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import CDPSession, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import solitaire  # noqa: E402
from game.engine import TOUCHES, Kind  # noqa: E402
from game.games import GAMES, load_all  # noqa: E402
from game.ui.store import slot_key  # noqa: E402
from game.ui.table import TableSession, sorted_hand  # noqa: E402
from tools import pyprobe  # noqa: E402
from tools.serve import CHROMIUM, CHROMIUM_ARGS, guide_seen_script, serve_in_thread  # noqa: E402

SITE = ROOT / "_site"
TIMEOUT_MS = 120_000
ROUND = tuple(load_all())  # every game, in the game list's order
TABLE = next(game_id for game_id, info in load_all().items() if info.table)
TABLE_OPTIONS = {"rules": "classic", "players": "22"}  # two computers, one hand
MAX_PLIES = solitaire.MAX_PLIES

# Moves, each a list of presses (or drags), and after each move the board as the DOM shows
# it. A step first finishes the running animations (the cards have landed), then
# dispatches the pointer events on the card (or zone) at its centre, bubbling to the
# window as a click does. Between moves the page gets its event loop back (timers fire).
MOVES_JS = """
async (moves) => {
  const board = document.getElementById('board');
  const find = (card, zone) => card ? board.querySelector(`[data-card="${card}"]`)
                                    : board.querySelector(`[data-zone="${zone}"]`);
  const point = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  };
  const init = (p, buttons) => ({
    bubbles: true, cancelable: true, composed: true, isPrimary: true, pointerId: 1,
    pointerType: 'mouse', button: 0, buttons, clientX: p.x, clientY: p.y,
  });
  const press = (step) => {
    for (const animation of document.getAnimations()) animation.finish();
    const el = find(step.card, step.zone);
    if (!el) return `no ${step.card ? 'card ' + step.card : 'zone ' + step.zone}`;
    const p = point(el);
    el.dispatchEvent(new PointerEvent('pointerdown', init(p, 1)));
    if (!step.to) {
      el.dispatchEvent(new PointerEvent('pointerup', init(p, 0)));
      return null;
    }
    const target = find(null, step.to);  // a drag: to the target zone's centre, let go there
    if (!target) return `no zone ${step.to}`;
    const q = point(target);
    for (let i = 1; i <= 4; i++) {
      const m = {x: p.x + (q.x - p.x) * i / 4, y: p.y + (q.y - p.y) * i / 4};
      window.dispatchEvent(new PointerEvent('pointermove', init(m, 1)));
    }
    (document.elementFromPoint(q.x, q.y) || target)
      .dispatchEvent(new PointerEvent('pointerup', init(q, 0)));
    return null;
  };
  const read = () => {
    for (const animation of document.getAnimations()) animation.finish();
    const zones = {}, counts = {};
    for (const zone of board.querySelectorAll('[data-zone]'))
      zones[zone.dataset.zone] = [...zone.querySelectorAll('[data-card]')].map(c => c.dataset.card);
    for (const zone of board.querySelectorAll('[data-zone][data-count]'))
      counts[zone.dataset.zone] = Number(zone.dataset.count);
    return {zones, counts, cards: board.querySelectorAll('[data-card]').length};
  };
  if (!moves.length) return [read()];
  const seen = [];
  for (const steps of moves) {
    for (const step of steps) {
      const error = press(step);
      if (error) return [...seen, {error}];
    }
    seen.push(read());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return seen;
}
"""
CHUNK = 40  # moves per page.evaluate: the round trip costs about as much as a move

CLICK_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  el.click();
  return true;
}
"""

MEASURE_JS = """
() => {
  let storage = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    storage += key.length + (localStorage.getItem(key) || '').length;
  }
  const py = window.__pyprobe;
  return {
    wasm: py && py._module ? py._module.HEAP8.length : null,
    elements: document.getElementsByTagName('*').length,
    storage,
  };
}
"""

PY_MEASURE = """
import gc
import game.ui.dom as _dom
gc.collect()
{"objects": len(gc.get_objects()), "proxies": len(_dom._proxies), "timers": len(_dom._timers)}
"""


class PageWentWrong(RuntimeError):
    pass


def page_deal(page: Page) -> int:
    return int(parse_qs(urlparse(page.url).query)["deal"][-1])


def click(page: Page, selector: str) -> None:
    if not page.evaluate(CLICK_JS, selector):
        raise PageWentWrong(f"nothing to click at {selector}")


# --- what the DOM must show ------------------------------------------------------------


def solitaire_view(game) -> dict:
    """The cards each zone shows (a waste its top three, a discard pile its top two, the
    stock of Kings in the Corner only its turned card) and the counted zones' counts."""
    zones = game.zones()
    turned = game.status().turned
    shown, counts = {}, {"stock": len(zones["stock"]) - (1 if turned else 0)}
    for zone, cards in zones.items():
        if zone == "stock":
            shown[zone] = [turned] if turned else []
        elif zone in ("waste", "discard"):
            shown[zone] = cards[-(3 if zone == "waste" else 2):]
            counts[zone] = len(cards)
        else:
            shown[zone] = list(cards)
    return {"zones": shown, "counts": counts}


def table_view(session: TableSession) -> dict:
    """A table with no person: seat 0's hand shows, sorted; the other hands and the stock
    are hidden; a side shows its bottom and top card, a corner its top card."""
    game = session.game
    shown_seat = None if session.hidden_hand else session.shown_seat
    zones, counts = {}, {"stock": len(game.stock)}
    for zone, cards in game.zones().items():
        if zone == "stock":
            zones[zone] = []
        elif zone.startswith("hand-"):
            seat = int(zone[5:])
            zones[zone] = sorted_hand(cards) if seat == shown_seat else []
            if seat != shown_seat:
                counts[zone] = len(cards)
        elif zone.startswith("side-"):
            zones[zone] = list(cards) if len(cards) <= 2 else [cards[0], cards[-1]]
        else:
            zones[zone] = cards[-1:]
            counts[zone] = len(cards)
    return {"zones": zones, "counts": counts}


def check(got: dict, want: dict, what: str) -> None:
    if "error" in got:
        raise PageWentWrong(f"{what}: {got['error']}")
    diff = {z: (got["zones"].get(z), cards) for z, cards in want["zones"].items()
            if got["zones"].get(z) != cards}
    diff.update({z: (got["zones"][z], None) for z in got["zones"] if z not in want["zones"]})
    counts = {z: (got["counts"].get(z), n) for z, n in want["counts"].items()
              if got["counts"].get(z) != n}
    shown = sum(len(cards) for cards in want["zones"].values())
    if diff or counts or got["cards"] != shown:
        raise PageWentWrong(
            f"{what}: the DOM differs from the engine: zone -> (DOM, engine) {diff}; "
            f"counts {counts}; card elements {got['cards']}, shown by the engine {shown}")


# --- playing ---------------------------------------------------------------------------


def is_build(move) -> bool:
    gesture = move.gesture
    return gesture.kind is Kind.BUILD and bool(gesture.source) and bool(gesture.target)


def build_targets(game, source: str, count: int) -> list[str]:
    return [m.gesture.target for m in game.legal_moves()
            if is_build(m) and (m.gesture.source, m.gesture.count) == (source, count)]


def steps_for(game, move) -> list[dict] | None:
    """The presses a player makes for `move`, by its gesture (None: none that the page
    reads as it)."""
    gesture, zones = move.gesture, game.zones()
    if gesture.kind in TOUCHES:
        return [{"zone": gesture.source}]
    if gesture.kind is Kind.PLACE:
        return [{"zone": gesture.target}]
    if gesture.kind is Kind.REMOVE:
        return [{"card": zones[gesture.source][-1]}]
    if gesture.kind is Kind.PAIR:
        return [{"card": zones[gesture.source][-1]}, {"card": zones[gesture.target][-1]}]
    if is_build(move):
        card = zones[gesture.source][-gesture.count]
        steps = [{"card": card}]
        if len(build_targets(game, gesture.source, gesture.count)) > 1:
            target = zones[gesture.target]
            steps.append({"card": target[-1]} if target else {"zone": gesture.target})
        return steps
    # a swap: press one pile's bottom card (when a press does not build it at once), then
    # a card of the other pile; else drag one pile onto the other cell
    cells = zones
    a, b = int(gesture.source[5:]), int(gesture.target[5:])
    for first, other in ((a, b), (b, a)):
        source, target = f"cell-{first}", f"cell-{other}"
        targets = build_targets(game, source, len(cells[source]))
        if len(targets) != 1 and target not in targets:
            return [{"card": cells[source][0]}, {"card": cells[target][-1]}]
    for first, other in ((a, b), (b, a)):
        source, target = f"cell-{first}", f"cell-{other}"
        if target not in build_targets(game, source, len(cells[source])):
            return [{"card": cells[source][0], "to": target}]
    return None


class Player:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.current = ""  # the game the page shows
        self.moves = self.games = 0

    def wait(self, condition: str, arg=None) -> None:
        self.page.wait_for_function(condition, arg=arg, timeout=TIMEOUT_MS)

    def open(self, game_id: str) -> None:
        """The next deal of `game_id`: New deal, or home and the game's tile."""
        page = self.page
        old = page.url
        if game_id == self.current:
            click(page, '.actions [data-action="new"]')
            self.wait("(old) => location.href !== old && document.body.dataset.state === 'ready'"
                      " && document.body.dataset.view === 'game'", old)
            return
        click(page, "a.brand")
        self.wait("() => document.body.dataset.view === 'home'")
        click(page, f'a.game-tile[data-game-id="{game_id}"]')
        self.wait("(id) => document.body.dataset.view === 'game' && "
                  "document.body.dataset.game === id", game_id)
        self.current = game_id

    def play(self, game_id: str, limit: int | None = None) -> None:
        """A deal of `game_id` played to its end, or only its first `limit` moves (the
        next deal then leaves it unfinished, as a player may)."""
        self.open(game_id)
        if game_id == TABLE:
            self.play_table(limit)
        else:
            self.play_solitaire(game_id, limit)
        self.games += 1

    def play_solitaire(self, game_id: str, limit: int | None = None) -> None:
        page = self.page
        deal = page_deal(page)
        game = GAMES[game_id].new(deal=deal)
        saved = page.evaluate("(key) => localStorage.getItem(key)", slot_key(game_id, deal, {}))
        for move in json.loads(saved)["moves"] if saved else ():  # a game resumed by its tile
            game.push(game.parse_move(move))
        ai = solitaire.load(game_id)
        check(page.evaluate(MOVES_JS, [])[0], solitaire_view(game), f"{game_id} {deal} opened")
        stuck = False
        most = MAX_PLIES if limit is None else len(game.move_stack) + limit
        while not game.is_over() and not stuck and len(game.move_stack) < most:
            chunk = []  # (steps, move, the view after it): the hint's next moves
            while len(chunk) < CHUNK and not game.is_over() and len(game.move_stack) < most:
                move = ai.hint(game)
                steps = None if move is None else steps_for(game, move)
                if steps is None:
                    stuck = True
                    break
                game.push(move)
                chunk.append((steps, str(move), solitaire_view(game)))
            got = page.evaluate(MOVES_JS, [steps for steps, _, _ in chunk]) if chunk else []
            for (_, move, want), seen in zip(chunk, got, strict=False):
                check(seen, want, f"{game_id} {deal} after {move}")
            if len(got) != len(chunk):
                raise PageWentWrong(f"{game_id} {deal}: {len(got)} of {len(chunk)} moves made")
            self.moves += len(chunk)
        if game.is_over() or (limit is not None and not stuck):
            return
        click(page, '.actions [data-action="giveup"]')
        click(page, '#confirm-dialog [data-action="confirm-giveup"]')
        game.resign()
        self.wait("() => document.body.dataset.over === 'yes'")

    def play_table(self, limit: int | None = None) -> None:
        page = self.page
        options = {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}
        if any(options.get(k) != v for k, v in TABLE_OPTIONS.items()):
            old = page.url  # the seats and rules through the set-up dialog
            click(page, '#board [data-action="setup"]')
            page.evaluate("""() => {
                const form = document.getElementById('setup-form');
                for (let seat = 0; seat < 6; seat++)
                  form.querySelector(`[name="seat-${seat}"]`).value = seat < 2 ? '2' : '';
                form.querySelector('[name="rules"][value="classic"]').checked = true;
                form.querySelector('[name="match"]').value = '0';
            }""")
            click(page, '#setup-dialog [data-action="start-table"]')
            self.wait("(old) => location.href !== old && document.body.dataset.state === 'ready'",
                      old)
        page.evaluate("""() => {
            const pace = document.querySelector('#board select[data-setting="pace"]');
            pace.value = 'fast';
            pace.dispatchEvent(new Event('change', {bubbles: true}));
            document.querySelector('#board [data-action="hurry"]').click();
        }""")
        deal = page_deal(page)
        session = TableSession(GAMES[TABLE].new(deal=deal, **TABLE_OPTIONS))
        while session.computer_to_move():
            session.step_computer()
        game = session.game
        if not game.is_over():
            raise PageWentWrong(f"table {deal}: CPython's computers did not finish the hand")
        moves = [str(m) for m in game.move_stack]
        key = slot_key(TABLE, deal, game.options)
        if limit is not None:  # only the next moves: wait until the page has made them
            saved = page.evaluate("(key) => localStorage.getItem(key)", key)
            before = len(json.loads(saved)["moves"]) if saved else 0  # (resumed by its tile)
            want = min(before + limit, len(moves))
            self.wait("""([key, n]) => {
                const text = localStorage.getItem(key);
                return text !== null && JSON.parse(text).moves.length >= n;
            }""", [key, want])
            self.moves += want - before
            return
        self.moves += len(moves)
        try:
            self.wait("""([key, n]) => {
                const text = localStorage.getItem(key);
                return text !== null && JSON.parse(text).moves.length >= n
                  && document.getElementById('hand-dialog').open;
            }""", [key, len(moves)])
        except Exception as error:  # noqa: BLE001 - say what the page has instead
            raise PageWentWrong(f"table {deal}: the hand did not end as in CPython: "
                                f"{page.evaluate('(k) => localStorage.getItem(k)', key)}"
                                ) from error
        saved = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))["moves"]
        if saved != moves:
            raise PageWentWrong(f"table {deal}: saved moves {saved}, CPython's {moves}")
        check(page.evaluate(MOVES_JS, [])[0], table_view(session), f"table {deal} at its end")


# --- measuring ---------------------------------------------------------------------------


def measure(page: Page, cdp: CDPSession) -> dict:
    page.wait_for_timeout(300)  # the last animation's timers fire
    py = pyprobe.run_python(page, PY_MEASURE)
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    cdp.send("Performance.enable")  # (again: harmless)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    counters = cdp.send("Memory.getDOMCounters")
    page_figures = page.evaluate(MEASURE_JS)
    return {
        "heap": metrics["JSHeapUsedSize"],
        "wasm": page_figures["wasm"],
        "objects": py["objects"],
        "elements": page_figures["elements"],
        "nodes": counters["nodes"],
        "listeners": counters["jsEventListeners"],
        "storage": page_figures["storage"],
        "proxies": py["proxies"],
        "timers": py["timers"],
    }


ROWS = (  # key, label, unit divisor, unit
    ("heap", "JS heap used", 1 << 20, "MiB"),
    ("wasm", "WASM memory", 1 << 20, "MiB"),
    ("objects", "Python objects", 1, ""),
    ("elements", "DOM elements", 1, ""),
    ("nodes", "DOM nodes (CDP)", 1, ""),
    ("listeners", "JS listeners", 1, ""),
    ("storage", "localStorage chars", 1, ""),
    ("proxies", "live proxies", 1, ""),
    ("timers", "timers waiting", 1, ""),
)


def growth(start: float, end: float) -> float:
    return (end - start) / start * 100 if start else (0.0 if end == start else float("inf"))


def show(samples: list[tuple[int, dict]]) -> None:
    head = f"{'after games':<20}" + "".join(f"{n:>11}" for n, _ in samples) + f"{'growth':>10}"
    print(head)
    start, end = samples[0][1], samples[-1][1]
    for key, label, scale, unit in ROWS:
        cells = "".join(
            f"{figures[key] / scale:>11.1f}" if scale > 1 else f"{figures[key]:>11}"
            for _, figures in samples
        )
        name = f"{label} ({unit})" if unit else label
        print(f"{name:<20}{cells}{growth(start[key], end[key]):>9.1f}%")


def verdict(start: dict, end: dict, max_growth: float) -> list[str]:
    problems = []
    for key in ("heap", "objects"):
        if growth(start[key], end[key]) > max_growth:
            problems.append(f"{key} grew {growth(start[key], end[key]):.1f}% "
                            f"(more than {max_growth:g}%)")
    for key in ("proxies", "listeners"):
        if end[key] > start[key]:
            problems.append(f"{key} grew with the games: {start[key]} -> {end[key]}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default _site)")
    parser.add_argument("--games", type=int, default=500, help="games in all (default 500)")
    parser.add_argument("--warmup", type=int, default=20,
                        help="games before the start figures (default 20)")
    parser.add_argument("--every", type=int, default=50,
                        help="figures every this many games too (default 50)")
    parser.add_argument("--max-growth", type=float, default=10.0,
                        help="largest growth allowed of the JS heap and Python objects, in %%")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "index.html").is_file():
        print(f"{site}/index.html is missing: run `make site`", file=sys.stderr)
        return 2
    if not 0 < args.warmup < args.games:
        print("--warmup must be at least 1 and fewer than --games", file=sys.stderr)
        return 2

    site_url, stop = serve_in_thread(site)
    errors: list[str] = []
    samples: list[tuple[int, dict]] = []
    started = time.perf_counter()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 800},
                                          service_workers="block", locale="en-US")
            context.add_init_script(pyprobe.INIT_SCRIPT)
            context.add_init_script(guide_seen_script())
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            cdp = context.new_cdp_session(page)
            print(f"Chromium {browser.version}, motion on, {args.games} games in one page, "
                  f"warm-up {args.warmup}", flush=True)
            page.goto(site_url + "/")
            page.wait_for_selector("body[data-state=ready]", state="attached",
                                   timeout=TIMEOUT_MS)
            pyprobe.ready(page)
            player = Player(page)
            try:
                for number in range(1, args.games + 1):
                    player.play(ROUND[(number - 1) % len(ROUND)])
                    if errors:
                        raise PageWentWrong(f"console error in game {number}")
                    if number == args.warmup or number == args.games or (
                            number > args.warmup and number % args.every == 0):
                        samples.append((number, measure(page, cdp)))
                        figures = samples[-1][1]
                        print(f"  {number:>4} games, {player.moves:>6} moves, "
                              f"{time.perf_counter() - started:6.0f} s: heap "
                              f"{figures['heap'] / (1 << 20):.1f} MiB, "
                              f"{figures['objects']} Python objects, "
                              f"{figures['proxies']} proxies", flush=True)
            except PageWentWrong as error:
                print(f"the page went wrong: {error}", file=sys.stderr)
                if errors:
                    print("console errors:", *errors, sep="\n  ", file=sys.stderr)
                return 1
            browser.close()
    finally:
        stop()

    minutes = (time.perf_counter() - started) / 60
    print(f"\n{args.games} games, {player.moves} moves in {minutes:.1f} min; "
          f"figures after {', '.join(str(n) for n, _ in samples)} games, growth from "
          f"game {args.warmup} to the end:")
    show(samples)
    if errors:
        print("\nconsole errors during the run:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    problems = verdict(samples[0][1], samples[-1][1], args.max_growth)
    if problems:
        print("\nFAILED: " + "; ".join(problems), file=sys.stderr)
        return 1
    print("\nno growth beyond the limits: yes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
