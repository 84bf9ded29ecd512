"""Two tabs of the site at once: neither overwrites the other's newer save unnoticed.

Every tab saves its game after each move (write-through), so two tabs showing the same
deal would each save their own line over the other's. Two guards stop that:

- The `storage` event: when another tab saves the slot this tab shows, this tab opens
  the game again from that save (it is the newer one) and says so; a change of the
  settings or the language there is applied here too, and the game list is redrawn.
- Before every save (App.save), `Store.changed_elsewhere`: an event may come too late
  (a move made here in the same instant, a tab that was asleep). Then the stored game
  is the one kept, this tab's line is set aside when it holds moves the stored one
  lacks (nothing is lost), and this tab follows the stored game.

Pure, tested in CPython; tabs_view.TabSync wires it to the page.
"""

from __future__ import annotations

from ..i18n import mark
from .safejson import loads

SAME, FOLLOW, GONE, FOREIGN = "same", "follow", "gone", "foreign"


def decide(mine: dict, text: str | None) -> str:
    """What another tab's text `text` at this tab's slot means, `mine` being this tab's
    record of its game (Session.to_record):

    SAME: the same game at the same point (the other tab only stamped its clock, or
      followed this tab): nothing to do.
    FOLLOW: a save of this game at another point: the newer one, to follow.
    GONE: removed (storage cleared): this tab's next save writes its game back.
    FOREIGN: not a save of this game (damaged, or hand-edited): set aside, keep ours.
    """
    if text is None:
        return GONE
    try:
        record = loads(text)  # hand-edited text may be nested deep enough to crash json
    except (ValueError, RecursionError):
        return FOREIGN
    if not isinstance(record, dict) or any(
        record.get(field) != mine.get(field) for field in ("game", "deal", "deck", "options")
    ):
        return FOREIGN
    if record.get("moves") == mine.get("moves") and record.get("redo", []) == mine.get("redo"):
        return SAME
    return FOLLOW


def moved_on(seen: str | None, text: str | None) -> bool:
    """Whether `text`, stored now, is another point of the game than `seen`, the text this
    tab last put there: not when the other tab only stamped its clock into the same save."""
    try:
        before = loads(seen) if seen is not None else None
    except (ValueError, RecursionError):
        before = None
    return not isinstance(before, dict) or decide(before, text) != SAME


def holds_more(mine: dict, theirs: object) -> bool:
    """Whether this tab's line has moves the stored record `theirs` does not: the stored
    moves do not begin with all of ours (then ours is worth keeping aside)."""
    moves = mine.get("moves", [])
    other = theirs.get("moves") if isinstance(theirs, dict) else None
    return bool(moves) and not (isinstance(other, list) and other[: len(moves)] == moves)


FOLLOWED = mark("This game moved on in another tab, so it now shows the latest position.")
KEPT_ASIDE = mark("This game moved on in another tab; it now shows that position, and your "
                  "move here is kept aside.")
