"""Hungarian Tarokk computer player v1 (issue 15, section 4): legal, seeded, versioned, reading
only its view, and not silly in the ways the issue names."""

from __future__ import annotations

import hashlib

import pytest

from tarot_core.ai import LEVELS, PLAYERS, choose_action, choose_move
from tarot_core.hungarian import RULES
from tarot_core.hungarian.actions import Announce, Bid, DeclareTarokks, Discard, Phase, Play
from tarot_core.hungarian.cards import PAGAT, SKIZ, XXI


def _computer_deal(seed: str, players: int, dealer: int, profile: str = "pagat"):
    game = RULES.new_state(RULES.deal(seed, players, dealer), profile=profile)
    seen = []
    while game.turn is not None:
        view = game.view(game.turn)
        action = choose_action(view, seed, game.ply)
        assert action in view.legal
        seen.append((view, action))
        game.apply(action)
    return game, seen


def test_the_player_is_published_as_v1_and_the_easy_level():
    assert ("hungarian", "v1") in PLAYERS and LEVELS["hungarian"]["easy"] == "v1"


@pytest.mark.parametrize("players", [4, 5])
def test_computer_deals_finish_and_behave(players):
    bids = plays = 0
    for k in range(40):
        game, seen = _computer_deal(f"ai/{players}/{k}", players, k % players, ("pagat", "tournament")[k % 2])
        assert sum(game.scores) == 0
        for view, action in seen:
            hand = set(view.hand)
            if isinstance(action, Bid) and action.bid is not None:
                bids += 1
                assert any(c.is_honour for c in hand)  # never without an honour, never the trial three
            if isinstance(action, Discard) and action.card.is_tarokk:
                assert all(a.card.is_tarokk for a in view.legal)  # a tarokk only when nothing else may go
            if isinstance(action, Play):
                plays += 1
                cards = {a.card for a in view.legal}
                if SKIZ in cards and any(c == XXI and s != view.seat and view.side is not None
                                         and s not in ({view.declarer, view.partner} if view.side.value == "declarer"
                                                       else set()) for s, c in view.trick):
                    if view.side.value == "declarer" or view.partner_known:
                        assert action.card == SKIZ  # the XXI catch
                if action.card == PAGAT and len(view.hand) > 1:
                    assert cards == {PAGAT} or all(c == PAGAT or c.is_honour for c in cards)
            if isinstance(action, Announce) and action.bonus == "pagat_ultimo":
                assert PAGAT in hand
        tarokks_declared = [a for _, a in seen if isinstance(a, DeclareTarokks)]
        for a in tarokks_declared:
            assert a.count in (8, 9)
    assert bids > 30 and plays > 1000


def test_the_same_seed_gives_the_same_choices_and_v1_never_changes_them():
    digest = hashlib.sha256()
    for k in range(12):
        game, _ = _computer_deal(f"pinned/{k}", 4 + k % 2, k % 4)
        digest.update(" ".join(str(a) for a in game.history).encode())
        again, _ = _computer_deal(f"pinned/{k}", 4 + k % 2, k % 4)
        assert again.history == game.history
    assert digest.hexdigest() == PINNED_V1


#: Made by this build (issue 15): v1 must reproduce these choices forever.
PINNED_V1 = "4afcea14e2ee595cd9e031f4a2bca8a70ce25d70007d49fff117c38c9ff5b877"


def test_choose_move_plays_the_same_through_the_state():
    game = RULES.new_state(RULES.deal("move", 4, 0))
    while game.turn is not None:
        move = choose_move(game, "move", game.ply)
        assert game.action_of(move) == choose_action(game.view(game.turn), "move", game.ply)
        game.push(move)
    assert game.phase in (Phase.DONE, Phase.ALL_PASS, Phase.ANNULLED)


def test_it_refuses_a_view_where_it_is_not_to_act():
    game = RULES.new_state(RULES.deal("x", 4, 0))
    with pytest.raises(ValueError):
        choose_action(game.view((game.turn + 1) % 4), "x", 0)


def test_after_a_tarokk_discard_it_calls_a_partner_not_its_own_card():
    """HU-5's free call lists every non-honour tarokk: v1 still calls the XX when it lacks it,
    else the highest tarokk it lacks, never one of its own (which would leave it alone)."""
    from tarot_core.hungarian.actions import Call
    from tarot_core.hungarian.ai_v1 import _call
    from tarot_core.hungarian.cards import DECK, XX
    calls = [Call(1, DECK[r - 1]) for r in range(2, 21)]

    class View:
        hand = (DECK[1], DECK[18], DECK[19])  # T2, T19, the XX

    assert _call(View, calls) == Call(1, DECK[17])  # the XVIII
    View.hand = (DECK[1],)
    assert _call(View, calls) == Call(1, XX)
