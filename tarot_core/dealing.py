"""Seeded, reproducible dealing (FR-2).

The generator is specified here so that any implementation can reproduce a deal from its seed;
it uses no part of Python's :mod:`random` module, whose algorithms are implementation details.

**Random stream** (:class:`DealRng`, version label ``tarot-core/deal/v1``): block ``k`` (k = 0,
1, 2, …) is ``SHA-256(label + "|" + seed + "|" + str(k))`` over UTF-8 bytes, where ``seed`` is
the seed's text (an ``int`` is written in decimal). Each 32-byte block is read as eight unsigned
32-bit big-endian words, used in order. ``below(n)`` draws words until one is below
``2**32 - (2**32 % n)`` and returns it modulo ``n`` (rejection sampling: exactly uniform).

**Shuffle**: start from :data:`tarot_core.cards.DECK` (canonical order) and run the Fisher–Yates
shuffle ``for i from 77 down to 1: j = below(i + 1); swap(i, j)``.

**Deal** (FR-2.1): the shuffled pack is dealt from its start in packets of 3 cards (4 at three
players) to the seats in playing order starting with the dealer's right (seat ``dealer + 1``).
The chien receives one card at a time, right after packet number ``(i + 1) * P // (C + 1)`` for
``i = 0 … C-1`` (P packets, C chien cards), so never the first or the last card of the pack.
"""

from __future__ import annotations

import hashlib

from .cards import DECK, Card, format_cards, sorted_hand
from .contracts import DEAL_SIZES
from .values import Value, init_field

RNG_LABEL = "tarot-core/deal/v1"


class DealRng:
    """The seeded random stream described in the module docstring.

    Args:
        seed: an ``int`` or ``str``; the same seed always gives the same stream.
        label: the version label; change it only to define a new, separate stream.
    """

    def __init__(self, seed: int | str, label: str = RNG_LABEL) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise TypeError(f"seed must be an int or a str, got {type(seed).__name__}")
        self._prefix = f"{label}|{seed}|".encode()
        self._block = 0
        self._words: list[int] = []

    def word(self) -> int:
        """The next unsigned 32-bit word of the stream."""
        if not self._words:
            digest = hashlib.sha256(self._prefix + str(self._block).encode()).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i:i + 4], "big") for i in range(28, -1, -4)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (``1 <= n <= 2**32``); ``ValueError`` otherwise."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"below(n) needs 1 <= n <= 2**32, got {n}")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            w = self.word()
            if w < limit:
                return w % n

    def shuffle(self, items: list) -> None:
        """Fisher–Yates shuffle of ``items`` in place, as specified in the module docstring."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


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

    __slots__ = ("players", "dealer", "hands", "chien")
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
