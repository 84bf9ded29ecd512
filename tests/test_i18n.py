"""Every text the site shows exists in every language (issue 7), and the catalogues hold
nothing stale. The texts are found where they are marked: calls of tr / tr_n / mark in
game/**/*.py with a literal first argument, and index.html's data-i18n elements and
data-i18n-attr attributes."""

from __future__ import annotations

import ast
import json
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game import i18n
from game.i18n import LANGUAGES, SOURCE, choose, load_catalogue, plural_form, tr, tr_n

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def code_texts() -> dict[str, tuple[str, str | None]]:
    """msgid -> (where, plural or None) for every literal tr/tr_n/mark call in game/."""
    found: dict[str, tuple[str, str | None]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ("tr", "tr_n", "mark") or not node.args:
                continue
            first = node.args[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(first, ast.JoinedStr):
                raise AssertionError(f"{where}: an f-string cannot be translated; "
                                     "use placeholders: tr('... {name}', name=...)")
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue  # translating a text marked elsewhere
            plural = None
            if name == "tr_n":
                second = node.args[1]
                assert isinstance(second, ast.Constant), f"{where}: tr_n needs literal forms"
                plural = second.value
            found.setdefault(first.value, (where, plural))
    return found


class _Marked(HTMLParser):
    """Texts of [data-i18n] elements and of the attributes named by data-i18n-attr."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._depth: list[int] = []  # open marked elements: their text is collected
        self._buffer: list[str] = []
        self._level = 0

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        for name in (attributes.get("data-i18n-attr") or "").split(","):
            if name.strip():
                self.texts.append(normalise(attributes.get(name.strip()) or ""))
        if tag in ("meta", "link", "input", "br", "img"):
            return
        self._level += 1
        if "data-i18n" in attributes:
            self._depth.append(self._level)
            self._buffer = []

    def handle_endtag(self, tag) -> None:
        if self._depth and self._depth[-1] == self._level:
            self._depth.pop()
            self.texts.append(normalise("".join(self._buffer)))
        self._level -= 1

    def handle_data(self, data) -> None:
        if self._depth:
            self._buffer.append(data)


def normalise(text: str) -> str:
    return " ".join(text.split())


def html_texts() -> list[str]:
    parser = _Marked()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return [text for text in parser.texts if text]


def all_texts() -> dict[str, tuple[str, str | None]]:
    texts = code_texts()
    for text in html_texts():
        texts.setdefault(text, ("index.html", None))
    return texts


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_is_translated(lang):
    catalogue = load_catalogue(lang)
    missing = [f"{where}: {text!r}" for text, (where, _) in all_texts().items()
               if text not in catalogue]
    assert not missing, f"{len(missing)} texts have no {lang} translation:\n" + "\n".join(
        missing[:60])


@pytest.mark.parametrize("lang", OTHERS)
def test_no_stale_translations(lang):
    used = all_texts()
    stale = sorted(text for text in load_catalogue(lang) if text not in used)
    assert not stale, f"{lang} translates texts nothing shows any more: {stale[:30]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_keep_the_placeholders(lang):
    catalogue = load_catalogue(lang)
    for text, (where, plural) in all_texts().items():
        found = catalogue.get(text)
        if found is None:
            continue
        if plural is None:
            assert isinstance(found, str) and found.strip(), f"{where}: {text!r}"
            assert fields(found) == fields(text), f"{where} {lang}: {text!r} -> {found!r}"
        else:
            assert isinstance(found, list) and len(found) == 2, f"{where}: {text!r} plural"
            assert all(fields(form) <= fields(text) | fields(plural) | {"n"}
                       for form in found), f"{where} {lang}: {found!r}"


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogue_files_are_flat_json(lang):
    for path in sorted((ROOT / "game" / "i18n" / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict), path
        assert all(isinstance(v, (str, list)) for v in data.values()), path
    names = {p.name for p in (ROOT / "game" / "i18n" / lang).glob("*.json")}
    assert names == {p.name for p in (ROOT / "game" / "i18n" / OTHERS[0]).glob("*.json")}


@pytest.mark.parametrize("lang", OTHERS)
def test_one_text_one_translation_across_areas(lang):
    """The areas are merged into one catalogue, so a text two files translate differently
    would show whichever file loads last: give the other meaning its own English key."""
    seen: dict[str, tuple[str, object]] = {}
    clashes = []
    for path in sorted((ROOT / "game" / "i18n" / lang).glob("*.json")):
        for text, found in json.loads(path.read_text(encoding="utf-8")).items():
            first = seen.setdefault(text, (path.name, found))
            if first[1] != found:
                clashes.append(f"{text!r}: {first[0]} {first[1]!r} vs {path.name} {found!r}")
    assert not clashes, "\n".join(clashes)


def test_choose_from_the_browsers_languages():
    assert choose(["nl-BE", "en"]) == "nl"
    assert choose(["de-DE", "fr-CA"]) == "fr"
    assert choose(["de"]) == "en"
    assert choose([]) == "en"
    assert choose(None) == "en"


def test_tr_switches_language_and_falls_back_to_english():
    try:
        i18n.set_language("nl")
        i18n._catalogue["Deal {n}"] = "Spel {n}"  # whatever the files say
        assert tr("Deal {n}", n=3) == "Spel 3"
        assert tr("A text nobody translated") == "A text nobody translated"
    finally:
        i18n.set_language("en")
    assert tr("Deal {n}", n=3) == "Deal 3"
    assert tr("[a round] Hand") == "Hand"  # the context is not shown
    assert i18n.set_language("xx") == "en"


def test_plural_forms():
    assert [plural_form("en", n) for n in (0, 1, 2)] == [1, 0, 1]
    assert [plural_form("nl", n) for n in (0, 1, 2)] == [1, 0, 1]
    assert [plural_form("fr", n) for n in (0, 1, 2)] == [0, 0, 1]
    assert tr_n("{n} card", "{n} cards", 1) == "1 card"
    assert tr_n("{n} card", "{n} cards", 4) == "4 cards"
    try:
        i18n.set_language("fr")
        i18n._catalogue["{n} card"] = ["{n} carte", "{n} cartes"]
        assert tr_n("{n} card", "{n} cards", 0) == "0 carte"
        assert tr_n("{n} card", "{n} cards", 2) == "2 cartes"
    finally:
        i18n.set_language("en")


def test_html_marks_are_found():
    texts = html_texts()
    assert all(not re.search(r"\s{2}", text) for text in texts)
