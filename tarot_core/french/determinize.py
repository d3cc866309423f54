"""Determinization: a whole deal consistent with what one seat knows (the basis of search players).

:func:`determinize` takes a seat's :class:`~tarot_core.french.view.SeatView` and a seeded stream
and returns a :class:`~tarot_core.french.state.FrenchDeal` at the same point of the same deal in
which that seat sees exactly what it sees now (``world.view(seat) == view``), with every card it
cannot see placed somewhere it may be.

**What a seat knows** (and the sampled world respects):

* its own hand, every card played and by whom, the shown chien (prise, garde: FR-4.1), the
  écart's trumps (shown, FR-4.1) and, for the taker, the whole écart;
* the cards of a poignée (FR-4.4) stay in the shower's hand until played; a poignée that shows
  the Excuse says its owner had no other trump;
* voids revealed by play: a seat that did not follow the suit led has none of it (FR-5.2); one
  that played neither that suit nor a trump has no trump (FR-5.3); one that played a trump under
  the highest trump of the trick had no trump above it (FR-5.3, FR-5.4) — nor will it later;
* five players (FR-4.2): the called card is with the partner once the partner is known to this
  seat; while not, it may be with any other seat, or in a chien nobody saw (or in the taker's
  hand: a taker may call its own King); a taker who called a Queen (Knight, Jack) held every card
  of each higher rank;
* the hidden part of the écart holds plain cards other than Kings (FR-4.1); the chien, while
  nobody has seen it, any cards;
* sizes: each hand's number of cards, the chien's and the hidden écart's.

**How** (the support is exact, the weights are those of a random deal): the cards to place are
grouped by the set of places ("piles": the other seats' hands, the unseen chien, the hidden
écart) they may go to. They are placed one at a time in an order drawn from ``rng``; each goes
to one of its piles with probability proportional to the pile's free room, among the piles that
still leave a complete placement possible (Hall's condition over every set of piles, checked
with a slack per set). So any placement that respects every fact above has a non-zero
probability, and without constraints this is exactly a random deal of the unseen cards. The
world is then rebuilt (the dealt hands and chien) and the seat's history replayed through the
engine, the hidden discards filled in; a world in which a rule would have stopped that history
(the order of an écart's trumps and plain cards, a petit sec at the deal) is drawn again.

The stream is a :class:`~tarot_core.rng.DealRng` or a :class:`random.Random`, so the same view and
seed give the same world in CPython and in Pyodide.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError, TarotError
from .actions import Discard, Phase, Play
from .cards import KING, Card
from .dealing import Deal
from .pack import (ALL, BIT, CARD_OF, CODE_OF, EXCUSE_BIT, EXCUSE_CODE, PETIT_CODE, PLAIN_NON_KING,
                   RANK_OF, SUIT_MASK, SUIT_OF, TRUMPS, codes, mask_of)
from .state import FrenchDeal
from .view import SeatView

__all__ = ["determinize", "placements", "DeterminizeError", "MAX_TRIES"]

#: How many worlds :func:`determinize` draws before giving up (it never needs more than a few).
MAX_TRIES = 1000


class DeterminizeError(TarotError, ValueError):
    """A view that no deal can be consistent with (it was not made by the engine, or was
    changed), or no consistent world found in :data:`MAX_TRIES` draws."""


class _Facts:
    """What the seat of ``view`` knows, as masks (see the module docstring).

    Attributes:
        piles: the pile names, in order: other seats (ints), then ``"chien"``, ``"ecart"``.
        room: each pile's number of cards to fill.
        allowed: ``{code: bitmask over pile indexes}`` for every card to place.
    """

    def __init__(self, view: SeatView) -> None:
        players, me = view.players, view.seat
        self.view = view
        taker = view.taker
        hidden_discards = sum(1 for a in view.history if a.__class__ is Discard and a.card is None)
        chien_seen = view.chien is not None
        # A chien not shown (bidding, the call, garde sans/contre, thrown in) is in no hand; a
        # shown one was taken by the taker (prise, garde) unless the deal is over and turned up.
        chien_aside = not chien_seen
        chien_taken = (chien_seen and view.contract is not None and view.contract.chien_seen
                       and view.phase is not Phase.CALL)

        played: dict[int, int] = {s: 0 for s in range(players)}
        for action in view.history:
            if action.__class__ is Play:
                played[action.seat] |= BIT[CODE_OF[action.card.index]]
        self.played = played
        played_all = 0
        for m in played.values():
            played_all |= m
        hand = mask_of(view.hand)
        known_ecart = mask_of(view.ecart)
        chien = mask_of(view.chien) if chien_seen else 0
        self.hand, self.known_ecart, self.chien, self.chien_seen = hand, known_ecart, chien, chien_seen
        self.chien_taken = chien_taken
        self.hidden_discards = hidden_discards

        piles: list[Any] = [s for s in range(players) if s != me]
        room = [view.hand_sizes[s] for s in piles]
        if chien_aside:
            piles.append("chien")
            room.append(view.chien_size)
        if hidden_discards:
            piles.append("ecart")
            room.append(hidden_discards)
        self.piles, self.room = piles, room
        index = {p: i for i, p in enumerate(piles)}
        seats_bits = 0
        for s in range(players):
            if s != me:
                seats_bits |= 1 << index[s]
        full = (1 << len(piles)) - 1

        # Where each seat's cards may not be (voids, trump ceilings).
        banned = {s: 0 for s in range(players)}
        self._read_play(view, banned)
        for p in view.poignees:
            if any(c.is_excuse for c in p.cards):
                banned[p.seat] |= TRUMPS & ~mask_of(p.cards)

        to_place = ALL & ~hand & ~played_all & ~known_ecart
        if chien_seen and not chien_taken:  # a chien turned up at the end, never in a hand
            to_place &= ~chien
        allowed: dict[int, int] = {}
        for c in codes(to_place):
            bit = BIT[c]
            where = seats_bits
            for s in range(players):
                if s != me and banned[s] & bit:
                    where &= ~(1 << index[s])
            if "chien" in index:
                where |= 1 << index["chien"]
            if "ecart" in index and bit & PLAIN_NON_KING:
                where |= 1 << index["ecart"]
            if bit & chien:  # a shown chien card: in the taker's hand, or put aside unseen
                where &= (1 << index[taker]) | (1 << index["ecart"] if "ecart" in index else 0)
            allowed[c] = where & full

        def force(code: int, seats: int) -> None:
            if code in allowed:
                allowed[code] &= seats

        for p in view.poignees:
            if p.seat != me:
                for card in p.cards:
                    force(CODE_OF[card.index], 1 << index[p.seat])
        if view.called is not None:
            called = CODE_OF[view.called.index]
            if view.partner_known and view.partner is not None and view.partner != me:
                force(called, 1 << index[view.partner])
            if taker is not None and taker != me and view.called.rank < KING:
                # FR-4.2: a Queen (Knight, Jack) is called only holding every card of each
                # higher rank; a King cannot be put aside, the others may be in the écart.
                taker_bit = 1 << index[taker]
                ecart_bit = 1 << index["ecart"] if "ecart" in index else 0
                for c in list(allowed):
                    if SUIT_OF[c] >= 2 and RANK_OF[c] > view.called.rank:
                        force(c, taker_bit | (ecart_bit if BIT[c] & PLAIN_NON_KING else 0))
        if view.thrown_in == "petit_sec" and view.petit_sec_seat is not None and view.petit_sec_seat != me:
            sec = view.petit_sec_seat
            force(PETIT_CODE, 1 << index[sec])
            for c in list(allowed):
                if BIT[c] & (TRUMPS | EXCUSE_BIT) and c != PETIT_CODE:
                    allowed[c] &= ~(1 << index[sec])
        self.allowed = allowed

    @staticmethod
    def _read_play(view: SeatView, banned: dict[int, int]) -> None:
        """Voids and trump ceilings revealed by the tricks (FR-5.2–FR-5.4)."""
        tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
        for cards in tricks:
            lead = -1
            top = -1  # highest trump code so far
            for seat, card in cards:
                c = CODE_OF[card.index]
                if c == EXCUSE_CODE:
                    continue
                suit = SUIT_OF[c]
                if lead < 0:
                    lead = suit
                elif suit != lead:
                    if lead:  # a plain suit led, not followed
                        banned[seat] |= SUIT_MASK[lead]
                    if suit:  # neither followed nor trumped: no trump either
                        banned[seat] |= TRUMPS
                    elif top >= 0 and c < top:  # trumped under: no trump above the top
                        banned[seat] |= TRUMPS & ~((BIT[top] << 1) - 1)
                elif not suit and top >= 0 and c < top:  # trumps led, played under
                    banned[seat] |= TRUMPS & ~((BIT[top] << 1) - 1)
                if not suit and c > top:
                    top = c


def placements(view: SeatView) -> dict[Card, frozenset]:
    """For every card that ``view``'s seat cannot place for sure, the places it may be: seats
    (ints), ``"chien"`` (a chien nobody saw) or ``"ecart"`` (the hidden part of the écart).

    The facts are those of the module docstring; :func:`determinize` draws from exactly these.
    """
    facts = _Facts(view)
    return {CARD_OF[c]: frozenset(p for i, p in enumerate(facts.piles) if where >> i & 1)
            for c, where in facts.allowed.items()}


def _place(facts: _Facts, below: Any) -> list[list[int]]:
    """Place every card of ``facts.allowed`` into the piles (see the module docstring)."""
    n_piles = len(facts.piles)
    room = list(facts.room)
    cards = list(facts.allowed)
    if sum(room) != len(cards):
        raise DeterminizeError(f"{len(cards)} cards to place for {sum(room)} places: not a view of a deal")
    # Hall's condition for every set T of piles: (cards that may only go into T) <= room of T.
    subsets = 1 << n_piles
    slack = [0] * subsets
    for t in range(subsets):
        slack[t] = sum(room[i] for i in range(n_piles) if t >> i & 1)
    for where in facts.allowed.values():
        for t in range(subsets):
            if where & ~t == 0:
                slack[t] -= 1
    if min(slack) < 0:
        raise DeterminizeError("no deal is consistent with this view")
    for i in range(len(cards) - 1, 0, -1):  # the order of placement, drawn from the stream
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    piles: list[list[int]] = [[] for _ in range(n_piles)]
    free = len(set(facts.allowed.values())) == 1  # no constraint tells the cards apart
    checks: dict[tuple[int, int], list[int]] = {}
    for c in cards:
        where = facts.allowed[c]
        options = []
        for i in range(n_piles):
            if where >> i & 1 and room[i]:
                if free:
                    options.append(i)
                    continue
                # Placing c in pile i lowers the room of every set holding i, and the demand of
                # every set containing all of c's piles: a set holding i but not all of c's piles
                # must have slack to spare.
                sets = checks.get((where, i))
                if sets is None:
                    sets = checks[where, i] = [t for t in range(subsets) if t >> i & 1 and where & ~t]
                for t in sets:
                    if slack[t] <= 0:
                        break
                else:
                    options.append(i)
        if not options:
            raise DeterminizeError("no deal is consistent with this view")
        total = sum(room[i] for i in options)
        pick = below(total)
        for i in options:
            pick -= room[i]
            if pick < 0:
                break
        room[i] -= 1
        piles[i].append(c)
        bit = 1 << i
        for t in range(subsets):
            if t & bit:
                slack[t] -= 1
            if where & ~t == 0:
                slack[t] += 1
    return piles


def determinize(view: SeatView, rng: Any) -> FrenchDeal:
    """A full state of the deal consistent with everything ``view``'s seat knows.

    Args:
        view: a seat's :class:`SeatView` (from :meth:`FrenchDeal.view`), with its history.
        rng: the seeded stream: a :class:`~tarot_core.rng.DealRng` (its ``below(n)``) or a
            :class:`random.Random` (its ``randrange(n)``); both give the same worlds in CPython
            and Pyodide.

    Returns a :class:`FrenchDeal` whose ``view(view.seat)`` equals ``view``: the same dealt
    hand for that seat, the same history, and the unseen cards drawn as the module docstring
    says.

    Raises :class:`DeterminizeError` for a view no deal fits (not made by the engine),
    ``TypeError`` for a ``view`` that is no SeatView or an ``rng`` with neither method.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"determinize needs a SeatView, got {type(view).__name__}")
    below = getattr(rng, "below", None) or getattr(rng, "randrange", None)
    if below is None:
        raise TypeError("determinize needs a seeded stream: a tarot_core.rng.DealRng or a random.Random, "
                        f"got {type(rng).__name__}")
    facts = _Facts(view)
    for _ in range(MAX_TRIES):
        world = _world(facts, _place(facts, below))
        if world is not None:
            return world
    raise DeterminizeError(f"no consistent world found in {MAX_TRIES} draws")


def _world(facts: _Facts, piles: list[list[int]]) -> FrenchDeal | None:
    """Rebuild the deal from a placement and replay the history; ``None`` if a rule refuses."""
    view = facts.view
    players, me, taker = view.players, view.seat, view.taker
    current = {s: 0 for s in range(players)}
    current[me] = facts.hand
    chien_mask = facts.chien
    hidden_ecart: list[int] = []
    for name, cards in zip(facts.piles, piles):
        if name == "chien":
            for c in cards:
                chien_mask |= BIT[c]
        elif name == "ecart":
            hidden_ecart = cards
        else:
            for c in cards:
                current[name] |= BIT[c]
    ecart_mask = facts.known_ecart
    for c in hidden_ecart:
        ecart_mask |= BIT[c]
    hands = []
    for s in range(players):
        held = current[s] | facts.played[s]
        if s == taker and facts.chien_taken:
            held = (held | ecart_mask) & ~facts.chien
        hands.append(tuple(CARD_OF[c] for c in codes(held)))
    if facts.chien_seen:
        chien = view.chien
    else:
        chien = tuple(CARD_OF[c] for c in codes(chien_mask))
    try:
        dealt = Deal(players, view.dealer, tuple(hands), chien)  # type: ignore[arg-type]
    except ValueError as e:
        raise DeterminizeError(f"not a view of a deal: {e}") from None
    if (dealt.petit_sec_seat() is not None) != (view.thrown_in == "petit_sec"):
        return None
    world = FrenchDeal(dealt)
    fill = iter(hidden_ecart)
    try:
        for action in view.history:
            if action.__class__ is Discard and action.card is None:
                action = Discard(action.seat, CARD_OF[next(fill)])
            world.apply(action)
    except IllegalActionError:
        return None
    return world
