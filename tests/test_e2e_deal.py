"""End-to-end: a whole 4-player deal played by clicking in the page (headless Chromium).

The page runs tarot_core under Pyodide. The test keeps a mirror of the same deal in CPython
(same seed; the computer players are seeded, so they make the same choices in both) and checks,
at every one of your turns, that the page offers exactly the legal actions — only legal bids,
only legal cards clickable, the écart chooser's rules — and at the end that the score sheet shows
the mirror's result. Any request to another host or console error fails the test (conftest).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import READY_TIMEOUT_MS
from tarot_core.ai import choose_action
from tarot_core.cards import format_card, parse_card
from tarot_core.contracts import Contract
from tarot_core.dealing import deal
from tarot_core.french import Bid, Chelem, FrenchDeal, Phase, Play, Poignee

YOU = 0
STEP_TIMEOUT_MS = 30_000


def first_deal(seed: int, players: int = 4) -> FrenchDeal:
    """The first deal of the page's match for ``?seed=`` (tarot_core.match: deal 0 is dealt from
    ``"{seed}/0"``; the dealer sits on your left so that you speak first)."""
    return FrenchDeal(deal(f"{seed}/0", players, players - 1))


def advance_computers(mirror: FrenchDeal, seed: int) -> None:
    """Apply the computer players' actions to the mirror until it is your turn or the end."""
    while mirror.turn is not None and mirror.turn != YOU:
        mirror.apply(choose_action(mirror.view(mirror.turn), f"{seed}/0", len(mirror.history)))


def seed_where_you_take(contract: Contract) -> int:
    """A seed whose first deal lets you (first to speak) take with ``contract``."""
    for seed in range(1, 500):
        mirror = first_deal(seed)
        if mirror.phase is not Phase.BIDDING:
            continue
        mirror.apply(Bid(YOU, contract))
        advance_computers(mirror, seed)
        if mirror.taker == YOU:
            return seed
    raise AssertionError("no seed found")


def wait_your_turn_or_end(page: Page) -> str:
    page.wait_for_function(
        "['you', 'none'].includes(document.body.dataset.turn)", timeout=STEP_TIMEOUT_MS
    )
    return page.evaluate("document.body.dataset.phase")


def hand_tokens(page: Page, selector: str) -> set[str]:
    return set(page.locator(f".hand {selector}").evaluate_all("els => els.map(e => e.dataset.card)"))


@pytest.mark.e2e
def test_play_a_whole_deal_as_taker(page: Page, site_url: str) -> None:
    seed = seed_where_you_take(Contract.GARDE)
    mirror = first_deal(seed)
    page.goto(f"{site_url}?players=4&pace=0&seed={seed}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)

    # Your hand is the mirror's hand for seat 0, sorted for display.
    assert wait_your_turn_or_end(page) == "bidding"
    shown = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == [format_card(c) for c in mirror.view(YOU).hand]

    # FR-3: first to speak, every contract is offered; bid a garde.
    bids = page.locator("[data-action=bid]").evaluate_all("els => els.map(e => e.dataset.value)")
    assert bids == ["pass", "prise", "garde", "garde_sans", "garde_contre"]
    page.click("[data-action=bid][data-value=garde]")
    mirror.apply(Bid(YOU, Contract.GARDE))
    advance_computers(mirror, seed)

    # FR-4.1: the chien is shown, then the écart chooser enforces the rules.
    assert wait_your_turn_or_end(page) == "ecart"
    chien = page.locator(".chien .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(chien) == sorted(format_card(c) for c in mirror.chien)
    confirm = page.locator("[data-action=ecart]")
    expect(confirm).to_be_disabled()
    selectable = hand_tokens(page, "button.playable")
    disabled = hand_tokens(page, "button.disabled")
    assert selectable == {format_card(c) for c in mirror.ecart_candidates()}
    for token in disabled:
        card = parse_card(token)
        assert card.is_king or card.is_bout or card.is_trump, f"{token} should be selectable"
    plan = sorted(selectable, key=lambda t: (parse_card(t).is_trump, parse_card(t).points2))[:6]
    for i, token in enumerate(plan):
        page.click(f".hand [data-card='{token}']")
        if i < 5:
            expect(confirm).to_be_disabled()
    expect(confirm).to_be_enabled()
    # Deselecting one card disables the confirm button again.
    page.click(f".hand [data-card='{plan[0]}']")
    expect(confirm).to_be_disabled()
    page.click(f".hand [data-card='{plan[0]}']")
    confirm.click()
    mirror.apply_ecart([parse_card(t) for t in plan])

    # FR-4.3: the chelem offer; decline.
    assert wait_your_turn_or_end(page) == "chelem"
    page.click("[data-action=chelem][data-value=no]")
    mirror.apply(Chelem(YOU, False))
    advance_computers(mirror, seed)

    # FR-5: play every card; only legal cards are clickable.
    turns = 0
    while True:
        phase = wait_your_turn_or_end(page)
        if phase == "done":
            break
        assert phase == "play"
        legal = mirror.legal_actions()
        offers = page.locator("[data-action=poignee]").evaluate_all("els => els.map(e => e.dataset.value)")
        assert offers == [str(len(a.cards)) for a in legal if isinstance(a, Poignee)]
        playable = hand_tokens(page, "button.playable")
        assert playable == {format_card(a.card) for a in legal if isinstance(a, Play)}
        assert hand_tokens(page, "button.disabled") == {format_card(c) for c in mirror.hands[YOU]} - playable
        assert page.locator(".hand button.disabled:not([disabled])").count() == 0
        card = sorted(playable)[0]
        tricks_before = len(mirror.tricks)
        page.click(f".hand [data-card='{card}']")
        mirror.apply(Play(YOU, parse_card(card)))
        advance_computers(mirror, seed)
        turns += 1
        if len(mirror.tricks) > tricks_before and mirror.turn == YOU and mirror.tricks:
            # The finished trick stays in view, its winner named, until the next one starts.
            wait_your_turn_or_end(page)
            winner = mirror.tricks[-1].winner
            names = ("You", "Hugo", "Léa", "Camille")
            if not mirror.trick:
                expect(page.locator(".trick-caption")).to_contain_text(names[winner])
                assert page.locator(".trick .card").count() == 4
    assert turns == 18
    assert mirror.phase is Phase.DONE

    # FR-7: the score sheet shows the mirror's result.
    sheet = page.locator("#score-sheet")
    expect(sheet).to_be_visible()
    result = mirror.result
    for seat in range(4):
        expect(sheet.locator(f"tr[data-seat='{seat}'] .score")).to_have_text(f"{result.scores[seat]:+d}")
    expect(sheet.locator("tr[data-row=target] td")).to_contain_text(str(result.score.target))
    expect(sheet.locator("tr[data-row=bouts] td")).to_contain_text(str(result.bouts))
    points = result.points2 / 2
    expect(sheet.locator("tr[data-row=takers-card-points] td")).to_contain_text(f"{points:g} of 91")
    expect(sheet).to_contain_text("Garde")
    expect(sheet.locator("[data-action=next-deal]")).to_be_visible()

    # "Next deal" starts the next deal with the dealer moved to the right (seat 0).
    sheet.locator("[data-action=next-deal]").click()
    page.wait_for_function("document.body.dataset.phase === 'bidding'", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".seat.pos-s .badge.dealer")).to_be_visible()


@pytest.mark.e2e
def test_stale_and_fast_clicks_change_nothing(page: Page, site_url: str) -> None:
    """Clicking a disabled card or double-clicking a card plays at most one legal card."""
    seed = seed_where_you_take(Contract.GARDE_SANS)
    mirror = first_deal(seed)
    page.goto(f"{site_url}?players=4&pace=0&seed={seed}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    wait_your_turn_or_end(page)
    page.click("[data-action=bid][data-value=garde_sans]")
    mirror.apply(Bid(YOU, Contract.GARDE_SANS))
    advance_computers(mirror, seed)
    # FR-4.1: garde sans: the chien stays face down.
    assert wait_your_turn_or_end(page) == "chelem"
    expect(page.locator(".chien .card.back")).to_be_visible()
    page.click("[data-action=chelem][data-value=no]")
    mirror.apply(Chelem(YOU, False))
    advance_computers(mirror, seed)
    assert wait_your_turn_or_end(page) == "play"
    before = page.locator(".hand .card").count()
    disabled = sorted(hand_tokens(page, "button.disabled"))
    if disabled:
        # A card made clickable by tampering with the page is still refused by the engine.
        page.evaluate(
            """t => { const el = document.querySelector(`.hand [data-card='${t}']`);
                      el.disabled = false; el.dataset.action = 'play'; el.click(); }""",
            disabled[0],
        )
        assert page.evaluate("document.body.dataset.turn") == "you"
        assert page.locator(".hand .card").count() == before
    # Two clicks on the same card in one go play it once.
    token = sorted(hand_tokens(page, "button.playable"))[0]
    page.evaluate(
        """t => { const el = document.querySelector(`.hand [data-card='${t}']`); el.click(); el.click(); }""",
        token,
    )
    mirror.apply(Play(YOU, parse_card(token)))
    advance_computers(mirror, seed)
    assert wait_your_turn_or_end(page) == mirror.phase.value
    assert page.locator(".hand .card").count() == before - 1
    assert hand_tokens(page, ".card") == {format_card(c) for c in mirror.hands[YOU]}
