"""Every text the site shows exists in every language (issue 7), in gettext catalogues
(issue 15): the committed template (game/i18n/messages.pot) is what extraction finds in
the code, index.html, js/loader.js and the Rules pages' figure words today; each language's
messages.po translates every text of it and keeps nothing else; placeholders and plural
forms are complete; and the committed messages.mo the site reads is its .po compiled."""

from __future__ import annotations

import gettext
import io
import json
import re
import subprocess
import sys

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from game import i18n
from game.i18n import LANGUAGES, SOURCE, catalogue_path, choose, tr, tr_in, tr_n
from tools import i18n as tool
from tools.build_site import loader_words, translate_loader
from tools.i18n_sources import (
    COMMENT_TAGS,
    KEYWORDS,
    ROOT,
    extract_catalog,
    extract_python_calls,
    placeholders,
)

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def key(message) -> tuple[str | None, str, str | None]:
    """(msgctxt, msgid, msgid_plural): what tells one entry of a catalogue from another."""
    if isinstance(message.id, tuple):
        return message.context, message.id[0], message.id[1]
    return message.context, message.id, None


def entries(catalog: Catalog) -> dict:
    return {key(message): message for message in catalog if message.id}


@pytest.fixture(scope="module")
def extracted() -> dict:
    return entries(extract_catalog())


@pytest.fixture(scope="module")
def template() -> dict:
    return entries(tool.read_catalog(tool.TEMPLATE))


@pytest.fixture(scope="module")
def po():
    return {lang: tool.read_catalog(catalogue_path(lang, ".po")) for lang in OTHERS}


def shown(items) -> str:
    return "\n".join(f"  {context or ''}|{msgid!r}" for context, msgid, _ in sorted(
        items, key=lambda k: (k[0] or "", k[1]))[:40])


# -- the template and the catalogues -----------------------------------------------------


def test_the_template_is_up_to_date_with_the_sources(extracted, template):
    """Run `.venv/bin/python tools/i18n.py` (extract, update, compile) after changing a text."""
    new, gone = extracted.keys() - template.keys(), template.keys() - extracted.keys()
    assert not new, f"{len(new)} texts are not in messages.pot yet:\n{shown(new)}"
    assert not gone, f"messages.pot keeps {len(gone)} texts nothing shows:\n{shown(gone)}"


def test_every_language_has_its_catalogues():
    assert sorted(tool.po_languages()) == sorted(OTHERS)
    for lang in OTHERS:
        assert catalogue_path(lang, ".mo").is_file(), lang
    assert not catalogue_path(SOURCE, ".po").exists()  # English is the msgids themselves


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_is_translated(lang, template, po):
    catalog = po[lang]
    found = entries(catalog)
    missing = [k for k in template if k not in found or not _done(found[k], catalog)]
    assert not missing, f"{len(missing)} texts have no {lang} translation:\n{shown(missing)}"


def _done(message, catalog: Catalog) -> bool:
    if message.fuzzy:
        return False
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    expected = catalog.num_plurals if isinstance(message.id, tuple) else 1
    return len(forms) == expected and all(form and form.strip() for form in forms)


@pytest.mark.parametrize("lang", OTHERS)
def test_no_catalogue_keeps_a_text_nobody_shows(lang, template, po):
    stale = entries(po[lang]).keys() - template.keys()
    assert not stale, f"{lang} translates texts nothing shows any more:\n{shown(stale)}"
    assert not po[lang].obsolete, f"{lang}: obsolete (#~) entries: {list(po[lang].obsolete)}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_the_placeholders(lang, po):
    for (_, msgid, plural), message in entries(po[lang]).items():
        if plural is None:
            assert placeholders(message.string) == placeholders(msgid), (lang, msgid)
        else:
            allowed = placeholders(msgid) | placeholders(plural) | {"n"}
            assert all(placeholders(form) <= allowed for form in message.string), (lang, msgid)
            assert placeholders(message.string[-1]) == placeholders(plural), (lang, msgid)


def ends(text: str) -> tuple[str, str]:
    """The white space a text starts and ends with."""
    return text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_the_markup(lang, po):
    """The tags of a text (<b>, <em>...) stay, in the same order, and no translation
    brings stray white space in (a text that ends in a space, as ", ", keeps it)."""
    for (_, msgid, plural), message in entries(po[lang]).items():
        english = re.findall(r"</?\w+>", msgid)
        forms = message.string if plural else (message.string,)
        for form in forms:
            assert re.findall(r"</?\w+>", form) == english, (lang, msgid)
            assert ends(form) == ends(msgid), (lang, msgid)
            assert "  " not in form, (lang, msgid)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_plural_forms_of_the_language(lang, po):
    """The Plural-Forms header is the language's (CLDR's, as Babel knows it), and the
    compiled catalogue applies it."""
    assert po[lang].plural_forms == get_plural(lang).plural_forms
    assert str(po[lang].locale) == lang and not po[lang].fuzzy
    assert i18n.translations(lang).info()["plural-forms"] == po[lang].plural_forms


def test_dutch_says_trekstapel_for_the_draw_pile(po):
    """The Dutch pages mixed 'Stock' and 'Trekstapel' for one pile (issue 18): one word,
    in the catalogue and in the Rules pages."""
    from pathlib import Path

    words = re.compile(r"\bstock\b", re.IGNORECASE)
    texts = [m.string for m in po["nl"] if m.id]
    texts = [t for text in texts for t in (text if isinstance(text, tuple) else (text,))]
    found = [t for t in texts if words.search(t)]
    rules = Path(i18n.__file__).parent / "nl" / "rules"
    found += [p.name for p in sorted(rules.glob("*.html")) if words.search(p.read_text("utf-8"))]
    assert not found, found


def test_dutch_and_french_plurals():
    assert get_plural("nl").plural_forms == "nplurals=2; plural=(n != 1);"
    assert get_plural("fr").plural_forms == "nplurals=2; plural=(n > 1);"
    plural = {lang: i18n.translations(lang).plural for lang in ("nl", "fr")}
    assert [plural["nl"](n) for n in (0, 1, 2, 5)] == [1, 0, 1, 1]
    assert [plural["fr"](n) for n in (0, 1, 2, 5)] == [0, 0, 1, 1]  # French: 0 is singular


@pytest.mark.parametrize("lang", OTHERS)
def test_the_compiled_catalogue_is_its_po(lang, po):
    """messages.mo is committed (a fresh clone imports with no build step): it must be
    what `tools/i18n.py compile` makes of messages.po today."""
    committed = gettext.GNUTranslations(io.BytesIO(catalogue_path(lang, ".mo").read_bytes()))
    compiled = gettext.GNUTranslations(io.BytesIO(tool.mo_bytes(po[lang])))
    fix = f"run `.venv/bin/python tools/i18n.py compile` ({lang})"
    for name in ("language", "plural-forms", "content-type"):
        assert committed.info()[name] == compiled.info()[name], fix
    # the texts: the header ("") apart, which names the Babel version that compiled it
    assert ({k: v for k, v in committed._catalog.items() if k}
            == {k: v for k, v in compiled._catalog.items() if k}), fix


# -- extraction ------------------------------------------------------------------------------


def extracted_from(source: str) -> list[tuple[int, str, list[str], list[str]]]:
    fileobj = io.BytesIO(source.encode())
    fileobj.name = "example.py"
    return list(extract_python_calls(fileobj, KEYWORDS.keys(), COMMENT_TAGS, {}))


def test_extraction_finds_calls_inside_f_strings_and_notes():
    found = extracted_from(
        'x = f\'<b>{tr("Cell {n}", n=1)}</b>\'\n'
        "# TRANSLATORS: a round of the table game\n"
        'y = tr("[a round] Hand") + tr_n("{n} card", "{n} cards", 2) + mark("A" "B")\n'
        "z = tr(value)\n")
    assert [(line, texts, notes) for line, _, texts, notes in found] == [
        (1, ["Cell {n}"], []),
        (3, ["[a round] Hand"], ["a round of the table game"]),
        (3, ["{n} card", "{n} cards"], ["a round of the table game"]),
        (3, ["AB"], ["a round of the table game"]),
    ]


@pytest.mark.parametrize("source", ['tr(f"Deal {n}")', 'tr_n("{n} card", plural, n)'])
def test_extraction_refuses_what_cannot_be_translated(source):
    with pytest.raises(SyntaxError, match="example.py:1"):
        extracted_from(source)


def test_contexts_and_plurals_reach_the_template(template):
    assert ("a hand of the match", "Round", None) in template
    assert (None, "You stopped with {n} card left.", "You stopped with {n} cards left.") in (
        template)
    rules = [k for k in template if k[0] and k[0].startswith("rules: ")]
    assert {k[0] for k in rules} == {"rules: devils-grip", "rules: kings-corner",
                                     "rules: kings-corner-solitaire", "rules: kings-keys"}
    assert "python-brace-format" in template[(None, "Deal {n}", None)].flags
    assert (None, "Card Games", None) in template and (None, "Loading…", None) in template


def test_the_pages_marks_are_whole_texts(template):
    """index.html's texts as game/ui/language.py reads them: single spaces, no ends."""
    marked = [k for k, message in template.items()
              if any(where == "index.html" for where, _ in message.locations)]
    assert len(marked) > 50
    for _, msgid, _ in marked:
        assert not re.search(r"\s{2}", msgid) and msgid == msgid.strip(), msgid


# -- at run time -----------------------------------------------------------------------------


def test_choose_from_the_browsers_languages():
    assert choose(["nl-BE", "en"]) == "nl"
    assert choose(["de-DE", "fr-CA"]) == "fr"
    assert choose(["de"]) == "en"
    assert choose([]) == "en"
    assert choose(None) == "en"


def test_tr_switches_language_and_falls_back_to_english():
    try:
        assert i18n.set_language("nl") == "nl"
        assert tr("Deal {n}", n=3) == "Spel 3"
        assert tr("A text nobody translated") == "A text nobody translated"
        assert tr("") == ""  # not the catalogue's header
        assert tr("[a hand of the match] Round") == "Ronde"
        i18n.set_language("fr")
        assert tr("[a hand of the match] Round") == "Manche"
    finally:
        i18n.set_language("en")
    assert tr("Deal {n}", n=3) == "Deal 3"
    assert tr("[a hand of the match] Round") == "Round"  # the context is not shown
    assert tr("[a context nobody has] Round") == "Round"
    assert i18n.set_language("xx") == "en"


def test_tr_in_speaks_one_language_without_switching():
    assert tr_in("nl", "You") == "Jij" and tr_in("fr", "You") == "Vous"
    assert tr_in("en", "Player {n}", n=2) == "Player 2" and tr_in("xx", "You") == "You"
    assert i18n.language() == "en"


def test_plural_forms():
    one, other = "You stopped with {n} card left.", "You stopped with {n} cards left."
    assert tr_n(one, other, 1) == "You stopped with 1 card left."
    assert tr_n(one, other, 0) == "You stopped with 0 cards left."
    try:
        i18n.set_language("fr")
        assert tr_n(one, other, 0) == "Vous avez arrêté avec 0 carte restante."
        assert tr_n(one, other, 2) == "Vous avez arrêté avec 2 cartes restantes."
        i18n.set_language("nl")
        assert tr_n(one, other, 0) == "Je bent gestopt met 0 kaarten over."
        assert tr_n("Not a text {n}", "Not texts {n}", 1) == "Not a text 1"
    finally:
        i18n.set_language("en")


def test_english_behaves_as_gettexts_null_translations():
    english, null = i18n.translations("en"), gettext.NullTranslations()
    for n in (0, 1, 2):
        assert english.ngettext("a", "b", n) == null.ngettext("a", "b", n)
        assert english.npgettext("c", "a", "b", n) == null.npgettext("c", "a", "b", n)
    assert english.gettext("a") == "a" and english.pgettext("c", "a") == "a"


def test_an_english_page_never_imports_gettext():
    """Pyodide compiles gettext from source: a page in English does without it."""
    code = ("import sys; from game.games import GAMES; from game.ui import rules; "
            "from game.i18n import set_language, tr, tr_n; set_language('en'); "
            "tr('[a round] Hand'); tr_n('{n} card', '{n} cards', 2); "
            "rules.rules_html('devils-grip'); print('gettext' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                           text=True, check=True)
    assert found.stdout.strip() == "False"


def test_the_loader_speaks_every_language_of_the_catalogues():
    source = (ROOT / "js" / "loader.js").read_text(encoding="utf-8")
    built = translate_loader(source)
    assert "__TRANSLATED_WORDS__" not in built
    english = loader_words(source)
    for lang in OTHERS:
        words = re.search(rf"^\s*{lang}: (\{{.*\}}),$", built, re.M)
        assert words, lang
        assert json.loads(words[1]) == {k: tr_in(lang, v) for k, v in english.items()}
    assert tr_in("nl", english["title"]) == "Kaartspellen"
