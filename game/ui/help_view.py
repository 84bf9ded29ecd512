"""Help on the page for the patiences: the Hint button, the Rules dialog (with the help
section), and the choice of deals for new games (the menu beside New deal, the deal's
grade beside its number). The decisions live in assist.py (pure, tested in CPython)."""

from __future__ import annotations

import copy
from html import escape
from typing import TYPE_CHECKING

from pyscript import document

from ..games import load
from ..i18n import language as current_language
from ..i18n import tr
from . import assist
from .dom import after, by_id, cancel
from .store import slot_key

if TYPE_CHECKING:
    from ..engine import Game
    from .page import Page


class HelpView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.rules_dialog = by_id("rules-dialog")
        self._choices: dict[tuple, assist.DealChoice] = {}
        self.thinking = None  # the hint being worked out (game.ai's HintWork), if any
        self.thinking_for: tuple = ()  # its session and move count: a move makes it stale
        self.hint_timer = None
        self.sizer = assist.SliceSizer()
        page.on("opened", lambda: after(0, self.deal_extras))  # after the game is playable
        page.on("closing", self.stop_hint)
        page.on("home", self.stop_hint)
        page.handle("hint", self.show_hint)
        page.handle("rules", self.show_rules)

    # -- hints ---------------------------------------------------------------------------

    def show_hint(self) -> None:
        """Work the hint out in slices (a sampled hint can take a second in the browser),
        the page painting and answering between them, the button marked busy; a move
        made meanwhile drops it, and Hint pressed again or Escape cancels it."""
        page = self.page
        session = page.session
        if session is None or not assist.has_hints(page.info.id, session.game.options):
            return
        if self.thinking is not None:
            self.stop_hint()  # pressed again while it thinks: the player cancels it
            return
        game = session.game
        if game.is_over():
            self._show(None)
            return
        try:
            from ..ai import solitaire  # loaded on the first hint, never at start-up

            self.thinking = solitaire.hint_search(copy.deepcopy(game))  # a snapshot
        except (ImportError, KeyError):
            page.say(tr("Hints for this game are not available yet."))
            return
        self.thinking_for = self._position()
        self.sizer = assist.SliceSizer()
        self._busy(True)  # shown before the first slice: a frame of "thinking" at least
        self.hint_timer = after(0, self._think)

    def _think(self, *_args) -> None:
        self.hint_timer = None
        work = self.thinking
        if work is None or self._position() != self.thinking_for:
            self.stop_hint()
            return
        done, _ms = assist.sized_step(work, self.sizer)
        if not done:
            self.hint_timer = after(0, self._think)
            return
        self.stop_hint()
        self._show(work.move)

    def _position(self) -> tuple:
        """The session and its moves so far: the hint is for this position only (an undo
        then another move keeps the count but not the position)."""
        session = self.page.session
        if session is None:
            return ()
        return (session, tuple(str(move) for move in session.game.move_stack))

    def stop_hint(self) -> None:
        """Drop a hint being worked out (nothing keeps running)."""
        cancel(self.hint_timer)
        self.hint_timer = None
        if self.thinking is not None:
            self.thinking = None
            self._busy(False)

    def _busy(self, busy: bool) -> None:
        for button in document.querySelectorAll('[data-action="hint"]'):
            button.setAttribute("aria-busy", "true" if busy else "false")

    def _show(self, move) -> None:
        page = self.page
        session = page.session
        game = session.game
        if move is None:
            page.hint = None
            page.refresh()
            page.say(assist.no_hint_text(game))
            return
        session.selected = None
        faces = page.parts.faces
        page.hint = assist.hint_marks(game, move, faces.label, faces.the)
        page.refresh()
        page.say(page.hint.text)

    # -- the Rules dialog ----------------------------------------------------------------

    def show_rules(self) -> None:
        page = self.page
        from .rules import RULES_HTML, rules_html  # the first Rules page builds it

        if page.info is None:
            html = "".join(RULES_HTML[game_id] for game_id in RULES_HTML)
        else:
            html = rules_html(page.info.id)
            if page.info.has_hints:
                game = page.session.game
                html += assist.help_html(page.session.guarded, self.choice_for(game).note)
        by_id("rules-article").innerHTML = html
        self.rules_dialog.showModal()

    # -- which deals ---------------------------------------------------------------------

    def choice_for(self, game: Game) -> assist.DealChoice:
        key = (game.id, tuple(sorted(game.options.items())), current_language())
        choice = self._choices.get(key)
        if choice is None:
            choice = self._choices[key] = assist.deal_choice(game.id, game.options)
        return choice

    def kind_of(self, game_id: str, choice: assist.DealChoice) -> str:
        return choice.valid(self.page.store.read(assist.DEALS_KEY + game_id))

    def played(self, game_id: str, options: dict):
        """deal -> whether the player has a save of it (with these options)."""
        store = self.page.store
        return lambda deal: store.read(slot_key(game_id, deal, options)) is not None

    def next_deal(self, game: Game) -> int:
        """The deal New deal deals: of the kind the player chose for this game."""
        kind = self.kind_of(game.id, self.choice_for(game))
        return assist.choose_deal(game.id, game.options, kind,
                                  self.played(game.id, game.options))

    def fresh_deal_for(self, game_id: str, options: dict) -> int | None:
        """The deal a game opened without a deal number starts from, when the player asked
        for a kind of deal and has no game of it to resume, or has never played the game:
        a first deal comes from the easy list, so that it can be won (issue 18). None: as
        usual (resume, or any number)."""
        store = self.page.store
        stored = store.read(assist.DEALS_KEY + game_id)
        info = load(game_id)
        key = store.current_key(game_id)
        if not stored and key is None and info.has_hints:
            stored = "easy"  # the player's first game of it (deal_choice checks the lists)
        if not stored or stored == "any" or not info.has_hints:
            return None
        try:
            record = store.load_record(key) if key else None
        except ValueError:  # a newer site's save: opening it sets it aside
            record = None
        if record is not None and not isinstance(record, str) and not record.finished:
            return None  # a game in progress is resumed
        full = info.engine.check_options(options)
        kind = assist.deal_choice(game_id, full).valid(stored)
        if kind == "any":
            return None
        return assist.choose_deal(game_id, full, kind, self.played(game_id, full))

    def set_kind(self, kind: str, deal: bool) -> None:
        """The player chose which deals new games get; `deal`: and deal one now."""
        page = self.page
        if page.session is None or not page.info.has_hints:
            return
        game = page.session.game
        kind = self.choice_for(game).valid(kind)
        page.store.write(assist.DEALS_KEY + game.id, kind)
        menu = by_id("deal-menu")
        if bool(menu.matches(":popover-open")):
            menu.hidePopover()
        if deal:
            page.close_dialogs()
            page.act("new")
        else:
            self.deal_extras()

    def deal_extras(self, *_args) -> None:
        """The deal's grade beside its number, and the choice of deals for new games."""
        page = self.page
        toggle = document.querySelector(".deal-kind-toggle")
        row = document.querySelector("#end-dialog .next-deal")
        badge = by_id("deal-grade")
        if page.session is None or not page.info.has_hints:
            toggle.hidden = row.hidden = badge.hidden = True
            return
        game = page.session.game
        choice = self.choice_for(game)
        kind = self.kind_of(game.id, choice)
        toggle.hidden = row.hidden = not choice.offered
        by_id("deal-menu-kinds").innerHTML = "".join(
            f'<button type="button" data-action="deal-kind" data-kind="{escape(k)}" '
            f'aria-pressed="{"true" if k == kind else "false"}">{escape(label)}</button>'
            for k, label in choice.kinds
        )
        by_id("deal-menu-note").textContent = choice.note
        select = row.querySelector("select")
        select.innerHTML = "".join(
            f'<option value="{escape(k)}"{" selected" if k == kind else ""}>{escape(label)}'
            "</option>" for k, label in choice.kinds
        )
        select.value = kind
        row.title = choice.note
        label = dict(choice.kinds).get(kind, "")
        for button in document.querySelectorAll('[data-action="new"]'):
            button.title = (tr("Deal new cards") if kind == "any"
                            else tr("Deal new cards: {kind}", kind=label.lower()))
        grade = assist.deal_badge(game.id, game.deal, game.options)
        badge.textContent = tr(grade) if grade else ""
        badge.hidden = not grade
        badge.dataset.grade = grade.lower()  # the English word: a key for the stylesheet
        badge.title = choice.note if grade else ""
