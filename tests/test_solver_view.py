"""The page's help for the one-player games, as pure logic (game/ui/assist.py): what a
hint highlights and says, the solver's slices and sentences, the replay of a winning
line through the session, and which deal a new game starts from."""

import random
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.ai import deal_lists, solitaire
from game.engine import MAX_DEAL, MIN_DEAL, Gesture, Kind
from game.games import GAMES, load
from game.ui import assist
from game.ui.patience import PatienceSession as Session
from game.ui.stdface import std_card_label
from tests.session_helpers import SOLITAIRES

ROOT = Path(__file__).resolve().parent.parent


def label(card: str) -> str:
    return f"<{card}>"


def find_position(game_id: str, want, deals=range(1, 200), plies: int = 300):
    """(game, move): the first legal move `want(game, move)` accepts, met while playing
    random moves (fixed seeds) from the deals: moves of the waste or the turned card
    first, then deals, then other builds (swaps only when nothing else is left)."""
    for deal in deals:
        rng = random.Random(deal)
        game = GAMES[game_id].new(deal=deal)
        for _ in range(plies):
            if game.is_over():
                break
            moves = game.legal_moves()
            for move in moves:
                if want(game, move):
                    return game, move
            waste = [m for m in moves if m.gesture.source == "waste"
                     or m.gesture.kind is Kind.PLACE]
            deals = [m for m in moves if m.gesture.kind in (Kind.DEAL, Kind.REDEAL)]
            builds = [m for m in moves if m.gesture.kind is Kind.BUILD]
            game.push(rng.choice(waste or deals or builds or moves))
    raise LookupError("no such position")


# -- hints ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SOLITAIRES)
def test_the_hint_of_each_game_is_legal_and_marks_its_cards_and_target(game_id):
    game = GAMES[game_id].new(deal=11)
    move = solitaire.load(game_id).hint(game)
    assert move in game.legal_moves()
    marks = assist.hint_marks(game, move, label)
    assert marks.text.startswith("Hint: ") and marks.text.endswith(".")
    assert marks.cards or marks.zones
    zones = game.zones()
    source = move.gesture.source
    if move.gesture.kind in (Kind.BUILD, Kind.PLACE, Kind.REMOVE, Kind.PAIR):
        assert marks.cards[0] in zones[source]
        assert move.gesture.kind is Kind.PAIR or marks.zones == (move.gesture.target,)


def test_a_king_s_keys_hint_of_two_cards_marks_both_and_names_the_target_card():
    game, move = find_position("devils-square", lambda g, m: m.count == 2)
    marks = assist.hint_marks(game, move, label)
    cards = game.zones()[move.gesture.source][-2:]
    assert marks.cards == tuple(cards) and marks.zones == (move.gesture.target,)
    top = game.zones()[move.gesture.target][-1]
    why = f" {game.why(move)}" if game.why(move) else ""  # (tests/test_hint_reasons.py)
    assert marks.text == f"Hint: move the <{cards[0]}> and the cards on it onto the <{top}>.{why}"


def test_a_move_to_an_empty_cell_says_so():
    @dataclass(frozen=True)
    class Onto:
        gesture: Gesture = Gesture(Kind.BUILD, "cell-0", "cell-1", 1)

    class Position:
        def zones(self):
            return {"cell-0": ["G2A"], "cell-1": []}

        def why(self, move):
            return ""

    marks = assist.hint_marks(Position(), Onto(), label)
    assert marks == assist.HintMarks(cards=("G2A",), zones=("cell-1",),
                                     text="Hint: move the <G2A> to the glowing empty cell.")


def test_devils_grip_marks_the_waste_card_the_stock_and_swapped_piles():
    game, move = find_position("devils-grip", lambda g, m: m.gesture.source == "waste")
    marks = assist.hint_marks(game, move, std_card_label)
    assert marks.cards == (game.zones()["waste"][-1],) and marks.zones == (move.gesture.target,)
    assert marks.text.startswith("Hint: move the ") and " of " in marks.text
    game, move = find_position("devils-grip", lambda g, m: str(m) == "deal")
    assert assist.hint_marks(game, move, label) == assist.HintMarks(
        zones=("stock",), text="Hint: deal from the stock.")
    game, move = find_position("devils-grip", lambda g, m: str(m) == "redeal", plies=400)
    assert assist.hint_marks(game, move, label).text == "Hint: turn the waste over to deal again."
    game, move = find_position("devils-grip", lambda g, m: "<>" in str(m))
    marks = assist.hint_marks(game, move, label)
    zones = game.zones()
    assert marks.zones == (f"cell-{move.a}", f"cell-{move.b}")
    assert set(marks.cards) == set(zones[f"cell-{move.a}"] + zones[f"cell-{move.b}"])
    assert marks.text.startswith("Hint: swap ")


def test_kings_corner_marks_the_turned_card_a_ten_and_both_cards_of_a_pair():
    game = GAMES["kings-corner-solitaire"].new(deal=11)
    place = game.legal_moves()[0]
    marks = assist.hint_marks(game, place, label)
    assert marks.cards == (game.turned(),) and marks.zones == (place.gesture.target,)
    assert marks.text == f"Hint: place the <{game.turned()}> on the glowing cell."
    game, ten = find_position("kings-corner-solitaire",
                              lambda g, m: str(m).startswith("r") and "+" not in str(m))
    marks = assist.hint_marks(game, ten, label)
    assert marks.zones == ("discard",) and marks.text == f"Hint: remove the <{marks.cards[0]}>."
    game, pair = find_position("kings-corner-solitaire", lambda g, m: "+" in str(m))
    marks = assist.hint_marks(game, pair, label)
    zones = game.zones()
    assert marks.cards == (zones[f"cell-{pair.a}"][-1], zones[f"cell-{pair.b}"][-1])
    assert marks.zones == ()


def test_hints_exist_for_the_four_solitaires_but_not_in_guard_mode_or_at_the_table():
    for game_id in SOLITAIRES:
        assert assist.has_hints(game_id, {})
    assert not assist.has_hints("devils-square", {"guard": True})
    assert not assist.has_hints("kings-corner", {})


def test_no_hint_sentences():
    game = GAMES["devils-square"].new(deal=3)
    assert assist.no_hint_text(game).startswith("No hint")
    game.resign()
    assert assist.no_hint_text(game) == "The game is over: there is nothing left to hint."


# -- the solver --------------------------------------------------------------------------


def test_slices_grow_on_a_fast_search_and_shrink_on_a_slow_one_within_bounds():
    sizer = assist.SliceSizer(target_ms=40, quota=1_000)
    assert sizer.update(1_000, 10) == 2_000  # four times too fast: at most doubled
    assert sizer.update(2_000, 400) == 500  # far too slow: at most a quarter
    for _ in range(40):
        quota = sizer.update(sizer.quota, sizer.quota / 10)  # 10 nodes per ms, steadily
    assert quota == 400  # 40 ms worth
    assert sizer.update(0, 0) == 800  # nothing measured: try more
    small = assist.SliceSizer(quota=assist.MIN_QUOTA)
    assert small.update(assist.MIN_QUOTA, 10_000) == assist.MIN_QUOTA
    big = assist.SliceSizer(quota=assist.MAX_QUOTA)
    assert big.update(assist.MAX_QUOTA, 1) == assist.MAX_QUOTA


def test_progress_is_the_larger_share_of_nodes_or_seconds():
    assert assist.search_progress(0, 0.0) == 0.0
    assert assist.search_progress(1_000_000, 1.0, 2_000_000, 100.0) == 0.5
    assert assist.search_progress(10, 75.0, 2_000_000, 100.0) == 0.75
    assert assist.search_progress(5_000_000, 0.0, 2_000_000, 100.0) == 1.0
    assert assist.progress_text(123456) == "123,456 positions searched"


def test_a_search_starts_from_the_deal_whatever_was_played():
    game = GAMES["devils-grip"].new(deal=5, draw=1)
    game.push(game.legal_moves()[0])
    game.resign()
    fresh = assist.fresh_game(game)
    assert fresh.move_stack == [] and fresh.deal == 5 and fresh.options == game.options
    assert fresh.zones() == GAMES["devils-grip"].new(deal=5, draw=1).zones()
    deck = list(reversed(GAMES["kings-corner-solitaire"].DECK))
    dealt = GAMES["kings-corner-solitaire"].new(deck=deck)
    dealt.push(dealt.legal_moves()[0])
    again = assist.fresh_game(dealt)
    assert again.deck == deck and again.move_stack == []


def test_the_answer_is_kept_per_deal_and_options_but_not_guard_mode():
    plain = GAMES["devils-square"].new(deal=7)
    guarded = GAMES["devils-square"].new(deal=7, guard=True)
    assert assist.deal_key(plain) == assist.deal_key(guarded)
    assert assist.deal_key(plain) != assist.deal_key(GAMES["kings-square"].new(deal=7))
    assert assist.deal_key(GAMES["devils-grip"].new(deal=7)) != assist.deal_key(
        GAMES["devils-grip"].new(deal=7, draw=1))


def test_answers_in_words():
    def words(game_id):
        return solitaire.load(game_id).value_text

    assert (assist.answer_text("won", 214, 0, 2213, words("devils-grip"))
            == "Yes: this deal can be won in 214 moves.")
    assert assist.answer_text("won", 1, 0, 5, words("devils-grip")).endswith("in 1 move.")
    assert (assist.answer_text("lost", 0, 9, 100, words("kings-corner-solitaire"))
            == "No: no sequence of moves wins this deal.")
    assert (assist.answer_text("lost", 3, 12, 4100, words("devils-square"))
            == "No: no sequence of moves wins this deal. At most 12 books can be made.")
    one = assist.answer_text("lost", 3, 1, 4100, words("kings-square"))
    assert one.endswith("At most 1 book can be made.")
    assert (assist.answer_text("unknown", 60, 14, 2_000_000, words("devils-square"))
            == "The solver gave up after 2,000,000 positions without an answer.")


def test_the_solver_in_slices_finds_a_line_that_the_session_replays_to_a_win():
    game = GAMES["kings-corner-solitaire"].new(deal=11)
    for move in game.legal_moves()[:1]:
        game.push(move)
    game.resign()
    search = solitaire.solver(assist.fresh_game(game), max_nodes=assist.BUDGET_NODES)
    sizer = assist.SliceSizer(quota=assist.MIN_QUOTA)
    slices = 0
    while True:
        before, quota = search.nodes, sizer.quota
        solution, elapsed_ms = assist.sized_step(search, sizer)
        slices += 1
        assert search.nodes - before <= quota and elapsed_ms >= 0  # a slice keeps its quota
        if solution is not None:
            break
    assert slices > 1  # (from the smallest quota the search takes several slices)
    assert solution.status == "won"
    session = Session(game)
    reply = session.show_line(solution.moves)
    assert reply.changed and game.move_stack == [] and not game.is_over()
    replay = assist.Replay(len(solution.moves))
    while session.redo_stack:
        assert session.redo().changed
        replay.shown += 1
    assert game.is_over() and game.outcome().won
    assert [str(m) for m in game.move_stack] == solution.moves
    assert replay.text() == f"Move {len(solution.moves)} of {len(solution.moves)}"
    session.restart()  # the player may then step through the line with Redo
    assert session.redo_stack == list(reversed(solution.moves))


def test_a_replay_speeds_up_to_its_fastest_pace_and_stays_there():
    replay = assist.Replay(10)
    assert replay.delay == assist.REPLAY_PACES[0] and not replay.fastest
    while not replay.fastest:
        previous = replay.delay
        assert replay.faster() < previous
    assert replay.faster() == assist.REPLAY_PACES[-1]


# -- deals -------------------------------------------------------------------------------


@pytest.fixture
def empty_lists(monkeypatch):
    monkeypatch.setattr(deal_lists, "WINNABLE", {})
    monkeypatch.setattr(deal_lists, "GRADED", {})
    monkeypatch.setattr(deal_lists, "GRADE_RULES", {})


@pytest.fixture
def fake_lists(monkeypatch):
    monkeypatch.setattr(deal_lists, "WINNABLE", {"devils-grip": (5, 7, 9, 11),
                                                 "devils-square": (2, 3, 4)})
    monkeypatch.setattr(deal_lists, "GRADED", {"devils-square": {
        "easy": (2, 4), "medium": (3,), "hard": ()}})
    monkeypatch.setattr(deal_lists, "GRADE_RULES", {"devils-square": "Easy: the hint wins."})


def test_with_no_lists_only_any_deal_is_offered(empty_lists):
    for game_id in SOLITAIRES:
        choice = assist.deal_choice(game_id, {})
        assert choice.kinds == [("any", "Any deal")] and not choice.offered
        assert choice.valid("easy") == "any"
        assert assist.deal_badge(game_id, 4, {}) == ""
        deal = assist.choose_deal(game_id, {}, "winnable", lambda d: False, random.Random(1))
        assert MIN_DEAL <= deal <= MAX_DEAL


def test_the_lists_offered_and_their_note(fake_lists):
    choice = assist.deal_choice("devils-square", {})
    assert [k for k, _ in choice.kinds] == ["any", "winnable", "easy", "medium"]
    assert choice.offered and choice.note == "Easy: the hint wins."
    assert choice.valid("medium") == "medium" and choice.valid("hard") == "winnable"
    assert choice.valid(None) == "any" and choice.valid("<script>") == "any"
    grip = assist.deal_choice("devils-grip", {})
    assert [k for k, _ in grip.kinds] == ["any", "winnable"] and grip.note == assist.WINNABLE_NOTE
    assert grip.valid("easy") == "winnable"  # a grade asked where only winnable deals are
    guarded = assist.deal_choice("devils-square", {"guard": True})
    assert guarded.offered  # Guard mode plays the same deals
    assert assist.deal_choice("kings-corner", {}).kinds == [("any", "Any deal")]


def test_which_lists_apply_to_which_options():
    """The default options have the game's lists, each mode of its tile its own, and any
    other options none (GameInfo.modes; tools/make_deal_lists.py writes them)."""
    assert assist.lists_of("devils-grip", {}) == "devils-grip"
    assert assist.lists_of("devils-grip", {"draw": 3, "passes": 0}) == "devils-grip"
    assert assist.lists_of("devils-grip", {"draw": 1}) == "devils-grip.draw1"
    assert assist.lists_of("devils-grip", {"passes": 1}) == "devils-grip.passes1"
    assert assist.lists_of("devils-grip", {"passes": 3}) == "devils-grip.passes3"
    assert assist.lists_of("devils-grip", {"draw": 1, "passes": 3}) is None  # no tile offers it
    assert assist.lists_of("devils-grip", {"draw": 1, "passes": 1}) is None
    assert assist.lists_of("kings-square", {"guard": True}) == "devils-square"
    assert assist.lists_of("kings-corner-solitaire", {"strict": True}) == (
        "kings-corner-solitaire.strict1")
    assert assist.lists_of("kings-corner", {}) is None  # no hints, no lists


@pytest.fixture
def mode_lists(monkeypatch):
    monkeypatch.setattr(deal_lists, "WINNABLE", {"devils-grip.passes1": (37, 68)})
    monkeypatch.setattr(deal_lists, "GRADED", {"devils-grip": {
        "easy": (5,), "medium": (6,), "hard": (8,)}})
    monkeypatch.setattr(deal_lists, "GRADE_RULES", {"devils-grip.passes1": "Hard, but won."})


def test_a_mode_offers_its_own_lists_and_not_the_default_ones(mode_lists):
    one = {"passes": 1}
    choice = assist.deal_choice("devils-grip", one)
    assert [k for k, _ in choice.kinds] == ["any", "winnable"]
    assert choice.note == "Hard, but won." and choice.valid("easy") == "winnable"
    assert assist.choose_deal("devils-grip", one, "winnable", lambda d: d != 68) == 68
    assert assist.deal_badge("devils-grip", 37, one) == "Winnable"
    assert assist.deal_badge("devils-grip", 5, one) == ""  # easy by default, not with one pass
    assert assist.deal_badge("devils-grip", 5, {}) == "Easy"
    assert assist.deal_badge("devils-grip", 37, {}) == ""
    assert not assist.deal_choice("devils-grip", {"draw": 1, "passes": 3}).offered
    assert assist.deal_badge("devils-grip", 37, {"draw": 1, "passes": 3}) == ""


def test_camelot_and_queens_on_the_sides_have_lists_of_their_own():
    """Strict deal 10 is winnable by default but lost in Camelot (the last card leaves the
    grid not full, tests/test_kings_corner_solitaire.py): Camelot's own lists, made from
    its own results, must not call it winnable, nor count a game of it in the statistics'
    winnable mode."""
    from game.ui.stats_model import mode_of

    kc = "kings-corner-solitaire"
    assert 10 in deal_lists.deals_of(kc, "winnable")
    assert assist.deal_choice(kc, {}).offered
    assert assist.deal_badge(kc, 10, {}) != ""
    assert mode_of(GAMES[kc].new(deal=10), "winnable") == "winnable"
    strict = {"strict": True}
    assert 10 not in deal_lists.deals_of(f"{kc}.strict1", "winnable")
    assert assist.deal_choice(kc, strict).offered
    assert assist.deal_badge(kc, 10, strict) == ""
    assert mode_of(GAMES[kc].new(deal=10, **strict), "winnable") == "relaxed"
    listed = deal_lists.deals_of(f"{kc}.strict1", "winnable")[0]
    assert assist.deal_badge(kc, listed, strict) != ""
    assert mode_of(GAMES[kc].new(deal=listed, **strict), "winnable") == "winnable"
    assert assist.deal_choice(kc, {"swap": True}).offered


def test_a_new_deal_comes_from_the_list_and_prefers_one_not_played(fake_lists):
    rng = random.Random(3)
    grip = "devils-grip"
    for _ in range(20):
        assert assist.choose_deal(grip, {}, "winnable", lambda d: False, rng) in (5, 7, 9, 11)
    assert assist.choose_deal(grip, {}, "winnable", lambda d: d != 9, rng) == 9
    assert assist.choose_deal("devils-square", {}, "easy", lambda d: d == 2, rng) == 4
    everything = assist.choose_deal(grip, {}, "winnable", lambda d: True, rng)
    assert everything in (5, 7, 9, 11)  # all played: one of them all the same
    assert assist.choose_deal("kings-square", {}, "medium", lambda d: False, rng) == 3  # shared
    deal = assist.choose_deal(grip, {}, "any", lambda d: False, rng)
    assert MIN_DEAL <= deal <= MAX_DEAL
    deal = assist.choose_deal("devils-square", {}, "hard", lambda d: False, rng)  # empty list
    assert MIN_DEAL <= deal <= MAX_DEAL
    deal = assist.choose_deal(grip, {"draw": 1, "passes": 3}, "winnable", lambda d: False, rng)
    assert MIN_DEAL <= deal <= MAX_DEAL  # no lists with those options


def test_the_deal_badge_says_its_grade_or_that_it_is_winnable(fake_lists):
    assert assist.deal_badge("devils-square", 2, {}) == "Easy"
    assert assist.deal_badge("kings-square", 3, {"guard": True}) == "Medium"
    assert assist.deal_badge("devils-grip", 7, {}) == "Winnable"
    assert assist.deal_badge("devils-grip", 8, {}) == ""
    assert assist.deal_badge("devils-grip", None, {}) == ""


def test_the_real_lists_only_list_deals_in_range_and_the_page_reads_them():
    """With the default options and with each mode of the game's tile (Guard mode aside,
    which deals the same)."""
    from game.ui.urlstate import mode_options

    for game_id in SOLITAIRES:
        info = load(game_id)
        for options in ({}, *(mode_options(game_id, mode) for mode in info.modes)):
            choice = assist.deal_choice(game_id, options)
            assert choice.kinds[0] == ("any", "Any deal")
            for kind, _ in choice.kinds[1:]:
                deal = assist.choose_deal(game_id, options, kind, lambda d: False,
                                          random.Random(0))
                assert deal in deal_lists.deals_of(assist.lists_of(game_id, options), kind)
                assert MIN_DEAL <= deal <= MAX_DEAL
            if choice.offered:
                assert choice.note
            if game_id in ("devils-grip", "kings-corner-solitaire"):
                assert choice.offered, (game_id, options)  # every mode has lists


def test_the_help_section_names_the_hint_only_outside_guard_mode():
    relaxed = assist.help_html(False, "Easy <b>deals</b>")
    assert "<kbd>H</kbd>" in relaxed and "Show me" in relaxed
    assert "Easy &lt;b&gt;deals&lt;/b&gt;" in relaxed
    guarded = assist.help_html(True, "")
    assert "Guard mode gives no hints" in guarded and "Show me" not in guarded
    assert "New deal" not in guarded


def test_the_page_logic_does_not_load_the_ai_at_start_up():
    code = (
        "import sys\n"
        "import game.ui.assist, game.ui.session, game.ui.opening\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.ai')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=str(ROOT))
    assert out.stdout.strip() == "[]"
