"""End-to-end: the daily leaderboard without a server (issue 18 §4), in Chromium.

You finish the daily game and share it under a name (through the device's share menu where the
browser has one: here a stand-in for ``navigator.share``); a friend's browser opens the link,
replays it, lists it under that name and ranks it; an altered link is refused and never listed.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from golden_data import PINNED_CODES
from helpers import english_date
from tarot_core.daily import daily_match
from tarot_core.leaderboard import link_fragment
from tarot_core.share import verify
from test_e2e_saves import play_daily_to_the_end, ready, start_daily

#: A stand-in for the Web Share API (headless Chromium on Linux has none): it records the text.
SHARE_STUB = "navigator.share = async (data) => { window.sharedText = data.text; };"
#: A pinned daily of 2026-12-01 (4 players): +90, 2nd of 4.
OLD_CODE = PINNED_CODES[1][0]


def rows(page: Page) -> list[list[str]]:
    """The leaderboard's result rows, each as its cells' texts."""
    return page.eval_on_selector_all(
        "#leaderboard table.board tr:not(:first-child)",
        "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")


@pytest.mark.e2e
def test_share_under_a_name_then_a_friend_lists_and_ranks_it(page: Page, site_url: str, browser: Browser,
                                                             offline_guard) -> None:
    page.add_init_script(SHARE_STUB)
    date = start_daily(page, site_url, "&deals=1")  # ?deals= never shortens the daily game (issue 31)
    match = daily_match(date)
    play_daily_to_the_end(page, match)
    score = match.totals()[0]
    shown = f"{score:+d}" if score else "0"
    page.click("#score-sheet [data-action=standings]")
    page.fill("#share-name", "  Zoé \u202e Kovács ")
    page.click("#standings [data-action=share]")
    expect(page.locator("#share-status")).to_have_text("Your device's share menu is open.")
    text = page.evaluate("window.sharedText")
    assert text == page.locator("#share-text").input_value()
    link = re.search(r"(http://\S+#share=\S+)", text).group(1)
    fragment = link.split("#", 1)[1]
    assert "&by=Zo%C3%A9%20Kov%C3%A1cs&sig=" in fragment  # the name as cleaned: no override
    code = fragment.split("&")[0].removeprefix("share=")
    assert verify(code).score == score
    assert fragment == link_fragment(code, "Zoé Kovács")  # the page writes what CPython writes

    # Your own leaderboard lists you, under the name you chose.
    page.click("#standings [data-action=leaderboard]")
    expect(page.locator("#leaderboard h3").first).to_have_text(f"Today, {english_date(date)}")
    (mine,) = rows(page)
    assert mine[:3] == ["1", "You (Zoé Kovács)", shown] and mine[3].endswith(" of 4")

    # A friend opens the link in another browser: replayed, listed under the name, ranked.
    context = browser.new_context()
    context.route("**/*", offline_guard.route)
    friend = context.new_page()
    offline_guard.watch_page(friend)
    friend.goto(link)
    ready(friend)
    expect(friend.locator("#shared h2")).to_contain_text("verified")
    expect(friend.locator("#shared .listed")).to_have_text("Added to your leaderboard.")
    expect(friend.locator("#shared")).to_contain_text("Zoé Kovács, replayed from the day's deals")
    friend.click("#shared [data-action=leaderboard]")
    assert [r[1:3] for r in rows(friend)] == [["Zoé Kovács", shown]]

    # An older friend's link without a name lists under its own day, anonymous.
    # Opened in the same tab (only the fragment changes): verified as a fresh load would (issue 31).
    friend.goto(f"{site_url}#share={OLD_CODE}")
    expect(friend.locator("#shared .listed")).to_have_text("Added to your leaderboard.")
    friend.click("#shared [data-action=leaderboard]")
    expect(friend.locator("#leaderboard h3")).to_have_count(1 if date == "2026-12-01" else 2)
    assert ["1", "Anonymous player", "+90", "2nd of 4"] in rows(friend)

    # An altered link (another name, the old check) is refused and never listed.
    stored = friend.evaluate("localStorage.getItem('tarot.leaderboard')")
    friend.goto(link.replace("Zo%C3%A9", "Eve"))
    expect(friend.locator("#shared h2")).to_have_text("This share link is not valid")
    expect(friend.locator("#shared")).to_contain_text("It was not added to your leaderboard.")
    assert friend.evaluate("localStorage.getItem('tarot.leaderboard')") == stored
    assert len(json.loads(stored)["entries"]) == 2
    context.close()


@pytest.mark.e2e
def test_the_leaderboard_opens_from_the_start_screen_of_each_game(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}?pace=0")
    ready(page)
    page.click("[data-action=leaderboard][data-value=french]")
    expect(page.locator("#leaderboard .tab[aria-pressed=true]")).to_have_text("French Tarot")
    expect(page.locator("#leaderboard .empty")).to_contain_text("No result yet")
    page.click("#leaderboard [data-action=leaderboard][data-value=hungarian]")
    expect(page.locator("#leaderboard .tab[aria-pressed=true]")).to_have_text("Hungarian Tarokk")
    page.click("#leaderboard [data-action=new-match]")
    expect(page.locator(".start")).to_be_visible()
