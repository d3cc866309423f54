"""French Tarot's deal form on the score sheet (:mod:`tarot_page.render_sheet`): its fields as
HTML and the deal read back from them (FR-7, the ``score`` command's French input)."""

from __future__ import annotations

from tarot_page.i18n import N_, _
from tarot_page.markup import Markup, escape
from tarot_page.sheet_form import _field, _int, _players, _points, _seat_or_none, _select
from tarot_page.games.french.render import CONTRACT_WORDS
from tarot_core.french.contracts import Contract, PoigneeSize

#: The French chelem's choices: ``"<announced>:<made_by>"`` (FR-4.3, FR-7.4).
CHELEMS = (("no:none", N_("None")),
           ("no:attack", N_("Made by the taker's side, not announced")),
           ("yes:attack", N_("Announced and made")),
           ("yes:none", N_("Announced, not made")),
           ("no:defence", N_("Made by the defence")),
           ("yes:defence", N_("Announced, made by the defence")))

def french_form_html(sheet, form: dict) -> str:
    """The French deal's fields (FR-7, the ``score`` command's French input): taker; at five the
    called partner (or nobody: alone, FR-4.2); contract; the taker's side's card points (0–91,
    halves allowed, FR-7.3) and bouts (0–3); petit au bout (FR-6.4); each player's poignée
    (FR-4.4); the chelem (FR-4.3, FR-7.4)."""
    players = _players(sheet.names)
    fields = [_field(_("Taker"), _select("taker", players, form, "0"))]
    if sheet.players == 5:
        fields.append(_field(_("Partner (called King)"),
                             _select("partner", [("", _("Nobody: the taker is alone"))] + players, form, "")))
    contracts = [(c.value, _(CONTRACT_WORDS[c])) for c in Contract]
    fields.append(_field(_("Contract"), _select("contract", contracts, form, "prise")))
    points = escape(form.get("sheet-points", ""))
    fields.append(_field(_("Card points of the taker's side"),
                         Markup('<input id="sheet-points" type="text" inputmode="decimal" value="{points}" '
                                'placeholder="0–91" autocomplete="off">').format(points=points)))
    fields.append(_field(_("Bouts"), _select("bouts", [(str(n), str(n)) for n in range(4)], form, "0")))
    sides = [("", _("Nobody")), ("attack", _("Taker's side")), ("defence", _("Defence"))]
    fields.append(_field(_("Petit au bout"), _select("petit", sides, form, "")))
    fields.append(_field(_("Chelem"), _select("chelem", [(v, _(t)) for v, t in CHELEMS], form, "no:none")))
    sizes = [("", "–")] + [(p.value, _poignee(p)) for p in PoigneeSize]
    poignees = Markup("").join(
        _field(name, _select(f"poignee-{i}", sizes, form, "", label=_("Poignée of {name}").format(name=name)),
               "small")
        for i, name in enumerate(sheet.names))
    return Markup('<div class="fields">{fields}</div>'
                  '<fieldset class="per-player"><legend>{legend}</legend>{poignees}</fieldset>').format(
        fields=Markup("").join(fields), legend=_("Poignée shown"), poignees=poignees)


def _poignee(size: PoigneeSize) -> str:
    from tarot_page.games.french import render

    return render.poignee_word(size)


def french_deal(values: dict[str, str], players: int) -> dict:
    """The French deal (:mod:`tarot_core.scoresheet`'s form) of the form's ``values`` (by field
    id, :func:`render_sheet.field_ids`) at ``players``: taker, partner (5 players), contract,
    points, bouts, petit au bout, each player's poignée (FR-4.4), the chelem (FR-7.4).
    Raises :class:`SheetError` naming the field for a value that is not a number."""
    get = lambda field: values.get(f"sheet-{field}", "")  # noqa: E731
    deal: dict = {"taker": _int(get("taker"), "taker")}
    if players == 5:
        deal["partner"] = _seat_or_none(get("partner"), "partner")
    deal["contract"] = get("contract")
    deal["points"] = _points(get("points"), halves=True)
    deal["bouts"] = _int(get("bouts"), "bouts")
    deal["petit_au_bout"] = get("petit") or None
    poignees = [{"seat": i, "size": get(f"poignee-{i}")} for i in range(players) if get(f"poignee-{i}")]
    if poignees:
        deal["poignees"] = poignees
    announced, __, made_by = (get("chelem") or "no:none").partition(":")
    if (announced, made_by) != ("no", "none"):
        deal["chelem"] = {"announced": announced == "yes", "made_by": None if made_by == "none" else made_by}
    return deal
