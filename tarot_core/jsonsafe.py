"""Bounded JSON: text from outside (storage, links, imports, worker messages) parsed only once it is
known to be small enough and shallow enough.

Why: :func:`json.loads` recurses once per nesting level. Under Pyodide the WebAssembly stack is
far smaller than CPython's, so a few thousand nested brackets (``'[' * 5000``) overflow it and
kill the interpreter before Python's ``RecursionError`` can be raised — a page whose saved game
holds such text would die on every reload. :func:`loads` first measures the text without
recursion (one linear scan that skips string contents) and refuses it, with
:class:`UntrustedJSONError`, when it is longer than ``max_chars`` or nests deeper than
``max_depth``; only then does it call :func:`json.loads`.

Every reader of outside JSON in :mod:`tarot_core` and in the page goes through :func:`loads`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import Message, TarotError

#: Default bound on the text's length, in characters: far above any save, record, history or sheet
#: this program writes (a finished match's record is under 30,000 characters; a history of
#: thousands of matches stays under a few million), far below what could exhaust memory.
MAX_CHARS = 8_000_000
#: Default bound on nesting (arrays and objects inside each other). The deepest thing this program
#: writes nests about 8 levels; Pyodide's stack survives several hundred.
MAX_DEPTH = 64


#: A JSON string, escapes included (the unrolled form: linear, no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
#: Everything that is not a bracket.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class UntrustedJSONError(TarotError, ValueError):
    """Text that is not JSON, or is JSON too long or too deeply nested to be parsed safely.

    Attributes:
        reason: ``"type"`` (not a str), ``"size"``, ``"depth"`` or ``"syntax"``.
    """

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


def check(text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> str:
    """Return ``text`` if it is a :class:`str` of at most ``max_chars`` characters nesting at most
    ``max_depth`` levels; raise :class:`UntrustedJSONError` (``reason`` ``"type"``, ``"size"`` or
    ``"depth"``) otherwise. The depth scan stops as soon as the bound is passed."""
    if not isinstance(text, str):
        raise UntrustedJSONError("type", Message("expected JSON text, got {kind}", kind=type(text).__name__))
    if len(text) > max_chars:
        raise UntrustedJSONError("size", Message("the data is too long ({length} characters; at most {limit})",
                                                 length=len(text), limit=max_chars))
    # The scan runs in the regular-expression engine (C), then over the brackets alone: a Python
    # loop over every character took three times as long as json.loads itself (49 ms for a
    # 1.7 M-character history in CPython, several times that under Pyodide, at every start).
    if text.count("[") + text.count("{") > max_depth:
        level = 0
        for char in _NOT_BRACKET.sub("", _STRING.sub("", text)):
            if char in "[{":
                level += 1
                if level > max_depth:
                    raise UntrustedJSONError("depth", Message("the data is nested too deeply (more than {limit} levels)",
                                                              limit=max_depth))
            else:
                level -= 1
    return text


class _HookError(Exception):
    """Carries an error raised by a caller's hook through :func:`loads`'s own handlers."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(error)
        self.error = error


def _passing(hook):
    def call(*args):
        try:
            return hook(*args)
        except Exception as error:
            raise _HookError(error) from None
    return call


def loads(text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH, **options: Any) -> Any:
    """Parse ``text`` as JSON once :func:`check` accepts it; ``options`` go to :func:`json.loads`
    (``parse_float``, ``object_pairs_hook`` …).

    Raises :class:`UntrustedJSONError`: ``reason`` ``"type"``, ``"size"`` or ``"depth"`` from
    :func:`check`, ``"syntax"`` for text that is not JSON (or holds a number too long to read).
    An ``object_pairs_hook`` or ``object_hook`` that raises propagates its own error.
    """
    check(text, max_chars=max_chars, max_depth=max_depth)
    for name, hook in list(options.items()):  # a hook's own error (a ValueError too) is not "syntax"
        if callable(hook):
            options[name] = _passing(hook)
    try:
        return json.loads(text, **options)
    except _HookError as error:
        raise error.error from None
    except json.JSONDecodeError as error:
        raise UntrustedJSONError("syntax", Message("the data is not valid JSON ({detail})",
                                                   detail=f"{error.msg} at {error.pos}")) from None
    except RecursionError:  # unreachable under max_depth; kept for a caller passing a huge bound
        raise UntrustedJSONError("depth", "the data is nested too deeply") from None
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        raise UntrustedJSONError("syntax", Message("the data is not valid JSON ({detail})",
                                                   detail=str(error)[:80])) from None
