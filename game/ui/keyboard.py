"""Keyboard play on the page: focus on the board's cards and zones, the arrow keys, Tab,
Enter/Space and the letter shortcuts. Where each key leads is decided by keyboard_nav.py
(pure, tested in CPython); Enter or Space on a spot is what a click there does
(Page.touch), and after a move the focus goes to the zone the cards were put on, never
to <body>."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document, window

from .dom import attribute, closest, editable, listen, missing, tag
from .keyboard_nav import (
    ACTIVATE,
    NAVIGATION,
    Box,
    Place,
    Spot,
    entry,
    fan_of,
    focus_zone,
    group_of,
    shortcut,
    step,
    tab_stops,
)

if TYPE_CHECKING:
    from .page import Page

FORM_FIELDS = ("input", "select", "textarea")


class KeyboardInput:
    """Arrow keys, Tab, Enter/Space and the letter shortcuts on the page of `app`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.document, self.window = document, window
        self.remembered: dict[str, Spot] = {}  # Tab group -> the spot last focused
        self.inside = False  # focus was last on the board
        self.pending: tuple[str, int] | None = None  # (zone pressed, moves made before)
        self._stops: list = []  # the elements that are Tab stops now
        self._zones_of = None  # the board whose zones were taken out of the Tab order
        listen(document, "focusin", self._focus_in)
        listen(document, "change", self._changed)

    # -- reading the board --------------------------------------------------------------

    def places(self, geometry: bool = True) -> dict[str, Place]:
        """The zones focus may go to; without `geometry` only their cards are counted (the
        Tab stops need no layout, and there may be none yet while the page loads)."""
        board = self.page.board
        places = {}
        for zone, element in board.zone_el.items():
            if not missing(element.closest("[hidden]")):
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
        board = self.page.board
        shown = board.shown.get(spot.zone, [])
        if 0 <= spot.index < len(shown):
            return board.nodes.get(shown[spot.index])
        return board.zone_el.get(spot.zone)

    def spot_of(self, element) -> Spot | None:
        """The spot an element of the board stands for (None outside the board)."""
        board = self.page.board
        zone_el = closest(element, "[data-zone]")
        if board is None or zone_el is None or not bool(self.page.board_el.contains(zone_el)):
            return None
        zone = str(zone_el.dataset.zone)
        card_el = closest(element, "[data-card]")
        shown = board.shown.get(zone, [])
        if card_el is not None:
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
        if self.page.board is None:
            return
        places = self.places(geometry=False)
        pending, self.pending = self.pending, None
        if pending is not None:
            zone, moves_before = pending
            stack = self.page.session.game.move_stack
            move = stack[-1] if len(stack) > moves_before else None
            if move is not None:
                target = focus_zone(move, zone)
                self.remembered[group_of(target)] = entry(places, target)
                self.sync_tabindex(places)
                self.focus(entry(places, target) if target in places else Spot(zone))
                return
        self.sync_tabindex(places)
        active = self.document.activeElement
        lost = missing(active) or active == self.document.body or not bool(
            self.page.board_el.contains(active))
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
        """One tab stop per group of zones (the roving tabindex). Only the attributes that
        change are written, the zones' -1 once a board: each write is a call into the page,
        and this runs after every move."""
        board = self.page.board
        places = places if places is not None else self.places(geometry=False)
        if self._zones_of is not board:
            self._zones_of = board
            for element in board.zone_el.values():
                element.setAttribute("tabindex", "-1")
        stops = tab_stops(list(board.zone_el), self.remembered, places)
        new = [element for spot in stops.values()
               if (element := self.element_of(spot)) is not None]
        for element in self._stops:
            if not any(element == other for other in new):
                element.setAttribute("tabindex", "-1")
        for element in new:
            if not any(element == other for other in self._stops):
                element.setAttribute("tabindex", "0")
        self._stops = new

    # -- forms --------------------------------------------------------------------------

    def _changed(self, event) -> None:
        if attribute(event.target, "name") == "rules":
            self.setup_fields()

    def setup_fields(self) -> None:
        """The table's set-up: the classic options are inert (out of the Tab order and of
        the accessibility tree, not only faded) while Jax rules are chosen."""
        classic = self.document.querySelector("#setup-form .setup-classic")
        jax = self.document.querySelector('#setup-form input[value="jax"]')
        if not missing(classic) and not missing(jax):
            classic.inert = bool(jax.checked)

    # -- keys ---------------------------------------------------------------------------

    def dialog_open(self) -> bool:
        return not missing(self.document.querySelector("dialog[open]"))

    def on_key(self, event) -> bool:
        """Handle a keydown; True when it was the keyboard's (or must do nothing at all:
        a dialog is open, or the player is typing), so the app's own keys are skipped."""
        if typing(event.target) or self.dialog_open():
            return True  # the dialog's or the field's keys, never the game's
        key = str(event.key)
        ctrl = bool(event.ctrlKey or event.metaKey)
        action = shortcut(key, ctrl, bool(event.altKey))
        if action == "keys":
            event.preventDefault()
            self.show_keys()
            return True
        page = self.page
        if page.session is None or page.board is None or ctrl or event.altKey:
            return False
        if action:
            if action == "end-turn" and not page.info.table:
                return False
            event.preventDefault()
            page.act(action)
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
                stops = tab_stops(list(page.board.zone_el), self.remembered, places)
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
        return missing(target) or target == self.document.body or target == (
            self.document.documentElement)

    def activate(self, spot: Spot) -> None:
        """Enter or Space on a spot: what a click there does."""
        page = self.page
        shown = page.board.shown.get(spot.zone, [])
        card = shown[spot.index] if 0 <= spot.index < len(shown) else None
        self.pending = (spot.zone, len(page.session.game.move_stack))
        self.remembered[group_of(spot.zone)] = spot
        page.touch(spot.zone, card)
        if self.pending is not None:  # nothing was drawn: no move, keep the focus
            self.pending = None
            self.sync()

    def show_keys(self) -> None:
        dialog = self.document.getElementById("keys-dialog")
        if not missing(dialog) and not dialog.open:
            dialog.showModal()


def _offset_box(element) -> Box:
    return Box(float(element.offsetLeft), float(element.offsetTop),
               float(element.offsetWidth), float(element.offsetHeight))


def _box(rect) -> Box:
    return Box(float(rect.left), float(rect.top), float(rect.width), float(rect.height))


def typing(target) -> bool:
    """Whether the player is typing in a field (its keys are never the game's)."""
    return tag(target) in FORM_FIELDS or editable(target)
