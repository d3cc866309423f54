"""The record envelope's reading helpers, shared by :mod:`tarot_core.records` and the games'
codecs (:mod:`tarot_core.french.records`, :mod:`tarot_core.hungarian.records`): the formats and
version, a checked key, the header check, JSON equality and the comparison of a stated result
with the replayed one. Apart from :mod:`tarot_core.records` so that a game's codec does not
import the module that re-exports it (no import cycle); every name here is importable from
:mod:`tarot_core.records` too.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError
from .game import game_ids, game_of_record, get_game

__all__ = ["DEAL_FORMAT", "MATCH_FORMAT", "VERSION", "require", "check_header", "json_equal", "compare_result"]

DEAL_FORMAT = "tarot-core/deal"
MATCH_FORMAT = "tarot-core/match"
VERSION = 1

def require(record: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    """``record[key]``, checked to be of type ``kind`` (a bool is not an int).

    Raises :class:`RecordError` naming ``key`` when it is missing or of another type.
    """
    if key not in record:
        raise RecordError(f"{key}: missing")
    value = record[key]
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise RecordError(f"{key}: expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def check_header(record: Any, fmt: str, game: str | None = None) -> None:
    """Check that ``record`` is a JSON object of format ``fmt``, version :data:`VERSION`, and of
    game ``game`` (or of any registered game when ``game`` is ``None``).

    Raises :class:`RecordError` naming the first key that is wrong.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, got {type(record).__name__}")
    if record.get("format") != fmt:
        raise RecordError(f"format: expected {fmt!r}, got {record.get('format')!r}")
    if record.get("version") != VERSION:
        raise RecordError(f"version: this program reads version {VERSION}, got {record.get('version')!r}")
    if game is not None and record.get("game") != game:
        raise RecordError(f"game: expected {game!r}, got {record.get('game')!r}")
    if game is None:
        _rules_of(record)


def _rules_of(record: dict[str, Any]) -> Any:
    try:
        return game_of_record(record.get("game"))
    except ValueError:
        known = " or ".join(repr(get_game(g).record_game) for g in game_ids())
        raise RecordError(f"game: expected {known}, got {record.get('game')!r}") from None


def json_equal(a: Any, b: Any) -> bool:
    """True when ``a`` and ``b`` are the same JSON value. Unlike ``==``, a bool is not a number
    (``True == 1`` and ``False == 0`` in Python, not in JSON); ``1`` and ``1.0`` are the same
    number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return a == b


def compare_result(stated: Any, replayed: dict[str, Any] | None) -> None:
    """Raise :class:`RecordError` naming the first figure of ``stated`` (a record's ``result``)
    that differs from ``replayed`` (the replay's, compared as JSON: :func:`json_equal`), or when
    the replay did not finish the deal."""
    if replayed is None:
        raise RecordError("result: the record states a result but its actions do not finish the deal")
    if not isinstance(stated, dict):
        raise RecordError(f"result: expected an object, got {stated!r}")
    for key in stated:
        if key not in ("thrown_in", "scores", "breakdown"):
            raise RecordError(f"result: unknown figure {key!r}")
    for key in ("thrown_in", "scores"):
        if key in stated and not json_equal(stated[key], replayed[key]):
            if key == "scores" and isinstance(stated[key], list) and len(stated[key]) == len(replayed[key]):
                seat = next(i for i, (a, b) in enumerate(zip(stated[key], replayed[key])) if not json_equal(a, b))
                raise RecordError(f"result differs: scores[{seat}] is {stated[key][seat]} in the record, "
                                  f"the replay gives {replayed[key][seat]}")
            raise RecordError(f"result differs: {key} is {stated[key]!r} in the record, "
                              f"the replay gives {replayed[key]!r}")
    stated_b, replayed_b = stated.get("breakdown"), replayed.get("breakdown")
    if "breakdown" in stated and not (isinstance(stated_b, dict) and isinstance(replayed_b, dict)):
        gives = "no breakdown (the deal was thrown in)" if replayed_b is None else "a breakdown object"
        raise RecordError(f"result differs: breakdown is {stated_b!r} in the record, the replay gives {gives}")
    if isinstance(stated_b, dict) and isinstance(replayed_b, dict):
        for key, value in stated_b.items():
            if key not in replayed_b:
                raise RecordError(f"result: unknown breakdown figure {key!r}")
            if not json_equal(value, replayed_b[key]):
                raise RecordError(f"result differs: breakdown.{key} is {value!r} in the record, "
                                  f"the replay gives {replayed_b[key]!r}")
