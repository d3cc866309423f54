"""Computer player ``v3`` for French Tarot: ``v2``'s search, believing more of what the table shows.

``v3`` searches exactly as :mod:`tarot_core.french.ai_v2` does (perfect-information Monte Carlo
over deals sampled by :func:`~tarot_core.french.determinize.determinize`, ``v1`` play-outs,
exact search of the last tricks, bids and écart by simulation). What changes is how much each
sampled deal is believed — its weight, the product of:

* **the bids** (FR-3): :func:`tarot_core.french.ai_v2.bid_weight`, as in ``v2``;
* **a poignée not shown** (FR-4.4): a seat that has played its first card without showing a
  poignée, in a sampled deal where it held enough trumps for one (the Excuse counting as a trump,
  one short), is believed less: a taker ``4`` times less (takers show their poignée), a defender
  ``2`` times less (some keep it hidden). :func:`poignee_weight`;
* **the hidden part of the écart** (FR-4.1): a defender does not see the écart's plain cards, but
  a taker discards from short suits and puts points away. In each sampled deal ``v1``'s own
  écart plan is made from the taker's dealt hand and the chien;
  the more of its plain cards the sampled écart holds, the more the deal is believed:
  ``1 + 2k`` for ``k`` cards in common. :func:`ecart_weight`.

**Bids are calibrated** (FR-3). A contract's simulated score is its play-out by ``v1``; ``v3``
then plays it better than that, and a small sample also rates best the bid whose estimate is
luckiest (the winner's curse). So a bid is always searched over at least :data:`BID_DEALS`
(32) sampled deals, and a take's value gets the bonus :data:`BID_BONUS` of the budget the deal
will be played with: the points by which, measured with ``research/calibrate.py`` over the deals
where ``v3`` bid, a take's real score exceeded its play-outs' (the figures, and ``v2``'s:
``research/README.md``).

The facts of play (voids, trump ceilings, the shown chien, the écart's shown trumps, a poignée's
cards) stay exact filters of the sampling. Weights are integers, so averages are exact and
the same in CPython and Pyodide. The sampled deals are ``v2``'s own (seeded from
``SHA-256("tarot-core/ai/v2|seed|seat|step|budget")``), so that in the card play and the écart
``v3`` and ``v2`` differ only by the weights, and the arena's comparison of the two is paired
deal by deal there. The bids differ more: ``v3`` searches them on at least :data:`BID_DEALS`
sampled deals (so on other deals than ``v2`` below that budget) with its own bonus.

**Versions.** ``v3-normal`` and ``v3-strong`` (:data:`tarot_core.ai.BUDGETS`: 8 and 32 sampled
deals per decision, the bids at least :data:`BID_DEALS`); once published they never change their choices.
"""

from __future__ import annotations

from .actions import Action, Phase
from .ai_v2 import _search, bid_weight
from .contracts import POIGNEE_THRESHOLDS
from .fast_v1 import _ecart_plan
from .pack import BIT, EXCUSE_BIT, PLAIN, TRUMPS
from .state import FrenchDeal
from .view import SeatView

__all__ = ["AI_LABEL", "BID_BONUS", "bid_bonus", "choose_action", "ecart_weight", "evaluate",
           "poignee_weight", "search", "weight"]

#: The version's name (the sampled deals are seeded under ``_SAMPLES``, ``v2``'s label).
AI_LABEL = "tarot-core/ai/v3"
_SAMPLES = "tarot-core/ai/v2"  # the label that seeds the sampled deals: v2's

#: A sampled deal's weight when a seat that could have shown a poignée did not: taker, defender
#: (against 4 when it could not).
_HIDDEN_POIGNEE = (1, 2)
_NO_POIGNEE = 4

#: Points added to the simulated score of taking (prise, garde, garde sans, garde contre), by
#: budget (sampled deals per decision), calibrated with ``research/calibrate.py`` so that a take's
#: real score exceeds its simulated one by the bonus itself (module docstring).
BID_BONUS: dict[int, tuple[int, ...]] = {8: (7, 7, 7, 7), 32: (38, 38, 38, 38)}

#: Sampled deals for a bid at least, whatever the budget: a bid is one decision per deal with a
#: few choices, and its simulated scores are noisy at small budgets (at 8 they rated the takes
#: chosen 61 points above what they then scored).
BID_DEALS = 32


def _played_by(world: FrenchDeal) -> list[int]:
    """The mask of cards each seat has played so far in ``world``."""
    players = world.players
    out = [0] * players
    for leader, cards, _ in world._tricks:
        for k, code in enumerate(cards):
            out[(leader + k) % players] |= BIT[code]
    if world._trick:
        for k, code in enumerate(world._trick):
            out[(world.leader + k) % players] |= BIT[code]
    return out


def poignee_weight(world: FrenchDeal, seat: int) -> int:
    """How much ``seat`` believes ``world`` from the poignées the other seats did not show
    (FR-4.4): the product over each other seat that has played a card, showed none and held
    enough trumps for the smallest poignée when it played its first card, of 1 (the taker) or 2
    (a defender), and 4 for each other seat that has played a card and showed one or could not
    have shown one; a seat that has not played yet adds nothing. An ``int`` from 1 to ``4**4``."""
    smallest = min(POIGNEE_THRESHOLDS[world.players].values())
    weight = 1
    if not world._tricks and not world._trick:
        return weight
    played = _played_by(world)
    for other in range(world.players):
        if other == seat or not played[other]:
            continue
        if (world._shown >> other) & 1:
            weight *= _NO_POIGNEE
            continue
        held = world._hands[other] | played[other]
        count = (held & TRUMPS).bit_count() + (1 if held & EXCUSE_BIT else 0)
        if count >= smallest:
            weight *= _HIDDEN_POIGNEE[other != world.taker]
        else:
            weight *= _NO_POIGNEE
    return weight


def ecart_weight(world: FrenchDeal, seat: int) -> int:
    """How much ``seat`` believes ``world`` from the hidden part of another seat's écart
    (FR-4.1): ``1 + 2k``, ``k`` the number of plain cards the sampled écart shares with ``v1``'s
    écart plan for the taker's dealt hand and chien; 1 when ``seat`` is the taker or there is no
    whole écart yet (garde sans, garde contre, or still being made)."""
    taker = world.taker
    if taker is None or taker == seat or world.contract is None or world.contract.level > 1:
        return 1
    if len(world._ecart) < world.chien_size:
        return 1
    plan = _ecart_plan(world._dealt[taker] | world._chien_mask, world.chien_size)
    mask = 0
    for code in plan:
        mask |= BIT[code]
    return 1 + 2 * (mask & world._ecart_mask & PLAIN).bit_count()


def weight(world: FrenchDeal, seat: int) -> int:
    """``v3``'s belief in the sampled deal ``world`` for ``seat``: the product of
    :func:`~tarot_core.french.ai_v2.bid_weight`, :func:`poignee_weight` and
    :func:`ecart_weight` (a positive ``int``)."""
    return bid_weight(world, seat) * poignee_weight(world, seat) * ecart_weight(world, seat)


def bid_bonus(budget: int) -> tuple[int, ...]:
    """The points added to the simulated score of taking, by contract level, for ``budget``
    sampled deals: :data:`BID_BONUS`'s entry for the nearest published budget (ties: the
    smaller)."""
    nearest = min(BID_BONUS, key=lambda b: (abs(b - budget), b))
    return BID_BONUS[nearest]


def search(view: SeatView, seed: int | str, step: int,
           budget: int) -> tuple[list[tuple[Action, float]], int, list[int]]:
    """As :func:`tarot_core.french.ai_v2.search`, with ``v3``'s weights, seeds and bids (at
    least :data:`BID_DEALS` sampled deals; a take's value includes :func:`bid_bonus`, being the
    calibrated estimate of what the take then scores)."""
    bonus = bid_bonus(budget)  # by the budget the deal is then played with
    if view.phase is Phase.BIDDING:  # the bid is worth more sampled deals than a card
        budget = max(budget, BID_DEALS)
    return _search(view, seed, step, budget, weight, _SAMPLES, bonus, show_bonus=True)


def evaluate(view: SeatView, seed: int | str, step: int, budget: int) -> list[tuple[Action, float]]:
    """As :func:`tarot_core.french.ai_v2.evaluate`, with ``v3``'s weights and seeds."""
    return search(view, seed, step, budget)[0]


def choose_action(view: SeatView, seed: int | str, step: int, budget: int) -> Action:
    """The action ``v3`` takes for ``view.seat`` with ``budget`` sampled deals: one of
    ``view.legal`` (a single legal action is returned without search).

    Raises ``ValueError`` when it is not ``view.seat``'s turn or (when it searches) ``budget``
    is below 1.
    """
    if len(view.legal) == 1:
        return view.legal[0]
    values, choice, _ = search(view, seed, step, budget)
    return values[choice][0]
