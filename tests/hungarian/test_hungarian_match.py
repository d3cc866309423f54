"""A Hungarian Tarokk match: the profile chosen when it starts and kept in its records, the same
dealer redealing an all-pass or annulled deal (HU-3), and the doubled rounds of HU-8.4 carried
across its deals."""

from __future__ import annotations

import json

import pytest

from tarot_core.ai import choose_action
from tarot_core.errors import RecordError
from tarot_core.hungarian import RULES
from tarot_core.hungarian.actions import Bid, Phase
from tarot_core.match import Match


def _finish(match: Match, all_pass_at: frozenset = frozenset()) -> None:
    """Play the current deal by the computer players; the deals numbered in ``all_pass_at`` are
    passed out by every seat instead."""
    game, k = match.current, len(match.games) - 1
    while game.turn is not None:
        if k in all_pass_at and game.phase is Phase.BIDDING and Bid(game.turn, None) in game.legal_actions():
            game.apply(Bid(game.turn, None))
        else:
            game.apply(choose_action(game.view(game.turn), match.current_seed, game.ply))


def test_a_match_plays_its_counted_deals_and_replays_from_its_record():
    match = Match(4, "hu-match", game="hungarian", profile="tournament")
    while True:
        _finish(match)
        if match.is_over:
            break
        match.next_deal()
    assert match.deals_played == RULES.counted_deals[4] == 8 and sum(match.totals()) == 0
    record = json.loads(json.dumps(match.record()))
    assert record["profile"] == "tournament" and all(d["profile"] == "tournament" for d in record["deals"])
    again = Match.from_record(record)
    assert again.totals() == match.totals() and again.profile == "tournament"


@pytest.mark.parametrize("players,run", [(4, 4), (5, 5)])
def test_hu_8_4_an_all_pass_doubles_the_next_round_and_the_same_dealer_redeals(players, run):
    match = Match(players, f"hu-double/{players}", game="hungarian", deals_to_play=12)
    passes = frozenset({1, 4})  # deal 1 is passed out; deal 4 (inside the doubled run) too
    multipliers, dealers = [], []
    while True:
        multipliers.append(match.current.multiplier)
        dealers.append(match.current.dealer)
        _finish(match, passes)
        if match.is_over:
            break
        match.next_deal()
    assert match.games[1].phase is Phase.ALL_PASS and match.games[4].phase is Phase.ALL_PASS
    assert dealers[2] == dealers[1] and dealers[5] == dealers[4]  # the same dealer redeals
    assert dealers[1] == (dealers[0] + 1) % players
    # Deals 2, 3 double (the run of deal 1); deal 4 passed out (×2, not counted); from deal 5 the
    # two runs overlap: ×4 while both last, then ×2 for the rest of the second run.
    counted_after_first = [k for k in range(2, len(match.games)) if match.games[k].phase is Phase.DONE]
    first_run = set(counted_after_first[:run])
    second_run = set([k for k in counted_after_first if k > 4][:run])
    for k in range(len(match.games)):
        expected = 1 << ((k in first_run) + (k in second_run)) if match.games[k].phase is Phase.DONE else None
        if expected is not None:
            assert multipliers[k] == expected, (k, multipliers)
    assert multipliers[4] == 2  # a deal passed out inside the run was dealt doubled too


def test_hu_10_the_tournament_profile_just_redeals_an_all_pass():
    match = Match(4, "hu-tour", game="hungarian", deals_to_play=3, profile="tournament")
    multipliers = []
    while True:
        multipliers.append(match.current.multiplier)
        _finish(match, frozenset({0}))
        if match.is_over:
            break
        match.next_deal()
    assert match.games[0].phase is Phase.ALL_PASS and set(multipliers) == {1}


def test_a_record_whose_multiplier_is_not_the_matchs_is_refused():
    match = Match(4, "hu-tamper", game="hungarian", deals_to_play=3)
    _finish(match, frozenset({0}))
    match.next_deal()
    _finish(match)
    record = match.record()
    record["deals"][1]["multiplier"] = 1
    record["deals"][1]["result"] = None
    with pytest.raises(RecordError, match="multiplier"):
        Match.from_record(record)


def test_an_unknown_profile_is_refused():
    with pytest.raises(ValueError, match="profile"):
        Match(4, "x", game="hungarian", profile="club")
    with pytest.raises(ValueError, match="profile"):
        Match(4, "x", game="french", profile="pagat")
