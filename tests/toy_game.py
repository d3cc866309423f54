"""A toy third game, registered only in tests: "High Card", a complete game of the
:mod:`tarot_core.game` protocol in one small module, to show that a game plugs into every
service (matches, records, share codes, the daily game, saves, the computer players' entry point,
the score sheet) by registering its rules, touching none of them.

**The rules (TOY-1 to TOY-4).** Two or three players; a pack of ``3 * players + 3`` cards numbered
``1..3*players+3`` (text ``c1``, ``c2``, …), shuffled with :class:`tarot_core.rng.DealRng` (its own
stream label) and dealt three to each seat, each hand sorted; the last three stay face down,
unseen by all (the widow: so that even two players have hidden cards to guess). The seat after the dealer leads;
each player in turn plays any card of their hand (TOY-1: in turn; TOY-2: a card you hold); the
highest card wins the trick (TOY-3) and its winner leads the next. After three tricks a seat
scores ``players * tricks won - 3`` (TOY-4; the scores sum to zero). The first leader "takes"
the deal (contract ``"lead"``), made when it wins two tricks or more (the history's statistics
count it).

**Use.** ``with toy_game.registered() as rules: ...`` registers it as game ``"toy"`` (records
``"toy-game"``) and forgets it afterwards; :data:`RULES` is its rules object.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Iterator

from tarot_core.errors import IllegalActionError, RecordError, ScoreInputError
from tarot_core.game import ComputerPlayers, DailyGame, register, unregister
from tarot_core.record_format import DEAL_FORMAT, VERSION, check_header, compare_result, require
from tarot_core.rng import DealRng
from tarot_core.sheet_input import SheetError, check_object

GAME_ID = "toy"
RECORD_GAME = "toy-game"
TRICKS = 3
#: The cards left face down after the deal, never played.
WIDOW = 3
RNG_LABEL = "tarot-core/toy-deal/v1"


# --- cards and actions ---------------------------------------------------------------------------

def format_card(card: int) -> str:
    """``7`` -> ``"c7"``."""
    return f"c{card}"


def parse_card(text: Any) -> int:
    """``"c7"`` -> ``7``; raises ``ValueError`` for anything else."""
    if not (isinstance(text, str) and text[:1] == "c" and text[1:].isascii() and text[1:].isdigit()
            and text[1:2] != "0"):
        raise ValueError(f"not a toy card: {text!r}")
    return int(text[1:])


@dataclass(frozen=True)
class Play:
    """``seat`` plays ``card``."""

    seat: int
    card: int

    def __str__(self) -> str:
        return f"{self.seat}:{format_card(self.card)}"


@dataclass(frozen=True)
class Deal:
    """The dealt cards: ``hands[seat]`` sorted."""

    players: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]


def deal(seed: int | str, players: int, dealer: int) -> Deal:
    """The deal of ``seed``; ``ValueError`` for a bad table or dealer, ``TypeError`` for a bad seed."""
    if players not in (2, 3) or isinstance(players, bool):
        raise ValueError(f"players must be 2 or 3, got {players!r}")
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    pack = list(range(1, TRICKS * players + WIDOW + 1))
    DealRng(seed, RNG_LABEL).shuffle(pack)
    return Deal(players, dealer, tuple(tuple(sorted(pack[TRICKS * s:TRICKS * s + TRICKS])) for s in range(players)))


# --- the state and the view ----------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """What ``seat`` knows: its hand, every card played (all public), the sizes of the hands."""

    seat: int
    players: int
    dealer: int
    turn: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    won: tuple[int, ...]
    legal: tuple[Play, ...]
    history: tuple[Play, ...]

    game = GAME_ID  # a class attribute, not a field


class State:
    """One deal of High Card: ``apply`` (checked), ``push``/``pop`` (compact moves: the card)."""

    game = GAME_ID

    def __init__(self, dealt: Deal) -> None:
        self.deal = dealt
        self.players = dealt.players
        self.dealer = dealt.dealer
        self.hands = [set(h) for h in dealt.hands]
        self.history: list[Play] = []
        self.trick: list[tuple[int, int]] = []
        self.won: list[int] = []  # the winner of each finished trick
        self.turn: int | None = (dealt.dealer + 1) % dealt.players
        self._undo: list[tuple[int, tuple[tuple[int, int], ...] | None]] = []

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def is_over(self) -> bool:
        return len(self.won) == TRICKS

    @property
    def scores(self) -> tuple[int, ...] | None:
        if not self.is_over:
            return None
        return tuple(self.players * self.won.count(s) - TRICKS for s in range(self.players))

    def legal_moves(self) -> list[int]:
        return [] if self.turn is None else sorted(self.hands[self.turn])

    def legal_actions(self) -> list[Play]:
        return [Play(self.turn, card) for card in self.legal_moves()]

    def move_of(self, action: Play) -> int:
        return action.card

    def action_of(self, move: int) -> Play:
        return Play(self.turn, move)

    def error_of(self, action: Any) -> IllegalActionError | None:
        if not isinstance(action, Play):
            return IllegalActionError(action, "not an action of this game")
        if self.turn is None or action.seat != self.turn:
            return IllegalActionError(action, "not your turn", "TOY-1", "not_your_turn")
        if action.card not in self.hands[action.seat]:
            return IllegalActionError(action, "you do not hold that card", "TOY-2", "not_in_hand")
        return None

    def apply(self, action: Any) -> None:
        error = self.error_of(action)
        if error is not None:
            raise error
        self.push(action.card)

    def push(self, move: int) -> None:
        seat = self.turn
        self.hands[seat].remove(move)
        self.history.append(Play(seat, move))
        self.trick.append((seat, move))
        finished = None
        if len(self.trick) == self.players:
            finished = tuple(self.trick)
            winner = max(self.trick, key=lambda sc: sc[1])[0]  # TOY-3
            self.won.append(winner)
            self.trick = []
            self.turn = winner if len(self.won) < TRICKS else None
        else:
            self.turn = (seat + 1) % self.players
        self._undo.append((seat, finished))

    def pop(self) -> int:
        action = self.history.pop()
        seat, finished = self._undo.pop()
        if finished is not None:
            self.won.pop()
            self.trick = list(finished)
        self.trick.pop()
        self.hands[seat].add(action.card)
        self.turn = seat
        return action.card

    def view(self, seat: int) -> View:
        return View(seat, self.players, self.dealer, self.turn, tuple(sorted(self.hands[seat])),
                    tuple(len(h) for h in self.hands), tuple(self.trick), tuple(self.won),
                    tuple(self.legal_actions()) if seat == self.turn else (), tuple(self.history))


def determinize(view: View, rng: Any) -> State:
    """A state consistent with ``view``: the unseen cards shuffled with ``rng`` (``shuffle``) and
    dealt to the other seats by their hand sizes (the rest is the widow)."""
    played = {a.card for a in view.history}
    unseen = [c for c in range(1, TRICKS * view.players + WIDOW + 1) if c not in played and c not in view.hand]
    rng.shuffle(unseen)
    hands = []
    for seat in range(view.players):
        if seat == view.seat:
            held = list(view.hand)
        else:
            held, unseen = unseen[:view.hand_sizes[seat]], unseen[view.hand_sizes[seat]:]
        held += [a.card for a in view.history if a.seat == seat]
        hands.append(tuple(sorted(held)))
    state = State(Deal(view.players, view.dealer, tuple(hands)))
    for action in view.history:
        state.push(action.card)
    return state


# --- records -------------------------------------------------------------------------------------

def result_entry(state: State) -> dict[str, Any] | None:
    """``{"thrown_in": null, "scores": [...], "breakdown": {"leader", "contract", "made", "won"}}``."""
    if not state.is_over:
        return None
    leader = (state.dealer + 1) % state.players
    return {"thrown_in": None, "scores": list(state.scores),
            "breakdown": {"leader": leader, "contract": "lead", "made": state.won.count(leader) >= 2,
                          "won": list(state.won)}}


def deal_record(state: State, seed: int | str | None = None) -> dict[str, Any]:
    record = {"format": DEAL_FORMAT, "version": VERSION, "game": RECORD_GAME, "players": state.players,
              "dealer": state.dealer, "hands": [[format_card(c) for c in h] for h in state.deal.hands],
              "actions": [str(a) for a in state.history], "result": result_entry(state)}
    if seed is not None:
        record["seed"] = seed
    return record


def replay_deal(record: Any, *, check_result: bool = True) -> State:
    check_header(record, DEAL_FORMAT, RECORD_GAME)
    players, dealer = require(record, "players", int), require(record, "dealer", int)
    try:
        hands = tuple(tuple(sorted(parse_card(c) for c in h)) for h in require(record, "hands", list))
        state = State(Deal(players, dealer, hands))
        dealt = [c for h in hands for c in h]
        if deal(0, players, dealer).players != len(hands) or any(len(h) != TRICKS for h in hands) or len(
                set(dealt)) != len(dealt) or not set(dealt) <= set(range(1, TRICKS * players + WIDOW + 1)):
            raise ValueError("hands: not the pack dealt")
    except (ValueError, TypeError) as e:
        raise RecordError(str(e)) from None
    for i, text in enumerate(require(record, "actions", list)):
        seat, _, card = text.partition(":") if isinstance(text, str) else ("", "", "")
        try:
            action = Play(int(seat), parse_card(card))
        except ValueError:
            raise RecordError(f"action {i}: unreadable {text!r}", index=i) from None
        try:
            state.apply(action)
        except IllegalActionError as e:
            raise RecordError(f"action {i} ({action}): {e.reason}", index=i, seat=action.seat, rule=e.rule) from None
    if check_result and record.get("result") is not None:
        compare_result(record["result"], result_entry(state))
    return state


# --- the computer players ------------------------------------------------------------------------

def choose_v1(view: View, seed: int | str, step: int) -> Play:
    """Lead the highest card; follow with the lowest card that wins the trick, else the lowest."""
    if view.turn != view.seat or not view.legal:
        raise ValueError("not this seat's turn")
    if not view.trick:
        return view.legal[-1]
    best = max(card for _, card in view.trick)
    return next((a for a in view.legal if a.card > best), view.legal[0])


class _Greedy:
    """A "search" algorithm for the toy's searching level: each card valued by its number."""

    @staticmethod
    def search(view: View, seed: int | str, step: int, budget: int):
        values = [(a, float(a.card)) for a in view.legal]
        best = max(range(len(values)), key=lambda i: values[i][1])
        return values, None, [best]

    @classmethod
    def choose_action(cls, view: View, seed: int | str, step: int, budget: int) -> Play:
        values, _, first = cls.search(view, seed, step, budget)
        return values[first[0]][0]


COMPUTER_PLAYERS = ComputerPlayers(versions={"v1": choose_v1}, levels={"easy": "v1", "normal": "v2-normal"},
                                   searching={"v2-normal": ("greedy", 1)}, algorithms={"greedy": lambda: _Greedy},
                                   budgets={"normal": 1})


# --- the score sheet -----------------------------------------------------------------------------

@dataclass(frozen=True)
class ToyScore:
    """A scored deal: each seat's score (TOY-4)."""

    scores: tuple[int, ...]

    def to_json_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores)}


class Sheet:
    """The toy's score sheet: a deal is ``{"tricks": [tricks won by seat]}``."""

    keys = ("tricks",)
    profiles = ("plain",)

    def score_json(self, data: Any, check: bool = True) -> ToyScore:
        if not isinstance(data, dict):
            raise ScoreInputError(None, "expected a JSON object")
        players, tricks = data.get("players"), data.get("tricks")
        if players not in (2, 3):
            raise ScoreInputError("players", "expected 2 or 3")
        if (not isinstance(tricks, list) or len(tricks) != players
                or not all(type(t) is int and t >= 0 for t in tricks) or sum(tricks) != TRICKS):
            raise ScoreInputError("tricks", f"expected {players} counts of tricks summing to {TRICKS}")
        return ToyScore(tuple(players * t - TRICKS for t in tricks))

    def score_input(self, players: int, deal: object, profile: str) -> dict[str, Any]:
        d = check_object(None, deal, self.keys)
        if "tricks" not in d:
            raise SheetError("tricks", "missing required key")
        return {"game": GAME_ID, "players": players, "tricks": d["tricks"]}

    def scores(self, players: int, deal: dict, result: ToyScore) -> tuple[int, ...]:
        return result.scores

    def deal_key(self, key: str | None) -> str | None:
        return key


# --- the rules -----------------------------------------------------------------------------------

class ToyRules:
    """High Card as :mod:`tarot_core.game` sees it."""

    id = GAME_ID
    record_game = RECORD_GAME
    name = "High Card (a toy game)"
    table_sizes = (2, 3)
    counted_deals = {2: 2, 3: 3}
    contract_names = ("lead",)
    computer_players = COMPUTER_PLAYERS
    score_sheet = Sheet()
    daily = DailyGame(players=2)

    def deal(self, seed: int | str, players: int, dealer: int) -> Deal:
        return deal(seed, players, dealer)

    def new_state(self, dealt: Deal) -> State:
        return State(dealt)

    def counts(self, state: State) -> bool:
        return state.is_over

    def deal_record(self, state: State, seed: int | str | None = None) -> dict[str, Any]:
        return deal_record(state, seed)

    def replay_deal(self, record: dict[str, Any], *, check_result: bool = True) -> State:
        return replay_deal(record, check_result=check_result)

    def result_entry(self, state: State) -> dict[str, Any] | None:
        return result_entry(state)

    def determinize(self, view: View, rng: Any) -> State:
        return determinize(view, rng)

    def taken(self, breakdown: dict[str, Any]) -> tuple[Any, Any, bool]:
        return breakdown.get("leader"), breakdown.get("contract"), bool(breakdown.get("made"))

    def __repr__(self) -> str:
        return "toy_game.RULES"


RULES = ToyRules()


@contextlib.contextmanager
def registered() -> Iterator[ToyRules]:
    """Register the toy game as ``"toy"`` for the ``with`` block, and forget it afterwards."""
    register(RULES)
    try:
        yield RULES
    finally:
        unregister(GAME_ID)
