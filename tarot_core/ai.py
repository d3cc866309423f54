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

:data:`PLAYERS` maps ``(game id, version)`` to the function; :data:`LEVELS` maps a level name to
the version that plays it now. :func:`hint` gives the search player's expected score of every
legal choice.

:func:`choose_move` is the same players on a whole game state (the seat to act chooses, reading
only what its view would show) and in the state's compact moves: for simulations and replays,
where building a view per decision would cost most of the time. :data:`FAST_PLAYERS` holds the
versions written that way (``v1``: :mod:`tarot_core.french.fast_v1`, checked move for move
against :mod:`tarot_core.french.ai_v1`, which defines it).
"""

from __future__ import annotations

import sys
from typing import Any, Callable

from .french import SeatView
from .french.ai_v1 import AI_LABEL, BID_THRESHOLDS, ecart_plan, hand_strength  # noqa: F401
from .french.ai_v1 import choose_action as _french_v1
from .french.fast_v1 import choose_move as _french_fast_v1

__all__ = ["choose_action", "choose_move", "hint", "searches", "PLAYERS", "FAST_PLAYERS", "LEVELS",
           "CURRENT_VERSION", "BUDGETS", "BUDGETS_HUNGARIAN", "SEARCH_VERSIONS",
           "SEARCH_VERSIONS_HUNGARIAN", "AI_LABEL", "BID_THRESHOLDS",
           "ecart_plan", "hand_strength"]


def _searching(game: str, budget: int, algorithm: str = "v2") -> Callable[[Any, int | str, int], Any]:
    """The search player ``algorithm`` of ``game`` with ``budget`` sampled deals per decision."""
    def player(view: Any, seed: int | str, step: int) -> Any:
        return _ALGORITHMS[(game, algorithm)]().choose_action(view, seed, step, budget)
    return player


#: Sampled deals per decision of the search levels (:mod:`tarot_core.french.ai_v2` and ``ai_v3``).
BUDGETS: dict[str, int] = {"normal": 8, "strong": 32}
#: The same for Hungarian Tarokk (:mod:`tarot_core.hungarian.ai_v2`, ``ai_v3`` and ``ai_v4``,
#: whose checked bids and announcements sample at least ``ai_v4.GATE_DEALS``), whose play-outs
#: cost more.
BUDGETS_HUNGARIAN: dict[str, int] = {"normal": 4, "strong": 12}

#: Every published computer player: ``(game id, version) -> choose(view, seed, step)``.
PLAYERS: dict[tuple[str, str], Callable[[Any, int | str, int], Any]] = {
    ("french", "v1"): _french_v1,
    ("hungarian", "v1"): lambda view, seed, step: _hungarian_v1()(view, seed, step),
    ("french", "v2-normal"): _searching("french", BUDGETS["normal"]),
    ("french", "v2-strong"): _searching("french", BUDGETS["strong"]),
    ("hungarian", "v2-normal"): _searching("hungarian", BUDGETS_HUNGARIAN["normal"]),
    ("hungarian", "v2-strong"): _searching("hungarian", BUDGETS_HUNGARIAN["strong"]),
    ("hungarian", "v3-normal"): _searching("hungarian", BUDGETS_HUNGARIAN["normal"], "v3"),
    ("hungarian", "v3-strong"): _searching("hungarian", BUDGETS_HUNGARIAN["strong"], "v3"),
    ("hungarian", "v4-normal"): _searching("hungarian", BUDGETS_HUNGARIAN["normal"], "v4"),
    ("hungarian", "v4-strong"): _searching("hungarian", BUDGETS_HUNGARIAN["strong"], "v4"),
    ("french", "v3-normal"): _searching("french", BUDGETS["normal"], "v3"),
    ("french", "v3-strong"): _searching("french", BUDGETS["strong"], "v3"),
}

#: The search algorithm behind each searching version, and its budget: ``version -> (algorithm,
#: budget)``; a call with ``budget=`` plays the algorithm with that budget instead.
SEARCH_VERSIONS: dict[str, tuple[str, int]] = {
    "v2-normal": ("v2", BUDGETS["normal"]),
    "v2-strong": ("v2", BUDGETS["strong"]),
    "v3-normal": ("v3", BUDGETS["normal"]),
    "v3-strong": ("v3", BUDGETS["strong"]),
}
#: Hungarian Tarokk's searching versions, as :data:`SEARCH_VERSIONS`.
SEARCH_VERSIONS_HUNGARIAN: dict[str, tuple[str, int]] = {
    "v2-normal": ("v2", BUDGETS_HUNGARIAN["normal"]),
    "v2-strong": ("v2", BUDGETS_HUNGARIAN["strong"]),
    "v3-normal": ("v3", BUDGETS_HUNGARIAN["normal"]),
    "v3-strong": ("v3", BUDGETS_HUNGARIAN["strong"]),
    "v4-normal": ("v4", BUDGETS_HUNGARIAN["normal"]),
    "v4-strong": ("v4", BUDGETS_HUNGARIAN["strong"]),
}

#: The same players on a game state, in compact moves: ``(game id, version) -> choose(state, seed,
#: step) -> move``.
FAST_PLAYERS: dict[tuple[str, str], Callable[[Any, int | str, int], int]] = {
    ("french", "v1"): _french_fast_v1,
}

#: The version each level plays now, by game.
LEVELS: dict[str, dict[str, str]] = {
    "french": {"easy": "v1", "normal": "v3-normal", "strong": "v3-strong"},
    "hungarian": {"easy": "v1", "normal": "v4-normal", "strong": "v4-strong"},
}

#: The version used when none is named.
CURRENT_VERSION = "v1"


def _hungarian_v1() -> Callable[[Any, int | str, int], Any]:
    """:func:`tarot_core.hungarian.ai_v1.choose_action`, imported on first use (the French page
    loads no Hungarian module)."""
    from .hungarian.ai_v1 import choose_action as player

    return player


def _game_of(view: Any) -> str:
    if isinstance(view, SeatView):
        return "french"
    hungarian = sys.modules.get("tarot_core.hungarian.view")  # loaded with any Hungarian deal
    if hungarian is not None and isinstance(view, hungarian.HungarianView):
        return "hungarian"
    raise TypeError(f"not a seat view of a known game: {type(view).__name__}")


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
    return version in (SEARCH_VERSIONS if game == "french" else SEARCH_VERSIONS_HUNGARIAN)


def _search(game: str, version: str, budget: int | None):
    """The search function and budget for ``version`` (a searching version) or ``None``."""
    algorithm = (SEARCH_VERSIONS if game == "french" else SEARCH_VERSIONS_HUNGARIAN).get(version)
    if algorithm is None:
        if budget is not None:
            raise ValueError(f"computer player {version!r} of {game} has no search budget "
                             f"(searching levels: normal, strong)")
        return None
    if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget < 1):
        raise ValueError(f"a search budget is a whole number of sampled deals, at least 1; got {budget!r}")
    return algorithm[0], budget if budget is not None else algorithm[1]


def choose_move(state: Any, seed: int | str, step: int, *, version: str | None = None,
                level: str | None = None, budget: int | None = None) -> int:
    """The compact move (``state.legal_moves()``'s kind) of the computer player for the seat to
    act in ``state`` — the same choice as :func:`choose_action` on that seat's view.

    Args and errors as :func:`choose_action` (``state`` a game state, e.g. a
    :class:`~tarot_core.french.FrenchDeal`). A version with no compact form is played through
    its view.
    """
    from .french import FrenchDeal
    if isinstance(state, FrenchDeal):
        game = "french"
    elif "tarot_core.hungarian.state" in sys.modules and isinstance(
            state, sys.modules["tarot_core.hungarian.state"].HungarianDeal):
        game = "hungarian"
    else:
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
    a budget the version does not take; ``TypeError`` for a view of no known game.
    """
    game = _game_of(view)
    version = _version(game, version, level)
    player = PLAYERS.get((game, version))
    if player is None:
        raise ValueError(f"unknown computer player version {version!r} for {game}")
    search = _search(game, version, budget)
    if search is not None and budget is not None:
        return _ALGORITHMS[(game, search[0])]().choose_action(view, seed, step, search[1])
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
    values, _, first = _ALGORITHMS[(game, search[0])]().search(view, seed, step, search[1])
    rest = [pair for i, pair in enumerate(values) if i not in first]
    return [values[i] for i in first] + sorted(rest, key=lambda pair: -pair[1])  # stable: ties keep order


def _french_ai_v2():
    from .french import ai_v2

    return ai_v2


def _french_ai_v3():
    from .french import ai_v3

    return ai_v3


def _hungarian_ai_v2():
    from .hungarian import ai_v2

    return ai_v2


def _hungarian_ai_v3():
    from .hungarian import ai_v3

    return ai_v3


def _hungarian_ai_v4():
    from .hungarian import ai_v4

    return ai_v4


#: The search algorithms by ``(game, name)``, imported on first use.
_ALGORITHMS: dict[tuple[str, str], Callable[[], Any]] = {("french", "v2"): _french_ai_v2,
                                                         ("french", "v3"): _french_ai_v3,
                                                         ("hungarian", "v2"): _hungarian_ai_v2,
                                                         ("hungarian", "v3"): _hungarian_ai_v3,
                                                         ("hungarian", "v4"): _hungarian_ai_v4}
