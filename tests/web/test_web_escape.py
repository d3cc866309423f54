"""Rendering is safe by construction (issue 31, part 7): the page's HTML is built only through
``web/tarot_page/markup.py``'s :class:`Markup`, whose every field is escaped unless it is Markup itself.

* A static scan of ``web/**/*.py``: no HTML in an f-string or in a plain string literal outside a
  ``Markup(...)`` template, ``Markup(...)`` given literals only, no hand escaping left
  (``html.escape``) outside ``markup.py``.
* Hostile text (a tag with an event handler, quotes that would close an attribute) through every
  way text reaches a screen: the translations (every message of the catalogue made hostile) on
  both games' tables and sheets, the start screen, history, leaderboard and score sheet; a
  notice; a share link's name; the score sheet's names; an imported history. Each screen must
  show it as text: no ``<img>`` element, no ``onerror`` attribute, the text itself on screen.
* ``BrowserPage.show`` (and the tests' fake page) take Markup only.
"""

from __future__ import annotations

import ast
import gettext
import json
import random
import re
from pathlib import Path

import pytest

from web_helpers import FakePage, Screens, parse

from tarot_page import i18n  # noqa: E402  (web/)
from tarot_page.games.french import render  # noqa: E402
from tarot_page import table  # noqa: E402
import test_web_hungarian as hu_flow
import test_web_table as fr_flow
from tarot_page.markup import Markup  # noqa: E402
from tarot_core.leaderboard import link_fragment
from tarot_core.saves import HISTORY_KEY

WEB = Path(__file__).resolve().parents[2] / "web"
#: A tag with an event handler, and the quotes and ampersand that would end an attribute.
HOSTILE = "<img src=x onerror=alert(1)>\"'&"
TAG = re.compile(r"<[A-Za-z/!]")


# --- the static scan ---------------------------------------------------------------------------

def _markup_literal(node: ast.AST) -> bool:
    """A ``Markup(...)`` argument the code writes itself: a string literal, or a choice between
    such literals (``Markup("" if ok else " disabled")``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.IfExp):
        return _markup_literal(node.body) and _markup_literal(node.orelse)
    return False


def html_building_problems(source: str, name: str) -> list[str]:
    """What in a module's ``source`` builds HTML outside :class:`Markup` (``name:line what``)."""
    tree = ast.parse(source)
    docstrings, in_markup, problems = set(), set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Markup":
            if node.keywords or len(node.args) > 1 or (node.args and not _markup_literal(node.args[0])):
                problems.append(f"{name}:{node.lineno} Markup() of something other than a literal")
            for arg in node.args:
                in_markup.update(id(n) for n in ast.walk(arg))
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if TAG.search(literal) or ">" in literal or '="' in literal:
                problems.append(f"{name}:{node.lineno} HTML in an f-string")
            in_markup.update(id(v) for v in node.values)  # its parts are judged as a whole
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and TAG.search(node.value)
              and id(node) not in docstrings and id(node) not in in_markup):
            problems.append(f"{name}:{node.lineno} HTML in a plain string: {node.value[:40]!r}")
        elif isinstance(node, ast.Attribute) and node.attr == "escape" and getattr(node.value, "id", "") == "html":
            problems.append(f"{name}:{node.lineno} html.escape by hand")
    return problems


def test_the_page_builds_html_only_through_markup() -> None:
    problems = []
    for path in sorted(WEB.rglob("*.py")):
        if path.name != "markup.py":
            problems += html_building_problems(path.read_text(encoding="utf-8"), path.name)
    assert not problems, "\n".join(problems)


def test_the_scan_finds_html_built_by_hand() -> None:
    """The scan itself: each way around Markup is found; the ways through it are not."""
    bad = {
        "f_string": "def f(name):\n    return f'<b>{name}</b>'\n",
        "attribute": "def f(v):\n    return f' data-value=\"{v}\"'\n",
        "plain": "def f(name):\n    return '<b>' + name + '</b>'\n",
        "percent": "def f(name):\n    return '<b>%s</b>' % name\n",
        "markup_of_a_variable": "def f(name):\n    return Markup(name)\n",
        "markup_of_an_f_string": "def f(name):\n    return Markup(f'<b>{name}</b>')\n",
        "hand_escape": "import html\ndef f(name):\n    return html.escape(name)\n",
    }
    for what, source in bad.items():
        assert html_building_problems(source, what), what
    good = ('"""Returns ``<b>`` text."""\ndef f(name, ok):\n    """A ``<b>``."""\n'
            "    return Markup('<b>{}</b>').format(name) + Markup('' if ok else ' disabled')\n")
    assert html_building_problems(good, "good") == []


# --- hostile text through every screen ----------------------------------------------------------

class HostileTranslations(gettext.NullTranslations):
    """Every message of the catalogue, followed by :data:`HOSTILE` (its fields kept)."""

    def gettext(self, message):
        return message + HOSTILE

    def ngettext(self, singular, plural, n):
        return (singular if n == 1 else plural) + HOSTILE

    def pgettext(self, context, message):
        return message + HOSTILE

    def npgettext(self, context, singular, plural, n):
        return (singular if n == 1 else plural) + HOSTILE


@pytest.fixture
def hostile_words(monkeypatch):
    """The page in a "language" whose every message ends with :data:`HOSTILE`."""
    real = i18n.set_language

    def set_language(code, locale_dir=None):
        used = real(code, locale_dir)
        monkeypatch.setattr(i18n, "_translation", HostileTranslations())
        return used

    monkeypatch.setattr(i18n, "set_language", set_language)
    i18n.set_language("en")
    yield
    monkeypatch.undo()
    i18n.set_language("en")


def assert_shown_as_text(markup: str, must_show: bool = True) -> None:
    """``markup`` holds :data:`HOSTILE` as text only: no ``<img>``, no ``onerror`` attribute,
    and (``must_show``) the hostile text itself among its texts or attribute values."""
    assert type(markup) is Markup
    assert "<img" not in markup
    tree = parse(markup)
    assert not tree.find_all("img")
    assert not [n for n in tree.iter() if any(k.startswith("on") for k in n.attrs)]
    if must_show:
        values = [v for n in tree.iter() for v in n.attrs.values() if v]
        assert HOSTILE in tree.text or any(HOSTILE in v for v in values), markup[:300]


def _open(query: str, **kwargs):
    page = FakePage(query, **kwargs)
    shown = Screens(page)
    t = table.Table(page)
    t.open()
    page.run_tasks()
    return t, page, shown


def test_hostile_translations_on_every_french_screen(hostile_words) -> None:
    t, page, shown = _open("?players=4&seed=3&deals=1&pace=0")
    fr_flow._play_to_the_end(page, "garde")
    for action, value in (("overlay", "scores"), ("overlay", "review"), ("standings", None)):
        page.handlers[0]({"action": action, "value": value}, 1)
    page.handlers[0]({"action": "history"}, 1)
    page.handlers[0]({"action": "leaderboard", "value": "french"}, 1)
    page.handlers[0]({"action": "start-screen"}, 1)
    page.handlers[0]({"action": "sheet", "value": "open"}, 1)
    assert len(shown.seen) > 20
    for markup in shown.seen:
        assert_shown_as_text(markup)


def test_hostile_translations_on_every_hungarian_screen(hostile_words) -> None:
    t, page, shown = _open("?game=hungarian&players=4&seed=m1&deals=1&pace=0&level=easy")
    hu_flow._play_your_turns(page, random.Random(1), lambda: False)
    page.handlers[0]({"action": "overlay", "value": "scores"}, 1)
    page.handlers[0]({"action": "leaderboard", "value": "hungarian"}, 1)
    page.handlers[0]({"action": "start-screen"}, 1)
    assert len(shown.seen) > 10
    for markup in shown.seen:
        assert_shown_as_text(markup)


def test_a_hostile_notice_is_text() -> None:
    assert_shown_as_text(render.notice_html(HOSTILE))
    assert_shown_as_text(render.notice_html(HOSTILE, superseded=True))


def test_a_hostile_share_link_name_is_text() -> None:
    """The sharer's name in a friend's link (the leaderboard keeps names without control
    characters, up to 24 characters: a short tag fits)."""
    from golden_data import PINNED_CODES

    name = "<img src=x onerror=f()>\""
    t, page, shown = _open("?pace=0", fragment="#" + link_fragment(PINNED_CODES[1][0], name), today="2026-12-01")
    assert page.body["phase"] == "shared"
    page.handlers[0]({"action": "leaderboard", "value": "french"}, 1)
    for markup in shown.seen:
        assert_shown_as_text(markup, must_show=False)
    assert name in parse(shown.seen[0]).text and name in parse(shown.seen[-1]).text


def test_hostile_score_sheet_names_are_text() -> None:
    page = FakePage("?sheet=1")
    shown = Screens(page)
    table.Table(page).open()
    names = {f"sheet-name-{i}": f"{HOSTILE[:20]}{i}" for i in range(4)}
    page.values = dict(names, **{"sheet-players": "4", "sheet-game": "french"})
    page.handlers[0]({"action": "sheet", "value": "start"})
    page.handlers[0]({"action": "sheet", "value": "names"})
    for markup in shown.seen:
        assert_shown_as_text(markup, must_show=False)
    assert any(HOSTILE[:20] in parse(m).text for m in shown.seen[1:])


def test_hostile_fields_of_an_imported_history_are_text() -> None:
    """An imported history's fields that reach the screen (its dates and scores are checked by
    the import; what passes is shown as text)."""
    t, page, shown = _open("?pace=0")
    page.handlers[0]({"action": "history"}, 1)
    history = json.dumps({"version": 1, "matches": [{"date": HOSTILE, "players": 4}]})

    async def read() -> str:
        return history

    page.handlers[1]("import", read)
    page.run_tasks()
    for markup in shown.seen:
        assert_shown_as_text(markup, must_show=False)
    assert page.store.get(HISTORY_KEY) is None or HOSTILE not in page.html


def test_the_page_shows_markup_only() -> None:
    """``BrowserPage.show`` refuses a plain string (it would be HTML nobody escaped)."""
    source = (WEB / "tarot_page" / "browser.py").read_text(encoding="utf-8")
    show = next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef) and n.name == "show")
    assert "isinstance(markup, Markup)" in ast.get_source_segment(source, show)
    page = FakePage("")
    with pytest.raises(TypeError):
        page.show("<b>plain</b>")
