"""PyScript entry point: start the app (index.html runs this once Pyodide is up).

game.zip, mapped in pyscript.toml, is extracted into Pyodide's working directory first,
so `game` imports as it does under CPython.
"""

from game.ui.app import start

start()
