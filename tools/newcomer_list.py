"""The game list a new player sees, rendered when the site is built, so that a first visit
shows it before Python has started (js/early.js; README "How to play", Coming back).

A new player's list depends on nothing but the language: no game to continue, every deal
of the day not played yet (game/ui/home_list.py, given a storage that holds nothing). So
tools/build_site.py writes it into index.html once per language the site speaks, as a
<template> (inert: nothing in it runs, loads or shows until cloned), at MARK:

    <template id="early-newcomer-nl" lang="nl" data-theme="auto" data-back="game" ...>
      <header class="topbar">...</header>   index.html's own, its marked words translated
      <main id="home" hidden>...</main>     index.html's own, with the list in #game-list
    </template>

The attributes are the <html> ones Python sets for a new player (game/ui/settings.py's
defaults; "auto" follows the system's colour scheme). The deal-of-the-day links carry the
build's date: js/early.js writes the player's own day into them. index.html's marked words
are translated as game/ui/language.py does in the page (an element's text, and the
attributes named by data-i18n-attr), from the same catalogues.
"""

from __future__ import annotations

import datetime
from html import escape
from html.parser import HTMLParser

MARK = "<!-- [early] the new player's game list: tools/newcomer_list.py -->"
TOPBAR = ('<header class="topbar">', "</header>")
HOME = ('<main id="home" hidden>', "</main>")
GAME_LIST = '<ul class="game-list" id="game-list"></ul>'
BUILD_DAY = datetime.date(2000, 1, 1)  # the links' day until js/early.js writes today's


def normalise(text: str) -> str:
    """A marked text as game/ui/language.py reads it: single spaces, no ends."""
    return " ".join(text.split())


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})


class _Translated(HTMLParser):
    """An HTML fragment again, with every data-i18n element's text and every attribute
    named by data-i18n-attr translated by `tr`; the rest as it was (comments dropped).
    A marked element holds text only, as game/ui/language.py assumes (it replaces the
    element's whole text): anything else in one stops the build."""

    def __init__(self, tr) -> None:
        super().__init__(convert_charrefs=True)
        self.tr = tr
        self.out: list[str] = []
        self._marked: list[str] | None = None  # the text of the open data-i18n element

    def handle_startendtag(self, tag, attrs) -> None:  # <br/>, <path .../>: no end tag
        self._start(tag, attrs, closed=True)

    def handle_starttag(self, tag, attrs) -> None:
        self._start(tag, attrs, closed=tag in VOID)
        if "data-i18n" in dict(attrs) and tag not in VOID:
            self._marked = []

    def _start(self, tag, attrs, closed: bool) -> None:
        if self._marked is not None:
            raise SystemExit(f"index.html: a <{tag}> inside an element marked data-i18n "
                             "(a marked element holds its text only)")
        attributes = dict(attrs)
        names = {n.strip() for n in (attributes.get("data-i18n-attr") or "").split(",")}
        if names - {""}:
            parts = [tag]
            for name, value in attrs:
                if name in names and value is not None:
                    value = self.tr(normalise(value))
                parts.append(name if value is None else f'{name}="{escape(value)}"')
            self.out.append(f"<{' '.join(parts)}{'/' if closed and tag not in VOID else ''}>")
        else:
            self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag) -> None:
        if tag in VOID:
            return
        if self._marked is not None:
            self.out.append(escape(self.tr(normalise("".join(self._marked))), quote=False))
            self._marked = None
        self.out.append(f"</{tag}>")

    def handle_data(self, data) -> None:
        if self._marked is not None:
            self._marked.append(data)
        else:
            self.out.append(escape(data, quote=False))


def translated(fragment: str, tr) -> str:
    parser = _Translated(tr)
    parser.feed(fragment)
    parser.close()
    return "".join(parser.out)


def part(index: str, begin_end: tuple[str, str]) -> str:
    """The element of index.html that starts with begin_end[0], to its first end tag."""
    begin, end = begin_end
    start = index.find(begin)
    stop = index.find(end, start)
    if start < 0 or stop < 0 or index.count(begin) != 1:
        raise SystemExit(f"index.html: expected one {begin} ... {end}")
    return index[start:stop + len(end)]


def templates(index: str) -> str:
    """The <template> of every language the site speaks, for index.html's MARK."""
    from game.i18n import LANGUAGES, set_language, tr
    from game.ui.home_list import list_html
    from game.ui.settings import DEFAULTS
    from game.ui.store import Store

    top, home = part(index, TOPBAR), part(index, HOME)
    if home.count(GAME_LIST) != 1:
        raise SystemExit(f"index.html: #home must hold {GAME_LIST}")
    looks = (f'data-theme="{DEFAULTS.theme}" data-back="{DEFAULTS.back}" '
             f'data-tabletop="{DEFAULTS.tabletop}"')
    made = []
    try:
        for lang in LANGUAGES:
            set_language(lang)
            game_list = GAME_LIST.replace("></ul>", f">{list_html(Store(None), BUILD_DAY)}</ul>")
            made.append(f'<template id="early-newcomer-{lang}" lang="{lang}" {looks}>'
                        f"{translated(top, tr)}"
                        f"{translated(home, tr).replace(GAME_LIST, game_list)}</template>")
    finally:
        set_language("en")
    return "\n  ".join(made)


def write_templates(text: str) -> str:
    """index.html's text with the templates at MARK."""
    if text.count(MARK) != 1:
        raise SystemExit(f"index.html: expected the marker {MARK} exactly once")
    return text.replace(MARK, templates(text))
