"""The daily game: a match whose deals come only from the calendar date.

Everyone who plays on the same date gets the same hands in the same seats, and the computer
players' choices are seeded by the same text, so the same moves always give the same result.

**Specification (version 1, never changed for a past date).** The daily match of date ``D``
(ISO ``YYYY-MM-DD``) at ``P`` players is :class:`tarot_core.match.Match` with seed
``"tarot-daily/v1/" + D + "/" + str(P)`` and the dealer of the first deal on your left (seat
``P - 1``), so that you (seat 0) speak first. Deal ``k`` (0-based, thrown-in deals included) is
therefore dealt from the seed text ``seed + "/" + str(k)`` by :func:`tarot_core.dealing.deal`:
SHA-256 of ``"tarot-core/deal/v1|" + text + "|" + block`` as the random stream, a Fisher–Yates
shuffle of the canonical pack, then the packet deal — specified in :mod:`tarot_core.rng` and
:mod:`tarot_core.french.dealing`, with no part of Python's :mod:`random` involved. The computer player
at seat ``s`` uses the stream of ``text + "|" + s + "|" + step`` (:mod:`tarot_core.ai`).

**The computer players of a date.** The daily game of a date is always played against the
version of the computer player that was current on that date (:func:`daily_player`, from
:data:`DAILY_PLAYERS_FROM`), so that its results and share codes verify forever: a new version
only ever applies from a date after the day it is published.
"""

from __future__ import annotations

import datetime as _dt
import re

from .match import Match

DAILY_LABEL = "tarot-daily/v1"
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
DAILY_PLAYERS = 4

#: ``(first date, computer player version)``, oldest first: the daily game of a date is played
#: against the last version whose first date is on or before it. Only ever appended to, with a
#: date after the day of the change.
DAILY_PLAYERS_FROM: tuple[tuple[str, str], ...] = (("0001-01-01", "v1"),)


def parse_date(text: str) -> _dt.date:
    """A date from ISO ``YYYY-MM-DD`` text. Raises ``ValueError`` naming the text otherwise."""
    try:
        if not isinstance(text, str) or not _ISO_DATE.fullmatch(text):
            raise ValueError
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"not a date (YYYY-MM-DD): {text!r}") from None


def daily_seed(date: _dt.date | str, players: int = DAILY_PLAYERS) -> str:
    """The match seed of the daily game of ``date`` (see the module docstring)."""
    day = parse_date(date) if isinstance(date, str) else date
    return f"{DAILY_LABEL}/{day.isoformat()}/{players}"


def daily_player(date: _dt.date | str) -> str:
    """The computer player version of the daily game of ``date`` (``"v1"``).

    Raises ``ValueError`` for a bad date.
    """
    day = (parse_date(date) if isinstance(date, str) else date).isoformat()
    return [version for first, version in DAILY_PLAYERS_FROM if first <= day][-1]


def daily_match(date: _dt.date | str, players: int = DAILY_PLAYERS, deals_to_play: int | None = None,
                game: str = "french") -> Match:
    """The daily match of ``date`` at ``players`` (3, 4 or 5; 4 by default) of ``game``, its
    computer players at the version of that date (:func:`daily_player`).

    Raises ``ValueError`` for a bad date, number of players or game.
    """
    return Match(players, daily_seed(date, players), deals_to_play=deals_to_play, first_dealer=players - 1,
                 game=game, player=daily_player(date))
