"""What the Hungarian Tarokk table shows, as HTML text: plain Python, no browser in sight.

The Hungarian counterpart of :mod:`render` (which keeps the screens both games share: the start
screen, the history, the running score sheet, the standings, the notice). Everything here is
drawn from your seat's :class:`tarot_core.hungarian.HungarianView` and from the page's
:class:`render.Screen`, so nothing hidden can reach the page: another seat's discard is a
count, the partner stays unnamed until the called tarokk is played (HU-5).

The words a player reads are in the catalogues at the top (:data:`BID_WORDS`, :data:`BONUS_WORDS`,
:data:`KONTRA_WORDS`, :data:`PHASE_HELP`, :data:`RULE_TEXT`), not in the engine. Clickable
elements carry ``data-action`` / ``data-value`` / ``data-card`` (the HU-1 token), which
:mod:`controller_hu` reads back. Seats are numbered in playing order (HU-2): you are seat 0 at the
bottom, play passes to your right, counter-clockwise.
"""

from __future__ import annotations

from typing import NamedTuple

import render
from render import POSITIONS, YOU, Screen, back_html, esc, notice_html, signed, slug
from tarot_core.hungarian.actions import Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase, Play
from tarot_core.hungarian.cards import SKIZ_RANK, Card, Suit, format_card, parse_card
from tarot_core.hungarian.scoring import ANNOUNCED_VALUES, Side
from tarot_core.hungarian.state import roles

NAMES = {
    4: ("You", "Bence", "Zsófi", "Levente"),
    5: ("You", "Bence", "Zsófi", "Levente", "Réka"),
}
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
         "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
RED = {Suit.HEARTS, Suit.DIAMONDS}
#: Court cards (HU-1): in words, and the letter on the card (R for the rider, the notation's N).
COURT_NAMES = {14: "King", 13: "Queen", 12: "Rider", 11: "Jack"}
COURT_LETTERS = {14: "K", 13: "Q", 12: "R", 11: "J"}

#: The bids (HU-3), as the buttons and the bubbles say them.
BID_WORDS = {"three": "Three", "two": "Two", "one": "One", "solo": "Solo"}
#: The bonuses (HU-6): name, and what it takes, in one line.
BONUS_WORDS = {
    "game": ("Game", "the declarer's side takes 48 card points or more"),
    "double_game": ("Double game", "71 card points or more"),
    "volat": ("Volát", "every one of the nine tricks"),
    "trull": ("Trull", "the side wins all three honours: Skíz, XXI and pagát"),
    "four_kings": ("Four kings", "the side wins all four Kings"),
    "pagat_ultimo": ("Pagát ultimó", "the pagát wins the last trick"),
    "xxi_catch": ("XXI catch", "the Skíz captures the other side's XXI"),
    "eight_tarokks": ("Eight tarokks", "held after the discard"),
    "nine_tarokks": ("Nine tarokks", "held after the discard"),
}
#: Kontra levels (HU-6): 1 kontra … 5 mordkontra.
KONTRA_WORDS = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
SIDE_WORDS = {Side.DECLARER: "the declarer's side", Side.OPPONENTS: "the opponents"}

#: A short rules help for each phase (shown under "Rules of this phase").
PHASE_HELP = {
    Phase.BIDDING: (
        "Bid how many talon cards you will take: three (3 cards, game worth 1), two (2, worth 2), one "
        "(1, worth 3) or solo (none, worth 4). Only a player holding an honour (Skíz, XXI or pagát) may "
        "bid. Pass is final. Hold takes the current bid at the same level, once per level, if you have "
        "bid before. A bid one level higher than needed invites with the XIX, two levels with the XVIII "
        "(you must hold it). If the first three pass, the fourth may try a trial three without an honour."),
    Phase.DISCARD: (
        "Everyone discards face down back to 9 cards. Honours and Kings may never be discarded, nor a "
        "promised card. Each player says how many tarokks they discarded; the declarer's are shown. The "
        "declarer's discard counts for the declarer's side, the others' for the opponents. Holding four "
        "Kings, no tarokk, or only the XXI or the pagát (none discarded), you may annul the deal."),
    Phase.CALL: (
        "The declarer names a tarokk, normally the XX: its holder is the partner, unknown to the others "
        "until it is played. Holding the XX, you may call the highest tarokk you lack, or your own XX "
        "and play alone against three. If the called card lies in a discard, the declarer plays alone."),
    Phase.ANNOUNCEMENTS: (
        "From the declarer round the table, each player may announce bonuses or say kontra, then "
        "passes; the round ends after three turns in a row with nothing said. An announcement counts for "
        "the side now speaking (the declarer's at first, then the side of the last kontra). Kontra "
        "doubles an announced item (the game included), the sides alternating: kontra ×2, rekontra ×4, "
        "szubkontra ×8, hirskontra ×16, mordkontra ×32. A failed announcement pays its value to the "
        "other side; bonuses made silently score half."),
    Phase.PLAY: (
        "The forehand leads. Follow suit if you can; otherwise play a tarokk; a tarokk led asks for a "
        "tarokk. There is no need to beat. The highest tarokk wins, else the highest card of the suit "
        "led. The declarer's side wins the game with 48 of the 94 card points."),
}

#: How the page words an engine's refusal, by the error's key (the engine names the case).
RULE_TEXT = {
    "bid_without_honour": "You hold no honour (the Skíz, the XXI or the pagát): you may only pass.",
    "invitation_without_card": "{level} would invite with the {card}, which you do not hold.",
    "trial_only_three": "Without an honour, only the trial three is open to you.",
    "pagat_kept_for_ultimo": "Your pagát waits for the last trick (the pagát ultimó was announced).",
}

#: The phases in which a seat's bubble shows its bid.
BIDDING_PHASES = (Phase.BIDDING,)


class Extras(NamedTuple):
    """What the table learns from the engine beside your view (the page never works a rule out
    itself): each legal bid's kind (``{value: (kind, card)}``, from ``HungarianDeal.bid_kind``);
    why a higher bid is not offered (worded, or ``None``); why your pagát may not be played now;
    the declarer's side's card points once the deal is scored (``HungarianDeal.card_points``)."""

    bid_kinds: dict = {}
    bid_note: str | None = None
    play_note: str | None = None
    points: int | None = None


# --- cards -------------------------------------------------------------------------------------

def is_skiz(card: Card) -> bool:
    """True for the Skíz, the top tarokk (HU-1)."""
    return card.suit is Suit.TAROKK and card.rank == SKIZ_RANK


def card_name(card: Card) -> str:
    """The card in words: "the Skíz", "the XXI", "the pagát (I)", "tarokk XIV", "King of hearts",
    "ace of hearts", "10 of spades"."""
    if card.suit is Suit.TAROKK:
        if is_skiz(card):
            return "the Skíz"
        if card.rank == 1:
            return "the pagát (I)"
        if card.rank == 21:
            return "the XXI"
        return f"tarokk {ROMAN[card.rank]}"
    suit = SUIT_NAMES[card.suit]
    if card.rank in COURT_NAMES:
        return f"{COURT_NAMES[card.rank]} of {suit}"
    return f"{'ace' if card.rank == 1 else card.rank} of {suit}"


def card_label(card: Card) -> str:
    """The card as its corner shows it: "XIV", "Skíz", "K♥", "R♠", "A♦", "10♣"."""
    if card.suit is Suit.TAROKK:
        return "Skíz" if is_skiz(card) else ROMAN[card.rank]
    rank = COURT_LETTERS.get(card.rank) or ("A" if card.rank == 1 else str(card.rank))
    return f"{rank}{card.suit.symbol}"


def short_name(card: Card) -> str:
    """The card in a few letters for lists: "XX", "Skíz", "pagát", "K♥"."""
    if card.suit is Suit.TAROKK and card.rank == 1:
        return "pagát"
    return card_label(card)


def card_html(card: Card, *, attrs: str = "", classes: str = "", tag: str = "div") -> str:
    """One card drawn as DOM (the Hungarian pack, HU-1): a tarokk shows its Roman numeral, the
    Skíz its name, an honour is marked; a suit card its rank letter (R the rider) or low card and
    suit. The element carries ``data-card`` (the HU-1 token) and an ``aria-label`` in words."""
    token = format_card(card)
    corner = card_label(card)
    if card.suit is Suit.TAROKK:
        kind = "tarokk"
        face = "✶" if is_skiz(card) else ROMAN[card.rank]
        if card.is_honour:
            kind += " honour"
        if is_skiz(card):
            kind += " skiz"
        elif len(face) >= 4:
            kind += " long"
    else:
        face = card.suit.symbol if card.rank not in COURT_LETTERS else COURT_LETTERS[card.rank]
        kind = "red" if card.suit in RED else "black"
    return (
        f'<{tag} class="card hu {kind} {classes}" data-card="{token}" aria-label="{esc(card_name(card))}" {attrs}>'
        f'<span class="corner">{esc(corner)}</span><span class="face">{esc(face)}</span></{tag}>'
    )


# --- words for what happened -------------------------------------------------------------------

def bid_words(level, kind: str, card: Card | None = None) -> str:
    """A bid as the table hears it: "Three", "Hold (two)", "Pass", "Two: invites with the XIX",
    "Pass: yields the game (promises the XX)", "Trial three"."""
    if kind == "pass":
        return "Pass"
    if kind == "yield":
        return "Pass: yields the game (promises the XX)"
    name = BID_WORDS[level.value]
    if kind == "hold":
        return f"Hold ({name.lower()})"
    if kind == "trial":
        return "Trial three"
    if kind == "invitation" and card is not None:
        return f"{name}: invites with the {short_name(card)}"
    return name


def said_bid(v, seat: int, level, kind: str) -> str:
    """The words of a bid already made (``v.bids`` entry): an invitation names its card, a pass
    that yielded the game says so."""
    if kind == "pass" and v.yielded == seat:
        return bid_words(level, "yield")
    card = v.invitation[1] if kind == "invitation" and v.invitation else None
    return bid_words(level, kind, card)


def kontra_levels(history) -> list[tuple[object, int]]:
    """Each announcement-round action of ``history`` with the kontra level it reached (the
    number of kontras said on its item so far, for a :class:`Kontra`; 0 otherwise)."""
    counts: dict[str, int] = {}
    out = []
    for a in history:
        if isinstance(a, Kontra):
            counts[a.bonus] = counts.get(a.bonus, 0) + 1
            out.append((a, counts[a.bonus]))
        elif isinstance(a, (Announce, DeclareTarokks, Pass, Call)):
            out.append((a, 0))
    return out


def said_words(action, level: int = 0) -> str:
    """An announcement-round action in words: "calls the XX", "trull", "kontra on the game",
    "eight tarokks", "pass"."""
    if isinstance(action, Call):
        return f"calls the {short_name(action.card)}"
    if isinstance(action, Announce):
        return BONUS_WORDS[action.bonus][0].lower() if action.bonus != "pagat_ultimo" else "pagát ultimó"
    if isinstance(action, Kontra):
        item = "the game" if action.bonus == "game" else BONUS_WORDS[action.bonus][0].lower()
        return f"{KONTRA_WORDS[min(level, 5)]} on {item}"
    if isinstance(action, DeclareTarokks):
        return f"{'eight' if action.count == 8 else 'nine'} tarokks"
    return "pass"


def item_words(bonus: str, side: Side, kontra: int) -> str:
    """An announced item with its side and kontra level: "Trull (the declarer's side) · rekontra"."""
    name = BONUS_WORDS[bonus][0]
    level = f" · {KONTRA_WORDS[kontra]}" if kontra else ""
    return f"{name} ({SIDE_WORDS[side]}){level}"


def talon_counts(v) -> list[tuple[int, int]]:
    """``(seat, cards received from the talon)`` for each playing seat, the declarer first, once
    the talon is shared out (HU-4): what a seat holds beyond 9 plus what it has discarded."""
    if v.declarer is None or v.phase in (Phase.BIDDING, Phase.ALL_PASS):
        return []
    start = v.active.index(v.declarer)
    seats = [v.active[(start + k) % 4] for k in range(4)]
    counts = [(s, v.hand_sizes[s] + v.discard_sizes[s] - 9) for s in seats]
    return counts if any(n for _, n in counts) else []  # none: a trial three annulled at once


def to_discard(v) -> int:
    """How many cards you still have to discard (back to 9, HU-4)."""
    return max(0, len(v.hand) - 9)


# --- the table ---------------------------------------------------------------------------------

def status_line(v, screen: Screen) -> str:
    """The status line: whose turn it is and what to do, in one sentence."""
    if screen.superseded:
        return "Another tab has this game now."
    names = NAMES[v.players]
    if v.phase is Phase.ALL_PASS:
        again = ("the next round counts double" if v.profile == "pagat" else "it is dealt again")
        return f"Everyone passed: the same dealer deals again, and {again}."
    if v.phase is Phase.ANNULLED:
        if any(k == "trial" for _, _, k in v.bids) and v.declarer is not None:
            who = names[v.declarer]
            return f"No honour in the talon: {who}'s trial three is annulled, and {who} pays each player."
        annuller = next((a.seat for a in v.history if getattr(a, "annul", False)), None)
        who = names[annuller] if annuller is not None else "A player"
        return f"{who} annulled the deal: the same dealer deals again, and the next round counts double."
    if v.phase is Phase.DONE:
        return "The match is over." if screen.match.is_over else "The deal is over."
    sits_out = v.players == 5 and v.dealer == YOU
    if v.turn != YOU:
        verb = {Phase.BIDDING: "is bidding", Phase.DISCARD: "is discarding", Phase.CALL: "is calling a partner",
                Phase.ANNOUNCEMENTS: "is announcing", Phase.PLAY: "is playing"}[v.phase]
        lead = "You deal and sit this deal out. " if sits_out else ""
        if v.phase is Phase.PLAY and not v.trick and v.tricks:
            verb = "leads the next trick"
        return f"{lead}{names[v.turn]} {verb}…"
    if v.phase is Phase.BIDDING:
        return "Your turn to bid, or pass."
    if v.phase is Phase.DISCARD:
        if any(isinstance(a, Discard) for a in v.legal):
            n = to_discard(v)
            return f"Discard {n} card{'s' if n != 1 else ''} face down, back to 9."
        return "You may annul the deal."
    if v.phase is Phase.CALL:
        return "Call a tarokk: whoever holds it is your partner."
    if v.phase is Phase.ANNOUNCEMENTS:
        return "Your turn: announce, say kontra, or pass."
    if not v.trick:
        return "Your turn: lead a card."
    return "Your turn: play one of the highlighted cards."


def header_html(v, screen: Screen) -> str:
    """The top bar: deal number (daily date, doubled round), status line, chips (the bid and the
    declarer, the called card, the round's multiplier), Scores / New match."""
    m = screen.match
    names = NAMES[v.players]
    chips = []
    if v.declarer is not None and v.level is not None:
        who = esc(f"{names[v.declarer]}: ")
        what = esc(BID_WORDS[v.level.value])
        chips.append(f'<span class="contract" title="{who}{what}"><span class="long">{who}</span>{what}</span>')
    if v.called is not None:
        name = esc(card_name(v.called))
        short = esc(short_name(v.called))
        chips.append(f'<span class="contract called" title="Called: {name}"><span class="long">Called: the {short}</span>'
                     f'<span class="short">Called {short}</span></span>')
    if v.multiplier > 1:
        chips.append(f'<span class="contract doubled" title="A doubled round: every score ×{v.multiplier}">'
                     f'<span class="long">Doubled round </span>×{v.multiplier}</span>')
    if v.profile == "tournament":
        chips.append('<span class="contract profile" title="The 2018 tournament rules">'
                     '<span class="long">Tournament rules</span><span class="short">Tourn.</span></span>')
    return render.topbar_html(m, v.phase is Phase.DONE, status_line(v, screen), chips)


def seat_message(v, seat: int) -> str | None:
    """The bubble by ``seat``'s name: its last bid while bidding; its discard (cards and tarokks)
    while discarding and calling; its last words in the announcement round; its tarokk count
    while playing."""
    if v.phase in BIDDING_PHASES or v.phase is Phase.ALL_PASS:
        said = [(lv, k) for s, lv, k in v.bids if s == seat]
        return said_bid(v, seat, *said[-1]) if said else None
    if v.phase in (Phase.DISCARD, Phase.CALL) and v.discard_sizes[seat]:
        t = v.discarded_tarokks[seat]
        return f"Discarded {v.discard_sizes[seat]} ({t} tarokk{'s' if t != 1 else ''})"
    if v.phase is Phase.ANNOUNCEMENTS:
        said = [(a, k) for a, k in kontra_levels(v.history) if a.seat == seat]
        if said:
            a, k = said[-1]
            words = said_words(a, k)
            return words[:1].upper() + words[1:]
        return None
    counts = dict(v.tarokk_counts)
    if seat in counts and v.phase is Phase.PLAY:
        return f"{'Eight' if counts[seat] == 8 else 'Nine'} tarokks"
    return None


def seat_html(v, seat: int, match) -> str:
    """One seat: name, match score, badges (dealer, sits out, declarer, partner or alone once your
    view knows it), its bubble, tricks won, face-down cards."""
    names = NAMES[v.players]
    badges = []
    if seat == v.dealer:
        badges.append('<span class="badge dealer">Dealer</span>')
    if seat not in v.active:
        badges.append('<span class="badge out">Sits out</span>')
    if seat == v.declarer:
        badges.append('<span class="badge taker">Declarer</span>')
        if v.alone_known:
            badges.append('<span class="badge alone">Alone</span>')
    if v.partner_known and v.partner is not None and v.partner == seat:
        badges.append('<span class="badge partner">Partner</span>')
    active = " active" if v.turn == seat else ""
    msg = seat_message(v, seat)
    bubble = f'<span class="bubble">{esc(msg)}</span>' if msg else ""
    info = ""
    if v.phase in (Phase.PLAY, Phase.DONE) and seat in v.active:
        won = sum(1 for t in v.tricks if t.winner == seat)
        info = f'<span class="tricks">{won} trick{"s" if won != 1 else ""}</span>'
    score = f'<span class="total" title="Match score">{signed(match.totals[seat])}</span>'
    cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
    out = " out" if seat not in v.active else ""
    return (
        f'<div class="seat pos-{POSITIONS[v.players][seat]}{active}{out}" data-seat="{seat}">'
        f'<div class="name">{esc(names[seat])} {score} {"".join(badges)}</div>'
        f"{bubble}{info}{cards}</div>"
    )


def talon_html(v) -> str:
    """Who received how many talon cards (the declarer first), the declarer's shown discarded
    tarokks, and each discard's tarokk count as said aloud (HU-4)."""
    names = NAMES[v.players]
    shares = ", ".join(f"{names[s]} {n}" for s, n in talon_counts(v))
    said = [f"{names[s]} {said_bid(v, s, lv, k).lower()}" for s, lv, k in v.bids if k != "pass" or v.yielded == s]
    parts = [f'<div class="label auction">Bids: {esc("; ".join(said))}</div>'] if said else []
    if shares:
        parts.append(f'<div class="label talon-shares">Talon: {esc(shares)}</div>')
    said = [f"{names[s]} {v.discarded_tarokks[s]}" for s in v.active if v.discard_sizes[s]]
    if said:
        parts.append(f'<div class="label discards">Tarokks discarded: {esc(", ".join(said))}</div>')
    if v.declarer_tarokks:
        cards = "".join(card_html(c, classes="mini") for c in v.declarer_tarokks)
        parts.append(f'<div class="shown-tarokks"><span class="label">The declarer discarded:</span>{cards}</div>')
    return "".join(parts)


def announcements_html(v) -> str:
    """The announcement round so far, in order (``#announcements``): who said what (the call
    first), and the items announced with their side and kontra level."""
    names = NAMES[v.players]
    said = kontra_levels(v.history)
    if not said:
        return ""
    rows = "".join(f'<li data-seat="{a.seat}"><b>{esc(names[a.seat])}:</b> {esc(said_words(a, k))}</li>'
                   for a, k in said)
    items = "".join(f'<li data-item="{esc(b)}">{esc(item_words(b, side, k))}</li>' for b, side, k in v.announced)
    items_html = f'<ul class="items" aria-label="Announced">{items}</ul>' if items else ""
    return f'<div class="announcements" id="announcements"><ol class="said">{rows}</ol>{items_html}</div>'


def trick_html(players: int, cards, winner: int | None) -> str:
    """A trick's cards at their players' places, and once won, the winner marked and named
    (:func:`render.trick_html` with this pack's cards and these names)."""
    return render.trick_html(players, cards, winner, draw=card_html, names=NAMES)


def callouts(v) -> list[str]:
    """What the last trick (or the one under way) showed that a player should not miss: the
    partner revealed by the called tarokk, the XXI captured by the Skíz, the pagát in the last
    trick."""
    names = NAMES[v.players]
    out = []
    cards = v.trick if v.trick else (v.tricks[-1].cards if v.tricks else ())
    winner = None if v.trick or not v.tricks else v.tricks[-1].winner
    played = dict((format_card(c), s) for s, c in cards)
    if v.called is not None and format_card(v.called) in played:
        holder = played[format_card(v.called)]
        if holder == v.declarer:
            out.append(f"{names[holder]} played the called {short_name(v.called)}: the declarer plays alone.")
        else:
            verb = "are" if holder == YOU else "is"
            out.append(f"The {short_name(v.called)} is played: {names[holder]} {verb} the declarer's partner.")
    if "T21" in played and "SKIZ" in played and winner is not None:
        out.append(f"The Skíz captures the XXI ({names[played['SKIZ']]} takes {names[played['T21']]}'s XXI).")
    if "T1" in played and len(v.tricks) == 9 and not v.trick:
        whose = "your" if played["T1"] == YOU else f"{names[played['T1']]}'s"
        won = winner == played["T1"]
        out.append(f"The pagát in the last trick: {whose} pagát {'wins' if won else 'loses'} it.")
    return out


def centre_html(v) -> str:
    """The middle of the table: the talon while bidding; the talon shares and discards; the
    announcement round; the trick (the last one once all have played), with its callouts."""
    if v.phase in (Phase.BIDDING, Phase.ALL_PASS):
        inner = f'<div class="chien"><div class="label">The talon</div>{back_html(6)}</div>'
    elif v.phase in (Phase.DISCARD, Phase.CALL, Phase.ANNULLED):
        inner = talon_html(v)
    elif v.phase is Phase.ANNOUNCEMENTS:
        inner = talon_html(v) + announcements_html(v)
    else:
        cards, winner = v.trick, None
        if not cards and v.tricks:
            cards, winner = v.tricks[-1].cards, v.tricks[-1].winner
        inner = trick_html(v.players, cards, winner)
        inner += "".join(f'<div class="label callout">{esc(c)}</div>' for c in callouts(v))
        if v.phase is Phase.PLAY and not v.tricks and not v.trick:
            leader = NAMES[v.players][v.leader] if v.leader is not None else "The forehand"
            verb = "lead" if v.leader == YOU else "leads"
            inner += f'<div class="label callout round-over">The announcements are over: {esc(leader)} {verb} the first trick.</div>'
        if v.phase is Phase.PLAY:  # what was announced, and the declarer's shown tarokks, stay in view
            inner += items_line(v)
    return f'<div class="centre">{inner}</div>'


def items_line(v) -> str:
    """The announced items in one line (the first trick keeps them in view)."""
    shown = ""
    if v.declarer_tarokks:
        shown = f" The declarer discarded {', '.join(map(short_name, v.declarer_tarokks))}."
    if not v.announced:
        return f'<div class="label items-line">Nothing announced beyond the game.{esc(shown)}</div>'
    text = "; ".join(item_words(b, side, k) for b, side, k in v.announced)
    return f'<div class="label items-line">Announced: {esc(text)}.{esc(shown)}</div>'


def help_html(v) -> str:
    """The rules of the current phase, folded ("Rules of this phase")."""
    text = PHASE_HELP.get(v.phase)
    if not text:
        return ""
    return (f'<details class="bid-help phase-help"><summary>Rules of this phase</summary><p>{esc(text)}</p>'
            "</details>")


def announce_button(a, v) -> str:
    """One button of the announcement round: the action, its value and a one-line explanation."""
    g = v.level.game_value if v.level is not None else 1
    current = {b: k for b, _, k in v.announced}
    if isinstance(a, Pass):
        # "Done" once you have said something this turn (the call included), else "Pass".
        last = v.history[-1] if v.history else None
        done = last is not None and last.seat == YOU and isinstance(last, (Announce, Kontra, DeclareTarokks, Call))
        return f'<button class="secondary" data-action="announce" data-value="pass">{"Done" if done else "Pass"}</button>'
    if isinstance(a, Announce):
        name, what = BONUS_WORDS[a.bonus]
        value = ANNOUNCED_VALUES[a.bonus] * (g if a.bonus in ("double_game", "volat") else 1)
        return (f'<button class="primary" data-action="announce" data-value="announce:{a.bonus}">'
                f'<strong>{esc(name)}</strong> <span class="value">{value}</span>'
                f'<small>{esc(what)}</small></button>')
    if isinstance(a, Kontra):
        k = current.get(a.bonus, 0) + 1
        item = "the game" if a.bonus == "game" else BONUS_WORDS[a.bonus][0].lower()
        return (f'<button class="primary" data-action="announce" data-value="kontra:{a.bonus}">'
                f'<strong>{esc(KONTRA_WORDS[k].capitalize())}: {esc(item)}</strong> <span class="value">×{2 ** k}</span>'
                f'<small>{"doubles what it is worth" if k == 1 else "doubles it again"}</small></button>')
    if isinstance(a, DeclareTarokks):
        each = 1 if a.count == 8 else 2
        return (f'<button class="primary" data-action="announce" data-value="tarokks:{a.count}">'
                f'<strong>{"Eight" if a.count == 8 else "Nine"} tarokks</strong> <span class="value">{each}</span>'
                f'<small>from each other player</small></button>')
    return ""


def speaking_note(v) -> str:
    """Whose side a bonus you announce now counts for (HU-6): the side speaking; when that is not
    your own, how to speak for yours."""
    if v.side is not None and v.side is not v.speaking:
        return (f"A bonus you announce now counts for {SIDE_WORDS[v.speaking]}, not yours: "
                "say kontra first to announce for your side.")
    return f"Your announcements count for {SIDE_WORDS[v.speaking]}."


def panel_html(v, screen: Screen, extras: Extras = Extras()) -> str:
    """The panel above your hand at your turn: the legal bids (each worded as the table will hear
    it), the discard's confirm, the annulment question, the calls, the announcement buttons."""
    if v.turn != YOU:
        return '<div class="panel empty"></div>' + (help_html(v) if v.phase is not Phase.PLAY else "")
    choices = screen.choices
    if v.phase is Phase.BIDDING:
        buttons = []
        for a in v.legal:
            value = "pass" if a.bid is None else a.bid.value
            kind, card = extras.bid_kinds.get(value, ("pass" if a.bid is None else "bid", None))
            cls = "secondary" if a.bid is None else "primary"
            buttons.append(f'<button class="{cls}" data-action="bid" data-value="{value}">'
                           f"{esc(bid_words(a.bid, kind, card))}</button>")
        note = f'<span class="note">{esc(extras.bid_note)}</span>' if extras.bid_note else ""
        return '<div class="panel bidding">' + "".join(buttons) + note + "</div>" + help_html(v)
    if v.phase is Phase.DISCARD:
        if any(isinstance(a, Discard) for a in v.legal):
            need = to_discard(v)
            chosen = len(choices.selected)
            ok = chosen == need
            disabled = "" if ok else " disabled"
            return ('<div class="panel ecart discard">'
                    f'<span class="hint">{chosen} of {need} chosen</span>'
                    f'<button class="primary" data-action="discard"{disabled}>Discard {"this card" if need == 1 else f"these {need}"}</button>'
                    '<span class="note">Honours and Kings may not be discarded; your new talon cards are marked.</span>'
                    "</div>" + help_html(v))
        return ('<div class="panel annul"><span class="hint">You may annul the deal (four Kings, no tarokk, or '
                'only the XXI or the pagát): the same dealer deals again and the next round counts double.</span>'
                '<button class="primary" data-action="annul" data-value="no">Play on</button>'
                '<button class="secondary" data-action="annul" data-value="yes">Annul the deal</button></div>')
    if v.phase is Phase.CALL:
        buttons = []
        calls = sorted((a for a in v.legal if isinstance(a, Call)), key=lambda a: -a.card.rank)  # the XX first
        for a in calls:
            own = a.card in v.hand or a.card in v.discard
            where = "in your discard" if a.card in v.discard else "yours"
            label = f"Call the {short_name(a.card)}" + (f" ({where}: play alone)" if own else "")
            buttons.append(f'<button class="primary" data-action="call" data-card="{format_card(a.card)}">'
                           f"{esc(label)}</button>")
        return ('<div class="panel call">' + "".join(buttons) +
                '<span class="note">The holder of the called tarokk is your partner, hidden until it is played.</span>'
                "</div>" + help_html(v))
    if v.phase is Phase.ANNOUNCEMENTS:
        buttons = [announce_button(a, v) for a in v.legal]
        return ('<div class="panel announce">' + "".join(buttons) +
                f'<span class="note speaking">{esc(speaking_note(v))}</span></div>' + help_html(v))
    if v.phase is Phase.PLAY and extras.play_note:
        return f'<div class="panel play-note"><span class="note">{esc(extras.play_note)}</span></div>'
    return '<div class="panel empty"></div>'


def action_label(a) -> str:
    """A Hungarian action in a few words, for the hint: the card, the bid, the announcement."""
    if isinstance(a, (Play, Discard)):
        return card_name(a.card)
    if isinstance(a, Bid):
        return "Pass" if a.bid is None else BID_WORDS[a.bid.value]
    if isinstance(a, Annul):
        return "Annul the deal" if a.annul else "Play on"
    if isinstance(a, Call):
        return f"Call the {short_name(a.card)}"
    if isinstance(a, Pass):
        return "Pass"
    return said_words(a).capitalize()


def hand_html(v, screen: Screen) -> str:
    """Your hand, sorted (tarokks I … XXI and the Skíz, then the suits). At your discard: the
    chosen cards raised, the others you may discard clickable, the rest disabled; the cards you
    received from the talon tagged. At your turn to play: the legal cards clickable."""
    choices = screen.choices
    new = set(v.talon_share) if v.phase in (Phase.DISCARD, Phase.CALL, Phase.ANNOUNCEMENTS) else set()
    may_go = {a.card for a in v.legal if isinstance(a, Discard)}
    if v.phase is Phase.DISCARD and v.turn == YOU and may_go:
        parts = render.chooser_cards(v.hand, card_html, choices.selected, may_go,
                                     len(choices.selected) >= to_discard(v), new, "from-talon",
                                     render.hinted_cards(v, screen.hint, to_discard(v)))
    elif v.phase is Phase.PLAY and v.turn == YOU:
        parts = render.play_cards(v.hand, card_html, {a.card for a in v.legal if isinstance(a, Play)},
                                  render.hinted_cards(v, screen.hint, 0))
    else:
        parts = [card_html(c, classes="from-talon" if c in new else "") for c in v.hand]
    return f'<section class="hand hu" aria-label="Your hand">{"".join(parts)}</section>'


def table_html(v, screen: Screen, extras: Extras = Extras()) -> str:
    """The whole Hungarian table for view ``v``, and the sheet open over it."""
    parts = [notice_html(screen.notice, screen.superseded), header_html(v, screen),
             f'<section class="table players-{v.players} hu">']
    parts += [seat_html(v, seat, screen.match) for seat in range(v.players)]
    parts.append(centre_html(v))
    aside = to_discard(v) if v.phase is Phase.DISCARD else 0
    parts.append(render.hint_html(v, screen.hint, action_label, aside))
    parts.append("</section>")
    parts.append(panel_html(v, screen, extras))
    parts.append(hand_html(v, screen))
    if screen.overlay == "scores":
        parts.append(render.scores_html(screen.match))
    elif screen.overlay == "review" and v.tricks:
        parts.append(review_html(v, screen.review_index))
    elif screen.overlay == "standings":
        parts.append(render.standings_html(screen.match))
    elif v.phase in (Phase.DONE, Phase.ALL_PASS, Phase.ANNULLED):
        parts.append(result_html(v, screen, extras.points))
    return "".join(parts)


# --- sheets -----------------------------------------------------------------------------------

def announcers(v, bonus: str) -> list[int]:
    """The seats that announced ``bonus`` this deal (``Announce`` in your view's history; a
    kontra on ``game``: none, the game is never announced)."""
    return [a.seat for a in v.history if isinstance(a, Announce) and a.bonus == bonus]


def item_row(item, v) -> tuple[str, str]:
    """One scored item of the sheet: its name, and who scored what, how: announced (by whom, for
    which side, made or failed) or silent, its kontra level, the value each player receives."""
    names = NAMES[v.players]
    name = BONUS_WORDS.get(item.bonus, (item.bonus, ""))[0]
    if item.role is not None:  # a tarokk count: the holder's role
        seats = {role: seat for seat, role in roles(v.declarer, v.partner, v.active).items()}
        holder = seats.get(item.role)
        who = names[holder] if holder is not None else item.role
        return name, f"{who}: {item.value} from each other player"
    if item.announced and item.bonus != "game":
        by = ", ".join(names[s] for s in announcers(v, item.bonus)) or "?"
        side = next((sd for b, sd, _ in v.announced if b == item.bonus), item.side)
        how = f"announced by {by} for {SIDE_WORDS[side]}, {'made' if side is item.side else 'failed'}"
    elif item.bonus == "game":
        how = "the game"
    else:
        how = "made silently" if item.value > 0 else "silent"
    if item.kontra:
        how += f", {KONTRA_WORDS[item.kontra]} ×{2 ** item.kontra}"
    return name, f"{item.value} to {SIDE_WORDS[item.side]} ({how})"


def deal_summary(v, names) -> str:
    """A counted deal in a few words for the running sheet: "Bence: two, won"."""
    if v.declarer is None or v.result is None:
        return ""
    won = v.result.winner is Side.DECLARER
    alone = " alone" if v.partner is None and v.partner_known else ""
    return f"{names[v.declarer]}: {BID_WORDS[v.level.value].lower()}{alone}, {'won' if won else 'lost'}"


def result_html(v, screen: Screen, points: int | None = None) -> str:
    """The sheet at the end of a deal (``#score-sheet``): a redeal (all passed, annulled) or the
    items that scored with their side, kontra and value, the settlement (2 v 2 or 1 v 3) per seat
    for the deal and the match, the doubled round's multiplier; Next deal / Final standings,
    Review tricks, Scores, Download deal. ``points``: the declarer's side's card points (HU-8.1),
    shown with the tricks each side won."""
    match = screen.match
    names = NAMES[v.players]
    next_button = render._next_button(match)
    if v.phase in (Phase.ALL_PASS, Phase.ANNULLED):
        paid = ""
        if v.scores and any(v.scores):
            paid = "".join(f'<tr data-seat="{s}"><th>{esc(names[s])}</th><td class="score">{signed(v.scores[s])}</td></tr>'
                           for s in v.active)
            paid = f'<table class="scores">{paid}</table>'
        return (
            '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="No deal">'
            f"<h2>Deal again</h2><p>{esc(status_line(v, screen))} It does not count as one of the match's deals."
            f'</p>{paid}<div class="actions">{next_button}</div></div></div>'
        )
    r = v.result
    won = r.winner is Side.DECLARER
    alone = v.partner is None
    rows = [("Bid", f"{BID_WORDS[v.level.value]} (game worth {v.level.game_value}) by {names[v.declarer]}")]
    rows.append(("Sides", f"{names[v.declarer]} alone against three" if alone else
                 f"{names[v.declarer]} and {names[v.partner]} against the other two"))
    if points is not None:
        side = {v.declarer, v.partner}
        taken = sum(1 for t in v.tricks if t.winner in side)
        rows.append(("Card points", f"{points} of 94 for the declarer's side ({taken} of 9 tricks); "
                                    f"{94 - points} for the opponents (48 wins the game)"))
    for item in r.items:
        rows.append(item_row(item, v))
    if v.multiplier > 1:
        rows.append(("Doubled round", f"the values above include the round's ×{v.multiplier}"))
    table = "".join(f'<tr data-row="{slug(k)}"><th>{esc(k)}</th><td>{esc(val)}</td></tr>' for k, val in rows)
    totals = screen.match.totals
    scores = "".join(
        f'<tr class="{"declarer" if seat == v.declarer else "out" if seat not in v.active else ""}" data-seat="{seat}"><th>{esc(names[seat])}</th>'
        f'<td class="score">{signed(v.scores[seat])}</td><td class="total">{signed(totals[seat])}</td></tr>'
        for seat in range(v.players))
    if v.declarer == YOU:
        title = f"You {'won' if won else 'lost'} your {BID_WORDS[v.level.value].lower()}"
    else:
        title = f"{names[v.declarer]} {'won' if won else 'lost'} the {BID_WORDS[v.level.value].lower()}"
    mood = "good" if v.scores[YOU] >= 0 else "bad"
    return (
        '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="Score sheet">'
        f'<h2 class="{"made" if won else "lost"} {mood}">{esc(title)}</h2>'
        f'<table class="breakdown">{table}</table>'
        f'<table class="scores"><tr><th></th><th>This deal</th><th>Match</th></tr>{scores}</table>'
        f'<div class="actions">{next_button}'
        '<button class="secondary" data-action="review">Review tricks</button>'
        '<button class="secondary" data-action="scores">Scores</button>'
        '<button class="secondary" data-action="download" data-value="deal">Download deal</button>'
        "</div></div></div>"
    )


def review_html(v, index: int) -> str:
    """The finished deal trick by trick (``#review``), with your own discard on the first and
    last page."""
    names = NAMES[v.players]
    k = render.review_index(v, index)
    t = v.tricks[k]
    order = "".join(f'<li data-seat="{seat}"><b>{esc(names[seat])}</b> {esc(card_label(card))}</li>'
                    for seat, card in t.cards)
    extra = ""
    if k in (0, len(v.tricks) - 1) and v.discard:
        extra = "<p>Your discard: " + esc(", ".join(map(card_name, v.discard))) + "</p>"
    return render.review_sheet(k, len(v.tricks), order, trick_html(v.players, t.cards, t.winner) + extra)


def body_flags(v, match_over: bool) -> dict[str, str]:
    """The ``<body>`` data attributes (:func:`render.body_flags`, with ``game``)."""
    return {"game": "hungarian", **render.body_flags(v, match_over)}


def bid_note(level, error) -> str | None:
    """Why a bid of ``level`` is not offered (``error``: the engine's refusal), worded; ``None``
    when the page has no sentence for it (a bid too low needs none)."""
    if error is None or error.key not in RULE_TEXT:
        return None
    return RULE_TEXT[error.key].format(level=BID_WORDS[level.value], card=_token_name(error.params.get("card")))


def _token_name(token) -> str:
    try:
        return short_name(parse_card(token)) if token else "?"
    except ValueError:
        return str(token)


def rule_text(error) -> str | None:
    """The player's sentence for an engine refusal (``IllegalActionError``) from
    :data:`RULE_TEXT`, or ``None`` (no error, or no sentence for its key)."""
    return render.rule_text(error, RULE_TEXT, general=False)
