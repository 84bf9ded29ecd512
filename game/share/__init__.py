"""What players share without a server: a whole game as a link (replays and challenges,
replay.py) and the deal of the day (daily.py). Pure Python under CPython and Pyodide: it
reads the registry, the games and their deal lists, never the page (docs/architecture.md).
"""
