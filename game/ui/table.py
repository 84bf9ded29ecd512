"""What the people at a Kings in the Corner table are doing: selection, what a click or a
drop means, computer turns, undo within a turn, and whose hand the screen may show.
Pure Python (no browser), so it is tested in CPython; game/ui/table_view.py shows it.

Like session.Session for the solitaires, it never re-implements a rule: targets come
from `legal_moves()` and refusals from the engine's `check`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from ..engine import IllegalMove, Move
from ..games.kings_corner import (
    END_TURN,
    NEXT_HAND,
    SIDES,
    EndTurn,
    KingsCorner,
    NextHand,
    Play,
    Shift,
    Under,
    zone_of,
)
from ..i18n import LANGUAGES, mark, tr, tr_in

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternate colours in the fan
NAMES_KEY = "cardgames:settings:table-names"
COMPUTER_NAMES = (mark("Arthur"), mark("Guinevere"), mark("Lancelot"), mark("Morgana"),
                  mark("Merlin"), mark("Gawain"))  # English: shown with tr(name)
LEVEL_NAMES = {"1": mark("Easy"), "2": mark("Normal"), "3": mark("Hard")}
YOU = mark("You")
PLAYER_N = mark("Player {n}")


@lru_cache(maxsize=1)
def _default_name_forms() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """'You' and 'Player {n}' in every language: a saved name that is one of them was given
    by the page, not typed, so it is shown in the language of the moment."""
    yours, patterns = {YOU}, []
    for lang in LANGUAGES:
        yours.add(tr_in(lang, YOU))
        template = tr_in(lang, PLAYER_N)
        patterns.append(re.compile(re.escape(template).replace(re.escape("{n}"), r"[0-9]+")))
    return frozenset(yours), tuple(patterns)


def is_default_name(name: str) -> bool:
    yours, patterns = _default_name_forms()
    return name in yours or any(pattern.fullmatch(name) for pattern in patterns)


def stall_of(zone: str) -> str | None:
    """'side-N' -> 'N', 'corner-NE' -> 'NE'; None for other zones."""
    for prefix in ("side-", "corner-"):
        if zone.startswith(prefix):
            return zone[len(prefix):]
    return None


def sorted_hand(cards: list[str]) -> list[str]:
    """The fan's order: by suit in alternate colours, high to low within a suit."""
    ranks = "A23456789TJQK"
    return sorted(cards, key=lambda c: (SUIT_ORDER[c[1]], -ranks.index(c[0])))


@dataclass
class TableReply:
    moved: Move | None = None
    refused: str = ""
    refused_zone: str = ""
    changed: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Selection:
    """A card of the hand (`card`) or a whole side stall (`stall`), picked up."""

    card: str = ""
    stall: str = ""


class TableSession:
    def __init__(self, game: KingsCorner, redo: list[str] | None = None,
                 names: list[str] | None = None) -> None:
        self.game = game
        self.redo_stack: list[str] = list(redo or [])
        self.selected: Selection | None = None
        self.given = list(names or [])  # as typed (or saved); `names` is what shows
        self.shown_seat = self._first_viewer()  # whose hand the screen shows
        # a person must confirm before their hand shows (pass the device); on opening a
        # table of several people nobody knows who holds the device, so it starts hidden
        self.hidden = len(self.people()) > 1

    @staticmethod
    def default_names(players: str, names: list[str] | None) -> list[str]:
        """A name per seat: those given (people's, trimmed), else 'You' for a lone person,
        'Player 2' among several, and a knight of the round table for a computer; in the
        language of the moment (a saved 'You' or 'Player 2' in any language is a default)."""
        names = list(names or [])
        people = [seat for seat, kind in enumerate(players) if kind == "h"]
        computers = iter(COMPUTER_NAMES)
        result = []
        for seat, kind in enumerate(players):
            given = names[seat].strip()[:20] if seat < len(names) and isinstance(
                names[seat], str) else ""
            if kind != "h":
                result.append(tr(next(computers)))
            elif given and not is_default_name(given):
                result.append(given)
            elif len(people) == 1:
                result.append(tr(YOU))
            else:
                result.append(tr(PLAYER_N, n=people.index(seat) + 1))
        return result

    @property
    def names(self) -> list[str]:
        return self.default_names(self.game.players, self.given)

    def is_you(self, seat: int) -> bool:
        """The one person at a table of computers, named by the page ('Your turn')."""
        return self.is_person(seat) and self.names[seat] == tr(YOU)

    guarded = False  # no Guard mode at a table

    # -- who is who --------------------------------------------------------------------------

    @property
    def players(self) -> str:
        return self.game.players

    def is_person(self, seat: int) -> bool:
        return self.players[seat] == "h"

    def people(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.players) if kind == "h"]

    def _first_viewer(self) -> int:
        game = self.game
        if self.is_person(game.to_move):
            return game.to_move
        return self.people()[0] if self.people() else 0

    def computer_to_move(self) -> bool:
        game = self.game
        return (not game.is_over() and game.hand_over is None
                and not self.is_person(game.to_move))

    def persons_turn(self) -> bool:
        game = self.game
        return (not game.is_over() and game.hand_over is None and self.is_person(game.to_move)
                and game.to_move == self.shown_seat and not self.hidden)

    def level_of(self, seat: int) -> str:
        level = LEVEL_NAMES.get(self.players[seat])
        return tr(level) if level else ""

    # -- computer turns ------------------------------------------------------------------

    def computer_move(self) -> Move:
        """The next move of the computer seat to move, decided from its view only."""
        from ..ai.kings_corner import LEVEL_OF, choose  # only tables need the players

        game = self.game
        seat = game.to_move
        rng = random.Random(f"{game.deal}:{len(game.move_stack)}")
        return choose(game.view(seat), LEVEL_OF[self.players[seat]], rng)

    def step_computer(self) -> TableReply:
        if not self.computer_to_move():
            return TableReply()
        reply = self.play(self.computer_move(), own=False)
        self.redo_stack.clear()
        return reply

    # -- what the person may do ------------------------------------------------------------

    def can_undo(self) -> bool:
        """Only the person's own plays of the turn being played are taken back."""
        game = self.game
        if not game.move_stack or not self.is_person(game.to_move) or game.is_over():
            return False
        last = game.move_stack[-1]
        return isinstance(last, (Play, Shift, Under)) and (game.hand_over is None
                                                             or game.hand_over.winner
                                                             == game.to_move)

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and self.persons_turn()

    def targets(self) -> list[str]:
        """Zones the selection may go to."""
        return sorted(self._moves_for(self.selected)) if self.selected else []

    def _moves_for(self, selection: Selection) -> dict[str, Move]:
        moves: dict[str, Move] = {}
        for move in self.game.legal_moves():
            if selection.card and isinstance(move, (Play, Under)) and move.card == selection.card:
                if isinstance(move, Under) and zone_of(move.stall) in moves:
                    continue  # on and under the same stall: a drop there plays on it
                moves[zone_of(move.stall)] = move
            elif selection.stall and isinstance(move, Shift) and move.src == selection.stall:
                moves[zone_of(move.dst)] = move
        return moves

    def touch_card(self, card: str) -> TableReply:
        """A click on a card of the shown hand."""
        if not self.persons_turn() or card not in self.game.hands[self.shown_seat]:
            return TableReply()
        if self.selected == Selection(card=card):
            self.selected = None
            return TableReply()
        return self._select(Selection(card=card), f"hand-{self.shown_seat}")

    def touch_stall(self, zone: str) -> TableReply:
        """A click on a stall (a card on it or its empty place)."""
        stall = stall_of(zone)
        if stall is None or not self.persons_turn():
            return TableReply()
        selected, self.selected = self.selected, None
        if selected:
            move = self._moves_for(selected).get(zone)
            if move is not None:
                return self.play(move)
            if selected.stall == stall:
                return TableReply()
            if not selected.card and stall in SIDES and self.game.stalls[stall]:
                return self._select(Selection(stall=stall), zone)
            return TableReply(refused=self.why_not(selected, zone), refused_zone=zone)
        if stall in SIDES and self.game.stalls[stall]:
            return self._select(Selection(stall=stall), zone)
        return TableReply()

    def drop(self, selection: Selection, zone: str | None) -> TableReply:
        self.selected = None
        if zone is None or not self.persons_turn() or stall_of(zone) is None:
            return TableReply()
        move = self._moves_for(selection).get(zone)
        if move is not None:
            return self.play(move)
        if selection.stall and zone == zone_of(selection.stall):
            return TableReply()
        return TableReply(refused=self.why_not(selection, zone), refused_zone=zone)

    def why_not(self, selection: Selection, zone: str) -> str:
        stall = stall_of(zone)
        move: Move = (Play(selection.card, stall) if selection.card
                      else Shift(selection.stall, stall))
        try:
            self.game.check(move)
        except IllegalMove as error:
            return str(error)
        return tr("That play is not allowed.")

    def _select(self, selection: Selection, zone: str) -> TableReply:
        moves = self._moves_for(selection)
        if not moves:
            text = (tr("That card has nowhere to go.") if selection.card
                    else tr("That stall has nowhere to go."))
            return TableReply(refused=text, refused_zone=zone)
        if len(moves) == 1:
            return self.play(next(iter(moves.values())))
        self.selected = selection
        return TableReply()

    def cancel(self) -> TableReply:
        self.selected = None
        return TableReply()

    # -- moves -------------------------------------------------------------------------

    def play(self, move: Move, own: bool = True) -> TableReply:
        game = self.game
        mover = game.to_move
        try:
            game.push(move)
        except IllegalMove as error:
            return TableReply(refused=str(error))
        self.selected = None
        if own:
            text = str(move)
            if self.redo_stack and self.redo_stack[-1] == text:
                self.redo_stack.pop()
            else:
                self.redo_stack.clear()
        self._after_move(mover)
        return TableReply(moved=move, changed=True)

    def _after_move(self, mover: int) -> None:
        """Whose hand shows now: passing from one person to another hides it first."""
        game = self.game
        if game.is_over() or game.hand_over is not None:
            self.hidden = False
            return
        nxt = game.to_move
        several = len(self.people()) > 1
        if several and self.is_person(mover) and nxt != mover:
            self.hidden = True  # the device changes hands: no hand shows in between
        if self.is_person(nxt) and nxt != self.shown_seat:
            self.hidden = several  # pass the device: hide, then confirm
            self.shown_seat = nxt

    def reveal(self) -> TableReply:
        """The person whose turn it is has the device: show their hand."""
        self.hidden = False
        return TableReply(changed=True)

    def end_turn(self) -> TableReply:
        if not self.persons_turn():
            return TableReply()
        self.redo_stack.clear()
        return self.play(END_TURN, own=False)

    def next_hand(self) -> TableReply:
        if self.game.hand_over is None or self.game.is_over():
            return TableReply()
        reply = self.play(NEXT_HAND, own=False)
        self.redo_stack.clear()
        if self.is_person(self.game.to_move):
            self.shown_seat = self.game.to_move
            self.hidden = len(self.people()) > 1
        return reply

    def undo(self) -> TableReply:
        if not self.can_undo():
            return TableReply()
        self.selected = None
        self.redo_stack.append(str(self.game.pop()))
        return TableReply(changed=True)

    def redo(self) -> TableReply:
        if not self.can_redo():
            return TableReply()
        text = self.redo_stack.pop()
        try:
            move = self.game.parse_move(text)
        except ValueError:
            self.redo_stack.clear()
            return TableReply()
        reply = self.play(move, own=False)
        if reply.refused:
            self.redo_stack.clear()
        return reply

    def give_up(self) -> TableReply:
        if self.game.is_over():
            return TableReply()
        self.selected = None
        self.game.resign()
        self.redo_stack.clear()
        return TableReply(changed=True)

    def is_turn_end(self, move: Move | None) -> bool:
        return isinstance(move, (EndTurn, NextHand))

    def to_record(self) -> dict:
        record = self.game.to_save()
        record["redo"] = list(self.redo_stack)
        record["names"] = list(self.names)
        return record


SEAT_KINDS = (("", mark("empty")), ("h", mark("Person")), ("1", mark("Computer: Easy")),
              ("2", mark("Computer: Normal")), ("3", mark("Computer: Hard")))


def setup_form(players: str, names: list[str], options: dict) -> str:
    """The set-up dialog's fields: seats (a kind and a name each), rules and options."""
    rows = []
    placeholder = escape(tr("name (people)"))
    for seat in range(6):
        kind = players[seat] if seat < len(players) else ""
        name = names[seat] if seat < len(names) else ""
        choices = "".join(
            f'<option value="{value}"{" selected" if value == kind else ""}>'
            f"{escape(tr(label))}</option>"
            for value, label in SEAT_KINDS
            if not (seat < 2 and value == "")
        )
        seat_text = escape(tr("Seat {n}", n=seat + 1))
        rows.append(
            f'<div class="setup-seat"><span class="setup-n">{seat_text}</span>'
            f'<select name="seat-{seat}" aria-label="{seat_text}">{choices}</select>'
            f'<input name="name-{seat}" maxlength="20" placeholder="{placeholder}" '
            f'value="{escape(name)}" '
            f'aria-label="{escape(tr("Name at seat {n}", n=seat + 1))}"></div>'
        )
    rules = options.get("rules", "jax")

    def radio(value: str, label: str) -> str:
        checked = " checked" if rules == value else ""
        return (f'<label><input type="radio" name="rules" value="{value}"{checked}> '
                f"{escape(label)}</label>")

    def check(name: str, label: str) -> str:
        checked = " checked" if options.get(name) else ""
        return (f'<label><input type="checkbox" name="{name}"{checked}> '
                f"{escape(label)}</label>")

    draw2 = " checked" if options.get("draw") == 2 else ""
    match = int(options.get("match", 0) or 0)
    number = (f'<input type="number" name="match" min="0" max="1000" step="10" '
              f'value="{match}">')
    before, _, after = tr("match to {number} penalty points (0: one hand)").partition(
        "{number}")  # the number field sits inside the sentence
    return (
        f'<fieldset><legend>{escape(tr("Seats"))}</legend>{"".join(rows)}</fieldset>'
        f'<fieldset><legend>{escape(tr("Rules"))}</legend>'
        f'{radio("jax", tr("Jax: chips and a pot, first to 100"))}'
        f'{radio("classic", tr("Classic: first to empty their hand"))}'
        '<div class="setup-classic">'
        f'<label><input type="checkbox" name="draw2"{draw2}> '
        f'{escape(tr("draw two cards"))}</label>'
        f'{check("draw_end", tr("draw at the end of the turn"))}'
        f'{check("under", tr("play under the rows"))}'
        f'<label>{escape(before)}{number}{escape(after)}</label></div></fieldset>'
    )


def read_setup(values: dict) -> tuple[dict, list[str]]:
    """Options and names from the set-up form's values (name -> text)."""
    players, names = "", []
    for seat in range(6):
        kind = values.get(f"seat-{seat}", "")
        if kind in LEVEL_NAMES or kind == "h":
            players += kind
            names.append(values.get(f"name-{seat}", "").strip()[:20])
    options: dict = {"players": players}
    if values.get("rules") == "classic":
        options["rules"] = "classic"
        if values.get("draw2"):
            options["draw"] = 2
        if values.get("draw_end"):
            options["draw_end"] = True
        if values.get("under"):
            options["under"] = True
        try:
            match = int(values.get("match") or 0)
        except ValueError:
            match = 0
        if 0 < match <= 1000:
            options["match"] = match
    return options, names
