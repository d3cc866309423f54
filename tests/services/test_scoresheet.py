"""The score sheet for table play (``tarot_core.scoresheet``, issue 18 §5): deals entered by
seat, scored by the ``score`` command's own code, a running zero-sum total, JSON that round-trips,
errors naming the field, and a saved sheet that cannot be read set aside, never lost.

Expected numbers are the rules' worked examples (FR-7.6 in docs/rules/french-tarot.md, HU-8.5 in
the Hungarian rules), never numbers computed by the code under test; the ``score`` command's
output for the same deal is checked against the sheet's row too.
"""

from __future__ import annotations

import io
import json

import pytest

from tarot_core.__main__ import main
from tarot_core.saves import CORRUPT_PREFIX, SHEET_KEY, MemoryStorage, Saves
from tarot_core.scoresheet import Sheet, SheetError, score_input

FOUR = ["Anne", "Bertrand", "Claire", "Denis"]
#: FR-7.6 example 1: garde, poignée of 10 by the taker, petit au bout by the taker, 49 points
#: with 2 bouts: each defender −106, taker +318.
EX1 = {"taker": 1, "contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "attack",
       "poignees": [{"seat": 1, "size": "simple"}]}
#: FR-7.6 example 3: prise lost by 7 (44 points with 1 bout: target 51), the taker showed a poignée
#: of 10 and won the petit au bout: defenders +42, taker −126.
EX3 = {"taker": 0, "contract": "prise", "points": 44, "bouts": 1, "petit_au_bout": "attack",
       "poignees": [{"seat": 0, "size": "simple"}]}
#: FR-7.6 example 5: garde, chelem announced and made, poignée of 10, petit au bout, 87 points
#: with 2 bouts: defenders −582, taker +1746.
EX5 = {"taker": 2, "contract": "garde", "points": 87, "bouts": 2, "petit_au_bout": "attack",
       "poignees": [{"seat": 2, "size": "simple"}], "chelem": {"announced": True, "made_by": "attack"}}


def command(data: dict) -> dict:
    """The ``score`` command's output for ``data`` (run in-process)."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["score"], io.StringIO(json.dumps(data)), out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())


# --- French Tarot ------------------------------------------------------------------------------

def test_french_worked_examples_settle_on_the_players_names() -> None:
    sheet = Sheet.new("french", FOUR).add(EX1).add(EX3).add(EX5)
    assert sheet.rows == ((-106, 318, -106, -106), (-126, 42, 42, 42), (-582, -582, 1746, -582))
    assert sheet.totals == (-106 - 126 - 582, 318 + 42 - 582, -106 + 42 + 1746, -106 + 42 - 582)
    assert all(sum(row) == 0 for row in sheet.rows) and sum(sheet.totals) == 0


def test_the_sheet_scores_as_the_score_command_does() -> None:
    sheet = Sheet.new("french", FOUR).add(EX1)
    data = score_input("french", 4, EX1)
    assert data == {"players": 4, "contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "attack",
                    "poignees": [{"side": "attack", "size": "simple"}]}
    out = command(data)
    assert (out["taker"], out["per_defender"]) == (318, -106)
    assert sheet.rows[0][1] == out["taker"] and sheet.rows[0][0] == out["per_defender"]


def test_a_defender_s_poignee_goes_to_the_winning_side() -> None:
    # FR-7.6 example 4: garde made by 11 (52 points with 2 bouts), a defender showed a poignée:
    # (25 + 11) × 2 + 20 = 92 -> taker +276, defenders -92.
    sheet = Sheet.new("french", FOUR).add({"taker": 3, "contract": "garde", "points": 52, "bouts": 2,
                                           "poignees": [{"seat": 0, "size": "simple"}]})
    assert sheet.rows == ((-92, -92, -92, 276),)


def test_five_players_with_a_called_partner_and_alone() -> None:
    five = FOUR + ["Eve"]
    # FR-7.6 example 2's deal (garde sans made by 4, petit au bout to the defence: s = 76) at five:
    # with a partner the taker +2s and the partner +s (FR-7.5); alone the taker +4s.
    deal = {"taker": 0, "partner": 3, "contract": "garde_sans", "points": 45, "bouts": 2,
            "petit_au_bout": "defence"}
    sheet = Sheet.new("french", five).add(deal).add(dict(deal, partner=None))
    assert sheet.rows == ((152, -76, -76, 76, -76), (304, -76, -76, -76, -76))
    assert command(score_input("french", 5, dict(deal, partner=None)))["taker"] == 304


def test_half_points_at_three_players() -> None:
    # FR-7.3: 40.5 with two bouts counts as 40, lost by 1: prise, s = -(25 + 1) = -26; taker -52.
    sheet = Sheet.new("french", FOUR[:3]).add({"taker": 2, "contract": "prise", "points": 40.5, "bouts": 2})
    assert sheet.rows == ((26, 26, -52),)


# --- Hungarian Tarokk --------------------------------------------------------------------------

def test_hungarian_worked_examples() -> None:
    sheet = Sheet.new("hungarian", FOUR)
    # HU-8.5 example 6: bid two, declarer (seat 0) announced pagát ultimó and holds eight tarokks;
    # the side took 70 points, the pagát won the last trick, the Skíz caught the XXI silently, a
    # silent trull: declarer +37, partner +33, opponents -35 each.
    sheet = sheet.add({"declarer": 0, "partner": 2, "bid": "two", "points": 70, "tricks": 6,
                       "announced": [{"bonus": "pagat_ultimo", "side": "declarer", "kontra": 0}],
                       "made": {"trull": "declarer", "xxi_catch": "declarer",
                                "pagat_ultimo": {"side": "declarer", "won": True}},
                       "tarokks": [{"seat": 0, "count": 8}]})
    # HU-8.5 example 4: bid two, double game announced, kontra'd, made: +16, +16, -16, -16.
    sheet = sheet.add({"declarer": 3, "partner": 1, "bid": "two", "points": 75, "tricks": 7,
                       "announced": [{"bonus": "double_game", "side": "declarer", "kontra": 1}]})
    # HU-8.5 example 2: alone, bid two, wins the game; opponents make silent four kings: +3, -1 × 3.
    sheet = sheet.add({"declarer": 1, "partner": None, "bid": "two", "points": 50, "tricks": 5,
                       "made": {"four_kings": "opponents"}})
    assert sheet.rows == ((37, -35, 33, -35), (-16, 16, -16, 16), (-1, 3, -1, -1))
    assert sheet.totals == (20, -16, 16, -20)


def test_hungarian_five_players_the_dealer_scores_nothing() -> None:
    five = FOUR + ["Eve"]
    deal = {"declarer": 1, "partner": 4, "out": 2, "bid": "three", "points": 60, "tricks": 5,
            "made": {"trull": "opponents"}}
    # HU-8.5 example 1's shape without the announcement: game +1, silent trull to the opponents -1.
    sheet = Sheet.new("hungarian", five).add(deal)
    assert sheet.rows == ((0, 0, 0, 0, 0),)
    data = score_input("hungarian", 5, deal)
    assert data["players"] == 5 and data["alone"] is False
    out = command(data)
    assert (out["declarer"], out["partner"], out["opponents"]) == (0, 0, [0, 0])
    # Tarokk counts by seat become roles: opponent1 is the lowest seat that is neither (HU-6.3).
    sheet = sheet.add(dict(deal, made=None, tarokks=[{"seat": 3, "count": 9}]))
    assert sheet.rows[1] == (-1 - 2, 1 - 2, 0, -1 + 6, 1 - 2)


# --- validation --------------------------------------------------------------------------------

@pytest.mark.parametrize("deal, key", [
    ({"taker": 4, "contract": "garde", "points": 49, "bouts": 2}, "taker"),
    ({"taker": 0, "contract": "grande", "points": 49, "bouts": 2}, "contract"),
    ({"taker": 0, "contract": "garde", "points": 92, "bouts": 2}, "points"),
    ({"taker": 0, "contract": "garde", "points": 49.5, "bouts": 4}, "bouts"),
    ({"taker": 0, "partner": 1, "contract": "garde", "points": 49, "bouts": 2}, "partner"),
    ({"taker": 0, "contract": "garde", "points": 49, "bouts": 2, "poignees": [{"seat": 1, "size": "huge"}]},
     "poignees[0].size"),
    ({"taker": 0, "contract": "garde", "points": 49, "bouts": 2, "poignees": [{"seat": 9, "size": "simple"}]},
     "poignees[0].seat"),
    ({"taker": 0, "contract": "garde", "points": 49, "bouts": 2, "chelem": {"made_by": "nobody"}},
     "chelem.made_by"),
    ({"contract": "garde", "points": 49, "bouts": 2}, "taker"),
    ({"taker": 0, "contract": "garde", "points": 49, "bouts": 2, "extra": 1}, "extra"),
])
def test_a_bad_french_deal_names_its_field_and_changes_nothing(deal, key) -> None:
    sheet = Sheet.new("french", FOUR).add(EX1)
    before = sheet.to_json()
    with pytest.raises(SheetError) as caught:
        sheet.add(deal)
    assert caught.value.key == key, str(caught.value)
    assert sheet.to_json() == before and sheet.rows == ((-106, 318, -106, -106),)


@pytest.mark.parametrize("deal, key", [
    ({"declarer": 0, "partner": 0, "bid": "two", "points": 50, "tricks": 5}, "partner"),
    ({"declarer": 0, "partner": 1, "bid": "four", "points": 50, "tricks": 5}, "bid"),
    ({"declarer": 0, "partner": 1, "bid": "two", "points": 95, "tricks": 5}, "points"),
    ({"declarer": 0, "partner": 1, "bid": "two", "points": 50, "tricks": 5,
      "announced": [{"bonus": "trull", "side": "declarer", "kontra": 6}]}, "announced[0].kontra"),
    ({"declarer": 0, "partner": 1, "out": 2, "bid": "two", "points": 50, "tricks": 5}, "out"),
])
def test_a_bad_hungarian_deal_names_its_field(deal, key) -> None:
    sheet = Sheet.new("hungarian", FOUR)
    with pytest.raises(SheetError) as caught:
        sheet.add(deal)
    assert caught.value.key == key, str(caught.value)
    assert sheet.deals == ()


def test_five_hungarian_players_need_someone_sitting_out() -> None:
    with pytest.raises(SheetError) as caught:
        Sheet.new("hungarian", FOUR + ["Eve"]).add({"declarer": 0, "partner": 1, "bid": "two", "points": 50,
                                                    "tricks": 5})
    assert caught.value.key == "out"


@pytest.mark.parametrize("game, names, key", [
    ("french", ["Anne", "Bertrand"], "names"),
    ("hungarian", ["Anne", "Bertrand", "Claire"], "names"),
    ("french", ["Anne", "Bertrand", "  \u202e "], "names[2]"),
    ("french", ["Anne", "Bertrand", "anne"], "names[2]"),
    ("belote", FOUR, "game"),
])
def test_names_and_game_are_checked(game, names, key) -> None:
    with pytest.raises(SheetError) as caught:
        Sheet.new(game, names)
    assert caught.value.key == key


def test_undo_and_rename_keep_the_seats() -> None:
    sheet = Sheet.new("french", FOUR).add(EX1).add(EX3)
    assert sheet.undo().rows == ((-106, 318, -106, -106),)
    assert Sheet.new("french", FOUR).undo().deals == ()
    renamed = sheet.rename(["Ann", " Bert\u202e ", "Cla", "Den"])
    assert renamed.names == ("Ann", "Bert", "Cla", "Den") and renamed.rows == sheet.rows
    with pytest.raises(SheetError) as caught:
        sheet.rename(["Ann", "Bert", "Cla"])
    assert caught.value.key == "names" and sheet.names == tuple(FOUR)


# --- JSON and storage --------------------------------------------------------------------------

def test_json_round_trip() -> None:
    sheet = Sheet.new("hungarian", FOUR + ["Eve"], profile="tournament").add(
        {"declarer": 0, "partner": None, "out": 4, "bid": "solo", "points": 48, "tricks": 4})
    text = sheet.dumps()
    data = json.loads(text)
    assert (data["kind"], data["version"], data["profile"]) == ("tarot-scoresheet", 1, "tournament")
    again = Sheet.loads(text)
    assert again == sheet and again.rows == sheet.rows == ((12, -4, -4, -4, 0),)


@pytest.mark.parametrize("mutate, key", [
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(kind="tarot-history"), "kind"),
    (lambda d: d["deals"][0].update(points=-1), "deals[0].points"),
    (lambda d: d.update(names=["Anne"]), "names"),
    (lambda d: d.update(extra=True), "extra"),
])
def test_bad_saved_json_names_the_field(mutate, key) -> None:
    data = Sheet.new("french", FOUR).add(EX1).to_json()
    mutate(data)
    with pytest.raises(SheetError) as caught:
        Sheet.from_json(data)
    assert caught.value.key == key


def test_saved_and_loaded_through_saves() -> None:
    saves = Saves(MemoryStorage())
    assert saves.load_sheet() == (None, None)
    sheet = Sheet.new("french", ["Zoé", "Kovács", "Léa"]).add({"taker": 0, "contract": "garde", "points": 41,
                                                               "bouts": 2})
    assert saves.save_sheet(sheet) is None
    assert "Zoé" in saves.storage.get(SHEET_KEY)
    assert saves.load_sheet() == (sheet, None)
    saves.save_sheet(None)
    assert saves.storage.get(SHEET_KEY) is None


@pytest.mark.parametrize("raw", ["{not json", json.dumps({"kind": "tarot-scoresheet", "version": 9}),
                                 json.dumps({"kind": "tarot-scoresheet", "version": 1, "game": "french",
                                             "names": FOUR, "deals": [{"taker": 0}]})])
def test_a_corrupt_sheet_is_set_aside_intact_and_reported(raw) -> None:
    storage = MemoryStorage()
    storage.set(SHEET_KEY, raw)
    storage.set(CORRUPT_PREFIX + "1", "older")
    sheet, notice = Saves(storage).load_sheet()
    assert sheet is None
    assert notice.startswith("Your score sheet could not be opened: it is kept aside as tarot.corrupt.2")
    assert storage.get(CORRUPT_PREFIX + "2") == raw and storage.get(CORRUPT_PREFIX + "1") == "older"
    assert storage.get(SHEET_KEY) is None


# --- stored sheets changed outside the page (issue 31) -------------------------------------------

#: Issue 31's sheet: a game that is a list made ``game not in TABLE_SIZES`` raise TypeError, a
#: traceback on ``?sheet=1`` at every visit.
BAD_GAME = '{"kind":"tarot-scoresheet","version":1,"game":[],"names":["a","b","c"],"deals":[]}'


@pytest.mark.parametrize("raw, field", [
    (BAD_GAME, "game"),
    ('{"kind":"tarot-scoresheet","version":1,"game":{},"names":["a","b","c"],"deals":[]}', "game"),
    ('{"kind":"tarot-scoresheet","version":1,"game":"hungarian","names":["a","b","c","d"],"deals":[],'
     '"profile":["pagat"]}', "profile"),
], ids=["game a list", "game an object", "profile a list"])
def test_a_sheet_whose_game_is_not_a_text_is_set_aside(raw, field) -> None:
    with pytest.raises(SheetError) as caught:
        Sheet.loads(raw)
    assert caught.value.key == field
    storage = MemoryStorage()
    storage.set(SHEET_KEY, raw)
    sheet, notice = Saves(storage).load_sheet()
    assert sheet is None
    assert notice == ("Your score sheet could not be opened: it is kept aside as tarot.corrupt.1, and nothing "
                      f"was deleted (reason: the score sheet has a bad {field}).")
    assert storage.get("tarot.corrupt.1") == raw and storage.get(SHEET_KEY) is None


def _json_values():
    """Hypothesis: any JSON value, the sheet's own words and numbers favoured."""
    from hypothesis import strategies as st

    words = st.sampled_from(["french", "hungarian", "pagat", "tournament", "prise", "garde", "garde_sans",
                             "garde_contre", "three", "two", "one", "solo", "attack", "defence", "declarer",
                             "opponents", "trull", "four_kings", "simple", "double", "Anne", ""])
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 100), st.floats(allow_nan=False), words,
                     st.text(max_size=3))
    keys = st.sampled_from(["kind", "version", "game", "names", "profile", "deals", "taker", "partner",
                            "contract", "points", "bouts", "petit_au_bout", "poignees", "chelem", "seat",
                            "size", "announced", "made", "made_by", "declarer", "out", "bid", "tricks",
                            "tarokks", "multiplier", "bonus", "side", "kontra", "count", "pagat_ultimo", "won"])
    return st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                      st.dictionaries(keys, inner, max_size=8)), max_leaves=30)


def test_any_json_stored_as_a_sheet_gives_a_sheet_or_sheet_error() -> None:
    """Fuzz (issue 31): whatever JSON value a sheet's fields hold, loading it gives a sheet or a
    :class:`SheetError` naming the field, never another exception (a dict key or an index
    reached unchecked)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    anything = _json_values()
    deal = st.dictionaries(st.sampled_from(["taker", "partner", "contract", "points", "bouts", "petit_au_bout",
                                            "poignees", "chelem", "declarer", "out", "bid", "tricks",
                                            "announced", "made", "tarokks", "multiplier"]),
                           st.one_of(st.integers(-1, 5), anything), max_size=10)
    sheet = st.fixed_dictionaries(
        {"kind": st.just("tarot-scoresheet") | anything, "version": st.just(1) | anything,
         "game": st.sampled_from(["french", "hungarian"]) | anything,
         "names": st.lists(st.sampled_from(["Anne", "Bea", "Cy", "Dan", "Eve"]), min_size=3, max_size=5,
                           unique=True) | anything,
         "deals": st.lists(deal | anything, max_size=3) | anything},
        optional={"profile": st.sampled_from(["pagat", "tournament"]) | anything})

    @settings(suppress_health_check=list(HealthCheck))
    @given(sheet)
    def check(data) -> None:
        try:
            Sheet.from_json(data)
        except SheetError:
            pass
        storage = MemoryStorage()
        storage.set(SHEET_KEY, json.dumps(data))
        loaded, notice = Saves(storage).load_sheet()
        assert (loaded is None) == (notice is not None)

    check()
