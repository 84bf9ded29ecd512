"""The browser monkey: random play in Chromium for every game, checked after every action.

For each game a seeded monkey (random.Random) plays several deals (each deal with other
options: Guard mode, one card a deal, Camelot, the Classic table...) with random mouse
clicks on cards, zones, buttons and the empty table, random mouse drags (card to zone,
card to nowhere, short ones under the drag threshold, drags with a key pressed on the way),
touch taps, wheel scrolls and key presses (arrows, Tab, Enter, Space, Escape, '?', the
shortcut letters of keyboard.py, Ctrl+Z/Y, any letter or digit). Dialogs it opens it
closes again, or clicks a button in them; on the game list it opens its game again; a
deal that ends is followed by a new one.

After every action one `page.evaluate` reads the page: the DOM board, the page's own
save (write-through after every move, so it is the engine's state), PyScript's error
banner, which view and dialog show, and where the next action may land. The board must
be what the CPython engine, kept in step with the save's moves (pushed and popped as the
save grows and shrinks), says it shows: helpers.board_diff for the patiences, the table
test's `table_view` for Kings in the Corner; so must the move counter, a patience's score
and prompt, and the game-over mark (body[data-over], #outcome[data-outcome]). The games
are played one after the other in one page (a long session). With reduced motion a
move's DOM is final at once, and a render and its save happen in the same Python call, so
the page is consistent at every instant, also while the computers of the table play on
their own (on timers, at the fast pace: 250 ms a move).
No Python or JavaScript error may happen (console errors and uncaught exceptions are
caught after every action here, and by the autouse guard of conftest.py).

MONKEY_ACTIONS sets the actions per game: `make test` (and CI) run the short form, 300
per game, with every check of the long one; MONKEY_ACTIONS=2000 is the long run of issue 8
(thousands per game), to run before a release or after a change to the page's play.
MONKEY_SEED sets the seed (default 20261). A failure names the game, deal, seed,
action index and the last actions. The page's own random numbers (a new deal's number)
come from a seeded crypto.getRandomValues, so a seed replays the same deals; only the
table's computer turns, which run on timers, may fall differently between the monkey's actions.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import deque
from collections.abc import Iterator

import pytest
from conftest import GUIDE_SEEN_JS
from helpers import (
    AFTER_TWO_FRAMES_JS,
    READ_BOARD_JS,
    READY,
    READY_TIMEOUT_MS,
    TOP_ONLY,
    board_diff,
    follow_in_page,
    shown,
)
from playwright.sync_api import Browser, Page
from test_kings_corner_solitaire import shown as kcs_shown
from test_kings_corner_table import READ_TABLE_JS, set_pace, table_view, view_diff

from game.engine import TOUCHES, Game, Kind
from game.games import GAMES
from game.ui.table import TableSession

# One page for the whole file, each game's monkey going on where the last one left the
# page (a long session; a page load per game would cost a tenth of the run): English,
# reduced motion (a move's DOM is final at once), touch as well as a mouse, no service
# worker, the table's computers at the fast pace, seeded random bytes.
CONTEXT = {"locale": "en-US", "reduced_motion": "reduce", "service_workers": "block",
           "has_touch": True}

ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "300"))  # per game, over all its deals
SEED = int(os.environ.get("MONKEY_SEED", "20261"))
HISTORY = 12  # actions listed when a check fails

# Each game's deals: options of each deal in turn (the monkey's own game-list clicks and
# New deal buttons bring more).
DEALS = {
    "devils-square": ["", "guard=1", ""],
    "kings-square": ["", "", "guard=1"],
    "devils-grip": ["", "draw=1", "passes=1"],
    "kings-corner-solitaire": ["", "swap=1", "strict=1"],
    "kings-corner": ["", "rules=classic", "players=h2&rules=classic&draw=2&under=1"],
}

KEYS = (
    ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"] * 4
    + ["Tab"] * 4 + ["Shift+Tab", "Home", "End"] + ["Enter", " "] * 3
    + ["Escape", "?", "h", "u", "e", "Control+z", "Control+Shift+z", "Control+y"]
    + list("abcdfgijklmnopqrstvwxyz0123456789") + ["Backspace", "Delete", "PageDown", "F1"]
)
DIALOG_KEYS = ["Escape", "Escape", "Tab", "Shift+Tab", "Enter"]

# Seeded random bytes for the page (Python's random module seeds itself from them): the
# deal numbers the page picks by itself come out the same for the same seed.
SEEDED_CRYPTO_JS = """
(seed => {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6D2B79F5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  crypto.getRandomValues = function (array) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return array;
  };
})(%d);
"""

# One reading per action: the page's view, its board and save (read in the same task,
# so they belong together), errors shown, and where the next action may land. Read once
# the frames after the action are drawn: a move is saved after the frame that shows it
# (game/ui/page.py `apply`), so the save and the board agree from then on.
READ_PAGE_JS = """
async ([gameId, table]) => {""" + AFTER_TWO_FRAMES_JS + """
  const body = document.body;
  const box = el => {
    if (!el.checkVisibility || !el.checkVisibility()) return null;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
    return [r.left, r.top, r.width, r.height];
  };
  const dialog = document.querySelector('dialog[open]');
  const popover = document.querySelector(':popover-open');
  const out = {
    view: body.dataset.view || '', state: body.dataset.state || '', game: body.dataset.game || '',
    search: location.search, dialog: dialog ? dialog.id : null, popover: !!popover,
    pyErrors: [...document.querySelectorAll('.py-error')].map(e => e.textContent.slice(0, 3000)),
    failed: !!document.querySelector('#loader[data-failed]'),
    size: [innerWidth, innerHeight, document.documentElement.scrollHeight],
    status: Object.fromEntries(['score', 'prompt', 'moves'].map(id =>
      [id, document.getElementById(id).textContent.trim()])),
    over: [body.dataset.over || '', document.querySelector('#outcome[data-outcome]') !== null],
  };
  if (out.view === 'game' && out.state === 'ready' && out.game === gameId) {
    if (table) {
      out.table = (READ_TABLE_JS)();
    } else {
      out.board = (READ_BOARD_JS)();
      const current = localStorage.getItem('cardgames:current:' + gameId);
      const text = current && localStorage.getItem(current);
      out.record = text ? JSON.parse(text) : null;
    }
  }
  const named = (els, name) => [...els].map(el => [name(el), box(el)]).filter(t => t[1]);
  out.cards = named(document.querySelectorAll('#board [data-card]'), el => el.dataset.card);
  out.zones = named(document.querySelectorAll('#board [data-zone]'), el => el.dataset.zone);
  const scope = dialog || (popover && popover.matches('#deal-menu') ? popover : document);
  out.buttons = named(scope.querySelectorAll('button, a[href]'), el =>
    (el.dataset.action || el.dataset.pref || el.dataset.gameId || el.textContent.trim())
      .slice(0, 40) + (el.disabled ? ' (disabled)' : ''));
  out.tiles = named(document.querySelectorAll('#game-list a'), el =>
    el.dataset.gameId + ' ' + el.getAttribute('href'));
  return JSON.stringify(out);  // one string: far cheaper for Playwright than a deep object
}
""".replace("READ_TABLE_JS", READ_TABLE_JS.strip()).replace("READ_BOARD_JS", READ_BOARD_JS.strip())

class MonkeyFailure(AssertionError):
    pass


class Monkey:
    """Plays `game_id` in `page` at random and checks the page after every action."""

    def __init__(self, page: Page, errors: list[str], game_id: str, seed: int) -> None:
        self.page = page
        self.game_id = game_id
        self.table = game_id == "kings-corner"
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: deque[str] = deque(maxlen=HISTORY)
        self.index = 0
        self.deal = None
        self.game: Game | None = None
        self.errors = errors  # console errors and uncaught exceptions of the page
        self.moves_seen = 0  # moves the engine replayed from the save, over the run
        self.states: set[str] = set()  # views and dialogs the monkey got to

    # -- checking ---------------------------------------------------------------------

    def fail(self, problem: str) -> None:
        listing = "\n    ".join(f"{i}: {a}" for i, a in self.history) or "(none)"
        raise MonkeyFailure(
            f"monkey: {problem}\n  game {self.game_id}, deal {self.deal}, seed {self.seed}, "
            f"action {self.index}; the last actions:\n    {listing}\n"
            f"  (replay: MONKEY_SEED={SEED} MONKEY_ACTIONS={ACTIONS})"
        )

    def read(self) -> dict:
        return json.loads(self.page.evaluate(READ_PAGE_JS, [self.game_id, self.table]))

    def check(self) -> dict:
        """Read the page and check it; returns the reading (for the next action)."""
        page = self.read()
        if self.errors:
            self.fail("browser error(s): " + " | ".join(self.errors))
        if page["pyErrors"]:
            self.fail("PyScript shows an error: " + " | ".join(page["pyErrors"]))
        if page["failed"]:
            self.fail("the loader says the page failed")
        if page["state"] != "ready":
            self.fail(f"the page is not ready: data-state={page['state']!r}")
        self.states.add(page["view"] + ("/" + page["dialog"] if page["dialog"] else ""))
        if page["view"] == "game":
            if page["game"] != self.game_id:
                self.fail(f"another game opened: {page['game']}")
            if self.table:
                self.check_table(page["table"])
            else:
                self.check_board(page["board"], page["record"])
            self.check_status(page["status"])
            over = self.game.is_over()
            if page["over"] != ["yes" if over else "no", over]:
                self.fail(f"body[data-over], #outcome[data-outcome] {page['over']} for a game "
                          f"{'over' if over else 'not over'}")
        elif page["view"] != "home":
            self.fail(f"unknown view {page['view']!r}")
        return page

    def follow(self, record: dict | None) -> Game:
        """The CPython game of the page's save, kept in step: moves popped back to what the
        save and the game share, the save's further moves pushed."""
        if not isinstance(record, dict):
            self.fail(f"no save of the game shown: {record!r}")
        self.deal = record.get("deal")
        game = self.game
        if game is None or game.deal != record.get("deal") or game.options != record.get(
                "options"):
            game = self.game = GAMES[self.game_id].new(deal=record["deal"],
                                                       **record.get("options", {}))
        moves = record.get("moves", [])
        common = 0
        stack = game.move_stack
        while common < min(len(stack), len(moves)) and str(stack[common]) == moves[common]:
            common += 1
        while len(game.move_stack) > common:
            game.pop()
        for text in moves[common:]:
            try:
                game.push(game.parse_move(text))
            except ValueError as error:
                self.fail(f"the save does not replay: move {text!r}: {error}")
            self.moves_seen += 1
        return game

    def check_board(self, board: dict, record: dict | None) -> None:
        game = self.follow(record)
        if game.id == "kings-corner-solitaire":
            want = kcs_shown(game)
            counts = {"discard": want.pop("discard")}
        else:
            want = shown(game)
            counts = {z: [len(c), str(len(c))] for z, c in game.zones().items() if z in TOP_ONLY}
        problems = board_diff(board, want, counts)
        if problems:
            self.fail("; ".join(problems))

    def check_status(self, status: dict) -> None:
        """The status line: the move counter (the moves on the board, giving up none; at a
        table the hand being played), and a patience's score and prompt."""
        game = self.game
        if self.table:
            want = {"moves": str(len(game.results) + (game.hand_over is None))}
        else:
            moves = sum(1 for move in game.move_stack if str(move) != "resign")
            want = {"moves": str(moves), "score": str(game.score), "prompt": game.status().prompt}
        wrong = {k: (status[k], v) for k, v in want.items() if status[k] != v}
        if wrong:
            self.fail(f"the status line differs from the engine: (DOM, engine) {wrong}")

    def check_table(self, reading: dict) -> None:
        record = reading["record"]
        game = self.follow(record)
        session = TableSession(game, record.get("redo", []), record.get("names"))
        seats = reading["view"]["seats"]
        me = [s["seat"] for s in seats if s["me"]]
        if len(session.people()) > 1:  # who holds the device: the page knows, the save not
            session.hidden_hand = reading["view"]["passing"]
            session.shown_seat = me[0] if me else session.shown_seat
        want = table_view(session)
        got = reading["view"]
        for part in ("counts", "labels"):  # only the counts the table shows
            got[part] = {k: got[part].get(k) for k in want[part]}
        diff = view_diff(got, want)
        if diff:
            self.fail(f"the table differs from the engine: part -> (DOM, engine) {diff}")
        if reading["astray"]:
            self.fail(f"cards drawn outside their zone: {reading['astray']}")

    # -- acting -----------------------------------------------------------------------

    def point(self, rect, centre: float = 0.5) -> tuple[float, float]:
        """A point in `rect`: its middle, or anywhere in it."""
        left, top, width, height = rect
        if self.rng.random() < centre:
            return left + width / 2, top + min(height / 2, 20)  # a fan shows a card's top
        return left + self.rng.random() * width, top + self.rng.random() * height

    def anywhere(self, page: dict) -> tuple[float, float]:
        width, height, _ = page["size"]
        return self.rng.random() * (width - 1), self.rng.random() * (height - 1)

    def act(self, page: dict) -> None:
        rng = self.rng
        if page["view"] == "home":
            mine = [t for t in page["tiles"] if t[0].startswith(self.game_id + " ")]
            if mine and rng.random() < 0.9:
                name, rect = rng.choice(mine)
                self.click(f"game list: {name}", self.point(rect))
            else:
                self.key(rng.choice(["Escape", "?", "ArrowDown"]))  # (Tab, Enter: any game)
            return
        if page["dialog"] or page["popover"]:
            roll = rng.random()
            buttons = [b for b in page["buttons"] if not b[0].endswith("(disabled)")]
            if buttons and roll < 0.55:
                name, rect = rng.choice(buttons)
                self.click(f"{page['dialog'] or 'menu'}: {name}", self.point(rect))
            elif roll < 0.9:
                self.key(rng.choice(DIALOG_KEYS))
            else:
                self.click("anywhere", self.anywhere(page))
            return
        over = (page.get("record") or (page.get("table") or {}).get("record") or {}).get(
            "finished")
        if over and rng.random() < 0.3:
            news = [b for b in page["buttons"] if b[0] == "new"]
            if news:
                self.click("New deal (the game is over)", self.point(news[0][1]))
                return
        roll = rng.random()
        cards, zones, buttons = page["cards"], page["zones"], page["buttons"]
        if roll < 0.25 and self.guided(page):
            return
        roll = rng.random()
        if roll < 0.30 and cards:
            name, rect = rng.choice(cards)
            self.click(f"card {name}", self.point(rect, centre=0.7))
        elif roll < 0.40 and zones:
            name, rect = rng.choice(zones)
            self.click(f"zone {name}", self.point(rect))
        elif roll < 0.47 and (cards or zones):
            name, rect = rng.choice(cards or zones)
            self.tap(f"tap {name}", self.point(rect))
        elif roll < 0.62 and cards:
            self.drag(page)
        elif roll < 0.72 and buttons:
            self.button(page)
        elif roll < 0.76:
            self.click("anywhere", self.anywhere(page))
        elif roll < 0.78:
            self.wheel(page)
        else:
            self.key(rng.choice(KEYS))

    def hot_moves(self) -> list[tuple[str | None, str, str]]:
        """(card to press or None, its zone, the zone it goes to) of the engine's legal
        moves: a monkey that only clicked at random would seldom get far into a deal."""
        game = self.game
        if game is None or game.is_over():
            return []
        zones = game.zones()
        hot = []
        for move in game.legal_moves():
            gesture = move.gesture
            if gesture.card:  # the table: a card from the hand
                hot.append((gesture.card, f"hand-{game.to_move}", gesture.target))
            elif gesture.kind is Kind.SWAP:
                hot.append((None, gesture.source, gesture.target))
            elif gesture.kind in TOUCHES:
                hot.append((None, gesture.source, gesture.source))
            elif gesture.source and gesture.target:  # a whole stall (count 0) or the top
                cards = zones.get(gesture.source, [])
                count = gesture.count or len(cards)
                hot.append((cards[-count] if 0 < count <= len(cards) else None,
                            gesture.source, gesture.target))
        return hot

    def guided(self, page: dict) -> bool:
        """Play one of the engine's legal moves by a click or two, or a drag (False when
        none can be pressed on the page now)."""
        cards, zones = dict(page["cards"]), dict(page["zones"])
        hot = [(c, s, t) for c, s, t in self.hot_moves()
               if (c in cards or (c is None and s in zones)) and t in zones]
        turns = [(name, rect) for name, rect in page["buttons"]  # the table's turns go on
                 if name in ("end-turn", "next-hand", "reveal", "hurry")]
        if turns and (not hot or self.rng.random() < 0.3):
            name, rect = self.rng.choice(turns)
            self.click(f"guided button {name}", self.point(rect))
            return True
        if not hot:
            return False
        card, source, target = self.rng.choice(hot)
        start = self.point(cards[card], centre=1) if card else self.point(zones[source])
        end = self.point(zones[target])
        if card and self.rng.random() < 0.4:
            self.record(f"guided drag {card} from {source} to {target}")
            self.page.mouse.move(*start)
            self.page.mouse.down()
            self.page.mouse.move(start[0] + 8, start[1] + 8, steps=2)
            self.page.mouse.move(*end, steps=4)
            self.page.mouse.up()
        else:
            self.click(f"guided {card or source} (for {target})", start)
            if target != source and self.rng.random() < 0.8:  # then where it goes
                self.click(f"guided target {target}", end)
        return True

    def button(self, page: dict) -> None:
        """A button of the page: mostly the action bar's undo, redo, restart, hint."""
        rng = self.rng
        buttons = page["buttons"]
        often = [b for b in buttons if b[0].split(" ")[0] in (
            "undo", "redo", "restart", "hint", "end-turn", "hurry", "reveal", "next-hand")]
        rare = [b for b in buttons if b[0].split(" ")[0] in ("home", "new", "setup")
                or "deal-kind" in b[0]]
        if often and rng.random() < 0.75:
            name, rect = rng.choice(often)
        elif rare and rng.random() < 0.15:
            name, rect = rng.choice(rare)
        else:
            name, rect = rng.choice(buttons)
        if name.startswith(("stats-reset", "brand")):
            name, rect = rng.choice(often or buttons)
        self.click(f"button {name}", self.point(rect))

    def drag(self, page: dict) -> None:
        rng, mouse = self.rng, self.page.mouse
        name, rect = rng.choice(page["cards"])
        x0, y0 = self.point(rect, centre=0.8)
        kind = rng.choice(["to zone", "to zone", "to zone", "to card", "nowhere", "short",
                           "and back", "key on the way"])
        if kind in ("to zone", "key on the way") and page["zones"]:
            target, trect = rng.choice(page["zones"])
            x1, y1 = self.point(trect)
        elif kind == "to card":
            target, trect = rng.choice(page["cards"])
            x1, y1 = self.point(trect)
        elif kind == "short":
            target, x1, y1 = "a few pixels", x0 + rng.uniform(-5, 5), y0 + rng.uniform(-5, 5)
        elif kind == "and back":
            target, x1, y1 = "where it started", x0, y0
        else:
            target, (x1, y1) = "nowhere", self.anywhere(page)
        key = rng.choice(KEYS) if kind == "key on the way" else None
        self.record(f"drag {name} at ({x0:.0f},{y0:.0f}) {kind}: {target} at ({x1:.0f},{y1:.0f})"
                    + (f", pressing {key!r}" if key else ""))
        mouse.move(x0, y0)
        mouse.down()
        if kind == "and back":
            mouse.move(x0 + 30, y0 + 40, steps=3)
        elif kind != "short":
            mouse.move(x0 + 8, y0 + 8, steps=2)  # past the drag threshold
        if key:
            self.page.keyboard.press(key)
        mouse.move(x1, y1, steps=rng.choice([1, 3, 6]))
        mouse.up()

    def click(self, what: str, point: tuple[float, float]) -> None:
        self.record(f"click {what} at ({point[0]:.0f},{point[1]:.0f})")
        self.page.mouse.click(*point)

    def tap(self, what: str, point: tuple[float, float]) -> None:
        self.record(f"{what} at ({point[0]:.0f},{point[1]:.0f})")
        self.page.touchscreen.tap(*point)

    def key(self, key: str) -> None:
        self.record(f"key {key!r}")
        self.page.keyboard.press(key)

    def wheel(self, page: dict) -> None:
        dy = self.rng.choice([-400, -150, 150, 400])
        self.record(f"wheel {dy}")
        self.page.mouse.move(*self.anywhere(page))
        self.page.mouse.wheel(0, dy)

    def record(self, action: str) -> None:
        self.history.append((self.index, action))

    # -- a run --------------------------------------------------------------------------

    def open_deal(self, query: str) -> None:
        """Go to `query` inside the page, as the browser's Back button does."""
        self.record(f"open {query}")
        follow_in_page(self.page, query)

    def run(self, actions: int, deals: list[str]) -> None:
        per_deal = [actions // len(deals)] * len(deals)
        per_deal[-1] += actions - sum(per_deal)
        for number, (options, count) in enumerate(zip(deals, per_deal, strict=True)):
            if number:
                deal = self.rng.randint(1, 9_999)
                self.open_deal(f"?game={self.game_id}&deal={deal}"
                               + (f"&{options}" if options else ""))
            reading = self.check()
            for _ in range(count):
                self.index += 1
                self.act(reading)
                reading = self.check()


@pytest.fixture(scope="module")
def monkey_page(browser: Browser, browser_context_args: dict) -> Iterator[tuple[Page, list]]:
    """The page every game's monkey plays in, and the list of its browser errors."""
    context = browser.new_context(**{**browser_context_args, **CONTEXT})
    context.add_init_script(SEEDED_CRYPTO_JS % SEED)
    context.add_init_script(GUIDE_SEEN_JS)  # replays stay as they were (e2e/test_guide.py)
    set_pace(context, "fast")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.on("console", lambda msg: msg.type == "error" and errors.append(
        f"console.error: {msg.text}"))
    yield page, errors
    context.close()


@pytest.mark.xdist_group("monkey")  # one worker, one page: the games' long session
@pytest.mark.parametrize("game_id", list(DEALS))
def test_monkey(game_id: str, monkey_page, site_url: str, _console_guard) -> None:
    page, errors = monkey_page
    _console_guard.watch_page(page)  # this test's guard hears the page too
    seed = SEED + list(DEALS).index(game_id)
    monkey = Monkey(page, errors, game_id, seed)
    deal = monkey.rng.randint(1, 9_999)
    query = f"?game={game_id}&deal={deal}" + (f"&{DEALS[game_id][0]}" if DEALS[game_id][0] else "")
    healthy = page.url.startswith(site_url) and page.evaluate(
        "() => document.body.dataset.state === 'ready' && !document.querySelector('.py-error')")
    errors.clear()
    if healthy:  # the page of the last game goes on to this one
        page.keyboard.press("Escape")  # (a dialog or menu it left open)
        monkey.open_deal(query)
    else:  # the first game, or the last one broke the page
        page.goto(f"{site_url}/{query}")
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    started = time.perf_counter()
    monkey.run(ACTIONS, DEALS[game_id])
    took = time.perf_counter() - started
    print(f"{game_id}: {monkey.index} actions in {took:.1f} s, {monkey.moves_seen} moves, "
          f"views {sorted(monkey.states)}")
    assert monkey.moves_seen > 0, "the monkey made no move at all: is the board stuck?"


# --- what the monkey found -------------------------------------------------------------------


@pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")
def test_a_table_opened_after_a_finished_game_is_not_over(open_site) -> None:
    """A finished patience left body[data-over] and #outcome[data-outcome] behind when a
    table was opened next: the table looked over (the DOM contract) and its Result button
    showed, whose click was an AttributeError (the monkey: the Result button at a table)."""
    page = open_site("/?game=devils-square&deal=3")
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    page.wait_for_selector("#outcome[data-outcome]", state="attached")
    page.wait_for_selector("#end-dialog[open]")
    page.keyboard.press("Escape")
    page.click("a.brand")
    page.click('a.game-tile[data-game-id="kings-corner"]')
    page.wait_for_selector("body[data-game=kings-corner][data-state=ready]", state="attached")
    assert page.evaluate("document.body.dataset.over") == "no"
    assert page.locator("#outcome[data-outcome]").count() == 0
    assert not page.locator(".status .show-outcome").is_visible()
    page.evaluate("document.querySelector('.status .show-outcome').click()")  # no error
    assert page.locator("dialog[open]").count() == 0


@pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")
def test_a_table_given_up_is_marked_over(open_site) -> None:
    """Giving up a match ended the game with nothing in the DOM saying so (no
    #outcome[data-outcome], body[data-over] 'no', no Result button): only a match won
    was marked (the monkey: give up at the table). After a reload it is marked too."""
    page = open_site("/?game=kings-corner&deal=3")
    page.click('.actions [data-action="giveup"]')
    page.click('#confirm-dialog [data-action="confirm-giveup"]')
    for _ in range(2):
        page.wait_for_selector("#outcome[data-outcome][data-won=false]", state="attached")
        assert page.evaluate("document.body.dataset.over") == "yes"
        assert page.locator(".status .show-outcome").is_visible()
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
