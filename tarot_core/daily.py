"""The daily game: a match whose deals come only from the calendar date.

Everyone who plays on the same date gets the same hands in the same seats, and the computer
players' choices are seeded by the same text, so the same moves always give the same result.

**Specification (version 1, never changed for a past date).** The French Tarot daily match
(``game="french"``, the default) of date ``D`` (ISO ``YYYY-MM-DD``) at ``P`` players is
:class:`tarot_core.match.Match` with seed ``"tarot-daily/v1/" + D + "/" + str(P)`` and the dealer of the first deal on your left (seat
``P - 1``), so that you (seat 0) speak first. Deal ``k`` (0-based, thrown-in deals included) is
therefore dealt from the seed text ``seed + "/" + str(k)`` by :func:`tarot_core.french.dealing.deal`:
SHA-256 of ``"tarot-core/deal/v1|" + text + "|" + block`` as the random stream, a Fisher–Yates
shuffle of the canonical pack, then the packet deal — specified in :mod:`tarot_core.rng` and
:mod:`tarot_core.french.dealing`, with no part of Python's :mod:`random` involved. The computer player
at seat ``s`` uses the stream of ``text + "|" + s + "|" + step`` (:mod:`tarot_core.ai`).

**Hungarian Tarokk (specification version 1, never changed for a past date).** The Hungarian
daily match of date ``D`` at ``P`` players (4, the default, or 5: :data:`DAILY_PLAYERS_OF`) is
:class:`tarot_core.match.Match` of game ``"hungarian"`` with seed
``"tarot-daily/v1/hungarian/" + D + "/" + str(P)``, rule profile ``"pagat"`` always (HU-10:
:data:`DAILY_PROFILE`; the ``"tournament"`` profile has no daily game), the dealer of the first
deal on your left (seat ``P - 1``; at five players that dealer sits the deal out, HU-9, and you
are the forehand either way) and the game's counted deals by default
(:data:`tarot_core.hungarian.rules.COUNTED_DEALS`: 8 at four players, 10 at five). Deal ``k``
(0-based, all-pass and annulled deals included: the same dealer redeals them, HU-3, HU-4.1) is
dealt from the seed text ``seed + "/" + str(k)`` by :func:`tarot_core.hungarian.dealing.deal`
(its own SHA-256 stream label ``tarot-core/hungarian-deal/v1``, a Fisher–Yates shuffle of the
42 cards, the talon first, then 5 and 4 cards to each active player from the forehand), and each
deal's multiplier follows the match (HU-8.4). The match plays the rules revision it is given
(:data:`tarot_core.hungarian.state.REVISIONS`), by default the newest: a daily played now is
revision 2, and the results and share codes made before revision 2 replay on revision 1 (which
:mod:`tarot_core.share` reads from the code). The computer player at seat ``s`` is seeded as for
French Tarot, by ``text + "|" + s + "|" + step`` (:mod:`tarot_core.hungarian.ai_v1`), at the
Hungarian version of the date (:func:`daily_player`: the version table is shared by the two
games, and each of its versions exists for both). The French seed text has no game in
it and keeps it, so that every French daily of the past deals as it always did.

**The computer players of a date.** The daily game of a date is always played against the
version of the computer player that was current on that date (:func:`daily_player`, from
:data:`DAILY_PLAYERS_FROM`), so that its results and share codes verify forever: a new version
only ever applies from a date after the day it is published.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from .errors import Message
from .game import DEFAULT_GAME, DailyGame, game_ids, get_game
from .match import Match

DAILY_LABEL = "tarot-daily/v1"
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: The French daily's default table size (and the default of :func:`daily_seed` and
#: :func:`daily_match`, whatever the game).
DAILY_PLAYERS = 4

# Each game registers its daily game with its rules (``rules.daily``, a
# :class:`tarot_core.game.DailyGame`: its default table size, its rule profile, whether its seed
# names the game); this module holds no game's. The tables below are read from the registry on
# first use (module ``__getattr__``), for the callers that read them:
#
# * ``DAILY_GAMES``: the ids of the games that have a daily game (``("french", "hungarian")``);
# * ``DAILY_PLAYERS_OF``: the default table size of each game's daily game;
# * ``DAILY_PROFILE``: the rule profile of each game's daily game, for the games that have
#   profiles (fixed by the specification: a daily game of a date never changes).


def daily_games() -> tuple[str, ...]:
    """The ids of the registered games that have a daily game, sorted (loads every game)."""
    return tuple(g for g in game_ids() if get_game(g).daily is not None)


def __getattr__(name: str) -> Any:
    if name == "DAILY_GAMES":
        return daily_games()
    if name == "DAILY_PLAYERS_OF":
        return {g: get_game(g).daily.players for g in daily_games()}
    if name == "DAILY_PROFILE":
        return {g: get_game(g).daily.profile for g in daily_games() if get_game(g).daily.profile is not None}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
        raise ValueError(Message("not a date (YYYY-MM-DD): {value}", value=repr(text))) from None


def daily_of(game: Any) -> DailyGame | None:
    """The daily game of the registered game ``game`` (``rules.daily``), or ``None`` when ``game``
    is no registered id or has no daily game. Loads that game only."""
    if not isinstance(game, str) or game not in game_ids():
        return None
    return get_game(game).daily


def _check_game(game: str) -> DailyGame:
    daily = daily_of(game)
    if daily is None:
        raise ValueError(Message("no daily game of {game} (known: {known})", game=repr(game),
                                 known=", ".join(daily_games())))
    return daily


def daily_seed(date: _dt.date | str, players: int = DAILY_PLAYERS, game: str = DEFAULT_GAME) -> str:
    """The match seed of the daily game of ``date`` at ``players`` of ``game`` (see the module
    docstring): ``"tarot-daily/v1/2026-11-30/4"`` for French Tarot,
    ``"tarot-daily/v1/hungarian/2026-11-30/4"`` for Hungarian Tarokk.

    Raises ``ValueError`` for a bad date or a game with no daily game (``players`` is not
    checked here: :func:`daily_match` does).
    """
    daily = _check_game(game)
    day = parse_date(date) if isinstance(date, str) else date
    if not daily.named:
        return f"{DAILY_LABEL}/{day.isoformat()}/{players}"
    return f"{DAILY_LABEL}/{game}/{day.isoformat()}/{players}"


def daily_player(date: _dt.date | str) -> str:
    """The computer player version of the daily game of ``date`` (``"v1"``).

    Raises ``ValueError`` for a bad date.
    """
    day = (parse_date(date) if isinstance(date, str) else date).isoformat()
    return [version for first, version in DAILY_PLAYERS_FROM if first <= day][-1]


def daily_deals(players: int = DAILY_PLAYERS, game: str = DEFAULT_GAME) -> int:
    """The length of ``game``'s daily match at ``players``, in counted deals: always the game's
    whole match (FR-8 for French Tarot: 9, 8, 10 at 3, 4, 5 players; Hungarian Tarokk: 8 at four,
    10 at five). A daily result is only ever one of this length: a shorter or longer match of
    the day's deals is practice (:func:`tarot_core.share.verify` refuses its code).

    Raises ``ValueError`` for a game with no daily game or a table size it is not played at.
    """
    _check_game(game)
    counted = get_game(game).counted_deals
    if players not in counted:
        raise ValueError(Message("no daily game of {game} at {players} players", game=repr(game), players=players))
    return counted[players]


def daily_match(date: _dt.date | str, players: int = DAILY_PLAYERS, deals_to_play: int | None = None,
                game: str = DEFAULT_GAME, revision: int | None = None) -> Match:
    """The daily match of ``date`` at ``players`` of ``game``, its computer players at the
    version of that date (:func:`daily_player`).

    ``game``: ``"french"`` (3, 4 or 5 players; 4 by default) or ``"hungarian"`` (4 or 5; 4 by
    default; always in the rule profile its ``rules.daily`` gives, ``"pagat"``).
    ``deals_to_play``: counted deals, by default the game's match length. ``revision``: the
    game's rules revision (Hungarian Tarokk: 1 or 2, by default the newest; ``None`` for a game
    without revisions).

    Raises ``ValueError`` for a bad date, number of players, game or revision.
    """
    daily = _check_game(game)
    return Match(players, daily_seed(date, players, game), deals_to_play=deals_to_play,
                 first_dealer=players - 1, game=game, player=daily_player(date),
                 profile=daily.profile, revision=revision)
