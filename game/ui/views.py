"""Which views the page has, and when they are made: the settings, the other tabs and the
keys from the start; the views of a game when the first game opens (the game list needs
none of them, and compiling their modules is a measurable part of start-up under Pyodide,
bench/startup.py); keyboard play and the live region just after a game is playable; a
game's own view (the table's) when a game of that kind first opens. Each receives the
Page, never the App."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .dom import after, by_id
from .settings_view import SettingsView
from .sound import Sound
from .tabs_view import TabSync

if TYPE_CHECKING:
    from .help_view import HelpView
    from .page import Page


class Keys:
    """Keyboard play and the live region, made on first use (keyboard.py, announcer.py)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self._keyboard = None
        self._announcer = None
        page.on("said", self._said)
        page.on("changed", self._changed)
        page.on("opened", self._opened)
        page.on("rendered", self._rendered)

    @property
    def keyboard(self):
        if self._keyboard is None:
            from .keyboard import KeyboardInput

            self._keyboard = KeyboardInput(self.page)
        return self._keyboard

    @property
    def announcer(self):
        if self._announcer is None:
            from .announcer import Announcer, LiveRegion

            self._announcer = Announcer(self.page, LiveRegion(by_id("announce")))
        return self._announcer

    def on_key(self, event) -> bool:
        return self.keyboard.on_key(event)

    def typing(self, target) -> bool:
        from .keyboard import typing

        return typing(target)

    def _said(self, text: str) -> None:
        if text or self._announcer is not None:  # #message is seen, #announce heard
            self.announcer.say(text)

    def _changed(self, reply, before) -> None:
        self.announcer.reply(reply, before)

    def _opened(self) -> None:
        if self._announcer is not None:
            self._announcer.reset()
        after(0, self._extras)  # keyboard play and the live region, once playable

    def _extras(self, *_args) -> None:
        if self.page.board is not None:
            self.keyboard.sync()
            if self._announcer is None:
                self.announcer.reset()

    def _rendered(self) -> None:
        if self._keyboard is not None:
            self._keyboard.sync()


def always(page: Page, reroute: Callable[[], None], home: Callable[[], None]) -> Keys:
    """The views of every screen: settings (the theme applies at once), the other tabs,
    the sound effects, the keys."""
    settings = SettingsView(page, reroute)
    from .backup_view import BackupView

    BackupView(page)  # its part of the Settings dialog
    TabSync(page, settings, reroute, home)
    Sound(page, lambda: settings.settings.sound)
    return Keys(page)


def for_games(page: Page) -> HelpView:
    """The views of a game being played; the help view is returned (the App asks it which
    deal to deal)."""
    from .help_view import HelpView
    from .outcome_view import OutcomeView
    from .solver_view import ReplayView, SolverPanel
    from .stats_view import StatsView

    OutcomeView(page)
    StatsView(page)
    SolverPanel(page)
    ReplayView(page)
    Later(page)
    GameViews(page)
    return HelpView(page)


class Later:
    """The views a game may never need, made the first time they have something to do
    (their modules are not loaded at start-up, bench/startup.py): "Finish the game" once
    a game shown has a move (a deal not yet played is never certain: finish_view.py), the
    first-run guide when a game opens that shows it (guide.wanted). Once made, a view
    listens to the page itself; the event that made it is passed on to it here."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.finish = None
        self.guide = None
        page.on("opened", self._opened)
        page.on("saved", lambda _record: self._played())

    def _opened(self) -> None:
        self._played()
        page = self.page
        if self.guide is None and page.session is not None and page.info is not None:
            from . import guide

            if guide.wanted(page.store, page.info.id, page.session.game.options):
                from .guide_view import GuideView

                self.guide = GuideView(page)
                self.guide.opened()

    def _played(self) -> None:
        session = self.page.session
        if self.finish is None and session is not None and session.game.move_stack:
            from .finish_view import FinishView

            self.finish = FinishView(self.page)
            self.finish.check()


class GameViews:
    """A game's own view (GamePage.view), made the first time a game of that kind opens and
    kept: it acts only while its game is shown (its handlers check `page.parts`)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.made: dict[int, object] = {}
        page.on("opened", self._opened)

    def _opened(self) -> None:
        parts = self.page.parts
        if parts.view is not None and id(parts) not in self.made:
            view = parts.view(self.page)
            self.made[id(parts)] = view
            view.opened()  # it missed this "opened": its handlers are new
