"""End-to-end: the page in the player's language (issue 18 §1), in Chromium.

The loader speaks the language before Python runs (app.js, from the compiled catalogues); the
browser's language is the default; ``?lang=`` chooses one; the language menu switches the table
at once, is remembered across a reload, and sets ``<html lang>``. The CPython tests
(``test_web_i18n.py``) play whole deals in every language; this checks the page itself.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import READY_TIMEOUT_MS


def ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)


@pytest.mark.e2e
def test_the_loader_speaks_the_language_before_python_runs(page: Page, site_url: str, offline_guard) -> None:
    """Hold Pyodide's wasm back: the loader on screen is in Japanese, from app.js alone."""
    held = []
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: held.append(route))
    page.goto(f"{site_url}?lang=ja&pace=0")
    expect(page.locator("#loader p[data-i18n]").first).to_have_text("カードをシャッフル中…")
    assert page.evaluate("document.documentElement.lang") == "ja"
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*pyodide\.asm\.wasm$"))
    ready(page)


@pytest.mark.e2e
def test_the_browser_s_language_is_the_default(browser: Browser, site_url: str) -> None:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(f"{site_url}?players=4&seed=2&pace=0&level=easy")
        ready(page)
        assert page.evaluate("document.documentElement.lang") == "fr"
        expect(page.locator("#status")).to_have_text("À vous de parler : choisissez un contrat ou passez.")
        assert page.title() == "Tarot français"
    finally:
        context.close()


@pytest.mark.e2e
def test_the_language_menu_switches_and_is_remembered(page: Page, site_url: str, offline_guard) -> None:
    page.goto(f"{site_url}?players=4&seed=2&pace=0&level=easy")
    ready(page)
    expect(page.locator("#status")).to_have_text("Your turn to bid: choose a contract or pass.")
    page.click(".topbar .lang-menu summary")
    page.click(".lang-list button[data-value='hu']")
    expect(page.locator("#status")).to_have_text("Te licitálsz: válassz vállalást, vagy passzolj.")
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["hu", "ltr"]
    assert page.locator("[data-action=bid][data-value=pass]").inner_text() == "Passz"
    page.reload()
    ready(page)
    expect(page.locator("#status")).to_have_text("Te licitálsz: válassz vállalást, vagy passzolj.")
    expect(page.locator(".topbar .lang-menu .lang-code")).to_have_text("HU")
