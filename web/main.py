"""Browser entry point, run by PyScript once Pyodide is up.

Kept to two lines on purpose: PyScript compiles this file from source at every start, while
``table`` (web/table.py) and ``tarot_core`` arrive with their bytecode precompiled by build.py.
"""

from table import start

start()
