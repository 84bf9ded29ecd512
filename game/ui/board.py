"""The board in the DOM: zone elements, and one persistent element per card, keyed by id.

Like chessground's render.ts: each render diffs the engine's `zones()` against what is
shown and moves only the cards whose place changed (never rebuilding the board), then
animates them FLIP-style: measure where a card was, move its node, measure where it is,
and let a CSS transform transition carry it from the old place to the new one.
Cards in hidden zones (a stock) are not in the DOM, a zone like a waste shows only its
top cards (such zones show a count), and an overlapped row may show only its ends.
Which is which comes from the game's page parts (page_types.GamePage).
"""

from __future__ import annotations

from pyscript import document

from ..i18n import tr_n
from .dom import Written, after, cancel, js_object, missing, move_ms
from .page_types import GamePage

EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)"
SETTLE_AGAIN_MS = 30  # how soon to look again at a glide that started late
DEAL_STEP_MS = 12  # a new deal: the next card leaves the stock this much later
DEAL_WAVE = 24  # ... up to this many steps (the rest fly with the last)
DEAL_STRETCH = 1.4  # a dealt card's flight against a move's
PICKED = ("selected", "lifted")  # the marks of a picked-up card (aria-pressed with them)


class Board:
    """Keeps the DOM of `root` in step with a game's zones."""

    def __init__(self, root, parts: GamePage) -> None:
        self.root = root
        self.faces = parts.faces
        self.hidden = parts.hidden
        self.top_only = dict(parts.top_only)
        self.turned_zone = parts.turned_zone  # its count leaves out the card turned up
        self.ends_only = parts.ends_only  # zones showing their bottom and top cards only
        self.zone_el = {str(el.dataset.zone): el for el in root.querySelectorAll("[data-zone]")}
        self.nodes: dict[str, object] = {}
        self.shown: dict[str, list[str]] = {zone: [] for zone in self.zone_el}
        self.zone_of: dict[str, str] = {}  # every card's zone at the last render, hidden too
        self.zone_name: dict[str, str] = {}  # a counted zone's label, before its count
        self.counted = Written()  # zone -> the count and name shown
        self.marked: dict = {}  # (card or zone, class) -> the element carrying that mark
        self.last_zones: dict[str, list[str]] = {}  # the zones of the last render
        for count in root.querySelectorAll(".count"):
            count.setAttribute("aria-hidden", "true")  # the zone's label says the count
        self._moving: list = []  # (element, its Animation) gliding, settled by one timeout
        self._settle: int | None = None  # that timeout
        self._refused = None  # the zone element shaking, and the timeout that stops it
        self._unrefuse_at: int | None = None

    def node(self, card: str):
        element = self.nodes.get(card)
        if element is None:
            element = document.createElement("div")
            element.className = self.faces.classes(card)
            element.dataset.card = card
            element.setAttribute("role", "button")  # Enter/Space on it is a click (keyboard.py)
            element.setAttribute("tabindex", "-1")  # the roving tabindex makes one a Tab stop
            element.innerHTML = self.faces.inner_html(card)
            if missing(element.querySelector(".sf-sr")):  # a face with no words of its own
                element.setAttribute("aria-label", self.faces.label(card))
            # (a standard face says its name in a hidden span: an aria-label beside it would
            # not contain the corner indexes a sighted user reads, "10 10")
            self.nodes[card] = element
        return element

    def render(self, zones: dict[str, list[str]], animate: bool = True, force=()) -> None:
        """Show `zones`; cards whose place changed (and those in `force`, e.g. cards let go
        after a drag) glide from where they were to where they are."""
        visible = self.visible(zones)
        place = {}
        for zone, cards in visible.items():
            for index, card in enumerate(cards):
                place[card] = (zone, index)
        old_place = {
            card: (zone, index)
            for zone, cards in self.shown.items()
            for index, card in enumerate(cards)
        }
        animate = animate and move_ms() > 0  # 0: reduced motion, or speed off
        moved = [card for card, spot in place.items() if old_place.get(card) != spot]
        moved += [card for card in force if card in place and card not in moved]
        first = {}
        if animate:
            for card in moved:
                source = self.nodes.get(card) if card in old_place else None
                if source is None:  # out of a hidden zone, or from under a waste's top
                    source = self.zone_el.get(self.zone_of.get(card, ""))
                if source is not None:
                    first[card] = source.getBoundingClientRect()
        if not animate:
            for card in force:  # let go after a drag: drop the drag offset at once
                if card in self.nodes:
                    self.nodes[card].style.transform = ""
        for card in old_place.keys() - place.keys():
            self.nodes[card].remove()  # back into a hidden zone (an undone refill)
        for zone, cards in visible.items():
            shown = self.shown.get(zone, [])
            if shown != cards:
                self._rebuild(self.zone_el[zone], shown, cards)
                self.shown[zone] = list(cards)
        self._counts(zones)
        self._runs(zones)
        self.zone_of = {card: zone for zone, cards in zones.items() for card in cards}
        self.last_zones = {zone: list(cards) for zone, cards in zones.items()}
        if first:
            self._play(first)

    def label_of(self, zone: str) -> str:
        """A zone's name, without the count its label may end with ('Cell 5', 'Stock')."""
        element = self.zone_el.get(zone)
        if zone in self.zone_name or element is None:
            return self.zone_name.get(zone, zone)
        return str(element.getAttribute("aria-label") or zone)

    def set_label(self, zone: str, name: str) -> None:
        """Rename a zone (a hand by its player's name); a counted zone keeps its count."""
        element = self.zone_el.get(zone)
        if element is None:
            return
        self.zone_name[zone] = name
        count = element.getAttribute("data-count")
        if (zone in self.hidden or zone in self.top_only) and not missing(count):
            count = int(str(count))
            name = tr_n("{zone}, {n} card", "{zone}, {n} cards", count, zone=name)
        element.setAttribute("aria-label", name)

    def _rebuild(self, element, shown: list[str], cards: list[str]) -> None:
        """Put `cards` in `element` touching as few nodes as possible: the bottom and the
        top the two share stay where they are. Most moves add or take cards at the top, but
        a sorted hand (the table's) gains and loses them in the middle, and a card taken
        out and put back costs its layer and its face a new raster."""
        keep = 0
        while keep < len(shown) and keep < len(cards) and shown[keep] == cards[keep]:
            keep += 1
        tail = 0
        while (tail < len(shown) - keep and tail < len(cards) - keep
               and shown[-1 - tail] == cards[-1 - tail]):
            tail += 1
        for card in shown[keep:len(shown) - tail]:
            node = self.nodes[card]
            if node.parentNode == element:
                node.remove()
        added = [self.node(card) for card in cards[keep:len(cards) - tail]]
        if not added:
            return
        if tail:
            self.nodes[cards[len(cards) - tail]].before(*added)
            return
        element.append(*added)  # (a zone may hold other children too: a count, a card back)
        count = element.querySelector(":scope > .count")
        if not missing(count):
            element.append(count)  # the count stays last, after the cards

    def visible(self, zones: dict[str, list[str]]) -> dict[str, list[str]]:
        """The cards each shown zone holds in the DOM, bottom to top."""
        shown = {}
        for zone, cards in zones.items():
            if zone in self.hidden or zone not in self.zone_el:
                continue
            top = self.top_only.get(zone)
            if zone in self.ends_only and len(cards) > 2:
                shown[zone] = [cards[0], cards[-1]]  # an overlapped row: bottom and top show
            else:
                shown[zone] = list(cards) if top is None else cards[max(0, len(cards) - top):]
        return shown

    def _counts(self, zones) -> None:
        for zone in [*self.hidden, *self.top_only]:
            element = self.zone_el.get(zone)
            if element is None:
                continue
            count = len(zones.get(zone, []))
            if zone == self.turned_zone:
                count -= len(self.shown.get(zone, ()))
            name = self.zone_name.setdefault(zone, str(element.getAttribute("aria-label")))
            if not self.counted.changed(zone, (count, name)):
                continue
            element.dataset.count = str(count)
            label = element.querySelector(".count")
            if not missing(label):
                label.textContent = str(count)
            element.setAttribute("aria-label", tr_n("{zone}, {n} card", "{zone}, {n} cards",
                                                    count, zone=name))
            element.classList.toggle("empty", count == 0)

    def _runs(self, zones) -> None:
        """An overlapped row showing only its ends (a side stall at the table) says how
        many cards lie between them (`data-between`, a badge on the page: a 4 on an 8
        reads as the run it is), and to a screen reader the run from end to end."""
        for zone in self.ends_only:
            element = self.zone_el.get(zone)
            if element is None:
                continue
            cards = zones.get(zone, [])
            name = self.zone_name.setdefault(zone, str(element.getAttribute("aria-label")))
            if len(cards) > 2:
                if element.getAttribute("data-between") != str(len(cards) - 2):
                    element.setAttribute("data-between", str(len(cards) - 2))
                label = tr_n("{zone}, {n} card from {first} to {last}",
                             "{zone}, {n} cards from {first} to {last}", len(cards),
                             zone=name, first=self.faces.label(cards[0]),
                             last=self.faces.label(cards[-1]))
            else:
                element.removeAttribute("data-between")
                label = name
            if element.getAttribute("aria-label") != label:  # (every render of the table)
                element.setAttribute("aria-label", label)

    def _play(self, first: dict) -> None:
        """FLIP with the Web Animations API: one forced layout to measure where the cards
        now are, and no second style flush to start the motion (a CSS transition needs one)."""
        elements = {card: self.nodes[card] for card in first}
        for element in elements.values():
            element.style.transform = ""  # a dragged card's offset
        last = {card: element.getBoundingClientRect() for card, element in elements.items()}
        duration = move_ms()
        timing = js_object({"duration": duration, "easing": EASING})
        for card, element in elements.items():
            dx, dy = first[card].left - last[card].left, first[card].top - last[card].top
            if abs(dx) >= 0.5 or abs(dy) >= 0.5:
                self._glide(element, f"translate({dx:.1f}px, {dy:.1f}px)", timing)
        if self._moving:
            # One timeout for all: a move made while earlier cards still glide puts it off
            # until its own cards land, or the earlier move's would take `.moving` off cards
            # in mid-flight, and a press on a cell one crosses would go to it (pointer.py).
            self._settle_after(duration)

    def deal_in(self) -> None:
        """A new deal's cards fly from the stock (the first hidden zone shown, else the
        board's corner) to their places, one after another: the deal seen, as at a real
        table. Nothing under reduced motion or with animations off."""
        duration = move_ms()
        if not duration:
            return
        source = next((self.zone_el[zone] for zone in self.zone_el if zone in self.hidden),
                      self.root)
        start = source.getBoundingClientRect()
        cards = [card for zone in self.zone_el for card in self.shown.get(zone, ())]
        length = duration * DEAL_STRETCH
        for index, card in enumerate(cards):
            element = self.nodes[card]
            rect = element.getBoundingClientRect()
            dx, dy = start.left - rect.left, start.top - rect.top
            timing = js_object({"duration": length, "easing": EASING, "fill": "backwards",
                                "delay": min(index, DEAL_WAVE) * DEAL_STEP_MS})
            self._glide(element, f"translate({dx:.1f}px, {dy:.1f}px) scale(0.9)", timing)
        if cards:
            self._settle_after(length + min(len(cards), DEAL_WAVE) * DEAL_STEP_MS)

    def _glide(self, element, start: str, timing) -> None:
        """One card's flight from the transform `start` to its place (its own layer while
        `.moving`), kept until every flight has landed (`_settled`)."""
        frames = js_object([{"transform": start}, {"transform": "none"}])
        self._moving.append((element, element.animate(frames, timing)))
        element.classList.add("moving")

    def _settle_after(self, ms: float) -> None:
        """The one timeout that takes `.moving` off the cards once the last flight lands."""
        cancel(self._settle)
        self._settle = after(ms + 60, self._settled)

    def _settled(self, *_args) -> None:
        self._settle = None
        # A glide starts at the next frame, not when the timeout was set: on a busy machine
        # that frame comes late, and the cards are still on their way. Look again shortly.
        if any(glide.pending or glide.playState == "running" for _, glide in self._moving):
            self._settle = after(SETTLE_AGAIN_MS, self._settled)
            return
        for element, _glide in self._moving:
            element.classList.remove("moving")
        self._moving.clear()

    # -- marks ------------------------------------------------------------------------

    def mark(self, selected_cards=(), targets=(), hint_cards=(), swaps=(), hint_zones=()) -> None:
        """Selection, legal-target and hint highlights; everything marked before and not
        now is cleared. Only the marks that change are written: a class taken off and put
        back restyles its element twice (in Kings in the Corner every empty cell is a
        target after every move)."""
        wanted: dict[tuple[str, str], object] = {}  # (card or zone, class) -> its element
        for index, card in enumerate(selected_cards):
            wanted[(card, "selected" if index == 0 else "lifted")] = self.nodes[card]
        for zone in targets:
            wanted[(zone, "target")] = self.zone_el[zone]
        for card in hint_cards:
            if card in self.nodes:  # (a card in a hidden zone has no node to mark)
                wanted[(card, "hint")] = self.nodes[card]
        for zone in hint_zones:
            if zone in self.zone_el:
                wanted[(zone, "hint-target")] = self.zone_el[zone]
        for zone in swaps:
            wanted[(zone, "swap-target")] = self.zone_el[zone]
        for key, element in self.marked.items():
            if wanted.get(key) is not element:  # (a node made again is marked afresh)
                element.classList.remove(key[1])
                if key[1] in PICKED:
                    element.removeAttribute("aria-pressed")
        for key, element in wanted.items():
            if self.marked.get(key) is not element:
                element.classList.add(key[1])
                if key[1] in PICKED:
                    element.setAttribute("aria-pressed", "true")  # picked up
        self.marked = wanted

    def refuse(self, zone: str) -> None:
        """A short shake where the guard refused a move."""
        element = self.zone_el.get(zone)
        if element is None:
            return
        self._unrefuse()  # a shake still running (here or elsewhere) stops, this one starts
        element.getBoundingClientRect()
        element.classList.add("refused")
        self._refused = element
        self._unrefuse_at = after(600, self._unrefuse)

    def _unrefuse(self, *_args) -> None:
        cancel(self._unrefuse_at)
        self._unrefuse_at = None
        if self._refused is not None:
            self._refused.classList.remove("refused")
            self._refused = None
