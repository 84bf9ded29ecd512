"""PyScript entry point: start the app (index.html runs this once Pyodide is up).

game.zip, mapped in pyscript.toml, is written into Pyodide's working directory first, as
one file: put on sys.path, `game` imports from it (zipimport reads the bytecode beside
each module's source) as it does from the folder under CPython, and nothing is unpacked.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path("game.zip").resolve()))

from game.dataclass_code import install  # noqa: E402

install()  # before the game's classes are made: they use the code the build compiled
from game.ui.app import start  # noqa: E402

start()
