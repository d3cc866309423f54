"""Worlds consistent with what one seat knows: ``determinize(view, rng)`` for Hungarian Tarokk.

Given a seat's :class:`~tarot_core.hungarian.view.HungarianView`, :func:`determinize` deals the
cards it cannot see — the other hands, the talon (but its own share), the hidden discards — and
replays the deal's history on them, so that the world is a whole
:class:`~tarot_core.hungarian.state.HungarianDeal` with ``world.view(seat) == view``. It has two
modes; both end with the same check, so both return only consistent worlds.

**Default** (``voids=False``, a rejection sampler; the published player ``v2`` depends on its
exact draws, which never change). The seat's own cards and talon share are where it saw them.
What the bids tell goes into the original hands first: an invitation's card in the inviter's,
the XX in the hand of the player who yielded the game, an honour in each bidder's that has none
yet (HU-3). Every card another seat played, the declarer's shown discarded tarokks, and the
called card when the kontras tell its holder (a player who said rekontra on the declarer's side's
item, HU-6), go somewhere that seat held (its hand or its talon share), at random; a seat that
declared eight or nine tarokks gets as many tarokks as that makes; the other unseen cards fill
the remaining places at random. Each hidden discard is drawn from what its seat held, of the
size and with the number of tarokks it said (HU-4), among the cards it may discard. The history
is then replayed through the checked engine (a declined annulment that the seat could not see is
added where the world asks for one); a world where any action is illegal — a bid without an
honour, an invitation without its card, a card not followed when the suit was held, and so on —
or whose view differs, is drawn again. Late in the play, with several voids shown, that can take
thousands of draws.

**Placed** (``voids=True``): the unseen cards are placed so that what the table saw holds by
construction, and the replay rarely refuses. What is placed:

* voids shown by play (HU-7): a seat that did not follow the suit led holds none of it from then
  on; one that played neither that suit nor a tarokk, or a suit card to a tarokk lead, holds no
  tarokk; after an announced pagát ultimó, a seat that played the pagát before the last trick
  held no other legal card (HU-7), so holds no tarokk. (No trump ceiling: HU-7 has no obligation
  to beat.)
* the bids (HU-3): every bidder's original hand holds an honour (a trial bidder's none, and then
  its three talon cards at least one if the deal went on, none if it was annulled, HU-3.3); the
  invitation's card stays in the inviter's hand (HU-3.1), the XX in the yielder's (HU-3.2).
* the discards (HU-4): each hidden discard has the size and the number of tarokks its seat said,
  no honour, no King, not the promised card (nor the XX in the tournament profile, HU-10); the
  declarer's are suit cards (its tarokks are shown).
* the HU-4.1 annulment by another seat: four Kings, or no tarokk but the XXI and the pagát (with
  none discarded), one of the two that fits, drawn per world.
* the call (HU-5): a declarer that called a tarokk below the XX without a forced or free call
  holds the XX and every tarokk from the XIX down to the one above it, and not the called one;
  in the tournament profile, a call other than the XX after a tarokk discard means it holds the
  XX (HU-10).
* the kontras (HU-6): a player of the declarer's side holds the called card, an opponent does
  not; a seat that declared eight or nine tarokks (HU-6.3) holds that many less those it played,
  and one that announced or said kontra on the pagát ultimó and then passed without declaring
  holds at most seven (HU-6).

How: each other seat's hand, each hidden discard and each unseen part of the talon is a pile
(a hand with a known tarokk count or bound, or owing an honour, is split into piles by kind of
card), and each unseen card may go to the piles the facts allow. The cards are placed one at a
time in an order drawn from ``rng``, each into one of its piles with probability proportional to
the pile's free room, among the piles that still leave a complete placement: a complete
placement (a perfect matching of cards to places, Hall's condition) is kept alongside and
repaired along an alternating path, so a placement never gets stuck. Each seat's talon share is
then drawn from what it held (keeping the honour and promised cards the bids need in the original
hand), and the history replayed as above, the placed discards filled in. What is left to the
replay's check (and a new draw) is what no pile expresses: the final score, once the deal is
over, depends on the points of the declarer's hidden discard (HU-8.1), and anything this module
did not read. A view whose facts leave no placement at all (not made by the engine) falls back
to the default sampler.

So in both modes every world consistent with the view can be drawn. The draws are not weighted
by how likely each world made the players act as they did. The stream is ``rng`` alone (a
:class:`~tarot_core.rng.DealRng` or a :class:`random.Random`; no set order, no ``hash``), so the
same view and seed give the same world in CPython and Pyodide.

:data:`last_call` tells what the last call did (how many worlds it drew), for benchmarks and
tests; nothing else reads it.
"""

from __future__ import annotations

from ..errors import IllegalActionError, TarotError
from .actions import Announce, Annul, Discard, Kontra, Pass, Phase
from .cards import DECK, PAGAT, XX, XXI, Card, Suit
from .dealing import HAND_SIZE, TALON_SIZE, Deal
from .scoring import Side
from .state import HungarianDeal
from .view import HungarianView

__all__ = ["ATTEMPTS", "DeterminizeError", "determinize", "last_call"]

HONOURS_BY_INDEX = tuple(c for c in DECK if c.is_honour)

#: Draws tried before giving up (a consistent view is found in a few, as the tests measure).
ATTEMPTS = 5000

#: What the last call of :func:`determinize` did: ``draws``, the worlds it drew (1 when the
#: first was consistent; :data:`ATTEMPTS` when it gave up), and ``placed``, whether the cards
#: were placed by the facts (``voids=True``) rather than by the default sampler. For benchmarks
#: and tests (``bench/hu_sampler.py``); nothing else reads it, and it changes no draw.
last_call: dict = {"draws": 0, "placed": False}


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


def determinize(view: HungarianView, rng, *, voids: bool = False) -> HungarianDeal:
    """A whole deal consistent with ``view`` (see the module docstring).

    ``rng``: a :class:`tarot_core.rng.DealRng` or a :class:`random.Random`. ``voids``: place the
    unseen cards by what the table saw (voids, bids, discards, call, kontras and tarokk counts)
    instead of the default rejection sampler, whose draws stay exactly those of earlier versions.
    Raises :class:`DeterminizeError` when no consistent world is found in :data:`ATTEMPTS` draws.
    """
    seat = view.seat
    known = _known(view)
    if voids:
        facts = _Facts(view, known)
        if facts.variants:
            for n in range(1, ATTEMPTS + 1):
                world = facts.draw(rng)
                if world is not None:
                    last_call.update(draws=n, placed=True)
                    return world
            last_call.update(draws=ATTEMPTS, placed=True)
            raise DeterminizeError(f"no world consistent with seat {seat}'s view in {ATTEMPTS} draws")
        # No placement fits the facts read: not a view of a real deal; the default sampler says so.
    args = [known[name] for name in ("active", "played", "own_original", "own_share", "share_slots", "shown",
                                     "hidden_discards", "discard_tarokks", "held", "in_hand", "bidders", "triers")]
    for n in range(1, ATTEMPTS + 1):
        world = _draw(view, rng, seat, *args)
        if world is not None:
            last_call.update(draws=n, placed=False)
            return world
    last_call.update(draws=ATTEMPTS, placed=False)
    raise DeterminizeError(f"no world consistent with seat {seat}'s view in {ATTEMPTS} draws")


def _known(view: HungarianView) -> dict:
    """What both modes read from ``view``: the cards each seat played, this seat's original hand
    and share, the talon positions of each share, the shown and promised cards, the bidders."""
    seat = view.seat
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
    return {"active": active, "played": played, "own_original": own_original, "own_share": own_share,
            "share_slots": share_slots, "shown": shown, "hidden_discards": hidden_discards,
            "discard_tarokks": discard_tarokks, "held": held, "in_hand": in_hand, "bidders": bidders,
            "triers": triers, "sides": sides}


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
    if share_slots.get(seat):  # none for the dealer sitting a five-player deal out (HU-9)
        if len(share_slots[seat]) != len(own_share):
            return None
        for pos, card in zip(share_slots[seat], own_share):
            talon[pos] = card
    hands: dict[int, list[Card | None]] = {s: [None] * HAND_SIZE for s in active}
    if seat in active:
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
    world = HungarianDeal(dealt, profile=view.profile, multiplier=view.multiplier, revision=view.revision)
    # The hidden discards, drawn from what each seat held and did not play.
    return _replay(view, seat, world, lambda world, s: _discard_for(world, view, s, played, shown, discard_tarokks,
                                                                   hidden_discards, rng))


def _replay(view: HungarianView, seat: int, world: HungarianDeal, discard_of) -> HungarianDeal | None:
    """``world`` after ``view``'s history, or ``None`` if an action is illegal there or the view
    differs. ``discard_of(world, s)`` gives the cards seat ``s`` discards (its shown tarokks
    among them, last), asked at its first discard; ``None`` refuses the world."""
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
                    choice = discard_of(world, s)
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


# -- voids=True: the unseen cards placed by the facts ------------------------------------------

def _bits(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


_ALL = (1 << len(DECK)) - 1
_TAROKKS = _bits(c for c in DECK if c.is_tarokk)
_SUITS = {suit: _bits(c for c in DECK if c.suit is suit) for suit in Suit}
_HONOURS = _bits(HONOURS_BY_INDEX)
_KINGS = _bits(c for c in DECK if c.is_king)
_KEEPS_TAROKKS = _bits((XXI, PAGAT))  # the only tarokks of a hand annulled for its tarokks (HU-4.1)
#: The cards each kind of hand pile takes.
_KIND = {"any": _ALL, "honour": _HONOURS, "tarokk": _TAROKKS, "suit": _ALL & ~_TAROKKS}


class _Facts:
    """What the seat of ``view`` knows of the unseen cards, as piles and the piles each card may
    go to (the module docstring's list), read once per :func:`determinize` call.

    Attributes:
        piles: ``(place, seat, kind)`` with place ``"hand"`` (kind ``any``, ``honour``,
            ``tarokk`` or ``suit``), ``"discard"`` (``tarokk`` or ``suit``), ``"talon"`` (the
            face-down talon before the auction's end) or ``"share"`` (a failed trial three's
            shares, never taken up); room: each pile's number of cards.
        unseen: the cards to place, in DECK order.
        variants: per way the facts may hold (one, or one per HU-4.1 annulment reason that
            fits): ``(types, type_of, assignment)``: the distinct sets of piles a card may go to
            (pile indexes), each card's, and one complete placement (cards of each type per
            pile). Empty when no placement fits the facts.
    """

    def __init__(self, view: HungarianView, known: dict) -> None:
        played, own_original, own_share = known["played"], known["own_original"], known["own_share"]
        share_slots, shown, in_hand, sides = known["share_slots"], known["shown"], known["in_hand"], known["sides"]
        bidders, triers = known["bidders"], known["triers"]
        self.view = view
        self.variants: list = []
        seat, active, declarer = view.seat, view.active, view.declarer
        others = [s for s in active if s != seat]
        self.seat, self.others, self.played, self.shown = seat, others, played, shown
        self.bidders, self.triers = bidders, triers
        self.own_original, self.own_share, self.share_slots, self.in_hand = own_original, own_share, share_slots, in_hand
        if seat in active and len(own_original) != HAND_SIZE:
            return
        seen = set(own_original) | set(own_share) | set(view.declarer_tarokks)
        for s in active:
            seen.update(played[s])
        self.unseen = [c for c in DECK if c not in seen]
        over = declarer is not None and view.phase is not Phase.BIDDING
        annuller = next((a.seat for a in view.history if type(a) is Annul and a.annul), None)
        self.failed_trial = failed = over and view.phase is Phase.ANNULLED and annuller is None
        self.over = over
        self.feasible = True
        ban = {s: 0 for s in others}  # cards each seat's hand may not hold
        only: dict[Card, int] = {}  # card -> the seat whose hand holds it

        def force(card: Card, s: int) -> None:
            if card in seen:
                if card not in played[s]:
                    self.feasible = False
            elif only.setdefault(card, s) != s:
                self.feasible = False

        # HU-7: voids; after an announced ultimó, the pagát played early was the only legal card.
        ultimo = any(b == "pagat_ultimo" for b, _, _ in view.announced)
        tricks = [t.cards for t in view.tricks] + ([view.trick] if view.trick else [])
        for number, cards in enumerate(tricks):
            led = cards[0][1].suit
            for s, card in cards[1:]:
                if s == seat:
                    continue
                if card.suit is not led:
                    ban[s] |= _SUITS[led]
                    if not card.is_tarokk:
                        ban[s] |= _TAROKKS
                if ultimo and card == PAGAT and number < HAND_SIZE - 1:
                    ban[s] |= _TAROKKS
        # HU-3.1, HU-3.2: the promised card stays in its holder's hand (it may not be discarded).
        for s in others:
            for card in in_hand[s]:
                force(card, s)
        # HU-6: the kontras tell sides; the declarer's side holds the called card, an opponent not.
        called = view.called
        if called is not None and called not in seen:
            for s in others:
                if s != declarer and sides.get(s) is Side.DECLARER:
                    force(called, s)
                elif s != declarer and sides.get(s) is Side.OPPONENTS:
                    ban[s] |= 1 << called.index
        # HU-5 (HU-10): what the call tells of the declarer's hand.
        if called is not None and declarer is not None and declarer != seat and called != XX:
            invited = next((i for i, b in enumerate(view.bids) if b[2] == "invitation"), None)
            accepted = invited is not None and any(b[1] is not None and b[0] != view.invitation[0]
                                                   for b in view.bids[invited + 1:])
            forced = view.yielded is not None or (accepted and view.invitation[0] != declarer)
            tarokk_discarded = sum(view.discarded_tarokks) > 0
            if not forced and (view.profile == "tournament" or not tarokk_discarded):
                force(XX, declarer)
            if not forced and not tarokk_discarded:
                for rank in range(called.rank + 1, 20):
                    force(DECK[rank - 1], declarer)
                if called not in seen:
                    ban[declarer] |= 1 << called.index
        if failed and declarer != seat:  # HU-3.3: no honour in the trial bidder's hand nor its three
            ban[declarer] |= _HONOURS
        # HU-6.3 and HU-6: tarokk counts declared, and at most seven after an ultimó and a pass.
        counts = dict(view.tarokk_counts)
        bound: set[int] = set()
        ultimo_by: set[int] = set()
        for action in view.history:
            cls = type(action)
            if (cls is Announce or cls is Kontra) and action.bonus == "pagat_ultimo":
                ultimo_by.add(action.seat)
            elif cls is Pass and action.seat in ultimo_by:
                bound.add(action.seat)  # (a seat that declared its count is held to that count)

        piles: list[tuple[str, int | None, str]] = []
        room: list[int] = []
        accept: list[int] = []
        hand_piles = {s: 0 for s in others}  # pile-index bits of each seat's hand

        def pile(place: str, s: int | None, kind: str, size: int, cards: int) -> None:
            if size < 0:
                self.feasible = False
            elif size:
                if place == "hand":
                    hand_piles[s] |= 1 << len(piles)  # type: ignore[index]
                piles.append((place, s, kind))
                room.append(size)
                accept.append(cards)

        for s in others:
            size = view.hand_sizes[s]
            tarokks_played = sum(c.is_tarokk for c in played[s])
            # HU-3: a bidder's original hand holds an honour, and so does a trial three's talon
            # (HU-3.3); honours are never discarded, so one it did not play is in its hand.
            honour = int((s in bidders or (s in triers and not failed))
                         and not any(c.is_honour for c in played[s]))
            cards = _ALL & ~ban[s]
            pile("hand", s, "honour", honour, cards & _HONOURS)
            if s in counts:
                tarokks = counts[s] - tarokks_played
                pile("hand", s, "tarokk", tarokks - honour, cards & _TAROKKS)
                pile("hand", s, "suit", size - tarokks, cards & ~_TAROKKS)
            elif s in bound:
                suit = max(0, size - (7 - tarokks_played))
                pile("hand", s, "any", size - suit - honour, cards)
                pile("hand", s, "suit", suit, cards & ~_TAROKKS)
            else:
                pile("hand", s, "any", size - honour, cards)
        if not over:
            pile("talon", None, "any", TALON_SIZE, _ALL)
        elif failed:
            for s in others:
                pile("share", s, "any", len(share_slots[s]), _ALL & ~(_HONOURS if s == declarer else 0))
        else:
            tournament = view.profile == "tournament"
            for s in others:
                protected = _bits(in_hand[s]) | (1 << XX.index if tournament else 0)
                tarokks = view.discarded_tarokks[s] - (len(shown[s]) if s == declarer else 0)
                pile("discard", s, "tarokk", tarokks, _TAROKKS & ~_HONOURS & ~protected)
                pile("discard", s, "suit", view.discard_sizes[s] - view.discarded_tarokks[s], ~_TAROKKS & ~_KINGS & _ALL)
        self.piles, self.room = piles, room
        if not self.feasible or sum(room) != len(self.unseen):
            return
        allowed = {}
        for c in self.unseen:
            bit, where = 1 << c.index, 0
            for i, cards in enumerate(accept):
                if cards & bit:
                    where |= 1 << i
            if c in only:
                where &= hand_piles[only[c]]
            allowed[c] = where
        # HU-4.1: an annulment by another seat: four Kings, or no tarokk but the XXI and the pagát
        # with none discarded; each reason that leaves a placement is a variant, drawn per world.
        ways = [allowed]
        if annuller is not None and annuller != seat:
            ways = []
            if not seen & {c for c in DECK if c.is_king}:
                ways.append({c: w & hand_piles[annuller] if c.is_king else w for c, w in allowed.items()})
            if view.discarded_tarokks[annuller] == 0:
                lose = _TAROKKS & ~_KEEPS_TAROKKS
                ways.append({c: w & ~hand_piles[annuller] if lose >> c.index & 1 else w for c, w in allowed.items()})
        for way in ways:
            masks = list(dict.fromkeys(way[c] for c in self.unseen))
            types = [[i for i in range(len(piles)) if m >> i & 1] for m in masks]
            type_of = {c: masks.index(way[c]) for c in self.unseen}
            counts_of = [0] * len(types)
            for c in self.unseen:
                counts_of[type_of[c]] += 1
            assignment = _assignment(types, counts_of, room)
            if assignment is not None:
                self.variants.append((types, type_of, assignment))

    def draw(self, rng) -> HungarianDeal | None:
        """One world: the cards placed (module docstring), the shares drawn, the history
        replayed; ``None`` if the replay refuses it."""
        view, seat = self.view, self.seat
        variant = self.variants[_below(rng, len(self.variants)) if len(self.variants) > 1 else 0]
        contents = _place(variant, self.room, self.unseen, rng)
        hands = {s: [] for s in self.others}
        discards: dict[int, list[Card]] = {s: [] for s in self.others}
        talon: list[Card | None] = [None] * TALON_SIZE
        for pos, card in zip(self.share_slots.get(seat, ()), self.own_share):
            talon[pos] = card
        face_down: list[Card] = []
        for (place, s, _), cards in zip(self.piles, contents):
            if place == "hand":
                hands[s] += cards
            elif place == "discard":
                discards[s] += cards
            elif place == "talon":
                face_down += cards
            else:  # a failed trial's share
                cards = sorted(cards, key=lambda c: c.index)
                _shuffle(rng, cards)
                for pos, card in zip(self.share_slots[s], cards):
                    talon[pos] = card
        if face_down:
            face_down.sort(key=lambda c: c.index)
            _shuffle(rng, face_down)
            talon = face_down
        if self.over and not self.failed_trial:
            for s in self.others:  # the talon share: drawn from what the seat held
                held = sorted(hands[s] + self.played[s] + discards[s] + self.shown.get(s, []), key=lambda c: c.index)
                share = _share(rng, held, len(self.share_slots[s]), self.in_hand[s], s in self.bidders,
                               s in self.triers)
                if share is None:
                    return None
                for pos, card in zip(self.share_slots[s], share):
                    talon[pos] = card
                hands[s] = [c for c in held if c not in share]
        if seat in view.active:
            hands[seat] = list(self.own_original)
        full = tuple(tuple(sorted(hands[s], key=lambda c: c.index)) if s in hands else () for s in range(view.players))
        try:
            dealt = Deal(view.players, view.dealer, full, tuple(talon))  # type: ignore[arg-type]
        except ValueError:
            return None
        world = HungarianDeal(dealt, profile=view.profile, multiplier=view.multiplier, revision=view.revision)
        return _replay(view, seat, world, lambda world, s: discards[s] + list(self.shown.get(s, ())))


def _share(rng, held: list[Card], take: int, keep: list[Card], bidder: bool, trier: bool) -> list[Card] | None:
    """The ``take`` talon cards (HU-4) of a seat that held ``held`` (its hand and share, in DECK
    order), in talon order: none of ``keep`` (promised, so in the original hand, HU-3.1, HU-3.2);
    a trial bidder's honours all (none in its hand, at least one in its three, HU-3.3); a
    bidder's not all (an honour in its hand, HU-3). ``None`` when it cannot be done."""
    if len(held) != HAND_SIZE + take:
        return None
    if not take:
        return []
    honours = [c for c in held if c.is_honour]
    if trier:
        if not 1 <= len(honours) <= take:
            return None
        rest = [c for c in held if not c.is_honour and c not in keep]
        _shuffle(rng, rest)
        share = honours + rest[:take - len(honours)]
    else:
        pool = [c for c in held if c not in keep]
        if len(pool) <= take:
            return None
        _shuffle(rng, pool)
        share = pool[:take]
        if bidder:
            if not honours:
                return None
            if all(c in share for c in honours):  # then pool[take] is no honour
                share[next(i for i, c in enumerate(share) if c.is_honour)] = pool[take]
    _shuffle(rng, share)
    return share


def _place(variant, room: list[int], cards: list, rng) -> list[list]:
    """The cards of each pile: ``cards`` placed one at a time in an order drawn from ``rng``, each
    into one of its piles (``variant``: ``(types, type_of, assignment)``, see :class:`_Facts`)
    with probability proportional to the pile's room left, among those where a complete
    placement of the rest remains (:func:`_take` keeps one). So every complete placement can
    come out, and it never gets stuck."""
    types, type_of, assignment = variant
    assign = [row[:] for row in assignment]
    room = list(room)
    contents: list[list] = [[] for _ in room]
    order = list(cards)
    _shuffle(rng, order)
    for card in order:
        t = type_of[card]
        options = [p for p in types[t] if room[p]]
        while True:
            pick = _below(rng, sum(room[p] for p in options))
            for p in options:
                pick -= room[p]
                if pick < 0:
                    break
            if _take(assign, types, t, p):
                break
            options.remove(p)  # no complete placement puts it there
        room[p] -= 1
        contents[p].append(card)
    return contents


def _assignment(types: list[list[int]], counts: list[int], room: list[int]) -> list[list[int]] | None:
    """A complete placement: how many cards of each type (``types[t]``: the piles it may go to,
    ``counts[t]`` cards) each pile gets, every pile full (``room``); ``None`` if there is none.
    Augmenting paths: each card goes to a pile with room, or moves a placed card of another type
    on to another of its piles, and so on (Hall's condition holds exactly when this completes)."""
    n = len(room)
    assign = [[0] * n for _ in types]
    free = list(room)
    for t, count in enumerate(counts):
        for _ in range(count):
            parent: dict[int, tuple[int, int] | None] = {}
            queue: list[int] = []
            for p in types[t]:
                parent[p] = None
                queue.append(p)
            found = None
            i = 0
            while i < len(queue):
                x = queue[i]
                i += 1
                if free[x]:
                    found = x
                    break
                for u, row in enumerate(assign):
                    if row[x]:
                        for y in types[u]:
                            if y not in parent:
                                parent[y] = (x, u)
                                queue.append(y)
            if found is None:
                return None
            free[found] -= 1
            y = found
            step = parent[y]
            while step is not None:
                x, u = step
                assign[u][x] -= 1
                assign[u][y] += 1
                y, step = x, parent[x]
            assign[t][y] += 1
    return assign


def _take(assign: list[list[int]], types: list[list[int]], t: int, p: int) -> bool:
    """Put one card of type ``t`` in pile ``p``, keeping ``assign`` a complete placement of the
    cards left into the room left: True, or False (``assign`` unchanged) when none exists. If
    the placement has no card of type ``t`` in ``p``, one of the other cards there moves on to
    another of its piles, and so on, until a pile that had a card of type ``t``."""
    if assign[t][p]:
        assign[t][p] -= 1
        return True
    parent: dict[int, tuple[int, int] | None] = {p: None}
    queue = [p]
    i = 0
    while i < len(queue):
        x = queue[i]
        i += 1
        if assign[t][x]:
            assign[t][x] -= 1
            y, step = x, parent[x]
            while step is not None:
                w, u = step
                assign[u][w] -= 1
                assign[u][y] += 1
                y, step = w, parent[w]
            return True
        for u, row in enumerate(assign):
            if row[x]:
                for y in types[u]:
                    if y not in parent:
                        parent[y] = (x, u)
                        queue.append(y)
    return False
