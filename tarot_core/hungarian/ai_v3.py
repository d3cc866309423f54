"""Computer player ``v3`` of Hungarian Tarokk: ``v2``'s search on weighted, void-aware samples.

``v3`` searches as :mod:`tarot_core.hungarian.ai_v2` does (sampled deals, ``v1`` play-outs; the
discard, the call and the play chosen by simulated score, HU-4, HU-5, HU-7; the bids, the
annulment, the announcements and the kontras ``v1``'s). Two things change:

* **Sampling** draws the other seats' cards with the voids revealed by play already respected
  (:func:`~tarot_core.hungarian.determinize.determinize` with ``voids=True``), so late in the play
  a consistent deal is found in a few draws instead of thousands.
* **Inference is weighted**: each sampled deal counts by how well it explains what the other
  seats did before the play, with ``v1`` as the model of a player (:func:`weight`):

  - a **bid or pass** (HU-3) weighs ``1 + 3n``, ``n`` the number of ``v1``'s five seeded draws
    (-2 .. 2 on the hand's strength) with which ``v1`` makes that bid holding that seat's sampled
    hand (1 to 16);
  - an **announcement, kontra or pass in the announcements** (HU-6) weighs 4 when ``v1`` says
    the same holding that seat's sampled hand, 1 when not (a seat that said nothing is believed
    not to hold a trull's honours and seven tarokks, for example).

  The facts (invitations' cards, the XX of a seat that yielded, honours of bidders, discarded
  tarokk counts, voids) stay exact filters of the sampling. Weights are integers.

**Determinism.** Sampled deals come from a :class:`random.Random` seeded from
``SHA-256("tarot-core/hungarian/ai/v3|seed|seat|step|budget")``; the rest as ``v2``. The
published versions ``v3-normal`` and ``v3-strong`` never change their choices.
"""

from __future__ import annotations

from typing import Any

from .actions import Phase
from .ai_v1 import announcement, bid_with_draw
from .ai_v2 import SEARCHED, _search
from .ai_v1 import choose_action as v1_action
from .determinize import DeterminizeError, determinize
from .state import HungarianDeal
from .view import HungarianView

__all__ = ["choose_action", "evaluate", "search", "weight", "AI_LABEL"]

AI_LABEL = "tarot-core/hungarian/ai/v3"

_BIDDING = Phase.BIDDING
_ANNOUNCEMENTS = Phase.ANNOUNCEMENTS
_PLAY = Phase.PLAY
_DRAWS = (-2, -1, 0, 1, 2)


def weight(world: HungarianDeal, seat: int) -> int:
    """How much ``seat`` believes the sampled deal ``world`` (module docstring): the product
    over the other seats' bids and announcement-phase actions with a choice of the ``v1``
    agreement weights. Replays ``world``'s history from its deal up to the play; a positive
    ``int``."""
    replay = HungarianDeal(world.deal, world.profile, world.multiplier, world.revision)
    w = 1
    for action in world.history:
        phase = replay.phase
        if phase is _PLAY:
            break
        if action.seat != seat and (phase is _BIDDING or phase is _ANNOUNCEMENTS):
            view = replay.view(action.seat)
            legal = list(view.legal)
            if len(legal) > 1:
                if phase is _BIDDING:
                    w *= 1 + 3 * sum(bid_with_draw(view, legal, d) == action for d in _DRAWS)
                elif announcement(view, legal) == action:
                    w *= 4
        replay.push(replay.move_of(action))
    return w


def _sample(view: HungarianView, rng) -> HungarianDeal:
    return determinize(view, rng, voids=True)


def search(view: HungarianView, seed: int | str, step: int,
           budget: int) -> tuple[list[tuple[Any, float]], int, list[int]]:
    """As :func:`tarot_core.hungarian.ai_v2.search`, with ``v3``'s sampling, weights and seeds
    (values: the weighted mean score)."""
    return _search(view, seed, step, budget, weight, AI_LABEL, _sample, SEARCHED)


def evaluate(view: HungarianView, seed: int | str, step: int, budget: int) -> list[tuple[Any, float]]:
    """Each of ``view.legal`` with its weighted mean score for ``view.seat`` (:func:`search`)."""
    return search(view, seed, step, budget)[0]


def choose_action(view: HungarianView, seed: int | str, step: int, budget: int) -> Any:
    """The action ``v3`` takes for ``view.seat`` with ``budget`` sampled deals: one of
    ``view.legal``; a single legal action without search, ``v1``'s in a phase it does not
    search or when no deal can be sampled. Raises ``ValueError`` when it is not ``view.seat``'s
    turn, or when it searches and ``budget`` is below 1."""
    if len(view.legal) == 1:
        return view.legal[0]
    if view.phase not in SEARCHED:
        return v1_action(view, seed, step)
    try:
        values, choice, _ = search(view, seed, step, budget)
    except DeterminizeError:
        return v1_action(view, seed, step)
    return values[choice][0]
