"""determinize(view, rng): worlds consistent with what one seat knows (issue 14, section 2).

Views come from random deals (seeded random legal play stopped at a random point, at 3, 4 and 5
players, every phase); for each, the checks are independent of the sampler:

* the sampled world replays the seat's history through the checked engine and shows the seat
  exactly its view (``world.view(seat) == view``), so it is legal and consistent;
* the true world is one the facts allow: each unseen card's real place is among its places;
* over many draws, each unseen card lands in its real place at least once (a non-zero
  probability), and never anywhere the facts exclude;
* the same view and seed give the same world.

Size: ``TAROT_DETERMINIZE_VIEWS`` views (default 1500; a nightly size is 20000 or more).
"""

from __future__ import annotations

import os
import random

import pytest

from helpers import C, make_deal
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, Call, FrenchDeal, Phase, Play
from tarot_core.french.determinize import DeterminizeError, determinize, placements
from tarot_core.rng import DealRng

VIEWS = int(os.environ.get("TAROT_DETERMINIZE_VIEWS", "1500"))


def _random_view(k: int):
    """A deal played at random to a random point, and a random seat's view of it."""
    rng = random.Random(k)
    players = 3 + k % 3
    game = FrenchDeal(deal(f"det/{k}", players, k % players))
    stop = rng.choice([0, 2, 5, 7, 9, 12, 20, 40, 60, 80, 200])
    while game.turn is not None and game.ply < stop:
        actions = game.legal_actions()
        # Bid more often than uniformly, so that every contract and phase shows up.
        bids = [a for a in actions if isinstance(a, Bid) and a.contract is not None]
        game.apply(rng.choice(bids) if bids and rng.random() < 0.3 else rng.choice(actions))
    return game, rng.randrange(players)


def _true_place(game: FrenchDeal, card):
    for seat in range(game.players):
        if card in game.hands[seat]:
            return seat
    return "ecart" if card in game.ecart else "chien"


@pytest.mark.slow
def test_sampled_worlds_show_the_seat_exactly_its_view_and_allow_the_true_world():
    phases, sizes = set(), set()
    for k in range(VIEWS):
        game, seat = _random_view(k)
        view = game.view(seat)
        world = determinize(view, DealRng(f"world/{k}"))
        assert world.view(seat) == view, k
        for card, places in placements(view).items():
            assert _true_place(game, card) in places, (k, card)
            assert card not in view.hand
        phases.add(view.phase)
        sizes.add(game.players)
    assert sizes == {3, 4, 5}
    assert {Phase.BIDDING, Phase.ECART, Phase.PLAY, Phase.DONE} <= phases


def _hidden(view, world):
    return {card: _true_place(world, card) for card in placements(view)}


@pytest.mark.slow
@pytest.mark.parametrize("k", range(0, 60, 3))
def test_every_unseen_card_reaches_its_true_place_and_only_allowed_places(k):
    game, seat = _random_view(k)
    view = game.view(seat)
    allowed = placements(view)
    truth = _hidden(view, game)
    seen: dict = {card: set() for card in allowed}
    for n in range(300):
        world = determinize(view, DealRng(f"draw/{k}/{n}"))
        for card, place in _hidden(view, world).items():
            seen[card].add(place)
    for card, places in seen.items():
        assert places <= allowed[card], card
        assert truth[card] in places, (card, truth[card], places)


def test_the_same_view_and_seed_give_the_same_world():
    game, seat = _random_view(5)
    view = game.view(seat)
    one = determinize(view, DealRng("same"))
    two = determinize(view, DealRng("same"))
    assert one.deal == two.deal
    assert one.deal != determinize(view, DealRng("other")).deal or not placements(view)


def test_voids_and_trump_ceilings_revealed_by_play_are_kept():
    """Seat 1 does not follow spades and trumps under the T10 (FR-5.2, FR-5.3): it has no spade
    and no trump above the 10 in any sampled world."""
    d = make_deal(4, {0: "KS T10", 1: "T5 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH KH 1D 2D 3D",
                      2: "1S", 3: "2S"}, dealer=3)
    game = FrenchDeal(d)
    game.apply(Bid(0, Contract.GARDE_SANS))
    for seat in (1, 2, 3):
        game.apply(Bid(seat, None))
    game.apply(game.legal_actions()[0])
    game.apply(Play(0, C("KS")))
    game.apply(Play(1, C("T5")))  # no spade, and no choice of trump yet: T5 over nothing
    view = game.view(2)
    places = placements(view)
    assert all(1 not in places[c] for c in places if c.suit.name == "SPADES")
    worlds = [determinize(view, DealRng(f"void/{n}")) for n in range(50)]
    for world in worlds:
        assert not any(c.suit.name == "SPADES" for c in world.hands[1])


def test_the_called_king_stays_hidden_until_the_partner_is_known():
    """Five players (FR-4.2): seat 3 does not know who holds the called King, so the worlds put
    it in every other hand (or the chien nobody saw); seat 0 holds it and knows."""
    for k in range(200):
        game = FrenchDeal(deal(f"called/{k}", 5, 4))
        game.apply(Bid(0, Contract.GARDE_SANS))
        for seat in (1, 2, 3, 4):
            game.apply(Bid(seat, None))
        king = next(a for a in game.legal_actions() if isinstance(a, Call) and a.card not in game.hands[0])
        game.apply(king)
        if game.partner not in (None, 3):
            break
    view = game.view(3)
    places = placements(view)
    assert places[king.card] == {0, 1, 2, 4, "chien"} - {3}
    holders = {_true_place(determinize(view, DealRng(f"k/{n}")), king.card) for n in range(200)}
    assert holders == {0, 1, 2, 4, "chien"}
    partner_view = game.view(game.partner)
    assert king.card not in placements(partner_view)


def test_a_view_that_no_deal_fits_is_refused():
    game, seat = _random_view(8)
    view = game.view(seat)
    from tarot_core.values import replace
    broken = replace(view, hand_sizes=tuple(n + 1 for n in view.hand_sizes))
    with pytest.raises(DeterminizeError):
        determinize(broken, DealRng("x"))
    with pytest.raises(TypeError):
        determinize("not a view", DealRng("x"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a tarot_core.rng.DealRng or a random.Random"):
        determinize(view, 42)  # type: ignore[arg-type]


def test_a_random_random_stream_works_too():
    game, seat = _random_view(11)
    view = game.view(seat)
    world = determinize(view, random.Random(3))
    assert world.view(seat) == view
    assert determinize(view, random.Random(3)).deal == world.deal
