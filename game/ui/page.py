"""The page's one narrow interface (like chessground's api.ts): the game being shown, the
few things views may ask of the page, and the events they subscribe to. docs/architecture.md
("The page").

App (app.py) routes and opens games; every other view (statistics, settings, tabs, the
solver, hints, keyboard, the table, the announcer) receives this `Page`, never the App:
it reads `session`, `info`, `parts`, `board`, asks for `apply`, `say`, `toast`, `act`,
and listens with `on`:

    "opened"   a game is shown (its board is drawn; nothing is saved yet)
    "changed"  a reply changed or refused something (after the board and status show it);
               handler(reply, zones_before)
    "saving"   a record is about to be written; handler(record) -> True vetoes the write
               (another tab saved this game since); handlers may stamp the record
    "saved"    the record was written; handler(record)
    "home"     the game list is shown
    "turn-told" a computer player's turn is over and was said; handler(sentence)
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable

from pyscript import document, window

from ..engine import Game, GameInfo
from ..i18n import tr
from .assist import HintMarks
from .board import Board
from .dom import Written, after, after_paint, by_id, listen, missing
from .page_types import GamePage
from .record import SaveRecord
from .session import GameSession, Pick, Reply
from .status_bar import StatusBar
from .store import Store

DIALOGS = ("end-dialog", "rules-dialog", "confirm-dialog", "leave-dialog", "hand-dialog",
           "setup-dialog", "keys-dialog")
# Actions that leave a replay running: they only look, or steer the replay or the solver.
PASSIVE = frozenset({"close", "rules", "show-outcome", "copy-link", "replay-faster",
                     "solve", "solve-cancel", "settings"})
# Actions while a shared game is watched (watch_view.py): its own ("watch-..."), and looking.
WATCHING = frozenset({"close", "rules", "settings", "home", "copy-link"})


class Page:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.board_el = by_id("board")
        self.session: GameSession | None = None
        self.record: SaveRecord | None = None  # the save the game shown was resumed from
        self.info: GameInfo | None = None
        self.parts: GamePage | None = None
        self.board: Board | None = None
        self.key = ""  # the save slot of the game shown
        self.lifted: Pick | None = None  # cards being dragged
        self.demo_line: list[str] | None = None  # the last winning line replayed
        self.replaying = False  # a winning line is being replayed (solver_view)
        self.finishing = False  # "Finish the game" is playing the rest (finish_view)
        self.deal_in_next = False  # New deal: the next game shown is dealt in (Board.deal_in)
        self.watching = False  # a shared game is shown: nothing saved, no move taken
        self.written = Written()  # the line above the board, as shown
        self.daily: datetime.date | None = None  # the game shown is the deal of that day
        self.challenge: Game | None = None  # the sharer's game the one shown is to beat
        self.status = StatusBar(self)
        self.router: Callable[[str], None] = lambda query: None  # App.navigate
        self._handlers: dict[str, list[Callable]] = defaultdict(list)
        self._actions: dict[str, Callable[[], object]] = {}
        self._toast_serial = 0
        self.hint: HintMarks | None = None  # the hint shown until the position changes
        # A reply whose board waits for the next frame (act), with the session it is of.
        self._pending: tuple[GameSession, Reply] | None = None
        # The session whose last move is on screen but not stored yet (apply: its save
        # waits for the frame after the click; flush stores it sooner when needed).
        self._unsaved: GameSession | None = None
        listen(document, "visibilitychange", lambda *_args: self.flush())  # (no frames)
        listen(window, "pagehide", lambda *_args: self.flush())  # (where a page can go
        # without being hidden first: an older Safari)

    # -- events and actions --------------------------------------------------------------

    def on(self, event: str, handler: Callable) -> None:
        self._handlers[event].append(handler)

    def emit(self, event: str, *args) -> bool:
        """Call `event`'s handlers in the order they subscribed; one that returns True
        vetoes: the later ones are not called, and True is returned."""
        for handler in list(self._handlers[event]):  # (a view made now listens next time)
            if handler(*args) is True:
                return True
        return False

    def handle(self, action: str, handler: Callable[[], object]) -> None:
        """`handler` performs the button action `action` (data-action="...")."""
        self._actions[action] = handler

    def act(self, action: str) -> None:
        """A button, a key or a menu asks for `action`: its view's handler, else the
        session's own (End turn...). Anything but looking stops a replay first. While a
        shared game is watched, only looking and the viewer's own actions run."""
        self.flush()
        if self.watching and not (action in WATCHING or action.startswith("watch-")):
            return
        if action not in PASSIVE:
            self.stop_replay(quiet=action != "replay-stop")
        handler = self._actions.get(action)
        if handler is not None:
            handler()
        elif self.session is not None:
            reply = self.session.act(action)
            if reply is None:
                return
            if self.close_dialogs() and reply.changed:
                # A button of a dialog (a table's Next hand): the dialog goes in the click's
                # own frame and the board follows in the next, so the click is answered at
                # once, not after a whole new hand's style, paint and raster.
                self._pending = (self.session, reply)
                after_paint(self.flush)
            else:
                self.apply(reply, clicked=True)

    def flush(self) -> None:
        """Show and save a reply put off to the next frame (act), and store a move shown
        but not saved yet (apply), now: that frame came, or something else is about to read
        the board or the save or leave the game (a click, a key, another game, the tab
        hidden, which draws no frames and may be closed next)."""
        pending, self._pending = self._pending, None
        if pending is not None and pending[0] is self.session:
            self.apply(pending[1], clicked=True)
        self._save_shown()

    def stop_replay(self, quiet: bool = True) -> None:
        if self.replaying:
            self.emit("stop-replay", quiet)

    def navigate(self, query: str) -> None:
        """Go to another address of the site (App.navigate routes it)."""
        self.router(query)

    # -- input (pointer.py and keyboard.py call these) -------------------------------------

    def touch(self, zone: str, card: str | None, quick: bool = False) -> bool:
        """A click or tap on `card` of `zone` (None: beside its cards); whether it made a
        move. `quick`: the second click of a double-click whose first made a move, which
        plays a move or does nothing (it never picks up the card that refilled a cell, nor
        says why one cannot move)."""
        self.flush()
        self.stop_replay()
        session, board = self.session, self.board
        if session is None or board is None or self.watching:
            return False
        if card is None and session.touches_top and session.held() is None:
            shown = board.shown.get(zone)
            if shown:  # a press beside the cards of a zone (or where its top card is
                card = shown[-1]  # still landing) means its top card
        before = session.selected
        reply = session.touch(zone, card)
        if quick and reply.moved is None:
            session.selected = before
            return False
        self.apply(reply, clicked=True)
        return reply.moved is not None

    def lift(self, zone: str, card: str):
        """A drag starts on `card`: the card elements that follow the pointer, or None."""
        self.flush()
        self.stop_replay()
        session, board = self.session, self.board
        if session is None or board is None or self.watching:
            return None
        pick = session.lift(zone, card)
        if pick is None:
            return None
        self.lifted = pick
        shown = board.shown.get(zone, [])
        cards = [c for c in session.cards_of(pick) if c in shown]
        board.mark(selected_cards=cards, targets=sorted(session.moves_from(pick)))
        return [board.nodes[c] for c in cards]

    def drop(self, zone: str | None, elements) -> None:
        """The dragged cards were let go over `zone` (None: over no zone)."""
        if self.session is None:
            return
        pick, self.lifted = self.lifted, None
        cards = [str(element.dataset.card) for element in elements]
        self.apply(self.session.drop(pick, zone), force=cards, clicked=True)

    # -- the game shown ------------------------------------------------------------------

    def show(self, info: GameInfo, parts: GamePage, session: GameSession, key: str,
             record: SaveRecord | None) -> None:
        """Draw a game's board and status (App.open chose and opened it; `record` is the
        save it was resumed from, None for a new deal)."""
        self.flush()  # (the game shown before keeps its last move)
        self.info, self.parts, self.session, self.key = info, parts, session, key
        self.record = record
        self.lifted = None
        self.board_el.className = parts.board_class
        self.board_el.innerHTML = parts.board_html(session.game.options)
        self.board = Board(self.board_el, parts)
        self.close_dialogs()
        self.say("")  # nothing said about another game (or in another language) stays
        self.status.opened()
        self.render(animate=False)
        if self.deal_in_next and record is None:
            self.board.deal_in()  # New deal: the cards are dealt before the player's eyes
        self.deal_in_next = False
        self.refresh()
        self.emit("opened")

    def clear(self) -> None:
        """The game list: no game is shown."""
        self.flush()
        self.session = self.info = self.parts = self.board = None
        self.key = ""
        self.daily = self.challenge = None
        self.emit("home")

    def apply(self, reply: Reply, force=(), clicked: bool = False) -> None:
        """Show what an action did: the board, a refusal, notes, the status; say it; save a
        change, and open the end dialog when it ended the game. `clicked`: the player's own
        input (a click, a drop, a key, a button); its change is saved once the frame that
        shows it is drawn, so what the click needs on screen comes first. A change made by
        a timer (a computer's move, a replay) is saved at once: nothing waits for it."""
        if self.session is None or self.board is None:
            return
        before = self.board.last_zones
        if reply.changed:
            self.hint = None  # a hint holds until the position changes
        if reply.changed or force:
            self.render(force=force)
        if reply.refused:
            self.board.refuse(reply.refused_zone)
            self.say(self.parts.refusal_text(reply.refused), refusal=True)
        elif reply.changed:
            self.say("")
        for note in reply.notes:
            self.toast(note)
        self.refresh()
        self.emit("changed", reply, before)
        if reply.changed:
            # (at once: the end of a game, whose dialog shows what the save's statistics
            # count, and a hidden tab, which draws no frames and may be closed next)
            if clicked and not (self.session.game.is_over() or bool(document.hidden)):
                self._unsaved = self.session
                after_paint(self._save_shown)
            else:
                self.save()
            after_paint(self._moves_ahead)

    def _save_shown(self) -> None:
        """Store the move shown last (apply), if it is not stored yet and its game is still
        the one shown (another game is shown only after a flush, which stored it)."""
        unsaved, self._unsaved = self._unsaved, None
        if unsaved is not None and unsaved is self.session:
            self.save()

    def _moves_ahead(self) -> None:
        """The new position's legal moves, worked out once its frame is drawn rather than
        on the next click (in Devil's Grip some 300, with their gestures)."""
        if self.session is not None and not (self.replaying or self.finishing):
            self.session.game.legal_gestures()  # (a line played out: no click is coming)

    def render(self, animate: bool = True, force=()) -> None:
        session, board = self.session, self.board
        board.hidden = self.parts.hidden | session.hidden()
        turned = self.parts.turned_zone
        if turned:  # the stock's top card shows only while it is turned up to be placed
            board.top_only[turned] = 1 if session.status().turned else 0
        self.emit("rendering")  # (a table seats the player at the screen first)
        board.render(session.zones(), animate=animate, force=force)
        self.emit("rendered")

    def refresh(self) -> None:
        """Selection marks, buttons and the status line: everything cheap that follows the
        state."""
        session = self.session
        marks = session.marks()
        hint = self.hint_marks()
        self.board.mark(selected_cards=marks.selected, targets=marks.targets, swaps=marks.swaps,
                        hint_cards=hint.cards, hint_zones=hint.zones)
        self.status.refresh()
        self.emit("refreshed")

    def hint_marks(self) -> HintMarks:
        return self.hint or HintMarks()

    def save(self, unless: str | None = None) -> None:
        """Store the game (`unless`: the text it was just read from, see
        Store.save_record), after the "saving" listeners (another tab, the statistics)."""
        if self.watching:
            return  # a shared game is only watched: the player's own saves stay as they are
        session = self.session
        if self._unsaved is session:
            self._unsaved = None  # (saved here, not after the frame)
        record = session.record()
        if self.emit("saving", record):
            return  # another tab saved this game since: it was followed, not overwritten
        self.store.save_record(self.key, record, finished=session.game.is_over(),
                               unless=unless)
        problem = self.store.take_problem()
        if problem:
            self.toast(problem)
        self.emit("saved", record)

    # -- words ---------------------------------------------------------------------------

    def say(self, text: str, refusal: bool = False) -> None:
        """The line above the board (and the live region: the announcer listens)."""
        if self.written.changed("message", (text, refusal)):
            message = by_id("message")
            message.textContent = text
            message.classList.toggle("guard", refusal)
        self.emit("said", text)

    def toast(self, text: str) -> None:
        toast = by_id("toast")
        toast.textContent = text
        toast.classList.add("show")
        self._toast_serial += 1
        after(6000, self._hide_toast)

    def _hide_toast(self, *_args) -> None:
        self._toast_serial -= 1
        if self._toast_serial <= 0:
            by_id("toast").classList.remove("show")

    def ask_to_leave(self, action: str, title: str, text: str, button: str) -> bool:
        """Whether leaving the game shown must be asked first, as the best apps do (issue
        18): it is unfinished and the player has moved, so leaving counts it as lost. Then
        the leave dialog opens, its yes button (`button`) performing `action`."""
        session = self.session
        if session is None or session.game.is_over() or not session.has_moved():
            return False
        by_id("leave-title").textContent = title
        by_id("leave-text").textContent = text
        yes = by_id("leave-yes")
        yes.textContent = button
        yes.dataset.action = action
        dialog = by_id("leave-dialog")
        if not dialog.open:
            dialog.showModal()
        yes.focus()
        return True

    def close_dialogs(self) -> bool:
        """Close the page's dialogs; whether one was open."""
        closed = False
        for dialog_id in DIALOGS:
            dialog = by_id(dialog_id)
            if dialog.open:
                dialog.close()
                closed = True
        return closed

    def game_title(self) -> str:
        return tr(self.info.title) if self.info is not None else tr("Card Games")

    @staticmethod
    def dialog_open() -> bool:
        return not missing(document.querySelector("dialog[open]"))
