"""``python -m tarot_core replay FILE|-`` and ``score`` at three and five players, run as a
subprocess (``sys.executable -m tarot_core`` from the repository root).

Expected outputs come from the records' own stated results and from the rules text (FR-7.3,
FR-7.4, FR-7.5); errors must be exactly one line on stderr, exit status 2, nothing on stdout.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tarot_core.ai import choose_action
from tarot_core.french.dealing import deal
from tarot_core.french import FrenchDeal, Phase
from tarot_core.match import Match
from tarot_core.records import deal_record

REPO = Path(__file__).resolve().parents[2]


def run(args: list[str], stdin: str | bytes = b"") -> subprocess.CompletedProcess:
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "tarot_core", *args], input=data,
                          capture_output=True, cwd=REPO, timeout=120)


def ok_json(proc: subprocess.CompletedProcess):
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    out = proc.stdout.decode("utf-8")
    assert out.endswith("\n") and out.count("\n") == 1, out
    return json.loads(out)


def one_error_line(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("error: "), lines[0]
    return lines[0]


def ai_game(players: int, seed) -> FrenchDeal:
    game = FrenchDeal(deal(seed, players, 0))
    while not game.is_over:
        game.apply(choose_action(game.view(game.turn), seed, len(game.history)))
    return game


def finished_record(players: int, seed: str) -> dict:
    for k in range(50):
        game = ai_game(players, f"{seed}-{k}")
        if game.phase is Phase.DONE:
            return json.loads(json.dumps(deal_record(game, seed=f"{seed}-{k}")))
    pytest.fail("no finished deal")  # pragma: no cover


def match_record(players: int, seed: str, deals_to_play: int = 2) -> dict:
    m = Match(players, seed, deals_to_play=deals_to_play)
    while True:
        g = m.current
        while not g.is_over:
            g.apply(choose_action(g.view(g.turn), m.current_seed, len(g.history)))
        if m.is_over:
            return json.loads(json.dumps(m.record()))
        m.next_deal()


def write(tmp_path: Path, rec, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    return path


# --- success -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_replay_file_prints_the_records_result(tmp_path, players):
    rec = finished_record(players, "cli")
    out = ok_json(run(["replay", str(write(tmp_path, rec))]))
    assert out == rec["result"]
    assert sum(out["scores"]) == 0 and len(out["scores"]) == players


@pytest.mark.parametrize("players", [3, 5])
def test_replay_stdin_prints_the_records_result(players):
    rec = finished_record(players, "stdin")
    assert ok_json(run(["replay", "-"], json.dumps(rec))) == rec["result"]


def test_replay_of_a_thrown_in_deal(tmp_path):
    for k in range(100):
        game = ai_game(5, f"thrown-{k}")
        if game.phase is Phase.THROWN_IN:
            break
    rec = deal_record(game)
    out = ok_json(run(["replay", str(write(tmp_path, rec))]))
    assert out == rec["result"] == {"thrown_in": game.thrown_in, "scores": [0] * 5}


@pytest.mark.parametrize("players", [3, 5])
def test_replay_of_a_match_prints_every_result_and_the_totals(tmp_path, players):
    rec = match_record(players, f"cli-match-{players}")
    out = ok_json(run(["replay", str(write(tmp_path, rec))]))
    assert out == {"deals": [d["result"] for d in rec["deals"]], "totals": rec["totals"]}
    assert sum(out["totals"]) == 0
    assert ok_json(run(["replay", "-"], json.dumps(rec))) == out


# --- errors --------------------------------------------------------------------------------------

def follow_suit_breach(rec: dict) -> tuple[int, int, str]:
    """Change a played card into one of the same hand that breaks FR-5.2 (worked out by
    replaying prefixes of the record in-process)."""
    from tarot_core.french.cards import format_card
    from tarot_core.records import replay_deal

    n_actions = len(rec["actions"])
    for i in range(n_actions):
        entry = rec["actions"][i]
        if "card" not in entry:
            continue
        head = {**rec, "actions": rec["actions"][:i], "result": None}
        game = replay_deal(head)
        lead = next((c for _, c in game.trick if not c.is_excuse), None)
        hand = game.hands[entry["seat"]]
        if lead is None or lead.is_trump or not any(c.suit is lead.suit for c in hand):
            continue
        other = sorted((c for c in hand if c.suit is not lead.suit and not c.is_excuse),
                       key=lambda c: c.index)
        if other:
            return i, entry["seat"], format_card(other[0])
    pytest.fail("no play to change")  # pragma: no cover


@pytest.mark.parametrize("players", [3, 5])
def test_illegal_action_one_line_with_index_seat_and_rule(tmp_path, players):
    rec = finished_record(players, "illegal")
    index, seat, card = follow_suit_breach(rec)
    bad = copy.deepcopy(rec)
    bad["actions"][index]["card"] = card
    line = one_error_line(run(["replay", str(write(tmp_path, bad))]))
    assert f"action {index}" in line and f"seat {seat}" in line and "FR-5.2" in line, line
    line2 = one_error_line(run(["replay", "-"], json.dumps(bad)))
    assert line2 == line


def test_changed_score_and_breakdown_are_named(tmp_path):
    rec = finished_record(5, "changed")
    bad = copy.deepcopy(rec)
    bad["result"]["scores"][3] += 2
    line = one_error_line(run(["replay", str(write(tmp_path, bad))]))
    assert "scores[3]" in line, line
    bad = copy.deepcopy(rec)
    bad["result"]["breakdown"]["points"] += 1
    line = one_error_line(run(["replay", "-"], json.dumps(bad)))
    assert "breakdown.points" in line, line


def test_error_in_a_match_names_the_deal(tmp_path):
    rec = match_record(3, "cli-match-err")
    bad = copy.deepcopy(rec)
    bad["deals"][-1]["result"]["scores"][0] -= 1
    line = one_error_line(run(["replay", str(write(tmp_path, bad))]))
    assert f"deal {len(rec['deals']) - 1}" in line and "scores[0]" in line, line
    bad = copy.deepcopy(rec)
    bad["totals"][1] += 5
    assert "totals" in one_error_line(run(["replay", "-"], json.dumps(bad)))


def test_missing_file(tmp_path):
    missing = tmp_path / "nope.json"
    line = one_error_line(run(["replay", str(missing)]))
    assert "nope.json" in line and "file" in line


def test_directory_instead_of_a_file(tmp_path):
    line = one_error_line(run(["replay", str(tmp_path)]))
    assert str(tmp_path) in line


@pytest.mark.parametrize("text", ["{nope", "", "[1, 2", "\n\n  \n", "not json at all"])
def test_not_json(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    line = one_error_line(run(["replay", str(path)]))
    assert "JSON" in line, line
    assert "JSON" in one_error_line(run(["replay", "-"], text))


def test_not_utf8():
    line = one_error_line(run(["replay", "-"], b"\xff\xfe\x00{"))
    assert "UTF-8" in line


def test_json_that_is_not_a_record():
    assert "object" in one_error_line(run(["replay", "-"], "[1, 2, 3]"))
    assert "format" in one_error_line(run(["replay", "-"], '{"format": "x"}'))


def test_replay_without_a_file_is_a_usage_error():
    line = one_error_line(run(["replay"]))
    assert line.startswith("error: usage:")


def test_multiline_reason_stays_on_one_line():
    rec = finished_record(3, "multi")
    bad = copy.deepcopy(rec)
    bad["hands"][0] = "ZZ\nYY"
    line = one_error_line(run(["replay", "-"], json.dumps(bad)))
    assert "ZZ" in line


# --- score at three and five players -----------------------------------------------------------

def score(obj: dict) -> dict:
    out = ok_json(run(["score"], json.dumps(obj)))
    assert list(out) == ["made", "margin", "per_defender", "taker", "partner"]
    return out


EXAMPLE_1 = {"contract": "garde", "points": 49, "bouts": 2, "petit_au_bout": "attack",
             "poignees": [{"side": "attack", "size": "simple"}]}  # FR-7.6 (1): s = 106


def test_score_three_players():
    assert score({"players": 3, **EXAMPLE_1}) == {
        "made": True, "margin": 8, "per_defender": -106, "taker": 212, "partner": None}
    # FR-7.3: 41.5 with two bouts is made by 1; 40.5 is lost by 1.
    assert score({"players": 3, "contract": "garde", "points": 41.5, "bouts": 2}) == {
        "made": True, "margin": 1, "per_defender": -52, "taker": 104, "partner": None}
    assert score({"players": 3, "contract": "prise", "points": 40.5, "bouts": 2}) == {
        "made": False, "margin": -1, "per_defender": 26, "taker": -52, "partner": None}


def test_score_five_players_with_and_without_partner():
    assert score({"players": 5, **EXAMPLE_1, "partner": True}) == {
        "made": True, "margin": 8, "per_defender": -106, "taker": 212, "partner": 106}
    assert score({"players": 5, **EXAMPLE_1, "partner": False}) == {
        "made": True, "margin": 8, "per_defender": -106, "taker": 424, "partner": None}
    # Without the key, five players default to a partner.
    assert score({"players": 5, **EXAMPLE_1})["partner"] == 106
    assert score({"players": 5, "contract": "garde_contre", "points": 40.5, "bouts": 2,
                  "partner": True}) == {
        "made": False, "margin": -1, "per_defender": 156, "taker": -312, "partner": -156}
    assert score({"players": 5, "contract": "garde_contre", "points": 36.5, "bouts": 2,
                  "partner": False}) == {
        "made": False, "margin": -5, "per_defender": 180, "taker": -720, "partner": None}


def test_score_partner_key_only_at_five():
    line = one_error_line(run(["score"], json.dumps({"players": 3, **EXAMPLE_1, "partner": False})))
    assert line.startswith("error: partner:")
    line = one_error_line(run(["score"], json.dumps({"players": 5, **EXAMPLE_1, "partner": "yes"})))
    assert line.startswith("error: partner:")


def test_a_number_too_long_to_read_is_a_clear_error(tmp_path):
    """Python refuses to read an int of more than 4300 digits (a ValueError, not a
    JSONDecodeError): the command says the file is not valid JSON, exit 2, nothing on stdout."""
    path = tmp_path / "long.json"
    path.write_text('{"format": "tarot-core/deal", "players": ' + "9" * 5000 + "}", encoding="utf-8")
    assert one_error_line(run(["replay", str(path)])).startswith("error: file: not valid JSON")


def test_deeply_nested_input_is_refused_before_it_is_parsed(tmp_path):
    """Issue 31: 200,000 nested brackets (which kill Pyodide's stack, and cost CPython a
    RecursionError) are measured first (tarot_core.jsonsafe): one clear line, exit 2."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert one_error_line(run(["replay", str(path)])) == (
        "error: file: not valid JSON: the data is nested too deeply (more than 64 levels)")
    assert one_error_line(run(["score"], stdin="[" * 200_000 + "]" * 200_000)) == (
        "error: input: not valid JSON: the data is nested too deeply (more than 64 levels)")
