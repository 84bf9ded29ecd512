"""The end of a game on the page: the DOM contract's `#outcome[data-outcome]` mark, the
status line's Result button, and the end dialog (title, reason, score, and the statistics
and solver parts that listen for it). Giving up asks first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import tr
from .dom import after, by_id, move_ms

if TYPE_CHECKING:
    from .page import Page
    from .session import Reply


WAVE = 16  # cards of a wave: the 17th hops with the first
CELEBRATION_MS = 900  # the wave's length (css/cards.css, win-hop), before the end dialog


class OutcomeView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.element = by_id("outcome")
        self.dialog = by_id("end-dialog")
        page.on("opened", self._opened)
        page.on("changed", self._changed)
        page.handle("show-outcome", self._show_result)
        page.handle("giveup", lambda: by_id("confirm-dialog").showModal())
        page.handle("confirm-giveup", self._give_up)

    def _opened(self) -> None:
        if self.page.session.game.is_over():
            self.mark()

    def _changed(self, reply: Reply, _before) -> None:
        if reply.changed and self.page.session.game.is_over():
            self.mark()
            won = reply.moved is not None and self.page.session.game.outcome().won
            if won and move_ms() > 0:
                after(move_ms() + 40, self._celebrate)
            # a table shows its match's end in its own summary, but a match given up has
            # none: the end dialog tells it, as in every other game (issue 18)
            if not self.page.parts.own_end or self.page.session.game.outcome().resigned:
                after(move_ms() + (120 + CELEBRATION_MS if won else 120), self._open_dialog)

    def _celebrate(self, *_args) -> None:
        """A won game's cards hop in a wave (css/cards.css, #board.celebrate), once; never
        with reduced motion (move_ms() is 0 then) or animations off."""
        board = self.page.board
        if board is None:
            return
        for index, element in enumerate(board.root.querySelectorAll("[data-card]")):
            element.style.setProperty("--wave", str(index % WAVE))
        board.root.classList.add("celebrate")
        after(CELEBRATION_MS + 200, lambda *_: board.root.classList.remove("celebrate"))

    def _show_result(self) -> None:
        session = self.page.session
        if session is not None and session.game.is_over():  # (a stale Result button)
            self.mark()
            after(move_ms() + 120, self._open_dialog)

    def _give_up(self) -> None:
        page = self.page
        if page.session is not None:
            page.close_dialogs()
            page.apply(page.session.give_up())

    def mark(self) -> None:
        """The end of the game in the DOM contract's terms and on the status line."""
        page = self.page
        game = page.session.game
        outcome = game.outcome()
        status = page.session.status()
        element = self.element
        element.setAttribute("data-outcome", "")
        element.dataset.won = "true" if outcome.won else "false"
        element.dataset.score = str(outcome.score)
        document.body.dataset.over = "yes"
        reason = outcome.reason
        if outcome.won:
            title = tr(page.info.win_title)
            if page.demo_line and page.demo_line == [str(m) for m in game.move_stack]:
                title = tr("The winning line")
                reason = tr("This is how the solver wins this deal. Restart this deal to try it "
                            "yourself; Redo then plays the line a move at a time.")
        else:
            title = tr("You gave up") if outcome.resigned else tr("No more moves")
        by_id("outcome-title").textContent = title
        by_id("outcome-reason").textContent = reason
        # the figure the status line shows, with its own label and maximum (a table shows
        # the seat at the screen: Classic rules count cards in hand, not points)
        by_id("outcome-score").textContent = str(status.score)
        by_id("outcome-score-label").textContent = status.score_label
        by_id("outcome-score-max").textContent = (f" / {status.score_max}"
                                                  if status.score_max is not None else "")
        page.say(tr("Game over: {label} {score}.", label=status.score_label.lower(),
                    score=status.score))

    def _open_dialog(self, *_args) -> None:
        session = self.page.session
        if session is not None and session.game.is_over() and not self.dialog.open:
            self.page.emit("end-dialog")  # the solver's part gets ready for this game
            self.dialog.showModal()
