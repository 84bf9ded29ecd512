"""The page's pure logic: selection and moves, undo/redo, addresses, saves and storage faults."""

import json

import pytest

from game.engine import GAMES, load_save
from game.games.kings_keys import StackMove
from game.ui.patience import PatienceSession as Session
from game.ui.record import SaveRecord
from game.ui.session import Pick
from game.ui.store import PREFIX, Store, slot_key
from game.ui.urlstate import game_query, parse_route
from tests.session_helpers import opened

from .kk_helpers import INERT, position
from .session_helpers import touch


def two_target_session():
    # the 2 Green Axe (cell 0) may go on the 1 Green Key (cell 1) or the 1 Green Shield (cell 2)
    cells = [["G2A"], ["G1K"], ["G1S"], ["R2K", "R3A"], ["R1C"]] + [[c] for c in INERT[:11]]
    return Session(position(cells, stock=["B2K", "B2S", "B2C"]))


def test_a_click_with_several_targets_selects_and_highlights_them():
    session = two_target_session()
    reply = touch(session, "cell-0", 0)
    assert reply.moved is None and session.selected == Pick("cell-0", 1)
    assert session.targets() == ["cell-1", "cell-2"]
    reply = touch(session, "cell-2", 0)
    assert reply.moved == StackMove(0, 2) and session.selected is None


def test_a_click_with_a_single_target_moves_at_once_and_picks_the_cards_above():
    session = two_target_session()
    reply = touch(session, "cell-3", 0)  # the 2-3 Red stack, picked by its bottom card
    assert reply.moved == StackMove(3, 4, 2)


def test_an_illegal_target_is_refused_with_the_guards_reason():
    session = two_target_session()
    touch(session, "cell-0", 0)
    reply = touch(session, "cell-4", 0)  # the 1 Red Coin: colours differ
    assert reply.moved is None and "colours differ" in reply.refused
    assert reply.refused_zone == "cell-4" and session.selected is None


def test_touching_a_stuck_card_says_so_and_touching_the_selection_again_drops_it():
    session = two_target_session()
    assert touch(session, "cell-5", 0).refused == "That card has nowhere to go."
    touch(session, "cell-0", 0)
    assert touch(session, "cell-0", 0).moved is None and session.selected is None


def test_drop_moves_or_refuses():
    session = two_target_session()
    assert session.drop(Pick("cell-0", 1), "cell-1").moved == StackMove(0, 1)
    session = two_target_session()
    reply = session.drop(Pick("cell-0", 1), "cell-4")
    assert "colours differ" in reply.refused
    assert session.drop(Pick("cell-0", 1), None).moved is None
    assert "field" in session.drop(Pick("cell-0", 1), "books").refused


def test_undo_redo_restart_and_a_new_move_clearing_redo():
    session = Session(GAMES["devils-square"].new(deal=1))
    first, second = session.game.legal_moves()[:2]
    session.play(first)
    session.play(session.game.legal_moves()[0])
    line = [str(m) for m in session.game.move_stack]
    session.undo()
    session.undo()
    assert session.game.move_stack == [] and session.redo_stack == line[::-1]
    session.redo()
    assert [str(m) for m in session.game.move_stack] == line[:1]
    session.restart()
    assert session.game.move_stack == [] and session.can_redo()
    session.play(second)  # a different move: the redo line is gone
    assert not session.can_redo()


def test_guard_mode_offers_no_undo_redo_or_restart():
    session = Session(GAMES["devils-square"].new(deal=1, guard=True))
    session.play(session.game.legal_moves()[0])
    assert not session.can_undo() and session.undo().changed is False
    assert session.restart().changed is False and len(session.game.move_stack) == 1


def test_give_up_ends_the_game():
    session = Session(GAMES["kings-square"].new(deal=4))
    assert session.give_up().changed and session.game.outcome().resigned


@pytest.mark.parametrize(
    ("query", "game_id", "deal", "options"),
    [
        ("", None, None, {}),
        ("?game=devils-square&deal=123", "devils-square", 123, {}),
        ("game=kings-square", "kings-square", None, {}),
        ("?game=devils-square&deal=7&guard=1", "devils-square", 7, {"guard": True}),
        ("?game=devils-square&deal=999999999&guard=off", "devils-square", 999_999_999, {}),
    ],
)
def test_good_addresses(query, game_id, deal, options):
    route = parse_route(query)
    assert (route.game_id, route.deal, route.error) == (game_id, deal, "")
    assert {k: v for k, v in route.options.items() if v} == options


@pytest.mark.parametrize(
    "query",
    [
        "?game=chess", "?game=devils-square&deal=0", "?game=devils-square&deal=-5",
        "?game=devils-square&deal=1000000000", "?game=devils-square&deal=12abc",
        "?game=devils-square&deal=", "?game=devils-square&deal=1e3",
        "?game=<script>alert(1)</script>", "?game=devils-square&deal=1&guard=maybe",
        "?game=devils-square&deal=1&colour=red", "?deal=5", "?game=" + "x" * 5000,
        "?game=devils-square&deal=" + "9" * 500,
        "?game=devils-grip&deal=1&draw=2", "?game=devils-grip&deal=1&passes=7",
        "?game=devils-grip&deal=1&draw=x", "?game=devils-grip&deal=1&guard=1",
    ],
)
def test_bad_addresses_give_a_sentence_and_the_landing_page(query):
    route = parse_route(query)
    assert route.game_id is None and route.error
    assert len(route.error) < 160


@pytest.mark.parametrize(
    "text", ["plain", "a b+c", "é ü ☃", "<script>&=?#", "%", "%zz", "%e2%82", "100%"]
)
def test_query_components_decode_like_the_standard_library(text):
    from urllib.parse import parse_qsl, quote_plus

    from game.ui.urlstate import parse_query, quote

    encoded = f"x={quote_plus(text)}&y={quote(text)}"
    assert parse_query(encoded) == dict(parse_qsl(encoded, keep_blank_values=True))
    for raw in (text, f"x={text}"):
        assert parse_query(raw) == dict(parse_qsl(raw, keep_blank_values=True))


def test_game_query_round_trips():
    assert game_query("devils-square", 42, {"guard": False}) == "?game=devils-square&deal=42"
    query = game_query("devils-square", 42, {"guard": True})
    route = parse_route(query)
    assert (route.game_id, route.deal, route.options) == ("devils-square", 42, {"guard": True})


class MemoryStorage:
    """localStorage's methods over a dict."""

    def __init__(self):
        self.data = {}

    def getItem(self, key):  # noqa: N802 - the browser's names
        return self.data.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.data[key] = value

    def removeItem(self, key):  # noqa: N802
        self.data.pop(key, None)

    def key(self, index):
        return list(self.data)[index]

    @property
    def length(self):
        return len(self.data)


class FullStorage(MemoryStorage):
    def setItem(self, key, value):  # noqa: N802
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


class ThrowingStorage(MemoryStorage):
    def getItem(self, key):  # noqa: N802
        raise RuntimeError("SecurityError: access denied")

    setItem = getItem


def test_a_game_is_saved_and_resumed_with_its_undo_and_redo_history():
    store = Store(MemoryStorage())
    session, key, notes = opened(store, "devils-square", 55, {})
    assert notes == [] and key == slot_key("devils-square", 55, {"guard": False})
    session.play(session.game.legal_moves()[0])
    session.play(session.game.legal_moves()[0])
    session.undo()
    store.save_record(key, session.record(), finished=False)
    again, key2, _ = opened(store, "devils-square", None, {})  # no deal: the current one
    assert key2 == key and again.game.zones() == session.game.zones()
    assert again.redo_stack == session.redo_stack and len(again.game.move_stack) == 1


def test_a_save_that_does_not_replay_is_set_aside_and_a_new_deal_starts():
    storage = MemoryStorage()
    store = Store(storage)
    key = slot_key("devils-square", 55, {"guard": False})
    bad = {"v": 1, "game": "devils-square", "deal": 55, "options": {}, "moves": ["15-0x3"]}
    storage.setItem(key, json.dumps(bad))
    session, _, notes = opened(store, "devils-square", 55, {})
    assert len(notes) == 1 and "kept aside" in notes[0]
    assert session.game.deal == 55 and session.game.move_stack == []
    assert key not in storage.data
    aside = [k for k in storage.data if k.startswith(PREFIX + "aside:")]
    assert len(aside) == 1 and json.loads(storage.data[aside[0]]) == bad
    storage.setItem(key, "{not json")
    _, _, notes = opened(store, "devils-square", 55, {})
    assert "damaged" in notes[0]


@pytest.mark.parametrize("storage", [None, FullStorage(), ThrowingStorage()])
def test_broken_storage_never_stops_play_and_is_reported_once(storage):
    store = Store(storage)
    session, key, _ = opened(store, "kings-square", 3, {})
    session.play(session.game.legal_moves()[0])
    assert store.save_record(key, session.record(), finished=False) is False
    assert "not being saved" in store.take_problem()
    assert store.take_problem() == ""


def test_finished_games_are_pruned_but_unfinished_kept():
    storage = MemoryStorage()
    store = Store(storage)
    for deal in range(1, 40):
        game = GAMES["devils-square"].new(deal=deal)
        game.resign()
        key = slot_key("devils-square", deal, game.options)
        store.save_record(key, SaveRecord(game.to_save()), True)
    live = GAMES["devils-square"].new(deal=500)
    key = slot_key("devils-square", 500, live.options)
    store.save_record(key, SaveRecord(live.to_save()), False)
    saves = [k for k in storage.data if k.startswith(PREFIX + "save:")]
    assert len(saves) <= 31 and slot_key("devils-square", 500, live.options) in saves
    record = json.loads(storage.data[slot_key("devils-square", 500, live.options)])
    assert load_save(record).deal == 500


def test_devils_grip_touching_the_stock_deals_and_redeals():
    from game.games.devils_grip import DEAL, REDEAL

    from .dg_helpers import INERT, LIVE, dg_position

    session = Session(dg_position(LIVE + [[c] for c in INERT], stock=["QS-1", "KS-1"]))
    assert touch(session, "stock", None).moved == DEAL
    assert session.game.waste == ["KS-1", "QS-1"]
    assert touch(session, "stock", None).moved == REDEAL
    assert session.game.stock == ["QS-1", "KS-1"]


def test_devils_grip_a_pile_dropped_where_it_cannot_build_swaps_places():
    from game.games.devils_grip import Build, Swap

    from .dg_helpers import INERT, LIVE, dg_position

    cells = LIVE + [["2S-1"], ["5S-1"]] + [[c] for c in INERT[:20]]
    stock = ["QS-1", "KS-1"]
    session = Session(dg_position(cells, stock=stock))
    assert session.drop(Pick("cell-3", 1), "cell-2").moved == Build(3, 2)
    session = Session(dg_position(cells, stock=stock))
    assert session.drop(Pick("cell-2", 1), "cell-5").moved == Swap(2, 5)
    # a click on a pile with nowhere to build selects it, and the cells it may swap with
    # are offered; a click on one of them swaps
    session = Session(dg_position(cells, stock=stock))
    assert touch(session, "cell-4", 0).moved is None and session.selected == Pick("cell-4", 1)
    assert "cell-0" in session.swap_targets() and "cell-4" not in session.swap_targets()
    assert touch(session, "cell-0", 0).moved == Swap(0, 4)


def test_what_a_pick_may_do_is_worked_out_afresh_after_every_change_of_position():
    """moves_from and swaps_from are kept per pick until the position changes (a click
    asks several times): after a move, an undo and a redo they are those of the position
    then, as worked out from scratch; and the game's gestures are its legal moves'."""
    from game.games.devils_grip import DevilsGrip

    session = Session(DevilsGrip.new(deal=5))
    game = session.game

    def fresh(pick):
        moves, swaps = {}, {}
        for move in game.legal_moves():
            gesture = move.gesture
            if gesture.kind.name == "SWAP":
                if pick.count == len(game.zones()[pick.zone]):
                    other = gesture.target if gesture.source == pick.zone else gesture.source
                    if pick.zone in (gesture.source, gesture.target):
                        swaps[other] = move
            elif gesture.source == pick.zone and gesture.count in (pick.count, 0):
                moves.setdefault(gesture.target, move)
        return moves, swaps

    picks = [Pick(f"cell-{cell}", 1) for cell in range(24)]
    for step in range(12):
        assert game.legal_gestures() == [(m, m.gesture) for m in game.legal_moves()]
        for pick in picks:
            assert (session.moves_from(pick), session.swaps_from(pick)) == fresh(pick)
        session.moves_from(picks[0])["cell-x"] = None  # a caller's change stays its own
        assert "cell-x" not in session.moves_from(picks[0])
        if step == 5:
            session.undo()
        elif step == 6:
            session.redo()
        else:
            builds = [m for m, g in game.legal_gestures() if g.kind.name != "SWAP"]
            session.play(builds[0])


def test_legal_gestures_follow_the_moves_a_search_makes_on_a_copy():
    """The searches apply moves without push (game/ai/search.py): a copy made once the page
    had worked out the gestures forgets them with each move it makes and takes back."""
    from game.ai.search import apply, copy_game, unapply
    from game.games.devils_grip import DevilsGrip

    game = DevilsGrip.new(deal=5)
    game.legal_gestures()
    copy = copy_game(game)
    for move in [m for m in copy.legal_moves() if m.gesture.kind.name != "SWAP"][:3]:
        undo = apply(copy, move)
        copy._moved()
        assert copy.legal_gestures() == [(m, m.gesture) for m in copy.legal_moves()]
        unapply(copy, move, undo)
        assert copy.legal_gestures() == game.legal_gestures()
