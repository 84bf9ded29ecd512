"""Write game/ai/deal_data.py, the winnable and graded deal lists, from bench/results.

    .venv/bin/python tools/make_deal_lists.py

A deal is listed as winnable when it was proved winnable: the full-information solver
won it, or a player's line did (bench/winrates.py's `verdict`). Winnable deals are then
graded by how a player who cannot see the stock did on them, as the game's AI says
(game/ai/solitaire.py, `Grading`); both are deterministic, so a deal keeps its grade.
The page ships the lowest PER_LIST deal numbers of each list. Games that share their
deals (GameInfo.deals) share one list.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.winrates import GAMES, WON, modes_of, read, verdicts  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.ai.deal_lists import lists_key  # noqa: E402
from game.games import load  # noqa: E402

TARGET = ROOT / "game" / "ai" / "deal_data.py"
PER_LIST = 500  # the lowest deal numbers of each list: plenty to play, little to load


def main() -> None:
    lines = ['"""Written by tools/make_deal_lists.py from bench/results: do not edit.',
             "",
             "Devil\'s Square and King\'s Square share their deals: deal_lists.py maps the",
             "second to the first. The lists of a mode of a game's tile are keyed",
             '<game id>.<Mode.name> (game/ai/deal_lists.py, lists_key)."""',
             "",
             "from ..i18n import mark",
             "",
             "WINNABLE: dict[str, tuple[int, ...]] = {"]
    graded_lines = ["GRADED: dict[str, dict[str, tuple[int, ...]]] = {"]
    notes = ["GRADE_RULES: dict[str, str] = {"]
    for game_id in GAMES:
        for mode, _options, _words in modes_of(game_id):
            grading = solitaire.load(game_id).grading_for(mode)
            if grading is not None:
                write_lists(lists_key(game_id, mode), game_id, mode, grading, lines,
                            graded_lines, notes)
    lines += ["}", "", *graded_lines, "}", "", *notes, "}", ""]
    TARGET.write_text("\n".join(lines))


def write_lists(key: str, game_id: str, mode: str, grading: solitaire.Grading,
                lines: list[str], graded_lines: list[str], notes: list[str]) -> None:
    """The lists of one game's deals with one mode's options (mode "": its defaults),
    under `key` (game/ai/deal_lists.py)."""
    lower_is_better = load(game_id).lower_is_better
    player = read(game_id, mode, grading.player)
    won = sorted(deal for deal, verdict in verdicts(game_id, mode).items()
                 if verdict == WON and deal in player)
    if not won:
        return
    if grading.winnable_list:
        lines += numbers(f'"{key}"', won[:PER_LIST], 4)
    sizes = {}
    if grading.graded:
        graded_lines.append(f'    "{key}": {{')
        for name in ("easy", "medium", "hard"):
            deals = [deal for deal in won if grading.grade(
                bool(player[deal]["won"]), player[deal]["score"], lower_is_better) == name]
            graded_lines += numbers(f'"{name}"', deals[:PER_LIST], 8)
            sizes[name] = len(deals)
        graded_lines.append("    },")
    notes.append(f'    "{key}": mark(')
    notes += [f"        {part!r}" for part in wrap_words(grading.words, 80)]
    notes.append("    ),")
    print(f"{key}: {len(won)} winnable deals; {sizes}; the first {PER_LIST} "
          "of each list are kept")


def numbers(name: str, values: list[int], indent: int) -> list[str]:
    """`name: (1, 2, ...),` as lines of at most 100 characters."""
    pad = " " * indent
    body = textwrap.wrap(", ".join(map(str, values)) + ",", 96 - indent)
    return [f"{pad}{name}: (", *[f"{pad}    {line}" for line in body], f"{pad}),"]


def wrap_words(text: str, width: int) -> list[str]:
    parts = textwrap.wrap(text, width)
    return [part + " " for part in parts[:-1]] + parts[-1:]


if __name__ == "__main__":
    main()
