"""The stylesheets' split (issue 15): the page's shared sheets know no game; each game
family's table, moods and dialogs are in one sheet under css/games/, named by its
GameInfo.stylesheet and linked from index.html in one block between the "game
stylesheets" comments, which the build writes from the registry (tools/build_site.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.games import GAMES, load_all
from game.ui.games import page_of
from tools.build_site import SHEET_LINK, SITE_SHEET, balanced, game_stylesheets, join_stylesheets

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "index.html"
BEGIN, END = "<!-- game stylesheets: begin -->", "<!-- game stylesheets: end -->"
LINK = SHEET_LINK  # the build's own pattern


def linked() -> list[str]:
    return LINK.findall(INDEX.read_text(encoding="utf-8"))


def game_block() -> list[str]:
    """The lines between the two comments, stripped."""
    html = INDEX.read_text(encoding="utf-8")
    assert html.count(BEGIN) == 1 and html.count(END) == 1, "the block's comments, once each"
    inside = html.split(BEGIN, 1)[1].split(END, 1)[0]
    return [line.strip() for line in inside.strip().splitlines()]


def game_sheets() -> list[str]:
    return [LINK.fullmatch(line).group(1) for line in game_block()]


def shared_sheets() -> list[Path]:
    return sorted((ROOT / "css").glob("*.css"))


def board_classes() -> set[str]:
    """Each game's own class on #board (its page module), e.g. "kk" for "board kk"."""
    return {name for info in load_all().values()
            for name in page_of(info).board_class.split()} - {"board"}


def test_the_game_block_holds_only_game_stylesheet_links():
    for line in game_block():
        found = LINK.fullmatch(line)
        assert found and found.group(1).startswith("css/games/"), line


def test_every_sheet_under_css_games_is_linked_in_the_block_and_nowhere_else():
    on_disk = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "css/games").glob("*.css"))
    assert sorted(game_sheets()) == on_disk
    outside = [href for href in linked() if href not in game_sheets()]
    assert not [href for href in outside if href.startswith("css/games/")]
    assert len(set(linked())) == len(linked())


def test_the_block_lists_the_registrys_stylesheets_as_the_build_writes_them():
    assert game_sheets() == game_stylesheets([])


def test_the_game_sheets_come_after_every_shared_sheet():
    """A game's rules follow the shared ones they refine (the same specificity, later)."""
    order = linked()
    last_shared = max(i for i, href in enumerate(order) if not href.startswith("css/games/"))
    assert min(order.index(href) for href in game_sheets()) > last_shared


def test_every_shared_sheet_is_linked():
    assert {p.relative_to(ROOT).as_posix() for p in shared_sheets()} <= set(linked())


@pytest.mark.parametrize("sheet", shared_sheets(), ids=lambda p: p.name)
def test_no_shared_sheet_names_a_game_or_its_board(sheet: Path):
    text = sheet.read_text(encoding="utf-8")
    for game_id in GAMES:
        assert game_id not in text, f"{sheet.name} names {game_id}"
    for name in board_classes():
        # the board's class (.kk) and its parts (.dg-row, .kc-grid); not the King's Keys
        # deck (.kk-face, css/cards.css), which is a deck, not a board
        pattern = rf"\.{name}(?![\w-])" + (rf"|\.{name}x?-" if name != "kk" else "")
        found = re.search(pattern, text)
        assert not found, f"{sheet.name} names the board class {found.group(0)}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_its_mood_and_its_board_in_one_game_sheet(game_id: str):
    """Its mood (body[data-game=...]) and its board's class are in the same sheet."""
    mood = f'body[data-game="{game_id}"]:not([data-view="home"]) {{'
    board = {n for n in page_of(load_all()[game_id]).board_class.split() if n != "board"}
    holders = [href for href in game_sheets() if mood in (ROOT / href).read_text()]
    assert len(holders) == 1, f"{game_id}'s mood is in {holders}"
    assert holders == [load_all()[game_id].stylesheet]  # the sheet its GameInfo names
    text = (ROOT / holders[0]).read_text()
    assert all(re.search(rf"\.{name}(?![\w-])", text) for name in board), holders[0]


def test_the_build_joins_the_linked_sheets_into_one_in_their_order(tmp_path: Path):
    """The built page links one sheet: the others' text in their links' order (the same
    cascade), each named in a comment; the joined sheets do not ship."""
    texts = {"a": "a { color: red }\n", "games/b": "@media (x) { b { } }",
             "c": "/* { */ c::after { content: \"}\" }"}
    sheets = {f"css/{name}.css": css for name, css in texts.items()}
    for name, css in sheets.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(css, encoding="utf-8")
    links = "".join(f'  <link rel="stylesheet" href="./{name}">\n' for name in sheets)
    (tmp_path / "index.html").write_text(f"<head>\n  <meta charset=utf-8>\n{links}"
                                         "  <script src=./js/early.js></script>\n</head>",
                                         encoding="utf-8")
    assert join_stylesheets(tmp_path) == list(sheets)
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert LINK.findall(html) == [SITE_SHEET]
    assert html == ("<head>\n  <meta charset=utf-8>\n"
                    f'  <link rel="stylesheet" href="./{SITE_SHEET}">\n'
                    "  <script src=./js/early.js></script>\n</head>")
    joined = (tmp_path / SITE_SHEET).read_text(encoding="utf-8")
    assert joined == "\n".join(f"/* {name} */\n{css.rstrip()}\n" for name, css in sheets.items())
    assert not any((tmp_path / name).exists() for name in sheets)
    assert not (tmp_path / "css/games").exists()


def test_a_sheet_left_open_stops_the_join(tmp_path: Path):
    assert balanced('a { b: url("data:x{") } /* } */') and not balanced("a { b: c")
    assert not balanced("a } {")
    name = "open"  # (a made-up sheet: tests/test_docs.py checks the paths cited here)
    sheet = f"css/{name}.css"
    (tmp_path / "css").mkdir()
    (tmp_path / sheet).write_text("a { color: red", encoding="utf-8")
    (tmp_path / "index.html").write_text(f'<link rel="stylesheet" href="./{sheet}">\n',
                                         encoding="utf-8")
    with pytest.raises(SystemExit, match=sheet):
        join_stylesheets(tmp_path)


@pytest.mark.parametrize("sheet", linked())
def test_every_linked_sheet_closes_its_braces(sheet: str):
    assert balanced((ROOT / sheet).read_text(encoding="utf-8"))
