"""The live region (#announce) and what it says: every move and its consequences, a pick,
a refusal, the result, a computer player's whole turn in one sentence. The sentences are
made by announce.py (pure, tested in CPython); this module puts them in the page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import announce
from .dom import after, by_id

if TYPE_CHECKING:
    from .page import Page
    from .session import GameSession, Reply


class LiveRegion:
    """The one polite live region (#announce). What is said within one event (a move, its
    book, the result) is joined into one announcement; a text equal to the last one is
    changed invisibly so a screen reader says it again."""

    def __init__(self, element) -> None:
        self.element = element
        self._after = after
        self.buffer: list[str] = []
        self.last = ""
        self.scheduled = False

    def say(self, text: str) -> None:
        text = " ".join(str(text or "").split())
        if not text or text in self.buffer:
            return
        self.buffer.append(text)
        if not self.scheduled:
            self.scheduled = True
            self._after(40, self._flush)

    def _flush(self, *_args) -> None:
        self.scheduled = False
        text = " ".join(self.buffer)
        self.buffer.clear()
        if not text:
            return
        if text == self.last.rstrip("\u00a0"):
            text = self.last + "\u00a0" if not self.last.endswith("\u00a0") else text
        self.last = text
        self.element.textContent = text


class Announcer:
    """Turns what the page did into the live region's words (game/ui/announce.py)."""

    def __init__(self, page: Page, region: LiveRegion) -> None:
        self.page = page
        self.region = region
        self.pick: tuple[str, ...] = ()  # the cards picked up when last said
        self.prompt = ""
        self.turn: list[str] = []  # a computer player's moves so far this turn

    def say(self, text: str) -> None:
        self.region.say(text)

    def reset(self) -> None:
        """A game was opened: nothing picked, its prompt taken as already known."""
        self.pick, self.turn = (), []
        self.prompt = self._prompt()

    def _prompt(self) -> str:
        return " ".join(str(by_id("prompt").textContent or "").split())

    def reply(self, reply: Reply, before: dict) -> None:
        """After a reply was shown: the move and what followed it, what is picked up now,
        and the new prompt. `reply.kind`: "undo", "redo", "restart" or "computer" (a
        computer player's move: its turn is said once, when it is over)."""
        page = self.page
        board, session = page.board, page.session
        if board is None or session is None:
            return
        if reply.refused:  # said by page.say; what is held now is known without a word
            self.pick = tuple(session.picked_cards())
            return
        game = session.game
        kind, mover = reply.kind, reply.mover
        if reply.changed:
            lead = None
            if reply.moved is not None and kind in ("", "redo", "computer"):
                lead = announce.lead_of(reply.moved, before)
            own = session.own_zone(mover) if kind == "computer" and mover is not None else None
            clauses = announce.describe(before, board.last_zones, page.parts.faces.label,
                                        board.label_of, board.hidden, lead, own)
            if kind == "computer" and mover is not None:
                self.turn.extend(clauses)
                if session.turn_over(mover):
                    told = announce.computer_turn(session.player_name(mover), self.turn)
                    self.say(told)
                    self.page.emit("turn-told", told)  # (the table's log shows it too)
                    self.turn = []
            else:
                self.say(announce.after_undo(kind, clauses))
            outcome = game.outcome()
            if outcome is not None and outcome.won and not page.info.table:
                self.say(announce.won())
        self._selection(session, moved=reply.changed)
        prompt = self._prompt()
        if prompt != self.prompt:
            self.prompt = prompt
            self.say(prompt)

    def _selection(self, session: GameSession, moved: bool) -> None:
        """What is picked up now (not what a game hands over by itself, like a card turned
        from the stock: the prompt says that)."""
        cards = session.picked_cards()
        if tuple(cards) == self.pick:
            return
        was, self.pick = self.pick, tuple(cards)
        if not cards:
            if was and not moved:
                self.say(announce.put_down())
            return
        board, name = self.page.board, self.page.parts.faces.label
        self.say(announce.picked([name(card) for card in cards],
                                 [board.label_of(z) for z in session.targets()],
                                 [board.label_of(z) for z in session.swap_targets()]))
