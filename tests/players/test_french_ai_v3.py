"""The search player v3 (French): v2's search with the poignée not shown and the hidden écart
weighing the sampled deals (FR-4.4, FR-4.1). Strength: ``bench/arena.py``, not here."""

from __future__ import annotations

import pytest

from golden_data import PINNED_V3, v2_position
from tarot_core import ai
from tarot_core.french.cards import parse_cards
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import Deal, deal
from tarot_core.french import Bid, Chelem, Discard, FrenchDeal, Phase, Play
from tarot_core.french import ai_v2, ai_v3
from tarot_core.french.fast_v1 import _ecart_plan
from tarot_core.french.pack import CARD_OF, mask_of
from tarot_core.french.records import action_entry

PLAIN = [f"{r}{s}" for s in "SHCD" for r in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")]
TRUMPS = [f"T{n}" for n in range(1, 22)]


def _deal(hands: list[str], chien: str) -> Deal:
    out = tuple(tuple(parse_cards(h)) for h in hands)
    cards = [c for h in out for c in h] + parse_cards(chien)
    assert len(set(cards)) == 78
    return Deal(4, 3, out, tuple(parse_cards(chien)))


def _garde_sans(trumps_of_seat_1: int) -> FrenchDeal:
    """Seat 0 takes a garde sans (no chien, no écart), seat 1 holds ``trumps_of_seat_1`` trumps
    and plays its first card without showing a poignée."""
    trumps = list(TRUMPS)
    one = trumps[:trumps_of_seat_1]
    zero = trumps[trumps_of_seat_1:trumps_of_seat_1 + 4]
    rest_trumps = trumps[trumps_of_seat_1 + 4:]
    plain = list(PLAIN)
    seat1 = one + plain[:18 - len(one)]
    plain = plain[18 - len(one):]
    seat0 = zero + ["EX"] + plain[:13]
    plain = plain[13:]
    pool = rest_trumps + plain
    hands = [" ".join(seat0), " ".join(seat1), " ".join(pool[:18]), " ".join(pool[18:36])]
    game = FrenchDeal(_deal(hands, " ".join(pool[36:42])))
    game.apply(Bid(0, Contract.GARDE_SANS))
    for seat in (1, 2, 3):
        game.apply(Bid(seat, None))
    if game.phase is Phase.CHELEM:
        game.apply(Chelem(0, False))
    game.apply([a for a in game.legal_actions() if isinstance(a, Play)][0])  # the taker's lead
    follow = [a for a in game.legal_actions() if isinstance(a, Play)][0]
    game.apply(follow)  # seat 1's first card, no poignée shown
    return game


def test_a_poignee_not_shown_weighs_the_sampled_deal():
    """FR-4.4: a defender who played its first card without a poignée is believed less in a
    deal where it held ten trumps (2 against 4); a seat that has not played yet counts 1."""
    held = _garde_sans(11)
    short = _garde_sans(6)
    assert ai_v3.poignee_weight(held, 0) == 2
    assert ai_v3.poignee_weight(short, 0) == 4
    # Seen from seat 2 (not yet played): the taker played its first card with 4 trumps and
    # the Excuse, no poignée possible (4); seat 1 as above.
    assert ai_v3.poignee_weight(held, 2) == 4 * 2
    assert ai_v3.poignee_weight(short, 2) == 4 * 4


def test_a_taker_with_a_poignee_it_did_not_show_is_believed_four_times_less():
    game = _garde_sans(4)
    # Seat 0 (the taker) holds T5..T8 and the Excuse: not enough. A world where the taker
    # held ten trumps and did not show them: build it with seat 0 as the long hand.
    hands = [" ".join(TRUMPS[:10] + PLAIN[:8]), " ".join(TRUMPS[10:14] + PLAIN[8:22]),
             " ".join(TRUMPS[14:21] + ["EX"] + PLAIN[22:32]), " ".join(PLAIN[32:50])]
    long = FrenchDeal(_deal(hands, " ".join(PLAIN[50:56])))
    long.apply(Bid(0, Contract.GARDE_SANS))
    for seat in (1, 2, 3):
        long.apply(Bid(seat, None))
    if long.phase is Phase.CHELEM:
        long.apply(Chelem(0, False))
    long.apply([a for a in long.legal_actions() if isinstance(a, Play)][0])  # no poignée shown
    assert ai_v3.poignee_weight(long, 1) == 1
    assert ai_v3.poignee_weight(game, 1) == 4


def _garde(ecart_kind: str) -> FrenchDeal:
    """Seat 0 takes a garde and puts aside v1's plan (``"plan"``) or other plain cards."""
    for seed in range(200):
        game = FrenchDeal(deal(f"v3/ecart/{seed}", 4, 3))
        if game.petit_sec_seat is not None:
            continue
        game.apply(Bid(0, Contract.GARDE))
        for seat in (1, 2, 3):
            game.apply(Bid(seat, None))
        hand = mask_of(game.deal.hands[0]) | mask_of(game.deal.chien)
        plan = _ecart_plan(hand, 6)
        if any(c < 22 for c in plan):  # plain cards only, for a clean comparison
            continue
        discardable = [a.card for a in game.legal_actions() if isinstance(a, Discard)]
        plain = [c for c in discardable if c.suit is not None]
        other = [c for c in plain if mask_of([c]) & ~sum(1 << p for p in plan)][:6]
        if len(other) < 6:
            continue
        cards = [CARD_OF[c] for c in plan] if ecart_kind == "plan" else other
        game.apply_ecart(cards)
        return game
    raise AssertionError("no deal found")


def test_the_hidden_ecart_weighs_the_sampled_deal():
    """FR-4.1: a defender believes a sampled écart more the more it looks like what a taker
    puts aside (v1's plan: 1 + 2 per plain card in common); the taker itself, and a garde sans,
    weigh nothing."""
    plan, other = _garde("plan"), _garde("other")
    assert ai_v3.ecart_weight(plan, 1) == 1 + 2 * 6
    assert ai_v3.ecart_weight(other, 1) < ai_v3.ecart_weight(plan, 1)
    assert ai_v3.ecart_weight(plan, 0) == 1  # the taker knows its écart
    assert ai_v3.ecart_weight(_garde_sans(4), 1) == 1


def test_v3_samples_v2s_deals_and_bids_on_32_of_them_with_its_bonus():
    """At the first bid nothing but the deal is known: v3 at 8 sampled deals values each bid as
    v2 does at 32 (the same sampled deals), plus the calibrated bonus on the takes."""
    game = v2_position(4, 0, "bid")
    view = game.view(game.turn)
    v3 = ai_v3.evaluate(view, "golden", game.ply, 8)
    v2 = ai_v2.evaluate(view, "golden", game.ply, 32)
    assert [a for a, _ in v3] == [a for a, _ in v2]
    for (action, mine), (_, theirs) in zip(v3, v2):
        extra = 0 if action.contract is None else ai_v3.BID_BONUS[8][action.contract.level]
        assert mine == pytest.approx(theirs + extra)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_v3_always_chooses_a_legal_action(players):
    """At every choice of whole deals (bids, call, écart, poignée, play, where the weights of
    the poignée and the écart come in), v3 answers one of the legal actions."""
    from tarot_core.french.fast_v1 import choose_move

    phases = set()
    for k in range(3):
        game = FrenchDeal(deal(f"v3-legal/{players}/{k}", players, k % players))
        while game.turn is not None:
            view = game.view(game.turn)
            if len(view.legal) > 1:
                assert ai.choose_action(view, k, game.ply, version="v3-strong", budget=1) in view.legal
                phases.add(view.phase)
            game.push(choose_move(game, "legal", game.ply))
    assert {Phase.BIDDING, Phase.ECART, Phase.PLAY} <= phases


@pytest.mark.slow
@pytest.mark.parametrize("players, k, kind, ply, choice", PINNED_V3)
def test_pinned_choices_of_v3_strong(players, k, kind, ply, choice):
    """v3-strong never changes its choices: these were pinned when it was published."""
    game = v2_position(players, k, kind)
    assert game.ply == ply
    view = game.view(game.turn)
    assert action_entry(ai.choose_action(view, "golden", ply, version="v3-strong")) == choice


def test_the_hidden_ecart_is_guessed_better_with_the_weights():
    """FR-4.1: seen by a defender, the sampled écarts share more cards with the real one (a v1
    taker's) on average once weighted than plainly."""
    import random

    from tarot_core.french.determinize import determinize
    from tarot_core.french.fast_v1 import choose_move

    better = eligible = 0
    for k in range(6):
        game = FrenchDeal(deal(f"v3/guess/{k}", 4, 3))
        while game.turn is not None and not (game.phase is Phase.PLAY and game.tricks):
            game.push(choose_move(game, "x", game.ply))
        if game.contract is None or game.contract.level > 1:
            continue
        me = (game.taker + 1) % 4
        view = game.view(me)
        rng = random.Random(k)
        plain = weighted = total = 0.0
        for _ in range(60):
            world = determinize(view, rng)
            common = (world._ecart_mask & game._ecart_mask).bit_count()
            w = ai_v3.weight(world, me)
            plain += common / 60
            weighted += common * w
            total += w
        better += weighted / total > plain
        eligible += 1
    assert better == eligible >= 3


def test_the_bid_bonus_is_that_of_the_nearest_published_budget():
    """Calibrated per budget (bench/calibrate.py): the better the level plays the deal after its
    bid, the more a take is worth beyond its v1 play-outs."""
    assert ai_v3.bid_bonus(8) == ai_v3.BID_BONUS[8]
    assert ai_v3.bid_bonus(32) == ai_v3.BID_BONUS[32]
    assert 0 < ai_v3.BID_BONUS[8][0] < ai_v3.BID_BONUS[32][0]
    assert ai_v3.bid_bonus(1) == ai_v3.BID_BONUS[8]
    assert ai_v3.bid_bonus(20) == ai_v3.BID_BONUS[8]  # a tie goes to the smaller budget
    assert ai_v3.bid_bonus(21) == ai_v3.bid_bonus(500) == ai_v3.BID_BONUS[32]
