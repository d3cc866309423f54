"""Browser entry point, run by PyScript once Pyodide is up and the tarot_core wheel unpacked.

Placeholder: the real game UI replaces the body of ``start()``. Keep the pattern: remove the
``#loader``, render into ``#app``, then set ``document.body.dataset.ready = "1"`` (tests and
bench/load.py wait for that flag; it will mean "the table is playable").
"""

from pyscript import document

import tarot_core


def start() -> None:
    """Show that Python and tarot_core are ready, then raise the ready flag."""
    loader = document.getElementById("loader")
    if loader:
        loader.remove()
    app = document.getElementById("app")
    app.textContent = f"tarot_core {tarot_core.__version__} ready"
    document.body.dataset.ready = "1"


start()
