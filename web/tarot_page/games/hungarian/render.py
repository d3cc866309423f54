"""What the Hungarian Tarokk table shows, as HTML text: plain Python, no browser in sight.

The Hungarian counterpart of the French table (``tarot_page.games.french.render``); the screens
both games share are :mod:`tarot_page.screens`'s, the pieces both tables draw (the running score
sheet, the standings, the notice, a trick, the hint) :mod:`tarot_page.common`'s. Everything here is
drawn from your seat's :class:`tarot_core.hungarian.HungarianView` and from the page's
:class:`tarot_page.common.Screen`, so nothing hidden can reach the page: another seat's discard is a
count, the partner stays unnamed until the called tarokk is played (HU-5).

The words a player reads are in the catalogues at the top (:data:`BID_WORDS`, :data:`BONUS_WORDS`,
:data:`KONTRA_WORDS`, :data:`PHASE_HELP`, :data:`RULE_TEXT`), not in the engine: marked with
``N_`` and translated with ``_`` where shown, like every other text here (:mod:`i18n`; English is
the messages themselves). Hooks (``data-*``, classes) never depend on the language. Clickable
elements carry ``data-action`` / ``data-value`` / ``data-card`` (the HU-1 token), which
:mod:`tarot_page.games.hungarian.controller` reads back. Seats are numbered in playing order (HU-2): you are seat 0 at the
bottom, play passes to your right, counter-clockwise.
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page import common, i18n
from tarot_page.common import (POSITIONS, YOU, Screen, back_html, game_tabs_html, language_menu_html, level_html,
                               notice_html, opponents_text, played_text, resume_html, role_html, sheet_button, signed,
                               slug, table_size_html)
from tarot_page.i18n import N_, _, ngettext, pgettext
from tarot_page.markup import Markup, escape
from tarot_core.hungarian.actions import Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase, Play
from tarot_core.hungarian.cards import SKIZ_RANK, Card, Suit, format_card, parse_card
from tarot_core.hungarian.scoring import ANNOUNCED_VALUES, Side
from tarot_core.hungarian.state import roles

#: The players' names, yours first ("You", translated where shown: :func:`seat_names`).
NAMES = {
    4: (N_("You"), "Bence", "Zsófi", "Levente"),
    5: (N_("You"), "Bence", "Zsófi", "Levente", "Réka"),
}
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
         "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
SUIT_NAMES = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"), Suit.DIAMONDS: N_("diamonds"),
              Suit.CLUBS: N_("clubs")}
RED = {Suit.HEARTS, Suit.DIAMONDS}
#: Court cards (HU-1): in words, and the letter on the card (R for the rider, the notation's N;
#: translated where shown: :func:`court_letter`).
COURT_NAMES = {14: N_("King"), 13: N_("Queen"), 12: N_("Rider"), 11: N_("Jack")}
COURT_LETTERS = {14: "K", 13: "Q", 12: "R", 11: "J"}
#: The ace (a suit's rank 1) in words.
ACE_NAME = N_("ace")

#: The bids (HU-3), as the buttons and the bubbles say them.
BID_WORDS = {"three": N_("Three"), "two": N_("Two"), "one": N_("One"), "solo": N_("Solo")}
#: The bonuses (HU-6): name, and what it takes, in one line.
BONUS_WORDS = {
    "game": (N_("Game"), N_("the declarer's side takes 48 card points or more")),
    "double_game": (N_("Double game"), N_("71 card points or more")),
    "volat": (N_("Volát"), N_("every one of the nine tricks")),
    "trull": (N_("Trull"), N_("the side wins all three honours: Skíz, XXI and pagát")),
    "four_kings": (N_("Four kings"), N_("the side wins all four Kings")),
    "pagat_ultimo": (N_("Pagát ultimó"), N_("the pagát wins the last trick")),
    "xxi_catch": (N_("XXI catch"), N_("the Skíz captures the other side's XXI")),
    "eight_tarokks": (N_("Eight tarokks"), N_("held after the discard")),
    "nine_tarokks": (N_("Nine tarokks"), N_("held after the discard")),
}
#: Kontra levels (HU-6): 1 kontra … 5 mordkontra (translated where shown: :func:`kontra_word`).
KONTRA_WORDS = ("", N_("kontra"), N_("rekontra"), N_("szubkontra"), N_("hirskontra"), N_("mordkontra"))
SIDE_WORDS = {Side.DECLARER: N_("the declarer's side"), Side.OPPONENTS: N_("the opponents")}

#: A short rules help for each phase (shown under "Rules of this phase").
PHASE_HELP = {
    Phase.BIDDING: N_(
        "Bid how many talon cards you will take: three (3 cards, game worth 1), two (2, worth 2), one "
        "(1, worth 3) or solo (none, worth 4). Only a player holding an honour (Skíz, XXI or pagát) may "
        "bid. Pass is final. Hold takes the current bid at the same level, once per level, if you have "
        "bid before. A bid one level higher than needed invites with the XIX, two levels with the XVIII "
        "(you must hold it). If the first three pass, the fourth may try a trial three without an honour."),
    Phase.DISCARD: N_(
        "Everyone discards face down back to 9 cards. Honours and Kings may never be discarded, nor a "
        "promised card. Each player says how many tarokks they discarded; the declarer's are shown. The "
        "declarer's discard counts for the declarer's side, the others' for the opponents. Holding four "
        "Kings, no tarokk, or only the XXI or the pagát (none discarded), you may annul the deal."),
    Phase.CALL: N_(
        "The declarer names a tarokk, normally the XX: its holder is the partner, unknown to the others "
        "until it is played. Holding the XX, you may call the highest tarokk you lack, or your own XX "
        "and play alone against three. If the called card lies in a discard, the declarer plays alone."),
    Phase.ANNOUNCEMENTS: N_(
        "From the declarer round the table, each player may announce bonuses or say kontra, then "
        "passes; the round ends after three turns in a row with nothing said. An announcement counts for "
        "the side now speaking (the declarer's at first, then the side of the last kontra). Kontra "
        "doubles an announced item (the game included), the sides alternating: kontra ×2, rekontra ×4, "
        "szubkontra ×8, hirskontra ×16, mordkontra ×32. A failed announcement pays its value to the "
        "other side; bonuses made silently score half."),
    Phase.PLAY: N_(
        "The forehand leads. Follow suit if you can; otherwise play a tarokk; a tarokk led asks for a "
        "tarokk. There is no need to beat. The highest tarokk wins, else the highest card of the suit "
        "led. The declarer's side wins the game with 48 of the 94 card points."),
}

#: How the page words an engine's refusal, by the error's key (the engine names the case).
RULE_TEXT = {
    "bid_without_honour": N_("You hold no honour (the Skíz, the XXI or the pagát): you may only pass."),
    "invitation_without_card": N_("{level} would invite with the {card}, which you do not hold."),
    "trial_only_three": N_("Without an honour, only the trial three is open to you."),
    "pagat_kept_for_ultimo": N_("Your pagát waits for the last trick (the pagát ultimó was announced)."),
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


def seat_names(players: int) -> tuple[str, ...]:
    """The players' names as the table shows them (:data:`NAMES`, "You" in the player's
    language)."""
    names = NAMES[players]
    return (_(names[0]),) + names[1:]


# --- cards -------------------------------------------------------------------------------------

def is_skiz(card: Card) -> bool:
    """True for the Skíz, the top tarokk (HU-1)."""
    return card.suit is Suit.TAROKK and card.rank == SKIZ_RANK


def card_name(card: Card) -> str:
    """The card in words: "the Skíz", "the XXI", "the pagát (I)", "tarokk XIV", "King of hearts",
    "ace of hearts", "10 of spades"."""
    if card.suit is Suit.TAROKK:
        if is_skiz(card):
            return _("the Skíz")
        if card.rank == 1:
            return _("the pagát (I)")
        if card.rank == 21:
            return _("the XXI")
        return _("tarokk {numeral}").format(numeral=ROMAN[card.rank])
    if card.rank in COURT_NAMES:
        rank = _(COURT_NAMES[card.rank])
    else:
        rank = _(ACE_NAME) if card.rank == 1 else i18n.number(card.rank)
    return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_NAMES[card.suit]))


def court_letter(rank: int) -> str:
    """The letter on a card of ``rank`` (a court card's, "A" for the ace), in the player's
    language: "K", "Q", "R", "J", "A"."""
    return {
        14: pgettext("King, on the card", "K"),
        13: pgettext("Queen, on the card", "Q"),
        12: pgettext("Rider, on the card", "R"),
        11: pgettext("Jack, on the card", "J"),
        1: pgettext("ace, on the card", "A"),
    }[rank]


def card_label(card: Card) -> str:
    """The card as its corner shows it: "XIV", "Skíz", "K♥", "R♠", "A♦", "10♣"."""
    if card.suit is Suit.TAROKK:
        return _("Skíz") if is_skiz(card) else ROMAN[card.rank]
    rank = court_letter(card.rank) if card.rank in COURT_LETTERS or card.rank == 1 else str(card.rank)
    return f"{rank}{card.suit.symbol}"


def short_name(card: Card) -> str:
    """The card in a few letters for lists: "XX", "Skíz", "pagát", "K♥"."""
    if card.suit is Suit.TAROKK and card.rank == 1:
        return _("pagát")
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
        face = card.suit.symbol if card.rank not in COURT_LETTERS else court_letter(card.rank)
        kind = "red" if card.suit in RED else "black"
    return Markup('<{tag} class="card hu {kind} {classes}" data-card="{token}" aria-label="{name}" {attrs}>'
                  '<span class="corner" data-corner="{corner}"></span><span class="face">{face}</span></{tag}>').format(
        tag=tag, kind=kind, classes=classes, token=token, name=card_name(card), attrs=attrs, corner=corner, face=face)


# --- words for what happened -------------------------------------------------------------------

def bid_name(level) -> str:
    """A bid level in words (:data:`BID_WORDS`, translated): "Three", "Solo"."""
    return _(BID_WORDS[level.value])


def bid_words(level, kind: str, card: Card | None = None) -> str:
    """A bid as the table hears it: "Three", "Hold (two)", "Pass", "Two: invites with the XIX",
    "Pass: yields the game (promises the XX)", "Trial three"."""
    if kind == "pass":
        return pgettext("bid", "Pass")
    if kind == "yield":
        return _("Pass: yields the game (promises the XX)")
    name = bid_name(level)
    if kind == "hold":
        return _("Hold ({bid})").format(bid=i18n.lower_first(name))
    if kind == "trial":
        return _("Trial three")
    if kind == "invitation" and card is not None:
        return _("{bid}: invites with the {card}").format(bid=name, card=short_name(card))
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


def bonus_name(bonus: str) -> str:
    """A bonus's name (:data:`BONUS_WORDS`, translated): "Trull", "Double game"."""
    return _(BONUS_WORDS[bonus][0])


def kontra_word(level: int) -> str:
    """Kontra level ``level`` in words (:data:`KONTRA_WORDS`, translated): "kontra" … "mordkontra";
    ``""`` for level 0."""
    return _(KONTRA_WORDS[level]) if level else ""


def side_words(side: Side) -> str:
    """A side in words (:data:`SIDE_WORDS`, translated): "the declarer's side", "the opponents"."""
    return _(SIDE_WORDS[side])


def said_words(action, level: int = 0, before=None) -> str:
    """An announcement-round action in words: "calls the XX", "trull", "kontra on the game",
    "eight tarokks", "pass"; a pass that ends a turn in which its seat said something (``before``,
    the round's action just before it, is that seat's and not a pass) is "done", as its button
    read."""
    if isinstance(action, Call):
        return _("calls the {card}").format(card=short_name(action.card))
    if isinstance(action, Announce):
        return i18n.lower_first(bonus_name(action.bonus)) if action.bonus != "pagat_ultimo" else _("pagát ultimó")
    if isinstance(action, Kontra):
        kontra = kontra_word(min(level, 5))
        if action.bonus == "game":
            return _("{kontra} on the game").format(kontra=kontra)
        return _("{kontra} on {bonus}").format(kontra=kontra, bonus=i18n.lower_first(bonus_name(action.bonus)))
    if isinstance(action, DeclareTarokks):
        return _("eight tarokks") if action.count == 8 else _("nine tarokks")
    if before is not None and before.seat == action.seat and not isinstance(before, Pass):
        return i18n.lower_first(pgettext("announcement", "Done"))
    return pgettext("announcement", "pass")


def item_words(bonus: str, side: Side, kontra: int) -> str:
    """An announced item with its side and kontra level: "Trull (the declarer's side) · rekontra"."""
    if kontra:
        return _("{bonus} ({side}) · {kontra}").format(bonus=bonus_name(bonus), side=side_words(side),
                                                       kontra=kontra_word(kontra))
    return _("{bonus} ({side})").format(bonus=bonus_name(bonus), side=side_words(side))


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
        return _("Another tab has this game now.")
    names = seat_names(v.players)
    if v.phase is Phase.ALL_PASS:
        if v.profile == "pagat":
            return _("Everyone passed: the same dealer deals again, and the next round counts double.")
        return _("Everyone passed: the same dealer deals again, and it is dealt again.")
    if v.phase is Phase.ANNULLED:
        if any(k == "trial" for _k, _lv, k in v.bids) and v.declarer == YOU:
            return _("No honour in the talon: your trial three is annulled, and you pay each player.")
        if any(k == "trial" for _k, _lv, k in v.bids) and v.declarer is not None:
            return _("No honour in the talon: {name}'s trial three is annulled, and {name} pays each "
                     "player.").format(name=names[v.declarer])
        annuller = next((a.seat for a in v.history if getattr(a, "annul", False)), None)
        if annuller is None:
            return _("A player annulled the deal: the same dealer deals again, and the next round counts "
                     "double.")
        return _("{name} annulled the deal: the same dealer deals again, and the next round counts "
                 "double.").format(name=names[annuller])
    if v.phase is Phase.DONE:
        return _("The match is over.") if screen.match.is_over else _("The deal is over.")
    sits_out = v.players == 5 and v.dealer == YOU
    if v.turn != YOU:
        if v.phase is Phase.PLAY and not v.trick and v.tricks:
            doing = _("{name} leads the next trick…")
        else:
            doing = {Phase.BIDDING: _("{name} is bidding…"), Phase.DISCARD: _("{name} is discarding…"),
                     Phase.CALL: _("{name} is calling a partner…"), Phase.ANNOUNCEMENTS: _("{name} is announcing…"),
                     Phase.PLAY: _("{name} is playing…")}[v.phase]
        doing = doing.format(name=names[v.turn])
        return _("You deal and sit this deal out. {status}").format(status=doing) if sits_out else doing
    if v.phase is Phase.BIDDING:
        return _("Your turn to bid, or pass.")
    if v.phase is Phase.DISCARD:
        if any(isinstance(a, Discard) for a in v.legal):
            n = to_discard(v)
            return ngettext("Discard {count} card face down, back to 9.",
                            "Discard {count} cards face down, back to 9.", n).format(count=n)
        return _("You may annul the deal.")
    if v.phase is Phase.CALL:
        return _("Call a tarokk: whoever holds it is your partner.")
    if v.phase is Phase.ANNOUNCEMENTS:
        if said_this_turn(v):  # the Pass button reads "Done" then (announce_button)
            return _("Your turn: announce more, say kontra, or press Done.")
        return _("Your turn: announce, say kontra, or pass.")
    if not v.trick:
        return _("Your turn: lead a card.")
    return _("Your turn: play one of the highlighted cards.")


def header_html(v, screen: Screen) -> str:
    """The top bar: deal number (daily date, doubled round), status line, chips (the bid and the
    declarer, the called card, the round's multiplier), Scores / New match."""
    m = screen.match
    names = seat_names(v.players)
    chips = []
    if v.declarer is not None and v.level is not None:
        title = escape(_("{name}: {bid}").format(name=names[v.declarer], bid=bid_name(v.level)))
        who = escape(_("{name}: ").format(name=names[v.declarer]))
        what = escape(bid_name(v.level))
        chips.append(Markup('<span class="contract" title="{title}"><span class="long">{who}</span>{what}</span>')
                     .format(title=title, who=who, what=what))
    if v.called is not None:
        name = card_name(v.called)
        short = short_name(v.called)
        title = escape(_("Called: {card}").format(card=name))
        long = escape(_("Called: the {card}").format(card=short))
        brief = escape(_("Called {card}").format(card=short))
        chips.append(Markup('<span class="contract called" title="{title}"><span class="long">{long}</span>'
                            '<span class="short">{brief}</span></span>').format(title=title, long=long, brief=brief))
    if v.multiplier > 1:
        title = escape(_("A doubled round: every score ×{factor}").format(factor=v.multiplier))
        long = escape(_("Doubled round"))
        chips.append(Markup('<span class="contract doubled" title="{title}">'
                            '<span class="long">{long} </span>×{factor}</span>').format(
            title=title, long=long, factor=v.multiplier))
    if v.profile == "tournament":
        title = escape(_("The 2018 tournament rules"))
        long = escape(_("Tournament rules"))
        brief = escape(pgettext("short for Tournament rules", "Tourn."))
        chips.append(Markup('<span class="contract profile" title="{title}">'
                            '<span class="long">{long}</span><span class="short">{brief}</span></span>').format(
            title=title, long=long, brief=brief))
    return common.topbar_html(m, v.phase is Phase.DONE, status_line(v, screen), chips)


def seat_message(v, seat: int) -> str | None:
    """The bubble by ``seat``'s name: its last bid while bidding; its discard (cards and tarokks)
    while discarding and calling; its last words in the announcement round; its tarokk count
    while playing."""
    if v.phase in BIDDING_PHASES or v.phase is Phase.ALL_PASS:
        said = [(lv, k) for s, lv, k in v.bids if s == seat]
        return said_bid(v, seat, *said[-1]) if said else None
    if v.phase in (Phase.DISCARD, Phase.CALL) and v.discard_sizes[seat]:
        t = v.discarded_tarokks[seat]
        return ngettext("Discarded {count} ({tarokks} tarokk)", "Discarded {count} ({tarokks} tarokks)",
                        t).format(count=v.discard_sizes[seat], tarokks=t)
    if v.phase is Phase.ANNOUNCEMENTS:
        round_ = kontra_levels(v.history)
        said = [j for j, (a, _k) in enumerate(round_) if a.seat == seat]
        if said:
            j = said[-1]
            words = said_words(*round_[j], round_[j - 1][0] if j else None)
            return words[:1].upper() + words[1:]
        return None
    counts = dict(v.tarokk_counts)
    if seat in counts and v.phase is Phase.PLAY:
        return _("Eight tarokks") if counts[seat] == 8 else _("Nine tarokks")
    return None


def seat_html(v, seat: int, match) -> str:
    """One seat: name, match score, badges (dealer, sits out, declarer, partner or alone once your
    view knows it), its bubble, tricks won, face-down cards."""
    names = seat_names(v.players)
    badges = []  # (class, words)
    if seat == v.dealer:
        badges.append(("dealer", _("Dealer")))
    if seat not in v.active:
        badges.append(("out", _("Sits out")))
    if seat == v.declarer:
        badges.append(("taker", _("Declarer")))
        if v.alone_known:
            badges.append(("alone", pgettext("badge", "Alone")))
    if v.partner_known and v.partner is not None and v.partner == seat:
        badges.append(("partner", pgettext("badge", "Partner")))
    badges = [Markup('<span class="badge {cls}">{words}</span>').format(cls=cls, words=words)
              for cls, words in badges]
    active = " active" if v.turn == seat else ""
    msg = seat_message(v, seat)
    bubble = Markup('<span class="bubble">{msg}</span>').format(msg=msg) if msg else ""
    info = ""
    if v.phase in (Phase.PLAY, Phase.DONE) and seat in v.active:
        won = sum(1 for t in v.tricks if t.winner == seat)
        tricks = ngettext("{count} trick", "{count} tricks", won).format(count=won)
        info = Markup('<span class="tricks">{tricks}</span>').format(tricks=tricks)
    title = escape(_("Match score"))
    score = Markup('<span class="total" title="{title}">{total}</span>').format(
        title=title, total=signed(match.totals[seat]))
    cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
    out = " out" if seat not in v.active else ""
    return Markup('<div class="seat pos-{pos}{active}{out}" data-seat="{seat}">'
                  '<div class="name">{name} {score} {badges}</div>'
                  "{bubble}{info}{cards}</div>").format(
        pos=POSITIONS[v.players][seat], active=active, out=out, seat=seat, name=names[seat], score=score,
        badges=Markup("").join(badges), bubble=bubble, info=info, cards=cards)


def talon_html(v) -> str:
    """Who received how many talon cards (the declarer first), the declarer's shown discarded
    tarokks, and each discard's tarokk count as said aloud (HU-4)."""
    names = seat_names(v.players)
    shares = i18n.list_text([pgettext("talon cards received", "{name} {count}").format(name=names[s], count=n)
                             for s, n in talon_counts(v)])
    said = [pgettext("bid said", "{name} {bid}").format(name=names[s], bid=i18n.lower_first(said_bid(v, s, lv, k)))
            for s, lv, k in v.bids if k != "pass" or v.yielded == s]
    parts = []
    if said:
        text = _("Bids: {bids}").format(bids="; ".join(said))
        parts.append(Markup('<div class="label auction">{text}</div>').format(text=text))
    if shares:
        text = _("Talon: {shares}").format(shares=shares)
        parts.append(Markup('<div class="label talon-shares">{text}</div>').format(text=text))
    said = [pgettext("tarokks discarded", "{name} {count}").format(name=names[s], count=v.discarded_tarokks[s])
            for s in v.active if v.discard_sizes[s]]
    if said:
        text = _("Tarokks discarded: {counts}").format(counts=i18n.list_text(said))
        parts.append(Markup('<div class="label discards">{text}</div>').format(text=text))
    if v.declarer_tarokks:
        cards = Markup("").join(card_html(c, classes="mini") for c in v.declarer_tarokks)
        label = escape(_("The declarer discarded:"))
        parts.append(Markup('<div class="shown-tarokks"><span class="label">{label}</span>{cards}</div>')
                     .format(label=label, cards=cards))
    return Markup("").join(parts)


def announcements_html(v) -> str:
    """The announcement round so far, in order (``#announcements``): who said what (the call
    first), and the items announced with their side and kontra level."""
    names = seat_names(v.players)
    said = kontra_levels(v.history)
    if not said:
        return ""
    who = _("{name}:")
    rows = Markup("").join(
        Markup('<li data-seat="{}"><b>{}</b> {}</li>').format(
            a.seat, who.format(name=names[a.seat]), said_words(a, k, said[j - 1][0] if j else None))
        for j, (a, k) in enumerate(said))
    items = Markup("").join(Markup('<li data-item="{}">{}</li>').format(b, item_words(b, side, k))
                            for b, side, k in v.announced)
    label = escape(_("Announced"))
    items_html = (Markup('<ul class="items" aria-label="{label}">{items}</ul>').format(label=label, items=items)
                  if items else "")
    return Markup('<div class="announcements" id="announcements"><ol class="said">{rows}</ol>{items_html}</div>'
                  ).format(rows=rows, items_html=items_html)


def trick_html(players: int, cards, winner: int | None) -> str:
    """A trick's cards at their players' places, and once won, the winner marked and named
    (:func:`common.trick_html` with this pack's cards and these names)."""
    return common.trick_html(players, cards, winner, draw=card_html, names=NAMES)


def callouts(v) -> list[str]:
    """What the last trick (or the one under way) showed that a player should not miss: the
    partner revealed by the called tarokk, the XXI captured by the Skíz, the pagát in the last
    trick."""
    names = seat_names(v.players)
    out = []
    cards = v.trick if v.trick else (v.tricks[-1].cards if v.tricks else ())
    winner = None if v.trick or not v.tricks else v.tricks[-1].winner
    played = dict((format_card(c), s) for s, c in cards)
    if v.called is not None and format_card(v.called) in played:
        holder = played[format_card(v.called)]
        card = short_name(v.called)
        if holder == v.declarer:
            out.append(_("{name} played the called {card}: the declarer plays alone.").format(
                name=names[holder], card=card))
        elif holder == YOU:
            out.append(_("The {card} is played: You are the declarer's partner.").format(card=card))
        else:
            out.append(_("The {card} is played: {name} is the declarer's partner.").format(
                card=card, name=names[holder]))
    if "T21" in played and "SKIZ" in played and winner is not None:
        out.append(_("The Skíz captures the XXI ({taker} takes {owner}'s XXI).").format(
            taker=names[played["SKIZ"]], owner=names[played["T21"]]))
    if "T1" in played and len(v.tricks) == 9 and not v.trick:
        won = winner == played["T1"]
        if played["T1"] == YOU:
            text = (_("The pagát in the last trick: your pagát wins it.") if won else
                    _("The pagát in the last trick: your pagát loses it."))
        else:
            text = (_("The pagát in the last trick: {name}'s pagát wins it.") if won else
                    _("The pagát in the last trick: {name}'s pagát loses it.")).format(name=names[played["T1"]])
        out.append(text)
    return out


def centre_html(v) -> str:
    """The middle of the table: the talon while bidding; the talon shares and discards; the
    announcement round; the trick (the last one once all have played), with its callouts."""
    if v.phase in (Phase.BIDDING, Phase.ALL_PASS):
        label = escape(_("The talon"))
        inner = Markup('<div class="chien"><div class="label">{label}</div>{}</div>').format(back_html(6), label=label)
    elif v.phase in (Phase.DISCARD, Phase.CALL, Phase.ANNULLED):
        inner = talon_html(v)
    elif v.phase is Phase.ANNOUNCEMENTS:
        inner = talon_html(v) + announcements_html(v)
    else:
        cards, winner = v.trick, None
        if not cards and v.tricks:
            cards, winner = v.tricks[-1].cards, v.tricks[-1].winner
        inner = trick_html(v.players, cards, winner)
        inner += Markup("").join(Markup('<div class="label callout">{c}</div>').format(c=c) for c in callouts(v))
        if v.phase is Phase.PLAY and not v.tricks and not v.trick:
            if v.leader == YOU:
                said = _("The announcements are over: You lead the first trick.")
            elif v.leader is None:
                said = _("The announcements are over: The forehand leads the first trick.")
            else:
                said = _("The announcements are over: {name} leads the first trick.").format(
                    name=seat_names(v.players)[v.leader])
            inner += Markup('<div class="label callout round-over">{said}</div>').format(said=said)
        if v.phase is Phase.PLAY:  # what was announced, and the declarer's shown tarokks, stay in view
            inner += items_line(v)
    return Markup('<div class="centre">{inner}</div>').format(inner=inner)


def items_line(v) -> str:
    """The announced items in one line (the first trick keeps them in view)."""
    cards = i18n.list_text([short_name(c) for c in v.declarer_tarokks])
    if not v.announced:
        text = (_("Nothing announced beyond the game. The declarer discarded {cards}.").format(cards=cards)
                if v.declarer_tarokks else _("Nothing announced beyond the game."))
    else:
        items = "; ".join(item_words(b, side, k) for b, side, k in v.announced)
        text = (_("Announced: {items}. The declarer discarded {cards}.").format(items=items, cards=cards)
                if v.declarer_tarokks else _("Announced: {items}.").format(items=items))
    return Markup('<div class="label items-line">{text}</div>').format(text=text)


def help_html(v) -> str:
    """The rules of the current phase, folded ("Rules of this phase")."""
    text = PHASE_HELP.get(v.phase)
    if not text:
        return ""
    summary = escape(_("Rules of this phase"))
    return Markup('<details class="bid-help phase-help"><summary>{summary}</summary><p>{text}</p></details>').format(
        summary=summary, text=_(text))


def said_this_turn(v) -> bool:
    """Whether you have said something in this turn of the announcement round (an announcement, a
    kontra, a tarokk count, or the call that opens it): then passing ends your turn ("Done")."""
    last = v.history[-1] if v.history else None
    return last is not None and last.seat == YOU and isinstance(last, (Announce, Kontra, DeclareTarokks, Call))


def announce_button(a, v) -> str:
    """One button of the announcement round: the action, its value and a one-line explanation."""
    g = v.level.game_value if v.level is not None else 1
    current = {b: k for b, _, k in v.announced}
    if isinstance(a, Pass):
        # "Done" once you have said something this turn (the call included), else "Pass".
        label = pgettext("announcement", "Done") if said_this_turn(v) else pgettext("announcement", "Pass")
        return Markup('<button class="secondary" data-action="announce" data-value="pass">{label}</button>').format(
            label=label)
    if isinstance(a, Announce):
        name, what = BONUS_WORDS[a.bonus]
        value = ANNOUNCED_VALUES[a.bonus] * (g if a.bonus in ("double_game", "volat") else 1)
        return (Markup('<button class="primary" data-action="announce" data-value="announce:{}">'
                '<strong>{}</strong> <span class="value">{value}</span>'
                '<small>{}</small></button>').format(a.bonus, _(name), _(what), value=value))
    if isinstance(a, Kontra):
        k = current.get(a.bonus, 0) + 1
        kontra = i18n.upper_first(kontra_word(k))
        if a.bonus == "game":
            label = _("{kontra}: the game").format(kontra=kontra)
        else:
            label = _("{kontra}: {bonus}").format(kontra=kontra, bonus=i18n.lower_first(bonus_name(a.bonus)))
        what = _("doubles what it is worth") if k == 1 else _("doubles it again")
        return (Markup('<button class="primary" data-action="announce" data-value="kontra:{}">'
                '<strong>{label}</strong> <span class="value">×{}</span>'
                '<small>{what}</small></button>').format(a.bonus, 2 ** k, label=label, what=what))
    if isinstance(a, DeclareTarokks):
        each = 1 if a.count == 8 else 2
        name = _("Eight tarokks") if a.count == 8 else _("Nine tarokks")
        what = _("from each other player")
        return (Markup('<button class="primary" data-action="announce" data-value="tarokks:{}">'
                '<strong>{name}</strong> <span class="value">{each}</span>'
                '<small>{what}</small></button>').format(a.count, name=name, each=each, what=what))
    return ""


def speaking_note(v) -> str:
    """Whose side a bonus you announce now counts for (HU-6): the side speaking; when that is not
    your own, how to speak for yours."""
    if v.side is not None and v.side is not v.speaking:
        return _("A bonus you announce now counts for {side}, not yours: say kontra first to announce for "
                 "your side.").format(side=side_words(v.speaking))
    return _("Your announcements count for {side}.").format(side=side_words(v.speaking))


def panel_html(v, screen: Screen, extras: Extras = Extras()) -> str:
    """The panel above your hand at your turn: the legal bids (each worded as the table will hear
    it), the discard's confirm, the annulment question, the calls, the announcement buttons."""
    if v.turn != YOU:
        return Markup('<div class="panel empty"></div>') + (help_html(v) if v.phase is not Phase.PLAY else "")
    choices = screen.choices
    if v.phase is Phase.BIDDING:
        buttons = []
        for a in v.legal:
            value = "pass" if a.bid is None else a.bid.value
            kind, card = extras.bid_kinds.get(value, ("pass" if a.bid is None else "bid", None))
            cls = "secondary" if a.bid is None else "primary"
            buttons.append(Markup('<button class="{cls}" data-action="bid" data-value="{value}">'
                           "{}</button>").format(bid_words(a.bid, kind, card), cls=cls, value=value))
        note = Markup('<span class="note">{}</span>').format(extras.bid_note) if extras.bid_note else ""
        return Markup('<div class="panel bidding">') + Markup("").join(buttons) + note + Markup("</div>") + help_html(v)
    if v.phase is Phase.DISCARD:
        if any(isinstance(a, Discard) for a in v.legal):
            need = to_discard(v)
            chosen = len(choices.selected)
            ok = chosen == need
            disabled = Markup("" if ok else " disabled")
            hint = _("{chosen} of {total} chosen").format(chosen=chosen, total=need)
            button = ngettext("Discard this card", "Discard these {count}", need).format(count=need)
            note = _("Honours and Kings may not be discarded; your new talon cards are marked.")
            return (Markup('<div class="panel ecart discard">'
                           '<span class="hint">{hint}</span>'
                           '<button class="primary" data-action="discard"{disabled}>{button}</button>'
                           '<span class="note">{note}</span>'
                           "</div>").format(hint=hint, disabled=disabled, button=button, note=note) + help_html(v))
        hint = _("You may annul the deal (four Kings, no tarokk, or only the XXI or the pagát): the same "
                 "dealer deals again and the next round counts double.")
        play_on, annul = escape(_("Play on")), escape(_("Annul the deal"))
        return Markup('<div class="panel annul"><span class="hint">{hint}</span>'
                      '<button class="primary" data-action="annul" data-value="no">{play_on}</button>'
                      '<button class="secondary" data-action="annul" data-value="yes">{annul}</button></div>').format(
            hint=hint, play_on=play_on, annul=annul)
    if v.phase is Phase.CALL:
        calls = sorted((a for a in v.legal if isinstance(a, Call)), key=lambda a: -a.card.rank)  # the XX first
        usual = usual_calls(v, calls)
        buttons = [call_button(a, v) for a in usual]
        others = [a for a in calls if a not in usual]
        more = ""
        if others:  # a free call after a tarokk discard (HU-5): every other tarokk, by its numeral
            more = Markup('<div class="more-calls"><span class="hint">{}</span>{}</div>').format(
                _("Or call another tarokk:"), Markup("").join(call_button(a, v, short=True) for a in others))
        note = _("The holder of the called tarokk is your partner, hidden until it is played.")
        return Markup('<div class="panel call">{buttons}{more}<span class="note">{note}</span></div>').format(
            buttons=Markup("").join(buttons), more=more, note=note) + help_html(v)
    if v.phase is Phase.ANNOUNCEMENTS:
        buttons = [announce_button(a, v) for a in v.legal]
        return (Markup('<div class="panel announce">') + Markup("").join(buttons) +
                Markup('<span class="note speaking">{}</span></div>').format(speaking_note(v)) + help_html(v))
    if v.phase is Phase.PLAY and extras.play_note:
        return Markup('<div class="panel play-note"><span class="note">{}</span></div>').format(extras.play_note)
    return Markup('<div class="panel empty"></div>')


def usual_calls(v, calls) -> list:
    """The calls a player normally makes (HU-5), of ``calls`` (the legal ones, the XX first): the
    XX, and when you hold it, the highest tarokk you lack; all of them when there are two or
    fewer others (the page shows the others smaller, by their numerals)."""
    usual = [a for a in calls if a.card.rank == 20]
    lacking = [a for a in calls if a.card.rank != 20 and a.card not in v.hand and a.card not in v.discard]
    if usual and usual[0].card in v.hand and lacking:
        usual.append(lacking[0])
    usual = usual or calls[:1]
    return calls if len(calls) - len(usual) <= 2 else usual


def call_button(a, v, short: bool = False) -> str:
    """The button that calls ``a.card``: "Call the XIX" (in your discard or your hand, you play
    alone, and it says so); ``short``: the numeral alone, the sentence as its spoken name."""
    if a.card in v.discard:
        label = _("Call the {card} (in your discard: play alone)")
    elif a.card in v.hand:
        label = _("Call the {card} (yours: play alone)")
    else:
        label = _("Call the {card}")
    label = label.format(card=short_name(a.card))
    if short:
        return Markup('<button class="secondary small" data-action="call" data-card="{card}" '
                      'aria-label="{label}" title="{label}">{short}</button>').format(
            card=format_card(a.card), label=label, short=short_name(a.card))
    return Markup('<button class="primary" data-action="call" data-card="{}">{}</button>').format(
        format_card(a.card), label)


def action_label(a) -> str:
    """A Hungarian action in a few words, for the hint: the card, the bid, the announcement."""
    if isinstance(a, (Play, Discard)):
        return card_name(a.card)
    if isinstance(a, Bid):
        return pgettext("bid", "Pass") if a.bid is None else bid_name(a.bid)
    if isinstance(a, Annul):
        return _("Annul the deal") if a.annul else _("Play on")
    if isinstance(a, Call):
        return _("Call the {card}").format(card=short_name(a.card))
    if isinstance(a, Pass):
        return pgettext("announcement", "Pass")
    return i18n.upper_first(said_words(a))


def hand_html(v, screen: Screen) -> str:
    """Your hand, sorted (tarokks I … XXI and the Skíz, then the suits). At your discard: the
    chosen cards raised, the others you may discard clickable, the rest disabled; the cards you
    received from the talon tagged. At your turn to play: the legal cards clickable."""
    choices = screen.choices
    new = set(v.talon_share) if v.phase in (Phase.DISCARD, Phase.CALL, Phase.ANNOUNCEMENTS) else set()
    may_go = {a.card for a in v.legal if isinstance(a, Discard)}
    if v.phase is Phase.DISCARD and v.turn == YOU and may_go:
        parts = common.chooser_cards(v.hand, card_html, choices.selected, may_go,
                                     len(choices.selected) >= to_discard(v), new, "from-talon",
                                     common.hinted_cards(v, screen.hint, to_discard(v)))
    elif v.phase is Phase.PLAY and v.turn == YOU:
        parts = common.play_cards(v.hand, card_html, {a.card for a in v.legal if isinstance(a, Play)},
                                  common.hinted_cards(v, screen.hint, 0))
    else:
        parts = [card_html(c, classes="from-talon" if c in new else "") for c in v.hand]
    label = escape(_("Your hand"))
    return Markup('<section class="hand hu" aria-label="{}">{}</section>').format(label, Markup("").join(parts))


def table_html(v, screen: Screen, extras: Extras = Extras()) -> str:
    """The whole Hungarian table for view ``v``, and the sheet open over it."""
    parts = [notice_html(screen.notice, screen.superseded), header_html(v, screen),
             Markup('<section class="table players-{} hu">').format(v.players)]
    parts += [seat_html(v, seat, screen.match) for seat in range(v.players)]
    parts.append(centre_html(v))
    aside = to_discard(v) if v.phase is Phase.DISCARD else 0
    parts.append(common.hint_html(v, screen.hint, action_label, aside))
    parts.append(Markup("</section>"))
    parts.append(panel_html(v, screen, extras))
    parts.append(hand_html(v, screen))
    if screen.overlay == "scores":
        parts.append(common.scores_html(screen.match))
    elif screen.overlay == "review" and v.tricks:
        parts.append(review_html(v, screen.review_index))
    elif screen.overlay == "standings":
        parts.append(common.standings_html(screen.match))
    elif v.phase in (Phase.DONE, Phase.ALL_PASS, Phase.ANNULLED):
        parts.append(result_html(v, screen, extras.points))
    return Markup("").join(parts)


# --- sheets -----------------------------------------------------------------------------------

def announcers(v, bonus: str) -> list[int]:
    """The seats that announced ``bonus`` this deal (``Announce`` in your view's history; a
    kontra on ``game``: none, the game is never announced)."""
    return [a.seat for a in v.history if isinstance(a, Announce) and a.bonus == bonus]


def item_row(item, v) -> tuple[str, str]:
    """One scored item of the sheet: its name (the English of :data:`BONUS_WORDS`, the row's hook;
    translated where shown), and who scored what, how: announced (by whom, for which side, made or
    failed) or silent, its kontra level, the value each player receives."""
    names = seat_names(v.players)
    name = BONUS_WORDS.get(item.bonus, (item.bonus, ""))[0]
    if item.role is not None:  # a tarokk count: the holder's role
        seats = {role: seat for seat, role in roles(v.declarer, v.partner, v.active).items()}
        holder = seats.get(item.role)
        who = names[holder] if holder is not None else item.role
        return name, _("{name}: {value} from each other player").format(name=who, value=i18n.number(item.value))
    if item.announced and item.bonus != "game":
        by = i18n.list_text([names[s] for s in announcers(v, item.bonus)]) or "?"
        side = next((sd for b, sd, _k in v.announced if b == item.bonus), item.side)
        how = (_("announced by {names} for {side}, made") if side is item.side else
               _("announced by {names} for {side}, failed")).format(names=by, side=side_words(side))
    elif item.bonus == "game":
        how = _("the game")
    else:
        how = _("made silently") if item.value > 0 else _("silent")
    if item.kontra:
        how = _("{how}, {kontra} ×{factor}").format(how=how, kontra=kontra_word(item.kontra), factor=2 ** item.kontra)
    return name, _("{value} to {side} ({how})").format(value=i18n.number(item.value), side=side_words(item.side),
                                                       how=how)


def deal_summary(v, names) -> str:
    """A deal of the running sheet in a few words: "Bence: two, won", or for a failed trial three
    (annulled, and paid, HU-3.3) "Bence: trial three, annulled" (``names``: the players', as
    :data:`NAMES`; "You" is translated here)."""
    if v.phase is Phase.ANNULLED and v.declarer is not None:
        return _("{name}: trial three, annulled").format(name=_(names[v.declarer]) if v.declarer == YOU
                                                        else names[v.declarer])
    if v.declarer is None or v.result is None:
        return ""
    won = v.result.winner is Side.DECLARER
    alone = v.partner is None and v.partner_known
    if alone:
        text = _("{name}: {bid} alone, won") if won else _("{name}: {bid} alone, lost")
    else:
        text = _("{name}: {bid}, won") if won else _("{name}: {bid}, lost")
    return text.format(name=_(names[v.declarer]) if v.declarer == YOU else names[v.declarer],
                       bid=i18n.lower_first(bid_name(v.level)))


def result_html(v, screen: Screen, points: int | None = None) -> str:
    """The sheet at the end of a deal (``#score-sheet``): a redeal (all passed, annulled) or the
    items that scored with their side, kontra and value, the settlement (2 v 2 or 1 v 3) per seat
    for the deal and the match, the doubled round's multiplier; Next deal / Final standings,
    Review tricks, Scores, Download deal. ``points``: the declarer's side's card points (HU-8.1),
    shown with the tricks each side won."""
    match = screen.match
    names = seat_names(v.players)
    next_button = common._next_button(match)
    if v.phase in (Phase.ALL_PASS, Phase.ANNULLED):
        paid = ""
        if v.scores and any(v.scores):
            paid = Markup("").join(
                Markup('<tr data-seat="{}"><th>{}</th><td class="score">{}</td></tr>').format(
                    s, names[s], signed(v.scores[s]))
                for s in v.active)
            paid = Markup('<table class="scores">{paid}</table>').format(paid=paid)
        # the sentence's own text is escaped without its quotes (as it always was); the status is
        # escaped in full
        said = escape(_("{status} It does not count as one of the match's deals."))
        said = said.format(status=escape(status_line(v, screen)))
        label, title = escape(_("No deal")), escape(_("Deal again"))
        return Markup('<div class="overlay">'
                      '<div class="sheet" id="score-sheet" role="dialog" aria-modal="true" aria-label="{label}">'
                      "<h2>{title}</h2><p>{said}</p>{paid}"
                      '<div class="actions">{next_button}</div></div></div>').format(
            label=label, title=title, said=said, paid=paid, next_button=next_button)
    r = v.result
    won = r.winner is Side.DECLARER
    alone = v.partner is None
    bid = bid_name(v.level)
    # rows: (the English label, the row's hook and message id; the text)
    rows = [(N_("Bid"), _("{bid} (game worth {value}) by {name}").format(bid=bid, value=v.level.game_value,
                                                                      name=names[v.declarer]))]
    rows.append((N_("Sides"), _("{name} alone against three").format(name=names[v.declarer]) if alone else
                 _("{declarer} and {partner} against the other two").format(declarer=names[v.declarer],
                                                                              partner=names[v.partner])))
    if points is not None:
        side = {v.declarer, v.partner}
        taken = sum(1 for t in v.tricks if t.winner in side)
        rows.append((N_("Card points"),
                     _("{points} of 94 for the declarer's side ({taken} of 9 tricks); {rest} for the opponents "
                       "(48 wins the game)").format(points=i18n.number(points), taken=taken,
                                                    rest=i18n.number(94 - points))))
    for item in r.items:
        rows.append(item_row(item, v))
    if v.multiplier > 1:
        rows.append((N_("Doubled round"),
                     _("the values above include the round's ×{factor}").format(factor=v.multiplier)))
    table = Markup("").join(Markup('<tr data-row="{}"><th>{}</th><td>{}</td></tr>').format(slug(k), _(k), val)
                            for k, val in rows)
    totals = screen.match.totals

    def score_row(seat: int) -> str:
        if seat == v.declarer:
            cls, role = "declarer", N_("Declarer")
        elif seat not in v.active:
            cls, role = "out", N_("Sits out")
        else:
            cls, role = "", None
        return Markup('<tr class="{cls}" data-seat="{seat}"><th>{name}{role}</th>'
                      '<td class="score">{score}</td><td class="total">{total}</td></tr>').format(
            cls=cls, seat=seat, name=names[seat], role=role_html(role), score=signed(v.scores[seat]),
            total=signed(totals[seat]))

    scores = Markup("").join(score_row(seat) for seat in range(v.players))
    if v.declarer == YOU:
        title = (_("You won your {bid}") if won else _("You lost your {bid}")).format(bid=i18n.lower_first(bid))
    else:
        title = (_("{name} won the {bid}") if won else _("{name} lost the {bid}")).format(
            name=names[v.declarer], bid=i18n.lower_first(bid))
    mood = "good" if v.scores[YOU] >= 0 else "bad"
    return common.deal_sheet_html("made" if won else "lost", mood, title, table, scores, next_button,
                                  pgettext("score column", "Match"))


def review_html(v, index: int) -> str:
    """The finished deal trick by trick (``#review``), with your own discard on the first and
    last page."""
    names = seat_names(v.players)
    k = common.review_index(v, index)
    t = v.tricks[k]
    order = Markup("").join(Markup('<li data-seat="{}"><b>{}</b> {}</li>').format(seat, names[seat], card_label(card))
                            for seat, card in t.cards)
    extra = ""
    if k in (0, len(v.tricks) - 1) and v.discard:
        text = _("Your discard: {cards}").format(cards=i18n.list_text([card_name(c) for c in v.discard]))
        extra = Markup("<p>{text}</p>").format(text=text)
    return common.review_sheet(k, len(v.tricks), order, trick_html(v.players, t.cards, t.winner) + extra)


def body_flags(v, match_over: bool) -> dict[str, str]:
    """The ``<body>`` data attributes (:func:`common.body_flags`, with ``game``)."""
    return {"game": "hungarian", **common.body_flags(v, match_over)}


def bid_note(level, error) -> str | None:
    """Why a bid of ``level`` is not offered (``error``: the engine's refusal), worded; ``None``
    when the page has no sentence for it (a bid too low needs none)."""
    if error is None or error.key not in RULE_TEXT:
        return None
    return _(RULE_TEXT[error.key]).format(level=bid_name(level), card=_token_name(error.params.get("card")))


def _token_name(token) -> str:
    try:
        return short_name(parse_card(token)) if token else "?"
    except ValueError:
        return str(token)


def rule_text(error) -> str | None:
    """The player's sentence for an engine refusal (``IllegalActionError``) from
    :data:`RULE_TEXT` (translated, then filled with the error's ``params``), or ``None`` (no
    error, or no sentence for its key)."""
    if error is None or error.key not in RULE_TEXT:
        return None
    template = _(RULE_TEXT[error.key])
    try:
        return template.format(**error.params)
    except (KeyError, IndexError):
        return template


# --- what a screen reader hears (the live region, issue 18) ------------------------------------

def news(v, start: int) -> list[str]:
    """What happened at the Hungarian table since action ``start`` of your view's history, in
    short sentences for a screen reader (the page's live region): each bid as the table words it
    ("Hugo: Hold (two)"), each seat's discard once made, the call, each announcement and kontra
    ("Léa: kontra on trull"), each card played and each trick's winner. From the view alone."""
    names = seat_names(v.players)
    lines = common.plays_and_tricks(v, start, Play, card_name, names)
    bids = 0
    levels = dict((id(a), k) for a, k in kontra_levels(v.history))
    discarded = set()
    for i, a in enumerate(v.history):
        if isinstance(a, Bid):
            bids += 1
            if i >= start and bids <= len(v.bids):
                seat, level, kind = v.bids[bids - 1]
                lines.append((i, common.said_text(seat, said_bid(v, seat, level, kind), names)))
        elif i < start:
            continue
        elif isinstance(a, Discard) and a.seat not in discarded and (v.phase is not Phase.DISCARD or v.turn != a.seat):
            discarded.add(a.seat)
            t = v.discarded_tarokks[a.seat]
            words = ngettext("Discarded {count} ({tarokks} tarokk)", "Discarded {count} ({tarokks} tarokks)",
                             t).format(count=v.discard_sizes[a.seat], tarokks=t)
            lines.append((i, common.said_text(a.seat, words, names)))
        elif isinstance(a, (Call, Announce, Kontra, DeclareTarokks, Pass)):
            words = said_words(a, levels.get(id(a), 0), v.history[i - 1] if i else None)
            lines.append((i, common.said_text(a.seat, words, names)))
        elif isinstance(a, Annul) and a.annul:
            lines.append((i, common.said_text(a.seat, _("Annul the deal"), names)))
    return [line for __, line in sorted(lines, key=lambda pair: pair[0])]


# --- the start screen with Hungarian Tarokk open (screens.start_html) ----------------------------

#: Hungarian Tarokk's rule profiles (HU-10) as the start screen offers them (English; translated
#: where shown).
PROFILE_NAMES = (("pagat", N_("Pagat rules"), N_("pagat.com, the usual club rules")),
                 ("tournament", N_("Tournament rules"), N_("the Hungarian tournament rules of 2018")))
#: Counted deals of a Hungarian match by table size (tarot_core.hungarian.rules.COUNTED_DEALS).
HUNGARIAN_DEALS = {4: 8, 5: 10}


def start_html(today: str, official: dict | None, resume, notice: str | None, superseded: bool, *,
               profile: str, level: str = "normal", deals: dict | None = None) -> str:
    """The start screen with Hungarian Tarokk open (see :func:`tarot_page.screens.start_html`): the
    rule ``profile`` pressed; ``deals`` unused (:data:`HUNGARIAN_DEALS`)."""
    level = level_html(level)
    if official is None:
        daily_text = Markup("<strong>{}</strong><span>{} · {} · {}</span>").format(
            _("Daily game"), i18n.date(today), _("the same deals for everyone today"), _("pagat rules"))
    else:
        daily_text = played_text(official)
    notes = {4: opponents_text(3),
             5: opponents_text(4) + " · " + escape(_("the dealer sits each deal out"))}
    buttons = Markup("").join(table_size_html(n, notes[n], HUNGARIAN_DEALS[n], f"hungarian-{n}") for n in (4, 5))
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
        resume=resume_html(resume), daily_text=daily_text, leaderboard=_("Daily leaderboard"), new_game=_("New game"),
        rules_label=_("Rules"), rules_title=_("Rules:"), rules=rules, hint=_(hint), level=level, buttons=buttons,
        history=_("History and statistics"), sheet=sheet_button())
