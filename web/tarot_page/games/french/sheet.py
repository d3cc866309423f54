"""French Tarot's deal form on the score sheet (:mod:`tarot_page.render_sheet`, :mod:`tarot_page.sheet`):
its fields as HTML, their ids, the deal read back from them (FR-7, the ``score`` command's French
input), a deal in a few words, and the words of its refusals. The adapter
(:data:`tarot_page.games.french.ADAPTER`) carries this module as its ``sheet``
(:class:`tarot_page.adapter.Adapter`)."""

from __future__ import annotations

from tarot_page.i18n import N_, _
from tarot_page.markup import Markup, escape
from tarot_page.sheet_form import card_points, field, seat_choices, seat_or_none, select, whole_number
from tarot_page.games.french.render import CONTRACT_WORDS, poignee_word
from tarot_core.french.contracts import Contract, PoigneeSize

#: The card points of a whole deal (FR-1): a deal's points are from 0 to that.
CARD_POINTS = 91
#: The form's fields by the deal's key, as an error names them (English; translated where shown).
FIELD_WORDS = {
    "taker": N_("Taker"), "partner": N_("Partner"), "contract": N_("Contract"),
    "points": N_("Card points"), "bouts": N_("Bouts"), "petit_au_bout": N_("Petit au bout"),
    "poignees": N_("Poignée"), "chelem": N_("Chelem"),
}
#: The scoring's reasons for refusing a deal that no play of the cards can give
#: (``check_possible``: :class:`tarot_core.errors.Message` templates, translated where shown).
IMPOSSIBLE = frozenset({
    N_("at four players the card points are whole numbers (FR-7.3)"),
    N_("with these bouts in this contract the taker's side holds from {low} to {high} card points, "
       "not {points} (FR-1, FR-4.1)"),
    N_("a chelem cannot be made with these card points and bouts (FR-6.3, FR-7.4)"),
})
#: The French chelem's choices: ``"<announced>:<made_by>"`` (FR-4.3, FR-7.4).
CHELEMS = (("no:none", N_("None")),
           ("no:attack", N_("Made by the taker's side, not announced")),
           ("yes:attack", N_("Announced and made")),
           ("yes:none", N_("Announced, not made")),
           ("no:defence", N_("Made by the defence")),
           ("yes:defence", N_("Announced, made by the defence")))


def field_ids(players: int) -> tuple[str, ...]:
    """The ``id`` of every field of the deal form at ``players`` (what :mod:`tarot_page.sheet`
    reads back)."""
    ids = ["sheet-taker", "sheet-contract", "sheet-points", "sheet-bouts", "sheet-petit", "sheet-chelem"]
    if players == 5:
        ids.append("sheet-partner")
    return tuple(ids + [f"sheet-poignee-{i}" for i in range(players)])


def profile_html(form: dict, profile: str) -> str:
    """The new sheet's choice of rules: none (French Tarot has one set of rules)."""
    return ""


def profile_name(profile: str) -> str | None:
    """A sheet's rules in words for its title: none."""
    return None


def form_html(sheet, form: dict) -> str:
    """The French deal's fields (FR-7, the ``score`` command's French input): taker; at five the
    called partner (or nobody: alone, FR-4.2); contract; the taker's side's card points (0–91,
    halves allowed, FR-7.3) and bouts (0–3); petit au bout (FR-6.4); each player's poignée
    (FR-4.4); the chelem (FR-4.3, FR-7.4)."""
    players = seat_choices(sheet.names)
    fields = [field(_("Taker"), select("taker", players, form, "0"))]
    if sheet.players == 5:
        fields.append(field(_("Partner (called King)"),
                            select("partner", [("", _("Nobody: the taker is alone"))] + players, form, "")))
    contracts = [(c.value, _(CONTRACT_WORDS[c])) for c in Contract]
    fields.append(field(_("Contract"), select("contract", contracts, form, "prise")))
    points = escape(form.get("sheet-points", ""))
    fields.append(field(_("Card points of the taker's side"),
                        Markup('<input id="sheet-points" type="text" inputmode="decimal" value="{points}" '
                               'placeholder="0–91" autocomplete="off">').format(points=points)))
    fields.append(field(_("Bouts"), select("bouts", [(str(n), str(n)) for n in range(4)], form, "0")))
    sides = [("", _("Nobody")), ("attack", _("Taker's side")), ("defence", _("Defence"))]
    fields.append(field(_("Petit au bout"), select("petit", sides, form, "")))
    fields.append(field(_("Chelem"), select("chelem", [(v, _(t)) for v, t in CHELEMS], form, "no:none")))
    sizes = [("", "–")] + [(p.value, poignee_word(p)) for p in PoigneeSize]
    poignees = Markup("").join(
        field(name, select(f"poignee-{i}", sizes, form, "", label=_("Poignée of {name}").format(name=name)),
              "small")
        for i, name in enumerate(sheet.names))
    return Markup('<div class="fields">{fields}</div>'
                  '<fieldset class="per-player"><legend>{legend}</legend>{poignees}</fieldset>').format(
        fields=Markup("").join(fields), legend=_("Poignée shown"), poignees=poignees)


def deal(values: dict[str, str], players: int) -> dict:
    """The French deal (:mod:`tarot_core.scoresheet`'s form) of the form's ``values`` (by field
    id, :func:`field_ids`) at ``players``: taker, partner (5 players), contract,
    points, bouts, petit au bout, each player's poignée (FR-4.4), the chelem (FR-7.4).
    Raises :class:`SheetError` naming the field for a value that is not a number."""
    get = lambda field: values.get(f"sheet-{field}", "")  # noqa: E731
    deal: dict = {"taker": whole_number(get("taker"), "taker")}
    if players == 5:
        deal["partner"] = seat_or_none(get("partner"), "partner")
    deal["contract"] = get("contract")
    deal["points"] = card_points(get("points"), halves=True)
    deal["bouts"] = whole_number(get("bouts"), "bouts")
    deal["petit_au_bout"] = get("petit") or None
    poignees = [{"seat": i, "size": get(f"poignee-{i}")} for i in range(players) if get(f"poignee-{i}")]
    if poignees:
        deal["poignees"] = poignees
    announced, __, made_by = (get("chelem") or "no:none").partition(":")
    if (announced, made_by) != ("no", "none"):
        deal["chelem"] = {"announced": announced == "yes", "made_by": None if made_by == "none" else made_by}
    return deal


def summary(sheet, index: int) -> tuple[str, tuple[int, ...], bool]:
    """Deal ``index`` of ``sheet`` for the running sheet: its contract in the player's language,
    the seats of who took it (the taker, then the called partner when there is one), and whether
    the contract was made (FR-7)."""
    deal, result = sheet.deals[index], sheet.results[index]
    seats = (deal["taker"],) + ((deal["partner"],) if deal.get("partner") is not None else ())
    return _(CONTRACT_WORDS[Contract.parse(deal["contract"])]), seats, result.made


def reason_field(name: str, value) -> str | None:
    """A field of a refusal's reason (:data:`IMPOSSIBLE`) in words, or ``None`` for a number:
    French Tarot's reasons hold numbers only."""
    return None
