"""The computer player (tarot_core.ai.choose_action) in hand-built positions.

Positions are built with :func:`make_deal` (``helpers.make_deal4``: the cards that matter are
placed by hand, the rest of the 78 is filled deterministically) and driven with the rules
engine; then the computer player is asked for the action of the seat whose turn it is.
"""

from __future__ import annotations

import pytest

import helpers
from helpers import C, legal_cards, new_game, play, trumps
from helpers import make_deal4 as make_deal
from tarot_core.ai import choose_action
from tarot_core.french.cards import EXCUSE, PETIT, TRUMP_21, Card
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, Chelem, Discard, FrenchDeal, Phase, Play, Poignee

SANS = Contract.GARDE_SANS
SEEDS = [0, 1, 2, "x", "2026-01-01", 77]


def start_play(game: FrenchDeal, taker: int, contract: Contract = SANS) -> None:
    """:func:`helpers.start_play` with the chien as écart, no chelem, and no check of the phase."""
    helpers.start_play(game, taker, contract, check_phase=False)


def ai(game: FrenchDeal, seed=0):
    return choose_action(game.view(game.turn), seed, len(game.history))


def ai_card(game: FrenchDeal, seed=0) -> Card:
    """The card the AI plays now (after showing a poignée first, if it chooses to)."""
    game = game.copy()
    action = ai(game, seed)
    if isinstance(action, Poignee):
        game.apply(action)
        action = ai(game, seed)
    assert isinstance(action, Play), action
    assert action in game.legal_actions()
    return action.card


def ai_cards(game: FrenchDeal) -> set[Card]:
    """The AI's card for several seeds (tie-breaks aside, the choice should not vary)."""
    return {ai_card(game, s) for s in SEEDS}


# --- legality -------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(15))
def test_ai_only_returns_legal_actions(seed):
    game = FrenchDeal(deal(seed, dealer=seed % 4))
    while not game.is_over:
        view = game.view(game.turn)
        action = choose_action(view, seed, len(game.history))
        assert action.seat == game.turn
        assert game.is_legal(action)
        if not isinstance(action, Poignee):
            assert action in view.legal
        game.apply(action)


def test_ai_refuses_to_act_out_of_turn():
    game = new_game(make_deal(["", "", "", ""]))
    with pytest.raises(ValueError):
        choose_action(game.view(2), 0, 0)  # seat 0 speaks first


def test_same_view_seed_and_step_give_the_same_action():
    game = FrenchDeal(deal("same", dealer=1))
    while not game.is_over:
        view = game.view(game.turn)
        step = len(game.history)
        first = choose_action(view, "s", step)
        assert all(choose_action(view, "s", step) == first for _ in range(3))
        assert choose_action(game.copy().view(game.turn), "s", step) == first
        game.apply(first)


# --- bidding (FR-3) -------------------------------------------------------------------------

WEAK = "T2 T3 1S 2S 3S 4S 1H 2H 3H 4H 1D 2D 3D 4D 1C 2C 3C 4C"
STRONG = "T21 T1 EX " + trumps(15, 20) + " T10 T11 T12 KS KH KD KC QS QH"


@pytest.mark.parametrize("seed", SEEDS)
def test_ai_passes_with_a_weak_hand(seed):
    game = new_game(make_deal([WEAK, "", "", ""], dealer=3))
    assert ai(game, seed) == Bid(0, None)


@pytest.mark.parametrize("seed", SEEDS)
def test_ai_takes_with_a_strong_hand(seed):
    game = new_game(make_deal([STRONG, "", "", ""], dealer=3))
    action = ai(game, seed)
    assert isinstance(action, Bid) and action.contract is not None
    assert action.contract.level >= Contract.GARDE.level


#: A garde hand: its count is 67 (56 guards, 71 guards without), 65 to 69 with the noise.
GARDE_HAND = "T21 T1 EX T15 T16 T17 T18 T10 T11 KS KH QS 5S 6S 2H 3H 2D 3D"


@pytest.mark.parametrize("seed", SEEDS)
def test_ai_bids_above_earlier_bids_or_passes(seed):
    """After a prise it guards; after a garde it passes: it never repeats nor lowers a bid
    (FR-3), and it does not overbid its hand to stay in the auction."""
    after_prise = new_game(make_deal(["", GARDE_HAND, "", ""], dealer=3))
    after_prise.apply(Bid(0, Contract.PRISE))
    assert ai(after_prise, seed) == Bid(1, Contract.GARDE)
    after_garde = new_game(make_deal(["", GARDE_HAND, "", ""], dealer=3))
    after_garde.apply(Bid(0, Contract.GARDE))
    assert ai(after_garde, seed) == Bid(1, None)


# --- écart (FR-4.1) -------------------------------------------------------------------------

def test_ai_ecart_has_no_king_no_bout_and_voids_short_suits():
    # Taker seat 1 after the prise: spades KS QS 2S 4S 5S 6S, hearts KH 2H 3H 4H, diamonds
    # 3D 5D, clubs 7C, ten trumps and the Excuse. Clubs and diamonds can be voided.
    taker = "T1 T21 EX " + trumps(5, 12) + " KS QS 2S KH 2H 3D 5D"
    d = make_deal(["", taker, "", ""], chien="4S 5S 6S 3H 4H 7C", dealer=3)
    game = new_game(d)
    for k in range(1, 5):
        seat = (3 + k) % 4
        game.apply(Bid(seat, Contract.PRISE if seat == 1 else None))
    assert game.phase is Phase.ECART
    while game.phase is Phase.ECART:
        action = ai(game)
        assert isinstance(action, Discard) and action in game.legal_actions()
        game.apply(action)
    ecart = set(game.ecart)
    assert len(ecart) == 6
    assert not any(c.is_king or c.is_bout or c.is_trump for c in ecart)
    assert {C("7C"), C("3D"), C("5D")} <= ecart
    hand = game.view(1).hand
    assert not any(c.suit.value in ("C", "D") for c in hand)
    assert {C("KS"), C("KH")} <= set(hand)


def test_ai_ecart_with_forced_trumps_keeps_bouts_and_kings():
    taker = "KS KH KD KC T1 T21 EX " + trumps(2, 12)
    d = make_deal(["", taker, "", ""], chien="2S 3S T13 T14 T15 T16", dealer=3)
    game = new_game(d)
    for k in range(1, 5):
        seat = (3 + k) % 4
        game.apply(Bid(seat, Contract.GARDE if seat == 1 else None))
    while game.phase is Phase.ECART:
        action = ai(game)
        assert action in game.legal_actions()
        game.apply(action)
    ecart = set(game.ecart)
    assert {C("2S"), C("3S")} <= ecart
    assert not any(c.is_king or c.is_bout for c in ecart)
    assert sum(1 for c in ecart if c.is_trump) == 4


# --- play (FR-5) ----------------------------------------------------------------------------

def test_ai_saves_the_petit_as_last_player_behind_a_winning_partner():
    # Taker seat 0 leads KH; defender seat 1 trumps with T21; seat 2 follows; seat 3 (the AI,
    # no heart) holds T1 and T4 only as trumps: the trick is surely the defence's.
    d = make_deal(["KH", "T21", "2H", "T1 T4"], dealer=3,
                  void={1: "H", 3: "H T EX"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "KH", "T21", "2H")
    assert legal_cards(game) == {C("T1"), C("T4")}
    assert ai_cards(game) == {PETIT}


def test_ai_saves_the_petit_behind_a_partners_master_trump():
    # Seat 2 (the AI) plays after partner's T21, with seat 3 still to play: T21 cannot be beaten.
    d = make_deal(["KH", "T21", "T1 T4", "2H"], dealer=3, void={1: "H", 2: "H T EX"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "KH", "T21")
    assert ai_cards(game) == {PETIT}


def test_ai_does_not_risk_the_petit_when_the_trick_is_not_safe():
    # Partner (seat 1) trumps with T5; seat 3 may still overtrump: the AI keeps its Petit.
    d = make_deal(["KH", "T5", "T1 T3", "T20"], dealer=3, void={1: "H", 2: "H T EX"})
    game = new_game(d)
    start_play(game, taker=3)
    play(game, "KH", "T5")
    assert legal_cards(game) == {C("T1"), C("T3")}
    assert ai_cards(game) == {C("T3")}


@pytest.mark.parametrize("taker", [0, 2])
def test_ai_does_not_lead_the_petit_with_other_trumps(taker):
    # Seat 0 leads holding only trumps T1..T18.
    d = make_deal([trumps(1, 18), "", "", ""], dealer=3)
    game = new_game(d)
    start_play(game, taker=taker)
    assert game.turn == 0
    led = ai_cards(game)
    assert PETIT not in led


def test_ai_does_not_lead_the_petit_late_in_the_deal():
    # Seat 0 (defence) holds T1 T2 T3 and plain cards; after its plain cards are gone it must
    # still prefer T2/T3 to the Petit. Drive the deal with the AI and watch every lead of seat 0.
    d = make_deal(["T1 T2 T3", "", "", ""], dealer=3, void={0: "T EX"})
    game = new_game(d)
    start_play(game, taker=1)
    while not game.is_over:
        view = game.view(game.turn)
        action = choose_action(view, 5, len(game.history))
        if game.turn == 0 and not game.trick and isinstance(action, Play):
            others = [c for c in view.hand if c.is_trump and c is not PETIT]
            if others:
                assert action.card is not PETIT
        game.apply(action)


def test_ai_does_not_waste_the_21_on_an_empty_trick():
    # Taker seat 0 leads 2H (0.5 point); seat 1 (the AI) has no heart and T21 and T5 as trumps.
    d = make_deal(["2H", "T21 T5", "", ""], dealer=3, void={1: "H T EX"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "2H")
    assert legal_cards(game) == {TRUMP_21, C("T5")}
    assert ai_cards(game) == {C("T5")}


def test_ai_taker_does_not_waste_the_21_on_a_low_trump_lead():
    # Dealer 0: defender seat 1 leads T2; the taker (seat 2, the AI) holds T21 and T10.
    d = make_deal(["", "T2", "T21 T10", ""], dealer=0, void={1: "T", 2: "T EX"})
    game = new_game(d)
    start_play(game, taker=2)
    play(game, "T2")
    assert legal_cards(game) == {TRUMP_21, C("T10")}
    assert ai_cards(game) == {C("T10")}


@pytest.mark.parametrize("high", ["KH", "QH"])
def test_ai_gives_points_to_a_winning_partner_as_last_player(high):
    # Taker seat 0 leads 2H, defender seat 1 trumps with T20, seat 2 follows with 3H; seat 3 (the
    # AI, last) must follow hearts: it gives its high heart to the partner's trick.
    d = make_deal(["2H", "T20", "3H", f"{high} 4H"], dealer=3, void={1: "H", 3: "H EX"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "2H", "T20", "3H")
    assert legal_cards(game) == {C(high), C("4H")}
    assert ai_cards(game) == {C(high)}


def test_ai_keeps_its_high_card_when_the_taker_wins_the_trick():
    # Dealer 0: defender seat 1 leads 2H, seat 2 follows 3H, the taker (seat 3) trumps; the AI
    # (seat 0, last) must follow hearts and gives the cheapest one.
    d = make_deal(["KH 4H", "2H", "3H", "T10"], dealer=0, void={0: "H EX", 3: "H"})
    game = new_game(d)
    start_play(game, taker=3)
    play(game, "2H", "3H", "T10")
    assert legal_cards(game) == {C("KH"), C("4H")}
    assert ai_cards(game) == {C("4H")}


def test_ai_taker_shows_its_poignee():
    d = make_deal([trumps(10, 21), "", "", ""], dealer=3, void={0: "T EX"})
    game = new_game(d)
    start_play(game, taker=0)
    action = ai(game)
    assert isinstance(action, Poignee) and game.is_legal(action)
    assert len(action.cards) == 10


def test_ai_plays_the_excuse_before_the_last_trick():
    # Over many AI deals, the Excuse is not kept for the last trick (FR-6.2 would lose it),
    # except by a side that has won every trick so far (FR-6.3).
    for seed in range(25):
        game = FrenchDeal(deal(seed, dealer=seed % 4))
        while not game.is_over:
            game.apply(choose_action(game.view(game.turn), seed, len(game.history)))
        if game.phase is Phase.DONE:
            last = game.tricks[-1]
            holder = next((s for s, c in last.cards if c is EXCUSE), None)
            if holder is not None:
                side = game.side_of(holder)
                assert all(game.side_of(t.winner) is side for t in game.tricks[:-1])


def test_ai_wins_with_the_petit_when_last_and_no_trump_was_played():
    # Dealer 0: seats 1, 2, 3 play hearts; the taker (seat 0, the AI, last) has no heart and
    # T1 and T8: the Petit wins the trick safely.
    d = make_deal(["T1 T8", "2H", "3H", "KH"], dealer=0, void={0: "H T EX"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "2H", "3H", "KH")
    assert legal_cards(game) == {PETIT, C("T8")}
    assert ai_cards(game) == {PETIT}


def test_ai_does_not_trump_with_the_petit_when_a_later_player_may_overtrump():
    # The taker (seat 1, the AI) is second to play, void in hearts, with T1 and T8; trumps are
    # still out: it trumps with T8, not the Petit.
    d = make_deal(["KH", "T1 T8", "T15", "T16"], dealer=3, void={1: "H T EX"})
    game = new_game(d)
    start_play(game, taker=1)
    play(game, "KH")
    assert legal_cards(game) == {PETIT, C("T8")}
    assert ai_cards(game) == {C("T8")}


def test_ai_does_not_waste_the_21_when_the_excuse_is_the_other_legal_card():
    d = make_deal(["2H", "T21 EX", "", ""], dealer=3, void={1: "H T"})
    game = new_game(d)
    start_play(game, taker=0)
    play(game, "2H")
    assert legal_cards(game) == {TRUMP_21, EXCUSE}
    assert TRUMP_21 not in ai_cards(game)


CHELEM_HAND = make_deal(["EX " + trumps(5, 21), "T1 T2", "T3", "T4"], dealer=3)


def test_ai_announces_a_chelem_with_an_unbeatable_hand():
    game = new_game(CHELEM_HAND)
    for k in range(1, 5):
        seat = (3 + k) % 4
        game.apply(Bid(seat, SANS if seat == 0 else None))
    assert ai(game) == Chelem(0, True)


def test_ai_keeps_the_excuse_for_the_last_trick_of_a_chelem():
    # The taker (seat 0) holds the Excuse and T5..T21 and has won the first 16 tricks; with
    # EX and T5 left it must lead T5, then the Excuse to the last trick.
    game = new_game(CHELEM_HAND)
    start_play(game, taker=0)
    for n in range(21, 5, -1):
        play(game, f"T{n}")
        for _ in range(3):
            game.apply(Play(game.turn, min(legal_cards(game), key=lambda c: c.index)))
    assert [t.winner for t in game.tricks] == [0] * 16
    assert set(game.view(0).hand) == {EXCUSE, C("T5")}
    assert ai_cards(game) == {C("T5")}


def test_ai_makes_the_chelem_it_announced_with_an_unbeatable_hand():
    game = new_game(CHELEM_HAND)
    for k in range(1, 5):
        seat = (3 + k) % 4
        game.apply(Bid(seat, SANS if seat == 0 else None))
    while not game.is_over:
        game.apply(choose_action(game.view(game.turn), 0, len(game.history)))
    assert game.chelem_announced
    assert game.result.tricks_won == (18, 0, 0, 0)
