"""What the French Tarot table shows, as HTML text: plain Python, no browser in sight.

The screens both games share are :mod:`tarot_page.screens`'s, the drawing pieces both tables use
:mod:`tarot_page.common`'s.

Every function here returns a string of HTML (or a small value) computed from its arguments
only. The table is drawn from your seat's view (:class:`tarot_core.french.SeatView`, seat
:data:`YOU`) and from :class:`Screen`, the page's own state (the match's scores, what you are
choosing, which sheet is open, a notice); nothing here reads a :class:`~tarot_core.french.FrenchDeal`
or another seat's hand, so nothing hidden can reach the page. ``table.py`` puts the strings into
the page; ``tests/web/test_web_render.py`` checks them in CPython.

Every text a player reads is in the player's language (:mod:`i18n`; English is the messages
themselves): marked with ``_`` (``N_`` for the catalogues below, translated where shown), never
the engine's English (contracts: :func:`contract_label`). The hooks (``data-*``, classes, the
``data-row`` slugs) never depend on the language.

The markup is the contract with ``style.css`` and the e2e tests: the ``data-action`` /
``data-value`` / ``data-card`` attributes of a clickable element are what
:func:`controller.command_for` reads back.

Seats are numbered in playing order (FR-2): you are seat 0 at the bottom and play passes to your
right, counter-clockwise.
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page import common, i18n
from tarot_page.common import (POSITIONS, YOU, Choices, Screen, _next_button, back_html, chooser_cards,
                               deal_sheet_html, game_tabs_html, language_menu_html, level_html, list_html,
                               notice_html, opponents_text, play_cards, played_text, plays_and_tricks, resume_html,
                               review_index, review_sheet, role_html, said_text, sheet_button, signed, slug,
                               standings_html, table_size_html, topbar_html)
from tarot_page.i18n import N_, _, ngettext, npgettext, pgettext
from tarot_page.markup import Markup, escape
from tarot_core.french import Bid, Call, Chelem, Discard, Phase, Play, Poignee
from tarot_core.french.cards import Card, format_card, parse_card
from tarot_core.french.contracts import POIGNEE_THRESHOLDS, TARGETS, Contract, PoigneeSize, Side

#: The players' names, yours first ("You", translated where shown: :func:`seat_names`).
NAMES = {
    3: (N_("You"), "Hugo", "Léa"),
    4: (N_("You"), "Hugo", "Léa", "Camille"),
    5: (N_("You"), "Hugo", "Léa", "Camille", "Nina"),
}
#: The suits and court cards in words (translated where shown: :func:`card_name`).
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_NAMES = {"J": N_("Jack"), "N": N_("Knight"), "Q": N_("Queen"), "K": N_("King")}
RANK_LETTERS = {"N": "Kn"}  #: on the cards in English: "Kn" for a Knight, the notation's letter otherwise


def rank_letter(rank: str) -> str:
    """The letter(s) a court card's corner shows for ``rank`` (the FR-1.1 rank: ``"K"``, ``"Q"``,
    ``"N"``, ``"J"``), in the player's language (English K, Q, Kn, J; French R, D, C, V); a
    number rank as it is."""
    if rank == "K":
        return pgettext("King, on the card", "K")
    if rank == "Q":
        return pgettext("Queen, on the card", "Q")
    if rank == "N":
        return pgettext("Knight, on the card", "Kn")
    if rank == "J":
        return pgettext("Jack, on the card", "J")
    return rank
RED = {"H", "D"}
#: The contracts as the page names them (the engine's ``Contract.label``, for the catalogues;
#: translated where shown: :func:`contract_label`).
CONTRACT_WORDS = {Contract.PRISE: N_("Prise"), Contract.GARDE: N_("Garde"),
                  Contract.GARDE_SANS: N_("Garde sans"), Contract.GARDE_CONTRE: N_("Garde contre")}
#: The phases in which a seat's bubble shows its bid (later on: its poignée or chelem).
BIDDING_PHASES = (Phase.BIDDING, Phase.CALL, Phase.ECART, Phase.CHELEM)


def seat_names(players: int) -> tuple[str, ...]:
    """The players' names at a French table of ``players`` as the page shows them
    (:data:`NAMES`, "You" in the player's language)."""
    names = NAMES[players]
    return (_(names[0]),) + names[1:]


def contract_label(c: Contract) -> str:
    """A contract's name in the player's language (:data:`CONTRACT_WORDS`): "Prise", "Garde",
    "Garde sans", "Garde contre" in English, as the engine's ``Contract.label``."""
    return _(CONTRACT_WORDS[c])


def poignee_word(size: PoigneeSize) -> str:
    """A poignée's size in words: "simple", "double", "triple" (the engine's ``PoigneeSize.value``)."""
    if size is PoigneeSize.SIMPLE:
        return pgettext("poignée", "simple")
    if size is PoigneeSize.DOUBLE:
        return pgettext("poignée", "double")
    return pgettext("poignée", "triple")


def card_name(card: Card) -> str:
    """The card in words, in the player's language: "King of hearts", "trump 21", "the Excuse"."""
    if card.is_excuse:
        return _("the Excuse")
    if card.is_trump:
        return _("trump {number}").format(number=card.rank)
    rank = format_card(card)[:-1]
    word = _(RANK_NAMES[rank]) if rank in RANK_NAMES else rank
    return _("{rank} of {suit}").format(rank=word, suit=_(SUIT_NAMES[card.suit.value]))


def cards_text(cards) -> str:
    """Cards in words, as a list: "King of hearts, trump 3"."""
    return i18n.list_text([card_name(c) for c in cards])


def card_label(card: Card) -> str:
    """The card as its corner shows it: "K♥", "Kn♠", "10♦", "21" (a trump), "★" (the Excuse)."""
    if card.is_excuse:
        return "★"
    if card.is_trump:
        return str(card.rank)
    rank = format_card(card)[:-1]
    return f"{rank_letter(rank)}{card.suit.symbol}"


def card_html(card: Card, *, attrs: str = "", classes: str = "", tag: str = "div") -> str:
    """One card drawn as DOM: rank and suit in the corner (its ``data-corner``, which style.css
    draws, so that the card's text is the middle figure alone, which its spoken name contains), a
    large symbol in the middle.

    ``attrs`` is raw attribute text added to the element (e.g. ``'data-action="play"'``),
    ``classes`` extra classes, ``tag`` the element (``"button"`` for a card you may click). The
    element carries ``data-card`` (the FR-1.1 token) and an ``aria-label`` in words.
    """
    token = format_card(card)
    corner = card_label(card)
    if card.is_excuse:
        face, kind = "★", "excuse"
    elif card.is_trump:
        face, kind = str(card.rank), "trump"
        if card.rank in (1, 21):
            kind += " bout"
    else:
        rank = token[:-1]
        face = card.suit.symbol if rank.isdigit() else rank_letter(rank)
        kind = "red" if card.suit.value in RED else "black"
    wide = " wide" if kind in ("red", "black") and len(face) > 1 else ""  # "Kn": keep it in the visible strip
    return Markup('<{tag} class="card {kind} {classes}" data-card="{token}" aria-label="{name}" {attrs}>'
                  '<span class="corner" data-corner="{corner}"></span><span class="face{wide}">{face}</span></{tag}>'
                  ).format(tag=tag, kind=kind, classes=classes, token=token, name=card_name(card), attrs=attrs,
                           corner=corner, wide=wide, face=face)


# --- the table -------------------------------------------------------------------------------

def ecart_candidates(v) -> set[Card]:
    """The cards your view lets you put in the écart now (its legal ``Discard`` actions)."""
    return {a.card for a in v.legal if isinstance(a, Discard)}


def trumps_put_aside(v) -> list[Card]:
    """The trumps in another seat's écart, which everyone sees (FR-4.1); none in your own."""
    return [] if v.taker == YOU else [c for c in v.ecart if c.is_trump]


def status_line(v, screen: Screen) -> str:
    """The status line (``#status``): whose turn it is and what to do, in one sentence."""
    if screen.superseded:
        return _("Another tab has this game now.")
    names = screen.match.names
    choices = screen.choices
    if v.phase is Phase.THROWN_IN:
        if v.thrown_in == "petit_sec":
            seat = v.petit_sec_seat
            if seat == YOU:
                return _("You have the Petit sec: the deal is cancelled.")
            return _("{name} has the Petit sec: the deal is cancelled.").format(name=names[seat])
        return _("Everyone passed: the deal is thrown in.")
    if v.phase is Phase.DONE:
        return _("The match is over.") if screen.match.is_over else _("The deal is over.")
    if v.turn != YOU:
        doing = {Phase.BIDDING: N_("{name} is bidding…"), Phase.CALL: N_("{name} is calling a King…"),
                 Phase.ECART: N_("{name} is making the écart…"),
                 Phase.CHELEM: N_("{name} is deciding on a chelem…"), Phase.PLAY: N_("{name} is playing…")}[v.phase]
        return _(doing).format(name=names[v.turn])
    if v.phase is Phase.BIDDING:
        return _("Your turn to bid: choose a contract or pass.")
    if v.phase is Phase.CALL:
        return _("Call a King: whoever holds it is your partner.")
    if v.phase is Phase.ECART:
        # FR-4.1, as the hand shows it (the chooser says why it refuses a set); within two
        # lines on a phone.
        size = v.chien_size
        if len(choices.selected) == size and screen.ecart_problem is None:
            return ngettext("All {count} chosen: put them aside, or change some.",
                            "All {count} chosen: put them aside, or change some.", size).format(count=size)
        if any(c.is_trump for c in ecart_candidates(v)):
            text = ngettext("Your écart: choose {count} card (no King, bout).",
                            "Your écart: choose {count} cards (no King, bout).", size)
        else:
            text = ngettext("Your écart: choose {count} card (no King, bout or trump).",
                            "Your écart: choose {count} cards (no King, bout or trump).", size)
        return text.format(count=size)
    if v.phase is Phase.CHELEM:
        return _("You may announce a chelem: winning every trick.")
    if not choices.poignee_declined and any(isinstance(a, Poignee) for a in v.legal):
        return _("Your turn: show a poignée or not, then play a card.")
    if not v.trick:  # at five players, not the called suit in the first trick (FR-4.2)
        plays = sum(1 for a in v.legal if isinstance(a, Play))
        return (_("Your turn: lead any card.") if plays == len(v.hand)
                else _("Your turn: lead one of the highlighted cards."))
    return _("Your turn: play one of the highlighted cards.")


def table_html(v, screen: Screen) -> str:
    """The whole table for view ``v``: notice, top bar, seats, centre, panel, your hand, and the
    sheet open over it (the one ``screen.overlay`` names, else the result once the deal is over)."""
    parts = [notice_html(screen.notice, screen.superseded), header_html(v, screen),
             Markup('<section class="table players-{}">').format(v.players)]
    parts += [seat_html(v, seat, screen.match) for seat in range(v.players)]
    parts.append(centre_html(v))
    parts.append(hint_html(v, screen.hint))  # in the felt's bottom-right corner, over nothing
    parts.append(Markup("</section>"))
    parts.append(panel_html(v, screen.choices, screen.ecart_problem))
    parts.append(hand_html(v, screen.choices, hinted_cards(v, screen.hint)))
    if screen.overlay == "scores":
        parts.append(scores_html(screen.match))
    elif screen.overlay == "review" and v.tricks:
        parts.append(review_html(v, screen.review_index))
    elif screen.overlay == "standings":
        parts.append(standings_html(screen.match))
    elif v.phase in (Phase.DONE, Phase.THROWN_IN):
        parts.append(result_html(v, screen))
    return Markup("").join(parts)


def header_html(v, screen: Screen) -> str:
    """The top bar: the deal's number (and the daily's date), the status line, the contract and
    called-card chips, and the Scores / New match buttons."""
    m = screen.match
    names = m.names
    chips = []
    if v.contract is not None:
        # On a phone, the contract alone: the table says who took (the TAKER badge) and
        # whether a chelem was announced (the taker's bubble).
        who, what = escape(_("{name}: ").format(name=names[v.taker])), escape(contract_label(v.contract))
        chelem = " · " + escape(pgettext("announced", "chelem")) if v.chelem_announced else ""
        chips.append(Markup('<span class="contract" title="{who}{what}{chelem}"><span class="long">{who}</span>'
                            '{what}<span class="long">{chelem}</span></span>').format(
            who=who, what=what, chelem=chelem))
    if v.called is not None:
        # In words, or on a phone as on the card ("K♥"), which keeps the chips on one row.
        called = escape(_("Called: {card}").format(card=card_name(v.called)))
        short = escape(_("Called {card}").format(card=card_label(v.called)))
        chips.append(Markup('<span class="contract called" title="{called}"><span class="long">{called}</span>'
                            '<span class="short">{short}</span></span>').format(called=called, short=short))
    return topbar_html(m, v.phase is Phase.DONE, status_line(v, screen), chips)


def seat_message(v, seat: int) -> str | None:
    """The bubble by ``seat``'s name: its bid while the contract is being settled (bidding, the
    call, the écart, the chelem question); later the poignée it showed, or the chelem the taker
    announced; ``None`` for no bubble."""
    if v.phase in BIDDING_PHASES:
        for s, contract in v.bids:
            if s == seat:
                return contract_label(contract) if contract else pgettext("bid", "Pass")
        return None
    shown = [p for p in v.poignees if p.seat == seat]
    if shown:
        count = len(shown[-1].cards)
        return ngettext("Poignée of {count}", "Poignée of {count}", count).format(count=count)
    if v.chelem_announced and seat == v.taker:
        return _("Chelem announced")
    return None


def seat_html(v, seat: int, match: MatchInfo) -> str:
    """One seat around the table: name, match score, badges (dealer, taker, partner once your
    view knows it), its bubble, tricks won, face-down cards, and a poignée shown during the first
    trick."""
    badges = []
    if seat == v.dealer:
        badges.append(Markup('<span class="badge dealer">{}</span>').format(_("Dealer")))
    if seat == v.taker:
        badges.append(Markup('<span class="badge taker">{}</span>').format(_("Taker")))
    if v.partner_known and v.partner == seat:
        badges.append(Markup('<span class="badge partner">{}</span>').format(_("Partner")))
    active = " active" if v.turn == seat else ""
    msg = seat_message(v, seat)
    bubble = Markup('<span class="bubble">{msg}</span>').format(msg=msg) if msg else ""
    info = ""
    if v.phase in (Phase.PLAY, Phase.DONE):
        won = sum(1 for t in v.tricks if t.winner == seat)
        tricks = ngettext("{count} trick", "{count} tricks", won).format(count=won)
        info = Markup('<span class="tricks">{tricks}</span>').format(tricks=tricks)
    score = Markup('<span class="total" title="{}">{}</span>').format(_("Match score"), signed(match.totals[seat]))
    cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
    shown = Markup("").join(
        Markup('<div class="poignee-shown" title="{}">{}</div>').format(
            _("Poignée shown"), Markup("").join(card_html(c, classes="mini") for c in p.cards))
        for p in v.poignees if p.seat == seat and seat != YOU and v.phase is Phase.PLAY and len(v.tricks) < 2
    )
    position = POSITIONS[v.players][seat]
    return Markup('<div class="seat pos-{position}{active}" data-seat="{seat}">'
                  '<div class="name">{name} {score} {badges}</div>'
                  "{bubble}{info}{cards}{shown}</div>").format(
        position=position, active=active, seat=seat, name=match.names[seat], score=score,
        badges=Markup("").join(badges), bubble=bubble, info=info, cards=cards, shown=shown)


def centre_html(v) -> str:
    """The middle of the table: the chien (face down, or shown to all), the trumps put aside, or
    the trick (the current one, else the last one with its winner)."""
    if v.phase in (Phase.BIDDING, Phase.CALL):
        inner = Markup('<div class="chien"><div class="label">{}</div>{}</div>').format(
            _("The chien"), back_html(v.chien_size))
    elif v.phase in (Phase.ECART, Phase.CHELEM) and v.chien is not None:
        if v.phase is Phase.ECART and v.taker == YOU:
            # Its cards are in your hand too, tagged "chien": a small phone shows only the
            # words, so that the hand you choose from fits the screen (style.css).
            inner = Markup('<div class="chien yours"><div class="label all">{label}</div>'
                           '<div class="label in-hand">{in_hand}</div>'
                           '<div class="cards">{cards}</div></div>').format(
                label=_("The chien, shown to all"),
                in_hand=_("The chien (shown to all): in your hand, tagged “chien”"),
                cards=Markup("").join(card_html(c) for c in v.chien))
        elif v.phase is Phase.ECART:
            inner = Markup('<div class="chien"><div class="label">{}</div><div class="cards">{}</div></div>').format(
                _("The chien, shown to all"), Markup("").join(card_html(c) for c in v.chien))
        else:
            inner = Markup('<div class="chien"><div class="label">{}</div></div>').format(
                _("The taker has made the écart"))
        shown = trumps_put_aside(v)
        if shown:
            inner += Markup('<div class="label">{}</div>').format(
                _("Trumps put aside: {cards}").format(cards=cards_text(shown)))
    elif v.phase in (Phase.ECART, Phase.CHELEM):
        inner = Markup('<div class="chien"><div class="label">{}</div>{}</div>').format(
            _("The chien stays face down"), back_html(v.chien_size))
    elif v.phase is Phase.THROWN_IN:
        inner = ""
    else:
        cards, winner = v.trick, None
        if not cards and v.tricks:
            cards, winner = v.tricks[-1].cards, v.tricks[-1].winner
        inner = trick_html(v.players, cards, winner)
        first_trick = not v.tricks or (len(v.tricks) == 1 and not v.trick)
        if v.phase is Phase.PLAY and first_trick and v.taker != YOU:
            # A computer taker's chien was shown only briefly: keep it in words until the
            # second trick starts, with the trumps put aside (shown to all, FR-4.1).
            notes = []
            if v.chien is not None:
                notes.append((N_("Chien shown: {cards}"), v.chien))
            shown = trumps_put_aside(v)
            if shown:
                notes.append((N_("Trumps put aside: {cards}"), shown))
            inner += Markup("").join(
                Markup('<div class="label chien-note" data-cards="{}">{}</div>').format(
                    " ".join(map(format_card, named)), _(label).format(cards=cards_text(named)))
                for label, named in notes)
    return Markup('<div class="centre">{inner}</div>').format(inner=inner)


def bid_help_html(v) -> str:
    """What the contracts offered mean, for a newcomer: how each one scores and treats the
    chien (from the engine's Contract), and the card points needed by number of bouts; ``""``
    when no contract is offered."""
    groups: dict[str, list[str]] = {}  # by the sentence (its English message), in order
    for a in v.legal:
        c = a.contract
        if c is None:
            continue
        chien = (N_("{contracts}: you take the chien and make an écart.") if c.chien_seen else
                 N_("{contracts}: the chien counts for you, unseen.") if c is Contract.GARDE_SANS else
                 N_("{contracts}: the chien counts for the defence, unseen."))
        groups.setdefault(chien, []).append(escape(_("{contract} ×{factor}")).format(
            contract=Markup("<b>{}</b>").format(contract_label(c)), factor=c.multiplier))
    if not groups:
        return ""
    lines = [escape(_(chien)).format(contracts=list_html(names)) for chien, names in groups.items()]
    needs = i18n.list_text([
        _("{points} with no bout").format(points=t) if not n else
        npgettext("bouts", "{points} with {count}", "{points} with {count}", n).format(points=t, count=n)
        for n, t in enumerate(TARGETS)])
    lines.append(escape(_("Card points you need: {targets} (bouts: the 21, the 1, the Excuse ★).").format(
        targets=needs)))
    lines.append(escape(_("On the cards: T16 is trump 16, Kn a Knight (between Jack and Queen), ★ the Excuse.")))
    return Markup('<details class="bid-help"><summary>{}</summary><p>{}</p></details>').format(
        _("What do these contracts and cards mean?"), Markup("<br>").join(lines))


def _ecart_size_text(size: int = 0, **params) -> str:
    """The sentence of ``ecart_size`` for a chien of ``size`` cards (its plural by ``size``)."""
    return ngettext("Choose exactly {size} card, not {count}.", "Choose exactly {size} cards, not {count}.", size)


#: How the page words a rule the engine refused, by the error's message key
#: (:attr:`tarot_core.errors.IllegalActionError.key`): the engine names the case, the page
#: speaks to the player in the player's language. A sentence is an English message (translated
#: by :func:`rule_text`), or a function of the error's ``params`` giving the translated sentence
#: (for a plural).
RULE_TEXT = {
    "ecart_trump": N_("Trumps go aside only when you have too few other cards (FR-4.1)."),
    "ecart_king": N_("A King may not go aside (FR-4.1)."),
    "ecart_bout": N_("The 21, the Petit and the Excuse may not go aside (FR-4.1)."),
    "not_in_taker_hand": N_("{card} is not in your hand."),
    "ecart_same_card": N_("The same card is chosen twice."),
    "ecart_size": _ecart_size_text,
    "ecart_not_now": N_("The écart is already being made."),
}


def rule_text(error, catalogue: dict | None = None, general: bool = True) -> str | None:
    """The player's sentence for an engine's ``IllegalActionError`` (by its ``key`` and
    ``params``, from ``catalogue``: :data:`RULE_TEXT` by default; an English message there is
    translated here, and a French card token in ``params["card"]`` becomes the card's name:
    "King of hearts is not in your hand."), or ``None`` for no error; a key without its own sentence gets a general
    one (``None`` when not ``general``)."""
    if error is None:
        return None
    template = (RULE_TEXT if catalogue is None else catalogue).get(error.key)
    if template is None:
        if not general:
            return None
        if error.rule:
            return _("Not allowed by the rules ({rule}).").format(rule=error.rule)
        return _("Not allowed now.")
    template = template(**error.params) if callable(template) else _(template)
    params = dict(error.params)
    if catalogue is None and isinstance(params.get("card"), str):  # a French card token: its name
        try:
            params["card"] = card_name(parse_card(params["card"]))
        except ValueError:
            pass
    try:
        return i18n.upper_first(template.format(**params))
    except (KeyError, IndexError):
        return template


def panel_html(v, choices: Choices = Choices(), ecart_problem: str | None = None) -> str:
    """The panel above your hand at your turn: the legal bids, the cards you may call, the écart's
    confirm button and chelem box, the chelem question, or the poignées you may show; an empty
    panel otherwise."""
    if v.turn != YOU:
        return Markup('<div class="panel empty"></div>')
    buttons = []
    if v.phase is Phase.BIDDING:
        for a in v.legal:
            value = a.contract.value if a.contract else "pass"
            label = contract_label(a.contract) if a.contract else pgettext("bid", "Pass")
            cls = "secondary" if a.contract is None else "primary"
            buttons.append(Markup('<button class="{cls}" data-action="bid" data-value="{value}">{label}</button>')
                           .format(cls=cls, value=value, label=label))
        return Markup('<div class="panel bidding">{}</div>').format(Markup("").join(buttons)) + bid_help_html(v)
    if v.phase is Phase.CALL:
        cards = Markup("").join(card_html(a.card, tag="button", classes="playable", attrs=Markup('data-action="call"'))
                                for a in v.legal if isinstance(a, Call))
        return Markup('<div class="panel call"><span class="hint">{hint}</span><div class="cards">{cards}</div>'
                      '<span class="note">{note}</span></div>').format(
            hint=_("Call:"), cards=cards, note=_("Call one of your own and you play alone."))
    if v.phase is Phase.ECART:
        size = v.chien_size
        chosen = len(choices.selected)
        reason = ecart_problem if chosen == size else None
        ok = chosen == size and reason is None
        hint = reason if reason else ngettext("{count} of {size} chosen", "{count} of {size} chosen",
                                              chosen).format(count=chosen, size=size)
        disabled = Markup("" if ok else " disabled")
        checked = Markup(" checked" if choices.announce_chelem else "")
        aside = ngettext("Put these {count} aside", "Put these {count} aside", size).format(count=size)
        return Markup('<div class="panel ecart">'
                      '<span class="hint">{hint}</span>'
                      '<button class="primary" data-action="ecart"{disabled}>{aside}</button>'
                      '<label class="check"><input type="checkbox" data-action="chelem-toggle"{checked}>'
                      ' {chelem}</label>'
                      "</div>").format(
            hint=hint, disabled=disabled, aside=aside, checked=checked, chelem=_("Announce a chelem (win every trick)"))
    if v.phase is Phase.CHELEM:
        return Markup('<div class="panel chelem"><span class="hint">{question}</span>'
                      '<button class="primary" data-action="chelem" data-value="no">{no}</button>'
                      '<button class="secondary" data-action="chelem" data-value="yes">{yes}</button></div>').format(
            question=_("Announce a chelem (every trick)?"), no=_("No, just play"), yes=_("Announce chelem"))
    offers = [a for a in v.legal if isinstance(a, Poignee)]
    if offers and not choices.poignee_declined:
        sizes = {n: size for size, n in POIGNEE_THRESHOLDS[v.players].items()}
        for a in offers:
            n = len(a.cards)
            long, short = poignee_offer(sizes[n], n)
            buttons.append(Markup('<button class="primary" data-action="poignee" data-value="{n}">'
                                  '<span class="long">{long}</span>'
                                  '<span class="short">{short}</span></button>').format(n=n, long=long, short=short))
        buttons.append(Markup('<button class="secondary" data-action="poignee-decline">{}</button>').format(
            _("Don’t show")))
        return Markup('<div class="panel poignee"><span class="hint">{}</span>{}</div>').format(
            _("Poignée: its bonus goes to the side that wins the deal."), Markup("").join(buttons))
    return Markup('<div class="panel empty"></div>')


def poignee_offer(size: PoigneeSize, n: int) -> tuple[str, str]:
    """The button showing a poignée of ``size`` (``n`` trumps), in words and in short:
    ("Show a simple poignée (10 trumps)", "Show simple (10 trumps)")."""
    if size is PoigneeSize.SIMPLE:
        long = ngettext("Show a simple poignée ({count} trump)", "Show a simple poignée ({count} trumps)", n)
        short = ngettext("Show simple ({count} trump)", "Show simple ({count} trumps)", n)
    elif size is PoigneeSize.DOUBLE:
        long = ngettext("Show a double poignée ({count} trump)", "Show a double poignée ({count} trumps)", n)
        short = ngettext("Show double ({count} trump)", "Show double ({count} trumps)", n)
    else:
        long = ngettext("Show a triple poignée ({count} trump)", "Show a triple poignée ({count} trumps)", n)
        short = ngettext("Show triple ({count} trump)", "Show triple ({count} trumps)", n)
    return long.format(count=n), short.format(count=n)


def action_label(a) -> str:
    """A French action in a few words, for the hint: the card, the bid, the call."""
    if isinstance(a, (Play, Discard)):
        return card_name(a.card)
    if isinstance(a, Bid):
        return contract_label(a.contract) if a.contract else pgettext("bid", "Pass")
    if isinstance(a, Call):
        return _("Call the {card}").format(card=card_name(a.card))
    if isinstance(a, Chelem):
        return _("Announce a chelem") if a.announced else _("No chelem")
    if isinstance(a, Poignee):
        count = len(a.cards)
        return ngettext("Show a poignée of {count}", "Show a poignée of {count}", count).format(count=count)
    return str(a)  # not a French action: the developer's words


def _aside(v) -> int:
    """How many cards you are choosing to put aside now: the écart's still missing cards."""
    return v.chien_size - v.ecart_size if v.phase is Phase.ECART else 0


def hand_html(v, choices: Choices = Choices(), hinted=frozenset()) -> str:
    """Your hand. At your écart: the chosen cards, the ones you may still choose (the view's
    legal discards, while fewer than the chien's size are chosen) and the others disabled, the
    chien's cards tagged. At your turn to play: the legal cards clickable, the others disabled.
    Otherwise plain cards."""
    if v.phase is Phase.ECART and v.turn == YOU:
        parts = chooser_cards(v.hand, card_html, choices.selected, ecart_candidates(v),
                              len(choices.selected) >= v.chien_size, set(v.chien or ()), "from-chien", hinted)
    elif v.phase is Phase.PLAY and v.turn == YOU:
        parts = play_cards(v.hand, card_html, {a.card for a in v.legal if isinstance(a, Play)}, hinted)
    else:
        parts = [card_html(c) for c in v.hand]
    many = (" many" if len(v.hand) > 18 else "") + (" crowd" if len(v.hand) > 26 else "")
    return Markup('<section class="hand{many}" aria-label="{label}">{cards}</section>').format(
        many=many, label=_("Your hand"), cards=Markup("").join(parts))


def result_html(v, screen: Screen) -> str:
    """The sheet at the end of a deal (``#score-sheet``): "No deal" for a deal thrown in; else the
    breakdown of the score (rows with ``data-row`` hooks), each seat's score for the deal and for
    the match, and the buttons (next deal or final standings, review, scores, download)."""
    match = screen.match
    names = match.names
    next_button = _next_button(match)
    if v.phase is Phase.THROWN_IN:
        petit_sec = ""
        if v.thrown_in == "petit_sec":
            petit_sec = " " + escape(_("(Petit sec: the Petit as the only trump, without the Excuse.)"))
        said = escape(_("{status} It does not count: the next dealer deals again.")).format(
            status=escape(status_line(v, screen)) + petit_sec)
        return Markup('<div class="overlay">'
                      '<div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{label}">'
                      "<h2>{title}</h2><p>{said}</p>{next_button}</div></div>").format(
            label=_("No deal"), title=_('No deal'), said=said, next_button=next_button)
    r = v.result
    s = r.score
    verdict = "made" if s.made else "lost"  # a class: the same in every language
    label = contract_label(s.contract)
    if not s.margin:
        result = _("made exactly (juste fait)")
    else:
        result = (_("made by {points}") if s.made else _("lost by {points}")).format(points=abs(s.margin))
    if r.called is None:
        contract = _("{contract} (×{factor}) by {taker}")
    elif r.partner is not None:
        contract = _("{contract} (×{factor}) by {taker}, partner {partner}")
    else:
        contract = _("{contract} (×{factor}) by {taker}, alone")
    contract = contract.format(contract=label, factor=s.multiplier, taker=names[r.taker],
                               partner=names[r.partner] if r.partner is not None else "")
    # (English message, value): the row's hook is the slug of the English message.
    rows = [
        (N_("Contract"), contract),
        # With a partner, the points and bouts are the side's (FR-7.1), not the taker's own.
        (N_("Taker's side's card points") if r.partner is not None else N_("Taker's card points"),
         _("{points} of 91").format(points=i18n.number(r.points2 / 2))),
        (N_("Bouts"), pgettext("bouts", "{count} of 3").format(count=r.bouts)),
        (N_("Target"), ngettext("{target} with {count} bout", "{target} with {count} bouts",
                                r.bouts).format(target=s.target, count=r.bouts)),
        (N_("Result"), result),
        (N_("Contract score"), f"(25 + {abs(s.margin)}) × {s.multiplier} = {abs(s.base)}"),
    ]
    if r.petit_au_bout is not None:
        text = (_("10 × {factor} = {points} to the taker's side") if r.petit_au_bout is Side.ATTACK
                else _("10 × {factor} = {points} to the defence"))
        rows.append((N_("Petit au bout"), text.format(factor=s.multiplier, points=abs(s.petit_au_bout))))
    if r.excuse_lost_by is not None:
        (player,) = [seat for seat, card in v.tricks[-1].cards if card.is_excuse]
        if player == YOU:
            text = (_("played to the last trick by you, so it went to the defence, which won that trick")
                    if r.excuse_lost_by is Side.ATTACK else
                    _("played to the last trick by you, so it went to the taker's side, which won that trick"))
        else:
            text = (_("played to the last trick by {name}, so it went to the defence, which won that trick")
                    if r.excuse_lost_by is Side.ATTACK else
                    _("played to the last trick by {name}, so it went to the taker's side, which won that trick"))
        rows.append((N_("Excuse"), text.format(name=names[player])))
    for p in r.poignees:
        text = (_("{size} by {name}: {points} to the taker's side") if s.made
                else _("{size} by {name}: {points} to the defence"))
        rows.append((N_("Poignée"), text.format(size=poignee_word(p.size), name=names[p.seat], points=p.size.bonus)))
    if s.chelem:
        rows.append((N_("Chelem"), _("{points} for the taker's side").format(points=signed(s.chelem))))
    rows.append((N_("Each defender"),
                 _("pays {points}").format(points=s.s) if s.s >= 0 else _("receives {points}").format(points=-s.s)))
    table = Markup("").join(Markup('<tr data-row="{}"><th>{}</th><td>{}</td></tr>').format(slug(k), _(k), val)
                            for k, val in rows)
    totals = match.totals
    scores = Markup("").join(
        Markup('<tr class="{cls}" data-seat="{seat}"><th>{name}{role}</th>'
               '<td class="score">{score}</td><td class="total">{total}</td></tr>').format(
            cls="taker" if seat == r.taker else "", seat=seat, name=names[seat],
            role=role_html(N_("Taker") if seat == r.taker else None), score=signed(r.scores[seat]),
            total=signed(totals[seat]))
        for seat in range(v.players)
    )
    if r.taker == YOU:
        title = (_("You made your {contract}") if s.made else _("You lost your {contract}")).format(contract=label)
    else:
        title = (_("{name} made the {contract}") if s.made
                 else _("{name} lost the {contract}")).format(name=names[r.taker], contract=label)
    mood = "good" if r.scores[YOU] >= 0 else "bad"  # coloured from your side of the table
    return deal_sheet_html(verdict, mood, title, table, scores, next_button, pgettext("score", "Match"))


def review_html(v, index: int) -> str:
    """The finished deal, trick by trick (``#review``): trick ``index`` (clamped), who played
    what in playing order, the trick at the table, Previous/Next; on the first and the last page
    the chien (when it was shown to all) and the écart as your view has it (all of yours; of
    another taker's, the trumps put aside, FR-4.1). ``""`` when no trick was played."""
    if not v.tricks:
        return ""
    names = seat_names(v.players)
    k = review_index(v, index)
    t = v.tricks[k]
    # Who played what, in playing order (the leader first): the cards' places alone leave
    # the reader to work out which seat is which.
    order = Markup("").join(
        Markup('<li data-seat="{}"><b>{}</b> {}</li>').format(
            seat, names[seat], f"T{card.rank}" if card.is_trump else card_label(card))
        for seat, card in t.cards)
    extra = ""
    if k in (0, len(v.tricks) - 1):  # where a review starts, and where the écart counts (FR-4.1)
        if v.chien is not None:
            extra = Markup("<p>{}</p>").format(_("Chien: {cards}").format(cards=cards_text(v.chien)))
        if v.taker == YOU and v.ecart:
            extra += Markup("<p>{}</p>").format(_("Écart: {cards}").format(cards=cards_text(v.ecart)))
        elif shown := trumps_put_aside(v):
            extra += Markup("<p>{}</p>").format(_("Trumps put aside: {cards}").format(cards=cards_text(shown)))
    return review_sheet(k, len(v.tricks), order, trick_html(v.players, t.cards, t.winner) + extra)


def news(v, start: int, names=None) -> list[str]:
    """What happened at the French table since action ``start`` of your view's history, in short
    sentences for a screen reader (the page's live region): each bid ("Hugo: Garde"), the King
    called, the écart made, a chelem announced, a poignée shown, each card played ("Léa plays
    King of hearts") and each trick's winner. From the view alone: nothing hidden is said."""
    names = names or seat_names(v.players)
    lines = [(i, line) for i, line in plays_and_tricks(v, start, Play, card_name, names)]
    ecart = False
    for i, a in enumerate(v.history[start:], start):
        if isinstance(a, Bid):
            lines.append((i, said_text(a.seat, contract_label(a.contract) if a.contract else pgettext("bid", "Pass"),
                                       names)))
        elif isinstance(a, Call):
            lines.append((i, said_text(a.seat, _("Called: {card}").format(card=card_name(a.card)), names)))
        elif isinstance(a, Discard) and not ecart and v.phase is not Phase.ECART:
            ecart = True
            lines.append((i, _("The taker has made the écart")))
        elif isinstance(a, Chelem) and a.announced:
            lines.append((i, said_text(a.seat, _("Chelem announced"), names)))
        elif isinstance(a, Poignee):
            count = len(a.cards)
            shown = ngettext("Poignée of {count}", "Poignée of {count}", count).format(count=count)
            lines.append((i, said_text(a.seat, shown, names)))
    return [line for __, line in sorted(lines, key=lambda pair: pair[0])]


# --- the shared pieces with this game's cards, names and words ----------------------------------

def trick_html(players: int, cards, winner: int | None) -> str:
    """A trick at the French table (:func:`common.trick_html` with this pack's cards and these
    names)."""
    return common.trick_html(players, cards, winner, draw=card_html, names=NAMES)


def hinted_cards(v, hint: "Hint | None") -> frozenset:
    """The cards of your hand a ready hint suggests (:func:`common.hinted_cards`; while you make
    your écart, the cards still to put aside)."""
    return common.hinted_cards(v, hint, _aside(v))


def hint_html(v, hint: "Hint | None") -> str:
    """The hint in the table's corner (:func:`common.hint_html`, actions in French Tarot's words,
    the écart's cards still to put aside)."""
    return common.hint_html(v, hint, action_label, _aside(v),
                            N_("Suggested écart: {cards}") if v.phase is Phase.ECART else N_("Suggested discard: {cards}"))


def _deal_summary(names, r) -> str:
    """A counted deal of the running scores in a few words: who took what, made or lost."""
    return (_("{name}: {contract} made") if r.score.made else _("{name}: {contract} lost")).format(
        name=names[r.taker], contract=contract_label(r.score.contract))


def scores_html(match: MatchInfo) -> str:
    """The running score sheet (:func:`common.scores_html`; each deal: who took what, made or lost)."""
    return common.scores_html(match, _deal_summary)


# --- the start screen with French Tarot open (screens.start_html) -------------------------------

def start_html(today: str, official: dict | None, resume, notice: str | None, superseded: bool, *,
               deals: dict[int, int], level: str = "normal", profile: str = "") -> str:
    """The start screen with French Tarot open (see :func:`tarot_page.screens.start_html`):
    ``deals`` its default number of deals by table size; ``profile`` unused (French Tarot has one
    rule set)."""
    if official is None:
        daily_text = Markup("<strong>{}</strong><span>{} · {}</span>").format(
            _("Daily game"), i18n.date(today), _("the same deals for everyone today"))
    else:
        daily_text = played_text(official)
    buttons = Markup("").join(table_size_html(n, opponents_text(n - 1), deals[n], str(n)) for n in (3, 4, 5))
    # A game in progress is never dropped unannounced: offer it first, and say that a new
    # game would replace it.
    return Markup("{notice}{language_menu}"
                  '<section class="start">{tabs}'
                  "<h1>{title}</h1><p>{intro}</p>"
                  '<div class="choices">{resume}<button class="choice daily" data-action="daily">{daily_text}</button>'
                  '<button class="secondary" data-action="leaderboard" data-value="french">{leaderboard}</button>'
                  "<h2>{new_game}</h2>{level}{buttons}"
                  '<button class="secondary" data-action="history">{history}</button>'
                  "{sheet}</div>"
                  "</section>").format(
        notice=notice_html(notice, superseded), language_menu=language_menu_html(), tabs=game_tabs_html("french"),
        title=_('French Tarot'),
        intro=_("Official FFT rules, against computer players. Bid, take the chien, make your "
                "écart and win your contract."),
        resume=resume_html(resume), daily_text=daily_text, leaderboard=_("Daily leaderboard"), new_game=_("New game"),
        level=level_html(level), buttons=buttons, history=_("History and statistics"), sheet=sheet_button())
