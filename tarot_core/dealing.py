"""Compatibility name: the seeded stream (:mod:`tarot_core.rng`) and the French deal generator
(:mod:`tarot_core.french.dealing`, FR-2).

Tools outside the project call ``tarot_core.dealing.deal(seed, players, dealer)``; it stays,
re-exporting the same objects. Nothing in the project imports it (``tests/test_import_cycles.py``
checks the package): new code imports :mod:`tarot_core.rng` and :mod:`tarot_core.french.dealing`.
"""

from .french.dealing import Deal, deal, deal_from_pack, shuffled_deck  # noqa: F401
from .rng import RNG_LABEL, DealRng  # noqa: F401

__all__ = ["RNG_LABEL", "DealRng", "Deal", "deal", "deal_from_pack", "shuffled_deck"]
