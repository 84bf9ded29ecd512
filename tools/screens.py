"""Screens of every game, taken the same way each time, to prove a restyling changes
nothing to the eye (or to show exactly what it changes).

    python3 tools/build_site.py /tmp/site-before        # the build to compare against
    python3 tools/screens.py shoot /tmp/site-before /tmp/shots-before
    ... restyle ...
    python3 tools/build_site.py /tmp/site-after
    python3 tools/screens.py shoot /tmp/site-after /tmp/shots-after
    python3 tools/screens.py compare /tmp/shots-before /tmp/shots-after --diffs /tmp/diffs

`shoot` serves the built site, opens it in Debian's Chromium and saves, for each look
(light, dark, high-contrast faces) and size (desktop 1366x768 with a mouse; a phone
upright, 390x844, and on its side, 844x390, touch), a full-page PNG of: the game list
and its Settings dialog; and for each game, on a fixed deal, the table fresh, after two
moves, with a card picked up and its targets marked, the Rules, Statistics and Settings
dialogs, the deal menu (where the game has one), the give-up question and the end of
the game. Beside each PNG goes the computed style of every element of <body> (with its
::before and ::after; custom properties left out), so `compare` also reports a change
no screen shows: a hidden dialog's contents, a transition, a state not pictured.

The moves are the e2e tests' own (e2e/helpers.py; the table game's from
e2e/test_kings_corner_table.py), with the CPython engine as the oracle. Animations are
off (Settings: speed off, reduced motion; the context also asks for reduced motion),
the statistics are the golden fixture's (tests/fixtures/saves_2ceca31), and the
playing time's digits are hidden (their visibility, set by this script), so two runs of
one build give the same bytes.

`compare` matches the two folders file by file: identical PNG bytes count as the same
screen; otherwise both are decoded in Chromium and compared pixel by pixel (a red-on-grey
picture of the differing pixels goes to --diffs). It exits 1 when anything differs.

Options of `shoot`: --only GLOB (e.g. "dark/phone/devils-grip-*"; fnmatch on the shot's
name without .png), --looks, --sizes, --games (comma-separated). It takes some minutes
(Pyodide starts once per game, look and size); run it with nice on a shared machine.
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import gzip
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT / "e2e", ROOT):  # e2e/helpers.py imports `game` and sits beside tests
    sys.path.insert(0, str(path))

from game.games import load_all  # noqa: E402
from tools.serve import CHROMIUM, CHROMIUM_ARGS, guide_seen_script, serve_in_thread  # noqa: E402

READY = "body[data-state=ready]"
READY_TIMEOUT_MS = 120_000
DEAL = 123
STATS_FIXTURE = ROOT / "tests" / "fixtures" / "saves_2ceca31" / "stats-and-settings.json"
SETTINGS_KEY = "cardgames:settings"
PACE_KEY = "cardgames:settings:pace"

LOOKS = {
    "light": {"theme": "light", "contrast": False},
    "dark": {"theme": "dark", "contrast": False},
    "contrast": {"theme": "dark", "contrast": True},  # high-contrast card faces
}


@dataclass(frozen=True)
class Size:
    viewport: dict
    touch: bool
    scale: int


SIZES = {
    "desktop": Size({"width": 1366, "height": 768}, touch=False, scale=1),
    "phone": Size({"width": 390, "height": 844}, touch=True, scale=2),
    "phone-side": Size({"width": 844, "height": 390}, touch=True, scale=2),
}
GAMES = tuple(info.id for info in sorted(load_all().values(), key=lambda i: i.list_order))
TABLE = next(info.id for info in load_all().values() if info.table)  # the table's own shots

# The computed style of every element under <body> (and its ::before and ::after, when
# generated; -1 when not): {"props": [names], "styles": [value lists],
# "elements": [[path, i, i_before, i_after]]}, each distinct list of values stored once.
# Custom properties are left out: a restyling may rename them; what shows is what the
# real properties come to.
STYLES_JS = """
() => {
  const props = [...getComputedStyle(document.body)].filter((p) => !p.startsWith('--')).sort();
  const index = new Map(), styles = [], elements = [];
  const vector = (el, pseudo) => {
    const cs = getComputedStyle(el, pseudo);
    if (pseudo && ['none', 'normal'].includes(cs.getPropertyValue('content'))) return -1;
    const values = props.map((p) => cs.getPropertyValue(p));
    const key = values.join('\\u0001');
    if (!index.has(key)) { index.set(key, styles.length); styles.push(values); }
    return index.get(key);
  };
  const name = (el) => {
    let text = el.tagName.toLowerCase();
    if (el.id) text += '#' + el.id;
    const cls = typeof el.className === 'string' ? el.className.trim() : '';
    if (cls) text += '.' + cls.split(/\\s+/).join('.');
    for (const a of ['data-zone', 'data-card', 'data-action', 'data-pref', 'data-game-id']) {
      if (el.hasAttribute(a)) text += `[${a}=${el.getAttribute(a)}]`;
    }
    const parent = el.parentElement;
    if (parent) text += ':' + ([...parent.children].indexOf(el) + 1);
    return text;
  };
  const walk = (el, path) => {
    const here = path + '>' + name(el);
    elements.push([here, vector(el, null), vector(el, '::before'), vector(el, '::after')]);
    for (const child of el.children) walk(child, here);
  };
  walk(document.body, 'html');
  return {props, styles, elements};
}
"""


# --- taking the shots ---------------------------------------------------------------------------


class Shooter:
    def __init__(self, out: Path, only: str | None) -> None:
        self.out = out
        self.only = only
        self.count = 0

    def wanted(self, name: str) -> bool:
        return self.only is None or fnmatch.fnmatch(name, self.only)

    def shot(self, page: Page, name: str) -> None:
        """The page as it is now (whole page, animations stopped) and
        the computed style of every element."""
        if not self.wanted(name):
            return
        # the pointer to one place (the bottom-left corner) whatever the scene did last, so
        # what is hovered never depends on when the browser updates it
        page.mouse.move(0, page.viewport_size["height"] - 1)
        page.wait_for_timeout(200)  # a resize or a late relayout settles
        target = self.out / f"{name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        picture = b""
        for _ in range(5):  # until two pictures in a row are the same
            previous, picture = picture, page.screenshot(
                full_page=True, animations="disabled", caret="hide")
            if picture == previous:
                break
            page.wait_for_timeout(150)
        target.write_bytes(picture)
        styles = page.evaluate(STYLES_JS)
        (self.out / f"{name}.styles.json.gz").write_bytes(
            gzip.compress(json.dumps(styles, separators=(",", ":")).encode(), mtime=0))
        self.count += 1
        print(f"  {name}", flush=True)


def settings_text(look: str) -> str:
    from game.ui import settings as st

    return json.dumps({"v": st.VERSION, "speed": "off", "motion": "reduce", "autoplay": False,
                       **LOOKS[look]}, separators=(",", ":"))


def new_context(browser: Browser, look: str, size: Size) -> BrowserContext:
    """A fresh context (empty storage) with the look's settings, the golden statistics
    and the table's fast pace in localStorage before the page's first script."""
    context = browser.new_context(
        viewport=size.viewport, has_touch=size.touch, is_mobile=size.touch,
        device_scale_factor=size.scale, locale="en-US", reduced_motion="reduce",
        color_scheme="dark" if LOOKS[look]["theme"] == "dark" else "light",
        service_workers="block",
    )
    stored = {key: value for key, value in json.loads(STATS_FIXTURE.read_text())["stored"].items()
              if key.startswith("cardgames:stats:")}
    stored[SETTINGS_KEY] = settings_text(look)
    stored[PACE_KEY] = "fast"
    context.add_init_script(guide_seen_script())  # the first-run guide: its own screens
    context.add_init_script(
        "(items => { try { if (location.protocol !== 'http:') return;"
        "  for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);"
        "} catch (e) {} })(" + json.dumps(stored) + ");"
    )
    context.set_default_timeout(20_000)
    return context


def new_page(context: BrowserContext) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: print(f"  page error: {error}", file=sys.stderr))
    return page


def goto(page: Page, url: str) -> Page:
    """`url` loaded in `page`, Python ready, the playing time's digits hidden (it runs
    while the page is open; its box keeps its size: the digits are tabular)."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("document.getElementById('game-time').style.visibility = 'hidden'")
    page.wait_for_timeout(300)
    return page


def press(page: Page, selector: str) -> None:
    page.locator(selector).first.click()


def dialog_shot(shooter: Shooter, page: Page, name: str, opener: str, dialog: str,
                closer: str) -> None:
    if not shooter.wanted(name):
        return
    press(page, opener)
    expect(page.locator(dialog)).to_have_attribute("open", "")
    shooter.shot(page, name)
    press(page, closer)
    expect(page.locator(dialog)).not_to_have_attribute("open", "")


def the_dialogs(shooter: Shooter, page: Page, prefix: str, in_game: bool) -> None:
    """Rules, Statistics and Settings (the game list has only Settings)."""
    if in_game:
        dialog_shot(shooter, page, f"{prefix}-rules", '.actions [data-action="rules"]',
                    "#rules-dialog", '#rules-dialog [data-action="close"]')
        dialog_shot(shooter, page, f"{prefix}-stats", '.actions [data-action="stats"]',
                    "#stats-dialog", '#stats-dialog [data-action="stats-close"]')
        gear = '.actions [data-action="settings"]'
    else:
        gear = "body[data-view=home] .home-settings"
    dialog_shot(shooter, page, f"{prefix}-settings", gear, "#settings-dialog",
                "#settings-dialog [data-pref='close']")


def deal_menu(shooter: Shooter, page: Page, prefix: str) -> None:
    toggle = page.locator(".actions .deal-kind-toggle")
    if not shooter.wanted(f"{prefix}-deal-menu") or not toggle.is_visible():
        return
    toggle.click()
    expect(page.locator("#deal-menu")).to_be_visible()
    shooter.shot(page, f"{prefix}-deal-menu")
    page.keyboard.press("Escape")
    expect(page.locator("#deal-menu")).to_be_hidden()


def give_up(shooter: Shooter, page: Page, prefix: str) -> None:
    """The give-up question, then the end of the game (the end dialog, or the table's
    hand summary)."""
    if not shooter.wanted(f"{prefix}-giveup") and not shooter.wanted(f"{prefix}-end"):
        return
    press(page, '.actions [data-action="giveup"]')
    expect(page.locator("#confirm-dialog")).to_have_attribute("open", "")
    shooter.shot(page, f"{prefix}-giveup")
    press(page, '#confirm-dialog [data-action="confirm-giveup"]')
    if prefix == TABLE:  # the table opens no dialog for a match given up: its Result does
        page.wait_for_selector("body[data-over=yes]", state="attached")
        press(page, '.status [data-action="show-outcome"]')
    page.wait_for_selector("#end-dialog[open]")
    shooter.shot(page, f"{prefix}-end")


def hand_summary(shooter: Shooter, page: Page, url: str) -> None:
    """The table's summary of a hand: the golden fixture of a match played to its end,
    resumed one move before it with that move to redo, and Redo pressed."""
    name = f"{TABLE}-hand"
    if not shooter.wanted(name):
        return
    fixture = json.loads((STATS_FIXTURE.parent / f"{TABLE}-finished.json").read_text())
    record = json.loads(fixture["stored"])
    record["moves"], record["redo"] = record["moves"][:-1], record["moves"][-1:]
    page.evaluate("([items]) => { for (const [k, v] of items) localStorage.setItem(k, v); }",
                  [[[fixture["key"], json.dumps(record)],
                    [f"cardgames:current:{TABLE}", fixture["current"]]]])
    params = "".join(f"&{k}={1 if v is True else v}" for k, v in record["options"].items()
                     if v not in (False, 0))
    goto(page, f"{url}/?game={TABLE}&deal={record['deal']}{params}")
    press(page, '.actions [data-action="redo"]')
    page.wait_for_selector("#hand-dialog[open]")
    shooter.shot(page, name)


def solitaire(shooter: Shooter, page: Page, game_id: str, touch: bool) -> None:
    """Two moves by clicks (or taps), then a card with several targets picked up."""
    from helpers import (
        engine,
        expect_board,
        find_multi_target_move,
        find_single_target_move,
        pick_card,
        play_by_clicks,
        tap_card,
    )

    prefix = game_id
    game = engine(game_id, DEAL)
    expect_board(page, game)
    shooter.shot(page, f"{prefix}-fresh")
    for _ in range(2):
        try:
            move = find_single_target_move(game)
        except LookupError:
            break
        play_by_clicks(page, game, move, tap=touch)
        expect_board(page, game)
    shooter.shot(page, f"{prefix}-moves")
    try:
        move = find_multi_target_move(game)
    except LookupError:
        move = None
    if move is not None and shooter.wanted(f"{prefix}-select"):
        card = pick_card(game, move)
        if touch:
            tap_card(page, card)
        else:
            page.mouse.click(*card_point(page, card))
        page.wait_for_selector(f'#board [data-zone="{move.target}"].target', timeout=5_000)
        shooter.shot(page, f"{prefix}-select")
        page.keyboard.press("Escape")
        expect(page.locator("#board .target")).to_have_count(0)


def patience_kcs(shooter: Shooter, page: Page) -> None:
    """Kings in the Corner (the patience), with its own tests' board reading and clicks:
    two cards placed, then play goes on (the first legal move each time) until two cards
    make 10, and the first is picked up, its partners marked."""
    import test_kings_corner_solitaire as kcs
    from helpers import engine

    prefix = kcs.KC
    game = engine(kcs.KC, DEAL)
    kcs.expect_kc_board(page, game)
    shooter.shot(page, f"{prefix}-fresh")
    for _ in range(2):
        kcs.play_by_clicks(page, game, str(game.legal_moves()[0]))
    kcs.expect_kc_board(page, game)
    shooter.shot(page, f"{prefix}-moves")
    if not shooter.wanted(f"{prefix}-select"):
        return
    for _ in range(60):
        pairs = [m for m in game.legal_moves() if isinstance(m, kcs.Remove) and m.pair]
        if pairs or game.is_over():
            break
        kcs.play_by_clicks(page, game, str(game.legal_moves()[0]))
    if pairs:
        kcs.expect_kc_board(page, game)
        kcs.click_cell(page, pairs[0].a)
        expect(kcs.cell(page, pairs[0].b)).to_contain_class("target")
        shooter.shot(page, f"{prefix}-select")
        page.keyboard.press("Escape")
        expect(page.locator("#board .target")).to_have_count(0)


def card_point(page: Page, card: str) -> tuple[float, float]:
    from helpers import card_point as point

    return point(page, card)


def table_game(shooter: Shooter, page: Page, url: str) -> None:
    """The table game at the person's first turn of a deal found by the table tests'
    own search, a card played, then a card with several stalls to go to picked up."""
    import test_kings_corner_table as kt

    deal, (first, other, _wrong) = kt.find_turn(kt.one_and_several, players="h2")
    page, session = kt.open_table(lambda path: goto(page, url + path), deal, players="h2")
    prefix = TABLE
    shooter.shot(page, f"{prefix}-fresh")
    kt.play(page, session, first)
    kt.expect_table(page, session)
    shooter.shot(page, f"{prefix}-moves")
    kt.select(page, session, kt.Selection(card=other))
    shooter.shot(page, f"{prefix}-select")
    page.keyboard.press("Escape")
    expect(page.locator("#board .target")).to_have_count(0)


def shoot_game(shooter: Shooter, page: Page, url: str, game_id: str, size: Size) -> None:
    import test_kings_corner_solitaire as kcs  # its board's own reading and clicks

    if game_id == TABLE:
        table_game(shooter, page, url)
    elif game_id == kcs.KC:
        goto(page, f"{url}/?game={game_id}&deal={DEAL}")
        patience_kcs(shooter, page)
    else:
        goto(page, f"{url}/?game={game_id}&deal={DEAL}")
        solitaire(shooter, page, game_id, size.touch)
    the_dialogs(shooter, page, game_id, in_game=True)
    deal_menu(shooter, page, game_id)
    if game_id == TABLE:
        dialog_shot(shooter, page, f"{game_id}-setup", '#board [data-action="setup"]',
                    "#setup-dialog", '#setup-dialog [data-action="close"]')
    give_up(shooter, page, game_id)
    if game_id == TABLE:
        hand_summary(shooter, page, url)


def shoot(site: Path, out: Path, only: str | None, looks: list[str], sizes: list[str],
          games: list[str]) -> int:
    url, stop = serve_in_thread(site)
    shooter = Shooter(out, only)
    start = time.monotonic()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for look in looks:
                for size_name in sizes:
                    # one context (one storage) per look and size, the games in a fixed
                    # order: a game given up counts in the statistics of the next pages
                    size = SIZES[size_name]
                    scoped = Scoped(shooter, f"{look}/{size_name}")
                    wanted = [g for g in games
                              if any(scoped.wanted(f"{g}-{scene}") for scene in SCENES)]
                    home = scoped.wanted("home") or scoped.wanted("home-settings")
                    if not wanted and not home:
                        continue
                    context = new_context(browser, look, size)
                    page = new_page(context)
                    if home:
                        goto(page, url + "/")
                        scoped.shot(page, "home")
                        the_dialogs(scoped, page, "home", in_game=False)
                    for game_id in wanted:
                        shoot_game(scoped, page, url, game_id, size)
                    context.close()
            browser.close()
    finally:
        stop()
    print(f"{shooter.count} screens in {out} ({time.monotonic() - start:.0f} s)")
    return 0


SCENES = ("fresh", "moves", "select", "rules", "stats", "settings", "deal-menu", "setup",
          "giveup", "end", "hand")


class Scoped:
    """A Shooter seen from one look and size: names are given without the prefix."""

    def __init__(self, shooter: Shooter, base: str) -> None:
        self.shooter, self.base = shooter, base

    def wanted(self, name: str) -> bool:
        return self.shooter.wanted(f"{self.base}/{name}")

    def shot(self, page: Page, name: str) -> None:
        self.shooter.shot(page, f"{self.base}/{name}")


# --- comparing ----------------------------------------------------------------------------------

# Both pictures decoded by the browser; the differing pixels counted, their bounding box,
# and a picture of them (red on the first picture greyed).
DIFF_JS = """
async ([a, b]) => {
  const load = (src) => new Promise((ok, fail) => {
    const img = new Image(); img.onload = () => ok(img); img.onerror = fail; img.src = src;
  });
  const [ia, ib] = await Promise.all([load(a), load(b)]);
  if (ia.width !== ib.width || ia.height !== ib.height) {
    return {size: [[ia.width, ia.height], [ib.width, ib.height]]};
  }
  const w = ia.width, h = ia.height;
  const pixels = (img) => {
    const c = new OffscreenCanvas(w, h), g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, w, h);
  };
  const pa = pixels(ia), pb = pixels(ib);
  const out = new ImageData(w, h);
  let count = 0, x0 = w, y0 = h, x1 = -1, y1 = -1;
  for (let i = 0; i < pa.data.length; i += 4) {
    const same = pa.data[i] === pb.data[i] && pa.data[i + 1] === pb.data[i + 1]
      && pa.data[i + 2] === pb.data[i + 2] && pa.data[i + 3] === pb.data[i + 3];
    const grey = (pa.data[i] + pa.data[i + 1] + pa.data[i + 2]) / 6 + 128;
    out.data.set(same ? [grey, grey, grey, 255] : [255, 0, 0, 255], i);
    if (!same) {
      count++;
      const x = (i / 4) % w, y = Math.floor(i / 4 / w);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
  }
  let picture = null;
  if (count) {
    const c = new OffscreenCanvas(w, h);
    c.getContext('2d').putImageData(out, 0, 0);
    const blob = await c.convertToBlob({type: 'image/png'});
    picture = await new Promise((ok) => {
      const r = new FileReader(); r.onload = () => ok(r.result); r.readAsDataURL(blob);
    });
  }
  return {count, box: count ? [x0, y0, x1, y1] : null, picture, size: null};
}
"""


def load_styles(path: Path) -> dict[str, dict[str, list[str]]]:
    data = json.loads(gzip.decompress(path.read_bytes()))
    props, styles = data["props"], data["styles"]
    result = {}
    for here, *vectors in data["elements"]:
        for pseudo, index in zip(("", "::before", "::after"), vectors, strict=True):
            if index >= 0:
                result[here + pseudo] = dict(zip(props, styles[index], strict=True))
    return result


def style_diff(a: Path, b: Path, limit: int = 12) -> list[str]:
    sa, sb = load_styles(a), load_styles(b)
    lines = []
    for key in sorted(set(sa) | set(sb)):
        if key not in sa or key not in sb:
            lines.append(f"    {key}: only in {'B' if key not in sa else 'A'}")
            continue
        for prop in sorted(set(sa[key]) | set(sb[key])):
            va, vb = sa[key].get(prop), sb[key].get(prop)
            if va != vb:
                lines.append(f"    {key} {{ {prop}: {va} -> {vb} }}")
    if len(lines) > limit:
        lines = [*lines[:limit], f"    ... and {len(lines) - limit} more"]
    return lines


def compare(a: Path, b: Path, diffs: Path | None) -> int:
    names_a = {p.relative_to(a).as_posix() for p in a.rglob("*.png")}
    names_b = {p.relative_to(b).as_posix() for p in b.rglob("*.png")}
    same = differ = 0
    problems: list[str] = []
    for name in sorted(names_a ^ names_b):
        problems.append(f"{name}: only in {'A' if name in names_a else 'B'}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        for name in sorted(names_a & names_b):
            pa, pb = a / name, b / name
            report: list[str] = []
            if pa.read_bytes() != pb.read_bytes():
                urls = [f"data:image/png;base64,{base64.b64encode(q.read_bytes()).decode()}"
                        for q in (pa, pb)]
                result = page.evaluate(DIFF_JS, urls)
                if result["size"]:
                    report.append(f"  sizes differ: {result['size']}")
                elif result["count"]:
                    report.append(f"  {result['count']} pixels differ, in {result['box']}")
                    if diffs is not None:
                        target = diffs / name
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(base64.b64decode(result["picture"].split(",", 1)[1]))
            styles_a = pa.with_name(pa.name[:-4] + ".styles.json.gz")
            styles_b = pb.with_name(pb.name[:-4] + ".styles.json.gz")
            if styles_a.is_file() and styles_b.is_file():
                lines = style_diff(styles_a, styles_b)
                if lines:
                    report.append("  computed styles differ:")
                    report.extend(lines)
            if report:
                differ += 1
                problems.append(name + "\n" + "\n".join(report))
            else:
                same += 1
        browser.close()
    for problem in problems:
        print(problem)
    print(f"{same + differ} screens compared: {same} identical, {differ} differ"
          + (f", {len(names_a ^ names_b)} in one folder only" if names_a ^ names_b else ""))
    return 1 if problems else 0


# --- command line -------------------------------------------------------------------------------


def csv(choices: dict | tuple) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        items = [item for item in text.split(",") if item]
        unknown = [item for item in items if item not in choices]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown {unknown}; choose from {list(choices)}")
        return items

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    take = sub.add_parser("shoot", help="take the screens of a built site")
    take.add_argument("site", type=Path, help="a folder built by tools/build_site.py")
    take.add_argument("out", type=Path, help="where the PNGs go (keep it out of the repo)")
    take.add_argument("--only", help="fnmatch pattern of shot names, e.g. 'dark/phone/*'")
    take.add_argument("--looks", type=csv(LOOKS), default=list(LOOKS))
    take.add_argument("--sizes", type=csv(SIZES), default=list(SIZES))
    take.add_argument("--games", type=csv(GAMES), default=list(GAMES))
    check = sub.add_parser("compare", help="compare two folders of screens")
    check.add_argument("a", type=Path)
    check.add_argument("b", type=Path)
    check.add_argument("--diffs", type=Path, help="where pictures of differences go")
    args = parser.parse_args(argv)
    if args.command == "shoot":
        if not (args.site / "index.html").is_file():
            parser.error(f"{args.site}/index.html is missing: build it with tools/build_site.py")
        if args.out.resolve().is_relative_to(ROOT):
            parser.error("keep the screens out of the repository (e.g. under /tmp)")
        return shoot(args.site, args.out, args.only, args.looks, args.sizes, args.games)
    return compare(args.a, args.b, args.diffs)


if __name__ == "__main__":
    sys.exit(main())
