"""FR-1 (the 78 cards and their points) and FR-1.1 (card notation).

Expected values are taken from docs/rules/french-tarot.md, not from tarot_core.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_core.french.cards import (
    BOUTS,
    DECK,
    EXCUSE,
    PETIT,
    TOTAL_POINTS2,
    TRUMP_21,
    Suit,
    card_from_index,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    points2_of,
)
from tarot_core.errors import NotationError, TarotError

# FR-1.1 tokens of the whole pack, written out by hand from the rules text.
SUIT_LETTERS = "SHDC"
RANK_TOKENS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]
ALL_TOKENS = (
    [r + s for s in SUIT_LETTERS for r in RANK_TOKENS]
    + [f"T{n}" for n in range(1, 22)]
    + ["EX"]
)
# FR-1: points of each plain rank, in points.
PLAIN_POINTS = {"K": 4.5, "Q": 3.5, "N": 2.5, "J": 1.5}


# --- FR-1 -----------------------------------------------------------------------------------

def test_FR_1_pack_has_78_distinct_cards():
    assert len(DECK) == 78
    assert len(set(DECK)) == 78
    assert sorted(format_card(c) for c in DECK) == sorted(ALL_TOKENS)


def test_FR_1_four_suits_of_14_21_trumps_and_the_excuse():
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        assert sorted(c.rank for c in DECK if c.suit is suit) == list(range(1, 15))
    trumps = [c for c in DECK if c.is_trump]
    assert sorted(c.rank for c in trumps) == list(range(1, 22))
    excuses = [c for c in DECK if c.is_excuse]
    assert excuses == [EXCUSE]


def test_FR_1_excuse_is_not_a_trump():
    # FR-1 / FR-9: the Excuse is a card of its own kind, not trump 0.
    assert not EXCUSE.is_trump
    assert EXCUSE.suit is not Suit.TRUMPS
    assert not EXCUSE.suit.is_plain


def test_FR_1_total_is_91_points_182_half_points():
    assert TOTAL_POINTS2 == 182
    assert sum(c.points2 for c in DECK) == 182
    assert points2_of(DECK) == 182
    assert sum(c.points for c in DECK) == 91


def test_FR_1_exactly_three_bouts():
    bouts = {format_card(c) for c in DECK if c.is_bout}
    assert bouts == {"T21", "T1", "EX"}
    assert {format_card(c) for c in BOUTS} == {"T21", "T1", "EX"}
    assert format_card(PETIT) == "T1" and format_card(TRUMP_21) == "T21"


@pytest.mark.parametrize("token", ALL_TOKENS)
def test_FR_1_point_value_of_each_card(token):
    card = parse_card(token)
    if token in ("T1", "T21", "EX"):
        expected = 4.5  # bout
    elif token.startswith("T"):
        expected = 0.5  # any other trump
    else:
        expected = PLAIN_POINTS.get(token[:-1], 0.5)
    assert card.points == expected
    assert card.points2 == int(expected * 2)


def test_FR_1_point_values_by_rank_summary():
    # Per suit: K 4.5 + Q 3.5 + N 2.5 + J 1.5 + ten pip cards × 0.5 = 17 points.
    for s in SUIT_LETTERS:
        assert sum(parse_card(r + s).points2 for r in RANK_TOKENS) == 34
    # Trumps: two bouts (9 each) + 19 × 1; the Excuse 9.
    assert sum(c.points2 for c in DECK if c.is_trump) == 18 + 19
    assert EXCUSE.points2 == 9


def test_FR_1_kings():
    kings = {format_card(c) for c in DECK if c.is_king}
    assert kings == {"KS", "KH", "KD", "KC"}


def test_card_index_matches_deck_order():
    for i, card in enumerate(DECK):
        assert card.index == i
        assert card_from_index(i) is card
    with pytest.raises(IndexError):
        card_from_index(78)
    with pytest.raises(IndexError):
        card_from_index(-1)


# --- FR-1.1 notation ------------------------------------------------------------------------

@pytest.mark.parametrize("token", ALL_TOKENS)
def test_FR_1_1_every_card_prints_canonically_and_parses_back(token):
    card = parse_card(token)
    assert format_card(card) == token
    assert str(card) == token
    assert parse_card(format_card(card)) is card


def test_FR_1_1_examples_from_the_rules():
    ks = parse_card("KS")
    assert ks.suit is Suit.SPADES and ks.rank == 14
    ten_h = parse_card("10H")
    assert ten_h.suit is Suit.HEARTS and ten_h.rank == 10
    ace_c = parse_card("1C")
    assert ace_c.suit is Suit.CLUBS and ace_c.rank == 1
    nd = parse_card("ND")
    assert nd.suit is Suit.DIAMONDS and nd.points == 2.5  # knight (cavalier)
    jc = parse_card("JC")
    assert jc.suit is Suit.CLUBS and jc.points == 1.5  # jack (valet)
    qh = parse_card("QH")
    assert qh.points == 3.5
    assert parse_card("T21") is TRUMP_21
    assert parse_card("T1") is PETIT
    assert parse_card("EX") is EXCUSE


@pytest.mark.parametrize(
    "text, canonical",
    [("ks", "KS"), ("t21", "T21"), ("Ex", "EX"), ("nd", "ND"), ("eX", "EX"), ("10h", "10H"),
     ("jC", "JC"), ("Qd", "QD"), ("t1", "T1"), ("  kh ", "KH")],
)
def test_FR_1_1_parsing_is_case_insensitive(text, canonical):
    assert format_card(parse_card(text)) == canonical


@given(st.sampled_from(ALL_TOKENS), st.lists(st.booleans(), min_size=3, max_size=3))
def test_FR_1_1_any_casing_parses(token, flips):
    mixed = "".join(ch.lower() if flips[i % 3] else ch for i, ch in enumerate(token))
    assert format_card(parse_card(mixed)) == token


def test_FR_1_1_list_with_spaces_and_commas():
    expected = ["KS", "10H", "T21", "EX", "ND"]
    for text in ("KS 10H T21 EX ND", "KS,10H,T21,EX,ND", "KS, 10H ,T21,  EX ND",
                 "  ks,10h t21 ,ex,nd  "):
        assert [format_card(c) for c in parse_cards(text)] == expected
    assert [format_card(c) for c in parse_cards(["ks", "10H", "t21", "Ex", "nd"])] == expected
    assert parse_cards("") == []


def test_FR_1_1_format_cards_round_trip():
    text = " ".join(ALL_TOKENS)
    assert format_cards(parse_cards(text)) == text
    assert parse_cards(text) == list(DECK)


@pytest.mark.parametrize("token", ["T0", "T22", "11S", "KX", "0H", "", "XX", "K", "S", "T",
                                   "E", "EXX", "1.5H", "KSS", "T-1", "10", "R S"])
def test_FR_1_1_unknown_token_raises_notation_error_naming_it(token):
    with pytest.raises(NotationError) as info:
        parse_card(token)
    err = info.value
    assert err.token == token
    assert repr(token) in str(err) or (token and token in str(err))
    assert isinstance(err, TarotError) and isinstance(err, ValueError)


@pytest.mark.parametrize("bad", ["T0", "T22", "11S", "KX", "0H", "XX"])
def test_FR_1_1_bad_token_inside_a_list_is_named(bad):
    with pytest.raises(NotationError) as info:
        parse_cards(f"KS, 10H {bad} T21")
    assert info.value.token == bad
    assert bad in str(info.value)


def test_FR_1_1_first_bad_token_of_a_list_is_named():
    with pytest.raises(NotationError) as info:
        parse_cards("KS T0 T22")
    assert info.value.token == "T0"


def test_FR_1_1_empty_token_in_an_iterable_is_rejected():
    with pytest.raises(NotationError) as info:
        parse_cards(["KS", ""])
    assert info.value.token == ""
    assert "''" in str(info.value)


def test_FR_1_1_non_text_token_is_a_notation_error():
    with pytest.raises(NotationError):
        parse_card(21)  # type: ignore[arg-type]
