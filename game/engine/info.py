"""Everything known about a game, in one place (PySolFC's GameInfo): its engine, names,
options and modes, score direction, the page module that draws it, its stylesheet and
Rules page, and the computer players that help or oppose. docs/architecture.md ("Adding a
game").

A game module registers one `GameInfo` (game.engine.registry.register); the game list,
the page, statistics, `bench/` and `tools/` all read the registry, never a table of their
own keyed by game id. Texts are English, marked for the catalogues (game.i18n.mark):
show them with tr(value). Modules are named, not imported, so that opening one game loads
only its own code (the page and the computer players are imported when first needed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Mode:
    """A link on the game's tile to the same game with other options ("guard=1")."""

    label: str
    query: str
    note: str = ""

    @property
    def name(self) -> str:
        """The mode in file names and keys: its query without '=' ("draw=1" -> "draw1"):
        bench/results/<game>.<name>.<player>.csv and its deal lists, "<deals id>.<name>"
        (game/ai/deal_lists.py)."""
        return self.query.replace("=", "").replace("&", ".")


@dataclass(frozen=True)
class GameInfo:
    """A game's registration: everything the site knows about a game, in one place."""

    engine: type[Game]  # the rules: its class attribute `id` is the game's id
    title: str
    tagline: str  # one line of story for the game list
    duration: str  # how long a game takes, "5–10 min"
    list_order: int  # place in the game list
    page: str  # module that exports PAGE, the game's game.ui.page_types.GamePage
    stylesheet: str  # its styles, e.g. "css/games/kings-keys.css" (linked by the build)
    rules: str  # its Rules page: game/i18n/<lang>/rules/<rules>.html
    win_title: str  # the end dialog's title after a win
    subtitle: str = ""  # another name ("Duivelsgreep") or a description
    subtitle_lang: str = ""  # the subtitle's language when it is a name in another one
    table: bool = False  # a table of players whose matches count, not a patience
    lower_is_better: bool = False  # the score counts what is left (Devil's Grip)
    modes: tuple[Mode, ...] = ()
    option_words: Mapping[str, Mapping[Any, str]] = field(
        default_factory=lambda: MappingProxyType({}))  # option -> value -> words
    option_numbers: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({}))  # option -> "words {n}" when not 0
    ai: str = ""  # module of solver rules, hint and greedy player (patiences), or of
    #               the computer opponents (tables); "" for none
    deals: str = ""  # the game whose deal lists this one shares (same deck and deals)

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def has_guard(self) -> bool:
        """Whether the game has a Guard mode (no undo, no hints, statistics apart)."""
        return "guard" in self.engine.OPTIONS

    @property
    def has_hints(self) -> bool:
        """A patience with a solver and a hint (never in Guard mode: see the session)."""
        return bool(self.ai) and not self.table

    @property
    def deals_id(self) -> str:
        """The game id the deal lists are kept under."""
        return self.deals or self.id

    def subtitle_shown(self) -> bool:
        """Whether the subtitle says more than the title in the language of the moment
        (Devil's Grip's Dutch name is its title in Dutch): the page's line and the list."""
        from ..i18n import tr

        return bool(self.subtitle) and tr(self.subtitle) != tr(self.title)

    def options_text(self, options: Mapping[str, Any]) -> str:
        """The options in force, in words, for the deal line ('' for the defaults)."""
        from ..i18n import tr

        text = []
        for name, value in options.items():
            word = self.option_words.get(name, {}).get(value)
            if word:
                text.append(tr(word))
            elif name in self.option_numbers and value:
                text.append(tr(self.option_numbers[name], n=value))
        return ", ".join(text)
