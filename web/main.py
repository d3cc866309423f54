"""Browser entry point, run by PyScript once Pyodide is up.

Kept to two lines on purpose: PyScript compiles this file from source at every start, while
``tarot_page`` (web/tarot_page/, the page's package: ``table`` starts it) and ``tarot_core`` arrive
with their bytecode precompiled by build.py.
"""

from tarot_page.table import start

start()
