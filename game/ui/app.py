"""The page's routing: the address (`?game=...&deal=...`) to the game list or a game, the
game's opening (resumed or dealt), and the few actions that change which game is shown.

Everything else lives in views that receive the narrow `Page` (page.py), never this App;
the App makes them, and routes the page's delegated events (one listener per kind, made
once) to the page. Decisions live in pure modules (opening, urlstate, store, session...).
"""

from __future__ import annotations

import datetime

from pyscript import document, window

from ..engine import Game
from ..games import load
from ..i18n import tr
from . import language
from .dom import attribute, closest, listen, local_today, proxy
from .games import page_of
from .opening import open_game, random_deal
from .page import Page
from .pointer import PointerInput
from .sharelink import is_shared, parse_shared, shared_query
from .store import Store, daily_day
from .urlstate import Route, game_query, parse_route


def local_storage():
    """window.localStorage, or None where reading it throws (some privacy modes)."""
    try:
        storage = window.localStorage
        storage.length  # noqa: B018 - touching it is what may throw
        return storage
    except Exception:  # noqa: BLE001
        return None


class App:
    def __init__(self) -> None:
        self.store = Store(local_storage())
        language.apply(self.store.read(language.KEY))
        page = self.page = Page(self.store)
        page.router = self.navigate
        self._symbols: set[str] = set()
        self._views_made = False
        self._challenge_made = False
        self.help = self.game_view = self.watcher = None  # made with the first game
        self._copied = proxy(
            lambda *_: page.toast(tr("Link copied: anyone opening it gets this deal.")))
        self._copy_failed = proxy(lambda *_: page.toast(str(window.location.href)))
        PointerInput(page.board_el, page.touch, page.lift, page.drop)
        listen(document, "click", self.on_click)
        listen(window, "keydown", self.on_key)
        listen(document, "change", self.on_change)
        listen(window, "popstate", lambda *_: self.reroute())
        for action, handler in (
            ("close", page.close_dialogs), ("home", lambda: self.navigate("")),
            ("new", self.new_deal), ("new-confirmed", lambda: self.new_deal(confirmed=True)),
            ("copy-link", self.copy_link),
            ("undo", lambda: self._session_act("undo")),
            ("redo", lambda: self._session_act("redo")),
            ("restart", lambda: self._session_act("restart")),
        ):
            page.handle(action, handler)
        from .views import always

        self.keys = always(page, self.reroute, self.home)

    # -- routing ------------------------------------------------------------------------

    def reroute(self) -> None:
        """Show what the address says (again: a language switch redraws from the save)."""
        self.page.flush()  # the last move shown is stored before any save is read or
        # anything else is shown (open and the shared games' views come through here)
        search = str(window.location.search)
        if is_shared(search):  # a shared game to watch (watch_view.py), or a challenge
            self.page.stop_replay()
            self._views()
            shared = parse_shared(search)
            if shared.kind == "beat" and not shared.error:
                game = shared.game
                self.open(game.id, game.deal, game.options, challenge=game)
                return
            self.page.emit("closing")
            self.watcher.open(search)
            return
        self.route(parse_route(search))

    def route(self, route: Route) -> None:
        if route.day is not None:  # (the daily deals' module: only where one is asked for)
            from .daily_store import day_error

            if day_error(route.day, local_today()):
                route = Route(error=day_error(route.day, local_today()))
        if route.error:
            self.page.toast(route.error)
            window.history.replaceState(None, "", "./")
        if route.game_id:
            self.open(route.game_id, route.deal, route.options, route.day)
        else:
            self.home()

    def navigate(self, query: str) -> None:
        window.history.pushState(None, "", query or "./")
        # the address as the browser resolved it: the "Card Games" link's "./" is the list
        self.reroute()

    def home(self) -> None:
        self.page.stop_replay()
        self.page.clear()
        from .home_view import show_home  # (not needed by a game's page)

        show_home(self.store)
        document.body.dataset.state = "ready"

    def open(self, game_id: str, deal: int | None, options: dict,
             day: datetime.date | None = None, challenge: Game | None = None) -> None:
        """Show a game: its save resumed (of `deal`, or the one it was on), or dealt;
        `day`: the deal of that day, in its own slot (daily_store.py); `challenge`: the
        sharer's finished game of `deal` to beat, played in its own slot (challenge_view)."""
        page = self.page
        page.stop_replay()
        page.emit("closing")
        page.hint = None
        self._views()
        info = load(game_id)
        if day is not None:
            from ..share.daily import daily_deal

            deal, options = daily_deal(game_id, day), {}
        elif deal is None and not info.table:
            deal = self.help.fresh_deal_for(game_id, options)  # None: resume, or any number
        opened = open_game(self.store, game_id, deal, options, day, challenge is not None)
        session, key = opened.session, opened.key
        page.daily = daily_day(key)  # a daily slot resumed from anywhere is still the daily
        page.challenge = challenge
        # What another tab saves there from now on is noticed: the text this game was
        # loaded from is ours (if another tab saved since, the first save here sees it).
        self.store.claim(key, opened.text if opened.record is not None else self.store.read(key))
        game = session.game
        if challenge is not None:
            address = shared_query("beat", challenge)
            self._challenges()
        elif page.daily:
            from .daily_store import daily_query

            address = daily_query(game_id, page.daily)
        else:
            address = game_query(game_id, game.deal, game.options)
        window.history.replaceState(None, "", address)
        parts = page_of(info)
        self.faces(parts)
        page.show(info, parts, session, key, opened.record)
        for note in opened.notes:
            page.toast(note)
        page.save(unless=opened.text)  # (a game resumed as it was stored is not rewritten)
        document.body.dataset.state = "ready"
        page.emit("shown")  # after the first save: a table's computers go on, and so on

    def faces(self, parts) -> None:
        """The card faces' SVG symbols of a game's page parts, put in the page once."""
        if parts.faces.symbols not in self._symbols:
            document.body.insertAdjacentHTML("beforeend", parts.faces.symbols)
            self._symbols.add(parts.faces.symbols)

    def _views(self) -> None:
        """The views a game needs, made when the first game opens (the game list needs
        none of them, and compiling their modules is part of start-up under Pyodide)."""
        if not self._views_made:
            from .views import for_games
            from .watch_view import WatchView

            self.help = for_games(self.page)
            self.watcher = WatchView(self.page, self.faces, self.home)
            self._views_made = True

    def _challenges(self) -> None:
        """The challenge's view, made when the first challenge opens (before its game is
        shown, so it sees it open) and kept: until then there is no challenge to show."""
        if not self._challenge_made:
            from .challenge_view import ChallengeView

            ChallengeView(self.page)
            self._challenge_made = True

    # -- input --------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target
        tile = closest(target, "a.game-tile, a.mode-link, a.daily-link, a.watch-link, a.brand")
        if tile is not None and not (event.ctrlKey or event.metaKey or event.shiftKey):
            event.preventDefault()
            self.navigate(str(tile.getAttribute("href")))
            return
        button = closest(target, "[data-action]")
        if button is not None and not button.disabled:
            action = str(button.dataset.action)
            if action == "deal-kind":
                self.help.set_kind(str(button.dataset.kind), deal=True)
            else:
                self.page.act(action)

    def on_key(self, event) -> None:
        if self.keys.on_key(event):
            return  # the board's keys, or none at all while a dialog or a field has them
        page = self.page
        key = str(event.key).lower()
        if page.session is None:
            return
        if (event.ctrlKey or event.metaKey) and key in ("z", "y"):
            event.preventDefault()
            page.act("redo" if event.shiftKey or key == "y" else "undo")
        elif key == "escape" and page.replaying:
            page.act("replay-stop")
        elif key == "escape" and self.help.thinking is not None:
            self.help.stop_hint()
        elif key == "escape" and page.session.selected:
            page.apply(page.session.cancel())
        elif key == "h" and not (event.ctrlKey or event.metaKey or event.altKey):
            if not self.keys.typing(event.target) and not page.dialog_open():
                page.act("hint")

    def on_change(self, event) -> None:
        target = event.target
        setting = attribute(target, "data-setting")
        if setting == "deal-kind":
            self.help.set_kind(str(target.value), deal=False)
        else:
            self.page.emit("setting", setting, str(target.value))

    # -- actions ------------------------------------------------------------------------

    def _session_act(self, action: str) -> None:
        page = self.page
        session = page.session
        if session is None:
            return
        if action != "redo":
            page.close_dialogs()
        page.apply({"undo": session.undo, "redo": session.redo,
                    "restart": session.restart}[action](), clicked=True)

    def new_deal(self, confirmed: bool = False) -> None:
        """A new deal of the game shown (of the kind the player chose); asked first when it
        would throw an unfinished game away."""
        page = self.page
        if page.session is None:
            return
        table = page.info.table
        if not confirmed and page.ask_to_leave(
            "new-confirmed",
            tr("Leave this match?") if table else tr("Leave this game?"),
            tr("It is not over: a new match counts it as lost.") if table
            else tr("It is not over: a new deal counts it as lost."),
            tr("New match") if table else tr("New deal"),
        ):
            return
        page.close_dialogs()
        page.emit("leaving")  # a game left unfinished, with a move made, counts as lost
        game = page.session.game
        deal = random_deal() if page.info.table else self.help.next_deal(game)
        page.deal_in_next = True
        self.navigate(game_query(game.id, deal, game.options))

    def copy_link(self) -> None:
        """Copy the deal's address; where the clipboard refuses, show the address instead."""
        try:
            window.navigator.clipboard.writeText(str(window.location.href)).then(
                self._copied, self._copy_failed
            )
        except Exception:  # noqa: BLE001 - no clipboard API at all
            self._copy_failed()


def start() -> App:
    app = App()
    app.reroute()
    return app
