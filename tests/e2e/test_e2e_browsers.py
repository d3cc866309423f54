"""Every browser: a whole French Tarot deal and a whole Hungarian Tarokk deal played through the
page in Firefox and in WebKit, with an offline reload in the middle (issue 18 §3).

* Firefox: Debian's ``firefox-esr`` over WebDriver BiDi, driven by puppeteer-core from Node
  (``tests/browsers/firefox.mjs``, run through :func:`firefox.run_firefox`).
* WebKit: Debian's ``webkit2gtk-driver`` (WebKitGTK's MiniBrowser) with Selenium, under an Xvfb
  that the fixture starts on a free display (``tests/webkit.py``).

Both play the same way (``tests/browsers/step.js``, evaluated in the page: in French a prise,
in Hungarian passes, the first cards that may go aside, the first playable card by notation), and
each of your steps is replayed on a CPython mirror of the match (the computers are seeded and play
``v1`` at level easy, so they choose the same): the page must offer exactly the mirror's legal
actions, and its score sheet must show the mirror's scores. After a few cards the test waits for the service
worker, stops the server (nothing else can answer then) and reloads: the page must come back
from the service worker exactly as it was (the saved game, from localStorage) and the deal is
played to its end offline.

Missing browsers fail (``apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb``), never skip.
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build
from conftest import READY_TIMEOUT_MS
import e2e_play_hu as hu
from e2e_play import YOU, advance_computers, page_match, seed_where_you_take
from firefox import FIREFOX, run_firefox
from tarot_core.french.cards import format_card, parse_card
from tarot_core.french.contracts import Contract
from tarot_core.french import Bid, Chelem, Phase, Play, Poignee
from tarot_core.hungarian import actions as hu_actions
from tarot_core.hungarian.cards import format_card as hu_format, parse_card as hu_parse
from webkit import WEBKIT_DRIVER, XVFB, start_xvfb, wait_until, webkit_driver

BROWSERS_JS = Path(__file__).resolve().parents[1] / "browsers"
STEP_JS = (BROWSERS_JS / "step.js").read_text(encoding="utf-8")
SHEET_JS = (BROWSERS_JS / "sheet.js").read_text(encoding="utf-8")
PLAYERS = 4
#: Cards of yours played before the offline reload.
OFFLINE_AFTER = 3
STEP_TIMEOUT_S = 30
READY_TIMEOUT_S = READY_TIMEOUT_MS / 1000
#: The phases a deal ends in: French (done, thrown in) and Hungarian (done, all passed, annulled).
END_PHASES = ("done", "thrown_in", "all_pass", "annulled")
INSTALL = "apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb"


def require(path: str, what: str, package: str) -> None:
    """Fail (never skip) when ``path`` is not an executable file, with the command installing it."""
    if not (shutil.which(path) and Path(path).is_file()):
        pytest.fail(f"{what} not found at {path}: install Debian's package (apt-get install -y {package}; "
                    f"all the browsers: {INSTALL}); e2e tests are never skipped", pytrace=False)


GAMES = ("french", "hungarian")
#: What you bid in each game: a prise (the French deal then has your écart), passes (the
#: Hungarian deal then has your discard, after another seat's bid).
BIDS = {"french": "prise", "hungarian": "pass"}
#: The cards each of your hands has in the play: all of them are played.
PLAYS = {"french": 18, "hungarian": 9}


@functools.cache
def seed_of(game: str) -> int:
    """A seed whose first deal, played as step.js plays it, has a choice of cards to put aside:
    in French you take with a prise (your écart); in Hungarian you pass, another seat declares and
    you discard, and the deal is played to its end."""
    if game == "french":
        return seed_where_you_take(Contract.PRISE, PLAYERS)
    return hu.find_seed(PLAYERS, lambda m: m.current.phase is hu_actions.Phase.DONE
                        and bool(hu.yours(m.current, hu_actions.Discard)), declare=False)


def query(game: str, seed: int) -> str:
    """The page's address query for the first deal of ``seed`` in ``game`` (level easy: v1)."""
    prefix = "game=hungarian&" if game == "hungarian" else ""
    return f"?{prefix}players={PLAYERS}&pace=0&level=easy&seed={seed}"


def cell(score: int) -> str:
    """A score as the sheet writes it (a sign, or 0)."""
    return f"{score:+d}" if score else "0"


def check_steps(game: str, steps: list[dict], sheet: dict | None) -> None:
    """The deal as played through the page: every step checked on the mirror (see
    :func:`replay_french` and :func:`replay_hungarian`), your cards to put aside chosen, every
    card of your hand played, the score sheet shown."""
    phases = [s["phase"] for s in steps]
    assert phases[0] == "bidding"
    assert ("ecart" if game == "french" else "discard") in phases
    assert phases.count("play") == PLAYS[game]
    (replay_french if game == "french" else replay_hungarian)(seed_of(game), steps, sheet)


def replay_hungarian(seed: int, steps: list[dict], sheet: dict | None) -> None:
    """As :func:`replay_french`, for a Hungarian deal (e2e_play_hu's mirror; the page answers
    your single-answer annulment question by itself, as its advance_computers does)."""
    A = hu_actions
    match = hu.page_match(PLAYERS, seed)
    game = match.current
    hu.advance_computers(match)
    for step in steps:
        phase = step["phase"]
        assert phase == game.phase.value, f"page in {phase}, mirror in {game.phase.value}"
        legal = game.legal_actions()
        if phase in ("bidding", "announcements") or (phase == "discard" and isinstance(legal[0], A.Annul)):
            assert step["offered"] == [hu.action_value(a) for a in legal]
            (value,) = step["chosen"]
            game.apply(next(a for a in legal if hu.action_value(a) == value))
        elif phase == "discard":
            assert set(step["offered"]) == {hu_format(a.card) for a in legal}
            assert len(step["chosen"]) == len(game.hands[YOU]) - 9
            for card in sorted(map(hu_parse, step["chosen"]), key=lambda c: c.index):  # as the page does
                game.apply(A.Discard(YOU, card))
        elif phase == "call":
            assert sorted(step["offered"]) == sorted(hu_format(a.card) for a in legal)
            if any(a.card.rank == 20 for a in legal):
                assert step["offered"][0] == "T20"  # the usual call first (HU-5)
            (card,) = step["chosen"]
            game.apply(A.Call(YOU, hu_parse(card)))
        elif phase == "play":
            assert sorted(step["hand"]) == sorted(hu_format(c) for c in game.hands[YOU])
            assert set(step["offered"]) == {hu_format(a.card) for a in legal}
            (card,) = step["chosen"]
            game.apply(A.Play(YOU, hu_parse(card)))
        else:
            raise AssertionError(f"unexpected phase at your turn: {phase}")
        hu.advance_computers(match)
    assert game.phase is A.Phase.DONE
    assert sheet is not None, "no score sheet at the end of the deal"
    totals = match.totals()
    assert sheet["seats"] == [{"seat": s, "score": cell(game.scores[s]), "total": cell(totals[s])}
                              for s in range(PLAYERS)]


def replay_french(seed: int, steps: list[dict], sheet: dict | None) -> None:
    """Replay the page's steps on a CPython match of the same seed: at each one the page offered
    exactly the mirror's legal actions; at the end its score sheet shows the mirror's scores."""
    match = page_match(PLAYERS, seed)
    game = match.current
    advance_computers(match)
    for step in steps:
        phase = step["phase"]
        assert phase == game.phase.value, f"page in {phase}, mirror in {game.phase.value}"
        legal = game.legal_actions()
        if phase == "bidding":
            assert step["offered"] == [a.contract.value if a.contract else "pass" for a in legal]
            (value,) = step["chosen"]
            game.apply(Bid(YOU, None if value == "pass" else Contract(value)))
        elif phase == "ecart":
            assert set(step["offered"]) == {format_card(c) for c in game.ecart_candidates()}
            game.apply_ecart([parse_card(c) for c in step["chosen"]])
            game.apply(Chelem(YOU, False))  # the écart panel's chelem box, left unticked
        elif phase == "chelem":
            game.apply(Chelem(YOU, False))
        elif phase == "play":
            assert sorted(step["hand"]) == sorted(format_card(c) for c in game.hands[YOU])
            assert set(step["offered"]) == {format_card(a.card) for a in legal if isinstance(a, Play)}
            assert step["poignee"] == [str(len(a.cards)) for a in legal if isinstance(a, Poignee)]
            (card,) = step["chosen"]
            game.apply(Play(YOU, parse_card(card)))
        else:
            raise AssertionError(f"unexpected phase at your turn: {phase}")
        advance_computers(match)
    assert game.is_over
    if game.phase is Phase.THROWN_IN:
        assert sheet is None or not sheet["seats"]
        return
    assert sheet is not None, "no score sheet at the end of the deal"
    totals = match.totals()
    assert sheet["seats"] == [{"seat": s, "score": cell(game.result.scores[s]), "total": cell(totals[s])}
                              for s in range(PLAYERS)]
    assert game.result.score.contract.label in sheet["rows"]["contract"]


def assert_local(urls: list[str]) -> None:
    """Every URL is 127.0.0.1's (or data:/blob:/about:, which never leave the browser)."""
    foreign = [u for u in urls if urlsplit(u).scheme not in ("data", "blob", "about")
               and urlsplit(u).hostname != "127.0.0.1"]
    assert not foreign, f"requests to another host: {foreign}"


def assert_fetched_once(urls: list[str]) -> None:
    """In the requests of a first load (``urls``), the files PyScript needs once Python is up —
    the wheel, app.zip, main.py — were each fetched exactly once: boot.js fetches them early and
    hands them to PyScript (WebKit never reused index.html's <link rel="preload" as="fetch">
    for them, and downloaded each twice)."""
    paths = [urlsplit(u).path for u in urls]
    for suffix in (".whl", "/app.zip", "/main.py"):
        assert sum(p.endswith(suffix) for p in paths) == 1, (suffix, [p for p in paths if p.endswith(suffix)])


class Server:
    """build.py's server for dist/ on a free port, stoppable in the middle of a test."""

    def __init__(self, dist: Path) -> None:
        self.server, self.url = build.serve_in_thread(dist, 0)
        self.running = True

    def stop(self) -> None:
        """Stop serving (again: nothing); the page then has only its service worker."""
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture
def server(site_dist: Path):
    """The built site on a server of this test's own (the site_url fixture's serves every test and
    cannot be stopped for the offline reload)."""
    served = Server(site_dist)
    yield served
    served.stop()


# --- Firefox ---------------------------------------------------------------------------------


@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_firefox_plays_a_deal_and_reloads_offline(server: Server, game: str) -> None:
    """Firefox ESR plays the deal through the page; after three cards of yours the server stops
    and a reload brings the same table back from the service worker; the deal ends offline.
    Every request the page and its workers made (puppeteer sees them; not the service worker's
    own precache) is 127.0.0.1's, with no console or page error."""
    require(FIREFOX, "Firefox", "firefox-esr")
    events = run_firefox("play", {"url": server.url, "query": query(game, seed_of(game)), "bid": BIDS[game],
                                  "offlineAfter": OFFLINE_AFTER}, on_offline=lambda _: server.stop())
    assert [e["event"] for e in events if e["event"] == "offline"] == ["offline"]
    (result,) = [e for e in events if e["event"] == "result"]
    assert result["version"].lower().startswith("firefox")
    # The reload, with the server stopped: served by the service worker, the same table.
    reload = result["reload"]
    assert reload["controlled"], "the offline reload was not served by the service worker"
    assert reload["phase"] == "play"
    assert reload["handAfter"] == reload["handBefore"]
    assert reload["sameApp"], "the table after the offline reload differs from the one before"
    assert "boot: restored from the snapshot" in reload["marks"]
    # Every step checked against the mirror; the score sheet too.
    assert result["end"] == "done"
    check_steps(game, result["steps"], result["sheet"])
    assert result["requests"], "no request seen"
    assert_local(result["requests"])
    assert_fetched_once(result["requests"][:len(result["requests"]) - len(reload["requests"])])
    assert result["consoleErrors"] == [] and result["pageErrors"] == []


# --- WebKit ----------------------------------------------------------------------------------

#: Installed in the page after each load (WebDriver offers no script that runs before the page's
#: own, and WebKitWebDriver no console log): keeps console.error calls and uncaught errors.
ERROR_PROBE = """
if (!window.__errors) {
  window.__errors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { window.__errors.push("console error: " + args.map(String).join(" ")); error(...args); };
  addEventListener("error", (e) => window.__errors.push("page error: " + e.message));
  addEventListener("unhandledrejection", (e) => window.__errors.push("page error: " + String(e.reason)));
}
"""
#: Every URL the page (and its dedicated workers, whose requests show in the page's timeline when
#: they are same-origin) fetched, from the Resource Timing API.
PAGE_URLS = "[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(e => e.name)"


@pytest.fixture(scope="module")
def xvfb():
    """An Xvfb server on a free display for WebKit (MiniBrowser needs X); stopped at the end."""
    require(XVFB, "Xvfb", "xvfb")
    display = start_xvfb()
    yield display
    display.stop()


@pytest.fixture
def webkit(xvfb):
    """A WebKit session (fresh profile) on the Xvfb display."""
    require(WEBKIT_DRIVER, "WebKitWebDriver", "webkit2gtk-driver")
    driver = webkit_driver(xvfb.display)
    yield driver
    driver.quit()


def webkit_ready(driver) -> None:
    """Wait until the page is ready, then install ERROR_PROBE in it."""
    wait_until(driver, "document.body && document.body.dataset.ready === '1'", READY_TIMEOUT_S)
    driver.execute_script(ERROR_PROBE)


def webkit_errors(driver) -> list[str]:
    """What ERROR_PROBE kept since the last load, and any error PyScript shows in the page
    (``.py-error``: a Python exception, including one during the start, before the probe)."""
    return driver.execute_script(
        "return [...(window.__errors || []),"
        " ...[...document.querySelectorAll('.py-error')].map(e => 'PyScript error: ' + e.textContent)]")


def webkit_play(driver, bid: str, steps: list[dict], stop_after: int | None) -> str | None:
    """Play your turns (step.js's choices, clicked with WebDriver) until the deal is over (return
    its phase) or ``stop_after`` cards of yours are played (return None)."""
    from selenium.webdriver.common.by import By

    while True:
        wait_until(driver, "['you', 'none'].includes(document.body.dataset.turn)", STEP_TIMEOUT_S)
        step = driver.execute_script(f"return ({STEP_JS})(arguments[0]);", bid)
        if step["phase"] in END_PHASES:
            return step["phase"]
        assert step["clicks"], f"nothing to click at your turn in phase {step['phase']}"
        for selector, after in zip(step["clicks"], step["after"]):
            driver.find_element(By.CSS_SELECTOR, selector).click()
            wait_until(driver, after, STEP_TIMEOUT_S)
        steps.append(step)
        if stop_after is not None and sum(s["phase"] == "play" for s in steps) >= stop_after:
            return None


@pytest.mark.e2e
@pytest.mark.parametrize("game", GAMES)
def test_webkit_plays_a_deal_and_reloads_offline(webkit, server: Server, game: str) -> None:
    """WebKit (MiniBrowser) plays the deal as Firefox does, with the offline reload. What
    WebDriver lets this test see: the page's Resource Timing (its URLs, all 127.0.0.1's), and
    errors from the moment a load is ready (ERROR_PROBE) plus any PyScript error drawn in the
    page; not console messages during the start (WebKitWebDriver offers no log and no BiDi)."""
    driver = webkit
    driver.get(server.url + query(game, seed_of(game)))
    webkit_ready(driver)
    urls = list(driver.execute_script(f"return {PAGE_URLS}"))
    assert_fetched_once(urls)
    steps: list[dict] = []
    assert webkit_play(driver, BIDS[game], steps, OFFLINE_AFTER) is None
    wait_until(driver, "navigator.serviceWorker.getRegistration()"
                       ".then(r => !!(r && r.active && r.active.state === 'activated'))", READY_TIMEOUT_S)
    before_app = driver.execute_script("return document.getElementById('app').innerHTML")
    errors = webkit_errors(driver)
    urls += driver.execute_script(f"return {PAGE_URLS}")

    server.stop()
    driver.refresh()
    webkit_ready(driver)
    wait_until(driver, "['you', 'none'].includes(document.body.dataset.turn)", STEP_TIMEOUT_S)
    assert driver.execute_script("return !!navigator.serviceWorker.controller"), \
        "the offline reload was not served by the service worker"
    assert driver.execute_script("return document.body.dataset.phase") == "play"
    assert driver.execute_script("return document.getElementById('app').innerHTML") == before_app
    marks = driver.execute_script("return performance.getEntriesByType('mark').map(m => m.name)")
    assert "boot: restored from the snapshot" in marks

    assert webkit_play(driver, BIDS[game], steps, None) == "done"
    check_steps(game, steps, driver.execute_script(f"return ({SHEET_JS})()"))
    urls += driver.execute_script(f"return {PAGE_URLS}")
    assert_local(urls)
    errors += webkit_errors(driver)
    assert errors == []
