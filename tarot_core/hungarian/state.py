"""The Hungarian Tarokk rules engine for one deal (``hungarian-tarokk.md``, rule ids HU-…).

A :class:`HungarianDeal` is the state of one deal, from the dealt cards to the score: the auction
(HU-3, with holds, invitations, the yielded game and the trial three), the talon shared out and
the discards (HU-4, with the HU-4.1 annulment), the call (HU-5), the announcements and kontras
(HU-6), the play (HU-7) and the score (HU-8, through :mod:`tarot_core.hungarian.scoring`).
It offers the legal actions of the seat to act (:meth:`legal_actions`, complete: every bid, hold,
discard, call, announcement, kontra and card), applies one (:meth:`apply`, which raises
:class:`~tarot_core.errors.IllegalActionError` naming the HU rule and changes nothing) and takes
the last one back (:meth:`undo`).

Readings where the rules file is silent (what a Hungarian club player expects):

* Pass is final, so the auction ends once every other active player has passed after a bid.
* The discards are made in turn from the declarer round the table, card by card; a player entitled
  to the HU-4.1 annulment decides right after its own discard (:class:`Annul`).
* The call is the declarer's first announcement (HU-5); the declarer's turn of announcements goes
  on after it. A turn with any action but :class:`Pass` (an announcement, a kontra, a tarokk count)
  is a turn with something announced (HU-6).
* Who announces for whom before sides are known (HU-6): any player may announce, and the
  announcement counts for the side now speaking — the declarer's at first, then the side of the
  last player who said kontra (a kontra is said against the other side's item, a rekontra for
  one's own, so it tells the speaker's side; to announce for its own side, an opponent says
  kontra first). So an announcement tells nothing of who the partner is. After a volát, the side
  it counts for may not announce double game, in both profiles (the tournament profile only
  allows the two in the same turn, double game first).
* Every player, entitled or not, is asked about the HU-4.1 annulment right after its discard
  (:class:`Annul`; ``Annul(seat, True)`` is legal only when entitled), so being asked tells the
  table nothing; a declined annulment is seen by nobody else.
* The round's multiplier (HU-8.4) is given to the deal by the match.

**Rules revisions** (:data:`REVISIONS`; the ``revision`` of a deal, carried by its records and
share codes so that what was played replays forever):

* ``1``: the first engine. HU-3.1 counted an invitation from one level above the current bid
  even for a player who may still hold, so A three, B two, A one was a plain bid (and A solo
  promised the XIX); the match did not pay a failed trial three (HU-3.3). Kept bit for bit for
  the records and codes made under it.
* ``2`` (:data:`REVISION`, every new deal): HU-3.1 counts from the hold for a player who may
  still hold (A three, B two, A one promises the XIX, A solo the XVIII); the match pays a
  failed trial three (:meth:`tarot_core.hungarian.rules.HungarianRules.pays`).
"""

from __future__ import annotations

from ..errors import IllegalActionError
from . import scoring
from .actions import (ACTION_TYPES, Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass,
                      Phase, Play, Trick)
from .cards import DECK, HONOURS, KINGS, PAGAT, SKIZ, XX, XXI, Card, Suit, format_card
from .dealing import HAND_SIZE, Deal
from .scoring import Bid as Level
from .scoring import Side

__all__ = ["HungarianDeal", "ANNOUNCEABLE", "REVISION", "REVISIONS", "roles"]

#: The rules revisions a deal may be played under (module docstring), oldest first.
REVISIONS: tuple[int, ...] = (1, 2)
#: The revision of every new deal: the rules as the rules file states them today.
REVISION = 2

_LEVELS = (Level.THREE, Level.TWO, Level.ONE, Level.SOLO)
_DECLARER, _OPPONENTS = Side.DECLARER, Side.OPPONENTS
#: The bonuses that can be announced (HU-6).
ANNOUNCEABLE: tuple[str, ...] = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch")
#: HU-3.1: the card an invitation promises, by how many levels above the lowest bid allowed.
_INVITED = {1: 19, 2: 18}
_TAROKK = Suit.TAROKK
_NO = True  # "not legal", from a check asked not to explain why
#: The phase in which each kind of action is made.
_PHASE_OF = {Bid: Phase.BIDDING, Discard: Phase.DISCARD, Annul: Phase.DISCARD, Call: Phase.CALL,
             Announce: Phase.ANNOUNCEMENTS, Kontra: Phase.ANNOUNCEMENTS, DeclareTarokks: Phase.ANNOUNCEMENTS,
             Pass: Phase.ANNOUNCEMENTS, Play: Phase.PLAY}

#: The rule of each kind of action (what a refusal out of its phase names).
_RULE_OF = {Bid: "HU-3", Discard: "HU-4", Annul: "HU-4.1", Call: "HU-5", Announce: "HU-6", Kontra: "HU-6",
            DeclareTarokks: "HU-6.3", Pass: "HU-6", Play: "HU-7"}


def _tarokk(rank: int) -> Card:
    return DECK[rank - 1]


def _illegal(action: object, key: str, reason: str, rule: str | None = None, **params) -> IllegalActionError:
    return IllegalActionError(action, reason, rule, key, params)


def _shown(value: object) -> str:
    """``value`` for an error message: its ``repr``, at most 40 characters."""
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still refused
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


class HungarianDeal:
    """One deal of Hungarian Tarokk at four players, or five with the dealer sitting out (HU-9).

    Args:
        deal: the dealt cards (:class:`~tarot_core.hungarian.dealing.Deal`).
        profile: ``"pagat"`` (default) or ``"tournament"`` (HU-10).
        multiplier: the round's multiplier, 1, 2, 4, … (HU-8.4), applied to every payment.
        revision: the rules revision (:data:`REVISIONS`, module docstring), by default
            :data:`REVISION`; ``1`` replays what was played before HU-3.1 counted from the hold.

    Raises ``ValueError`` for an unknown profile or revision, or a multiplier that is not a power
    of two.

    Attributes (read them; the state changes only through :meth:`apply` and :meth:`undo`):
        deal, players, dealer, active (the four playing seats from the forehand), profile,
        multiplier, revision; phase, turn (``None`` once over); hands (a frozenset of cards per seat);
        bids (``(seat, level or None, kind)`` with kind ``bid``, ``hold``, ``invitation``,
        ``trial`` or ``pass``); declarer, level, invitation (``(seat, card)``), yielded (the
        seat that yielded the game, HU-3.2); talon_shares (the talon cards each seat received);
        discards (per seat); called, partner (``None`` when alone), alone; announced
        (``{bonus: [side, kontra]}``, the game included), speaking (the side announcements now
        count for), tarokk_counts; trick, leader, tricks; history; result (the
        :class:`~tarot_core.hungarian.scoring.HungarianScore` when done), scores.
    """

    #: The game's registry id (:class:`tarot_core.game.GameState`).
    game = "hungarian"

    def __init__(self, deal: Deal, profile: str = "pagat", multiplier: int = 1, revision: int = REVISION) -> None:
        if profile not in scoring.PROFILES:
            raise ValueError(f"unknown rule profile {profile!r} (expected pagat or tournament)")
        if not isinstance(multiplier, int) or multiplier < 1 or multiplier & (multiplier - 1):
            raise ValueError(f"the multiplier is 1, 2, 4, … (HU-8.4), not {multiplier!r}")
        if type(revision) is not int or revision not in REVISIONS:
            raise ValueError(f"unknown rules revision {revision!r} (known: {', '.join(map(str, REVISIONS))})")
        self.deal = deal
        self.players = deal.players
        self.dealer = deal.dealer
        self.active = deal.active
        self.profile = profile
        self.multiplier = multiplier
        self.revision = revision
        self.hands: list[frozenset[Card]] = [frozenset(h) for h in deal.hands]
        self.phase = Phase.BIDDING
        self.turn: int | None = self.active[0]
        self.bids: list[tuple[int, Level | None, str]] = []
        self.passed: frozenset[int] = frozenset()
        self.level: Level | None = None
        self.bidder: int | None = None
        self.held: frozenset[Level] = frozenset()
        self.invitation: tuple[int, Card] | None = None
        self.invitation_accepted = False
        self.yielded: int | None = None
        self.trial = False
        self.declarer: int | None = None
        self.talon_shares: dict[int, tuple[Card, ...]] = {}
        self.discards: dict[int, tuple[Card, ...]] = {}
        self.discard_order: tuple[int, ...] = ()
        self.annul_pending: int | None = None
        self.annulled_by: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.alone = False
        self.announced: dict[str, tuple[Side, int]] = {}
        self.speaking = _DECLARER
        self.turn_announced: tuple[str, ...] = ()  # what the player to act announced this turn
        self.acted = False  # whether the player to act did anything this turn
        self.quiet = 0  # consecutive turns with nothing announced
        self.tarokk_counts: dict[int, int] = {}
        self.ultimo_by: frozenset[int] = frozenset()  # seats that announced or kontra'd the ultimó
        self.trick: tuple[tuple[int, Card], ...] = ()
        self.leader: int | None = None
        self.tricks: tuple[Trick, ...] = ()
        self.history: list = []
        self.seen: tuple[tuple, ...] = ((),) * self.players  # each seat's history (HungarianView)
        self.called_played = False
        self.result: scoring.HungarianScore | None = None
        self.scores: tuple[int, ...] | None = None
        self._undo: list[dict] = []

    # -- who is who ----------------------------------------------------------------------------

    def side_of(self, seat: int) -> Side:
        """The true side of ``seat`` once the declarer is known (the engine's knowledge: the
        partner is known from the call on). Raises ``ValueError`` before, or for the dealer who
        sits out."""
        if self.declarer is None:
            raise ValueError("no declarer yet: sides are known once the auction ends")
        if seat not in self.active:
            raise ValueError(f"seat {seat} sits this deal out")
        return _DECLARER if seat == self.declarer or seat == self.partner else _OPPONENTS

    def _next(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % 4]

    @property
    def is_over(self) -> bool:
        """True once the deal is scored, all passed or annulled."""
        return self.phase in (Phase.DONE, Phase.ALL_PASS, Phase.ANNULLED)

    # -- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> list:
        """Every legal action of the seat to act, in a stable order (empty once over)."""
        seat, phase = self.turn, self.phase
        if seat is None:
            return []
        if phase is Phase.BIDDING:
            return [Bid(seat, level) for level in (None, *_LEVELS) if self._bid_error(Bid(seat, level)) is None]
        if phase is Phase.DISCARD:
            if self.annul_pending == seat:
                return [Annul(seat, False), Annul(seat, True)] if self._may_annul(seat) else [Annul(seat, False)]
            return [Discard(seat, c) for c in sorted(self._discardable(seat), key=lambda c: c.index)]
        if phase is Phase.CALL:
            return [Call(seat, c) for c in self._callable()]
        if phase is Phase.ANNOUNCEMENTS:
            out: list = [Pass(seat)] if self._pass_error(Pass(seat), False) is None else []
            out += [Announce(seat, b) for b in ANNOUNCEABLE if self._announce_error(Announce(seat, b), False) is None]
            out += [Kontra(seat, b) for b in _ITEMS if self._kontra_error(Kontra(seat, b), False) is None]
            out += [DeclareTarokks(seat, n) for n in (8, 9) if self._tarokks_error(DeclareTarokks(seat, n), False) is None]
            return out
        if phase is Phase.PLAY:
            return [Play(seat, c) for c in sorted(self._playable(seat), key=lambda c: c.index)]
        return []

    def is_legal(self, action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self._error(action) is None

    def error_of(self, action) -> IllegalActionError | None:
        """Why :meth:`apply` would refuse ``action`` (the error it would raise, naming the HU rule
        in ``rule`` and the case in ``key``), or ``None`` when it is legal. Changes nothing: a
        page asks it to explain a choice it cannot offer (e.g. ``bid_without_honour``)."""
        return self._error(action)

    def bid_kind(self, action: Bid) -> tuple[str, Card | None]:
        """What the legal bid ``action`` of the seat to act would be, as the table hears it:
        ``("pass", None)``, ``("yield", XX)`` (a pass that yields the game and promises the XX,
        HU-3.2), ``("hold", None)`` (tartom), ``("trial", None)`` (HU-3.3),
        ``("invitation", card)`` (HU-3.1, promising ``card``) or ``("bid", None)``.

        Raises :class:`~tarot_core.errors.IllegalActionError` (unchanged state) when ``action``
        is not legal now."""
        error = self._error(action) if isinstance(action, Bid) else _illegal(
            action, "not_a_bid", "not a bid", "HU-3")
        if error is not None:
            raise error
        seat, level = action.seat, action.bid
        if level is None:
            return ("yield", XX) if self._yielding(seat) else ("pass", None)
        if level is self.level:
            return "hold", None
        if not self.hands[seat] & HONOURS:
            return "trial", None
        promised = self._promised(seat, level)
        return ("invitation", promised) if promised is not None else ("bid", None)

    def _error(self, action) -> IllegalActionError | None:
        if not isinstance(action, ACTION_TYPES):
            return _illegal(action, "not_an_action", f"not an action of Hungarian Tarokk ({type(action).__name__})",
                            type=type(action).__name__)
        malformed = self._malformed(action)
        if malformed is not None:
            return malformed
        if self.is_over:
            return _illegal(action, "deal_over", f"the deal is over ({self.phase.value})", phase=self.phase.value)
        if action.seat != self.turn:
            return _illegal(action, "not_your_turn", f"it is seat {self.turn}'s turn, not seat {action.seat}'s",
                            "HU-2", turn=self.turn, seat=action.seat)
        cls = type(action)
        if self.phase is not _PHASE_OF[cls]:
            return _illegal(action, "not_now", f"a {cls.__name__} is not made now ({self.phase.value})",
                            _RULE_OF[cls], phase=self.phase.value)
        if cls is Bid:
            return self._bid_error(action)
        if cls is Annul:
            if self.annul_pending != action.seat:
                return _illegal(action, "annul_not_now", "the annulment is decided right after one's discard",
                                "HU-4.1")
            if action.annul and not self._may_annul(action.seat):
                return _illegal(action, "annul_not_allowed", "only four Kings, no tarokk, or the XXI or the pagát "
                                "as the only tarokks (with none discarded) allow an annulment", "HU-4.1")
            return None
        if self.annul_pending is not None and cls is Discard:
            return _illegal(action, "annul_first", "say first whether you annul the deal", "HU-4.1")
        if cls is Discard:
            if action.card not in self._discardable(action.seat):
                return self._discard_reason(action)
            return None
        if cls is Call:
            if action.card not in self._callable():
                return _illegal(action, "call_not_allowed", "call the XX (or, holding it, the highest tarokk you lack "
                                "or your own XX; a forced or free call as HU-5 says)", "HU-5")
            return None
        if cls is Announce:
            return self._announce_error(action)
        if cls is Kontra:
            return self._kontra_error(action)
        if cls is DeclareTarokks:
            return self._tarokks_error(action)
        if cls is Pass:
            return self._pass_error(action)
        if action.card not in self._playable(action.seat):
            return self._play_reason(action)
        return None

    def _malformed(self, action) -> IllegalActionError | None:
        """Why ``action``'s fields are not of the types and in the ranges the rules allow, before
        anything is looked up with them (key ``malformed``, ``params["field"]`` the field):
        the seat an ``int`` (not a ``bool`` nor a float) of this table (HU-2); a bid a
        :class:`~tarot_core.hungarian.scoring.Bid` or ``None`` (HU-3); a card one of this game's
        :class:`~tarot_core.hungarian.cards.Card` values (HU-1); an annulment ``True`` or
        ``False`` (HU-4.1); an announced bonus one of :data:`ANNOUNCEABLE`, a kontra's item a
        text (HU-6); a tarokk count 8 or 9 (HU-6.3). ``None`` when well formed."""
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.players:
            return _illegal(action, "malformed", f"the seat is a player's index 0..{self.players - 1}, "
                            f"not {_shown(seat)}", "HU-2", field="seat")
        cls = type(action)
        if cls is Bid:
            if action.bid is not None and not isinstance(action.bid, Level):
                return _illegal(action, "malformed", f"not a bid: {_shown(action.bid)}", "HU-3", field="bid")
        elif cls in (Discard, Call, Play):
            if not isinstance(action.card, Card):
                return _illegal(action, "malformed", f"not a card of Hungarian Tarokk: {_shown(action.card)}",
                                "HU-1", field="card")
        elif cls is Annul:
            if type(action.annul) is not bool:
                return _illegal(action, "malformed", f"an annulment is True or False, not {_shown(action.annul)}",
                                "HU-4.1", field="annul")
        elif cls is Announce:
            if type(action.bonus) is not str or action.bonus not in ANNOUNCEABLE:
                return _illegal(action, "malformed", f"not a bonus: {_shown(action.bonus)} (one of "
                                f"{', '.join(ANNOUNCEABLE)})", "HU-6", field="bonus")
        elif cls is Kontra:  # a text names an item, announced or not (kontra_unannounced)
            if type(action.bonus) is not str:
                return _illegal(action, "malformed", f"not an item: {_shown(action.bonus)}", "HU-6", field="bonus")
        elif cls is DeclareTarokks:
            if type(action.count) is not int or action.count not in (8, 9):
                return _illegal(action, "malformed", f"eight or nine tarokks are declared, not "
                                f"{_shown(action.count)}", "HU-6.3", field="count")
        return None

    # HU-3 ------------------------------------------------------------------------------------

    def _bid_error(self, action: Bid) -> IllegalActionError | None:
        seat, level = action.seat, action.bid
        hand = self.hands[seat]
        if level is None:
            if self._yielding(seat) and XX not in hand:
                return _illegal(action, "yield_without_xx", "passing here yields the game and promises the XX: "
                                "hold or bid instead", "HU-3.2")
            return None
        if not isinstance(level, Level):
            return _illegal(action, "malformed", f"not a bid: {level!r}")
        current = -1 if self.level is None else _LEVELS.index(self.level)
        rank = _LEVELS.index(level)
        if rank == current:
            if seat not in {s for s, _, k in self.bids if k != "pass"}:
                return _illegal(action, "hold_without_bid", "only a player who has already bid may hold", "HU-3")
            if level in self.held:
                return _illegal(action, "held_twice", "each level may be held only once", "HU-3")
            return None
        if rank < current:
            return _illegal(action, "bid_too_low", "a bid must be higher than the current one", "HU-3")
        honour = bool(hand & HONOURS)
        if self._trial_open(seat) and not honour:
            if level is not Level.THREE:
                return _illegal(action, "trial_only_three", "the trial three is a three, nothing higher", "HU-3.3")
            return None
        if not honour:
            return _illegal(action, "bid_without_honour", "only a player holding an honour may bid", "HU-3")
        promised = self._promised(seat, level)
        if promised is not None and promised not in hand:
            return _illegal(action, "invitation_without_card",
                            f"this bid invites with the {format_card(promised)}, which you lack", "HU-3.1",
                            card=format_card(promised))
        return None

    def _may_hold(self, seat: int) -> bool:
        """HU-3: ``seat`` has already bid and the current level has not been held yet."""
        return self.level not in self.held and any(s == seat and k != "pass" for s, _, k in self.bids)

    def _trial_open(self, seat: int) -> bool:
        """HU-3.3: the first three passed; the fourth may bid three without an honour (both
        profiles: they differ in what a failed trial pays, HU-10)."""
        return self.level is None and len(self.passed) == 3

    def _promised(self, seat: int, level: Level) -> Card | None:
        """HU-3.1: the card a bid of ``level`` by ``seat`` promises now, or ``None`` (no
        invitation). The jump counts from the lowest bid then allowed: the hold for a player who
        has bid and may still hold (revision 2 on), else one level above the current bid."""
        if self.invitation is not None:
            return None
        lowest = 0 if self.level is None else _LEVELS.index(self.level) + 1
        if self.revision >= 2 and self.level is not None and self._may_hold(seat):
            lowest -= 1
        jump = _LEVELS.index(level) - lowest
        if self.level is None and level is Level.SOLO:
            return None  # an opening solo is never an invitation
        if jump in _INVITED:
            return _tarokk(_INVITED[jump])
        return None

    def _yielding(self, seat: int) -> bool:
        """HU-3.2: A bid three, B two, the other two passed, and A is to speak."""
        made = [(s, lv) for s, lv, k in self.bids if k != "pass"]
        if len(made) != 2 or made[0][1] is not Level.THREE or made[1][1] is not Level.TWO:
            return False
        a, b = made[0][0], made[1][0]
        others = set(self.active) - {a, b}
        return seat == a and others <= self.passed

    # HU-4 ------------------------------------------------------------------------------------

    def _protected(self, seat: int) -> frozenset[Card]:
        """Cards ``seat`` may not discard besides honours and Kings: its promised card (HU-4),
        and in the tournament profile the XX (HU-10)."""
        out = set()
        if self.yielded == seat:
            out.add(XX)
        if self.invitation is not None and self.invitation[0] == seat:
            out.add(self.invitation[1])
        if self.profile == "tournament":
            out.add(XX)
        return frozenset(out)

    def _discardable(self, seat: int) -> frozenset[Card]:
        if len(self.hands[seat]) <= HAND_SIZE:
            return frozenset()
        protected = self._protected(seat)
        return frozenset(c for c in self.hands[seat] if not c.is_honour and not c.is_king and c not in protected)

    def _discard_reason(self, action: Discard) -> IllegalActionError:
        card, token = action.card, format_card(action.card)
        if card not in self.hands[action.seat]:
            return _illegal(action, "not_in_hand", f"{token} is not in your hand", "HU-4", card=token)
        if len(self.hands[action.seat]) <= HAND_SIZE:
            return _illegal(action, "discard_done", "your hand is back to 9 cards", "HU-4")
        if card.is_honour:
            return _illegal(action, "discard_honour", "an honour may never be discarded", "HU-4", card=token)
        if card.is_king:
            return _illegal(action, "discard_king", "a King may never be discarded", "HU-4", card=token)
        return _illegal(action, "discard_promised", f"the {token} is promised and may not be discarded",
                        "HU-10" if self.profile == "tournament" and card == XX else "HU-4", card=token)

    def _may_annul(self, seat: int) -> bool:
        """HU-4.1: four Kings, or no tarokk, or only the XXI and/or the pagát as tarokks — the
        last two only with no tarokk discarded."""
        hand = self.hands[seat]
        if sum(c.is_king for c in hand) == 4:
            return True
        tarokks = {c for c in hand if c.is_tarokk}
        discarded_tarokk = any(c.is_tarokk for c in self.discards.get(seat, ()))
        return tarokks <= {XXI, PAGAT} and not discarded_tarokk

    # HU-5 ------------------------------------------------------------------------------------

    def _callable(self) -> list[Card]:
        hand = self.hands[self.declarer]  # type: ignore[index]
        if self.yielded is not None:
            return [XX]
        if self.invitation is not None and self.invitation_accepted and self.invitation[0] != self.declarer:
            return [self.invitation[1]]
        tarokk_discarded = any(c.is_tarokk for d in self.discards.values() for c in d)
        free = tarokk_discarded and (self.profile == "pagat" or XX in hand)
        if free:
            return [_tarokk(r) for r in range(2, 21)]
        if XX not in hand:
            return [XX]
        for rank in range(19, 1, -1):
            if _tarokk(rank) not in hand:
                return [_tarokk(rank), XX]
        return [XX]

    # HU-6 ------------------------------------------------------------------------------------
    # With ``explain=False`` (what legal_actions() asks, many times per turn) a check answers
    # ``_NO`` instead of building the error and its message.

    def _announce_error(self, action: Announce, explain: bool = True) -> IllegalActionError | bool | None:
        seat, bonus = action.seat, action.bonus
        if bonus not in ANNOUNCEABLE:
            if not explain:
                return _NO
            return _illegal(action, "malformed", f"not a bonus: {bonus!r}")
        if bonus in self.announced:
            if not explain:
                return _NO
            return _illegal(action, "announced_twice", f"{bonus} is already announced", "HU-6", bonus=bonus)
        side = self.speaking  # HU-6: an announcement counts for the side speaking
        if self.profile == "pagat" and {bonus, *self.turn_announced} >= {"double_game", "volat"}:
            if not explain:
                return _NO
            return _illegal(action, "double_and_volat_same_turn", "double game and volát may not be announced in "
                            "the same turn", "HU-6")
        if bonus == "double_game" and self.announced.get("volat", (None,))[0] is side:
            if not explain:
                return _NO
            return _illegal(action, "double_after_volat", "after its volát, a side may not announce double game",
                            "HU-6")
        return None

    def _kontra_error(self, action: Kontra, explain: bool = True) -> IllegalActionError | bool | None:
        bonus = action.bonus
        item = (_DECLARER, 0) if bonus == "game" and "game" not in self.announced else self.announced.get(bonus)
        if item is None:
            if not explain:
                return _NO
            return _illegal(action, "kontra_unannounced", f"{bonus} was not announced: only an announced item can "
                            "be doubled", "HU-6", bonus=bonus)
        side, level = item
        if level >= scoring.MAX_KONTRA:
            if not explain:
                return _NO
            return _illegal(action, "kontra_max", "mordkontra is the last doubling", "HU-6")
        mine = self.side_of(action.seat)
        if (mine is side) == (level % 2 == 0):
            if not explain:
                return _NO
            return _illegal(action, "kontra_wrong_side", "the sides alternate: kontra is said against the other "
                            "side's item, rekontra by its side, and so on", "HU-6")
        return None

    def _tarokks_error(self, action: DeclareTarokks, explain: bool = True) -> IllegalActionError | bool | None:
        held = sum(c.is_tarokk for c in self.hands[action.seat])
        if action.seat in self.tarokk_counts:
            if not explain:
                return _NO
            return _illegal(action, "tarokks_twice", "tarokks are declared once", "HU-6.3")
        if action.count != held:
            if not explain:
                return _NO
            return _illegal(action, "tarokks_wrong_count", f"you hold {held} tarokks, not {action.count}", "HU-6.3",
                            held=held)
        return None

    def _pass_error(self, action: Pass, explain: bool = True) -> IllegalActionError | bool | None:
        seat = action.seat
        held = sum(c.is_tarokk for c in self.hands[seat])
        if seat in self.ultimo_by and held >= 8 and seat not in self.tarokk_counts:
            if not explain:
                return _NO
            return _illegal(action, "ultimo_obliges_count", f"after the pagát ultimó you must declare your {held} "
                            "tarokks", "HU-6", held=held)
        return None

    # HU-7 ------------------------------------------------------------------------------------

    def _playable(self, seat: int) -> frozenset[Card]:
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            same = frozenset(c for c in hand if c.suit is led)
            if not same:
                same = frozenset(c for c in hand if c.is_tarokk) or hand
        else:
            same = hand
        if PAGAT in same and len(same) > 1 and len(hand) > 1 and self._ultimo_binds(seat):
            same = same - {PAGAT}
        return same

    def _ultimo_binds(self, seat: int) -> bool:
        """HU-7: after an announced pagát ultimó (by either side), the pagát's holder keeps it for
        the last trick unless it is the only legal card."""
        return "pagat_ultimo" in self.announced

    def _play_reason(self, action: Play) -> IllegalActionError:
        seat, card, token = action.seat, action.card, format_card(action.card)
        hand = self.hands[seat]
        if card not in hand:
            return _illegal(action, "not_in_hand", f"{token} is not in seat {seat}'s hand", "HU-7", card=token, seat=seat)
        if card == PAGAT and self._ultimo_binds(seat):
            return _illegal(action, "pagat_kept_for_ultimo", "after the pagát ultimó, the pagát goes to the last "
                            "trick unless it is your only legal card", "HU-7")
        led = self.trick[0][1].suit
        if any(c.suit is led for c in hand):
            name = "tarokk" if led is _TAROKK else led.name.lower()
            return _illegal(action, "must_follow", f"must follow {name}", "HU-7", suit=name)
        return _illegal(action, "must_tarokk", "must play a tarokk when unable to follow", "HU-7")

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action) -> None:
        """Apply a legal action.

        Raises :class:`~tarot_core.errors.IllegalActionError` (naming the action, the reason,
        the HU rule and a message key); the state is then exactly as it was.
        """
        error = self._error(action)
        if error is not None:
            raise error
        self._undo.append({k: v for k, v in self.__dict__.items() if k != "_undo"})
        self.history = self.history + [action]
        self._see(action)
        getattr(self, f"_apply_{type(action).__name__}")(action)

    def _see(self, action) -> None:
        """Add ``action`` to each seat's history as that seat sees it: another seat's discard is
        ``Discard(seat, None)`` except the declarer's tarokks (HU-4); another seat's declined
        annulment is not seen at all (HU-4.1)."""
        cls = type(action)
        if cls is Discard and not (action.seat == self.declarer and action.card.is_tarokk):
            hidden = Discard(action.seat, None)
            self.seen = tuple(h + ((action if s == action.seat else hidden),) for s, h in enumerate(self.seen))
        elif cls is Annul and not action.annul:
            self.seen = tuple(h + (action,) if s == action.seat else h for s, h in enumerate(self.seen))
        else:
            self.seen = tuple(h + (action,) for h in self.seen)

    def undo(self):
        """Take back the last action and return it. Raises ``IndexError`` when none was applied."""
        if not self._undo:
            raise IndexError("no action to undo")
        action = self.history[-1]
        saved = self._undo.pop()
        self.__dict__.update(saved)
        return action

    def _apply_Bid(self, action: Bid) -> None:
        seat, level = action.seat, action.bid
        if level is None:
            kind = "pass"
            if self._yielding(seat):
                self.yielded = seat
            self.passed = self.passed | {seat}
        elif level is self.level:
            kind = "hold"
            self.held = self.held | {level}
        elif not self.hands[seat] & HONOURS:
            kind = "trial"
            self.trial = True
        else:
            promised = self._promised(seat, level)
            kind = "invitation" if promised is not None else "bid"
            if promised is not None:
                self.invitation = (seat, promised)
        if level is not None:
            if self.invitation is not None and kind != "invitation" and seat != self.invitation[0]:
                self.invitation_accepted = True
            self.level, self.bidder = level, seat
        self.bids = self.bids + [(seat, level, kind)]
        left = [s for s in self.active if s not in self.passed]
        if not left:
            self.phase, self.turn = Phase.ALL_PASS, None
            self.scores = (0,) * self.players
            return
        if self.bidder is not None and left == [self.bidder]:
            self._end_auction()
            return
        nxt = self._next(seat)
        while nxt in self.passed:
            nxt = self._next(nxt)
        self.turn = nxt

    def _end_auction(self) -> None:
        declarer, level = self.bidder, self.level
        self.declarer = declarer
        talon = list(self.deal.talon)
        take = level.talon  # type: ignore[union-attr]
        shares: dict[int, list[Card]] = {s: [] for s in self.active}
        shares[declarer] = talon[:take]  # type: ignore[index]
        others = [self.active[(self.active.index(declarer) + k) % 4] for k in (1, 2, 3)]  # type: ignore[arg-type]
        for i, card in enumerate(talon[take:]):
            shares[others[i % 3]].append(card)
        if self.trial and not set(talon[:take]) & HONOURS:
            # HU-3.3: no honour among the three: annulled at once, the bidder pays each other player.
            self.talon_shares = {s: tuple(v) for s, v in shares.items()}
            self.phase, self.turn = Phase.ANNULLED, None
            each = (3 if self.profile == "tournament" else level.game_value) * self.multiplier  # type: ignore[union-attr]
            scores = [0] * self.players
            for s in self.active:
                scores[s] = -3 * each if s == declarer else each
            self.scores = tuple(scores)
            return
        hands = list(self.hands)
        for s, cards in shares.items():
            hands[s] = hands[s] | frozenset(cards)
        self.hands = hands
        self.talon_shares = {s: tuple(v) for s, v in shares.items()}
        self.discard_order = (declarer, *others)  # type: ignore[assignment]
        self.phase = Phase.DISCARD
        self._next_discarder(0)

    def _next_discarder(self, start: int) -> None:
        """Give the turn to the next player of the discard order from index ``start``: one with
        cards to discard, or one entitled to annul (HU-4.1); the call once everyone is done."""
        order = self.discard_order
        for i in range(start, len(order)):
            seat = order[i]
            if len(self.hands[seat]) > HAND_SIZE:
                self.turn = seat
                return
            self.discards.setdefault(seat, ())
            if seat not in self._annul_asked():
                # Every player is asked, entitled or not, so that being asked tells nothing (HU-4.1).
                self.annul_pending = self.turn = seat
                return
        self.annul_pending = None
        self.phase, self.turn = Phase.CALL, self.declarer

    def _annul_asked(self) -> set[int]:
        return {a.seat for a in self.history if type(a) is Annul}

    def _apply_Discard(self, action: Discard) -> None:
        seat = action.seat
        hands = list(self.hands)
        hands[seat] = hands[seat] - {action.card}
        self.hands = hands
        self.discards = {**self.discards, seat: self.discards.get(seat, ()) + (action.card,)}
        if len(hands[seat]) == HAND_SIZE:
            self._next_discarder(self.discard_order.index(seat))

    def _apply_Annul(self, action: Annul) -> None:
        self.annul_pending = None
        if action.annul:
            self.annulled_by = action.seat
            self.phase, self.turn = Phase.ANNULLED, None
            self.scores = (0,) * self.players
            return
        self._next_discarder(self.discard_order.index(action.seat) + 1)

    def _apply_Call(self, action: Call) -> None:
        self.called = action.card
        holder = next((s for s in self.active if action.card in self.hands[s]), None)
        self.partner = holder if holder is not None and holder != self.declarer else None
        self.alone = self.partner is None
        self.phase = Phase.ANNOUNCEMENTS
        self.speaking = _DECLARER
        self.acted, self.turn_announced, self.quiet = True, (), 0  # the call is an announcement

    def _apply_Announce(self, action: Announce) -> None:
        self.announced = {**self.announced, action.bonus: (self.speaking, 0)}
        self.turn_announced = self.turn_announced + (action.bonus,)
        self.acted = True
        if action.bonus == "pagat_ultimo":
            self.ultimo_by = self.ultimo_by | {action.seat}

    def _apply_Kontra(self, action: Kontra) -> None:
        side, level = self.announced.get(action.bonus, (_DECLARER, 0))
        self.announced = {**self.announced, action.bonus: (side, level + 1)}
        self.speaking = self.side_of(action.seat)
        self.acted = True
        if action.bonus == "pagat_ultimo":
            self.ultimo_by = self.ultimo_by | {action.seat}

    def _apply_DeclareTarokks(self, action: DeclareTarokks) -> None:
        self.tarokk_counts = {**self.tarokk_counts, action.seat: action.count}
        self.acted = True

    def _apply_Pass(self, action: Pass) -> None:
        self.quiet = 0 if self.acted else self.quiet + 1
        self.acted, self.turn_announced = False, ()
        if self.quiet == 3:
            self.phase = Phase.PLAY
            self.leader = self.turn = self.active[0]
            return
        self.turn = self._next(action.seat)

    def _apply_Play(self, action: Play) -> None:
        seat = action.seat
        hands = list(self.hands)
        hands[seat] = hands[seat] - {action.card}
        self.hands = hands
        self.trick = self.trick + ((seat, action.card),)
        if action.card == self.called:
            self.called_played = True
        if len(self.trick) < 4:
            self.turn = self._next(seat)
            return
        winner = _winner(self.trick)
        self.tricks = self.tricks + (Trick(self.leader, self.trick, winner),)  # type: ignore[arg-type]
        self.trick = ()
        if len(self.tricks) == HAND_SIZE:
            self.phase, self.turn, self.leader = Phase.DONE, None, None
            self._score()
        else:
            self.leader = self.turn = winner

    # -- views and compact moves ----------------------------------------------------------------

    def view(self, seat: int):
        """What ``seat`` may know now (:class:`~tarot_core.hungarian.view.HungarianView`).
        Raises ``ValueError`` for a seat outside the table."""
        from .view import view_of

        return view_of(self, seat)

    @property
    def ply(self) -> int:
        """How many actions were applied."""
        return len(self.history)

    def move_of(self, action) -> int:
        """The compact move (an int, see :data:`MOVES`) of a well-formed ``action``."""
        cls = type(action)
        if cls is Play:
            return action.card.index
        if cls is Discard:
            return MOVE_DISCARD + action.card.index
        if cls is Call:
            return MOVE_CALL + action.card.index
        if cls is Bid:
            return MOVE_BID + (0 if action.bid is None else _LEVELS.index(action.bid) + 1)
        if cls is Annul:
            return MOVE_ANNUL + int(action.annul)
        if cls is Announce:
            return MOVE_ANNOUNCE + ANNOUNCEABLE.index(action.bonus)
        if cls is Kontra:
            return MOVE_KONTRA + _ITEMS.index(action.bonus)
        if cls is DeclareTarokks:
            return MOVE_TAROKKS + action.count - 8
        return MOVE_PASS

    def action_of(self, move: int):
        """The action of the seat to act for compact ``move``. Raises ``ValueError`` for an int
        that is no move, or when nobody is to act."""
        seat = self.turn
        if seat is None:
            raise ValueError("nobody is to act: the deal is over")
        if 0 <= move < 42:
            return Play(seat, DECK[move])
        if MOVE_DISCARD <= move < MOVE_DISCARD + 42:
            return Discard(seat, DECK[move - MOVE_DISCARD])
        if MOVE_CALL <= move < MOVE_CALL + 42:
            return Call(seat, DECK[move - MOVE_CALL])
        if MOVE_BID <= move <= MOVE_BID + 4:
            return Bid(seat, None if move == MOVE_BID else _LEVELS[move - MOVE_BID - 1])
        if move in (MOVE_ANNUL, MOVE_ANNUL + 1):
            return Annul(seat, move == MOVE_ANNUL + 1)
        if MOVE_ANNOUNCE <= move < MOVE_ANNOUNCE + len(ANNOUNCEABLE):
            return Announce(seat, ANNOUNCEABLE[move - MOVE_ANNOUNCE])
        if MOVE_KONTRA <= move < MOVE_KONTRA + len(_ITEMS):
            return Kontra(seat, _ITEMS[move - MOVE_KONTRA])
        if move in (MOVE_TAROKKS, MOVE_TAROKKS + 1):
            return DeclareTarokks(seat, 8 + move - MOVE_TAROKKS)
        if move == MOVE_PASS:
            return Pass(seat)
        raise ValueError(f"not a Hungarian Tarokk move: {move!r}")

    def legal_moves(self) -> list[int]:
        """:meth:`legal_actions` as compact moves, in the same order."""
        return [self.move_of(a) for a in self.legal_actions()]

    def push(self, move: int) -> None:
        """Apply compact ``move`` without the legality check (only a move of
        :meth:`legal_moves`: anything else leaves the state undefined); :meth:`pop` takes it
        back. (Today this keeps a snapshot per action, as :meth:`apply` does; the compact,
        O(1) form of the French engine is still to come for this game.)"""
        action = self.action_of(move)
        self._undo.append({k: v for k, v in self.__dict__.items() if k != "_undo"})
        self.history = self.history + [action]
        self._see(action)
        getattr(self, f"_apply_{type(action).__name__}")(action)

    def pop(self) -> int:
        """Take back the last action and return its compact move. Raises ``IndexError`` when
        none was applied."""
        return self.move_of(self.undo())

    def copy(self) -> "HungarianDeal":
        """An independent copy (the same deal and actions)."""
        other = HungarianDeal.__new__(HungarianDeal)
        other.__dict__.update(self.__dict__)
        other._undo = list(self._undo)
        return other

    # -- scoring -------------------------------------------------------------------------------

    def card_points(self) -> int:
        """The declarer's side's card points (HU-8.1): its tricks and the declarer's discard (the
        other three discards count for the opponents, HU-4); in the tournament profile a lone
        declarer whose called card lies in a discard takes all six (HU-10)."""
        side = {self.declarer, self.partner} - {None}
        points = sum(c.points for t in self.tricks if t.winner in side for _, c in t.cards)
        in_discard = self.called is not None and any(self.called in d for d in self.discards.values())
        for seat, cards in self.discards.items():
            if seat == self.declarer or (self.profile == "tournament" and in_discard and self.alone):
                points += sum(c.points for c in cards)
        return points

    def _score(self) -> None:
        side = {self.declarer, self.partner} - {None}
        won = [t for t in self.tricks if t.winner in side]

        def holder_side(cards: set[Card]) -> Side | None:
            taken = {c for t in won for _, c in t.cards}
            lost = {c for t in self.tricks if t.winner not in side for _, c in t.cards}
            return _DECLARER if cards <= taken else _OPPONENTS if cards <= lost else None

        trull = holder_side(set(HONOURS))
        kings = holder_side(set(KINGS))
        xxi_catch = None
        for t in self.tricks:
            cards = dict((c, s) for s, c in t.cards)
            if SKIZ in cards and XXI in cards and self.side_of(cards[SKIZ]) is not self.side_of(cards[XXI]):
                xxi_catch = self.side_of(cards[SKIZ])
        last = self.tricks[-1]
        ultimo = None
        for s, c in last.cards:
            if c == PAGAT:
                ultimo = scoring.PagatUltimo(self.side_of(s), last.winner == s)
        announced = [scoring.Announcement(b, sd, k) for b, (sd, k) in self.announced.items()]
        roles = self._roles()
        tarokks = [scoring.TarokkCount(roles[s], n) for s, n in self.tarokk_counts.items()]
        result = scoring.score_deal(bid=self.level, alone=self.alone, points=self.card_points(),  # type: ignore[arg-type]
                                    tricks=len(won), announced=announced, trull=trull, four_kings=kings,
                                    xxi_catch=xxi_catch, pagat_ultimo=ultimo, tarokks=tarokks,
                                    multiplier=self.multiplier, profile=self.profile)
        by_role = result.by_role()
        scores = [0] * self.players
        for seat, role in roles.items():
            scores[seat] = by_role[role]
        self.result, self.scores = result, tuple(scores)

    def _roles(self) -> dict[int, str]:
        return roles(self.declarer, self.partner, self.active)  # type: ignore[arg-type]


def roles(declarer: int, partner: int | None, active: tuple[int, ...]) -> dict[int, str]:
    """Seat → role of a deal's score (:data:`~tarot_core.hungarian.scoring.ROLES`): ``declarer``,
    ``partner`` (none when alone), ``opponent1`` … in playing order from the declarer, among the
    four ``active`` seats (HU-2; the dealer sits out at five, HU-9). So a page names the holder of
    a tarokk count or a role's score from a view (its ``declarer``, ``partner``, ``active``)."""
    out = {declarer: "declarer"}
    if partner is not None:
        out[partner] = "partner"
    k = 0
    for i in range(1, 4):
        seat = active[(active.index(declarer) + i) % 4]
        if seat not in out:
            k += 1
            out[seat] = f"opponent{k}"
    return out


#: Compact moves: a Play is the card's index (0..41); the other actions are offset by kind.
MOVE_DISCARD, MOVE_CALL, MOVE_BID, MOVE_ANNUL = 64, 128, 192, 200
MOVE_ANNOUNCE, MOVE_KONTRA, MOVE_TAROKKS, MOVE_PASS = 208, 216, 224, 232
_ITEMS = ("game", *ANNOUNCEABLE)


def _winner(trick: tuple[tuple[int, Card], ...]) -> int:
    """HU-7: the highest tarokk wins; otherwise the highest card of the suit led."""
    tarokks = [(c.rank, s) for s, c in trick if c.is_tarokk]
    if tarokks:
        return max(tarokks)[1]
    led = trick[0][1].suit
    return max((c.rank, s) for s, c in trick if c.suit is led)[1]
