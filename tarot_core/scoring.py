"""Compatibility name: French Tarot scoring, FR-7 (:mod:`tarot_core.french.scoring`).

Tools outside the project import ``tarot_core.scoring``; it stays, re-exporting the same
objects (``tarot_core.scoring.X is tarot_core.french.scoring.X``). Nothing in the project imports it
(``tests/test_import_cycles.py`` checks the package): new code imports
:mod:`tarot_core.french.scoring`.
"""

from .french.scoring import (  # noqa: F401
    PLAYERS, MAX_POINTS2, PETIT_AU_BOUT_BONUS, CHELEM_ANNOUNCED_MADE, CHELEM_UNANNOUNCED_MADE,
    CHELEM_ANNOUNCED_MISSED, CHELEM_BY_DEFENCE, format_points2, target, margin, DealScore,
    score_deal, JSON_KEYS, JSON_REQUIRED, DEFAULT_PARTNER_AT_5, score_from_json,
)

__all__ = [
    'PLAYERS', 'MAX_POINTS2', 'PETIT_AU_BOUT_BONUS', 'CHELEM_ANNOUNCED_MADE',
    'CHELEM_UNANNOUNCED_MADE', 'CHELEM_ANNOUNCED_MISSED', 'CHELEM_BY_DEFENCE', 'format_points2',
    'target', 'margin', 'DealScore', 'score_deal', 'JSON_KEYS', 'JSON_REQUIRED',
    'DEFAULT_PARTNER_AT_5', 'score_from_json',
]
