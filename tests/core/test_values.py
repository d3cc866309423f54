"""The value types' common behaviour (tarot_core.values): what @dataclass gave them, kept.

They are no longer dataclasses because dataclasses compile code at import, which was most of the
engine's start-up in the browser (issue 5); the last test checks that no code is compiled.
"""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from tarot_core.french.cards import DECK, EXCUSE, PETIT, Card, Suit, parse_card
from tarot_core.french.contracts import Contract
from tarot_core.french.dealing import Deal, deal
from tarot_core.french import Bid, Discard, FrenchDeal, Play, Trick
from tarot_core.saves import SavedGame, Statistics
from tarot_core.match import Match
from tarot_core.values import Value, init_field, replace

ROOT = Path(__file__).resolve().parents[2]


def test_equal_by_fields_within_a_class_only():
    c = parse_card("T5")
    assert Play(1, c) == Play(1, c)
    assert Play(1, c) is not Play(1, c)
    assert Play(1, c) != Play(2, c)
    assert Play(1, c) != Play(1, parse_card("T6"))
    # Same fields, another action: different actions.
    assert Play(1, c) != Discard(1, c)
    assert Play(1, c) != (1, c)
    assert Trick(0, ((0, c),), 0) == Trick(0, ((0, c),), 0)


def test_hash_follows_equality():
    c = parse_card("KH")
    assert hash(Play(1, c)) == hash(Play(1, c)) == hash((1, c))
    assert len({Play(1, c), Play(1, c), Discard(1, c)}) == 2
    assert {Bid(0, None): "pass"}[Bid(0, None)] == "pass"


def test_card_hash_is_its_index_and_equality_stays_by_fields():
    """Card hashes by its index (the same in every process); equality still compares fields."""
    assert [hash(c) for c in DECK] == list(range(78))
    again = Card(Suit.TRUMPS, 1)
    assert again is not PETIT and again == PETIT and hash(again) == hash(PETIT) == PETIT.index == 56
    # A card that is no card (trump 22) lands on the Excuse's index, but is not the Excuse.
    assert Card(Suit.TRUMPS, 22) != EXCUSE
    with pytest.raises(TypeError, match="suit must be a Suit, got 'S'"):
        Card("S", 1)  # type: ignore[arg-type]


def test_repr_names_the_fields():
    assert repr(Bid(2, None)) == "Bid(seat=2, contract=None)"
    assert repr(Bid(0, Contract.GARDE)) == f"Bid(seat=0, contract={Contract.GARDE!r})"
    assert repr(Play(3, PETIT)) == "Play(seat=3, card=Card(T1))"  # Card keeps its own short repr


def test_frozen_values_refuse_changes_and_stay_as_they_were():
    p = Play(1, PETIT)
    with pytest.raises(AttributeError, match="seat"):
        p.seat = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="card"):
        del p.card
    with pytest.raises(AttributeError):
        p.other = 1  # type: ignore[attr-defined]
    assert p == Play(1, PETIT) and p.seat == 1


def test_mutable_values_can_change_and_are_unhashable():
    game = SavedGame(Match(4, seed=1))
    assert (game.mode, game.date, game.practice) == ("free", None, False)
    game.mode = "daily"
    assert game.mode == "daily"
    with pytest.raises(TypeError):
        hash(game)
    # Default lists and dicts are not shared between instances.
    a, b = Statistics(), Statistics()
    a.taken["garde"] = [1, 1]
    a.leaderboard.append(("2026-12-01", 10, 1))
    assert b.taken == {} and b.leaderboard == []
    assert a != b and Statistics() == Statistics()


def test_copy_deepcopy_and_pickle_rebuild_equal_values():
    d = deal(12, 4, 1)
    for v in (PETIT, Play(0, PETIT), Bid(1, Contract.PRISE), d, FrenchDeal(d).view(0)):
        assert copy.copy(v) == v
        assert copy.deepcopy(v) == v
        assert pickle.loads(pickle.dumps(v)) == v
    assert pickle.loads(pickle.dumps(PETIT)).index == 56


def test_replace_changes_named_fields_and_checks_the_result():
    p = Play(1, PETIT)
    assert replace(p, seat=3) == Play(3, PETIT)
    assert p == Play(1, PETIT)
    assert replace(p) == p
    with pytest.raises(TypeError, match="no field colour"):
        replace(p, colour="red")
    d = deal(3, 4, 0)
    # A copy goes through __init__, so it is checked as a new deal would be.
    with pytest.raises(ValueError, match="players must be 3, 4 or 5"):
        replace(d, players=6)
    with pytest.raises(ValueError, match="chien"):
        replace(d, chien=d.chien[:-1])


def test_the_replace_protocol_of_python_3_13_is_there():
    """``copy.replace`` (Python 3.13+, so Pyodide's 3.14) calls ``__replace__``."""
    assert Play(1, PETIT).__replace__(seat=2) == Play(2, PETIT)
    replace_ = getattr(copy, "replace", None)
    if replace_ is not None:
        assert replace_(Play(1, PETIT), seat=2) == Play(2, PETIT)


def test_match_args_allow_positional_patterns():
    match Play(2, PETIT):
        case Discard(seat, card):
            found = ("discard", seat, card)
        case Play(seat, card):
            found = ("play", seat, card)
    assert found == ("play", 2, PETIT)
    assert Play._fields == Play.__match_args__ == ("seat", "card")
    assert Card._fields == ("suit", "rank")  # its cached index is no field


def test_a_value_class_must_list_its_fields():
    with pytest.raises(TypeError, match="__slots__"):
        class NoSlots(Value):  # noqa: F841
            pass
    with pytest.raises(TypeError, match="_fields"):
        class WrongFields(Value):  # noqa: F841
            __slots__ = ("a",)
            _fields = ("b",)

    class Pair(Value):
        __slots__ = ("a", "b")

        def __init__(self, a, b):
            init_field(self, "a", a)
            init_field(self, "b", b)

    assert Pair(1, 2) == Pair(1, 2) != Pair(2, 1)
    assert repr(Pair(1, "x")) == "test_a_value_class_must_list_its_fields.<locals>.Pair(a=1, b='x')"


def test_a_deal_still_checks_its_cards():
    d = deal(5, 4, 2)
    with pytest.raises(ValueError, match="dealer seat 4"):
        Deal(4, 4, d.hands, d.chien)
    with pytest.raises(ValueError, match="exactly once"):
        Deal(4, 2, (d.hands[0], d.hands[0], d.hands[2], d.hands[3]), d.chien)


def test_importing_the_engine_compiles_no_code():
    """Issue 5 (load time): the modules the page imports at start-up compile nothing at import
    (a dataclass compiles its methods; under Pyodide that was about 80 ms of a cold start)."""
    script = (
        "import sys\n"
        "names = []\n"
        "sys.addaudithook(lambda event, args: names.append(args[1]) if event == 'compile' else None)\n"
        "import tarot_core.ai, tarot_core.saves, tarot_core.match, tarot_core.records\n"
        "import tarot_core.daily, tarot_core.share\n"
        "print('\\n'.join(map(str, names)))\n"
        "print('dataclasses' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    # Compiling a module's own source (when its bytecode cache is stale) is not dynamic code.
    dynamic = [name for name in out[:-1] if not Path(name).is_file()]
    assert dynamic == []
    assert out[-1] == "False"
