"""Hungarian Tarokk's bids and announcements by simulation: the experiment behind ``v3``'s choice
to leave them to ``v1``.

Not a published player: ``bench/arena.py --game hungarian --a hu-bidding --b v3-normal`` plays
it against ``v3``. It is ``v3`` (:mod:`tarot_core.hungarian.ai_v3`: weighted, void-aware
samples), except that it also chooses by simulated score

* in the **bidding** (HU-3): every legal bid, hold or pass;
* in the **announcements** (HU-6): every announcement, declaration and pass; a kontra only when
  ``v1`` says it (kontras by simulation, tried in the v2 work, lost: ``research/README.md``).

``--budget`` sets its sampled deals (``v3-normal``'s 4 unless given).
"""

from __future__ import annotations

from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Kontra, Phase
from tarot_core.hungarian.ai_v1 import choose_action as v1_action
from tarot_core.hungarian.ai_v2 import _search
from tarot_core.hungarian.determinize import DeterminizeError

EXTRA = frozenset({Phase.BIDDING, Phase.ANNOUNCEMENTS})


def choose_action(view, seed, step, budget: int = 4):
    """The experiment's action for ``view.seat`` (module docstring)."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in EXTRA:
        return ai_v3.choose_action(view, seed, step, budget)
    try:
        values, choice, _ = _search(view, seed, step, budget, ai_v3.weight, ai_v3.AI_LABEL,
                                    ai_v3._sample, frozenset())
    except DeterminizeError:
        return v1_action(view, seed, step)
    v1 = values[choice][0]  # with no phase searched, the choice is v1's
    allowed = [(a, v) for a, v in values if not isinstance(a, Kontra) or a == v1]
    best = max(range(len(allowed)), key=lambda j: (allowed[j][1], -j))
    return allowed[best][0]
