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
so importing this module imports no game.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

__all__ = ["GameRules", "GameState", "GameView", "get_game", "game_ids", "register",
           "game_of_record", "YOU"]

#: Your seat, the human player's, at every table: the page seats you at 0 and the services that
#: speak of *your* result count from it — a daily game is dealt so that you speak first, a share
#: code packs your moves and claims your total (:mod:`tarot_core.share`), a saved history entry's
#: ``score`` and ``rank`` are yours (:mod:`tarot_core.saves`). Every other seat is a computer
#: player.
YOU = 0


@runtime_checkable
class GameView(Protocol):
    """What one seat of a deal knows (an immutable value).

    Attributes:
        seat: whose view it is (0-based, seats in playing order).
        players: the table size.
        turn: the seat expected to act, or ``None`` once the deal is over.
        legal: this seat's legal actions when it is its turn (the state's ``legal_actions()``,
            same order), else empty.
        history: every action this seat has seen, in order (a hidden card appears as ``None``
            in the action, e.g. a French ``Discard(seat, None)``).
    """

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
    """

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
    """

    id: str
    record_game: str
    name: str
    table_sizes: tuple[int, ...]
    counted_deals: Mapping[int, int]
    contract_names: tuple[str, ...]

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


#: Registered games: id -> module path (imported on first use) or the loaded rules object.
_GAMES: dict[str, Any] = {"french": "tarot_core.french", "hungarian": "tarot_core.hungarian"}


def register(rules: GameRules) -> None:
    """Register (or replace) the game ``rules.id``.

    Raises ``TypeError`` when ``rules`` lacks part of the :class:`GameRules` protocol.
    """
    if not isinstance(rules, GameRules):
        raise TypeError(f"{rules!r} does not implement the GameRules protocol")
    _GAMES[rules.id] = rules


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
