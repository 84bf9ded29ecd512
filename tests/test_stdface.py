"""Standard card faces (game.ui.stdface) and the Devil's Grip rules page: pure Python."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.ui.rules import RULES_HTML
from game.ui.stdface import (
    STD_IDS,
    STD_SVG_SYMBOLS,
    std_card_classes,
    std_card_html,
    std_card_inner_html,
    std_card_label,
    std_parse,
)

ALL_FORMS = [card + suffix for card in STD_IDS for suffix in ("", "-1", "-2")]
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"}


def parse(fragment: str) -> ET.Element:
    return ET.fromstring(f"<root>{fragment}</root>")


def symbol_ids() -> set[str]:
    root = ET.fromstring(STD_SVG_SYMBOLS)
    return {el.get("id") for el in root.iter() if el.tag.endswith("symbol")}


def test_all_52_ids():
    assert len(STD_IDS) == 52 == len(set(STD_IDS))
    for suit in "SHDC":
        for rank in "A23456789TJQK":
            assert rank + suit in STD_IDS


@pytest.mark.parametrize(
    "card, label",
    [
        ("TD", "10 of diamonds"),
        ("QH", "Queen of hearts"),
        ("AS", "Ace of spades"),
        ("2C", "2 of clubs"),
        ("JS-1", "Jack of spades"),
        ("KD-2", "King of diamonds"),
        ("9H-2", "9 of hearts"),
    ],
)
def test_labels(card, label):
    assert std_card_label(card) == label


@pytest.mark.parametrize("card", ALL_FORMS)
def test_every_card_has_label_classes_and_wellformed_markup(card):
    rank, suit = card[0], card[1]
    red = suit in "HD"
    label = std_card_label(card)
    assert label == f"{RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit]}"
    assert std_card_classes(card).split() == [
        "card", "std", f"s-{suit}", f"r-{rank}", "red" if red else "black",
    ]  # fmt: skip
    inner = std_card_inner_html(card)
    assert len(inner.encode()) < 1024
    root = parse(inner)
    face = root.find("div")
    classes = face.get("class").split()
    assert "sf" in classes and ("sf-red" if red else "sf-blk") in classes
    assert ("sf-court" if rank in "JQK" else "sf-pip") in classes
    # the index: rank and suit, side by side at the top left
    index = face.find("div[@class='sf-ix']")
    assert index.find("b").text == ("10" if rank == "T" else rank)
    assert [u.get("href") for u in index.iter("use")] == [f"#sf-s-{suit}"]
    refs = [u.get("href") for u in root.iter("use")]
    if rank in "JQK":
        assert f"#sf-c-{rank}" in refs
    else:
        assert refs.count(f"#sf-s-{suit}") == 2 and not any("sf-c-" in r for r in refs)
    # the accessible label rides along; the copy suffix never shows
    assert label in "".join(root.itertext())
    assert "-1" not in inner and "-2" not in inner
    # two copies look the same
    assert inner == std_card_inner_html(card.split("-")[0])
    whole = parse(std_card_html(card, "ex-lift")).find("div")
    assert whole.get("class").split()[:5] == std_card_classes(card).split()
    assert "ex-lift" in whole.get("class").split()
    assert whole.get("data-face") == card.split("-")[0]


def test_symbols_define_every_reference():
    ids = symbol_ids()
    assert ids == {f"sf-s-{s}" for s in "SHDC"} | {f"sf-c-{r}" for r in "JQK"}
    for card in ALL_FORMS:
        for ref in re.findall(r'href="#([^"]+)"', std_card_inner_html(card)):
            assert ref in ids, (card, ref)
    assert "http" not in STD_SVG_SYMBOLS.replace("http://www.w3.org", "")
    # zero-size but painted, like cardface.SVG_SYMBOLS (display:none would break <use>)
    svg = ET.fromstring(STD_SVG_SYMBOLS)
    # (a class, not a style attribute, which the Content-Security-Policy refuses)
    assert svg.get("class") == "svg-sprite" and svg.get("style") is None
    css = (Path(__file__).resolve().parent.parent / "css" / "cards.css").read_text()
    rule = re.search(r"\.svg-sprite \{([^}]*)\}", css).group(1)
    assert "width: 0" in rule and "display" not in rule
    assert svg.get("aria-hidden") == "true"


def test_symbol_ids_do_not_clash_with_kings_keys():
    from game.ui.cardface import SVG_SYMBOLS

    kk = set(re.findall(r'id="([^"]+)"', SVG_SYMBOLS))
    assert kk and not kk & symbol_ids()


@pytest.mark.parametrize(
    "bad",
    [
        "", "T", "10D", "1D", "AD-", "AD-0", "AD-x", "AD--1", "AD-1-2", "td", "Td", "tD",
        "XD", "AX", "DT", "AS ", " AS", "ASS", None, 12, ("A", "S"),
    ],
)  # fmt: skip
def test_bad_ids_raise_value_error(bad):
    for fn in (std_card_label, std_card_inner_html, std_card_classes, std_card_html, std_parse):
        with pytest.raises(ValueError):
            fn(bad)


def test_devils_grip_rules_page():
    html = RULES_HTML["devils-grip"]
    root = parse(html.replace("&#8592;", "&#x2190;"))
    text = " ".join("".join(root.itertext()).split())
    h2 = root.find("h2")
    assert h2 is not None and "Devil's Grip" in "".join(h2.itertext())
    assert "Duivelsgreep" in "".join(h2.itertext())
    assert len(root.findall("h3")) >= 8
    for phrase in [
        "96 cards",
        "without their Aces",
        "3 rows of 8",
        "72 cards",
        "2, 5, 8, Jack",
        "3, 6, 9, Queen",
        "4, 7, 10, King",
        "at most four cards",
        "need not start at its base",
        "Any two cells",
        "arrange the rows",
        "reading order",
        "three",
        "same order",
        "deal one card at a time",
        "only 1 or 3 passes",
        "no sequence of builds, deals and redeals",
        "24 piles of four",
        "10 or fewer",
        "5 or fewer",
        "2 or fewer",
        "excellent",
        "give up",
        "Ctrl",
        "drag",
        "swap",
    ]:
        assert phrase in text, phrase
    assert "http" not in html
    # example cards are standard cards, drawn with the game's markup
    assert "sf-ix" in html and "kk-face" not in html
    for ref in re.findall(r'href="#([^"]+)"', html):
        assert ref in symbol_ids()
