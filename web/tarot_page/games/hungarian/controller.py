"""What a click means at the Hungarian Tarokk table: plain Python, no browser in sight.

The Hungarian counterpart of the French table's controller (:func:`tarot_page.clicks.page_command`
answers the clicks both games share). Given your seat's :class:`tarot_core.hungarian.HungarianView`
and your on-screen :class:`tarot_page.common.Choices` (the discard cards chosen so far),
:func:`command_for` answers with one of ``view.legal`` (a bid, an annulment answer, a call, an
announcement, a kontra, a tarokk count, a pass, a card), a :class:`tarot_page.clicks.Command` (choose or unchoose a
discard card; ``("discard", cards)`` to discard the chosen cards), or ``None`` when the click means
nothing now. ``tests/web/test_web_hungarian.py`` checks the mapping in CPython.
"""

from __future__ import annotations

from tarot_page.clicks import Click, Command, _legal, page_command
from tarot_page.common import YOU, Choices
from tarot_core.hungarian.actions import Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase, Play
from tarot_core.hungarian.cards import format_card, parse_card


def _card(token: str | None):
    try:
        return parse_card(token) if token else None
    except ValueError:
        return None


def _announcement(view, value: str | None):
    """The legal announcement-round action a button's ``data-value`` names: ``pass``,
    ``announce:<bonus>``, ``kontra:<item>`` or ``tarokks:<8|9>``."""
    what, _, arg = (value or "").partition(":")
    if what == "pass":
        return _legal(view, Pass, lambda a: True)
    if what == "announce":
        return _legal(view, Announce, lambda a: a.bonus == arg)
    if what == "kontra":
        return _legal(view, Kontra, lambda a: a.bonus == arg)
    if what == "tarokks":
        return _legal(view, DeclareTarokks, lambda a: str(a.count) == arg)
    return None


def command_for(click: Click, view=None, choices: Choices = Choices()):
    """What ``click`` means now at the Hungarian table (see the module docstring). Never raises
    for a malformed attribute: it then means nothing."""
    command = page_command(click, view)
    if command is not None or view is None or view.turn != YOU:
        return command
    kind = click.action
    if kind == "bid":
        return _legal(view, Bid, lambda a: (a.bid.value if a.bid else "pass") == click.value)
    if kind == "call":
        return _legal(view, Call, lambda a: format_card(a.card) == click.card)
    if kind == "announce":
        return _announcement(view, click.value)
    if kind == "annul":
        return _legal(view, Annul, lambda a: a.annul == (click.value == "yes"))
    if kind == "play":
        if click.detail > 1:  # the second click of a double click plays nothing
            return None
        return _legal(view, Play, lambda a: format_card(a.card) == click.card)
    if view.phase is not Phase.DISCARD:
        return None
    need = max(0, len(view.hand) - 9)
    if kind == "select":
        card = _card(click.card)
        if card is None:
            return None
        if card in choices.selected:
            return Command("choose", choices._replace(selected=choices.selected - {card}))
        if _legal(view, Discard, lambda a: a.card == card) is not None and len(choices.selected) < need:
            return Command("choose", choices._replace(selected=choices.selected | {card}))
        return None
    if kind == "discard":
        legal = {a.card for a in view.legal if isinstance(a, Discard)}
        if len(choices.selected) != need or not choices.selected <= legal:
            return None
        return Command("discard", tuple(sorted(choices.selected, key=lambda c: c.index)))
    return None
