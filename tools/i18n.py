"""The translators' commands: the catalogues of game/i18n, made and kept with Babel.

    python3 tools/i18n.py extract       game/i18n/messages.pot from the code, index.html,
                                        js/loader.js and the Rules pages' figure words
                                        (tools/i18n_sources.py says where each is found)
    python3 tools/i18n.py update        every game/i18n/<lang>/LC_MESSAGES/messages.po
                                        merged with the template: a new text comes in
                                        untranslated, a changed one with the old
                                        translation marked fuzzy, a text gone is dropped
    python3 tools/i18n.py compile       every messages.po into the messages.mo beside it,
                                        which the site reads (fuzzy and empty entries
                                        left out: English shows until they are done)
    python3 tools/i18n.py init LANG     a new language's messages.po from the template
    python3 tools/i18n.py               extract, update and compile in a row

Run with the virtualenv's Python (`.venv/bin/python tools/i18n.py`): it needs Babel, the
`test` extra of pyproject.toml. A file is only rewritten when more than its date changed.
docs/translating.md is the whole workflow.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: tools/ is on the path, not the root
    sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game.i18n import DOMAIN, HERE, LANGUAGES, catalogue_path  # noqa: E402
from tools.i18n_sources import PROJECT, VERSION, extract_catalog  # noqa: E402

TEMPLATE = HERE / f"{DOMAIN}.pot"
WIDTH = 76  # Babel's and xgettext's line width
PO_HEADER = """\
# Card Games in {lang}, for Poedit or Weblate: docs/translating.md.
# tools/i18n.py update brings new texts in, compile makes the .mo.
#"""
DATED = (b'"POT-Creation-Date:', b'"PO-Revision-Date:')


def po_languages() -> list[str]:
    """Every language with a messages.po (listed in game.i18n.LANGUAGES or not yet)."""
    return sorted(p.parent.parent.name for p in HERE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as fileobj:
        return read_po(fileobj)


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue as a .po/.pot file: places without line numbers (so moving code leaves
    the file alone), no obsolete (#~) entries kept, and a fuzzy entry's previous English
    (#| msgid) for the translator to compare."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True,
             include_previous=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _undated(data: bytes) -> list[bytes]:
    return [line for line in data.splitlines() if not line.startswith(DATED)]


def write_if_changed(path: Path, data: bytes, dated: bool = True) -> bool:
    """Write `data` unless the file already says the same (dates apart, for a .po/.pot)."""
    if path.is_file():
        old = path.read_bytes()
        if old == data or (dated and _undated(old) == _undated(data)):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    print(f"wrote {path.relative_to(ROOT)}")
    return True


def extract() -> Catalog:
    template = extract_catalog()
    write_if_changed(TEMPLATE, po_bytes(template))
    return template


def update() -> None:
    template = read_catalog(TEMPLATE)
    for lang in po_languages():
        path = catalogue_path(lang, ".po")
        catalog = read_catalog(path)
        catalog.update(template)
        write_if_changed(path, po_bytes(catalog))


def compile_all() -> None:
    for lang in po_languages():
        catalog = read_catalog(catalogue_path(lang, ".po"))
        write_if_changed(catalogue_path(lang, ".mo"), mo_bytes(catalog), dated=False)


def init(lang: str) -> None:
    path = catalogue_path(lang, ".po")
    if path.exists():
        raise SystemExit(f"{path.relative_to(ROOT)} exists already: run `update`")
    template = read_catalog(TEMPLATE)
    catalog = Catalog(locale=lang, project=PROJECT, version=VERSION,
                      header_comment=PO_HEADER.format(lang=lang),
                      language_team=LANGUAGES.get(lang, lang), fuzzy=False)
    catalog.update(template)  # the texts, untranslated; Plural-Forms from the language
    write_if_changed(path, po_bytes(catalog))
    if lang not in LANGUAGES:
        print(f"add {lang!r} and its own name to LANGUAGES in game/i18n/__init__.py, and "
              f"copy game/i18n/en/rules/*.html to game/i18n/{lang}/rules/ to translate")


def main(argv: list[str]) -> None:
    command, *rest = argv or ["all"]
    if command == "extract" and not rest:
        extract()
    elif command == "update" and not rest:
        update()
    elif command == "compile" and not rest:
        compile_all()
    elif command == "init" and len(rest) == 1:
        init(rest[0])
    elif command == "all" and not rest:
        extract()
        update()
        compile_all()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
