"""Written by tools/make_deal_lists.py from bench/winrates.py's results: do not edit."""

WINNABLE: dict[str, tuple[int, ...]] = {}
GRADED: dict[str, dict[str, tuple[int, ...]]] = {}
GRADE_RULES: dict[str, str] = {}
