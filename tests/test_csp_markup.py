"""What the Content-Security-Policy of index.html forbids never appears in the markup the
page is made of (e2e/test_csp.py checks the page in Chromium): no style attribute, no
<style> or inline <script>, no on* handler attribute, no javascript: URL, in index.html,
in any markup written by game/ (Python sources and the rules pages' HTML templates), and
in the rules pages as built for every game and language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.games import GAMES
from game.i18n import LANGUAGES
from game.ui.rules import rules_html

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = re.compile(
    r"""(?<![\w.-])style\s*=\s*["']|<style[\s>]|(?<![\w.-])on[a-z]+\s*=\s*["']"""
    r"""|javascript:|<script(?![^>]*\bsrc=)(?![^>]*type="py")""",
    re.IGNORECASE,
)


def without_comments(text: str) -> str:
    return re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)


@pytest.mark.parametrize(
    "path",
    [ROOT / "index.html", *sorted((ROOT / "game").rglob("*.py")),
     *sorted((ROOT / "game").rglob("*.html"))],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_no_inline_style_or_script_in_the_sources(path):
    text = without_comments(path.read_text(encoding="utf-8"))
    found = [m.group(0) for m in FORBIDDEN.finditer(text)]
    assert found == [], found


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_inline_style_or_script_in_the_rules_pages(lang):
    for game_id in GAMES:
        html = rules_html(game_id, lang)
        assert FORBIDDEN.findall(html) == [], (game_id, lang)
