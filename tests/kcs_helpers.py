"""Build Kings in the Corner (solitaire) games for tests: real games from a chosen deck
order (the first card given is the first turned), or positions set by hand."""

from game.games import GAMES
from game.games.kings_corner_solitaire import KIC_DECK

GAME = GAMES["kings-corner-solitaire"]

# Number cards whose values never make 10, alone or in pairs (the highest pair is 4 + 4).
SMALL = [f"{rank}{suit}" for rank in "A234" for suit in "SHDC"]

# The twelve court cards on their default spots (no `swap`).
COURTS_ON_SPOTS = {0: "KS", 3: "KH", 12: "KD", 15: "KC", 1: "QS", 2: "QH", 13: "QD",
                   14: "QC", 4: "JS", 7: "JH", 8: "JD", 11: "JC"}


def deck_with(first) -> list[str]:
    """A whole deck that turns the cards of `first` first, in that order, then the rest in
    the deck's own order (AS, 2S, ... so mind what comes next)."""
    first = list(first)
    assert len(set(first)) == len(first)
    return first + [card for card in KIC_DECK if card not in first]


def kcs_game(first=(), **options):
    """A real game whose stock turns `first` first."""
    return GAME.new(deck=deck_with(first), **options)


def play(game, moves: str):
    """Push every move of the space-separated text `moves`; returns the game."""
    for text in moves.split():
        game.push(text)
    return game


def kcs_position(cells, stock=(), discard=(), removing=False, **options):
    """A game with `cells` (16 cards or None, or a dict cell -> card), `stock` (top last)
    and `discard`; the cards given need not be a whole deck (the position is for rules,
    not for saves)."""
    game = GAME.new(deck=list(KIC_DECK), **options)
    if isinstance(cells, dict):
        cells = [cells.get(i) for i in range(16)]
    game.cells = list(cells) + [None] * (16 - len(cells))
    game.stock = list(stock)
    game.discard = list(discard)
    game.removing = removing
    game._over = game._legal = None
    return game


def fill_all(game):
    """Place the next 16 turned cards on cells 0 to 15 in order."""
    return play(game, " ".join(f"p{i}" for i in range(16)))
