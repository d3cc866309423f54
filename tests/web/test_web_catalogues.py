"""The page's gettext layer (web/i18n.py) and its catalogues (tools/catalogues.py, web/locale/).

Issue 18, part 1: seven languages, standard gettext catalogues compiled with Babel, plural forms,
numbers and dates per language, the browser's language by default, ``?lang=`` first.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import web_helpers  # noqa: F401  (puts web/ on sys.path)
from tarot_page import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogues  # noqa: E402

from babel.messages.pofile import read_po  # noqa: E402

TRANSLATED = ("fr", "hu", "uk", "ko", "zh", "ja")
FIELD = re.compile(r"\{[^{}]*\}")


@pytest.fixture
def language(compiled):
    """Switch the page's language for one test; back to English after it."""
    def use(code: str) -> str:
        return i18n.set_language(code, compiled)
    yield use
    i18n.set_language("en", compiled)


# --- which language ----------------------------------------------------------------------------

def test_the_address_wins_then_the_saved_choice_then_the_browser() -> None:
    assert i18n.choose("hu", "fr", ["ja"]) == "hu"
    assert i18n.choose(None, "fr", ["ja"]) == "fr"
    assert i18n.choose(None, None, ["de-DE", "ja-JP", "fr"]) == "ja"
    assert i18n.choose(None, None, ["de", "it"]) == "en"
    assert i18n.choose("", "", []) == "en"


def test_unknown_or_malformed_codes_are_skipped() -> None:
    assert i18n.choose("xx", "<script>", ["fr-CA"]) == "fr"
    assert i18n.choose("klingon", None, []) == "en"
    assert i18n.supported(42) is None
    assert i18n.supported("UK") == "uk"


def test_every_chinese_maps_to_simplified_chinese() -> None:
    for tag in ("zh", "zh-CN", "zh-Hans-CN", "zh-TW", "zh_Hant"):
        assert i18n.supported(tag) == "zh"


def test_seven_languages_named_in_themselves_all_left_to_right() -> None:
    assert list(i18n.LANGUAGES) == ["en", "fr", "hu", "uk", "ko", "zh", "ja"]
    assert i18n.LANGUAGES["hu"] == "Magyar" and i18n.LANGUAGES["uk"] == "Українська"
    assert {i18n.direction(code) for code in i18n.LANGUAGES} == {"ltr"}
    assert tuple(catalogues.LANGUAGES) == tuple(code for code in i18n.LANGUAGES if code != "en")


# --- numbers, dates, ordinals -------------------------------------------------------------------

def test_english_numbers_dates_and_ordinals() -> None:
    i18n.set_language("en")
    assert [i18n.signed(n) for n in (12, -4, 0)] == ["+12", "-4", "0"]
    assert i18n.number(45.5) == "45.5" and i18n.number(12345) == "12,345" and i18n.number(1234) == "1234"
    assert i18n.date("2026-12-04") == "Dec 4, 2026"
    assert i18n.date("2026-12-04", long=True) == "December 4, 2026"
    assert [i18n.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_a_date_that_is_not_one_comes_back_unchanged() -> None:
    assert i18n.date("yesterday") == "yesterday"
    assert i18n.date("2026-13-01") == "2026-13-01"


def test_french_conventions(language) -> None:
    language("fr")
    assert i18n.number(45.5) == "45,5"
    assert i18n.number(-12345) == "-12\u202f345"
    assert i18n.date("2026-12-04") == "4 déc. 2026"
    assert [i18n.ordinal(n) for n in (1, 2, 5)] == ["1er", "2e", "5e"]


def test_hungarian_japanese_korean_chinese_ukrainian_dates(language) -> None:
    expected = {"hu": "2026. dec. 4.", "ja": "2026/12/04", "ko": "2026. 12. 4.", "zh": "2026年12月4日",
                "uk": "4 груд. 2026\u202fр."}
    for code, text in expected.items():
        language(code)
        assert i18n.date("2026-12-04") == text, code


def test_cjk_ordinals_and_lists(language) -> None:
    language("ja")
    assert i18n.ordinal(2) == "2位" and i18n.list_text(["a", "b"]) == "a、b"
    language("ko")
    assert i18n.ordinal(3) == "3위" and i18n.list_text(["a", "b"]) == "a, b"


def test_a_missing_catalogue_gives_english_words_not_an_error(tmp_path) -> None:
    assert i18n.set_language("fr", tmp_path) == "fr"
    assert i18n._("Scores") == "Scores" and i18n.number(45.5) == "45.5"
    assert i18n.set_language("xx", tmp_path) == "en"
    i18n.set_language("en")


# --- the catalogues ---------------------------------------------------------------------------

def _template():
    with catalogues.POT.open("rb") as f:
        return read_po(f)


def test_the_template_holds_every_marked_text_of_the_page() -> None:
    """web/locale/messages.pot is what the sources mark today (run `python build.py messages`
    after changing a text)."""
    extracted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalogues.extract() if m.id}
    committed = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in _template() if m.id}
    assert extracted == committed
    assert len(committed) > 300


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_fields(code) -> None:
    catalog = catalogues.read(code)
    missing, fields = [], []
    for message in _template():
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        if found is None or found.fuzzy or not all(
                found.string if isinstance(found.string, (tuple, list)) else (found.string,)):
            missing.append(ids[0])
            continue
        strings = found.string if isinstance(found.string, (tuple, list)) else (found.string,)
        want = set(FIELD.findall(ids[-1])) | set(FIELD.findall(ids[0]))
        for text in strings:
            got = set(FIELD.findall(text))
            # A form for one item may leave the count out ("un pli"); no other field may differ.
            if got - want or (want - got) - {"{count}", "{n}"}:
                fields.append((ids[0], text))
    assert not missing, f"{code}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fields, f"{code}: fields differ from the English: {fields[:5]}"


def test_plural_forms_follow_each_language() -> None:
    forms = {"fr": 2, "hu": 1, "uk": 3, "ko": 1, "zh": 1, "ja": 1}
    for code, count in forms.items():
        catalog = catalogues.read(code)
        assert catalog.num_plurals == count, code
        for message in catalog:
            if message.pluralizable and message.id:
                assert len(message.string) == count, (code, message.id)


def test_plural_forms_choose_by_count(language) -> None:
    """Ukrainian has three forms (1, 2–4, 5+), French two (0 and 1 singular), Japanese one."""
    language("uk")
    forms = {i18n.ngettext("{count} trick", "{count} tricks", n) for n in (1, 2, 5)}
    assert len(forms) == 3
    assert i18n.ngettext("{count} trick", "{count} tricks", 21) == i18n.ngettext("{count} trick", "{count} tricks", 1)
    language("fr")
    assert i18n.ngettext("{count} trick", "{count} tricks", 0) == i18n.ngettext("{count} trick", "{count} tricks", 1)
    language("ja")
    assert len({i18n.ngettext("{count} trick", "{count} tricks", n) for n in (1, 2, 5)}) == 1


def test_app_js_gets_the_loader_and_banner_messages_in_every_language(compiled) -> None:
    import json

    messages = json.loads((compiled / "app-messages.json").read_text(encoding="utf-8"))
    assert set(messages) == set(TRANSLATED)
    for code in TRANSLATED:
        for english in ("Shuffling the cards…", "A new version is ready — reload", "Reload"):
            assert messages[code].get(english) not in (None, "", english), (code, english)
