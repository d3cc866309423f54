"""The player's preferences, for :class:`tarot_page.table.Table`: the start screen's remembered
choices (the game shown, the Hungarian rule profile, the computer players' level) and the
language, kept under :data:`tarot_page.options.PREFS_KEY`, and the page's language
(:func:`i18n.set_language`). Moved from ``Table`` (issue 32): the table holds one
:class:`Preferences` (``table.preferences``) and the choices themselves (``table.prefs``,
``table.remembered_level``); the table is passed in, never imported (no import cycle).
"""

from __future__ import annotations

import json

from tarot_page import clicks, games, i18n
from tarot_page.i18n import _
from tarot_page.options import PREFS_KEY
from tarot_core import jsonsafe


class Preferences:
    """Loads, saves and applies the preferences of ``table`` (a :class:`tarot_page.table.Table`:
    its saves' storage, page, ``prefs``, ``remembered_level``, ``params`` and ``redraw``)."""

    def __init__(self, table) -> None:
        self.table = table

    def load(self) -> dict[str, str]:
        """The start screen's remembered choices (:data:`PREFS_KEY`); defaults for data that is
        missing or unreadable (a preference is not worth a notice)."""
        table = self.table
        prefs = {"game": games.DEFAULT, "profile": "pagat", "level": "normal"}
        try:
            data = jsonsafe.loads(table.saves.storage.get(PREFS_KEY) or "{}")  # bounded: see jsonsafe
        except jsonsafe.UntrustedJSONError:
            return prefs
        if isinstance(data, dict):
            if data.get("game") in clicks.GAMES:
                prefs["game"] = data["game"]
            if data.get("profile") in clicks.PROFILES:
                prefs["profile"] = data["profile"]
            if data.get("level") in clicks.LEVELS:
                prefs["level"] = data["level"]
            lang = data.get("lang")
            if isinstance(lang, str) and i18n.supported(lang) == lang:
                prefs["lang"] = lang
        return prefs

    def use_language(self, code: str) -> None:
        """Show the page in language ``code`` from now on (:func:`i18n.set_language`; the
        document's ``lang`` and ``dir`` follow)."""
        table = self.table
        code = i18n.set_language(code)
        table.page.set_language(code, i18n.direction())

    def choose_language(self, code: str) -> None:
        """The language menu's choice: remembered (in :data:`PREFS_KEY`, over a link's
        ``?lang=``, which stops applying), then the screen on show is drawn again in it."""
        table = self.table
        if i18n.supported(code) != code:
            return
        table.prefs["lang"] = code
        table.params.pop("lang", None)
        self.save()
        self.use_language(code)
        table.page.title(_("French Tarot · Hungarian Tarokk"))  # a table names its game instead
        table.redraw()

    def save(self) -> None:
        """Remember the start screen's choices and the language menu's (silently: a refusal only
        loses a preference); the level is the one picked there (``table.remembered_level``), never
        a link's."""
        table = self.table
        prefs = dict(table.prefs, level=table.remembered_level)
        try:
            table.saves.storage.set(PREFS_KEY, json.dumps(prefs, sort_keys=True))
        except Exception:
            pass
