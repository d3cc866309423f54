"""The compact computer player v1 (french/fast_v1.py) makes exactly the choices of its frozen
definition, french/ai_v1.py, which works on the seat's view.

Positions: deals played by the computer player itself (the positions it really meets) and by
seeded random legal play stopped at random points (every phase, odd positions), at 3, 4 and 5
players; in each, both players choose for the seat to act with the same seed and step.
``TAROT_FAST_V1_DEALS`` sets the number of deals of each kind (default 120).
"""

from __future__ import annotations

import os
import random

import pytest

from tarot_core.french.dealing import deal
from tarot_core.french import FrenchDeal, Phase
from tarot_core.french import ai_v1, fast_v1

DEALS = int(os.environ.get("TAROT_FAST_V1_DEALS", "120"))


def _reference(game: FrenchDeal, seed, step) -> int:
    return game.move_of(ai_v1.choose_action(game.view(game.turn), seed, step))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_choices_along_computer_played_deals(players):
    phases = set()
    for k in range(DEALS):
        seed = f"fast/{players}/{k}"
        game = FrenchDeal(deal(seed, players, k % players))
        while game.turn is not None:
            expected = _reference(game, seed, game.ply)
            assert fast_v1.choose_move(game, seed, game.ply) == expected, (seed, game.ply)
            phases.add(game.phase)
            game.push(expected)
    assert Phase.PLAY in phases and Phase.BIDDING in phases and Phase.ECART in phases


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_choices_in_random_positions(players):
    rng = random.Random(players)
    checked = 0
    for k in range(DEALS):
        seed = rng.randrange(10**9)
        game = FrenchDeal(deal(f"fast-random/{players}/{k}", players, k % players))
        while game.turn is not None:
            if rng.random() < 0.5:
                assert fast_v1.choose_move(game, seed, game.ply) == _reference(game, seed, game.ply), (k, game.ply)
                checked += 1
            moves = game.legal_moves()
            game.push(moves[rng.randrange(len(moves))])
    assert checked > DEALS * 20


def test_hand_strength_is_ai_v1_s():
    """Dealt hands, and random sets of any size (voids, long suits, many court cards)."""
    import random

    from tarot_core.french.cards import DECK
    from tarot_core.french.pack import mask_of
    for k in range(300):
        hand = deal(f"strength/{k}", 3 + k % 3, 0).hands[0]
        assert fast_v1.hand_strength(mask_of(hand)) == ai_v1.hand_strength(hand)
    rng = random.Random(14)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.randrange(0, 79))
        assert fast_v1.hand_strength(mask_of(hand)) == ai_v1.hand_strength(hand)


def test_nobody_to_act_is_an_error():
    game = FrenchDeal(deal(0, 4, 0))
    while game.turn is not None:
        game.push(fast_v1.choose_move(game, 0, game.ply))
    with pytest.raises(ValueError, match="nobody is to act"):
        fast_v1.choose_move(game, 0, game.ply)
