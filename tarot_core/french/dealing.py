"""Seeded, reproducible dealing (FR-2).

The generator is specified here so that any implementation can reproduce a deal from its seed;
it uses no part of Python's :mod:`random` module, whose algorithms are implementation details.

**Random stream**: :class:`tarot_core.rng.DealRng` with its default label ``tarot-core/deal/v1``
(specified in :mod:`tarot_core.rng`): SHA-256 blocks of ``label|seed|k`` read as 32-bit words,
``below(n)`` by rejection sampling.

**Shuffle**: start from :data:`tarot_core.french.cards.DECK` (canonical order) and run the Fisher–Yates
shuffle ``for i from 77 down to 1: j = below(i + 1); swap(i, j)``.

**Deal** (FR-2.1): the shuffled pack is dealt from its start in packets of 3 cards (4 at three
players) to the seats in playing order starting with the dealer's right (seat ``dealer + 1``).
The chien receives one card at a time, right after packet number ``(i + 1) * P // (C + 1)`` for
``i = 0 … C-1`` (P packets, C chien cards), so never the first or the last card of the pack.
"""

from __future__ import annotations

from ..rng import DealRng
from .cards import DECK, Card, format_cards, sorted_hand
from .contracts import DEAL_SIZES
from ..values import Value, init_field


class Deal(Value):
    """The cards of one deal before any bid.

    Attributes:
        players: 3, 4 or 5.
        dealer: the dealer's seat (0-based; seat ``(dealer + 1) % players`` speaks first).
        hands: one tuple of cards per seat, sorted for display.
        chien: the chien's cards, in the order they were dealt.

    Raises:
        ValueError: when built from fields that are not a deal: a table size other than 3, 4 or
            5, a dealer who is not a seat, hands or chien of the wrong sizes (FR-2), or a card
            missing or dealt twice.
    """

    # ``_start`` is the engine's cache of the dealt cards in its compact form (filled by
    # :class:`~tarot_core.french.state.FrenchDeal` on first use; not a field).
    __slots__ = ("players", "dealer", "hands", "chien", "_start")
    _fields = ("players", "dealer", "hands", "chien")
    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    chien: tuple[Card, ...]

    def __init__(self, players: int, dealer: int, hands: tuple[tuple[Card, ...], ...],
                 chien: tuple[Card, ...]) -> None:
        if players not in DEAL_SIZES:
            raise ValueError(f"players must be 3, 4 or 5, got {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer seat {dealer} is not a seat of a {players}-player table")
        each, chien_size = DEAL_SIZES[players]
        if len(hands) != players or any(len(h) != each for h in hands):
            raise ValueError(f"a {players}-player deal has {players} hands of {each} cards")
        if len(chien) != chien_size:
            raise ValueError(f"a {players}-player deal has a chien of {chien_size} cards")
        seen = [c for h in hands for c in h] + list(chien)
        if len(set(seen)) != 78:
            raise ValueError("a deal must hold each of the 78 cards exactly once")
        init_field(self, "players", players)
        init_field(self, "dealer", dealer)
        init_field(self, "hands", hands)
        init_field(self, "chien", chien)

    def petit_sec_seat(self) -> int | None:
        """The first seat (from the dealer's right) holding the Petit sec, or ``None`` (FR-2.3).

        Petit sec: the Petit is the player's only trump and they do not hold the Excuse.
        """
        for k in range(1, self.players + 1):
            seat = (self.dealer + k) % self.players
            hand = self.hands[seat]
            trumps = [c for c in hand if c.is_trump]
            if len(trumps) == 1 and trumps[0].rank == 1 and not any(c.is_excuse for c in hand):
                return seat
        return None

    def notation(self) -> dict[str, object]:
        """A JSON-ready summary: ``{"players", "dealer", "hands": [str, …], "chien": str}`` in
        FR-1.1 notation."""
        return {
            "players": self.players,
            "dealer": self.dealer,
            "hands": [format_cards(h) for h in self.hands],
            "chien": format_cards(self.chien),
        }


def shuffled_deck(seed: int | str) -> list[Card]:
    """The 78 cards shuffled by the seeded generator (see the module docstring)."""
    cards = list(DECK)
    DealRng(seed).shuffle(cards)
    return cards


def deal_from_pack(pack: list[Card], players: int = 4, dealer: int = 0) -> Deal:
    """Deal an ordered pack of 78 cards by the FR-2.1 pattern of the module docstring.

    Raises ``ValueError`` for a pack that is not the 78 cards, or a bad ``players``/``dealer``.
    """
    if players not in DEAL_SIZES:
        raise ValueError(f"players must be 3, 4 or 5, got {players}")
    if len(pack) != 78:
        raise ValueError(f"a pack has 78 cards, got {len(pack)}")
    each, chien_size = DEAL_SIZES[players]
    packet = 4 if players == 3 else 3
    n_packets = players * each // packet
    chien_after = [(i + 1) * n_packets // (chien_size + 1) for i in range(chien_size)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    chien: list[Card] = []
    pos = 0
    for p in range(n_packets):
        seat = (dealer + 1 + p) % players
        hands[seat].extend(pack[pos:pos + packet])
        pos += packet
        for _ in range(chien_after.count(p + 1)):
            chien.append(pack[pos])
            pos += 1
    return Deal(players, dealer, tuple(tuple(sorted_hand(h)) for h in hands), tuple(chien))


def deal(seed: int | str, players: int = 4, dealer: int = 0) -> Deal:
    """The deal for ``seed``: :func:`shuffled_deck` dealt by :func:`deal_from_pack`.

    The same ``(seed, players, dealer)`` always gives the same deal, in CPython and Pyodide.
    """
    return deal_from_pack(shuffled_deck(seed), players, dealer)
