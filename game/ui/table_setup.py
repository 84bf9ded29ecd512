"""The table's "Seats & rules" dialog: its form, and the options and names read back from
it. Pure Python (markup as text), tested in CPython."""

from __future__ import annotations

from html import escape

from ..i18n import mark, tr
from .table import LEVEL_NAMES

SEAT_KINDS = (("", mark("empty")), ("h", mark("Person")), ("1", mark("Computer: Easy")),
              ("2", mark("Computer: Normal")), ("3", mark("Computer: Hard")))


def setup_form(players: str, names: list[str], options: dict) -> str:
    """The set-up dialog's fields: seats (a kind and a name each), rules and options."""
    rows = []
    placeholder = escape(tr("name (people)"))
    for seat in range(6):
        kind = players[seat] if seat < len(players) else ""
        name = names[seat] if seat < len(names) else ""
        choices = "".join(
            f'<option value="{value}"{" selected" if value == kind else ""}>'
            f"{escape(tr(label))}</option>"
            for value, label in SEAT_KINDS
            if not (seat < 2 and value == "")
        )
        seat_text = escape(tr("Seat {n}", n=seat + 1))
        rows.append(
            f'<div class="setup-seat"><span class="setup-n">{seat_text}</span>'
            f'<select name="seat-{seat}" aria-label="{seat_text}">{choices}</select>'
            f'<input name="name-{seat}" maxlength="20" placeholder="{placeholder}" '
            f'value="{escape(name)}" '
            f'aria-label="{escape(tr("Name at seat {n}", n=seat + 1))}"></div>'
        )
    rules = options.get("rules", "jax")

    def radio(value: str, label: str) -> str:
        checked = " checked" if rules == value else ""
        return (f'<label><input type="radio" name="rules" value="{value}"{checked}> '
                f"{escape(label)}</label>")

    def check(name: str, label: str) -> str:
        checked = " checked" if options.get(name) else ""
        return (f'<label><input type="checkbox" name="{name}"{checked}> '
                f"{escape(label)}</label>")

    draw2 = " checked" if options.get("draw") == 2 else ""
    match = int(options.get("match", 0) or 0)
    number = (f'<input type="number" name="match" min="0" max="1000" step="10" '
              f'value="{match}">')
    before, _, after = tr("match to {number} penalty points (0: one hand)").partition(
        "{number}")  # the number field sits inside the sentence
    return (
        f'<fieldset><legend>{escape(tr("Seats"))}</legend>{"".join(rows)}</fieldset>'
        f'<fieldset><legend>{escape(tr("Rules"))}</legend>'
        f'{radio("jax", tr("Jax: chips and a pot, first to 100"))}'
        f'{radio("classic", tr("Classic: first to empty their hand"))}'
        '<div class="setup-classic">'
        f'<label><input type="checkbox" name="draw2"{draw2}> '
        f'{escape(tr("draw two cards"))}</label>'
        f'{check("draw_end", tr("draw at the end of the turn"))}'
        f'{check("under", tr("play under the rows"))}'
        f'<label>{escape(before)}{number}{escape(after)}</label></div></fieldset>'
    )


def read_setup(values: dict) -> tuple[dict, list[str]]:
    """Options and names from the set-up form's values (name -> text)."""
    players, names = "", []
    for seat in range(6):
        kind = values.get(f"seat-{seat}", "")
        if kind in LEVEL_NAMES or kind == "h":
            players += kind
            names.append(values.get(f"name-{seat}", "").strip()[:20])
    options: dict = {"players": players}
    if values.get("rules") == "classic":
        options["rules"] = "classic"
        if values.get("draw2"):
            options["draw"] = 2
        if values.get("draw_end"):
            options["draw_end"] = True
        if values.get("under"):
            options["under"] = True
        try:
            match = int(values.get("match") or 0)
        except ValueError:
            match = 0
        if 0 < match <= 1000:
            options["match"] = match
    return options, names
