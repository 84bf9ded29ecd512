"""The rules dialog speaks the language the player chose: with French stored before the page
loads, the Rules of a game open with the French page game/i18n/fr/rules/ holds, its example
cards drawn."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from game.ui.rules import rules_html
from tests.html_helpers import parse

LANGUAGE_KEY = "cardgames:language"  # game.ui.language.KEY (that module needs a browser)
GAME = "devils-grip"


def store_language(context: BrowserContext, lang: str) -> None:
    """The language setting in localStorage before any script of the page runs."""
    context.add_init_script(
        "try { if (location.protocol === 'http:') "
        f"localStorage.setItem('{LANGUAGE_KEY}', '{lang}'); }} catch (e) {{}}"
    )


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["fr"])
def test_the_rules_dialog_opens_in_the_stored_language(context, open_site, lang):
    store_language(context, lang)
    page = open_site(f"/?game={GAME}&deal=1")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.click('.actions [data-action="rules"]')
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    article = dialog.locator("#rules-article")

    expected = parse(rules_html(GAME, lang))
    expect(article.locator("h2")).to_have_text(words("".join(expected.find("h2").itertext())))
    headings = [words("".join(h3.itertext())) for h3 in expected.iter("h3")]
    assert "Comment jouer" in headings and "La donne" in headings
    shown = [words(text) for text in article.locator("h3").all_inner_texts()]
    assert shown[: len(headings)] == headings  # the help section (assist.py) may follow

    # the figures: the same cards as the page, drawn at a card's size, captioned in French
    faces = [el.get("data-face") for el in expected.iter() if el.get("data-face")]
    cards = article.locator("figure .card")
    assert cards.evaluate_all("els => els.map(e => e.dataset.face)") == faces
    for i in (0, len(faces) - 1):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] > 20 and box["height"] > 30
    assert article.locator("figure .card svg use").count() > len(faces)  # pips, indexes
    captions = [words("".join(el.itertext())) for el in expected.iter("figcaption")]
    expect(article.locator("figcaption")).to_have_text(captions)
    expect(article.locator(".card-row[role=img]").first).to_have_attribute(
        "aria-label", expected.find(".//*[@role='img']").get("aria-label"))
