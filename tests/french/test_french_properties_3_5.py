"""Property tests of the engine at three and five players (as tests/french/test_french_properties.py does for
four): random legal deals finish, the 78 cards are conserved at every step, the card points
total 91, scores sum to zero and match a reference written from the rules text, and random
illegal actions are rejected without any change.

The reference (``helpers.Ref``, shared with tests/french/test_french_properties.py) follows each deal from
the dealt cards and the actions applied, without calling the code under test: legal bids
(FR-3), calls (FR-4.2), écart cards (FR-4.1), poignée sizes (FR-4.4), legal cards (FR-5, and
FR-4.2 on the first trick), trick winners (FR-5, FR-6.3), card ownership (FR-4.1,
FR-6.1–FR-6.3), half points (FR-7.3) and the settlement (FR-7.5).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from helpers import LEVEL, MULT, POIGNEE, SIZES, Ref, is_plain, ref_callable, snapshot
from tarot_core.ai import choose_action
from tarot_core.french.cards import DECK, Card, parse_card
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.errors import IllegalActionError
from tarot_core.french import Bid, Call, Chelem, Discard, FrenchDeal, Phase, Play, Poignee

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- invariants checked at every step -------------------------------------------------------

def all_cards(game: FrenchDeal) -> list[Card]:
    cards = [c for h in game.hands for c in h] + list(game.ecart) + [c for _, c in game.trick]
    cards += [c for t in game.tricks for _, c in t.cards]
    chien_in_hand = (game.contract is not None and game.contract.chien_seen
                     and game.phase not in (Phase.BIDDING, Phase.CALL))
    if not chien_in_hand:
        cards += list(game.chien)
    return cards


def check_step(game: FrenchDeal, ref: Ref) -> None:
    n = ref.n
    cards = all_cards(game)
    assert len(cards) == 78 and set(cards) == set(DECK)
    for seat in range(n):
        assert set(game.view(seat).hand) == ref.hands[seat]
    if game.turn is None:
        return
    seat = game.turn
    legal = game.legal_actions()
    assert all(a.seat == seat for a in legal)
    if game.phase is Phase.BIDDING:
        floor = max((LEVEL[c] for _, c in ref.bids if c is not None), default=-1)
        assert {a.contract for a in legal} == {None} | {c for c in Contract if LEVEL[c] > floor}
        assert seat == (game.dealer + 1 + len(ref.bids)) % n
    elif game.phase is Phase.CALL:
        assert n == 5 and seat == ref.taker
        assert {a.card for a in legal} == ref_callable(ref.hands[seat])
    elif game.phase is Phase.ECART:
        assert {a.card for a in legal} == ref.legal_discards()
    elif game.phase is Phase.PLAY:
        plays = {a.card for a in legal if isinstance(a, Play)}
        assert plays == ref.playable(seat)
        offered = {len(a.cards) for a in legal if isinstance(a, Poignee)}
        assert offered == ref.poignee_sizes(seat)
        if not ref.trick and not ref.tricks:
            # FR-2 / FR-4.3: the dealer's right leads the first trick, the taker after a chelem
            # announcement.
            assert seat == (ref.taker if ref.announced else (game.dealer + 1) % n)
        if not ref.trick and ref.tricks:
            assert seat == ref.tricks[-1][1]  # the winner of the last trick leads
        elif ref.trick:
            assert seat == (ref.trick[-1][0] + 1) % n


def check_result(game: FrenchDeal, ref: Ref) -> None:
    if game.phase is Phase.THROWN_IN:
        assert game.result is None
        assert game.thrown_in in ("petit_sec", "all_pass")
        if game.thrown_in == "all_pass":
            assert [c for _, c in ref.bids] == [None] * ref.n
        return
    assert game.phase is Phase.DONE
    r = game.result
    points2, bouts, petit, chelem, s, scores = ref.score()
    assert [t.winner for t in game.tricks] == [w for _, w in ref.tricks]
    assert (r.taker, r.partner, r.points2, r.bouts, r.petit_au_bout, r.chelem_made_by,
            r.excuse_lost_by) == (ref.taker, ref.partner, points2, bouts, petit, chelem, ref.excuse_lost_by())
    assert r.score.s == s
    assert list(r.scores) == scores
    assert sum(r.scores) == 0
    assert sum(r.tricks_won) == ref.each
    assert len(game.tricks) == ref.each


def random_deal(players: int, deal_seed, dealer: int, rng: random.Random, check: bool = True,
                script=()) -> FrenchDeal:
    d = deal(deal_seed, players, dealer)
    game = FrenchDeal(d)
    ref = Ref(d)
    script = list(script)
    while not game.is_over:
        if check:
            check_step(game, ref)
        action = script.pop(0) if script else rng.choice(game.legal_actions())
        game.apply(action)
        ref.apply(action)
    if check:
        check_step(game, ref)
        check_result(game, ref)
    return game


# --- properties -----------------------------------------------------------------------------

@settings(**SETTINGS)
@given(st.sampled_from([3, 5]), st.integers(min_value=0, max_value=10 ** 9), st.integers(0, 4),
       st.integers())
def test_random_legal_deals_finish_conserve_cards_and_score_like_the_rules(players, deal_seed,
                                                                           dealer, seed):
    game = random_deal(players, deal_seed, dealer % players, random.Random(seed))
    assert game.is_over and game.legal_actions() == []


@settings(**SETTINGS)
@given(st.sampled_from([3, 5]), st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 4),
       st.integers(), st.sampled_from(list(Contract)))
def test_random_deals_of_every_contract(players, deal_seed, dealer, seed, contract):
    """The dealer's right bids ``contract``, everyone else passes; the rest is random."""
    dealer %= players
    game = FrenchDeal(deal(deal_seed, players, dealer))
    assume(game.phase is Phase.BIDDING)
    script = [Bid((dealer + 1) % players, contract)]
    script += [Bid((dealer + k) % players, None) for k in range(2, players + 1)]
    game = random_deal(players, deal_seed, dealer, random.Random(seed), script=script)
    assert game.phase is Phase.DONE
    assert game.result.score.multiplier == MULT[contract]


@pytest.mark.parametrize("players", [3, 5])
def test_many_random_deals(players):
    """A loop of cheap deals (checked only at the end): points, bouts, sums, half points."""
    rng = random.Random(players * 1000 + 7)
    done = thrown = halves = alone = 0
    for i in range(300):
        game = random_deal(players, f"many-{i}", i % players, rng, check=False)
        cards = all_cards(game)
        assert len(cards) == 78 and set(cards) == set(DECK)
        if game.phase is Phase.THROWN_IN:
            thrown += 1
            continue
        done += 1
        r = game.result
        assert sum(r.scores) == 0
        assert 0 <= r.points2 <= 182
        halves += r.points2 % 2
        assert len(game.tricks) == SIZES[players][0]
        # The attack's and the defence's cards make the whole pack of 91 points.
        attack = {game.taker, game.partner}
        won = sum(c.points2 for t in game.tricks if t.winner in attack for _, c in t.cards)
        lost = sum(c.points2 for t in game.tricks if t.winner not in attack for _, c in t.cards)
        rest = sum(c.points2 for c in game.ecart) + (0 if game.contract.chien_seen else
                                                      sum(c.points2 for c in game.chien))
        assert won + lost + rest == 182
        if players == 5:
            alone += r.partner is None
            assert r.called is not None
            if r.partner is None:
                assert r.scores[r.taker] == 4 * r.score.s
            else:
                assert r.scores[r.taker] == 2 * r.score.s and r.scores[r.partner] == r.score.s
        else:
            assert r.scores[r.taker] == 2 * r.score.s
    assert done > 250
    assert halves > 20  # FR-7.3: half points do happen at three and five players
    if players == 5:
        assert alone > 0


@pytest.mark.parametrize("players", [3, 5])
def test_ai_deals_are_checked_against_the_reference(players):
    for i in range(12):
        d = deal(f"ai-{players}-{i}", players, i % players)
        game = FrenchDeal(d)
        ref = Ref(d)
        while not game.is_over:
            check_step(game, ref)
            view = game.view(game.turn)
            action = choose_action(view, i, len(game.history))
            assert game.is_legal(action)
            game.apply(action)
            ref.apply(action)
        check_result(game, ref)


# --- illegal actions --------------------------------------------------------------------------

KINDS = ["other_hand", "not_allowed", "low_bid", "wrong_seat", "wrong_phase", "bad_discard",
         "bad_poignee", "bad_call", "called_suit_lead"]


def illegal_action(game: FrenchDeal, kind: str, rng: random.Random):
    """An action of ``kind`` that the rules forbid now, or None when there is none."""
    n = game.players
    seat = game.turn
    legal = game.legal_actions()
    others = sorted((c for o in range(n) if o != seat for c in game.hands[o]), key=lambda c: c.index)
    hand = sorted(game.hands[seat], key=lambda c: c.index)
    if kind == "other_hand" and not others:
        return None
    if kind == "other_hand" and game.phase is Phase.PLAY:
        return Play(seat, rng.choice(others))
    if kind == "other_hand" and game.phase is Phase.ECART:
        return Discard(seat, rng.choice(others))
    if kind == "not_allowed" and game.phase is Phase.PLAY:
        bad = sorted(set(hand) - {a.card for a in legal if isinstance(a, Play)}, key=lambda c: c.index)
        return Play(seat, rng.choice(bad)) if bad else None
    if kind == "low_bid" and game.phase is Phase.BIDDING:
        made = [c for _, c in game.bids if c is not None]
        if not made:
            return None
        top = max(LEVEL[c] for c in made)
        return Bid(seat, rng.choice([c for c in Contract if LEVEL[c] <= top]))
    if kind == "wrong_seat":
        a = rng.choice(legal)
        other = (seat + rng.randint(1, n - 1)) % n
        if isinstance(a, Poignee):
            return Poignee(other, a.cards)
        if isinstance(a, Bid):
            return Bid(other, a.contract)
        if isinstance(a, Chelem):
            return Chelem(other, a.announced)
        return type(a)(other, a.card)
    if kind == "wrong_phase":
        choices = {
            Phase.BIDDING: [Play(seat, hand[0]), Chelem(seat, True), Discard(seat, hand[0]),
                            Call(seat, parse_card("KS"))],
            Phase.CALL: [Bid(seat, Contract.GARDE_CONTRE), Play(seat, hand[0]), Chelem(seat, False),
                         Discard(seat, hand[0])],
            Phase.ECART: [Bid(seat, Contract.GARDE_CONTRE), Play(seat, hand[0]), Chelem(seat, False),
                          Call(seat, parse_card("KH"))],
            Phase.CHELEM: [Bid(seat, None), Play(seat, hand[0]), Discard(seat, hand[0]),
                           Call(seat, parse_card("KD"))],
            Phase.PLAY: [Bid(seat, Contract.GARDE_CONTRE), Discard(seat, hand[0]), Chelem(seat, True),
                         Call(seat, parse_card("KC"))],
        }[game.phase]
        return rng.choice(choices)
    if kind == "bad_discard" and game.phase is Phase.ECART:
        bad = sorted((c for c in game.hands[seat] if c.is_king or c.is_bout), key=lambda c: c.index)
        return Discard(seat, rng.choice(bad)) if bad else None
    if kind == "bad_poignee" and game.phase is Phase.PLAY:
        sizes = POIGNEE[n]
        trumps = sorted((c for c in game.hands[seat] if c.is_trump), key=lambda c: c.rank)
        counts = [k for k in range(1, 22) if k not in sizes]
        k = rng.choice(counts)
        if len(trumps) >= k:
            return Poignee(seat, frozenset(trumps[:k]))
        low = min(sizes)
        if len(trumps) < low and len(others) >= low - len(trumps):
            return Poignee(seat, frozenset(trumps + rng.sample(others, low - len(trumps))))
        return None
    if kind == "bad_call" and game.phase is Phase.CALL:
        allowed = ref_callable(game.hands[seat])
        return Call(seat, rng.choice([c for c in DECK if c not in allowed]))
    if kind == "called_suit_lead" and game.phase is Phase.PLAY and not game.tricks and game.called:
        if any(not c.is_excuse for _, c in game.trick):
            return None
        bad = [c for c in hand if is_plain(c) and c.suit == game.called.suit and c != game.called]
        return Play(seat, rng.choice(bad)) if bad else None
    return None


RULES = {"low_bid": {"FR-3"}, "bad_discard": {"FR-4.1"},
         "not_allowed": {"FR-5.2", "FR-5.3", "FR-5.4", "FR-4.2"},  # FR-4.2: first lead at five
         "bad_poignee": {"FR-4.4"}, "wrong_seat": {"FR-2"}, "bad_call": {"FR-4.2"},
         "called_suit_lead": {"FR-4.2"}}


STOP = {"bad_call": Phase.CALL, "called_suit_lead": Phase.PLAY, "bad_discard": Phase.ECART}


@settings(**SETTINGS)
@given(st.sampled_from([3, 5]), st.integers(min_value=0, max_value=10 ** 6), st.integers(0, 4),
       st.integers(), st.integers(min_value=0, max_value=110), st.sampled_from(KINDS))
def test_random_illegal_actions_are_rejected_without_change(players, deal_seed, dealer, seed, steps,
                                                            kind):
    game = FrenchDeal(deal(deal_seed, players, dealer % players))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.phase is STOP.get(kind):
            break  # stop where these kinds can happen
        if kind in STOP and game.phase is Phase.BIDDING:
            bid = Contract.PRISE if kind == "bad_discard" else rng.choice(list(Contract))
            game.apply(Bid(game.turn, bid) if not any(c for _, c in game.bids)
                       else Bid(game.turn, None))
            continue
        game.apply(rng.choice(game.legal_actions()))
    assume(not game.is_over)
    action = illegal_action(game, kind, rng)
    assume(action is not None)
    event(f"{players} players, {kind}")
    assert action not in game.legal_actions()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.action == action
    assert snapshot(game) == before
    if kind in RULES:
        assert info.value.rule in RULES[kind], str(info.value)
    # The game goes on normally afterwards.
    game.apply(rng.choice(game.legal_actions()))


def test_called_suit_leads_are_rejected_in_a_loop():
    """Deterministic companion of the property above: every first lead of the called suit
    (other than the called card) is rejected with FR-4.2 and changes nothing."""
    rng = random.Random(42)
    rejected = 0
    for i in range(80):
        game = FrenchDeal(deal(f"lead-{i}", 5, i % 5))
        if game.is_over:
            continue
        while game.phase is not Phase.PLAY and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        action = illegal_action(game, "called_suit_lead", rng)
        if action is None:
            continue
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.rule == "FR-4.2" and snapshot(game) == before
        rejected += 1
    assert rejected >= 15
