"""The page side of bench/latency.py: the probe it installs in the page, trusted clicks and
taps on a card or a zone, and the check of the DOM against the engine.

The probe (PROBE_JS) listens on the window, capturing and bubbling, to the trusted
pointerdown, pointerup and click events: the capturing listener runs before any of the
page's and the bubbling one after them (it is added once the page has made its own), so
the time between them is the page's handling. From each pointerdown and pointerup it
also asks for the next animation frame, and there posts a MessageChannel message and asks
for the frame after: both times are counted from the event's own timeStamp. Two
PerformanceObservers gather Event Timing entries (durationThreshold 16, buffered) and
long tasks. Everything is kept in `window.__latency` until the benchmark drains it.
"""

from __future__ import annotations

import json
import time

from playwright.sync_api import Page

from bench.latency_figures import Click, click_from_records
from game.ui.gesture import DOUBLE_CLICK_MS, DOUBLE_CLICK_PX

PROBE_JS = """
() => {
  if (window.__latency) return false;
  const since = performance.now();
  const lat = window.__latency = {clicks: [], events: [], longtasks: [], pending: 0, since};
  let current = null;
  const frames = (event, record) => {
    let left = 2;
    const done = () => { if (--left === 0) lat.pending--; };
    lat.pending++;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { record.mc = performance.now() - event.timeStamp; done(); };
      channel.port2.postMessage(0);
      requestAnimationFrame(t => { record.raf2 = t - event.timeStamp; done(); });
    });
  };
  const first = event => {
    if (!event.isTrusted) return;
    const record = {type: event.type, ts: event.timeStamp, at: performance.now(),
                    pointer: event.pointerType || ''};
    current = record;
    lat.clicks.push(record);
    if (event.type !== 'click') frames(event, record);  // a click shares pointerup's frame
  };
  const last = event => {
    if (current && current.type === event.type) {
      current.handler = performance.now() - current.at;
      current = null;
    }
  };
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    addEventListener(type, first, {capture: true});
    addEventListener(type, last);
  }
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      if (e.startTime >= since) lat.events.push({name: e.name, start: e.startTime,
        duration: e.duration, processingStart: e.processingStart,
        processingEnd: e.processingEnd, interactionId: e.interactionId});
    }
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      if (e.startTime >= since) lat.longtasks.push({start: e.startTime, duration: e.duration});
    }
  }).observe({type: 'longtask', buffered: true});
  return true;
}
"""

# What the probe gathered since the last drain, and the page after a click: where `card`
# is now and which zones are marked as targets or for a swap. Nothing while a frame the
# probe waits for is still to come (its records are not complete).
DRAIN_JS = """
(card) => {
  const lat = window.__latency;
  if (lat.pending) return JSON.stringify({pending: lat.pending});
  const out = {clicks: lat.clicks, events: lat.events, longtasks: lat.longtasks};
  lat.clicks = []; lat.events = []; lat.longtasks = [];
  const el = card && document.querySelector(`#board [data-card="${card}"]`);
  const zone = el && el.closest('[data-zone]');
  out.zone = zone ? zone.dataset.zone : null;
  out.targets = [...document.querySelectorAll('#board [data-zone].target')]
    .map(e => e.dataset.zone);
  out.swaps = [...document.querySelectorAll('#board [data-zone].swap-target')]
    .map(e => e.dataset.zone);
  return JSON.stringify(out);
}
"""

# Where to press an element (a card, a zone, or anything a selector names): its centre
# when the element is on top there, else the point of it nearest the centre that is (a
# card of a fanned pile shows only a strip). Scrolled into view first, as a player would.
POINT_JS = """
([card, zone, selector]) => {
  const el = selector ? document.querySelector(selector)
    : card ? document.querySelector(`#board [data-card="${card}"]`)
    : document.querySelector(`#board [data-zone="${zone}"]`);
  const what = selector || (card ? 'card ' + card : 'zone ' + zone);
  if (!el) return {error: `no ${what}`};
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return {error: `${what} is not shown`};
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const points = [[cx, cy]];
  for (const fy of [0.05, 0.15, 0.3, 0.45, 0.55, 0.7, 0.85, 0.95])
    for (const fx of [0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95])
      points.push([r.left + fx * r.width, r.top + fy * r.height]);
  points.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  for (const [x, y] of points) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return {x, y, centre: x === cx && y === cy};
  }
  return {error: `${what} is covered everywhere`};
}
"""

# Every zone of the board with the cards its DOM holds, bottom to top, and its count.
READ_BOARD_JS = """
() => {
  const zones = {}, counts = {};
  for (const zone of document.querySelectorAll('#board [data-zone]')) {
    const name = zone.dataset.zone;
    zones[name] = [...zone.querySelectorAll('[data-card]')].map(c => c.dataset.card);
    if (zone.dataset.count !== undefined) counts[name] = Number(zone.dataset.count);
  }
  return {zones, counts};
}
"""

READ_SAVE_JS = """
(gameId) => {
  const key = localStorage.getItem('cardgames:current:' + gameId);
  const text = key && localStorage.getItem(key);
  return text ? JSON.parse(text) : null;
}
"""


# --writes: every write to the page while it is played, by what was written where, and how
# many of them left it as it was (an attribute set to the value it had, a text replaced by
# the same text). A record's new value is the next record's old one for the same node and
# attribute, or what the node holds once the batch is read: records come in order.
WRITES_JS = """
() => {
  const writes = window.__writes = {};
  const name = (node) => {
    const el = node.nodeType === 3 ? node.parentElement : node;
    if (!el || !el.tagName) return '?';
    const classes = typeof el.className === 'string' ? el.className.split(' ').filter(Boolean) : [];
    return el.tagName + (el.id ? '#' + el.id : '') + classes.slice(0, 2).map(c => '.' + c).join('');
  };
  const text = (nodes) => [...nodes].map(n => n.textContent).join('');
  const count = (key, same) => {
    const row = writes[key] = writes[key] || [0, 0];
    row[0] += 1;
    if (same) row[1] += 1;
  };
  new MutationObserver((records) => {
    const after = new Map();  // node -> {attribute or '#text': its value after the record}
    for (let i = records.length - 1; i >= 0; i--) {
      const r = records[i];
      if (r.type === 'childList') {
        const same = r.addedNodes.length > 0 && r.removedNodes.length > 0
          && [...r.addedNodes, ...r.removedNodes].every(n => n.nodeType === 3)
          && text(r.addedNodes) === text(r.removedNodes);
        count(`child ${name(r.target)} +${r.addedNodes.length} -${r.removedNodes.length}`, same);
        continue;
      }
      const slot = r.type === 'attributes' ? r.attributeName : '#text';
      const seen = after.get(r.target) || {};
      const now = slot in seen ? seen[slot]
        : (r.type === 'attributes' ? r.target.getAttribute(slot) : r.target.data);
      seen[slot] = r.oldValue;
      after.set(r.target, seen);
      count(r.type === 'attributes' ? `attr ${slot} ${name(r.target)}` : `text ${name(r.target)}`,
            now === r.oldValue);
    }
  }).observe(document.documentElement, {subtree: true, childList: true, attributes: true,
                                         attributeOldValue: true, characterData: true,
                                         characterDataOldValue: true});
}
"""

READ_WRITES_JS = "() => window.__writes || {}"


class PageWentWrong(RuntimeError):
    pass


# A tap this soon after, and this close to, one that made a move is the second of a
# double-tap to the page, which then never picks a card up (game/ui/gesture.py, issue 18).
DOUBLE_TAP_MS = DOUBLE_CLICK_MS
DOUBLE_TAP_PX = DOUBLE_CLICK_PX


class Clicker:
    """Makes trusted clicks (Playwright's mouse: move, down, up) or taps (its touchscreen)
    on the page and keeps each click's figures and the Event Timing entries and long tasks
    the probe saw."""

    def __init__(self, page: Page, touch: bool, settle_ms: int) -> None:
        self.page = page
        self.touch = touch
        self.settle_ms = settle_ms
        self.clicks: list[Click] = []
        self.events: list[dict] = []
        self.longtasks: list[dict] = []
        self.points = {"centre": 0, "elsewhere": 0}  # where the clicks landed on their element
        self.last_tap: tuple[float, float, float] | None = None  # (monotonic s, x, y)

    def install(self) -> None:
        """Put the probe in the page (once a page has made its own listeners)."""
        self.page.evaluate(PROBE_JS)

    def drain(self, card: str | None = None) -> dict:
        got = json.loads(self.page.evaluate(DRAIN_JS, card))
        if "pending" in got:  # a frame still to come (a very slow one)
            self.page.wait_for_function("() => window.__latency.pending === 0",
                                        timeout=30_000)
            got = json.loads(self.page.evaluate(DRAIN_JS, card))
        self.events += got["events"]
        self.longtasks += got["longtasks"]
        return got

    def click(self, kind: str, *, card: str | None = None, zone: str | None = None,
              selector: str | None = None, watch: str | None = None) -> dict:
        """Press `card`, `zone` or what `selector` names, wait, and return what the page
        shows then (DRAIN_JS: where `watch`, or the card, is; the marked targets)."""
        page = self.page
        point = page.evaluate(POINT_JS, [card, zone, selector])
        if "error" in point:
            raise PageWentWrong(point["error"])
        self.points["centre" if point["centre"] else "elsewhere"] += 1
        if self.touch:
            self._not_a_double_tap(point["x"], point["y"])
            page.touchscreen.tap(point["x"], point["y"])
            self.last_tap = (time.monotonic(), point["x"], point["y"])
        else:
            page.mouse.move(point["x"], point["y"])
            page.mouse.down()
            page.mouse.up()
        page.wait_for_timeout(self.settle_ms)
        got = self.drain(watch or card)
        try:
            click = click_from_records(kind, got["clicks"], "touch" if self.touch else "mouse")
        except ValueError as error:
            raise PageWentWrong(f"{kind} on {card or zone or selector}: {error}") from None
        self.clicks.append(click)
        return got

    def _not_a_double_tap(self, x: float, y: float) -> None:
        """Wait, as a player picking up the card that just took the last one's place
        waits, until a tap at (x, y) can no longer be the second of a double-tap."""
        if self.last_tap is None:
            return
        at, last_x, last_y = self.last_tap
        if abs(x - last_x) <= DOUBLE_TAP_PX and abs(y - last_y) <= DOUBLE_TAP_PX:
            left_ms = DOUBLE_TAP_MS + 50 - (time.monotonic() - at) * 1000
            if left_ms > 0:
                self.page.wait_for_timeout(left_ms)


def expected_board(parts, session) -> dict:
    """What the board must show for `session` (a GameSession of the game whose page parts,
    GamePage, are `parts`): each zone's cards in the DOM, bottom to top (none for a hidden
    zone, the top ones of a zone that shows only those, the bottom and top card of one
    that shows its ends), and the count of each zone shown as a count (a turned-up card
    shown on its zone is not counted). The page's rule (game/ui/page.py's render,
    game/ui/board.py's visible), computed from the CPython engine."""
    hidden = set(parts.hidden) | set(session.hidden())
    top_only = dict(parts.top_only)
    if parts.turned_zone:
        top_only[parts.turned_zone] = 1 if session.status().turned else 0
    zones, counts = {}, {}
    for zone, cards in session.zones().items():
        if zone in hidden:
            shown = []
        elif zone in parts.ends_only and len(cards) > 2:
            shown = [cards[0], cards[-1]]
        elif zone in top_only:
            shown = cards[max(0, len(cards) - top_only[zone]):]
        else:
            shown = list(cards)
        zones[zone] = shown
        if zone in hidden or zone in top_only:
            counts[zone] = len(cards) - (len(shown) if zone == parts.turned_zone else 0)
    return {"zones": zones, "counts": counts}


def check_board(page: Page, parts, session, what: str) -> None:
    """The DOM shows what the engine says (expected_board), or PageWentWrong."""
    want = expected_board(parts, session)
    got = page.evaluate(READ_BOARD_JS)
    got["counts"] = {zone: got["counts"].get(zone) for zone in want["counts"]}
    if got != want:
        diff = {
            f"{part} {zone}": (got[part].get(zone), want[part].get(zone))
            for part in ("zones", "counts")
            for zone in sorted(set(got[part]) | set(want[part]))
            if got[part].get(zone) != want[part].get(zone)
        }
        raise PageWentWrong(f"{what}: the DOM differs from the engine, zone -> (DOM, engine): "
                            f"{json.dumps(diff)}")
