"""Card ids and the decks they come in.

Cards are plain strings (DESIGN.md's ids) so zones, saves and the DOM share one
spelling; the lookup tables here answer "what colour is G3A" without parsing.
"""

from __future__ import annotations

# King's Keys: <colour><number><item>, e.g. G3A = 3 Green Axe.
KK_COLOURS = "YRGB"
KK_ITEMS = "KASC"
KK_COLOUR_NAMES = {"Y": "Yellow", "R": "Red", "G": "Green", "B": "Blue"}
KK_KINGDOMS = {"Y": "Sun", "R": "Mountain", "G": "Forest", "B": "Ocean"}
KK_ITEM_NAMES = {"K": "Key", "A": "Axe", "S": "Shield", "C": "Coin"}

KINGS_KEYS_DECK: tuple[str, ...] = tuple(
    f"{colour}{number}{item}"
    for colour in KK_COLOURS
    for number in (1, 2, 3, 4)
    for item in KK_ITEMS
)
KK_COLOUR = {card: card[0] for card in KINGS_KEYS_DECK}
KK_NUMBER = {card: int(card[1]) for card in KINGS_KEYS_DECK}
KK_ITEM = {card: card[2] for card in KINGS_KEYS_DECK}


def kk_name(card: str) -> str:
    """'3 Green Axe': how the rules and the guard speak of a card."""
    if card not in KK_NUMBER:
        raise ValueError(f"{card!r} is not a King's Keys card.")
    return f"{card[1]} {KK_COLOUR_NAMES[card[0]]} {KK_ITEM_NAMES[card[2]]}"

# Standard cards: <rank><suit>, ranks A 2-9 T J Q K and suits S H D C, e.g. TD = 10 of
# diamonds. A game with two decks adds "-1" / "-2" so every card has its own id.
RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_NAMES = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = "HD"


def std_name(card: str) -> str:
    """'10 of diamonds' for 'TD' or 'TD-2'."""
    base = card.split("-")[0]
    if len(base) != 2 or base[0] not in RANKS or base[1] not in SUITS:
        raise ValueError(f"{card!r} is not a standard card.")
    return f"{RANK_NAMES.get(base[0], base[0])} of {SUIT_NAMES[base[1]]}"
