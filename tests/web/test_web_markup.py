"""web/tarot_page/markup.py: HTML that escapes every field unless it is already Markup (issue 31, part 7).

Expected strings are written out by hand (the entities :func:`html.escape` writes: ``&amp;``,
``&lt;``, ``&gt;``, ``&quot;``, ``&#x27;``)."""

from __future__ import annotations

import pytest

import web_helpers  # noqa: F401  (puts web/ on sys.path)
from tarot_page.markup import Markup, escape

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_OUT = "&lt;img src=x onerror=alert(1)&gt;"
QUOTES = "\"x' & y"
QUOTES_OUT = "&quot;x&#x27; &amp; y"


def test_escape_plain_text_and_keeps_markup():
    assert escape(HOSTILE) == HOSTILE_OUT
    assert escape(QUOTES) == QUOTES_OUT
    assert type(escape("a")) is Markup
    assert escape(Markup("<b>")) == "<b>"
    assert escape(12) == "12"
    assert escape(None) == "None"


def test_escape_honours_the_html_protocol():
    class Safe:
        def __html__(self):
            return "<i>ok</i>"

    assert escape(Safe()) == "<i>ok</i>"
    assert Markup("<p>{}</p>").format(Safe()) == "<p><i>ok</i></p>"


def test_format_escapes_positional_and_named_fields():
    out = Markup('<span title="{}">{name}</span>').format(QUOTES, name=HOSTILE)
    assert out == f'<span title="{QUOTES_OUT}">{HOSTILE_OUT}</span>'
    assert type(out) is Markup


def test_format_keeps_markup_fields_and_applies_specs():
    inner = Markup("<b>{}</b>").format("&")
    assert Markup("<p>{}{:+d}{:>3}</p>").format(inner, 5, "<") == "<p><b>&amp;</b>+5  &lt;</p>"
    with pytest.raises(ValueError):
        Markup("{:>5}").format(Markup("<b>"))


def test_format_conversions_and_field_access_are_escaped():
    class P:
        name = HOSTILE

    assert Markup("{!r}").format("<") == "&#x27;&lt;&#x27;"
    assert Markup("{!s}").format(HOSTILE) == HOSTILE_OUT
    assert Markup("{0.name}|{1[0]}|{d[k]}").format(P(), [HOSTILE], d={"k": "<"}) == f"{HOSTILE_OUT}|{HOSTILE_OUT}|&lt;"
    assert Markup("{a}{b}").format_map({"a": "<", "b": Markup("<br>")}) == "&lt;<br>"


def test_concatenation_escapes_the_plain_side():
    out = Markup("<li>") + HOSTILE + Markup("</li>")
    assert out == f"<li>{HOSTILE_OUT}</li>" and type(out) is Markup
    left = HOSTILE + Markup("<br>")
    assert left == f"{HOSTILE_OUT}<br>" and type(left) is Markup
    assert Markup("<a>") + Markup("</a>") == "<a></a>"
    with pytest.raises(TypeError):
        Markup("<a>") + 1  # noqa: B018


def test_join_escapes_each_plain_part():
    out = Markup("<br>").join(["a&b", Markup("<i>c</i>"), HOSTILE])
    assert out == f"a&amp;b<br><i>c</i><br>{HOSTILE_OUT}" and type(out) is Markup
    assert Markup("").join([]) == "" and type(Markup("").join([])) is Markup


def test_percent_escapes_and_keeps_numbers():
    assert Markup("<b>%s</b>") % HOSTILE == f"<b>{HOSTILE_OUT}</b>"
    assert Markup("%s|%d|%.1f|%r") % (Markup("<i>"), 3, 2.5, "<") == "<i>|3|2.5|&#x27;&lt;&#x27;"
    assert Markup("%(a)s") % {"a": "<"} == "&lt;"


def test_repetition_and_other_methods():
    assert Markup("<hr>") * 2 == "<hr><hr>" and type(Markup("<hr>") * 2) is Markup
    assert type(Markup("<b>").upper()) is str  # any other method: plain text, escaped next time
    assert Markup("{}").format(Markup("<b>").upper()) == "&lt;B&gt;"
    assert repr(Markup("<b>")) == "Markup('<b>')"


def test_fields_inside_a_tag_outside_quotes_take_markup_or_a_bare_word():
    """Escaping protects text and quoted values, not the inside of a tag: there a plain string
    must be a bare word (a tag name, a number), else TypeError; Markup goes in as it is."""
    assert Markup('<{} class="c" {}>x</{}>').format("button", Markup("disabled"), "button") == (
        '<button class="c" disabled>x</button>')
    assert Markup("<td data-n={n}>{n}</td>").format(n=12) == "<td data-n=12>12</td>"
    assert Markup("<b{}>").format("") == "<b>"
    for hostile in (" onclick=alert(1)", "x onerror=alert(1)", "a>b", 'a"b'):
        with pytest.raises(TypeError):
            Markup("<button {}>").format(hostile)
        with pytest.raises(TypeError):
            Markup("<button {attrs}>").format(attrs=hostile)
        with pytest.raises(TypeError):
            Markup("<button {attrs}>").format_map({"attrs": hostile})
    # Inside quotes, after the tag or in another element: escaped as everywhere.
    assert Markup('<a title="{}">{}</a><br {}>').format("x y", "p q", Markup("")) == '<a title="x y">p q</a><br >'
    assert Markup("<a title='{}'>").format("it's") == "<a title='it&#x27;s'>"
