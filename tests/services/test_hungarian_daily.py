"""The Hungarian Tarokk daily game (tarot_core/daily.py, its own specification version 1).

Expected deals come from a reference reading of the written spec built on hashlib alone: the seed
text ``"tarot-daily/v1/hungarian/" + D + "/" + P + "/" + k``, the SHA-256 stream of
:mod:`tarot_core.hungarian.dealing` (label ``tarot-core/hungarian-deal/v1``) with rejection
sampling, the Fisher–Yates shuffle of the 42 cards, the talon first and then 5 and 4 cards to each
active player from the forehand, the first dealer being seat ``P - 1``. Two past dates' first
deals are pinned literally, so that any change of the generator for a past date fails loudly. The
French daily's seeds are checked to be exactly the old ones.
"""

from __future__ import annotations

import datetime
import hashlib
import json

import pytest

import tarot_core.daily
from tarot_core.ai import PLAYERS
from tarot_core.daily import (DAILY_GAMES, DAILY_PLAYERS, DAILY_PLAYERS_OF, DAILY_PROFILE, daily_match,
                              daily_player, daily_seed)
from tarot_core.hungarian.actions import Bid, Phase
from tarot_core.hungarian.cards import DECK, format_cards
from tarot_core.match import Match

LABEL = "tarot-core/hungarian-deal/v1"


def ref_pack(text: str) -> list:
    """The 42 cards after the specified shuffle of seed text ``text`` (hashlib only)."""
    words: list[int] = []
    block = 0

    def below(n: int) -> int:
        nonlocal block
        limit = 2 ** 32 - 2 ** 32 % n
        while True:
            if not words:
                digest = hashlib.sha256(f"{LABEL}|{text}|{block}".encode()).digest()
                words.extend(int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4))
                block += 1
            w = words.pop(0)
            if w < limit:
                return w % n

    cards = list(DECK)
    for i in range(41, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def ref_daily_deal(date: str, players: int, k: int, dealer: int):
    """(hands as sorted index lists per seat, talon in dealt order) of deal ``k`` of the daily."""
    pack = ref_pack(f"tarot-daily/v1/hungarian/{date}/{players}/{k}")
    hands = [[] for _ in range(players)]
    order = [(dealer + i) % players for i in range(1, 5)]  # the forehand first; the dealer sits out at 5
    for i, seat in enumerate(order):
        hands[seat] = sorted(c.index for c in pack[6 + 5 * i: 11 + 5 * i] + pack[26 + 4 * i: 30 + 4 * i])
    return hands, pack[:6]


def actual(game):
    return [sorted(c.index for c in h) for h in game.deal.hands], list(game.deal.talon)


def finish(match: Match, seat0=None) -> None:
    """Play the current deal out: ``seat0(game)`` for seat 0 when given, else the computer player."""
    from tarot_core.ai import choose_move
    game = match.current
    while game.turn is not None:
        if seat0 is not None and game.turn == 0:
            game.apply(seat0(game))
        else:
            game.apply(game.action_of(choose_move(game, match.current_seed, game.ply, version=match.player)))


# --- the seed, the defaults, the constants ------------------------------------------------------

def test_the_seeds_of_both_games_are_the_written_ones():
    assert daily_seed("2026-11-30") == daily_seed("2026-11-30", 4, "french") == "tarot-daily/v1/2026-11-30/4"
    assert daily_seed("2026-11-30", 5) == "tarot-daily/v1/2026-11-30/5"
    assert daily_seed("2026-11-30", 4, "hungarian") == "tarot-daily/v1/hungarian/2026-11-30/4"
    assert daily_seed(datetime.date(2024, 2, 29), 5, game="hungarian") == "tarot-daily/v1/hungarian/2024-02-29/5"
    assert daily_match("2026-11-30").seed == "tarot-daily/v1/2026-11-30/4"  # French, as always


def test_the_constants_and_the_spec_in_the_docstring():
    assert DAILY_PLAYERS == 4 and DAILY_PLAYERS_OF == {"french": 4, "hungarian": 4}
    assert DAILY_PROFILE == {"hungarian": "pagat"}
    assert DAILY_GAMES == ("french", "hungarian")
    doc = tarot_core.daily.__doc__
    assert '``"tarot-daily/v1/hungarian/" + D + "/" + str(P)``' in doc
    assert '``"tarot-daily/v1/" + D + "/" + str(P)``' in doc
    assert "``\"pagat\"`` always" in doc


@pytest.mark.parametrize("players", [4, 5])
def test_the_hungarian_daily_match_is_the_specified_one(players):
    match = daily_match("2026-11-30", players, game="hungarian")
    assert match.rules.id == "hungarian"
    assert match.seed == f"tarot-daily/v1/hungarian/2026-11-30/{players}"
    assert match.first_dealer == players - 1 and match.current.dealer == players - 1
    assert match.profile == "pagat" and match.current.profile == "pagat" and match.current.multiplier == 1
    assert match.player == daily_player("2026-11-30") == "v1" and ("hungarian", "v1") in PLAYERS
    assert match.deals_to_play == {4: 8, 5: 10}[players]
    assert match.current.turn == 0  # you are the forehand: you speak first
    record = match.record()
    assert record["profile"] == "pagat" and record["seed"] == match.seed and record["first_dealer"] == players - 1
    assert daily_match("2026-11-30", players, 3, game="hungarian").deals_to_play == 3


def test_the_default_table_is_four_players():
    assert daily_match("2026-11-30", game="hungarian").players == 4


# --- the deals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("date, players", [("2026-11-30", 4), ("2026-11-30", 5), ("2024-02-29", 4),
                                           ("2030-02-28", 5), ("2026-01-01", 4)])
def test_deal_0_and_deal_1_are_those_of_the_written_spec(date, players):
    match = daily_match(date, players, game="hungarian")
    assert actual(match.current) == ref_daily_deal(date, players, 0, players - 1)
    if players == 5:
        assert match.current.deal.hands[4] == ()  # HU-9: the first dealer sits out
    finish(match)
    first = match.current
    match.next_deal()
    # The same dealer redeals an all-pass or an annulled deal (HU-3, HU-4.1); else to the right.
    dealer = players - 1 if first.phase in (Phase.ALL_PASS, Phase.ANNULLED) else 0
    assert match.current.dealer == dealer
    assert actual(match.current) == ref_daily_deal(date, players, 1, dealer)


def test_an_all_pass_first_deal_is_redealt_by_the_same_dealer_from_the_next_seed_text():
    match = daily_match("2026-11-30", 4, game="hungarian")
    game = match.current
    while game.phase is Phase.BIDDING:  # every seat passes
        game.apply(Bid(game.turn, None))
    assert game.phase is Phase.ALL_PASS
    match.next_deal()
    assert match.current.dealer == 3 and match.current.multiplier == 2  # HU-8.4, the pagat profile
    assert actual(match.current) == ref_daily_deal("2026-11-30", 4, 1, 3)
    assert match.deals_played == 0


#: Written literally once (and checked against the reference): the first deals of two past dates.
PINNED_FIRST_DEALS = {
    ("2026-11-30", 4): {
        "players": 4, "dealer": 3,
        "hands": ["T2 T4 T7 T17 T19 JS 1H KD NC", "T1 T8 T11 T13 T21 10S NH QH ND",
                  "T12 T14 T18 SKIZ NS KS 1D QD QC", "T3 T5 T6 T10 T16 T20 QS KH 10C"],
        "talon": "T15 T9 JC KC JD JH"},
    ("2026-11-30", 5): {
        "players": 5, "dealer": 4,
        "hands": ["T8 T14 T15 T17 JS NS JH ND 10C", "T2 T11 T16 T20 KS NH QH 1D JC",
                  "T3 T5 T7 T9 T12 QS KH QD QC", "T1 T6 T10 T18 T19 SKIZ 1H NC KC", ""],
        "talon": "T4 JD KD T13 T21 10S"},
}


@pytest.mark.parametrize("key", list(PINNED_FIRST_DEALS), ids=["4p", "5p"])
def test_golden_first_deals_of_a_past_date(key):
    date, players = key
    pinned = PINNED_FIRST_DEALS[key]
    _, talon = ref_daily_deal(date, players, 0, players - 1)
    assert format_cards(talon) == pinned["talon"]  # the literal agrees with the reference …
    assert daily_match(date, players, game="hungarian").current.deal.notation() == pinned  # … and the engine


def test_the_french_and_hungarian_dailies_of_a_date_are_unrelated_and_vary_by_date():
    french = daily_match("2026-11-30", 4)
    hungarian = daily_match("2026-11-30", 4, game="hungarian")
    assert french.seed != hungarian.seed and french.rules.id == "french"
    seen = {json.dumps(daily_match(datetime.date(2026, 3, 1) + datetime.timedelta(days=i), game="hungarian")
                       .current.deal.notation()) for i in range(15)}
    assert len(seen) == 15
    assert (daily_match("2026-03-01", 4, game="hungarian").current.deal.talon
            != daily_match("2026-03-01", 5, game="hungarian").current.deal.talon)


def test_two_separately_built_dailies_play_alike_and_replay_from_their_record():
    def seat0(game):
        legal = game.legal_actions()
        return legal[(game.ply * 7 + 3) % len(legal)]

    records = []
    for _ in range(2):
        match = daily_match("2026-12-01", 5, 3, game="hungarian")
        while True:
            finish(match, seat0)
            if match.is_over:
                break
            match.next_deal()
        records.append(match.record())
    assert records[0] == records[1]
    again = Match.from_record(json.loads(json.dumps(records[0])))
    assert again.totals() == Match.from_record(records[1]).totals() and again.profile == "pagat"
    assert sum(again.totals()) == 0


# --- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 6, 0])
def test_a_hungarian_table_size_outside_4_and_5_is_refused(players):
    with pytest.raises(ValueError, match="players"):
        daily_match("2026-11-30", players, game="hungarian")


@pytest.mark.parametrize("game", ["skat", "", "Hungarian", None])
def test_a_game_with_no_daily_is_refused(game):
    with pytest.raises(ValueError, match="daily"):
        daily_match("2026-11-30", game=game)
    with pytest.raises(ValueError, match="daily"):
        daily_seed("2026-11-30", game=game)


def test_a_bad_date_is_refused_for_the_hungarian_daily_too():
    with pytest.raises(ValueError, match="2026-02-30"):
        daily_match("2026-02-30", game="hungarian")
