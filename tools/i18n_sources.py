"""Where the site's texts are, and how Babel reads each kind into the catalogue template
(game/i18n/messages.pot): what `tools/i18n.py extract` writes and tests/test_i18n.py
compares with the committed template.

    game/**/*.py               tr("..."), tr_n("...", "...", n), mark("..."), wherever the
                               call is, inside an f-string's braces too; a "[context] "
                               before a text becomes its msgctxt (game/i18n/__init__.py
                               splits it the same way), and a `# TRANSLATORS:` comment on
                               the lines just above becomes a note for the translator
    index.html                 the text of every element marked data-i18n, and of every
                               attribute named in data-i18n-attr (game/ui/language.py
                               translates them at run time, normalising white space alike)
    js/loader.js               the English words of its WORDS (tools/build_site.py writes
                               the other languages into the built loader)
    game/i18n/en/rules/*.json  the words inside the Rules pages' figures, with the msgctxt
                               "rules: <page>" and their place in the file as a note
                               (the pages themselves are one HTML document per language)

The four extractors below follow Babel's extraction protocol (babel.messages.extract),
and Babel's catalogue makes the template. Python is read with `ast`, not with Babel's own
extractor: that one reads tokens, and Python 3.11's tokenizer gives an f-string as one
token, so the many `f'...{tr("Cell {n}", n=i)}...'` of game/ui would be missed (25 texts
when this was written). Needs Babel (the `test` extra of pyproject.toml).
"""

from __future__ import annotations

import ast
import io
import json
import string
import tokenize
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract

from game.i18n import HERE, SOURCE, rules_context, split_context
from tools.build_site import loader_words

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "Card Games"
VERSION = "1"  # of the catalogues' format: one domain, "messages"
KEYWORDS = {"tr": None, "tr_n": (1, 2), "mark": None}  # game/i18n/__init__.py's API
COMMENT_TAGS = ("TRANSLATORS:",)
WITH_CONTEXT = {"pgettext": ((1, "c"), 2)}  # what the data extractors below yield
HEADER = """\
# Every text of Card Games: the code, the page, the Rules pages' figures.
# `python3 tools/i18n.py extract` writes it (docs/translating.md).
#"""

Extracted = Iterator[tuple[int, str | None, object, list[str]]]  # Babel's protocol


def normalise(text: str) -> str:
    """White space as game/ui/language.py reads the page's texts: single spaces."""
    return " ".join(text.split())


def _literal(node: ast.expr, where: str) -> str | None:
    """A call's argument as a text: a string literal (concatenated pieces are one node);
    None for anything else (a text marked elsewhere, translated where shown)."""
    if isinstance(node, ast.JoinedStr):
        raise SyntaxError(f"{where}: an f-string cannot be translated; use placeholders: "
                          "tr('... {name}', name=...)")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _notes(source: bytes, tags) -> dict[int, str]:
    """Line -> the translator's note of a comment on it (the text after a tag)."""
    notes = {}
    for token in tokenize.tokenize(io.BytesIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            for tag in tags:
                if text.startswith(tag):
                    notes[token.start[0]] = text[len(tag):].strip()
    return notes


def extract_python_calls(fileobj, keywords, comment_tags, options) -> Extracted:
    """Babel extractor: the literal texts of tr / tr_n / mark calls (any call named as a
    keyword, a method's name too), found in the syntax tree. A tr_n must give both forms
    as literals, and no text may be an f-string: a SyntaxError names the place."""
    source = fileobj.read()
    name = getattr(fileobj, "name", "<python>")
    notes = _notes(source, comment_tags)
    calls = sorted((node for node in ast.walk(ast.parse(source, name))
                    if isinstance(node, ast.Call) and node.args),
                   key=lambda node: (node.lineno, node.col_offset))  # in reading order
    for node in calls:
        func = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if func not in keywords:
            continue
        where = f"{name}:{node.lineno}"
        forms = len(KEYWORDS.get(func) or (1,))  # tr_n: singular and plural
        texts = [_literal(arg, where) for arg in node.args[:forms]]
        if texts[0] is None:
            continue
        if None in texts or len(texts) != forms:
            raise SyntaxError(f"{where}: tr_n needs its two forms as literals")
        above, line = [], node.lineno - 1
        while line in notes:
            above.insert(0, notes[line])
            line -= 1
        yield node.lineno, func, texts, above + ([notes[node.lineno]]
                                                 if node.lineno in notes else [])


class _Marked(HTMLParser):
    """Texts of [data-i18n] elements and of the attributes named by data-i18n-attr, with
    their line (and, for an attribute, a note that says which: a tooltip is no label)."""

    VOID = ("meta", "link", "input", "br", "img")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str, list[str]]] = []
        self._open: list[tuple[int, int]] = []  # marked elements: (level, line)
        self._buffer: list[str] = []
        self._level = 0

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        line = self.getpos()[0]
        for name in (attributes.get("data-i18n-attr") or "").split(","):
            name = name.strip()
            if name:
                text = normalise(attributes.get(name) or "")
                self.found.append((line, text, [f"the {name} attribute of a <{tag}>"]))
        if tag in self.VOID:
            return
        self._level += 1
        if "data-i18n" in attributes:
            self._open.append((self._level, line))
            self._buffer = []

    def handle_endtag(self, tag) -> None:
        if self._open and self._open[-1][0] == self._level:
            _, line = self._open.pop()
            self.found.append((line, normalise("".join(self._buffer)), []))
        self._level -= 1

    def handle_data(self, data) -> None:
        if self._open:
            self._buffer.append(data)


def extract_marked_html(fileobj, keywords, comment_tags, options) -> Extracted:
    """Babel extractor: a page's data-i18n texts (index.html)."""
    parser = _Marked()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, text, notes in parser.found:
        if text:
            yield line, None, text, notes


def extract_loader_words(fileobj, keywords, comment_tags, options) -> Extracted:
    """Babel extractor: js/loader.js's English words (what the loading screen says before
    Python runs)."""
    text = fileobj.read().decode("utf-8")
    for key, word in loader_words(text).items():
        line = text[:text.index(f"{key}:")].count("\n") + 1
        yield line, None, word, [f"the loading screen ({key}), before the game can speak"]


def _leaves(value, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{where}/{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{where}/{i}")
    else:
        yield where.lstrip("/"), value


def extract_rules_words(fileobj, keywords, comment_tags, options) -> Extracted:
    """Babel extractor: the words of a Rules page's figures, game/i18n/en/rules/<page>.json
    (captions and aria-labels: HTML, the label attribute text), in the page's msgctxt."""
    page = Path(fileobj.name).stem
    raw = fileobj.read().decode("utf-8")
    start = 0
    for where, text in _leaves(json.loads(raw)):
        at = raw.find(json.dumps(text, ensure_ascii=False), start)
        start = max(start, at)
        yield raw[:start].count("\n") + 1, "pgettext", [rules_context(page), text], [where]


def sources() -> list[tuple[Path, object, dict]]:
    """(file, extraction method, keywords) for every file with texts to translate."""
    python = sorted(p for p in (ROOT / "game").rglob("*.py") if "__pycache__" not in p.parts)
    rules = sorted((HERE / SOURCE / "rules").glob("*.json"))
    return ([(path, extract_python_calls, KEYWORDS) for path in python]
            + [(ROOT / "index.html", extract_marked_html, {})]
            + [(ROOT / "js" / "loader.js", extract_loader_words, {})]
            + [(path, extract_rules_words, WITH_CONTEXT) for path in rules])


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a text (str.format's)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def extract_catalog() -> Catalog:
    """Every text the site shows, as a catalogue template: one message per (context,
    text), with where it is found (files, no line numbers: moving code changes nothing)
    and a python-brace-format flag on a text with placeholders, which Poedit and Weblate
    check a translation against."""
    catalog = Catalog(project=PROJECT, version=VERSION, header_comment=HEADER, fuzzy=False)
    for path, method, keywords in sources():
        where = path.relative_to(ROOT).as_posix()
        with path.open("rb") as fileobj:
            found = list(extract(method, fileobj, keywords, COMMENT_TAGS, {},
                                 strip_comment_tags=True))
        for line, message, notes, context in found:
            forms = list(message) if isinstance(message, tuple) else [message]
            if context is None:
                context, forms[0] = split_context(forms[0])
            flags = ["python-brace-format"] if any(placeholders(f) for f in forms) else []
            catalog.add(tuple(forms) if len(forms) > 1 else forms[0], None, [(where, line)],
                        auto_comments=notes, flags=flags, context=context)
    return catalog
