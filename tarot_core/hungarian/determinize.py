"""Worlds consistent with what one seat knows: ``determinize(view, rng)`` for Hungarian Tarokk.

Given a seat's :class:`~tarot_core.hungarian.view.HungarianView`, :func:`determinize` deals the
cards it cannot see — the other hands, the talon (but its own share), the hidden discards — and
replays the deal's history on them, so that the world is a whole
:class:`~tarot_core.hungarian.state.HungarianDeal` with ``world.view(seat) == view``.

How: the seat's own cards and talon share are where it saw them. What the bids tell goes into
the original hands first: an invitation's card in the inviter's, the XX in the hand of the
player who yielded the game, an honour in each bidder's that has none yet (HU-3). Every card
another seat played, the declarer's shown discarded tarokks, and the called card when the
kontras tell its holder (a player who said rekontra on the declarer's side's item, HU-6), go
somewhere that seat held (its hand or its talon share), at random; a seat that declared eight or
nine tarokks gets as many tarokks as that makes; the other unseen cards fill the remaining places
at random. Each
hidden discard is drawn from what its seat held, of the size and with the number of tarokks it
said (HU-4), among the cards it may discard. The history is then replayed through the checked
engine (a declined annulment that the seat could not see is added where the world asks for one);
a world where any action is illegal — a bid without an honour, an invitation without its card, a
card not followed when the suit was held, and so on — or whose view differs, is drawn again.

So every world consistent with the view can be drawn. The draws are not weighted by how likely
each world made the players act as they did.
"""

from __future__ import annotations

from ..errors import IllegalActionError, TarotError
from .actions import Announce, Annul, Discard, Kontra, Phase
from .cards import DECK, XX, Card
from .dealing import HAND_SIZE, TALON_SIZE, Deal
from .state import HungarianDeal
from .scoring import Side
from .view import HungarianView

__all__ = ["determinize", "DeterminizeError", "ATTEMPTS"]

HONOURS_BY_INDEX = tuple(c for c in DECK if c.is_honour)

#: Draws tried before giving up (a consistent view is found in a few, as the tests measure).
ATTEMPTS = 5000


class DeterminizeError(TarotError, ValueError):
    """No consistent world was found for a view in :data:`ATTEMPTS` draws (the view cannot have
    come from a real deal)."""


def _below(rng, n: int) -> int:
    below = getattr(rng, "below", None)
    return below(n) if below is not None else rng.randrange(n)


def _shuffle(rng, items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def determinize(view: HungarianView, rng) -> HungarianDeal:
    """A whole deal consistent with ``view`` (see the module docstring).

    ``rng``: a :class:`tarot_core.rng.DealRng` or a :class:`random.Random`. Raises
    :class:`DeterminizeError` when no consistent world is found in :data:`ATTEMPTS` draws.
    """
    seat, players = view.seat, view.players
    active = view.active
    played: dict[int, list[Card]] = {s: [] for s in active}
    for action in view.history:
        if type(action).__name__ == "Play":
            played[action.seat].append(action.card)
    own_discard = list(view.discard)
    own_share = list(view.talon_share)
    own_original = [c for c in (set(view.hand) | set(played.get(seat, ())) | set(own_discard)) if c not in own_share]
    declarer, level = view.declarer, view.level
    shares_known = declarer is not None and (view.phase is not Phase.BIDDING)
    # Talon positions of each seat's share, once the auction is over (HU-4's order).
    share_slots: dict[int, list[int]] = {s: [] for s in active}
    if shares_known and level is not None:
        take = level.talon
        share_slots[declarer] = list(range(take))
        others = [active[(active.index(declarer) + k) % 4] for k in (1, 2, 3)]
        for i in range(take, TALON_SIZE):
            share_slots[others[(i - take) % 3]].append(i)
    shown = {declarer: [c for c in view.declarer_tarokks]} if declarer is not None else {}
    # Cards a seat is known to have held in its original hand (the bids say it, HU-3), and in
    # its hand or talon share (the announcements tell who holds the called card, HU-6).
    in_hand: dict[int, list[Card]] = {s: [] for s in active}
    if view.invitation is not None:
        in_hand[view.invitation[0]].append(view.invitation[1])
    if view.yielded is not None:
        in_hand[view.yielded].append(XX)
    held = {s: list(shown.get(s, ())) for s in active}
    sides = _public_sides(view)
    if view.called is not None and view.called not in own_original and view.called not in own_share:
        partners = [s for s, side in sides.items() if side is Side.DECLARER and s != declarer and s != seat]
        if len(partners) == 1:
            held[partners[0]].append(view.called)
    bidders = {b[0] for b in view.bids if b[2] in ("bid", "hold", "invitation")}
    triers = {b[0] for b in view.bids if b[2] == "trial"}
    hidden_discards = {s: view.discard_sizes[s] for s in active if s != seat}
    discard_tarokks = {s: view.discarded_tarokks[s] for s in active if s != seat}

    for _ in range(ATTEMPTS):
        world = _draw(view, rng, seat, active, played, own_original, own_share, share_slots, shown,
                      hidden_discards, discard_tarokks, held, in_hand, bidders, triers)
        if world is not None:
            return world
    raise DeterminizeError(f"no world consistent with seat {seat}'s view in {ATTEMPTS} draws")


def _public_sides(view: HungarianView) -> dict[int, Side]:
    """The sides the kontras tell (HU-6): a kontra is said by a player of the side against the
    item, a rekontra by one of its side, and so on; who then speaks for that side. (Any player
    may announce, for the side speaking: an announcement tells nothing.) The declarer is of its
    side."""
    sides: dict[int, Side] = {}
    if view.declarer is not None:
        sides[view.declarer] = Side.DECLARER
    speaking, items = Side.DECLARER, {}
    for action in view.history:
        cls = type(action)
        if cls is Announce:
            items[action.bonus] = (speaking, 0)
        elif cls is Kontra:
            side, level = items.get(action.bonus, (Side.DECLARER, 0))
            mine = side.other if level % 2 == 0 else side
            sides[action.seat] = speaking = mine
            items[action.bonus] = (side, level + 1)
    return sides


def _draw(view, rng, seat, active, played, own_original, own_share, share_slots, shown, hidden_discards,
          discard_tarokks, held, in_hand, bidders, triers) -> HungarianDeal | None:
    players = view.players
    talon: list[Card | None] = [None] * TALON_SIZE
    if share_slots[seat]:
        if len(share_slots[seat]) != len(own_share):
            return None
        for pos, card in zip(share_slots[seat], own_share):
            talon[pos] = card
    hands: dict[int, list[Card | None]] = {s: [None] * HAND_SIZE for s in active}
    hands[seat] = list(own_original)
    if len(own_original) != HAND_SIZE:
        return None
    placed = set(own_original) | set(own_share)
    # The cards the bids put in an original hand; an honour for each bidder without one yet
    # (HU-3; none for a trial three, HU-3.3).
    for s in active:
        if s == seat:
            continue
        for card in in_hand[s]:
            if card in placed:
                if card not in hands[s]:
                    return None
                continue
            free = [i for i, c in enumerate(hands[s]) if c is None]
            if not free:
                return None
            hands[s][free[_below(rng, len(free))]] = card
            placed.add(card)
    for s in active:
        if s == seat or s not in bidders or any(c is not None and c.is_honour for c in hands[s]):
            continue
        honours = [c for c in HONOURS_BY_INDEX if c not in placed]
        free = [i for i, c in enumerate(hands[s]) if c is None]
        if not honours or not free:
            continue  # the replay decides (a played honour may still be placed there)
        card = honours[_below(rng, len(honours))]
        hands[s][free[_below(rng, len(free))]] = card
        placed.add(card)
    # Each other seat's known cards go to a random free place it held.
    for s in active:
        if s == seat:
            continue
        known = [c for c in dict.fromkeys(played[s] + held.get(s, [])) if c not in placed]
        for card in known:
            free = [("h", i) for i, c in enumerate(hands[s]) if c is None] + \
                   [("t", p) for p in share_slots[s] if talon[p] is None]
            if not free:
                return None
            where, i = free[_below(rng, len(free))]
            if where == "h":
                hands[s][i] = card
            else:
                talon[i] = card
            placed.add(card)
    # A seat that declared eight or nine tarokks (HU-6.3) held exactly that many after its
    # discard, so its hand and share hold those and the tarokks it discarded: its free places
    # get that many more tarokks, and suit cards for the rest.
    for s, count in view.tarokk_counts:
        if s == seat:
            continue
        slots = [("h", i) for i, c in enumerate(hands[s]) if c is None] + \
                [("t", p) for p in share_slots[s] if talon[p] is None]
        have = sum(c is not None and c.is_tarokk for c in hands[s]) + \
            sum(talon[p] is not None and talon[p].is_tarokk for p in share_slots[s])
        need = count + discard_tarokks.get(s, 0) - have
        tarokks = [c for c in DECK if c.is_tarokk and c not in placed]
        suits = [c for c in DECK if not c.is_tarokk and c not in placed]
        if not 0 <= need <= len(slots) or need > len(tarokks) or len(slots) - need > len(suits):
            return None
        _shuffle(rng, slots)
        _shuffle(rng, tarokks)
        _shuffle(rng, suits)
        for k, (where, i) in enumerate(slots):
            card = tarokks[k] if k < need else suits[k - need]
            if where == "h":
                hands[s][i] = card
            else:
                talon[i] = card
            placed.add(card)
    rest = [c for c in DECK if c not in placed]
    _shuffle(rng, rest)
    for s in active:
        hands[s] = [c if c is not None else rest.pop() for c in hands[s]]
    talon = [c if c is not None else rest.pop() for c in talon]
    if rest:
        return None
    full_hands = tuple(tuple(sorted(hands[s], key=lambda c: c.index)) if s in hands else () for s in range(players))
    try:
        dealt = Deal(players, view.dealer, full_hands, tuple(talon))  # type: ignore[arg-type]
    except ValueError:
        return None
    world = HungarianDeal(dealt, profile=view.profile, multiplier=view.multiplier)
    # The hidden discards, drawn from what each seat held and did not play.
    discards: dict[int, list[Card]] = {}
    for action in view.history:
        if type(action) is Discard and action.seat != seat and action.card is None and action.seat not in discards:
            discards[action.seat] = []
    pending = {s: list(v) for s, v in discards.items()}
    try:
        for action in view.history:
            while world.annul_pending is not None and world.annul_pending != seat and not (
                    type(action) is Annul and action.seat == world.annul_pending):
                world.apply(Annul(world.annul_pending, False))  # declined, unseen by this seat
            if type(action) is Discard and action.seat != seat:
                s = action.seat
                if s not in pending or not pending[s]:
                    choice = _discard_for(world, view, s, played, shown, discard_tarokks, hidden_discards, rng)
                    if choice is None:
                        return None
                    pending[s] = choice
                if action.card is not None:  # the declarer's shown tarokk: that very card
                    card = action.card
                    if card in pending[s]:
                        pending[s].remove(card)
                    world.apply(Discard(s, card))
                else:
                    card = next((c for c in pending[s] if not c.is_tarokk or s != view.declarer), None)
                    if card is None:
                        return None
                    pending[s].remove(card)
                    world.apply(Discard(s, card))
                continue
            world.apply(action)
        while world.annul_pending is not None and world.annul_pending not in (seat, view.turn):
            world.apply(Annul(world.annul_pending, False))  # unseen declines, up to the view's turn
    except IllegalActionError:
        return None
    if world.view(seat) != view:
        return None
    return world


def _discard_for(world: HungarianDeal, view, s: int, played, shown, discard_tarokks, hidden_discards, rng):
    """The cards seat ``s`` puts aside, in an order to apply them: its shown tarokks (the
    declarer's) among them, the right number of tarokks, none it plays later, all discardable."""
    size = hidden_discards[s]
    tarokks = discard_tarokks[s]
    later = set(played[s])
    options = [c for c in world._discardable(s) if c not in later]
    must = [c for c in shown.get(s, [])]
    tarokk_pool = [c for c in options if c.is_tarokk and c not in must]
    suit_pool = [c for c in options if not c.is_tarokk]
    need_t = tarokks - len(must)
    need_s = size - tarokks
    if need_t < 0 or need_s < 0 or len(tarokk_pool) < need_t or len(suit_pool) < need_s:
        return None
    _shuffle(rng, tarokk_pool)
    _shuffle(rng, suit_pool)
    chosen = suit_pool[:need_s] + tarokk_pool[:need_t]
    # The declarer's shown tarokks are applied as they appear; the others in any order.
    return chosen + must
