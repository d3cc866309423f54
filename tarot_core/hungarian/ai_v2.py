"""Computer player ``v2`` of Hungarian Tarokk: determinized search over sampled deals.

The method of French Tarot's ``v2`` (:mod:`tarot_core.french.ai_v2`), on this game's engine:
before each choice with more than one legal action, it samples deals consistent with what its
seat knows (:func:`~tarot_core.hungarian.determinize.determinize`: its hand, the cards played,
the talon shares, the discarded tarokks, the called tarokk's holder once shown, voids and
tarokk shortness revealed by play), plays each legal action in every sampled deal, finishes the
deal with every seat playing as ``v1`` (:mod:`tarot_core.hungarian.ai_v1`) and keeps the action
with the best total score for its seat. Bids, the discard (card by card), the call, the
annulment, announcements, kontras and the play are all decided this way (HU-3 to HU-7).

What it reads is only what the determinized deals hold: the bids are not weighted here yet (a
later version may weigh them as the French player does); the engine keeps a snapshot per action,
so a play-out costs about 3 ms in CPython and budgets are small (:data:`BUDGETS`).

**Determinism.** Sampled deals come from a :class:`random.Random` seeded from
``SHA-256("tarot-core/hungarian/ai/v2|seed|seat|step|budget")``; the play-outs' draws are
``v1``'s, seeded by the sample's index; scores are integers and ties go to the first legal
action. The published versions ``v2-normal`` and ``v2-strong`` never change their choices.
"""

from __future__ import annotations

import random
from hashlib import sha256
from typing import Any

from .ai_v1 import choose_action as v1_action
from .determinize import determinize
from .view import HungarianView

__all__ = ["choose_action", "evaluate", "search", "BUDGETS", "AI_LABEL"]

AI_LABEL = "tarot-core/hungarian/ai/v2"

#: Sampled deals per decision of each published level.
BUDGETS: dict[str, int] = {"normal": 4, "strong": 12}


def _rollout(world: Any, me: int, seed: str) -> int:
    """``me``'s score once every seat has played ``world`` out as ``v1`` (on a copy)."""
    game = world.copy()
    while game.turn is not None:
        game.push(game.move_of(v1_action(game.view(game.turn), seed, game.ply)))
    return game.scores[me]


def search(view: HungarianView, seed: int | str, step: int, budget: int) -> tuple[list[tuple[Any, float]], int]:
    """``([(action, points), ...] in the order of view.legal, index of the choice)``: each legal
    action's mean score for ``view.seat`` over ``budget`` sampled deals.

    Raises ``ValueError`` when it is not ``view.seat``'s turn or ``budget`` is below 1.
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if budget < 1:
        raise ValueError(f"a search budget is at least 1 sampled deal, got {budget!r}")
    me = view.seat
    digest = sha256(f"{AI_LABEL}|{seed}|{me}|{step}|{budget}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    legal = list(view.legal)
    sums = [0] * len(legal)
    for i in range(budget):
        world = determinize(view, rng)
        for j, action in enumerate(legal):
            trial = world.copy()
            trial.push(trial.move_of(action))
            sums[j] += _rollout(trial, me, str(i))
    choice = max(range(len(legal)), key=lambda j: (sums[j], -j))
    return [(a, s / budget) for a, s in zip(legal, sums)], choice


def evaluate(view: HungarianView, seed: int | str, step: int, budget: int) -> list[tuple[Any, float]]:
    """Each of ``view.legal`` with its mean score for ``view.seat`` (:func:`search`)."""
    return search(view, seed, step, budget)[0]


def choose_action(view: HungarianView, seed: int | str, step: int, budget: int) -> Any:
    """The action ``v2`` takes for ``view.seat`` with ``budget`` sampled deals: one of
    ``view.legal``; a single legal action is returned without search. Errors as :func:`search`."""
    if len(view.legal) == 1:
        return view.legal[0]
    legal, choice = search(view, seed, step, budget)
    return legal[choice][0]
