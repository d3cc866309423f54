"""The search player v2 (levels normal and strong): always legal, seeded, pinned, and its API.

Its strength is measured in ``bench/arena.py`` (duplicate deals), not here.
"""

from __future__ import annotations

import math
import random

import pytest

from golden_data import PINNED_HU_V2, PINNED_V2, hungarian_v2_position as _hungarian_position, v2_position
from tarot_core import ai
from tarot_core.french.dealing import Deal, deal
from tarot_core.french.cards import parse_cards
from tarot_core.french.contracts import Contract
from tarot_core.french import Bid, FrenchDeal, Phase
from tarot_core.french import ai_v2, ai_v3
from tarot_core.french.determinize import determinize
from tarot_core.french.records import action_entry


def _random_state(players: int, k: int) -> FrenchDeal:
    """A deal played by random legal moves to a random point (a seat to act)."""
    rng = random.Random(f"v2-states/{players}/{k}")
    while True:
        game = FrenchDeal(deal(f"v2-states/{players}/{k}/{rng.random()}", players, k % players))
        stop = rng.randrange(0, 24 * players)
        while game.turn is not None and game.ply < stop:
            moves = game.legal_moves()
            game.push(moves[rng.randrange(len(moves))])
        if game.turn is not None:
            return game


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_search_player_always_chooses_a_legal_action(players):
    """At every phase (bids, call, écart, chelem, poignée, play), a small budget still answers
    with one of the view's legal actions."""
    phases = set()
    for k in range(40):
        game = _random_state(players, k)
        view = game.view(game.turn)
        action = ai.choose_action(view, k, game.ply, version="v2-strong", budget=2)
        assert action in view.legal
        phases.add(view.phase)
        game.apply(action)  # and the engine takes it
    assert {Phase.BIDDING, Phase.PLAY} <= phases


@pytest.mark.slow
def test_every_phase_is_met_by_the_legality_check():
    """The écart, the call and the poignée occur in the positions the search is asked about."""
    seen = set()
    for players in (4, 5):
        for k in range(30):
            game = FrenchDeal(deal(f"v2-phases/{players}/{k}", players, k % players))
            while game.turn is not None and game.ply < 12 + players:
                view = game.view(game.turn)
                action = ai.choose_action(view, "s", game.ply, version="v2-normal", budget=1)
                assert action in view.legal
                seen.add(view.phase)
                game.apply(action)
    assert {Phase.BIDDING, Phase.ECART, Phase.CALL, Phase.PLAY} <= seen


@pytest.mark.slow
@pytest.mark.parametrize("players, k, kind, ply, choice", PINNED_V2)
def test_pinned_choices_of_v2_strong(players, k, kind, ply, choice):
    """v2-strong never changes its choices: these were pinned when it was published."""
    game = v2_position(players, k, kind)
    assert game.ply == ply
    view = game.view(game.turn)
    assert action_entry(ai.choose_action(view, "golden", ply, version="v2-strong")) == choice


def test_the_same_arguments_give_the_same_choice_and_the_seed_matters():
    game = v2_position(4, 1, "lead")
    view = game.view(game.turn)
    first = ai.choose_action(view, "golden", game.ply, level="normal")
    assert all(ai.choose_action(game.view(game.turn), "golden", game.ply, level="normal") == first
               for _ in range(3))
    hints = {tuple(ai.hint(view, seed, game.ply, budget=4)) for seed in range(6)}
    assert len(hints) > 1  # other seeds sample other deals, so other expected scores


def test_levels_and_budgets():
    game = v2_position(4, 0, "bid")
    view = game.view(game.turn)
    assert ai.LEVELS["french"] == {"easy": "v1", "normal": "v3-normal", "strong": "v3-strong"}
    assert ai.LEVELS["hungarian"] == {"easy": "v1", "normal": "v4-normal", "strong": "v4-strong"}
    assert ai.choose_action(view, "golden", 0, level="strong") == ai_v3.choose_action(
        view, "golden", 0, ai.BUDGETS["strong"])
    assert ai.choose_action(view, "golden", 0, version="v2-strong") == ai_v2.choose_action(
        view, "golden", 0, ai.BUDGETS["strong"])
    assert ai.choose_action(view, "golden", 0, level="easy") == ai.choose_action(view, "golden", 0)
    with pytest.raises(ValueError, match="at least 1"):
        ai.choose_action(view, "golden", 0, level="strong", budget=0)
    with pytest.raises(ValueError, match="no search budget"):
        ai.choose_action(view, "golden", 0, level="easy", budget=8)
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose_action(view, "golden", 0, level="grandmaster")
    with pytest.raises(ValueError, match="nothing to do"):
        ai_v2.choose_action(game.view((game.turn + 1) % 4), "golden", 0, 4)
    # choose_move on the state is the same choice, as a compact move
    assert game.action_of(ai.choose_move(game, "golden", 0, level="strong")) == \
        ai.choose_action(view, "golden", 0, level="strong")


def test_the_hint_lists_every_legal_action_once_with_the_choice_first():
    for players, k, kind, ply, _ in PINNED_V2[:6]:
        game = v2_position(players, k, kind)
        view = game.view(game.turn)
        hint = ai.hint(view, "golden", ply, budget=6)
        listed = [str(a) for a, _ in hint]
        assert len(set(listed)) == len(listed) and set(listed) <= set(map(str, view.legal))
        assert hint[0][0] == ai.choose_action(view, "golden", ply, level="strong", budget=6)
        assert all(math.isfinite(p) for _, p in hint)
        if kind == "ecart":  # the chosen écart's cards first: a whole écart the engine accepts
            chosen = [a.card for a, _ in hint[:game.chien_size]]
            assert game.ecart_error(chosen) is None
            rest = [p for _, p in hint[game.chien_size:]]
        else:
            assert sorted(listed) == sorted(map(str, view.legal))
            rest = [p for _, p in hint[1:]]
            assert hint[0][1] >= max(rest, default=-1e9)
        assert rest == sorted(rest, reverse=True)
    with pytest.raises(ValueError, match="does not search"):
        ai.hint(view, "golden", ply, level="easy")


def test_the_bids_weigh_the_sampled_deals():
    """A seat that passed is believed to hold a weak hand: a sampled deal where it holds a garde
    hand counts far less (weights 16 for a bid in range, down to 1)."""
    strong = parse_cards("T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 EX KS QS KH QH KC QC KD")
    weak = parse_cards("1S 2S 3S 4S 5S 6S 1H 2H 3H 4H 5H 6H 1C 2C 3C 4C 5C 6C")
    rest = [c for c in parse_cards(" ".join(
        ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "T11"]
        + [f"{r}{s}" for s in "SHCD" for r in ("7", "8", "9", "10", "J", "N")]
        + ["1D", "2D", "3D", "4D", "5D", "6D", "QD"])) if c not in strong and c not in weak]
    assert len(rest) == 42

    def world(second):
        others = [c for c in rest + (weak if second is strong else strong) if True]
        hands = (tuple(others[:18]), tuple(second), tuple(others[18:36]), tuple(others[36:54]))
        game = FrenchDeal(Deal(4, 3, hands, tuple(others[54:60])))
        game.apply(Bid(0, None))
        game.apply(Bid(1, None))  # seat 1 passes
        return game

    assert ai_v2.bid_weight(world(weak), 0) > ai_v2.bid_weight(world(strong), 0)
    assert ai_v2.bid_weight(world(strong), 0) == 1  # a garde hand that passed: far out of range
    assert ai_v2.bid_weight(world(weak), 0) == 16


def _first_deal_where(test) -> FrenchDeal:
    from tarot_core.french.fast_v1 import hand_strength
    from tarot_core.french.pack import mask_of

    for seed in range(300):
        game = FrenchDeal(deal(f"v2/bidding/{seed}", 4, 3))
        if test(hand_strength(mask_of(game.deal.hands[0]))):
            return game
    raise AssertionError("no such hand among 300 deals")


def test_a_strong_hand_guards_and_a_weak_one_passes():
    """The simulated bids: a hand of v1's count 59 (a garde for v1 too) guards; one of 15 passes."""
    strong = _first_deal_where(lambda s: s >= 59)
    action = ai.choose_action(strong.view(0), "b", 0, level="strong")
    assert action.contract is Contract.GARDE
    weak = _first_deal_where(lambda s: s <= 15)
    assert ai.choose_action(weak.view(0), "b", 0, level="strong").contract is None


def test_exact_search_restores_the_state():
    """With three cards each, the exact search (alpha-beta over the rest of a sampled deal)
    gives an integer score for each card and leaves the sampled deal as it was."""
    game = v2_position(4, 3, "end")
    view = game.view(game.turn)
    world = determinize(view, random.Random(1))
    before = (world.ply, [h for h in world._hands])
    me = view.seat
    values = []
    for move in world.legal_moves():
        world.push(move)
        values.append(ai_v2._exact(world, me, -100_000, 100_000))
        world.pop()
    assert (world.ply, world._hands) == before
    assert len(values) == len(view.legal) and all(isinstance(v, int) for v in values)


def _minimax(world, me):
    """Plain minimax over the rest of ``world`` (no pruning): ``me``'s best score."""
    if world.turn is None:
        return world.scores[me]
    attack = (world.taker, world.partner)
    mine = (world.turn in attack) == (me in attack)
    values = []
    for move in world.legal_moves():
        world.push(move)
        values.append(_minimax(world, me))
        world.pop()
    return max(values) if mine else min(values)


@pytest.mark.parametrize("players, k", [(3, 3), (4, 3), (5, 4)])
def test_exact_search_equals_plain_minimax(players, k):
    game = v2_position(players, k, "end")
    game.push(game.legal_moves()[0])  # one card further: plain minimax stays small
    while game.turn is not None and len(game.legal_moves()) < 2:
        game.push(game.legal_moves()[0])
    view = game.view(game.turn)
    for seed in range(3):
        world = determinize(view, random.Random(seed))
        assert ai_v2._exact(world, view.seat, -100_000, 100_000) == _minimax(world, view.seat)


# --- Hungarian Tarokk's v2 ---------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("players, k, stop, ply, choice", PINNED_HU_V2)
def test_pinned_choices_of_hungarian_v2_strong(players, k, stop, ply, choice):
    from tarot_core.hungarian.records import action_entry as hu_entry

    game = _hungarian_position(players, k, stop)
    assert game.ply == ply
    view = game.view(game.turn)
    assert hu_entry(ai.choose_action(view, "golden", ply, version="v2-strong")) == choice


@pytest.mark.parametrize("players", [4, 5])
def test_the_hungarian_search_player_always_chooses_a_legal_action(players):
    """Random states at every phase (bids, discard, annulment, call, announcements, kontras,
    play): a budget of 1 still answers with one of the view's legal actions."""
    from tarot_core.hungarian import RULES

    phases = set()
    for k in range(25):
        rng = random.Random(f"hu-v2-states/{players}/{k}")
        game = RULES.new_state(RULES.deal(f"hu-v2-states/{players}/{k}", players, k % players),
                               profile=("pagat", "tournament")[k % 2])
        stop = rng.randrange(0, 60)
        while game.turn is not None and game.ply < stop:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if game.turn is None:
            continue
        view = game.view(game.turn)
        action = ai.choose_action(view, k, game.ply, version="v2-normal", budget=1)
        assert action in view.legal
        phases.add(view.phase.value)
        game.apply(action)
    assert {"bidding", "play"} <= phases and len(phases) >= 4, phases
