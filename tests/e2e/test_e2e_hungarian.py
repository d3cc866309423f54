"""End-to-end: Hungarian Tarokk in the page (headless Chromium), played by clicking.

Each test opens ``?game=hungarian&…`` (or the start screen's Hungarian tab) and plays your seat
while a CPython mirror of the same match (``e2e_play_hu``) checks, at every one of your turns,
that the page offers exactly the legal actions: the bids, the cards you may discard, the calls, the
announcement round's values, the playable cards; and at the end of each deal that the score sheet
shows the mirror's scores and items. The seeds are searched in CPython with the same choices the
tests make in the page. Any request to another host or console error fails a test (conftest).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from e2e_play_hu import (NAMES, STEP_TIMEOUT_MS, YOU, HuMirrorPlayer, find_seed, open_table, page_match, query,
                         ready, signed, simulate, tokens, values, wait_mirror, yours)
from helpers import english_date
from tarot_core.daily import daily_match
from tarot_core.hungarian.actions import Announce, Bid, Kontra, Phase
from tarot_core.hungarian.cards import format_card, parse_card
from tarot_core.records import replay
from tarot_core.share import verify

XX = parse_card("T20")
TODAY_JS = """() => { const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }"""


def _first_deal(players: int, seed: int, **policy):
    """The first deal of the page's match ``seed``, played in CPython with ``policy``."""
    match = page_match(players, seed)
    simulate(match, **policy)
    return match.current


def you_declared(game) -> bool:
    """You won the auction below solo (so you discard and call) and the deal was played out."""
    return game.phase is Phase.DONE and game.declarer == YOU and game.level.value != "solo"


@pytest.mark.e2e
def test_four_players_a_whole_deal_as_declarer(page: Page, site_url: str) -> None:
    """You bid (twice: a computer bids over you and you hold), discard, call, pass the
    announcements, play your nine cards; the sheet shows the mirror's scores."""
    seed = find_seed(4, lambda m: you_declared(m.current) and len(yours(m.current, Bid)) >= 2)
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    assert page.evaluate("document.body.dataset.game") == "hungarian"
    expect(page.locator(".seat")).to_have_count(4)
    expect(page.locator(".hand .card")).to_have_count(9)  # HU-2: nine cards each, six in the talon
    player = HuMirrorPlayer(page, match, declare=True)
    assert player.play_deal() == "done"
    seen = player.seen_phases
    assert seen.count("bidding") >= 2 and seen.count("discard") == 1 and seen.count("call") == 1
    assert "announcements" in seen and seen.count("play") == 9  # every card played by a click
    assert match.current.declarer == YOU
    expect(page.locator(".seat[data-seat='0'] .badge.taker")).to_be_visible()
    player.check_score_sheet()
    # The title says whether your side won the game (HU-8.1), whatever the bonuses paid.
    won = match.current.result.winner.value == "declarer"
    expect(page.locator("#score-sheet h2")).to_have_text(f"You {'won' if won else 'lost'} your {match.current.level.value}")

    # Review tricks: trick by trick, who played what, your discard on the first page.
    game = match.current
    page.click("#score-sheet [data-action=review]")
    review = page.locator("#review")
    expect(review.locator("h2")).to_have_text("Trick 1 of 9")
    for k in (0, 1):
        trick = game.tricks[k]
        assert review.locator(".trick-order li").evaluate_all(
            "els => els.map(e => Number(e.dataset.seat))") == [seat for seat, _ in trick.cards]
        assert tokens(page, "#review .trick .card") == [format_card(c) for _, c in trick.cards]
        if k == 0:
            expect(review).to_contain_text("Your discard: ")
            review.locator("[data-action=review-step][data-value='1']").click()
            expect(review.locator("h2")).to_have_text("Trick 2 of 9")
    expect(review).not_to_contain_text("Your discard: ")
    review.locator("[data-action=close]").click()
    expect(page.locator("#score-sheet")).to_be_visible()


@pytest.mark.e2e
def test_five_players_you_declare_then_sit_out_as_dealer(page: Page, site_url: str) -> None:
    """At five the dealer sits each deal out (HU-9): in the first deal (Réka deals) you declare
    and play; in the second you deal and sit out while the four others play it to its sheet."""
    seed = find_seed(5, lambda m: you_declared(m.games[0]) and len(m.games) == 2, deals=2)
    match = page_match(5, seed, deals=2)
    open_table(page, site_url, query(5, seed, deals=2))
    expect(page.locator(".seat")).to_have_count(5)
    expect(page.locator(".seat[data-seat='4'] .badge.out")).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(9)
    player = HuMirrorPlayer(page, match, declare=True, announce=("tarokks:8", "tarokks:9"))
    assert player.play_deal() == "done"
    assert {"bidding", "discard", "call", "announcements"} <= set(player.seen_phases)
    assert player.seen_phases.count("play") == 9
    player.check_score_sheet()
    expect(page.locator("#score-sheet tr[data-seat='4'] .score")).to_have_text("0")  # sat out

    player.next_deal()
    assert match.current.dealer == YOU and YOU not in match.current.active
    played = len(player.seen_phases)
    assert player.play_deal() == "done"
    assert len(player.seen_phases) == played  # no turn of yours in a deal you sit out
    expect(page.locator(".seat[data-seat='0'] .badge.out")).to_be_visible()
    expect(page.locator(".seat[data-seat='0'] .badge.dealer")).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(0)
    player.check_score_sheet()
    expect(page.locator("#score-sheet tr[data-seat='0'] .score")).to_have_text("0")
    assert page.evaluate("document.body.dataset.matchOver") == "1"
    expect(page.locator("#score-sheet [data-action=standings]")).to_be_visible()


def _trull_kontra_rekontra(match) -> bool:
    """You declare and announce the trull, a computer says kontra on it, you say rekontra."""
    game = match.current
    if not you_declared(game):
        return False
    said = [(a.seat, type(a).__name__, a.bonus) for a in game.history if isinstance(a, (Announce, Kontra))]
    return (said[:1] == [(YOU, "Announce", "trull")] and any(s != YOU and k == "Kontra" and b == "trull"
                                                              for s, k, b in said)
            and (YOU, "Kontra", "trull") in said)


@pytest.mark.e2e
def test_you_announce_the_trull_a_computer_says_kontra_you_say_rekontra(page: Page, site_url: str) -> None:
    wanted = ("announce:trull", "kontra:trull")
    seed = find_seed(4, _trull_kontra_rekontra, announce=wanted)
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    player = HuMirrorPlayer(page, match, declare=True, announce=wanted)
    names = NAMES[4]

    # At your turn after the computer's kontra: the log says it, the button offers rekontra ×4.
    def after_their_kontra(game):
        return (game.phase is Phase.ANNOUNCEMENTS and isinstance(game.history[-2], Kontra)
                and game.history[-2].seat != YOU)

    assert player.play_deal(stop=after_their_kontra) == "stopped"
    kontra = match.current.history[-2]
    log = page.locator("#announcements")
    last = match.current.history[-1]  # a pass; "done" when it ends the turn of its kontra
    expect(log.locator("ol.said li").last).to_have_text(
        f"{names[last.seat]}: {'done' if last.seat == kontra.seat else 'pass'}")
    expect(log.locator("ol.said li").nth(-2)).to_have_text(f"{names[kontra.seat]}: kontra on trull")
    expect(log.locator("li[data-item=trull]")).to_have_text("Trull (the declarer's side) · kontra")
    rekontra = page.locator("[data-action=announce][data-value='kontra:trull']")
    expect(rekontra.locator("strong")).to_have_text("Rekontra: trull")
    expect(rekontra.locator(".value")).to_have_text("×4")

    # You say rekontra: the log shows it at once, and "Pass" becomes "Done".
    def after_your_rekontra(game):
        return isinstance(game.history[-1], Kontra) and game.history[-1].seat == YOU

    assert player.play_deal(stop=after_your_rekontra) == "stopped"
    expect(log.locator("ol.said li").last).to_have_text("You: rekontra on trull")
    expect(log.locator("li[data-item=trull]")).to_have_text("Trull (the declarer's side) · rekontra")
    expect(page.locator("[data-action=announce][data-value=pass]")).to_have_text("Done")
    assert player.play_deal() == "done"
    assert player.checked_logs >= 3

    # The sheet lists the announced trull with who announced it and its rekontra.
    player.check_score_sheet()
    trull = next(i for i in match.current.result.items if i.bonus == "trull" and i.announced)
    assert trull.kontra == 2
    cell = page.locator("#score-sheet tr[data-row=trull] td").first
    expect(cell).to_contain_text("announced by You for the declarer's side")
    expect(cell).to_contain_text("rekontra ×4")


def _reload_and_compare(page: Page, player: HuMirrorPlayer) -> None:
    """Reload: the page comes back at the same phase and turn with the very same table (hand,
    trick, log, buttons)."""
    game = player.game
    before = page.inner_html("#app")
    buttons = page.locator("#app [data-action]").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.dataset.value || '', e.dataset.card || '', e.disabled])")
    hand = tokens(page, ".hand .card")
    trick = tokens(page, ".centre .trick .card")
    page.reload()
    ready(page)
    assert wait_mirror(page, game) == game.phase.value
    assert tokens(page, ".hand .card") == hand
    assert tokens(page, ".centre .trick .card") == trick
    assert page.locator("#app [data-action]").evaluate_all(
        "els => els.map(e => [e.dataset.action, e.dataset.value || '', e.dataset.card || '', e.disabled])") == buttons
    assert page.inner_html("#app") == before


@pytest.mark.e2e
def test_reload_in_the_announcements_and_in_a_trick_resumes_exactly(page: Page, site_url: str) -> None:
    """Five players, tournament rules (``&profile=tournament``: the XX may not be discarded,
    HU-10). Reload in the middle of your announcement turn (the trull just said) and in the
    middle of a trick: the same table each time, and the deal plays on to the score sheet."""
    wanted = ("announce:trull",)

    def ok(m):
        game = m.current
        return you_declared(game) and yours(game, Announce) and XX in game.hands[YOU] | set(game.talon_shares[YOU])

    seed = find_seed(5, ok, profile="tournament", announce=wanted)
    match = page_match(5, seed, profile="tournament")
    open_table(page, site_url, query(5, seed, profile="tournament"))
    player = HuMirrorPlayer(page, match, declare=True, announce=wanted)

    # Tournament rules: the XX is not among the cards you may discard.
    assert player.play_deal(stop=lambda g: g.phase is Phase.DISCARD) == "stopped"
    expect(page.locator(f".hand button.disabled[data-card='{format_card(XX)}']")).to_have_count(1)

    def mid_announcements(game):
        last = game.history[-1]
        return game.phase is Phase.ANNOUNCEMENTS and isinstance(last, Announce) and last.seat == YOU

    assert player.play_deal(stop=mid_announcements) == "stopped"
    expect(page.locator("#announcements li[data-item=trull]")).to_have_text("Trull (the declarer's side)")
    expect(page.locator("[data-action=announce][data-value=pass]")).to_have_text("Done")
    expect(page.locator("[data-action=announce][data-value='announce:trull']")).to_have_count(0)
    _reload_and_compare(page, player)

    def mid_trick(game):
        return game.phase is Phase.PLAY and game.trick and game.tricks

    assert player.play_deal(stop=mid_trick) == "stopped"
    assert tokens(page, ".centre .trick .card") == [format_card(c) for _, c in match.current.trick]
    _reload_and_compare(page, player)
    assert player.play_deal() == "done"
    assert player.seen_phases.count("play") == 9
    player.check_score_sheet()


def _start_hungarian_daily(page: Page, site_url: str, query_: str = "") -> str:
    page.goto(f"{site_url}?pace=0&game=hungarian{query_}")
    ready(page)
    expect(page.locator("[data-action=game][data-value=hungarian]")).to_have_attribute("aria-pressed", "true")
    date = page.evaluate(TODAY_JS)
    expect(page.locator("[data-action=daily][data-value=hungarian]")).to_contain_text(english_date(date))
    page.click("[data-action=daily][data-value=hungarian]")
    return date


@pytest.mark.e2e
def test_hungarian_daily_to_the_standings_then_share(page: Page, site_url: str, browser: Browser,
                                                     offline_guard) -> None:
    date = _start_hungarian_daily(page, site_url, "&deals=1")
    match = daily_match(date, game="hungarian")
    assert page.evaluate("document.body.dataset.game") == "hungarian"
    assert tokens(page, ".hand .card") == [format_card(c) for c in match.current.view(YOU).hand]
    expect(page.locator("header .deal-no")).to_contain_text(f"Daily {english_date(date)}")
    player = HuMirrorPlayer(page, match, declare=True, announce=("announce:trull",))
    player.play_match()
    page.click("#score-sheet [data-action=standings]")
    standings = page.locator("#standings")
    expect(standings.locator(".daily-kind")).to_contain_text("official")
    totals = match.totals()
    for seat in range(4):
        expect(standings.locator(f"tr[data-seat='{seat}'] .score")).to_have_text(signed(totals[seat]))
    page.click("#standings [data-action=share]")
    text = page.locator("#share-text").input_value()
    score = totals[YOU]
    assert text.startswith(f"Hungarian Tarokk daily {english_date(date)}: {signed(score)}, ")
    link = re.search(r"(http://\S+#share=\S+)", text).group(1)
    code = link.split("#share=")[1]
    assert code.startswith(f"2.hungarian.{match.player}.{date}.4.8.{score}.")  # the whole match: 8 deals
    assert verify(code).score == score  # CPython verifies the page's code too

    # The link, opened in another browser, replays to the same verified score.
    context = browser.new_context()
    context.route("**/*", offline_guard.route)
    viewer = context.new_page()
    offline_guard.watch_page(viewer)
    viewer.goto(link)
    ready(viewer)
    expect(viewer.locator("#shared h2")).to_have_text(f"Hungarian Tarokk · Daily game of {english_date(date)}: verified")
    expect(viewer.locator("#shared-score")).to_have_text(signed(score))
    expect(viewer.locator("#shared [data-action=daily][data-value=hungarian]")).to_have_count(1)

    # An altered code (another claimed score) is refused.
    parts = code.split(".")
    parts[6] = str(int(parts[6]) + 100)
    viewer.goto(link.split("#share=")[0] + "#share=" + ".".join(parts))
    viewer.reload()
    ready(viewer)
    expect(viewer.locator("#shared h2")).to_contain_text("not valid")
    context.close()

    # Back on the start screen: today's Hungarian daily is played, the French one is not (one
    # official result per game); the history lists a Hungarian daily.
    page.click("#standings [data-action=new-match]")
    daily = page.locator("[data-action=daily][data-value=hungarian]")
    expect(daily).to_contain_text("Daily game: played")
    expect(daily).to_contain_text(f"Today {signed(score)}")
    page.click("[data-action=game][data-value=french]")
    expect(page.locator("section.start:not(.hungarian) [data-action=daily]")).not_to_contain_text("played")
    page.click("[data-action=history]")
    entries = page.locator("#history table.entries tr[data-entry]")
    expect(entries).to_have_count(1)
    expect(entries.first.locator("td").first).to_have_text("Hungarian · Daily")
    expect(page.locator("#history .game-stats[data-game=hungarian] [data-stat=streak]")).to_have_text("1")
    expect(page.locator("#history .game-stats[data-game=french] [data-stat=streak]")).to_have_text("0")


@pytest.mark.e2e
def test_a_short_hungarian_match_standings_scores_and_history(page: Page, site_url: str) -> None:
    """``&deals=2``: everyone passes the first deal (it does not count, the same dealer deals
    again, the next round is doubled), then Next deal, the running Scores sheet, the final
    standings, New match back to the Hungarian start screen, and the history lists the match as
    Hungarian."""

    seed = next(s for s in range(1, 400) if _first_deal(4, s, declare=False).phase is Phase.ALL_PASS)
    match = page_match(4, seed, deals=2)
    open_table(page, site_url, query(4, seed, deals=2))
    expect(page.locator("header .deal-no")).to_contain_text("Deal 1 of 2")
    player = HuMirrorPlayer(page, match, declare=False)
    assert player.play_deal() == "all_pass"
    player.check_score_sheet()
    sheet = page.locator("#score-sheet")
    expect(sheet).to_contain_text("Everyone passed: the same dealer deals again, and the next round counts double.")
    expect(sheet).to_contain_text("It does not count as one of the match's deals.")
    player.next_deal()
    player.declare = True
    assert match.current.multiplier == 2 and match.current.dealer == 3
    expect(page.locator("header .contract.doubled")).to_have_text("Doubled round ×2")
    expect(page.locator("header .deal-no")).to_contain_text("Deal 1 of 2")
    expect(page.locator(".seat[data-seat='3'] .badge.dealer")).to_be_visible()
    while True:
        player.play_deal()
        player.check_score_sheet()
        if match.is_over:
            break
        player.next_deal()
    assert match.deals_played == 2
    assert page.evaluate("document.body.dataset.matchOver") == "1"
    expect(page.locator("#score-sheet [data-action=next-deal]")).to_have_count(0)

    # The running score sheet: one row per counted deal, each summing to zero, with its summary.
    page.click("#score-sheet [data-action=scores]")
    sheet = page.locator("#match-scores")
    expect(sheet.locator("h2")).to_have_text("Scores after 2 of 2 deals")
    expect(sheet.locator("tr[data-deal]")).to_have_count(2)
    names = NAMES[4]
    counted = match.counted
    for (number, scores, cumulative), game in zip(match.score_rows(), counted):
        cells = sheet.locator(f"tr[data-deal='{number}'] td")
        texts = cells.evaluate_all("els => els.map(e => e.firstChild.textContent)")
        assert [int(t) for t in texts] == list(scores)
        assert sum(scores) == 0
        won = "won" if game.result.winner.value == "declarer" else "lost"
        expect(sheet.locator(f"tr[data-deal='{number}'] th small")).to_have_text(
            re.compile(rf"^{names[game.declarer]}: {game.level.value}( alone)?, {won}$"))
    totals = match.totals()
    assert sheet.locator("tr.totals td").evaluate_all("els => els.map(e => e.textContent)") == [
        signed(t) for t in totals]
    with page.expect_download() as info:
        page.click("#match-scores [data-action=download][data-value=match]")
    assert info.value.suggested_filename == "tarokk-match-4p.json"
    record = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert record["format"] == "tarot-core/match" and record["game"] == "hungarian-tarokk"
    assert replay(record)["totals"] == totals  # the record replays through the engine
    page.click("#match-scores [data-action=close]")

    page.click("#score-sheet [data-action=standings]")
    standings = page.locator("#standings")
    expect(standings).to_be_visible()
    for seat in range(4):
        expect(standings.locator(f"tr[data-seat='{seat}'] .score")).to_have_text(signed(totals[seat]))
    expect(standings.locator("tr").first).to_have_attribute("data-seat", str(match.standings()[0][0]))
    expect(standings.locator(".daily-kind")).to_have_count(0)  # a free match: nothing to share

    page.click("#standings [data-action=new-match]")
    expect(page.locator("section.start.hungarian")).to_be_visible()
    assert values(page, "[data-action=new-match][data-value]") == ["hungarian-4", "hungarian-5"]
    page.click("[data-action=history]")
    entries = page.locator("#history table.entries tr[data-entry]")
    expect(entries).to_have_count(1)
    cells = entries.first.locator("td")
    assert cells.evaluate_all("els => els.map(e => e.textContent)") == [
        "Hungarian · Free", "4", ["1st", "2nd", "3rd", "4th"][sum(t > totals[0] for t in totals)],
        signed(totals[0])]
    expect(page.locator("#history .game-stats[data-game=hungarian] [data-stat=played]")).to_have_text("1")
    expect(page.locator("#history .game-stats[data-game=french] [data-stat=played]")).to_have_text("0")

    # The start screen's rules choice is remembered; its 5-player button starts a Hungarian match.
    page.click("#history [data-action=new-match]")
    page.click("[data-action=profile][data-value=tournament]")
    expect(page.locator("[data-action=profile][data-value=tournament]")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("JSON.parse(localStorage.getItem('tarot.prefs'))") == {
        "game": "hungarian", "profile": "tournament", "level": "normal"}  # not the link's level=easy
    page.click("[data-action=new-match][data-value=hungarian-5]")
    page.wait_for_function("document.body.dataset.game === 'hungarian' && document.body.dataset.players === '5'"
                           " && ['you', 'none'].includes(document.body.dataset.turn)")
    expect(page.locator(".seat")).to_have_count(5)


@pytest.mark.e2e
def test_an_opponents_tarokk_count_names_the_player_on_the_sheet(page: Page, site_url: str) -> None:
    """You declare; an opponent declares eight tarokks (HU-6.3): the sheet names who holds them."""

    def opponent_count(m):
        game = m.current
        return you_declared(game) and any((i.role or "").startswith("opponent") for i in game.result.items)

    seed = find_seed(4, opponent_count)
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    player = HuMirrorPlayer(page, match, declare=True)
    assert player.play_deal() == "done"
    (seat, count), = [(s, n) for s, n in match.current.tarokk_counts.items() if s != match.current.partner]
    expect(page.locator("#score-sheet")).to_be_visible()
    row = "eight-tarokks" if count == 8 else "nine-tarokks"
    expect(page.locator(f"#score-sheet tr[data-row={row}] td")).to_contain_text(f"{NAMES[4][seat]}: ")
    player.check_score_sheet()


@pytest.mark.e2e
def test_download_the_hungarian_deal_record(page: Page, site_url: str, offline_guard) -> None:
    seed = find_seed(4, lambda m: you_declared(m.current))
    match = page_match(4, seed)
    open_table(page, site_url, query(4, seed))
    player = HuMirrorPlayer(page, match, declare=True)
    assert player.play_deal() == "done"
    player.check_score_sheet()
    try:
        with page.expect_download(timeout=STEP_TIMEOUT_MS) as info:
            page.click("#score-sheet [data-action=download][data-value=deal]")
        download = info.value
    except PlaywrightTimeoutError:
        download = None
    # The page's error is this test's failure (in the call, not at the guard's teardown).
    problems = offline_guard.problems()
    offline_guard.console_errors.clear()
    offline_guard.page_errors.clear()
    assert not problems, "\n".join(problems)[-1500:]
    assert download is not None, "no download"
    assert download.suggested_filename == "tarokk-deal-1.json"
    record = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert record["format"] == "tarot-core/deal" and record["game"] == "hungarian-tarokk"
    assert replay(record)["scores"] == list(match.current.scores)
