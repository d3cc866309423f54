"""End-to-end: Hungarian Tarokk in the page (headless Chromium), played by clicking.

Each test opens ``?game=hungarian&…`` (or the start screen's Hungarian tab) and plays your seat
while a CPython mirror of the same match (``e2e_play_hu``) checks, at every one of your turns,
that the page offers exactly the legal actions: the bids, the cards you may discard, the calls, the
announcement round's values, the playable cards; and at the end of each deal that the score sheet
shows the mirror's scores and items. The seeds are searched in CPython with the same choices the
tests make in the page. Any request to another host or console error fails a test (conftest).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e_play_hu import (NAMES, YOU, HuMirrorPlayer, find_seed, open_table, page_match, query, ready, signed,
                         tokens, values, wait_mirror, yours)
from tarot_core.daily import daily_match
from tarot_core.hungarian.actions import Announce, Bid, Kontra, Phase
from tarot_core.hungarian.cards import format_card, parse_card
from tarot_core.share import verify

XX = parse_card("T20")
TODAY_JS = """() => { const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }"""


def you_declared(game) -> bool:
    """You won the auction below solo (so you discard and call) and the deal was played out."""
    return game.phase is Phase.DONE and game.declarer == YOU and game.level.value != "solo"


@pytest.mark.e2e
def test_four_players_a_whole_deal_as_declarer(page: Page, site_url: str) -> None:
    """You bid (twice: a computer bids over you and you hold), discard, call, pass the
    announcements, play your nine cards; the sheet shows the mirror's scores."""
    seed = find_seed(4, lambda m: you_declared(m.current) and len(yours(m.current, Bid)) >= 2)
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    assert page.evaluate("document.body.dataset.game") == "hungarian"
    expect(page.locator(".seat")).to_have_count(4)
    expect(page.locator(".hand .card")).to_have_count(9)  # HU-2: nine cards each, six in the talon
    player = HuMirrorPlayer(page, match, declare=True)
    assert player.play_deal() == "done"
    seen = player.seen_phases
    assert seen.count("bidding") >= 2 and seen.count("discard") == 1 and seen.count("call") == 1
    assert "announcements" in seen and seen.count("play") == 9  # every card played by a click
    assert match.current.declarer == YOU
    expect(page.locator(".seat[data-seat='0'] .badge.taker")).to_be_visible()
    player.check_score_sheet()
    # The title says whether your side won the game (HU-8.1), whatever the bonuses paid.
    won = match.current.result.winner.value == "declarer"
    expect(page.locator("#score-sheet h2")).to_have_text(f"You {'won' if won else 'lost'} your {match.current.level.value}")


@pytest.mark.e2e
def test_five_players_you_declare_then_sit_out_as_dealer(page: Page, site_url: str) -> None:
    """At five the dealer sits each deal out (HU-9): in the first deal (Réka deals) you declare
    and play; in the second you deal and sit out while the four others play it to its sheet."""
    seed = find_seed(5, lambda m: you_declared(m.games[0]) and len(m.games) == 2, deals=2)
    match = page_match(5, seed, deals=2)
    open_table(page, site_url, query(5, seed, deals=2))
    expect(page.locator(".seat")).to_have_count(5)
    expect(page.locator(".seat[data-seat='4'] .badge.out")).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(9)
    player = HuMirrorPlayer(page, match, declare=True, announce=("tarokks:8", "tarokks:9"))
    assert player.play_deal() == "done"
    assert {"bidding", "discard", "call", "announcements"} <= set(player.seen_phases)
    assert player.seen_phases.count("play") == 9
    player.check_score_sheet()
    expect(page.locator("#score-sheet tr[data-seat='4'] .score")).to_have_text("0")  # sat out

    player.next_deal()
    assert match.current.dealer == YOU and YOU not in match.current.active
    played = len(player.seen_phases)
    assert player.play_deal() == "done"
    assert len(player.seen_phases) == played  # no turn of yours in a deal you sit out
    expect(page.locator(".seat[data-seat='0'] .badge.out")).to_be_visible()
    expect(page.locator(".seat[data-seat='0'] .badge.dealer")).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(0)
    player.check_score_sheet()
    expect(page.locator("#score-sheet tr[data-seat='0'] .score")).to_have_text("0")
    assert page.evaluate("document.body.dataset.matchOver") == "1"
    expect(page.locator("#score-sheet [data-action=standings]")).to_be_visible()


def _trull_kontra_rekontra(match) -> bool:
    """You declare and announce the trull, a computer says kontra on it, you say rekontra."""
    game = match.current
    if not you_declared(game):
        return False
    said = [(a.seat, type(a).__name__, a.bonus) for a in game.history if isinstance(a, (Announce, Kontra))]
    return (said[:1] == [(YOU, "Announce", "trull")] and any(s != YOU and k == "Kontra" and b == "trull"
                                                              for s, k, b in said)
            and (YOU, "Kontra", "trull") in said)


@pytest.mark.e2e
def test_you_announce_the_trull_a_computer_says_kontra_you_say_rekontra(page: Page, site_url: str) -> None:
    wanted = ("announce:trull", "kontra:trull")
    seed = find_seed(4, _trull_kontra_rekontra, announce=wanted)
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    player = HuMirrorPlayer(page, match, declare=True, announce=wanted)
    names = NAMES[4]

    # At your turn after the computer's kontra: the log says it, the button offers rekontra ×4.
    def after_their_kontra(game):
        return (game.phase is Phase.ANNOUNCEMENTS and isinstance(game.history[-2], Kontra)
                and game.history[-2].seat != YOU)

    assert player.play_deal(stop=after_their_kontra) == "stopped"
    kontra = match.current.history[-2]
    log = page.locator("#announcements")
    expect(log.locator("ol.said li").last).to_have_text(f"{names[match.current.history[-1].seat]} pass")
    expect(log.locator("ol.said li").nth(-2)).to_have_text(f"{names[kontra.seat]} kontra on trull")
    expect(log.locator("li[data-item=trull]")).to_have_text("Trull (the declarer's side) · kontra")
    rekontra = page.locator("[data-action=announce][data-value='kontra:trull']")
    expect(rekontra.locator("strong")).to_have_text("Rekontra")
    expect(rekontra.locator(".value")).to_have_text("×4")

    # You say rekontra: the log shows it at once, and "Pass" becomes "Done".
    def after_your_rekontra(game):
        return isinstance(game.history[-1], Kontra) and game.history[-1].seat == YOU

    assert player.play_deal(stop=after_your_rekontra) == "stopped"
    expect(log.locator("ol.said li").last).to_have_text("You rekontra on trull")
    expect(log.locator("li[data-item=trull]")).to_have_text("Trull (the declarer's side) · rekontra")
    expect(page.locator("[data-action=announce][data-value=pass]")).to_have_text("Done")
    assert player.play_deal() == "done"
    assert player.checked_logs >= 3

    # The sheet lists the announced trull with who announced it and its rekontra.
    player.check_score_sheet()
    trull = next(i for i in match.current.result.items if i.bonus == "trull" and i.announced)
    assert trull.kontra == 2
    cell = page.locator("#score-sheet tr[data-row=trull] td").first
    expect(cell).to_contain_text("announced by You for the declarer's side")
    expect(cell).to_contain_text("rekontra (×4)")
