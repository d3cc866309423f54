"""Golden playthroughs and pinned share codes: what the engine and computer player v1 did when
issue 14 began, which every later engine must reproduce exactly.

``tests/golden/french-<players>.json`` were written once by ``tools/make_golden.py`` with the
engine of commit 1f79a4e (before the engine's rewrite) and are never regenerated: each case is a
seeded deal played by a documented policy, with every action and the deal record (result,
breakdown and scores). The share codes below were made by that same build; a share code must
verify forever (computer player v1 never changes its choices), so they are literals here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from golden_data import PINNED_CODES, PINNED_CODES_2, replay_policy
from tarot_core.records import deal_record, replay_deal
from tarot_core.share import encode, verify

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _cases():
    for players in (3, 4, 5):
        for k, case in enumerate(json.loads((GOLDEN / f"french-{players}.json").read_text("utf-8"))):
            yield pytest.param(case, id=f"{players}p-{case['policy']}-{k}")


@pytest.mark.parametrize("case", _cases())
def test_golden_playthrough_is_reproduced(case):
    game = replay_policy(case)
    assert [str(a) for a in game.history] == case["actions"]
    assert deal_record(game, seed=case["seed"]) == case["record"]


@pytest.mark.parametrize("case", _cases())
def test_golden_record_replays_to_its_result(case):
    game = replay_deal(case["record"])  # checks the stated result against the replay
    assert [str(a) for a in game.history] == case["actions"]


def test_golden_files_cover_every_phase():
    """The golden set exercises écarts, poignées, chelems, calls and thrown-in deals."""
    cases = [c for p in (3, 4, 5) for c in json.loads((GOLDEN / f"french-{p}.json").read_text("utf-8"))]
    actions = [a for c in cases for a in c["actions"]]
    assert any("discard" in a for a in actions)
    assert any("poignee" in a for a in actions)
    assert any(a.endswith(":chelem") for a in actions)
    assert any("call" in a for a in actions)
    assert any(c["record"]["result"]["thrown_in"] == "all_pass" for c in cases)
    contracts = {c["record"]["result"]["breakdown"]["contract"] for c in cases
                 if c["record"]["result"]["thrown_in"] is None}
    assert contracts == {"prise", "garde", "garde_sans", "garde_contre"}


@pytest.mark.parametrize("code,totals", PINNED_CODES, ids=lambda v: v[:22] if isinstance(v, str) else "")
def test_pinned_share_code_verifies(code, totals):
    result = verify(code)
    assert result.score == totals[0]
    assert result.match.totals() == totals
    assert encode(result.match, result.date) == code


@pytest.mark.parametrize("code,pinned", PINNED_CODES_2, ids=["3p", "5p"])
def test_pinned_format_2_codes_verify_like_their_format_1_twins(code, pinned):
    old, totals = pinned
    result = verify(code)
    assert result.match.totals() == totals
    assert encode(result.match, result.date, format="2") == code
    assert encode(result.match, result.date) == old  # v1 keeps writing the codes it always wrote


def test_a_code_against_another_player_than_the_date_s_is_refused():
    from tarot_core.share import ShareCodeError, _check
    body = "2.french.v2.2026-12-01.5.3.-912.iBtpf392WHu5WN4"
    with pytest.raises(ShareCodeError, match="computer player 'v2'.*'v1'"):
        verify(f"{body}.{_check(body)}")
    body = "2.skat.v1.2026-12-01.5.3.-912.iBtpf392WHu5WN4"
    with pytest.raises(ShareCodeError, match="game this program does not know"):
        verify(f"{body}.{_check(body)}")
    # Hungarian Tarokk has a daily game now: these French moves are replayed on it, and refused.
    body = "2.hungarian.v1.2026-12-01.5.3.-912.iBtpf392WHu5WN4"
    with pytest.raises(ShareCodeError, match="more moves"):
        verify(f"{body}.{_check(body)}")
