"""The compact form of the 78 cards that the engine and the computer players compute with.

Each card has a **code** 0..77 in display order (:func:`tarot_core.french.cards.sort_key`):
``T1 … T21`` are 0..20, the Excuse 21, then spades 22..35, hearts 36..49, clubs 50..63 and
diamonds 64..77, each suit from its 1 to its King. A set of cards is an ``int`` whose bit ``c``
is set for code ``c`` (a **mask**). So, inside a suit, a higher code is a higher card; every
trump's code is below every plain card's; and listing a mask's bits from low to high lists the
cards in display order, which is the order of :meth:`~tarot_core.french.FrenchDeal.legal_actions`.

The public values (:class:`~tarot_core.french.cards.Card`, the actions, the notation) stay at the
edges: :data:`CARD_OF` and :data:`CODE_OF` convert, and nothing here is shown to players.
"""

from __future__ import annotations

from .cards import DECK, JACK, KING, KNIGHT, QUEEN, Card, Suit, sort_key

__all__ = ["CARD_OF", "CODE_OF", "SUIT_OF", "POINTS2_OF", "BIT", "TRUMP", "EXCUSE_SUIT",
           "SUIT_MASK", "TRUMPS", "EXCUSE_CODE", "EXCUSE_BIT", "PETIT_CODE", "PETIT_BIT",
           "T21_CODE", "BOUTS", "KINGS", "PLAIN", "PLAIN_NON_KING", "TRUMPS_NON_BOUT", "ALL",
           "code_of", "codes", "cards_of", "mask_of", "points2_of_mask", "SUIT_CODES", "RANK_OF",
           "CALL_ORDER"]

#: The cards by code (display order).
CARD_OF: tuple[Card, ...] = tuple(sorted(DECK, key=sort_key))
#: ``CODE_OF[card.index]``: the code of each card by its :attr:`~Card.index`.
CODE_OF: tuple[int, ...] = tuple(CARD_OF.index(card) for card in DECK)

#: Suit numbers of the compact form: 0 trumps, 1 the Excuse, 2 spades, 3 hearts, 4 clubs,
#: 5 diamonds (display order).
TRUMP, EXCUSE_SUIT = 0, 1
SUIT_CODES: dict[Suit, int] = {Suit.TRUMPS: 0, Suit.EXCUSE: 1, Suit.SPADES: 2, Suit.HEARTS: 3,
                               Suit.CLUBS: 4, Suit.DIAMONDS: 5}
#: Each code's suit number, rank (1..21 trumps, 0 the Excuse, 1..14 plain) and half-points.
SUIT_OF: tuple[int, ...] = tuple(SUIT_CODES[c.suit] for c in CARD_OF)
RANK_OF: tuple[int, ...] = tuple(c.rank for c in CARD_OF)
POINTS2_OF: tuple[int, ...] = tuple(c.points2 for c in CARD_OF)
BIT: tuple[int, ...] = tuple(1 << c for c in range(78))

ALL = (1 << 78) - 1
#: The mask of each suit number.
SUIT_MASK: tuple[int, ...] = tuple(sum(BIT[c] for c in range(78) if SUIT_OF[c] == s) for s in range(6))
TRUMPS = SUIT_MASK[TRUMP]
EXCUSE_CODE = 21
EXCUSE_BIT = BIT[EXCUSE_CODE]
PETIT_CODE, T21_CODE = 0, 20
PETIT_BIT = BIT[PETIT_CODE]
BOUTS = BIT[PETIT_CODE] | BIT[T21_CODE] | EXCUSE_BIT
KINGS = sum(BIT[c] for c in range(78) if SUIT_OF[c] >= 2 and RANK_OF[c] == KING)
PLAIN = ALL & ~TRUMPS & ~EXCUSE_BIT
PLAIN_NON_KING = PLAIN & ~KINGS
TRUMPS_NON_BOUT = TRUMPS & ~BOUTS

#: FR-4.2 at five players: the ranks that may be called, highest first, and for each the codes of
#: that rank in the order ``callable_cards`` lists them (spades, hearts, diamonds, clubs).
CALL_ORDER: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (rank, tuple(CODE_OF[c.index] for c in DECK if c.suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS,
                                                              Suit.CLUBS) and c.rank == rank))
    for rank in (KING, QUEEN, KNIGHT, JACK))


def code_of(card: Card) -> int:
    """The code of ``card`` (see the module docstring)."""
    return CODE_OF[card.index]


#: The codes of each byte value, for each of the ten bytes of a mask: filled as byte values are
#: met (2,560 small tuples at most), so that importing the engine builds none of them.
_BYTES: tuple[list[tuple[int, ...] | None], ...] = tuple([None] * 256 for _ in range(10))


def _byte(k: int, part: int) -> tuple[int, ...]:
    found = _BYTES[k][part] = tuple(8 * k + i for i in range(8) if part >> i & 1)
    return found


def codes(mask: int) -> list[int]:
    """The codes of the set bits of ``mask``, low to high (so in display order).

    Up to six cards, one lowest bit at a time; more, a byte at a time from :data:`_BYTES`
    (each way is the cheaper one there, in CPython 3.11).
    """
    out: list[int] = []
    if mask.bit_count() <= 6:
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    k = 0
    for table in _BYTES:
        part = mask & 255
        if part:
            out += table[part] or _byte(k, part)
        mask >>= 8
        if not mask:
            break
        k += 1
    return out


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, in display order."""
    return [CARD_OF[c] for c in codes(mask)]


def mask_of(cards) -> int:
    """The mask of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= BIT[CODE_OF[card.index]]
    return mask


_OF_RANK = {rank: sum(BIT[c] for c in range(78) if SUIT_OF[c] >= 2 and RANK_OF[c] == rank)
            for rank in (QUEEN, KNIGHT, JACK)}
_NINES = KINGS | BOUTS
_QUEENS, _KNIGHTS, _JACKS = _OF_RANK[QUEEN], _OF_RANK[KNIGHT], _OF_RANK[JACK]


def points2_of_mask(mask: int) -> int:
    """The card points of ``mask`` in half-points (FR-1): every card counts 1, and a bout or King
    8 more, a Queen 6, a Knight 4, a Jack 2 (counted with popcounts, no loop)."""
    return (mask.bit_count() + 8 * (mask & _NINES).bit_count() + 6 * (mask & _QUEENS).bit_count()
            + 4 * (mask & _KNIGHTS).bit_count() + 2 * (mask & _JACKS).bit_count())
