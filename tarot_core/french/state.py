"""The French Tarot rules engine for one deal (FFT rules; ``docs/rules/french-tarot.md``).

A :class:`FrenchDeal` is the state of one deal, from the dealt cards to the score. It offers the
legal actions of the seat whose turn it is (:meth:`FrenchDeal.legal_actions`), applies one
(:meth:`FrenchDeal.apply`, which raises :class:`~tarot_core.errors.IllegalActionError` and
changes nothing when the action is not legal), takes the last one back
(:meth:`FrenchDeal.undo`, O(1)), and gives each seat a view that hides what that seat may not see
(:meth:`FrenchDeal.view`).

Actions are the small immutable values of :mod:`tarot_core.french.actions` (``Bid``, ``Call``,
``Discard``, ``Chelem``, ``Poignee``, ``Play``; its table gives the rule of each).

The écart is made card by card so that every legal action can be listed; use
:meth:`FrenchDeal.check_ecart` and :meth:`FrenchDeal.apply_ecart` to validate and apply a whole
écart at once.

For search, the same state also speaks in **compact moves** (small ints, see
:mod:`tarot_core.french.pack`): :meth:`FrenchDeal.legal_moves` lists them in the order of
:meth:`~FrenchDeal.legal_actions`, :meth:`FrenchDeal.push` applies one without checks and
:meth:`FrenchDeal.pop` takes the last one back in O(1), in the manner of python-chess's move
stack. Cards and hands are kept as codes and bitmasks inside; the values above stay at the edges.

Three, four and five players (FR-2.2). At five, the taker's partner is whoever holds the called
card; the engine knows it, but a seat's view tells it only once the called card is played (or to
the partner, who holds it).
"""

from __future__ import annotations

from itertools import chain
from operator import itemgetter
from typing import Iterable

from ..errors import IllegalActionError
from . import scoring
from .actions import (ACTION_TYPES, Action, Bid, Call, Chelem, DealResult, Discard, Phase, Play,
                      Poignee, ShownPoignee, Trick, _malformed)
from .cards import Card, Suit, format_card, format_cards
from .contracts import DEAL_SIZES, POIGNEE_THRESHOLDS, Contract, PoigneeSize, Side
from .dealing import Deal
from .pack import (BIT, BOUTS, CALL_ORDER, CARD_OF, CODE_OF, EXCUSE_BIT, EXCUSE_CODE, KINGS,
                   PETIT_BIT, PETIT_CODE, PLAIN_NON_KING, POINTS2_OF, SUIT_MASK, SUIT_OF, T21_CODE, TRUMPS,
                   TRUMPS_NON_BOUT, codes, mask_of, points2_of_mask)
from .view import SeatView

__all__ = ["FrenchDeal", "MOVE_DISCARD", "MOVE_CALL", "MOVE_BID", "MOVE_CHELEM", "MOVE_POIGNEE"]

# --- compact moves ----------------------------------------------------------------------------
#
# A move is an int: a Play is the card's code (0..77); the other actions are offset so that the
# kind can be told by range. A poignée is MOVE_POIGNEE | the mask of the cards shown.

MOVE_DISCARD = 128   #: + code
MOVE_CALL = 256      #: + code
MOVE_BID = 384       #: + level + 1 (384 = pass)
MOVE_CHELEM = 400    #: + 1 when announced
MOVE_POIGNEE = 1 << 30  #: | mask of the trumps (and Excuse) shown

_CONTRACTS = tuple(Contract)  # by level
_SUIT_NAMES = {2: "spades", 3: "hearts", 4: "clubs", 5: "diamonds"}
_SUIT_OF_NUMBER = {2: Suit.SPADES, 3: Suit.HEARTS, 4: Suit.CLUBS, 5: Suit.DIAMONDS}

# Shared action values: actions are immutable, so the engine hands out the same objects.
_PLAYS: dict[tuple[int, int], Play] = {}
_DISCARDS: dict[tuple[int, int], Discard] = {}

# Enum members are read through the enum's metaclass (about 130 ns each in CPython 3.11): the
# hot paths use module constants instead.
_BIDDING = Phase.BIDDING
_CALL = Phase.CALL
_CHELEM = Phase.CHELEM
_DONE = Phase.DONE
_ECART = Phase.ECART
_PLAY = Phase.PLAY
_THROWN_IN = Phase.THROWN_IN

_ATTACK_SIDE, _DEFENCE_SIDE = Side.ATTACK, Side.DEFENCE
_GARDE_CONTRE = Contract.GARDE_CONTRE
_CARDS = itemgetter(1)  # a trick's cards, in (leader, cards, winner)

#: By table size: each seat's next and previous seat, and the undo records of a trick's plays
#: by its leader, as playout() stores them: ``(seat,)``, from which :meth:`FrenchDeal.pop` works
#: the rest out (push() stores the trick's state before the card too, for a faster pop).
_NEXT_SEAT = {n: tuple((s + 1) % n for s in range(n)) for n in (3, 4, 5)}
_PREVIOUS_SEAT = {n: tuple((s - 1) % n for s in range(n)) for n in (3, 4, 5)}
_SEAT_RECORD = tuple((s,) for s in range(5))
_TRICK_RECORDS = {n: tuple(tuple(_SEAT_RECORD[(leader + i) % n] for i in range(n)) for leader in range(n))
                  for n in (3, 4, 5)}


def _play_action(seat: int, code: int) -> Play:
    action = _PLAYS.get((seat, code))
    if action is None:
        action = _PLAYS[seat, code] = Play(seat, CARD_OF[code])
    return action


def _discard_action(seat: int, code: int) -> Discard:
    action = _DISCARDS.get((seat, code))
    if action is None:
        action = _DISCARDS[seat, code] = Discard(seat, CARD_OF[code])
    return action


def _lowest(mask: int, k: int) -> int:
    """The ``k`` lowest set bits of ``mask``."""
    out = 0
    for _ in range(k):
        low = mask & -mask
        out |= low
        mask ^= low
    return out


def _kth_code(mask: int, x: float) -> int:
    """The code of set bit number ``int(x * n)`` of ``mask``'s ``n`` set bits, counted from the
    lowest (``0 <= x < 1``): what ``codes(mask)[int(x * n)]`` gives, without listing them."""
    x *= mask.bit_count()
    while x >= 1.0:  # each step is exact: this counts down int(x)
        mask &= mask - 1
        x -= 1.0
    return (mask & -mask).bit_length() - 1


def _illegal(action: object, key: str, reason: str, rule: str | None = None, **params) -> IllegalActionError:
    return IllegalActionError(action, reason, rule, key, params)


class FrenchDeal:
    """One deal of French Tarot at three, four or five players, from the dealt cards to the score.

    Args:
        deal: the dealt cards (:class:`~tarot_core.french.dealing.Deal`). A deal with a petit
            sec (FR-2.3) starts, and stays, in :attr:`Phase.THROWN_IN`.

    The state changes only through :meth:`apply` (checked), :meth:`push` (unchecked, compact
    moves) and :meth:`undo` / :meth:`pop` (O(1)). Seats are ``0 .. players-1`` and play passes
    from seat ``s`` to ``(s + 1) % players`` (FR-2).

    Inside, cards are codes and sets of cards are bitmasks (:mod:`tarot_core.french.pack`); the
    attributes below are the public values, built from them when read:

    Attributes:
        deal, players, dealer: the dealt cards and table.
        phase, turn: where the deal stands and who is to act (``None`` once over).
        hands: one set of :class:`Card` per seat (a fresh copy at each read).
        chien: the chien as dealt; ecart: the écart's cards in the order put aside.
        bids: ``(seat, contract or None)`` in speaking order; contract, taker.
        called, partner, called_from_hand: five players, FR-4.2.
        chelem_announced, poignees: FR-4.3, FR-4.4.
        trick: the current trick's ``(seat, card)``; leader; tricks: the completed
            :class:`Trick` values.
        history: every action applied, in order.
        result: the :class:`DealResult` once done; thrown_in: ``"petit_sec"`` or ``"all_pass"``;
            petit_sec_seat.
    """

    #: The game's registry id (:class:`tarot_core.game.GameState`).
    game = "french"

    # Slots, not a __dict__: a state has more attributes than CPython shares the keys of, and
    # every attribute read then became a dict lookup (a quarter of a simulated deal's time).
    __slots__ = (
        "deal", "players", "dealer", "cards_per_hand", "chien_size", "chien", "petit_sec_seat",
        "_dealt", "_chien_mask", "phase", "turn", "thrown_in", "taker", "contract", "partner",
        "called_from_hand", "chelem_announced", "poignees", "leader", "_hands", "_moves", "_undo",
        "_actions", "_seen", "_bids_seen", "_tricks_seen", "_bids", "_level", "_called", "_ecart",
        "_ecart_mask", "_shown", "_trick", "_played", "_lead_suit", "_win_seat", "_win_code",
        "_tricks", "_trick_values", "_attack_tricks", "_attack_points2", "_result", "_scores",
    )

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.players = deal.players
        self.dealer = deal.dealer
        self.cards_per_hand, self.chien_size = DEAL_SIZES[self.players]
        start = getattr(deal, "_start", None)
        if start is None:  # the deal's masks, computed once per Deal (search replays many)
            start = (tuple(mask_of(h) for h in deal.hands), mask_of(deal.chien), deal.petit_sec_seat())
            object.__setattr__(deal, "_start", start)
        self._dealt, self._chien_mask, self.petit_sec_seat = start
        self.chien: tuple[Card, ...] = deal.chien
        self._reset()

    def _reset(self) -> None:
        self._hands = list(self._dealt)
        self._moves: list[int] = []
        self._undo: list[tuple] = []
        self._actions: list[Action] = []  # history, converted from _moves as far as read
        self._seen: list[list[Action]] = [[] for _ in range(self.players)]  # per seat, as far as read
        self._bids_seen: tuple = ()
        self._tricks_seen: tuple = ()
        self._bids: list[tuple[int, int]] = []  # (seat, level or -1)
        self._level = -1
        self.taker: int | None = None
        self.contract: Contract | None = None
        self._called = -1
        self.partner: int | None = None
        self.called_from_hand = False
        self._ecart: list[int] = []
        self._ecart_mask = 0
        self.chelem_announced = False
        self.poignees: list[ShownPoignee] = []
        self._shown = 0  # seats (bits) that showed a poignée
        self._trick: list[int] = []
        self._played = 0  # mask of every card played so far
        self._lead_suit = -1
        self._win_seat = -1
        self._win_code = -1
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, codes, winner)
        self._trick_values: list[Trick] = []
        self._attack_tricks = 0
        self._attack_points2 = 0  # half-points of the tricks the attack won
        self._result: DealResult | None = None
        self._scores: tuple[int, ...] | None = None  # the scores alone, read before the result
        self.leader = None
        if self.petit_sec_seat is not None:
            self.phase, self.thrown_in, self.turn = _THROWN_IN, "petit_sec", None
        else:
            self.phase, self.thrown_in = _BIDDING, None
            self.turn = (self.dealer + 1) % self.players

    # -- the public values -------------------------------------------------------------------

    @property
    def first_seat(self) -> int:
        """The dealer's right, who speaks first and normally leads the first trick (FR-2)."""
        return (self.dealer + 1) % self.players

    @property
    def is_over(self) -> bool:
        """True once the deal is scored or thrown in."""
        return self.phase is _DONE or self.phase is _THROWN_IN

    @property
    def hands(self) -> list[set[Card]]:
        """Each seat's cards now (a new list of new sets at each read)."""
        return [{CARD_OF[c] for c in codes(m)} for m in self._hands]

    @property
    def history(self) -> list[Action]:
        """Every action applied so far, in order (do not change the list)."""
        actions = self._actions
        if len(actions) < len(self._moves):
            for move in self._moves[len(actions):]:
                actions.append(self.action_of(move, len(actions)))
        return actions

    @property
    def ply(self) -> int:
        """How many actions were applied (``len(history)``, without building it)."""
        return len(self._moves)

    @property
    def bids(self) -> list[tuple[int, Contract | None]]:
        """``(seat, contract or None)`` in speaking order (FR-3)."""
        return [(s, _CONTRACTS[lv] if lv >= 0 else None) for s, lv in self._bids]

    @property
    def called(self) -> Card | None:
        """Five players: the card the taker called (FR-4.2), else ``None``."""
        return CARD_OF[self._called] if self._called >= 0 else None

    @property
    def ecart(self) -> list[Card]:
        """The écart's cards, in the order they were put aside (FR-4.1)."""
        return [CARD_OF[c] for c in self._ecart]

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick's ``(seat, card)`` pairs in playing order."""
        lead, n = self.leader, self.players
        return [((lead + i) % n, CARD_OF[c]) for i, c in enumerate(self._trick)]  # type: ignore[operator]

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (do not change the list)."""
        values = self._trick_values
        n = self.players
        while len(values) < len(self._tricks):
            leader, cards, winner = self._tricks[len(values)]
            values.append(Trick(leader, tuple(((leader + i) % n, CARD_OF[c]) for i, c in enumerate(cards)),
                                winner))
        return values

    @property
    def result(self) -> DealResult | None:
        """The :class:`DealResult` once the deal is done (computed on first read), else ``None``."""
        if self._result is None and self.phase is _DONE:
            self._result = self._score()
        return self._result

    @property
    def scores(self) -> tuple[int, ...] | None:
        """One signed score per seat once the deal is over (zeros when thrown in), else ``None``."""
        if self.phase is _THROWN_IN:
            return (0,) * self.players
        if self._result is not None:
            return self._result.scores
        if self.phase is not _DONE:
            return None
        if self._scores is None:  # the scores alone, without building the DealResult
            self._scores = self._scores_only()
        return self._scores

    def side_of(self, seat: int) -> Side:
        """The side of ``seat``: attack for the taker and the partner, defence otherwise.

        This is the engine's full knowledge (the partner is known from the call on); what a seat
        may know is :meth:`SeatView.side_of`. Raises ``ValueError`` before the taker is known.
        """
        if self.taker is None:
            raise ValueError("no taker yet: sides are known once bidding ends")
        return Side.ATTACK if seat == self.taker or seat == self.partner else Side.DEFENCE

    def led_suit(self) -> Suit | None:
        """The suit of the current trick, set by its first card that is not the Excuse (FR-5.6),
        or ``None`` (no card yet, or only the Excuse)."""
        if self._lead_suit < 0:
            return None
        return Suit.TRUMPS if self._lead_suit == 0 else _SUIT_OF_NUMBER[self._lead_suit]

    # -- compact moves -------------------------------------------------------------------------

    def move_of(self, action: Action) -> int:
        """The compact move of a well-formed ``action`` (unchecked; see :meth:`push`)."""
        cls = action.__class__
        if cls is Play:
            return CODE_OF[action.card.index]
        if cls is Discard:
            return MOVE_DISCARD + CODE_OF[action.card.index]
        if cls is Bid:
            return MOVE_BID + (action.contract.level + 1 if action.contract is not None else 0)
        if cls is Chelem:
            return MOVE_CHELEM + (1 if action.announced else 0)
        if cls is Call:
            return MOVE_CALL + CODE_OF[action.card.index]
        return MOVE_POIGNEE | mask_of(action.cards)

    def action_of(self, move: int, ply: int | None = None) -> Action:
        """The action value of compact ``move``, made by the seat to act at ``ply`` (default:
        now). Raises ``ValueError`` for an int that is no move."""
        seat = self.turn if ply is None or ply >= len(self._moves) else self._undo[ply][0]
        if seat is None:
            raise ValueError("nobody is to act: the deal is over")
        if 0 <= move < 78:
            return _play_action(seat, move)
        if MOVE_DISCARD <= move < MOVE_DISCARD + 78:
            return _discard_action(seat, move - MOVE_DISCARD)
        if MOVE_BID <= move <= MOVE_BID + 4:
            return Bid(seat, _CONTRACTS[move - MOVE_BID - 1] if move > MOVE_BID else None)
        if MOVE_CHELEM <= move <= MOVE_CHELEM + 1:
            return Chelem(seat, move == MOVE_CHELEM + 1)
        if MOVE_CALL <= move < MOVE_CALL + 78:
            return Call(seat, CARD_OF[move - MOVE_CALL])
        if move & MOVE_POIGNEE and not (move ^ MOVE_POIGNEE) & ~(TRUMPS | EXCUSE_BIT):
            return Poignee(seat, frozenset(CARD_OF[c] for c in codes(move ^ MOVE_POIGNEE)))
        raise ValueError(f"not a French Tarot move: {move!r}")

    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to act, as compact ints, in the order of
        :meth:`legal_actions` (empty once over)."""
        phase = self.phase
        if phase is _PLAY:
            seat = self.turn
            allowed = codes(self._playable(seat))  # type: ignore[arg-type]
            if self._tricks or not self._may_show_poignee(seat):  # type: ignore[arg-type]
                return allowed  # (after the first trick, nobody may: a cheap test first)
            return [MOVE_POIGNEE | m for m in self._poignee_masks(seat)] + allowed  # type: ignore[arg-type]
        if phase is _BIDDING:
            return [MOVE_BID] + [MOVE_BID + lv + 1 for lv in range(self._level + 1, 4)]
        if phase is _ECART:
            return [MOVE_DISCARD + c for c in codes(self._discardable())]
        if phase is _CHELEM:
            return [MOVE_CHELEM, MOVE_CHELEM + 1]
        if phase is _CALL:
            return [MOVE_CALL + c for c in self._callable()]
        return []

    def push(self, move: int) -> None:
        """Apply compact ``move`` without any check; :meth:`pop` takes it back. For search;
        :meth:`apply` is the checked way.

        ``move`` must be one of :meth:`legal_moves` (or a legal poignée): anything else leaves the
        state undefined, even after a :meth:`pop`.
        """
        seat = self.turn
        if move < 78:
            self._push_play(seat, move)  # type: ignore[arg-type]
            return
        if move < MOVE_CALL:
            self._undo.append((seat, move, self.phase))
            self._put_aside(move - MOVE_DISCARD)
        elif move < MOVE_BID:
            self._undo.append((seat, move, self.partner, self.called_from_hand))
            code = move - MOVE_CALL
            self._called = code
            holder = next((s for s in range(self.players) if self._hands[s] & BIT[code]), None)
            self.partner = holder if holder != self.taker else None  # in the chien: alone too
            self.called_from_hand = holder == self.taker
            self._after_call()
        elif move < MOVE_CHELEM:
            level = move - MOVE_BID - 1
            self._undo.append((seat, move, self._level))
            self._bids.append((seat, level))  # type: ignore[arg-type]
            if level > self._level:
                self._level = level
            if len(self._bids) < self.players:
                self.turn = (seat + 1) % self.players  # type: ignore[operator]
            elif self._level < 0:
                self.phase, self.turn, self.thrown_in = _THROWN_IN, None, "all_pass"
            else:
                self.taker = next(s for s, lv in self._bids if lv == self._level)
                self.contract = _CONTRACTS[self._level]
                self.turn = self.taker
                if self.players == 5:
                    self.phase = _CALL
                else:
                    self._after_call()
        elif move < MOVE_POIGNEE:
            self._undo.append((seat, move))
            self.chelem_announced = move == MOVE_CHELEM + 1
            self.phase = _PLAY
            self.leader = self.turn = seat if self.chelem_announced else self.first_seat
        else:
            mask = move ^ MOVE_POIGNEE
            self._undo.append((seat, move))
            shown = tuple(CARD_OF[c] for c in codes(mask))
            self.poignees.append(ShownPoignee(seat, self._poignee_size(len(shown)), shown))  # type: ignore[arg-type]
            self._shown |= 1 << seat  # type: ignore[operator]
        self._moves.append(move)

    def playout(self, rng) -> tuple[int, ...]:
        """Play the deal to its end by uniformly random legal moves and return the scores (one
        per seat; zeros when thrown in). For Monte Carlo search.

        ``rng`` has ``random()`` (a :class:`random.Random`: its generator is the same C code in
        CPython and Pyodide). Each move is ``legal_moves()[int(rng.random() * n)]`` of the ``n``
        legal moves — the very moves a loop over :meth:`legal_moves` and :meth:`push` with the
        same draws makes — but a card or a discard is picked from the mask of the playable (or
        discardable) cards without listing them, the play from the second trick on runs in one
        loop (:meth:`_play_randomly`), and the scores are computed without building the
        :class:`DealResult` (:attr:`result` still gives it). The state is then over, and
        :meth:`pop` takes the moves back as usual.
        """
        draw = rng.random
        while self.turn is not None:
            phase = self.phase
            if phase is _PLAY:
                if self._tricks:  # no poignée, no called-suit rule any more
                    self._play_randomly(draw)
                    break
                seat = self.turn
                if not (self._may_show_poignee(seat) and self._poignee_masks(seat)):
                    self._push_play(seat, _kth_code(self._playable(seat), draw()))
                    continue
            elif phase is _ECART:
                code = _kth_code(self._discardable(), draw())
                self._undo.append((self.taker, MOVE_DISCARD + code, _ECART))
                self._moves.append(MOVE_DISCARD + code)
                self._put_aside(code)
                continue
            moves = self.legal_moves()
            self.push(moves[int(draw() * len(moves))])
        return self.scores  # type: ignore[return-value]

    def _play_randomly(self, draw) -> None:
        """The rest of the play, from the second trick on, by ``draw()`` as :meth:`playout`
        specifies: the moves, tricks and counts that :meth:`_playable` and :meth:`_push_play`
        would make, in one loop over local variables.

        The ``k``-th playable card is found by clearing the ``k`` lowest bits of the playable
        mask, counting ``k`` down as the float ``draw() * n`` (each ``- 1.0`` is exact, so this is
        ``int(draw() * n)`` without the conversion). The moves and their undo records (see
        :meth:`pop`) are stored a trick at a time; every hand ends empty.
        """
        hands, moves, undo, trick, tricks = self._hands, self._moves, self._undo, self._trick, self._tricks
        lead, win_seat, win_code = self._lead_suit, self._win_seat, self._win_code
        leader, seat, n = self.leader, self.turn, self.players
        taker, partner = self.taker, self.partner
        attack_tricks, attack_points2 = self._attack_tricks, self._attack_points2
        last = self.cards_per_hand - 1
        following, before, records = _NEXT_SEAT[n], _PREVIOUS_SEAT[n], _TRICK_RECORDS[n]
        closer = before[leader]  # the seat that completes the trick
        stored = len(trick)  # the cards of this trick already in moves
        left = 0
        for hand in hands:
            left |= hand
        excuse, trumps_mask, suit_mask, suit_of, points2_of = EXCUSE_BIT, TRUMPS, SUIT_MASK, SUIT_OF, POINTS2_OF
        while True:
            hand = hands[seat]
            if lead < 0:
                mask = hand
            else:
                mask = hand & suit_mask[lead] if lead else 0
                if mask:
                    mask |= hand & excuse  # FR-5.2
                else:
                    mask = hand & trumps_mask
                    if not mask:
                        mask = hand  # FR-5.5
                    else:
                        if win_code < 21:  # must go over the highest trump when able
                            higher = mask >> (win_code + 1) << (win_code + 1)
                            if higher:
                                mask = higher  # FR-5.3 / FR-5.4
                        mask |= hand & excuse
            x = draw() * mask.bit_count()
            while x >= 1.0:
                mask &= mask - 1
                x -= 1.0
            low = mask & -mask
            code = low.bit_length() - 1
            hands[seat] = hand ^ low
            trick.append(code)
            if lead < 0:
                if code != EXCUSE_CODE:
                    lead, win_seat, win_code = suit_of[code], seat, code
            elif code < 21:
                if win_code > 21 or code > win_code:
                    win_seat, win_code = seat, code
            elif win_code > 21 and code > win_code and suit_of[code] == lead:
                win_seat, win_code = seat, code
            if seat != closer:
                seat = following[seat]
                continue
            winner = win_seat
            if trick[0] == EXCUSE_CODE and len(tricks) == last:
                # FR-6.3: the Excuse led to the last trick wins it when its side won all the others.
                if attack_tricks == (last if leader == taker or leader == partner else 0):
                    winner = leader
            tricks.append((leader, tuple(trick), winner))
            if stored:
                moves += trick[stored:]
                undo += records[leader][stored:]
                stored = 0
            else:
                moves += trick
                undo += records[leader]
            if winner == taker or winner == partner:
                attack_tricks += 1
                attack_points2 += sum(map(points2_of.__getitem__, trick))
            trick = []
            lead = win_seat = win_code = -1
            if len(tricks) > last:
                break
            leader = seat = winner
            closer = before[winner]
        self._trick = trick
        self._played |= left
        self._lead_suit = self._win_seat = self._win_code = -1
        self._attack_tricks, self._attack_points2 = attack_tricks, attack_points2
        self.phase, self.turn, self.leader = _DONE, None, None

    def _put_aside(self, code: int) -> None:
        """Move ``code`` from the taker's hand to the écart (FR-4.1); the move is recorded by the
        caller."""
        self._hands[self.taker] ^= BIT[code]  # type: ignore[index]
        self._ecart.append(code)
        self._ecart_mask |= BIT[code]
        if len(self._ecart) == self.chien_size:
            self.phase = _CHELEM

    def _after_call(self) -> None:
        if self.contract.chien_seen:  # type: ignore[union-attr]
            self._hands[self.taker] |= self._chien_mask  # type: ignore[index]
            self.phase = _ECART
        else:
            self.phase = _CHELEM

    def _push_play(self, seat: int, code: int) -> None:
        lead, win_seat, win_code = self._lead_suit, self._win_seat, self._win_code
        self._undo.append((seat, lead, win_seat, win_code))
        self._moves.append(code)
        bit = BIT[code]
        self._hands[seat] ^= bit
        self._played |= bit
        trick = self._trick
        trick.append(code)
        if lead < 0:
            if code != EXCUSE_CODE:
                self._lead_suit, self._win_seat, self._win_code = SUIT_OF[code], seat, code
        elif code < 21:  # a trump beats a plain card, or a lower trump
            if win_code > 21 or code > win_code:
                self._win_seat, self._win_code = seat, code
        elif win_code > 21 and code > win_code and SUIT_OF[code] == lead:
            self._win_seat, self._win_code = seat, code
        if len(trick) < self.players:
            self.turn = _NEXT_SEAT[self.players][seat]
            return
        tricks = self._tricks
        leader = self.leader
        winner = self._win_seat
        if trick[0] == EXCUSE_CODE and len(tricks) == self.cards_per_hand - 1 and tricks:
            # FR-6.3: the Excuse led to the last trick wins it when its side won all the others.
            attack = leader == self.taker or leader == self.partner
            if self._attack_tricks == (len(tricks) if attack else 0):
                winner = leader
        tricks.append((leader, tuple(trick), winner))  # type: ignore[arg-type]
        if winner == self.taker or winner == self.partner:
            self._attack_tricks += 1
            self._attack_points2 += sum(map(POINTS2_OF.__getitem__, trick))
        self._trick = []
        self._lead_suit = self._win_seat = self._win_code = -1
        if len(tricks) == self.cards_per_hand:
            self.phase, self.turn, self.leader = _DONE, None, None
        else:
            self.leader = self.turn = winner

    def pop(self) -> int:
        """Take back the last action, in O(1), and return its compact move.

        Raises ``IndexError`` when no action was applied.
        """
        if not self._moves:
            raise IndexError("no action to undo")
        ply = len(self._moves) - 1
        move = self._moves.pop()
        undo = self._undo.pop()
        seat = undo[0]
        if len(self._actions) > ply:
            del self._actions[ply:]
        for seen in self._seen:
            if len(seen) > ply:
                del seen[ply:]
        if move < 78:
            if not self._trick:  # this card completed a trick
                leader, cards, winner = self._tricks.pop()
                del self._trick_values[len(self._tricks):]
                self._tricks_seen = ()
                if winner == self.taker or winner == self.partner:
                    self._attack_tricks -= 1
                    self._attack_points2 -= sum(map(POINTS2_OF.__getitem__, cards))
                self._trick = list(cards[:-1])
                self.leader = leader
                self.phase = _PLAY
                self._result = self._scores = None
            else:
                self._trick.pop()
            if len(undo) == 4:  # (seat, led suit, winning seat, winning card) before the card
                self._lead_suit, self._win_seat, self._win_code = undo[1], undo[2], undo[3]
            else:  # (seat,), from playout(): work the trick out again
                self._lead_suit, self._win_seat, self._win_code = self._trick_so_far()
            self._hands[seat] |= BIT[move]
            self._played ^= BIT[move]
        elif move < MOVE_CALL:
            code = move - MOVE_DISCARD
            self._hands[seat] |= BIT[code]
            self._ecart.pop()
            self._ecart_mask ^= BIT[code]
            self.phase = undo[2]
        elif move < MOVE_BID:
            if self.contract.chien_seen:  # type: ignore[union-attr]
                self._hands[seat] &= ~self._chien_mask
            self._called = -1
            self.partner, self.called_from_hand = undo[2], undo[3]
            self.phase = _CALL
        elif move < MOVE_CHELEM:
            if len(self._bids) == self.players and self._level >= 0:
                if self.players != 5 and self.contract.chien_seen:  # type: ignore[union-attr]
                    self._hands[self.taker] &= ~self._chien_mask  # type: ignore[index]
                self.taker = self.contract = None
            self._bids.pop()
            self._bids_seen = ()
            self._level = undo[2]
            self.phase, self.thrown_in = _BIDDING, None
        elif move < MOVE_POIGNEE:
            self.chelem_announced = False
            self.phase = _CHELEM
            self.leader = None
        else:
            self.poignees.pop()
            self._shown &= ~(1 << seat)
        self.turn = seat
        return move

    def _trick_so_far(self) -> tuple[int, int, int]:
        """The led suit, the winning seat and the winning card of the current trick's cards, as
        :meth:`_push_play` keeps them (``-1`` for none): FR-5.6 (the Excuse sets no suit),
        FR-5.1 (the highest trump, else the highest card of the led suit)."""
        lead = win_seat = win_code = -1
        seat, n = self.leader, self.players
        for code in self._trick:
            if lead < 0:
                if code != EXCUSE_CODE:
                    lead, win_seat, win_code = SUIT_OF[code], seat, code
            elif code < 21:
                if win_code > 21 or code > win_code:
                    win_seat, win_code = seat, code
            elif win_code > 21 and code > win_code and SUIT_OF[code] == lead:
                win_seat, win_code = seat, code
            seat = (seat + 1) % n  # type: ignore[operator]
        return lead, win_seat, win_code

    def undo(self) -> Action:
        """Take back the last applied action and return it (:meth:`pop`, with the action value).

        Raises ``IndexError`` when no action was applied.
        """
        if not self._moves:
            raise IndexError("no action to undo")
        action = self.history[-1]
        self.pop()
        return action

    def copy(self) -> "FrenchDeal":
        """An independent copy of this state (same deal, same actions), in O(size)."""
        other = FrenchDeal.__new__(FrenchDeal)
        for name in FrenchDeal.__slots__:
            setattr(other, name, getattr(self, name))
        for name in ("_hands", "_moves", "_undo", "_actions", "_bids", "_ecart", "poignees", "_trick",
                     "_tricks", "_trick_values"):
            setattr(other, name, list(getattr(self, name)))
        other._seen = [list(seen) for seen in self._seen]
        return other

    # -- legality ------------------------------------------------------------------------------

    def _playable(self, seat: int) -> int:
        """The mask of the cards ``seat`` may play now (FR-5.2–FR-5.6, FR-4.2)."""
        hand = self._hands[seat]
        lead = self._lead_suit
        if lead < 0:
            called = self._called
            if called >= 0 and not self._tricks:
                return hand & ~(SUIT_MASK[SUIT_OF[called]] & ~BIT[called])  # FR-4.2
            return hand
        if lead:
            same = hand & SUIT_MASK[lead]
            if same:
                return same | (hand & EXCUSE_BIT)  # FR-5.2
        trumps = hand & TRUMPS
        if not trumps:
            return hand  # FR-5.5 (FR-5.4 with no trump)
        top = self._win_code
        if top < 21:  # the highest trump so far
            higher = trumps >> (top + 1) << (top + 1)
            if higher:
                trumps = higher  # FR-5.3 / FR-5.4
        return trumps | (hand & EXCUSE_BIT)

    def _discardable(self) -> int:
        """FR-4.1: plain cards but Kings; trumps but bouts only without enough of those."""
        hand = self._hands[self.taker]  # type: ignore[index]
        plain = hand & PLAIN_NON_KING
        if plain.bit_count() >= self.chien_size - len(self._ecart):
            return plain
        return plain | (hand & TRUMPS_NON_BOUT)

    def _callable(self) -> list[int]:
        hand = self._hands[self.taker]  # type: ignore[index]
        out: list[int] = []
        for _, rank_codes in CALL_ORDER:
            out = list(rank_codes) + out
            if not all(hand & BIT[c] for c in rank_codes):
                break
        return out

    def _may_show_poignee(self, seat: int) -> bool:
        """FR-4.4: a poignée is shown once per player, just before the player's first card."""
        return not (self._shown >> seat) & 1 and self._hands[seat].bit_count() == self.cards_per_hand

    def _poignee_masks(self, seat: int) -> list[int]:
        """FR-4.4: the canonical poignée of each size this hand can show (lowest trumps; the
        Excuse only when one trump short)."""
        hand = self._hands[seat]
        trumps = hand & TRUMPS
        n = trumps.bit_count()
        out = []
        for need in POIGNEE_THRESHOLDS[self.players].values():
            if n >= need:
                out.append(_lowest(trumps, need))
            elif n + 1 == need and hand & EXCUSE_BIT:
                out.append(trumps | EXCUSE_BIT)
        return out

    def _poignee_size(self, count: int) -> PoigneeSize | None:
        for size, n in POIGNEE_THRESHOLDS[self.players].items():
            if n == count:
                return size
        return None

    def callable_cards(self) -> list[Card]:
        """Five players: the cards the taker may call (FR-4.2), low rank first.

        Every King; the Queens too with all four Kings in hand; the Knights with all four Kings
        and Queens; the Jacks with all four of each of those. Empty outside the call phase.
        """
        if self.phase is not _CALL:
            return []
        return [CARD_OF[c] for c in self._callable()]

    def playable_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, sorted for display (FR-5.2–FR-5.6).

        Does not check whose turn it is.
        """
        return [CARD_OF[c] for c in codes(self._playable(seat))]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat whose turn it is, in a stable order.

        Empty once the deal is over. In the play phase a poignée is listed once per size the
        player can show, with a canonical choice of trumps (the lowest ones; the Excuse only
        when needed), before the cards; any other valid choice of the same size is legal too
        (:meth:`apply`). Cards and discards come in display order.
        """
        return [self.action_of(m) for m in self.legal_moves()]

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self._error(action) is None

    def _error(self, action: object) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, or ``None`` when it is legal."""
        if not isinstance(action, ACTION_TYPES):
            return _illegal(action, "not_an_action", f"not an action of French Tarot ({type(action).__name__})",
                            type=type(action).__name__)
        malformed = _malformed(action)
        if malformed:
            return _illegal(action, "malformed", malformed)
        if self.is_over:
            return _illegal(action, "deal_over", f"the deal is over ({self.phase.value})", phase=self.phase.value)
        if action.seat != self.turn:
            return _illegal(action, "not_your_turn", f"it is seat {self.turn}'s turn, not seat {action.seat}'s",
                            "FR-2", turn=self.turn, seat=action.seat)
        cls = action.__class__
        if cls is Bid:
            if self.phase is not _BIDDING:
                return _illegal(action, "bidding_over", "bidding is over")
            if action.contract is not None and action.contract.level <= self._level:
                return _illegal(action, "bid_too_low", "a bid must be higher than every bid before it", "FR-3",
                                highest=_CONTRACTS[self._level].value)
            return None
        if cls is Call:
            if self.phase is not _CALL:
                return _illegal(action, "call_not_now",
                                "a card is called only at five players, right after the auction", "FR-4.2")
            if CODE_OF[action.card.index] not in self._callable():
                return _illegal(action, "call_not_allowed",
                                "call a King (a Queen only with all four Kings, and so on)", "FR-4.2")
            return None
        if cls is Discard:
            if self.phase is not _ECART:
                return _illegal(action, "ecart_not_now", "no écart is being made now")
            return self._discard_error(action, action.card)
        if cls is Chelem:
            if self.phase is not _CHELEM:
                return _illegal(action, "chelem_not_now",
                                "a chelem is announced right after the auction and écart", "FR-4.3")
            return None
        if self.phase is not _PLAY:
            return _illegal(action, "play_not_now", "cards are not being played now")
        if cls is Poignee:
            return self._poignee_error(action)
        return self._play_error(action)

    def _discard_error(self, action: object, card: Card) -> IllegalActionError | None:
        """Why ``card`` may not go into the écart now (FR-4.1), or ``None``. The rule itself is
        :meth:`_discardable`; this only names the reason."""
        bit = BIT[CODE_OF[card.index]]
        if self._discardable() & bit:
            return None
        token = format_card(card)
        if not self._hands[self.taker] & bit:  # type: ignore[index]
            return _illegal(action, "not_in_taker_hand", f"{token} is not in the taker's hand", "FR-4.1",
                            card=token)
        if bit & KINGS:
            return _illegal(action, "ecart_king", "a King may not be put in the écart", "FR-4.1", card=token)
        if bit & BOUTS:
            return _illegal(action, "ecart_bout", "a bout (21, Petit, Excuse) may not be put in the écart",
                            "FR-4.1", card=token)
        return _illegal(action, "ecart_trump", "trumps go in the écart only when there are not enough other cards",
                        "FR-4.1", card=token)

    def _poignee_error(self, action: Poignee) -> IllegalActionError | None:
        seat = action.seat
        hand = self._hands[seat]
        if not self._may_show_poignee(seat):
            return _illegal(action, "poignee_not_now", "a poignée is shown once, just before the player's first card",
                            "FR-4.4")
        mask = mask_of(action.cards)
        if mask & ~hand:
            missing = format_cards(CARD_OF[c] for c in codes(mask & ~hand))
            return _illegal(action, "poignee_not_in_hand", f"{missing} not in hand", "FR-4.4", cards=missing)
        if mask & ~(TRUMPS | EXCUSE_BIT):
            return _illegal(action, "poignee_not_trumps", "a poignée shows only trumps (and the Excuse)", "FR-4.4")
        count = mask.bit_count()
        if self._poignee_size(count) is None:
            counts = ", ".join(str(n) for n in POIGNEE_THRESHOLDS[self.players].values())
            return _illegal(action, "poignee_count", f"a poignée shows exactly {counts} trumps, not {count}",
                            "FR-4.4", counts=counts, count=count)
        if mask & EXCUSE_BIT and hand & TRUMPS & ~mask:
            return _illegal(action, "poignee_excuse",
                            "the Excuse stands in for a trump only when no other trump is left unshown", "FR-4.4")
        return None

    def _play_error(self, action: Play) -> IllegalActionError | None:
        seat, card = action.seat, action.card
        code = CODE_OF[card.index]
        hand = self._hands[seat]
        token = format_card(card)
        if not hand & BIT[code]:
            return _illegal(action, "not_in_hand", f"{token} is not in seat {seat}'s hand", "FR-5.1",
                            card=token, seat=seat)
        if self._playable(seat) & BIT[code]:
            return None
        lead = self._lead_suit
        if lead < 0:
            return _illegal(action, "called_suit_first_trick",
                            "the called suit may not be led to the first trick, except with the called card",
                            "FR-4.2", card=token)
        if lead and hand & SUIT_MASK[lead]:
            return _illegal(action, "must_follow", f"must follow {_SUIT_NAMES[lead]}", "FR-5.2",
                            suit=_SUIT_NAMES[lead])
        if not lead:
            return _illegal(action, "must_overtrump_trump_lead",
                            "must play a higher trump than the highest so far when able", "FR-5.4")
        if code < 21:
            return _illegal(action, "must_overtrump", "must overtrump when able", "FR-5.3")
        return _illegal(action, "must_trump", "must trump when unable to follow", "FR-5.3")

    # -- applying actions ----------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply a legal action.

        Raises:
            IllegalActionError: naming the action, the reason, the rule id and a message key;
                the state is then exactly as it was.
        """
        error = self._error(action)
        if error is not None:
            raise error
        self.push(self.move_of(action))
        if len(self._actions) == len(self._moves) - 1:
            self._actions.append(action)

    @staticmethod
    def ecart_order(cards: Iterable[Card]) -> list[Card]:
        """The order in which a whole écart is put aside card by card: plain cards first, so that
        trumps go only once they are unavoidable (FR-4.1); otherwise as given."""
        return sorted(cards, key=lambda c: c.is_trump)

    def apply_ecart(self, cards: Iterable[Card]) -> None:
        """Apply a whole écart (``chien_size`` cards) at once, in :meth:`ecart_order`, or nothing.

        Raises :class:`IllegalActionError` (FR-4.1) naming what is wrong (:meth:`ecart_error`),
        without any change.
        """
        cards = list(cards)
        error = self.ecart_error(cards)
        if error is not None:
            raise error
        seat = self.taker
        for card in self.ecart_order(cards):
            self.apply(Discard(seat, card))  # type: ignore[arg-type]

    def ecart_candidates(self) -> list[Card]:
        """The taker's cards that may be part of a legal écart now, sorted for display (FR-4.1).

        Plain cards other than Kings; trumps other than bouts only when there are not enough of
        those plain cards to fill the écart. Empty outside the écart phase.
        """
        if self.phase is not _ECART:
            return []
        return [CARD_OF[c] for c in codes(self._discardable())]

    def check_ecart(self, cards: Iterable[Card]) -> str | None:
        """Why ``cards`` is not a legal écart for the taker now (one English sentence), or
        ``None`` when it is (FR-4.1). :meth:`ecart_error` gives the same as a keyed error."""
        error = self.ecart_error(cards)
        return None if error is None else error.reason

    def ecart_error(self, cards: Iterable[Card]) -> IllegalActionError | None:
        """The :class:`IllegalActionError` (rule FR-4.1, with its message key) that applying
        ``cards`` as the whole écart now would raise, or ``None`` when it is legal.

        The cards are tried one by one on a copy of the state, in :meth:`ecart_order`, by the
        same rule as each :class:`Discard` (:meth:`_discardable`); a card that may never go
        aside (not held, a King, a bout) is named first, in the order given. Keys:
        ``ecart_not_now``, ``ecart_same_card``, ``ecart_size`` (``size``, ``count``), and those
        of a single discard (``not_in_taker_hand``, ``ecart_king``, ``ecart_bout``,
        ``ecart_trump``; ``card``).
        """
        cards = list(cards)
        what = ("ecart", format_cards(cards) if all(isinstance(c, Card) for c in cards) else repr(cards))
        if self.phase is not _ECART or self._ecart:
            return _illegal(what, "ecart_not_now", "no fresh écart is being made now", "FR-4.1")
        if len(set(cards)) != len(cards):
            return _illegal(what, "ecart_same_card", "the same card twice", "FR-4.1")
        if len(cards) != self.chien_size:
            return _illegal(what, "ecart_size", f"the écart has exactly {self.chien_size} cards, not {len(cards)}",
                            "FR-4.1", size=self.chien_size, count=len(cards))
        for c in cards:
            error = self._discard_error(what, c)
            if error is not None and error.key != "ecart_trump":
                return error
        trial = self.copy()
        for c in self.ecart_order(cards):
            error = trial._discard_error(what, c)
            if error is not None:
                return error
            trial.push(MOVE_DISCARD + CODE_OF[c.index])
        return None

    # -- scoring -------------------------------------------------------------------------------

    def _count(self) -> tuple[int, int, Side | None, Side | None, Side | None]:
        """FR-6 for a played deal: ``(points2, bouts, petit_au_bout, chelem_made_by,
        excuse_lost_by)``, the attack's card points (half-points) and bouts after the Excuse's
        exchange (FR-6.1, FR-6.2), the écart and the chien of a garde sans (FR-4.1), and the side
        that took the Petit au bout (FR-6.4) or won every trick (FR-6.3)."""
        taker, partner, contract, n = self.taker, self.partner, self.contract, self.players
        tricks = self._tricks
        total = len(tricks)
        won = self._attack_tricks
        chelem_by = _ATTACK_SIDE if won == total else _DEFENCE_SIDE if not won else None
        points2 = self._attack_points2  # the cards of the tricks the attack won
        # Every trick holds n cards, so the card at index p of all tricks' cards in a row was
        # played to trick p // n, as the (p % n)-th card.
        played = tuple(chain.from_iterable(map(_CARDS, tricks)))
        owned = 0  # the bouts the attack owns, as a mask
        for code in (PETIT_CODE, T21_CODE):
            if self._played & BIT[code]:
                winner = tricks[played.index(code) // n][2]
                if winner == taker or winner == partner:
                    owned |= BIT[code]
        excuse_lost_by = None
        if self._played & EXCUSE_BIT:
            p = played.index(EXCUSE_CODE)
            i = p // n
            leader, _, winner = tricks[i]
            seat = (leader + p % n) % n
            excuse_attack = seat == taker or seat == partner
            won_by_attack = winner == taker or winner == partner
            if excuse_attack == won_by_attack:
                owned |= EXCUSE_BIT if excuse_attack else 0
            elif i == total - 1 and chelem_by is None:  # FR-6.2: last trick, to the winner
                excuse_lost_by = _ATTACK_SIDE if excuse_attack else _DEFENCE_SIDE
                owned |= EXCUSE_BIT if won_by_attack else 0
            elif excuse_attack:  # FR-6.1: kept by its side, for a 0.5 card to the winner
                owned |= EXCUSE_BIT
                points2 += POINTS2_OF[EXCUSE_CODE] - 1
            else:
                points2 -= POINTS2_OF[EXCUSE_CODE] - 1
        extra = self._ecart_mask  # the écart, and the chien of a garde sans (FR-4.1)
        if not contract.chien_seen and contract is not _GARDE_CONTRE:  # type: ignore[union-attr]
            extra |= self._chien_mask
        points2 += points2_of_mask(extra)
        bouts = (owned | (extra & BOUTS)).bit_count()

        petit_au_bout = None
        if self._played & PETIT_BIT:
            i = played.index(PETIT_CODE) // n
            # FR-6.4: in the last trick; or the one before, in a chelem with the Excuse last
            if i == total - 1 or (i == total - 2 and chelem_by is not None and played[-n:].count(EXCUSE_CODE)):
                winner = tricks[i][2]
                petit_au_bout = _ATTACK_SIDE if winner == taker or winner == partner else _DEFENCE_SIDE
        return points2, bouts, petit_au_bout, chelem_by, excuse_lost_by

    def _scores_only(self) -> tuple[int, ...]:
        """The seats' scores of a played deal, as :attr:`scores` gives them, without building the
        :class:`DealResult` (what :attr:`scores` and :meth:`playout` give before any read of
        :attr:`result`)."""
        points2, bouts, petit_au_bout, chelem_by, _ = self._count()
        bonus = sum(p.size.bonus for p in self.poignees)
        s = scoring._total(self.contract.multiplier, points2, bouts, petit_au_bout, bonus,  # type: ignore[union-attr]
                           self.chelem_announced, chelem_by)[-1]
        taker_score, partner_score = scoring._shares(self.players, self.partner is not None, s)
        scores = [-s] * self.players
        scores[self.taker] = taker_score  # type: ignore[index]
        if partner_score is not None:
            scores[self.partner] = partner_score  # type: ignore[index]
        return tuple(scores)

    def _score(self) -> DealResult:
        """FR-6 and FR-7: card points, bouts, Excuse exchange, petit au bout, chelem, settlement."""
        taker, partner, contract = self.taker, self.partner, self.contract
        assert taker is not None and contract is not None
        tricks = self._tricks
        points2, bouts, petit_au_bout, chelem_by, excuse_lost_by = self._count()
        score = scoring.score_deal(
            players=self.players,
            contract=contract,
            points2=points2,
            bouts=bouts,
            petit_au_bout=petit_au_bout,
            poignees=[(self.side_of(p.seat), p.size) for p in self.poignees],
            chelem_announced=self.chelem_announced,
            chelem_made_by=chelem_by,
            partner=partner is not None,
        )
        scores = tuple(score.per_seat(taker, partner, self.players))
        counts = [0] * self.players
        for _, _, w in tricks:
            counts[w] += 1
        won = tuple(counts)
        return DealResult(score, scores, taker, partner, self.called, points2, bouts, petit_au_bout,
                          chelem_by, tuple(self.poignees), won, excuse_lost_by)

    # -- views ---------------------------------------------------------------------------------

    def _partner_known_to(self, seat: int) -> bool:
        """FR-4.2: whether ``seat`` knows who the partner is (or that the taker is alone)."""
        if self.players != 5:
            return True
        called = self._called
        if called < 0:
            return False
        if seat == self.partner or (seat == self.taker and self.called_from_hand):
            return True
        if self.contract is not None and self.contract.chien_seen and self._chien_mask & BIT[called]:
            return True
        return bool(self._played & BIT[called])

    def seen_history(self, seat: int) -> tuple[Action, ...]:
        """The actions ``seat`` has seen, in order: everything, except that another seat's
        discard of a card that is not a trump shows as ``Discard(taker, None)`` (FR-4.1: only the
        écart's trumps are shown)."""
        history = self.history
        seen = self._seen[seat]
        if len(seen) < len(history):
            hide = seat != self.taker
            for a in history[len(seen):]:
                if hide and a.__class__ is Discard and not a.card.is_trump:  # type: ignore[union-attr]
                    a = Discard(a.seat, None)
                seen.append(a)
        return tuple(seen)

    def _public_bids(self) -> tuple:
        if len(self._bids_seen) != len(self._bids):
            self._bids_seen = tuple(self.bids)
        return self._bids_seen

    def _public_tricks(self) -> tuple:
        if len(self._tricks_seen) != len(self._tricks):
            self._tricks_seen = tuple(self.tricks)
        return self._tricks_seen

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (see :class:`SeatView`).

        Raises ``ValueError`` for a seat outside the table.
        """
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not at a {self.players}-player table")
        shown_chien = (
            self.chien
            if self.contract is not None and self.contract.chien_seen and self.phase is not _CALL
            else None
        )
        ecart = self.ecart if seat == self.taker else [c for c in self.ecart if c.is_trump]
        known = self._partner_known_to(seat)
        return SeatView(
            seat=seat,
            players=self.players,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hand=tuple(CARD_OF[c] for c in codes(self._hands[seat])),
            hand_sizes=tuple([h.bit_count() for h in self._hands]),
            bids=self._public_bids(),
            contract=self.contract,
            taker=self.taker,
            called=self.called,
            partner_known=known,
            partner=self.partner if known else None,
            chien_size=self.chien_size,
            chien=shown_chien,
            ecart=tuple(ecart),
            ecart_size=len(self._ecart),
            chelem_announced=self.chelem_announced,
            poignees=tuple(self.poignees),
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=self._public_tricks(),
            legal=tuple(self.legal_actions()) if self.turn == seat else (),
            result=self.result,
            thrown_in=self.thrown_in,
            petit_sec_seat=self.petit_sec_seat,
            history=self.seen_history(seat),
        )
