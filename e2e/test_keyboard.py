"""Playing with the keyboard alone (issue 7): Tab into the board, the arrow keys to a card,
Enter or Space to pick it up and to put it down, Escape to put it back, Ctrl+Z to undo,
"?" for the list of keys; the focus always visible and never lost to <body>, and the
live region (#announce) saying each move and the end of the game.

Every test moves the focus only with keys: `go_to` presses the arrow that points from the
focused element towards the wanted one, as a person looking at the board would.
"""

from __future__ import annotations

import re

import pytest
from helpers import (
    engine,
    expect_board,
    find_multi_target_move,
    find_short_end,
    find_single_target_move,
    pick_card,
    play_by_clicks,
)
from playwright.sync_api import Page, expect
from table_helpers import touch_card

from game.ui.cardface import kk_card_label
from game.ui.stdface import std_card_label

pytestmark = pytest.mark.browser_context_args(reduced_motion="reduce", service_workers="block")

DEAL = 3
ANNOUNCE = "#announce"

ACTIVE_JS = """() => {
  const a = document.activeElement;
  const zone = a && a.closest ? a.closest('[data-zone]') : null;
  const style = a ? getComputedStyle(a) : null;
  return {
    zone: zone ? zone.dataset.zone : null,
    card: a && a.dataset ? (a.dataset.card || null) : null,
    board: !!(a && a.closest && a.closest('#board')),
    tag: a ? a.tagName : null,
    outline: style ? style.outlineStyle : 'none',
    width: style ? parseFloat(style.outlineWidth) : 0,
  };
}"""

TOWARDS_JS = """([selector]) => {
  const a = document.activeElement.getBoundingClientRect();
  const b = document.querySelector(selector).getBoundingClientRect();
  return [b.left + b.width / 2 - (a.left + a.width / 2),
          b.top + b.height / 2 - (a.top + a.height / 2)];
}"""


def active(page: Page) -> dict:
    return page.evaluate(ACTIVE_JS)


def enter_board(page: Page) -> dict:
    """Tab until the focus is on the board (past the top bar's buttons)."""
    for _ in range(40):
        page.keyboard.press("Tab")
        at = active(page)
        if at["board"]:
            return at
    raise AssertionError("Tab never reached the board")


def go_to(page: Page, zone: str, card: str | None = None) -> None:
    """Arrow keys from the focused spot to `card` of `zone` (or to the zone itself)."""
    selector = f'#board [data-card="{card}"]' if card else f'#board [data-zone="{zone}"]'
    for _ in range(60):
        at = active(page)
        assert at["board"], f"the focus left the board: {at}"
        if at["zone"] == zone and (card is None or at["card"] == card):
            return
        dx, dy = page.evaluate(TOWARDS_JS, [selector])
        if at["zone"] == zone and card is not None:
            dx, dy = (dx, 0) if abs(dx) > abs(dy) else (0, dy)  # along the fan
        if abs(dx) >= abs(dy):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the arrows never reached {zone} {card or ''}: at {active(page)}")


def expect_visible_focus(page: Page) -> dict:
    at = active(page)
    assert at["board"], f"focus is not on the board: {at}"
    assert at["outline"] != "none" and at["width"] >= 2, f"no visible focus ring: {at}"
    return at


def key_play(page: Page, game, move, key: str = "Enter") -> None:
    """Make `move` with the keyboard: its bottom card, Enter, and its target when it has
    several. Pushes the move on `game`."""
    targets = [m for m in game.legal_moves() if m.gesture.source == move.gesture.source
               and m.gesture.count == move.gesture.count]
    go_to(page, move.gesture.source, pick_card(game, move))
    expect_visible_focus(page)
    page.keyboard.press(key)
    if len(targets) > 1:
        expect(page.locator(f'#board [data-zone="{move.gesture.target}"].target')).to_have_count(1)
        go_to(page, move.gesture.target, game.zones()[move.gesture.target][-1])
        page.keyboard.press(key)
    game.push(move)


def name_of(game_id: str):
    return kk_card_label if game_id in ("devils-square", "kings-square") else std_card_label


@pytest.mark.parametrize("game_id", ["devils-square", "kings-square", "devils-grip"])
def test_a_move_with_the_keyboard_then_undo(open_site, game_id):
    page = open_site(f"/?game={game_id}&deal={DEAL}")
    game = engine(game_id, DEAL)
    at = enter_board(page)
    assert at["zone"] == "cell-0", at  # the grid is the first group
    expect_visible_focus(page)
    move = find_single_target_move(game)
    card = pick_card(game, move)
    key_play(page, game, move)
    expect_board(page, game)
    cell = int(move.gesture.target[5:]) + 1
    expect(page.locator(ANNOUNCE)).to_contain_text(
        re.compile(rf"^{re.escape(name_of(game_id)(card))}.* to Cell {cell}\b"))
    at = expect_visible_focus(page)  # on the cards just put down
    assert at["zone"] == move.gesture.target, at

    page.keyboard.press("Control+z")
    game.pop()
    expect_board(page, game)
    expect(page.locator(ANNOUNCE)).to_contain_text("Undone: ")
    expect_visible_focus(page)  # not lost to <body> when its card went back
    page.keyboard.press("Control+Shift+Z")
    game.push(move)
    expect_board(page, game)
    expect(page.locator(ANNOUNCE)).to_contain_text("Redone: ")
    page.keyboard.press("u")
    game.pop()
    expect_board(page, game)


@pytest.mark.parametrize("game_id", ["devils-square", "devils-grip"])
def test_pick_up_with_space_and_put_back_with_escape(open_site, game_id):
    page = open_site(f"/?game={game_id}&deal={DEAL}")
    game = engine(game_id, DEAL)
    move = find_multi_target_move(game)
    card = pick_card(game, move)
    enter_board(page)
    go_to(page, move.gesture.source, card)
    page.keyboard.press(" ")
    expect(page.locator(f'#board [data-card="{card}"]')).to_have_class(re.compile("selected"))
    expect(page.locator(f'#board [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(ANNOUNCE)).to_contain_text(f"{name_of(game_id)(card)} picked up. "
                                                   "It can go to ")
    page.keyboard.press("Escape")
    expect(page.locator("#board .selected")).to_have_count(0)
    expect(page.locator(ANNOUNCE)).to_have_text("Put down.")
    expect_visible_focus(page)
    expect_board(page, game)  # nothing moved
    key_play(page, game, move, key=" ")  # and now with a target chosen by the arrows
    expect_board(page, game)
    assert active(page)["zone"] == move.gesture.target


def test_devils_grip_deals_from_the_stock_with_enter(open_site):
    page = open_site(f"/?game=devils-grip&deal={DEAL}")
    game = engine("devils-grip", DEAL)
    enter_board(page)
    page.keyboard.press("Tab")  # the grid, then the stock
    assert active(page)["zone"] == "stock"
    page.keyboard.press("Enter")
    game.push("deal")
    expect_board(page, game)
    expect(page.locator(ANNOUNCE)).to_contain_text(re.compile(r"from Stock to Waste\.$"))
    assert expect_visible_focus(page)["zone"] == "stock"  # dealing again is one key away


def test_kings_corner_solitaire_places_the_turned_card_on_a_chosen_cell(open_site):
    page = open_site(f"/?game=kings-corner-solitaire&deal={DEAL}")
    game = engine("kings-corner-solitaire", DEAL)
    card = game.turned()
    move = game.legal_moves()[-1]
    enter_board(page)
    go_to(page, move.gesture.target)  # an empty cell: the zone itself takes the focus
    expect_visible_focus(page)
    page.keyboard.press("Enter")
    game.push(move)
    placed = page.locator(f'#board [data-zone="{move.gesture.target}"] [data-card="{card}"]')
    expect(placed).to_have_count(1)
    expect(page.locator(ANNOUNCE)).to_contain_text(
        f"{std_card_label(card)} to Cell {move.cell + 1}")
    expect(page.locator(ANNOUNCE)).to_contain_text(game.status().prompt)  # what to place next
    assert expect_visible_focus(page)["card"] == card


def test_the_end_of_a_game_is_announced(open_site):
    game_id = "devils-square"
    deal, line = find_short_end(game_id)
    page = open_site(f"/?game={game_id}&deal={deal}")
    game = engine(game_id, deal)
    for text in line[:-1]:
        play_by_clicks(page, game, game.parse_move(text))
    expect_board(page, game)
    enter_board(page)
    key_play(page, game, game.parse_move(line[-1]))
    assert game.is_over()
    outcome = game.outcome()
    expect(page.locator(ANNOUNCE)).to_contain_text(f"Game over: score {outcome.score}.")
    expect(page.locator("#end-dialog")).to_be_visible()


def test_question_mark_lists_the_keys_and_keys_sleep_while_a_dialog_is_open(open_site):
    page = open_site(f"/?game=devils-square&deal={DEAL}")
    game = engine("devils-square", DEAL)
    enter_board(page)
    move = find_single_target_move(game)
    key_play(page, game, move)
    expect_board(page, game)
    page.keyboard.press("?")
    dialog = page.locator("#keys-dialog")
    expect(dialog).to_be_visible()
    for key in ("Enter", "Space", "Esc", "Ctrl+Z", "Ctrl+Shift+Z", "H", "U", "?"):
        expect(dialog.locator("kbd", has_text=key).first).to_be_visible()
    page.keyboard.press("u")  # no undo behind the dialog
    page.keyboard.press("Control+z")
    expect_board(page, game)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert active(page)["board"]  # back where it was
    page.locator('[data-action="giveup"]').focus()
    page.keyboard.press("Enter")  # the button's own Enter: the confirmation
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.keyboard.press("u")
    expect_board(page, game)
    page.keyboard.press("Escape")
    expect(page.locator("#confirm-dialog")).to_be_hidden()


def test_the_game_list_opens_the_keys_too(open_site):
    page = open_site("/")
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_be_visible()
    page.locator('#keys-dialog [data-action="close"]').click()
    expect(page.locator("#keys-dialog")).to_be_hidden()


def test_the_table_with_the_keyboard_and_a_computer_turn_in_one_sentence(context, open_site):
    from test_kings_corner_table import (
        expect_table,
        find_turn,
        one_and_several,
        open_table,
        set_pace,
    )

    set_pace(context, "fast")
    deal, (one, _other, _wrong) = find_turn(one_and_several, players="h2")
    page, session = open_table(open_site, deal, players="h2")
    enter_board(page)
    for _ in range(6):  # Tab to the shown hand
        if active(page)["zone"] == "hand-0":
            break
        page.keyboard.press("Tab")
    go_to(page, "hand-0", one.card)
    expect_visible_focus(page)
    page.keyboard.press("Enter")  # one place to go: played at once
    assert touch_card(session, one.card).moved == one
    expect_table(page, session)
    stall = "side-" + one.stall if len(one.stall) == 1 else "corner-" + one.stall
    expect(page.locator(ANNOUNCE)).to_contain_text(f"{std_card_label(one.card)} to ")
    assert active(page)["zone"] == stall  # the focus followed the card

    page.keyboard.press("e")  # End turn
    session.end_turn()
    while session.computer_to_move():
        session.step_computer()
    expect_table(page, session, timeout=15_000)
    said = page.locator(ANNOUNCE)
    expect(said).to_contain_text(re.compile(r"Arthur: .+\. Your turn"))
    assert said.text_content().count("Arthur:") == 1  # one sentence for the whole turn
