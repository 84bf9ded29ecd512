"""The Kings in the Corner (solitaire) rules page: markup, the court-spot plans, and the
sample game redrawn as real cards, checked against the engine. Pure CPython."""

import xml.etree.ElementTree as ET

import pytest

from game.games.kings_corner_solitaire import KIC_DECK, VALUE, KingsCornerSolitaire
from game.ui.rules import RULES_HTML
from game.ui.stdface import STD_IDS
from tests.html_helpers import BalanceChecker, parse

HTML = RULES_HTML.get("kings-corner-solitaire", "")

# The seed's sample game, every one of its diagrams in order, with the suits the page gives
# its cards ('.' an empty cell). The ranks are the seed's; the last deal ends with the King
# of clubs turned and no corner free.
SAMPLE_GAME = [
    ("First deal", "AH 6D 5S KS / 3D 7H 4C 3S / TC 8S 2C 4H / KD QC QH 8D"),
    ("Removal", "AH 6D 5S KS / 3D 7H 4C 3S / . 8S 2C 4H / KD QC QH 8D"),
    ("Removal", "AH 6D 5S KS / 3D . 4C . / . 8S 2C 4H / KD QC QH 8D"),
    ("Removal", "AH 6D 5S KS / 3D . 4C . / . 8S . 4H / KD QC QH ."),
    ("Removal", "AH . 5S KS / 3D . 4C . / . 8S . . / KD QC QH ."),
    ("Second deal", "AH 6S 5S KS / 3D 3H 4C 7C / AC 8S TH 6H / KD QC QH KH"),
    ("Removal", "AH . 5S KS / . 3H . . / AC 8S . 6H / KD QC QH KH"),
    ("Third deal", "AH AS 5S KS / JD 3H 5H TS / AC 8S 8H 6H / KD QC QH KH"),
    ("Removal", "AH AS . KS / JD 3H . . / AC 8S 8H 6H / KD QC QH KH"),
    ("Fourth deal", "AH AS 5C KS / JD 3H 9C JS / AC 8S 8H 6H / KD QC QH KH"),
    ("Removal", ". AS 5C KS / JD 3H . JS / AC 8S 8H 6H / KD QC QH KH"),
    ("Fifth deal", "AD AS 5C KS / JD 3H 4S JS / AC 8S 8H 6H / KD QC QH KH"),
    ("Removal", "AD AS 5C KS / JD 3H . JS / AC 8S 8H . / KD QC QH KH"),
    ("Sixth deal", "AD AS 5C KS / JD 3H 7S JS / AC 8S 8H 6C / KD QC QH KH"),
    ("Removal", "AD AS 5C KS / JD . . JS / AC 8S 8H 6C / KD QC QH KH"),
    ("Seventh deal", "AD AS 5C KS / JD TD 4D JS / AC 8S 8H 6C / KD QC QH KH"),
    ("Removal", "AD AS 5C KS / JD . . JS / AC 8S 8H . / KD QC QH KH"),
    ("Eighth deal", "AD AS 5C KS / JD 9D . JS / AC 8S 8H JH / KD QC QH KH"),
]
STUCK_KING = "KC"


def grid(rows: str) -> list[str | None]:
    cells = [None if c == "." else c for c in rows.replace("/", " ").split()]
    assert len(cells) == 16
    return cells


STATES = [grid(rows) for _, rows in SAMPLE_GAME]


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def text_of(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def sample_figures() -> list[ET.Element]:
    return with_class(parse(HTML), "kcx-sample")


def figure_cells(figure: ET.Element) -> list[str | None]:
    """The 16 cells of a figure's grid: a card id or None."""
    (grid_el,) = with_class(figure, "kcx-grid")
    cells = list(grid_el)
    assert len(cells) == 16
    out = []
    for cell in cells:
        assert "kcx-cell" in classes(cell)
        cards = [el for el in cell if "card" in classes(el)]
        assert len(cards) <= 1
        if cards:
            assert "kcx-empty" not in classes(cell)
            out.append(cards[0].get("data-face"))
        else:
            assert "kcx-empty" in classes(cell)
            out.append(None)
    return out


def test_page_exists_and_is_balanced():
    assert HTML
    checker = BalanceChecker()
    checker.feed(HTML)
    checker.close()
    assert checker.errors == [] and checker.stack == []
    parse(HTML)  # well-formed as XML too
    assert "http" not in HTML


def test_title_tagline_and_sections():
    root = parse(HTML)
    h2 = root.find("h2")
    assert h2 is not None
    assert "Kings in the Corner" in text_of(h2) and "Camelot" in text_of(h2)
    assert [el for el in root if el.get("class") == "tagline"]
    heads = [text_of(h3) for h3 in root.findall("h3")]
    for head in ["The deck", "court spots", "Filling", "Removing", "Winning", "Camelot",
                 "sample game", "How to play"]:
        assert any(head in h for h in heads), head


def test_rules_text():
    text = text_of(parse(HTML))
    for phrase in [
        "52 cards",
        "Ace counts 1",
        "4 by 4",
        "Kings go in the four corners",
        "Queens in the middles of the top and bottom rows",
        "Jacks in the middles of the left and right columns",
        "Queens on the sides",
        "the Queens go in the middles of the left and right columns",
        "any empty cell",
        "court spots included",
        "When several are free, you choose",
        "goes there by itself",
        "none of its spots is free",
        "all 16 cells are full",
        "two number cards that add up to 10",
        "Court cards never leave",
        "nothing more can be removed",
        "nothing can be removed loses",
        "all 12 court cards",
        "number of court cards on their spots",
        "number cards must all be removed too",
        "only a full grid starts a removing phase",
        "When the last card leaves a cell empty, nothing more can be removed",
        "give up",
        "shown large beside the stock",
        "drag",
        "light up",
        "Remove a 10, or two cards that add up to 10.",
        "Click a 10",
        "Ctrl",
        "Restart",
        "New deal",
        "Copy link",
    ]:
        assert phrase in text, phrase


PLAIN = {0: "K", 3: "K", 12: "K", 15: "K", 1: "Q", 2: "Q", 13: "Q", 14: "Q",
         4: "J", 7: "J", 8: "J", 11: "J"}
SWAPPED = {cell: {"Q": "J", "J": "Q"}.get(rank, rank) for cell, rank in PLAIN.items()}


def test_court_spot_plans():
    plans = with_class(parse(HTML), "kcx-spots")
    assert len(plans) == 2
    for plan, spots in zip(plans, (PLAIN, SWAPPED), strict=True):
        assert plan.get("role") == "img" and plan.get("aria-label")
        cells = list(plan)
        assert len(cells) == 16
        for i, cell in enumerate(cells):
            assert (cell.text or "").strip() == spots.get(i, ""), i
            assert cell.get("data-spot") == spots.get(i)
    assert [i for i, cell in enumerate(plans[0]) if cell.text == "K"] == [0, 3, 12, 15]


def test_sample_figures_are_real_grids():
    figures = sample_figures()
    assert len(figures) >= 3
    for figure in figures:
        (grid_el,) = with_class(figure, "kcx-grid")
        assert grid_el.get("role") == "img"
        assert len(grid_el.get("aria-label", "")) > 40
        caption = figure.find("figcaption")
        assert caption is not None and text_of(caption)
        cards = [card for card in figure_cells(figure) if card]
        assert all(card in STD_IDS for card in cards)
        assert len(set(cards)) == len(cards)
    names = [text_of(f.find("figcaption")).split(".")[0] for f in figures]
    assert names[0] == "First deal" and names[-1] == "Eighth deal"
    assert "Removal" in names


def test_sample_figures_follow_the_seed_game_in_order():
    """Each figure is one of the seed's diagrams, in order; its ringed cards are those
    removed before the grid is filled again; the last shows the King with no corner."""
    at = 0
    for figure in sample_figures():
        cells = figure_cells(figure)
        name = text_of(figure.find("figcaption")).split(".")[0]
        while at < len(STATES) and STATES[at] != cells:
            at += 1
        assert at < len(STATES), f"{name}: not a diagram of the sample game (in order)"
        if name.endswith("deal"):
            assert SAMPLE_GAME[at][0] == name
        else:
            assert SAMPLE_GAME[at][0] == "Removal", name
        end = at
        while end + 1 < len(STATES) and SAMPLE_GAME[end + 1][0] == "Removal":
            end += 1
        removed = {card for card in STATES[at] if card and card not in STATES[end]}
        ringed = {card.get("data-face") for card in with_class(figure, "kcx-out")}
        assert ringed == removed, name
    turned = with_class(sample_figures()[-1], "kcx-turned")
    assert [el.get("data-face") for el in with_class(turned[0], "card")] == [STUCK_KING]


def sample_deck() -> list[str]:
    """The deck order that deals the sample game: cards in the order they are placed, then
    the stuck King, then the rest."""
    order = []
    previous: list[str | None] = [None] * 16
    for cells in STATES:
        order += [card for old, card in zip(previous, cells, strict=True) if card and card != old]
        previous = cells
    order.append(STUCK_KING)
    return order + sorted(set(KIC_DECK) - set(order))


def pairs(cards: list[tuple[int, str]]) -> list[str]:
    """Removal moves for the cards (cell, card) that leave the grid together."""
    moves, rest = [], list(cards)
    while rest:
        a, card = rest.pop(0)
        if VALUE[card] == 10:
            moves.append(f"r{a}")
            continue
        b, _ = next((b, c) for b, c in rest if VALUE[card] + VALUE[c] == 10)
        rest = [(cell, c) for cell, c in rest if cell != b]
        moves.append(f"r{min(a, b)}+{max(a, b)}")
    return moves


def test_sample_game_is_a_real_game():
    """Replayed through the engine, the sample game is legal move by move: every card once,
    every diagram reached, removing exactly when the grid is full, and the King of clubs
    turning up with no corner free at the end."""
    deck = sample_deck()
    assert sorted(deck) == sorted(KIC_DECK)  # no card twice across the whole game
    game = KingsCornerSolitaire.new(deck=deck)
    previous: list[str | None] = [None] * 16
    for (name, _), cells in zip(SAMPLE_GAME, STATES, strict=True):
        if name == "Removal":
            gone = [(i, old) for i, old in enumerate(previous) if old != cells[i]]
            assert all(cells[i] is None for i, _ in gone)  # removing only takes cards away
            assert game.removing
            for move in pairs(gone):
                game.push(move)
        else:
            assert not game.removing
            for i, (old, card) in enumerate(zip(previous, cells, strict=True)):
                if card == old or game.cells[i] == card:  # a court card placed by itself
                    continue
                assert game.turned() == card, (name, i)
                game.push(f"p{i}")
        assert game.cells == cells, name
        previous = cells
        if name != "Eighth deal":
            assert not game.is_over(), name
    assert game.is_over()
    outcome = game.outcome()
    assert not outcome.won and outcome.score == 8
    assert game.stock[-1] == STUCK_KING and "King of clubs" in outcome.reason


@pytest.mark.parametrize("figure", range(len(sample_figures())))
def test_each_diagram_has_sixteen_cells(figure):
    assert len(figure_cells(sample_figures()[figure])) == 16
