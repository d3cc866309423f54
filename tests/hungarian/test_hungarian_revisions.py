"""Hungarian Tarokk rules revision 2 (issue 31): HU-3.1's invitations count from the hold, and a
failed trial three (HU-3.3) is paid into the match; revision 1 (everything recorded or shared
before) replays as it always did.

Expected values come from the rules file (``docs/rules/hungarian-tarokk.md``): the cards a bid
promises, the −3/+1/+1/+1 of a failed trial three; the pinned revision-2 share code is a literal
made with this code and checked against an independent replay (the daily match played by the
documented policy).
"""

from __future__ import annotations

import copy
import json

import pytest

from tarot_core.ai import choose_action
from tarot_core.daily import daily_match
from tarot_core.errors import IllegalActionError, RecordError
from tarot_core.hungarian.actions import Bid, Call, Discard, Phase
from tarot_core.hungarian.cards import parse_card, parse_cards
from tarot_core.hungarian.dealing import Deal, deal
from tarot_core.hungarian.records import deal_record, replay_deal
from tarot_core.hungarian.scoring import Bid as Level
from tarot_core.hungarian.state import HungarianDeal
from tarot_core.match import Match
from tarot_core.share import ShareCodeError, encode, verify

THREE, TWO, ONE, SOLO = Level.THREE, Level.TWO, Level.ONE, Level.SOLO
XIX, XVIII = parse_card("T19"), parse_card("T18")


def bids(game: HungarianDeal, text: str) -> HungarianDeal:
    """Apply ``"0:three 1:two 2:pass"`` (seat:bid) to ``game``."""
    for item in text.split():
        seat, level = item.split(":")
        game.apply(Bid(int(seat), None if level == "pass" else Level.parse(level)))
    return game


def issue_deal() -> Deal:
    """The issue's first reproduction: pagat, 4 players, dealer 3."""
    hands = ["T1 T2 T5 T13 T16 T21 JS NS 1D", "T12 T14 T17 SKIZ ND KD 10C NC QC",
             "T3 T9 T15 T18 T19 T20 KS JD KC", "T6 T7 T11 10S QS JH QH QD JC"]
    return Deal(4, 3, tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards("1H T4 KH T8 T10 NH")))


# --- HU-3.1: the lowest bid allowed to a player who may still hold is the hold ------------------

def test_hu_3_1_three_two_then_one_by_the_first_bidder_invites_with_the_xix():
    game = bids(HungarianDeal(issue_deal()), "0:three 1:two 2:pass 3:pass")
    assert XIX not in game.hands[0]
    # one promises the XIX, solo the XVIII (seat 0 holds neither); a pass would yield without the XX
    assert game.legal_actions() == [Bid(0, TWO)]
    assert game.revision == 2
    with pytest.raises(IllegalActionError) as info:
        game.apply(Bid(0, ONE))
    assert (info.value.rule, info.value.key) == ("HU-3.1", "invitation_without_card")
    with pytest.raises(IllegalActionError) as info:
        game.apply(Bid(0, SOLO))
    assert info.value.rule == "HU-3.1" and info.value.params["card"] == "T18"


def test_hu_3_1_five_players_seed_1009():
    game = bids(HungarianDeal(deal(1009, 5, 0)), "1:three 2:pass 3:pass 4:two")
    assert XIX not in game.hands[1]
    assert Bid(1, ONE) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="T19"):
        game.apply(Bid(1, ONE))


def test_hu_3_1_solo_over_a_held_level_promises_the_xviii_and_governs_discard_and_call():
    game = bids(HungarianDeal(deal(50193, 5, 1)), "2:pass 3:three 4:two 0:pass")
    assert game.bid_kind(Bid(3, ONE)) == ("invitation", XIX)
    assert game.bid_kind(Bid(3, SOLO)) == ("invitation", XVIII)
    bids(game, "3:solo")
    assert game.bids[-1] == (3, SOLO, "invitation") and game.invitation == (3, XVIII)
    bids(game, "4:solo 3:pass")  # seat 4 holds the solo and declares: it must call the invited XVIII
    assert (game.declarer, game.level, game.phase) == (4, SOLO, Phase.DISCARD)
    while game.phase is Phase.DISCARD:
        legal = game.legal_actions()
        if game.turn == 3 and isinstance(legal[0], Discard):
            assert Discard(3, XVIII) not in legal  # the promised card may not be discarded (HU-4)
        game.apply(legal[0])
    assert game.phase is Phase.CALL and game.legal_actions() == [Call(4, XVIII)]  # HU-5


@pytest.mark.parametrize("make, text, seat", [
    (issue_deal, "0:three 1:two 2:pass 3:pass", 0),
    (lambda: deal(1009, 5, 0), "1:three 2:pass 3:pass 4:two", 1),
])
def test_revision_1_keeps_the_one_a_plain_bid(make, text, seat):
    game = bids(HungarianDeal(make(), revision=1), text)
    assert Bid(seat, ONE) in game.legal_actions() and game.bid_kind(Bid(seat, ONE)) == ("bid", None)
    game = bids(HungarianDeal(deal(50193, 5, 1), revision=1), "2:pass 3:three 4:two 0:pass")
    assert game.bid_kind(Bid(3, ONE)) == ("bid", None) and game.bid_kind(Bid(3, SOLO)) == ("invitation", XIX)


def test_a_deal_record_carries_its_revision_and_an_old_one_replays_as_revision_1():
    game = bids(HungarianDeal(issue_deal(), revision=1), "0:three 1:two 2:pass 3:pass 0:one")
    old = deal_record(game)
    assert "revision" not in old  # as every record made before revision 2
    assert replay_deal(old).bids[-1] == (0, ONE, "bid")
    with pytest.raises(RecordError, match="HU-3.1"):
        replay_deal({**old, "revision": 2})
    new = deal_record(bids(HungarianDeal(issue_deal()), "0:three 1:two 2:pass 3:pass 0:two"))
    assert new["revision"] == 2 and replay_deal(new).revision == 2
    for bad in (3, 0, True, "2"):
        with pytest.raises(RecordError, match="revision"):
            replay_deal({**new, "revision": bad})
    with pytest.raises(ValueError, match="revision"):
        HungarianDeal(issue_deal(), revision=3)


# --- HU-3.3: a failed trial three is paid into the match -----------------------------------------

def failed_trial(revision=None) -> Match:
    options = {} if revision is None else {"revision": revision}  # none: the newest, as the page plays
    match = Match(4, "hu-cases-trial-0", game="hungarian", **options)
    bids(match.current, "1:pass 2:pass 3:pass 0:three")
    assert match.current.phase is Phase.ANNULLED and match.current.scores == (-3, 1, 1, 1)
    return match


def test_hu_3_3_a_failed_trial_three_reaches_the_totals_and_the_score_sheet():
    match = failed_trial()
    assert match.totals() == [-3, 1, 1, 1]
    assert match.score_rows() == [(None, (-3, 1, 1, 1), [-3, 1, 1, 1])]  # no deal number: it does not count
    assert match.revision == 2
    assert match.deals_played == 0 and match.scored == [match.games[0]]
    nxt = match.next_deal()
    assert nxt.dealer == 0 and nxt.multiplier == 2  # redealt by the same dealer, the round doubled
    record = match.record()
    assert record["revision"] == 2 and record["totals"] == [-3, 1, 1, 1]
    back = Match.from_record(record)
    assert back.revision == 2 and back.totals() == [-3, 1, 1, 1] and back.score_rows() == match.score_rows()


def test_hu_3_3_revision_1_keeps_its_totals_and_its_records_load():
    match = failed_trial(revision=1)
    assert match.totals() == [0, 0, 0, 0] and match.score_rows() == []
    match.next_deal()
    record = match.record()
    assert "revision" not in record
    back = Match.from_record(record)  # a saved game of before: it loads, on revision 1
    assert back.revision == 1 and back.totals() == [0, 0, 0, 0]
    with pytest.raises(RecordError, match="totals"):
        Match.from_record({**record, "totals": [0, 0, 0, 0]})
    with pytest.raises(RecordError, match="revision"):
        Match.from_record({**record, "revision": 9})


def test_deal_revisions_must_be_the_matchs():
    record = failed_trial().record()
    bad = copy.deepcopy(record)
    bad["revision"] = 1
    with pytest.raises(RecordError, match="revision"):
        Match.from_record(bad)


def test_a_saved_game_of_before_loads_on_revision_1_and_goes_on():
    from tarot_core.saves import SavedGame, game_payload, parse_game

    match = failed_trial(revision=1)
    text = json.dumps(game_payload(SavedGame(match)))
    assert '"revision"' not in text  # as the saves made before revision 2
    loaded = parse_game(text).match  # (it was refused before: its record totals hold the payment)
    assert loaded.revision == 1 and loaded.totals() == [0, 0, 0, 0]
    nxt = loaded.next_deal()
    assert nxt.revision == 1 and nxt.multiplier == 2
    new = parse_game(json.dumps(game_payload(SavedGame(failed_trial())))).match
    assert new.revision == 2 and new.totals() == [-3, 1, 1, 1]


def test_the_pages_score_sheets_show_the_paid_annulled_deal():
    from web_helpers import parse

    from tarot_page import screens
    from tarot_page.games.french import render  # web/, put on sys.path by web_helpers
    from tarot_page.screens import MatchInfo

    match = failed_trial()
    info = MatchInfo.of(match)
    sheet = parse(render.scores_html(info)).find(id="match-scores")
    row = sheet.find("tr", cls="annulled")
    assert "trial three, annulled" in row.find("th").find("small").text
    assert [c.children[0] for c in row.find_all("td")] == ["−3" if "−" in row.text else "-3", "+1", "+1", "+1"]
    assert [int(t.text.replace("−", "-")) for t in sheet.find("tr", cls="totals").find_all("td")] == [-3, 1, 1, 1]
    assert sheet.find_all("tr", data_deal=True) == []  # no counted deal yet
    shared = parse(screens.shared_html("2026-10-25", -3, 4, info, "Hungarian Tarokk")).find(id="shared")
    row = shared.find("tr", cls="annulled")
    assert "trial three, annulled" in row.find("th").text
    assert len(row.find_all("td")) == 4


# --- share codes: revision 2 travels in format 3; the codes made before verify as revision 1 -----

def policy(game: HungarianDeal, seed) -> object:
    """Seat 0's moves in :data:`golden_data.PINNED_CODES_HU_R2`: a trial three whenever offered,
    an invitation once it has bid (so from the hold), an opening three holding the XIX or the
    XVIII; otherwise computer player v1's choice on its view."""
    legal = game.legal_actions()
    if game.phase is Phase.BIDDING:
        kinds = {a: game.bid_kind(a) for a in legal}
        for action, (kind, _card) in kinds.items():
            if kind == "trial" or (kind == "invitation" and any(s == 0 and lv is not None for s, lv, _k in game.bids)):
                return action
        if (game.level is None and kinds.get(Bid(0, THREE), ("",))[0] == "bid"
                and (XIX in game.hands[0] or XVIII in game.hands[0])):
            return Bid(0, THREE)
    return choose_action(game.view(0), seed, len(game.history))


def play_daily(date: str, players: int = 4, revision=None) -> Match:
    options = {} if revision is None else {"revision": revision}  # none: the newest, as the page plays
    match = daily_match(date, players, game="hungarian", **options)
    while True:
        game = match.current
        while game.turn is not None:
            if game.turn == 0:
                game.apply(policy(game, match.current_seed))
            else:
                game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))
        if match.is_over:
            return match
        match.next_deal()


def with_check(body: str) -> str:
    import base64
    import hashlib

    return f"{body}.{base64.urlsafe_b64encode(hashlib.sha256(body.encode()).digest()).decode()[:8]}"


def test_the_pinned_revision_2_code_crosses_both_changed_rules():
    from golden_data import PINNED_CODES_HU_R2

    code, totals, date = PINNED_CODES_HU_R2[0]
    match = play_daily(date)
    assert match.totals() == totals
    assert encode(match, date) == code  # the literal, exactly
    result = verify(code)
    assert result.score == totals[0] and result.match.totals() == totals and result.match.revision == 2
    first, second = result.match.games[:2]
    # HU-3.1: you bid three, seat 2 two, and your solo (one level above the hold) invites with the XVIII
    assert first.bids[:5] == [(0, THREE, "bid"), (1, None, "pass"), (2, TWO, "bid"), (3, None, "pass"),
                              (0, SOLO, "invitation")] and first.invitation == (0, XVIII)
    # HU-3.3: your trial three finds no honour: annulled, paid, and on the score sheet
    assert second.phase is Phase.ANNULLED and second.bids[-1] == (0, THREE, "trial")
    assert second.scores == (-3, 1, 1, 1) and result.match.score_rows()[1] == (None, (-3, 1, 1, 1), [16, -20, -16, 20])
    assert result.match.deals_played == 8
    assert encode(result.match, date) == code
    # The same moves in format 2 replay on revision 1: another game, refused
    body = code.rsplit(".", 1)[0].split(".")
    with pytest.raises(ShareCodeError):
        verify(with_check(".".join(["2", body[1], body[2]] + body[4:])))


def test_codes_made_before_verify_on_revision_1_and_a_revision_2_daily_that_crosses_nothing_keeps_format_2():
    from golden_data import PINNED_CODES_HU, hungarian_policy

    for code, totals, (date, players, deals, seed) in PINNED_CODES_HU:
        result = verify(code)
        assert result.match.revision == 1 and result.match.totals() == totals
        match = daily_match(date, players, deals, game="hungarian")
        assert match.revision == 2
        seat0 = hungarian_policy(seed)
        while True:
            game = match.current
            while game.turn is not None:
                game.apply(seat0(game) if game.turn == 0 else
                           choose_action(game.view(game.turn), match.current_seed, len(game.history)))
            if match.is_over:
                break
            match.next_deal()
        assert encode(match, date) == code
        asked = encode(match, date, format="3")  # format 3 may still be asked for: it verifies alike
        assert asked.startswith("3.hungarian.v1.2.") and verify(asked).match.totals() == totals
        with pytest.raises(ValueError, match="format"):
            encode(result.match, date, format="3")  # revision 1 has no format 3


@pytest.mark.parametrize("revision, words", [("1", "impossible"), ("3", "impossible"), ("02", "non-standard"),
                                             ("+2", "non-standard"), ("٢", "non-standard"),
                                             ("9" * 5000, "non-standard")],
                         ids=["1", "3", "02", "+2", "arabic-indic 2", "5000 digits"])
def test_a_format_3_code_names_a_revision_the_game_has(revision, words):
    from golden_data import PINNED_CODES_HU_R2

    parts = PINNED_CODES_HU_R2[0][0].split(".")[:-1]
    parts[3] = revision
    with pytest.raises(ShareCodeError, match=words):
        verify(with_check(".".join(parts)))


def test_format_3_is_refused_for_french_tarot_and_when_incomplete():
    from golden_data import PINNED_CODES_2, PINNED_CODES_HU_R2

    french = PINNED_CODES_2[0][0].split(".")[:-1]
    with pytest.raises(ShareCodeError, match="impossible"):
        verify(with_check(".".join(["3", *french[1:3], "2", *french[3:]])))
    with pytest.raises(ShareCodeError, match="incomplete"):
        verify(with_check(".".join(PINNED_CODES_HU_R2[0][0].split(".")[:-2])))


def test_your_failed_trial_three_is_worded_for_you():
    """The table said "You's trial three is annulled, and You pays each player" (the name slot
    filled with "You"): your own trial three is worded in the second person."""
    from web_helpers import FakePage, parse

    from tarot_page import table  # web/
    from tarot_core.saves import SAVE_KEY, SavedGame, game_payload

    page = FakePage("?pace=0", data={SAVE_KEY: json.dumps(game_payload(SavedGame(failed_trial())))})
    table.Table(page).open()
    page.run_tasks()
    status = parse(page.html).find(cls="status").text
    assert status.startswith("No honour in the talon: your trial three is annulled, and you pay each player.")
