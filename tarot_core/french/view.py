"""What one seat of a French Tarot deal knows: :class:`SeatView`."""

from __future__ import annotations

from .actions import Action, DealResult, Phase, ShownPoignee, Trick
from .cards import Card
from .contracts import Contract, Side
from ..values import Value, init_field


class SeatView(Value):
    """What one seat knows (never another hand, the unseen chien, or the écart's non-trumps).

    Attributes:
        seat: whose view this is.
        players, dealer: table size and dealer seat.
        phase: the :class:`Phase`.
        turn: the seat expected to act, or ``None`` when nobody is.
        hand: this seat's cards, sorted for display.
        hand_sizes: number of cards in each seat's hand.
        bids: ``(seat, contract or None)`` in speaking order.
        contract, taker: the contract and taker once bidding ended (else ``None``).
        called: five players: the card the taker called (else ``None``).
        partner_known: five players: whether this seat knows who the partner is (the called card
            was played, lay in the shown chien, or is in this seat's hand); always True at 3 and
            4 players.
        partner: the partner's seat when known to this seat, else ``None`` (also ``None`` when
            the taker is known to play alone).
        chien_size: the number of cards in the chien (and in the écart).
        chien: the chien when it was shown to everyone (prise, garde), else ``None`` (also once
            the deal is over: a view never shows a card its seat did not see).
        ecart: the whole écart for the taker; for everyone else only its trumps (FR-4.1).
        ecart_size: how many cards the écart has so far.
        chelem_announced: FR-4.3.
        poignees: the poignées shown so far.
        trick: the current trick's ``(seat, card)`` pairs.
        leader: the seat leading the current trick (``None`` outside play).
        tricks: the completed tricks, in order.
        legal: the legal actions of this seat (empty when it is not this seat's turn).
        result: the :class:`DealResult` once the deal is done.
        thrown_in: ``"petit_sec"`` or ``"all_pass"`` when the deal was thrown in.
        petit_sec_seat: the seat that announced a petit sec (FR-2.3).
        history: every action of the deal this seat has seen, in order: all of them, except
            that another seat's discard of a plain card is ``Discard(taker, None)`` (FR-4.1: only
            the écart's trumps are shown). A computer player reasons from it.
    """

    #: The game's registry id (:class:`tarot_core.game.GameView`).
    game = "french"

    __slots__ = (
        "seat", "players", "dealer", "phase", "turn", "hand", "hand_sizes", "bids", "contract",
        "taker", "called", "partner_known", "partner", "chien_size", "chien", "ecart", "ecart_size",
        "chelem_announced", "poignees", "trick", "leader", "tricks", "legal", "result", "thrown_in",
        "petit_sec_seat", "history"
    )
    seat: int
    players: int
    dealer: int
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, Contract | None], ...]
    contract: Contract | None
    taker: int | None
    called: Card | None
    partner_known: bool
    partner: int | None
    chien_size: int
    chien: tuple[Card, ...] | None
    ecart: tuple[Card, ...]
    ecart_size: int
    chelem_announced: bool
    poignees: tuple[ShownPoignee, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    legal: tuple[Action, ...]
    result: DealResult | None
    thrown_in: str | None
    petit_sec_seat: int | None
    history: tuple[Action, ...]

    def __init__(
        self,
        seat: int,
        players: int,
        dealer: int,
        phase: Phase,
        turn: int | None,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        bids: tuple[tuple[int, Contract | None], ...],
        contract: Contract | None,
        taker: int | None,
        called: Card | None,
        partner_known: bool,
        partner: int | None,
        chien_size: int,
        chien: tuple[Card, ...] | None,
        ecart: tuple[Card, ...],
        ecart_size: int,
        chelem_announced: bool,
        poignees: tuple[ShownPoignee, ...],
        trick: tuple[tuple[int, Card], ...],
        leader: int | None,
        tricks: tuple[Trick, ...],
        legal: tuple[Action, ...],
        result: DealResult | None,
        thrown_in: str | None,
        petit_sec_seat: int | None,
        history: tuple[Action, ...] = (),
    ) -> None:
        init_field(self, "seat", seat)
        init_field(self, "players", players)
        init_field(self, "dealer", dealer)
        init_field(self, "phase", phase)
        init_field(self, "turn", turn)
        init_field(self, "hand", hand)
        init_field(self, "hand_sizes", hand_sizes)
        init_field(self, "bids", bids)
        init_field(self, "contract", contract)
        init_field(self, "taker", taker)
        init_field(self, "called", called)
        init_field(self, "partner_known", partner_known)
        init_field(self, "partner", partner)
        init_field(self, "chien_size", chien_size)
        init_field(self, "chien", chien)
        init_field(self, "ecart", ecart)
        init_field(self, "ecart_size", ecart_size)
        init_field(self, "chelem_announced", chelem_announced)
        init_field(self, "poignees", poignees)
        init_field(self, "trick", trick)
        init_field(self, "leader", leader)
        init_field(self, "tricks", tricks)
        init_field(self, "legal", legal)
        init_field(self, "result", result)
        init_field(self, "thrown_in", thrown_in)
        init_field(self, "petit_sec_seat", petit_sec_seat)
        init_field(self, "history", history)

    def side_of(self, seat: int) -> Side | None:
        """The side of ``seat`` as far as this seat knows, or ``None`` when it does not know.

        Unknown before the taker is known, and at five players for the other seats until the
        partner is known (FR-4.2).
        """
        if self.taker is None:
            return None
        if seat == self.taker:
            return Side.ATTACK
        if self.partner_known:
            return Side.ATTACK if seat == self.partner else Side.DEFENCE
        if seat == self.seat and self.called is not None:
            return Side.DEFENCE  # this seat does not hold the called card
        return None
