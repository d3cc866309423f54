"""Playing the page like a person, with a CPython mirror of the same match.

The page runs tarot_core under Pyodide; :class:`MirrorPlayer` keeps a :class:`Match` with the same
seed in CPython (the computer players are seeded, so they choose the same in both) and, at each
of your turns, checks that the page offers exactly the mirror's legal actions before clicking one.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tarot_core.ai import choose_action
from tarot_core.french.cards import EXCUSE, format_card, parse_card
from tarot_core.french.contracts import Contract, Side
from tarot_core.french import Bid, Call, Chelem, Phase, Play, Poignee
from tarot_core.match import Match

from conftest import READY_TIMEOUT_MS

YOU = 0
STEP_TIMEOUT_MS = 30_000


def page_match(players: int, seed: int | str, deals: int | None = None) -> Match:
    """The match the page plays for ``?players=&seed=&deals=`` (the dealer on your left, so that
    you speak first in the first deal)."""
    return Match(players, str(seed), deals_to_play=deals, first_dealer=players - 1)


def seed_where_you_take(contract: Contract, players: int = 4) -> int:
    """A seed whose first deal lets you (first to speak) take with ``contract``."""
    for seed in range(1, 500):
        match = page_match(players, seed)
        if match.current.phase is not Phase.BIDDING:
            continue
        match.current.apply(Bid(YOU, contract))
        advance_computers(match)
        if match.current.taker == YOU:
            return seed
    raise AssertionError("no seed found")


def your_card(game, keep_excuse: bool = False):
    """The card :class:`MirrorPlayer` plays for you: the first playable card by notation, the
    Excuse last when ``keep_excuse`` (then it waits for the last trick if the rules let it)."""
    playable = sorted(format_card(a.card) for a in game.legal_actions() if isinstance(a, Play))
    if keep_excuse and len(playable) > 1 and "EX" in playable:
        playable.remove("EX")
    return parse_card(playable[0])


def _after_you_pass(players: int, seed: int):
    """The mirror's first deal of match ``seed`` once you have passed and the computers have
    acted up to your next turn, or ``None`` when that deal was thrown in before the bidding."""
    match = page_match(players, seed)
    game = match.current
    if game.phase is not Phase.BIDDING:
        return None
    advance_computers(match)
    game.apply(Bid(YOU, None))
    advance_computers(match)
    return game


def seed_where_a_computer_shows_the_chien() -> int:
    """A seed whose first deal, you passing, is taken by a computer with a prise or a garde."""
    for seed in range(1, 500):
        game = _after_you_pass(4, seed)
        if game and game.phase is Phase.PLAY and game.contract.chien_seen and game.taker != YOU:
            return seed
    raise AssertionError("no seed found")


def seed_where_you_may_show_a_poignee(players: int = 4) -> int:
    """A seed whose first deal, you passing, comes to your first card with a poignée to show
    (FR-4.4)."""
    for seed in range(1, 1000):
        game = _after_you_pass(players, seed)
        if game and game.phase is Phase.PLAY and any(isinstance(a, Poignee) for a in game.legal_actions()):
            return seed
    raise AssertionError("no seed found")
def seed_where_your_excuse_is_lost(players: int = 4) -> int:
    """A seed whose first deal, you passing and keeping the Excuse for the last trick, ends
    with your Excuse going to the taker's side (FR-6.2)."""
    for seed in range(1, 500):
        match = page_match(players, seed)
        game = match.current
        if game.phase is not Phase.BIDDING or EXCUSE not in game.hands[YOU]:
            continue
        while not game.is_over:
            advance_computers(match)
            if game.turn == YOU:
                game.apply(Bid(YOU, None) if game.phase is Phase.BIDDING else Play(YOU, your_card(game, True)))
        if game.result is not None and game.result.excuse_lost_by is Side.DEFENCE:
            return seed
    raise AssertionError("no seed found")


def open_table(page: Page, site_url: str, query: str) -> None:
    """Open the page with ``query`` (computer players at full speed; at level easy, the ``v1``
    that the mirror plays, unless ``query`` names a level) and wait until it is ready."""
    if "level=" not in query:
        query = f"level=easy&{query}"
    page.goto(f"{site_url}?pace=0&{query}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)


def advance_computers(match: Match) -> None:
    """Apply the computer players' actions to the mirror until it is your turn or the end."""
    game = match.current
    while game.turn is not None and game.turn != YOU:
        game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))


def wait_your_turn_or_end(page: Page) -> str:
    """Wait until you are to act or nobody is; return the page's phase."""
    page.wait_for_function("['you', 'none'].includes(document.body.dataset.turn)", timeout=STEP_TIMEOUT_MS)
    return page.evaluate("document.body.dataset.phase")


def assert_all_in_view(page: Page, *selectors: str) -> None:
    """Nothing to scroll for, and every element matching each selector (at least one) is
    wholly inside the viewport's height."""
    height = page.evaluate("innerHeight")
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height
    for selector in selectors:
        boxes = [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]
        assert boxes, selector
        for box in boxes:
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, selector


def tokens(page: Page, selector: str) -> list[str]:
    """The data-card tokens of the elements matching ``selector``, in page order."""
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


class MirrorPlayer:
    """Plays your seat in the page and in the mirror, checking the page at every turn.

    Args:
        page: the Playwright page, already showing the match's table.
        match: the mirror (:func:`page_match`).
        bid: the contract you bid when it is legal (else you pass).
        call: how to choose a called card at five players: ``"other"`` a King you do not hold.
        keep_excuse: play the Excuse last (see :func:`your_card`).
    """

    def __init__(self, page: Page, match: Match, bid: Contract | None = None, call: str = "other",
                 keep_excuse: bool = False) -> None:
        self.page, self.match, self.bid, self.call = page, match, bid, call
        self.keep_excuse = keep_excuse
        self.seen_phases: list[str] = []

    @property
    def game(self):
        return self.match.current

    def play_deal(self) -> str:
        """Play the current deal to its end; return the final phase (``done`` or ``thrown_in``)."""
        page, game = self.page, self.game
        advance_computers(self.match)
        while True:
            phase = wait_your_turn_or_end(page)
            assert phase == game.phase.value, f"page in {phase}, mirror in {game.phase.value}"
            self.seen_phases.append(phase)
            if phase in ("done", "thrown_in"):
                return phase
            getattr(self, f"_{phase}")()
            advance_computers(self.match)

    def _bidding(self) -> None:
        legal = self.game.legal_actions()
        offered = self.page.locator("[data-action=bid]").evaluate_all("els => els.map(e => e.dataset.value)")
        assert offered == [a.contract.value if a.contract else "pass" for a in legal]
        choice = Bid(YOU, self.bid) if Bid(YOU, self.bid) in legal else Bid(YOU, None)
        value = choice.contract.value if choice.contract else "pass"
        self.page.click(f"[data-action=bid][data-value={value}]")
        self.game.apply(choice)

    def _call(self) -> None:
        legal = [a.card for a in self.game.legal_actions()]
        assert tokens(self.page, "[data-action=call]") == [format_card(c) for c in legal]
        hand = self.game.hands[YOU]
        card = next((c for c in legal if c not in hand), legal[0]) if self.call == "other" else legal[0]
        self.page.click(f"[data-action=call][data-card='{format_card(card)}']")
        self.game.apply(Call(YOU, card))

    def _ecart(self) -> None:
        page, game = self.page, self.game
        chien = tokens(page, ".chien .card")
        assert sorted(chien) == sorted(format_card(c) for c in game.chien)
        confirm = page.locator("[data-action=ecart]")
        expect(confirm).to_be_disabled()
        candidates = game.ecart_candidates()
        assert set(tokens(page, ".hand button.playable")) == {format_card(c) for c in candidates}
        plan = sorted(candidates, key=lambda c: (c.is_trump, -c.points2, c.index))[: game.chien_size]
        for i, card in enumerate(plan):
            page.click(f".hand [data-card='{format_card(card)}']")
            if i < len(plan) - 1:
                expect(confirm).to_be_disabled()
        expect(confirm).to_be_enabled()
        # FR-4.3: the écart panel's chelem box, left unticked, answers the chelem question.
        expect(page.locator("[data-action=chelem-toggle]")).not_to_be_checked()
        confirm.click()
        game.apply_ecart(plan)
        game.apply(Chelem(YOU, False))

    def _chelem(self) -> None:
        """Only a garde sans or contre (no écart) asks the chelem question on its own."""
        assert self.game.contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE)
        self.page.click("[data-action=chelem][data-value=no]")
        self.game.apply(Chelem(YOU, False))

    def _play(self) -> None:
        page, game = self.page, self.game
        legal = game.legal_actions()
        offers = page.locator("[data-action=poignee]").evaluate_all("els => els.map(e => e.dataset.value)")
        assert offers == [str(len(a.cards)) for a in legal if isinstance(a, Poignee)]
        playable = set(tokens(page, ".hand button.playable"))
        assert playable == {format_card(a.card) for a in legal if isinstance(a, Play)}
        hand = {format_card(c) for c in game.hands[YOU]}
        assert set(tokens(page, ".hand button.disabled")) == hand - playable
        assert page.locator(".hand button.disabled:not([disabled])").count() == 0
        # FR-4.2: the partner is shown only once your view knows it.
        v = game.view(YOU)
        assert page.locator(".badge.partner").count() == (1 if v.partner_known and v.partner is not None else 0)
        card = your_card(game, self.keep_excuse)
        page.click(f".hand [data-card='{format_card(card)}']")
        game.apply(Play(YOU, card))

    def check_score_sheet(self) -> None:
        """The deal's score sheet shows the mirror's result, deal and match totals."""
        sheet = self.page.locator("#score-sheet")
        expect(sheet).to_be_visible()
        game = self.game
        if game.phase is Phase.THROWN_IN:
            expect(sheet).to_contain_text("No deal")
            return
        result = game.result
        totals = self.match.totals()
        for seat in range(self.match.players):
            row = sheet.locator(f"tr[data-seat='{seat}']")
            expect(row.locator(".score")).to_have_text(f"{result.scores[seat]:+d}" if result.scores[seat] else "0")
            expect(row.locator(".total")).to_have_text(f"{totals[seat]:+d}" if totals[seat] else "0")
        expect(sheet.locator("tr[data-row=target] td")).to_contain_text(str(result.score.target))
        expect(sheet.locator("tr[data-row=bouts] td")).to_contain_text(str(result.bouts))
        # With a partner (five players), the card points are the taker's side's.
        points = "takers-card-points" if result.partner is None else "takers-sides-card-points"
        expect(sheet.locator(f"tr[data-row={points}] td")).to_contain_text(f"{result.points2 / 2:g} of 91")
        expect(sheet.locator("tr[data-row=contract] td")).to_contain_text(result.score.contract.label)
        # FR-6.2: an Excuse lost in the last trick is explained, and only then.
        excuse_row = sheet.locator("tr[data-row=excuse] td")
        if result.excuse_lost_by is None:
            expect(excuse_row).to_have_count(0)
        else:
            gainer = "the defence" if result.excuse_lost_by is Side.ATTACK else "the taker's side"
            expect(excuse_row).to_contain_text("played to the last trick by")
            expect(excuse_row).to_contain_text(f"went to {gainer}")
