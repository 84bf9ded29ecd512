"""The settings (issue 7): defaults, what each means, storage with the never-lose rules,
and the auto-play rule (which move, when), all in CPython."""

from __future__ import annotations

import json

import pytest

from game.games import GAMES
from game.ui import settings as st
from game.ui.patience import PatienceSession as Session
from game.ui.settings import DEFAULTS, KEY, Settings, auto_move, forced_move
from game.ui.store import PREFIX, Store
from game.ui.table import TableSession

from .dg_helpers import INERT, dg_position
from .kc_helpers import kc_position
from .kcs_helpers import COURTS_ON_SPOTS, kcs_position
from .test_ui_logic import FullStorage, MemoryStorage, ThrowingStorage

ON = Settings(autoplay=True)

# -- defaults and meaning ------------------------------------------------------------------


def test_defaults():
    assert DEFAULTS == Settings("normal", "system", False, "auto", False)
    assert DEFAULTS.move_ms() == 180
    assert DEFAULTS.table(system_dark=False) == "light"
    assert DEFAULTS.table(system_dark=True) == "dark"


@pytest.mark.parametrize("speed, ms", [("slow", 320), ("normal", 180), ("fast", 90), ("off", 0)])
def test_speed_is_the_length_of_a_move(speed, ms):
    assert Settings(speed=speed).move_ms() == ms


def test_reduced_motion_follows_the_system_or_is_forced():
    assert Settings().reduced(system_reduced=True)
    assert not Settings().reduced(system_reduced=False)
    assert Settings(motion="reduce").reduced(system_reduced=False)
    assert Settings(speed="slow").move_ms(system_reduced=True) == 0
    assert Settings(speed="slow", motion="reduce").move_ms() == 0


def test_a_chosen_theme_wins_over_the_system():
    assert Settings(theme="light").table(system_dark=True) == "light"
    assert Settings(theme="dark").table(system_dark=False) == "dark"


# -- parsing and changing ------------------------------------------------------------------


def test_round_trip_with_a_version():
    chosen = Settings("slow", "reduce", True, "dark", True)
    text = st.dump(chosen)
    assert json.loads(text)["v"] == st.VERSION
    assert st.parse(text) == (chosen, False)


def test_nothing_stored_means_the_defaults_and_no_damage():
    assert st.parse(None) == (DEFAULTS, False)


@pytest.mark.parametrize("text", ["{", "[1, 2]", '"dark"', "null", '{"speed": "fast"}',
                                  '{"v": "1", "speed": "fast"}', '{"v": 0}'])
def test_damaged_text_is_reported(text):
    settings, damaged = st.parse(text)
    assert damaged
    assert isinstance(settings, Settings)


def test_good_fields_of_a_damaged_record_are_kept():
    text = json.dumps({"v": 1, "speed": "fast", "theme": "purple", "autoplay": "yes"})
    settings, damaged = st.parse(text)
    assert damaged
    assert settings == Settings(speed="fast")


def test_a_newer_version_keeps_the_fields_it_shares():
    text = json.dumps({"v": 7, "speed": "slow", "music": "loud"})
    assert st.parse(text) == (Settings(speed="slow"), False)


def test_sound_is_on_by_default_and_a_flag():
    assert DEFAULTS.sound is True
    assert st.parse(json.dumps({"v": 1, "speed": "fast"}))[0].sound is True  # stored before it
    assert st.parse(st.dump(Settings(sound=False))) == (Settings(sound=False), False)
    assert st.change(DEFAULTS, "sound", "false").sound is False
    assert st.parse(json.dumps({"v": 1, "sound": "loud"})) == (DEFAULTS, True)


def test_card_backs_and_tables_are_each_games_own_by_default_and_stored():
    assert (DEFAULTS.back, DEFAULTS.tabletop) == ("game", "game")
    assert st.BACKS[0] == "game" and st.TABLETOPS[0] == "game"
    assert len(st.BACKS) >= 4 and len(st.TABLETOPS) >= 4  # each game's own and 3 more
    old = st.parse(json.dumps({"v": 1, "speed": "fast"}))  # stored before they came
    assert old == (Settings(speed="fast"), False)
    chosen = Settings(back="rose", tabletop="walnut")
    assert st.parse(st.dump(chosen)) == (chosen, False)
    assert st.change(DEFAULTS, "back", "lattice").back == "lattice"
    assert st.change(DEFAULTS, "tabletop", "felt").tabletop == "felt"
    for name, value in (("back", "plaid"), ("tabletop", "marble"), ("back", 2),
                        ("tabletop", '" onload="x')):
        assert st.change(DEFAULTS, name, value) == DEFAULTS
    # a value this version does not draw is damage: the rest is kept, the default used
    text = json.dumps({"v": 1, "back": "plaid", "tabletop": "slate"})
    assert st.parse(text) == (Settings(tabletop="slate"), True)


def test_change_takes_only_what_a_field_accepts():
    assert st.change(DEFAULTS, "speed", "fast").speed == "fast"
    assert st.change(DEFAULTS, "speed", "warp") == DEFAULTS
    assert st.change(DEFAULTS, "colour", "red") == DEFAULTS
    assert st.change(DEFAULTS, "autoplay", True).autoplay is True
    assert st.change(DEFAULTS, "contrast", "true").contrast is True
    assert st.change(Settings(contrast=True), "contrast", "false").contrast is False
    assert st.change(DEFAULTS, "theme", 3) == DEFAULTS


# -- storage: the never-lose rules -----------------------------------------------------------


def test_saved_settings_come_back():
    store = Store(MemoryStorage())
    chosen = Settings(speed="fast", theme="dark", contrast=True)
    assert st.save(store, chosen)
    assert st.load(store) == (chosen, "")


def test_damaged_settings_are_set_aside_reported_once_and_repaired():
    storage = MemoryStorage()
    storage.setItem(KEY, '{"v": 1, "speed": "fast", "theme": 42}')
    store = Store(storage)
    settings, note = st.load(store)
    assert settings == Settings(speed="fast")
    assert note == st.ASIDE_NOTE
    aside = [k for k in storage.data if k.startswith(PREFIX + "aside:")]
    assert len(aside) == 1 and aside[0].endswith(":settings")
    assert storage.data[aside[0]] == '{"v": 1, "speed": "fast", "theme": 42}'
    # written back repaired: the next visit says nothing
    assert st.load(store) == (Settings(speed="fast"), "")


def test_text_that_is_not_json_is_kept_aside_too():
    storage = MemoryStorage()
    storage.setItem(KEY, "dark mode please")
    settings, note = st.load(Store(storage))
    assert settings == DEFAULTS and note
    assert "dark mode please" in storage.data.values()


@pytest.mark.parametrize("storage", [None, FullStorage(), ThrowingStorage()])
def test_missing_or_broken_storage_still_gives_settings(storage):
    store = Store(storage)
    assert st.load(store) == (DEFAULTS, "")
    assert not st.save(store, Settings(speed="slow"))
    assert store.take_problem()  # said once, by the store, like a save that fails
    assert store.take_problem() == ""


# -- auto-play ----------------------------------------------------------------------------------


def kcs_session(cells, stock, **options):
    return Session(kcs_position(cells, stock=stock, **options))


def one_free_queen_spot():
    """Every court spot but cell 14 (a Queen's) taken; a Queen turned: one place to go."""
    cells = {cell: card for cell, card in COURTS_ON_SPOTS.items() if cell != 14}
    cells[5] = "2S"
    return kcs_session(cells, stock=["3S", "QC"])


def test_a_turned_card_with_one_place_is_forced():
    session = one_free_queen_spot()
    move = forced_move(session.game)
    assert str(move) == str(session.game.legal_moves()[0]) and move.cell == 14
    assert auto_move(session, ON) == move
    assert auto_move(session, DEFAULTS) is None  # off by default


def test_a_card_with_several_places_is_not_forced():
    session = kcs_session({0: "KS"}, stock=["3S", "5H"])
    assert len(session.game.legal_moves()) == 15
    assert forced_move(session.game) is None
    assert auto_move(session, ON) is None


def test_no_auto_play_while_moves_wait_to_be_redone():
    """Undo puts the forced move on the redo stack: it stays undone, not replayed."""
    session = one_free_queen_spot()
    session.play(auto_move(session, ON))
    assert session.game.cells[14] == "QC"
    session.undo()
    assert session.redo_stack and forced_move(session.game) is not None
    assert auto_move(session, ON) is None
    session.redo()
    assert auto_move(session, ON) is None or not session.redo_stack


def test_no_auto_play_when_the_game_is_over():
    session = one_free_queen_spot()
    session.give_up()
    assert auto_move(session, ON) is None


def test_never_in_guard_mode():
    cls = GAMES["devils-square"]
    single = next(d for d in range(1, 3000) if len(cls.new(deal=d).legal_moves()) == 1)
    assert auto_move(Session(cls.new(deal=single)), ON) is not None
    guarded = Session(cls.new(deal=single, guard=True))
    assert guarded.guarded and forced_move(guarded.game) is not None
    assert auto_move(guarded, ON) is None


def devils_grip_without_builds():
    """24 piles that take nothing; the stock's 5 of hearts will build on a 2 once dealt."""
    cells = [[card] for card in [*INERT, "JD-1", "QD-1", "KD-1"]]
    return dg_position(cells, stock=["5H-1"])


def test_devils_grip_swaps_are_no_alternative_so_a_lone_deal_is_forced():
    game = devils_grip_without_builds()
    assert any("<>" in str(m) for m in game.legal_moves())  # swaps are listed...
    assert str(forced_move(game)) == "deal"  # ...but the deal is the only real move
    assert str(auto_move(Session(game), ON)) == "deal"


def test_devils_grip_with_a_build_is_not_forced():
    cls = GAMES["devils-grip"]
    game = next(g for g in (cls.new(deal=d) for d in range(1, 400))
                if any("<>" not in str(m) and str(m) != "deal" for m in g.legal_moves()))
    assert forced_move(game) is None


def test_at_a_table_a_turn_with_nothing_to_play_is_ended():
    game = kc_position([["2H", "3D"], ["5S", "6C"]], stalls={"N": ["9S"], "E": ["9C"],
                                                            "S": ["8S"], "W": ["8C"]},
                       stock=["4S", "4C", "4D"])
    session = TableSession(game)
    assert session.persons_turn()
    assert [str(m) for m in game.legal_moves()] == ["end"]
    assert str(auto_move(session, ON)) == "end"


def test_at_a_table_a_turn_with_a_play_is_left_to_the_person():
    game = kc_position([["8H", "3D"], ["5S", "6C"]], stalls={"N": ["9S"], "E": ["9C"],
                                                            "S": ["8S"], "W": ["8C"]},
                       stock=["4S", "4C", "4D"])
    session = TableSession(game)
    assert len(game.legal_moves()) > 1
    assert auto_move(session, ON) is None


def test_at_a_table_never_for_a_computer_or_between_hands():
    game = kc_position([["2H", "3D"], ["5S", "6C"]], stalls={"N": ["9S"], "E": ["9C"],
                                                            "S": ["8S"], "W": ["8C"]},
                       stock=["4S", "4C", "4D"], to_move=1)
    session = TableSession(game)
    assert session.computer_to_move()
    assert auto_move(session, ON) is None
