"""Shared fixtures: the built site served locally, and headless Debian Chromium for e2e tests.

* ``site_url`` (session): builds ``dist/`` once with ``build.build()`` and serves it on
  127.0.0.1 on a free port from a background thread.
* ``browser_type_launch_args``: pytest-playwright launches /usr/bin/chromium (Debian's package;
  ``playwright install`` is never needed). A missing Chromium fails the e2e tests, never skips.
* ``compiled`` (session): the page's catalogues compiled by ``tools/catalogues.py``.
* ``offline_guard`` (autouse for tests marked ``e2e`` that use Playwright): routes every request of the browser
  context, aborts and records any whose host is not 127.0.0.1, and collects console errors and
  page errors; the test fails at teardown if it saw any.

Hypothesis profiles (:data:`HYPOTHESIS_PROFILES`), instead of example counts test by test: the
``HYPOTHESIS_PROFILE`` environment variable names one; ``python build.py test --fast`` sets
``fast``. Without it, ``default`` runs, or ``ci`` where Hypothesis detects a CI service (the
``CI`` variable and the like).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (build.py at the repository root)
from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (tests/chromium.py)

#: Hypothesis profiles: examples per property test, and no deadline (a property test plays whole
#: deals, whose time on a shared machine says nothing). ``default``, the full suite's, runs at
#: least as many examples as any test asked for itself before the profiles (300 at most);
#: ``fast``, the fast tier's, a few; ``ci`` is ``default`` derandomized (the same examples on
#: every run, as Hypothesis' own ``ci`` profile), without the example database.
HYPOTHESIS_PROFILES = {
    "default": {"max_examples": 300, "deadline": None},
    "fast": {"max_examples": 20, "deadline": None},
    "ci": {"max_examples": 300, "deadline": None, "derandomize": True, "database": None,
           "print_blob": True},
}
for _name, _values in HYPOTHESIS_PROFILES.items():
    settings.register_profile(_name, **_values)
# Hypothesis has already loaded its own "ci" when it detected a CI service: keep that choice.
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if settings.get_current_profile_name() == "ci" else "default"))

ALLOWED_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}

#: Generous: Pyodide's first start in headless Chromium on a 2-core machine takes seconds.
READY_TIMEOUT_MS = 60_000

#: An init script that makes the page's browser report a slow connection, as a phone on 3G
#: would (navigator.connection); boot.js then starts a first visit without the memory snapshot.
SLOW_CONNECTION = """
Object.defineProperty(navigator, "connection", {
  configurable: true,
  get: () => ({ effectiveType: "3g", saveData: false, downlink: 0.7 }),
});
"""


@pytest.fixture(scope="session")
def site_dist() -> Path:
    """Build dist/ once per test session and return its path."""
    build.build()
    return build.DIST


@pytest.fixture(scope="session")
def site_url(site_dist: Path):
    """Serve the built dist/ on 127.0.0.1 (free port) in a thread; yield its base URL."""
    server, url = build.serve_in_thread(site_dist, 0)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def compiled(tmp_path_factory) -> Path:
    """The repository's catalogues compiled as build.py compiles them: ``<code>/LC_MESSAGES/
    messages.mo`` and ``format.json`` per language, and ``app-messages.json`` (app.js's texts)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import catalogues  # tools/catalogues.py (needs Babel, a test extra)

    out = tmp_path_factory.mktemp("locale")
    catalogues.compile_all(out, out / "app-messages.json")
    return out


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium with the flags it needs as root; fail loudly if it is missing."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's package "
            "(apt-get install -y chromium); e2e tests are never skipped",
            pytrace=False,
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


class OfflineGuard:
    """Records every request, blocks foreign hosts, and collects browser errors."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.blocked: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []

    @staticmethod
    def is_local(url: str) -> bool:
        """True for URLs served by 127.0.0.1 (or data:/blob: URLs, which never leave the page)."""
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES:
            return True
        return parts.scheme in ("http", "https") and parts.hostname in ALLOWED_HOSTS

    def route(self, route) -> None:
        """Context-wide route handler: continue local requests, abort and record others."""
        url = route.request.url
        self.requests.append(url)
        if self.is_local(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def watch_page(self, page) -> None:
        """Collect console messages of type "error" and uncaught page errors of ``page``."""
        page.on(
            "console",
            lambda msg: self.console_errors.append(f"{msg.text} @ {msg.location}")
            if msg.type == "error"
            else None,
        )
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def problems(self) -> list[str]:
        """Return one line per violation seen so far."""
        lines = [f"request to another host (blocked): {url}" for url in self.blocked]
        lines += [f"console error: {text}" for text in self.console_errors]
        lines += [f"page error: {text}" for text in self.page_errors]
        return lines


@pytest.fixture(autouse=True)
def offline_guard(request):
    """For ``e2e`` tests that use Playwright: guard the browser context (see OfflineGuard); fail
    at teardown. The Firefox and WebKit tests (test_e2e_browsers.py) use no Playwright fixture
    and check their requests and errors themselves: no Chromium is started for them."""
    playwright_fixtures = {"page", "context", "browser"}
    if request.node.get_closest_marker("e2e") is None or not playwright_fixtures & set(request.fixturenames):
        yield None
        return
    context = request.getfixturevalue("context")
    guard = OfflineGuard()
    context.route("**/*", guard.route)
    context.on("page", guard.watch_page)
    for page in context.pages:
        guard.watch_page(page)
    yield guard
    problems = guard.problems()
    if problems:
        pytest.fail("browser guard:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI (CI set), an ``e2e`` test that was skipped counts as failed: never skip silently."""
    outcome = yield
    report = outcome.get_result()
    if (
        os.environ.get("CI")
        and report.skipped
        and not hasattr(report, "wasxfail")
        and item.get_closest_marker("e2e") is not None
    ):
        report.outcome = "failed"
        report.longrepr = f"e2e test skipped in CI (must run): {report.longrepr}"


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """The ``context``/``page`` fixtures block service workers: the offline guard routes every
    request, and Playwright's routing does not see what a service worker serves. The service
    worker itself is tested in test_e2e_offline.py, in contexts of its own (no routing)."""
    return {**browser_context_args, "service_workers": "block"}
