"""Why a hinted move is good, where the reason is simple (issue 18: hints said what, not
why): Game.why, said after the hint's sentence by assist.hint_marks."""

from __future__ import annotations

import random

import pytest

from game.engine import Game
from game.games import GAMES, load
from game.games.devils_grip import Build
from game.games.kings_keys import BOOK
from game.ui import assist


def new(game_id: str, deal: int) -> Game:
    return load(game_id).engine.new(deal=deal)


def positions(game_id: str, deals=range(1, 40), seed: int = 5):
    """(game, legal moves) along random plays of a few deals."""
    rng = random.Random(seed)
    for deal in deals:
        game = new(game_id, deal)
        while not game.is_over() and len(game.move_stack) < 120:
            moves = game.legal_moves()
            if not moves:
                break
            yield game, moves
            game.push(rng.choice(moves))


def the_first(game_id: str, wanted):
    for game, moves in positions(game_id):
        for move in moves:
            if wanted(game, move):
                return game, move
    raise LookupError(f"no such move in {game_id}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_reason_is_one_sentence_and_the_hint_says_it_last(game_id):
    said = set()
    for game, moves in positions(game_id, deals=range(1, 8)):
        for move in moves:
            why = game.why(move)
            text = assist.hint_marks(game, move, str).text
            if why:
                said.add(why)
                assert why[0].isupper() and why.endswith(".") and text.endswith(" " + why)
            else:
                assert text.endswith(".")
    if game_id in ("devils-square", "kings-square", "devils-grip"):
        assert said, "no move of these deals had a reason"


@pytest.mark.parametrize("game_id", ["devils-square", "kings-square"])
def test_a_fourth_card_makes_a_book_and_a_whole_stack_moved_empties_a_cell(game_id):
    game, move = the_first(game_id, lambda g, m: len(g.cells[m.dst]) + m.count == BOOK)
    assert game.why(move) == "It makes a book."
    game, move = the_first(game_id, lambda g, m: m.count == len(g.cells[m.src])
                           and len(g.cells[m.dst]) + m.count < BOOK and g.stock)
    assert game.why(move) == "It empties a cell for a new card from the draw pile."
    game, move = the_first(game_id, lambda g, m: m.count < len(g.cells[m.src])
                           and len(g.cells[m.dst]) + m.count < BOOK)
    assert game.why(move) == ""


def test_devils_grip_says_a_card_leaves_the_waste_or_a_cell_empties():
    game, move = the_first("devils-grip", lambda g, m: isinstance(m, Build) and m.src < 0)
    assert game.why(move) == "It brings a card out of the waste onto the grid."
    game, move = the_first("devils-grip", lambda g, m: isinstance(m, Build) and m.src >= 0
                           and m.count == len(g.cells[m.src]))
    assert game.why(move) == "It empties a cell, and the next card fills it."
    game, move = the_first("devils-grip", lambda g, m: not isinstance(m, Build))
    assert game.why(move) == ""


def test_camelot_says_a_number_card_in_the_centre_keeps_the_court_spots_free():
    from game.games.kings_corner_solitaire import CENTRE, Place, is_court

    game, move = the_first("kings-corner-solitaire", lambda g, m: isinstance(m, Place)
                           and not is_court(g.stock[-1]) and m.cell in CENTRE)
    assert game.why(move) == "It keeps the court cards' spots free."
    spot = next(m for m in game.legal_moves() if isinstance(m, Place) and m.cell in game.spot_of)
    assert game.why(spot) == ""  # on a court card's spot: no reason to give
    game, move = the_first("kings-corner-solitaire",
                           lambda g, m: isinstance(m, Place) and is_court(g.stock[-1]))
    assert game.why(move) == ""  # a court card goes where it must: the prompt says so
