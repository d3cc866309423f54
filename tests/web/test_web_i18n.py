"""The page in every language, in CPython (issue 18, part 1): the language chosen and remembered,
the menu, and whole deals of both games whose every screen is checked for English left over.

A screen "has English left" when its text holds a fragment of an English message that the
language translates differently: a message's words between its fields and markup, of at least
two words, or a whole text node equal to a one-word message (buttons such as "Scores"). Game
terms a language keeps as in English (French Tarot's "Garde", names) are translated to
themselves, so they are not counted.
"""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from pathlib import Path

import pytest

from web_helpers import FakePage, Screens, parse

from tarot_page import i18n  # noqa: E402  (web/)
from tarot_page import table  # noqa: E402
from tarot_core.saves import HISTORY_KEY  # noqa: E402
import test_web_hungarian as hu_flow
import test_web_table as fr_flow

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402

from babel.messages.pofile import read_po  # noqa: E402

TRANSLATED = ("fr", "hu", "uk", "ko", "zh", "ja")
SPLIT = re.compile(r"\{[^{}]*\}|<[^<>]*>|&[a-z]+;")


@pytest.fixture
def locale_dir(compiled, monkeypatch):
    """The page's catalogues where the page finds them (app.zip's ``locale/``)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", compiled)
    yield compiled
    i18n.set_language("en")


def english_fragments(code: str) -> tuple[set[str], set[str]]:
    """``(phrases, words)``: the English fragments a screen in ``code`` must not show."""
    catalog = catalogues.read(code)
    with catalogues.POT.open("rb") as f:
        template = read_po(f)
    phrases, words = set(), set()
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = found.string if found is not None else ""
        strings = strings if isinstance(strings, (tuple, list)) else (strings,)
        kept = " ".join(strings)
        for english in ids:
            for part in SPLIT.split(english):
                part = " ".join(part.split()).strip(" .,:;·—–-()")
                if not part or part in kept:
                    continue
                if len(part.split()) >= 2 and sum(ch.isalpha() for ch in part) >= 8:
                    phrases.add(part)
                elif len(part.split()) == 1 and part.isalpha() and len(part) >= 4 and part == english.strip():
                    words.add(part)
    return phrases, words


def texts_of(markup: str) -> list[str]:
    """The text nodes and spoken/hover texts of an HTML string."""
    out = []

    def walk(node) -> None:
        for name in ("title", "aria-label", "placeholder", "alt"):
            value = node.attrs.get(name) if hasattr(node, "attrs") else None
            if value:
                out.append(value)
        for child in getattr(node, "children", ()):
            if isinstance(child, str):
                if child.strip():
                    out.append(" ".join(child.split()))
            else:
                walk(child)

    walk(parse(markup))
    return out


def english_left(markup: str, fragments: tuple[set[str], set[str]]) -> list[str]:
    phrases, words = fragments
    found = []
    for text in texts_of(markup):
        if text in words:
            found.append(text)
        found += [p for p in phrases if p in text]
    return found


def _open(query: str, languages=("en-US",), data=None, fragment: str = ""):
    page = FakePage(query, data=data, languages=languages, fragment=fragment)
    screens = Screens(page)
    t = table.Table(page)
    t.open()
    page.run_tasks()
    return t, page, screens


# --- which language ---------------------------------------------------------------------------

def test_the_browser_s_language_by_default(locale_dir) -> None:
    t, page, _ = _open("", languages=("fr-FR", "en"))
    assert i18n.current() == "fr" and page.lang == ("fr", "ltr")
    assert "Tarot français" in page.html or "Nouvelle partie" in page.html or "Partie" in page.html


def test_a_lang_link_wins_over_the_remembered_choice_for_that_visit_only(locale_dir) -> None:
    data = {table.PREFS_KEY: json.dumps({"lang": "ja", "game": "french"})}
    t, page, _ = _open("?lang=hu", languages=("fr",), data=data)
    assert page.lang == ("hu", "ltr")
    assert json.loads(page.store.get(table.PREFS_KEY))["lang"] == "ja"
    t2, page2, _ = _open("", languages=("fr",), data={table.PREFS_KEY: page.store.get(table.PREFS_KEY)})
    assert page2.lang == ("ja", "ltr")


def test_the_language_menu_is_on_every_screen_and_remembers(locale_dir) -> None:
    t, page, _ = _open("")
    menu = page.tree.find_all("button", data_action="language")
    assert {b.attrs["data-value"] for b in menu} == set(i18n.LANGUAGES)
    fr_flow._click(page, next(b for b in menu if b.attrs["data-value"] == "uk"))
    assert page.lang == ("uk", "ltr") and i18n.current() == "uk"
    prefs = json.loads(page.store.get(table.PREFS_KEY))
    assert prefs["lang"] == "uk" and prefs["game"] == "french"
    # Picking a level keeps the language.
    fr_flow._click(page, page.tree.find_all("button", data_action="level")[0])
    assert json.loads(page.store.get(table.PREFS_KEY))["lang"] == "uk"
    # At the table, in the history, on the leaderboard: the menu is there too.
    t, page, _ = _open("?players=4&seed=1&pace=0")
    assert page.tree.find_all("button", data_action="language")
    fr_flow._click(page, next(b for b in page.tree.find_all("button", data_action="language")
                              if b.attrs["data-value"] == "ko"))
    assert page.body["phase"] == "bidding" and page.lang == ("ko", "ltr")
    page.handlers[0]({"action": "history"}, 1)
    assert page.tree.find_all("button", data_action="language")
    page.handlers[0]({"action": "leaderboard", "value": "french"}, 1)
    assert page.tree.find_all("button", data_action="language")


def test_a_bad_remembered_language_is_ignored(locale_dir) -> None:
    data = {table.PREFS_KEY: json.dumps({"lang": "<b>"})}
    t, page, _ = _open("", languages=("de",), data=data)
    assert page.lang == ("en", "ltr")


# --- no English left ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("code", TRANSLATED)
def test_a_french_match_shows_no_english(locale_dir, code) -> None:
    """A 4-player deal you take (bidding, écart, chelem question, play, the deal's sheet), then the
    running scores, the trick review, the start screen, the history and the leaderboard."""
    fragments = english_fragments(code)
    t, page, screens = _open(f"?players=4&seed=3&deals=1&pace=0&lang={code}")
    fr_flow._play_to_the_end(page, "garde")
    for action, value in (("overlay", "scores"), ("overlay", "review"), ("standings", None)):
        page.handlers[0]({"action": action, "value": value}, 1)
    page.handlers[0]({"action": "history"}, 1)
    page.handlers[0]({"action": "leaderboard", "value": "french"}, 1)
    page.handlers[0]({"action": "start-screen"}, 1)
    assert len(screens.seen) > 20
    left = sorted({f for markup in screens.seen for f in english_left(markup, fragments)})
    assert not left, f"{code}: English left on the French table: {left[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_hungarian_match_shows_no_english(locale_dir, code) -> None:
    fragments = english_fragments(code)
    t, page, screens = _open(f"?game=hungarian&players=4&seed=m1&deals=1&pace=0&level=easy&lang={code}")
    hu_flow._play_your_turns(page, random.Random(1), lambda: False)
    page.handlers[0]({"action": "overlay", "value": "scores"}, 1)
    page.handlers[0]({"action": "leaderboard", "value": "hungarian"}, 1)
    page.handlers[0]({"action": "start-screen"}, 1)
    left = sorted({f for markup in screens.seen for f in english_left(markup, fragments)})
    assert not left, f"{code}: English left on the Hungarian table: {left[:10]}"


def test_a_seat_s_role_on_the_deal_s_sheet_is_in_the_player_s_language(locale_dir) -> None:
    """"You (taker)" read "Vous (taker)" and "Te (declarer)": style.css wrote the role (newcomer
    screenshots). It is now in the sheet's text, from the catalogue."""
    t, page, _ = _open("?players=4&seed=3&deals=1&pace=0&lang=fr")
    fr_flow._play_to_the_end(page, "garde")
    [row] = page.tree.find_all("tr", cls="taker")
    assert row.find(cls="role").text == "(preneur)"
    # level easy: v1 bids, so this deal has a declarer whatever the default level's player passes
    t, page, _ = _open("?game=hungarian&players=4&seed=m1&deals=1&pace=0&level=easy&lang=hu")
    hu_flow._play_your_turns(page, random.Random(1), lambda: False)
    [row] = page.tree.find_all("tr", cls="declarer")
    assert row.find(cls="role").text == "(felvevő)"


def test_style_css_writes_no_words_but_the_games_own() -> None:
    """Text drawn by the style sheet (``content: "..."``) is never translated: only the games' own
    terms, kept in every language (chien, talon), and signs may be written there."""
    css = (ROOT / "web" / "static" / "style.css").read_text(encoding="utf-8")
    words = {w for text in re.findall(r'content:\s*"([^"]*)"', css) for w in re.findall(r"[^\W\d_]{2,}", text)}
    assert words <= {"chien", "talon"}, sorted(words)


def test_the_english_check_finds_english(locale_dir) -> None:
    """The check itself: an English screen shown to a French player is caught."""
    fragments = english_fragments("fr")
    t, page, screens = _open("?players=4&seed=3&pace=0&lang=en")
    assert english_left(page.html, fragments)


def test_dates_are_written_as_the_language_writes_them(locale_dir) -> None:
    """Issue 18 §1: the daily's date on the start screen, in the top bar and in the history is the
    language's own (CLDR's medium date), never the ISO form."""
    t, page, _ = _open("?lang=fr")
    daily = page.tree.find("button", data_action="daily").find("span").text
    assert daily.startswith("15 janv. 2025 · ") and "2025-01-15" not in page.html
    t, page, _ = _open("?lang=hu&game=french")
    page.handlers[0]({"action": "daily"}, 1)
    assert page.tree.find(cls="deal-no").text.startswith("Napi játék, 2025. jan. 15. · ")
    t, page, _ = _open("?lang=ja")
    assert "2025/01/15" in page.tree.find("button", data_action="daily").find("span").text


# --- the engine's texts (issue 18 §1: notices and errors in the player's language) --------------

ENGINE_MODULES = ("saves", "share", "leaderboard", "daily", "jsonsafe")


def _engine_texts() -> tuple[set[str], set[tuple[str, str]], list[str]]:
    """``(texts, plurals, formatted)`` of tarot_core's modules that word what a player is told:
    every literal sentence raised or made into a :class:`~tarot_core.errors.Message`, and the
    places where a sentence is built with an f-string instead (which no catalogue can hold)."""
    texts, plurals, formatted = set(), set(), []
    raisers = {"SaveError", "ShareCodeError", "ShareLinkError", "ValueError", "Message"}
    for name in ENGINE_MODULES:
        path = ROOT / "tarot_core" / f"{name}.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # share.encode's errors are a programmer's misuse (the page only shares a finished daily).
        encode = [(f.lineno, f.end_lineno) for f in tree.body if isinstance(f, ast.FunctionDef) and f.name == "encode"]
        for node in ast.walk(tree):
            if any(start <= getattr(node, "lineno", 0) <= end for start, end in encode):
                continue
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in raisers):
                continue
            args = node.args
            if args and isinstance(args[0], ast.JoinedStr):
                formatted.append(f"{name}.py:{node.lineno}")
            literal = [a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id == "Message" and len(literal) == 2:
                plurals.add((literal[0], literal[1]))
            elif literal:
                texts.add(literal[0])
    return texts, plurals, formatted


def test_every_text_the_engine_tells_a_player_is_in_the_catalogues() -> None:
    from tarot_core import saves

    texts, plurals, formatted = _engine_texts()
    assert not formatted, f"sentences built with f-strings (use tarot_core.errors.Message): {formatted}"
    assert len(texts) > 40 and len(plurals) == 2
    assert sorted(texts - table.ENGINE_TEXTS) == []
    assert plurals == set(table.ENGINE_PLURALS.values())
    assert set(saves._STORED_AS.values()) <= table.ENGINE_TEXTS


def test_a_corrupt_saved_game_is_reported_in_the_player_s_language(locale_dir) -> None:
    t, page, _ = _open("?lang=fr", data={table.SAVE_KEY: '{"kind": "tarot-save", "schema": 99}'})
    notice = page.tree.find(cls="notice").find("span").text
    assert notice == ("Votre partie en cours\u00a0: ouverture impossible. Les données sont mises de côté "
                      "sous tarot.corrupt.1, et rien n'a été effacé (raison\u00a0: la partie enregistrée a "
                      "le schéma 99, que cette version ne sait pas lire).")
    assert page.store.get("tarot.corrupt.1") == '{"kind": "tarot-save", "schema": 99}'


def test_a_partly_corrupt_history_is_counted_in_the_language_s_plural(locale_dir) -> None:
    good = {"id": "a", "mode": "free", "date": "2026-11-30", "players": 4, "score": 12, "rank": 1,
            "totals": [12, -4, -4, -4], "practice": False, "record": {}}
    bad = dict(good, id="b", mode="tournoi")
    history = json.dumps({"schema": 1, "kind": "tarot-history", "entries": [good, good, bad, bad, bad]})
    t, page, _ = _open("?lang=uk", data={HISTORY_KEY: history})
    page.handlers[0]({"action": "history"}, 1)
    notice = page.tree.find(cls="notice").find("span").text
    # Ukrainian: "з 5 завершених партій" (the genitive plural after 5), "інші 2" (after 2).
    assert notice.startswith("3 з 5 завершених партій не вдалося відкрити"), notice
    assert "tarot.corrupt.1" in notice and "інші 2 " in notice and "'tournoi'" in notice


def test_a_refused_share_link_and_daily_date_in_the_player_s_language(locale_dir) -> None:
    from tarot_core.share import _check

    body = "2.french.v1.2026-13-01.4.1.0.AA"  # a sound check over a date that is none
    t, page, _ = _open("?lang=hu", fragment=f"#share={body}.{_check(body)}")
    assert ("Ennek a megosztási kódnak hibás mezője van: nem dátum (ÉÉÉÉ-HH-NN): '2026-13-01'."
            in texts_of(page.html)), texts_of(page.html)
    t, page, _ = _open("?lang=fr&date=2026-02-31&game=french")
    page.handlers[0]({"action": "daily"}, 1)
    assert "pas une date (AAAA-MM-JJ)\u00a0: '2026-02-31'" in page.tree.find(cls="notice").text


def test_a_refused_card_is_named_in_the_player_s_language(locale_dir) -> None:
    from tarot_core.errors import IllegalActionError

    from tarot_page.games.french.render import rule_text

    i18n.set_language("fr", locale_dir)
    held = IllegalActionError(("ecart", "KS"), "KS is not in the taker's hand", "FR-4.1", "not_in_taker_hand",
                              {"card": "KS"})
    assert rule_text(held) == "Roi de pique\u00a0: cette carte n'est pas dans votre main."
