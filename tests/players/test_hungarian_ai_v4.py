"""The Hungarian search player v4: v3, with the bids, announcements and kontras checked by
simulation (HU-3, HU-6): v1's choice stands unless passing gains on the sampled deals. Strength:
``bench/arena.py``, not here."""

from __future__ import annotations

import math

import pytest

from golden_data import PINNED_HU_V3, PINNED_HU_V4, hungarian_v2_position
from tarot_core import ai
from tarot_core.hungarian import RULES
from tarot_core.hungarian import ai_v3, ai_v4
from tarot_core.hungarian.actions import Bid, Pass, Phase
from tarot_core.hungarian.records import action_entry

CHECKED = (Phase.BIDDING, Phase.ANNOUNCEMENTS)


def _is_pass(action) -> bool:
    return isinstance(action, Pass) or isinstance(action, Bid) and action.bid is None


def test_the_paired_gain_is_weighted_and_its_error_counts_the_effective_deals():
    """Three sampled deals weighing 1, 1 and 2; action 1 scores -6, +2 and 0 more than action 0.
    Mean gain (-6 + 2 + 0) / 4 = -1; weighted spread (25 + 9 + 2 * 1) / 4 = 9; effective deals
    16 / 6; error sqrt(9 / (16/6 - 1)) = sqrt(5.4)."""
    rows = [(1, [10, 4]), (1, [0, 2]), (2, [6, 6])]
    mean, error = ai_v4.paired_gain(rows, 1, 0)
    assert mean == -1
    assert math.isclose(error, math.sqrt(5.4))
    assert ai_v4.paired_gain(rows, 0, 1)[0] == 1
    with pytest.raises(ValueError, match="at least one sampled deal"):
        ai_v4.paired_gain([], 1, 0)


@pytest.mark.slow
@pytest.mark.parametrize("players, k, stop, ply, v1_choice, choice", PINNED_HU_V4)
def test_pinned_choices_of_hungarian_v4_strong(players, k, stop, ply, v1_choice, choice):
    """v4-strong and v4-normal never change their choices: pinned when v4 was published, in
    positions where it withdraws v1's bid over another's, announcement or kontra on the game
    (and v1 still makes it), where it keeps v1's kontra on a trull, said holding the Skíz, v1's
    declaration of eight tarokks (HU-6.3: paid whatever the deal's result; passing would have
    lost it) and v1's first bid of the auction (never withdrawn: the deal could end with
    everybody passing)."""
    game = hungarian_v2_position(players, k, stop)
    assert game.ply == ply
    view = game.view(game.turn)
    assert action_entry(ai.choose_action(view, "golden", ply)) == v1_choice
    assert action_entry(ai.choose_action(view, "golden", ply, version="v4-strong")) == choice
    assert action_entry(ai.choose_action(view, "golden", ply, version="v4-normal")) == choice


@pytest.mark.slow
@pytest.mark.parametrize("position", [row[:3] for row in PINNED_HU_V4 + PINNED_HU_V3])
def test_the_hint_suggests_what_the_player_plays(position):
    """The hint's first entry (level strong) is v4-strong's choice, in the checked phases,
    where ``choose_action`` plays out only v1's choice and the pass, and in the others."""
    game = hungarian_v2_position(*position)
    view = game.view(game.turn)
    assert ai.hint(view, "golden", game.ply)[0][0] == ai.choose_action(view, "golden", game.ply, level="strong")


@pytest.mark.parametrize("players, k, stop, ply, choice", PINNED_HU_V3)
def test_v4_is_v3_in_v3s_pinned_positions(players, k, stop, ply, choice):
    """In v3's pinned positions of the discard and the play, v4-strong makes v3-strong's
    choice; in the bidding one, where v1 passes, v4 passes too."""
    game = hungarian_v2_position(players, k, stop)
    view = game.view(game.turn)
    assert action_entry(ai.choose_action(view, "golden", ply, version="v4-strong")) == choice


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
def test_v4_is_v3_outside_the_bidding_and_the_announcements(players):
    """At every choice of the discard, the call and the play of whole deals, v4 (budget 1)
    chooses what v3 chooses with the same arguments."""
    compared = set()
    for k in range(2):
        game = RULES.new_state(RULES.deal(f"v4-is-v3/{players}/{k}", players, k % players))
        while game.turn is not None:
            view = game.view(game.turn)
            if len(view.legal) > 1 and view.phase not in CHECKED:
                assert ai_v4.choose_action(view, k, game.ply, 1) == ai_v3.choose_action(view, k, game.ply, 1)
                compared.add(view.phase)
            game.apply(ai.choose_action(view, "v1", game.ply))
    assert {Phase.DISCARD, Phase.PLAY} <= compared


@pytest.mark.slow
def test_a_withdrawn_choice_is_what_the_simulation_values_higher():
    """The hint of v4 (level strong) in a pinned position lists the pass first, every legal
    action once, and values the pass above v1's bid or announcement on the same deals."""
    for players, k, stop, ply, v1_choice, choice in PINNED_HU_V4:
        if choice == v1_choice:
            continue
        game = hungarian_v2_position(players, k, stop)
        view = game.view(game.turn)
        hint = ai.hint(view, "golden", ply, level="strong")
        assert action_entry(hint[0][0]) == choice and _is_pass(hint[0][0])
        assert sorted(map(str, (a for a, _ in hint))) == sorted(map(str, view.legal))
        values = {str(a): v for a, v in hint}
        v1_action = ai.choose_action(view, "golden", ply)
        assert values[str(hint[0][0])] > values[str(v1_action)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
def test_v4_always_chooses_a_legal_action_and_only_ever_withdraws(players):
    """At every choice of whole deals, v4 (budget 1) answers one of the legal actions; in the
    bidding and the announcements that is v1's choice or a pass."""
    phases = set()
    for k in range(3):
        game = RULES.new_state(RULES.deal(f"v4-hu-legal/{players}/{k}", players, k % players))
        while game.turn is not None:
            view = game.view(game.turn)
            if len(view.legal) > 1:
                action = ai.choose_action(view, k, game.ply, version="v4-strong", budget=1)
                assert action in view.legal
                if view.phase in CHECKED:
                    assert action == ai.choose_action(view, k, game.ply) or _is_pass(action)
                phases.add(view.phase)
            game.apply(ai.choose_action(view, "legal", game.ply))
    assert {Phase.BIDDING, Phase.ANNOUNCEMENTS, Phase.DISCARD, Phase.PLAY} <= phases


def test_the_levels_play_v4():
    """New Hungarian games at normal and strong play v4; v3's versions stay playable."""
    assert ai.LEVELS["hungarian"] == {"easy": "v1", "normal": "v4-normal", "strong": "v4-strong"}
    assert ai.searches("hungarian", "v4-normal") and ai.searches("hungarian", "v3-strong")
    players, k, stop, ply, _, choice = PINNED_HU_V4[0]
    game = hungarian_v2_position(players, k, stop)
    view = game.view(game.turn)
    assert ai.choose_action(view, "golden", ply, level="strong") == ai_v4.choose_action(
        view, "golden", ply, ai.BUDGETS_HUNGARIAN["strong"])
    with pytest.raises(ValueError, match="at least 1"):
        ai_v4.search(view, "golden", ply, 0)
