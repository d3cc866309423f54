"""Saved games, history, statistics and export/import (tarot_core/saves.py).

The storage is the module's own MemoryStorage (a dict with an optional quota), read directly to
check what is kept byte for byte. Expected figures come from the games played here (the engine's
results, summed and ranked by the test) or from entries built by hand, never from saves.py.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import re

import pytest

import helpers
from tarot_core.french.contracts import Contract
from tarot_core.daily import daily_match
from tarot_core.french import Bid, Phase
from tarot_core.match import Match
from tarot_core.saves import (
    HISTORY_KEY, SAVE_KEY, MemoryStorage, SavedGame, SaveError, Saves, check_entry, game_payload,
    expand_entry, migrate, parse_game, rank_of, statistics,
)

CORRUPT = "tarot.corrupt."
DAY = "2026-11-30"

# --- playing ----------------------------------------------------------------------------------


def policy(game):
    """Seat 0's scripted move: a fixed function of the state (so two copies play alike)."""
    legal = game.legal_actions()
    return legal[(len(game.history) * 7 + 3) % len(legal)]


def other_policy(game):
    legal = game.legal_actions()
    return legal[(len(game.history) * 5 + 1) % len(legal)]


def step(match, seat0=policy):
    """One action: ``seat0`` for seat 0, the AI elsewhere (helpers.step)."""
    helpers.step(match, seat0)


def play_until(match, stop=None, seat0=policy):
    """Play (seat 0 scripted, the AI elsewhere) until ``stop(match)`` or the match ends."""
    return helpers.play_match(match, seat0, stop)


def finished(match, seat0=policy):
    play_until(match, seat0=seat0)
    assert match.is_over
    return match


def mid_trick(n_cards, min_tricks=1, deal_index=0):
    """Stop when the current deal (number ≥ deal_index) has n_cards in its trick."""
    return lambda m: (len(m.games) - 1 >= deal_index and m.current.phase is Phase.PLAY
                      and len(m.current.trick) == n_cards and len(m.current.tricks) >= min_tricks)


def snapshot(match):
    """Everything that makes up the state of a match, per deal and per seat."""
    games = []
    for g in match.games:
        games.append({
            "deal": g.deal, "phase": g.phase, "turn": g.turn, "leader": g.leader,
            "hands": [frozenset(h) for h in g.hands], "trick": list(g.trick), "tricks": list(g.tricks),
            "bids": list(g.bids), "contract": g.contract, "taker": g.taker, "called": g.called,
            "partner": g.partner, "ecart": sorted(c.index for c in g.ecart), "chelem": g.chelem_announced,
            "poignees": list(g.poignees), "history": list(g.history), "thrown_in": g.thrown_in,
            "scores": g.result.scores if g.result else None,
            "views": [g.view(s) for s in range(g.players)],
        })
    return {"players": match.players, "seed": match.seed, "deals_to_play": match.deals_to_play,
            "first_dealer": match.first_dealer, "games": games, "totals": match.totals(),
            "deals_played": match.deals_played}


def my_totals(match):
    totals = [0] * match.players
    for g in match.games:
        if g.result is not None:
            totals = [t + s for t, s in zip(totals, g.result.scores)]
    return totals


def my_rank(totals):
    return 1 + sum(1 for t in totals if t > totals[0])


def assert_one_sentence(notice):
    assert isinstance(notice, str) and notice
    assert "\n" not in notice
    assert notice.endswith(".")
    assert not re.search(r"[.!?]\s+[A-Z]", notice[:-1]), notice


def daily_game(date=DAY, deals=None, seat0=policy, players=4):
    return SavedGame(finished(daily_match(date, players, deals), seat0), "daily", date)


def free_game(seed, deals=1, seat0=policy, players=4):
    return SavedGame(finished(Match(players, seed, deals), seat0), "free")


# --- the save schema ----------------------------------------------------------------------------

def test_game_payload_has_the_documented_keys():
    match = play_until(daily_match(DAY, 4, 2), mid_trick(2))
    payload = game_payload(SavedGame(match, "daily", DAY), tab="tab-7", saved=12)
    assert set(payload) == {"schema", "kind", "mode", "date", "practice", "tab", "saved", "player", "match"}
    assert payload["schema"] == 1 and payload["kind"] == "tarot-save" and payload["player"] is True
    assert game_payload(SavedGame(match, "daily", DAY), player=False)["player"] is False
    assert (payload["mode"], payload["date"], payload["practice"]) == ("daily", DAY, False)
    assert (payload["tab"], payload["saved"]) == ("tab-7", 12)
    record = payload["match"]
    assert record["format"] == "tarot-core/match" and record["version"] == 1
    assert record["seed"] == f"tarot-daily/v1/{DAY}/4" and record["first_dealer"] == 3
    assert record["players"] == 4 and record["deals_to_play"] == 2
    json.dumps(payload)  # JSON-ready

    free = game_payload(SavedGame(Match(3, "free-1"), "free"))
    assert (free["mode"], free["date"], free["practice"]) == ("free", None, False)


def test_save_game_writes_compact_json_with_the_tab_and_a_counter():
    storage = MemoryStorage()
    saves = Saves(storage, tab="A")
    match = play_until(daily_match(DAY, 4, 1), mid_trick(1))
    assert saves.save_game(SavedGame(match, "daily", DAY)) is None
    first = json.loads(storage.get(SAVE_KEY))
    step(match)
    assert saves.save_game(SavedGame(match, "daily", DAY)) is None
    second = json.loads(storage.get(SAVE_KEY))
    assert first["tab"] == second["tab"] == "A"
    assert second["saved"] > first["saved"]
    assert len(second["match"]["deals"][0]["actions"]) == len(first["match"]["deals"][0]["actions"]) + 1


CASES = {
    "daily 4p, 2nd deal, two cards in the trick": (lambda: daily_match(DAY, 4, 3), "daily", DAY, mid_trick(2, 2, 1)),
    "daily 3p, one card in the trick": (lambda: daily_match("2026-01-01", 3, 2), "daily", "2026-01-01", mid_trick(1, 3)),
    "daily 5p, three cards in the trick": (lambda: daily_match("2030-02-28", 5, 1), "daily", "2030-02-28", mid_trick(3, 4)),
    "free 4p str seed, one card": (lambda: Match(4, "free/abc", 2, first_dealer=1), "free", None, mid_trick(1, 5)),
    "free 5p int seed, four cards": (lambda: Match(5, 424242, 2), "free", None, mid_trick(4, 2)),
    "free 4p, 2nd deal, three cards": (lambda: Match(4, "x", 3), "free", None, mid_trick(3, 6, 1)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_save_then_load_restores_exactly_the_same_state_mid_trick(name):
    build, mode, date, stop = CASES[name]
    match = play_until(build(), stop)
    assert match.current.phase is Phase.PLAY and match.current.trick, "the script must stop mid-trick"
    before = snapshot(match)
    storage = MemoryStorage()
    assert Saves(storage, "A").save_game(SavedGame(match, mode, date)) is None

    loaded, notice = Saves(storage, "B").load_game()  # another object: nothing kept in memory
    assert notice is None
    assert (loaded.mode, loaded.date, loaded.practice) == (mode, date, False)
    assert snapshot(loaded.match) == before
    assert loaded.match.totals() == my_totals(match)

    # And the game goes on identically from both copies.
    finished(match)
    finished(loaded.match)
    assert loaded.match.record() == match.record()


def test_save_and_load_a_finished_deal_waiting_for_the_next():
    match = play_until(daily_match(DAY, 4, 3), lambda m: m.current.is_over and len(m.games) == 2)
    before = snapshot(match)
    storage = MemoryStorage()
    Saves(storage).save_game(SavedGame(match, "daily", DAY))
    loaded, notice = Saves(storage).load_game()
    assert notice is None and snapshot(loaded.match) == before
    loaded.match.next_deal()
    assert loaded.match.current.deal.dealer == (3 + 2) % 4


def find_taker_in_ecart():
    """A daily where seat 0 bids a garde and becomes the taker (the chien is seen)."""
    def bid_garde(game):
        if game.phase is Phase.BIDDING and Bid(0, Contract.GARDE) in game.legal_actions():
            return Bid(0, Contract.GARDE)
        return game.legal_actions()[0]

    day = dt.date(2026, 1, 1)
    for i in range(60):
        date = (day + dt.timedelta(days=i)).isoformat()
        match = play_until(daily_match(date, 4, 1), lambda m: m.current.phase is not Phase.BIDDING, bid_garde)
        if match.current.phase is Phase.ECART and match.current.taker == 0:
            return match, date
    raise AssertionError("no daily in 60 days where seat 0 takes with a garde")


def test_save_then_load_in_the_middle_of_the_ecart():
    match, date = find_taker_in_ecart()
    game = match.current
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    assert game.phase is Phase.ECART and len(game.ecart) == 2
    before = snapshot(match)
    storage = MemoryStorage()
    Saves(storage).save_game(SavedGame(match, "daily", date))
    loaded, notice = Saves(storage).load_game()
    assert notice is None
    assert snapshot(loaded.match) == before


# --- migrate ----------------------------------------------------------------------------------

def test_migrate_turns_a_bare_match_record_into_a_free_game():
    match = play_until(Match(4, "bare", 2), mid_trick(2, 1))
    record = match.record()
    data = migrate(copy.deepcopy(record))
    assert data["schema"] == 1 and data["kind"] == "tarot-save"
    assert (data["mode"], data["date"], data["practice"]) == ("free", None, False)
    assert data["match"] == record

    game = parse_game(json.dumps(record))
    assert (game.mode, game.date, game.practice) == ("free", None, False)
    assert snapshot(game.match) == snapshot(match)

    storage = MemoryStorage()
    storage.set(SAVE_KEY, json.dumps(record))
    loaded, notice = Saves(storage).load_game()
    assert notice is None and snapshot(loaded.match) == snapshot(match)


def test_migrate_keeps_current_schema_data():
    payload = game_payload(SavedGame(daily_match(DAY), "daily", DAY))
    assert migrate(copy.deepcopy(payload)) == payload


@pytest.mark.parametrize("data", [
    {"schema": 2, "kind": "tarot-save"},
    {"schema": 99, "kind": "tarot-save", "mode": "free"},
    {"schema": "1", "kind": "tarot-save"},
    {"kind": "tarot-save"},
    {"schema": 1, "kind": "something-else"},
    {"schema": 1},
    [],
    None,
    "tarot-save",
    {"format": "tarot-core/deal", "version": 1},
])
def test_migrate_rejects_unknown_or_future_schemas(data):
    with pytest.raises(SaveError):
        migrate(data)


def test_migrate_rejects_a_future_schema_naming_it():
    payload = game_payload(SavedGame(daily_match(DAY), "daily", DAY))
    payload["schema"] = 7
    with pytest.raises(SaveError, match="7"):
        migrate(payload)


# --- corrupt data -------------------------------------------------------------------------------

def _payload_text(mutate):
    match = play_until(daily_match(DAY, 4, 1), mid_trick(2, 2))
    payload = game_payload(SavedGame(match, "daily", DAY))
    mutate(payload)
    return json.dumps(payload)


def _illegal_card(payload):
    """Replace the first card played by another seat's card that it does not hold."""
    deal = payload["match"]["deals"][0]
    hands = deal["hands"]
    for entry in deal["actions"]:
        if "card" in entry:
            seat = entry["seat"]
            entry["card"] = hands[(seat + 1) % 4].split()[0]
            return
    raise AssertionError("no card played")


def _set(key, value):
    def mutate(payload):
        payload[key] = value
    return mutate


def _daily_of_another_date(payload):
    payload["date"] = "2026-12-01"


CORRUPT_CASES = {
    "bad JSON": lambda: "{not json",
    "empty text": lambda: "",
    "truncated JSON": lambda: _payload_text(lambda p: None)[:-40],
    "JSON null": lambda: "null",
    "wrong kind": lambda: _payload_text(_set("kind", "tarot-history")),
    "schema 99": lambda: _payload_text(_set("schema", 99)),
    "unknown mode": lambda: _payload_text(_set("mode", "tournament")),
    "practice not a bool": lambda: _payload_text(_set("practice", "no")),
    "daily without a date": lambda: _payload_text(_set("date", None)),
    "illegal action in the record": lambda: _payload_text(_illegal_card),
    "daily whose seed is not its date's": lambda: _payload_text(_daily_of_another_date),
    "match record without its seed": lambda: _payload_text(lambda p: p["match"].pop("seed")),
    "match is not a record": lambda: _payload_text(_set("match", [1, 2, 3])),
}


@pytest.mark.parametrize("name", list(CORRUPT_CASES))
def test_corrupt_save_is_set_aside_intact_and_reported_in_one_sentence(name):
    raw = CORRUPT_CASES[name]()
    storage = MemoryStorage()
    storage.set(SAVE_KEY, raw)
    storage.set(HISTORY_KEY, '{"schema":1,"kind":"tarot-history","entries":[]}')
    game, notice = Saves(storage).load_game()
    assert game is None
    assert_one_sentence(notice)
    # The player's part first, the technical cause last.
    assert notice.startswith("Your game in progress could not be opened: it is kept aside as "
                             "tarot.corrupt.1, and nothing was deleted (reason: ")
    assert storage.get(CORRUPT + "1") == raw
    assert storage.get(SAVE_KEY) is None
    assert storage.get(HISTORY_KEY) == '{"schema":1,"kind":"tarot-history","entries":[]}'
    assert sorted(storage.keys()) == sorted([CORRUPT + "1", HISTORY_KEY])
    # Loading again: nothing to load, nothing else moved.
    assert Saves(storage).load_game() == (None, None)


def test_parse_game_names_the_problem():
    with pytest.raises(SaveError, match="JSON"):
        parse_game("{")
    with pytest.raises(SaveError, match="date"):
        parse_game(_payload_text(_daily_of_another_date))


def test_corrupt_keys_are_numbered_and_never_overwritten():
    storage = MemoryStorage()
    storage.set(CORRUPT + "1", "the player's older corrupt data")
    storage.set(CORRUPT + "2", "")
    raws = ["{bad 1", "[1, 2", '{"schema": 99, "kind": "tarot-save"}']
    for i, raw in enumerate(raws):
        storage.set(SAVE_KEY, raw)
        game, notice = Saves(storage).load_game()
        assert game is None
        assert f"tarot.corrupt.{3 + i}" in notice
    assert storage.get(CORRUPT + "1") == "the player's older corrupt data"
    assert storage.get(CORRUPT + "2") == ""
    assert [storage.get(f"{CORRUPT}{n}") for n in (3, 4, 5)] == raws
    assert storage.get(SAVE_KEY) is None


def test_corrupt_history_is_set_aside_and_a_finish_starts_a_new_one():
    storage = MemoryStorage()
    storage.set(HISTORY_KEY, '{"schema":1,"kind":"tarot-history","entries":[{"id":3}]}')
    raw = storage.get(HISTORY_KEY)
    saves = Saves(storage)
    entries, notice = saves.load_history()
    assert entries == [] and notice.startswith(  # its one entry is unreadable
        "Your finished match could not be opened: the history as it was is kept aside as tarot.corrupt.1 (reason: ")
    assert_one_sentence(notice)
    assert storage.get(CORRUPT + "1") == raw
    storage.set(HISTORY_KEY, "not json at all")
    game = daily_game()
    entry, notice = saves.finish_game(game, DAY)
    assert storage.get(CORRUPT + "2") == "not json at all"
    assert notice == ("Your history of finished matches could not be opened: it is kept aside as "
                      "tarot.corrupt.2, and nothing was deleted (reason: not valid JSON).")
    assert_one_sentence(notice)
    history, notice = saves.load_history()
    assert notice is None and [e["id"] for e in history] == [entry["id"]]


def test_one_bad_history_entry_costs_only_itself():
    """The history as it was is kept aside intact, the readable matches stay, the notice counts."""
    storage = MemoryStorage()
    saves = Saves(storage)
    good = [saves.finish_game(free_game(seed), DAY)[0] for seed in (1, 2)]
    data = json.loads(storage.get(HISTORY_KEY))
    data["entries"].insert(1, {**data["entries"][0], "date": "2026-13-01"})
    raw = json.dumps(data)
    storage.set(HISTORY_KEY, raw)
    entries, notice = saves.load_history()
    assert [e["id"] for e in entries] == [e["id"] for e in good]
    assert_one_sentence(notice)
    assert notice == ("1 of your 3 finished matches could not be opened: the history as it was is "
                      "kept aside as tarot.corrupt.1, and the other 2 are still in your history "
                      "(reason: a history entry has a bad date '2026-13-01').")
    assert storage.get(CORRUPT + "1") == raw
    assert saves.load_history() == (entries, None)  # written back: no notice the next time


def test_finish_game_after_setting_a_corrupt_history_aside_forgets_the_finished_game():
    storage = MemoryStorage()
    saves = Saves(storage)
    game = daily_game()
    saves.save_game(game)
    storage.set(HISTORY_KEY, "not json at all")
    entry, notice = saves.finish_game(game, DAY)
    assert [e["id"] for e in saves.load_history()[0]] == [entry["id"]]
    assert storage.get(SAVE_KEY) is None


def test_corrupt_daily_date_is_set_aside_not_raised():
    raw = _payload_text(_set("date", "2026-13-01"))
    storage = MemoryStorage()
    storage.set(SAVE_KEY, raw)
    game, notice = Saves(storage).load_game()
    assert game is None and storage.get(CORRUPT + "1") == raw


def test_a_daily_with_another_first_dealer_is_not_the_daily():
    match = play_until(Match(4, f"tarot-daily/v1/{DAY}/4", 1, first_dealer=0), mid_trick(1, 1))
    storage = MemoryStorage()
    storage.set(SAVE_KEY, json.dumps(game_payload(SavedGame(match, "daily", DAY))))
    game, notice = Saves(storage).load_game()
    assert game is None and notice


def test_a_record_with_an_unfinished_deal_before_another_is_rejected():
    match = finished(Match(4, "two", 2))
    payload = game_payload(SavedGame(match, "free"))
    deal0 = payload["match"]["deals"][0]
    deal0["actions"] = deal0["actions"][:10]
    deal0["result"] = None
    with pytest.raises(SaveError):
        parse_game(json.dumps(payload))


def test_a_record_with_more_deals_than_its_match_is_rejected():
    match = finished(Match(4, "many", 2))
    payload = game_payload(SavedGame(match, "free"))
    payload["match"]["deals_to_play"] = 1
    with pytest.raises(SaveError):
        parse_game(json.dumps(payload))


# --- storage failures ----------------------------------------------------------------------------

def test_quota_failure_on_save_gives_a_notice_and_keeps_the_previous_save():
    storage = MemoryStorage()
    saves = Saves(storage)
    match = play_until(daily_match(DAY, 4, 1), mid_trick(1, 1))
    assert saves.save_game(SavedGame(match, "daily", DAY)) is None
    previous = storage.get(SAVE_KEY)
    previous_state = snapshot(match)
    storage.quota = len(previous) + 5  # the next, longer save no longer fits
    for _ in range(3):
        step(match)
    notice = saves.save_game(SavedGame(match, "daily", DAY))
    assert_one_sentence(notice)
    assert storage.get(SAVE_KEY) == previous
    assert storage.keys() == [SAVE_KEY]
    # The game goes on in memory; what is stored is still the earlier, valid state.
    storage.quota = None
    loaded, notice = Saves(storage).load_game()
    assert notice is None and snapshot(loaded.match) == previous_state


def test_quota_failure_on_finish_keeps_the_game_and_the_history():
    storage = MemoryStorage()
    saves = Saves(storage)
    first = daily_game("2026-11-29")
    saves.finish_game(first, "2026-11-29")
    game = daily_game()
    saves.save_game(game)
    history_before, save_before = storage.get(HISTORY_KEY), storage.get(SAVE_KEY)
    storage.quota = len(history_before) + len(save_before) + 10
    entry, notice = saves.finish_game(game, DAY)
    assert_one_sentence(notice)
    assert storage.get(HISTORY_KEY) == history_before
    assert storage.get(SAVE_KEY) == save_before  # not cleared: the result is not kept yet


def test_corrupt_save_that_cannot_be_set_aside_is_left_as_it_was():
    raw = "{corrupt" + "x" * 100
    storage = MemoryStorage(quota=len(raw) + 10)
    storage.set(SAVE_KEY, raw)
    game, notice = Saves(storage).load_game()
    assert game is None
    assert_one_sentence(notice)
    assert notice.startswith("Your game in progress could not be opened, nor set aside: it was left as it was")
    assert storage.get(SAVE_KEY) == raw
    assert storage.keys() == [SAVE_KEY]


# --- history ----------------------------------------------------------------------------------

def test_finish_game_appends_an_entry_and_forgets_the_game_in_progress():
    storage = MemoryStorage()
    saves = Saves(storage)
    game = daily_game()
    saves.save_game(game)
    entry, notice = saves.finish_game(game, DAY)
    assert notice is None
    assert storage.get(SAVE_KEY) is None
    totals = my_totals(game.match)
    assert entry["mode"] == "daily" and entry["date"] == DAY and entry["players"] == 4
    assert entry["totals"] == totals and entry["score"] == totals[0]
    assert entry["rank"] == my_rank(totals)
    assert entry["practice"] is False
    assert "record" not in entry and expand_entry(entry)["record"] == game.match.record()
    history, _ = saves.load_history()
    assert history == [entry]

    free = free_game("free-seed")
    entry2, notice = saves.finish_game(free, "2026-12-03")
    assert notice is None
    assert entry2["mode"] == "free" and entry2["date"] == "2026-12-03" and entry2["practice"] is False
    history, _ = saves.load_history()
    assert [e["id"] for e in history] == [entry["id"], entry2["id"]]
    for e in history:
        assert check_entry(copy.deepcopy(e)) == e


def test_first_completed_daily_is_official_later_ones_are_practice():
    storage = MemoryStorage()
    saves = Saves(storage)
    first = daily_game(seat0=policy)
    second = daily_game(seat0=other_policy)
    assert first.match.record() != second.match.record()
    e1, _ = saves.finish_game(first, DAY)
    e2, _ = saves.finish_game(second, "2026-12-01")
    assert e1["practice"] is False and e2["practice"] is True
    assert saves.official_daily(DAY)[0]["id"] == e1["id"]
    # Another date's daily is official again.
    e3, _ = saves.finish_game(daily_game("2026-12-01"), "2026-12-01")
    assert e3["practice"] is False
    stats = statistics(saves.load_history()[0], "2026-12-01")
    assert stats.daily_played == 2 and stats.played == 3
    assert sorted(r[0] for r in stats.leaderboard) == [DAY, "2026-12-01"]


def test_two_tabs_finishing_games_both_keep_their_results():
    storage = MemoryStorage()
    tab_a, tab_b = Saves(storage, "A"), Saves(storage, "B")
    game_a = daily_game()
    game_b = free_game("tab-b")
    tab_a.save_game(game_a)
    tab_b.save_game(game_b)
    ea, _ = tab_a.finish_game(game_a, DAY)
    eb, _ = tab_b.finish_game(game_b, DAY)
    ids = [e["id"] for e in tab_a.load_history()[0]]
    assert ids == [ea["id"], eb["id"]]
    assert [e["id"] for e in tab_b.load_history()[0]] == ids


def test_a_stale_tab_saving_its_game_does_not_remove_a_finished_result():
    storage = MemoryStorage()
    tab_a, tab_b = Saves(storage, "A"), Saves(storage, "B")
    stale = play_until(daily_match(DAY, 4, 1), mid_trick(2, 1))
    tab_a.save_game(SavedGame(stale, "daily", DAY))
    done = daily_game("2026-12-02")
    eb, _ = tab_b.finish_game(done, "2026-12-02")
    history_after_b = storage.get(HISTORY_KEY)
    tab_a.save_game(SavedGame(stale, "daily", DAY))  # the stale tab keeps saving
    step(stale)
    tab_a.save_game(SavedGame(stale, "daily", DAY))
    assert storage.get(HISTORY_KEY) == history_after_b
    finished(stale)
    ea, _ = tab_a.finish_game(SavedGame(stale, "daily", DAY), DAY)
    assert [e["id"] for e in tab_b.load_history()[0]] == [eb["id"], ea["id"]]


def test_finishing_the_same_game_twice_adds_it_once():
    storage = MemoryStorage()
    saves = Saves(storage)
    game = free_game("twice")
    saves.finish_game(game, DAY)
    saves.finish_game(game, DAY)
    assert len(saves.load_history()[0]) == 1


# --- export and import ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def exported():
    """An exported history of three games (two dailies, whole, so that their codes verify on
    import, one free)."""
    storage = MemoryStorage()
    saves = Saves(storage)
    saves.finish_game(daily_game("2026-11-28", deals=None), "2026-11-28")
    saves.finish_game(daily_game("2026-11-29", deals=None, seat0=other_policy), "2026-11-29")
    saves.finish_game(free_game("exported-free", deals=2), "2026-11-29")
    return saves.export(), saves.load_history()[0]


def test_export_then_import_into_an_empty_storage_gives_the_same_entries(exported):
    text, entries = exported
    data = json.loads(text)
    assert data["format"] == "tarot-core/history" and data["version"] == 2
    assert all("record" not in e for e in data["entries"])  # compact entries (compact_entry)
    storage = MemoryStorage()
    saves = Saves(storage)
    assert saves.import_history(text) == (3, None)
    assert saves.load_history() == (entries, None)
    before = storage.get(HISTORY_KEY)
    assert saves.import_history(text) == (0, None)  # twice: nothing more
    assert storage.get(HISTORY_KEY) == before


def test_import_merges_with_an_existing_history(exported):
    text, entries = exported
    storage = MemoryStorage()
    saves = Saves(storage)
    mine, _ = saves.finish_game(free_game("mine"), DAY)
    added, notice = saves.import_history(text)
    assert (added, notice) == (3, None)
    assert [e["id"] for e in saves.load_history()[0]] == [mine["id"]] + [e["id"] for e in entries]


def _tamper(name):
    def totals(e):
        e["totals"][1] += 1
        e["totals"][2] -= 1

    def score(e):
        e["score"] += 1

    def score_and_totals(e):
        e["totals"][0] += 2
        e["totals"][1] -= 2
        e["score"] = e["totals"][0]

    def rank(e):
        e["rank"] = e["rank"] % 4 + 1

    def illegal_action(e):
        _illegal_card({"match": e["record"]})

    def hands(e):
        deal = e["record"]["deals"][0]
        a, b = deal["hands"][0].split(), deal["hands"][1].split()
        a[0], b[0] = b[0], a[0]
        deal["hands"][0], deal["hands"][1] = " ".join(a), " ".join(b)

    def unfinished(e):
        deal = e["record"]["deals"][-1]
        deal["actions"] = deal["actions"][:-1]
        deal["result"] = None

    def mode(e):
        e["mode"] = "tournament"

    def practice(e):
        e["practice"] = "no"

    def record(e):
        e["record"] = "a match"

    return {"totals": totals, "score": score, "score_and_totals": score_and_totals, "rank": rank,
            "illegal_action": illegal_action, "hands": hands, "unfinished": unfinished, "mode": mode,
            "practice": practice, "record": record}[name]


@pytest.fixture()
def existing():
    """A storage with a history of one's own, and its exact text."""
    storage = MemoryStorage()
    saves = Saves(storage)
    saves.finish_game(daily_game("2026-11-27"), "2026-11-27")
    saves.save_game(SavedGame(play_until(Match(4, "in progress", 1), mid_trick(1, 1)), "free"))
    return storage, saves, dict(storage.data)


@pytest.mark.parametrize("name", ["totals", "score", "score_and_totals", "rank", "illegal_action", "hands",
                                  "unfinished", "mode", "practice", "record"])
def test_import_with_one_tampered_entry_changes_nothing(exported, existing, name):
    text, _ = exported
    storage, saves, before = existing
    data = json.loads(text)
    data["entries"][1] = expand_entry(data["entries"][1])  # an entry with its whole record
    _tamper(name)(data["entries"][1])
    with pytest.raises(SaveError) as info:
        saves.import_history(json.dumps(data))
    assert str(info.value) and "\n" not in str(info.value)
    assert storage.data == before  # byte for byte, every key


@pytest.mark.parametrize("text", [
    "{not json",
    "",
    "[]",
    json.dumps({"format": "tarot-core/match", "version": 1, "entries": []}),
    json.dumps({"format": "tarot-core/history", "version": 3, "entries": []}),
    json.dumps({"format": "tarot-core/history", "version": 1}),
    json.dumps({"format": "tarot-core/history", "version": 1, "entries": {"a": 1}}),
    json.dumps({"format": "tarot-core/history", "version": 1, "entries": [5]}),
])
def test_import_of_a_bad_file_raises_and_changes_nothing(existing, text):
    storage, saves, before = existing
    with pytest.raises(SaveError):
        saves.import_history(text)
    assert storage.data == before


def test_import_rejects_a_record_whose_stated_deal_results_are_false(exported, existing):
    text, _ = exported
    storage, saves, before = existing
    data = json.loads(text)
    data["entries"][0] = expand_entry(data["entries"][0])
    for deal in data["entries"][0]["record"]["deals"]:
        breakdown = (deal.get("result") or {}).get("breakdown")
        if breakdown:
            breakdown.update(taker=0, contract="garde_contre", made=True)
    with pytest.raises(SaveError):
        saves.import_history(json.dumps(data))
    assert storage.data == before


def test_import_rejects_a_daily_entry_whose_match_is_not_that_dates_daily(exported, existing):
    text, _ = exported
    storage, saves, before = existing
    data = json.loads(text)
    free = next(e for e in data["entries"] if e["mode"] == "free")
    free.update(mode="daily", date="2026-11-26", id="daily:forged")
    with pytest.raises(SaveError):
        saves.import_history(json.dumps(data))
    assert storage.data == before


def test_import_keeps_one_official_result_per_date():
    other = Saves(MemoryStorage())
    other.finish_game(daily_game(seat0=other_policy), DAY)
    saves = Saves(MemoryStorage())
    saves.finish_game(daily_game(seat0=policy), DAY)
    saves.import_history(other.export())
    entries, _ = saves.load_history()
    officials = [e for e in entries if e["mode"] == "daily" and not e["practice"] and e["date"] == DAY]
    assert len(officials) == 1
    assert statistics(entries, DAY).daily_played == 1


# --- statistics --------------------------------------------------------------------------------

def entry(date, score=0, rank=1, mode="daily", practice=False, deals=()):
    return {"id": f"{mode}:{date}:{score}:{practice}", "mode": mode, "date": date, "players": 4,
            "score": score, "rank": rank, "totals": [score, 0, 0, -score], "practice": practice,
            "record": {"deals": list(deals), "deals_to_play": 8}}


def took(contract, made, taker=0):
    return {"result": {"thrown_in": None, "scores": [0, 0, 0, 0],
                       "breakdown": {"taker": taker, "contract": contract, "made": made}}}


@pytest.mark.parametrize("totals, seat, rank", [
    ([30, 30, -30, -30], 0, 1),   # tied first: both first
    ([30, 30, -30, -30], 1, 1),
    ([-30, 30, 30, -30], 0, 3),
    ([0, 0, 0, 0], 0, 1),
    ([10, 20, 30, -60], 0, 3),
    ([-60, 10, 20, 30], 0, 4),
    ([100, -20, -40, -40], 0, 1),
])
def test_rank_of_shares_ranks_on_ties(totals, seat, rank):
    assert rank_of(totals, seat) == rank


def test_played_and_won_count_shared_first_places():
    entries = [
        entry("2026-11-01", 30, rank=rank_of([30, 30, -30, -30])),
        entry("2026-11-02", 50, rank=1),
        entry("2026-11-03", -20, rank=3, mode="free"),
        entry("2026-11-04", -80, rank=4, practice=True),
    ]
    stats = statistics(entries, "2026-11-30")
    assert stats.played == 4
    assert stats.won == 2


def test_taken_and_made_per_contract():
    entries = [
        entry("2026-11-01", deals=[took("garde", True), took("garde", False), took("prise", True),
                                   took("garde_sans", True, taker=2),
                                   {"result": {"thrown_in": "all_pass", "scores": [0, 0, 0, 0]}},
                                   {"result": None}]),
        entry("2026-11-02", mode="free", deals=[took("garde_contre", False), took("prise", False)]),
    ]
    stats = statistics(entries, "2026-11-30")
    assert stats.taken == {"garde": [2, 1], "prise": [2, 1], "garde_contre": [1, 0]}


def test_taken_and_made_match_a_real_game():
    game = daily_game()
    expected = {}
    for g in game.match.games:
        if g.result is not None and g.result.taker == 0:
            counts = expected.setdefault(g.result.score.contract.value, [0, 0])
            counts[0] += 1
            counts[1] += int(g.result.score.made)
    saves = Saves(MemoryStorage())
    saves.finish_game(game, DAY)
    assert statistics(saves.load_history()[0], DAY).taken == expected


@pytest.mark.parametrize("dates, today, streak", [
    (["2026-03-10", "2026-03-09", "2026-03-08", "2026-03-06"], "2026-03-10", 3),
    (["2026-03-09", "2026-03-08"], "2026-03-10", 2),            # ending yesterday still counts
    (["2026-03-08", "2026-03-07"], "2026-03-10", 0),            # a day missed: no streak
    (["2026-03-10"], "2026-03-10", 1),
    ([], "2026-03-10", 0),
    (["2026-02-28", "2026-02-27", "2026-02-26"], "2026-03-01", 3),  # across a month end
    (["2024-03-01", "2024-02-29", "2024-02-28"], "2024-03-01", 3),  # leap day
    (["2026-01-01", "2025-12-31"], "2026-01-01", 2),            # across a year end
    (["2026-03-10", "2026-03-08"], "2026-03-10", 1),            # a gap resets
])
def test_daily_streak(dates, today, streak):
    entries = [entry(d, score=i) for i, d in enumerate(dates)]
    assert statistics(entries, today).streak == streak


def test_practice_and_free_games_do_not_count_in_the_streak_or_best_daily():
    entries = [
        entry("2026-03-10", 500, practice=True),
        entry("2026-03-10", 400, mode="free"),
        entry("2026-03-09", -10),
        entry("2026-03-08", 20),
    ]
    stats = statistics(entries, "2026-03-10")
    assert stats.streak == 2
    assert stats.daily_played == 2
    assert stats.best_daily == 20
    assert statistics(entries[:2], "2026-03-10").streak == 0
    assert statistics(entries[:2], "2026-03-10").best_daily is None
    assert statistics([], "2026-03-10").best_daily is None


def test_best_daily_and_leaderboard_order():
    entries = [
        entry("2026-03-01", -40, rank=3),
        entry("2026-03-02", 120, rank=1),
        entry("2026-03-03", 15, rank=2),
        entry("2026-03-04", 999, rank=1, practice=True),
        entry("2026-03-05", 800, rank=1, mode="free"),
        entry("2026-03-06", -200, rank=4),
    ]
    stats = statistics(entries, "2026-03-06")
    assert stats.best_daily == 120
    assert stats.leaderboard == [("2026-03-02", 120, 1), ("2026-03-03", 15, 2), ("2026-03-01", -40, 3),
                                 ("2026-03-06", -200, 4)]
    assert stats.daily_played == 4
    assert stats.won == 3  # rank 1: the 120, the practice 999 and the free 800


def test_statistics_of_a_real_history():
    storage = MemoryStorage()
    saves = Saves(storage)
    games = [(daily_game("2026-11-28"), "2026-11-28"), (daily_game("2026-11-29"), "2026-11-29"),
             (daily_game("2026-11-29", seat0=other_policy), "2026-11-29"), (free_game("f"), "2026-11-30")]
    for game, day in games:
        saves.finish_game(game, day)
    stats = statistics(saves.load_history()[0], "2026-11-30")
    assert stats.played == 4
    assert stats.daily_played == 2
    assert stats.streak == 2
    official = [my_totals(games[0][0].match)[0], my_totals(games[1][0].match)[0]]
    assert stats.best_daily == max(official)
    assert sorted(s for _, s, _ in stats.leaderboard) == sorted(official)
    assert stats.won == sum(my_rank(my_totals(g.match)) == 1 for g, _ in games)


# --- found by tests/core/test_robustness.py ------------------------------------------------------------

#: JSON that json.loads refuses with a plain ValueError (a number of more than 4300 digits: Python's
#: int-from-text limit) or a RecursionError (nesting too deep), not a JSONDecodeError.
UNREADABLE_JSON = ["1" * 4301, '{"schema": 1, "saved": -' + "9" * 5000 + "}", "[" * 100_000 + "]" * 100_000]


@pytest.mark.parametrize("raw", UNREADABLE_JSON, ids=["long number", "long number inside", "deep nesting"])
def test_json_too_long_or_too_deep_to_read_is_corrupt_data_not_a_crash(existing, raw):
    with pytest.raises(SaveError, match="not valid JSON|nested too deeply"):
        parse_game(raw)
    storage, saves, before = existing
    storage.set(SAVE_KEY, raw)
    game, notice = saves.load_game()
    assert game is None and "kept aside as tarot.corrupt.1" in notice
    assert storage.get(CORRUPT + "1") == raw
    storage.set(HISTORY_KEY, raw)
    entries, notice = saves.load_history()
    assert entries == [] and "kept aside as tarot.corrupt.2" in notice
    assert storage.get(CORRUPT + "2") == raw
    snapshot = dict(storage.data)
    with pytest.raises(SaveError, match="not valid JSON|nested too deeply"):
        saves.import_history(raw)
    assert storage.data == snapshot


#: The reproduction of issue 31: under Pyodide, json.loads of this overflows the WebAssembly stack
#: and kills the page before Python's RecursionError (every reload a blank table).
DEEP = "[" * 200_000 + "]" * 200_000


class StackOverflow(BaseException):
    """What Pyodide does to deep JSON: nothing a reader's ``except Exception`` could catch."""


@pytest.fixture()
def fatal_deep_json(monkeypatch):
    """``json.loads`` as Pyodide's stack treats deep text: fatal (here, a BaseException that no
    ``except Exception`` catches, :class:`StackOverflow`) for text nesting more than 1,000 levels. Every reader of
    outside JSON must measure the text first (tarot_core.jsonsafe) and never hand it over."""
    real = json.loads

    def loads(text, *args, **kwargs):
        if isinstance(text, (str, bytes)) and ("[" * 1000 in str(text) or "{" * 1000 in str(text)):
            raise StackOverflow("json.loads was given text nested 1,000 levels deep: the page would die")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)


@pytest.mark.parametrize("key", [SAVE_KEY, HISTORY_KEY, "tarot.leaderboard", "tarot.sheet"])
def test_deeply_nested_stored_data_is_measured_before_parsing_and_set_aside(fatal_deep_json, key):
    """Issue 31: 200,000 nested brackets in any stored key never reach json.loads; the data is
    moved aside under tarot.corrupt.1 with a notice naming the reason, jsonsafe's limit."""
    storage = MemoryStorage()
    storage.set(key, DEEP)
    saves = Saves(storage)
    loaded = {SAVE_KEY: saves.load_game, HISTORY_KEY: saves.load_history, "tarot.leaderboard": saves.load_board,
              "tarot.sheet": saves.load_sheet}[key]()
    notice = loaded[-1]
    assert str(notice).endswith("kept aside as tarot.corrupt.1, and nothing was deleted "
                                "(reason: the data is nested too deeply (more than 64 levels)).")
    assert storage.get("tarot.corrupt.1") == DEEP and storage.get(key) is None


def test_a_deeply_nested_import_is_refused_before_parsing(fatal_deep_json):
    storage = MemoryStorage()
    with pytest.raises(SaveError, match=r"^the data is nested too deeply \(more than 64 levels\)$"):
        Saves(storage).import_history(DEEP)
    assert storage.data == {}
    with pytest.raises(SaveError, match="nested too deeply"):
        parse_game(DEEP)


@pytest.mark.parametrize("record", [
    {"deals": 5},
    {"deals": "garde"},
    {"deals": {"0": took("garde", True)}},
    {"deals": [[took("garde", True)]]},
    {"deals": [{"result": "garde"}]},
    {"deals": [{"result": [took("garde", True)["result"]]}]},
    {"deals": [{"result": {"breakdown": ["garde"]}}]},
    {"deals": [{"result": {"breakdown": {"taker": 0, "made": True}}}]},
    {"deals": [{"result": {"breakdown": {"taker": 0, "contract": ["garde"], "made": True}}}]},
    {"deals": [{"result": {"breakdown": {"taker": 0, "contract": "tournament", "made": True}}}]},
    {"deals": [{"result": {"breakdown": {"taker": False, "contract": "garde", "made": True}}}]},
], ids=["deals a number", "deals a text", "deals an object", "a deal a list", "a result a text",
        "a result a list", "a breakdown a list", "no contract", "a contract a list", "unknown contract",
        "taker false"])
def test_statistics_skip_a_stored_record_changed_outside_the_game(record):
    """load_history checks an entry's shape but not its record (it is not replayed): what a
    stored record that was changed outside the game holds must not crash the statistics (the
    page's history screen) nor count as a deal you took (found by tests/core/test_robustness.py)."""
    bad = {**entry("2026-11-02", 10), "record": {**record, "deals_to_play": 8}}
    storage = MemoryStorage()
    storage.set(HISTORY_KEY, json.dumps({"schema": 1, "kind": "tarot-history",
                                         "entries": [entry("2026-11-01", deals=[took("prise", True)]), bad]}))
    entries, notice = Saves(storage).load_history()
    assert notice is None and len(entries) == 2
    stats = statistics(entries, "2026-11-02")
    assert stats.taken == {"prise": [1, 1]}
    assert (stats.played, stats.daily_played, stats.streak) == (2, 2, 2)


def test_import_rejects_totals_stated_as_false_for_zero():
    """A finished match whose totals are all 0: an entry stating them as ``false`` (equal in
    Python, not in JSON) does not replay to the scores it states (found by test_robustness.py)."""
    game = free_game("zero-9", deals=2, seat0=None)
    assert game.match.totals() == [0, 0, 0, 0]
    source = Saves(MemoryStorage())
    source.finish_game(game, DAY)
    data = json.loads(source.export())
    assert Saves(MemoryStorage()).import_history(json.dumps(data)) == (1, None)
    data["entries"][0]["totals"] = [False] * 4
    storage = MemoryStorage()
    with pytest.raises(SaveError, match="scores it states|bad 'totals'"):  # a bool is no total (issue 31)
        Saves(storage).import_history(json.dumps(data))
    assert storage.data == {}


def test_a_notice_is_english_text_that_keeps_its_template_and_fields() -> None:
    """Issue 18 §1: a page can word the engine's sentences in its own language."""
    from tarot_core.errors import Message, message_of

    store = MemoryStorage()
    store.set(SAVE_KEY, '{"kind": "tarot-save", "schema": 99}')
    game, notice = Saves(store).load_game()
    assert game is None and notice == ("Your game in progress could not be opened: it is kept aside as "
                                       "tarot.corrupt.1, and nothing was deleted (reason: the saved game has "
                                       "schema 99, which this version cannot read).")
    assert isinstance(notice, Message) and notice.template.startswith("{what} could not be opened: ")
    assert notice.params["aside"] == "tarot.corrupt.1" and notice.params["what"] == "Your game in progress"
    reason = notice.params["reason"]
    assert reason.template == "the saved game has schema {schema}, which this version cannot read"
    assert reason.params == {"schema": "99"}
    error = SaveError(Message("a history entry has a bad {field}", field="'rank'"))
    assert str(error) == "a history entry has a bad 'rank'" and message_of(error).params == {"field": "'rank'"}
    assert message_of(ValueError("plain")) == "plain"
    count = Message("{n} match", "{n} matches", 3)
    assert count == "3 matches" and Message("{n} match", "{n} matches", 1) == "1 match" and count.n == 3
    with pytest.raises(KeyError):
        Message("{missing}")


@pytest.mark.parametrize("field, value", [("players", 2), ("players", 9), ("rank", 0), ("rank", 5),
                                          ("totals", [1, 2, 3]), ("totals", [0, 0, 0, "x"]),
                                          ("totals", [0, 0, 0, [0]])])
def test_a_stored_history_entry_out_of_range_is_refused(field, value):
    """Issue 31: a history entry's figures checked in range, not only by type (the history
    screen and statistics read them): the entry is refused, the others kept."""
    good = entry("2026-11-01", 10)
    assert check_entry(good, replay_record=False) == good
    with pytest.raises(SaveError, match=f"bad '{field}'"):
        check_entry({**good, field: value}, replay_record=False)


def test_any_json_stored_as_history_entries_gives_entries_or_a_notice():
    """Fuzz: whatever JSON a stored history's entries hold, load_history and statistics give
    entries and a notice, never an exception."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 10), st.floats(allow_nan=False),
                     st.sampled_from(["french", "hungarian", "daily", "free", "2026-11-01", ""]), st.text(max_size=3))
    anything = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                          st.dictionaries(st.text(max_size=2), inner, max_size=3)),
                            max_leaves=10)
    base = entry("2026-11-01", 10)
    one = st.fixed_dictionaries({k: st.just(v) | anything for k, v in base.items()},
                                optional={"game": st.sampled_from(["french", "hungarian"]) | anything}) | anything

    @settings(suppress_health_check=list(HealthCheck))
    @given(st.lists(one, max_size=3))
    def check(entries):
        storage = MemoryStorage()
        storage.set(HISTORY_KEY, json.dumps({"schema": 1, "kind": "tarot-history", "entries": entries}))
        kept, notice = Saves(storage).load_history()
        statistics(kept, "2026-11-02")
        for e in kept:
            assert 1 <= e["rank"] <= e["players"] == len(e["totals"])

    check()
