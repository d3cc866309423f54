"""``python -m tarot_core score`` with ``"game": "hungarian"`` (HU-8): the real command, as a
subprocess. Expected figures are the rules file's (HU-8.5 worked examples); the French interface
with ``"game": "french"`` or without ``game`` is checked to stay what it was."""

from __future__ import annotations

import json

import pytest

from test_cli_score import expect_error, run

OUT_KEYS = ["winner", "declarer", "partner", "opponents", "items"]


def score(obj: dict) -> dict:
    proc = run(["score"], json.dumps(obj))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    out = proc.stdout.decode("utf-8")
    assert out.endswith("\n") and out.count("\n") == 1, out
    result = json.loads(out)
    assert list(result) == OUT_KEYS
    assert result["declarer"] + (result["partner"] or 0) + sum(result["opponents"]) == 0
    return result


def test_hu_8_5_example_6_through_the_command():
    out = score({"game": "hungarian", "bid": "two", "points": 70, "tricks": 8,
                 "announced": [{"bonus": "pagat_ultimo", "side": "declarer"}],
                 "made": {"pagat_ultimo": {"side": "declarer", "won": True}, "xxi_catch": "declarer",
                          "trull": "declarer"},
                 "tarokks": [{"seat": "declarer", "count": 8}]})
    assert (out["winner"], out["declarer"], out["partner"], out["opponents"]) == ("declarer", 37, 33, [-35, -35])
    assert sorted((i["bonus"], i["side"], i["value"]) for i in out["items"]) == [
        ("eight_tarokks", "declarer", 1), ("game", "declarer", 2), ("pagat_ultimo", "declarer", 10),
        ("trull", "declarer", 1), ("xxi_catch", "declarer", 21)]


def test_hu_8_5_example_2_alone_and_five_players():
    out = score({"game": "hungarian", "players": 5, "bid": "two", "alone": True, "points": 60, "tricks": 6,
                 "made": {"four_kings": "opponents"}})
    assert (out["winner"], out["declarer"], out["partner"], out["opponents"]) == ("declarer", 3, None, [-1, -1, -1])


def test_hu_8_5_example_4_kontra_on_the_double_game():
    out = score({"game": "hungarian", "bid": "two", "points": 75, "tricks": 7,
                 "announced": [{"bonus": "double_game", "side": "declarer", "kontra": 1}]})
    assert out == {"winner": "declarer", "declarer": 16, "partner": 16, "opponents": [-16, -16],
                   "items": [{"bonus": "double_game", "side": "declarer", "value": 16, "announced": True,
                              "kontra": 1}]}


def test_kontra_on_the_game_and_a_doubled_round():
    out = score({"game": "hungarian", "bid": "three", "points": 30, "tricks": 3, "multiplier": 2,
                 "announced": [{"bonus": "game", "kontra": 1}]})
    assert (out["winner"], out["declarer"], out["opponents"]) == ("opponents", -4, [4, 4])


def test_the_french_interface_is_unchanged_with_or_without_game_french():
    french = {"players": 4, "contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "attack",
              "poignees": [{"side": "attack", "size": "simple"}]}
    expected = {"made": True, "margin": 8, "per_defender": -106, "taker": 318, "partner": None}
    for obj in (french, {"game": "french", **french}):
        proc = run(["score"], json.dumps(obj))
        assert proc.returncode == 0 and json.loads(proc.stdout) == expected


@pytest.mark.slow
@pytest.mark.parametrize("obj,key", [
    ({"game": "hungarian", "bid": "four", "points": 50, "tricks": 5}, "bid"),
    ({"game": "hungarian", "bid": "two", "points": 95, "tricks": 5}, "points"),
    ({"game": "hungarian", "bid": "two", "points": 47.5, "tricks": 5}, "points"),
    ({"game": "hungarian", "bid": "two", "points": 50}, "tricks"),
    ({"game": "hungarian", "bid": "two", "points": 50, "tricks": 5, "alone": True,
      "tarokks": [{"seat": "partner", "count": 8}]}, "tarokks[0].seat"),
    ({"game": "hungarian", "bid": "two", "points": 50, "tricks": 5,
      "announced": [{"bonus": "trull", "side": "declarer"}, {"bonus": "trull", "side": "opponents"}]},
     "announced[1].bonus"),
    ({"game": "hungarian", "bid": "two", "points": 50, "tricks": 5, "contract": "garde"}, "contract"),
    ({"game": "tarock", "bid": "two"}, "game"),
    ({"game": 4, "bid": "two"}, "game"),
])
def test_bad_input_exits_2_naming_the_key(obj, key):
    expect_error(json.dumps(obj), key)


def test_not_json_exits_2():
    expect_error('{"game": "hungarian", "bid": ', "input")


def test_help_documents_the_hungarian_keys():
    proc = run(["score", "--help"], "")
    text = proc.stdout.decode("utf-8")
    assert proc.returncode == 0
    for word in ("hungarian", "bid", "alone", "tricks", "announced", "kontra", "mordkontra", "pagat_ultimo",
                 "xxi_catch", "tarokks", "multiplier", "winner", "opponents", "items"):
        assert word in text, word
