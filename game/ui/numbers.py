"""Numbers as the page's language writes them: 2,000,000 in English, 2.000.000 in Dutch,
2 000 000 in French (a narrow no-break space). Pure Python, tested in CPython."""

from __future__ import annotations

from ..i18n import language

SEPARATORS = {"en": ",", "nl": ".", "fr": "\u202f"}


def grouped(number: int) -> str:
    """`number` with its thousands grouped in the current language."""
    return f"{number:,}".replace(",", SEPARATORS.get(language(), ","))
