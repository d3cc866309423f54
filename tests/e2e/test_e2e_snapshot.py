"""Python starts from a memory snapshot made at build time, and without it when it cannot.

Issue 5 (load time): build.py (tools/make_snapshot.mjs) takes a copy of Pyodide's memory after
Python's initialisation and the start-up imports; web/static/boot.js has
web/static/snapshot-worker.js fetch and inflate it and hands it to loadPyodide(), which restores
it instead of starting Python. What must be this visit's own is refreshed (the random module's
seed, LANG); a broken snapshot falls back to the ordinary start; a first visit on a slow
connection does not download it.
"""

from __future__ import annotations

import gzip
import json
import re
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route

import build
from conftest import READY_TIMEOUT_MS, SLOW_CONNECTION

RESTORED = "boot: restored from the snapshot"
GAME = "?players=4&pace=0"


def _snapshot_path(site_dist: Path) -> Path:
    """The snapshot that the built boot.js fetches."""
    boot = (site_dist / build.BOOT_NAME).read_text(encoding="utf-8")
    (ref,) = re.findall(r'"\./(assets/snapshot-[0-9a-f]+/python\.snapshot)"', boot)
    return site_dist / ref


def test_the_build_ships_a_snapshot_of_its_own_pyodide(site_dist: Path) -> None:
    """boot.js fetches assets/snapshot-<hash>/python.snapshot, a gzip of Pyodide's snapshot
    format: magic number, the build id of the shipped pyodide.mjs, a JSON header, then the memory
    (whole 64 KiB wasm pages)."""
    path = _snapshot_path(site_dist)
    data = gzip.decompress(path.read_bytes())
    magic, memory_offset, json_length, zero = struct.unpack_from("<4I", data)
    assert zero == 0 and memory_offset % 16 == 0
    (pyodide_mjs,) = site_dist.glob("assets/pyodide-*/pyodide.mjs")
    (build_id,) = set(re.findall(r'BUILD_ID:"([0-9a-f]{64})"', pyodide_mjs.read_text(encoding="utf-8")))
    # Pyodide writes the 64 hex digits as eight little-endian 32-bit words.
    assert struct.unpack_from("<8I", data, 16) == tuple(int(build_id[i:i + 8], 16) for i in range(0, 64, 8))
    header = json.loads(data[48:48 + json_length])
    # No reference to a JavaScript object was kept (freed slots are null), no immortal string.
    assert header["hiwireKeys"] and all(key is None for key in header["hiwireKeys"])
    assert header["immortalKeys"] == []
    memory = len(data) - memory_offset
    assert memory > 16 * 2**20 and memory % 65536 == 0
    # It is precached with the rest of the site.
    assert path.relative_to(site_dist).as_posix() in (site_dist / build.SW_NAME).read_text(encoding="utf-8")


def test_write_boot_needs_the_snapshot_fetch(tmp_path: Path) -> None:
    """A boot.js that does not fetch ./snapshot/python.snapshot is refused, naming it, and left
    as it was."""
    text = (build.STATIC / build.BOOT_NAME).read_text(encoding="utf-8")
    broken = text.replace('"./snapshot/python.snapshot"', '"./elsewhere.bin"')
    assert broken != text
    (tmp_path / build.BOOT_NAME).write_text(broken, encoding="utf-8")
    with pytest.raises(build.BuildError, match="python.snapshot"):
        build.write_boot(tmp_path, "assets/pyodide-0123", "assets/snapshot-4567")
    assert (tmp_path / build.BOOT_NAME).read_text(encoding="utf-8") == broken


def test_a_snapshot_that_cannot_be_made_is_a_build_error(tmp_path: Path, monkeypatch) -> None:
    """Inputs that Node cannot start Python on: a BuildError that says so, no snapshot written.
    Without Node: a BuildError that says to install it."""
    work = tmp_path / "work"
    (tmp_path / "named.json").write_text('["json"]', encoding="utf-8")
    with pytest.raises(build.BuildError, match="making the memory snapshot failed"):
        build.make_snapshot(work, tmp_path / "missing_stdlib.zip", tmp_path / "named.json",
                            [tmp_path / "missing.whl"])
    assert not (work / build.SNAPSHOT_NAME).exists()
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="node was not found"):
        build.make_snapshot(work, tmp_path / "missing_stdlib.zip", tmp_path / "named.json",
                            [tmp_path / "missing.whl"])


#: Appended to main.py (after the table is drawn): what a restored Python reports of itself.
PROBE = '''
import json, os, random, sys, time
from js import Date, navigator
from pyscript import document

_now = Date.new()
document.body.dataset.probe = json.dumps({
    "random": random.getrandbits(64),
    "lang": os.environ.get("LANG"),
    "browser_language": navigator.languages[0],
    "executable": sys.executable,
    "path_head": sys.path[:2],
    "gmtoff": time.localtime().tm_gmtoff,
    "js_gmtoff": -_now.getTimezoneOffset() * 60,
})
'''


def _probe(page: Page, url: str) -> dict:
    """Open the game with PROBE appended to main.py; return what it reported."""

    def with_probe(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + PROBE)

    page.route("**/main.py", with_probe)
    page.goto(url + GAME)
    page.wait_for_function("document.body.dataset.probe !== undefined", timeout=READY_TIMEOUT_MS)
    return json.loads(page.evaluate("document.body.dataset.probe"))


def _marks(page: Page) -> list[str]:
    return page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")


@pytest.mark.e2e
def test_the_game_starts_from_the_snapshot_with_this_visits_state(browser: Browser, site_url: str,
                                                                   offline_guard) -> None:
    """Two visits (Paris, French browser; Kolkata, English): both restored from the snapshot,
    each with its own random seed, LANG from its browser's language, its own UTC offset for
    local times, sys.executable and sys.path as a fresh start has them."""
    reports = []
    for locale, zone in (("fr-FR", "Europe/Paris"), ("en-US", "Asia/Kolkata")):
        context = browser.new_context(locale=locale, timezone_id=zone, service_workers="block")
        context.route("**/*", offline_guard.route)
        page = context.new_page()
        offline_guard.watch_page(page)
        try:
            report = _probe(page, site_url)
            marks = _marks(page)
        finally:
            context.close()
        assert RESTORED in marks and marks.index(RESTORED) < marks.index("boot: Pyodide ready")
        assert report["lang"] == report["browser_language"].replace("-", "_") + ".UTF-8"
        assert report["gmtoff"] == report["js_gmtoff"]
        assert report["executable"] == "/home/pyodide/this.program"  # not the build's tool
        assert report["path_head"][0] == "" and report["path_head"][1] != ""
        reports.append(report)
    assert [r["lang"] for r in reports] == ["fr_FR.UTF-8", "en_US.UTF-8"]
    assert [r["gmtoff"] for r in reports] != [reports[0]["gmtoff"]] * 2  # two zones, two offsets
    assert reports[0]["random"] != reports[1]["random"]  # reseeded: not the snapshot's state


def _serve_broken_snapshot(page: Page, body: bytes) -> list[str]:
    """Answer the snapshot's request with ``body``; return the URLs so answered."""
    answered: list[str] = []

    def broken(route: Route) -> None:
        answered.append(route.request.url)
        route.fulfill(body=body, content_type="application/octet-stream")

    page.context.route("**/python.snapshot", broken)
    return answered


def _other_build(site_dist: Path) -> bytes:
    """The shipped snapshot as another Pyodide build would have made it (another build id)."""
    data = bytearray(gzip.decompress(_snapshot_path(site_dist).read_bytes()))
    data[16:48] = bytes(32)
    return gzip.compress(bytes(data), compresslevel=1)


@pytest.mark.e2e
@pytest.mark.parametrize("kind", ["corrupt download", "not a snapshot", "another build"])
def test_a_broken_snapshot_falls_back_to_an_ordinary_start(page: Page, site_url: str,
                                                           site_dist: Path, kind: str) -> None:
    """A snapshot that cannot be inflated, that is not a memory snapshot (boot.js checks its
    shape) or that Pyodide refuses (another build): a warning in the console, then Python starts
    the ordinary way and the game is playable."""
    body = {"corrupt download": lambda: b"not gzip at all",
            "not a snapshot": lambda: gzip.compress(b"\0" * 65600),
            "another build": lambda: _other_build(site_dist)}[kind]()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    answered = _serve_broken_snapshot(page, body)
    page.goto(site_url + GAME)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    page.locator(".hand .card").first.wait_for()
    assert len(answered) == 1
    assert RESTORED not in _marks(page)
    assert any("snapshot could not be used" in w for w in warnings), warnings


@pytest.mark.e2e
@pytest.mark.parametrize("why", ["3G", "?snapshot=off"])
def test_a_first_visit_on_a_slow_connection_skips_the_snapshot(page: Page, site_url: str,
                                                                offline_guard, why: str) -> None:
    """The browser says 3G (the snapshot would be 5 MB more to download first), or the URL says
    ?snapshot=off: no request for the snapshot, Python starts the ordinary way, the game is
    playable."""
    if why == "3G":
        page.add_init_script(SLOW_CONNECTION)
    page.goto(site_url + GAME + ("&snapshot=off" if why != "3G" else ""))
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    page.locator(".hand .card").first.wait_for()
    assert RESTORED not in _marks(page)
    assert not [u for u in offline_guard.requests if u.endswith("python.snapshot")]
    assert [u for u in offline_guard.requests if u.endswith("pyodide.asm.wasm")]  # the guard sees all


#: Records, from the first script on, the snapshot's progress events and each text the loader's
#: step takes.
RECORD_PROGRESS = """
window.__progress = [];
window.__steps = [];
addEventListener("boot:snapshot-progress", (event) => window.__progress.push(event.detail));
new MutationObserver(() => {
  const step = document.getElementById("loader-step");
  if (step && window.__steps.at(-1) !== step.textContent) window.__steps.push(step.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


@pytest.mark.e2e
def test_the_loader_counts_the_snapshots_download(page: Page, site_url: str, site_dist: Path) -> None:
    """On a slower link (40 Mbit/s here) the loader gives the snapshot's download in MB as it
    goes: the counts grow up to the file's size, and the text shows them."""
    page.add_init_script(RECORD_PROGRESS)
    page.context.new_cdp_session(page).send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 5_000_000, "uploadThroughput": -1})
    page.goto(site_url + GAME)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    progress = page.evaluate("window.__progress")
    size = _snapshot_path(site_dist).stat().st_size
    assert len(progress) >= 3  # 5 MB at 5 MB/s: about 1 s, a count every 100 ms
    assert all(p["total"] == size for p in progress)
    received = [p["received"] for p in progress]
    assert received == sorted(received) and 0 < received[0] < received[-1] <= size
    shown = [t for t in page.evaluate("window.__steps") if re.fullmatch(r"Loading Python \(\d+\.\d of \d+\.\d MB\)", t)]
    assert len(shown) >= 2 and shown[-1].endswith(f"of {size / 1e6:.1f} MB)")
