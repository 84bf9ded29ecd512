"""tools/newcomer_list.py: the game list a new player sees, rendered into index.html when
the site is built, one <template> per language (js/early.js draws it on a first visit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, set_language
from game.ui.home_list import list_html
from game.ui.settings import DEFAULTS
from game.ui.store import Store
from tools.newcomer_list import BUILD_DAY, MARK, templates, translated, write_templates

INDEX = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")


@pytest.fixture
def english():
    yield
    set_language("en")


def template_of(made: str, lang: str) -> str:
    found = re.search(rf'<template id="early-newcomer-{lang}"[^>]*>(.*?)</template>', made, re.S)
    assert found, lang
    return found[0]


def test_marked_words_are_translated_as_the_page_translates_them_and_nothing_else():
    words = {"Card Games": "Kaartspellen", "Settings": "Instellingen"}
    fragment = ('<p class="x" data-i18n>\n  Card   Games </p><b>Card Games &amp; more</b>'
                '<button type="button" title="Settings" data-i18n-attr="title" hidden>'
                '<span data-i18n>Settings</span></button>')
    assert translated(fragment, lambda text: words.get(text, text)) == (
        '<p class="x" data-i18n>Kaartspellen</p><b>Card Games &amp; more</b>'
        '<button type="button" title="Instellingen" data-i18n-attr="title" hidden>'
        '<span data-i18n>Instellingen</span></button>')


def test_void_and_self_closed_tags_stay_one_tag_and_a_marked_element_holds_text_only():
    same = '<p>a<br>b<br/>c<img src="x.svg" alt=""><svg><path d="M0 0"/></svg></p>'
    assert translated(same, str.upper) == (
        '<p>a<br>b<br/>c<img src="x.svg" alt=""><svg><path d="M0 0"/></svg></p>')
    with pytest.raises(SystemExit, match="data-i18n"):
        translated("<p data-i18n>Hello <b>big</b> world</p>", str.upper)


def test_each_language_has_the_list_of_an_empty_storage_and_the_pages_words(english):
    made = templates(INDEX)
    assert made.count("<template ") == len(LANGUAGES)
    for lang in LANGUAGES:
        template = template_of(made, lang)
        set_language(lang)
        assert list_html(Store(None), BUILD_DAY) in template
        assert f'lang="{lang}"' in template and f'data-theme="{DEFAULTS.theme}"' in template
        assert template.count('<header class="topbar">') == 1
        assert template.count('<main id="home" hidden>') == 1
        assert "Continue deal" not in template and "data-daily=\"not-yet\"" in template
    assert "Instellingen" in template_of(made, "nl") and "Settings" not in template_of(
        made, "nl").replace('data-action="settings"', "")
    assert "Réglages" in template_of(made, "fr")


def test_the_build_needs_the_mark_once():
    assert MARK in INDEX and MARK not in write_templates(INDEX)
    with pytest.raises(SystemExit):
        write_templates(INDEX.replace(MARK, ""))
