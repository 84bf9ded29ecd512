"""The few browser helpers every UI module shares (the only other place `js` is touched
is the modules that need events). Kept tiny so there is one way to do each thing."""

from __future__ import annotations

from pyodide.ffi import JsNull, create_proxy
from pyscript import document, window

_proxies: list = []  # every proxy lives as long as the page: created once, never per render


def proxy(function):
    """A JS-callable proxy of `function`, kept alive for the page's life."""
    handle = create_proxy(function)
    _proxies.append(handle)
    return handle


def listen(target, event: str, handler) -> None:
    target.addEventListener(event, proxy(handler))


def missing(value) -> bool:
    """True for JS null/undefined as Pyodide hands them over (None or JsNull)."""
    return value is None or isinstance(value, JsNull)


def by_id(element_id: str):
    return document.getElementById(element_id)


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def after(milliseconds: float, handler) -> None:
    """Run `handler` later. The proxy is made once per handler function (cached)."""
    cached = _timers.get(handler)
    if cached is None:
        cached = _timers[handler] = proxy(handler)
    window.setTimeout(cached, milliseconds)


_timers: dict = {}


def move_ms() -> float:
    """The page's animation length (css --move-ms), 0 under reduced motion."""
    if reduced_motion():
        return 0.0
    text = str(window.getComputedStyle(document.documentElement).getPropertyValue("--move-ms"))
    text = text.strip()
    try:
        return float(text[:-2]) if text.endswith("ms") else float(text[:-1]) * 1000
    except ValueError:
        return 180.0
