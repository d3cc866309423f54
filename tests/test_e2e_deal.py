"""End-to-end: a whole 4-player deal played by clicking in the page (headless Chromium).

The page runs tarot_core under Pyodide; the test keeps a CPython mirror of the same match (see
``e2e_play``) and checks at every one of your turns that the page offers exactly the legal
actions — only legal bids, only legal cards clickable, the écart chooser's rules — and at the
end that the score sheet shows the mirror's result. Any request to another host or console error
fails the test (conftest).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from e2e_play import (YOU, MirrorPlayer, advance_computers, open_table, page_match, seed_where_you_take, tokens,
                      wait_your_turn_or_end)
from tarot_core.cards import format_card, parse_card
from tarot_core.contracts import Contract
from tarot_core.french import Bid, Chelem, Play


@pytest.mark.e2e
def test_play_a_whole_deal_as_taker(page: Page, site_url: str) -> None:
    seed = seed_where_you_take(Contract.GARDE)
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")

    # Your hand is the mirror's hand for seat 0, sorted for display.
    assert wait_your_turn_or_end(page) == "bidding"
    assert tokens(page, ".hand .card") == [format_card(c) for c in match.current.view(YOU).hand]
    # FR-3: first to speak, every contract is offered.
    offered = page.locator("[data-action=bid]").evaluate_all("els => els.map(e => e.dataset.value)")
    assert offered == ["pass", "prise", "garde", "garde_sans", "garde_contre"]

    player = MirrorPlayer(page, match, bid=Contract.GARDE)
    assert player.play_deal() == "done"
    assert player.seen_phases[:3] == ["bidding", "ecart", "chelem"]
    assert player.seen_phases.count("play") == 18  # FR-2.2: 18 cards each, all played by clicking
    player.check_score_sheet()

    # "Next deal" starts the next deal with the dealer moved to the right (seat 0).
    page.click("#score-sheet [data-action=next-deal]")
    page.wait_for_function("document.body.dataset.phase === 'bidding'", timeout=30_000)
    expect(page.locator(".seat.pos-s .badge.dealer")).to_be_visible()


@pytest.mark.e2e
def test_ecart_chooser_enforces_the_rules(page: Page, site_url: str) -> None:
    """FR-4.1: Kings and bouts cannot be chosen; confirm works only with 6 legal cards."""
    seed = seed_where_you_take(Contract.PRISE)
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    wait_your_turn_or_end(page)
    page.click("[data-action=bid][data-value=prise]")
    match.current.apply(Bid(YOU, Contract.PRISE))
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "ecart"
    for token in tokens(page, ".hand button.disabled"):
        card = parse_card(token)
        assert card.is_king or card.is_bout or card.is_trump, f"{token} should be selectable"
        expect(page.locator(f".hand [data-card='{token}']")).to_be_disabled()
    plan = [format_card(c) for c in match.current.ecart_candidates()][:6]
    confirm = page.locator("[data-action=ecart]")
    for token in plan:
        expect(confirm).to_be_disabled()
        page.click(f".hand [data-card='{token}']")
    expect(confirm).to_be_enabled()
    # A seventh card cannot be chosen, and deselecting one disables the confirm button again.
    assert page.locator(".hand button.playable").count() == 0
    page.click(f".hand [data-card='{plan[0]}']")
    expect(confirm).to_be_disabled()
    page.click(f".hand [data-card='{plan[0]}']")
    confirm.click()
    assert wait_your_turn_or_end(page) == "chelem"
    assert len(match.current.hands[YOU]) == 24
    match.current.apply_ecart([parse_card(t) for t in plan])
    assert tokens(page, ".hand .card") == [format_card(c) for c in match.current.view(YOU).hand]


@pytest.mark.e2e
def test_stale_and_fast_clicks_change_nothing(page: Page, site_url: str) -> None:
    """A card made clickable by tampering is refused; two clicks at once play one card."""
    seed = seed_where_you_take(Contract.GARDE_SANS)
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    wait_your_turn_or_end(page)
    page.click("[data-action=bid][data-value=garde_sans]")
    match.current.apply(Bid(YOU, Contract.GARDE_SANS))
    advance_computers(match)
    # FR-4.1: garde sans: the chien stays face down.
    assert wait_your_turn_or_end(page) == "chelem"
    expect(page.locator(".chien .card.back")).to_be_visible()
    page.click("[data-action=chelem][data-value=no]")
    match.current.apply(Chelem(YOU, False))
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "play"
    before = page.locator(".hand .card").count()
    disabled = sorted(tokens(page, ".hand button.disabled"))
    if disabled:
        page.evaluate(
            """t => { const el = document.querySelector(`.hand [data-card='${t}']`);
                      el.disabled = false; el.dataset.action = 'play'; el.click(); }""",
            disabled[0],
        )
        assert page.evaluate("document.body.dataset.turn") == "you"
        assert page.locator(".hand .card").count() == before
    token = sorted(tokens(page, ".hand button.playable"))[0]
    page.evaluate(
        """t => { const el = document.querySelector(`.hand [data-card='${t}']`); el.click(); el.click(); }""",
        token,
    )
    match.current.apply(Play(YOU, parse_card(token)))
    advance_computers(match)
    assert wait_your_turn_or_end(page) == match.current.phase.value
    assert page.locator(".hand .card").count() == before - 1
    assert set(tokens(page, ".hand .card")) == {format_card(c) for c in match.current.hands[YOU]}
