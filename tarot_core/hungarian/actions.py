"""The actions and phases of a Hungarian Tarokk deal (small immutable values).

| action | phase | rule |
|---|---|---|
| ``Bid(seat, bid)``: a bid, a hold (the current level again), or ``None`` to pass | bidding | HU-3 |
| ``Discard(seat, card)``: one card back to 9 | discard | HU-4 |
| ``Annul(seat, annul)``: use the HU-4.1 annulment, or not | discard | HU-4.1 |
| ``Call(seat, card)``: the declarer names the partner's tarokk | call | HU-5 |
| ``Announce(seat, bonus)``: a bonus for the side now speaking | announcements | HU-6 |
| ``Kontra(seat, bonus)``: double an announced item (the game included) | announcements | HU-6 |
| ``DeclareTarokks(seat, count)``: eight or nine tarokks held | announcements | HU-6.3 |
| ``Pass(seat)``: end one's turn of announcements | announcements | HU-6 |
| ``Play(seat, card)`` | play | HU-7 |
"""

from __future__ import annotations

import enum

from ..values import Value, init_field
from .cards import Card, format_card
from .scoring import Bid as Level

__all__ = ["Phase", "Bid", "Discard", "Annul", "Call", "Announce", "Kontra", "DeclareTarokks", "Pass", "Play",
           "ACTION_TYPES", "Trick"]


class Phase(enum.Enum):
    """Where a deal stands."""

    BIDDING = "bidding"
    DISCARD = "discard"
    CALL = "call"
    ANNOUNCEMENTS = "announcements"
    PLAY = "play"
    DONE = "done"
    #: nobody bid: the same dealer redeals, and the next round counts double (HU-3, HU-8.4)
    ALL_PASS = "all_pass"
    #: a failed trial three (HU-3.3) or an HU-4.1 annulment: redealt
    ANNULLED = "annulled"


class Bid(Value):
    """``seat`` bids ``bid`` (a :class:`~tarot_core.hungarian.scoring.Bid`), or passes with
    ``None`` (HU-3). Bidding the current level again is a hold (tartom)."""

    __slots__ = ("seat", "bid")
    seat: int
    bid: Level | None

    def __init__(self, seat: int, bid: Level | None) -> None:
        init_field(self, "seat", seat)
        init_field(self, "bid", bid)

    def __str__(self) -> str:
        return f"{self.seat}:{'pass' if self.bid is None else self.bid.value}"


def _seat_card(name: str, doc: str) -> type:
    """A value class ``name(seat, card)`` (fields listed on the class itself, as
    :class:`~tarot_core.values.Value` needs)."""

    def __init__(self, seat: int, card: Card) -> None:
        init_field(self, "seat", seat)
        init_field(self, "card", card)

    def __str__(self) -> str:
        return f"{self.seat}:{name.lower()} {'?' if self.card is None else format_card(self.card)}"

    return type(name, (Value,), {"__slots__": ("seat", "card"), "__doc__": doc, "__init__": __init__,
                                 "__str__": __str__, "__annotations__": {"seat": int, "card": Card},
                                 "__module__": __name__})


Discard = _seat_card("Discard", "``seat`` puts ``card`` in its discard (HU-4).")
Call = _seat_card("Call", "The declarer calls ``card``: its holder is the partner (HU-5).")
Play = _seat_card("Play", "``seat`` plays ``card`` to the trick (HU-7).")


class Annul(Value):
    """``seat``, entitled to the HU-4.1 annulment right after its discard, uses it (``True``) or
    not (``False``)."""

    __slots__ = ("seat", "annul")
    seat: int
    annul: bool

    def __init__(self, seat: int, annul: bool) -> None:
        init_field(self, "seat", seat)
        init_field(self, "annul", annul)

    def __str__(self) -> str:
        return f"{self.seat}:{'annul' if self.annul else 'no annulment'}"


def _seat_bonus(name: str, doc: str) -> type:
    """A value class ``name(seat, bonus)``."""

    def __init__(self, seat: int, bonus: str) -> None:
        init_field(self, "seat", seat)
        init_field(self, "bonus", bonus)

    def __str__(self) -> str:
        return f"{self.seat}:{name.lower()} {self.bonus}"

    return type(name, (Value,), {"__slots__": ("seat", "bonus"), "__doc__": doc, "__init__": __init__,
                                 "__str__": __str__, "__annotations__": {"seat": int, "bonus": str},
                                 "__module__": __name__})


Announce = _seat_bonus("Announce", "``seat`` announces ``bonus`` (``double_game``, ``volat``, ``trull``, "
                       "``four_kings``, ``pagat_ultimo``, ``xxi_catch``) for the side now speaking (HU-6).")
Kontra = _seat_bonus("Kontra", "``seat`` doubles the announced item ``bonus`` (``game`` for the game): kontra, "
                     "rekontra, … up to mordkontra, the sides alternating (HU-6).")


class DeclareTarokks(Value):
    """``seat`` declares that it holds ``count`` (8 or 9) tarokks (HU-6.3)."""

    __slots__ = ("seat", "count")
    seat: int
    count: int

    def __init__(self, seat: int, count: int) -> None:
        init_field(self, "seat", seat)
        init_field(self, "count", count)

    def __str__(self) -> str:
        return f"{self.seat}:{self.count} tarokks"


class Pass(Value):
    """``seat`` ends its turn of announcements (HU-6)."""

    __slots__ = ("seat",)
    seat: int

    def __init__(self, seat: int) -> None:
        init_field(self, "seat", seat)

    def __str__(self) -> str:
        return f"{self.seat}:pass"


class Trick(Value):
    """A completed trick: ``leader``, ``cards`` (``(seat, card)`` in playing order) and ``winner``."""

    __slots__ = ("leader", "cards", "winner")
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int

    def __init__(self, leader: int, cards: tuple[tuple[int, Card], ...], winner: int) -> None:
        init_field(self, "leader", leader)
        init_field(self, "cards", cards)
        init_field(self, "winner", winner)


ACTION_TYPES = (Bid, Discard, Annul, Call, Announce, Kontra, DeclareTarokks, Pass, Play)
