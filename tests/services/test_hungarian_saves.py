"""Saved games, history and statistics of Hungarian Tarokk matches (tarot_core/saves.py).

Saves round-trip a Hungarian match in any phase (mid-auction, mid-discard, mid-announcements,
mid-trick), its daily game included; history entries name their game (``"game"``; an entry
without one is French Tarot) and the statistics count one game or all of them. Expected figures
come from the engine's own states (declarer, bid, winner) or from entries built by hand, never
from saves.py.
"""

from __future__ import annotations

import copy
import json

import pytest

from tarot_core.ai import choose_move
from tarot_core.daily import daily_match
from tarot_core.hungarian.actions import Announce, Kontra, Pass, Phase
from tarot_core.hungarian.scoring import Side
from tarot_core.match import Match
from tarot_core.saves import (
    HISTORY_KEY, SAVE_KEY, MemoryStorage, SavedGame, SaveError, Saves, check_entry, entry_game, history_entry,
    expand_entry, is_daily_of, parse_game, statistics,
)

DAY = "2026-12-02"
CORRUPT = "tarot.corrupt."


def policy(game):
    """Seat 0's scripted move: a fixed function of the state (so two copies play alike)."""
    legal = game.legal_actions()
    return legal[(len(game.history) * 7 + 3) % len(legal)]


def other_policy(game):
    legal = game.legal_actions()
    return legal[(len(game.history) * 5 + 1) % len(legal)]


def play_until(match, stop=None, seat0=policy):
    """Seat 0 by ``seat0``, the others by the computer player (seeded as the match seeds it),
    until ``stop(match)`` (asked before every action) or the end of the match."""
    while True:
        game = match.current
        while game.turn is not None:
            if stop is not None and stop(match):
                return match
            if game.turn == 0:
                game.apply(seat0(game))
            else:
                game.apply(game.action_of(choose_move(game, match.current_seed, game.ply, version=match.player)))
        if match.is_over:
            return match
        match.next_deal()


def finished(match, seat0=policy):
    play_until(match, seat0=seat0)
    assert match.is_over
    return match


def hu_daily(date=DAY, deals=None, seat0=policy, players=4):
    return SavedGame(finished(daily_match(date, players, deals, game="hungarian"), seat0), "daily", date)


def snapshot(match):
    """Everything a Hungarian match is made of: every deal's state (undo stack aside), its legal
    actions and every seat's view."""
    games = []
    for g in match.games:
        state = {k: v for k, v in vars(g).items() if k != "_undo"}
        state["legal"] = g.legal_actions()
        state["views"] = [g.view(s) for s in range(g.players)]
        games.append(state)
    return {"players": match.players, "seed": match.seed, "deals_to_play": match.deals_to_play,
            "first_dealer": match.first_dealer, "profile": match.profile, "player": match.player,
            "games": games, "totals": match.totals(), "deals_played": match.deals_played}


def after_the_call(match):
    """In the announcements, after at least one announcement, kontra or pass following the call."""
    g = match.current
    return g.phase is Phase.ANNOUNCEMENTS and any(isinstance(a, (Announce, Kontra, Pass)) for a in g.history)


def mid_trick(n_cards, min_tricks=1, deal_index=0):
    return lambda m: (len(m.games) - 1 >= deal_index and m.current.phase is Phase.PLAY
                      and len(m.current.trick) == n_cards and len(m.current.tricks) >= min_tricks)


def in_phase(phase, deal_index=0, min_actions=1):
    return lambda m: (len(m.games) - 1 >= deal_index and m.current.phase is phase
                      and len(m.current.history) >= min_actions)


CASES = {
    "daily 4p, announcements": (lambda: daily_match(DAY, 4, 2, game="hungarian"), "daily", DAY, after_the_call),
    "daily 4p, two cards in a trick": (lambda: daily_match(DAY, 4, 2, game="hungarian"), "daily", DAY, mid_trick(2, 2)),
    "daily 4p, 2nd deal, three cards": (lambda: daily_match(DAY, 4, 3, game="hungarian"), "daily", DAY,
                                        mid_trick(3, 4, 1)),
    "daily 5p, one card in a trick": (lambda: daily_match("2026-11-30", 5, 2, game="hungarian"), "daily",
                                      "2026-11-30", mid_trick(1, 3)),
    "daily 5p, announcements": (lambda: daily_match("2026-11-30", 5, 2, game="hungarian"), "daily", "2026-11-30",
                                after_the_call),
    "daily 4p, auction": (lambda: daily_match(DAY, 4, 2, game="hungarian"), "daily", DAY,
                          in_phase(Phase.BIDDING, 0, 2)),
    "daily 4p, discards": (lambda: daily_match(DAY, 4, 2, game="hungarian"), "daily", DAY,
                           in_phase(Phase.DISCARD, 0, 6)),
    "free 4p tournament, 2nd deal, announcements": (
        lambda: Match(4, "hu-free/a", 3, first_dealer=1, game="hungarian", profile="tournament"), "free", None,
        lambda m: len(m.games) > 1 and after_the_call(m)),
    "free 5p int seed, two cards": (lambda: Match(5, 424242, 2, game="hungarian"), "free", None, mid_trick(2, 1)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_save_then_load_restores_exactly_the_same_hungarian_state(name):
    build, mode, date, stop = CASES[name]
    match = play_until(build(), stop)
    assert stop(match) and match.current.turn is not None, "the script must stop inside a deal"
    before = snapshot(match)
    storage = MemoryStorage()
    assert Saves(storage, "A").save_game(SavedGame(match, mode, date)) is None

    loaded, notice = Saves(storage, "B").load_game()  # another object: nothing kept in memory
    assert notice is None
    assert (loaded.mode, loaded.date, loaded.practice) == (mode, date, False)
    assert loaded.match.rules.id == "hungarian"
    after = snapshot(loaded.match)
    assert after == before
    assert [g.history for g in loaded.match.games] == [g.history for g in match.games]
    assert loaded.match.current.legal_actions() == match.current.legal_actions()

    # And the game goes on identically from both copies.
    finished(match)
    finished(loaded.match)
    assert loaded.match.record() == match.record()


def test_a_hungarian_daily_saved_and_finished_goes_to_the_history_and_back():
    game = hu_daily()
    storage = MemoryStorage()
    saves = Saves(storage)
    saves.save_game(game)
    assert json.loads(storage.get(SAVE_KEY))["match"]["profile"] == "pagat"
    entry, notice = saves.finish_game(game, DAY)
    assert notice is None and storage.get(SAVE_KEY) is None
    assert entry["game"] == "hungarian" and entry["mode"] == "daily" and entry["practice"] is False
    assert entry["totals"] == game.match.totals() and expand_entry(entry)["record"] == game.match.record()
    history, notice = saves.load_history()
    assert notice is None and history == [entry]
    assert check_entry(copy.deepcopy(entry)) == entry
    assert saves.official_daily(DAY, "hungarian")[0]["id"] == entry["id"]
    assert saves.official_daily(DAY)[0] is None  # no French daily of that date


# --- which match is the daily ------------------------------------------------------------------

def test_is_daily_of_checks_the_game_seed_dealer_and_profile():
    seed = f"tarot-daily/v1/hungarian/{DAY}/4"
    assert is_daily_of(daily_match(DAY, 4, 2, game="hungarian"), DAY)
    assert is_daily_of(Match(4, seed, 2, first_dealer=3, game="hungarian", profile="pagat"), DAY)
    assert not is_daily_of(Match(4, seed, 2, first_dealer=3, game="hungarian", profile="tournament"), DAY)
    assert not is_daily_of(Match(4, seed, 2, first_dealer=3, game="hungarian"), DAY)  # no profile named
    assert not is_daily_of(Match(4, seed, 2, first_dealer=0, game="hungarian", profile="pagat"), DAY)
    assert not is_daily_of(daily_match(DAY, 4, 2, game="hungarian"), "2026-12-03")
    # The French daily's seed on a Hungarian match, and the Hungarian seed on a French one.
    assert not is_daily_of(Match(4, f"tarot-daily/v1/{DAY}/4", 2, first_dealer=3, game="hungarian",
                                 profile="pagat"), DAY)
    assert not is_daily_of(Match(4, seed, 2, first_dealer=3), DAY)
    assert is_daily_of(daily_match(DAY, 4, 2), DAY)  # French, as before


def _payload(game, mutate):
    storage = MemoryStorage()
    Saves(storage).save_game(game)
    payload = json.loads(storage.get(SAVE_KEY))
    mutate(payload)
    return json.dumps(payload)


def _profile(value):
    def mutate(payload):
        record = payload["match"]
        for holder in [record] + record["deals"]:
            if value is None:
                holder.pop("profile", None)
            else:
                holder["profile"] = value
    return mutate


def _date(payload):
    payload["date"] = "2026-12-03"


@pytest.mark.parametrize("mutate, words", [
    (_profile("tournament"), "not the daily deal of its date"),
    (_profile(None), "not the daily deal of its date"),
    (_date, "not the daily deal of its date"),
], ids=["tournament profile", "no profile", "another date"])
def test_a_saved_hungarian_daily_that_is_not_the_daily_is_set_aside(mutate, words):
    match = play_until(daily_match(DAY, 4, 2, game="hungarian"), in_phase(Phase.BIDDING, 0, 2))
    raw = _payload(SavedGame(match, "daily", DAY), mutate)
    with pytest.raises(SaveError, match=words):
        parse_game(raw)
    storage = MemoryStorage()
    storage.set(SAVE_KEY, raw)
    game, notice = Saves(storage).load_game()
    assert game is None and "kept aside as tarot.corrupt.1" in notice
    assert storage.get(CORRUPT + "1") == raw


# --- history entries name their game -----------------------------------------------------------------

def test_history_entries_name_their_game():
    french = SavedGame(finished(daily_match(DAY, 4, 1)), "daily", DAY)
    assert history_entry(french, DAY)["game"] == "french"
    assert history_entry(hu_daily(), DAY)["game"] == "hungarian"
    free = SavedGame(finished(Match(5, "hu-free/b", 1, game="hungarian", profile="tournament")), "free")
    assert history_entry(free, DAY)["game"] == "hungarian"
    assert entry_game({}) == "french" and entry_game({"game": "hungarian"}) == "hungarian"


def test_check_entry_reads_old_entries_as_french_and_checks_the_game_against_the_replay():
    french = history_entry(SavedGame(finished(daily_match(DAY, 4)), "daily", DAY), DAY)
    old = {k: v for k, v in french.items() if k != "game"}  # written before "game" existed
    assert check_entry(copy.deepcopy(old)) == old
    hungarian = history_entry(hu_daily(), DAY)
    assert check_entry(copy.deepcopy(hungarian)) == hungarian
    with pytest.raises(SaveError, match="Hungarian Tarokk, not the game its entry states"):
        check_entry({k: v for k, v in hungarian.items() if k != "game"})  # no "game": French
    with pytest.raises(SaveError, match="French Tarot, not the game its entry states"):
        check_entry({**french, "game": "hungarian"})
    for bad in ("skat", 5, None, ["hungarian"]):
        with pytest.raises(SaveError, match="unknown game"):
            check_entry({**hungarian, "game": bad}, replay_record=False)


def test_an_entry_of_an_unknown_game_costs_only_itself():
    good = history_entry(hu_daily(), DAY)
    storage = MemoryStorage()
    storage.set(HISTORY_KEY, json.dumps({"schema": 1, "kind": "tarot-history",
                                         "entries": [good, {**good, "id": "x", "game": "skat"}]}))
    entries, notice = Saves(storage).load_history()
    assert entries == [good] and "1 of your 2 finished matches" in notice


def test_a_french_and_a_hungarian_daily_of_the_same_date_are_both_official():
    storage = MemoryStorage()
    saves = Saves(storage)
    french, _ = saves.finish_game(SavedGame(finished(daily_match(DAY, 4)), "daily", DAY), DAY)
    hungarian, _ = saves.finish_game(hu_daily(), DAY)
    again, _ = saves.finish_game(hu_daily(seat0=other_policy), DAY)
    assert (french["practice"], hungarian["practice"], again["practice"]) == (False, False, True)
    assert saves.official_daily(DAY)[0]["id"] == french["id"]
    assert saves.official_daily(DAY, "hungarian")[0]["id"] == hungarian["id"]
    entries = saves.load_history()[0]
    assert statistics(entries, DAY).daily_played == 2
    assert statistics(entries, DAY, game="french").daily_played == 1
    assert statistics(entries, DAY, game="hungarian").daily_played == 1


def test_export_and_import_of_hungarian_entries():
    source = Saves(MemoryStorage())
    source.finish_game(hu_daily(deals=None), DAY)  # whole: an imported daily counts once its code verifies
    source.finish_game(SavedGame(finished(Match(4, "hu-free/c", 1, game="hungarian", profile="tournament")),
                                 "free"), DAY)
    exported = source.export()
    target = Saves(MemoryStorage())
    assert target.import_history(exported) == (2, None)
    assert target.load_history()[0] == source.load_history()[0]

    # A Hungarian daily of one date is official beside the French one of that date on import too.
    french = Saves(MemoryStorage())
    french.finish_game(SavedGame(finished(daily_match(DAY, 4)), "daily", DAY), DAY)
    assert french.import_history(exported) == (2, None)
    assert [e["practice"] for e in french.load_history()[0]] == [False, False, False]
    # … and a second Hungarian official result of that date comes in as practice.
    other = Saves(MemoryStorage())
    other.finish_game(hu_daily(seat0=other_policy), DAY)
    assert other.import_history(exported)[0] == 2
    assert [(e["game"], e["practice"]) for e in other.load_history()[0]] == [
        ("hungarian", False), ("hungarian", True), ("hungarian", False)]


def test_import_refuses_a_hungarian_daily_entry_of_another_profile():
    source = Saves(MemoryStorage())
    source.finish_game(SavedGame(finished(Match(4, f"tarot-daily/v1/hungarian/{DAY}/4", 1, first_dealer=3,
                                                game="hungarian", profile="tournament")), "daily", DAY), DAY)
    storage = MemoryStorage()
    with pytest.raises(SaveError, match="not the daily game of that date"):
        Saves(storage).import_history(source.export())
    assert storage.data == {}


# --- statistics by game ---------------------------------------------------------------------------

def entry(date, score=0, rank=1, mode="daily", practice=False, deals=(), game=None):
    e = {"id": f"{mode}:{date}:{score}:{practice}:{game}", "mode": mode, "date": date, "players": 4,
         "score": score, "rank": rank, "totals": [score, 0, 0, -score], "practice": practice,
         "record": {"deals": list(deals), "deals_to_play": 8}}
    if game is not None:
        e["game"] = game
    return e


def took(contract, made, taker=0):
    """A French deal's result (tests/services/test_saves.py's)."""
    return {"result": {"thrown_in": None, "scores": [0, 0, 0, 0],
                       "breakdown": {"taker": taker, "contract": contract, "made": made}}}


def declared(bid, winner, declarer=0):
    """A Hungarian deal's result, as tarot_core.hungarian.records.result_entry writes it."""
    return {"result": {"thrown_in": None, "scores": [0, 0, 0, 0],
                       "breakdown": {"bid": bid, "declarer": declarer, "partner": 2, "called": "T20", "alone": False,
                                     "points": 60, "tricks": 5, "winner": winner, "items": [], "multiplier": 1,
                                     "profile": "pagat"}}}


def test_hungarian_deals_count_by_bid_and_the_declarers_side_winning():
    entries = [entry("2026-11-01", game="hungarian",
                     deals=[declared("three", "declarer"), declared("three", "opponents"), declared("solo", "declarer"),
                            declared("two", "declarer", declarer=1), {"result": {"thrown_in": "all_pass",
                                                                                 "scores": [0, 0, 0, 0]}},
                            {"result": None}, declared("four", "declarer"), declared("one", "opponents")])]
    stats = statistics(entries, "2026-11-01", game="hungarian")
    assert stats.taken == {"three": [2, 1], "solo": [1, 1], "one": [1, 0]}
    assert statistics(entries, "2026-11-01").taken == stats.taken
    assert statistics(entries, "2026-11-01", game="french").taken == {}


def test_statistics_by_game_count_only_that_games_entries():
    french_old = entry("2026-11-01", 30, deals=[took("garde", True)])  # no "game": French
    french_new = entry("2026-11-02", -10, rank=3, game="french", deals=[took("prise", False)])
    hu = [entry("2026-11-02", 55, game="hungarian", deals=[declared("two", "declarer")]),
          entry("2026-11-03", -5, rank=2, game="hungarian", deals=[declared("two", "opponents")]),
          entry("2026-11-03", 99, mode="free", game="hungarian")]
    every = [french_old, french_new] + hu
    french = statistics(every, "2026-11-03", game="french")
    assert french == statistics([french_old, french_new], "2026-11-03")
    assert (french.played, french.won, french.daily_played, french.streak, french.best_daily) == (2, 1, 2, 2, 30)
    assert french.taken == {"garde": [1, 1], "prise": [1, 0]}
    hungarian = statistics(every, "2026-11-03", game="hungarian")
    assert (hungarian.played, hungarian.won, hungarian.daily_played, hungarian.streak) == (3, 2, 2, 2)
    assert hungarian.best_daily == 55 and hungarian.taken == {"two": [2, 1]}
    assert hungarian.leaderboard == [("2026-11-02", 55, 1), ("2026-11-03", -5, 2)]
    together = statistics(every, "2026-11-03")
    assert (together.played, together.daily_played, together.streak) == (5, 4, 3)
    assert together.taken == {"garde": [1, 1], "prise": [1, 0], "two": [2, 1]}


def test_a_breakdown_of_the_other_game_is_not_counted():
    entries = [entry("2026-11-01", game="hungarian", deals=[took("garde", True)]),
               entry("2026-11-02", deals=[declared("two", "declarer"), took("three", True)])]
    assert statistics(entries, "2026-11-02").taken == {}


def test_french_only_statistics_are_the_same_with_or_without_the_game():
    entries = [entry("2026-11-01", 30, deals=[took("garde", True), took("garde_sans", False)]),
               entry("2026-11-02", 10, game="french", deals=[took("prise", True)]),
               entry("2026-11-02", 5, mode="free")]
    assert statistics(entries, "2026-11-02") == statistics(entries, "2026-11-02", game="french")
    assert statistics(entries, "2026-11-02", game="hungarian") == statistics([], "2026-11-02")


def test_an_unknown_game_is_refused_by_the_statistics():
    with pytest.raises(ValueError, match="skat"):
        statistics([], "2026-11-02", game="skat")


def test_taken_and_made_match_a_real_hungarian_history():
    game = hu_daily(deals=None)  # the whole 8-deal daily
    expected: dict = {}
    for g in game.match.games:
        if g.phase is Phase.DONE and g.declarer == 0:
            counts = expected.setdefault(g.level.value, [0, 0])
            counts[0] += 1
            counts[1] += g.result.winner is Side.DECLARER
    assert sum(c[0] for c in expected.values()) >= 2 and any(c[1] for c in expected.values())
    assert any(c[1] < c[0] for c in expected.values())  # some made, some not
    saves = Saves(MemoryStorage())
    saves.finish_game(game, DAY)
    saves.finish_game(SavedGame(finished(daily_match(DAY, 4, 2)), "daily", DAY), DAY)  # a French one beside
    entries = saves.load_history()[0]
    assert statistics(entries, DAY, game="hungarian").taken == expected
    assert not set(statistics(entries, DAY, game="french").taken) & set(expected)
