"""Shared games on the page: "Share this game" and "Share as a challenge" in the end dialog,
and the replay viewer a shared link (`?watch=<code>`, sharelink.py) opens (a challenge,
`?beat=<code>`, is played: challenge_view.py).

The viewer shows the game on the usual board with `page.watching` set: the Page then saves
nothing, takes no move from the board or the keys and runs no action but looking (so the
opener's own save of that deal and their statistics are never touched, and the playing
clock stands still). Its bar plays the moves at a chosen speed, pauses, steps back and
forth, jumps with a scrubber, and offers "Play this deal yourself" (the deal's own address:
the player's save of it resumes if they have one).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from pyscript import document, window

from ..games import load
from ..i18n import tr
from .dom import after, by_id, cancel, listen, missing, proxy
from .games import page_of
from .settings import SPEED_LABELS
from .sharelink import Shared, Timeline, parse_shared, shareable, shared_query
from .urlstate import game_query

if TYPE_CHECKING:
    from ..engine import GameInfo
    from .page import Page
    from .page_types import GamePage

PACES = {"slow": 1200, "normal": 650, "fast": 250}  # ms between two moves played


class WatchView:
    def __init__(self, page: Page, faces: Callable[[GamePage], None],
                 home: Callable[[], None]) -> None:
        self.page = page
        self.faces, self.home = faces, home
        self.timeline: Timeline | None = None
        self.timer: int | None = None
        self.pace = "normal"
        self.bar = None
        self._copied = proxy(lambda *_: page.toast(
            tr("Link copied: anyone opening it can watch this game.")))
        self._challenge_copied = proxy(lambda *_: page.toast(
            tr("Challenge link copied: whoever opens it plays this deal to beat your result.")))
        self._copy_failed = proxy(lambda *_: page.toast(self.link))
        self.link = ""
        page.on("closing", self.leave)
        page.on("home", self.leave)
        page.on("opened", self._share_button)
        for action, handler in (
            ("share-game", self.share), ("share-challenge", lambda: self.share("beat")),
            ("watch-play", self.play_pause),
            ("watch-start", lambda: self.go(0)),
            ("watch-back", lambda: self.go(self.at - 1)),
            ("watch-forward", lambda: self.go(self.at + 1)),
            ("watch-end", lambda: self.go(len(self.timeline.line))),
            ("watch-own", self.play_own),
        ):
            page.handle(action, handler)

    @property
    def at(self) -> int:
        return self.timeline.at if self.timeline else 0

    # -- sharing -------------------------------------------------------------------------

    def _share_button(self) -> None:
        """The end dialog's "Share this game" and "Share as a challenge", for a patience
        dealt by number."""
        buttons = by_id("end-dialog").querySelector(".buttons")
        session = self.page.session
        hidden = self.page.watching or session is None or not shareable(session.game)
        for action, text, title in (
            ("share-game", tr("Share this game"),
             tr("Copy a link that replays this game move by move")),
            ("share-challenge", tr("Share as a challenge"),
             tr("Copy a link to play this deal and try to beat your result")),
        ):
            button = buttons.querySelector(f'[data-action="{action}"]')
            if missing(button):
                button = document.createElement("button")
                button.type = "button"
                button.dataset.action = action
                buttons.appendChild(button)
            button.textContent = text
            button.title = title
            button.hidden = hidden

    def share(self, kind: str = "watch") -> None:
        session = self.page.session
        if session is None or not shareable(session.game):
            return
        self.link = self._address(shared_query(kind, session.game))
        done = self._copied if kind == "watch" else self._challenge_copied
        try:
            window.navigator.clipboard.writeText(self.link).then(done, self._copy_failed)
        except Exception:  # noqa: BLE001 - no clipboard API at all
            self._copy_failed()

    @staticmethod
    def _address(query: str) -> str:
        location = window.location
        return f"{location.origin}{location.pathname}{query}"

    # -- watching ------------------------------------------------------------------------

    def open(self, query: str) -> None:
        """Show the shared game of the address `query` at its deal, ready to play."""
        shared = parse_shared(query)
        if shared.error:
            self.page.toast(shared.error)
            window.history.replaceState(None, "", "./")
            self.home()
            return
        self._show(shared)

    def _show(self, shared: Shared) -> None:
        page, game = self.page, shared.game
        info = load(game.id)
        parts = page_of(info)
        self.faces(parts)
        line = shared.line
        fresh = type(game).new(deal=game.deal, **game.options)
        session = parts.session(fresh, [], None)
        page.watching = True
        page.daily = page.challenge = None
        document.body.dataset.watching = "yes"
        self.timeline = Timeline(line)
        page.show(info, parts, session, "", None)
        self._bar(info, len(line))
        self._update()
        document.body.dataset.state = "ready"
        self.play_pause()

    def _bar(self, info: GameInfo, total: int) -> None:
        if self.bar is None:
            self.bar = document.createElement("div")
            self.bar.id = "watch-bar"
            self.bar.className = "watch-bar"
            self.bar.setAttribute("role", "group")
            table = by_id("table")
            table.insertBefore(self.bar, by_id("board"))
            listen(self.bar, "input", self._scrubbed)  # once: the bar's contents change
            listen(self.bar, "change", self._speed)
        speeds = "".join(
            f'<option value="{name}"{" selected" if name == self.pace else ""}>'
            f"{escape(tr(label))}</option>" for name, label in SPEED_LABELS if name in PACES)

        def button(action: str, text: str, title: str, extra: str = "") -> str:
            return (f'<button type="button" data-action="{action}" title="{escape(title)}"'
                    f' aria-label="{escape(title)}"{extra}>{text}</button>')

        self.bar.setAttribute("aria-label", tr("Replay of a shared game"))
        self.bar.innerHTML = (
            f'<span class="watch-title">{escape(tr("Replay"))}</span>'
            + button("watch-start", "|◀", tr("Back to the deal"))
            + button("watch-back", "◀", tr("One move back"))
            + button("watch-play", "", tr("Play"), ' id="watch-play" class="watch-play"')
            + button("watch-forward", "▶", tr("One move forward"))
            + button("watch-end", "▶|", tr("To the end"))
            + f'<input type="range" id="watch-scrub" min="0" max="{total}" value="0" '
            f'aria-label="{escape(tr("Move"))}">'
            + '<span class="watch-at" id="watch-at"></span>'
            + f'<label class="watch-speed">{escape(tr("Speed"))} '
            f'<select id="watch-speed">{speeds}</select></label>'
            + f'<button type="button" class="primary" data-action="watch-own">'
            f'{escape(tr("Play this deal yourself"))}</button>')
        self.bar.hidden = False

    def leave(self) -> None:
        """Another game or the game list: the viewer is closed."""
        self.stop()
        if self.page.watching:
            self.page.watching = False
            self.timeline = None
            document.body.dataset.watching = "no"
            if self.bar is not None:
                self.bar.hidden = True

    # -- the controls ----------------------------------------------------------------------

    def go(self, at: int, animate: bool | None = None) -> None:
        """Show the game at move `at` (a control other than Play pauses first)."""
        page, timeline = self.page, self.timeline
        if timeline is None or page.session is None:
            return
        if animate is None:
            self.stop()
        steps = timeline.go(page.session.game, at)
        if steps:
            page.render(animate=steps == 1)
            page.refresh()
        self._update()

    def play_pause(self) -> None:
        if self.timeline is None:
            return
        if self.timer is not None:
            self.stop()
            return
        if self.at >= len(self.timeline.line):
            self.go(0)
        self.timer = after(PACES[self.pace] // 2, self._step)
        self._update()

    def _step(self, *_args) -> None:
        self.timer = None
        if self.timeline is None:
            return
        self.go(self.at + 1, animate=True)
        if self.at < len(self.timeline.line):
            self.timer = after(PACES[self.pace], self._step)
        self._update()

    def stop(self) -> None:
        cancel(self.timer)
        self.timer = None
        if self.timeline is not None:
            self._update()

    def _scrubbed(self, event) -> None:
        if str(event.target.id) != "watch-scrub":
            return
        try:
            at = int(str(event.target.value))
        except ValueError:
            return
        self.go(at)

    def _speed(self, event) -> None:
        if str(event.target.id) != "watch-speed":
            return
        value = str(event.target.value)
        if value in PACES:
            self.pace = value

    def play_own(self) -> None:
        session = self.page.session
        if session is None:
            return
        game = session.game
        self.page.navigate(game_query(game.id, game.deal, game.options))

    def _update(self) -> None:
        """The bar and the line above the board say where the replay is."""
        total, at = len(self.timeline.line), self.at
        playing = self.timer is not None
        by_id("watch-at").textContent = tr("Move {n} of {total}", n=at, total=total)
        by_id("watch-scrub").value = str(at)
        play = by_id("watch-play")
        label = tr("Pause") if playing else tr("Play")
        play.textContent = f"{'▮▮' if playing else '▶'} {label}"
        play.title = label
        play.setAttribute("aria-label", label)
        by_id("moves").textContent = str(self.page.session.moves_count())
        self.bar.dataset.playing = "yes" if playing else "no"
        self.bar.dataset.at = str(at)
        game = self.page.session.game
        if game.is_over() and at == total:
            status = self.page.session.status()
            self.page.say(tr("Game over: {label} {score}.", label=status.score_label.lower(),
                             score=game.outcome().score))
        else:
            self.page.say("")
