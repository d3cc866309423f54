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

import html
from typing import NamedTuple

import i18n
from controller import Choices
from i18n import N_, _, ngettext, npgettext, pgettext
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

def esc(text: object) -> str:
    """``str(text)`` escaped for HTML text and attribute values (quotes too)."""
    return html.escape(str(text))


def esc_text(text: object) -> str:
    """``str(text)`` escaped for HTML text between tags (``&``, ``<``, ``>``; quotes and
    apostrophes stay as they are)."""
    return html.escape(str(text), quote=False)


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
    return (
        f'<{tag} class="card {kind} {classes}" data-card="{token}" aria-label="{esc(card_name(card))}" {attrs}>'
        f'<span class="corner" data-corner="{esc(corner)}"></span><span class="face{wide}">{esc(face)}</span></{tag}>'
    )


def back_html(count: int) -> str:
    """A small stack of face-down cards with its count."""
    return f'<div class="backs"><div class="card back"></div><span class="count">{count}</span></div>'


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
            import render_hu

            summaries = tuple(render_hu.deal_summary(v, render_hu.NAMES[match.players]) for v in views)
        return cls(match.players, match.deals_played, match.deals_to_play, match.is_over,
                   tuple(match.totals()), rows, tuple(match.standings()), mode, date, practice, game_id, summaries)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, yours first (``NAMES``; Hungarian names at a Hungarian table), as
        the page shows them ("You" in the player's language)."""
        if self.game == "hungarian":
            import render_hu

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
    button = (f'<button class="primary" data-action="reload">{esc(_("Reload"))}</button>' if superseded else
              f'<button class="secondary" data-action="dismiss">{esc(_("OK"))}</button>')
    return f'<div class="notice" id="notice" role="alert"><span>{esc(notice)}</span>{button}</div>'


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
                 Phase.ECART: N_("{name} is making the écart…"), Phase.CHELEM: N_("{name} is deciding on a chelem…"),
                 Phase.PLAY: N_("{name} is playing…")}[v.phase]
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
             f'<section class="table players-{v.players}">']
    parts += [seat_html(v, seat, screen.match) for seat in range(v.players)]
    parts.append(centre_html(v))
    parts.append(hint_html(v, screen.hint))  # in the felt's bottom-right corner, over nothing
    parts.append("</section>")
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
    return "".join(parts)


def header_html(v, screen: Screen) -> str:
    """The top bar: the deal's number (and the daily's date), the status line, the contract and
    called-card chips, and the Scores / New match buttons."""
    m = screen.match
    names = m.names
    chips = []
    if v.contract is not None:
        # On a phone, the contract alone: the table says who took (the TAKER badge) and
        # whether a chelem was announced (the taker's bubble).
        who, what = esc(_("{name}: ").format(name=names[v.taker])), esc(contract_label(v.contract))
        chelem = " · " + esc(pgettext("announced", "chelem")) if v.chelem_announced else ""
        chips.append(f'<span class="contract" title="{who}{what}{chelem}"><span class="long">{who}</span>'
                     f'{what}<span class="long">{chelem}</span></span>')
    if v.called is not None:
        # In words, or on a phone as on the card ("K♥"), which keeps the chips on one row.
        called = esc(_("Called: {card}").format(card=card_name(v.called)))
        short = esc(_("Called {card}").format(card=card_label(v.called)))
        chips.append(f'<span class="contract called" title="{called}"><span class="long">{called}</span>'
                     f'<span class="short">{short}</span></span>')
    return topbar_html(m, v.phase is Phase.DONE, status_line(v, screen), chips)


def topbar_html(m: MatchInfo, deal_done: bool, status: str, chips: list[str]) -> str:
    """The top bar of either game's table: the deal's number (counted once ``deal_done``), the
    daily's date, the ``status`` sentence, the ``chips`` (HTML), Scores and New match."""
    number = min(m.deals_played + (0 if deal_done else 1), m.deals_to_play)
    parts = [_("Deal {number} of {total}").format(number=number, total=m.deals_to_play)]
    if m.mode == "daily":
        parts[:0] = [_("Daily {date}").format(date=i18n.date(m.date))] + ([_("practice")] if m.practice else [])
    # One part a line on a phone, where the separators are hidden.
    label = '<span class="sep"> · </span>'.join(f"<span>{esc(part)}</span>" for part in parts)
    game = dict(GAME_TABS).get(m.game, GAME_TABS[0][1])
    return (
        '<header class="topbar">'
        f'<h1 class="visually-hidden">{esc_text(_(game))}</h1>'  # the page's heading, for screen readers
        f'<span class="deal-no">{label}</span>'
        # Not a live region itself: redrawn with the table, it would be heard twice or not at all;
        # the page's one live region (#announcer, Table.speak) says it when your turn comes.
        f'<p id="status" class="status">{esc(status)}</p>'
        f'<span class="chips">{"".join(chips)}</span>'
        + language_menu_html(corner=False) +
        f'<button class="secondary" data-action="scores">{esc(_("Scores"))}</button>'
        f'<button class="secondary" data-action="new-match">{esc(_("New match"))}</button>'
        "</header>"
    )


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
        badges.append(f'<span class="badge dealer">{esc(_("Dealer"))}</span>')
    if seat == v.taker:
        badges.append(f'<span class="badge taker">{esc(_("Taker"))}</span>')
    if v.partner_known and v.partner == seat:
        badges.append(f'<span class="badge partner">{esc(_("Partner"))}</span>')
    active = " active" if v.turn == seat else ""
    msg = seat_message(v, seat)
    bubble = f'<span class="bubble">{esc(msg)}</span>' if msg else ""
    info = ""
    if v.phase in (Phase.PLAY, Phase.DONE):
        won = sum(1 for t in v.tricks if t.winner == seat)
        tricks = ngettext("{count} trick", "{count} tricks", won).format(count=won)
        info = f'<span class="tricks">{esc(tricks)}</span>'
    score = f'<span class="total" title="{esc(_("Match score"))}">{signed(match.totals[seat])}</span>'
    cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
    shown = "".join(
        f'<div class="poignee-shown" title="{esc(_("Poignée shown"))}">'
        + "".join(card_html(c, classes="mini") for c in p.cards) + "</div>"
        for p in v.poignees if p.seat == seat and seat != YOU and v.phase is Phase.PLAY and len(v.tricks) < 2
    )
    position = POSITIONS[v.players][seat]
    return (
        f'<div class="seat pos-{position}{active}" data-seat="{seat}">'
        f'<div class="name">{esc(match.names[seat])} {score} {"".join(badges)}</div>'
        f"{bubble}{info}{cards}{shown}</div>"
    )


def centre_html(v) -> str:
    """The middle of the table: the chien (face down, or shown to all), the trumps put aside, or
    the trick (the current one, else the last one with its winner)."""
    if v.phase in (Phase.BIDDING, Phase.CALL):
        inner = f'<div class="chien"><div class="label">{esc(_("The chien"))}</div>{back_html(v.chien_size)}</div>'
    elif v.phase in (Phase.ECART, Phase.CHELEM) and v.chien is not None:
        if v.phase is Phase.ECART and v.taker == YOU:
            # Its cards are in your hand too, tagged "chien": a small phone shows only the
            # words, so that the hand you choose from fits the screen (style.css).
            inner = (f'<div class="chien yours"><div class="label all">{esc_text(_("The chien, shown to all"))}</div>'
                     '<div class="label in-hand">'
                     f'{esc_text(_("The chien (shown to all): in your hand, tagged “chien”"))}</div>'
                     '<div class="cards">' + "".join(card_html(c) for c in v.chien) + "</div></div>")
        elif v.phase is Phase.ECART:
            inner = (f'<div class="chien"><div class="label">{esc_text(_("The chien, shown to all"))}</div>'
                     '<div class="cards">' + "".join(card_html(c) for c in v.chien) + "</div></div>")
        else:
            inner = f'<div class="chien"><div class="label">{esc_text(_("The taker has made the écart"))}</div></div>'
        shown = trumps_put_aside(v)
        if shown:
            inner += ('<div class="label">' + esc(_("Trumps put aside: {cards}").format(cards=cards_text(shown)))
                      + "</div>")
    elif v.phase in (Phase.ECART, Phase.CHELEM):
        inner = (f'<div class="chien"><div class="label">{esc_text(_("The chien stays face down"))}</div>'
                 f'{back_html(v.chien_size)}</div>')
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
            inner += "".join(
                f'<div class="label chien-note" data-cards="{" ".join(map(format_card, named))}">'
                f'{esc(_(label).format(cards=cards_text(named)))}</div>'
                for label, named in notes)
    return f'<div class="centre">{inner}</div>'


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
        caption = f'<div class="trick-caption">{esc(said)}</div>'
    return f'<div class="trick players-{players}">' + "".join(slots) + "</div>" + caption


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
        groups.setdefault(chien, []).append(
            esc_text(_("{contract} ×{factor}")).format(contract=f"<b>{esc(contract_label(c))}</b>", factor=c.multiplier))
    if not groups:
        return ""
    lines = [esc_text(_(chien)).format(contracts=i18n.list_text(names)) for chien, names in groups.items()]
    needs = i18n.list_text([
        _("{points} with no bout").format(points=t) if not n else
        npgettext("bouts", "{points} with {count}", "{points} with {count}", n).format(points=t, count=n)
        for n, t in enumerate(TARGETS)])
    lines.append(esc_text(_("Card points you need: {targets} (bouts: the 21, the 1, the Excuse ★).").format(targets=needs)))
    lines.append(esc_text(_("On the cards: T16 is trump 16, Kn a Knight (between Jack and Queen), ★ the Excuse.")))
    return ('<details class="bid-help"><summary>' + esc_text(_("What do these contracts and cards mean?"))
            + "</summary><p>" + "<br>".join(lines) + "</p></details>")


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
        return '<div class="panel empty"></div>'
    buttons = []
    if v.phase is Phase.BIDDING:
        for a in v.legal:
            value = a.contract.value if a.contract else "pass"
            label = contract_label(a.contract) if a.contract else pgettext("bid", "Pass")
            cls = "secondary" if a.contract is None else "primary"
            buttons.append(f'<button class="{cls}" data-action="bid" data-value="{value}">{esc(label)}</button>')
        return '<div class="panel bidding">' + "".join(buttons) + "</div>" + bid_help_html(v)
    if v.phase is Phase.CALL:
        cards = "".join(card_html(a.card, tag="button", classes="playable", attrs='data-action="call"')
                        for a in v.legal if isinstance(a, Call))
        return (f'<div class="panel call"><span class="hint">{esc(_("Call:"))}</span><div class="cards">{cards}</div>'
                f'<span class="note">{esc_text(_("Call one of your own and you play alone."))}</span></div>')
    if v.phase is Phase.ECART:
        size = v.chien_size
        chosen = len(choices.selected)
        reason = ecart_problem if chosen == size else None
        ok = chosen == size and reason is None
        hint = reason if reason else ngettext("{count} of {size} chosen", "{count} of {size} chosen",
                                              chosen).format(count=chosen, size=size)
        disabled = "" if ok else " disabled"
        checked = " checked" if choices.announce_chelem else ""
        aside = ngettext("Put these {count} aside", "Put these {count} aside", size).format(count=size)
        return (
            '<div class="panel ecart">'
            f'<span class="hint">{esc(hint)}</span>'
            f'<button class="primary" data-action="ecart"{disabled}>{esc(aside)}</button>'
            '<label class="check"><input type="checkbox" data-action="chelem-toggle"'
            f'{checked}> {esc_text(_("Announce a chelem (win every trick)"))}</label>'
            "</div>"
        )
    if v.phase is Phase.CHELEM:
        return (
            f'<div class="panel chelem"><span class="hint">{esc_text(_("Announce a chelem (every trick)?"))}</span>'
            f'<button class="primary" data-action="chelem" data-value="no">{esc(_("No, just play"))}</button>'
            f'<button class="secondary" data-action="chelem" data-value="yes">{esc(_("Announce chelem"))}</button></div>'
        )
    offers = [a for a in v.legal if isinstance(a, Poignee)]
    if offers and not choices.poignee_declined:
        sizes = {n: size for size, n in POIGNEE_THRESHOLDS[v.players].items()}
        for a in offers:
            n = len(a.cards)
            long, short = poignee_offer(sizes[n], n)
            buttons.append(f'<button class="primary" data-action="poignee" data-value="{n}">'
                           f'<span class="long">{esc(long)}</span>'
                           f'<span class="short">{esc(short)}</span></button>')
        buttons.append(f'<button class="secondary" data-action="poignee-decline">{esc(_("Don’t show"))}</button>')
        return ('<div class="panel poignee"><span class="hint">'
                + esc_text(_("Poignée: its bonus goes to the side that wins the deal."))
                + "</span>" + "".join(buttons) + "</div>")
    return '<div class="panel empty"></div>'


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
        return ('<div class="hint-bar"><button class="secondary hint-button" data-action="hint" '
                f'title="{esc(_("What the strong computer player would do in your place"))}">{esc(_("Hint"))}</button></div>')
    if hint.state == "thinking":
        return f'<div class="hint-bar" role="status"><span class="hint-thinking">{esc(_("Thinking…"))}</span></div>'
    if not hint.choices:
        return ('<div class="hint-bar" role="status"><span class="hint-thinking">'
                f'{esc_text(_("No hint for this choice."))}</span></div>')
    best = _suggested(v, hint, aside)
    expected = hint.choices[0][1]
    what = ((N_("Suggested écart: {cards}") if v.phase is Phase.ECART else N_("Suggested discard: {cards}"))
            if aside else N_("Suggested: {cards}"))
    names = esc(i18n.list_text([label(a) for a in best]))
    if len(best) > 1:  # a phone's corner has no room for them all: it says where they are marked
        marked = ngettext("the {count} marked card", "the {count} marked cards", len(best)).format(count=len(best))
        names = (f'<span class="hint-names">{names}</span>'
                 f'<span class="hint-marked">{esc(marked)}</span>')
    others = "".join(f"<li><span>{esc(label(a))}</span> <b>{signed(round(p))}</b></li>"
                     for a, p in hint.choices[len(best):len(best) + 5])
    rest = f'<ul class="hint-list" aria-label="{esc(_("Other choices"))}">{others}</ul>' if others else ""
    # The words between {hide_start} and {hide_end} are hidden on a phone.
    score = esc_text(_("expected {points}{hide_start} for you this deal{hide_end}")).format(
        points=signed(round(expected)), hide_start='<span class="hint-deal">', hide_end="</span>")
    return (f'<div class="hint-bar ready" role="status"><div class="hint-box">'
            f'<strong>{esc_text(_(what)).format(cards=names)}</strong>'
            f' <span class="hint-score">{score}</span>{rest}</div></div>')


def chooser_cards(hand, draw, selected, may_go, full: bool, tagged, tag: str, hinted=frozenset()) -> list[str]:
    """Your hand while you choose cards to put aside (the écart, a Hungarian discard), drawn by
    ``draw``: the ``selected`` ones raised, the others of ``may_go`` clickable while not ``full``,
    the rest disabled; the cards of ``tagged`` get the class ``tag`` (from the chien, the talon)."""
    parts = []
    for c in hand:
        extra = (f" {tag}" if c in tagged else "") + (" hinted" if c in hinted else "")
        if c in selected:
            parts.append(draw(c, tag="button", classes="selected" + extra, attrs='data-action="select"'))
        elif c in may_go and not full:
            parts.append(draw(c, tag="button", classes="playable" + extra, attrs='data-action="select"'))
        else:
            parts.append(draw(c, tag="button", classes="disabled" + extra, attrs="disabled"))
    return parts


def play_cards(hand, draw, playable, hinted=frozenset()) -> list[str]:
    """Your hand at your turn to play, drawn by ``draw``: the cards of ``playable`` clickable (the
    one a hint suggests, of ``hinted``, marked), the others disabled."""
    return [draw(c, tag="button", classes="playable hinted" if c in hinted else "playable",
                 attrs='data-action="play"') if c in playable
            else draw(c, tag="button", classes="disabled", attrs="disabled") for c in hand]


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
    return f'<section class="hand{many}" aria-label="{esc(_("Your hand"))}">{"".join(parts)}</section>'


# --- sheets over the table ---------------------------------------------------------------------

def _next_button(match: MatchInfo) -> str:
    """The sheet's way on: Final standings once the match is over, else Next deal."""
    return (f'<button class="primary" data-action="standings">{esc(_("Final standings"))}</button>'
            if match.is_over else
            f'<button class="primary" data-action="next-deal">{esc(_("Next deal"))}</button>')


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
            petit_sec = " " + esc_text(_("(Petit sec: the Petit as the only trump, without the Excuse.)"))
        said = esc_text(_("{status} It does not count: the next dealer deals again.")).format(
            status=esc(status_line(v, screen)) + petit_sec)
        return (
            f'<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{esc(_("No deal"))}">'
            f"<h2>{esc_text(_('No deal'))}</h2><p>{said}</p>{next_button}</div></div>"
        )
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
    table = "".join(
        f'<tr data-row="{slug(k)}"><th>{esc_text(_(k))}</th><td>{esc(val)}</td></tr>' for k, val in rows
    )
    totals = match.totals
    scores = "".join(
        f'<tr class="{"taker" if seat == r.taker else ""}" data-seat="{seat}"><th>{esc_text(names[seat])}'
        f'{role_html(N_("Taker") if seat == r.taker else None)}</th>'
        f'<td class="score">{signed(r.scores[seat])}</td><td class="total">{signed(totals[seat])}</td></tr>'
        for seat in range(v.players)
    )
    if r.taker == YOU:
        title = (_("You made your {contract}") if s.made else _("You lost your {contract}")).format(contract=label)
    else:
        title = (_("{name} made the {contract}") if s.made
                 else _("{name} lost the {contract}")).format(name=names[r.taker], contract=label)
    mood = "good" if r.scores[YOU] >= 0 else "bad"  # coloured from your side of the table
    return (
        f'<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{esc(_("Score sheet"))}">'
        f'<h2 class="{verdict} {mood}">{esc(title)}</h2>'
        f'<table class="breakdown">{table}</table>'
        f'<table class="scores"><tr><td></td><th>{esc_text(_("This deal"))}</th>'
        f'<th>{esc_text(pgettext("score", "Match"))}</th></tr>{scores}</table>'
        f'<div class="actions">{next_button}'
        f'<button class="secondary" data-action="review">{esc(_("Review tricks"))}</button>'
        f'<button class="secondary" data-action="scores">{esc(_("Scores"))}</button>'
        f'<button class="secondary" data-action="download" data-value="deal">{esc(_("Download deal"))}</button>'
        "</div></div></div>"
    )


def role_html(role: str | None) -> str:
    """A seat's role after its name on a score sheet, in the page's language: " (taker)";
    ``role`` an untranslated badge text (``N_("Taker")``, ``"Declarer"``, ``"Sits out"``) or
    ``None`` for nothing. (It was drawn by style.css, in English in every language.)"""
    if role is None:
        return ""
    return f' <span class="role">({esc(i18n.lower_first(_(role)))})</span>'


def _row_key(number: int | None, k: int) -> str:
    """A score sheet row's attributes: ``data-deal`` its number, or for a deal that pays without
    counting (HU-3.3) ``class="annulled" data-annulled`` the row's index."""
    return f'data-deal="{number}"' if number is not None else f'class="annulled" data-annulled="{k}"'


def scores_html(match: MatchInfo) -> str:
    """The running score sheet (``#match-scores``): every counted deal (who took what, made or
    lost; each seat's score and running total) and the totals (FR-8)."""
    names = match.names
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    rows = []
    for k, (number, scores, totals, r) in enumerate(match.rows):
        if match.summaries:
            what = match.summaries[k]
        else:
            what = (_("{name}: {contract} made") if r.score.made else _("{name}: {contract} lost")).format(
                name=names[r.taker], contract=contract_label(r.score.contract))
        cells = "".join(f'<td>{signed(s)}<small>{signed(t)}</small></td>' for s, t in zip(scores, totals))
        rows.append(f'<tr {_row_key(number, k)}><th>{"–" if number is None else number}<small>{esc(what)}</small></th>'
                    f'{cells}</tr>')
    if not rows:
        rows.append(f'<tr><td colspan="{match.players + 1}">{esc_text(_("No deal finished yet."))}</td></tr>')
    total = "".join(f"<td><strong>{signed(t)}</strong></td>" for t in match.totals)
    title = ngettext("Scores after {played} of {count} deal", "Scores after {played} of {count} deals",
                     match.deals_to_play).format(played=match.deals_played, count=match.deals_to_play)
    return (
        '<div class="overlay"><div class="sheet wide" id="match-scores" role="dialog" aria-modal="true" '
        f'aria-label="{esc(_("Match scores"))}">'
        f"<h2>{esc_text(title)}</h2>"
        f'<table class="running"><tr><th>{esc_text(_("Deal"))}</th>{head}</tr>{"".join(rows)}'
        f'<tr class="totals"><th>{esc_text(_("Total"))}</th>{total}</tr></table>'
        f'<div class="actions"><button class="primary" data-action="close">{esc(_("Back to the table"))}</button>'
        f'<button class="secondary" data-action="download" data-value="match">{esc(_("Download match"))}</button></div>'
        "</div></div>"
    )


def standings_html(match: MatchInfo) -> str:
    """The final standings (``#standings``): places (ties share one), the winner(s) in the title,
    for a daily game whether it was official and the Share button."""
    names = match.names
    totals = match.totals
    rows = "".join(
        f'<tr data-seat="{seat}"><th>'
        + esc(pgettext("standings", "{place}. {name}").format(place=1 + sum(t > total for t in totals),
                                                             name=names[seat]))
        + f'</th><td class="score">{signed(total)}</td></tr>'
        for seat, total in match.standings
    )
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
    return (
        '<div class="overlay"><div class="sheet" id="standings" role="dialog" aria-modal="true" '
        f'aria-label="{esc(_("Final standings"))}">'
        f"<h2>{esc(title)}</h2><p>{esc_text(after)}</p>"
        f'<table class="scores">{rows}</table>'
        f"{share_html(match)}"
        f'<div class="actions"><button class="primary" data-action="new-match">{esc(_("New match"))}</button>'
        f'<button class="secondary" data-action="scores">{esc(_("Score sheet"))}</button>'
        f'<button class="secondary" data-action="download" data-value="match">{esc(_("Download match"))}</button></div>'
        "</div></div>"
    )


def share_html(match: MatchInfo) -> str:
    """For a daily game: whether it was the official attempt, the name to share it under (the
    one kept, :attr:`MatchInfo.sharer`), the Share button and the Leaderboard; else ``""``."""
    if match.mode != "daily":
        return ""
    kind = (_("Practice: today's official result was recorded earlier.") if match.practice
            else _("This is your official result for today."))
    name = _("Your name on friends' leaderboards")
    return (
        f'<p class="daily-kind">{esc(kind)}</p>'
        f'<div class="share"><label class="share-name">{esc_text(name)} '
        f'<input id="share-name" type="text" maxlength="{SHARE_NAME_MAX}" autocomplete="nickname" '
        f'placeholder="{esc(_("anonymous"))}" value="{esc(match.sharer)}"></label>'
        f'<button class="primary" data-action="share">{esc(_("Share"))}</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="{match.game}">{esc(_("Leaderboard"))}</button>'
        '<span id="share-status" role="status"></span>'
        f'<textarea id="share-text" readonly hidden rows="3" aria-label="{esc(_("Text to share"))}"></textarea></div>'
    )


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
    order = "".join(
        f'<li data-seat="{seat}"><b>{esc(names[seat])}</b> '
        f'{esc(f"T{card.rank}" if card.is_trump else card_label(card))}</li>'
        for seat, card in t.cards)
    extra = ""
    if k in (0, len(v.tricks) - 1):  # where a review starts, and where the écart counts (FR-4.1)
        if v.chien is not None:
            extra = "<p>" + esc(_("Chien: {cards}").format(cards=cards_text(v.chien))) + "</p>"
        if v.taker == YOU and v.ecart:
            extra += "<p>" + esc(_("Écart: {cards}").format(cards=cards_text(v.ecart))) + "</p>"
        elif shown := trumps_put_aside(v):
            extra += "<p>" + esc(_("Trumps put aside: {cards}").format(cards=cards_text(shown))) + "</p>"
    return review_sheet(k, len(v.tricks), order, trick_html(v.players, t.cards, t.winner) + extra)


def review_sheet(k: int, count: int, order: str, body: str) -> str:
    """The trick review's sheet (``#review``) of either game: trick ``k`` (0-based) of ``count``,
    ``order`` (the ``<li>`` of who played what), ``body`` (the trick drawn, and notes), and
    Previous / Next / Close."""
    prev_dis = " disabled" if k == 0 else ""
    next_dis = " disabled" if k == count - 1 else ""
    title = _("Trick {number} of {count}").format(number=k + 1, count=count)
    return (
        f'<div class="overlay"><div class="sheet" id="review" role="dialog" aria-modal="true" aria-label="{esc(_("Review the tricks"))}">'
        f"<h2>{esc_text(title)}</h2>"
        f'<ol class="trick-order" aria-label="{esc(_("Played in this order"))}">{order}</ol>'
        f"{body}"
        '<div class="actions">'
        f'<button class="secondary" data-action="review-step" data-value="-1"{prev_dis}>{esc(_("Previous"))}</button>'
        f'<button class="secondary" data-action="review-step" data-value="1"{next_dis}>{esc(_("Next"))}</button>'
        f'<button class="primary" data-action="close">{esc(_("Close"))}</button></div>'
        "</div></div>"
    )


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
    tabs = "".join(
        f'<button class="tab" data-action="level" data-value="{lid}" aria-pressed="{"true" if lid == level else "false"}"'
        f' title="{esc(_(note))}">{esc(_(name))}</button>' for lid, name, note in LEVEL_NAMES)
    note = next(n for lid, __, n in LEVEL_NAMES if lid == level)
    return (f'<div class="rules-choice level-choice" role="group" aria-label="{esc(_("Computer players"))}">'
            f'<span class="label">{esc(_("Computer players:"))}</span>{tabs}<small>{esc(_(note))}</small></div>')


def language_menu_html(corner: bool = True) -> str:
    """The language menu (every screen has one): a disclosure naming the language in use, opening
    on the seven languages, each written in itself (``data-action="language"``,
    ``data-value`` its code, :data:`i18n.LANGUAGES`), the one in use pressed. ``corner``: placed
    in the screen's top corner (the start screen, the history, the leaderboard, a shared result);
    otherwise in the table's top bar."""
    current = i18n.current()
    options = "".join(
        f'<button type="button" data-action="language" data-value="{code}" lang="{code}" '
        f'aria-pressed="{"true" if code == current else "false"}">{esc(name)}</button>'
        for code, name in i18n.LANGUAGES.items())
    label = _("Language")
    spoken = _("Language: {language}").format(language=i18n.LANGUAGES[current])
    return (f'<details class="lang-menu{" corner" if corner else ""}">'
            f'<summary title="{esc(label)}"><span class="visually-hidden">{esc_text(spoken)}</span>'
            f'<span class="lang-code" aria-hidden="true">{esc(current.upper())}</span></summary>'
            f'<div class="lang-list" role="group" aria-label="{esc(label)}">{options}</div></details>')


def game_tabs_html(game: str) -> str:
    """The two games as tabs (``data-action="game"``), the one shown pressed."""
    return f'<div class="game-tabs" role="group" aria-label="{esc(_("Game"))}">' + "".join(
        f'<button class="tab" data-action="game" data-value="{gid}" aria-pressed="{"true" if gid == game else "false"}">'
        f"{esc(_(name))}</button>" for gid, name in GAME_TABS) + "</div>"


def _played_text(official: dict) -> str:
    """The daily game's button once today's is played: its score and place, and what a new try is."""
    return ("<strong>" + esc_text(_("Daily game: played")) + "</strong><span>"
            + esc_text(_("Today {score}, {place} of {players}").format(
                score=signed(official["score"]), place=ordinal(official["rank"]), players=official["players"]))
            + " · " + esc_text(_("play again as practice")) + "</span>")


def _table_size_html(n: int, opponents: str, deals: int, value: str) -> str:
    """A new game's button: ``n`` players, the ``opponents`` line's start, ``deals`` deals."""
    players = ngettext("{count} player", "{count} players", n).format(count=n)
    deals_text = ngettext("{count} deal", "{count} deals", deals).format(count=deals)
    return (f'<button class="choice" data-action="new-match" data-value="{value}">'
            f"<strong>{esc_text(players)}</strong><span>{opponents} · {esc_text(deals_text)}</span></button>")


def _opponents_text(n: int) -> str:
    """``n`` computer opponents, in words (escaped)."""
    return esc_text(ngettext("{count} computer opponent", "{count} computer opponents", n).format(count=n))


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
        daily_text = ("<strong>" + esc_text(_("Daily game")) + f"</strong><span>{esc_text(i18n.date(today))} · "
                      + esc_text(_("the same deals for everyone today")) + "</span>")
    else:
        daily_text = _played_text(official)
    buttons = "".join(_table_size_html(n, _opponents_text(n - 1), deals[n], str(n)) for n in (3, 4, 5))
    # A game in progress is never dropped unannounced: offer it first, and say that a new
    # game would replace it.
    return (
        notice_html(notice, superseded) + language_menu_html() +
        '<section class="start">' + game_tabs_html("french") +
        f"<h1>{esc_text(_('French Tarot'))}</h1>"
        "<p>" + esc_text(_("Official FFT rules, against computer players. Bid, take the chien, make your "
                           "écart and win your contract.")) + "</p>"
        f'<div class="choices">{_resume_html(resume)}<button class="choice daily" data-action="daily">{daily_text}</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="french">{esc(_("Daily leaderboard"))}</button>'
        f'<h2>{esc_text(_("New game"))}</h2>{level_html(level)}{buttons}'
        f'<button class="secondary" data-action="history">{esc(_("History and statistics"))}</button>'
        f"{_sheet_button()}</div>"
        "</section>"
    )


def _sheet_button() -> str:
    """The start screen's way to the score sheet for table play (``data-action="sheet"``)."""
    return f'<button class="secondary" data-action="sheet" data-value="open">{esc(_("Score sheet for real cards"))}</button>'


def _resume_html(resume: Resumable | None) -> str:
    """The start screen's offer to continue the game in progress (``""`` for none)."""
    if resume is None:
        return ""
    deal = _("deal {number} of {total}").format(number=resume.deal, total=resume.deals_to_play)
    return (f'<button class="choice resume" data-action="resume"><strong>{esc_text(_("Continue your game"))}</strong>'
            f"<span>{esc(resume.kind)} · {esc_text(deal)} · {esc_text(_('a new game below replaces it'))}</span></button>")


def _start_hungarian(today: str, official: dict | None, resume: Resumable | None, notice: str | None,
                     superseded: bool, profile: str, level: str = "") -> str:
    """The start screen with Hungarian Tarokk open (see :func:`start_html`)."""
    if official is None:
        daily_text = ("<strong>" + esc_text(_("Daily game")) + f"</strong><span>{esc_text(i18n.date(today))} · "
                      + esc_text(_("the same deals for everyone today")) + " · " + esc_text(_("pagat rules"))
                      + "</span>")
    else:
        daily_text = _played_text(official)
    notes = {4: _opponents_text(3),
             5: _opponents_text(4) + " · " + esc_text(_("the dealer sits each deal out"))}
    buttons = "".join(_table_size_html(n, notes[n], HUNGARIAN_DEALS[n], f"hungarian-{n}") for n in (4, 5))
    rules = "".join(
        f'<button class="tab" data-action="profile" data-value="{pid}" aria-pressed="{"true" if pid == profile else "false"}"'
        f' title="{esc(_(hint))}">{esc(_(name))}</button>' for pid, name, hint in PROFILE_NAMES)
    hint = next(h for pid, __, h in PROFILE_NAMES if pid == profile)
    return (
        notice_html(notice, superseded) + language_menu_html() +
        '<section class="start hungarian">' + game_tabs_html("hungarian") +
        f"<h1>{esc_text(_('Hungarian Tarokk'))}</h1>"
        "<p>" + esc_text(_("Paskievics, the twenty-calling game, against computer players: bid for the talon, "
                           "call the XX for a partner, announce bonuses and say kontra.")) + "</p>"
        f'<div class="choices">{_resume_html(resume)}'
        f'<button class="choice daily" data-action="daily" data-value="hungarian">{daily_text}</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="hungarian">{esc(_("Daily leaderboard"))}</button>'
        f'<h2>{esc_text(_("New game"))}</h2><div class="rules-choice" role="group" aria-label="{esc(_("Rules"))}">'
        f'<span class="label">{esc(_("Rules:"))}</span>{rules}<small>{esc(_(hint))}</small></div>{level}{buttons}'
        f'<button class="secondary" data-action="history">{esc(_("History and statistics"))}</button>'
        f"{_sheet_button()}</div>"
        "</section>"
    )


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
    blocks = "".join(_stats_html(game, name, stats, len(per_game) > 1) for game, name, stats in per_game)
    rows = "".join(
        f'<tr data-entry="{esc(e["id"])}"><th>{esc(i18n.date(e["date"]))}</th>'
        f'<td>{esc(_entry_kind(e))}</td>'
        f'<td>{e["players"]}</td><td>{ordinal(e["rank"])}</td><td>{signed(e["score"])}</td></tr>'
        for e in reversed(entries)
    ) or f'<tr><td colspan="5">{esc_text(_("No finished match yet."))}</td></tr>'
    return (
        notice_html(notice, superseded) + language_menu_html() +
        '<section class="history sheet wide" id="history">'
        f'<h1 class="visually-hidden">{esc_text(_("French Tarot · Hungarian Tarokk"))}</h1>'
        f"<h2>{esc_text(_('History and statistics'))}</h2>"
        f"{blocks}"
        f'<h3>{esc_text(_("Finished matches"))}</h3><table class="entries"><tr><th>{esc_text(_("Date"))}</th>'
        f'<th>{esc_text(_("Game"))}</th><th>{esc_text(_("Players"))}</th>'
        f'<th>{esc_text(_("Place"))}</th><th>{esc_text(_("Score"))}</th></tr>{rows}</table>'
        f"{_aside_html(aside)}"
        f'<div class="actions"><button class="primary" data-action="new-match">{esc(_("Back"))}</button>'
        f'<button class="secondary" data-action="export">{esc(_("Export history"))}</button>'
        f'<label class="secondary button">{esc_text(_("Import history"))}'
        '<input type="file" accept=".json,application/json" data-action="import" hidden></label></div>'
        "</section>"
    )


def _aside_html(aside) -> str:
    """The history screen's section of data set aside (``tarot.corrupt.N`` keys with their
    sizes): what they are, and for each a Download and a Delete button; empty without any."""
    if not aside:
        return ""
    rows = "".join(
        f'<tr data-aside="{esc(key)}"><th>{esc(key)}</th>'
        f'<td>{esc(ngettext("{count} character", "{count} characters", size).format(count=size))}</td>'
        f'<td><button class="secondary" data-action="aside-download" data-value="{esc(key)}">'
        f'{esc(_("Download"))}</button> <button class="secondary" data-action="aside-delete" '
        f'data-value="{esc(key)}">{esc(pgettext("data set aside", "Delete"))}</button></td></tr>'
        for key, size in aside
    )
    what = _("Saved data the game could not read, kept as it was. Download it before you delete it: "
             "deleting it frees room in the browser and cannot be undone.")
    return (
        f'<h3>{esc_text(_("Data set aside"))}</h3><p>{esc_text(what)}</p>'
        f'<table class="aside"><tr><th>{esc_text(_("Key"))}</th><th>{esc_text(_("Size"))}</th><th></th></tr>'
        f"{rows}</table>"
    )


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
        import render_hu

        order = list(render_hu.BID_WORDS)
        return order.index(name) if name in order else 99, _(render_hu.BID_WORDS.get(name, name))
    return Contract(name).level, contract_label(Contract(name))


def _stats_html(game: str, title: str, st, titled: bool) -> str:
    """One game's statistics (``title``: the game's name, English or in the player's language):
    the counts, the deals you took (French) or declared (Hungarian) by contract, your daily results
    (the ten best)."""
    hungarian = game == "hungarian"
    taken = "".join(
        f"<tr><th>{esc(_taken_label(game, c)[1])}</th><td>{t}</td><td>{m}</td></tr>"
        for c, (t, m) in sorted(st.taken.items(), key=lambda kv: _taken_label(game, kv[0])[0])
    ) or ('<tr><td colspan="3">' + esc_text(_("No deal declared yet.") if hungarian else _("No deal taken yet."))
          + "</td></tr>")
    board = "".join(
        f"<tr><th>{esc(i18n.date(date))}</th><td>{signed(score)}</td><td>{ordinal(rank)}</td></tr>"
        for date, score, rank in st.leaderboard[:10]
    ) or f'<tr><td colspan="3">{esc_text(_("No daily game completed yet."))}</td></tr>'
    best = signed(st.best_daily) if st.best_daily is not None else "–"
    taker = _("Deals you declared") if hungarian else _("Deals you took")
    column = _("Bid") if hungarian else _("Contract")
    count = _("Declared") if hungarian else _("Taken")
    made = _("Won") if hungarian else _("Made")
    return (
        f'<div class="game-stats" data-game="{game}">'
        + (f"<h3 class=\"game-title\">{esc(_(title))}</h3>" if titled else "") +
        '<div class="stats">'
        f'<div><strong data-stat="played">{st.played}</strong><span>{esc_text(_("matches played"))}</span></div>'
        f'<div><strong data-stat="won">{st.won}</strong><span>{esc_text(pgettext("statistics", "won"))}</span></div>'
        f'<div><strong data-stat="streak">{st.streak}</strong><span>{esc_text(_("daily streak"))}</span></div>'
        f'<div><strong data-stat="best">{best}</strong><span>{esc_text(_("best daily"))}</span></div>'
        "</div>"
        f'<h3>{esc_text(taker)}</h3><table class="taken"><tr><th>{esc_text(column)}</th><th>{esc_text(count)}</th>'
        f'<th>{esc_text(made)}</th></tr>{taken}</table>'
        f'<h3>{esc_text(_("Your daily results"))}</h3><table class="board"><tr><th>{esc_text(_("Date"))}</th>'
        f'<th>{esc_text(_("Score"))}</th><th>{esc_text(_("Place"))}</th></tr>{board}</table>'
        "</div>"
    )


def shared_invalid_html(reason: str) -> str:
    """A share link that does not verify (``#shared``): ``reason`` (the verifier's message, in
    the player's language where the page has it) with a capital letter, that it is not on the
    leaderboard, and Play."""
    said = _("{reason}.").format(reason=reason[:1].upper() + reason[1:])
    return (
        language_menu_html() + '<section class="sheet shared" id="shared" role="alert">'
        f"<h2>{esc_text(_('This share link is not valid'))}</h2><p>{esc(said)}</p>"
        f"<p>{esc_text(_('It was not added to your leaderboard.'))}</p>"
        f'<div class="actions"><button class="primary" data-action="new-match">{esc(_("Play"))}</button></div>'
        "</section>"
    )


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
    def head(k: int, row: DealRow) -> str:  # a deal that pays without counting: what it was
        if row.number is not None:
            return str(row.number)
        return f"–<small>{esc(match.summaries[k] if match.summaries else '')}</small>"

    rows = "".join(
        f'<tr {_row_key(row.number, k)}><th>{head(k, row)}</th>'
        + "".join(f"<td>{signed(x)}</td>" for x in row.scores) + "</tr>"
        for k, row in enumerate(match.rows)
    )
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    totals = "".join(f"<td><strong>{signed(t)}</strong></td>" for t in match.totals)
    daily_value = "" if match.game == "french" else f' data-value="{match.game}"'
    if _is_french(game):
        title = _("Daily game of {date}: verified").format(date=i18n.date(date))
    else:
        title = _("{game} · Daily game of {date}: verified").format(game=_(game), date=i18n.date(date))
    replayed = esc_text(_("{name}, replayed from the day's deals: {score}, {place} of {players}.")).format(
        name=esc(sharer), score=f'<strong id="shared-score">{signed(score)}</strong>', place=ordinal(rank),
        players=match.players)
    return (
        language_menu_html() + '<section class="sheet wide shared" id="shared">'
        f"<h2>{esc(title)}</h2>"
        f"<p>{replayed}</p>"
        f'<p class="listed">{esc(_(LISTED[listed]))}</p>'
        f'<table class="running"><tr><th>{esc_text(_("Deal"))}</th>{head}</tr>{rows}'
        f'<tr class="totals"><th>{esc_text(_("Total"))}</th>{totals}</tr></table>'
        f'<div class="actions"><button class="primary" data-action="daily"{daily_value}>{_play_daily()}</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="{match.game}">{esc(_("Leaderboard"))}</button>'
        f'<button class="secondary" data-action="new-match">{esc(_("Start screen"))}</button></div>'
        "</section>"
    )


def _play_daily() -> str:
    """The label of the button that opens today's daily game (escaped)."""
    return esc_text(_("Play today's daily"))


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
    tabs = "".join(
        f'<button class="tab" data-action="leaderboard" data-value="{gid}" '
        f'aria-pressed="{"true" if gid == game else "false"}">{esc(_(label))}</button>' for gid, label in GAME_TABS)
    sections = []
    for date, rows in days:
        title = _("Today, {date}").format(date=i18n.date(date)) if date == today else i18n.date(date)
        if not rows:
            sections.append(f'<h3>{esc(title)}</h3><p class="empty">'
                            + esc_text(_("No result yet: play the daily game, or open a friend's share link."))
                            + "</p>")
            continue
        sizes = sorted({e.players for __, e in rows})
        tables = []
        for players in sizes:  # ranked() ranks each table size apart: one table each
            body = "".join(
                f'<tr class="{"mine" if e.mine else "friend"}"><td>{place}</td>'
                f"<th>{esc(_board_name(e, name))}</th>"
                f'<td class="score">{signed(e.score)}</td><td class="at-table">'
                + esc(_("{place} of {players}").format(place=ordinal(e.rank), players=e.players)) + "</td></tr>"
                for place, e in rows if e.players == players)
            caption = ""
            if len(sizes) > 1:
                caption = ("<caption>" + esc_text(ngettext("{count} player", "{count} players", players).format(
                    count=players)) + "</caption>")
            tables.append(f'<table class="board" data-players="{players}">{caption}'
                          f'<tr><th>#</th><th>{esc_text(_("Player"))}</th><th>{esc_text(_("Score"))}</th>'
                          f'<th>{esc_text(_("At table"))}</th></tr>'
                          f"{body}</table>")
        sections.append(f'<h3>{esc(title)}</h3>' + "".join(tables))
    daily_value = "" if game == "french" else f' data-value="{game}"'
    return (
        notice_html(notice, superseded) +
        language_menu_html() + '<section class="sheet wide leaderboard" id="leaderboard">'
        f'<h1 class="visually-hidden">{esc_text(_("French Tarot · Hungarian Tarokk"))}</h1>'
        f'<div class="tabs" role="group" aria-label="{esc(_("Game"))}">{tabs}</div>'
        f"<h2>{esc_text(_('Daily leaderboard'))}</h2>"
        "<p>" + esc_text(_("Your daily results and those of every friend's share link opened on this device, "
                           "each checked by replaying it from the day's deals. Nothing is sent anywhere.")) + "</p>"
        + "".join(sections) +
        f'<div class="actions"><button class="primary" data-action="daily"{daily_value}>{_play_daily()}</button>'
        f'<button class="secondary" data-action="new-match">{esc(_("Start screen"))}</button></div>'
        "</section>"
    )


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
