"""HU-2: the seeded deal (talon of 6, then 5 and 4 to each active player), at four players and at
five with the dealer sitting out (HU-9). The stream is checked against an independent reading of
its specification (SHA-256 blocks, rejection sampling, Fisher–Yates), written out here."""

from __future__ import annotations

import hashlib

import pytest

from tarot_core.hungarian.cards import DECK, parse_cards
from tarot_core.hungarian.dealing import (DEAL_LABEL, Deal, active_seats, deal, deal_from_pack,
                                          shuffled_deck)


def _spec_shuffle(seed: str) -> list:
    """The module docstring's specification, read independently of tarot_core.rng."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256(f"{DEAL_LABEL}|{seed}|{block}".encode()).digest()
            words.extend(int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4))
            block += 1
        return words.pop(0)

    def below(n: int) -> int:
        limit = 2 ** 32 - 2 ** 32 % n
        while (w := word()) >= limit:
            pass
        return w % n

    cards = list(DECK)
    for i in range(41, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@pytest.mark.parametrize("seed", ["hu/0", "hu/1", "daily/2026-12-01", "x"])
def test_the_shuffle_is_the_specified_stream(seed):
    assert shuffled_deck(seed) == _spec_shuffle(seed)


@pytest.mark.parametrize("players,dealer", [(4, 0), (4, 3), (5, 0), (5, 2), (5, 4)])
def test_hu_2_talon_first_then_five_and_four_to_each_from_the_forehand(players, dealer):
    pack = _spec_shuffle(f"hu/{players}/{dealer}")
    dealt = deal(f"hu/{players}/{dealer}", players, dealer)
    assert dealt.talon == tuple(pack[:6])
    order = [(dealer + k) % players for k in range(1, 5)]
    assert list(dealt.active) == order
    for i, seat in enumerate(order):
        expected = pack[6 + 5 * i: 11 + 5 * i] + pack[26 + 4 * i: 30 + 4 * i]
        assert sorted(dealt.hands[seat], key=lambda c: c.index) == sorted(expected, key=lambda c: c.index)
    if players == 5:
        assert dealt.hands[dealer] == ()  # HU-9: the dealer sits out
    assert sorted([c for h in dealt.hands for c in h] + list(dealt.talon), key=lambda c: c.index) == list(DECK)


def test_a_pinned_deal_never_changes():
    dealt = deal("pinned/1", 4, 0)
    assert dealt.notation() == PINNED


PINNED = {  # made by this build; the stream is specified, so it never changes
    "players": 4, "dealer": 0,
    "hands": ["T2 T4 T6 T8 QS NH QH 10C QC", "T5 T9 T11 T14 T19 SKIZ JS JH JD",
              "T1 T7 T12 T15 T18 T21 KD JC KC", "T3 T10 T13 T16 T20 1H ND QD NC"],
    "talon": "NS 1D KS 10S KH T17",
}


def test_deals_differ_by_seed_and_the_same_seed_gives_the_same_deal():
    assert deal("a", 4, 0) == deal("a", 4, 0)
    assert deal("a", 4, 0) != deal("b", 4, 0)


def test_bad_tables_and_packs_are_refused():
    with pytest.raises(ValueError):
        active_seats(3, 0)
    with pytest.raises(ValueError):
        active_seats(5, 5)
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK)[:41], 4, 0)
    with pytest.raises(ValueError):
        deal_from_pack(list(DECK)[:41] + [DECK[0]], 4, 0)
    good = deal("c", 4, 1)
    with pytest.raises(ValueError):
        Deal(4, 1, good.hands, good.talon[:5])
    with pytest.raises(ValueError):
        Deal(4, 1, (good.hands[1],) * 4, good.talon)
    assert parse_cards(" ".join(deal("c", 4, 1).notation()["hands"])) == [c for h in good.hands for c in h]
