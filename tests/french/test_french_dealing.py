"""FR-2 seats and dealing: the seeded generator, the deal pattern, sizes, petit sec (FR-2.3).

The shuffle is checked against a small reference implementation (tests/helpers.py) written from
the specification in tarot_core/dealing.py's module docstring (SHA-256 stream, rejection
sampling, Fisher–Yates), not against the code under test.
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import CANONICAL, ref_below, ref_shuffle, ref_words
from tarot_core.french.cards import DECK, format_card, parse_cards
from tarot_core.french.dealing import Deal, deal, deal_from_pack, shuffled_deck
from tarot_core.rng import DealRng
from tarot_core.errors import IllegalActionError
from tarot_core.french import Bid, FrenchDeal, Phase

# --- card tokens ----------------------------------------------------------------------------

def tokens(cards):
    return [format_card(c) for c in cards]


# --- the random stream ----------------------------------------------------------------------

def test_deck_canonical_order_is_the_documented_one():
    assert tokens(DECK) == CANONICAL


@pytest.mark.parametrize("seed", [0, 1, 42, -7, 2 ** 40, "2026-01-01", "", "daily|x", "é"])
def test_words_follow_the_sha256_spec(seed):
    rng = DealRng(seed)
    ref = ref_words(seed)
    assert [rng.word() for _ in range(40)] == [next(ref) for _ in range(40)]


def test_first_words_of_seed_0_pinned():
    digest = hashlib.sha256(b"tarot-core/deal/v1|0|0").digest()
    rng = DealRng(0)
    assert rng.word() == int.from_bytes(digest[0:4], "big")
    assert rng.word() == int.from_bytes(digest[4:8], "big")


@pytest.mark.parametrize("n", [1, 2, 3, 7, 78, 1000, 3 * 2 ** 30, 2 ** 31 + 1, 2 ** 32])
def test_below_follows_the_rejection_sampling_spec(n):
    # Large n make rejections frequent (3·2**30: one word in four is rejected).
    rng = DealRng("below")
    ref = ref_words("below")
    for _ in range(200):
        value = rng.below(n)
        assert value == ref_below(ref, n)
        assert 0 <= value < n


def test_below_one_is_always_zero():
    rng = DealRng(5)
    assert all(rng.below(1) == 0 for _ in range(50))


@given(st.integers(min_value=1, max_value=2 ** 32), st.integers())
def test_below_stays_in_range(n, seed):
    rng = DealRng(seed)
    for _ in range(5):
        assert 0 <= rng.below(n) < n


@pytest.mark.parametrize("n", [0, -1, -(2 ** 32), 2 ** 32 + 1, 2 ** 64])
def test_below_rejects_bad_bounds(n):
    with pytest.raises(ValueError):
        DealRng(1).below(n)


@pytest.mark.parametrize("seed", [1.5, None, True, False, b"1", [1]])
def test_seed_must_be_int_or_str(seed):
    with pytest.raises(TypeError):
        DealRng(seed)


def test_int_seed_and_its_decimal_text_give_the_same_stream():
    # The spec writes an int seed in decimal: 12 and "12" are the same seed.
    assert shuffled_deck(12) == shuffled_deck("12")


def test_other_label_is_a_separate_stream():
    a = DealRng(3)
    b = DealRng(3, label="another/v1")
    ref = ref_words(3, label="another/v1")
    first_b = [b.word() for _ in range(8)]
    assert first_b == [next(ref) for _ in range(8)]
    assert [a.word() for _ in range(8)] != first_b


# --- the shuffle ----------------------------------------------------------------------------

def test_shuffled_deck_seed_0_pinned():
    expected = ref_shuffle(0)
    # First cards as computed by the reference above (kept literally to catch both drifting).
    assert expected[:10] == ["QD", "4D", "2S", "3H", "10D", "2C", "3D", "1H", "T11", "T12"]
    assert tokens(shuffled_deck(0)) == expected


def test_shuffled_deck_daily_seed_pinned():
    expected = ref_shuffle("2026-01-01")
    assert expected[:10] == ["4S", "T21", "2H", "T17", "3C", "8S", "8C", "4D", "T5", "4H"]
    assert tokens(shuffled_deck("2026-01-01")) == expected


@given(st.one_of(st.integers(), st.text(max_size=20)))
def test_shuffle_matches_reference_for_any_seed(seed):
    assert tokens(shuffled_deck(seed)) == ref_shuffle(seed)


def test_shuffled_deck_is_a_permutation_and_does_not_touch_deck():
    before = list(DECK)
    pack = shuffled_deck(99)
    assert sorted(pack, key=lambda c: c.index) == before
    assert list(DECK) == before


def test_same_seed_same_deal():
    for seed in (0, 1, "2026-01-01", "abc"):
        assert deal(seed) == deal(seed)
        assert deal(seed, dealer=2) == deal(seed, dealer=2)
        assert shuffled_deck(seed) == shuffled_deck(seed)


def test_different_seeds_give_different_deals():
    deals = {tuple(tokens(c for h in deal(s).hands for c in h)) for s in range(50)}
    assert len(deals) == 50
    assert deal("2026-01-01") != deal("2026-01-02")


# --- the deal pattern (FR-2.1, FR-2.2) ------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, "2026-01-01", "x"])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_FR_2_2_sizes_and_every_card_once(seed, dealer):
    d = deal(seed, dealer=dealer)
    assert d.players == 4 and d.dealer == dealer
    assert [len(h) for h in d.hands] == [18, 18, 18, 18]
    assert len(d.chien) == 6
    every = [c for h in d.hands for c in h] + list(d.chien)
    assert len(every) == 78 and set(every) == set(DECK)


@pytest.mark.parametrize("players, each, chien", [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_FR_2_2_sizes_for_3_4_5_players(players, each, chien):
    d = deal(7, players=players)
    assert [len(h) for h in d.hands] == [each] * players
    assert len(d.chien) == chien
    assert set(c for h in d.hands for c in h) | set(d.chien) == set(DECK)


@given(st.one_of(st.integers(), st.text(max_size=12)), st.integers(min_value=0, max_value=3))
def test_FR_2_1_chien_never_first_or_last_card_of_the_pack(seed, dealer):
    pack = shuffled_deck(seed)
    d = deal_from_pack(pack, players=4, dealer=dealer)
    assert pack[0] not in d.chien
    assert pack[-1] not in d.chien
    assert d == deal(seed, dealer=dealer)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_FR_2_1_chien_never_first_or_last_for_any_table(players):
    for seed in range(40):
        pack = shuffled_deck(seed)
        d = deal_from_pack(pack, players=players, dealer=seed % players)
        assert pack[0] not in d.chien and pack[-1] not in d.chien


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_FR_2_dealers_right_gets_the_first_packet(dealer):
    pack = shuffled_deck(dealer + 100)
    d = deal_from_pack(pack, players=4, dealer=dealer)
    first = (dealer + 1) % 4
    assert set(pack[0:3]) <= set(d.hands[first])
    # Packets go round in playing order: the second packet to the seat after that one.
    assert set(pack[3:6]) <= set(d.hands[(dealer + 2) % 4])
    assert set(pack[6:9]) <= set(d.hands[(dealer + 3) % 4])


def test_FR_2_1_documented_pattern_on_the_canonical_pack():
    # Packets of 3, chien after packets 3, 6, 10, 13, 17, 20 (worked out by hand from the
    # docstring's (i + 1) * 24 // 7): chien cards at pack positions 9, 19, 32, 42, 55, 65.
    pack = list(DECK)
    d = deal_from_pack(pack, players=4, dealer=3)
    assert list(d.chien) == [pack[i] for i in (9, 19, 32, 42, 55, 65)]
    assert set(pack[0:3]) <= set(d.hands[0])  # dealer 3: seat 0 is the dealer's right
    # Seat 0 gets packets 1, 5, 9, 13, 17, 21; each is shifted by the chien cards dealt before.
    assert set(d.hands[0]) == set(pack[0:3] + pack[13:16] + pack[26:29] + pack[39:42]
                                  + pack[52:55] + pack[66:69])


def test_deal_from_pack_rejects_bad_input():
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK)[:77])
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK), players=6)
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK), players=4, dealer=4)
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK)[:77] + [DECK[0]])  # a card twice


def test_deal_validates_its_cards():
    d = deal(3)
    with pytest.raises(ValueError):
        Deal(players=4, dealer=0, hands=d.hands[:3], chien=d.chien)
    with pytest.raises(ValueError):
        Deal(players=4, dealer=0, hands=d.hands, chien=d.chien[:5])
    with pytest.raises(ValueError):
        Deal(players=4, dealer=4, hands=d.hands, chien=d.chien)
    dup = (d.hands[0][:-1] + (d.hands[1][0],),) + d.hands[1:]
    with pytest.raises(ValueError):
        Deal(players=4, dealer=0, hands=dup, chien=d.chien)


def test_deal_notation():
    d = deal("2026-01-01", dealer=1)
    note = d.notation()
    assert note["players"] == 4 and note["dealer"] == 1
    assert [parse_cards(h) for h in note["hands"]] == [list(h) for h in d.hands]
    assert parse_cards(note["chien"]) == list(d.chien)


# --- FR-2.3 petit sec -----------------------------------------------------------------------

def hand_built(hands: list[str], chien: str, dealer: int = 0) -> Deal:
    return Deal(players=4, dealer=dealer, hands=tuple(tuple(parse_cards(h)) for h in hands),
                chien=tuple(parse_cards(chien)))


SPADES = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS"
HEARTS = "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH KH"
DIAMONDS = "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD"
CLUBS = "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC"


def petit_sec_deal(with_excuse: bool, second_trump: bool = False) -> Deal:
    """Seat 2 holds T1 (with T2 when ``second_trump``), all the hearts, and the Excuse or 3D."""
    seat2 = ["T1"] + HEARTS.split() + ["1D", "T2" if second_trump else "2D",
                                         "EX" if with_excuse else "3D"]
    rest = [t for t in (SPADES + " " + CLUBS + " " + DIAMONDS).split()
            + [f"T{n}" for n in range(2, 22)] + ["EX"] if t not in seat2]
    seats = [rest[0:18], rest[18:36], seat2, rest[36:54]]
    return hand_built([" ".join(h) for h in seats], " ".join(rest[54:]), dealer=0)


def test_FR_2_3_petit_sec_throws_the_deal_in():
    d = petit_sec_deal(with_excuse=False)
    assert [c for c in d.hands[2] if c.is_trump] == parse_cards("T1")
    assert d.petit_sec_seat() == 2
    game = FrenchDeal(d)
    assert game.phase is Phase.THROWN_IN
    assert game.thrown_in == "petit_sec"
    assert game.petit_sec_seat == 2
    assert game.legal_actions() == []
    assert game.turn is None and game.is_over
    for seat in range(4):
        v = game.view(seat)
        assert v.phase is Phase.THROWN_IN and v.thrown_in == "petit_sec" and v.legal == ()
        assert v.petit_sec_seat == 2
    with pytest.raises(IllegalActionError):
        game.apply(Bid(1, None))
    assert game.history == []


def test_FR_2_3_petit_with_excuse_is_not_petit_sec():
    d = petit_sec_deal(with_excuse=True)
    trumps = [c for c in d.hands[2] if c.is_trump]
    assert trumps == parse_cards("T1") and parse_cards("EX")[0] in d.hands[2]
    assert d.petit_sec_seat() is None
    game = FrenchDeal(d)
    assert game.phase is Phase.BIDDING
    assert game.thrown_in is None
    assert game.legal_actions()  # seat 1 (dealer 0's right) may speak
    assert game.turn == 1


def test_FR_2_3_petit_with_another_trump_is_not_petit_sec():
    d = petit_sec_deal(with_excuse=False, second_trump=True)
    assert sorted(c.rank for c in d.hands[2] if c.is_trump) == [1, 2]
    assert d.petit_sec_seat() is None
    assert FrenchDeal(d).phase is Phase.BIDDING


def test_FR_2_3_petit_sec_found_in_seeded_deals_too():
    # Scan seeded deals: whenever a seat has T1 as its only trump without the Excuse, the
    # engine must start thrown in; otherwise in bidding.
    found = 0
    for seed in range(400):
        d = deal(seed, dealer=seed % 4)
        sec = [s for s in range(4)
               if [c.rank for c in d.hands[s] if c.is_trump] == [1]
               and not any(c.is_excuse for c in d.hands[s])]
        game = FrenchDeal(d)
        if sec:
            found += 1
            assert game.phase is Phase.THROWN_IN and game.thrown_in == "petit_sec"
            assert game.petit_sec_seat in sec
        else:
            assert game.phase is Phase.BIDDING
    assert found >= 1
