"""The game's header and status line: its title, deal and options, the score with its
label and maximum, the pile count, the rating, the prompt, and which buttons work now.
Read from the game's GameInfo, its page parts and `GameSession.status()` alone, the same
for every game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import tr
from .assist import has_hints
from .dom import Written, by_id, day_text

if TYPE_CHECKING:
    from .page import Page


class StatusBar:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.written = Written()  # element id -> the text refresh last gave it
        self.enabled = Written()  # action -> whether its buttons were last left enabled

    def _text(self, element_id: str, text: str) -> None:
        if self.written.changed(element_id, text):
            by_id(element_id).textContent = text

    def opened(self) -> None:
        """A game is shown: its names, deal and options, and no end marked yet."""
        page = self.page
        info, game = page.info, page.session.game
        self.enabled = Written()  # a new board has buttons of its own (End turn)
        body = document.body
        body.dataset.view = "game"
        body.dataset.game = info.id
        body.dataset.guard = "on" if page.session.guarded else "off"
        by_id("btn-hint").hidden = not has_hints(info.id, game.options)
        document.title = tr("{game} · deal {n}", game=tr(info.title), n=game.deal)
        by_id("game-title").textContent = tr(info.title)
        subtitle = by_id("game-subtitle")
        subtitle.textContent = tr(info.subtitle) if info.subtitle_shown() else ""
        subtitle.lang = info.subtitle_lang  # "" means the page's own language
        by_id("deal-label").textContent = tr("Deal {n}", n=game.deal) if page.daily is None \
            else tr("Daily deal, {date} · deal {n}", date=day_text(page.daily), n=game.deal)
        body.dataset.daily = "no" if page.daily is None else "yes"
        by_id("options-label").textContent = info.options_text(game.options)
        by_id("pile-label").textContent = tr(page.parts.pile_label)
        by_id("moves-label").textContent = tr(page.session.moves_label)
        # the end of the last game does not stick to this one: if it is over, it is
        # marked again (outcome_view)
        by_id("outcome").removeAttribute("data-outcome")
        body.dataset.over = "no"

    def refresh(self) -> None:
        page = self.page
        session = page.session
        game = session.game
        buttons = {
            "undo": session.can_undo(),
            "redo": session.can_redo(),
            "restart": session.can_restart(),
            "giveup": not game.is_over(),
            "end-turn": session.may_pick(),
        }
        for action, enabled in buttons.items():
            if self.enabled.changed(action, enabled):  # (refresh runs after every move)
                for button in document.querySelectorAll(f'[data-action="{action}"]'):
                    button.disabled = not enabled
        status = session.status()
        self._text("score-label", status.score_label)
        self._text("score", str(status.score))
        self._text("score-max", f" / {status.score_max}" if status.score_max is not None else "")
        self._text("prompt", status.prompt)
        self._text("pile-count", str(status.stock))  # the pile may be off-screen
        rating_key = status.rating_key.replace(" ", "-")  # a key for the CSS
        if self.written.changed("rating-key", rating_key):
            by_id("rating").dataset.rating = rating_key
        self._text("rating", status.rating)
        stock = page.board.zone_el.get("stock")
        if stock is not None:
            stock.classList.toggle("can-redeal", status.can_redeal)
        if not game.is_over() and document.body.getAttribute("data-over") != "no":
            by_id("outcome").removeAttribute("data-outcome")
            document.body.dataset.over = "no"  # (written again, it restyles the page)
