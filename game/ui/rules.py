"""In-app rules pages, in every language of game.i18n: Devil's Square and King's Square
(seeds 000, 001), Devil's Grip (002), Kings in the Corner, the solitaire (004), and Kings in
the Corner for 2 to 6 players (003, 004).

Pure Python (no browser import). `rules_html(game_id, lang)` is an HTML fragment for
`<article class="rules">`; `RULES_HTML[game_id]` is the same page in the current language
(game.i18n.language() at the moment it is looked up). Each page is built the first time it
is asked for, per language, then kept. The example cards use the same markup as the game
(game.ui.cardface, game.ui.stdface), so the page needs `SVG_SYMBOLS`, `STD_SVG_SYMBOLS`
and css/cards.css like the board does.

Each page is a document per language, game/i18n/<lang>/rules/<page>.html: HTML
with `{name}` placeholders where a figure goes (and, on kings-keys, the story texts). The
words inside the figures (captions and aria-labels: HTML, a label is attribute text) are
English in game/i18n/en/rules/<page>.json, one object per placeholder, lists in the order
of the figure's parts, and translated by the site's catalogues like every other text
(msgctxt "rules: <page>", game.i18n.rules_context).

The pages are kings-keys (Devil's Square and King's Square: one page, each game its own
title, story and goal under `stories`), devils-grip, kings-corner-solitaire and
kings-corner. What no translation changes stays here: which cards each figure shows and the
markup around them. A text missing from a language falls back to English;
tests/test_rules_i18n.py checks that every language has every page and every text.

The rules are those of /work/shared/RULES.md: section 2 for the two King's Keys games
(they share them and differ in story, title and look), section 3 for Devil's Grip, whose
example cards are standard cards, section 4 for Kings in the Corner, the solitaire, and
section 5 for the table game; their pictures are standard cards as well.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache, partial
from pathlib import Path

from .. import i18n
from ..i18n import LANGUAGES, SOURCE, language, rules_context, set_language, translations
from .cardface import kk_card_html
from .stdface import std_card_html

RULES_DIR = "rules"  # game/i18n/<lang>/rules/

# Game id -> its page (the data files' name).
PAGE_OF = {
    "devils-square": "kings-keys",
    "kings-square": "kings-keys",
    "devils-grip": "devils-grip",
    "kings-corner-solitaire": "kings-corner-solitaire",
    "kings-corner": "kings-corner",
}

Texts = dict  # a page's JSON: nested objects of texts


def rules_path(lang: str, page: str, suffix: str) -> Path:
    """game/i18n/<lang>/rules/<page><suffix> (suffix ".html" or ".json")."""
    return i18n.HERE / lang / RULES_DIR / f"{page}{suffix}"


@cache
def page_template(lang: str, page: str) -> str:
    """The page's HTML template in `lang` (English when the language has none)."""
    path = rules_path(lang, page, ".html")
    if not path.is_file():
        path = rules_path(SOURCE, page, ".html")
    return path.read_text(encoding="utf-8").strip()


def _translated(english, catalogue, context: str):
    """`english` with each text translated by `catalogue` (English where it has none)."""
    if isinstance(english, dict):
        return {key: _translated(value, catalogue, context) for key, value in english.items()}
    if isinstance(english, list):
        return [_translated(value, catalogue, context) for value in english]
    return catalogue.pgettext(context, english)


@cache
def page_texts(lang: str, page: str) -> Texts:
    """The words of the page's figures in `lang`, English filling any gap. Not to be
    changed: it is shared."""
    english = json.loads(rules_path(SOURCE, page, ".json").read_text(encoding="utf-8"))
    return _translated(english, translations(lang), rules_context(page))


_BUILT: dict[tuple[str, str], str] = {}


def rules_html(game_id: str, lang: str | None = None) -> str:
    """The rules page of `game_id` in `lang`: by default the current language, English for a
    code the site does not speak. KeyError for a game without a page.

    The example cards name themselves (game.ui.cardface, game.ui.stdface) in the current
    language, so another language is made current while its page is built, then the
    current one restored."""
    current = language()
    lang = current if lang is None else lang
    if lang not in LANGUAGES:
        lang = SOURCE
    key = (game_id, lang)
    if key not in _BUILT:
        page = PAGE_OF[game_id]
        if lang != current:
            set_language(lang)
        try:
            fields = BUILDERS[game_id](page_texts(lang, page))
        finally:
            if lang != current:
                set_language(current)
        _BUILT[key] = page_template(lang, page).format_map(fields)
    return _BUILT[key]


class _Pages(Mapping):
    """Game id -> its rules page in the language current when it is looked up."""

    def __init__(self, builders: dict[str, Callable[[Texts], dict[str, str]]]) -> None:
        self.builders = builders

    def __getitem__(self, game_id: str) -> str:
        if game_id not in self.builders:
            raise KeyError(game_id)
        return rules_html(game_id)

    def __iter__(self):
        return iter(self.builders)

    def __len__(self) -> int:
        return len(self.builders)


# --- figures shared by the pages ----------------------------------------------------------


def _attr(text: str) -> str:
    """A text of the JSON as an attribute value (it is HTML already: only quotes to
    escape)."""
    return text.replace('"', "&quot;")


def _stack(card_html: Callable[[str, str], str], cards: list[str], caption: str,
           lift_from: int | None = None) -> str:
    """A cell of example cards, bottom first; the cards from `lift_from` up picked up."""
    parts = []
    for i, card in enumerate(cards):
        extra = "ex-lift" if lift_from is not None and i >= lift_from else ""
        parts.append(card_html(card, extra))
    cls = "ex-stack moving-part" if lift_from is not None else "ex-stack"
    return (
        f'<figure class="ex-cell"><div class="{cls}">'
        f"{''.join(parts)}</div><figcaption>{caption}</figcaption></figure>"
    )


Row = tuple[tuple[list[str], int | None], ...]  # the stacks of a row: (cards, lift_from)


def _card_row(card_html: Callable[[str, str], str], stacks: Row, texts: Texts,
              between: str = "") -> str:
    """A row of stacks, one caption each (texts["captions"]), labelled as one picture."""
    figures = [_stack(card_html, cards, caption, lift)
               for (cards, lift), caption in zip(stacks, texts["captions"], strict=True)]
    return (f'<div class="card-row" role="img" aria-label="{_attr(texts["label"])}">'
            + between.join(figures) + "</div>")


# --- Devil's Square and King's Square (seeds 000, 001; RULES.md section 2) ----------------

_KK_DECK_ROW: Row = ((["Y1K"], None), (["R2A"], None), (["G3S"], None), (["B4C"], None))
_KK_EXAMPLE_ROW: Row = ((["G1K", "G2S"], None), (["G2C", "G3A"], 1), (["G4C"], None))
_KK_BOOK_ROW: Row = ((["G1K", "G2S", "G3A", "G4C"], None), (["G2C"], None))


def _kk_fields(game_id: str, texts: Texts) -> dict[str, str]:
    story = texts["stories"][game_id]
    return {
        "title": story["title"],
        "tagline": story["tagline"],
        "story": story["story"],
        "goal": story["goal"],
        "deck_row": _card_row(kk_card_html, _KK_DECK_ROW, texts["deck_row"]),
        "example_row": _card_row(kk_card_html, _KK_EXAMPLE_ROW, texts["example_row"]),
        "book_row": _card_row(kk_card_html, _KK_BOOK_ROW, texts["book_row"]),
    }


# --- Devil's Grip (seed 002, Dutch: Duivelsgreep; RULES.md section 3) ----------------------

_DG_ROWS: Row = ((["2S", "5S", "8S", "JS"], None), (["3H", "6H", "9H", "QH"], None),
                 (["4D", "7D", "TD", "KD"], None))
_DG_BUILD: Row = ((["5C"], None), (["8C"], 0))  # the 8 from the waste onto a lone 5
_DG_BUILD_PILE: Row = ((["4C", "7C"], None), (["TC", "KC"], 0))  # a pile moves as a whole
_DG_ARROW = '<span class="ex-arrow" aria-hidden="true">&#8592;</span>'


def _dg_fields(texts: Texts) -> dict[str, str]:
    return {
        "rows": _card_row(std_card_html, _DG_ROWS, texts["rows"]),
        "build": _card_row(std_card_html, _DG_BUILD, texts["build"], _DG_ARROW),
        "build_pile": _card_row(std_card_html, _DG_BUILD_PILE, texts["build_pile"], _DG_ARROW),
    }


# --- Kings in the Corner, the solitaire (seed 004, second part; also "Camelot";
# RULES.md section 4, with the decisions in game/games/kings_corner_solitaire.py) ----------
# Its pictures: the court spots as small 4x4 plans, and a selection of the seed's sample
# game redrawn as 4x4 grids of real cards. The seed gives ranks only; the suits are ours,
# one physical card keeping its suit throughout, so the whole sample game is one real deal
# (tests/test_rules_kcs.py replays it through the engine).

_KC_SPOTS = "KQQK" "J..J" "J..J" "KQQK"
_KC_SPOTS_SWAP = "KJJK" "Q..Q" "Q..Q" "KJJK"


def _kc_spot_plan(plan: str, names: Texts, texts: Texts) -> str:
    """A 4x4 plan of the court spots: a letter in each spot (the letter of the card's
    index, as on the board), its name as a tooltip, the centre left blank."""
    cells = "".join(
        '<span class="kcx-spot kcx-centre"></span>' if c == "." else
        f'<span class="kcx-spot" data-spot="{c}" title="{_attr(names[c])}">{c}</span>'
        for c in plan
    )
    return (
        f'<figure class="kcx-plan"><div class="kcx-spots" role="img" '
        f'aria-label="{_attr(texts["label"])}">'
        f"{cells}</div><figcaption>{texts['caption']}</figcaption></figure>"
    )


def _kc_grid(rows: str) -> list[str | None]:
    """'AH 6D 5S KS / 3D ...' (four rows of four, '.' an empty cell) -> 16 cells."""
    cells = [None if c == "." else c for c in rows.replace("/", " ").split()]
    assert len(cells) == 16, rows
    return cells


# The seed's sample game, a selection: (grid, the cards ringed: those removed before the
# grid is filled again, the turned card with nowhere to go). Each figure's name, caption
# (the author's commentary shortened) and aria-label summary are the page's JSON
# `samples`, in this order.
_KC_SAMPLE = (
    ("AH 6D 5S KS / 3D 7H 4C 3S / TC 8S 2C 4H / KD QC QH 8D", "TC 7H 3S 2C 8D 6D 4H", ""),
    ("AH 6D 5S KS / 3D 7H 4C 3S / . 8S 2C 4H / KD QC QH 8D", "7H 3S 2C 8D 6D 4H", ""),
    ("AH . 5S KS / 3D . 4C . / . 8S . . / KD QC QH .", "", ""),
    ("AH 6S 5S KS / 3D 3H 4C 7C / AC 8S TH 6H / KD QC QH KH", "6S 4C 3D 7C TH", ""),
    ("AH AS 5C KS / JD 3H 9C JS / AC 8S 8H 6H / KD QC QH KH", "AH 9C", ""),
    ("AD AS 5C KS / JD 9D . JS / AC 8S 8H JH / KD QC QH KH", "", "KC"),
)  # first deal, removal, after the removals, second, fourth and eighth deals


def _kc_sample_figure(sample: tuple[str, str, str], texts: Texts, turned_text: str) -> str:
    rows, out, stuck = sample
    name = texts["name"]
    leaving = set(out.split())
    cells = []
    for card in _kc_grid(rows):
        if card is None:
            cells.append('<div class="kcx-cell kcx-empty"></div>')
        else:
            cells.append(f'<div class="kcx-cell">'
                         f'{std_card_html(card, "kcx-out" if card in leaving else "")}</div>')
    grid = (f'<div class="kcx-grid" role="img" aria-label="{_attr(name)}. '
            f'{_attr(texts["label"])}." data-sample="{_attr(name)}">{"".join(cells)}</div>')
    turned = ""
    if stuck:
        turned = (f'<div class="kcx-turned" aria-hidden="true">{std_card_html(stuck)}'
                  f"<span>{turned_text}</span></div>")
    return (
        f'<figure class="kcx-sample"><div class="kcx-board">{grid}{turned}</div>'
        f"<figcaption><strong>{name}.</strong> {texts['caption']}</figcaption></figure>"
    )


def _kc_fields(texts: Texts) -> dict[str, str]:
    names, plans = texts["spot_names"], texts["plans"]
    samples = "".join(
        _kc_sample_figure(sample, sample_texts, texts["turned"])
        for sample, sample_texts in zip(_KC_SAMPLE, texts["samples"], strict=True))
    return {
        "plans": ('<div class="card-row kcx-plans">'
                  + _kc_spot_plan(_KC_SPOTS, names, plans["plain"])
                  + _kc_spot_plan(_KC_SPOTS_SWAP, names, plans["swapped"])
                  + "</div>"),
        "samples": samples,
    }


# --- Kings in the Corner for 2 to 6 players (seeds 003 and 004; RULES.md section 5, with
# the decisions in game/games/kings_corner.py): the Jax rules (the default) and the
# Classic ones ----------------------------------------------------------------------------
# Its pictures are mini trays and stalls of real cards, drawn as the table draws them: a
# side stall shows its bottom and top cards, a corner only its top card. Every stall and
# tray carries its whole contents (data-cards, bottom first) so tests/test_rules_kt.py
# checks them with the engine: the deals, the building, the moved stall, the card under.

_KT_TRAY_ORDER = ("NW", "N", "NE", "W", None, "E", "SW", "S", "SE")  # None: the draw pile


def _kt_shown(stall: str, cards: list[str]) -> list[str]:
    """What the table shows of a stall: a side its bottom and top cards, a corner its top."""
    if len(stall) == 2:
        return cards[-1:]
    return [cards[0], cards[-1]] if len(cards) > 1 else list(cards)


def _kt_stall(stall: str, cards: list[str], mark: str = "") -> str:
    kind = "ktx-corner" if len(stall) == 2 else "ktx-side"
    shown = _kt_shown(stall, cards)
    classes = f"ktx-stall {kind}" + ("" if cards else " ktx-empty") + (f" {mark}" if mark else "")
    return (f'<div class="{classes}" data-stall="{stall}" data-cards="{" ".join(cards)}">'
            f'{"".join(std_card_html(c) for c in shown)}</div>')


def _kt_tray(stalls: dict[str, list[str]], texts: Texts, when: str = "",
             marks: dict[str, str] | None = None) -> str:
    """A mini tray: the eight stalls (missing ones empty) around the draw pile."""
    marks = marks or {}
    cells = []
    for stall in _KT_TRAY_ORDER:
        if stall is None:
            cells.append('<div class="ktx-stock"><div class="card-back"></div></div>')
        else:
            cells.append(_kt_stall(stall, list(stalls.get(stall, ())), marks.get(stall, "")))
    data = f' data-when="{when}"' if when else ""
    return (f'<figure class="ktx-fig"{data}><div class="ktx-tray" role="img" '
            f'aria-label="{_attr(texts["label"])}">{"".join(cells)}</div>'
            f"<figcaption>{texts['caption']}</figcaption></figure>")


def _kt_pile(cards: list[str], texts: Texts, spread: bool = True, extra: str = "",
             note: str = "") -> str:
    """A stall on its own: spread out (every card's index shows) or as on the table
    (bottom and top cards only); the card `note` ringed."""
    shown = cards if spread or len(cards) < 3 else [cards[0], cards[-1]]
    kind = "ktx-spread" if spread else "ktx-ends"
    faces = "".join(std_card_html(c, "ktx-note" if c == note else "") for c in shown)
    return (f'<figure class="ktx-fig"{extra}><div class="ktx-pile {kind}" role="img" '
            f'aria-label="{_attr(texts["label"])}" data-cards="{" ".join(cards)}">'
            f"{faces}</div>"
            f"<figcaption>{texts['caption']}</figcaption></figure>")


_KT_ARROW = '<span class="ex-arrow ktx-arrow" aria-hidden="true">&#8594;</span>'

# The dealt trays of a two-player hand (tests deal them through the engine): under Jax a
# King dealt to a side stays there; under Classic it goes to the first free corner.
_KT_DEAL_SIDES = {"jax": ("KC", "7D", "3S", "TH"), "classic": ("9S", "KD", "4H", "JC")}


def _kt_trays(texts: Texts) -> str:
    jax = dict(zip(("N", "E", "S", "W"), ([c] for c in _KT_DEAL_SIDES["jax"]), strict=True))
    classic = {"N": ["9S"], "NE": ["KD"], "S": ["4H"], "W": ["JC"]}
    return (
        '<div class="card-row ktx-row">'
        + _kt_tray(jax, texts["jax"], when="jax", marks={"N": "ktx-note"})
        + _kt_tray(classic, texts["classic"], when="classic", marks={"NE": "ktx-note"})
        + "</div>"
    )


# Building down: a red Queen on a black King, a black Jack on the Queen; a red 10 next.
_KT_BUILD_STALL = ["KS", "QH", "JC"]


def _kt_building(texts: Texts) -> str:
    return (
        '<div class="card-row ktx-row ktx-big">'
        + _kt_pile(_KT_BUILD_STALL, texts["table"], spread=False)
        + _kt_pile(_KT_BUILD_STALL, texts["spread"])
        + f'<p class="ktx-next">{texts["next"]}</p>'
        + "</div>"
    )


# Moving a whole side stall: the north stall (its bottom card the 8 of diamonds) goes onto
# the 9 of spades in the east. Tests push the move N>E on the first tray and get the second.
_KT_SHIFT_BEFORE = {"N": ["8D", "7C"], "E": ["9S"], "S": ["5H"], "W": ["JC", "TH"],
                    "NE": ["KD", "QC"]}
_KT_SHIFT_AFTER = {"E": ["9S", "8D", "7C"], "S": ["5H"], "W": ["JC", "TH"],
                   "NE": ["KD", "QC"]}
_KT_SHIFT_MOVE = "N>E"


def _kt_shift(texts: Texts) -> str:
    return (
        f'<div class="card-row ktx-row ktx-move" data-move="{_KT_SHIFT_MOVE}">'
        + _kt_tray(_KT_SHIFT_BEFORE, texts["before"], when="before",
                   marks={"N": "ktx-from", "E": "ktx-to"})
        + _KT_ARROW
        + _kt_tray(_KT_SHIFT_AFTER, texts["after"], when="after", marks={"E": "ktx-to"})
        + "</div>"
    )


# Classic "play under the rows": with the west stall empty, the 10 of hearts goes under
# the 9 of spades at the bottom of the north stall.
_KT_UNDER_STALL = ["9S", "8D"]
_KT_UNDER_CARD = "TH"
_KT_UNDER_MOVE = "TH<N"


def _kt_under(texts: Texts) -> str:
    return (
        f'<div class="card-row ktx-row ktx-under" '
        f'data-move="{_KT_UNDER_MOVE.replace("<", "&lt;")}">'
        + _kt_pile(_KT_UNDER_STALL, texts["before"], extra=' data-when="before"')
        + '<span class="ktx-plus" aria-hidden="true">+</span>'
        + _kt_pile([_KT_UNDER_CARD], texts["hand"], extra=' data-when="hand"')
        + _KT_ARROW
        + _kt_pile([_KT_UNDER_CARD, *_KT_UNDER_STALL], texts["after"],
                   extra=' data-when="after"', note=_KT_UNDER_CARD)
        + "</div>"
    )


def _kt_fields(texts: Texts) -> dict[str, str]:
    return {
        "trays": _kt_trays(texts["trays"]),
        "building": _kt_building(texts["building"]),
        "shift": _kt_shift(texts["shift"]),
        "under": _kt_under(texts["under"]),
    }


# --- the pages ----------------------------------------------------------------------------

# Game id -> texts of its page -> the values of the page's placeholders.
BUILDERS: dict[str, Callable[[Texts], dict[str, str]]] = {
    "devils-square": partial(_kk_fields, "devils-square"),
    "kings-square": partial(_kk_fields, "kings-square"),
    "devils-grip": _dg_fields,
    "kings-corner-solitaire": _kc_fields,
    "kings-corner": _kt_fields,
}
assert BUILDERS.keys() == PAGE_OF.keys()

RULES_HTML = _Pages(BUILDERS)

__all__ = ["PAGE_OF", "RULES_HTML", "page_template", "page_texts", "rules_html", "rules_path"]
