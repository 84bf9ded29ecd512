"""Keyboard navigation and the live region's words (issue 7), in CPython: the pure parts
of game/ui/keyboard.py (which spot each key leads to, the Tab stops, where focus goes
after a move) and game/ui/announce.py (what a move, a pick or a computer turn says)."""

from __future__ import annotations

import pytest

from game.games import GAMES
from game.games.kings_corner import END_TURN, Play, Shift
from game.i18n import set_language
from game.ui import announce
from game.ui.announce import (
    card_list,
    changes,
    computer_turn,
    describe,
    lead_of,
    move_target,
    picked,
    sentence,
)
from game.ui.cardface import kk_card_label
from game.ui.keyboard_nav import (
    Box,
    Place,
    Spot,
    entry,
    fan_of,
    focus_zone,
    group_of,
    nearest_zone,
    shortcut,
    step,
    tab_stops,
)
from game.ui.stdface import std_card_label

CELL = 100  # a grid cell's size in the layouts below, gaps of 10


def grid(columns: int, rows: int, cards: dict[str, int] | None = None,
         fan=(0, 1)) -> dict[str, Place]:
    """cell-0 ... in reading order, like the 4x4 field and Devil's Grip's 8x3."""
    cards = cards or {}
    places = {}
    for index in range(columns * rows):
        row, column = divmod(index, columns)
        zone = f"cell-{index}"
        count = cards.get(zone, 1)
        places[zone] = Place(Box(column * 110, row * 110, CELL, CELL), count,
                             fan if count > 1 else None)
    return places


def kings_keys_board() -> dict[str, Place]:
    """The 4x4 field with the draw pile and the books to its right."""
    places = grid(4, 4, {"cell-5": 3})
    places["stock"] = Place(Box(480, 0, 100, 100))
    places["books"] = Place(Box(480, 150, 200, 300), 8, (1, 0))
    return places


# -- geometry -----------------------------------------------------------------------------


def test_fan_direction_from_the_cards_places():
    down = [Box(0, i * 20, 50, 70) for i in range(3)]
    right = [Box(i * 15, 0, 50, 70) for i in range(3)]
    assert fan_of(down) == (0, 1)
    assert fan_of(right) == (1, 0)
    assert fan_of(list(reversed(right))) == (-1, 0)
    assert fan_of(down[:1]) is None
    assert fan_of([Box(0, 0, 50, 70), Box(0.5, 0.5, 50, 70)]) is None  # a squared pile


def test_arrows_walk_the_grid_like_it_looks():
    boxes = {zone: place.box for zone, place in grid(4, 4).items()}
    assert nearest_zone(boxes, "cell-5", (1, 0)) == "cell-6"
    assert nearest_zone(boxes, "cell-5", (-1, 0)) == "cell-4"
    assert nearest_zone(boxes, "cell-5", (0, -1)) == "cell-1"
    assert nearest_zone(boxes, "cell-5", (0, 1)) == "cell-9"
    assert nearest_zone(boxes, "cell-0", (-1, 0)) is None  # the edge: stay
    assert nearest_zone(boxes, "cell-0", (0, -1)) is None


def test_arrows_prefer_what_is_level_with_the_focus():
    places = kings_keys_board()
    boxes = {zone: place.box for zone, place in places.items()}
    assert nearest_zone(boxes, "cell-3", (1, 0)) == "stock"  # level with the first row
    assert nearest_zone(boxes, "cell-7", (1, 0)) == "books"  # the books lie lower
    assert nearest_zone(boxes, "stock", (-1, 0)) == "cell-3"
    assert nearest_zone(boxes, "stock", (0, 1)) == "books"
    assert nearest_zone(boxes, "books", (0, -1)) == "stock"


def test_up_and_down_go_through_a_stack_before_leaving_it():
    places = kings_keys_board()  # cell-5 holds three cards, fanned downwards
    top = entry(places, "cell-5")
    assert top == Spot("cell-5", 2)
    assert step(places, top, "ArrowUp") == Spot("cell-5", 1)
    assert step(places, Spot("cell-5", 1), "ArrowUp") == Spot("cell-5", 0)
    assert step(places, Spot("cell-5", 0), "ArrowUp") == Spot("cell-1", 0)  # out, upwards
    assert step(places, Spot("cell-5", 1), "ArrowDown") == Spot("cell-5", 2)
    assert step(places, top, "ArrowDown") == Spot("cell-9", 0)
    assert step(places, Spot("cell-5", 1), "ArrowRight") == Spot("cell-6", 0)
    assert step(places, Spot("cell-5", 1), "Home") == Spot("cell-5", 0)
    assert step(places, Spot("cell-5", 0), "End") == Spot("cell-5", 2)


def test_moving_into_a_zone_lands_on_its_top_card_or_the_zone_itself():
    places = kings_keys_board()
    assert step(places, Spot("cell-3", 0), "ArrowRight") == Spot("stock", -1)  # face down
    assert step(places, Spot("stock"), "ArrowDown") == Spot("books", 7)
    assert step(places, Spot("stock"), "ArrowUp") == Spot("stock")  # nothing above
    assert step(places, Spot("stock"), "Tab") == Spot("stock")  # not a navigation key
    places["cell-6"] = Place(places["cell-6"].box, 0)  # an empty cell
    assert step(places, Spot("cell-5", 2), "ArrowRight") == Spot("cell-6", -1)
    assert step(places, Spot("cell-6"), "Home") == Spot("cell-6", -1)


def test_a_spot_past_a_zones_cards_counts_as_its_top():
    places = kings_keys_board()
    assert step(places, Spot("cell-5", 9), "ArrowUp") == Spot("cell-5", 1)
    assert step(places, Spot("gone", 0), "ArrowUp") == Spot("gone", 0)


def test_a_horizontal_fan_is_walked_with_left_and_right():
    places = {
        "hand-0": Place(Box(0, 400, 400, 100), 5, (1, 0),
                        tuple(Box(10 + 60 * i, 400, 70, 100) for i in range(5))),
        "side-S": Place(Box(150, 250, 100, 100), 1),
        "corner-SW": Place(Box(20, 250, 100, 100), 0),
    }
    assert entry(places, "hand-0") == Spot("hand-0", 4)
    assert step(places, Spot("hand-0", 4), "ArrowLeft") == Spot("hand-0", 3)
    assert step(places, Spot("hand-0", 0), "ArrowLeft") == Spot("hand-0", 0)  # the edge
    assert step(places, Spot("hand-0", 2), "ArrowUp") == Spot("side-S", 0)
    assert step(places, Spot("side-S", 0), "ArrowLeft") == Spot("corner-SW", -1)
    assert step(places, Spot("side-S", 0), "ArrowDown") == Spot("hand-0", 4)


# -- Tab stops and focus after a move ------------------------------------------------------


def test_groups_for_tab():
    assert group_of("cell-0") == group_of("cell-23") == "cells"
    assert group_of("side-N") == group_of("corner-NE") == "stalls"
    assert group_of("stock") == "stock"
    assert group_of("hand-2") == "hand-2"


def test_one_tab_stop_a_group_the_last_visited():
    places = kings_keys_board()
    order = [*(f"cell-{i}" for i in range(16)), "stock", "books"]
    stops = tab_stops(order, {}, places)
    assert stops == {"cells": Spot("cell-0", 0), "stock": Spot("stock"),
                     "books": Spot("books", 7)}
    stops = tab_stops(order, {"cells": Spot("cell-5", 1)}, places)
    assert stops["cells"] == Spot("cell-5", 1)
    stops = tab_stops(order, {"cells": Spot("cell-5", 7)}, places)  # fewer cards now
    assert stops["cells"] == Spot("cell-5", 2)
    places["cell-5"] = Place(places["cell-5"].box, 0)  # emptied
    assert tab_stops(order, {"cells": Spot("cell-5", 1)}, places)["cells"] == Spot("cell-5")
    del places["books"]  # a zone not shown is no stop
    assert "books" not in tab_stops(order, {}, places)


def test_focus_after_a_move_goes_where_the_cards_were_put():
    kk = GAMES["devils-square"].new(deal=3)
    move = next(m for m in kk.legal_moves())
    assert focus_zone(move, move.gesture.source) == move.gesture.target
    assert focus_zone(None, "cell-2") == "cell-2"
    dg = GAMES["devils-grip"].new(deal=3)
    deal = next(m for m in dg.legal_moves() if str(m) == "deal")
    assert focus_zone(deal, "stock") == "stock"  # dealing again is one key away
    kcs = GAMES["kings-corner-solitaire"].new(deal=3)
    place = kcs.legal_moves()[0]
    assert focus_zone(place, "cell-4") == place.gesture.target
    removal = kcs.parse_move("r3")
    assert focus_zone(removal, "cell-3") == "cell-3"  # the 10 went to the discard
    assert focus_zone(Play("5H", "NE"), "hand-0") == "corner-NE"
    assert focus_zone(Shift("N", "E"), "side-N") == "side-E"
    assert focus_zone(END_TURN, "hand-0") == "hand-0"


def test_letter_shortcuts():
    assert shortcut("?", False, False) == "keys"
    assert shortcut("u", False, False) == shortcut("U", False, False) == "undo"
    assert shortcut("e", False, False) == "end-turn"
    assert shortcut("z", True, False) == ""  # Ctrl+Z is the app's
    assert shortcut("u", False, True) == ""
    assert shortcut("ArrowUp", False, False) == ""
    assert shortcut("x", False, False) == ""


# -- what is said ---------------------------------------------------------------------------


def zone_name(zone: str) -> str:
    if zone.startswith("cell-"):
        return f"Cell {int(zone[5:]) + 1}"
    return {"stock": "Draw pile", "books": "Books set aside", "waste": "Waste",
            "discard": "Discard", "hand-1": "Arthur's hand", "hand-0": "Your hand",
            "side-N": "North stall", "corner-NE": "Corner north-east"}.get(zone, zone)


def test_card_lists():
    assert card_list([]) == ""
    assert card_list(["A"]) == "A"
    assert card_list(["A", "B"]) == "A and B"
    assert card_list(["A", "B", "C"]) == "A, B and C"


def test_a_move_and_its_refill_in_order():
    before = {"cell-0": ["G3A"], "cell-5": ["G2K"], "stock": ["R2K", "Y1C"], "books": []}
    after = {"cell-0": ["Y1C"], "cell-5": ["G2K", "G3A"], "stock": ["R2K"], "books": []}
    assert changes(before, after)[0].cards == ("Y1C",)
    clauses = describe(before, after, kk_card_label, zone_name, {"stock"},
                       lead=(["G3A"], "cell-5"))
    assert sentence(clauses) == "3 Green Axe to Cell 6; 1 Yellow Coin from Draw pile to Cell 1."


def test_a_book_is_said_once_after_the_move_that_made_it():
    before = {"cell-0": ["G3A", "G4S"], "cell-5": ["G1K", "G2C"], "stock": ["R2K", "Y1C"],
              "books": []}
    after = {"cell-0": ["Y1C"], "cell-5": ["R2K"], "stock": [],
             "books": ["G1K", "G2C", "G3A", "G4S"]}
    clauses = describe(before, after, kk_card_label, zone_name, {"stock"},
                       lead=(["G3A", "G4S"], "cell-5"))
    assert clauses[0] == "3 Green Axe and 4 Green Shield to Cell 6"
    assert clauses[1] == "Book of Green completed"
    assert sorted(clauses[2:]) == ["1 Yellow Coin from Draw pile to Cell 1",
                                   "2 Red Key from Draw pile to Cell 6"]


def test_hidden_cards_are_counted_never_named():
    before = {"waste": ["AS", "2H", "3C"], "stock": []}
    after = {"waste": [], "stock": ["3C", "2H", "AS"]}
    assert describe(before, after, std_card_label, zone_name, {"stock"}) == [
        "3 cards to Draw pile"]
    before = {"stock": ["QS", "5H"], "hand-1": ["KD"], "side-N": []}
    after = {"stock": ["QS"], "hand-1": ["KD", "5H"], "side-N": []}
    said = describe(before, after, std_card_label, zone_name, {"stock", "hand-1"})
    assert said == ["1 card to Arthur's hand"]
    assert "5" not in said[0]


def test_a_deal_names_the_cards_turned_up():
    before = {"stock": ["9D", "QS", "3C", "7H"], "waste": []}
    after = {"stock": ["9D"], "waste": ["7H", "3C", "QS"]}
    assert describe(before, after, std_card_label, zone_name, {"stock"}) == [
        "7 of hearts, 3 of clubs and Queen of spades from Draw pile to Waste"]


def test_a_swap_and_a_removal():
    before = {"cell-2": ["5H", "8H"], "cell-9": ["3C"]}
    after = {"cell-2": ["3C"], "cell-9": ["5H", "8H"]}
    assert describe(before, after, std_card_label, zone_name) == ["Cell 3 and Cell 10 swapped"]
    before = {"cell-3": ["4H"], "cell-7": ["6S"], "discard": []}
    after = {"cell-3": [], "cell-7": [], "discard": ["4H", "6S"]}
    game = GAMES["kings-corner-solitaire"].new(deal=1)
    pair = game.parse_move("r3+7")
    assert lead_of(pair, before) is None
    assert describe(before, after, std_card_label, zone_name, (), lead_of(pair, before)) == [
        "4 of hearts and 6 of spades removed"]


def test_nothing_moved_says_nothing_and_a_restart_is_counted():
    zones = {"cell-0": ["G3A"]}
    assert describe(zones, zones, kk_card_label, zone_name) == []
    before = {f"cell-{i}": [f"{c}{n}K"] for i, (c, n) in enumerate(
        (c, n) for c in "YRGB" for n in (1, 2))}
    after = {f"cell-{(i + 1) % 8}": cards for i, cards in enumerate(before.values())}
    assert describe(before, after, kk_card_label, zone_name) == ["8 cards moved"]


def test_undo_redo_restart_words():
    assert announce.after_undo("undo", ["3 Green Axe to Cell 1"]) == (
        "Undone: 3 Green Axe to Cell 1.")
    assert announce.after_undo("undo", []) == "Undone."
    assert announce.after_undo("redo", ["x"]) == "Redone: x."
    assert announce.after_undo("restart", ["x"]) == "Back to the deal."
    assert announce.after_undo("", ["x", "y"]) == "x; y."
    assert announce.after_undo("", []) == ""


def test_picking_up_says_where_the_cards_may_go():
    assert picked(["3 Green Axe"], ["Cell 5", "Cell 9"]) == (
        "3 Green Axe picked up. It can go to Cell 5 and Cell 9.")
    assert picked(["Jack of clubs"], [], ["Cell 2"]) == (
        "Jack of clubs picked up. It can swap with Cell 2.")
    assert picked(["A", "B"], []) == "A and B picked up."
    many = [f"Cell {i}" for i in range(1, 11)]
    assert picked(["5 of hearts"], many) == "5 of hearts picked up. It can go to 10 places."


def test_a_computer_turn_is_one_sentence():
    assert computer_turn("Arthur", ["5 of hearts to North stall", "drew 1 card"]) \
        == "Arthur: 5 of hearts to North stall; drew 1 card."
    assert computer_turn("Merlin", []) == "Merlin passes."


def test_a_computer_turn_does_not_name_its_own_hand_again():
    """Its sentence begins with the player's name: a card from their hidden hand goes
    "to North", and a card into it was drawn (and is never named)."""
    hidden = {"stock", "hand-1"}
    before = {"stock": ["QS", "5H"], "hand-1": ["KD", "7C"], "side-N": ["8D"]}
    played = {"stock": ["QS", "5H"], "hand-1": ["KD"], "side-N": ["8D", "7C"]}
    drawn = {"stock": ["QS"], "hand-1": ["KD", "7C", "5H"], "side-N": ["8D"]}
    assert describe(before, played, std_card_label, zone_name, hidden, own="hand-1") == [
        "7 of clubs to North stall"]
    assert describe(before, drawn, std_card_label, zone_name, hidden, own="hand-1") == [
        "drew 1 card"]
    # someone else's hand is still named, and where a card came from out of it
    assert describe(before, played, std_card_label, zone_name, hidden, own="hand-0") == [
        "7 of clubs from Arthur's hand to North stall"]
    assert describe(before, drawn, std_card_label, zone_name, hidden) == [
        "1 card to Arthur's hand"]


def test_moves_lead_with_their_cards():
    before = {"hand-0": ["5H", "KS"], "side-N": ["6S"], "side-E": ["9D", "8C"]}
    assert lead_of(Play("5H", "N"), before) == (["5H"], "side-N")
    assert lead_of(Shift("E", "N"), before) == (["9D", "8C"], "side-N")
    assert lead_of(END_TURN, before) is None
    kk = GAMES["devils-square"].new(deal=3)
    move = kk.legal_moves()[0]
    cards = kk.zones()[move.gesture.source][-move.count:]
    assert lead_of(move, kk.zones()) == (cards, move.gesture.target)
    assert move_target(END_TURN) is None


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_words_are_translated(lang):
    try:
        set_language(lang)
        said = picked(["A", "B"], ["Cell 5"])
        assert "picked up" not in said and "A" in said and "Cell 5" in said
        assert announce.put_down() != "Put down."
    finally:
        set_language("en")
