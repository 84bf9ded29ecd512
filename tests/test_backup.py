"""Export and import of everything the site keeps (game/ui/backup.py): a round trip gives
the same stored texts, a file holding an older release's texts (tests/fixtures/
backup_v1.json: the texts of tests/fixtures/saves_v1/, stored by release 550ac3d) imports
and every game resumes where that release left it, the merge loses nothing on either side,
and damaged, foreign and newer files are refused whole with one sentence."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.games import GAMES
from game.ui import backup
from game.ui import settings as st
from game.ui.backup import BadBackup, apply, export_text, plan, read_backup
from game.ui.opening import open_game
from game.ui.record import SaveRecord
from game.ui.stats_model import GameStats, Result
from game.ui.stats_store import StatsStore, stats_key
from game.ui.store import PREFIX, Store, slot_key

from .test_ui_logic import MemoryStorage
from .test_urlstate_fuzz import check_message

FIXTURES = Path(__file__).parent / "fixtures"
OLD = (FIXTURES / "backup_v1.json").read_text(encoding="utf-8")


def fresh() -> tuple[Store, MemoryStorage]:
    storage = MemoryStorage()
    return Store(storage), storage


def played(store: Store, game_id: str, deal: int, moves: int, seed: int = 0) -> str:
    """Save a game of `game_id` with `moves` random moves; its key."""
    rng = random.Random(seed)
    game = GAMES[game_id].new(deal=deal)
    for _ in range(moves):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_moves()))
    key = slot_key(game_id, deal, game.options)
    store.save_record(key, SaveRecord(game.to_save(), seconds=12.5), game.is_over())
    return key


def import_all(store: Store, text: str) -> backup.Plan:
    planned = plan(store, read_backup(text))
    assert apply(store, planned)
    return planned


def refused(text: object) -> str:
    with pytest.raises(BadBackup) as error:
        read_backup(text)
    check_message(str(error.value))
    return str(error.value)


# -- round trips ----------------------------------------------------------------------------


def test_export_then_import_into_a_fresh_browser_gives_the_same_data():
    store, storage = fresh()
    played(store, "devils-grip", 12, 20)
    played(store, "devils-square", 7, 500)  # to its end
    StatsStore(store).record(Result("devils-grip", "relaxed", 3, True, 0, 80, 300, 1))
    st.save(store, st.Settings(speed="fast", theme="dark"))
    store.write(f"{PREFIX}language", "fr")
    store.write(f"{PREFIX}early:devils-grip", "{}")  # a cache: not exported
    text = export_text(store, now=1_800_000_000)
    other, other_storage = fresh()
    planned = import_all(other, text)
    assert {c.action for c in planned.changes} == {"add"}
    mine = {k: v for k, v in storage.data.items() if not k.startswith(f"{PREFIX}early:")}
    assert other_storage.data == mine
    for key in (k for k in mine if k.startswith(f"{PREFIX}save:")):
        game_id = key.split(":")[2]
        assert open_game(other, game_id, int(key.split(":")[3]), {}).record is not None
    assert StatsStore(other).load("devils-grip").summary().won == 1
    assert st.load(other)[0] == st.Settings(speed="fast", theme="dark")
    again = plan(other, read_backup(text))  # importing twice changes nothing
    assert {c.action for c in again.changes} == {"same"}


def test_a_file_of_an_older_release_imports_and_every_game_resumes():
    store, storage = fresh()
    planned = import_all(store, OLD)
    assert planned.count("saves", "add") > 20 and planned.count("stats", "add") == 3
    for path in sorted((FIXTURES / "saves_v1").glob("*-*.json")):
        if path.name == "stats-and-settings.json":
            continue
        fixture = json.loads(path.read_text(encoding="utf-8"))
        game_id, deal = fixture["key"].split(":")[2], int(fixture["key"].split(":")[3])
        session = open_game(store, game_id, deal, _options(fixture["key"])).session
        assert session.game.zones() == fixture["expect"]["zones"], path.name
    assert StatsStore(store).load("devils-square").summary().played == 4
    assert st.load(store) == (st.Settings(speed="fast", motion="reduce", autoplay=True,
                                          theme="dark", contrast=True), "")


def _options(key: str) -> dict:
    game_id = key.split(":")[2]
    defaults = GAMES[game_id].OPTIONS
    options = {}
    for part in key.split(":")[4:]:
        name, _, value = part.partition("=")
        default = defaults[name]
        options[name] = (value == "True" if isinstance(default, bool)
                         else int(value) if isinstance(default, int) else value)
    return options


# -- the merge ------------------------------------------------------------------------------


def test_the_game_played_further_wins_and_the_other_is_kept_aside():
    home, _ = fresh()
    key = played(home, "devils-grip", 40, 5)
    text = export_text(home, now=1)
    away, away_storage = fresh()
    played(away, "devils-grip", 40, 12)  # the same moves, and more
    before = away.read(key)
    planned = plan(away, read_backup(text))
    assert [c.action for c in planned.changes if c.key == key] == ["keep"]
    assert apply(away, planned)
    assert away.read(key) == before
    asides = [v for k, v in away_storage.data.items() if k.startswith(f"{PREFIX}aside:")]
    assert json.loads(text)["stored"][key] in asides  # nothing lost
    # and the other way: the file's game is further along
    far = export_text(away, now=2)
    home_plan = plan(home, read_backup(far))
    assert [c.action for c in home_plan.changes if c.key == key] == ["replace"]


def test_statistics_of_more_games_win_settings_are_taken_pointers_kept():
    home, _ = fresh()
    stats = StatsStore(home)
    for n in range(3):
        stats.record(Result("devils-square", "relaxed", n + 1, n == 0, 100, 50, 60, n))
    st.save(home, st.Settings(speed="slow"))
    home.write(f"{PREFIX}current:devils-square", slot_key("devils-square", 9, {}))
    played(home, "devils-square", 9, 3)
    text = export_text(home, now=1)
    away, away_storage = fresh()
    StatsStore(away).record(Result("devils-square", "guard", 5, True, 100, 50, 60, 9))
    st.save(away, st.Settings(theme="dark"))
    played(away, "devils-square", 11, 3)  # its own current game
    mine_stats = away.read(stats_key("devils-square"))
    planned = plan(away, read_backup(text))
    actions = {c.key: c.action for c in planned.changes}
    assert actions[stats_key("devils-square")] == "replace"
    assert actions[st.KEY] == "replace"
    assert actions[f"{PREFIX}current:devils-square"] == "keep"
    assert actions[slot_key("devils-square", 9, {})] == "add"
    assert apply(away, planned)
    assert StatsStore(away).load("devils-square").summary().played == 3
    assert mine_stats in away_storage.data.values()  # kept aside, not lost
    assert away.current_key("devils-square") == slot_key("devils-square", 11, {})
    rows = {row[0]: row[1:] for row in planned.rows()}
    assert rows["Statistics"] == (0, 1, 0, 0) and rows["Settings"] == (0, 1, 0, 0)


def test_nothing_is_lost_on_either_side():
    """Every text of the file and of the browser is somewhere in the browser afterwards
    (a `current:` pointer aside: it says which game was last open, and this browser's
    own stays)."""
    rng = random.Random(5)
    home, _ = fresh()
    away, away_storage = fresh()
    for store in (home, away):
        for _ in range(6):
            game_id = rng.choice(["devils-grip", "devils-square", "kings-corner-solitaire"])
            played(store, game_id, rng.randint(1, 4), rng.randint(0, 30), rng.randrange(9))
        StatsStore(store).record(Result("devils-grip", "relaxed", 3, rng.random() < 0.5, 4,
                                        80, 300, rng.randrange(99)))
    text = export_text(home, now=1)

    def data(stored: dict) -> set[str]:
        return {v for k, v in stored.items() if not k.startswith(f"{PREFIX}current:")}

    before = data(away_storage.data)
    import_all(away, text)
    after = set(away_storage.data.values())
    assert before <= after and data(json.loads(text)["stored"]) <= after


# -- refused files --------------------------------------------------------------------------


def good() -> dict:
    return json.loads(OLD)


def with_entry(key: str, value: object) -> str:
    data = good()
    data["stored"][key] = value
    return json.dumps(data)


def test_foreign_damaged_and_newer_files_are_refused():
    assert "not a backup" in refused("hello")
    assert "not a backup" in refused("")
    assert "not a backup" in refused("[1, 2]")
    assert "not a backup" in refused(json.dumps({"format": "other", "v": 1, "stored": {}}))
    assert "not a backup" in refused("[" * 100_000 + "]" * 100_000)
    assert "not a backup" in refused(OLD[: len(OLD) // 2])  # cut short
    assert "too large" in refused(" " * (backup.MAX_FILE + 1))
    refused(None)
    newer = good()
    newer["v"] = backup.VERSION + 1
    assert "newer version" in refused(json.dumps(newer))
    for version in (0, -1, "1", None, 1.0, True):
        data = good()
        data["v"] = version
        assert "damaged" in refused(json.dumps(data)), version
    data = good()
    data["stored"] = []
    assert "damaged" in refused(json.dumps(data))


def test_every_entry_is_checked():
    save_key = slot_key("devils-grip", 202, {"draw": 3, "passes": 0})
    record = json.loads(good()["stored"][save_key])
    bad_move = dict(record, moves=record["moves"] + ["99-98"])
    other_slot = slot_key("devils-grip", 203, {})
    stats = json.loads(good()["stored"][stats_key("devils-grip")])
    for key, value in [
        (f"{PREFIX}unknown", "x"),
        ("elsewhere:key", "x"),
        (f"{PREFIX}early:devils-grip", "{}"),
        (save_key, 5),
        (save_key, "not json"),
        (save_key, json.dumps(bad_move)),  # does not replay
        (other_slot, json.dumps(record)),  # another slot's game
        (f"{PREFIX}save:chess:1", json.dumps(record)),
        (f"{PREFIX}current:devils-grip", f"{PREFIX}save:devils-square:1"),
        (stats_key("devils-grip"), json.dumps(dict(stats, modes={"odd": {}}))),
        (stats_key("chess"), json.dumps(stats)),
        (st.KEY, json.dumps({"v": 1, "speed": "warp"})),
        (f"{PREFIX}language", "x" * (backup.MAX_SMALL + 1)),
    ]:
        assert "damaged" in refused(with_entry(key, value)), key
    assert "newer version" in refused(with_entry(save_key, json.dumps(dict(record, v=99))))
    assert "newer version" in refused(with_entry(save_key, json.dumps(dict(record, pv=9))))
    assert "newer version" in refused(with_entry(stats_key("devils-grip"),
                                                 json.dumps(dict(stats, v=99))))
    assert "newer version" in refused(with_entry(st.KEY, json.dumps({"v": 9})))


@pytest.mark.parametrize("seed", range(20))
def test_damaged_files_are_refused_or_read_whole(seed):
    """Cut, flipped or spliced files: refused with one sentence, or (when the damage left
    valid JSON whose every entry still reads) imported like any good file."""
    rng = random.Random(seed)
    for _ in range(20):
        text = OLD
        at = rng.randrange(len(text))
        way = rng.randrange(3)
        if way == 0:
            text = text[:at]
        elif way == 1:
            text = text[:at] + rng.choice('x"{}[],:0\\') + text[at + 1:]
        else:
            text = text[:at] + text[rng.randrange(len(text)):]
        try:
            stored = read_backup(text)
        except BadBackup as error:
            check_message(str(error))
            continue
        store, _ = fresh()
        assert apply(store, plan(store, stored))


def test_nothing_is_written_when_a_file_is_refused():
    store, storage = fresh()
    played(store, "devils-grip", 3, 4)
    before = dict(storage.data)
    with pytest.raises(BadBackup):
        read_backup(with_entry(f"{PREFIX}unknown", "x"))
    assert storage.data == before


def test_the_preview_rows_count_every_key():
    store, _ = fresh()
    planned = plan(store, read_backup(OLD))
    assert sum(sum(row[1:]) for row in planned.rows()) == len(json.loads(OLD)["stored"])
    assert isinstance(GameStats, type)
