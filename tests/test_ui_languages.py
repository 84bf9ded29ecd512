"""The page's own words in Dutch and French (game/ui: layouts, hints and the solver's
answers, addresses, saves, the table), made when they are shown: switching the language
and building again gives the new language, and English stays as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from game import i18n
from game.engine import Gesture, Kind
from game.games import GAMES, load, load_all
from game.i18n import tr
from game.ui import assist
from game.ui.games import page_of
from game.ui.numbers import grouped
from game.ui.store import Store
from game.ui.table import TableSession
from game.ui.table_setup import read_setup, setup_form
from game.ui.urlstate import parse_route

from .kk_helpers import INERT, position
from .test_ui_logic import MemoryStorage


@pytest.fixture
def speak() -> Iterator:
    """speak("nl"): the messages in that language until the test ends."""
    yield i18n.set_language
    i18n.set_language("en")


def attributes(html: str, name: str) -> list[str]:
    return re.findall(rf'{name}="([^"]*)"', html)


# -- layouts ---------------------------------------------------------------------------------


def test_boards_are_built_in_the_language_of_the_moment(speak):
    english = page_of(load("devils-square")).board_html({})
    assert 'aria-label="Cell 1"' in english and 'data-caption="Draw pile"' in english
    speak("nl")
    dutch = page_of(load("devils-square")).board_html({})
    assert 'aria-label="Vak 1"' in dutch and 'data-caption="Trekstapel"' in dutch
    assert 'aria-label="Weggelegde kwartetten"' in dutch
    speak("fr")
    french = page_of(load("kings-corner-solitaire")).board_html({})
    assert "Case 1, place d’un roi" in french and 'data-caption="Talon"' in french
    table = page_of(load("kings-corner")).board_html({"players": "h22"})
    assert ">Fin du tour</button>" in table and 'aria-label="Rangée nord"' in table
    assert '<option value="fast">rapide</option>' in table
    speak("en")
    assert page_of(load("devils-square")).board_html({}) == english


def test_no_english_word_is_left_in_a_dutch_board(speak):
    speak("nl")
    words = {"Cell", "Waste", "Draw", "pile", "Books", "Discard", "Seat", "Deal",
             "stall", "Corner", "turn", "Show", "Pace", "slow", "fast", "Hurry", "rules",
             "dealer", "chips", "cards", "over", "Stock"}  # ("Hand" is Dutch too; the
    #                                    Dutch draw pile is the "Trekstapel": issue 18)
    said = ("aria-label", "data-caption", "data-deal", "data-turn", "data-empty",
            "data-dealer", "data-unit")
    for game_id, info in load_all().items():
        html = page_of(info).board_html({"players": "h2"} if info.table else {})
        shown = " ".join([text for name in said for text in attributes(html, name)]
                         + re.findall(r">([^<]+)<", html))
        assert not words & set(re.findall(r"[A-Za-z]+", shown)), (game_id, shown)


def test_labels_options_and_refusals_in_dutch(speak):
    speak("nl")
    grip, grip_page = load("devils-grip"), page_of(load("devils-grip"))
    status = grip.engine.new(deal=1).status()
    assert status.score_label == "Resterend" and tr(grip_page.pile_label) == "Trekstapel"
    assert grip.options_text({"draw": 1, "passes": 3}) == "één kaart tegelijk, 3 rondes"
    table = load("kings-corner")
    assert (table.options_text({"rules": "classic", "under": True, "match": 50})
            == "Klassieke regels, onder de rijen, partij tot 50")
    square = page_of(load("devils-square"))
    assert square.refusal_text("Nee.") == "De bewaker weigert: Nee."
    assert grip_page.refusal_text("Nee.") == "Nee."
    assert [tr(mode.label) for mode in grip.modes] == ["Eén kaart tegelijk", "Eén ronde",
                                                       "Drie rondes"]
    assert tr(load("kings-square").win_title) == "Je hebt de sleutels verdiend!"


def test_english_labels_are_unchanged():
    assert page_of(load("devils-square")).refusal_text("No.") == "The guard refuses: No."
    assert load("devils-grip").options_text({"draw": 1, "passes": 1}) == "deal one, one pass"
    assert load("kings-corner-solitaire").engine.new(deal=1).status().score_label == "Courts"


# -- hints, the solver, replays ---------------------------------------------------------------


def test_hints_in_dutch_and_french(speak):
    @dataclass(frozen=True)
    class Onto:
        gesture: Gesture = Gesture(Kind.BUILD, "cell-0", "cell-1", 1)

    class Position:
        def zones(self):
            return {"cell-0": ["G2A"], "cell-1": []}

        def why(self, move):  # (the game says it in the language of the moment)
            return tr("It makes a book.")

    def label(card: str) -> str:
        return f"<{card}>"

    speak("nl")
    marks = assist.hint_marks(Position(), Onto(), label, lambda card: f"de <{card}>")
    assert marks.text == ("Hint: verplaats de <G2A> naar het oplichtende lege vak. "
                          "Zo maak je een kwartet.")
    speak("fr")
    marks = assist.hint_marks(Position(), Onto(), label, lambda card: f"la <{card}>")
    assert marks.text == ("Indice\u00a0: déplacez la <G2A> vers la case vide qui brille. "
                          "Cela complète une série.")
    assert assist.no_hint_text(GAMES["devils-grip"].new(deal=3)) == (
        "Pas d’indice\u00a0: aucun coup ne fait progresser ici.")


def test_a_real_hint_in_dutch_names_its_cards_in_dutch(speak):
    from game.ai import solitaire
    from game.ui.games.kings_keys import KINGS_KEYS_FACES

    speak("nl")
    cells = [["G2A"], ["G1K"], ["G1S"], ["R2K", "R3A"], ["R1C"]] + [[c] for c in INERT[:11]]
    game = position(cells, stock=["B2K", "B2S", "B2C"])
    move = solitaire.load(game.id).hint(game)
    marks = assist.hint_marks(game, move, KINGS_KEYS_FACES.label, KINGS_KEYS_FACES.the)
    assert marks.text.startswith("Hint: ") and marks.text.endswith(".")
    assert not re.search(r"\b(Green|Red|Axe|Key|Shield|Coin|move|onto)\b", marks.text)


def answer(game_id, *args):
    from game.ai import solitaire

    return assist.answer_text(*args, solitaire.load(game_id).value_text)


def test_the_solvers_answers_count_in_the_language(speak):
    speak("nl")
    assert answer("devils-grip", "won", 1, 0, 5) == (
        "Ja: dit spel is te winnen in 1 zet.")
    assert answer("devils-grip", "won", 214, 0, 5) == (
        "Ja: dit spel is te winnen in 214 zetten.")
    assert answer("devils-square", "lost", 3, 1, 9) == (
        "Nee: geen enkele reeks zetten wint dit spel. Er is hoogstens 1 kwartet te maken.")
    assert assist.progress_text(123456) == "123.456 stellingen doorzocht"
    assert assist.Replay(12, shown=3).text() == "Zet 3 van 12"
    speak("fr")
    assert answer("kings-square", "lost", 3, 0, 9).endswith(
        "On peut faire au plus 0 série.")  # French counts 0 as singular
    assert answer("devils-square", "unknown", 0, 0, 2_000_000) == (
        "Le solveur a abandonné après 2\u202f000\u202f000 positions, sans réponse.")
    assert grouped(1234) == "1\u202f234"


def test_the_help_section_and_deal_choices_follow_the_language(speak):
    speak("fr")
    html = assist.help_html(False, "Une note.")
    assert "L’aide de l’ordinateur" in html and "<b>Nouvelle donne</b>" in html
    assert "Une note." in html and "Hint" not in html
    assert "Le mode gardien ne donne pas d’indices." in assist.help_html(True, "")
    choice = assist.deal_choice("devils-square", {})
    assert choice.note and not choice.note.startswith("Every")
    assert all(not label.startswith(("Any", "Winnable", "Easy")) for _, label in choice.kinds)
    assert tr(assist.deal_badge("devils-square", 2, {})) in (
        "Facile", "Moyenne", "Difficile", "Gagnable")


# -- addresses and saves ----------------------------------------------------------------------


def test_address_errors_in_dutch(speak):
    speak("nl")
    assert parse_route("?deal=3").error == (
        "Dat adres noemt geen spel, dus hier is de lijst met spellen.")
    assert parse_route("?game=poker").error == "Hier is geen spel met de naam “poker”."
    error = parse_route("?game=devils-grip&deal=0").error
    assert error.startswith("Spelnummers lopen van 1 tot ") and "“0” is er geen." in error
    assert "." in error.split("tot ")[1].split(";")[0]  # 1.000.000-style grouping
    assert parse_route("?game=devils-grip&colour=red").error.endswith(
        "heeft geen optie “colour”.")
    assert parse_route("?game=devils-grip&draw=x").error == "De optie draw kan niet “x” zijn."


def test_english_address_errors_are_unchanged():
    assert parse_route("?game=poker").error == "There is no game called “poker” here."
    assert "is not one." in parse_route("?game=devils-grip&deal=0").error


def test_a_storage_problem_is_told_in_the_language_of_the_moment(speak):
    store = Store(None)  # made before the page's language is chosen
    speak("fr")
    assert store.take_problem() == (
        "Ce navigateur n’offre pas de stockage ici\u00a0: votre progression n’est pas enregistrée.")


def test_a_damaged_save_is_reported_in_dutch(speak):
    from tests.session_helpers import opened

    speak("nl")
    memory = MemoryStorage()
    store = Store(memory)
    memory.data["cardgames:save:devils-grip:5"] = "{not json"
    _, _, notes = opened(store, "devils-grip", 5, {})
    assert notes and notes[0].startswith("Je bewaarde spel ") and "beschadigd" in notes[0]


# -- the table --------------------------------------------------------------------------------


def test_the_tables_names_follow_the_language_even_when_saved(speak):
    game = GAMES["kings-corner"].new(deal=4, players="h2")
    english = TableSession(game).player_names
    assert english == ["You", "Arthur"]
    speak("nl")
    assert TableSession(game).player_names == ["Jij", "Arthur"]
    assert TableSession(game, names=english).player_names == ["Jij", "Arthur"]  # a saved default
    several = GAMES["kings-corner"].new(deal=4, players="hh2")
    assert TableSession(several, names=["Player 1", "", ""]).player_names == [
        "Speler 1", "Speler 2", "Arthur"]
    assert TableSession(several, names=["Ann", "Speler 2"]).player_names == ["Ann", "Speler 2",
                                                                       "Arthur"]
    speak("fr")
    assert TableSession(game, names=["Jij"]).player_names == ["Vous", "Arthur"]
    assert TableSession(GAMES["kings-corner"].new(deal=4, players="h23")).player_names == [
        "Vous", "Arthur", "Guenièvre"]
    speak("en")
    assert TableSession(game, names=["Vous"]).player_names == ["You", "Arthur"]
    session = TableSession(game)
    assert session.is_you(0) and not session.is_you(1)


def test_the_set_up_form_in_french(speak):
    speak("fr")
    html = setup_form("h2", ["", ""], {"rules": "classic", "match": 50})
    assert "<legend>Places</legend>" in html and "<legend>Règles</legend>" in html
    assert 'placeholder="nom (humains)"' in html and ">Ordinateur\u00a0: facile</option>" in html
    assert re.search(r'match en <input type="number" name="match"[^>]*value="50"> points de '
                     "pénalité \\(0\u00a0: une seule manche\\)", html)
    values = {"seat-0": "h", "seat-1": "2", "rules": "classic", "match": "50"}
    assert read_setup(values) == ({"players": "h2", "rules": "classic", "match": 50}, ["", ""])
