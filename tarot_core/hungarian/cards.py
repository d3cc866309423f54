"""The 42 cards of Hungarian Tarokk and their text notation (HU-1).

A :class:`Card` is a small immutable value; the 42 cards exist once each in :data:`DECK` and the
functions here always return those same objects.

The pack: 22 tarokks, I (the **pagát**) to XXI and the **Skíz** above them (an ordinary top
tarokk, not an excuse), and four suits of five cards, King > Queen > Rider > Jack > the one low
card (the 10 in spades and clubs, the ace in hearts and diamonds). The honours are the Skíz, the
XXI and the pagát.

Notation (HU-1): tarokks ``T1`` … ``T21`` and ``SKIZ``; suit cards a rank letter or number and
the suit letter, with ``N`` for the rider as in French Tarot: ``KS QS NS JS 10S``,
``KH QH NH JH 1H``, ``KD … 1D``, ``KC … 10C``. Card points (HU-1) are whole numbers: honours and
Kings 5, Queens 4, Riders 3, Jacks 2, every other card 1; the pack holds 94.
"""

from __future__ import annotations

import enum
from typing import Iterable

from ..errors import NotationError
from ..values import Value, init_field

__all__ = ["Suit", "SUITS", "Card", "DECK", "PAGAT", "XX", "XXI", "SKIZ", "HONOURS", "KINGS",
           "TOTAL_POINTS", "JACK", "RIDER", "QUEEN", "KING", "SKIZ_RANK", "card_from_index",
           "format_card", "parse_card", "parse_cards", "format_cards", "sort_key", "sorted_hand",
           "points_of"]


class Suit(enum.Enum):
    """The tarokks, or one of the four suits (HU-1)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TAROKK = "T"

    @property
    def symbol(self) -> str:
        """The symbol shown to players: ♠ ♥ ♦ ♣, ``"T"`` for the tarokks."""
        return _SYMBOLS[self]


#: The four suits, in the order of :data:`DECK`.
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.TAROKK: "T"}

#: Suit ranks of the court cards (the letters of the notation): Jack, Rider, Queen, King. The low
#: card keeps its number: 10 in spades and clubs, 1 in hearts and diamonds.
JACK, RIDER, QUEEN, KING = 11, 12, 13, 14
#: The Skíz's rank among the tarokks, above the XXI.
SKIZ_RANK = 22
_LOW = {Suit.SPADES: 10, Suit.HEARTS: 1, Suit.DIAMONDS: 1, Suit.CLUBS: 10}
_LETTERS = {JACK: "J", RIDER: "N", QUEEN: "Q", KING: "K"}
_COURT_POINTS = {KING: 5, QUEEN: 4, RIDER: 3, JACK: 2}


class Card(Value):
    """One card of the 42-card pack.

    Attributes:
        suit: :class:`Suit` (``TAROKK`` for the tarokks).
        rank: tarokks 1 (the pagát) … 21, 22 for the Skíz; suit cards 11 Jack, 12 Rider,
            13 Queen, 14 King, and the low card's number (10 in ♠ ♣, 1 in ♥ ♦).

    Do not build cards: use :data:`DECK`, :func:`parse_card` or the constants (:data:`PAGAT`,
    :data:`XX`, :data:`XXI`, :data:`SKIZ`). ``Card(suit, rank)`` raises ``TypeError`` for a suit
    that is not a :class:`Suit` and ``ValueError`` for a rank that card does not have. Its hash is
    its :attr:`index`, the same in every process.
    """

    __slots__ = ("suit", "rank", "_index")
    _fields = ("suit", "rank")
    suit: Suit
    rank: int

    def __init__(self, suit: Suit, rank: int) -> None:
        if not isinstance(suit, Suit):
            raise TypeError(f"a card's suit must be a Suit, got {suit!r}")
        if suit is Suit.TAROKK:
            if not 1 <= rank <= SKIZ_RANK:
                raise ValueError(f"a tarokk's rank is 1..22 (22 the Skíz), not {rank!r}")
            index = rank - 1
        else:
            ranks = (_LOW[suit], JACK, RIDER, QUEEN, KING)
            if rank not in ranks:
                raise ValueError(f"{suit.name.lower()} has the ranks {ranks}, not {rank!r}")
            index = 22 + 5 * SUITS.index(suit) + ranks.index(rank)
        init_field(self, "suit", suit)
        init_field(self, "rank", rank)
        init_field(self, "_index", index)

    @property
    def index(self) -> int:
        """Position 0..41 in :data:`DECK`: tarokks I … XXI and the Skíz, then ♠ ♥ ♦ ♣ low to
        high (and the display order, :func:`sort_key`)."""
        return self._index

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._index == other._index  # type: ignore[attr-defined]
        return NotImplemented

    @property
    def is_tarokk(self) -> bool:
        """True for the 22 tarokks, the Skíz included."""
        return self.suit is Suit.TAROKK

    @property
    def is_honour(self) -> bool:
        """True for the three honours: the Skíz, the XXI and the pagát (HU-1)."""
        return self.suit is Suit.TAROKK and self.rank in (1, 21, SKIZ_RANK)

    @property
    def is_king(self) -> bool:
        """True for the four Kings."""
        return self.suit is not Suit.TAROKK and self.rank == KING

    @property
    def points(self) -> int:
        """Card points (HU-1): honours and Kings 5, Queens 4, Riders 3, Jacks 2, others 1."""
        if self.suit is Suit.TAROKK:
            return 5 if self.is_honour else 1
        return _COURT_POINTS.get(self.rank, 1)

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card(self)})"


#: The 42 cards in :attr:`Card.index` order.
DECK: tuple[Card, ...] = tuple(
    [Card(Suit.TAROKK, r) for r in range(1, SKIZ_RANK + 1)]
    + [Card(s, r) for s in SUITS for r in (_LOW[s], JACK, RIDER, QUEEN, KING)])
PAGAT: Card = DECK[0]
XX: Card = DECK[19]
XXI: Card = DECK[20]
SKIZ: Card = DECK[21]
HONOURS: frozenset[Card] = frozenset((PAGAT, XXI, SKIZ))
KINGS: frozenset[Card] = frozenset(c for c in DECK if c.is_king)
#: The card points of the whole pack (HU-1).
TOTAL_POINTS = 94


def card_from_index(index: int) -> Card:
    """The card at ``index`` (0..41) of :data:`DECK`. Raises ``IndexError`` outside that range."""
    if not 0 <= index < 42:
        raise IndexError(f"card index {index} is outside 0..41")
    return DECK[index]


def format_card(card: Card) -> str:
    """The HU-1 token of ``card``: ``T1`` … ``T21``, ``SKIZ``, ``KS``, ``NH``, ``10C``, ``1D``."""
    if card.suit is Suit.TAROKK:
        return "SKIZ" if card.rank == SKIZ_RANK else f"T{card.rank}"
    return f"{_LETTERS.get(card.rank, card.rank)}{card.suit.value}"


_BY_TOKEN: dict[str, Card] = {format_card(c): c for c in DECK}
_BY_TOKEN["SKÍZ"] = SKIZ  # the Hungarian spelling, read but never written


def parse_card(token: str) -> Card:
    """Parse one HU-1 token, case-insensitively, surrounding white space ignored (``"t21"``,
    ``"Skiz"``, ``"10s"``; ``"SKÍZ"`` with its accent is read too).

    Raises :class:`~tarot_core.errors.NotationError` naming the token when it is not one of the
    42 cards: ``"T22"``, ``"EX"``, ``"1S"`` (the low spade is the 10), ``"9H"``, ``""`` ….
    """
    if not isinstance(token, str):
        raise NotationError(repr(token), f"card token must be text, got {type(token).__name__}")
    card = _BY_TOKEN.get(token.strip().upper())
    if card is None:
        raise NotationError(token, f"unknown card token {token!r} (HU-1: T1..T21, SKIZ, KS QS NS JS 10S, "
                                   f"KH QH NH JH 1H, KD … 1D, KC … 10C)")
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several tokens: a string separated by spaces and/or commas, or an iterable of tokens.

    Returns the cards in the given order. Raises :class:`~tarot_core.errors.NotationError`
    naming the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """The cards' tokens separated by single spaces, in the given order."""
    return " ".join(format_card(c) for c in cards)


def sort_key(card: Card) -> int:
    """Display order of a hand: the tarokks from the pagát up to the Skíz, then ♠ ♥ ♦ ♣ from
    the low card up to the King (:attr:`Card.index`)."""
    return card._index


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """``cards`` sorted for display (see :func:`sort_key`)."""
    return sorted(cards, key=sort_key)


def points_of(cards: Iterable[Card]) -> int:
    """The card points of ``cards`` (HU-1)."""
    return sum(c.points for c in cards)
