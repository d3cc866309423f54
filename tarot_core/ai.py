"""Computer players: one entry point, :func:`choose_action`, for every game and version.

A computer player sees only its seat's view and chooses one action. Each player is **versioned**:
a version, once published, never changes its choices, because share codes and daily results
replay your moves against the computer players and must verify forever. Today's player of French
Tarot is ``v1`` (:mod:`tarot_core.french.ai_v1`); a share code without a version means ``v1``.
Hungarian Tarokk's is its own ``v1`` (:mod:`tarot_core.hungarian.ai_v1`), played through views.

**Levels.** ``"easy"`` is ``v1``, the hand-written rules. In French Tarot ``"normal"`` and
``"strong"`` are the search player ``v3`` (:mod:`tarot_core.french.ai_v3`: determinized Monte
Carlo over sampled deals weighted by what the bids, poignées and écart tell, exact search of the
last tricks, calibrated bids) with a budget of :data:`BUDGETS` sampled deals per decision (a bid
on at least :data:`tarot_core.french.ai_v3.BID_DEALS`); the published versions ``v3-normal`` and
``v3-strong`` are those two budgets, frozen. ``v2-normal`` and ``v2-strong``
(:mod:`tarot_core.french.ai_v2`, the same search with only the bids weighing the sampled deals),
the levels of the first searching release, are published and frozen too. In Hungarian Tarokk
they are ``v4-normal`` and ``v4-strong`` (:mod:`tarot_core.hungarian.ai_v4`, budgets
:data:`BUDGETS_HUNGARIAN`): the search of its ``v3`` (:mod:`tarot_core.hungarian.ai_v3`: sampled
deals weighted by what the bids and announcements tell) for the discard, the call and the play,
and ``v1``'s bids, announcements and kontras checked by simulation, which may withdraw them;
its ``v3-normal`` and ``v3-strong`` (the levels before) and ``v2-*`` stay published and frozen.
A caller may set its own budget (``budget=``): more sampled deals play better and take longer,
and the same ``(view, seed, step, budget)`` always gives the same choice.

**Registered by each game.** This module holds no game's players: each game registers its
versions, levels, search algorithms and budgets with its rules (``rules.computer_players``, a
:class:`tarot_core.game.ComputerPlayers`: :mod:`tarot_core.french.players`,
:mod:`tarot_core.hungarian.players`), and a view names its game (``view.game``), so a new game
plugs in without touching this module. :data:`PLAYERS` maps ``(game id, version)`` to the
function and :data:`LEVELS` a game id to its level names and versions, read from the registry
(a game's package is loaded when one of its entries is read). :func:`hint` gives the search
player's expected score of every legal choice.

:func:`choose_move` is the same players on a whole game state (the seat to act chooses, reading
only what its view would show) and in the state's compact moves: for simulations and replays,
where building a view per decision would cost most of the time. :data:`FAST_PLAYERS` holds the
versions written that way (French ``v1``: :mod:`tarot_core.french.fast_v1`, checked move for move
against :mod:`tarot_core.french.ai_v1`, which defines it).

``BUDGETS``, ``BUDGETS_HUNGARIAN``, ``SEARCH_VERSIONS``, ``SEARCH_VERSIONS_HUNGARIAN`` and the
French ``v1``'s ``AI_LABEL``, ``BID_THRESHOLDS``, ``ecart_plan``, ``hand_strength`` stay
importable from here for the tools that read them (:data:`_KEPT`), read from the games' modules
on first use.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Iterator, Mapping

from .game import ComputerPlayers, game_ids, get_game

__all__ = ["choose_action", "choose_move", "hint", "searches", "PLAYERS", "FAST_PLAYERS", "LEVELS",
           "CURRENT_VERSION", "BUDGETS", "BUDGETS_HUNGARIAN", "SEARCH_VERSIONS",  # noqa: F822 (__getattr__)
           "SEARCH_VERSIONS_HUNGARIAN", "AI_LABEL", "BID_THRESHOLDS",
           "ecart_plan", "hand_strength"]

#: The version used when none is named.
CURRENT_VERSION = "v1"

#: Names kept importable from this module for the tools that read them: ``name -> (module,
#: attribute)``, read on first use (from before the players were registered by each game).
_KEPT: dict[str, tuple[str, str]] = {
    "BUDGETS": ("tarot_core.french.players", "BUDGETS"),
    "SEARCH_VERSIONS": ("tarot_core.french.players", "SEARCH_VERSIONS"),
    "BUDGETS_HUNGARIAN": ("tarot_core.hungarian.players", "BUDGETS"),
    "SEARCH_VERSIONS_HUNGARIAN": ("tarot_core.hungarian.players", "SEARCH_VERSIONS"),
    "AI_LABEL": ("tarot_core.french.ai_v1", "AI_LABEL"),
    "BID_THRESHOLDS": ("tarot_core.french.ai_v1", "BID_THRESHOLDS"),
    "ecart_plan": ("tarot_core.french.ai_v1", "ecart_plan"),
    "hand_strength": ("tarot_core.french.ai_v1", "hand_strength"),
    # The search modules' loaders, read by tests and benchmarks (``ai._french_ai_v3()``):
    "_french_ai_v2": ("tarot_core.french.players", "_ai_v2"),
    "_french_ai_v3": ("tarot_core.french.players", "_ai_v3"),
    "_hungarian_ai_v2": ("tarot_core.hungarian.players", "_ai_v2"),
    "_hungarian_ai_v3": ("tarot_core.hungarian.players", "_ai_v3"),
    "_hungarian_ai_v4": ("tarot_core.hungarian.players", "_ai_v4"),
}


def __getattr__(name: str) -> Any:
    if name in _KEPT:
        module, attribute = _KEPT[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _players_of(game: Any) -> ComputerPlayers | None:
    """The computer players of the registered game ``game``, or ``None`` for no such game."""
    if not isinstance(game, str) or game not in game_ids():
        return None
    return get_game(game).computer_players


class _ByGameAndName(Mapping):
    """``(game id, name) -> value`` over the registered games' computer players (one of their
    tables: ``players``, ``fast``, ``algorithms``), a game loaded when its entries are read."""

    def __init__(self, table: str, load: bool = False) -> None:
        self._table, self._load = table, load

    def __getitem__(self, key: Any) -> Any:
        if not (isinstance(key, tuple) and len(key) == 2):
            raise KeyError(key)
        players = _players_of(key[0])
        if players is None:
            raise KeyError(key)
        return getattr(players, self._table)[key[1]]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for game in game_ids():
            for name in getattr(get_game(game).computer_players, self._table):
                yield game, name

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _Levels(Mapping):
    """``game id -> {level: version}`` over the registered games."""

    def __getitem__(self, game: Any) -> dict[str, str]:
        players = _players_of(game)
        if players is None:
            raise KeyError(game)
        return players.levels

    def __iter__(self) -> Iterator[str]:
        return iter(game_ids())

    def __len__(self) -> int:
        return len(game_ids())


#: Every published computer player: ``(game id, version) -> choose(view, seed, step)``.
PLAYERS: Mapping[tuple[str, str], Callable[[Any, int | str, int], Any]] = _ByGameAndName("players")
#: The same players on a game state, in compact moves: ``(game id, version) -> choose(state, seed,
#: step) -> move``.
FAST_PLAYERS: Mapping[tuple[str, str], Callable[[Any, int | str, int], int]] = _ByGameAndName("fast")
#: The version each level plays now, by game: ``LEVELS["french"]["normal"] == "v3-normal"``.
LEVELS: Mapping[str, dict[str, str]] = _Levels()
#: The search algorithms by ``(game, name)``: a function importing and returning the module.
_ALGORITHMS: Mapping[tuple[str, str], Callable[[], Any]] = _ByGameAndName("algorithms")


def _game_of(view: Any) -> str:
    game = getattr(view, "game", None)
    if not hasattr(view, "legal") or _players_of(game) is None:
        raise TypeError(f"not a seat view of a known game: {type(view).__name__}")
    return game


def _version(game: str, version: str | None, level: str | None) -> str:
    if level is not None:
        if version is not None:
            raise ValueError("name a version or a level, not both")
        try:
            return LEVELS[game][level]
        except KeyError:
            raise ValueError(f"unknown level {level!r} for {game} "
                             f"(known: {', '.join(LEVELS.get(game, {}))})") from None
    return version or CURRENT_VERSION


def searches(game: str, version: str) -> bool:
    """Whether computer player ``version`` of ``game`` (``"french"``, ``"hungarian"``) searches
    (and so takes a budget and thinks for a while)."""
    players = _players_of(game)
    return players is not None and version in players.searching


def _search(game: str, version: str, budget: int | None):
    """The search algorithm's name and budget for ``version`` (a searching version) or ``None``."""
    algorithm = get_game(game).computer_players.searching.get(version)
    if algorithm is None:
        if budget is not None:
            raise ValueError(f"computer player {version!r} of {game} has no search budget "
                             f"(searching levels: normal, strong)")
        return None
    if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget < 1):
        raise ValueError(f"a search budget is a whole number of sampled deals, at least 1; got {budget!r}")
    return algorithm[0], budget if budget is not None else algorithm[1]


def _algorithm(game: str, name: str) -> Any:
    """The search module ``name`` of ``game`` (imported on first use)."""
    return get_game(game).computer_players.algorithms[name]()


def choose_move(state: Any, seed: int | str, step: int, *, version: str | None = None,
                level: str | None = None, budget: int | None = None) -> int:
    """The compact move (``state.legal_moves()``'s kind) of the computer player for the seat to
    act in ``state`` — the same choice as :func:`choose_action` on that seat's view.

    Args and errors as :func:`choose_action` (``state`` a game state, e.g. a
    :class:`~tarot_core.french.FrenchDeal`). A version with no compact form is played through
    its view.
    """
    game = getattr(state, "game", None)
    if not hasattr(state, "legal_moves") or _players_of(game) is None:
        raise TypeError(f"not a state of a known game: {type(state).__name__}")
    version = _version(game, version, level)
    fast = FAST_PLAYERS.get((game, version))
    if fast is not None and budget is None:
        return fast(state, seed, step)
    if state.turn is None:
        raise ValueError("nobody is to act: the deal is over")
    return state.move_of(choose_action(state.view(state.turn), seed, step, version=version, budget=budget))

def choose_action(view: Any, seed: int | str, step: int, *, version: str | None = None,
                  level: str | None = None, budget: int | None = None) -> Any:
    """The action the computer player at ``view.seat`` takes now.

    Args:
        view: the seat's view (:class:`~tarot_core.french.SeatView`, or a Hungarian
            :class:`~tarot_core.hungarian.view.HungarianView`); it must be this seat's turn
            (``view.legal`` not empty).
        seed: the deal's seed (any int or str); with ``step`` it seeds the player's choices.
        step: the number of actions applied to the deal so far.
        version: the player's version (``"v1"``, ``"v2-normal"``, ``"v2-strong"``,
            ``"v3-normal"``, ``"v3-strong"``; Hungarian Tarokk also ``"v4-normal"``,
            ``"v4-strong"``); default :data:`CURRENT_VERSION`.
        level: instead of ``version``, a level name (``"easy"``, ``"normal"``, ``"strong"``),
            resolved by :data:`LEVELS` for the view's game.
        budget: for a searching level or version only, the number of sampled deals per decision
            instead of the version's own (an int, at least 1).

    Returns one of ``view.legal`` (for a French poignée, a legal :class:`Poignee`). The same
    ``(view, seed, step, version, budget)`` always gives the same action, in CPython and Pyodide.

    Raises ``ValueError`` when it is not this seat's turn, for an unknown version or level, or
    a budget the version does not take; ``TypeError`` for a view of no known game (its ``game``
    not a registered id).
    """
    game = _game_of(view)
    version = _version(game, version, level)
    player = PLAYERS.get((game, version))
    if player is None:
        raise ValueError(f"unknown computer player version {version!r} for {game}")
    search = _search(game, version, budget)
    if search is not None and budget is not None:
        return _algorithm(game, search[0]).choose_action(view, seed, step, search[1])
    return player(view, seed, step)


def hint(view: Any, seed: int | str, step: int, *, level: str = "strong",
         budget: int | None = None) -> list[tuple[Any, float]]:
    """The search player's expected score of the legal actions of ``view.seat``:
    ``[(action, points), ...]``, the player's choice first (during a French écart: the chosen
    écart's cards, in its order), then the others by expected score, ties in the order of
    ``view.legal``. Points: the seat's score of the deal, averaged over the sampled deals (a
    ``v3`` French take's includes its calibrated bid bonus, :func:`tarot_core.french.ai_v3.bid_bonus`; a
    French écart card's value is that of the best candidate écart putting it aside, and only the
    candidates' cards are listed; in the Hungarian bidding and announcements — bids,
    announcements, kontras — the choice is ``v1``'s or, where the simulation withdraws it, the
    pass (:mod:`tarot_core.hungarian.ai_v4`), not always the best-valued).

    ``level`` names a searching level (``"normal"``, ``"strong"``) and ``budget`` may replace its
    number of sampled deals. The first entry is the action :func:`choose_action` takes with the
    same arguments (even when it is the only one).

    Raises ``ValueError`` when it is not this seat's turn, or for a level that does not search
    in this game; ``TypeError`` for a view of no known game.
    """
    game = _game_of(view)
    version = _version(game, None, level)
    search = _search(game, version, budget)
    if search is None:
        raise ValueError(f"level {level!r} of {game} does not search: no hint")
    values, _, first = _algorithm(game, search[0]).search(view, seed, step, search[1])
    rest = [pair for i, pair in enumerate(values) if i not in first]
    return [values[i] for i in first] + sorted(rest, key=lambda pair: -pair[1])  # stable: ties keep order
