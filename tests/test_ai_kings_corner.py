"""Computer opponents of Kings in the Corner (2 to 6 players): every level makes only
legal moves and every game ends; they decide from the view alone (a game whose hidden
cards are shuffled gives the same decisions); normal's priorities; turns end; and the
rules the hard level plays its rollouts by agree with the engine's."""

import copy
import random

import pytest

from game.ai import kings_corner as ai
from game.ai.kings_corner import LEVEL_OF, choose
from game.games.kings_corner import (
    CORNERS,
    DECK,
    END_TURN,
    HAND_SIZE,
    LEVELS,
    NEXT_HAND,
    SIDES,
    KingsCorner,
    Play,
    Shift,
    plays_for,
)

ALL_LEVELS = ("easy", "normal", "hard")
CLASSIC_OPTIONS = [{}, {"draw": 2}, {"draw_end": True}, {"under": True},
                   {"under": True, "draw": 2, "match": 30}]


@pytest.fixture
def quick_hard(monkeypatch):
    """Hard with a small effort: the same code paths, a fraction of the rollouts."""
    monkeypatch.setattr(ai, "WORK", 1500)


def moves_per_turn_bound(hand_size: int) -> int:
    """Every play takes a card from the hand or empties a side, so a turn has at most
    2 x hand + 8 plays, and the move that ends it."""
    return 2 * hand_size + 8 + 1


def play_out(game, levels, seed, max_moves=60_000):
    """Play `game` to its end with each seat at its level; check every move is legal and
    every turn ends within the bound. Returns the number of moves."""
    rngs = [random.Random(seed * 10 + seat) for seat in range(game.seats)]
    moves = 0
    turn_moves = 0
    turn_hand = None
    while not game.is_over():
        if game.hand_over is not None:
            view = game.view(game.to_move)
            assert choose(view, levels[game.to_move], rngs[game.to_move]) == NEXT_HAND
            game.push(NEXT_HAND)
            turn_moves, turn_hand = 0, None
            continue
        seat = game.to_move
        view = game.view(seat)
        if turn_hand is None:
            turn_hand = len(view["hand"])
        before = copy.deepcopy(view)
        move = choose(view, levels[seat], rngs[seat])
        assert view == before, "choose changed the view"
        assert move in game.legal_moves(), f"{levels[seat]} chose {move}, not legal"
        game.push(move)
        moves += 1
        turn_moves += 1
        assert turn_moves <= moves_per_turn_bound(turn_hand)
        if move == END_TURN:
            turn_moves, turn_hand = 0, None
        assert moves < max_moves, "the game did not end"
    return moves


# -- the levels ------------------------------------------------------------------------


def test_level_letters_match_the_players_option():
    assert LEVEL_OF == {"1": "easy", "2": "normal", "3": "hard"}
    for letter, level in LEVEL_OF.items():
        assert LEVELS[letter] == level


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_jax_games_of_every_level_end_with_legal_moves(seats, quick_hard):
    for deal in range(1, 3):
        levels = [ALL_LEVELS[(deal + seat) % 3] for seat in range(seats)]
        game = KingsCorner.new(deal=deal * 31 + seats, players="2" * seats)
        play_out(game, levels, deal)
        assert game.is_over() and game.winner() is not None
        assert max(game.scores) >= 100


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
@pytest.mark.parametrize("options", CLASSIC_OPTIONS)
def test_classic_games_of_every_level_end_with_legal_moves(seats, options, quick_hard):
    for deal in range(1, 4):
        levels = [ALL_LEVELS[(deal + seat) % 3] for seat in range(seats)]
        game = KingsCorner.new(deal=deal * 17 + seats, rules="classic", players="2" * seats,
                               **options)
        play_out(game, levels, deal)
        assert game.is_over()


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_one_level_all_round_the_table(level, quick_hard):
    for seats, rules in ((2, "jax"), (4, "classic"), (6, "jax")):
        game = KingsCorner.new(deal=seats * 101, rules=rules, players="2" * seats)
        play_out(game, [level] * seats, seats)


def test_hard_at_full_effort_makes_legal_moves():
    game = KingsCorner.new(deal=7, players="322")
    rngs = [random.Random(seat) for seat in range(3)]
    levels = ["hard", "normal", "easy"]
    while game.hand_over is None:
        seat = game.to_move
        move = choose(game.view(seat), levels[seat], rngs[seat])
        assert move in game.legal_moves()
        game.push(move)


def test_turns_end_from_many_positions(quick_hard):
    """From positions along random games, each level, called again and again, ends its
    turn within the bound."""
    for deal in range(1, 13):
        seats = 2 + deal % 5
        rules = "jax" if deal % 2 else "classic"
        game = KingsCorner.new(deal=deal, rules=rules, players="2" * seats)
        rng = random.Random(deal)
        for _ in range(40):
            if game.hand_over is not None:
                break
            for level in ALL_LEVELS:
                trial = copy.deepcopy(game)
                seat = trial.to_move
                bound = moves_per_turn_bound(len(trial.hands[seat]))
                for _ in range(bound):
                    move = choose(trial.view(seat), level, rng)
                    trial.push(move)
                    if move == END_TURN or trial.hand_over is not None:
                        break
                else:
                    pytest.fail(f"{level} did not end its turn in {bound} moves")
            game.push(choose(game.view(game.to_move), "easy", rng))


def test_choose_refuses_the_wrong_seat_and_a_finished_game():
    game = KingsCorner.new(deal=3, rules="classic", players="22")
    view = game.view(1 - game.to_move)
    with pytest.raises(ValueError):
        choose(view, "normal", random.Random(1))
    with pytest.raises(ValueError):
        choose(game.view(game.to_move), "expert", random.Random(1))
    play_out(game, ["normal", "normal"], 1)
    with pytest.raises(ValueError):
        choose(game.view(0), "normal", random.Random(1))


# -- no peeking ------------------------------------------------------------------------


def hidden_shuffled(game, seat: int, rng: random.Random):
    """A copy of `game` in which the cards `seat` cannot see (the other hands and the
    stock) are shuffled among themselves, every hand and the stock keeping its size."""
    twin = copy.deepcopy(game)
    others = [s for s in range(game.seats) if s != seat]
    dealt = [card for s in others for card in game.hands[s]] + list(game.stock)
    hidden = list(dealt)
    for _ in range(20):
        rng.shuffle(hidden)
        if hidden != dealt:
            break
    at = 0
    for s in others:
        size = len(game.hands[s])
        twin.hands[s] = hidden[at:at + size]
        at += size
    twin.stock = hidden[at:]
    assert sorted(sum(twin.zones().values(), [])) == sorted(DECK)
    return twin


def positions(rules: str, seats: int, deal: int, count: int):
    """Positions along a game played by normal players (some in mid-turn)."""
    game = KingsCorner.new(deal=deal, rules=rules, players="2" * seats)
    rng = random.Random(deal)
    found = 0
    while found < count and not game.is_over():
        if game.hand_over is not None:
            game.push(NEXT_HAND)
            continue
        if rng.random() < 0.4:
            found += 1
            yield game
        game.push(choose(game.view(game.to_move), "normal", rng))


@pytest.mark.parametrize("rules,seats", [("jax", 2), ("jax", 3), ("jax", 5), ("classic", 3),
                                         ("classic", 6)])
def test_no_peeking_a_shuffled_hidden_deal_gives_the_same_decisions(rules, seats):
    rng = random.Random(seats)
    decided = differed = 0
    for game in positions(rules, seats, deal=40 + seats, count=8):
        seat = game.to_move
        twin = hidden_shuffled(game, seat, rng)
        assert twin.view(seat) == game.view(seat)
        if twin.zones() != game.zones():
            differed += 1
        for level in ALL_LEVELS:
            mine = choose(game.view(seat), level, random.Random(99))
            theirs = choose(twin.view(seat), level, random.Random(99))
            assert mine == theirs, f"{level} decided differently on the same view"
            assert mine in game.legal_moves() and theirs in twin.legal_moves()
            decided += 1
    assert decided and differed


def test_hard_is_deterministic_given_the_rng():
    for game in positions("jax", 3, deal=5, count=6):
        view = game.view(game.to_move)
        assert choose(view, "hard", random.Random(4)) == choose(view, "hard", random.Random(4))


# -- normal's priorities ---------------------------------------------------------------


def table_deck(hands, sides, draws=()):
    """A deck whose deal (dealer 0: seat 1 is dealt first and moves first) gives seat i
    the cards of `hands[i]` (filled to 7), sides N E S W `sides`, then `draws` on top of
    the stock. Fillers are the deck's cards in order, Kings last."""
    n = len(hands)
    chosen = [c for hand in hands for c in hand] + list(sides) + list(draws)
    filler = iter([c for c in DECK if c[0] != "K" and c not in chosen]
                  + [c for c in DECK if c[0] == "K" and c not in chosen])
    full = [list(hand) + [next(filler) for _ in range(HAND_SIZE - len(hand))] for hand in hands]
    order = [full[(1 + k) % n][i] for i in range(HAND_SIZE) for k in range(n)]
    order += list(sides) + list(draws) + list(filler)  # the first card after the sides
    # is the top of the stock
    assert sorted(order) == sorted(DECK)
    return order


def test_normal_plays_a_king_to_a_corner_when_it_can():
    # Classic: Kings are not forced; seat 1 moves first and holds the King of spades
    deck = table_deck([["2D"], ["KS", "5H", "9C"]], sides=["3S", "4D", "6C", "8H"],
                      draws=["AH"])
    game = KingsCorner.new(deck=deck, rules="classic", players="22")
    assert game.to_move == 1 and "KS" in game.hands[1]
    move = choose(game.view(1), "normal", random.Random(1))
    assert isinstance(move, Play) and move.card == "KS" and move.stall in CORNERS


def test_normal_plays_every_king_it_holds_to_the_corners():
    deck = table_deck([["2D"], ["KS", "KH", "5H"]], sides=["3S", "4D", "6C", "8H"],
                      draws=["AH"])
    game = KingsCorner.new(deck=deck, rules="classic", players="22")
    rng = random.Random(1)
    while True:
        move = choose(game.view(1), "normal", rng)
        game.push(move)
        if move == END_TURN:
            break
    assert sorted(game.stalls[c][0] for c in CORNERS if game.stalls[c]) == ["KH", "KS"]


def test_normal_moves_a_king_headed_side_to_a_corner():
    # Jax: a King dealt to a side stays there until a player moves it
    deck = table_deck([["2D"], ["5H", "9C"]], sides=["KC", "4D", "6C", "8H"])
    game = KingsCorner.new(deck=deck, players="22")
    assert game.stalls["N"] == ["KC"]
    move = choose(game.view(1), "normal", random.Random(1))
    assert move == Shift("N", CORNERS[0])


def test_normal_frees_a_side_then_fills_it_with_the_card_most_can_follow():
    # the 7D of the N side fits on the 8S of the E side: normal moves it there; no card of
    # its hand fits a top, so the free side takes the 10H, on which the 9S and the 8D go
    deck = table_deck([["2D"], ["TH", "9S", "8D", "AC", "2C", "4S", "3S"]],
                      sides=["7D", "8S", "QC", "5C"])
    game = KingsCorner.new(deck=deck, players="22")
    rng = random.Random(1)
    played = []
    while True:
        move = choose(game.view(1), "normal", rng)
        game.push(move)
        if move == END_TURN:
            break
        played.append(move)
    assert played == [Shift("N", "E"), Play("TH", "N"), Play("9S", "N"), Play("8D", "N")]


def test_normal_plays_while_it_can():
    for game in positions("jax", 4, deal=11, count=30):
        view = game.view(game.to_move)
        move = choose(view, "normal", random.Random(1))
        can_play = bool(plays_for(view["hand"], view["stalls"], False))
        assert (move != END_TURN) == can_play


# -- the rollouts' rules agree with the engine -----------------------------------------


def world_of(game):
    hands = [0] * game.seats
    for seat, hand in enumerate(game.hands):
        for card in hand:
            hands[seat] |= ai.BIT[ai.IDX[card]]
    bot = [ai.IDX[game.stalls[s][0]] if game.stalls[s] else ai.EMPTY for s in SIDES + CORNERS]
    top = [ai.IDX[game.stalls[s][-1]] if game.stalls[s] else ai.EMPTY for s in SIDES + CORNERS]
    stock = [ai.IDX[card] for card in game.stock]
    return hands, bot, top, stock


@pytest.mark.parametrize("rules,options", [("jax", {})] + [("classic", o)
                                                          for o in CLASSIC_OPTIONS[:4]])
def test_rollouts_play_a_hand_as_the_engine_does(rules, options):
    """From the end of a seat's plays, the rollout (every seat normal) and the engine
    (every seat choosing normal's moves) reach the same winner and the same hands."""
    compared = 0
    for deal in range(1, 25):
        seats = 2 + deal % 5
        game = KingsCorner.new(deal=deal, rules=rules, players="2" * seats, **options)
        rng = random.Random(deal)
        stop_after = rng.randrange(0, 12)
        turns = 0
        while game.hand_over is None:
            move = choose(game.view(game.to_move), "normal", rng)
            if move == END_TURN:
                if turns == stop_after:
                    break
                turns += 1
            game.push(move)
        if game.hand_over is not None:
            continue
        hands, bot, top, stock = world_of(game)
        winner, _ = ai._rollout(hands, bot, top, stock, game.to_move, game.moved,
                                game.passes, game.dealer, ai._Rules(game.options), 10_000)
        while game.hand_over is None:
            game.push(choose(game.view(game.to_move), "normal", rng))
        assert winner == game.hand_over.winner
        assert [h.bit_count() for h in hands] == list(game.hand_over.cards_left)
        compared += 1
    assert compared >= 10


def test_plays_on_numbers_are_the_engines_plays():
    rng = random.Random(5)
    for deal in range(1, 30):
        game = KingsCorner.new(deal=deal, rules="classic", under=True, players="222")
        for _ in range(rng.randrange(0, 40)):
            if game.hand_over is not None:
                break
            game.push(rng.choice(game.legal_moves()))
        if game.hand_over is not None:
            continue
        view = game.view(game.to_move)
        hand, bot, top = ai._read(view)
        ours = sorted(str(ai._to_move(a)) for a in ai._plays(hand, bot, top, True))
        theirs = sorted(str(m) for m in plays_for(view["hand"], view["stalls"], True))
        assert ours == theirs
