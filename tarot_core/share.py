"""Share codes: a daily game's moves in a short text that anyone can replay and verify.

Only your moves (seat 0) are stored: the cards come from the date (:mod:`tarot_core.daily`) and
the computer players are seeded, so the rest of the match follows. Each of your moves is stored
as its index in :meth:`~tarot_core.french.FrenchDeal.legal_actions` at that moment (a move with a
single legal choice stores nothing), all the indexes packed into one mixed-radix integer.

**Format, version 1** — seven fields separated by dots::

    1.2026-11-30.4.8.-120.<moves>.<check>

version ``1``, the date, the number of players, the number of counted deals, your claimed match
score, the moves (the integer in big-endian bytes, base64url without padding; empty for 0) and a
check (the first 8 base64url characters of SHA-256 over everything before it, dot included). The
check catches accidental damage such as truncation; tampering is caught by the replay itself:
:func:`verify` replays the moves and rejects a code whose replay does not reach the claimed score.
"""

from __future__ import annotations

import base64
import hashlib

from .ai import choose_action
from .daily import daily_match, parse_date
from .match import Match
from .values import Value, init_field

VERSION = "1"
YOU = 0
MAX_DEALS = 64


class ShareCodeError(ValueError):
    """A share code that cannot be read, or whose replay does not match what it claims."""


class SharedResult(Value):
    """A verified share code: the replayed match and what the code claimed (equal, by then)."""

    __slots__ = ("date", "players", "deals", "score", "match")
    date: str
    players: int
    deals: int
    score: int
    match: Match

    def __init__(self, date: str, players: int, deals: int, score: int, match: Match) -> None:
        init_field(self, "date", date)
        init_field(self, "players", players)
        init_field(self, "deals", deals)
        init_field(self, "score", score)
        init_field(self, "match", match)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    if any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" for c in text):
        raise ShareCodeError("the moves contain characters that are not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise ShareCodeError("the moves are not valid base64url") from None


def _check(body: str) -> str:
    return _b64(hashlib.sha256(body.encode()).digest())[:8]


def _advance(match: Match) -> None:
    """Let the computer players act until it is your turn or the current deal ends."""
    game = match.current
    while game.turn is not None and game.turn != YOU:
        game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))


def encode(match: Match, date: str) -> str:
    """The share code of a finished daily ``match`` of ``date``.

    Raises ``ValueError`` when the match is not over, or when one of your moves is not among the
    listed legal actions (e.g. a poignée of a non-canonical choice of trumps).
    """
    if not match.is_over:
        raise ValueError("only a finished match can be shared")
    replica = daily_match(date, match.players, match.deals_to_play)
    value, radix = 0, 1
    for k, game in enumerate(match.games):
        if k:
            replica.next_deal()
        target = replica.current
        for action in game.history:
            if action.seat == YOU:
                legal = target.legal_actions()
                if action not in legal:
                    raise ValueError(f"move {action} is not one of the listed legal actions")
                value += legal.index(action) * radix
                radix *= len(legal)
            elif action != choose_action(target.view(action.seat), replica.current_seed, len(target.history)):
                raise ValueError(f"move {action} is not the computer player's: not a daily game as played here")
            target.apply(action)
    if replica.totals() != match.totals():
        raise ValueError("the match is not the daily match of that date")
    payload = _b64(value.to_bytes((value.bit_length() + 7) // 8, "big")) if value else ""
    body = f"{VERSION}.{date}.{match.players}.{match.deals_to_play}.{match.totals()[YOU]}.{payload}"
    return f"{body}.{_check(body)}"


def verify(code: str) -> SharedResult:
    """Decode and replay a share code; return the verified result.

    Raises :class:`ShareCodeError` with a sentence saying what is wrong: a damaged or truncated
    code, an unknown version, a bad field, moves that do not fit the game, or a replay whose
    score differs from the one claimed.
    """
    if not isinstance(code, str):
        raise ShareCodeError("a share code is text")
    parts = code.strip().split(".")
    if len(parts) != 7:
        raise ShareCodeError("this share code is incomplete or damaged")
    version, date, players_text, deals_text, score_text, payload, check = parts
    if version != VERSION:
        raise ShareCodeError(f"unknown share code version {version!r}")
    body = code.strip().rsplit(".", 1)[0]
    if check != _check(body):
        raise ShareCodeError("this share code is damaged (its check does not match)")
    try:
        parse_date(date)
        players, deals, score = int(players_text), int(deals_text), int(score_text)
    except ValueError as e:
        raise ShareCodeError(f"this share code has a bad field: {e}") from None
    if [players_text, deals_text, score_text] != [str(players), str(deals), str(score)]:
        raise ShareCodeError("this share code has a field written in a non-standard way")
    if players not in (3, 4, 5) or not 1 <= deals <= MAX_DEALS:
        raise ShareCodeError("this share code names an impossible game")
    raw = _unb64(payload)
    if raw[:1] == b"\0" or _b64(raw) != payload:
        raise ShareCodeError("this share code has its moves written in a non-standard way")
    value = int.from_bytes(raw, "big")
    match = daily_match(date, players, deals)
    while True:
        _advance(match)
        game = match.current
        while game.turn == YOU:
            legal = game.legal_actions()
            index, value = value % len(legal), value // len(legal)
            game.apply(legal[index])
            _advance(match)
        if match.is_over:
            break
        match.next_deal()
    if value:
        raise ShareCodeError("this share code holds more moves than the game has")
    replayed = match.totals()[YOU]
    if replayed != score:
        raise ShareCodeError(f"this share code claims {score:+d} but its moves score {replayed:+d}")
    return SharedResult(date, players, deals, score, match)
