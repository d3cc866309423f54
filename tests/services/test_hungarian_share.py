"""Share codes of the Hungarian Tarokk daily game (tarot_core/share.py, format 2).

Expected codes are rebuilt here from the documented format (nine dot-separated fields:
``2.hungarian.v1.<date>.<players>.<deals>.<score>.<moves>.<check>``; your moves as indexes into
``legal_actions`` of a fresh deal, packed into one mixed-radix integer, big-endian base64url
without padding; the check the first 8 base64url characters of SHA-256 over the body), and an
independent replay (the Hungarian daily match, your moves decoded from the integer, the computer
players by ``choose_action`` on their views, seeded as documented) says what score any code really
gives — never ``verify`` itself. Two literal codes are pinned (tests/golden_data.py), and the
French literal codes are checked to verify unchanged.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string

import pytest

from golden_data import PINNED_CODES, PINNED_CODES_2, PINNED_CODES_HU, hungarian_policy
from tarot_core.ai import choose_action
from tarot_core.daily import daily_match
from tarot_core.hungarian.actions import Phase
from tarot_core.hungarian.state import HungarianDeal
from tarot_core.match import Match
from tarot_core.share import ShareCodeError, encode, verify

# --- helpers written from the documented format ----------------------------------------------


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def with_check(body: str) -> str:
    return f"{body}.{b64(hashlib.sha256(body.encode()).digest())[:8]}"


def payload_of(value: int) -> str:
    return b64(value.to_bytes((value.bit_length() + 7) // 8, "big")) if value else ""


def value_of(payload: str) -> int:
    return int.from_bytes(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)), "big")


def play(date, players, deals, seat0):
    """The Hungarian daily: seat 0 by ``seat0(game)``, the others by the computer player on
    their views (seed: the deal's seed text; step: the actions so far)."""
    match = daily_match(date, players, deals, game="hungarian")
    while True:
        game = match.current
        while game.turn is not None:
            if game.turn == 0:
                game.apply(seat0(game))
            else:
                game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))
        if match.is_over:
            return match
        match.next_deal()


def moves_value(match):
    """(value, radix) of seat 0's moves, first move least significant, on fresh deals."""
    value, radix = 0, 1
    for game in match.games:
        replica = HungarianDeal(game.deal, profile=game.profile, multiplier=game.multiplier)
        for action in game.history:
            if action.seat == 0:
                legal = replica.legal_actions()
                value += legal.index(action) * radix
                radix *= len(legal)
            replica.apply(action)
    return value, radix


def expected_code(match, date):
    value, _ = moves_value(match)
    return with_check(f"2.hungarian.v1.{date}.{match.players}.{match.deals_to_play}.{match.totals()[0]}."
                      f"{payload_of(value)}")


def ref_replay(date, players, deals, value):
    """Replay moves ``value`` on the daily: (your total, totals, moves left over)."""
    left = [value]

    def seat0(game):
        legal = game.legal_actions()
        action = legal[left[0] % len(legal)]
        left[0] //= len(legal)
        return action

    match = play(date, players, deals, seat0)
    return match.totals()[0], match.totals(), left[0]


def first_legal(game):
    return game.legal_actions()[0]


def seeded(seed):
    rnd = random.Random(seed)
    return lambda game: rnd.choice(game.legal_actions())


# --- round trip ------------------------------------------------------------------------------------

@pytest.mark.parametrize("date, players, deals, seat0", [
    ("2026-11-30", 4, 2, first_legal), ("2026-11-30", 5, 2, first_legal), ("2026-11-30", 4, 2, seeded(1)),
    ("2026-12-01", 5, 3, seeded(2)), ("2027-02-28", 4, 1, seeded(3)), ("2026-01-01", 5, 1, seeded(4)),
], ids=["4p first", "5p first", "4p seeded", "5p seeded", "4p one deal", "5p one deal"])
def test_a_hungarian_daily_played_to_the_end_encodes_to_a_code_that_verifies(date, players, deals, seat0):
    match = play(date, players, deals, seat0)
    code = encode(match, date)
    assert code == expected_code(match, date)
    assert code.startswith(f"2.hungarian.v1.{date}.{players}.{deals}.")
    result = verify(code)
    assert (result.date, result.players, result.deals, result.score) == (date, players, deals, match.totals()[0])
    assert result.match.rules.id == "hungarian" and result.match.profile == "pagat"
    assert result.match.totals() == match.totals()
    assert [g.history for g in result.match.games] == [g.history for g in match.games]
    assert encode(result.match, date) == code


@pytest.mark.parametrize("players", [4, 5])
def test_a_whole_default_hungarian_daily_gives_a_short_code(players):
    match = play("2026-11-30", players, None, seeded(20 + players))
    assert match.deals_played == {4: 8, 5: 10}[players]
    code = encode(match, "2026-11-30")
    assert verify(code).score == match.totals()[0]
    assert len(code) < 200


# --- pinned codes ----------------------------------------------------------------------------------

@pytest.mark.parametrize("code, totals, made", PINNED_CODES_HU, ids=["4p", "5p"])
def test_pinned_hungarian_codes(code, totals, made):
    date, players, deals, seed = made
    match = play(date, players, deals, hungarian_policy(seed))
    assert encode(match, date) == code  # the literal, exactly
    result = verify(code)
    assert result.score == totals[0] and result.match.totals() == totals
    assert (result.date, result.players, result.deals) == (date, players, deals)
    assert encode(result.match, date) == code


def test_the_five_player_pinned_code_has_an_all_pass_and_a_deal_you_sit_out():
    code, _, _ = PINNED_CODES_HU[1]
    games = verify(code).match.games
    assert games[0].phase is Phase.ALL_PASS and games[1].multiplier == 2
    sat_out = [g for g in games if g.dealer == 0]
    assert sat_out and all(a.seat != 0 for g in sat_out for a in g.history)


@pytest.mark.parametrize("code, totals", PINNED_CODES + [(c, t[1]) for c, t in PINNED_CODES_2])
def test_the_french_literal_codes_still_verify(code, totals):
    result = verify(code)
    assert result.match.rules.id == "french" and result.match.totals() == totals


# --- altered codes ----------------------------------------------------------------------------------

CODE = PINNED_CODES_HU[0][0]
PARTS = CODE.split(".")  # 2, hungarian, v1, date, players, deals, score, moves, check
DATE, SCORE, MOVES = PARTS[3], int(PARTS[6]), PARTS[7]


def forged(**fields):
    """The pinned 4-player code with fields replaced, and its check recomputed."""
    names = ["version", "game", "player", "date", "players", "deals", "score", "moves"]
    parts = dict(zip(names, PARTS[:8]))
    parts.update(fields)
    return with_check(".".join(str(parts[n]) for n in names))


def test_the_forger_rebuilds_the_pinned_code():
    assert forged() == CODE


def test_a_changed_score_is_refused_naming_the_claim_and_the_replay():
    for claim in (SCORE + 1, SCORE - 1, -SCORE, 0):
        with pytest.raises(ShareCodeError) as info:
            verify(forged(score=claim))
        assert f"{claim:+d}" in str(info.value) and f"{SCORE:+d}" in str(info.value)


def test_a_changed_move_is_refused():
    value = value_of(MOVES)
    # One of your early moves changed (value + 1 happens to replay to the same score, the test
    # below allows that): the replay scores otherwise than the claim.
    for changed in (value + 2, value - 1):
        with pytest.raises(ShareCodeError, match="claims"):
            verify(forged(moves=payload_of(changed)))
    _, radix = moves_value(verify(CODE).match)
    with pytest.raises(ShareCodeError, match="more moves"):
        verify(forged(moves=payload_of(value + radix)))  # a move after the end


def test_any_one_character_change_of_the_moves_is_refused_or_really_replays():
    alphabet = string.ascii_letters + string.digits + "-_"
    rnd = random.Random(3)
    rejected = 0
    for i in range(len(MOVES)):
        for c in rnd.sample(alphabet, 3):
            if c == MOVES[i]:
                continue
            moves = MOVES[:i] + c + MOVES[i + 1:]
            try:
                result = verify(forged(moves=moves))
            except ShareCodeError:
                rejected += 1
                mine, _, left = ref_replay(DATE, 4, 2, value_of(moves))
                assert left or mine != SCORE
            else:
                mine, totals, left = ref_replay(DATE, 4, 2, value_of(moves))
                assert not left and result.score == mine == SCORE and result.match.totals() == totals
    assert rejected > 0


def test_moves_that_fit_with_their_true_score_are_accepted():
    for value in (0, 1, 5, 12345):
        mine, totals, left = ref_replay(DATE, 4, 2, value)
        code = forged(score=mine, moves=payload_of(value))
        if left:
            with pytest.raises(ShareCodeError, match="more moves"):
                verify(code)
        else:
            assert verify(code).match.totals() == totals


@pytest.mark.parametrize("fields, words", [
    ({"game": "french"}, "claims|more moves"),  # the French daily of that date: not these moves
    ({"game": "skat"}, "does not know"),
    ({"game": "Hungarian"}, "does not know"),
    ({"game": "hungarian-tarokk"}, "does not know"),
    ({"players": 3}, "impossible"),
    ({"players": 6}, "impossible"),
    ({"players": 5}, "claims|more moves"),
    ({"player": "v2"}, "computer player 'v2'"),
    ({"deals": 0}, "impossible"),
    ({"deals": 3}, "claims|more moves"),
    ({"date": "2026-12-02"}, "claims|more moves"),
    ({"date": "2026-02-30"}, "2026-02-30"),
    ({"players": "04"}, "non-standard"),
], ids=lambda v: str(v))
def test_altered_fields_are_refused(fields, words):
    with pytest.raises(ShareCodeError, match=words):
        verify(forged(**fields))


def test_damage_without_a_new_check_and_truncation_are_refused():
    for i in range(len(CODE)):
        damaged = CODE[:i] + ("x" if CODE[i] != "x" else "y") + CODE[i + 1:]
        with pytest.raises(ShareCodeError):
            verify(damaged)
    for n in range(len(CODE)):
        with pytest.raises(ShareCodeError):
            verify(CODE[:n])


# --- what encode refuses ------------------------------------------------------------------------------

def test_encode_refuses_format_1_an_unfinished_match_and_another_dates_or_profiles_match():
    match = verify(CODE).match
    with pytest.raises(ValueError, match="format '1'"):
        encode(match, DATE, format="1")
    assert encode(match, DATE, format="2") == CODE
    with pytest.raises(ValueError, match="not the daily match"):
        encode(match, "2026-12-02")
    with pytest.raises(ValueError, match="only a finished match"):
        encode(daily_match(DATE, 4, 2, game="hungarian"), DATE)
    # The daily's seed and dealer, in the tournament profile: not the daily game.
    other = Match(4, match.seed, 1, first_dealer=3, game="hungarian", profile="tournament")
    game = other.current
    while game.turn is not None:
        game.apply(choose_action(game.view(game.turn), other.current_seed, len(game.history)))
    with pytest.raises(ValueError, match="not the daily match"):
        encode(other, DATE)
