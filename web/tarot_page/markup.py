"""HTML that is safe by construction: every field is escaped unless it is already HTML.

:class:`Markup` is HTML text the page trusts: a ``str`` subclass made from a template written in
the code (a literal), and from other ``Markup``. Whatever it is combined with that is not
``Markup`` is escaped on the way in (``&``, ``<``, ``>``, ``"`` and ``'``, as :func:`html.escape`
does), so a player's name, a translation, a notice or an imported field can never become a tag or
leave an attribute's quotes::

    Markup('<span class="name">{}</span>').format(name)   # name escaped
    Markup("<li>") + text + Markup("</li>")                # text escaped
    Markup("").join(parts)                                 # each part escaped unless Markup
    Markup("<b>%s</b>") % name                             # name escaped

Its ``format`` (with format specs: ``{:+d}``), ``format_map``, ``%``, ``+`` (either side), ``*`` and
``join`` return ``Markup``; any other ``str`` method returns a plain ``str``, which the next
combination escapes (so a mistake shows as ``&lt;`` on screen, never as a tag). The page's
renderers build every screen this way, ``browser.BrowserPage.show`` refuses anything else, and
``tests/web/test_web_escape.py`` checks both (a static scan of ``web/**/*.py`` and hostile text through
every screen).

The same idea as MarkupSafe's ``Markup`` (whose escaping writes ``&#34;``/``&#39;``; this one
keeps :func:`html.escape`'s ``&quot;``/``&#x27;``, the bytes the page always wrote), kept to the
few operations the page uses, with no dependency to ship.
"""

from __future__ import annotations

import html as _html
import re
from string import Formatter

__all__ = ["Markup", "escape"]


class Markup(str):
    """HTML text trusted as it is (see the module's docstring).

    ``Markup(text)`` marks ``text`` as safe: give it a literal template, or another ``Markup``
    (an object with an ``__html__`` method gives its result). Everything combined with it
    through ``format``, ``%``, ``+``, ``*`` or ``join`` is escaped unless it is ``Markup``.
    """

    __slots__ = ()

    def __new__(cls, text: object = "") -> "Markup":
        if hasattr(text, "__html__"):
            text = text.__html__()
        return super().__new__(cls, text)

    def __html__(self) -> "Markup":
        """This HTML as it is (the protocol MarkupSafe and template engines share)."""
        return self

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"

    def __add__(self, other: object) -> "Markup":
        if isinstance(other, str) or hasattr(other, "__html__"):
            return Markup(str.__add__(self, escape(other)))
        return NotImplemented

    def __radd__(self, other: object) -> "Markup":
        if isinstance(other, str) or hasattr(other, "__html__"):
            return Markup(str.__add__(escape(other), self))
        return NotImplemented

    def __mul__(self, count: int) -> "Markup":
        return Markup(str.__mul__(self, count))

    __rmul__ = __mul__

    def __mod__(self, args: object) -> "Markup":
        if isinstance(args, tuple):
            args = tuple(_Field(a) for a in args)
        elif isinstance(args, dict):
            args = {k: _Field(v) for k, v in args.items()}
        else:
            args = _Field(args)
        return Markup(str.__mod__(self, args))

    def join(self, parts) -> "Markup":
        """``parts`` joined by this HTML, each escaped unless it is ``Markup``."""
        return Markup(str.join(self, (escape(p) for p in parts)))

    def format(self, *args: object, **kwargs: object) -> "Markup":
        """The template filled in: each field escaped unless it is ``Markup`` (a format spec
        applies to the value before escaping: ``{:+d}``; a ``!r``/``!s`` conversion is escaped
        too; ``{x.attr}``/``{x[0]}`` reach into the value and escape what they find).

        A field inside a tag but outside quotes (``<{tag} {attrs}>``, ``data-n={n}``), where
        escaping protects nothing, takes ``Markup`` or a bare word (letters, digits, ``-``,
        ``_``: a tag name, a number) and raises :class:`TypeError` for anything else."""
        for key in _in_tag_fields(self):
            value = args[key] if isinstance(key, int) else kwargs[key]
            _check_in_tag(key, value)
        return Markup(str.format(self, *map(_Field, args), **{k: _Field(v) for k, v in kwargs.items()}))

    def format_map(self, mapping) -> "Markup":
        """:meth:`format` with the fields from ``mapping`` (the same check of fields inside a
        tag)."""
        for key in _in_tag_fields(self):
            _check_in_tag(key, mapping[key])
        return Markup(str.format_map(self, _FieldMap(mapping)))


def escape(value: object) -> Markup:
    """``value`` as HTML: ``Markup`` (or an object with ``__html__``) as it is, anything else
    ``str(value)`` with ``&``, ``<``, ``>``, ``"`` and ``'`` escaped (:func:`html.escape`), safe in
    text and in a quoted attribute value."""
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(_html.escape(str(value)))


#: A template's fields that stand inside a tag outside quotes, by template (see Markup.format).
_IN_TAG: dict[str, tuple] = {}
_BARE_WORD = re.compile(r"[A-Za-z0-9_-]*")


def _in_tag_fields(template: str) -> tuple:
    """The keys (an ``int`` for an automatic or numbered field, else its name) of ``template``'s
    fields that stand inside a tag (after ``<name``, before ``>``) and outside quotes; computed
    once per template. The fields are taken to leave the state as it was (an escaped value, or
    whole elements of Markup)."""
    found = _IN_TAG.get(template)
    if found is None:
        keys, state, auto = [], "text", 0
        for literal, field, _spec, _conv in Formatter().parse(template):
            for i, ch in enumerate(literal):
                if state == "text":
                    nxt = literal[i + 1:i + 2]
                    if ch == "<" and (nxt == "" or nxt.isalpha() or nxt in "/!"):
                        state = "tag"
                elif state == "tag":
                    state = {'"': "dq", "'": "sq", ">": "text"}.get(ch, "tag")
                elif (state, ch) in (("dq", '"'), ("sq", "'")):
                    state = "tag"
            if field is None:
                continue
            first = re.split(r"[.\[]", field, maxsplit=1)[0]
            if first == "":
                key, auto = auto, auto + 1
            else:
                key = int(first) if first.isdigit() else first
            if state == "tag":
                keys.append(key)
        found = _IN_TAG[template] = tuple(keys)
    return found


def _check_in_tag(key: object, value: object) -> None:
    """Raise :class:`TypeError` unless ``value`` may stand inside a tag outside quotes: Markup,
    or a bare word (see :meth:`Markup.format`)."""
    if hasattr(value, "__html__") or _BARE_WORD.fullmatch(str(value)):
        return
    raise TypeError(f"field {key!r} stands inside a tag, outside quotes: it takes Markup or a bare word, "
                    f"not {value!r}")


class _Field:
    """A value on its way into a template: formatted (with the template's spec), converted or
    printed as escaped HTML; ``.attr`` and ``[key]`` give a field of the value, escaped too."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        value = self.value
        if hasattr(value, "__html__"):
            if spec:
                raise ValueError(f"format spec {spec!r} on HTML: {value!r}")
            return value.__html__()
        return _html.escape(format(value, spec))

    def __str__(self) -> str:
        return escape(self.value)

    def __repr__(self) -> str:
        return _html.escape(repr(self.value))

    # "%d" / "%f" / "%x" take the number itself (a number escapes to itself).
    def __int__(self) -> int:
        return int(self.value)

    def __float__(self) -> float:
        return float(self.value)

    def __index__(self) -> int:
        return self.value.__index__()

    def __getattr__(self, name: str) -> "_Field":
        return _Field(getattr(self.value, name))

    def __getitem__(self, key: object) -> "_Field":
        return _Field(self.value[key])


class _FieldMap:
    """A mapping whose values come out as :class:`_Field`\\ s (for ``format_map``)."""

    __slots__ = ("mapping",)

    def __init__(self, mapping) -> None:
        self.mapping = mapping

    def __getitem__(self, key: object) -> _Field:
        return _Field(self.mapping[key])
