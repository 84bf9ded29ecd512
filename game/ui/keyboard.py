"""Keyboard play and the live region, in one module (like pointer.py for the mouse).

Focus rests on a *spot*: a card shown on the board, or a zone showing no card (an empty
cell, a face-down stock counted in its label). The arrow keys move between the cards of a
zone along its fan, then on to the nearest zone in that direction, found from the zones'
places on the screen, so every layout (a phone's too) is walked as it looks; Home and End
go to a zone's bottom and top card. Tab moves between groups of zones (the grid, each
pile, the stalls, each hand) with a roving tabindex: one spot a group is in the Tab order,
the last one visited. Enter or Space is a click on the focused spot (the app's on_touch:
pick up, then put down), Escape puts the cards down again (app.on_key), and after a move
the focus goes to the zone the cards were put on, never to <body>.

The navigation is pure (boxes in, spots out) and tested in CPython (tests/test_keyboard.py);
only KeyboardInput and LiveRegion touch the page, importing the browser when made.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import announce
from .announce import move_target

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
NAVIGATION = (*ARROWS, "Home", "End")
ACTIVATE = ("Enter", " ", "Spacebar")
FORM_FIELDS = ("input", "select", "textarea")
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


# -- the page ---------------------------------------------------------------------------


class LiveRegion:
    """The one polite live region (#announce). What is said within one event (a move, its
    book, the result) is joined into one announcement; a text equal to the last one is
    changed invisibly so a screen reader says it again."""

    def __init__(self, element) -> None:
        from .dom import after

        self.element = element
        self._after = after
        self.buffer: list[str] = []
        self.last = ""
        self.scheduled = False

    def say(self, text: str) -> None:
        text = " ".join(str(text or "").split())
        if not text or text in self.buffer:
            return
        self.buffer.append(text)
        if not self.scheduled:
            self.scheduled = True
            self._after(40, self._flush)

    def _flush(self, *_args) -> None:
        self.scheduled = False
        text = " ".join(self.buffer)
        self.buffer.clear()
        if not text:
            return
        if text == self.last.rstrip("\u00a0"):
            text = self.last + "\u00a0" if not self.last.endswith("\u00a0") else text
        self.last = text
        self.element.textContent = text


class Announcer:
    """Turns what the page did into the live region's words (game/ui/announce.py)."""

    def __init__(self, app, region: LiveRegion) -> None:
        self.app = app
        self.region = region
        self.pick: tuple[str, ...] = ()  # the cards picked up when last said
        self.prompt = ""
        self.turn: list[str] = []  # a computer player's moves so far this turn

    def say(self, text: str) -> None:
        self.region.say(text)

    def reset(self) -> None:
        """A game was opened: nothing picked, its prompt taken as already known."""
        self.pick, self.turn = (), []
        self.prompt = self._prompt()

    def _prompt(self) -> str:
        from .dom import by_id

        return " ".join(str(by_id("prompt").textContent or "").split())

    def reply(self, reply, before: dict, kind: str = "", mover: int | None = None) -> None:
        """After a reply was shown: the move and what followed it, what is picked up now,
        and the new prompt. `kind`: "undo", "redo", "restart" or "computer" (a computer
        player's move: its turn is said once, when it is over)."""
        app = self.app
        board, session = app.board, app.session
        if board is None or session is None:
            return
        if reply.refused:  # said by app.say; what is held now is known without a word
            self.pick = tuple(self.selected(session)[0])
            return
        game = session.game
        if reply.changed:
            lead = None
            if reply.moved is not None and kind in ("", "redo", "computer"):
                lead = announce.lead_of(reply.moved, before)
            clauses = announce.describe(before, board.last_zones, app.layout.faces.label,
                                        board.label_of, board.hidden, lead)
            if kind == "computer" and mover is not None:
                self.turn.extend(clauses)
                if game.to_move != mover or game.hand_over is not None or game.is_over():
                    self.say(announce.computer_turn(session.names[mover], self.turn))
                    self.turn = []
            else:
                self.say(announce.after_undo(kind, clauses))
            outcome = game.outcome() if game.is_over() else None
            if outcome is not None and outcome.won and app.table is None:
                self.say(announce.won())
        self._selection(session, moved=reply.changed)
        prompt = self._prompt()
        if prompt != self.prompt:
            self.prompt = prompt
            self.say(prompt)

    def _selection(self, session, moved: bool) -> None:
        cards, zone = self.selected(session)
        if tuple(cards) == self.pick:
            return
        was, self.pick = self.pick, tuple(cards)
        if not cards:
            if was and not moved:
                self.say(announce.put_down())
            return
        board, name = self.app.board, self.app.layout.faces.label
        swaps = session.swap_targets() if hasattr(session, "swap_targets") else []
        self.say(announce.picked([name(card) for card in cards],
                                 [board.label_of(z) for z in session.targets()],
                                 [board.label_of(z) for z in swaps]))

    def selected(self, session) -> tuple[list[str], str]:
        """The cards the player picked up (not those a game hands over by itself, like a
        card turned from the stock: the prompt says those) and their zone."""
        selection = session.selected
        if not selection:
            return [], ""
        if hasattr(selection, "count"):  # a solitaire's Pick
            return session.game.zones()[selection.zone][-selection.count:], selection.zone
        if selection.card:
            return [selection.card], ""
        zone = announce.stall_zone(selection.stall)
        return list(session.game.zones().get(zone, [])), zone


class KeyboardInput:
    """Arrow keys, Tab, Enter/Space and the letter shortcuts on the page of `app`."""

    def __init__(self, app) -> None:
        from pyscript import document, window

        from .dom import listen

        self.app = app
        self.document, self.window = document, window
        self.remembered: dict[str, Spot] = {}  # Tab group -> the spot last focused
        self.inside = False  # focus was last on the board
        self.pending: tuple[str, int] | None = None  # (zone pressed, moves made before)
        self._stops: list = []
        listen(document, "focusin", self._focus_in)
        listen(document, "change", self._changed)

    # -- reading the board --------------------------------------------------------------

    def places(self, geometry: bool = True) -> dict[str, Place]:
        """The zones focus may go to; without `geometry` only their cards are counted (the
        Tab stops need no layout, and there may be none yet while the page loads)."""
        board = self.app.board
        places = {}
        for zone, element in board.zone_el.items():
            if not _missing(element.closest("[hidden]")):
                continue
            cards = [board.nodes[card] for card in board.shown.get(zone, ())
                     if card in board.nodes]
            if not geometry:
                places[zone] = Place(Box(0, 0, 0, 0), len(cards))
                continue
            rect = element.getBoundingClientRect()
            if rect.width <= 0 and rect.height <= 0:
                continue
            boxes = [_offset_box(node) for node in cards]  # not moved by a glide
            places[zone] = Place(_box(rect), len(cards), fan_of(boxes),
                                 tuple(_box(node.getBoundingClientRect()) for node in cards))
        return places

    def element_of(self, spot: Spot):
        board = self.app.board
        shown = board.shown.get(spot.zone, [])
        if 0 <= spot.index < len(shown):
            return board.nodes.get(shown[spot.index])
        return board.zone_el.get(spot.zone)

    def spot_of(self, element) -> Spot | None:
        """The spot an element of the board stands for (None outside the board)."""
        board = self.app.board
        if board is None or _missing(element) or not hasattr(element, "closest"):
            return None
        zone_el = element.closest("[data-zone]")
        if _missing(zone_el) or not bool(self.app.board_el.contains(zone_el)):
            return None
        zone = str(zone_el.dataset.zone)
        card_el = element.closest("[data-card]")
        shown = board.shown.get(zone, [])
        if not _missing(card_el):
            card = str(card_el.dataset.card)
            if card in shown:
                return Spot(zone, shown.index(card))
        return Spot(zone, len(shown) - 1 if shown else -1)

    # -- focus --------------------------------------------------------------------------

    def _focus_in(self, event) -> None:
        spot = self.spot_of(event.target)
        self.inside = spot is not None
        if spot is not None:
            self.remembered[group_of(spot.zone)] = spot

    def focus(self, spot: Spot) -> None:
        element = self.element_of(spot)
        if element is None:
            return
        self.remembered[group_of(spot.zone)] = spot
        self.sync_tabindex()
        element.focus()

    def sync(self) -> None:
        """After every render: the roving tabindex, and the focus put back on the board
        when a move took the focused card out of the page for a moment (or for good)."""
        if self.app.board is None:
            return
        places = self.places(geometry=False)
        pending, self.pending = self.pending, None
        if pending is not None:
            zone, moves_before = pending
            stack = self.app.session.game.move_stack
            move = stack[-1] if len(stack) > moves_before else None
            if move is not None:
                target = focus_zone(move, zone)
                self.remembered[group_of(target)] = entry(places, target)
                self.sync_tabindex(places)
                self.focus(entry(places, target) if target in places else Spot(zone))
                return
        self.sync_tabindex(places)
        active = self.document.activeElement
        lost = _missing(active) or active == self.document.body or not bool(
            self.app.board_el.contains(active))
        if self.inside and lost and not self.dialog_open():
            spot = self.remembered_spot(places)
            if spot is not None:
                self.focus(spot)

    def remembered_spot(self, places: dict[str, Place]) -> Spot | None:
        """The spot focus was last on, still on the board (its zone's top card when the
        card went away)."""
        for spot in self.remembered.values():
            if spot.zone in places:
                return tab_stops([spot.zone], {group_of(spot.zone): spot}, places)[
                    group_of(spot.zone)]
        return None

    def sync_tabindex(self, places: dict[str, Place] | None = None) -> None:
        board = self.app.board
        places = places if places is not None else self.places(geometry=False)
        for element in self._stops:
            element.setAttribute("tabindex", "-1")
        for element in board.zone_el.values():
            element.setAttribute("tabindex", "-1")
        stops = tab_stops(list(board.zone_el), self.remembered, places)
        self._stops = []
        for spot in stops.values():
            element = self.element_of(spot)
            if element is not None:
                element.setAttribute("tabindex", "0")
                self._stops.append(element)

    # -- forms --------------------------------------------------------------------------

    def _changed(self, event) -> None:
        if str(getattr(event.target, "name", "") or "") == "rules":
            self.setup_fields()

    def setup_fields(self) -> None:
        """The table's set-up: the classic options are inert (out of the Tab order and of
        the accessibility tree, not only faded) while Jax rules are chosen."""
        classic = self.document.querySelector("#setup-form .setup-classic")
        jax = self.document.querySelector('#setup-form input[value="jax"]')
        if not _missing(classic) and not _missing(jax):
            classic.inert = bool(jax.checked)

    # -- keys ---------------------------------------------------------------------------

    def dialog_open(self) -> bool:
        return not _missing(self.document.querySelector("dialog[open]"))

    def typing(self, target) -> bool:
        tag = str(getattr(target, "tagName", "") or "").lower()
        return tag in FORM_FIELDS or bool(getattr(target, "isContentEditable", False))

    def on_key(self, event) -> bool:
        """Handle a keydown; True when it was the keyboard's (or must do nothing at all:
        a dialog is open, or the player is typing), so the app's own keys are skipped."""
        if self.typing(event.target) or self.dialog_open():
            return True  # the dialog's or the field's keys, never the game's
        key = str(event.key)
        ctrl = bool(event.ctrlKey or event.metaKey)
        action = shortcut(key, ctrl, bool(event.altKey))
        if action == "keys":
            event.preventDefault()
            self.show_keys()
            return True
        app = self.app
        if app.session is None or app.board is None or ctrl or event.altKey:
            return False
        if action:
            if action == "end-turn" and app.table is None:
                return False
            event.preventDefault()
            app.act(action)
            return True
        target = event.target
        spot = self.spot_of(target)
        if key in NAVIGATION:
            if spot is None and not self._nothing_focused(target):
                return False  # arrows in the toolbar or a menu stay theirs
            event.preventDefault()
            places = self.places()
            if not places:
                return True
            if spot is None or spot.zone not in places:
                stops = tab_stops(list(app.board.zone_el), self.remembered, places)
                spot = next(iter(stops.values()))
                self.focus(spot)
                return True
            self.focus(step(places, spot, key))
            return True
        if key in ACTIVATE and spot is not None:
            event.preventDefault()
            self.activate(spot)
            return True
        return False

    def _nothing_focused(self, target) -> bool:
        return _missing(target) or target == self.document.body or target == (
            self.document.documentElement)

    def activate(self, spot: Spot) -> None:
        """Enter or Space on a spot: what a click there does."""
        app = self.app
        shown = app.board.shown.get(spot.zone, [])
        card = shown[spot.index] if 0 <= spot.index < len(shown) else None
        self.pending = (spot.zone, len(app.session.game.move_stack))
        self.remembered[group_of(spot.zone)] = spot
        app.on_touch(spot.zone, card)
        if self.pending is not None:  # nothing was drawn: no move, keep the focus
            self.pending = None
            self.sync()

    def show_keys(self) -> None:
        dialog = self.document.getElementById("keys-dialog")
        if not _missing(dialog) and not dialog.open:
            dialog.showModal()


def _offset_box(element) -> Box:
    return Box(float(element.offsetLeft), float(element.offsetTop),
               float(element.offsetWidth), float(element.offsetHeight))


def _box(rect) -> Box:
    return Box(float(rect.left), float(rect.top), float(rect.width), float(rect.height))


def _missing(value) -> bool:
    from .dom import missing

    return missing(value)
