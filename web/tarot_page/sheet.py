"""The score sheet screen for table play: what its buttons do. Plain Python, no browser in sight.

People playing with real cards keep a running, zero-sum score here: :mod:`tarot_core.scoresheet`
holds the sheet and scores each deal through the ``score`` command's own code; this module reads
the screen's form fields (``page.value``, by the ids of :func:`render_sheet.field_ids`), turns
them into a deal (the sheet's game's own form does: ``tarot_page.games.<game>.sheet.deal``,
reached through the registry :func:`tarot_page.games.get`), and keeps the sheet in the page's
storage under ``tarot.sheet`` (:meth:`tarot_core.saves.Saves.load_sheet` / ``save_sheet``: a
sheet that cannot be read is set aside as ``tarot.corrupt.N`` and the player told). Every step
reads the sheet kept, changes it, and writes it back at once, so a second tab's deals are kept.

``table.Table`` routes the ``sheet`` command here (:func:`handle`); the screen is drawn by
:mod:`render_sheet`. While it is on show the address says ``?sheet=1``, so that a reload (a phone
that dropped the tab) comes back to it.
"""

from __future__ import annotations

from tarot_page.i18n import _
from tarot_core.errors import message_of
from tarot_core.scoresheet import TABLE_SIZES, Sheet, SheetError

from tarot_page import clicks
from tarot_page import games
from tarot_page import render_sheet

#: The screen's steps (a ``data-action="sheet"`` button's ``data-value``): show the sheet (or a
#: new one's form when none is kept), start a new sheet from the form, add the deal of the form,
#: take the last deal back, rename the players (the form, then save), a new sheet's form.
STEPS = clicks.SHEET_STEPS


class SheetState:
    """What the screen shows besides the sheet kept: ``view`` (``"sheet"``, ``"setup"`` or
    ``"names"``), ``form`` (the field values to show again: what was typed before a refusal),
    ``error`` (why, in the player's language), the game and profile a new sheet's form offers
    (by default the page's first game, :data:`tarot_page.games.DEFAULT`)."""

    def __init__(self, game: str = games.DEFAULT) -> None:
        self.view = "sheet"
        self.form: dict[str, str] = {}
        self.error: str | None = None
        self.game = game


def _read(page, ids) -> dict[str, str]:
    return {i: page.value(i) for i in ids}


def _names_error(e: SheetError, fields: list[int]) -> str:
    """Why the names were refused, in the player's language (``fields``: the name field of each
    name given)."""
    key = e.key or ""
    if key.startswith("names[") and key.endswith("]"):
        number = fields[int(key[6:-1])] + 1 if key[6:-1].isdigit() and int(key[6:-1]) < len(fields) else 0
        return _("Check the name of player {number}: each player needs a name of their own.").format(number=number)
    return _("French Tarot is played by 3 to 5 players, Hungarian Tarokk by 4 or 5: fill in that many names.")


def handle(table, step: str = "open") -> None:
    """Carry out ``step`` (one of :data:`STEPS`; ``"redraw"`` draws the screen again, the form
    as typed) on ``table``'s page, then draw the screen. The sheet kept is read first and written
    back after a change; a refusal (a deal that does not score, names that do not do) changes
    nothing and shows why, the form as it was typed."""
    page = table.page
    state = getattr(table, "sheet_state", None)
    if state is None:
        state = table.sheet_state = SheetState(table.prefs.get("game", games.DEFAULT))
    if step != "redraw":
        table.redraw = lambda: handle(table, "redraw")
        table.move_on()
        table.match = None
        lang = table.params.get("lang")  # a reload comes back to the sheet (in a link's language)
        page.set_query("?sheet=1" + (f"&lang={lang}" if lang else ""))
    page.flags(phase="scorepad", turn="none")
    sheet, notice = table.saves.load_sheet()
    table.take_notice(notice)
    if step == "redraw":  # keep what was typed (a change of language)
        state.form = _read(page, _form_ids(state, sheet))
    elif step == "open":
        state.view, state.form, state.error = ("sheet" if sheet else "setup"), {}, None
        state.game = sheet.game if sheet else table.prefs.get("game", games.DEFAULT)
    elif step == "new":
        state.view, state.form, state.error = "setup", {}, None
        state.game = table.prefs.get("game", games.DEFAULT)
    elif step == "start":
        state.form = _read(page, _form_ids(state, None))
        fields = [i for i in range(5) if state.form.get(f"sheet-name-{i}", "").strip()]
        game = state.form.get("sheet-game") if state.form.get("sheet-game") in TABLE_SIZES else games.DEFAULT
        profile = state.form.get("sheet-profile") or "pagat"
        state.game = game
        try:
            made = Sheet.new(game, [state.form[f"sheet-name-{i}"] for i in fields], profile)
        except SheetError as e:
            state.view, state.error = "setup", _names_error(e, fields)
        else:
            sheet = made
            _store(table, sheet)
            state.view, state.form, state.error = "sheet", {}, None
    elif sheet is None:  # another tab dropped it, or it was set aside: a new one
        state.view, state.form, state.error = "setup", {}, None
    elif step == "add":
        state.view = "sheet"
        state.form = _read(page, render_sheet.field_ids(sheet.game, sheet.players))
        try:
            sheet = sheet.add(games.get(sheet.game).sheet.deal(state.form, sheet.players))
        except SheetError as e:
            state.error = render_sheet.field_error(e.key, sheet.game, message_of(e))
        else:
            _store(table, sheet)
            state.form, state.error = {}, None
        draw(table, sheet, state)
        # A phone shows the form below the sheet: show the new totals, or why the deal was refused.
        page.scroll_to("sheet-error" if state.error else "scorepad")
        return
    elif step == "undo":
        sheet = sheet.undo()
        _store(table, sheet)
        state.view, state.error = "sheet", None
    elif step == "names":
        state.view, state.form, state.error = "names", {}, None
    elif step == "save-names":
        state.form = _read(page, [f"sheet-name-{i}" for i in range(sheet.players)])
        try:
            sheet = sheet.rename([state.form[f"sheet-name-{i}"] for i in range(sheet.players)])
        except SheetError as e:
            state.error = _names_error(e, list(range(sheet.players)))
        else:
            _store(table, sheet)
            state.view, state.form, state.error = "sheet", {}, None
    draw(table, sheet, state)


def _form_ids(state: SheetState, sheet) -> list[str]:
    """The ids of the fields on show in ``state``'s view."""
    if state.view == "setup" or sheet is None:
        return ["sheet-game", "sheet-profile"] + [f"sheet-name-{i}" for i in range(5)]
    if state.view == "names":
        return [f"sheet-name-{i}" for i in range(sheet.players)]
    return list(render_sheet.field_ids(sheet.game, sheet.players))


def _store(table, sheet) -> None:
    table.take_notice(table.saves.save_sheet(sheet))


def draw(table, sheet, state: SheetState) -> None:
    """Show ``state``'s view of ``sheet`` (the sheet kept, or ``None``)."""
    page, notice = table.page, table.notice
    if state.view == "setup" or sheet is None:
        page.show(render_sheet.setup_html(state.game, table.prefs.get("profile", "pagat"), state.form, state.error,
                                          current=sheet is not None, notice=notice, superseded=table.superseded))
    elif state.view == "names":
        page.show(render_sheet.names_html(sheet, state.form, state.error, notice, table.superseded))
    else:
        page.show(render_sheet.sheet_html(sheet, state.form, state.error, notice, table.superseded))
