"""Keyboard play, the pure part: where the arrow keys, Home, End and Tab lead, and the
letter shortcuts (keyboard.py puts it on the page, like pointer.py for the mouse).

Focus rests on a *spot*: a card shown on the board, or a zone showing no card (an empty
cell, a face-down stock counted in its label). The arrow keys move between the cards of a
zone along its fan, then on to the nearest zone in that direction, found from the zones'
places on the screen, so every layout (a phone's too) is walked as it looks; Home and End
go to a zone's bottom and top card. Tab moves between groups of zones (the grid, each
pile, the stalls, each hand) with a roving tabindex: one spot a group is in the Tab order,
the last one visited. Enter or Space is a click on the focused spot (the app's on_touch:
pick up, then put down), Escape puts the cards down again (app.on_key), and after a move
the focus goes to the zone the cards were put on, never to <body>.

The navigation is pure (boxes in, spots out) and tested in CPython (tests/test_keyboard.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .announce import move_target

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
NAVIGATION = (*ARROWS, "Home", "End")
ACTIVATE = ("Enter", " ", "Spacebar")
SET_ASIDE = ("books", "discard")  # zones a move may end in without being its target


@dataclass(frozen=True)
class Box:
    """A rectangle on the screen (CSS pixels, like getBoundingClientRect)."""

    left: float
    top: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def cx(self) -> float:
        return self.left + self.width / 2

    @property
    def cy(self) -> float:
        return self.top + self.height / 2


@dataclass(frozen=True)
class Place:
    """A zone as the keyboard walks it: where it is, how many cards it shows, and the way
    its fan runs from the bottom card to the top one ((0, 1): downwards; None: no fan)."""

    box: Box
    cards: int = 0
    fan: tuple[int, int] | None = None
    card_boxes: tuple[Box, ...] = ()  # where each card is, when known: arrows leave a
    # zone from the focused card, not from the zone's middle (a long hand)


@dataclass(frozen=True)
class Spot:
    """Where focus rests: card `index` (0 = bottom) of the cards `zone` shows, or the zone
    itself when it shows none (index -1)."""

    zone: str
    index: int = -1


def fan_of(boxes: list[Box]) -> tuple[int, int] | None:
    """The direction a zone's cards run from the first to the last (None for one card, or
    cards lying on top of one another)."""
    if len(boxes) < 2:
        return None
    dx = boxes[-1].cx - boxes[0].cx
    dy = boxes[-1].cy - boxes[0].cy
    if max(abs(dx), abs(dy)) < 2:
        return None
    if abs(dx) >= abs(dy):
        return (1 if dx > 0 else -1, 0)
    return (0, 1 if dy > 0 else -1)


def nearest_zone(boxes: dict[str, Box], current: str, direction: tuple[int, int],
                 origin: Box | None = None) -> str | None:
    """The zone an arrow key leads to from `current` (from `origin` in it, the focused
    card, when given): among the zones whose centre lies that way, those level with it
    (overlapping across the direction) first, then the nearest. None at the edge."""
    here = origin or boxes[current]
    dx, dy = direction
    best, best_key = None, None
    for zone, box in boxes.items():
        if zone == current:
            continue
        along = (box.cx - here.cx) * dx + (box.cy - here.cy) * dy
        if along <= 1:
            continue
        if dx:
            gap = max(box.top, here.top) - min(box.bottom, here.bottom)
            across = abs(box.cy - here.cy)
        else:
            gap = max(box.left, here.left) - min(box.right, here.right)
            across = abs(box.cx - here.cx)
        gap = max(0.0, gap)
        key = (gap > 0, along + 2 * gap + across / 4)
        if best_key is None or key < best_key:
            best, best_key = zone, key
    return best


def entry(places: dict[str, Place], zone: str) -> Spot:
    """The spot a move into `zone` lands on: its top card, or the zone when it shows none."""
    cards = places[zone].cards if zone in places else 0
    return Spot(zone, cards - 1 if cards else -1)


def step(places: dict[str, Place], spot: Spot, key: str) -> Spot:
    """The spot `key` (an arrow, Home or End) leads to from `spot`."""
    place = places.get(spot.zone)
    if place is None:
        return spot
    index = spot.index if 0 <= spot.index < place.cards else place.cards - 1
    if key == "Home":
        return Spot(spot.zone, 0 if place.cards else -1)
    if key == "End":
        return entry(places, spot.zone)
    direction = ARROWS.get(key)
    if direction is None:
        return spot
    if place.fan is not None and index >= 0:
        if direction == place.fan and index + 1 < place.cards:
            return Spot(spot.zone, index + 1)
        backwards = (-place.fan[0], -place.fan[1])
        if direction == backwards and index > 0:
            return Spot(spot.zone, index - 1)
    origin = place.card_boxes[index] if 0 <= index < len(place.card_boxes) else None
    other = nearest_zone({zone: p.box for zone, p in places.items()}, spot.zone, direction,
                         origin)
    return spot if other is None else entry(places, other)


def group_of(zone: str) -> str:
    """The Tab group of a zone: the grid's cells are one, the table's stalls one, every
    other zone (a pile, a hand) its own."""
    if zone.startswith("cell-"):
        return "cells"
    if zone.startswith(("side-", "corner-")):
        return "stalls"
    return zone


def tab_stops(zones: list[str], remembered: dict[str, Spot],
              places: dict[str, Place]) -> dict[str, Spot]:
    """The one spot of each group that Tab reaches: the last visited while it is still on
    the board, else the first zone of the group (in page order)."""
    stops: dict[str, Spot] = {}
    for zone in zones:
        group = group_of(zone)
        if group in stops or zone not in places:
            continue
        spot = remembered.get(group)
        if spot is not None and spot.zone in places:
            cards = places[spot.zone].cards
            stops[group] = Spot(spot.zone, min(spot.index, cards - 1)) if cards else Spot(
                spot.zone)
        else:
            stops[group] = entry(places, zone)
    return stops


def focus_zone(move, pressed: str) -> str:
    """Where focus goes after a move made from the keyboard on zone `pressed`: the zone
    the cards were put on, or `pressed` when they were set aside (a book, a discard) or
    the move puts nothing anywhere (a deal)."""
    target = move_target(move) if move is not None else None
    if not target or target in SET_ASIDE:
        return pressed
    return target


def shortcut(key: str, ctrl: bool, alt: bool) -> str:
    """The page action a letter key stands for ('' for none); Ctrl/Alt combinations are
    the app's (Ctrl+Z) or the browser's."""
    if ctrl or alt:
        return ""
    return {"?": "keys", "u": "undo", "e": "end-turn"}.get(key.lower() if len(key) == 1 else "",
                                                            "")
