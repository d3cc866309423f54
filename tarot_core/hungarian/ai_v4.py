"""Computer player ``v4`` of Hungarian Tarokk: ``v3``, with its bids, announcements and kontras
checked by simulation.

``v4`` plays the discard, the call and the cards exactly as :mod:`tarot_core.hungarian.ai_v3`
does (the same choices, seeds and budgets). In the bidding (HU-3) and the announcements (HU-6,
kontras included) it simulates (:func:`search`):

* it samples :func:`deals` deals (at least :data:`GATE_DEALS`) consistent with what its seat
  knows, as ``v3`` does (void-aware placement, each deal weighted by how well ``v1`` explains
  the other seats' bids and announcements, :func:`tarot_core.hungarian.ai_v3.weight`);
* in each it plays every legal action and finishes the deal with ``v1`` play-outs
  (:func:`tarot_core.hungarian.ai_v2.scored_deals`), which gives every action its weighted mean
  score (what the hint shows);
* it starts from ``v1``'s choice (:mod:`tarot_core.hungarian.ai_v1`, the prior) and passes
  instead when passing scores more than ``v1``'s choice on the same deals by more than
  :data:`GATE_Z` standard errors of that paired gain (:func:`paired_gain`). A bid, a hold, an
  announcement or a kontra that the simulation finds losing is withdrawn. A declaration of
  eight or nine tarokks (HU-6.3, paid whatever the deal's result) is never withdrawn, nor a
  first bid, made while nobody has bid yet: withdrawing it could end the auction with everybody
  passing, and a redeal is not what players sit down for.

What a pass is compared with is ``v1``'s whole turn from there (an announcement may be followed
by others in the same turn), and a deal that everybody passes scores 0 for it (the redeal and
any doubled round it starts, HU-8.4, are not simulated). The sampled deals do not depend on
the budget below :data:`GATE_DEALS`, so ``v4-normal`` and ``v4-strong`` (4 and 12) make the
same checked choices; they differ in the play, as ``v3``'s levels do.

Why only a pass may replace ``v1``'s choice, how strong ``v4`` measured, what it withdraws and
its time per decision: ``research/README.md`` (the experiments ``hu_gate``, ``hu_calibrate`` and
``hu_headroom``, and "What was published").

**Cost.** A checked choice plays ``2 × deals`` ``v1`` play-outs (``v1``'s choice and the pass;
about 3 ms each in CPython), none when ``v1`` passes already; the hint plays every legal
action.

**Determinism.** Sampled deals come from a :class:`random.Random` seeded from
``SHA-256("tarot-core/hungarian/ai/v4|seed|seat|step|deals")``; the play-outs' draws are
``v1``'s; scores and weights are integers, the gate compares floats computed in a fixed order
(the same in CPython and Pyodide). The published versions ``v4-normal`` and ``v4-strong`` never
change their choices.
"""

from __future__ import annotations

import math
from typing import Any

from . import ai_v3
from .actions import Bid, DeclareTarokks, Pass, Phase
from .ai_v1 import choose_action as v1_action
from .ai_v2 import scored_deals
from .determinize import DeterminizeError
from .view import HungarianView

__all__ = ["choose_action", "evaluate", "search", "paired_gain", "deals", "CHECKED", "GATE_DEALS",
           "GATE_Z", "AI_LABEL"]

AI_LABEL = "tarot-core/hungarian/ai/v4"
#: The phases whose choices the simulation checks (the others are ``v3``'s).
CHECKED = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS})
#: The least number of sampled deals of a checked choice.
GATE_DEALS = 12
#: How many standard errors the pass's paired gain must clear.
GATE_Z = 1.0


def deals(budget: int) -> int:
    """The sampled deals of a checked choice at ``budget``: ``max(GATE_DEALS, budget)``."""
    return max(GATE_DEALS, budget)


def paired_gain(rows: list[tuple[int, list[int]]], j: int, base: int) -> tuple[float, float]:
    """``(mean, standard error)`` of ``scores[j] - scores[base]`` over ``rows`` (``[(weight,
    scores), ...]``, one per sampled deal, weights positive ints, scores game points): the
    weighted paired gain of action ``j`` over action ``base``, its error over the effective
    number of deals ``(Σw)² / Σw²`` (taken as at least 2). Raises ``ValueError`` for no rows."""
    if not rows:
        raise ValueError("a paired gain needs at least one sampled deal")
    total = sum(w for w, _ in rows)
    effective = total * total / sum(w * w for w, _ in rows)
    mean = sum(w * (s[j] - s[base]) for w, s in rows) / total
    spread = sum(w * (s[j] - s[base] - mean) ** 2 for w, s in rows) / total
    return mean, math.sqrt(spread / max(effective - 1, 1))


def _candidate(view: HungarianView, legal: list, base: int) -> int | None:
    """The index among ``legal`` (``view.legal``) of the pass (``Bid(seat, None)`` or
    ``Pass(seat)``) that may replace ``v1``'s choice ``legal[base]``; ``None`` when there is
    none, when ``v1`` passes already, when its choice is a tarokk declaration (HU-6.3: paid
    whatever happens), or in the bidding while nobody has bid yet (HU-3: the pass could leave
    everybody passing)."""
    if isinstance(legal[base], DeclareTarokks):
        return None
    if view.phase is Phase.BIDDING and not any(isinstance(a, Bid) and a.bid is not None for a in view.history):
        return None
    for j, action in enumerate(legal):
        if isinstance(action, Pass) or (isinstance(action, Bid) and action.bid is None):
            return None if j == base else j
    return None


def _withdraws(rows: list[tuple[int, list[int]]], passing: int, base: int) -> bool:
    """Whether the pass (column ``passing`` of ``rows``) beats ``v1``'s choice (column ``base``)
    by more than :data:`GATE_Z` standard errors."""
    mean, error = paired_gain(rows, passing, base)
    return mean - GATE_Z * error > 0


def search(view: HungarianView, seed: int | str, step: int,
           budget: int) -> tuple[list[tuple[Any, float]], int, list[int]]:
    """``([(action, points), ...] in the order of view.legal, index of the choice, [that index])``
    (the shape of :func:`tarot_core.hungarian.ai_v3.search`). In a checked phase
    (:data:`CHECKED`: the bidding, HU-3, and the announcements and kontras, HU-6): each legal
    action's weighted mean score for ``view.seat`` over :func:`deals` sampled deals, and the
    gated choice (module docstring); elsewhere ``v3``'s search.

    Raises ``ValueError`` when it is not ``view.seat``'s turn or ``budget`` is below 1,
    :class:`~tarot_core.hungarian.determinize.DeterminizeError` when no deal can be sampled.
    """
    if view.phase not in CHECKED:
        return ai_v3.search(view, seed, step, budget)
    if budget < 1:
        raise ValueError(f"a search budget is at least 1 sampled deal, got {budget!r}")
    legal = list(view.legal)
    base = legal.index(v1_action(view, seed, step))
    rows = list(scored_deals(view, seed, step, deals(budget), ai_v3.weight, AI_LABEL, ai_v3._sample))
    total = sum(w for w, _ in rows)
    values = [(a, sum(w * s[j] for w, s in rows) / total) for j, a in enumerate(legal)]
    passing = _candidate(view, legal, base)
    choice = passing if passing is not None and _withdraws(rows, passing, base) else base
    return values, choice, [choice]


def evaluate(view: HungarianView, seed: int | str, step: int, budget: int) -> list[tuple[Any, float]]:
    """Each of ``view.legal`` with its weighted mean score for ``view.seat`` (:func:`search`)."""
    return search(view, seed, step, budget)[0]


def choose_action(view: HungarianView, seed: int | str, step: int, budget: int) -> Any:
    """The action ``v4`` takes for ``view.seat`` with ``budget`` sampled deals: one of
    ``view.legal``. A single legal action is returned without search; outside :data:`CHECKED`
    it is ``v3``'s choice; in a checked phase (HU-3, HU-6) ``v1``'s, or a pass where the
    simulation withdraws it (``v1``'s when it passes already, declares its tarokks or makes the
    auction's first bid, or when no deal can be sampled): the choice :func:`search` makes, with
    only those two played out.
    Raises ``ValueError`` when it is not ``view.seat``'s turn, or when it searches and
    ``budget`` is below 1."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in CHECKED:
        return ai_v3.choose_action(view, seed, step, budget)
    legal = list(view.legal)
    base = legal.index(v1_action(view, seed, step))
    passing = _candidate(view, legal, base)
    if passing is None:
        return legal[base]
    if budget < 1:
        raise ValueError(f"a search budget is at least 1 sampled deal, got {budget!r}")
    two = [legal[base], legal[passing]]  # the same deals and scores as search's, two columns
    try:
        rows = list(scored_deals(view, seed, step, deals(budget), ai_v3.weight, AI_LABEL, ai_v3._sample, two))
    except DeterminizeError:
        return legal[base]
    return legal[passing] if _withdraws(rows, 1, 0) else legal[base]
