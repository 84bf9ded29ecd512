"""Card-face markup and rules pages: pure Python, no browser."""

import re
import xml.etree.ElementTree as ET

import pytest

from game.ui.cardface import (
    KK_IDS,
    SVG_SYMBOLS,
    kk_card_classes,
    kk_card_html,
    kk_card_inner_html,
    kk_card_label,
)
from game.ui.rules import RULES_HTML


def parse(fragment: str) -> ET.Element:
    return ET.fromstring(f"<root>{fragment}</root>")


def test_all_64_ids():
    assert len(KK_IDS) == 64 == len(set(KK_IDS))
    for colour in "YRGB":
        for number in "1234":
            for item in "KASC":
                assert colour + number + item in KK_IDS


@pytest.mark.parametrize(
    "card, label",
    [
        ("G3A", "3 Green Axe"),
        ("Y1K", "1 Yellow Key"),
        ("R4S", "4 Red Shield"),
        ("B2C", "2 Blue Coin"),
    ],
)
def test_labels(card, label):
    assert kk_card_label(card) == label


@pytest.mark.parametrize("card", KK_IDS)
def test_every_card_has_label_classes_and_wellformed_markup(card):
    colour, number, item = card
    label = kk_card_label(card)
    assert label.startswith(number + " ")
    expected = ["card", "kk", f"c-{colour}", f"n-{number}", f"i-{item}"]
    assert kk_card_classes(card).split() == expected
    inner = kk_card_inner_html(card)
    assert len(inner.encode()) < 1500
    root = parse(inner)
    face = root.find("div")
    assert face is not None and f"kk-{colour}" in face.get("class").split()
    # the number, the item and the kingdom are all there (colour is never the only cue)
    assert face.find(".//b[@class='kk-n']").text == number
    refs = [u.get("href") for u in root.iter("use")]
    assert f"#kk-i-{item}" in refs
    assert refs.count(f"#kk-k-{colour}") == 1 + int(number)  # strip symbol + one pip per number
    # the accessible label rides along
    assert label in "".join(root.itertext())
    parse(kk_card_html(card))


@pytest.mark.parametrize(
    "bad", ["", "G", "G3", "G3AA", "g3a", "X3A", "G5A", "G0A", "G3X", "3GA", None, 123, "G3a"]
)
def test_bad_ids_raise_value_error(bad):
    for fn in (kk_card_label, kk_card_inner_html, kk_card_classes):
        with pytest.raises(ValueError):
            fn(bad)


def test_symbols_define_every_reference():
    root = ET.fromstring(SVG_SYMBOLS)
    ids = {el.get("id") for el in root.iter() if el.tag.endswith("symbol")}
    assert ids == {f"kk-i-{i}" for i in "KASC"} | {f"kk-k-{c}" for c in "YRGB"}
    for card in KK_IDS:
        for ref in re.findall(r'href="#([^"]+)"', kk_card_inner_html(card)):
            assert ref in ids
    assert "http" not in SVG_SYMBOLS


@pytest.mark.parametrize("game", ["devils-square", "kings-square"])
def test_rules_pages(game):
    html = RULES_HTML[game]
    root = parse(html)
    text = " ".join("".join(root.itertext()).split())
    assert root.find("h2") is not None and len(root.findall("h3")) >= 8
    for phrase in [
        "3 Green Axe",
        "2 Green Coin",
        "2 Green Shield",
        "reading order",
        "160 points",
        "10 points",
        "hopping between two stacks forever does not keep the game alive",
        "give up",
        "Guard mode",
        "no undo and no hints",
        "statistics",
        "empty cell",
        "Ctrl",
        "drag",
    ]:
        assert phrase in text, (game, phrase)
    assert "http" not in html
    # example cards use the game's markup
    assert "kk-face" in html


def test_rules_stories_differ():
    ds, ks = RULES_HTML["devils-square"], RULES_HTML["kings-square"]
    assert "Devil's Square" in ds and "King's Square" in ks
    assert "imprisoned in a dungeon for eternity" in ds
    assert "The King has thrown you in his dungeon" in ks
    assert ds != ks
