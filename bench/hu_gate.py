"""Hungarian Tarokk's bids and announcements by a gated simulation: an experiment, not a
published player (``bench/arena.py --game hungarian --a hu-gate --b v3-normal``).

It is ``v3`` (:mod:`tarot_core.hungarian.ai_v3`) except in the bidding (HU-3) and the
announcements (HU-6). There it samples ``HU_BID_DEALS`` deals (environment, default 12) as
``v3`` does (void-aware, weighted by ``v3``'s :func:`~tarot_core.hungarian.ai_v3.weight`), plays
every legal action in each and finishes the deal with ``v1`` play-outs, then compares each
action with ``v1``'s own choice on the same deals (a paired gain per deal). It leaves ``v1``'s
choice only for an action whose weighted mean gain minus ``HU_GATE_Z`` (default 1.0) standard
errors is above 0, the largest such bound winning: ``v1`` is the prior, against the winner's
curse of a plain maximum (``bench/hu_bidding.py``). With ``HU_KONTRAS_V1=1`` (the default) a
kontra, said or not, stays ``v1``'s.

Measured (4 players, against ``v3-normal``, budget 4, 12 deals per gated choice, ``Z`` 1.0):
deals 0-99 +5.1 points per deal (-3.6 to +13.7, sd 44), deals 100-199 +10.3 (+2.6 to +18.0),
so +7.7 (about +1.9 to +13.5) on 200; illegal choices 0. With the kontras gated as well, deals
0-99 gave -8.6 (-37.5 to +20.4) with sd 148: a gated kontra chain costs far more than it wins.
Time per decision in CPython: p50 27 ms, p95 246 ms (``v3-normal``: 11 / 103 ms).
"""

from __future__ import annotations

import math
import os
import random
from hashlib import sha256

from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Kontra, Phase
from tarot_core.hungarian.ai_v1 import choose_action as v1_action
from tarot_core.hungarian.ai_v2 import _rollout
from tarot_core.hungarian.determinize import DeterminizeError

EXTRA = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS})
DEALS = int(os.environ.get("HU_BID_DEALS", "12"))
Z = float(os.environ.get("HU_GATE_Z", "1.0"))
KONTRAS_V1 = os.environ.get("HU_KONTRAS_V1", "1") == "1"
LABEL = "tarot-core/hungarian/ai/gate"


def choose_action(view, seed, step, budget: int = 4):
    """The experiment's action for ``view.seat`` (module docstring): one of ``view.legal``."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in EXTRA:
        return ai_v3.choose_action(view, seed, step, budget)
    base = v1_action(view, seed, step)
    legal = list(view.legal)
    me = view.seat
    digest = sha256(f"{LABEL}|{seed}|{me}|{step}|{DEALS}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    rows = []  # (weight, [score of each legal action]) per sampled deal
    try:
        for i in range(DEALS):
            world = ai_v3._sample(view, rng)
            scores = []
            for action in legal:
                trial = world.copy()
                trial.push(trial.move_of(action))
                scores.append(_rollout(trial, me, str(i)))
            rows.append((ai_v3.weight(world, me), scores))
    except DeterminizeError:
        return base
    b = legal.index(base)
    total = sum(w for w, _ in rows)
    effective = total * total / sum(w * w for w, _ in rows)  # effective number of deals
    best, best_bound = b, 0.0
    for j in range(len(legal)):
        if j == b or (KONTRAS_V1 and (isinstance(legal[j], Kontra) or isinstance(legal[b], Kontra))):
            continue
        gains = [(w, s[j] - s[b]) for w, s in rows]
        mean = sum(w * g for w, g in gains) / total
        spread = sum(w * (g - mean) ** 2 for w, g in gains) / total
        bound = mean - Z * math.sqrt(spread / max(effective - 1, 1))
        if bound > best_bound:
            best, best_bound = j, bound
    return legal[best]
