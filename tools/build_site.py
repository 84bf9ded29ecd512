"""Assemble _site/, the exact folder a static host publishes.

    python3 tools/build_site.py            (or: make site)
    python3 tools/build_site.py DIR --overlay tests/toy   (the tests' made-up game too)
    python3 tools/build_site.py DIR --whole-runtime   (all of vendor/: see VENDOR_SHIPPED)

_site/ gets:
  index.html main.py pyscript.toml sw.js [manifest.webmanifest, favicon.*]
  css/ js/ img/ (whatever is there); js/loader.js gets the other languages of its words
                from the compiled catalogues (game/i18n/<lang>/LC_MESSAGES/messages.mo)
  game.zip      every game/**/*.py, its bytecode (<module>.pyc beside <module>.py,
                compiled by the vendored Pyodide's own Python: tools/compile_pyc.mjs) and
                its data (the compiled .mo catalogues, the Rules pages' .html and .json),
                written by PyScript into Pyodide's working directory as one file
                (pyscript.toml: [files] "./game.zip" = "./game.zip") and imported from
                there by zipimport (main.py puts it on sys.path): nothing is unpacked, and
                a module the page never imports is never read; the .po/.pot sources of
                the catalogues are for translators and stay out
  pyscript-bytecode.bin  the bytecode of PyScript's own modules, which js/pyscript_bytecode.js
                puts where the import system finds it (tools/pyscript_package.py)
  vendor/       of the pinned runtime from `make vendor`, only the files the page requests
                (and of the standard library's zip only the modules the page can reach:
                tools/stdlib_subset.py)
                (VENDOR_SHIPPED, hard-linked) and the licences; every other file of vendor/
                must be named in VENDOR_LEFT_OUT with the reason the page never asks for
                it, so an upgrade of @pyscript/core or pyodide that renames or adds a file
                stops the build (e2e/test_downloads.py checks the list against every request
                of a whole session); source maps never ship

index.html gets, at its mark, the game list a new player sees in every language the site
speaks (tools/newcomer_list.py), which js/early.js draws on a first visit before Python.
index.html links every registered game's stylesheet (GameInfo.stylesheet) between its
`game stylesheets` markers; an overlay (a tree laid over the repository's) adds its game/
files to game.zip and its static files to the site. The site's index.html then links one
stylesheet, css/site.css: every sheet index.html links, joined in their order (the same
cascade), each behind a comment naming it, and those sheets themselves do not ship. One
request instead of ten before the first paint: the board kept by js/early.js is on screen
about 40 ms sooner on a visit with an empty HTTP cache (docs/performance.md).

and sw.js is written with the precache list (every file of _site/ but sw.js itself)
and a cache version that hashes all their contents, so each new build replaces the
service worker's cache. The output is deterministic: same inputs, same bytes.
"""

from __future__ import annotations

import argparse
import base64
import gettext
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "_site"

# PyScript's config, named by index.html's <script type="py" config="./pyscript.toml">.
PYSCRIPT_CONFIG = "pyscript.toml"
# Top-level files: (name, required)
TOP_FILES = [
    ("index.html", True),
    ("main.py", True),
    (PYSCRIPT_CONFIG, True),
    ("manifest.webmanifest", False),
    ("favicon.ico", False),
    ("favicon.svg", False),
]
# Folders copied as they are, when present.
STATIC_DIRS = ["css", "js", "img", "fonts"]
GAME_PACKAGE = "game"
GAME_ZIP = "game.zip"
GAME_SUFFIXES = {".py", ".mo", ".json", ".html"}  # code, catalogues, rules pages
GAME_ZIP_TARGET = "./game.zip"  # pyscript.toml [files] destination: the file itself
LOADER = "js/loader.js"
STDLIB = "python_stdlib.zip"  # Pyodide's standard library: only the part the page reaches
LOADER_MARK = "/* __TRANSLATED_WORDS__ */"
CATALOGUES = "game/i18n/*/LC_MESSAGES/messages.mo"  # game/i18n/__init__.py's layout
SHEETS_BEGIN = "<!-- game stylesheets: begin -->"  # index.html: the build writes the games'
SHEETS_END = "<!-- game stylesheets: end -->"  # <link>s between these (GameInfo.stylesheet)
SHEET_LINK = re.compile(r'<link rel="stylesheet" href="\./(css/[^"]+)">')
SITE_SHEET = "css/site.css"  # the one stylesheet the built page links (`join_stylesheets`)
SW = "sw.js"
SW_VERSION_MARK = '"__CACHE_VERSION__"'
SW_PRECACHE_MARK = "[/* __PRECACHE_URLS__ */]"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

# The runtime files the page requests, found by recording every request of a whole session
# through every screen (e2e/test_downloads.py, which fails when the page asks for a file
# that is not here or never asks for one that is). The chunk names are the hashes of
# @pyscript/core 0.7.31: another version renames them, and the build stops (below).
VENDOR_SHIPPED = (
    "vendor/pyscript/LICENSE",
    # index.html's module script, and the core it re-exports
    "vendor/pyscript/core.js",
    "vendor/pyscript/core-C9KDLldu.js",
    # the TOML reader, imported to read pyscript.toml (index.html preloads it)
    "vendor/pyscript/toml-V4Savzlc.js",
    # PyScript's plugins, every one imported at each start (core's plugin table: the
    # config's `plugins` leaves all but the error overlay out of what the interpreter
    # waits for, but the MicroPython side imports them all): the error overlay (also the
    # one chunk imported when the config cannot be read: it shows that error on the
    # page; index.html preloads it), the deprecation warnings, the donkey API, and the
    # three element types' hooks, which find no <script type="py-editor">, no `terminal`
    # attribute and no py-game here
    "vendor/pyscript/error-D2315lOB.js",
    "vendor/pyscript/deprecations-manager-UpAPKqCb.js",
    "vendor/pyscript/donkey-4Hrqd7WZ.js",
    "vendor/pyscript/py-editor-C4XsZtn7.js",
    "vendor/pyscript/py-game-DWiCrr7a.js",
    "vendor/pyscript/py-terminal-CwQ6kcjg.js",
    # Pyodide: what pyodide.mjs loads without `packages` (the Makefile's PYODIDE_FILES)
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyodide/pyodide-lock.json",
)
# Every other file of vendor/ (but source maps), and why the page never requests it.
VENDOR_LEFT_OUT = {
    "the code editor of <script type=\"py-editor\">, which the page has none of (CodeMirror)": (
        "vendor/pyscript/codemirror-BDx3jn9j.js",
        "vendor/pyscript/codemirror_commands-JTJPAaAA.js",
        "vendor/pyscript/codemirror_lang-python-r-dBg-Wd.js",
        "vendor/pyscript/codemirror_language-BeYrpeur.js",
        "vendor/pyscript/codemirror_state-DxSVIxgn.js",
        "vendor/pyscript/codemirror_view-BsXnWedx.js",
        "vendor/pyscript/index-CSo4Vcso.js",
    ),
    "the terminal of a script with a `terminal` attribute, which the page has none of (xterm)": (
        "vendor/pyscript/xterm-Bdboj2r8.js",
        "vendor/pyscript/xterm-readline-CVifJ5yI.js",
        "vendor/pyscript/xterm.css",
        "vendor/pyscript/xterm_addon-fit-43qXDVCl.js",
        "vendor/pyscript/xterm_addon-web-links-DVH-i-UR.js",
    ),
    "MicroPython's: its zip reader (the page unpacks no zip: game.zip is imported as it "
    "is), its other TOML reader, and the entry points of the `mpy` and `py` custom scripts": (
        "vendor/pyscript/zip-T1gzVEcZ.js",
        "vendor/pyscript/toml-Blg7Izee.js",
        "vendor/pyscript/mpy-Dvj-3zXq.js",
        "vendor/pyscript/py-Dl-y4L1b.js",
    ),
    "the package graph, imported only for `packages`, which the build refuses": (
        "vendor/pyscript/pyodide_graph-CX6fRcVL.js",
    ),
    "what each module of the standard library imports (tools/compile_stdlib.mjs wrote it): "
    "the build reads it to ship only the modules the page can reach (tools/stdlib_subset.py)": (
        "vendor/pyodide/python_stdlib.imports.json",
    ),
    "other entry points of the npm package, which the page does not link: the stylesheet "
    "of PyScript's own elements, @pyscript/core/storage, an empty service worker": (
        "vendor/pyscript/core.css",
        "vendor/pyscript/storage.js",
        "vendor/pyscript/service-worker.js",
    ),
}
# a static import of a chunk (`from"./<chunk>.js"`, `import"./<chunk>.js"`): the importer
# cannot run without it, whatever the page does
STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.m?js)"')


def skipped(path: Path) -> bool:
    """Dotfiles, bytecode and source maps never ship."""
    return any(
        part.startswith(".") or part == "__pycache__" for part in path.parts
    ) or path.suffix in {".pyc", ".map"}


def files_under(folder: Path) -> list[Path]:
    return sorted(
        p for p in folder.rglob("*") if p.is_file() and not skipped(p.relative_to(folder))
    )


def link_or_copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def game_sources(bases: list[Path]) -> dict[str, Path]:
    """game/**/*.py and its data files, by their name in the zip; a later base (an
    overlay) adds files or replaces a file of the same name."""
    sources: dict[str, Path] = {}
    for base in bases:
        folder = base / GAME_PACKAGE
        for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
            if path.is_file() and path.suffix in GAME_SUFFIXES and not skipped(
                    path.relative_to(base)):
                sources[path.relative_to(base).as_posix()] = path
    return sources


def compile_bytecode(sources: dict[str, Path], pyodide: Path,
                     runtime: dict[str, str]) -> tuple[dict[str, bytes], dict[str, bytes], str]:
    """The .pyc of every .py of `sources` ({name in the zip: .pyc bytes}, `x.pyc` beside
    `x.py`, where zipimport looks), compiled by the Python of the vendored Pyodide under
    node (tools/compile_pyc.mjs): Pyodide's Python is not this machine's, and a .pyc is only
    read by the version that wrote it. Unchecked hash-based .pyc files: the page imports
    them without compiling or looking at the time. And, compiled there too, the methods
    @dataclass writes for the package's classes (game/dataclass_code.py's table).
    `runtime`: {path in the page: source} of PyScript's modules, compiled to checked .pyc
    files (tools/pyscript_package.py), returned by path; and the interpreter's cache tag."""
    texts = {name: path.read_text(encoding="utf-8") for name, path in sources.items()
             if name.endswith(".py")}
    with tempfile.TemporaryDirectory() as tmp:
        given, taken = Path(tmp) / "sources.json", Path(tmp) / "pyc.json"
        given.write_text(json.dumps({"game": texts, "runtime": runtime}), encoding="utf-8")
        try:
            subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(pyodide),
                            str(given), str(taken)], check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", "") or str(error)
            raise SystemExit(f"compiling the game package with Pyodide failed: {detail}") from None
        result = json.loads(taken.read_text(encoding="utf-8"))
    pyc = {name: base64.b64decode(data) for name, data in result["pyc"].items()}
    if len(pyc) != len(texts):
        raise SystemExit(f"tools/compile_pyc.mjs compiled {len(pyc)} of {len(texts)} modules")
    sys.path.insert(0, str(ROOT))
    from game.dataclass_code import TABLE

    pyc[f"{GAME_PACKAGE}/{TABLE}"] = base64.b64decode(result["dataclass_code"])
    compiled = {path: base64.b64decode(data) for path, data in result["runtime"].items()}
    return pyc, compiled, result["tag"]


def build_game_zip(dst: Path, bases: list[Path], pyodide: Path,
                   runtime: dict[str, str]) -> tuple[int, dict[str, bytes], str]:
    """game/**/*.py, their bytecode and the package's data files (the translation
    catalogues) into one deterministic zip (sorted names, fixed dates and modes); the
    number of modules, and compile_bytecode's `runtime` .pyc files and cache tag."""
    sources = game_sources(bases)
    if f"{GAME_PACKAGE}/__init__.py" not in sources:
        raise SystemExit(f"{GAME_PACKAGE}/__init__.py is missing: the game package cannot import")
    files = {name: path.read_bytes() for name, path in sources.items()}
    pyc, compiled, tag = compile_bytecode(sources, pyodide, runtime)
    files.update(pyc)
    with zipfile.ZipFile(dst, "w") as zf:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=9)
    return len(sources), compiled, tag


def write_pyscript_bytecode(out: Path, compiled: dict[str, bytes], tag: str) -> None:
    """The .pyc of PyScript's modules a start imports, in the one file
    js/pyscript_bytecode.js puts in the page (tools/pyscript_package.py)."""
    from tools.pyscript_package import BUNDLE, bundle

    files = {f"{Path(path).stem}.{tag}.pyc": data for path, data in compiled.items()}
    (out / BUNDLE).write_bytes(bundle(files))


def loader_words(text: str) -> dict[str, str]:
    """js/loader.js's English words, `key: "text",` lines of WORDS' `en: { ... }` block
    (the texts are JSON strings: double quotes, no template literals)."""
    block = re.search(r"\bWORDS = \{\s*en: \{(.*?)\}", text, re.S)
    if not block:
        raise SystemExit(f"{LOADER}: no `WORDS = {{ en: {{ ... }} }}` block")
    words = {key: json.loads(quoted) for key, quoted
             in re.findall(r'^\s*(\w+): ("(?:[^"\\]|\\.)*"),$', block[1], re.M)}
    if not words:
        raise SystemExit(f"{LOADER}: WORDS.en has no `key: \"text\",` line")
    return words


def translate_loader(text: str) -> str:
    """js/loader.js with its words in every language that has a catalogue, written at its
    mark: the loader speaks before Python can read a catalogue."""
    if text.count(LOADER_MARK) != 1:
        raise SystemExit(f"{LOADER}: expected the marker {LOADER_MARK} exactly once")
    english = loader_words(text)
    languages = []
    for mo in sorted(ROOT.glob(CATALOGUES)):
        with mo.open("rb") as fp:
            catalogue = gettext.GNUTranslations(fp)
        words = {key: catalogue.gettext(value) for key, value in english.items()}
        languages.append(f"{mo.parent.parent.name}: {json.dumps(words, ensure_ascii=False)},")
    return text.replace(LOADER_MARK, "\n    ".join(languages))


def check_pyscript_config(path: Path) -> None:
    """The config maps game.zip and asks for no packages. Read with the standard library's
    tomllib; PyScript's own reader is a small subset of TOML, and e2e/test_boot.py checks
    that both read this file alike."""
    try:
        config = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise SystemExit(f"{PYSCRIPT_CONFIG}: not valid TOML: {error}") from None
    files = config.get("files", {})
    if files.get(f"./{GAME_ZIP}") != GAME_ZIP_TARGET:
        raise SystemExit(
            f'{PYSCRIPT_CONFIG}: [files] must map "./{GAME_ZIP}" to "{GAME_ZIP_TARGET}" '
            "(the game package ships as one zip)"
        )
    if config.get("packages"):
        raise SystemExit(f"{PYSCRIPT_CONFIG}: no `packages` (they pull micropip and the network)")


def vendor_files(vendor: Path) -> list[Path]:
    """The files of vendor/ that ship: VENDOR_SHIPPED. Stops the build, saying what to do,
    when vendor/ lacks one of them, holds a file named in neither list (a runtime upgrade:
    chunks are renamed with their contents), or a shipped chunk imports one left out."""
    root = vendor.parent
    present = {p.relative_to(root).as_posix() for p in files_under(vendor)}
    left_out = {name for names in VENDOR_LEFT_OUT.values() for name in names}
    redo = ("the runtime in vendor/ is not the one tools/build_site.py lists (an upgrade of "
            "@pyscript/core or pyodide?): record what the page requests with "
            "`.venv/bin/pytest e2e/test_downloads.py` against a build that ships all of "
            "vendor/ and update VENDOR_SHIPPED and VENDOR_LEFT_OUT")
    missing = sorted(set(VENDOR_SHIPPED) - present)
    if missing:
        raise SystemExit(f"vendor/ lacks {', '.join(missing)}: {redo}")
    unknown = sorted(present - set(VENDOR_SHIPPED) - left_out)
    if unknown:
        raise SystemExit(f"vendor/ has files named in neither list: {', '.join(unknown)}: {redo}")
    for name in VENDOR_SHIPPED:
        if name.endswith((".js", ".mjs")):
            text = (root / name).read_text(encoding="utf-8")
            for chunk in STATIC_IMPORT.findall(text):
                wanted = (Path(name).parent / chunk).as_posix()
                if wanted not in VENDOR_SHIPPED:
                    raise SystemExit(f"{name} imports {wanted}, which does not ship: {redo}")
    return [root / name for name in VENDOR_SHIPPED]


def write_service_worker(out: Path) -> tuple[str, int]:
    template = (ROOT / SW).read_text(encoding="utf-8")
    for mark in (SW_VERSION_MARK, SW_PRECACHE_MARK):
        if template.count(mark) != 1:
            raise SystemExit(f"{SW}: expected the marker {mark} exactly once")
    digest = hashlib.sha256(template.encode())
    urls = []
    for path in files_under(out):
        rel = path.relative_to(out).as_posix()
        if rel == SW:
            continue
        urls.append(f"./{rel}")
        digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    text = template.replace(SW_VERSION_MARK, json.dumps(version)).replace(
        SW_PRECACHE_MARK, json.dumps(urls, indent=2)
    )
    (out / SW).write_text(text, encoding="utf-8")
    return version, len(urls)


def swap_in(built: Path, final: Path) -> Path:
    """Put the finished build in place with two renames, so a server still serving the
    old folder (a test run, `make play`) never sees a half-written one."""
    old = final.with_name(f"{final.name}.old-{os.getpid()}")
    if final.exists():
        final.rename(old)
    built.rename(final)
    if old.exists():
        shutil.rmtree(old)
    return final


def game_stylesheets(overlays: list[Path]) -> list[str]:
    """Every registered game's stylesheet (GameInfo.stylesheet), in the game list's order,
    each once: the games of the repository and of the overlays, read from the registry as
    the page reads it (the engine and the descriptors run under plain python3)."""
    sys.path.insert(0, str(ROOT))
    import game.games
    from game.games import load_all

    for overlay in overlays:
        extra = overlay / GAME_PACKAGE / "games"
        if extra.is_dir() and str(extra) not in game.games.__path__:
            game.games.__path__.append(str(extra))
    sheets = []
    for info in load_all().values():
        if info.stylesheet not in sheets:
            sheets.append(info.stylesheet)
    return sheets


def write_stdlib_subset(src: Path, dst: Path, bases: list[Path]) -> None:
    """Pyodide's standard library with only the modules the page can reach: those the
    game's sources, main.py and the shipped runtime's own Python import, and what they
    import in turn (tools/stdlib_subset.py)."""
    from tools.stdlib_subset import subset_for, write_subset

    sources = [path.read_text(encoding="utf-8") for name, path in game_sources(bases).items()
               if name.endswith(".py")]
    sources.append((ROOT / "main.py").read_text(encoding="utf-8"))
    scripts = [(ROOT / name).read_text(encoding="utf-8") for name in VENDOR_SHIPPED
               if name.endswith((".js", ".mjs"))]
    dst.parent.mkdir(parents=True, exist_ok=True)
    write_subset(src, dst, subset_for(src.parent, sources, scripts))


def write_newcomer_list(index: Path) -> None:
    """The game list of a new player, in every language, into index.html (after
    game_stylesheets has registered the overlays' games): tools/newcomer_list.py."""
    from tools.newcomer_list import write_templates

    index.write_text(write_templates(index.read_text(encoding="utf-8")), encoding="utf-8")


def link_game_stylesheets(index: Path, sheets: list[str], bases: list[Path]) -> None:
    """Write the games' <link>s between the markers of index.html: a game's styles are
    named by its GameInfo alone, so adding a game touches no page file."""
    text = index.read_text(encoding="utf-8")
    begin, end = text.find(SHEETS_BEGIN), text.find(SHEETS_END)
    if begin < 0 or end < begin:
        raise SystemExit(f"index.html: the markers {SHEETS_BEGIN} ... {SHEETS_END} are missing")
    for sheet in sheets:
        if not any((base / sheet).is_file() for base in bases):
            raise SystemExit(f"{sheet} is missing: a registered game names it (GameInfo)")
    indent = "\n  "
    links = "".join(f'{indent}<link rel="stylesheet" href="./{sheet}">' for sheet in sheets)
    index.write_text(text[:begin + len(SHEETS_BEGIN)] + links + indent + text[end:],
                     encoding="utf-8")


def balanced(css: str) -> bool:
    """Whether a stylesheet closes every brace it opens (comments and strings aside): a
    sheet left open would swallow the next one's rules once they are joined."""
    depth = 0
    for char in re.sub(r'/\*.*?\*/|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', "", css,
                       flags=re.S):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def join_stylesheets(out: Path) -> list[str]:
    """Replace index.html's stylesheet links with one to SITE_SHEET, their contents in the
    links' order, and remove the joined sheets from the site; returns their names."""
    index = out / "index.html"
    text = index.read_text(encoding="utf-8")
    sheets = SHEET_LINK.findall(text)
    if not sheets:
        raise SystemExit("index.html links no stylesheet")
    parts = []
    for sheet in sheets:
        css = (out / sheet).read_text(encoding="utf-8")
        if not balanced(css):
            raise SystemExit(f"{sheet}: a brace is not closed (or closed twice)")
        parts.append(f"/* {sheet} */\n{css.rstrip()}\n")
    (out / SITE_SHEET).write_text("\n".join(parts), encoding="utf-8")
    lines = re.compile(r"^([ \t]*)" + SHEET_LINK.pattern + r"[ \t]*\n", re.M)
    first = lines.search(text)  # the one link goes where the first was, each line goes
    if first is None or len(lines.findall(text)) != len(sheets):
        raise SystemExit("index.html: each stylesheet <link> must be on a line of its own")
    text = (text[:first.start()] + f'{first[1]}<link rel="stylesheet" href="./{SITE_SHEET}">\n'
            + lines.sub("", text[first.start():]))
    index.write_text(text, encoding="utf-8")
    for sheet in sheets:
        (out / sheet).unlink()
        folder = (out / sheet).parent
        if not any(folder.iterdir()):
            folder.rmdir()  # (css/games/, now empty)
    return sheets


def build(out: Path = OUT, overlays: tuple[Path, ...] = (), whole_runtime: bool = False) -> None:
    """Build the site into `out`; `overlays` are trees laid over the repository's (the
    tests' made-up game: tests/toy/), their game/ files added to game.zip and their other
    static files to the site. `whole_runtime` ships every file of vendor/ (but source maps)
    unchecked: the build to record a new runtime's requests with (e2e/test_downloads.py)."""
    start = time.perf_counter()
    vendor = ROOT / "vendor"
    if not (vendor / "pyodide" / "pyodide.mjs").is_file():
        raise SystemExit("vendor/ is missing: run `make vendor`")
    final, out = out, out.with_name(f"{out.name}.tmp-{os.getpid()}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    for name, required in TOP_FILES:
        src = ROOT / name
        if src.is_file():
            shutil.copyfile(src, out / name)
        elif required:
            raise SystemExit(f"{name} is missing")
    check_pyscript_config(out / PYSCRIPT_CONFIG)

    bases = [ROOT, *overlays]
    for base in bases:
        for folder in STATIC_DIRS:
            if (base / folder).is_dir():
                for src in files_under(base / folder):
                    dst = out / src.relative_to(base)
                    dst.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(src, dst)
    loader = out / LOADER
    loader.write_text(translate_loader(loader.read_text(encoding="utf-8")), encoding="utf-8")
    link_game_stylesheets(out / "index.html", game_stylesheets(list(overlays)), bases)
    write_newcomer_list(out / "index.html")
    join_stylesheets(out)

    from tools.pyscript_package import page_sources

    runtime = page_sources(sorted((vendor / "pyscript").glob("core-*.js")))
    modules, compiled, tag = build_game_zip(out / GAME_ZIP, bases, vendor / "pyodide", runtime)
    write_pyscript_bytecode(out, compiled, tag)

    for src in files_under(vendor) if whole_runtime else vendor_files(vendor):
        if src.name == STDLIB and not whole_runtime:
            write_stdlib_subset(src, out / src.relative_to(ROOT), bases)
        else:
            link_or_copy(src, out / src.relative_to(ROOT))

    version, count = write_service_worker(out)
    out = swap_in(out, final)
    size = sum(p.stat().st_size for p in files_under(out))
    print(
        f"built {out}/: {count + 1} files, {size / 1e6:.1f} MB, "
        f"{modules} game modules, cache {version}, {time.perf_counter() - start:.2f} s"
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="Assemble the static site.")
    parser.add_argument("out", nargs="?", type=Path, default=OUT, help="default: _site/")
    parser.add_argument("--overlay", type=Path, action="append", default=[],
                        help="a tree laid over the repository's (the tests' tests/toy/)")
    parser.add_argument("--whole-runtime", action="store_true",
                        help="ship all of vendor/, unchecked (to record what a new runtime "
                             "requests: e2e/test_downloads.py)")
    args = parser.parse_args(argv)
    build(args.out.resolve(), tuple(path.resolve() for path in args.overlay),
          args.whole_runtime)


if __name__ == "__main__":
    main(sys.argv[1:])
