"""The base of the package's value types (cards, actions, tricks, views, scores).

Why not ``@dataclass``: a dataclass writes the source of its class's ``__init__``, ``__eq__``,
``__hash__`` and ``__repr__`` and compiles it while its module is imported. Under Pyodide that
was most of the game's own start-up: importing the engine took 89 ms in Chromium, about 80 of it
in its 15 dataclasses (issue 5, load time: ``bench/load.py``). :class:`Value` gives the same
behaviour with nothing compiled at import: each class lists its fields in ``__slots__`` and writes
its own ``__init__``, and the rest comes from this base.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, ClassVar, TypeVar

__all__ = ["Value", "init_field", "replace"]

#: ``init_field(value, name, x)`` sets field ``name`` inside ``__init__``; plain assignment is
#: refused on a frozen value.
init_field = object.__setattr__


class Value:
    """Base of the value types: fields named by ``__slots__``, compared and hashed by value.

    A subclass (a direct one) lists its fields in order in ``__slots__`` (a tuple), annotates them
    for readers and type checkers, and writes an ``__init__`` that takes them in that order and
    sets each with :func:`init_field` (checking them there if it needs to). In return it gets what
    ``@dataclass(frozen=True, slots=True)`` gives:

    * ``a == b`` when both are of the same class and their fields are equal, in order; anything
      else compares unequal (``Play(0, card) != Discard(0, card)``);
    * ``hash(value) == hash(tuple of its fields)``;
    * a repr naming the fields: ``Bid(seat=1, contract=<Contract.GARDE: 'garde'>)``;
    * ``__match_args__``, for ``case Play(seat, card):`` patterns;
    * immutability: setting or deleting an attribute raises :class:`AttributeError`;
    * ``copy.copy``, ``copy.deepcopy`` and ``pickle``, which rebuild through ``__init__``;
    * ``_fields``: the field names in order, as on a named tuple;
    * :func:`replace` (``copy.replace`` on Python 3.13+): a copy with some fields changed.

    ``class X(Value, frozen=False)`` makes a mutable value: its fields can be set, and, as with
    a mutable dataclass, it is unhashable.

    A class that keeps something derived from its fields (a cache for a fast hash, say) adds a
    private slot for it after the fields and names the fields alone in ``_fields``; ``__init__``
    sets that slot too.

    Raises:
        TypeError: at class creation, when ``__slots__`` is missing or not a tuple of names, or
            ``_fields`` names something that is not a slot.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[[Any], tuple[Any, ...]]]

    def __init_subclass__(cls, frozen: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = cls.__dict__.get("__slots__")
        fields = cls.__dict__.get("_fields", slots)
        if (not isinstance(slots, tuple) or not isinstance(fields, tuple)
                or not all(isinstance(f, str) and f in slots for f in fields)):
            raise TypeError(f"{cls.__name__}: a Value lists its fields as a tuple of names in "
                            "__slots__ (and, with private slots after them, in _fields)")
        cls._fields = fields
        cls.__match_args__ = fields
        if len(fields) == 1:
            getter = attrgetter(fields[0])
            cls._key = staticmethod(lambda value: (getter(value),))
        elif fields:
            cls._key = staticmethod(attrgetter(*fields))  # a tuple for two or more names
        else:
            cls._key = staticmethod(lambda value: ())
        if not frozen:
            cls.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]
            cls.__delattr__ = object.__delattr__  # type: ignore[method-assign,assignment]
            cls.__hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is self.__class__:
            return self._key(self) == other._key(other)  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot set {name!r}: a {type(self).__name__} cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r}: a {type(self).__name__} cannot be changed")

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._key(self)

    def __replace__(self: V, **changes: Any) -> V:
        unknown = changes.keys() - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        return type(self)(*[changes[f] if f in changes else getattr(self, f) for f in self._fields])


V = TypeVar("V", bound=Value)


def replace(value: V, **changes: Any) -> V:
    """A copy of ``value`` with the fields named in ``changes`` set to the values given.

    Like ``dataclasses.replace`` (and ``copy.replace`` on Python 3.13+). The copy goes through
    the class's ``__init__``, so it is checked as a new value would be.

    Raises:
        TypeError: a name in ``changes`` is not a field of ``value``'s class.
    """
    return value.__replace__(**changes)
