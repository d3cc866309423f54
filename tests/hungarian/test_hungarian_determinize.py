"""determinize(view, rng) for Hungarian Tarokk (issue 15, section 1): a whole deal consistent with
what one seat knows, drawn so that every consistent placement can come out."""

from __future__ import annotations

import os
import random

import pytest

from tarot_core.hungarian import RULES
from tarot_core.hungarian.actions import Phase
from tarot_core.hungarian.determinize import determinize
from tarot_core.rng import DealRng

VIEWS = int(os.environ.get("TAROT_DETERMINIZE_VIEWS", "1500")) // 3


def _position(game, seat: int, view_seat: int):
    """Where a card lies as seen from nowhere: ``{card: place}`` for the cards ``view_seat``
    cannot see (another hand, a hidden discard, the talon still face down)."""
    out = {}
    for s in game.active:
        if s == view_seat:
            continue
        for c in game.hands[s]:
            out[c] = ("hand", s)
        for c in game.discards.get(s, ()):
            if not (s == game.declarer and c.is_tarokk):
                out[c] = ("discard", s)
    if game.declarer is None or (game.phase is Phase.ANNULLED and game.annulled_by is None):
        for c in game.deal.talon:  # still face down (a failed trial three leaves it there)
            if c not in game.talon_shares.get(view_seat, ()):
                out[c] = ("talon", None)
    return out


def _random_view(k: int):
    players = 4 + k % 2
    game = RULES.new_state(RULES.deal(f"det/{k}", players, k % players), profile=("pagat", "tournament")[k % 2])
    rng = random.Random(k)
    steps = rng.randrange(0, 90)
    while game.turn is not None and game.ply < steps:
        game.apply(rng.choice(game.legal_actions()))
    seat = game.active[k % 4]
    return game, seat


@pytest.mark.slow
@pytest.mark.parametrize("part", range(3))
def test_every_world_has_the_view_it_was_drawn_from(part):
    phases = set()
    for k in range(part * VIEWS, (part + 1) * VIEWS):
        game, seat = _random_view(k)
        view = game.view(seat)
        world = determinize(view, DealRng(f"world/{k}") if k % 2 else random.Random(k))
        assert world.view(seat) == view
        assert world.history[: len(view.history)] is not None and world.scores == game.scores
        truth = _position(game, seat, seat)
        drawn = _position(world, seat, seat)
        assert set(drawn) == set(truth)  # the same cards unseen
        phases.add(game.phase)
    assert {Phase.BIDDING, Phase.DISCARD, Phase.ANNOUNCEMENTS, Phase.PLAY} <= phases


@pytest.mark.slow
def test_every_unseen_card_can_reach_its_true_place():
    for k in range(12):
        game, seat = _random_view(1000 + k)
        view = game.view(seat)
        truth = _position(game, seat, seat)
        reached = set()
        for d in range(300):
            world = determinize(view, DealRng(f"reach/{k}/{d}"))
            drawn = _position(world, seat, seat)
            reached |= {c for c, place in truth.items() if drawn.get(c) == place}
        assert reached == set(truth), (k, game.phase, set(truth) - reached)


def test_the_dealer_sitting_a_five_player_deal_out_can_determinize_its_view():
    """HU-9: at five the dealer sits the deal out, holding no cards and no share of the talon;
    its view still determinizes (it raised KeyError on share_slots[seat]), to worlds whose view
    from that seat is the view itself, at every step of a deal (found by the conformance suite)."""
    rules = RULES
    for seed in range(4):
        state = rules.new_state(rules.deal(f"sits-out/{seed}", 5, seed % 5))
        dealer = seed % 5
        assert dealer not in state.view(dealer).active
        rng = random.Random(seed)
        while not state.is_over:
            world = rules.determinize(state.view(dealer), random.Random(seed))
            assert world.view(dealer) == state.view(dealer)
            state.apply(rng.choice(state.legal_actions()))
