"""Helpers shared by the test files (a plain module: ``from helpers import make_deal``).

* Hand-built positions: :func:`make_deal` places the cards that matter and fills the rest of the
  78 deterministically; :func:`new_game`, :func:`auction`, :func:`start_play`, :func:`play` and
  :func:`play_out` drive them through the rules engine.
* :class:`Ref`: a reference model of one deal at three, four or five players, written from the
  rules text (docs/rules/french-tarot.md), not from tarot_core's code.
* :func:`ref_words`, :func:`ref_below`, :func:`ref_shuffle`: a reference of the documented
  SHA-256 stream and Fisher–Yates shuffle, written from the specification in
  tarot_core/dealing.py's module docstring on :mod:`hashlib` alone, not from its code.
* :func:`play_match` and its parts: play a match with the computer player, seat 0 optionally
  scripted by the test.

The references use tarot_core only for the card and action types (and the computer player only
where a test plays with it); the rules they check are worked out here.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from tarot_core.ai import choose_action
from tarot_core.french.cards import DECK, EXCUSE, PETIT, Card, parse_card, parse_cards
from tarot_core.french.contracts import Contract, Side
from tarot_core.french.dealing import Deal
from tarot_core.errors import IllegalActionError
from tarot_core.french import Bid, Call, Chelem, Discard, FrenchDeal, Phase, Play, Poignee
from tarot_core.values import Value

PRISE, GARDE, SANS, CONTRE = (Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS,
                              Contract.GARDE_CONTRE)

#: FR-2.2: (cards each, chien) by number of players.
SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}
#: FR-7: contract multipliers; bid order (FR-3); points needed by number of bouts.
MULT = {PRISE: 1, GARDE: 2, SANS: 4, CONTRE: 6}
LEVEL = {PRISE: 0, GARDE: 1, SANS: 2, CONTRE: 3}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
#: FR-4.4: poignée bonus by number of trumps shown, by number of players.
POIGNEE = {3: {13: 20, 15: 30, 18: 40}, 4: {10: 20, 13: 30, 15: 40}, 5: {8: 20, 10: 30, 13: 40}}
#: The contracts whose chien the taker takes (FR-4.1).
SEEN = (PRISE, GARDE)


# --- cards ------------------------------------------------------------------------------------

def C(token: str) -> Card:
    return parse_card(token)


def cardset(text: str) -> set[Card]:
    return set(parse_cards(text))


def trumps(lo: int, hi: int) -> str:
    """``"T{lo} … T{hi}"``."""
    return " ".join(f"T{n}" for n in range(lo, hi + 1))


# --- hand-built deals -------------------------------------------------------------------------

def max_flow_fill(kinds, counts, room, allowed) -> dict:
    """How many cards of each kind go to each slot: a max-flow (source → kind → slot → sink,
    breadth-first augmenting paths); fails when the cards cannot all be placed."""
    nodes = ["src", *[("k", kd) for kd in kinds], *[("s", k) for k in room], "sink"]
    cap: dict = {}

    def edge(u, v, c):
        cap[u, v] = cap.get((u, v), 0) + c
        cap.setdefault((v, u), 0)

    for kd in kinds:
        edge("src", ("k", kd), counts[kd])
        for k in room:
            if allowed(kd, k):
                edge(("k", kd), ("s", k), 78)
    for k in room:
        edge(("s", k), "sink", room[k])
    total = 0
    while True:
        parent = {"src": None}
        queue = ["src"]
        while queue and "sink" not in parent:
            u = queue.pop(0)
            for v in nodes:
                if v not in parent and cap.get((u, v), 0) > 0:
                    parent[v] = u
                    queue.append(v)
        if "sink" not in parent:
            break
        v, path = "sink", []
        while parent[v] is not None:
            path.append((parent[v], v))
            v = parent[v]
        push = min(cap[e] for e in path)
        for u, v in path:
            cap[u, v] -= push
            cap[v, u] += push
        total += push
    assert total == sum(counts.values()), "the given cards leave no way to deal the rest"
    return {(kd, k): cap.get((("s", k), ("k", kd)), 0) for kd in kinds for k in room}


def make_deal(players: int, hands: dict[int, str] | list[str], chien: str = "", dealer: int = 0,
              void: dict | None = None, flow: bool = True) -> Deal:
    """A deal holding the given cards (``hands``: by seat, a dict or a list); the other cards of
    the 78 are added in a fixed order (the most constrained first, then canonical order), each to
    the chien if it has room, else to the first seat with room, skipping a seat (or the chien)
    for the kinds listed in ``void[seat]`` (``"S H D C T EX"``).

    When that greedy fill gets stuck, ``flow`` shares each kind of card out by a small max-flow
    instead; without ``flow`` the deal fails with "no room for <card>"."""
    if not isinstance(hands, dict):
        hands = dict(enumerate(hands))
    each, chien_size = SIZES[players]
    slots: dict = {"chien": parse_cards(chien)}
    for seat in range(players):
        slots[seat] = parse_cards(hands.get(seat, ""))
    used = [c for cards in slots.values() for c in cards]
    assert len(used) == len(set(used)), "a card is given twice"
    size = {"chien": chien_size, **{s: each for s in range(players)}}
    void = void or {}
    keys = ("chien", *range(players))

    def allowed(card):
        return [k for k in keys if card.suit.value not in void.get(k, "").split()]

    rest = sorted((c for c in DECK if c not in used), key=lambda c: (len(allowed(c)), c.index))
    greedy = {k: list(v) for k, v in slots.items()}
    for card in rest:
        room = [k for k in allowed(card) if len(greedy[k]) < size[k]]
        if not room:
            assert flow, f"no room for {card}"
            break
        greedy[room[0]].append(card)
    else:
        slots = greedy
        rest = []
    if rest:
        # The greedy fill got stuck: share each kind of card out by a small max-flow instead.
        kinds = sorted({c.suit for c in rest}, key=lambda k: k.value)
        shares = max_flow_fill(kinds, {kd: sum(1 for c in rest if c.suit is kd) for kd in kinds},
                               {k: size[k] - len(slots[k]) for k in keys},
                               lambda kd, k: kd.value not in void.get(k, "").split())
        for kd in kinds:
            cards = [c for c in rest if c.suit is kd]
            for k in keys:
                slots[k] += cards[:shares[kd, k]]
                cards = cards[shares[kd, k]:]
    return Deal(players=players, dealer=dealer,
                hands=tuple(tuple(slots[s]) for s in range(players)), chien=tuple(slots["chien"]))


def make_deal4(hands: list[str], chien: str = "", dealer: int = 3,
               void: dict | None = None) -> Deal:
    """:func:`make_deal` at four players as the 4-player tests write it: the four hands as a list,
    dealer 3 by default, the greedy fill only (a position it cannot complete fails)."""
    return make_deal(4, hands, chien=chien, dealer=dealer, void=void, flow=False)


def new_game(d: Deal) -> FrenchDeal:
    game = FrenchDeal(d)
    assert game.phase is Phase.BIDDING, "hand-built deal unexpectedly thrown in"
    return game


def auction(game: FrenchDeal, bids: dict[int, Contract]) -> None:
    """Every seat speaks once from the dealer's right: the contract in ``bids`` or pass."""
    for k in range(1, game.players + 1):
        seat = (game.dealer + k) % game.players
        game.apply(Bid(seat, bids.get(seat)))


def start_play(game: FrenchDeal, taker: int, contract: Contract = SANS,
               chelem: bool = False, ecart: str | None = None, check_phase: bool = True) -> None:
    """``taker`` bids ``contract``, the others pass; the écart is ``ecart`` (default: the chien
    itself) when the chien is seen; ``chelem`` announced or not. With ``check_phase``, asserts
    that the play has begun."""
    auction(game, {taker: contract})
    if contract.chien_seen:
        game.apply_ecart(parse_cards(ecart) if ecart else list(game.chien))
    game.apply(Chelem(taker, chelem))
    if check_phase:
        assert game.phase is Phase.PLAY


def play(game: FrenchDeal, *tokens: str) -> None:
    """Play the given cards in turn order."""
    for t in tokens:
        game.apply(Play(game.turn, C(t)))


def legal_cards(game: FrenchDeal) -> set[Card]:
    return {a.card for a in game.legal_actions() if isinstance(a, Play)}


def play_out(game: FrenchDeal, first: dict[int, str] | None = None,
             last: dict[int, str] | None = None, poignees: dict[int, str] | None = None,
             check=None) -> None:
    """Play the deal to its end: each seat plays the first legal card of ``first[seat]``, else
    its first legal card in hand order except those of ``last[seat]``, which come last; a seat
    in ``poignees`` shows those cards before its first card; ``check(game)`` after every card."""
    first_c = {s: parse_cards(t) for s, t in (first or {}).items()}
    last_c = {s: parse_cards(t) for s, t in (last or {}).items()}
    to_show = dict(poignees or {})
    while game.phase is Phase.PLAY:
        seat = game.turn
        if seat in to_show:
            game.apply(Poignee(seat, frozenset(parse_cards(to_show.pop(seat)))))
        legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
        f, l = first_c.get(seat, []), last_c.get(seat, [])
        order = ([c for c in f if c in legal] + [c for c in legal if c not in f and c not in l]
                 + [c for c in l if c in legal])
        game.apply(Play(seat, order[0]))
        if check:
            check(game)
    assert game.phase is Phase.DONE


def snapshot(game: FrenchDeal):
    """Everything observable of a deal: legal actions, every seat's view, the history."""
    return (list(game.legal_actions()), [game.view(s) for s in range(game.players)],
            list(game.history))


def assert_illegal(game: FrenchDeal, action, rule: str | None = "any") -> IllegalActionError:
    """``action`` is rejected with ``rule`` (when given) and the state is exactly as before."""
    before = snapshot(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    if rule != "any":
        assert info.value.rule == rule, str(info.value)
    assert info.value.action == action
    assert snapshot(game) == before
    return info.value


def cards_in(obj) -> set[Card]:
    """Every card found anywhere inside ``obj`` (values, tuples, lists, sets, dicts)."""
    found: set[Card] = set()

    def walk(x):
        if isinstance(x, Card):
            found.add(x)
        elif isinstance(x, Value):
            for name in x._fields:
                walk(getattr(x, name))
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (tuple, list, set, frozenset)):
            for y in x:
                walk(y)

    walk(obj)
    return found


def expected_settlement(players: int, taker: int, partner: int | None, s: int) -> list[int]:
    """FR-7.5, from the table: 3 players taker +2s; 4 players taker +3s; 5 with a partner taker
    +2s, partner +s; 5 alone taker +4s; every defender −s."""
    scores = [-s] * players
    if players == 3:
        scores[taker] = 2 * s
    elif players == 4:
        scores[taker] = 3 * s
    elif partner is None:
        scores[taker] = 4 * s
    else:
        scores[taker] = 2 * s
        scores[partner] = s
    return scores


# --- reference model of a deal, written from the rules text -----------------------------------

def is_plain(card: Card) -> bool:
    return not card.is_trump and not card.is_excuse


def court(rank_letter: str) -> set[Card]:
    return {parse_card(rank_letter + s) for s in "SHDC"}


def ref_callable(hand: set[Card]) -> set[Card]:
    """FR-4.2: the Kings; with all four Kings the Queens too; with those and all four Queens
    the Knights; with all four Knights as well, the Jacks."""
    out: set[Card] = set()
    for letter in "KQNJ":
        out |= court(letter)
        if not court(letter) <= hand:
            break
    return out


def ref_playable(hand: set[Card], trick: list[tuple[int, Card]]) -> set[Card]:
    """FR-5.2–FR-5.6."""
    lead = next((c for _, c in trick if not c.is_excuse), None)
    if lead is None:
        return set(hand)
    allowed: set[Card]
    same = {c for c in hand if is_plain(lead) and is_plain(c) and c.suit == lead.suit}
    trumps_in_hand = {c for c in hand if c.is_trump}
    if same:
        allowed = same
    elif trumps_in_hand:
        top = max((c.rank for _, c in trick if c.is_trump), default=0)
        allowed = {c for c in trumps_in_hand if c.rank > top} or trumps_in_hand
    else:
        allowed = {c for c in hand if not c.is_excuse}
    if EXCUSE in hand:
        allowed.add(EXCUSE)
    return allowed


class Ref:
    """The reference model of one deal at ``d.players`` players (3, 4 or 5).

    An independent implementation written from the rules text, not from tarot_core's code: it
    follows the deal from the dealt cards and the actions applied, keeps its own hands, and works
    out the legal bids (FR-3), calls (FR-4.2), écart cards (FR-4.1), poignée sizes (FR-4.4),
    legal cards (FR-5, and FR-4.2 on the first trick at five), trick winners (FR-5, FR-6.3),
    card ownership (FR-4.1, FR-6.1–FR-6.3), half points (FR-7.3) and the score (FR-6.4, FR-7,
    FR-7.5)."""

    def __init__(self, d):
        self.d = d
        self.n = d.players
        self.each, self.chien_size = SIZES[self.n]
        self.hands = [set(h) for h in d.hands]
        self.bids: list[tuple[int, Contract | None]] = []
        self.taker = self.contract = self.called = self.partner = None
        self.ecart: list[Card] = []
        self.announced = False
        self.poignee_log: list[tuple[int, int]] = []  # (seat, cards shown)
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[list[tuple[int, Card]], int]] = []

    def side(self, seat):
        return Side.ATTACK if seat in (self.taker, self.partner) else Side.DEFENCE

    def playable(self, seat) -> set[Card]:
        allowed = ref_playable(self.hands[seat], self.trick)
        if self.called is not None and not self.tricks and all(c.is_excuse for _, c in self.trick):
            # FR-4.2: nobody leads the called suit on the first trick, but with the called card
            # (the card after a led Excuse sets the suit, FR-5.6: it leads too).
            allowed = {c for c in allowed if not (is_plain(c) and c.suit == self.called.suit
                                                  and c != self.called)}
        return allowed

    def winner(self, trick, last):
        lead_seat, lead = trick[0]
        if last and lead.is_excuse and self.tricks and all(
                self.side(w) is self.side(lead_seat) for _, w in self.tricks):
            return lead_seat  # FR-6.3
        trumps_played = [(c.rank, s) for s, c in trick if c.is_trump]
        if trumps_played:
            return max(trumps_played)[1]
        suit = next(c for _, c in trick if not c.is_excuse).suit
        return max((c.rank, s) for s, c in trick if c.suit == suit and not c.is_excuse)[1]

    def legal_discards(self):
        hand = self.hands[self.taker]
        slots = self.chien_size - len(self.ecart)
        plain = sum(1 for c in hand if is_plain(c) and not c.is_king)
        return {c for c in hand if not c.is_king and not c.is_bout
                and (is_plain(c) or (c.is_trump and plain < slots))}

    def poignee_sizes(self, seat):
        hand = self.hands[seat]
        if len(hand) != self.each or seat in [s for s, _ in self.poignee_log]:
            return set()
        n = sum(1 for c in hand if c.is_trump) + (1 if EXCUSE in hand else 0)
        return {k for k in POIGNEE[self.n] if k <= n}

    def apply(self, action):
        if isinstance(action, Bid):
            self.bids.append((action.seat, action.contract))
            if len(self.bids) == self.n:
                made = [(LEVEL[c], s, c) for s, c in self.bids if c is not None]
                if made:
                    _, self.taker, self.contract = max(made)
                    if self.n != 5 and self.contract in SEEN:
                        self.hands[self.taker] |= set(self.d.chien)
        elif isinstance(action, Call):
            self.called = action.card
            holder = next((s for s in range(self.n) if action.card in self.hands[s]), None)
            self.partner = None if holder == self.taker else holder
            if self.contract in SEEN:
                self.hands[self.taker] |= set(self.d.chien)
        elif isinstance(action, Discard):
            self.hands[action.seat].remove(action.card)
            self.ecart.append(action.card)
        elif isinstance(action, Chelem):
            self.announced = action.announced
        elif isinstance(action, Poignee):
            self.poignee_log.append((action.seat, len(action.cards)))
        else:
            self.hands[action.seat].remove(action.card)
            self.trick.append((action.seat, action.card))
            if len(self.trick) == self.n:
                last = len(self.tricks) == self.each - 1
                self.tricks.append((self.trick, self.winner(self.trick, last)))
                self.trick = []

    def excuse_lost_by(self):
        """FR-6.2: the side whose Excuse went to the other side in the last trick, else None."""
        trick, winner = self.tricks[-1]
        if len({self.side(w) for _, w in self.tricks}) == 1:
            return None  # a chelem: FR-6.3, the Excuse never changes sides
        for seat, card in trick:
            if card.is_excuse and self.side(seat) is not self.side(winner):
                return self.side(seat)
        return None

    def score(self):
        """(attack half-points, bouts, petit side, chelem side, s, scores) per FR-6 and FR-7."""
        A, D = Side.ATTACK, Side.DEFENCE
        points = {A: 0, D: 0}
        bouts = 0
        win_sides = [self.side(w) for _, w in self.tricks]
        all_one_side = len(set(win_sides)) == 1
        for i, (trick, w) in enumerate(self.tricks):
            wside = self.side(w)
            for seat, card in trick:
                owner = wside
                # FR-6.1; FR-6.2 (last trick: to the winner) only outside a chelem (FR-6.3).
                if card.is_excuse and (i < self.each - 1 or all_one_side):
                    owner = self.side(seat)
                    if owner is not wside:
                        points[owner] -= 1
                        points[wside] += 1
                points[owner] += card.points2
                bouts += owner is A and card.is_bout
        extra = list(self.ecart)
        if self.contract is Contract.GARDE_SANS:
            extra += list(self.d.chien)
        for c in extra:
            points[A] += c.points2
            bouts += c.is_bout
        if self.contract is Contract.GARDE_CONTRE:
            points[D] += sum(c.points2 for c in self.d.chien)
        assert points[A] + points[D] == 182  # 91 points in all (FR-1)
        chelem = win_sides[0] if len(set(win_sides)) == 1 else None
        petit = None
        if any(c == PETIT for _, c in self.tricks[-1][0]):
            petit = win_sides[-1]
        elif chelem is not None and any(c.is_excuse for _, c in self.tricks[-1][0]) and any(
                c == PETIT for _, c in self.tricks[-2][0]):
            petit = win_sides[-2]
        if self.n == 4:
            assert points[A] % 2 == 0  # FR-7.3: no half point at four players
        diff2 = points[A] - 2 * TARGET[bouts]
        made = diff2 >= 0
        margin = (abs(diff2) + 1) // 2  # FR-7.3: a half point goes to the winning side
        m = MULT[self.contract]
        s = (25 + margin) * m * (1 if made else -1)
        if petit is not None:
            s += 10 * m * (1 if petit is A else -1)
        s += sum(POIGNEE[self.n][k] for _, k in self.poignee_log) * (1 if made else -1)
        if chelem is A:
            s += 400 if self.announced else 200
        else:
            s -= 200 if self.announced else 0
            s -= 200 if chelem is D else 0
        scores = expected_settlement(self.n, self.taker, self.partner, s)
        return points[A], bouts, petit, chelem, s, scores


# --- reference of the documented shuffle (tarot_core/dealing.py's docstring) ------------------

#: The canonical pack, written from FR-1.1: S H D C by rank 1..10 J N Q K, then T1..T21, then EX.
CANONICAL = (
    [r + s for s in "SHDC" for r in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K"]]
    + [f"T{n}" for n in range(1, 22)]
    + ["EX"]
)
DEAL_LABEL = "tarot-core/deal/v1"


def ref_words(seed, label=DEAL_LABEL):
    """Block k = SHA-256(label|seed|k); eight big-endian 32-bit words per block, in order."""
    k = 0
    while True:
        digest = hashlib.sha256(f"{label}|{seed}|{k}".encode("utf-8")).digest()
        for i in range(8):
            yield int.from_bytes(digest[4 * i:4 * i + 4], "big")
        k += 1


def ref_below(words, n):
    """A number below ``n`` by rejection sampling: words at or above the last multiple of ``n``
    under 2**32 are skipped."""
    limit = 2 ** 32 - (2 ** 32 % n)
    while True:
        w = next(words)
        if w < limit:
            return w % n


def ref_shuffle(seed):
    """The canonical pack (as tokens) after the Fisher–Yates shuffle driven by ``seed``."""
    cards = list(CANONICAL)
    words = ref_words(seed)
    for i in range(77, 0, -1):
        j = ref_below(words, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


# --- playing matches with the computer player -------------------------------------------------

def ai_move(match, game):
    """The computer player's action for the seat to play, seeded as the match seeds it."""
    return choose_action(game.view(game.turn), match.current_seed, len(game.history))


def step(match, seat0=None):
    """One action in the current deal: ``seat0(game)`` for seat 0 when given, else the AI."""
    game = match.current
    game.apply(seat0(game) if seat0 is not None and game.turn == 0 else ai_move(match, game))


def finish_deal(match, seat0=None):
    """Play the current deal to its end (see :func:`step`); return it."""
    game = match.current
    while game.turn is not None:
        step(match, seat0)
    return game


def play_match(match, seat0=None, stop=None):
    """Play deal after deal (see :func:`step`) until the match is over, or until ``stop(match)``,
    asked before every action and after every deal; return the match."""
    while True:
        while match.current.turn is not None:
            if stop is not None and stop(match):
                return match
            step(match, seat0)
        if match.is_over or (stop is not None and stop(match)):
            return match
        match.next_deal()


def random_policy(seed):
    """Seat 0's moves from its own random.Random(seed) (the test's script, not the engine's)."""
    rnd = random.Random(seed)
    return lambda game: rnd.choice(game.legal_actions())


def english_date(iso: str) -> str:
    """``YYYY-MM-DD`` as the English page writes a date (CLDR's medium date, ``Dec 4, 2026``),
    worked out here with :mod:`datetime` rather than by the page's ``i18n.date``."""
    import datetime

    d = datetime.date.fromisoformat(iso)
    return f"{d.strftime('%b')} {d.day}, {d.year}"
