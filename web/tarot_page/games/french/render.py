"""What each screen shows, as HTML text: plain Python, no browser in sight.

Every function here returns a string of HTML (or a small value) computed from its arguments
only. The table is drawn from your seat's view (:class:`tarot_core.french.SeatView`, seat
:data:`YOU`) and from :class:`Screen`, the page's own state (the match's scores, what you are
choosing, which sheet is open, a notice); nothing here reads a :class:`~tarot_core.french.FrenchDeal`
or another seat's hand, so nothing hidden can reach the page. ``table.py`` puts the strings into
the page; ``tests/test_web_render.py`` checks them in CPython.

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

from tarot_page import i18n
from tarot_page.games.french.controller import Choices
from tarot_page.i18n import N_, _, ngettext, npgettext, pgettext
from tarot_page.markup import Markup, escape
from tarot_core.cards import Card, format_card, parse_card
from tarot_core.contracts import POIGNEE_THRESHOLDS, TARGETS, Contract, PoigneeSize, Side
from tarot_core.french import Bid, Call, Chelem, Discard, Phase, Play, Poignee

YOU = 0
#: The players' names, yours first ("You", translated where shown: :func:`seat_names`).
NAMES = {
    3: (N_("You"), "Hugo", "Léa"),
    4: (N_("You"), "Hugo", "Léa", "Camille"),
    5: (N_("You"), "Hugo", "Léa", "Camille", "Nina"),
}
#: Where each seat sits, seen from yours (play passes to the right, counter-clockwise).
POSITIONS = {
    3: ("s", "ne", "nw"),
    4: ("s", "e", "n", "w"),
    5: ("s", "e", "ne", "nw", "w"),
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
#: The longest name the share box takes: tarot_core.leaderboard.NAME_MAX (a test checks they
#: agree). Not imported from there: that module brings in the share codes, which the first
#: screen never needs.
SHARE_NAME_MAX = 24
#: The phases in which a seat's bubble shows its bid (later on: its poignée or chelem).
BIDDING_PHASES = (Phase.BIDDING, Phase.CALL, Phase.ECART, Phase.CHELEM)


# --- small text helpers ----------------------------------------------------------------------

#: A score with its sign as the sheets show it: ``"+12"``, ``"-4"``, ``"0"`` (:func:`i18n.signed`).
signed = i18n.signed
#: A place in a ranking: ``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``3`` → ``"3rd"``, ``4`` → ``"4th"``
#: … in the player's language (:func:`i18n.ordinal`).
ordinal = i18n.ordinal


def slug(label: str) -> str:
    """``"Taker's card points"`` → ``"takers-card-points"`` (a stable hook for tests: give it the
    English message, never the translated text)."""
    return "-".join("".join(ch for ch in word if ch.isalnum()) for word in label.lower().split())


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


def names_text(names: list[str] | tuple[str, ...]) -> str:
    """Names joined for a sentence: "Hugo and Léa", "Hugo and Léa and Camille"."""
    text = names[0]
    for name in names[1:]:
        text = _("{first} and {second}").format(first=text, second=name)
    return text


# --- drawing cards ---------------------------------------------------------------------------

def list_html(items) -> Markup:
    """Items (text or :class:`~markup.Markup`) listed as :func:`i18n.list_text` lists them, as
    HTML: each escaped unless it is Markup."""
    return escape(i18n.list_text(["{}"] * len(items))).format(*items)


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


def back_html(count: int) -> str:
    """A small stack of face-down cards with its count."""
    return Markup('<div class="backs"><div class="card back"></div><span class="count">{count}</span></div>').format(
        count=count)


# --- what the page knows besides your view -----------------------------------------------------

class DealRow(NamedTuple):
    """One deal of the running score sheet: its number (from 1; ``None`` for a deal that pays
    without counting, a failed trial three, HU-3.3), each seat's score for that deal, the
    cumulative totals after it, and its :class:`~tarot_core.french.DealResult` (as your seat's
    view of that finished deal gives it)."""

    number: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    result: object


class MatchInfo(NamedTuple):
    """What the table shows of the match around the deal: sizes, scores, the kind of game.

    ``totals`` are the cumulative scores per seat, ``rows`` the counted deals (:class:`DealRow`),
    ``standings`` ``(seat, total)`` from first to last; ``mode`` is ``"free"`` or ``"daily"``
    (then ``date`` is its ``YYYY-MM-DD`` and ``practice`` says it is not the official attempt).
    """

    players: int
    deals_played: int
    deals_to_play: int
    is_over: bool
    totals: tuple[int, ...]
    rows: tuple[DealRow, ...] = ()
    standings: tuple[tuple[int, int], ...] = ()
    mode: str = "free"
    date: str | None = None
    practice: bool = False
    game: str = "french"
    #: For a game other than French Tarot: each row's deal in a few words (the game's
    #: ``deal_summary``), in the order of ``rows``.
    summaries: tuple[str, ...] = ()
    #: For a finished daily game: the name your shared results carry (the leaderboard's), to
    #: offer again in the share box.
    sharer: str = ""

    @classmethod
    def of(cls, match, mode: str = "free", date: str | None = None, practice: bool = False) -> "MatchInfo":
        """The info of a :class:`tarot_core.match.Match` (its public methods only; each counted
        deal's result through your seat's view of it)."""
        game_id = match.rules.id
        views = [game.view(YOU) for game in match.scored]
        rows = tuple(DealRow(number, tuple(scores), tuple(totals), v.result)
                     for (number, scores, totals), v in zip(match.score_rows(), views))
        summaries: tuple[str, ...] = ()
        if game_id == "hungarian":
            from tarot_page.games.hungarian import render as render_hu

            summaries = tuple(render_hu.deal_summary(v, render_hu.NAMES[match.players]) for v in views)
        return cls(match.players, match.deals_played, match.deals_to_play, match.is_over,
                   tuple(match.totals()), rows, tuple(match.standings()), mode, date, practice, game_id, summaries)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, yours first (``NAMES``; Hungarian names at a Hungarian table), as
        the page shows them ("You" in the player's language)."""
        if self.game == "hungarian":
            from tarot_page.games.hungarian import render as render_hu

            names = render_hu.NAMES[self.players]
            return (_(names[0]),) + names[1:]
        return seat_names(self.players)


class Screen(NamedTuple):
    """The page's state that the table shows next to your seat's view.

    Attributes:
        match: the :class:`MatchInfo`.
        choices: what you are choosing (:class:`controller.Choices`).
        notice: a message for you (saves, a link), or ``None``.
        superseded: another tab has taken the game over (this one stops).
        overlay: the sheet open over the table: ``"scores"``, ``"review"``, ``"standings"`` or
            ``None`` (the deal's result sheet then opens by itself once the deal is over).
        review_index: the trick shown by the review (0-based; clamped to the tricks there are).
        ecart_problem: your chosen écart is complete and the engine refuses it: why, worded
            for the player from the engine's error (:func:`rule_text` of
            ``FrenchDeal.ecart_error``); ``None`` otherwise.
        hint: the Hint button's state at your turn (:class:`Hint`), or ``None`` for none.
    """

    match: MatchInfo
    choices: Choices = Choices()
    notice: str | None = None
    superseded: bool = False
    overlay: str | None = None
    review_index: int = 0
    ecart_problem: str | None = None
    hint: "Hint | None" = None


class Hint(NamedTuple):
    """The strong computer player's advice at your turn.

    Attributes:
        state: ``"offer"`` (the Hint button), ``"thinking"`` (asked, not answered yet) or
            ``"ready"``.
        choices: once ready, ``(action, points)`` for each legal action, the suggested one first
            and the others by expected score (``tarot_core.ai.hint``): points are your expected
            score for the deal.
    """

    state: str
    choices: tuple = ()


def notice_html(notice: str | None, superseded: bool = False) -> str:
    """The notice bar (``#notice``), or ``""`` without a notice: an OK button that dismisses it,
    or Reload once another tab has the game."""
    if not notice:
        return ""
    button = (Markup('<button class="primary" data-action="reload">{}</button>').format(_("Reload")) if superseded else
              Markup('<button class="secondary" data-action="dismiss">{}</button>').format(_("OK")))
    return Markup('<div class="notice" id="notice" role="alert"><span>{notice}</span>{button}</div>').format(
        notice=notice, button=button)


def body_flags(v, match_over: bool) -> dict[str, str]:
    """The ``<body>`` data attributes for view ``v`` (the tests and style.css read them):
    ``phase``, ``players``, ``turn`` (``"you"``, ``"computer"`` or ``"none"``) and ``matchOver``
    (``"1"``/``"0"``)."""
    return {
        "phase": v.phase.value,
        "players": str(v.players),
        "turn": "you" if v.turn == YOU else ("none" if v.turn is None else "computer"),
        "matchOver": "1" if match_over else "0",
    }


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


def topbar_html(m: MatchInfo, deal_done: bool, status: str, chips: list[str]) -> str:
    """The top bar of either game's table: the deal's number (counted once ``deal_done``), the
    daily's date, the ``status`` sentence, the ``chips`` (HTML), Scores and New match."""
    number = min(m.deals_played + (0 if deal_done else 1), m.deals_to_play)
    parts = [_("Deal {number} of {total}").format(number=number, total=m.deals_to_play)]
    if m.mode == "daily":
        parts[:0] = [_("Daily {date}").format(date=i18n.date(m.date))] + ([_("practice")] if m.practice else [])
    # One part a line on a phone, where the separators are hidden.
    label = Markup('<span class="sep"> · </span>').join(
        Markup("<span>{part}</span>").format(part=part) for part in parts)
    game = dict(GAME_TABS).get(m.game, GAME_TABS[0][1])
    return Markup('<header class="topbar">'
                  '<h1 class="visually-hidden">{game}</h1>'  # the page's heading, for screen readers
                  '<span class="deal-no">{label}</span>'
                  # Not a live region itself: redrawn with the table, it would be heard twice or not at all;
                  # the page's one live region (#announcer, Table.speak) says it when your turn comes.
                  '<p id="status" class="status">{status}</p>'
                  '<span class="chips">{chips}</span>'
                  "{language_menu}"
                  '<button class="secondary" data-action="scores">{scores}</button>'
                  '<button class="secondary" data-action="new-match">{new_match}</button>'
                  "</header>").format(
        game=_(game), label=label, status=status, chips=Markup("").join(chips),
        language_menu=language_menu_html(corner=False), scores=_("Scores"), new_match=_("New match"))


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


def trick_html(players: int, cards, winner: int | None, *, draw=None, names=None) -> str:
    """A trick's cards, each at its player's place (``cards``: ``(seat, card)`` pairs), and, once
    it is won, the winner's card marked and a caption naming the winner. ``draw`` draws a card
    (:func:`card_html` by default; the Hungarian pack's for Hungarian Tarokk), ``names`` are the
    players' (:data:`NAMES` by default)."""
    draw = draw or card_html
    names = names or NAMES
    positions = POSITIONS[players]
    slots = [draw(card, classes=f"in-trick pos-{positions[seat]}" + (" winner" if seat == winner else ""))
             for seat, card in cards]
    caption = ""
    if winner is not None:
        said = (_("You win the trick") if winner == YOU
                else _("{name} wins the trick").format(name=names[players][winner]))
        caption = Markup('<div class="trick-caption">{said}</div>').format(said=said)
    return Markup('<div class="trick players-{players}">{slots}</div>{caption}').format(
        players=players, slots=Markup("").join(slots), caption=caption)


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


def _suggested(v, hint: "Hint | None", aside: int = 0) -> list:
    """The suggested actions of a ready hint: the first; while you choose ``aside`` cards to put
    aside (the écart, a Hungarian discard) the ``aside`` cards that score best."""
    if hint is None or hint.state != "ready" or not hint.choices:
        return []
    if aside:
        return [a for a, _ in hint.choices[:aside]]
    return [hint.choices[0][0]]


def hinted_cards(v, hint: "Hint | None", aside: int | None = None) -> frozenset:
    """The cards of your hand that a ready hint suggests (to play, to put aside); ``aside`` as
    for :func:`hint_html`."""
    chosen = _suggested(v, hint, _aside(v) if aside is None else aside)
    return frozenset(a.card for a in chosen if type(a).__name__ in ("Play", "Discard"))


def hint_html(v, hint: "Hint | None", label=None, aside: int | None = None) -> str:
    """The hint, in the table's bottom-right corner: the Hint button, "Thinking…", or the suggestion with your
    expected score for the deal and the other choices' (the five best). ``label`` words an
    action (:func:`action_label` by default); ``aside`` is how many cards you are choosing to put
    aside (by default the French écart's)."""
    label = label or action_label
    aside = _aside(v) if aside is None else aside
    if hint is None:
        return ""
    if hint.state == "offer":
        return Markup('<div class="hint-bar"><button class="secondary hint-button" data-action="hint" '
                      'title="{title}">{hint}</button></div>').format(
            title=_("What the strong computer player would do in your place"), hint=_("Hint"))
    if hint.state == "thinking":
        return Markup('<div class="hint-bar" role="status"><span class="hint-thinking">{}</span></div>').format(
            _("Thinking…"))
    if not hint.choices:
        return Markup('<div class="hint-bar" role="status"><span class="hint-thinking">{}</span></div>').format(
            _("No hint for this choice."))
    best = _suggested(v, hint, aside)
    expected = hint.choices[0][1]
    what = ((N_("Suggested écart: {cards}") if v.phase is Phase.ECART else N_("Suggested discard: {cards}"))
            if aside else N_("Suggested: {cards}"))
    names = escape(i18n.list_text([label(a) for a in best]))
    if len(best) > 1:  # a phone's corner has no room for them all: it says where they are marked
        marked = ngettext("the {count} marked card", "the {count} marked cards", len(best)).format(count=len(best))
        names = Markup('<span class="hint-names">{names}</span><span class="hint-marked">{marked}</span>').format(
            names=names, marked=marked)
    others = Markup("").join(Markup("<li><span>{}</span> <b>{}</b></li>").format(label(a), signed(round(p)))
                             for a, p in hint.choices[len(best):len(best) + 5])
    rest = (Markup('<ul class="hint-list" aria-label="{}">{}</ul>').format(_("Other choices"), others)
            if others else "")
    # The words between {hide_start} and {hide_end} are hidden on a phone.
    score = escape(_("expected {points}{hide_start} for you this deal{hide_end}")).format(
        points=signed(round(expected)), hide_start=Markup('<span class="hint-deal">'), hide_end=Markup("</span>"))
    return Markup('<div class="hint-bar ready" role="status"><div class="hint-box">'
                  '<strong>{what}</strong> <span class="hint-score">{score}</span>{rest}</div></div>').format(
        what=escape(_(what)).format(cards=names), score=score, rest=rest)


def chooser_cards(hand, draw, selected, may_go, full: bool, tagged, tag: str, hinted=frozenset()) -> list[str]:
    """Your hand while you choose cards to put aside (the écart, a Hungarian discard), drawn by
    ``draw``: the ``selected`` ones raised, the others of ``may_go`` clickable while not ``full``,
    the rest disabled; the cards of ``tagged`` get the class ``tag`` (from the chien, the talon)."""
    parts = []
    for c in hand:
        extra = (f" {tag}" if c in tagged else "") + (" hinted" if c in hinted else "")
        if c in selected:
            parts.append(draw(c, tag="button", classes="selected" + extra, attrs=Markup('data-action="select"')))
        elif c in may_go and not full:
            parts.append(draw(c, tag="button", classes="playable" + extra, attrs=Markup('data-action="select"')))
        else:
            parts.append(draw(c, tag="button", classes="disabled" + extra, attrs=Markup("disabled")))
    return parts


def play_cards(hand, draw, playable, hinted=frozenset()) -> list[str]:
    """Your hand at your turn to play, drawn by ``draw``: the cards of ``playable`` clickable (the
    one a hint suggests, of ``hinted``, marked), the others disabled."""
    return [draw(c, tag="button", classes="playable hinted" if c in hinted else "playable",
                 attrs=Markup('data-action="play"')) if c in playable
            else draw(c, tag="button", classes="disabled", attrs=Markup("disabled")) for c in hand]


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


# --- sheets over the table ---------------------------------------------------------------------

def _next_button(match: MatchInfo) -> str:
    """The sheet's way on: Final standings once the match is over, else Next deal."""
    return (Markup('<button class="primary" data-action="standings">{}</button>').format(_("Final standings"))
            if match.is_over else
            Markup('<button class="primary" data-action="next-deal">{}</button>').format(_("Next deal")))


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


def deal_sheet_html(verdict: str, mood: str, title: str, table: Markup, scores: Markup, next_button: Markup,
                    whole: str) -> Markup:
    """A finished deal's score sheet (``#score-sheet``, both games): ``title`` in an ``<h2>`` of
    classes ``verdict`` (made/lost) and ``mood`` (good/bad, from your side), the ``table``
    breakdown rows, the ``scores`` rows under "This deal" and ``whole`` (the match column's
    heading), then ``next_button`` and Review tricks, Scores, Download deal."""
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{label}">'
                  '<h2 class="{verdict} {mood}">{title}</h2>'
                  '<table class="breakdown">{table}</table>'
                  '<table class="scores"><tr><td></td><th>{this_deal}</th><th>{whole}</th></tr>{scores}</table>'
                  '<div class="actions">{next_button}'
                  '<button class="secondary" data-action="review">{review}</button>'
                  '<button class="secondary" data-action="scores">{sheet}</button>'
                  '<button class="secondary" data-action="download" data-value="deal">{download}</button>'
                  "</div></div></div>").format(
        label=_("Score sheet"), verdict=verdict, mood=mood, title=title, table=table, this_deal=_("This deal"),
        whole=whole, scores=scores, next_button=next_button, review=_("Review tricks"), sheet=_("Scores"),
        download=_("Download deal"))


def role_html(role: str | None) -> str:
    """A seat's role after its name on a score sheet, in the page's language: " (taker)";
    ``role`` an untranslated badge text (``N_("Taker")``, ``"Declarer"``, ``"Sits out"``) or
    ``None`` for nothing. (It was drawn by style.css, in English in every language.)"""
    if role is None:
        return ""
    return Markup(' <span class="role">({})</span>').format(i18n.lower_first(_(role)))


def _row_key(number: int | None, k: int) -> Markup:
    """A score sheet row's attributes: ``data-deal`` its number, or for a deal that pays without
    counting (HU-3.3) ``class="annulled" data-annulled`` the row's index."""
    if number is not None:
        return Markup('data-deal="{}"').format(number)
    return Markup('class="annulled" data-annulled="{}"').format(k)


def scores_html(match: MatchInfo) -> str:
    """The running score sheet (``#match-scores``): every counted deal (who took what, made or
    lost; each seat's score and running total) and the totals (FR-8)."""
    names = match.names
    head = Markup("").join(Markup("<th>{n}</th>").format(n=n) for n in names)
    rows = []
    for k, (number, scores, totals, r) in enumerate(match.rows):
        if match.summaries:
            what = match.summaries[k]
        else:
            what = (_("{name}: {contract} made") if r.score.made else _("{name}: {contract} lost")).format(
                name=names[r.taker], contract=contract_label(r.score.contract))
        cells = Markup("").join(Markup('<td>{}<small>{}</small></td>').format(signed(s), signed(t))
                                for s, t in zip(scores, totals))
        rows.append(Markup('<tr {key}><th>{number}<small>{what}</small></th>{cells}</tr>').format(
            key=_row_key(number, k), number="–" if number is None else number, what=what, cells=cells))
    if not rows:
        rows.append(Markup('<tr><td colspan="{}">{}</td></tr>').format(
            match.players + 1, _("No deal finished yet.")))
    total = Markup("").join(Markup("<td><strong>{}</strong></td>").format(signed(t)) for t in match.totals)
    title = ngettext("Scores after {played} of {count} deal", "Scores after {played} of {count} deals",
                     match.deals_to_play).format(played=match.deals_played, count=match.deals_to_play)
    return Markup('<div class="overlay">'
                  '<div class="sheet wide" id="match-scores" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2>"
                  '<table class="running"><tr><th>{deal}</th>{head}</tr>{rows}'
                  '<tr class="totals"><th>{total_label}</th>{total}</tr></table>'
                  '<div class="actions"><button class="primary" data-action="close">{back}</button>'
                  '<button class="secondary" data-action="download" data-value="match">{download}</button></div>'
                  "</div></div>").format(
        label=_("Match scores"), title=title, deal=_("Deal"), head=head, rows=Markup("").join(rows),
        total_label=_("Total"), total=total, back=_("Back to the table"), download=_("Download match"))


def standings_html(match: MatchInfo) -> str:
    """The final standings (``#standings``): places (ties share one), the winner(s) in the title,
    for a daily game whether it was official and the Share button."""
    names = match.names
    totals = match.totals

    def row(seat: int, total: int) -> str:
        place = 1 + sum(t > total for t in totals)
        return Markup('<tr data-seat="{seat}"><th>{who}</th><td class="score">{score}</td></tr>').format(
            seat=seat, who=pgettext("standings", "{place}. {name}").format(place=place, name=names[seat]),
            score=signed(total))

    rows = Markup("").join(row(seat, total) for seat, total in match.standings)
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    others = [names[seat] for seat in winners if seat != YOU]
    if winners == [YOU]:
        title = _("You win the match!")
    elif len(winners) == 1:
        title = _("{name} wins the match").format(name=names[winners[0]])
    elif YOU in winners:
        title = _("You share first place with {names}").format(names=names_text(others))
    else:
        title = _("{names} share first place").format(names=names_text(others))
    after = ngettext("Final standings after {count} deal.", "Final standings after {count} deals.",
                     match.deals_to_play).format(count=match.deals_to_play)
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="standings" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2><p>{after}</p>"
                  '<table class="scores">{rows}</table>'
                  "{share}"
                  '<div class="actions"><button class="primary" data-action="new-match">{new_match}</button>'
                  '<button class="secondary" data-action="scores">{sheet}</button>'
                  '<button class="secondary" data-action="download" data-value="match">{download}</button></div>'
                  "</div></div>").format(
        label=_("Final standings"), title=title, after=after, rows=rows, share=share_html(match),
        new_match=_("New match"), sheet=_("Score sheet"), download=_("Download match"))


def share_html(match: MatchInfo) -> str:
    """For a daily game: whether it was the official attempt, the name to share it under (the
    one kept, :attr:`MatchInfo.sharer`), the Share button and the Leaderboard; else ``""``."""
    if match.mode != "daily":
        return ""
    kind = (_("Practice: today's official result was recorded earlier.") if match.practice
            else _("This is your official result for today."))
    name = _("Your name on friends' leaderboards")
    return Markup('<p class="daily-kind">{kind}</p>'
                  '<div class="share"><label class="share-name">{name} '
                  '<input id="share-name" type="text" maxlength="{SHARE_NAME_MAX}" autocomplete="nickname" '
                  'placeholder="{anonymous}" value="{sharer}"></label>'
                  '<button class="primary" data-action="share">{share}</button>'
                  '<button class="secondary" data-action="leaderboard" data-value="{game}">{leaderboard}</button>'
                  '<span id="share-status" role="status"></span>'
                  '<textarea id="share-text" readonly hidden rows="3" aria-label="{text_label}"></textarea>'
                  "</div>").format(
        kind=kind, name=name, SHARE_NAME_MAX=SHARE_NAME_MAX, anonymous=_("anonymous"), sharer=match.sharer,
        share=_("Share"), game=match.game, leaderboard=_("Leaderboard"), text_label=_("Text to share"))


def review_index(v, index: int) -> int:
    """``index`` clamped to the completed tricks of view ``v`` (0 when there are none)."""
    return max(0, min(index, len(v.tricks) - 1))


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


def review_sheet(k: int, count: int, order: str, body: str) -> str:
    """The trick review's sheet (``#review``) of either game: trick ``k`` (0-based) of ``count``,
    ``order`` (the ``<li>`` of who played what), ``body`` (the trick drawn, and notes), and
    Previous / Next / Close."""
    prev_dis = Markup(" disabled" if k == 0 else "")
    next_dis = Markup(" disabled" if k == count - 1 else "")
    title = _("Trick {number} of {count}").format(number=k + 1, count=count)
    return Markup('<div class="overlay">'
                  '<div class="sheet" id="review" role="dialog" aria-modal="true" aria-label="{label}">'
                  "<h2>{title}</h2>"
                  '<ol class="trick-order" aria-label="{order_label}">{order}</ol>'
                  "{body}"
                  '<div class="actions">'
                  '<button class="secondary" data-action="review-step" data-value="-1"{prev_dis}>{previous}</button>'
                  '<button class="secondary" data-action="review-step" data-value="1"{next_dis}>{next}</button>'
                  '<button class="primary" data-action="close">{close}</button></div>'
                  "</div></div>").format(
        label=_("Review the tricks"), title=title, order_label=_("Played in this order"), order=order, body=body,
        prev_dis=prev_dis, previous=_("Previous"), next_dis=next_dis, next=_("Next"), close=_("Close"))


# --- the other screens -------------------------------------------------------------------------

class Resumable(NamedTuple):
    """A game in progress that the start screen offers to continue: ``kind`` in words, in the
    player's language ("Daily 2025-01-02", "4 players"), the deal it stands at and the match's
    number of deals."""

    kind: str
    deal: int
    deals_to_play: int


#: The start screen's games: id, name on the tab (English; translated where shown).
GAME_TABS = (("french", N_("French Tarot")), ("hungarian", N_("Hungarian Tarokk")))
#: Hungarian Tarokk's rule profiles (HU-10) as the start screen offers them (English; translated
#: where shown).
PROFILE_NAMES = (("pagat", N_("Pagat rules"), N_("pagat.com, the usual club rules")),
                 ("tournament", N_("Tournament rules"), N_("the Hungarian tournament rules of 2018")))
#: Counted deals of a Hungarian match by table size (tarot_core.hungarian.rules.COUNTED_DEALS).
HUNGARIAN_DEALS = {4: 8, 5: 10}


#: The computer players' levels (tarot_core.ai.LEVELS) as the start screen offers them (English;
#: translated where shown).
LEVEL_NAMES = (("easy", N_("Easy"), N_("quick rules of thumb: legal and not silly")),
               ("normal", N_("Normal"), N_("plays out a few possible deals before each choice")),
               ("strong", N_("Strong"), N_("plays out many more possible deals before each choice")))


def level_html(level: str) -> str:
    """The computer players' level choice (``data-action="level"``), ``level`` pressed, with a
    line saying how that level plays."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="level" data-value="{lid}" aria-pressed="{pressed}"'
               ' title="{note}">{name}</button>').format(
            lid=lid, pressed="true" if lid == level else "false", note=_(note), name=_(name))
        for lid, name, note in LEVEL_NAMES)
    note = next(n for lid, __, n in LEVEL_NAMES if lid == level)
    return Markup('<div class="rules-choice level-choice" role="group" aria-label="{label}">'
                  '<span class="label">{title}</span>{tabs}<small>{note}</small></div>').format(
        label=_("Computer players"), title=_("Computer players:"), tabs=tabs, note=_(note))


def language_menu_html(corner: bool = True) -> str:
    """The language menu (every screen has one): a disclosure naming the language in use, opening
    on the seven languages, each written in itself (``data-action="language"``,
    ``data-value`` its code, :data:`i18n.LANGUAGES`), the one in use pressed. ``corner``: placed
    in the screen's top corner (the start screen, the history, the leaderboard, a shared result);
    otherwise in the table's top bar."""
    current = i18n.current()
    options = Markup("").join(
        Markup('<button type="button" data-action="language" data-value="{code}" lang="{code}" '
               'aria-pressed="{pressed}">{name}</button>').format(
            code=code, pressed="true" if code == current else "false", name=name)
        for code, name in i18n.LANGUAGES.items())
    label = _("Language")
    spoken = _("Language: {language}").format(language=i18n.LANGUAGES[current])
    return Markup('<details class="lang-menu{corner}">'
                  '<summary title="{label}"><span class="visually-hidden">{spoken}</span>'
                  '<span class="lang-code" aria-hidden="true">{code}</span></summary>'
                  '<div class="lang-list" role="group" aria-label="{label}">{options}</div></details>').format(
        corner=" corner" if corner else "", label=label, spoken=spoken, code=current.upper(), options=options)


def game_tabs_html(game: str) -> str:
    """The two games as tabs (``data-action="game"``), the one shown pressed."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="game" data-value="{gid}" aria-pressed="{pressed}">{name}</button>')
        .format(gid=gid, pressed="true" if gid == game else "false", name=_(name)) for gid, name in GAME_TABS)
    return Markup('<div class="game-tabs" role="group" aria-label="{}">{}</div>').format(_("Game"), tabs)


def _played_text(official: dict) -> str:
    """The daily game's button once today's is played: its score and place, and what a new try is."""
    return Markup("<strong>{played}</strong><span>{today} · {again}</span>").format(
        played=_("Daily game: played"),
        today=_("Today {score}, {place} of {players}").format(
            score=signed(official["score"]), place=ordinal(official["rank"]), players=official["players"]),
        again=_("play again as practice"))


def _table_size_html(n: int, opponents: str, deals: int, value: str) -> str:
    """A new game's button: ``n`` players, the ``opponents`` line's start, ``deals`` deals."""
    players = ngettext("{count} player", "{count} players", n).format(count=n)
    deals_text = ngettext("{count} deal", "{count} deals", deals).format(count=deals)
    return Markup('<button class="choice" data-action="new-match" data-value="{value}">'
                  "<strong>{players}</strong><span>{opponents} · {deals_text}</span></button>").format(
        value=value, players=players, opponents=opponents, deals_text=deals_text)


def _opponents_text(n: int) -> str:
    """``n`` computer opponents, in words (escaped)."""
    return escape(ngettext("{count} computer opponent", "{count} computer opponents", n).format(count=n))


def start_html(today: str, official: dict | None, deals: dict[int, int],
               resume: Resumable | None = None, notice: str | None = None, superseded: bool = False,
               *, game: str = "french", profile: str = "pagat", official_hu: dict | None = None,
               level: str = "normal") -> str:
    """The start screen: the two games as tabs (``game`` open); continue a game in progress
    (``resume``); the open game's daily game of ``today`` (``official``, or ``official_hu`` for
    Hungarian Tarokk: today's official history entry, with ``score``, ``rank`` and ``players``,
    once played); a new game at each table size (``deals``: French Tarot's default number of deals
    by table size); for Hungarian Tarokk the rule ``profile`` choice; the computer players'
    ``level`` (the daily game keeps its own); and the history.
    ``notice`` and ``superseded`` as for :func:`notice_html`."""
    if game == "hungarian":
        return _start_hungarian(today, official_hu, resume, notice, superseded, profile,
                                level_html(level))
    if official is None:
        daily_text = Markup("<strong>{}</strong><span>{} · {}</span>").format(
            _("Daily game"), i18n.date(today), _("the same deals for everyone today"))
    else:
        daily_text = _played_text(official)
    buttons = Markup("").join(_table_size_html(n, _opponents_text(n - 1), deals[n], str(n)) for n in (3, 4, 5))
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
        resume=_resume_html(resume), daily_text=daily_text, leaderboard=_("Daily leaderboard"), new_game=_("New game"),
        level=level_html(level), buttons=buttons, history=_("History and statistics"), sheet=_sheet_button())


def _sheet_button() -> str:
    """The start screen's way to the score sheet for table play (``data-action="sheet"``)."""
    return Markup('<button class="secondary" data-action="sheet" data-value="open">{}</button>').format(
        _("Score sheet for real cards"))


def _resume_html(resume: Resumable | None) -> str:
    """The start screen's offer to continue the game in progress (``""`` for none)."""
    if resume is None:
        return ""
    deal = _("deal {number} of {total}").format(number=resume.deal, total=resume.deals_to_play)
    return Markup('<button class="choice resume" data-action="resume"><strong>{title}</strong>'
                  "<span>{kind} · {deal} · {replaces}</span></button>").format(
        title=_("Continue your game"), kind=resume.kind, deal=deal, replaces=_('a new game below replaces it'))


def _start_hungarian(today: str, official: dict | None, resume: Resumable | None, notice: str | None,
                     superseded: bool, profile: str, level: str = "") -> str:
    """The start screen with Hungarian Tarokk open (see :func:`start_html`)."""
    if official is None:
        daily_text = Markup("<strong>{}</strong><span>{} · {} · {}</span>").format(
            _("Daily game"), i18n.date(today), _("the same deals for everyone today"), _("pagat rules"))
    else:
        daily_text = _played_text(official)
    notes = {4: _opponents_text(3),
             5: _opponents_text(4) + " · " + escape(_("the dealer sits each deal out"))}
    buttons = Markup("").join(_table_size_html(n, notes[n], HUNGARIAN_DEALS[n], f"hungarian-{n}") for n in (4, 5))
    rules = Markup("").join(
        Markup('<button class="tab" data-action="profile" data-value="{pid}" aria-pressed="{pressed}"'
               ' title="{hint}">{name}</button>').format(
            pid=pid, pressed="true" if pid == profile else "false", hint=_(hint), name=_(name))
        for pid, name, hint in PROFILE_NAMES)
    hint = next(h for pid, __, h in PROFILE_NAMES if pid == profile)
    return Markup("{notice}{language_menu}"
                  '<section class="start hungarian">{tabs}'
                  "<h1>{title}</h1><p>{intro}</p>"
                  '<div class="choices">{resume}'
                  '<button class="choice daily" data-action="daily" data-value="hungarian">{daily_text}</button>'
                  '<button class="secondary" data-action="leaderboard" data-value="hungarian">{leaderboard}</button>'
                  '<h2>{new_game}</h2><div class="rules-choice" role="group" aria-label="{rules_label}">'
                  '<span class="label">{rules_title}</span>{rules}<small>{hint}</small></div>{level}{buttons}'
                  '<button class="secondary" data-action="history">{history}</button>'
                  "{sheet}</div>"
                  "</section>").format(
        notice=notice_html(notice, superseded), language_menu=language_menu_html(), tabs=game_tabs_html("hungarian"),
        title=_('Hungarian Tarokk'),
        intro=_("Paskievics, the twenty-calling game, against computer players: bid for the talon, "
                "call the XX for a partner, announce bonuses and say kontra."),
        resume=_resume_html(resume), daily_text=daily_text, leaderboard=_("Daily leaderboard"), new_game=_("New game"),
        rules_label=_("Rules"), rules_title=_("Rules:"), rules=rules, hint=_(hint), level=level, buttons=buttons,
        history=_("History and statistics"), sheet=_sheet_button())


def history_html(st, entries: list[dict], notice: str | None = None, superseded: bool = False,
                 aside: list[tuple[str, int]] = ()) -> str:
    """The history screen (``#history``): the statistics ``st`` (a
    :class:`tarot_core.saves.Statistics`, or ``(game, name, statistics)`` for each game), the deals
    you took by contract, your daily results (the ten best), every finished match of ``entries``
    (history entries, newest first on screen), the data set aside (``aside``: ``(key, size in
    characters)`` of each ``tarot.corrupt.N``, :meth:`tarot_core.saves.Saves.set_aside_keys`; its
    section only when there is some) with Download and Delete, and Back / Export / Import;
    ``notice`` and ``superseded`` as for :func:`notice_html`."""
    per_game = st if isinstance(st, list) else [("french", "French Tarot", st)]
    blocks = Markup("").join(_stats_html(game, name, stats, len(per_game) > 1) for game, name, stats in per_game)
    rows = Markup("").join(
        Markup('<tr data-entry="{id}"><th>{date}</th><td>{kind}</td><td>{players}</td><td>{place}</td>'
               "<td>{score}</td></tr>").format(
            id=e["id"], date=i18n.date(e["date"]), kind=_entry_kind(e), players=e["players"],
            place=ordinal(e["rank"]), score=signed(e["score"]))
        for e in reversed(entries)
    ) or Markup('<tr><td colspan="5">{}</td></tr>').format(_("No finished match yet."))
    return Markup("{notice}{language_menu}"
                  '<section class="history sheet wide" id="history">'
                  '<h1 class="visually-hidden">{heading}</h1>'
                  "<h2>{title}</h2>"
                  "{blocks}"
                  '<h3>{finished}</h3><table class="entries"><tr><th>{date}</th><th>{game}</th><th>{players}</th>'
                  "<th>{place}</th><th>{score}</th></tr>{rows}</table>"
                  "{aside}"
                  '<div class="actions"><button class="primary" data-action="new-match">{back}</button>'
                  '<button class="secondary" data-action="export">{export}</button>'
                  '<label class="secondary button">{import_}'
                  '<input type="file" accept=".json,application/json" data-action="import" hidden></label></div>'
                  "</section>").format(
        notice=notice_html(notice, superseded), language_menu=language_menu_html(),
        heading=_("French Tarot · Hungarian Tarokk"), title=_('History and statistics'), blocks=blocks,
        finished=_("Finished matches"), date=_("Date"), game=_("Game"), players=_("Players"), place=_("Place"),
        score=_("Score"), rows=rows, aside=_aside_html(aside), back=_("Back"), export=_("Export history"),
        import_=_("Import history"))


def _aside_html(aside) -> Markup:
    """The history screen's section of data set aside (``tarot.corrupt.N`` keys with their
    sizes): what they are, and for each a Download and a Delete button; empty without any."""
    if not aside:
        return Markup("")
    rows = Markup("").join(
        Markup('<tr data-aside="{key}"><th>{key}</th><td>{size}</td>'
               '<td><button class="secondary" data-action="aside-download" data-value="{key}">{download}</button> '
               '<button class="secondary" data-action="aside-delete" data-value="{key}">{delete}</button></td></tr>'
               ).format(key=key, download=_("Download"), delete=pgettext("data set aside", "Delete"),
                        size=ngettext("{count} character", "{count} characters", size).format(count=i18n.number(size)))
        for key, size in aside
    )
    what = _("Saved data the game could not read, kept as it was. Download it before you delete it: "
             "deleting it frees room in the browser and cannot be undone.")
    return Markup('<h3>{}</h3><p>{}</p><table class="aside"><tr><th>{}</th><th>{}</th><th></th></tr>'
                  "{}</table>").format(_("Data set aside"), what, _("Key"), _("Size"), rows)


def _entry_kind(e: dict) -> str:
    """A history entry's kind in words: "Free", "Daily (practice)", "Hungarian · Daily"."""
    if e["mode"] == "daily":
        kind = _("Daily (practice)") if e["practice"] else pgettext("game kind", "Daily")
    else:
        kind = pgettext("game kind", "Free")
    return kind if e.get("game", "french") == "french" else _("Hungarian · {kind}").format(kind=kind)


def _taken_label(game: str, name: str) -> tuple[int, str]:
    """A contract (French) or bid (Hungarian) of the statistics: its order and its name in words."""
    if game == "hungarian":
        from tarot_page.games.hungarian import render as render_hu

        order = list(render_hu.BID_WORDS)
        return order.index(name) if name in order else 99, _(render_hu.BID_WORDS.get(name, name))
    return Contract(name).level, contract_label(Contract(name))


def _stats_html(game: str, title: str, st, titled: bool) -> str:
    """One game's statistics (``title``: the game's name, English or in the player's language):
    the counts, the deals you took (French) or declared (Hungarian) by contract, your daily results
    (the ten best)."""
    hungarian = game == "hungarian"
    taken = Markup("").join(
        Markup("<tr><th>{}</th><td>{t}</td><td>{m}</td></tr>").format(_taken_label(game, c)[1], t=t, m=m)
        for c, (t, m) in sorted(st.taken.items(), key=lambda kv: _taken_label(game, kv[0])[0])
    ) or (Markup('<tr><td colspan="3">') + escape(_("No deal declared yet.") if hungarian else _("No deal taken yet."))
          + Markup("</td></tr>"))
    board = Markup("").join(
        Markup("<tr><th>{}</th><td>{}</td><td>{}</td></tr>").format(i18n.date(date), signed(score), ordinal(rank))
        for date, score, rank in st.leaderboard[:10]
    ) or Markup('<tr><td colspan="3">{}</td></tr>').format(_("No daily game completed yet."))
    best = signed(st.best_daily) if st.best_daily is not None else "–"
    taker = _("Deals you declared") if hungarian else _("Deals you took")
    column = _("Bid") if hungarian else _("Contract")
    count = _("Declared") if hungarian else _("Taken")
    made = _("Won") if hungarian else _("Made")
    heading = Markup('<h3 class="game-title">{}</h3>').format(_(title)) if titled else Markup("")
    return Markup(
        '<div class="game-stats" data-game="{game}">{heading}'
        '<div class="stats">'
        '<div><strong data-stat="played">{played}</strong><span>{played_label}</span></div>'
        '<div><strong data-stat="won">{won}</strong><span>{won_label}</span></div>'
        '<div><strong data-stat="streak">{streak}</strong><span>{streak_label}</span></div>'
        '<div><strong data-stat="best">{best}</strong><span>{best_label}</span></div>'
        "</div>"
        '<h3>{taker}</h3><table class="taken"><tr><th>{column}</th><th>{count}</th>'
        '<th>{made}</th></tr>{taken}</table>'
        '<h3>{results}</h3><table class="board"><tr><th>{date}</th>'
        '<th>{score}</th><th>{place}</th></tr>{board}</table>'
        "</div>"
    ).format(game=game, heading=heading, played=st.played, played_label=_("matches played"), won=st.won,
             won_label=pgettext("statistics", "won"), streak=st.streak, streak_label=_("daily streak"),
             best=best, best_label=_("best daily"), taker=taker, column=column, count=count, made=made,
             taken=taken, results=_("Your daily results"), date=_("Date"), score=_("Score"), place=_("Place"),
             board=board)


def shared_invalid_html(reason: str) -> str:
    """A share link that does not verify (``#shared``): ``reason`` (the verifier's message, in
    the player's language where the page has it) with a capital letter, that it is not on the
    leaderboard, and Play."""
    said = _("{reason}.").format(reason=reason[:1].upper() + reason[1:])
    return Markup("{language_menu}"
                  '<section class="sheet shared" id="shared" role="alert">'
                  "<h2>{title}</h2><p>{said}</p><p>{not_added}</p>"
                  '<div class="actions"><button class="primary" data-action="new-match">{play}</button></div>'
                  "</section>").format(
        language_menu=language_menu_html(), title=_('This share link is not valid'), said=said,
        not_added=_('It was not added to your leaderboard.'), play=_("Play"))


def _is_french(game: str) -> bool:
    """Whether ``game`` (a game's name, English or in the player's language) is French Tarot."""
    return game in ("French Tarot", _("French Tarot"))


def shared_html(date: str, score: int, rank: int, match, game: str = "French Tarot", name: str = "",
                listed: bool | None = None) -> str:
    """A verified shared daily result (``#shared``): the sharer's ``score`` and ``rank`` on
    ``date``, and the replayed ``match``'s score sheet (a :class:`MatchInfo`; the sharer is
    ``name``, or "Player" for a link without one); ``game`` names the game (English, or already
    in the player's language) when it is not French Tarot; ``listed`` says whether it was just
    added to your leaderboard (``False``: it was there already; ``None``: it could not be
    stored)."""
    sharer = name or pgettext("a sharer without a name", "Player")
    names = (sharer,) + match.names[1:]
    def head(k: int, row: DealRow) -> Markup:  # a deal that pays without counting: what it was
        if row.number is not None:
            return Markup("{}").format(row.number)
        return Markup("–<small>{}</small>").format(match.summaries[k] if match.summaries else "")

    rows = Markup("").join(
        Markup('<tr {}><th>{}</th>').format(_row_key(row.number, k), head(k, row))
        + Markup("").join(Markup("<td>{}</td>").format(signed(x)) for x in row.scores) + Markup("</tr>")
        for k, row in enumerate(match.rows)
    )
    head = Markup("").join(Markup("<th>{n}</th>").format(n=n) for n in names)
    totals = Markup("").join(Markup("<td><strong>{}</strong></td>").format(signed(t)) for t in match.totals)
    daily_value = Markup("" if match.game == "french" else ' data-value="{}"').format(match.game)
    if _is_french(game):
        title = _("Daily game of {date}: verified").format(date=i18n.date(date))
    else:
        title = _("{game} · Daily game of {date}: verified").format(game=_(game), date=i18n.date(date))
    replayed = escape(_("{name}, replayed from the day's deals: {score}, {place} of {players}.")).format(
        name=escape(sharer), score=Markup('<strong id="shared-score">{}</strong>').format(signed(score)),
        place=ordinal(rank), players=match.players)
    return Markup(
        "{language_menu}"
        '<section class="sheet wide shared" id="shared">'
        "<h2>{title}</h2>"
        "<p>{replayed}</p>"
        '<p class="listed">{listed}</p>'
        '<table class="running"><tr><th>{deal}</th>{head}</tr>{rows}'
        '<tr class="totals"><th>{total}</th>{totals}</tr></table>'
        '<div class="actions"><button class="primary" data-action="daily"{daily_value}>{play}</button>'
        '<button class="secondary" data-action="leaderboard" data-value="{game}">{leaderboard}</button>'
        '<button class="secondary" data-action="new-match">{start}</button></div>'
        "</section>"
    ).format(language_menu=language_menu_html(), title=title, replayed=replayed, listed=_(LISTED[listed]),
             deal=_("Deal"), head=head, rows=rows, total=_("Total"), totals=totals, daily_value=daily_value,
             play=_play_daily(), game=match.game, leaderboard=_("Leaderboard"), start=_("Start screen"))


def _play_daily() -> str:
    """The label of the button that opens today's daily game (escaped)."""
    return escape(_("Play today's daily"))


#: What :func:`shared_html` says of the leaderboard, by ``listed`` (English; translated where shown).
LISTED = {True: N_("Added to your leaderboard."), False: N_("Already on your leaderboard."),
          None: N_("It could not be added to your leaderboard (see the notice).")}


def leaderboard_html(game: str, today: str, days: list, name: str, notice: str | None = None,
                     superseded: bool = False) -> str:
    """The daily leaderboard of ``game`` (``#leaderboard``): the two games as tabs, then for each
    ``(date, rows)`` of ``days`` (today first) its ranked results, ``rows`` being
    :func:`tarot_core.leaderboard.ranked`'s ``(place, entry)``; your own result is "You" (with
    ``name``, the one your shares carry), a friend's link without a name "Anonymous player".
    A day without results says how to get some. ``notice`` and ``superseded`` as for
    :func:`notice_html`."""
    tabs = Markup("").join(
        Markup('<button class="tab" data-action="leaderboard" data-value="{}" aria-pressed="{}">{}</button>').format(
            gid, "true" if gid == game else "false", _(label))
        for gid, label in GAME_TABS)
    sections = []
    for date, rows in days:
        title = _("Today, {date}").format(date=i18n.date(date)) if date == today else i18n.date(date)
        if not rows:
            sections.append(Markup('<h3>{title}</h3><p class="empty">').format(title=title)
                            + escape(_("No result yet: play the daily game, or open a friend's share link."))
                            + Markup("</p>"))
            continue
        sizes = sorted({e.players for __, e in rows})
        tables = []
        for players in sizes:  # ranked() ranks each table size apart: one table each
            body = Markup("").join(
                Markup('<tr class="{kind}"><td>{place}</td><th>{name}</th>'
                       '<td class="score">{score}</td><td class="at-table">{at_table}</td></tr>').format(
                    kind="mine" if e.mine else "friend", place=place, name=_board_name(e, name),
                    score=signed(e.score),
                    at_table=_("{place} of {players}").format(place=ordinal(e.rank), players=e.players))
                for place, e in rows if e.players == players)
            caption = ""
            if len(sizes) > 1:
                caption = (Markup("<caption>") + escape(ngettext("{count} player", "{count} players", players).format(
                    count=players)) + Markup("</caption>"))
            tables.append(Markup('<table class="board" data-players="{players}">{caption}'
                                 "<tr><th>#</th><th>{}</th><th>{}</th><th>{}</th></tr>"
                                 "{body}</table>").format(_("Player"), _("Score"), _("At table"),
                                                          players=players, caption=caption, body=body))
        sections.append(Markup('<h3>{title}</h3>').format(title=title) + Markup("").join(tables))
    daily_value = Markup("" if game == "french" else ' data-value="{}"').format(game)
    about = _("Your daily results and those of every friend's share link opened on this device, "
              "each checked by replaying it from the day's deals. Nothing is sent anywhere.")
    return Markup(
        "{notice}{language_menu}"
        '<section class="sheet wide leaderboard" id="leaderboard">'
        '<h1 class="visually-hidden">{heading}</h1>'
        '<div class="tabs" role="group" aria-label="{game}">{tabs}</div>'
        "<h2>{title}</h2>"
        "<p>{about}</p>"
        "{sections}"
        '<div class="actions"><button class="primary" data-action="daily"{daily_value}>{play}</button>'
        '<button class="secondary" data-action="new-match">{start}</button></div>'
        "</section>"
    ).format(notice=notice_html(notice, superseded), language_menu=language_menu_html(),
             heading=_("French Tarot · Hungarian Tarokk"), game=_("Game"), tabs=tabs, title=_("Daily leaderboard"),
             about=about, sections=Markup("").join(sections), daily_value=daily_value, play=_play_daily(),
             start=_("Start screen"))


def _board_name(e, name: str) -> str:
    """Whose result a leaderboard row is: "You" (with ``name``, the one your shares carry), a
    friend's name, or "Anonymous player"."""
    if e.mine:
        return _("You ({name})").format(name=name) if name else _("You")
    return e.name or _("Anonymous player")


def share_text(date: str, score: int, rank: int, players: int, url: str, game: str = "French Tarot") -> str:
    """The short text "Share" copies: the ``game``'s daily of ``date`` (``game``: its name, English
    or in the player's language), your ``score`` and ``rank`` of ``players``, and the ``url`` that
    replays the game."""
    return _("{game} daily {date}: {score}, {place} of {players}. Replay it: {url}").format(
        game=_(game), date=i18n.date(date), score=signed(score), place=ordinal(rank), players=players, url=url)


# --- what a screen reader hears (the live region, issue 18) ------------------------------------

def trick_won_text(winner: int, names) -> str:
    """Who won a trick, in a sentence: "You win the trick", "Hugo wins the trick"."""
    return _("You win the trick") if winner == YOU else _("{name} wins the trick").format(name=names[winner])


def play_text(seat: int, card_words: str, names) -> str:
    """A card played, in a sentence: "You play King of hearts", "Hugo plays the Excuse"."""
    if seat == YOU:
        return _("You play {card}").format(card=card_words)
    return _("{name} plays {card}").format(name=names[seat], card=card_words)


def said_text(seat: int, words: str, names) -> str:
    """Something a seat said (a bid, an announcement), in a sentence: "Hugo: Garde"."""
    return _("{name}: {said}").format(name=names[seat], said=words)


def plays_and_tricks(v, start: int, play_type, word, names) -> list[tuple[int, str]]:
    """For the :class:`Play` actions of ``v.history[start:]``: ``(index, sentence)`` of each card
    played (its name by ``word``) and, after the play that completes one of ``v.tricks``, who won
    it; the index is the action's place in the history (both games' tricks, by their cards)."""
    ends, total = {}, 0
    for t in v.tricks:  # the number of plays after which each finished trick is complete
        total += len(t.cards)
        ends[total] = t.winner
    out, played = [], 0
    for i, a in enumerate(v.history):
        if not isinstance(a, play_type):
            continue
        played += 1
        if i >= start:
            out.append((i, play_text(a.seat, word(a.card), names)))
            if played in ends:
                out.append((i, trick_won_text(ends[played], names)))
    return out


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
