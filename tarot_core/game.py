"""The game protocol, and the registry of the games this package plays.

Everything that is not one game's rules — matches (:mod:`tarot_core.match`), records
(:mod:`tarot_core.records`), daily games (:mod:`tarot_core.daily`), share codes
(:mod:`tarot_core.share`), saves (:mod:`tarot_core.saves`), the computer players' entry point
(:mod:`tarot_core.ai`) and the page — talks to a game through the three small interfaces below,
so that a second game plugs in by registering its :class:`GameRules` and touching none of them.

========================  =========================================================================
:class:`GameRules`        one game: its id, table sizes, counted deals per match, how to deal from a
                          seed, a new state for a deal, its record codec, ``determinize``
:class:`GameState`        one deal in progress: whose turn, the complete legal actions in one
                          canonical order, a checked ``apply``, an unchecked ``push`` and an O(1)
                          ``pop``, ``is_over``, the scores, a view per seat
:class:`GameView`         what one seat knows: the public history of the deal, its hand, its legal
                          actions when it is its turn
========================  =========================================================================

The protocol follows python-chess's board and move stack and OpenSpiel's state: small immutable
values for actions, one mutable state, ``legal_actions()`` complete and ordered, ``apply`` that
raises a typed error naming the rule and leaves the state unchanged, ``push``/``pop`` for search.

Games are registered by id (``"french"``, ``"hungarian"``) and loaded on first use,
so importing this module imports no game. Each game's rules also bring what the services need of
it — its computer players and levels (:class:`ComputerPlayers`), its score sheet
(:class:`ScoreSheet`), its daily game (:class:`DailyGame`), who took a deal (``taken``) — so
that the services hold no game's tables and never tell games apart by type; a view and a state
name their game (``game``). ``tests/toy_game.py`` registers a third game in the tests alone.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

__all__ = ["GameRules", "GameState", "GameView", "ComputerPlayers", "ScoreSheet", "DailyGame", "get_game",
           "game_ids", "register", "unregister", "game_of_record", "YOU", "DEFAULT_GAME"]

#: Your seat, the human player's, at every table: the page seats you at 0 and the services that
#: speak of *your* result count from it — a daily game is dealt so that you speak first, a share
#: code packs your moves and claims your total (:mod:`tarot_core.share`), a saved history entry's
#: ``score`` and ``rank`` are yours (:mod:`tarot_core.saves`). Every other seat is a computer
#: player.
YOU = 0

#: The game of data that names none, written before there was a second game: a share code of
#: format 1 (:mod:`tarot_core.share`), a history entry without ``"game"``
#: (:mod:`tarot_core.saves`), the ``score`` command's input without ``"game"``
#: (:mod:`tarot_core.scoresheet`); and the services' default ``game`` argument.
DEFAULT_GAME = "french"


@runtime_checkable
class GameView(Protocol):
    """What one seat of a deal knows (an immutable value).

    Attributes:
        game: the registry id of its game (``"french"``): the services find the game's computer
            players through it (:mod:`tarot_core.ai`).
        seat: whose view it is (0-based, seats in playing order).
        players: the table size.
        turn: the seat expected to act, or ``None`` once the deal is over.
        legal: this seat's legal actions when it is its turn (the state's ``legal_actions()``,
            same order), else empty.
        history: every action this seat has seen, in order (a hidden card appears as ``None``
            in the action, e.g. a French ``Discard(seat, None)``).
    """

    game: str
    seat: int
    players: int
    turn: int | None
    legal: tuple[Any, ...]
    history: tuple[Any, ...]


@runtime_checkable
class GameState(Protocol):
    """One deal in progress, changed only by ``apply``/``push``/``pop``.

    * ``legal_actions()``: every legal action of the seat whose turn it is, in one canonical
      order (share codes store indexes into it); empty once the deal is over.
    * ``apply(action)``: checked; an illegal action raises the game's
      :class:`~tarot_core.errors.IllegalActionError` naming the rule, and changes nothing.
    * ``legal_moves()`` / ``push(move)`` / ``pop()``: the same in the game's compact move form
      (small ints), unchecked and fast, for search; ``pop`` takes back the last action in O(1).
    * ``view(seat)``: a :class:`GameView`; ``scores``: one int per seat once over, else ``None``.
    * ``game``: the registry id of its game, as its views'.
    """

    game: str
    players: int
    turn: int | None
    history: Sequence[Any]

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...] | None: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def legal_moves(self) -> list[int]: ...

    def push(self, move: int) -> None: ...

    def pop(self) -> Any: ...

    def view(self, seat: int) -> GameView: ...


@runtime_checkable
class GameRules(Protocol):
    """One game, as the game-independent services use it.

    Attributes:
        id: the registry id (``"french"``).
        record_game: the ``"game"`` value of its records (``"french-tarot"``).
        name: the game's name for documentation (the page words it for players).
        table_sizes: the numbers of players it is played at, e.g. ``(3, 4, 5)``.
        counted_deals: counted deals in a match by table size (FR-8 for French Tarot).
        contract_names: the names a deal record's ``breakdown.contract`` may hold (Hungarian
            Tarokk's ``breakdown.bid``); the history's statistics count the deals taken by
            contract (:func:`tarot_core.saves.statistics`).
        computer_players: its computer players and levels (:class:`ComputerPlayers`), as
            :func:`tarot_core.ai.choose_action` plays them.
        score_sheet: its score-sheet input and the ``score`` command's scoring
            (:class:`ScoreSheet`), or ``None`` when it has no score sheet.
        daily: its daily game (:class:`DailyGame`), or ``None`` when it has none.
    """

    id: str
    record_game: str
    name: str
    table_sizes: tuple[int, ...]
    counted_deals: Mapping[int, int]
    contract_names: tuple[str, ...]
    computer_players: "ComputerPlayers"
    score_sheet: "ScoreSheet | None"
    daily: "DailyGame | None"

    def deal(self, seed: int | str, players: int, dealer: int) -> Any:
        """The dealt cards for ``seed`` (reproducible in CPython and Pyodide)."""

    def new_state(self, deal: Any) -> GameState:
        """A fresh state for dealt cards ``deal``."""

    def counts(self, state: GameState) -> bool:
        """Whether a finished deal counts towards a match (a thrown-in deal does not)."""

    def deal_record(self, state: GameState, seed: int | str | None = None) -> dict[str, Any]:
        """The deal's record (finished or not), in the game's record format."""

    def replay_deal(self, record: dict[str, Any], *, check_result: bool = True) -> GameState:
        """Replay a deal record; raises :class:`~tarot_core.errors.RecordError`."""

    def result_entry(self, state: GameState) -> dict[str, Any] | None:
        """The ``result`` object of a finished deal's record, ``None`` while in progress."""

    def determinize(self, view: GameView, rng: Any) -> GameState:
        """A full state consistent with everything ``view``'s seat knows, drawn with ``rng``."""

    def taken(self, breakdown: dict[str, Any]) -> tuple[Any, Any, bool]:
        """Who took a deal, from its record's ``result.breakdown``: ``(seat, contract name, made)``
        as the breakdown states them (unchecked: the history's statistics check them,
        :func:`tarot_core.saves.statistics`)."""


class ComputerPlayers:
    """A game's computer players, registered with its rules (``rules.computer_players``) and
    played by :func:`tarot_core.ai.choose_action`.

    A version, once published, never changes its choices (share codes and daily results replay
    against it).

    Args and attributes:
        versions: the published versions that do not search: ``version -> choose(view, seed,
            step) -> action``.
        levels: the version each level plays now: ``{"easy": "v1", "normal": ..., "strong": ...}``.
        searching: the searching versions: ``version -> (algorithm, sampled deals per decision)``.
        algorithms: ``algorithm -> load()``, ``load`` returning (importing on first use) the
            search module, which has ``choose_action(view, seed, step, budget)`` and ``search(view,
            seed, step, budget) -> (values, _, first)`` (:func:`tarot_core.ai.hint`).
        fast: versions also written on a whole state in compact moves: ``version -> choose(state,
            seed, step) -> move``, the same choices as through the view.
        budgets: the sampled deals per decision of each searching level (``{"normal": 8, ...}``).

    ``players`` is every published version, searching ones included: ``version -> choose(view,
    seed, step)``.

    Raises ``ValueError`` when a searching version names an unknown algorithm or a level an
    unknown version.
    """

    def __init__(self, versions: Mapping[str, Callable[[Any, Any, int], Any]], levels: Mapping[str, str],
                 searching: Mapping[str, tuple[str, int]] | None = None,
                 algorithms: Mapping[str, Callable[[], Any]] | None = None,
                 fast: Mapping[str, Callable[[Any, Any, int], int]] | None = None,
                 budgets: Mapping[str, int] | None = None) -> None:
        self.versions = dict(versions)
        self.levels = dict(levels)
        self.searching = dict(searching or {})
        self.algorithms = dict(algorithms or {})
        self.fast = dict(fast or {})
        self.budgets = dict(budgets or {})
        for version, (algorithm, _) in self.searching.items():
            if algorithm not in self.algorithms:
                raise ValueError(f"searching version {version!r} names an unknown algorithm {algorithm!r}")
        self.players: dict[str, Callable[[Any, Any, int], Any]] = dict(self.versions)
        for version, (algorithm, budget) in self.searching.items():
            self.players[version] = self._searcher(algorithm, budget)
        for level, version in self.levels.items():
            if version not in self.players:
                raise ValueError(f"level {level!r} names an unknown version {version!r}")

    def _searcher(self, algorithm: str, budget: int) -> Callable[[Any, Any, int], Any]:
        load = self.algorithms[algorithm]

        def player(view: Any, seed: Any, step: int) -> Any:
            return load().choose_action(view, seed, step, budget)
        return player


@runtime_checkable
class ScoreSheet(Protocol):
    """A game's score sheet for table play (``rules.score_sheet``) and the ``score`` command's
    scoring of it, as :mod:`tarot_core.scoresheet` uses them.

    Attributes:
        keys: the keys of a sheet's deal object (its documented input).
        profiles: the rule profiles a sheet may name, the default first (a game without profiles
            names the one value its sheets store).

    Errors are :class:`~tarot_core.errors.ScoreInputError` (the scoring) or
    :class:`tarot_core.scoresheet.SheetError` (a sheet's deal), naming the key.
    """

    keys: tuple[str, ...]
    profiles: tuple[str, ...]

    def score_json(self, data: dict[str, Any], check: bool = True) -> Any:
        """Score the ``score`` command's input object ``data`` (decoded JSON, with or without its
        ``"game"``); the result has ``to_json()``."""

    def score_input(self, players: int, deal: Any, profile: str) -> dict[str, Any]:
        """The ``score`` command's input for one sheet ``deal`` at ``players`` (seats checked)."""

    def scores(self, players: int, deal: dict[str, Any], result: Any) -> tuple[int, ...]:
        """Each player's score for a checked sheet ``deal`` from its scored ``result``."""

    def deal_key(self, key: str | None) -> str | None:
        """A key of the ``score`` command's input as the sheet's deal names it."""


class DailyGame:
    """A game's daily game (``rules.daily``, :mod:`tarot_core.daily`): a match dealt from the date.

    Attributes:
        players: its default table size.
        profile: the rule profile it is always played in (``None`` for a game without profiles).
        named: whether its seed text names the game (``"tarot-daily/v1/<game>/<date>/<players>"``);
            the first game's does not (``"tarot-daily/v1/<date>/<players>"``), and keeps so that
            every past daily deals as it did.
    """

    def __init__(self, players: int, profile: str | None = None, named: bool = True) -> None:
        self.players, self.profile, self.named = players, profile, named

    def __repr__(self) -> str:
        return f"DailyGame(players={self.players!r}, profile={self.profile!r}, named={self.named!r})"


#: Registered games: id -> module path (imported on first use) or the loaded rules object.
_GAMES: dict[str, Any] = {"french": "tarot_core.french", "hungarian": "tarot_core.hungarian"}


def register(rules: GameRules) -> None:
    """Register (or replace) the game ``rules.id``.

    Raises ``TypeError`` when ``rules`` lacks part of the :class:`GameRules` protocol.
    """
    if not isinstance(rules, GameRules):
        raise TypeError(f"{rules!r} does not implement the GameRules protocol")
    _GAMES[rules.id] = rules


def unregister(game_id: str) -> None:
    """Forget the game ``game_id`` (a game registered for a test). Raises ``ValueError`` for an
    unknown id."""
    if _GAMES.pop(game_id, None) is None:
        raise ValueError(f"unknown game {game_id!r}")


def get_game(game_id: str) -> GameRules:
    """The rules of game ``game_id`` (``"french"``), loading its package on first use.

    Raises ``ValueError`` naming the id when no such game is registered.
    """
    entry = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if entry is None:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(sorted(_GAMES))})")
    if isinstance(entry, str):
        entry = importlib.import_module(entry).RULES
        _GAMES[game_id] = entry
    return entry


def game_ids() -> list[str]:
    """The ids of the registered games, sorted."""
    return sorted(_GAMES)


def game_of_record(record_game: Any) -> GameRules:
    """The rules whose records carry ``"game": record_game`` (``"french-tarot"``).

    Raises ``ValueError`` naming the value when no registered game writes it.
    """
    for game_id in game_ids():
        rules = get_game(game_id)
        if rules.record_game == record_game:
            return rules
    raise ValueError(f"unknown game {record_game!r} in a record")
