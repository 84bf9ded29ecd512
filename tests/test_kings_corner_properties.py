"""Kings in the Corner (2 to 6 players) over many tables of random play, Jax and Classic
with their options: 52 cards conserved, 80 chips conserved within a Jax hand, pop exact,
illegal moves refused, legal moves exactly what push accepts, saves replay, every game
ends; and a referee written from docs/rules.md section 5 (not from the engine's code) agrees
with the engine after every push."""

import json
import random

import pytest

from game.engine import IllegalMove, load_save, shuffled
from game.games.kings_corner import (
    DECK,
    END_TURN,
    NEXT_HAND,
    Play,
    Shift,
    Under,
)

from .kc_helpers import GAME

DEALS = range(1, 31)
OPTIONS = [
    {"players": "hh"},
    {"players": "h22"},
    {},
    {"players": "h2222"},
    {"players": "h22222"},
    {"rules": "classic"},
    {"rules": "classic", "players": "h2", "under": True},
    {"rules": "classic", "players": "h22", "draw": 2},
    {"rules": "classic", "players": "h22222", "draw_end": True, "under": True},
    {"rules": "classic", "players": "h22", "match": 40, "draw_end": True, "draw": 2},
]
SIDES = ["N", "E", "S", "W"]
CORNERS = ["NE", "SE", "SW", "NW"]
STALLS = SIDES + CORNERS
HANDS_BOUND = 100  # Jax: every hand pays at least the antes (2 or more) into one score


def plies_bound(seats):
    """Most pushes a hand can take: every card played from a hand (52), every stall moved
    (each move empties a side, refilled only by a card from hand: 4 + 52), every draw (52)
    and, between two of those, fewer than a round of 'end's; then 'next'."""
    moving = 52 + 56 + 52
    return moving + seats * (moving + 1) + 1


# -- the referee: docs/rules.md section 5, written apart from the engine -------------------------

VALUE = {rank: i + 1 for i, rank in enumerate("A23456789TJQK")}


def lower(card, top):
    """`card` goes on `top`: one rank lower, the other colour (hearts and diamonds red)."""
    return VALUE[card[0]] == VALUE[top[0]] - 1 and (card[1] in "HD") != (top[1] in "HD")


class Referee:
    """The table as the rules describe it. Its stock is a list with the top card first;
    a forced King goes to the first empty corner of NE, SE, SW, NW (the rules leave the
    corner open; the engine takes the first)."""

    def __init__(self, game):
        self.options = dict(game.options)
        self.n = len(self.options["players"])
        self.jax = self.options["rules"] == "jax"
        self.seed = game.deal if game.deal is not None else 1
        self.scores = [0] * self.n
        self.hands_played = 0
        self.dealer = 0
        self.deal_hand(game.deck if game.deck is not None else shuffled(list(DECK), game.deal, 4))

    def deal_hand(self, order):
        n, cards = self.n, list(order)
        self.hands = [[] for _ in range(n)]
        for i in range(7 * n):  # one at a time from the dealer's left
            self.hands[(self.dealer + 1 + i) % n].append(cards[i])
        self.stalls = {stall: [] for stall in STALLS}
        for side, card in zip(SIDES, cards[7 * n:7 * n + 4], strict=True):
            if card[0] == "K" and not self.jax:
                self.stalls[self.empty_corner()].append(card)
            else:
                self.stalls[side].append(card)
        self.stock = cards[7 * n + 4:]
        if self.jax:
            share, extra = divmod(80, n)
            self.chips = [share] * n
            for k in range(extra):
                self.chips[(self.dealer + 1 + k) % n] += 1
            self.chips = [c - 1 for c in self.chips]  # the ante
            self.pot = n
        else:
            self.chips, self.pot = [0] * n, 0
        self.result = None
        self.quiet_turns = 0
        self.mover = (self.dealer + 1) % n
        self.start_turn()

    def empty_corner(self):
        return next(corner for corner in CORNERS if not self.stalls[corner])

    def force_kings(self):
        hand = self.hands[self.mover]
        for card in [c for c in hand if c[0] == "K"]:
            hand.remove(card)
            self.stalls[self.empty_corner()].append(card)
            self.played = self.moved = True
        if not hand:
            self.settle(self.mover, False)

    def draw(self, count):
        for _ in range(count):
            if not self.stock:
                return
            card = self.stock.pop(0)
            self.moved = True
            self.hands[self.mover].append(card)
            if self.jax and card[0] == "K":
                self.force_kings()
                return  # a King drawn is played at once and nothing more is drawn

    def start_turn(self):
        self.played = self.moved = False
        if self.jax:
            self.force_kings()
        elif not self.options["draw_end"]:
            self.draw(self.options["draw"])

    def legal(self):
        if self.over():
            return set()
        if self.result is not None:
            return {"next"}
        hand, stalls = self.hands[self.mover], self.stalls
        moves = {"end"}
        empty_side = any(not stalls[side] for side in SIDES)
        for card in hand:
            for stall, pile in stalls.items():
                if (pile and lower(card, pile[-1])) or (
                        not pile and (stall in SIDES or card[0] == "K")):
                    moves.add(f"{card}>{stall}")
            if not self.jax and self.options["under"] and empty_side:
                for side in SIDES:
                    pile = stalls[side]
                    if pile and pile[0][0] != "K" and lower(pile[0], card):
                        moves.add(f"{card}<{side}")
        for src in SIDES:
            pile = stalls[src]
            for dst in STALLS:
                if not pile or dst == src:
                    continue
                target = stalls[dst]
                if (target and lower(pile[0], target[-1])) or (
                        not target and dst in CORNERS and pile[0][0] == "K"):
                    moves.add(f"{src}>{dst}")
        return moves

    def play(self, text):
        assert text in self.legal(), f"the referee refuses {text}"
        if text == "next":
            self.hands_played += 1
            self.dealer = (self.dealer + 1) % self.n
            self.deal_hand(shuffled(list(DECK), self.seed, 4 + 1000 * self.hands_played))
            return
        if text == "end":
            if self.jax:
                if not self.played and self.chips[self.mover] > 0:
                    self.chips[self.mover] -= 1
                    self.pot += 1
                self.draw(1)
            elif self.options["draw_end"]:
                self.draw(self.options["draw"])
            if self.result is not None:
                return
            self.quiet_turns = 0 if self.moved else self.quiet_turns + 1
            if self.quiet_turns == self.n:  # a whole round and nothing moved: blocked
                order = [(self.dealer + 1 + k) % self.n for k in range(self.n)]
                fewest = min(len(self.hands[seat]) for seat in order)
                self.settle(next(s for s in order if len(self.hands[s]) == fewest), True)
                return
            self.mover = (self.mover + 1) % self.n
            self.start_turn()
            return
        hand = self.hands[self.mover]
        if "<" in text:
            card, side = text.split("<")
            hand.remove(card)
            self.stalls[side].insert(0, card)
        else:
            src, dst = text.split(">")
            if src in SIDES:
                self.stalls[dst] += self.stalls[src]
                self.stalls[src] = []
            else:
                hand.remove(src)
                self.stalls[dst].append(src)
        self.played = self.moved = True
        if not hand:
            self.settle(self.mover, False)

    def settle(self, winner, blocked):
        left = [len(hand) for hand in self.hands]
        if self.jax:
            for seat in range(self.n):
                if seat != winner:
                    paid = min(left[seat], self.chips[seat])
                    self.chips[seat] -= paid
                    self.pot += paid
            self.scores[winner] += self.pot
            self.chips[winner] += self.pot
            self.pot = 0
        else:
            for seat, hand in enumerate(self.hands):
                if seat != winner:  # the hand's winner takes no penalty, even when blocked
                    self.scores[seat] += sum(10 if card[0] == "K" else 1 for card in hand)
        self.result = (winner, blocked, tuple(left))

    def over(self):
        if self.result is None:
            return False
        if self.jax:
            return max(self.scores) >= 100
        return self.options["match"] == 0 or max(self.scores) >= self.options["match"]

    def winner(self):
        if self.jax:
            return self.scores.index(max(self.scores))
        if self.options["match"] == 0:
            return self.result[0]
        order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]  # ties: dealer's left
        return min(order, key=lambda seat: self.scores[seat])


def agree(game, referee):
    zones = game.zones()
    for stall in STALLS:
        name = f"side-{stall}" if stall in SIDES else f"corner-{stall}"
        assert zones[name] == referee.stalls[stall], name
    for seat in range(referee.n):  # the order of a hand is not a rule
        assert sorted(zones[f"hand-{seat}"]) == sorted(referee.hands[seat])
    assert zones["stock"] == referee.stock[::-1]
    assert game.ledger() == {"chips": referee.chips, "pot": referee.pot,
                             "scores": referee.scores}
    assert game.dealer == referee.dealer
    assert {str(move) for move in game.legal_moves()} == referee.legal()
    assert game.is_over() == referee.over()
    if referee.result is None:
        assert game.hand_over is None and game.to_move == referee.mover
    else:
        result = game.hand_over
        assert (result.winner, result.blocked, result.cards_left) == referee.result
    if referee.over() and not game.resigned:
        assert game.winner() == referee.winner()
        assert game.outcome().won == (referee.winner() == 0)
        assert game.outcome().score == referee.scores[0]


# -- invariants -------------------------------------------------------------------------------


def snapshot(game):
    return (game.zones(), game.ledger(), game.to_move, game.dealer,
            [str(m) for m in game.legal_moves()], game.is_over(), game.hand_over,
            game.outcome(), game.view(game.to_move))


def conserved(game):
    zones = game.zones()
    assert sorted(card for cards in zones.values() for card in cards) == sorted(DECK)
    if game.options["rules"] == "jax":
        ledger = game.ledger()
        assert sum(ledger["chips"]) + ledger["pot"] == 80
        assert min(ledger["chips"]) >= 0
    else:
        assert game.ledger()["pot"] == 0 and set(game.ledger()["chips"]) == {0}


def candidates(game):
    """Every move of the kinds push knows for the player to move: a play of each card of
    their hand on each stall, under each side, each stall onto each other (corners as
    sources too), 'end' and 'next'."""
    hand = game.zones()[f"hand-{game.to_move}"]
    moves = [Play(card, stall) for card in hand for stall in STALLS]
    moves += [Under(card, side) for card in hand for side in SIDES]
    moves += [Shift(src, dst) for src in STALLS for dst in STALLS]
    return moves + [END_TURN, NEXT_HAND]


def accepted_moves(game, before):
    """The candidates push accepts; every refusal and every pop leaves `before` as it was."""
    accepted = set()
    for move in candidates(game):
        try:
            game.push(move)
        except IllegalMove:
            continue
        accepted.add(move)
        assert game.pop() == move
    assert snapshot(game) == before
    return accepted


def random_illegal(game, rng):
    """A move the engine must refuse: a card not in the mover's hand, a play that does not
    fit, a stall moved where it may not go, 'next' while a hand is played, 'end' after it."""
    legal = set(game.legal_moves())
    for _ in range(200):
        kind = rng.randrange(4)
        if kind == 0:
            move = Play(rng.choice(DECK), rng.choice(STALLS))
        elif kind == 1:
            move = Under(rng.choice(DECK), rng.choice(SIDES))
        elif kind == 2:
            move = Shift(rng.choice(STALLS), rng.choice(STALLS))
        else:
            move = rng.choice([END_TURN, NEXT_HAND])
        if move not in legal:
            return move
    return None


def random_text(rng):
    return "".join(rng.choice("AKQ5TSHDC<>NESWend ") for _ in range(rng.randrange(0, 7)))


def choose(game, rng):
    """Mostly a play (any of them), sometimes 'end'."""
    moves = game.legal_moves()
    plays = [m for m in moves if m not in (END_TURN, NEXT_HAND)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return END_TURN if END_TURN in moves else NEXT_HAND


def play_out(game, rng, check_every, hands=None):
    """Random play to the end of the game (or of its first `hands` hands), checking
    everything after every ply; returns what was met on the way."""
    referee = Referee(game)
    agree(game, referee)
    conserved(game)
    seats = referee.n
    plies = hand_plies = 0
    seen = set()
    while not game.is_over() and len(game.results) != hands:
        plies += 1
        hand_plies += 1
        assert hand_plies <= plies_bound(seats) and len(game.results) <= HANDS_BOUND
        before = snapshot(game)
        if plies % check_every == 0 or game.hand_over is not None:
            assert accepted_moves(game, before) == set(game.legal_moves())
        for _ in range(2):
            move = random_illegal(game, rng)
            with pytest.raises(IllegalMove):
                game.push(move)
            text = random_text(rng)
            try:
                move = game.parse_move(text)
            except ValueError:
                continue
            if move not in game.legal_moves() and text != "resign":
                with pytest.raises(IllegalMove):
                    game.push(text)
        assert snapshot(game) == before
        move = choose(game, rng)
        game.push(move)
        referee.play(str(move))
        agree(game, referee)
        conserved(game)
        after = snapshot(game)
        assert game.pop() == move and snapshot(game) == before
        game.push(move)
        assert snapshot(game) == after
        if move == NEXT_HAND:
            hand_plies = 0
        if game.hand_over is not None and move != NEXT_HAND:
            seen.add("blocked" if game.hand_over.blocked else "emptied")
        if isinstance(move, Shift):
            seen.add("shift")
        if isinstance(move, Under):
            seen.add("under")
    replayed = load_save(json.loads(json.dumps(game.to_save())))
    assert snapshot(replayed) == snapshot(game) and replayed.scores == game.scores
    return seen


def option_id(options):
    return "-".join(f"{name}={value}" for name, value in options.items()) or "default"


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_random_tables_keep_every_invariant(options):
    """Every table plays its first hand; one in ten plays its whole game (a Jax match of
    several hands to 100 points), and so do the Classic single hands and a third of the
    Classic matches."""
    seen = set()
    hands = []
    for deal in DEALS:
        game = GAME.new(deal=deal, **options)
        start = snapshot(game)
        classic = options.get("rules") == "classic"
        whole = deal % 10 == 0 or (classic and (not options.get("match") or deal % 3 == 0))
        seen |= play_out(game, random.Random(deal), 11, None if whole else 1)
        assert game.is_over() or not whole
        hands.append(len(game.results))
        if deal % 10 == 0:  # undoing a whole game leads back to the deal
            while game.move_stack:
                game.pop()
            assert snapshot(game) == start
    assert {"emptied", "shift"} <= seen
    if options.get("under"):
        assert "under" in seen
    if options.get("rules", "jax") == "jax":
        assert max(hands) > 2  # matches of several hands
    elif options.get("match"):
        assert max(hands) > 1


def test_saves_replay_in_the_middle_of_a_game():
    for deal in range(1, 11):
        game = GAME.new(deal=deal, players="h22")
        rng = random.Random(deal)
        for _ in range(rng.randrange(20, 120)):
            if game.is_over():
                break
            game.push(choose(game, rng))
        replayed = GAME.from_save(json.loads(json.dumps(game.to_save())))
        assert snapshot(replayed) == snapshot(game)
        assert [str(m) for m in replayed.move_stack] == [str(m) for m in game.move_stack]
