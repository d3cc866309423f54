"""What a click at the French Tarot table means: plain Python, no browser in sight.

The page hands every click on an element with a ``data-action`` attribute to
:func:`command_for`, as a :class:`Click` (the element's ``data-action``, ``data-value`` and
``data-card``). Given your seat's view (:class:`tarot_core.french.SeatView`) and what you are
choosing on screen (:class:`Choices`), it answers with one of:

* an engine action of your seat, always one of ``view.legal`` (a card -> ``Play``, a bid button
  -> ``Bid``, a called card -> ``Call``, the chelem question -> ``Chelem``, a poignée offer ->
  ``Poignee``);
* a :class:`Command` for the page itself (:mod:`tarot_page.clicks` answers the clicks both games share) (start a match, open a sheet, change your écart
  choices, put the chosen écart aside, download a record, …);
* ``None``: the click means nothing now (not your turn, a stale or tampered button, the second
  click of a double click).

``table.py`` carries the answer out; ``tests/web/test_web_controller.py`` checks the mapping in
CPython.
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page.clicks import _ASIDE, _PAGE, _START, _TABLE, Click, Command, _legal, page_command
from tarot_page.common import YOU, Choices
from tarot_core.french import Bid, Call, Chelem, Discard, Phase, Play, Poignee
from tarot_core.french.cards import Card, format_card, parse_card, sorted_hand


class Ecart(NamedTuple):
    """The value of an ``"ecart"`` command: the cards to put aside (sorted for display) and the
    answer to the chelem question that follows (FR-4.3)."""

    cards: tuple[Card, ...]
    announce: bool


def _card(token: str | None) -> Card | None:
    """The card a ``data-card`` names, or ``None`` for a missing or malformed token."""
    try:
        return parse_card(token) if token else None
    except ValueError:  # tarot_core.errors.NotationError
        return None


def command_for(click: Click, view=None, choices: Choices = Choices()):
    """What ``click`` means now.

    Args:
        click: the clicked element's data attributes (:class:`Click`).
        view: your seat's :class:`~tarot_core.french.SeatView` of the deal on the table, or
            ``None`` when no match is on the table (start screen, history, a shared result).
            A tab that must not play on passes a view with nobody's turn and nothing legal.
        choices: your on-screen :class:`Choices`.

    Returns:
        An engine action of your seat taken from ``view.legal``, a :class:`Command`, or ``None``
        when the click means nothing now. Never raises for a malformed attribute (it means
        nothing).
    """
    kind = click.action
    if kind in _PAGE or kind in _TABLE or kind in _START or kind in _ASIDE:
        return page_command(click, view)
    if view is None or view.turn != YOU:
        return None
    if kind == "bid":
        return _legal(view, Bid, lambda a: (a.contract.value if a.contract else "pass") == click.value)
    if kind == "call":
        return _legal(view, Call, lambda a: format_card(a.card) == click.card)
    if kind == "chelem":
        return _legal(view, Chelem, lambda a: a.announced == (click.value == "yes"))
    if kind == "poignee":
        return _legal(view, Poignee, lambda a: str(len(a.cards)) == click.value)
    if kind == "play":
        # The second click of a double click must not also play the card that slides under
        # the pointer when the hand closes up (you may be the one to lead next).
        if click.detail > 1:
            return None
        return _legal(view, Play, lambda a: format_card(a.card) == click.card)
    if kind == "poignee-decline":
        if _legal(view, Poignee, lambda a: True) is None:
            return None
        return Command("choose", choices._replace(poignee_declined=True))
    if view.phase is not Phase.ECART:
        return None
    if kind == "select":
        card = _card(click.card)
        if card is None:
            return None
        if card in choices.selected:
            return Command("choose", choices._replace(selected=choices.selected - {card}))
        may_go = _legal(view, Discard, lambda a: a.card == card) is not None
        if may_go and len(choices.selected) < view.chien_size:
            return Command("choose", choices._replace(selected=choices.selected | {card}))
        return None
    if kind == "chelem-toggle":
        return Command("choose", choices._replace(announce_chelem=not choices.announce_chelem))
    if kind == "ecart":
        return Command("ecart", Ecart(tuple(sorted_hand(choices.selected)), choices.announce_chelem))
    return None
