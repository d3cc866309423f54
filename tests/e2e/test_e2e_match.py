"""End-to-end: 3- and 5-player deals, a whole (short) match, records and the trick review.

Like test_e2e_deal, each test plays the page by clicking while a CPython mirror of the same match
(``e2e_play``) checks every offer; a request to another host or a console error fails the test.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from e2e_play import YOU, MirrorPlayer, open_table, page_match, seed_where_you_take
from tarot_core.french.cards import format_card
from tarot_core.french.contracts import Contract
from tarot_core.records import replay


@pytest.mark.e2e
def test_five_players_you_take_and_call_a_king(page: Page, site_url: str) -> None:
    seed = seed_where_you_take(Contract.GARDE, 5)
    match = page_match(5, seed)
    open_table(page, site_url, f"players=5&seed={seed}")
    expect(page.locator(".seat")).to_have_count(5)
    assert page.locator(".hand .card").count() == 15  # FR-2.2
    player = MirrorPlayer(page, match, bid=Contract.GARDE, call="other")
    assert player.play_deal() == "done"
    assert player.seen_phases[:4] == ["bidding", "call", "ecart", "play"]
    game = match.current
    assert game.called is not None and game.called not in game.deal.hands[YOU]
    # The called King is named in the header; the partner, if any, is named on the score sheet.
    expect(page.locator(".contract.called")).to_contain_text("King")
    player.check_score_sheet()
    result = game.result
    if result.partner is not None:
        expect(page.locator("#score-sheet tr[data-row=contract] td")).to_contain_text("partner")
        # FR-7.5: taker 2s, partner s, three defenders -s.
        assert sorted(result.scores).count(result.score.per_defender) == 3


@pytest.mark.e2e
def test_three_players_whole_deal(page: Page, site_url: str) -> None:
    seed = seed_where_you_take(Contract.PRISE, 3)
    match = page_match(3, seed)
    open_table(page, site_url, f"players=3&seed={seed}")
    expect(page.locator(".seat")).to_have_count(3)
    assert page.locator(".hand .card").count() == 24  # FR-2.2
    player = MirrorPlayer(page, match, bid=Contract.PRISE)
    assert player.play_deal() == "done"
    assert player.seen_phases.count("play") == 24
    player.check_score_sheet()


@pytest.mark.e2e
def test_a_short_match_ends_with_the_standings(page: Page, site_url: str) -> None:
    """FR-8 with ?deals=2: the running score sheet, then the final standings and New match."""
    seed = 11
    match = page_match(4, seed, deals=2)
    open_table(page, site_url, f"players=4&seed={seed}&deals=2")
    player = MirrorPlayer(page, match, bid=None)  # pass every time: the computers play
    while True:
        player.play_deal()
        player.check_score_sheet()
        if match.is_over:
            break
        page.click("#score-sheet [data-action=next-deal]")
        match.next_deal()
    assert page.evaluate("document.body.dataset.matchOver") == "1"
    expect(page.locator("#score-sheet [data-action=next-deal]")).to_have_count(0)
    page.click("#score-sheet [data-action=standings]")
    standings = page.locator("#standings")
    expect(standings).to_be_visible()
    totals = match.totals()
    for seat in range(4):
        expect(standings.locator(f"tr[data-seat='{seat}'] .score")).to_have_text(
            f"{totals[seat]:+d}" if totals[seat] else "0")
    first = standings.locator("tr").first
    expect(first).to_have_attribute("data-seat", str(match.standings()[0][0]))

    # The running score sheet: one row per counted deal, each summing to zero.
    page.click("#standings [data-action=scores]")
    rows = page.locator("#match-scores tr[data-deal]")
    expect(rows).to_have_count(2)
    for number, scores, cumulative in match.score_rows():
        cells = page.locator(f"#match-scores tr[data-deal='{number}'] td")
        texts = cells.evaluate_all("els => els.map(e => e.firstChild.textContent)")
        assert [int(t) for t in texts] == list(scores)
        assert sum(int(t) for t in texts) == 0

    # New match goes back to the start screen.
    page.click("#match-scores [data-action=close]")
    page.click("#score-sheet [data-action=standings]")
    page.click("#standings [data-action=new-match]")
    expect(page.locator("[data-action=new-match][data-value]")).to_have_count(3)


@pytest.mark.e2e
def test_download_the_deal_record_and_review_the_tricks(page: Page, site_url: str) -> None:
    seed = 5
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    player = MirrorPlayer(page, match, bid=Contract.PRISE)
    while player.play_deal() != "done":
        page.click("#score-sheet [data-action=next-deal]")
        match.next_deal()
    with page.expect_download() as info:
        page.click("#score-sheet [data-action=download][data-value=deal]")
    record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert record["format"] == "tarot-core/deal"
    # The record replays through the engine to the deal's scores.
    assert replay(record)["scores"] == list(match.current.result.scores)

    # Review: trick 1, then trick 2, each with its cards.
    page.click("#score-sheet [data-action=review]")
    review = page.locator("#review")
    expect(review).to_contain_text("Trick 1 of 18")
    first = [format_card(c) for _, c in match.current.tricks[0].cards]
    assert review.locator(".trick .card").evaluate_all("els => els.map(e => e.dataset.card)") == first
    # Who played what, leader first (newcomer review: the cards' places alone named nobody).
    plays = review.locator(".trick-order li")
    seats = [seat for seat, _ in match.current.tricks[0].cards]
    assert plays.evaluate_all("els => els.map(e => Number(e.dataset.seat))") == seats
    expect(plays.nth(seats.index(YOU))).to_have_text(re.compile(r"^You \S+$"))
    # The chien (and any écart) is listed on the first page as well as on the last.
    expect(review).to_contain_text("Chien: ")
    review.locator("[data-action=review-step][data-value='1']").click()
    expect(review).to_contain_text("Trick 2 of 18")
    expect(review).not_to_contain_text("Chien: ")
    second = [format_card(c) for _, c in match.current.tricks[1].cards]
    assert review.locator(".trick .card").evaluate_all("els => els.map(e => e.dataset.card)") == second
    review.locator("[data-action=close]").click()
    expect(page.locator("#score-sheet")).to_be_visible()

    with page.expect_download() as info:
        page.click("#score-sheet [data-action=scores]")
        page.click("#match-scores [data-action=download][data-value=match]")
    match_record = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert replay(match_record)["totals"] == match.totals()
