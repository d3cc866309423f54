"""The values of a French Tarot deal: phases, actions, tricks, poignées shown and results.

Actions are small immutable values (:class:`~tarot_core.values.Value`), compared and hashed by
their fields:

=================  ============================================================  ============
action             meaning                                                       rule
=================  ============================================================  ============
``Bid``            a contract, or ``None`` to pass                               FR-3
``Call``           five players: the taker calls a King (or Queen …)              FR-4.2
``Discard``        one card of the écart (as many as the chien has)               FR-4.1
``Chelem``         the taker announces a chelem, or declines                      FR-4.3
``Poignee``        show trumps just before one's first card                       FR-4.4
``Play``           play a card to the trick                                       FR-5
=================  ============================================================  ============

In a seat's view (:attr:`~tarot_core.french.view.SeatView.history`), a card that seat may not
see is ``None``: another seat's discard of a plain card is ``Discard(taker, None)``.
"""

from __future__ import annotations

import enum
from typing import Union

from . import scoring
from .cards import Card, format_card, format_cards, sorted_hand
from .contracts import Contract, PoigneeSize, Side
from ..values import Value, init_field


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING = "bidding"        #: FR-3, each seat speaks once
    CALL = "call"              #: FR-4.2, five players: the taker calls a card
    ECART = "ecart"            #: FR-4.1, the taker puts cards aside
    CHELEM = "chelem"          #: FR-4.3, the taker may announce a chelem
    PLAY = "play"              #: FR-5, tricks (poignées are shown during this phase, FR-4.4)
    DONE = "done"              #: scored (FR-7)
    THROWN_IN = "thrown_in"    #: cancelled: petit sec (FR-2.3) or everyone passed (FR-3)


# --- actions --------------------------------------------------------------------------------

class Bid(Value):
    """Seat ``seat`` bids ``contract``, or passes when ``contract`` is ``None`` (FR-3)."""

    __slots__ = ("seat", "contract")
    seat: int
    contract: Contract | None

    def __init__(self, seat: int, contract: Contract | None) -> None:
        init_field(self, "seat", seat)
        init_field(self, "contract", contract)

    def __str__(self) -> str:
        return f"{self.seat}:{self.contract.value if self.contract else 'pass'}"


class Call(Value):
    """Five players: the taker calls ``card`` (a King; a Queen, Knight or Jack only when holding
    all four of each higher rank); its holder is the partner (FR-4.2)."""

    __slots__ = ("seat", "card")
    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        init_field(self, "seat", seat)
        init_field(self, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}:call {format_card(self.card)}"


class Discard(Value):
    """The taker puts ``card`` into the écart (FR-4.1).

    In another seat's view of the history, a discard it may not see has ``card=None``.
    """

    __slots__ = ("seat", "card")
    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        init_field(self, "seat", seat)
        init_field(self, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}:discard {format_card(self.card) if self.card is not None else '?'}"


class Chelem(Value):
    """The taker announces a chelem (``announced=True``) or declines (FR-4.3)."""

    __slots__ = ("seat", "announced")
    seat: int
    announced: bool

    def __init__(self, seat: int, announced: bool) -> None:
        init_field(self, "seat", seat)
        init_field(self, "announced", announced)

    def __str__(self) -> str:
        return f"{self.seat}:{'chelem' if self.announced else 'no chelem'}"


class Poignee(Value):
    """Seat ``seat`` shows ``cards`` (trumps, and possibly the Excuse) as a poignée (FR-4.4)."""

    __slots__ = ("seat", "cards")
    seat: int
    cards: frozenset[Card]

    def __init__(self, seat: int, cards: frozenset[Card]) -> None:
        init_field(self, "seat", seat)
        init_field(self, "cards", cards)

    def __str__(self) -> str:
        return f"{self.seat}:poignee {format_cards(sorted_hand(self.cards))}"


class Play(Value):
    """Seat ``seat`` plays ``card`` to the current trick (FR-5)."""

    __slots__ = ("seat", "card")
    seat: int
    card: Card

    def __init__(self, seat: int, card: Card) -> None:
        init_field(self, "seat", seat)
        init_field(self, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}:{format_card(self.card)}"


Action = Union[Bid, Call, Discard, Chelem, Poignee, Play]
ACTION_TYPES = (Bid, Call, Discard, Chelem, Poignee, Play)


def _malformed(action: Action) -> str | None:
    """Why an action's fields are not of the right types, or ``None``."""
    if not isinstance(action.seat, int) or isinstance(action.seat, bool):
        return f"seat must be an int, got {action.seat!r}"
    if isinstance(action, Bid):
        ok = action.contract is None or isinstance(action.contract, Contract)
        return None if ok else f"contract must be a Contract or None, got {action.contract!r}"
    if isinstance(action, Chelem):
        return None if isinstance(action.announced, bool) else "announced must be True or False"
    if isinstance(action, Poignee):
        ok = isinstance(action.cards, (frozenset, set)) and all(isinstance(c, Card) for c in action.cards)
        return None if ok else "a poignée is a set of cards"
    card = action.card  # Call, Discard, Play
    return None if isinstance(card, Card) else f"card must be a Card, got {card!r}"


# --- tricks and results ---------------------------------------------------------------------

class Trick(Value):
    """A completed trick.

    Attributes:
        leader: the seat that led.
        cards: ``(seat, card)`` pairs in playing order.
        winner: the seat that won it (FR-5, FR-6.3).
    """

    __slots__ = ("leader", "cards", "winner")
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def __init__(self, leader: int, cards: tuple[tuple[int, Card], ...], winner: int) -> None:
        init_field(self, "leader", leader)
        init_field(self, "cards", cards)
        init_field(self, "winner", winner)


class ShownPoignee(Value):
    """A poignée shown during the deal: who showed it, its size and the cards shown (FR-4.4)."""

    __slots__ = ("seat", "size", "cards")
    seat: int
    size: PoigneeSize
    cards: tuple[Card, ...]

    def __init__(self, seat: int, size: PoigneeSize, cards: tuple[Card, ...]) -> None:
        init_field(self, "seat", seat)
        init_field(self, "size", size)
        init_field(self, "cards", cards)


class DealResult(Value):
    """The outcome of a finished deal (FR-6, FR-7).

    Attributes:
        score: the :class:`~tarot_core.french.scoring.DealScore` (contract, points, target, bonuses, s).
        scores: one signed score per seat, summing to zero (FR-7.5).
        taker: the taker's seat.
        partner: five players: the partner's seat, or ``None`` when the taker played alone.
        called: five players: the called card (else ``None``).
        points2: the attack's card points in half-points (écart/chien included, FR-4.1; after the
            Excuse exchange, FR-6.1).
        bouts: the bouts the attack owns at the end (0..3).
        petit_au_bout: the side that got the Petit au bout bonus, or ``None`` (FR-6.4).
        chelem_made_by: the side that won every trick, or ``None`` (FR-6.3, FR-7.4).
        poignees: the poignées shown, with their seats.
        tricks_won: number of tricks won per seat.
        excuse_lost_by: the side that played the Excuse to the last trick and lost it to the
            side that won that trick (FR-6.2), or ``None`` (Excuse played earlier, won by its own
            side, or a chelem, FR-6.3).
    """

    __slots__ = (
        "score", "scores", "taker", "partner", "called", "points2", "bouts", "petit_au_bout",
        "chelem_made_by", "poignees", "tricks_won", "excuse_lost_by"
    )
    score: scoring.DealScore
    scores: tuple[int, ...]
    taker: int
    partner: int | None
    called: Card | None
    points2: int
    bouts: int
    petit_au_bout: Side | None
    chelem_made_by: Side | None
    poignees: tuple[ShownPoignee, ...]
    tricks_won: tuple[int, ...]
    excuse_lost_by: Side | None

    def __init__(
        self,
        score: scoring.DealScore,
        scores: tuple[int, ...],
        taker: int,
        partner: int | None,
        called: Card | None,
        points2: int,
        bouts: int,
        petit_au_bout: Side | None,
        chelem_made_by: Side | None,
        poignees: tuple[ShownPoignee, ...],
        tricks_won: tuple[int, ...],
        excuse_lost_by: Side | None = None,
    ) -> None:
        init_field(self, "score", score)
        init_field(self, "scores", scores)
        init_field(self, "taker", taker)
        init_field(self, "partner", partner)
        init_field(self, "called", called)
        init_field(self, "points2", points2)
        init_field(self, "bouts", bouts)
        init_field(self, "petit_au_bout", petit_au_bout)
        init_field(self, "chelem_made_by", chelem_made_by)
        init_field(self, "poignees", poignees)
        init_field(self, "tricks_won", tricks_won)
        init_field(self, "excuse_lost_by", excuse_lost_by)
