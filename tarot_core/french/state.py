"""The French Tarot rules engine for one deal (FFT rules; ``docs/rules/french-tarot.md``).

A :class:`FrenchDeal` is the state of one deal, from the dealt cards to the score. It offers the
legal actions of the seat whose turn it is (:meth:`FrenchDeal.legal_actions`), applies one
(:meth:`FrenchDeal.apply`, which raises :class:`~tarot_core.errors.IllegalActionError` and
changes nothing when the action is not legal), takes the last one back
(:meth:`FrenchDeal.undo`), and gives each seat a view that hides what that seat may not see
(:meth:`FrenchDeal.view`).

Actions are small immutable values:

=================  ============================================================  ============
action             meaning                                                       rule
=================  ============================================================  ============
``Bid``            a contract, or ``None`` to pass                               FR-3
``Call``           five players: the taker calls a King (or Queen …)              FR-4.2
``Discard``        one card of the écart (as many as the chien has)               FR-4.1
``Chelem``         the taker announces a chelem, or declines                      FR-4.3
``Poignee``        show trumps just before one's first card                       FR-4.4
``Play``           play a card to the trick                                       FR-5
=================  ============================================================  ============

The écart is made card by card so that every legal action can be listed; use
:meth:`FrenchDeal.check_ecart` and :meth:`FrenchDeal.apply_ecart` to validate and apply a whole
écart at once.

Three, four and five players (FR-2.2). At five, the taker's partner is whoever holds the called
card; the engine knows it, but a seat's view tells it only once the called card is played (or to
the partner, who holds it).
"""

from __future__ import annotations

import enum
from typing import Iterable, Union

from .cards import (EXCUSE, JACK, KING, KNIGHT, PETIT, PLAIN_SUITS, QUEEN, Card, card_from_index,
                    format_card, format_cards, sorted_hand)
from .contracts import DEAL_SIZES, Contract, PoigneeSize, Side, POIGNEE_THRESHOLDS
from .dealing import Deal
from ..errors import IllegalActionError
from ..values import Value, init_field
from . import scoring


from .actions import (ACTION_TYPES, Action, Bid, Call, Chelem, DealResult, Discard, Phase, Play,
                      Poignee, ShownPoignee, Trick, _malformed)
from .view import SeatView


# --- the engine -----------------------------------------------------------------------------

class FrenchDeal:
    """One deal of French Tarot at three, four or five players, from the dealt cards to the score.

    Args:
        deal: the dealt cards (:class:`~tarot_core.dealing.Deal`). A deal with a petit sec
            (FR-2.3) starts, and stays, in :attr:`Phase.THROWN_IN`.

    The state is changed only by :meth:`apply` and :meth:`undo`. Reading attributes is free;
    seats are ``0 .. players-1`` and play passes from seat ``s`` to ``(s + 1) % players``
    (FR-2).
    """

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self._reset()

    # -- construction and replay --

    def _reset(self) -> None:
        deal = self.deal
        self.players = deal.players
        self.dealer = deal.dealer
        self.hands: list[set[Card]] = [set(h) for h in deal.hands]
        self.chien: tuple[Card, ...] = deal.chien
        self.history: list[Action] = []
        self.bids: list[tuple[int, Contract | None]] = []
        self.contract: Contract | None = None
        self.taker: int | None = None
        self.called: Card | None = None
        self.called_from_hand = False  # the taker called a card of his own hand: alone, and knows it
        self.partner: int | None = None
        self.ecart: list[Card] = []
        self.chelem_announced = False
        self.poignees: list[ShownPoignee] = []
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.leader: int | None = None
        self.result: DealResult | None = None
        self.thrown_in: str | None = None
        self.petit_sec_seat = deal.petit_sec_seat()
        if self.petit_sec_seat is not None:
            self.phase = Phase.THROWN_IN
            self.thrown_in = "petit_sec"
            self.turn: int | None = None
        else:
            self.phase = Phase.BIDDING
            self.turn = self.first_seat

    @property
    def first_seat(self) -> int:
        """The dealer's right, who speaks first and normally leads the first trick (FR-2)."""
        return (self.dealer + 1) % self.players

    @property
    def cards_per_hand(self) -> int:
        """FR-2.2: 24, 18 or 15 at three, four or five players."""
        return DEAL_SIZES[self.players][0]

    @property
    def chien_size(self) -> int:
        """FR-2.2: 6, 6 or 3 at three, four or five players."""
        return DEAL_SIZES[self.players][1]

    @property
    def scores(self) -> tuple[int, ...] | None:
        """One signed score per seat once the deal is over (zeros when thrown in), else None."""
        if self.phase is Phase.THROWN_IN:
            return (0,) * self.players
        return self.result.scores if self.result is not None else None

    @property
    def is_over(self) -> bool:
        """True once the deal is scored or thrown in."""
        return self.phase in (Phase.DONE, Phase.THROWN_IN)

    def side_of(self, seat: int) -> Side:
        """The side of ``seat``: attack for the taker and the partner, defence otherwise.

        This is the engine's full knowledge (the partner is known from the call on); what a seat
        may know is :meth:`SeatView.side_of`. Raises ``ValueError`` before the taker is known.
        """
        if self.taker is None:
            raise ValueError("no taker yet: sides are known once bidding ends")
        return Side.ATTACK if seat in (self.taker, self.partner) else Side.DEFENCE

    def callable_cards(self) -> list[Card]:
        """Five players: the cards the taker may call (FR-4.2), low rank first.

        Every King; the Queens too with all four Kings in hand; the Knights with all four Kings
        and Queens; the Jacks with all four of each of those. Empty outside the call phase.
        """
        if self.phase is not Phase.CALL:
            return []
        hand = self.hands[self.taker]  # type: ignore[index]
        cards: list[Card] = []
        for rank in (KING, QUEEN, KNIGHT, JACK):
            cards = [Card(s, rank) for s in PLAIN_SUITS] + cards
            if not all(Card(s, rank) in hand for s in PLAIN_SUITS):
                break
        return [card_from_index(c.index) for c in cards]

    def _partner_known_to(self, seat: int) -> bool:
        """FR-4.2: whether ``seat`` knows who the partner is (or that the taker is alone)."""
        if self.players != 5:
            return True
        if self.called is None:
            return False
        if seat == self.partner or (seat == self.taker and self.called_from_hand):
            return True
        if self.contract is not None and self.contract.chien_seen and self.called in self.chien:
            return True
        return any(c == self.called for t in self.tricks for _, c in t.cards) or any(
            c == self.called for _, c in self.trick)

    # -- legality --

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat whose turn it is, in a stable order.

        Empty once the deal is over. In the play phase a poignée is listed once per size the
        player can show, with a canonical choice of trumps (the lowest ones; the Excuse only
        when needed); any other valid choice of the same size is legal too (:meth:`apply`).
        """
        if self.turn is None:
            return []
        seat = self.turn
        if self.phase is Phase.BIDDING:
            floor = self._highest_bid_level()
            return [Bid(seat, None)] + [Bid(seat, c) for c in Contract if c.level > floor]
        if self.phase is Phase.CALL:
            return [Call(seat, c) for c in self.callable_cards()]
        if self.phase is Phase.ECART:
            return [Discard(seat, c) for c in sorted_hand(self.hands[seat]) if self._discard_error(c) is None]
        if self.phase is Phase.CHELEM:
            return [Chelem(seat, False), Chelem(seat, True)]
        if self.phase is Phase.PLAY:
            actions: list[Action] = []
            if self._may_show_poignee(seat):
                for size in PoigneeSize:
                    shown = self._canonical_poignee(seat, size)
                    if shown is not None:
                        actions.append(Poignee(seat, shown))
            actions += [Play(seat, c) for c in self.playable_cards(seat)]
            return actions
        return []

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self._error(action) is None

    def _error(self, action: object) -> IllegalActionError | None:
        """The error :meth:`apply` would raise for ``action``, or ``None`` when it is legal."""
        if not isinstance(action, ACTION_TYPES):
            return IllegalActionError(action, f"not an action of French Tarot ({type(action).__name__})")
        malformed = _malformed(action)
        if malformed:
            return IllegalActionError(action, malformed)
        if self.is_over:
            return IllegalActionError(action, f"the deal is over ({self.phase.value})")
        if action.seat != self.turn:
            return IllegalActionError(action, f"it is seat {self.turn}'s turn, not seat {action.seat}'s", "FR-2")
        if isinstance(action, Bid):
            if self.phase is not Phase.BIDDING:
                return IllegalActionError(action, "bidding is over")
            if action.contract is not None and action.contract.level <= self._highest_bid_level():
                return IllegalActionError(action, "a bid must be higher than every bid before it", "FR-3")
            return None
        if isinstance(action, Call):
            if self.phase is not Phase.CALL:
                return IllegalActionError(action, "a card is called only at five players, right after the auction",
                                          "FR-4.2")
            if action.card not in self.callable_cards():
                return IllegalActionError(
                    action, "call a King (a Queen only with all four Kings, and so on)", "FR-4.2")
            return None
        if isinstance(action, Discard):
            if self.phase is not Phase.ECART:
                return IllegalActionError(action, "no écart is being made now")
            reason = self._discard_error(action.card)
            return IllegalActionError(action, reason, "FR-4.1") if reason else None
        if isinstance(action, Chelem):
            if self.phase is not Phase.CHELEM:
                return IllegalActionError(action, "a chelem is announced right after the auction and écart", "FR-4.3")
            return None
        if self.phase is not Phase.PLAY:
            return IllegalActionError(action, "cards are not being played now")
        if isinstance(action, Poignee):
            reason = self._poignee_error(action.seat, action.cards)
            return IllegalActionError(action, reason, "FR-4.4") if reason else None
        reason, rule = self._play_error(action.seat, action.card)
        return IllegalActionError(action, reason, rule) if reason else None

    def _highest_bid_level(self) -> int:
        return max((c.level for _, c in self.bids if c is not None), default=-1)

    def _discard_error(self, card: Card) -> str | None:
        seat = self.taker
        assert seat is not None
        hand = self.hands[seat]
        if card not in hand:
            return f"{format_card(card)} is not in the taker's hand"
        if card.is_king:
            return "a King may not be put in the écart"
        if card.is_bout:
            return "a bout (21, Petit, Excuse) may not be put in the écart"
        if card.is_trump:
            slots = self.chien_size - len(self.ecart)
            plain = sum(1 for c in hand if c.suit.is_plain and not c.is_king)
            if plain >= slots:
                return "trumps go in the écart only when there are not enough other cards"
        return None

    def _may_show_poignee(self, seat: int) -> bool:
        """FR-4.4: just before the player's first card, once per player."""
        if any(p.seat == seat for p in self.poignees):
            return False
        return len(self.hands[seat]) == self.cards_per_hand

    def _poignee_size(self, count: int) -> PoigneeSize | None:
        for size, n in POIGNEE_THRESHOLDS[self.players].items():
            if n == count:
                return size
        return None

    def _poignee_error(self, seat: int, cards: frozenset[Card]) -> str | None:
        if not self._may_show_poignee(seat):
            return "a poignée is shown once, just before the player's first card"
        cards = frozenset(cards)
        hand = self.hands[seat]
        if not cards <= hand:
            missing = sorted_hand(cards - hand)
            return f"{format_cards(missing)} not in hand"
        if any(not (c.is_trump or c.is_excuse) for c in cards):
            return "a poignée shows only trumps (and the Excuse)"
        if self._poignee_size(len(cards)) is None:
            counts = ", ".join(str(n) for n in POIGNEE_THRESHOLDS[self.players].values())
            return f"a poignée shows exactly {counts} trumps, not {len(cards)}"
        if EXCUSE in cards and any(c.is_trump and c not in cards for c in hand):
            return "the Excuse stands in for a trump only when no other trump is left unshown"
        return None

    def _canonical_poignee(self, seat: int, size: PoigneeSize) -> frozenset[Card] | None:
        need = size.threshold(self.players)
        hand = self.hands[seat]
        trumps = sorted((c for c in hand if c.is_trump), key=lambda c: c.rank)
        if len(trumps) >= need:
            return frozenset(trumps[:need])
        if len(trumps) + 1 == need and EXCUSE in hand:
            return frozenset(trumps) | {EXCUSE}
        return None

    def led_suit(self) -> "Card | None":
        """The first non-Excuse card of the current trick (it sets the suit, FR-5.6), or None."""
        for _, c in self.trick:
            if not c.is_excuse:
                return c
        return None

    def playable_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now, sorted for display (FR-5.2–FR-5.6).

        Does not check whose turn it is.
        """
        hand = self.hands[seat]
        lead = self.led_suit()
        if lead is None:
            allowed = set(hand) - self._forbidden_leads(seat)
        else:
            allowed = self._following_cards(hand, lead)
            if EXCUSE in hand:
                allowed.add(EXCUSE)
        return sorted_hand(allowed)

    def _forbidden_leads(self, seat: int) -> set[Card]:
        """FR-4.2: on the first trick, the called suit may be led only with the called card."""
        if self.called is None or self.tricks or any(not c.is_excuse for _, c in self.trick):
            return set()
        return {c for c in self.hands[seat] if c.suit is self.called.suit and c != self.called}

    def _following_cards(self, hand: set[Card], lead: Card) -> set[Card]:
        if not lead.is_trump:
            same = {c for c in hand if c.suit is lead.suit}
            if same:
                return same  # FR-5.2
        trumps = [c for c in hand if c.is_trump]
        if not trumps:
            return set(hand)  # FR-5.5 (FR-5.4 with no trump)
        top = max((c.rank for _, c in self.trick if c.is_trump), default=0)
        higher = {c for c in trumps if c.rank > top}
        return higher or set(trumps)  # FR-5.3 / FR-5.4

    def _play_error(self, seat: int, card: Card) -> tuple[str | None, str | None]:
        hand = self.hands[seat]
        if card not in hand:
            return f"{format_card(card)} is not in seat {seat}'s hand", "FR-5.1"
        if card.is_excuse:
            return None, None
        lead = self.led_suit()
        if lead is None:
            if card in self._forbidden_leads(seat):
                return "the called suit may not be led to the first trick, except with the called card", "FR-4.2"
            return None, None
        if card in self._following_cards(hand, lead):
            return None, None
        if not lead.is_trump and any(c.suit is lead.suit for c in hand):
            return f"must follow {lead.suit.name.lower()}", "FR-5.2"
        if lead.is_trump:
            return "must play a higher trump than the highest so far when able", "FR-5.4"
        if card.is_trump:
            return "must overtrump when able", "FR-5.3"
        return "must trump when unable to follow", "FR-5.3"

    # -- applying actions --

    def apply(self, action: Action) -> None:
        """Apply a legal action.

        Raises:
            IllegalActionError: naming the action, the reason and the rule id; the state is then
                exactly as it was.
        """
        error = self._error(action)
        if error is not None:
            raise error
        self._do(action)
        self.history.append(action)

    def apply_ecart(self, cards: Iterable[Card]) -> None:
        """Apply a whole écart (``chien_size`` cards) at once, or nothing.

        Raises :class:`IllegalActionError` (FR-4.1) naming what is wrong, without any change.
        """
        cards = list(cards)
        reason = self.check_ecart(cards)
        if reason is not None:
            raise IllegalActionError(("ecart", format_cards(cards)), reason, "FR-4.1")
        seat = self.taker
        # Plain cards first, so that trumps are only discarded once they are unavoidable.
        for card in sorted(cards, key=lambda c: c.is_trump):
            self.apply(Discard(seat, card))  # type: ignore[arg-type]

    def ecart_candidates(self) -> list[Card]:
        """The taker's cards that may be part of a legal écart now, sorted for display (FR-4.1).

        Plain cards other than Kings; trumps other than bouts only when there are not enough of
        those plain cards to fill the écart. Empty outside the écart phase.
        """
        if self.phase is not Phase.ECART:
            return []
        hand = self.hands[self.taker]  # type: ignore[index]
        plain = [c for c in hand if c.suit.is_plain and not c.is_king]
        slots = self.chien_size - len(self.ecart)
        trumps = [c for c in hand if c.is_trump and not c.is_bout] if len(plain) < slots else []
        return sorted_hand(plain + trumps)

    def check_ecart(self, cards: Iterable[Card]) -> str | None:
        """Why ``cards`` is not a legal écart for the taker now, or ``None`` when it is (FR-4.1)."""
        if self.phase is not Phase.ECART or self.ecart:
            return "no fresh écart is being made now"
        cards = list(cards)
        if len(set(cards)) != len(cards):
            return "the same card twice"
        if len(cards) != self.chien_size:
            return f"the écart has exactly {self.chien_size} cards, not {len(cards)}"
        hand = self.hands[self.taker]  # type: ignore[index]
        for c in cards:
            if c not in hand:
                return f"{format_card(c)} is not in the taker's hand"
            if c.is_king:
                return "a King may not be put in the écart"
            if c.is_bout:
                return "a bout (21, Petit, Excuse) may not be put in the écart"
        plain = sum(1 for c in hand if c.suit.is_plain and not c.is_king)
        trumps = sum(1 for c in cards if c.is_trump)
        if trumps > max(0, self.chien_size - plain):
            return "trumps go in the écart only when there are not enough other cards"
        return None

    def _do(self, action: Action) -> None:
        if isinstance(action, Bid):
            self.bids.append((action.seat, action.contract))
            if len(self.bids) < self.players:
                self.turn = (action.seat + 1) % self.players
            else:
                self._end_bidding()
        elif isinstance(action, Call):
            self.called = action.card
            holder = next((s for s in range(self.players) if action.card in self.hands[s]), None)
            self.partner = holder if holder != self.taker else None  # in the chien: alone too
            self.called_from_hand = holder == self.taker
            self._after_call()
        elif isinstance(action, Discard):
            self.hands[action.seat].remove(action.card)
            self.ecart.append(action.card)
            if len(self.ecart) == self.chien_size:
                self.phase = Phase.CHELEM
        elif isinstance(action, Chelem):
            self.chelem_announced = action.announced
            self.phase = Phase.PLAY
            self.leader = action.seat if action.announced else self.first_seat
            self.turn = self.leader
        elif isinstance(action, Poignee):
            cards = tuple(sorted_hand(action.cards))
            size = self._poignee_size(len(cards))
            assert size is not None
            self.poignees.append(ShownPoignee(action.seat, size, cards))
        else:
            self._play(action)

    def _end_bidding(self) -> None:
        best = max(((c.level, s, c) for s, c in self.bids if c is not None), default=None)
        if best is None:
            self.phase, self.turn, self.thrown_in = Phase.THROWN_IN, None, "all_pass"
            return
        _, self.taker, self.contract = best
        self.turn = self.taker
        if self.players == 5:
            self.phase = Phase.CALL
        else:
            self._after_call()

    def _after_call(self) -> None:
        if self.contract.chien_seen:  # type: ignore[union-attr]
            self.hands[self.taker] |= set(self.chien)
            self.phase = Phase.ECART
        else:
            self.phase = Phase.CHELEM

    def _play(self, action: Play) -> None:
        self.hands[action.seat].remove(action.card)
        self.trick.append((action.seat, action.card))
        if len(self.trick) < self.players:
            self.turn = (action.seat + 1) % self.players
            return
        winner = self._trick_winner(self.trick, last=len(self.tricks) == self.cards_per_hand - 1)
        self.tricks.append(Trick(self.trick[0][0], tuple(self.trick), winner))
        self.trick = []
        if len(self.tricks) == self.cards_per_hand:
            self.phase, self.turn, self.leader = Phase.DONE, None, None
            self.result = self._score()
        else:
            self.leader = self.turn = winner

    def _trick_winner(self, cards: list[tuple[int, Card]], last: bool) -> int:
        """FR-5: highest trump, else highest card of the suit led; FR-6.3 for the Excuse."""
        lead_seat, lead_card = cards[0]
        if last and lead_card.is_excuse:
            side = self.side_of(lead_seat)
            if self.tricks and all(self.side_of(t.winner) is side for t in self.tricks):
                return lead_seat  # FR-6.3: the Excuse led to the last trick of a chelem wins it
        trumps = [(c.rank, s) for s, c in cards if c.is_trump]
        if trumps:
            return max(trumps)[1]
        lead = next(c for _, c in cards if not c.is_excuse)
        return max((c.rank, s) for s, c in cards if c.suit is lead.suit)[1]

    # -- scoring --

    def _score(self) -> DealResult:
        """FR-6 and FR-7: card points, bouts, Excuse exchange, petit au bout, chelem, settlement."""
        assert self.taker is not None and self.contract is not None
        attack, defence = Side.ATTACK, Side.DEFENCE
        owned: dict[Side, list[Card]] = {attack: [], defence: []}
        points2 = {attack: 0, defence: 0}
        excuse_lost_by = None
        n = len(self.tricks)
        winners = [self.side_of(t.winner) for t in self.tricks]
        chelem_by = winners[0] if all(w is winners[0] for w in winners) else None
        for i, trick in enumerate(self.tricks):
            win_side = winners[i]
            for seat, card in trick.cards:
                keeper = win_side
                # FR-6.2: in the last trick the Excuse goes to the winner — except in a chelem,
                # where the other side keeps its Excuse (FR-6.3).
                changes_sides = i == n - 1 and chelem_by is None
                if card.is_excuse and not changes_sides:
                    keeper = self.side_of(seat)  # FR-6.1: the Excuse stays with its side …
                    if keeper is not win_side:
                        points2[keeper] -= 1  # … which gives the winner a 0.5 card instead
                        points2[win_side] += 1
                elif card.is_excuse and self.side_of(seat) is not win_side:
                    excuse_lost_by = self.side_of(seat)
                owned[keeper].append(card)  # FR-6.2: in the last trick it goes to the winner
        chien_side = defence if self.contract is Contract.GARDE_CONTRE else attack
        owned[attack] += self.ecart
        owned[chien_side] += [] if self.contract.chien_seen else list(self.chien)
        for side in (attack, defence):
            points2[side] += sum(c.points2 for c in owned[side])
        assert points2[attack] + points2[defence] == 182
        bouts = sum(1 for c in owned[attack] if c.is_bout)

        petit_au_bout = None
        last = self.tricks[-1]
        if any(c == PETIT for _, c in last.cards):
            petit_au_bout = winners[-1]
        elif chelem_by is not None and n >= 2 and any(c.is_excuse for _, c in last.cards):
            if any(c == PETIT for _, c in self.tricks[-2].cards):
                petit_au_bout = winners[-2]  # FR-6.4, chelem with the Excuse last

        score = scoring.score_deal(
            players=self.players,
            contract=self.contract,
            points2=points2[attack],
            bouts=bouts,
            petit_au_bout=petit_au_bout,
            poignees=[(self.side_of(p.seat), p.size) for p in self.poignees],
            chelem_announced=self.chelem_announced,
            chelem_made_by=chelem_by,
            partner=self.partner is not None,
        )
        scores = tuple(score.per_seat(self.taker, self.partner, self.players))
        won = tuple(sum(1 for t in self.tricks if t.winner == s) for s in range(self.players))
        return DealResult(score, scores, self.taker, self.partner, self.called, points2[attack], bouts, petit_au_bout,
                          chelem_by, tuple(self.poignees), won, excuse_lost_by)

    # -- undo, copies, views --

    def undo(self) -> Action:
        """Take back the last applied action and return it.

        Raises ``IndexError`` when no action was applied.
        """
        if not self.history:
            raise IndexError("no action to undo")
        actions = self.history[:-1]
        last = self.history[-1]
        self._reset()
        for a in actions:
            self._do(a)
            self.history.append(a)
        return last

    def copy(self) -> "FrenchDeal":
        """An independent copy of this state (same deal, same actions)."""
        other = FrenchDeal(self.deal)
        for a in self.history:
            other._do(a)
            other.history.append(a)
        return other

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now (see :class:`SeatView`).

        Raises ``ValueError`` for a seat outside the table.
        """
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not at a {self.players}-player table")
        shown_chien = (
            tuple(self.chien)
            if self.contract is not None and self.contract.chien_seen and self.phase is not Phase.CALL
            else None
        )
        ecart = tuple(self.ecart) if seat == self.taker else tuple(c for c in self.ecart if c.is_trump)
        known = self._partner_known_to(seat)
        return SeatView(
            seat=seat,
            players=self.players,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hand=tuple(sorted_hand(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            bids=tuple(self.bids),
            contract=self.contract,
            taker=self.taker,
            called=self.called,
            partner_known=known,
            partner=self.partner if known else None,
            chien_size=self.chien_size,
            chien=shown_chien,
            ecart=ecart,
            ecart_size=len(self.ecart),
            chelem_announced=self.chelem_announced,
            poignees=tuple(self.poignees),
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=tuple(self.tricks),
            legal=tuple(self.legal_actions()) if self.turn == seat else (),
            result=self.result,
            thrown_in=self.thrown_in,
            petit_sec_seat=self.petit_sec_seat,
        )
