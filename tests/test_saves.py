"""Stored data the player must never lose: saves, statistics, settings and the small keys
(language, table names, deal kinds, the `current:` pointer), under hostile or damaged
contents, format versions old and new, and a storage that fails.

The rules (docs/architecture.md, "the never-lose rules"): the game always plays; data that cannot be
read is set aside under a `cardgames:aside:` key, whole, never deleted or overwritten; the
player is told once, in one sentence (its own sentence for data of a newer version of the
site); older formats are migrated.

Golden fixtures: tests/fixtures/saves_v1/ holds what release 550ac3d (save format 1)
stores, and tests/fixtures/saves_2ceca31/ what commit 2ceca31 (the last before the
game/page redesign) stores, each made with that commit's own code by

    git archive 550ac3d game | tar -x -C /tmp/release
    python3 tools/make_save_fixtures.py /tmp/release tests/fixtures/saves_v1

Each file keeps the exact stored text and the position that release computed from it;
the current code must resume every one to the same position.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import SAVE_MIGRATIONS, SAVE_VERSION, NewerSave, migrate_save
from game.engine import game as engine_game
from game.games import GAMES
from game.ui import settings as st
from game.ui import stats_model
from game.ui.clock import Tracker
from game.ui.opening import open_game
from game.ui.record import SaveRecord
from game.ui.stats_model import GameStats
from game.ui.stats_store import StatsStore, stats_key
from game.ui.store import PREFIX, Store, slot_key

from .test_ui_logic import MemoryStorage

# One folder per release whose saves must keep loading: saves_v1 from commit 550ac3d, and
# saves_2ceca31 from the last commit before the game/page redesign (issue 15).
FIXTURE_DIRS = sorted((Path(__file__).parent / "fixtures").glob("saves_*"))
GAME_FILES = sorted(p for folder in FIXTURE_DIRS for p in folder.glob("*.json")
                    if p.name != "stats-and-settings.json")
ASIDE = PREFIX + "aside:"


def asides(storage: MemoryStorage) -> dict[str, str]:
    return {k: v for k, v in storage.data.items() if k.startswith(ASIDE)}


def opened(store: Store, game_id: str, deal: int | None, options: dict | None = None):
    result = open_game(store, game_id, deal, options or {})
    return result.session, result.key, result.notes


# -- the engine's format versions --------------------------------------------------------


def test_a_format_bump_migrates_old_saves_step_by_step(monkeypatch):
    """The machinery, with a pretend format bump: version 1 kept the moves under "plays",
    version 2 (the code as it is) reads "moves"; the step 1 -> 2 renames the field."""
    game = GAMES["devils-square"].new(deal=31)
    for _ in range(3):
        game.push(game.legal_moves()[0])
    current = game.to_save()
    assert current["v"] == SAVE_VERSION == 1
    old = dict(current)
    old["plays"] = old.pop("moves")

    def one_to_two(save: dict) -> dict:
        save = dict(save)
        save["moves"] = save.pop("plays")
        return save

    monkeypatch.setattr(engine_game, "SAVE_VERSION", 2)
    monkeypatch.setitem(SAVE_MIGRATIONS, 1, one_to_two)
    migrated = migrate_save(old)
    assert migrated == dict(current, v=2)
    assert "plays" in old and old["v"] == 1  # the stored record is not changed in place
    assert migrate_save(migrated) == migrated  # the current version goes through as it is
    replayed = GAMES["devils-square"].from_save(old)  # from_save migrates, then replays
    assert replayed.zones() == game.zones() and len(replayed.move_stack) == 3
    assert replayed.to_save()["v"] == 2  # and the next save is written in the new format
    with pytest.raises(NewerSave):
        GAMES["devils-square"].from_save(dict(current, v=3))


@pytest.mark.parametrize("version", [2, 99, 10**30])
def test_a_save_of_a_newer_version_is_refused_for_the_ui_to_set_aside(version):
    save = dict(GAMES["kings-square"].new(deal=5).to_save(), v=version)
    with pytest.raises(NewerSave):
        GAMES["kings-square"].from_save(save)
    assert issubclass(NewerSave, ValueError)


@pytest.mark.parametrize("version", [None, "1", True, 0, -1, 1.0, [1], {"v": 1}])
def test_a_save_without_a_possible_version_is_damaged_not_newer(version):
    save = GAMES["kings-square"].new(deal=5).to_save()
    save["v"] = version
    if version is None:
        del save["v"]
    with pytest.raises(ValueError) as caught:
        GAMES["kings-square"].from_save(save)
    assert not isinstance(caught.value, NewerSave)


# -- golden saves of the previous release -------------------------------------------------


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_save_of_the_previous_release_resumes_where_it_was(path):
    fixture = json.loads(path.read_text())
    expect = fixture["expect"]
    record = json.loads(fixture["stored"])
    assert record["v"] == fixture["version"] == 1
    game_id = record["game"]
    storage = MemoryStorage()
    storage.data = {fixture["key"]: fixture["stored"],
                    f"{PREFIX}current:{game_id}": fixture["current"]}
    store = Store(storage)
    # Opened by its link (deal and options), as a shared address or the game list does.
    session, key, notes = opened(store, game_id, record["deal"], record["options"])
    assert notes == [] and key == fixture["key"]
    game = session.game
    assert game.zones() == expect["zones"]
    assert [str(m) for m in game.move_stack] == expect["moves"]
    assert session.redo_stack == expect["redo"]
    assert game.is_over() is expect["over"]
    if expect["over"]:
        outcome = game.outcome()
        assert (outcome.won, outcome.score) == (expect["won"], expect["score"])
    if game_id == "kings-corner":
        assert session.names() == record["names"]
    tracker = Tracker.opened(game, store.load_record(key), "any")
    assert tracker.clock.elapsed == record["seconds"] and tracker.kind == record["kind"]
    assert tracker.counted is expect["over"]
    # Resumed without a deal (the game's tile): an unfinished game comes back as it was.
    if not expect["over"]:
        again, key2, notes = opened(store, game_id, None)
        assert notes == [] and key2 == key and again.game.zones() == expect["zones"]
        assert again.redo_stack == expect["redo"]
    assert store.take_problem() == "" and asides(storage) == {}


@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: p.name)
def test_the_fixtures_cover_every_game_and_kind_of_save(folder):
    files = [p for p in GAME_FILES if p.parent == folder]
    names = {p.stem for p in files}
    for game_id in ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire"):
        assert {f"{game_id}-{kind}" for kind in
                ("fresh", "in-progress", "won", "resigned", "options")} <= names
    assert {"kings-corner-fresh", "kings-corner-in-progress", "kings-corner-finished"} <= names
    won = [p for p in files if p.stem.endswith("-won")]
    assert all(json.loads(p.read_text())["expect"]["won"] for p in won)
    redo = [p for p in files if json.loads(p.read_text())["expect"]["redo"]]
    assert len(redo) >= 4


@pytest.mark.parametrize("folder", FIXTURE_DIRS, ids=lambda p: p.name)
def test_statistics_and_settings_of_the_previous_release_load(folder):
    fixture = json.loads((folder / "stats-and-settings.json").read_text())
    storage = MemoryStorage()
    storage.data = dict(fixture["stored"])
    store = Store(storage)
    data = StatsStore(store)
    for game_id, modes in fixture["expect"]["stats"].items():
        loaded = data.load(game_id)
        assert {mode: [t.played, t.won, t.best_score] for mode, t in loaded.modes.items()} \
            == modes
    assert data.take_damaged() == []
    settings, note = st.load(store)
    assert note == "" and settings == st.Settings(**fixture["expect"]["settings"])
    assert storage.data == fixture["stored"]  # read, nothing rewritten or set aside
    assert storage.data["cardgames:language"] in ("nl",)
    from game.ui.table import default_names

    names = storage.data["cardgames:settings:table-names"].split("\n")
    assert default_names("hh", names) == ["Ann", "Bob"]


# -- hostile or damaged saves -------------------------------------------------------------

GOOD = {"v": 1, "game": "devils-square", "deal": 123, "options": {"guard": False},
        "moves": [], "redo": [], "seconds": 12.5, "kind": "any", "saved": 1, "finished": False}
HOSTILE_SAVES = {
    "not JSON": '{"v":1,"game":',
    "truncated": json.dumps(GOOD)[:40],
    "empty text": "",
    "JSON array": "[1, 2, 3]",
    "JSON string": '"devils-square"',
    "JSON null": "null",
    "JSON number": "123",
    "nested 100000 deep": "[" * 100_000 + "]" * 100_000,
    "deal 0": json.dumps(dict(GOOD, deal=0)),
    "deal negative": json.dumps(dict(GOOD, deal=-5)),
    "deal as text": json.dumps(dict(GOOD, deal="123")),
    "deal huge": json.dumps(dict(GOOD, deal=10**40)),
    "deal 5000 digits": json.dumps(GOOD).replace('"deal": 123', '"deal": ' + "9" * 5000),
    "deal NaN": json.dumps(GOOD).replace('"deal": 123', '"deal": NaN'),
    "deal Infinity": json.dumps(GOOD).replace('"deal": 123', '"deal": Infinity'),
    "deal 1.5": json.dumps(dict(GOOD, deal=1.5)),
    "deal true": json.dumps(dict(GOOD, deal=True)),
    "unknown option": json.dumps(dict(GOOD, options={"guard": False, "turbo": 1})),
    "option of a wrong type": json.dumps(dict(GOOD, options={"guard": "yes"})),
    "options a list": json.dumps(dict(GOOD, options=["guard"])),
    "moves a string": json.dumps(dict(GOOD, moves="3-12")),
    "a move a number": json.dumps(dict(GOOD, moves=[3])),
    "a move of markup": json.dumps(dict(GOOD, moves=["<img src=x onerror=alert(1)>"])),
    "an illegal move": json.dumps(dict(GOOD, moves=["0-1"])),
    "another game's save": json.dumps(dict(GOOD, game="kings-square")),
    "a deck of numbers": json.dumps({**GOOD, "deck": [1, "x", None]}),
    "version 0": json.dumps(dict(GOOD, v=0)),
    "version text": json.dumps(dict(GOOD, v="1")),
    "no version": json.dumps({k: v for k, v in GOOD.items() if k != "v"}),
}
NEWER_SAVES = {"version 2": json.dumps(dict(GOOD, v=2)),
               "version 99": json.dumps(dict(GOOD, v=99, format="whatever"))}


@pytest.mark.parametrize("by_link", [True, False], ids=["by link", "resumed"])
@pytest.mark.parametrize("text", [*HOSTILE_SAVES.values(), *NEWER_SAVES.values()],
                         ids=[*HOSTILE_SAVES, *NEWER_SAVES])
def test_a_hostile_save_is_set_aside_whole_and_told_once(text, by_link):
    storage = MemoryStorage()
    key = slot_key("devils-square", 123, {"guard": False})
    storage.data = {key: text, f"{PREFIX}current:devils-square": key}
    store = Store(storage)
    session, new_key, notes = opened(store, "devils-square", 123 if by_link else None)
    assert session.game.move_stack == [] and not session.game.is_over()
    if by_link:
        assert session.game.deal == 123 and new_key == key
    assert len(notes) == 1 and "kept aside" in notes[0] and notes[0].count(".") == 1
    newer = text in NEWER_SAVES.values()
    assert ("newer version" in notes[0]) is newer
    assert list(asides(storage).values()) == [text]  # whole, once
    assert key not in storage.data
    store.save_record(new_key, session.record(), finished=False)
    assert list(asides(storage).values()) == [text]  # never overwritten by the new game
    _, _, notes = opened(store, "devils-square", None)
    assert notes == []  # told once


def test_extra_fields_and_a_fresh_redo_line_of_junk_do_not_stop_a_save():
    record = dict(GOOD, moves=["3-12"], redo=[1, "x"], extra={"a": [1]}, seconds="lots",
                  kind="<b>", counted="yes")
    storage = MemoryStorage()
    key = slot_key("devils-square", 123, {"guard": False})
    storage.data = {key: json.dumps(record)}
    session, _, notes = opened(Store(storage), "devils-square", 123)
    assert notes == [] and [str(m) for m in session.game.move_stack] == ["3-12"]
    assert session.redo_stack == []  # a redo line that is not all texts is dropped
    tracker = Tracker.opened(session.game, SaveRecord.from_dict(record), "any")
    assert (tracker.clock.elapsed, tracker.kind, tracker.counted) == (0.0, "any", False)


@pytest.mark.parametrize("seconds", [10**400, -1, float("nan"), float("inf"), "12", None])
def test_a_hand_edited_clock_starts_at_zero(seconds):
    game = GAMES["kings-square"].new(deal=8)
    game.push(game.legal_moves()[0])
    record = dict(game.to_save(), seconds=seconds)
    tracker = Tracker.opened(game, SaveRecord.from_dict(record), "any")
    assert tracker.clock.elapsed == 0.0


@pytest.mark.parametrize("pointer", ["", "x", "cardgames:save:kings-square:5",
                                     "cardgames:stats:devils-square", "cardgames:aside:1:save:x",
                                     "<script>", "cardgames:save:devils-square:77"])
def test_a_damaged_current_pointer_starts_a_new_deal_and_keeps_every_save(pointer):
    storage = MemoryStorage()
    other = GAMES["kings-square"].new(deal=5)
    other_key = slot_key("kings-square", 5, other.options)
    storage.data = {f"{PREFIX}current:devils-square": pointer,
                    other_key: json.dumps(other.to_save())}
    session, _, notes = opened(Store(storage), "devils-square", None)
    assert session.game.id == "devils-square" and session.game.move_stack == []
    assert other_key in storage.data and notes == []


@pytest.mark.parametrize("by_link", [False, True])
def test_a_save_moved_by_hand_to_another_deal_s_slot_is_set_aside(by_link):
    """A slot holding another deal's save (keys edited by hand) would have every later
    save of that deal written under the wrong deal's key: it is set aside instead."""
    storage = MemoryStorage()
    moved = GAMES["devils-square"].new(deal=9)
    moved.push(moved.legal_moves()[0])
    key = slot_key("devils-square", 7, moved.options)
    storage.data = {key: json.dumps(moved.to_save()), f"{PREFIX}current:devils-square": key}
    session, new_key, notes = opened(Store(storage), "devils-square", 7 if by_link else None)
    assert session.game.move_stack == [] and len(notes) == 1
    assert new_key == slot_key("devils-square", session.game.deal, session.game.options)
    kept = [v for k, v in storage.data.items() if k.startswith(f"{PREFIX}aside:")]
    assert kept == [json.dumps(moved.to_save())] and key not in storage.data


def test_pruning_survives_hand_edited_save_times_and_finished_flags():
    storage = MemoryStorage()
    store = Store(storage)
    odd = ["x", None, 1.5, [1], float("nan"), 10**30]
    for deal in range(1, 40):
        game = GAMES["devils-square"].new(deal=deal)
        game.resign()
        record = dict(game.to_save(), saved=odd[deal % len(odd)], finished=True)
        storage.data[slot_key("devils-square", deal, game.options)] = json.dumps(record)
    live = GAMES["devils-square"].new(deal=500)
    live_record = dict(live.to_save(), finished="no")  # not True: not a finished game
    storage.data[slot_key("devils-square", 500, live.options)] = json.dumps(live_record)
    store.prune("devils-square")
    saves = [k for k in storage.data if k.startswith(PREFIX + "save:")]
    assert len(saves) == stats_max() + 1
    assert slot_key("devils-square", 500, live.options) in saves


def stats_max() -> int:
    from game.ui.store import MAX_FINISHED

    return MAX_FINISHED


# -- statistics ---------------------------------------------------------------------------

TALLY = {"played": 3, "won": 1, "streak": 1, "best_streak": 1, "score_total": 200,
         "scored": 3, "best_score": 160, "fewest_moves": 50, "fastest": 300,
         "recent": [[1_760_000_000, 5, 1, 160, 50, 300]]}


def stats_text(**changes) -> str:
    tally = {**TALLY, **changes}
    return json.dumps({"v": 1, "game": "devils-square", "modes": {"relaxed": tally}})


HOSTILE_STATS = {
    "not JSON": "{",
    "truncated": stats_text()[:50],
    "JSON array": "[]",
    "JSON null": "null",
    "nested 100000 deep": "[" * 100_000 + "]" * 100_000,
    "negative count": stats_text(played=-1),
    "count as text": stats_text(played="3"),
    "huge count": stats_text(score_total=10**400),
    "count beyond exact": stats_text(played=2**60, won=1),
    "NaN": stats_text().replace('"best_score": 160', '"best_score": NaN'),
    "Infinity": stats_text().replace('"fastest": 300', '"fastest": Infinity'),
    "won more than played": stats_text(won=9),
    "result of five fields": stats_text(recent=[[1, 2, 1, 4, 5]]),
    "result won 2": stats_text(recent=[[1, 2, 2, 4, 5, 6]]),
    "unknown mode": json.dumps({"v": 1, "game": "devils-square", "modes": {"turbo": TALLY}}),
    "another game's": json.dumps({"v": 1, "game": "devils-grip", "modes": {}}),
    "version text": json.dumps({"v": "1", "game": "devils-square", "modes": {}}),
    "no version": json.dumps({"game": "devils-square", "modes": {}}),
}
NEWER_STATS = {"version 2": json.dumps({"v": 2, "game": "devils-square", "modes": {}}),
               "version 99": json.dumps({"v": 99, "game": "devils-square", "whatever": []})}


@pytest.mark.parametrize("text", [*HOSTILE_STATS.values(), *NEWER_STATS.values()],
                         ids=[*HOSTILE_STATS, *NEWER_STATS])
def test_hostile_statistics_are_set_aside_and_told_once(text):
    storage = MemoryStorage()
    key = stats_key("devils-square")
    storage.data = {key: text}
    data = StatsStore(Store(storage))
    summary = data.load("devils-square").summary()
    assert summary.played == 0
    assert list(asides(storage).values()) == [text] and key not in storage.data
    assert data.take_damaged() == ["devils-square"] and data.take_damaged() == []
    assert ("devils-square" in data.newer) is (text in NEWER_STATS.values())
    data.record(stats_model.Result("devils-square", "relaxed", 7, True, 150, 40, 99, 5))
    assert data.load("devils-square").summary().played == 1
    assert list(asides(storage).values()) == [text]


def test_extra_fields_in_statistics_are_no_damage():
    text = json.dumps({"v": 1, "game": "devils-square", "note": "mine",
                       "modes": {"relaxed": {**TALLY, "colour": "red"}}})
    assert GameStats.from_json(text, "devils-square").summary().played == 3


# -- settings -----------------------------------------------------------------------------


def test_settings_of_a_newer_version_are_used_kept_aside_and_told_once():
    storage = MemoryStorage()
    text = json.dumps({"v": 2, "speed": "fast", "theme": "dark", "music": "loud"})
    storage.data = {st.KEY: text}
    store = Store(storage)
    settings, note = st.load(store)
    assert settings == st.Settings(speed="fast", theme="dark") and note == st.NEWER_NOTE
    assert list(asides(storage).values()) == [text]
    assert json.loads(storage.data[st.KEY])["v"] == st.VERSION
    assert st.load(store) == (settings, "")  # told once


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"v": 1, "speed": NaN}',
                                  '{"v": Infinity}', '{"v": 1, "speed": "' + "x" * 10_000 + '"}'])
def test_hostile_settings_are_set_aside(text):
    storage = MemoryStorage()
    storage.data = {st.KEY: text}
    settings, note = st.load(Store(storage))
    assert settings == st.DEFAULTS and note == st.ASIDE_NOTE
    assert list(asides(storage).values()) == [text]


class FullButReadable(MemoryStorage):
    def setItem(self, key, value):  # noqa: N802 - the browser's name
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


@pytest.mark.parametrize("text", ["{broken", json.dumps({"v": 5, "speed": "slow"})])
def test_settings_that_cannot_be_set_aside_are_never_overwritten(text):
    storage = FullButReadable()
    storage.data = {st.KEY: text}
    store = Store(storage)
    settings, note = st.load(store)
    assert note and storage.data == {st.KEY: text}
    assert st.save(store, st.change(settings, "speed", "fast")) is False
    assert storage.data == {st.KEY: text}
    assert "full" in store.take_problem()


# -- a storage whose every other method throws --------------------------------------------


class Throws(MemoryStorage):
    def __init__(self, *names: str) -> None:
        super().__init__()
        self.names = names

    def __getattribute__(self, name):
        if name in object.__getattribute__(self, "names"):
            raise RuntimeError(f"SecurityError: {name} refused")
        return object.__getattribute__(self, name)


@pytest.mark.parametrize("names", [("removeItem",), ("getItem",), ("key",), ("length",),
                                   ("key", "removeItem"), ("setItem", "removeItem")])
def test_play_saving_and_statistics_go_on_when_a_method_throws(names):
    storage = Throws(*names)
    key = slot_key("devils-square", 9, {"guard": False})
    object.__setattr__(storage, "data", {key: "{damaged", f"{PREFIX}current:devils-square": key})
    store = Store(storage)
    session, key, _ = opened(store, "devils-square", 9)
    for _ in range(3):
        session.play(session.game.legal_moves()[0])
        store.save_record(key, session.record(), finished=False)
    session.game.resign()
    store.save_record(key, session.record(), finished=True)
    data = StatsStore(store)
    data.record(stats_model.Result("devils-square", "relaxed", 9, False, 10, 3, 20, 5))
    assert data.load("devils-square").summary().played == 1
    assert st.load(store)[0] == st.DEFAULTS
    problem = store.take_problem()
    if {"getItem", "setItem"} & set(names):
        assert "not being saved" in problem and store.take_problem() == ""
    else:  # removing or listing keys fails: saving goes on, there is nothing to tell
        assert problem == ""
        again, _, _ = opened(store, "devils-square", 9)  # the finished game, by its link
        assert again.game.move_stack == session.game.move_stack
    texts = list(object.__getattribute__(storage, "data").values())
    assert "{damaged" in texts  # set aside or left where it was, never lost


# -- storage full: finished games make room ------------------------------------------------


class Quota(MemoryStorage):
    """localStorage with a size limit, counted in characters of keys and values."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def setItem(self, key, value):  # noqa: N802 - the browser's name
        old = len(key) + len(self.data[key]) if key in self.data else 0
        if self.used() - old + len(key) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = value


def fill_with_junk(storage: Quota, size: int) -> int:
    """Fill the rest of `storage` with another site's keys of `size` characters: how many."""
    n = 0
    while True:
        try:
            storage.setItem(f"junk{n}", "x" * size)
        except RuntimeError:
            return n
        n += 1


def finished_record(deal: int, saved: int) -> str:
    game = GAMES["kings-square"].new(deal=deal)
    game.push(game.legal_moves()[0])
    game.resign()
    return json.dumps(dict(game.to_save(), saved=saved, finished=True))


def test_full_storage_removes_the_oldest_finished_games_to_save_a_game_in_progress():
    storage = Quota(limit=6_000)
    finished = {slot_key("kings-square", deal, {"guard": False}): finished_record(deal, deal)
                for deal in range(1, 9)}
    storage.data.update(finished)
    kept = {f"{ASIDE}1:save:devils-square:5": "{damaged", stats_key("devils-square"): "{}",
            st.KEY: st.dump(st.DEFAULTS)}
    storage.data.update(kept)
    live = GAMES["devils-square"].new(deal=77)
    live_key = slot_key("devils-square", 77, live.options)
    storage.data[live_key] = json.dumps(dict(live.to_save(), saved=1, finished=False))
    n = fill_with_junk(storage, 50)
    store = Store(storage)
    session, key, _ = opened(store, "devils-grip", 9)
    for _ in range(5):
        session.play(session.game.legal_moves()[0])
        assert store.save_record(key, session.record(), finished=False)
    assert store.take_problem() == ""  # it was saved: nothing to tell
    again, _, _ = opened(Store(storage), "devils-grip", None)
    assert again.game.zones() == session.game.zones()
    gone = [k for k in finished if k not in storage.data]
    assert gone and gone == sorted(finished, key=lambda k: json.loads(finished[k])["saved"])[
        :len(gone)]  # the oldest first
    assert all(storage.data.get(k) == v for k, v in kept.items())
    assert live_key in storage.data and sum(k.startswith("junk") for k in storage.data) == n


def test_full_storage_drops_the_early_boards_before_any_finished_game():
    """The copies js/early.js keeps (cardgames:early:<game>) are a cache: a save that needs
    their room takes it, and finished games stay while that is enough."""
    from game.ui.store import EARLY_PREFIX

    storage = Quota(limit=6_000)
    finished = {slot_key("kings-square", deal, {"guard": False}): finished_record(deal, deal)
                for deal in range(1, 3)}
    storage.data.update(finished)
    early = {f"{EARLY_PREFIX}{game}": "[" + "0," * 600 + "0]" for game in ("devils-grip",
                                                                            "kings-square")}
    storage.data.update(early)
    fill_with_junk(storage, 20)
    store = Store(storage)
    session, key, _ = opened(store, "devils-square", 4)
    session.play(session.game.legal_moves()[0])
    assert store.save_record(key, session.record(), finished=False)
    assert store.take_problem() == ""
    assert any(k not in storage.data for k in early)
    assert all(storage.data.get(k) == v for k, v in finished.items())


def test_full_storage_with_no_finished_game_to_remove_says_so_once():
    storage = Quota(limit=3_000)
    live = GAMES["devils-square"].new(deal=77)
    live_key = slot_key("devils-square", 77, live.options)
    storage.data[live_key] = json.dumps(dict(live.to_save(), finished=False))
    fill_with_junk(storage, 20)
    before = dict(storage.data)
    store = Store(storage)
    session, key, _ = opened(store, "kings-square", 4)
    session.play(session.game.legal_moves()[0])
    assert store.save_record(key, session.record(), finished=False) is False
    assert "full" in store.take_problem() and store.take_problem() == ""
    assert storage.data == before  # nothing removed, nothing half-written


# -- nesting deep enough to overflow Pyodide's stack ---------------------------------------


def test_deep_nesting_is_refused_before_parsing_and_normal_data_is_not():
    from game.ui.safejson import MAX_DEPTH, depth, loads

    assert depth('[[1], {"a": "[[[[\\"[[["}]') == 2  # brackets in strings do not count
    with pytest.raises(ValueError):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(ValueError):
        loads('{"a": ' + "{" * 10_000)  # deep and cut short
    rows = {"v": 1, "modes": {"relaxed": {"recent": [[1, 2, 3, 4, 5, 6]] * 200}}}
    assert loads(json.dumps(rows)) == rows
    for fixture in (p for folder in FIXTURE_DIRS for p in folder.glob("*.json")):
        text = json.loads(fixture.read_text()).get("stored")
        if isinstance(text, str):
            assert loads(text) == json.loads(text)


# The old engine's winning line of strict deal 10 (tests/test_kings_corner_solitaire.py):
# its last move removes a pair from a grid the last card did not fill, which the rules
# (docs/rules.md, section 4.4) never allowed and the engine now refuses.
OLD_STRICT_LINE = (
    "p5 p0 p3 p1 p6 p9 p4 p7 p10 p12 p2 p8 p15 p13 p14 p11 r11 r2+3 r7+14 r0+1 r10+15 r8+12 "
    "p0 p3 p7 p8 p1 p12 p2 p10 p15 p14 p11 r0 r3 r1+5 r14+15 r10+11 p1 p0 p5 p3 p15 p14 p11 "
    "p10 r0 r9+11 r6+10 r14+15 p0 p15 p14 p11 p6 p9 p10 r6+15 r11+14 r9+10 p6 p9 p15 p10 "
    "r5+15 p15 p5 r5+6 r10+15 p5 r5+9").split()


@pytest.mark.parametrize("finished", [True, False], ids=["won then", "one move short"])
@pytest.mark.parametrize("by_link", [True, False], ids=["by link", "resumed"])
def test_an_old_strict_save_that_no_longer_replays_is_set_aside(by_link, finished):
    """A Camelot (strict) game saved when the engine let removing go on with the stock
    empty and the grid not full: where its moves are still legal it resumes as it was;
    from the first move the rules refuse, the save is set aside whole, the player is told
    once, and a new game starts (the same deal when opened by its link)."""
    options = {"swap": False, "strict": True}
    key = slot_key("kings-corner-solitaire", 10, options)
    record = {"v": 1, "game": "kings-corner-solitaire", "deal": 10, "options": options,
              "moves": OLD_STRICT_LINE if finished else OLD_STRICT_LINE[:-1], "redo": []}
    text = json.dumps(record)
    storage = MemoryStorage()
    storage.data = {key: text, f"{PREFIX}current:kings-corner-solitaire": key}
    session, new_key, notes = opened(Store(storage), "kings-corner-solitaire",
                                     10 if by_link else None, options)
    game = session.game
    if not finished:  # every move still replays: the game resumes, now over and lost
        assert notes == [] and len(game.move_stack) == len(OLD_STRICT_LINE) - 1
        assert game.is_over() and not game.outcome().won and asides(storage) == {}
        return
    assert game.move_stack == [] and not game.is_over()
    assert notes == ["Your saved Kings in the Corner (patience) game could not be restored, "
                     "so a new "
                     "deal has started; the old save is kept aside."]
    assert list(asides(storage).values()) == [text] and key not in storage.data
    if by_link:
        assert (game.deal, game.options, new_key) == (10, options, key)
