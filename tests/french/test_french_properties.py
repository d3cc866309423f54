"""Property tests of the 4-player engine: random legal deals, card conservation, points and
scores against a reference written from the rules text, illegal actions, AI replays.

The reference (``helpers.Ref``, shared with tests/french/test_french_properties_3_5.py) follows each deal from
the dealt cards and the actions applied: it keeps its own hands, works out the legal cards
(FR-5), trick winners (FR-5, FR-6.3), card ownership (FR-4.1, FR-6.1, FR-6.2, FR-6.3) and the
score (FR-6.4, FR-7) without calling the code under test.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import LEVEL, MULT, Ref, ref_playable, snapshot
from tarot_core.ai import choose_action
from tarot_core.french.cards import DECK, Card
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.errors import IllegalActionError
from tarot_core.french import fast_v1
from tarot_core.french import Bid, Chelem, Discard, FrenchDeal, Phase, Play, Poignee

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- invariants checked at every step -------------------------------------------------------

def all_cards(game: FrenchDeal) -> list[Card]:
    cards = [c for h in game.hands for c in h] + list(game.ecart) + [c for _, c in game.trick]
    cards += [c for t in game.tricks for _, c in t.cards]
    if game.contract is None or not game.contract.chien_seen:
        cards += list(game.chien)
    return cards


def check_step(game: FrenchDeal, ref: Ref) -> None:
    cards = all_cards(game)
    assert len(cards) == 78 and set(cards) == set(DECK)
    for seat in range(4):
        assert set(game.view(seat).hand) == ref.hands[seat]
    if game.turn is None:
        return
    seat = game.turn
    legal = game.legal_actions()
    if game.phase is Phase.BIDDING:
        floor = max((LEVEL[c] for _, c in ref.bids if c is not None), default=-1)
        assert {a.contract for a in legal} == {None} | {c for c in Contract if LEVEL[c] > floor}
        assert seat == (game.dealer + 1 + len(ref.bids)) % 4
    elif game.phase is Phase.ECART:
        assert {a.card for a in legal} == ref.legal_discards()
    elif game.phase is Phase.PLAY:
        plays = {a.card for a in legal if isinstance(a, Play)}
        assert plays == ref_playable(ref.hands[seat], ref.trick)
        offered = {len(a.cards) for a in legal if isinstance(a, Poignee)}
        assert offered == ref.poignee_sizes(seat)
        expected_turn = (ref.tricks[-1][1] if ref.tricks else None) if not ref.trick else None
        if expected_turn is not None:
            assert seat == expected_turn  # the winner of the last trick leads
    assert all(a.seat == seat for a in legal)


def check_result(game: FrenchDeal, ref: Ref) -> None:
    if game.phase is Phase.THROWN_IN:
        assert game.result is None
        assert game.thrown_in in ("petit_sec", "all_pass")
        if game.thrown_in == "all_pass":
            assert [c for _, c in ref.bids] == [None] * 4
        return
    assert game.phase is Phase.DONE
    r = game.result
    points2, bouts, petit, chelem, s, _ = ref.score()
    assert [t.winner for t in game.tricks] == [w for _, w in ref.tricks]
    assert (r.taker, r.points2, r.bouts, r.petit_au_bout, r.chelem_made_by, r.excuse_lost_by) == (
        ref.taker, points2, bouts, petit, chelem, ref.excuse_lost_by())
    assert r.score.s == s
    assert sum(r.scores) == 0
    assert r.scores[r.taker] == 3 * s
    assert all(r.scores[x] == -s for x in range(4) if x != r.taker)
    assert sum(r.tricks_won) == 18


def random_deal(deal_seed, dealer: int, rng: random.Random, check: bool = True) -> FrenchDeal:
    d = deal(deal_seed, dealer=dealer)
    game = FrenchDeal(d)
    ref = Ref(d)
    while not game.is_over:
        if check:
            check_step(game, ref)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        ref.apply(action)
    if check:
        check_step(game, ref)
        check_result(game, ref)
    return game


# --- properties -----------------------------------------------------------------------------

@settings(**SETTINGS)
@given(st.integers(min_value=0, max_value=10 ** 9), st.integers(0, 3), st.integers())
def test_random_legal_deals_finish_conserve_cards_and_score_like_the_rules(deal_seed, dealer, seed):
    game = random_deal(deal_seed, dealer, random.Random(seed))
    assert game.is_over and game.legal_actions() == []


@settings(**SETTINGS)
@given(st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 3), st.integers(),
       st.sampled_from(list(Contract)), st.booleans())
def test_random_deals_of_every_contract(deal_seed, dealer, seed, contract, announce):
    """Force the contract (the dealer's right bids it) so that every contract is covered."""
    d = deal(deal_seed, dealer=dealer)
    game = FrenchDeal(d)
    assume(game.phase is Phase.BIDDING)
    ref = Ref(d)
    rng = random.Random(seed)
    script = [Bid((dealer + 1) % 4, contract)] + [Bid((dealer + k) % 4, None) for k in (2, 3, 4)]
    for a in script:
        check_step(game, ref)
        game.apply(a)
        ref.apply(a)
    while not game.is_over:
        check_step(game, ref)
        legal = game.legal_actions()
        action = Chelem(game.turn, announce) if game.phase is Phase.CHELEM else rng.choice(legal)
        game.apply(action)
        ref.apply(action)
    check_result(game, ref)
    assert game.result.score.multiplier == MULT[contract]


@pytest.mark.slow
def test_two_thousand_random_deals():
    rng = random.Random(2026)
    done = thrown = 0
    for i in range(2000):
        game = random_deal(i, i % 4, rng, check=False)
        if game.phase is Phase.DONE:
            done += 1
            r = game.result
            assert sum(r.scores) == 0 and r.scores[r.taker] == 3 * r.score.s
            assert 0 <= r.points2 <= 182 and r.points2 % 2 == 0
            assert len(game.tricks) == 18
            assert len(all_cards(game)) == 78 and set(all_cards(game)) == set(DECK)
        else:
            thrown += 1
            assert game.phase is Phase.THROWN_IN
    assert done > 1000 and thrown > 0


def test_excuse_lost_in_the_last_trick_matches_the_reference():
    """FR-6.2: deals checked step by step against the reference, where the Excuse is kept for the
    last trick, include Excuses lost there to the other side and Excuses kept (same side won)."""
    rng = random.Random(62)
    lost = kept = 0
    for i in range(300):
        d = deal(10_000 + i, dealer=i % 4)
        game, ref = FrenchDeal(d), Ref(d)
        while not game.is_over:
            check_step(game, ref)
            legal = game.legal_actions()
            # Random play, except that the Excuse waits for the last trick when it can.
            keep = [a for a in legal if not (isinstance(a, Play) and a.card.is_excuse)]
            action = rng.choice(keep or legal)
            game.apply(action)
            ref.apply(action)
        check_result(game, ref)  # compares excuse_lost_by with the reference
        if game.phase is not Phase.DONE or not any(c.is_excuse for _, c in game.tricks[-1].cards):
            continue
        if game.result.excuse_lost_by is None:
            kept += 1
        else:
            lost += 1
            (seat,) = [s for s, c in game.tricks[-1].cards if c.is_excuse]
            assert game.result.excuse_lost_by is game.side_of(seat)
        if lost >= 3 and kept >= 3:
            break
    assert lost >= 3 and kept >= 3, (lost, kept)


KINDS = ["other_hand", "not_allowed", "low_bid", "wrong_seat", "wrong_phase", "bad_discard",
         "bad_poignee"]


def illegal_action(game: FrenchDeal, kind: str, rng: random.Random):
    """An action of ``kind`` that the rules forbid now, or None when there is none."""
    seat = game.turn
    legal = game.legal_actions()
    others = sorted((c for o in range(4) if o != seat for c in game.hands[o]),
                    key=lambda c: c.index)
    if kind == "other_hand" and not others:
        return None  # the last card of the deal: nobody else holds one
    if kind == "other_hand" and game.phase is Phase.PLAY:
        return Play(seat, rng.choice(others))
    if kind == "other_hand" and game.phase is Phase.ECART:
        return Discard(seat, rng.choice(others))
    if kind == "not_allowed" and game.phase is Phase.PLAY:
        bad = sorted(set(game.hands[seat]) - {a.card for a in legal if isinstance(a, Play)},
                     key=lambda c: c.index)
        return Play(seat, rng.choice(bad)) if bad else None
    if kind == "low_bid" and game.phase is Phase.BIDDING:
        made = [c for _, c in game.bids if c is not None]
        if not made:
            return None
        top = max(LEVEL[c] for c in made)
        return Bid(seat, rng.choice([c for c in Contract if LEVEL[c] <= top]))
    if kind == "wrong_seat":
        a = rng.choice(legal)
        other = (seat + rng.randint(1, 3)) % 4
        if isinstance(a, Poignee):
            return Poignee(other, a.cards)
        return type(a)(other, a.contract if isinstance(a, Bid) else
                       a.card if isinstance(a, (Play, Discard)) else a.announced)
    if kind == "wrong_phase":
        hand = sorted(game.hands[seat], key=lambda c: c.index)
        choices = {
            Phase.BIDDING: [Play(seat, hand[0]), Chelem(seat, True), Discard(seat, hand[0])],
            Phase.ECART: [Bid(seat, Contract.GARDE_CONTRE), Play(seat, hand[0]), Chelem(seat, False)],
            Phase.CHELEM: [Bid(seat, None), Play(seat, hand[0]), Discard(seat, hand[0])],
            Phase.PLAY: [Bid(seat, Contract.GARDE_CONTRE), Discard(seat, hand[0]), Chelem(seat, True)],
        }[game.phase]
        return rng.choice(choices)
    if kind == "bad_discard" and game.phase is Phase.ECART:
        bad = sorted((c for c in game.hands[seat] if c.is_king or c.is_bout), key=lambda c: c.index)
        return Discard(seat, rng.choice(bad)) if bad else None
    if kind == "bad_poignee" and game.phase is Phase.PLAY:
        trumps = sorted((c for c in game.hands[seat] if c.is_trump), key=lambda c: c.rank)
        n = rng.choice([1, 5, 9, 11, 12, 14, 16])
        if len(trumps) >= n:
            return Poignee(seat, frozenset(trumps[:n]))
        if len(trumps) < 10 and len(others) >= 10 - len(trumps):
            # Ten cards but some from other hands.
            return Poignee(seat, frozenset(trumps + rng.sample(others, 10 - len(trumps))))
        return None
    return None


@settings(**SETTINGS)
@given(st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 3), st.integers(),
       st.integers(min_value=0, max_value=90), st.sampled_from(KINDS))
def test_random_illegal_actions_are_rejected_without_change(deal_seed, dealer, seed, steps, kind):
    game = FrenchDeal(deal(deal_seed, dealer=dealer))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assume(not game.is_over)
    action = illegal_action(game, kind, rng)
    assume(action is not None)
    assert action not in game.legal_actions()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.action == action
    assert snapshot(game) == before
    if kind in ("low_bid",):
        assert info.value.rule == "FR-3"
    if kind in ("bad_discard",):
        assert info.value.rule == "FR-4.1"
    if kind == "not_allowed":
        assert info.value.rule in ("FR-5.2", "FR-5.3", "FR-5.4")
    if kind == "bad_poignee":
        assert info.value.rule == "FR-4.4"
    if kind == "wrong_seat":
        assert info.value.rule == "FR-2"  # turn order (FR-2)
    # The game goes on normally afterwards.
    game.apply(rng.choice(game.legal_actions()))


def ai_deal(deal_seed, dealer: int, ai_seed) -> FrenchDeal:
    d = deal(deal_seed, dealer=dealer)
    game = FrenchDeal(d)
    ref = Ref(d)
    while not game.is_over:
        view = game.view(game.turn)
        action = choose_action(view, ai_seed, len(game.history))
        assert game.is_legal(action)
        if not isinstance(action, Poignee):
            assert action in view.legal
        game.apply(action)
        ref.apply(action)
    check_result(game, ref)
    return game


def fast_ai_deal(deal_seed, dealer: int, ai_seed) -> FrenchDeal:
    """The same deal played by the other implementation of v1 (compact state, push)."""
    game = FrenchDeal(deal(deal_seed, dealer=dealer))
    while not game.is_over:
        game.push(fast_v1.choose_move(game, ai_seed, game.ply))
    return game


@settings(**SETTINGS)
@given(st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 3),
       st.one_of(st.integers(), st.text(max_size=8)))
def test_ai_deals_finish_scored_like_the_reference_and_both_players_agree(deal_seed, dealer, ai_seed):
    """ai_deal checks every action and the result against the reference model; the compact
    player (a separate implementation of v1) plays the very same deal."""
    first = ai_deal(deal_seed, dealer, ai_seed)
    second = fast_ai_deal(deal_seed, dealer, ai_seed)
    assert first.history == second.history
    assert first.result == second.result
    assert first.is_over


def test_ai_deals_in_a_loop_agree_between_both_players():
    for i in range(60):
        a = ai_deal(f"loop-{i}", i % 4, i)
        b = fast_ai_deal(f"loop-{i}", i % 4, i)
        assert a.history == b.history and a.phase is b.phase


@settings(**SETTINGS)
@given(st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 3), st.integers(),
       st.integers(min_value=1, max_value=95))
def test_undo_then_replay_gives_the_same_state(deal_seed, dealer, seed, steps):
    game = FrenchDeal(deal(deal_seed, dealer=dealer))
    assume(not game.is_over)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    k = rng.randint(1, len(game.history))
    undone = [game.undo() for _ in range(k)]
    assert len(game.history) == len(before[2]) - k
    for a in reversed(undone):
        game.apply(a)
    assert snapshot(game) == before
    copy = game.copy()
    assert snapshot(copy) == before
