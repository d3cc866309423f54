"""tarot_core — French Tarot under the FFT rules (3, 4 and 5 players), in pure Python.

Modules:

* :mod:`tarot_core.cards` — the 78 cards and their FR-1.1 notation;
* :mod:`tarot_core.contracts` — contracts, sides, poignée sizes and the FFT tables;
* :mod:`tarot_core.dealing` — the seeded, specified deal generator (FR-2);
* :mod:`tarot_core.french` — the rules engine of one deal: legal actions, apply/undo, views;
* :mod:`tarot_core.scoring` — scoring (FR-7) and ``python -m tarot_core score``;
* :mod:`tarot_core.match` — a match of counted deals (FR-8);
* :mod:`tarot_core.records` — JSON game records and ``python -m tarot_core replay``;
* :mod:`tarot_core.ai` — computer players, seeded per deal;
* :mod:`tarot_core.daily` — the daily game, dealt from the date alone;
* :mod:`tarot_core.share` — share codes verified by replay;
* :mod:`tarot_core.saves` — saved games, history and statistics over any key-value storage.
* :mod:`tarot_core.values` — the base of the immutable value types (cards, actions, views).

No browser imports: it runs the same on CPython 3.11+ and in Pyodide.
"""

__version__ = "0.1.0"
