"""End-to-end: every phase of both games fits a phone in every language (issue 18 §1), in Chromium.

At 390×844 (a common phone), for each of the seven languages, a French Tarot deal (you take a
garde: bidding, écart, play, score sheet, the running scores, the final standings of a one-deal
match), a Hungarian Tarokk deal (you declare: bidding, discard, call, announcements, play, score
sheet) and the start, history and leaderboard screens are checked for text that does not fit:

* the page never scrolls sideways;
* no element with text reaches outside the screen (unless inside a box that scrolls sideways on
  purpose, such as a wide score table);
* no button, label, heading or table cell has text wider than its own box (cut off, or spilling
  over its neighbours).

With ``TAROT_SHOTS=/some/dir`` a screenshot of every checked screen is written there, to be looked
at (the closing note of issue 18 says which were).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e_play import MirrorPlayer, open_table, page_match, seed_where_you_take
from e2e_play_hu import HuMirrorPlayer, action_value, choose_announcement, choose_bid, discard_plan, find_seed
from e2e_play_hu import open_table as open_hu_table
from e2e_play_hu import page_match as hu_page_match
from e2e_play_hu import query as hu_query
from tarot_core.french.contracts import Contract
from tarot_core.hungarian.actions import Annul, Discard

GARDE = Contract.GARDE

LANGUAGES = ("en", "fr", "hu", "uk", "ko", "zh", "ja")
PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("TAROT_SHOTS")

#: What does not fit, as a list of sentences (empty when everything fits).
MISFITS_JS = """() => {
  const out = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1) out.push(`the page scrolls sideways (${root.scrollWidth} > ${width})`);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  const scrollsSideways = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const shown = (el) => {
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !el.closest('details:not([open]) > :not(summary)');
  };
  const texts = 'button, summary, label, h1, h2, h3, p, li, th, td, .status, .deal-no > span, .contract, .name, .badge';
  for (const el of document.querySelectorAll(texts)) {
    if (!shown(el) || !(el.textContent || '').trim()) continue;
    if (el.closest('.sr-only, .visually-hidden, [aria-hidden=true]')) continue;
    const r = el.getBoundingClientRect();
    if ((r.right > width + 1 || r.left < -1) && !scrollsSideways(el)) out.push('outside the screen: ' + name(el));
    const o = getComputedStyle(el).overflowX;
    if (o !== 'auto' && o !== 'scroll' && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      out.push(`text wider than its box (${el.scrollWidth} > ${el.clientWidth}): ` + name(el));
  }
  return out;
}"""


def ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)


class Looker:
    """Checks (and with ``TAROT_SHOTS``, photographs) each screen once, by name."""

    def __init__(self, page: Page, lang: str, game: str) -> None:
        self.page, self.lang, self.game = page, lang, game
        self.seen: list[str] = []
        self.misfits: dict[str, list[str]] = {}

    def look(self, what: str) -> None:
        if what in self.seen:
            return
        self.seen.append(what)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(SHOTS) / f"{self.lang}-{self.game}-{len(self.seen):02d}-{what}.png"))
        found = self.page.evaluate(MISFITS_JS)
        if found:
            self.misfits[what] = found


class FrenchLook(MirrorPlayer):
    """The French mirror player, looking at each phase the first time it comes."""

    def __init__(self, page: Page, match, looker: Looker, **kwargs) -> None:
        super().__init__(page, match, **kwargs)
        self.looker = looker

    def _bidding(self) -> None:
        self.looker.look("bidding")
        super()._bidding()

    def _ecart(self) -> None:
        self.looker.look("ecart")
        super()._ecart()

    def _chelem(self) -> None:
        self.looker.look("chelem")
        super()._chelem()

    def _play(self) -> None:
        self.looker.look("play")
        super()._play()


class HungarianLook(HuMirrorPlayer):
    """The Hungarian mirror player, looking at each phase the first time it comes; it checks the
    table by its data (cards, values), not by English words, so it plays in any language."""

    def __init__(self, page: Page, match, looker: Looker, **kwargs) -> None:
        super().__init__(page, match, **kwargs)
        self.looker = looker

    def check_table(self) -> None:
        self.looker.look(self.game.phase.value)

    def _bidding(self) -> None:
        choice = choose_bid(self.game, self.declare)
        self.page.click(f"[data-action=bid][data-value={action_value(choice)}]")
        self.game.apply(choice)

    def _discard(self) -> None:
        page, game = self.page, self.game
        if isinstance(game.legal_actions()[0], Annul):
            page.click("[data-action=annul][data-value=no]")
            game.apply(Annul(0, False))
            return
        plan = discard_plan(game)
        for card in plan:
            page.click(f".hand button.playable[data-card='{card_token(card)}']")
        self.looker.look("discard-chosen")
        page.click("[data-action=discard]")
        for card in sorted(plan, key=lambda c: c.index):
            game.apply(Discard(0, card))

    def _announcements(self) -> None:
        choice = choose_announcement(self.game, self.announce, self.said)
        value = action_value(choice)
        if value != "pass":
            self.said.append(value)
        self.page.click(f"[data-action=announce][data-value='{value}']")
        self.game.apply(choice)


def card_token(card) -> str:
    from tarot_core.hungarian.cards import format_card

    return format_card(card)


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size(PHONE)
    return page


@pytest.mark.e2e
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_french_phase_fits_a_phone(phone: Page, site_url: str, lang: str, offline_guard) -> None:
    page = phone
    seed = seed_where_you_take(GARDE)
    looker = Looker(page, lang, "french")
    open_table(page, site_url, f"lang={lang}&players=4&seed={seed}&deals=1")
    player = FrenchLook(page, page_match(4, seed, deals=1), looker, bid=GARDE)
    assert player.play_deal() == "done"
    expect(page.locator("#score-sheet")).to_be_visible()
    looker.look("score-sheet")
    page.click("#score-sheet [data-action=next-deal], #score-sheet [data-action=standings]")
    expect(page.locator("#standings")).to_be_visible()
    looker.look("standings")
    page.goto(f"{site_url}?lang={lang}&pace=0&game=french")
    ready(page)
    looker.look("start")
    # The three levels on one row ("Fort" sat alone on a row of its own in French).
    assert page.evaluate("new Set([...document.querySelectorAll('.level-choice button')]"
                         ".map((b) => Math.round(b.getBoundingClientRect().top))).size") == 1
    page.click("[data-action=history]")
    expect(page.locator("#history")).to_be_visible()
    looker.look("history")
    page.goto(f"{site_url}?lang={lang}&pace=0&game=french")
    ready(page)
    page.click("[data-action=leaderboard]")
    expect(page.locator("#leaderboard")).to_be_visible()
    looker.look("leaderboard")
    assert {"bidding", "ecart", "play"} <= set(looker.seen)
    assert looker.misfits == {}, f"{lang}: {looker.misfits}"


@pytest.mark.e2e
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hungarian_phase_fits_a_phone(phone: Page, site_url: str, lang: str, offline_guard) -> None:
    page = phone
    seed = find_seed(4, lambda m: m.current.phase.value == "done" and m.current.declarer == 0
                     and m.current.level.value != "solo")
    looker = Looker(page, lang, "hungarian")
    open_hu_table(page, site_url, f"lang={lang}&" + hu_query(4, seed, deals=1))
    player = HungarianLook(page, hu_page_match(4, seed, deals=1), looker, declare=True)
    assert player.play_deal() == "done"
    expect(page.locator("#score-sheet")).to_be_visible()
    looker.look("score-sheet")
    page.goto(f"{site_url}?lang={lang}&pace=0&game=hungarian")
    ready(page)
    looker.look("start")
    assert {"bidding", "discard", "call", "announcements", "play"} <= set(looker.seen)
    assert looker.misfits == {}, f"{lang}: {looker.misfits}"
