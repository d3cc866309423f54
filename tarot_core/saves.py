"""Saved games, history, statistics and their export — over any key-value storage.

The page keeps everything in the browser's ``localStorage``; this module holds the logic and
takes the storage as a small :class:`Storage` object, so it runs and is tested in CPython too.

Keys (all text values, JSON):

====================  ============================================================================
``tarot.save``        the game in progress: ``{"schema": 1, "kind": "tarot-save", "mode":
                      "daily" | "free", "date": "YYYY-MM-DD" | null, "practice": bool, "tab": str,
                      "saved": int, "player": bool, "match": <match record, tarot_core.records>}``
                      (``player``: false when the save follows a computer player's move only,
                      true after the player's own action; absent before issue 31: true)
``tarot.history``     ``{"schema": 2, "kind": "tarot-history", "entries": [entry, ...]}``; an
                      entry: ``id``, ``mode``, ``date`` (the daily's date, or the day played),
                      ``players``, ``score`` (your total), ``rank`` (1 = first), ``totals``,
                      ``practice``, ``game`` (the game's id, ``"french"`` or ``"hungarian"``;
                      absent from the entries written before it existed, which are French
                      Tarot), and the match: compact (``taken``, ``moves``, ``match``: see
                      :func:`compact_entry`, about 300–600 characters) or, in a history of
                      schema 1 (and for a match the compact form cannot hold), ``record`` (the
                      whole match record, 18,000–28,000 characters)
``tarot.leaderboard`` the daily leaderboard (:mod:`tarot_core.leaderboard`): ``{"kind":
                      "tarot-leaderboard", "schema": 1, "name": str, "entries": [{"code", "name",
                      "game", "date", "players", "score", "rank", "mine"}, ...]}``
``tarot.sheet``       the score sheet for table play (:mod:`tarot_core.scoresheet`): ``{"kind":
                      "tarot-scoresheet", "version": 1, "game", "names", "profile", "deals"}``
``tarot.corrupt.N``   unreadable data moved aside, kept as it was (never deleted by the game; the
                      history screen lists them, to download or delete: :meth:`Saves.set_aside_keys`)
====================  ============================================================================

**Room.** The browser gives a site about 5.2 million characters of ``localStorage`` (Chromium; the
page cannot ask how much is left). A finished match is kept compactly (:func:`compact_entry`: the
moves as indexes into ``legal_actions()``, packed as the share codes pack theirs, and the summary
the history screen and the statistics read), so ten years of daily matches take under 2 million
characters; a history of full records (schema 1) is converted when it is next written.
:meth:`Saves.room_notice` warns once the ``tarot.*`` keys hold more than :data:`ROOM_WARNING`
characters (4 million).

Nothing is silently overwritten: data that cannot be read (corrupt JSON, an unknown schema, a
record that breaks the rules) is moved aside under ``tarot.corrupt.N`` and reported in one
sentence. Finished results are only ever added, by reading, merging and writing back in one go,
so a second tab's later write cannot remove them. Each game has its own daily game
(:mod:`tarot_core.daily`), so each game has its own official result of a date. A storage
failure (quota, private mode) raises :class:`StorageError` from the storage object;
:class:`Saves` turns it into a notice and the game goes on in memory.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol

from .errors import Message, SaveError, TarotError, message_of
from .game import DEFAULT_GAME, YOU, game_ids, get_game
from .jsonsafe import UntrustedJSONError
from .jsonsafe import loads as _bounded_loads
from .match import Match, rank_of
from .records import MATCH_FORMAT, RecordError, json_equal
from .values import Value, init_field

SCHEMA = 1
#: The history's schema: 2 since entries are compact (1: every entry held its match record).
HISTORY_SCHEMA = 2
#: Characters under ``tarot.*`` keys above which :meth:`Saves.room_notice` warns: Chromium gives a
#: site about 5.2 million characters of localStorage, so this leaves about 1.2 million (some
#: 2,000 compact matches, or 40 full records set aside).
ROOM_WARNING = 4_000_000
#: The room a browser gives a site, in characters, as the warning counts it (Chromium's).
ROOM = 5_200_000
#: A compact entry is refused beyond this many counted deals (a match of the page has 1–64):
#: expanding one replays every deal, which must stay bounded for data read from outside.
MAX_COMPACT_DEALS = 1000
#: Full entries (schema 1) made compact per history write (about 10–40 ms each in CPython): an old
#: history is converted a few matches at a time, or all at once when the storage is full.
CONVERT_PER_WRITE = 25
SAVE_KEY = "tarot.save"
HISTORY_KEY = "tarot.history"
BOARD_KEY = "tarot.leaderboard"
SHEET_KEY = "tarot.sheet"
CORRUPT_PREFIX = "tarot.corrupt."
EXPORT_FORMAT = "tarot-core/history"


#: What each key holds, as the notices name it for the player.
_STORED_AS = {SAVE_KEY: "Your game in progress", HISTORY_KEY: "Your history of finished matches",
              BOARD_KEY: "Your daily leaderboard", SHEET_KEY: "Your score sheet"}


class StorageError(TarotError):
    """The storage refused a write (quota exceeded, private mode, disabled storage)."""


def read_json(text: Any, invalid: str) -> Any:
    """``text`` parsed by :func:`tarot_core.jsonsafe.loads` (bounded in length and nesting: deep
    nesting would kill Pyodide's stack before Python's ``RecursionError``). Raises
    :class:`SaveError`: ``invalid`` (a fixed sentence) for text that is not JSON, or jsonsafe's
    own sentence (too long, nested too deeply: with its limit) for text too big to read."""
    try:
        return _bounded_loads(text)
    except UntrustedJSONError as e:
        raise SaveError(message_of(e) if e.reason in ("size", "depth") else invalid) from None


class Storage(Protocol):
    """What :class:`Saves` needs from a storage: text values by text keys."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...  # may raise StorageError

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A :class:`Storage` in a dict, with an optional size limit (to test quota failures).

    Args:
        quota: the most characters all values may hold together, or ``None`` for no limit.
    """

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(v) for k, v in self.data.items() if k != key)
            if used + len(value) > self.quota:
                raise StorageError("storage quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# --- the game in progress ---------------------------------------------------------------------

class SavedGame(Value, frozen=False):
    """A game in progress and how it is played.

    Attributes:
        match: the match (rebuilt through the rules engine when loaded).
        mode: ``"daily"`` or ``"free"``.
        date: the daily's date (``"YYYY-MM-DD"``), ``None`` for a free game.
        practice: True for a daily replayed after the official attempt.
    """

    __slots__ = ("match", "mode", "date", "practice")
    match: Match
    mode: str
    date: str | None
    practice: bool

    def __init__(
        self,
        match: Match,
        mode: str = "free",
        date: str | None = None,
        practice: bool = False,
    ) -> None:
        init_field(self, "match", match)
        init_field(self, "mode", mode)
        init_field(self, "date", date)
        init_field(self, "practice", practice)


def game_payload(game: SavedGame, tab: str = "", saved: int = 0, player: bool = True) -> dict[str, Any]:
    """The JSON object stored under :data:`SAVE_KEY` for ``game``; ``player`` False when it
    follows a computer player's move, not the player's own action (another tab then keeps the
    game: the tab the player acts in has it)."""
    return {
        "schema": SCHEMA,
        "kind": "tarot-save",
        "mode": game.mode,
        "date": game.date,
        "practice": game.practice,
        "tab": tab,
        "saved": saved,
        "player": player,
        "match": game.match.record(),
    }


def migrate(data: Any) -> dict[str, Any]:
    """Bring saved data to the current schema, step by step.

    Schema 0 is a bare match record (``"format": "tarot-core/match"``, as the page's "Download
    match" gives): it becomes a free game. Raises :class:`SaveError` for data of an unknown or
    future schema.
    """
    if isinstance(data, dict) and data.get("format") == MATCH_FORMAT and "schema" not in data:
        data = {"schema": 1, "kind": "tarot-save", "mode": "free", "date": None, "practice": False,
                "tab": "", "saved": 0, "match": data}
    if not isinstance(data, dict) or data.get("kind") != "tarot-save":
        raise SaveError("the saved game is not a game of this program")
    schema = data.get("schema")
    if schema != SCHEMA:
        raise SaveError(Message("the saved game has schema {schema}, which this version cannot read", schema=repr(schema)))
    return data


def parse_game(text: str) -> SavedGame:
    """Read a saved game: JSON, schema (with :func:`migrate`), and every action replayed by the
    rules engine. Raises :class:`SaveError` naming what is wrong."""
    data = migrate(read_json(text, "the saved game is not valid JSON"))
    mode, date, practice = data.get("mode"), data.get("date"), data.get("practice")
    if mode not in ("daily", "free") or not isinstance(practice, bool):
        raise SaveError("the saved game has a bad mode or practice flag")
    if mode == "daily" and not (isinstance(date, str) and len(date) == 10):
        raise SaveError("the saved daily game has no date")
    try:
        match = Match.from_record(data.get("match"))
    except (RecordError, TypeError, KeyError, AttributeError) as e:
        raise SaveError(Message("the saved game breaks the rules: {reason}", reason=str(e))) from None
    if mode == "daily" and not is_daily_of(match, date):
        raise SaveError("the saved daily game is not the daily deal of its date")
    return SavedGame(match, mode, date if mode == "daily" else None, practice)


def is_daily_of(match: Match, date: Any) -> bool:
    """True when ``match`` is the daily match of ``date`` of its game (``match.rules.id``): its
    seed, its first dealer and, for a game with rule profiles, its profile (``"pagat"`` for
    Hungarian Tarokk: its ``rules.daily``). False for a bad date or a game
    with no daily game."""
    from .daily import daily_of, daily_seed

    game = match.rules.id
    try:
        seed = daily_seed(date, match.players, game)
    except (ValueError, TypeError):
        return False
    return (match.seed == seed and match.first_dealer == match.players - 1
            and match.profile == daily_of(game).profile)


# --- history and statistics -------------------------------------------------------------------

def entry_game(entry: dict[str, Any]) -> Any:
    """The game id of a history entry: its ``"game"``, or ``"french"`` for an entry without one
    (written before the key existed)."""
    return entry.get("game", DEFAULT_GAME)


def history_entry(game: SavedGame, played_on: str) -> dict[str, Any]:
    """The history entry of a finished game (``played_on``: ISO date it finished): the keys of
    the module docstring, ``"game"`` being the match's ``rules.id``."""
    match = game.match
    totals = match.totals()
    record = match.record()
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:12]
    return {
        "id": f"{game.mode}:{match.seed}:{'practice' if game.practice else 'official'}:{played_on}:{digest}",
        "mode": game.mode,
        "date": game.date if game.mode == "daily" else played_on,
        "players": match.players,
        "score": totals[YOU],
        "rank": rank_of(totals),
        "totals": totals,
        "practice": game.practice,
        "record": record,
        "game": match.rules.id,
    }


def check_entry(entry: Any, replay_record: bool = True) -> dict[str, Any]:
    """Validate one history entry; with ``replay_record`` its match record is replayed and must
    give the stated totals, and be of the entry's game (:func:`entry_game`: an entry without
    ``"game"`` is French Tarot). A compact entry (:func:`is_compact`) is checked by
    :func:`check_compact_entry`. Raises :class:`SaveError` naming the problem."""
    if is_compact(entry):
        return check_compact_entry(entry, replay_record)
    if not isinstance(entry, dict):
        raise SaveError("a history entry is not an object")
    for key, kind in (("id", str), ("mode", str), ("date", str), ("players", int), ("score", int),
                      ("rank", int), ("totals", list), ("practice", bool), ("record", dict)):
        if not isinstance(entry.get(key), kind) or (kind is int and isinstance(entry.get(key), bool)):
            raise SaveError(Message("a history entry has a bad {field}", field=repr(key)))
    if entry["mode"] not in ("daily", "free"):
        raise SaveError(Message("a history entry has an unknown mode {mode}", mode=repr(entry['mode'])))
    if "game" in entry and (not isinstance(entry["game"], str) or entry["game"] not in game_ids()):
        raise SaveError(Message("a history entry has an unknown game {game}", game=repr(entry['game'])))
    # In range too: the history screen and the statistics index and count by these.
    players = entry["players"]
    if players not in get_game(entry_game(entry)).table_sizes:
        raise SaveError(Message("a history entry has a bad {field}", field=repr("players")))
    if len(entry["totals"]) != players or not all(type(t) is int for t in entry["totals"]):
        raise SaveError(Message("a history entry has a bad {field}", field=repr("totals")))
    if not 1 <= entry["rank"] <= players:
        raise SaveError(Message("a history entry has a bad {field}", field=repr("rank")))
    import datetime as _dt  # imported when first needed: a first visit's start-up skips it

    try:
        _dt.date.fromisoformat(entry["date"])  # statistics() counts daily streaks by date
    except ValueError:
        raise SaveError(Message("a history entry has a bad date {value}", value=repr(entry['date']))) from None
    if replay_record:
        try:
            match = Match.from_record(entry["record"])
        except (RecordError, TypeError, KeyError, AttributeError) as e:
            raise SaveError(Message("the game of {date} does not replay: {reason}", date=entry['date'],
                                    reason=str(e))) from None
        if (not match.is_over or not json_equal(match.totals(), entry["totals"])
                or entry["score"] != entry["totals"][YOU]):
            raise SaveError(Message("the game of {date} does not replay to the scores it states", date=entry['date']))
        if match.players != entry["players"]:
            raise SaveError(Message("the game of {date} states a wrong number of players", date=entry['date']))
        if match.rules.id != entry_game(entry):
            raise SaveError(Message("the game of {date} is {game}, not the game its entry states", date=entry['date'],
                                    game=match.rules.name))
        if entry["mode"] == "daily" and not is_daily_of(match, entry["date"]):
            raise SaveError(Message("the game of {date} is not the daily game of that date", date=entry['date']))
        if entry["rank"] != rank_of(entry["totals"]):
            raise SaveError(Message("the game of {date} states a wrong rank", date=entry['date']))
    return entry


def entry_deals(entry: dict[str, Any]) -> Any:
    """The match length (counted deals) of a checked history ``entry``: its record's
    ``deals_to_play``, or a compact entry's (stored only when it is not the game's whole match)."""
    if "record" in entry:
        return entry["record"].get("deals_to_play")
    match = entry.get("match")
    stored = match.get("deals_to_play") if isinstance(match, dict) else None
    return stored if stored is not None else get_game(entry_game(entry)).counted_deals.get(entry["players"])


def is_official_daily(entry: dict[str, Any]) -> bool:
    """True when a checked history ``entry`` is an official daily result: a daily not marked
    practice, of the day's whole match (:func:`tarot_core.daily.daily_deals`). A shortened
    daily (the page's ``?deals=`` once shortened it: issue 31) is never one, even when an older
    build stored it as official: it counts in no streak, best daily or leaderboard."""
    from .daily import daily_deals

    if entry.get("mode") != "daily" or entry.get("practice"):
        return False
    try:
        return entry_deals(entry) == daily_deals(entry["players"], entry_game(entry))
    except (ValueError, TypeError, KeyError):
        return False


# --- compact entries ------------------------------------------------------------------------

#: The keys a compact entry has instead of ``record`` (see :func:`compact_entry`).
_COMPACT_KEYS = ("taken", "moves", "match")


def is_compact(entry: Any) -> bool:
    """True for a compact history entry (:func:`compact_entry`): it has ``moves`` and no
    ``record``."""
    return isinstance(entry, dict) and "moves" in entry and "record" not in entry


def _header_defaults(entry: dict[str, Any]) -> dict[str, Any]:
    """What a compact entry does not store of its match record's header (every key but
    ``deals`` and ``totals``), because the entry gives it: the format and version, the game, the
    players, the first dealer (the last seat, as the page deals), the game's match length and,
    for a daily game, the daily seed of its date. Raises ``ValueError``/``TypeError``/``KeyError``
    for an entry whose game or players are not known."""
    from .records import VERSION

    game = entry_game(entry)
    rules = get_game(game)
    players = entry["players"]
    defaults = {"format": MATCH_FORMAT, "version": VERSION, "game": rules.record_game, "players": players,
                "first_dealer": players - 1, "deals_to_play": rules.counted_deals.get(players)}
    if entry.get("mode") == "daily":
        from .daily import daily_seed

        try:
            defaults["seed"] = daily_seed(entry.get("date"), players, game)
        except (ValueError, TypeError):
            pass
    return defaults


def _empty_match(header: dict[str, Any]) -> Match:
    """The match a record header describes, its first deal dealt and nothing played
    (:meth:`Match.from_record`, so every key it reads — ``player``, ``profile``, a rules revision
    — is read as for a whole record). Raises :class:`RecordError` for a bad header."""
    deals = header.get("deals_to_play")
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_COMPACT_DEALS:
        raise RecordError(f"deals_to_play: expected 1 to {MAX_COMPACT_DEALS} counted deals, got {deals!r}")
    return Match.from_record({**header, "deals": []})


def _taken_summary(game: Any, record: dict[str, Any]) -> list[list[Any]]:
    """``[[contract name, made], ...]``: the deals of ``record`` (a match record of ``game``) you
    took, as :func:`statistics` counts them (:func:`_taken_by_you`)."""
    names = get_game(game).contract_names
    taken = []
    for deal in record.get("deals", []):
        result = deal.get("result") if isinstance(deal, dict) else None
        one = _taken_by_you(game, result.get("breakdown") if isinstance(result, dict) else None, names)
        if one is not None:
            taken.append([one[0], one[1]])
    return taken


def compact_entry(entry: dict[str, Any], match: Match | None = None) -> dict[str, Any]:
    """A history entry with its match record (``record``) in compact form, or ``entry`` itself
    when it is compact already or cannot be made compact without loss.

    The compact entry keeps every key but ``record`` and adds:

    * ``moves``: every action of every deal, each seat's, as its index in the state's
      ``legal_actions()`` at that moment (an action with a single legal choice stores nothing),
      packed into one mixed-radix integer in base64url as the share codes pack theirs
      (:func:`tarot_core.share.pack_indexes`). Replaying them needs the rules engine only, never
      a computer player, so the match replays the same whatever computer player played it;
    * ``match`` (only when not empty): the record's header keys (all but ``deals`` and
      ``totals``) that the entry does not already give (:func:`_header_defaults`): the seed of
      a free match, ``player`` (the computer players' version), ``profile`` (Hungarian rules),
      a rules ``revision``, ``deals_to_play`` when not the game's length, any key a later
      record carries;
    * ``taken``: ``[[contract name, made], ...]`` for the deals you took (French: contract and
      made; Hungarian: your bid as declarer, and whether your side won), what :func:`statistics`
      counts, so that listing the history never replays a match.

    The compact form is checked before it is returned: it must expand (:func:`expand_entry`) to
    the very same record (:func:`~tarot_core.records.json_equal`); if not, or if an action is
    not one of the listed legal actions, or the record does not replay, ``entry`` is returned
    unchanged (a player's finished match is never lost). ``match``: the entry's match when the
    caller has it (else it is rebuilt from the record). Costs one or two replays (about 10–30 ms
    per match in CPython).
    """
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        return entry
    from .errors import IllegalActionError
    from .share import pack_indexes

    record = entry["record"]
    try:
        if match is None:
            match = Match.from_record(record)
        defaults = _header_defaults(entry)
        header = {k: v for k, v in record.items() if k not in ("deals", "totals")}
        if any(k not in header for k in defaults):
            return entry
        extra = {k: v for k, v in header.items() if k not in defaults or not json_equal(defaults[k], v)}
        replica = _empty_match({**defaults, **extra})
        pairs = []
        for k, game in enumerate(match.games):
            if k:
                replica.next_deal()
            state = replica.current
            for action in game.history:
                legal = state.legal_actions()
                index = legal.index(action)  # ValueError: not a listed legal action
                pairs.append((index, len(legal)))
                state.apply(legal[index])
        if not json_equal(replica.record(), record):
            return entry
        compact = {k: v for k, v in entry.items() if k != "record"}
        compact["taken"] = _taken_summary(replica.rules.id, record)
        compact["moves"] = pack_indexes(pairs)
        if extra:
            compact["match"] = extra
    except (RecordError, IllegalActionError, ValueError, TypeError, KeyError, AttributeError):
        return entry
    return compact


def expand_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """The history entry with its whole match record: a compact entry (:func:`compact_entry`)
    is replayed from its moves through the rules engine (no computer player) and given back as
    a full entry (its keys, ``record`` instead of ``taken``, ``moves`` and ``match``); a full
    entry is returned as it is. The record is not checked against the entry's stated scores
    (:func:`check_entry` does that).

    Raises :class:`SaveError` naming the date when the moves do not replay (a bad index, moves
    left over, too many deals, a header the engine refuses).
    """
    if not is_compact(entry):
        return entry
    from .share import IndexReader, ShareCodeError

    date = entry.get("date")
    try:
        extra = entry.get("match", {})
        if not isinstance(extra, dict) or not isinstance(entry.get("moves"), str):
            raise RecordError("the compact match is not an object with its moves")
        match = _empty_match({**_header_defaults(entry), **extra})
        moves = IndexReader(entry["moves"])
        limit = 4 * match.deals_to_play + 64  # counted deals and thrown-in ones
        while True:
            state = match.current
            while state.turn is not None:
                legal = state.legal_actions()
                state.apply(legal[moves.take(len(legal))])
            if match.is_over:
                break
            if len(match.games) >= limit:
                raise RecordError("more deals than a match has")
            match.next_deal()
        if not moves.done:
            raise RecordError("more moves than the match has")
    except (RecordError, ShareCodeError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise SaveError(Message("the game of {date} does not replay: {reason}", date=str(date),
                                reason=message_of(e))) from None
    full = {k: v for k, v in entry.items() if k not in _COMPACT_KEYS}
    full["record"] = match.record()
    return full


def check_compact_entry(entry: dict[str, Any], replay_record: bool = True) -> dict[str, Any]:
    """Validate a compact history entry (:func:`compact_entry`): the keys every entry has (as
    :func:`check_entry`), ``moves`` (base64url text), ``taken`` (``[[name, made], ...]``) and
    ``match`` (an object, when present); with ``replay_record`` it is expanded
    (:func:`expand_entry`), the record checked as a full entry's, and ``taken`` must be what
    the record says. Raises :class:`SaveError` naming the problem."""
    moves, taken, extra = entry.get("moves"), entry.get("taken"), entry.get("match", {})
    if not isinstance(moves, str) or len(moves) > 100_000:
        raise SaveError(Message("a history entry has a bad {field}", field=repr("moves")))
    if not isinstance(taken, list) or not all(
            isinstance(t, list) and len(t) == 2 and isinstance(t[0], str) and isinstance(t[1], bool) for t in taken):
        raise SaveError(Message("a history entry has a bad {field}", field=repr("taken")))
    if not isinstance(extra, dict):
        raise SaveError(Message("a history entry has a bad {field}", field=repr("match")))
    base = {k: v for k, v in entry.items() if k not in _COMPACT_KEYS}
    check_entry({**base, "record": {}}, replay_record=False)
    if replay_record:
        full = check_entry(expand_entry(entry), replay_record=True)
        if not json_equal(_taken_summary(entry_game(entry), full["record"]), taken):
            raise SaveError(Message("the game of {date} does not replay to the scores it states", date=entry["date"]))
    return entry


def _verified_daily(entry: dict[str, Any], today: str | None) -> bool:
    """Whether a daily history ``entry`` (checked by :func:`check_entry`) is a daily result whose
    share code verifies by replay: its match's code (:func:`tarot_core.share.encode`, which
    refuses a match whose computer players did not play the day's seeded moves) accepted by
    :func:`tarot_core.share.verify` read on ``today`` (or, ``None``, on the entry's own date:
    the day's whole match, dated no later than tomorrow) and replaying to the entry's date, score
    and totals."""
    from .share import encode, verify

    try:
        record = expand_entry(entry)["record"] if is_compact(entry) else entry["record"]
        match = Match.from_record(record)
        result = verify(encode(match, entry["date"]), today or entry["date"])
    except (ValueError, RecordError, TypeError, KeyError, AttributeError):  # ShareCodeError is one
        return False
    return (result.date, result.score, result.match.totals()) == (entry["date"], entry["score"], entry["totals"])


class Statistics(Value, frozen=False):
    """What the history says (see :func:`statistics`).

    Attributes:
        played, won: finished matches, and those you finished first (alone or tied).
        taken: per contract name (a French contract, or a Hungarian bid), ``[deals you took,
            deals you made]`` (Hungarian Tarokk: the deals you were the declarer, and those
            your side won).
        daily_played: official daily games completed.
        streak: consecutive days with a completed daily game, ending today or yesterday.
        best_daily: your best official daily score, or ``None``.
        leaderboard: official daily results ``(date, score, rank)``, best score first.
    """

    __slots__ = ("played", "won", "taken", "daily_played", "streak", "best_daily", "leaderboard")
    played: int
    won: int
    taken: dict[str, list[int]]
    daily_played: int
    streak: int
    best_daily: int | None
    leaderboard: list[tuple[str, int, int]]

    def __init__(
        self,
        played: int = 0,
        won: int = 0,
        taken: dict[str, list[int]] | None = None,
        daily_played: int = 0,
        streak: int = 0,
        best_daily: int | None = None,
        leaderboard: list[tuple[str, int, int]] | None = None,
    ) -> None:
        init_field(self, "played", played)
        init_field(self, "won", won)
        init_field(self, "taken", {} if taken is None else taken)
        init_field(self, "daily_played", daily_played)
        init_field(self, "streak", streak)
        init_field(self, "best_daily", best_daily)
        init_field(self, "leaderboard", [] if leaderboard is None else leaderboard)


def _taken_by_you(game: Any, breakdown: Any, contracts: tuple[str, ...]) -> tuple[str, bool] | None:
    """``(contract name, made)`` when you (seat 0) took the deal whose record's
    ``result.breakdown`` is ``breakdown``, in a match of game ``game``; else ``None``.

    The game's rules read the breakdown (``rules.taken``: French Tarot's ``taker``, ``contract``
    and ``made``; Hungarian Tarokk's ``declarer``, ``bid``, and made when ``winner`` is
    ``"declarer"``, HU-8.1). ``contracts``: the names that count (the game's
    ``contract_names``; none for a game that is not registered)."""
    if not isinstance(breakdown, dict) or not contracts:
        return None
    seat, name, made = get_game(game).taken(breakdown)
    if type(seat) is int and seat == YOU and name in contracts:
        return name, made
    return None


def statistics(entries: list[dict[str, Any]], today: str, game: str | None = None) -> Statistics:
    """Statistics of history ``entries`` as of ``today`` (ISO date).

    ``game``: a game id (``"french"``, ``"hungarian"``) to count only that game's entries (an
    entry without ``"game"`` is French Tarot: :func:`entry_game`), its daily streak, best score
    and leaderboard being those of that game's daily; ``None`` (the default) counts every
    entry, of every game, together. Each deal you took counts under its contract name in
    :attr:`Statistics.taken` (the names of the entry's game, ``contract_names``: French
    contracts and Hungarian bids never share a name).

    Raises ``ValueError`` for an unknown ``game``.
    """
    stats = Statistics()
    if game is not None:
        get_game(game)  # ValueError naming an unknown game
        entries = [e for e in entries if entry_game(e) == game]
    # A deal counts under a contract name its game has (an unknown one, changed in storage,
    # would break the page's history screen).
    contracts = {gid: get_game(gid).contract_names for gid in game_ids()}
    for entry in entries:
        stats.played += 1
        stats.won += entry["rank"] == 1
        of = entry_game(entry)
        names = contracts.get(of, ()) if isinstance(of, str) else ()
        if is_compact(entry):  # its summary (compact_entry): no replay
            summary = entry["taken"] if isinstance(entry.get("taken"), list) else []
            all_taken = [(t[0], bool(t[1])) for t in summary
                         if isinstance(t, list) and len(t) == 2 and t[0] in names]
        else:
            deals = entry["record"].get("deals")
            all_taken = []
            for deal in deals if isinstance(deals, list) else []:
                # load_history checks an entry's shape, not its record: a deal changed in storage
                # outside the game is skipped rather than counted (or crashing the count).
                result = deal.get("result") if isinstance(deal, dict) else None
                all_taken.append(_taken_by_you(of, result.get("breakdown") if isinstance(result, dict) else None,
                                               names))
        for taken in all_taken:
            if taken is not None:
                counts = stats.taken.setdefault(taken[0], [0, 0])
                counts[0] += 1
                counts[1] += taken[1]
    official = [e for e in entries if is_official_daily(e)]
    stats.daily_played = len(official)
    if official:
        stats.best_daily = max(e["score"] for e in official)
        stats.leaderboard = sorted(((e["date"], e["score"], e["rank"]) for e in official),
                                   key=lambda r: (-r[1], r[0]))
        import datetime as _dt  # imported when first needed: the page's start-up skips it

        days = {_dt.date.fromisoformat(e["date"]) for e in official}
        day = _dt.date.fromisoformat(today)
        if day not in days:
            day -= _dt.timedelta(days=1)
        while day in days:
            stats.streak += 1
            day -= _dt.timedelta(days=1)
    return stats


# --- the store ------------------------------------------------------------------------------

class Saves:
    """The current game, the history and the daily results kept in a :class:`Storage`.

    Args:
        storage: where to keep them.
        tab: an id for this tab/window (written with each save).

    Every method that writes returns a notice (one sentence for the player) or ``None``.
    """

    def __init__(self, storage: Storage, tab: str = "") -> None:
        self.storage = storage
        self.tab = tab
        self.counter = 0

    # -- moving bad data aside --

    def _set(self, key: str, value: str) -> str | None:
        try:
            self.storage.set(key, value)
        except StorageError:
            return ("Your browser would not let the game save (storage full or private mode): "
                    "this game goes on but will not be kept.")
        return None

    def _move_aside(self, key: str) -> str | None:
        """Move the value of ``key`` to a new ``tarot.corrupt.N`` key; return that key, or ``None``
        (and leave ``key`` as it was) when the storage refuses the copy."""
        raw = self.storage.get(key)
        n = 1
        while self.storage.get(f"{CORRUPT_PREFIX}{n}") is not None:
            n += 1
        aside = f"{CORRUPT_PREFIX}{n}"
        if self._set(aside, raw or ""):
            return None
        self.storage.remove(key)
        return aside

    def set_aside(self, key: str, reason: str) -> str:
        """Move the value of ``key`` to a new ``tarot.corrupt.N`` key; return the notice.

        The notice says first, in the player's words, what could not be opened and where it is
        kept; ``reason`` (the technical cause) comes last, in parentheses.
        """
        what = _STORED_AS.get(key, "Some saved data")
        aside = self._move_aside(key)
        if aside is None:
            return Message("{what} could not be opened, nor set aside: it was left as it was (reason: {reason}).",
                           what=what, reason=reason)
        return Message("{what} could not be opened: it is kept aside as {aside}, and nothing was deleted "
                       "(reason: {reason}).", what=what, aside=aside, reason=reason)

    # -- room, and the data set aside --

    def room_used(self) -> int:
        """Characters the game keeps in the storage: the keys and values of every ``tarot.*``
        key (what the browser counts against the site's room, :data:`ROOM`)."""
        return sum(len(k) + len(self.storage.get(k) or "") for k in self.storage.keys() if k.startswith("tarot."))

    def room_notice(self) -> Message | None:
        """A warning when the game's keys hold more than :data:`ROOM_WARNING` characters (the
        page cannot ask the browser how much room is left: :data:`ROOM` is Chromium's), else
        ``None``."""
        used = self.room_used()
        if used <= ROOM_WARNING:
            return None
        return Message("The browser's storage for this game is nearly full ({percent}% used): export your history, "
                       "and delete the data set aside that you no longer need, in History and statistics.",
                       percent=min(99, used * 100 // ROOM))

    def set_aside_keys(self) -> list[tuple[str, int]]:
        """The ``tarot.corrupt.N`` keys (data that could not be read, kept as it was), in the
        order of ``N``, each with its size in characters."""
        keys = [k for k in self.storage.keys() if k.startswith(CORRUPT_PREFIX)]
        keys.sort(key=lambda k: (len(k), k))  # tarot.corrupt.2 before tarot.corrupt.10
        return [(k, len(self.storage.get(k) or "")) for k in keys]

    def delete_set_aside(self, key: str) -> bool:
        """Delete the data set aside under ``key`` (asked by the player, from the history
        screen); only a ``tarot.corrupt.N`` key is ever deleted: returns False for another key
        or one that is not there, and changes nothing."""
        if not (isinstance(key, str) and key.startswith(CORRUPT_PREFIX) and key[len(CORRUPT_PREFIX):].isdigit()
                and self.storage.get(key) is not None):
            return False
        self.storage.remove(key)
        return True

    # -- the game in progress --

    def load_game(self) -> tuple[SavedGame | None, str | None]:
        """The saved game in progress and a notice; unreadable data is moved aside."""
        raw = self.storage.get(SAVE_KEY)
        if raw is None:
            return None, None
        try:
            return parse_game(raw), None
        except SaveError as e:
            return None, self.set_aside(SAVE_KEY, message_of(e))

    def save_game(self, game: SavedGame, player: bool = True) -> str | None:
        """Write the game in progress (after every action; ``player`` False after a computer
        player's move: :func:`game_payload`)."""
        self.counter += 1
        return self._set(SAVE_KEY, json.dumps(game_payload(game, self.tab, self.counter, player),
                                              separators=(",", ":")))

    def clear_game(self) -> None:
        """Forget the game in progress (it is finished and in the history)."""
        self.storage.remove(SAVE_KEY)

    # -- history --

    def load_history(self) -> tuple[list[dict[str, Any]], str | None]:
        """The history entries and a notice.

        An unreadable history is moved aside whole. When only some entries are unreadable, the
        history as it was is moved aside (kept intact) and the readable entries are written back,
        so one bad entry never costs the player the others; the notice says how many were lost.
        """
        raw = self.storage.get(HISTORY_KEY)
        if raw is None:
            return [], None
        try:
            data = read_json(raw, "not valid JSON")
            if (not isinstance(data, dict) or data.get("kind") != "tarot-history"
                    or data.get("schema") not in (1, HISTORY_SCHEMA) or not isinstance(data.get("entries", []), list)):
                raise SaveError("not a history of this program")
        except SaveError as e:
            return [], self.set_aside(HISTORY_KEY, message_of(e))
        entries, problems = [], []
        for item in data.get("entries", []):
            try:
                entries.append(check_entry(item, replay_record=False))
            except SaveError as e:
                problems.append(message_of(e))
        if not problems:
            return entries, None
        total = len(problems) + len(entries)
        lost = (Message("{count} of your {n} finished match", "{count} of your {n} finished matches", total,
                        count=len(problems)) if total > 1 else "Your finished match")
        aside = self._move_aside(HISTORY_KEY)
        if aside is None:
            return entries, Message("{lost} could not be opened, and the history could not be set aside: "
                                    "it was left as it was (reason: {reason}).", lost=lost, reason=problems[0])
        failed = self._write_history(entries)
        kept = "" if failed or not entries else Message(
            ", and the other {n} is still in your history", ", and the other {n} are still in your history",
            len(entries))
        return entries, Message("{lost} could not be opened: the history as it was is kept aside as {aside}{kept} "
                                "(reason: {reason}).", lost=lost, aside=aside, kept=kept, reason=problems[0])

    def _write_history(self, entries: list[dict[str, Any]]) -> str | None:
        """Write ``entries`` (schema :data:`HISTORY_SCHEMA`), the first :data:`CONVERT_PER_WRITE`
        full entries made compact first (:func:`compact_entry`: a history of schema 1 is
        converted a few matches per write, without loss, so that no write replays hundreds of
        matches); when the storage refuses the write, every full entry is made compact and the
        write tried again."""
        full = [k for k, e in enumerate(entries) if "record" in e]
        out = list(entries)
        for k in full[:CONVERT_PER_WRITE]:
            out[k] = compact_entry(out[k])
        failed = self._write_entries(out)
        if failed is not None and len(full) > CONVERT_PER_WRITE:
            failed = self._write_entries([compact_entry(e) for e in out])
        return failed

    def _write_entries(self, entries: list[dict[str, Any]]) -> str | None:
        data = {"schema": HISTORY_SCHEMA, "kind": "tarot-history", "entries": entries}
        return self._set(HISTORY_KEY, json.dumps(data, separators=(",", ":")))

    def official_daily(self, date: str, game: str = DEFAULT_GAME) -> tuple[dict[str, Any] | None, str | None]:
        """The official (first completed) result of ``game``'s daily of ``date`` (or ``None``)
        and a notice: the history is read, so unreadable data may be set aside here (see
        :meth:`load_history`)."""
        entries, notice = self.load_history()
        official = next((e for e in entries if is_official_daily(e) and e["date"] == date
                         and entry_game(e) == game), None)
        return official, notice

    def finish_game(self, game: SavedGame, played_on: str) -> tuple[dict[str, Any], str | None]:
        """Add a finished game to the history and forget it as the game in progress.

        A daily whose date already has an official result of the same game is recorded as
        practice, and so is a daily that is not the day's whole match (a game saved while the page
        still let ``?deals=`` shorten it). Reads, merges and writes back at once, so results written by another tab are
        kept.
        """
        from .daily import daily_deals

        entries, notice = self.load_history()
        if game.mode == "daily" and not game.practice and (any(
                is_official_daily(e) and e["date"] == game.date
                and entry_game(e) == game.match.rules.id for e in entries)
                or game.match.deals_to_play != daily_deals(game.match.players, game.match.rules.id)):
            game.practice = True
        entry = compact_entry(history_entry(game, played_on), game.match)
        if all(e["id"] != entry["id"] for e in entries):
            entries.append(entry)
        failed = self._write_history(entries)
        if failed is None:
            self.clear_game()  # kept as the game in progress only if the history was not written
        return entry, failed or notice or self.room_notice()

    # -- the daily leaderboard (tarot_core.leaderboard) --

    def load_board(self) -> tuple[list, str, str | None]:
        """The leaderboard's entries (:class:`tarot_core.leaderboard.BoardEntry`), the name you
        chose (``""`` none yet) and a notice: a board that cannot be read is moved aside whole
        (:meth:`set_aside`) and an empty one is used."""
        from .leaderboard import parse_board

        raw = self.storage.get(BOARD_KEY)
        if raw is None:
            return [], "", None
        try:
            entries, name = parse_board(read_json(raw, "not valid JSON"))
        except SaveError as e:
            return [], "", self.set_aside(BOARD_KEY, message_of(e))
        return entries, name, None

    def _write_board(self, entries: list, name: str) -> str | None:
        from .leaderboard import board_json

        return self._set(BOARD_KEY, json.dumps(board_json(entries, name), ensure_ascii=False, separators=(",", ":")))

    def add_to_board(self, entry) -> tuple[bool, str | None]:
        """List ``entry`` (a verified :class:`~tarot_core.leaderboard.BoardEntry`): read, merge
        (:func:`~tarot_core.leaderboard.add_entry`: one entry per share code) and write back at
        once, so another tab's entries are kept. Returns (whether it was new, notice)."""
        from .leaderboard import add_entry

        entries, name, notice = self.load_board()
        merged, added = add_entry(entries, entry)
        failed = self._write_board(merged, name) if merged is not entries else None
        return added, failed or notice

    def set_board_name(self, name: str) -> tuple[str, str | None]:
        """Remember the name your shared results carry (cleaned by
        :func:`~tarot_core.leaderboard.clean_name`); returns (the name kept, notice)."""
        from .leaderboard import clean_name

        entries, old, notice = self.load_board()
        name = clean_name(name)
        failed = self._write_board(entries, name) if name != old else None
        return name, failed or notice

    # -- the score sheet for table play (tarot_core.scoresheet) --

    def load_sheet(self):
        """The score sheet kept (a :class:`tarot_core.scoresheet.Sheet`, or ``None`` when there is
        none) and a notice: a sheet that cannot be read (bad JSON, another version, a deal that no
        longer scores) is moved aside whole (:meth:`set_aside`, ``tarot.corrupt.N``), never
        deleted, and ``None`` is returned."""
        from .scoresheet import Sheet, SheetError

        raw = self.storage.get(SHEET_KEY)
        if raw is None:
            return None, None
        try:
            return Sheet.from_json(read_json(raw, "not valid JSON")), None
        except SaveError as e:
            return None, self.set_aside(SHEET_KEY, message_of(e))
        except SheetError as e:  # the field at fault, named as the sheet's JSON names it
            reason = Message("the score sheet has a bad {field}", field=e.key) if e.key else str(e)
            return None, self.set_aside(SHEET_KEY, reason)

    def save_sheet(self, sheet) -> str | None:
        """Keep ``sheet`` (a :class:`~tarot_core.scoresheet.Sheet`) under ``tarot.sheet``, or
        forget the sheet kept when ``sheet`` is ``None``; returns a notice when the storage
        refuses."""
        if sheet is None:
            self.storage.remove(SHEET_KEY)
            return None
        return self._set(SHEET_KEY, sheet.dumps())

    # -- export and import --

    def export(self) -> str:
        """The whole history as a JSON text (``"format": "tarot-core/history"``, version 2: its
        entries compact, :func:`compact_entry`; :meth:`import_history` reads versions 1 and 2)."""
        entries, _ = self.load_history()
        entries = [compact_entry(e) for e in entries]
        return json.dumps({"format": EXPORT_FORMAT, "version": 2, "entries": entries}, ensure_ascii=False)

    def import_history(self, text: str, today: str | None = None) -> tuple[int, str | None]:
        """Merge an exported history; return (entries added, notice).

        Every entry must replay through the rules engine to its stated scores; if any does not,
        :class:`SaveError` is raised and the existing history is left untouched. An entry of a
        daily whose date already has an official result of the same game comes in as practice.

        An official daily result counts (marks its day played, in the streak, the best daily and
        the leaderboard) only once its share code verifies by replay (:func:`_verified_daily`:
        the day's whole match, its computer players the day's, its stated score and date, not
        dated after the day after ``today``, the device's date the page passes; ``None`` checks
        each entry against its own date). One that does not is kept, as practice: a file cannot
        mark a day played with a result that was never the daily's.
        """
        data = read_json(text, "the file is not valid JSON")
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or data.get("version") not in (1, 2):
            raise SaveError("the file is not a history exported by this game")
        incoming = data.get("entries")
        if not isinstance(incoming, list):
            raise SaveError("the file has no list of entries")
        checked = [check_entry(e) for e in incoming]
        entries, _ = self.load_history()
        known = {e["id"] for e in entries}
        officials = {(entry_game(e), e["date"]) for e in entries if is_official_daily(e)}
        added = []
        for e in checked:
            if e["id"] in known:
                continue
            known.add(e["id"])
            if e["mode"] == "daily" and not e["practice"]:
                if (entry_game(e), e["date"]) in officials or not _verified_daily(e, today):
                    e = {**e, "practice": True}  # the date already has its official result, or none verifies
                else:
                    officials.add((entry_game(e), e["date"]))
            added.append(e)
        if not added:
            return 0, None
        return len(added), self._write_history(entries + added)


__all__ = [
    "HISTORY_KEY", "MemoryStorage", "SAVE_KEY", "SHEET_KEY", "SaveError", "SavedGame", "Saves", "Statistics",
    "StorageError", "check_compact_entry", "check_entry", "compact_entry", "entry_deals", "entry_game",
    "expand_entry", "game_payload", "history_entry", "is_compact", "is_official_daily", "migrate", "parse_game",
    "rank_of", "statistics",
]
