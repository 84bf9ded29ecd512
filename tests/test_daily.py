"""The deal of the day (game/share/daily.py): the same for a date everywhere (pinned
golden values), different day to day, from the winnable list where the game has one."""

from __future__ import annotations

import datetime

import pytest

from game.engine import MAX_DEAL, MIN_DEAL
from game.games import GAMES
from game.share.daily import daily_deal, winnable

DAY = datetime.date(2026, 11, 27)


def days(start: datetime.date, count: int) -> list[datetime.date]:
    return [start + datetime.timedelta(days=n) for n in range(count)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deal_a_day_never_the_same_two_days_running(game_id):
    span = days(datetime.date(2025, 12, 20), 1200)  # past two runs through a 500-deal list
    deals = [daily_deal(game_id, day) for day in span]
    assert all(MIN_DEAL <= deal <= MAX_DEAL for deal in deals)
    assert all(a != b for a, b in zip(deals, deals[1:], strict=False))
    assert len(set(deals)) > len(deals) // 3


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_from_the_winnable_list_where_there_is_one(game_id):
    deals = winnable(game_id)
    span = days(datetime.date(2026, 1, 1), len(deals) or 30)
    chosen = [daily_deal(game_id, day) for day in span]
    if deals:
        assert set(chosen) <= set(deals)
        assert len(set(chosen)) == len(deals)  # the whole list before any deal comes back


def test_the_same_for_a_date_everywhere():
    """Golden values: a change here changes every player's deal of the day. A date is a
    calendar day (no time, no zone): the page gives the player's own."""
    found = {game_id: daily_deal(game_id, DAY) for game_id in sorted(GAMES)}
    assert found == GOLDEN
    assert daily_deal("devils-grip", datetime.date(2026, 11, 27)) == found["devils-grip"]


def test_games_sharing_a_list_have_their_own_deal():
    same = [day for day in days(DAY, 100)
            if daily_deal("devils-square", day) == daily_deal("kings-square", day)]
    assert len(same) < 5


def test_dates_far_away():
    for day in (datetime.date(1, 1, 1), datetime.date(9999, 12, 31), datetime.date(1970, 1, 1)):
        for game_id in GAMES:
            assert MIN_DEAL <= daily_deal(game_id, day) <= MAX_DEAL


GOLDEN = {"devils-grip": 876559997, "devils-square": 147, "kings-corner": 202150369,
          "kings-corner-solitaire": 313, "kings-square": 329}
