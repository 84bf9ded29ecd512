"""Every rule of docs/rules.md section 3 (Devil's Grip / Duivelsgreep)."""

import pytest

from game.engine import IllegalMove, load_save
from game.games import GAMES
from game.games.devils_grip import DEAL, DEVILS_GRIP_DECK, REDEAL, Build, Swap, rating

from .dg_helpers import INERT, LIVE, dg_position

W = -1  # Build's source for the waste


def test_the_deck_is_two_decks_without_aces_with_distinct_ids():
    assert len(DEVILS_GRIP_DECK) == 96 == len(set(DEVILS_GRIP_DECK))
    assert not any(card.startswith("A") for card in DEVILS_GRIP_DECK)
    assert {"TD-1", "TD-2", "2S-1", "KC-2"} <= set(DEVILS_GRIP_DECK)


def test_the_deal_is_three_rows_of_eight_and_a_stock_of_72():
    game = GAMES["devils-grip"].new(deal=11)
    zones = game.zones()
    assert all(len(zones[f"cell-{i}"]) == 1 for i in range(24))
    assert len(zones["stock"]) == 72 and zones["waste"] == []
    assert sorted(c for cards in zones.values() for c in cards) == sorted(DEVILS_GRIP_DECK)
    assert game.score == 72


@pytest.mark.parametrize(
    ("pile", "card", "ok"),
    [
        (["2S-1"], "5S-1", True), (["5S-2"], "8S-1", True),  # a pile need not start at its base
        (["8S-1"], "JS-2", True), (["3H-1"], "6H-1", True), (["4C-1"], "7C-2", True),
        (["7D-1"], "TD-1", True), (["TD-1"], "KD-2", True),
        (["2S-1"], "5H-1", False), (["2S-1"], "4S-1", False), (["2S-1"], "3S-1", False),
        (["5S-1"], "6S-1", False), (["JS-1"], "2S-1", False), (["4S-1"], "5S-1", False),
    ],
)
def test_piles_go_up_in_steps_of_three_in_one_suit(pile, card, ok):
    game = dg_position([pile, [card]] + [[c] for c in INERT], stock=["QH-2"])
    if ok:
        game.check(Build(1, 0))
    else:
        with pytest.raises(IllegalMove):
            game.check(Build(1, 0))


def test_builds_from_the_waste_and_of_several_cards_and_whole_piles():
    cells = [["2S-1"], ["5S-1", "8S-1"], ["5S-2"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2", "KH-2"], waste=["8S-2"])
    assert Build(W, 2) in game.legal_moves()
    game.push(Build(1, 0, 2))  # 5-8 onto the 2 empties cell 1: refilled from the stock
    assert game.cells[0] == ["2S-1", "5S-1", "8S-1"] and game.cells[1] == ["KH-2"]
    game.push(Build(W, 2))
    assert game.cells[2] == ["5S-2", "8S-2"] and game.waste == []
    with pytest.raises(IllegalMove, match="top card of the waste"):
        dg_position(cells, waste=["8S-2"]).check(Build(W, 2, 2))


def test_refills_come_from_the_stock_then_the_waste_in_reading_order():
    cells = [["2S-1"], ["5S-1"], ["2S-2"], ["5S-2"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2"], waste=["KH-2", "JD-1"])
    game.push(Build(3, 2))
    assert game.cells[3] == ["QH-2"] and game.stock == []
    game.push(Build(1, 0))
    assert game.cells[1] == ["JD-1"] and game.waste == ["KH-2"]
    game.pop()
    game.pop()
    assert game.stock == ["QH-2"] and game.waste == ["KH-2", "JD-1"]
    assert game.cells[:4] == [["2S-1"], ["5S-1"], ["2S-2"], ["5S-2"]]


def test_deal_three_deal_one_and_the_redeal_keeps_the_order():
    cells = LIVE + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2", "KH-2", "JD-1", "JD-2"])
    game.push(DEAL)  # the top of the stock (JD-2) is dealt first, so it ends lowest
    assert game.waste == ["JD-2", "JD-1", "KH-2"] and game.stock == ["QH-2"]
    game.push(DEAL)
    assert game.waste[-1] == "QH-2" and game.stock == []
    assert game.legal_moves().count(REDEAL) == 1 and DEAL not in game.legal_moves()
    game.push(REDEAL)
    assert game.stock == ["QH-2", "KH-2", "JD-1", "JD-2"] and game.waste == []
    one = dg_position(cells, stock=["QH-2", "KH-2"], draw=1)
    one.push(DEAL)
    assert one.waste == ["KH-2"]


@pytest.mark.parametrize(("passes", "redeals_allowed"), [(1, 0), (3, 2), (0, 30)])
def test_pass_limits(passes, redeals_allowed):
    # a waste card that fits on the 5 keeps the game alive while it can come round again
    cells = [["5S-1"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["8S-1", "QH-2", "KH-2"], draw=3, passes=passes)
    done = 0
    for _ in range(60):
        if REDEAL in game.legal_moves():
            game.push(REDEAL)
            done += 1
        elif DEAL in game.legal_moves():
            game.push(DEAL)
        else:
            break
    assert done == redeals_allowed


def test_swaps_exchange_any_two_piles_and_are_undone():
    cells = [["2S-1", "5S-1"], ["JH-1"]] + LIVE + [[c] for c in INERT[:20]]
    game = dg_position(cells, stock=["QH-2"])
    game.push(Swap(0, 1))
    assert game.cells[0] == ["JH-1"] and game.cells[1] == ["2S-1", "5S-1"]
    assert str(game.move_stack[-1]) == "0<>1"
    game.pop()
    assert game.cells[0] == ["2S-1", "5S-1"]
    for bad in (Swap(1, 1), Swap(1, 0), Swap(0, 24)):
        with pytest.raises(IllegalMove):
            game.check(bad)


def test_the_end_when_nothing_can_ever_come_out():
    cells = [["5S-1"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2", "KH-2"], waste=["JD-1"])
    assert game.is_over()  # no build empties a cell, and no stock card fits anywhere
    assert "3 cards left" in game.outcome().reason and game.outcome().score == 3


def test_a_card_that_comes_up_only_after_a_redeal_keeps_the_game_alive():
    cells = [["5S-1"]] + [[c] for c in INERT]
    # dealing three from this stock (top last), the 8 of spades comes first, so lowest,
    # and the redeal repeats the order: it never shows on top of the waste
    assert dg_position(cells, stock=["JD-1", "KH-2", "QH-2", "8S-1"], draw=3).is_over()
    # here it is the third card of the first deal: on top, and it fits on the 5
    assert not dg_position(cells, stock=["JD-1", "8S-1", "KH-2", "QH-2"], draw=3).is_over()
    # in this pass the 8 is dealt lowest; after the redeal the two waste cards shift the
    # groups of three and it comes on top: alive, unless no pass is left
    where = {"stock": ["KS-1", "QS-1", "8S-1"], "waste": ["JC-1", "QC-1"], "draw": 3}
    assert not dg_position(cells, **where).is_over()
    assert dg_position(cells, **where, passes=1).is_over()
    # with the stock empty, a redeal repeats the same groups: the 8 stays lowest
    assert dg_position(cells, stock=[], waste=["8S-1", "JD-1"], draw=3).is_over()


def test_draw_one_reaches_every_stock_card():
    cells = [["5S-1"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["JD-1", "KH-2", "QH-2", "8S-1"], draw=1)
    assert not game.is_over()


def test_a_pile_hopping_between_equal_piles_does_not_keep_the_game_alive():
    # the 5 of spades can hop between the two 2s of spades forever; nothing else happens
    cells = [["2S-1", "5S-1"], ["2S-2"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2"], waste=[])
    assert Build(0, 1) in game._generate_moves()
    assert game.is_over()


def test_a_pile_that_can_empty_its_cell_after_a_rearrangement_keeps_the_game_alive():
    # 2-5 and a lone 8: the 8 goes on the 5 (emptying its cell) at once: progress
    cells = [["2S-1", "5S-1"], ["8S-1"]] + [[c] for c in INERT]
    assert not dg_position(cells, stock=["QH-2"]).is_over()
    # 5S alone over a 2S with another 2S: moving 5S from [2S-1, 5S-1] keeps the cell; but
    # a lone 5S (cell 2) onto the 2S freed... here: [2S-1,5S-1], [2S-2], [8S-1, JS-1]? no
    cells = [["2S-1", "5S-1"], ["2S-2", "5S-2"], ["8S-1"]] + [[c] for c in INERT]
    assert not dg_position(cells, stock=["QH-2"]).is_over()


def test_progress_two_builds_away():
    # [2S,5S,8S] [2S] [5S-2, 8S-2]?  Move 5-8 of the first onto nothing... use: [5S-1,8S-1]
    # needs a 2S to go on; [2S-1, 5S-2] holds one, but 5S-2 sits on it: move 5S-2 onto
    # [2S-2] first (no progress), then [5S-1, 8S-1] goes onto 2S-1 emptying its cell.
    cells = [["5S-1", "8S-1"], ["2S-1", "5S-2"], ["2S-2"]] + [[c] for c in INERT]
    game = dg_position(cells, stock=["QH-2"])
    assert Build(0, 1, 2) not in game.legal_moves()
    assert not game.is_over()
    game.push(Build(1, 2))
    assert Build(0, 1, 2) in game.legal_moves()


def test_a_win_arranges_the_rows_and_pop_undoes_it():
    from game.engine.cards import SUITS

    piles = []
    for chain in ("258J", "369Q", "47TK"):
        for suit in SUITS:
            for copy in (1, 2):
                piles.append([f"{r}{suit}-{copy}" for r in chain])
    piles.reverse()  # K-topped piles first: the win must reorder them
    last = piles[0].pop()  # one card still in the waste
    game = dg_position(piles, stock=[], waste=[last])
    game.push(Build(W, 0))
    out = game.outcome()
    assert out.won and out.score == 0 and game.is_over()
    tops = [cell[-1][0] for cell in game.cells]
    assert tops == ["J"] * 8 + ["Q"] * 8 + ["K"] * 8
    game.pop()
    assert game.cells[0][-1] != "JS-1" and game.waste == [last] and not game.is_over()


def test_score_and_rating():
    assert [rating(n) for n in (0, 1, 2, 3, 5, 6, 10, 11)] == [
        "a win", "excellent", "excellent", "very good", "very good", "good", "good", ""]


def test_move_texts_round_trip():
    game = GAMES["devils-grip"].new(deal=5)
    moves = game.legal_moves() + [Build(W, 3), Build(3, 9, 2), Swap(0, 23), DEAL, REDEAL]
    for move in moves:
        assert game.parse_move(str(move)) == move
    for bad in ["", "w", "w-", "3<>", "dealt", "x-3", "3-9x0"]:
        with pytest.raises(ValueError):
            game.parse_move(bad)


def test_options_are_checked_and_saved():
    game = GAMES["devils-grip"].new(deal=5, draw=1, passes=3)
    assert load_save(game.to_save()).options == {"draw": 1, "passes": 3}
    for bad in ({"draw": 2}, {"passes": 2}, {"draw": "3"}, {"guard": True}):
        with pytest.raises(ValueError):
            GAMES["devils-grip"].new(deal=5, **bad)


def test_resign_ends_with_the_cards_left():
    game = GAMES["devils-grip"].new(deal=5)
    game.resign()
    assert game.outcome().score == 72 and game.outcome().resigned
