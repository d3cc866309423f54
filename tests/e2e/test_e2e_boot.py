"""boot.js starts Pyodide before PyScript is even loaded, and hands that one start to PyScript.

Issue 5 (load time): PyScript only called loadPyodide() once its own modules and config were in,
a chain of requests that a phone's network latency multiplies. web/static/boot.js, loaded first by
index.html and named as PyScript's interpreter in pyscript.json, begins the start at once.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import build
from conftest import READY_TIMEOUT_MS


def test_build_points_pyscript_at_boot_js(site_dist: Path) -> None:
    """pyscript.json names boot.js; boot.js imports the shipped pyodide.mjs, which index.html
    announces; boot.js runs before PyScript's module; what PyScript needs only once Python is up
    boot.js fetches early (not index.html: WebKit does not hand a preload to fetch())."""
    config = json.loads((site_dist / build.CONFIG_NAME).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./boot.js"
    boot = (site_dist / "boot.js").read_text(encoding="utf-8")
    (imported,) = re.findall(r'from "\./([^"]+)"', boot)
    assert re.fullmatch(r"assets/pyodide-[0-9a-f]+/pyodide\.mjs", imported)
    assert (site_dist / imported).is_file()
    html = (site_dist / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="modulepreload" href="{imported}">' in html
    scripts = re.findall(r'<script type="module"(?: async)? src="([^"]+)"', html)
    assert scripts[0] == "boot.js" and scripts[-1].endswith("/core.js")
    assert '<script type="module" async src="boot.js">' in html  # not waiting for the parser
    (early,) = re.findall(r"const EARLY_FETCHES = (\[.*\]);", boot)
    early = json.loads(early)
    assert early[-1] == "main.py" and {f"./{p}" for p in early[:-1]} == set(config["files"])
    assert all((site_dist / p).is_file() for p in early)
    assert re.findall(r'<link rel="preload"[^>]*href="([^"]+)"', html) == [build.CONFIG_NAME]
    # Pyodide's own files are not announced: it asks for them at once (see write_index).
    assert "pyodide.asm.wasm" not in html and "python_stdlib.zip" not in html


def test_write_boot_needs_the_pyodide_import(tmp_path: Path) -> None:
    """A boot.js without the import build.py rewrites is refused, naming the file."""
    (tmp_path / "boot.js").write_text('import { loadPyodide } from "./elsewhere/pyodide.mjs";\n')
    with pytest.raises(build.BuildError, match="boot.js"):
        build.write_boot(tmp_path, "assets/pyodide-0123", "assets/snapshot-4567")
    assert "elsewhere" in (tmp_path / "boot.js").read_text()


def test_write_boot_fills_in_the_early_fetches_or_refuses(tmp_path: Path) -> None:
    """boot.js's list of early fetches gets the paths given; a boot.js without it is refused,
    naming it, and left as it was."""
    text = (build.STATIC / build.BOOT_NAME).read_text(encoding="utf-8")
    (tmp_path / build.BOOT_NAME).write_text(text, encoding="utf-8")
    build.write_boot(tmp_path, "assets/pyodide-0123", "assets/snapshot-4567", ["assets/w-1/w.whl", "main.py"])
    written = (tmp_path / build.BOOT_NAME).read_text(encoding="utf-8")
    assert 'const EARLY_FETCHES = ["assets/w-1/w.whl", "main.py"];' in written
    broken = text.replace(build.BOOT_EARLY_REF, "[]")
    (tmp_path / build.BOOT_NAME).write_text(broken, encoding="utf-8")
    with pytest.raises(build.BuildError, match="early fetches"):
        build.write_boot(tmp_path, "assets/pyodide-0123", "assets/snapshot-4567", ["main.py"])
    assert (tmp_path / build.BOOT_NAME).read_text(encoding="utf-8") == broken


def test_write_index_needs_the_download_size_attribute(tmp_path: Path) -> None:
    """An index.html whose loader lacks the empty data-download-mb is refused, and left as it was."""
    html = (build.STATIC / "index.html").read_text(encoding="utf-8")
    assert html.count(build.DOWNLOAD_MB_ATTR) == 1
    broken = html.replace(build.DOWNLOAD_MB_ATTR, "")
    (tmp_path / "index.html").write_text(broken, encoding="utf-8")
    folders = {"pyodide": "assets/pyodide-0123", "pyscript": "assets/pyscript-4567"}
    with pytest.raises(build.BuildError, match="data-download-mb"):
        build.write_index(tmp_path, folders, "assets/wheel-89ab/w.whl")
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == broken


@pytest.mark.e2e
def test_pyodide_starts_while_pyscript_is_held(page: Page, site_url: str) -> None:
    """With PyScript's core.js held back by the test, Pyodide still starts (it asks for its lock
    file) and gets ready, and the loader tells where the start stands; once core.js is let
    through, PyScript takes over that start and the table is drawn from the one Pyodide (one
    wasm download, one start)."""
    held: list[Route] = []
    page.route("**/core.js", lambda route: held.append(route))  # held: not answered, yet
    wasm = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith("pyodide.asm.wasm") else None)
    with page.expect_request("**/pyodide-lock.json", timeout=READY_TIMEOUT_MS):
        page.goto(site_url + "?players=4&pace=0", wait_until="commit")
    assert len(held) == 1 and page.evaluate("document.body.dataset.ready ?? null") is None
    # Python is up, PyScript not yet: the loader says so (the preloaded main.py, long arrived,
    # must not make it announce the last step).
    page.wait_for_function("performance.getEntriesByName('boot: Pyodide ready').length === 1",
                           timeout=READY_TIMEOUT_MS)
    expect(page.locator("#loader-step")).to_have_text("Unpacking the game")
    held[0].fallback()  # on to the offline guard, which serves it from the local server
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    expect(page.locator(".hand .card").first).to_be_visible()
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert marks.count("boot: Pyodide starting") == 1
    assert marks.count("boot: handed to PyScript") == 1
    assert len(wasm) == 1


@pytest.mark.e2e
def test_boot_refuses_what_it_cannot_honour(page: Page, site_url: str) -> None:
    """Asked again, or with an option the early start could not apply, boot.js's loadPyodide
    rejects with an error naming the problem (and the game already running is untouched)."""
    page.goto(site_url + "?players=4&pace=0")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    errors = page.evaluate("""async () => {
      const boot = await import("./boot.js");
      const message = (p) => p.then(() => "resolved", (e) => e.message);
      return [await message(boot.loadPyodide({ packages: ["numpy"] })),
              await message(boot.loadPyodide({}))];
    }""")
    assert "packages" in errors[0] and "cannot apply" in errors[0]
    assert "one caller only" in errors[1]
    assert page.evaluate("document.body.dataset.ready") == "1"


def _stall_the_start(page: Page, site_url: str, slow_after_ms: int) -> list[Route]:
    """Open the game with Pyodide's wasm held back (never answered: a network that stalls), the
    page's index.html saying the start is slow after ``slow_after_ms`` instead of 20 s; return
    the held requests."""
    held: list[Route] = []

    def shorter_wait(route: Route) -> None:
        html = route.fetch().text()
        assert 'data-slow-after-ms="20000"' in html
        route.fulfill(body=html.replace('data-slow-after-ms="20000"',
                                        f'data-slow-after-ms="{slow_after_ms}"'),
                      content_type="text/html; charset=utf-8")

    page.route(re.compile(r"/(\?.*)?$"), shorter_wait)
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with page.expect_request("**/pyodide.asm.wasm", timeout=READY_TIMEOUT_MS):
        page.goto(site_url + "?players=4&pace=0", wait_until="commit")
    expect(page.locator("#loader")).to_be_visible()
    return held


def _wait_for_pyscript_to_wait(page: Page) -> None:
    """Until PyScript has asked boot.js for Pyodide: it has then fetched all it fetches before
    Python is up, so going offline or reloading cannot fail one of its imports (an error the
    offline guard would rightly report)."""
    page.wait_for_function("performance.getEntriesByName('boot: handed to PyScript').length === 1",
                           timeout=READY_TIMEOUT_MS)


@pytest.mark.e2e
def test_a_stalled_start_says_so_and_offers_a_reload(page: Page, site_url: str, site_dist: Path) -> None:
    """No table after the loader's delay: the loader explains and offers Reload, while the start
    goes on behind; Reload loads the page again."""
    _stall_the_start(page, site_url, slow_after_ms=300)
    note = page.locator("#loader-slow")
    expect(note).to_contain_text("taking longer than usual", timeout=READY_TIMEOUT_MS)
    # The size it gives is the built site's (sw.js aside, written after index.html), in whole MB.
    site = sum(f.stat().st_size for f in site_dist.rglob("*") if f.is_file() and f.name != "sw.js")
    expect(note).to_contain_text(f"The first visit downloads about {round(site / 1_000_000)} MB;")
    expect(page.locator("#loader")).to_contain_text("Shuffling the cards")  # the start goes on
    assert page.evaluate("document.body.dataset.ready ?? null") is None
    _wait_for_pyscript_to_wait(page)
    with page.expect_navigation():
        page.click("[data-action=reload-start]")
    expect(page.locator("#loader")).to_be_visible()


@pytest.mark.e2e
def test_the_stalled_note_follows_the_connection(page: Page, site_url: str) -> None:
    """The network gone mid-download (a train in a tunnel): the note says to connect first, and
    says so no longer once the network is back."""
    _stall_the_start(page, site_url, slow_after_ms=300)
    note = page.locator("#loader-slow")
    expect(note).to_contain_text("taking longer than usual", timeout=READY_TIMEOUT_MS)
    _wait_for_pyscript_to_wait(page)
    page.context.set_offline(True)
    expect(note).to_contain_text("You are offline")
    page.context.set_offline(False)
    expect(note).to_contain_text("taking longer than usual")


def test_the_real_page_waits_twenty_seconds(site_dist: Path) -> None:
    """The shipped delay before the stalled-start note: 20 s (a first visit on a slow network
    may well need 10; the tests above shorten it in the served page)."""
    html = (site_dist / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<div id="loader"[^>]*data-slow-after-ms="20000"', html)
