"""The first-run guide on the page (#guide): a small bubble anchored to the board's grid, the
stock, the Hint button and the Rules button in turn, with Next and Skip. Its steps and the
rule of when it shows are in guide.py (pure, tested in CPython).

It opens a moment after a game is first shown (after the deal's animation), never over a
dialog; focus goes to its Next button, Escape or Skip closes it, and the focus then goes
back to the board. The element pointed at is outlined (.guide-target)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document, window

from ..i18n import tr
from . import guide
from .dom import after, by_id, cancel, listen, missing

if TYPE_CHECKING:
    from .page import Page

OPEN_AFTER_MS = 700  # after the game is shown: the deal's animation first


class GuideView:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.el = by_id("guide")
        self.count = by_id("guide-count")
        self.title = by_id("guide-title")
        self.text = by_id("guide-text")
        self.next_button = self.el.querySelector('[data-guide="next"]')
        self.skip_button = self.el.querySelector('[data-guide="skip"]')
        self.steps: list[guide.Step] = []
        self.index = 0
        self.game_id = ""
        self.target = None
        self.timer = None
        listen(self.el, "click", self._click)
        listen(window, "keydown", self._key, capture=True)  # before the page's own keys
        listen(window, "resize", lambda *_: self._position())
        page.on("opened", self.opened)
        page.on("closing", lambda *_: self.close(remember=False))
        page.on("home", lambda *_: self.close(remember=False))

    def opened(self) -> None:
        cancel(self.timer)
        self.timer = after(OPEN_AFTER_MS, self.open)

    def open(self, *_args) -> None:
        self.timer = None
        page = self.page
        session = page.session
        if (session is None or page.info is None or page.watching or page.dialog_open()
                or not guide.wanted(page.store, page.info.id, session.game.options)):
            return
        self.game_id = page.info.id
        self.steps = [step for step in guide.STEPS if self._shown(step.target)]
        if not self.steps:
            return
        self.index = 0
        self.el.hidden = False
        document.body.dataset.guide = "on"
        self._show()
        self.next_button.focus()

    @staticmethod
    def _shown(selector: str) -> bool:
        element = document.querySelector(selector)
        if missing(element):
            return False
        rect = element.getBoundingClientRect()
        return float(rect.width) > 0 and float(rect.height) > 0

    def _show(self) -> None:
        step = self.steps[self.index]
        self.count.textContent = guide.counter(self.index, len(self.steps))
        self.title.textContent = tr(step.title)
        self.text.textContent = tr(step.text)
        last = self.index == len(self.steps) - 1
        self.next_button.textContent = tr("Done") if last else tr("Next")
        self.skip_button.hidden = last  # Done says it
        if self.target is not None:
            self.target.classList.remove("guide-target")
        self.target = document.querySelector(step.target)
        self.target.classList.add("guide-target")
        self._position()

    def _position(self) -> None:
        if self.el.hidden or self.target is None:
            return
        rect = self.target.getBoundingClientRect()
        spot = guide.place(
            (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom)),
            float(self.el.offsetWidth), float(self.el.offsetHeight),
            float(document.documentElement.clientWidth), float(window.innerHeight))
        style = self.el.style
        style.left = f"{round(spot.left)}px"
        style.top = f"{round(spot.top)}px"
        self.el.dataset.side = spot.side
        if spot.arrow is not None:
            along = "--arrow-x" if spot.side in ("below", "above") else "--arrow-y"
            style.setProperty(along, f"{round(spot.arrow)}px")

    def _click(self, event) -> None:
        button = event.target.closest("[data-guide]")
        if missing(button):
            return
        if str(button.dataset.guide) == "skip":
            self.close()
        elif self.index + 1 < len(self.steps):
            self.index += 1
            self._show()
            self.next_button.focus()
        else:
            self.close()

    def _key(self, event) -> None:
        if not self.el.hidden and str(event.key) == "Escape":
            event.preventDefault()
            event.stopPropagation()  # the page's own Escape (put a pick back...) is not meant
            self.close()

    def close(self, remember: bool = True) -> None:
        """Close the guide; `remember`: never show it again for this game (finished or
        skipped), and the focus goes back to the board."""
        cancel(self.timer)
        self.timer = None
        if self.el.hidden:
            return
        self.el.hidden = True
        document.body.dataset.guide = "off"
        if self.target is not None:
            self.target.classList.remove("guide-target")
            self.target = None
        if not remember:
            return
        guide.mark_seen(self.page.store, self.game_id)
        stop = document.querySelector('#board [tabindex="0"]')
        if missing(stop):
            stop = document.querySelector("#board [data-zone]")
        if not missing(stop):
            stop.focus()
