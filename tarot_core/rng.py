"""The seeded random stream shared by every game: deals, computer players, daily games.

It uses no part of Python's :mod:`random` module, whose algorithms are implementation details, so
the same seed gives the same stream in CPython and in Pyodide, today and in any later version.

**Specification** (:class:`DealRng`, version label ``tarot-core/deal/v1`` by default): block ``k``
(k = 0, 1, 2, …) is ``SHA-256(label + "|" + seed + "|" + str(k))`` over UTF-8 bytes, where
``seed`` is the seed's text (an ``int`` is written in decimal). Each 32-byte block is read as
eight unsigned 32-bit big-endian words, used in order. ``below(n)`` draws words until one is
below ``2**32 - (2**32 % n)`` and returns it modulo ``n`` (rejection sampling: exactly uniform).
``shuffle(items)`` is the Fisher–Yates shuffle ``for i from len-1 down to 1: j = below(i + 1);
swap(i, j)``.
"""

from __future__ import annotations

import hashlib
from struct import Struct

__all__ = ["DealRng", "RNG_LABEL"]

RNG_LABEL = "tarot-core/deal/v1"
_EIGHT_WORDS = Struct(">8I")  # a block: eight unsigned 32-bit big-endian words


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
            self._words = list(_EIGHT_WORDS.unpack(digest))
            self._words.reverse()  # popped from the end: the first word first
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
