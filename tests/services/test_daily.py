"""The daily game generator (tarot_core/daily.py, specification version 1).

Every expected hand here comes from a small reference implementation of the written spec (the
docstrings of tarot_core/daily.py and tarot_core/french/dealing.py) built on hashlib alone (the
shuffle in tests/helpers.py, the packet deal here): the seed text
``"tarot-daily/v1/" + D + "/" + P + "/" + k``, the SHA-256 stream with rejection sampling, the
Fisher–Yates shuffle of the canonical pack (FR-1.1 order), and the packet deal with the chien cards
after packet ``(i + 1) * P // (C + 1)``, starting on the dealer's right, the first dealer being
seat ``P - 1``. A golden fingerprint pins one past date literally, so that any change to the
generator for a past date fails loudly.
"""

from __future__ import annotations

import ast
import inspect
import random

import pytest

import tarot_core.ai
import tarot_core.daily
import tarot_core.french.dealing
import tarot_core.match
import tarot_core.rng
import tarot_core.share
from helpers import CANONICAL, SIZES, finish_deal, play_match, random_policy, ref_shuffle
from tarot_core.french.cards import format_card
from tarot_core.daily import daily_match, daily_seed, parse_date
from tarot_core.french import Phase

# --- reference implementation of the written spec -------------------------------------------

def ref_deal(text, players, dealer):
    """(hands as token lists per seat, chien in dealt order) by the documented packet deal."""
    pack = ref_shuffle(text)
    each, chien_size = SIZES[players]
    packet = 4 if players == 3 else 3
    n_packets = players * each // packet
    chien_after = [(i + 1) * n_packets // (chien_size + 1) for i in range(chien_size)]
    hands = [[] for _ in range(players)]
    chien = []
    pos = 0
    for number in range(1, n_packets + 1):  # packet number 1, 2, … from the dealer's right
        seat = (dealer + number) % players
        hands[seat] += pack[pos:pos + packet]
        pos += packet
        for after in chien_after:
            if after == number:
                chien.append(pack[pos])
                pos += 1
    assert pos == 78
    return hands, chien


def ref_daily_deal(date, players, k):
    """Deal k of the daily of ``date``: seed text and dealer from daily.py's docstring."""
    text = f"tarot-daily/v1/{date}/{players}/{k}"
    dealer = (players - 1 + k) % players  # first dealer on your left, then to the right each deal
    return ref_deal(text, players, dealer), dealer


def canon(tokens):
    order = {t: i for i, t in enumerate(CANONICAL)}
    return sorted(tokens, key=order.__getitem__)


def actual(game):
    """(hands, chien) of an engine deal as tokens: hands in canonical order, chien as dealt."""
    return [canon(format_card(c) for c in h) for h in game.deal.hands], [format_card(c) for c in game.deal.chien]


# --- the reference itself agrees with the engine's pack (sanity of the reference) -------------

def test_reference_pack_is_a_permutation_and_canonical_order_is_the_engine_deck():
    from tarot_core.french.cards import DECK

    assert [format_card(c) for c in DECK] == CANONICAL
    pack = ref_shuffle("tarot-daily/v1/2026-01-01/4/0")
    assert sorted(pack) == sorted(CANONICAL) and pack != CANONICAL


# --- pinned deals -------------------------------------------------------------------------------

@pytest.mark.parametrize("date, players", [
    ("2026-01-01", 4),
    ("2026-11-30", 4),
    ("2030-02-28", 4),
    ("2024-02-29", 4),
    ("2026-06-15", 3),
    ("2026-06-15", 5),
])
def test_deal_0_and_deal_1_are_those_of_the_written_spec(date, players):
    match = daily_match(date, players)
    assert match.seed == f"tarot-daily/v1/{date}/{players}"
    (hands, chien), dealer = ref_daily_deal(date, players, 0)
    game = match.current
    assert game.deal.dealer == dealer == players - 1
    assert game.deal.players == players
    got_hands, got_chien = actual(game)
    assert got_hands == [canon(h) for h in hands]
    assert got_chien == chien
    each, chien_size = SIZES[players]
    assert all(len(h) == each for h in got_hands) and len(got_chien) == chien_size

    # Deal 1 (whatever happened in deal 0): seed ".../1", dealer one seat to the right (seat 0).
    finish_deal(match)
    match.next_deal()
    (hands1, chien1), dealer1 = ref_daily_deal(date, players, 1)
    assert dealer1 == 0
    assert match.current.deal.dealer == 0
    got_hands1, got_chien1 = actual(match.current)
    assert got_hands1 == [canon(h) for h in hands1]
    assert got_chien1 == chien1
    assert got_hands1 != got_hands


def test_golden_fingerprint_of_2026_01_01():
    """Written literally (checked once against the reference): a change of the generator for a
    past date must fail here, whatever the reference says."""
    seat0 = "1S 4S 6S 7S 10S KS 1H 8H QH 3D KD 5C 9C 10C T3 T5 T9 T21"
    chien = "9D QS T10 1C JS T8"
    first_six_of_pack = "T3 7S 4S EX 6H KC"
    (hands, ref_chien), _ = ref_daily_deal("2026-01-01", 4, 0)
    assert " ".join(canon(hands[0])) == seat0  # the literal agrees with the reference …
    assert " ".join(ref_chien) == chien
    assert " ".join(ref_shuffle("tarot-daily/v1/2026-01-01/4/0")[:6]) == first_six_of_pack
    got_hands, got_chien = actual(daily_match("2026-01-01").current)  # … and with the engine
    assert " ".join(got_hands[0]) == seat0
    assert " ".join(got_chien) == chien
    # You speak first: seat 0 (the dealer's right) gets the first packet, seat 1 the second.
    assert {"T3", "7S", "4S"} <= set(got_hands[0])
    assert {"EX", "6H", "KC"} <= set(got_hands[1])


def test_a_thrown_in_first_deal_counts_in_the_deal_numbers():
    """2027-02-28 at four players: the reference gives seat 3 a petit sec in deal 0 (FR-2.3), so
    the deal is thrown in; the next deal is dealt from ".../1" by seat 0 and deal 0 does not
    count."""
    date = "2027-02-28"
    (hands, _), _ = ref_daily_deal(date, 4, 0)
    trumps3 = [t for t in hands[3] if t.startswith("T")]
    assert trumps3 == ["T1"] and "EX" not in hands[3]
    match = daily_match(date)
    assert match.current.phase is Phase.THROWN_IN
    assert match.current.turn is None
    match.next_deal()
    (hands1, chien1), dealer1 = ref_daily_deal(date, 4, 1)
    assert match.current.deal.dealer == dealer1 == 0
    assert actual(match.current) == ([canon(h) for h in hands1], chien1)
    assert match.deals_played == 0


# --- determinism and variety ---------------------------------------------------------------------

def test_same_date_gives_the_same_deals_and_accepts_a_date_object():
    import datetime

    a = daily_match("2026-11-30")
    b = daily_match(datetime.date(2026, 11, 30))
    assert a.seed == b.seed == daily_seed("2026-11-30") == "tarot-daily/v1/2026-11-30/4"
    assert a.current.deal == b.current.deal
    assert actual(a.current) == actual(b.current)


def test_different_dates_and_table_sizes_give_different_deals():
    import datetime

    day = datetime.date(2026, 3, 1)
    seen = set()
    for i in range(20):
        hands, chien = actual(daily_match(day + datetime.timedelta(days=i)).current)
        seen.add(" ".join(hands[0]))
    assert len(seen) == 20
    assert daily_seed("2026-03-01", 3) != daily_seed("2026-03-01", 4)
    assert actual(daily_match("2026-03-01", 3).current)[1] != actual(daily_match("2026-03-01", 5).current)[1]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_dealer_is_on_your_left_so_you_speak_first(players):
    match = daily_match("2026-01-01", players)
    assert match.first_dealer == players - 1
    game = match.current
    if game.phase is Phase.BIDDING:
        assert game.turn == 0
    assert game.first_seat == 0


def test_python_random_state_does_not_change_the_daily():
    random.seed(1)
    a = play_match(daily_match("2026-05-05", deals_to_play=2))
    random.seed(987654321)
    random.random()
    b = play_match(daily_match("2026-05-05", deals_to_play=2))
    assert a.record() == b.record()


@pytest.mark.parametrize("date, players", [("2026-01-01", 4), ("2026-11-30", 3), ("2030-02-28", 5)])
def test_computer_players_choose_the_same_in_two_separately_built_matches(date, players):
    first = play_match(daily_match(date, players), random_policy(11))
    second = play_match(daily_match(date, players), random_policy(11))
    assert first.is_over and second.is_over
    assert first.totals() == second.totals()
    assert sum(first.totals()) == 0
    assert first.record() == second.record()
    # Not a constant: other moves of yours give another match.
    third = play_match(daily_match(date, players), random_policy(12))
    assert third.record() != first.record()


def test_whole_default_match_has_the_documented_length():
    match = play_match(daily_match("2026-01-01"), random_policy(3))
    assert match.deals_to_play == 8
    assert match.deals_played == 8
    assert len(match.score_rows()) == 8


# --- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "2026-02-30", "2026-13-01", "2026-00-10", "2025-02-29", "26-01-01", "2026/01/01", "2026-1-1",
    "", "2026-01-01 ", " 2026-01-01", "20260101", "tomorrow", "2026-01-01T00:00",
])
def test_bad_dates_raise_value_error_naming_the_text(text):
    with pytest.raises(ValueError) as info:
        daily_match(text)
    assert repr(text) in str(info.value) or text in str(info.value)
    with pytest.raises(ValueError):
        parse_date(text)
    with pytest.raises(ValueError):
        daily_seed(text)


@pytest.mark.parametrize("text", ["2026-W01-4"])
def test_iso_week_dates_are_not_yyyy_mm_dd(text):
    with pytest.raises(ValueError):
        parse_date(text)


@pytest.mark.parametrize("players", [0, 2, 6, -1])
def test_bad_number_of_players_raises(players):
    with pytest.raises(ValueError):
        daily_match("2026-01-01", players)


def test_parse_date_reads_a_valid_date():
    import datetime

    assert parse_date("2024-02-29") == datetime.date(2024, 2, 29)


# --- no Python random ------------------------------------------------------------------------------

@pytest.mark.parametrize("module", [tarot_core.daily, tarot_core.french.dealing, tarot_core.rng,
                                    tarot_core.match, tarot_core.ai, tarot_core.share])
def test_generator_modules_do_not_import_random(module):
    tree = ast.parse(inspect.getsource(module))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert "random" not in imported
    assert "import random" not in inspect.getsource(module)
    assert "from random" not in inspect.getsource(module)
