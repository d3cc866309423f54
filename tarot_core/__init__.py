"""tarot_core — French Tarot under the FFT rules, in pure Python.

Cards and their notation (:mod:`tarot_core.cards`), contracts and FFT tables
(:mod:`tarot_core.contracts`), scoring (:mod:`tarot_core.scoring`), the seeded deal generator
(:mod:`tarot_core.dealing`), the 4-player rules engine (:mod:`tarot_core.french`) and computer
players (:mod:`tarot_core.ai`). No browser imports: it runs the same on CPython 3.11+ and Pyodide.
"""

__version__ = "0.1.0"
