"""Sound effects (game/ui/sound.py): made by the page with Web Audio on the player's moves,
and no audio at all while the setting is off. The page's AudioContext is watched through
an init script that counts contexts made and tones started (nothing is listened to)."""

from __future__ import annotations

import json

from helpers import (
    card_point,
    click_card,
    engine,
    expect_board,
    find_multi_target_move,
    find_single_target_move,
    pick_card,
    seed_storage,
)

DEAL = 3
SETTINGS_KEY = "cardgames:settings"
WATCH_AUDIO = """
(() => {
  const Real = window.AudioContext;
  const audio = window.__audio = {contexts: 0, tones: 0};
  if (!Real) return;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); audio.contexts++; }
    createOscillator() { audio.tones++; return super.createOscillator(); }
  };
})();
"""


def play_one_move(open_site):
    page = open_site(f"/?game=devils-square&deal={DEAL}")
    game = engine("devils-square", DEAL)
    assert page.evaluate("window.__audio.contexts") == 0  # nothing before a move
    move = find_single_target_move(game)
    click_card(page, pick_card(game, move))
    game.push(move)
    expect_board(page, game)
    return page


def test_a_move_sounds_with_the_default_settings(context, open_site):
    context.add_init_script(WATCH_AUDIO)
    page = play_one_move(open_site)
    page.wait_for_function("window.__audio.tones > 0")
    assert page.evaluate("window.__audio.contexts") == 1


def test_with_sound_off_no_audio_context_is_made(context, open_site):
    context.add_init_script(WATCH_AUDIO)
    seed_storage(context, {SETTINGS_KEY: json.dumps({"v": 1, "sound": False})})
    page = play_one_move(open_site)
    page.click("#board [data-zone=stock]", force=True)  # a refusal or a deal: still silent
    page.wait_for_timeout(300)
    assert page.evaluate("window.__audio") == {"contexts": 0, "tones": 0}
    page.click('[data-action="settings"]')
    assert not page.locator("#pref-sound").is_checked()


def test_the_audio_is_made_ahead_of_the_first_sound(context, open_site):
    """The first AudioContext of a visit costs the main thread tens of milliseconds: once
    the page may start audio (it has had an activation: here Playwright's evaluate gives
    it one), the pointer moving over the page makes it after a frame, so the first move
    does not pay for it; and nothing sounds before that move."""
    context.add_init_script(WATCH_AUDIO)
    page = open_site(f"/?game=devils-square&deal={DEAL}")
    game = engine("devils-square", DEAL)
    move = find_multi_target_move(game)
    assert page.evaluate("window.__audio") == {"contexts": 0, "tones": 0}
    page.mouse.move(*card_point(page, pick_card(game, move)))
    page.wait_for_function("window.__audio.contexts === 1")
    click_card(page, pick_card(game, move))  # picked up: several targets, nothing moves
    page.wait_for_selector(f'#board [data-zone="{move.gesture.target}"].target')
    assert page.evaluate("window.__audio") == {"contexts": 1, "tones": 0}
    click_card(page, game.zones()[move.gesture.target][-1])
    game.push(move)
    expect_board(page, game)
    page.wait_for_function("window.__audio.tones > 0")
    assert page.evaluate("window.__audio.contexts") == 1


def test_the_computers_moves_are_silent_until_the_players_own(context, open_site):
    """At the table the computers may play first: the audio made ahead (the pointer moved)
    stays silent through their moves, and the player's own move is the first sound."""
    from test_kings_corner_table import (
        computers_play,
        find_turn,
        game_path,
        new_session,
        play,
        set_pace,
    )

    from game.games.kings_corner import Play

    context.add_init_script(WATCH_AUDIO)
    set_pace(context, "fast")
    deal, move = find_turn(lambda s: next((m for m in s.game.legal_moves()
                                           if isinstance(m, Play)), None))
    page = open_site(game_path(deal))
    page.mouse.move(40, 300)
    page.mouse.move(60, 320)  # the pointer moves while the computers play
    session = new_session(deal)
    assert computers_play(page, session), "the computers played first"
    assert page.evaluate("window.__audio") == {"contexts": 1, "tones": 0}
    play(page, session, move)
    page.wait_for_function("window.__audio.tones > 0")
    assert page.evaluate("window.__audio.contexts") == 1

