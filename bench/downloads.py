"""What a first visit downloads: the page's own requests plus the service worker's precache,
compressed as a static host serves them.

    python3 bench/downloads.py [SITE ...]        (default: _site/, or SITE_DIR)
    python3 bench/downloads.py --static [SITE ...]   (no browser: the precache list alone)

For each build (compare two: `python3 tools/build_site.py /tmp/before` at another commit),
a new Chromium context opens the game list once, waits until the service worker controls
the page (its install has fetched every file it precaches) and records every request of
the page and of the worker. Each file counts once: the worker's precache requests are made
with `cache: "no-cache"`, so a file the page fetched already is revalidated (304), not sent
again. The files the worker's sw.js lists are added in case a request escaped the
recording, and the total is checked against them.

Each file is compressed as a static host sends it: gzip at level 6 (the usual default of
hosts and servers that compress on the fly) and, when Python's `brotli` module is
installed, brotli at quality 11 (what hosts that precompress use); formats that are
compressed already (.png, .zip, .ico, .woff2) are counted as they are, as hosts send them.
Prints a table by part of the site (PyScript, Pyodide, the site's own files) in kB
(1000 bytes).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.serve import CHROMIUM, CHROMIUM_ARGS, serve_in_thread  # noqa: E402

try:
    import brotli  # type: ignore[import-not-found]
except ImportError:  # not a dependency: gzip alone then
    brotli = None

SITE = Path(os.environ.get("SITE_DIR") or ROOT / "_site")
STORED = {".png", ".zip", ".ico", ".woff2", ".woff", ".jpg", ".jpeg", ".webp", ".gif"}
PARTS = (("vendor/pyscript/", "PyScript"), ("vendor/pyodide/", "Pyodide"), ("", "the site"))
TIMEOUT_MS = 120_000


def precache_list(site: Path) -> set[str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    urls = json.loads(re.search(r"const PRECACHE_URLS = (\[.*?\]);", text, re.S).group(1))
    return {url.removeprefix("./") for url in urls} | {"sw.js", "index.html"}


def first_visit(site: Path) -> set[str]:
    """The site's files a first visit of the game list requests, the worker's included."""
    from playwright.sync_api import sync_playwright

    url, stop = serve_in_thread(site)
    paths: set[str] = set()
    failed: list[str] = []

    def note(request_url: str) -> None:
        if request_url.startswith(url + "/"):
            paths.add(urlsplit(request_url).path.lstrip("/") or "index.html")

    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            context.on("request", lambda request: note(request.url))
            context.on("requestfailed", lambda request: failed.append(request.url))
            page = context.new_page()
            page.goto(url + "/")
            page.wait_for_selector("body[data-state=ready]", state="attached",
                                   timeout=TIMEOUT_MS)
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=TIMEOUT_MS)
            browser.close()
    finally:
        stop()
    if failed:
        raise SystemExit(f"{site}: requests failed on the first visit: {failed}")
    return paths


@functools.cache
def compressed(data: bytes) -> tuple[int, int | None]:
    """(gzip, brotli or None) bytes of `data`, once per content (two builds share Pyodide;
    brotli 11 takes a minute or two on its wasm)."""
    zipped = len(gzip.compress(data, compresslevel=6, mtime=0))
    return zipped, len(brotli.compress(data, quality=11)) if brotli else None


def sizes(path: Path) -> tuple[int, int, int | None]:
    """(raw, gzip, brotli or None) bytes as a host sends the file."""
    data = path.read_bytes()
    if path.suffix in STORED:
        return len(data), len(data), len(data) if brotli else None
    return len(data), *compressed(data)


def measure(site: Path, static: bool) -> dict[str, list[int]]:
    listed = precache_list(site)
    fetched = listed if static else first_visit(site) | listed
    unknown = sorted(name for name in fetched if not (site / name).is_file())
    if unknown:
        raise SystemExit(f"{site}: requested files that are not in the build: {unknown}")
    totals = {label: [0, 0, 0, 0] for _, label in PARTS}  # files, raw, gzip, brotli
    for name in sorted(fetched):
        label = next(label for prefix, label in PARTS if name.startswith(prefix))
        raw, zipped, brotlied = sizes(site / name)
        row = totals[label]
        row[0] += 1
        row[1] += raw
        row[2] += zipped
        row[3] += brotlied or 0
    totals["all"] = [sum(row[i] for row in totals.values()) for i in range(4)]
    return totals


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sites", nargs="*", type=Path, default=[SITE])
    parser.add_argument("--static", action="store_true",
                        help="count the precache list only, without a browser")
    args = parser.parse_args(argv)
    columns = ["files", "raw kB", "gzip kB"] + (["brotli kB"] if brotli else [])
    print(f"first visit (the page and the service worker's precache), gzip -6"
          f"{', brotli 11' if brotli else ' (no brotli module: gzip only)'}")
    for site in args.sites:
        totals = measure(site.resolve(), args.static)
        print(f"\n{site}")
        print(f"  {'part':10}" + "".join(f"{c:>12}" for c in columns))
        for label, (files, raw, zipped, brotlied) in totals.items():
            cells = [f"{files}", f"{raw / 1e3:,.1f}", f"{zipped / 1e3:,.1f}"]
            cells += [f"{brotlied / 1e3:,.1f}"] if brotli else []
            print(f"  {label:10}" + "".join(f"{c:>12}" for c in cells))


if __name__ == "__main__":
    main(sys.argv[1:])
