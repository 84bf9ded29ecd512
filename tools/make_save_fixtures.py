"""Write golden save, statistics and settings fixtures with the code of a released version.

    git archive <release commit> game | tar -x -C /tmp/release
    python3 tools/make_save_fixtures.py /tmp/release tests/fixtures/saves_v<N>

imports `game` from the given tree (not this one), plays games with that release's
engine, sessions, clock and Store the way its page does, and writes one JSON file per
case: the exact text that release stores in localStorage (`stored`, under `key`), and
what the position is (`expect`: zones, whether it is over, won, score, moves, redo
line), as that release computes it. tests/test_saves.py replays every file with the
current code, so a later format change must migrate these saves, not lose them.
The v1 files were made from commit 550ac3d, the last release before issue 8, and the
saves_2ceca31 files from commit 2ceca31, the last before the game/page redesign of issue
15. It speaks the API of those releases (Session, game.ui.stats): a later release whose
saves are to be pinned needs its calls brought up to that release's page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


class MemoryStorage:
    """localStorage's methods over a dict (what the release's page stores)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key):  # noqa: N802 - the browser's names
        return self.data.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.data[key] = value

    def removeItem(self, key):  # noqa: N802
        self.data.pop(key, None)

    def key(self, index):
        return list(self.data)[index]

    @property
    def length(self):
        return len(self.data)


def main(tree: str, out: str) -> None:
    sys.path.insert(0, str(Path(tree).resolve()))
    import game  # noqa: F401 - the release's package, from `tree`
    from game.ai import deal_lists, solitaire
    from game.ai import kings_corner as kc_ai
    from game.engine import SAVE_VERSION
    from game.games import GAMES
    from game.ui import settings
    from game.ui.session import Session
    from game.ui.stats import Clock, Result, StatsStore, Tracker
    from game.ui.store import Store, slot_key
    from game.ui.table import TableSession

    assert Path(game.__file__).resolve().is_relative_to(Path(tree).resolve()), game.__file__
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)

    def write(name: str, about: str, session, seconds: float, kind: str = "any") -> None:
        storage = MemoryStorage()
        store = Store(storage)
        game = session.game
        key = slot_key(game.id, game.deal, game.options)
        record = session.to_record()
        tracker = Tracker(kind=kind, counted=game.is_over(), clock=Clock(seconds))
        tracker.stamp(record, 0.0)
        store.save_record(key, record, finished=game.is_over())
        outcome = game.outcome()
        fixture = {
            "about": about,
            "version": SAVE_VERSION,
            "key": key,
            "stored": storage.data[key],
            "current": storage.data[f"cardgames:current:{game.id}"],
            "expect": {
                "zones": game.zones(),
                "over": game.is_over(),
                "won": None if outcome is None else outcome.won,
                "score": None if outcome is None else outcome.score,
                "moves": [str(m) for m in game.move_stack],
                "redo": list(session.redo_stack),
            },
        }
        (folder / f"{name}.json").write_text(json.dumps(fixture, indent=1) + "\n")

    def first_moves(game, count: int) -> None:
        for _ in range(count):
            if game.is_over():
                return
            game.push(game.legal_moves()[0])

    def a_win(game_id: str, options: dict):
        hint = solitaire.load(game_id).hint
        for kind in ("easy", "winnable"):
            for deal in deal_lists.deals_of(game_id, kind)[:40]:
                game = GAMES[game_id].new(deal=deal, **options)
                outcome = solitaire.play_out(game, hint)
                if outcome.won and not game.resigned:
                    return game
        raise LookupError(f"no win found for {game_id}")

    other_options = {"devils-square": {"guard": True}, "kings-square": {"guard": True},
                     "devils-grip": {"draw": 1, "passes": 3},
                     "kings-corner-solitaire": {"swap": True, "strict": True}}
    for game_id in ("devils-square", "kings-square", "devils-grip", "kings-corner-solitaire"):
        cls = GAMES[game_id]
        write(f"{game_id}-fresh", "a new deal, no move yet", Session(cls.new(deal=101)), 0.0)
        game = cls.new(deal=202)
        first_moves(game, 6)
        session = Session(game)
        session.undo()
        session.undo()
        write(f"{game_id}-in-progress", "moves made, two undone: a redo line", session, 95.3)
        write(f"{game_id}-won", "a finished game, won by the hint player",
              Session(a_win(game_id, {})), 612.0, kind="winnable")
        game = cls.new(deal=303)
        first_moves(game, 3)
        game.resign()
        write(f"{game_id}-resigned", "three moves, then given up", Session(game), 41.0)
        game = cls.new(deal=404, **other_options[game_id])
        first_moves(game, 4)
        write(f"{game_id}-options", "non-default options, in progress", Session(game), 30.5)

    def computer_turns(session, limit: int) -> None:
        """Every seat played by the computer's normal player (the person's too)."""
        game = session.game
        for _ in range(limit):
            if game.is_over():
                return
            seat = game.to_move
            if game.hand_over is None and session.is_person(seat):
                move = kc_ai.choose(game.view(seat), "normal", __import__("random").Random(1))
                session.play(move)
            elif game.hand_over is not None:
                session.play(kc_ai.choose(game.view(seat), "normal",
                                          __import__("random").Random(1)))
            else:
                session.step_computer()

    cls = GAMES["kings-corner"]
    names = ["Ann <b>", "Arthur", "Guinevere", "Lancelot"]
    session = TableSession(cls.new(deal=505), [], names)
    write("kings-corner-fresh", "a table with typed names, no move yet", session, 0.0)
    session = TableSession(cls.new(deal=606, players="h13"), [], ["Bob", "", ""])
    computer_turns(session, 25)
    write("kings-corner-in-progress", "Jax, three seats, some turns played", session, 77.0)
    session = TableSession(
        cls.new(deal=707, rules="classic", players="h2", draw=2, under=True, match=0),
        [], ["Cleo", "Merlin"])
    computer_turns(session, 3000)
    assert session.game.is_over()
    write("kings-corner-finished", "a Classic one-hand match played to its end", session, 300.0)

    # Statistics and settings as that release stores them.
    storage = MemoryStorage()
    data = StatsStore(Store(storage))
    for index, (game_id, mode, won, score) in enumerate([
        ("devils-square", "relaxed", True, 160), ("devils-square", "relaxed", False, 40),
        ("devils-square", "guard", True, 150), ("devils-square", "winnable", False, 70),
        ("devils-grip", "relaxed", True, 0), ("devils-grip", "relaxed", False, 12),
        ("kings-corner", "relaxed", True, 6),
    ]):
        data.record(Result(game_id, mode, 100 + index, won, score, 80 + index, 200 + index,
                           1_760_000_000 + index * 600))
    prefs = settings.Settings(speed="fast", motion="reduce", autoplay=True, theme="dark",
                              contrast=True)
    settings.save(Store(storage), prefs)
    storage.setItem("cardgames:language", "nl")
    storage.setItem("cardgames:settings:table-names", "Ann\nBob")
    storage.setItem("cardgames:settings:deals:devils-square", "winnable")
    expect = {game_id: {mode: [t.played, t.won, t.best_score] for mode, t in
                        data.load(game_id).modes.items()}
              for game_id in ("devils-square", "devils-grip", "kings-corner")}
    fixture = {"about": "statistics, settings and small keys as that release stores them",
               "stored": storage.data, "expect": {"stats": expect, "settings": {
                   "speed": prefs.speed, "motion": prefs.motion, "autoplay": prefs.autoplay,
                   "theme": prefs.theme, "contrast": prefs.contrast}}}
    (folder / "stats-and-settings.json").write_text(json.dumps(fixture, indent=1) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
