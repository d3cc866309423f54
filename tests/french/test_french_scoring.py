"""Tests of tarot_core.french.scoring against docs/rules/french-tarot.md (FR-4.4, FR-6.4, FR-7).

Expected numbers are written from the rules text, never computed by the code under test.
Card points are passed in half-points (``points2``): 49 points → 98, 40.5 points → 81.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_core.french.contracts import Contract, PoigneeSize, Side
from tarot_core.errors import ScoreInputError, TarotError
from tarot_core.french.scoring import DealScore, format_points2, margin, score_deal, target

A, D = Side.ATTACK, Side.DEFENCE
SIMPLE, DOUBLE, TRIPLE = PoigneeSize.SIMPLE, PoigneeSize.DOUBLE, PoigneeSize.TRIPLE


def seats_total(score: DealScore) -> int:
    """Sum of every seat's score, from the DealScore's own fields."""
    defenders = score.players - (2 if score.partner is not None else 1)
    return score.taker + (score.partner or 0) + defenders * score.per_defender


# --- FR-7.6 worked examples (FFT, 4 players) -----------------------------------------------------

def test_FR_7_6_example_1_garde_poignee_and_petit_by_taker():
    # Garde, poignée of 10 by the taker, Petit au bout by the taker, 49 points with 2 bouts:
    # (25 + 8) × 2 + 20 + 20 = 106 → each defender −106, taker +318.
    sc = score_deal(players=4, contract=Contract.GARDE, points2=98, bouts=2, petit_au_bout=A,
                    poignees=[(A, SIMPLE)])
    assert (sc.made, sc.margin) == (True, 8)
    assert (sc.base, sc.petit_au_bout, sc.poignees, sc.chelem) == (66, 20, 20, 0)
    assert sc.s == 106
    assert sc.per_defender == -106
    assert sc.taker == 318
    assert sc.partner is None


def test_FR_7_6_example_2_garde_sans_petit_au_bout_to_defence():
    # Garde sans made by 4 (45 points with 2 bouts), Petit au bout won by the defence:
    # (25 + 4) × 4 − 40 = 76 → defenders −76, taker +228.
    sc = score_deal(players=4, contract=Contract.GARDE_SANS, points2=90, bouts=2, petit_au_bout=D)
    assert (sc.made, sc.margin) == (True, 4)
    assert (sc.base, sc.petit_au_bout) == (116, -40)
    assert sc.s == 76
    assert sc.per_defender == -76
    assert sc.taker == 228


def test_FR_7_6_example_3_prise_lost_poignee_goes_to_defence():
    # Prise lost by 7 (44 points with 1 bout), taker showed a poignée of 10 and won the Petit au
    # bout: 25 + 7 + 20 − 10 = 42 → defenders +42, taker −126.
    sc = score_deal(players=4, contract=Contract.PRISE, points2=88, bouts=1, petit_au_bout=A,
                    poignees=[(A, SIMPLE)])
    assert (sc.made, sc.margin) == (False, -7)
    assert (sc.base, sc.petit_au_bout, sc.poignees) == (-32, 10, -20)
    assert sc.s == -42
    assert sc.per_defender == 42
    assert sc.taker == -126


def test_FR_7_6_example_4_garde_made_defender_showed_poignee():
    # Garde made by 11 (52 points with 2 bouts), a defender showed a poignée:
    # (25 + 11) × 2 + 20 = 92 → taker +276, defenders −92.
    sc = score_deal(players=4, contract=Contract.GARDE, points2=104, bouts=2, poignees=[(D, SIMPLE)])
    assert (sc.made, sc.margin) == (True, 11)
    assert sc.poignees == 20
    assert sc.s == 92
    assert sc.per_defender == -92
    assert sc.taker == 276


def test_FR_7_6_example_5_garde_chelem_announced_and_made():
    # Garde, chelem announced and made, poignée of 10, Petit au bout, the defence kept its Excuse,
    # 87 points with 2 bouts: (25 + 46) × 2 + 20 + 20 + 400 = 582 → defenders −582, taker +1746.
    sc = score_deal(players=4, contract=Contract.GARDE, points2=174, bouts=2, petit_au_bout=A,
                    poignees=[(A, SIMPLE)], chelem_announced=True, chelem_made_by=A)
    assert (sc.made, sc.margin) == (True, 46)
    assert (sc.base, sc.petit_au_bout, sc.poignees, sc.chelem) == (142, 20, 20, 400)
    assert sc.s == 582
    assert sc.per_defender == -582
    assert sc.taker == 1746


# --- FR-7.1 targets, FR-7.2 / FR-7.3 margins and half points ------------------------------------

def test_FR_7_1_targets():
    assert [target(b) for b in range(4)] == [56, 51, 41, 36]


def test_FR_7_3_40_5_with_two_bouts_is_lost_by_1():
    assert margin(81, 2) == -1
    sc = score_deal(players=5, contract=Contract.PRISE, points2=81, bouts=2, partner=True)
    assert sc.made is False
    assert sc.s == -26  # −(25 + 1) × 1


def test_FR_7_3_41_5_with_two_bouts_is_made_by_1():
    assert margin(83, 2) == 1
    sc = score_deal(players=3, contract=Contract.PRISE, points2=83, bouts=2)
    assert sc.made is True
    assert (sc.s, sc.taker, sc.per_defender) == (26, 52, -26)


def test_FR_7_3_36_5_with_three_bouts_is_made_by_1():
    assert margin(73, 3) == 1
    assert score_deal(players=3, contract=Contract.GARDE, points2=73, bouts=3).s == 52  # (25+1)×2


def test_FR_7_3_35_5_with_three_bouts_is_lost_by_1():
    assert margin(71, 3) == -1


def test_FR_7_3_half_points_never_use_bankers_rounding():
    # 42.5 − 41 = 1.5 → 2 ; 43.5 − 41 = 2.5 → 3 (round() would give 2) ; 38.5 → lost by 3.
    assert margin(85, 2) == 2
    assert margin(87, 2) == 3
    assert margin(77, 2) == -3
    assert margin(111, 0) == -1  # 55.5 with no bout: lost by 1
    assert margin(113, 0) == 1   # 56.5 with no bout: made by 1


def test_FR_7_2_juste_fait_is_made_with_margin_0():
    for bouts, pts in ((0, 56), (1, 51), (2, 41), (3, 36)):
        assert margin(2 * pts, bouts) == 0
    sc = score_deal(players=4, contract=Contract.GARDE, points2=82, bouts=2)
    assert (sc.made, sc.margin, sc.s, sc.taker) == (True, 0, 50, 150)  # 25 × 2


def test_FR_7_2_whole_point_margins():
    assert margin(0, 0) == -56
    assert margin(182, 3) == 55
    assert margin(2 * 50, 1) == -1


def test_format_points2():
    assert [format_points2(p) for p in (0, 1, 97, 182, -3)] == ["0", "0.5", "48.5", "91", "-1.5"]


# --- FR-4.4 poignées ---------------------------------------------------------------------------

def test_FR_4_4_poignee_shown_by_attack_goes_to_defence_when_lost():
    sc = score_deal(players=4, contract=Contract.GARDE, points2=80, bouts=2, poignees=[(A, DOUBLE)])
    assert sc.poignees == -30
    assert sc.s == -(25 + 1) * 2 - 30


def test_FR_4_4_poignee_shown_by_defence_goes_to_attack_when_made():
    sc = score_deal(players=4, contract=Contract.PRISE, points2=2 * 60, bouts=1, poignees=[(D, TRIPLE)])
    assert sc.poignees == 40
    assert sc.s == 25 + 9 + 40


def test_FR_4_4_side_that_showed_does_not_matter():
    kw = dict(players=5, contract=Contract.GARDE, points2=100, bouts=2, partner=True)
    by_attack = score_deal(poignees=[(A, SIMPLE)], **kw)
    by_defence = score_deal(poignees=[(D, SIMPLE)], **kw)
    bare = score_deal(poignees=[SIMPLE], **kw)
    assert by_attack == by_defence == bare
    assert bare.poignees == 20


def test_FR_4_4_poignee_never_multiplied_and_several_count():
    sc = score_deal(players=4, contract=Contract.GARDE_CONTRE, points2=2 * 41, bouts=2,
                    poignees=[(A, SIMPLE), (D, DOUBLE), (D, TRIPLE)])
    assert sc.poignees == 20 + 30 + 40
    assert sc.s == 25 * 6 + 90


def test_FR_4_4_poignee_values():
    for size, bonus in ((SIMPLE, 20), (DOUBLE, 30), (TRIPLE, 40)):
        assert score_deal(players=3, contract=Contract.PRISE, points2=82, bouts=2,
                          poignees=(size,)).poignees == bonus


# --- FR-6.4 Petit au bout ----------------------------------------------------------------------

@pytest.mark.parametrize("contract, mult", [(Contract.PRISE, 1), (Contract.GARDE, 2),
                                            (Contract.GARDE_SANS, 4), (Contract.GARDE_CONTRE, 6)])
def test_FR_6_4_petit_au_bout_is_multiplied(contract, mult):
    to_attack = score_deal(players=4, contract=contract, points2=100, bouts=2, petit_au_bout=A)
    to_defence = score_deal(players=4, contract=contract, points2=100, bouts=2, petit_au_bout=D)
    assert to_attack.petit_au_bout == 10 * mult
    assert to_defence.petit_au_bout == -10 * mult


def test_FR_6_4_petit_au_bout_counts_whether_or_not_the_contract_is_made():
    lost = score_deal(players=4, contract=Contract.GARDE_CONTRE, points2=2 * 40, bouts=1, petit_au_bout=A)
    assert lost.made is False
    assert lost.petit_au_bout == 60
    assert lost.s == -(25 + 11) * 6 + 60
    made = score_deal(players=4, contract=Contract.PRISE, points2=2 * 60, bouts=1, petit_au_bout=D)
    assert made.made is True
    assert made.s == 25 + 9 - 10


def test_FR_6_4_no_petit_au_bout_is_zero():
    assert score_deal(players=4, contract=Contract.GARDE, points2=100, bouts=2).petit_au_bout == 0


# --- FR-7.4 chelem -----------------------------------------------------------------------------

def _chelem(announced, made_by, points2=182, bouts=3):
    return score_deal(players=4, contract=Contract.PRISE, points2=points2, bouts=bouts,
                      chelem_announced=announced, chelem_made_by=made_by)


def test_FR_7_4_chelem_announced_and_made_plus_400():
    sc = _chelem(True, A)
    assert sc.chelem == 400
    assert sc.s == 25 + 55 + 400


def test_FR_7_4_chelem_made_unannounced_plus_200():
    assert _chelem(False, A).chelem == 200


def test_FR_7_4_chelem_announced_and_missed_minus_200():
    sc = _chelem(True, None, points2=2 * 80, bouts=3)
    assert sc.made is True
    assert sc.chelem == -200
    assert sc.s == 25 + 44 - 200


def test_FR_7_4_chelem_by_defence_minus_200():
    sc = _chelem(False, D, points2=0, bouts=0)
    assert sc.chelem == -200
    assert sc.s == -(25 + 56) - 200
    assert sc.per_defender == 25 + 56 + 200


def test_FR_7_4_chelem_announced_and_made_by_defence_both_penalties_choice():
    # Choice (documented in score_deal): the missed announcement and the defence's chelem both count.
    assert _chelem(True, D, points2=0, bouts=0).chelem == -400


def test_FR_7_4_chelem_not_multiplied():
    sc = score_deal(players=4, contract=Contract.GARDE_CONTRE, points2=182, bouts=3,
                    chelem_announced=True, chelem_made_by=A)
    assert sc.chelem == 400
    assert sc.s == (25 + 55) * 6 + 400


def test_FR_7_4_no_chelem_is_zero():
    assert _chelem(False, None, points2=100, bouts=2).chelem == 0


# --- FR-7.5 settlement -------------------------------------------------------------------------

def test_FR_7_5_three_players_taker_2s():
    sc = score_deal(players=3, contract=Contract.GARDE, points2=100, bouts=2)  # s = (25+9)×2 = 68
    assert (sc.s, sc.taker, sc.per_defender, sc.partner) == (68, 136, -68, None)
    assert sc.per_seat(1) == [-68, 136, -68]


def test_FR_7_5_four_players_taker_3s():
    sc = score_deal(players=4, contract=Contract.PRISE, points2=2 * 40, bouts=1)  # s = −(25+11)
    assert (sc.s, sc.taker, sc.per_defender, sc.partner) == (-36, -108, 36, None)
    assert sc.per_seat(3) == [36, 36, 36, -108]


def test_FR_7_5_five_players_with_partner_taker_2s_partner_s():
    sc = score_deal(players=5, contract=Contract.GARDE, points2=100, bouts=2, partner=True)  # s = 68
    assert (sc.taker, sc.partner, sc.per_defender) == (136, 68, -68)
    assert sc.per_seat(0, 3) == [136, -68, -68, 68, -68]


def test_FR_7_5_five_players_alone_taker_4s():
    sc = score_deal(players=5, contract=Contract.GARDE, points2=100, bouts=2, partner=False)
    assert (sc.taker, sc.partner, sc.per_defender) == (272, None, -68)
    assert sc.per_seat(2) == [-68, -68, 272, -68, -68]
    assert sc.per_seat(2, 2) == [-68, -68, 272, -68, -68]  # partner seat == taker seat: alone


def test_FR_7_5_per_seat_must_agree_with_how_the_deal_was_scored():
    with_partner = score_deal(players=5, contract=Contract.PRISE, points2=100, bouts=2, partner=True)
    alone = score_deal(players=5, contract=Contract.PRISE, points2=100, bouts=2)
    with pytest.raises(ScoreInputError) as e:
        with_partner.per_seat(0)
    assert e.value.key == "partner_seat"
    with pytest.raises(ScoreInputError):
        alone.per_seat(0, 1)
    with pytest.raises(ScoreInputError) as e:
        alone.per_seat(5)
    assert e.value.key == "taker_seat"
    with pytest.raises(ScoreInputError) as e:
        alone.per_seat(0, None, 4)
    assert e.value.key == "players"
    assert alone.per_seat(0, None, 5)[0] == alone.taker


def test_to_json_dict_keys():
    sc = score_deal(players=5, contract=Contract.PRISE, points2=100, bouts=2, partner=True)
    assert sc.to_json_dict() == {"made": True, "margin": 9, "per_defender": -34, "taker": 68, "partner": 34}


@given(
    players=st.sampled_from([3, 4, 5]),
    contract=st.sampled_from(list(Contract)),
    points2=st.integers(0, 182),
    bouts=st.integers(0, 3),
    petit=st.sampled_from([None, A, D]),
    poignees=st.lists(st.tuples(st.sampled_from([A, D]), st.sampled_from(list(PoigneeSize))), max_size=3),
    announced=st.booleans(),
    made_by=st.sampled_from([None, A, D]),
    partner=st.booleans(),
    data=st.data(),
)
def test_FR_7_5_every_deal_sums_to_zero(players, contract, points2, bouts, petit, poignees, announced,
                                        made_by, partner, data):
    partner = partner and players == 5
    sc = score_deal(players=players, contract=contract, points2=points2, bouts=bouts, petit_au_bout=petit,
                    poignees=poignees, chelem_announced=announced, chelem_made_by=made_by, partner=partner)
    assert seats_total(sc) == 0
    assert sc.s == sc.base + sc.petit_au_bout + sc.poignees + sc.chelem
    assert sc.per_defender == -sc.s
    assert sc.made == (sc.margin >= 0) == (points2 >= 2 * target(bouts))
    assert abs(sc.base) == (25 + abs(sc.margin)) * contract.multiplier
    taker_seat = data.draw(st.integers(0, players - 1))
    if partner:
        partner_seat = data.draw(st.integers(0, players - 1).filter(lambda p: p != taker_seat))
    else:
        partner_seat = None
    seats = sc.per_seat(taker_seat, partner_seat)
    assert len(seats) == players
    assert sum(seats) == 0
    assert seats[taker_seat] == sc.taker


@given(points2=st.integers(0, 182), bouts=st.integers(0, 3))
def test_FR_7_3_margin_rounds_half_towards_the_winner(points2, bouts):
    m = margin(points2, bouts)
    diff2 = points2 - 2 * target(bouts)
    assert (m >= 0) == (diff2 >= 0)
    # |m| is |diff| rounded up: 2|m| is |diff2| or |diff2| + 1.
    assert 2 * abs(m) - abs(diff2) in (0, 1)


# --- bad arguments -----------------------------------------------------------------------------

GOOD = dict(players=4, contract=Contract.GARDE, points2=100, bouts=2)


@pytest.mark.parametrize("key, changes", [
    ("players", {"players": 2}),
    ("players", {"players": 6}),
    ("players", {"players": True}),
    ("players", {"players": "4"}),
    ("contract", {"contract": "grade"}),
    ("contract", {"contract": 2}),
    ("points2", {"points2": -1}),
    ("points2", {"points2": 183}),
    ("points2", {"points2": 98.0}),
    ("points2", {"points2": True}),
    ("bouts", {"bouts": -1}),
    ("bouts", {"bouts": 4}),
    ("bouts", {"bouts": False}),
    ("petit_au_bout", {"petit_au_bout": "attack"}),
    ("chelem_made_by", {"chelem_made_by": "defence"}),
    ("chelem_announced", {"chelem_announced": 1}),
    ("partner", {"partner": True}),
    ("partner", {"players": 3, "partner": True}),
    ("partner", {"players": 5, "partner": "yes"}),
    ("poignees", {"poignees": "simple"}),
    ("poignees", {"poignees": [("attack", SIMPLE)]}),
    ("poignees", {"poignees": [SIMPLE] * 5}),
])
def test_bad_arguments_raise_score_input_error(key, changes):
    with pytest.raises(ScoreInputError) as e:
        score_deal(**{**GOOD, **changes})
    assert e.value.key == key
    assert isinstance(e.value, TarotError) and isinstance(e.value, ValueError)


def test_contract_name_is_accepted():
    assert score_deal(**{**GOOD, "contract": "garde"}) == score_deal(**GOOD)


@pytest.mark.parametrize("call, key", [
    (lambda: target(4), "bouts"),
    (lambda: target(True), "bouts"),
    (lambda: margin(183, 2), "points2"),
    (lambda: margin(-1, 2), "points2"),
    (lambda: margin(81.0, 2), "points2"),
    (lambda: margin(81, 5), "bouts"),
])
def test_bad_arguments_to_target_and_margin(call, key):
    with pytest.raises(ScoreInputError) as e:
        call()
    assert e.value.key == key


def test_deal_score_is_frozen():
    sc = score_deal(**GOOD)
    with pytest.raises(AttributeError):
        sc.s = 0  # type: ignore[misc]


def test_the_engine_starts_without_decimal_or_datetime() -> None:
    """The modules the page imports at start-up leave ``decimal`` (needed only for JSON score
    input) and ``datetime`` (daily streaks) unimported, for bench/load.py's start-up budget;
    scoring JSON still takes Decimals."""
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, tarot_core.saves, tarot_core.ai, tarot_core.match, tarot_core.records; "
            "print(sorted({'decimal', 'datetime'} & set(sys.modules)))")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=root)
    assert out.stdout.strip() == "[]"
    from decimal import Decimal

    from tarot_core.french.scoring import score_from_json
    data = {"players": 3, "contract": "garde", "points": Decimal("45.5"), "bouts": 2}  # halves: 3 or 5 (FR-7.3)
    assert score_from_json(data) == score_from_json({**data, "points": 45.5})
    with pytest.raises(ScoreInputError, match="multiple of 0.5"):
        score_from_json({**data, "points": Decimal("45.25")})
