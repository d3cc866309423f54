"""Compatibility name: French contracts, sides and poignées (:mod:`tarot_core.french.contracts`).

Tools outside the project import ``tarot_core.contracts``; it stays, re-exporting the same
objects (``tarot_core.contracts.X is tarot_core.french.contracts.X``). Nothing in the project imports it
(``tests/test_import_cycles.py`` checks the package): new code imports
:mod:`tarot_core.french.contracts`.
"""

from .french.contracts import (  # noqa: F401
    Contract, Side, PoigneeSize, POIGNEE_THRESHOLDS, TARGETS, DEAL_SIZES,
)

__all__ = [
    'Contract', 'Side', 'PoigneeSize', 'POIGNEE_THRESHOLDS', 'TARGETS', 'DEAL_SIZES',
]
