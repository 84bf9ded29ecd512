"""The few browser helpers every UI module shares (the only other place `js` is touched
is the modules that need events). Kept tiny so there is one way to do each thing."""

from __future__ import annotations

import datetime
from itertools import count

from pyodide.ffi import JsNull, create_proxy, to_js
from pyscript import document, window

_proxies: list = []  # every proxy lives as long as the page: created once, never per render


def proxy(function):
    """A JS-callable proxy of `function`, kept alive for the page's life."""
    handle = create_proxy(function)
    _proxies.append(handle)
    return handle


def listen(target, event: str, handler, capture: bool = False) -> None:
    """`handler` hears `event` on `target` (`capture`: also events that do not bubble up
    to it, from the elements inside, such as a dialog's toggle)."""
    target.addEventListener(event, proxy(handler), capture)


def missing(value) -> bool:
    """True for JS null/undefined as Pyodide hands them over (None or JsNull)."""
    return value is None or isinstance(value, JsNull)


def closest(target, selector: str):
    """The nearest element around `target` (an event's target) matching `selector`, or
    None; a target that is no element (the document, a text node) has none."""
    if missing(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if missing(found) else found


def attribute(target, name: str) -> str:
    """An element's attribute as text ('' when absent, or when `target` is no element)."""
    if missing(target) or not hasattr(target, "getAttribute"):
        return ""
    value = target.getAttribute(name)
    return "" if missing(value) else str(value)


def tag(target) -> str:
    """An element's tag name in lower case ('' for anything else)."""
    return str(getattr(target, "tagName", "") or "").lower() if not missing(target) else ""


def editable(target) -> bool:
    """Whether `target` is an element whose text the player edits (contenteditable)."""
    return not missing(target) and bool(getattr(target, "isContentEditable", False))


def by_id(element_id: str):
    return document.getElementById(element_id)


_motion = {"forced": False}  # reduced motion forced on by the player's settings
_reduce_query = []  # the system's prefers-reduced-motion query, made on first use


def had_activation() -> bool:
    """Whether the player has pressed or typed on the page yet (its sticky user
    activation): before that, browsers refuse to start audio. False where it cannot tell."""
    activation = getattr(window.navigator, "userActivation", None)
    return not missing(activation) and bool(activation.hasBeenActive)


def reduced_motion() -> bool:
    """Motion is reduced: the player's setting forces it, or the system asks for it. The
    media query's list is made once: its `matches` follows the system's setting, and a
    render asks two or three times a move."""
    if _motion["forced"]:
        return True
    if not _reduce_query:
        _reduce_query.append(window.matchMedia("(prefers-reduced-motion: reduce)"))
    return bool(_reduce_query[0].matches)


def set_motion(forced_reduced: bool) -> None:
    """The settings changed: reduced motion forced or not, and --move-ms read afresh."""
    _motion["forced"] = bool(forced_reduced)
    _move_ms.clear()


def after(milliseconds: float, handler) -> int:
    """Run `handler()` once, `milliseconds` from now; the number returned cancels it.

    Every timeout of the page goes through one proxy made once (`_fire`), and its handler
    waits in `_timers` only until it runs or is cancelled: no proxy per handler, so a
    bound method of a per-game object (a Board, a TableView) is let go with its game."""
    global _fire_proxy
    if _fire_proxy is None:
        _fire_proxy = proxy(_fire)
    serial = next(_serials)
    _timers[serial] = handler
    window.setTimeout(_fire_proxy, milliseconds, serial)
    return serial


def after_paint(handler) -> None:
    """Run `handler()` once the next frame has been drawn: work a click does not need on
    screen (what the next click will ask, ...) then costs that frame nothing. The frame
    callback is `setTimeout` itself, bound to `after`'s proxy (no Python runs inside the
    frame, whose script time comes before its style, layout and paint); the timeout runs
    after that frame, and the handlers waiting run in the order given."""
    global _fire_proxy, _paint_serial
    if handler not in _painting:  # (a hidden tab draws no frames: once is enough)
        _painting.append(handler)
    if _paint_serial is None:
        if _fire_proxy is None:
            _fire_proxy = proxy(_fire)
        _paint_serial = next(_serials)
        _timers[_paint_serial] = _painted
        window.requestAnimationFrame(
            window.setTimeout.bind(window, _fire_proxy, 0, _paint_serial))


def _painted() -> None:
    global _paint_serial
    handlers = _painting[:]
    _painting.clear()
    _paint_serial = None
    for handler in handlers:
        handler()


_painting: list = []  # the handlers waiting for the next frame (after_paint)
_paint_serial: int | None = None  # the timeout that will run them


class Written(dict):
    """What a view last wrote on the page, by key. Refreshes run after every move, and a
    write of the same value is not free: text is laid out again, and an attribute restyles
    whatever its selectors reach (on <body>, the whole page)."""

    def changed(self, key, value) -> bool:
        """Whether `value` differs from what was written under `key` (it is kept: the
        caller writes it now)."""
        if key in self and self[key] == value:
            return False
        self[key] = value
        return True


def cancel(serial: int | None) -> None:
    """The timeout `after` returned as `serial` will not run its handler (None: nothing)."""
    if serial is not None:
        _timers.pop(serial, None)


def _fire(serial, *_args) -> None:
    handler = _timers.pop(int(serial), None)
    if handler is not None:
        handler()


_timers: dict = {}  # serial -> handler of each timeout waiting
_serials = count(1)
_fire_proxy = None


def js_object(value):
    """Python dicts and lists as plain JS objects and arrays (for animate(), etc.)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


_move_ms: list[float] = []


def move_ms() -> float:
    """The page's animation length (css --move-ms, which the speed setting sets on <html>),
    0 under reduced motion. Read once (set_motion reads it again): reading computed style
    forces a style flush, too dear per move."""
    if reduced_motion():
        return 0.0
    if not _move_ms:
        style = window.getComputedStyle(document.documentElement)
        text = str(style.getPropertyValue("--move-ms")).strip()
        try:
            _move_ms.append(float(text[:-2]) if text.endswith("ms") else float(text[:-1]) * 1000)
        except ValueError:
            _move_ms.append(180.0)
    return _move_ms[0]


def local_today() -> datetime.date:
    """The player's calendar day: the browser's local date (its time zone), which the
    deal of the day follows (daily_store.py). Read from JavaScript's Date, which tests
    pin; Python's own clock in Pyodide knows no time zone."""
    now = window.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def day_text(day: datetime.date) -> str:
    """'27 November' in the page's language, as the browser writes dates."""
    from ..i18n import language

    when = window.Date.new(day.year, day.month - 1, day.day)
    style = to_js({"day": "numeric", "month": "long"}, dict_converter=window.Object.fromEntries)
    return str(when.toLocaleDateString(language(), style))
