"""The deal of the day: one deal per game per calendar day, the same for everyone.

No server: the deal comes from the date (the player's own calendar day, which the page
reads in the player's time zone) through the project's PRNG (game/engine/rng.py), so every
machine finds the same deal for a date, today and in ten years. It is played with the
game's default options.

- A game with a winnable list (game/ai/deal_lists.py, under its GameInfo.deals_id) takes
  its daily deal from that list: the list is dealt out in an order shuffled afresh for
  each run through it, so no deal comes back before the whole list has been played, and
  two days in a row never share a deal (at the seam of two runs either).
- A game without one takes any deal number, drawn from the date; never yesterday's.
Each game draws on its own PRNG stream (from its id), so two games sharing a deal list
(King's Square plays Devil's Square's deals) have different deals on a day.
"""

from __future__ import annotations

import datetime
import zlib

from ..engine import MAX_DEAL, Pcg32
from ..games import load

EPOCH = datetime.date(2026, 1, 1).toordinal()  # day 0; any fixed day would do


def day_number(day: datetime.date) -> int:
    return day.toordinal() - EPOCH


def _stream(game_id: str) -> int:
    return zlib.crc32(f"daily:{game_id}".encode())


def winnable(game_id: str) -> tuple[int, ...]:
    """The list the game's daily deals come from (empty when it has none)."""
    from ..ai import deal_lists

    info = load(game_id)
    return deal_lists.deals_of(info.deals_id, "winnable") if info.has_hints else ()


def _run(deals: tuple[int, ...], run: int, stream: int) -> list[int]:
    """The order of the list for its `run`-th time through (a run's first deal is never
    the previous run's last)."""
    order = list(deals)
    Pcg32(run + 1, stream).shuffle(order)  # the seed of a PRNG is a whole number >= 0
    if run > 0 and len(order) > 1:
        before = list(deals)
        Pcg32(run, stream).shuffle(before)
        if order[0] == before[-1]:
            order[0], order[1] = order[1], order[0]
    return order


def _any(day: int, stream: int) -> int:
    return 1 + Pcg32(day % (1 << 64), stream).below(MAX_DEAL)


def daily_deal(game_id: str, day: datetime.date) -> int:
    """The deal of `game_id` for the calendar day `day`."""
    number, stream = day_number(day), _stream(game_id)
    deals = winnable(game_id)
    if deals:
        run, place = divmod(number, len(deals))
        return _run(deals, run % (1 << 63), stream)[place]
    deal = _any(number, stream)
    if deal == _any(number - 1, stream):  # never the same as the day before
        deal = 1 + Pcg32(number % (1 << 64), stream + 1).below(MAX_DEAL)
    return deal
