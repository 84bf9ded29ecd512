"""Statistics (game/ui/stats_model.py, stats_store.py, clock.py, stats_render.py): the
figures, streaks and bests, the chart, the stored format with its version, the never-lose
rules of saves, and when a game counts: once, at its first ending, never a shown winning
line as a win."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from game.ai import deal_lists, solitaire
from game.games import GAMES
from game.ui import stats_model
from game.ui.clock import Clock, Tracker, clock_text
from game.ui.record import SaveRecord
from game.ui.stats_model import ALL, HISTORY, GameStats, Result, Tally, end_line, migrate, mode_of
from game.ui.stats_render import bar_heights, chart_svg, figures
from game.ui.stats_store import StatsStore, stats_key
from game.ui.store import PREFIX, Store, slot_key
from game.ui.table import TableSession
from tests.session_helpers import opened

from .test_ui_logic import FullStorage, MemoryStorage, ThrowingStorage

SVG = "{http://www.w3.org/2000/svg}"
KCS = "kings-corner-solitaire"
KCS_WIN_DEAL = 11  # the solver wins it (and it is on the winnable list)


def result(won=True, score=10, moves=50, seconds=100, when=1, game="devils-square",
           mode="relaxed", deal=1) -> Result:
    return Result(game, mode, deal, won, score, moves, seconds, when)


def tally_of(results) -> Tally:
    tally = Tally()
    for item in results:
        tally.add(item)
    return tally


@pytest.fixture(scope="module")
def kcs_line() -> list[str]:
    solution = solitaire.solver(GAMES[KCS].new(deal=KCS_WIN_DEAL), max_nodes=2_000_000).run()
    assert solution.status == "won"
    return list(solution.moves)


# -- the figures ---------------------------------------------------------------------------


def test_played_won_win_rate_and_streaks():
    wins = [True, True, False, True, True, True, False, True, True]
    tally = tally_of(result(won=w, when=i) for i, w in enumerate(wins))
    assert (tally.played, tally.won) == (9, 7)
    assert tally.streak == 2 and tally.best_streak == 3
    summary = GameStats("devils-square", {"relaxed": tally}).summary("relaxed")
    assert summary.win_rate == pytest.approx(7 / 9)
    assert dict(figures(summary))["Win rate"] == "78%"
    tally.add(result(won=False))
    assert tally.streak == 0 and tally.best_streak == 3


def test_best_and_average_score_fewest_moves_and_fastest_win():
    tally = tally_of([
        result(won=False, score=150, moves=20, seconds=5),  # a loss: no fewest/fastest
        result(won=True, score=160, moves=90, seconds=300),
        result(won=True, score=160, moves=80, seconds=400),
        result(won=False, score=30, moves=10, seconds=2),
    ])
    assert tally.best_score == 160 and tally.score_total / tally.scored == 125
    assert tally.fewest_moves == 80 and tally.fastest == 300
    summary = GameStats("devils-square", {"relaxed": tally}).summary()
    rows = dict(figures(summary))
    assert rows["Best score"] == "160" and rows["Average score"] == "125"
    assert rows["Fewest moves in a win"] == "80" and rows["Fastest win"] == "5:00"


def test_a_lower_score_is_better_in_devils_grip_and_unknown_times_are_no_record():
    game = "devils-grip"
    tally = tally_of([result(game=game, won=False, score=12), result(game=game, score=0,
                                                                     seconds=None),
                      result(game=game, won=False, score=5)])
    assert tally.best_score == 0 and tally.fastest is None
    tally.add(result(game=game, score=0, seconds=61))
    assert tally.fastest == 61


def test_the_history_is_capped_and_the_counters_stay_exact():
    tally = tally_of(result(won=i % 3 != 0, when=i) for i in range(HISTORY + 50))
    assert tally.played == HISTORY + 50 and len(tally.recent) == HISTORY
    assert tally.recent[0].finished_at == 50 and tally.recent[-1].finished_at == HISTORY + 49
    assert tally.won == sum(1 for i in range(HISTORY + 50) if i % 3 != 0)


def test_all_modes_add_up_the_modes_and_run_streaks_across_them():
    stats_ = GameStats("devils-square")
    for when, (mode, won, score) in enumerate([("relaxed", True, 160), ("guard", True, 100),
                                               ("relaxed", False, 40), ("guard", True, 140),
                                               ("winnable", True, 150)]):
        stats_.add(result(mode=mode, won=won, score=score, when=when))
    summary = stats_.summary(ALL)
    assert (summary.played, summary.won, summary.best_score) == (5, 4, 160)
    assert summary.average_score == pytest.approx(118)
    assert summary.streak == 2 and summary.best_streak == 2
    assert [r.mode for r in summary.recent] == ["relaxed", "guard", "relaxed", "guard",
                                                "winnable"]
    guard = stats_.summary("guard")
    assert (guard.played, guard.won, guard.streak) == (2, 2, 2)
    assert stats_.summary("nothing-here").played == 0
    assert end_line(guard, "guard") == "Won 2 of 2 · streak 2 (Guard mode)"
    assert end_line(stats_.summary("relaxed"), "relaxed") == "Won 1 of 2 · streak 0"


def test_numbers_are_written_as_the_language_writes_them():
    from game import i18n

    summary = GameStats("devils-square", {"relaxed": tally_of(
        [result(score=3), result(won=False, score=4)])}).summary()
    assert dict(figures(summary))["Average score"] == "3.5"
    try:
        for lang, average, rate in (("nl", "3,5", "50%"), ("fr", "3,5", "50\u202f%")):
            i18n.set_language(lang)
            values = [value for _, value in figures(summary)]  # labels are translated
            assert (values[6], values[2]) == (average, rate)
    finally:
        i18n.set_language("en")


def test_clock_runs_pauses_and_reads_mss():
    clock = Clock(elapsed=10.0)
    clock.set(100.0, True)
    assert clock.seconds(105.5) == pytest.approx(15.5)
    clock.set(106.0, False)
    clock.set(200.0, False)
    assert clock.seconds(500.0) == pytest.approx(16.0) and not clock.running
    assert [clock_text(s) for s in (0, 9.9, 61, 3599, 3600, 3725)] == [
        "0:00", "0:09", "1:01", "59:59", "1:00:00", "1:02:05"]
    assert clock_text(None) == "–"


# -- the chart -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7, 30, 45])
def test_the_chart_is_well_formed_svg_with_a_bar_per_recent_game(count):
    results = [result(won=i % 2 == 0, score=i * 4, when=i, deal=i + 1) for i in range(count)]
    root = ET.fromstring(chart_svg(results, "devils-square"))
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    shown = min(count, 30)
    title = root.find(f"{SVG}title").text
    assert title == root.get("aria-label") and f"{shown} game" in title
    bars = root.findall(f"{SVG}rect")
    assert len(bars) == shown
    assert [b.get("class") for b in bars] == [
        "bar won" if r.won else "bar lost" for r in results[-shown:]]
    heights = [float(b.get("height")) for b in bars]
    assert all(h > 0 for h in heights)
    assert heights[-1] == max(heights)  # the best score shown is the tallest
    assert all(b.find(f"{SVG}title").text.startswith(("Won", "Lost")) for b in bars)
    xs = [float(b.get("x")) for b in bars]
    assert xs == sorted(xs) and xs[-1] + float(bars[-1].get("width")) <= 300


def test_chart_heights_for_a_lower_is_better_score_and_no_score():
    results = [result(game="devils-grip", score=s, won=s == 0) for s in (20, 0, 10)]
    heights = bar_heights(results, "devils-grip")
    assert heights[1] == 1.0 and heights[0] < heights[2] < heights[1]
    table = [result(game="kings-corner", score=None, won=w) for w in (True, False)]
    assert bar_heights(table, "kings-corner") == [1.0, 0.4]
    root = ET.fromstring(chart_svg(table, "kings-corner"))
    assert len(root.findall(f"{SVG}rect")) == 2


def test_the_chart_escapes_its_text(monkeypatch):
    import gettext

    from game import i18n

    class Weird(gettext.NullTranslations):
        def gettext(self, message):
            return 'Won <b> & "won"' if message == "Won" else message

    monkeypatch.setitem(i18n._state, "translations", Weird())
    weird = Result("devils-square", "relaxed", None, True, 3, 2, 1, 5)
    root = ET.fromstring(chart_svg([weird], "devils-square"))
    title = root.find(f"{SVG}rect/{SVG}title").text
    assert title.startswith('Won <b> & "won"') and "deal" not in title  # no deal: a deck


# -- stored: format, version, migration ----------------------------------------------------


def test_the_stored_format_round_trips_with_a_version():
    stats_ = GameStats("devils-grip")
    stats_.add(result(game="devils-grip", mode="winnable", score=3, deal=None))
    stats_.add(result(game="devils-grip", won=False, seconds=None))
    text = stats_.to_json()
    data = json.loads(text)
    assert data["v"] == stats_model.VERSION and data["game"] == "devils-grip"
    again = GameStats.from_json(text, "devils-grip")
    assert again == stats_


@pytest.mark.parametrize("text", [
    "{not json", "[]", '"text"', '{"game":"devils-square","modes":{}}',  # no version
    '{"v":"1","game":"devils-square","modes":{}}',
    '{"v":1,"game":"kings-square","modes":{}}',  # another game's
    '{"v":1,"game":"devils-square","modes":{"sideways":{}}}',
    '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":-1}}}',
    '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":1,"won":2}}}',
    '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":true}}}',
    '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":1,"recent":[[1,2]]}}}',
    '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":1,"recent":[[1,2,3,4,5,6]]}}}',
    '{"v":99,"game":"devils-square","modes":{}}',  # a newer site's
])
def test_data_that_cannot_be_read_is_refused(text):
    with pytest.raises(ValueError):
        GameStats.from_json(text, "devils-square")


def test_an_older_version_is_migrated_not_dropped(monkeypatch):
    """Version 1 is the first format: a later one adds its step to MIGRATIONS. Here a
    version 2 that renames 'modes' shows the steps run in order and keep the figures."""
    old = GameStats("devils-square")
    old.add(result(score=77))
    old_text = old.to_json()

    def one_to_two(data: dict) -> dict:
        data = dict(data)
        data["by_mode"] = data.pop("modes")
        return data

    monkeypatch.setattr(stats_model, "VERSION", 2)
    monkeypatch.setitem(stats_model.MIGRATIONS, 1, one_to_two)
    migrated = migrate(json.loads(old_text))
    assert migrated["v"] == 2 and migrated["by_mode"]["relaxed"]["best_score"] == 77
    assert migrate(dict(migrated)) == migrated  # the current version goes through as it is


# -- stored: the never-lose rules ----------------------------------------------------------


def test_results_are_stored_per_game_and_read_back():
    storage = MemoryStorage()
    data = StatsStore(Store(storage))
    data.record(result(score=160))
    data.record(result(game="devils-grip", score=4))
    assert set(storage.data) == {stats_key("devils-square"), stats_key("devils-grip")}
    assert all(k.startswith(PREFIX + "stats:") for k in storage.data)
    fresh = StatsStore(Store(storage))  # the next visit
    assert fresh.load("devils-square").summary().best_score == 160


def test_damaged_statistics_are_set_aside_not_deleted_and_reported_once():
    storage = MemoryStorage()
    key = stats_key("devils-square")
    storage.setItem(key, '{"v":1,"game":"devils-square","modes":{"relaxed":{"played":"x"}}}')
    data = StatsStore(Store(storage))
    assert data.load("devils-square").summary().played == 0
    aside = [k for k in storage.data if k.startswith(PREFIX + "aside:")]
    assert len(aside) == 1 and "played\":\"x" in storage.data[aside[0]]
    assert key not in storage.data
    assert data.take_damaged() == ["devils-square"] and data.take_damaged() == []
    data.record(result())
    data.load("devils-square")
    assert data.take_damaged() == []  # the new statistics are fine: nothing more to say
    assert json.loads(storage.data[key])["modes"]["relaxed"]["played"] == 1


def test_a_newer_sites_statistics_are_kept_aside():
    storage = MemoryStorage()
    newer = '{"v":7,"game":"devils-grip","modes":{"whatever":1}}'
    storage.setItem(stats_key("devils-grip"), newer)
    data = StatsStore(Store(storage))
    data.record(result(game="devils-grip"))
    assert newer in storage.data.values() and data.take_damaged() == ["devils-grip"]


class FullButReadable(MemoryStorage):
    def setItem(self, key, value):  # noqa: N802 - the browser's name
        raise RuntimeError("QuotaExceededError")


def test_damaged_data_that_cannot_be_moved_is_never_overwritten():
    storage = FullButReadable()
    storage.data[stats_key("devils-square")] = "{broken"
    data = StatsStore(Store(storage))
    data.record(result())
    assert storage.data[stats_key("devils-square")] == "{broken"
    assert data.load("devils-square").summary().played == 1  # this visit's, in memory
    assert data.take_damaged() == ["devils-square"]


@pytest.mark.parametrize("storage", [None, FullStorage(), ThrowingStorage()])
def test_failing_storage_still_counts_this_visits_games(storage):
    store = Store(storage)
    data = StatsStore(store)
    data.record(result(score=10))
    data.record(result(won=False, score=5))
    summary = data.load("devils-square").summary()
    assert (summary.played, summary.won, summary.best_score) == (2, 1, 10)
    assert "not being saved" in store.take_problem() and store.take_problem() == ""
    data.reset("devils-square")
    assert data.load("devils-square").summary().played == 0


def test_reset_of_one_mode_or_all():
    data = StatsStore(Store(MemoryStorage()))
    for mode in ("relaxed", "guard", "guard"):
        data.record(result(mode=mode))
    data.reset("devils-square", "guard")
    stats_ = data.load("devils-square")
    assert stats_.summary("guard").played == 0 and stats_.summary(ALL).played == 1
    data.reset("devils-square", ALL)
    assert data.load("devils-square").summary(ALL).played == 0
    assert data.load("devils-square").summary(ALL).recent == ()


# -- when a game counts --------------------------------------------------------------------


class Page:
    """The page's part, as app.py and stats_view.py do it: the tracker is opened with the
    game, every save goes through it, and a game that has just ended is counted."""

    def __init__(self, storage=None, kind=None):
        self.storage = storage if storage is not None else MemoryStorage()
        self.store = Store(self.storage)
        self.data = StatsStore(self.store)
        self.kind = kind
        self.now = 1000.0

    def open(self, game_id, deal, **options):
        self.session, self.key, _ = opened(self.store, game_id, deal, options)
        record = self.store.load_record(self.key)
        record = record if isinstance(record, SaveRecord) else None
        self.tracker = Tracker.opened(self.session.game, record, self.kind)
        self.save()
        return self.session

    def save(self, demo=False):
        game = self.session.game
        counted = self.tracker.finish(self.session, self.now, int(self.now), demo=demo)
        if counted is not None:
            self.data.record(counted)
        self.tracker.clock.set(self.now, not game.is_over())
        record = self.tracker.stamp(self.session.record(), self.now)
        self.store.save_record(self.key, record, finished=game.is_over())

    def play(self, *moves):
        for text in moves:
            self.now += 7
            self.session.play(self.session.game.parse_move(text))
            self.save()

    def summary(self, game_id=KCS, mode=ALL):
        return self.data.load(game_id).summary(mode)


def test_a_win_counts_once_with_its_moves_and_time(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.play(*kcs_line)
    summary = page.summary()
    assert (summary.played, summary.won, summary.streak) == (1, 1, 1)
    assert summary.fewest_moves == len(kcs_line) == page.session.moves_count()
    assert summary.fastest == 7 * len(kcs_line)
    page.save()  # saving again (a look at the board) counts nothing more
    assert page.summary().played == 1


def test_reloading_a_finished_game_does_not_count_it_again(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.play(*kcs_line)
    page.open(KCS, KCS_WIN_DEAL)  # a reload
    assert page.session.game.is_over() and page.tracker.counted
    assert page.summary().played == 1
    again = Page(page.storage)  # another visit
    again.open(KCS, KCS_WIN_DEAL)
    assert again.summary().played == 1


def test_a_finished_game_saved_before_statistics_is_not_counted_when_opened(kcs_line):
    storage = MemoryStorage()
    game = GAMES[KCS].new(deal=KCS_WIN_DEAL)
    for move in kcs_line:
        game.push(game.parse_move(move))
    key = slot_key(KCS, KCS_WIN_DEAL, game.options)
    Store(storage).save_record(key, SaveRecord(game.to_save()), True)
    page = Page(storage)
    page.open(KCS, KCS_WIN_DEAL)
    assert page.summary().played == 0


def test_undo_after_the_end_then_finishing_again_counts_the_first_ending_only(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.play(*kcs_line[:5])
    page.session.give_up()
    page.save()
    assert (page.summary().played, page.summary().won) == (1, 0)
    page.session.undo()  # takes back the giving up
    page.save()
    page.open(KCS, KCS_WIN_DEAL)  # a reload in between keeps the mark
    page.play(*kcs_line[5:])
    assert page.session.game.outcome().won
    assert (page.summary().played, page.summary().won) == (1, 0)


def test_restart_after_the_end_is_the_same_game(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.session.give_up()
    page.save()
    page.session.restart()
    page.save()
    page.play(*kcs_line)
    assert (page.summary().played, page.summary().won) == (1, 0)


def test_the_solvers_line_shown_never_counts_as_a_win(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.session.show_line(kcs_line)  # what 'Show me' does, then Redo to the end
    page.tracker.shown = True
    page.save()
    while page.session.can_redo():
        page.session.redo()
        page.save()
    assert page.session.game.outcome().won
    assert (page.summary().played, page.summary().won) == (1, 0)
    assert json.loads(page.storage.data[page.key])["shown"] is True
    # the moves being the line shown (the page's demo_line) is enough too
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    page.play(*kcs_line[:-1])
    page.session.play(page.session.game.parse_move(kcs_line[-1]))
    page.save(demo=True)
    assert (page.summary().played, page.summary().won) == (1, 0)


def test_a_new_deal_leaving_a_game_with_moves_counts_a_loss_once(kcs_line):
    page = Page()
    page.open(KCS, KCS_WIN_DEAL)
    assert page.tracker.abandon(page.session, page.now, 1) is None  # no move made
    page.play(kcs_line[0])
    lost = page.tracker.abandon(page.session, page.now, 1)
    assert lost is not None and not lost.won and lost.moves == 1
    page.data.record(lost)
    page.save()
    assert page.tracker.abandon(page.session, page.now, 1) is None
    page.open(KCS, KCS_WIN_DEAL)  # back to it later, and won: the loss stands
    page.play(*kcs_line[1:])
    assert (page.summary().played, page.summary().won) == (1, 0)


def test_the_clock_is_kept_in_the_save_and_an_old_save_starts_at_zero():
    page = Page()
    page.open("devils-grip", 5)
    page.play("deal", "deal")
    record = json.loads(page.storage.data[page.key])
    assert record["seconds"] == 14 and record["kind"] == "any"
    page.now += 100
    page.open("devils-grip", 5)  # a reload: the clock goes on from the save
    assert page.tracker.clock.seconds(page.now) == 14
    old = dict(record)
    for field in ("seconds", "kind", "counted"):
        old.pop(field, None)
    page.storage.setItem(page.key, json.dumps(old))
    page.open("devils-grip", 5)
    assert page.tracker.clock.seconds(page.now) == 0 and not page.tracker.timed
    page.session.give_up()
    page.save()
    assert page.summary("devils-grip").played == 1
    assert page.summary("devils-grip").recent[-1].seconds is None  # its time is unknown
    assert json.loads(page.storage.data[page.key])["seconds_unknown"] is True


def test_the_move_counter_counts_the_moves_on_the_board():
    page = Page()
    session = page.open("devils-square", 4)
    page.play(str(session.game.legal_moves()[0]))
    page.play(str(session.game.legal_moves()[0]))
    assert session.moves_count() == 2
    session.undo()
    assert session.moves_count() == 1
    session.redo()
    session.give_up()
    assert session.moves_count() == 2  # giving up is no move


def test_modes_guard_winnable_and_relaxed():
    winnable = deal_lists.deals_of(KCS, "winnable")
    other = next(d for d in range(1, 500) if d not in winnable)
    kcs = GAMES[KCS]
    assert mode_of(GAMES["devils-square"].new(deal=3, guard=True), "winnable") == "guard"
    assert mode_of(kcs.new(deal=winnable[0]), "winnable") == "winnable"
    assert mode_of(kcs.new(deal=winnable[0]), "any") == "relaxed"
    assert mode_of(kcs.new(deal=other), "winnable") == "relaxed"  # a link, not the list
    swapped = deal_lists.deals_of(f"{KCS}.swap1", "winnable")  # a mode's own list
    assert mode_of(kcs.new(deal=swapped[0], swap=True), "winnable") == "winnable"
    both = {"swap": True, "strict": True}  # no tile deals with both: no list applies
    assert mode_of(kcs.new(deal=winnable[0], **both), "winnable") == "relaxed"
    page = Page(kind="winnable")
    page.open(KCS, winnable[0])
    page.session.give_up()
    page.save()
    assert page.summary(KCS, "winnable").played == 1 and page.summary(KCS, "relaxed").played == 0
    page.kind = "any"  # the player changes the setting: the game keeps the kind it was dealt
    page.open(KCS, winnable[0])
    assert page.tracker.kind == "winnable"


def test_the_table_counts_matches_won_by_the_first_person():
    page = Page()
    session = page.open("kings-corner", 7, players="h2", rules="classic")
    game = session.game
    while not game.is_over():
        game.push(game.legal_moves()[0])
    page.save()
    summary = page.summary("kings-corner")
    assert summary.played == 1 and summary.won == int(game.winner() == 0)
    counted = summary.recent[-1]
    assert counted.score is None and counted.moves == len(game.results)  # Classic: no score
    jax = TableSession(GAMES["kings-corner"].new(deal=3, players="2h"))  # the person: seat 2
    jax.give_up()
    lost = Tracker().finish(jax, 60.0, 1)
    assert not lost.won and lost.score == jax.game.scores[1]
    computers = TableSession(GAMES["kings-corner"].new(deal=3, players="22"))
    computers.give_up()
    assert Tracker().finish(computers, 1.0, 1) is None  # computers alone: nobody to count for


def test_a_table_left_before_the_person_played_is_not_a_loss():
    game = GAMES["kings-corner"].new(deal=3, players="h2")
    session = TableSession(game)
    assert not session.has_moved()
    while game.players[game.to_move] != "h":
        game.push(game.legal_moves()[0])
    assert not session.has_moved()
    game.push(game.legal_moves()[0])
    assert session.has_moved()
    assert Tracker().abandon(session, 1.0, 1) is not None
