"""Hungarian Tarokk (Paskievics, "twenty-calling"), at four players and at five with the dealer
sitting out (``docs/rules/hungarian-tarokk.md``, rule ids HU-…; pagat.com's rules, with the
tournament rules of HU-10 as a second profile).

Modules of this package (the rest of the game follows in the shape of :mod:`tarot_core.french`):

* :mod:`~tarot_core.hungarian.cards` — the 42 cards and their HU-1 notation;
* :mod:`~tarot_core.hungarian.dealing` — the seeded deal (HU-2);
* :mod:`~tarot_core.hungarian.actions` — phases and actions (values);
* :mod:`~tarot_core.hungarian.state` — :class:`HungarianDeal`, the rules engine of one deal;
* :mod:`~tarot_core.hungarian.view` — what one seat knows;
* :mod:`~tarot_core.hungarian.scoring` — scoring a deal (HU-8, HU-6 bonuses) and the ``score``
  command's input with ``"game": "hungarian"``;
* :mod:`~tarot_core.hungarian.records` — the deal record codec;
* :mod:`~tarot_core.hungarian.rules` — :data:`RULES`, the game as :mod:`tarot_core.game` sees it.
"""

from .rules import RULES, HungarianRules
from .state import HungarianDeal

__all__ = ["RULES", "HungarianRules", "HungarianDeal"]
