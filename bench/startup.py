"""Startup benchmark: our page until body[data-state=ready], against a bare PyScript page.

    python3 bench/startup.py [--url "/?game=devils-square&deal=1"] [--runs 7] [--site DIR]
                             [--also DIR]

Serves _site/ (run `make site` first; --site DIR or SITE_DIR=DIR times another build, such
as `python3 tools/build_site.py DIR` of another commit, to compare two builds) and, from a
temporary folder, bench/bare/index.html beside a link to that build's vendor/ (same runtime
files), each on its own 127.0.0.1 port.
Timestamps are taken inside the page with performance.now() (0 = navigation start):
  ours   until body[data-state="ready"]
  bare   until py:ready (the divisor of the ratios), and until its script set the marker
Runs alternate ours/bare (and which goes first) so machine load hits both alike.
  cold   a new browser context per run: empty HTTP cache, no IndexedDB, service
         workers blocked (so neither page gets help from a service worker)
  warm   page.reload() in that same context: HTTP cache (revalidated, 304s) in use, a
         second after the page was ready (SETTLE_MS: a reload at once also timed the
         work a page puts off until after its first frame, still running, as the
         navigation waits for the old page to be done)
  sw     ours only: first visit with the service worker allowed, wait until it
         controls the page, then reload, so everything comes from its cache
  early  ours only, when --url names a game or is the game list ("/"): coming back to it,
         the time the board (or the list) kept
         by js/early.js is drawn (the frame after it: the main thread is done with it) and
         on screen (the presentation time of the first largest-contentful-paint entry in
         it: after raster and drawing), with the HTTP cache (warm) and with
         it emptied but the storage kept (cold), and under the site's service worker (sw:
         how a player comes back, every file from its cache), against the bare page's py:ready
         (warm, for sw)
  first  ours only, when --url is the game list ("/"): the cold run is a new player's
         first visit, and the list index.html holds for one (js/early.js) is drawn and on
         screen (as for early) before Python; against the bare page's cold py:ready
  --also DIR  another build (e.g. the one before a change) timed in the same runs, cold and
         warm, in turn with ours and bare: a before/after comparison under the same load
Prints the medians and the ratios ours/bare, our own part: py:ready until ready, and the
time from game.zip's arrival until py:ready (PyScript writing it into Pyodide's memory).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread  # noqa: E402

SITE = Path(os.environ.get("SITE_DIR") or ROOT / "_site")
BARE = ROOT / "bench" / "bare" / "index.html"
TIMEOUT_MS = 120_000
SETTLE_MS = 1_000  # how long a page has been ready when it is reloaded (both pages alike)

# Installed before any page script: records performance.now() at py:ready, py:done
# and when <body data-state> becomes "ready".
MARKS = """
(() => {
  const marks = (window.__bench = {});
  const first = (name) => () => { if (marks[name] === undefined) marks[name] = performance.now(); };
  addEventListener("py:ready", first("pyReady"), true);
  addEventListener("py:done", first("pyDone"), true);
  const check = () => {
    if (marks.ready === undefined && document.body && document.body.dataset.state === "ready")
      marks.ready = performance.now();
    // js/early.js drew the board left last time: the time the frame after it began
    // (a rAF, then a task after that frame's paint)
    if (marks.boardSeen === undefined && document.body && "early" in document.body.dataset) {
      marks.boardSeen = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { marks.board = performance.now(); };
        channel.port2.postMessage(0);
      });
    }
  };
  new MutationObserver(check).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-state", "data-early"],
  });
  // ... and when the screen first showed it: the presentation time of the first
  // largest-contentful-paint candidate inside the copy (its elements carry data-early),
  // which comes after raster and drawing, so later than the frame above
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const inCopy = entry.element && entry.element.closest("body > [data-early]");
      if (marks.presented === undefined && inCopy) marks.presented = entry.startTime;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
})();
"""


# when game.zip had arrived (a site's page only): from then until py:ready is the time
# PyScript spends on the files of pyscript.toml's [files] (writing it into Pyodide's memory)
ZIP_ARRIVED = """performance.getEntriesByType("resource")
  .filter((entry) => entry.name.endsWith("/game.zip")).map((entry) => entry.responseEnd)[0]"""


def wait_marks(page: Page, needed: str) -> dict:
    page.wait_for_function(
        f"window.__bench && window.__bench.{needed} !== undefined", timeout=TIMEOUT_MS
    )
    marks = page.evaluate("({...window.__bench})")
    arrived = page.evaluate(ZIP_ARRIVED)
    if arrived is not None:
        marks["zipArrived"] = arrived
    return marks


@contextmanager
def marked_page(browser: Browser, **context_args) -> Iterator[Page]:
    """A page in a context of its own (closed after) that records the start-up marks."""
    context = browser.new_context(**context_args)
    context.add_init_script(MARKS)
    try:
        yield context.new_page()
    finally:
        context.close()


def run_pair(browser: Browser, url: str, needed: str) -> tuple[dict, dict]:
    """One cold load in a fresh context (service workers blocked), then one warm reload."""
    with marked_page(browser, service_workers="block") as page:
        page.goto(url)
        cold = wait_marks(page, needed)
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
        return cold, wait_marks(page, needed)


def run_sw(browser: Browser, url: str) -> dict:
    """Ours reloaded under its own service worker (everything from Cache Storage)."""
    with marked_page(browser, service_workers="allow") as page:
        page.goto(url)
        wait_marks(page, "ready")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
        return wait_marks(page, "ready")


EARLY_KEPT = "Object.keys(localStorage).some(k => k.startsWith('cardgames:early:'))"


def run_early(browser: Browser, url: str) -> dict[str, dict]:
    """Ours coming back to a game: a first visit leaves the board's copy (js/early.js),
    then a reload with the HTTP cache (warm), and a visit in a new context given the first
    one's storage (cold: an empty HTTP cache, the storage kept); service workers blocked,
    as in run_pair. And a reload under the service worker (sw), as a player who has been
    here comes back. Each: when the kept board was drawn (`board`, the frame after it) and
    when Python was ready."""
    with marked_page(browser, service_workers="block") as page:
        page.goto(url)
        wait_marks(page, "ready")
        page.wait_for_function(EARLY_KEPT, timeout=TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
        warm = wait_marks(page, "ready")
        storage = page.context.storage_state()
    # (emptying the cache of a live context through CDP crashed the renderer on reload)
    with marked_page(browser, service_workers="block", storage_state=storage) as page:
        page.goto(url)
        cold = wait_marks(page, "ready")
    with marked_page(browser, service_workers="allow") as page:
        page.goto(url)
        wait_marks(page, "ready")
        page.wait_for_function("navigator.serviceWorker.controller !== null",
                               timeout=TIMEOUT_MS)
        page.wait_for_function(EARLY_KEPT, timeout=TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
        sw = wait_marks(page, "ready")
    return {"cold": cold, "warm": warm, "sw": sw}


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def own(results: dict[str, list[float]], ready: str, py_ready: str) -> float:
    """The median over the runs of (ready - py:ready): the page's own Python, each run
    against itself, so less of the machine's load than a difference of medians."""
    return median([r - p for r, p in zip(results[ready], results[py_ready], strict=True)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--url",
        default="/",
        help='path of our page (default "/"); '
        'e.g. "/?game=devils-square&deal=1" once the app exists',
    )
    parser.add_argument("--runs", type=int, default=7, help="alternating runs (default 7)")
    parser.add_argument("--no-sw", action="store_true", help="skip the service-worker runs")
    parser.add_argument("--headed", action="store_true")
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the build to time (default: $SITE_DIR or _site/)")
    parser.add_argument("--also", type=Path, default=None,
                        help="another build timed in the same runs (e.g. the one before)")
    args = parser.parse_args(argv)

    site = args.site.resolve()
    if not (site / "index.html").is_file():
        print(f"{site}/index.html is missing: run `make site`", file=sys.stderr)
        return 1
    path = args.url if args.url.startswith("/") else "/" + args.url

    results: dict[str, list[float]] = {
        k: []
        for k in (
            "ours_cold",
            "ours_warm",
            "ours_sw",
            "ours_py_ready_cold",
            "ours_py_ready_warm",
            "ours_zip_cold",
            "ours_zip_warm",
            "bare_cold",
            "bare_warm",
            "bare_marker_cold",
            "bare_marker_warm",
            "early_board_cold",
            "early_board_warm",
            "early_board_sw",
            "early_ready_cold",
            "early_ready_warm",
            "early_ready_sw",
            "early_presented_cold",
            "early_presented_warm",
            "early_presented_sw",
            "first_board",
            "first_presented",
            "also_cold",
            "also_warm",
            "also_py_ready_cold",
            "also_py_ready_warm",
        )
    }
    with tempfile.TemporaryDirectory(prefix="bench-bare-") as tmp:
        bare_dir = Path(tmp)
        (bare_dir / "index.html").write_bytes(BARE.read_bytes())
        os.symlink(site / "vendor", bare_dir / "vendor")
        ours_url, stop_ours = serve_in_thread(site)
        bare_url, stop_bare = serve_in_thread(bare_dir)
        also_url, stop_also = (serve_in_thread(args.also.resolve()) if args.also
                               else ("", lambda: None))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not args.headed
                )
                # One untimed load of each first, so disk caches are warm for both alike.
                run_pair(browser, ours_url + path, "ready")
                run_pair(browser, bare_url + "/", "ready")
                if also_url:
                    run_pair(browser, also_url + path, "ready")
                kinds = ["ours", "bare", "also"] if also_url else ["ours", "bare"]
                for i in range(args.runs):
                    order = kinds[i % len(kinds):] + kinds[:i % len(kinds)]
                    for which in order:
                        if which in ("ours", "also"):  # a build of this site
                            url = ours_url if which == "ours" else also_url
                            cold, warm = run_pair(browser, url + path, "ready")
                            for kind, marks in (("cold", cold), ("warm", warm)):
                                results[f"{which}_{kind}"].append(marks["ready"])
                                results[f"{which}_py_ready_{kind}"].append(
                                    marks.get("pyReady", float("nan")))
                                if which == "ours":
                                    results[f"ours_zip_{kind}"].append(
                                        marks.get("zipArrived", float("nan")))
                            if which == "ours" and path == "/":  # a new player's list
                                results["first_board"].append(cold.get("board", float("nan")))
                                results["first_presented"].append(
                                    cold.get("presented", float("nan")))
                        else:
                            cold, warm = run_pair(browser, bare_url + "/", "ready")
                            results["bare_cold"].append(cold["pyReady"])
                            results["bare_warm"].append(warm["pyReady"])
                            results["bare_marker_cold"].append(cold["ready"])
                            results["bare_marker_warm"].append(warm["ready"])
                    if "game=" in path or path == "/":  # a game, or the list, to come back to
                        for kind, marks in run_early(browser, ours_url + path).items():
                            results[f"early_board_{kind}"].append(marks.get("board", float("nan")))
                            results[f"early_ready_{kind}"].append(marks["ready"])
                            results[f"early_presented_{kind}"].append(
                                marks.get("presented", float("nan")))
                    if not args.no_sw:
                        results["ours_sw"].append(run_sw(browser, ours_url + path)["ready"])
                    print(
                        f"run {i + 1}/{args.runs}: ours cold {results['ours_cold'][-1]:.0f} "
                        f"warm {results['ours_warm'][-1]:.0f} | bare py:ready cold "
                        f"{results['bare_cold'][-1]:.0f} warm {results['bare_warm'][-1]:.0f} ms",
                        flush=True,
                    )
                browser.close()
        finally:
            stop_ours()
            stop_bare()
            stop_also()

    m = {k: median(v) for k, v in results.items()}
    print()
    print(
        f"Startup medians over {args.runs} runs, ms from navigation start "
        f"(ours = {path} until data-state=ready; bare = py:ready):"
    )
    print(f"  {'':6} {'ours':>8} {'bare':>8} {'ours/bare':>10} {'bare marker':>12}")
    for kind in ("cold", "warm"):
        ratio = m[f"ours_{kind}"] / m[f"bare_{kind}"]
        print(
            f"  {kind:6} {m[f'ours_{kind}']:8.0f} {m[f'bare_{kind}']:8.0f} {ratio:10.2f} "
            f"{m[f'bare_marker_{kind}']:12.0f}"
        )
    if results["ours_sw"]:
        print(
            f"  ours reloaded from its service worker: {m['ours_sw']:.0f} ms "
            f"({m['ours_sw'] / m['bare_warm']:.2f} x bare warm)"
        )
    if results["early_board_warm"]:
        print("  coming back (js/early.js draws the board or list left, before Python):")
        for kind in ("cold", "warm", "sw"):
            board = m[f"early_board_{kind}"]
            ratio = board / m[f"bare_{'cold' if kind == 'cold' else 'warm'}"]
            shown = m[f"early_presented_{kind}"]
            print(f"    {kind:5} board shown {board:6.0f} ms ({ratio:.2f} x bare py:ready"
                  f"{', warm' if kind == 'sw' else ''}), on screen {shown:6.0f} ms "
                  f"({shown / board * ratio:.2f}), ready {m[f'early_ready_{kind}']:.0f} ms")
    if results["first_board"]:
        board, shown = m["first_board"], m["first_presented"]
        print(f"  a first visit (the new player's list from index.html, before Python): drawn "
              f"{board:.0f} ms ({board / m['bare_cold']:.2f} x bare py:ready cold), on screen "
              f"{shown:.0f} ms ({shown / m['bare_cold']:.2f}), ready {m['ours_cold']:.0f} ms")
    if results["also_cold"]:
        print(f"  the other build (--also {args.also}):")
        for kind in ("cold", "warm"):
            print(f"    {kind:5} {m[f'also_{kind}']:6.0f} ms "
                  f"({m[f'also_{kind}'] / m[f'bare_{kind}']:.2f} x bare py:ready); "
                  f"its own part, py:ready until ready: "
                  f"{own(results, f'also_{kind}', f'also_py_ready_{kind}'):.0f} ms")
    for kind in ("cold", "warm"):
        print(f"  our own part, py:ready until ready, {kind} (median of the runs' "
              f"differences): {own(results, f'ours_{kind}', f'ours_py_ready_{kind}'):.0f} ms")
    print("  from game.zip's arrival until py:ready (PyScript's handling of [files]), "
          f"cold: {own(results, 'ours_py_ready_cold', 'ours_zip_cold'):.0f} ms, "
          f"warm: {own(results, 'ours_py_ready_warm', 'ours_zip_warm'):.0f} ms")
    print(f"  ours py:ready (cold): {m['ours_py_ready_cold']:.0f} ms, "
          f"(warm): {m['ours_py_ready_warm']:.0f} ms: our own Python takes "
          f"{m['ours_cold'] - m['ours_py_ready_cold']:.0f} / "
          f"{m['ours_warm'] - m['ours_py_ready_warm']:.0f} ms of it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
