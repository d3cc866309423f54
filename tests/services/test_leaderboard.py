"""The daily leaderboard without a server (tarot_core.leaderboard, issue 18 §4): names made safe,
links whose name is checked, entries verified by replay, ranking per day and game, storage that
keeps bad data aside."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from golden_data import PINNED_CODES, PINNED_CODES_2
from tarot_core.leaderboard import (NAME_MAX, BoardEntry, ShareLinkError, add_entry, clean_name, dates,
                                    link_fragment, parse_board, parse_link, ranked)
from tarot_core.saves import BOARD_KEY, MemoryStorage, SaveError, Saves
from tarot_core.share import ShareCodeError, verify

#: A pinned French daily (2026-12-01, 4 players): you scored +90, totals [90, -38, -182, 130].
CODE_4P = PINNED_CODES[1][0]
#: Its 3-player twin of the same date: -1389, totals [-1389, 741, 648].
CODE_3P = PINNED_CODES_2[0][0]


def sig(code: str, name: str) -> str:
    """The check the module docstring specifies, worked out here independently."""
    return base64.urlsafe_b64encode(hashlib.sha256(f"{code}\n{name}".encode()).digest()).decode()[:8]


def entry(code="c", name="A", score=0, players=4, date="2026-12-01", game="french", mine=False, rank=1):
    return BoardEntry(code, name, game, date, players, score, rank, mine)


# --- names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, kept", [
    ("  Zoé   Kovács ", "Zoé Kovács"),
    ("Ann\u202eevil", "Annevil"),              # a right-to-left override is dropped
    ("a\x00b\x1bc\u200bd", "abcd"),            # controls and a zero-width space
    ("line\nbreak\ttab", "line break tab"),
    ("e\u0301", "\u00e9"),                     # NFC: e + combining acute is é
    ("\u2028\u2029", ""),
    ("김민준", "김민준"),
    ("x" * 40, "x" * NAME_MAX),
    ("a" * (NAME_MAX - 1) + " b", "a" * (NAME_MAX - 1)),  # a cut never ends on a space
])
def test_clean_name(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize("thing", [None, 42, b"name", ["a"]])
def test_clean_name_of_a_non_string_is_empty(thing):
    assert clean_name(thing) == ""


# --- links ----------------------------------------------------------------------------------------

def test_link_with_a_name_is_the_specified_text():
    name = "Zoé K"
    assert link_fragment(CODE_4P, "  Zoé   K ") == f"share={CODE_4P}&by=Zo%C3%A9%20K&sig={sig(CODE_4P, name)}"
    assert parse_link("#" + link_fragment(CODE_4P, name)) == (CODE_4P, name)


def test_link_without_a_name_is_the_old_link():
    assert link_fragment(CODE_4P, " \u202e ") == f"share={CODE_4P}"
    assert parse_link(f"#share={CODE_4P}") == (CODE_4P, "")


def test_percent_encoded_parts_are_read():
    encoded = CODE_4P.replace(".", "%2E")
    assert parse_link(f"#share={encoded}&by=Bob&sig={sig(CODE_4P, 'Bob')}") == (CODE_4P, "Bob")


@pytest.mark.parametrize("fragment, words", [
    (f"#share={CODE_4P}&by=Bob&sig={sig(CODE_4P, 'Rob')}", "altered"),          # name edited
    (f"#share={CODE_4P}&by=Bo&sig={sig(CODE_4P, 'Bob')}", "altered"),           # name cut
    (f"#share={CODE_4P}&by=Bob", "cut or altered"),                              # check dropped
    (f"#share={CODE_4P}&sig={sig(CODE_4P, 'Bob')}", "cut or altered"),          # name dropped
    (f"#share={CODE_4P}&by=&sig={sig(CODE_4P, '')}", "altered"),
    (f"#share={CODE_4P}&by=A%E2%80%AEB&sig={sig(CODE_4P, 'A' + chr(0x202E) + 'B')}", "altered"),  # unclean
    (f"#share={CODE_4P}&by=%FF&sig=AAAAAAAA", "not readable"),
    (f"#share={CODE_4P}&share={CODE_4P}", "twice"),
    (f"#share={CODE_4P}&rank=1", "does not know"),
    ("#by=Bob&sig=AAAAAAAA", "no share code"),
    ("#other", "does not know"),
])
def test_altered_links_are_refused_with_a_sentence(fragment, words):
    with pytest.raises(ShareLinkError, match=words):
        parse_link(fragment)


def test_a_link_error_is_a_share_code_error():
    """The page refuses both the same way (one except clause)."""
    assert issubclass(ShareLinkError, ShareCodeError)


# --- entries and ranking --------------------------------------------------------------------------

def test_entry_of_a_verified_code_carries_its_replayed_result():
    e = BoardEntry.of(verify(CODE_4P), CODE_4P, " Ann ")
    assert (e.name, e.game, e.date, e.players, e.score, e.rank, e.mine) == (
        "Ann", "french", "2026-12-01", 4, 90, 2, False)  # totals [90, -38, -182, 130]: second


def test_ranked_shares_places_and_keeps_table_sizes_apart():
    rows = [entry("a", "Ann", 50), entry("b", "Bob", 120), entry("c", "Cid", 50, mine=True),
            entry("d", "Dan", -10), entry("e", "Eve", 900, players=3), entry("f", "Fay", 10, date="2026-11-30"),
            entry("g", "Gus", 70, game="hungarian")]
    got = [(place, e.name) for place, e in ranked(rows, "french", "2026-12-01")]
    assert got == [(1, "Eve"), (1, "Bob"), (2, "Cid"), (2, "Ann"), (4, "Dan")]
    assert [e.name for _, e in ranked(rows, "hungarian", "2026-12-01")] == ["Gus"]
    assert dates(rows, "french") == ["2026-12-01", "2026-11-30"]


def test_one_entry_per_code_and_your_own_replaces_a_friends():
    friend = entry("x", "Ann", 5)
    listed, new = add_entry([], friend)
    assert (listed, new) == ([friend], True)
    assert add_entry(listed, entry("x", "Other", 5)) == ([friend], False)
    mine = entry("x", "Me", 5, mine=True)
    assert add_entry(listed, mine) == ([mine], False)
    assert add_entry([mine], friend) == ([mine], False)


def test_entry_json_round_trip_and_errors():
    e = entry("x", "Zoé", -3, rank=3, mine=True)
    assert BoardEntry.from_json(json.loads(json.dumps(e.to_json()))) == e
    for field, bad in (("score", "3"), ("players", True), ("mine", 1), ("code", None)):
        data = dict(e.to_json(), **{field: bad})
        with pytest.raises(SaveError, match=repr(field)):
            BoardEntry.from_json(data)
    with pytest.raises(SaveError, match="not allowed"):
        BoardEntry.from_json(dict(e.to_json(), name="a\u202eb"))


# --- storage --------------------------------------------------------------------------------------

def test_board_is_kept_and_merged_with_another_tabs():
    storage = MemoryStorage()
    one, two = Saves(storage, "one"), Saves(storage, "two")
    assert one.load_board() == ([], "", None)
    assert one.set_board_name("  Ann  ") == ("Ann", None)
    a, b = entry("a", "X", 1), entry("b", "Y", 2)
    assert one.add_to_board(a) == (True, None)
    assert two.add_to_board(b) == (True, None)
    assert two.add_to_board(a) == (False, None)
    assert one.load_board() == ([a, b], "Ann", None)


def test_a_corrupt_board_is_kept_aside_and_reported():
    storage = MemoryStorage()
    storage.set(BOARD_KEY, '{"kind": "tarot-leaderboard", "schema": 1, "entries": [{"code": 1}]}')
    saves = Saves(storage)
    entries, name, notice = saves.load_board()
    assert (entries, name) == ([], "")
    assert notice.startswith("Your daily leaderboard could not be opened: it is kept aside as tarot.corrupt.1")
    assert storage.get("tarot.corrupt.1").startswith('{"kind": "tarot-leaderboard"')
    assert storage.get(BOARD_KEY) is None
    assert saves.add_to_board(entry("a")) == (True, None)
    assert storage.get("tarot.corrupt.1").startswith('{"kind": "tarot-leaderboard"')  # still kept


def test_a_full_storage_is_reported_and_changes_nothing():
    storage = MemoryStorage(quota=10)
    added, notice = Saves(storage).add_to_board(entry("a"))
    assert "would not let the game save" in notice
    assert storage.get(BOARD_KEY) is None


# --- stored entries changed outside the page (issue 31) ------------------------------------------

@pytest.mark.parametrize("field, value", [("players", -3), ("players", 7), ("game", "belote"), ("rank", 0),
                                          ("rank", 5), ("date", "x"), ("date", "2026-02-31")])
def test_a_stored_entry_out_of_range_is_refused(field, value):
    """Every field checked in range, not only by type: a board with "-3 players" or "0th of 4"
    is set aside, not drawn."""
    good = entry("a").to_json()
    assert BoardEntry.from_json(good) == entry("a")
    with pytest.raises(SaveError, match=f"no valid '{field}'"):
        BoardEntry.from_json({**good, field: value})


def test_any_json_stored_as_a_leaderboard_gives_entries_or_save_error():
    """Fuzz: whatever JSON a stored board's entries hold, parse_board gives entries or SaveError."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 10), st.floats(allow_nan=False),
                     st.sampled_from(["french", "hungarian", "2025-01-15", "x", ""]), st.text(max_size=3))
    anything = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                          st.dictionaries(st.text(max_size=2), inner, max_size=3)),
                            max_leaves=10)
    fields = {"code": st.text(max_size=3), "name": st.just("Ann"), "game": st.sampled_from(["french", "hungarian"]),
              "date": st.sampled_from(["2025-01-15", "2025-02-30"]), "players": st.integers(2, 6),
              "score": st.integers(-999, 999), "rank": st.integers(0, 6), "mine": st.booleans()}
    one = st.fixed_dictionaries({k: v | anything for k, v in fields.items()}) | anything

    @settings(suppress_health_check=list(HealthCheck))
    @given(st.lists(one, max_size=3))
    def check(entries):
        data = {"kind": "tarot-leaderboard", "schema": 1, "name": "", "entries": entries}
        try:
            board, _ = parse_board(data)
        except SaveError:
            return
        for e in board:
            assert e.players in (3, 4, 5) and 1 <= e.rank <= e.players and e.game in ("french", "hungarian")

    check()
