"""Robustness of every reader of outside data (issue 14, section 6): mutated inputs, fuzzed.

What is fuzzed, each reader fed MUTATED copies of valid inputs made from real games (short daily
matches at 3, 4 and 5 players, seat 0 from a seeded random script, the computer elsewhere; made
once per module, see :func:`inputs`):

* share codes — :func:`tarot_core.share.verify`;
* deal records — :func:`tarot_core.records.replay_deal`, :func:`~tarot_core.records.replay`;
* match records — :func:`~tarot_core.records.replay_match`, :func:`~tarot_core.records.replay`,
  :meth:`tarot_core.match.Match.from_record`;
* saved games — :func:`tarot_core.saves.parse_game` and ``Saves.load_game`` over a
  ``MemoryStorage`` holding the mutated text;
* history — ``Saves.import_history`` of a mutated export, and ``Saves.load_history`` of a
  mutated stored history (followed by ``statistics``, as the page does).

Mutations (:func:`mutated_text`, :func:`mutated_json`, :func:`mutated_json_text`): on text,
delete / insert / replace a character, swap two, truncate, duplicate a span, change the case of a
span (and, for JSON text, insert an over-long number); on a parsed JSON structure, drop a key or
an element, change a value's type (int -> str, list -> dict, null, bool, huge int, negative,
float, NaN-ish strings and NaN itself), tweak a number (a seat, a score, a total), change a card
token, reorder / duplicate / remove list elements (actions, deals, entries), edit a string, nest
a value deeper (text readers also get 100 000 levels and 5 000-digit numbers), then serialise.

Each test asserts, for its reader:

1. no exception but the module's own typed error (``ShareCodeError``, ``RecordError``,
   ``SaveError``; ``load_game`` and ``load_history`` never raise at all);
2. no tampered input accepted: an accepted share code is the original (up to the surrounding
   white space ``verify`` strips) with the original's result, or a genuine code whose moves
   really replay, by this file's own decoding, to its claim; an accepted record states nothing
   (result figures, totals, JSON types: a bool is not a number) that its replay contradicts, its
   cards are those of its seed, and a record whose dealt cards and actions were left as they
   were replays to the original game's result; conversely a record whose statements are all
   true is not rejected for them; an accepted history import only adds entries whose record
   replays (checked here through ``replay_match(..., check_result=False)``) to their totals,
   score and rank;
3. no save overwritten: corrupt data is moved, byte for byte, to a ``tarot.corrupt.N`` key that
   did not exist (the existing ones, drawn at random, are kept as they were); a refused import
   leaves every key of the storage exactly as it was.

Size: each test runs the Hypothesis profile's examples (``tests/conftest.py``: 300 in the full
suite; the file is marked ``slow``, so the fast tier leaves it out), or ``TAROT_FUZZ_EXAMPLES``
when that is set. The nightly size is ten thousand mutations per reader::

    TAROT_FUZZ_EXAMPLES=10000 python -m pytest -q -m "not e2e" tests/core/test_robustness.py \\
        --hypothesis-show-statistics

(add ``-k verify``, ``-k load_game`` … to run one reader at a time).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import math
import os
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from helpers import play_match, random_policy
from tarot_core.french.cards import DECK, format_card
from tarot_core.french.contracts import Contract
from tarot_core.daily import daily_match
from tarot_core.french.dealing import deal
from tarot_core.french import Bid, FrenchDeal, Phase
from tarot_core.match import Match
from tarot_core.records import RecordError, deal_record, replay, replay_deal, replay_match, result_entry
from tarot_core.saves import (
    HISTORY_KEY, SAVE_KEY, MemoryStorage, SavedGame, SaveError, Saves, expand_entry, parse_game, statistics,
)
from tarot_core.share import ShareCodeError, encode, verify

#: Examples per test: the Hypothesis profile's (tests/conftest.py), or ``TAROT_FUZZ_EXAMPLES=10000``
#: for the nightly size.
EXAMPLES = {"max_examples": int(os.environ["TAROT_FUZZ_EXAMPLES"])} if os.environ.get("TAROT_FUZZ_EXAMPLES") else {}
FUZZ = settings(**EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Fuzz: left out of the fast tier (``python build.py test --fast``), run by the full suite.
pytestmark = pytest.mark.slow

CORRUPT = "tarot.corrupt."
TODAY = "2026-12-01"


# --- valid inputs, made once from real games ----------------------------------------------------

def daily(date: str, players: int, deals: int, seed: int) -> Match:
    """A finished daily match: seat 0 from ``random.Random(seed)``, the computer elsewhere."""
    return play_match(daily_match(date, players, deals), random_policy(seed))


def part_played(date: str, players: int, deals: int, seed: int, actions: int) -> Match:
    """A daily match stopped after ``actions`` actions in all (a game in progress)."""
    done = [0]

    def stop(_match):
        done[0] += 1
        return done[0] > actions

    return play_match(daily_match(date, players, deals), random_policy(seed), stop)


def all_pass_deal() -> FrenchDeal:
    """A four-player deal thrown in because everyone passed."""
    game = FrenchDeal(deal("robustness/all-pass", 4, 0))
    for k in range(4):
        game.apply(Bid((1 + k) % 4, None))
    assert game.phase is Phase.THROWN_IN
    return game


def dumps(obj) -> str:
    """JSON text as the program writes it."""
    return json.dumps(obj, separators=(",", ":"))


@functools.cache
def inputs() -> dict:
    """Every valid input, as JSON text or share codes, with what the original gives.

    Keys: ``codes`` ((code, (score, totals, histories))), ``deals`` ((record text, result
    text)), ``matches`` (match record texts), ``saves`` (saved-game texts), ``exports``
    (history exports), ``histories`` (stored ``tarot.history`` texts) and ``storage`` (a
    storage holding a history, a game in progress and older corrupt data).
    """
    finished = [("2026-11-30", daily("2026-11-30", 3, 1, 3)), ("2026-06-15", daily("2026-06-15", 4, 2, 4)),
                ("2027-02-28", daily("2027-02-28", 5, 2, 5)), ("2026-01-01", daily("2026-01-01", 4, 1, 9)),
                # with a poignée and a thrown-in deal at 4; a poignée at 5; a thrown-in deal at 3
                ("2026-02-01", daily("2026-02-01", 4, 1, 2)), ("2026-02-14", daily("2026-02-14", 5, 1, 2)),
                ("2026-02-02", daily("2026-02-02", 3, 1, 2))]
    codes = []
    for date, m in finished:
        code = encode(m, date)
        codes.append((code, (m.totals()[0], m.totals(), [list(g.history) for g in m.games])))
    in_progress = [part_played("2026-03-03", 4, 2, 11, 60), part_played("2026-03-04", 5, 1, 12, 20),
                   part_played("2026-03-05", 3, 2, 13, 110)]
    games = [g for _, m in finished for g in m.games] + [m.current for m in in_progress] + [all_pass_deal()]
    deals = [(dumps(deal_record(g, seed=f"seed/{k}")), dumps(result_entry(g))) for k, g in enumerate(games)]
    matches = [dumps(m.record()) for _, m in finished] + [dumps(m.record()) for m in in_progress]
    saves = []
    for m, mode, date in ((in_progress[0], "daily", "2026-03-03"), (in_progress[1], "daily", "2026-03-04"),
                          (in_progress[2], "free", None), (finished[1][1], "daily", "2026-06-15")):
        storage = MemoryStorage()
        Saves(storage, tab="robust").save_game(SavedGame(m, mode, date))
        saves.append(storage.get(SAVE_KEY))
    saves.append(dumps(finished[0][1].record()))  # schema 0: a bare match record (a free game)
    source = Saves(MemoryStorage())
    source.finish_game(SavedGame(finished[0][1], "daily", finished[0][0]), finished[0][0])
    source.finish_game(SavedGame(finished[2][1], "daily", finished[2][0]), finished[2][0])
    source.finish_game(SavedGame(finished[4][1], "daily", finished[4][0]), finished[4][0])
    free = play_match(Match(4, "robust-free", 1, 2), random_policy(21))
    source.finish_game(SavedGame(free, "free"), "2026-05-05")
    exports = [source.export()]
    histories = [source.storage.get(HISTORY_KEY)]
    storage = MemoryStorage()
    saves_of_mine = Saves(storage, tab="mine")
    saves_of_mine.finish_game(SavedGame(finished[3][1], "daily", finished[3][0]), finished[3][0])
    saves_of_mine.save_game(SavedGame(in_progress[2], "free"))
    storage.set(CORRUPT + "1", "the player's older corrupt data")
    return {"codes": codes, "deals": deals, "matches": matches, "saves": saves, "exports": exports,
            "histories": histories, "storage": dict(storage.data)}


# --- mutations ------------------------------------------------------------------------------------

TEXT_OPS = ("delete", "insert", "replace", "swap", "truncate", "duplicate", "case")
CODE_CHARS = st.one_of(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+ \t\n"),
                       st.characters())
JSON_CHARS = st.one_of(st.sampled_from('{}[]":, 0123456789.-+eE truefalsn\\TSHDCKQNJX'), st.characters())
#: Numbers JSON text can carry (Python reads at most 4300 digits) and ones it cannot.
HUGE = (2 ** 63, -(2 ** 63), 10 ** 20, 10 ** 100, 10 ** 4000, -(10 ** 4000))
TOO_MANY_DIGITS = (4301, 5000)
#: Nesting depths: an object reader gets a few levels, a text reader as many as a text can hold.
NEST_OBJECT, NEST_TEXT = (2, 30), (2, 30, 1200, 100_000)
CARD_TOKENS = [format_card(c) for c in DECK]
BAD_TOKENS = ["T0", "T22", "11S", "KX", "ks", "t21", "ex", "", "EX EX", "KS,QS", "1 S", "Excuse", "\u0661S"]
SEAT_KEYS = {"seat", "taker", "partner", "dealer", "first_dealer", "players"}
#: Keys whose value matters most; a mutation picks among them half the time.
FOCUS = {"totals", "scores", "score", "rank", "result", "breakdown", "thrown_in", "seed", "first_dealer",
         "players", "dealer", "deals_to_play", "hands", "chien", "actions", "deals", "entries", "record",
         "match", "mode", "date", "practice", "schema", "kind", "format", "version", "game", "id",
         "contract", "points", "made", "s", "taker", "partner", "called"}


@st.composite
def text_edit(draw, text: str, chars=JSON_CHARS) -> str:
    """One edit of ``text``: delete, insert, replace, swap, truncate, duplicate a span, case."""
    op = draw(st.sampled_from(TEXT_OPS))
    n = len(text)
    i, j = sorted((draw(st.integers(0, n)), draw(st.integers(0, n))))
    if op == "delete":
        return text[:i] + text[i + 1:]
    if op == "insert":
        return text[:i] + draw(chars) + text[i:]
    if op == "replace":
        return text[:i] + draw(chars) + text[i + 1:]
    if op == "swap":
        if j >= n or i == j:
            return text[:i] + text[i + 1:]
        return text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:]
    if op == "truncate":
        return text[:i]
    if op == "duplicate":
        return text[:j] + text[i:j] + text[j:]
    change = draw(st.sampled_from([str.upper, str.lower, str.swapcase]))
    return text[:i] + change(text[i:j]) + text[j:]


@st.composite
def mutated_text(draw, text: str, chars=JSON_CHARS, long_numbers: bool = False) -> str:
    """``text`` after one to three :func:`text_edit` edits; with ``long_numbers``, sometimes a
    number too long for any JSON reader inserted somewhere too."""
    for _ in range(draw(st.integers(1, 3))):
        text = draw(text_edit(text, chars))
    if long_numbers and draw(st.integers(0, 9)) == 0:
        i = draw(st.integers(0, len(text)))
        text = text[:i] + "7" * draw(st.sampled_from(TOO_MANY_DIGITS)) + text[i:]
    return text


def _nodes(obj, path=()):
    """Every path (tuple of keys and indexes) inside a JSON structure, the root first."""
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _nodes(v, path + (k,))
    elif isinstance(obj, list):
        for k, v in enumerate(obj):
            out += _nodes(v, path + (k,))
    return out


def _at(obj, path):
    """The value at ``path`` inside ``obj``."""
    for k in path:
        obj = obj[k]
    return obj


def _variants(value, nest):
    """Values of another type (or an edge value of the same type) to put instead of ``value``."""
    out = [None, True, False, 0, 1, -1, "", [], {}, [value], {"v": value}, "NaN", "Infinity", "-0",
           "1e400", float("nan"), float("inf"), -0.5, *HUGE]
    deep = value
    for _ in range(nest):
        deep = [deep]
    out.append(deep)
    if isinstance(value, bool):
        out += [int(value), str(value).lower(), not value]
    elif isinstance(value, int):
        out += [str(value), -value, value * 1000]
        if abs(value) < 2 ** 1000:
            out += [value + 0.5, float(value)]
    elif isinstance(value, float):
        out += [int(value) if math.isfinite(value) else 0, str(value), -value, value + 0.5]
    elif isinstance(value, str):
        out += [value.upper(), value.lower(), value + value, value[: len(value) // 2], value.split(), f" {value} "]
        if value.lstrip("-").isdigit():
            out.append(int(value))
    elif isinstance(value, list):
        out += [{str(k): v for k, v in enumerate(value)}, value[::-1], value * 2, value[:-1], value + [None]]
    elif isinstance(value, dict):
        out += [list(value.values()), list(value)]
    return out


@st.composite
def mutated_json(draw, value, text_only: bool = False):
    """A copy of the JSON structure ``value`` after one to three structural mutations.

    With ``text_only`` the result may also hold placeholders (strings ``"\\u0000N\\u0000"``) that
    :func:`to_text` turns into 5 000-digit numbers or 100 000 nested arrays, which only a text
    can carry."""
    obj = json.loads(json.dumps(value))
    placeholders: dict[str, str] = {}
    for _ in range(draw(st.integers(1, 3))):
        nodes = _nodes(obj)
        focus = [p for p in nodes if p and p[-1] in FOCUS]
        path = draw(st.sampled_from(focus if focus and draw(st.booleans()) else nodes))
        current = _at(obj, path)
        ops = ["retype", "retype"]
        if path:
            ops.append("drop")
        if isinstance(current, int) and not isinstance(current, bool):
            ops += ["tweak", "tweak"]
        if isinstance(current, str):
            ops += ["token", "token", "edit"]
        if isinstance(current, list) and current:
            ops += ["list", "list"]
        if text_only:
            ops.append("placeholder")
        op = draw(st.sampled_from(ops))
        if op == "drop":
            parent = _at(obj, path[:-1])
            del parent[path[-1]]
            continue
        if op == "retype":
            new = draw(st.sampled_from(_variants(current, draw(st.sampled_from(NEST_OBJECT)))))
        elif op == "tweak":
            if path and path[-1] in SEAT_KEYS:
                new = draw(st.integers(-2, 7))
            else:
                new = current + draw(st.one_of(st.integers(-3, 3), st.sampled_from([10, -10, 1000, -1000])))
        elif op == "token":
            tokens = current.split()
            k = draw(st.integers(0, len(tokens)))
            what = draw(st.sampled_from(["replace", "drop", "duplicate", "swap"]))
            if what == "replace" or not tokens:
                tokens[k:k + 1] = [draw(st.sampled_from(CARD_TOKENS + BAD_TOKENS))]
            elif what == "drop":
                del tokens[min(k, len(tokens) - 1)]
            elif what == "duplicate":
                tokens.insert(k, tokens[min(k, len(tokens) - 1)])
            else:
                tokens.reverse()
            new = " ".join(tokens)
        elif op == "edit":
            new = draw(text_edit(current))
        elif op == "list":
            new = list(current)
            i, j = draw(st.integers(0, len(new) - 1)), draw(st.integers(0, len(new) - 1))
            what = draw(st.sampled_from(["swap", "duplicate", "remove", "move", "reverse"]))
            if what == "swap":
                new[i], new[j] = new[j], new[i]
            elif what == "duplicate":
                new.insert(j, json.loads(json.dumps(new[i])))
            elif what == "remove":
                del new[i]
            elif what == "move":
                new.insert(j, new.pop(i))
            else:
                new.reverse()
        else:  # placeholder
            key = f"\0{len(placeholders)}\0"
            if draw(st.booleans()):
                placeholders[key] = "-" * draw(st.booleans()) + "9" * draw(st.sampled_from(TOO_MANY_DIGITS))
            else:
                depth = draw(st.sampled_from(NEST_TEXT))
                placeholders[key] = "[" * depth + "]" * depth
            new = key
        if path:
            _at(obj, path[:-1])[path[-1]] = new
        else:
            obj = new
    return (obj, placeholders) if text_only else obj


def to_text(obj, placeholders: dict[str, str], compact: bool = True) -> str:
    """Serialise a mutated structure, placeholders replaced by the raw text they stand for."""
    text = json.dumps(obj, separators=(",", ":") if compact else None, ensure_ascii=compact)
    for key, raw in placeholders.items():
        text = text.replace(json.dumps(key), raw)
    return text


@st.composite
def mutated_json_text(draw, text: str) -> str:
    """A JSON text mutated either as text (:func:`mutated_text`) or as a structure
    (:func:`mutated_json`, then serialised by :func:`to_text`, compact or not)."""
    if draw(st.booleans()):
        return draw(mutated_text(text, JSON_CHARS, long_numbers=True))
    obj, placeholders = draw(mutated_json(json.loads(text), text_only=True))
    return to_text(obj, placeholders, compact=draw(st.booleans()))


def one_of_inputs(kind: str, mutate):
    """A strategy: (the original, its mutation) for one of the valid inputs of ``kind``."""
    originals = st.deferred(lambda: st.sampled_from(range(len(inputs()[kind])))).map(lambda k: inputs()[kind][k])
    return originals.flatmap(lambda original: st.tuples(st.just(original), mutate(original)))


# --- oracles ----------------------------------------------------------------------------------------

def outcome(error, fn, *args, **kwargs):
    """``fn(*args)``, or the ``error`` it raised; any other exception fails the test. Counts
    both as Hypothesis events (``--hypothesis-show-statistics`` shows them)."""
    name = fn.__name__ + "".join(f", {k}={v}" for k, v in kwargs.items())
    try:
        value = fn(*args, **kwargs)
    except error as e:
        assert str(e), "an error without a message"
        event(f"{name}: rejected")
        return e
    event(f"{name}: accepted")
    return value


def same_json(a, b) -> bool:
    """Equal as JSON values: same JSON type (a bool is not a number, null is not 0, 1.0 and 1
    are the same number) and equal contents; NaN equals nothing."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return False


def false_statement(stated, replayed) -> str | None:
    """What a deal's stated ``result`` says that its replay's result (``replayed``, ``None`` when
    the deal is not finished) contradicts, or ``None``. Stating nothing, or only some figures,
    is not false; stating a figure the replay does not have, or with another value or JSON type,
    is."""
    if stated is None:
        return None
    if replayed is None:
        return "a result stated for an unfinished deal"
    if not isinstance(stated, dict):
        return f"result {stated!r} is not an object"
    for key, value in stated.items():
        if key not in replayed:
            return f"result.{key} is not a figure of this deal"
        if key == "breakdown":
            if not isinstance(value, dict) or not isinstance(replayed[key], dict):
                return f"breakdown {value!r}"
            for k, v in value.items():
                if k not in replayed[key] or not same_json(v, replayed[key][k]):
                    return f"breakdown.{k} is {v!r}, the replay gives {replayed[key].get(k)!r}"
        elif not same_json(value, replayed[key]):
            return f"result.{key} is {value!r}, the replay gives {replayed[key]!r}"
    return None


def totals_of(games, players: int) -> list[int]:
    """The cumulative scores of replayed deals (thrown-in deals score zero)."""
    totals = [0] * players
    for g in games:
        r = result_entry(g)
        if r is not None:
            totals = [t + s for t, s in zip(totals, r["scores"])]
    return totals


def match_lie(record, games) -> str | None:
    """What a match record states (deal results, totals) that the replayed ``games`` contradict."""
    for k, (rec, g) in enumerate(zip(record["deals"], games)):
        lie = false_statement(rec.get("result"), result_entry(g))
        if lie:
            return f"deal {k}: {lie}"
    if "totals" in record and not same_json(record["totals"], totals_of(games, record["players"])):
        return f"totals {record['totals']!r}"
    return None


def assert_cards_of_seed(record, games, players: int, first_dealer: int) -> None:
    """Deal ``k`` was dealt from ``f"{seed}/{k}"`` by dealer ``first_dealer + k`` (match.py)."""
    for k, g in enumerate(games):
        assert g.deal == deal(f"{record['seed']}/{k}", players, (first_dealer + k) % players), k


def assert_resumable(m: Match, record) -> None:
    """An accepted match record gives a match that states only truths and plays on."""
    for name in ("players", "deals_to_play", "first_dealer"):
        assert type(getattr(m, name)) is int, name
    assert same_json(m.players, record["players"]) and same_json(m.seed, record["seed"])
    assert same_json(m.deals_to_play, record["deals_to_play"])
    assert same_json(m.first_dealer, record.get("first_dealer", 0))
    deals = record.get("deals", [])
    assert len(m.games) == max(len(deals), 1)
    if deals:
        assert match_lie({**record, "deals": deals}, m.games) is None
        assert_cards_of_seed(record, m.games, m.players, m.first_dealer)
    assert all(g.is_over for g in m.games[:-1]) and m.deals_played <= m.deals_to_play
    again = Match.from_record(json.loads(json.dumps(m.record())))  # its own record reads back
    assert again.record() == m.record()
    if not again.current.is_over:
        assert again.current.legal_actions()
    elif not again.is_over:
        again.next_deal()


# --- share codes -------------------------------------------------------------------------------------

def b64(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def with_check(body: str) -> str:
    """``body`` and its check: the first 8 base64url characters of SHA-256 of the body (a lone
    surrogate, which a mutation can put in a field, is hashed as its UTF-8 pattern: such a code
    is a forgery that :func:`verify` must refuse like any other)."""
    return f"{body}.{b64(hashlib.sha256(body.encode('utf-8', 'surrogatepass')).digest())[:8]}"


def replay_moves(date: str, players: int, deals: int, moves: str):
    """Decode the moves field as documented (base64url, big-endian, indexes into legal_actions
    in mixed radix, first move least significant) and replay it: (your total, totals, histories,
    moves left over)."""
    raw = base64.urlsafe_b64decode(moves + "=" * (-len(moves) % 4))
    left = [int.from_bytes(raw, "big")]

    def seat0(game):
        legal = game.legal_actions()
        action = legal[left[0] % len(legal)]
        left[0] //= len(legal)
        return action

    m = play_match(daily_match(date, players, deals), seat0)
    return m.totals()[0], m.totals(), [list(g.history) for g in m.games], left[0]


@st.composite
def mutated_code(draw, original):
    """A share code damaged as text (its check kept), with one field mutated and the check
    recomputed (what a forger does), or padded with white space (the same code)."""
    code = original[0]
    how = draw(st.sampled_from(["text", "field", "field", "pad"]))
    if how == "text":
        return draw(mutated_text(code, CODE_CHARS))
    if how == "pad":
        space = st.text(st.sampled_from(" \t\n\r\x0b\x0c\u00a0\u2028\u3000"), max_size=3)
        return draw(space) + code + draw(space)
    fields = code.split(".")[:6]
    k = draw(st.integers(0, 5))
    fields[k] = draw(mutated_text(fields[k], CODE_CHARS))
    return with_check(".".join(fields))


@FUZZ
@given(one_of_inputs("codes", mutated_code))
def test_verify_of_mutated_share_codes(case):
    """verify: a ShareCodeError, the original's result, or a genuine code's own replay."""
    (code, (score, totals, histories)), mutated = case
    result = outcome(ShareCodeError, verify, mutated)
    if mutated.strip() == code:
        assert not isinstance(result, ShareCodeError), result
    if isinstance(result, ShareCodeError):
        return
    if mutated.strip() == code:
        assert (result.score, result.match.totals()) == (score, totals)
        assert [list(g.history) for g in result.match.games] == histories
        return
    # Another code that verifies: it must be a genuine one (canonical, its check right, its
    # moves really scoring its claim, by this file's own decoding and replay).
    fields = mutated.strip().split(".")
    assert len(fields) == 7 and with_check(".".join(fields[:6])) == mutated.strip()
    version, date, players, deals, claim, moves, _ = fields
    assert version == "1" and date == result.date and (players, deals, claim) == (str(result.players), str(result.deals), str(result.score))
    mine, replayed_totals, replayed_histories, left = replay_moves(date, result.players, result.deals, moves)
    assert left == 0 and mine == result.score and replayed_totals == result.match.totals()
    assert replayed_histories == [list(g.history) for g in result.match.games]


# --- deal and match records ---------------------------------------------------------------------------

PLAY_KEYS = ("format", "version", "game", "players", "dealer", "hands", "chien", "actions")


def deal_cases():
    """(original (record text, result text), mutated deal record as parsed JSON)."""
    return one_of_inputs("deals", lambda original: mutated_json(json.loads(original[0])))


@FUZZ
@given(deal_cases())
def test_replay_deal_of_mutated_deal_records(case):
    """replay_deal: a RecordError, or a game whose stated result the replay bears out."""
    (text, result_text), record = case
    game = outcome(RecordError, replay_deal, record)
    free = outcome(RecordError, replay_deal, record, check_result=False)
    if isinstance(free, RecordError):
        assert isinstance(game, RecordError), "accepted with its result checked, not without"
        return
    lie = false_statement(record.get("result"), result_entry(free))
    if isinstance(game, RecordError):
        assert lie is not None, f"rejected though it states only truths: {game}"
        return
    assert lie is None, f"accepted a false statement: {lie}"
    assert game.history == free.history
    original = json.loads(text)
    if all(same_json(record.get(k), original.get(k)) for k in PLAY_KEYS):
        # The dealt cards and the actions are the original's: so is the result.
        assert same_json(result_entry(game), json.loads(result_text))


def match_cases():
    """(original record text, mutated match record as parsed JSON)."""
    return one_of_inputs("matches", lambda original: mutated_json(json.loads(original)))


@FUZZ
@given(match_cases())
def test_replay_match_of_mutated_match_records(case):
    """replay_match: a RecordError, or games whose stated results and totals are true."""
    text, record = case
    games = outcome(RecordError, replay_match, record)
    free = outcome(RecordError, replay_match, record, check_result=False)
    if isinstance(free, RecordError):
        assert isinstance(games, RecordError), "accepted with its results checked, not without"
        return
    assert all(g.players == record["players"] for g in free)
    lie = match_lie(record, free)
    if isinstance(games, RecordError):
        assert lie is not None, f"rejected though it states only truths: {games}"
        return
    assert lie is None, f"accepted a false statement: {lie}"
    original = json.loads(text)
    if same_json(record.get("deals"), original["deals"]):
        assert same_json(totals_of(games, record["players"]), original["totals"])


@FUZZ
@given(st.one_of(match_cases(), deal_cases().map(lambda case: (case[0][0], case[1]))))
def test_replay_of_mutated_records(case):
    """replay (deal or match): a RecordError, or results the records' own statements agree with."""
    _, record = case
    out = outcome(RecordError, replay, record)
    if isinstance(out, RecordError):
        return
    if "deals" in out:
        assert same_json(out["totals"], totals_of(replay_match(record, check_result=False), record["players"]))
        if "totals" in record:
            assert same_json(record["totals"], out["totals"])
        for rec, result in zip(record["deals"], out["deals"]):
            assert false_statement(rec.get("result"), result) is None
    else:
        game = replay_deal(record, check_result=False)
        assert same_json(out, result_entry(game) or {"thrown_in": None, "scores": None, "unfinished": True})
        assert false_statement(record.get("result"), result_entry(game)) is None


@FUZZ
@given(match_cases())
def test_match_from_record_of_mutated_match_records(case):
    """Match.from_record: a RecordError, or a match that states only truths and plays on."""
    text, record = case
    m = outcome(RecordError, Match.from_record, record)
    if isinstance(m, RecordError):
        return
    assert_resumable(m, record)
    original = json.loads(text)
    if same_json(record.get("deals"), original["deals"]):
        assert same_json(m.totals(), original["totals"])


# --- saved games -------------------------------------------------------------------------------------

def save_cases():
    """(original saved-game text, mutated text)."""
    return one_of_inputs("saves", mutated_json_text)


def assert_true_save(game: SavedGame, text: str) -> None:
    """An accepted saved game is what its text says, and its match record is sound."""
    data = json.loads(text)
    if isinstance(data, dict) and "schema" not in data:  # schema 0: a bare match record
        data = {"mode": "free", "date": None, "practice": False, "match": data}
    assert game.mode == data["mode"] and game.practice is data["practice"]
    assert game.date == (data["date"] if game.mode == "daily" else None)
    assert_resumable(game.match, data["match"])
    if game.mode == "daily":  # daily.py: seed "tarot-daily/v1/<date>/<players>", last seat deals
        players = game.match.players
        assert game.match.seed == f"tarot-daily/v1/{game.date}/{players}"
        assert game.match.first_dealer == players - 1


@FUZZ
@given(save_cases())
def test_parse_game_of_mutated_saves(case):
    """parse_game: a SaveError, or a saved game that is what its text says."""
    _, text = case
    game = outcome(SaveError, parse_game, text)
    if not isinstance(game, SaveError):
        assert_true_save(game, text)


@FUZZ
@given(save_cases(), st.sets(st.integers(1, 4), max_size=3))
def test_load_game_of_mutated_saves_sets_them_aside_intact(case, older):
    """load_game never raises: corrupt text moves to a new tarot.corrupt.N, byte for byte."""
    _, text = case
    storage = MemoryStorage()
    storage.data = {k: v for k, v in inputs()["storage"].items() if k != SAVE_KEY}
    for n in older:
        storage.set(f"{CORRUPT}{n}", f"older corrupt data number {n}")
    storage.set(SAVE_KEY, text)
    before = dict(storage.data)
    game, notice = Saves(storage).load_game()
    event(f"load_game: {'loaded' if game is not None else 'set aside'}")
    if game is not None:
        assert notice is None and storage.data == before
        assert_true_save(game, text)
        return
    assert isinstance(parse_game_error := outcome(SaveError, parse_game, text), SaveError), parse_game_error
    n = next(k for k in range(1, 10) if f"{CORRUPT}{k}" not in before)
    assert isinstance(notice, str) and notice.startswith(
        f"Your game in progress could not be opened: it is kept aside as {CORRUPT}{n}, and nothing was "
        "deleted (reason: "), notice
    assert storage.data == {**{k: v for k, v in before.items() if k != SAVE_KEY}, f"{CORRUPT}{n}": text}
    assert Saves(storage).load_game() == (None, None)


# --- history --------------------------------------------------------------------------------------------

def assert_entry_replays(entry) -> None:
    """An imported entry's record replays (replay_match without its own checks) to a finished
    match of that record's seed, with the entry's totals, score, rank and players (a compact
    entry is expanded first: saves.expand_entry)."""
    entry = expand_entry(entry)
    rec = entry["record"]
    games = replay_match(rec, check_result=False)
    players, first_dealer = rec["players"], rec.get("first_dealer", 0)
    assert match_lie(rec, games) is None
    assert_cards_of_seed(rec, games, players, first_dealer)
    assert all(g.is_over for g in games)
    assert sum(g.phase is Phase.DONE for g in games) == rec["deals_to_play"]
    totals = totals_of(games, players)
    assert same_json(entry["totals"], totals) and same_json(entry["score"], totals[0])
    assert entry["rank"] == 1 + sum(t > totals[0] for t in totals)
    assert entry["players"] == players
    if entry["mode"] == "daily":
        assert rec["seed"] == f"tarot-daily/v1/{entry['date']}/{players}" and first_dealer == players - 1


def history_entries(text: str) -> list:
    """The entries of a stored history or an export (none when the key is missing)."""
    return json.loads(text).get("entries", [])


@FUZZ
@given(one_of_inputs("exports", mutated_json_text))
def test_import_history_of_mutated_exports(case):
    """import_history: a SaveError with every key as it was, or only entries that replay added."""
    _, text = case
    storage = MemoryStorage()
    storage.data = dict(inputs()["storage"])
    before = dict(storage.data)
    out = outcome(SaveError, Saves(storage).import_history, text)
    if isinstance(out, SaveError):
        assert "\n" not in str(out)
        assert storage.data == before  # every key, byte for byte
        return
    added, notice = out
    event(f"import_history: {added} added")
    assert notice is None
    assert {k: v for k, v in storage.data.items() if k != HISTORY_KEY} == {
        k: v for k, v in before.items() if k != HISTORY_KEY}
    old, new = history_entries(before[HISTORY_KEY]), history_entries(storage.data[HISTORY_KEY])
    assert new[:len(old)] == old and len(new) == len(old) + added
    for entry in new[len(old):]:
        assert_entry_replays(entry)
    if not added:
        assert storage.data == before


@FUZZ
@given(one_of_inputs("histories", mutated_json_text), st.sets(st.integers(1, 4), max_size=3))
def test_load_history_of_mutated_histories(case, older):
    """load_history never raises, keeps unreadable data aside intact, and what it returns
    statistics() can count (as the page's history screen does)."""
    original, text = case
    storage = MemoryStorage()
    storage.data = {k: v for k, v in inputs()["storage"].items() if k != HISTORY_KEY}
    for n in older:
        storage.set(f"{CORRUPT}{n}", f"older corrupt data number {n}")
    storage.set(HISTORY_KEY, text)
    before = dict(storage.data)
    entries, notice = Saves(storage).load_history()
    event(f"load_history: {'read' if notice is None else 'set aside'}")
    stats = statistics(entries, TODAY)
    assert set(stats.taken) <= {c.value for c in Contract}  # the page names them: Contract(c).label
    if notice is None:
        assert storage.data == before and entries == history_entries(text)
        return
    assert isinstance(notice, str) and "\n" not in notice
    aside = re.search(r"tarot\.corrupt\.(\d+)", notice)
    assert aside, notice
    key = aside.group(0)
    assert key not in before and storage.data[key] == text
    rest = {k: v for k, v in storage.data.items() if k not in (key, HISTORY_KEY)}
    assert rest == {k: v for k, v in before.items() if k != HISTORY_KEY}
    if HISTORY_KEY in storage.data:  # the readable entries written back, in order
        kept = history_entries(storage.data[HISTORY_KEY])
        assert kept == entries
        readable = history_entries(text)
        it = iter(readable)
        assert all(any(e == r for r in it) for e in kept)
