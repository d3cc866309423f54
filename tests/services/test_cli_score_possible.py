"""Deals no play of the cards can give are refused by the ``score`` command (issue 31, part 6),
and every deal the engines play is accepted.

Bounds written from the rules (docs/rules/french-tarot.md FR-1, FR-4.1, FR-6.3, FR-7.3;
docs/rules/hungarian-tarokk.md HU-1, HU-4, HU-6): worked out by hand in each case's comment.
"""

from __future__ import annotations

import random

import pytest

from tarot_core.errors import ScoreInputError
from tarot_core.french import FrenchDeal
from tarot_core.french import Phase as FPhase
from tarot_core.french.dealing import deal as french_deal
from tarot_core.french.scoring import check_possible as french_possible
from tarot_core.hungarian import scoring as hu
from tarot_core.hungarian.actions import Phase as HPhase
from tarot_core.hungarian.cards import HONOURS, KINGS, PAGAT, SKIZ, XXI
from tarot_core.hungarian.dealing import deal as hungarian_deal
from tarot_core.hungarian.state import HungarianDeal
from tarot_core.scoresheet import Sheet, score_json


def refused(data: dict) -> ScoreInputError:
    with pytest.raises(ScoreInputError) as info:
        score_json(data)
    assert info.value.args[0].template  # a Message: a page can translate it
    return info.value


@pytest.mark.parametrize("data, key", [
    # The deal: the three bouts alone are 13.5 points, with a 6-card écart at least 16.
    ({"players": 4, "contract": "prise", "points": 5, "bouts": 3}, "points"),
    ({"players": 4, "contract": "prise", "points": 15.5, "bouts": 3}, "points"),  # halves at four (FR-7.3)
    ({"players": 3, "contract": "prise", "points": 15.5, "bouts": 3}, "points"),  # 13 + 3 = 16 at least
    ({"players": 4, "contract": "garde", "points": 80, "bouts": 0}, "points"),    # the defence's 3 bouts: 13
    ({"players": 4, "contract": "garde", "points": 88, "bouts": 2}, "points"),    # 91 - 4 (an Excuse kept)
    ({"players": 4, "contract": "prise", "points": 0, "bouts": 0}, "points"),     # the écart: 6 × 0.5 at least
    # A chelem by the taker's side outside a garde contre: 91 with 3 bouts, or 87 with 2 (FR-6.3).
    ({"players": 4, "contract": "garde", "points": 80, "bouts": 2, "chelem": {"made_by": "attack"}},
     "chelem.made_by"),
    ({"players": 4, "contract": "garde", "points": 60, "bouts": 1, "chelem": {"made_by": "attack"}},
     "chelem.made_by"),
    # The defence won every trick: in a prise the taker's side has its écart (no bout) and perhaps its Excuse.
    ({"players": 4, "contract": "prise", "points": 30, "bouts": 2, "chelem": {"made_by": "defence"}},
     "chelem.made_by"),
    ({"players": 4, "contract": "garde_contre", "points": 10, "bouts": 1, "chelem": {"made_by": "defence"}},
     "chelem.made_by"),
    # Hungarian: a solo discards nothing, so no trick means no point (HU-4).
    ({"game": "hungarian", "bid": "solo", "points": 3, "tricks": 0}, "points"),
    # A three: three discarded cards, no honour or King, 1 to 4 points each: 3..12 without a trick.
    ({"game": "hungarian", "bid": "three", "points": 13, "tricks": 0}, "points"),
    ({"game": "hungarian", "bid": "three", "points": 2, "tricks": 0}, "points"),
    # All nine tricks: every honour and King (35) and at least one point a card: 35 + 29 + 3 = 67 … the
    # opponents keep three discarded cards, at most 12: 82 at least.
    ({"game": "hungarian", "bid": "three", "points": 81, "tricks": 9}, "points"),
    ({"game": "hungarian", "bid": "three", "points": 92, "tricks": 9}, "points"),
    # Bonuses in the tricks of a side that won none (HU-6).
    ({"game": "hungarian", "bid": "three", "points": 5, "tricks": 0, "made": {"trull": "declarer"}}, "made.trull"),
    ({"game": "hungarian", "bid": "three", "points": 90, "tricks": 9, "made": {"four_kings": "opponents"}},
     "made.four_kings"),
    ({"game": "hungarian", "bid": "three", "points": 50, "tricks": 5,
      "made": {"trull": "declarer", "xxi_catch": "opponents"}}, "made.xxi_catch"),
])
def test_impossible_deals_are_refused_naming_the_key(data, key):
    assert refused(data).key == key


@pytest.mark.parametrize("data", [
    {"players": 4, "contract": "prise", "points": 16, "bouts": 3},
    {"players": 4, "contract": "garde", "points": 87, "bouts": 2, "chelem": {"made_by": "attack"}},  # FR-7.6 ex. 5
    {"players": 4, "contract": "garde", "points": 91, "bouts": 3, "chelem": {"made_by": "attack"}},
    {"players": 4, "contract": "garde_contre", "points": 0, "bouts": 0, "chelem": {"made_by": "defence"}},
    {"players": 4, "contract": "garde_contre", "points": 4, "bouts": 1, "chelem": {"made_by": "defence"}},
    {"players": 4, "contract": "prise", "points": 3, "bouts": 0, "chelem": {"made_by": "defence"}},
    {"players": 5, "contract": "garde_sans", "points": 40.5, "bouts": 2},
    {"game": "hungarian", "bid": "solo", "points": 0, "tricks": 0},
    {"game": "hungarian", "bid": "three", "points": 3, "tricks": 0},
    {"game": "hungarian", "bid": "three", "points": 12, "tricks": 0},
    {"game": "hungarian", "bid": "three", "points": 82, "tricks": 9},
    {"game": "hungarian", "bid": "three", "points": 91, "tricks": 9},
])
def test_possible_extremes_are_scored(data):
    score_json(data)


def test_a_stored_sheet_with_a_deal_refused_today_still_opens():
    """A sheet stored before the check keeps opening (its deals are not checked again); a new
    impossible deal is refused."""
    stored = {"kind": "tarot-scoresheet", "version": 1, "game": "french", "names": ["A", "B", "C", "D"],
              "profile": "pagat", "deals": [{"taker": 0, "contract": "prise", "points": 5, "bouts": 3}]}
    sheet = Sheet.from_json(stored)
    assert len(sheet.deals) == 1
    assert len(sheet.undo().deals) == 0
    with pytest.raises(ScoreInputError) as info:
        sheet.add({"taker": 1, "contract": "prise", "points": 5, "bouts": 3})
    assert info.value.key == "points"


def test_every_deal_the_french_engine_plays_is_possible():
    for k in range(300):
        players = 3 + k % 3
        game = FrenchDeal(french_deal(f"possible/{k}", players, k % players))
        rng = random.Random(k)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is FPhase.DONE:
            r = game.result
            french_possible(players, game.contract, r.points2, r.bouts, r.chelem_made_by)


def test_every_deal_the_hungarian_engine_plays_is_possible():
    for k in range(300):
        players, profile = 4 + k % 2, ("pagat", "tournament")[k // 2 % 2]
        game = HungarianDeal(hungarian_deal(f"possible/{k}", players, k % players), profile=profile)
        rng = random.Random(k)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is not HPhase.DONE:
            continue
        side = {game.declarer, game.partner} - {None}
        taken = {c for t in game.tricks if t.winner in side for _, c in t.cards}
        lost = {c for t in game.tricks if t.winner not in side for _, c in t.cards}

        def holder(cards):
            return hu.Side.DECLARER if cards <= taken else hu.Side.OPPONENTS if cards <= lost else None

        catch = None
        for t in game.tricks:
            seats = {c: s for s, c in t.cards}
            if SKIZ in seats and XXI in seats and game.side_of(seats[SKIZ]) is not game.side_of(seats[XXI]):
                catch = game.side_of(seats[SKIZ])
        ultimo = next((hu.PagatUltimo(game.side_of(s), game.tricks[-1].winner == s)
                       for s, c in game.tricks[-1].cards if c == PAGAT), None)
        tricks = sum(t.winner in side for t in game.tricks)
        hu.check_possible(game.level, game.alone, game.card_points(), tricks, holder(set(HONOURS)),
                          holder(set(KINGS)), catch, ultimo, profile)
