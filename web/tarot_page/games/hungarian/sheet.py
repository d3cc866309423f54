"""Hungarian Tarokk's deal form on the score sheet (:mod:`tarot_page.render_sheet`,
:mod:`tarot_page.sheet`): its fields as HTML, their ids, the deal read back from them (HU-8, with
the HU-6 bonuses: the ``score`` command's Hungarian input), the rule profile of a new sheet
(HU-10), a deal in a few words, and the words of its refusals. The adapter
(:data:`tarot_page.games.hungarian.ADAPTER`) carries this module as its ``sheet``
(:class:`tarot_page.adapter.Adapter`)."""

from __future__ import annotations

from tarot_page.i18n import N_, _, pgettext
from tarot_page.markup import Markup
from tarot_page.sheet_form import card_points, field, seat_choices, seat_or_none, select, whole_number
from tarot_page.games.hungarian import render as render_hu
from tarot_core.scoresheet import SheetError

#: The card points of a whole deal (HU-1): a deal's points are from 0 to that.
CARD_POINTS = 94
#: The form's fields by the deal's key, as an error names them (English; translated where shown).
FIELD_WORDS = {
    "partner": N_("Partner"), "points": N_("Card points"), "declarer": N_("Declarer"), "out": N_("Sits out"),
    "bid": N_("Bid"), "tricks": N_("Tricks"), "announced": N_("Announcements"), "made": N_("Made"),
    "tarokks": N_("Eight or nine tarokks"), "multiplier": N_("Doubled round"),
}
#: The scoring's reasons for refusing a deal that no play of the cards can give
#: (``check_possible``: :class:`tarot_core.errors.Message` templates, translated where shown).
IMPOSSIBLE = frozenset({
    N_("with these tricks after this bid the declarer's side holds from {low} to {high} card points, "
       "not {points} (HU-1, HU-4)"),
    N_("{bonus} cannot have been made with these tricks and card points (HU-6)"),
})
#: The label of the new sheet's choice of rule profile (HU-10).
PROFILE_LABEL = N_("Hungarian Tarokk rules")
#: The Hungarian bonuses of the form, in the ``score`` command's order (``game``: its kontra only).
BONUSES = ("game", "double_game", "volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch")
#: The bonuses whose making the form asks (double game and volát follow from points and tricks).
MADE = ("trull", "four_kings", "xxi_catch")
#: The sides a Hungarian item is announced for or made by (``""``: nobody).
HU_SIDES = ("", "declarer", "opponents")
#: The pagát in the last trick (HU-6): ``"<side>-<won|lost>"``.
PAGAT_CHOICES = (("", "–"),
                 ("declarer-won", N_("Declarer's side, won the trick")),
                 ("declarer-lost", N_("Declarer's side, lost the trick")),
                 ("opponents-won", N_("Opponents, won the trick")),
                 ("opponents-lost", N_("Opponents, lost the trick")))
#: The round's multiplier (HU-8.4).
MULTIPLIERS = ("1", "2", "4", "8")


def field_ids(players: int) -> tuple[str, ...]:
    """The ``id`` of every field of the deal form at ``players`` (what :mod:`tarot_page.sheet`
    reads back)."""
    ids = ["sheet-declarer", "sheet-partner", "sheet-bid", "sheet-points", "sheet-tricks", "sheet-pagat",
           "sheet-multiplier"]
    if players == 5:
        ids.append("sheet-out")
    ids += [f"sheet-ann-{b}" for b in BONUSES if b != "game"] + [f"sheet-kontra-{b}" for b in BONUSES]
    ids += [f"sheet-made-{b}" for b in MADE] + [f"sheet-tarokks-{i}" for i in range(players)]
    return tuple(ids)


def profile_html(form: dict, profile: str) -> str:
    """The new sheet's choice of rule profile (``sheet-profile``, HU-10): ``form``'s, else
    ``profile``, selected."""
    profiles = select("profile", [(p, _(name)) for p, name, __ in render_hu.PROFILE_NAMES], form, profile)
    return field(_(PROFILE_LABEL), profiles)


def profile_name(profile: str) -> str | None:
    """A sheet's rule profile in words (HU-10), for its title."""
    return _(dict((p, n) for p, n, __ in render_hu.PROFILE_NAMES)[profile])


def _kontra_options() -> list[tuple[str, str]]:
    return [("0", "–")] + [(str(k), _(render_hu.KONTRA_WORDS[k])) for k in range(1, 6)]


def _side_options() -> list[tuple[str, str]]:
    return [("", "–"), ("declarer", _("Declarer's side")), ("opponents", _("Opponents"))]


def form_html(sheet, form: dict) -> str:
    """The Hungarian deal's fields (HU-8, the ``score`` command's Hungarian input): declarer,
    partner (or nobody: alone, HU-5), at five who sits out (HU-9), bid (HU-3), the declarer's
    side's card points (0–94) and tricks (0–9); each bonus announced (by which side) and its
    kontra level, the game's kontra (HU-6); trull, four kings and the XXI catch made by which
    side, the pagát in the last trick; eight or nine tarokks by player (HU-6.3); the round's
    multiplier (HU-8.4)."""
    players = seat_choices(sheet.names)
    fields = [field(_("Declarer"), select("declarer", players, form, "0")),
              field(_("Partner"), select("partner", [("", _("Nobody: the declarer is alone"))] + players, form,
                                         "1"))]
    if sheet.players == 5:
        fields.append(field(_("Sits out (the dealer)"), select("out", players, form, "4")))
    bids = [(b, _(w)) for b, w in render_hu.BID_WORDS.items()]
    fields.append(field(_("Bid"), select("bid", bids, form, "three")))
    fields.append(field(_("Card points of the declarer's side"),
                        Markup('<input id="sheet-points" type="text" inputmode="numeric" '
                               'value="{}" placeholder="0–94" autocomplete="off">').format(
                            form.get("sheet-points", ""))))
    fields.append(field(_("Tricks of the declarer's side"),
                        select("tricks", [("", "–")] + [(str(n), str(n)) for n in range(10)], form, "")))
    fields.append(field(_("Doubled round"), select("multiplier", [(m, f"×{m}") for m in MULTIPLIERS], form, "1")))
    kontras = _kontra_options()
    rows = []
    for b in BONUSES:
        name = _(render_hu.BONUS_WORDS[b][0])
        if b == "game":
            who = Markup('<span class="fixed">{}</span>').format(_("Declarer's side"))
        else:
            who = select(f"ann-{b}", _side_options(), form, "", label=_("{bonus}: announced by").format(bonus=name))
        kontra = select(f"kontra-{b}", kontras, form, "0", label=_("{bonus}: kontra").format(bonus=name))
        rows.append(Markup('<tr data-bonus="{b}"><th scope="row">{name}</th><td>{who}</td><td>{kontra}</td></tr>')
                    .format(b=b, name=name, who=who, kontra=kontra))
    announced = Markup('<table class="bonuses"><caption>{caption}</caption>'
                       '<thead><tr><th></th><th scope="col">{by}</th>'
                       '<th scope="col">{kontra}</th></tr></thead>'
                       '<tbody>{rows}</tbody></table>').format(
        caption=_("Announcements"), by=_("Announced by"), kontra=pgettext("column", "Kontra"),
        rows=Markup("").join(rows))
    made = Markup("").join(field(_(render_hu.BONUS_WORDS[b][0]), select(f"made-{b}", _side_options(), form, ""))
                           for b in MADE)
    pagat = [(v, _(t) if v else t) for v, t in PAGAT_CHOICES]
    made += field(_("Pagát in the last trick"), select("pagat", pagat, form, ""))
    counts = [("", "–"), ("8", _("Eight tarokks")), ("9", _("Nine tarokks"))]
    tarokks = Markup("").join(
        field(name, select(f"tarokks-{i}", counts, form, "", label=_("Tarokks of {name}").format(name=name)),
              "small")
        for i, name in enumerate(sheet.names))
    return Markup('<div class="fields">{fields}</div>{announced}'
                  '<fieldset class="made"><legend>{made_legend}</legend>'
                  '<div class="fields">{made}</div></fieldset>'
                  '<fieldset class="per-player"><legend>{tarokks_legend}</legend>{tarokks}</fieldset>').format(
        fields=Markup("").join(fields), announced=announced, made_legend=_("Made (announced or silent)"),
        made=made, tarokks_legend=_("Eight or nine tarokks"), tarokks=tarokks)


def deal(values: dict[str, str], players: int) -> dict:
    """The Hungarian deal of the form's ``values`` at ``players``: declarer, partner (none:
    alone), who sits out (5 players), bid, points, tricks, the announcements (the side, the kontra
    level; the game's kontra), the bonuses made, the pagát in the last trick, the tarokk counts,
    the multiplier (HU-8, HU-6). Raises :class:`SheetError` naming the field: a value that is not
    a number, a kontra on a bonus nobody announced."""
    get = lambda field: values.get(f"sheet-{field}", "")  # noqa: E731
    deal: dict = {"declarer": whole_number(get("declarer"), "declarer"),
                  "partner": seat_or_none(get("partner"), "partner")}
    if players == 5:
        deal["out"] = seat_or_none(get("out"), "out")
    deal["bid"] = get("bid")
    deal["points"] = card_points(get("points"), halves=False)
    deal["tricks"] = whole_number(get("tricks"), "tricks")
    announced = []
    for bonus in BONUSES:
        kontra = whole_number(get(f"kontra-{bonus}") or "0", "announced")
        if bonus == "game":
            if kontra:
                announced.append({"bonus": "game", "side": "declarer", "kontra": kontra})
            continue
        side = get(f"ann-{bonus}")
        if side:
            announced.append({"bonus": bonus, "side": side, "kontra": kontra})
        elif kontra:
            raise SheetError("announced", f"a kontra on {bonus}, which nobody announced")
    if announced:
        deal["announced"] = announced
    made: dict = {b: get(f"made-{b}") or None for b in MADE}
    pagat = get("pagat")
    if pagat:
        side, __, outcome = pagat.partition("-")
        made["pagat_ultimo"] = {"side": side, "won": outcome == "won"}
    if any(v is not None for v in made.values()):
        deal["made"] = {k: v for k, v in made.items() if v is not None}
    tarokks = [{"seat": i, "count": whole_number(get(f"tarokks-{i}"), "tarokks")}
               for i in range(players) if get(f"tarokks-{i}")]
    if tarokks:
        deal["tarokks"] = tarokks
    deal["multiplier"] = whole_number(get("multiplier") or "1", "multiplier")
    return deal


def summary(sheet, index: int) -> tuple[str, tuple[int, ...], bool]:
    """Deal ``index`` of ``sheet`` for the running sheet: its bid in the player's language, the
    seats of the declarer and the partner (when not alone, HU-5), and whether the declarer's
    side won (HU-8)."""
    deal, result = sheet.deals[index], sheet.results[index]
    seats = (deal["declarer"],) + ((deal["partner"],) if deal.get("partner") is not None else ())
    return _(render_hu.BID_WORDS[deal["bid"]]), seats, result.winner.value == "declarer"


def reason_field(name: str, value) -> str | None:
    """A field of a refusal's reason (:data:`IMPOSSIBLE`) in words, or ``None`` for a number: a
    bonus by its name (HU-6)."""
    if name == "bonus":
        return _(render_hu.BONUS_WORDS[value][0]) if value in render_hu.BONUS_WORDS else str(value)
    return None
