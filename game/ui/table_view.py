"""A Kings in the Corner table on the page: seats, the shown hand, computer turns played
card by card at the chosen pace, pass-the-device, the hand and match summaries, and the
"Seats & rules" dialog.

The decisions live in table.TableSession (pure, tested in CPython); this view shows them.
It is the table's GamePage.view: made once, when the first table opens, it acts only
while a table is shown, listening to the page's events. The board (keyed card nodes,
FLIP moves) is the same Board the patiences use; which hands it shows changes with the
person at the screen (TableSession.zones and hidden).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pyscript import document

from ..games.kings_corner import JAX_TARGET
from ..i18n import mark, tr
from .dom import Written, after, by_id, move_ms
from .opening import random_deal
from .table import NAMES_KEY, TableSession
from .table_setup import read_setup, setup_form
from .urlstate import game_query

if TYPE_CHECKING:
    from .page import Page
    from .session import Reply

PACE_MS = {"slow": 1100, "normal": 650, "fast": 250}
HURRY_MS = 40
LOG_TURNS = 5  # the computers' turns the table's log keeps, the latest first
PACE_KEY = "cardgames:settings:pace"


def hand_name(session: TableSession, seat: int) -> str:
    """How a hand is named to a screen reader: 'Your hand' for the one shown, else its
    player's ('Arthur's hand')."""
    if seat == session.shown_seat and not session.hidden_hand:
        return tr("Your hand")
    return tr("{name}'s hand", name=session.player_names[seat])


class TableView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.parts = page.parts  # the table's page parts: this view acts while they show
        self.stepping: int | None = None  # the computer's next move, waiting (its session)
        self.hurry = False
        self.summary_shown_for = -1  # the hand whose summary was last shown
        self.seat_el: dict[int, object] = {}
        self.seat_shown = Written()  # (seat, part) -> what refresh last wrote there
        self.tray_shown = Written()  # Hurry up's and the passing note's `hidden`, likewise
        self.seated_for = -1  # the seat shown at the bottom when the seats were last placed
        self.board = None  # the board whose seats these are
        self.log_el = None  # its log of the computers' turns
        pace = page.store.read(PACE_KEY)
        self.pace = pace if pace in PACE_MS else "normal"
        page.on("opened", self.opened)
        page.on("shown", self.after_change)
        page.on("rendering", self._seating)
        page.on("refreshed", self.refresh)
        page.on("changed", self._changed)
        page.on("setting", self._setting)
        page.on("turn-told", self._log)
        page.handle("hurry", self._hurry)
        page.handle("setup", self.show_setup)
        page.handle("start-table", self.start_table)
        page.handle("start-table-confirmed", lambda: self.start_table(confirmed=True))

    @property
    def session(self) -> TableSession | None:
        """The table's session while a table is shown, else None. A new board (a table
        opened) is taken up on first use: its seats, and nothing left of the last one."""
        page = self.page
        if page.parts is not self.parts or page.board is None:
            return None
        if self.board is not page.board:
            self._bind()
        return page.session

    def _bind(self) -> None:
        self.board = self.page.board
        root = self.page.board_el
        self.stepping = None
        self.hurry = False
        self.summary_shown_for = -1
        self.seated_for = -1
        self.seat_el = {int(el.dataset.seat): el for el in root.querySelectorAll(".seat")}
        self.seat_shown = Written()
        self.tray_shown = Written()
        select = root.querySelector('select[data-setting="pace"]')
        select.value = self.pace  # its changes come through the page's "setting" event
        self.log_el = root.querySelector(".kt-log")

    def opened(self) -> None:
        """A table is shown: a new match takes the names last given. Another game: the
        last table's board and seats are let go."""
        session = self.session
        if session is None:
            self.board, self.seat_el = None, {}
            return
        record = self.page.record
        if record is None or record.names is None:  # a new match: the names last given
            stored = self.page.store.read(NAMES_KEY) or ""
            session.given = stored.split("\n") if stored else []
        self._seating()
        self.page.refresh()  # (the status line names the players too)

    # -- showing ------------------------------------------------------------------------

    def _seating(self) -> None:
        """The shown person's seat at the bottom, the others across the top in seat order
        (only when the device changes hands)."""
        session = self.session
        if session is None or session.shown_seat == self.seated_for or not self.seat_el:
            return
        shown = self.seated_for = session.shown_seat
        root = self.page.board_el
        me = root.querySelector(".kt-me")
        opponents = root.querySelector(".kt-opponents")
        for seat in sorted(self.seat_el):
            element = self.seat_el[seat]
            element.classList.toggle("me", seat == shown)
            if seat == shown:
                me.prepend(element)
            else:
                opponents.append(element)

    def refresh(self) -> None:
        session = self.session
        if session is None or not self.seat_el:
            return
        game = session.game
        board = self.page.board
        jax = game.jax
        names = session.player_names
        jax_score = jax or game.options["match"]
        for seat, element in self.seat_el.items():
            shown = {
                ".seat-name": names[seat],
                ".seat-level": tr("Person") if session.is_person(seat)
                else session.level_of(seat),
                ".seat-chips": str(game.chips[seat]) if jax else "",  # units come from CSS
                ".seat-score": str(game.scores[seat]) if jax_score else "",
                "unit": ("points" if jax else "penalty",  # (css: the short unit)
                         tr("points") if jax else tr("penalty"), tr("pts")),
                "hand": hand_name(session, seat),
                "to-move": game.to_move == seat and not game.is_over()
                and game.hand_over is None,
                "dealer": game.dealer == seat,
                # the shown seat's hand while the device changes hands: its back and
                # count, as the opponents' hands show (css/games/kings-corner.css)
                "face-down": seat == session.shown_seat and session.hidden_hand,
            }
            # Each part is written only when it changed: refresh runs after every move, the
            # computers' too, and a text written again is a new text node, styled and laid
            # out again (a turn passing changed only the two seats' `to-move`).
            for part, value in shown.items():
                if not self.seat_shown.changed((seat, part), value):
                    continue
                if part.startswith("."):
                    element.querySelector(part).textContent = value
                elif part == "unit":
                    dataset = element.querySelector(".seat-score").dataset
                    dataset.kind, dataset.unit, dataset.short = value
                elif part == "hand":
                    board.set_label(f"hand-{seat}", value)
                else:
                    element.classList.toggle(part, value)
        root = self.page.board_el
        hurry = session.computer_to_move()
        if self.tray_shown.changed("hurry", hurry):  # (written again, it restyles)
            root.querySelector('[data-action="hurry"]').hidden = not hurry
        passing = root.querySelector(".kt-pass")
        if self.tray_shown.changed("pass", session.hidden_hand):
            passing.hidden = not session.hidden_hand
        if session.hidden_hand:
            if session.computer_to_move():
                text = tr("Hands stay hidden while the computer players play.")
            else:
                text = tr("Pass the device to {name}; the other players look away.",
                          name=names[session.shown_seat])
            passing.querySelector(".kt-pass-text").textContent = text

    def _log(self, sentence: str) -> None:
        """The computers' last turns, in words, beside the hand: Hurry up and a fast pace
        change the tray at a glance; the log says what happened (the live region has
        already said it to a screen reader, so the log is not live)."""
        if self.session is None or self.log_el is None:
            return
        entry = document.createElement("li")
        entry.textContent = sentence
        self.log_el.prepend(entry)
        while self.log_el.children.length > LOG_TURNS:
            self.log_el.lastElementChild.remove()
        self.log_el.parentElement.hidden = False

    # -- input --------------------------------------------------------------------------

    def _hurry(self) -> None:
        if self.session is not None:
            self.hurry = True

    def _setting(self, name: str, value: str) -> None:
        if name == "pace" and value in PACE_MS:
            self.pace = value
            self.page.store.write(PACE_KEY, self.pace)

    # -- computer turns -------------------------------------------------------------------

    def _changed(self, reply: Reply, _before) -> None:
        if reply.changed:
            self.after_change()

    def after_change(self) -> None:
        """What follows a change: the hand's summary, the match's end, computer turns."""
        session = self.session
        if session is None:
            return
        game = session.game
        if session.is_person(game.to_move) or game.hand_over is not None:
            self.hurry = False
        if game.hand_over is not None and self.summary_shown_for != game.hand_over.number:
            self.summary_shown_for = game.hand_over.number
            after(move_ms() + 150, self._show_summary)
            return
        self.schedule()

    def schedule(self) -> None:
        session = self.session
        if self.stepping is not None or session is None or not session.computer_to_move():
            return
        self.stepping = id(session)
        after(HURRY_MS if self.hurry else PACE_MS[self.pace], self._step)

    def _step(self, *_args) -> None:
        stepping, self.stepping = self.stepping, None
        session = self.session
        if session is None or id(session) != stepping:
            return  # the page moved on to another game
        self.page.apply(session.step_computer())

    # -- the set-up dialog -------------------------------------------------------------------

    def show_setup(self) -> None:
        session = self.session
        if session is None:
            return
        game = session.game
        names = [name if kind == "h" else "" for kind, name in  # computers keep theirs
                 zip(game.players, session.player_names, strict=True)]
        by_id("setup-form").innerHTML = setup_form(game.players, names, game.options)
        classic = document.querySelector("#setup-form .setup-classic")
        jax = document.querySelector('#setup-form input[value="jax"]')
        classic.inert = bool(jax.checked)  # the classic options are out of reach under Jax
        by_id("setup-dialog").showModal()

    def start_table(self, confirmed: bool = False) -> None:
        """A new match with the seats and rules of the set-up form; asked first when it
        would throw an unfinished match away (the set-up dialog stays open under it)."""
        page = self.page
        form = by_id("setup-form")
        values = {}
        for field in form.querySelectorAll("select, input"):
            if str(field.type) in ("radio", "checkbox"):
                if field.checked:
                    values[str(field.name)] = str(field.value)
            else:
                values[str(field.name)] = str(field.value)
        options, names = read_setup(values)
        if len(options["players"]) < 2:
            page.toast(tr("A table needs at least two seats."))
            return
        if not confirmed and page.ask_to_leave(
            "start-table-confirmed", tr("Leave this match?"),
            tr("It is not over: a new match counts it as lost."), tr("Start a new match"),
        ):
            return
        page.store.write(NAMES_KEY, "\n".join(names))
        page.close_dialogs()
        page.emit("leaving")  # a match left unfinished counts as lost
        page.navigate(game_query(page.info.id, random_deal(), options))

    # -- summaries ------------------------------------------------------------------------

    def _show_summary(self, *_args) -> None:
        session = self.session
        if session is None or session.game.hand_over is None:
            return
        self.show_summary()

    def show_summary(self) -> None:
        session, game = self.session, self.session.game
        result = game.hand_over
        over = game.is_over()
        title = by_id("hand-title")
        winner = session.player_names[result.winner]
        if over:
            best = game.winner()
            title.textContent = (tr("You won the match!") if best is not None
                                 and session.is_you(best)
                                 else tr("{name} wins the match", name=session.player_names[best]))
        else:
            you = session.is_you(result.winner)  # "You went out", not "You wins"
            if result.blocked:
                text = (mark("Round {n}: You win (blocked)") if you
                        else mark("Round {n}: {name} wins (blocked)"))
            else:
                text = (mark("Round {n}: You went out") if you
                        else mark("Round {n}: {name} went out"))
            title.textContent = tr(text, n=result.number + 1, name=winner)
        rows = []
        for seat in range(game.seats):
            points = result.points[seat]
            cells = [f"<th scope=\"row\">{escape(session.player_names[seat])}</th>",
                     f"<td>{result.cards_left[seat]}</td>"]
            if game.jax:
                cells.append(f"<td>{result.paid[seat] or '–'}</td>")
                cells.append(f"<td>{'+' + str(points) if points else '–'}</td>")
            else:
                cells.append(f"<td>{points or '–'}</td>")
            cells.append(f"<td><b>{game.scores[seat]}</b></td>")
            winning = ' class="winner"' if seat == result.winner else ""
            rows.append(f"<tr{winning}>{''.join(cells)}</tr>")
        if game.jax:
            head = [tr("Cards left"), tr("Paid"), tr("Won"), tr("Points")]
            note = tr("The pot held {pot} chips. First to {target} points wins.",
                      pot=result.pot, target=JAX_TARGET)
        else:
            head = [tr("Cards left"), tr("Penalty"), tr("Total")]
            note = (tr("Penalty: 10 per King, 1 per other card; lowest wins.")
                    if game.options["match"] else "")
        head = "".join(f"<th>{escape(word)}</th>" for word in head)
        note = escape(note)
        by_id("hand-summary").innerHTML = (
            f'<table class="hand-table"><thead><tr><th></th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table><p class=\"hand-note\">{note}</p>"
        )
        by_id("hand-next").hidden = over
        by_id("hand-new").hidden = not over
        dialog = by_id("hand-dialog")
        if not dialog.open:
            dialog.showModal()


