"""tarot_core — tarot card games in pure Python: French Tarot under the FFT rules (3, 4 and 5
players), with Hungarian Tarokk to follow in the same shape.

Shared primitives and game-independent services (they use only the game protocol):

* :mod:`tarot_core.values` — the base of the immutable value types (cards, actions, views);
* :mod:`tarot_core.errors` — the typed errors (:class:`~tarot_core.errors.TarotError` and kin);
* :mod:`tarot_core.rng` — the seeded, specified random stream (:class:`~tarot_core.rng.DealRng`);
* :mod:`tarot_core.game` — the game protocol and the registry of games;
* :mod:`tarot_core.match` — a match of counted deals;
* :mod:`tarot_core.records` — JSON game records and their replay (``python -m tarot_core replay``);
* :mod:`tarot_core.ai` — the computer players' entry point, ``choose_action``, by version;
* :mod:`tarot_core.daily` — the daily game, dealt from the date alone;
* :mod:`tarot_core.share` — share codes verified by replay;
* :mod:`tarot_core.saves` — saved games, history and statistics over any key-value storage.

One package per game: :mod:`tarot_core.french` (pack and notation, rules state, scoring, views,
determinization, computer players, record codec).

Kept for tools that already use them, as re-exports of the French modules: ``tarot_core.cards``,
``tarot_core.contracts``, ``tarot_core.dealing`` (with :class:`~tarot_core.rng.DealRng`) and
``tarot_core.scoring``; nothing in the package imports them.

No browser imports: it runs the same on CPython 3.11+ and in Pyodide.
"""

__version__ = "0.1.0"
