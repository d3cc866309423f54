"""The Hungarian Tarokk engine, rule by rule (HU-3 … HU-9; ``hungarian-tarokk.md``).

Deals are arranged card by card (:func:`arrange`): the cards a test names go where it says, the
rest fill the hands in pack order. Expected values come from the rules file.
"""

from __future__ import annotations

import os
import random

import pytest

from tarot_core.errors import IllegalActionError
from tarot_core.hungarian.actions import (Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass,
                                          Phase, Play)
from tarot_core.hungarian.cards import DECK, PAGAT, XX, parse_card, parse_cards
from tarot_core.hungarian.dealing import Deal, deal
from tarot_core.hungarian.scoring import Bid as Level
from tarot_core.hungarian.scoring import Side
from tarot_core.hungarian.state import HungarianDeal

THREE, TWO, ONE, SOLO = Level.THREE, Level.TWO, Level.ONE, Level.SOLO


def arrange(hands: dict[int, str], talon: str = "", players: int = 4, dealer: int = 0) -> Deal:
    """A deal with the named cards in the named hands (and the talon's first cards), the rest of
    the pack filling the hands (then the talon) in pack order."""
    placed = {s: parse_cards(t) for s, t in hands.items()}
    talon_cards = parse_cards(talon)
    used = {c for cs in placed.values() for c in cs} | set(talon_cards)
    rest = [c for c in DECK if c not in used]
    seats = [(dealer + k) % players for k in range(1, 5)]
    full = {s: list(placed.get(s, [])) for s in seats}
    for s in seats:
        while len(full[s]) < 9:
            full[s].append(rest.pop(0))
    talon_cards += rest
    assert len(talon_cards) == 6, "the arranged cards leave the talon with the wrong size"
    return Deal(players, dealer, tuple(tuple(sorted(full.get(s, ()), key=lambda c: c.index)) for s in range(players)),
                tuple(talon_cards))


def bid(game: HungarianDeal, *levels) -> None:
    """The seats to act bid ``levels`` in turn (``None`` passes)."""
    for level in levels:
        game.apply(Bid(game.turn, level))


def illegal(game: HungarianDeal, action, rule: str, key: str | None = None) -> IllegalActionError:
    """``action`` is refused naming ``rule``, and nothing changes."""
    before = (list(game.history), game.phase, game.turn, [set(h) for h in game.hands], game.legal_actions())
    assert action not in game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.rule == rule, info.value
    if key is not None:
        assert info.value.key == key
    assert (list(game.history), game.phase, game.turn, [set(h) for h in game.hands], game.legal_actions()) == before
    return info.value


# Seats (dealer 0): the forehand is seat 1, then 2, 3 and the dealer 0.
def standard(swap: str = "", **kw) -> Deal:
    """Every hand written out: seat 1 (the forehand) bids three, takes KS KH KD and discards its
    four … three suit cards; seat 3 holds the XX. ``swap="T5 T20"`` exchanges two cards."""
    hands = {1: "T1 T5 T6 T7 T8 JS 10S JH 1H", 2: "T21 T9 T10 NS QS 1D JD T11 T12",
             3: "SKIZ T20 T13 T14 ND QD NH QH T15", 0: "T2 T3 T4 T16 T17 T18 T19 KC QC"}
    talon = "KS KH KD 10C JC NC"
    if swap:
        a, b = swap.split()
        for seat, text in hands.items():
            hands[seat] = " ".join(b if t == a else a if t == b else t for t in text.split())
        talon = " ".join(b if t == a else a if t == b else t for t in talon.split())
    return arrange(hands, talon, **kw)


HONOURS_EVERYWHERE = {1: "T1 T19 T18", 2: "T21 T17", 3: "SKIZ T16", 0: "T15"}


# --- HU-3 bidding -------------------------------------------------------------------------------

def test_hu_3_only_a_player_with_an_honour_may_bid():
    game = HungarianDeal(arrange({1: "T1", 2: "T21", 3: "SKIZ", 0: "T2 T3"}))
    bid(game, None, None, None)  # seat 0 holds no honour, but the first three passed: the trial three
    assert Bid(0, THREE) in game.legal_actions()
    game = HungarianDeal(arrange({1: "T2", 2: "T21", 3: "SKIZ", 0: "T1"}))
    illegal(game, Bid(1, THREE), "HU-3", "bid_without_honour")
    assert game.legal_actions() == [Bid(1, None)]


def test_hu_3_pass_is_final_and_three_passes_after_a_bid_end_the_auction():
    game = HungarianDeal(arrange(HONOURS_EVERYWHERE))
    bid(game, THREE, None, None, None)
    assert (game.declarer, game.level, game.phase) == (1, THREE, Phase.DISCARD)
    # seat 2 holds the XIX: its one after its own three and seat 3's two invites with it (HU-3.1)
    game = HungarianDeal(arrange({**HONOURS_EVERYWHERE, 1: "T1 T18", 2: "T21 T17 T19"}))
    bid(game, None, THREE, TWO)
    assert game.turn == 0
    bid(game, None)
    assert game.turn == 2  # seat 1 passed: it never speaks again
    bid(game, ONE, None)
    assert (game.declarer, game.level) == (2, ONE)


def test_hu_3_hold_each_level_once_by_a_player_who_has_bid():
    game = HungarianDeal(arrange({1: "T1 T19", 2: "T21", 3: "SKIZ", 0: "T15"}))
    bid(game, THREE, TWO)
    illegal(game, Bid(3, TWO), "HU-3", "hold_without_bid")  # seat 3 has not bid
    bid(game, None, None)
    assert Bid(1, TWO) in game.legal_actions()  # seat 1 bid three: it may hold two
    bid(game, TWO)
    assert game.bids[-1] == (1, TWO, "hold")
    illegal(game, Bid(2, TWO), "HU-3", "held_twice")
    bid(game, ONE, ONE)  # seat 2 bids one, seat 1 holds it
    assert game.bids[-1] == (1, ONE, "hold")
    bid(game, None)
    assert (game.declarer, game.level) == (1, ONE)


def test_hu_3_all_pass_is_a_redeal_scoring_nothing():
    game = HungarianDeal(arrange(HONOURS_EVERYWHERE))
    bid(game, None, None, None, None)
    assert (game.phase, game.turn, game.scores, game.is_over) == (Phase.ALL_PASS, None, (0, 0, 0, 0), True)


def test_hu_3_1_an_invitation_needs_the_promised_card():
    game = HungarianDeal(arrange({1: "T1", 2: "T21 T19", 3: "SKIZ T18", 0: "T15"}))
    illegal(game, Bid(1, TWO), "HU-3.1", "invitation_without_card")  # opening two promises the XIX
    illegal(game, Bid(1, ONE), "HU-3.1", "invitation_without_card")  # opening one, the XVIII
    assert Bid(1, SOLO) in game.legal_actions()  # an opening solo is never an invitation
    bid(game, THREE)
    illegal(game, Bid(2, SOLO), "HU-3.1")  # two above the lowest allowed (two): the XVIII
    bid(game, ONE)  # one above: the XIX, which seat 2 holds
    assert game.bids[-1] == (2, ONE, "invitation") and game.invitation == (2, parse_card("T19"))
    assert Bid(3, SOLO) in game.legal_actions()  # only one invitation per auction: a plain bid now


def test_hu_3_1_an_accepted_invitation_forces_the_call_of_the_invited_card():
    game = HungarianDeal(arrange({1: "T1 T19", 2: "T21", 3: "SKIZ", 0: "T15"}))
    bid(game, TWO, ONE, None, None, None)  # seat 1 invites, seat 2 bids over it and becomes declarer
    assert game.declarer == 2
    _discard_all(game)
    assert game.legal_actions() == [Call(2, parse_card("T19"))]


def test_hu_3_2_the_yielded_game():
    game = HungarianDeal(arrange({1: "T1 T5", 2: "T21", 3: "SKIZ", 0: "T15"}))
    bid(game, THREE, TWO, None, None)
    illegal(game, Bid(1, None), "HU-3.2", "yield_without_xx")  # seat 1 lacks the XX
    game = HungarianDeal(arrange({1: "T1 T20", 2: "T21", 3: "SKIZ", 0: "T15"}))
    bid(game, THREE, TWO, None, None, None)  # seat 1 yields, promising the XX
    assert (game.yielded, game.declarer) == (1, 2)
    _discard_all(game)
    assert game.legal_actions() == [Call(2, XX)]


def test_hu_3_3_trial_three_with_an_honour_in_the_talon_goes_on():
    game = HungarianDeal(arrange({1: "T1", 2: "T21", 3: "SKIZ T18", 0: "T2"}, talon="T19 T20 XX"[:0] + "T19 T17 KS"))
    bid(game, None, None, None)
    illegal(game, Bid(0, TWO), "HU-3.3", "trial_only_three")
    game = HungarianDeal(arrange({1: "T2", 2: "T21", 3: "SKIZ", 0: "T3"}, talon="T5 T1 KS"))
    bid(game, None, None, None, THREE)
    assert (game.declarer, game.phase, game.bids[-1][2]) == (0, Phase.DISCARD, "trial")


@pytest.mark.parametrize("profile,each", [("pagat", 1), ("tournament", 3)])
def test_hu_3_3_failed_trial_three_is_annulled_and_the_bidder_pays(profile, each):
    game = HungarianDeal(arrange({1: "T1", 2: "T21", 3: "SKIZ", 0: "T3"}, talon="T5 KS 10C"), profile=profile,
                         multiplier=2)
    bid(game, None, None, None, THREE)
    assert game.phase is Phase.ANNULLED and game.turn is None
    assert game.scores == (-3 * 2 * each, 2 * each, 2 * each, 2 * each)  # HU-3.3 and HU-10, times HU-8.4


# --- HU-4 talon and discard ---------------------------------------------------------------------

@pytest.mark.parametrize("level,shares", [(THREE, (3, 1, 1, 1)), (TWO, (2, 2, 1, 1)), (ONE, (1, 2, 2, 1)),
                                          (SOLO, (0, 2, 2, 2))])
def test_hu_4_the_talon_is_shared_by_the_bid(level, shares):
    dealt = arrange({2: "T1 T19 T18 T17"})
    game = HungarianDeal(dealt)
    bid(game, None, level, None, None)
    declarer, right, opposite, left = 2, 3, 0, 1
    got = tuple(len(game.talon_shares[s]) for s in (declarer, right, opposite, left))
    assert got == shares
    assert game.talon_shares[declarer] == dealt.talon[:shares[0]]  # from the start of the talon
    assert game.talon_shares[right][0] == dealt.talon[shares[0]]  # then one by one from the right


def test_hu_4_discards_back_to_nine_never_an_honour_or_a_king():
    game = HungarianDeal(arrange({1: "T1 T21 KS", 2: "SKIZ"}, talon="KH T2 T3"))
    bid(game, THREE, None, None, None)
    assert game.turn == 1 and len(game.hands[1]) == 12
    illegal(game, Discard(1, parse_card("T1")), "HU-4", "discard_honour")
    illegal(game, Discard(1, parse_card("KH")), "HU-4", "discard_king")
    options = {a.card for a in game.legal_actions()}
    assert not options & {parse_card(t) for t in ("T1", "T21", "KS", "KH")}
    for card in ("T2", "T3", "T4"):
        game.apply(Discard(1, parse_card(card)))
    assert len(game.hands[1]) == 9 and game.discards[1] == tuple(parse_cards("T2 T3 T4"))
    # HU-4.1: asked about the annulment, as everyone is (not entitled: only the one answer)
    assert game.annul_pending == 1 and game.legal_actions() == [Annul(1, False)]
    illegal(game, Annul(1, True), "HU-4.1", "annul_not_allowed")
    game.apply(Annul(1, False))
    assert game.turn == 2  # then the declarer's right


def test_hu_10_tournament_never_discards_the_xx():
    game = HungarianDeal(arrange({1: "T1 T20 T19"}), profile="tournament")
    bid(game, THREE, None, None, None)
    illegal(game, Discard(1, XX), "HU-10", "discard_promised")


def test_hu_4_1_a_player_without_tarokks_may_annul_right_after_its_discard():
    game = HungarianDeal(arrange({1: "T1 T21 SKIZ T19", 2: "KS QS NS JS 10S KH QH NH JH"}, talon="T2 T3 T4 T5 T6 T7"))
    bid(game, THREE, None, None, None)
    _discard(game, 1)
    assert game.turn == 2
    game.apply(Discard(2, parse_card("T5")))  # its talon tarokk discarded: no annulment (HU-4.1)
    assert game.annul_pending == 2 and game.legal_actions() == [Annul(2, False)]
    game.apply(Annul(2, False))
    assert game.turn == 3
    game = HungarianDeal(arrange({1: "T1 T21 SKIZ T19", 2: "KS QS NS JS 10S KH QH NH JH"}, talon="T2 T3 T4 QD T6 T7"))
    bid(game, THREE, None, None, None)
    _discard(game, 1)
    game.apply(Discard(2, parse_card("QS")))  # no tarokk at all, none discarded
    assert game.annul_pending == 2 and game.legal_actions() == [Annul(2, False), Annul(2, True)]
    illegal(game, Discard(3, parse_card("T6")), "HU-2", "not_your_turn")
    game.apply(Annul(2, True))
    assert (game.phase, game.scores) == (Phase.ANNULLED, (0, 0, 0, 0))


def test_hu_4_1_four_kings_may_annul_and_declining_goes_on():
    game = HungarianDeal(arrange({1: "T1 T21 SKIZ T19", 2: "KS KH KD KC T5 T6 T7 T8 T9"}, talon="T2 T3 T4 QD T10 T11"))
    bid(game, THREE, None, None, None)
    _discard(game, 1)
    game.apply(Discard(2, parse_card("T5")))  # four Kings: a tarokk discarded does not matter
    assert game.annul_pending == 2
    game.apply(Annul(2, False))
    assert game.phase is Phase.DISCARD and game.turn == 3


# --- HU-5 the call ------------------------------------------------------------------------------

def test_hu_5_the_xx_is_called_or_holding_it_the_highest_tarokk_not_held_or_it_alone():
    game = HungarianDeal(standard())
    bid(game, THREE, None, None, None)
    _discard_all(game, suits_first=True)
    assert not any(c.is_tarokk for d in game.discards.values() for c in d)
    assert game.legal_actions() == [Call(1, XX)]
    illegal(game, Call(1, parse_card("T19")), "HU-5", "call_not_allowed")
    game = HungarianDeal(standard(swap="T5 T20"))  # the declarer holds the XX; the XIX is seat 0's
    bid(game, THREE, None, None, None)
    _discard_all(game, suits_first=True)
    assert game.legal_actions() == [Call(1, parse_card("T19")), Call(1, XX)]
    game.apply(Call(1, XX))
    assert (game.alone, game.partner) == (True, None)


def test_hu_5_free_call_after_a_tarokk_discard_and_alone_when_the_called_card_is_discarded():
    game = HungarianDeal(arrange({1: "T1 T10 T11", 2: "T12"}, talon="T2 KS KH"))
    bid(game, THREE, None, None, None)
    game.apply(Discard(1, parse_card("T2")))
    _discard_all(game, suits_first=True)
    calls = {a.card for a in game.legal_actions()}
    assert calls == {DECK[r - 1] for r in range(2, 21)}  # any tarokk but an honour (pagat)
    game.apply(Call(1, parse_card("T2")))  # in its own discard: alone
    assert game.alone and game.partner is None
    tournament = HungarianDeal(arrange({1: "T1 T10 T11", 2: "T12"}, talon="T2 KS KH"), profile="tournament")
    bid(tournament, THREE, None, None, None)
    tournament.apply(Discard(1, parse_card("T2")))
    _discard_all(tournament, suits_first=True)
    assert tournament.legal_actions() == [Call(1, XX)]  # HU-10: free only when holding the XX


def test_hu_5_the_holder_of_the_called_card_is_the_partner():
    game = _to_announcements(standard())
    assert (game.called, game.partner, game.alone) == (XX, 3, False)
    assert game.side_of(3) is Side.DECLARER and game.side_of(2) is Side.OPPONENTS


# --- HU-6 announcements and kontra --------------------------------------------------------------

def test_hu_6_announcements_count_for_the_side_speaking_and_kontra_alternates():
    game = _to_announcements(standard())
    game.apply(Announce(1, "trull"))
    assert game.announced["trull"] == (Side.DECLARER, 0)
    game.apply(Pass(1))
    game.apply(Announce(2, "xxi_catch"))  # an opponent, before any kontra: for the declarer's side
    assert game.announced["xxi_catch"] == (Side.DECLARER, 0)
    illegal(game, Kontra(2, "volat"), "HU-6", "kontra_unannounced")
    game.apply(Kontra(2, "trull"))  # a kontra: the opponents now speak
    assert game.speaking is Side.OPPONENTS
    game.apply(Announce(2, "four_kings"))  # now for the opponents
    assert game.announced == {"trull": (Side.DECLARER, 1), "xxi_catch": (Side.DECLARER, 0),
                              "four_kings": (Side.OPPONENTS, 0)}
    illegal(game, Kontra(2, "trull"), "HU-6", "kontra_wrong_side")  # rekontra is the declarer side's
    game.apply(Pass(2))
    assert Kontra(3, "four_kings") in game.legal_actions()  # the partner may kontra the opponents' item
    illegal(game, Kontra(3, "xxi_catch"), "HU-6", "kontra_wrong_side")  # not its own side's
    game.apply(Kontra(3, "trull"))  # and says rekontra on its side's kontra'd trull
    assert game.announced["trull"] == (Side.DECLARER, 2) and game.speaking is Side.DECLARER


def test_hu_6_mordkontra_is_the_last_doubling():
    game = _to_announcements(standard())
    game.apply(Pass(1))
    for seat in (2, 1, 2, 1, 2):  # kontra … mordkontra on the game, declarer and opponents alternating
        while game.turn != seat:
            game.apply(Pass(game.turn))
        game.apply(Kontra(seat, "game"))
    assert game.announced["game"] == (Side.DECLARER, 5)
    game.apply(Pass(2))
    illegal(game, Kontra(3, "game"), "HU-6", "kontra_max")


@pytest.mark.parametrize("profile", ["pagat", "tournament"])
def test_hu_6_double_game_and_volat_not_in_the_same_turn_pagat(profile):
    game = _to_announcements(standard(), profile=profile)
    game.apply(Announce(1, "volat"))
    if profile == "pagat":
        illegal(game, Announce(1, "double_game"), "HU-6", "double_and_volat_same_turn")
    game.apply(Pass(1))
    game.apply(Pass(2))
    illegal(game, Announce(3, "double_game"), "HU-6", "double_after_volat")  # its side announced volát


def test_hu_6_three_quiet_turns_end_the_announcements():
    game = _to_announcements(standard())
    game.apply(Pass(1))  # the call was the declarer's announcement this turn
    game.apply(Pass(2))
    game.apply(Pass(3))
    assert game.phase is Phase.ANNOUNCEMENTS
    game.apply(Pass(0))
    assert game.phase is Phase.PLAY and game.turn == 1


def test_hu_6_ultimo_obliges_a_tarokk_count_and_the_count_must_be_true():
    game = _to_announcements(Deal(*_eight_tarokks()))
    assert sum(c.is_tarokk for c in game.hands[1]) == 8
    illegal(game, DeclareTarokks(1, 9), "HU-6.3", "tarokks_wrong_count")
    game.apply(Announce(1, "pagat_ultimo"))
    illegal(game, Pass(1), "HU-6", "ultimo_obliges_count")
    game.apply(DeclareTarokks(1, 8))
    game.apply(Pass(1))
    assert game.tarokk_counts == {1: 8}


def _eight_tarokks():
    """The standard deal with T9 T10 T11 in the talon's first cards: the declarer keeps eight
    tarokks after discarding three suit cards."""
    dealt = arrange({1: "T1 T5 T6 T7 T8 JS 10S JH 1H", 2: "T21 KS NS QS 1D JD KH T12 KD",
                     3: "SKIZ T20 T13 T14 ND QD NH QH T15", 0: "T2 T3 T4 T16 T17 T18 T19 KC QC"},
                    talon="T9 T10 T11 10C JC NC")
    return dealt.players, dealt.dealer, dealt.hands, dealt.talon


def test_hu_6_tarokk_counts_cannot_be_kontrad():
    game = _to_announcements(Deal(*_eight_tarokks()))
    game.apply(DeclareTarokks(1, 8))
    game.apply(Pass(1))
    illegal(game, Kontra(2, "eight_tarokks"), "HU-6", "kontra_unannounced")


def test_hu_10_tournament_a_lone_declarer_whose_called_card_is_discarded_takes_all_six():
    for profile, expected_extra in (("pagat", False), ("tournament", True)):
        game = HungarianDeal(standard(), profile=profile)
        bid(game, THREE, None, None, None)
        _discard(game, 1, suits_first=True)
        game.apply(Discard(2, parse_card("T12")))  # a tarokk discarded: a free call (HU-5)
        _discard_all(game, suits_first=True)
        if profile == "tournament":
            assert game.legal_actions() == [Call(1, XX)]  # HU-10: no free call without the XX
            continue
        game.apply(Call(1, parse_card("T12")))  # the card lies in seat 2's discard: alone
        assert game.alone and game.partner is None
        while game.phase is Phase.ANNOUNCEMENTS:
            game.apply(Pass(game.turn))
        while game.turn is not None:
            game.apply(game.legal_actions()[0])
        own = sum(c.points for t in game.tricks if t.winner == 1 for _, c in t.cards) + sum(
            c.points for c in game.discards[1])
        assert game.card_points() == own  # pagat: the other discards stay with the opponents
    game = HungarianDeal(standard(swap="T5 T20"), profile="tournament")  # holding the XX: a free call
    bid(game, THREE, None, None, None)
    _discard(game, 1, suits_first=True)
    game.apply(Discard(2, parse_card("T12")))
    _discard_all(game, suits_first=True)
    game.apply(Call(1, parse_card("T12")))
    assert game.alone
    while game.phase is Phase.ANNOUNCEMENTS:
        game.apply(Pass(game.turn))
    while game.turn is not None:
        game.apply(game.legal_actions()[0])
    own = sum(c.points for t in game.tricks if t.winner == 1 for _, c in t.cards)
    assert game.card_points() == own + sum(c.points for d in game.discards.values() for c in d)  # all six


# --- HU-7 play ----------------------------------------------------------------------------------

def test_hu_7_follow_suit_else_tarokk_no_obligation_to_beat():
    game = _to_play(standard())
    assert game.turn == 1 and parse_card("JH") in game.hands[1]
    game.apply(Play(1, parse_card("JH")))
    hearts = {c for c in game.hands[2] if c.suit is parse_card("JH").suit}
    assert not hearts  # seat 2 has no heart: a tarokk, any of them (no need to beat)
    assert {a.card for a in game.legal_actions()} == {c for c in game.hands[2] if c.is_tarokk}
    game.apply(Play(2, parse_card("T9")))
    hearts = {c for c in game.hands[3] if c.suit is parse_card("JH").suit}
    assert hearts and {a.card for a in game.legal_actions()} == hearts  # seat 3 follows hearts
    illegal(game, Play(3, parse_card("T13")), "HU-7", "must_follow")
    game.apply(Play(3, sorted(hearts, key=lambda c: c.index)[0]))
    game.apply(Play(0, parse_card("T2")))
    assert game.tricks[-1].winner == 2  # the highest tarokk: T9 over T2
    game.apply(Play(2, parse_card("T10")))  # a tarokk led: tarokks
    assert {a.card for a in game.legal_actions()} == {c for c in game.hands[3] if c.is_tarokk}


def test_hu_7_after_its_side_announced_the_ultimo_the_holder_keeps_the_pagat():
    game = _to_announcements(standard())
    game.apply(Announce(1, "pagat_ultimo"))
    for _ in range(4):
        game.apply(Pass(game.turn))
    assert game.phase is Phase.PLAY and game.turn == 1
    assert PAGAT not in {a.card for a in game.legal_actions()}
    illegal(game, Play(1, PAGAT), "HU-7", "pagat_kept_for_ultimo")


# --- whole deals --------------------------------------------------------------------------------

DEALS = int(os.environ.get("TAROT_HU_DEALS", "2000")) // 4


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("profile", ["pagat", "tournament"])
def test_random_legal_deals_finish_conserve_the_cards_and_sum_to_zero(players, profile):
    """Thousands of random legal deals (``TAROT_HU_DEALS``, default 2,000 over the four cases)."""
    finished = 0
    for k in range(DEALS):
        dealer = k % players
        game = HungarianDeal(deal(f"rules/{players}/{k}", players, dealer), profile=profile)
        rng = random.Random(k)
        while game.turn is not None:
            actions = game.legal_actions()
            assert actions
            if k % 7 == 0:  # now and then, an illegal action first: refused, nothing changes
                wrong = Play(game.turn, rng.choice(DECK))
                if wrong not in actions:
                    before = (list(game.history), game.turn)
                    with pytest.raises(IllegalActionError):
                        game.apply(wrong)
                    assert (list(game.history), game.turn) == before
            game.apply(rng.choice(actions))
        assert sum(game.scores) == 0 and len(game.scores) == players
        if players == 5:
            assert game.scores[dealer] == 0  # HU-9
        if game.phase is Phase.DONE:
            finished += 1
            cards = [c for t in game.tricks for _, c in t.cards] + [c for d in game.discards.values() for c in d]
            assert sorted(c.index for c in cards) == list(range(42))
            side = {game.declarer, game.partner} - {None}
            opponents = sum(c.points for t in game.tricks if t.winner not in side for _, c in t.cards)
            opponents += sum(c.points for s, d in game.discards.items() for c in d
                             if s != game.declarer and not (profile == "tournament" and game.alone
                                                            and game.called in d))
            if not (profile == "tournament" and game.alone and any(game.called in d for d in game.discards.values())):
                assert game.card_points() + opponents == 94
    assert finished > DEALS * 2 // 3


def test_undo_takes_every_action_back():
    game = HungarianDeal(deal("undo", 4, 1))
    rng = random.Random(3)
    states = []
    while game.turn is not None:
        states.append((list(game.history), game.phase, game.turn, list(game.hands), game.legal_actions()))
        game.apply(rng.choice(game.legal_actions()))
    while game.history:
        game.undo()
        assert (list(game.history), game.phase, game.turn, list(game.hands), game.legal_actions()) == states.pop()
    with pytest.raises(IndexError):
        game.undo()


# --- helpers ------------------------------------------------------------------------------------

def _discard(game: HungarianDeal, seat: int, suits_first: bool = False, decline: bool = True) -> None:
    """``seat`` discards back to 9 (suit cards first if asked), then declines the annulment
    (HU-4.1: everyone is asked) unless ``decline`` is false."""
    while game.turn == seat and game.phase is Phase.DISCARD and game.annul_pending is None:
        options = [a for a in game.legal_actions() if isinstance(a, Discard)]
        if suits_first:
            options.sort(key=lambda a: a.card.is_tarokk)
        game.apply(options[0])
    if decline and game.annul_pending == seat:
        game.apply(Annul(seat, False))


def _discard_all(game: HungarianDeal, suits_first: bool = False) -> None:
    while game.phase is Phase.DISCARD:
        if game.annul_pending is not None:
            game.apply(Annul(game.turn, False))
            continue
        _discard(game, game.turn, suits_first)


def _to_announcements(dealt: Deal, profile: str = "pagat") -> HungarianDeal:
    game = HungarianDeal(dealt, profile=profile)
    bid(game, THREE, None, None, None)
    _discard_all(game, suits_first=True)
    game.apply(game.legal_actions()[-1] if len(game.legal_actions()) > 1 else game.legal_actions()[0])
    return game


def _to_play(dealt: Deal) -> HungarianDeal:
    game = _to_announcements(dealt)
    while game.phase is Phase.ANNOUNCEMENTS:
        game.apply(Pass(game.turn))
    return game


# --- views (HU-4, HU-5: what each seat may know) --------------------------------------------------

def _cards_in(obj) -> set:
    from tarot_core.hungarian.cards import Card
    found = set()
    if isinstance(obj, Card):
        found.add(obj)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            found |= _cards_in(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found |= _cards_in(k) | _cards_in(v)
    elif hasattr(obj, "__slots__") and not isinstance(obj, type):
        for name in getattr(type(obj), "__slots__", ()):
            if name not in ("result", "legal") and hasattr(obj, name):  # legal: calls name cards unseen
                found |= _cards_in(getattr(obj, name))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5])
def test_a_view_shows_no_card_its_seat_has_not_seen_and_hides_the_partner(players):
    for k in range(25):
        game = HungarianDeal(deal(f"views/{players}/{k}", players, k % players))
        rng = random.Random(k)
        while game.turn is not None:
            for seat in range(players):
                view = game.view(seat)
                played = {c for t in game.tricks for _, c in t.cards} | {c for _, c in game.trick}
                declarer_tarokks = ({c for c in game.discards.get(game.declarer, ()) if c.is_tarokk}
                                    if game.declarer is not None else set())
                allowed = (set(game.hands[seat]) | set(game.talon_shares.get(seat, ())) | set(game.discards.get(seat, ()))
                           | played | declarer_tarokks)
                if game.called is not None:
                    allowed.add(game.called)
                if game.invitation is not None:
                    allowed.add(game.invitation[1])  # an invitation names its card (HU-3.1)
                assert _cards_in(view) <= allowed, (seat, _cards_in(view) - allowed)
                for action in view.history:
                    if type(action) is Discard and action.seat != seat:
                        assert action.card is None or (action.seat == game.declarer and action.card.is_tarokk)
                    if type(action) is Annul:
                        assert action.seat == seat or action.annul
                if game.called is not None and view.partner is not None:
                    assert view.partner == game.partner
                if game.partner is not None and seat not in (game.partner,) and game.called not in played:
                    assert view.partner is None and not view.partner_known
                assert view.legal == (tuple(game.legal_actions()) if game.turn == seat else ())
            game.apply(rng.choice(game.legal_actions()))


def test_a_view_copies_like_any_value() -> None:
    """``replace``, ``copy`` and ``pickle`` build a value from its fields in order: a Hungarian
    view took only names, and a second tab freezing its table (``replace(view, turn=None, ...)``)
    failed with a TypeError (newcomer review)."""
    import copy
    import pickle

    from tarot_core.values import replace

    game = HungarianDeal(deal("views/copy", 4, 0))
    view = game.view(game.turn)
    frozen = replace(view, turn=None, legal=())
    assert (frozen.turn, frozen.legal, frozen.hand, frozen.history) == (None, (), view.hand, view.history)
    assert copy.copy(view) == view and pickle.loads(pickle.dumps(view)) == view
    fields = {name: getattr(view, name) for name in view._fields}
    assert type(view)(**fields) == view
    with pytest.raises(TypeError, match="given twice: \\['seat'\\]"):
        type(view)(view.seat, **fields)
    with pytest.raises(TypeError, match="missing \\['turn'\\]"):
        type(view)(**{k: v for k, v in fields.items() if k != "turn"})

