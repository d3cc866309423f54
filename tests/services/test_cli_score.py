"""Tests of ``python -m tarot_core score`` (FR-7): one JSON object on stdin, one JSON line out.

Most tests run the real command as a subprocess (``sys.executable -m tarot_core``, from the repo
root); a few call :func:`tarot_core.__main__.main` in-process with string streams.
Expected numbers come from the rules text (docs/rules/french-tarot.md, FR-7.6).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_helpers import expect_error, run  # noqa: F401  (tests/cli_helpers.py; test_hungarian_cli_score imports them from here too)
from tarot_core.__main__ import main

REPO = Path(__file__).resolve().parents[2]
OUT_KEYS = ["made", "margin", "per_defender", "taker", "partner"]


def score(obj: object) -> dict:
    """Run ``score`` on ``obj`` (a dict, or raw text), expect success, return the output object."""
    text = obj if isinstance(obj, str) else json.dumps(obj)
    proc = run(["score"], text)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    out = proc.stdout.decode("utf-8")
    assert out.endswith("\n") and out.count("\n") == 1, out  # exactly one line
    result = json.loads(out)
    assert list(result) == OUT_KEYS
    return result


# --- FR-7.6 worked examples --------------------------------------------------------------------

def test_FR_7_6_example_1_cli():
    out = score({"players": 4, "contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "attack",
                 "poignees": [{"side": "attack", "size": "simple"}]})
    assert out == {"made": True, "margin": 8, "per_defender": -106, "taker": 318, "partner": None}


def test_FR_7_6_example_2_cli():
    out = score({"players": 4, "contract": "garde_sans", "points": 45, "bouts": 2, "petit_au_bout": "defence"})
    assert out == {"made": True, "margin": 4, "per_defender": -76, "taker": 228, "partner": None}


def test_FR_7_6_example_3_cli():
    out = score({"players": 4, "contract": "prise", "points": 44, "bouts": 1, "petit_au_bout": "attack",
                 "poignees": [{"side": "attack", "size": "simple"}]})
    assert out == {"made": False, "margin": -7, "per_defender": 42, "taker": -126, "partner": None}


def test_FR_7_6_example_4_cli():
    out = score({"players": 4, "contract": "garde", "points": 52, "bouts": 2,
                 "poignees": [{"side": "defence", "size": "simple"}]})
    assert out == {"made": True, "margin": 11, "per_defender": -92, "taker": 276, "partner": None}


def test_FR_7_6_example_5_cli():
    out = score({"players": 4, "contract": "garde", "points": 87, "bouts": 2, "petit_au_bout": "attack",
                 "poignees": [{"side": "attack", "size": "simple"}],
                 "chelem": {"announced": True, "made_by": "attack"}})
    assert out == {"made": True, "margin": 46, "per_defender": -582, "taker": 1746, "partner": None}


# --- other valid inputs ------------------------------------------------------------------------

def test_FR_7_3_half_points_cli():
    # 40.5 with 2 bouts at 5 players (partner by default): lost by 1, s = −26.
    assert score('{"players": 5, "contract": "prise", "points": 40.5, "bouts": 2}') == {
        "made": False, "margin": -1, "per_defender": 26, "taker": -52, "partner": -26}
    # 41.5 with 2 bouts at 3 players: made by 1, s = 26.
    assert score('{"players": 3, "contract": "prise", "points": 41.5, "bouts": 2}') == {
        "made": True, "margin": 1, "per_defender": -26, "taker": 52, "partner": None}


def test_FR_7_5_five_players_partner_default_true_and_alone_cli():
    base = {"players": 5, "contract": "garde", "points": 50, "bouts": 2}  # s = (25 + 9) × 2 = 68
    assert score(base) == {"made": True, "margin": 9, "per_defender": -68, "taker": 136, "partner": 68}
    assert score({**base, "partner": True}) == score(base)
    assert score({**base, "partner": None}) == score(base)
    assert score({**base, "partner": False}) == {
        "made": True, "margin": 9, "per_defender": -68, "taker": 272, "partner": None}


def test_optional_keys_null_mean_none_cli():
    out = score({"players": 4, "contract": "garde", "points": 41, "bouts": 2, "petit_au_bout": None,
                 "poignees": None, "chelem": None})
    assert out == {"made": True, "margin": 0, "per_defender": -50, "taker": 150, "partner": None}


def test_FR_7_4_chelem_by_defence_cli():
    # The taker keeps only the écart: six cards, at least 3 points (FR-4.1; 0 is impossible).
    out = score({"players": 3, "contract": "prise", "points": 3, "bouts": 0,
                 "chelem": {"announced": False, "made_by": "defence"}})
    # s = −(25 + 53) − 200 = −278
    assert out == {"made": False, "margin": -53, "per_defender": 278, "taker": -556, "partner": None}


def test_pretty_printed_object_is_accepted():
    text = json.dumps({"players": 4, "contract": "garde", "points": 49, "bouts": 2}, indent=2)
    assert score(text)["taker"] == 3 * 66


# --- bad input ---------------------------------------------------------------------------------

OK = {"players": 4, "contract": "garde", "points": 49, "bouts": 2}


def with_(**changes) -> str:
    return json.dumps({**OK, **changes})


@pytest.mark.slow
@pytest.mark.parametrize("text, key", [
    (with_(contract="grade"), "contract"),
    (with_(contract=2), "contract"),
    (with_(points=91.5), "points"),
    (with_(points=-0.5), "points"),
    (with_(points=49.25), "points"),
    (with_(points=True), "points"),
    (with_(points="49"), "points"),
    ('{"players": 4, "contract": "garde", "points": NaN, "bouts": 2}', "points"),
    (with_(bouts=4), "bouts"),
    (with_(bouts=-1), "bouts"),
    ('{"players": 4, "contract": "garde", "points": 49, "bouts": 2.0}', "bouts"),
    (with_(bouts=True), "bouts"),
    (with_(players=6), "players"),
    (with_(players=True), "players"),
    (with_(colour="red"), "colour"),
    (json.dumps({"players": 4, "points": 49, "bouts": 2}), "contract"),
    ("players=4 contract=garde", "input"),
    ("[1, 2]", "input"),
    ("42", "input"),
    ("", "input"),
    (with_() + "\n" + with_(), "input"),
    (with_(partner=True), "partner"),
    (with_(partner=False), "partner"),
    (with_(players=5, partner="yes"), "partner"),
    (with_(petit_au_bout="defense"), "petit_au_bout"),
    (with_(poignees=[{"side": "attack", "size": "quadruple"}]), "poignees[0].size"),
    (with_(poignees=[{"side": "attack", "size": "simple", "count": 1}]), "poignees[0].count"),
    (with_(poignees={"side": "attack", "size": "simple"}), "poignees"),
    (with_(chelem={"announced": "yes"}), "chelem.announced"),
    (with_(chelem={"announced": True, "made_by": "taker"}), "chelem.made_by"),
    ('{"players": 4, "players": 5, "contract": "garde", "points": 49, "bouts": 2}', "players"),
])
def test_bad_input_exits_2_with_one_line_naming_the_key(text, key):
    expect_error(text, key)


def test_unknown_contract_message():
    line = expect_error(with_(contract="grade"), "contract")
    assert "'grade'" in line and "garde_contre" in line


def test_no_subcommand_and_unknown_subcommand_exit_2():
    for args in ([], ["bogus"]):
        proc = run(args, "")
        assert proc.returncode == 2
        assert proc.stdout == b""
        assert len(proc.stderr.decode().splitlines()) == 1


def test_help_documents_partner_default():
    proc = run(["score", "--help"], "")
    assert proc.returncode == 0
    text = proc.stdout.decode()
    assert "partner" in text and "Default at 5 players: true" in text


# --- in-process main() ---------------------------------------------------------------------------

def test_main_in_process_success_and_error():
    out, err = io.StringIO(), io.StringIO()
    assert main(["score"], io.StringIO(with_()), out, err) == 0
    assert json.loads(out.getvalue()) == {"made": True, "margin": 8, "per_defender": -66, "taker": 198,
                                          "partner": None}
    assert err.getvalue() == ""
    out, err = io.StringIO(), io.StringIO()
    assert main(["score"], io.StringIO(with_(bouts=7)), out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().startswith("error: bouts: ") and err.getvalue().count("\n") == 1


def test_main_in_process_usage_error_does_not_exit():
    out, err = io.StringIO(), io.StringIO()
    assert main([], io.StringIO(""), out, err) == 2
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1


# --- what the input says is shown escaped and short (issue 31, part 5) -------------------------------

RAW_CONTROLS = "\x1b[31mred\x07"  # ESC (a colour change) and BEL


def _error_line(text: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["score"], io.StringIO(text), out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().endswith("\n") and err.getvalue().count("\n") == 1
    return err.getvalue()[:-1]


def _no_raw_control(line: str) -> None:
    assert all(ch.isprintable() for ch in line), repr(line)


@pytest.mark.parametrize("data", [
    {**OK, RAW_CONTROLS: 1},                                   # an unknown key
    {**OK, "contract": RAW_CONTROLS},                          # a French value
    {**OK, "poignees": [{"size": "simple", RAW_CONTROLS: 1}]},  # a nested unknown key
    {"game": RAW_CONTROLS},                                    # the game
    {"game": "hungarian", "bid": RAW_CONTROLS, "points": 50, "tricks": 5},
    {"game": "hungarian", "bid": "three", "points": 50, "tricks": 5, RAW_CONTROLS: 0},
    {"game": "hungarian", "bid": "three", "points": 50, "tricks": 5,
     "announced": [{"bonus": RAW_CONTROLS, "side": "declarer"}]},
])
def test_control_characters_of_the_input_are_printed_escaped(data):
    line = _error_line(json.dumps(data))
    _no_raw_control(line)
    assert ("\\x1b" in line and "\\x07" in line) or ("\\u001b" in line and "\\u0007" in line)  # shown, escaped


@pytest.mark.slow
@pytest.mark.parametrize("where", ["key", "value", "game", "hungarian key", "hungarian value"])
def test_a_ten_megabyte_key_or_value_gives_a_short_line(where):
    huge = "\x07" + "x" * 10_000_000
    data = {"key": {**OK, huge: 1}, "value": {**OK, "contract": huge}, "game": {"game": huge},
            "hungarian key": {"game": "hungarian", "bid": "three", "points": 50, "tricks": 5, huge: 1},
            "hungarian value": {"game": "hungarian", "bid": huge, "points": 50, "tricks": 5}}[where]
    line = _error_line(json.dumps(data))
    assert len(line) <= 500, len(line)
    _no_raw_control(line)
    assert "..." in line


def test_a_plain_key_is_printed_as_it_is():
    assert _error_line(with_(colour="red")).startswith("error: colour: unknown key")
    assert _error_line(with_(poignees=[{"size": "simple", "count": 1}])).startswith("error: poignees[0].count: ")
