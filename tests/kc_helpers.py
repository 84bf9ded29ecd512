"""Build Kings in the Corner (2 to 6 players) games for tests: real games from a chosen
deck order (dealt as the rules deal it), or positions set by hand."""

from game.games.kings_corner import DECK, HAND_SIZE, SIDES, STALLS, KingsCorner

GAME = KingsCorner

# Every card but the Kings, in the deck's own order (AS, 2S, ... QS, AH, ...), then the
# Kings: a deck dealt from this order puts no King in a hand or on a side for up to six
# players (6 x 7 + 4 = 46 cards), so nothing is forced or moved to a corner by itself.
KINGS = ["KS", "KH", "KD", "KC"]
NO_KINGS_FIRST = [card for card in DECK if card[0] != "K"] + KINGS


def seats_of(n: int) -> str:
    """A `players` option for `n` seats: a person at seat 0, normal opponents after."""
    return "h" + "2" * (n - 1)


def table_deck(hands, sides=(), draws=(), dealer=0, rest=None):
    """A whole deck whose deal gives seat i the cards of `hands[i]` (up to 7; the rest of
    the hand is filled), the side stalls N, E, S, W `sides` (filled when short) and whose
    stock then gives `draws` first, in that order. Fillers come from `rest` (default: the
    deck with its Kings last, so they sit at the bottom of the stock)."""
    n = len(hands)
    chosen = [card for hand in hands for card in hand] + list(sides) + list(draws)
    assert len(set(chosen)) == len(chosen), "a card given twice"
    filler = iter(card for card in (rest or NO_KINGS_FIRST) if card not in chosen)
    full = [list(hand) + [next(filler) for _ in range(HAND_SIZE - len(hand))]
            for hand in hands]
    order = []
    for i in range(HAND_SIZE):
        for k in range(n):
            order.append(full[(dealer + 1 + k) % n][i])
    order += list(sides) + [next(filler) for _ in range(4 - len(sides))]
    order += list(draws)
    order += list(filler)
    assert sorted(order) == sorted(DECK)
    return order


def kc_game(hands, sides=(), draws=(), **options):
    """A real game dealt from `table_deck(hands, sides, draws)`; the seats are as many as
    `hands` (a `players` option is made for them unless given)."""
    options.setdefault("players", seats_of(len(hands)))
    return GAME.new(deck=table_deck(hands, sides, draws), **options)


def play(game, moves: str):
    """Push every move of the space-separated text `moves`; returns the game."""
    for text in moves.split():
        game.push(text)
    return game


def kc_position(hands, stalls=None, stock=(), chips=None, pot=None, scores=None, to_move=0,
                dealer=None, **options):
    """A game with `hands` (one list per seat), `stalls` (a dict stall -> cards, bottom
    first; missing stalls are empty), `stock` (top last), and the ledger given (default:
    the chips as dealt); the player `to_move` is at the start of a turn with nothing played
    yet. The cards need not be a whole deck: the position is for rules, not for saves."""
    options.setdefault("players", seats_of(len(hands)))
    game = GAME.new(deck=list(NO_KINGS_FIRST), **options)
    game.hands = [list(hand) for hand in hands]
    game.stalls = {stall: list((stalls or {}).get(stall, ())) for stall in STALLS}
    game.stock = list(stock)
    if chips is not None:
        game.chips = list(chips)
    if pot is not None:
        game.pot = pot
    if scores is not None:
        game.scores = list(scores)
    if dealer is not None:
        game.dealer = dealer
    game.to_move = to_move
    game.played = game.moved = False
    game.passes = 0
    game.hand_over = None
    game._over = game._legal = None
    return game


def every_card_once(game, seats=None):
    """The zones are the eight stalls, a hand per seat and the stock, holding the 52
    cards once each."""
    seats = game.seats if seats is None else seats
    zones = game.zones()
    names = ({f"side-{side}" for side in SIDES}
             | {f"corner-{corner}" for corner in ("NE", "SE", "SW", "NW")}
             | {f"hand-{seat}" for seat in range(seats)} | {"stock"})
    assert set(zones) == names
    assert sorted(card for cards in zones.values() for card in cards) == sorted(DECK)


def texts(moves):
    return sorted(str(move) for move in moves)
