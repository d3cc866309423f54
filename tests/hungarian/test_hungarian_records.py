"""Hungarian Tarokk deal records and their replay (issue 15, section 3): every action in order
with its seat, the rule profile and the multiplier recorded, replay through
``python -m tarot_core replay`` naming the action index, seat and HU rule of an illegal action."""

from __future__ import annotations

import copy
import json
import random

import pytest

from cli_helpers import run
from tarot_core.errors import RecordError
from tarot_core.game import get_game, game_of_record
from tarot_core.hungarian.records import deal_record, replay_deal
from tarot_core.records import replay

RULES = get_game("hungarian")


def _played(seed: str, players: int = 4, profile: str = "pagat", multiplier: int = 1, until: int | None = None):
    game = RULES.new_state(RULES.deal(seed, players, 1), profile=profile, multiplier=multiplier)
    rng = random.Random(seed)
    while game.turn is not None and (until is None or game.ply < until):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_game_is_registered_and_its_records_name_it():
    assert RULES.id == "hungarian" and game_of_record("hungarian-tarokk") is RULES
    assert RULES.table_sizes == (4, 5)


@pytest.mark.parametrize("players,profile,multiplier", [(4, "pagat", 1), (5, "pagat", 2), (4, "tournament", 4)])
def test_records_replay_to_the_same_deal(players, profile, multiplier):
    kinds = set()
    for k in range(40):
        game = _played(f"rec/{players}/{profile}/{k}", players, profile, multiplier)
        record = json.loads(json.dumps(deal_record(game, seed=k)))
        assert (record["game"], record["profile"], record["multiplier"]) == ("hungarian-tarokk", profile, multiplier)
        again = replay_deal(record)
        assert again.history == game.history and again.scores == game.scores
        assert replay(record) == record["result"]
        kinds.update(next(iter(set(e) - {"seat"})) for e in record["actions"])
        if game.declarer is not None:  # the talon shares (HU-4) are recorded: the declarer's first
            take = game.level.talon
            assert record["talon_shares"][game.declarer] == " ".join(record["talon"].split()[:take])
    assert {"bid", "discard", "call", "announce", "kontra", "pass", "card"} <= kinds


def test_an_unfinished_deal_records_a_null_result_and_replays():
    game = _played("rec/unfinished", until=30)
    record = deal_record(game)
    assert record["result"] is None
    assert replay_deal(record).history == game.history


def test_an_illegal_action_names_its_index_seat_and_rule():
    game = next(g for g in (_played(f"rec/illegal/{i}") for i in range(50)) if g.phase.value == "done")
    record = deal_record(game)
    for index, entry in enumerate(record["actions"]):  # the first card that could break HU-7
        if "card" not in entry:
            continue
        partial = copy.deepcopy(record)
        partial["actions"], partial["result"] = partial["actions"][:index], None
        state = replay_deal(partial)
        legal = {a.card for a in state.legal_actions()}
        wrong = sorted((c for c in state.hands[entry["seat"]] if c not in legal), key=lambda c: c.index)
        if wrong:
            break
    else:  # pragma: no cover
        pytest.fail("random play never had an illegal card in hand")
    bad = copy.deepcopy(record)
    bad["actions"][index]["card"] = str(wrong[0])
    with pytest.raises(RecordError) as info:
        replay_deal(bad)
    assert (info.value.index, info.value.seat, info.value.rule) == (index, entry["seat"], "HU-7")
    assert str(info.value).startswith(f"action {index} (seat {entry['seat']}, card {wrong[0]}): must ")


def test_a_stated_result_that_differs_is_named():
    game = _played("rec/differs")
    record = deal_record(game)
    record["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match=r"scores\[0\]"):
        replay_deal(record)


@pytest.mark.parametrize("change,key", [
    (lambda r: r.update(players=3), "players"), (lambda r: r.update(talon="T1"), "hands/talon"),
    (lambda r: r.update(profile="club"), "profile"), (lambda r: r.update(talon_shares=["T1"] * 4), "talon_shares"), (lambda r: r.update(multiplier=3), "multiplier"),
    (lambda r: r["actions"].__setitem__(0, {"seat": 1, "bid": "four"}), "action 0"),
    (lambda r: r["actions"].__setitem__(0, {"seat": 1, "bid": "three", "card": "T1"}), "action 0"),
])
def test_malformed_records_name_the_key(change, key):
    record = deal_record(_played("rec/malformed"))
    change(record)
    with pytest.raises(RecordError) as info:
        replay_deal(record)
    assert str(info.value).startswith(key)


def test_the_replay_command_reads_a_hungarian_record(tmp_path):
    game = _played("rec/cli")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal_record(game)))
    proc = run(["replay", str(path)], "")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == deal_record(game)["result"]
    record = deal_record(game)
    index = next(i for i, e in enumerate(record["actions"]) if "card" in e)
    record["actions"][index] = {"seat": record["actions"][index]["seat"] ^ 1, "card": "T1"}
    path.write_text(json.dumps(record))
    proc = run(["replay", str(path)], "")
    assert proc.returncode == 2 and proc.stderr.decode().startswith(f"error: action {index} (seat")
