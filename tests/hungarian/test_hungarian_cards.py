"""HU-1: the 42-card pack, its ranks, card points and notation."""

from __future__ import annotations

import pytest

from tarot_core.errors import NotationError
from tarot_core.hungarian.cards import (DECK, HONOURS, KINGS, PAGAT, SKIZ, SUITS, TOTAL_POINTS, XX, XXI,
                                        Card, Suit, card_from_index, format_card, format_cards,
                                        parse_card, parse_cards, points_of, sorted_hand)


def test_hu_1_the_pack_is_22_tarokks_and_four_suits_of_five():
    assert len(DECK) == len(set(DECK)) == 42
    assert sum(c.is_tarokk for c in DECK) == 22
    for suit in SUITS:
        assert sorted(format_card(c) for c in DECK if c.suit is suit) == sorted(
            {Suit.SPADES: ["KS", "QS", "NS", "JS", "10S"], Suit.HEARTS: ["KH", "QH", "NH", "JH", "1H"],
             Suit.DIAMONDS: ["KD", "QD", "ND", "JD", "1D"], Suit.CLUBS: ["KC", "QC", "NC", "JC", "10C"]}[suit])


def test_hu_1_honours_kings_and_named_cards():
    assert {format_card(c) for c in HONOURS} == {"SKIZ", "T21", "T1"}
    assert {format_card(c) for c in KINGS} == {"KS", "KH", "KD", "KC"}
    assert (format_card(PAGAT), format_card(XX), format_card(XXI), format_card(SKIZ)) == ("T1", "T20", "T21", "SKIZ")
    assert SKIZ.is_tarokk and SKIZ.rank > XXI.rank  # the Skíz is the top tarokk, not an excuse


def test_hu_1_card_points_total_94():
    assert TOTAL_POINTS == points_of(DECK) == 94
    expected = {"SKIZ": 5, "T21": 5, "T1": 5, "T20": 1, "T2": 1, "KH": 5, "QH": 4, "NH": 3, "JH": 2, "1H": 1,
                "10S": 1, "KC": 5}
    assert {t: parse_card(t).points for t in expected} == expected


def test_hu_1_notation_round_trips_and_reads_any_case_and_the_accent():
    for card in DECK:
        assert parse_card(format_card(card)) is card
        assert parse_card(f"  {format_card(card).lower()} ") is card
    assert parse_card("Skíz") is SKIZ
    assert parse_cards("T1, SKIZ 10s") == [PAGAT, SKIZ, parse_card("10S")]
    assert format_cards([SKIZ, PAGAT]) == "SKIZ T1"


@pytest.mark.parametrize("token", ["T22", "T0", "EX", "1S", "10H", "9D", "KX", "", "SKIZZ", "T 1"])
def test_hu_1_a_bad_token_names_itself(token):
    with pytest.raises(NotationError) as info:
        parse_card(token)
    assert info.value.token == token
    assert repr(token) in str(info.value)


def test_cards_cannot_be_made_with_a_rank_their_suit_lacks():
    with pytest.raises(ValueError):
        Card(Suit.SPADES, 1)
    with pytest.raises(ValueError):
        Card(Suit.TAROKK, 23)
    with pytest.raises(TypeError):
        Card("T", 1)  # type: ignore[arg-type]
    assert Card(Suit.HEARTS, 1) == parse_card("1H") and hash(Card(Suit.HEARTS, 1)) == parse_card("1H").index


def test_index_and_display_order():
    assert [card_from_index(i) for i in range(42)] == list(DECK)
    with pytest.raises(IndexError):
        card_from_index(42)
    assert sorted_hand([parse_card("KS"), SKIZ, PAGAT, parse_card("10S")]) == [PAGAT, SKIZ, parse_card("10S"),
                                                                             parse_card("KS")]
