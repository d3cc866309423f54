"""French Tarot under the FFT rules, at three, four and five players (``docs/rules/french-tarot.md``).

Modules of this package:

* :mod:`~tarot_core.french.cards` — the 78 cards and their FR-1.1 notation;
* :mod:`~tarot_core.french.contracts` — contracts, sides, poignée sizes and the FFT tables;
* :mod:`~tarot_core.french.dealing` — the seeded, specified deal generator (FR-2);
* :mod:`~tarot_core.french.actions` — phases, actions, tricks and results (values);
* :mod:`~tarot_core.french.state` — :class:`FrenchDeal`, the rules engine of one deal;
* :mod:`~tarot_core.french.view` — :class:`SeatView`, what one seat knows;
* :mod:`~tarot_core.french.scoring` — scoring (FR-7) and the ``score`` command's input;
* :mod:`~tarot_core.french.records` — the deal record codec;
* :mod:`~tarot_core.french.ai_v1` — computer player ``v1`` (frozen: it never changes its choices);
* :mod:`~tarot_core.french.rules` — :data:`RULES`, the game as :mod:`tarot_core.game` sees it.

The names below (the engine, its actions and values) are importable from here, as they were when
this package was a single module.
"""

from .actions import (ACTION_TYPES, Action, Bid, Call, Chelem, DealResult, Discard, Phase, Play,
                      Poignee, ShownPoignee, Trick)
from .state import FrenchDeal
from .view import SeatView
from .rules import RULES, FrenchRules

__all__ = ["ACTION_TYPES", "Action", "Bid", "Call", "Chelem", "DealResult", "Discard", "FrenchDeal",
           "FrenchRules", "Phase", "Play", "Poignee", "RULES", "SeatView", "ShownPoignee", "Trick"]
