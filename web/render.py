"""What each screen shows, as HTML text: plain Python, no browser in sight.

Every function here returns a string of HTML (or a small value) computed from its arguments
only. The table is drawn from your seat's view (:class:`tarot_core.french.SeatView`, seat
:data:`YOU`) and from :class:`Screen`, the page's own state (the match's scores, what you are
choosing, which sheet is open, a notice); nothing here reads a :class:`~tarot_core.french.FrenchDeal`
or another seat's hand, so nothing hidden can reach the page. ``table.py`` puts the strings into
the page; ``tests/test_web_render.py`` checks them in CPython.

The markup is the contract with ``style.css`` and the e2e tests: the ``data-action`` /
``data-value`` / ``data-card`` attributes of a clickable element are what
:func:`controller.command_for` reads back.

Seats are numbered in playing order (FR-2): you are seat 0 at the bottom and play passes to your
right, counter-clockwise.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from controller import Choices
from tarot_core.cards import Card, format_card
from tarot_core.contracts import POIGNEE_THRESHOLDS, TARGETS, Contract, Side
from tarot_core.french import Bid, Call, Chelem, Discard, Phase, Play, Poignee
from tarot_core.scoring import format_points2

YOU = 0
NAMES = {
    3: ("You", "Hugo", "Léa"),
    4: ("You", "Hugo", "Léa", "Camille"),
    5: ("You", "Hugo", "Léa", "Camille", "Nina"),
}
#: Where each seat sits, seen from yours (play passes to the right, counter-clockwise).
POSITIONS = {
    3: ("s", "ne", "nw"),
    4: ("s", "e", "n", "w"),
    5: ("s", "e", "ne", "nw", "w"),
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"J": "Jack", "N": "Knight", "Q": "Queen", "K": "King"}
RANK_LETTERS = {"N": "Kn"}  #: on the cards: "Kn" for a Knight, the notation's letter otherwise
RED = {"H", "D"}
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


def signed(n: int) -> str:
    """A score as the sheets show it: ``"+12"``, ``"-4"``, ``"0"``."""
    return f"{n:+d}" if n else "0"


def ordinal(n: int) -> str:
    """``1`` → ``"1st"``, ``2`` → ``"2nd"``, ``3`` → ``"3rd"``, others ``"4th"``, ``"11th"`` …"""
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def slug(label: str) -> str:
    """``"Taker's card points"`` → ``"takers-card-points"`` (a stable hook for tests)."""
    return "-".join("".join(ch for ch in word if ch.isalnum()) for word in label.lower().split())


# --- drawing cards ---------------------------------------------------------------------------

def card_name(card: Card) -> str:
    """The card in words: "King of hearts", "trump 21", "the Excuse"."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        return f"trump {card.rank}"
    rank = format_card(card)[:-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[card.suit.value]}"


def card_label(card: Card) -> str:
    """The card as its corner shows it: "K♥", "Kn♠", "10♦", "21" (a trump), "★" (the Excuse)."""
    if card.is_excuse:
        return "★"
    if card.is_trump:
        return str(card.rank)
    rank = format_card(card)[:-1]
    return f"{RANK_LETTERS.get(rank, rank)}{card.suit.symbol}"


def card_html(card: Card, *, attrs: str = "", classes: str = "", tag: str = "div") -> str:
    """One card drawn as DOM: rank and suit in the corner, a large symbol in the middle.

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
        face = card.suit.symbol if rank.isdigit() else RANK_LETTERS.get(rank, rank)
        kind = "red" if card.suit.value in RED else "black"
    wide = " wide" if kind in ("red", "black") and len(face) > 1 else ""  # "Kn": keep it in the visible strip
    return (
        f'<{tag} class="card {kind} {classes}" data-card="{token}" aria-label="{card_name(card)}" {attrs}>'
        f'<span class="corner">{esc(corner)}</span><span class="face{wide}">{esc(face)}</span></{tag}>'
    )


def back_html(count: int) -> str:
    """A small stack of face-down cards with its count."""
    return f'<div class="backs"><div class="card back"></div><span class="count">{count}</span></div>'


# --- what the page knows besides your view -----------------------------------------------------

class DealRow(NamedTuple):
    """One counted deal of the running score sheet: its number (from 1), each seat's score for
    that deal, the cumulative totals after it, and its :class:`~tarot_core.french.DealResult`
    (as your seat's view of that finished deal gives it)."""

    number: int
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
        views = [game.view(YOU) for game in match.counted]
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
        """The players' names, yours first (``NAMES``; Hungarian names at a Hungarian table)."""
        if self.game == "hungarian":
            import render_hu

            return render_hu.NAMES[self.players]
        return NAMES[self.players]


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
    button = ('<button class="primary" data-action="reload">Reload</button>' if superseded else
              '<button class="secondary" data-action="dismiss">OK</button>')
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
        return "Another tab has this game now."
    names = screen.match.names
    choices = screen.choices
    if v.phase is Phase.THROWN_IN:
        if v.thrown_in == "petit_sec":
            seat = v.petit_sec_seat
            verb = "have" if seat == YOU else "has"
            return f"{names[seat]} {verb} the Petit sec: the deal is cancelled."
        return "Everyone passed: the deal is thrown in."
    if v.phase is Phase.DONE:
        return "The match is over." if screen.match.is_over else "The deal is over."
    if v.turn != YOU:
        verb = {Phase.BIDDING: "is bidding", Phase.CALL: "is calling a King",
                Phase.ECART: "is making the écart", Phase.CHELEM: "is deciding on a chelem",
                Phase.PLAY: "is playing"}[v.phase]
        return f"{names[v.turn]} {verb}…"
    if v.phase is Phase.BIDDING:
        return "Your turn to bid: choose a contract or pass."
    if v.phase is Phase.CALL:
        return "Call a King: whoever holds it is your partner."
    if v.phase is Phase.ECART:
        # FR-4.1, as the hand shows it (the chooser says why it refuses a set); within two
        # lines on a phone.
        size = v.chien_size
        if len(choices.selected) == size and screen.ecart_problem is None:
            return f"All {size} chosen: put them aside, or change some."
        trumps = any(c.is_trump for c in ecart_candidates(v))
        return f"Your écart: choose {size} cards (no King, bout{'' if trumps else ' or trump'})."
    if v.phase is Phase.CHELEM:
        return "You may announce a chelem: winning every trick."
    if not choices.poignee_declined and any(isinstance(a, Poignee) for a in v.legal):
        return "Your turn: show a poignée or not, then play a card."
    if not v.trick:  # at five players, not the called suit in the first trick (FR-4.2)
        plays = sum(1 for a in v.legal if isinstance(a, Play))
        return "Your turn: lead any card." if plays == len(v.hand) else "Your turn: lead one of the highlighted cards."
    return "Your turn: play one of the highlighted cards."


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
        who, what = esc(f"{names[v.taker]}: "), esc(v.contract.label)
        chelem = " · chelem" if v.chelem_announced else ""
        chips.append(f'<span class="contract" title="{who}{what}{chelem}"><span class="long">{who}</span>'
                     f'{what}<span class="long">{chelem}</span></span>')
    if v.called is not None:
        # In words, or on a phone as on the card ("K♥"), which keeps the chips on one row.
        name = esc(card_name(v.called))
        chips.append(f'<span class="contract called" title="Called: {name}"><span class="long">Called: {name}</span>'
                     f'<span class="short">Called {esc(card_label(v.called))}</span></span>')
    return topbar_html(m, v.phase is Phase.DONE, status_line(v, screen), chips)


def topbar_html(m: MatchInfo, deal_done: bool, status: str, chips: list[str]) -> str:
    """The top bar of either game's table: the deal's number (counted once ``deal_done``), the
    daily's date, the ``status`` sentence, the ``chips`` (HTML), Scores and New match."""
    number = min(m.deals_played + (0 if deal_done else 1), m.deals_to_play)
    parts = [f"Deal {number} of {m.deals_to_play}"]
    if m.mode == "daily":
        parts[:0] = [f"Daily {m.date}"] + (["practice"] if m.practice else [])
    # One part a line on a phone, where the separators are hidden.
    label = '<span class="sep"> · </span>'.join(f"<span>{esc(part)}</span>" for part in parts)
    return (
        '<header class="topbar">'
        f'<span class="deal-no">{label}</span>'
        f'<p id="status" class="status" role="status" aria-live="polite">{esc(status)}</p>'
        f'<span class="chips">{"".join(chips)}</span>'
        '<button class="secondary" data-action="scores">Scores</button>'
        '<button class="secondary" data-action="new-match">New match</button>'
        "</header>"
    )


def seat_message(v, seat: int) -> str | None:
    """The bubble by ``seat``'s name: its bid while the contract is being settled (bidding, the
    call, the écart, the chelem question); later the poignée it showed, or the chelem the taker
    announced; ``None`` for no bubble."""
    if v.phase in BIDDING_PHASES:
        for s, contract in v.bids:
            if s == seat:
                return contract.label if contract else "Pass"
        return None
    shown = [p for p in v.poignees if p.seat == seat]
    if shown:
        return f"Poignée of {len(shown[-1].cards)}"
    if v.chelem_announced and seat == v.taker:
        return "Chelem announced"
    return None


def seat_html(v, seat: int, match: MatchInfo) -> str:
    """One seat around the table: name, match score, badges (dealer, taker, partner once your
    view knows it), its bubble, tricks won, face-down cards, and a poignée shown during the first
    trick."""
    badges = []
    if seat == v.dealer:
        badges.append('<span class="badge dealer">Dealer</span>')
    if seat == v.taker:
        badges.append('<span class="badge taker">Taker</span>')
    if v.partner_known and v.partner == seat:
        badges.append('<span class="badge partner">Partner</span>')
    active = " active" if v.turn == seat else ""
    msg = seat_message(v, seat)
    bubble = f'<span class="bubble">{esc(msg)}</span>' if msg else ""
    info = ""
    if v.phase in (Phase.PLAY, Phase.DONE):
        won = sum(1 for t in v.tricks if t.winner == seat)
        info = f'<span class="tricks">{won} trick{"s" if won != 1 else ""}</span>'
    score = f'<span class="total" title="Match score">{signed(match.totals[seat])}</span>'
    cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
    shown = "".join(
        '<div class="poignee-shown" title="Poignée shown">'
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
        inner = f'<div class="chien"><div class="label">The chien</div>{back_html(v.chien_size)}</div>'
    elif v.phase in (Phase.ECART, Phase.CHELEM) and v.chien is not None:
        if v.phase is Phase.ECART and v.taker == YOU:
            # Its cards are in your hand too, tagged "chien": a small phone shows only the
            # words, so that the hand you choose from fits the screen (style.css).
            inner = ('<div class="chien yours"><div class="label all">The chien, shown to all</div>'
                     '<div class="label in-hand">The chien (shown to all): in your hand, tagged “chien”</div>'
                     '<div class="cards">' + "".join(card_html(c) for c in v.chien) + "</div></div>")
        elif v.phase is Phase.ECART:
            inner = ('<div class="chien"><div class="label">The chien, shown to all</div><div class="cards">'
                     + "".join(card_html(c) for c in v.chien) + "</div></div>")
        else:
            inner = '<div class="chien"><div class="label">The taker has made the écart</div></div>'
        shown = trumps_put_aside(v)
        if shown:
            inner += '<div class="label">Trumps put aside: ' + esc(", ".join(map(card_name, shown))) + "</div>"
    elif v.phase in (Phase.ECART, Phase.CHELEM):
        inner = f'<div class="chien"><div class="label">The chien stays face down</div>{back_html(v.chien_size)}</div>'
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
                notes.append(("Chien shown: ", v.chien))
            shown = trumps_put_aside(v)
            if shown:
                notes.append(("Trumps put aside: ", shown))
            inner += "".join(
                f'<div class="label chien-note" data-cards="{" ".join(map(format_card, named))}">'
                f'{esc(label + ", ".join(map(card_name, named)))}</div>'
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
        verb = "win" if winner == YOU else "wins"
        caption = f'<div class="trick-caption">{esc(names[players][winner])} {verb} the trick</div>'
    return f'<div class="trick players-{players}">' + "".join(slots) + "</div>" + caption


def bid_help_html(v) -> str:
    """What the contracts offered mean, for a newcomer: how each one scores and treats the
    chien (from the engine's Contract), and the card points needed by number of bouts; ``""``
    when no contract is offered."""
    groups: dict[str, list[str]] = {}
    for a in v.legal:
        c = a.contract
        if c is None:
            continue
        chien = ("you take the chien and make an écart" if c.chien_seen else
                 "the chien counts for you, unseen" if c is Contract.GARDE_SANS else
                 "the chien counts for the defence, unseen")
        groups.setdefault(chien, []).append(f"<b>{esc(c.label)}</b> ×{c.multiplier}")
    if not groups:
        return ""
    lines = [f"{', '.join(names)}: {chien}." for chien, names in groups.items()]
    needs = ", ".join(f"{t} with {n or 'no bout'}" for n, t in enumerate(TARGETS))
    lines.append(f"Card points you need: {needs} (bouts: the 21, the 1, the Excuse ★).")
    lines.append("On the cards: T16 is trump 16, Kn a Knight (between Jack and Queen), ★ the Excuse.")
    return ('<details class="bid-help"><summary>What do these contracts and cards mean?</summary><p>'
            + "<br>".join(lines) + "</p></details>")


#: How the page words a rule the engine refused, by the error's message key
#: (:attr:`tarot_core.errors.IllegalActionError.key`): the engine names the case, the page
#: speaks to the player (and, later, in the player's language).
RULE_TEXT = {
    "ecart_trump": "Trumps go aside only when you have too few other cards (FR-4.1).",
    "ecart_king": "A King may not go aside (FR-4.1).",
    "ecart_bout": "The 21, the Petit and the Excuse may not go aside (FR-4.1).",
    "not_in_taker_hand": "{card} is not in your hand.",
    "ecart_same_card": "The same card is chosen twice.",
    "ecart_size": "Choose exactly {size} cards, not {count}.",
    "ecart_not_now": "The écart is already being made.",
}


def rule_text(error, catalogue: dict[str, str] | None = None, general: bool = True) -> str | None:
    """The player's sentence for an engine's ``IllegalActionError`` (by its ``key`` and
    ``params``, from ``catalogue``: :data:`RULE_TEXT` by default), or ``None`` for no error; a key
    without its own sentence gets a general one (``None`` when not ``general``)."""
    if error is None:
        return None
    template = (RULE_TEXT if catalogue is None else catalogue).get(error.key)
    if template is None:
        if not general:
            return None
        return f"Not allowed by the rules ({error.rule})." if error.rule else "Not allowed now."
    try:
        return template.format(**error.params)
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
            label = a.contract.label if a.contract else "Pass"
            cls = "secondary" if a.contract is None else "primary"
            buttons.append(f'<button class="{cls}" data-action="bid" data-value="{value}">{label}</button>')
        return '<div class="panel bidding">' + "".join(buttons) + "</div>" + bid_help_html(v)
    if v.phase is Phase.CALL:
        cards = "".join(card_html(a.card, tag="button", classes="playable", attrs='data-action="call"')
                        for a in v.legal if isinstance(a, Call))
        return (f'<div class="panel call"><span class="hint">Call:</span><div class="cards">{cards}</div>'
                '<span class="note">Call one of your own and you play alone.</span></div>')
    if v.phase is Phase.ECART:
        size = v.chien_size
        chosen = len(choices.selected)
        reason = ecart_problem if chosen == size else None
        ok = chosen == size and reason is None
        hint = reason if reason else f"{chosen} of {size} chosen"
        disabled = "" if ok else " disabled"
        checked = " checked" if choices.announce_chelem else ""
        return (
            '<div class="panel ecart">'
            f'<span class="hint">{esc(hint)}</span>'
            f'<button class="primary" data-action="ecart"{disabled}>Put these {size} aside</button>'
            '<label class="check"><input type="checkbox" data-action="chelem-toggle"'
            f"{checked}> Announce a chelem (win every trick)</label>"
            "</div>"
        )
    if v.phase is Phase.CHELEM:
        return (
            '<div class="panel chelem"><span class="hint">Announce a chelem (every trick)?</span>'
            '<button class="primary" data-action="chelem" data-value="no">No, just play</button>'
            '<button class="secondary" data-action="chelem" data-value="yes">Announce chelem</button></div>'
        )
    offers = [a for a in v.legal if isinstance(a, Poignee)]
    if offers and not choices.poignee_declined:
        sizes = {n: size.value for size, n in POIGNEE_THRESHOLDS[v.players].items()}
        for a in offers:
            n = len(a.cards)
            buttons.append(f'<button class="primary" data-action="poignee" data-value="{n}">'
                           f'<span class="long">Show a {sizes[n]} poignée ({n} trumps)</span>'
                           f'<span class="short">Show {sizes[n]} ({n} trumps)</span></button>')
        buttons.append('<button class="secondary" data-action="poignee-decline">Don’t show</button>')
        return ('<div class="panel poignee"><span class="hint">Poignée: its bonus goes to the side that '
                "wins the deal.</span>" + "".join(buttons) + "</div>")
    return '<div class="panel empty"></div>'


def action_label(a) -> str:
    """A French action in a few words, for the hint: the card, the bid, the call."""
    if isinstance(a, (Play, Discard)):
        return card_name(a.card)
    if isinstance(a, Bid):
        return a.contract.label if a.contract else "Pass"
    if isinstance(a, Call):
        return f"Call the {card_name(a.card)}"
    if isinstance(a, Chelem):
        return "Announce a chelem" if a.announced else "No chelem"
    if isinstance(a, Poignee):
        return f"Show a poignée of {len(a.cards)}"
    return str(a)


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
                'title="What the strong computer player would do in your place">Hint</button></div>')
    if hint.state == "thinking":
        return '<div class="hint-bar" role="status"><span class="hint-thinking">Thinking…</span></div>'
    if not hint.choices:
        return '<div class="hint-bar" role="status"><span class="hint-thinking">No hint for this choice.</span></div>'
    best = _suggested(v, hint, aside)
    expected = hint.choices[0][1]
    what = ("Suggested écart" if v.phase is Phase.ECART else "Suggested discard") if aside else "Suggested"
    names = esc(", ".join(label(a) for a in best))
    if len(best) > 1:  # a phone's corner has no room for them all: it says where they are marked
        names = (f'<span class="hint-names">{names}</span>'
                 f'<span class="hint-marked">the {len(best)} marked cards</span>')
    others = "".join(f"<li><span>{esc(label(a))}</span> <b>{signed(round(p))}</b></li>"
                     for a, p in hint.choices[len(best):len(best) + 5])
    rest = f'<ul class="hint-list" aria-label="Other choices">{others}</ul>' if others else ""
    return (f'<div class="hint-bar ready" role="status"><div class="hint-box"><strong>{what}: {names}</strong>'
            f' <span class="hint-score">expected {signed(round(expected))}<span class="hint-deal"> for you this deal</span>'
            f'</span>{rest}</div></div>')


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
    many = " many" if len(v.hand) > 18 else ""
    return f'<section class="hand{many}" aria-label="Your hand">{"".join(parts)}</section>'


# --- sheets over the table ---------------------------------------------------------------------

def _next_button(match: MatchInfo) -> str:
    return ('<button class="primary" data-action="standings">Final standings</button>'
            if match.is_over else
            '<button class="primary" data-action="next-deal">Next deal</button>')


def result_html(v, screen: Screen) -> str:
    """The sheet at the end of a deal (``#score-sheet``): "No deal" for a deal thrown in; else the
    breakdown of the score (rows with ``data-row`` hooks), each seat's score for the deal and for
    the match, and the buttons (next deal or final standings, review, scores, download)."""
    match = screen.match
    names = match.names
    next_button = _next_button(match)
    if v.phase is Phase.THROWN_IN:
        petit_sec = " (Petit sec: the Petit as the only trump, without the Excuse.)" if v.thrown_in == "petit_sec" else ""
        return (
            '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="No deal">'
            f"<h2>No deal</h2><p>{esc(status_line(v, screen))}{petit_sec} It does not count: the next "
            f"dealer deals again.</p>{next_button}</div></div>"
        )
    r = v.result
    s = r.score
    verdict = "made" if s.made else "lost"
    result = f"{verdict} by {abs(s.margin)}" if s.margin else "made exactly (juste fait)"
    contract = f"{s.contract.label} (×{s.multiplier}) by {names[r.taker]}"
    if r.called is not None:
        contract += f", partner {names[r.partner]}" if r.partner is not None else ", alone"
    rows = [
        ("Contract", contract),
        # With a partner, the points and bouts are the side's (FR-7.1), not the taker's own.
        ("Taker's side's card points" if r.partner is not None else "Taker's card points",
         f"{format_points2(r.points2)} of 91"),
        ("Bouts", f"{r.bouts} of 3"),
        ("Target", f"{s.target} with {r.bouts} bout{'s' if r.bouts != 1 else ''}"),
        ("Result", result),
        ("Contract score", f"(25 + {abs(s.margin)}) × {s.multiplier} = {abs(s.base)}"),
    ]
    if r.petit_au_bout is not None:
        who = "the taker's side" if r.petit_au_bout is Side.ATTACK else "the defence"
        rows.append(("Petit au bout", f"10 × {s.multiplier} = {abs(s.petit_au_bout)} to {who}"))
    if r.excuse_lost_by is not None:
        (player,) = [seat for seat, card in v.tricks[-1].cards if card.is_excuse]
        gainer = "the defence" if r.excuse_lost_by is Side.ATTACK else "the taker's side"
        who = "you" if player == YOU else names[player]
        rows.append(("Excuse", f"played to the last trick by {who}, so it went to "
                               f"{gainer}, which won that trick"))
    for p in r.poignees:
        winners = "the taker's side" if s.made else "the defence"
        rows.append(("Poignée", f"{p.size.value} by {names[p.seat]}: {p.size.bonus} to {winners}"))
    if s.chelem:
        rows.append(("Chelem", f"{s.chelem:+d} for the taker's side"))
    rows.append(("Each defender", f"pays {s.s}" if s.s >= 0 else f"receives {-s.s}"))
    table = "".join(
        f'<tr data-row="{slug(k)}"><th>{k}</th><td>{esc(val)}</td></tr>' for k, val in rows
    )
    totals = match.totals
    scores = "".join(
        f'<tr class="{"taker" if seat == r.taker else ""}" data-seat="{seat}"><th>{names[seat]}</th>'
        f'<td class="score">{signed(r.scores[seat])}</td><td class="total">{signed(totals[seat])}</td></tr>'
        for seat in range(v.players)
    )
    title = (f"You {verdict} your {s.contract.label}" if r.taker == YOU
             else f"{names[r.taker]} {verdict} the {s.contract.label}")
    mood = "good" if r.scores[YOU] >= 0 else "bad"  # coloured from your side of the table
    return (
        '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="Score sheet">'
        f'<h2 class="{verdict} {mood}">{esc(title)}</h2>'
        f'<table class="breakdown">{table}</table>'
        f'<table class="scores"><tr><th></th><th>This deal</th><th>Match</th></tr>{scores}</table>'
        f'<div class="actions">{next_button}'
        '<button class="secondary" data-action="review">Review tricks</button>'
        '<button class="secondary" data-action="scores">Scores</button>'
        '<button class="secondary" data-action="download" data-value="deal">Download deal</button>'
        "</div></div></div>"
    )


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
            what = f"{names[r.taker]}: {r.score.contract.label} {'made' if r.score.made else 'lost'}"
        cells = "".join(f'<td>{signed(s)}<small>{signed(t)}</small></td>' for s, t in zip(scores, totals))
        rows.append(f'<tr data-deal="{number}"><th>{number}<small>{esc(what)}</small></th>{cells}</tr>')
    if not rows:
        rows.append(f'<tr><td colspan="{match.players + 1}">No deal finished yet.</td></tr>')
    total = "".join(f"<td><strong>{signed(t)}</strong></td>" for t in match.totals)
    return (
        '<div class="overlay"><div class="sheet wide" id="match-scores" role="dialog" aria-label="Match scores">'
        f"<h2>Scores after {match.deals_played} of {match.deals_to_play} deals</h2>"
        f'<table class="running"><tr><th>Deal</th>{head}</tr>{"".join(rows)}'
        f'<tr class="totals"><th>Total</th>{total}</tr></table>'
        '<div class="actions"><button class="primary" data-action="close">Back to the table</button>'
        '<button class="secondary" data-action="download" data-value="match">Download match</button></div>'
        "</div></div>"
    )


def standings_html(match: MatchInfo) -> str:
    """The final standings (``#standings``): places (ties share one), the winner(s) in the title,
    for a daily game whether it was official and the Share button."""
    names = match.names
    totals = match.totals
    rows = "".join(
        f'<tr data-seat="{seat}"><th>{1 + sum(t > total for t in totals)}. {esc(names[seat])}</th>'
        f'<td class="score">{signed(total)}</td></tr>'
        for seat, total in match.standings
    )
    best = max(totals)
    winners = [names[seat] for seat, total in enumerate(totals) if total == best]
    others = [w for w in winners if w != "You"]
    listed = " and ".join(others)
    if winners == ["You"]:
        title = "You win the match!"
    elif len(winners) == 1:
        title = f"{winners[0]} wins the match"
    elif "You" in winners:
        title = f"You share first place with {listed}"
    else:
        title = f"{listed} share first place"
    return (
        '<div class="overlay"><div class="sheet" id="standings" role="dialog" aria-label="Final standings">'
        f"<h2>{esc(title)}</h2><p>Final standings after {match.deals_to_play} "
        f"deal{'s' if match.deals_to_play != 1 else ''}.</p>"
        f'<table class="scores">{rows}</table>'
        f"{share_html(match)}"
        '<div class="actions"><button class="primary" data-action="new-match">New match</button>'
        '<button class="secondary" data-action="scores">Score sheet</button>'
        '<button class="secondary" data-action="download" data-value="match">Download match</button></div>'
        "</div></div>"
    )


def share_html(match: MatchInfo) -> str:
    """For a daily game: whether it was the official attempt, the name to share it under (the
    one kept, :attr:`MatchInfo.sharer`), the Share button and the Leaderboard; else ``""``."""
    if match.mode != "daily":
        return ""
    kind = ("Practice: today's official result was recorded earlier." if match.practice
            else "This is your official result for today.")
    return (
        f'<p class="daily-kind">{esc(kind)}</p>'
        '<div class="share"><label class="share-name">Your name on friends\' leaderboards '
        f'<input id="share-name" type="text" maxlength="{SHARE_NAME_MAX}" autocomplete="nickname" '
        f'placeholder="anonymous" value="{esc(match.sharer)}"></label>'
        '<button class="primary" data-action="share">Share</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="{match.game}">Leaderboard</button>'
        '<span id="share-status" role="status"></span>'
        '<textarea id="share-text" readonly hidden rows="3" aria-label="Text to share"></textarea></div>'
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
    names = NAMES[v.players]
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
            extra = "<p>Chien: " + esc(", ".join(map(card_name, v.chien))) + "</p>"
        if v.taker == YOU and v.ecart:
            extra += "<p>Écart: " + esc(", ".join(map(card_name, v.ecart))) + "</p>"
        elif shown := trumps_put_aside(v):
            extra += "<p>Trumps put aside: " + esc(", ".join(map(card_name, shown))) + "</p>"
    return review_sheet(k, len(v.tricks), order, trick_html(v.players, t.cards, t.winner) + extra)


def review_sheet(k: int, count: int, order: str, body: str) -> str:
    """The trick review's sheet (``#review``) of either game: trick ``k`` (0-based) of ``count``,
    ``order`` (the ``<li>`` of who played what), ``body`` (the trick drawn, and notes), and
    Previous / Next / Close."""
    prev_dis = " disabled" if k == 0 else ""
    next_dis = " disabled" if k == count - 1 else ""
    return (
        '<div class="overlay"><div class="sheet" id="review" role="dialog" aria-label="Review the tricks">'
        f"<h2>Trick {k + 1} of {count}</h2>"
        f'<ol class="trick-order" aria-label="Played in this order">{order}</ol>'
        f"{body}"
        '<div class="actions">'
        f'<button class="secondary" data-action="review-step" data-value="-1"{prev_dis}>Previous</button>'
        f'<button class="secondary" data-action="review-step" data-value="1"{next_dis}>Next</button>'
        '<button class="primary" data-action="close">Close</button></div>'
        "</div></div>"
    )


# --- the other screens -------------------------------------------------------------------------

class Resumable(NamedTuple):
    """A game in progress that the start screen offers to continue: ``kind`` in words ("Daily
    2025-01-02", "4 players"), the deal it stands at and the match's number of deals."""

    kind: str
    deal: int
    deals_to_play: int


#: The start screen's games: id, name on the tab.
GAME_TABS = (("french", "French Tarot"), ("hungarian", "Hungarian Tarokk"))
#: Hungarian Tarokk's rule profiles (HU-10) as the start screen offers them.
PROFILE_NAMES = (("pagat", "Pagat rules", "pagat.com, the usual club rules"),
                 ("tournament", "Tournament rules", "the Hungarian tournament rules of 2018"))
#: Counted deals of a Hungarian match by table size (tarot_core.hungarian.rules.COUNTED_DEALS).
HUNGARIAN_DEALS = {4: 8, 5: 10}


#: The computer players' levels (tarot_core.ai.LEVELS) as the start screen offers them.
LEVEL_NAMES = (("easy", "Easy", "quick rules of thumb: legal and not silly"),
               ("normal", "Normal", "plays out a few possible deals before each choice"),
               ("strong", "Strong", "plays out many more possible deals before each choice"))


def level_html(level: str) -> str:
    """The computer players' level choice (``data-action="level"``), ``level`` pressed, with a
    line saying how that level plays."""
    tabs = "".join(
        f'<button class="tab" data-action="level" data-value="{lid}" aria-pressed="{"true" if lid == level else "false"}"'
        f' title="{esc(note)}">{esc(name)}</button>' for lid, name, note in LEVEL_NAMES)
    note = next(n for lid, _, n in LEVEL_NAMES if lid == level)
    return (f'<div class="rules-choice level-choice" role="group" aria-label="Computer players">'
            f'<span class="label">Computer players:</span>{tabs}<small>{esc(note)}</small></div>')


def game_tabs_html(game: str) -> str:
    """The two games as tabs (``data-action="game"``), the one shown pressed."""
    return '<div class="game-tabs" role="group" aria-label="Game">' + "".join(
        f'<button class="tab" data-action="game" data-value="{gid}" aria-pressed="{"true" if gid == game else "false"}">'
        f"{esc(name)}</button>" for gid, name in GAME_TABS) + "</div>"


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
        daily_text = f"<strong>Daily game</strong><span>{today} · the same deals for everyone today</span>"
    else:
        daily_text = (f"<strong>Daily game: played</strong><span>Today {signed(official['score'])}, "
                      f"{ordinal(official['rank'])} of {official['players']} · play again as practice</span>")
    buttons = "".join(
        f'<button class="choice" data-action="new-match" data-value="{n}">'
        f'<strong>{n} players</strong><span>{n - 1} computer opponents · {deals[n]} deals</span></button>'
        for n in (3, 4, 5)
    )
    # A game in progress is never dropped unannounced: offer it first, and say that a new
    # game would replace it.
    offer = ""
    if resume is not None:
        offer = (f'<button class="choice resume" data-action="resume"><strong>Continue your game</strong>'
                 f"<span>{esc(resume.kind)} · deal {resume.deal} of {resume.deals_to_play} · a new game "
                 "below replaces it</span></button>")
    return (
        notice_html(notice, superseded) +
        '<section class="start">' + game_tabs_html("french") +
        "<h1>French Tarot</h1>"
        "<p>Official FFT rules, against computer players. Bid, take the chien, make your "
        "écart and win your contract.</p>"
        f'<div class="choices">{offer}<button class="choice daily" data-action="daily">{daily_text}</button>'
        '<button class="secondary" data-action="leaderboard" data-value="french">Daily leaderboard</button>'
        f'<h2>New game</h2>{level_html(level)}{buttons}'
        '<button class="secondary" data-action="history">History and statistics</button></div>'
        "</section>"
    )


def _resume_html(resume: Resumable | None) -> str:
    if resume is None:
        return ""
    return (f'<button class="choice resume" data-action="resume"><strong>Continue your game</strong>'
            f"<span>{esc(resume.kind)} · deal {resume.deal} of {resume.deals_to_play} · a new game "
            "below replaces it</span></button>")


def _start_hungarian(today: str, official: dict | None, resume: Resumable | None, notice: str | None,
                     superseded: bool, profile: str, level: str = "") -> str:
    """The start screen with Hungarian Tarokk open (see :func:`start_html`)."""
    if official is None:
        daily_text = f"<strong>Daily game</strong><span>{today} · the same deals for everyone today · pagat rules</span>"
    else:
        daily_text = (f"<strong>Daily game: played</strong><span>Today {signed(official['score'])}, "
                      f"{ordinal(official['rank'])} of {official['players']} · play again as practice</span>")
    notes = {4: "3 computer opponents", 5: "4 computer opponents · the dealer sits each deal out"}
    buttons = "".join(
        f'<button class="choice" data-action="new-match" data-value="hungarian-{n}">'
        f'<strong>{n} players</strong><span>{notes[n]} · {HUNGARIAN_DEALS[n]} deals</span></button>'
        for n in (4, 5))
    rules = "".join(
        f'<button class="tab" data-action="profile" data-value="{pid}" aria-pressed="{"true" if pid == profile else "false"}"'
        f' title="{esc(hint)}">{esc(name)}</button>' for pid, name, hint in PROFILE_NAMES)
    hint = next(h for pid, _, h in PROFILE_NAMES if pid == profile)
    return (
        notice_html(notice, superseded) +
        '<section class="start hungarian">' + game_tabs_html("hungarian") +
        "<h1>Hungarian Tarokk</h1>"
        "<p>Paskievics, the twenty-calling game, against computer players: bid for the talon, call the "
        "XX for a partner, announce bonuses and say kontra.</p>"
        f'<div class="choices">{_resume_html(resume)}'
        f'<button class="choice daily" data-action="daily" data-value="hungarian">{daily_text}</button>'
        '<button class="secondary" data-action="leaderboard" data-value="hungarian">Daily leaderboard</button>'
        f'<h2>New game</h2><div class="rules-choice" role="group" aria-label="Rules">'
        f'<span class="label">Rules:</span>{rules}<small>{esc(hint)}</small></div>{level}{buttons}'
        '<button class="secondary" data-action="history">History and statistics</button></div>'
        "</section>"
    )


def history_html(st, entries: list[dict], notice: str | None = None, superseded: bool = False) -> str:
    """The history screen (``#history``): the statistics ``st`` (a
    :class:`tarot_core.saves.Statistics`), the deals you took by contract, your daily results
    (the ten best), every finished match of ``entries`` (history entries, newest first on
    screen), and Back / Export / Import; ``notice`` and ``superseded`` as for :func:`notice_html`."""
    per_game = st if isinstance(st, list) else [("french", "French Tarot", st)]
    blocks = "".join(_stats_html(game, name, stats, len(per_game) > 1) for game, name, stats in per_game)
    rows = "".join(
        f'<tr data-entry="{esc(e["id"])}"><th>{esc(e["date"])}</th>'
        f'<td>{esc(_entry_kind(e))}</td>'
        f'<td>{e["players"]}</td><td>{ordinal(e["rank"])}</td><td>{signed(e["score"])}</td></tr>'
        for e in reversed(entries)
    ) or '<tr><td colspan="5">No finished match yet.</td></tr>'
    return (
        notice_html(notice, superseded) +
        '<section class="history sheet wide" id="history">'
        "<h2>History and statistics</h2>"
        f"{blocks}"
        f'<h3>Finished matches</h3><table class="entries"><tr><th>Date</th><th>Game</th><th>Players</th>'
        f"<th>Place</th><th>Score</th></tr>{rows}</table>"
        '<div class="actions"><button class="primary" data-action="new-match">Back</button>'
        '<button class="secondary" data-action="export">Export history</button>'
        '<label class="secondary button">Import history<input type="file" accept=".json,application/json" '
        'data-action="import" hidden></label></div>'
        "</section>"
    )


def _entry_kind(e: dict) -> str:
    """A history entry's kind: "Free", "Daily (practice)", "Hungarian · Daily"."""
    kind = "Daily" + (" (practice)" if e["practice"] else "") if e["mode"] == "daily" else "Free"
    return kind if e.get("game", "french") == "french" else f"Hungarian · {kind}"


def _taken_label(game: str, name: str) -> tuple[int, str]:
    """A contract (French) or bid (Hungarian) of the statistics: its order and its name."""
    if game == "hungarian":
        import render_hu

        order = list(render_hu.BID_WORDS)
        return order.index(name) if name in order else 99, render_hu.BID_WORDS.get(name, name)
    return Contract(name).level, Contract(name).label


def _stats_html(game: str, title: str, st, titled: bool) -> str:
    """One game's statistics: the counts, the deals you took (French) or declared (Hungarian) by
    contract, your daily results (the ten best)."""
    taker = "Deals you declared" if game == "hungarian" else "Deals you took"
    column = "Bid" if game == "hungarian" else "Contract"
    taken = "".join(
        f"<tr><th>{esc(_taken_label(game, c)[1])}</th><td>{t}</td><td>{m}</td></tr>"
        for c, (t, m) in sorted(st.taken.items(), key=lambda kv: _taken_label(game, kv[0])[0])
    ) or f'<tr><td colspan="3">No deal {"declared" if game == "hungarian" else "taken"} yet.</td></tr>'
    board = "".join(
        f"<tr><th>{esc(date)}</th><td>{signed(score)}</td><td>{ordinal(rank)}</td></tr>"
        for date, score, rank in st.leaderboard[:10]
    ) or '<tr><td colspan="3">No daily game completed yet.</td></tr>'
    best = signed(st.best_daily) if st.best_daily is not None else "–"
    made = "Won" if game == "hungarian" else "Made"
    return (
        f'<div class="game-stats" data-game="{game}">'
        + (f"<h3 class=\"game-title\">{esc(title)}</h3>" if titled else "") +
        '<div class="stats">'
        f'<div><strong data-stat="played">{st.played}</strong><span>matches played</span></div>'
        f'<div><strong data-stat="won">{st.won}</strong><span>won</span></div>'
        f'<div><strong data-stat="streak">{st.streak}</strong><span>daily streak</span></div>'
        f'<div><strong data-stat="best">{best}</strong><span>best daily</span></div>'
        "</div>"
        f'<h3>{taker}</h3><table class="taken"><tr><th>{column}</th><th>{"Declared" if game == "hungarian" else "Taken"}</th>'
        f'<th>{made}</th></tr>{taken}</table>'
        f'<h3>Your daily results</h3><table class="board"><tr><th>Date</th><th>Score</th><th>Place</th></tr>{board}</table>'
        "</div>"
    )


def shared_invalid_html(reason: str) -> str:
    """A share link that does not verify (``#shared``): ``reason`` (the verifier's message) with a
    capital letter, that it is not on the leaderboard, and Play."""
    return (
        '<section class="sheet shared" id="shared" role="alert">'
        f"<h2>This share link is not valid</h2><p>{esc(reason[:1].upper() + reason[1:])}.</p>"
        "<p>It was not added to your leaderboard.</p>"
        '<div class="actions"><button class="primary" data-action="new-match">Play</button></div>'
        "</section>"
    )


def shared_html(date: str, score: int, rank: int, match, game: str = "French Tarot", name: str = "",
                listed: bool | None = None) -> str:
    """A verified shared daily result (``#shared``): the sharer's ``score`` and ``rank`` on
    ``date``, and the replayed ``match``'s score sheet (a :class:`MatchInfo`; the sharer is
    ``name``, or "Player" for a link without one); ``game`` names the game when it is not French
    Tarot; ``listed`` says whether it was just added to your leaderboard (``False``: it was there
    already; ``None``: it could not be stored)."""
    sharer = name or "Player"
    names = (sharer,) + match.names[1:]
    rows = "".join(
        f'<tr data-deal="{row.number}"><th>{row.number}</th>'
        + "".join(f"<td>{signed(x)}</td>" for x in row.scores) + "</tr>"
        for row in match.rows
    )
    head = "".join(f"<th>{esc(n)}</th>" for n in names)
    totals = "".join(f"<td><strong>{signed(t)}</strong></td>" for t in match.totals)
    daily_value = "" if match.game == "french" else f' data-value="{match.game}"'
    return (
        '<section class="sheet wide shared" id="shared">'
        f"<h2>{'' if game == 'French Tarot' else esc(game) + ' · '}Daily game of {esc(date)}: verified</h2>"
        f'<p>{esc(sharer)}, replayed from the day\'s deals: <strong id="shared-score">{signed(score)}</strong>, '
        f"{ordinal(rank)} of {match.players}.</p>"
        f'<p class="listed">{esc(LISTED[listed])}</p>'
        f'<table class="running"><tr><th>Deal</th>{head}</tr>{rows}<tr class="totals"><th>Total</th>{totals}</tr></table>'
        f'<div class="actions"><button class="primary" data-action="daily"{daily_value}>Play today\'s daily</button>'
        f'<button class="secondary" data-action="leaderboard" data-value="{match.game}">Leaderboard</button>'
        '<button class="secondary" data-action="new-match">Start screen</button></div>'
        "</section>"
    )


#: What :func:`shared_html` says of the leaderboard, by ``listed``.
LISTED = {True: "Added to your leaderboard.", False: "Already on your leaderboard.",
          None: "It could not be added to your leaderboard (see the notice)."}


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
        f'aria-pressed="{"true" if gid == game else "false"}">{esc(label)}</button>' for gid, label in GAME_TABS)
    sections = []
    for date, rows in days:
        title = f"Today, {date}" if date == today else date
        if not rows:
            sections.append(f'<h3>{esc(title)}</h3><p class="empty">No result yet: play the daily game, '
                            "or open a friend's share link.</p>")
            continue
        sizes = sorted({e.players for _, e in rows})
        tables = []
        for players in sizes:  # ranked() ranks each table size apart: one table each
            body = "".join(
                f'<tr class="{"mine" if e.mine else "friend"}"><td>{place}</td>'
                f"<th>{esc(('You' + (f' ({name})' if name else '')) if e.mine else (e.name or 'Anonymous player'))}</th>"
                f'<td class="score">{signed(e.score)}</td><td class="at-table">{ordinal(e.rank)} of {e.players}</td></tr>'
                for place, e in rows if e.players == players)
            caption = f"<caption>{players} players</caption>" if len(sizes) > 1 else ""
            tables.append(f'<table class="board" data-players="{players}">{caption}'
                          '<tr><th>#</th><th>Player</th><th>Score</th><th>At table</th></tr>'
                          f"{body}</table>")
        sections.append(f'<h3>{esc(title)}</h3>' + "".join(tables))
    daily_value = "" if game == "french" else f' data-value="{game}"'
    return (
        notice_html(notice, superseded) +
        '<section class="sheet wide leaderboard" id="leaderboard">'
        f'<div class="tabs" role="group" aria-label="Game">{tabs}</div>'
        "<h2>Daily leaderboard</h2>"
        "<p>Your daily results and those of every friend's share link opened on this device, each "
        "checked by replaying it from the day's deals. Nothing is sent anywhere.</p>"
        + "".join(sections) +
        f'<div class="actions"><button class="primary" data-action="daily"{daily_value}>Play today\'s daily</button>'
        '<button class="secondary" data-action="new-match">Start screen</button></div>'
        "</section>"
    )


def share_text(date: str, score: int, rank: int, players: int, url: str, game: str = "French Tarot") -> str:
    """The short text "Share" copies: the ``game``'s daily of ``date``, your ``score`` and ``rank``
    of ``players``, and the ``url`` that replays the game."""
    return (f"{game} daily {date}: {signed(score)}, "
            f"{ordinal(rank)} of {players}. Replay it: {url}")
