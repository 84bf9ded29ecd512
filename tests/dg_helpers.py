"""Build Devil's Grip positions by hand for tests."""

from game.games import GAMES
from game.games.devils_grip import DEVILS_GRIP_DECK


def dg_position(cells, stock=(), waste=(), redeals=0, **options):
    """A game with `cells` (24 piles, bottom to top), `stock` and `waste` (top last);
    the cards given need not be a whole deck (the position is for rules, not for saves)."""
    game = GAMES["devils-grip"].new(deck=list(DEVILS_GRIP_DECK), **options)
    game.cells = [list(cell) for cell in cells] + [[] for _ in range(24 - len(cells))]
    game.stock = list(stock)
    game.waste = list(waste)
    game.redeals = redeals
    game._over = game._legal = None
    return game


# Two piles that keep a position alive: the 9 of diamonds can leave its cell for the 6.
LIVE = [["6D-1"], ["9D-1"]]

# Cards that take nothing and go nowhere among themselves: four 2s of hearts/diamonds
# would build on nothing, and Js/Qs/Ks do not matter without their lower steps.
INERT = ["2H-1", "2H-2", "2D-1", "2D-2", "3H-1", "3H-2", "3D-1", "3D-2", "4H-1", "4H-2",
         "4D-1", "4D-2", "2C-1", "2C-2", "3C-1", "3C-2", "4C-1", "4C-2", "JH-1", "QH-1", "KH-1"]
