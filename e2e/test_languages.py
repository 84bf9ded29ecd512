"""The page in the player's language: Dutch for a browser set to nl-NL, French for fr-FR,
English for en-US (and for any language the site does not speak); a choice stored in
localStorage "cardgames:language" wins over the browser. The words are checked against
the catalogues (game/i18n/<lang>/LC_MESSAGES/messages.mo), so a better translation does not
break a test, but an English word left where a translation exists does."""

from __future__ import annotations

import pytest
from helpers import READY, READY_TIMEOUT_MS
from playwright.sync_api import BrowserContext, Page, expect

from game.games import load_all
from game.i18n import tr_in

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

KEY = "cardgames:language"  # game/ui/language.py's KEY
DS = "/?game=devils-square&deal=3"

# The main buttons of a game, by data-action: none may keep its English word in Dutch.
MAIN_BUTTONS = {
    "undo": "Undo", "redo": "Redo", "restart": "Restart", "hint": "Hint", "new": "New deal",
    "giveup": "Give up", "rules": "Rules",
}
ENGLISH_TITLES = {
    "undo": "Undo (Ctrl+Z)", "redo": "Redo (Ctrl+Shift+Z)",
    "restart": "Back to the deal (Redo replays your moves)", "giveup":
    "End this game with the score so far", "rules": "How to play",
}


def say(lang: str, text: str, **params) -> str:
    """`text` as the page must show it in `lang` (English: the text itself)."""
    return tr_in(lang, text, **params)


def open_page(context: BrowserContext, site_url: str, path: str = "/") -> Page:
    page = context.new_page()
    page.goto(site_url + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def in_locale(new_context, locale: str, stored: str | None = None) -> BrowserContext:
    context = new_context(locale=locale)
    if stored is not None:
        context.add_init_script(  # (about:blank has no storage)
            f"if (location.protocol.startsWith('http')) localStorage.setItem({KEY!r}, {stored!r})")
    return context


def expect_language(page: Page, lang: str) -> None:
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("header .brand")).to_have_text(say(lang, "Card Games"))


def expect_game_list(page: Page, lang: str) -> None:
    expect_language(page, lang)
    expect(page).to_have_title(say(lang, "Card Games"))
    expect(page.locator("#home .intro h2")).to_have_text(
        say(lang, "Patiences of escape and cunning, and a table for friends"))
    titles = page.locator("#game-list .game-tile h2").all_inner_texts()
    assert titles == [say(lang, info.title) for info in load_all().values()]
    modes = page.locator('#game-list .mode-link[data-game-id="devils-grip"]')
    expect(modes.first).to_have_text(say(lang, "Deal one"))
    guard = page.locator('#game-list .mode-link[data-game-id="devils-square"]')
    expect(guard).to_contain_text(say(lang, "Guard mode"))


def expect_game_page(page: Page, lang: str) -> None:
    expect_language(page, lang)
    expect(page).to_have_title(say(lang, "{game} · deal {n}", game=say(lang, "Devil's Square"),
                                   n=3))
    expect(page.locator("#deal-label")).to_have_text(say(lang, "Deal {n}", n=3))
    expect(page.locator("#pile-label")).to_have_text(say(lang, "Draw pile"))
    for action, english in MAIN_BUTTONS.items():
        button = page.locator(f'header [data-action="{action}"]')
        expect(button).to_have_text(say(lang, english))
        if action in ENGLISH_TITLES:
            expect(button).to_have_attribute("title", say(lang, ENGLISH_TITLES[action]))
    expect(page.locator("#btn-copy")).to_have_text(say(lang, "Copy link"))
    expect(page.locator('[data-zone="cell-0"]')).to_have_attribute(
        "aria-label", say(lang, "Cell {n}", n=1))


# -- the browser's language ------------------------------------------------------------------


def test_a_dutch_browser_gets_the_game_list_and_a_game_in_dutch(new_context, site_url):
    context = in_locale(new_context, "nl-NL")
    page = open_page(context, site_url)
    expect_game_list(page, "nl")
    assert say("nl", "Card Games") == "Kaartspellen"  # the catalogue does translate it
    page = open_page(context, site_url, DS)
    expect_game_page(page, "nl")
    dutch_too = {"Hint"}  # the same word in Dutch
    shown = {page.locator(f'header [data-action="{a}"]').inner_text() for a in MAIN_BUTTONS}
    left = shown & set(MAIN_BUTTONS.values()) - dutch_too
    assert not left, f"English left on the buttons: {left}"
    assert page.locator('header [data-action="undo"]').inner_text() == "Terug"


def test_the_dialogs_speak_dutch(new_context, site_url):
    page = open_page(in_locale(new_context, "nl-NL"), site_url, DS)
    page.locator('header [data-action="rules"]').click()
    rules = page.locator("#rules-dialog")
    expect(rules).to_be_visible()
    expect(rules).to_have_attribute("aria-label", "Regels")
    expect(rules.locator('[data-action="close"]')).to_have_text("Sluiten")
    expect(rules.locator("#help")).to_have_text(say("nl", "Help from the computer"))
    rules.locator('[data-action="close"]').click()

    page.locator('header [data-action="giveup"]').click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm.locator("h2")).to_have_text("Dit spel opgeven?")
    expect(confirm.locator("p")).to_have_text(
        say("nl", "The game ends with the score you have now."))
    expect(confirm.locator('[data-action="close"]')).to_have_text("Verder spelen")
    confirm.locator('[data-action="confirm-giveup"]').click()

    end = page.locator("#end-dialog")
    expect(end).to_be_visible()
    expect(end.locator("#outcome-title")).to_have_text("Je hebt opgegeven")
    expect(end.locator("#outcome-score-label")).to_have_text(say("nl", "Score"))
    buttons = end.locator(".buttons button").all_inner_texts()
    assert buttons == [say("nl", text) for text in (
        "New deal", "Restart this deal", "Undo last move", "Look at the board",
        "Share this game", "Share as a challenge")]
    assert "New deal" not in buttons
    expect(end.locator('[data-action="solve"]')).to_have_text("Was het te winnen?")
    expect(page.locator("#message")).to_contain_text("Spel voorbij:")


def test_a_french_browser_gets_french(new_context, site_url):
    context = in_locale(new_context, "fr-FR")
    expect_game_list(open_page(context, site_url), "fr")
    page = open_page(context, site_url, DS)
    expect_game_page(page, "fr")
    expect(page.locator('header [data-action="new"]')).to_have_text("Nouvelle donne")
    page.locator('header [data-action="giveup"]').click()
    expect(page.locator("#confirm-title")).to_have_text("Abandonner cette partie ?")


def test_an_english_browser_and_an_unknown_language_get_english(new_context, site_url):
    for locale in ("en-US", "de-DE"):
        context = in_locale(new_context, locale)
        expect_game_list(open_page(context, site_url), "en")
        page = open_page(context, site_url, DS)
        expect_game_page(page, "en")
        expect(page.locator('header [data-action="undo"]')).to_have_text("Undo")
        context.close()


def test_a_stored_choice_overrides_the_browser(new_context, site_url):
    page = open_page(in_locale(new_context, "nl-NL", stored="fr"), site_url, DS)
    expect_game_page(page, "fr")
    page = open_page(in_locale(new_context, "fr-FR", stored="en"), site_url)
    expect_game_list(page, "en")
    page = open_page(in_locale(new_context, "en-US", stored="auto"), site_url)  # the browser's
    expect_game_list(page, "en")
    page = open_page(in_locale(new_context, "fr-FR", stored="xx"), site_url)  # not a language
    expect_game_list(page, "fr")


def test_a_choice_stored_later_shows_after_a_reload(new_context, site_url):
    page = open_page(in_locale(new_context, "en-US"), site_url, DS)
    expect_game_page(page, "en")
    page.evaluate(f"localStorage.setItem({KEY!r}, 'nl')")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    expect_game_page(page, "nl")


def test_the_loading_screen_speaks_the_language_before_python(new_context, site_url):
    page = in_locale(new_context, "nl-NL").new_page()
    page.goto(site_url + "/", wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.lang") == "nl"
    expect(page.locator("#loader .loader-title")).to_have_text("Kaartspellen")
    # "Loading…", then the game on its way (PyScript's progress may come first)
    assert page.locator("#loader-status").text_content() in (
        "Laden…", "De kaarten worden klaargelegd…")
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    # Python took over from the English key the loader kept
    expect(page.locator("#loader .loader-title")).to_have_attribute("data-i18n-en", "Card Games")
    expect(page).to_have_title("Kaartspellen")


# -- switching while playing -------------------------------------------------------------------


def test_switching_the_language_redraws_the_game_and_the_list(new_context, site_url):
    page = open_page(in_locale(new_context, "en-US"), site_url, DS)
    page.locator('header .actions [data-action="settings"]').click()
    select = page.locator("#pref-language")
    expect(select).to_be_visible()
    select.select_option("nl")
    expect_game_page(page, "nl")
    expect(page.locator('[data-zone="stock"]')).to_have_attribute(
        "data-caption", say("nl", "Draw pile"))
    assert page.evaluate(f"localStorage.getItem({KEY!r})") == "nl"
    page.keyboard.press("Escape")
    page.locator("header .brand").click()
    page.wait_for_selector("body[data-view=home]", state="attached")
    expect_game_list(page, "nl")


def test_a_table_of_kings_in_the_corner_in_dutch(new_context, site_url):
    page = open_page(in_locale(new_context, "nl-NL"), site_url,
                     "/?game=kings-corner&deal=5&players=h1")
    expect(page.locator('[data-action="end-turn"]')).to_have_text("Beurt klaar")
    expect(page.locator('[data-action="setup"]')).to_have_text(say("nl", "Seats & rules"))
    expect(page.locator('[data-zone="side-N"]')).to_have_attribute("aria-label", "Rij noord")
    names = page.locator("#board .seat-name").all_inner_texts()
    assert say("nl", "You") in names and "You" not in names
    prompt = page.locator("#prompt")
    expect(prompt).not_to_have_text("")
    assert not any(word in prompt.inner_text() for word in ("turn", "playing", "hand"))
