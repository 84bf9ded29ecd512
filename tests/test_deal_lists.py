"""The shipped deal lists: listed deals are winnable, grades are reproducible.

A listed deal is shown winnable by a winning line replayed move by move through the
engine (which refuses an illegal move). The lines of the deals sampled here are stored in
tests/fixtures/winning_lines.json, found by the hint player or else the solver (a few
seconds a deal, a minute for some of Devil's Grip's with one pass); when the lists
change, write them again:

    .venv/bin/python -m tests.test_deal_lists
"""

import json
from pathlib import Path

import pytest

from game.ai import deal_lists, solitaire
from game.ai.deal_data import GRADED, WINNABLE
from game.games import load
from game.ui.urlstate import mode_options
from tests.session_helpers import SOLITAIRES as ONE_PLAYER

KEYS = sorted(set(WINNABLE) | set(GRADED))  # "<game>" or "<game>.<Mode.name>"
SOLVER_NODES = (400_000, 4_000_000, 40_000_000)  # tried in turn for a line

LINES = Path(__file__).parent / "fixtures" / "winning_lines.json"


def sample(deals, count=3):
    """A few deals spread over the list, the same every run."""
    step = max(1, len(deals) // count)
    return list(deals[::step][:count])


def dealt_by(key: str) -> tuple[str, str, dict]:
    """(game id, Mode.name, options) of the lists under `key` (mode "": the defaults)."""
    game_id, _, mode = key.partition(".")
    if not mode:
        return game_id, "", {}
    found = next(m for m in load(game_id).modes if m.name == mode)
    return game_id, mode, mode_options(game_id, found)


def sampled_listed(key: str) -> list[int]:
    """The deals of `key`'s winnable and graded lists the winnable test checks."""
    lists = (WINNABLE.get(key, ()), *GRADED.get(key, {}).values())
    return sorted({d for deals in lists for d in sample(deals, 2)})


def winning_line(key: str, deal: int) -> list[str]:
    """The hint player's moves on `deal` if it wins, else the solver's winning line."""
    game_id, _mode, options = dealt_by(key)
    cls, ai = load(game_id).engine, solitaire.load(game_id)
    game = cls.new(deal=deal, **options)
    if solitaire.play_out(game, ai.hint).won:
        return [str(move) for move in game.move_stack]
    for nodes in SOLVER_NODES:
        solution = solitaire.solve_game(cls.new(deal=deal, **options), nodes)
        if solution.status == "won":
            return list(solution.moves)
    raise AssertionError(f"{key} deal {deal}: no winning line within {nodes:,} nodes")


def write_lines() -> None:
    """tests/fixtures/winning_lines.json: lists key -> deal -> its line, moves spaced. A
    line already stored for a deal still sampled is kept (delete the file to find every
    line again)."""
    stored = json.loads(LINES.read_text()) if LINES.exists() else {}
    lines = {key: {str(deal): stored.get(key, {}).get(str(deal))
                   or " ".join(winning_line(key, deal))
                   for deal in sampled_listed(key)} for key in KEYS}
    LINES.write_text(json.dumps(lines, indent=1) + "\n")


@pytest.mark.parametrize("key", KEYS)
def test_listed_deals_are_winnable(key):
    stored = json.loads(LINES.read_text()).get(key, {})
    game_id, _mode, options = dealt_by(key)
    for deal in sampled_listed(key):
        line = stored.get(str(deal))
        assert line, (f"no winning line stored for {key} deal {deal}: "
                      "run .venv/bin/python -m tests.test_deal_lists")
        game = load(game_id).engine.new(deal=deal, **options)
        for text in line.split():
            game.push(text)
        assert game.is_over() and game.outcome().won, f"{key} deal {deal} is listed as winnable"


@pytest.mark.parametrize(("key", "grade"),  # a test a grade: the hint player is slow
                         [(key, grade) for key in sorted(GRADED)
                          for grade in ("easy", "medium", "hard")])
def test_grades_replay_the_hint_player(key, grade):
    """A deal's grade is what the hint player (or, in Devil's Grip, the greedy player) did
    on it: play it again, grade it again."""
    game_id, mode, options = dealt_by(key)
    info, ai = load(game_id), solitaire.load(game_id)
    grading = ai.grading_for(mode)
    player = getattr(ai, grading.player)
    for deal in sample(GRADED[key][grade], 2):
        outcome = solitaire.play_out(info.engine.new(deal=deal, **options), player)
        again = grading.grade(outcome.won, outcome.score, info.lower_is_better)
        assert again == grade == deal_lists.grade_of(key, deal), deal


@pytest.mark.parametrize("key", KEYS)
def test_the_lists_made_are_the_ones_the_grading_asks_for(key):
    """Nearly always winnable: grades instead of a winnable list; rarely won by sight
    (`graded` False: Devil's Grip with one pass): the winnable list alone."""
    game_id, mode, _options = dealt_by(key)
    grading = solitaire.load(game_id).grading_for(mode)
    kinds = [kind for kind, _label in deal_lists.choices(key)]
    expected = ["any", *(["winnable"] if grading.winnable_list else []),
                *(["easy", "medium", "hard"] if grading.graded else [])]
    assert kinds == expected
    assert deal_lists.grade_note(key)


def test_every_mode_of_a_patience_with_grades_has_lists():
    for game_id in GRADED:
        if "." in game_id:
            continue
        for mode in load(game_id).modes:
            if mode.query != "guard=1":
                assert f"{game_id}.{mode.name}" in KEYS, (game_id, mode.query)


def test_every_list_is_sorted_without_repeats_and_graded_deals_are_winnable():
    for deals in WINNABLE.values():
        assert list(deals) == sorted(set(deals))
    for game_id in GRADED:
        deals = WINNABLE.get(game_id)
        for grade in ("easy", "medium", "hard"):
            graded = GRADED[game_id][grade]
            assert list(graded) == sorted(set(graded))
            if deals:  # the winnable list stops at its 500th deal; grades below that are in it
                assert {d for d in graded if d <= deals[-1]} <= set(deals)


@pytest.mark.parametrize("game_id", ONE_PLAYER)
def test_choices_and_pick_follow_the_lists(game_id):
    game_id = load(game_id).deals_id
    kinds = [kind for kind, _label in deal_lists.choices(game_id)]
    assert kinds[0] == "any" and deal_lists.pick(game_id, "any", 7) is None
    for kind in kinds[1:]:
        deals = deal_lists.deals_of(game_id, kind)
        assert deals and deal_lists.pick(game_id, kind, 123_456) in deals
    assert deal_lists.pick(game_id, "no-such-list", 3) is None


def test_the_two_squares_share_their_deals():
    assert load("kings-square").deals_id == load("devils-square").deals_id == "devils-square"
    assert load("kings-square").engine.DECK == load("devils-square").engine.DECK
    assert load("kings-square").engine.STREAM == load("devils-square").engine.STREAM


if __name__ == "__main__":
    write_lines()
