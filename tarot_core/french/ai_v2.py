"""Computer player ``v2`` for French Tarot: determinized search over sampled deals.

``v2`` decides by simulation: it samples deals consistent with everything its seat knows
(:func:`~tarot_core.french.determinize.determinize`), tries each legal choice in every sampled
deal, finishes the deal and keeps the choice with the best average score for its seat
(perfect-information Monte Carlo). The same sampled deals are used for every choice, so the
comparison between two choices is not blurred by the luck of the sample.

* **Finishing a deal** (the play-out): every seat plays as computer player ``v1``
  (:mod:`tarot_core.french.fast_v1`), which is quick (about 0.2 ms for a whole deal in CPython)
  and sensible. When the deciding seat has :data:`EXACT_CARDS` cards or fewer left (by table size), the rest of
  the deal is searched exactly instead (minimax with alpha-beta over the remaining cards of the
  sampled deal, each side playing its best for its own score).
* **Inference** (what the sample believes): the facts of play are exact (voids, trump
  ceilings, the shown chien, the écart's shown trumps, a poignée's cards, the called card: see
  the determinize module); the bids are **weighted**: a sampled deal in which a seat holds a
  hand that would hardly have made the bid it made counts less (:func:`bid_weight`: the
  hand-strength count of ``v1``'s bidding, with weight 16 inside the bid's range and down to 1
  far outside it). Weights are integers, so the average is exact and the same everywhere.
* **Bidding** (FR-3), the call (FR-4.2), the chelem (FR-4.3) and a poignée (FR-4.4) are decided
  the same way: each choice is played out over the sampled chiens and hands. A contract's
  simulated score gets :data:`BID_BONUS` points per deal for the play of ``v2`` being better
  than the play-out's ``v1``, so that it takes a little more often than the play-outs alone
  would have it (``bench/arena.py`` reports the make rate per contract; how 10 was chosen:
  ``research/README.md``).
* **The écart** (FR-4.1) is chosen as a whole: a few candidate écarts (``v1``'s own, each set
  of suits that can be voided filled in two ways, the highest points kept safe) are scored on
  the same sampled deals; the best one's cards are put aside one by one (each later discard
  chooses again among the completions of what is already aside).

**Determinism.** The sampled deals come from a :class:`random.Random` seeded from
``SHA-256("tarot-core/ai/v2|seed|seat|step|budget")``; the play-outs' own draws are ``v1``'s,
seeded by the sample's index; scores and weights are integers and ties go to the first choice
in the order of the legal actions (during the écart, to the first candidate écart). So ``(view, seed, step, budget)`` gives the same choice in
CPython and Pyodide.

**Versions.** The published players built on this module are ``v2-normal`` and ``v2-strong``
(the budgets of :data:`tarot_core.ai.BUDGETS`: 8 and 32 sampled deals per decision); once
published they never change their choices (any improvement is a new version and a new module).
"""

from __future__ import annotations

import random
from hashlib import sha256
from typing import Callable
from itertools import combinations

from .actions import Action, Phase
from .determinize import determinize
from .fast_v1 import choose_move as v1_move
from .fast_v1 import hand_strength
from .pack import BIT, KINGS, PLAIN, POINTS2_OF, RANK_OF, SUIT_MASK, SUIT_OF, TRUMPS, codes
from .state import MOVE_BID, MOVE_DISCARD, FrenchDeal
from .view import SeatView

__all__ = ["choose_action", "evaluate", "search", "bid_weight", "EXACT_CARDS", "BID_BONUS", "AI_LABEL"]

AI_LABEL = "tarot-core/ai/v2"

#: The rest of the deal is searched exactly once the deciding seat has this many cards or fewer,
#: by table size (three tricks at five players cost up to 3 s in CPython: two there).
EXACT_CARDS: dict[int, int] = {3: 3, 4: 3, 5: 2}

#: Points added to the simulated score of taking, by contract level (prise, garde, garde sans,
#: garde contre), for ``v2``'s play being better than the play-out's.
BID_BONUS: tuple[int, ...] = (10, 10, 10, 10)

_PLAY = Phase.PLAY
_ECART = Phase.ECART
_BIDDING = Phase.BIDDING
_THRESHOLDS = (40, 56, 71, 81)  # v1's bidding thresholds, prise .. garde contre
_NEAR = ((0, 16), (2, 12), (5, 6), (9, 3))  # (distance up to, weight); beyond: 1


def _interval(level: int, current: int) -> tuple[int, int]:
    """The range of ``v1``'s noisy strength in which it bids ``level`` (-1: passes) when the
    highest bid so far is ``current``: ``[low, high)``."""
    if level < 0:
        return -10_000, (_THRESHOLDS[current + 1] if current < 3 else 10_000)
    return _THRESHOLDS[level], (_THRESHOLDS[level + 1] if level < 3 else 10_000)


def bid_weight(world: FrenchDeal, seat: int) -> int:
    """How much the sampled deal ``world`` is believed by ``seat``, from the other seats' bids
    (FR-3): the product over each other seat's bid of a weight from 16 (its dealt hand's
    ``v1`` strength, scaled to 18 cards, lies in the range where ``v1`` makes that bid) down to
    1 (ten points or more outside). An ``int`` from 1 to ``16**4``."""
    weight = 1
    current = -1
    hands = world._dealt
    for who, level in world._bids:
        if who != seat:
            hand = hands[who]
            strength = hand_strength(hand) * 18 // hand.bit_count()
            low, high = _interval(level, current)
            distance = low - strength if strength < low else strength - high + 1 if strength >= high else 0
            for limit, w in _NEAR:
                if distance <= limit:
                    weight *= w
                    break
        if level > current:
            current = level
    return weight


def _seeded(seed: int | str, seat: int, step: int, budget: int, label: str = AI_LABEL) -> random.Random:
    digest = sha256(f"{label}|{seed}|{seat}|{step}|{budget}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _rollout(world: FrenchDeal, me: int, seed: str) -> int:
    """``me``'s score once every seat has played the deal out as ``v1``; ``world`` is restored."""
    start = world.ply
    push = world.push
    while world.turn is not None:
        push(v1_move(world, seed, world.ply))
    score = world.scores[me]  # type: ignore[index]
    pop = world.pop
    while world.ply > start:
        pop()
    return score


def _exact(world: FrenchDeal, me: int, alpha: int, beta: int) -> int:
    """``me``'s score with both sides playing their best from here (alpha-beta, fail-hard)."""
    seat = world.turn
    if seat is None:
        return world.scores[me]  # type: ignore[index]
    attack = world.taker, world.partner
    mine = (seat in attack) == (me in attack)
    for move in world.legal_moves():
        world.push(move)
        value = _exact(world, me, alpha, beta)
        world.pop()
        if mine:
            if value > alpha:
                alpha = value
        elif value < beta:
            beta = value
        if alpha >= beta:
            break
    return alpha if mine else beta


def _value(world: FrenchDeal, me: int, seed: str, exact: bool) -> int:
    if exact:
        return _exact(world, me, -100_000, 100_000)
    return _rollout(world, me, seed)


def _ecart_candidates(world: FrenchDeal) -> list[tuple[int, ...]]:
    """Candidate completions of the taker's écart in ``world`` (a tuple of codes each, plain
    cards first, in the order they can be put aside), ``v1``'s own first."""
    need = world.chien_size - len(world._ecart)
    hand = world._hands[world.taker]  # type: ignore[index]
    plain = hand & PLAIN & ~KINGS
    out: list[tuple[int, ...]] = []

    def add(cards: list[int]) -> None:
        cards = sorted(cards, key=lambda c: (c < 21, c))  # plain first (FR-4.1: trumps last)
        key = tuple(cards)
        if len(key) == need and key not in out:
            out.append(key)

    trial = world.copy()
    first: list[int] = []
    while len(first) < need:
        move = v1_move(trial, "ecart", trial.ply)
        first.append(move - MOVE_DISCARD)
        trial.push(move)
    add(first)
    if plain.bit_count() < need:  # every plain card goes, and the lowest trumps (FR-4.1)
        trumps = [c for c in codes(hand & TRUMPS & ~BIT[0] & ~BIT[20])]
        add(codes(plain) + trumps[:need - plain.bit_count()])
        return out
    suits = [s for s in (2, 3, 4, 5) if hand & SUIT_MASK[s]]

    def fill(chosen: list[int], rest: int, by_points: bool) -> list[int]:
        room = need - len(chosen)
        pool = codes(rest)
        if by_points:  # the court cards' points are safe in the écart
            pool.sort(key=lambda c: (-POINTS2_OF[c], (hand & SUIT_MASK[SUIT_OF[c]]).bit_count(), c))
        else:  # shorten the shortest suits, lowest cards first
            pool.sort(key=lambda c: ((hand & SUIT_MASK[SUIT_OF[c]]).bit_count(), RANK_OF[c], c))
        return chosen + pool[:room]

    for n in range(0, len(suits) + 1):
        for voids in combinations(suits, n):
            chosen = [c for s in voids for c in codes(hand & SUIT_MASK[s])]
            if any(BIT[c] & KINGS for c in chosen) or len(chosen) > need:
                continue
            rest = plain & ~sum(SUIT_MASK[s] for s in voids)
            add(fill(chosen, rest, True))
            add(fill(chosen, rest, False))
    return out


def _push_all(world: FrenchDeal, cards: tuple[int, ...]) -> int:
    """Put ``cards`` aside in ``world``; returns how many were pushed (all, unless one was not
    discardable there)."""
    for k, code in enumerate(cards):
        if not world._discardable() & BIT[code]:
            return k
        world.push(MOVE_DISCARD + code)
    return len(cards)


def evaluate(view: SeatView, seed: int | str, step: int, budget: int) -> list[tuple[Action, float]]:
    """The expected score of each of ``view.legal`` for ``view.seat``, from ``budget`` sampled
    deals, in the order of ``view.legal`` (``(action, points)``; points are the seat's score of
    the deal, averaged over the sampled deals with their bid weights; a bid's points leave out
    :data:`BID_BONUS`, which only steers the choice). During the écart only the cards of the
    candidate écarts are listed, each with the value of the best candidate that puts it aside.

    Raises ``ValueError`` when it is not ``view.seat``'s turn or ``budget`` is below 1.
    """
    return search(view, seed, step, budget)[0]


def search(view: SeatView, seed: int | str, step: int,
           budget: int) -> tuple[list[tuple[Action, float]], int, list[int]]:
    """``(values, choice, first)``: :func:`evaluate`'s list, the index in it of the action
    :func:`choose_action` takes (searched even when only one action is legal), and the indices
    to show first when the choice is a set (during the écart, the chosen écart's cards still to
    put aside, in its order; otherwise ``[choice]``). Errors as :func:`evaluate`."""
    return _search(view, seed, step, budget, bid_weight, AI_LABEL)


def _search(view: SeatView, seed: int | str, step: int, budget: int,
            weigh: Callable[[FrenchDeal, int], int], label: str,
            bonus: tuple[int, ...] = BID_BONUS,
            show_bonus: bool = False) -> tuple[list[tuple[Action, float]], int, list[int]]:
    """Shared by the frozen ``v2`` and ``v3``: a change here changes published players.

    :func:`search` with the worlds weighted by ``weigh(world, seat)`` (a positive ``int``),
    seeded under ``label`` and bids steered by ``bonus`` (points per contract level, as
    :data:`BID_BONUS`; in the values too when ``show_bonus``): the search of ``v2`` and of the
    versions built on it."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do now")
    if budget < 1:
        raise ValueError(f"a search budget is at least 1 sampled deal, got {budget!r}")
    me = view.seat
    rng = _seeded(seed, me, step, budget, label)
    worlds = [determinize(view, rng) for _ in range(budget)]
    weights = [weigh(w, me) for w in worlds]
    total = sum(weights)
    first = worlds[0]
    legal = list(view.legal)
    moves = [first.move_of(a) for a in legal]
    exact = view.phase is _PLAY and len(view.hand) <= EXACT_CARDS[view.players]
    if view.phase is _ECART:
        candidates = _ecart_candidates(first)
        sums = [0] * len(candidates)
        valid = [True] * len(candidates)
        for i, (world, weight) in enumerate(zip(worlds, weights)):
            for j, cards in enumerate(candidates):
                if not valid[j]:
                    continue
                pushed = _push_all(world, cards)
                if pushed == len(cards):
                    sums[j] += weight * _rollout(world, me, str(i))
                else:
                    valid[j] = False  # a card it cannot put aside there (FR-4.1)
                for _ in range(pushed):
                    world.pop()
        ok = [j for j in range(len(candidates)) if valid[j]]
        best: dict[int, int] = {}
        for j in ok:
            for code in candidates[j]:
                if code not in best or sums[j] > best[code]:
                    best[code] = sums[j]
        shown = [(a, m) for a, m in zip(legal, moves) if m - MOVE_DISCARD in best]
        values = [(a, best[m - MOVE_DISCARD] / total) for a, m in shown]
        win = max(ok, key=lambda j: (sums[j], -j))  # ties: the first candidate (v1's own first)
        codes_shown = [m - MOVE_DISCARD for _, m in shown]
        order = [codes_shown.index(code) for code in candidates[win]]
        return values, order[0], order
    sums = [0] * len(moves)
    for i, (world, weight) in enumerate(zip(worlds, weights)):
        for j, move in enumerate(moves):
            world.push(move)
            sums[j] += weight * _value(world, me, str(i), exact)
            world.pop()
    steer = list(sums)
    if view.phase is _BIDDING:
        for j, move in enumerate(moves):
            level = move - MOVE_BID - 1
            if level >= 0:
                steer[j] += bonus[level] * total
    choice = max(range(len(moves)), key=lambda j: (steer[j], -j))
    shown = steer if show_bonus else sums
    return [(a, s / total) for a, s in zip(legal, shown)], choice, [choice]


def choose_action(view: SeatView, seed: int | str, step: int, budget: int) -> Action:
    """The action ``v2`` takes for ``view.seat`` with ``budget`` sampled deals (module
    docstring): one of ``view.legal``. A single legal action is returned without search.

    Raises ``ValueError`` when it is not ``view.seat``'s turn or (when it searches) ``budget``
    is below 1.
    """
    if len(view.legal) == 1:
        return view.legal[0]
    values, choice, _ = search(view, seed, step, budget)
    return values[choice][0]
