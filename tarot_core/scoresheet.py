"""A score sheet for table play: real cards, a running zero-sum score per player, scored by the
same code as ``python -m tarot_core score``.

People playing with real cards enter each deal; the sheet turns it into the ``score`` command's
input (:func:`score_input`), scores it with :func:`score_json` — the very function the command
calls — and settles the result on the players' names. Nothing of the scoring is computed here.

**A sheet** (:class:`Sheet`): its ``game`` (any registered game with a sheet: French Tarot at
3–5 players, FR-7; Hungarian Tarokk at 4–5, HU-8), the players' ``names`` (in seat order), the
game's rule ``profile`` where it has several (Hungarian Tarokk: ``"pagat"`` or ``"tournament"``,
HU-10), and its ``deals`` in the order played. Each deal is a JSON object naming the players by
seat index (0 = the first name), in its game's format: each game registers its sheet's input
with its rules (``rules.score_sheet``, a :class:`tarot_core.game.ScoreSheet`), and the formats,
the keys of the ``score`` command plus the seats, are documented where they are checked and
scored: :mod:`tarot_core.french.sheet` and :mod:`tarot_core.hungarian.sheet`. This module holds
no game's, and takes any registered game with a sheet.

A player's score for a deal follows from the command's output, as the game's sheet says. Every
row sums to zero, and the sheet checks it.

**Saved** as JSON (:meth:`Sheet.to_json`, ``{"kind": "tarot-scoresheet", "version": 1, ...}``)
under ``tarot.sheet`` by :class:`tarot_core.saves.Saves` (unreadable data is set aside there).
Every error is a :class:`SheetError` whose ``key`` names the bad field (``"names[2]"``,
``"deals[3].points"``, ``"taker"``); an operation that fails changes nothing (a :class:`Sheet` is
never modified: each operation returns a new one).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Iterator, Mapping

from .errors import ScoreInputError, message_of
from .game import DEFAULT_GAME, ScoreSheet, game_ids, get_game
from .sheet_input import SheetError
from .sheet_input import check_object as _object
from .sheet_input import check_seat as _seat  # noqa: F401 (kept under its first name)
from .sheet_input import is_int as _is_int  # noqa: F401
from .sheet_input import is_json as _is_json  # noqa: F401

__all__ = ["SHEET_KIND", "SHEET_VERSION", "TABLE_SIZES", "NAME_MAX", "SheetError", "Sheet", "score_json",
           "score_input", "clean_name"]

SHEET_KIND = "tarot-scoresheet"
SHEET_VERSION = 1
#: The longest player's name kept, in characters, after :func:`clean_name`.
NAME_MAX = 24
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: Names kept importable from this module for the tools that read them (from before each game
#: registered its sheet): ``name -> (module, attribute)``, read on first use.
_KEPT: dict[str, tuple[str, str]] = {
    "PROFILES": ("tarot_core.hungarian.scoring", "PROFILES"),
    "FRENCH_KEYS": ("tarot_core.french.sheet", "FRENCH_KEYS"),
    "HUNGARIAN_KEYS": ("tarot_core.hungarian.sheet", "HUNGARIAN_KEYS"),
    "_roles_hungarian": ("tarot_core.hungarian.sheet", "_roles_hungarian"),
}


def __getattr__(name: str) -> Any:
    if name in _KEPT:
        import importlib

        module, attribute = _KEPT[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _sheet_of(game: Any) -> ScoreSheet | None:
    """The score sheet of the registered game ``game``, or ``None`` (no such game, or no sheet)."""
    if not isinstance(game, str) or game not in game_ids():
        return None
    return get_game(game).score_sheet


def _sheet_games() -> list[str]:
    """The ids of the registered games that have a score sheet."""
    return [g for g in game_ids() if get_game(g).score_sheet is not None]


def _one_of(values) -> str:
    """``"a" or "b"``: the values as JSON strings joined by "or"."""
    return " or ".join(json.dumps(v) for v in values)


class _TableSizes(Mapping):
    """``game id -> table sizes`` of the registered games that have a score sheet (FR-2.2; HU-2,
    HU-9): ``TABLE_SIZES["french"] == (3, 4, 5)``."""

    def __getitem__(self, game: Any) -> tuple[int, ...]:
        if _sheet_of(game) is None:
            raise KeyError(game)
        return get_game(game).table_sizes

    def __iter__(self) -> Iterator[str]:
        return iter(_sheet_games())

    def __len__(self) -> int:
        return len(_sheet_games())


#: The table sizes of each game's sheet, by game id (read from the registered games).
TABLE_SIZES: Mapping[str, tuple[int, ...]] = _TableSizes()


def score_json(data: object, check: bool = True):
    """Score one deal given as the ``score`` command's JSON input object (decoded): French Tarot
    without ``game`` (:data:`tarot_core.game.DEFAULT_GAME`) or with ``"french"``, Hungarian
    Tarokk with ``"hungarian"``, any registered game with a score sheet by its id (its
    ``score_sheet.score_json``). This is the command's own code path (``python -m tarot_core
    score`` calls it).

    Returns a :class:`tarot_core.french.scoring.DealScore` (FR-7) or a
    :class:`tarot_core.hungarian.scoring.HungarianScore` (HU-8). Raises
    :class:`~tarot_core.errors.ScoreInputError` naming the bad key (``game`` for another game),
    also for a deal no play of the cards can give unless ``check`` is false (see the games'
    ``check_possible``).
    """
    if isinstance(data, dict) and "game" in data:
        game = data["game"]
        sheet = _sheet_of(game)
        if sheet is None:
            shown = json.dumps(game[:40]) + ("..." if len(game) > 40 else "") if isinstance(game, str) else "a non-string"
            raise ScoreInputError("game", f"expected {_one_of(_sheet_games())}, got {shown}")
        return sheet.score_json(data, check)
    return get_game(DEFAULT_GAME).score_sheet.score_json(data, check)


def clean_name(text: object) -> str:
    """A player's name made safe to show and to store: NFC-normalised, without control, format
    (bidirectional overrides included), private-use or unassigned characters, runs of white space
    made one space, trimmed, at most :data:`NAME_MAX` characters; ``""`` for a non-string (the
    cleaning of :func:`tarot_core.leaderboard.clean_name`, without importing the share codes)."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text)
                   if ch.isspace() or unicodedata.category(ch) not in _DROPPED)
    return " ".join(kept.split())[:NAME_MAX].rstrip()


def score_input(game: str, players: int, deal: object, profile: str | None = None) -> dict[str, Any]:
    """The ``score`` command's input object for one sheet ``deal`` (see the module's docstring)
    of ``game`` at ``players``: the seats checked and turned into sides and roles, every other
    field passed on as it is (the command checks those), by the game's ``score_sheet``;
    ``profile`` by default the game's first (``"pagat"``).

    French: a poignée's ``seat`` becomes its side (the taker's side is the taker and, at 5, the
    partner; FR-4.4), ``partner`` (5 players) becomes ``true`` / ``false``. Hungarian: ``alone``
    from ``partner``, a tarokk count's ``seat`` becomes its role, ``profile`` the sheet's.

    Raises :class:`SheetError` naming the deal's key: a seat out of range, a partner who is the
    taker or declarer, a partner at 3 or 4 French players, a missing or extra player sitting out
    in Hungarian Tarokk (5 players: exactly one, neither declarer nor partner), an unknown key.
    """
    sheet = _sheet_of(game)
    if sheet is None:
        raise SheetError("game", f"expected {_one_of(_sheet_games())}, got {game!r}")
    return sheet.score_input(players, deal, sheet.profiles[0] if profile is None else profile)


def _scores(game: str, players: int, deal: dict, result) -> tuple[int, ...]:
    """Each player's score for one deal from the ``score`` command's ``result`` (FR-7.5, HU-8.3)."""
    return get_game(game).score_sheet.scores(players, deal, result)


class Sheet:
    """A score sheet (see the module's docstring): ``game``, ``names`` (a tuple), ``profile``
    (Hungarian; ``"pagat"`` for French sheets, unused), ``deals`` (a tuple of deal objects, as
    entered), and, computed once when the sheet is made, ``results`` (the ``score`` command's
    result of each deal), ``rows`` (each deal's scores by player, each summing to zero) and
    ``totals`` (the running total of each player after the last deal).

    Build one with :meth:`new` or :meth:`from_json`; :meth:`add`, :meth:`undo` and
    :meth:`rename` return a new sheet and leave this one as it was. Every constructor raises
    :class:`SheetError` naming the bad field (its message the scoring's, a
    :class:`~tarot_core.errors.Message` when it has one). A deal no play of the cards can give
    (the games' ``check_possible``) is refused when added; the first ``unchecked`` deals (those a sheet
    already held, perhaps stored before that check existed) are scored without it, so that a
    stored sheet stays readable.
    """

    __slots__ = ("game", "names", "profile", "deals", "results", "rows", "totals")

    def __init__(self, game: str, names, deals=(), profile: str | None = None, unchecked: int = 0) -> None:
        sheet = _sheet_of(game)  # a list or dict is no key: checked first
        if sheet is None:
            raise SheetError("game", f"expected {_one_of(_sheet_games())}, got {game!r}")
        profile = sheet.profiles[0] if profile is None else profile
        if not isinstance(profile, str) or profile not in sheet.profiles:
            raise SheetError("profile", f"expected {_one_of(sheet.profiles)}, got {profile!r}")
        names = self._check_names(game, names)
        players = len(names)
        if not isinstance(deals, (list, tuple)):
            raise SheetError("deals", "expected a list of deals")
        results, rows = [], []
        kept = []
        for i, deal in enumerate(deals):
            try:
                data = score_input(game, players, deal, profile)
                result = score_json(data, check=i >= unchecked)  # deals kept before are not checked again
                scores = _scores(game, players, deal, result)
            except ScoreInputError as e:
                key = _deal_key(game, e.key)
                raise SheetError(f"deals[{i}]" + (f".{key}" if key else ""), message_of(e)) from None
            if sum(scores) != 0:  # the scoring always sums to zero (FR-7.5, HU-8.3): a guard
                raise SheetError(f"deals[{i}]", f"the scores {scores} do not sum to zero")
            kept.append(json.loads(json.dumps(deal)))  # a copy the caller cannot change
            results.append(result)
            rows.append(scores)
        self.game, self.names, self.profile = game, names, profile
        self.deals = tuple(kept)
        self.results, self.rows = tuple(results), tuple(rows)
        self.totals = tuple(sum(col) for col in zip(*rows)) if rows else (0,) * players

    @staticmethod
    def _check_names(game: str, names) -> tuple[str, ...]:
        if not isinstance(names, (list, tuple)):
            raise SheetError("names", "expected a list of names")
        sizes = get_game(game).table_sizes
        if len(names) not in sizes:
            raise SheetError("names", f"{game} is played by {', '.join(map(str, sizes[:-1]))} or {sizes[-1]} "
                                      f"players, not {len(names)}")
        out: list[str] = []
        for i, raw in enumerate(names):
            if not isinstance(raw, str):
                raise SheetError(f"names[{i}]", "expected a text")
            name = clean_name(raw)
            if not name:
                raise SheetError(f"names[{i}]", "a player needs a name")
            if name.casefold() in (n.casefold() for n in out):
                raise SheetError(f"names[{i}]", f"two players are called {name!r}")
            out.append(name)
        return tuple(out)

    @property
    def players(self) -> int:
        """The number of players (3–5)."""
        return len(self.names)

    @classmethod
    def new(cls, game: str, names, profile: str | None = None) -> "Sheet":
        """An empty sheet of ``game`` for ``names`` (3–5 French, 4–5 Hungarian; cleaned with
        :func:`clean_name`, none empty, no two alike). Raises :class:`SheetError`."""
        return cls(game, names, (), profile)

    def add(self, deal: object) -> "Sheet":
        """This sheet with ``deal`` (a deal object, see the module's docstring) scored and added
        last. Raises :class:`SheetError` whose ``key`` is the deal's key at fault (``"points"``,
        ``"poignees[0].size"``, ``"announced[1].kontra"``, ``"partner"``)."""
        try:
            return Sheet(self.game, self.names, self.deals + (deal,), self.profile, unchecked=len(self.deals))
        except SheetError as e:
            prefix = f"deals[{len(self.deals)}]"
            key = e.key[len(prefix) + 1:] if e.key and e.key.startswith(prefix + ".") else e.key
            raise SheetError(None if key == prefix else key, message_of(e)) from None

    def undo(self) -> "Sheet":
        """This sheet without its last deal (the same sheet when it has none)."""
        return Sheet(self.game, self.names, self.deals[:-1], self.profile, unchecked=len(self.deals))

    def rename(self, names) -> "Sheet":
        """This sheet with the players renamed (as many names as players, in seat order: the
        deals keep their seats). Raises :class:`SheetError` (``names[i]``)."""
        names = list(names) if isinstance(names, (list, tuple)) else names
        if isinstance(names, list) and len(names) != self.players:
            raise SheetError("names", f"expected {self.players} names, got {len(names)}")
        return Sheet(self.game, names, self.deals, self.profile, unchecked=len(self.deals))

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "tarot-scoresheet", "version": 1, "game", "names", "profile", "deals"}``:
        what :meth:`from_json` reads back (the scores are not stored: they are recomputed)."""
        return {"kind": SHEET_KIND, "version": SHEET_VERSION, "game": self.game, "names": list(self.names),
                "profile": self.profile, "deals": [json.loads(json.dumps(d)) for d in self.deals]}

    def dumps(self) -> str:
        """:meth:`to_json` as compact JSON text (UTF-8 names kept as they are)."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: object) -> "Sheet":
        """The sheet :meth:`to_json` wrote; every deal is checked and scored again. Raises
        :class:`SheetError` naming the field at fault: ``kind``, ``version`` (another version
        than :data:`SHEET_VERSION`), ``game``, ``names[i]``, ``profile``, ``deals[i].<key>``, or
        an unknown key."""
        d = _object(None, data, ("kind", "version", "game", "names", "profile", "deals"))
        if d.get("kind") != SHEET_KIND:
            raise SheetError("kind", f"not a score sheet (expected \"{SHEET_KIND}\")")
        if d.get("version") != SHEET_VERSION:
            raise SheetError("version", f"expected version {SHEET_VERSION}, got {d.get('version')!r}")
        for k in ("game", "names", "deals"):
            if k not in d:
                raise SheetError(k, "missing required key")
        deals = d["deals"]
        return cls(d["game"], d["names"], deals, d.get("profile"),
                   unchecked=len(deals) if isinstance(deals, (list, tuple)) else 0)

    @classmethod
    def loads(cls, text: str) -> "Sheet":
        """:meth:`from_json` of a JSON text, read by :func:`tarot_core.jsonsafe.loads` (bounded in
        length and nesting); text that is not JSON, or too long or too deep to read, is a
        :class:`SheetError` with key ``None``."""
        from .jsonsafe import UntrustedJSONError, loads

        try:
            data = loads(text)
        except UntrustedJSONError as e:
            raise SheetError(None, "not valid JSON" if e.reason in ("type", "syntax") else str(e)) from None
        return cls.from_json(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Sheet({self.game!r}, {self.names!r}, {len(self.deals)} deals)"


def _deal_key(game: str, key: str | None) -> str | None:
    """A key of the ``score`` command's input as the sheet's deal names it: the French
    ``players`` is the sheet's names; the rest as the game's sheet says (``deal_key``: a French
    poignée's ``side`` is its ``seat``)."""
    if key == "players":
        return "names"
    return get_game(game).score_sheet.deal_key(key)
