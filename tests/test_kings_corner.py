"""Every rule of docs/rules.md section 5 (Kings in the Corner for 2 to 6 players, the Jax and the
Classic rules), and the decisions the engine's docstring adds where the rules are silent."""

import json

import pytest

from game.engine import RESIGN, IllegalMove, load_save
from game.engine.cards import RANKS, SUITS
from game.games import GAMES, REGISTRY
from game.games.kings_corner import (
    CORNERS,
    DECK,
    END_TURN,
    NEXT_HAND,
    SIDES,
    STALLS,
    HandResult,
    KingsCorner,
    Play,
    Shift,
    Under,
    fits,
    plays_for,
)

from .kc_helpers import (
    GAME,
    NO_KINGS_FIRST,
    every_card_once,
    kc_game,
    kc_position,
    play,
    seats_of,
    table_deck,
    texts,
)

EMPTY3 = [[], [], []]


def zone(game, name):
    return game.zones()[name]


def sides(game):
    return [zone(game, f"side-{side}") for side in SIDES]


def corners(game):
    return [zone(game, f"corner-{corner}") for corner in CORNERS]


def end_only_hand(game):
    """Push 'end' until the hand is over; returns how many were pushed."""
    count = 0
    while game.hand_over is None:
        game.push(END_TURN)
        count += 1
    return count


# -- the game, the deck, the deal and the zones ---------------------------------------------


def test_the_game_is_registered_with_its_options():
    assert GAMES["kings-corner"] is KingsCorner is GAME
    assert GAME.OPTIONS == {"rules": "jax", "players": "h222", "draw": 1, "draw_end": False,
                            "under": False, "match": 0}
    assert REGISTRY[GAME.id].title == "Kings in the Corner (table)"
    assert len(DECK) == 52 == len(set(DECK))
    assert set(DECK) == {rank + suit for rank in RANKS for suit in SUITS}
    assert SIDES == ("N", "E", "S", "W") and CORNERS == ("NE", "SE", "SW", "NW")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("rules", ["jax", "classic"])
def test_the_deal_seven_each_from_the_dealers_left_then_the_sides_then_the_stock(seats, rules):
    order = list(NO_KINGS_FIRST)
    game = GAME.new(deck=order, players=seats_of(seats), rules=rules, draw_end=False)
    zones = game.zones()
    every_card_once(game)
    assert game.seats == seats and game.dealer == 0 and game.to_move == 1
    for seat in range(seats):
        dealt = [order[i] for i in range(7 * seats) if (i + 1) % seats == seat]
        hand = zones[f"hand-{seat}"]
        if rules == "classic" and seat == 1:
            # the first player (the dealer's left) drew the stock's top card already
            assert hand == dealt + [order[7 * seats + 4]]
        else:
            assert hand == dealt
    assert zones["hand-1"][0] == order[0]  # the first card goes to the dealer's left
    assert sides(game) == [[card] for card in order[7 * seats:7 * seats + 4]]
    assert corners(game) == [[], [], [], []]
    rest = order[7 * seats + 4:]
    if rules == "classic":
        rest = rest[1:]
    assert zones["stock"] == rest[::-1]  # the top (the end) is the next card of the deck
    assert game.hand_number == 0 and game.results == []
    assert not game.is_over() and game.outcome() is None


def test_zones_are_named_as_the_dom_names_them():
    game = GAME.new(deal=5)
    assert set(game.zones()) == {
        "side-N", "side-E", "side-S", "side-W", "corner-NE", "corner-SE", "corner-SW",
        "corner-NW", "hand-0", "hand-1", "hand-2", "hand-3", "stock"}
    every_card_once(game)


def test_a_deck_holds_each_card_once_and_excludes_a_deal_number():
    with pytest.raises(ValueError):
        GAME.new(deck=list(DECK[:-1]) + ["AS"])
    with pytest.raises(ValueError):
        GAME.new(deck=list(DECK[:-1]))
    with pytest.raises(ValueError):
        GAME.new(deal=3, deck=list(DECK))
    with pytest.raises(ValueError):
        GAME.new()
    for bad in (0, 1_000_000_000, "7", True):
        with pytest.raises(ValueError):
            GAME.new(deal=bad)


def test_the_same_deal_and_options_give_the_same_game():
    assert GAME.new(deal=77).zones() == GAME.new(deal=77).zones()
    assert GAME.new(deal=77).zones() != GAME.new(deal=78).zones()


# -- fitting: one rank lower, the other colour, Aces low -------------------------------------


@pytest.mark.parametrize(
    ("card", "top", "ok"),
    [
        ("QH", "KS", True), ("QD", "KC", True), ("QS", "KH", True), ("QC", "KD", True),
        ("TD", "JS", True), ("9C", "TH", True), ("AH", "2S", True), ("AS", "2D", True),
        ("QS", "KS", False), ("QC", "KS", False), ("QH", "KD", False), ("QD", "KH", False),
        ("JH", "KS", False), ("KS", "QH", False), ("2H", "AS", False), ("KH", "AS", False),
        ("AS", "KH", False), ("5H", "5S", False), ("4S", "6H", False), ("8D", "8D", False),
    ],
)
def test_a_card_fits_one_rank_lower_and_the_other_colour(card, top, ok):
    assert fits(card, top) is ok


# -- the four kinds of play ------------------------------------------------------------------

# N starts with a King, E's Jack fits the Queen on the NE corner, W's 10 fits E's Jack; S is
# empty, so are three corners.
STALLS_4 = {"N": ["KS"], "E": ["JD"], "S": [], "W": ["TC", "9H"], "NE": ["KH", "QC"]}
HAND_4 = ["QH", "8S", "2C", "KD"]
LEGAL_4 = ["2C>S", "8S>S", "8S>W", "E>NE", "KD>NW", "KD>S", "KD>SE", "KD>SW", "N>NW", "N>SE",
           "N>SW", "QH>N", "QH>S", "W>E", "end"]


@pytest.mark.parametrize("rules", ["jax", "classic"])
def test_the_four_kinds_of_play_are_exactly_the_legal_moves(rules):
    game = kc_position([HAND_4, ["5S"]], STALLS_4, stock=["4D"], rules=rules)
    assert texts(game.legal_moves()) == LEGAL_4
    assert texts(plays_for(HAND_4, game.stalls, False)) == [m for m in LEGAL_4 if m != "end"]
    for text in LEGAL_4[:-1]:  # each is accepted, and pop puts everything back
        before = game.zones()
        game.push(text)
        assert game.played
        game.pop()
        assert game.zones() == before and not game.played


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("QH>E", "The Queen of hearts cannot go on the Jack of diamonds: a stall goes down one "
                 "rank at a time in alternate colours."),
        ("8S>N", "The 8 of spades cannot go on the King of spades"),
        ("KD>NE", "The King of diamonds cannot go on the Queen of clubs"),
        ("2C>SE", "A corner starts only with a King."),
        ("9C>S", "The 9 of clubs is not in your hand."),
        ("5S>S", "The 5 of spades is not in your hand."),  # the other seat's card
        ("N>S", "Moving a stall onto an empty side changes nothing."),
        ("W>S", "Moving a stall onto an empty side changes nothing."),
        ("E>SE", "Only a stall that starts with a King moves to a corner."),
        ("W>NW", "Only a stall that starts with a King moves to a corner."),
        ("S>N", "Move a side stall onto another stall."),
        ("N>N", "Move a side stall onto another stall."),
        ("E>W", "The Jack of diamonds at the bottom of that stall cannot go on the 9 of hearts."),
        ("N>E", "The King of spades at the bottom of that stall cannot go on the Jack of "
                "diamonds."),
        ("next", "The hand is still being played."),
    ],
)
def test_plays_that_break_a_rule_are_refused_with_the_reason(text, reason):
    game = kc_position([HAND_4, ["5S"]], STALLS_4, stock=["4D"])
    before = game.zones()
    with pytest.raises(IllegalMove, match=reason.replace(".", r"\.")):
        game.push(text)
    assert game.zones() == before and game.move_stack == []


@pytest.mark.parametrize("src", CORNERS)
@pytest.mark.parametrize("dst", STALLS)
def test_corner_stalls_never_move(src, dst):
    game = kc_position([HAND_4, ["5S"]], STALLS_4, stock=["4D"])
    with pytest.raises(IllegalMove, match="Corner stalls never move."):
        game.push(Shift(src, dst))
    with pytest.raises(ValueError):
        game.parse_move(f"{src}>{dst}")  # and no text names such a move


def test_a_whole_side_stall_moves_and_the_emptied_side_takes_any_card():
    game = kc_position([HAND_4, ["5S"]], STALLS_4, stock=["4D"])
    game.push("W>E")  # the 10 of clubs fits on the Jack of diamonds: both cards go
    assert game.stalls["E"] == ["JD", "TC", "9H"] and game.stalls["W"] == []
    game.push("8S>E")
    game.push("E>NE")  # the bottom Jack fits the corner's Queen: the whole stall goes
    assert game.stalls["NE"] == ["KH", "QC", "JD", "TC", "9H", "8S"]
    assert game.stalls["E"] == []
    game.push("N>SE")  # a stall that starts with a King moves to an empty corner
    assert game.stalls["SE"] == ["KS"] and game.stalls["N"] == []
    game.push("QH>SE")
    game.push("2C>N")  # any card goes on an empty side
    assert game.stalls["N"] == ["2C"] and game.hands[0] == ["KD"]
    game.push("KD>E")  # a King too
    assert game.stalls["E"] == ["KD"] and game.hands[0] == []
    assert game.hand_over is not None and game.hand_over.winner == 0


def test_a_king_goes_to_an_empty_corner_only():
    game = kc_position([["KD", "5C"], ["5S"]], {"N": ["6H"], "NE": ["KS"]}, stock=["4D"],
                       rules="classic")
    assert texts(game.legal_moves()) == ["5C>E", "5C>N", "5C>S", "5C>W", "KD>E", "KD>NW",
                                         "KD>S", "KD>SE", "KD>SW", "KD>W", "end"]
    with pytest.raises(IllegalMove, match="cannot go on the King of spades"):
        game.push("KD>NE")
    game.push("KD>SW")
    assert game.stalls["SW"] == ["KD"]


# -- the Jax rules: Kings -------------------------------------------------------------------


def test_jax_a_king_dealt_to_a_side_stays_there_until_a_player_moves_it():
    game = kc_game(EMPTY3, sides=["KS", "5H", "8C", "JD"])
    assert sides(game) == [["KS"], ["5H"], ["8C"], ["JD"]]
    assert corners(game) == [[], [], [], []]
    legal = texts(game.legal_moves())
    assert {"N>NE", "N>SE", "N>SW", "N>NW"} <= set(legal)
    game.push("N>NW")
    assert zone(game, "corner-NW") == ["KS"] and zone(game, "side-N") == []
    every_card_once(game)


@pytest.mark.parametrize("players", ["hh", "h22", "h2222"])
def test_classic_a_king_dealt_to_a_side_goes_to_a_corner_leaving_the_side_empty(players):
    hands = [[] for _ in players]
    game = kc_game(hands, sides=["KS", "5H", "KD", "JD"], rules="classic", draw_end=True,
                   players=players)
    assert sides(game) == [[], ["5H"], [], ["JD"]]
    assert corners(game) == [["KS"], ["KD"], [], []]
    every_card_once(game)
    jax = kc_game(hands, sides=["KS", "5H", "KD", "JD"], players=players)
    assert sides(jax) == [["KS"], ["5H"], ["KD"], ["JD"]]


def test_jax_kings_in_hand_go_to_corners_when_the_turn_starts_and_not_before():
    game = kc_game([[], ["KS", "KH", "5D"], ["KD"]], sides=["9C", "8H", "7S", "6D"],
                   draws=["2S", "3S"])
    # seat 1 (the dealer's left) starts: its two Kings are already in the corners
    assert corners(game)[:2] == [["KS"], ["KH"]] and len(zone(game, "hand-1")) == 5
    assert "KS" not in zone(game, "hand-1") and "KH" not in zone(game, "hand-1")
    # seat 2 keeps its King until its own turn starts
    assert "KD" in zone(game, "hand-2") and len(zone(game, "hand-2")) == 7
    assert game.move_stack == [] and game.played  # the forced Kings count as a play
    before = game.zones()
    game.push(END_TURN)
    assert game.to_move == 2 and zone(game, "corner-SW") == ["KD"]
    assert "KD" not in zone(game, "hand-2") and len(zone(game, "hand-2")) == 6
    assert game.ledger()["chips"] == [25, 26, 26] and game.ledger()["pot"] == 3  # no chip
    every_card_once(game)
    game.pop()  # one pop undoes the draw, the next turn's start and its King
    assert game.zones() == before and game.to_move == 1


def test_jax_a_king_drawn_goes_to_a_corner_and_nothing_more_is_drawn():
    game = kc_game(EMPTY3, sides=["9C", "8H", "7S", "6D"], draws=["KC", "2S"])
    hand = zone(game, "hand-1")
    game.push(END_TURN)  # seat 1 plays nothing
    assert zone(game, "corner-NE") == ["KC"]
    assert zone(game, "hand-1") == hand  # the King went on; no second card was drawn
    assert zone(game, "stock")[-1] == "2S"
    assert game.ledger()["chips"] == [25, 25, 26]  # the no-play chip was paid before
    assert game.to_move == 2
    game.push(END_TURN)
    assert zone(game, "hand-2")[-1] == "2S"


def test_jax_a_king_forced_at_the_start_of_a_turn_can_empty_the_hand_and_win_it():
    game = kc_position([["9S", "3H"], ["KS"]], {"N": ["QH"], "E": ["JC"], "S": ["7D"],
                                                 "W": ["6C"]},
                       stock=["2D"], chips=[20, 30], pot=4)
    game.push(END_TURN)  # seat 0 pays a chip, draws the 2 of diamonds; seat 1's King goes
    assert game.stalls["NE"] == ["KS"]
    result = game.hand_over
    # seat 0 paid its no-play chip, then 3 chips for its 3 cards: 4 + 1 + 3 in the pot
    assert result == HandResult(0, 1, False, (3, 0), (3, 0), 8, (0, 8))
    assert game.ledger() == {"chips": [16, 38], "pot": 0, "scores": [0, 8]}
    assert game.legal_moves() == [NEXT_HAND]


# -- the Jax rules: chips --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "chips"),
    [
        (2, [39, 39]),
        (3, [25, 26, 26]),  # 80 = 3 x 26 + 2: the two after the dealer (seat 0) get one more
        (4, [19, 19, 19, 19]),
        (5, [15, 15, 15, 15, 15]),
        (6, [12, 13, 13, 12, 12, 12]),  # 80 = 6 x 13 + 2
    ],
)
def test_jax_eighty_chips_shared_from_the_dealers_left_and_everybody_antes(seats, chips):
    game = GAME.new(deck=list(NO_KINGS_FIRST), players=seats_of(seats))
    assert game.ledger() == {"chips": chips, "pot": seats, "scores": [0] * seats}
    assert sum(chips) + seats == 80


def test_jax_the_remainder_follows_the_deal_to_the_next_dealers_left():
    game = GAME.new(deal=4, players="h22222")
    end_only_hand(game)
    game.push(NEXT_HAND)
    assert game.dealer == 1 and game.to_move == 2
    assert game.ledger()["chips"] == [12, 12, 13, 13, 12, 12] and game.ledger()["pot"] == 6
    end_only_hand(game)
    game.push(NEXT_HAND)
    assert game.dealer == 2
    assert game.ledger()["chips"] == [12, 12, 12, 13, 13, 12]


def test_jax_a_turn_without_a_play_costs_a_chip_and_ends_with_a_draw():
    game = kc_game(EMPTY3, sides=["9C", "8H", "7S", "6D"], draws=["2S", "3S", "4S"])
    hand = zone(game, "hand-1")
    game.push(END_TURN)
    assert game.ledger() == {"chips": [25, 25, 26], "pot": 4, "scores": [0, 0, 0]}
    assert zone(game, "hand-1") == hand + ["2S"]  # the top card of the stock
    assert game.to_move == 2 and not game.played
    game.pop()
    assert game.ledger()["pot"] == 3 and zone(game, "hand-1") == hand


def test_jax_a_turn_with_a_play_costs_nothing():
    game = kc_game([[], ["8D"], []], sides=["9C", "8H", "7S", "6D"], draws=["2S"])
    play(game, "8D>N end")
    assert game.ledger()["chips"] == [25, 26, 26] and game.ledger()["pot"] == 3
    assert zone(game, "hand-1")[-1] == "2S" and len(zone(game, "hand-1")) == 7


def test_jax_moving_a_stall_is_a_play_too():
    game = kc_game(EMPTY3, sides=["9C", "8H", "7S", "6D"], draws=["2S"])
    play(game, "E>N end")
    assert game.ledger()["chips"] == [25, 26, 26] and game.ledger()["pot"] == 3


def test_jax_a_player_without_chips_pays_nothing():
    game = kc_position([["9S"], ["QD"]], {"N": ["2H"], "E": ["2D"], "S": ["AH"], "W": ["AD"]},
                       stock=["5C", "6C"], chips=[0, 3], pot=7)
    game.push(END_TURN)
    assert game.ledger()["chips"] == [0, 3] and game.ledger()["pot"] == 7
    game.push(END_TURN)
    assert game.ledger()["chips"] == [0, 2] and game.ledger()["pot"] == 8


# -- the end of a hand -----------------------------------------------------------------------


def test_jax_the_first_to_empty_their_hand_wins_the_hand_and_the_pot():
    game = kc_position([["5D"], ["AS", "2S", "3S"], ["4H", "9C"]], {"N": ["6C"]},
                       stock=["7H"], chips=[10, 2, 30], pot=7)
    game.push("5D>N")
    result = game.hand_over
    # seat 1 owes 3 chips and has 2: it pays what it has; seat 2 pays 2
    assert result == HandResult(number=0, winner=0, blocked=False, cards_left=(0, 3, 2),
                                paid=(0, 2, 2), pot=11, points=(11, 0, 0))
    assert game.ledger() == {"chips": [21, 0, 28], "pot": 0, "scores": [11, 0, 0]}
    assert game.results == [result]
    assert not game.is_over() and game.outcome() is None
    assert game.legal_moves() == [NEXT_HAND] and game.status().prompt == "The hand is over."
    assert game.view(1)["over"]
    for text in ("end", "4H>N", "N>E"):
        with pytest.raises(IllegalMove, match="The hand is over: deal the next one."):
            game.push(text)
    game.pop()
    assert game.hand_over is None and game.results == [] and game.hands[0] == ["5D"]
    assert game.ledger() == {"chips": [10, 2, 30], "pot": 7, "scores": [0, 0, 0]}


def test_jax_a_player_who_cannot_pay_pays_what_they_have_by_real_play():
    game = GAME.new(deal=10, players="h22")
    assert end_only_hand(game) == 30  # 27 draws, then a round with nothing moving
    result = game.hand_over
    assert result.blocked and result.cards_left == (16, 14, 14) and result.winner == 1
    assert result.paid == (15, 0, 14)  # seat 0 had 15 chips left for 16 cards
    assert game.ledger() == {"chips": [0, 77, 3], "pot": 0, "scores": [0, 60, 0]}
    assert sum(game.ledger()["chips"]) == 80


def test_next_deals_the_next_hand_and_the_deal_passes_to_the_left():
    game = GAME.new(deal=1)
    end_only_hand(game)
    first = game.results[0]
    assert game.ledger()["scores"] == [0, 0, first.pot, 0]
    game.push(NEXT_HAND)
    every_card_once(game)
    assert game.hand_number == 1 and game.hand_over is None
    assert game.dealer == 1 and game.to_move == 2
    assert game.ledger() == {"chips": [19, 19, 19, 19], "pot": 4, "scores": [0, 0, 61, 0]}
    hand2 = game.zones()
    assert hand2 != GAME.new(deal=1).zones()
    again = GAME.new(deal=1)
    end_only_hand(again)
    again.push("next")
    assert again.zones() == hand2  # deterministic
    other = GAME.new(deal=2)
    end_only_hand(other)
    other.push("next")
    assert other.zones() != hand2
    game.pop()
    assert game.dealer == 0 and game.hand_over == first and game.hand_number == 0


def test_jax_the_first_to_100_points_wins_the_game_by_real_play():
    game = GAME.new(deal=1)
    hands = 0
    while not game.is_over():
        assert game.dealer == hands % 4
        end_only_hand(game)
        hands += 1
        if not game.is_over():
            assert max(game.scores) < 100
            game.push(NEXT_HAND)
    assert hands == 2 and game.scores == [0, 0, 121, 0]
    assert game.winner() == 2 and game.match_over()
    out = game.outcome()
    assert not out.won and out.score == 0 and not out.resigned
    assert out.reason == "Seat 3 reached 121 points first."
    assert game.legal_moves() == [] and game.status().prompt == ""
    with pytest.raises(IllegalMove, match="The game is over."):
        game.push(NEXT_HAND)


@pytest.mark.parametrize(("winner", "won"), [(0, True), (1, False)])
def test_jax_reaching_100_ends_the_game(winner, won):
    hands = [["3S", "4S"], ["3H", "4H"]]
    hands[winner] = ["5D"]
    game = kc_position(hands, {"N": ["6C"], "E": ["9S"], "S": ["9C"], "W": ["8S"]},
                       stock=["TH"], chips=[30, 30], pot=4, scores=[96, 96], to_move=winner)
    game.push("5D>N")
    assert game.scores[winner] == 96 + 4 + 2 and game.scores[1 - winner] == 96
    assert game.is_over() and game.winner() == winner
    out = game.outcome()
    assert out.won is won and out.score == game.scores[0]
    assert out.reason == f"Seat {winner + 1} reached 102 points first."
    game.pop()
    assert not game.is_over() and game.winner() is None


def test_jax_99_points_is_not_yet_enough():
    game = kc_position([["5D"], ["3H", "4H"]], {"N": ["6C"]}, stock=["TH"], pot=1,
                       scores=[96, 0])
    game.push("5D>N")
    assert game.scores == [99, 0] and not game.is_over()
    assert game.legal_moves() == [NEXT_HAND]


# -- a blocked hand --------------------------------------------------------------------------

# Four fives head the sides: only a 4 could go on them and nothing moves between them.
FIVES = {"N": ["5C"], "E": ["5S"], "S": ["5H"], "W": ["5D"]}
STUCK = [["QC", "QS", "JC"], ["9S", "9C"], ["8H", "8D"]]


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 2), (2, 1)])
@pytest.mark.parametrize("rules", ["jax", "classic"])
def test_a_whole_round_without_a_card_moving_blocks_the_hand(dealer, winner, rules):
    first = (dealer + 1) % 3
    game = kc_position(STUCK, FIVES, dealer=dealer, to_move=first, rules=rules,
                       draw_end=rules == "classic")
    for turn in range(2):
        assert texts(game.legal_moves()) == ["end"]
        game.push(END_TURN)
        assert game.hand_over is None and game.passes == turn + 1
    game.push(END_TURN)
    result = game.hand_over
    # seats 1 and 2 have two cards each: the first of them from the dealer's left wins
    assert result.blocked and result.winner == winner and result.cards_left == (3, 2, 2)
    if rules == "jax":
        paid = [3, 2, 2]
        paid[winner] = 0
        assert result.paid == tuple(paid)
        assert game.ledger()["pot"] == 0 and game.scores[winner] == result.pot > 0


def test_a_play_starts_the_round_afresh():
    stuck = [list(STUCK[0]), list(STUCK[1]), ["8H", "4H"]]
    game = kc_position(stuck, FIVES, to_move=1)
    play(game, "end 4H>N end end end")
    assert game.hand_over is None and game.passes == 2  # seat 2 played: the count restarted
    game.push(END_TURN)
    assert game.hand_over.blocked and game.hand_over.winner == 2  # one card left


def test_a_draw_is_a_card_moving_so_a_hand_blocks_only_with_the_stock_empty():
    game = kc_position(STUCK, FIVES, stock=["TD", "TS"], to_move=1)
    play(game, "end end")  # seats 1 and 2 each draw a 10: nobody plays, cards still move
    assert game.passes == 0 and game.stock == []
    play(game, "end end")
    assert game.hand_over is None and game.passes == 2
    game.push(END_TURN)
    assert game.hand_over.blocked and game.hand_over.cards_left == (3, 3, 3)
    assert game.hand_over.winner == 1


def test_blocked_ties_by_real_play_first_from_the_dealers_left():
    game = GAME.new(deal=20)
    assert end_only_hand(game) == 24  # 20 draws and a round of four ends
    result = game.hand_over
    assert result.blocked and result.cards_left == (10, 12, 12, 10)
    assert result.winner == 3  # seats 0 and 3 tie; seat 3 comes first after dealer 0
    game = GAME.new(deal=1)
    end_only_hand(game)
    game.push(NEXT_HAND)
    end_only_hand(game)
    result = game.results[1]
    assert result.cards_left == (12, 11, 11, 11) and game.dealer == 1
    assert result.winner == 2  # seats 1, 2 and 3 tie; seat 2 comes first after dealer 1


# -- the Classic rules -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "first_hand", "after_end"),
    [
        ({}, ["5H"], ["5H"]),
        ({"draw": 2}, ["5H", "6H"], ["5H", "6H"]),
        ({"draw_end": True}, [], ["5H"]),
        ({"draw_end": True, "draw": 2}, [], ["5H", "6H"]),
    ],
)
def test_classic_draws_at_the_start_of_a_turn_or_with_draw_end_at_its_end(
        options, first_hand, after_end):
    game = kc_game(EMPTY3, sides=["9C", "8H", "7S", "6D"], draws=["5H", "6H", "7H", "8C"],
                   rules="classic", **options)
    dealt = table_deck(EMPTY3, ["9C", "8H", "7S", "6D"], ["5H", "6H", "7H", "8C"])[0:21:3]
    assert zone(game, "hand-1") == dealt + first_hand
    game.push(END_TURN)
    assert zone(game, "hand-1") == dealt + after_end
    drawn = len(after_end)
    upcoming = ["5H", "6H", "7H", "8C"][drawn:drawn + (0 if options.get("draw_end") else drawn)]
    assert zone(game, "hand-2")[7:] == upcoming  # seat 2 drew at its start, or not yet
    assert game.ledger() == {"chips": [0, 0, 0], "pot": 0, "scores": [0, 0, 0]}


def test_classic_a_king_drawn_stays_in_hand_for_the_player_to_place():
    game = kc_game(EMPTY3, sides=["9C", "8H", "7S", "6D"], draws=["KH", "2S"],
                   rules="classic")
    assert zone(game, "hand-1")[-1] == "KH" and corners(game) == [[], [], [], []]
    assert {"KH>NE", "KH>SE", "KH>SW", "KH>NW"} <= set(texts(game.legal_moves()))
    game.push(END_TURN)  # no King is forced: it stays in hand, and no chip is paid
    assert "KH" in zone(game, "hand-1") and corners(game) == [[], [], [], []]
    assert zone(game, "hand-2")[-1] == "2S"


def test_classic_kings_dealt_in_hand_wait_for_the_player():
    game = kc_game([[], ["KS"], []], sides=["9C", "8H", "7S", "6D"], rules="classic")
    assert "KS" in zone(game, "hand-1") and corners(game) == [[], [], [], []]


def test_classic_a_single_hand_ends_the_game_when_a_hand_empties():
    game = kc_position([["9S", "7C"], ["5D"], ["KS", "2C"]], {"N": ["6C"], "E": ["TH"]},
                       stock=["3D"], rules="classic", to_move=1)
    game.push("5D>N")
    assert game.is_over() and game.winner() == 1
    assert game.hand_over.winner == 1 and not game.hand_over.blocked
    assert game.hand_over.points == (2, 0, 11)  # 10 for a King, 1 for any other card
    out = game.outcome()
    assert not out.won and out.score == 2 and not out.resigned
    assert out.reason == "Seat 2 was first to empty their hand."
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove, match="The game is over."):
        game.push(NEXT_HAND)


def test_classic_seat_zero_emptying_its_hand_wins():
    game = kc_position([["9S"], ["5D"], ["KS", "2C"]], {"N": ["6C"], "E": ["TH"]},
                       stock=["3D"], rules="classic")
    game.push("9S>E")
    out = game.outcome()
    assert out.won and out.score == 0 and out.reason == "Seat 1 was first to empty their hand."


def test_classic_match_goes_on_until_the_limit_and_the_fewest_points_win():
    game = kc_position([["9S"], ["5D", "KC"], ["KS", "2C"]], {"N": ["6C"], "E": ["TH"]},
                       stock=["3D"], rules="classic", match=30)
    game.push("9S>E")
    assert game.scores == [0, 11, 11] and not game.is_over()
    assert game.legal_moves() == [NEXT_HAND] and game.ledger()["chips"] == [0, 0, 0]
    game.push(NEXT_HAND)
    assert game.dealer == 1 and game.to_move == 2 and game.hand_number == 1
    every_card_once(game)
    assert len(zone(game, "hand-2")) == 8  # the first player drew at the start
    # a hand later, with the scores near the limit
    game = kc_position([["3S"], ["5D", "KC"], ["9S"]], {"N": ["6C"], "E": ["TH"]},
                       stock=["3D"], rules="classic", match=20, scores=[5, 9, 8], to_move=2)
    game.push("9S>E")
    assert game.scores == [6, 20, 8] and game.is_over() and game.winner() == 0
    out = game.outcome()
    assert out.won and out.score == 6
    assert out.reason == ("The match reached 20 penalty points; seat 1 has the fewest, 6.")


def test_classic_match_won_by_another_seat():
    game = kc_position([["3S", "KH"], ["5D", "KC"], ["9S"]], {"N": ["6C"], "E": ["TH"]},
                       stock=["3D"], rules="classic", match=20, scores=[5, 9, 8], to_move=2)
    game.push("9S>E")
    assert game.scores == [16, 20, 8] and game.winner() == 2
    out = game.outcome()
    assert not out.won and out.score == 16
    assert out.reason.endswith("seat 3 has the fewest, 8.")


def test_classic_has_no_chips_and_no_no_play_chip():
    game = kc_game(EMPTY3, rules="classic")
    play(game, "end end end end")
    assert game.ledger() == {"chips": [0, 0, 0], "pot": 0, "scores": [0, 0, 0]}


# -- Classic's `under` option ----------------------------------------------------------------

UNDER_STALLS = {"N": ["9H", "8C"], "E": [], "S": ["KS", "QH"], "W": ["5C"], "NE": ["KD"]}
UNDER_HAND = ["TS", "TC", "6H", "6D", "9S", "JD"]


def test_under_a_card_one_higher_of_the_other_colour_goes_under_a_side():
    game = kc_position([UNDER_HAND, ["2S"]], UNDER_STALLS, stock=["3D"], rules="classic",
                       under=True)
    unders = [text for text in texts(game.legal_moves()) if "<" in text]
    assert unders == ["6D<W", "6H<W", "TC<N", "TS<N"]
    game.push("TS<N")
    assert game.stalls["N"] == ["TS", "9H", "8C"] and "TS" not in game.hands[0]
    assert game.played
    assert "JD<N" in texts(game.legal_moves())  # the new bottom takes the next one under
    game.pop()
    assert game.stalls["N"] == ["9H", "8C"] and game.hands[0] == UNDER_HAND


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("9S<N", "The 9 of spades cannot go under the 9 of hearts."),
        ("TS<W", "The 10 of spades cannot go under the 5 of clubs."),
        ("JD<S", "Nothing goes under a King."),
        ("TS<E", "That side stall is empty: play the card on it."),
        ("QC<N", "The Queen of clubs is not in your hand."),
    ],
)
def test_under_refused_with_the_reason(text, reason):
    game = kc_position([UNDER_HAND, ["2S"]], UNDER_STALLS, stock=["3D"], rules="classic",
                       under=True)
    with pytest.raises(IllegalMove, match=reason):
        game.push(text)


def test_under_only_while_a_side_stall_is_empty():
    game = kc_position([UNDER_HAND, ["2S"]], UNDER_STALLS, stock=["3D"], rules="classic",
                       under=True)
    game.push("JD>E")
    assert not [m for m in game.legal_moves() if isinstance(m, Under)]
    with pytest.raises(IllegalMove, match="A card goes under a row only while a side stall is "
                                          "empty."):
        game.push("TS<N")


def test_a_king_may_go_under_a_queen_and_then_move_to_a_corner():
    game = kc_position([["KS", "3C"], ["2S"]], {"N": ["QH"], "E": ["9C"], "S": ["4C"]},
                       stock=["3D"], rules="classic", under=True)
    game.push("KS<N")
    assert game.stalls["N"] == ["KS", "QH"]
    assert "N>SE" in texts(game.legal_moves())


@pytest.mark.parametrize("options", [{"rules": "classic"}, {}])
def test_under_is_refused_without_the_option(options):
    game = kc_position([UNDER_HAND, ["2S"]], UNDER_STALLS, stock=["3D"], **options)
    assert not [m for m in game.legal_moves() if isinstance(m, Under)]
    with pytest.raises(IllegalMove, match="Playing under the rows is not allowed in these rules."):
        game.push("TS<N")


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"rules": "house"}, {"rules": "Jax"}, {"rules": ""},
        {"players": "h"}, {"players": ""}, {"players": "h222222"}, {"players": "hx"},
        {"players": "H2"}, {"players": "h4"}, {"players": "h 2"}, {"players": 4},
        {"draw": 3, "rules": "classic"}, {"draw": 0, "rules": "classic"},
        {"match": -1, "rules": "classic"}, {"match": 1001, "rules": "classic"},
        {"draw": 2}, {"draw_end": True}, {"under": True}, {"match": 50},
        {"under": 1, "rules": "classic"}, {"draw": "2", "rules": "classic"},
        {"draw_end": None, "rules": "classic"}, {"chips": 80}, {"Rules": "jax"},
    ],
)
def test_options_are_checked(bad):
    with pytest.raises(ValueError):
        GAME.new(deal=5, **bad)


@pytest.mark.parametrize("name", ["draw", "draw_end", "under", "match"])
def test_classic_options_belong_to_the_classic_rules(name):
    value = {"draw": 2, "draw_end": True, "under": True, "match": 50}[name]
    with pytest.raises(ValueError, match=f"The option {name} belongs to the Classic rules."):
        GAME.new(deal=5, **{name: value})
    GAME.new(deal=5, rules="classic", **{name: value})


@pytest.mark.parametrize("players", ["hh", "h1", "12", "h23", "hhh3", "h1h2h", "333333"])
def test_players_are_two_to_six_letters(players):
    game = GAME.new(deal=5, players=players)
    assert game.seats == len(players) == len(game.ledger()["chips"])
    assert game.players == players
    every_card_once(game)


def test_the_players_letters_do_not_change_the_cards():
    assert GAME.new(deal=9, players="h111").zones() == GAME.new(deal=9).zones()
    assert GAME.new(deal=9, players="hhhh").zones() == GAME.new(deal=9).zones()


def test_the_prompt_says_whose_turn_it_is():
    game = kc_game([[], [], []], players="hh2")
    assert game.to_move == 1 and game.status().prompt == "Your turn."
    game.push(END_TURN)
    assert game.to_move == 2 and game.status().prompt == ""


# -- what a seat may know --------------------------------------------------------------------


def test_view_shows_the_own_hand_the_stalls_and_the_sizes_of_the_rest():
    game = kc_game([[], ["8D"], []], sides=["9C", "8H", "7S", "6D"])
    view = game.view(2)
    zones = game.zones()
    assert view["seat"] == 2 and view["hand"] == zones["hand-2"]
    assert view["stalls"] == {stall: zones[f"side-{stall}" if stall in SIDES
                                           else f"corner-{stall}"] for stall in STALLS}
    assert view["hand_sizes"] == [7, 7, 7] and view["stock"] == 52 - 21 - 4
    assert view["to_move"] == 1 and view["dealer"] == 0 and not view["over"]
    assert view["ledger"] == game.ledger()
    cards = json.dumps(view)
    for seat in (0, 1):  # no card of another hand appears anywhere in the view
        assert not any(f'"{card}"' in cards for card in zones[f"hand-{seat}"])
    assert not any(f'"{card}"' in cards for card in zones["stock"])
    view["hand"].append("XX")
    view["stalls"]["N"].append("XX")
    assert "XX" not in json.dumps(game.zones())  # a copy, not the game's own lists


def _hidden_twins(seat):
    """Two games that differ only in cards `seat` cannot see: a card of another hand and a
    card deep in the stock swap places (no Kings, so nothing is forced)."""
    base = table_deck([[], [], []], ["9C", "8H", "7S", "6D"], ["2S", "3S", "4S"])
    other = (seat + 1) % 3
    position = [i for i in range(21) if (i + 1) % 3 == other][3]
    deep = 40  # far below the cards drawn in the turns played here
    twin = list(base)
    twin[position], twin[deep] = twin[deep], twin[position]
    assert "K" not in base[position][0] + base[deep][0]
    return GAME.new(deck=base, players="h22"), GAME.new(deck=twin, players="h22")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_view_is_the_same_for_games_differing_only_in_what_the_seat_cannot_see(seat):
    one, two = _hidden_twins(seat)
    assert one.zones() != two.zones()
    for moves in ["", "end", "end end", "end end end", "end end end end"]:
        a, b = GAME.from_save(dict(one.to_save(), moves=moves.split())), \
            GAME.from_save(dict(two.to_save(), moves=moves.split()))
        assert a.view(seat) == b.view(seat)
        assert a.view((seat + 1) % 3) != b.view((seat + 1) % 3)


def test_ledger_is_chips_pot_and_scores_as_copies():
    game = GAME.new(deal=3, players="h22")
    ledger = game.ledger()
    assert ledger == {"chips": [25, 26, 26], "pot": 3, "scores": [0, 0, 0]}
    ledger["chips"][0] = 99
    ledger["scores"][0] = 99
    assert game.ledger() == {"chips": [25, 26, 26], "pot": 3, "scores": [0, 0, 0]}


# -- texts, saves, resigning ---------------------------------------------------------------


def test_move_texts_round_trip():
    game = GAME.new(deal=3)
    assert (str(Play("QH", "N")), str(Play("KS", "NE")), str(Under("9H", "N")),
            str(Shift("N", "E")), str(Shift("W", "NE")), str(END_TURN), str(NEXT_HAND)) == (
        "QH>N", "KS>NE", "9H<N", "N>E", "W>NE", "end", "next")
    moves = [Play(card, stall) for card in DECK for stall in STALLS]
    moves += [Under(card, side) for card in DECK for side in SIDES]
    moves += [Shift(src, dst) for src in SIDES for dst in STALLS]
    moves += [END_TURN, NEXT_HAND]
    for move in moves:
        assert game.parse_move(str(move)) == move
    assert game.parse_move("resign") == RESIGN


@pytest.mark.parametrize(
    "bad",
    ["", "QH", "QH>", ">N", "QH>X", "QH>n", "qh>N", "QH>NN", "10H>N", "1H>N", "QX>N", "QH->N",
     "QH > N", " QH>N", "QH>N ", "QH<NE", "9H<", "NE>N", "SW>E", "N>", "N>X", "End", "END",
     "end ", "pass", "Next", "N>E>S", "QH>N>E", "KS>NE,", "9H<<N"],
)
def test_bad_move_texts_raise_value_error(bad):
    with pytest.raises(ValueError):
        GAME.new(deal=3).parse_move(bad)


def test_a_move_is_text_not_another_value():
    with pytest.raises(ValueError):
        GAME.new(deal=3).parse_move(5)


def test_options_and_moves_are_saved_and_replayed():
    game = GAME.new(deal=1)
    end_only_hand(game)
    play(game, "next end")
    save = json.loads(json.dumps(game.to_save()))
    assert save["game"] == "kings-corner" and save["deal"] == 1 and "deck" not in save
    assert save["options"] == GAME.OPTIONS
    assert save["moves"][-2:] == ["next", "end"] and len(save["moves"]) == 26
    for replayed in (GAME.from_save(save), load_save(save)):
        assert replayed.zones() == game.zones() and replayed.ledger() == game.ledger()
        assert replayed.to_move == game.to_move and replayed.dealer == 1
    bad = dict(save, moves=["end", "next"])
    with pytest.raises(ValueError, match="Move 2"):
        GAME.from_save(bad)


def test_a_game_from_a_deck_saves_the_deck():
    deck = table_deck(EMPTY3, ["9C", "8H", "7S", "6D"])
    game = play(GAME.new(deck=deck, players="h22", rules="classic", under=True), "end end")
    save = json.loads(json.dumps(game.to_save()))
    assert save["deck"] == deck and "deal" not in save
    assert save["options"]["under"] is True and save["options"]["rules"] == "classic"
    replayed = load_save(save)
    assert replayed.zones() == game.zones()


def test_resign_ends_the_game_and_is_undone_by_pop():
    game = play(GAME.new(deal=1), "end end")
    before = game.zones()
    game.resign()
    out = game.outcome()
    assert game.is_over() and out.resigned and not out.won and out.score == 0
    assert out.reason == "You left the table."
    assert game.legal_moves() == [] and game.to_save()["moves"] == ["end", "end", "resign"]
    with pytest.raises(IllegalMove, match="The game is over."):
        game.push(END_TURN)
    assert game.pop() == RESIGN
    assert not game.is_over() and game.outcome() is None and game.zones() == before


def test_resign_between_hands_keeps_the_score():
    game = kc_position([["5D"], ["3H", "4H"]], {"N": ["6C"]}, stock=["TH"], pot=5,
                       scores=[40, 10])
    play(game, "5D>N resign")
    out = game.outcome()
    assert out.resigned and not out.won and out.score == 47


# -- golden deals: a deal number means the same cards forever --------------------------------


@pytest.mark.parametrize(
    ("deal", "side_cards", "seat_1", "corner_ne"),
    [
        # deal 1: seat 1's King of diamonds went to a corner as its first turn started
        (1, ["QC", "KH", "AD", "6S"], ["JS", "4S", "4C", "5D", "8H", "3C"], ["KD"]),
        (123456789, ["6C", "JC", "4D", "7C"], ["6S", "5S", "3S", "JH", "8C", "QH", "AS"], []),
    ],
)
def test_golden_deals(deal, side_cards, seat_1, corner_ne):
    game = GAME.new(deal=deal)
    assert sides(game) == [[card] for card in side_cards]
    assert zone(game, "hand-1") == seat_1 and zone(game, "corner-NE") == corner_ne
    assert GAME.new(deal=deal, players="1hh3").zones() == game.zones()


def test_golden_deal_1_classic_moves_its_side_king():
    game = GAME.new(deal=1, rules="classic", draw_end=True)
    assert sides(game) == [["QC"], [], ["AD"], ["6S"]] and zone(game, "corner-NE") == ["KH"]
    assert zone(game, "hand-1") == ["KD", "JS", "4S", "4C", "5D", "8H", "3C"]  # as dealt


def test_golden_second_hand_of_deal_1():
    game = GAME.new(deal=1)
    assert end_only_hand(game) == 24
    game.push(NEXT_HAND)
    assert sides(game) == [["QS"], ["7C"], ["KH"], ["8D"]]
    assert zone(game, "hand-1") == ["8C", "6H", "6S", "3H", "AH", "TC", "2S"]  # the dealer's
    assert zone(game, "corner-NE") == ["KC"]  # seat 2, first to play, had the King of clubs
    assert zone(game, "stock")[-3:] == ["3C", "QC", "JS"]


def test_moves_naming_no_stall_or_no_card_are_refused_with_a_reason():
    game = KingsCorner.new(deal=1)
    card = game.hands[game.to_move][0]
    for move in (Play(card, "X"), Shift("N", "X"), Shift("X", "N"), Play("ZZ", "N")):
        with pytest.raises(IllegalMove):
            game.push(move)
    with pytest.raises(IllegalMove, match="no stall 'X'"):
        game.push(Shift("X", "N"))


def test_games_from_different_decks_deal_different_later_hands():
    deck = list(KingsCorner.DECK)
    first = KingsCorner.new(deck=deck)
    second = KingsCorner.new(deck=deck[::-1])
    assert first._order_for(1) != second._order_for(1)
    assert first._order_for(1) == KingsCorner.new(deck=deck)._order_for(1)
