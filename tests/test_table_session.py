"""The Kings in the Corner table's pure page logic (game/ui/table.py), in CPython: who sits
where and what they are called, what a click or a drop on the table means, undo and redo
within a person's turn, computer turns, passing the device between people, and the
set-up dialog's form."""

from html.parser import HTMLParser

import pytest

from game.engine import IllegalMove
from game.games.kings_corner import (
    END_TURN,
    NEXT_HAND,
    KingsCorner,
    Play,
    Shift,
    Under,
    stall_of,
)
from game.ui.session import Pick
from game.ui.session import Reply as TableReply
from game.ui.table import COMPUTER_NAMES, TableSession, default_names, sorted_hand
from game.ui.table_setup import read_setup, setup_form

from .kc_helpers import kc_position

# Position A: no side is empty. The Queen of hearts fits on both black Kings (N, E); the 6
# of diamonds only on the 7 of spades (W); the 5 of clubs nowhere. Stalls N and E start with
# a King, so each may move to any of the four empty corners; S (2D) and W (7S) go nowhere.
STALLS_A = {"N": ["KS"], "E": ["KC"], "S": ["2D"], "W": ["7S"]}
HAND_A = ["QH", "6D", "5C"]
OTHER = ["3H", "4C", "9D"]
CORNER_ZONES = ["corner-NE", "corner-NW", "corner-SE", "corner-SW"]


def session_a(players="h2", to_move=0, **options):
    hands = [list(HAND_A), list(OTHER)] + [["8H", "TD"] for _ in players[2:]]
    return TableSession(kc_position(hands, STALLS_A, players=players, to_move=to_move,
                                    **options))


def touch_card(session, card):
    """A click on a card of the shown hand."""
    return session.touch(f"hand-{session.shown_seat}", card)


def touch_stall(session, zone):
    """A click on a stall (a card on it or its empty place)."""
    return session.touch(zone, None)


def stall_pick(session, stall):
    """A whole side stall picked up."""
    return Pick(f"side-{stall}", len(session.game.stalls[stall]))


def reason(game, move):
    """The engine's own refusal of `move`."""
    with pytest.raises(IllegalMove) as error:
        game.check(move)
    return str(error.value)


def nothing(session, reply, moves_before):
    """The reply says nothing happened and nothing was pushed."""
    assert reply == TableReply()
    assert len(session.game.move_stack) == moves_before


# -- helpers of the module ------------------------------------------------------------------


def test_stall_of_reads_side_and_corner_zones_only():
    assert stall_of("side-N") == "N"
    assert stall_of("side-W") == "W"
    assert stall_of("corner-NE") == "NE"
    assert stall_of("corner-SW") == "SW"
    assert stall_of("hand-0") is None
    assert stall_of("stock") is None


def test_sorted_hand_goes_spades_hearts_clubs_diamonds_high_to_low():
    hand = ["2D", "AH", "KS", "TC", "QH", "3S", "AD", "JC", "9H"]
    assert sorted_hand(hand) == ["KS", "3S", "QH", "9H", "AH", "JC", "TC", "2D", "AD"]
    assert sorted_hand([]) == []
    assert sorted(sorted_hand(hand)) == sorted(hand)  # the same cards, only reordered


# -- names and seats ------------------------------------------------------------------------


def test_a_lone_person_is_you_and_computers_are_knights():
    assert default_names("h222", None) == ["You", "Arthur", "Guinevere", "Lancelot"]
    assert default_names("2h1", []) == ["Arthur", "You", "Guinevere"]
    assert default_names("123123", None) == list(COMPUTER_NAMES)


def test_several_people_are_numbered_among_the_people():
    assert default_names("hh2", None) == ["Player 1", "Player 2", "Arthur"]
    assert default_names("h2h", None) == ["Player 1", "Arthur", "Player 2"]
    assert default_names("hhhhhh", None) == [f"Player {n}" for n in range(1, 7)]


def test_given_names_are_trimmed_to_twenty_and_blank_or_computer_ones_are_not_used():
    long = "Bartholomew Fitzgerald-Smythe"
    names = default_names(
        "hh3h2", ["  Ann  ", f" {long} ", "Zed", "   ", "Mordred"])
    assert names == ["Ann", long[:20], "Arthur", "Player 3", "Guinevere"]  # the third person
    assert len(names[1]) == 20
    # fewer names than seats, and a name that is not text
    assert default_names("hhh", ["Ann", None]) == ["Ann", "Player 2", "Player 3"]


def test_the_session_names_its_seats_from_what_it_is_given():
    game = kc_position([list(HAND_A), list(OTHER)], STALLS_A, players="h2")
    assert TableSession(game, names=["  Ann "]).player_names == ["Ann", "Arthur"]
    assert TableSession(game).player_names == ["You", "Arthur"]


def test_the_seats_names_follow_the_language_and_the_names_given():
    """player_names is kept between moves, but never past a change of language or of the
    names given (both make it again)."""
    from game.i18n import set_language, tr

    session = TableSession(KingsCorner.new(deal=1, players="h2"))
    names = session.player_names
    assert names == ["You", "Arthur"]
    names[0] = "changed"  # the caller's copy: the session's names stay as they are
    assert session.player_names == ["You", "Arthur"]
    set_language("nl")
    try:
        assert session.player_names == [tr("You"), tr("Arthur")] != ["You", "Arthur"]
    finally:
        set_language("en")
    assert session.player_names == ["You", "Arthur"]
    session.given = ["Ann"]
    assert session.player_names == ["Ann", "Arthur"]


def test_who_is_a_person_and_whose_turn_it_is():
    session = session_a("h2h")
    session.reveal()  # several people: the table opens hidden
    assert [session.is_person(seat) for seat in range(3)] == [True, False, True]
    assert session.people() == [0, 2]
    assert session.level_of(1) == "Normal" and session.level_of(0) == ""
    assert session.persons_turn() and not session.computer_to_move()

    session = session_a("h2h", to_move=1)
    assert session.computer_to_move() and not session.persons_turn()
    assert session.shown_seat == 0  # the first person's hand shows while a computer plays

    session = session_a("h2h")
    session.hidden_hand = True  # the device is being passed: nobody plays till it is revealed
    assert not session.persons_turn() and not session.computer_to_move()


def test_nobody_is_to_move_once_the_hand_is_over():
    session = TableSession(kc_position([["6D"], list(OTHER), ["8H"]], STALLS_A, players="h2h"))
    session.reveal()  # several people: the table opens hidden
    touch_card(session, "6D")  # the last card: seat 0 wins the hand
    assert session.game.hand_over is not None and not session.game.is_over()
    assert not session.persons_turn() and not session.computer_to_move()


# -- touching cards -------------------------------------------------------------------------


def test_a_card_with_one_place_plays_at_once():
    session = session_a()
    reply = touch_card(session, "6D")
    assert reply.moved == Play("6D", "W") and reply.changed and not reply.refused
    assert session.selected is None
    assert session.game.stalls["W"] == ["7S", "6D"] and "6D" not in session.game.hands[0]


def test_a_card_with_several_places_is_selected_and_its_stalls_are_the_targets():
    session = session_a()
    reply = touch_card(session, "QH")
    assert reply.moved is None and not reply.refused
    assert session.selected == Pick("hand-0", 1, "QH")
    assert session.targets() == ["side-E", "side-N"]
    assert session.game.move_stack == []


def test_touching_the_selected_card_again_deselects_it():
    session = session_a()
    touch_card(session, "QH")
    reply = touch_card(session, "QH")
    assert reply.moved is None and session.selected is None and session.targets() == []
    assert session.game.move_stack == []


def test_touching_another_card_replaces_the_selection():
    session = session_a()
    touch_card(session, "QH")
    reply = touch_card(session, "6D")
    assert reply.moved == Play("6D", "W") and session.selected is None


def test_a_card_with_no_place_is_refused_at_the_hand():
    session = session_a()
    reply = touch_card(session, "5C")
    assert reply.moved is None and reply.refused == "That card has nowhere to go."
    assert reply.refused_zone == "hand-0" and session.selected is None


def test_touching_a_card_not_in_the_shown_hand_does_nothing():
    session = session_a()
    nothing(session, touch_card(session, "3H"), 0)  # seat 1's card
    nothing(session, touch_card(session, "KD"), 0)  # in no hand
    assert session.selected is None


def test_touching_a_card_off_the_persons_turn_does_nothing():
    session = session_a(to_move=1)  # the computer's turn
    nothing(session, touch_card(session, "6D"), 0)
    nothing(session, touch_card(session, "QH"), 0)
    assert session.selected is None

    session = session_a("hh")
    session.hidden_hand = True
    nothing(session, touch_card(session, "6D"), 0)


# -- touching stalls ------------------------------------------------------------------------


def test_a_stall_touched_with_a_card_selected_takes_it_there():
    session = session_a()
    touch_card(session, "QH")
    reply = touch_stall(session, "side-E")
    assert reply.moved == Play("QH", "E") and reply.changed
    assert session.game.stalls["E"] == ["KC", "QH"] and session.selected is None


def test_a_stall_the_card_does_not_fit_is_refused_with_the_engines_reason():
    session = session_a()
    touch_card(session, "QH")
    reply = touch_stall(session, "side-S")
    assert reply.moved is None
    assert reply.refused == reason(session.game, Play("QH", "S"))
    assert "cannot go on" in reply.refused
    assert reply.refused_zone == "side-S" and session.selected is None
    assert session.game.move_stack == []

    touch_card(session, "QH")
    reply = touch_stall(session, "corner-NE")
    assert reply.refused == "A corner starts only with a King."
    assert reply.refused_zone == "corner-NE" and session.selected is None


def test_a_side_stall_touched_with_nothing_selected_is_selected_with_its_targets():
    session = session_a()
    reply = touch_stall(session, "side-N")
    assert reply.moved is None and not reply.refused
    assert session.selected == stall_pick(session, "N")
    assert session.targets() == CORNER_ZONES
    reply = touch_stall(session, "corner-SW")
    assert reply.moved == Shift("N", "SW") and session.selected is None
    assert session.game.stalls["SW"] == ["KS"] and session.game.stalls["N"] == []


def test_touching_the_selected_stall_again_deselects_it():
    session = session_a()
    touch_stall(session, "side-N")
    reply = touch_stall(session, "side-N")
    assert reply == TableReply() and session.selected is None
    assert session.game.move_stack == []


def test_touching_another_movable_side_stall_selects_that_one_instead():
    session = session_a()
    touch_stall(session, "side-N")
    reply = touch_stall(session, "side-E")
    assert reply.moved is None and not reply.refused
    assert session.selected == stall_pick(session, "E") and session.targets() == CORNER_ZONES


def test_a_side_stall_with_one_place_moves_at_once():
    stalls = {"N": ["7S", "6H"], "E": ["8D"], "S": ["2C"], "W": ["JC"]}
    session = TableSession(kc_position([list(HAND_A), list(OTHER)], stalls))
    reply = touch_stall(session, "side-N")
    assert reply.moved == Shift("N", "E") and session.selected is None
    assert session.game.stalls["E"] == ["8D", "7S", "6H"]


def test_a_stall_not_headed_by_a_king_is_refused_at_a_corner():
    stalls = {"N": ["7S"], "E": ["8D"], "S": ["2C"], "W": ["8H"]}
    session = TableSession(kc_position([list(HAND_A), list(OTHER)], stalls))
    touch_stall(session, "side-N")
    assert session.selected == stall_pick(session, "N")
    assert session.targets() == ["side-E", "side-W"]
    reply = touch_stall(session, "corner-NE")
    assert reply.refused == "Only a stall that starts with a King moves to a corner."
    assert reply.refused == reason(session.game, Shift("N", "NE"))
    assert reply.refused_zone == "corner-NE" and session.selected is None
    assert session.game.move_stack == []


def test_a_king_in_hand_may_go_to_any_empty_corner_under_the_classic_rules():
    game = kc_position([["KD", "5C"], list(OTHER)], STALLS_A, rules="classic")
    session = TableSession(game)
    touch_card(session, "KD")
    assert session.selected == Pick("hand-0", 1, "KD") and session.targets() == CORNER_ZONES
    reply = touch_stall(session, "corner-NW")
    assert reply.moved == Play("KD", "NW") and game.stalls["NW"] == ["KD"]


def test_a_side_stall_that_cannot_move_is_refused():
    session = session_a()
    reply = touch_stall(session, "side-S")
    assert reply.refused == "That stall has nowhere to go."
    assert reply.refused_zone == "side-S" and session.selected is None


def test_an_empty_side_or_a_corner_touched_with_nothing_selected_selects_nothing():
    stalls = {"N": ["KS"], "E": ["KC"], "S": ["2D"], "NE": ["KH"]}  # W is empty
    session = TableSession(kc_position([list(HAND_A), list(OTHER)], stalls))
    for zone in ("side-W", "corner-NE", "corner-SE"):
        nothing(session, touch_stall(session, zone), 0)
        assert session.selected is None
    # an empty side is a target like any other: the Queen may go on N, E or W now
    touch_card(session, "QH")
    assert session.targets() == ["side-E", "side-N", "side-W"]


def test_a_stall_moved_onto_an_empty_side_is_refused_with_the_engines_reason():
    stalls = {"N": ["KS"], "E": ["KC"], "S": ["2D"]}  # W is empty
    session = TableSession(kc_position([list(HAND_A), list(OTHER)], stalls))
    touch_stall(session, "side-N")
    assert session.targets() == CORNER_ZONES
    reply = touch_stall(session, "side-W")
    assert reply.refused == "Moving a stall onto an empty side changes nothing."
    assert reply.refused_zone == "side-W" and session.selected is None


def test_touching_what_is_not_a_stall_or_off_the_persons_turn_does_nothing():
    session = session_a()
    nothing(session, touch_stall(session, "hand-0"), 0)
    nothing(session, touch_stall(session, "stock"), 0)
    session = session_a(to_move=1)
    nothing(session, touch_stall(session, "side-N"), 0)
    assert session.selected is None


# -- dropping -------------------------------------------------------------------------------


def test_a_card_dropped_on_a_stall_plays_or_is_refused():
    session = session_a()
    reply = session.drop(Pick("hand-0", 1, "QH"), "side-E")
    assert reply.moved == Play("QH", "E")

    session = session_a()
    reply = session.drop(Pick("hand-0", 1, "QH"), "side-S")
    assert reply.moved is None and reply.refused == reason(session.game, Play("QH", "S"))
    assert reply.refused_zone == "side-S"
    reply = session.drop(Pick("hand-0", 1, "5C"), "corner-NW")
    assert reply.refused == "A corner starts only with a King."
    assert reply.refused_zone == "corner-NW"
    assert session.game.move_stack == []


def test_a_stall_dropped_on_a_stall_moves_or_is_refused():
    session = session_a()
    reply = session.drop(stall_pick(session, "N"), "corner-SE")
    assert reply.moved == Shift("N", "SE") and session.game.stalls["SE"] == ["KS"]

    session = session_a()
    reply = session.drop(stall_pick(session, "N"), "side-S")
    assert reply.refused == reason(session.game, Shift("N", "S"))
    assert "at the bottom of that stall" in reply.refused and reply.refused_zone == "side-S"


def test_a_stall_dropped_on_itself_does_nothing():
    session = session_a()
    nothing(session, session.drop(stall_pick(session, "N"), "side-N"), 0)


def test_a_drop_onto_no_zone_or_not_a_stall_does_nothing_and_clears_the_selection():
    session = session_a()
    touch_card(session, "QH")
    nothing(session, session.drop(Pick("hand-0", 1, "QH"), None), 0)
    assert session.selected is None
    nothing(session, session.drop(Pick("hand-0", 1, "QH"), "hand-0"), 0)
    nothing(session, session.drop(stall_pick(session, "N"), "stock"), 0)


def test_a_drop_off_the_persons_turn_does_nothing():
    session = session_a(to_move=1)
    nothing(session, session.drop(Pick("hand-0", 1, "QH"), "side-E"), 0)


# -- undo and redo --------------------------------------------------------------------------


def test_the_persons_play_is_undone_and_redone():
    session = session_a()
    assert not session.can_undo() and not session.can_redo()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    assert session.can_undo()
    reply = session.undo()
    assert reply.changed
    assert session.game.move_stack == [] and "QH" in session.game.hands[0]
    assert session.game.stalls["N"] == ["KS"]
    assert session.redo_stack == ["QH>N"] and session.can_redo()
    reply = session.redo()
    assert reply.moved == Play("QH", "N")
    assert session.redo_stack == [] and not session.can_redo()
    assert session.game.stalls["N"] == ["KS", "QH"]


def test_undo_clears_the_selection():
    session = session_a()
    touch_card(session, "6D")
    touch_card(session, "QH")
    assert session.selected == Pick("hand-0", 1, "QH")
    session.undo()
    assert session.selected is None


def test_a_whole_stall_move_and_a_play_under_are_undone_too():
    session = session_a()
    session.drop(stall_pick(session, "N"), "corner-NE")
    assert session.can_undo()
    session.undo()
    assert session.game.stalls["N"] == ["KS"] and session.redo_stack == ["N>NE"]

    # Classic with `under`: while W is empty, the 10 of spades goes under the 9 of hearts
    stalls = {"N": ["9H", "8S"], "E": ["2D"], "S": ["4C"]}
    game = kc_position([["TS", "5C"], list(OTHER)], stalls, rules="classic", under=True)
    session = TableSession(game)
    touch_card(session, "TS")
    assert session.targets() == ["side-N", "side-W"]
    reply = touch_stall(session, "side-N")
    assert reply.moved == Under("TS", "N") and game.stalls["N"] == ["TS", "9H", "8S"]
    assert session.can_undo()
    session.undo()
    assert game.stalls["N"] == ["9H", "8S"] and session.redo_stack == ["TS<N"]


def test_undo_steps_back_through_the_turn_and_redo_forward():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    touch_card(session, "6D")
    session.undo()
    session.undo()
    assert session.game.move_stack == [] and not session.can_undo()
    assert session.redo_stack == ["6D>W", "QH>N"]
    assert session.redo().moved == Play("QH", "N")
    assert session.redo().moved == Play("6D", "W")
    assert session.redo() == TableReply() and session.redo_stack == []


def test_a_different_play_clears_redo():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    session.undo()
    touch_card(session, "QH")
    touch_stall(session, "side-E")  # not what was undone
    assert session.redo_stack == [] and not session.can_redo()


def test_making_the_undone_play_again_keeps_the_rest_of_redo():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    touch_card(session, "6D")
    session.undo()
    session.undo()
    session.drop(Pick("hand-0", 1, "QH"), "side-N")  # the very play redo would make
    assert session.redo_stack == ["6D>W"]
    assert session.redo().moved == Play("6D", "W")


def test_no_undo_after_the_turn_is_ended():
    session = session_a("hh")
    session.reveal()  # several people: the table opens hidden
    touch_card(session, "6D")
    session.end_turn()
    assert session.game.to_move == 1 and session.is_person(1)
    assert not session.can_undo()
    moves = len(session.game.move_stack)
    nothing(session, session.undo(), moves)
    session.reveal()
    assert not session.can_undo()


def test_no_undo_of_a_computers_play():
    session = session_a(to_move=1)
    game = session.game
    game.hands[1] = ["6H", "4C"]  # seat 1, a computer, holds a card that fits on W
    game._legal = None
    reply = session.play(Play("6H", "W"), own=False)  # as step_computer makes it
    assert reply.moved == Play("6H", "W")
    assert not session.can_undo()
    nothing(session, session.undo(), 1)


def test_a_winning_play_may_be_taken_back_before_the_next_hand():
    session = TableSession(kc_position([["6D"], list(OTHER)], STALLS_A))
    touch_card(session, "6D")
    assert session.game.hand_over is not None and session.game.hand_over.winner == 0
    assert session.can_undo()
    session.undo()
    assert session.game.hand_over is None and session.game.hands[0] == ["6D"]
    assert session.persons_turn()


def test_nothing_is_undone_once_the_match_is_over():
    game = kc_position([["6D"], list(OTHER)], STALLS_A, rules="classic")  # one hand
    session = TableSession(game)
    touch_card(session, "6D")
    assert game.is_over()
    assert not session.can_undo()
    nothing(session, session.undo(), 1)


# -- ending the turn, computer turns --------------------------------------------------------


def test_end_turn_only_on_the_persons_turn_and_then_the_computer_is_to_move():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    session.undo()
    reply = session.end_turn()
    assert reply.moved == END_TURN and reply.changed
    assert session.game.to_move == 1
    assert session.computer_to_move() and not session.persons_turn()
    assert session.redo_stack == [] and not session.can_undo()
    nothing(session, session.end_turn(), 1)


def test_end_turn_does_nothing_while_the_hand_is_hidden():
    session = session_a("hh")
    session.hidden_hand = True
    nothing(session, session.end_turn(), 0)


def test_step_computer_does_nothing_on_a_persons_turn():
    session = session_a()
    nothing(session, session.step_computer(), 0)


@pytest.mark.parametrize("players", ["h1", "h2", "h3", "h12"])
def test_step_computer_makes_one_legal_move_of_the_computer_to_move(players):
    game = KingsCorner.new(deal=4242, players=players)
    session = TableSession(game)
    steps = 0
    while session.computer_to_move():
        seat = game.to_move
        legal = game.legal_moves()
        before = len(game.move_stack)
        reply = session.step_computer()
        assert reply.changed and reply.moved in legal
        assert len(game.move_stack) == before + 1 and game.move_stack[-1] == reply.moved
        assert not session.is_person(seat)
        assert not session.can_undo()
        steps += 1
        assert steps < 60, "a computer turn that does not end"
        if game.hand_over is not None:
            break
    assert steps >= 1
    if game.hand_over is None:  # the computers ended their turns: a person is to move
        assert session.is_person(game.to_move) and session.persons_turn()
        assert game.move_stack[-1] == END_TURN


def test_step_computer_clears_redo():
    session = TableSession(KingsCorner.new(deal=99, players="h2"), redo=["QH>N"])
    assert session.computer_to_move()
    session.step_computer()
    assert session.redo_stack == []


# -- passing the device ---------------------------------------------------------------------


def test_two_people_alone_pass_the_device_between_turns():
    session = session_a("hh")
    session.reveal()  # several people: the table opens hidden
    assert session.shown_seat == 0 and not session.hidden_hand
    touch_card(session, "6D")  # a card moves, so the hand is not blocked
    session.end_turn()
    assert session.shown_seat == 1 and session.hidden_hand
    assert not session.persons_turn()
    nothing(session, touch_card(session, "3H"), 2)  # seat 1's hand is not shown yet
    assert session.reveal().changed
    assert not session.hidden_hand and session.persons_turn()
    session.end_turn()
    assert session.shown_seat == 0 and session.hidden_hand


@pytest.mark.parametrize("players", ["hh2", "h2h", "h12h"])
def test_after_the_computers_play_the_next_persons_hand_is_hidden_till_revealed(players):
    game = KingsCorner.new(deal=31337, players=players)
    session = TableSession(game)
    session.reveal()  # several people: the table opens hidden
    hides = 0
    ended = False  # a person has ended a turn
    last = session.shown_seat  # the person who last had the device
    for _ in range(500):
        if game.hand_over is not None or hides >= 4:
            break
        steps = 0
        while session.computer_to_move():
            # while the computers play no hand shows: the device may be changing hands
            # (until someone reveals a hand, as the test did at the start)
            assert session.shown_seat == last and (session.hidden_hand or not ended)
            session.step_computer()
            steps += 1
            assert steps < 200, "computer turns that do not end"
        if game.hand_over is not None:
            break
        seat = game.to_move
        assert session.is_person(seat) and session.shown_seat == seat
        if seat != last:  # another person: the device is passed first
            assert session.hidden_hand and not session.persons_turn()
            card = game.hands[seat][0]
            nothing(session, touch_card(session, card), len(game.move_stack))
            nothing(session, session.end_turn(), len(game.move_stack))
            hides += 1
            session.reveal()
        assert not session.hidden_hand and session.persons_turn()
        session.end_turn()
        ended = True
        last = seat
    assert hides >= 2
    if game.hand_over is not None:
        assert not session.hidden_hand  # a hand's end shows its summary to whoever is there


@pytest.mark.parametrize("players", ["h2", "2h1", "h123"])
def test_a_lone_person_is_never_asked_to_take_the_device(players):
    game = KingsCorner.new(deal=2024, players=players)
    session = TableSession(game)
    person = session.people()[0]
    for _ in range(300):
        assert not session.hidden_hand and session.shown_seat == person
        if game.is_over():
            break
        if game.hand_over is not None:
            session.next_hand()
        elif session.computer_to_move():
            session.step_computer()
        else:
            assert session.persons_turn()
            session.end_turn()
    assert not session.hidden_hand and session.shown_seat == person


# -- the next hand, giving up, the record ---------------------------------------------------


def won_hand(players):
    """Seat 0 (a person) plays its last card and wins the first hand (Jax)."""
    hands = [["6D"]] + [list(OTHER) for _ in players[1:]]
    session = TableSession(kc_position(hands, STALLS_A, players=players))
    session.reveal()  # several people: the table opens hidden
    touch_card(session, "6D")
    assert session.game.hand_over is not None and not session.game.is_over()
    return session


def test_next_hand_only_after_a_hand_is_over():
    session = session_a("hh")
    nothing(session, session.next_hand(), 0)


def test_next_hand_among_people_hides_the_next_persons_hand():
    session = won_hand("hhh")
    assert not session.hidden_hand and session.shown_seat == 0
    reply = session.next_hand()
    assert reply.moved == NEXT_HAND and reply.changed
    game = session.game
    assert game.hand_over is None and game.dealer == 1 and game.to_move == 2
    assert session.shown_seat == 2 and session.hidden_hand and not session.persons_turn()
    session.reveal()
    assert session.persons_turn()
    assert session.redo_stack == []


def test_next_hand_hides_even_when_the_same_person_starts_it():
    session = won_hand("hh")
    session.next_hand()
    assert session.game.to_move == 0
    assert session.shown_seat == 0 and session.hidden_hand


def test_next_hand_with_one_person_never_hides():
    session = won_hand("h2")
    session.next_hand()
    assert session.game.to_move == 0 and session.shown_seat == 0 and not session.hidden_hand
    assert session.persons_turn()

    session = won_hand("h22")
    session.next_hand()
    assert session.game.to_move == 2 and session.computer_to_move()
    assert session.shown_seat == 0 and not session.hidden_hand


def test_next_hand_does_nothing_once_the_match_is_over():
    game = kc_position([["6D"], list(OTHER)], STALLS_A, rules="classic")
    session = TableSession(game)
    touch_card(session, "6D")
    assert game.is_over()
    nothing(session, session.next_hand(), 1)


def test_give_up_ends_the_game_and_forgets_redo():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    session.undo()
    touch_card(session, "QH")
    reply = session.give_up()
    assert reply.changed
    assert session.game.is_over() and session.game.resigned
    assert session.redo_stack == [] and session.selected is None
    assert not session.persons_turn() and not session.computer_to_move()
    assert not session.can_undo()
    nothing(session, session.give_up(), 1)


def test_the_record_holds_the_save_redo_and_names():
    game = KingsCorner.new(deal=77, players="h2h")
    session = TableSession(game, redo=["QH>N"], names=["Ann", "", "Bo"])
    record = session.record().to_dict()
    assert record["redo"] == ["QH>N"]
    assert record["names"] == ["Ann", "Arthur", "Bo"]
    assert record["game"] == "kings-corner" and record["deal"] == 77
    assert record["options"]["players"] == "h2h" and record["moves"] == []

    again = TableSession(KingsCorner.from_save(record), record["redo"], record["names"])
    assert again.player_names == session.player_names and again.redo_stack == ["QH>N"]
    assert again.game.hands == game.hands


def test_the_record_lists_the_moves_and_a_copy_of_redo():
    session = session_a()
    touch_card(session, "QH")
    touch_stall(session, "side-N")
    touch_card(session, "6D")
    session.undo()
    record = session.record().to_dict()
    assert record["moves"] == ["QH>N"] and record["redo"] == ["6D>W"]
    record["redo"].append("x")
    assert session.redo_stack == ["6D>W"]


# -- the set-up form ------------------------------------------------------------------------


class FormReader(HTMLParser):
    """The fields of setup_form's HTML: selects (name -> [(value, selected)]), inputs
    (name -> attributes), radios (value -> checked), and the seat rows."""

    def __init__(self, html):
        super().__init__()
        self.rows = 0
        self.selects: dict[str, list[tuple[str, bool]]] = {}
        self.inputs: dict[str, dict] = {}
        self.radios: dict[str, bool] = {}
        self._select = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "div" and a.get("class") == "setup-seat":
            self.rows += 1
        elif tag == "select":
            self._select = a["name"]
            self.selects[self._select] = []
        elif tag == "option":
            self.selects[self._select].append((a["value"], "selected" in a))
        elif tag == "input" and a.get("type") == "radio":
            self.radios[a["value"]] = "checked" in a
        elif tag == "input":
            self.inputs[a["name"]] = a

    def kind(self, seat):
        chosen = [value for value, selected in self.selects[f"seat-{seat}"] if selected]
        assert len(chosen) <= 1
        return chosen[0] if chosen else None


def test_the_form_has_six_seats_and_the_first_two_are_never_empty():
    form = FormReader(setup_form("h2", ["You", "Arthur"], {}))
    assert form.rows == 6
    assert sorted(form.selects) == [f"seat-{seat}" for seat in range(6)]
    for seat in range(6):
        values = [value for value, _ in form.selects[f"seat-{seat}"]]
        assert values == (["h", "1", "2", "3"] if seat < 2 else ["", "h", "1", "2", "3"])
        assert form.inputs[f"name-{seat}"]["maxlength"] == "20"


def test_the_form_selects_the_kinds_given():
    form = FormReader(setup_form("h3h1", ["Ann", "Merlin", "Bo", "Arthur"], {}))
    assert [form.kind(seat) for seat in range(6)] == ["h", "3", "h", "1", "", ""]
    assert [form.inputs[f"name-{seat}"]["value"] for seat in range(6)] == [
        "Ann", "Merlin", "Bo", "Arthur", "", ""]
    form = FormReader(setup_form("2h", [], {}))
    assert [form.kind(seat) for seat in range(3)] == ["2", "h", ""]


def test_the_form_escapes_names():
    name = '<b>"Al" & \'Bo\'</b>'
    html = setup_form("hh", [name, "x"], {})
    assert "<b>" not in html and '"Al"' not in html
    form = FormReader(html)
    assert form.inputs["name-0"]["value"] == name
    assert form.rows == 6 and form.inputs["name-1"]["value"] == "x"


def test_the_form_shows_the_jax_rules_by_default():
    form = FormReader(setup_form("h2", [], {"rules": "jax", "players": "h2"}))
    assert form.radios == {"jax": True, "classic": False}
    assert "checked" not in form.inputs["draw2"]
    assert "checked" not in form.inputs["draw_end"] and "checked" not in form.inputs["under"]
    assert form.inputs["match"]["value"] == "0"
    assert FormReader(setup_form("h2", [], {})).radios == {"jax": True, "classic": False}


def test_the_form_reflects_the_classic_options():
    options = {"rules": "classic", "players": "h2", "draw": 2, "draw_end": True,
               "under": True, "match": 200}
    form = FormReader(setup_form("h2", [], options))
    assert form.radios == {"jax": False, "classic": True}
    assert "checked" in form.inputs["draw2"]
    assert "checked" in form.inputs["draw_end"] and "checked" in form.inputs["under"]
    assert form.inputs["match"]["value"] == "200"

    options.update(draw=1, draw_end=False, under=False, match=0)
    form = FormReader(setup_form("h2", [], options))
    assert form.radios["classic"]
    assert not any("checked" in form.inputs[name] for name in ("draw2", "draw_end", "under"))
    assert form.inputs["match"]["value"] == "0"


def test_the_form_of_a_game_reads_back_as_its_options():
    options = KingsCorner.new(deal=5, players="h3h", rules="classic", draw=2, under=True,
                              match=150).options
    form = FormReader(setup_form(options["players"], ["Ann", "Gawain", "Bo"], options))
    values = {f"seat-{seat}": form.kind(seat) or "" for seat in range(6)}
    values.update({f"name-{seat}": form.inputs[f"name-{seat}"]["value"] for seat in range(6)})
    values.update({name: "on" for name in ("draw2", "draw_end", "under")
                   if "checked" in form.inputs[name]})
    values["rules"] = next(value for value, checked in form.radios.items() if checked)
    values["match"] = form.inputs["match"]["value"]
    read, names = read_setup(values)
    assert read == {"players": "h3h", "rules": "classic", "draw": 2, "under": True,
                    "match": 150}
    assert names == ["Ann", "Gawain", "Bo"]


# -- reading the set-up form ----------------------------------------------------------------


def test_read_setup_makes_the_players_from_the_seat_kinds_and_trims_names():
    values = {"seat-0": "h", "seat-1": "2", "seat-2": "", "seat-3": "h", "seat-4": "3",
              "seat-5": "x", "name-0": "  Ann ", "name-1": "Arthur", "name-2": "Ghost",
              "name-3": "B" * 25, "rules": "jax"}
    options, names = read_setup(values)
    assert options == {"players": "h2h3"}
    assert names == ["Ann", "Arthur", "B" * 20, ""]
    KingsCorner.new(deal=1, **options)  # the engine takes them


def test_read_setup_with_no_seats():
    assert read_setup({}) == ({"players": ""}, [])


def test_read_setup_parses_the_classic_options():
    values = {"seat-0": "h", "seat-1": "1", "rules": "classic", "draw2": "on",
              "draw_end": "on", "under": "on", "match": "200"}
    options, names = read_setup(values)
    assert options == {"players": "h1", "rules": "classic", "draw": 2, "draw_end": True,
                       "under": True, "match": 200}
    assert names == ["", ""]
    KingsCorner.new(deal=1, **options)

    options, _ = read_setup({"seat-0": "h", "seat-1": "1", "rules": "classic"})
    assert options == {"players": "h1", "rules": "classic"}
    KingsCorner.new(deal=1, **options)


@pytest.mark.parametrize("text, match", [
    ("1", 1), ("200", 200), (" 300 ", 300), ("1000", 1000),
    ("0", None), ("1001", None), ("-10", None), ("", None), ("abc", None), ("12.5", None),
])
def test_read_setup_keeps_a_match_of_1_to_1000_only(text, match):
    options, _ = read_setup({"seat-0": "h", "seat-1": "2", "rules": "classic",
                             "match": text})
    assert options.get("match") == match
    KingsCorner.new(deal=1, **options)


def test_read_setup_ignores_the_classic_fields_under_jax():
    values = {"seat-0": "h", "seat-1": "2", "rules": "jax", "draw2": "on", "draw_end": "on",
              "under": "on", "match": "200"}
    options, _ = read_setup(values)
    assert options == {"players": "h2"}
    KingsCorner.new(deal=1, **options)
    del values["rules"]  # no rules chosen: Jax
    assert read_setup(values)[0] == {"players": "h2"}



def test_a_table_of_several_people_opens_with_the_hand_hidden():
    game = KingsCorner.new(deal=5, players="hh")
    session = TableSession(game)
    session.reveal()
    session.end_turn()
    record = session.record().to_dict()
    again = TableSession(KingsCorner.from_save(record), record["redo"], record["names"])
    assert again.hidden_hand and not again.persons_turn()
    again.reveal()
    assert again.persons_turn()
    alone = TableSession(KingsCorner.new(deal=5, players="h2"))
    assert not alone.hidden_hand
