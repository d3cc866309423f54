"""Computer player ``v2`` of Hungarian Tarokk: determinized search over sampled deals.

The method of French Tarot's ``v2`` (:mod:`tarot_core.french.ai_v2`), on this game's engine:
before each choice with more than one legal action, it samples deals consistent with what its
seat knows (:func:`~tarot_core.hungarian.determinize.determinize`: its hand, the cards played,
the talon shares, the discarded tarokks, the called tarokk's holder once shown, voids and
tarokk shortness revealed by play), plays each legal action in every sampled deal, finishes the
deal with every seat playing as ``v1`` (:mod:`tarot_core.hungarian.ai_v1`) and keeps the action
with the best total score for its seat. The discard (card by card, HU-4), the call (HU-5) and
the play (HU-7) are decided this way; the bids, the annulment, the announcements and the
kontras (HU-3, HU-4.1, HU-6) stay ``v1``'s: searched over a handful of sampled deals, those
high-stakes choices (a kontra doubles, and may be doubled again) made the player worse than
``v1`` (``research/README.md``), so they wait for a better model.
The hint still gives every choice's simulated score in every phase.
When no sampled deal can be drawn (the sampler is a rejection sampler and may give up on a rare
view, :class:`~tarot_core.hungarian.determinize.DeterminizeError`), it plays as ``v1``.

What it reads is only what the determinized deals hold: the bids are not weighted here yet (a
later version may weigh them as the French player does); the engine keeps a snapshot per action,
so a play-out costs about 3 ms in CPython and budgets are small
(:data:`tarot_core.ai.BUDGETS_HUNGARIAN`: 4 and 12 sampled deals).

**Determinism.** Sampled deals come from a :class:`random.Random` seeded from
``SHA-256("tarot-core/hungarian/ai/v2|seed|seat|step|budget")``; the play-outs' draws are
``v1``'s, seeded by the sample's index; scores are integers and ties go to the first legal
action. The published versions ``v2-normal`` and ``v2-strong`` never change their choices.
"""

from __future__ import annotations

import random
from hashlib import sha256
from typing import Any, Callable, Iterator

from .actions import Phase
from .ai_v1 import choose_action as v1_action
from .determinize import DeterminizeError, determinize
from .view import HungarianView

#: The phases whose choices are searched (the others are ``v1``'s, see the module docstring).
SEARCHED = frozenset({Phase.DISCARD, Phase.CALL, Phase.PLAY})

__all__ = ["choose_action", "evaluate", "search", "SEARCHED", "AI_LABEL"]

AI_LABEL = "tarot-core/hungarian/ai/v2"


def _rollout(world: Any, me: int, seed: str) -> int:
    """``me``'s score once every seat has played ``world`` out as ``v1`` (on a copy)."""
    game = world.copy()
    while game.turn is not None:
        game.push(game.move_of(v1_action(game.view(game.turn), seed, game.ply)))
    return game.scores[me]


def search(view: HungarianView, seed: int | str, step: int,
           budget: int) -> tuple[list[tuple[Any, float]], int, list[int]]:
    """``([(action, points), ...] in the order of view.legal, index of the choice, [that index])``:
    each legal action's mean score for ``view.seat`` over ``budget`` sampled deals; the choice is
    the best one in a searched phase (:data:`SEARCHED`), ``v1``'s otherwise (the same shape as
    :func:`tarot_core.french.ai_v2.search`).

    Raises ``ValueError`` when it is not ``view.seat``'s turn or ``budget`` is below 1,
    :class:`~tarot_core.hungarian.determinize.DeterminizeError` when no deal can be sampled.
    """
    return _search(view, seed, step, budget, None, AI_LABEL, determinize, SEARCHED)


def _search(view: HungarianView, seed: int | str, step: int, budget: int,
            weigh: Callable[[Any, int], int] | None, label: str, sample: Callable[[HungarianView, Any], Any],
            searched: frozenset) -> tuple[list[tuple[Any, float]], int, list[int]]:
    """:func:`search` with worlds drawn by ``sample(view, rng)``, weighted by ``weigh(world,
    seat)`` (a positive ``int``; ``None``: all 1), seeded under ``label``, choosing by value in
    the phases ``searched``: the search of ``v2`` and of the versions built on it."""
    legal = list(view.legal)
    sums = [0] * len(legal)
    total = 0
    for weight, scores in scored_deals(view, seed, step, budget, weigh, label, sample):
        total += weight
        for j, score in enumerate(scores):
            sums[j] += weight * score
    if view.phase in searched:
        choice = max(range(len(legal)), key=lambda j: (sums[j], -j))
    else:
        choice = legal.index(v1_action(view, seed, step))
    return [(a, s / total) for a, s in zip(legal, sums)], choice, [choice]


def scored_deals(view: HungarianView, seed: int | str, step: int, budget: int,
                 weigh: Callable[[Any, int], int] | None, label: str,
                 sample: Callable[[HungarianView, Any], Any],
                 actions: list | None = None) -> Iterator[tuple[int, list[int]]]:
    """The sampled deals of a search, one by one: for each of ``budget`` deals drawn by
    ``sample(view, rng)`` (``rng`` a :class:`random.Random` seeded from
    ``SHA-256("label|seed|seat|step|budget")``), ``(weight, [score of each of view.legal])``:
    ``weigh(world, seat)`` (``None``: 1) and ``view.seat``'s score once the action is played
    and the deal finished by ``v1`` play-outs seeded by the deal's index. The loop of
    :func:`_search` and of players that read the deals one by one
    (:mod:`tarot_core.hungarian.ai_v4`, ``research/hu_gate.py``). ``actions``, some of
    ``view.legal``, scores only those, in that order (the deals and each action's score are the
    same as with all of them).

    Raises ``ValueError`` when it is not ``view.seat``'s turn or ``budget`` is below 1 (at the
    first deal asked for), and whatever ``sample`` raises
    (:class:`~tarot_core.hungarian.determinize.DeterminizeError`)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if budget < 1:
        raise ValueError(f"a search budget is at least 1 sampled deal, got {budget!r}")
    me = view.seat
    digest = sha256(f"{label}|{seed}|{me}|{step}|{budget}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    legal = list(view.legal) if actions is None else list(actions)
    for i in range(budget):
        world = sample(view, rng)
        weight = 1 if weigh is None else weigh(world, me)
        scores = []
        for action in legal:
            trial = world.copy()
            trial.push(trial.move_of(action))
            scores.append(_rollout(trial, me, str(i)))
        yield weight, scores


def evaluate(view: HungarianView, seed: int | str, step: int, budget: int) -> list[tuple[Any, float]]:
    """Each of ``view.legal`` with its mean score for ``view.seat`` (:func:`search`)."""
    return search(view, seed, step, budget)[0]


def choose_action(view: HungarianView, seed: int | str, step: int, budget: int) -> Any:
    """The action ``v2`` takes for ``view.seat`` with ``budget`` sampled deals: one of
    ``view.legal``; a single legal action is returned without search, and a phase it does not
    search is ``v1``'s. Raises ``ValueError`` when it is not ``view.seat``'s turn, or when it
    searches and ``budget`` is below 1."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in SEARCHED:
        return v1_action(view, seed, step)
    try:
        values, choice, _ = search(view, seed, step, budget)
    except DeterminizeError:
        return v1_action(view, seed, step)
    return values[choice][0]
