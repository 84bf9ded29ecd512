"""The shipped deal lists: listed deals are winnable, grades are reproducible.

A listed deal is shown winnable by a winning line replayed move by move through the
engine (which refuses an illegal move). The lines of the deals sampled here are stored in
tests/fixtures/winning_lines.json, found by the hint player or else the solver (a few
seconds a deal); when the lists change, write them again:

    .venv/bin/python -m tests.test_deal_lists
"""

import json
from pathlib import Path

import pytest

from game.ai import deal_lists, solitaire
from game.ai.deal_data import GRADED, WINNABLE
from game.games import load
from tests.session_helpers import SOLITAIRES as ONE_PLAYER

LINES = Path(__file__).parent / "fixtures" / "winning_lines.json"


def sample(deals, count=3):
    """A few deals spread over the list, the same every run."""
    step = max(1, len(deals) // count)
    return list(deals[::step][:count])


def sampled_listed(game_id: str) -> list[int]:
    """The deals of `game_id`'s winnable and graded lists the winnable test checks."""
    lists = (WINNABLE.get(game_id, ()), *GRADED[game_id].values())
    return sorted({d for deals in lists for d in sample(deals, 2)})


def winning_line(game_id: str, deal: int) -> list[str]:
    """The hint player's moves on `deal` if it wins, else the solver's best line (what
    this test played before the lines were stored)."""
    cls, ai = load(game_id).engine, solitaire.load(game_id)
    game = cls.new(deal=deal)
    if solitaire.play_out(game, ai.hint).won:
        return [str(move) for move in game.move_stack]
    solution = solitaire.solve_game(cls.new(deal=deal), 400_000)
    return list(solution.moves)


def write_lines() -> None:
    """tests/fixtures/winning_lines.json: game id -> deal -> its line, moves spaced."""
    lines = {game_id: {str(deal): " ".join(winning_line(game_id, deal))
                       for deal in sampled_listed(game_id)} for game_id in sorted(GRADED)}
    LINES.write_text(json.dumps(lines, indent=1) + "\n")


@pytest.mark.parametrize("game_id", sorted(GRADED))
def test_listed_deals_are_winnable(game_id):
    stored = json.loads(LINES.read_text()).get(game_id, {})
    for deal in sampled_listed(game_id):
        line = stored.get(str(deal))
        assert line, (f"no winning line stored for {game_id} deal {deal}: "
                      "run .venv/bin/python -m tests.test_deal_lists")
        game = load(game_id).engine.new(deal=deal)
        for text in line.split():
            game.push(text)
        assert game.is_over() and game.outcome().won, f"{game_id} deal {deal} is listed as winnable"


@pytest.mark.parametrize(("game_id", "grade"),  # a test a grade: the hint player is slow
                         [(game_id, grade) for game_id in sorted(GRADED)
                          for grade in ("easy", "medium", "hard")])
def test_grades_replay_the_hint_player(game_id, grade):
    """A deal's grade is what the hint player (or, in Devil's Grip, the greedy player) did
    on it: play it again, grade it again."""
    info, ai = load(game_id), solitaire.load(game_id)
    grading = ai.grading
    player = getattr(ai, grading.player)
    for deal in sample(GRADED[game_id][grade], 2):
        outcome = solitaire.play_out(info.engine.new(deal=deal), player)
        again = grading.grade(outcome.won, outcome.score, info.lower_is_better)
        assert again == grade == deal_lists.grade_of(game_id, deal), deal


@pytest.mark.parametrize("game_id", sorted(GRADED))
def test_games_nearly_always_winnable_offer_grades_instead_of_a_winnable_list(game_id):
    if not solitaire.load(game_id).grading.winnable_list:
        kinds = [kind for kind, _label in deal_lists.choices(game_id)]
        assert kinds == ["any", "easy", "medium", "hard"]


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
