"""Hungarian Tarokk's bids by simulation with the searcher's own play in the play-outs: an
experiment, not a published player (``bench/arena.py --game hungarian --a hu-deep --b v3-normal``).

It is ``v3`` (:mod:`tarot_core.hungarian.ai_v3`) except in the bidding (HU-3), and in the
announcements (HU-6) when ``HU_DEEP_ANNOUNCE`` is set. There it samples ``budget`` deals as ``v3``
does (void-aware, weighted by :func:`~tarot_core.hungarian.ai_v3.weight`), plays each legal
action in each and finishes the deal with every seat playing ``v3`` at budget
``HU_DEEP_PLAYOUT`` (default 1): the discard, the call and the play searched as the real table
plays them, instead of ``v1``'s play-outs, which ``research/hu_headroom.py`` showed to mislead even
an oracle that sees every hand. It takes the best weighted mean, leaving ``v1``'s choice only
for one whose mean gain is more than ``HU_DEEP_Z`` (default 0) standard errors above 0. It
announces for its own side only; kontras stay ``v1``'s.

A play-out costs about 0.2 s in CPython (``v1``'s: 3 ms), so a bid takes seconds: a measure of
what better play-outs give, before asking how to make them cheap. Figures and finding:
``research/README.md``.
"""

from __future__ import annotations

import os
import random
from hashlib import sha256

from hu_gate import paired_gain
from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Announce, Kontra, Phase
from tarot_core.hungarian.ai_v1 import choose_action as v1_action
from tarot_core.hungarian.determinize import DeterminizeError

PLAYOUT = int(os.environ.get("HU_DEEP_PLAYOUT", "1"))
Z = float(os.environ.get("HU_DEEP_Z", "0"))
DEEP = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS} if os.environ.get("HU_DEEP_ANNOUNCE") else {Phase.BIDDING})
LABEL = "tarot-core/hungarian/ai/deep"


def _playout(world, me: int, seed: str) -> int:
    game = world.copy()
    while game.turn is not None:
        view = game.view(game.turn)
        game.push(game.move_of(ai_v3.choose_action(view, seed, game.ply, PLAYOUT)))
    return game.scores[me]


def choose_action(view, seed, step, budget: int = 4):
    """The experiment's action for ``view.seat`` (module docstring): one of ``view.legal``."""
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    if view.phase not in DEEP:
        return ai_v3.choose_action(view, seed, step, budget)
    base = legal.index(v1_action(view, seed, step))
    candidates = [j for j, a in enumerate(legal)
                  if j == base or not (isinstance(a, Kontra)
                                       or isinstance(a, Announce) and view.speaking is not view.side)]
    if len(candidates) == 1:
        return legal[base]
    digest = sha256(f"{LABEL}|{seed}|{view.seat}|{step}|{budget}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    rows = []
    try:
        for i in range(budget):
            world = ai_v3._sample(view, rng)
            w = ai_v3.weight(world, view.seat)
            scores = {}
            for j in candidates:
                trial = world.copy()
                trial.push(trial.move_of(legal[j]))
                scores[j] = _playout(trial, view.seat, f"{seed}|deep|{i}")
            rows.append((w, scores))
    except DeterminizeError:
        return legal[base]
    best, best_bound = base, 0.0
    for j in candidates:
        if j == base:
            continue
        mean, error = paired_gain(rows, j, base)
        bound = mean - Z * error
        if bound > best_bound:
            best, best_bound = j, bound
    return legal[best]
