"""End-to-end: a whole 4-player deal played by clicking in the page (headless Chromium).

The page runs tarot_core under Pyodide; the test keeps a CPython mirror of the same match (see
``e2e_play``) and checks at every one of your turns that the page offers exactly the legal
actions — only legal bids, only legal cards clickable, the écart chooser's rules — and at the
end that the score sheet shows the mirror's result. Any request to another host or console error
fails the test (conftest).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from e2e_play import (YOU, MirrorPlayer, advance_computers, assert_all_in_view, open_table, page_match,
                      seed_where_a_computer_shows_the_chien, seed_where_you_may_show_a_poignee,
                      seed_where_you_take, seed_where_your_excuse_is_lost, tokens, wait_your_turn_or_end,
                      your_card)
from tarot_core.french.cards import EXCUSE, format_card, parse_card
from tarot_core.french.contracts import Contract
from tarot_core.french import Bid, Chelem, Play, Poignee
from tarot_core.match import Match


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
    # A newcomer can look up what they mean: multipliers and chien (FR-3), targets (FR-5.1).
    page.click(".bid-help summary")
    help_text = page.locator(".bid-help").inner_text()
    for shown in ("Prise ×1", "Garde ×2", "Garde sans ×4", "Garde contre ×6", "make an écart",
                  "counts for you, unseen", "counts for the defence, unseen",
                  "56 with no bout, 51 with 1, 41 with 2, 36 with 3", "Kn a Knight", "★ the Excuse"):
        assert shown in help_text, shown

    player = MirrorPlayer(page, match, bid=Contract.GARDE)
    assert player.play_deal() == "done"
    assert player.seen_phases[:3] == ["bidding", "ecart", "play"]
    assert player.seen_phases.count("play") == 18  # FR-2.2: 18 cards each, all played by clicking
    player.check_score_sheet()

    # "Next deal" starts the next deal with the dealer moved to the right (seat 0).
    page.click("#score-sheet [data-action=next-deal]")
    page.wait_for_function("document.body.dataset.phase === 'bidding'", timeout=30_000)
    expect(page.locator(".seat.pos-s .badge.dealer")).to_be_visible()


@pytest.mark.e2e
def test_an_excuse_lost_in_the_last_trick_is_explained(page: Page, site_url: str) -> None:
    """FR-6.2: you keep the Excuse for the last trick and the taker's side wins it: the score
    sheet says where your Excuse went and why."""
    seed = seed_where_your_excuse_is_lost()
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    player = MirrorPlayer(page, match, bid=None, keep_excuse=True)
    assert player.play_deal() == "done"
    last = match.current.tricks[-1].cards
    assert (YOU, EXCUSE) in last  # the deal went as planned
    player.check_score_sheet()
    expect(page.locator("#score-sheet tr[data-row=excuse] td")).to_have_text(
        "played to the last trick by you, so it went to the taker's side, which won that trick")


@pytest.mark.e2e
def test_a_computer_takers_chien_stays_in_words_for_the_first_trick(page: Page, site_url: str) -> None:
    """The chien a computer taker shows (FR-4.1) is named under the first trick, with any trumps
    it put aside, still once that trick is complete, and no more once the second one starts."""
    seed = seed_where_a_computer_shows_the_chien()
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    player = MirrorPlayer(page, match)
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "bidding"
    player._bidding()
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "play"
    game = match.current
    assert not game.tricks
    notes = page.locator(".centre .chien-note")
    expect(notes.first).to_contain_text("Chien shown: ")
    assert notes.first.get_attribute("data-cards").split() == [format_card(c) for c in game.chien]
    trumps = [format_card(c) for c in game.ecart if c.is_trump]
    expect(notes).to_have_count(2 if trumps else 1)
    if trumps:
        assert notes.nth(1).get_attribute("data-cards").split() == trumps
    player._play()
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "play"
    if len(game.tricks) == 1 and not game.trick:  # you won the first trick: it is still shown
        expect(notes.first).to_contain_text("Chien shown: ")
        player._play()
        advance_computers(match)
        assert wait_your_turn_or_end(page) == "play"
    assert len(game.tricks) >= 2 or game.trick  # the second trick has started
    expect(notes).to_have_count(0)


def _take(page: Page, site_url: str, contract: Contract) -> Match:
    """Open a 4-player table where your ``contract`` wins the bidding, bid it in the page and in
    the mirror, and let the computers act; return the mirror."""
    seed = seed_where_you_take(contract)
    match = page_match(4, seed)
    open_table(page, site_url, f"players=4&seed={seed}")
    wait_your_turn_or_end(page)
    page.click(f"[data-action=bid][data-value={contract.value}]")
    match.current.apply(Bid(YOU, contract))
    advance_computers(match)
    return match


@pytest.mark.e2e
def test_ecart_chooser_enforces_the_rules(page: Page, site_url: str) -> None:
    """FR-4.1: Kings and bouts cannot be chosen; confirm works only with 6 legal cards."""
    match = _take(page, site_url, Contract.PRISE)
    assert wait_your_turn_or_end(page) == "ecart"
    for token in tokens(page, ".hand button.disabled"):
        card = parse_card(token)
        assert card.is_king or card.is_bout or card.is_trump, f"{token} should be selectable"
        expect(page.locator(f".hand [data-card='{token}']")).to_be_disabled()
    # The status names what may not go: trumps too, unless the rules let you (FR-4.1).
    trumps = any(c.is_trump for c in match.current.ecart_candidates())
    expect(page.locator("#status")).to_have_text(
        "Your écart: choose 6 cards (no King, bout" + ("" if trumps else " or trump") + ").")
    plan = [format_card(c) for c in match.current.ecart_candidates()][:6]
    confirm = page.locator("[data-action=ecart]")
    for token in plan:
        expect(confirm).to_be_disabled()
        page.click(f".hand [data-card='{token}']")
    expect(confirm).to_be_enabled()
    expect(page.locator("#status")).to_have_text("All 6 chosen: put them aside, or change some.")
    # A seventh card cannot be chosen, and deselecting one disables the confirm button again.
    assert page.locator(".hand button.playable").count() == 0
    page.click(f".hand [data-card='{plan[0]}']")
    expect(confirm).to_be_disabled()
    page.click(f".hand [data-card='{plan[0]}']")
    confirm.click()
    # FR-4.3: the chelem box left unticked answered the chelem question: no second prompt.
    assert wait_your_turn_or_end(page) == "play"
    expect(page.locator("[data-action=chelem]")).to_have_count(0)
    assert len(match.current.hands[YOU]) == 24
    match.current.apply_ecart([parse_card(t) for t in plan])
    match.current.apply(Chelem(YOU, False))
    assert tokens(page, ".hand .card") == [format_card(c) for c in match.current.view(YOU).hand]
    expect(page.locator(".contract")).not_to_contain_text("chelem")


@pytest.mark.e2e
def test_a_chelem_is_announced_with_the_ecart(page: Page, site_url: str) -> None:
    """FR-4.3: ticking the écart panel's box announces a chelem as the écart is made; the tick
    survives choosing cards, the table says so, and so does the game resumed after a reload."""
    match = _take(page, site_url, Contract.PRISE)
    assert wait_your_turn_or_end(page) == "ecart"
    box = page.locator("[data-action=chelem-toggle]")
    expect(box).not_to_be_checked()
    page.get_by_text("Announce a chelem").click()  # the label ticks it too
    expect(box).to_be_checked()
    plan = match.current.ecart_candidates()[:6]
    for card in plan:
        page.click(f".hand [data-card='{format_card(card)}']")
    expect(box).to_be_checked()
    page.click("[data-action=ecart]")
    match.current.apply_ecart(plan)
    match.current.apply(Chelem(YOU, True))
    assert wait_your_turn_or_end(page) == "play"
    assert match.current.chelem_announced
    expect(page.locator(".contract")).to_contain_text("chelem")
    expect(page.locator(".seat.pos-s")).to_contain_text("Chelem announced")
    # A reload resumes the game with the chelem announced.
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=30_000)
    expect(page.locator(".contract")).to_contain_text("chelem")


@pytest.mark.e2e
def test_the_ecart_fits_a_phone_screen(page: Page, site_url: str) -> None:
    """At 390x844 (a common phone), with 6 cards chosen, the 24-card hand, the chien and the
    confirm button are all in sight: nothing to scroll for (newcomer review)."""
    page.set_viewport_size({"width": 390, "height": 844})
    match = _take(page, site_url, Contract.GARDE)
    assert wait_your_turn_or_end(page) == "ecart"
    for card in match.current.ecart_candidates()[:6]:
        page.click(f".hand [data-card='{format_card(card)}']")
    expect(page.locator("[data-action=ecart]")).to_be_enabled()
    assert_all_in_view(page, ".hand .card", "[data-action=ecart]", ".chien .card")


@pytest.mark.e2e
def test_stale_and_fast_clicks_change_nothing(page: Page, site_url: str) -> None:
    """A card made clickable by tampering is refused; two clicks at once play one card."""
    match = _take(page, site_url, Contract.GARDE_SANS)
    # FR-4.1: garde sans: the chien stays face down.
    assert wait_your_turn_or_end(page) == "chelem"
    expect(page.locator(".chien .card.back")).to_be_visible()
    page.click("[data-action=chelem][data-value=no]")
    match.current.apply(Chelem(YOU, False))
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "play"
    before = page.locator(".hand .card").count()
    # A click on the felt, outside any button, does nothing (and raises no error in the page).
    page.mouse.click(5, page.viewport_size["height"] - 5)
    page.locator(".seat.pos-n").click()
    assert page.evaluate("document.body.dataset.turn") == "you"
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


@pytest.mark.e2e
@pytest.mark.parametrize("size", [(844, 390), (360, 640)], ids=["phone-landscape", "small-phone-portrait"])
def test_score_sheet_buttons_stay_in_sight_on_a_phone(page: Page, site_url: str, size) -> None:
    """On a phone (either way round), the score sheet's buttons are on screen without scrolling:
    side-by-side tables when the screen is short and wide, a bar that sticks to the bottom else."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed = seed_where_you_take(Contract.GARDE)
    open_table(page, site_url, f"players=4&seed={seed}")
    player = MirrorPlayer(page, page_match(4, seed), bid=Contract.GARDE)
    assert player.play_deal() == "done"
    buttons = page.locator("#score-sheet .actions button")
    assert buttons.count() == 4
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= size[1], (i, box)
    page.click("#score-sheet [data-action=next-deal]")
    page.wait_for_function("document.body.dataset.phase === 'bidding'", timeout=30_000)


@pytest.mark.e2e
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)], ids=["desktop", "phone", "phone-landscape"])
def test_a_covered_cards_figure_stays_in_sight(page: Page, site_url: str, size) -> None:
    """In your fanned hand, no card's big figure (a two-digit trump above all) runs under the
    next card: "16" "20", never "1620"."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_table(page, site_url, "players=4&seed=1")
    wait_your_turn_or_end(page)
    hidden = page.evaluate("""() => {
      const cards = [...document.querySelectorAll('.hand .card')];
      const out = [];
      cards.forEach((card, i) => {
        const next = cards[i + 1];
        if (!next) return;
        const c = card.getBoundingClientRect(), n = next.getBoundingClientRect();
        if (Math.abs(c.top - n.top) > 1) return;  // the next card starts a new row
        const face = card.querySelector('.face').getBoundingClientRect();
        if (face.right > n.left + 0.5) out.push([card.dataset.card, face.right, n.left]);
      });
      return out;
    }""")
    assert page.locator(".hand .card.trump").count() > 0
    assert hidden == []


@pytest.mark.e2e
def test_a_poignee_can_be_declined_with_a_button(page: Page, site_url: str) -> None:
    """Offered a poignée before your first card (FR-4.4), "Don't show" takes the offer away and
    you play on without showing it (newcomer review: declining meant playing a card, which only
    the status said). On a small phone the offer leaves your hand on the screen."""
    page.set_viewport_size({"width": 375, "height": 667})
    seed = seed_where_you_may_show_a_poignee()
    match = page_match(4, seed)
    game = match.current
    open_table(page, site_url, f"players=4&seed={seed}")
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "bidding"
    page.click("[data-action=bid][data-value=pass]")
    game.apply(Bid(YOU, None))
    advance_computers(match)
    assert wait_your_turn_or_end(page) == "play"
    offers = [a for a in game.legal_actions() if isinstance(a, Poignee)]
    panel = page.locator(".panel.poignee")
    expect(panel.locator("[data-action=poignee]")).to_have_count(len(offers))
    expect(page.locator("#status")).to_contain_text("poignée")
    assert_all_in_view(page, ".hand .card", ".panel.poignee button", "#status")
    # Its short phone label still says how many trumps go on show (rendered text only).
    shown = panel.locator("[data-action=poignee]").first.inner_text()
    assert re.fullmatch(r"Show (simple|double|triple) \(\d+ trumps\)", shown), shown
    panel.locator("[data-action=poignee-decline]").click()
    expect(page.locator(".panel.poignee")).to_have_count(0)
    expect(page.locator("#status")).not_to_contain_text("poignée")
    card = your_card(game)
    page.click(f".hand [data-card='{format_card(card)}']")
    game.apply(Play(YOU, card))
    # Played: gone from your hand (the trick itself may already be over and cleared, as the
    # computers play at once and the winner leads again).
    expect(page.locator(f".hand [data-card='{format_card(card)}']")).to_have_count(0)
    # The mirror, fed the same actions, has no poignée of yours.
    assert not [p for p in game.view(YOU).poignees if p.seat == YOU]
