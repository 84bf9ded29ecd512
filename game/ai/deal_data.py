"""Written by tools/make_deal_lists.py from bench/results: do not edit.

Devil's Square and King's Square share their deals: deal_lists.py maps the
second to the first."""

WINNABLE: dict[str, tuple[int, ...]] = {
    "devils-square": (
        2, 3, 4, 5, 8, 9, 13, 17, 19, 23, 27, 28, 33, 36, 37, 39, 40,
    ),
}

GRADED: dict[str, dict[str, tuple[int, ...]]] = {
    "devils-square": {
        "easy": (
            2, 4, 8, 9, 13, 17, 19, 23, 27, 28, 36, 37,
        ),
        "medium": (
            3, 33, 40,
        ),
        "hard": (
            5, 39,
        ),
    },
}

GRADE_RULES: dict[str, str] = {
    "devils-square": (
        'Every graded deal can be escaped (the solver found a way). Easy: a player '
        'following the Hint button every move escapes. Medium: the hint player makes at '
        'least 8 books. Hard: it makes fewer.'
    ),
}
