"""Translations with the standard library's gettext: the English text is the msgid, each
language a compiled catalogue read by `gettext.GNUTranslations` (CPython and Pyodide alike).

Pure Python (the engine uses it too): no browser import. The page sets the language
once at start-up and again when the player switches; messages are translated when
they are made, so an IllegalMove raised now speaks the language chosen now.

    tr("Deal {n}", n=12)          -> "Spel 12" in Dutch, "Deal 12" in English
    tr_n("{n} card", "{n} cards", n)   the plural form the language's Plural-Forms picks
    tr("[a round] Hand")          a context in brackets tells two meanings of one English
                                  word apart: the catalogue's msgctxt "a round", msgid
                                  "Hand"; English shows the text after it ("Hand")
    mark("Devil's Square")        marks a constant for the catalogues without translating
                                  it (class attributes, tables): translate it where shown,
                                  with tr(value)

The catalogues are one gettext domain: `game/i18n/messages.pot` (the template, every
text the site shows), `game/i18n/<lang>/LC_MESSAGES/messages.po` (what translators edit,
in Poedit or Weblate) and `messages.mo` beside it (what is read here). The .mo files are
committed, compiled from the .po by `tools/i18n.py compile`, so a fresh clone imports
with no build step; tests/test_i18n.py fails when one differs from its .po, when the
template misses a text the code, index.html, js/loader.js or a Rules page shows (or keeps
one nobody shows), and when a language lacks a translation. docs/translating.md tells the
translator's way through it.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gettext import NullTranslations

LANGUAGES = {"en": "English", "nl": "Nederlands", "fr": "Français"}
SOURCE = "en"  # the language of the msgids
HERE = Path(__file__).resolve().parent
DOMAIN = "messages"


class _Source:
    """The source language: each msgid is its own text, as gettext.NullTranslations has it.
    Here so that an English page never imports gettext: Pyodide compiles the standard
    library from source, and gettext costs a page several milliseconds more at start."""

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_SOURCE = _Source()
_state: dict[str, object] = {"lang": SOURCE, "translations": _SOURCE}


def package_data(*parts: str) -> bytes:
    """A data file of this package (game/i18n/<parts...>), read through the package's own
    loader: from the folder under CPython, from game.zip in the page, where the game is
    imported from the zip (zipimport, main.py) and there is no folder to open. OSError when
    there is no such file."""
    return __spec__.loader.get_data(os.path.join(os.path.dirname(__file__), *parts))


def catalogue_path(lang: str, suffix: str = ".mo") -> Path:
    """game/i18n/<lang>/LC_MESSAGES/messages<suffix>: the gettext layout, so the folder
    also works with gettext.translation() and every PO tool."""
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(lang: str) -> NullTranslations | _Source:
    """The compiled catalogue of `lang` (a gettext.GNUTranslations), read once; for English
    (the msgids are the text) and a code the site does not speak, one that translates
    nothing."""
    if lang == SOURCE or lang not in LANGUAGES:
        return _SOURCE
    import gettext  # only a page in another language needs it
    from io import BytesIO

    return gettext.GNUTranslations(BytesIO(package_data(lang, "LC_MESSAGES", f"{DOMAIN}.mo")))


def set_language(lang: str) -> str:
    """Switch every later message to `lang` (an unknown code means English)."""
    lang = lang if lang in LANGUAGES else SOURCE
    _state["translations"] = translations(lang)
    _state["lang"] = lang
    return lang


def language() -> str:
    return _state["lang"]


def choose(preferred) -> str:
    """The first of the browser's languages (navigator.languages, "nl-BE" style) that
    the site speaks; English when none is."""
    for tag in preferred or ():
        code = str(tag).split("-")[0].strip().lower()
        if code in LANGUAGES:
            return code
    return SOURCE


def mark(text: str) -> str:
    """A text for the catalogues, left in English here: translate it where it is shown."""
    return text


def split_context(text: str) -> tuple[str | None, str]:
    """"[a round] Hand" -> ("a round", "Hand"): the msgctxt and msgid of a key."""
    if text.startswith("[") and "] " in text:
        context, msgid = text[1:].split("] ", 1)
        return context, msgid
    return None, text


def rules_context(page: str) -> str:
    """The msgctxt of the words in a Rules page's figures (game/i18n/en/rules/<page>.json):
    the page apart from every other text, one translation per English text in a page."""
    return f"rules: {page}"


def _format(text: str, params: dict) -> str:
    return text.format(**params) if params else text


def _gettext(catalogue: NullTranslations | _Source, text: str) -> str:
    if not text:  # gettext("") is the catalogue's header
        return text
    context, msgid = split_context(text)
    if context is None:
        return catalogue.gettext(msgid)
    return catalogue.pgettext(context, msgid)


def tr(text: str, **params) -> str:
    """`text` in the current language, with `{name}` placeholders filled from params;
    the English text when the catalogue has no translation."""
    return _format(_gettext(_state["translations"], text), params)


def tr_in(lang: str, text: str, **params) -> str:
    """`text` in `lang`, whatever the current language (a text every language's form of
    which must be recognised, as the table's default player names)."""
    return _format(_gettext(translations(lang), text), params)


def tr_n(singular: str, plural: str, n: int, **params) -> str:
    """The form of `singular`/`plural` that suits `n` in the current language (French
    counts 0 as singular); `{n}` is filled with n."""
    catalogue = _state["translations"]
    context, msgid = split_context(singular)
    if context is None:
        found = catalogue.ngettext(msgid, plural, n)
    else:
        found = catalogue.npgettext(context, msgid, plural, n)
    return _format(found, {"n": n, **params})
