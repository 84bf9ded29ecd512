"""Card-face markup for the King's Keys deck (Devil's Square, King's Square).

Pure Python: no browser import, so it runs in CPython and Pyodide alike.

A card face is small HTML with inline SVG that points (`<use href="#kk-...">`)
at symbols defined once per page in `SVG_SYMBOLS`. The page inserts
`SVG_SYMBOLS` once, anywhere in <body>, before or after the cards appear.
css/cards.css draws the rest (colours, colour patterns, sizes).

Every face carries three cues besides its colour, so the game plays
colour-blind: the Number (digits, and as many kingdom pips), the Item icon,
and the colour's kingdom symbol (Yellow Sun, Red Mountain, Green Forest,
Blue Ocean), plus a background pattern per colour.

The top strip of the face (the part left visible when cards overlap in a
fanned stack) shows the Number, the Item and the kingdom symbol.
"""

from __future__ import annotations

from html import escape

from ..engine.cards import kk_name, kk_the

COLOURS = {"Y": "Yellow", "R": "Red", "G": "Green", "B": "Blue"}
KINGDOMS = {"Y": "Sun", "R": "Mountain", "G": "Forest", "B": "Ocean"}
ITEMS = {"K": "Key", "A": "Axe", "S": "Shield", "C": "Coin"}
NUMBERS = "1234"

KK_IDS: tuple[str, ...] = tuple(c + n + i for c in COLOURS for n in NUMBERS for i in ITEMS)


def _parse(card_id: str) -> tuple[str, str, str]:
    if not isinstance(card_id, str) or len(card_id) != 3:
        raise ValueError(f"not a King's Keys card id: {card_id!r}")
    colour, number, item = card_id[0], card_id[1], card_id[2]
    if colour not in COLOURS or number not in NUMBERS or item not in ITEMS:
        raise ValueError(f"not a King's Keys card id: {card_id!r}")
    return colour, number, item


def kk_card_label(card_id: str) -> str:
    """'G3A' -> '3 Green Axe', in the current language (the engine's name of the card)."""
    _parse(card_id)
    return kk_name(card_id)


def kk_card_the(card_id: str) -> str:
    """'G3A' -> 'the 3 Green Axe': the name with its article, for inside a sentence."""
    _parse(card_id)
    return kk_the(card_id)


def kk_card_classes(card_id: str) -> str:
    """Classes for the outer card element: 'card kk c-G n-3 i-A'.

    The face itself does not depend on them (it carries its own colour class),
    but they let CSS and tests select cards by colour, number or item.
    """
    colour, number, item = _parse(card_id)
    return f"card kk c-{colour} n-{number} i-{item}"


def _use(cls: str, ref: str) -> str:
    return f'<svg class="{cls}" viewBox="0 0 24 24"><use href="#{ref}"/></svg>'


def kk_card_inner_html(card_id: str) -> str:
    """The inner markup of a King's Keys card element (about 0.6-0.8 KB).

    Needs `SVG_SYMBOLS` once in the page and css/cards.css.
    """
    colour, number, item = _parse(card_id)
    label = escape(kk_card_label(card_id))
    pips = _use("kk-pip", f"kk-k-{colour}") * int(number)
    return (
        f'<div class="kk-face kk-{colour}" aria-hidden="true">'
        f'<div class="kk-strip"><b class="kk-n">{number}</b>'
        f"{_use('kk-si', f'kk-i-{item}')}{_use('kk-sk', f'kk-k-{colour}')}</div>"
        f'<div class="kk-body"><div class="kk-medal">{_use("kk-big", f"kk-i-{item}")}</div>'
        f'<div class="kk-pips">{pips}</div></div>'
        f"</div>"
        f'<span class="kk-sr">{label}</span>'
    )


def kk_card_html(card_id: str, extra_class: str = "") -> str:
    """A complete, static card element (for the rules page and the landing page)."""
    classes = kk_card_classes(card_id) + (f" {extra_class}" if extra_class else "")
    return f'<div class="{classes}" data-face="{card_id}">{kk_card_inner_html(card_id)}</div>'


# Symbols, all in a 24x24 viewBox. Items are drawn in currentColor with details
# in var(--kk-detail); kingdom symbols in currentColor.
_DETAIL = 'class="kk-detail"'  # css/cards.css fills it (no style attributes: the CSP)
_ITEM_PATHS = {
    # Key: a ring bow, a shaft and two teeth.
    "K": (
        '<path fill-rule="evenodd" d="M12 1a5 5 0 1 1 0 10a5 5 0 1 1 0-10z'
        'm0 2.6a2.4 2.4 0 1 0 0 4.8a2.4 2.4 0 1 0 0-4.8z"/>'
        '<path d="M10.6 10.4h2.8V23h-2.8zM13.4 15.2h3.6v2.3h-3.6zM13.4 19.4h4.6v2.5h-4.6z"/>'
    ),
    # Axe: a slanted haft and a fan-shaped, bearded blade.
    "A": (
        '<g transform="rotate(40 12 12)">'
        '<rect x="10.6" y="3" width="2.8" height="20.5" rx="1.2"/>'
        '<path d="M11 4.6 6.8 2.8C4.6 1.8 3 1 2.2.4.6 4.4.6 10 2.4 14.2'
        'c1.1-1 3-2.2 4.6-3.2L11 9.4zM13 5h2.6v3.8H13z"/></g>'
    ),
    # Shield: a heater shield with a cross.
    "S": (
        '<path d="M12 1.2 21 4.4v6.5c0 5.7-3.7 10-9 12-5.3-2-9-6.3-9-12V4.4z"/>'
        f'<path {_DETAIL} d="M10.8 4.6h2.4v5.2h5.5v2.4h-5.5v7.7l-1.2.6-1.2-.6v-7.7'
        'H5.3V9.8h5.5z"/>'
    ),
    # Coin: a rimmed disc with a five-pointed star.
    "C": (
        '<circle cx="12" cy="12" r="10.5"/>'
        '<circle cx="12" cy="12" r="8.2" fill="none" class="kk-detail-ring" '
        'stroke-width="1.1"/>'
        f'<path {_DETAIL} d="M12 5.8l1.75 4.1 4.45.35-3.4 2.9 1.05 4.35L12 15.15 8.15 17.5'
        'l1.05-4.35-3.4-2.9 4.45-.35z"/>'
    ),
}

_KINGDOM_PATHS = {
    # Sun: a disc and eight rays.
    "Y": (
        '<circle cx="12" cy="12" r="5.2"/>'
        '<path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" '
        'd="M12 1.6v2.8M12 19.6v2.8M1.6 12h2.8M19.6 12h2.8'
        'M4.6 4.6l2 2M17.4 17.4l2 2M4.6 19.4l2-2M17.4 6.6l2-2"/>'
    ),
    # Mountain: two peaks, the tall one snow-capped.
    "R": (
        '<path d="M.8 21 9.2 5.4l4.2 7.6 3-4.6L23.2 21z"/>'
        f'<path {_DETAIL} d="M9.2 5.4l2.6 4.8-1.5-.9-1.1 1.3-1.3-1.2-1.5.9z"/>'
    ),
    # Forest: a pine tree.
    "G": (
        '<path d="M12 .8l5.4 7.4h-2.6l4.8 6.3h-3.4L21 20.4h-7.4V23h-3.2v-2.6H3'
        'l4.8-5.9H4.4l4.8-6.3H6.6z"/>'
    ),
    # Ocean: two rolling waves.
    "B": (
        '<path fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" '
        'd="M1.5 9.5c1.8-2.4 3.7-2.4 5.3 0s3.5 2.4 5.2 0 3.5-2.4 5.2 0 3.4 2.4 5.3 0'
        'M1.5 16.5c1.8-2.4 3.7-2.4 5.3 0s3.5 2.4 5.2 0 3.5-2.4 5.2 0 3.4 2.4 5.3 0"/>'
    ),
}


def svg_symbols(prefix: str, paths: dict[str, str]) -> str:
    """`<symbol>` elements with ids prefix+key, for faces that `<use>` them (all decks)."""
    return "".join(
        f'<symbol id="{prefix}{key}" viewBox="0 0 24 24">{body}</symbol>'
        for key, body in paths.items()
    )


SVG_SYMBOLS: str = (
    # Inline in HTML (the parser gives it the SVG namespace). Not `hidden`/display:none,
    # which stops some browsers painting what refers to it: zero-size instead.
    # Its size is css/cards.css's .svg-sprite: the CSP allows no style attribute.
    '<svg class="svg-sprite" aria-hidden="true" focusable="false">'
    + svg_symbols("kk-i-", _ITEM_PATHS)
    + svg_symbols("kk-k-", _KINGDOM_PATHS)
    + "</svg>"
)

__all__ = [
    "COLOURS",
    "ITEMS",
    "KINGDOMS",
    "KK_IDS",
    "SVG_SYMBOLS",
    "kk_card_classes",
    "kk_card_html",
    "kk_card_inner_html",
    "kk_card_label",
    "kk_card_the",
]
