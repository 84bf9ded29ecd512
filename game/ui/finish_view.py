"""'Finish the game': once the rest of a patience is certain, a quiet button in the status
line offers to play it, and accepted, its moves are played on the board one by one.

What "certain" means is each game's own decision (`SolitaireAI.finish` in game/ai, see
game/ai/solitaire.py): every line of play wins (Kings in the Corner), or nothing is hidden
any more and the solver proves a win (Devil's Grip, Devil's Square, King's Square). The
check runs after each move the way the hint runs: in slices of a timer between which the
page paints and answers (assist.SliceSizer), within a small budget of positions, dropped
when the position changes. The AI is imported on the first check. When the player plays
the offered line's next move the rest is still a winning line, so no search runs again.

The moves are ordinary moves (Undo takes them back one by one, statistics count the win),
made at a readable pace (assist.finish_delay) with the board's usual animation; any other
action of the player stops it. Never in Guard mode (which has no help), never at a table,
and never while the solver's own line is replayed ("Show me")."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import tr
from . import assist
from .dom import Written, after, by_id, cancel, move_ms

if TYPE_CHECKING:
    from .page import Page


class FinishView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.button = by_id("btn-finish")
        self.shown = Written()  # what _offer last wrote
        self.work = None  # the check being worked out (a Resumable of game/ai), if any
        self.work_for: tuple = ()  # the position it is for
        self.timer = None  # the next slice, or the next move being finished
        self.sizer = assist.background_sizer()
        self.line: list[str] = []  # the moves offered, from `line_for`
        self.line_for: tuple = ()
        self.left: list[str] | None = None  # the moves still to play while finishing
        self._own = False  # a move of the finish is being applied
        page.on("opened", self.check)
        page.on("saved", lambda _record: self.check())
        page.on("changed", self._changed)
        page.on("closing", self.stop)
        page.on("home", self.stop)
        page.handle("finish", self.start)

    def _position(self) -> tuple:
        session = self.page.session
        if session is None:
            return ()
        return (session, tuple(str(move) for move in session.game.move_stack))

    # -- the check ------------------------------------------------------------------------

    def check(self) -> None:
        """The position changed (or a game opened): offer to finish it when its rest is
        certain, looking in slices when it is worth it."""
        if self.left is not None:
            return  # finishing: the line is known
        page = self.page
        session = page.session
        self._drop_work()
        position = self._position()
        if (session is None or page.info is None or page.watching or page.replaying
                or session.game.is_over() or not session.game.move_stack
                or not assist.has_hints(page.info.id, session.game.options)):
            # (a deal not yet played is never certain: a page opened on one does not load
            # the AI for nothing, a one-off task of a few hundred milliseconds under Pyodide)
            self._offer([])
            return
        if self.line and position[:1] == self.line_for[:1] and (
                position[1] == (*self.line_for[1], self.line[0])):
            self.line_for, self.line = position, self.line[1:]  # the player followed it
            self._offer(self.line)
            return
        self._offer([])
        self.work_for = position
        self.sizer = assist.background_sizer()
        # after the move's animation, and outside the click's handler: the first check
        # imports the AI
        self.timer = after(max(60.0, move_ms()), self._think)

    def _think(self, *_args) -> None:
        self.timer = None
        session = self.page.session
        if session is None or self._position() != self.work_for:
            self._drop_work()
            return
        if self.work is None:  # the first slice sets the check up
            try:
                from ..ai import solitaire  # loaded on the first check, never at start-up

                self.work = solitaire.finish_search(copy.deepcopy(session.game))
            except (ImportError, KeyError):
                self.work = None
            if self.work is None:
                return  # nothing to look for here
            self.timer = after(0, self._think)
            return
        solution, _ms = assist.sized_step(self.work, self.sizer)
        if solution is None:
            self.timer = after(0, self._think)
            return
        self.work = None
        if solution.status == "won" and solution.moves:
            self.line_for = self.work_for
            self._offer(list(solution.moves))
            # heard, not shown (the button says it): the live region only
            self.page.emit("said", tr("The win is certain from here: play the remaining moves"))

    def _drop_work(self) -> None:
        cancel(self.timer)
        self.timer = None
        self.work = None
        self.work_for = ()  # (it holds the session: a game left must not stay alive here)

    def _offer(self, line: list[str]) -> None:
        self.line = line
        if not line:
            self.line_for = ()
        offered = bool(line) and self.left is None
        state = "offered" if offered else ("playing" if self.left is not None else "off")
        if self.shown.changed("finish", state):  # (on <body>: written again, it restyles
            self.button.hidden = not offered  # the whole page, after every move)
            document.body.dataset.finish = state

    # -- finishing ------------------------------------------------------------------------

    def start(self) -> None:
        """Play the offered line, a move at a time."""
        if not self.line or self._position() != self.line_for or self.left is not None:
            return
        self.left = list(self.line)
        self._offer([])
        self.page.finishing = True
        self.timer = after(assist.finish_delay(move_ms()) / 2, self._step)

    def _step(self, *_args) -> None:
        self.timer = None
        page, left = self.page, self.left
        session = page.session
        if left is None or session is None:
            return
        if not left or session.game.is_over():
            self.stop()
            return
        try:
            move = session.game.parse_move(left.pop(0))
        except ValueError:
            self.stop()
            return
        reply = session.play(move)
        if reply.refused:
            self.stop()
            return
        done = session.game.is_over() or not left
        if done:
            self.stop()  # before the move is shown: the end dialog follows as after any move
        else:
            self.timer = after(assist.finish_delay(move_ms()), self._step)
        self._own = True
        try:
            page.apply(reply)
        finally:
            self._own = False

    def _changed(self, reply, _before) -> None:
        if self._own:
            return
        if self.left is not None:
            self.stop()  # the player did something: the rest is theirs
        elif self.line and reply.changed:
            self._offer([])  # looked at again after the save

    def stop(self) -> None:
        """Stop finishing (and drop any check or offer); nothing keeps running."""
        self._drop_work()
        self.left = None
        self.page.finishing = False
        self._offer([])
