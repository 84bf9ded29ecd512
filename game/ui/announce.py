"""What the live region says (issue 7): every move and its consequences, a pick, a
refusal, the result, and a computer player's whole turn in one sentence.

Pure Python (no browser), so every sentence is tested in CPython. A move is described
from the zones before and after it, not from the move object, so one function speaks for
every game: the cards whose zone changed, grouped by where they came from and went to.
Cards that land in a hidden zone (a stock, another player's hand) are counted, never
named; cards that come out of one are named, since everyone sees them now.

    clauses = describe(before, after, name_card, name_zone, hidden={"stock"})
    sentence(clauses)          -> "3 Green Axe to Cell 6; 2 Red Key from Draw pile to Cell 2."
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import Kind, Move
from ..engine.cards import KK_COLOUR_NAMES
from ..i18n import tr, tr_n

BOOKS = "books"  # King's Keys: a finished 1-2-3-4 of one colour is set aside here
DISCARD = "discard"  # Kings in the Corner solitaire: removed cards
BOOK = 4
MAX_CLAUSES = 6  # more changes than this (a restart, a new hand) are counted, not listed
MAX_TARGETS = 6  # a pick lists at most this many places it may go to


@dataclass(frozen=True)
class Change:
    """Cards (bottom to top, as they lie after) that went from zone `source` to `target`."""

    cards: tuple[str, ...]
    source: str
    target: str


def card_list(names: Iterable[str]) -> str:
    """'A', 'A and B', 'A, B and C' in the current language."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return tr("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def changes(before: dict[str, list[str]], after: dict[str, list[str]]) -> list[Change]:
    """The cards whose zone changed, one Change per (source, target), in the order the
    targets come in `after`."""
    was = {card: zone for zone, cards in before.items() for card in cards}
    groups: dict[tuple[str, str], list[str]] = {}
    for zone, cards in after.items():
        for card in cards:
            source = was.get(card)
            if source is not None and source != zone:
                groups.setdefault((source, zone), []).append(card)
    return [Change(tuple(cards), source, target) for (source, target), cards in groups.items()]


def book_colour(cards: Iterable[str]) -> str:
    """The colour of a King's Keys book, in words ('' for other cards)."""
    for card in cards:
        if len(card) == 3 and card[0] in KK_COLOUR_NAMES:
            return tr(KK_COLOUR_NAMES[card[0]])
    return ""


def describe(
    before: dict[str, list[str]],
    after: dict[str, list[str]],
    name_card: Callable[[str], str],
    name_zone: Callable[[str], str],
    hidden: Iterable[str] = (),
    lead: tuple[Iterable[str], str] | None = None,
    own: str | None = None,
) -> list[str]:
    """One clause per group of cards that moved. `lead` is the player's move: (the cards
    moved, the zone they were put on); it comes first, before its consequences (a refill,
    a book set aside), even when the cards did not stay where they were put. `own`: the
    mover's own hidden zone (a computer's hand), which the sentence's subject already
    names: a card out of it goes "to North", not "from Merlin's hand to North", and
    cards into it were drawn."""
    hidden = frozenset(hidden)
    found = changes(before, after)
    if not found:
        return []
    if len(found) > MAX_CLAUSES:
        moved = sum(len(change.cards) for change in found)
        return [tr_n("{n} card moved", "{n} cards moved", moved)]
    for aside in (BOOKS, DISCARD):  # a book, a pair: cards of two cells, one clause
        cards = [card for change in found if change.target == aside for card in change.cards]
        if cards:
            place = {card: index for index, card in enumerate(after.get(aside, []))}
            found = [change for change in found if change.target != aside]
            found.append(Change(tuple(sorted(cards, key=place.__getitem__)), "", aside))
    clauses: list[str] = []
    led: set[str] = set()
    if lead is not None:
        cards, target = list(lead[0]), lead[1]
        led = set(cards)
        where = {card: zone for zone, shown in after.items() for card in shown}
        if cards and target not in hidden and all(where.get(c) != target for c in cards):
            clauses.append(tr("{cards} to {zone}", cards=card_list(map(name_card, cards)),
                              zone=name_zone(target)))
    found.sort(key=lambda change: (led.isdisjoint(change.cards), change.target != BOOKS,
                                   change.source in hidden))
    order = {zone: index for index, zone in enumerate(before)}
    swapped: set[int] = set()
    for index, change in enumerate(found):
        if index in swapped:
            continue
        partner = next((other for other, back in enumerate(found) if other > index
                        and back.source == change.target and back.target == change.source
                        and other not in swapped), None)
        if partner is not None and change.target not in hidden and change.source not in hidden:
            swapped.add(partner)
            a, b = sorted((change.source, change.target), key=lambda z: order.get(z, 0))
            clauses.append(tr("{a} and {b} swapped", a=name_zone(a), b=name_zone(b)))
            continue
        clauses.extend(_clauses(change, name_card, name_zone, hidden, own))
    return clauses


def _clauses(change: Change, name_card, name_zone, hidden: frozenset[str],
             own: str | None = None) -> list[str]:
    count = len(change.cards)
    if change.target in hidden:  # never name what goes out of sight
        if change.target == own:
            return [tr_n("drew {n} card", "drew {n} cards", count)]
        return [tr_n("{n} card to {zone}", "{n} cards to {zone}", count,
                     zone=name_zone(change.target))]
    cards = card_list(name_card(card) for card in change.cards)
    if change.target == BOOKS:
        books = [change.cards[i:i + BOOK] for i in range(0, count, BOOK)]
        return [tr("Book of {colour} completed", colour=book_colour(book)) for book in books]
    if change.target == DISCARD:
        return [tr_n("{cards} removed", "{cards} removed", count, cards=cards)]
    if change.source in hidden and change.source != own:
        return [tr("{cards} from {source} to {zone}", cards=cards,
                   source=name_zone(change.source), zone=name_zone(change.target))]
    return [tr("{cards} to {zone}", cards=cards, zone=name_zone(change.target))]


def sentence(clauses: Iterable[str]) -> str:
    """Clauses joined into one sentence ('' for none)."""
    text = "; ".join(clause for clause in clauses if clause)
    return f"{text}." if text else ""


def after_undo(kind: str, clauses: list[str]) -> str:
    """What undo, redo and restart say."""
    what = "; ".join(clauses)
    if kind == "restart":
        return tr("Back to the deal.")
    if kind == "undo":
        return tr("Undone: {what}.", what=what) if what else tr("Undone.")
    if kind == "redo":
        return tr("Redone: {what}.", what=what) if what else tr("Redone.")
    return sentence(clauses)


def picked(cards: list[str], targets: list[str], swaps: list[str] = ()) -> str:
    """What picking cards up says: the cards and where they may go."""
    text = tr("{cards} picked up.", cards=card_list(cards))
    places = list(targets) or list(swaps)
    if not places:
        return text
    if len(places) > MAX_TARGETS:
        where = tr_n("It can go to {n} place.", "It can go to {n} places.", len(places))
    elif targets:
        where = tr("It can go to {zones}.", zones=card_list(places))
    else:
        where = tr("It can swap with {zones}.", zones=card_list(places))
    return f"{text} {where}"


def put_down() -> str:
    return tr("Put down.")


def computer_turn(name: str, clauses: list[str]) -> str:
    """A computer player's turn, coalesced into one sentence."""
    if not clauses:
        return tr("{name} passes.", name=name)
    return tr("{name}: {moves}.", name=name, moves="; ".join(clauses))


def won() -> str:
    """Said with the result when the game was won (the result line says the score)."""
    return tr("Game won.")


def move_target(move: Move) -> str | None:
    """The zone a move puts its cards on (None for a deal, a swap, an end of turn...)."""
    gesture = move.gesture
    return gesture.target if gesture.target and gesture.kind is not Kind.SWAP else None


def lead_of(move: Move, before: dict[str, list[str]]) -> tuple[list[str], str] | None:
    """The cards a move takes and where it puts them, read from the zones before it:
    the clause said first (describe's `lead`). None for moves that put nothing on a zone
    of their own (a deal, a swap) and for pairs (both cards go to the discard)."""
    gesture = move.gesture
    target = move_target(move)
    if target is None or gesture.kind is Kind.PAIR:
        return None
    if gesture.card:
        return [gesture.card], target
    cards = before.get(gesture.source, [])
    return (cards[-gesture.count:] if gesture.count else list(cards)), target
