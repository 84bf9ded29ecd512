"""Serve a folder (default: _site/) on http://127.0.0.1:$PORT for local play and tests.

Threaded, with the MIME types the site needs whatever the OS mimetypes table says
(.wasm must be application/wasm or Pyodide's streaming compile fails). Pages are sent
with the Content-Security-Policy of index.html's <meta> (its one source) as a header
too, plus what only a header can say (frame-ancestors).
e2e/conftest.py and bench/startup.py import `SiteHandler` and `make_server`.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"

MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "application/toml",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".gif": "image/gif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
}


CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)"')
HEADER_ONLY_CSP = "frame-ancestors 'none'"  # a <meta> policy cannot forbid framing


def page_policy(directory: str | os.PathLike[str]) -> str | None:
    """The Content-Security-Policy header for the pages of `directory`: its index.html's
    <meta> policy plus the header-only directives; None without one."""
    try:
        found = CSP_META.search((Path(directory) / "index.html").read_text(encoding="utf-8"))
    except OSError:
        return None
    return f"{found.group(1)}; {HEADER_ONLY_CSP}" if found else None


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types and `Cache-Control: no-cache`.

    no-cache (always revalidate, 304 when unchanged) is what e.g. Netlify sends; it
    keeps a rebuilt site from being served stale out of the HTTP cache while the
    service worker still gives offline play. Use with functools.partial(directory=...).
    """

    extensions_map = MIME_TYPES
    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        ext = os.path.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext) or super().guess_type(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        page = self.path.split("?", 1)[0].split("#", 1)[0]
        if page.endswith(("/", ".html")):
            policy = page_policy(self.directory)
            if policy:
                self.send_header("Content-Security-Policy", policy)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        """Send the file with sendfile(2), as a static host's server does: the kernel
        copies it and the GIL is released meanwhile, so a 10 MB wasm being sent does not
        hold up the small files requested beside it (Python's own copy loop, 64 kB a
        turn, made each 304 of the page wait behind it: 200 ms in a warm start)."""
        outputfile.flush()
        self.connection.sendfile(source)

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser dropping a connection (page closed, preload cancelled) is not news.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | os.PathLike[str] = SITE,
    host: str = "127.0.0.1",
    port: int = 0,
    quiet: bool = False,
) -> SiteServer:
    """A threaded server for `directory`; port 0 picks a free port (see server_address)."""
    handler = QuietSiteHandler if quiet else SiteHandler
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


# How every test and benchmark launches Debian's Chromium: as root it needs --no-sandbox,
# and without the background-networking flags it keeps calling hosts it cannot reach.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def serve_in_thread(directory: str | os.PathLike[str] = SITE):
    """Serve `directory` on a free loopback port from a daemon thread: (base URL, stop)."""
    server = make_server(directory, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    stopped = []

    def stop() -> None:
        if not stopped:
            stopped.append(True)
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)

    return f"http://{host}:{port}", stop


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--dir", default=str(SITE), help="folder to serve (default: _site)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    directory = Path(args.dir)
    if not (directory / "index.html").is_file():
        print(f"{directory}/index.html is missing: run `make site`", file=sys.stderr)
        return 1
    server = make_server(directory, args.host, args.port, quiet=args.quiet)
    host, port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())


def guide_seen_script() -> str:
    """A browser init script that marks every game's first-run guide (game/ui/guide.py) as
    seen, as for a player who has met it, so its bubble covers no control: for the browser
    tests (e2e/conftest.py), the benchmarks that click and tools/screens.py. It writes when
    the document is parsed, after any script that breaks storage on purpose
    (e2e/test_faults.py's storage must stay empty), and only keys not stored yet."""
    import json

    from game.games import load_all
    from game.ui.guide import KEY, SEEN

    keys = [KEY + game_id for game_id in sorted(load_all())]
    return (
        "document.addEventListener('DOMContentLoaded', () => { try {"
        f" for (const k of {json.dumps(keys)})"
        f" if (localStorage.getItem(k) === null) localStorage.setItem(k, {json.dumps(SEEN)});"
        " } catch (e) {} });"
    )
