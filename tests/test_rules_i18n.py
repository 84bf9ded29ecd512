"""The rules pages in every language: every page exists (game/i18n/<lang>/rules/<page>.html,
its figure words in English in game/i18n/en/rules/<page>.json and translated in the
catalogues under the msgctxt "rules: <page>"), the translations keep the English page's
placeholders, texts and structure (headings, lists, figures, the same cards in them),
every placeholder is filled, the result is well-formed, and the page follows the language
the site speaks. Pure CPython."""

from __future__ import annotations

import gettext
import json
import re
import string
import xml.etree.ElementTree as ET

import pytest

from game import i18n
from game.games import load_all
from game.i18n import LANGUAGES, SOURCE, rules_context, translations
from game.ui import rules
from game.ui.rules import RULES_HTML, page_template, page_texts, rules_html, rules_path
from tests.html_helpers import BalanceChecker, parse

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]
PAGE_OF = {game_id: info.rules for game_id, info in load_all().items()}
PAGES = sorted(set(PAGE_OF.values()))
GAMES = sorted(PAGE_OF)

# Elements a translation keeps one for one: the page's sections, paragraphs, lists and
# figures. Inline markup (strong, em, kbd, span) may move with the sentence.
BLOCKS = {"h2", "h3", "p", "ul", "ol", "li", "div", "figure", "figcaption"}
# What makes a figure: which cards, where, and how they are drawn; never words.
FIGURE_ATTRIBUTES = ("class", "role", "data-face", "data-cards", "data-stall", "data-when",
                     "data-move", "data-spot", "style")


def placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def english_texts(page: str):
    return json.loads(rules_path(SOURCE, page, ".json").read_text(encoding="utf-8"))


def translation(lang: str, text: str, context: str | None = None) -> str | None:
    """What `lang`'s catalogue gives for `text`; None when it has no entry."""
    msgid = text if context is None else f"{context}\x04{text}"  # the .mo's form
    return translations(lang)._catalog.get(msgid)


def shape(value):
    """The JSON with every text replaced by its type: what a translation must keep."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


def leaves(value, where=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{where}/{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, f"{where}/{i}")
    else:
        yield where, value


def text_of(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def skeleton(root: ET.Element) -> list[tuple]:
    """The page's block structure in document order, with each figure's drawing
    attributes (aria-labels and captions are words: left out)."""
    out = []
    for el in root.iter():
        if el.tag in BLOCKS or any(el.get(a) for a in FIGURE_ATTRIBUTES[1:]):
            out.append((el.tag, *(el.get(a) for a in FIGURE_ATTRIBUTES)))
    return out


def labels(root: ET.Element) -> list[str]:
    return [el.get("aria-label") for el in root.iter() if el.get("role") == "img"]


def captions(root: ET.Element) -> list[str]:
    return [text_of(el) for el in root.iter("figcaption")]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language(SOURCE)


# -- the files -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_in_every_language(lang, page):
    path = rules_path(lang, page, ".html")
    assert path.is_file(), path
    assert path.read_text(encoding="utf-8").strip(), path
    assert english_texts(page)


def test_no_stray_files():
    """The pages per language; the figure words in English only (the catalogues translate
    them)."""
    for lang in LANGUAGES:
        names = {p.name for p in (i18n.HERE / lang / "rules").iterdir()}
        suffixes = (".html", ".json") if lang == SOURCE else (".html",)
        assert names == {f"{page}{s}" for page in PAGES for s in suffixes}, lang


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("page", PAGES)
def test_the_figure_words_are_translated_in_their_pages_context(lang, page):
    """Each figure word has its entry under the page's msgctxt, apart from the site's other
    texts (the Kings in the Corner spots' "King" is no button's)."""
    for where, text in leaves(english_texts(page)):
        found = translation(lang, text, rules_context(page))
        assert found and found.strip(), (lang, page, where)
    assert translation(lang, "stories") is None and translation(lang, "samples") is None


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("page", PAGES)
def test_translation_keeps_the_placeholders_in_order(lang, page):
    assert placeholders(page_template(lang, page)) == placeholders(page_template(SOURCE, page))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("page", PAGES)
def test_translation_has_every_figure_text(lang, page):
    english, translated = english_texts(page), page_texts(lang, page)
    assert shape(translated) == shape(english)
    for where, text in leaves(translated):
        assert isinstance(text, str) and text.strip(), where
        assert '"' not in text and "{" not in text and "}" not in text, where


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("page", PAGES)
def test_templates_have_only_their_placeholders(lang, page):
    """Braces only as placeholders, and each placeholder is a figure or a story text."""
    template = page_template(lang, page)
    names = placeholders(template)
    assert len(names) == len(set(names))
    stripped = re.sub(r"\{\w+\}", "", template)
    assert "{" not in stripped and "}" not in stripped


# -- the pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game_id", GAMES)
def test_page_is_filled_balanced_and_well_formed(lang, game_id):
    html = rules_html(game_id, lang)
    assert "{" not in html and "}" not in html  # every placeholder filled
    checker = BalanceChecker()
    checker.feed(html)
    checker.close()
    assert checker.errors == [] and checker.stack == []
    parse(html)  # well-formed as XML too: no named entities beyond XML's
    assert "http" not in html


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_same_sections_and_figures_as_english(lang, game_id):
    english, translated = parse(rules_html(game_id, SOURCE)), parse(rules_html(game_id, lang))
    for tag in ("h2", "h3", "figure", "figcaption", "kbd"):
        assert len(list(translated.iter(tag))) == len(list(english.iter(tag))), tag
    assert skeleton(translated) == skeleton(english)


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_headings_labels_and_captions_are_translated(lang, game_id):
    english, translated = parse(rules_html(game_id, SOURCE)), parse(rules_html(game_id, lang))
    for a, b in zip(english.iter("h3"), translated.iter("h3"), strict=True):
        assert text_of(a) != text_of(b), text_of(a)
    for a, b in zip(labels(english), labels(translated), strict=True):
        assert a != b and len(b) > 20, a
    for a, b in zip(captions(english), captions(translated), strict=True):
        assert a != b, a
    titles = [el.get("title") for el in translated.iter() if el.get("title")]
    assert not set(titles) & {"King", "Queen", "Jack"}


@pytest.mark.parametrize(
    ("lang", "game_id", "words"),
    [
        ("nl", "devils-grip", ["Duivelsgreep", "Zo speel je", "rooster", "trekstapel", "klaveren",
                               "uitmuntend"]),
        ("nl", "devils-square", ["Duivelsvierkant", "Groene Bijl", "Sleutel", "kwartet"]),
        ("nl", "kings-square", ["Koningsvierkant", "Koning"]),
        ("nl", "kings-corner-solitaire", ["Koningen in de hoek", "beeldkaarten", "vrouw"]),
        ("nl", "kings-corner", ["Koningen in de hoek", "trekstapel", "fiches", "schoppenheer"]),
        ("fr", "devils-grip", ["La Poigne du Diable", "Comment jouer", "talon", "trèfle"]),
        ("fr", "devils-square", ["Le Carré du Diable", "Hache verte", "Bouclier", "Clé"]),
        ("fr", "kings-square", ["Le Carré du Roi", "Roi"]),
        ("fr", "kings-corner-solitaire", ["Camelot", "figures", "dame", "roi"]),
        ("fr", "kings-corner", ["Kings in the Corner", "roi de pique", "pioche", "jetons",
                                 "donneur", "rangée"]),
    ],
)
def test_spot_check_the_words(lang, game_id, words):
    text = text_of(parse(rules_html(game_id, lang)))
    for word in words:
        assert word in text, word


def test_devils_grip_keeps_its_dutch_name_beside_the_title():
    for lang, title, alt in (("en", "Devil's Grip", "Duivelsgreep"),
                             ("nl", "Duivelsgreep", "Devil's Grip"),
                             ("fr", "La Poigne du Diable", "Duivelsgreep")):
        h2 = parse(rules_html("devils-grip", lang)).find("h2")
        (span,) = h2.iter("span")
        assert text_of(h2).startswith(title) and text_of(span) == alt
        assert span.get("lang") == ("en" if lang == "nl" else "nl")


def test_french_punctuation_keeps_its_space_unbroken():
    """A French : ; ? ! and the « » quotes keep their space, a non-breaking one, so a line
    never starts with the mark: in the pages and in their figure words."""
    pages = [rules_path("fr", page, ".html").read_text(encoding="utf-8") for page in PAGES]
    words = [text for page in PAGES for _, text in leaves(page_texts("fr", page))]
    for text in pages + words:
        for line in text.splitlines():
            body = re.sub(r"<[^>]*>", "", line)  # not inside tags
            assert not re.search(r"[ \t][:;?!»]|«[ \t]", body), line


# Buttons and options the pages name, as the English pages spell them: where the site's
# own catalogue translates one, the translated page calls it the same. A name the English
# page sets apart (<em>, <strong>) must be set apart in the translation too, word for word.
UI_WORDS = {
    "devils-square": ["Copy link", "Guard mode", "Restart", "New deal"],
    "devils-grip": ["Copy link", "Restart", "New deal"],
    "kings-corner-solitaire": ["Copy link", "Queens on the sides", "Camelot (strict)",
                               "Restart", "New deal",
                               "Remove a 10, or two cards that add up to 10."],
    "kings-corner": ["Seats & rules", "Start a new match", "End turn", "Undo", "Redo", "Pace",
                     "Hurry up", "Show my hand", "Next hand", "New deal", "Copy link",
                     "Give up", "Person", "Easy", "Hard"],  # "Normal" is a pace, too
}


def set_apart(root: ET.Element) -> set[str]:
    return {text_of(el).casefold() for tag in ("em", "strong") for el in root.iter(tag)}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_title_and_tagline_as_the_site_shows_them(lang, game_id):
    """The page's title and tagline, where the game's own (in the catalogue) is the same
    English text, are translated the same."""
    english, translated = parse(rules_html(game_id, SOURCE)), parse(rules_html(game_id, lang))
    title = english.find("h2").text.strip()
    found = translation(lang, title)
    if isinstance(found, str) and found:
        assert found.casefold() in text_of(translated.find("h2")).casefold(), (title, found)
    (tagline,), (translated_tagline,) = ([el for el in root if el.get("class") == "tagline"]
                                         for root in (english, translated))
    found = translation(lang, text_of(tagline))
    if isinstance(found, str) and found:
        assert text_of(translated_tagline) == " ".join(found.split())


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game_id", sorted(UI_WORDS))
def test_the_page_names_the_buttons_as_the_site_does(lang, game_id):
    english, translated = parse(rules_html(game_id, SOURCE)), parse(rules_html(game_id, lang))
    for word in UI_WORDS[game_id]:
        assert word.casefold() in text_of(english).casefold(), word
        found = translation(lang, word)
        if not (isinstance(found, str) and found):
            continue
        found = " ".join(found.split()).casefold()
        if word.casefold() in set_apart(english):
            assert found in set_apart(translated), (word, found)
        else:
            assert found in text_of(translated).casefold(), (word, found)


# -- the language at run time --------------------------------------------------------------


def test_rules_html_follows_the_current_language():
    assert RULES_HTML["devils-grip"] is rules_html("devils-grip", "en")
    i18n.set_language("nl")
    assert RULES_HTML["devils-grip"] is rules_html("devils-grip", "nl")
    assert "Duivelsgreep" in parse(RULES_HTML["devils-grip"]).find("h2").text
    assert RULES_HTML.get("no-such-game") is None
    i18n.set_language("fr")
    assert "de 2 à 6 joueurs" in text_of(parse(rules_html("kings-corner")).find("h2"))
    assert "".join(RULES_HTML.values()).count("<h2>") == len(GAMES)
    i18n.set_language("en")
    assert parse(RULES_HTML["kings-corner"]).find("h2").text.startswith("Kings in the Corner")


def test_the_example_cards_are_named_in_the_page_language():
    """The cards' screen-reader names come from cardface/stdface in the current language:
    a page of another language is built with that language current, and English is
    current again afterwards."""
    def names(game_id, lang):
        return [el.text for el in parse(rules_html(game_id, lang)).iter("span")
                if el.get("class") in ("sf-sr", "kk-sr")]

    for game_id in ("devils-grip", "devils-square"):
        english = names(game_id, SOURCE)
        for lang in OTHERS:
            translated = names(game_id, lang)
            assert len(translated) == len(english) and translated != english
            assert i18n.language() == SOURCE
    assert any("schoppen" in name for name in names("devils-grip", "nl"))
    assert any("pique" in name for name in names("devils-grip", "fr"))


def test_an_unknown_language_means_english():
    assert rules_html("kings-square", "xx") is rules_html("kings-square", SOURCE)
    with pytest.raises(KeyError):
        rules_html("no-such-game", "nl")


def test_the_two_kings_keys_games_share_one_page_with_their_own_story():
    for lang in LANGUAGES:
        ds, ks = rules_html("devils-square", lang), rules_html("kings-square", lang)
        assert ds != ks
        story = page_texts(lang, "kings-keys")["stories"]
        assert story["devils-square"]["story"] in ds and story["kings-square"]["story"] in ks
        assert skeleton(parse(ds)) == skeleton(parse(ks))


def test_a_missing_text_falls_back_to_english():
    class Partial(gettext.NullTranslations):
        def pgettext(self, context, message):
            return "X" if (context, message) == ("rules: p", "x") else message

    english = {"a": {"label": "A", "captions": ["x", "y"]}, "b": "B", "c": ["x"]}
    assert rules._translated(english, Partial(), "rules: p") == {
        "a": {"label": "A", "captions": ["X", "y"]}, "b": "B", "c": ["X"]}
    assert rules._translated(english, Partial(), "rules: q") == english
