"""The page's language: chosen from the player's setting or the browser's languages,
and applied to the static text of index.html.

index.html marks its words in English: `data-i18n` on an element whose text is a
catalogue key (put it on the innermost element: its text is replaced), and
`data-i18n-attr="title,aria-label"` for attributes. The English original is kept in
`data-i18n-en` (and `data-i18n-en-<attr>`), so switching again starts from it.
Everything Python writes into the page calls game.i18n.tr itself.
"""

from __future__ import annotations

from pyscript import document, window

from ..i18n import LANGUAGES, choose, set_language, tr

AUTO = "auto"  # follow the browser
KEY = "cardgames:language"  # the stored setting: AUTO or a code of LANGUAGES


def browser_languages() -> list[str]:
    try:
        return [str(tag) for tag in window.navigator.languages] or [
            str(window.navigator.language)]
    except Exception:  # noqa: BLE001 - an old or locked-down browser
        return []


def resolve(setting: str | None) -> str:
    """The language a setting means: itself when the site speaks it, else the browser's."""
    return setting if setting in LANGUAGES else choose(browser_languages())


SOURCE = "en"  # the language index.html is written in
_shown = SOURCE  # the language the page's static words are in now


def apply(setting: str | None) -> str:
    """Switch the messages and the page's static words to the language `setting` means."""
    global _shown
    lang = set_language(resolve(setting))
    document.documentElement.lang = lang
    if lang == _shown:
        return lang  # (an English start touches none of them: a measurable part of it)
    _shown = lang
    # (hasAttribute, not getAttribute() is None: Pyodide hands a JS null over as JsNull)
    for element in document.querySelectorAll("[data-i18n]"):
        if element.hasAttribute("data-i18n-en"):
            original = str(element.getAttribute("data-i18n-en"))
        else:
            original = " ".join(str(element.textContent).split())
            element.setAttribute("data-i18n-en", original)
        element.textContent = tr(original)
    for element in document.querySelectorAll("[data-i18n-attr]"):
        for name in str(element.getAttribute("data-i18n-attr")).split(","):
            name = name.strip()
            if not name:
                continue
            keep = f"data-i18n-en-{name}"
            if element.hasAttribute(keep):
                original = str(element.getAttribute(keep))
            else:
                original = (" ".join(str(element.getAttribute(name)).split())
                            if element.hasAttribute(name) else "")
                element.setAttribute(keep, original)
            element.setAttribute(name, tr(original))
    return lang
