"""A Kings in the Corner table on the page: seats, stalls, the shown hand, computer turns
played card by card at the chosen pace, pass-the-device, and the hand and match summaries.

The decisions live in table.TableSession (pure, tested in CPython); this module shows
them and turns DOM events into its calls. The board (keyed card nodes, FLIP moves) is the
same Board the solitaires use; which hands it shows changes with the person at the screen.
"""

from __future__ import annotations

from html import escape

from pyscript import document

from ..games.kings_corner import JAX_TARGET, SIDES, zone_of
from ..i18n import mark, tr
from .dom import after, by_id, move_ms
from .table import Selection, TableReply, TableSession, sorted_hand, stall_of

PACE_MS = {"slow": 1100, "normal": 650, "fast": 250}
HURRY_MS = 40
PACE_KEY = "cardgames:settings:pace"


def hand_name(session: TableSession, seat: int) -> str:
    """How a hand is named to a screen reader: 'Your hand' for the one shown, else its
    player's ('Arthur's hand')."""
    if seat == session.shown_seat and not session.hidden:
        return tr("Your hand")
    return tr("{name}'s hand", name=session.names[seat])


class TableView:
    def __init__(self, app, session: TableSession) -> None:
        self.app = app
        self.session = session
        self.board = app.board
        self.root = app.board_el
        self.lifted: Selection | None = None
        self.stepping = False
        self.hurry = False
        self.summary_shown_for = -1  # the hand whose summary was last shown
        pace = app.store.read(PACE_KEY)
        self.pace = pace if pace in PACE_MS else "normal"
        select = self.root.querySelector('select[data-setting="pace"]')
        select.value = self.pace  # its changes come through App.on_change (one listener
        # for the page: a listener made here would keep every table ever opened alive)
        self.seat_el = {int(el.dataset.seat): el for el in self.root.querySelectorAll(".seat")}
        self.seated_for = -1  # the seat shown at the bottom when the seats were last placed

    # -- showing ------------------------------------------------------------------------

    def render(self, animate: bool = True, force=()) -> None:
        session, game = self.session, self.session.game
        shown = None if session.hidden else session.shown_seat
        self.board.hidden = frozenset(
            ["stock"] + [f"hand-{seat}" for seat in range(game.seats) if seat != shown]
        )
        zones = game.zones()
        if shown is not None:
            zones[f"hand-{shown}"] = sorted_hand(zones[f"hand-{shown}"])
        if session.shown_seat != self.seated_for:  # only when the device changes hands
            self._seat(session.shown_seat)
        self.board.render(zones, animate=animate, force=force)

    def _seat(self, shown: int) -> None:
        """The shown person's seat at the bottom, the others across the top in seat order."""
        self.seated_for = shown
        me = self.root.querySelector(".kt-me")
        opponents = self.root.querySelector(".kt-opponents")
        for seat in sorted(self.seat_el):
            element = self.seat_el[seat]
            element.classList.toggle("me", seat == shown)
            if seat == shown:
                me.prepend(element)
            else:
                opponents.append(element)

    def refresh(self) -> None:
        session, game = self.session, self.session.game
        jax = game.jax
        for seat, element in self.seat_el.items():
            element.querySelector(".seat-name").textContent = session.names[seat]
            self.board.set_label(f"hand-{seat}", hand_name(session, seat))
            kind = tr("Person") if session.is_person(seat) else session.level_of(seat)
            element.querySelector(".seat-level").textContent = kind
            chips = element.querySelector(".seat-chips")
            chips.textContent = str(game.chips[seat]) if jax else ""  # units come from CSS
            score = element.querySelector(".seat-score")
            score.textContent = str(game.scores[seat]) if jax or game.options["match"] else ""
            score.dataset.kind = "points" if jax else "penalty"  # (css: the short unit)
            score.dataset.unit = tr("points") if jax else tr("penalty")
            score.dataset.short = tr("pts")
            element.classList.toggle("to-move", game.to_move == seat and not game.is_over()
                                     and game.hand_over is None)
            element.classList.toggle("dealer", game.dealer == seat)
        selected_cards, targets = [], session.targets()
        if session.selected and session.selected.card:
            selected_cards = [session.selected.card]
        elif session.selected and session.selected.stall:
            zone = zone_of(session.selected.stall)
            selected_cards = list(self.board.shown.get(zone, []))
        self.board.mark(selected_cards=selected_cards, targets=targets)
        self._buttons()
        self._status()
        passing = self.root.querySelector(".kt-pass")
        passing.hidden = not session.hidden
        if session.hidden:
            if session.computer_to_move():
                text = tr("Hands stay hidden while the computer players play.")
            else:
                text = tr("Pass the device to {name}; the other players look away.",
                          name=session.names[session.shown_seat])
            passing.querySelector(".kt-pass-text").textContent = text

    def _buttons(self) -> None:
        session = self.session
        enabled = {
            "undo": session.can_undo(), "redo": session.can_redo(), "restart": False,
            "giveup": not session.game.is_over(), "end-turn": session.persons_turn(),
        }
        for action, on in enabled.items():
            for button in document.querySelectorAll(f'[data-action="{action}"]'):
                button.disabled = not on
        hurry = self.root.querySelector('[data-action="hurry"]')
        hurry.hidden = not session.computer_to_move()

    def _status(self) -> None:
        session, game = self.session, self.session.game
        seat = session.shown_seat
        if game.jax:
            label, value, most = tr("Points"), game.scores[seat], f" / {JAX_TARGET}"
        elif game.options["match"]:
            label, value, most = tr("Penalty"), game.scores[seat], f" / {game.options['match']}"
        else:
            label, value, most = tr("Cards in hand"), len(game.hands[seat]), ""
        by_id("score-label").textContent = label
        by_id("score").textContent = str(value)
        by_id("score-max").textContent = most
        by_id("pile-count").textContent = str(len(game.stock))
        by_id("rating").textContent = tr("Pot {n}", n=game.pot) if game.jax else ""
        by_id("prompt").textContent = self.prompt()

    def prompt(self) -> str:
        session, game = self.session, self.session.game
        if game.is_over():
            return ""
        if game.hand_over is not None:
            return tr("The hand is over.")
        name = session.names[game.to_move]
        if session.computer_to_move():
            return tr("{name} is playing…", name=name)
        if session.hidden:
            return tr("{name}'s turn: pass the device.", name=name)
        if session.is_you(game.to_move):
            return tr("Your turn: play cards, then End turn.")
        return tr("{name}, your turn: play cards, then End turn.", name=name)

    # -- input --------------------------------------------------------------------------

    def on_touch(self, zone: str, card: str | None) -> None:
        session = self.session
        if zone.startswith("hand-"):
            if card is not None:
                self.apply(session.touch_card(card))
            return
        if stall_of(zone) is not None:
            self.apply(session.touch_stall(zone))

    def on_lift(self, zone: str, card: str):
        session = self.session
        if not session.persons_turn():
            return None
        if zone == f"hand-{session.shown_seat}":
            selection = Selection(card=card)
        elif stall_of(zone) in SIDES and session.game.stalls[stall_of(zone)]:
            selection = Selection(stall=stall_of(zone))
        else:
            return None
        session.selected = None
        self.lifted = selection
        cards = [card] if selection.card else list(self.board.shown.get(zone, []))
        self.board.mark(selected_cards=cards, targets=sorted(session._moves_for(selection)))
        return [self.board.nodes[c] for c in cards]

    def on_drop(self, zone: str | None, elements) -> None:
        cards = [str(element.dataset.card) for element in elements]
        if self.lifted is None:
            return
        selection, self.lifted = self.lifted, None
        self.apply(self.session.drop(selection, zone), force=cards)

    def act(self, action: str) -> bool:
        """Buttons of the table; True when the action was the table's."""
        session = self.session
        handlers = {
            "undo": session.undo, "redo": session.redo, "end-turn": session.end_turn,
            "reveal": session.reveal, "confirm-giveup": session.give_up,
        }
        if action in handlers:
            self.app.close_dialogs()
            self.apply(handlers[action](), kind=action if action in ("undo", "redo") else "")
            return True
        if action == "restart":
            return True
        if action == "hurry":
            self.hurry = True
            return True
        if action == "next-hand":
            self.app.close_dialogs()
            self.apply(session.next_hand())
            return True
        if action == "setup":
            self.app.show_setup()
            return True
        return False

    def on_pace(self, event) -> None:
        self.pace = str(event.target.value)
        self.app.store.write(PACE_KEY, self.pace)

    def apply(self, reply: TableReply, force=(), kind: str = "", mover: int | None = None) -> None:
        """Show a reply; `kind` and `mover` (the seat of a computer's move) are for the live
        region, which says a computer's turn once it is over (keyboard.Announcer)."""
        before = self.board.last_zones
        if reply.changed or force:
            self.render(force=force)
        if reply.refused:
            self.board.refuse(reply.refused_zone)
            self.app.say(reply.refused, guard=True)
        elif reply.changed:
            self.app.say("")
        self.refresh()
        self.app.announcer.reply(reply, before, kind, mover)
        if reply.changed:
            self.app.save()
            self.after_change()

    def after_change(self) -> None:
        """What follows a change: the hand's summary, the match's end, computer turns."""
        game = self.session.game
        if self.session.is_person(game.to_move) or game.hand_over is not None:
            self.hurry = False
        if game.is_over():  # won, or given up (with no summary then): marked all the same
            self.app.mark_outcome()
        if game.hand_over is not None and self.summary_shown_for != game.hand_over.number:
            self.summary_shown_for = game.hand_over.number
            after(move_ms() + 150, self._show_summary)
            return
        self.schedule()

    def schedule(self) -> None:
        if self.stepping or not self.session.computer_to_move():
            return
        self.stepping = True
        after(HURRY_MS if self.hurry else PACE_MS[self.pace], self._step)

    def _step(self, *_args) -> None:
        self.stepping = False
        if self.app.table is not self:
            return  # the page moved on to another game
        mover = self.session.game.to_move
        self.apply(self.session.step_computer(), kind="computer", mover=mover)

    # -- summaries ------------------------------------------------------------------------

    def _show_summary(self, *_args) -> None:
        if self.app.table is not self or self.session.game.hand_over is None:
            return
        self.show_summary()

    def show_summary(self) -> None:
        session, game = self.session, self.session.game
        result = game.hand_over
        over = game.is_over()
        title = by_id("hand-title")
        winner = session.names[result.winner]
        if over:
            best = game.winner()
            title.textContent = (tr("You won the match!") if best is not None
                                 and session.is_you(best)
                                 else tr("{name} wins the match", name=session.names[best]))
        else:
            you = session.is_you(result.winner)  # "You went out", not "You wins"
            if result.blocked:
                text = (mark("Hand {n}: You win (blocked)") if you
                        else mark("Hand {n}: {name} wins (blocked)"))
            else:
                text = mark("Hand {n}: You went out") if you else mark("Hand {n}: {name} went out")
            title.textContent = tr(text, n=result.number + 1, name=winner)
        rows = []
        for seat in range(game.seats):
            points = result.points[seat]
            cells = [f"<th scope=\"row\">{escape(session.names[seat])}</th>",
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


