"""The first-run guide of a patience, as pure logic: its steps, when it shows, and where it
is remembered. game/ui/guide_view.py shows it (a small bubble anchored to each step's
element, Next and Skip; Escape closes it and the focus goes back to the board).

It shows the first time a game with help from the computer (the four patiences, not the
table, not Guard mode, which has no Hint) is opened, and never again for that game once
finished or skipped: remembered under KEY + game id, a small setting of the site's prefix,
so a backup carries it (game/ui/backup.py exports every `cardgames:settings:` key)."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import mark, tr
from . import assist
from .store import Store

KEY = "cardgames:settings:guide:"  # + game id: "seen" once the guide was finished or skipped
SEEN = "seen"


@dataclass(frozen=True)
class Step:
    """One bubble: the element it points at (a CSS selector; a step whose element is not
    shown is left out) and its words (English, marked: show them with tr)."""

    target: str
    title: str
    text: str


STEPS = (
    Step("#board > :first-child", mark("The board"),  # its grid (the side holds the stock)
         mark("Click a card to pick it up, then click where it goes, or drag it there. "
              "When it has one place to go, it goes at once.")),
    Step('#board [data-zone="stock"]', mark("Cards to come"),
         mark("New cards come from here as you play; the number says how many are left.")),
    Step('.actions [data-action="hint"]', mark("Stuck?"),
         mark("Hint lights up a good move (or press H), and Undo takes any move back.")),
    Step('.actions [data-action="rules"]', mark("The rules"),
         mark("The whole story and every rule of this game, and the keys. Enjoy the game!")),
)


def wanted(store: Store, game_id: str, options: dict) -> bool:
    """Whether the guide shows when this game opens: a patience with hints, not yet seen."""
    return assist.has_hints(game_id, options) and store.read(KEY + game_id) != SEEN


def mark_seen(store: Store, game_id: str) -> None:
    store.write(KEY + game_id, SEEN)


def counter(index: int, total: int) -> str:
    return tr("Step {n} of {total}", n=index + 1, total=total)


@dataclass(frozen=True)
class Placement:
    """Where a bubble of `width` x `height` goes for a target at (left, top, right,
    bottom) in a viewport of `view_w` x `view_h`: below the target when it fits there,
    else above, else beside it (left, then right), else over the target's top part (a
    target as tall as the screen, the board on a phone). `arrow`: where along the bubble's
    edge its arrow points at the target (x below and above, y beside; None over it)."""

    left: float
    top: float
    side: str  # "below", "above", "left", "right" or "over"
    arrow: float | None


GAP = 12  # between the target and the bubble (the arrow sits in it)
MARGIN = 8  # between the bubble and the viewport's edges
ARROW_END = 16.0  # the arrow keeps this far from the bubble's corners


def place(target: tuple[float, float, float, float], width: float, height: float,
          view_w: float, view_h: float) -> Placement:
    left, top, right, bottom = target
    centre_x, centre_y = (left + right) / 2, (top + min(bottom, view_h)) / 2

    def clamp(value: float, low: float, high: float) -> float:
        return min(max(low, value), max(low, high))

    x = clamp(centre_x - width / 2, MARGIN, view_w - MARGIN - width)
    if bottom + GAP + height <= view_h - MARGIN:
        return Placement(x, bottom + GAP, "below",
                         clamp(centre_x - x, ARROW_END, width - ARROW_END))
    if top - GAP - height >= MARGIN:
        return Placement(x, top - GAP - height, "above",
                         clamp(centre_x - x, ARROW_END, width - ARROW_END))
    y = clamp(max(top, MARGIN), MARGIN, view_h - MARGIN - height)  # beside it, at its top
    arrow = clamp(min(centre_y, top + 60) - y, ARROW_END, height - ARROW_END)
    if left - GAP - width >= MARGIN:
        return Placement(left - GAP - width, y, "left", arrow)
    if right + GAP + width <= view_w - MARGIN:
        return Placement(right + GAP, y, "right", arrow)
    return Placement(x, clamp(top + GAP, MARGIN, view_h - MARGIN - height), "over", None)
