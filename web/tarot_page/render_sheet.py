"""The score sheet for table play, as HTML text: plain Python, no browser in sight.

Three views of :mod:`sheet`'s screen (``#scorepad``), each a string of HTML computed from its
arguments only:

* :func:`setup_html`: a new sheet — the game, a game's rule profile (Hungarian Tarokk's, HU-10),
  3 to 5 names;
* :func:`sheet_html`: the running sheet (one column per player, one row per deal, the totals)
  and the form of the next deal, which offers exactly the choices of the ``score`` command's
  input (French Tarot FR-7: contract, points, bouts, poignées, petit au bout, chelem; Hungarian
  Tarokk HU-8: bid, points, tricks, announcements with their kontra, bonuses made, tarokk counts,
  the round's multiplier);
* :func:`names_html`: the players renamed.

The same for every game: each game's deal form, its field ids, its deals in a few words, its
profile choice and the words of its refusals are its own (the ``sheet`` of its adapter,
``tarot_page.games.<game>.sheet``, reached through the registry :func:`tarot_page.games.get`);
the games and their table sizes are the registered games' that have a score sheet
(:data:`tarot_core.scoresheet.TABLE_SIZES`). The pieces of a form are :mod:`sheet_form`'s.

Every form field has an ``id`` of :func:`field_ids` that :mod:`sheet` reads back with
``page.value``; a ``form`` dict of those values (what was typed before an error) fills them
again. Buttons carry ``data-action="sheet"`` and a ``data-value`` of :data:`sheet.STEPS`, the
way back ``data-action="new-match"`` (the start screen). Every text is in the player's language
(:mod:`i18n`); the game's words are each game's table's (``tarot_page.games.<game>.render``: contracts, poignées,
bids, bonuses, kontras), French Tarot keeping its French terms and Hungarian Tarokk its Hungarian
ones.
"""

from __future__ import annotations

from tarot_page.i18n import N_, _, number
from tarot_page.markup import Markup
from tarot_page.common import GAME_TABS, language_menu_html, notice_html, signed
from tarot_page import games
from tarot_page.sheet_form import field, select
from tarot_core.scoresheet import NAME_MAX, TABLE_SIZES

#: The fields every sheet has, by the key an error names (English; translated where shown);
#: each game's deal form names its own (its ``sheet.FIELD_WORDS``).
FIELD_WORDS = {"names": N_("Players")}


def field_ids(game: str, players: int) -> tuple[str, ...]:
    """The ``id`` of every field of the deal form of ``game`` at ``players`` (what :mod:`sheet`
    reads back: the game's ``sheet.field_ids``)."""
    return games.get(game).sheet.field_ids(players)


def game_name(game: str) -> str:
    """``game``'s name in the player's language ("French Tarot", "Hungarian Tarokk")."""
    return _(dict(GAME_TABS)[game])


# --- a new sheet -------------------------------------------------------------------------------

def setup_html(game: str, profile: str = "pagat", form: dict | None = None, error: str | None = None,
               current: bool = False, notice: str | None = None, superseded: bool = False) -> str:
    """The new sheet's form (``#scorepad``, ``data-view="setup"``): the game (``game`` chosen),
    the rule profile of each game that has a choice of them (``profile``: Hungarian Tarokk's,
    HU-10; the game's ``sheet.profile_html``), five name fields (``sheet-name-0`` … ``-4``; the
    names typed are ``form``'s) of which three to five are filled (French Tarot 3–5, Hungarian
    Tarokk 4–5), Start, and the way back (to the sheet kept, when ``current``, which Start then
    replaces; else to the start screen). ``error``: why the last Start failed (in the player's
    language)."""
    form = form or {}
    choices = select("game", [(g, game_name(g)) for g in TABLE_SIZES], form, game)
    profiles = Markup("").join(games.get(g).sheet.profile_html(form, profile) for g in TABLE_SIZES)
    names = Markup("").join(
        Markup('<input id="sheet-name-{i}" type="text" maxlength="{NAME_MAX}" autocomplete="off" '
               'value="{value}" placeholder="{label}" aria-label="{label}">').format(
            i=i, NAME_MAX=NAME_MAX, value=form.get(f"sheet-name-{i}", ""),
            label=_("Player {number}").format(number=i + 1))
        for i in range(5))
    back = (Markup('<button type="button" class="secondary" data-action="sheet" data-value="open">'
                   '{}</button>').format(_("Back to the sheet")) if current else "")
    replace = (Markup('<p class="note">{}</p>').format(
        _("Starting a new sheet replaces the one kept on this device.")) if current else "")
    intro = _("For a game with real cards: enter each deal and the sheet keeps the running score, "
              "scored by the same rules as the computer games. It is kept on this device.")
    sizes = _("French Tarot: 3 to 5 players; Hungarian Tarokk: 4 or 5. Leave the last "
              "fields empty for fewer players.")
    return (
        notice_html(notice, superseded) + language_menu_html() +
        Markup('<section class="sheet wide scorepad" id="scorepad" data-view="setup">'
               '<h2>{title}</h2><p>{intro}</p>{error}'
               '<div class="fields">{game}{profile}</div>'
               '<fieldset class="names"><legend>{players}</legend>{names}'
               '<p class="note">{sizes}</p></fieldset>'
               '{replace}'
               '<div class="row-actions">'
               '<button type="button" class="primary" data-action="sheet" data-value="start">{start}</button>'
               '{back}'
               '<button type="button" class="secondary" data-action="new-match">{start_screen}</button></div>'
               "</section>").format(
            title=_("New score sheet"), intro=intro, error=_error_html(error),
            game=field(_("Game"), choices), profile=profiles,
            players=_("Players, in seat order"), names=names, sizes=sizes, replace=replace,
            start=_("Start the sheet"), back=back, start_screen=_("Start screen"))
    )


def _error_html(error: str | None) -> str:
    if not error:
        return ""
    return Markup('<p class="error" id="sheet-error" role="alert">{error}</p>').format(error=error)


# --- the running sheet -------------------------------------------------------------------------

def deal_summary(sheet, index: int) -> str:
    """Deal ``index`` of ``sheet`` in a few words, in the player's language: the contract or bid,
    who took it (and the partner), and ✓ made / ✗ lost (the game's ``sheet.summary``)."""
    what, seats, made = games.get(sheet.game).sheet.summary(sheet, index)
    names = sheet.names
    who = names[seats[0]]
    if len(seats) > 1:
        who = _("{first} and {second}").format(first=who, second=names[seats[1]])
    return f"{what} · {who} {'✓' if made else '✗'}"


def running_html(sheet) -> str:
    """The running sheet: a column per player (their names), a row per deal (its number, a
    summary, each player's score, :func:`deal_summary`), the totals last; every row sums to
    zero."""
    head = Markup("").join(Markup('<th scope="col" title="{n}">{n}</th>').format(n=n) for n in sheet.names)
    rows = Markup("").join(
        Markup('<tr data-deal="{n}"><th scope="row">{n}<small>{summary}</small></th>{cells}</tr>').format(
            n=k + 1, summary=deal_summary(sheet, k),
            cells=Markup("").join(Markup("<td>{}</td>").format(signed(x)) for x in row))
        for k, row in enumerate(sheet.rows))
    if not rows:
        rows = Markup('<tr class="empty"><td colspan="{}">{}</td></tr>').format(
            sheet.players + 1, _("No deal yet: enter the first one below."))
    totals = Markup("").join(Markup('<td data-total="{}"><strong>{}</strong></td>').format(i, signed(t))
                             for i, t in enumerate(sheet.totals))
    return Markup('<div class="running-wrap"><table class="running scorepad-table" data-players="{players}">'
                  '<thead><tr><th scope="col">{deal}</th>{head}</tr></thead><tbody>{rows}</tbody>'
                  '<tfoot><tr class="totals"><th scope="row">{total}</th>{totals}</tr></tfoot>'
                  "</table></div>").format(players=sheet.players, deal=_("Deal"), head=head, rows=rows,
                                           total=_("Total"), totals=totals)


def sheet_html(sheet, form: dict | None = None, error: str | None = None, notice: str | None = None,
               superseded: bool = False) -> str:
    """The score sheet (``#scorepad``, ``data-view="sheet"``): the game, :func:`running_html`,
    Undo last deal (when there is one), Edit names, New sheet, the start screen; then the form of
    the next deal (the game's ``sheet.form_html``, filled from ``form``) with Add the deal; the
    title names the game and, for a game with rule profiles, the sheet's (``sheet.profile_name``).
    ``error``: why the last deal was not added (in the player's language)."""
    form = form or {}
    form_of = games.get(sheet.game).sheet
    title = _("Score sheet · {game}").format(game=game_name(sheet.game))
    profile = form_of.profile_name(sheet.profile)
    if profile is not None:
        title += " · " + profile
    undo = (Markup('<button type="button" class="secondary" data-action="sheet" data-value="undo">'
                   '{}</button>').format(_("Undo last deal")) if sheet.deals else "")
    body = form_of.form_html(sheet, form)
    number = len(sheet.deals) + 1
    return (
        notice_html(notice, superseded) + language_menu_html() +
        Markup('<section class="sheet wide scorepad" id="scorepad" data-view="sheet" data-game="{game}">'
               "<h2>{title}</h2>{running}"
               '<div class="row-actions">{undo}'
               '<button type="button" class="secondary" data-action="sheet" data-value="names">{names}</button>'
               '<button type="button" class="secondary" data-action="sheet" data-value="new">{new}</button>'
               '<button type="button" class="secondary" data-action="new-match">{start_screen}</button></div>'
               '<div class="deal-form" id="sheet-form"><h3>{deal}</h3>{error}{body}'
               '<div class="row-actions">'
               '<button type="button" class="primary" data-action="sheet" data-value="add">{add}</button>'
               "</div></div></section>").format(
            game=sheet.game, title=title, running=running_html(sheet), undo=undo, names=_("Edit names"),
            new=_("New sheet"), start_screen=_("Start screen"), deal=_("Deal {number}").format(number=number),
            error=_error_html(error), body=body, add=_("Add the deal"))
    )


# --- names -------------------------------------------------------------------------------------

def names_html(sheet, form: dict | None = None, error: str | None = None, notice: str | None = None,
               superseded: bool = False) -> str:
    """The players renamed (``#scorepad``, ``data-view="names"``): one field per player
    (``sheet-name-<i>``, the current names or ``form``'s), Save, Cancel. The deals keep their
    seats: only the names change."""
    form = form or {}
    fields = Markup("").join(
        Markup('<input id="sheet-name-{i}" type="text" maxlength="{NAME_MAX}" autocomplete="off" '
               'value="{value}" aria-label="{label}">').format(
            i=i, NAME_MAX=NAME_MAX, value=form.get(f"sheet-name-{i}", name),
            label=_("Player {number}").format(number=i + 1))
        for i, name in enumerate(sheet.names))
    return (
        notice_html(notice, superseded) + language_menu_html() +
        Markup('<section class="sheet wide scorepad" id="scorepad" data-view="names">'
               '<h2>{title}</h2>{error}'
               '<fieldset class="names"><legend>{legend}</legend>{fields}</fieldset>'
               '<div class="row-actions">'
               '<button type="button" class="primary" data-action="sheet" data-value="save-names">{save}</button>'
               '<button type="button" class="secondary" data-action="sheet" data-value="open">{cancel}</button>'
               "</div></section>").format(
            title=_("Edit names"), error=_error_html(error), legend=_("Players, in seat order"), fields=fields,
            save=_("Save"), cancel=_("Cancel"))
    )


def field_error(key: str | None, game: str | None = None, reason=None) -> str:
    """Why a deal or a sheet was refused, in the player's language, naming the form's field of the
    error's ``key`` (``"points"``, ``"poignees[0].size"``, ``"announced[1].kontra"``: the words
    of ``game``'s ``sheet.FIELD_WORDS``, or :data:`FIELD_WORDS`); for the card points of
    ``game``'s deal, the numbers allowed too (``sheet.CARD_POINTS``). ``reason``, the error's
    message: when it is one of ``game``'s ``sheet.IMPOSSIBLE`` (a deal no play of the cards
    gives), that reason, translated with its fields (card points as the language writes numbers,
    other fields in the game's words: ``sheet.reason_field``)."""
    form_of = games.get(game).sheet if game in games.ids() else None
    template = getattr(reason, "template", None)
    if form_of is not None and template in form_of.IMPOSSIBLE:
        fields = {}
        for name, value in reason.params.items():
            words = form_of.reason_field(name, value)
            fields[name] = number(float(value)) if words is None else words
        return _("This deal cannot be scored: {reason}.").format(reason=_(template).format(**fields))
    named = (key or "").split("[")[0].split(".")[0]
    if named == "points" and form_of is not None:
        return _("This deal cannot be scored: the card points are a number from 0 to {most}.").format(
            most=form_of.CARD_POINTS)
    words = {**FIELD_WORDS, **(form_of.FIELD_WORDS if form_of is not None else {})}
    if named in words:
        return _("This deal cannot be scored: check “{field}”.").format(field=_(words[named]))
    return _("This deal cannot be scored: check the form.")
