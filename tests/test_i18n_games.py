"""The engine speaks the player's language (issue 7): refused moves, prompts, outcomes,
ratings and card names come out in Dutch and French once the language is set, and in
English, unchanged, otherwise. Every test leaves the language English."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai import deal_lists
from game.engine import IllegalMove
from game.engine.cards import (
    KINGS_KEYS_DECK,
    kk_colour_name,
    kk_item_name,
    kk_name,
    kk_the,
    rank_name,
    std_name,
    std_the,
    suit_name,
)
from game.games import GAMES, REGISTRY
from game.games.devils_grip import DEVILS_GRIP_DECK, Build, rating, rating_key
from game.games.kings_corner_solitaire import KIC_DECK
from game.i18n import tr, translations

NBSP = "\u00a0"  # French puts a no-break space before : ; ! ?


@pytest.fixture
def speak():
    """Set the language for a test; English again afterwards, whatever happened."""
    def switch(lang: str) -> str:
        return i18n.set_language(lang)
    try:
        yield switch
    finally:
        i18n.set_language("en")


def deck_starting(full: tuple[str, ...], *first: str) -> list[str]:
    """`full` in its own order, with `first` moved to the front (dealt first)."""
    return [*first, *(card for card in full if card not in first)]


def refusal(game, move) -> str:
    with pytest.raises(IllegalMove) as error:
        game.push(move)
    return str(error.value)


# -- card names ---------------------------------------------------------------------------


def test_card_names_in_english_are_unchanged():
    assert i18n.language() == "en"
    assert kk_name("G3A") == "3 Green Axe"
    assert kk_the("B2S") == "the 2 Blue Shield"
    assert std_name("QH") == "Queen of hearts"
    assert std_name("TD-2") == "10 of diamonds"
    assert std_the("AS") == "the Ace of spades"
    assert [rank_name(r) for r in "A7TJQK"] == ["Ace", "7", "10", "Jack", "Queen", "King"]


def test_card_names_in_dutch(speak):
    speak("nl")
    assert kk_name("G3A") == "3 Groene Bijl"
    assert kk_name("B2S") == "2 Blauw Schild"  # a het-word: the colour does not take -e
    assert kk_name("Y4K") == "4 Gele Sleutel"
    assert (kk_colour_name("R"), kk_item_name("C")) == ("Rood", "Munt")
    assert std_name("QH") == "hartenvrouw"  # as the rules pages write them
    assert std_name("8S-1") == "schoppen 8"
    assert std_name("JC") == "klaverenboer"
    assert std_name("KD") == "ruitenheer"
    assert std_the("AS") == "de schoppenaas"
    assert kk_the("G3A") == "de 3 Groene Bijl"
    assert kk_the("B2S") == "het 2 Blauw Schild"


def test_card_names_in_french(speak):
    speak("fr")
    assert kk_name("G3A") == "3 Hache verte"
    assert kk_name("G3S") == "3 Bouclier vert"  # the colour agrees with the Item
    assert kk_name("B1C") == "1 Pièce bleue"
    assert std_name("QH") == "dame de cœur"
    assert std_name("TD-2") == "10 de carreau"
    assert (rank_name("J"), suit_name("C")) == ("valet", "trèfle")
    assert std_the("QH") == "la dame de cœur"
    assert std_the("AS") == "l’as de pique"
    assert std_the("KS") == "le roi de pique"
    assert kk_the("G3A") == "le 3 Hache verte"


def test_every_card_has_its_own_name_in_every_language(speak):
    english = [kk_name(card) for card in KINGS_KEYS_DECK] + [std_name(c) for c in KIC_DECK]
    for lang in ("nl", "fr"):
        speak(lang)
        names = [kk_name(card) for card in KINGS_KEYS_DECK] + [std_name(c) for c in KIC_DECK]
        assert len(set(names)) == len(names)
        assert all(name != word for name, word in zip(names, english, strict=True))


# -- refused moves --------------------------------------------------------------------------


def devils_grip_game():
    """Cell 0 holds the 6 of spades, cell 1 the 4 of diamonds."""
    return GAMES["devils-grip"].new(deck=deck_starting(DEVILS_GRIP_DECK, "6S-1", "4D-1"))


def test_devils_grip_refusals(speak):
    english = devils_grip_game()
    assert english.why_not("cell-0", 1, "cell-1") == (
        "The 6 of spades cannot go on the 4 of diamonds: only the 7 of diamonds goes there.")
    assert refusal(english, Build(-1, 0)) == "The waste is empty."

    speak("nl")
    game = devils_grip_game()
    assert game.why_not("cell-0", 1, "cell-1") == (
        "De schoppen 6 kan niet op de ruiten 4: alleen de ruiten 7 past daar.")
    assert refusal(game, Build(-1, 0)) == "De aflegstapel is leeg."
    assert refusal(game, "redeal") == (
        "De aflegstapel wordt pas omgedraaid als de trekstapel leeg is.")

    speak("fr")
    assert game.why_not("cell-0", 1, "cell-1") == (
        f"Le 6 de pique ne peut pas aller sur le 4 de carreau{NBSP}: il n’y a de place que "
        "pour le 7 de carreau.")
    assert refusal(game, Build(-1, 0)) == "La défausse est vide."


def kings_keys_game():
    """Cell 0 holds the 2 Green Key, cell 1 the 2 Red Shield."""
    return GAMES["devils-square"].new(deck=deck_starting(KINGS_KEYS_DECK, "G2K", "R2S"))


def test_kings_keys_refusals(speak):
    assert kings_keys_game().why_not("cell-0", 1, "cell-1") == (
        "The 2 Green Key cannot go on the 2 Red Shield: the colours differ.")
    speak("nl")
    assert kings_keys_game().why_not("cell-0", 1, "cell-1") == (
        "De 2 Groene Sleutel kan niet op het 2 Rood Schild: de Kleuren verschillen.")
    assert refusal(kings_keys_game(), "0-0") == "Een stapel kan niet op zichzelf."
    speak("fr")
    assert kings_keys_game().why_not("cell-0", 1, "cell-1") == (
        f"Le 2 Clé verte ne peut pas aller sur le 2 Bouclier rouge{NBSP}: les Couleurs "
        "diffèrent.")


def test_kings_corner_refusal_names_the_card_with_its_article(speak):
    game = GAMES["kings-corner"].new(deal=8, players="hh")
    held = set(game.hands[game.to_move])
    queen = next(card for card in ("QH", "QS", "QD", "QC") if card not in held)
    assert refusal(game, f"{queen}>N") == f"The {std_name(queen)} is not in your hand."
    speak("fr")
    assert refusal(game, f"{queen}>N") == f"La {std_name(queen)} n’est pas dans votre main."
    assert std_name(queen).startswith("dame de ")
    speak("nl")
    assert refusal(game, f"{queen}>N") == f"De {std_name(queen)} zit niet in je hand."


def test_option_errors_a_link_can_show(speak):
    speak("nl")
    with pytest.raises(ValueError, match="Duivelsgreep draait één kaart of drie om"):
        GAMES["devils-grip"].new(deal=1, draw=2)
    speak("fr")
    with pytest.raises(ValueError, match="L’option draw appartient aux règles classiques"):
        GAMES["kings-corner"].new(deal=1, draw=2)


# -- prompts ----------------------------------------------------------------------------------


def test_prompts(speak):
    def patience(first: str):
        return GAMES["kings-corner-solitaire"].new(deck=deck_starting(KIC_DECK, first))

    assert patience("6C").status().prompt == "Place the 6 of clubs on any empty cell."
    assert patience("KH").status().prompt == "Place the King of hearts on a free corner."
    table = GAMES["kings-corner"].new(deal=3, players="hh")
    assert table.status().prompt == "Your turn."

    speak("nl")
    assert patience("6C").status().prompt == "Leg de klaveren 6 op een leeg vak naar keuze."
    assert patience("KH").status().prompt == "Leg de hartenheer in een vrije hoek."
    assert table.status().prompt == "Jij bent aan de beurt."

    speak("fr")
    assert patience("6C").status().prompt == "Posez le 6 de trèfle sur la case vide de votre choix."
    assert patience("QH").status().prompt == (
        "Posez la dame de cœur sur une place libre au milieu de la rangée du haut ou du bas.")
    assert table.status().prompt == "À vous de jouer."


# -- outcomes and ratings -------------------------------------------------------------------


def test_outcome_reasons(speak):
    def resigned(game_id: str, **options):
        game = GAMES[game_id].new(deal=12, **options)
        game.resign()
        return game.outcome().reason

    assert resigned("devils-square") == "You gave up with 0 books."
    assert resigned("devils-grip") == "You stopped with 72 cards left."
    assert resigned("kings-corner", players="hh") == "You left the table."

    speak("nl")
    assert resigned("devils-square") == "Je gaf op met 0 kwartetten."
    assert resigned("devils-grip") == "Je bent gestopt met 72 kaarten over."
    assert resigned("kings-corner", players="hh") == "Je hebt de tafel verlaten."

    speak("fr")
    assert resigned("devils-square") == "Vous avez abandonné avec 0 série."  # 0 is singular
    assert resigned("devils-grip") == "Vous avez arrêté avec 72 cartes restantes."


def test_devils_grip_ratings(speak):
    assert [rating(score) for score in (0, 2, 5, 10, 11)] == [
        "a win", "excellent", "very good", "good", ""]
    speak("nl")
    assert [rating(score) for score in (0, 2, 5, 10, 11)] == [
        "een overwinning", "uitmuntend", "zeer goed", "goed", ""]  # the seed's words
    assert rating_key(4) == "very good"  # for styling: English whatever the language
    speak("fr")
    assert [rating(score) for score in (2, 5, 10)] == ["excellent", "très bien", "bien"]
    game = GAMES["devils-grip"].new(deal=1)
    assert game.status().rating == "" and game.status().rating_key == ""


# -- what the game list and the deal menu show ------------------------------------------


def test_titles_taglines_durations_are_in_the_catalogues():
    for lang in ("nl", "fr"):
        catalogue = translations(lang)._catalog  # GNUTranslations': msgid -> msgstr
        for info in REGISTRY.values():
            for text in (info.title, info.tagline, info.duration):
                assert text in catalogue, (lang, info.id, text)
            if info.subtitle and not info.subtitle_lang:
                assert info.subtitle in catalogue, (lang, info.id, info.subtitle)


def test_titles_translate_where_shown(speak):
    speak("nl")
    assert tr(REGISTRY["devils-grip"].title) == "Duivelsgreep"
    assert tr(REGISTRY["devils-square"].title) == "Duivelsvierkant"
    speak("fr")
    assert tr(REGISTRY["kings-square"].title) == "Carré du Roi"
    assert tr(REGISTRY["kings-corner"].subtitle) == "de 2 à 6 joueurs"


def test_deal_menu(speak):
    english = deal_lists.choices("devils-grip")
    assert english[0] == ("any", "Any deal")
    speak("nl")
    assert deal_lists.choices("devils-grip") == [
        ("any", "Elk spel"), ("easy", "Makkelijke spellen"),
        ("medium", "Gemiddelde spellen"), ("hard", "Moeilijke spellen")]
    assert deal_lists.grade_note(REGISTRY["kings-square"].deals_id).startswith(
        "Elk ingedeeld spel")
    speak("fr")
    assert deal_lists.choices("kings-corner-solitaire")[0] == ("any", "N’importe quelle donne")


# -- nothing breaks in another language ------------------------------------------------------


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_every_refusal_is_a_sentence_in_the_language(speak, lang):
    """Every pick-up and drop on a few positions of each one-player game gives a reason
    (no missing placeholder, no English leaking through)."""
    speak(lang)
    english_starts = ("The ", "That ", "There ", "Cards ", "Nothing ", "Only ", "No ")
    for game_id in ("devils-square", "devils-grip", "kings-corner-solitaire"):
        game = GAMES[game_id].new(deal=21)
        for _ in range(6):
            zones = sorted(game.PICK_ZONES)
            for source in zones:
                for target in zones:
                    if source != target:
                        reason = game.why_not(source, 1, target)
                        assert reason and not reason.startswith(english_starts), reason
            moves = game.legal_moves()
            if not moves:
                break
            game.push(moves[0])
    assert i18n.language() == lang
