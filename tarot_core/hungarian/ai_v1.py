"""Computer player ``v1`` of Hungarian Tarokk: legal, quick and not silly (the strong players are
a later issue). It reads only its seat's :class:`~tarot_core.hungarian.view.HungarianView`.

**Frozen**: once published, ``v1`` never changes its choices (share codes and daily results
replay against it); a better player is a new version.

What it does:

* **Bids** only with an honour and a hand worth it (:func:`hand_strength` against
  :data:`BID_THRESHOLDS`, give or take a seeded draw of ±2), the lowest legal level up to what the
  hand is worth, holding when it may; an invitation is legal only holding its card, so it never
  invites without it; it never tries the trial three. Where a pass would yield the game without
  the XX (HU-3.2) it holds.
* **Discards** the suit cards of its shortest suits first (to void them), their highest card
  points first (those points are then safe in the discard), a tarokk only when nothing else
  may go, the lowest.
* **Annuls** (HU-4.1) a hand without tarokks, never four Kings.
* **Calls** the XX when it lacks it, else the highest tarokk it lacks among those it may call
  (HU-5); its own card, alone, only when nothing else is allowed.
* **Announces**, while announcements count for its own side (HU-6), what it can usually make: the trull holding two honours and
  seven tarokks; four kings holding all four; the pagát ultimó holding the pagát and eight
  tarokks. It says **kontra** on a trull when it holds the Skíz (which no trick can take), and
  on the game as an opponent holding two honours and six tarokks. It declares eight or nine
  tarokks (HU-6.3). Never a rekontra.
* **Plays**: the Skíz on an opponent's XXI (the XXI catch); the pagát kept for the last trick
  (the ultimó) unless forced; its XXI not exposed while the Skíz is out and somebody plays after
  it; points given to a trick its side is sure to win; otherwise the cheapest card that wins the
  trick when the trick is worth it, else its cheapest card.
"""

from __future__ import annotations

from typing import Any

from ..rng import DealRng
from .actions import Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase, Play
from .cards import PAGAT, SKIZ, XXI, Card
from .scoring import Bid as Level
from .scoring import Side
from .view import HungarianView

__all__ = ["AI_LABEL", "BID_THRESHOLDS", "hand_strength", "choose_action", "bid_with_draw", "announcement"]

AI_LABEL = "tarot-core/hungarian-ai/v1"
#: The least :func:`hand_strength` for each bid (HU-3), low to high.
BID_THRESHOLDS: tuple[tuple[Level, int], ...] = ((Level.THREE, 24), (Level.TWO, 32), (Level.ONE, 38),
                                                 (Level.SOLO, 46))
_LEVELS = (Level.THREE, Level.TWO, Level.ONE, Level.SOLO)


def hand_strength(hand) -> int:
    """How good a hand is to play: 8 per honour, 2 per tarokk, 1 more per tarokk from the XVI
    up, 3 per King, 2 per void suit."""
    tarokks = [c for c in hand if c.is_tarokk]
    honours = sum(c.is_honour for c in hand)
    suits = {c.suit for c in hand if not c.is_tarokk}
    return 8 * honours + 2 * len(tarokks) + sum(c.rank >= 16 for c in tarokks) + 3 * sum(c.is_king for c in hand) \
        + 2 * (4 - len(suits))


def _draw(seed: int | str, seat: int, step: int, n: int) -> int:
    return DealRng(f"{seed}|{seat}|{step}", label=AI_LABEL).below(n)


def choose_action(view: HungarianView, seed: int | str, step: int) -> Any:
    """The action ``v1`` takes for ``view.seat`` now (one of ``view.legal``).

    ``seed`` and ``step`` seed its one random draw (the bid's ±2), as for
    :func:`tarot_core.ai.choose_action`. Raises ``ValueError`` when it is not this seat's turn.
    """
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} is not to act")
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase is Phase.BIDDING:
        return _bid(view, legal, seed, step)
    if phase is Phase.DISCARD:
        if isinstance(legal[0], Annul):
            annul = not any(c.is_tarokk for c in view.hand) and sum(c.is_king for c in view.hand) < 4
            return Annul(view.seat, annul)
        return _discard(view, legal)
    if phase is Phase.CALL:
        return _call(view, legal)
    if phase is Phase.ANNOUNCEMENTS:
        return _announce(view, legal)
    return _play(view, legal)


def _call(view: HungarianView, legal: list) -> Call:
    """The XX when it lacks it, else the highest tarokk it lacks among those it may call; its
    own card (alone) only when nothing else is allowed (HU-5)."""
    hand = set(view.hand)
    for action in sorted(legal, key=lambda a: (a.card.rank != 20, -a.card.rank)):
        if action.card not in hand:
            return action
    return legal[0]


def _bid(view: HungarianView, legal: list, seed: int | str, step: int) -> Bid:
    return bid_with_draw(view, legal, _draw(seed, view.seat, step, 5) - 2)


def bid_with_draw(view: HungarianView, legal: list, draw: int) -> Bid:
    """``v1``'s bid for ``view.seat`` (one of ``legal``, the view's legal bids) when its seeded
    draw added ``draw`` (-2 .. 2) to the hand's strength: for a search player's model of how
    ``v1`` bids with a hand it does not see (HU-3)."""
    hand = view.hand
    if not any(c.is_honour for c in hand):
        return Bid(view.seat, None) if Bid(view.seat, None) in legal else legal[0]
    strength = hand_strength(hand) + draw
    worth = [level for level, least in BID_THRESHOLDS if strength >= least]
    for action in legal:  # the lowest legal level the hand is worth (a hold comes first: same level)
        if action.bid is not None and action.bid in worth:
            return action
    if Bid(view.seat, None) in legal:
        return Bid(view.seat, None)
    return next(a for a in legal if a.bid is not None)  # a pass would yield without the XX: hold


def _discard(view: HungarianView, legal: list) -> Discard:
    counts: dict[Any, int] = {}
    for c in view.hand:
        if not c.is_tarokk:
            counts[c.suit] = counts.get(c.suit, 0) + 1

    def key(action: Discard) -> tuple:
        c = action.card
        if c.is_tarokk:
            return (1, 0, c.rank, c.index)
        return (0, counts.get(c.suit, 0), -c.points, c.index)

    return min(legal, key=key)


def announcement(view: HungarianView, legal: list):
    """``v1``'s choice in the announcements (HU-6) for ``view.seat``, one of ``legal`` (the
    view's legal actions there); deterministic, as a search player's model of ``v1``."""
    return _announce(view, legal)


def _announce(view: HungarianView, legal: list):
    seat, hand = view.seat, view.hand
    tarokks = sum(c.is_tarokk for c in hand)
    honours = sum(c.is_honour for c in hand)
    for action in legal:
        if isinstance(action, DeclareTarokks):
            return action
    wanted = []
    if honours >= 2 and tarokks >= 7:
        wanted.append("trull")
    if sum(c.is_king for c in hand) == 4:
        wanted.append("four_kings")
    if PAGAT in hand and tarokks >= 8:
        wanted.append("pagat_ultimo")
    for bonus in wanted:  # only while announcements count for its own side (HU-6)
        if view.speaking is view.side and Announce(seat, bonus) in legal:
            return Announce(seat, bonus)
    announced = {b: (side, k) for b, side, k in view.announced}
    if SKIZ in hand and Kontra(seat, "trull") in legal and announced.get("trull", (None, 1))[1] == 0:
        return Kontra(seat, "trull")
    if (view.side is Side.OPPONENTS and honours >= 2 and tarokks >= 6 and Kontra(seat, "game") in legal
            and "game" not in announced):
        return Kontra(seat, "game")
    return Pass(seat) if Pass(seat) in legal else legal[0]


def _beats(card: Card, best: Card, led) -> bool:
    if card.is_tarokk:
        return not best.is_tarokk or card.rank > best.rank
    return not best.is_tarokk and card.suit is led and card.rank > best.rank


def _play(view: HungarianView, legal: list) -> Play:
    seat = view.seat
    cards = [a.card for a in legal]
    trick = view.trick
    seen = {c for t in view.tricks for _, c in t.cards} | {c for _, c in trick} | set(view.hand)
    last_trick = len(view.hand) == 1
    # Who is known to be on this seat's side (the partner once known; the declarer always).
    mine = {seat}
    if view.side is Side.DECLARER:
        mine.add(view.declarer)
        if view.partner is not None:
            mine.add(view.partner)
    elif view.side is Side.OPPONENTS and view.partner_known:
        mine |= set(view.active) - {view.declarer, view.partner}
    if trick:
        led = trick[0][1].suit
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if _beats(c, best, led):
                best_seat, best = s, c
        if SKIZ in cards and any(c == XXI for s, c in trick if s not in mine):
            return Play(seat, SKIZ)  # the XXI catch
    keep = [c for c in cards if c != PAGAT or last_trick] or cards  # the pagát waits for the last trick
    if XXI in keep and SKIZ not in seen and len(keep) > 1 and len(trick) < len(view.active) - 1:
        keep = [c for c in keep if c != XXI]  # do not offer the XXI to the Skíz
    if not trick:
        plain = [c for c in keep if not c.is_tarokk]
        pool = plain or keep
        return Play(seat, min(pool, key=lambda c: (c.points, c.rank, c.index)))
    last_to_play = len(trick) == len(view.active) - 1
    if best_seat in mine and (last_to_play or best.is_tarokk and best.rank >= 20):
        return Play(seat, max(keep, key=lambda c: (not c.is_honour, c.points, -c.index)))  # give points
    winners = [c for c in keep if _beats(c, best, led)]
    points = sum(c.points for _, c in trick)
    if winners and (points >= 4 or last_to_play):
        return Play(seat, min(winners, key=lambda c: (c.is_honour, c.rank if c.is_tarokk else c.points, c.index)))
    return Play(seat, min(keep, key=lambda c: (c.is_honour, c.points, c.rank, c.index)))
