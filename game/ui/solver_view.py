"""'Could it be won?' and 'Show me' on the page: the solver run in slices between which
the browser paints and handles input, its progress and answer in the end dialog, and a
winning line replayed on the board move by move.

The decisions (slice sizes, sentences, the replay's pace) live in assist.py, tested in
CPython. The search's slices and the replay's moves are timeouts of dom.after (one
proxy for the page's timeouts), cancelled with dom.cancel.
The AI is imported on the first search, never at start-up.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import tr
from . import assist
from .dom import after, by_id, cancel

if TYPE_CHECKING:
    from .page import Page

PROGRESS_EVERY = 0.2  # seconds between updates of the progress bar and count


KEPT_ANSWERS = 64  # solved deals remembered for this visit (each holds its winning line)


class SolverPanel:
    """The solver's part of the end dialog (#solver) and the search behind it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.section = by_id("solver")
        self.bar = by_id("solver-bar")
        self.count = by_id("solver-count")
        self.answer = by_id("solver-answer")
        self.answers: dict[tuple, object] = {}  # deal key -> Solution, for this visit
        self.run_key: tuple | None = None  # the deal being searched
        self.fresh = None  # the deal at its start, for the search to copy
        self.search = None
        self.sizer = assist.SliceSizer()
        self.shown_at = 0.0
        self.timer = None  # the next slice's timeout (dom.after), while a search runs
        self.slices = 0
        self.longest_ms = 0.0
        page.on("end-dialog", self._end_dialog)
        page.on("changed", self._changed)
        page.on("closing", self.cancel)
        page.on("home", self.cancel)
        page.handle("solve", self.start)
        page.handle("solve-cancel", self.cancel)
        page.handle("show-line", self._show_line)

    def _end_dialog(self) -> None:
        self.show_for(self.page.session.game)

    def _changed(self, reply, _before) -> None:
        if self.running and not self.page.session.game.is_over():
            self.cancel()  # the game goes on: its end dialog is gone

    def _show_line(self) -> None:
        session = self.page.session
        line = self.line(session.game) if session is not None else None
        if line and not session.guarded:
            self.page.emit("replay", line)

    # -- showing ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.run_key is not None

    def show_for(self, game) -> None:
        """Put the panel in the state that fits `game` (its end dialog is about to show)."""
        outcome = game.outcome()
        if outcome is None or outcome.won or not self.page.info.has_hints:
            self._state("off")
            return
        key = assist.deal_key(game)
        if self.running and key != self.run_key:
            self.cancel()
        if key == self.run_key:
            self._state("running")
        elif key in self.answers:
            self._show_answer(self.answers[key])
        else:
            self._state("idle")

    def _state(self, state: str) -> None:
        self.section.dataset.state = state
        if state == "idle":
            self.answer.textContent = ""

    def _show_answer(self, solution) -> None:
        from ..ai import solitaire  # loaded by the search that found the answer

        words = solitaire.load(self.page.info.id).value_text if self.page.info else None
        self.answer.textContent = assist.answer_text(
            solution.status, len(solution.moves), solution.value, solution.nodes, words
        )
        self.answer.dataset.status = solution.status
        self._state(solution.status)

    def _progress(self) -> None:
        search = self.search
        nodes, seconds = (search.nodes, search.seconds) if search else (0, 0.0)
        share = assist.search_progress(nodes, seconds)
        self.bar.value = round(share * 1000)
        self.count.textContent = assist.progress_text(nodes) if nodes else tr("Starting…")

    # -- searching ----------------------------------------------------------------------

    def start(self) -> None:
        """Search the current game's deal from its start."""
        session = self.page.session
        if session is None or self.running:
            return
        game = session.game
        self.run_key = assist.deal_key(game)
        self.fresh = assist.fresh_game(game)
        self.search = None
        self.answer.textContent = ""
        self.sizer = assist.SliceSizer()
        self.slices, self.longest_ms = 0, 0.0
        self.shown_at = 0.0
        self._state("running")
        self._progress()
        cancel = self.section.querySelector('[data-action="solve-cancel"]')
        if cancel is not None:
            cancel.focus()
        self.timer = after(30, self._tick)  # paint the running state first

    def _tick(self, *_args) -> None:
        self.timer = None
        if not self.running:
            return
        if self.search is None:  # the first tick loads the AI and sets the search up
            try:
                from ..ai import solitaire

                self.search = solitaire.solver(
                    self.fresh, max_nodes=assist.BUDGET_NODES, max_seconds=assist.BUDGET_SECONDS
                )
            except (ImportError, KeyError):
                self._end()
                self.answer.textContent = tr("The solver for this game is not available yet.")
                self.answer.dataset.status = "unknown"
                self._state("unknown")
                return
            self.timer = after(0, self._tick)
            return
        solution, elapsed = assist.sized_step(self.search, self.sizer)
        self.slices += 1
        self.longest_ms = max(self.longest_ms, elapsed)
        self.section.dataset.slices = str(self.slices)
        self.section.dataset.longestMs = str(round(self.longest_ms))
        if solution is None:
            now = time.perf_counter()
            if now - self.shown_at >= PROGRESS_EVERY:  # the page repaints only then
                self.shown_at = now
                self._progress()
            self.timer = after(0, self._tick)
            return
        key = self.run_key
        self._end()
        self.answers[key] = solution
        while len(self.answers) > KEPT_ANSWERS:  # a long visit keeps the latest ones
            del self.answers[next(iter(self.answers))]
        session = self.page.session
        if session is not None and assist.deal_key(session.game) == key:
            self._show_answer(solution)
            if not by_id("end-dialog").open:  # the player looks at the board: say it there
                self.page.toast(tr("Could it be won? {answer} See Result.",
                                  answer=self.answer.textContent))
                return
            then = self.section.querySelector('[data-action="show-line"]')
            if solution.status == "won" and then is not None and not session.guarded:
                then.focus()

    def cancel(self) -> None:
        """Stop the search; nothing keeps running."""
        if not self.running:
            return
        self._end()
        self._state("idle")

    def _end(self) -> None:
        cancel(self.timer)
        self.timer = None
        self.run_key = None
        self.search = None
        self.fresh = None

    def line(self, game) -> list[str] | None:
        """The winning line of `game`'s deal, when one was found."""
        solution = self.answers.get(assist.deal_key(game))
        return list(solution.moves) if solution is not None and solution.status == "won" else None


class ReplayView:
    """A winning line played on the board at a calm pace; the player can speed it up or
    stop it (any other action stops it too), and Redo then plays the rest."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.bar = by_id("replay")
        self.text = by_id("replay-text")
        self.replay: assist.Replay | None = None
        self.timer = None  # the next move's timeout (dom.after)
        page.on("replay", self.start)
        page.on("stop-replay", lambda quiet: self.stop(quiet=quiet))
        page.handle("replay-faster", self.faster)
        page.handle("replay-stop", lambda: None)  # Page.act stops the replay itself

    @property
    def active(self) -> bool:
        return self.replay is not None

    def start(self, moves: list[str]) -> None:
        page = self.page
        self.stop(quiet=True)
        page.close_dialogs()
        page.demo_line = list(moves)
        self.replay = assist.Replay(len(moves))
        page.replaying = True
        document.body.dataset.replay = "on"
        self.bar.hidden = False
        faster = self.bar.querySelector('[data-action="replay-faster"]')
        faster.disabled = False
        page.apply(page.session.show_line(moves))
        self._show()
        self._schedule()

    def _show(self) -> None:
        self.text.textContent = self.replay.text()

    def _schedule(self) -> None:
        self.timer = after(self.replay.delay, self._step)

    def faster(self) -> None:
        if self.replay is None:
            return
        self.replay.faster()
        self.bar.querySelector('[data-action="replay-faster"]').disabled = self.replay.fastest
        if self.timer is not None:  # the next move comes at the new pace
            cancel(self.timer)
            self._schedule()

    def _step(self, *_args) -> None:
        self.timer = None
        page, replay = self.page, self.replay
        session = page.session
        if replay is None or session is None:
            return
        if not session.redo_stack or session.game.is_over():
            self.stop(quiet=True)
            return
        reply = session.redo()
        replay.shown += 1
        self._show()
        over = session.game.is_over() or not session.redo_stack
        if over:
            self.stop(quiet=True)
        page.apply(reply)
        if not over and self.replay is replay:
            self._schedule()

    def stop(self, quiet: bool = False) -> None:
        """End the replay; the rest of the line stays on the redo stack."""
        if self.replay is None:
            return
        cancel(self.timer)
        self.timer = None
        self.replay = None
        self.page.replaying = False
        document.body.dataset.replay = "off"
        self.bar.hidden = True
        session = self.page.session
        if not quiet and session is not None and session.redo_stack:
            self.page.say(tr("Replay stopped: Redo plays the rest of the winning line."))
