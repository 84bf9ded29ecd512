"""Read Python-side figures out of a page under test (bench/soak.py, e2e tests).

The site has no debug entry point of its own, and must not get one a URL could reach.
A benchmark or test that needs to look inside Python adds `INIT_SCRIPT` to its browser
context (`context.add_init_script(INIT_SCRIPT)`, Playwright runs it before any page
script): it imports the page's own copy of PyScript (the same module URL, so the same
instance) and adds a callback to PyScript's documented `hooks.main.onReady`, which hands
over the Pyodide interpreter before main.py runs. The callback keeps it on
`window.__pyprobe`. Only a page opened by such a test has it; the published site never
runs this file.

`run_python(page, code)` then evaluates `code` in that interpreter (its last expression
is the result, made plain JS with toJs) and `dom_counts(page)` reads game/ui/dom.py's
live proxies and waiting timers. Keep what is run read-only: a probe that changes the
game's state would measure something else than the site.
"""

from __future__ import annotations

from playwright.sync_api import Page

INIT_SCRIPT = """
(() => {
  if (window.__pyprobeHooked) return;
  window.__pyprobeHooked = true;
  const hook = () => import(new URL("./vendor/pyscript/core.js", location.href).href)
    .then(({hooks}) => hooks.main.onReady.add((wrap) => { window.__pyprobe = wrap.interpreter; }))
    .catch(() => {});  // a page without PyScript (a 404, the rules page): nothing to probe
  // After the page's own <script type="module"> of core.js has run (module scripts run
  // before DOMContentLoaded), and long before Pyodide is loaded and onReady is called.
  addEventListener("DOMContentLoaded", hook, {once: true});
})();
"""

RUN_JS = """
(code) => {
  const py = window.__pyprobe;
  if (!py) return {error: "no interpreter: was tools.pyprobe.INIT_SCRIPT added?"};
  const value = py.runPython(code);
  const plain = value && typeof value.toJs === "function"
    ? value.toJs({dict_converter: Object.fromEntries}) : value;
  if (value && typeof value.destroy === "function") value.destroy();
  return {value: plain};
}
"""

DOM_COUNTS = """
import game.ui.dom as _dom
{"proxies": len(_dom._proxies), "timers": len(_dom._timers)}
"""


class ProbeError(RuntimeError):
    pass


def ready(page: Page, timeout: float = 60_000) -> None:
    """Wait until the interpreter has been handed over (PyScript's onReady ran)."""
    page.wait_for_function("() => !!window.__pyprobe", timeout=timeout)


def run_python(page: Page, code: str):
    """The value of `code`'s last expression in the page's interpreter (JSON-like)."""
    result = page.evaluate(RUN_JS, code)
    if "error" in result:
        raise ProbeError(result["error"])
    return result["value"]


def dom_counts(page: Page) -> dict:
    """{"proxies": live proxies of game/ui/dom.py, "timers": timeouts waiting}."""
    return run_python(page, DOM_COUNTS)
