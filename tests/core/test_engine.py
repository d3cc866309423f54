"""The engine's shape (issue 14): the game protocol and registry, compact moves with push/pop,
copies, the seat's public history, and rule errors as message keys.

The expected values here come from the rules (``docs/rules/french-tarot.md``) and from the
public action values, never from the compact form under test: e.g. a pushed-then-popped state is
compared with a snapshot of every seat's view taken before, and the moves' order with
``legal_actions()`` (itself checked against the reference model in test_properties*.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import C, assert_illegal, make_deal4, snapshot
from tarot_core import game as registry
from tarot_core.french.contracts import Contract, Side
from tarot_core.french.dealing import deal
from tarot_core.errors import IllegalActionError
from tarot_core.french import RULES, Bid, Discard, FrenchDeal, Phase, Play, Poignee, SeatView
from tarot_core.game import GameRules, GameState, GameView, get_game
from tarot_core.match import Match


def _random_game(seed: int, players: int, steps: int | None = None) -> tuple[FrenchDeal, random.Random]:
    rng = random.Random(seed)
    game = FrenchDeal(deal(f"engine/{seed}", players, seed % players))
    limit = rng.randrange(0, 100) if steps is None else steps
    while game.turn is not None and game.ply < limit:
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


# --- protocol and registry ----------------------------------------------------------------------

def test_french_rules_are_registered_and_follow_the_protocol():
    rules = get_game("french")
    assert rules is RULES
    assert isinstance(rules, GameRules)
    assert rules.table_sizes == (3, 4, 5)
    assert dict(rules.counted_deals) == {3: 9, 4: 8, 5: 10}  # FR-8
    state = rules.new_state(rules.deal("seed", 4, 0))
    assert isinstance(state, GameState)
    assert isinstance(state.view(0), GameView)
    assert "french" in registry.game_ids()


def test_unknown_game_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        get_game("chess")
    with pytest.raises(ValueError, match="unknown game 'go' in a record"):
        registry.game_of_record("go")
    with pytest.raises(TypeError, match="GameRules protocol"):
        registry.register(object())  # type: ignore[arg-type]


def test_a_match_of_the_registered_game_by_id_or_rules_object():
    by_id = Match(4, "same", 2, game="french")
    by_rules = Match(4, "same", 2, game=RULES)
    assert by_id.current.deal == by_rules.current.deal
    with pytest.raises(ValueError, match="players must be one of 3, 4, 5"):
        Match(6, "x")


# --- compact moves ------------------------------------------------------------------------------

@given(st.integers(0, 10**6), st.sampled_from([3, 4, 5]))
def test_legal_moves_are_the_legal_actions_in_the_same_order(seed, players):
    game, rng = _random_game(seed, players, steps=10**6 if seed % 2 else None)
    while True:
        actions = game.legal_actions()
        moves = game.legal_moves()
        assert [game.action_of(m) for m in moves] == actions
        assert [game.move_of(a) for a in actions] == moves
        if not actions:
            break
        game.apply(rng.choice(actions))
        if rng.random() < 0.1:
            break


@given(st.integers(0, 10**6), st.sampled_from([3, 4, 5]))
def test_push_then_pop_restores_every_view(seed, players):
    """pop() takes back exactly what push() did, at every point of a deal, in every phase."""
    game, rng = _random_game(seed, players, steps=0)
    while game.turn is not None:
        before = snapshot(game)
        move = rng.choice(game.legal_moves())
        game.push(move)
        assert game.pop() == move
        assert snapshot(game) == before
        game.push(move)


@given(st.integers(0, 10**6), st.sampled_from([3, 4, 5]))
def test_a_whole_deal_popped_back_is_the_fresh_deal(seed, players):
    fresh = FrenchDeal(deal(f"engine/{seed}", players, seed % players))
    game, _ = _random_game(seed, players, steps=10**6)
    result = game.result
    undone = []
    while game.ply:
        undone.append(game.undo())
    assert snapshot(game) == snapshot(fresh)
    for action in reversed(undone):
        game.apply(action)
    assert game.result == result


@given(st.integers(0, 10**6), st.sampled_from([3, 4, 5]), st.integers(0, 60))
def test_a_playout_popped_back_is_the_state_it_started_from(seed, players, steps):
    """playout() stores lighter undo records than push(); pop() takes its moves back as well:
    popped one at a time, the views at each ply are those of the same moves pushed."""
    start, _ = _random_game(seed, players, steps=steps)
    played = start.copy()
    played.playout(random.Random(seed))
    twin = start.copy()
    for move in played._moves[start.ply:]:
        twin.push(move)
    while played.ply > start.ply:
        assert snapshot(played) == snapshot(twin)
        assert played.pop() == twin.pop()
    assert snapshot(played) == snapshot(start)


def test_undo_of_nothing_is_an_index_error():
    game = FrenchDeal(deal(1, 4, 0))
    with pytest.raises(IndexError):
        game.pop()
    with pytest.raises(IndexError):
        game.undo()


def test_action_of_rejects_a_number_that_is_no_move():
    game = FrenchDeal(deal(1, 4, 0))
    for bad in (-1, 78, 100, 399, 402, 1 << 29):
        with pytest.raises(ValueError, match="not a French Tarot move"):
            game.action_of(bad)


def test_copy_is_independent():
    game, rng = _random_game(3, 4, steps=30)
    twin = game.copy()
    assert snapshot(twin) == snapshot(game)
    before = snapshot(game)
    while twin.turn is not None:
        twin.apply(rng.choice(twin.legal_actions()))
    assert snapshot(game) == before
    twin.undo()
    assert twin.turn is not None and game.ply == 30


# --- the seat's public history ------------------------------------------------------------------

ECART_HANDS = [
    "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 KS QS KH QH KD QD",
    "T18 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS 1C 2C 3C 4C 5C",
    "T19 T20 T21 EX 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH 1D 2D",
    "3D 4D 5D 6D 7D 8D 9D 10D JD ND 6C QC NC JC 10C 9C 8C 7C",
]
ECART_CHIEN = "KC T13 T14 T15 T16 T17"


def test_views_hide_another_seat_s_plain_discards_and_show_its_trumps():
    """FR-4.1: only the écart's trumps are shown. Seat 0 takes with a garde; with the chien its
    only plain cards that may go aside are three Queens, so three trumps go too."""
    game = FrenchDeal(make_deal4(ECART_HANDS, chien=ECART_CHIEN, dealer=3))
    game.apply(Bid(0, Contract.GARDE))
    for seat in (1, 2, 3):
        game.apply(Bid(seat, None))
    game.apply_ecart([C(t) for t in ("QS", "QH", "QD", "T2", "T3", "T4")])
    taker, other = game.view(0), game.view(2)
    discards = [a for a in taker.history if isinstance(a, Discard)]
    assert [str(a.card) for a in discards] == ["QS", "QH", "QD", "T2", "T3", "T4"]
    seen = [a for a in other.history if isinstance(a, Discard)]
    assert [a.card for a in seen if a.card is not None] == [C("T2"), C("T3"), C("T4")]
    assert sum(1 for a in seen if a.card is None) == 3
    assert str(seen[0]) == "0:discard ?"
    assert len(other.history) == len(taker.history) == game.ply


def test_a_view_s_history_is_every_action_in_order():
    game, _ = _random_game(11, 5, steps=40)
    view = game.view(3)
    assert isinstance(view, SeatView)
    public = [a for a in game.history if not isinstance(a, Discard)]
    assert [a for a in view.history if not isinstance(a, Discard)] == public


# --- rule errors as message keys ----------------------------------------------------------------

def test_rule_errors_carry_a_message_key_and_parameters():
    game = FrenchDeal(deal(5, 4, 3))
    error = assert_illegal(game, Bid(2, None), "FR-2")
    assert error.key == "not_your_turn" and error.params == {"turn": 0, "seat": 2}
    game.apply(Bid(0, Contract.GARDE))
    error = assert_illegal(game, Bid(1, Contract.PRISE), "FR-3")
    assert error.key == "bid_too_low" and error.params == {"highest": "garde"}
    error = assert_illegal(game, Play(1, C("KS")))
    assert error.key == "play_not_now"


def test_must_follow_names_the_suit_as_data():
    game = FrenchDeal(make_deal4(ECART_HANDS, chien=ECART_CHIEN, dealer=3))
    game.apply(Bid(0, Contract.GARDE_SANS))
    for seat in (1, 2, 3):
        game.apply(Bid(seat, None))
    game.apply(game.legal_actions()[0])  # no chelem
    game.apply(Play(0, C("KH")))
    game.apply(Play(1, C("T18")))  # seat 1 has no heart: trumps
    error = assert_illegal(game, Play(2, C("1D")), "FR-5.2")
    assert (error.key, error.params) == ("must_follow", {"suit": "hearts"})
    assert str(error) == "illegal action 2:1D: must follow hearts (FR-5.2)"


def test_every_error_the_engine_raises_has_a_key():
    """Random illegal actions over many states: each rejection names a key (never the default)."""
    keys = set()
    for seed in range(150):
        game, _ = _random_game(seed, 3 + seed % 3)
        if game.turn is None:
            continue
        seat = game.turn
        hand = sorted(game.hands[seat], key=lambda c: c.index)
        candidates = [Play(seat, c) for c in hand] + [Play((seat + 1) % game.players, hand[0])]
        candidates += [Discard(seat, c) for c in hand] + [Bid(seat, Contract.PRISE)]
        candidates += [Poignee(seat, frozenset(hand[:10]))]
        for action in candidates:
            try:
                game.copy().apply(action)
            except IllegalActionError as error:
                assert error.key != "illegal", error
                keys.add(error.key)
    assert {"not_your_turn", "play_not_now", "must_follow", "poignee_not_trumps"} <= keys


def test_playout_scores_are_the_scores_of_the_deal_result():
    """playout() returns scores without building the DealResult (its own path through FR-6 and
    FR-7); they equal the checked scoring's. Deals at 3, 4 and 5 players are played to their end
    by fixed choices (the first, last or middle legal move) or random ones, which between them
    make chelems, Petits au bout of both sides and an Excuse lost in the last trick (FR-6.2);
    some are also played out from part-way with random draws, against the public loop."""
    seen = set()
    for players in (3, 4, 5):
        for k in range(400):
            dealt = deal(f"playout-score/{players}/{k}", players, k % players)
            game, rng = FrenchDeal(dealt), random.Random(k)
            while game.turn is not None:
                moves = game.legal_moves()
                game.push(moves[(0, -1, len(moves) // 2, int(rng.random() * len(moves)))[k % 4]])
            result = game.result
            if result is None:
                continue
            assert game._scores_only() == result.scores
            seen.update({("chelem", result.chelem_made_by), ("petit", result.petit_au_bout),
                         ("excuse", result.excuse_lost_by)})
            if k % 10:
                continue
            for ply in (0, 9, 30, 50):  # a random end from part-way: playout() vs the public loop
                part = FrenchDeal(dealt)
                for move in game._moves[:ply]:
                    part.push(move)
                twin = part.copy()
                scores = part.playout(random.Random(ply))
                rng = random.Random(ply)
                while twin.turn is not None:
                    moves = twin.legal_moves()
                    twin.push(moves[int(rng.random() * len(moves))])
                assert part.history == twin.history and scores == twin.scores
    assert {("chelem", Side.DEFENCE), ("petit", Side.ATTACK), ("petit", Side.DEFENCE),
            ("excuse", Side.ATTACK), ("excuse", Side.DEFENCE)} <= seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_playout_makes_the_moves_of_a_legal_moves_loop_with_the_same_draws(players):
    """playout() picks cards from masks without listing them: the same draws give the very moves
    of the public loop over legal_moves()/push(), and the same scores."""
    for k in range(30):
        dealt = deal(f"playout/{players}/{k}", players, k % players)
        fast, slow = FrenchDeal(dealt), FrenchDeal(dealt)
        scores = fast.playout(random.Random(k))
        rng = random.Random(k)
        while slow.turn is not None:
            moves = slow.legal_moves()
            slow.push(moves[int(rng.random() * len(moves))])
        assert fast.history == slow.history
        assert scores == slow.scores and sum(scores) == 0
