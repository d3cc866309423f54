"""Cards of the 78-card tarot pack and their text notation (FR-1, FR-1.1).

A :class:`Card` is a small immutable value. The 78 cards exist once each in :data:`DECK`; the
functions here always return those same objects, so cards compare and hash cheaply.

Card points are kept in **half-points** (integers) everywhere in this package, so that no float
ever enters a total: a King is 9 half-points (4.5), the whole pack 182 (91).
"""

from __future__ import annotations

import enum
from typing import Iterable

from ..errors import NotationError
from ..values import Value, init_field


class Suit(enum.Enum):
    """The kind of a card: one of the four plain suits, the trumps, or the Excuse (FR-1).

    The Excuse is its own kind, not a trump of rank 0 (FR-1, FR-9).
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMPS = "T"
    EXCUSE = "EX"

    @property
    def is_plain(self) -> bool:
        """True for the four plain suits (spades, hearts, diamonds, clubs)."""
        return self in PLAIN_SUITS

    @property
    def symbol(self) -> str:
        """The symbol shown to players: ♠ ♥ ♦ ♣, ``"T"`` for trumps, ``"★"`` for the Excuse."""
        return _SYMBOLS[self]


PLAIN_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SYMBOLS = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
    Suit.TRUMPS: "T",
    Suit.EXCUSE: "★",
}

#: Ranks of the plain-suit court cards (FR-1.1 letters): Jack/Valet, Knight/Cavalier, Queen/Dame,
#: King/Roi. Pip cards keep their number 1..10.
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
_RANK_LETTERS = {JACK: "J", KNIGHT: "N", QUEEN: "Q", KING: "K"}
_LETTER_RANKS = {v: k for k, v in _RANK_LETTERS.items()}
#: Card points in half-points by plain-suit rank (FR-1): K 4.5, Q 3.5, N 2.5, J 1.5, others 0.5.
_PLAIN_POINTS2 = {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}


class Card(Value):
    """One card of the pack.

    Attributes:
        suit: its kind (:class:`Suit`).
        rank: 1..14 for plain suits (11 J, 12 N, 13 Q, 14 K), 1..21 for trumps, 0 for the Excuse.

    Do not build cards directly: use :func:`parse_card`, :data:`DECK` or the constants
    :data:`EXCUSE`, :data:`PETIT`, :data:`TRUMP_21`. ``Card(suit, rank)`` raises
    :class:`TypeError` when ``suit`` is not a :class:`Suit`.

    A card's hash is its :attr:`index`, computed once: cards are hashed all the time (hands and
    tricks are sets and dict keys for the computer players), and an enum member's hash is
    computed in Python at each call on CPython 3.11. It is also the same in every process, so a
    set of cards iterates in the same order in CPython and Pyodide.
    """

    __slots__ = ("suit", "rank", "_index")
    _fields = ("suit", "rank")
    suit: Suit
    rank: int

    def __init__(self, suit: Suit, rank: int) -> None:
        if not isinstance(suit, Suit):
            raise TypeError(f"a card's suit must be a Suit, got {suit!r}")
        init_field(self, "suit", suit)
        init_field(self, "rank", rank)
        if suit is Suit.TRUMPS:
            index = 55 + rank
        elif suit is Suit.EXCUSE:
            index = 77
        else:
            index = PLAIN_SUITS.index(suit) * 14 + rank - 1
        init_field(self, "_index", index)

    @property
    def index(self) -> int:
        """Position 0..77 in :data:`DECK` (plain suits S H D C by rank, then T1..T21, then EX)."""
        return self._index

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self.suit is other.suit and self.rank == other.rank  # type: ignore[attr-defined]
        return NotImplemented

    @property
    def is_trump(self) -> bool:
        """True for trumps T1..T21 (not the Excuse, FR-1)."""
        return self.suit is Suit.TRUMPS

    @property
    def is_excuse(self) -> bool:
        """True for the Excuse."""
        return self.suit is Suit.EXCUSE

    @property
    def is_bout(self) -> bool:
        """True for the three bouts: the 21, the Petit (T1) and the Excuse (FR-1)."""
        return self.suit is Suit.EXCUSE or (self.suit is Suit.TRUMPS and self.rank in (1, 21))

    @property
    def is_king(self) -> bool:
        """True for the four Kings."""
        return self.suit.is_plain and self.rank == KING

    @property
    def points2(self) -> int:
        """Card points in half-points (FR-1): bouts and Kings 9, Queens 7, Knights 5, Jacks 3,
        anything else 1."""
        if self.is_bout:
            return 9
        if self.suit is Suit.TRUMPS:
            return 1
        return _PLAIN_POINTS2.get(self.rank, 1)

    @property
    def points(self) -> float:
        """Card points as a number of points (4.5 for a King …); prefer :attr:`points2` in sums."""
        return self.points2 / 2

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card(self)})"


def _build_deck() -> tuple[Card, ...]:
    cards = [Card(s, r) for s in PLAIN_SUITS for r in range(1, 15)]
    cards += [Card(Suit.TRUMPS, r) for r in range(1, 22)]
    cards.append(Card(Suit.EXCUSE, 0))
    return tuple(cards)


#: The 78 cards in canonical order (see :attr:`Card.index`).
DECK: tuple[Card, ...] = _build_deck()
EXCUSE: Card = DECK[77]
PETIT: Card = DECK[56]
TRUMP_21: Card = DECK[76]
BOUTS: frozenset[Card] = frozenset((EXCUSE, PETIT, TRUMP_21))
TOTAL_POINTS2 = 182  # 91 points (FR-1)


def card_from_index(index: int) -> Card:
    """The card at ``index`` (0..77) of :data:`DECK`. Raises ``IndexError`` outside that range."""
    if not 0 <= index < 78:
        raise IndexError(f"card index {index} is outside 0..77")
    return DECK[index]


def format_card(card: Card) -> str:
    """The canonical FR-1.1 token of ``card``: ``KS``, ``10H``, ``NC``, ``T21``, ``EX``."""
    if card.suit is Suit.EXCUSE:
        return "EX"
    if card.suit is Suit.TRUMPS:
        return f"T{card.rank}"
    return f"{_RANK_LETTERS.get(card.rank, card.rank)}{card.suit.value}"


_BY_TOKEN: dict[str, Card] = {format_card(c): c for c in DECK}


def parse_card(token: str) -> Card:
    """Parse one FR-1.1 token, case-insensitively (``"ks"``, ``"t21"``, ``"Ex"``).

    Surrounding white space is ignored. Raises :class:`NotationError` naming the token when it is
    not one of the 78 cards (``"T0"``, ``"11S"``, ``"KX"``, ``""`` …).
    """
    if not isinstance(token, str):
        raise NotationError(repr(token), f"card token must be text, got {type(token).__name__}")
    card = _BY_TOKEN.get(token.strip().upper())
    if card is None:
        raise NotationError(token)
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse several tokens: a string separated by spaces and/or commas, or an iterable of tokens.

    Returns the cards in the given order. Raises :class:`NotationError` naming the first bad token.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """The cards' canonical tokens separated by single spaces, in the given order."""
    return " ".join(format_card(c) for c in cards)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order of a hand: trumps low to high, then the Excuse, then ♠ ♥ ♣ ♦ low to high.

    Alternating colours (black, red, black, red) keeps adjacent suits apart on screen.
    """
    return (_DISPLAY_ORDER[card.suit], card.rank)


_DISPLAY_ORDER = {Suit.TRUMPS: 0, Suit.EXCUSE: 1, Suit.SPADES: 2, Suit.HEARTS: 3, Suit.CLUBS: 4,
                  Suit.DIAMONDS: 5}


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """``cards`` sorted for display (see :func:`sort_key`)."""
    return sorted(cards, key=sort_key)


def points2_of(cards: Iterable[Card]) -> int:
    """Total card points of ``cards`` in half-points."""
    return sum(c.points2 for c in cards)
