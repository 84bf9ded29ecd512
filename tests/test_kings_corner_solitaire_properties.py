"""Kings in the Corner (solitaire) over many deals of random play, with every option: 52
cards conserved, pop exact, saves replay, illegal moves refused, every game ends, legal
moves are exactly what push accepts, and a referee written from docs/rules.md section 4 (not
from the engine's code) agrees with the engine at every step."""

import collections
import json
import random

import pytest

from game.engine import IllegalMove, load_save
from game.games.devils_grip import DEAL
from game.games.kings_corner_solitaire import KIC_DECK, Place, Remove

from .kcs_helpers import GAME

DEALS = range(1, 41)
OPTIONS = [{}, {"swap": True}, {"strict": True}, {"swap": True, "strict": True}]
MAX_PLIES = 52 + 40  # every push places a card from the stock or discards one or two


def snapshot(game):
    out = game.outcome()
    return (game.zones(), game.removing, [str(m) for m in game.legal_moves()], game.is_over(),
            out, game.status().prompt, game.status().held)


# -- the referee: docs/rules.md section 4, written apart from the engine --------------------------


class Referee:
    """The rules as a small state machine over the same deck. Its stock is turned from the
    front; `phase` is 'fill', 'remove', 'won' or 'lost'."""

    NUMBER = "A23456789T"

    def __init__(self, deck, swap=False, strict=False):
        walls = {"top": {1, 2, 13, 14}, "side": {4, 7, 8, 11}}
        self.home = {"K": {0, 3, 12, 15},
                     "Q": walls["side" if swap else "top"],
                     "J": walls["top" if swap else "side"]}
        self.strict = strict
        self.grid = {}  # cell -> card
        self.stock = list(deck)
        self.gone = []
        self.phase = "fill"
        self.loss = None

    def value(self, card):
        return self.NUMBER.index(card[0]) + 1

    def numbers(self):
        return {cell: card for cell, card in self.grid.items() if card[0] in self.NUMBER}

    def removals(self):
        found = set()
        numbers = self.numbers()
        for a, first in numbers.items():
            if self.value(first) == 10:
                found.add(f"r{a}")
            for b, second in numbers.items():
                if a < b and self.value(first) + self.value(second) == 10:
                    found.add(f"r{a}+{b}")
        return found

    def free(self, rank):
        return sorted(self.home[rank] - set(self.grid))

    def courts_standing(self):
        return sum(1 for card in self.grid.values() if card[0] in "KQJ")

    def legal(self):
        if self.phase == "remove":
            return self.removals()
        if self.phase != "fill":
            return set()
        card = self.stock[0]
        if card[0] in "KQJ":
            return {f"p{cell}" for cell in self.free(card[0])}
        return {f"p{cell}" for cell in range(16) if cell not in self.grid}

    def play(self, text):
        assert text in self.legal(), f"the referee refuses {text}"
        if text[0] == "p":
            self.grid[int(text[1:])] = self.stock.pop(0)
        else:
            for cell in map(int, text[1:].split("+")):
                self.gone.append(self.grid.pop(cell))
            if not self.removals():
                self.phase = "fill"  # nothing more to remove: turn the next card, if any
        self.carry_on()

    def carry_on(self):
        """What happens by itself: the end of the game, a full grid to clear, a court card
        that has one free spot."""
        while True:
            camelot = not self.stock and not self.numbers()
            if self.courts_standing() == 12 and (not self.strict or camelot):
                self.phase = "won"
                return
            if self.phase == "fill" and len(self.grid) == 16:
                self.phase = "remove"  # only a full grid begins removing, stock or not
            if self.phase == "remove":
                if not self.removals():
                    self.phase, self.loss = "lost", "jam"
                return
            if not self.stock:  # an empty stock only happens with `strict`: the end
                self.phase, self.loss = "lost", "dry"
                return
            card = self.stock[0]
            if card[0] not in "KQJ":
                return
            spots = self.free(card[0])
            if not spots:
                self.phase, self.loss = "lost", card
                return
            if len(spots) > 1:
                return
            self.grid[spots[0]] = self.stock.pop(0)

    def zones(self):
        zones = {f"cell-{i}": [self.grid[i]] if i in self.grid else [] for i in range(16)}
        zones["stock"] = self.stock[::-1]
        zones["discard"] = list(self.gone)
        return zones


COURT_WORDS = {"K": "King", "Q": "Queen", "J": "Jack"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def agree(game, referee, removal_started_by_full_grid):
    """The engine's position is the referee's, phase by phase."""
    zones = game.zones()
    expected = referee.zones()
    assert sorted(zones.pop("discard")) == sorted(expected.pop("discard"))  # order: unruled
    assert zones == expected
    zones = game.zones()
    assert sorted(card for cards in zones.values() for card in cards) == sorted(KIC_DECK)
    legal = {str(m) for m in game.legal_moves()}
    assert legal == referee.legal()
    assert game.is_over() == (referee.phase in ("won", "lost"))
    assert game.score == referee.courts_standing()
    for cell, card in referee.grid.items():  # a court card only ever stands on its spot
        if card[0] in "KQJ":
            assert cell in referee.home[card[0]]
    if referee.phase == "remove":
        # removing: the grid filled up (with the stock empty too), and it goes on while
        # something can be removed; nothing is placed meanwhile
        assert game.removing and removal_started_by_full_grid
        assert legal and all(text[0] == "r" for text in legal)
        assert game.turned() is None and game.status().held is None
        assert game.status().prompt == "Remove a 10, or two cards that add up to 10."
    elif referee.phase == "fill":
        assert not game.removing and len(referee.grid) < 16 and referee.stock
        assert game.turned() == referee.stock[0] and game.status().held == ("stock", 1)
        if referee.stock[0][0] in "KQJ":  # a court card waiting for the player has a choice
            assert len(legal) >= 2
        else:
            assert len(legal) == 16 - len(referee.grid)
        assert game.status().prompt.startswith("Place the ")
    else:
        out = game.outcome()
        assert out.won == (referee.phase == "won") and out.score == referee.courts_standing()
        assert game.legal_moves() == [] and game.status().prompt == ""
        if referee.phase == "won":
            assert out.reason.startswith("All twelve court cards stand on their spots.")
        elif referee.loss == "jam":
            assert "no 10 or pair adding up to 10" in out.reason
        elif referee.loss == "dry":
            assert out.reason.startswith("The stock is empty and ")
            assert referee.numbers() and not referee.stock
        else:
            card = referee.loss
            where = ("corner" if card[0] == "K" else "top or bottom middle spot"
                     if 1 in referee.home[card[0]] else "side spot")
            name = f"{COURT_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"
            assert out.reason == f"No free {where} for the {name}."


# -- moves to try ---------------------------------------------------------------------------

EVERY_MOVE = ([Place(cell) for cell in range(-1, 17)] + [Remove(a) for a in range(-1, 17)]
              + [Remove(a, b) for a in range(16) for b in range(a + 1, 16)])


def random_illegal(game, rng):
    """A move the engine must refuse: random cells (some off the grid, some pairs the wrong
    way round or twice the same), or a move of another game."""
    legal = set(game.legal_moves())
    while True:
        kind = rng.randrange(5)
        if kind == 0:
            move = Place(rng.randrange(-3, 20))
        elif kind == 1:
            move = Remove(rng.randrange(-3, 20))
        elif kind == 2:
            move = Remove(rng.randrange(-3, 20), rng.randrange(0, 20))
        elif kind == 3:
            a = rng.randrange(16)
            move = Remove(a, rng.randrange(a + 1))  # b <= a: never a pair
        else:
            move = DEAL
        if move not in legal:
            return move


def random_text(rng):
    return "".join(rng.choice("pr+0123456789 -x") for _ in range(rng.randrange(0, 6)))


def choose(game, rng):
    """Mostly a fair player (a number card goes to the centre, else on the spot of the rank
    with the most room to spare), sometimes any move."""
    moves = game.legal_moves()
    card = game.turned()
    if card is None or card[0] in "KQJ" or rng.random() < 0.1:
        return rng.choice(moves)
    home = {cell: rank for rank, cells in game.spots.items() for cell in cells}

    def room(move):
        rank = home.get(move.cell)
        if rank is None:
            return 99
        waiting = 4 - sum(1 for c in game.cells if c and c[0] == rank)
        return sum(1 for cell in game.spots[rank] if game.cells[cell] is None) - waiting

    best = max(room(move) for move in moves)
    return rng.choice([move for move in moves if room(move) == best])


def play_out(game, rng, options, check_every, seen):
    """Random play to the end, checking everything after every ply; returns the outcome.
    Counts in `seen` the states met: 'dry' (removing with the stock empty and the grid not
    full: the last card filled it), 'auto' (a push that also placed a court by itself),
    'refill' (removing over, filling again)."""
    referee = Referee(game.zones()["stock"][::-1], **options)
    full = False  # removing started on a full grid
    agree(game, referee, full)
    for ply in range(MAX_PLIES + 1):
        if game.is_over():
            break
        assert ply < MAX_PLIES
        before = snapshot(game)
        if ply % check_every == 0:
            # legal moves are exactly the moves push accepts, and pop undoes each one
            accepted = set()
            for move in EVERY_MOVE:
                try:
                    game.push(move)
                except IllegalMove:
                    assert snapshot(game) == before
                    continue
                accepted.add(move)
                assert game.pop() == move
                assert snapshot(game) == before
            assert accepted == set(game.legal_moves())
        # illegal moves and texts are refused and change nothing
        for _ in range(3):
            with pytest.raises(IllegalMove):
                game.push(random_illegal(game, rng))
            text = random_text(rng)
            try:
                move = game.parse_move(text)
            except ValueError:
                continue
            if move not in game.legal_moves():
                with pytest.raises(IllegalMove):
                    game.push(text)
        assert snapshot(game) == before
        move = choose(game, rng)
        was_removing = game.removing
        game.push(move)
        referee.play(str(move))
        if game.removing and not was_removing:
            zones = game.zones()
            full = all(zones[f"cell-{i}"] for i in range(16))
        agree(game, referee, full)
        seen["dry"] += referee.phase == "remove" and not referee.stock and len(referee.grid) < 16
        turned = len(before[0]["stock"]) - len(referee.stock)
        seen["auto"] += turned > isinstance(move, Place)
        seen["refill"] += was_removing and referee.phase == "fill"
        after = snapshot(game)
        assert game.pop() == move and snapshot(game) == before
        game.push(move)
        assert snapshot(game) == after
    assert game.is_over()
    replayed = load_save(json.loads(json.dumps(game.to_save())))
    assert snapshot(replayed) == snapshot(game)
    return game.outcome()


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(o) or "default")
def test_random_play_keeps_every_invariant(options):
    seen = collections.Counter()
    for deal in DEALS:
        game = GAME.new(deal=deal, **options)
        out = play_out(game, random.Random(deal), options, 3, seen)
        seen["won" if out.won else out.reason.split()[1]] += 1  # 'free' or 'grid'
        while game.move_stack:
            game.pop()
        assert snapshot(game) == snapshot(GAME.new(deal=deal, **options))
    assert seen["won"] and seen["free"] and seen["auto"] and seen["refill"]


def endgame_deck(rng, mixes):
    """The twelve courts first (in a random order), then the forty number cards as 10s and
    pairs that make 10, each pair turned one after the other, with `mixes` random pairs
    of cards exchanged: random play then reaches the strict endgame and ends either way."""
    courts = [card for card in KIC_DECK if card[0] in "KQJ"]
    rng.shuffle(courts)
    units = [[f"T{suit}"] for suit in "SHDC"] + [["5S", "5H"], ["5D", "5C"]]
    for low, high in ("A9", "28", "37", "46"):
        partners = list("SHDC")
        rng.shuffle(partners)
        units += [[low + suit, high + other] for suit, other in zip("SHDC", partners, strict=True)]
    rng.shuffle(units)
    numbers = [card for unit in units for card in unit]
    for _ in range(mixes):
        i, j = rng.randrange(40), rng.randrange(40)
        numbers[i], numbers[j] = numbers[j], numbers[i]
    return courts + numbers


@pytest.mark.parametrize("swap", [False, True])
def test_strict_endgames_keep_every_invariant(swap):
    """Strict games that seat every court and then work through the number cards: the
    centre filled and cleared, the last card filling the grid (removing goes on with the
    stock empty) or not (the game ends there)."""
    seen = collections.Counter()
    options = {"swap": swap, "strict": True}
    for seed in range(1, 31):
        rng = random.Random(seed)
        game = GAME.new(deck=endgame_deck(rng, 1 + seed % 4), **options)
        out = play_out(game, rng, options, 4, seen)
        assert out.score == 12
        seen["won" if out.won else out.reason.split()[1]] += 1
    # won, a full grid stuck, a phase run on with the stock empty, and the end with
    # number cards left when the stock ran out
    assert seen["won"] >= 5 and seen["grid"] >= 5 and seen["dry"] >= 5 and seen["stock"] >= 5
