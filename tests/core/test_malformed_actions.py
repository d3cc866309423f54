"""Both engines refuse every malformed or illegal action cleanly (issue 31, part 5).

A random reachable state of each game and table (French Tarot at 3, 4 and 5 players; Hungarian
Tarokk at 4 and 5, pagat and tournament rules, HU-10), reached by random legal actions, is given
actions of every kind the engine knows built from a pool of values: good ones (the seat to act,
another seat, cards held, cards held by others, every bid, bonus, count) and bad ones (``None``,
floats, bools, strings, ints for cards, out-of-range seats, the other game's cards, lists).

* A well-formed action in ``legal_actions()`` is accepted (checked on a copy, ``is_legal``
  agrees).
* Any other — a field of the wrong type or out of range, a card not held, another seat's turn,
  another phase's action, a tarokk count that is not the eight or nine held (HU-6.3) — raises
  :class:`~tarot_core.errors.IllegalActionError` (never ``AttributeError``/``TypeError``, never a
  later ``ScoreInputError``) and leaves the state exactly as it was (history, legal actions,
  every seat's view, scores). A Hungarian refusal names its HU rule.

A seat ``True`` or ``1.0`` compares equal to ``1``, so such an action even equals a legal one:
it is still refused (a record could not hold it).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tarot_core.french.contracts import Contract
from tarot_core.errors import IllegalActionError
from tarot_core.french import Bid as FBid
from tarot_core.french import Call as FCall
from tarot_core.french import Chelem, FrenchDeal, Poignee
from tarot_core.french import Discard as FDiscard
from tarot_core.french import Play as FPlay
from tarot_core.french.cards import DECK as FDECK
from tarot_core.french.cards import Card as FCard
from tarot_core.french.dealing import deal as french_deal
from tarot_core.hungarian.actions import (Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass,
                                          Phase, Play)
from tarot_core.hungarian.cards import DECK as HDECK
from tarot_core.hungarian.cards import Card as HCard
from tarot_core.hungarian.dealing import deal as hungarian_deal
from tarot_core.hungarian.scoring import Bid as Level
from tarot_core.hungarian.state import ANNOUNCEABLE, HungarianDeal

TABLES = [("french", 3, None), ("french", 4, None), ("french", 5, None), ("hungarian", 4, "pagat"),
          ("hungarian", 4, "tournament"), ("hungarian", 5, "pagat"), ("hungarian", 5, "tournament")]
BAD = [None, 1.0, True, False, -1, 7, "1", "KS", "T21", 3, 2.5, "x" * 50, [], (), {}]
#: Seats no table has (7 is out of range at every table).
BAD_SEATS = [None, 1.0, 0.0, True, False, -1, 7, "1", 2.5, "x" * 50, []]


def reach(table, seed: int, steps: int):
    game_name, players, profile = table
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    if game_name == "french":
        game = FrenchDeal(french_deal(seed, players, dealer))
    else:
        game = HungarianDeal(hungarian_deal(seed, players, dealer), profile=profile)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


def snapshot(game):
    views = [game.view(s) for s in range(game.players)]
    return list(game.history), game.legal_actions(), views, game.scores if hasattr(game, "scores") else None


def hands(game):
    if isinstance(game, FrenchDeal):
        return [game.view(s).hand for s in range(game.players)]
    return [sorted(h, key=lambda c: c.index) for h in game.hands]


def candidates(game, rng: random.Random) -> list[tuple[object, bool]]:
    """``(action, well_formed)`` pairs of every kind, good and bad fields mixed."""
    french = isinstance(game, FrenchDeal)
    deck, other_deck = (FDECK, HDECK) if french else (HDECK, FDECK)
    turn = game.turn if game.turn is not None else 0
    seats = [turn, (turn + 1) % game.players]
    held = [c for h in hands(game) for c in h]
    cards = rng.sample(held, min(3, len(held))) + rng.sample(list(deck), 2)
    bad_cards = BAD + [rng.choice(other_deck)]
    out: list[tuple[object, bool]] = []
    legal = game.legal_actions()
    for a in rng.sample(legal, min(3, len(legal))):
        out.append((a, True))
        for bad_seat in (float(a.seat), a.seat == 1 or bool(a.seat), None, str(a.seat), game.players, -1):
            fields = [getattr(a, f) for f in type(a).__slots__]
            if type(bad_seat) is int and 0 <= bad_seat < game.players:
                continue
            out.append((type(a)(bad_seat, *fields[1:]), False))
    if french:
        kinds = [(FPlay, cards, bad_cards), (FDiscard, cards, bad_cards), (FCall, cards, bad_cards),
                 (FBid, [None, *Contract], [*BAD[1:], "garde"]), (Chelem, [True, False], [None, 1, 0, "yes"]),
                 (Poignee, [], [None, frozenset({"T1"}), ["T21"], frozenset({rng.choice(other_deck)})])]
    else:
        kinds = [(Play, cards, bad_cards), (Discard, cards, bad_cards), (Call, cards, bad_cards),
                 (Bid, [None, *Level], [*BAD[1:], "three"]), (Annul, [True, False], [None, 1, 0, 1.0, "no"]),
                 (Announce, list(ANNOUNCEABLE), [*BAD, "game", "nope"]),
                 (Kontra, ["game", *ANNOUNCEABLE], [*BAD, "nope"]),
                 (DeclareTarokks, list(range(0, 12)), [None, 8.0, 9.0, True, "8"])]
    for cls, good, bad in kinds:
        for seat in seats:
            for value in rng.sample(good, min(3, len(good))):
                # A tarokk count other than 8 or 9 is malformed (HU-6.3), even when it is the count held.
                out.append((cls(seat, value), not (cls is DeclareTarokks and value not in (8, 9))))
            for value in rng.sample(bad, min(3, len(bad))):
                out.append((cls(seat, value), False))
        out.append((cls(rng.choice(BAD_SEATS), good[0] if good else None), False))
    if not french:
        for seat in seats:
            out.append((Pass(seat), True))
        out.append((Pass(rng.choice(BAD_SEATS)), False))
    return out


def check(game, action, well_formed: bool) -> str:
    legal = game.legal_actions()
    if well_formed and action in legal and not isinstance(action, Poignee):
        copy = game.copy()
        assert copy.is_legal(action)
        copy.apply(action)
        return "accepted"
    if well_formed and isinstance(action, Poignee):
        return "skipped"  # any poignée of the right size is legal, not only the one listed
    before = snapshot(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.action is action
    if isinstance(game, HungarianDeal) and not game.is_over:
        assert info.value.rule is not None and info.value.rule.startswith("HU-"), info.value
        assert game.error_of(action) is not None
    assert snapshot(game) == before
    return info.value.key


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 10 ** 6), st.integers(0, 120))
def test_malformed_and_illegal_actions_are_refused_and_change_nothing(table, seed, steps):
    game, rng = reach(table, seed, steps)
    event(f"{table[0]} {table[1]} {getattr(game.phase, 'value', game.phase)}")
    for action, well_formed in candidates(game, rng):
        check(game, action, well_formed)
    for a in game.legal_actions():  # every legal action is still legal
        assert game.is_legal(a)


def _hungarian_at_announcements(seed: str) -> HungarianDeal:
    rng = random.Random(seed)
    while True:
        game = HungarianDeal(hungarian_deal(seed, 4, 0))
        while not game.is_over and game.phase is not Phase.ANNOUNCEMENTS:
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.ANNOUNCEMENTS:
            return game
        seed += "+"


def test_hu_6_3_a_tarokk_count_other_than_eight_or_nine_is_refused_even_when_true():
    """The issue's case: seven tarokks held, ``DeclareTarokks(seat, 7)`` was accepted and the
    last trick then raised ``ScoreInputError``; now refused at once naming HU-6.3."""
    game = _hungarian_at_announcements("count")
    seat = game.turn
    held = sum(c.is_tarokk for c in game.hands[seat])
    for n in {held, 0, 7, 10, 22} - {8, 9}:
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as info:
            game.apply(DeclareTarokks(seat, n))
        assert (info.value.rule, info.value.key) == ("HU-6.3", "malformed")
        assert snapshot(game) == before


@pytest.mark.parametrize("action", [Annul(1, None), Annul(1.0, False), Annul(True, False), Play(1, None),
                                    Play(1, 5), Play(1, "SKIZ"), Discard(1, None), Call(1, 20),
                                    Bid(1.0, None), Bid(True, Level.THREE), Kontra(1, ["game"]),
                                    Announce(1, None), DeclareTarokks(1, 8.0), Pass(1.0)])
def test_hungarian_malformed_fields_raise_illegal_action_error_naming_the_rule(action):
    game = HungarianDeal(hungarian_deal("malformed", 4, 0))  # seat 1 (the forehand) is to bid
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.key == "malformed" and info.value.rule in ("HU-1", "HU-2", "HU-3", "HU-4.1", "HU-6",
                                                                  "HU-6.3")
    assert snapshot(game) == before
