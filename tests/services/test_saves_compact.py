"""Compact history entries, the room the history takes, and the data set aside (issue 31, part 4).

A finished match used to be kept as its whole record (18,000–28,000 characters), so that about
200–290 matches filled the ~5.2 million characters a browser gives the site. The history now
keeps each match's moves as indexes into ``legal_actions()`` (tarot_core.saves.compact_entry) and
expands them on demand. The old format comes from ``tests/data/history-full-records.json``, a
history written by the build before this change (``tests/data/make_history_full_records.py``).
Expected figures come from those files, from the matches played here, or are written literally.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import pytest

import helpers
from tarot_core.daily import daily_match
from tarot_core.match import Match
from tarot_core.records import json_equal
from tarot_core.saves import (
    HISTORY_KEY, MemoryStorage, SavedGame, SaveError, Saves, check_entry, compact_entry, expand_entry,
    history_entry, statistics,
)

OLD_HISTORY = (Path(__file__).resolve().parents[1] / "data" / "history-full-records.json").read_text()
OLD_ENTRIES = json.loads(OLD_HISTORY)["entries"]


def played(match):
    """``match`` played to its end by computer player v1 at every seat (tests/helpers.py)."""
    helpers.play_match(match)
    assert match.is_over
    return match


def stored_entries(storage):
    data = json.loads(storage.get(HISTORY_KEY))
    return data["schema"], data["entries"]


# --- old histories ------------------------------------------------------------------------------

def test_the_old_history_fixture_is_the_old_format():
    assert json.loads(OLD_HISTORY)["schema"] == 1 and len(OLD_ENTRIES) == 9
    assert all(isinstance(e["record"], dict) and "moves" not in e for e in OLD_ENTRIES)


def test_an_old_history_is_converted_when_written_and_expands_to_the_very_same_entries():
    storage = MemoryStorage()
    storage.set(HISTORY_KEY, OLD_HISTORY)
    saves = Saves(storage)
    entries, notice = saves.load_history()
    assert notice is None and entries == OLD_ENTRIES  # read as it is
    new, notice = saves.finish_game(SavedGame(played(Match(4, "after the update", 1, first_dealer=3)), "free"),
                                    "2026-12-09")
    assert notice is None
    schema, kept = stored_entries(storage)
    assert schema == 2 and len(kept) == 10 and kept[-1] == new
    assert all("record" not in e and isinstance(e["moves"], str) for e in kept)
    for old, compact in zip(OLD_ENTRIES, kept):
        assert json_equal(expand_entry(compact), old)  # every key, the whole record
    assert len(json.dumps(kept[:9])) * 20 < len(json.dumps(OLD_ENTRIES))
    # Listing and statistics read the summary, and count as they did from the records.
    again, notice = saves.load_history()
    assert notice is None and [e["id"] for e in again] == [e["id"] for e in OLD_ENTRIES] + [new["id"]]
    for game in ("french", "hungarian"):
        assert statistics(again[:9], "2026-12-09", game=game) == statistics(OLD_ENTRIES, "2026-12-09", game=game)
    # Header keys the entry does not give are kept: player version, profile, a free match's seed.
    assert kept[4]["match"] == {"seed": 99, "first_dealer": 0, "deals_to_play": 1, "player": "v3-normal"}
    assert kept[6]["match"] == {"seed": "hu-5", "deals_to_play": 2, "profile": "tournament"}
    assert kept[5]["match"] == {"deals_to_play": 2, "profile": "pagat"}  # a daily's seed is its date's
    assert "match" not in kept[0]  # a whole French daily: everything comes from the entry


def test_a_full_history_at_the_quota_converts_and_the_next_match_is_kept():
    """The player of the issue: the storage is full of records, so every save failed."""
    storage = MemoryStorage(quota=len(OLD_HISTORY) + 2000)
    storage.set(HISTORY_KEY, OLD_HISTORY)
    saves = Saves(storage)
    game = SavedGame(played(daily_match("2026-12-10", 4)), "daily", "2026-12-10")
    assert len(json.dumps(game.match.record())) > 2000  # its record alone would not fit
    entry, notice = saves.finish_game(game, "2026-12-10")
    assert notice is None
    assert [e["id"] for e in stored_entries(storage)[1]] == [e["id"] for e in OLD_ENTRIES] + [entry["id"]]


def _many_old_entries(copies=4):
    """36 entries of the old format: the fixture's, each with other ids (as many matches)."""
    return [{**e, "id": f"{e['id']}-{k}"} for k in range(copies) for e in copy.deepcopy(OLD_ENTRIES)]


def test_a_long_old_history_is_converted_25_matches_per_write():
    """No write replays hundreds of old matches at once: 25 per write, oldest first."""
    old = _many_old_entries()
    storage = MemoryStorage()
    storage.set(HISTORY_KEY, json.dumps({"schema": 1, "kind": "tarot-history", "entries": old}))
    saves = Saves(storage)
    saves.finish_game(SavedGame(played(Match(4, "first", 1, first_dealer=3)), "free"), "2026-12-09")
    kept = stored_entries(storage)[1]
    assert ["record" in e for e in kept] == [False] * 25 + [True] * 11 + [False]
    assert kept[25:36] == old[25:]
    saves.finish_game(SavedGame(played(Match(4, "second", 1, first_dealer=3)), "free"), "2026-12-10")
    kept = stored_entries(storage)[1]
    assert not any("record" in e for e in kept) and len(kept) == 38
    assert all(json_equal(expand_entry(e), o) for e, o in zip(kept, old))


def test_a_long_old_history_at_the_quota_is_converted_at_once():
    old = _many_old_entries()
    storage = MemoryStorage(quota=25_000)  # all compact: about 16,000 characters
    storage.data[HISTORY_KEY] = json.dumps({"schema": 1, "kind": "tarot-history", "entries": old})
    saves = Saves(storage)
    entry, notice = saves.finish_game(SavedGame(played(Match(4, "full", 1, first_dealer=3)), "free"), "2026-12-09")
    assert notice is None
    kept = stored_entries(storage)[1]
    assert len(kept) == 37 and not any("record" in e for e in kept) and kept[-1] == entry
    assert all(json_equal(expand_entry(e), o) for e, o in zip(kept, old))


def test_an_old_export_file_still_imports_and_the_new_one_imports_in_an_old_history():
    old_export = json.dumps({"format": "tarot-core/history", "version": 1, "entries": OLD_ENTRIES})
    saves = Saves(MemoryStorage())
    assert saves.import_history(old_export) == (9, None)
    text = saves.export()
    data = json.loads(text)
    assert data["version"] == 2 and all("record" not in e for e in data["entries"])
    assert len(text) * 20 < len(old_export)
    fresh = Saves(MemoryStorage())
    assert fresh.import_history(text) == (9, None)
    # The two shortened dailies (2 deals: entries 5 and 8) come in as practice: an imported daily
    # counts only once its share code verifies, and a daily is the day's whole match (issue 31 §2).
    expected = [{**old, "practice": True} if k in (5, 8) else old for k, old in enumerate(OLD_ENTRIES)]
    assert [json_equal(expand_entry(e), old) for e, old in zip(fresh.load_history()[0], expected)] == [True] * 9


def test_a_record_the_compact_form_cannot_hold_stays_whole():
    """A header key the engine does not read (here a rules revision it does not know yet) would
    be lost by a replay: such an entry is kept with its record, never shortened with a loss."""
    entry = copy.deepcopy(OLD_ENTRIES[0])
    entry["record"]["revision"] = 2
    assert compact_entry(entry) is entry
    saves = Saves(MemoryStorage())
    saves._write_history([entry])
    assert saves.load_history()[0] == [entry]


# --- tampered compact entries ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def compact_export():
    saves = Saves(MemoryStorage())
    saves.import_history(json.dumps({"format": "tarot-core/history", "version": 1, "entries": OLD_ENTRIES[:3]}))
    return saves.export()


def _moves(e):
    e["moves"] = e["moves"][:-2] + ("A" if e["moves"][-2] != "A" else "B") + e["moves"][-1]


@pytest.mark.parametrize("tamper", [
    _moves,
    lambda e: e.update(moves=e["moves"] + "AAAA"),
    lambda e: e.update(moves="!"),
    lambda e: e.update(taken=e["taken"] + [["garde_contre", True]]),
    lambda e: e.update(taken="none"),
    lambda e: e.update(match={**e.get("match", {}), "seed": "another"}),
    lambda e: e.update(match={**e.get("match", {}), "deals_to_play": 10 ** 9}),
    lambda e: e.update(match=[]),
], ids=["moves", "more-moves", "not-base64", "taken", "taken-type", "seed", "deals", "match-type"])
def test_an_import_with_a_tampered_compact_entry_changes_nothing(compact_export, tamper):
    storage = MemoryStorage()
    saves = Saves(storage)
    saves.finish_game(SavedGame(played(Match(4, "mine", 1, first_dealer=3)), "free"), "2026-12-01")
    before = dict(storage.data)
    data = json.loads(compact_export)
    tamper(data["entries"][1])
    with pytest.raises(SaveError):
        saves.import_history(json.dumps(data))
    assert storage.data == before


def test_a_compact_entry_checks_and_expands_like_its_record():
    match = played(daily_match("2026-12-11", 4, 2, game="hungarian"))
    full = history_entry(SavedGame(match, "daily", "2026-12-11"), "2026-12-11")
    compact = compact_entry(full, match)
    assert set(compact) == set(full) - {"record"} | {"taken", "moves", "match"}
    assert check_entry(copy.deepcopy(compact)) == compact
    assert expand_entry(compact) == full


# --- ten years of daily play ----------------------------------------------------------------------

def test_ten_years_of_daily_play_take_under_two_million_characters():
    """3,650 matches, one a day, through the saves API: entries of real matches (French daily at 4,
    Hungarian daily at 4, free French at 3 and 5, free Hungarian at 5), as finish_game writes them,
    each one repeated on other dates (same moves: the size of a real one), then one more finished."""
    saves = Saves(MemoryStorage())
    day0 = dt.date(2027, 1, 1)
    games = [
        lambda d: SavedGame(played(daily_match(d, 4)), "daily", d),
        lambda d: SavedGame(played(daily_match(d, 4, game="hungarian")), "daily", d),
        lambda d: SavedGame(played(Match(3, "241093384227811", first_dealer=2)), "free"),
        lambda d: SavedGame(played(Match(5, "118734920063457", first_dealer=4)), "free"),
        lambda d: SavedGame(played(Match(5, "77120983344501", first_dealer=4, game="hungarian")), "free"),
    ]
    models = []
    for k, make in enumerate(games):
        date = (day0 + dt.timedelta(days=k)).isoformat()
        models.append(saves.finish_game(make(date), date)[0])
    assert all("record" not in e for e in models)
    entries = []
    for n in range(3649):
        date = (day0 + dt.timedelta(days=n)).isoformat()
        model = models[n % len(models)]
        entries.append({**model, "date": date, "id": model["id"].replace(model["date"], date)})
    assert saves._write_history(entries) is None
    last = (day0 + dt.timedelta(days=3649)).isoformat()
    entry, notice = saves.finish_game(SavedGame(played(daily_match(last, 4)), "daily", last), last)
    assert notice is None
    history, notice = saves.load_history()
    assert notice is None and len(history) == 3650 and history[-1] == entry
    used = sum(len(k) + len(v) for k, v in saves.storage.data.items())
    assert used < 2_000_000, used
    assert statistics(history, last).played == 3650


# --- room ---------------------------------------------------------------------------------------

def test_finishing_a_match_warns_when_the_storage_is_nearly_full():
    storage = MemoryStorage()
    storage.set("tarot.corrupt.1", "x" * 3_990_000)
    saves = Saves(storage)
    match = played(Match(4, "room", 1, first_dealer=3))
    entry, notice = saves.finish_game(SavedGame(match, "free"), "2026-12-01")
    assert notice is None  # 3,990,000 + about 400: under 4,000,000
    storage.set("tarot.corrupt.2", "y" * 20_000)
    entry, notice = saves.finish_game(SavedGame(played(Match(4, "room 2", 1, first_dealer=3)), "free"),
                                      "2026-12-02")
    assert str(notice).startswith("The browser's storage for this game is nearly full (77% used)")
    assert storage.get(HISTORY_KEY) is not None and len(saves.load_history()[0]) == 2


def test_the_data_set_aside_is_listed_and_deleted_only_on_request():
    storage = MemoryStorage()
    storage.set("tarot.corrupt.10", "abc")
    storage.set("tarot.corrupt.2", "{not json")
    storage.set("tarot.save", "{}")
    storage.set("other.key", "kept")
    saves = Saves(storage)
    assert saves.set_aside_keys() == [("tarot.corrupt.2", 9), ("tarot.corrupt.10", 3)]
    for key in ("tarot.save", "other.key", "tarot.corrupt.3", "tarot.corrupt.x", "tarot.corrupt."):
        assert saves.delete_set_aside(key) is False
    assert sorted(storage.data) == ["other.key", "tarot.corrupt.10", "tarot.corrupt.2", "tarot.save"]
    assert saves.delete_set_aside("tarot.corrupt.2") is True
    assert saves.set_aside_keys() == [("tarot.corrupt.10", 3)]
    assert sorted(storage.data) == ["other.key", "tarot.corrupt.10", "tarot.save"]
