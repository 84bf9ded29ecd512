"""What the people at a Kings in the Corner table are doing: the card or stall picked up,
what a click or a drop means, computer turns, undo within a turn, and whose hand the
screen may show. Pure Python (no browser), tested in CPython; game/ui/table_view.py shows
it. Like every session it never re-implements a rule: targets come from the legal moves'
gestures and refusals from the engine.
"""

from __future__ import annotations

import dataclasses
import random
import re
from functools import lru_cache

from ..engine import Kind, Move, Status
from ..games.kings_corner import END_TURN, NEXT_HAND, SIDES, KingsCorner, stall_of
from ..i18n import LANGUAGES, language, mark, tr, tr_in
from .session import GameSession, Pick, Reply

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


def sorted_hand(cards: list[str]) -> list[str]:
    """The fan's order: by suit in alternate colours, high to low within a suit."""
    ranks = "A23456789TJQK"
    return sorted(cards, key=lambda c: (SUIT_ORDER[c[1]], -ranks.index(c[0])))


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


class TableSession(GameSession):
    game: KingsCorner
    # the counter counts the hands of the match, said "Round" beside "Cards in hand" (issue 18)
    moves_label = mark("[a hand of the match] Round")
    touches_top = False  # a press beside the cards of a hand picks no card

    def __init__(self, game: KingsCorner, redo: list[str] | None = None,
                 names: list[str] | None = None) -> None:
        super().__init__(game, redo)
        self.given = list(names or [])  # as typed (or saved); `player_names` is what shows
        self._names: tuple[tuple, list[str]] = ((), [])  # (what they were made for, names)
        self.shown_seat = self._first_viewer()  # whose hand the screen shows
        # a person must confirm before their hand shows (pass the device); on opening a
        # table of several people nobody knows who holds the device, so it starts hidden
        self.hidden_hand = len(self.people()) > 1

    @property
    def player_names(self) -> list[str]:
        """The seats' names (`default_names`), made again only when the language or the
        names given change: a move's refresh asks for them a dozen times."""
        key = (language(), self.game.players, tuple(self.given))
        if self._names[0] != key:
            self._names = (key, default_names(self.game.players, self.given))
        return list(self._names[1])

    def names(self) -> list[str] | None:
        return list(self.player_names)

    def is_you(self, seat: int) -> bool:
        """The one person at a table of computers, named by the page ('Your turn')."""
        return self.is_person(seat) and self.player_names[seat] == tr(YOU)

    # -- who is who --------------------------------------------------------------------------

    @property
    def players(self) -> str:
        return self.game.players

    def is_person(self, seat: int) -> bool:
        return self.players[seat] == "h"

    def people(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.players) if kind == "h"]

    def first_person(self) -> int | None:
        """The seat of 'you' at the table: its first person (None: computers only)."""
        people = self.people()
        return people[0] if people else None

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
                and game.to_move == self.shown_seat and not self.hidden_hand)

    def turn_over(self, seat: int) -> bool:
        game = self.game
        return game.to_move != seat or game.hand_over is not None or game.is_over()

    def own_zone(self, seat: int) -> str | None:
        return f"hand-{seat}"

    def level_of(self, seat: int) -> str:
        level = LEVEL_NAMES.get(self.players[seat])
        return tr(level) if level else ""

    # -- what shows --------------------------------------------------------------------------

    def zones(self) -> dict[str, list[str]]:
        zones = self.game.zones()
        if not self.hidden_hand:
            hand = f"hand-{self.shown_seat}"
            zones[hand] = sorted_hand(zones[hand])
        return zones

    def hidden(self) -> frozenset[str]:
        shown = None if self.hidden_hand else self.shown_seat
        return frozenset(f"hand-{seat}" for seat in range(self.game.seats) if seat != shown)

    def status(self) -> Status:
        return dataclasses.replace(self.game.status_for(self.shown_seat), prompt=self.prompt())

    def prompt(self) -> str:
        game = self.game
        if game.is_over():
            return ""
        if game.hand_over is not None:
            return tr("The hand is over.")
        name = self.player_names[game.to_move]
        if self.computer_to_move():
            return tr("{name} is playing…", name=name)
        if self.hidden_hand:
            return tr("{name}'s turn: pass the device.", name=name)
        if self.is_you(game.to_move):
            return tr("Your turn: play cards, then End turn.")
        return tr("{name}, your turn: play cards, then End turn.", name=name)

    # -- computer turns ------------------------------------------------------------------

    def computer_move(self) -> Move:
        """The next move of the computer seat to move, decided from its view only."""
        from ..ai.kings_corner import LEVEL_OF, choose  # only tables need the players

        game = self.game
        seat = game.to_move
        rng = random.Random(f"{game.deal}:{len(game.move_stack)}")
        return choose(game.view(seat), LEVEL_OF[self.players[seat]], rng)

    def step_computer(self) -> Reply:
        if not self.computer_to_move():
            return Reply()
        mover = self.game.to_move
        reply = self.play(self.computer_move(), own=False)
        self.redo_stack.clear()
        reply.kind, reply.mover = "computer", mover
        return reply

    # -- what the person may do ------------------------------------------------------------

    def can_undo(self) -> bool:
        """Only the person's own plays of the turn being played are taken back."""
        game = self.game
        if not game.move_stack or not self.is_person(game.to_move) or game.is_over():
            return False
        kind = game.move_stack[-1].gesture.kind
        return kind in (Kind.BUILD, Kind.UNDER) and (game.hand_over is None
                                                     or game.hand_over.winner == game.to_move)

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and self.persons_turn()

    def can_restart(self) -> bool:
        return False

    def may_pick(self) -> bool:
        return self.persons_turn()

    def pick_at(self, zone: str, card: str | None) -> Pick | None:
        """A card of the shown hand, or a whole side stall (its ends show, it moves whole)."""
        if zone == f"hand-{self.shown_seat}":
            return Pick(zone, 1, card) if card in self.game.hands[self.shown_seat] else None
        stall = stall_of(zone)
        if stall in SIDES and self.game.stalls[stall]:
            return Pick(zone, len(self.game.stalls[stall]))
        return None

    def touch(self, zone: str, card: str | None) -> Reply:
        if not self.persons_turn():
            return Reply()
        if zone.startswith("hand-"):
            pick = self.pick_at(zone, card)
            if pick is None or not pick.card:
                return Reply()
            if self.selected == pick:
                self.selected = None
                return Reply()
            return self.select(pick)
        if stall_of(zone) is None:
            return Reply()
        held, self.selected = self.selected, None
        pick = self.pick_at(zone, None)
        if held:
            move = self.moves_from(held).get(zone)
            if move is not None:
                return self.play(move)
            if held.zone == zone:
                return Reply()
            if not held.card and pick is not None:
                return self.select(pick)
            return self.refuse(held, zone)
        return self.select(pick) if pick is not None else Reply()

    def drop(self, pick: Pick | None, zone: str | None) -> Reply:
        if zone is None or stall_of(zone) is None:
            self.selected = None
            return Reply()
        return super().drop(pick, zone)

    def act(self, action: str) -> Reply | None:
        actions = {"end-turn": self.end_turn, "reveal": self.reveal, "next-hand": self.next_hand}
        return actions[action]() if action in actions else None

    # -- moves -------------------------------------------------------------------------

    def play(self, move: Move, own: bool = True) -> Reply:
        mover = self.game.to_move
        reply = super().play(move, own)
        if reply.changed:
            self._after_move(mover)
        return reply

    def _after_move(self, mover: int) -> None:
        """Whose hand shows now: passing from one person to another hides it first."""
        game = self.game
        if game.is_over() or game.hand_over is not None:
            self.hidden_hand = False
            return
        nxt = game.to_move
        several = len(self.people()) > 1
        if several and self.is_person(mover) and nxt != mover:
            self.hidden_hand = True  # the device changes hands: no hand shows in between
        if self.is_person(nxt) and nxt != self.shown_seat:
            self.hidden_hand = several  # pass the device: hide, then confirm
            self.shown_seat = nxt

    def reveal(self) -> Reply:
        """The person whose turn it is has the device: show their hand."""
        self.hidden_hand = False
        return Reply(changed=True)

    def end_turn(self) -> Reply:
        if not self.persons_turn():
            return Reply()
        self.redo_stack.clear()
        return self.play(END_TURN, own=False)

    def next_hand(self) -> Reply:
        if self.game.hand_over is None or self.game.is_over():
            return Reply()
        reply = self.play(NEXT_HAND, own=False)
        self.redo_stack.clear()
        if self.is_person(self.game.to_move):
            self.shown_seat = self.game.to_move
            self.hidden_hand = len(self.people()) > 1
        return reply

    def redo(self) -> Reply:
        reply = super().redo()
        reply.notes = []  # a line that no longer applies is dropped without a word here
        return reply

    # -- statistics ----------------------------------------------------------------------

    def moves_count(self) -> int:
        """The hands of the match so far."""
        game = self.game
        return len(game.results) + (0 if game.hand_over is not None else 1)

    def has_moved(self) -> bool:
        """Whether a person has played (the computers' turns alone do not make a match the
        player left)."""
        game = self.game
        if not game.move_stack:
            return False
        fresh = (type(game).new(deck=list(game.deck), **game.options) if game.deck is not None
                 else type(game).new(deal=game.deal, **game.options))
        for move in game.move_stack:  # whose turn each move was made in, from the start
            kind = move.gesture.kind
            if fresh.players[fresh.to_move] == "h" and kind not in (Kind.NEXT_HAND,
                                                                     Kind.RESIGN):
                return True
            fresh.push(move)
        return False

    def result(self) -> tuple[bool, int | None] | None:
        """A match counts for its first person: won when that seat won the match; scored
        with its points under Jax (Classic matches carry no score)."""
        me = self.first_person()
        game = self.game
        if me is None:
            return None
        won = game.is_over() and not game.resigned and game.winner() == me
        return won, game.scores[me] if game.jax else None
