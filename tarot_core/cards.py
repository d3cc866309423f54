"""Compatibility name: the 78-card pack and its FR-1.1 notation (:mod:`tarot_core.french.cards`).

Tools outside the project import ``tarot_core.cards``; it stays, re-exporting the same
objects (``tarot_core.cards.X is tarot_core.french.cards.X``). Nothing in the project imports it
(``tests/test_import_cycles.py`` checks the package): new code imports
:mod:`tarot_core.french.cards`.
"""

from .french.cards import (  # noqa: F401
    Suit, PLAIN_SUITS, JACK, KNIGHT, QUEEN, KING, Card, DECK, EXCUSE, PETIT, TRUMP_21, BOUTS,
    TOTAL_POINTS2, card_from_index,
    format_card, parse_card, parse_cards, format_cards, sort_key, sorted_hand, points2_of,
)

__all__ = [
    'Suit', 'PLAIN_SUITS', 'JACK', 'KNIGHT', 'QUEEN', 'KING', 'Card', 'DECK', 'EXCUSE', 'PETIT',
    'TRUMP_21', 'BOUTS', 'TOTAL_POINTS2', 'card_from_index', 'format_card', 'parse_card',
    'parse_cards', 'format_cards', 'sort_key', 'sorted_hand', 'points2_of',
]
