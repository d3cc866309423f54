"""The score sheet screen in CPython (web/tarot_page/sheet.py, render_sheet.py and each game's
games/<game>/sheet.py, through table.py and a FakePage): opened from the start screen, a French
4-player deal and a Hungarian deal entered through the form's fields, the totals shown and kept in
storage, a refused deal explained with the form kept, undo, names, and a sheet that cannot be read
set aside.

Expected scores are the rules' worked examples (FR-7.6, HU-8.5).
"""

from __future__ import annotations

import json

import pytest
from web_helpers import FakePage, Screens
from test_web_i18n import TRANSLATED, english_fragments, english_left, locale_dir  # noqa: F401

from tarot_page.games.french import controller  # noqa: E402  (web/)
from tarot_page import render_sheet  # noqa: E402
from tarot_page import table  # noqa: E402
from tarot_core.saves import SHEET_KEY
from tarot_core.scoresheet import SheetError

FRENCH_NAMES = {"sheet-game": "french", "sheet-profile": "pagat", "sheet-name-0": "Anne",
                "sheet-name-1": "Bertrand", "sheet-name-2": "Claire", "sheet-name-3": "Denis"}
#: FR-7.6 example 1 as the form gives it: Bertrand takes a garde with 49 points and 2 bouts,
#: shows a poignée of 10 and wins the petit au bout: defenders -106, Bertrand +318.
FRENCH_DEAL = {"sheet-taker": "1", "sheet-contract": "garde", "sheet-points": "49", "sheet-bouts": "2",
               "sheet-petit": "attack", "sheet-chelem": "no:none", "sheet-poignee-1": "simple"}


def click(page: FakePage, action: str, value: str | None = None) -> None:
    page.handlers[0]({"action": action, "value": value})


def opened(query: str = "", data: dict | None = None) -> FakePage:
    page = FakePage(query=query, data=data)
    table.Table(page).open()
    return page


def totals(page: FakePage) -> list[str]:
    return [td.text for td in page.tree.find_all("td", data_total=True)]


def test_the_start_screen_opens_a_new_sheet_in_both_games() -> None:
    page = opened()
    for game in ("french", "hungarian"):
        click(page, "game", game)
        button = page.tree.find("button", data_action="sheet")
        assert button.attrs["data-value"] == "open"
    click(page, "sheet", "open")
    assert page.body["phase"] == "scorepad"
    section = page.tree.find("section", id="scorepad")
    assert section.attrs["data-view"] == "setup"
    assert page.tree.find("select", id="sheet-game").find("option", selected=True).attrs["value"] == "hungarian"
    assert page.tree.find("details", cls="lang-menu")  # the language menu, as on every screen


def test_a_french_four_player_deal_gives_the_totals_and_is_kept() -> None:
    page = opened("?sheet=1")
    page.values = FRENCH_NAMES
    click(page, "sheet", "start")
    assert page.tree.find("section", id="scorepad").attrs["data-view"] == "sheet"
    assert [th.text for th in page.tree.find("table", cls="running").find_all("th", scope="col")][1:] == \
        ["Anne", "Bertrand", "Claire", "Denis"]
    page.values = FRENCH_DEAL
    click(page, "sheet", "add")
    assert totals(page) == ["-106", "+318", "-106", "-106"]
    assert page.scrolled == ["scorepad"]  # the new totals in sight
    row = page.tree.find("tr", data_deal="1")
    assert "Garde · Bertrand ✓" in row.text
    # FR-7.6 example 3: Anne's prise lost by 7 (44 points, 1 bout), her poignée and petit au bout.
    page.values = {"sheet-taker": "0", "sheet-contract": "prise", "sheet-points": "44", "sheet-bouts": "1",
                   "sheet-petit": "attack", "sheet-chelem": "no:none", "sheet-poignee-0": "simple"}
    click(page, "sheet", "add")
    assert totals(page) == ["-232", "+360", "-64", "-64"]
    kept = json.loads(page.store.data[SHEET_KEY])
    assert kept["names"] == ["Anne", "Bertrand", "Claire", "Denis"] and len(kept["deals"]) == 2
    # A new visit (a reload) shows the same sheet.
    again = opened("?sheet=1", data=page.store.data)
    assert totals(again) == ["-232", "+360", "-64", "-64"]
    click(again, "sheet", "undo")
    assert totals(again) == ["-106", "+318", "-106", "-106"]
    assert len(json.loads(again.store.data[SHEET_KEY])["deals"]) == 1


def test_a_deal_that_does_not_score_is_explained_and_the_form_kept() -> None:
    page = opened("?sheet=1")
    page.values = FRENCH_NAMES
    click(page, "sheet", "start")
    page.values = dict(FRENCH_DEAL, **{"sheet-points": "92"})
    click(page, "sheet", "add")
    assert page.tree.find("p", id="sheet-error").text == (
        "This deal cannot be scored: the card points are a number from 0 to 91.")
    assert page.scrolled == ["sheet-error"]  # on a phone the form is long: the reason comes in sight
    assert page.tree.find("input", id="sheet-points").attrs["value"] == "92"
    assert page.tree.find("select", id="sheet-contract").find("option", selected=True).attrs["value"] == "garde"
    assert json.loads(page.store.data[SHEET_KEY])["deals"] == []
    assert totals(page) == ["0", "0", "0", "0"]


def test_a_hungarian_deal_with_announcements_and_tarokks() -> None:
    page = opened("?sheet=1")
    page.values = {"sheet-game": "hungarian", "sheet-profile": "pagat", "sheet-name-0": "Bence",
                   "sheet-name-1": "Zsófi", "sheet-name-2": "Levente", "sheet-name-3": "Réka"}
    click(page, "sheet", "start")
    fields = render_sheet.field_ids("hungarian", 4)
    assert set(fields) <= {n.attrs["id"] for n in page.tree.find_all(id=True)}
    # HU-8.5 example 6: bid two, the declarer (Bence) with Levente, 70 points, pagát ultimó
    # announced and won, silent XXI catch and trull, Bence's eight tarokks: +37, -35, +33, -35.
    values = {f: "" for f in fields}
    values.update({"sheet-declarer": "0", "sheet-partner": "2", "sheet-bid": "two", "sheet-points": "70",
                   "sheet-tricks": "6", "sheet-multiplier": "1", "sheet-ann-pagat_ultimo": "declarer",
                   "sheet-kontra-pagat_ultimo": "0", "sheet-made-trull": "declarer",
                   "sheet-made-xxi_catch": "declarer", "sheet-pagat": "declarer-won", "sheet-tarokks-0": "8"})
    page.values = values
    click(page, "sheet", "add")
    assert totals(page) == ["+37", "-35", "+33", "-35"]
    # HU-8.5 example 4 in a doubled round (HU-8.4): Réka and Zsófi, bid two, double game announced,
    # kontra'd, made: 16 each, doubled.
    values = {f: "" for f in fields}
    values.update({"sheet-declarer": "3", "sheet-partner": "1", "sheet-bid": "two", "sheet-points": "75",
                   "sheet-tricks": "7", "sheet-multiplier": "2", "sheet-ann-double_game": "declarer",
                   "sheet-kontra-double_game": "1"})
    page.values = values
    click(page, "sheet", "add")
    assert totals(page) == ["+5", "-3", "+1", "-3"]
    # A kontra on a bonus nobody announced is refused, naming the announcements.
    values["sheet-ann-double_game"] = ""
    page.values = values
    click(page, "sheet", "add")
    assert page.tree.find("p", id="sheet-error").text == "This deal cannot be scored: check “Announcements”."


def test_names_are_edited_and_a_new_sheet_replaces_the_old_only_once_started() -> None:
    page = opened("?sheet=1")
    page.values = FRENCH_NAMES
    click(page, "sheet", "start")
    page.values = FRENCH_DEAL
    click(page, "sheet", "add")
    click(page, "sheet", "names")
    page.values = {"sheet-name-0": "Anne", "sheet-name-1": "Anne", "sheet-name-2": "C", "sheet-name-3": "D"}
    click(page, "sheet", "save-names")
    assert "player 2" in page.tree.find("p", id="sheet-error").text
    page.values = {"sheet-name-0": "Ann", "sheet-name-1": "Bert", "sheet-name-2": "C", "sheet-name-3": "D"}
    click(page, "sheet", "save-names")
    assert json.loads(page.store.data[SHEET_KEY])["names"] == ["Ann", "Bert", "C", "D"]
    assert totals(page) == ["-106", "+318", "-106", "-106"]
    click(page, "sheet", "new")
    assert page.tree.find("button", data_value="open")  # back to the sheet kept
    assert len(json.loads(page.store.data[SHEET_KEY])["deals"]) == 1
    page.values = {"sheet-game": "french", "sheet-name-0": "X", "sheet-name-1": "Y"}
    click(page, "sheet", "start")
    assert "3 to 5" in page.tree.find("p", id="sheet-error").text
    assert len(json.loads(page.store.data[SHEET_KEY])["deals"]) == 1
    click(page, "new-match")  # the start screen
    assert page.body["phase"] == "start"


def test_a_corrupt_sheet_is_set_aside_and_said() -> None:
    page = opened("?sheet=1", data={SHEET_KEY: "{broken"})
    assert "kept aside as tarot.corrupt.1" in page.tree.find(id="notice").text
    assert page.store.data["tarot.corrupt.1"] == "{broken" and SHEET_KEY not in page.store.data
    assert page.tree.find("section", id="scorepad").attrs["data-view"] == "setup"


def test_only_known_steps_are_commands() -> None:
    assert controller.command_for(controller.Click("sheet", "add")) == controller.Command("sheet", "add")
    assert controller.command_for(controller.Click("sheet")) == controller.Command("sheet", "open")
    assert controller.command_for(controller.Click("sheet", "drop-table")) is None


# --- in every language ---------------------------------------------------------------------------

@pytest.mark.parametrize("code", TRANSLATED)
def test_the_sheet_shows_no_english(locale_dir, code) -> None:
    """Setup (with a refusal), a French sheet with a deal and a refused one, the names form, a
    Hungarian sheet with a deal: no English left on any of them."""
    page = FakePage(f"?sheet=1&lang={code}")
    screens = Screens(page)
    table.Table(page).open()
    page.values = {"sheet-game": "french", "sheet-name-0": "Anne"}
    click(page, "sheet", "start")
    page.values = FRENCH_NAMES
    click(page, "sheet", "start")
    page.values = FRENCH_DEAL
    click(page, "sheet", "add")
    page.values = dict(FRENCH_DEAL, **{"sheet-points": "x"})
    click(page, "sheet", "add")
    page.values = dict(FRENCH_DEAL, **{"sheet-contract": "prise", "sheet-points": "5", "sheet-bouts": "3"})
    click(page, "sheet", "add")  # impossible (issue 31): refused, the reason translated
    assert page.tree.find("p", id="sheet-error") is not None
    click(page, "sheet", "names")
    click(page, "sheet", "new")
    page.values = {"sheet-game": "hungarian", "sheet-profile": "tournament", "sheet-name-0": "Bence",
                   "sheet-name-1": "Zsófi", "sheet-name-2": "Levente", "sheet-name-3": "Réka", "sheet-name-4": "Eve"}
    click(page, "sheet", "start")
    page.values = {"sheet-declarer": "0", "sheet-partner": "1", "sheet-out": "4", "sheet-bid": "solo",
                   "sheet-points": "48", "sheet-tricks": "5", "sheet-multiplier": "1"}
    click(page, "sheet", "add")
    assert page.tree.find("tr", data_deal="1")
    fragments = english_fragments(code)
    left = sorted({f for markup in screens.seen for f in english_left(markup, fragments)})
    assert not left, f"{code}: English left on the score sheet: {left[:10]}"


def test_the_address_keeps_the_sheet_for_a_reload_and_forgets_it_on_leaving() -> None:
    page = opened("?lang=en")
    click(page, "sheet", "open")
    assert page.query() == "?sheet=1&lang=en"
    click(page, "new-match")
    assert page.query() == "" and page.body["phase"] == "start"


def test_names_are_shown_as_text_never_as_markup() -> None:
    page = opened("?sheet=1")
    page.values = dict(FRENCH_NAMES, **{"sheet-name-0": '<img src=x onerror=f()>'})
    click(page, "sheet", "start")
    assert "<img" not in page.html and "&lt;img" in page.html
    header = page.tree.find("table", cls="running").find_all("th", scope="col")[1]
    assert header.text == "<img src=x onerror=f()>"


def test_the_form_reads_halves_either_way_and_only_for_french_tarot() -> None:
    from tarot_page.games.french.sheet import deal as french_deal  # web/
    from tarot_page.games.hungarian.sheet import deal as hungarian_deal

    for typed in ("40.5", "40,5", "40½", " 40.50 "):
        assert french_deal({"sheet-taker": "0", "sheet-points": typed, "sheet-bouts": "2"}, 3)["points"] == 40.5
    assert french_deal({"sheet-taker": "0", "sheet-points": "41", "sheet-bouts": "2"}, 3)["points"] == 41
    for typed in ("", "abc", "-3", "4e1"):
        with pytest.raises(SheetError) as caught:
            french_deal({"sheet-taker": "0", "sheet-points": typed, "sheet-bouts": "2"}, 3)
        assert caught.value.key == "points"
    with pytest.raises(SheetError) as caught:
        hungarian_deal({"sheet-declarer": "0", "sheet-points": "48.5", "sheet-tricks": "5"}, 4)
    assert caught.value.key == "points"


def test_a_change_of_language_keeps_what_was_typed() -> None:
    page = opened("?sheet=1")
    page.values = FRENCH_NAMES
    click(page, "sheet", "start")
    page.values = dict(FRENCH_DEAL)
    click(page, "language", "en")
    assert page.tree.find("input", id="sheet-points").attrs["value"] == "49"
    assert page.tree.find("select", id="sheet-poignee-1").find("option", selected=True).attrs["value"] == "simple"


# --- deals no play of the cards can give (issue 31, part 6) -------------------------------------------

def test_an_impossible_french_deal_is_refused_saying_why_with_the_form_kept(locale_dir) -> None:
    """The issue's deal: a prise with 5 card points and the three bouts (the bouts alone are
    13.5, FR-1). Refused, the bounds named, the form as typed; in French too."""
    for query, expected in (
            ("?sheet=1", "This deal cannot be scored: with these bouts in this contract the taker's side "
                         "holds from 16 to 91 card points, not 5 (FR-1, FR-4.1)."),
            ("?sheet=1&lang=fr", "Cette donne ne peut pas être comptée : avec ces bouts et ce contrat, le camp du "
                                 "preneur a de 16 à 91 points de cartes, pas 5 (FR-1, FR-4.1).")):
        page = opened(query)
        page.values = FRENCH_NAMES
        click(page, "sheet", "start")
        page.values = dict(FRENCH_DEAL, **{"sheet-contract": "prise", "sheet-points": "5", "sheet-bouts": "3"})
        click(page, "sheet", "add")
        error = page.tree.find("p", id="sheet-error").text
        assert error == expected
        assert page.tree.find("input", id="sheet-points").attrs["value"] == "5"
        assert page.tree.find("select", id="sheet-bouts").find("option", selected=True).attrs["value"] == "3"
        assert json.loads(page.store.data[SHEET_KEY])["deals"] == []


def test_an_impossible_hungarian_deal_is_refused_saying_why() -> None:
    page = opened("?sheet=1")
    page.values = {"sheet-game": "hungarian", "sheet-profile": "pagat", "sheet-name-0": "Bence",
                   "sheet-name-1": "Zsófi", "sheet-name-2": "Levente", "sheet-name-3": "Réka"}
    click(page, "sheet", "start")
    fields = render_sheet.field_ids("hungarian", 4)
    values = {f: "" for f in fields}
    # A solo (no talon card, so no discard: HU-4) and no trick: the declarer's side holds nothing.
    values.update({"sheet-declarer": "0", "sheet-partner": "2", "sheet-bid": "solo", "sheet-points": "20",
                   "sheet-tricks": "0", "sheet-multiplier": "1"})
    page.values = values
    click(page, "sheet", "add")
    assert page.tree.find("p", id="sheet-error").text == (
        "This deal cannot be scored: with these tricks after this bid the declarer's side holds from 0 to 0 "
        "card points, not 20 (HU-1, HU-4).")
    # The trull made by a side that won no trick (HU-6): named by the bonus.
    values.update({"sheet-points": "0", "sheet-made-trull": "declarer"})
    page.values = values
    click(page, "sheet", "add")
    assert page.tree.find("p", id="sheet-error").text == (
        "This deal cannot be scored: Trull cannot have been made with these tricks and card points (HU-6).")
    assert page.tree.find("input", id="sheet-points").attrs["value"] == "0"
    assert json.loads(page.store.data[SHEET_KEY])["deals"] == []


def test_issue_31_s_sheet_whose_game_is_a_list_is_set_aside_not_a_traceback() -> None:
    """``?sheet=1`` over ``"game": []`` raised TypeError (a traceback at every visit): the sheet is
    set aside with the notice naming the field, and a new sheet can be started."""
    raw = '{"kind":"tarot-scoresheet","version":1,"game":[],"names":["a","b","c"],"deals":[]}'
    page = opened("?sheet=1", data={SHEET_KEY: raw})
    assert page.tree.find(id="notice").find("span").text == (
        "Your score sheet could not be opened: it is kept aside as tarot.corrupt.1, and nothing was deleted "
        "(reason: the score sheet has a bad game).")
    assert page.store.data["tarot.corrupt.1"] == raw and SHEET_KEY not in page.store.data
    assert page.tree.find("section", id="scorepad").attrs["data-view"] == "setup"
