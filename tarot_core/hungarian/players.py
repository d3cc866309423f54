"""Hungarian Tarokk's computer players and levels, registered with
:data:`tarot_core.hungarian.RULES` (``computer_players``) and played through
:func:`tarot_core.ai.choose_action`, through views.

* ``v1`` (:mod:`~tarot_core.hungarian.ai_v1`): the hand-written rules, the ``easy`` level;
* ``v4-normal``, ``v4-strong`` (:mod:`~tarot_core.hungarian.ai_v4`): the ``normal`` and
  ``strong`` levels with :data:`BUDGETS` sampled deals per decision: the search of ``v3`` for the
  discard, the call and the play, and ``v1``'s bids, announcements and kontras checked by
  simulation;
* ``v3-*`` (:mod:`~tarot_core.hungarian.ai_v3`, the levels before) and ``v2-*``
  (:mod:`~tarot_core.hungarian.ai_v2`) stay published and frozen.

Every module of a player is imported on first use (a page playing French Tarot loads none).
"""

from __future__ import annotations

from typing import Any

from ..game import ComputerPlayers

__all__ = ["BUDGETS", "SEARCH_VERSIONS", "LEVELS", "COMPUTER_PLAYERS"]

#: Sampled deals per decision of the search levels (:mod:`tarot_core.hungarian.ai_v2`, ``ai_v3``
#: and ``ai_v4``, whose checked bids and announcements sample at least ``ai_v4.GATE_DEALS``),
#: fewer than French Tarot's: its play-outs cost more.
BUDGETS: dict[str, int] = {"normal": 4, "strong": 12}

#: The searching versions: ``version -> (algorithm, budget)``.
SEARCH_VERSIONS: dict[str, tuple[str, int]] = {
    "v2-normal": ("v2", BUDGETS["normal"]),
    "v2-strong": ("v2", BUDGETS["strong"]),
    "v3-normal": ("v3", BUDGETS["normal"]),
    "v3-strong": ("v3", BUDGETS["strong"]),
    "v4-normal": ("v4", BUDGETS["normal"]),
    "v4-strong": ("v4", BUDGETS["strong"]),
}

#: The version each level plays now.
LEVELS: dict[str, str] = {"easy": "v1", "normal": "v4-normal", "strong": "v4-strong"}


def _v1(view: Any, seed: int | str, step: int) -> Any:
    """:func:`tarot_core.hungarian.ai_v1.choose_action`, imported on first use."""
    from .ai_v1 import choose_action

    return choose_action(view, seed, step)


def _ai_v2() -> Any:
    from . import ai_v2

    return ai_v2


def _ai_v3() -> Any:
    from . import ai_v3

    return ai_v3


def _ai_v4() -> Any:
    from . import ai_v4

    return ai_v4


#: The computer players of Hungarian Tarokk (:class:`tarot_core.game.ComputerPlayers`).
COMPUTER_PLAYERS = ComputerPlayers(
    versions={"v1": _v1},
    levels=LEVELS,
    searching=SEARCH_VERSIONS,
    algorithms={"v2": _ai_v2, "v3": _ai_v3, "v4": _ai_v4},
    budgets=BUDGETS,
)
