"""Write game/ai/deal_data.py, the winnable and graded deal lists, from bench/results.

    .venv/bin/python tools/make_deal_lists.py

A deal is listed as winnable when it was proved winnable: the full-information solver
won it, or a player's line did (bench/winrates.py's `verdict`). Winnable deals are then
graded by how the hint player, who cannot see the stock, did on them; both are
deterministic, so a deal keeps its grade. The page ships the lowest PER_LIST deal
numbers of each list. Devil's Square and King's Square share their
deals, so one result file serves both.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.winrates import WON, read, verdict  # noqa: E402

TARGET = ROOT / "game" / "ai" / "deal_data.py"
# Games where nearly every deal can be won with the stock known: a "winnable only"
# list would be nearly every deal, so they offer only the graded lists.
NEARLY_ALL_WINNABLE = {"devils-grip"}
PER_LIST = 500  # the lowest deal numbers of each list: plenty to play, little to load
def grade_kings_keys(row: dict) -> str:
    if row["hint_won"]:
        return "easy"
    return "medium" if row["hint_score"] >= 80 else "hard"


def grade_devils_grip(row: dict) -> str:
    """Once the first pass is over the hint knows every card and wins nearly every deal,
    so Devil's Grip is graded by the cards the greedy player (who plays by sight only)
    leaves; 18 and 25 split the winnable deals in about thirds."""
    if row["greedy_score"] <= 18:
        return "easy"
    return "medium" if row["greedy_score"] <= 25 else "hard"


def grade_kings_corner(row: dict) -> str:
    if row["hint_won"]:
        return "easy"
    return "medium" if row["hint_score"] >= 8 else "hard"


GRADERS = {
    "devils-square": grade_kings_keys,
    "devils-grip": grade_devils_grip,
    "kings-corner-solitaire": grade_kings_corner,
}

RULES = {
    "devils-square": (
        "Every graded deal can be escaped (the solver found a way). Easy: a player "
        "following the Hint button every move escapes. Medium: the hint player makes at "
        "least 8 books. Hard: it makes fewer."),
    "devils-grip": (
        "Nearly every deal can be won when the stock order is known, and the Hint button, "
        "which knows it once you have seen the whole stock, wins nearly all of them. "
        "What sets deals apart is how kind they are to a player who plays by sight: "
        "every graded deal can be won, and a simple player (it plays the waste card when "
        "it fits, else empties a cell, else deals) ends with 18 cards or fewer left on "
        "an easy deal, 19 to 25 on a medium one, and more on a hard one."),
    "kings-corner-solitaire": (
        "Every graded deal can be won (the solver found a way). Easy: a player following "
        "the Hint button every move wins. Medium: the hint player places at least 8 of "
        "the 12 court cards. Hard: it places fewer."),
}


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
    for game_id, grade in GRADERS.items():
        rows = [row for row in read(game_id) if verdict(row) == WON]
        if not rows:
            continue
        if game_id not in NEARLY_ALL_WINNABLE:
            lines += numbers(f'"{game_id}"', [row["deal"] for row in rows][:PER_LIST], 4)
        graded_lines.append(f'    "{game_id}": {{')
        sizes = {}
        for name in ("easy", "medium", "hard"):
            deals = [row["deal"] for row in rows if grade(row) == name]
            graded_lines += numbers(f'"{name}"', deals[:PER_LIST], 8)
            sizes[name] = len(deals)
        graded_lines.append("    },")
        notes.append(f'    "{game_id}": mark(')
        notes += [f"        {part!r}" for part in wrap_words(RULES[game_id], 80)]
        notes.append("    ),")
        print(f"{game_id}: {len(rows)} winnable deals; {sizes}; the first {PER_LIST} "
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
