"""End-to-end: the score sheet for table play (issue 18 §5), in Chromium.

Opened from the start screen, a French 4-player sheet gets two deals (the FR-7.6 worked examples
1 and 3) through its form; after a reload the sheet, kept in localStorage, comes back with the
same totals (the address says ``?sheet=1`` while it is on show).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from test_e2e_saves import ready


def totals(page: Page) -> list[str]:
    return page.eval_on_selector_all("#scorepad td[data-total]", "tds => tds.map(td => td.textContent)")


def add_deal(page: Page, taker: str, contract: str, points: str, bouts: str, poignee_seat: str) -> None:
    page.select_option("#sheet-taker", taker)
    page.select_option("#sheet-contract", contract)
    page.fill("#sheet-points", points)
    page.select_option("#sheet-bouts", bouts)
    page.select_option("#sheet-petit", "attack")
    page.select_option(f"#sheet-poignee-{poignee_seat}", "simple")
    page.click("#scorepad [data-action=sheet][data-value=add]")


@pytest.mark.e2e
def test_two_deals_entered_from_the_start_screen_survive_a_reload(page: Page, site_url: str,
                                                                  offline_guard) -> None:
    page.goto(f"{site_url}?lang=en")
    ready(page)
    page.click(".start [data-action=sheet]")
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "setup")
    page.select_option("#sheet-game", "french")
    expect(page.locator("#sheet-profile")).to_be_hidden()  # the Hungarian rules: a Hungarian sheet's only
    page.select_option("#sheet-game", "hungarian")
    expect(page.locator("#sheet-profile")).to_be_visible()
    page.select_option("#sheet-game", "french")
    for i, name in enumerate(["Anne", "Bertrand", "Claire", "Denis"]):
        page.fill(f"#sheet-name-{i}", name)
    page.click("#scorepad [data-value=start]")
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "sheet")
    # FR-7.6 example 1: Bertrand's garde, 49 points with 2 bouts, poignée and petit au bout.
    add_deal(page, "1", "garde", "49", "2", "1")
    expect(page.locator("#scorepad tr[data-deal='1']")).to_be_visible()
    assert totals(page) == ["-106", "+318", "-106", "-106"]
    # FR-7.6 example 3: Anne's prise, 44 points with 1 bout (lost by 7), poignée and petit au bout.
    add_deal(page, "0", "prise", "44", "1", "0")
    expect(page.locator("#scorepad tr[data-deal='2']")).to_be_visible()
    assert totals(page) == ["-232", "+360", "-64", "-64"]

    page.reload()  # the address says ?sheet=1: the sheet comes back at once
    ready(page)
    expect(page.locator("#scorepad")).to_have_attribute("data-view", "sheet")
    assert totals(page) == ["-232", "+360", "-64", "-64"]
    assert page.locator("#scorepad tbody tr").count() == 2
    # Back to the start screen, and a reload there stays there; the sheet is still kept.
    page.click("#scorepad [data-action=new-match]")
    page.reload()
    ready(page)
    page.click(".start [data-action=sheet]")
    assert totals(page) == ["-232", "+360", "-64", "-64"]
