"""A daily result cannot be gamed (issue 31, part 2): a daily result is the day's whole match and
dated no later than tomorrow (``verify(code, today)``), one result is one leaderboard entry
whatever the text of its code, and an imported history marks a day played only with a result
whose share code verifies by replay.

Expected lengths are the rules' (FR-8: 9, 8, 10 counted deals at 3, 4, 5 players; Hungarian
Tarokk: 8 at four, 10 at five, ``docs/rules``), written here as literals; pinned codes come from
``golden_data``.
"""

from __future__ import annotations

import json
import random

import pytest

from golden_data import PINNED_CODES, PINNED_CODES_2, PINNED_CODES_HU
from helpers import play_match, random_policy
from tarot_core.daily import daily_deals, daily_match
from tarot_core.leaderboard import (BoardEntry, ShareLinkError, add_entry, board_json, dates, link_fragment,
                                    parse_board, parse_link)
from tarot_core.saves import HISTORY_KEY, MemoryStorage, SavedGame, Saves, expand_entry, history_entry, statistics
from tarot_core.share import ShareCodeError, encode, result_key, verify

#: Full-length pinned codes: 2026-11-30 and 2026-12-01, French, 4 players, 8 deals.
FULL_OLD, FULL_90 = PINNED_CODES[0][0], PINNED_CODES[1][0]
#: Pinned codes of shortened matches (3 of 9 deals at 3 players, 3 of 10 at 5, 2 of 8 at 4; the
#: Hungarian ones 2 deals): codes of the codec, never daily results.
SHORT = [c for c, _ in PINNED_CODES[2:] + PINNED_CODES_2] + [c for c, _, _ in PINNED_CODES_HU]


def test_the_daily_length_is_the_games_whole_match() -> None:
    assert [daily_deals(p) for p in (3, 4, 5)] == [9, 8, 10]  # FR-8
    assert [daily_deals(p, "hungarian") for p in (4, 5)] == [8, 10]
    with pytest.raises(ValueError):
        daily_deals(3, "hungarian")


# --- a daily result is whole ---------------------------------------------------------------------

@pytest.mark.parametrize("code", [FULL_OLD, FULL_90])
def test_full_length_pinned_codes_verify_as_daily_results(code) -> None:
    pinned = dict(PINNED_CODES)[code]
    result = verify(code, "2026-12-01")
    assert result.deals == 8 and result.match.totals() == pinned


@pytest.mark.parametrize("code", SHORT, ids=lambda c: c[:24])
def test_a_shortened_code_is_not_a_daily_result_but_still_replays(code) -> None:
    with pytest.raises(ShareCodeError, match="shortened game is not a daily result"):
        verify(code, "2027-03-01")
    verify(code)  # the codec's replay alone, as it always did: the pinned totals (test_golden)


def test_a_one_deal_daily_is_refused_naming_its_length() -> None:
    match = play_match(daily_match("2026-12-01", 4, 1), random_policy(3))
    code = encode(match, "2026-12-01")
    with pytest.raises(ShareCodeError) as info:
        verify(code, "2026-12-01")
    assert str(info.value) == ("this share code is of a 1-deal match, but the daily game at 4 players is 8 deals: "
                               "a shortened game is not a daily result")


# --- not dated after tomorrow --------------------------------------------------------------------

def test_a_code_dated_after_tomorrow_is_refused() -> None:
    assert verify(FULL_90, "2026-11-30").date == "2026-12-01"  # tomorrow here: another time zone's today
    assert verify(FULL_90, "2027-06-01").date == "2026-12-01"
    with pytest.raises(ShareCodeError) as info:
        verify(FULL_90, "2026-11-29")
    assert str(info.value) == ("this share code is dated 2026-12-01, later than tomorrow on this device: "
                               "that daily game cannot have been played yet")
    with pytest.raises(ValueError):
        verify(FULL_90, "yesterday")


# --- one result, one entry -----------------------------------------------------------------------

def test_one_result_has_one_key_whatever_its_text() -> None:
    (two, (one, _)) = PINNED_CODES_2[0]
    assert result_key(one) == result_key(two) == result_key(f"  {one}\n") == ("french", "2026-12-01", 3,
                                                                             result_key(one)[3])
    assert result_key(FULL_90) != result_key(FULL_OLD)
    with pytest.raises(ShareCodeError):
        result_key("not a code")


def _entry(code, name, mine=False):
    return BoardEntry.of(verify(code), code, name, mine)


def test_the_same_result_padded_or_re_encoded_is_listed_once() -> None:
    (two, (one, _)) = PINNED_CODES_2[0]
    entries, added = add_entry([], _entry(one, "Ann"))
    assert added
    for text, name in ((f"  {one} ", "Bob"), (two, "Eve"), (f"\n{two}\t", "Zoé")):
        again, added = add_entry(entries, _entry(text, name))
        assert not added and again == entries
    mine, added = add_entry(entries, _entry(two, "Me", mine=True))  # your own replaces a friend's
    assert not added and [(e.name, e.mine) for e in mine] == [("Me", True)]


def test_a_padded_code_is_listed_without_its_white_space() -> None:
    assert _entry(f"  {FULL_90}\n", "Ann").code == FULL_90


def test_a_stored_board_with_duplicates_loads_one_entry_per_result() -> None:
    (two, (one, _)) = PINNED_CODES_2[0]
    stored = [_entry(one, "Ann"), _entry(FULL_90, "Bob"), _entry(f" {one} ", "Eve"), _entry(two, "Me", True),
              _entry(FULL_90, "Bob")]
    data = board_json(stored, "Me")
    # The stored form keeps the text as it was (written before entries were keyed by result).
    data["entries"][2]["code"] = f" {one} "
    entries, name = parse_board(json.loads(json.dumps(data)))
    assert name == "Me"
    assert [(e.name, e.code, e.mine) for e in entries] == [("Me", two, True), ("Bob", FULL_90, False)]


def test_the_days_shown_leave_out_dates_after_tomorrow() -> None:
    entries = [BoardEntry("", "", "french", d, 4, 0, 1) for d in ("2026-11-30", "2026-12-02", "2026-12-03",
                                                                  "2099-01-01")]
    assert dates(entries, "french", "2026-12-01") == ["2026-12-02", "2026-11-30"]
    assert dates(entries, "french") == ["2099-01-01", "2026-12-03", "2026-12-02", "2026-11-30"]


# --- an altered link says it was altered ---------------------------------------------------------

def test_a_link_whose_score_was_altered_says_the_link_was_altered() -> None:
    fragment = link_fragment(FULL_90, "Zoé").replace(".90.", ".91.")
    with pytest.raises(ShareLinkError) as info:
        parse_link(fragment)
    assert str(info.value) == ("this share link was altered after it was shared: its result or the sharer's name "
                               "was changed")
    assert "does not match its check" not in str(info.value)


# --- an imported history ---------------------------------------------------------------------------

TODAY = "2026-12-01"


def _all_random(match, seed):
    """Every seat's moves drawn at random: legal, but not the day's computer players."""
    rnd = random.Random(seed)
    while True:
        while match.current.turn is not None:
            match.current.apply(rnd.choice(match.current.legal_actions()))
        if match.is_over:
            return match
        match.next_deal()


def _exported(*games) -> str:
    """An exported history holding ``games`` as official results, as any build (or an edited
    file) may write them: the entries stored as they are, then exported."""
    storage = MemoryStorage()
    entries = [history_entry(game, game.date) for game in games]
    assert not any(e["practice"] for e in entries)
    storage.data[HISTORY_KEY] = json.dumps({"schema": 1, "kind": "tarot-history", "entries": entries})
    return Saves(storage).export()


def _daily(date=TODAY, deals=None, seed=1, forged=False):
    match = daily_match(date, 4, deals)
    match = _all_random(match, seed) if forged else play_match(match, random_policy(seed))
    return SavedGame(match, "daily", date)


def test_an_imported_daily_that_verifies_counts() -> None:
    saves = Saves(MemoryStorage())
    assert saves.import_history(_exported(_daily()), TODAY) == (1, None)
    official, _ = saves.official_daily(TODAY)
    assert official is not None and official["practice"] is False
    stats = statistics(saves.load_history()[0], TODAY)
    assert stats.daily_played == 1 and stats.streak == 1


@pytest.mark.parametrize("kind", ["shortened", "forged computer moves", "dated after tomorrow"])
def test_an_imported_daily_that_does_not_verify_is_kept_as_practice(kind) -> None:
    game = {"shortened": lambda: _daily(deals=1),
            "forged computer moves": lambda: _daily(forged=True),
            "dated after tomorrow": lambda: _daily(date="2026-12-05")}[kind]()
    saves = Saves(MemoryStorage())
    added, notice = saves.import_history(_exported(game), TODAY)
    assert (added, notice) == (1, None)
    (entry,) = saves.load_history()[0]
    assert entry["practice"] is True  # kept, not counted
    assert saves.official_daily(game.date)[0] is None  # today's daily is still to play
    stats = statistics(saves.load_history()[0], TODAY)
    assert stats.daily_played == 0 and stats.best_daily is None and stats.streak == 0


def test_an_unverified_import_does_not_take_the_place_of_a_verified_one() -> None:
    saves = Saves(MemoryStorage())
    text = _exported(_daily(deals=1, seed=4))
    text2 = _exported(_daily(seed=5))
    saves.import_history(text, TODAY)
    saves.import_history(text2, TODAY)
    official, _ = saves.official_daily(TODAY)
    assert official is not None and expand_entry(official)["record"]["deals_to_play"] == 8


# --- a shortened daily saved or stored before the fix ---------------------------------------------

def test_a_shortened_daily_finished_now_is_recorded_as_practice() -> None:
    """A daily saved mid-game while ``?deals=1`` still shortened it, finished after the fix: it
    goes into the history as practice, and today still has no official result."""
    saves = Saves(MemoryStorage())
    entry, _ = saves.finish_game(_daily(deals=1), TODAY)
    assert entry["practice"] is True
    assert saves.official_daily(TODAY) == (None, None)
    whole, _ = saves.finish_game(_daily(seed=2), TODAY)
    assert whole["practice"] is False and saves.official_daily(TODAY)[0]["id"] == whole["id"]


def test_a_shortened_daily_stored_as_official_counts_nowhere() -> None:
    """An older build stored a 1-deal daily as official: the statistics (days played, best daily,
    leaderboard) and the day's official result leave it out; the whole daily counts."""
    storage = MemoryStorage()
    short, whole = _daily(deals=1, seed=4), _daily(date="2026-11-30", seed=5)
    old = [history_entry(short, TODAY), history_entry(whole, "2026-11-30")]
    assert old[0]["practice"] is False and old[0]["record"]["deals_to_play"] == 1
    storage.data[HISTORY_KEY] = json.dumps({"schema": 1, "kind": "tarot-history", "entries": old})
    saves = Saves(storage)
    entries, _ = saves.load_history()
    stats = statistics(entries, TODAY)
    assert stats.daily_played == 1 and stats.best_daily == whole.match.totals()[0]
    assert [date for date, _, _ in stats.leaderboard] == ["2026-11-30"]
    assert saves.official_daily(TODAY) == (None, None)
