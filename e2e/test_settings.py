"""The settings in Chromium (issue 7): each one changes the page and survives a reload,
the language switch keeps the game, damaged settings are set aside, and auto-play plays
a forced move (and leaves an undone one alone, and never plays in Guard mode).

The settings dialog is used as a player uses it (the gear button, its selects and
checkboxes); positions for auto-play are found in CPython and stored as a save, which
the page resumes."""

from __future__ import annotations

import json

import pytest
from helpers import (
    READY,
    READY_TIMEOUT_MS,
    TOAST_LOG_JS,
    find_single_target_move,
    seed_storage,
    storage,
    toasts,
)
from playwright.sync_api import Page, expect

from game.games import GAMES
from game.ui import settings as st
from game.ui.store import slot_key

pytestmark = pytest.mark.browser_context_args(service_workers="block")

DS = "/?game=devils-square&deal=3"
DG = "/?game=devils-grip&deal=3"
GEAR = '.actions [data-action="settings"]'
DIALOG = "#settings-dialog"


def open_page(context, site_url: str, path: str) -> Page:
    page = context.new_page()
    page.goto(site_url + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    return page


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def open_settings(page: Page, button: str = GEAR) -> None:
    page.click(button)
    expect(page.locator(DIALOG)).to_have_attribute("open", "")


def close_settings(page: Page) -> None:
    page.click(f"{DIALOG} [data-pref='close']")
    expect(page.locator(DIALOG)).not_to_have_attribute("open", "")


def stored(page: Page) -> dict:
    return json.loads(storage(page).get(st.KEY) or "{}")


def html(page: Page, what: str):
    return page.evaluate(f"document.documentElement.{what}")


def css_var(page: Page, name: str) -> str:
    return page.evaluate(
        f"getComputedStyle(document.documentElement).getPropertyValue('{name}').trim()")


def body_colour(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


# -- the table: light and dark ------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_follows_the_system_until_chosen(new_context, site_url, scheme):
    context = new_context(color_scheme=scheme)
    page = open_page(context, site_url, DS)
    assert html(page, "dataset.theme") == scheme
    other = "dark" if scheme == "light" else "light"
    before = body_colour(page)
    open_settings(page)
    page.select_option("#pref-theme", other)
    assert html(page, "dataset.theme") == other
    assert body_colour(page) != before  # the dungeon's floor changed with the light
    assert stored(page)["theme"] == other and stored(page)["v"] == st.VERSION
    reload(page)
    assert html(page, "dataset.theme") == other


def test_the_game_list_has_the_settings_too(context, site_url):
    page = open_page(context, site_url, "/")
    open_settings(page, "body[data-view=home] .home-settings")
    page.select_option("#pref-theme", "dark")
    assert html(page, "dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
    close_settings(page)
    reload(page)
    assert html(page, "dataset.theme") == "dark"


# -- card backs and tables ----------------------------------------------------------------------

LOOKS_JS = """
() => {
  const back = document.querySelector('#board .card-back');
  const floor = getComputedStyle(document.body, '::before');
  return {
    back: back ? getComputedStyle(back).backgroundImage : null,
    frame: back ? getComputedStyle(back).boxShadow : null,
    floor: floor.backgroundImage,
    page: getComputedStyle(document.body).backgroundColor,
    own: getComputedStyle(document.body).getPropertyValue('--bg').trim(),
  };
}
"""


def choose(page: Page, name: str, value: str) -> None:
    """Pick a swatch as a player does: a click on its picture or name."""
    page.click(f'label[for="pref-{name}-{value}"]')
    expect(page.locator(f"#pref-{name}-{value}")).to_be_checked()


def test_a_card_back_and_a_table_are_chosen_apply_at_once_and_stay(context, site_url):
    page = open_page(context, site_url, DG)  # its stock is a pile of backs
    assert html(page, "dataset.back") == "game" and html(page, "dataset.tabletop") == "game"
    before = page.evaluate(LOOKS_JS)
    assert before["back"]
    open_settings(page)
    expect(page.locator("#pref-back-game")).to_be_checked()
    choose(page, "back", "rose")
    choose(page, "tabletop", "walnut")
    assert html(page, "dataset.back") == "rose" and html(page, "dataset.tabletop") == "walnut"
    chosen = page.evaluate(LOOKS_JS)
    assert chosen["back"] != before["back"] and "a3171f" in chosen["back"]  # the red ground
    assert chosen["frame"] != before["frame"]
    assert chosen["floor"] != before["floor"] and chosen["page"] != before["page"]
    assert chosen["own"] == before["own"]  # the game's own table stays, for its swatch
    assert stored(page)["back"] == "rose" and stored(page)["tabletop"] == "walnut"
    close_settings(page)
    reload(page)
    assert html(page, "dataset.back") == "rose" and html(page, "dataset.tabletop") == "walnut"
    assert page.evaluate(LOOKS_JS) == chosen
    # every game: another one has them too
    other = open_page(context, site_url, DS)
    looks = other.evaluate(LOOKS_JS)
    assert html(other, "dataset.back") == "rose" and html(other, "dataset.tabletop") == "walnut"
    assert looks["floor"] == chosen["floor"]  # the same walnut under another game
    # and back to each game's own
    open_settings(other)
    choose(other, "back", "game")
    choose(other, "tabletop", "game")
    reload(page)
    assert page.evaluate(LOOKS_JS) == before


# WCAG's contrast ratio of two computed colours (rgb() or rgba() text), for the checks below
RATIO_JS = """
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
"""

WORDS_JS = "() => {\n" + RATIO_JS + """
  const ground = getComputedStyle(document.body).backgroundColor;  // the table's colour
  const out = {};
  for (const sel of ['body', '#moves-label', '#moves', '#deal-label']) {
    const el = document.querySelector(sel);
    if (el) out[sel] = ratio(getComputedStyle(el).color, ground);
  }
  return out;
}
"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_words_read_on_every_table_by_day_and_at_night(new_context, site_url, game_id):
    """Each chosen table has a light and a dark version: the game's words (dark by day,
    light at night) keep at least 4.5:1 on it, with high-contrast cards too (they change
    the faces only)."""
    page = open_page(new_context(), site_url, f"/?game={game_id}&deal=3")
    open_settings(page)
    page.check("#pref-contrast")
    weak = []
    for theme in ("light", "dark"):
        page.select_option("#pref-theme", theme)
        for tabletop in ("felt", "slate", "walnut"):
            choose(page, "tabletop", tabletop)
            for what, ratio in page.evaluate(WORDS_JS).items():
                if ratio < 4.5:
                    weak.append((theme, tabletop, what, round(ratio, 2)))
    assert not weak, f"words below 4.5:1 on a chosen table: {weak}"


# -- high-contrast card faces -------------------------------------------------------------------

CONTRAST_JS = "() => {\n" + RATIO_JS + """
  const pairs = [];
  const add = (what, el, ink, ground) => {
    if (el) pairs.push([what, ratio(getComputedStyle(el)[ink], getComputedStyle(ground)[
      'backgroundColor'])]);
  };
  for (const card of document.querySelectorAll('#board .card')) {
    const id = card.dataset.card;
    const strip = card.querySelector('.kk-strip');
    if (strip) {
      add(id + ' number', card.querySelector('.kk-n'), 'color', strip);
      add(id + ' item', card.querySelector('.kk-big'), 'fill', card.querySelector('.kk-body'));
      add(id + ' pips', card.querySelector('.kk-pip'), 'fill', card.querySelector('.kk-body'));
    }
    const face = card.querySelector('.sf');
    if (face) {
      const tab = face.classList.contains('sf-red') ? card.querySelector('.sf-ix') : card;
      add(id + ' index', card.querySelector('.sf-r'), 'color', tab);
      add(id + ' suit', face, 'color', card);
    }
  }
  return pairs;
}
"""


@pytest.mark.parametrize("path", [DS, DG])
def test_high_contrast_cards_pass_the_contrast_checks_and_stay(context, site_url, path):
    page = open_page(context, site_url, path)
    open_settings(page)
    page.check("#pref-contrast")
    assert "high-contrast" in html(page, "className").split()
    close_settings(page)
    pairs = page.evaluate(CONTRAST_JS)
    assert len(pairs) >= 16
    weak = [(what, round(ratio, 2)) for what, ratio in pairs if ratio < 7]
    assert not weak, f"below 7:1 (WCAG AAA) on high-contrast faces: {weak}"
    if path == DG:  # four colours: diamonds blue, clubs green, hearts red, spades black
        colours = page.evaluate("""() => Object.fromEntries(['S', 'H', 'D', 'C'].map(s => {
            const face = document.querySelector(`#board .card.s-${s} .sf`);
            return [s, face ? getComputedStyle(face).color : null]; }))""")
        assert len({c for c in colours.values() if c}) == 4, colours
    reload(page)
    assert "high-contrast" in html(page, "className").split()


# -- animation speed and reduced motion ---------------------------------------------------------

def click_a_single_target_card(page: Page, deal: int = 3) -> str:
    """Click a card with one legal target (it moves at once); its id."""
    game = GAMES["devils-square"].new(deal=deal)
    move = find_single_target_move(game)
    card = game.zones()[f"cell-{move.src}"][-1]
    page.click(f'[data-zone="cell-{move.src}"] [data-card="{card}"]')
    page.wait_for_selector(f'[data-zone="cell-{move.dst}"] [data-card="{card}"]',
                           state="attached")
    return card


def test_speed_sets_the_length_of_a_move_and_stays(context, site_url):
    page = open_page(context, site_url, DS)
    assert css_var(page, "--move-ms") == "180ms"
    open_settings(page)
    page.select_option("#pref-speed", "slow")
    assert css_var(page, "--move-ms") == "320ms"
    close_settings(page)
    # every animation a card starts, noted as it starts (on a loaded machine a 320 ms glide
    # can be over before the click's round trip returns)
    page.evaluate("""() => {
      window.__glides = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        const made = animate.apply(this, args);
        const card = this.dataset.card;
        if (card) window.__glides.push([card, made.effect.getTiming().duration]);
        return made;
      };
    }""")
    card = click_a_single_target_card(page)
    durations = page.evaluate("c => window.__glides.filter(g => g[0] === c).map(g => g[1])", card)
    assert durations == [320]
    reload(page)
    assert css_var(page, "--move-ms") == "320ms"
    assert stored(page)["speed"] == "slow"


def test_speed_off_and_reduced_motion_make_moves_jump(context, site_url):
    page = open_page(context, site_url, DS)
    open_settings(page)
    page.select_option("#pref-motion", "reduce")
    assert "reduce-motion" in html(page, "className").split()
    assert css_var(page, "--move-ms") == "0ms"
    assert css_var(page, "--lift-ms") == "0ms"
    close_settings(page)
    card = click_a_single_target_card(page)
    assert page.evaluate(
        "c => document.querySelector(`[data-card=\"${c}\"]`).getAnimations().length", card) == 0
    # CSS transitions and animations are off too (a button's hover, a hint's pulse)
    assert page.evaluate("getComputedStyle(document.querySelector('.actions button'))"
                         ".transitionDuration") in ("0s", "0s, 0s")
    reload(page)
    assert "reduce-motion" in html(page, "className").split()


def test_reduced_motion_from_the_system_is_followed(new_context, site_url):
    context = new_context(reduced_motion="reduce")
    page = open_page(context, site_url, DS)
    assert "reduce-motion" not in html(page, "className").split()  # not forced...
    assert css_var(page, "--move-ms") == "0ms"  # ...but honoured
    card = click_a_single_target_card(page)
    assert page.evaluate(
        "c => document.querySelector(`[data-card=\"${c}\"]`).getAnimations().length", card) == 0


# -- language -----------------------------------------------------------------------------------


def test_the_language_switch_redraws_the_page_and_keeps_the_game(context, site_url):
    page = open_page(context, site_url, DS)
    card = click_a_single_target_card(page)
    moves = json.loads(storage(page)[slot_key("devils-square", 3, {})])["moves"]
    assert len(moves) == 1
    open_settings(page)
    languages = page.eval_on_selector_all("#pref-language option", "os => os.map(o => o.text)")
    assert languages == ["Browser's language", "English", "Nederlands", "Français"]
    page.select_option("#pref-language", "nl")
    assert html(page, "lang") == "nl"
    expect(page.locator("#settings-title")).to_have_text("Instellingen")
    expect(page.locator(f"{GEAR} span")).to_have_text("Instellingen")
    assert storage(page)["cardgames:language"] == "nl"
    # the game was opened again from its save: the move is still made, nothing lost
    assert json.loads(storage(page)[slot_key("devils-square", 3, {})])["moves"] == moves
    page.wait_for_selector(f'[data-card="{card}"]', state="attached")
    assert page.evaluate("document.body.dataset.game") == "devils-square"
    page.select_option("#pref-language", "fr")
    expect(page.locator("#settings-title")).to_have_text("Réglages")
    close_settings(page)
    reload(page)
    assert html(page, "lang") == "fr"
    expect(page.locator(f"{GEAR} span")).to_have_text("Réglages")


# -- never lose: damaged settings ---------------------------------------------------------------


def test_damaged_settings_are_set_aside_and_said_once(context, site_url):
    context.add_init_script(TOAST_LOG_JS)
    seed_storage(context, {st.KEY: '{"v": 1, "theme": "dark", "speed": "warp"}'})
    page = open_page(context, site_url, DS)
    assert html(page, "dataset.theme") == "dark"  # the good field kept
    assert css_var(page, "--move-ms") == "180ms"  # the bad one back to its default
    page.wait_for_function("(window.__toasts || []).length > 0")
    assert any("settings could not be read" in text for text in toasts(page))
    kept = [k for k in storage(page) if k.startswith("cardgames:aside:")]
    assert len(kept) == 1 and storage(page)[kept[0]].endswith('"speed": "warp"}')
    reload(page)
    assert not any("settings could not be read" in text for text in toasts(page))


# -- auto-play ----------------------------------------------------------------------------------


def forced_line(game_id: str, deals=range(1, 60), **options):
    """A deal and a line of moves after which the position has one move (CPython)."""
    cls = GAMES[game_id]
    for deal in deals:
        game = cls.new(deal=deal, **options)
        for _ in range(80):
            if game.is_over():
                break
            forced = st.forced_move(game)
            if forced is not None and game.move_stack and not game.is_over():
                game.push(forced)
                alone = st.forced_move(game) is None  # the next position is a choice
                game.pop()
                if alone:
                    return game, forced
            game.push(game.legal_moves()[-1])
    pytest.fail(f"no forced position found in {game_id}")


def seed_game(context, game, **more: str) -> None:
    """Store `game` as the page's save (and `more` items) before the page opens."""
    key = slot_key(game.id, game.deal, game.options)
    record = dict(game.to_save(), redo=[], saved=0, finished=False)
    seed_storage(context, {key: json.dumps(record), f"cardgames:current:{game.id}": key,
                           **more})


def test_autoplay_plays_a_forced_move_and_undo_leaves_it_undone(context, site_url):
    game, forced = forced_line("kings-corner-solitaire")
    seed_game(context, game)
    page = open_page(context, site_url, f"/?game={game.id}&deal={game.deal}")
    key = slot_key(game.id, game.deal, game.options)
    done = [str(m) for m in game.move_stack]

    def moves() -> list[str]:
        return json.loads(storage(page)[key])["moves"]

    page.wait_for_timeout(1200)
    assert moves() == done  # off by default
    open_settings(page)
    page.check("#pref-autoplay")
    close_settings(page)
    page.wait_for_function(
        "([k, n]) => JSON.parse(localStorage.getItem(k)).moves.length > n", arg=[key, len(done)])
    assert moves()[len(done)] == str(forced)
    game.push(forced)
    for zone, cards in game.zones().items():
        if zone.startswith("cell-"):
            shown = page.eval_on_selector_all(f'[data-zone="{zone}"] [data-card]',
                                              "els => els.map(e => e.dataset.card)")
            assert shown == cards, zone
    # undo takes the forced move back, one move, and it stays undone
    page.wait_for_timeout(1000)
    assert len(moves()) == len(done) + 1  # one at a time: the next position is a choice
    page.click('.actions [data-action="undo"]')
    page.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k)).moves.length"
                           " == n", arg=[key, len(done)])
    page.wait_for_timeout(1200)
    assert moves() == done
    assert stored(page)["autoplay"] is True


def test_autoplay_never_plays_in_guard_mode(context, site_url):
    game, forced = forced_line("devils-square", deals=range(1, 400), guard=True)
    seed_game(context, game, **{st.KEY: st.dump(st.Settings(autoplay=True))})
    page = open_page(context, site_url, f"/?game=devils-square&deal={game.deal}&guard=1")
    key = slot_key(game.id, game.deal, game.options)
    page.wait_for_timeout(1500)
    assert json.loads(storage(page)[key])["moves"] == [str(m) for m in game.move_stack]
    assert forced in game.legal_moves()  # a forced move was there to play


def test_autoplay_ends_a_table_turn_with_nothing_to_play(context, site_url):
    cls = GAMES["kings-corner"]
    for deal in range(1, 200):  # computers and person end turns until the person is stuck
        game = cls.new(deal=deal, players="h1")
        for _ in range(40):
            if game.is_over() or game.hand_over is not None:
                break
            if game.to_move == 0 and game.move_stack and [
                    str(m) for m in game.legal_moves()] == ["end"]:
                break
            game.push(game.parse_move("end"))
        if game.to_move == 0 and [str(m) for m in game.legal_moves()] == ["end"]:
            break
    seed_game(context, game, **{st.KEY: st.dump(st.Settings(autoplay=True)),
                                "cardgames:settings:pace": "slow"})
    page = open_page(context, site_url, f"/?game=kings-corner&deal={game.deal}&players=h1")
    key = slot_key(game.id, game.deal, game.options)
    page.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k)).moves.length > n",
                           arg=[key, len(game.move_stack)])
    assert json.loads(storage(page)[key])["moves"][len(game.move_stack)] == "end"


# -- phones ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["phone", "phone-landscape"])
def test_the_settings_dialog_fits_a_phone(new_context, site_url, size):
    from test_phone import (  # the phone tests' own measures: 44 px fingertips, no scrolling
        GAMES as PHONE_GAMES,
    )
    from test_phone import SIZES, measure_controls, no_sideways_scroll, open_game, touch_context

    context = touch_context(new_context, viewport=SIZES[size])
    page = open_game(context, site_url, PHONE_GAMES["devils-square"])
    page.locator(GEAR).tap()
    expect(page.locator(DIALOG)).to_be_visible()
    problems = no_sideways_scroll(page, DIALOG) + measure_controls(page, DIALOG)
    assert not problems, "\n  ".join(problems)
