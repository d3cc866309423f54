"""The page's words in the player's language: gettext catalogues, plural forms, numbers, dates.

Plain Python, no browser in sight: the page's modules mark every text a player reads with
:func:`_` (or :func:`ngettext` for a text with a count, :func:`pgettext` for a short word whose
sense needs a context), and this module looks it up in the current language's catalogue. The
catalogues are standard gettext ones: ``web/locale/<code>/LC_MESSAGES/messages.po`` in the
repository (English is the source language: its messages are the ids themselves), compiled to
``messages.mo`` by ``build.py`` with Babel and shipped in ``app.zip`` beside this module, with
``format.json``, the language's number and date conventions taken from the CLDR by Babel at
build time (:func:`set_language` reads both).

Messages use named ``str.format`` fields so that a translation may put them in another order::

    _("{name} wins the trick").format(name=name)
    ngettext("{count} trick", "{count} tricks", n).format(count=n)

A text kept in a module-level constant is marked with :func:`N_` (which returns it unchanged,
for the extractor) and translated with :func:`_` where it is shown.

Which language: ``?lang=xx`` in the address, else the one picked in the language menu (kept in
the page's preferences), else the browser's first language that the page has, else English
(:func:`choose`). The seven languages (:data:`LANGUAGES`) are all written left to right.
"""

from __future__ import annotations

import gettext
import json
from pathlib import Path

#: The page's languages by code (ISO 639-1), each named in itself, in the language menu's order.
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "hu": "Magyar",
    "uk": "Українська",
    "ko": "한국어",
    "zh": "简体中文",
    "ja": "日本語",
}
#: The source language: its messages are the catalogue ids themselves.
DEFAULT = "en"
#: The gettext domain of the page's catalogues.
DOMAIN = "messages"
#: Where the compiled catalogues are: ``<code>/LC_MESSAGES/messages.mo`` and ``<code>/format.json``
#: (in the page, unpacked from app.zip beside this module's package; web/locale/ in the sources).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: Right-to-left languages (none of the seven today; the ``dir`` attribute follows this).
RTL: frozenset[str] = frozenset()

#: English's conventions (CLDR ``en``), used until another language is set and when a
#: language's ``format.json`` is missing.
EN_FORMAT = {
    "decimal": ".",
    "group": ",",
    "plus": "+",
    "minus": "-",
    "date": "MMM d, y",
    "date_long": "MMMM d, y",
    "months": ["January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December"],
    "months_short": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                     "Dec"],
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
_format: dict = EN_FORMAT


# --- which language ---------------------------------------------------------------------------

def supported(code: object) -> str | None:
    """The page's language for a language tag (``"fr"``, ``"fr-CA"``, ``"zh-Hans-CN"``,
    ``"ZH_tw"``), or ``None`` when the page has none for it. Chinese of any script or region
    maps to ``"zh"`` (the page has simplified Chinese only)."""
    if not isinstance(code, str):
        return None
    primary = code.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


def choose(query: str | None, saved: str | None, browser: list[str] | tuple[str, ...] = ()) -> str:
    """The language to show: the address's ``?lang=`` (``query``), else the one the player
    picked (``saved``), else the first of the browser's languages (``navigator.languages``, most
    preferred first) that the page has, else :data:`DEFAULT`. Unknown or malformed codes are
    skipped."""
    for code in (query, saved, *browser):
        found = supported(code)
        if found:
            return found
    return DEFAULT


def current() -> str:
    """The code of the language in use (``"en"`` until :func:`set_language`)."""
    return _language


def direction(code: str | None = None) -> str:
    """``"rtl"`` or ``"ltr"``: the text direction of ``code`` (the current language by default),
    for the page's ``dir`` attribute."""
    return "rtl" if (code or _language) in RTL else "ltr"


def set_language(code: str, locale_dir: Path | str | None = None) -> str:
    """Use language ``code`` from now on and return the code in use.

    Reads ``<locale_dir>/<code>/LC_MESSAGES/messages.mo`` and ``<locale_dir>/<code>/format.json``
    (``locale_dir`` defaults to :data:`LOCALE_DIR`). An unknown code gives English; a language
    whose catalogue is missing or unreadable shows English words (never an error: the game must
    stay playable), with English number formats if its ``format.json`` is missing too.
    """
    global _translation, _language, _format
    code = supported(code) or DEFAULT
    folder = Path(locale_dir) if locale_dir is not None else LOCALE_DIR
    translation: gettext.NullTranslations = gettext.NullTranslations()
    fmt = EN_FORMAT
    if code != DEFAULT:
        try:
            with open(folder / code / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
                translation = gettext.GNUTranslations(f)
        except (OSError, ValueError):
            translation = gettext.NullTranslations()
        try:
            loaded = json.loads((folder / code / "format.json").read_text(encoding="utf-8"))
            fmt = {**EN_FORMAT, **loaded}
        except (OSError, ValueError):
            fmt = EN_FORMAT
    _translation, _language, _format = translation, code, fmt
    return code


# --- looking words up -------------------------------------------------------------------------

def _(message: str) -> str:
    """``message`` in the current language (``message`` itself in English or when the catalogue
    lacks it)."""
    return _translation.gettext(message)


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for the catalogues without translating it: returns
    ``(singular, plural)``; translate it with :func:`ngettext` where it is shown."""
    return singular, plural


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues without translating it (a module-level constant):
    returns it unchanged; translate it with :func:`_` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for count ``n``, by the current language's plural rule (the
    catalogue's ``Plural-Forms``: one form in Korean, Chinese and Japanese, three in Ukrainian).
    Format the count in yourself: ``ngettext("{count} trick", "{count} tricks", n).format(count=n)``."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English word elsewhere by
    ``context`` (e.g. ``pgettext("bid", "Pass")``)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context (see :func:`pgettext`)."""
    return _translation.npgettext(context, singular, plural, n)


# --- numbers and dates ------------------------------------------------------------------------

def number(value: int | float) -> str:
    """A number as the current language writes it: digit groups of three above 9,999 (``12,345``;
    French ``12 345`` with a narrow no-break space), the decimal sign (``45.5``; French
    ``45,5``), at most one decimal for a half point, the language's minus sign."""
    negative = value < 0
    magnitude = -value if negative else value
    whole = int(magnitude)
    fraction = magnitude - whole
    digits = str(whole)
    if whole >= 10_000:
        groups = []
        while digits:
            groups.append(digits[-3:])
            digits = digits[:-3]
        digits = _format["group"].join(reversed(groups))
    if fraction:
        text = f"{fraction:.2f}".rstrip("0")[1:]  # ".5", ".25"
        digits += _format["decimal"] + text[1:]
    return (_format["minus"] + digits) if negative else digits


def signed(value: int | float) -> str:
    """A score with its sign, as the sheets show it: ``+12``, ``-4`` (the language's signs),
    ``0``."""
    if value > 0:
        return _format["plus"] + number(value)
    return number(value)


def date(iso: str, long: bool = False) -> str:
    """A ``YYYY-MM-DD`` date as the current language writes it (CLDR's medium date, or its long
    one): ``Dec 4, 2026``; French ``4 déc. 2026``; Hungarian ``2026. dec. 4.``; Japanese
    ``2026/12/04``. Anything that is not such a date comes back unchanged."""
    try:
        year, month, day = (int(part) for part in iso.split("-"))
        if not (1 <= month <= 12 and 1 <= day <= 31):
            raise ValueError(iso)
    except (AttributeError, ValueError):
        return str(iso)
    return _cldr_date(_format["date_long" if long else "date"], year, month, day)


def _cldr_date(pattern: str, year: int, month: int, day: int) -> str:
    """``pattern`` (a CLDR date pattern using y, M, MM, MMM, MMMM, d, dd and quoted literals)
    filled with the date."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            end = pattern.find("'", i + 1)
            end = len(pattern) if end < 0 else end
            out.append(pattern[i + 1:end] or "'")
            i = end + 1
            continue
        run = 1
        while i + run < len(pattern) and pattern[i + run] == ch:
            run += 1
        if ch == "y":
            out.append(str(year).zfill(run if run > 2 else 1))
        elif ch in "ML":
            if run >= 4:
                out.append(_format["months"][month - 1])
            elif run == 3:
                out.append(_format["months_short"][month - 1])
            else:
                out.append(str(month).zfill(run))
        elif ch == "d":
            out.append(str(day).zfill(run))
        else:
            out.append(ch * run)
        i += run
    return "".join(out)


#: How each language writes a place in a ranking (1st, 2nd …).
_ORDINALS = {
    "en": lambda n: f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}",
    "fr": lambda n: "1er" if n == 1 else f"{n}e",
    "hu": lambda n: f"{n}.",
    "uk": lambda n: f"{n}-е",
    "ko": lambda n: f"{n}위",
    "zh": lambda n: f"第{n}名",
    "ja": lambda n: f"{n}位",
}


def ordinal(n: int) -> str:
    """A place in a ranking in the current language: ``1st``, ``2nd``; French ``1er``, ``2e``;
    Hungarian ``1.``; Ukrainian ``1-е``; Korean ``1위``; Chinese ``第1名``; Japanese ``1位``."""
    return _ORDINALS.get(_language, _ORDINALS[DEFAULT])(n)


def list_text(items: list[str] | tuple[str, ...]) -> str:
    """Items joined as the current language lists them (``", "``; ``"、"`` in Chinese and
    Japanese)."""
    return ("、" if _language in ("zh", "ja") else ", ").join(items)


def upper_first(text: str) -> str:
    """``text`` with its first letter made a capital and the rest left as written (unlike
    ``str.capitalize``, which would turn "XXI catch" into "Xxi catch")."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """``text`` as it reads inside a sentence: its first letter in lower case, unless its first
    word is written in capitals or mixed case on purpose (a Roman numeral such as "XXI", a
    name such as "Pagát ultimó" stays as the catalogue writes it only when it is such a word).
    Scripts without case are unchanged."""
    first = text.split(" ", 1)[0]
    if len(first) > 1 and any(ch.isupper() for ch in first[1:]):
        return text
    return text[:1].lower() + text[1:]
