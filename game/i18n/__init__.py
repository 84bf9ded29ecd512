"""Translations, gettext-style: the English text is the key, each language a catalogue.

Pure Python (the engine uses it too): no browser import. The page sets the language
once at start-up and again when the player switches; messages are translated when
they are made, so an IllegalMove raised now speaks the language chosen now.

    tr("Deal {n}", n=12)          -> "Spel 12" in Dutch, "Deal 12" in English
    tr_n("{n} card", "{n} cards", n)   plural forms of the language
    tr("[a round] Hand")          a context in brackets tells two meanings of one English
                                  word apart; English shows the text after it ("Hand")
    mark("Devil's Square")        marks a constant for the catalogues without translating
                                  it (class attributes, tables): translate it where shown,
                                  with tr(value)

Catalogues are plain JSON files, `game/i18n/<lang>/<area>.json`, each one flat object
{English text: translation}; a plural entry maps the singular to [one, other].
The areas only keep files small and owned; a language is all its files merged.
tests/test_i18n.py checks every marked text has a translation in every language, that
placeholders match, and that no catalogue keeps a text nobody uses any more.
"""

from __future__ import annotations

import json
from pathlib import Path

LANGUAGES = {"en": "English", "nl": "Nederlands", "fr": "Français"}
SOURCE = "en"  # the language of the keys
HERE = Path(__file__).resolve().parent

_state = {"lang": SOURCE}
_catalogue: dict[str, str | list[str]] = {}


def load_catalogue(lang: str) -> dict[str, str | list[str]]:
    """Every file of a language merged; {} for English (the keys are the text)."""
    merged: dict[str, str | list[str]] = {}
    if lang == SOURCE:
        return merged
    for path in sorted((HERE / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def translate_in(lang: str, text: str) -> str:
    """`text` (English, a key) in language `lang`, whatever the language of the moment."""
    found = load_catalogue(lang).get(text) if lang in LANGUAGES else None
    return found if isinstance(found, str) and found else text


def set_language(lang: str) -> str:
    """Switch every later message to `lang` (an unknown code means English)."""
    lang = lang if lang in LANGUAGES else SOURCE
    _catalogue.clear()
    _catalogue.update(load_catalogue(lang))
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


def _format(text: str, params: dict) -> str:
    return text.format(**params) if params else text


def english(text: str) -> str:
    """The English of a key: itself, less a leading "[context] "."""
    if text.startswith("[") and "] " in text:
        return text.split("] ", 1)[1]
    return text


def tr(text: str, **params) -> str:
    """`text` in the current language, with `{name}` placeholders filled from params."""
    found = _catalogue.get(text)
    return _format(found if isinstance(found, str) and found else english(text), params)


def plural_form(lang: str, n: int) -> int:
    """0 for the singular form, 1 for the plural: French counts 0 and 1 as singular."""
    if lang == "fr":
        return 0 if abs(n) < 2 else 1
    return 0 if n == 1 else 1


def tr_n(singular: str, plural: str, n: int, **params) -> str:
    """The form of `singular`/`plural` that suits `n` in the current language; `{n}` is
    filled with n."""
    params = {"n": n, **params}
    found = _catalogue.get(singular)
    if isinstance(found, list) and len(found) == 2:
        return _format(found[plural_form(language(), n)], params)
    return _format(singular if plural_form(SOURCE, n) == 0 else plural, params)
