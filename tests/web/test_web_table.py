"""The page's controller (web/tarot_page/table.py) in CPython, through a fake page (``web_helpers.FakePage``):
clicks taken from the HTML it drew, the engine behind, saves in a dict. And the layout rule that
makes this possible: only web/tarot_page/browser.py touches the browser."""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import pytest

from web_helpers import WEB, YOU, FakePage, parse

import build
from tarot_page import table  # noqa: E402  (web/)
from tarot_core.french import Phase


def _click(page: FakePage, node) -> None:
    """Click ``node`` (an element of the page's HTML) as the browser would report it."""
    on_click = page.handlers[0]
    on_click({name: node.attrs.get(f"data-{name}") for name in ("action", "value", "card")}, 1)
    page.run_tasks()


def _open(query: str, **kwargs) -> tuple[table.Table, FakePage]:
    page = FakePage(query, **kwargs)
    t = table.Table(page)
    t.open()
    page.run_tasks()
    return t, page


def _your_move(page: FakePage, bid: str = "garde") -> bool:
    """Make one move of yours from the buttons on the page; False when there is none."""
    tree = page.tree
    bids = {b.attrs["data-value"]: b for b in tree.find_all("button", data_action="bid")}
    if bids:
        _click(page, bids.get(bid) or bids["pass"])
        return True
    if page.body["phase"] == "ecart":
        chosen = tree.find_all("button", cls="selected")
        if len(chosen) < 6:
            _click(page, tree.find_all("button", cls="playable", data_action="select")[0])
        else:
            _click(page, tree.find("button", data_action="ecart"))
        return True
    for action in ("call", "chelem", "poignee-decline", "play"):
        buttons = tree.find_all("button", data_action=action)
        if buttons:
            _click(page, buttons[0])
            return True
    return False


def _play_to_the_end(page: FakePage, bid: str = "garde") -> list[str]:
    phases = []
    while page.body["phase"] not in ("done", "thrown_in"):
        assert page.body["turn"] == "you", page.body
        phases.append(page.body["phase"])
        assert _your_move(page, bid)
    return phases


def test_only_browser_py_touches_the_browser() -> None:
    """No module of web/ but browser.py imports pyodide, pyscript or js, or imports browser at
    its top level; build.py ships every one of them (main.py aside, which PyScript runs)."""
    browser_modules = {"pyodide", "pyscript", "js", "browser"}
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                top |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                top.add(node.module.split(".")[0])
        if path.name == "browser.py":
            assert {"pyodide", "pyscript"} <= top
        elif path.name != "main.py":
            assert not top & browser_modules, path.name
    assert set(build.WEB_MODULES) == {p.relative_to(WEB).as_posix() for p in WEB.rglob("*.py")} - {build.WEB_ENTRY}


def test_the_plain_modules_import_in_cpython_without_a_browser() -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from tarot_page import table; "
            "from tarot_page.games.french import render, controller; "
            "print(sorted(m for m in ('pyodide', 'pyscript', 'js', 'tarot_page.browser') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, str(WEB)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_whole_deal_played_by_clicking_the_drawn_buttons() -> None:
    """?players=4: you bid a garde, make your écart and play every card by clicking buttons of
    the HTML the page drew; the computers play in between; the score sheet ends the deal."""
    for seed in range(1, 40):
        t, page = _open(f"?players=4&seed={seed}&pace=0")
        if page.body["phase"] == "bidding" and page.tree.find_all("button", data_action="bid"):
            break
    phases = _play_to_the_end(page)
    game = t.game
    if game.taker == YOU:
        assert "ecart" in phases
    assert phases.count("play") >= 18
    assert page.body["phase"] == "done" and page.body["turn"] == "none"
    sheet = page.tree.find(id="score-sheet")
    scores = [int(tr.find(cls="score").text) for tr in sheet.find_all("tr", data_seat=True)]
    assert scores == list(game.result.scores)
    # The deal's record downloads, and replays (tarot_core.records) to the same scores.
    _click(page, sheet.find("button", data_action="download"))
    name, text = page.downloads[-1]
    record = json.loads(text)
    assert name == "tarot-deal-1.json" and record["format"] == "tarot-core/deal"
    # The review opens on trick 1 and steps; Next deal deals again.
    _click(page, sheet.find("button", data_action="review"))
    assert page.tree.find(id="review").find("h2").text == "Trick 1 of 18"
    _click(page, page.tree.find("button", data_action="review-step", data_value="1"))
    assert page.tree.find(id="review").find("h2").text == "Trick 2 of 18"
    _click(page, page.tree.find("button", data_action="close"))
    _click(page, page.tree.find(id="score-sheet").find("button", data_action="next-deal"))
    assert len(t.match.games) == 2 and page.body["phase"] != "done"


def test_a_reload_draws_the_very_same_table() -> None:
    """The game is saved after every action: a new page on the same storage draws the same HTML
    (bubbles included), mid-trick."""
    t, page = _open("?players=4&seed=3&pace=0")
    while not (page.body["phase"] == "play" and t.game.trick):
        assert _your_move(page, bid="garde")
    again = FakePage("?players=4&seed=3&pace=0", data=page.store.data)
    t2 = table.Table(again)
    t2.open()
    again.run_tasks()
    assert again.html == page.html
    assert t2.game.history == t.game.history


def test_another_tab_takes_the_game_over() -> None:
    t, page = _open("?players=4&seed=3&pace=0")
    before = list(t.game.history)
    on_storage = page.handlers[2]
    on_storage("tarot.save", json.dumps({"tab": "someone else"}))
    tree = page.tree
    assert tree.find(id="status").text == "Another tab has this game now."
    assert tree.find(id="notice").find("button").attrs["data-action"] == "reload"
    assert page.body["turn"] == "none"
    assert tree.find_all("button", data_action="bid") == []
    page.handlers[0]({"action": "bid", "value": "pass", "card": None}, 1)
    assert t.game.history == before
    _click(page, tree.find("button", data_action="reload"))
    assert page.reloaded


def test_a_save_from_this_tab_is_not_another_tab() -> None:
    t, page = _open("?players=4&seed=3&pace=0")
    page.handlers[2]("tarot.save", page.store.data["tarot.save"])
    page.handlers[2]("other.key", json.dumps({"tab": "x"}))
    assert not t.superseded


def test_a_browser_that_stores_nothing_still_plays() -> None:
    t, page = _open("?players=4&seed=3&pace=0", storage_refused=True)
    assert "nothing will be saved" in page.tree.find(id="notice").text
    assert _your_move(page)


def test_start_screen_then_a_new_match_and_back() -> None:
    t, page = _open("?pace=0")
    assert page.body["phase"] == "start" and t.match is None
    _click(page, page.tree.find("button", data_action="new-match", data_value="3"))
    assert t.match.players == 3 and page.body["players"] == "3"
    _click(page, page.tree.find("header").find("button", data_action="new-match"))
    assert page.body["phase"] == "start"
    # The game in progress is offered first.
    resume = page.tree.find("button", data_action="resume")
    assert "French Tarot · 3 players · deal 1 of 9" in resume.text
    _click(page, resume)
    assert t.match.players == 3


def test_a_shared_link_that_does_not_verify() -> None:
    t, page = _open("?pace=0", fragment="#share=not-a-code")
    assert page.body["phase"] == "shared-invalid"
    assert page.tree.find(id="shared").find("h2").text == "This share link is not valid"


def test_history_export_and_import() -> None:
    t, page = _open("?pace=0")
    _click(page, page.tree.find("button", data_action="history"))
    assert page.body["phase"] == "history"
    _click(page, page.tree.find("button", data_action="export"))
    name, text = page.downloads[-1]
    assert name == "tarot-history.json"

    async def read() -> str:
        return "{not json"

    page.handlers[1]("import", read)
    page.run_tasks()
    assert page.tree.find(id="notice").text.startswith("Import refused, your history is unchanged")


def test_the_history_lists_the_data_set_aside_to_download_or_delete() -> None:
    t, page = _open("?pace=0", data={"tarot.corrupt.1": "{broken", "tarot.corrupt.12": "x" * 1500})
    _click(page, page.tree.find("button", data_action="history"))
    rows = page.tree.find("table", cls="aside").find_all("tr")[1:]
    assert [(r.attrs["data-aside"], r.find_all("td")[0].text) for r in rows] == [
        ("tarot.corrupt.1", "7 characters"), ("tarot.corrupt.12", "1500 characters")]
    _click(page, rows[1].find("button", data_action="aside-download"))
    assert page.downloads[-1] == ("tarot.corrupt.12.txt", "x" * 1500)
    _click(page, rows[0].find("button", data_action="aside-delete"))
    assert page.tree.find(id="notice").text.startswith("tarot.corrupt.1 was deleted.")
    assert "tarot.corrupt.1" not in page.store.data and page.store.data["tarot.corrupt.12"] == "x" * 1500
    assert [r.attrs["data-aside"] for r in page.tree.find("table", cls="aside").find_all("tr")[1:]] == [
        "tarot.corrupt.12"]
    # Nothing but a tarot.corrupt.N key is ever deleted from there, whatever the button says.
    page.handlers[0]({"action": "aside-delete", "value": "tarot.save", "card": None}, 1)
    page.handlers[0]({"action": "aside-delete", "value": "tarot.history", "card": None}, 1)
    assert page.store.data.get("tarot.corrupt.12") == "x" * 1500
    assert page.tree.find("table", cls="aside") is not None


def test_the_history_warns_when_the_storage_is_nearly_full() -> None:
    t, page = _open("?pace=0", data={"tarot.corrupt.1": "x" * 4_100_000})
    _click(page, page.tree.find("button", data_action="history"))
    assert page.tree.find(id="notice").text.startswith("The browser's storage for this game is nearly full (78% used)")


@pytest.mark.parametrize("query", ["?players=5&seed=4&pace=0", "?players=3&seed=4&pace=0"])
def test_three_and_five_players(query: str) -> None:
    t, page = _open(query)
    _play_to_the_end(page, bid="prise")
    assert page.tree.find(id="score-sheet")
    assert t.game.phase in (Phase.DONE, Phase.THROWN_IN)


# --- bad data never stops the page (issue 31) ----------------------------------------------------

def test_a_corrupt_save_and_a_full_storage_are_both_said() -> None:
    """Every notice that applies is shown: the saved game that could not be set aside (storage
    full) AND the game that will not be kept, not only the last one."""
    from tarot_core.saves import MemoryStorage

    page = FakePage("?players=4&seed=3&pace=0")
    page.store = MemoryStorage(quota=20)
    page.store.data["tarot.save"] = "{corrupt" + "x" * 30
    t = table.Table(page)
    t.open()
    page.run_tasks()
    lines = page.tree.find(id="notice").find("span").text.split("\n")
    assert len(lines) == 2, lines
    assert lines[0].startswith("Your game in progress could not be opened, nor set aside: it was left as it was")
    assert lines[1] == ("Your browser would not let the game save (storage full or private mode): "
                        "this game goes on but will not be kept.")
    assert t.match is not None and page.body["turn"] == "you"
    _your_move(page)  # the same notice again is not repeated
    assert len(page.tree.find(id="notice").find("span").text.split("\n")) == 2


@pytest.mark.parametrize("query, ignored", [
    ("?players=4&deals=0&pace=0", "deals=0"),
    ("?players=4&deals=-5&pace=0", "deals=-5"),
    ("?game=hungarian&players=4&deals=-5&pace=0", "deals=-5"),
    ("?game=hungarian&players=4&deals=0&pace=0", "deals=0"),
    ("?players=4&deals=x&pace=-3&level=hard&seed=", "deals=x, pace=-3, level=hard, seed="),
    ("?players=9&pace=0", "players=9"),
    ("?game=hungarian&players=3&pace=0", "players=3"),
    ("?players=4&deals=4_0&pace=0&lang=xx&game=belote", "deals=4_0, lang=xx, game=belote"),
    ("?players=4&level=" + "h" * 40, "level=" + "h" * 15 + "…"),  # a value of any length, cut
])
def test_address_options_out_of_range_are_ignored_with_one_notice(query, ignored) -> None:
    """Issue 31: ``?players=4&deals=0`` (either game) raised a traceback; every option out of
    range or malformed is ignored, and one translated notice names them all, with the value
    typed (newcomer review: "players" alone did not say what was wrong)."""
    t, page = _open(query)
    notices = page.tree.find(id="notice").find("span").text.split("\n")
    assert notices == [f"Some options in the address were not understood and were ignored: {ignored}."]
    if "players=4" in query:  # the valid options still apply: the match starts, at its usual length
        assert t.match is not None and t.match.players == 4
        assert t.match.deals_to_play == t.match.rules.counted_deals[4]
    else:
        assert page.body["phase"] == "start"


def test_address_options_in_range_say_nothing() -> None:
    t, page = _open("?players=5&deals=2&pace=0&seed=abc&level=easy&lang=en")
    assert page.tree.find_all(id="notice") == []
    assert (t.match.players, t.match.deals_to_play, t.match.seed, t.pace) == (5, 2, "abc", 0)


def test_a_share_link_opened_into_a_tab_showing_the_game_is_verified() -> None:
    """Issue 31: a share link opened into a tab that already shows the game (only the fragment
    changes: no reload) is verified and shown as a fresh load shows it."""
    t, page = _open("?players=4&seed=3&pace=0")
    assert page.body["phase"] == "bidding"
    page.change_fragment("#share=not-a-code")
    assert page.body["phase"] == "shared-invalid"
    assert page.tree.find(id="shared").find("h2").text == "This share link is not valid"
    fresh = FakePage("?players=4&seed=3&pace=0", fragment="#share=not-a-code", data=dict(page.store.data))
    table.Table(fresh).open()
    assert fresh.html == page.html
    page.change_fragment("")  # any other fragment: nothing happens
    assert page.body["phase"] == "shared-invalid"


class _TabStorage:
    """One tab's view of a storage shared by several tabs: a write is heard by the other tabs
    (their ``on_storage``), as the browser's ``storage`` event does, never by the writer."""

    def __init__(self, data: dict, tabs: list) -> None:
        self.data, self.tabs = data, tabs

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value
        for page in self.tabs:
            if page.store is not self:
                page.handlers[2](key, value)

    def remove(self, key):
        self.data.pop(key, None)
        for page in self.tabs:
            if page.store is not self:
                page.handlers[2](key, None)

    def keys(self):
        return list(self.data)


def test_the_tab_the_player_acts_in_keeps_the_game_not_the_tab_whose_computers_moved() -> None:
    """Issue 31: a second tab opened while the first tab's computers play must not freeze when
    they move (their saves are computer moves); it takes the game over once its player acts, and
    then the first tab stops."""
    data, tabs = {}, []

    def tab() -> tuple[table.Table, FakePage]:
        page = FakePage("?players=4&seed=3&pace=0")
        page.store = _TabStorage(data, tabs)
        tabs.append(page)
        t = table.Table(page)
        t.open()
        return t, page

    first, page1 = tab()
    page1.run_tasks()
    assert page1.body["turn"] == "you" and page1.body["phase"] == "bidding"
    # The player bids in the first tab; its computers have not moved yet when a second tab opens.
    page1.handlers[0]({"action": "bid", "value": "garde", "card": None}, 1)
    second, page2 = tab()
    assert not first.superseded and not second.superseded
    page1.run_tasks()  # the first tab's computers move, each move saved
    assert not second.superseded, "the second tab froze on the other tab's computer moves"
    assert json.loads(data["tarot.save"])["player"] is False
    page2.run_tasks()  # the second tab's computers make the same moves (seeded)
    assert second.game.history == first.game.history
    assert not first.superseded
    # The player acts in the second tab (the écart: choosing cards saves nothing, putting them
    # aside does): it keeps the game, the first tab stops.
    assert page2.body["phase"] == "ecart" and page2.body["turn"] == "you"
    while page2.body["phase"] == "ecart":
        assert not first.superseded
        assert _your_move(page2)
    assert first.superseded and not second.superseded
    assert page1.tree.find(id="notice").find("button").attrs["data-action"] == "reload"
    assert json.loads(data["tarot.save"])["player"] is True


def test_deeply_nested_prefs_and_storage_events_never_reach_json_loads(monkeypatch) -> None:
    """Issue 31: the page's own readers (the start screen's preferences, another tab's save
    heard through the storage event) measure outside JSON first (tarot_core.jsonsafe): 200,000
    nested brackets would kill Pyodide's stack in json.loads."""
    deep = "[" * 200_000 + "]" * 200_000
    real = json.loads

    def fatal(text, *args, **kwargs):
        assert "[" * 1000 not in text, "json.loads was given text nested 1,000 levels deep"
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", fatal)
    t, page = _open("?players=4&seed=3&pace=0", data={table.PREFS_KEY: deep})
    assert t.prefs["game"] == "french" and page.body["turn"] == "you"
    page.handlers[2]("tarot.save", deep)
    assert not t.superseded and _your_move(page)


def test_a_new_match_in_a_stopped_tab_takes_the_game_back() -> None:
    """A tab stopped by another tab's play offered "New match", then dealt a match that could not
    be played nor saved (newcomer review). Starting a match there is the player acting there:
    this tab keeps the game again, the match is saved, and the other tab stops in turn."""
    data, tabs = {}, []

    def tab(query: str) -> tuple[table.Table, FakePage]:
        page = FakePage(query)
        page.store = _TabStorage(data, tabs)
        tabs.append(page)
        t = table.Table(page)
        t.open()
        page.run_tasks()
        return t, page

    first, page1 = tab("?players=4&seed=3&pace=0")
    second, page2 = tab("?players=4&seed=3&pace=0")
    page2.handlers[0]({"action": "bid", "value": "pass", "card": None}, 1)  # the second tab's player acts
    assert first.superseded
    _click(page1, page1.tree.find("button", data_action="new-match"))
    assert page1.tree.find("section", cls="start") is not None
    _click(page1, page1.tree.find("button", data_action="new-match", data_value="3"))
    page1.run_tasks()
    assert not first.superseded and first.match.players == 3
    assert "another tab" not in page1.tree.find(id="status").text.lower()
    assert page1.tree.find_all("button", data_action="bid") != []
    saved = json.loads(data["tarot.save"])
    assert saved["tab"] == first.saves.tab and saved["match"]["players"] == 3
    assert second.superseded
