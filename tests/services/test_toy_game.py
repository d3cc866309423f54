"""A third game registered only here (tests/toy_game.py) goes through every service — matches,
records, share codes, the daily game, saves and history, the computer players' entry point, the
score sheet — without a change to any of them (issue 32: game-neutral services)."""

from __future__ import annotations

import json

import pytest

import toy_game
from tarot_core import ai
from tarot_core.daily import daily_deals, daily_match, daily_seed
from tarot_core.game import YOU, game_ids, game_of_record, get_game
from tarot_core.match import Match
from tarot_core.records import replay, replay_deal, replay_match
from tarot_core.rng import DealRng
from tarot_core.saves import (MemoryStorage, SavedGame, Saves, check_entry, expand_entry, is_compact,
                              is_official_daily, statistics)
from tarot_core.scoresheet import TABLE_SIZES, Sheet, SheetError, score_json
from tarot_core.share import encode, result_key, verify

DATE = "2026-12-07"


@pytest.fixture
def toy():
    with toy_game.registered() as rules:
        yield rules


def _play_out(match: Match, you=lambda legal: legal[0]) -> Match:
    """Play ``match`` to its end: you by ``you(legal)``, the computer players by their seeded
    choice (``ai.choose_move``, as the share codes replay them)."""
    while True:
        state = match.current
        while state.turn is not None:
            if state.turn == YOU:
                state.apply(you(state.legal_actions()))
            else:
                state.apply(state.action_of(ai.choose_move(state, match.current_seed, state.ply,
                                                           version=match.player)))
        if match.is_over:
            return match
        match.next_deal()


def test_registering_adds_the_game_and_unregistering_forgets_it():
    assert "toy" not in game_ids()
    with toy_game.registered() as rules:
        assert "toy" in game_ids() and get_game("toy") is rules
        assert game_of_record("toy-game") is rules
    assert "toy" not in game_ids()
    with pytest.raises(ValueError, match="unknown game 'toy'"):
        get_game("toy")


def test_a_match_of_the_toy_game_plays_records_and_replays(toy):
    match = _play_out(Match(3, "toy-seed", game="toy"))
    assert match.deals_played == 3 and sum(match.totals()) == 0
    assert [len(g.history) for g in match.games] == [9, 9, 9]
    record = match.record()
    pack = tuple(f"c{n}" for n in range(1, 13))  # three players: 9 cards dealt of 12, 3 in the widow
    assert record["game"] == "toy-game" and record["deals"][0]["actions"][0].endswith(pack)
    json.loads(json.dumps(record))  # JSON all the way
    again = Match.from_record(record)
    assert again.record() == record and again.totals() == match.totals()
    assert replay(record)["totals"] == match.totals()
    assert [g.history for g in replay_match(record)] == [g.history for g in match.games]
    deal = record["deals"][1]
    assert replay_deal(deal).history == match.games[1].history  # through the record's "game"
    assert toy.deal_record(toy.replay_deal(deal), seed=deal["seed"]) == deal


def test_a_changed_record_of_the_toy_game_is_refused(toy):
    record = _play_out(Match(2, 5, game="toy")).record()
    deal = record["deals"][0]
    bad = {**deal, "result": {**deal["result"], "scores": [9, -9]}}
    with pytest.raises(Exception, match="scores"):
        replay_deal(bad)
    with pytest.raises(Exception, match="TOY-1|TOY-2|not your turn|do not hold"):
        replay_deal({**deal, "actions": list(reversed(deal["actions"]))})


def test_choose_action_plays_the_toy_s_registered_players_and_levels(toy):
    state = toy.new_state(toy.deal("ai", 3, 0))
    while state.turn is not None:
        view = state.view(state.turn)
        chosen = ai.choose_action(view, "ai", state.ply)
        assert chosen == toy_game.choose_v1(view, "ai", state.ply) == ai.choose_action(view, "ai", state.ply,
                                                                                       level="easy")
        assert ai.choose_move(state, "ai", state.ply) == state.move_of(chosen)
        strong = ai.choose_action(view, "ai", state.ply, level="normal")
        assert strong == max(view.legal, key=lambda a: a.card)
        assert ai.hint(view, "ai", state.ply, level="normal")[0] == (strong, float(strong.card))
        assert ai.choose_action(view, "ai", state.ply, level="normal", budget=3) == strong
        state.apply(chosen)
    assert ai.LEVELS["toy"] == {"easy": "v1", "normal": "v2-normal"}
    assert ("toy", "v1") in ai.PLAYERS and ai.searches("toy", "v2-normal") and not ai.searches("toy", "v1")
    with pytest.raises(ValueError, match="unknown level 'strong' for toy"):
        ai.choose_action(toy.new_state(toy.deal(1, 2, 0)).view(1), 1, 0, level="strong")


def test_choose_action_refuses_a_view_of_the_toy_game_once_unregistered():
    with toy_game.registered() as rules:
        view = rules.new_state(rules.deal(1, 2, 0)).view(1)
    assert ("toy", "v1") not in ai.PLAYERS
    with pytest.raises(TypeError, match="not a seat view of a known game"):
        ai.choose_action(view, 1, 0)


def test_push_pop_and_determinize_of_the_toy_game(toy):
    state = toy.new_state(toy.deal("pp", 3, 2))
    while state.turn is not None:
        before = (state.view(0), state.view(1), state.view(2))
        move = state.legal_moves()[-1]
        state.push(move)
        assert state.pop() == move and (state.view(0), state.view(1), state.view(2)) == before
        guess = toy.determinize(state.view(state.turn), DealRng("d"))
        assert guess.view(state.turn) == state.view(state.turn)
        state.push(move)


def test_the_daily_game_and_share_codes_of_the_toy_game(toy):
    assert daily_seed(DATE, 2, "toy") == f"tarot-daily/v1/toy/{DATE}/2"
    match = _play_out(daily_match(DATE, 2, game="toy"), you=lambda legal: legal[-1])
    assert match.deals_to_play == daily_deals(2, "toy") == 2
    code = encode(match, DATE)
    assert code.startswith(f"2.toy.v1.{DATE}.2.2.{match.totals()[YOU]}.")
    result = verify(code, today=DATE)
    assert (result.score, result.match.totals(), result.match.rules) == (match.totals()[YOU], match.totals(), toy)
    assert result_key(code)[:3] == ("toy", DATE, 2)
    with pytest.raises(ValueError, match="check"):
        verify(code[:-1] + ("A" if code[-1] != "A" else "B"))


def test_saves_and_history_of_the_toy_game(toy):
    saves = Saves(MemoryStorage(), tab="t")
    match = Match(2, "saved", game="toy")
    match.current.apply(match.current.legal_actions()[0])
    assert saves.save_game(SavedGame(match, "free")) is None
    loaded, notice = saves.load_game()
    assert notice is None and loaded.match.record() == match.record() and loaded.match.rules is toy
    daily = _play_out(daily_match(DATE, 2, game="toy"), you=lambda legal: legal[-1])
    entry, notice = saves.finish_game(SavedGame(daily, "daily", DATE), DATE)
    assert notice is None and entry["game"] == "toy" and is_compact(entry)
    assert saves.load_game() == (None, None)  # finished: no longer the game in progress
    entries, notice = saves.load_history()
    assert notice is None and entries == [entry]
    assert check_entry(entry) is entry and is_official_daily(entry)
    assert expand_entry(entry)["record"] == daily.record()
    stats = statistics(entries, DATE, game="toy")
    assert (stats.played, stats.daily_played, stats.best_daily) == (1, 1, daily.totals()[YOU])
    taken = sum(1 for g in daily.games if (g.dealer + 1) % 2 == YOU)  # each deal's leader "takes" it
    assert stats.taken.get("lead", [0, 0])[0] == taken
    official, _ = saves.official_daily(DATE, "toy")
    assert official == entry


def test_the_score_sheet_and_the_score_command_take_the_toy_game(toy):
    assert TABLE_SIZES["toy"] == (2, 3) and list(TABLE_SIZES)[-1] == "toy"
    sheet = Sheet.new("toy", ["Ann", "Bob", "Cy"]).add({"tricks": [2, 1, 0]}).add({"tricks": [0, 0, 3]})
    assert sheet.rows == ((3, 0, -3), (-3, -3, 6)) and sheet.totals == (0, -3, 3)
    assert sheet.profile == "plain" and Sheet.from_json(sheet.to_json()) == sheet
    with pytest.raises(SheetError) as e:
        sheet.add({"tricks": [1, 1]})
    assert e.value.key == "tricks"
    assert score_json({"game": "toy", "players": 2, "tricks": [3, 0]}).to_json_dict() == {"scores": [3, -3]}


def test_without_the_toy_game_the_services_do_not_know_it():
    assert "toy" not in TABLE_SIZES and "toy" not in ai.LEVELS
    with pytest.raises(SheetError, match='expected "french" or "hungarian"'):
        Sheet.new("toy", ["Ann", "Bob"])
    with pytest.raises(ValueError, match="no daily game of 'toy'"):
        daily_seed(DATE, 2, "toy")
