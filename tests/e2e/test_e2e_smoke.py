"""Smoke tests of the built site: it loads offline-only and Python comes up with tarot_core."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import tarot_core
from conftest import READY_TIMEOUT_MS

ROOT = Path(__file__).resolve().parents[2]
CDN_PATTERN = re.compile(r"cdn|jsdelivr|unpkg|https?://", re.IGNORECASE)


@pytest.mark.e2e
def test_loader_then_ready(page: Page, site_url: str, offline_guard) -> None:
    """The loader shows while Python starts, then the table is drawn by this tarot_core."""
    seen_while_loading: list[tuple[bool, str | None]] = []

    def check_loader_then_continue(route: Route) -> None:
        # The wheel is fetched while Pyodide boots, before main.py can run: the loader must be
        # up and the ready flag unset at that moment (deterministic, no timing involved).
        seen_while_loading.append(
            (
                page.locator("#loader").is_visible(),
                page.evaluate("document.body.dataset.ready ?? null"),
            )
        )
        route.fallback()  # on to the offline guard's context route

    page.route("**/*.whl", check_loader_then_continue)
    page.goto(site_url, wait_until="commit")
    expect(page.locator("#loader")).to_be_visible()
    expect(page.locator("#loader")).to_contain_text("Shuffling the cards")

    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)
    # The start screen offers the three table sizes (FR-2.2).
    expect(page.locator("#app [data-action=new-match][data-value]")).to_have_count(3)
    assert page.evaluate("document.body.dataset.version") == tarot_core.__version__
    expect(page.locator("#loader")).to_have_count(0)

    assert seen_while_loading == [(True, None)]
    assert offline_guard.requests, "the guard saw no request at all"
    assert all(offline_guard.is_local(url) for url in offline_guard.requests)
    assert not offline_guard.blocked


@pytest.mark.e2e
def test_loader_spinner_is_css_only(page: Page, site_url: str) -> None:
    """The spinner is drawn in CSS (animated element), visible before any Python runs."""
    page.goto(site_url, wait_until="commit")
    spinner = page.locator("#loader .spinner")
    expect(spinner).to_be_visible()
    animation = spinner.evaluate("el => getComputedStyle(el).animationName")
    assert animation == "flip"
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)


def test_dist_has_no_cdn_url(site_dist: Path) -> None:
    """No html/json/toml file of dist/ names a CDN or any absolute http(s) URL."""
    checked = []
    for path in sorted(site_dist.rglob("*")):
        if path.suffix in {".html", ".json", ".toml"}:
            text = path.read_text(encoding="utf-8")
            match = CDN_PATTERN.search(text)
            assert match is None, f"{path.relative_to(site_dist)}: {match.group(0)!r}"
            checked.append(path.name)
    assert {"index.html", "pyscript.json", "pyodide-lock.json"} <= set(checked)


def test_config_points_at_local_files(site_dist: Path) -> None:
    """pyscript.json loads the local Pyodide (through boot.js) and a wheel that exists in dist/."""
    config = json.loads((site_dist / "pyscript.json").read_text(encoding="utf-8"))
    interpreter = site_dist / config["interpreter"]
    assert interpreter.is_file()
    (pyodide,) = re.findall(r'from "\./([^"]+/pyodide\.mjs)"', interpreter.read_text(encoding="utf-8"))
    assert (site_dist / pyodide).is_file()
    assert "packages" not in config  # packages would need micropip (and PyPI)
    archives = config["files"]
    assert [name.endswith(".whl") for name in archives] == [True, False]  # the wheel, app.zip
    for name, dest in archives.items():
        assert (site_dist / name).is_file()
        assert dest.endswith("/*")  # "/*" = unpack the archive
    app = site_dist / list(archives)[1]
    with zipfile.ZipFile(app) as zf:
        names = set(zf.namelist())
    # main.py's module and the bytecode of tarot_core for the page's own Python (3.14).
    assert "tarot_page/table.py" in names and "tarot_page/__pycache__/table.cpython-314.pyc" in names
    assert {f"tarot_core/__pycache__/{p.stem}.cpython-314.pyc"
            for p in (ROOT / "tarot_core").glob("*.py")} <= names
