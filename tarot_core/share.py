"""Share codes: a daily game's moves in a short text that anyone can replay and verify.

Only your moves (seat 0) are stored: the cards come from the date (:mod:`tarot_core.daily`) and
the computer players are seeded and versioned (:mod:`tarot_core.ai`), so the rest of the match
follows. Each of your moves is stored as its index in the state's ``legal_actions()`` at that
moment (a move with a single legal choice stores nothing), all the indexes packed into one
mixed-radix integer. Game-independent: it uses the game protocol only.

**Format 1** — seven fields separated by dots::

    1.2026-11-30.4.8.-120.<moves>.<check>

format ``1``, the date, the number of players, the number of counted deals, your claimed match
score, the moves (the integer in big-endian bytes, base64url without padding; empty for 0) and a
check (the first 8 base64url characters of SHA-256 over everything before it, dot included). A
format-1 code names no game and no computer player: it is French Tarot against computer player
``v1``, and always will be.

**Format 2** — the same, with the game and the computer player's version after the format::

    2.french.v1.2026-11-30.4.8.-120.<moves>.<check>

:func:`encode` writes format 1 for French Tarot against ``v1`` (so that the codes shared so far
and the ones made now are the same text) and format 2 otherwise; :func:`verify` reads both, and a
format-2 code must name the player of that date's daily game (:func:`tarot_core.daily.daily_player`).

A format-2 code names a game that has a daily game (:data:`tarot_core.daily.DAILY_GAMES`):
``french`` (3, 4 or 5 players) or ``hungarian`` (Hungarian Tarokk, 4 or 5 players: the game's
``table_sizes``), and is replayed on that game's daily match of its date, the Hungarian one in
its fixed ``pagat`` profile (:func:`tarot_core.daily.daily_match`)::

    2.hungarian.v1.2026-11-30.4.2.-28.<moves>.<check>

At five Hungarian players the dealer sits each deal out (HU-9): a deal you deal holds no move of
yours.

**Format 3** — format 2 with the game's rules revision after the computer player, for a game
whose rules were corrected (``rules.revisions``: Hungarian Tarokk's revision 2 counts HU-3.1's
invitations from the hold and pays a failed trial three, HU-3.3;
:mod:`tarot_core.hungarian.state`)::

    3.hungarian.v1.2.2026-11-30.4.8.-28.<moves>.<check>

The revision is written in decimal digits, 2 or later (revision 1 has no format 3), and is a
revision the game knows. A format-1 or format-2 code carries no revision: it replays on the
game's revision 1 (every code made before revision 2 was made on it, and keeps verifying
exactly). :func:`encode` writes a match of revision 2 or later in format 2 when the same text
replays to the very same match on revision 1 (the same actions in every deal and the same
score sheet, as happens when no changed rule was crossed), so a code is the same text whichever
of the two produced it; otherwise in format 3.

The check catches accidental damage such as truncation; tampering is caught by the replay itself:
:func:`verify` replays the moves and rejects a code whose replay does not reach the claimed score.

**A daily result** (``verify(code, today)``, as the page reads a link, the leaderboard and an
imported history) is also the day's whole match — its number of counted deals is the daily's
length (:func:`tarot_core.daily.daily_deals`) — and dated no later than the day after the
reader's ``today``. The same result has one key whatever its text (format 1 or 2, white space):
:func:`result_key`.
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib

from .ai import choose_move
from .daily import daily_deals, daily_match, daily_of, daily_player, parse_date
from .errors import Message, TarotError, message_of
from .game import DEFAULT_GAME, YOU, get_game
from .match import Match
from .values import Value, init_field

#: The format of the codes this module writes for French Tarot against v1 (see the docstring).
VERSION = "1"
#: The format that names the game and the computer player.
VERSION_2 = "2"
#: The format that also names the game's rules revision.
VERSION_3 = "3"
MAX_DEALS = 64
_B64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


class ShareCodeError(TarotError, ValueError):
    """A share code that cannot be read, or whose replay does not match what it claims."""


class SharedResult(Value):
    """A verified share code: the replayed match and what the code claimed (equal, by then).
    The game is ``match.rules.id`` and the computer player ``match.player``."""

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


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _unb64(text: str) -> bytes:
    if any(c not in _B64_CHARS for c in text):
        raise ShareCodeError("the moves contain characters that are not base64url")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise ShareCodeError("the moves are not valid base64url") from None


def pack_indexes(pairs) -> str:
    """Pack choices into the text the share codes use for their moves: ``pairs`` is an iterable of
    ``(index, count)`` (a choice ``index`` among ``count`` options, ``0 <= index < count``), the
    first pair the least significant digit of one mixed-radix integer, written as its big-endian
    bytes in base64url without padding (``""`` for 0). :class:`IndexReader` reads it back.
    Raises ``IndexError`` for an index out of its range (a caller's mistake)."""
    value, radix = 0, 1
    for index, count in pairs:
        if not 0 <= index < count:
            raise IndexError(f"choice {index} is not one of {count}")
        value += index * radix
        radix *= count
    return _b64(value.to_bytes((value.bit_length() + 7) // 8, "big")) if value else ""


class IndexReader:
    """The choices :func:`pack_indexes` packed into ``text``, read back one at a time with
    :meth:`take` (given each choice's number of options, in the same order).

    Raises :class:`ShareCodeError` for text that is not base64url, or not written as
    :func:`pack_indexes` writes it (a leading zero byte, padding)."""

    def __init__(self, text: str) -> None:
        raw = _unb64(text)
        if raw[:1] == b"\0" or _b64(raw) != text:
            raise ShareCodeError("this share code has its moves written in a non-standard way")
        self.value = int.from_bytes(raw, "big")

    def take(self, count: int) -> int:
        """The next choice among ``count`` options (a choice of one option stores nothing)."""
        index, self.value = self.value % count, self.value // count
        return index

    @property
    def done(self) -> bool:
        """True when nothing is left to read (any further choice reads as 0)."""
        return self.value == 0


def _check(body: str) -> str:
    # A pasted code may hold any text, even a lone surrogate that UTF-8 cannot encode: it must read
    # as damaged (its check cannot match), not crash. A real code's body is ASCII: the same digest.
    return _b64(hashlib.sha256(body.encode("utf-8", "surrogatepass")).digest())[:8]


def _check_day(date: str, today: str | None) -> None:
    """Refuse a code of ``date`` (already read) dated later than the day after ``today``."""
    if today is not None and parse_date(date) > parse_date(today) + _dt.timedelta(days=1):
        raise ShareCodeError(Message("this share code is dated {date}, later than tomorrow on this device: "
                                     "that daily game cannot have been played yet", date=date))


def result_key(code: str) -> tuple[str, str, int, int]:
    """The result a share code stands for, whatever its text: ``(game, date, players, moves)``,
    ``moves`` the packed integer of your moves. The same result written in format 1 or 2 (French
    Tarot against ``v1``) or with white space around it has one key; the claimed score and the
    length follow from these once the code verifies (:func:`verify`). A format-3 code's game is
    written with its rules revision (``"hungarian/2"``): the same moves on another revision are
    another game (:func:`encode` writes format 3 only when they replay otherwise on revision 1).
    Reads the fields only (no replay, no check of the check): use it on codes that
    :func:`verify` accepted.

    Raises :class:`ShareCodeError` for text that is not laid out as a code of format 1, 2 or 3.
    """
    parts = code.strip().split(".") if isinstance(code, str) else []
    if parts[:1] == [VERSION_3] and len(parts) == 10:
        game, parts = f"{parts[1]}/{parts[3]}", parts[:1] + parts[4:]
    elif parts[:1] == [VERSION_2] and len(parts) == 9:
        game, parts = parts[1], parts[:1] + parts[3:]
    elif parts[:1] == [VERSION] and len(parts) == 7:
        game = DEFAULT_GAME
    else:
        raise ShareCodeError("this share code is incomplete or damaged")
    date, players = parts[1], parts[2]
    if not players or not set(players) <= set("0123456789"):
        raise ShareCodeError("this share code is incomplete or damaged")
    return game, date, int(players), int.from_bytes(_unb64(parts[5]), "big")


def _advance(match: Match) -> None:
    """Let the computer players act until it is your turn or the current deal ends."""
    game = match.current
    while game.turn is not None and game.turn != YOU:
        move = choose_move(game, match.current_seed, game.ply, version=match.player)
        game.apply(game.action_of(move))


def _replay(match: Match, moves: IndexReader) -> bool:
    """Play the fresh daily ``match`` to its end, your moves read from ``moves`` (each the index
    into ``legal_actions()``, as :func:`pack_indexes` packed them), the computer players' from
    their seeded choices; return True when the moves fit the game exactly (none left over)."""
    while True:
        _advance(match)
        state = match.current
        while state.turn == YOU:
            legal = state.legal_actions()
            state.apply(legal[moves.take(len(legal))])
            _advance(match)
        if match.is_over:
            return moves.done
        match.next_deal()


def encode(match: Match, date: str, *, format: str | None = None) -> str:
    """The share code of a finished daily ``match`` of ``date``.

    ``format``: ``"1"``, ``"2"`` or ``"3"``; by default format 1 for French Tarot against ``v1``,
    format 2 for another game or player on revision 1 (or no revision), and for a match of a
    later revision format 2 when its moves replay to the same match on revision 1, else format 3
    (the module docstring).

    Raises ``ValueError`` when the match is not over, when one of your moves is not among the
    listed legal actions (e.g. a poignée of a non-canonical choice of trumps), when the match is
    not that date's daily match of its game (its seed, first dealer and rule profile:
    :func:`tarot_core.daily.daily_match`), when format 1 is asked for another game or player, or
    when the format asked cannot carry the match's rules revision.
    """
    if not match.is_over:
        raise ValueError("only a finished match can be shared")
    plain = match.rules.id == DEFAULT_GAME and match.player == "v1"
    revised = match.revision is not None and match.revision != 1
    if (format not in (None, VERSION, VERSION_2, VERSION_3) or (format == VERSION and not plain)
            or (format == VERSION_3 and not revised)):
        raise ValueError(f"format {format!r} cannot carry a code of {match.rules.id} against {match.player}")
    replica = daily_match(date, match.players, match.deals_to_play, game=match.rules.id, revision=match.revision)
    if (match.seed, match.first_dealer, match.profile) != (replica.seed, replica.first_dealer, replica.profile):
        raise ValueError(f"the match is not the daily match of {date}")
    if replica.player != match.player:
        raise ValueError(f"the daily game of {date} is played against {replica.player}, not {match.player}")
    pairs = []
    for k, game in enumerate(match.games):
        if k:
            replica.next_deal()
        target = replica.current
        for action in game.history:
            if action.seat == YOU:
                legal = target.legal_actions()
                if action not in legal:
                    raise ValueError(f"move {action} is not one of the listed legal actions")
                pairs.append((legal.index(action), len(legal)))
            elif target.move_of(action) != choose_move(target, replica.current_seed, target.ply,
                                                       version=replica.player):
                raise ValueError(f"move {action} is not the computer player's: not a daily game as played here")
            target.apply(action)
    if replica.totals() != match.totals():
        raise ValueError("the match is not the daily match of that date")
    payload = pack_indexes(pairs)
    if revised and format != VERSION_3:
        # Format 2 replays on revision 1: only for moves that give the very same match there.
        old = daily_match(date, match.players, match.deals_to_play, game=match.rules.id, revision=1)
        same = _replay(old, IndexReader(payload)) and old.score_rows() == match.score_rows() and (
            [g.history for g in old.games] == [g.history for g in match.games])
        if format == VERSION_2 and not same:
            raise ValueError("format 2 cannot carry this match: it replays otherwise on revision 1")
        format = VERSION_2 if same else VERSION_3
    format = format or (VERSION if plain else VERSION_2)
    head = VERSION if format == VERSION else f"{VERSION_2}.{match.rules.id}.{match.player}"
    if format == VERSION_3:
        head = f"{VERSION_3}.{match.rules.id}.{match.player}.{match.revision}"
    body = f"{head}.{date}.{match.players}.{match.deals_to_play}.{match.totals()[YOU]}.{payload}"
    return f"{body}.{_check(body)}"


def verify(code: str, today: str | None = None) -> SharedResult:
    """Decode and replay a share code; return the verified result.

    ``today``: the reader's local date (ISO ``YYYY-MM-DD``: the page passes its own), to check the
    code as a daily result read on that day: it must be dated no later than the day after
    ``today`` (the sharer's day may already be tomorrow in another time zone, never later), and
    be the day's whole match, its number of counted deals the daily's length at its table size
    (:func:`tarot_core.daily.daily_deals`: FR-8, and 8 or 10 Hungarian deals; a shortened match
    of the day's deals is practice, never a daily result). ``None`` (the default) checks the code
    and its replay alone, as every code ever written always replayed (pinned codes of shortened
    matches among them): never use it to list or count a result.

    Raises :class:`ShareCodeError` with a sentence saying what is wrong: a damaged or truncated
    code, an unknown version, a game with no daily game (format 2 names ``french`` or
    ``hungarian``), a rules revision the game does not have (format 3), a bad field (e.g. a
    number of players that is not one of the game's table sizes), with ``today`` a date later
    than tomorrow or a length that is not the daily's, moves that do not fit the game, or a
    replay whose score differs from the one claimed. A bad ``today`` raises ``ValueError``.
    """
    if not isinstance(code, str):
        raise ShareCodeError("a share code is text")
    parts = code.strip().split(".")
    game, player = DEFAULT_GAME, "v1"  # what a format-1 code means
    revision_text = None  # what a format-1 or format-2 code means: the game's revision 1
    if parts[:1] == [VERSION_3] and len(parts) == 10:
        game, player, revision_text = parts[1], parts[2], parts[3]
        parts = parts[:1] + parts[4:]
    elif parts[:1] == [VERSION_3]:
        raise ShareCodeError("this share code is incomplete or damaged")
    elif parts[:1] == [VERSION_2] and len(parts) == 9:
        game, player = parts[1], parts[2]
        parts = parts[:1] + parts[3:]
    elif parts[:1] == [VERSION_2]:
        raise ShareCodeError(Message("this share code (version 2) is incomplete or damaged: it has {count} "
                                     "fields, not 9", count=len(parts)))
    if len(parts) != 7:
        raise ShareCodeError("this share code is incomplete or damaged")
    version, date, players_text, deals_text, score_text, payload, check = parts
    if version not in (VERSION, VERSION_2, VERSION_3):
        raise ShareCodeError(Message("unknown share code version {version}", version=repr(version)))
    body = code.strip().rsplit(".", 1)[0]
    if check != _check(body):
        raise ShareCodeError("this share code is damaged (its check does not match)")
    if not (set(game) <= _NAME_CHARS and set(player) <= _NAME_CHARS) or daily_of(game) is None:
        raise ShareCodeError(Message("this share code is of a game this program does not know ({game})",
                                     game=repr(game)))
    try:
        parse_date(date)
    except ValueError as e:
        raise ShareCodeError(Message("this share code has a bad field: {reason}", reason=message_of(e))) from None
    try:
        players, deals, score = int(players_text), int(deals_text), int(score_text)
    except ValueError:
        bad = next(t for t in (players_text, deals_text, score_text) if not _is_int(t))
        raise ShareCodeError(Message("this share code has a bad field: {value} is not a whole number",
                                     value=repr(bad))) from None
    if [players_text, deals_text, score_text] != [str(players), str(deals), str(score)]:
        raise ShareCodeError("this share code has a field written in a non-standard way")
    if players not in get_game(game).table_sizes or not 1 <= deals <= MAX_DEALS:
        raise ShareCodeError("this share code names an impossible game")
    _check_day(date, today)
    if today is not None and deals != daily_deals(players, game):
        raise ShareCodeError(Message("this share code is of a {deals}-deal match, but the daily game at {players} "
                                     "players is {full} deals: a shortened game is not a daily result",
                                     deals=deals, players=players, full=daily_deals(players, game)))
    expected = daily_player(date)
    if player != expected:
        raise ShareCodeError(Message("this share code was played against computer player {player}, but the "
                                     "daily game of {date} is played against {expected}", player=repr(player),
                                     date=date, expected=repr(expected)))
    revisions = getattr(get_game(game), "revisions", ())
    revision = 1 if revisions else None
    if revision_text is not None:
        if (not (revision_text.isascii() and revision_text.isdigit()) or len(revision_text) > 4
                or str(int(revision_text)) != revision_text):
            raise ShareCodeError("this share code has a field written in a non-standard way")
        revision = int(revision_text)
        if revision not in revisions or revision == 1:
            raise ShareCodeError("this share code names an impossible game")
    moves = IndexReader(payload)
    match = daily_match(date, players, deals, game=game, revision=revision)
    if not _replay(match, moves):
        raise ShareCodeError("this share code holds more moves than the game has")
    replayed = match.totals()[YOU]
    if replayed != score:
        raise ShareCodeError(Message("this share code claims {score:+d} but its moves score {replayed:+d}", score=score,
                                     replayed=replayed))
    return SharedResult(date, players, deals, score, match)
