"""The pure helpers of bench/latency.py: percentiles, a click's figures from the probe's
records, Event Timing entries matched to clicks, long tasks, the trace's stages and kinds
of work (bench/latency_figures.py, bench/latency_trace.py), and what the board must show
for its DOM-vs-engine check (bench/latency_page.py). Made-up numbers and fake pages only:
no browser, no clock."""

from __future__ import annotations

import json
from importlib import import_module
from types import SimpleNamespace

import pytest

from bench.latency_figures import (
    Click,
    click_from_records,
    during_clicks,
    long_tasks,
    match_entries,
    percentile,
    summarise,
    write_rows,
)
from bench.latency_page import PageWentWrong, check_board, expected_board
from bench.latency_trace import (
    Span,
    async_spans,
    clock_offset,
    complete_spans,
    frame_work,
    latencies,
    of_clicks,
    restyles,
    typical,
    work_by_kind,
)
from game.games import GAMES, load_all

# --- percentiles ---------------------------------------------------------------------------


def test_percentiles_are_nearest_rank():
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert percentile(values, 50) == 3.0
    assert percentile(values, 95) == 5.0  # rank ceil(4.75) = 5
    assert percentile(values, 100) == 5.0
    assert percentile(values, 0) == 1.0
    assert percentile(list(range(1, 21)), 95) == 19  # rank 19 of 20
    with pytest.raises(ValueError):
        percentile([], 50)


def test_none_ranks_below_every_number():
    """An Event Timing duration under the threshold is None: a percentile falling on one
    is None ("<16"), one above them is the number."""
    values = [None, None, None, 24.0, 40.0]
    assert percentile(values, 50) is None
    assert percentile(values, 95) == 40.0
    summary = summarise(values)
    assert (summary.n, summary.p50, summary.p95, summary.max, summary.reported) == (
        5, None, 40.0, 40.0, 2)
    assert summarise([]) is None
    assert summarise([None]).max is None


# --- a click from the probe's records --------------------------------------------------------


def record(kind: str, ts: float, handler: float, mc: float | None = None,
           raf2: float | None = None, pointer: str = "mouse") -> dict:
    found = {"type": kind, "ts": ts, "at": ts + 0.2, "pointer": pointer, "handler": handler}
    if kind != "click":
        found |= {"mc": mc, "raf2": raf2}
    return found


def test_a_click_sums_its_handlers_and_takes_its_slower_frame():
    click = click_from_records("move", [
        record("pointerdown", 100.0, 1.5, mc=12.0, raf2=20.0),
        record("pointerup", 104.0, 8.0, mc=30.0, raf2=28.0),
        record("click", 104.0, 0.5, pointer=""),
    ], "mouse")
    assert (click.kind, click.down, click.up) == ("move", 100.0, 104.0)
    assert click.handler == 10.0
    assert (click.frame_mc, click.frame_raf) == (30.0, 28.0)
    assert click.event_timing is None


def test_a_click_without_a_click_event_is_still_a_click():
    click = click_from_records("select", [
        record("pointerdown", 10.0, 1.0, mc=5.0, raf2=17.0, pointer="touch"),
        record("pointerup", 11.0, 2.0, mc=4.0, raf2=16.0, pointer="touch"),
    ], "touch")
    assert click.handler == 3.0 and click.pointer == "touch"


@pytest.mark.parametrize("records, wrong", [
    ([record("pointerdown", 1.0, 1.0, 2.0, 3.0)], "one pointerdown, one pointerup"),
    ([record("pointerdown", 1.0, 1.0, 2.0, 3.0), record("pointerdown", 2.0, 1.0, 2.0, 3.0),
      record("pointerup", 3.0, 1.0, 2.0, 3.0)], "one pointerdown, one pointerup"),
    ([record("pointerdown", 5.0, 1.0, 2.0, 3.0), record("pointerup", 4.0, 1.0, 2.0, 3.0)],
     "before pointerdown"),
    ([record("pointerdown", 1.0, 1.0, 2.0, 3.0, pointer="touch"),
      record("pointerup", 2.0, 1.0, 2.0, 3.0, pointer="touch")], "expected mouse events"),
    ([record("pointerdown", 1.0, 1.0, 2.0, None), record("pointerup", 2.0, 1.0, 2.0, 3.0)],
     "incomplete"),
    ([record("pointerdown", 1.0, 1.0, 2.0, 3.0), record("pointerup", 2.0, None, 2.0, 3.0)],
     "incomplete"),
])
def test_records_the_benchmark_did_not_make_are_refused(records, wrong):
    with pytest.raises(ValueError, match=wrong):
        click_from_records("move", records, "mouse")


# --- Event Timing entries to clicks ----------------------------------------------------------


def click(down: float, up: float) -> Click:
    return Click("move", down, up, handler=1.0, frame_mc=10.0, frame_raf=20.0)


def entry(name: str, start: float, duration: float) -> dict:
    return {"name": name, "start": start, "duration": duration}


def test_entries_go_to_the_click_whose_event_has_their_start_as_timestamp():
    clicks = [click(100.0, 103.2), click(400.0, 401.0), click(700.0, 705.0)]
    unmatched = match_entries(clicks, [
        entry("pointerdown", 100.0, 24.0),
        entry("mousedown", 100.0, 24.0),  # not an event of a click's figures
        entry("pointerup", 103.2, 56.0),
        entry("click", 103.2, 56.0),
        entry("pointerup", 401.1, 16.0),  # within the rounding of the clock
        entry("click", 550.0, 32.0),  # no click's event: an untimed script click
        entry("pointerdown", 401.0, 40.0),  # a pointerup's timeStamp, not a pointerdown's
    ])
    assert [c.event_timing for c in clicks] == [56.0, 16.0, None]
    assert clicks[0].entries == ["pointerdown", "pointerup", "click"]
    assert clicks[2].entries == []
    assert unmatched == [entry("click", 550.0, 32.0), entry("pointerdown", 401.0, 40.0)]


def test_an_entry_goes_to_the_nearest_of_two_close_clicks():
    clicks = [click(10.0, 10.3), click(10.4, 10.6)]
    match_entries(clicks, [entry("pointerdown", 10.35, 16.0), entry("pointerup", 10.55, 24.0)])
    assert [c.event_timing for c in clicks] == [None, 24.0]
    assert clicks[1].entries == ["pointerdown", "pointerup"]


def test_matching_again_starts_afresh():
    clicks = [click(1.0, 2.0)]
    match_entries(clicks, [entry("pointerup", 2.0, 64.0)])
    match_entries(clicks, [])
    assert clicks[0].event_timing is None and clicks[0].entries == []


# --- long tasks --------------------------------------------------------------------------------


def test_long_tasks_are_counted_summed_and_the_longest_kept():
    tasks = [{"start": 0.0, "duration": 60.0}, {"start": 500.0, "duration": 120.0}]
    found = long_tasks(tasks)
    assert (found.count, found.total, found.max) == (2, 180.0, 120.0)
    assert long_tasks([]).max == 0.0


def test_a_long_task_is_during_a_click_when_it_overlaps_its_press_to_its_frame():
    clicks = [click(100.0, 110.0)]  # its window: 100 to 110 + 20
    tasks = [
        {"start": 40.0, "duration": 70.0},  # ends at 110: overlaps
        {"start": 129.0, "duration": 60.0},  # starts before 130: overlaps
        {"start": 130.0, "duration": 60.0},  # starts at the frame: after it
        {"start": 0.0, "duration": 99.0},  # ends before the press
    ]
    assert during_clicks(clicks, tasks) == 2


# --- the trace -------------------------------------------------------------------------------


def test_work_is_counted_once_for_the_innermost_event():
    """A script (0-10) forcing a style recalculation (2-4) and a layout (4-7) inside it,
    then nothing until a paint (12-15): in the window 1-14."""
    spans = [
        Span("RunTask", 0, 10), Span("FunctionCall", 0, 10), Span("UpdateLayoutTree", 2, 4),
        Span("Layout", 4, 7), Span("Paint", 12, 15), Span("SomethingElse", 8, 9),
    ]
    spans.sort(key=lambda s: (s.start, -s.end))
    assert work_by_kind(spans, 1, 14) == {
        "script": 1 + 1 + 1, "style": 2, "layout": 3, "other": 1, "idle": 2, "paint": 2}
    assert work_by_kind([], 0, 5) == {"idle": 5}


def test_events_of_a_thread_are_paired_and_sorted():
    events = [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "CrRendererMain"}},
        {"ph": "X", "name": "Paint", "ts": 50, "dur": 5, "pid": 1, "tid": 2},
        {"ph": "B", "name": "Layout", "ts": 10, "pid": 1, "tid": 2},
        {"ph": "X", "name": "FunctionCall", "ts": 10, "dur": 30, "pid": 1, "tid": 2},
        {"ph": "E", "name": "Layout", "ts": 20, "pid": 1, "tid": 2},
        {"ph": "X", "name": "Other", "ts": 0, "dur": 1, "pid": 1, "tid": 3},
    ]
    found = complete_spans(events)
    assert [(s.name, s.start, s.end) for s in found[(1, 2)]] == [
        ("FunctionCall", 10, 40), ("Layout", 10, 20), ("Paint", 50, 55)]
    assert [s.name for s in found[(1, 3)]] == ["Other"]


def test_async_events_pair_by_id_even_when_an_id_is_used_again():
    events = [
        {"ph": "b", "name": "Stage", "ts": 0, "pid": 1, "tid": 1, "id2": {"local": "0x1"}},
        {"ph": "b", "name": "Stage", "ts": 1, "pid": 1, "tid": 1, "id2": {"local": "0x2"}},
        {"ph": "e", "name": "Stage", "ts": 5, "pid": 1, "tid": 1, "id2": {"local": "0x1"}},
        {"ph": "e", "name": "Stage", "ts": 9, "pid": 1, "tid": 1, "id2": {"local": "0x2"}},
        {"ph": "b", "name": "Stage", "ts": 10, "pid": 1, "tid": 1, "id2": {"local": "0x1"}},
        {"ph": "e", "name": "Stage", "ts": 12, "pid": 1, "tid": 1, "id2": {"local": "0x1"}},
        {"ph": "b", "name": "Open", "ts": 13, "pid": 1, "tid": 1, "id": "0x3"},  # never ends
    ]
    assert [(s.start, s.end, s.args["_id"]) for s in async_spans(events)] == [
        (0, 5, "0x1"), (1, 9, "0x2"), (10, 12, "0x1")]


def latency_trace() -> list[dict]:
    """A made-up trace: a pointerup at page time 500 ms (trace time 1,000,000 + 500,000
    microseconds), its handlers and the frame on the main thread, raster on a worker and a
    draw in the GPU process; a second, faster event."""
    base = 1_500_000  # the event's timeStamp on the trace's clock
    main, comp, worker, viz = (10, 11), (10, 12), (10, 13), (20, 21)
    meta = [{"ph": "M", "name": "thread_name", "pid": p, "tid": t, "args": {"name": n}}
            for (p, t), n in [(main, "CrRendererMain"), (comp, "Compositor"),
                              (worker, "ThreadPoolForegroundWorker"),
                              (viz, "VizCompositorThread")]]

    def x(thread, name, start, dur):
        return {"ph": "X", "name": name, "ts": base + start, "dur": dur, "pid": thread[0],
                "tid": thread[1]}

    def stage(name, start, end, ident="0x24", args=None):
        return [{"ph": "b", "name": name, "ts": base + start, "pid": comp[0], "tid": comp[1],
                 "id2": {"local": ident}, "args": args or {}},
                {"ph": "e", "name": name, "ts": base + end, "pid": comp[0], "tid": comp[1],
                 "id2": {"local": ident}}]

    timing = {"ph": "b", "name": "EventTiming", "ts": base, "pid": main[0], "tid": main[1],
              "id": "0x1", "args": {"data": {"type": "pointerup", "timeStamp": 500.0}}}
    return [
        *meta, timing,
        *stage("EventLatency", 0, 60_000,
               args={"event_latency": {"event_type": "MOUSE_RELEASED"}}),
        *stage("RendererMainProcessing", 1_000, 11_000),
        *stage("EndCommitToActivation", 11_000, 41_000),
        *stage("SubmitCompositorFrameToPresentationCompositorFrame", 41_000, 60_000),
        *stage("StartDrawToSwapStart", 45_000, 59_000),
        x(main, "EventDispatch", 1_000, 8_000), x(main, "Layout", 3_000, 2_000),
        x(main, "Paint", 9_000, 2_000),
        x(comp, "RunTask", 12_000, 1_000),
        x(worker, "RasterTask", 10_000, 25_000),
        x(viz, "Display::DrawAndSwap", 44_000, 16_000),
        *stage("EventLatency", 200_000, 216_000, ident="0x30",
               args={"event_latency": {"event_type": "MOUSE_PRESSED"}}),
        *stage("RendererMainProcessing", 200_000, 216_000, ident="0x30"),
    ]


def test_an_event_latency_is_split_into_its_stages_with_what_ran_in_each():
    events = latency_trace()
    assert clock_offset(events) == 1_000_000
    first, second = latencies(events)
    assert (first.type, first.timestamp, first.ms) == ("MOUSE_RELEASED", 500.0, 60.0)
    stages = {s.name: s for s in first.stages}
    assert [(s.name, s.depth, s.ms) for s in first.stages] == [
        ("RendererMainProcessing", 0, 10.0),
        ("EndCommitToActivation", 0, 30.0),
        ("SubmitCompositorFrameToPresentationCompositorFrame", 0, 19.0),
        ("StartDrawToSwapStart", 1, 14.0),
    ]
    main = stages["RendererMainProcessing"].work
    assert (main["script"], main["layout"], main["paint"], main["raster"]) == (
        6.0, 2.0, 2.0, 1.0)
    raster = stages["EndCommitToActivation"].work
    assert (raster["raster"], raster["compositor"], raster["draw"]) == (24.0, 1.0, 0.0)
    assert stages["StartDrawToSwapStart"].work["draw"] == 14.0
    assert (second.type, second.timestamp, second.ms) == ("MOUSE_PRESSED", 700.0, 16.0)
    assert [s.name for s in second.stages] == ["RendererMainProcessing"]


def test_the_latencies_of_the_clicks_and_their_medians():
    found = latencies(latency_trace())
    assert of_clicks(found, [500.4]) == [found[0]]
    assert of_clicks(found, [100.0]) == []
    assert of_clicks(found, [500.0, 700.0]) == found
    assert typical(found) == [
        ("RendererMainProcessing", 0, 13.0),  # 10 and 16
        ("EndCommitToActivation", 0, 15.0),  # 30 and none (0)
        ("SubmitCompositorFrameToPresentationCompositorFrame", 0, 9.5),
        ("StartDrawToSwapStart", 1, 7.0),
    ]


# --- what the board must show (the DOM-vs-engine check) ------------------------------------


class FakeSession:
    def __init__(self, zones: dict, hidden: frozenset = frozenset(), turned: str = "") -> None:
        self._zones, self._hidden, self._turned = zones, hidden, turned

    def zones(self) -> dict:
        return self._zones

    def hidden(self) -> frozenset:
        return self._hidden

    def status(self) -> SimpleNamespace:
        return SimpleNamespace(turned=self._turned)


def parts(**fields) -> SimpleNamespace:
    return SimpleNamespace(**({"hidden": frozenset({"stock"}), "top_only": (),
                               "ends_only": frozenset(), "turned_zone": ""} | fields))


def test_the_board_shows_what_the_game_page_says():
    """A hidden zone shows no card but its count, a zone showing its top cards only those
    and its count, a row showing its ends its bottom and top card, a hand the session hides
    nothing but its count, any other zone all its cards."""
    session = FakeSession({
        "stock": ["a", "b", "c"], "waste": ["1", "2", "3", "4", "5"],
        "side": ["w", "x", "y", "z"], "short": ["p", "q"], "hand-1": ["h", "i"], "cell": ["k"],
    }, hidden=frozenset({"hand-1"}))
    want = expected_board(parts(top_only=(("waste", 3),), ends_only=frozenset({"side", "short"})),
                          session)
    assert want == {
        "zones": {"stock": [], "waste": ["3", "4", "5"], "side": ["w", "z"],
                  "short": ["p", "q"], "hand-1": [], "cell": ["k"]},
        "counts": {"stock": 3, "waste": 5, "hand-1": 2},
    }


def test_a_card_turned_up_shows_on_its_zone_and_is_not_counted():
    kcs = parts(hidden=frozenset(), top_only=(("stock", 1), ("discard", 2)), turned_zone="stock")
    zones = {"stock": ["a", "b", "c"], "discard": ["d"]}
    assert expected_board(kcs, FakeSession(zones, turned="c")) == {
        "zones": {"stock": ["c"], "discard": ["d"]}, "counts": {"stock": 2, "discard": 1}}
    assert expected_board(kcs, FakeSession(zones)) == {
        "zones": {"stock": [], "discard": ["d"]}, "counts": {"stock": 3, "discard": 1}}


def test_every_game_of_the_registry_has_a_board_to_check():
    for info in load_all().values():
        page = import_module(info.page).PAGE
        session = page.session(GAMES[info.id].new(deal=3), [], None)
        want = expected_board(page, session)
        assert set(want["zones"]) == set(session.zones()), info.id
        assert sum(map(len, want["zones"].values())) > 0, info.id


class FakePage:
    def __init__(self, board: dict) -> None:
        self.board = board

    def evaluate(self, _script: str) -> dict:
        return json.loads(json.dumps(self.board))


def test_the_check_fails_when_the_dom_differs_from_the_engine():
    game = parts()
    session = FakeSession({"stock": ["a", "b"], "cell-0": ["x", "y"]})
    right = {"zones": {"stock": [], "cell-0": ["x", "y"]}, "counts": {"stock": 2}}
    check_board(FakePage(right), game, session, "deal 1")
    wrong_cards = {"zones": {"stock": [], "cell-0": ["y", "x"]}, "counts": {"stock": 2}}
    with pytest.raises(PageWentWrong, match=r'"zones cell-0": \[\["y", "x"\], \["x", "y"\]\]'):
        check_board(FakePage(wrong_cards), game, session, "deal 1")
    wrong_count = {"zones": {"stock": [], "cell-0": ["x", "y"]}, "counts": {"stock": 3}}
    with pytest.raises(PageWentWrong, match="counts stock"):
        check_board(FakePage(wrong_count), game, session, "deal 1")
    extra_zone = {"zones": {"stock": [], "cell-0": ["x", "y"], "cell-1": []},
                  "counts": {"stock": 2}}
    with pytest.raises(PageWentWrong, match="zones cell-1"):
        check_board(FakePage(extra_zone), game, session, "deal 1")


def test_frame_work_is_thread_time_per_move_counting_nested_events_once():
    def x(name, ts, dur, tdur, tid=1):
        return {"ph": "X", "name": name, "ts": ts, "dur": dur, "tdur": tdur, "pid": 1, "tid": tid}

    events = [
        x("Layout", 0, 100, 80), x("Layout", 10, 50, 40),  # nested: the outer one counts
        x("RasterTask", 0, 5000, 3000, tid=2), x("RasterTask", 6000, 2000, 1000, tid=3),
        x("DisplayScheduler::DrawAndSwap", 0, 900, 600, tid=4),
        x("FunctionCall", 0, 9000, 9000),  # the page's script is not a frame's work
        {"ph": "B", "name": "Paint", "ts": 0, "pid": 1, "tid": 1},
    ]
    work = frame_work(events, moves=2)
    assert work["layout"] == 0.04 and work["raster"] == 2.0 and work["raster tasks"] == 1.0
    assert work["draw"] == 0.3 and work["paint"] == 0.0 and work["style"] == 0.0


def test_the_double_tap_figures_are_the_pages_own():
    """The benchmark paces its taps by game/ui/gesture.py's figures, and the page's input
    module takes them from there too, with no figure of its own."""
    import ast
    from pathlib import Path

    from bench.latency_page import DOUBLE_TAP_MS, DOUBLE_TAP_PX
    from game.ui import gesture

    assert (DOUBLE_TAP_MS, DOUBLE_TAP_PX) == (gesture.DOUBLE_CLICK_MS, gesture.DOUBLE_CLICK_PX)
    tree = ast.parse((Path(gesture.__file__).parent / "pointer.py").read_text())
    imported = {alias.name for node in tree.body if isinstance(node, ast.ImportFrom)
                and node.module == "gesture" for alias in node.names}
    assigned = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
                for target in node.targets if isinstance(target, ast.Name)}
    figures = {"DOUBLE_CLICK_MS", "DOUBLE_CLICK_PX", "DRAG_THRESHOLD"}
    assert figures <= imported and not figures & assigned


def test_a_tap_where_the_last_one_was_waits_out_the_double_tap():
    import time

    from bench.latency_page import DOUBLE_TAP_MS, DOUBLE_TAP_PX, Clicker

    waits: list[float] = []
    clicker = Clicker(SimpleNamespace(wait_for_timeout=waits.append), touch=True, settle_ms=0)
    clicker._not_a_double_tap(100, 100)  # the first tap: nothing to wait for
    clicker.last_tap = (time.monotonic() - 0.2, 100.0, 100.0)  # 200 ms ago
    clicker._not_a_double_tap(100 + DOUBLE_TAP_PX, 100)  # as close as a double-tap's second
    assert len(waits) == 1 and 0 < waits[0] <= DOUBLE_TAP_MS + 50 - 200  # the rest of it
    clicker._not_a_double_tap(100 + DOUBLE_TAP_PX + 1, 100)  # farther: no wait
    clicker.last_tap = (time.monotonic() - DOUBLE_TAP_MS / 1000 - 0.1, 100.0, 100.0)
    clicker._not_a_double_tap(100, 100)  # long enough after: no wait
    assert len(waits) == 1


def test_restyles_count_each_cause_and_put_the_commonest_first():
    def restyle(reason, node, detail=None):
        data = {"reason": reason, "nodeName": node}
        if detail is not None:
            data["extraData"] = detail
        return {"name": "StyleRecalcInvalidationTracking", "ph": "I", "args": {"data": data}}

    events = [restyle("Attribute", "DIV class='kt-pass'", "hidden")] * 3 + [
        restyle("Animation", "DIV class='card'"),
        restyle("Attribute", "BUTTON id='btn-finish'", "hidden"),
        restyle("Attribute", "DIV class='kt-pass'", "class"),
        {"name": "UpdateLayoutTree", "ph": "X", "args": {"elementCount": 24}},  # not a cause
    ]
    assert restyles(events) == [
        (3, "Attribute", "DIV class='kt-pass'", "hidden"),
        (1, "Animation", "DIV class='card'", ""),
        (1, "Attribute", "BUTTON id='btn-finish'", "hidden"),
        (1, "Attribute", "DIV class='kt-pass'", "class"),
    ]
    assert restyles([]) == []


def test_write_rows_put_the_writes_that_changed_nothing_first():
    writes = {
        "attr class DIV.card.std": [506, 0],
        "attr disabled BUTTON": [770, 742],
        "child SPAN.seat-name +1 -1": [116, 116],
        "attr hidden P.stats-line": [308, 308],
    }
    assert write_rows(writes) == [
        (770, 742, "attr disabled BUTTON"),
        (308, 308, "attr hidden P.stats-line"),
        (116, 116, "child SPAN.seat-name +1 -1"),
        (506, 0, "attr class DIV.card.std"),
    ]
    assert write_rows({}) == []
