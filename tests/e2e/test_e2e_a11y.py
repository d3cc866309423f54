"""End-to-end accessibility (issue 18 §2): axe-core on every phase of both games, a whole deal
played with the keyboard alone, the live region, and ``prefers-reduced-motion``.

axe-core comes from npm (``node_modules/axe-core/axe.min.js``, a devDependency): the test reads
the file from disk and injects it into the page (no request leaves 127.0.0.1; the context
bypasses the page's CSP for that one inline script). A phase passes when axe reports no
violation of impact ``serious`` or ``critical`` (colour contrast included); each phase's
violations, whatever their impact, are written to ``A11Y_REPORT`` when that variable names a
file (for the issue's notes).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import e2e_play
import e2e_play_hu
from e2e_play import MirrorPlayer, open_table, page_match, seed_where_you_take, wait_your_turn_or_end
from e2e_play_hu import HuMirrorPlayer, find_seed
from tarot_core.french.contracts import Contract
from tarot_core.french import Phase

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The lightest colour of the felt's gradient (style.css's --felt, at its centre).
FELT_LIGHTEST = "#1f6b45"
#: Impacts that fail a phase.
BLOCKING = ("serious", "critical")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """As conftest's, and the page's CSP bypassed: axe-core is injected as an inline script."""
    return {**browser_context_args, "bypass_csp": True}


def axe(page: Page, phase: str) -> list[dict]:
    """Run axe-core on the page as it stands; return its violations as ``{id, impact, nodes}``
    (and record them under ``phase`` in ``A11Y_REPORT``)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        # The felt is a radial gradient, on which axe leaves every text's contrast "to review":
        # painted in its lightest green, the worst case, each one is measured.
        page.add_style_tag(content=f"html, body {{ background: {FELT_LIGHTEST} !important; }}")
    found = page.evaluate(
        """async () => {
             const r = await axe.run(document, {resultTypes: ['violations']});
             return r.violations.map(v => ({id: v.id, impact: v.impact,
               nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5), count: v.nodes.length}));
           }""")
    report = os.environ.get("A11Y_REPORT")
    if report:
        path = Path(report)
        data = json.loads(path.read_text()) if path.exists() else {}
        data[phase] = found
        path.write_text(json.dumps(data, indent=1))
    return found


def assert_no_serious(page: Page, phase: str) -> None:
    """axe finds nothing serious or critical on ``phase``."""
    bad = [v for v in axe(page, phase) if v["impact"] in BLOCKING]
    assert not bad, f"{phase}: {json.dumps(bad, indent=1)}"


def scan_once(page: Page, seen: set, phase: str) -> None:
    """:func:`assert_no_serious` on ``phase`` the first time it is reached."""
    if phase not in seen:
        seen.add(phase)
        assert_no_serious(page, phase)


@pytest.mark.e2e
def test_axe_french_every_phase(page: Page, site_url: str) -> None:
    """The start screen, bidding, the écart, the play, the deal's score sheet, the trick review,
    the running scores, the final standings, the history and the leaderboard of French Tarot:
    no serious or critical violation."""
    page.goto(f"{site_url}?pace=0&level=easy")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert_no_serious(page, "french start screen")
    seed = seed_where_you_take(Contract.GARDE)
    match = page_match(4, seed, deals=1)
    open_table(page, site_url, f"players=4&seed={seed}&deals=1")
    player = MirrorPlayer(page, match, bid=Contract.GARDE)
    seen: set = set()
    for phase in ("bidding", "ecart", "play"):
        method = getattr(MirrorPlayer, f"_{phase}")
        setattr(player, f"_{phase}", lambda p=phase, m=method: (scan_once(page, seen, f"french {p}"), m(player)))
    play = player._play

    def play_and_scan_a_won_trick() -> None:
        v = player.game.view(0)
        if v.tricks and not v.trick:  # you lead: the last trick is shown with its winner
            scan_once(page, seen, "french play, a trick won")
        play()

    player._play = play_and_scan_a_won_trick
    assert player.play_deal() == "done"
    assert seen == {"french bidding", "french ecart", "french play", "french play, a trick won"}
    assert_no_serious(page, "french score sheet")
    page.click("#score-sheet [data-action=review]")
    expect(page.locator("#review")).to_be_visible()
    assert_no_serious(page, "french trick review")
    page.click("#review [data-action=close]")
    page.click("#score-sheet [data-action=scores]")
    expect(page.locator("#match-scores")).to_be_visible()
    assert_no_serious(page, "french running scores")
    page.click("#match-scores [data-action=close]")
    page.click("#score-sheet [data-action=standings]")
    expect(page.locator("#standings")).to_be_visible()
    assert_no_serious(page, "french final standings")
    page.click("#standings [data-action=new-match]")
    page.wait_for_function("document.body.dataset.phase === 'start'")
    page.click("[data-action=history]")
    expect(page.locator("#history")).to_be_visible()
    assert_no_serious(page, "history")
    page.click("[data-action=new-match]")
    page.click("[data-action=leaderboard]")
    expect(page.locator("#leaderboard")).to_be_visible()
    assert_no_serious(page, "leaderboard")


@pytest.mark.e2e
def test_axe_french_poignee_offer(page: Page, site_url: str) -> None:
    """The poignée offer (your first card with enough trumps): no serious or critical violation."""
    seed = e2e_play.seed_where_you_may_show_a_poignee()
    open_table(page, site_url, f"players=4&seed={seed}")
    page.click("[data-action=bid][data-value=pass]")
    expect(page.locator("[data-action=poignee]").first).to_be_visible(timeout=30_000)
    assert_no_serious(page, "french poignee offer")


@pytest.mark.e2e
def test_axe_score_sheet_for_table_play(page: Page, site_url: str) -> None:
    """The score sheet for real cards (issue 18 §5): its setup, a French sheet with a deal and
    its form, a Hungarian sheet's form with its announcements: no serious or critical violation."""
    from test_e2e_sheet import add_deal

    page.goto(f"{site_url}?pace=0")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    page.click(".start [data-action=sheet]")
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "setup")
    assert_no_serious(page, "score sheet setup")
    for i, name in enumerate(["Anne", "Bertrand", "Claire", "Denis"]):
        page.fill(f"#sheet-name-{i}", name)
    page.click("#scorepad [data-value=start]")
    add_deal(page, "1", "garde", "49", "2", "1")
    expect(page.locator("#scorepad tr[data-deal='1']")).to_be_visible()
    assert_no_serious(page, "score sheet, French, a deal entered")
    page.click("#scorepad [data-action=sheet][data-value=new]")
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "setup")
    page.select_option("#sheet-game", "hungarian")
    for i, name in enumerate(["Bence", "Zsófi", "Levente", "Réka"]):
        page.fill(f"#sheet-name-{i}", name)
    page.click("#scorepad [data-value=start]")
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "sheet")
    assert_no_serious(page, "score sheet, Hungarian form")


@pytest.mark.e2e
def test_axe_hungarian_every_phase(page: Page, site_url: str) -> None:
    """Hungarian Tarokk's start screen, bidding, discard, call, announcements, play and score
    sheet: no serious or critical violation."""
    seed = find_seed(4, lambda m: m.current.phase.value == "done" and m.current.declarer == 0
                     and m.current.level.value != "solo")
    page.goto(f"{site_url}?pace=0&level=easy&game=hungarian")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert_no_serious(page, "hungarian start screen")
    match = e2e_play_hu.page_match(4, seed)
    e2e_play_hu.open_table(page, site_url, e2e_play_hu.query(4, seed))
    player = HuMirrorPlayer(page, match, declare=True)
    seen: set = set()

    def scan(game) -> bool:
        scan_once(page, seen, f"hungarian {game.phase.value}")
        v = game.view(0)
        if game.phase.value == "play" and v.tricks and not v.trick:
            scan_once(page, seen, "hungarian play, a trick won")
        return False

    assert player.play_deal(stop=scan) == "done"
    assert {"hungarian bidding", "hungarian discard", "hungarian call", "hungarian announcements",
            "hungarian play", "hungarian play, a trick won"} <= seen
    expect(page.locator("#score-sheet")).to_be_visible()
    assert_no_serious(page, "hungarian score sheet")


# --- the keyboard alone -------------------------------------------------------------------------

FOCUSED = """() => { const e = document.activeElement;
  return e ? {action: e.dataset.action || null, value: e.dataset.value || null, card: e.dataset.card || null,
              hand: Boolean(e.closest('.hand')), tag: e.tagName.toLowerCase()} : null; }"""


def focused(page: Page) -> dict:
    """The focused element's ``data-action``, ``data-value``, ``data-card``, whether it is in your
    hand, and its tag."""
    return page.evaluate(FOCUSED)


def tab_to(page: Page, selector: str, limit: int = 40) -> None:
    """Press Tab until the focused element matches ``selector`` (fail after ``limit`` presses)."""
    for _ in range(limit):
        if page.evaluate("s => Boolean(document.activeElement && document.activeElement.matches(s))", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}; focus on {focused(page)}")


def arrow_to(page: Page, token: str) -> list[str]:
    """With the focus in your hand, press the Right arrow until card ``token`` has it; return the
    cards the focus went through (at most one round of the hand)."""
    seen = []
    for _ in range(30):
        now = focused(page)
        assert now["hand"] and now["tag"] == "button", now
        if now["card"] == token:
            return seen
        seen.append(now["card"])
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrows never reached {token}: {seen}")


class KeyboardPlayer(MirrorPlayer):
    """:class:`MirrorPlayer` with the keyboard alone (Tab, the arrows, Enter, Space; no click),
    checking where the focus is when each choice comes."""

    def _bidding(self) -> None:
        page = self.page
        from tarot_core.french import Bid
        legal = self.game.legal_actions()
        choice = Bid(0, self.bid) if Bid(0, self.bid) in legal else Bid(0, None)
        value = choice.contract.value if choice.contract else "pass"
        tab_to(page, f"[data-action=bid][data-value={value}]")
        page.keyboard.press("Enter")
        self.game.apply(choice)

    def _ecart(self) -> None:
        page, game = self.page, self.game
        from tarot_core.french.cards import format_card
        from tarot_core.french import Chelem
        assert focused(page)["hand"], focused(page)  # the écart is chosen in your hand
        plan = sorted(game.ecart_candidates(), key=lambda c: (c.is_trump, -c.points2, c.index))[: game.chien_size]
        for i, card in enumerate(plan):
            arrow_to(page, format_card(card))
            page.keyboard.press("Space" if i % 2 else "Enter")
            expect(page.locator(f".hand button.selected[data-card='{format_card(card)}']")).to_have_count(1)
        # Complete: the focus is on the confirm button.
        assert focused(page)["action"] == "ecart", focused(page)
        page.keyboard.press("Enter")
        game.apply_ecart(plan)
        game.apply(Chelem(0, False))

    def _play(self) -> None:
        page, game = self.page, self.game
        from tarot_core.french.cards import format_card
        from tarot_core.french import Play, Poignee
        if any(isinstance(a, Poignee) for a in game.legal_actions()):
            assert focused(page)["action"] == "poignee", focused(page)
            tab_to(page, "[data-action=poignee-decline]")
            page.keyboard.press("Enter")
            expect(page.locator("[data-action=poignee]")).to_have_count(0)
        # Your turn to play: the focus is on one of your legal cards, and the arrows go round
        # your legal cards alone.
        legal = {format_card(a.card) for a in game.legal_actions() if isinstance(a, Play)}
        start = focused(page)
        assert start["hand"] and start["card"] in legal, (start, legal)
        card = format_card(e2e_play.your_card(game, self.keep_excuse))
        visited = set(arrow_to(page, card))
        for _ in range(len(legal)):
            visited.add(focused(page)["card"])
            page.keyboard.press("ArrowRight")
        assert visited == legal
        assert focused(page)["card"] == card  # once round the legal cards: back where it was
        page.keyboard.press("Enter")
        game.apply(Play(0, e2e_play.parse_card(card)))


@pytest.mark.e2e
def test_a_whole_french_deal_by_keyboard_alone(page: Page, site_url: str) -> None:
    """Bid, écart, play every card and reach the final standings with the keyboard alone (the
    mouse is never used); the live region tells each card played and each trick's winner."""
    seed = seed_where_you_take(Contract.GARDE)
    match = page_match(4, seed, deals=1)
    open_table(page, site_url, f"players=4&seed={seed}&deals=1")
    player = KeyboardPlayer(page, match, bid=Contract.GARDE)
    assert player.play_deal() == "done"
    assert player.seen_phases.count("play") == 18
    assert player.seen_phases.count("ecart") == 1
    # The score sheet opened: its first button has the focus.
    expect(page.locator("#score-sheet")).to_be_visible()
    assert focused(page)["action"] == "standings"
    spoken = page.locator("#announcer").inner_text()
    assert "wins the trick" in spoken or "win the trick" in spoken, spoken
    # The sheet is modal: Tab and Shift+Tab go round its own buttons, never to the table behind.
    inside = "document.getElementById('score-sheet').contains(document.activeElement)"
    buttons = page.locator("#score-sheet button").count()
    for key in ["Tab"] * (buttons + 1) + ["Shift+Tab"] * (buttons + 1):
        page.keyboard.press(key)
        assert page.evaluate(inside), (key, focused(page))
    assert page.evaluate("document.getElementById('score-sheet').getAttribute('aria-modal')") == "true"
    page.locator("#score-sheet [data-action=standings]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#standings")).to_be_visible()
    assert focused(page)["action"] == "new-match"


@pytest.mark.e2e
def test_the_live_region_stays_and_speaks(page: Page, site_url: str) -> None:
    """The live region is one element kept across redraws (so that its changes are announced):
    it says the bids and, when your turn comes, what to do."""
    seed = seed_where_you_take(Contract.GARDE)
    open_table(page, site_url, f"players=4&seed={seed}")
    region = page.locator("#announcer")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_contain_text("Your turn to bid")
    page.evaluate("""() => { window.__region = document.getElementById('announcer'); window.__said = [];
        new MutationObserver(() => __said.push(__region.innerText)).observe(__region, {childList: true, subtree: true}); }""")
    tab_to(page, "[data-action=bid][data-value=garde]")
    page.keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.phase === 'ecart'")
    expect(region).to_contain_text("Your écart")
    said = page.evaluate("__said.join('\\n')")
    assert "You: Garde" in said and "Hugo: Pass" in said, said
    assert page.evaluate("window.__region === document.getElementById('announcer')")
    # The one live region at the table: the status line, redrawn with it, is not another.
    assert page.evaluate("[...document.querySelectorAll('#app [aria-live]')].map(e => e.id)") == []


@pytest.mark.e2e
@pytest.mark.browser_context_args(reduced_motion="reduce")
def test_reduced_motion_turns_off_transitions(page: Page, site_url: str) -> None:
    """With ``prefers-reduced-motion: reduce`` no card moves smoothly and nothing turns."""
    seed = seed_where_you_take(Contract.GARDE)
    open_table(page, site_url, f"players=4&seed={seed}")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    durations = page.evaluate("""() => [...document.querySelectorAll('.hand .card, button')].map(e => {
        const s = getComputedStyle(e); return [s.transitionDuration, s.animationName]; })""")
    assert durations and all(t.split(",")[0].strip() in ("0s", "") and a == "none" for t, a in durations), durations


@pytest.mark.e2e
def test_without_reduced_motion_the_hand_moves(page: Page, site_url: str) -> None:
    """The check above means something: by default a card of your hand rises smoothly."""
    seed = seed_where_you_take(Contract.GARDE)
    open_table(page, site_url, f"players=4&seed={seed}")
    assert page.evaluate("getComputedStyle(document.querySelector('.hand .card')).transitionDuration") == "0.12s"


class HuKeyboardPlayer(HuMirrorPlayer):
    """:class:`HuMirrorPlayer` with the keyboard alone."""

    def _bidding(self) -> None:
        choice = e2e_play_hu.choose_bid(self.game, self.declare)
        tab_to(self.page, f"[data-action=bid][data-value={e2e_play_hu.action_value(choice)}]")
        self.page.keyboard.press("Enter")
        self.game.apply(choice)

    def _discard(self) -> None:
        from tarot_core.hungarian.actions import Annul, Discard
        from tarot_core.hungarian.cards import format_card
        page, game = self.page, self.game
        if isinstance(game.legal_actions()[0], Annul):
            tab_to(page, "[data-action=annul][data-value=no]")
            page.keyboard.press("Enter")
            game.apply(Annul(0, False))
            return
        assert focused(page)["hand"], focused(page)  # the discard is chosen in your hand
        plan = e2e_play_hu.discard_plan(game)
        for card in plan:
            arrow_to(page, format_card(card))
            page.keyboard.press("Enter")
        assert focused(page)["action"] == "discard", focused(page)
        page.keyboard.press("Space")
        for card in sorted(plan, key=lambda c: c.index):
            game.apply(Discard(0, card))

    def _call(self) -> None:
        from tarot_core.hungarian.cards import format_card
        page = self.page
        assert focused(page)["action"] == "call", focused(page)  # the panel's first control
        choice = e2e_play_hu.choose_call(self.game, self.call)
        tab_to(page, f"[data-action=call][data-card='{format_card(choice.card)}']")
        page.keyboard.press("Enter")
        self.game.apply(choice)

    def _announcements(self) -> None:
        page, game = self.page, self.game
        assert focused(page)["action"] == "announce", focused(page)
        choice = e2e_play_hu.choose_announcement(game, self.announce, self.said)
        value = e2e_play_hu.action_value(choice)
        if type(choice).__name__ != "Pass":
            self.said.append(value)
        tab_to(page, f"[data-action=announce][data-value='{value}']")
        page.keyboard.press("Enter")
        game.apply(choice)

    def _play(self) -> None:
        from tarot_core.hungarian.cards import format_card
        page, game = self.page, self.game
        legal = {format_card(a.card) for a in game.legal_actions()}
        assert focused(page)["card"] in legal, (focused(page), legal)
        card = e2e_play_hu.choose_card(game)
        arrow_to(page, format_card(card))
        page.keyboard.press("Enter")
        game.apply(e2e_play_hu.Play(0, card))


@pytest.mark.e2e
def test_a_whole_hungarian_deal_by_keyboard_alone(page: Page, site_url: str) -> None:
    """Bid, discard, call, announce (trull when you may, else pass) and play every card of a
    Hungarian deal with the keyboard alone, to the score sheet, whose first button has the focus."""
    seed = find_seed(4, lambda m: m.current.phase.value == "done" and m.current.declarer == 0
                     and m.current.level.value != "solo")
    match = e2e_play_hu.page_match(4, seed)
    e2e_play_hu.open_table(page, site_url, e2e_play_hu.query(4, seed))
    page.keyboard.press("Tab")  # into the page: from now on the keyboard leads
    player = HuKeyboardPlayer(page, match, declare=True)
    assert player.play_deal() == "done"
    assert player.seen_phases.count("play") == 9
    assert {"bidding", "discard", "call", "announcements"} <= set(player.seen_phases)
    expect(page.locator("#score-sheet")).to_be_visible()
    assert focused(page)["action"] == "next-deal"
