"""game/ui/dom.py under CPython with a stand-in browser: every timeout goes through one
proxy made once for the page, a handler is let go once it has run or been cancelled,
and the modules whose objects are made per game make no proxy or listener of their own
(issue 8: 500 games in one page must not pile up proxies and old games)."""

from __future__ import annotations

import ast
import gc
import importlib
import sys
import types
import weakref
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "game" / "ui"


class JsFunction:
    """A browser function as Pyodide hands it over: called, or bound
    (`Function.prototype.bind`: `this` and the first arguments fixed, a JS function)."""

    def __init__(self, function) -> None:
        self.function = function

    def __call__(self, *args):
        return self.function(*args)

    def bind(self, _this, *bound):
        return JsFunction(lambda *args: self.function(*bound, *args))


class FakeWindow:
    def __init__(self) -> None:
        self.waiting: list[tuple] = []  # (callback, ms, args) in the order set
        self.frames: list = []  # requestAnimationFrame callbacks, for the next frame
        self.setTimeout = JsFunction(self._set_timeout)  # the DOM's name

    def _set_timeout(self, callback, ms, *args):
        self.waiting.append((callback, ms, args))
        return len(self.waiting)

    def requestAnimationFrame(self, callback):  # noqa: N802 - the DOM's name
        self.frames.append(callback)
        return len(self.frames)

    def frame(self) -> None:
        """The browser draws a frame: its callbacks run (each may set a timeout)."""
        frames, self.frames = self.frames, []
        for callback in frames:
            callback(0.0)

    def run_all(self) -> None:
        waiting, self.waiting = self.waiting, []
        for callback, _, args in waiting:
            callback(*args)


class FakeProxy:
    made = 0

    def __init__(self, function) -> None:
        FakeProxy.made += 1
        self.function = function

    def __call__(self, *args):
        return self.function(*args)


@pytest.fixture
def dom(monkeypatch):
    """game.ui.dom imported afresh over stand-ins of pyscript and pyodide.ffi."""
    window = FakeWindow()
    pyscript = types.ModuleType("pyscript")
    pyscript.window, pyscript.document = window, object()
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy, ffi.to_js = FakeProxy, lambda value, **_: value
    ffi.JsNull = type("JsNull", (), {})
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    for name, module in (("pyscript", pyscript), ("pyodide", pyodide), ("pyodide.ffi", ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "game.ui.dom", raising=False)
    FakeProxy.made = 0
    module = importlib.import_module("game.ui.dom")
    module.fake_window = window
    yield module
    sys.modules.pop("game.ui.dom", None)


class PerGame:
    """Like a Board or a TableView: made for one game, its bound methods handed to after."""

    def __init__(self, ran: list) -> None:
        self.ran = ran

    def settled(self, *_args) -> None:
        self.ran.append(self)


def test_timeouts_of_many_games_share_one_proxy_and_let_every_game_go(dom):
    ran: list = []
    games = [PerGame(ran) for _ in range(30)]
    for game in games:
        dom.after(200, game.settled)
        dom.after(0, game.settled)
    assert FakeProxy.made == 1 and len(dom._proxies) == 1
    assert len(dom._timers) == 60  # waiting, each once
    dom.fake_window.run_all()
    assert ran == [game for game in games for _ in (0, 1)]
    assert dom._timers == {}  # nothing kept once run
    ran.clear()
    gone = [weakref.ref(game) for game in games]
    del games, game
    gc.collect()
    assert all(ref() is None for ref in gone), "a game object outlived its timeouts"
    for _ in range(30):  # more games later: still the one proxy
        dom.after(10, PerGame(ran).settled)
    dom.fake_window.run_all()
    assert FakeProxy.made == 1 and len(dom._proxies) == 1 and dom._timers == {}


def test_a_cancelled_timeout_does_not_run_and_is_let_go(dom):
    ran: list = []
    game = PerGame(ran)
    kept = dom.after(50, game.settled)
    dropped = dom.after(50, game.settled)
    dom.cancel(dropped)
    dom.cancel(None)  # nothing waiting: nothing happens
    assert list(dom._timers) == [kept]
    dom.fake_window.run_all()
    assert ran == [game] and dom._timers == {}
    dom.cancel(kept)  # already run: nothing happens


def test_work_after_paint_waits_for_the_frame_then_a_timeout_and_runs_in_order(dom):
    """after_paint: nothing runs before the next frame, nor in it (no Python at all: its
    callback is setTimeout, bound), but in a timeout after it; one frame callback for all
    the handlers given before it, through proxies made once."""
    ran: list = []
    for name in ("moves", "stats", "more"):
        dom.after_paint(lambda name=name: ran.append(name))
    assert len(dom.fake_window.frames) == 1 and ran == []
    # the frame's callback is the browser's setTimeout, bound: no Python runs in the frame
    assert isinstance(dom.fake_window.frames[0], JsFunction)
    dom.fake_window.run_all()
    assert ran == []  # no frame yet
    dom.fake_window.frame()
    assert ran == [] and len(dom.fake_window.waiting) == 1
    dom.fake_window.run_all()
    assert ran == ["moves", "stats", "more"]
    again = PerGame(ran)
    for _ in range(5):  # a hidden tab draws no frames: the same handler waits once
        dom.after_paint(again.settled)
    dom.fake_window.frame()
    dom.fake_window.run_all()
    assert ran[3:] == [again]
    made = FakeProxy.made
    dom.after_paint(lambda: ran.append("next"))  # a later move: a new frame, no new proxy
    dom.fake_window.frame()
    dom.fake_window.run_all()
    assert ran[-1] == "next" and FakeProxy.made == made and dom._timers == {}


def test_written_says_when_a_value_differs_from_the_one_last_written(dom):
    written = dom.Written()
    assert written.changed("score", "3")  # nothing written yet
    assert not written.changed("score", "3")
    assert written.changed("score", "4") and written.changed("prompt", "")
    assert not written.changed("prompt", "") and written.changed("seat", (1, "Ann"))


def calls_in(path: Path) -> set[str]:
    """Names called in a module: `f(...)` as f, `a.b.f(...)` as f."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            func = node.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return names


def test_only_dom_py_makes_proxies_and_timeouts():
    """One way to do each thing: a proxy by dom.proxy/listen (made once), a timeout by
    dom.after/cancel (one proxy for all of them)."""
    for path in sorted(UI.glob("*.py")):
        if path.name == "dom.py":
            continue
        made = calls_in(path) & {"create_proxy", "create_once_callable", "setTimeout",
                                 "clearTimeout"}
        assert not made, f"{path.name} calls {sorted(made)}: use dom.proxy/listen/after"


@pytest.mark.parametrize("module", ["board.py", "table_view.py", "session.py", "table.py"])
def test_objects_made_per_game_make_no_proxy_or_listener(module):
    """A Board, a TableView and a session are made for each game: a proxy or a listener
    made by one would keep it (and its DOM) alive for the page's life."""
    made = calls_in(UI / module) & {"proxy", "listen", "addEventListener", "setInterval"}
    assert not made, f"{module} calls {sorted(made)}"


# --- the board's own timeouts: one per purpose, put off by a newer one ---------------------


class FakeClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add(self, name: str) -> None:
        self.names.add(name)

    def remove(self, name: str) -> None:
        self.names.discard(name)


class FakeAnimation:
    """What element.animate() returns: finished by the time a timeout runs, unless a test
    says the glide started late (its first frame came after the timeout was set)."""

    def __init__(self) -> None:
        self.pending = False
        self.playState = "finished"  # noqa: N815 - the DOM's name


class FakeElement:
    """A card or zone element: where it is, its classes, the animations started on it."""

    def __init__(self, left: float = 0) -> None:
        self.left = left
        self.classList = FakeClassList()  # noqa: N815 - the DOM's name
        self.style = types.SimpleNamespace(transform="")
        self.animations: list = []

    def getBoundingClientRect(self):  # noqa: N802 - the DOM's name
        return types.SimpleNamespace(left=self.left, top=0)

    def animate(self, frames, timing) -> FakeAnimation:
        self.animations.append((frames, timing))
        self.glide = FakeAnimation()
        return self.glide


@pytest.fixture
def board(dom, monkeypatch):
    """A Board over stand-ins (no zones of its own; tests give it card nodes and zones)."""
    monkeypatch.delitem(sys.modules, "game.ui.board", raising=False)
    module = importlib.import_module("game.ui.board")
    monkeypatch.setattr(module, "move_ms", lambda: 180.0)
    monkeypatch.setattr(module, "js_object", lambda value: value)
    root = types.SimpleNamespace(querySelectorAll=lambda _selector: [])
    layout = types.SimpleNamespace(faces=None, hidden=(), top_only={}, turned_zone=None,
                                   ends_only=())
    yield module.Board(root, layout)
    sys.modules.pop("game.ui.board", None)


def run_next_timeout(dom) -> None:
    """Let the oldest timeout still set run (a cancelled one fires and does nothing)."""
    callback, _, args = dom.fake_window.waiting.pop(0)
    callback(*args)


def test_a_move_made_while_cards_glide_keeps_every_gliding_card_in_flight(dom, board):
    """The first move's timeout must not take `.moving` off the second move's cards while
    they still glide: a press on a cell one is crossing would go to the card (pointer.py's
    under_flight skips only cards marked moving), and the player's click is lost. Found
    by a clean clone's run of the Kings in the Corner winning line, played with motion."""
    first, second = FakeElement(left=300), FakeElement(left=400)
    board.nodes = {"7D": first, "3S": second}
    board._play({"7D": types.SimpleNamespace(left=100, top=0)})
    board._play({"3S": types.SimpleNamespace(left=200, top=0)})  # before 7D has landed
    assert first.animations and second.animations
    run_next_timeout(dom)  # when the first move's cards have landed
    assert "moving" in first.classList.names and "moving" in second.classList.names
    run_next_timeout(dom)  # when the second move's have
    assert "moving" not in first.classList.names | second.classList.names
    assert dom._timers == {} and board._moving == []


def test_a_glide_that_started_late_keeps_its_card_in_flight_until_it_lands(dom, board):
    """The settling timeout counts from animate(), but a glide starts at the next frame,
    which on a busy machine comes late: the cards still glide when the timeout runs, and
    must keep `.moving` until they land (the glide test in e2e failed under load)."""
    card = FakeElement(left=300)
    board.nodes = {"7D": card}
    board._play({"7D": types.SimpleNamespace(left=100, top=0)})
    card.glide.pending, card.glide.playState = True, "running"  # no frame yet
    run_next_timeout(dom)
    assert card.classList.names == {"moving"} and len(dom.fake_window.waiting) == 1
    card.glide.pending = False  # its first frame came: it glides
    run_next_timeout(dom)
    assert card.classList.names == {"moving"}
    card.glide.playState = "finished"  # landed
    run_next_timeout(dom)
    assert card.classList.names == set() and board._moving == []
    assert dom._timers == {} and dom.fake_window.waiting == []


def test_a_second_refusal_shakes_for_its_whole_time_and_stops_the_first(dom, board):
    one, two = FakeElement(), FakeElement()
    board.zone_el = {"cell-1": one, "cell-2": two}
    board.refuse("cell-1")
    assert one.classList.names == {"refused"}
    board.refuse("cell-2")  # while cell-1 still shakes
    assert one.classList.names == set() and two.classList.names == {"refused"}
    run_next_timeout(dom)  # the first shake's end: not the second's
    assert two.classList.names == {"refused"}
    run_next_timeout(dom)
    assert two.classList.names == set() and dom._timers == {}
