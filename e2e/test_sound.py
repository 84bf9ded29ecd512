"""Sound effects (game/ui/sound.py): made by the page with Web Audio on the player's moves,
and no audio at all while the setting is off. The page's AudioContext is watched through
an init script that counts contexts made and tones started (nothing is listened to)."""

from __future__ import annotations

import json

from helpers import (
    click_card,
    engine,
    expect_board,
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
