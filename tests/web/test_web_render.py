"""What the page's screens show (web/tarot_page/games/french/render.py, common.py, screens.py), in
CPython: views of real deals in, HTML out.

Each test builds an engine state (``tarot_core.french.dealing.deal`` + ``FrenchDeal`` + actions), takes
your seat's view, renders it and reads the HTML back (``web_helpers.parse``). The expectations
are the rules or literal values, worked out here, not by the code under test.
"""

from __future__ import annotations

import pytest

from web_helpers import (YOU, bid_round, custom_deal, first_deal, parse, play_until, tokens,
                         you_take)

from tarot_page.games.french import render  # noqa: E402  (web/, put on sys.path by web_helpers)
from tarot_page.common import Choices  # noqa: E402
from tarot_page import common, screens  # noqa: E402
from tarot_page.common import DealRow, Screen  # noqa: E402
from tarot_page.screens import MatchInfo  # noqa: E402
from tarot_page.markup import Markup  # noqa: E402
from tarot_core.ai import choose_action
from tarot_core.french.cards import EXCUSE, PLAIN_SUITS, format_card, parse_card, parse_cards
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, Call, Chelem, FrenchDeal, Phase, Play, Poignee
from tarot_core.match import Match
from tarot_core.saves import statistics

#: FR-5.1, by number of bouts.
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
#: Where each seat sits at four players, seen from yours.
PLACE4 = {0: "pos-s", 1: "pos-e", 2: "pos-n", 3: "pos-w"}
NAMES4 = ("You", "Hugo", "Léa", "Camille")


def info(players: int = 4, **fields) -> MatchInfo:
    """A match at its start, or with ``fields`` changed."""
    base = dict(players=players, deals_played=0, deals_to_play=8, is_over=False, totals=(0,) * players)
    base.update(fields)
    return MatchInfo(**base)


def screen(players: int = 4, **fields) -> Screen:
    return Screen(info(players), **fields)


def table(game: FrenchDeal, **fields):
    """Your view of ``game``, drawn whole, parsed."""
    return parse(render.table_html(game.view(YOU), screen(game.players, **fields)))


def status(game: FrenchDeal, **fields) -> str:
    return render.status_line(game.view(YOU), screen(game.players, **fields))


def hand_buttons(tree, cls: str) -> list[str]:
    return tokens(tree.find("section", cls="hand").find_all("button", cls=cls))


def discard_all(game: FrenchDeal, cards) -> None:
    """Your écart, then no chelem."""
    game.apply_ecart(cards)
    game.apply(Chelem(YOU, False))


# --- bidding -----------------------------------------------------------------------------------

def test_first_to_speak_is_offered_pass_and_every_contract() -> None:
    """FR-3: first to speak, every contract can be bid; Pass is the secondary button."""
    tree = parse(render.panel_html(first_deal(1).view(YOU)))
    buttons = tree.find_all("button", data_action="bid")
    assert [b.attrs["data-value"] for b in buttons] == ["pass", "prise", "garde", "garde_sans", "garde_contre"]
    assert [b.text for b in buttons] == ["Pass", "Prise", "Garde", "Garde sans", "Garde contre"]
    assert [("secondary" in b.classes, "primary" in b.classes) for b in buttons] == (
        [(True, False)] + [(False, True)] * 4)


def test_after_a_garde_only_higher_bids_are_offered_and_explained() -> None:
    """FR-3: every bid must be higher than the ones before it: after a garde, pass, garde sans or
    garde contre; the help names only those contracts."""
    game = FrenchDeal(deal(1, 4, 1))  # seat 2 speaks first, you third
    game.apply(Bid(2, Contract.GARDE))
    game.apply(Bid(3, None))
    tree = parse(render.panel_html(game.view(YOU)))
    assert [b.attrs["data-value"] for b in tree.find_all("button", data_action="bid")] == [
        "pass", "garde_sans", "garde_contre"]
    help_text = tree.find("details", cls="bid-help").text
    assert "Garde sans ×4" in help_text and "Garde contre ×6" in help_text
    assert "Prise" not in help_text and "Garde ×2" not in help_text
    assert "56 with no bout, 51 with 1, 41 with 2, 36 with 3" in help_text


def test_nothing_to_click_while_a_computer_bids() -> None:
    game = FrenchDeal(deal(1, 4, 1))  # seat 2 speaks first
    tree = table(game)
    assert tree.find_all("button", data_action="bid") == []
    assert tree.find_all("div", cls="panel")[0].classes == {"panel", "empty"}
    assert tree.find("section", cls="hand").find_all("button") == []
    assert tokens(tree.find("section", cls="hand").find_all(cls="card")) == [
        format_card(c) for c in game.view(YOU).hand]
    assert tree.find(id="status").text == "Léa is bidding…"
    assert tree.find("div", cls="active").attrs["data-seat"] == "2"


def test_bids_show_in_the_bubbles_until_play_starts() -> None:
    game = FrenchDeal(deal(1, 4, 1))
    game.apply(Bid(2, Contract.PRISE))
    game.apply(Bid(3, None))
    tree = table(game)
    bubbles = {s.attrs["data-seat"]: s.find_all(cls="bubble") for s in tree.find_all("div", cls="seat")}
    assert [b.text for b in bubbles["2"]] == ["Prise"]
    assert [b.text for b in bubbles["3"]] == ["Pass"]
    assert bubbles["0"] == [] and bubbles["1"] == []


# --- the écart -----------------------------------------------------------------------------------

def test_ecart_chooser_disables_exactly_kings_bouts_and_trumps() -> None:
    """FR-4.1, with enough plain cards: Kings, bouts and trumps cannot be chosen, everything else
    can; the chien's cards are tagged; the chien is shown in the centre; nothing chosen yet."""
    game = you_take(2)
    v = game.view(YOU)
    plain = [c for c in v.hand if c.suit in PLAIN_SUITS and not c.is_king]
    assert len(plain) >= 6  # the usual case this test is about
    tree = table(game)
    may_not = {c for c in v.hand if c.is_king or c.is_bout or c.is_trump}
    assert set(hand_buttons(tree, "disabled")) == {format_card(c) for c in may_not}
    assert set(hand_buttons(tree, "playable")) == {format_card(c) for c in set(v.hand) - may_not}
    hand = tree.find("section", cls="hand")
    assert all("disabled" in b.attrs for b in hand.find_all("button", cls="disabled"))
    assert all(b.attrs.get("data-action") == "select" for b in hand.find_all("button", cls="playable"))
    assert set(tokens(hand.find_all(cls="from-chien"))) == {format_card(c) for c in game.deal.chien}
    assert len(hand.find_all("button")) == 24
    centre = tree.find("div", cls="centre")
    assert tokens(centre.find("div", cls="cards").find_all(cls="card")) == [format_card(c) for c in game.deal.chien]
    panel = tree.find("div", cls="ecart")
    assert panel.find(cls="hint").text == "0 of 6 chosen"
    assert "disabled" in panel.find("button", data_action="ecart").attrs
    assert tree.find(id="status").text == "Your écart: choose 6 cards (no King, bout or trump)."


def test_ecart_chooser_offers_trumps_when_plain_cards_run_short() -> None:
    """FR-4.1: with only two plain cards other than Kings, trumps (not bouts) may go too: only
    the Kings are disabled, and the status says so."""
    yours = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 KS KH KD")
    chien = parse_cards("QS QH T17 T18 T19 T20")
    game = bid_round(custom_deal(yours, chien), {YOU: Contract.PRISE})
    tree = table(game)
    assert set(hand_buttons(tree, "disabled")) == {"KS", "KH", "KD"}
    assert len(hand_buttons(tree, "playable")) == 21
    assert tree.find(id="status").text == "Your écart: choose 6 cards (no King, bout)."


def test_ecart_chooser_with_cards_chosen() -> None:
    """Chosen cards are marked; with 6 chosen nothing more can be chosen, the confirm button is
    enabled (the engine found nothing wrong) and the status says so; a refused set shows why and
    keeps the button disabled."""
    game = you_take(2)
    v = game.view(YOU)
    free = [c for c in v.hand if not (c.is_king or c.is_bout or c.is_trump)]
    two = Choices(selected=frozenset(free[:2]))
    tree = table(game, choices=two)
    assert set(hand_buttons(tree, "selected")) == {format_card(c) for c in free[:2]}
    assert len(hand_buttons(tree, "playable")) == len(free) - 2
    assert tree.find("div", cls="ecart").find(cls="hint").text == "2 of 6 chosen"

    six = Choices(selected=frozenset(free[:6]), announce_chelem=True)
    tree = table(game, choices=six)
    assert set(hand_buttons(tree, "selected")) == {format_card(c) for c in free[:6]}
    assert hand_buttons(tree, "playable") == []
    assert len(hand_buttons(tree, "disabled")) == 18
    panel = tree.find("div", cls="ecart")
    assert "disabled" not in panel.find("button", data_action="ecart").attrs
    assert panel.find("button", data_action="ecart").text == "Put these 6 aside"
    assert "checked" in panel.find("input", data_action="chelem-toggle").attrs
    assert tree.find(id="status").text == "All 6 chosen: put them aside, or change some."

    tree = table(game, choices=six, ecart_problem="not that way")
    panel = tree.find("div", cls="ecart")
    assert panel.find(cls="hint").text == "not that way"
    assert "disabled" in panel.find("button", data_action="ecart").attrs
    assert tree.find(id="status").text.startswith("Your écart: choose 6 cards")


def test_a_garde_sans_keeps_the_chien_face_down_and_asks_about_a_chelem() -> None:
    game = you_take(2, Contract.GARDE_SANS)
    tree = table(game)
    centre = tree.find("div", cls="centre")
    assert centre.find(cls="label").text == "The chien stays face down"
    assert centre.find(cls="count").text == "6"
    assert centre.find_all(cls="card", data_card=True) == []
    assert [(b.attrs["data-value"], b.text) for b in tree.find_all("button", data_action="chelem")] == [
        ("no", "No, just play"), ("yes", "Announce chelem")]
    assert tree.find(id="status").text == "You may announce a chelem: winning every trick."
    assert tree.find(cls="contract").attrs["title"] == "You: Garde sans"


def test_the_chien_is_face_down_during_the_bidding() -> None:
    for players, size in ((3, "6"), (4, "6"), (5, "3")):
        centre = table(first_deal(1, players)).find("div", cls="centre")
        assert centre.find(cls="label").text == "The chien"
        assert centre.find(cls="count").text == size


# --- play --------------------------------------------------------------------------------------

def _expected_follow(hand, trick) -> set:
    """FR-5.2 to FR-5.6, worked out here: the cards you may play to ``trick``."""
    led = next((c for _, c in trick if not c.is_excuse), None)
    if led is None:
        return set(hand)
    same = {c for c in hand if c.suit is led.suit and not led.is_trump}
    if same:
        allowed = same
    else:
        trumps = {c for c in hand if c.is_trump}
        top = max((c.rank for _, c in trick if c.is_trump), default=0)
        allowed = {c for c in trumps if c.rank > top} or trumps or set(hand)
    return allowed | ({EXCUSE} & set(hand))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_only_the_legal_cards_are_clickable(seed: int) -> None:
    """You play fourth to each trick (a computer took a garde sans): your legal cards, and only
    those, are buttons with data-action="play"; the others are disabled buttons; every card of
    your hand is there once, in the view's order."""
    game = FrenchDeal(deal(seed, 4, 0))  # seat 1 speaks and leads first
    if game.phase is Phase.THROWN_IN:
        pytest.skip("a petit sec")
    bid_round(game, {1: Contract.GARDE_SANS})
    game.apply(Chelem(1, False))
    checked = 0
    while not game.is_over:
        if game.turn != YOU:
            play_until(game, lambda g: g.turn == YOU)
            continue
        v = game.view(YOU)
        tree = table(game, choices=Choices(poignee_declined=True))
        expected = {format_card(c) for c in _expected_follow(v.hand, v.trick)}
        hand = tree.find("section", cls="hand")
        assert set(tokens(hand.find_all("button", data_action="play"))) == expected
        assert set(hand_buttons(tree, "playable")) == expected
        assert set(hand_buttons(tree, "disabled")) == {format_card(c) for c in v.hand} - expected
        assert all("disabled" in b.attrs for b in hand.find_all("button", cls="disabled"))
        assert tokens(hand.find_all("button")) == [format_card(c) for c in v.hand]
        game.apply(next(a for a in v.legal if isinstance(a, Play)))
        checked += 1
    assert checked == 18


def test_the_trick_shows_who_played_what_and_who_won() -> None:
    """Each card of the trick sits at its player's place; once the trick is complete its
    winner's card is marked and the caption names the winner."""
    game = FrenchDeal(deal(3, 4, 0))
    bid_round(game, {1: Contract.GARDE_SANS})
    game.apply(Chelem(1, False))
    play_until(game, lambda g: len(g.trick) == 2)
    trick = game.view(YOU).trick
    centre = table(game).find("div", cls="centre")
    cards = centre.find_all(cls="in-trick")
    assert [(c.attrs["data-card"], c.classes & set(PLACE4.values())) for c in cards] == [
        (format_card(card), {PLACE4[seat]}) for seat, card in trick]
    assert [s for s, _ in trick] == [1, 2]
    assert centre.find_all(cls="winner") == [] and centre.find_all(cls="trick-caption") == []

    play_until(game, lambda g: len(g.tricks) == 1)
    (done,) = game.view(YOU).tricks
    centre = table(game).find("div", cls="centre")
    assert tokens(centre.find_all(cls="in-trick")) == [format_card(c) for _, c in done.cards]
    assert tokens(centre.find_all(cls="winner")) == [format_card(dict(done.cards)[done.winner])]
    name = NAMES4[done.winner]
    assert centre.find(cls="trick-caption").text == (
        "You win the trick" if done.winner == YOU else f"{name} wins the trick")


def test_leading_the_first_trick_at_five_players_not_the_called_suit() -> None:
    """FR-4.2: at five players, the called suit may not be led to the first trick except with
    the called card: those cards are disabled and the status asks for a highlighted card."""
    for seed in range(1, 60):
        game = FrenchDeal(deal(seed, 5, 4))  # you speak and lead first
        if game.phase is not Phase.BIDDING:
            continue
        bid_round(game, {1: Contract.GARDE_SANS})
        king = next(a.card for a in game.legal_actions()
                    if any(c.suit is a.card.suit for c in game.view(YOU).hand))
        game.apply(Call(1, king))
        game.apply(Chelem(1, False))
        v = game.view(YOU)
        if king in v.hand:
            continue
        banned = {format_card(c) for c in v.hand if c.suit is king.suit}
        tree = table(game, choices=Choices(poignee_declined=True))
        assert set(hand_buttons(tree, "disabled")) == banned
        assert set(hand_buttons(tree, "playable")) == {format_card(c) for c in v.hand} - banned
        assert tree.find(id="status").text == "Your turn: lead one of the highlighted cards."
        called = tree.find(cls="called")
        assert called.attrs["title"] == f"Called: {render.card_name(king)}"
        return
    raise AssertionError("no seed found")


def test_leading_at_four_players_any_card() -> None:
    game = you_take(2, Contract.GARDE_SANS)
    game.apply(Chelem(YOU, False))
    v = game.view(YOU)
    tree = table(game, choices=Choices(poignee_declined=True))
    assert set(hand_buttons(tree, "playable")) == {format_card(c) for c in v.hand}
    assert tree.find(id="status").text == "Your turn: lead any card."


def _poignee_deal() -> FrenchDeal:
    """You hold 10 trumps (a simple poignée at four players) and lead after a garde sans."""
    yours = parse_cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KS QS JS 2S KH QH JH 2H")
    chien = parse_cards("3S 4S 5S 6S 7S 8S")
    game = bid_round(custom_deal(yours, chien), {YOU: Contract.GARDE_SANS})
    game.apply(Chelem(YOU, False))
    return game


def test_a_poignee_is_offered_before_your_first_card_and_can_be_declined() -> None:
    """FR-4.4: a simple poignée (10 trumps at four players) is offered with its size and count;
    once declined the offer is gone and the status speaks of cards only."""
    game = _poignee_deal()
    tree = table(game)
    panel = tree.find("div", cls="poignee")
    (offer,) = panel.find_all("button", data_action="poignee")
    assert offer.attrs["data-value"] == "10"
    assert offer.find(cls="long").text == "Show a simple poignée (10 trumps)"
    assert offer.find(cls="short").text == "Show simple (10 trumps)"
    assert panel.find("button", data_action="poignee-decline").text == "Don’t show"
    assert tree.find(id="status").text == "Your turn: show a poignée or not, then play a card."
    tree = table(game, choices=Choices(poignee_declined=True))
    assert tree.find_all("div", cls="poignee") == []
    assert tree.find(id="status").text == "Your turn: lead any card."


def test_a_shown_poignee_is_in_your_bubble() -> None:
    game = _poignee_deal()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Poignee)))
    seat = table(game).find("div", cls="seat", data_seat="0")
    assert seat.find(cls="bubble").text == "Poignée of 10"


def test_a_chelem_announced_is_in_the_takers_bubble_and_chip() -> None:
    game = you_take(2, Contract.GARDE_SANS)
    game.apply(Chelem(YOU, True))
    tree = table(game)
    assert tree.find("div", cls="seat", data_seat="0").find(cls="bubble").text == "Chelem announced"
    assert tree.find(cls="contract").attrs["title"] == "You: Garde sans · chelem"
    assert tree.find("div", cls="seat", data_seat="0").find(cls="taker").text == "Taker"


# --- the end of a deal -------------------------------------------------------------------------------

def _whole_deal(seed: int = 2, contract: Contract = Contract.PRISE) -> FrenchDeal:
    """You take ``contract`` and put aside your first six plain cards; everyone plays the first
    legal card."""
    game = you_take(seed, contract)
    if game.phase is Phase.ECART:
        v = game.view(YOU)
        discard_all(game, [c for c in v.hand if not (c.is_king or c.is_bout or c.is_trump)][:6])
    else:
        game.apply(Chelem(YOU, False))
    return play_until(game, lambda g: False)


def test_score_sheet_rows() -> None:
    """The score sheet's rows follow the deal: the contract and taker, the card points of 91,
    the bouts, the target for those bouts, made or lost against it, and each seat's score (they
    sum to zero) with the match totals given."""
    game = _whole_deal()
    r = game.view(YOU).result
    totals = (7, -3, -2, -2)
    tree = parse(render.result_html(game.view(YOU), Screen(info(totals=totals))))
    sheet = tree.find(id="score-sheet")
    rows = {tr.attrs["data-row"]: tr.find("td").text for tr in sheet.find_all("tr", data_row=True)}
    keys = list(rows)
    assert keys[:6] == ["contract", "takers-card-points", "bouts", "target", "result", "contract-score"]
    assert keys[-1] == "each-defender"
    assert rows["contract"] == "Prise (×1) by You"
    points = r.points2 / 2
    assert rows["takers-card-points"] == f"{points:g} of 91"
    assert rows["bouts"] == f"{r.bouts} of 3"
    target = TARGET[r.bouts]
    assert rows["target"] == f"{target} with {r.bouts} bout{'s' if r.bouts != 1 else ''}"
    made = points >= target
    assert rows["result"].startswith("made" if made else "lost")
    assert sheet.find("h2").text == f"You {'made' if made else 'lost'} your Prise"
    seats = sheet.find("table", cls="scores").find_all("tr", data_seat=True)
    assert [tr.attrs["data-seat"] for tr in seats] == ["0", "1", "2", "3"]
    shown = [int(tr.find(cls="score").text) for tr in seats]
    assert sum(shown) == 0 and (shown[0] > 0) == made
    assert shown[1] == shown[2] == shown[3] and shown[0] == -3 * shown[1]  # FR-7.5 at four players
    assert [tr.find(cls="total").text for tr in seats] == ["+7", "-3", "-2", "-2"]
    assert [tr.classes for tr in seats][0] == {"taker"}
    assert [b.attrs["data-action"] for b in sheet.find(cls="actions").find_all("button")] == [
        "next-deal", "review", "scores", "download"]


def test_score_sheet_of_the_last_deal_offers_the_standings() -> None:
    game = _whole_deal()
    tree = parse(render.result_html(game.view(YOU), Screen(info(is_over=True, deals_played=8))))
    assert tree.find(cls="actions").find_all("button")[0].attrs["data-action"] == "standings"
    assert render.status_line(game.view(YOU), Screen(info(is_over=True))) == "The match is over."
    assert render.status_line(game.view(YOU), Screen(info())) == "The deal is over."


def test_a_deal_everyone_passed_is_thrown_in() -> None:
    game = bid_round(first_deal(1), {})
    assert status(game) == "Everyone passed: the deal is thrown in."
    sheet = table(game).find(id="score-sheet")
    assert sheet.find("h2").text == "No deal"
    assert "Everyone passed: the deal is thrown in. It does not count" in sheet.text


def test_a_petit_sec_cancels_the_deal() -> None:
    game = FrenchDeal(deal(110, 4, 3))  # you hold the Petit as your only trump
    assert status(game) == "You have the Petit sec: the deal is cancelled."
    assert "Petit sec: the Petit as the only trump" in table(game).find(id="score-sheet").text


def test_review_lists_each_trick_in_playing_order() -> None:
    """The review's trick k: its players from the leader on, each with the card as its corner
    reads ("T12" for a trump); Previous disabled on the first, Next on the last; the chien and
    your écart on the first and last pages only."""
    game = _whole_deal()
    v = game.view(YOU)
    ecart = [c for c in game.deal.hands[YOU] + game.deal.chien if c not in set().union(
        *(set(c for _, c in t.cards) for t in v.tricks))]
    assert len(v.tricks) == 18
    for k in (0, 1, 17):
        tree = parse(render.review_html(v, k))
        review = tree.find(id="review")
        assert review.find("h2").text == f"Trick {k + 1} of 18"
        trick = v.tricks[k]
        items = review.find("ol", cls="trick-order").find_all("li")
        assert [int(li.attrs["data-seat"]) for li in items] == [(trick.leader + i) % 4 for i in range(4)]
        for li, (seat, card) in zip(items, trick.cards):
            label = f"T{card.rank}" if card.is_trump else render.card_label(card)
            assert li.text == f"{NAMES4[seat]} {label}"
        assert tokens(review.find_all(cls="in-trick")) == [format_card(c) for _, c in trick.cards]
        prev, nxt = review.find_all("button", data_action="review-step")
        assert ("disabled" in prev.attrs, "disabled" in nxt.attrs) == (k == 0, k == 17)
        texts = [p.text for p in review.find_all("p")]
        if k in (0, 17):
            assert texts[0] == "Chien: " + ", ".join(render.card_name(c) for c in game.deal.chien)
            assert set(texts[1][len("Écart: "):].split(", ")) == {render.card_name(c) for c in ecart}
        else:
            assert texts == []
    assert render.review_html(v, 99) == render.review_html(v, 17)


def test_review_of_a_computer_takers_deal_shows_only_what_your_view_knows() -> None:
    """FR-4.1: another taker's écart is not shown, except its trumps; a chien that stayed face
    down (garde sans) is not listed either."""
    game = FrenchDeal(deal(3, 4, 0))
    bid_round(game, {1: Contract.GARDE_SANS})
    play_until(game, lambda g: False)
    review = parse(render.review_html(game.view(YOU), 0)).find(id="review")
    assert [p.text for p in review.find_all("p")] == []


# --- the running score sheet, standings --------------------------------------------------------

def _played_match(deals: int) -> Match:
    """A 4-player match with ``deals`` counted deals, played by the computer players."""
    match = Match(4, "web-render", deals_to_play=8, first_dealer=3)
    while match.deals_played < deals:
        game = match.current
        while not game.is_over:
            game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))
        match.next_deal()
    return match


def test_running_score_sheet() -> None:
    """One row per counted deal: its number, who took what and made or lost it, each seat's score
    with the running total below it; then the totals."""
    match = _played_match(2)
    results = [g.result for g in match.games if g.phase is Phase.DONE]
    tree = parse(render.scores_html(MatchInfo.of(match)))
    sheet = tree.find(id="match-scores")
    assert sheet.find("h2").text == "Scores after 2 of 8 deals"
    rows = sheet.find_all("tr", data_deal=True)
    assert [r.attrs["data-deal"] for r in rows] == ["1", "2"]
    running = [0, 0, 0, 0]
    for row, result in zip(rows, results):
        running = [t + s for t, s in zip(running, result.scores)]
        head = row.find("th")
        made = "made" if result.score.made else "lost"
        assert head.find("small").text == f"{NAMES4[result.taker]}: {result.score.contract.label} {made}"
        cells = row.find_all("td")
        assert [c.children[0] for c in cells] == [f"{s:+d}" if s else "0" for s in result.scores]
        assert [c.find("small").text for c in cells] == [f"{t:+d}" if t else "0" for t in running]
    totals = sheet.find("tr", cls="totals").find_all("td")
    assert [int(t.text) for t in totals] == running and sum(running) == 0
    empty = parse(render.scores_html(MatchInfo.of(Match(4, "x")))).find(id="match-scores")
    assert "No deal finished yet." in empty.text


@pytest.mark.parametrize(("totals", "title", "places"), [
    ((60, -20, -20, -20), "You win the match!", ["1. You", "2. Hugo", "2. Léa", "2. Camille"]),
    ((-60, 20, 20, 20), "Hugo and Léa and Camille share first place", ["1. Hugo", "1. Léa", "1. Camille", "4. You"]),
    ((30, 30, -30, -30), "You share first place with Hugo", ["1. You", "1. Hugo", "3. Léa", "3. Camille"]),
    ((-10, -10, 50, -30), "Léa wins the match", ["1. Léa", "2. You", "2. Hugo", "4. Camille"]),
])
def test_final_standings(totals, title, places) -> None:
    standings = tuple(sorted(enumerate(totals), key=lambda st: (-st[1], st[0])))
    match = info(totals=totals, standings=standings, is_over=True, deals_played=8)
    sheet = parse(render.standings_html(match)).find(id="standings")
    assert sheet.find("h2").text == title
    assert [tr.find("th").text for tr in sheet.find_all("tr", data_seat=True)] == places
    assert sheet.find_all(data_action="share") == []  # a free match: nothing to share


def test_a_daily_match_can_be_shared() -> None:
    match = info(totals=(10, -10, 0, 0), standings=((0, 10), (2, 0), (3, 0), (1, -10)), is_over=True,
                 mode="daily", date="2025-01-15", practice=True)
    sheet = parse(render.standings_html(match)).find(id="standings")
    assert sheet.find(cls="daily-kind").text == "Practice: today's official result was recorded earlier."
    assert sheet.find("button", data_action="share").text == "Share"
    assert screens.share_text("2025-01-15", 10, 1, 4, "https://x/#share=AB") == (
        "French Tarot daily Jan 15, 2025: +10, 1st of 4. Replay it: https://x/#share=AB")


# --- the top bar, the body, the other screens ------------------------------------------------------

def _deal_no(bar) -> list[str]:
    """The parts of the top bar's deal label (one a line on a phone), separators left out."""
    return [s.text for s in bar.find(cls="deal-no").children if "sep" not in s.classes]


def test_top_bar_deal_number_and_daily() -> None:
    game = first_deal(1)
    bar = parse(render.header_html(game.view(YOU), Screen(info(deals_played=2))))
    assert _deal_no(bar) == ["Deal 3 of 8"]
    daily = info(deals_played=0, deals_to_play=4, mode="daily", date="2025-01-15", practice=True)
    bar = parse(render.header_html(game.view(YOU), Screen(daily)))
    assert _deal_no(bar) == ["Daily Jan 15, 2025", "practice", "Deal 1 of 4"]
    # The language menu's seven choices (issue 18), then Scores and New match.
    assert [b.attrs["data-action"] for b in bar.find_all("button")] == ["language"] * 7 + ["scores", "new-match"]


def test_seat_scores_badges_and_backs() -> None:
    game = first_deal(1)
    tree = parse(render.table_html(game.view(YOU), Screen(info(totals=(5, -5, 10, -10)))))
    seats = tree.find_all("div", cls="seat")
    assert [s.attrs["data-seat"] for s in seats] == ["0", "1", "2", "3"]
    assert [s.classes & set(PLACE4.values()) for s in seats] == [{PLACE4[i]} for i in range(4)]
    assert [s.find(cls="total").text for s in seats] == ["+5", "-5", "+10", "-10"]
    assert [s.find(cls="name").children[0].strip() for s in seats] == list(NAMES4)
    assert [bool(s.find_all(cls="dealer")) for s in seats] == [False, False, False, True]
    assert [s.find(cls="count").text for s in seats[1:]] == ["18", "18", "18"]
    assert seats[0].find_all(cls="backs") == []


def test_body_flags() -> None:
    game = first_deal(1)
    assert common.body_flags(game.view(YOU), False) == {
        "phase": "bidding", "players": "4", "turn": "you", "matchOver": "0"}
    other = FrenchDeal(deal(1, 4, 1))
    assert common.body_flags(other.view(YOU), True)["turn"] == "computer"
    assert common.body_flags(bid_round(first_deal(1), {}).view(YOU), True) == {
        "phase": "thrown_in", "players": "4", "turn": "none", "matchOver": "1"}


def test_a_superseded_tab_says_so_and_offers_a_reload() -> None:
    game = first_deal(1)
    tree = table(game, superseded=True, notice="This game goes on in another tab.")
    assert tree.find(id="status").text == "Another tab has this game now."
    assert tree.find(id="notice").find("button").attrs["data-action"] == "reload"
    assert parse(render.notice_html("Saved.")).find("button").attrs["data-action"] == "dismiss"
    assert render.notice_html(None) == ""


def test_nothing_hidden_reaches_the_page() -> None:
    """In every state of whole deals at 3, 4 and 5 players, the only cards drawn (data-card and
    data-cards) are yours, the cards played, the chien once shown to all, a poignée shown and
    the trumps put aside, worked out from the engine's own state."""
    for players in (3, 4, 5):
        for seed in (1, 2):
            game = FrenchDeal(deal(seed, players, players - 1))
            if game.phase is not Phase.BIDDING:
                continue
            taker = 1 + seed % (players - 1)
            bid_round(game, {taker: Contract.PRISE})
            while True:
                public = set(game.hands[YOU]) | {c for t in game.tricks for _, c in t.cards}
                public |= {c for _, c in game.trick} | {c for p in game.poignees for c in p.cards}
                public |= {c for c in game.ecart if c.is_trump}
                if game.contract is not None and game.contract.chien_seen and game.phase is not Phase.CALL:
                    public |= set(game.chien)
                tree = table(game)
                drawn = set(tokens(tree.find_all(data_card=True)))
                for node in tree.find_all(data_cards=True):
                    drawn |= set(node.attrs["data-cards"].split())
                assert drawn <= {format_card(c) for c in public}, (players, seed, game.phase)
                if game.is_over:
                    break
                if game.phase is Phase.CHELEM:
                    game.apply(Chelem(game.turn, False))
                else:
                    game.apply(next(a for a in game.legal_actions() if not isinstance(a, Poignee)))


def test_start_screen() -> None:
    start = parse(screens.start_html("2025-01-15", None, {3: 9, 4: 8, 5: 10}))
    choices = start.find_all("button", data_action="new-match")
    assert [(b.attrs["data-value"], b.find("span").text) for b in choices] == [
        ("3", "2 computer opponents · 9 deals"), ("4", "3 computer opponents · 8 deals"),
        ("5", "4 computer opponents · 10 deals")]
    assert start.find("button", data_action="daily").find("span").text == (
        "Jan 15, 2025 · the same deals for everyone today")
    assert start.find_all(data_action="resume") == []
    played = parse(screens.start_html("2025-01-15", {"score": -12, "rank": 3, "players": 4}, {3: 9, 4: 8, 5: 10},
                                     screens.Resumable("Daily 2025-01-14", 2, 4), notice="Hello"))
    assert played.find("button", data_action="daily").find("span").text == (
        "Today -12, 3rd of 4 · play again as practice")
    assert played.find("button", data_action="resume").find("span").text == (
        "Daily 2025-01-14 · deal 2 of 4 · a new game below replaces it")
    assert played.find(id="notice").find("span").text == "Hello"


def test_history_screen_without_games() -> None:
    tree = parse(screens.history_html(statistics([], "2025-01-15"), []))
    history = tree.find(id="history")
    assert {s.attrs["data-stat"]: s.text for s in history.find_all("strong", data_stat=True)} == {
        "played": "0", "won": "0", "streak": "0", "best": "–"}
    assert "No deal taken yet." in history.text and "No finished match yet." in history.text
    assert history.find("input", data_action="import").attrs["type"] == "file"


def test_shared_result_screens() -> None:
    bad = parse(screens.shared_invalid_html("the code is damaged")).find(id="shared")
    assert [p.text for p in bad.find_all("p")] == ["The code is damaged.", "It was not added to your leaderboard."]
    match = _played_match(1)
    good = parse(screens.shared_html("2025-01-15", 25, 1, MatchInfo.of(match))).find(id="shared")
    assert good.find(id="shared-score").text == "+25"
    assert [th.text for th in good.find_all("tr")[0].find_all("th")] == ["Deal", "Player", "Hugo", "Léa", "Camille"]
    (row,) = good.find_all("tr", data_deal=True)
    scores = next(g.result.scores for g in match.games if g.phase is Phase.DONE)
    assert [td.text for td in row.find_all("td")] == [f"{s:+d}" if s else "0" for s in scores]


def test_card_names_and_labels() -> None:
    cases = {"KH": ("King of hearts", "K♥"), "NS": ("Knight of spades", "Kn♠"), "10D": ("10 of diamonds", "10♦"),
             "T21": ("trump 21", "21"), "EX": ("the Excuse", "★"), "1C": ("1 of clubs", "1♣")}
    for token, (name, label) in cases.items():
        card = parse_card(token)
        assert (render.card_name(card), render.card_label(card)) == (name, label)
    knight = parse(render.card_html(parse_card("NH"), tag="button", classes="playable", attrs=Markup('data-action="play"')))
    node = knight.find("button")
    assert node.classes == {"card", "red", "playable"} and node.attrs["data-card"] == "NH"
    assert node.attrs["aria-label"] == "Knight of hearts"
    assert node.find(cls="face").classes == {"face", "wide"} and node.find(cls="face").text == "Kn"
    assert parse(render.card_html(parse_card("T21"))).find("div").classes == {"card", "trump", "bout"}


def test_an_ecart_the_engine_refuses_is_worded_by_the_page_from_its_key():
    """The engine names the case (key, params); the page's catalogue words it for the player."""
    from tarot_core.errors import IllegalActionError
    from tarot_page.games.french.render import RULE_TEXT, rule_text
    trump = IllegalActionError(("ecart", "T2"), "trumps go in the écart only when ...", "FR-4.1", "ecart_trump",
                               {"card": "T2"})
    assert rule_text(trump) == RULE_TEXT["ecart_trump"]
    assert "trumps go in" not in rule_text(trump)  # not the engine's developer sentence
    size = IllegalActionError(("ecart", ""), "the écart has exactly 6 cards, not 5", "FR-4.1", "ecart_size",
                              {"size": 6, "count": 5})
    assert rule_text(size) == "Choose exactly 6 cards, not 5."
    unknown = IllegalActionError(None, "whatever", "FR-9", "some_new_key")
    assert rule_text(unknown) == "Not allowed by the rules (FR-9)."
    assert rule_text(None) is None
    # A card is named in words, not by the engine's token (issue 18 §1).
    held = IllegalActionError(("ecart", "KS"), "KS is not in the taker's hand", "FR-4.1", "not_in_taker_hand",
                              {"card": "KS"})
    assert rule_text(held) == "King of spades is not in your hand."
    assert rule_text(IllegalActionError(None, "", "FR-4.1", "not_in_taker_hand", {"card": "EX"})) == (
        "The Excuse is not in your hand.")
