"""Card ids and the decks they come in, and the names players read.

Cards are plain strings (docs/architecture.md, "The DOM contract") so zones, saves and
the DOM share one spelling; the lookup tables here answer "what colour is G3A" without
parsing.
Names are made in the current language (game.i18n) when asked for: `kk_name`,
`std_name`, and `kk_the` / `std_the` for the name with its article ("the 3 Green
Axe", French "la dame de cœur", "l'as de pique"), so a sentence can be one template.
"""

from __future__ import annotations

from ..i18n import mark, tr

# King's Keys: <colour><number><item>, e.g. G3A = 3 Green Axe.
KK_COLOURS = "YRGB"
KK_ITEMS = "KASC"
KK_COLOUR_NAMES = {"Y": mark("Yellow"), "R": mark("Red"), "G": mark("Green"),
                   "B": mark("Blue")}
KK_KINGDOMS = {"Y": mark("Sun"), "R": mark("Mountain"), "G": mark("Forest"),
               "B": mark("Ocean")}
KK_ITEM_NAMES = {"K": mark("Key"), "A": mark("Axe"), "S": mark("Shield"), "C": mark("Coin")}
# Colour and Item together, one text each: a language makes the colour agree with the
# Item (French "Hache verte" but "Bouclier vert") or puts it after.
KK_COLOUR_ITEM = {
    "YK": mark("Yellow Key"), "YA": mark("Yellow Axe"),
    "YS": mark("Yellow Shield"), "YC": mark("Yellow Coin"),
    "RK": mark("Red Key"), "RA": mark("Red Axe"),
    "RS": mark("Red Shield"), "RC": mark("Red Coin"),
    "GK": mark("Green Key"), "GA": mark("Green Axe"),
    "GS": mark("Green Shield"), "GC": mark("Green Coin"),
    "BK": mark("Blue Key"), "BA": mark("Blue Axe"),
    "BS": mark("Blue Shield"), "BC": mark("Blue Coin"),
}  # fmt: skip

KINGS_KEYS_DECK: tuple[str, ...] = tuple(
    f"{colour}{number}{item}"
    for colour in KK_COLOURS
    for number in (1, 2, 3, 4)
    for item in KK_ITEMS
)
KK_COLOUR = {card: card[0] for card in KINGS_KEYS_DECK}
KK_NUMBER = {card: int(card[1]) for card in KINGS_KEYS_DECK}
KK_ITEM = {card: card[2] for card in KINGS_KEYS_DECK}


def kk_colour_name(colour: str) -> str:
    """'Green' for 'G', in the current language."""
    return tr(KK_COLOUR_NAMES[colour])


def kk_item_name(item: str) -> str:
    """'Axe' for 'A', in the current language."""
    return tr(KK_ITEM_NAMES[item])


def kk_kingdom_name(colour: str) -> str:
    """'Forest' for 'G', in the current language."""
    return tr(KK_KINGDOMS[colour])


def kk_name(card: str) -> str:
    """'3 Green Axe': how the rules and the guard speak of a card."""
    if card not in KK_NUMBER:
        raise ValueError(f"{card!r} is not a King's Keys card.")
    return tr("{number} {colour_item}", number=card[1],
              colour_item=tr(KK_COLOUR_ITEM[card[0] + card[2]]))


def kk_the(card: str) -> str:
    """'the 3 Green Axe': the name with the definite article, for inside a sentence. The
    placeholder tells a language the Item's gender: Dutch 'het 2 Groen Schild'."""
    if card[2:] == "S":
        return tr("the {shield}", shield=kk_name(card))
    return tr("the {card}", card=kk_name(card))


# Standard cards: <rank><suit>, ranks A 2-9 T J Q K and suits S H D C, e.g. TD = 10 of
# diamonds. A game with two decks adds "-1" / "-2" so every card has its own id.
RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_NAMES = {"A": mark("Ace"), "T": "10", "J": mark("Jack"), "Q": mark("Queen"),
              "K": mark("King")}
SUIT_NAMES = {"S": mark("spades"), "H": mark("hearts"), "D": mark("diamonds"),
              "C": mark("clubs")}
RED_SUITS = "HD"


def rank_name(rank: str) -> str:
    """'Queen' for 'Q', '10' for 'T', '7' for '7', in the current language."""
    name = RANK_NAMES.get(rank, rank)
    return tr(name) if rank in "AJQK" else name


def suit_name(suit: str) -> str:
    """'hearts' for 'H', in the current language."""
    return tr(SUIT_NAMES[suit])


def _std_base(card: str) -> str:
    base = card.split("-")[0]
    if len(base) != 2 or base[0] not in RANKS or base[1] not in SUITS:
        raise ValueError(f"{card!r} is not a standard card.")
    return base


def std_name(card: str) -> str:
    """'10 of diamonds' for 'TD' or 'TD-2'. A rank that is a word and one that is a number
    have their own templates: Dutch 'hartenvrouw' but 'harten 8'."""
    base = _std_base(card)
    rank, suit = rank_name(base[0]), suit_name(base[1])
    if base[0] in "AJQK":
        return tr("{rank} of {suit}", rank=rank, suit=suit)
    return tr("{number} of {suit}", number=rank, suit=suit)


def std_the(card: str) -> str:
    """'the Queen of hearts': the name with the definite article, for inside a sentence.
    The placeholder tells a language the card's gender: French 'la dame', 'l'as'."""
    base = _std_base(card)
    name = std_name(base)
    if base[0] == "Q":
        return tr("the {queen}", queen=name)
    if base[0] == "A":
        return tr("the {ace}", ace=name)
    return tr("the {card}", card=name)


def sentence(text: str) -> str:
    """`text` with its first letter a capital: for a sentence that starts with a name
    made by kk_the / std_the ('The 3 Green Axe ...', 'La dame de cœur ...')."""
    return text[:1].upper() + text[1:]
