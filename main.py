# [infra] First version of the PyScript entry point; the app developer replaces it.
# index.html runs it with <script type="py" src="./main.py" config="./pyscript.json">;
# by then game.zip has been extracted into Pyodide's working directory, so the
# `game` package imports as in CPython. The one contract to keep: set
# body[data-state="ready"] once the page accepts input (e2e tests and the
# startup benchmark wait for it; css/loader.css hides the loader then).
from pyscript import document

import game  # noqa: F401

document.body.dataset.state = "ready"
