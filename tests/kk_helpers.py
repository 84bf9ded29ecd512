"""Build King's Keys positions for tests: a deck with chosen cells, or a position set by hand."""

from game.engine.cards import KINGS_KEYS_DECK
from game.games import GAMES


def deck_with(cells: list[str], next_draws: list[str] = ()) -> list[str]:
    """A full deck dealing `cells` into cells 0..15 and then drawing `next_draws` first."""
    assert len(cells) == 16
    chosen = list(cells) + list(next_draws)
    return chosen + [card for card in KINGS_KEYS_DECK if card not in chosen]


def position(cells: list[list[str]], stock: list[str] | None = None, game_id="devils-square"):
    """A game whose field is `cells` (16 stacks, bottom to top) and draw pile `stock`
    (top last); every other card is put among the books so the deck stays whole."""
    game = GAMES[game_id].new(deck=list(KINGS_KEYS_DECK))
    game.cells = [list(cell) for cell in cells]
    game.stock = list(stock or [])
    used = {card for cell in cells for card in cell} | set(game.stock)
    game.books = [card for card in KINGS_KEYS_DECK if card not in used]
    return game


FILLER = ["Y1K", "R1K", "B1K", "Y4K", "R4K", "B4K", "Y1A", "R1A", "B1A", "Y4A", "R4A"]

# Cards that can neither move nor take a card when no 3 of their colour is around:
# use them to fill a field without giving the position extra moves.
INERT = [f"{c}4{i}" for c in "RYB" for i in "KASC"] + ["Y1K"]
