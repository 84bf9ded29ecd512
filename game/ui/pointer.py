"""Mouse and touch input for the board, in one module (like chessground's drag.ts).

One delegated `pointerdown` listener on the board and one `pointermove`/`pointerup`/
`pointercancel` each on the window, all made once. A press that moves less than a few
pixels is a click (`on_touch`); more, and the pressed card with the cards above it
follows the pointer (`on_lift`), and letting go calls `on_drop` with the zone under it.
"""

from __future__ import annotations

from pyscript import document, window

from .dom import closest, listen, missing
from .gesture import DOUBLE_CLICK_MS, DOUBLE_CLICK_PX, DRAG_THRESHOLD


def zone_of(element) -> tuple[str | None, str | None]:
    """(zone name, card id) of the element an event hit."""
    card = closest(element, "[data-card]")
    zone = closest(element, "[data-zone]")
    return (
        None if zone is None else str(zone.dataset.zone),
        None if card is None else str(card.dataset.card),
    )


def in_flight(element) -> bool:
    """Whether `element` is inside a card still gliding to its place."""
    card = element.closest(".moving")
    return not missing(card) and card.getAnimations().length > 0


def under_flight(event):
    """The element an event hit. A card still gliding to its place catches a press only
    over the zone it is landing in (so it can be grabbed as it lands); elsewhere the press
    goes to what lies under it: a quick second click on the stock, or on a grid cell a
    removed card is flying across, is not lost to the card in flight."""
    target = event.target
    if closest(target, "*") is None or not in_flight(target):
        return target
    x, y = event.clientX, event.clientY
    zone = target.closest("[data-zone]")
    if not missing(zone):
        box = zone.getBoundingClientRect()
        if box.left <= x <= box.right and box.top <= y <= box.bottom:
            return target
    for element in document.elementsFromPoint(x, y):
        if not in_flight(element):
            return element
    return target


class PointerInput:
    def __init__(self, board_el, on_touch, on_lift, on_drop) -> None:
        """on_touch(zone, card|None, quick) -> whether it made a move (`quick`: the second
        click of a double-click); on_lift(zone, card) ->
        list of card elements to drag, or None when nothing may be dragged from there;
        on_drop(zone|None, elements)."""
        self.on_touch, self.on_lift, self.on_drop = on_touch, on_lift, on_drop
        self.press = None  # (pointerId, x, y, zone, card)
        self.played_at: tuple[float, float, float] | None = None  # (time, x, y) of the last
        #                                                         click that made a move
        self.dragged: list = []
        self.hover = None
        self.mouse_clicks = 1  # the browser's click count of the last mouse press
        listen(board_el, "pointerdown", self._down)
        listen(board_el, "mousedown", self._mouse_down)
        listen(window, "pointermove", self._move)
        listen(window, "pointerup", self._up)
        listen(window, "pointercancel", self._cancel)

    def _down(self, event) -> None:
        if event.button != 0 or not event.isPrimary:
            return
        zone, card = zone_of(under_flight(event))
        if zone is None:
            return
        if card is not None and str(event.pointerType) != "mouse":
            event.preventDefault()  # no text selection or native drag of the card
        self.press = (event.pointerId, event.clientX, event.clientY, zone, card)
        self.dragged = []

    def _move(self, event) -> None:
        if self.press is None or event.pointerId != self.press[0]:
            return
        _, x0, y0, zone, card = self.press
        dx, dy = event.clientX - x0, event.clientY - y0
        if not self.dragged:
            if card is None or dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                return
            self.dragged = self.on_lift(zone, card) or []
            if not self.dragged:
                self.press = None
                return
            for element in self.dragged:
                element.classList.add("dragging")
        event.preventDefault()
        for element in self.dragged:
            element.style.transform = f"translate({dx}px, {dy}px)"
        self._set_hover(self._zone_at(event.clientX, event.clientY))

    def _up(self, event) -> None:
        if self.press is None or event.pointerId != self.press[0]:
            return
        _, _, _, zone, card = self.press
        self.press = None
        if not self.dragged:
            target, _ = zone_of(under_flight(event))
            if target == zone:  # pressed and released on the same zone: a click
                self._click(event, zone, card)
            return
        over = self._zone_at(event.clientX, event.clientY)
        self._finish(over)

    def _mouse_down(self, event) -> None:
        # A mouse's pointerdown carries no click count; the mousedown after it does. So a
        # mouse press is kept from selecting text or dragging the card natively here, not
        # on pointerdown: that would stop the browser sending this mousedown at all, and
        # the second click of a double-click on a card would count as a first.
        self.mouse_clicks = int(event.detail or 1)
        if self.press is not None and self.press[4] is not None:
            event.preventDefault()

    def _click(self, event, zone: str, card: str | None) -> None:
        now, x, y = float(event.timeStamp), float(event.clientX), float(event.clientY)
        last, self.played_at = self.played_at, None
        if str(event.pointerType) == "mouse":  # the system's double-click, as the player set it
            quick = last is not None and self.mouse_clicks >= 2
        else:  # a finger or a pen: this soon and this close
            quick = (last is not None and now - last[0] < DOUBLE_CLICK_MS
                     and abs(x - last[1]) <= DOUBLE_CLICK_PX
                     and abs(y - last[2]) <= DOUBLE_CLICK_PX)
        if self.on_touch(zone, card, quick):
            self.played_at = (now, x, y)

    def _cancel(self, event) -> None:
        if self.press is not None and event.pointerId == self.press[0]:
            self.press = None
            if self.dragged:
                self._finish(None)

    def _finish(self, over) -> None:
        dragged, self.dragged = self.dragged, []
        self._set_hover(None)
        for element in dragged:
            element.classList.remove("dragging")
        self.on_drop(over, dragged)

    def _zone_at(self, x: float, y: float) -> str | None:
        zone, _ = zone_of(document.elementFromPoint(x, y))
        return zone

    def _set_hover(self, zone: str | None) -> None:
        if zone == self.hover:
            return
        if self.hover is not None:
            old = document.querySelector(f'[data-zone="{self.hover}"]')
            if not missing(old):
                old.classList.remove("drop-hover")
        self.hover = zone
        if zone is not None:
            new = document.querySelector(f'[data-zone="{zone}"]')
            if not missing(new):
                new.classList.add("drop-hover")
