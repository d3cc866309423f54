"""The pieces every game's deal form on the score sheet is made of (:mod:`tarot_page.render_sheet`,
``tarot_page.games.<game>.sheet``): a labelled field, a select, the players as choices, and the
readers of what was typed (a whole number, a seat, card points). Plain Python, no browser in
sight; no game named."""

from __future__ import annotations

import re

from tarot_page.markup import Markup
from tarot_core.scoresheet import SheetError

_NUMBER = re.compile(r"^\d{1,3}([.,](\d+))?$")


def select(field: str, options, form: dict, default: str = "", label: str | None = None) -> str:
    """A ``<select id="sheet-<field>">`` of ``options`` (``(value, text)``, text already in the
    player's language), the one ``form`` holds (else ``default``) selected."""
    chosen = form.get(f"sheet-{field}", default)
    opts = Markup("").join(
        Markup('<option value="{v}"{selected}>{t}</option>').format(
            v=v, t=t, selected=Markup(" selected" if v == chosen else ""))
        for v, t in options)
    aria = Markup(' aria-label="{}"').format(label) if label else Markup("")
    return Markup('<select id="sheet-{field}"{aria}>{opts}</select>').format(field=field, aria=aria, opts=opts)


def field(label: str, control: str, cls: str = "") -> str:
    """A labelled form field (the label wraps its control)."""
    return Markup('<label class="field{cls}"><span>{label}</span>{control}</label>').format(
        cls=" " + cls if cls else "", label=label, control=control)


def seat_choices(names) -> list[tuple[str, str]]:
    """The players as a select's options: ``(seat index as text, name)``, in seat order."""
    return [(str(i), n) for i, n in enumerate(names)]


def whole_number(text: str, key: str) -> int:
    """A whole number typed in a field (ASCII digits, spaces around allowed). Raises
    :class:`SheetError` with ``key`` for anything else."""
    text = (text or "").strip()
    if not text.isdigit() or not text.isascii():
        raise SheetError(key, f"expected a whole number, got {text!r}")
    return int(text)


def seat_or_none(text: str, key: str) -> int | None:
    """A seat chosen in a select, or ``None`` for nobody (an empty value); see :func:`whole_number`."""
    return None if not (text or "").strip() else whole_number(text, key)


def card_points(text: str, halves: bool) -> int | float:
    """Card points typed in the form: ``"45"``, ``"40.5"`` or ``"40,5"`` (a half only where
    ``halves``: French Tarot, FR-7.3); the range is the scoring's to check."""
    text = (text or "").strip().replace("½", ".5")
    match = _NUMBER.match(text)
    if not match or (match.group(1) and not halves):
        raise SheetError("points", f"expected card points, got {text!r}")
    value = float(text.replace(",", "."))
    return int(value) if value == int(value) else value
