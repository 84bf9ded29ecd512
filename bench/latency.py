"""Click latency as the player feels it: trusted clicks on cards until the next frame.

    python3 bench/latency.py [--game <id>|all] [--moves 100] [--seed 1] [--pause-ms 300]
                             [--warmup 3] [--slowest 3] [--touch] [--reduced-motion]
                             [--trace FILE] [--trace-moves 6] [--paint] [--site DIR]

Serves _site/ (run `make site` first) and bench/bare/ on 127.0.0.1 and plays every game of
the registry in Chromium (or one: --game), motion on, each in a new 1280x800 context: a
patience by random legal moves, a table (Kings in the Corner for 2 to 6 players) by the
person's moves on their turn while its computers play on their own at the fast pace
(250 ms a move). Then it clicks the plain reference page bench/bare/plain.html (one div,
no script, nothing changes) the same way, as many times as the game clicked most.

Clicks are trusted input, made as a player makes them: Playwright's mouse moves to the
point, presses and releases (with --touch, its touchscreen taps, in a context with touch).
The point is the centre of the card, zone or button, or, when something covers the centre
(a card of a fanned pile), the point of it nearest the centre that nothing covers. Which
move to make is decided in CPython by the same engine, kept in step with the page, and
the move is made by its gesture (game/engine/contract.py): press its bottom card, and when
those cards have several legal targets, press the target too ("select", then "target";
a card with one target moves at once: "move"). In a game with swaps (Devil's Grip) nearly
all of the legal moves are swaps, so a move is drawn by kind (a build half the time when
there is one, a click on the stock three times in ten: "deal" or "redeal", a swap
otherwise: "swap-pick", then "swap"; only piles a press does not build at once are
pressed). A card handed over (Kings in the Corner's turned card) is placed by a press on
an empty cell ("place"), a removal by a press on the card, a pair by a press on each. At
a table the person picks a card of their hand or a whole stall, then its target; a quarter
of the time (and when nothing plays) they press End turn ("end-turn"), and at the end of a
hand Next hand ("next-hand"). Between clicks the benchmark waits --pause-ms (half before
it reads the page, half after the move) so animations finish, as between a player's clicks.
With --touch, a tap where the one before was waits until it can no longer be the second of
a double-tap (game/ui/gesture.py's DOUBLE_CLICK_MS: such a tap never picks a card up).

What is measured of each click, by a probe put in the page (bench/latency_page.py):

  handler         the page's handling of the click's pointerdown, pointerup and click,
                  summed: from a capturing listener on the window (it runs before any of
                  the page's) to a bubbling one added after the page's own (it runs after
                  them). Python through Pyodide's proxies: the session, the engine, the
                  keyed DOM update, the FLIP measurements and the save to localStorage;
                  what this benchmark measured before with synthetic events.
  event timing    the Event Timing API (PerformanceObserver 'event', durationThreshold 16,
                  buffered): from the event's timeStamp to the presentation of the frame
                  after its handlers, in 8 ms steps; the longest of the click's pointerdown,
                  pointerup and click entries, matched to it by their startTime (the
                  event's timeStamp). An event under 16 ms is not reported: "<16".
  frame (rAF+MC)  from the event's timeStamp to a MessageChannel message posted in the next
                  requestAnimationFrame callback: the main thread has then done that
                  frame's style, layout, paint and commit. The later of pointerdown's and
                  pointerup's.
  frame (2 rAF)   from the event's timeStamp to the timestamp of the animation frame after
                  that one, the next frame's start: the frame showing the click has been
                  handed on. A frame's timestamp is its vsync, so this moves in frame steps,
                  and can be less than rAF+MC when the main thread finished a frame late.
  long tasks      the 'longtask' entries (over 50 ms) while the page was played: how many,
                  their total and the longest, and how many overlapped a click (from its
                  pointerdown to its next frame).

The report gives, per game and for the plain page, p50, p95 and max (nearest rank) of each
figure over the clicks (the first --warmup left out), the handler and the frame by kind of
click, the slowest clicks with the move they made and that move's time in CPython, and a
table of every page. The Event Timing and long-task figures include what the compositor
and the display did for the frame; the handler is the page's own code only.

The DOM is checked against the CPython engine after every move: every zone's cards and
counts as the game's page parts (GamePage) say they show; a table's against its own save,
whose moves must be the person's clicks and the computers' turns. Each click's records must
be one trusted pointerdown and pointerup of the pointer used. The benchmark exits 1 if the
page went wrong (a check failed, a console error), so bad figures are never reported as
good. Not a test: it asserts nothing about time (the handler's p95 against one frame,
16 ms, is printed).

--trace FILE: after the runs, the game whose slowest click was slowest is played again
from its first deal for --trace-moves moves under Chromium's performance trace
(devtools.timeline and its frame category, cc, viz, gpu, input latency; no screenshots),
written to FILE for chrome://tracing or Perfetto (ui.perfetto.dev). The benchmark reads it
too (bench/latency_trace.py): for the slowest pointer event of that burst it prints
Chromium's EventLatency stages, from the event's creation to the frame presented
(RendererMainProcessing: the handlers and the frame's main-thread work; Commit;
EndCommitToActivation: rastering the new tiles; SubmitCompositorFrameToPresentation...:
the display compositor drawing it), each with its median over the burst's pointer events
and what ran meanwhile: the main thread's script, style, layout, paint and composite work
(each instant counted once, for the innermost trace event), raster tasks, the compositor
thread and the display compositor's drawing.

--restyles (with --trace): the trace also records why each element was styled again
(Chromium's invalidation tracking), and the report lists the commonest causes: an
attribute or class written again with the value it had shows there as often as it is
written, which is how the table's `hidden` and the marks' classes were found (28 November).

--writes: each game's page is watched by a MutationObserver while it is played, and the
report lists what was written where, how often, and how often the write changed nothing
(an attribute set to the value it had, a text replaced by the same text), those first: the
table's seats rewriting every text after every move were found so (28 November). The
observer's own work falls in the clicks' figures: time with it off.

--paint: every game is played under a light trace (FRAME_CATEGORIES) and the report adds
the CPU each move cost its frames (bench/latency_trace.py frame_work): the main thread's
style, layout, paint (pre-paint, paint, layerize) and commit, the raster tasks and the
display compositor's drawing, as thread time, which the load of a shared machine barely
changes. Two builds (--site) compare by it where their frame times, which wait for a core,
cannot be told apart.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency_figures import (  # noqa: E402
    LongTasks,
    Summary,
    during_clicks,
    long_tasks,
    match_entries,
    summarise,
    write_rows,
)
from bench.latency_page import (  # noqa: E402
    READ_SAVE_JS,
    READ_WRITES_JS,
    WRITES_JS,
    Clicker,
    PageWentWrong,
    check_board,
)
from bench.latency_trace import (  # noqa: E402
    FRAME_CATEGORIES,
    FRAME_WORK,
    INVALIDATIONS,
    frame_work,
    latencies,
    of_clicks,
    restyles,
    typical,
)
from game.engine import BUTTONS, TOUCHES, Kind  # noqa: E402
from game.games import GAMES, load_all  # noqa: E402
from tools.serve import CHROMIUM, CHROMIUM_ARGS, guide_seen_script, serve_in_thread  # noqa: E402

SITE = ROOT / "_site"
PLAIN = ROOT / "bench" / "bare"  # plain.html: the reference page (one div, no handler)
READY = "body[data-state=ready]"
TIMEOUT_MS = 120_000
INFOS = load_all()  # every game of the registry, in the game list's order
KINDS = ("move", "select", "target", "place", "deal", "redeal", "swap-pick", "swap",
         *(kind.value for kind in BUTTONS))
BUDGET_MS = 16.0  # one frame at 60 Hz
PACE_KEY = "cardgames:settings:pace"  # a table's computers play at the fast pace (250 ms)
NEW_DEAL = '.actions [data-action="new"]'
TRACE_CATEGORIES = [
    "devtools.timeline", "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame", "toplevel", "v8.execute",
    "blink.user_timing", "latencyInfo", "benchmark", "cc", "viz", "gpu",
]


def page_deal(page: Page) -> int:
    return int(parse_qs(urlparse(page.url).query)["deal"][-1])


def parts_of(info):
    """The game's page parts (its GamePage), from the module its GameInfo names."""
    return import_module(info.page).PAGE


@dataclass
class Run:
    """One game's (or the plain page's) clicks and what came with them."""

    name: str
    clicker: Clicker
    moves: int = 0
    games_ended: int = 0
    engine_ms: dict[int, tuple[int, str, float]] = field(default_factory=dict)  # click
    #   index -> (deal, the move it made or began, the same push + is_over + legal_moves
    #   in CPython, ms)
    counted: int = 0  # clicks that have a move in engine_ms
    unmatched: list[dict] = field(default_factory=list)
    tasks: LongTasks | None = None
    tasks_in_clicks: int = 0  # long tasks overlapping a click (its pointerdown to its frame)
    work: dict[str, float] | None = None  # --paint: CPU ms of frame work a move (frame_work)
    writes: dict[str, list[int]] | None = None  # --writes: what -> [writes, unchanged]

    def moved(self, game, move) -> None:
        """Keep `game` in step with the page's move, timing the engine's part in CPython."""
        started = time.perf_counter()
        game.push(move)
        game.is_over()
        game.legal_moves()
        engine_ms = (time.perf_counter() - started) * 1000
        clicks = len(self.clicker.clicks)
        for index in range(self.counted, clicks):
            self.engine_ms[index] = (game.deal, str(move), engine_ms)
        self.counted = clicks
        self.moves += 1

    def finish(self, page: Page) -> None:
        """Gather the last entries the probe saw and match them to the clicks."""
        page.wait_for_timeout(500)  # Event Timing entries come after their frame is shown
        self.clicker.drain()
        self.unmatched = match_entries(self.clicker.clicks, self.clicker.events)
        self.tasks = long_tasks(self.clicker.longtasks)
        self.tasks_in_clicks = during_clicks(self.clicker.clicks, self.clicker.longtasks)


def open_game(page: Page, site_url: str, game_id: str, deal: int) -> None:
    page.goto(f"{site_url}/?game={game_id}&deal={deal}")
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)


def new_deal(page: Page) -> None:
    """'New deal' (an untimed script click: not a click of the benchmark)."""
    old = page_deal(page)
    page.evaluate(f"document.querySelector('{NEW_DEAL}').click()")
    page.wait_for_function(
        f"new URLSearchParams(location.search).get('deal') !== '{old}'"
        " && document.body.dataset.state === 'ready'"
        " && document.getAnimations().every(a => a.playState !== 'running')",  # dealt in
        timeout=TIMEOUT_MS,
    )


# --- patiences -----------------------------------------------------------------------------


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


def left(clicker: Clicker, card: str, source: str, move) -> None:
    """The card pressed has left its zone (the move was made), or PageWentWrong."""
    if clicker.drain(card)["zone"] == source:
        raise PageWentWrong(f"{move}: the card did not leave {source}")


def play_patience(page: Page, run: Run, info, moves: int, rng: random.Random,
                  pause: int) -> None:
    """Play `moves` moves of a patience by clicks (see the top), checking the DOM."""
    parts, clicker = parts_of(info), run.clicker
    game = GAMES[info.id].new(deal=page_deal(page))
    check_board(page, parts, parts.session(game, [], None), f"deal {game.deal}")
    done = 0
    while done < moves:
        if game.is_over():
            run.games_ended += 1
            new_deal(page)
            game = GAMES[info.id].new(deal=page_deal(page))
            check_board(page, parts, parts.session(game, [], None), f"deal {game.deal}")
            page.wait_for_timeout(pause)
            continue
        move, swap = choose(game, rng)
        gesture = move.gesture
        if is_touch(move):
            clicker.click(str(move), zone=gesture.source)
        elif swap is not None:
            first, other = swap
            got = clicker.click("swap-pick", card=game.zones()[f"cell-{first}"][0])
            if f"cell-{other}" not in got["swaps"]:
                raise PageWentWrong(f"{move}: cell-{other} not offered for a swap: {got}")
            clicker.click("swap", card=game.zones()[f"cell-{other}"][-1])
        elif gesture.kind is Kind.PLACE:
            clicker.click("place", zone=gesture.target)
        elif gesture.kind is Kind.REMOVE:
            card = game.zones()[gesture.source][-1]
            clicker.click("move", card=card)
            left(clicker, card, gesture.source, move)
        elif gesture.kind is Kind.PAIR:
            card = game.zones()[gesture.source][-1]
            got = clicker.click("select", card=card)
            if gesture.target not in got["targets"]:
                raise PageWentWrong(f"{move}: {gesture.target} not offered: {got['targets']}")
            clicker.click("target", card=game.zones()[gesture.target][-1], watch=card)
            left(clicker, card, gesture.source, move)
        else:
            build(clicker, game, move)
        run.moved(game, move)
        done += 1
        check_board(page, parts, parts.session(game, [], None),
                    f"deal {game.deal} after {[str(m) for m in game.move_stack]}")
        page.wait_for_timeout(pause // 2)


def build(clicker: Clicker, game, move) -> None:
    """A build by clicks: its bottom card, then its target when there are several."""
    gesture = move.gesture
    targets = sorted(
        m.gesture.target for m in game.legal_moves()
        if is_build(m) and m.gesture.source == gesture.source and m.gesture.count == gesture.count
    )
    card = game.zones()[gesture.source][-gesture.count]
    if len(targets) == 1:
        got = clicker.click("move", card=card)
    else:
        got = clicker.click("select", card=card)
        if sorted(got["targets"]) != targets:
            raise PageWentWrong(f"{move}: targets shown {got['targets']}, legal {targets}")
        got = clicker.click("target", card=game.zones()[gesture.target][-1], watch=card)
    if got["zone"] == gesture.source:
        raise PageWentWrong(f"{move}: the card did not leave {gesture.source}")


# --- tables --------------------------------------------------------------------------------


def follow(page: Page, info):
    """The CPython session of the page's own save (replayed move by move)."""
    record = page.evaluate(READ_SAVE_JS, info.id)
    if not isinstance(record, dict):
        raise PageWentWrong(f"no save of the game shown: {record!r}")
    game = GAMES[info.id].new(deal=record["deal"], **record.get("options", {}))
    for text in record.get("moves", []):
        game.push(game.parse_move(text))
    return parts_of(info).session(game, record.get("redo", []), record.get("names"))


def wait_for_person(page: Page, info, timeout_s: float = 120):
    """Wait (reading the save every 100 ms) until a person is to play, the hand is over or
    the match is: the computers' turns are done. Returns the session."""
    deadline = time.monotonic() + timeout_s
    while True:
        session = follow(page, info)
        game = session.game
        if game.is_over() or game.hand_over is not None or session.persons_turn():
            return session
        if time.monotonic() > deadline:
            raise PageWentWrong(f"deal {game.deal}: the computers never gave the turn back")
        page.wait_for_timeout(100)


def person_choices(session) -> list[tuple]:
    """(pick, target zone, move) for every play the person at the screen can make by
    clicks: a card of their hand or a whole stall picked up, then where it goes."""
    seen, choices = set(), []
    for zone, cards in session.zones().items():
        for card in [*cards, None]:
            pick = session.pick_at(zone, card)
            if pick is None or pick in seen:
                continue
            seen.add(pick)
            for target, move in session.moves_from(pick).items():
                choices.append((pick, target, move))
    return choices


def button(kind: str) -> str:
    """The button a move of `kind` (end-turn, next-hand) is made with, on the board or in
    the dialog open."""
    return f'#board [data-action="{kind}"], dialog[open] [data-action="{kind}"]'


def play_table(page: Page, run: Run, info, moves: int, rng: random.Random,
               pause: int) -> None:
    """Play `moves` of the person's moves at a table by clicks: a card or a stall, then its
    target when it has several; End turn; Next hand. The computers play on their own."""
    parts, clicker = parts_of(info), run.clicker
    done = 0
    while done < moves:
        session = wait_for_person(page, info)
        game = session.game
        check_board(page, parts, session,
                    f"deal {game.deal} after {[str(m) for m in game.move_stack]}")
        if game.is_over():
            run.games_ended += 1
            new_deal(page)
            continue
        page.wait_for_timeout(pause)  # the computers' last card lands
        before = [str(m) for m in game.move_stack]
        choices = person_choices(session)
        if game.hand_over is not None or not choices or rng.random() < 0.25:
            move = next(m for m in game.legal_moves() if m.gesture.kind in BUTTONS
                        and m.gesture.kind is not Kind.RESIGN)
            kind = move.gesture.kind.value
            page.wait_for_selector(button(kind), state="visible", timeout=TIMEOUT_MS)
            clicker.click(kind, selector=button(kind))
        else:
            pick, target, move = rng.choice(choices)
            targets = session.moves_from(pick)
            where = {"card": pick.card} if pick.card else {"zone": pick.zone}
            if len(targets) == 1 and move.gesture.kind is not Kind.PAIR:
                clicker.click("move", **where)
            else:
                got = clicker.click("select", **where)
                if sorted(got["targets"]) != sorted(targets):
                    raise PageWentWrong(f"{move}: targets shown {got['targets']}, "
                                        f"legal {sorted(targets)}")
                clicker.click("target", zone=target)
        saved = [str(m) for m in follow(page, info).game.move_stack]
        if saved[: len(before) + 1] != [*before, str(move)]:
            raise PageWentWrong(f"deal {game.deal}: after {before} the click made "
                                f"{saved[len(before):]}, not {move}")
        run.moved(game, move)
        done += 1


# --- one run: a page, its clicks ----------------------------------------------------------


def new_context(browser: Browser, args, errors: list[str], table: bool = False):
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        reduced_motion="reduce" if args.reduced_motion else "no-preference",
        service_workers="block",
        has_touch=args.touch,
    )
    context.add_init_script(guide_seen_script())  # its bubble would take the first clicks
    if table:
        context.add_init_script(
            f"try {{ localStorage.setItem('{PACE_KEY}', 'fast'); }} catch (e) {{}}")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return context, page


def bench_game(browser: Browser, site_url: str, info, args, errors: list[str],
               moves: int, trace: Path | None = None) -> Run:
    """Play `moves` moves of one game in a new context; with `trace`, record a Chromium
    trace of them; with --paint (and no `trace`), a light one, read into `run.work`."""
    light = None
    if trace is None and args.paint:
        light = trace = Path(tempfile.mkdtemp(prefix="latency-")) / "frames.json"
    rng = random.Random(f"{args.seed}:{info.id}")
    context, page = new_context(browser, args, errors, info.table)
    try:
        open_game(page, site_url, info.id, rng.randint(1, 999_999_999))
        clicker = Clicker(page, args.touch, args.pause_ms // 2)
        clicker.install()
        run = Run(info.id, clicker)
        play = play_table if info.table else play_patience
        if args.writes:
            page.evaluate(WRITES_JS)
        if trace:
            categories = FRAME_CATEGORIES if light else TRACE_CATEGORIES + (
                [INVALIDATIONS] if args.restyles else [])
            browser.start_tracing(page=page, path=trace, screenshots=False,
                                  categories=categories)
        try:
            play(page, run, info, moves, rng, args.pause_ms)
        finally:
            if trace:
                browser.stop_tracing()
        run.finish(page)
        if args.writes:
            run.writes = page.evaluate(READ_WRITES_JS)
        if light:
            run.work = frame_work(json.loads(light.read_text(encoding="utf-8"))["traceEvents"],
                                  run.moves)
            shutil.rmtree(light.parent, ignore_errors=True)
        return run
    finally:
        context.close()


def bench_plain(browser: Browser, plain_url: str, args, errors: list[str], clicks: int) -> Run:
    """Click the plain page's one div `clicks` times, as the games are clicked."""
    context, page = new_context(browser, args, errors)
    try:
        page.goto(f"{plain_url}/plain.html")
        clicker = Clicker(page, args.touch, args.pause_ms // 2)
        clicker.install()
        run = Run("plain page", clicker)
        for _ in range(clicks):
            clicker.click("plain", selector="#target")
            run.moves += 1
            page.wait_for_timeout(args.pause_ms // 2)
        run.finish(page)
        return run
    finally:
        context.close()


# --- the report ------------------------------------------------------------------------------

FIGURES = (  # (label, what it reads of a Click)
    ("handler", lambda c: c.handler),
    ("event timing", lambda c: c.event_timing),
    ("frame (rAF+MC)", lambda c: c.frame_mc),
    ("frame (2 rAF)", lambda c: c.frame_raf),
)


def ms(value: float | None) -> str:
    return "<16" if value is None else f"{value:.1f}"


def figures_line(summary: Summary | None) -> str:
    if summary is None:
        return f"{'-':>6} {'-':>6} {'-':>6}"
    return f"{ms(summary.p50):>6} {ms(summary.p95):>6} {ms(summary.max):>6}"


def report(run: Run, warmup: int, slowest: int) -> None:
    clicks = run.clicker.clicks[warmup:]
    print(f"\n{run.name}: {run.moves} moves, {len(run.clicker.clicks)} clicks "
          f"(first {warmup} left out), games ended and re-dealt: {run.games_ended}")
    print(f"    {'':<16} {'n':>4} {'p50':>6} {'p95':>6} {'max':>6}  ms")
    for label, read in FIGURES:
        values = [read(c) for c in clicks]
        summary = summarise(values)
        extra = ""
        if label == "event timing" and summary:
            extra = f"  ({summary.reported} of {summary.n} reported; the rest under 16 ms)"
        print(f"    {label:<16} {len(values):>4} {figures_line(summary)}{extra}")
    for kind in KINDS:
        part = [c for c in clicks if c.kind == kind]
        if part:
            print(f"      {kind:<14} {len(part):>4}  handler "
                  f"{figures_line(summarise([c.handler for c in part]))}  event timing "
                  f"{figures_line(summarise([c.event_timing for c in part]))}  frame (2 rAF) "
                  f"{figures_line(summarise([c.frame_raf for c in part]))}")
    tasks = run.tasks
    print(f"    long tasks: {tasks.count}, total {tasks.total:.0f} ms, max {tasks.max:.0f} ms; "
          f"{run.tasks_in_clicks} of them during a click (its pointerdown to its frame)")
    if run.unmatched:
        print(f"    Event Timing entries matched to no click: {len(run.unmatched)} "
              f"{json.dumps(run.unmatched[:3])}")
    points = run.clicker.points
    if points["elsewhere"]:
        print(f"    clicks at the element's centre {points['centre']}, elsewhere on it (the "
              f"centre covered) {points['elsewhere']}")
    order = sorted(range(warmup, len(run.clicker.clicks)),
                   key=lambda i: run.clicker.clicks[i].frame_raf, reverse=True)
    for index in order[:slowest]:
        click = run.clicker.clicks[index]
        deal, move, engine = run.engine_ms.get(index, (None, "", None))
        about = f" deal {deal} move {move} (CPython {engine:.2f} ms)" if deal else ""
        print(f"    slow: frame (2 rAF) {click.frame_raf:6.1f}  handler {click.handler:5.1f}  "
              f"event timing {ms(click.event_timing):>4}  {click.kind:<9}{about}")


def summary_table(runs: list[Run], warmup: int) -> None:
    print(f"\nEvery page, p50 / p95 / max in ms (the first {warmup} clicks of each left out):")
    print(f"{'':<24}{'clicks':>6}" + "".join(f"{label:>22}" for label, _ in FIGURES)
          + "   long tasks: n, total, max ms (during clicks)")
    for run in runs:
        clicks = run.clicker.clicks[warmup:]
        cells = []
        for _, read in FIGURES:
            s = summarise([read(c) for c in clicks])
            cells.append("-" if s is None else f"{ms(s.p50)} / {ms(s.p95)} / {ms(s.max)}")
        tasks = run.tasks
        print(f"{run.name:<24}{len(clicks):>6}" + "".join(f"{cell:>22}" for cell in cells)
              + f"   {tasks.count}, {tasks.total:.0f}, {tasks.max:.0f} ({run.tasks_in_clicks})")


def work_table(runs: list[Run]) -> None:
    """--paint: the CPU ms of frame work a move cost, per game."""
    kinds = [*FRAME_WORK, "raster tasks"]
    print("\nFrame work a move, CPU ms (thread time; raster tasks: how many):")
    print(f"{'':<24}" + "".join(f"{kind:>13}" for kind in kinds) + f"{'total ms':>11}")
    for run in runs:
        if run.work is not None:
            total = sum(run.work[kind] for kind in FRAME_WORK)
            print(f"{run.name:<24}" + "".join(f"{run.work[kind]:>13.1f}" for kind in kinds)
                  + f"{total:>11.1f}")


WORK_ORDER = ("script", "style", "layout", "paint", "composite", "other")


def work_text(work: dict[str, float]) -> str:
    """What ran during a stage: the main thread's kinds of work, then elsewhere."""
    main = ", ".join(f"{k} {work[k]:.1f}" for k in WORK_ORDER if work.get(k, 0) >= 0.05)
    rest = ", ".join(f"{k} {work[k]:.1f}" for k in ("raster", "compositor", "draw")
                     if work.get(k, 0) >= 0.05)
    return "; ".join(part for part in (f"main thread: {main}" if main else "", rest) if part)


def trace_report(path: Path, run: Run) -> None:
    """Where the traced clicks' time went (bench/latency_trace.py): the slowest event's
    stages and what ran during each, and each stage's median over the clicks' events."""
    events = json.loads(path.read_text(encoding="utf-8"))["traceEvents"]
    stamps = [t for c in run.clicker.clicks for t in (c.down, c.up)]
    found = of_clicks(latencies(events), stamps)
    print(f"\ntrace of {run.name} ({run.moves} moves, {len(run.clicker.clicks)} clicks) "
          f"written to {path}: {len(found)} of their pointer events found in it")
    if not found:
        return
    slowest = max(found, key=lambda lat: lat.ms)
    rows = dict(((n, d), m) for n, d, m in typical(found))
    index = next((i for i, c in enumerate(run.clicker.clicks)
                  if min(abs(c.down - slowest.timestamp), abs(c.up - slowest.timestamp)) <= 1),
                 None)
    what = ""
    if index is not None:
        deal, move, _ = run.engine_ms.get(index, (None, "", 0.0))
        what = f" of a {run.clicker.clicks[index].kind} click" + (
            f" (deal {deal}, move {move})" if deal else "")
    print(f"the slowest, a {slowest.type}{what} at {slowest.timestamp:.1f} ms: "
          f"{slowest.ms:.1f} ms from its timeStamp to the frame shown. Chromium's EventLatency "
          f"stages, ms, then the median of the {len(found)} events; what ran meanwhile, ms "
          f"(raster: raster tasks summed over the worker threads)")
    for stage in slowest.stages:
        name = "  " * stage.depth + stage.name
        print(f"    {name:<54} {stage.ms:6.1f} {rows.get((stage.name, stage.depth), 0):6.1f}  "
              f"{work_text(stage.work)}")


def writes_report(run: Run, shown: int) -> None:
    """--writes: the page's writes while `run` was played, those that changed nothing first
    (bench/latency_figures.py write_rows)."""
    rows = write_rows(run.writes or {})
    print(f"\n{run.name}: {sum(r[0] for r in rows)} writes to the page in {run.moves} moves, "
          f"{sum(r[1] for r in rows)} of them changing nothing; the commonest:")
    for total, same, what in rows[:4 * shown]:
        print(f"    {total:6d} {same:6d}  {what[:90]}")


def restyle_report(path: Path, shown: int) -> None:
    """The commonest causes of restyles in the traced burst (bench/latency_trace.py
    restyles), the attributes changed listed apart: a write that changes nothing is one."""
    rows = restyles(json.loads(path.read_text(encoding="utf-8"))["traceEvents"])
    attributes = [row for row in rows if row[1] == "Attribute"]
    print(f"\nwhy elements were styled again in the burst: {sum(r[0] for r in rows)} causes")
    for count, reason, node, detail in rows[:4 * shown]:
        print(f"    {count:5d}  {reason}: {node[:60]}" + (f" ({detail})" if detail else ""))
    print("  attributes changed:")
    for count, _reason, node, detail in attributes[:4 * shown]:
        print(f"    {count:5d}  {node[:60]}: {detail}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*INFOS, "all", "both"], default="all",
                        help="one game, or all (default; 'both' is its older name)")
    parser.add_argument("--moves", type=int, default=100, help="moves per game (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed for deals and moves")
    parser.add_argument("--pause-ms", type=int, default=300,
                        help="wait between clicks so animations finish (default 300)")
    parser.add_argument("--slowest", type=int, default=3,
                        help="list the slowest clicks per game (default 3)")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="emulate reduced motion: no FLIP animation (for comparison)")
    parser.add_argument("--touch", action="store_true",
                        help="tap with a touchscreen (a context with touch) instead of clicks")
    parser.add_argument("--warmup", type=int, default=3,
                        help="first clicks per game left out of the figures (default 3)")
    parser.add_argument("--trace", type=Path, metavar="FILE",
                        help="record a Chromium trace of a burst of moves in the game whose "
                             "slowest click was the slowest, into FILE")
    parser.add_argument("--paint", action="store_true",
                        help="trace every game lightly and report the CPU its frames cost "
                             "a move (raster, drawing, style, layout, paint)")
    parser.add_argument("--restyles", action="store_true",
                        help="with --trace: also record why elements were styled again, and "
                             "list the commonest causes (an attribute written again shows)")
    parser.add_argument("--writes", action="store_true",
                        help="count the page's writes while each game is played, and list "
                             "those that changed nothing (a MutationObserver)")
    parser.add_argument("--trace-moves", type=int, default=6,
                        help="moves of the traced burst (default 6)")
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the build to play (default _site/; `python3 tools/build_site.py "
                             "DIR` of another commit compares two builds)")
    args = parser.parse_args(argv)
    site = args.site
    if not (site / "index.html").is_file():
        print(f"{site}/index.html is missing: run `make site`", file=sys.stderr)
        return 2
    infos = list(INFOS.values()) if args.game in ("all", "both") else [INFOS[args.game]]

    site_url, stop = serve_in_thread(site)
    plain_url, stop_plain = serve_in_thread(PLAIN)
    errors: list[str] = []
    runs: list[Run] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            motion = "reduced motion" if args.reduced_motion else "motion on"
            print(f"Chromium {browser.version}, {motion}, "
                  f"{'touch taps' if args.touch else 'mouse clicks'}, "
                  f"{args.moves} moves per game, seed {args.seed}")
            for info in infos:
                started = time.perf_counter()
                try:
                    runs.append(bench_game(browser, site_url, info, args, errors, args.moves))
                except PageWentWrong as error:
                    print(f"{info.id}: the page went wrong: {error}", file=sys.stderr)
                    return 1
                print(f"  ({info.id}: {time.perf_counter() - started:.0f} s)", flush=True)
            clicks = max(len(run.clicker.clicks) for run in runs)
            runs.append(bench_plain(browser, plain_url, args, errors, clicks))
            if args.trace:
                worst = max(runs[:-1], key=lambda r: max(
                    (c.frame_raf for c in r.clicker.clicks[args.warmup:]), default=0.0))
                traced = bench_game(browser, site_url, INFOS[worst.name], args, errors,
                                    args.trace_moves, args.trace)
            browser.close()
    finally:
        stop()
        stop_plain()

    for run in runs:
        report(run, args.warmup, args.slowest)
    summary_table(runs, args.warmup)
    if args.paint:
        work_table(runs)
    if args.writes:
        for run in runs[:-1]:
            writes_report(run, args.slowest)
    if args.trace:
        trace_report(args.trace, traced)
        if args.restyles:
            restyle_report(args.trace, args.slowest)
    if errors:
        print("\nconsole errors during the run:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    summaries = [summarise([c.handler for c in r.clicker.clicks[args.warmup:]])
                 for r in runs[:-1]]
    worst = max((s.p95 for s in summaries if s is not None), default=0.0)
    print(f"\nhandler p95 within {BUDGET_MS:.0f} ms for every game: "
          f"{'yes' if worst <= BUDGET_MS else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
