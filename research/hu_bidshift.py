"""Hungarian Tarokk's bids by a fixed strength offset: ``v3`` (:mod:`tarot_core.hungarian.ai_v3`)
except in the bidding (HU-3), where it bids as ``v1`` would with its seeded draw on the hand's
strength replaced by ``HU_BID_SHIFT`` (environment, default 0; ``v1`` draws -2 .. 2): a bidding
policy chosen by measurement in the arena rather than by simulation at each decision
(``bench/arena.py --game hungarian --a hu-bidshift --b v3-normal``). An experiment, not a
published player.
"""

from __future__ import annotations

import os

from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Phase
from tarot_core.hungarian.ai_v1 import bid_with_draw

SHIFT = int(os.environ.get("HU_BID_SHIFT", "0"))


def choose_action(view, seed, step, budget: int = 4):
    """The experiment's action for ``view.seat``: one of ``view.legal``."""
    if view.phase is Phase.BIDDING and len(view.legal) > 1:
        return bid_with_draw(view, list(view.legal), SHIFT)
    return ai_v3.choose_action(view, seed, step, budget)
