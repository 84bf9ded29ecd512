"""The first-run guide (game/ui/guide.py; shown by game/ui/guide_view.py): when it shows,
where it is remembered (and that a backup carries it), and where its bubble goes."""

from __future__ import annotations

import pytest

from game.ui import backup, guide
from game.ui.guide import GAP, MARGIN, place

from .test_backup import fresh, import_all


def test_it_shows_for_each_patience_until_seen_and_never_at_the_table_or_in_guard_mode():
    store, _ = fresh()
    for game_id in ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire"):
        assert guide.wanted(store, game_id, {})
    assert not guide.wanted(store, "kings-corner", {})  # the table: no Hint to point at
    assert not guide.wanted(store, "devils-square", {"guard": True})  # no help at all
    guide.mark_seen(store, "devils-square")
    assert not guide.wanted(store, "devils-square", {})  # never again for that game
    assert guide.wanted(store, "kings-square", {})  # the others still show theirs
    store.write(guide.KEY + "devils-grip", "something else")  # not the mark: shown
    assert guide.wanted(store, "devils-grip", {})


def test_the_backup_exports_and_imports_it_as_a_setting():
    store, _ = fresh()
    guide.mark_seen(store, "devils-grip")
    assert backup.kind_of(guide.KEY + "devils-grip") == "settings"
    text = backup.export_text(store, now=1_800_000_000)
    other, _ = fresh()
    import_all(other, text)
    assert not guide.wanted(other, "devils-grip", {})
    assert guide.wanted(other, "devils-square", {})


def test_steps_point_at_the_board_the_stock_the_hint_and_the_rules():
    targets = [step.target for step in guide.STEPS]
    assert len(targets) == 4
    assert targets[0].startswith("#board") and 'data-zone="stock"' in targets[1]
    assert 'data-action="hint"' in targets[2] and 'data-action="rules"' in targets[3]
    assert guide.counter(0, 4) == "Step 1 of 4"


VIEW = (1366.0, 768.0)


def inside(spot, width, height, view=VIEW) -> bool:
    return (MARGIN <= spot.left and spot.left + width <= view[0] - MARGIN
            and MARGIN <= spot.top and spot.top + height <= view[1] - MARGIN)


@pytest.mark.parametrize("target, side", [
    ((600, 40, 680, 80), "below"),  # a button of the top bar
    ((700, 600, 800, 740), "above"),  # a pile low on the screen
    ((350, 120, 690, 750), "left"),  # a tall grid with room on its left
    ((20, 120, 690, 750), "right"),  # ...on its right only
    ((10, 100, 1356, 760), "over"),  # no room anywhere: over its top part
])
def test_the_bubble_goes_beside_its_target_and_stays_on_screen(target, side):
    spot = place(target, 300, 160, *VIEW)
    assert spot.side == side and inside(spot, 300, 160)
    left, top, right, bottom = target
    if side == "below":
        assert spot.top == bottom + GAP and 16 <= spot.arrow <= 284
        assert abs(spot.left + spot.arrow - (left + right) / 2) < 1  # the arrow at its middle
    elif side == "above":
        assert spot.top + 160 == top - GAP
    elif side == "left":
        assert spot.left + 300 == left - GAP
    elif side == "right":
        assert spot.left == right + GAP
    else:
        assert spot.arrow is None


def test_a_bubble_near_an_edge_is_moved_in_and_its_arrow_still_points_at_the_target():
    spot = place((1300, 40, 1350, 80), 300, 160, *VIEW)  # Settings, at the right end
    assert inside(spot, 300, 160) and spot.side == "below"
    assert spot.arrow == pytest.approx(1325 - spot.left)
    phone = place((300, 10, 340, 50), 300, 160, 390, 844)
    assert inside(phone, 300, 160, (390, 844))
