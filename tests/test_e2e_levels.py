"""End-to-end (headless Chromium): the searching computer players think in a Web Worker.

* a deal against the strong level: every computer turn goes to the worker, and no main-thread
  task of over 50 ms runs while they think (the Long Tasks API);
* the worker's Pyodide answers exactly as CPython's tarot_core does (the same move, the same
  hint values) for the same request;
* the Hint button: the strong player's suggestion with your expected score, the card marked.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from conftest import READY_TIMEOUT_MS
from e2e_play import YOU, wait_your_turn_or_end

import web_helpers  # noqa: F401  (puts web/ on sys.path)
import thinking  # noqa: E402  (web/)
from tarot_core import ai
from tarot_core.french import Phase
from tarot_core.match import Match
from tarot_core.records import deal_record

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach(
  (e) => window.__longTasks.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
"""

COUNT_ASKS = """() => {
  window.__asked = 0;
  const ask = window.tarotThink;
  window.tarotThink = (text) => { window.__asked += 1; return ask(text); };
}"""


def _open(page: Page, site_url: str, query: str) -> None:
    page.add_init_script(LONG_TASKS)
    page.goto(f"{site_url}?pace=0&{query}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.thinker === 'ready'", timeout=READY_TIMEOUT_MS)


@pytest.mark.e2e
def test_strong_computers_think_in_the_worker_and_the_page_never_blocks(page: Page, site_url: str) -> None:
    _open(page, site_url, "players=4&seed=e2e-levels&level=strong")
    page.evaluate(COUNT_ASKS)
    ready_at = page.evaluate("performance.now()")
    turns = 0
    while True:
        phase = wait_your_turn_or_end(page)
        if phase in ("done", "thrown_in"):
            break
        if phase == "bidding":
            page.click("[data-action=bid][data-value=pass]")
        elif phase == "play":
            page.locator(".hand button.playable[data-action=play]").first.click()
        else:
            raise AssertionError(f"unexpected phase {phase}")
        turns += 1
    asked = page.evaluate("window.__asked")
    assert turns >= 18 and asked >= 18 * 3 - 3, (turns, asked)  # the computers' cards, through the worker
    long_tasks = page.evaluate(f"window.__longTasks.filter(([start]) => start > {ready_at})")
    assert [round(d) for _, d in long_tasks if d > 50] == []
    expect(page.locator(".overlay .sheet")).to_be_visible()


@pytest.mark.e2e
def test_the_worker_answers_as_cpython(page: Page, site_url: str) -> None:
    """The same request, asked of the page's worker (Pyodide) and of CPython's thinking.py:
    the same move at each level, the same hint to the last digit."""
    _open(page, site_url, "")
    for seed in range(50):  # a deal that someone takes, played by v1 into its third trick
        game = Match(4, f"same-everywhere/{seed}", first_dealer=3).current
        while game.turn is not None and (game.phase is not Phase.PLAY or len(game.tricks) < 2):
            game.apply(ai.choose_action(game.view(game.turn), "x", game.ply))
        if game.turn is not None:
            break
    requests = [{"id": 900 + k, "record": deal_record(game), "seat": game.turn, "seed": "same", "step": game.ply,
                 **extra} for k, extra in enumerate([{"version": "v2-strong"}, {"version": "v2-normal"},
                                                     {"hint": True, "level": "strong"}])]
    for seed in range(50):  # and a deal whose taker is at the écart (a hint lists its cards)
        ecart = Match(4, f"ecart-everywhere/{seed}", first_dealer=3).current
        while ecart.turn is not None and ecart.phase is not Phase.ECART and ecart.phase is not Phase.PLAY:
            ecart.apply(ai.choose_action(ecart.view(ecart.turn), "x", ecart.ply))
        if ecart.phase is Phase.ECART:
            break
    requests.append({"id": 910, "record": deal_record(ecart), "seat": ecart.turn, "seed": "same", "step": ecart.ply,
                     "hint": True, "level": "strong"})
    for request in requests:
        answered = json.loads(page.evaluate("(text) => window.tarotThink(text)", json.dumps(request)))
        assert "move" in answered or len(answered["hint"]) > 1, answered
        assert answered == json.loads(json.dumps(thinking.think(request)))


@pytest.mark.e2e
def test_the_hint_button_suggests_a_card_with_its_expected_score(page: Page, site_url: str) -> None:
    seed = "hint-e2e"
    _open(page, site_url, f"players=4&seed={seed}&level=easy")
    match = Match(4, seed, first_dealer=3)
    game = match.current
    # you pass; the computers (v1, as the mirror) act; on to your first card
    while True:
        phase = wait_your_turn_or_end(page)
        if phase == "bidding":
            page.click("[data-action=bid][data-value=pass]")
            continue
        break
    assert phase == "play"
    page.click("[data-action=hint]")
    bar = page.locator(".hint-bar.ready")
    expect(bar).to_contain_text("Suggested:")
    expect(bar).to_contain_text("for you this deal")
    # CPython's strong player, on the same deal and step, suggests the same card
    from tarot_core.french import Bid
    for bid in range(4):
        seat = game.turn
        game.apply(Bid(seat, None) if seat == YOU else ai.choose_action(game.view(seat), match.current_seed, game.ply))
    while game.turn != YOU:
        game.apply(ai.choose_action(game.view(game.turn), match.current_seed, game.ply))
    best, points = ai.hint(game.view(YOU), match.current_seed, game.ply, level="strong")[0]
    hinted = page.locator(".hand .hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-card") == str(best.card)
    hinted.click()  # playing it ends the hint
    expect(page.locator(".hint-bar.ready")).to_have_count(0)
