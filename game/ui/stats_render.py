"""The Statistics dialog's figures as HTML, and the chart of the last games as SVG, in the
language of the moment. Pure Python (markup as text), tested in CPython."""

from __future__ import annotations

import datetime
from html import escape

from ..games import load
from ..i18n import language, tr, tr_n
from .clock import clock_text
from .daily_store import DailyRecord
from .stats_model import Result, Summary

CHART_BARS = 30  # results drawn in the chart


DECIMAL_COMMA = frozenset({"nl", "fr"})  # languages that write 122,5


def percent(share: float | None) -> str:
    """'64%', and '64 %' in French (a narrow no-break space)."""
    if share is None:
        return "–"
    return f"{round(share * 100)}{chr(0x202F) if language() == 'fr' else ''}%"


def number(value: float | None) -> str:
    """A whole number as it is, else one decimal with the language's decimal mark."""
    if value is None:
        return "–"
    if float(value).is_integer():
        return str(int(value))
    text = f"{value:.1f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


def figures(summary: Summary) -> list[tuple[str, str]]:
    """(label, value) rows of the dialog's table."""
    table = load(summary.game).table
    return [
        (tr("Games played"), str(summary.played)),
        (tr("Games won"), str(summary.won)),
        (tr("Win rate"), percent(summary.win_rate)),
        (tr("Current streak"), str(summary.streak)),
        (tr("Best streak"), str(summary.best_streak)),
        (tr("Best score"), number(summary.best_score)),
        (tr("Average score"), number(summary.average_score)),
        (tr("Fewest hands in a win") if table else tr("Fewest moves in a win"),
         number(summary.fewest_moves)),
        (tr("Fastest win"), clock_text(summary.fastest) if summary.fastest is not None
         else "–"),
    ]


def table_html(summary: Summary) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(label)}</th><td>{escape(value)}</td></tr>'
                   for label, value in figures(summary))
    return f'<table class="stats-table"><tbody>{rows}</tbody></table>'


def bar_heights(results, game_id: str) -> list[float]:
    """Each result's bar height, 0 to 1: by score, the best of those shown the tallest
    (for a lower-is-better score, the fewest left); never below a sliver, so each shows."""
    scores = [r.score for r in results if r.score is not None]
    lower = load(game_id).lower_is_better
    top = max(scores, default=0)
    heights = []
    for result in results:
        if result.score is None:
            share = 1.0 if result.won else 0.4
        elif lower:
            share = 1.0 if top == 0 else 1.0 - result.score / top
        else:
            share = result.score / top if top > 0 else 0.0
        heights.append(max(0.08, min(1.0, share)))
    return heights


def bar_title(result: Result) -> str:
    parts = [tr("Won") if result.won else tr("Lost")]
    if result.deal is not None:
        parts.append(tr("deal {n}", n=result.deal))
    if result.score is not None:
        parts.append(tr("score {n}", n=result.score))
    if result.moves is not None:
        if load(result.game).table:
            parts.append(tr_n("{n} hand", "{n} hands", result.moves))
        else:
            parts.append(tr_n("{n} move", "{n} moves", result.moves))
    if result.seconds is not None:
        parts.append(clock_text(result.seconds))
    return " · ".join(parts)


def chart_svg(results, game_id: str, bars: int = CHART_BARS) -> str:
    """The last `bars` results as an SVG bar chart, oldest left: a bar a game, coloured
    won or lost, its height by score; a <title> and an aria-label say what it shows."""
    shown = list(results)[-bars:]
    won = sum(1 for r in shown if r.won)
    summary = tr_n("Last {n} game: {won} won", "Last {n} games: {won} won", len(shown),
                   won=won)
    width, height, base, slot, bar = bars * 10, 64, 60, 10, 7
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(summary)}">',
        f"<title>{escape(summary)}</title>",
        f'<line class="base" x1="0" y1="{base + 0.5}" x2="{width}" y2="{base + 0.5}"/>',
    ]
    for index, (result, share) in enumerate(zip(shown, bar_heights(shown, game_id),
                                                strict=True)):
        tall = round(share * (base - 4), 1)
        kind = "won" if result.won else "lost"
        parts.append(
            f'<rect class="bar {kind}" x="{index * slot + (slot - bar) / 2}" '
            f'y="{round(base - tall, 1)}" width="{bar}" height="{tall}" rx="1.5">'
            f"<title>{escape(bar_title(result))}</title></rect>"
        )
    parts.append("</svg>")
    return "".join(parts)


def daily_html(record: DailyRecord, today: datetime.date) -> str:
    """The daily deal's own figures, apart from the others: its current and best streak
    (days in a row with the daily deal won) and the days won."""
    rows = [(tr("Current daily streak"), str(record.streak(today))),
            (tr("Best daily streak"), str(record.best)),
            (tr("Daily deals won"), str(record.won_days))]
    body = "".join(f'<tr><th scope="row">{escape(label)}</th><td>{escape(value)}</td></tr>'
                   for label, value in rows)
    return (f'<table class="stats-table stats-daily" data-streak="{record.streak(today)}" '
            f'data-best="{record.best}"><caption>{escape(tr("Daily deal"))}</caption>'
            f"<tbody>{body}</tbody></table>")
