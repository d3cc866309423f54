"""The Hungarian search player v3: v2's search on void-aware samples whose weights believe the
bids and the announcements (HU-3, HU-6). Strength: ``bench/arena.py``, not here."""

from __future__ import annotations

import random

import pytest

from golden_data import PINNED_HU_V3, hungarian_v2_position
from tarot_core import ai
from tarot_core.hungarian import RULES
from tarot_core.hungarian import ai_v3
from tarot_core.hungarian.actions import Announce, Kontra, Phase
from tarot_core.hungarian.cards import SKIZ
from tarot_core.hungarian.determinize import determinize
from tarot_core.hungarian.records import action_entry


def _to_play(seed: str, players: int = 4):
    game = RULES.new_state(RULES.deal(seed, players, 0))
    while game.turn is not None and game.phase is not Phase.PLAY:
        game.apply(ai.choose_action(game.view(game.turn), "x", game.ply))
    return game


def test_a_kontra_on_the_trull_makes_the_skiz_believed_with_its_sayer():
    """HU-6: seat 0 announced the trull and seat 1 said kontra on it (v1 does so holding the
    Skíz, which no trick can take). Seen by seat 2, the sampled deals where seat 1 holds the
    Skíz weigh more than the others: their weighted share is well above their plain share."""
    game = _to_play("v3/hu/0")
    assert Announce(0, "trull") in game.history and Kontra(1, "trull") in game.history
    me = 2
    view = game.view(me)
    rng = random.Random(1)
    plain = weighted = total = 0
    n = 120
    for _ in range(n):
        world = determinize(view, rng)
        skiz = SKIZ in world.hands[1]
        w = ai_v3.weight(world, me)
        plain += skiz
        weighted += skiz * w
        total += w
    assert weighted / total > plain / n + 0.15


def test_the_real_deal_played_by_v1_is_believed_most_by_the_announcements():
    """In a deal where every seat is v1, each other seat's choice in the announcements is what
    v1 says with its real hand: each counts 4, and each bid 4 or more."""
    game = _to_play("v3/hu/0")
    me = 2
    choices = 0
    replay = RULES.new_state(game.deal)
    for action in game.history:
        if replay.phase is Phase.PLAY:
            break
        if action.seat != me and replay.phase in (Phase.BIDDING, Phase.ANNOUNCEMENTS) \
                and len(replay.legal_actions()) > 1:
            choices += 1
        replay.apply(action)
    assert choices >= 3
    assert ai_v3.weight(game, me) >= 4 ** choices


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
def test_v3_always_chooses_a_legal_action(players):
    """At every choice of whole deals, v3 (budget 1) answers one of the legal actions."""
    phases = set()
    for k in range(2):
        game = RULES.new_state(RULES.deal(f"v3-hu-legal/{players}/{k}", players, k % players))
        while game.turn is not None:
            view = game.view(game.turn)
            if len(view.legal) > 1:
                assert ai.choose_action(view, k, game.ply, version="v3-strong", budget=1) in view.legal
                phases.add(view.phase)
            game.apply(ai.choose_action(view, "legal", game.ply))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.PLAY} <= phases


@pytest.mark.slow
@pytest.mark.parametrize("players, k, stop, ply, choice", PINNED_HU_V3)
def test_pinned_choices_of_hungarian_v3_strong(players, k, stop, ply, choice):
    """v3-strong never changes its choices: these were pinned when it was published."""
    game = hungarian_v2_position(players, k, stop)
    assert game.ply == ply
    view = game.view(game.turn)
    assert action_entry(ai.choose_action(view, "golden", ply, version="v3-strong")) == choice
