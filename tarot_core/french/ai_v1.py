"""Computer player ``v1`` for French Tarot: legal, quick and not silly — and frozen.

This module is the definition of ``v1``: share codes and daily results replay your moves against
it, so it never changes its choices (not even to fix what a later version does better; see
"Kept as it is" below). :mod:`tarot_core.french.fast_v1` plays the same moves on the compact
state. Call it through :func:`tarot_core.ai.choose_action`.

A computer player sees only its seat's :class:`~tarot_core.french.SeatView` and chooses one
action with :func:`choose_action`. Its small random choices (tie-breaks, a little noise in
bidding) come from a :class:`~tarot_core.rng.DealRng` stream seeded by the deal's seed, the
seat and the number of actions so far, so a deal replays identically whenever the same moves
are made, in CPython and in Pyodide.

What it does:

* **Bidding** (FR-3) from the usual hand-strength count: the 21 (10), the Excuse (8), the Petit
  (from 5 to 8, by trump length), 2 a trump and 1 more a high trump (16–20), Kings 6, Queens 3,
  Knights 2, Jacks 1, King-Queen 1 more, long suits, voids and singletons when the hand has
  trumps, scaled to an 18-card hand. 40 takes, 56 guards, 71 guards without, 81 guards against.
* **Calling** (FR-4.2, five players): a King of a suit where it holds the Queen or length, never
  its own King when another is available.
* **Écart** (FR-4.1): voids first (short suits without a King), then Queens and Knights whose
  points are safe there, trumps only when forced (the lowest ones).
* **Play** (FR-5): wins cheaply when it can, saves the Petit, does not waste the 21 on an empty
  trick, gives points to a partner who is winning the trick, never leads the Petit to draw
  trumps, and plays the Excuse before the last trick (FR-6.2).

**Kept as it is** (known weaknesses of ``v1``, to be done better by a later version, never here):
a defender shows a poignée only with 13 trumps or more at every table size (the triple poignée's
count at four players, though the simple one is 10 at four and 8 at five, FR-4.4); a defender
counts the shown chien's cards among the unseen ones.
"""

from __future__ import annotations

from .cards import Card, DECK, EXCUSE, PETIT, TRUMP_21, KING, PLAIN_SUITS, Suit
from .contracts import Contract, Side
from ..rng import DealRng
from .state import Action, Bid, Call, Chelem, Discard, Phase, Play, Poignee, SeatView

AI_LABEL = "tarot-core/ai/v1"

#: Hand-strength thresholds for each contract (see the module docstring).
BID_THRESHOLDS: tuple[tuple[int, Contract], ...] = (
    (81, Contract.GARDE_CONTRE),
    (71, Contract.GARDE_SANS),
    (56, Contract.GARDE),
    (40, Contract.PRISE),
)


def hand_strength(hand: tuple[Card, ...] | list[Card]) -> int:
    """The bidding count of a hand (module docstring); about 40 is a prise at four players."""
    trumps = [c for c in hand if c.is_trump]
    n_trumps = len(trumps)
    score = 0
    if TRUMP_21 in hand:
        score += 10
    if EXCUSE in hand:
        score += 8
    if PETIT in hand:
        score += 8 if n_trumps >= 6 else 6 if n_trumps >= 5 else 5
    score += 2 * n_trumps + sum(1 for c in trumps if 16 <= c.rank <= 20)
    for suit in PLAIN_SUITS:
        cards = [c for c in hand if c.suit is suit]
        ranks = {c.rank for c in cards}
        score += sum({14: 6, 13: 3, 12: 2, 11: 1}.get(r, 0) for r in ranks)
        if 14 in ranks and 13 in ranks:
            score += 1
        n = len(cards)
        if n >= 5:
            score += {5: 5, 6: 7}.get(n, 9)
        if n_trumps >= 4:
            if n == 0:
                score += 6
            elif n == 1:
                score += 3
    return score


def choose_action(view: SeatView, seed: int | str, step: int) -> Action:
    """The action the computer player at ``view.seat`` takes now.

    Args:
        view: the seat's view; it must be this seat's turn (``view.legal`` not empty).
        seed: the deal's seed (any int or str); with ``step`` it seeds the player's choices.
        step: the number of actions applied to the deal so far.

    Returns one of ``view.legal``, or for a poignée a legal :class:`Poignee`.

    Raises ``ValueError`` when it is not this seat's turn.
    """
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no action to choose now (turn: {view.turn})")
    rng = DealRng(f"{seed}|{view.seat}|{step}", label=AI_LABEL)
    if view.phase is Phase.BIDDING:
        return _bid(view, rng)
    if view.phase is Phase.CALL:
        return _call(view)
    if view.phase is Phase.ECART:
        return _discard(view)
    if view.phase is Phase.CHELEM:
        return Chelem(view.seat, _wants_chelem(view))
    poignees = [a for a in view.legal if isinstance(a, Poignee)]
    if poignees:
        # Show the largest poignée this hand allows; the bonus goes to the winning side, so a
        # defender shows only with a long trump suit against a taker who is then short.
        best = max(poignees, key=lambda a: len(a.cards))
        if view.seat == view.taker or len(best.cards) >= 13:
            return best
    return Play(view.seat, _play(view, rng))


# --- bidding ---------------------------------------------------------------------------------

def _bid(view: SeatView, rng: DealRng) -> Bid:
    # The count is calibrated on 18 cards (four players); scale it to the hand's size.
    strength = hand_strength(view.hand) * 18 // len(view.hand) + rng.below(5) - 2
    legal = {a.contract for a in view.legal if isinstance(a, Bid)}
    for threshold, contract in BID_THRESHOLDS:
        if strength >= threshold and contract in legal:
            return Bid(view.seat, contract)
    return Bid(view.seat, None)


def _wants_chelem(view: SeatView) -> bool:
    trumps = [c for c in view.hand if c.is_trump]
    high = sum(1 for c in trumps if c.rank >= 15)
    plain = [c for c in view.hand if c.suit.is_plain]
    # Every plain card is a King or backed by its King, and a trump wall: very rare on purpose.
    plain_ok = all(any(k.suit is c.suit and k.rank == KING for k in plain) for c in plain)
    return len(trumps) >= 13 and high >= 6 and plain_ok


# --- écart -----------------------------------------------------------------------------------

def ecart_plan(hand: list[Card] | tuple[Card, ...], size: int) -> list[Card]:
    """``size`` cards the computer would put aside from ``hand`` (FR-4.1 rules respected).

    Voids first (the shortest suits with no King), then Queens, Knights and Jacks of suits
    without their King (their points are safe in the écart), then low cards; trumps only when
    forced, lowest first. Raises ``ValueError`` when no legal écart exists (impossible with a
    real deal).
    """
    plain = [c for c in hand if c.suit.is_plain and c.rank != KING]
    plan: list[Card] = []
    by_suit = {s: [c for c in plain if c.suit is s] for s in PLAIN_SUITS}
    kings = {c.suit for c in hand if c.is_king}
    for suit in sorted(PLAIN_SUITS, key=lambda s: (len(by_suit[s]), s.value)):
        cards = by_suit[suit]
        if suit not in kings and 0 < len(cards) <= size - len(plan):
            plan += cards
    rest = sorted((c for c in plain if c not in plan), key=lambda c: (-c.points2, c.rank, c.suit.value))
    plan += rest[: size - len(plan)]
    if len(plan) < size:
        trumps = sorted((c for c in hand if c.is_trump and not c.is_bout), key=lambda c: c.rank)
        plan += trumps[: size - len(plan)]
    if len(plan) < size:
        raise ValueError("no legal écart in this hand")
    return plan


def _call(view: SeatView) -> Call:
    """FR-4.2: call a card it does not hold, in the suit where it is strongest."""
    options = [a.card for a in view.legal if isinstance(a, Call)]
    hand = set(view.hand)
    missing = [c for c in options if c not in hand] or options

    def support(card: Card) -> tuple[int, int, int, str]:
        suit_cards = [c for c in hand if c.suit is card.suit]
        below = max((c.rank for c in suit_cards if c.rank < card.rank), default=0)
        return (-card.rank, below, len(suit_cards), card.suit.value)

    # The highest rank offered first (a King before a Queen), then the best-supported suit.
    return Call(view.seat, max(missing, key=support))


def _discard(view: SeatView) -> Discard:
    slots = view.chien_size - view.ecart_size
    legal = {a.card for a in view.legal if isinstance(a, Discard)}
    for card in ecart_plan(view.hand, slots):
        if card in legal:
            return Discard(view.seat, card)
    return next(a for a in view.legal if isinstance(a, Discard))


# --- play ------------------------------------------------------------------------------------

def _is_attack(view: SeatView, seat: int) -> bool:
    """True when this seat knows ``seat`` is on the attack (never a guess about the partner)."""
    return view.side_of(seat) is Side.ATTACK


def _same_side(view: SeatView, seat: int) -> bool:
    """True when this seat knows ``seat`` plays on its own side (FR-4.2: unknown means no)."""
    mine, theirs = view.side_of(view.seat), view.side_of(seat)
    return mine is not None and mine is theirs


def _winning(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card] | None:
    """The (seat, card) currently winning ``trick`` (FR-5), or None for an empty trick."""
    lead = next((c for _, c in trick if not c.is_excuse), None)
    if lead is None:
        return None
    trumps = [(c.rank, s, c) for s, c in trick if c.is_trump]
    if trumps:
        _, s, c = max(trumps)
        return s, c
    _, s, c = max((c.rank, s, c) for s, c in trick if c.suit is lead.suit)
    return s, c


def _beats(card: Card, best: Card, lead: Card) -> bool:
    if card.is_excuse:
        return False
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    return not best.is_trump and card.suit is lead.suit and card.rank > best.rank


def _unseen(view: SeatView) -> set[Card]:
    """Cards this seat has not seen played or held (candidates for the other hands)."""
    seen = set(view.hand) | set(view.ecart)
    for t in view.tricks:
        seen.update(c for _, c in t.cards)
    seen.update(c for _, c in view.trick)
    if view.seat == view.taker:
        seen.update(view.chien or ())
    return set(DECK) - seen


def _play(view: SeatView, rng: DealRng) -> Card:
    legal = [a.card for a in view.legal if isinstance(a, Play)]
    if len(legal) == 1:
        return legal[0]
    hand = list(view.hand)
    unseen = _unseen(view)
    left_after_me = view.players - len(view.trick) - 1

    # FR-6.2: never keep the Excuse for the last trick, unless this side has won every trick
    # so far: then the Excuse led to the last trick wins it (FR-6.3).
    on_chelem = bool(view.tricks) and all(t.winner == view.seat or _same_side(view, t.winner)
                                           for t in view.tricks)
    if EXCUSE in legal and len(hand) == 2:
        if not on_chelem:
            return EXCUSE
        return next(c for c in legal if c is not EXCUSE) if len(legal) > 1 else EXCUSE

    if not view.trick:
        return _lead(view, legal, unseen, rng)

    win = _winning(view.trick)
    lead = next((c for _, c in view.trick if not c.is_excuse), None)
    if win is None or lead is None:  # only the Excuse was led: this card sets the suit
        return _lead(view, legal, unseen, rng)
    win_seat, win_card = win
    partner_winning = win_seat == view.seat or _same_side(view, win_seat)
    higher_trumps_out = [c for c in unseen if c.is_trump and (not win_card.is_trump or c.rank > win_card.rank)]
    # Can the current winner still be beaten by someone after me?
    secure = left_after_me == 0 or (
        win_card.is_trump and not higher_trumps_out
    ) or (not win_card.is_trump and lead.suit is win_card.suit and not any(
        c.suit is lead.suit and c.rank > win_card.rank for c in unseen) and left_after_me == 0)
    trick_points = sum(c.points2 for _, c in view.trick)

    if partner_winning and secure:
        # Give points (the Petit first: FR-6.4 is not at stake yet, but its 4.5 and bout are).
        if PETIT in legal:
            return PETIT
        return max(legal, key=lambda c: (c.points2 if not c.is_bout else -1, -c.rank if c.is_trump else c.rank))

    winners = [c for c in legal if _beats(c, win_card, lead)]
    if winners:
        # Win as cheaply as possible; the 21 only when the trick is worth it or must be used.
        cheap = sorted(winners, key=lambda c: (c.is_trump, c.rank if c.is_trump else -c.points2))
        safe = [c for c in cheap if c is not PETIT or left_after_me == 0 or not any(u.is_trump for u in unseen)]
        if not win_card.is_trump and lead.suit.is_plain:
            same_suit = [c for c in winners if c.suit is lead.suit]
            if same_suit:
                # Following suit: play the King on the suit's first round, else the lowest winner.
                kings = [c for c in same_suit if c.rank == KING]
                first_round = not any(any(x.suit is lead.suit for _, x in t.cards) for t in view.tricks)
                if kings and (first_round or left_after_me == 0):
                    return kings[0]
                return min(same_suit, key=lambda c: c.rank)
        if safe == [TRUMP_21] and EXCUSE in legal and trick_points < 8 and len(hand) > 2:
            return EXCUSE  # keep the 21 for a trick worth it; the Excuse costs half a point
        choice = None
        for c in safe:
            if c is TRUMP_21 and trick_points < 8 and len(safe) > 1:
                continue
            choice = c
            break
        if choice is not None:
            if left_after_me > 0 and choice.is_trump and choice is not TRUMP_21:
                # Against later players, a trump that stays master is worth more than the cheapest.
                masters = [c for c in safe if c.is_trump and not any(u.is_trump and u.rank > c.rank for u in unseen)]
                if masters and trick_points >= 6:
                    return min(masters, key=lambda c: c.rank)
            return choice
    # Cannot (or will not) win: lose as little as possible.
    if EXCUSE in legal and trick_points >= 6 and not partner_winning:
        return EXCUSE
    losers = [c for c in legal if c is not EXCUSE] or legal
    return min(losers, key=lambda c: (c is PETIT, c is TRUMP_21, c.points2, c.is_trump, c.rank))


def _lead(view: SeatView, legal: list[Card], unseen: set[Card], rng: DealRng) -> Card:
    hand = list(view.hand)
    me_attack = _is_attack(view, view.seat)
    trumps = sorted((c for c in legal if c.is_trump), key=lambda c: c.rank)
    others_trumps = [c for c in unseen if c.is_trump]
    # A master trump (higher than every unseen trump) is a safe lead for the attack.
    if me_attack and trumps and len(trumps) >= len(others_trumps) and others_trumps:
        top = trumps[-1]
        if top is not PETIT and top.rank > max(c.rank for c in others_trumps):
            return top
    # Cash a King on its suit's first round.
    played_suits = {x.suit for t in view.tricks for _, x in t.cards}
    kings = [c for c in legal if c.is_king and c.suit not in played_suits]
    if kings:
        return kings[rng.below(len(kings))]
    plain = [c for c in legal if c.suit.is_plain]
    if plain:
        by_suit: dict[Suit, list[Card]] = {}
        for c in plain:
            by_suit.setdefault(c.suit, []).append(c)
        if me_attack:
            suit = max(by_suit, key=lambda s: (len(by_suit[s]), s.value))
        else:
            # The defence leads its shortest suit (to come back to it with trumps) …
            suit = min(by_suit, key=lambda s: (len(by_suit[s]), s.value))
        return min(by_suit[suit], key=lambda c: c.rank)
    non_petit = [c for c in trumps if c is not PETIT]
    if non_petit:
        # Trumps only: lead a low one, never the Petit to draw trumps.
        return non_petit[0] if not me_attack else non_petit[-1]
    if EXCUSE in legal and len(hand) > 1:
        return EXCUSE
    return legal[0]
