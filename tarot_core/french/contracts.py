"""Contracts, sides and poignée sizes of French Tarot, with the FFT tables that go with them.

Rule ids refer to ``docs/rules/french-tarot.md``.
"""

from __future__ import annotations

import enum


class Contract(enum.Enum):
    """The four contracts, low to high (FR-3). The value is the text name used in records and
    on the command line."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"

    # level, multiplier and chien_seen are read in every simulated deal: each member keeps them
    # as plain attributes (set below the class), since reading an Enum member by name or hashing
    # one costs several hundred nanoseconds in CPython 3.11.

    @property
    def level(self) -> int:
        """0..3, low to high; a bid must be of a higher level than every bid before it (FR-3)."""
        return self._level

    @property
    def multiplier(self) -> int:
        """×1, ×2, ×4, ×6 (FR-3)."""
        return self._multiplier

    @property
    def chien_seen(self) -> bool:
        """True for prise and garde: the chien is shown and the taker makes an écart (FR-4.1)."""
        return self._chien_seen

    @property
    def label(self) -> str:
        """The French name shown to players: "Prise", "Garde", "Garde sans", "Garde contre"."""
        return _LABELS[self]

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """The contract named ``text`` (``"garde_sans"``, case-insensitive; ``-`` and spaces are
        accepted for ``_``). Raises ``ValueError`` naming the text otherwise."""
        key = str(text).strip().lower().replace("-", "_").replace(" ", "_")
        for c in cls:
            if c.value == key:
                return c
        raise ValueError(f"unknown contract {text!r} (expected prise, garde, garde_sans or garde_contre)")


_ORDER = (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE)
_MULTIPLIERS = {Contract.PRISE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}
for _level, _contract in enumerate(_ORDER):
    _contract._level = _level
    _contract._multiplier = _MULTIPLIERS[_contract]
    _contract._chien_seen = _level < 2
del _level, _contract
_LABELS = {Contract.PRISE: "Prise", Contract.GARDE: "Garde", Contract.GARDE_SANS: "Garde sans",
           Contract.GARDE_CONTRE: "Garde contre"}


class Side(enum.Enum):
    """The two sides of a deal: the attack (taker, and partner at 5) and the defence."""

    ATTACK = "attack"
    DEFENCE = "defence"

    @property
    def other(self) -> "Side":
        """The opposite side."""
        return Side.DEFENCE if self is Side.ATTACK else Side.ATTACK


class PoigneeSize(enum.Enum):
    """Simple, double or triple poignée (FR-4.4)."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def bonus(self) -> int:
        """20, 30 or 40 points, never multiplied (FR-4.4)."""
        return _POIGNEE_BONUS[self]

    def threshold(self, players: int) -> int:
        """How many trumps are shown for this size at a table of ``players`` (3, 4 or 5), FR-4.4.

        Raises ``ValueError`` for another number of players.
        """
        try:
            return POIGNEE_THRESHOLDS[players][self]
        except KeyError:
            raise ValueError(f"no poignée thresholds for {players} players (3, 4 or 5)") from None


_POIGNEE_BONUS = {PoigneeSize.SIMPLE: 20, PoigneeSize.DOUBLE: 30, PoigneeSize.TRIPLE: 40}

#: FR-4.4 thresholds by number of players.
POIGNEE_THRESHOLDS: dict[int, dict[PoigneeSize, int]] = {
    3: {PoigneeSize.SIMPLE: 13, PoigneeSize.DOUBLE: 15, PoigneeSize.TRIPLE: 18},
    4: {PoigneeSize.SIMPLE: 10, PoigneeSize.DOUBLE: 13, PoigneeSize.TRIPLE: 15},
    5: {PoigneeSize.SIMPLE: 8, PoigneeSize.DOUBLE: 10, PoigneeSize.TRIPLE: 13},
}

#: FR-7.1 target in points by number of bouts (0..3) held by the taker's side.
TARGETS: tuple[int, int, int, int] = (56, 51, 41, 36)

#: FR-2.2 (cards per player, chien size) by number of players.
DEAL_SIZES: dict[int, tuple[int, int]] = {3: (24, 6), 4: (18, 6), 5: (15, 3)}
