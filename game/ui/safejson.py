"""JSON from localStorage, read without trusting it.

`json.loads` recurses once per level of nesting. In CPython a text nested thousands deep
raises RecursionError; under Pyodide the WebAssembly stack overflows first, and that is a
fatal error of the whole interpreter: one hand-edited value would stop the site on every
visit. So stored text is checked for its depth before it is parsed, and anything nested
deeper than MAX_DEPTH (our formats need 5) is refused like any other damaged text.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 64
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in `text` (strings not counted)."""
    level = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(text: str):
    """json.loads(text); ValueError when it is not JSON or nested deeper than MAX_DEPTH."""
    if not isinstance(text, str):
        raise ValueError("Stored data is text.")
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(text) > MAX_DEPTH:
        raise ValueError(f"Stored data nested deeper than {MAX_DEPTH} levels.")
    return json.loads(text)
