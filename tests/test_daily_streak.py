"""The deal of the day on the page's side (game/ui/daily_store.py): the daily streak's
arithmetic across month and year ends and gaps, a day never counted twice (a replay, the
page opened again, two tabs), its own save slot, its address, and its place in a backup."""

from __future__ import annotations

import datetime

import pytest

from game.games import load
from game.share.daily import daily_deal
from game.ui import backup
from game.ui.daily_store import (
    PLAYED,
    WON,
    DailyRecord,
    DailyStore,
    NewerDaily,
    daily_key,
    daily_query,
    day_error,
    parse_day,
)
from game.ui.opening import open_game
from game.ui.record import SaveRecord
from game.ui.store import Store, daily_day, slot_fits, slot_key
from game.ui.urlstate import parse_route
from tests.test_ui_logic import MemoryStorage

D = datetime.date
GAME = "devils-square"


def days(first: D, count: int) -> list[D]:
    return [first + datetime.timedelta(days=n) for n in range(count)]


def won_on(record: DailyRecord, *when: D) -> DailyRecord:
    for day in when:
        assert record.add(day, True)
    return record


# -- the streak ---------------------------------------------------------------------------


def test_a_streak_runs_across_month_and_year_ends():
    record = won_on(DailyRecord(GAME), *days(D(2026, 12, 29), 6))  # 29 Dec .. 3 Jan
    assert record.streak(D(2027, 1, 3)) == 6
    assert record.best == 6 and record.won_days == 6
    assert record.runs == [(D(2026, 12, 29).toordinal(), 6)]
    leap = won_on(DailyRecord(GAME), D(2028, 2, 28), D(2028, 2, 29), D(2028, 3, 1))
    assert leap.streak(D(2028, 3, 1)) == 3
    months = won_on(DailyRecord(GAME), D(2026, 1, 31), D(2026, 2, 1))
    assert months.streak(D(2026, 2, 1)) == 2


def test_the_streak_holds_until_a_whole_day_passes_without_a_win():
    record = won_on(DailyRecord(GAME), *days(D(2026, 11, 24), 3))  # 24, 25, 26
    assert record.streak(D(2026, 11, 26)) == 3
    assert record.streak(D(2026, 11, 27)) == 3  # today's deal still to play
    assert record.streak(D(2026, 11, 28)) == 0  # the 27th passed without a win
    assert record.best == 3  # the best stays


def test_a_gap_starts_a_new_streak_and_a_loss_breaks_one():
    record = won_on(DailyRecord(GAME), D(2026, 3, 1), D(2026, 3, 2), D(2026, 3, 4))
    assert record.streak(D(2026, 3, 4)) == 1 and record.best == 2
    assert record.add(D(2026, 3, 5), False)
    assert record.status(D(2026, 3, 5)) == PLAYED
    assert record.streak(D(2026, 3, 6)) == 0
    won_on(record, *days(D(2026, 3, 6), 3))
    assert record.streak(D(2026, 3, 8)) == 3 and record.best == 3


def test_a_day_filled_in_between_joins_two_runs():
    record = won_on(DailyRecord(GAME), D(2026, 5, 1), D(2026, 5, 3))
    won_on(record, D(2026, 5, 2))  # (the clock went back: the player's own business)
    assert record.runs == [(D(2026, 5, 1).toordinal(), 3)] and record.best == 3


def test_a_clock_set_back_counts_the_streak_up_to_today():
    record = won_on(DailyRecord(GAME), *days(D(2026, 6, 1), 10))
    assert record.streak(D(2026, 6, 5)) == 5


# -- never counted twice --------------------------------------------------------------------


def test_the_first_ending_of_a_day_is_its_result():
    record = DailyRecord(GAME)
    assert record.add(D(2026, 11, 27), False)
    assert not record.add(D(2026, 11, 27), True)  # Restart after the end, and won
    assert record.status(D(2026, 11, 27)) == PLAYED and record.streak(D(2026, 11, 27)) == 0
    won_on(record, D(2026, 11, 28))
    assert not record.add(D(2026, 11, 28), True)  # the same win again
    assert not record.add(D(2026, 11, 28), False)
    assert record.won_days == 1 and record.status(D(2026, 11, 28)) == WON


def test_two_tabs_and_a_reopened_page_count_a_day_once():
    storage = MemoryStorage()
    today = D(2026, 11, 27)
    one, two = DailyStore(Store(storage)), DailyStore(Store(storage))
    assert one.load(GAME).status(today) is None and two.load(GAME).status(today) is None
    assert one.count(GAME, today, True, today)
    assert not two.count(GAME, today, True, today)  # the other tab read it fresh
    assert not two.count(GAME, today, False, today)
    again = DailyStore(Store(storage))  # the page opened again
    assert not again.count(GAME, today, True, today)
    assert again.load(GAME).won_days == 1 and again.load(GAME).streak(today) == 1


def test_only_a_deal_ended_on_its_own_day_counts():
    store = DailyStore(Store(MemoryStorage()))
    day = D(2026, 11, 26)
    assert not store.count(GAME, day, True, D(2026, 11, 27))  # finished after midnight
    assert store.load(GAME).status(day) is None


def test_the_record_round_trips_and_refuses_damage():
    record = won_on(DailyRecord(GAME), *days(D(2026, 12, 30), 4), D(2027, 2, 1))
    record.add(D(2027, 1, 10), False)
    again = DailyRecord.from_json(record.to_json(), GAME)
    assert again == record
    good = record.to_json()
    for bad in ('[]', '{"v": 1}', good.replace('"v":1', '"v":0'),
                good.replace(GAME, "kings-square"), good.replace('"best":4', '"best":2'),
                good.replace("2026-12-30", "2026-13-30"), good.replace(",4]", ",0]"),
                good.replace('"won":[', '"won":[["2027-02-01",1],')):
        with pytest.raises(ValueError):
            DailyRecord.from_json(bad, GAME)
    with pytest.raises(NewerDaily):
        DailyRecord.from_json(good.replace('"v":1', '"v":2'), GAME)


def test_a_damaged_record_is_set_aside_and_starts_again():
    storage = MemoryStorage()
    storage.setItem(daily_key(GAME), "{not json")
    store = DailyStore(Store(storage))
    assert store.load(GAME) == DailyRecord(GAME)
    assert any(key.startswith("cardgames:aside:") for key in storage.data)
    assert store.count(GAME, D(2026, 1, 1), True, D(2026, 1, 1))


# -- its slot and address ---------------------------------------------------------------------


def test_the_daily_deal_has_its_own_slot_that_resumes():
    storage = MemoryStorage()
    store = Store(storage)
    day = D(2026, 11, 27)
    deal = daily_deal(GAME, day)
    plain = open_game(store, GAME, deal, {})
    daily = open_game(store, GAME, deal, {}, day)
    assert daily.key == f"cardgames:save:{GAME}:daily:2026-11-27" != plain.key
    assert daily_day(daily.key) == day and daily_day(plain.key) is None
    game = daily.session.game
    game.push(game.legal_moves()[0])
    store.save_record(daily.key, SaveRecord(game.to_save()), finished=False)
    again = open_game(store, GAME, deal, {}, day)
    assert again.record is not None and again.record.moves == [str(game.move_stack[0])]
    resumed = open_game(store, GAME, None, {})  # the game's last slot, from anywhere
    assert resumed.key == daily.key


def test_a_daily_slot_holds_only_its_days_deal_with_the_defaults():
    day = D(2026, 11, 27)
    cls = load(GAME).engine
    key = slot_key(GAME, 0, {}, day)
    assert slot_fits(key, cls.new(deal=daily_deal(GAME, day)))
    assert not slot_fits(key, cls.new(deal=daily_deal(GAME, day) + 1))
    assert not slot_fits(key, cls.new(deal=daily_deal(GAME, day), guard=True))
    assert not slot_fits(slot_key(GAME, 0, {}, D(2026, 11, 28)),
                         cls.new(deal=daily_deal(GAME, day)))
    storage = MemoryStorage()
    storage.setItem(key, SaveRecord(cls.new(deal=5).to_save()).to_json())
    opened = open_game(Store(storage), GAME, daily_deal(GAME, day), {}, day)
    assert opened.record is None and opened.notes  # set aside, a fresh daily dealt
    assert opened.session.game.deal == daily_deal(GAME, day)


def test_the_address_of_a_daily_deal():
    day = D(2026, 11, 27)
    route = parse_route(daily_query(GAME, day))
    assert (route.game_id, route.day, route.deal, route.options, route.error) == (
        GAME, day, None, {}, "")
    for query in (f"?game={GAME}&daily=2026-02-30", f"?game={GAME}&daily=27-11-2026",
                  f"?game={GAME}&daily=", f"?game={GAME}&daily=２０２６-11-27",
                  f"?game={GAME}&daily=2026-11-27&deal=5",
                  f"?game={GAME}&daily=2026-11-27&guard=1",
                  "?game=kings-corner&daily=2026-11-27"):
        route = parse_route(query)
        assert route.error and route.game_id is None, query
    assert parse_day("2026-11-27") == day and parse_day(20261127) is None
    assert day_error(day, day) == "" and day_error(day, D(2026, 11, 26))


def test_a_backup_carries_the_daily_record_and_slot():
    storage = MemoryStorage()
    store = Store(storage)
    day = D(2026, 11, 27)
    DailyStore(store).count(GAME, day, True, day)
    opened = open_game(store, GAME, daily_deal(GAME, day), {}, day)
    store.save_record(opened.key, opened.session.record(), finished=False)
    stored = backup.read_backup(backup.export_text(store, 0))
    assert daily_key(GAME) in stored and opened.key in stored
    fresh = Store(MemoryStorage())
    backup.apply(fresh, backup.plan(fresh, stored))
    assert DailyStore(fresh).load(GAME).streak(day) == 1
    fuller = won_on(DailyRecord(GAME), day, day + datetime.timedelta(days=1))
    planned = backup.plan(store, {daily_key(GAME): fuller.to_json()})
    assert [c.action for c in planned.changes] == ["replace"]
    with pytest.raises(backup.BadBackup):
        backup.read_backup(backup.export_text(store, 0).replace('\\"best\\":1', '\\"best\\":0'))
