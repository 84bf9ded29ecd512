"""A long session in one page (issue 8): games opened one after another, of all five
games, must not pile up proxies, JS listeners or old games. Counts, never times.

The page is driven as bench/soak.py drives it (its Player: the "Card Games" link and the
game tiles, New deal, the hint's moves by pointer events checked against the engine, the
table's computer players through the set-up dialog and Hurry); its Python side is read
through tools/pyprobe.py (PyScript's onReady hook, added by this test's context only).
"""

from __future__ import annotations

from helpers import TOAST_LOG_JS, toasts

from bench.soak import ROUND, Player, measure
from tools import pyprobe

GAMES_ALIVE = """
import gc
gc.collect()
names = ("Board", "TableView", "PatienceSession", "TableSession")
{name: sum(type(o).__name__ == name for o in gc.get_objects()) for name in names}
"""


def test_thirty_games_in_one_page_keep_the_proxies_listeners_and_games_alive_constant(
    context, open_site
):
    context.add_init_script(pyprobe.INIT_SCRIPT)
    context.add_init_script(TOAST_LOG_JS)
    page = open_site("/")
    pyprobe.ready(page)
    cdp = context.new_cdp_session(page)
    player = Player(page)
    for number in range(1, 31):
        player.play(ROUND[(number - 1) % len(ROUND)], limit=4)
        if number == 5:  # every game's modules loaded once
            first = measure(page, cdp)
    last = measure(page, cdp)
    alive = pyprobe.run_python(page, GAMES_ALIVE)
    # games were played, not just dealt (up to 4 moves each; a deal whose hint runs out
    # sooner is given up, so fewer is no fault: 113 of 120 happened)
    assert player.games == 30 and player.moves >= 30 * 2, player.moves
    assert last["proxies"] == first["proxies"], (first, last)
    assert last["listeners"] <= first["listeners"], (first, last)
    assert last["timers"] <= 10, f"timeouts waiting after 30 games: {last['timers']}"
    # the game on the page (the 30th: a table), and none of the 29 before it
    assert ROUND[29 % len(ROUND)] == "kings-corner"
    assert alive == {"Board": 1, "TableView": 1, "PatienceSession": 0, "TableSession": 1}, alive
    # nothing went wrong to tell: the way home by the "Card Games" link is not a bad
    # address (it said "That address names no game" every time)
    assert toasts(page) == []
