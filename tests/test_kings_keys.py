"""Every rule of docs/rules.md section 2 (Devil's Square and King's Square)."""

import pytest

from game.engine import IllegalMove, load_save
from game.engine.cards import KINGS_KEYS_DECK
from game.games import GAMES
from game.games.kings_keys import StackMove

from .kk_helpers import FILLER, INERT, deck_with, position

GAME_IDS = ["devils-square", "kings-square"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deal_puts_16_cards_in_the_field_and_48_in_the_draw_pile(game_id):
    game = GAMES[game_id].new(deal=5)
    zones = game.zones()
    assert all(len(zones[f"cell-{i}"]) == 1 for i in range(16))
    assert len(zones["stock"]) == 48 and zones["books"] == []
    assert sorted(card for cards in zones.values() for card in cards) == sorted(KINGS_KEYS_DECK)


def test_explicit_deck_deals_first_card_first_and_draws_in_order():
    deck = deck_with(["G1K", "G2S"] + FILLER + ["Y2S", "R2S", "B2S"], ["G4S"])
    game = GAMES["devils-square"].new(deck=deck)
    assert game.zones()["cell-0"] == ["G1K"]
    assert game.zones()["stock"][-1] == "G4S"  # top of the draw pile, next to come in


def test_the_seed_example_three_green_axe_then_a_book():
    # cell 0: 1 Green Key, 1: 2 Green Shield, 2: 2 Green Coin, 3: 3 Green Axe, 4: 4 Green Coin
    cells = ["G1K", "G2S", "G2C", "G3A", "G4C"] + FILLER
    game = GAMES["devils-square"].new(deck=deck_with(cells, ["Y2A", "R2A", "B2A", "Y3S", "R3S"]))
    game.push(StackMove(1, 0))  # 2 Green Shield onto 1 Green Key; cell 1 refilled
    game.push(StackMove(3, 2))  # 3 Green Axe onto 2 Green Coin
    assert game.cells[2] == ["G2C", "G3A"]
    # "move the 3 Green Axe from the 2 Green Coin onto the 2 Green Shield"
    game.push(StackMove(2, 0))
    assert game.cells[0] == ["G1K", "G2S", "G3A"] and game.cells[2] == ["G2C"]
    game.push(StackMove(4, 0))  # the 4 Green Coin completes a book of four different Items
    assert game.books == ["G1K", "G2S", "G3A", "G4C"]
    assert game.score == 10
    # the book's cell and the emptied cell are refilled, in reading order
    assert game.cells[0] == ["B2A"] and game.cells[4] == ["Y3S"]


def test_a_stack_need_not_start_at_one_and_top_two_or_whole_stack_may_move():
    cells = [["G2K"], ["G3A"], ["G1S"], ["B2C", "B3S", "B4K"], ["B1A"], ["B1S"]] + [[]] * 10
    game = position(cells, stock=["R4A", "R4S", "R4C"])
    game.push(StackMove(1, 0))  # a 3 on a 2 that is not on a 1: fine
    assert game.cells[0] == ["G2K", "G3A"]
    game.push(StackMove(0, 2, 2))  # the whole 2-3 stack onto the 1
    assert game.cells[2] == ["G1S", "G2K", "G3A"]
    legal = {str(move) for move in game.legal_moves()}
    assert "3-4x3" in legal  # a whole stack of three onto a 1 with a new Item: a book
    assert "3-5x3" not in legal  # the 1 Blue Shield would meet the 3 Blue Shield
    assert "3-4x2" not in legal and "3-4" not in legal  # 3-4 or 4 alone cannot go on a 1
    game.push(StackMove(3, 4, 3))
    assert game.books[-4:] == ["B1A", "B2C", "B3S", "B4K"]
    with pytest.raises(IllegalMove, match="holds 1"):
        game.check(StackMove(2 if len(game.cells[2]) == 1 else 5, 0, 2))


@pytest.mark.parametrize(
    ("cells", "move", "reason"),
    [
        ([["G1K"], ["R2A"]], StackMove(1, 0), "colours differ"),
        ([["G1K"], ["G3A"]], StackMove(1, 0), "only a 2"),
        ([["G1K"], ["G2K"]], StackMove(1, 0), "no Item may appear twice"),
        ([["G1K", "G2S"], ["G3K"]], StackMove(1, 0), "no Item may appear twice"),
        ([["G1K"], []], StackMove(0, 1), "empty cell"),
        ([[], ["G1K"]], StackMove(0, 1), "empty"),
        ([["G1K"], ["G2A"]], StackMove(1, 1), "onto itself"),
        ([["G1K"], ["G2A"]], StackMove(1, 0, 2), "this stack holds 1"),
        ([["G1K"], ["G2A"]], StackMove(1, 16), "no cell 16"),
        ([["G1K"], ["G2A", "G3K"]], StackMove(1, 0, 1), "only a 2"),
    ],
)
def test_the_guard_refuses_illegal_moves_with_a_reason(cells, move, reason):
    live = [["B1C"], ["B2K"]]  # a move that makes progress, so the game is not over
    game = position(cells + [[]] * (14 - len(cells)) + live, stock=["B4A"])
    assert not game.is_over()
    before = game.zones()
    with pytest.raises(IllegalMove, match=reason):
        game.push(move)
    assert game.zones() == before and game.move_stack == []


def test_no_move_into_an_empty_cell_is_ever_listed():
    game = position([["G1K"], [], ["G2A"]] + [[]] * 13, stock=["B4A"])
    assert game.legal_moves() == [StackMove(2, 0)]


def test_a_move_refills_the_emptied_cell_at_once_from_the_draw_pile():
    cells = [["G1K"], ["G2A"]] + [[c] for c in FILLER] + [["Y2C"], ["R2C"], ["B2C"]]
    game = position(cells, ["B3K", "B3S"])
    game.push(StackMove(1, 0))
    assert game.cells[1] == ["B3S"] and game.stock == ["B3K"]


def test_several_empty_cells_refill_in_reading_order():
    # cell 5 empties (its 2 moves) and cell 2 completes a book: 2 is refilled before 5
    singles = [[c] for c in FILLER] + [["Y2C"], ["R2C"], ["B2C"], ["B2K"]]
    cells = singles[:2] + [["G1K", "G2S", "G3A"]] + singles[2:4] + [["G4C"]] + singles[4:]
    game = position(cells, stock=["B3S", "B3A"])  # B3A is on top: drawn first
    game.push(StackMove(5, 2))
    assert game.books[-4:] == ["G1K", "G2S", "G3A", "G4C"]
    assert game.cells[2] == ["B3A"] and game.cells[5] == ["B3S"]


def test_with_the_draw_pile_empty_cells_stay_empty():
    game = position([["G1K", "G2S"], ["G3A"], ["G4C"]] + [[]] * 13, stock=[])
    game.push(StackMove(1, 0))  # no progress in itself, but a book is one move away
    assert game.cells[1] == [] and not game.is_over()
    game.push(StackMove(2, 0))
    assert game.cells == [[]] * 16 and game.is_over()


def test_end_when_no_legal_move():
    game = position([["G1K"], ["R2A"]] + [[]] * 14, stock=["B1K"])
    assert game.legal_moves() == [] and game.is_over()
    assert game.outcome().reason == "No legal move remains."
    with pytest.raises(IllegalMove, match="over"):
        game.push(StackMove(1, 0))


def test_a_card_hopping_between_two_stacks_forever_does_not_keep_the_game_alive():
    # the 2 Green Axe can hop between the 1 Green Key and the 1 Green Shield forever
    game = position([["G1K", "G2A"], ["G1S"], ["R4C"]] + [[]] * 13, stock=["B1K"])
    assert game.check(StackMove(0, 1)) is None
    assert game.is_over() and game.legal_moves() == []
    assert "shuffle" in game.outcome().reason


def test_progress_two_moves_away_keeps_the_game_alive():
    # the 3 Green Shield cannot go on the 2 Green Key while the 1 Green Shield is under it;
    # hop the 2 Green Key onto the 1 Green Axe first (no progress), then it can, emptying its cell
    cells = [["G1S", "G2K"], ["G1A"], ["G3S"]] + [[card] for card in INERT]
    game = position(cells, stock=["B1K"])
    assert game.legal_moves() == [StackMove(0, 1)]
    assert not game.is_over()
    game.push(StackMove(0, 1))
    assert StackMove(2, 1) in game.legal_moves()
    # without a draw pile, emptying a cell is no progress: only a book would be
    assert position(cells, stock=[]).is_over()


def test_progress_by_book_several_moves_away():
    cells = [["G1K", "G2A"], ["G1S"], ["G3C"], ["G3K", "G4S"]] + [[]] * 12
    game = position(cells, stock=[])
    # 2A to 1S (hop), 3C?  G1S-G2A-G3C then G4S from G3K: G1S G2A G3C G4S is a book
    assert not game.is_over()


def test_score_resign_and_outcome():
    game = GAMES["kings-square"].new(deal=77)
    assert game.outcome() is None
    game.resign()
    assert game.is_over() and game.legal_moves() == []
    out = game.outcome()
    assert (out.won, out.score, out.resigned) == (False, 0, True)
    assert "gave up" in out.reason
    assert game.to_save()["moves"] == ["resign"]
    game.pop()
    assert not game.is_over() and game.outcome() is None


def test_full_escape_scores_160_and_wins():
    cells = [["G1K", "G2S", "G3A"], ["G4C"]] + [[]] * 14
    game = position(cells, stock=[])
    game.books = [c for c in KINGS_KEYS_DECK if c not in ("G1K", "G2S", "G3A", "G4C")]
    game.push(StackMove(1, 0))
    out = game.outcome()
    assert out.won and out.score == 160 and game.is_over()


def test_move_text_round_trips_and_bad_text_is_refused():
    game = GAMES["devils-square"].new(deal=3)
    for move in game.legal_moves() + [StackMove(3, 9, 2), StackMove(15, 0, 3)]:
        assert game.parse_move(str(move)) == move
    assert str(StackMove(3, 9, 2)) == "3-9x2" and str(StackMove(3, 9)) == "3-9"
    for bad in ["", "3", "3-", "a-b", "3-9x0", "3 - 9", "<b>", None, 39]:
        with pytest.raises(ValueError):
            game.parse_move(bad)


def test_guard_mode_is_an_option_kept_in_the_save():
    game = GAMES["devils-square"].new(deal=9, guard=True)
    assert game.options == {"guard": True}
    assert load_save(game.to_save()).options == {"guard": True}
    with pytest.raises(ValueError):
        GAMES["devils-square"].new(deal=9, guard="yes")
    with pytest.raises(ValueError):
        GAMES["devils-square"].new(deal=9, speed=3)


def test_saves_of_explicit_decks_keep_the_deck():
    deck = list(reversed(KINGS_KEYS_DECK))
    game = GAMES["devils-square"].new(deck=deck)
    save = game.to_save()
    assert save["deck"] == deck and "deal" not in save
    assert load_save(save).zones() == game.zones()
    with pytest.raises(ValueError):
        GAMES["devils-square"].new(deck=deck[:-1] + deck[:1])


@pytest.mark.parametrize(
    "save",
    [
        None, [], {}, {"v": 1}, {"v": 99, "game": "devils-square", "deal": 1, "moves": []},
        {"v": 1, "game": "chess", "deal": 1, "moves": []},
        {"v": 1, "game": "devils-square", "deal": 0, "moves": []},
        {"v": 1, "game": "devils-square", "deal": "1", "moves": []},
        {"v": 1, "game": "devils-square", "deal": 1, "moves": ["15-0x3"]},
        {"v": 1, "game": "devils-square", "deal": 1, "moves": "0-7"},
        {"v": 1, "game": "devils-square", "deal": 1, "options": {"guard": 1}, "moves": []},
        {"v": 1, "game": "devils-square", "deal": 1, "moves": ["resign", "0-7"]},
    ],
)
def test_saves_that_do_not_replay_are_refused_with_value_error(save):
    with pytest.raises(ValueError):
        load_save(save)
