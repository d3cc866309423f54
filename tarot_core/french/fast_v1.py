"""Computer player ``v1`` on the engine's compact form: the same choices, many times faster.

:func:`choose_move` is :func:`tarot_core.french.ai_v1.choose_action` — the frozen definition of
``v1`` — written again on codes and bitmasks (:mod:`tarot_core.french.pack`): it reads the
state that the seat to act sees (its hand, the cards played, the shown chien, its own écart or
the écart's shown trumps, who is known to be on which side) straight from a
:class:`~tarot_core.french.state.FrenchDeal`, without building a
:class:`~tarot_core.french.view.SeatView`, and returns the compact move. It uses nothing that the
seat's view would not show.

Every rule of ``ai_v1`` is kept, down to its tie-breaks (the first card in display order wins a
tie, as Python's ``min``/``max`` over the view's legal actions did) and its quirks (a defender
counts the shown chien's cards among the unseen ones; the same random stream). The test
``tests/test_fast_v1.py`` checks the two choose the same move in thousands of positions at
3, 4 and 5 players, and the golden playthroughs pin both. When the two ever differ, ``ai_v1`` is
right: it defines the player.
"""

from __future__ import annotations

from hashlib import sha256

from ..rng import DealRng
from .actions import Phase
from .cards import KING
from .pack import (BIT, BOUTS, EXCUSE_BIT, EXCUSE_CODE, KINGS, PETIT_BIT,
                   PETIT_CODE, PLAIN, POINTS2_OF, RANK_OF, SUIT_MASK, SUIT_OF, T21_CODE, TRUMPS,
                   TRUMPS_NON_BOUT, codes)
from .state import MOVE_BID, MOVE_CALL, MOVE_CHELEM, MOVE_DISCARD, MOVE_POIGNEE, FrenchDeal

__all__ = ["choose_move", "hand_strength"]

AI_LABEL = "tarot-core/ai/v1"
_WORDS = 1 << 32
_T21_BIT = BIT[T21_CODE]
_ALL = (1 << 78) - 1
_HIGH_TRUMPS = sum(BIT[c] for c in range(78) if c < 21 and 16 <= RANK_OF[c] <= 20)
_RANK_BITS = {rank: sum(BIT[c] for c in range(78) if SUIT_OF[c] >= 2 and RANK_OF[c] == rank)
              for rank in (14, 13, 12, 11)}
_KINGS, _QUEENS, _KNIGHTS, _JACKS = (_RANK_BITS[rank] for rank in (14, 13, 12, 11))
_PLAIN_SUITS = tuple(SUIT_MASK[suit] for suit in (2, 3, 4, 5))
_LONG = {5: 5, 6: 7}
#: The plain suits in the order of their letters (C < D < H < S), for ai_v1's ``s.value`` keys.
_LETTER = {2: "S", 3: "H", 4: "C", 5: "D"}
_THRESHOLDS = ((81, 3), (71, 2), (56, 1), (40, 0))  # ai_v1.BID_THRESHOLDS by contract level

# Enum members are read through the enum's metaclass (about 130 ns each in CPython 3.11): the
# hot paths use module constants instead.
_BIDDING = Phase.BIDDING
_CALL = Phase.CALL
_CHELEM = Phase.CHELEM
_ECART = Phase.ECART
_PLAY = Phase.PLAY



def hand_strength(hand: int) -> int:
    """:func:`tarot_core.french.ai_v1.hand_strength` of the hand ``hand`` (a mask).

    Its per-suit sums are taken over all four suits at once where they allow it: the court
    cards' points are popcounts by rank, and the suits holding both the King and the Queen are
    the Kings whose Queen (the code just below) is held too.
    """
    trumps = hand & TRUMPS
    n_trumps = trumps.bit_count()
    score = 2 * n_trumps + (trumps & _HIGH_TRUMPS).bit_count()
    if hand & _T21_BIT:
        score += 10
    if hand & EXCUSE_BIT:
        score += 8
    if hand & PETIT_BIT:
        score += 8 if n_trumps >= 6 else 6 if n_trumps >= 5 else 5
    kings = hand & _KINGS
    queens = hand & _QUEENS
    score += (6 * kings.bit_count() + 3 * queens.bit_count() + 2 * (hand & _KNIGHTS).bit_count()
              + (hand & _JACKS).bit_count() + (kings & queens << 1).bit_count())
    for suit in _PLAIN_SUITS:
        n = (hand & suit).bit_count()
        if n >= 5:
            score += _LONG.get(n, 9)
        if n_trumps >= 4:
            if n == 0:
                score += 6
            elif n == 1:
                score += 3
    return score


def _draw(seed: int | str, seat: int, step: int, n: int) -> int:
    """ai_v1's draw ``below(n)`` from its stream ``DealRng(f"{seed}|{seat}|{step}", AI_LABEL)``;
    a choice draws once at most, so the stream is made only then (most choices draw nothing).

    The stream's first word is read straight from its first block, as :mod:`tarot_core.rng`
    specifies it (``SHA-256(label|seed|0)``, big-endian); only when that word is rejected (a
    chance below ``n / 2**32``) is the :class:`DealRng` made, to draw on.
    """
    word = int.from_bytes(sha256(f"{AI_LABEL}|{seed}|{seat}|{step}|0".encode()).digest()[:4], "big")
    if word < _WORDS - _WORDS % n:
        return word % n
    return DealRng(f"{seed}|{seat}|{step}", label=AI_LABEL).below(n)


def choose_move(state: FrenchDeal, seed: int | str, step: int) -> int:
    """The compact move computer player ``v1`` makes for the seat to act in ``state``.

    ``seed`` and ``step`` as for :func:`tarot_core.ai.choose_action` (``step`` is the number of
    actions applied so far). Equal to ``state.move_of(ai_v1.choose_action(state.view(seat),
    seed, step))``.

    Raises ``ValueError`` when nobody is to act.
    """
    seat = state.turn
    if seat is None:
        raise ValueError("nobody is to act: the deal is over")
    phase = state.phase
    if phase is _PLAY:
        if not state._tricks:  # a poignée is offered before one's first card only
            moves = state.legal_moves()
            if moves[0] >= MOVE_POIGNEE:
                best = [m for m in moves if m >= MOVE_POIGNEE][-1]  # the largest size offered
                if seat == state.taker or (best ^ MOVE_POIGNEE).bit_count() >= 13:
                    return best
        return _play(state, seat, state._playable(seat), seed, step)
    hand = state._hands[seat]
    if phase is _BIDDING:
        strength = hand_strength(hand) * 18 // hand.bit_count() + _draw(seed, seat, step, 5) - 2
        for threshold, level in _THRESHOLDS:
            if strength >= threshold and level > state._level:
                return MOVE_BID + level + 1
        return MOVE_BID
    if phase is _ECART:
        return MOVE_DISCARD + _discard(state, hand)
    if phase is _CHELEM:
        return MOVE_CHELEM + _wants_chelem(hand)
    if phase is _CALL:
        return MOVE_CALL + _call(state, hand)
    raise ValueError(f"nobody is to act: the deal is {phase.value}")


# --- rare decisions ----------------------------------------------------------------------------

def _wants_chelem(hand: int) -> int:
    trumps = hand & TRUMPS
    high = sum(1 for c in codes(trumps) if RANK_OF[c] >= 15)
    plain = hand & PLAIN
    plain_ok = all(plain & SUIT_MASK[SUIT_OF[c]] & KINGS for c in codes(plain))
    return int(trumps.bit_count() >= 13 and high >= 6 and plain_ok)


def _call(state: FrenchDeal, hand: int) -> int:
    options = state._callable()
    missing = [c for c in options if not hand & BIT[c]] or options

    def support(c: int) -> tuple[int, int, int, str]:
        suit_cards = codes(hand & SUIT_MASK[SUIT_OF[c]])
        below = max((RANK_OF[x] for x in suit_cards if RANK_OF[x] < RANK_OF[c]), default=0)
        return (-RANK_OF[c], below, len(suit_cards), _LETTER[SUIT_OF[c]])

    return max(missing, key=support)


def _discard(state: FrenchDeal, hand: int) -> int:
    slots = state.chien_size - len(state._ecart)
    legal = state._discardable()
    for c in _ecart_plan(hand, slots):
        if legal & BIT[c]:
            return c
    return codes(legal)[0]


#: ai_v1.ecart_plan's order for the rest of the plain cards: more points first, then lower
#: rank, then the suit's letter.
_REST_ORDER = tuple((-POINTS2_OF[c], RANK_OF[c], _LETTER.get(SUIT_OF[c], "")) for c in range(78))


def _ecart_plan(hand: int, size: int) -> list[int]:
    """ai_v1.ecart_plan on codes (voids first, then the points of suits without their King)."""
    plain = hand & PLAIN & ~KINGS
    plan: list[int] = []
    chosen = 0
    for _, _, suit in sorted(((plain & SUIT_MASK[s]).bit_count(), _LETTER[s], s) for s in (2, 3, 4, 5)):
        cards = plain & SUIT_MASK[suit]
        if not hand & SUIT_MASK[suit] & KINGS and 0 < cards.bit_count() <= size - len(plan):
            plan += codes(cards)
            chosen |= cards
    rest = sorted(codes(plain & ~chosen), key=_REST_ORDER.__getitem__)
    plan += rest[: size - len(plan)]
    if len(plan) < size:
        plan += codes(hand & TRUMPS_NON_BOUT)[: size - len(plan)]
    return plan


# --- play ----------------------------------------------------------------------------------------

#: ai_v1's keys by code: the card it gives to a trick its side wins (the most points, a bout
#: never; then the lowest trump or the highest plain card), and the card it throws to a trick it
#: cannot win (the Petit and the 21 last, then the fewest points, plain before trumps, low rank).
_GIVE_KEY = tuple((-1 if BIT[c] & BOUTS else POINTS2_OF[c], -RANK_OF[c] if c < 21 else RANK_OF[c])
                  for c in range(78)).__getitem__
_DISCARD_KEY = tuple((c == PETIT_CODE, c == T21_CODE, POINTS2_OF[c], c < 21, RANK_OF[c])
                     for c in range(78)).__getitem__

def _play(state: FrenchDeal, seat: int, legal_mask: int, seed: int | str, step: int) -> int:
    if not legal_mask & (legal_mask - 1):  # one legal card
        return legal_mask.bit_length() - 1
    hand = state._hands[seat]
    n_hand = hand.bit_count()
    # ai_v1._unseen: the cards this seat has not seen played or held.
    seen = hand | state._played
    if seat == state.taker:
        seen |= state._ecart_mask
        if state.contract.chien_seen:  # type: ignore[union-attr]
            seen |= state._chien_mask
    else:
        seen |= state._ecart_mask & TRUMPS
    unseen = ~seen & _ALL
    trick = state._trick
    left_after_me = state.players - len(trick) - 1
    # What this seat knows of the sides (ai_v1 through SeatView.side_of): with the partner
    # known (always at 3 and 4 players), the attack is the taker and the partner; else only
    # that the taker attacks and this seat, which lacks the called card, defends.
    taker = state.taker
    known = state.players != 5 or state._partner_known_to(seat)
    partner = state.partner if known else None
    mine = seat == taker or (known and seat == partner)

    if legal_mask & EXCUSE_BIT and n_hand == 2:
        # FR-6.2 / FR-6.3: the Excuse before the last trick, unless this side won every trick.
        tricks = state._tricks
        on_chelem = bool(tricks) and all(w == seat or (known and (w == taker or w == partner) == mine)
                                         for _, _, w in tricks)
        if not on_chelem:
            return EXCUSE_CODE
        others = legal_mask & ~EXCUSE_BIT  # the first other legal card (one exists: two legal)
        return (others & -others).bit_length() - 1

    lead = state._lead_suit
    if lead < 0:  # nothing led, or only the Excuse: this card sets the suit
        return _lead(state, seat, mine, legal_mask, unseen, seed, step)
    win_seat, win_code = state._win_seat, state._win_code
    partner_winning = win_seat == seat or (known and (win_seat == taker or win_seat == partner) == mine)
    win_trump = win_code < 21
    above = ~((BIT[win_code] << 1) - 1)  # the codes above the winning card's
    secure = left_after_me == 0 or (win_trump and not unseen & TRUMPS & above)
    trick_points = sum(map(POINTS2_OF.__getitem__, trick))

    if partner_winning and secure:
        if legal_mask & PETIT_BIT:
            return PETIT_CODE
        return max(codes(legal_mask), key=_GIVE_KEY)  # the first of equals, as ai_v1's max

    # The cards that beat the trick's winner (ai_v1._beats): a trump over a plain card or a
    # lower trump; a higher card of the suit led over a plain winner; never the Excuse.
    if win_trump:
        winners = legal_mask & TRUMPS & above
    else:
        winners = legal_mask & (TRUMPS | (SUIT_MASK[lead] & above))
    if winners:
        if not win_trump:  # a plain card wins, so a plain suit was led (lead >= 2)
            same_suit = winners & PLAIN
            if same_suit:
                kings = same_suit & KINGS
                completed = state._played
                for c in trick:
                    completed &= ~BIT[c]
                first_round = not completed & SUIT_MASK[lead]
                if kings and (first_round or left_after_me == 0):
                    return (kings & -kings).bit_length() - 1
                return (same_suit & -same_suit).bit_length() - 1  # the lowest rank of the suit
        # Only trumps are left among the winners, and ai_v1's "cheapest first" order of trumps
        # is by rank, the order of their codes: its choice is the lowest safe one (the 21 comes
        # first only when it is the only one, so it is never skipped for another).
        trumps_out = unseen & TRUMPS
        safe = winners if left_after_me == 0 or not trumps_out else winners & ~PETIT_BIT
        if safe == _T21_BIT and legal_mask & EXCUSE_BIT and trick_points < 8 and n_hand > 2:
            return EXCUSE_CODE
        if safe:
            choice = (safe & -safe).bit_length() - 1
            if left_after_me > 0 and choice != T21_CODE:
                # the masters: safe trumps above every trump still out
                masters = safe & ~((1 << trumps_out.bit_length()) - 1)
                if masters and trick_points >= 6:
                    return (masters & -masters).bit_length() - 1
            return choice
    if legal_mask & EXCUSE_BIT and trick_points >= 6 and not partner_winning:
        return EXCUSE_CODE
    return min(codes(legal_mask & ~EXCUSE_BIT) or [EXCUSE_CODE], key=_DISCARD_KEY)  # as ai_v1's min


def _lead(state: FrenchDeal, seat: int, me_attack: bool, legal_mask: int, unseen: int,
          seed: int | str, step: int) -> int:
    """ai_v1._lead on masks (a tie never arises: the keys it sorts by name one card or suit)."""
    trumps = legal_mask & TRUMPS
    others_trumps = unseen & TRUMPS
    if me_attack and trumps and trumps.bit_count() >= others_trumps.bit_count() and others_trumps:
        top = trumps.bit_length() - 1
        if top != PETIT_CODE and top > others_trumps.bit_length() - 1:
            return top  # a master trump
    kings = legal_mask & KINGS
    if kings:
        completed = state._played
        for c in state._trick:
            completed &= ~BIT[c]
        kings = [c for c in codes(kings) if not completed & SUIT_MASK[SUIT_OF[c]]]
        if kings:
            return kings[_draw(seed, seat, step, len(kings))]  # cash a King on its suit's first round
    best, best_key = 0, None
    for suit in (2, 3, 4, 5):
        cards = legal_mask & SUIT_MASK[suit]
        if cards:
            key = (cards.bit_count(), _LETTER[suit])
            if best_key is None or (key > best_key if me_attack else key < best_key):
                best, best_key = cards, key
    if best:  # the longest suit (attack) or the shortest (defence), its lowest card
        return (best & -best).bit_length() - 1
    non_petit = trumps & ~PETIT_BIT
    if non_petit:
        return non_petit.bit_length() - 1 if me_attack else (non_petit & -non_petit).bit_length() - 1
    if legal_mask & EXCUSE_BIT and state._hands[seat].bit_count() > 1:
        return EXCUSE_CODE
    return (legal_mask & -legal_mask).bit_length() - 1
