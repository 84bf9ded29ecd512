"""Every file the code and docs name is one that a clone of the repository has (issue 15).

Comments once named documents kept outside the repository (a rules text, a design note, a
path on the machine they were written on), and a fresh clone could not follow them. This
reads every code, style, page and doc file of the repository (`*.py`, `*.js`, `*.css`,
`*.html`, `*.md`, the Makefile; not the build outputs nor tests/fixtures) and fails on:

- a markdown file named that the repository does not have;
- a repository path (it begins with a top-level folder or file of the repository, as
  game/ui/board.py or tests/fixtures/ do) that names nothing in the repository;
- a path that leaves the repository: `../` above its root, or an absolute path that is
  neither a system path (under /usr, /dev, /tmp...) nor a path of the site itself
  (/vendor/..., which pages and tests use as URLs);
- a section of docs/rules.md cited by number that the page lacks.

A path with a placeholder (`*`, `<lang>`, `{name}`) must match something. Paths under the
build outputs (vendor/, _site/, node_modules/, .venv/) count as present: `make` makes them
from the clone. "The repository" is what git tracks plus new files it does not ignore,
so a file not yet added counts; a file that is ignored never does.
"""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
from functools import cache
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
# Made by `make` (vendor, site, npm, virtualenv) or by git itself: never scanned, and a
# path under one of them is taken as present.
GENERATED = frozenset({"vendor", "_site", "node_modules", ".venv"})
# Written by tools/build_site.py at the top of _site/, where pages and tests name it "./...".
BUILT = frozenset({"game.zip", "pyscript-bytecode.bin"})
# Written by tools/build_site.py inside a folder of the repository's.
BUILT_FILES = frozenset({"css/site.css"})
# Words with a slash that are prose, not paths: the contract between a game and the page.
PROSE = frozenset({"game/page"})
NOT_SCANNED = GENERATED | {".git"}
# Trees the tests lay over the repository's (tools/build_site.py --overlay): the made-up
# game of tests/toy/ names its files as they are once laid over (css/games/toy-ladder.css).
OVERLAYS = ("tests/toy",)
CACHES = frozenset({"__pycache__", ".pytest_cache", ".ruff_cache", "test-results"})
NOT_SCANNED_UNDER = ("tests/fixtures/",)
SCANNED_SUFFIXES = frozenset({".py", ".js", ".css", ".html", ".md"})
SCANNED_NAMES = frozenset({"Makefile"})
# Absolute paths that name the system (or the page's Pyodide, /home/pyodide), not a file
# of the project.
SYSTEM_DIRS = frozenset({"usr", "bin", "sbin", "lib", "etc", "dev", "proc", "sys", "tmp",
                         "var", "opt", "run", "home"})
RULES_DOC = "docs/rules.md"

URL = re.compile(r"\b[a-zA-Z][\w+.-]*://\S*")
# One path segment: word characters, dots, dashes, pluses, globs and placeholders.
SEGMENT = r"(?:[\w.*+-]|<[\w-]+>|\{[\w.()-]*\})+"
PATH = re.compile(rf"(?<![\w/.:<>{{}}@\\-])(\.\./|\./|/)?({SEGMENT}(?:/{SEGMENT})*/?)")
BARE_MARKDOWN = re.compile(r"\w[\w.-]*\.md")
SECTION = re.compile(re.escape(RULES_DOC) + r"[,)]?\s+sections?\s+(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s", re.M)


@cache
def repository_files() -> tuple[str, ...]:
    """The repository's files, as posix paths from its root."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: what is on disk
        listed = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if d not in NOT_SCANNED | CACHES]
            listed += [(Path(folder) / name).relative_to(ROOT).as_posix() for name in names]
    return tuple(sorted(
        path for path in listed
        if path and path.split("/", 1)[0] not in NOT_SCANNED and (ROOT / path).is_file()
    ))


@cache
def repository_paths() -> frozenset[str]:
    """Every file and folder of the repository."""
    paths = set()
    for path in repository_files():
        paths.add(path)
        paths.update(parent.as_posix() for parent in PurePosixPath(path).parents)
    paths.discard(".")
    return frozenset(paths)


@cache
def top_level() -> frozenset[str]:
    return frozenset(path.split("/", 1)[0] for path in repository_paths()) | GENERATED | BUILT


@cache
def file_names() -> frozenset[str]:
    return frozenset(PurePosixPath(path).name for path in repository_files())


def scanned_files() -> list[str]:
    return [
        path for path in repository_files()
        if (PurePosixPath(path).suffix in SCANNED_SUFFIXES or PurePosixPath(path).name
            in SCANNED_NAMES) and not path.startswith(NOT_SCANNED_UNDER)
    ]


def present(path: str) -> bool:
    """Whether the repository has `path` (a file or folder, placeholders allowed), at its
    root or in a tree the tests lay over it (OVERLAYS: the build's --overlay)."""
    if path.split("/", 1)[0] in GENERATED | BUILT or path in BUILT_FILES:
        return True
    if any(present(f"{overlay}/{path}") for overlay in OVERLAYS if not path.startswith(
            overlay)):
        return True
    pattern = re.sub(r"<[\w-]+>|\{[^}]*\}", "*", path)
    if "*" in pattern:
        return any(fnmatch.fnmatchcase(known, pattern) for known in repository_paths())
    return path in repository_paths()


def normal(path: PurePosixPath) -> str | None:
    """`path` with its `.` and `..` worked out; None when it climbs above the root."""
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def problem(prefix: str, path: str, where: str) -> str | None:
    """What is wrong with the path cited as `prefix + path` in file `where`, or None."""
    bare = "/" not in path and not prefix
    path = path.rstrip("./")
    parts = path.split("/")
    first = parts[0]
    folder = PurePosixPath(where).parent
    if not re.search(r"\w", path) or path in PROSE:
        return None  # "*/" closing a CSS comment, a lone "../"
    if bare:  # a markdown file by its name alone, wherever it is
        return None if path in file_names() else "not in the repository"
    if prefix == "/":
        if first in top_level():
            candidates = [path]  # the site's own URL, as a page or a test asks for it
        elif first in SYSTEM_DIRS or len(parts) < 2:
            return None
        else:
            return "a path outside the repository"
    elif prefix == "../":
        inside = normal(folder / "../" / path)
        if inside is None:
            named = [part for part in parts if part not in (".", "..")]
            if named and named[0] in SYSTEM_DIRS:
                return None  # ../../etc/passwd: the system's, as a test's bad input
            return "a path outside the repository"
        candidates = [inside]
    elif prefix == "./" or first in top_level() or path.endswith(".md"):
        candidates = [c for c in (normal(folder / path), path) if c is not None]
    else:
        return None  # not a path of this repository: a MIME type, "and/or", a glob...
    if any(present(candidate) for candidate in candidates):
        return None
    return "not in the repository"


def problems_in(text: str, where: str) -> list[str]:
    """'file:line: path: what is wrong' for every citation in `text` (the file `where`)."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in PATH.finditer(URL.sub(" ", line)):
            prefix, path = match.group(1) or "", match.group(2)
            if "/" not in path and not prefix and not BARE_MARKDOWN.fullmatch(path.rstrip(".")):
                continue
            wrong = problem(prefix, path, where)
            if wrong:
                found.append(f"{where}:{number}: {prefix}{path.rstrip('./')}: {wrong}")
    sections = rules_sections()
    for match in SECTION.finditer(text):
        if match.group(1) not in sections:
            number = text.count("\n", 0, match.start()) + 1
            found.append(f"{where}:{number}: {RULES_DOC} section {match.group(1)}: "
                         "no such section")
    return found


@cache
def rules_sections() -> frozenset[str]:
    path = ROOT / RULES_DOC
    if not path.is_file():
        return frozenset()
    return frozenset(HEADING.findall(path.read_text(encoding="utf-8")))


def test_every_cited_file_is_in_the_repository():
    files = scanned_files()
    assert len(files) > 100 and "game/engine/game.py" in files and "README.md" in files
    problems = [
        found
        for path in files
        for found in problems_in((ROOT / path).read_text(encoding="utf-8"), path)
    ]
    assert problems == [], (
        f"{len(problems)} citations name what a clone does not have:\n" + "\n".join(problems))


def test_the_rules_page_has_numbered_sections():
    sections = rules_sections()
    assert {"1", "2", "3", "4", "5", "4.4", "5.3"} <= sections


def test_the_scanner_finds_what_a_clone_lacks():
    """The checks above can fail. The bad citations are put together from pieces so that
    this file itself cites nothing wrong."""
    md = ".md"
    rules = RULES_DOC
    shared = "../" + "shared/RULES" + md
    bad = [
        ("the rules (RULES" + md + " section 2)", "README.md", "not in the repository"),
        ("see " + shared, "README.md", "a path outside the repository"),
        ("see " + shared, "docs/reliability.md", "not in the repository"),  # under docs
        ("from /" + "work/shared/seeds/000.txt", "game/ui/rules.py", "outside the repository"),
        ("game/ui/" + "no_such_module.py", "game/engine/game.py", "not in the repository"),
        ("game/i18n/<lang>/" + "nothing/", "game/ui/rules.py", "not in the repository"),
        ("../../../" + "elsewhere.py", "game/ui/rules.py", "a path outside the repository"),
        ("../../" + "elsewhere.py", "game/ui/rules.py", "not in the repository"),  # the root
        ("tests/" + "test_updates.py", "e2e/test_tabs.py", "not in the repository"),
        ("as " + rules + " section 9.9 says", "game/games/kings_keys.py", "no such section"),
    ]
    for text, where, wrong in bad:
        found = problems_in(text, where)
        assert len(found) == 1 and found[0].endswith(wrong), (text, found)
    good = [
        f"as {rules}" + " section 4.4 says", "game/i18n/<lang>/rules/", "tests/fixtures/",
        "vendor/pyscript/toml-*.js", "`bench/results/*.csv`", "/usr/bin/chromium",
        "site_url + '/vendor/pyodide/pyodide.asm.wasm'", "application/wasm and/or text",
        "https://example.org/x/README" + md, "./sw.js", "[the rules](rules" + md + ")",
        "e2e/test_boot.py::test_boots_to_ready.", "the README" + md + " says",
        "in tests/.", "the game/page contract", "'./game.zip'", "win-rates" + md,
        "'../../etc/passwd'", "docs/", "(see " + rules + ").",
    ]
    for text in good:
        assert problems_in(text, "docs/reliability.md") == [], text
