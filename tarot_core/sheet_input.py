"""The checks every game's score-sheet input shares (:mod:`tarot_core.scoresheet`; a game's own
input: :mod:`tarot_core.french.sheet`, :mod:`tarot_core.hungarian.sheet`): the error naming the
field at fault, a checked JSON object and a checked seat. Apart from the sheet so that a game's
input does not import the service that finds it through the registry."""

from __future__ import annotations

import json

from .errors import ScoreInputError

__all__ = ["SheetError", "check_object", "check_seat", "is_int", "is_json"]


class SheetError(ScoreInputError):
    """A sheet, a deal or a name that cannot be used. ``key`` names the field at fault
    (``"names[1]"``, ``"deals[0].points"``, ``"taker"``; ``None``: the data as a whole); the
    message says why in one sentence (English, for developers and logs)."""


def is_int(value: object) -> bool:
    """True for an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seat(key: str, value: object, players: int, nullable: bool = False) -> int | None:
    """``value``, checked to be a seat ``0..players-1`` (or ``None`` when ``nullable``).
    Raises :class:`SheetError` naming ``key``."""
    if value is None and nullable:
        return None
    if not is_int(value) or not 0 <= value < players:  # type: ignore[operator]
        expected = f"a player's index 0..{players - 1}" + (" or null" if nullable else "")
        raise SheetError(key, f"expected {expected}, got {json.dumps(value) if is_json(value) else repr(value)}")
    return value  # type: ignore[return-value]


def is_json(value: object) -> bool:
    """True when ``value`` can be written as JSON."""
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def check_object(key: str | None, value: object, allowed: tuple[str, ...]) -> dict:
    """``value``, checked to be a JSON object with only the keys ``allowed``. Raises
    :class:`SheetError` naming ``key`` (or the unknown key inside it)."""
    if not isinstance(value, dict):
        raise SheetError(key, "expected a JSON object")
    for k in value:
        if k not in allowed:
            where = f"{key}.{k}" if key else k
            raise SheetError(where, f"unknown key (expected one of: {', '.join(allowed)})")
    return value
