"""A challenge on the page: a link `?beat=<code>` (sharelink.py) holds a finished game; the
one who opens it plays that deal, in the same options (Guard mode too), without seeing
the moves: the status area says what to beat ("Beat this: Score 120 in 64 moves"), and
at the end the end dialog shows both results side by side, who won, and a link to watch
the sharer's game (`?watch=<code>`).

The challenge is played in a save slot of its own (the deal's slot and `:beat`,
store.slot_key), so opening it never resumes nor overwrites the player's own game of that
deal; it counts in the statistics once, like any game in its slot (opening the link
again, or another challenge on the same deal, resumes that game: its result stands). The
sharer's game is only read from the link, never stored nor counted here.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pyscript import document

from ..games import load
from ..i18n import tr, tr_n
from .dom import by_id
from .sharelink import (
    Mark,
    challenge_line,
    compare,
    mark_of,
    outcome_word,
    shared_query,
    verdict,
)

if TYPE_CHECKING:
    from .page import Page


class ChallengeView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.line = document.createElement("span")
        self.line.id = "challenge-line"
        self.line.className = "challenge-line"
        self.line.hidden = True
        by_id("message").before(self.line)
        self.result = document.createElement("section")
        self.result.id = "challenge-result"
        self.result.className = "challenge-result"
        self.result.hidden = True
        score = by_id("end-dialog").querySelector(".outcome-score")
        score.after(self.result)
        page.on("opened", self.opened)
        page.on("end-dialog", self.ended)
        page.on("home", self.opened)

    def opened(self) -> None:
        """The status area's "Beat this" while a challenge is shown; nothing otherwise."""
        challenge = self.page.challenge
        self.line.hidden = challenge is None
        self.line.textContent = challenge_line(mark_of(challenge)) if challenge else ""
        document.body.dataset.challenge = "no" if challenge is None else "yes"
        self.result.hidden = True

    def ended(self) -> None:
        """The end dialog opens: both results side by side, when a challenge was played."""
        page = self.page
        challenge, session = page.challenge, page.session
        if challenge is None or session is None or not session.game.is_over():
            self.result.hidden = True
            return
        mine, theirs = mark_of(session.game), mark_of(challenge)
        result = compare(mine, theirs, load(challenge.id).lower_is_better)
        self.result.dataset.result = {1: "won", 0: "tie", -1: "lost"}[result]
        self.result.setAttribute("aria-label", tr("The challenge"))
        self.result.innerHTML = (
            f'<p class="challenge-verdict">{escape(verdict(result))}</p>'
            '<div class="challenge-sides">'
            f'{side(tr("You"), mine, "mine")}{side(tr("To beat"), theirs, "theirs")}</div>'
            f'<a class="watch-link" href="{escape(shared_query("watch", challenge))}">'
            f'{escape(tr("Watch their game"))}</a>')
        self.result.hidden = False


def side(title: str, mark: Mark, which: str) -> str:
    """One result of the two: who, won or not, the score and the moves."""
    moves = tr_n("{n} move", "{n} moves", mark.moves)
    return (f'<div class="challenge-side" data-side="{which}">'
            f'<span class="challenge-who">{escape(title)}</span>'
            f'<span class="challenge-outcome" data-won="{"true" if mark.won else "false"}">'
            f"{escape(outcome_word(mark))}</span>"
            f'<span class="challenge-score">{escape(mark.label)} '
            f"<b>{escape(mark.score_text())}</b></span>"
            f'<span class="challenge-moves">{escape(moves)}</span></div>')

