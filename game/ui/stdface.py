"""Card-face markup for the standard 52-card deck (Devil's Grip, Kings in the Corner, ...).

Pure Python: no browser import, so it runs in CPython and Pyodide alike.

Card ids are `<rank><suit>`: ranks A 2 3 4 5 6 7 8 9 T J Q K, suits S H D C, so `TD`
is the 10 of diamonds. A game with several decks makes its copies distinct with a
suffix, `TD-1`, `TD-2`: the face is the same, the suffix only keeps the ids apart.

A face is small HTML with inline SVG that points (`<use href="#sf-...">`) at symbols
defined once per page in `STD_SVG_SYMBOLS`; css/cards.css draws the rest (the section
"standard cards"). A card's font-size is a fifth of its width, everything inside is in
em, so the same markup serves a 40 px phone card and the rules page.

What the face shows, and why:
- The index, rank then suit side by side, sits at the top left in the top strip: the
  only part left visible when cards are fanned downward (and, in a sideways fan, the
  left part of that strip).
- Red cards print their index reversed, paper-coloured on a red tab; black cards print
  it in ink on the paper. So red and black differ by shape, not only by colour: the
  difference survives a greyscale view and every kind of colour blindness.
- Pip cards (A-10) show one large suit; court cards (J, Q, K) a framed emblem instead,
  a plumed helm, a tiara and a crown, in the suit's colour.
"""

from __future__ import annotations

import re
from html import escape

from ..engine.cards import std_name, std_the
from .cardface import svg_symbols

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RANK_NAMES = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "T": "10", "J": "Jack", "Q": "Queen", "K": "King",
}  # fmt: skip
RANK_TEXT = {r: ("10" if r == "T" else r) for r in RANKS}  # what the index prints
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
COURTS = frozenset("JQK")

STD_IDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)

_ID = re.compile(r"([A2-9TJQK])([SHDC])(?:-[1-9][0-9]?)?")


def std_parse(card_id: str) -> tuple[str, str]:
    """'TD-2' -> ('T', 'D'). Raises ValueError for anything that is not a card id."""
    match = _ID.fullmatch(card_id) if isinstance(card_id, str) else None
    if match is None:
        raise ValueError(f"not a standard card id: {card_id!r}")
    return match.group(1), match.group(2)


def std_card_label(card_id: str) -> str:
    """'TD' -> '10 of diamonds', 'QH-2' -> 'Queen of hearts', in the current language (the
    engine's name of the card)."""
    std_parse(card_id)
    return std_name(card_id)


def std_card_the(card_id: str) -> str:
    """'QH' -> 'the Queen of hearts': the name with its article, for inside a sentence."""
    std_parse(card_id)
    return std_the(card_id)


def std_card_classes(card_id: str) -> str:
    """Classes for the outer card element: 'card std s-D r-T red' ('black' for S and C).

    The face does not depend on them (it carries its own classes), but they let CSS,
    the app and tests select cards by suit, rank and colour.
    """
    rank, suit = std_parse(card_id)
    colour = "red" if suit in RED_SUITS else "black"
    return f"card std s-{suit} r-{rank} {colour}"


def _use(cls: str, ref: str) -> str:
    return f'<svg class="{cls}" viewBox="0 0 24 24"><use href="#{ref}"/></svg>'


def std_card_inner_html(card_id: str) -> str:
    """The inner markup of a standard card element (about 0.5 KB).

    Needs `STD_SVG_SYMBOLS` once in the page and css/cards.css.
    """
    rank, suit = std_parse(card_id)
    colour = "sf-red" if suit in RED_SUITS else "sf-blk"
    kind = "sf-court" if rank in COURTS else "sf-pip"
    text = RANK_TEXT[rank]
    if rank in COURTS:
        body = (
            f'<div class="sf-frame">{_use("sf-em", f"sf-c-{rank}")}'
            f"{_use('sf-fs', f'sf-s-{suit}')}</div>"
        )
    else:
        body = _use("sf-big", f"sf-s-{suit}")
    return (
        f'<div class="sf {colour} {kind}" aria-hidden="true">'
        f'<div class="sf-ix"><b class="sf-r">{text}</b>{_use("sf-is", f"sf-s-{suit}")}</div>'
        f'<div class="sf-body">{body}</div>'
        + ("" if rank in COURTS else f'<b class="sf-br">{text}</b>')
        + f'</div><span class="sf-sr">{escape(std_card_label(card_id))}</span>'
    )


def std_card_html(card_id: str, extra_class: str = "") -> str:
    """A complete, static card element (for rules pages and examples)."""
    classes = std_card_classes(card_id) + (f" {extra_class}" if extra_class else "")
    face = card_id.split("-")[0]
    return f'<div class="{classes}" data-face="{face}">{std_card_inner_html(card_id)}</div>'


# Symbols, all in a 24x24 viewBox, drawn in currentColor; details of the emblems in
# var(--sf-detail) (the paper colour, set by css/cards.css).
_DETAIL = 'class="sf-detail"'  # css/cards.css fills it (no style attributes: the CSP)
_SUIT_PATHS = {
    # Spade: a pointed top, two round lobes and a flared stem.
    "S": (
        '<path d="M12 1.4c-2.2 3.6-5.6 6.2-8 8.9-1.3 1.5-1.9 3-1.9 4.6 0 2.7 2.1 4.7 4.6 4.7'
        " 1.7 0 3.2-.8 4.1-2.1-.4 2-1.4 3.6-3 4.9h8.4c-1.6-1.3-2.6-2.9-3-4.9.9 1.3 2.4 2.1"
        ' 4.1 2.1 2.5 0 4.6-2 4.6-4.7 0-1.6-.6-3.1-1.9-4.6-2.4-2.7-5.8-5.3-8-8.9z"/>'
    ),
    # Heart.
    "H": (
        '<path d="M12 21.8C6.2 17 1.6 13.3 1.6 8.2c0-3.2 2.4-5.7 5.5-5.7 2.1 0 3.8 1.1 4.9 2.8'
        ' 1.1-1.7 2.8-2.8 4.9-2.8 3.1 0 5.5 2.5 5.5 5.7 0 5.1-4.6 8.8-10.4 13.6z"/>'
    ),
    # Diamond: a lozenge with slightly hollow sides.
    "D": (
        '<path d="M12 1c2.4 3.9 5.1 7.5 8.4 11-3.3 3.5-6 7.1-8.4 11-2.4-3.9-5.1-7.5-8.4-11'
        ' 3.3-3.5 6-7.1 8.4-11z"/>'
    ),
    # Club: three leaves and a flared stem.
    "C": (
        '<circle cx="12" cy="6.3" r="4.7"/><circle cx="6.3" cy="13.7" r="4.7"/>'
        '<circle cx="17.7" cy="13.7" r="4.7"/><path d="M9.5 9h5l1 5.5h-7z'
        'M12 12.5c0 4.6-1.5 7.6-4.2 10.3h8.4c-2.7-2.7-4.2-5.7-4.2-10.3z"/>'
    ),
}

_COURT_PATHS = {
    # King: a crown of three tall points topped with orbs, jewelled band.
    "K": (
        '<path d="M3.4 17.6 1.8 7.8l5.4 4.6L12 4.6l4.8 7.8 5.4-4.6-1.6 9.8z"/>'
        '<circle cx="1.9" cy="6.4" r="1.6"/><circle cx="12" cy="3.1" r="1.8"/>'
        '<circle cx="22.1" cy="6.4" r="1.6"/>'
        '<rect x="3.2" y="18.6" width="17.6" height="3" rx=".6"/>'
        f'<circle {_DETAIL} cx="12" cy="14" r="1.6"/>'
        f'<circle {_DETAIL} cx="7.2" cy="15.1" r="1"/>'
        f'<circle {_DETAIL} cx="16.8" cy="15.1" r="1"/>'
        f'<path {_DETAIL} d="M5 19.6h14v1H5z"/>'
    ),
    # Queen: a rounded tiara edged with pearls, a jewel at its heart.
    "Q": (
        '<path d="M3 19.4C3 13.2 7 8.6 12 8.6s9 4.6 9 10.8z"/>'
        '<circle cx="3.6" cy="14.6" r="1.3"/><circle cx="6.6" cy="10.4" r="1.3"/>'
        '<circle cx="12" cy="6.6" r="1.7"/><circle cx="17.4" cy="10.4" r="1.3"/>'
        '<circle cx="20.4" cy="14.6" r="1.3"/>'
        f'<path {_DETAIL} d="M12 11.2l2.2 3.3-2.2 3.3-2.2-3.3z"/>'
        f'<path {_DETAIL} d="M5.4 17.6a7 5 0 0 1 2.4-4l.8.9a6 4.3 0 0 0-2 3.1z'
        'M18.6 17.6a7 5 0 0 0-2.4-4l-.8.9a6 4.3 0 0 1 2 3.1z"/>'
        '<rect x="2.6" y="20.2" width="18.8" height="2" rx=".6"/>'
    ),
    # Jack: a knight's helm with a visor slit, a sweeping feather on its crest.
    "J": (
        '<path d="M11.2 8.2c-.5-3.4 1.3-6.2 4.8-7.1 2.4-.6 4.8-.2 6.6 1.1-1.9.1-3.4.6-4.3 1.5'
        ' 1.3.2 2.5.9 3.3 1.9-1.8-.3-3.4-.1-4.6.6 1 .5 1.7 1.2 2.1 2.2-2.6-.9-5.5-.9-7.9-.2z"/>'
        '<path d="M5.4 22.6v-7.6c0-4.3 2.9-7.3 6.6-7.3s6.6 3 6.6 7.3v7.6z"/>'
        f'<path {_DETAIL} d="M7.3 13.6h9.4v1.7H7.3z"/>'
        f'<circle {_DETAIL} cx="9.4" cy="18.4" r=".75"/>'
        f'<circle {_DETAIL} cx="12" cy="18.4" r=".75"/>'
        f'<circle {_DETAIL} cx="14.6" cy="18.4" r=".75"/>'
        '<path d="M4.4 21.2h15.2v1.8H4.4z"/>'
    ),
}


STD_SVG_SYMBOLS: str = (
    # Inline in HTML (the parser gives it the SVG namespace). Not `hidden`/display:none,
    # which stops some browsers painting what refers to it: zero-size instead.
    # Its size is css/cards.css's .svg-sprite: the CSP allows no style attribute.
    '<svg class="svg-sprite" aria-hidden="true" focusable="false">'
    + svg_symbols("sf-s-", _SUIT_PATHS)
    + svg_symbols("sf-c-", _COURT_PATHS)
    + "</svg>"
)

__all__ = [
    "COURTS",
    "RANKS",
    "RANK_NAMES",
    "RED_SUITS",
    "STD_IDS",
    "STD_SVG_SYMBOLS",
    "SUITS",
    "SUIT_NAMES",
    "std_card_classes",
    "std_card_html",
    "std_card_inner_html",
    "std_card_label",
    "std_card_the",
    "std_parse",
]
