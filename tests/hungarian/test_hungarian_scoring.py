"""Hungarian Tarokk scoring (HU-8, with the HU-6 bonuses): the 48 cells of the HU-8.2 table, the
HU-8.5 worked examples, settlement (HU-8.3), the multiplier (HU-8.4), the tournament profile
(HU-10) and bad input. Every expected figure is copied from ``hungarian-tarokk.md``."""

from __future__ import annotations

import itertools

import pytest

from tarot_core.errors import ScoreInputError
from tarot_core.hungarian.scoring import (Announcement, Bid, PagatUltimo, Side, TarokkCount,
                                          score_deal, score_from_json)

D, O = Side.DECLARER, Side.OPPONENTS

# HU-8.2's columns, each as (the declarer's side's card points, its tricks).
COLUMNS = {"no trick": (3, 0), "<= 23": (20, 2), "24-47": (40, 4), "48-70": (60, 6), ">= 71": (80, 8),
           "all tricks": (94, 9)}
# HU-8.2's rows: what was announced, and the table's row in multiples of g.
ROWS = {
    "nothing": ((), (-3, -2, -1, +1, +2, +3)),
    "double game": ((Announcement("double_game", D),), (-7, -6, -5, -4, +4, +7)),
    "volat": ((Announcement("volat", D),), (-9, -8, -7, -6, -6, +6)),
    "double + volat": ((Announcement("double_game", D), Announcement("volat", D)), (-13, -12, -11, -10, -2, +10)),
    "kontra on the game": ((Announcement("game", D, 1),), (-5, -4, -2, +2, +4, +5)),
    "kontra on the game; opponents announced double": (
        (Announcement("game", D, 1), Announcement("double_game", O)), (-9, -6, +2, +6, +8, +9)),
    "double; kontra on the double": ((Announcement("double_game", D, 1),), (-11, -10, -9, -8, +8, +11)),
    "double; kontra on the double and on the game": (
        (Announcement("double_game", D, 1), Announcement("game", D, 1)), (-13, -12, -10, -6, +10, +13)),
}
CELLS = [(row, column, i) for row in ROWS for i, column in enumerate(COLUMNS)]


@pytest.mark.parametrize("row,column,i", CELLS, ids=[f"{r} | {c}" for r, c, _ in CELLS])
@pytest.mark.parametrize("bid", [Bid.THREE, Bid.TWO, Bid.SOLO], ids=lambda b: b.value)
def test_hu_8_2_table_cell(row, column, i, bid):
    """HU-8.2: each of the 48 cells, at g = 1, 2 and 4: each declarer-side player's score in
    two against two is the cell times g, the opponents' its opposite."""
    announced, cells = ROWS[row]
    points, tricks = COLUMNS[column]
    score = score_deal(bid=bid, alone=False, points=points, tricks=tricks, announced=announced)
    expected = cells[i] * bid.game_value
    assert (score.declarer, score.partner, score.opponents) == (expected, expected, (-expected, -expected))


def test_hu_8_2_the_table_holds_at_every_point_and_trick_count_of_a_column():
    """The columns are ranges: the cells do not depend on where in its range a deal falls."""
    ranges = {"no trick": [(p, 0) for p in range(0, 24)],
              "<= 23": [(p, t) for p in range(0, 24) for t in range(1, 9)],
              "24-47": [(p, t) for p in range(24, 48) for t in range(1, 9)],
              "48-70": [(p, t) for p in range(48, 71) for t in range(1, 9)],
              ">= 71": [(p, t) for p in range(71, 95) for t in range(1, 9)],
              "all tricks": [(p, 9) for p in range(71, 95)]}
    for row, (announced, cells) in ROWS.items():
        for i, column in enumerate(COLUMNS):
            for points, tricks in ranges[column]:
                score = score_deal(bid=Bid.THREE, alone=False, points=points, tricks=tricks, announced=announced)
                assert score.declarer == cells[i], (row, column, points, tricks)


def test_hu_8_5_example_1_failed_trull_and_the_opponents_silent_trull():
    score = score_deal(bid=Bid.THREE, alone=False, points=55, tricks=5, announced=[Announcement("trull", D)],
                       trull=O)
    assert (score.declarer, score.partner, score.opponents) == (-2, -2, (2, 2))


def test_hu_8_5_example_2_alone_bid_two_opponents_silent_four_kings():
    score = score_deal(bid=Bid.TWO, alone=True, points=60, tricks=6, four_kings=O)
    assert (score.declarer, score.partner, score.opponents) == (3, None, (-1, -1, -1))


def test_hu_8_5_example_3_game_won_silent_ultimo_failed():
    score = score_deal(bid=Bid.THREE, alone=False, points=55, tricks=6, pagat_ultimo=PagatUltimo(D, False))
    assert (score.declarer, score.partner, score.opponents) == (-4, -4, (4, 4))


def test_hu_8_5_example_4_bid_two_double_game_announced_kontrad_made():
    score = score_deal(bid=Bid.TWO, alone=False, points=75, tricks=7,
                       announced=[Announcement("double_game", D, 1)])
    assert (score.declarer, score.partner, score.opponents) == (16, 16, (-16, -16))


def test_hu_8_5_example_5_silent_volat_cancels_silent_four_kings():
    score = score_deal(bid=Bid.THREE, alone=False, points=94, tricks=9, four_kings=D)
    assert (score.declarer, score.partner, score.opponents) == (3, 3, (-3, -3))


def test_hu_8_5_example_6_eight_tarokks_ultimo_xxi_catch_and_trull():
    score = score_deal(bid=Bid.TWO, alone=False, points=70, tricks=8,
                       announced=[Announcement("pagat_ultimo", D)], pagat_ultimo=PagatUltimo(D, True),
                       xxi_catch=D, trull=D, tarokks=[TarokkCount("declarer", 8)])
    assert (score.declarer, score.partner, score.opponents) == (37, 33, (-35, -35))
    assert {(i.bonus, i.side, i.value) for i in score.items} == {
        ("game", D, 2), ("pagat_ultimo", D, 10), ("xxi_catch", D, 21), ("trull", D, 1), ("eight_tarokks", D, 1)}


def test_hu_6_1_announced_trull_still_scores_with_a_volat_and_a_failed_volat_cancels_nothing():
    made = score_deal(bid=Bid.THREE, alone=False, points=94, tricks=9, announced=[Announcement("trull", D)],
                      trull=D, four_kings=D)
    assert made.declarer == 3 + 2  # silent volát 3, announced trull 2; silent four kings lost
    failed = score_deal(bid=Bid.THREE, alone=False, points=90, tricks=8, announced=[Announcement("volat", D)],
                        trull=D, four_kings=D)
    assert failed.declarer == -6 + 1 + 1  # volát fails; the silent trull and four kings score


def test_hu_6_2_ultimo_announced_by_the_side_without_the_pagat():
    """The announcement fails (10 to the other side) however play goes; the holder's silent
    ultimó scores beside it: +5 won, -5 lost."""
    won = score_deal(bid=Bid.THREE, alone=False, points=60, tricks=6,
                     announced=[Announcement("pagat_ultimo", O)], pagat_ultimo=PagatUltimo(D, True))
    assert won.declarer == 1 + 10 + 5
    lost = score_deal(bid=Bid.THREE, alone=False, points=60, tricks=6,
                      announced=[Announcement("pagat_ultimo", O)], pagat_ultimo=PagatUltimo(D, False))
    assert lost.declarer == 1 + 10 - 5


def test_hu_6_announced_bonuses_pay_double_and_fail_to_the_other_side_with_their_kontras():
    for bonus, value in (("trull", 2), ("four_kings", 2), ("xxi_catch", 42), ("pagat_ultimo", 10)):
        for kontra in range(6):
            made = {"pagat_ultimo": PagatUltimo(O, True)} if bonus == "pagat_ultimo" else {bonus: O}
            ok = score_deal(bid=Bid.THREE, alone=False, points=30, tricks=3,
                            announced=[Announcement(bonus, O, kontra)], **made)
            assert ok.declarer == -1 - value * 2 ** kontra, (bonus, kontra)
            failed = score_deal(bid=Bid.THREE, alone=False, points=30, tricks=3,
                                announced=[Announcement(bonus, O, kontra)])
            assert failed.declarer == -1 + value * 2 ** kontra, (bonus, kontra)


def test_hu_6_silent_bonuses():
    assert score_deal(bid=Bid.ONE, alone=False, points=50, tricks=5, xxi_catch=O).declarer == 3 - 21
    assert score_deal(bid=Bid.ONE, alone=False, points=50, tricks=5, trull=D, four_kings=D).declarer == 3 + 2
    assert score_deal(bid=Bid.ONE, alone=False, points=50, tricks=5,
                      pagat_ultimo=PagatUltimo(O, True)).declarer == 3 - 5


def test_hu_6_3_tarokk_counts_are_paid_by_every_other_player_the_partner_included():
    score = score_deal(bid=Bid.THREE, alone=False, points=50, tricks=5,
                       tarokks=[TarokkCount("partner", 9), TarokkCount("opponent2", 8)])
    # game +1 for the declarer's side; the partner gets 2 from each of three; opponent2 1 from each
    assert score.by_role() == {"declarer": 1 - 2 - 1, "partner": 1 + 6 - 1, "opponent1": -1 - 2 - 1,
                               "opponent2": -1 - 2 + 3}


def test_hu_10_tournament_tarokk_counts_are_a_side_bonus():
    score = score_deal(bid=Bid.THREE, alone=False, points=50, tricks=5, tarokks=[TarokkCount("partner", 9)],
                       profile="tournament")
    assert score.by_role() == {"declarer": 3, "partner": 3, "opponent1": -3, "opponent2": -3}


def test_hu_8_3_alone_the_declarer_wins_or_loses_three_times_each_opponent():
    score = score_deal(bid=Bid.SOLO, alone=True, points=30, tricks=3)
    assert (score.declarer, score.partner, score.opponents) == (-12, None, (4, 4, 4))
    counts = score_deal(bid=Bid.SOLO, alone=True, points=60, tricks=6, tarokks=[TarokkCount("opponent3", 8)])
    assert (counts.declarer, counts.opponents) == (12 - 1, (-4 - 1, -4 - 1, -4 + 3))


def test_hu_8_4_the_multiplier_multiplies_every_payment():
    args = dict(bid=Bid.TWO, alone=False, points=75, tricks=7, announced=[Announcement("trull", D, 2)],
                trull=D, xxi_catch=O, tarokks=[TarokkCount("opponent1", 8)])
    once = score_deal(**args)
    for m in (2, 4, 8):
        assert score_deal(**args, multiplier=m).by_role() == {k: v * m for k, v in once.by_role().items()}


def test_every_deal_sums_to_zero():
    bonuses = ["double_game", "volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch"]
    for points, tricks, alone, side in itertools.product((0, 23, 24, 47, 48, 70, 71, 94), (0, 4, 9),
                                                          (False, True), (D, O)):
        announced = [Announcement(b, side, (points + len(b)) % 6) for b in bonuses[: 1 + points % 6]]
        score = score_deal(bid=Bid.ONE, alone=alone, points=points, tricks=tricks, announced=announced,
                           trull=side.other, four_kings=side, xxi_catch=side, pagat_ultimo=PagatUltimo(side, tricks == 9),
                           tarokks=[TarokkCount("opponent1", 9), TarokkCount("declarer", 8)], multiplier=2)
        assert score.declarer + (score.partner or 0) + sum(score.opponents) == 0


@pytest.mark.parametrize("kwargs,key", [
    (dict(points=95), "points"), (dict(points=-1), "points"), (dict(points=True), "points"),
    (dict(tricks=10), "tricks"), (dict(announced=[Announcement("trull", D), Announcement("trull", O)]), "announced"),
    (dict(announced=[Announcement("game", O, 1)]), "announced"),
    (dict(announced=[Announcement("trull", D, 6)]), "announced"),
    (dict(tarokks=[TarokkCount("opponent3", 8)]), "tarokks"),
    (dict(alone=True, tarokks=[TarokkCount("partner", 8)]), "tarokks"),
    (dict(tarokks=[TarokkCount("declarer", 10)]), "tarokks"),
    (dict(multiplier=3), "multiplier"), (dict(multiplier=0), "multiplier"), (dict(profile="club"), "profile"),
])
def test_bad_arguments_name_the_argument(kwargs, key):
    args = dict(bid=Bid.THREE, alone=False, points=50, tricks=5) | kwargs
    with pytest.raises(ScoreInputError) as info:
        score_deal(**args)
    assert info.value.key == key


def test_json_input_gives_the_documented_output():
    data = {"game": "hungarian", "bid": "two", "points": 70, "tricks": 8,
            "announced": [{"bonus": "pagat_ultimo", "side": "declarer"}],
            "made": {"pagat_ultimo": {"side": "declarer", "won": True}, "xxi_catch": "declarer",
                     "trull": "declarer", "four_kings": None},
            "tarokks": [{"seat": "declarer", "count": 8}]}
    out = score_from_json(data).to_json_dict()
    assert (out["winner"], out["declarer"], out["partner"], out["opponents"]) == ("declarer", 37, 33, [-35, -35])
    assert {(i["bonus"], i["side"], i["value"]) for i in out["items"]} == {
        ("game", "declarer", 2), ("pagat_ultimo", "declarer", 10), ("xxi_catch", "declarer", 21),
        ("trull", "declarer", 1), ("eight_tarokks", "declarer", 1)}


def test_json_five_players_and_alone():
    out = score_from_json({"game": "hungarian", "players": 5, "bid": "solo", "alone": True, "points": 30,
                           "tricks": 3}).to_json_dict()
    assert (out["winner"], out["declarer"], out["partner"], out["opponents"]) == ("opponents", -12, None, [4, 4, 4])


@pytest.mark.parametrize("data,key", [
    ({"bid": "two", "points": 50}, "tricks"),
    ({"bid": "four", "points": 50, "tricks": 5}, "bid"),
    ({"bid": "two", "points": 95, "tricks": 5}, "points"),
    ({"bid": "two", "points": 50.5, "tricks": 5}, "points"),
    ({"bid": "two", "points": 50, "tricks": 5, "players": 3}, "players"),
    ({"bid": "two", "points": 50, "tricks": 5, "alone": "yes"}, "alone"),
    ({"bid": "two", "points": 50, "tricks": 5, "extra": 1}, "extra"),
    ({"bid": "two", "points": 50, "tricks": 5, "announced": [{"bonus": "slam", "side": "declarer"}]},
     "announced[0].bonus"),
    ({"bid": "two", "points": 50, "tricks": 5, "announced": [{"bonus": "trull"}]}, "announced[0].side"),
    ({"bid": "two", "points": 50, "tricks": 5, "announced": [{"bonus": "trull", "side": "declarer", "kontra": 6}]},
     "announced[0].kontra"),
    ({"bid": "two", "points": 50, "tricks": 5, "announced": [{"bonus": "game", "side": "opponents"}]},
     "announced[0].side"),
    ({"bid": "two", "points": 50, "tricks": 5, "made": {"trull": "both"}}, "made.trull"),
    ({"bid": "two", "points": 50, "tricks": 5, "made": {"pagat_ultimo": {"side": "declarer"}}},
     "made.pagat_ultimo.won"),
    ({"bid": "two", "points": 50, "tricks": 5, "alone": True, "tarokks": [{"seat": "partner", "count": 8}]},
     "tarokks[0].seat"),
    ({"bid": "two", "points": 50, "tricks": 5, "tarokks": [{"seat": "declarer", "count": 7}]}, "tarokks[0].count"),
    ({"bid": "two", "points": 50, "tricks": 5, "multiplier": 3}, "multiplier"),
    ({"game": "skat", "bid": "two", "points": 50, "tricks": 5}, "game"),
])
def test_json_bad_input_names_the_key(data, key):
    with pytest.raises(ScoreInputError) as info:
        score_from_json({"game": "hungarian"} | data)
    assert info.value.key == key
