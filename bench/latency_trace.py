"""Where a click's time went, read from a Chromium performance trace (bench/latency.py
--trace). Pure Python, tested in CPython (tests/test_bench_latency.py).

Chromium records, for every input event, an `EventLatency`: an async trace event from the
event's creation (its timeStamp) to the presentation of the frame that shows its effect,
split into stages (the browser handing it to the renderer, `RendererMainProcessing`: the
page's handlers and the frame's work on the main thread, `Commit`, `EndCommitToActivation`:
rastering the new tiles, `SubmitCompositorFrameToPresentationCompositorFrame`: the display
compositor drawing and showing it, ...). This module pairs those stages, and for each says
what ran meanwhile: on the renderer's main thread by kind of work (script, style, layout,
paint, composite: each instant counted once, for the innermost trace event running then),
the raster tasks on the worker threads and the display compositor's drawing.

The page's clock (performance.now(), an event's timeStamp) and the trace's (microseconds)
differ by an offset, read from the trace's `EventTiming` events, which carry both.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

# Trace event names on the renderer's main thread by the kind of work they are; the time
# of any other event is "other", of none "idle".
KINDS_OF_WORK = {
    "script": ("EventDispatch", "FunctionCall", "EvaluateScript", "TimerFire",
               "FireAnimationFrame", "RunMicrotasks", "v8.compile", "v8.execute",
               "V8.Execute", "v8.callFunction", "V8.StackGuard", "V8.HandleInterrupts",
               "V8.BytecodeBudgetInterrupt", "V8.BytecodeBudgetInterruptWithStackCheck",
               "MinorGC", "MajorGC", "V8.GCScavenger", "V8.GC_SCAVENGER",
               "BlinkGC.AtomicPhase", "FireIdleCallback"),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet",
              "LocalFrameView::RunStyleAndLayoutLifecyclePhases"),
    "layout": ("Layout", "LocalFrameView::layout", "LocalFrameView::performLayout",
               "LocalFrameView::performPostLayoutTasks", "HitTest",
               "LocalFrameView::NotifyResizeObservers"),
    "paint": ("PrePaint", "Paint", "PaintImage", "Layerize", "UpdateLayer", "CullRectUpdate",
              "LocalFrameView::RunPaintLifecyclePhase",
              "LocalFrameView::RunPrePaintLifecyclePhase",
              "RecordingSource::FinishDisplayItemListUpdate",
              "PaintController::commitNewDisplayItems"),
    "composite": ("Commit", "ProxyMain::BeginMainFrame::commit",
                  "LayerTreeHost::WaitForCommitCompletion", "LayerTreeHost::DoUpdateLayers",
                  "UpdateLayerTree", "LocalFrameView::RunCompositingInputsLifecyclePhase",
                  "AnimationHost::TickAnimations"),
}
KIND_OF = {name: kind for kind, names in KINDS_OF_WORK.items() for name in names}
RASTER = "RasterTask"  # one tile rastered, on a worker thread of the renderer
DRAW = "Display::DrawAndSwap"  # the display compositor drawing a frame (GPU process)
POINTER_EVENTS = ("pointerdown", "pointerup", "click")
# Chromium's record of why each element was styled again (--restyles): one event per
# element and cause, with the attribute or class changed where that is the cause.
INVALIDATIONS = "disabled-by-default-devtools.timeline.invalidationTracking"
RESTYLE = "StyleRecalcInvalidationTracking"


@dataclass(frozen=True)
class Span:
    """One trace event with a duration (microseconds, the trace's clock)."""

    name: str
    start: float
    end: float
    pid: int = 0
    tid: int = 0
    args: dict = field(default_factory=dict, compare=False)

    @property
    def dur(self) -> float:
        return self.end - self.start


def thread_names(events: Iterable[dict]) -> dict[tuple[int, int], str]:
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"}


def complete_spans(events: Iterable[dict]) -> dict[tuple[int, int], list[Span]]:
    """Each thread's events with a duration: complete ('X') events and begin/end ('B'/'E')
    pairs, sorted by start, an enclosing event before the events it encloses."""
    found: dict[tuple[int, int], list[Span]] = {}
    stacks: dict[tuple[int, int], list[dict]] = {}
    for event in events:
        phase, thread = event.get("ph"), (event.get("pid"), event.get("tid"))
        if phase == "X" and "dur" in event:
            found.setdefault(thread, []).append(Span(
                event["name"], event["ts"], event["ts"] + event["dur"], *thread,
                event.get("args") or {}))
        elif phase == "B":
            stacks.setdefault(thread, []).append(event)
        elif phase == "E" and stacks.get(thread):
            begun = stacks[thread].pop()
            found.setdefault(thread, []).append(Span(
                begun["name"], begun["ts"], event["ts"], *thread, begun.get("args") or {}))
    for spans in found.values():
        spans.sort(key=lambda s: (s.start, -s.end))
    return found


def async_spans(events: Iterable[dict]) -> list[Span]:
    """Async events ('b'/'e' with an id or id2) paired in time order, per process, name and
    id (an id is used again once its event has ended)."""
    open_: dict[tuple, list[dict]] = {}
    found = []
    for event in sorted((e for e in events if e.get("ph") in ("b", "e")),
                        key=lambda e: (e["ts"], e["ph"] == "b")):
        ident = event.get("id2", {}).get("local") if "id2" in event else event.get("id")
        key = (event.get("pid"), event.get("tid"), event.get("name"), ident)
        if event["ph"] == "b":
            open_.setdefault(key, []).append(event)
        elif open_.get(key):
            begun = open_[key].pop()
            span = Span(begun["name"], begun["ts"], event["ts"], begun.get("pid"),
                        begun.get("tid"), {**(begun.get("args") or {}), "_id": ident})
            found.append(span)
    found.sort(key=lambda s: (s.start, -s.end))
    return found


def work_by_kind(spans: Sequence[Span], start: float, end: float) -> dict[str, float]:
    """The time of [start, end) on one thread by kind of work (KINDS_OF_WORK; 'other' for
    an event of no kind, 'idle' for no event): each instant counted once, for the
    innermost event running then (a layout a script forces is layout, not script)."""
    points = []
    for index, span in enumerate(spans):
        if span.end > start and span.start < end:
            points.append((span.start, 1, -span.end, index))
            points.append((span.end, 0, -span.start, index))
    points.sort()
    totals: dict[str, float] = {}
    stack: list[int] = []
    before = start
    for at, is_start, _, index in points:
        left, right = max(before, start), min(at, end)
        if right > left:
            kind = KIND_OF.get(spans[stack[-1]].name, "other") if stack else "idle"
            totals[kind] = totals.get(kind, 0.0) + right - left
        before = max(before, at)
        if is_start:
            stack.append(index)
        elif index in stack:
            stack.remove(index)
    if end > before:
        totals["idle"] = totals.get("idle", 0.0) + end - max(before, start)
    return totals


def clipped(spans: Iterable[Span], name: str, start: float, end: float) -> float:
    """The total time of the events named `name` within [start, end)."""
    return sum(max(0.0, min(s.end, end) - max(s.start, start)) for s in spans if s.name == name)


def clock_offset(events: Iterable[dict]) -> float | None:
    """The trace's clock minus the page's, in microseconds: an EventTiming trace event
    begins at its event's timeStamp."""
    for event in events:
        if event.get("name") == "EventTiming" and event.get("ph") == "b":
            data = (event.get("args") or {}).get("data") or {}
            if "timeStamp" in data:
                return event["ts"] - data["timeStamp"] * 1000
    return None


@dataclass
class Stage:
    name: str
    depth: int  # 0 for a stage of the event itself, 1 for a part of a stage...
    ms: float
    work: dict[str, float]  # ms of each kind of work on the main thread (KINDS_OF_WORK,
    #                         "other"), and "raster", "compositor", "draw" (latencies())


@dataclass
class Latency:
    """One input event's EventLatency: its type, its page timeStamp and its stages."""

    type: str
    timestamp: float  # ms, the page's clock
    ms: float
    stages: list[Stage]


def latencies(events: Sequence[dict]) -> list[Latency]:
    """Every EventLatency of the trace (of a pointer press or release, or any other input
    event), with its stages and what ran during each: the renderer's main thread by kind
    of work, "raster" (its raster tasks), "compositor" (its compositor thread busy) and
    "draw" (the display compositor drawing), in ms."""
    offset = clock_offset(events)
    names = thread_names(events)
    threads = complete_spans(events)
    asyncs = async_spans(events)
    draws = [s for spans in threads.values() for s in spans if s.name == DRAW]
    found = []
    for span in asyncs:
        if span.name != "EventLatency":
            continue
        info = span.args.get("event_latency") or {}
        own = {n: t for t, n in names.items() if t[0] == span.pid}  # its renderer's threads
        main = threads.get(own.get("CrRendererMain"), [])
        compositor = threads.get(own.get("Compositor"), [])
        raster = [s for t, spans in threads.items() if t[0] == span.pid for s in spans
                  if s.name == RASTER]
        parts = [s for s in asyncs if s.pid == span.pid and s.tid == span.tid
                 and s.args.get("_id") == span.args.get("_id") and s is not span
                 and s.name != "EventLatency" and span.start <= s.start and s.end <= span.end]
        stages = []
        for part in parts:
            depth = sum(1 for other in parts if other is not part and other.start <= part.start
                        and part.end <= other.end and other.dur > part.dur)
            work = {k: v / 1000 for k, v in work_by_kind(main, part.start, part.end).items()
                    if k != "idle"}
            idle = work_by_kind(compositor, part.start, part.end).get("idle", 0.0)
            work["compositor"] = (part.dur - idle) / 1000
            work["raster"] = clipped(raster, RASTER, part.start, part.end) / 1000
            work["draw"] = clipped(draws, DRAW, part.start, part.end) / 1000
            stages.append(Stage(part.name, depth, part.dur / 1000, work))
        timestamp = (span.start - offset) / 1000 if offset is not None else span.start / 1000
        found.append(Latency(info.get("event_type", "?"), timestamp, span.dur / 1000, stages))
    return found


def of_clicks(found: Sequence[Latency], stamps: Iterable[float],
              tolerance: float = 1.0) -> list[Latency]:
    """The latencies of events whose timeStamp is one of `stamps` (the clicks' pointerdown
    and pointerup), in the order found."""
    stamps = list(stamps)
    return [lat for lat in found if any(abs(lat.timestamp - t) <= tolerance for t in stamps)]


def typical(found: Sequence[Latency]) -> list[tuple[str, int, float]]:
    """(stage, depth, median ms) over `found`, a stage missing from a latency counting 0,
    in the order the stages first appear."""
    order: dict[tuple[str, int], None] = {}
    for lat in found:
        for stage in lat.stages:
            order.setdefault((stage.name, stage.depth), None)
    rows = []
    for name, depth in order:
        values = [sum(s.ms for s in lat.stages if (s.name, s.depth) == (name, depth))
                  for lat in found]
        rows.append((name, depth, statistics.median(values)))
    return rows


# --- the work of frames, load-independent ----------------------------------------------------

# Trace events whose thread time (`tdur`: CPU spent, not time waited for a core) is a frame's
# work, by where it ran: the renderer's main thread (the frame's lifecycle phases, not the
# page's script), its raster workers, and the display compositor drawing the frame.
FRAME_WORK = {
    "style": ("UpdateLayoutTree",),
    "layout": ("Layout",),
    "paint": ("PrePaint", "Paint", "Layerize"),
    "commit": ("Commit",),
    "raster": ("RasterTask",),
    "draw": ("DisplayScheduler::DrawAndSwap", "Graphics.Pipeline.DrawAndSwap"),
}
FRAME_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "cc", "viz"]


def frame_work(events: Iterable[dict], moves: int) -> dict[str, float]:
    """CPU ms a move of the traced burst cost, by FRAME_WORK kind (raster tasks counted too,
    as 'raster tasks'): what a move costs the machine whatever else runs on it, so two
    builds compare on a loaded machine where their frame times cannot. Nested events of
    one name (a Layout inside a Layout) are counted once, at the outermost."""
    names = {name: kind for kind, found in FRAME_WORK.items() for name in found}
    totals = dict.fromkeys([*FRAME_WORK, "raster tasks"], 0.0)
    open_until: dict[tuple, float] = {}  # (thread, name) -> end of the outermost event
    for event in sorted((e for e in events if e.get("ph") == "X" and e.get("name") in names),
                        key=lambda e: e["ts"]):
        key = (event.get("pid"), event.get("tid"), event["name"])
        if event["ts"] < open_until.get(key, -1.0):
            continue  # inside an event of the same name, already counted
        open_until[key] = event["ts"] + event.get("dur", 0)
        kind = names[event["name"]]
        totals[kind] += event.get("tdur", event.get("dur", 0)) / 1000
        if kind == "raster":
            totals["raster tasks"] += 1
    return {kind: value / max(moves, 1) for kind, value in totals.items()}


def restyles(events: Iterable[dict]) -> list[tuple[int, str, str, str]]:
    """Why elements were styled again during a trace made with INVALIDATIONS: how many
    times each (reason, element, detail) came, the most first. The detail is what changed
    when an attribute did (`hidden`, `class`...); an attribute written again with the
    value it had is still a cause, which is how a write that changes nothing shows."""
    counts: dict[tuple[str, str, str], int] = {}
    for event in events:
        if event.get("name") != RESTYLE:
            continue
        data = event.get("args", {}).get("data", {})
        key = (str(data.get("reason", "")), str(data.get("nodeName", "")),
               str(data.get("extraData", "") or ""))
        counts[key] = counts.get(key, 0) + 1
    return sorted(((n, *key) for key, n in counts.items()), key=lambda row: (-row[0], row[1:]))
