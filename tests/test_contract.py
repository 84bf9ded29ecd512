"""The game/page contract (docs/architecture.md), checked over every registered game and
over the made-up patience of tests/toy/, which is added by its own files alone: every
legal move's gesture can be made through the page's session, `status()` answers the
status line, saves round-trip, and the board has a zone for every zone of `zones()`."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from game import games as game_modules
from game.engine import BUTTONS, TOUCHES, Kind, Status, registry
from game.games import load, load_all
from game.ui import games as page_modules
from game.ui.games import page_of
from game.ui.record import SaveRecord
from game.ui.session import Pick
from game.ui.table import TableSession

TOY = Path(__file__).parent / "toy"
TOY_ID = "toy-ladder"
PLIES = 40  # random plies per deal
SWAPS_CHECKED = 12  # swaps of a position checked at most (a sample: all are made alike)
DEALS = (1, 2, 3)
OPTIONS = {"kings-corner": {"players": "h2"}}  # one person at the table: the screen's turns


@pytest.fixture(scope="module")
def toy():
    """tests/toy/ laid over the repository's packages, as the site build overlays it; the
    registry and the import paths are restored afterwards."""
    paths = [(game_modules, TOY / "game" / "games"),
             (page_modules, TOY / "game" / "ui" / "games")]
    for package, path in paths:
        package.__path__.append(str(path))
    yield load(TOY_ID)
    for package, path in paths:
        package.__path__.remove(str(path))
    registry.REGISTRY.pop(TOY_ID, None)
    registry.GAMES.pop(TOY_ID, None)
    for name in [n for n in sys.modules if n.endswith(".toy_ladder")]:
        del sys.modules[name]


@pytest.fixture(scope="module")
def every_game(toy) -> list[str]:
    ids = list(load_all())
    assert TOY_ID in ids  # found like every other game: no list names it
    return ids


def positions(game_id: str):
    """Games of `game_id` along random play, several deals, the same every run."""
    info = load(game_id)
    for deal in DEALS:
        rng = random.Random(f"{game_id}:{deal}")
        game = info.engine.new(deal=deal, **OPTIONS.get(game_id, {}))
        for _ in range(PLIES):
            yield game
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        yield game


def fresh_session(game_id: str, game):
    """A session of a copy of `game`, as the page would open it."""
    copy = type(game).from_save(game.to_save())
    return page_of(load(game_id)).session(copy, [], None)


def test_the_toy_is_found_like_every_game(every_game):
    info = load(TOY_ID)
    assert info.engine.id == TOY_ID and page_of(info).board_class == "board toy"
    assert not info.has_hints and not info.table


@pytest.mark.parametrize("game_id", [*load_all(), TOY_ID])  # one test a game: in parallel
def test_every_legal_move_has_a_gesture_the_page_can_make(every_game, game_id):
    assert game_id in every_game
    rng = random.Random(game_id)
    for game in positions(game_id):
        zones = game.zones()
        moves = game.legal_moves()
        swaps = [move for move in moves if move.gesture.kind is Kind.SWAP]
        if len(swaps) > SWAPS_CHECKED:  # Devil's Grip: hundreds a position, made alike
            left_out = set(swaps) - set(rng.sample(swaps, SWAPS_CHECKED))
            moves = [move for move in moves if move not in left_out]
        for move in moves:
            check_gesture(game_id, game, zones, move)


def check_gesture(game_id, game, zones, move):
    gesture = move.gesture
    where = f"{game_id} deal {game.deal} after {len(game.move_stack)} moves: {move}"
    assert gesture.kind in Kind, where
    if gesture.kind in BUTTONS:
        assert not gesture.source and not gesture.target, where
        return
    if gesture.kind in TOUCHES:
        assert gesture.source in zones, where
        session = fresh_session(game_id, game)
        assert session.touch(gesture.source, None).moved == move, where
        return
    assert gesture.target in zones, where
    if gesture.card:
        assert not gesture.source and gesture.count == 1, where
        source = next(zone for zone, cards in zones.items() if gesture.card in cards)
        pick = Pick(source, 1, gesture.card)
    else:
        assert gesture.source in zones and zones[gesture.source], where
        assert 0 <= gesture.count <= len(zones[gesture.source]), where
        pick = Pick(gesture.source, gesture.count or len(zones[gesture.source]))
    session = fresh_session(game_id, game)
    if isinstance(session, TableSession):
        if not session.may_pick():
            return  # a computer's move: the page never makes it by hand
    if gesture.kind is Kind.SWAP:
        made = [session.drop(pick, gesture.target).moved]
        back = fresh_session(game_id, game)
        made.append(back.drop(Pick(gesture.target, len(zones[gesture.target])),
                              gesture.source).moved)
        # a swap is made by dropping a pile where it cannot be built: from one side or
        # the other (where both are builds, the two piles are better built)
        assert move in made or all(m is not None and m.gesture.kind is Kind.BUILD
                                   for m in made), where
        return
    made = session.drop(pick, gesture.target).moved
    assert made is not None, where
    # the move made has this gesture (a card played under a stall is shadowed by the play
    # onto it, the same gesture: the page plays onto it, as the Rules page says)
    assert (made.gesture.source, made.gesture.target, made.gesture.card) == (
        gesture.source, gesture.target, gesture.card), where


def test_status_answers_everything_the_status_line_shows(every_game):
    for game_id in every_game:
        for game in positions(game_id):
            status = game.status()
            assert isinstance(status, Status)
            assert type(status.score) is int and status.score_label
            assert status.score_max is None or 0 <= status.score <= status.score_max
            zones = game.zones()
            assert 0 <= status.stock <= len(zones.get("stock", []))
            assert 0 <= status.waste <= len(zones.get("waste", []))
            assert status.rating_key == status.rating_key.lower()
            if status.turned is not None:
                assert status.turned == zones["stock"][-1]
            if status.held is not None:
                zone, count = status.held
                assert zone in zones and 0 < count <= len(zones[zone])
            assert isinstance(status.prompt, str) and isinstance(status.can_redeal, bool)


def test_saves_and_records_round_trip(every_game):
    for game_id in every_game:
        for game in positions(game_id):
            again = type(game).from_save(game.to_save())
            assert again.zones() == game.zones() and again.is_over() == game.is_over()
            session = fresh_session(game_id, game)
            record = session.record()
            back = SaveRecord.from_dict(record.to_dict())
            assert back.to_dict() == record.to_dict() and back.moves == record.moves


def test_the_board_has_a_zone_for_every_zone_of_the_game(every_game):
    """What the page draws (GamePage.board_html) against what the engine holds; the cards
    each zone shows are compared with the engine in the browser (e2e/helpers.py)."""
    for game_id in every_game:
        info = load(game_id)
        game = info.engine.new(deal=1, **OPTIONS.get(game_id, {}))
        html = page_of(info).board_html(game.options)
        drawn = set(re.findall(r'data-zone="([^"]+)"', html))
        assert drawn == set(game.zones()), game_id
        session = fresh_session(game_id, game)
        shown = session.zones()
        assert {zone: sorted(cards) for zone, cards in shown.items()} == {
            zone: sorted(cards) for zone, cards in game.zones().items()}


def test_every_game_names_files_that_exist(every_game):
    root = Path(__file__).resolve().parent.parent
    for game_id in every_game:
        info = load(game_id)
        base = TOY if game_id == TOY_ID else root
        assert (base / "game" / "i18n" / "en" / "rules" / f"{info.rules}.html").is_file()
        if info.ai:
            __import__(info.ai)
