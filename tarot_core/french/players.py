"""French Tarot's computer players and levels, registered with :data:`tarot_core.french.RULES`
(``computer_players``) and played through :func:`tarot_core.ai.choose_action`.

* ``v1`` (:mod:`~tarot_core.french.ai_v1`): the hand-written rules, the ``easy`` level; also
  written on a whole state in compact moves (:mod:`~tarot_core.french.fast_v1`, checked move for
  move against ``ai_v1``);
* ``v3-normal``, ``v3-strong`` (:mod:`~tarot_core.french.ai_v3`): the ``normal`` and ``strong``
  levels, determinized Monte Carlo with :data:`BUDGETS` sampled deals per decision;
* ``v2-normal``, ``v2-strong`` (:mod:`~tarot_core.french.ai_v2`): the levels of the first
  searching release, published and frozen.
"""

from __future__ import annotations

from typing import Any

from ..game import ComputerPlayers
from .ai_v1 import choose_action as _v1
from .fast_v1 import choose_move as _fast_v1

__all__ = ["BUDGETS", "SEARCH_VERSIONS", "LEVELS", "COMPUTER_PLAYERS"]

#: Sampled deals per decision of the search levels (:mod:`tarot_core.french.ai_v2` and ``ai_v3``).
BUDGETS: dict[str, int] = {"normal": 8, "strong": 32}

#: The search algorithm behind each searching version, and its budget: ``version -> (algorithm,
#: budget)``; a call with ``budget=`` plays the algorithm with that budget instead.
SEARCH_VERSIONS: dict[str, tuple[str, int]] = {
    "v2-normal": ("v2", BUDGETS["normal"]),
    "v2-strong": ("v2", BUDGETS["strong"]),
    "v3-normal": ("v3", BUDGETS["normal"]),
    "v3-strong": ("v3", BUDGETS["strong"]),
}

#: The version each level plays now.
LEVELS: dict[str, str] = {"easy": "v1", "normal": "v3-normal", "strong": "v3-strong"}


def _ai_v2() -> Any:
    from . import ai_v2

    return ai_v2


def _ai_v3() -> Any:
    from . import ai_v3

    return ai_v3


#: The computer players of French Tarot (:class:`tarot_core.game.ComputerPlayers`).
COMPUTER_PLAYERS = ComputerPlayers(
    versions={"v1": _v1},
    levels=LEVELS,
    searching=SEARCH_VERSIONS,
    algorithms={"v2": _ai_v2, "v3": _ai_v3},  # imported on first use
    fast={"v1": _fast_v1},
    budgets=BUDGETS,
)
