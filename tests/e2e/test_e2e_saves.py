"""End-to-end: the daily game, saved games, history and sharing — all in the browser.

The page keeps the game in localStorage; these tests reload, corrupt, open two tabs and share,
checking the page against a CPython mirror of the same daily match (``tarot_core.daily``).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import READY_TIMEOUT_MS
from e2e_play import MirrorPlayer, advance_computers, page_match, tokens, wait_your_turn_or_end
from tarot_core.french.cards import format_card
from tarot_core.daily import daily_match

TODAY_JS = """() => { const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }"""


def ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)


def start_daily(page: Page, site_url: str, query: str = "") -> str:
    """Open the start screen, click "Daily game"; return the page's date."""
    page.goto(f"{site_url}?pace=0{query}")
    ready(page)
    date = page.evaluate(TODAY_JS)
    page.click("[data-action=daily]")
    wait_your_turn_or_end(page)
    return date


def play_daily_to_the_end(page: Page, match) -> MirrorPlayer:
    player = MirrorPlayer(page, match, bid=None)
    while True:
        player.play_deal()
        if match.is_over:
            return player
        page.click("#score-sheet [data-action=next-deal]")
        match.next_deal()


@pytest.mark.e2e
def test_daily_hands_are_the_same_in_two_browsers_and_in_cpython(browser: Browser, site_url: str,
                                                                  offline_guard) -> None:
    hands = []
    for _ in range(2):
        context = browser.new_context()  # a fresh profile: nothing shared between the two
        context.route("**/*", offline_guard.route)
        page = context.new_page()
        offline_guard.watch_page(page)
        date = start_daily(page, site_url)
        hands.append((date, tokens(page, ".hand .card")))
        context.close()
    (d1, h1), (d2, h2) = hands
    assert d1 == d2 and h1 == h2
    # CPython deals the same cards for that date (tarot_core.daily's documented generator).
    expected = daily_match(d1).current.view(0).hand
    assert h1 == [format_card(c) for c in expected]


@pytest.mark.e2e
def test_reload_in_the_middle_of_a_trick_resumes_exactly(page: Page, site_url: str) -> None:
    date = start_daily(page, site_url)
    match = daily_match(date)
    player = MirrorPlayer(page, match, bid=None)
    # Play until a trick is under way at your turn (cards already on the table).
    advance_computers(match)
    while True:
        phase = wait_your_turn_or_end(page)
        if phase == "play" and match.current.trick and match.current.tricks:
            break
        if phase in ("done", "thrown_in"):
            page.click("#score-sheet [data-action=next-deal]")
            match.next_deal()
            advance_computers(match)
            continue
        getattr(player, f"_{phase}")()
        advance_computers(match)
    before = page.inner_html("#app")
    trick_before = tokens(page, ".trick .card")
    assert trick_before == [format_card(c) for _, c in match.current.trick]
    page.reload()
    ready(page)
    assert wait_your_turn_or_end(page) == "play"
    # Same hands, same trick, same scores, same turn: the very same table.
    assert tokens(page, ".trick .card") == trick_before
    assert page.inner_html("#app") == before
    # And the game goes on from there.
    player.play_deal()
    player.check_score_sheet()


@pytest.mark.e2e
def test_corrupt_saved_data_is_set_aside_and_reported(page: Page, site_url: str) -> None:
    start_daily(page, site_url)
    page.evaluate("localStorage.setItem('tarot.save', '{\"schema\": 1, \"kind\": \"tarot-save\", oops')")
    page.reload()
    ready(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("kept aside as tarot.corrupt.1")
    kept = page.evaluate("localStorage.getItem('tarot.corrupt.1')")
    assert kept == '{"schema": 1, "kind": "tarot-save", oops'
    assert page.evaluate("localStorage.getItem('tarot.save')") is None
    # A second bad save is set aside under a new key: the first one is never overwritten.
    page.evaluate("localStorage.setItem('tarot.save', '{\"schema\": 99, \"kind\": \"tarot-save\"}')")
    page.reload()
    ready(page)
    expect(page.locator("#notice")).to_contain_text("tarot.corrupt.2")
    assert page.evaluate("localStorage.getItem('tarot.corrupt.1')") == kept
    # A fresh game starts normally.
    page.click("[data-action=daily]")
    assert wait_your_turn_or_end(page) in ("bidding", "done", "thrown_in")


@pytest.mark.e2e
def test_a_corrupt_history_is_reported_at_once(page: Page, site_url: str) -> None:
    """An unreadable history is set aside when the page first reads it, and the player is told."""
    page.goto(f"{site_url}?pace=0")
    ready(page)
    page.evaluate("localStorage.setItem('tarot.history', 'garbage{')")
    page.reload()
    ready(page)
    expect(page.locator("#notice")).to_contain_text("kept aside as tarot.corrupt.1")
    assert page.evaluate("localStorage.getItem('tarot.corrupt.1')") == "garbage{"
    assert page.evaluate("localStorage.getItem('tarot.history')") is None
    # The history screen lists it, offers it as a file and deletes it on request.
    page.click("[data-action=history]")
    row = page.locator("#history table.aside tr[data-aside='tarot.corrupt.1']")
    expect(row.locator("td").first).to_have_text("8 characters")
    with page.expect_download() as info:
        row.locator("[data-action=aside-download]").click()
    assert info.value.suggested_filename == "tarot.corrupt.1.txt"
    assert open(info.value.path(), encoding="utf-8").read() == "garbage{"
    row.locator("[data-action=aside-delete]").click()
    expect(page.locator("#notice")).to_contain_text("tarot.corrupt.1 was deleted.")
    expect(page.locator("#history table.aside")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('tarot.corrupt.1')") is None


@pytest.mark.e2e
def test_a_storage_failure_is_reported_and_the_game_goes_on(page: Page, site_url: str) -> None:
    page.add_init_script("Storage.prototype.setItem = function () { "
                         "throw new DOMException('full', 'QuotaExceededError'); };")
    date = start_daily(page, site_url)
    expect(page.locator("#notice")).to_contain_text("would not let the game save")
    match = daily_match(date)
    player = MirrorPlayer(page, match, bid=None)
    player.play_deal()  # the whole deal plays in memory
    player.check_score_sheet()


@pytest.mark.e2e
def test_two_tabs_do_not_corrupt_each_other(page: Page, site_url: str) -> None:
    date = start_daily(page, site_url, "&deals=1")
    other = page.context.new_page()
    other.goto(f"{site_url}?pace=0")
    ready(other)
    wait_your_turn_or_end(other)  # the second tab resumes the same saved daily
    # Play the daily to its end in the second tab: the result goes to the history.
    match = daily_match(date)
    play_daily_to_the_end(other, match)
    # The first tab was told, and stopped instead of overwriting anything.
    expect(page.locator("#notice")).to_contain_text("another tab")
    expect(page.locator("#status")).to_have_text("Another tab has this game now.")
    history = json.loads(page.evaluate("localStorage.getItem('tarot.history')"))
    assert [e["score"] for e in history["entries"]] == [match.totals()[0]]
    # The stale first tab cannot play on: clicks change nothing, the result stays.
    if page.locator(".hand button.playable").count():
        page.locator(".hand button.playable").first.click()
    assert json.loads(page.evaluate("localStorage.getItem('tarot.history')")) == history
    # Its notice offers the reload that picks up where the other tab left off.
    with page.expect_navigation():
        page.click("#notice [data-action=reload]")
    ready(page)
    expect(page.locator("#notice", has_text="another tab")).to_have_count(0)
    assert json.loads(page.evaluate("localStorage.getItem('tarot.history')")) == history


@pytest.mark.e2e
def test_official_daily_then_practice_history_and_share(page: Page, site_url: str, browser: Browser,
                                                        offline_guard) -> None:
    date = start_daily(page, site_url, "&deals=1")
    match = daily_match(date)
    play_daily_to_the_end(page, match)
    page.click("#score-sheet [data-action=standings]")
    standings = page.locator("#standings")
    expect(standings.locator(".daily-kind")).to_contain_text("official")
    page.click("#standings [data-action=share]")
    text = page.locator("#share-text").input_value()
    score = match.totals()[0]
    assert f"{score:+d}" in text if score else "0" in text
    link = re.search(r"(http://\S+#share=\S+)", text).group(1)

    # The history shows the official result; a second daily the same day is practice.
    page.click("#standings [data-action=new-match]")
    expect(page.locator("[data-action=daily]")).to_contain_text("played")
    page.click("[data-action=daily]")
    play_daily_to_the_end(page, daily_match(date))
    page.click("#score-sheet [data-action=standings]")
    expect(page.locator("#standings .daily-kind")).to_contain_text("Practice")
    page.click("#standings [data-action=new-match]")
    page.click("[data-action=history]")
    entries = page.locator("#history table.entries tr[data-entry]")
    expect(entries).to_have_count(2)
    expect(page.locator("#history .game-stats[data-game=french] [data-stat=played]")).to_have_text("2")
    expect(page.locator("#history .game-stats[data-game=french] [data-stat=streak]")).to_have_text("1")
    expect(page.locator("#history .game-stats[data-game=french] table.board tr")).to_have_count(2)  # header + one official day

    # The share link, opened in another browser, replays to the same verified score.
    context = browser.new_context()
    context.route("**/*", offline_guard.route)
    viewer = context.new_page()
    offline_guard.watch_page(viewer)
    viewer.goto(link)
    ready(viewer)
    expect(viewer.locator("#shared h2")).to_contain_text("verified")
    expect(viewer.locator("#shared-score")).to_have_text(f"{score:+d}" if score else "0")

    # An altered link is rejected with a clear message.
    code = link.split("#share=")[1]
    parts = code.split(".")
    parts[4] = str(int(parts[4]) + 100)
    viewer.goto(link.split("#share=")[0] + "#share=" + ".".join(parts))
    viewer.reload()
    ready(viewer)
    expect(viewer.locator("#shared h2")).to_contain_text("not valid")
    expect(viewer.locator("#shared")).to_contain_text("damaged")
    context.close()


@pytest.mark.e2e
def test_export_then_import_the_history(page: Page, site_url: str, browser: Browser, offline_guard,
                                        tmp_path) -> None:
    date = start_daily(page, site_url, "&deals=1")
    play_daily_to_the_end(page, daily_match(date))
    page.click("#score-sheet [data-action=standings]")
    page.click("#standings [data-action=new-match]")
    page.click("[data-action=history]")
    with page.expect_download() as info:
        page.click("#history [data-action=export]")
    exported = tmp_path / "history.json"
    exported.write_text(open(info.value.path(), encoding="utf-8").read(), encoding="utf-8")

    context = browser.new_context()
    context.route("**/*", offline_guard.route)
    other = context.new_page()
    offline_guard.watch_page(other)
    other.goto(f"{site_url}?pace=0")
    ready(other)
    other.click("[data-action=history]")
    # A tampered file is refused and changes nothing.
    bad = json.loads(exported.read_text(encoding="utf-8"))
    bad["entries"][0]["score"] += 1
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(bad), encoding="utf-8")
    other.set_input_files("#history input[data-action=import]", str(tampered))
    expect(other.locator("#notice")).to_contain_text("Import refused")
    assert other.evaluate("localStorage.getItem('tarot.history')") is None
    # The real file is imported.
    other.set_input_files("#history input[data-action=import]", str(exported))
    expect(other.locator("#notice")).to_contain_text("Imported 1 finished match")
    expect(other.locator("#history table.entries tr[data-entry]")).to_have_count(1)
    context.close()


@pytest.mark.e2e
def test_leaving_for_the_start_screen_keeps_the_game_in_progress(page: Page, site_url: str) -> None:
    """"New match" mid-game shows the start screen with "Continue your game" first: the game in
    progress is offered back exactly as it was, never dropped unannounced."""
    page.goto(f"{site_url}?pace=0&players=4&seed=21")
    ready(page)
    wait_your_turn_or_end(page)
    before = page.inner_html("#app")
    page.click("header [data-action=new-match]")
    resume = page.locator("[data-action=resume]")
    expect(resume).to_contain_text("Continue your game")
    expect(resume).to_contain_text("a new game below replaces it")
    resume.click()
    wait_your_turn_or_end(page)
    assert page.inner_html("#app") == before


@pytest.mark.e2e
def test_a_link_to_another_match_does_not_replace_the_game_in_progress(page: Page, site_url: str) -> None:
    """A game in progress, then a link asking for another match (?players=5&seed=2): the game is
    resumed as it was, and a notice says why the link's match did not start and how to get it;
    reloading the game's own link says nothing (newcomer review: the link was ignored silently)."""
    page.goto(f"{site_url}?pace=0&players=4&seed=21")
    ready(page)
    wait_your_turn_or_end(page)
    expect(page.locator("#notice")).to_have_count(0)
    before = page.inner_html(".table")
    page.reload()
    ready(page)
    expect(page.locator("#notice")).to_have_count(0)  # the same link: nothing new asked
    page.goto(f"{site_url}?pace=0&players=5&seed=2")
    ready(page)
    wait_your_turn_or_end(page)
    expect(page.locator("#notice")).to_contain_text("Your game in progress is back")
    expect(page.locator("#notice")).to_contain_text("New match for a 5-player match with seed 2")
    expect(page.locator(".seat")).to_have_count(4)
    assert page.inner_html(".table") == before
    # "New match" leads to the start screen, where the link's seed deals the 5-player match.
    page.click("header [data-action=new-match]")
    page.click("[data-action=new-match][data-value='5']")
    wait_your_turn_or_end(page)
    expect(page.locator(".seat")).to_have_count(5)
    assert tokens(page, ".hand .card") == [format_card(c) for c in page_match(5, 2).current.view(0).hand]


# --- bad data never stops the page (issue 31) ----------------------------------------------------

@pytest.mark.e2e
def test_a_deeply_nested_save_is_set_aside_and_the_page_starts(page: Page, site_url: str) -> None:
    """Issue 31's exact reproduction: 200,000 nested brackets under tarot.save overflowed
    Pyodide's stack in json.loads (a blank table at every reload). The page starts, says so,
    and the data is kept aside intact."""
    page.goto(f"{site_url}?pace=0")
    ready(page)
    page.evaluate("localStorage.setItem('tarot.save', '['.repeat(200000)+']'.repeat(200000))")
    page.reload()
    ready(page)
    expect(page.locator("#notice")).to_contain_text(
        "Your game in progress could not be opened: it is kept aside as tarot.corrupt.1")
    expect(page.locator("#notice")).to_contain_text("nested too deeply")
    assert page.evaluate("document.body.dataset.phase") == "start"
    assert page.evaluate("localStorage.getItem('tarot.save')") is None
    assert page.evaluate("localStorage.getItem('tarot.corrupt.1') === '['.repeat(200000)+']'.repeat(200000)")
    page.click("[data-action=new-match][data-value='4']")  # and a game plays
    assert wait_your_turn_or_end(page) in ("bidding", "done", "thrown_in")


@pytest.mark.e2e
def test_a_share_link_opened_into_a_tab_showing_the_game_is_verified(page: Page, site_url: str) -> None:
    """Issue 31: a share link opened in a tab that shows the game changes only the fragment (no
    reload); the page verifies it as a fresh load does."""
    page.goto(f"{site_url}?players=4&seed=3&pace=0")
    ready(page)
    assert wait_your_turn_or_end(page) == "bidding"
    page.evaluate("location.hash = '#share=not-a-code'")
    expect(page.locator("#shared h2")).to_have_text("This share link is not valid")
    assert page.evaluate("document.body.dataset.phase") == "shared-invalid"


@pytest.mark.e2e
def test_the_tab_the_player_acts_in_keeps_the_game(page: Page, site_url: str) -> None:
    """Issue 31: a second tab opened while the first tab's computers play does not freeze when
    they move, nor does the first when the second's computers move; the tab the player acts in
    keeps the game, and the other one stops then."""
    first = page
    first.goto(f"{site_url}?players=4&seed=3&pace=1500")  # its computers take their time
    ready(first)
    assert wait_your_turn_or_end(first) == "bidding"
    first.click("[data-action=bid][data-value=garde]")  # the player acts here: saved
    second = first.context.new_page()
    second.goto(f"{site_url}?pace=0")  # resumes the saved game; its computers move at once
    ready(second)
    assert wait_your_turn_or_end(second) == "ecart"
    # Both tabs' computers made the same moves (seeded) and saved them: nobody froze.
    assert wait_your_turn_or_end(first) == "ecart"
    for tab in (first, second):
        expect(tab.locator("#notice", has_text="another tab")).to_have_count(0)
        assert tab.locator(".hand button.playable").count() > 0
    # The player makes the écart in the second tab: it keeps the game, the first one stops.
    for _ in range(6):
        second.locator(".hand button.playable:not(.selected)").first.click()
    second.click("[data-action=ecart]")
    expect(first.locator("#notice")).to_contain_text("another tab")
    expect(first.locator("#status")).to_have_text("Another tab has this game now.")
    expect(second.locator("#notice", has_text="another tab")).to_have_count(0)
