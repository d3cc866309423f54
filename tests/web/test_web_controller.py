"""What a click means (web/tarot_page/games/french/controller.py, clicks.py), in CPython: a
clicked element's data attributes and your seat's view of a real deal in, an engine action or a page command out."""

from __future__ import annotations

import pytest

from web_helpers import YOU, bid_round, custom_deal, first_deal, play_until, you_take

from tarot_page.games.french.controller import Choices, Click, Command, Ecart, command_for  # noqa: E402  (web/)
from tarot_core.french.cards import parse_card, parse_cards, sorted_hand
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, Call, Chelem, FrenchDeal, Phase, Play, Poignee
from tarot_core.values import replace


def click(action: str, value: str | None = None, card: str | None = None, detail: int = 1) -> Click:
    return Click(action, value, card, detail)


def _your_lead() -> FrenchDeal:
    """You took a garde sans, no chelem: you lead the first trick with any card."""
    game = you_take(2, Contract.GARDE_SANS)
    game.apply(Chelem(YOU, False))
    return game


# --- bids, calls, the chelem question, poignées, cards -----------------------------------------

def test_bid_buttons_mean_bids() -> None:
    v = first_deal(1).view(YOU)
    assert command_for(click("bid", "garde"), v) == Bid(YOU, Contract.GARDE)
    assert command_for(click("bid", "garde_contre"), v) == Bid(YOU, Contract.GARDE_CONTRE)
    assert command_for(click("bid", "pass"), v) == Bid(YOU, None)


def test_a_bid_that_is_no_longer_legal_means_nothing() -> None:
    """After a garde, a prise or a garde (a stale button) is no bid at all; nor is a made-up one."""
    game = FrenchDeal(deal(1, 4, 1))
    game.apply(Bid(2, Contract.GARDE))
    game.apply(Bid(3, None))
    v = game.view(YOU)
    assert command_for(click("bid", "prise"), v) is None
    assert command_for(click("bid", "garde"), v) is None
    assert command_for(click("bid", "chelem"), v) is None
    assert command_for(click("bid", "garde_sans"), v) == Bid(YOU, Contract.GARDE_SANS)


def test_nothing_is_yours_to_do_at_a_computers_turn() -> None:
    v = FrenchDeal(deal(1, 4, 1)).view(YOU)  # seat 2 speaks first
    assert v.turn == 2
    for c in (click("bid", "pass"), click("play", card=str(v.hand[0])), click("chelem", "no"),
              click("select", card=str(v.hand[0])), click("ecart")):
        assert command_for(c, v) is None


def test_a_card_click_means_playing_it_when_legal() -> None:
    game = _your_lead()
    v = game.view(YOU)
    card = v.hand[3]
    assert command_for(click("play", card=str(card)), v) == Play(YOU, card)


def test_an_illegal_card_or_a_second_click_means_nothing() -> None:
    """A card you may not play (made clickable by tampering), a card you do not hold, a bad
    token, and the second click of a double click: no action."""
    for seed in range(1, 50):  # a first trick led with a plain suit that you hold
        game = FrenchDeal(deal(seed, 4, 0))
        if game.phase is not Phase.BIDDING:
            continue
        bid_round(game, {1: Contract.GARDE_SANS})
        game.apply(Chelem(1, False))
        yours = {c.suit for c in game.view(YOU).hand if c.suit.is_plain}
        lead = next((a for a in game.legal_actions() if isinstance(a, Play) and a.card.suit in yours), None)
        if lead is None:
            continue
        game.apply(lead)  # seat 1 leads a suit you hold
        play_until(game, lambda g: g.turn == YOU)
        v = game.view(YOU)
        led = v.trick[0][1]
        held = [c for c in v.hand if c.suit is led.suit]
        if held and any(c.suit is not led.suit and not c.is_excuse for c in v.hand):
            break  # you hold the suit led and something else
    else:
        raise AssertionError("no seed found")
    # You must follow the suit led (FR-5.2).
    other = next(c for c in v.hand if c.suit is not led.suit and not c.is_excuse)
    assert command_for(click("play", card=str(other)), v) is None
    assert command_for(click("play", card=str(held[0])), v) == Play(YOU, held[0])
    assert command_for(click("play", card=str(held[0]), detail=2), v) is None
    assert command_for(click("play", card=str(led)), v) is None  # on the table, not in your hand
    assert command_for(click("play", card="ZZ"), v) is None
    assert command_for(click("play"), v) is None


def test_a_called_card_means_calling_it() -> None:
    """FR-4.2: at five players the taker calls a King; a Queen only with all four Kings."""
    game = first_deal(1, players=5)
    bid_round(game, {YOU: Contract.PRISE})
    v = game.view(YOU)
    assert v.phase is Phase.CALL
    kings = [a.card for a in v.legal]
    assert all(c.is_king for c in kings)
    assert command_for(click("call", card=str(kings[0])), v) == Call(YOU, kings[0])
    assert command_for(click("call", card="QH"), v) is None


def test_the_chelem_question() -> None:
    v = you_take(2, Contract.GARDE_SANS).view(YOU)
    assert command_for(click("chelem", "yes"), v) == Chelem(YOU, True)
    assert command_for(click("chelem", "no"), v) == Chelem(YOU, False)


def test_a_poignee_offer_means_showing_that_poignee_and_decline_means_choosing_not_to() -> None:
    yours = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KS QS JS 2S KH QH JH 2H")
    game = bid_round(custom_deal(yours, parse_cards("3S 4S 5S 6S 7S 8S")), {YOU: Contract.GARDE_SANS})
    game.apply(Chelem(YOU, False))
    v = game.view(YOU)
    shown = command_for(click("poignee", "10"), v)
    assert isinstance(shown, Poignee) and shown.seat == YOU and len(shown.cards) == 10
    assert all(c.is_trump for c in shown.cards)
    assert command_for(click("poignee", "13"), v) is None  # a double needs 13 trumps
    assert command_for(click("poignee-decline"), v) == Command("choose", Choices(poignee_declined=True))
    assert command_for(click("poignee-decline"), _your_lead().view(YOU)) is None  # nothing offered


# --- the écart chooser -------------------------------------------------------------------------

def _ecart_view():
    game = you_take(2)
    v = game.view(YOU)
    free = [c for c in v.hand if not (c.is_king or c.is_bout or c.is_trump)]
    king = next(c for c in v.hand if c.is_king)
    return game, v, free, king


def test_choosing_and_unchoosing_ecart_cards() -> None:
    _, v, free, king = _ecart_view()
    one = command_for(click("select", card=str(free[0])), v)
    assert one == Command("choose", Choices(selected=frozenset({free[0]})))
    back = command_for(click("select", card=str(free[0])), v, one.value)
    assert back == Command("choose", Choices())
    assert command_for(click("select", card=str(king)), v) is None  # FR-4.1: no King
    trump = next(c for c in v.hand if c.is_trump and not c.is_bout)
    assert command_for(click("select", card=str(trump)), v) is None  # enough plain cards
    assert command_for(click("select", card="nonsense"), v) is None


def test_no_seventh_ecart_card() -> None:
    _, v, free, _ = _ecart_view()
    six = Choices(selected=frozenset(free[:6]))
    assert command_for(click("select", card=str(free[6])), v, six) is None
    assert command_for(click("select", card=str(free[5])), v, six) == Command(
        "choose", Choices(selected=frozenset(free[:5])))


def test_the_chelem_box_and_the_confirm_button() -> None:
    _, v, free, _ = _ecart_view()
    six = Choices(selected=frozenset(free[:6]))
    ticked = command_for(click("chelem-toggle"), v, six)
    assert ticked == Command("choose", Choices(selected=six.selected, announce_chelem=True))
    assert command_for(click("chelem-toggle"), v, ticked.value) == Command("choose", six)
    confirm = command_for(click("ecart"), v, ticked.value)
    assert confirm == Command("ecart", Ecart(tuple(sorted_hand(free[:6])), True))


def test_ecart_clicks_mean_nothing_outside_the_ecart() -> None:
    v = _your_lead().view(YOU)
    assert command_for(click("select", card=str(v.hand[0])), v) is None
    assert command_for(click("ecart"), v) is None
    assert command_for(click("chelem-toggle"), v) is None


def test_trumps_may_be_chosen_when_plain_cards_run_short() -> None:
    yours = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 KS KH KD")
    game = bid_round(custom_deal(yours, parse_cards("QS QH T17 T18 T19 T20")), {YOU: Contract.PRISE})
    v = game.view(YOU)
    t5 = parse_card("T5")
    assert command_for(click("select", card="T5"), v) == Command("choose", Choices(selected=frozenset({t5})))
    assert command_for(click("select", card="KH"), v) is None


# --- page commands ---------------------------------------------------------------------------

def test_page_commands_without_a_match() -> None:
    """On the start screen, the history or a shared result (no view): the page's own buttons
    work, the table's mean nothing."""
    assert command_for(click("new-match", "4")) == Command("new-match", 4)
    assert command_for(click("new-match")) == Command("start-screen")
    assert command_for(click("new-match", "four")) is None
    for kind in ("daily", "resume", "reload", "dismiss", "history", "export", "share"):
        assert command_for(click(kind)) == Command(kind)
    for kind in ("scores", "review", "next-deal", "download", "bid", "play"):
        assert command_for(click(kind, "deal")) is None


def test_sheet_and_record_commands_at_the_table() -> None:
    """Whoever's turn it is (here a computer's), the sheets open and close, the review steps and
    the records download."""
    v = FrenchDeal(deal(1, 4, 1)).view(YOU)
    assert command_for(click("scores"), v) == Command("overlay", "scores")
    assert command_for(click("review"), v) == Command("overlay", "review")
    assert command_for(click("standings"), v) == Command("overlay", "standings")
    assert command_for(click("close"), v) == Command("overlay", None)
    assert command_for(click("review-step", "-1"), v) == Command("review-step", -1)
    assert command_for(click("review-step", "1"), v) == Command("review-step", 1)
    assert command_for(click("next-deal"), v) == Command("next-deal")
    assert command_for(click("download", "deal"), v) == Command("download", "deal")
    assert command_for(click("download", "match"), v) == Command("download", "match")


def test_a_tab_that_lost_the_game_cannot_play() -> None:
    """A superseded tab passes a view with nobody's turn and nothing legal: your cards and
    buttons mean nothing, the sheets still open."""
    v = _your_lead().view(YOU)
    stale = replace(v, turn=None, legal=())
    assert command_for(click("play", card=str(v.hand[0])), v) == Play(YOU, v.hand[0])
    assert command_for(click("play", card=str(v.hand[0])), stale) is None
    assert command_for(click("scores"), stale) == Command("overlay", "scores")


@pytest.mark.parametrize("action", ["", "unknown", "import"])
def test_unknown_clicks_mean_nothing(action: str) -> None:
    v = _your_lead().view(YOU)
    assert command_for(click(action), v) is None
    assert command_for(click(action)) is None
