"""The 4-player rules engine (tarot_core.french) rule by rule, on hand-built deals.

Each test is named after the rule it checks (docs/rules/french-tarot.md). Positions are built
with :func:`make_deal` (``helpers.make_deal4``), which places the cards that matter and fills the
rest of the 78 deterministically, then driven with ``apply``. Expected points and scores are worked
out by hand from the rules text in the comments next to them.
"""

from __future__ import annotations

import pytest

from helpers import (CONTRE, GARDE, PRISE, SANS, C, assert_illegal, auction, cards_in, cardset,
                     expected_settlement, legal_cards, new_game, play, play_out, snapshot,
                     start_play, trumps)
from helpers import make_deal4 as make_deal
from tarot_core.ai import choose_action
from tarot_core.french.cards import DECK, EXCUSE, PETIT, parse_cards
from tarot_core.french.contracts import Contract, PoigneeSize, Side
from tarot_core.french.dealing import deal
from tarot_core.errors import IllegalActionError
from tarot_core.french import (
    Bid,
    Chelem,
    Discard,
    FrenchDeal,
    Phase,
    Play,
    Poignee,
    ShownPoignee,
    Trick,
)


# --- helpers ---------------------------------------------------------------------------------

def desc(hi: int, lo: int) -> str:
    """``"T{hi} … T{lo}"``, high to low."""
    return " ".join(f"T{n}" for n in range(hi, lo - 1, -1))


def check_settlement(game: FrenchDeal, s: int) -> None:
    """FR-7.5 at four players: each defender −s, the taker +3s; the deal sums to zero."""
    result = game.result
    assert result is not None
    assert result.score.s == s
    assert list(result.scores) == expected_settlement(4, game.taker, None, s)
    assert sum(result.scores) == 0


SPADES = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS"
CLUBS = "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC"


# --- FR-3 bidding ---------------------------------------------------------------------------

def plain_deal(dealer: int) -> FrenchDeal:
    return new_game(make_deal(["", "", "", ""], dealer=dealer))


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_FR_3_each_seat_speaks_once_from_the_dealers_right(dealer):
    game = plain_deal(dealer)
    order = []
    for _ in range(4):
        order.append(game.turn)
        assert game.view(game.turn).legal  # the speaker has actions, nobody else does
        for other in range(4):
            if other != game.turn:
                assert game.view(other).legal == ()
        game.apply(Bid(game.turn, None))
    assert order == [(dealer + k) % 4 for k in range(1, 5)]
    assert [s for s, _ in game.bids] == order


def test_FR_3_only_higher_bids_are_legal():
    game = plain_deal(dealer=1)  # seat 2 speaks first
    assert game.legal_actions() == [Bid(2, None), Bid(2, PRISE), Bid(2, GARDE), Bid(2, SANS),
                                    Bid(2, CONTRE)]
    game.apply(Bid(2, GARDE))
    assert game.legal_actions() == [Bid(3, None), Bid(3, SANS), Bid(3, CONTRE)]
    game.apply(Bid(3, None))
    assert game.legal_actions() == [Bid(0, None), Bid(0, SANS), Bid(0, CONTRE)]
    game.apply(Bid(0, CONTRE))
    assert game.legal_actions() == [Bid(1, None)]


@pytest.mark.parametrize("low", [PRISE, GARDE])
def test_FR_3_lower_or_equal_bid_is_rejected_and_changes_nothing(low):
    game = plain_deal(dealer=3)
    game.apply(Bid(0, GARDE))
    err = assert_illegal(game, Bid(1, low), rule="FR-3")
    assert err.reason
    assert game.turn == 1 and game.bids == [(0, GARDE)]


def test_FR_3_bid_out_of_turn_is_rejected():
    game = plain_deal(dealer=3)
    assert_illegal(game, Bid(2, PRISE), rule="FR-2")
    assert_illegal(game, Bid(3, None), rule="FR-2")
    assert_illegal(game, Bid(4, PRISE), rule="FR-2")


def test_FR_3_nobody_speaks_twice():
    game = plain_deal(dealer=3)
    auction(game, {1: PRISE})
    assert game.phase is Phase.ECART
    assert_illegal(game, Bid(1, GARDE))
    assert_illegal(game, Bid(2, SANS))


def test_FR_3_all_pass_throws_the_deal_in():
    game = plain_deal(dealer=2)
    auction(game, {})
    assert game.phase is Phase.THROWN_IN
    assert game.thrown_in == "all_pass"
    assert game.legal_actions() == []
    assert game.taker is None and game.contract is None and game.result is None
    assert game.is_over and game.turn is None
    for seat in range(4):
        v = game.view(seat)
        assert v.thrown_in == "all_pass" and v.phase is Phase.THROWN_IN and v.legal == ()
    assert_illegal(game, Bid(3, PRISE))
    assert_illegal(game, Play(3, game.view(3).hand[0]))


def test_FR_3_highest_bidder_becomes_taker():
    game = plain_deal(dealer=1)  # order 2, 3, 0, 1
    game.apply(Bid(2, PRISE))
    game.apply(Bid(3, None))
    game.apply(Bid(0, GARDE))
    game.apply(Bid(1, None))
    assert game.taker == 0 and game.contract is GARDE
    assert game.turn == 0
    assert all(game.view(s).taker == 0 and game.view(s).contract is GARDE for s in range(4))
    assert game.side_of(0) is Side.ATTACK
    assert {game.side_of(s) for s in (1, 2, 3)} == {Side.DEFENCE}


def test_FR_3_last_speaker_can_outbid():
    game = plain_deal(dealer=0)  # order 1, 2, 3, 0
    auction(game, {1: PRISE, 2: GARDE, 3: SANS, 0: CONTRE})
    assert game.taker == 0 and game.contract is CONTRE
    assert game.phase is Phase.CHELEM  # the chien is not seen: no écart


# --- FR-4.1 chien and écart -----------------------------------------------------------------

def test_FR_4_1_chien_shown_to_everyone_and_joined_to_takers_hand():
    d = make_deal(["", "", "", ""], chien="KH 2H 3H 4H T21 5H", dealer=3)
    game = new_game(d)
    chien = tuple(parse_cards("KH 2H 3H 4H T21 5H"))
    game.apply(Bid(0, None))
    assert all(game.view(s).chien is None for s in range(4))  # not before the auction ends
    game.apply(Bid(1, PRISE))
    game.apply(Bid(2, None))
    game.apply(Bid(3, None))
    assert game.phase is Phase.ECART and game.turn == 1
    for seat in range(4):
        assert game.view(seat).chien == chien
    hand = game.view(1).hand
    assert len(hand) == 24
    assert set(chien) <= set(hand)
    assert set(d.hands[1]) <= set(hand)
    assert [len(game.view(s).hand) for s in (0, 2, 3)] == [18, 18, 18]


def ecart_game(taker_hand: str, chien: str, contract: Contract = GARDE, void=None) -> FrenchDeal:
    hands = ["", "", "", ""]
    hands[1] = taker_hand
    game = new_game(make_deal(hands, chien=chien, dealer=3, void=void))
    auction(game, {1: contract})
    assert game.phase is Phase.ECART
    return game


def test_FR_4_1_kings_and_bouts_may_not_be_discarded():
    game = ecart_game("KS KH T21 T1 EX 2S 3S 4S 5S 6S 7S", chien="KD 8S 9S 10S JS NS")
    for token in ("KS", "KH", "KD", "T21", "T1", "EX"):
        err = assert_illegal(game, Discard(1, C(token)), rule="FR-4.1")
        assert err.reason
    legal = {a.card for a in game.legal_actions()}
    assert not any(c.is_king or c.is_bout for c in legal)
    assert cardset("2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS") <= legal


def test_FR_4_1_discard_of_a_card_not_in_hand_or_by_another_seat():
    game = ecart_game("2S 3S", chien="4S 5S 6S 7S 8S 9S")
    other = game.view(0).hand[0]
    assert_illegal(game, Discard(1, other), rule="FR-4.1")
    assert_illegal(game, Discard(0, other), rule="FR-2")
    assert_illegal(game, Play(1, C("2S")))
    assert_illegal(game, Chelem(1, False))


def test_FR_4_1_no_trump_discard_while_enough_plain_cards():
    # The taker has many plain non-King cards: trumps are refused until none could fill the
    # écart otherwise.
    game = ecart_game("T2 T3 T4 T5 " + "2H 3H 4H 5H", chien="6H 7H 8H 9H 10H JH",
                      void={1: "T"})
    assert_illegal(game, Discard(1, C("T2")), rule="FR-4.1")
    assert not any(a.card.is_trump for a in game.legal_actions())


def test_FR_4_1_too_few_plain_cards_forces_trumps_which_the_defence_sees():
    # Taker: 4 Kings and 14 trumps; chien: 2 plain cards and 4 trumps. Only 2 plain non-King
    # cards: the écart must be those 2 and 4 trumps (never T1, T21 or the Excuse).
    taker = "KS KH KD KC " + trumps(1, 14)
    chien = "2S 3S T15 T16 T17 T18"
    game = ecart_game(taker, chien)
    legal = {a.card for a in game.legal_actions()}
    assert legal == cardset("2S 3S " + trumps(2, 18))
    for t in ("T2", "T3", "T15", "T16"):
        game.apply(Discard(1, C(t)))
    # Two slots left and two plain cards: no more trumps.
    assert {a.card for a in game.legal_actions()} == cardset("2S 3S")
    assert_illegal(game, Discard(1, C("T4")), rule="FR-4.1")
    game.apply(Discard(1, C("2S")))
    game.apply(Discard(1, C("3S")))
    assert game.phase is Phase.CHELEM
    assert set(game.view(1).ecart) == cardset("T2 T3 T15 T16 2S 3S")
    for seat in (0, 2, 3):
        v = game.view(seat)
        assert set(v.ecart) == cardset("T2 T3 T15 T16")
        assert v.ecart_size == 6
    assert len(game.view(1).hand) == 18


def test_FR_4_1_non_trump_ecart_cards_are_hidden_from_the_defence():
    game = ecart_game("2H 3H 4H 5H 6H 7H", chien="8D 9D 10D 1C 2C 3C", contract=PRISE)
    game.apply_ecart(parse_cards("2H 3H 4H 5H 6H 7H"))
    assert set(game.view(1).ecart) == cardset("2H 3H 4H 5H 6H 7H")
    for seat in (0, 2, 3):
        v = game.view(seat)
        assert v.ecart == ()
        assert not cards_in(v) & cardset("2H 3H 4H 5H 6H 7H")


def test_FR_4_1_check_ecart_and_apply_ecart_are_all_or_nothing():
    game = ecart_game("KS 2H 3H 4H 5H 6H T10", chien="7H 8H 9H 10H JH NH", void={1: "T"})
    bad = {
        "with a King": "KS 2H 3H 4H 5H 6H",
        "five cards": "2H 3H 4H 5H 6H",
        "seven cards": "2H 3H 4H 5H 6H 7H 8H",
        "twice the same card": "2H 2H 3H 4H 5H 6H",
        "not in hand": "2H 3H 4H 5H 6H " + str(game.view(0).hand[0]),
        "trump while plain cards remain": "T10 2H 3H 4H 5H 6H",
    }
    for why, text in bad.items():
        cards = [C(t) for t in text.split()]
        reason = game.check_ecart(cards)
        assert isinstance(reason, str) and reason, why
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply_ecart(cards)
        assert info.value.rule == "FR-4.1", why
        assert snapshot(game) == before, why
        assert game.ecart == []
    good = parse_cards("JH NH 2H 3H 4H 5H")
    assert game.check_ecart(good) is None
    game.apply_ecart(good)
    assert set(game.ecart) == set(good)
    assert game.phase is Phase.CHELEM
    assert game.check_ecart(good) is not None  # no second écart


def test_FR_4_1_apply_ecart_with_forced_trumps_in_any_order():
    taker = "KS KH KD KC " + trumps(1, 14)
    game = ecart_game(taker, "2S 3S T15 T16 T17 T18")
    # Trumps listed first: still legal as a whole (only 2 plain non-King cards).
    game.apply_ecart(parse_cards("T15 T16 T17 T18 2S 3S"))
    assert game.phase is Phase.CHELEM
    assert set(game.view(0).ecart) == cardset("T15 T16 T17 T18")
    # Forced trumps put in the écart cannot be shown in a poignée later (FR-4.4).
    game.apply(Chelem(1, False))
    game.apply(Play(0, game.view(0).hand[0]))  # seat 0 leads
    shown = frozenset(parse_cards("T15 T16 T17 T18 " + trumps(2, 7)))
    assert_illegal(game, Poignee(1, shown), rule="FR-4.4")
    assert game.is_legal(Poignee(1, frozenset(parse_cards(trumps(1, 10)))))


@pytest.mark.parametrize("contract", [SANS, CONTRE])
def test_FR_4_1_unseen_chien_is_in_no_view_during_a_whole_deal(contract):
    d = deal(11, dealer=2)
    game = new_game(d)
    auction(game, {0: contract})
    assert game.phase is Phase.CHELEM  # no écart
    chien = set(d.chien)
    step = 0
    while True:
        for seat in range(4):
            v = game.view(seat)
            assert v.chien is None
            assert not cards_in(v) & chien
        if game.is_over:
            break
        game.apply(choose_action(game.view(game.turn), "unseen", step))
        step += 1
    assert not any(c in chien for t in game.tricks for _, c in t.cards)


# --- FR-4.3 chelem announcement -------------------------------------------------------------

@pytest.mark.parametrize("announced, leader", [(True, 2), (False, 0)])
def test_FR_4_3_chelem_announcement_decides_the_first_leader(announced, leader):
    game = new_game(make_deal(["", "", "", ""], dealer=3))  # dealer's right: seat 0
    auction(game, {2: SANS})
    assert game.phase is Phase.CHELEM and game.turn == 2
    assert game.legal_actions() == [Chelem(2, False), Chelem(2, True)]
    assert_illegal(game, Chelem(1, True), rule="FR-2")
    assert_illegal(game, Play(2, game.view(2).hand[0]))
    game.apply(Chelem(2, announced))
    assert game.phase is Phase.PLAY
    assert game.turn == leader and game.leader == leader
    assert all(game.view(s).chelem_announced is announced for s in range(4))
    assert_illegal(game, Chelem(leader, True))


def test_FR_4_3_chelem_comes_after_the_ecart():
    game = new_game(make_deal(["", "", "", ""], dealer=0))
    auction(game, {3: GARDE})
    assert_illegal(game, Chelem(3, True), rule="FR-4.3")
    game.apply_ecart([a.card for a in game.legal_actions()][:6])
    game.apply(Chelem(3, True))
    assert game.turn == 3


# --- FR-4.4 poignée -------------------------------------------------------------------------

def poignee_game(hands: list[str], void=None, taker: int = 3, dealer: int = 3) -> FrenchDeal:
    game = new_game(make_deal(hands, dealer=dealer, void=void))
    start_play(game, taker=taker)
    return game


def poignee_actions(game: FrenchDeal) -> list[Poignee]:
    return [a for a in game.legal_actions() if isinstance(a, Poignee)]


def test_FR_4_4_thresholds_10_13_15_exactly():
    # Seat 0 (first to play) holds 15 trumps T7..T21.
    game = poignee_game([trumps(7, 21), "", "", ""], void={0: "T EX", 2: "T EX", 3: "T EX"})
    offered = poignee_actions(game)
    assert sorted(len(a.cards) for a in offered) == [10, 13, 15]
    assert all(a.seat == 0 and all(c.is_trump for c in a.cards) for a in offered)
    for n in (1, 9, 11, 12, 14):
        shown = frozenset(parse_cards(trumps(7, 6 + n)))
        assert_illegal(game, Poignee(0, shown), rule="FR-4.4")
    # Any 13 of them is a double poignée (not only the offered ones).
    game.apply(Poignee(0, frozenset(parse_cards(trumps(9, 21)))))
    shown = game.view(2).poignees
    assert shown == (ShownPoignee(0, PoigneeSize.DOUBLE, tuple(parse_cards(trumps(9, 21)))),)
    assert all(game.view(s).poignees == shown for s in range(4))


def test_FR_4_4_eleven_trumps_cannot_be_shown():
    game = poignee_game([trumps(11, 21), "", "", ""], void={0: "T EX", 2: "T EX", 3: "T EX"})
    assert [len(a.cards) for a in poignee_actions(game)] == [10]
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(11, 21)))), rule="FR-4.4")
    game.apply(Poignee(0, frozenset(parse_cards(trumps(12, 21)))))  # any 10 of the 11
    assert game.poignees[0].size is PoigneeSize.SIMPLE


def test_FR_4_4_excuse_stands_in_only_with_no_other_trump_unshown():
    # Seat 0: 9 trumps and the Excuse → a simple poignée of 9 trumps + the Excuse.
    game = poignee_game([trumps(13, 21) + " EX", "", "", ""],
                        void={0: "T EX", 2: "T EX", 3: "T EX"})
    offered = poignee_actions(game)
    assert [a.cards for a in offered] == [frozenset(parse_cards(trumps(13, 21) + " EX"))]
    game.apply(offered[0])
    assert game.poignees[0].size is PoigneeSize.SIMPLE
    assert EXCUSE in game.poignees[0].cards


def test_FR_4_4_excuse_refused_while_a_trump_stays_hidden():
    # Seat 0: 10 trumps and the Excuse: 9 trumps + Excuse leaves a trump unshown.
    game = poignee_game([trumps(12, 21) + " EX", "", "", ""],
                        void={0: "T EX", 2: "T EX", 3: "T EX"})
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(13, 21) + " EX"))),
                   rule="FR-4.4")
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(12, 21) + " EX"))),
                   rule="FR-4.4")  # 11 cards
    offered = poignee_actions(game)
    assert [a.cards for a in offered] == [frozenset(parse_cards(trumps(12, 21)))]


def test_FR_4_4_twelve_trumps_and_excuse_make_a_double():
    game = poignee_game([trumps(10, 21) + " EX", "", "", ""],
                        void={0: "T EX", 2: "T EX", 3: "T EX"})
    sizes = sorted(len(a.cards) for a in poignee_actions(game))
    assert sizes == [10, 13]
    game.apply(Poignee(0, frozenset(parse_cards(trumps(10, 21) + " EX"))))
    assert game.poignees[0].size is PoigneeSize.DOUBLE


def test_FR_4_4_cards_not_in_hand_or_not_trumps_are_rejected():
    game = poignee_game([trumps(12, 21) + " 2S", trumps(2, 11), "", ""],
                        void={0: "T EX", 1: "T EX", 2: "T EX", 3: "T EX"})
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(13, 21) + " T2"))),
                   rule="FR-4.4")  # T2 is seat 1's
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(13, 21) + " 2S"))),
                   rule="FR-4.4")  # a plain card
    assert_illegal(game, Poignee(1, frozenset(parse_cards(trumps(2, 11)))), rule="FR-2")  # not its turn


def test_FR_4_4_poignee_only_before_the_players_first_card():
    game = poignee_game([trumps(12, 21) + " " + "1C 2C", trumps(2, 11), "", ""],
                        void={0: "C T EX", 1: "C T EX", 2: "T EX C", 3: "T EX"})
    # Seat 0 leads a club without showing; seat 1 (void in clubs) still may show before its card.
    assert poignee_actions(game)
    play(game, "1C")
    assert [len(a.cards) for a in poignee_actions(game)] == [10]
    game.apply(Poignee(1, frozenset(parse_cards(trumps(2, 11)))))
    assert poignee_actions(game) == []  # once
    assert_illegal(game, Poignee(1, frozenset(parse_cards(trumps(2, 11)))), rule="FR-4.4")
    play(game, "T2")
    for _ in range(2):  # seats 2 and 3
        game.apply(Play(game.turn, min(legal_cards(game), key=lambda c: c.index)))
    assert game.tricks[0].winner == 1  # the only trump
    for _ in range(3):  # seats 1, 2, 3 play to trick 2; then seat 0, who has played a card
        game.apply(Play(game.turn, min(legal_cards(game), key=lambda c: c.index)))
    assert game.turn == 0
    assert poignee_actions(game) == []
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(12, 21)))), rule="FR-4.4")


def test_FR_4_4_poignee_only_during_play():
    game = new_game(make_deal([trumps(12, 21), "", "", ""], dealer=3,
                              void={1: "T EX", 2: "T EX", 3: "T EX"}))
    assert_illegal(game, Poignee(0, frozenset(parse_cards(trumps(12, 21)))), rule=None)


# Deals A and B are mirror images (dealer 3, seat 0 leads). One side holds T11..T21 and the top
# spades KS..9S plus 1H; the other holds exactly ten trumps T1..T10. The strong hand draws the
# ten trumps, cashes its spades and loses only the last trick (1H) to a King of hearts.
DEAL_A = make_deal(
    [trumps(11, 21) + " KS QS NS JS 10S 9S 1H",
     trumps(1, 10) + " 1S 2S 3S 4S 6D 7D 8D 2H",
     "5S 6S 7S 8S KH 4H 5H 6H 7H 8H 9H 10H JH NH QH 9D 10D JD",
     "3H ND QD KD " + CLUBS],
    chien="EX 1D 2D 3D 4D 5D", dealer=3)
DEAL_B = make_deal(
    [trumps(11, 21) + " KS QS NS JS 10S 9S 1H",
     trumps(1, 10) + " 1S 2S 3S 4S 6D 7D 8D KH",
     "5S 6S 7S 8S 2H 4H 5H 6H 7H 8H 9H 10H JH NH QH 9D 10D JD",
     "3H ND QD KD " + CLUBS],
    chien="EX 1D 2D 3D 4D 5D", dealer=3)
STRONG_FIRST = {0: desc(21, 11) + " KS QS NS JS 10S 9S 1H", 1: trumps(1, 10)}


def test_FR_4_4_defenders_poignee_goes_to_the_winning_attack_and_is_not_multiplied():
    game = new_game(DEAL_A)
    start_play(game, taker=0, contract=SANS)
    play_out(game, first=STRONG_FIRST, last={1: "2H", 2: "KH", 3: "3H"},
             poignees={1: trumps(1, 10)})
    r = game.result
    assert r.poignees == (ShownPoignee(1, PoigneeSize.SIMPLE, tuple(parse_cards(trumps(1, 10)))),)
    assert game.tricks[-1].winner == 2
    assert r.tricks_won == (17, 0, 1, 0)
    # Defence: last trick 1H 2H KH 3H = 0.5+0.5+4.5+0.5 = 6 points; attack 91 − 6 = 85 with
    # 3 bouts (T21, T1 won in a trump trick, the Excuse in the chien: garde sans).
    assert r.points2 == 170 and r.bouts == 3
    # (25 + 49) × 4 + 20 (poignée to the winning side, not multiplied) = 316.
    assert r.score.poignees == 20
    check_settlement(game, 316)


def test_FR_4_4_takers_poignee_goes_to_the_winning_defence():
    game = new_game(DEAL_B)
    start_play(game, taker=1, contract=SANS)
    play_out(game, first=STRONG_FIRST, last={1: "KH", 2: "2H", 3: "3H"},
             poignees={1: trumps(1, 10)})
    r = game.result
    assert game.tricks[-1].winner == 1
    assert r.tricks_won == (17, 1, 0, 0)
    # Attack: chien (EX 4.5 + five 0.5) = 7, last trick 1H KH 2H 3H = 6 → 13 points, 1 bout.
    assert r.points2 == 26 and r.bouts == 1
    assert r.petit_au_bout is None
    # Lost by 38: −(25 + 38) × 4 − 20 = −272.
    assert r.score.poignees == -20
    check_settlement(game, -272)


def test_FR_4_1_garde_contre_chien_counts_for_the_defence():
    game = new_game(DEAL_A)
    start_play(game, taker=0, contract=CONTRE)
    play_out(game, first=STRONG_FIRST, last={1: "2H", 2: "KH", 3: "3H"})
    r = game.result
    # Attack: 91 − 6 (last trick) − 7 (chien: EX + five 0.5) = 78 points, 2 bouts (T21, T1).
    assert r.points2 == 156 and r.bouts == 2
    check_settlement(game, (25 + 37) * 6)


def test_FR_4_1_garde_sans_chien_counts_for_the_taker():
    game = new_game(DEAL_A)
    start_play(game, taker=0, contract=SANS)
    play_out(game, first=STRONG_FIRST, last={1: "2H", 2: "KH", 3: "3H"})
    r = game.result
    assert r.points2 == 170 and r.bouts == 3  # the chien's Excuse is the taker's bout
    check_settlement(game, (25 + 49) * 4)


# --- FR-5 playing the cards -----------------------------------------------------------------

def test_FR_5_1_leader_may_play_any_card():
    game = poignee_game(["5H KS T3 EX", "", "", ""], void={0: "T"})
    assert legal_cards(game) == set(game.view(0).hand)
    assert len(legal_cards(game)) == 18


def test_FR_5_2_must_follow_suit():
    game = poignee_game(["5H EX", "2H KH T3 T8 1S", "", ""], void={1: "H T EX"})
    play(game, "5H")
    assert legal_cards(game) == cardset("2H KH")
    assert_illegal(game, Play(1, C("T3")), rule="FR-5.2")
    assert_illegal(game, Play(1, C("1S")), rule="FR-5.2")
    play(game, "2H")  # no obligation to beat
    assert game.trick == [(0, C("5H")), (1, C("2H"))]


def test_FR_5_3_must_trump_without_the_suit():
    game = poignee_game(["5H EX", "T3 T8 1S 2S", "", ""], void={1: "H T EX"})
    play(game, "5H")
    assert legal_cards(game) == cardset("T3 T8")
    assert_illegal(game, Play(1, C("1S")), rule="FR-5.3")


def test_FR_5_3_defender_must_overtrump_another_defender():
    # Taker seat 3; seats 1 and 2 are partners in defence: seat 2 must still overtrump seat 1.
    game = poignee_game(["5H EX", "T10 1S", "T5 T12 2S", ""], void={1: "H T", 2: "H T"})
    play(game, "5H", "T10")
    assert legal_cards(game) == cardset("T12")
    err = assert_illegal(game, Play(2, C("T5")), rule="FR-5.3")
    assert "overtrump" in err.reason
    assert_illegal(game, Play(2, C("2S")), rule="FR-5.3")
    play(game, "T12")


def test_FR_5_3_under_trump_when_unable_to_overtrump():
    game = poignee_game(["5H EX", "T10 1S", "T5 T7 KS", ""], void={1: "H T", 2: "H T"})
    play(game, "5H", "T10")
    assert legal_cards(game) == cardset("T5 T7")
    assert_illegal(game, Play(2, C("KS")), rule="FR-5.3")
    play(game, "T5")
    assert game.trick[-1] == (2, C("T5"))


def test_FR_5_4_trump_lead_must_be_beaten_when_able():
    game = poignee_game(["T10 EX", "T5 T15 T20 1S", "T3 T4 2S", "3S"],
                        void={1: "T", 2: "T", 3: "T"})
    play(game, "T10")
    assert legal_cards(game) == cardset("T15 T20")
    assert_illegal(game, Play(1, C("T5")), rule="FR-5.4")
    assert_illegal(game, Play(1, C("1S")), rule="FR-5.4")
    play(game, "T15")
    # Seat 2 cannot beat T15: any trump, but a trump.
    assert legal_cards(game) == cardset("T3 T4")
    assert_illegal(game, Play(2, C("2S")), rule="FR-5.4")
    play(game, "T3")
    # Seat 3 (no trump, no Excuse): any card.
    assert legal_cards(game) == set(game.view(3).hand)
    play(game, "3S")
    assert game.tricks[-1].winner == 1


def test_FR_5_4_overtrump_even_over_a_partner():
    # Dealer 0: defender seat 1 leads T10; its partner seat 2 must play higher when able.
    game = poignee_game(["", "T10 EX", "T3 T12 2S", ""], void={0: "T", 1: "T", 2: "T"},
                        taker=3, dealer=0)
    play(game, "T10")
    assert legal_cards(game) == cardset("T12")
    assert_illegal(game, Play(2, C("T3")), rule="FR-5.4")
    play(game, "T12")
    assert game.trick[-1] == (2, C("T12"))


def test_FR_5_5_neither_suit_nor_trump_any_card():
    game = poignee_game(["5H EX", "1S KD QC", "", ""], void={1: "H T EX"})
    play(game, "5H")
    hand = set(game.view(1).hand)
    assert len(hand) == 18 and not any(c.suit.value in ("H", "T") for c in hand)
    assert legal_cards(game) == hand
    play(game, "KD")


def test_FR_5_6_excuse_always_playable():
    game = poignee_game(["5H T2", "2H EX T20", "T3 T12", ""],
                        void={0: "T", 1: "H T", 2: "H T"})
    play(game, "5H")
    assert legal_cards(game) == cardset("2H EX")  # following suit, or the Excuse
    play(game, "EX")
    assert legal_cards(game) == cardset("T3 T12")  # the Excuse does not set the suit


def test_FR_5_6_excuse_with_a_trump_obligation():
    game = poignee_game(["T10 EX", "T15 1S", "2S 3S", ""],
                        void={0: "T", 1: "T", 2: "T S"})
    # Seat 0 leads the Excuse: the next card (1S) sets the suit.
    play(game, "EX")
    assert legal_cards(game) == set(game.view(1).hand)
    play(game, "1S")
    assert legal_cards(game) == cardset("2S 3S")
    other = next(c for c in game.view(2).hand if c.suit.value != "S")
    assert_illegal(game, Play(2, other), rule="FR-5.2")


def test_FR_5_6_excuse_led_next_card_sets_the_suit_and_wins():
    game = poignee_game(["EX", "KS 2S", "3S 4S", "5S 6S"], void={0: "S"})
    play(game, "EX", "KS", "3S", "5S")
    t = game.tricks[-1]
    assert t.leader == 0 and t.winner == 1  # KS, never the Excuse
    assert game.turn == 1


def test_FR_5_winner_highest_trump():
    game = poignee_game(["5H EX", "T10 1S", "T12 2S", "7H"], void={1: "H T", 2: "H T"})
    play(game, "5H", "T10", "T12", "7H")
    assert game.tricks[-1] == Trick(0, ((0, C("5H")), (1, C("T10")), (2, C("T12")),
                                        (3, C("7H"))), 2)
    assert game.turn == 2 and game.leader == 2
    assert all(game.view(s).trick == () for s in range(4))


def test_FR_5_winner_highest_card_of_the_suit_led():
    game = poignee_game(["5H EX", "KS", "7H", "6H"], void={1: "H T EX"})
    play(game, "5H", "KS", "7H", "6H")
    assert game.tricks[-1].winner == 2  # 7H beats 5H and 6H; the King of spades does not count
    assert game.turn == 2


def test_FR_5_6_excuse_never_wins_a_normal_trick():
    game = poignee_game(["5H", "EX KH", "2H", "3H"], void={1: "H"})
    play(game, "5H", "EX", "2H", "3H")
    assert game.tricks[-1].winner == 0


def test_FR_5_play_out_of_turn_or_not_in_hand():
    game = poignee_game(["5H EX", "2H", "", ""])
    assert_illegal(game, Play(1, C("2H")), rule="FR-2")  # seat 0 leads
    card_of_seat1 = C("2H")
    assert_illegal(game, Play(0, card_of_seat1))
    assert_illegal(game, Bid(0, PRISE))
    assert_illegal(game, Discard(0, C("5H")))
    assert_illegal(game, "5H")  # not an action at all


# --- FR-6 the Excuse and the last trick -----------------------------------------------------

def test_FR_6_1_excuse_stays_with_its_side_and_the_winner_gets_half_a_point():
    # Seat 0 (taker, garde sans) holds the Excuse and T5..T21; it leads the Excuse, which seat 1
    # follows with KS: the defence wins trick 1, the taker wins all the others.
    d = make_deal(["EX " + trumps(5, 21), "KS", "2S T1 T2", "3S T3 T4"], dealer=3)
    game = new_game(d)
    start_play(game, taker=0, contract=SANS)
    play_out(game, first={0: "EX " + desc(21, 5),
                          1: "KS", 2: "2S", 3: "3S"})
    r = game.result
    assert game.tricks[0].winner == 1
    assert r.tricks_won == (17, 1, 0, 0)
    # The defence keeps KS 2S 3S (5.5) and receives 0.5 for the Excuse; the taker keeps the
    # Excuse: 91 − 5.5 − 0.5 = 85 points, 3 bouts (Excuse, T21, T1).
    assert r.points2 == 170 and r.bouts == 3
    check_settlement(game, (25 + 49) * 4)


def test_FR_6_2_excuse_in_the_last_trick_goes_to_the_winner():
    # Taker seat 0: 2S, the Excuse, T6..T21. It loses trick 1 (KS), wins tricks 2..17 with trumps
    # and leads the Excuse to the last trick, won by the defence (5H).
    d = make_deal(["2S EX " + trumps(6, 21), "KS T1 T2 3H", "3S T3 T4 4H", "4S T5 5H"],
                  dealer=3)
    game = new_game(d)
    start_play(game, taker=0, contract=SANS)
    play_out(game, first={0: "2S " + desc(21, 6) + " EX",
                          1: "KS T2", 2: "3S", 3: "4S"},
             last={1: "3H", 2: "4H", 3: "5H"})
    r = game.result
    assert game.tricks[-1].cards == ((0, EXCUSE), (1, C("3H")), (2, C("4H")), (3, C("5H")))
    assert game.tricks[-1].winner == 3
    assert r.tricks_won == (16, 1, 0, 1)
    # Defence: trick 1 (2S KS 3S 4S = 6) + last trick (Excuse 4.5 + 1.5) = 12 → attack 79,
    # bouts T21 and T1.
    assert r.points2 == 158 and r.bouts == 2
    check_settlement(game, (25 + 38) * 4)


ATTACK_CHELEM = make_deal(["EX " + trumps(5, 21), "T1 T2", "T3", "T4"], dealer=3)


def test_FR_6_3_excuse_led_to_the_last_trick_of_a_chelem_wins_it():
    game = new_game(ATTACK_CHELEM)
    start_play(game, taker=0, contract=SANS)
    play_out(game, first={0: desc(21, 5) + " EX"})
    r = game.result
    assert game.tricks[-1].cards[0] == (0, EXCUSE)
    assert game.tricks[-1].winner == 0
    assert r.tricks_won == (18, 0, 0, 0)
    assert r.chelem_made_by is Side.ATTACK
    assert r.points2 == 182 and r.bouts == 3
    assert r.petit_au_bout is None
    # (25 + 55) × 4 + 200 (chelem made without announcement, not multiplied) = 520.
    assert r.score.chelem == 200
    check_settlement(game, 520)


def test_FR_6_3_defence_leading_the_excuse_after_winning_every_trick():
    # Dealer 0: seat 1 (defence) leads; it holds the Excuse and T5..T21. Taker seat 2.
    d = make_deal(["T4", "EX " + trumps(5, 21), "T1 T2", "T3"], chien="1S 2S 3S 4S 5S 6S",
                  dealer=0)
    game = new_game(d)
    start_play(game, taker=2, contract=SANS)
    play_out(game, first={1: desc(21, 5) + " EX"})
    r = game.result
    assert game.tricks[-1].winner == 1
    assert r.tricks_won == (0, 18, 0, 0)
    assert r.chelem_made_by is Side.DEFENCE
    # Attack: only the chien (six 0.5 cards) = 3 points, no bout: lost by 53.
    assert r.points2 == 6 and r.bouts == 0
    # −(25 + 53) × 4 − 200 (chelem by the defence) = −512.
    assert r.score.chelem == -200
    check_settlement(game, -512)


def test_FR_6_3_attack_chelem_without_the_excuse_is_87_points_example_5():
    # FR-7.6 example 5: garde, chelem announced and made, taker's poignée of 10, Petit au bout,
    # the defence kept its Excuse, 87 points with 2 bouts → 582, taker +1746.
    d = make_deal(["T2", "T1 " + trumps(5, 21), "T3 EX", "T4"], chien="1S 2S 3S 4S 5S 6S",
                  dealer=3, void={0: "T EX", 2: "T EX", 3: "T EX"})
    game = new_game(d)
    auction(game, {1: GARDE})
    # The taker's plain cards are the six from the chien: exactly those may go to the écart.
    assert {a.card for a in game.legal_actions()} == cardset("1S 2S 3S 4S 5S 6S")
    game.apply_ecart(parse_cards("1S 2S 3S 4S 5S 6S"))
    game.apply(Chelem(1, True))
    assert game.turn == 1  # FR-4.3: the taker leads
    play_out(game, first={1: desc(21, 5) + " T1", 2: "EX"},
             poignees={1: trumps(5, 14)})
    r = game.result
    assert game.tricks[0].cards[1] == (2, EXCUSE)
    assert r.tricks_won == (0, 18, 0, 0)
    assert r.chelem_made_by is Side.ATTACK
    assert r.points2 == 174 and r.bouts == 2  # 87 points
    assert r.petit_au_bout is Side.ATTACK
    assert r.score.margin == 46
    assert (r.score.petit_au_bout, r.score.poignees, r.score.chelem) == (20, 20, 400)
    check_settlement(game, 582)
    assert r.scores == (-582, 1746, -582, -582)


def test_FR_6_4_petit_au_bout_in_a_chelem_with_the_excuse_last():
    # Dealer 0; taker seat 3 announces a chelem and leads T21..T6, then T1 (next-to-last
    # trick) and the Excuse (last trick).
    d = make_deal(["T2 T3", "T4", "T5", "EX T1 " + trumps(6, 21)], dealer=0,
                  void={0: "T", 1: "T", 2: "T"})
    game = new_game(d)
    start_play(game, taker=3, contract=SANS, chelem=True)
    assert game.turn == 3
    play_out(game, first={3: desc(21, 6) + " T1 EX"})
    r = game.result
    assert game.tricks[-2].cards[0] == (3, PETIT)
    assert game.tricks[-1].cards[0] == (3, EXCUSE) and game.tricks[-1].winner == 3
    assert r.chelem_made_by is Side.ATTACK and r.points2 == 182 and r.bouts == 3
    assert r.petit_au_bout is Side.ATTACK
    # (25 + 55) × 4 + 10 × 4 + 400 = 760.
    assert r.score.petit_au_bout == 40 and r.score.chelem == 400
    check_settlement(game, 760)


def test_FR_6_4_petit_au_bout_won_by_the_defence_is_multiplied():
    # Dealer 0: seat 1 (defence) leads 1H (taken by the taker's KH), then wins everything with
    # T21..T6 and plays T1 to the last trick.
    d = make_deal(["3H T5", "1H T1 " + trumps(6, 21), "KH T2 T3", "2H T4"],
                  chien="EX 2S 3S 4S 5S 6S", dealer=0)
    game = new_game(d)
    start_play(game, taker=2, contract=SANS)
    play_out(game, first={1: "1H " + desc(21, 6) + " T1",
                          2: "KH", 3: "2H", 0: "3H"})
    r = game.result
    assert game.tricks[0].winner == 2
    assert game.tricks[-1].cards[0] == (1, PETIT) and game.tricks[-1].winner == 1
    assert r.tricks_won == (0, 17, 1, 0)
    assert r.petit_au_bout is Side.DEFENCE
    # Attack: trick 1 (1H KH 2H 3H = 6) + chien (EX 4.5 + 2.5) = 13 points, 1 bout: lost by 38.
    assert r.points2 == 26 and r.bouts == 1
    # −(25 + 38) × 4 − 10 × 4 = −292.
    assert r.score.petit_au_bout == -40
    check_settlement(game, -292)


# --- state safety: illegal actions, undo, views ---------------------------------------------

def test_illegal_actions_leave_everything_unchanged_through_a_deal():
    game = new_game(deal(5, dealer=1))
    step = 0
    while not game.is_over:
        seat = game.turn
        for other in range(4):
            if other != seat:
                hand = game.view(other).hand
                if hand:
                    assert_illegal(game, Play(other, hand[0]))
        if game.phase is Phase.PLAY:
            foreign = next(iter(game.view((seat + 1) % 4).hand), None)
            if foreign is not None:
                assert_illegal(game, Play(seat, foreign))
        game.apply(choose_action(game.view(seat), 5, step))
        step += 1
    assert_illegal(game, Play(0, DECK[0]))


@pytest.mark.parametrize("action", [Play(0, "KS"), Bid(0, "garde"), Discard(0, None),
                                    Poignee(0, frozenset({"T1"}))])
def test_malformed_actions_raise_illegal_action_error(action):
    game = plain_deal(dealer=3)
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert snapshot(game) == before


def test_engine_rejects_seats_outside_the_table():
    game = plain_deal(dealer=0)
    with pytest.raises(ValueError):
        game.view(4)
    with pytest.raises(ValueError):
        game.view(-1)
    with pytest.raises(ValueError):
        game.side_of(0)  # no taker yet


def test_undo_restores_the_previous_state_exactly():
    for seed in (3, 4):
        game = new_game(deal(seed, dealer=seed % 4))
        step = 0
        while not game.is_over:
            before = snapshot(game)
            action = choose_action(game.view(game.turn), seed, step)
            game.apply(action)
            assert game.undo() == action
            assert snapshot(game) == before
            game.apply(action)
            step += 1
        final = snapshot(game)
        game.undo()
        game.apply(final[2][-1])
        assert snapshot(game) == final
    with pytest.raises(IndexError):
        new_game(deal(3)).undo()


def test_undo_after_all_pass_reopens_bidding():
    game = plain_deal(dealer=0)
    auction(game, {})
    assert game.phase is Phase.THROWN_IN
    assert game.undo() == Bid(0, None)
    assert game.phase is Phase.BIDDING and game.thrown_in is None and game.turn == 0


@pytest.mark.parametrize("contract", [PRISE, GARDE, SANS, CONTRE])
@pytest.mark.parametrize("seed", [1, 2])
def test_views_never_reveal_hidden_cards(contract, seed):
    d = deal(seed, dealer=seed % 4)
    game = FrenchDeal(d)
    if game.is_over:
        pytest.skip("petit sec")
    taker = (d.dealer + 2) % 4
    auction(game, {taker: contract})
    step = 0
    while True:
        shown = {c for p in game.poignees for c in p.cards}
        played = {c for t in game.tricks for _, c in t.cards} | {c for _, c in game.trick}
        chien_shown = set(d.chien) if contract.chien_seen else set()
        for seat in range(4):
            v = game.view(seat)
            assert set(v.hand) == game.hands[seat]
            assert list(v.hand) == sorted(v.hand, key=lambda c: (
                {"T": 0, "EX": 1, "S": 2, "H": 3, "C": 4, "D": 5}[c.suit.value], c.rank))
            visible = cards_in(v)
            others = set().union(*(game.hands[o] for o in range(4) if o != seat))
            assert not visible & (others - shown - chien_shown - played), (seat, step)
            if not contract.chien_seen:
                assert not visible & set(d.chien)
            if seat != game.taker:
                hidden_ecart = {c for c in game.ecart if not c.is_trump} - chien_shown
                assert not visible & hidden_ecart
                assert all(c.is_trump for c in v.ecart)
            else:
                assert list(v.ecart) == list(game.ecart)
            assert set(v.legal) == (set(game.legal_actions()) if game.turn == seat else set())
        if game.is_over:
            break
        game.apply(choose_action(game.view(game.turn), seed, step))
        step += 1
    assert game.phase is Phase.DONE


# --- FR-7 scoring ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
def test_FR_7_scores_sum_to_zero_and_taker_gets_three_s(seed):
    game = FrenchDeal(deal(seed, dealer=seed % 4))
    step = 0
    while not game.is_over:
        game.apply(choose_action(game.view(game.turn), seed, step))
        step += 1
    if game.phase is Phase.DONE:
        r = game.result
        assert sum(r.scores) == 0
        assert r.scores[r.taker] == 3 * r.score.s
        assert all(r.scores[s] == -r.score.s for s in range(4) if s != r.taker)
        assert sum(r.tricks_won) == 18
        assert r.points2 % 2 == 0  # no half point at four players (FR-7.3)
