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

from bench.winrates import GAMES, WON, read, verdicts  # noqa: E402
from game.ai import solitaire  # noqa: E402
from game.games import load  # noqa: E402

TARGET = ROOT / "game" / "ai" / "deal_data.py"
PER_LIST = 500  # the lowest deal numbers of each list: plenty to play, little to load


def main() -> None:
    lines = ['"""Written by tools/make_deal_lists.py from bench/results: do not edit.',
             "",
             "Devil\'s Square and King\'s Square share their deals: deal_lists.py maps the",
             'second to the first."""',
             "",
             "from ..i18n import mark",
             "",
             "WINNABLE: dict[str, tuple[int, ...]] = {"]
    graded_lines = ["GRADED: dict[str, dict[str, tuple[int, ...]]] = {"]
    notes = ["GRADE_RULES: dict[str, str] = {"]
    for game_id in GAMES:
        grading = solitaire.load(game_id).grading
        if grading is None:
            continue
        lower_is_better = load(game_id).lower_is_better
        player = read(game_id, "", grading.player)
        won = [deal for deal, verdict in verdicts(game_id).items()
               if verdict == WON and deal in player]
        if not won:
            continue
        if grading.winnable_list:
            lines += numbers(f'"{game_id}"', won[:PER_LIST], 4)
        graded_lines.append(f'    "{game_id}": {{')
        sizes = {}
        for name in ("easy", "medium", "hard"):
            deals = [deal for deal in won if grading.grade(
                bool(player[deal]["won"]), player[deal]["score"], lower_is_better) == name]
            graded_lines += numbers(f'"{name}"', deals[:PER_LIST], 8)
            sizes[name] = len(deals)
        graded_lines.append("    },")
        notes.append(f'    "{game_id}": mark(')
        notes += [f"        {part!r}" for part in wrap_words(grading.words, 80)]
        notes.append("    ),")
        print(f"{game_id}: {len(won)} winnable deals; {sizes}; the first {PER_LIST} "
              "of each list are kept")
    lines += ["}", "", *graded_lines, "}", "", *notes, "}", ""]
    TARGET.write_text("\n".join(lines))


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
