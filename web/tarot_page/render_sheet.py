"""The score sheet for table play, as HTML text: plain Python, no browser in sight.

Three views of :mod:`sheet`'s screen (``#scorepad``), each a string of HTML computed from its
arguments only:

* :func:`setup_html`: a new sheet — the game, the Hungarian rule profile (HU-10), 3 to 5 names;
* :func:`sheet_html`: the running sheet (one column per player, one row per deal, the totals)
  and the form of the next deal, which offers exactly the choices of the ``score`` command's
  input (French Tarot FR-7: contract, points, bouts, poignées, petit au bout, chelem; Hungarian
  Tarokk HU-8: bid, points, tricks, announcements with their kontra, bonuses made, tarokk counts,
  the round's multiplier);
* :func:`names_html`: the players renamed.

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
from tarot_page.sheet_form import _field, _select
from tarot_page.games.french.sheet import french_form_html
from tarot_page.games.hungarian.sheet import BONUSES, MADE, hungarian_form_html
from tarot_page.games.french.render import CONTRACT_WORDS
from tarot_page.games.hungarian.render import PROFILE_NAMES
from tarot_core.french.contracts import Contract
from tarot_core.scoresheet import NAME_MAX, TABLE_SIZES

#: The form's fields by the deal's key, as an error names them (English; translated where shown).
FIELD_WORDS = {
    "taker": N_("Taker"), "partner": N_("Partner"), "contract": N_("Contract"),
    "points": N_("Card points"), "bouts": N_("Bouts"), "petit_au_bout": N_("Petit au bout"),
    "poignees": N_("Poignée"), "chelem": N_("Chelem"), "declarer": N_("Declarer"), "out": N_("Sits out"),
    "bid": N_("Bid"), "tricks": N_("Tricks"), "announced": N_("Announcements"), "made": N_("Made"),
    "tarokks": N_("Eight or nine tarokks"), "multiplier": N_("Doubled round"), "names": N_("Players"),
}


def field_ids(game: str, players: int) -> tuple[str, ...]:
    """The ``id`` of every field of the deal form of ``game`` at ``players`` (what :mod:`sheet`
    reads back)."""
    if game == "french":
        ids = ["sheet-taker", "sheet-contract", "sheet-points", "sheet-bouts", "sheet-petit", "sheet-chelem"]
        if players == 5:
            ids.append("sheet-partner")
        return tuple(ids + [f"sheet-poignee-{i}" for i in range(players)])
    ids = ["sheet-declarer", "sheet-partner", "sheet-bid", "sheet-points", "sheet-tricks", "sheet-pagat",
           "sheet-multiplier"]
    if players == 5:
        ids.append("sheet-out")
    ids += [f"sheet-ann-{b}" for b in BONUSES if b != "game"] + [f"sheet-kontra-{b}" for b in BONUSES]
    ids += [f"sheet-made-{b}" for b in MADE] + [f"sheet-tarokks-{i}" for i in range(players)]
    return tuple(ids)


def game_name(game: str) -> str:
    """``game``'s name in the player's language ("French Tarot", "Hungarian Tarokk")."""
    return _(dict(GAME_TABS)[game])


# --- a new sheet -------------------------------------------------------------------------------

def setup_html(game: str, profile: str = "pagat", form: dict | None = None, error: str | None = None,
               current: bool = False, notice: str | None = None, superseded: bool = False) -> str:
    """The new sheet's form (``#scorepad``, ``data-view="setup"``): the game (``game`` chosen),
    the Hungarian rule profile (``profile``), five name fields (``sheet-name-0`` … ``-4``; the
    names typed are ``form``'s) of which three to five are filled (French Tarot 3–5, Hungarian
    Tarokk 4–5), Start, and the way back (to the sheet kept, when ``current``, which Start then
    replaces; else to the start screen). ``error``: why the last Start failed (in the player's
    language)."""
    form = form or {}
    games = _select("game", [(g, game_name(g)) for g in TABLE_SIZES], form, game)
    profiles = _select("profile", [(p, _(name)) for p, name, __ in PROFILE_NAMES], form, profile)
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
            game=_field(_("Game"), games), profile=_field(_("Hungarian Tarokk rules"), profiles),
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
    who took it (and the partner), and ✓ made / ✗ lost."""
    deal, result = sheet.deals[index], sheet.results[index]
    names = sheet.names
    if sheet.game == "french":
        what = _(CONTRACT_WORDS[Contract.parse(deal["contract"])])
        who = names[deal["taker"]]
        made = result.made
    else:
        from tarot_page.games.hungarian import render as render_hu

        what = _(render_hu.BID_WORDS[deal["bid"]])
        who = names[deal["declarer"]]
        made = result.winner.value == "declarer"
    if deal.get("partner") is not None:
        who = _("{first} and {second}").format(first=who, second=names[deal["partner"]])
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
    the next deal (:func:`french_form_html` or :func:`hungarian_form_html`, filled from ``form``)
    with Add the deal. ``error``: why the last deal was not added (in the player's language)."""
    form = form or {}
    title = _("Score sheet · {game}").format(game=game_name(sheet.game))
    if sheet.game == "hungarian":
        title += " · " + _(dict((p, n) for p, n, __ in PROFILE_NAMES)[sheet.profile])
    undo = (Markup('<button type="button" class="secondary" data-action="sheet" data-value="undo">'
                   '{}</button>').format(_("Undo last deal")) if sheet.deals else "")
    body = french_form_html(sheet, form) if sheet.game == "french" else hungarian_form_html(sheet, form)
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


#: The card points of a whole deal (FR-1: 91; HU-1: 94), by game: a deal's points are from 0 to that.
CARD_POINTS = {"french": 91, "hungarian": 94}


#: The scoring's reasons for refusing a deal that no play of the cards can give (the games'
#: ``check_possible``: :class:`tarot_core.errors.Message` templates, translated here).
IMPOSSIBLE = frozenset({
    N_("at four players the card points are whole numbers (FR-7.3)"),
    N_("with these bouts in this contract the taker's side holds from {low} to {high} card points, "
       "not {points} (FR-1, FR-4.1)"),
    N_("a chelem cannot be made with these card points and bouts (FR-6.3, FR-7.4)"),
    N_("with these tricks after this bid the declarer's side holds from {low} to {high} card points, "
       "not {points} (HU-1, HU-4)"),
    N_("{bonus} cannot have been made with these tricks and card points (HU-6)"),
})


def field_error(key: str | None, game: str | None = None, reason=None) -> str:
    """Why a deal or a sheet was refused, in the player's language, naming the form's field of the
    error's ``key`` (``"points"``, ``"poignees[0].size"``, ``"announced[1].kontra"``); for the card
    points of ``game``'s deal, the numbers allowed too. ``reason``, the error's message: when it
    is one of :data:`IMPOSSIBLE` (a deal no play of the cards gives), that reason, translated
    with its fields (card points as the language writes numbers, a bonus by its name)."""
    template = getattr(reason, "template", None)
    if template in IMPOSSIBLE:
        from tarot_page.games.hungarian import render as render_hu

        fields = {}
        for name, value in reason.params.items():
            if name == "bonus":
                fields[name] = _(render_hu.BONUS_WORDS[value][0]) if value in render_hu.BONUS_WORDS else str(value)
            else:
                fields[name] = number(float(value))
        return _("This deal cannot be scored: {reason}.").format(reason=_(template).format(**fields))
    field = (key or "").split("[")[0].split(".")[0]
    if field == "points" and game in CARD_POINTS:
        return _("This deal cannot be scored: the card points are a number from 0 to {most}.").format(
            most=CARD_POINTS[game])
    if field in FIELD_WORDS:
        return _("This deal cannot be scored: check “{field}”.").format(field=_(FIELD_WORDS[field]))
    return _("This deal cannot be scored: check the form.")
