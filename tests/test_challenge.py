"""Challenges (game/ui/sharelink.py, game/ui/challenge_view.py): a `?beat=` link reads back
the sharer's finished game and its result, in its options (Guard mode too); a malformed,
unfinished or hostile one gives one sentence; results compare as a player expects; and the
challenge is played in a save slot of its own, so it never resumes, overwrites or counts
twice the player's own game of that deal."""

from __future__ import annotations

import random

import pytest

from game.games import GAMES, load
from game.i18n import set_language
from game.share.replay import encode
from game.ui.opening import open_game
from game.ui.record import SaveRecord
from game.ui.sharelink import (
    Mark,
    challenge_line,
    compare,
    mark_of,
    parse_shared,
    shared_query,
)
from game.ui.store import Store, slot_fits, slot_key

from .test_replay import random_game
from .test_ui_logic import MemoryStorage
from .test_urlstate_fuzz import HOSTILE, check_message

PATIENCES = sorted(gid for gid, info in ((g, load(g)) for g in GAMES) if not info.table)


def finished(game_id: str, seed: int, **options):
    rng = random.Random(seed)
    game = GAMES[game_id].new(deal=rng.randint(1, 10**6), **options)
    while not game.is_over() and len(game.move_stack) < 40:
        game.push(rng.choice(game.legal_moves()))
    if not game.is_over():
        game.resign()
    return game


@pytest.mark.parametrize("game_id", PATIENCES)
def test_a_challenge_link_round_trips_with_its_result_and_options(game_id):
    options = {"guard": True} if load(game_id).has_guard else {}
    game = finished(game_id, 5, **options)
    shared = parse_shared(shared_query("beat", game))
    assert (shared.kind, shared.error) == ("beat", "")
    assert shared.game.to_save() == game.to_save()
    assert shared.game.options == game.options  # a Guard-mode challenge stays in Guard mode
    assert mark_of(shared.game) == mark_of(game)
    status = game.status()
    mark = mark_of(game)
    assert (mark.score, mark.label, mark.most) == (status.score, status.score_label,
                                                   status.score_max)
    assert mark.moves == sum(1 for m in game.move_stack if str(m) != "resign")
    assert mark.resigned == game.outcome().resigned and mark.won == game.outcome().won


def test_the_line_to_beat():
    won = Mark(won=True, resigned=False, score=12, label="Courts", most=12, moves=64)
    assert challenge_line(won) == "Beat this: a win in 64 moves (Courts 12 / 12)"
    lost = Mark(won=False, resigned=True, score=120, label="Score", most=None, moves=1)
    assert challenge_line(lost) == "Beat this: Score 120 in 1 move"
    set_language("fr")
    try:
        assert challenge_line(lost) == "À battre : Score 120 en 1 coup"
    finally:
        set_language("en")


def test_results_compare_win_then_score_then_moves():
    def mark(won=False, score=10, moves=50):
        return Mark(won=won, resigned=False, score=score, label="Score", most=None,
                    moves=moves)

    assert compare(mark(won=True, score=1), mark(score=99), False) == 1
    assert compare(mark(score=20), mark(score=10), False) == 1
    assert compare(mark(score=20), mark(score=10), True) == -1  # Devil's Grip counts cards left
    assert compare(mark(moves=40), mark(moves=50), False) == 1
    assert compare(mark(), mark(), False) == 0
    assert compare(mark(won=True, moves=60), mark(won=True, moves=59), False) == -1


def test_malformed_and_hostile_challenges_give_one_sentence():
    game = finished("devils-square", 3)
    good = shared_query("beat", game)
    unfinished = GAMES["devils-square"].new(deal=77)
    unfinished.push(unfinished.legal_moves()[0])
    table = GAMES["kings-corner"].new(deal=4)
    for query in [good + "&deal=3", good + "&beat=", good[:-3], good[:-1] + "A", "?beat=",
                  "?beat=%00", "?beat=" + "A" * 50_000, "?beat=<script>",
                  "?beat=" + encode(unfinished), "?beat=" + encode(table),
                  *(f"?beat={text}" for text in HOSTILE)]:
        shared = parse_shared(query)
        assert shared.kind == "beat" and shared.game is None and shared.error, query
        check_message(shared.error)
    assert "nothing to beat" in parse_shared("?beat=" + encode(unfinished)).error


@pytest.mark.parametrize("seed", range(40))
def test_random_damage_to_a_challenge_is_refused_or_reads_a_finished_game(seed):
    rng = random.Random(seed)
    code = list(encode(random_game("kings-corner-solitaire", rng, limit=200)))
    for _ in range(rng.randint(1, 3)):
        code[rng.randrange(len(code))] = rng.choice("AZaz09-_")
    shared = parse_shared("?beat=" + "".join(code))
    assert (shared.game is None) != (shared.error == "")
    if shared.game is not None:
        assert shared.game.is_over()
    else:
        check_message(shared.error)


def test_a_challenge_has_its_own_slot_that_resumes_and_counts_once():
    storage = MemoryStorage()
    store = Store(storage)
    game = finished("devils-square", 9, guard=True)
    deal, options = game.deal, game.options
    own = open_game(store, "devils-square", deal, options)  # the player's own game of it
    own.session.game.push(own.session.game.legal_moves()[0])
    store.save_record(own.key, own.session.record(), finished=False)
    taken = open_game(store, "devils-square", deal, options, challenge=True)
    assert taken.key == slot_key("devils-square", deal, options) + ":beat" != own.key
    assert taken.record is None and taken.session.game.move_stack == []  # a fresh deal
    assert taken.session.game.options == {**game.options}
    taken.session.game.resign()
    record = taken.session.record()
    record.counted = True  # (the statistics stamp it when they count its end)
    store.save_record(taken.key, record, finished=True)
    assert store.current_key("devils-square") == own.key  # "Continue" is still their own
    again = open_game(store, "devils-square", deal, options, challenge=True)
    assert again.record is not None and again.record.counted and again.record.finished
    mine = open_game(store, "devils-square", deal, options)
    assert mine.record is not None and len(mine.record.moves) == 1  # untouched
    assert slot_fits(taken.key, game) and not slot_fits(taken.key + "x", game)
    other = GAMES["devils-square"].new(deal=deal + 1, guard=True)
    assert not slot_fits(taken.key, other)
    storage.setItem(taken.key, SaveRecord(other.to_save()).to_json())
    assert open_game(store, "devils-square", deal, options, challenge=True).notes
