"""The service worker for real: the game plays offline after one visit, and a new version is
offered ("A new version is ready — reload") and taken only on the user's click, never mixed.

These tests use their own browser contexts, with service workers allowed and no request routing
(Playwright's routing and service workers do not mix), each on its own server that they can stop
or switch to another build. Every request of the context — the page's and the service worker's —
is recorded; one to a host other than 127.0.0.1 fails the test, so do console errors.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build
from conftest import READY_TIMEOUT_MS, SLOW_CONNECTION, OfflineGuard

GAME = "?players=4&pace=0"
STEP_TIMEOUT_MS = 30_000
PLAYABLE = "document.body.dataset.ready === '1' && !!document.querySelector('.hand .card')"


class Watch:
    """Records every request of a context (page and service worker) and the pages' errors."""

    def __init__(self, context: BrowserContext) -> None:
        self.urls: list[str] = []
        self.guard = OfflineGuard()  # reuses is_local() and the console/page error collectors
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("page", self.guard.watch_page)

    def foreign(self) -> list[str]:
        return [url for url in self.urls if not OfflineGuard.is_local(url)]

    def check(self) -> None:
        problems = [f"request to another host: {url}" for url in self.foreign()]
        problems += self.guard.problems()
        assert not problems, "\n".join(problems)


@pytest.fixture
def sw_context(browser: Browser):
    """A context of its own: service workers allowed, nothing routed; checked at the end."""
    context = browser.new_context(service_workers="allow")
    watch = Watch(context)
    yield context, watch
    context.close()
    watch.check()


def wait_playable(page: Page) -> None:
    page.wait_for_function(PLAYABLE, timeout=READY_TIMEOUT_MS)


def wait_worker_active(page: Page) -> None:
    """Wait until the service worker registered by app.js is activated (precache complete)."""
    page.wait_for_function(
        "navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')",
        timeout=READY_TIMEOUT_MS,
    )
    page.wait_for_function(
        "(async () => { const r = await navigator.serviceWorker.getRegistration();"
        " return !!(r && r.active && r.active.state === 'activated'); })()",
        timeout=READY_TIMEOUT_MS,
    )


def visit_then_go_offline(context: BrowserContext, site_dist: Path) -> tuple[Page, str]:
    """Visit the game once (until the service worker is active), stop the server and set the
    context offline; return the page and the URL it was served from."""
    server, url = build.serve_in_thread(site_dist, 0)
    page = context.new_page()
    try:
        page.goto(url + GAME)
        wait_playable(page)
        wait_worker_active(page)
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)
    return page, url


def play_deal_passing(page: Page) -> str:
    """Play the whole deal by clicking: pass every bid, play the first playable card."""
    while True:
        page.wait_for_function("['you', 'none'].includes(document.body.dataset.turn)",
                               timeout=STEP_TIMEOUT_MS)
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("done", "thrown_in"):
            return phase
        before = page.evaluate("document.querySelectorAll('.hand .card').length")
        if phase == "bidding":
            page.locator("[data-action=bid][data-value=pass]").click()
        elif phase == "play":
            page.locator(".hand button.playable").first.click()
        else:
            raise AssertionError(f"unexpected phase at your turn: {phase}")
        page.wait_for_function(
            f"document.body.dataset.turn !== 'you' || document.querySelectorAll('.hand .card').length !== {before}"
            " || document.body.dataset.phase !== " + repr(phase),
            timeout=STEP_TIMEOUT_MS,
        )


@pytest.mark.e2e
def test_plays_offline_after_one_visit(sw_context, site_dist: Path) -> None:
    """Load once, stop the server and go offline, reload: the game starts from the service
    worker's precache and a whole deal can be played.

    The browser says 3G throughout (a phone on a train): the first visit starts Python without
    the memory snapshot (5 MB less to wait for), the service worker precaches it anyway, and the
    offline start uses it."""
    context, watch = sw_context
    context.add_init_script(SLOW_CONNECTION)
    page, url = visit_then_go_offline(context, site_dist)
    first_marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "boot: restored from the snapshot" not in first_marks

    served = []
    page.on("response", lambda response: served.append((response.url, response.from_service_worker)))
    page.reload()
    wait_playable(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    expect(page.locator("#loader")).to_have_count(0)
    # Python started from the memory snapshot, which the service worker served to boot.js's
    # worker (web/static/snapshot-worker.js) too.
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "boot: restored from the snapshot" in marks
    assert play_deal_passing(page) in ("done", "thrown_in")

    # Everything after going offline came from the service worker (nothing else could answer).
    assert served, "no response seen after going offline"
    not_from_sw = [u for u, from_sw in served if not from_sw and not u.startswith(("data:", "blob:"))]
    assert not not_from_sw, not_from_sw
    assert {urlsplit(u).hostname for u, _ in served} <= {"127.0.0.1"}
    assert watch.urls and not watch.foreign()


def _mark_version(dist: Path, tag: str) -> None:
    """Stamp a built site with ``tag`` in the HTML and in main.py, then regenerate sw.js."""
    index = dist / "index.html"
    html = index.read_text(encoding="utf-8")
    index.write_text(html.replace('<html lang="en">', f'<html lang="en" data-build="{tag}">', 1),
                     encoding="utf-8")
    with (dist / "main.py").open("a", encoding="utf-8") as f:
        f.write(f"\nfrom pyscript import document as _d\n_d.body.dataset.pyBuild = {tag!r}\n")
    build.generate_service_worker(dist)


def _versions(page: Page) -> tuple[str, str]:
    """(the HTML's version, main.py's version) of the running page."""
    page.wait_for_function("document.body.dataset.pyBuild !== undefined", timeout=READY_TIMEOUT_MS)
    return tuple(page.evaluate("[document.documentElement.dataset.build, document.body.dataset.pyBuild]"))


@pytest.mark.e2e
def test_new_version_is_offered_and_never_mixed(sw_context, site_dist: Path, tmp_path: Path) -> None:
    """Serve version A, then B at the same address: the page offers the reload, keeps running A
    (even across a plain reload) until the click, then runs B everywhere."""
    context, watch = sw_context
    for tag in ("A", "B"):
        shutil.copytree(site_dist, tmp_path / tag)
        _mark_version(tmp_path / tag, tag)
    live = tmp_path / "live"
    live.symlink_to(tmp_path / "A", target_is_directory=True)
    server, url = build.serve_in_thread(live, 0)
    try:
        page = context.new_page()
        page.goto(url + GAME)
        wait_playable(page)
        assert _versions(page) == ("A", "A")
        wait_worker_active(page)
        page.reload()
        wait_playable(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        assert _versions(page) == ("A", "A")
        expect(page.locator("#update-banner")).to_have_count(0)

        # Deploy B (same address), then let the page check for an update.
        switch = tmp_path / "switch"
        switch.symlink_to(tmp_path / "B", target_is_directory=True)
        os.replace(switch, live)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
        expect(banner).to_contain_text("A new version is ready")
        assert _versions(page) == ("A", "A")

        # A plain reload keeps the old worker: still all A, and the offer is made again.
        page.reload()
        wait_playable(page)
        assert _versions(page) == ("A", "A")
        expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)

        # The click lets B take over and reloads: all B.
        served = []
        page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
        with page.expect_navigation(timeout=READY_TIMEOUT_MS):
            banner.get_by_role("button", name="Reload").click()
        wait_playable(page)
        assert _versions(page) == ("B", "B")
        expect(banner).to_have_count(0)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r.waiting)")
        html = [u for u, from_sw in served if urlsplit(u).path in ("/", "/main.py")]
        assert html and all(from_sw for u, from_sw in served if u in html)
    finally:
        server.shutdown()
        server.server_close()
    assert not watch.foreign()


@pytest.mark.e2e
def test_a_share_link_replays_offline(sw_context, site_dist: Path) -> None:
    """Issue 4's share link works offline once the page is cached: the same page, a #share= code."""
    from tarot_core.ai import choose_action
    from tarot_core.daily import daily_match
    from tarot_core.share import encode

    # A daily game of a fixed date played in CPython (the computer plays your seat too).
    match = daily_match("2026-01-01")
    while True:
        game = match.current
        while game.turn is not None:
            game.apply(choose_action(game.view(game.turn), match.current_seed, len(game.history)))
        if match.is_over:
            break
        match.next_deal()
    code = encode(match, "2026-01-01")
    score = match.totals()[0]

    context, _ = sw_context
    page, url = visit_then_go_offline(context, site_dist)
    page.goto(f"{url}#share={code}")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#shared h2")).to_contain_text("verified")
    expect(page.locator("#shared-score")).to_have_text(f"{score:+d}" if score else "0")
