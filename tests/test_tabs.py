"""Two tabs on one storage: the store notices another tab's save of the same slot, and
tabs.decide says what it means (e2e/test_tabs.py plays it with two real pages)."""

from __future__ import annotations

import json

from game.ui.opening import open_game
from game.ui.store import PREFIX, Store
from game.ui.tabs import FOLLOW, FOREIGN, GONE, SAME, decide, holds_more, moved_on
from tests.session_helpers import opened

from .test_ui_logic import MemoryStorage, ThrowingStorage


def two_tabs(deal: int = 55):
    """Two stores over one storage, both showing deal `deal` of Devil's Square."""
    storage = MemoryStorage()
    tabs = []
    for _ in range(2):
        store = Store(storage)
        session, key, _ = opened(store, "devils-square", deal, {})
        store.claim(key, store.read(key))
        tabs.append((store, session, key))
    return storage, tabs


def save(tab) -> None:
    store, session, key = tab
    store.save_record(key, session.record(), finished=False)


def test_a_save_by_another_tab_is_noticed_and_ones_own_are_not():
    _, (a, b) = two_tabs()
    assert not a[0].changed_elsewhere(a[2]) and not b[0].changed_elsewhere(b[2])
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    assert not a[0].changed_elsewhere(a[2])  # its own write
    assert b[0].changed_elsewhere(b[2])  # the other's
    assert decide(b[1].record().to_dict(), b[0].read(b[2])) == FOLLOW
    b[0].claim(b[2], b[0].read(b[2]))  # b follows: what is stored is now b's too
    assert not b[0].changed_elsewhere(b[2])


def test_a_tab_that_followed_sees_the_same_game():
    _, (a, b) = two_tabs()
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    followed, _, _ = opened(b[0], "devils-square", 55, {})
    assert decide(followed.record().to_dict(), b[0].read(b[2])) == SAME


def test_a_clock_stamp_by_another_tab_is_the_same_game():
    """The statistics stamp a hidden tab's playing time into its save, without a move."""
    _, (a, b) = two_tabs()
    record = json.loads(a[0].read(a[2]) or json.dumps(a[1].record().to_dict()))
    record["seconds"] = 99.5
    a[0].write(a[2], json.dumps(record))
    assert b[0].changed_elsewhere(b[2])
    assert decide(b[1].record().to_dict(), b[0].read(b[2])) == SAME


def test_what_another_tab_left_is_told_apart():
    _, (a, b) = two_tabs()
    mine = b[1].record().to_dict()
    assert decide(mine, None) == GONE
    assert decide(mine, '{"v":1,"game":"devils-square"') == FOREIGN  # cut short
    assert decide(mine, "[1, 2]") == FOREIGN
    other_deal = dict(mine, deal=56)
    assert decide(mine, json.dumps(other_deal)) == FOREIGN
    undone = dict(mine, moves=[], redo=["x"])
    assert decide(dict(mine, moves=["x"], redo=[]), json.dumps(undone)) == FOLLOW


def test_a_line_is_kept_aside_only_when_it_holds_moves_the_stored_one_lacks():
    assert holds_more({"moves": ["a", "b"]}, {"moves": ["a"]})
    assert holds_more({"moves": ["a", "c"]}, {"moves": ["a", "b", "d"]})
    assert not holds_more({"moves": ["a"]}, {"moves": ["a", "b"]})
    assert not holds_more({"moves": []}, {"moves": ["a"]})
    assert holds_more({"moves": ["a"]}, "not a record")


def test_a_removed_slot_is_remembered_as_empty():
    storage, (a, _) = two_tabs()
    save(a)
    a[0].set_aside(a[2])
    assert a[2] not in storage.data
    assert not a[0].changed_elsewhere(a[2])  # its own removal


def test_two_things_set_aside_at_once_both_stay():
    storage = MemoryStorage()
    store = Store(storage)
    key = f"{PREFIX}save:devils-square:9"
    assert store.keep_aside(key, "first") and store.keep_aside(key, "second")
    kept = sorted(v for k, v in storage.data.items() if k.startswith(f"{PREFIX}aside:"))
    assert kept == ["first", "second"]


def test_nothing_is_claimed_to_have_changed_when_storage_fails():
    store = Store(ThrowingStorage())
    store.claim(f"{PREFIX}save:devils-square:9", None)
    assert not store.changed_elsewhere(f"{PREFIX}save:devils-square:9")


def test_a_clock_stamp_is_not_a_move_on_but_a_move_is():
    _, (a, b) = two_tabs()
    save(b)
    seen = b[0].read(b[2])
    record = json.loads(seen)
    assert not moved_on(seen, json.dumps(dict(record, seconds=99.5, saved=1)))
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    assert moved_on(seen, a[0].read(a[2]))
    assert moved_on(None, a[0].read(a[2]))
    assert moved_on(seen, None)


def test_another_tab_s_text_nested_too_deep_is_foreign_not_a_crash():
    _, (_, b) = two_tabs()
    deep = "[" * 100_000 + "]" * 100_000
    assert decide(b[1].record().to_dict(), deep) == FOREIGN
    assert moved_on(deep, json.dumps(b[1].record().to_dict()))


def test_a_save_made_elsewhere_while_a_tab_opens_the_game_is_noticed():
    """Another tab may save between this tab's load of the game and its claim of the slot:
    the claim is of the text loaded, so the first save here sees the newer one (it once
    claimed what was there by then, and wrote the game it had loaded over the newer)."""
    storage, (a, _) = two_tabs()
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    b = Store(storage)
    loaded = open_game(b, "devils-square", 55, {})
    key = loaded.key
    assert loaded.text == a[0].read(key)
    a[1].play(a[1].game.legal_moves()[0])
    save(a)  # in between
    b.claim(key, loaded.text)
    assert b.changed_elsewhere(key) and moved_on(b.seen[key], b.read(key))
    assert decide(loaded.session.record().to_dict(), b.read(key)) == FOLLOW


def test_a_tab_that_follows_does_not_write_back_what_it_read():
    """A tab that opens the game another tab stored (to follow its move) stores nothing: a
    write of the text it read could land after the other tab's next move and undo it, as
    nothing makes a read and a write of localStorage one step between tabs."""
    storage, (a, _) = two_tabs()
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    b = Store(storage)
    loaded = open_game(b, "devils-square", 55, {})
    b.claim(loaded.key, loaded.text)
    a[1].play(a[1].game.legal_moves()[0])
    save(a)  # the other tab moves on while this one opens
    newer = storage.getItem(loaded.key)
    assert b.save_record(loaded.key, loaded.session.record(), finished=False,
                         unless=loaded.text)
    assert storage.getItem(loaded.key) == newer, "the other tab's move was overwritten"
    assert storage.getItem(f"{PREFIX}current:devils-square") == loaded.key
    # a record that says something new is written, the same `unless` or not
    theirs = a[1].game.move_stack[-1]
    loaded.session.play(next(m for m in loaded.session.game.legal_moves() if m != theirs))
    b.save_record(loaded.key, loaded.session.record(), finished=False, unless=loaded.text)
    assert storage.getItem(loaded.key) != newer


def test_a_tab_that_follows_leaves_the_clock_to_the_tab_that_plays():
    """A hidden tab stamps its clock into the save when the save is its game. A tab that
    followed another tab's save must not: its view of localStorage can be one move behind
    the other tab's (the `storage` event of the newer save not handled yet), so the save
    it read, stamped and wrote back would undo that move (as a browser test once saw)."""
    storage, (a, b) = two_tabs()
    a[1].play(a[1].game.legal_moves()[0])
    save(a)
    followed = b[0].read(b[2])
    b[0].claim(b[2], followed)  # b opens a's game (TabSync.follow)...
    b[0].follow(b[2])
    moves = json.loads(followed)["moves"]
    assert not b[0].update_clock(b[2], moves, 600.0)  # ...so it never stamps a's save
    assert storage.getItem(b[2]) == followed
    assert a[0].update_clock(a[2], moves, 600.0)  # the tab that plays does
    # ...but a game left here (a new deal) is marked counted, or it would count again
    assert b[0].update_clock(b[2], moves, 600.0, counted=True)
    assert json.loads(storage.getItem(b[2]))["counted"] is True
    b[0].claim(b[2], storage.getItem(b[2]))
    session = b[1]
    for move in moves:
        session.play(next(m for m in session.game.legal_moves() if str(m) == move))
    session.play(session.game.legal_moves()[0])
    save(b)  # b plays on itself: its clock is the one now
    assert b[0].update_clock(b[2], [str(m) for m in session.game.move_stack], 900.0)
