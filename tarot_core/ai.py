"""Computer players: one entry point, :func:`choose_action`, for every game and version.

A computer player sees only its seat's view and chooses one action. Each player is **versioned**:
a version, once published, never changes its choices, because share codes and daily results
replay your moves against the computer players and must verify forever. Today's player of French
Tarot is ``v1`` (:mod:`tarot_core.french.ai_v1`); a share code without a version means ``v1``.
Hungarian Tarokk's is its own ``v1`` (:mod:`tarot_core.hungarian.ai_v1`), played through views.

:data:`PLAYERS` maps ``(game id, version)`` to the function; :data:`LEVELS` maps a level name to
the version that plays it now (``"easy"`` is ``v1``).

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

__all__ = ["choose_action", "choose_move", "PLAYERS", "FAST_PLAYERS", "LEVELS", "CURRENT_VERSION",
           "AI_LABEL", "BID_THRESHOLDS", "ecart_plan", "hand_strength"]

#: Every published computer player: ``(game id, version) -> choose(view, seed, step)``.
PLAYERS: dict[tuple[str, str], Callable[[Any, int | str, int], Any]] = {
    ("french", "v1"): _french_v1,
    ("hungarian", "v1"): lambda view, seed, step: _hungarian_v1()(view, seed, step),
}

#: The same players on a game state, in compact moves: ``(game id, version) -> choose(state, seed,
#: step) -> move``.
FAST_PLAYERS: dict[tuple[str, str], Callable[[Any, int | str, int], int]] = {
    ("french", "v1"): _french_fast_v1,
}

#: The version each level plays now, by game.
LEVELS: dict[str, dict[str, str]] = {"french": {"easy": "v1"}, "hungarian": {"easy": "v1"}}

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


def choose_move(state: Any, seed: int | str, step: int, *, version: str | None = None,
                level: str | None = None) -> int:
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
    if fast is not None:
        return fast(state, seed, step)
    if state.turn is None:
        raise ValueError("nobody is to act: the deal is over")
    return state.move_of(choose_action(state.view(state.turn), seed, step, version=version))


def choose_action(view: Any, seed: int | str, step: int, *, version: str | None = None,
                  level: str | None = None) -> Any:
    """The action the computer player at ``view.seat`` takes now.

    Args:
        view: the seat's view (:class:`~tarot_core.french.SeatView`); it must be this seat's
            turn (``view.legal`` not empty).
        seed: the deal's seed (any int or str); with ``step`` it seeds the player's choices.
        step: the number of actions applied to the deal so far.
        version: the player's version (``"v1"``); default :data:`CURRENT_VERSION`.
        level: instead of ``version``, a level name (``"easy"``), resolved by :data:`LEVELS`.

    Returns one of ``view.legal`` (for a French poignée, a legal :class:`Poignee`). The same
    ``(view, seed, step, version)`` always gives the same action, in CPython and Pyodide.

    Raises ``ValueError`` when it is not this seat's turn or for an unknown version or level,
    ``TypeError`` for a view of no known game.
    """
    game = _game_of(view)
    version = _version(game, version, level)
    player = PLAYERS.get((game, version))
    if player is None:
        raise ValueError(f"unknown computer player version {version!r} for {game}")
    return player(view, seed, step)
