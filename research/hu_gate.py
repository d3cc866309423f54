"""Hungarian Tarokk's bids and announcements by a gated simulation: an experiment, not a
published player (``bench/arena.py --game hungarian --a hu-gate --b v3-normal``).

It is ``v3`` (:mod:`tarot_core.hungarian.ai_v3`) except in the bidding (HU-3) and the
announcements (HU-6). There it samples ``max(HU_BID_DEALS, budget)`` deals (environment,
default 12) as ``v3`` does (void-aware, weighted by :func:`~tarot_core.hungarian.ai_v3.weight`),
plays every legal action in each and finishes the deal with ``v1`` play-outs
(:func:`tarot_core.hungarian.ai_v2.scored_deals`), then compares each action with ``v1``'s own
choice on the same deals (a paired gain per deal). It leaves ``v1``'s choice only for an action
whose weighted mean gain minus ``HU_GATE_Z`` (default 1.0) standard errors (over the effective
number of deals) is above 0, the largest such bound winning: ``v1`` is the prior, against the
winner's curse of a plain maximum (``research/hu_bidding.py``). A kontra, said or not, stays
``v1``'s unless ``HU_KONTRA_Z`` is set: then a first kontra (on an item not doubled yet) is
gated at that width. It announces only for its own side: while announcements count for the
other side (HU-6: until a kontra, for the side of the last player who announced or said kontra,
so at first the declarer's), an announcement stays ``v1``'s, which never makes one then.

Figures and finding (the pass-only gate is what :mod:`tarot_core.hungarian.ai_v4` publishes):
``research/README.md``.
"""

from __future__ import annotations

import os

from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Announce, Bid, Kontra, Pass, Phase
from tarot_core.hungarian.ai_v1 import choose_action as v1_action
from tarot_core.hungarian.ai_v2 import scored_deals
from tarot_core.hungarian.ai_v4 import paired_gain  # hu_calibrate and hu_deep import it from here
from tarot_core.hungarian.determinize import DeterminizeError

GATED = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS})
DEALS = int(os.environ.get("HU_BID_DEALS", "12"))
Z = float(os.environ.get("HU_GATE_Z", "1.0"))
KONTRA_Z = float(os.environ["HU_KONTRA_Z"]) if os.environ.get("HU_KONTRA_Z") else None
#: ``HU_GATE_PASS_ONLY``: the only change from ``v1``'s choice allowed is a pass (no bid, no
#: announcement where ``v1`` makes one), the one kind ``research/hu_calibrate.py`` saw gain.
PASS_ONLY = bool(os.environ.get("HU_GATE_PASS_ONLY"))
LABEL = "tarot-core/hungarian/ai/gate"


def choose_action(view, seed, step, budget: int = 4):
    """The experiment's action for ``view.seat`` (module docstring): one of ``view.legal``."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in GATED:
        return ai_v3.choose_action(view, seed, step, budget)
    legal = list(view.legal)
    base = legal.index(v1_action(view, seed, step))
    if isinstance(legal[base], Kontra):
        return legal[base]
    try:
        rows = list(scored_deals(view, seed, step, max(DEALS, budget), ai_v3.weight, LABEL, ai_v3._sample))
    except DeterminizeError:
        return legal[base]
    doubled = {bonus: level for bonus, _, level in view.announced}
    best, best_bound = base, 0.0
    for j, action in enumerate(legal):
        z = Z
        if isinstance(action, Kontra):
            if KONTRA_Z is None or doubled.get(action.bonus, 0):
                continue
            z = KONTRA_Z
        if j == base or (isinstance(action, Announce) and view.speaking is not view.side):
            continue
        if PASS_ONLY and not (isinstance(action, Pass) or isinstance(action, Bid) and action.bid is None):
            continue
        mean, error = paired_gain(rows, j, base)
        bound = mean - z * error
        if bound > best_bound:
            best, best_bound = j, bound
    return legal[best]
