"""Share codes (tarot_core/share.py, format version 1): round trip, shortness, tampering, garbage.

Expected codes are rebuilt here from the documented format (seven dot-separated fields; your
moves as indexes into ``legal_actions`` packed into one mixed-radix integer, written big-endian in
base64url without padding; the check being the first 8 base64url characters of SHA-256 over the
body, dot included), and an independent replay (the daily match, your moves decoded from the
integer, the computer players from ``choose_action`` seeded as documented) says what score any
code really gives — never ``verify`` itself.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import ai_move, play_match, random_policy
from tarot_core.daily import daily_match
from tarot_core.french import FrenchDeal
from tarot_core.share import ShareCodeError, encode, verify

# --- helpers written from the documented format ---------------------------------------------


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def check_of(body: str) -> str:
    return b64(hashlib.sha256(body.encode("utf-8")).digest())[:8]


def with_check(body: str) -> str:
    return f"{body}.{check_of(body)}"


def payload_of(value: int) -> str:
    return b64(value.to_bytes((value.bit_length() + 7) // 8, "big")) if value else ""


def value_of(payload: str) -> int:
    return int.from_bytes(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), "big")


def play(date, players=4, deals=None, seed=0):
    """A daily match: seat 0 from a random.Random(seed) script, the AI for the others."""
    return play_match(daily_match(date, players, deals), random_policy(seed))


def moves_value(match):
    """(value, radix) of seat 0's moves: index in legal_actions, first move least significant."""
    value, radix = 0, 1
    for game in match.games:
        replica = FrenchDeal(game.deal)
        for action in game.history:
            if action.seat == 0:
                legal = replica.legal_actions()
                value += legal.index(action) * radix
                radix *= len(legal)
            replica.apply(action)
    return value, radix


def expected_code(match, date):
    value, _ = moves_value(match)
    body = f"1.{date}.{match.players}.{match.deals_to_play}.{match.totals()[0]}.{payload_of(value)}"
    return with_check(body)


def ref_replay(date, players, deals, value):
    """Replay moves ``value`` on the daily: (your total, totals, moves left over)."""
    left = [value]

    def seat0(game):
        legal = game.legal_actions()
        action = legal[left[0] % len(legal)]
        left[0] //= len(legal)
        return action

    match = play_match(daily_match(date, players, deals), seat0)
    return match.totals()[0], match.totals(), left[0]


def accepted_or_error(code):
    """verify(code) or the ShareCodeError it raised; any other exception fails the test."""
    try:
        return verify(code)
    except ShareCodeError as e:
        return e


def assert_sound(code):
    """The property: verify accepts exactly the codes whose moves really replay to the claim."""
    outcome = accepted_or_error(code)
    fields = code.strip().split(".")
    if isinstance(outcome, ShareCodeError):
        return outcome
    # Accepted: its fields must describe a game that really replays to the claimed score.
    _, date, players, deals, score, payload, check = fields
    assert check == check_of(code.strip().rsplit(".", 1)[0])
    mine, totals, left = ref_replay(outcome.date, outcome.players, outcome.deals, value_of(payload))
    assert left == 0
    assert outcome.score == mine == int(score)
    assert outcome.match.totals() == totals
    return outcome


# --- fixtures -----------------------------------------------------------------------------------

DATE = "2026-11-30"


@pytest.fixture(scope="module")
def short_match():
    return play(DATE, 4, 2, seed=5)


@pytest.fixture(scope="module")
def full_match():
    return play("2026-01-01", 4, None, seed=8)


# --- round trip -------------------------------------------------------------------------------

@pytest.mark.parametrize("date, players, deals, seed", [
    ("2026-11-30", 4, 1, 0), ("2026-11-30", 4, 2, 1), ("2026-01-01", 4, 1, 2), ("2030-02-28", 4, 2, 3),
    ("2026-06-15", 3, 1, 4), ("2026-06-15", 5, 2, 5), ("2027-02-28", 4, 1, 6),
])
def test_round_trip_gives_the_same_score_and_totals(date, players, deals, seed):
    match = play(date, players, deals, seed)
    code = encode(match, date)
    assert code == expected_code(match, date)
    result = verify(code)
    assert result.score == match.totals()[0]
    assert result.match.totals() == match.totals()
    assert (result.date, result.players, result.deals) == (date, players, deals)
    assert [g.history for g in result.match.games] == [g.history for g in match.games]


def test_round_trip_of_a_full_default_match_and_its_length(full_match):
    code = encode(full_match, "2026-01-01")
    assert code == expected_code(full_match, "2026-01-01")
    assert code.split(".")[3] == "8"
    result = verify(code)
    assert result.score == full_match.totals()[0]
    assert result.match.totals() == full_match.totals()
    assert result.match.deals_played == 8
    print(f"\nshare code of a full 8-deal match: {len(code)} characters: {code}")
    assert len(code) < 200


def test_full_match_with_random_moves_at_five_players_is_short():
    match = play("2026-11-30", 5, None, seed=21)
    code = encode(match, "2026-11-30")
    assert verify(code).score == match.totals()[0]
    assert len(code) < 200


def test_whitespace_around_a_code_is_tolerated(short_match):
    code = encode(short_match, DATE)
    assert verify(f"  {code}\n").score == short_match.totals()[0]


def test_encode_of_an_unfinished_match_raises_value_error():
    match = daily_match(DATE, 4, 1)
    with pytest.raises(ValueError):
        encode(match, DATE)
    game = match.current
    for _ in range(10):
        game.apply(game.legal_actions()[0] if game.turn == 0 else ai_move(match, game))
    with pytest.raises(ValueError):
        encode(match, DATE)


def test_encode_of_another_dates_match_raises_value_error(short_match):
    with pytest.raises(ValueError):
        encode(short_match, "2026-12-01")


def test_encode_never_returns_a_code_that_verify_rejects():
    rnd = random.Random(7)
    match = daily_match("2026-01-01", 4, 1)
    game = match.current
    while game.turn is not None:
        legal = game.legal_actions()
        game.apply(rnd.choice(legal) if game.turn == 0 else legal[-1])  # not the AI's choices
    try:
        code = encode(match, "2026-01-01")
    except ValueError:
        return
    assert verify(code).score == match.totals()[0]


# --- tampering ----------------------------------------------------------------------------------

def test_a_changed_score_with_a_recomputed_check_is_rejected_naming_the_claim(short_match):
    code = encode(short_match, DATE)
    parts = code.split(".")
    real = int(parts[4])
    for claim in (real + 1, real - 1, real + 1000, -real if real else 7):
        forged = with_check(".".join(parts[:4] + [str(claim), parts[5]]))
        with pytest.raises(ShareCodeError) as info:
            verify(forged)
        message = str(info.value)
        assert str(claim) in message and str(real) in message


def test_a_changed_score_without_recomputing_the_check_is_rejected_as_damaged(short_match):
    parts = encode(short_match, DATE).split(".")
    forged = ".".join(parts[:4] + [str(int(parts[4]) + 10)] + parts[5:])
    with pytest.raises(ShareCodeError, match="damaged"):
        verify(forged)


def test_any_one_character_change_of_the_moves_is_rejected_or_really_replays(short_match):
    """Change each character of the moves field to several others, recomputing the check: verify
    rejects the code, or accepts it only with the score its moves really give."""
    parts = encode(short_match, DATE).split(".")
    moves = parts[5]
    alphabet = string.ascii_letters + string.digits + "-_"
    rnd = random.Random(1)
    accepted = rejected = 0
    for i in range(len(moves)):
        for c in rnd.sample(alphabet, 3):
            if c == moves[i]:
                continue
            body_moves = moves[:i] + c + moves[i + 1:]
            forged = with_check(".".join(parts[:5] + [body_moves]))
            outcome = assert_sound(forged)
            if isinstance(outcome, ShareCodeError):
                rejected += 1
                # Rejected: then the moves really do not replay to the claim (or hold too many).
                mine, _, left = ref_replay(DATE, 4, 2, value_of(body_moves))
                assert left != 0 or mine != int(parts[4])
            else:
                accepted += 1
    assert rejected > 0


def test_a_forged_code_claiming_its_real_replay_is_accepted(short_match):
    """The converse: any moves that fit the game, with their true score claimed, verify."""
    _, radix = moves_value(short_match)
    fitting = 0
    for value in (0, 1, 2, 3, 1000, radix // 3, radix - 1):
        mine, totals, left = ref_replay(DATE, 4, 2, value)
        code = with_check(f"1.{DATE}.4.2.{mine}.{payload_of(value)}")
        if left:  # these moves end before the number is used up: too many moves
            with pytest.raises(ShareCodeError, match="more moves"):
                verify(code)
            continue
        fitting += 1
        result = verify(code)
        assert result.score == mine and result.match.totals() == totals
    assert fitting >= 4


def test_extra_moves_beyond_the_game_are_rejected(short_match):
    value, radix = moves_value(short_match)
    real = short_match.totals()[0]
    for extra in (1, 2, 12345):
        forged = with_check(f"1.{DATE}.4.2.{real}.{payload_of(value + extra * radix)}")
        with pytest.raises(ShareCodeError, match="more moves"):
            verify(forged)


def test_every_truncation_is_rejected_with_share_code_error(full_match):
    code = encode(full_match, "2026-01-01")
    for n in range(len(code)):
        with pytest.raises(ShareCodeError):
            verify(code[:n])


def test_one_character_damage_anywhere_without_a_new_check_is_rejected(short_match):
    code = encode(short_match, DATE)
    for i in range(len(code)):
        damaged = code[:i] + ("x" if code[i] != "x" else "y") + code[i + 1:]
        with pytest.raises(ShareCodeError):
            verify(damaged)


@pytest.mark.parametrize("field, value, words", [
    (0, "2", "version"),
    (0, "0", "version"),
    (1, "2026-02-30", "2026-02-30"),
    (1, "2026-13-01", "2026-13-01"),
    (1, "yesterday", "yesterday"),
    (2, "6", "impossible"),
    (2, "2", "impossible"),
    (2, "four", "four"),
    (3, "0", "impossible"),
    (3, "-1", "impossible"),
    (3, "65", "impossible"),
    (4, "1.5", "damaged"),  # an extra dot: eight fields
    (4, "lots", "lots"),
    (5, "@@", "base64"),
    (5, "A", "base64"),
])
def test_bad_fields_are_rejected_with_a_clear_message(short_match, field, value, words):
    parts = encode(short_match, DATE).split(".")[:6]
    parts[field] = value
    forged = with_check(".".join(parts))
    with pytest.raises(ShareCodeError) as info:
        verify(forged)
    assert words in str(info.value)


@pytest.mark.parametrize("thing", [None, 42, b"1.2026-01-01", ["1"], "", ".", "......", "1.2.3.4.5.6.7.8"])
def test_non_codes_are_rejected_with_share_code_error(thing):
    with pytest.raises(ShareCodeError):
        verify(thing)


# --- garbage --------------------------------------------------------------------------------------

@given(st.text())
def test_random_text_is_only_ever_a_share_code_error(text):
    outcome = accepted_or_error(text)
    assert isinstance(outcome, ShareCodeError)


@given(st.lists(st.text(alphabet=string.ascii_letters + string.digits + "-_+ ", max_size=12),
                min_size=5, max_size=9))
def test_random_dot_separated_fields_are_only_ever_a_share_code_error(fields):
    outcome = accepted_or_error(".".join(fields))
    assert isinstance(outcome, ShareCodeError)


field_strategy = st.fixed_dictionaries({
    "version": st.sampled_from(["1", "1", "1", "2", "", "01"]),
    "date": st.sampled_from(["2026-11-30", "2026-01-01", "2026-02-30", "2026-1-1", "x"]),
    "players": st.sampled_from(["3", "4", "5", "6", "0", "-4", "4.0", ""]),
    "deals": st.sampled_from(["1", "2", "0", "-1", "65", "x", ""]),
    "score": st.one_of(st.integers(-3000, 3000).map(str), st.sampled_from(["", "+", "1e3", "--1"])),
    "moves": st.one_of(st.text(alphabet=string.ascii_letters + string.digits + "-_", max_size=16),
                       st.integers(0, 2 ** 80).map(payload_of),
                       st.text(max_size=6)),
})


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(field_strategy)
def test_plausible_codes_with_a_valid_check_are_sound(f):
    """Fields that pass the check reach the replay: a code is accepted only when its moves really
    give the claimed score; anything else is a ShareCodeError, never another exception."""
    code = with_check(".".join([f["version"], f["date"], f["players"], f["deals"], f["score"], f["moves"]]))
    assert_sound(code)


@given(st.integers(0, 2 ** 60))
def test_any_moves_with_their_true_score_verify(value):
    mine, totals, left = ref_replay(DATE, 4, 1, value)
    code = with_check(f"1.{DATE}.4.1.{mine}.{payload_of(value)}")
    if left:
        with pytest.raises(ShareCodeError, match="more moves"):
            verify(code)
    else:
        result = verify(code)
        assert result.score == mine and result.match.totals() == totals


def test_only_the_canonical_spelling_of_a_code_verifies(short_match):
    code = encode(short_match, DATE)
    parts = code.split(".")[:6]
    score = parts[4]
    variants = {
        2: ["04", "+4", " 4", "\u0664"],
        3: ["02", "+2"],
        4: ["+" + score if not score.startswith("-") else "-0" + score[1:], "0" + score],
        5: ["AAAA" + parts[5]],
        1: ["2026-W49-1"],  # Monday of ISO week 49 of 2026 is 2026-11-30
    }
    accepted = []
    for field, values in variants.items():
        for v in values:
            forged_parts = list(parts)
            forged_parts[field] = v
            forged = with_check(".".join(forged_parts))
            if not isinstance(accepted_or_error(forged), ShareCodeError):
                accepted.append((field, v))
    assert accepted == []


def test_a_code_with_text_utf8_cannot_encode_is_damaged_not_a_crash() -> None:
    """A lone surrogate pasted into a code (found by the fuzz test of mutated codes): the code is
    refused with a ShareCodeError (here: its date field), where ``verify`` raised
    UnicodeEncodeError."""
    with pytest.raises(ShareCodeError, match="bad field"):
        verify("1.\ud8002026-11-30.3.1.-58.Hjv4m__cZ81W9Q.b1KyEbOU")

