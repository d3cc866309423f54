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
``tarot.history``     ``{"schema": 1, "kind": "tarot-history", "entries": [entry, ...]}``; an
                      entry: ``id``, ``mode``, ``date`` (the daily's date, or the day played),
                      ``players``, ``score`` (your total), ``rank`` (1 = first), ``totals``,
                      ``practice``, ``record`` (the match record), ``game`` (the game's id,
                      ``"french"`` or ``"hungarian"``; absent from the entries written before
                      it existed, which are French Tarot)
``tarot.leaderboard`` the daily leaderboard (:mod:`tarot_core.leaderboard`): ``{"kind":
                      "tarot-leaderboard", "schema": 1, "name": str, "entries": [{"code", "name",
                      "game", "date", "players", "score", "rank", "mine"}, ...]}``
``tarot.sheet``       the score sheet for table play (:mod:`tarot_core.scoresheet`): ``{"kind":
                      "tarot-scoresheet", "version": 1, "game", "names", "profile", "deals"}``
``tarot.corrupt.N``   unreadable data moved aside, kept as it was (never deleted by the game)
====================  ============================================================================

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

from .errors import Message, TarotError, message_of
from .game import game_ids, get_game
from .jsonsafe import UntrustedJSONError
from .jsonsafe import loads as _bounded_loads
from .match import Match
from .records import MATCH_FORMAT, RecordError, json_equal
from .values import Value, init_field

SCHEMA = 1
SAVE_KEY = "tarot.save"
HISTORY_KEY = "tarot.history"
BOARD_KEY = "tarot.leaderboard"
SHEET_KEY = "tarot.sheet"
CORRUPT_PREFIX = "tarot.corrupt."
EXPORT_FORMAT = "tarot-core/history"
YOU = 0


#: What each key holds, as the notices name it for the player.
_STORED_AS = {SAVE_KEY: "Your game in progress", HISTORY_KEY: "Your history of finished matches",
              BOARD_KEY: "Your daily leaderboard", SHEET_KEY: "Your score sheet"}


class StorageError(TarotError):
    """The storage refused a write (quota exceeded, private mode, disabled storage)."""


class SaveError(TarotError, ValueError):
    """Saved or imported data that cannot be used; the message says why in one sentence."""


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
    Hungarian Tarokk, :data:`tarot_core.daily.DAILY_PROFILE`). False for a bad date or a game
    with no daily game."""
    from .daily import DAILY_PROFILE, daily_seed

    game = match.rules.id
    try:
        seed = daily_seed(date, match.players, game)
    except (ValueError, TypeError):
        return False
    return (match.seed == seed and match.first_dealer == match.players - 1
            and match.profile == DAILY_PROFILE.get(game))


# --- history and statistics -------------------------------------------------------------------

def rank_of(totals: list[int], seat: int = YOU) -> int:
    """1 + the number of seats with a strictly higher total (ties share a rank)."""
    return 1 + sum(t > totals[seat] for t in totals)


def entry_game(entry: dict[str, Any]) -> Any:
    """The game id of a history entry: its ``"game"``, or ``"french"`` for an entry without one
    (written before the key existed)."""
    return entry.get("game", "french")


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
    ``"game"`` is French Tarot). Raises :class:`SaveError` naming the problem."""
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

    French Tarot (and any other game): ``taker``, ``contract`` and ``made``. Hungarian Tarokk
    (:func:`tarot_core.hungarian.records.result_entry`): ``declarer``, ``bid``, and made when
    ``winner`` is ``"declarer"`` (the declarer's side won the game, HU-8.1). ``contracts``: the
    names that count (the game's ``contract_names``)."""
    if not isinstance(breakdown, dict):
        return None
    taker, name, made = (("declarer", "bid", breakdown.get("winner") == "declarer") if game == "hungarian"
                         else ("taker", "contract", bool(breakdown.get("made"))))
    if type(breakdown.get(taker)) is int and breakdown[taker] == YOU and breakdown.get(name) in contracts:
        return breakdown[name], made
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
        deals = entry["record"].get("deals")
        of = entry_game(entry)
        names = contracts.get(of, ()) if isinstance(of, str) else ()
        for deal in deals if isinstance(deals, list) else []:
            # load_history checks an entry's shape, not its record: a deal changed in storage
            # outside the game is skipped rather than counted (or crashing the count).
            result = deal.get("result") if isinstance(deal, dict) else None
            taken = _taken_by_you(of, result.get("breakdown") if isinstance(result, dict) else None, names)
            if taken is not None:
                counts = stats.taken.setdefault(taken[0], [0, 0])
                counts[0] += 1
                counts[1] += taken[1]
    official = [e for e in entries if e["mode"] == "daily" and not e["practice"]]
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
                    or data.get("schema") != SCHEMA or not isinstance(data.get("entries", []), list)):
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
        data = {"schema": SCHEMA, "kind": "tarot-history", "entries": entries}
        return self._set(HISTORY_KEY, json.dumps(data, separators=(",", ":")))

    def official_daily(self, date: str, game: str = "french") -> tuple[dict[str, Any] | None, str | None]:
        """The official (first completed) result of ``game``'s daily of ``date`` (or ``None``)
        and a notice: the history is read, so unreadable data may be set aside here (see
        :meth:`load_history`)."""
        entries, notice = self.load_history()
        official = next((e for e in entries if e["mode"] == "daily" and not e["practice"] and e["date"] == date
                         and entry_game(e) == game), None)
        return official, notice

    def finish_game(self, game: SavedGame, played_on: str) -> tuple[dict[str, Any], str | None]:
        """Add a finished game to the history and forget it as the game in progress.

        A daily whose date already has an official result of the same game is recorded as
        practice. Reads, merges and writes back at once, so results written by another tab are
        kept.
        """
        entries, notice = self.load_history()
        if game.mode == "daily" and not game.practice and any(
                e["mode"] == "daily" and not e["practice"] and e["date"] == game.date
                and entry_game(e) == game.match.rules.id for e in entries):
            game.practice = True
        entry = history_entry(game, played_on)
        if all(e["id"] != entry["id"] for e in entries):
            entries.append(entry)
        failed = self._write_history(entries)
        if failed is None:
            self.clear_game()  # kept as the game in progress only if the history was not written
        return entry, failed or notice

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
        """The whole history as a JSON text (``"format": "tarot-core/history"``)."""
        entries, _ = self.load_history()
        return json.dumps({"format": EXPORT_FORMAT, "version": 1, "entries": entries}, ensure_ascii=False)

    def import_history(self, text: str) -> tuple[int, str | None]:
        """Merge an exported history; return (entries added, notice).

        Every entry must replay through the rules engine to its stated scores; if any does not,
        :class:`SaveError` is raised and the existing history is left untouched. An entry of a
        daily whose date already has an official result of the same game comes in as practice.
        """
        data = read_json(text, "the file is not valid JSON")
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or data.get("version") != 1:
            raise SaveError("the file is not a history exported by this game")
        incoming = data.get("entries")
        if not isinstance(incoming, list):
            raise SaveError("the file has no list of entries")
        checked = [check_entry(e) for e in incoming]
        entries, _ = self.load_history()
        known = {e["id"] for e in entries}
        officials = {(entry_game(e), e["date"]) for e in entries if e["mode"] == "daily" and not e["practice"]}
        added = []
        for e in checked:
            if e["id"] in known:
                continue
            known.add(e["id"])
            if e["mode"] == "daily" and not e["practice"]:
                if (entry_game(e), e["date"]) in officials:
                    e = {**e, "practice": True}  # the date already has its official result of that game
                officials.add((entry_game(e), e["date"]))
            added.append(e)
        if not added:
            return 0, None
        return len(added), self._write_history(entries + added)


__all__ = [
    "HISTORY_KEY", "MemoryStorage", "SAVE_KEY", "SHEET_KEY", "SaveError", "SavedGame", "Saves", "Statistics",
    "StorageError", "check_entry", "entry_game", "game_payload", "history_entry", "migrate",
    "parse_game", "rank_of", "statistics",
]
