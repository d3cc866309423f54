"""One conformance suite for every registered game (issue 32), through the game protocol only.

In the spirit of OpenSpiel's shared basic tests (``RandomSimTest``, its undo variant,
``ResampleInfostateTest``): every game of :func:`tarot_core.game.game_ids`, at every table size
it lists, is driven by seeded random playouts through :class:`~tarot_core.game.GameRules`,
:class:`~tarot_core.game.GameState` and :class:`~tarot_core.game.GameView` alone — never a
game's own module — and checked for what the protocol promises:

* **playouts**: a deal reaches its end; until then ``legal_actions()`` is non-empty, without
  repeats, as long as ``legal_moves()``, and the view of the seat to act lists it (every other
  seat's lists nothing); at the end nothing is legal and the scores, one int per seat, sum to
  zero (both games' rules say so: FR-7.5, HU-8.3; the protocol has no field saying it);
* **push/pop**: at every step of a playout, ``push`` of a legal move and ``apply`` of the legal
  action at the same index give the same state, and ``pop`` after either restores the state
  exactly (a full fingerprint: every seat's view, the legal actions and moves, the history, the
  scores, the deal record); a state advanced by ``push`` alone stays equal to one advanced by
  ``apply`` alone, and popping a whole deal back gives the fresh deal; over many more deals,
  every legal move pushed and popped leaves a cheaper fingerprint unchanged (so that rare moves,
  a poignée or an annulment, are met);
* **illegal actions**: an action legal at another moment or for another seat (of this deal or
  another), or garbage, is refused with :class:`~tarot_core.errors.IllegalActionError` (naming
  it, with a message key) and the state is unchanged;
* **hidden cards**: ``determinize(view, rng)`` gives a state whose view for that seat is that
  view, while other seats' views differ in some draws (the hidden cards were drawn again), so a
  seat's view does not depend on the cards hidden from it; the real and the drawn world,
  continued by the same actions for as long as an action is legal in both, keep showing that seat
  the same turns and history (the rest of its view may differ once a chien or talon turns up);
* **determinize**: the drawn state is a legal complete state: its deal record replays (every
  action checked from its dealt cards) and it plays out to the end;
* **records**: ``replay_deal(deal_record(state))`` gives the same state at every step (the record
  is JSON, and survives a JSON round trip), and the same result at the end.

The expected values come from the protocol's own promises (one state compared with another
reached another way), never from a game's module.

Adding a game: nothing to do here, a registered game is checked at every table size. The toy game
of ``tests/toy_game.py`` is added in :func:`registered_games` (one line, see there).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any, Iterator

import pytest

from tarot_core.errors import IllegalActionError
from tarot_core.game import GameRules, GameState, GameView, game_ids, game_of_record, get_game

import toy_game  # tests/toy_game.py: a third game registered only in the tests

#: Deals per table size for the playout checks (seeded: the same deals on every run).
DEALS = 3
#: Deals per table size for the cheaper check of every legal move.
WIDE_DEALS = 25
#: The longest deal any game may take, in actions: a deal longer than this never ends.
MAX_ACTIONS = 1_000
#: Values no game takes as an action.
GARBAGE: tuple[Any, ...] = (None, 0, -1, 3.5, True, "garbage", "", (), [], {}, object())


def registered_games() -> contextlib.AbstractContextManager:
    """A context in which every game this suite checks is registered: the project's games, and
    the toy game of ``tests/toy_game.py`` (registered only in the tests), so that every check
    below runs for a third game that no service was written for."""
    return toy_game.registered()


def tables() -> list[tuple[str, int]]:
    """``(game id, table size)`` for every registered game and every size it is played at."""
    with registered_games():
        return [(game_id, players) for game_id in game_ids() for players in get_game(game_id).table_sizes]


TABLES = tables()
GAMES = sorted({game_id for game_id, _ in TABLES})
TABLE_IDS = [f"{game_id}-{players}" for game_id, players in TABLES]


@pytest.fixture(autouse=True, scope="module")
def _games_registered() -> Iterator[None]:
    with registered_games():
        yield


# --- helpers: everything through the protocol ---------------------------------------------------

def new_deal(rules: GameRules, players: int, seed: int) -> GameState:
    """The fresh state of the suite's deal ``seed`` at ``players`` (dealer varies with the seed)."""
    return rules.new_state(rules.deal(f"conformance/{seed}", players, seed % players))


def record_text(rules: GameRules, state: GameState) -> str:
    """The state's deal record as JSON text (records are JSON: this fails on anything else)."""
    return json.dumps(rules.deal_record(state), sort_keys=True)


def fingerprint(rules: GameRules, state: GameState) -> tuple:
    """Everything the protocol shows of ``state``: who acts, the end, the scores, the history,
    the legal actions and moves, every seat's view, and the deal record."""
    return (state.players, state.turn, state.is_over, state.scores, tuple(state.history),
            tuple(state.legal_actions()), tuple(state.legal_moves()),
            tuple(state.view(seat) for seat in range(state.players)), record_text(rules, state))


def playout(rules: GameRules, state: GameState, rng: random.Random, *, views: bool = True) -> list[Any]:
    """Play ``state`` to its end with uniformly random legal actions, checking each step (with
    every seat's view unless ``views`` is false); return the actions applied."""
    applied = []
    while not state.is_over:
        assert len(applied) < MAX_ACTIONS, "the deal does not end"
        if views:
            check_turn(state)
        legal = state.legal_actions()
        assert legal, f"no legal action for seat {state.turn} before the end"
        action = rng.choice(legal)
        before = len(state.history)
        state.apply(action)
        assert len(state.history) == before + 1 and state.history[-1] == action
        applied.append(action)
    check_end(state)
    return applied


def check_turn(state: GameState) -> None:
    """A state in progress: a seat to act, its legal actions non-empty, complete in one order
    (no repeats, one compact move each), and shown in its view only."""
    assert not state.is_over and state.scores is None
    turn = state.turn
    assert isinstance(turn, int) and 0 <= turn < state.players
    legal = state.legal_actions()
    assert legal, f"no legal action for seat {turn} before the end"
    assert len(set(map(repr, legal))) == len(legal), "a legal action is listed twice"
    moves = state.legal_moves()
    assert len(moves) == len(legal) and len(set(moves)) == len(moves)
    assert all(isinstance(move, int) for move in moves)
    for seat in range(state.players):
        view = state.view(seat)
        assert isinstance(view, GameView)
        assert (view.seat, view.players, view.turn) == (seat, state.players, turn)
        assert view.legal == (tuple(legal) if seat == turn else ())


def check_end(state: GameState) -> None:
    """A finished state: nobody acts, nothing is legal, one int score per seat, summing to zero."""
    assert state.is_over and state.turn is None
    assert state.legal_actions() == [] and list(state.legal_moves()) == []
    scores = state.scores
    assert isinstance(scores, tuple) and len(scores) == state.players
    assert all(type(score) is int for score in scores)
    # Zero-sum: FR-7.5 and HU-8.3 say so; GameRules has no field naming a game's sum.
    assert sum(scores) == 0, scores
    for seat in range(state.players):
        view = state.view(seat)
        assert (view.turn, view.legal) == (None, ())


def sample(rng: random.Random, items: list, k: int) -> list:
    """Up to ``k`` of ``items``, drawn with ``rng`` (all of them when there are few)."""
    return list(items) if len(items) <= k else rng.sample(items, k)


# --- the rules object -----------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_rules_follow_the_protocol_and_the_registry_finds_them(game_id):
    rules = get_game(game_id)
    assert isinstance(rules, GameRules)
    assert rules.id == game_id and get_game(game_id) is rules
    assert game_of_record(rules.record_game) is rules
    assert isinstance(rules.name, str) and rules.name
    sizes = rules.table_sizes
    assert sizes and list(sizes) == sorted(set(sizes)) and all(type(n) is int and n >= 2 for n in sizes)
    assert sorted(rules.counted_deals) == list(sizes)
    assert all(type(n) is int and n > 0 for n in rules.counted_deals.values())
    assert rules.contract_names and all(isinstance(name, str) for name in rules.contract_names)


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_a_seed_deals_the_same_fresh_state_every_time(game_id, players):
    rules = get_game(game_id)
    for seed in range(DEALS):
        state = new_deal(rules, players, seed)
        assert isinstance(state, GameState)
        assert state.players == players and list(state.history) == []
        check_turn(state)
        assert fingerprint(rules, state) == fingerprint(rules, new_deal(rules, players, seed))
    assert len({record_text(rules, new_deal(rules, players, seed)) for seed in range(DEALS)}) == DEALS


# --- playouts -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_random_playouts_reach_the_end_with_zero_sum_scores(game_id, players):
    rules = get_game(game_id)
    for seed in range(2 * DEALS):
        state = new_deal(rules, players, seed)
        actions = playout(rules, state, random.Random(f"playout/{game_id}/{players}/{seed}"))
        assert list(state.history) == actions
        assert isinstance(rules.counts(state), bool)
        assert isinstance(rules.result_entry(state), dict)


# --- push and pop ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_push_and_pop_round_trip_at_every_step(game_id, players):
    rules = get_game(game_id)
    for seed in range(DEALS):
        rng = random.Random(f"push/{game_id}/{players}/{seed}")
        state = new_deal(rules, players, seed)
        fresh = fingerprint(rules, state)
        reference = new_deal(rules, players, seed)  # advanced by apply only
        pushed = 0
        while not state.is_over:
            assert pushed < MAX_ACTIONS, "the deal does not end"
            before = fingerprint(rules, state)
            actions, moves = state.legal_actions(), state.legal_moves()
            for i in sample(rng, list(range(len(moves))), 2):
                state.push(moves[i])
                after_push = fingerprint(rules, state)
                state.pop()
                assert fingerprint(rules, state) == before, f"pop after push {moves[i]!r}"
                state.apply(actions[i])
                assert fingerprint(rules, state) == after_push, f"push {moves[i]!r} is not apply {actions[i]!r}"
                state.pop()
                assert fingerprint(rules, state) == before, f"pop after apply {actions[i]!r}"
            i = rng.randrange(len(moves))
            state.push(moves[i])
            reference.apply(actions[i])
            pushed += 1
            assert fingerprint(rules, state) == fingerprint(rules, reference)
        check_end(state)
        for _ in range(pushed):
            state.pop()
        assert fingerprint(rules, state) == fresh


def glance(state: GameState) -> tuple:
    """A cheaper fingerprint: who acts, the end, the scores, the history, the legal actions and
    moves, and the view of the seat to act."""
    return (state.turn, state.is_over, state.scores, tuple(state.history), tuple(state.legal_actions()),
            tuple(state.legal_moves()), state.view(state.turn) if state.turn is not None else None)


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_every_legal_move_pushed_and_popped_over_many_deals(game_id, players):
    # Many deals, every legal move at every step, a cheaper comparison: rare moves (a poignée,
    # an annulment) turn up in some deal.
    rules = get_game(game_id)
    for seed in range(DEALS, DEALS + WIDE_DEALS):
        rng = random.Random(f"wide/{game_id}/{players}/{seed}")
        state = new_deal(rules, players, seed)
        while not state.is_over:
            before = glance(state)
            moves = state.legal_moves()
            for move in moves:
                state.push(move)
                state.pop()
                assert glance(state) == before, f"pop after push {move!r}"
            state.push(rng.choice(moves))


# --- illegal actions ------------------------------------------------------------------------------

def action_pool(rules: GameRules, players: int, seeds: range) -> list[Any]:
    """Every action legal at some moment of random playouts of deals ``seeds``: other seats',
    other phases', other cards'."""
    pool: dict[str, Any] = {}
    for seed in seeds:
        state, rng = new_deal(rules, players, seed), random.Random(f"pool/{seed}")
        while not state.is_over:
            for action in state.legal_actions():
                pool.setdefault(repr(action), action)
            state.apply(rng.choice(state.legal_actions()))
    return list(pool.values())


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_illegal_actions_are_refused_and_change_nothing(game_id, players):
    rules = get_game(game_id)
    pool = action_pool(rules, players, range(DEALS))
    for seed in range(DEALS):
        rng = random.Random(f"illegal/{game_id}/{players}/{seed}")
        state = new_deal(rules, players, seed)
        step = 0
        while True:
            before = fingerprint(rules, state)
            legal = state.legal_actions()
            candidates = sample(rng, [a for a in pool if a not in legal], 3)
            if step % 8 == 0 or state.is_over:
                candidates += GARBAGE
            for action in candidates:
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(action)
                assert refused.value.action is action or refused.value.action == action
                assert isinstance(refused.value.key, str) and refused.value.key
                assert fingerprint(rules, state) == before, f"refusing {action!r} changed the state"
            if state.is_over:
                break
            state.apply(rng.choice(legal))
            step += 1


# --- hidden cards and determinize -----------------------------------------------------------------

def public(view: GameView) -> tuple:
    """The protocol's fields of a view but ``legal`` (which follows the seat's own cards)."""
    return view.seat, view.players, view.turn, view.history


def common_continuation(one: GameState, other: GameState, seat: int, rng: random.Random) -> int:
    """Apply the same random actions to ``one`` and ``other`` while some action is legal in both
    (and neither is over), checking that ``seat`` sees the same turns and history in both (the
    rest of its view may differ: a chien or talon turned up shows cards that were hidden);
    return how many actions were applied."""
    steps = 0
    while not one.is_over and not other.is_over:
        shared = [a for a in one.legal_actions() if a in other.legal_actions()]
        if not shared:
            break
        action = rng.choice(shared)
        one.apply(action)
        other.apply(action)
        steps += 1
        assert public(one.view(seat)) == public(other.view(seat)), f"seat {seat} sees a difference after {action!r}"
    return steps


def acting_seats(rules: GameRules, players: int, seed: int) -> list[int]:
    """The seats that act at some point of the suite's deal ``seed`` played at random (at five
    players, Hungarian Tarokk's dealer sits out and never acts)."""
    state, rng, seats = new_deal(rules, players, seed), random.Random(f"acting/{seed}"), set()
    while not state.is_over:
        seats.add(state.turn)
        state.apply(rng.choice(state.legal_actions()))
    return sorted(seats)


@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_determinize_keeps_the_view_and_redraws_only_what_it_hides(game_id, players):
    rules = get_game(game_id)
    redrawn = continued = 0
    for seed in range(DEALS):
        rng = random.Random(f"determinize/{game_id}/{players}/{seed}")
        seats = acting_seats(rules, players, seed)
        state = new_deal(rules, players, seed)
        step = 0
        while True:
            if step % 8 == 0 or state.is_over:
                seat = rng.choice(seats)
                view = state.view(seat)
                others = [state.view(s) for s in range(players) if s != seat]
                for draw in range(2):
                    world = rules.determinize(view, random.Random(f"{seed}/{step}/{seat}/{draw}"))
                    assert isinstance(world, GameState) and world.players == players
                    assert world.view(seat) == view, f"determinize changed seat {seat}'s view"
                    redrawn += [world.view(s) for s in range(players) if s != seat] != others
                    # A legal complete state: its record replays from its dealt cards, every
                    # action checked, and it plays on to the end.
                    replayed = rules.replay_deal(json.loads(record_text(rules, world)))
                    assert fingerprint(rules, replayed) == fingerprint(rules, world)
                    if draw == 0 and not state.is_over:
                        mirror = rules.replay_deal(json.loads(record_text(rules, state)))
                        continued += common_continuation(mirror, world, seat, rng)
                    else:
                        playout(rules, world, rng, views=False)
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert redrawn, "determinize never drew other hidden cards than the real ones"
    assert continued, "no action was ever legal in both the real and the drawn world"


@pytest.mark.parametrize(("game_id", "players"),
                         TABLES, ids=TABLE_IDS)
def test_determinize_works_for_every_seat_even_one_that_never_acts(game_id, players):
    rules = get_game(game_id)
    for seed in range(DEALS):
        state = new_deal(rules, players, seed)
        for seat in range(players):
            world = rules.determinize(state.view(seat), random.Random(seed))
            assert world.view(seat) == state.view(seat)


# --- records --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), TABLES, ids=TABLE_IDS)
def test_deal_records_replay_to_the_same_state_at_every_step(game_id, players):
    rules = get_game(game_id)
    for seed in range(DEALS):
        rng = random.Random(f"records/{game_id}/{players}/{seed}")
        state = new_deal(rules, players, seed)
        while True:
            text = record_text(rules, state)
            replayed = rules.replay_deal(json.loads(text))
            assert fingerprint(rules, replayed) == fingerprint(rules, state)
            assert record_text(rules, replayed) == text
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert rules.result_entry(replayed) == rules.result_entry(state) is not None
        assert rules.counts(replayed) == rules.counts(state)
        seeded = rules.deal_record(state, seed=f"conformance/{seed}")
        assert fingerprint(rules, rules.replay_deal(json.loads(json.dumps(seeded)))) == fingerprint(rules, state)
