"""The figures of bench/latency.py, apart from the browser: percentiles, each click's
figures from the page's probe records and its Event Timing entries, and the long tasks.
Pure Python, tested in CPython (tests/test_bench_latency.py); bench/latency.py's docstring
says what each figure means.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

EVENT_NAMES = ("pointerdown", "pointerup", "click")  # the Event Timing entries of a click
THRESHOLD_MS = 16.0  # Event Timing reports no event shorter than this (its lowest threshold)
MATCH_MS = 0.5  # an entry's startTime is its event's timeStamp; allow for rounding


def percentile(values: Sequence[float | None], p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100) of `values`; None ranks below every number
    (an Event Timing duration under the threshold) and is returned when the rank falls on
    one."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values, key=lambda v: -math.inf if v is None else v)
    rank = max(1, math.ceil(len(ordered) * p / 100))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Summary:
    n: int
    p50: float | None
    p95: float | None
    max: float | None
    reported: int  # values that are numbers (not None: under the threshold)


def summarise(values: Sequence[float | None]) -> Summary | None:
    """n, p50, p95 and max (nearest rank) of `values`; None for no values."""
    if not values:
        return None
    return Summary(len(values), percentile(values, 50), percentile(values, 95),
                   percentile(values, 100), sum(v is not None for v in values))


@dataclass
class Click:
    """One click (or tap) of the benchmark, from the probe's records of its events.

    handler: the page's handling of its pointerdown, pointerup and click (the time from
    the probe's capturing listener on the window to its bubbling one, summed).
    frame_mc: the larger, over pointerdown and pointerup, of the time from the event's
    timeStamp to a MessageChannel message posted from the next animation frame's callback
    (the main thread has then run that frame's style, layout and paint).
    frame_raf: the same to the timestamp of the animation frame after that one (the next
    frame began: the one before it was handed on to be shown).
    event_timing: the longest Event Timing duration of its pointerdown, pointerup and
    click entries (the time from the event's timeStamp to the frame presented after its
    handlers ran, in 8 ms steps); None when none was reported (all under 16 ms)."""

    kind: str
    down: float  # pointerdown's timeStamp (the page's clock, ms)
    up: float  # pointerup's timeStamp
    handler: float
    frame_mc: float
    frame_raf: float
    pointer: str = "mouse"
    event_timing: float | None = None
    entries: list[str] = field(default_factory=list)  # names of the matched entries


def click_from_records(kind: str, records: Sequence[dict], pointer: str) -> Click:
    """A Click from the probe's records of its events: one pointerdown and one pointerup
    of `pointer` ('mouse' or 'touch'), in that order, and at most one click; ValueError
    otherwise (a click the page did not get as the benchmark made it)."""
    by_type: dict[str, list[dict]] = {}
    for record in records:
        by_type.setdefault(record["type"], []).append(record)
    downs, ups = by_type.get("pointerdown", []), by_type.get("pointerup", [])
    if len(downs) != 1 or len(ups) != 1 or len(by_type.get("click", [])) > 1:
        raise ValueError(f"expected one pointerdown, one pointerup and at most one click, got "
                         f"{[r['type'] for r in records]}")
    down, up = downs[0], ups[0]
    if up["ts"] < down["ts"]:
        raise ValueError(f"pointerup ({up['ts']}) before pointerdown ({down['ts']})")
    kinds = {r.get("pointer") for r in (down, up)}
    if kinds != {pointer}:
        raise ValueError(f"expected {pointer} events, got {sorted(map(str, kinds))}")
    missing = [r["type"] for r in records if r.get("handler") is None]
    if missing or any(r.get(key) is None for r in (down, up) for key in ("mc", "raf2")):
        raise ValueError(f"a record is incomplete: {list(records)}")
    return Click(
        kind=kind, down=down["ts"], up=up["ts"], pointer=pointer,
        handler=sum(r["handler"] for r in records),
        frame_mc=max(down["mc"], up["mc"]),
        frame_raf=max(down["raf2"], up["raf2"]),
    )


def match_entries(clicks: Sequence[Click], entries: Iterable[dict],
                  tolerance: float = MATCH_MS) -> list[dict]:
    """Give each click its Event Timing entries: a pointerdown entry belongs to the click
    whose pointerdown has its startTime as timeStamp, a pointerup or click entry to the
    one whose pointerup has (a click event carries its pointerup's timeStamp). Sets each
    click's `event_timing` (the longest duration) and `entries`; returns the entries of
    those names that belong to no click. Entries of other events (mousedown, pointerover,
    a key...) are left out."""
    for click in clicks:
        click.event_timing, click.entries = None, []
    unmatched = []
    for entry in entries:
        name = entry["name"]
        if name not in EVENT_NAMES:
            continue
        at = "down" if name == "pointerdown" else "up"
        owner = min(
            (c for c in clicks if abs(getattr(c, at) - entry["start"]) <= tolerance),
            key=lambda c: abs(getattr(c, at) - entry["start"]),
            default=None,
        )
        if owner is None:
            unmatched.append(entry)
            continue
        owner.entries.append(name)
        if owner.event_timing is None or entry["duration"] > owner.event_timing:
            owner.event_timing = entry["duration"]
    return unmatched


@dataclass(frozen=True)
class LongTasks:
    count: int
    total: float
    max: float


def long_tasks(entries: Iterable[dict]) -> LongTasks:
    """How many long tasks (over 50 ms each, as the browser reports them), their total and
    the longest."""
    durations = [entry["duration"] for entry in entries]
    return LongTasks(len(durations), sum(durations), max(durations, default=0.0))


def during_clicks(clicks: Sequence[Click], entries: Iterable[dict]) -> int:
    """How many of the long task `entries` overlap a click: the time from its pointerdown
    to its pointerup's next frame (frame_raf after the later of the two)."""
    windows = [(c.down, c.up + c.frame_raf) for c in clicks]
    return sum(
        any(e["start"] < end and e["start"] + e["duration"] > start for start, end in windows)
        for e in entries
    )


def write_rows(writes: dict[str, list[int]]) -> list[tuple[int, int, str]]:
    """bench/latency.py --writes: (writes, of them unchanged, what was written where), those
    that changed nothing most often first: a write of the value already there still costs
    the page (a new text node is laid out again, an attribute restyles what its selectors
    reach), and is how the table's seats were found rewriting every text (28 November)."""
    rows = [(int(total), int(same), key) for key, (total, same) in writes.items()]
    return sorted(rows, key=lambda row: (-row[1], -row[0], row[2]))
