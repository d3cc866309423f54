"""Seeded, reproducible dealing of Hungarian Tarokk (HU-2).

Specified here so that any implementation can reproduce a deal from its seed:

**Random stream**: :class:`tarot_core.rng.DealRng` with the label :data:`DEAL_LABEL`
(``tarot-core/hungarian-deal/v1``), so that a seed deals unrelated French and Hungarian games.

**Shuffle**: start from :data:`tarot_core.hungarian.cards.DECK` (its canonical order) and run the
Fisher–Yates shuffle ``for i from 41 down to 1: j = below(i + 1); swap(i, j)``.

**Deal** (HU-2): the first 6 cards of the shuffled pack are the talon; then each active player, in
playing order from the forehand (seat ``dealer + 1``), receives 5 cards, and then each 4 more, so
9 each. At five players the dealer sits out (HU-9): the four others are dealt, and the dealer's
hand is empty.
"""

from __future__ import annotations

from ..rng import DealRng
from ..values import Value, init_field
from .cards import DECK, Card, format_cards, sorted_hand

__all__ = ["DEAL_LABEL", "TALON_SIZE", "HAND_SIZE", "Deal", "active_seats", "shuffled_deck",
           "deal_from_pack", "deal"]

DEAL_LABEL = "tarot-core/hungarian-deal/v1"
TALON_SIZE = 6
HAND_SIZE = 9


def active_seats(players: int, dealer: int) -> tuple[int, ...]:
    """The seats that play the deal, in playing order from the forehand (HU-2): all four at four
    players; at five, the four others than the dealer (HU-9). Raises ``ValueError`` for a table
    size other than 4 or 5 or a dealer who is not a seat."""
    if players not in (4, 5):
        raise ValueError(f"Hungarian Tarokk is played by 4 or 5 players, not {players!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer seat {dealer!r} is not a seat of a {players}-player table")
    return tuple((dealer + k) % players for k in range(1, 5))


class Deal(Value):
    """The cards of one deal before any bid.

    Attributes:
        players: 4 or 5.
        dealer: the dealer's seat (0-based); the forehand, seat ``(dealer + 1) % players``, bids
            and leads first.
        hands: one tuple of cards per seat, sorted for display (the dealer's is empty at five).
        talon: the six talon cards, in the order they were dealt (the declarer takes them from
            the start, HU-4).

    Raises ``ValueError`` when built from fields that are not a deal: a table size other than 4
    or 5, a dealer who is not a seat, hands or talon of the wrong sizes, a card missing or dealt
    twice.
    """

    __slots__ = ("players", "dealer", "hands", "talon")
    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]

    def __init__(self, players: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
                 talon: tuple[Card, ...]) -> None:
        active = active_seats(players, dealer)
        if len(hands) != players or any(len(hands[s]) != (HAND_SIZE if s in active else 0)
                                        for s in range(players)):
            raise ValueError(f"a {players}-player deal has four hands of {HAND_SIZE} cards"
                             + (" and the dealer's empty one" if players == 5 else ""))
        if len(talon) != TALON_SIZE:
            raise ValueError(f"the talon has {TALON_SIZE} cards, not {len(talon)}")
        seen = [c for h in hands for c in h] + list(talon)
        if len(set(seen)) != 42 or len(seen) != 42:
            raise ValueError("a deal must hold each of the 42 cards exactly once")
        init_field(self, "players", players)
        init_field(self, "dealer", dealer)
        init_field(self, "hands", tuple(tuple(h) for h in hands))
        init_field(self, "talon", tuple(talon))

    @property
    def active(self) -> tuple[int, ...]:
        """The seats playing this deal, from the forehand (:func:`active_seats`)."""
        return active_seats(self.players, self.dealer)

    def notation(self) -> dict[str, object]:
        """A JSON-ready summary in HU-1 notation: ``{"players", "dealer", "hands": [str, …],
        "talon": str}``."""
        return {"players": self.players, "dealer": self.dealer, "hands": [format_cards(h) for h in self.hands],
                "talon": format_cards(self.talon)}


def shuffled_deck(seed: int | str) -> list[Card]:
    """The 42 cards shuffled by the seeded stream (see the module docstring)."""
    cards = list(DECK)
    DealRng(seed, label=DEAL_LABEL).shuffle(cards)
    return cards


def deal_from_pack(pack: list[Card], players: int = 4, dealer: int = 0) -> Deal:
    """Deal an ordered pack of the 42 cards as HU-2 says (module docstring).

    Raises ``ValueError`` for a pack that is not the 42 cards, or a bad ``players``/``dealer``.
    """
    active = active_seats(players, dealer)
    if len(pack) != 42 or set(pack) != set(DECK):
        raise ValueError("a pack is the 42 cards, each once")
    hands: list[list[Card]] = [[] for _ in range(players)]
    pos = TALON_SIZE
    for packet in (5, 4):
        for seat in active:
            hands[seat] += pack[pos:pos + packet]
            pos += packet
    return Deal(players, dealer, tuple(tuple(sorted_hand(h)) for h in hands), tuple(pack[:TALON_SIZE]))


def deal(seed: int | str, players: int = 4, dealer: int = 0) -> Deal:
    """The deal for ``seed``: :func:`shuffled_deck` dealt by :func:`deal_from_pack`. The same
    ``(seed, players, dealer)`` always gives the same deal, in CPython and Pyodide."""
    return deal_from_pack(shuffled_deck(seed), players, dealer)
