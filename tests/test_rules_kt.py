"""The Kings in the Corner (2 to 6 players) rules page: markup, both rule sets, and its
pictures checked against the engine: the dealt trays, the stalls, the moved stall and the
card played under a row. Pure CPython."""

import functools
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from game.games.kings_corner import CORNERS, SIDES, STALLS, Shift, fits
from game.ui.games.kings_corner import _KT_DEAL_SIDES
from game.ui.rules import RULES_HTML
from game.ui.stdface import STD_IDS
from tests.html_helpers import BalanceChecker, parse
from tests.kc_helpers import GAME, kc_position, table_deck

HTML = RULES_HTML.get("kings-corner", "")


@functools.cache
def page() -> ET.Element:
    return parse(HTML)


def classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in classes(el)]


def text_of(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def shown_cards(el: ET.Element) -> list[str]:
    """The card ids an element shows, in document order."""
    return [card.get("data-face") for card in el.iter() if "card" in classes(card)]


def cards_of(el: ET.Element) -> list[str]:
    return (el.get("data-cards") or "").split()


def tray_stalls(tray: ET.Element) -> dict[str, list[str]]:
    """A mini tray's eight stalls, stall -> cards bottom first."""
    stalls = {stall.get("data-stall"): cards_of(stall) for stall in with_class(tray, "ktx-stall")}
    assert sorted(stalls) == sorted(STALLS)
    return stalls


def figure(when: str, within: ET.Element | None = None) -> ET.Element:
    (found,) = [el for el in (page() if within is None else within).iter("figure")
                if el.get("data-when") == when]
    return found


def row_of(cls: str) -> ET.Element:
    (found,) = with_class(page(), cls)
    return found


# -- the page ------------------------------------------------------------------------------


def test_page_is_registered_and_built_lazily():
    assert "kings-corner" in list(RULES_HTML)
    assert HTML and RULES_HTML["kings-corner"] is HTML  # built once, then kept


def test_building_the_page_imports_only_its_game():
    """The rules module stays light: the page is text and figures; only the game's own
    module is imported (its descriptor names the page)."""
    code = ("import sys\nfrom game.ui.rules import RULES_HTML\nRULES_HTML['kings-corner']\n"
            "print(sorted(m for m in sys.modules if m.startswith('game.games.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=str(Path(__file__).parent.parent))
    assert out.stdout.strip() == "['game.games.kings_corner']"


def test_page_is_balanced_and_well_formed():
    checker = BalanceChecker()
    checker.feed(HTML)
    checker.close()
    assert checker.errors == [] and checker.stack == []
    assert page() is not None  # well-formed as XML too
    assert "http" not in HTML


def test_title_alt_name_tagline_and_sections():
    h2 = page().find("h2")
    assert h2 is not None and text_of(h2).startswith("Kings in the Corner")
    (alt,) = with_class(h2, "alt-name")
    assert text_of(alt) == "for 2 to 6 players"
    assert [el for el in page() if el.get("class") == "tagline"]
    assert [el for el in page() if el.get("class") == "story"]  # the short intro
    heads = [text_of(h3) for h3 in page().findall("h3")]
    for head in ["Two rule sets", "The cards and the tray", "Building down in alternate "
                 "colours", "four kinds of play", "The Jax rules", "The Classic rules",
                 "Classic options", "Computer opponents", "How to play"]:
        assert any(head in h for h in heads), head


def test_common_rules():
    text = text_of(page())
    for phrase in [
        "52 cards", "Ace, which is low", "seven cards", "dealer’s left",
        "four side stalls", "four corner stalls", "marked K", "take only Kings",
        "one rank higher", "the other colour", "The suit does not matter",
        "bottom card and the top card", "A card on a stall", "A King to a corner",
        "A whole side stall onto another stall", "bottom card fits",
        "may move to an empty corner", "Corner stalls never move",
        "Any card on an empty side stall", "the deal passes to the left",
    ]:
        assert phrase in text, phrase


def test_jax_rules():
    text = text_of(page())
    for phrase in [
        "Jax", "(the default)", "80 chips", "shared out as equally as possible",
        "27, 27 and 26", "one chip in the pot", "Kings are played at once",
        "goes to an empty corner by itself", "three-chip penalty",
        "counts as a play of that turn", "too late to spare you", "The no-play chip",
        "made no play", "forgetting to draw",
        "drawing the top card of the draw pile", "you do not draw again",
        "one chip per card", "whole pot", "one point per chip", "cannot pay pays what they have",
        "only the points carry over", "100 points", "stays there until a player moves it",
        "play goes on without drawing", "the hand is blocked", "fewest cards",
        "the first of them from the dealer’s left",
    ]:
        assert phrase in text, phrase


def test_classic_rules_and_options():
    text = text_of(page())
    for phrase in [
        "Usually 2 to 4 players", "up to 6", "goes to a corner at once", "Draw first",
        "starts with drawing one card", "Kings are not forced", "first to empty their hand",
        "Blocked hands as in Jax", "Draw at the end of the turn", "Draw two cards",
        "Play under the rows", "While at least one side stall is empty", "nothing goes under a "
        "King", "penalty points", "10 for each King", "1 for every other card",
        "The winner of a hand scores none", "lowest total wins", "A limit of 0 plays one hand",
    ]:
        assert phrase in text, phrase


def test_computer_opponents_and_how_to_play():
    text = text_of(page())
    for phrase in [
        "None of them ever sees your hand", "Easy", "random legal plays", "Normal",
        "greedy", "Kings to the corners first", "free a side stall", "longest pile", "Hard",
        "looks ahead over the cards it cannot see", "wins most often",
        "goes there at once", "light up", "Click or tap a side stall", "drag", "End turn",
        "Undo", "takes back your own plays of this turn", "Pace", "slow, normal or fast",
        "Hurry up", "Seats & rules", "2 to 6 seats", "Easy, Normal or Hard",
        "Start a new match", "Show my hand", "summary", "who paid what", "Next hand",
        "final table", "New deal", "Copy link", "Give up",
    ]:
        assert phrase in text, phrase


# -- the pictures ------------------------------------------------------------------------


def test_every_card_is_in_a_figure_with_distinct_standard_ids():
    figures = list(page().iter("figure"))
    assert len(figures) >= 8
    in_figures = 0
    for fig in figures:
        cards = shown_cards(fig)
        assert cards, "a figure without cards"
        assert all(card in STD_IDS for card in cards), cards
        assert len(set(cards)) == len(cards), cards
        for el in fig.iter():
            if "card" in classes(el):
                assert "std" in classes(el) and el.get("class").startswith("card std")
        whole = [card for el in fig.iter() for card in cards_of(el)]
        assert len(set(whole)) == len(whole), whole  # hidden cards too
        assert all(card in STD_IDS for card in whole)
        in_figures += len(cards)
    assert in_figures == len(shown_cards(page()))
    for el in page().iter():
        if el.get("role") == "img":
            assert len(el.get("aria-label", "")) > 20


def test_every_stall_is_legal_and_shown_as_the_table_shows_it():
    stalls = with_class(page(), "ktx-stall") + with_class(page(), "ktx-pile")
    assert len(stalls) >= 8 * 4 + 5
    for el in stalls:
        cards = cards_of(el)
        for below, card in zip(cards, cards[1:], strict=False):
            assert fits(card, below), (card, below)
        shown = shown_cards(el)
        name = el.get("data-stall")
        if "ktx-corner" in classes(el):
            assert name in CORNERS
            assert not cards or cards[0][0] == "K"  # corners start with a King
            assert shown == cards[-1:]  # each card covers the one below
        elif "ktx-side" in classes(el) or "ktx-ends" in classes(el):
            assert name in SIDES or name is None
            assert shown == (cards[:1] + cards[-1:] if len(cards) > 1 else cards)
        else:
            assert "ktx-spread" in classes(el)
            assert shown == cards
        assert ("ktx-empty" in classes(el)) == (not cards)


def test_the_example_stall_builds_down():
    row = row_of("ktx-big")
    piles = with_class(row, "ktx-pile")
    assert [cards_of(p) for p in piles] == [["KS", "QH", "JC"]] * 2
    assert shown_cards(piles[0]) == ["KS", "JC"]  # bottom and top, as on the tray
    assert shown_cards(piles[1]) == ["KS", "QH", "JC"]
    assert "a red 10" in text_of(row)
    assert fits("TH", "JC") and fits("TD", "JC")


def test_the_dealt_trays_are_real_deals():
    """Dealt through the engine (two players, nothing else moved), the same cards give the
    same trays: under Jax the King of clubs stays north; under Classic the King of diamonds
    goes to the first corner and leaves the east stall empty."""
    for rules in ("jax", "classic"):
        deck = table_deck([[], []], sides=_KT_DEAL_SIDES[rules])
        game = GAME.new(deck=deck, players="h2", rules=rules)
        assert tray_stalls(figure(rules)) == game.stalls, rules
    assert figure("jax").find(".//*[@data-stall='N']").get("data-cards") == "KC"
    classic = tray_stalls(figure("classic"))
    assert classic["E"] == [] and classic["NE"] == ["KD"]


def test_the_moved_stall_is_a_real_move():
    """The before tray, N>E through the engine, gives the after tray; the lit stalls are
    exactly where the picked-up stall may go."""
    row = row_of("ktx-move")
    before, after = figure("before", row), figure("after", row)
    game = kc_position([["2C", "3D"], ["4S"]], stalls=tray_stalls(before))
    (src,) = [el.get("data-stall") for el in with_class(before, "ktx-from")]
    lit = {el.get("data-stall") for el in with_class(before, "ktx-to")}
    targets = {m.dst for m in game.legal_moves() if isinstance(m, Shift) and m.src == src}
    assert lit == targets and targets
    assert row.get("data-move").startswith(f"{src}>")
    game.push(row.get("data-move"))
    assert game.stalls == tray_stalls(after)


def test_the_card_under_a_row_is_a_real_move():
    """Classic with `under`: the 10 of hearts goes under the north stall while the west
    stall is empty, and not once every side stall is filled."""
    row = row_of("ktx-under")
    stall = cards_of(figure("before", row).find(".//*[@data-cards]"))
    (card,) = cards_of(figure("hand", row).find(".//*[@data-cards]"))
    result = cards_of(figure("after", row).find(".//*[@data-cards]"))
    move = row.get("data-move")
    assert move == f"{card}<N"
    stalls = {"N": stall, "E": ["QS"], "S": ["4C"]}  # the west stall empty
    game = kc_position([[card, "2C"], ["3D"]], stalls=stalls, rules="classic", under=True)
    game.push(move)
    assert game.stalls["N"] == result == [card, *stall]
    full = kc_position([[card, "2C"], ["3D"]], stalls={**stalls, "W": ["6H"]},
                       rules="classic", under=True)
    assert move not in {str(m) for m in full.legal_moves()}
