"""The player's settings: what they are, how they are stored, and the auto-play rule.

Pure Python (no browser import), tested in CPython; game/ui/settings_view.py shows the
dialog and applies the settings to the page.

Stored as one JSON object under KEY, with a format version:

    {"v": 1, "speed": "normal", "motion": "system", "autoplay": false,
     "theme": "auto", "contrast": false, "sound": true, "back": "game", "tabletop": "game"}

(`sound`, `back` and `tabletop` came later in version 1: a stored object without them has
the defaults: sound on, each game's own card back and table.)

The never-lose rules of store.py hold: a stored value that is not such an object (not
JSON, another type, no version, a field with a wrong value) is set aside under a
`cardgames:aside:` key, the fields that were good are kept, the defaults fill the rest,
and the player is told once. Settings of a newer version are used for the fields this
version knows, and kept aside whole (told once, in their own sentence), as this version
writes its own format back. Damaged data that cannot be moved aside (storage full) is
never overwritten: the settings then apply for the visit only. Storage missing or full:
the settings still apply for the visit (Store absorbs the failure and says once that
nothing is being saved).

The language is a setting too, but it keeps its own key (language.KEY), which
js/loader.js reads before Python starts; the dialog shows it beside these.

Auto-play (`auto_move`): when the player's position has exactly one legal move, it is
played for them after a short pause, one move at a time, as an ordinary move:
- Moves that only rearrange (Devil's Grip's swaps: the rules say a swap never changes
  which builds are possible) are not counted as alternatives.
- Never in Guard mode: knowing that a position has only one move, and which, is the
  kind of help a hint gives, and Guard mode has no hints.
- Never while moves wait to be redone. Undo puts the move it takes back on the redo
  stack, so a forced move undone stays undone (undo steps back one move at a time,
  forced ones included, and does not skip over them); Redo, a replay, or a new move of
  the player's own goes on from there.
- At a table, only on the turn of the person whose hand is shown (a turn with nothing
  to play is ended for them: the draw and the no-play chip follow by the rules), never
  a computer's turn, nor between hands, where the summary waits for the player.
- Off by default: the games so far never moved a card the player did not ask for, and
  a forced position is still one to look at (giving up is also a choice).
No game offers "safe" moves beyond forced ones: none has a clear-cut case (even
completing a book in Devil's Square draws the refills in an order that can matter).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING

from ..engine import Game, Kind, Move
from ..i18n import mark
from .safejson import loads

if TYPE_CHECKING:
    from .session import GameSession

VERSION = 1
KEY = "cardgames:settings"

# Animation speed -> the length of one card move (css --move-ms), in milliseconds.
SPEEDS = {"slow": 320, "normal": 180, "fast": 90, "off": 0}
MOTIONS = ("system", "reduce")  # reduced motion: as the system says, or always
THEMES = ("auto", "light", "dark")  # the table: as the system says, light or dark

SPEED_LABELS = (("slow", mark("Slow")), ("normal", mark("Normal")), ("fast", mark("Fast")),
                ("off", mark("Off")))
MOTION_LABELS = (("system", mark("Follow the system")), ("reduce", mark("Always reduce")))
THEME_LABELS = (("auto", mark("Follow the system")), ("light", mark("Light")),
                ("dark", mark("Dark")))
# The card backs and the tables the player may choose, beside light and dark: "game" is
# each game's own (its mood, css/games/); the others are drawn in css/themes.css, in a
# light and a dark version each, and apply to every game.
BACK_LABELS = (("game", mark("Each game's own")), ("lattice", mark("Blue lattice")),
               ("rose", mark("Red rosette")), ("forest", mark("Green diamonds")))
TABLETOP_LABELS = (("game", mark("Each game's own")), ("felt", mark("Green felt")),
                   ("slate", mark("Blue slate")), ("walnut", mark("Walnut")))
BACKS = tuple(value for value, _ in BACK_LABELS)
TABLETOPS = tuple(value for value, _ in TABLETOP_LABELS)

AUTOPLAY_PAUSE_MS = 450  # the pause before a forced move is played
AUTOPLAY_LIMIT = 400  # forced moves in a row at most (a guard against any loop)

ASIDE_NOTE = mark("Your saved settings could not be read, so the defaults are used; the old "
                  "ones are kept aside.")
NEWER_NOTE = mark("Your settings were saved by a newer version of this site; the ones this "
                  "version knows are used, and the originals are kept aside.")


@dataclass(frozen=True)
class Settings:
    """The player's settings, each with its default."""

    speed: str = "normal"
    motion: str = "system"
    autoplay: bool = False
    theme: str = "auto"
    contrast: bool = False  # high-contrast card faces
    sound: bool = True  # the page's sound effects (game/ui/sound.py)
    back: str = "game"  # the card backs (BACKS)
    tabletop: str = "game"  # the table's surface (TABLETOPS)

    # -- what they mean -------------------------------------------------------------------

    def reduced(self, system_reduced: bool) -> bool:
        """Whether motion is reduced: forced on, or the system asks for it."""
        return self.motion == "reduce" or bool(system_reduced)

    def move_ms(self, system_reduced: bool = False) -> int:
        """How long a card takes to move, 0 when it jumps (speed off, or reduced motion)."""
        return 0 if self.reduced(system_reduced) else SPEEDS[self.speed]

    def table(self, system_dark: bool) -> str:
        """The table's theme in force: 'light' or 'dark'."""
        if self.theme in ("light", "dark"):
            return self.theme
        return "dark" if system_dark else "light"


DEFAULTS = Settings()
CHOICES = {"speed": tuple(SPEEDS), "motion": MOTIONS, "theme": THEMES, "back": BACKS,
           "tabletop": TABLETOPS}
FLAGS = ("autoplay", "contrast", "sound")


def valid(name: str, value) -> bool:
    if name in FLAGS:
        return type(value) is bool
    return name in CHOICES and isinstance(value, str) and value in CHOICES[name]


def parse(text: str | None) -> tuple[Settings, bool]:
    """The settings a stored text holds, and whether the text was damaged (then the good
    fields are kept and the defaults fill the rest). None (nothing stored) is not damage."""
    if text is None:
        return DEFAULTS, False
    try:
        data = loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep (safejson.py)
        return DEFAULTS, True
    if not isinstance(data, dict):
        return DEFAULTS, True
    damaged = type(data.get("v")) is not int or data["v"] < 1
    # A newer version (a later build, then an older one again): its fields we know are
    # read as they are; those we do not know are left alone, not counted as damage.
    known = {}
    for name in (f.name for f in fields(Settings)):
        if name not in data:
            continue
        if valid(name, data[name]):
            known[name] = data[name]
        else:
            damaged = True
    return replace(DEFAULTS, **known), damaged


def dump(settings: Settings) -> str:
    return json.dumps({"v": VERSION, **asdict(settings)}, separators=(",", ":"))


def change(settings: Settings, name: str, value) -> Settings:
    """`settings` with one field changed; a value the field does not take changes nothing.
    Checkbox values may come as text ("true"/"false", "on")."""
    if name in FLAGS and isinstance(value, str):
        value = value.lower() in ("true", "on", "1", "yes")
    if not valid(name, value):
        return settings
    return replace(settings, **{name: value})


def newer(text: str | None) -> bool:
    """Whether `text` is settings written by a newer version of the site."""
    try:
        data = loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and type(data.get("v")) is int and data["v"] > VERSION


def _kept(store, text: str | None) -> bool:
    """Whether KEY is free to be written: nothing there to keep, or what was there (damaged,
    or a newer version's) is now under an aside key. When storage refuses the move, KEY is
    left as it is and never overwritten."""
    if text is None or not (parse(text)[1] or newer(text)):
        return True
    store.set_aside(KEY)
    return store.read(KEY) is None


def load(store) -> tuple[Settings, str]:
    """The stored settings and a sentence for the player ('' when all was well). Damaged
    data, or a newer version's (its fields this version knows are used), is set aside
    (store.set_aside keeps it under an aside key) and the settings in use written back,
    so the player is told once."""
    text = store.read(KEY)
    settings, damaged = parse(text)
    if not damaged and not newer(text):
        return settings, ""
    if _kept(store, text):
        store.write(KEY, dump(settings))
    return settings, ASIDE_NOTE if damaged else NEWER_NOTE


def save(store, settings: Settings) -> bool:
    """Write `settings`, unless KEY holds data that could not be set aside (then it is kept
    as it is, and the settings apply for this visit only)."""
    if not _kept(store, store.read(KEY)):
        return False
    return store.write(KEY, dump(settings))


# -- auto-play -------------------------------------------------------------------------------


def rearranges(move: Move) -> bool:
    """A move that only rearranges the cards: a swap of two piles."""
    return move.gesture.kind is Kind.SWAP


def forced_move(game: Game) -> Move | None:
    """The one move the position allows (moves that only rearrange not counted), else None."""
    if game.is_over():
        return None
    moves = [move for move in game.legal_moves() if not rearranges(move)]
    return moves[0] if len(moves) == 1 else None


def auto_move(session: GameSession | None, settings: Settings) -> Move | None:
    """The move auto-play makes now for `session`, or None. The rules are in the module's
    docstring: never in Guard mode, never while moves wait to be redone, and only when the
    player could move now (at a table: in their own turn, not between two hands)."""
    if not settings.autoplay or session is None or session.guarded:
        return None
    if session.game.is_over() or session.redo_stack or not session.may_pick():
        return None
    return forced_move(session.game)
