"""Statistics on the page: the clock and move counter in the status bar, the line in the
end dialogs, and the Statistics dialog (figures, chart, choice of game and mode, reset
with a confirmation).

Every decision lives in the pure modules (stats_model, stats_store, clock, stats_render;
tested in CPython); this module shows them. It has one interval timer for the page's life
(a proxy made once) and its listeners are made once. It listens to the page: a game
opened, every save (which also counts a game that has just ended), a new deal or match
leaving a game, and the `stats*` actions. The clock's time is saved with every save and
when the tab is hidden (which also happens when it closes).
"""

from __future__ import annotations

import time
from html import escape
from typing import TYPE_CHECKING

from pyscript import document, window

from ..games import load, load_all
from ..i18n import tr
from . import assist
from .clock import Tracker, clock_text
from .dom import Written, by_id, listen, local_today, proxy
from .record import SaveRecord
from .stats_model import ALL, end_line, mode_label, mode_of, modes_for
from .stats_store import StatsStore

if TYPE_CHECKING:
    from .daily_store import DailyStore
    from .page import Page

TICK_MS = 500  # the clock is redrawn from elapsed time, so the tick only keeps it fresh


class StatsView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.data = StatsStore(page.store)
        self._daily: DailyStore | None = None  # made on first use (daily_store.py)
        self.tracker: Tracker | None = None
        self.key = ""  # the save slot of the game tracked
        self.dialog = by_id("stats-dialog")
        self.game_select = by_id("stats-game")
        self.mode_select = by_id("stats-mode")
        self.body = by_id("stats-body")
        self.confirm = by_id("stats-confirm")
        self.moves_el = by_id("moves")
        self.written = Written()  # the move counter and the end dialogs' line, as shown
        self.time_el = by_id("game-time")
        self.shown_time = ""
        self.shown_running = ""
        self.choice = ("", ALL)  # the dialog's game and mode
        listen(self.game_select, "change", self._on_pick)
        listen(self.mode_select, "change", self._on_pick)
        listen(document, "visibilitychange", self._on_visibility)
        listen(document, "toggle", self._tick, capture=True)  # a dialog opens or closes
        window.setInterval(proxy(self._tick), TICK_MS)
        page.on("opened", self.opened)
        page.on("saving", self.on_save)
        page.on("refreshed", self._show_moves)  # in the click's own frame, not the save's
        page.on("leaving", self.abandon)
        for action in ("stats", "stats-close", "stats-reset", "stats-reset-no",
                       "stats-reset-yes"):
            page.handle(action, lambda action=action: self.act(action))

    @property
    def daily(self) -> DailyStore:
        """The daily deals' records: their module is loaded only where a deal of the day
        is played or the statistics dialog is opened, not at start-up."""
        if self._daily is None:
            from .daily_store import DailyStore

            self._daily = DailyStore(self.page.store)
        return self._daily

    # -- the game being played -------------------------------------------------------------

    def opened(self) -> None:
        """A game is shown: its tracker from the save it was resumed from (before the page
        saves it)."""
        page = self.page
        game, key = page.session.game, page.key
        asked = page.store.read(assist.DEALS_KEY + game.id)
        if page.daily is not None:  # the deal of the day: from the winnable list, if any
            from ..share.daily import winnable

            asked = "winnable" if winnable(game.id) else "any"
        elif page.challenge is not None:  # the sharer's deal, not one dealt from a list
            asked = "any"
        tracker = Tracker.opened(game, page.record, asked)
        now = time.monotonic()
        if key == self.key and self.tracker is not None and (
                page.store.led_elsewhere != key):  # the same game shown again (a change
            # of language): its clock goes on from now, not from the last save; but one
            # that follows another tab's play takes that tab's clock (store.follow), or its
            # first save would write back what it read, one move behind that tab's
            tracker.clock.elapsed = max(tracker.clock.elapsed, self.tracker.clock.seconds(now))
        self.tracker, self.key = tracker, key
        by_id("game-time-box").setAttribute("aria-label", tr("Playing time"))
        self.shown_time = ""
        self._sync(now)

    def _show_moves(self) -> None:
        """The move counter, as the board shows the game (written when it changes)."""
        moves = str(self.page.session.moves_count())
        if self.written.changed("moves", moves):
            self.moves_el.textContent = moves

    def on_save(self, record: SaveRecord) -> None:
        """Called with every save record: counts a game that has just ended, and keeps the
        clock and what was counted in the record."""
        page, tracker = self.page, self.tracker
        session = page.session
        if session is None or tracker is None:
            return
        now = time.monotonic()
        game = session.game
        if page.replaying:  # the solver's line replaces the player's moves
            tracker.shown = True
        self._sync(now)
        if game.is_over() and not tracker.counted:
            demo = page.demo_line == [str(move) for move in game.move_stack]
            result = tracker.finish(session, now, int(time.time()), demo=demo)
            if result is not None:
                self.data.record(result)
                self._count_daily(result.won)
        tracker.stamp(record, now)
        self._end_lines(game)
        self._report()

    def abandon(self) -> None:
        """A new deal leaves the game being played: unfinished, with a move, it is lost."""
        session, tracker = self.page.session, self.tracker
        if session is None or tracker is None:
            return
        now = time.monotonic()
        result = tracker.abandon(session, now, int(time.time()))
        if result is not None:
            self.data.record(result)
            self._count_daily(False)
            self._patch_save(session, now, counted=True)  # its slot remembers it

    def _count_daily(self, won: bool) -> None:
        """The deal of the day has just ended (counted once in the statistics): its day
        counts for the daily streak, if it ended on that day and the day is not counted
        yet (daily_store.py)."""
        day = self.page.daily
        if day is not None:
            self.daily.count(self.page.session.game.id, day, won, local_today())

    def _running(self) -> bool:
        """The clock runs from the first move (not from the page's load) while the game
        is on, shown, and not behind a dialog (the rules, the settings...): only that
        time counts toward the fastest win (issue 18)."""
        session = self.page.session
        return (session is not None and self.tracker is not None
                and bool(session.game.move_stack)
                and not session.game.is_over() and not bool(document.hidden)
                and not self.page.replaying and not self.page.watching
                and not self.page.dialog_open())

    def _sync(self, now: float) -> None:
        if self.tracker is None:
            return
        self.tracker.clock.set(now, self._running())
        text = clock_text(self.tracker.clock.seconds(now))
        if text != self.shown_time:
            self.shown_time = text
            self.time_el.textContent = text
        running = "yes" if self.tracker.clock.running else "no"
        if running != self.shown_running:
            self.shown_running = running
            self.time_el.parentElement.dataset.running = running

    def _tick(self, *_args) -> None:
        self._sync(time.monotonic())

    def _on_visibility(self, *_args) -> None:
        now = time.monotonic()
        self._sync(now)
        session = self.page.session
        if bool(document.hidden) and session is not None and self.tracker is not None:
            self._patch_save(session, now)  # the clock's time, in case the tab is closed

    def _patch_save(self, session, now: float, counted: bool = False) -> None:
        """The clock's time so far (and that the game was counted) into the stored save,
        without a move, while the save is this game as this tab has it (store.py)."""
        moves = [str(move) for move in session.game.move_stack]
        self.page.store.update_clock(self.key, moves, self.tracker.clock.seconds(now), counted)

    def _end_lines(self, game) -> None:
        """'Won 12 of 30 · streak 3' in the end dialogs, once the game is over."""
        text = ""
        if game.is_over():
            mode = mode_of(game, self.tracker.kind)
            text = end_line(self.data.load(game.id).summary(mode), mode)
            if self.page.daily is not None:
                streak = self.daily.load(game.id).streak(local_today())
                text += " · " + tr("Daily streak {n}", n=streak)
        if not self.written.changed("end-lines", text):
            return  # (after every move: their `hidden`, written again, restyles them)
        for line in document.querySelectorAll(".stats-line"):
            line.querySelector(".stats-figures").textContent = text
            line.hidden = not text

    def _report(self) -> None:
        for game_id in self.data.take_damaged():
            if game_id in self.data.newer:
                self.page.toast(tr("Your {game} statistics were saved by a newer version of "
                                  "this site, so they start again here; those are kept aside.",
                                  game=tr(load(game_id).title)))
            else:
                self.page.toast(tr("Your {game} statistics could not be read, so they start "
                                  "again; the old ones are kept aside.",
                                  game=tr(load(game_id).title)))

    # -- the dialog --------------------------------------------------------------------------

    def act(self, action: str) -> None:
        if action == "stats":
            self.open()
        elif action == "stats-close":
            self.dialog.close()
        elif action == "stats-reset":
            self.confirm.hidden = False
            self.confirm.querySelector('[data-action="stats-reset-no"]').focus()
        elif action == "stats-reset-no":
            self.confirm.hidden = True
            by_id("stats-reset").focus()
        elif action == "stats-reset-yes":
            game_id, mode = self.choice
            self.data.reset(game_id, mode)
            self.confirm.hidden = True
            self.render()
            self.page.toast(tr("Statistics reset."))
            problem = self.page.store.take_problem()
            if problem:
                self.page.toast(problem)
            if self.page.session is not None and self.page.session.game.is_over():
                self._end_lines(self.page.session.game)

    def open(self) -> None:
        session = self.page.session
        if session is not None and self.tracker is not None:
            game = session.game
            self.choice = (game.id, mode_of(game, self.tracker.kind))
        elif not self.choice[0]:
            self.choice = (next(iter(load_all())), ALL)
        self.confirm.hidden = True
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()

    def _on_pick(self, *_args) -> None:
        game_id = str(self.game_select.value)
        mode = str(self.mode_select.value) if game_id == self.choice[0] else ALL
        self.choice = (game_id, mode)
        self.confirm.hidden = True
        self.render()

    def render(self) -> None:
        game_id, mode = self.choice
        games = load_all()
        self.game_select.innerHTML = "".join(
            f'<option value="{gid}"{" selected" if gid == game_id else ""}>'
            f"{escape(tr(info.title))}</option>" for gid, info in games.items())
        stats = self.data.load(game_id)
        modes = modes_for(game_id)
        modes += [m for m in stats.modes if m not in modes]
        if mode != ALL and mode not in modes:
            mode = ALL
        self.choice = (game_id, mode)
        self.mode_select.innerHTML = "".join(
            f'<option value="{m}"{" selected" if m == mode else ""}>{escape(mode_label(m))}'
            "</option>" for m in [ALL, *modes])
        self.mode_select.value = mode
        self.mode_select.disabled = len(modes) < 2
        from .daily_store import has_daily  # (the dialog's modules: not needed at start-up)
        from .stats_render import chart_svg, daily_html, table_html

        summary = stats.summary(mode)
        if summary.recent:
            chart = chart_svg(summary.recent, game_id)
            count = min(len(summary.recent), 30)
            caption = (f'<figcaption><span>{escape(tr("Recent games"))} ({count})</span>'
                       f'<span class="legend won">{escape(tr("Won"))}</span>'
                       f'<span class="legend lost">{escape(tr("Lost"))}</span></figcaption>')
            figure = f'<figure class="stats-figure">{caption}{chart}</figure>'
        else:
            figure = f'<p class="stats-empty">{escape(tr("No finished games yet."))}</p>'
        daily = daily_html(self.daily.load(game_id), local_today()) if has_daily(
            game_id) else ""
        self.body.innerHTML = table_html(summary) + daily + figure
        self.body.dataset.played = str(summary.played)
        title = tr(games[game_id].title)
        what = title if mode == ALL else f"{title} · {mode_label(mode)}"
        by_id("stats-confirm-text").textContent = tr(
            "Reset the statistics of {what}? This cannot be undone.", what=what)
        by_id("stats-reset").disabled = summary.played == 0
        self._report()
