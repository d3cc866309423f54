"""Typed errors raised by :mod:`tarot_core`.

Every error derives from :class:`TarotError`, so a caller can catch the whole family at once.
"""

from __future__ import annotations


class TarotError(Exception):
    """Base class of every error raised by this package."""


class Message(str):
    """A sentence for people, worded in English, that keeps how it was made, so that a page can
    word it in its player's language.

    It *is* the English sentence (a :class:`str`: printing, comparing and JSON see only that);
    besides, ``template`` is the English sentence with named fields (the message id a page's
    catalogue translates), ``params`` the fields' values (text, itself possibly a
    :class:`Message`, or numbers), and for a count, ``plural`` the template used when ``n`` is
    not 1 (English's rule; a catalogue knows its own language's). ``n`` is also the field
    ``{n}``::

        Message("the game of {date} does not replay", date="2026-12-01")
        == "the game of 2026-12-01 does not replay"

    Raises :class:`KeyError` when the template names a field not given.
    """

    template: str
    params: dict
    plural: str | None
    n: int | None

    def __new__(cls, template: str, plural: str | None = None, n: int | None = None, **params) -> "Message":
        fields = dict(params, n=n) if plural is not None else params
        chosen = plural if plural is not None and n != 1 else template
        self = super().__new__(cls, chosen.format(**fields))
        self.template, self.params, self.plural, self.n = template, params, plural, n
        return self

    def __reduce__(self):  # a copy or a pickle stays a Message
        return (_message, (self.template, self.plural, self.n, self.params))


def _message(template: str, plural: str | None, n: int | None, params: dict) -> Message:
    return Message(template, plural, n, **params)


def message_of(error: BaseException) -> str:
    """The sentence ``error`` was raised with: its :class:`Message` when it was given one (so
    its template and fields survive), else ``str(error)``."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Message) else str(error)


class NotationError(TarotError, ValueError):
    """A card token (FR-1.1 notation) could not be parsed.

    Attributes:
        token: the offending text, exactly as given.
    """

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        super().__init__(message or f"unknown card token {token!r} (FR-1.1: e.g. KS, 10H, T21, EX)")


class IllegalActionError(TarotError, ValueError):
    """An action that the rules do not allow in the current state.

    The state it was applied to is left exactly as it was.

    The engine does not word messages for players: ``reason`` is a sentence for developers (in
    English, in logs and tracebacks), while ``key`` and ``params`` say the same thing as data, so
    that the page can word it in the player's language (``key="must_follow"``,
    ``params={"suit": "hearts"}``).

    Attributes:
        action: the rejected action.
        reason: why, in one English sentence for developers.
        rule: the rule id it breaks (``"FR-5.3"``; ``"FR-2"`` out of turn, ``"FR-5.1"`` for a
            card the player does not hold), or ``None`` when it is out of phase or malformed.
        key: a message id naming the case (``"must_follow"``, ``"not_your_turn"`` …), stable
            across versions; ``"illegal"`` when the raiser gave none.
        params: the message's parameters (text, numbers, card tokens), a dict.
    """

    def __init__(self, action: object, reason: str, rule: str | None = None, key: str | None = None,
                 params: dict | None = None) -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        self.key = key or "illegal"
        self.params = dict(params or {})
        where = f" ({rule})" if rule else ""
        try:
            shown = str(action)
        except Exception:  # a malformed action may not even print: fall back to its repr
            shown = repr(action)
        super().__init__(f"illegal action {shown}: {reason}{where}")


class ScoreInputError(TarotError, ValueError):
    """Bad input to the score calculator.

    Attributes:
        key: the input key that was wrong (``"contract"``, ``"points"`` …), or ``None`` when the
            input as a whole is unreadable.
    """

    def __init__(self, key: str | None, message: str) -> None:
        self.key = key
        super().__init__(message)


class SaveError(TarotError, ValueError):
    """Saved or imported data that cannot be used; the message says why in one sentence
    (:mod:`tarot_core.saves`, :mod:`tarot_core.leaderboard`, which both raise it)."""


class RecordError(TarotError, ValueError):
    """A record that cannot be read or replayed.

    Attributes:
        index: the index of the offending action in ``actions`` (``None`` when not an action).
        seat: that action's seat, when known.
        rule: the rule id the action breaks, when one applies.
        deal: for a match record, the index of the deal in ``deals``.
    """

    def __init__(self, message: str, *, index: int | None = None, seat: int | None = None,
                 rule: str | None = None, deal: int | None = None) -> None:
        self.index, self.seat, self.rule, self.deal = index, seat, rule, deal
        prefix = f"deal {deal}: " if deal is not None else ""
        super().__init__(prefix + message)
