"""In-app rules pages, in every language of game.i18n: Devil's Square and King's Square
(seeds 000, 001), Devil's Grip (002), Kings in the Corner, the solitaire (004), and Kings in
the Corner for 2 to 6 players (003, 004).

Pure Python (no browser import). `rules_html(game_id, lang)` is an HTML fragment for
`<article class="rules">`; `RULES_HTML[game_id]` is the same page in the current language
(game.i18n.language() at the moment it is looked up). Each page is built the first time it
is asked for, per language, then kept. A game's GameInfo.rules names its page, and its
page module (GamePage.rules_fields) draws the figures, with the same card markup as the
game (game.ui.cardface, game.ui.stdface), so the page needs the faces' SVG symbols and
css/cards.css like the board does.

Each page is a document per language, game/i18n/<lang>/rules/<page>.html: HTML
with `{name}` placeholders where a figure goes (and, on kings-keys, the story texts). The
words inside the figures (captions and aria-labels: HTML, a label is attribute text) are
English in game/i18n/en/rules/<page>.json, one object per placeholder, lists in the order
of the figure's parts, and translated by the site's catalogues like every other text
(msgctxt "rules: <page>", game.i18n.rules_context).

The pages are kings-keys (Devil's Square and King's Square: one page, each game its own
title, story and goal under `stories`), devils-grip, kings-corner-solitaire and
kings-corner. What no translation changes is in the page modules: which cards each figure
shows and the markup around them. A text missing from a language falls back to English;
tests/test_rules_i18n.py checks that every language has every page and every text.

The rules are those of docs/rules.md: section 2 for the two King's Keys games (they
share them and differ in story, title and look), section 3 for Devil's Grip, section 4
for Kings in the Corner, the solitaire, and section 5 for the table game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .. import i18n
from ..games import load, load_all
from ..i18n import LANGUAGES, SOURCE, language, rules_context, set_language, translations
from .games import page_of

RULES_DIR = "rules"  # game/i18n/<lang>/rules/

Texts = dict  # a page's JSON: nested objects of texts


def rules_path(lang: str, page: str, suffix: str) -> Path:
    """game/i18n/<lang>/rules/<page><suffix> (suffix ".html" or ".json")."""
    return i18n.HERE / lang / RULES_DIR / f"{page}{suffix}"


def _page_file(lang: str, page: str, suffix: str) -> str:
    """The text of rules_path(lang, page, suffix), read through the package's loader (in
    the page the file is inside game.zip: i18n.package_data). OSError when missing."""
    return i18n.package_data(lang, RULES_DIR, f"{page}{suffix}").decode("utf-8")


@cache
def page_template(lang: str, page: str) -> str:
    """The page's HTML template in `lang` (English when the language has none)."""
    try:
        text = _page_file(lang, page, ".html")
    except OSError:
        text = _page_file(SOURCE, page, ".html")
    return text.strip()


def _translated(english, catalogue, context: str):
    """`english` with each text translated by `catalogue` (English where it has none)."""
    if isinstance(english, dict):
        return {key: _translated(value, catalogue, context) for key, value in english.items()}
    if isinstance(english, list):
        return [_translated(value, catalogue, context) for value in english]
    return catalogue.pgettext(context, english)


@cache
def page_texts(lang: str, page: str) -> Texts:
    """The words of the page's figures in `lang`, English filling any gap. Not to be
    changed: it is shared."""
    english = json.loads(_page_file(SOURCE, page, ".json"))
    return _translated(english, translations(lang), rules_context(page))


_BUILT: dict[tuple[str, str], str] = {}


def rules_html(game_id: str, lang: str | None = None) -> str:
    """The rules page of `game_id` in `lang`: by default the current language, English for a
    code the site does not speak. KeyError for a game without a page.

    The example cards name themselves (game.ui.cardface, game.ui.stdface) in the current
    language, so another language is made current while its page is built, then the
    current one restored."""
    current = language()
    lang = current if lang is None else lang
    if lang not in LANGUAGES:
        lang = SOURCE
    key = (game_id, lang)
    if key not in _BUILT:
        info = load(game_id)
        page = info.rules
        if lang != current:
            set_language(lang)
        try:
            fields = page_of(info).rules_fields(page_texts(lang, page), game_id)
        finally:
            if lang != current:
                set_language(current)
        _BUILT[key] = page_template(lang, page).format_map(fields)
    return _BUILT[key]


class _Pages(Mapping):
    """Game id -> its rules page in the language current when it is looked up."""

    def __getitem__(self, game_id: str) -> str:
        return rules_html(game_id)

    def __iter__(self):
        return iter(load_all())

    def __len__(self) -> int:
        return len(load_all())


RULES_HTML = _Pages()

__all__ = ["RULES_HTML", "page_template", "page_texts", "rules_html", "rules_path"]
