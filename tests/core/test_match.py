"""FR-8 a match: a fixed number of counted deals, the dealer moving to the right every deal
(thrown-in deals included, FR-2), thrown-in deals redealt and not counted (FR-2.3, FR-3), and
cumulative scores that always sum to zero (FR-7.5).

Expected figures come from the rules text (FR-8: 8 deals at four players; **Choice**: 9 at
three, 10 at five) and from sums of the deals' own scores.
"""

from __future__ import annotations

import random

import pytest

from helpers import finish_deal
from tarot_core.ai import choose_action
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, FrenchDeal, Phase
from tarot_core.match import DEFAULT_DEALS, Match


def pass_all(m: Match) -> None:
    """Everyone passes (FR-3: the deal is thrown in), unless it is already thrown in."""
    g = m.current
    while not g.is_over:
        g.apply(Bid(g.turn, None))
    assert g.phase is Phase.THROWN_IN


def play_and_check(m: Match, rng: random.Random, pass_rate: float = 0.0) -> list[tuple]:
    """Play the match to its end (AI; sometimes everyone passes), checking FR-8 after every
    deal. Returns (dealer, counted) per deal."""
    log = []
    while True:
        # A petit sec (FR-2.3) is thrown in as soon as it is dealt; any other deal is in play.
        assert m.current.is_over is (m.current.thrown_in == "petit_sec")
        if rng.random() < pass_rate:
            pass_all(m)
        else:
            finish_deal(m)
        g = m.current
        counted = g.phase is Phase.DONE
        log.append((g.dealer, counted))
        assert m.deals_played == sum(1 for _, c in log if c)
        totals = m.totals()
        assert sum(totals) == 0
        # totals() is the sum of the counted deals' scores.
        expected = [0] * m.players
        for game in m.games:
            if game.phase is Phase.DONE:
                expected = [t + s for t, s in zip(expected, game.result.scores)]
        assert totals == expected
        rows = m.score_rows()
        assert len(rows) == m.deals_played
        running = [0] * m.players
        for k, (number, scores, cumulative) in enumerate(rows):
            assert number == k + 1
            running = [r + s for r, s in zip(running, scores)]
            assert cumulative == running and sum(cumulative) == 0 and sum(scores) == 0
        assert m.is_over is (m.deals_played == m.deals_to_play)
        if m.is_over:
            return log
        m.next_deal()


# --- default deal counts ----------------------------------------------------------------------

def test_FR_8_default_deal_counts():
    assert DEFAULT_DEALS == {3: 9, 4: 8, 5: 10}
    for players, n in ((3, 9), (4, 8), (5, 10)):
        assert Match(players, "d").deals_to_play == n


@pytest.mark.parametrize("players", [3, 4, 5])
def test_FR_8_a_default_match_plays_its_counted_deals(players):
    m = Match(players, f"full-{players}")
    log = play_and_check(m, random.Random(players))
    assert sum(1 for _, c in log if c) == DEFAULT_DEALS[players]
    assert m.is_over and m.deals_played == DEFAULT_DEALS[players]


# --- dealer rotation and redeals --------------------------------------------------------------

@pytest.mark.parametrize("players, first_dealer", [(3, 0), (3, 2), (4, 1), (5, 0), (5, 4)])
def test_FR_2_and_8_dealer_moves_right_every_deal_thrown_in_included(players, first_dealer):
    m = Match(players, f"rot-{players}-{first_dealer}", deals_to_play=4, first_dealer=first_dealer)
    log = play_and_check(m, random.Random(first_dealer), pass_rate=0.35)
    dealers = [d for d, _ in log]
    assert dealers == [(first_dealer + k) % players for k in range(len(log))]
    assert [g.dealer for g in m.games] == dealers
    assert any(not c for _, c in log), "the test wants at least one thrown-in deal"
    # The seat to the dealer's right speaks first in every deal (FR-2).
    assert all(g.history[0].seat == (g.dealer + 1) % players for g in m.games if g.history)


@pytest.mark.parametrize("players", [3, 5])
def test_FR_8_thrown_in_deals_are_redealt_and_do_not_count(players):
    m = Match(players, f"redeal-{players}", deals_to_play=2)
    pass_all(m)
    assert m.deals_played == 0 and not m.is_over and m.totals() == [0] * players
    assert m.score_rows() == []
    first = m.current
    second = m.next_deal()
    assert second is m.current and second is not first
    assert second.dealer == (first.dealer + 1) % players
    assert second.deal != first.deal  # a new deal, from the next seed
    pass_all(m)
    m.next_deal()
    finish_deal(m)
    assert len(m.games) == 3
    assert m.deals_played == (1 if m.current.phase is Phase.DONE else 0)


def test_FR_2_3_petit_sec_deal_is_thrown_in_and_not_counted():
    """Find a match whose deal k is a petit sec: it is thrown in at once and does not count."""
    for s in range(400):
        seed = f"ps-{s}"
        if FrenchDeal(deal(f"{seed}/0", 4, 0)).thrown_in == "petit_sec":
            break
    else:  # pragma: no cover
        pytest.fail("no petit sec as a first deal in 400 seeds")
    m = Match(4, seed, deals_to_play=1)
    assert m.current.phase is Phase.THROWN_IN and m.current.thrown_in == "petit_sec"
    assert m.deals_played == 0 and not m.is_over
    m.next_deal()
    assert m.current.dealer == 1


# --- next_deal and is_over ---------------------------------------------------------------------

def test_FR_8_next_deal_refused_while_a_deal_is_in_progress():
    m = Match(5, "busy", deals_to_play=2)
    with pytest.raises(ValueError):
        m.next_deal()
    g = m.current
    g.apply(choose_action(g.view(g.turn), m.current_seed, 0))
    with pytest.raises(ValueError):
        m.next_deal()
    assert len(m.games) == 1


@pytest.mark.parametrize("players, n", [(3, 1), (4, 2), (5, 3)])
def test_FR_8_is_over_exactly_after_the_counted_deals(players, n):
    m = Match(players, f"over-{players}", deals_to_play=n)
    counted = 0
    while True:
        assert not m.is_over
        finish_deal(m)
        counted += m.current.phase is Phase.DONE
        assert m.is_over is (counted == n)
        if counted == n:
            break
        m.next_deal()
    with pytest.raises(ValueError):
        m.next_deal()
    assert m.deals_played == n and len(m.counted) == n


def test_FR_8_bad_arguments():
    for kwargs in ({"players": 6}, {"players": 2}, {"players": 4, "deals_to_play": 0},
                   {"players": 4, "first_dealer": 4}, {"players": 3, "first_dealer": -1},
                   {"players": 4, "deals_to_play": "8"}):
        with pytest.raises(ValueError):
            Match(seed="bad", **kwargs)


# --- reproducibility ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 5])
def test_FR_8_same_seed_same_match(players):
    a = Match(players, 1234, deals_to_play=3)
    b = Match(players, 1234, deals_to_play=3)
    play_and_check(a, random.Random(0))
    play_and_check(b, random.Random(0))
    assert [g.deal for g in a.games] == [g.deal for g in b.games]
    assert [g.history for g in a.games] == [g.history for g in b.games]
    assert a.totals() == b.totals() and a.score_rows() == b.score_rows()
    assert a.record() == b.record()
    c = Match(players, 1235, deals_to_play=3)
    assert c.current.deal != a.games[0].deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_FR_8_deals_come_from_the_documented_seeds(players):
    """match.py: deal k (0-based, thrown-in deals included) is dealt from f"{seed}/{k}"."""
    m = Match(players, "docs", deals_to_play=2, first_dealer=1)
    play_and_check(m, random.Random(1), pass_rate=0.3)
    for k, g in enumerate(m.games):
        assert g.deal == deal(f"docs/{k}", players, (1 + k) % players)


def test_FR_8_standings_follow_the_totals():
    m = Match(4, "stand", deals_to_play=3)
    play_and_check(m, random.Random(5))
    standings = m.standings()
    assert sorted(seat for seat, _ in standings) == [0, 1, 2, 3]
    assert [t for _, t in standings] == sorted(m.totals(), reverse=True)
    assert all(m.totals()[seat] == total for seat, total in standings)
