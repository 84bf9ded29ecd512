"""The page's address: `?game=<id>&deal=<n>` plus options, read and written.

Everything a URL says is checked here, before any of it reaches the engine or the page;
a bad parameter gives one sentence for the player and the landing page, never an
exception. A message quotes the input only when it is a short plain token (letters,
digits, - _ .: "poker", "0"), to help with a typo; anything else (markup, spaces,
control characters, long text) is never echoed, even as text. Numbers are ASCII digits
only. tests/test_urlstate_fuzz.py fuzzes every parameter.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from ..engine import MAX_DEAL, Mode, check_deal
from ..games import known, load
from ..i18n import tr
from .numbers import grouped

SAFE = re.compile(r"[A-Za-z0-9_.~-]")
PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
TOKEN = re.compile(r"[A-Za-z0-9_.-]{1,24}")  # input a message may quote
DEAL_DIGITS = re.compile(r"0*[0-9]{1,20}")  # [0-9], not \d: no Arabic-Indic or full-width digits
INT_DIGITS = re.compile(r"-?0*[0-9]{1,20}")
TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


@dataclass
class Route:
    """Where the address points: the landing page, or a game (deal None: resume or new)."""

    game_id: str | None = None
    deal: int | None = None
    options: dict = field(default_factory=dict)
    error: str = ""
    day: datetime.date | None = None  # the deal of that day (daily_store.py)


def quotable(value: str) -> str | None:
    """`value` in quotes when it is a short plain token, else None (not echoed)."""
    return f"“{value}”" if TOKEN.fullmatch(value) else None


def unquote(text: str) -> str:
    """Decode a query component ('+' is a space, %XX are UTF-8 bytes; bad bytes become
    U+FFFD). Written here because importing urllib.parse costs ~60 ms of start-up in
    Pyodide, for two functions."""
    text = text.replace("+", " ")
    return PERCENT.sub(
        lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text
    )


def quote(text: str) -> str:
    return "".join(
        ch if SAFE.fullmatch(ch) else "".join(f"%{b:02X}" for b in ch.encode(errors="replace"))
        for ch in text
    )


def parse_query(query: str) -> dict[str, str]:
    """`?a=1&b=2` -> {'a': '1', 'b': '2'}; a repeated name keeps its last value."""
    params = {}
    for part in query.lstrip("?").split("&"):
        if part:
            name, _, value = part.partition("=")
            params[unquote(name)] = unquote(value)
    return params


def parse_route(query: str) -> Route:
    """Read `location.search` (with or without its '?'; a `#fragment` is not read)."""
    params = parse_query(query.partition("#")[0])
    game_id = params.pop("game", None)
    if game_id is None:
        if params:
            return Route(error=tr("That address names no game, so here is the list of games."))
        return Route()
    if not known(game_id):
        name = quotable(game_id)
        return Route(error=tr("There is no game called {name} here.", name=name) if name
                     else tr("There is no game by that name here."))
    info = load(game_id)
    cls = info.engine
    if "daily" in params:
        return daily_route(game_id, params)
    deal = None
    if "deal" in params:
        text = params.pop("deal")
        try:
            deal = check_deal(int(text) if DEAL_DIGITS.fullmatch(text.strip()) else text)
        except ValueError:
            value = quotable(text)
            return Route(error=tr("Deal numbers run from 1 to {most}; {value} is not one.",
                                  most=grouped(MAX_DEAL), value=value) if value
                         else tr("Deal numbers are whole numbers from 1 to {most}.",
                                 most=grouped(MAX_DEAL)))
    options = {}
    for name, text in params.items():
        if name not in cls.OPTIONS:
            quoted_name = quotable(name)
            return Route(error=tr("{game} has no option {name}.", game=tr(info.title),
                                  name=quoted_name) if quoted_name
                         else tr("{game} has no option by that name.", game=tr(info.title)))
        default = cls.OPTIONS[name]
        try:
            options[name] = parse_option(default, text)
        except ValueError:
            value = quotable(text)
            return Route(error=tr("The option {name} cannot be {value}.", name=name,
                                  value=value) if value
                         else tr("The option {name} cannot take that value.", name=name))
    try:
        cls.check_options(options)  # values too, e.g. Devil's Grip deals 1 or 3, never 2
    except ValueError as error:
        return Route(error=str(error))
    return Route(game_id=game_id, deal=deal, options=options)


def mode_options(game_id: str, mode: Mode) -> dict:
    """The options a mode of the game's tile plays with: its link's query, read as any
    address is (Devil's Grip's "One pass", "passes=1" -> {"passes": 1})."""
    return parse_route(f"game={game_id}&{mode.query}").options


def daily_route(game_id: str, params: dict[str, str]) -> Route:
    """`?game=<id>&daily=<YYYY-MM-DD>`: that day's deal, with the game's default options
    (whether the day has come is the page's to say: it knows the player's date)."""
    from .daily_store import has_daily, parse_day

    text = params.pop("daily")
    if not has_daily(game_id):
        return Route(error=tr("{game} has no deal of the day.", game=tr(load(game_id).title)))
    day = parse_day(text)
    if day is None or params:  # another parameter: the deal of the day has its own
        return Route(error=tr("A daily deal is named by its date, like {example}.",
                              example="2026-11-27"))
    return Route(game_id=game_id, day=day)


def parse_option(default: object, text: str) -> object:
    if isinstance(default, bool):
        word = text.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise ValueError(text)
    if isinstance(default, int):
        if not INT_DIGITS.fullmatch(text.strip()):
            raise ValueError(text)
        return int(text)
    return text


def game_query(game_id: str, deal: int, options: dict) -> str:
    """The address of a deal: only options that differ from their default are written."""
    defaults = load(game_id).engine.OPTIONS
    params = [("game", game_id), ("deal", str(deal))]
    for name in sorted(options):
        value = options[name]
        if value != defaults.get(name):
            if isinstance(value, bool):
                value = "1" if value else "0"
            params.append((name, str(value)))
    return "?" + "&".join(f"{quote(name)}={quote(value)}" for name, value in params)
