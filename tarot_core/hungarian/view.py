"""What one seat of a Hungarian Tarokk deal knows: :class:`HungarianView` (an immutable value).

A view never shows another seat's hand, talon share or discard. It shows what the table sees: the
bids, the declarer, how many cards each discard holds and how many tarokks each player said it
discarded, the declarer's discarded tarokks (HU-4), the called card (HU-5), every announcement
and kontra (HU-6), the tricks. Who the partner is stays hidden (HU-5) until the called card is
played, except from the partner itself; a declarer who called its own card knows it plays alone,
and so does a player whose discard holds the called card, and everyone when it is among the
declarer's shown discarded tarokks.
"""

from __future__ import annotations

from typing import Any

from ..values import Value, init_field
from .actions import Phase, Trick
from .cards import Card
from .scoring import Bid as Level
from .scoring import HungarianScore, Side

__all__ = ["HungarianView"]


class HungarianView(Value):
    """One seat's knowledge of a deal.

    Attributes:
        seat, players, dealer, active (the playing seats from the forehand), profile, multiplier.
        revision: the deal's rules revision (:data:`~tarot_core.hungarian.state.REVISIONS`).
        phase, turn: where the deal stands and who acts (``None`` once over).
        hand: this seat's cards, in display order; hand_sizes: every seat's number of cards.
        bids: ``(seat, level or None, kind)`` in order (see :class:`HungarianDeal`).
        declarer, level, invitation (``(seat, card)``), yielded.
        talon_share: the talon cards this seat received; discard: this seat's own discard.
        discard_sizes, discarded_tarokks: per seat, how many cards and how many tarokks each
            discard holds (said aloud, HU-4); declarer_tarokks: the declarer's discarded tarokks
            (shown, HU-4).
        called: the called card; partner: its holder when this seat may know it, else ``None``;
            partner_known: whether this seat knows who the partner is (or that there is none);
            alone_known: whether this seat knows the declarer plays alone.
        side: this seat's own side once the card is called (every player knows its own), else
            ``None``.
        announced: ``{bonus: (side, kontra)}`` (the game included once kontra'd); speaking: the
            side announcements now count for; tarokk_counts: ``{seat: 8 or 9}`` declared.
        trick, leader, tricks; legal: this seat's legal actions when it acts; result, scores.
        history: every action this seat has seen, in order; another seat's discard shows as
            ``Discard(seat, None)``, except the declarer's discarded tarokks; another seat's
            declined annulment (HU-4.1) is not seen at all.
    """

    #: The game's registry id (:class:`tarot_core.game.GameView`).
    game = "hungarian"

    __slots__ = ("seat", "players", "dealer", "active", "profile", "multiplier", "phase", "turn", "hand",
                 "hand_sizes", "bids", "declarer", "level", "invitation", "yielded", "talon_share", "discard",
                 "discard_sizes", "discarded_tarokks", "declarer_tarokks", "called", "partner", "partner_known",
                 "alone_known", "side", "announced", "speaking", "tarokk_counts", "trick", "leader", "tricks",
                 "legal", "result", "scores", "history", "revision")
    seat: int
    players: int
    dealer: int
    active: tuple[int, ...]
    profile: str
    multiplier: int
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, Level | None, str], ...]
    declarer: int | None
    level: Level | None
    invitation: tuple[int, Card] | None
    yielded: int | None
    talon_share: tuple[Card, ...]
    discard: tuple[Card, ...]
    discard_sizes: tuple[int, ...]
    discarded_tarokks: tuple[int, ...]
    declarer_tarokks: tuple[Card, ...]
    called: Card | None
    partner: int | None
    partner_known: bool
    alone_known: bool
    side: Side | None
    announced: tuple[tuple[str, Side, int], ...]
    speaking: Side
    tarokk_counts: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int | None
    tricks: tuple[Trick, ...]
    legal: tuple[Any, ...]
    result: HungarianScore | None
    scores: tuple[int, ...] | None
    history: tuple[Any, ...]
    revision: int

    def __init__(self, *values: Any, **fields: Any) -> None:
        """Every field by name, or the first ones in order (as :func:`tarot_core.values.replace`,
        ``copy`` and ``pickle`` build a :class:`~tarot_core.values.Value`) and the rest by name.

        Raises ``TypeError`` naming the missing, unknown or twice-given fields."""
        if len(values) > len(self.__slots__):
            raise TypeError(f"HungarianView takes {len(self.__slots__)} fields, {len(values)} given")
        twice = sorted(set(self.__slots__[:len(values)]) & set(fields))
        if twice:
            raise TypeError(f"HungarianView fields given twice: {twice}")
        fields.update(zip(self.__slots__, values))
        missing = set(self.__slots__) - set(fields)
        extra = set(fields) - set(self.__slots__)
        if missing or extra:
            raise TypeError(f"HungarianView fields: missing {sorted(missing)}, unknown {sorted(extra)}")
        for name in self.__slots__:
            init_field(self, name, fields[name])


def view_of(state, seat: int) -> HungarianView:
    """The :class:`HungarianView` of ``seat`` in ``state`` (a
    :class:`~tarot_core.hungarian.state.HungarianDeal`). Raises ``ValueError`` for a seat
    outside the table."""
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} is not at a {state.players}-player table")
    declarer, called = state.declarer, state.called
    played = state.called_played
    own_discard = state.discards.get(seat, ())
    in_own_discard = called is not None and called in own_discard
    shown_alone = declarer is not None and called is not None and called in state.discards.get(declarer, ())
    alone_known = called is not None and (state.alone and (seat == declarer and called in state.hands[seat]
                                                           or in_own_discard or played or shown_alone))
    partner_known = called is not None and (played or seat == state.partner or alone_known)
    side = None
    if called is not None and seat in state.active:
        side = state.side_of(seat)
    sizes = tuple(len(state.discards.get(s, ())) for s in range(state.players))
    tarokks = tuple(sum(c.is_tarokk for c in state.discards.get(s, ())) for s in range(state.players))
    return HungarianView(
        seat=seat, players=state.players, dealer=state.dealer, active=state.active, profile=state.profile,
        multiplier=state.multiplier, phase=state.phase, turn=state.turn,
        hand=tuple(sorted(state.hands[seat], key=lambda c: c.index)),
        hand_sizes=tuple(len(h) for h in state.hands), bids=tuple(state.bids), declarer=declarer,
        level=state.level if declarer is not None else None, invitation=state.invitation, yielded=state.yielded,
        talon_share=tuple(state.talon_shares.get(seat, ())), discard=tuple(own_discard), discard_sizes=sizes,
        discarded_tarokks=tarokks,
        declarer_tarokks=tuple(c for c in state.discards.get(declarer, ()) if c.is_tarokk) if declarer is not None else (),
        called=called, partner=state.partner if partner_known else None, partner_known=partner_known,
        alone_known=alone_known, side=side,
        announced=tuple((b, sd, k) for b, (sd, k) in state.announced.items()), speaking=state.speaking,
        tarokk_counts=tuple(sorted(state.tarokk_counts.items())), trick=state.trick, leader=state.leader,
        tricks=state.tricks, legal=tuple(state.legal_actions()) if state.turn == seat else (),
        result=state.result, scores=state.scores, history=state.seen[seat], revision=state.revision)
