"""End-to-end (headless Chromium): the searching computer players think in a Web Worker.

* a deal against the strong level: every computer turn is a question to the worker whose answer
  is a move (the page plays it: its own thread never searches). Checked by structure, not by
  time: how long the main thread's tasks last is a benchmark figure (``bench/think.py`` reports
  the longest), which a busy 2-core machine would make a flaky assertion;
* the worker's Pyodide answers exactly as CPython's tarot_core does (the same move, the same
  hint values) for the same request;
* the Hint button: the strong player's suggestion with your expected score, the card marked;
* questions no longer needed are cancelled: the worker answers those it has not started on
  ``{"id": n, "cancelled": true}`` without searching (it counts its searches in
  ``self.searched``), and the page cancels a hint you played past;
* on a phone (390x844) the hint never covers your seat or your hand (nor on a laptop).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from conftest import READY_TIMEOUT_MS
from e2e_play import YOU, seed_where_you_take, wait_your_turn_or_end

import web_helpers  # noqa: F401  (puts web/ on sys.path)
from tarot_page import thinking  # noqa: E402  (web/)
from tarot_core import ai
from tarot_core.french.contracts import Contract
from tarot_core.french import Phase
from tarot_core.match import Match
from tarot_core.records import deal_record

COUNT_ASKS = """() => {
  window.__asked = 0;
  window.__answers = [];
  const ask = window.tarotThink;
  window.tarotThink = async (text) => {
    window.__asked += 1;
    const answer = await ask(text);
    window.__answers.push(JSON.parse(answer));
    return answer;
  };
}"""


def _searched(page: Page) -> int:
    """How many questions the page's worker has searched (its ``self.searched``)."""
    [worker] = [w for w in page.workers if "ai-worker" in w.url]
    return worker.evaluate("self.searched")


def _deal_in_play():
    """A deal that someone takes, played by v1 into its third trick (a French 4-player deal)."""
    for seed in range(50):
        game = Match(4, f"same-everywhere/{seed}", first_dealer=3).current
        while game.turn is not None and (game.phase is not Phase.PLAY or len(game.tricks) < 2):
            game.apply(ai.choose_action(game.view(game.turn), "x", game.ply))
        if game.turn is not None:
            return game
    raise AssertionError("no deal found")


def _open(page: Page, site_url: str, query: str) -> None:
    page.goto(f"{site_url}?pace=0&{query}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("document.body.dataset.thinker === 'ready'", timeout=READY_TIMEOUT_MS)


@pytest.mark.e2e
def test_strong_computers_think_in_the_worker_and_the_page_never_blocks(page: Page, site_url: str) -> None:
    _open(page, site_url, "players=4&seed=e2e-levels&level=strong")
    page.evaluate(COUNT_ASKS)
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
    answers = page.evaluate("window.__answers")
    # Each question was answered by the worker with a move, so the page never fell back to
    # searching on its own thread (table.computer_action does only when an answer has no move).
    moves = [a for a in answers if "move" in a]
    assert len(answers) == asked and all("move" in a or a.get("cancelled") for a in answers), answers[:3]
    assert len(moves) >= 18 * 3 - 3 and _searched(page) >= len(moves), (len(moves), _searched(page))
    assert page.evaluate("document.body.dataset.thinker") == "ready"
    expect(page.locator(".overlay .sheet")).to_be_visible()


@pytest.mark.e2e
def test_the_worker_answers_as_cpython(page: Page, site_url: str) -> None:
    """The same request, asked of the page's worker (Pyodide) and of CPython's thinking.py:
    the same move at each level, the same hint to the last digit (French Tarot, and a
    Hungarian bid that v4 withdraws)."""
    _open(page, site_url, "")
    game = _deal_in_play()
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
    # Hungarian v4: a bid it withdraws and the hint's values there, in the Pyodide worker as here
    from golden_data import PINNED_HU_V4, hungarian_v2_position
    from tarot_core.hungarian import RULES

    players, k, stop, _, _, _ = PINNED_HU_V4[0]
    bid = hungarian_v2_position(players, k, stop)
    for j, extra in enumerate([{"version": "v4-normal"}, {"hint": True, "level": "strong"}]):
        requests.append({"id": 920 + j, "record": RULES.deal_record(bid), "seat": bid.turn, "seed": "golden",
                         "step": bid.ply, **extra})
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


# --- cancelled questions ------------------------------------------------------------------------

ASK_ALL = """async ([texts, cancel]) => {
  const order = [];
  const answers = texts.map((text) => window.tarotThink(text).then((answer) => {
    order.push(JSON.parse(answer).id);
    return JSON.parse(answer);
  }));
  window.tarotCancel(JSON.stringify({ cancel }));
  return { answers: await Promise.all(answers), order };
}"""


@pytest.mark.e2e
def test_the_worker_skips_the_questions_cancelled_before_it_started_on_them(page: Page, site_url: str) -> None:
    """Four questions at once, the middle two cancelled at once: the first (being searched when
    the cancel comes) and the last are answered as CPython answers them, the cancelled two come
    back ``cancelled`` before the last, and the worker searched two questions, not four."""
    _open(page, site_url, "")
    game = _deal_in_play()
    base = {"record": deal_record(game), "seat": game.turn, "seed": "cancel", "step": game.ply}
    requests = [dict(base, id=2001, hint=True, level="strong"),  # the worker is busy with this one
                dict(base, id=2002, hint=True, level="strong"),
                dict(base, id=2003, version="v2-strong"),
                dict(base, id=2004, version="v2-normal")]
    before = _searched(page)
    result = page.evaluate(ASK_ALL, [[json.dumps(r) for r in requests], [2002, 2003]])
    first, *cancelled, last = result["answers"]
    assert cancelled == [{"id": 2002, "cancelled": True}, {"id": 2003, "cancelled": True}]
    assert first == json.loads(json.dumps(thinking.think(requests[0])))
    assert last == json.loads(json.dumps(thinking.think(requests[3])))
    # the cancelled ones answered at once (the first may have started after them), the last last
    assert result["order"][-1] == 2004 and sorted(result["order"]) == [2001, 2002, 2003, 2004]
    assert _searched(page) - before == 2


HOLD_THE_HINT = """() => {
  // The worker is busy when the hint is asked (here: the hint waits in the page); once the page
  // cancels it, it reaches the worker behind another search, then the cancel, as it would.
  window.__asked = [];
  window.__cancels = [];
  window.__answers = {};
  const ask = window.tarotThink, cancel = window.tarotCancel;
  let held = null;
  window.tarotThink = (text) => {
    const { id, hint } = JSON.parse(text);
    window.__asked.push(id);
    const answer = hint ? new Promise((resolve) => { held = { text, resolve }; }) : ask(text);
    return answer.then((a) => { window.__answers[id] = JSON.parse(a); return a; });
  };
  window.tarotCancel = (text) => {
    window.__cancels.push(...JSON.parse(text).cancel);
    if (held) {
      ask(JSON.stringify({ ...JSON.parse(held.text), id: -1 }))  // the search the worker is busy with
        .then((a) => { window.__answers[-1] = JSON.parse(a); });
      ask(held.text).then(held.resolve);
      held = null;
    }
    cancel(text);
  };
}"""


@pytest.mark.e2e
def test_a_hint_you_played_past_is_cancelled_and_never_searched(page: Page, site_url: str) -> None:
    """You ask a hint and bid before it comes: the page cancels the hint's question, the worker
    answers it ``cancelled`` without searching it, and no suggestion shows."""
    _open(page, site_url, "players=4&seed=cancel-e2e&level=easy")
    assert wait_your_turn_or_end(page) == "bidding"
    page.evaluate(HOLD_THE_HINT)
    before = _searched(page)
    page.click("[data-action=hint]")
    expect(page.locator(".hint-bar")).to_contain_text("Thinking…")
    # "Thinking…" is drawn before the page posts the question: wait for the question itself.
    page.wait_for_function("window.__asked.length > 0")
    [hint] = page.evaluate("window.__asked")
    page.click("[data-action=bid][data-value=pass]")
    page.wait_for_function("(id) => window.__answers[id]", arg=hint)
    assert page.evaluate("window.__cancels") == [hint]
    assert page.evaluate("window.__answers")[str(hint)] == {"id": hint, "cancelled": True}
    page.wait_for_function("window.__answers[-1]")  # the search it waited behind
    assert _searched(page) - before == 1  # that one only
    expect(page.locator(".hint-bar.ready")).to_have_count(0)
    expect(page.locator(".hint-thinking")).to_have_count(0)


# --- where the hint shows ---------------------------------------------------------------------

CLEAR_OF = """() => {
  const box = document.querySelector('.hint-bar.ready .hint-box, .hint-bar .hint-button');
  const rect = (e) => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const h = rect(box);
  const over = [...document.querySelectorAll('.seat.pos-s, .hand .card')].filter((e) => hit(h, rect(e)));
  return { over: over.map((e) => e.dataset.card || e.className), inside: h.left >= 0 && h.right <= innerWidth };
}"""


def _hint_clear(page: Page) -> None:
    """The Hint button, then the hint it brings, cover neither your seat nor a card of your hand,
    and stay on the screen."""
    assert page.evaluate(CLEAR_OF) == {"over": [], "inside": True}
    page.click("[data-action=hint]")
    expect(page.locator(".hint-bar.ready .hint-box")).to_be_visible(timeout=READY_TIMEOUT_MS)
    assert page.evaluate(CLEAR_OF) == {"over": [], "inside": True}


@pytest.mark.e2e
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_french_hint_never_covers_your_seat_or_hand(page: Page, site_url: str, size) -> None:
    """At your bid, your écart (the longest hint) and your first card."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    _open(page, site_url, f"players=4&seed={seed_where_you_take(Contract.GARDE)}&level=easy")
    assert wait_your_turn_or_end(page) == "bidding"
    _hint_clear(page)
    page.click("[data-action=bid][data-value=garde]")
    assert wait_your_turn_or_end(page) == "ecart"
    _hint_clear(page)
    expect(page.locator(".hand .hinted")).to_have_count(6)
    for _ in range(6):
        page.locator(".hand .hinted:not(.selected)").first.click()
    page.click("[data-action=ecart]")
    assert wait_your_turn_or_end(page) == "play"
    _hint_clear(page)


@pytest.mark.e2e
def test_the_hungarian_hint_never_covers_your_seat_or_hand_on_a_phone(page: Page, site_url: str) -> None:
    """At each of your turns with a hint (the discard, a call) and at your first card; you pass,
    a computer declares (the page played by e2e_play_hu's mirror player)."""
    from e2e_play_hu import HuMirrorPlayer
    from e2e_play_hu import page_match as hu_match

    page.set_viewport_size({"width": 390, "height": 844})
    seed = "hint-phone"
    _open(page, site_url, f"game=hungarian&players=4&seed={seed}&level=easy")
    hinted = []

    def check(game) -> bool:
        if page.locator("[data-action=hint]").count():
            _hint_clear(page)
            hinted.append(game.phase.value)
        return game.phase.value == "play"

    assert HuMirrorPlayer(page, hu_match(4, seed), declare=False).play_deal(check) == "stopped"
    assert hinted[0] == "discard" and hinted[-1] == "play", hinted
