"""The page's gettext catalogues, with Babel: extract, update, compile, measure.

Run by ``build.py`` under a Python that has Babel (the pinned one of ``pyproject.toml``'s
``i18n`` extra; ``build.py`` makes ``.venv`` for it when the running Python lacks it)::

    python tools/catalogues.py extract            # web/ -> web/locale/messages.pot, then update
    python tools/catalogues.py compile OUT JS     # .po -> OUT/<code>/LC_MESSAGES/messages.mo,
                                                  # OUT/<code>/format.json, and JS (a JSON file:
                                                  # the messages of app.js and index.html by code)
    python tools/catalogues.py stats              # messages translated per language

Sources: ``web/**/*.py`` (the page's package; keywords ``_``, ``N_``, ``Nn_``, ``ngettext``, ``pgettext``, ``npgettext``),
``web/static/app.js`` (keyword ``t``) and ``web/static/index.html`` (the text of every element carrying
``data-i18n``). English is the source language: there is no ``en`` catalogue. A fuzzy or empty
translation is left out of the compiled catalogue, so the page shows the English text there (the
tests require every message translated in every language).
"""

from __future__ import annotations

import ast
import html.parser
import io
import json
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LOCALE_SRC = WEB / "locale"
POT = LOCALE_SRC / "messages.pot"
DOMAIN = "messages"
PROJECT = "French Tarot and Hungarian Tarokk (web page)"
#: The translated languages (English is the source). Keep in step with web/tarot_page/i18n.py's LANGUAGES.
LANGUAGES = ("fr", "hu", "uk", "ko", "zh", "ja")
PY_KEYWORDS = {"_": None, "N_": None, "Nn_": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
               "npgettext": ((1, "c"), 2, 3)}
JS_KEYWORDS = {"t": None}
#: The files whose messages app.js needs (shown before Python runs).
JS_SOURCES = ("app.js", "index.html")


class _HtmlTexts(html.parser.HTMLParser):
    """Collects ``(line, text)`` of every element with a ``data-i18n`` attribute."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        if any(name == "data-i18n" for name, _ in attrs):
            self._open.append((tag, self.getpos()[0], []))

    def handle_data(self, data):
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag):
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((line, text))


def extract_html(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for index.html: the text of each ``data-i18n`` element, spaces
    collapsed (as app.js reads it)."""
    parser = _HtmlTexts()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        yield line, None, text, []


def extract_python(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for the page's Python, read with :mod:`ast` rather than Babel's
    tokenizer: a call inside an f-string (``f"<b>{_('Dealer')}</b>"``) is found under every
    Python 3.11+ (Babel's own method misses it before Python 3.12). Yields
    ``(line, keyword, arguments, comments)``; an argument that is not a string literal is
    ``None`` (Babel then skips the call when it needed that argument)."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords:
            args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                         for a in node.args)
            yield node.lineno, node.func.id, args if len(args) > 1 else (args[0] if args else None), []


def _sources() -> list[tuple[Path, object, dict]]:
    """``(path, method, keywords)`` for every file messages are extracted from."""
    out = [(p, extract_python, PY_KEYWORDS) for p in sorted(WEB.rglob("*.py")) if "__pycache__" not in p.parts]
    out.append((WEB / "static" / "app.js", "javascript", JS_KEYWORDS))
    out.append((WEB / "static" / "index.html", extract_html, {}))
    return out


def extract() -> Catalog:
    """Extract every marked message of the page into a new template catalogue."""
    catalog = Catalog(project=PROJECT, version="1", msgid_bugs_address="", charset="utf-8", fuzzy=False,
                      copyright_holder="the project's authors")
    for path, method, keywords in _sources():
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=keywords, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def po_path(code: str, root: Path = LOCALE_SRC) -> Path:
    """Where language ``code``'s catalogue source is."""
    return root / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(code: str, root: Path = LOCALE_SRC) -> Catalog:
    """Language ``code``'s catalogue (a new empty one when it has none yet)."""
    path = po_path(code, root)
    if not path.exists():
        return Catalog(locale=code, domain=DOMAIN, charset="utf-8", fuzzy=False, project=PROJECT,
                       version="1", copyright_holder="the project's authors", msgid_bugs_address="")
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def cmd_extract() -> None:
    """Write web/locale/messages.pot and bring every language's .po up to date with it (new
    messages untranslated, removed ones dropped, translations kept)."""
    template = extract()
    _write(template, POT)
    for code in LANGUAGES:
        catalog = read(code)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, po_path(code))
    print(f"{len(template)} messages -> {POT.relative_to(ROOT)}")


def _translated(message) -> bool:
    if not message.id or message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return all(strings)


def format_data(code: str) -> dict:
    """The number and date conventions of ``code`` from the CLDR (web/tarot_page/i18n.py's format.json)."""
    locale = Locale.parse(code)
    symbols = locale.number_symbols.get("latn", locale.number_symbols)
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "plus": symbols["plusSign"],
        "minus": symbols["minusSign"],
        "date": locale.date_formats["medium"].pattern,
        "date_long": locale.date_formats["long"].pattern,
        "months": [locale.months["format"]["wide"][m] for m in range(1, 13)],
        "months_short": [locale.months["format"]["abbreviated"][m] for m in range(1, 13)],
    }


def compile_all(out: Path, js_out: Path | None = None, root: Path = LOCALE_SRC) -> dict[str, dict]:
    """Compile every language's catalogue into ``out`` (``<code>/LC_MESSAGES/messages.mo``,
    ``<code>/format.json``); write app.js's messages (``{code: {msgid: msgstr}}``) to
    ``js_out`` when given, and return them. Untranslated and fuzzy messages are left out."""
    js: dict[str, dict] = {}
    for code in LANGUAGES:
        catalog = read(code, root)
        for message in list(catalog):
            if message.id and not _translated(message):
                catalog.delete(message.id, context=message.context)
        target = out / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        (out / code / "format.json").write_text(json.dumps(format_data(code), ensure_ascii=False,
                                                           sort_keys=True), encoding="utf-8")
        js[code] = {m.id: m.string for m in catalog
                    if m.id and isinstance(m.id, str) and not m.context
                    and any(Path(loc).name in JS_SOURCES for loc, _ in m.locations)}
    if js_out is not None:
        js_out.write_text(json.dumps(js, ensure_ascii=False, sort_keys=True), encoding="utf-8")
    return js


def stats(root: Path = LOCALE_SRC) -> dict[str, tuple[int, int]]:
    """``{code: (translated, total)}`` against the template."""
    with POT.open("rb") as f:
        total = [m for m in read_po(f) if m.id]
    out = {}
    for code in LANGUAGES:
        catalog = read(code, root)
        done = sum(1 for m in total if (found := catalog.get(m.id, context=m.context)) is not None
                   and _translated(found))
        out[code] = (done, len(total))
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        cmd_extract()
    elif argv[:1] == ["compile"] and len(argv) in (2, 3):
        compile_all(Path(argv[1]), Path(argv[2]) if len(argv) == 3 else None)
    elif argv[:1] == ["stats"]:
        for code, (done, total) in stats().items():
            print(f"{code}: {done}/{total}")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
