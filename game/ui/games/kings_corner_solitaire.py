"""Kings in the Corner, the patience, on the page: the 4x4 grid with each court spot
marked by its letter, the stock with the turned card shown large, the discard; the Rules
page's figures."""

from __future__ import annotations

from ...games.kings_corner_solitaire import spots_for
from ...i18n import mark, tr
from ..markup import attr, cell, pile
from ..page_types import GamePage, Texts
from ..rules_figures import figure_attr
from ..stdface import std_card_html
from .standard import STANDARD_FACES

SPOT_NAMES = {"K": mark("Cell {n}, King's spot"), "Q": mark("Cell {n}, Queen's spot"),
              "J": mark("Cell {n}, Jack's spot")}


def board_html(options) -> str:
    """The 4x4 grid with each court spot marked by its letter (a faint K, Q or J that a
    card covers); beside it the stock with the turned card shown large, and the discard."""
    spot = {cell: rank for rank, cells in spots_for(options.get("swap", False)).items()
            for cell in cells}
    cells = "".join(
        cell(i, tr(SPOT_NAMES[spot[i]], n=i + 1), spot=spot[i]) if i in spot else cell(i)
        for i in range(16)
    )
    stock = pile("stock", tr("Stock"), caption=tr("Stock"))
    discard = ('<div class="pile discard" data-zone="discard" role="group" '
               f'aria-label="{attr(tr("Discard"))}"><span class="count" '
               f'data-caption="{attr(tr("Discard"))}">0</span></div>')
    return (f'<div class="kc-grid">{cells}</div>'
            f'<div class="side"><div class="kc-next">{stock}</div>{discard}</div>')


# --- the Rules page's figures (docs/rules.md section 4) ---------------------------------
_KC_SPOTS = "KQQK" "J..J" "J..J" "KQQK"
_KC_SPOTS_SWAP = "KJJK" "Q..Q" "Q..Q" "KJJK"


def _kc_spot_plan(plan: str, names: Texts, texts: Texts) -> str:
    """A 4x4 plan of the court spots: a letter in each spot (the letter of the card's
    index, as on the board), its name as a tooltip, the centre left blank."""
    cells = "".join(
        '<span class="kcx-spot kcx-centre"></span>' if c == "." else
        f'<span class="kcx-spot" data-spot="{c}" title="{figure_attr(names[c])}">{c}</span>'
        for c in plan
    )
    return (
        f'<figure class="kcx-plan"><div class="kcx-spots" role="img" '
        f'aria-label="{figure_attr(texts["label"])}">'
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
    grid = (f'<div class="kcx-grid" role="img" aria-label="{figure_attr(name)}. '
            f'{figure_attr(texts["label"])}." data-sample="{figure_attr(name)}">'
            f'{"".join(cells)}</div>')
    turned = ""
    if stuck:
        turned = (f'<div class="kcx-turned" aria-hidden="true">{std_card_html(stuck)}'
                  f"<span>{turned_text}</span></div>")
    return (
        f'<figure class="kcx-sample"><div class="kcx-board">{grid}{turned}</div>'
        f"<figcaption><strong>{name}.</strong> {texts['caption']}</figcaption></figure>"
    )


def rules_fields(texts: Texts, game_id: str) -> dict[str, str]:
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


PAGE = GamePage(
    board_class="board kc",
    board_html=board_html,
    faces=STANDARD_FACES,
    rules_fields=rules_fields,
    hidden=frozenset(),
    top_only=(("stock", 1), ("discard", 2)),
    turned_zone="stock",
    pile_label=mark("Stock"),
)
