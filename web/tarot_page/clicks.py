"""What a click means in both games: plain Python, no browser in sight.

The page hands every click on an element with a ``data-action`` attribute to its game's
``command_for`` (``tarot_page.games.<game>.controller``), as a :class:`Click`. The clicks that
mean the same in every game (the start screen's choices, the sheets, records, the next deal) are
answered here (:func:`page_command`) with a :class:`Command` for the page, whose kinds are
:data:`COMMANDS`; ``table.py`` carries it out. The games are the registered games'
(:func:`tarot_core.game.game_ids`; this module is imported by every game's controller, so it asks
the engine's registry, not the page's): none is named here.
"""

from __future__ import annotations

from typing import NamedTuple

from tarot_page import i18n
from tarot_page.common import YOU
from tarot_core.game import DEFAULT_GAME, game_ids

#: The :class:`Command` kinds: what each means and its ``value``.
COMMANDS = {
    "new-match": "start a match of the first game (French Tarot) of ``value`` players (3, 4 or 5), or of "
                 "another game when ``value`` is ``(game, players)``: ``(\"hungarian\", 4 or 5)``",
    "start-screen": "leave the match for the start screen (the URL's options dropped)",
    "daily": "start today's daily game (of Hungarian Tarokk when ``value`` is ``\"hungarian\"``)",
    "game": "show the start screen of game ``value`` (\"french\" or \"hungarian\")",
    "profile": "choose the Hungarian rule profile ``value`` (\"pagat\" or \"tournament\")",
    "level": "choose the computer players' level ``value`` (\"easy\", \"normal\" or \"strong\")",
    "language": "show the page in language ``value`` (a code of ``i18n.LANGUAGES``) and remember it",
    "hint": "ask the strong computer player what it would do in your place (at your turn)",
    "discard": "discard ``value`` (Hungarian cards) one by one (HU-4)",
    "resume": "continue the saved game in progress",
    "reload": "reload the page (another tab has the game)",
    "dismiss": "close the notice",
    "history": "open the history and statistics",
    "export": "download the history as a file",
    "aside-download": "download the data set aside under key ``value`` (``tarot.corrupt.N``) as a file",
    "aside-delete": "delete the data set aside under key ``value`` (``tarot.corrupt.N``)",
    "share": "share the daily result (the device's share menu, or the clipboard) under the name typed",
    "leaderboard": "open the daily leaderboard of game ``value`` (\"french\" or \"hungarian\"; "
                   "``None``: the start screen's game)",
    "sheet": "the score sheet for table play: step ``value`` (``sheet.STEPS``: open, start, add, undo, "
             "names, save-names, new)",
    "overlay": "open the sheet ``value`` (\"scores\", \"review\", \"standings\") or close it (None)",
    "review-step": "move the trick review by ``value`` tricks (-1 or 1)",
    "next-deal": "deal the next hand",
    "download": "download the record of the ``value`` (\"deal\" or \"match\")",
    "choose": "your on-screen choices become ``value`` (a Choices)",
    "ecart": "put ``value.cards`` aside and answer the chelem question with ``value.announce``",
}


class Click(NamedTuple):
    """A click on an element with a ``data-action``: that attribute, its ``data-value`` and
    ``data-card`` (``None`` when absent), and the event's ``detail`` (2 for the second click of
    a double click)."""

    action: str
    value: str | None = None
    card: str | None = None
    detail: int = 1


class Command(NamedTuple):
    """Something for the page to do: ``kind`` is one of :data:`COMMANDS`, ``value`` its
    argument (``None`` when it takes none)."""

    kind: str
    value: object = None


#: Clicks that mean the same with or without a match on the table.
_PAGE = {"daily", "resume", "reload", "dismiss", "history", "export", "share"}


def _legal(view, kind, test):
    """The first of ``view.legal`` of type ``kind`` that passes ``test``, or ``None``."""
    return next((a for a in view.legal if isinstance(a, kind) and test(a)), None)


#: Clicks at the table that are page commands in both games (sheets, records, next deal).
_TABLE = {"scores", "review", "close", "standings", "review-step", "next-deal", "download", "hint"}
#: Clicks of the start screen: a new match, the game shown, the Hungarian rule profile, the
#: level, the leaderboard (also offered by a daily result and a shared one), and the language
#: menu (on every screen).
_START = {"new-match", "game", "profile", "level", "leaderboard", "language", "sheet"}
#: Clicks of the history screen's list of data set aside: their value is a ``tarot.corrupt.N`` key.
_ASIDE = {"aside-download", "aside-delete"}
#: The games the start screen offers (the registered games' ids, :func:`tarot_core.game.game_ids`:
#: ``("french", "hungarian")``), and the Hungarian rule profiles (HU-10).
GAMES = tuple(game_ids())
PROFILES = ("pagat", "tournament")
#: The score sheet's steps (``sheet.STEPS``; that module is imported when the sheet opens).
SHEET_STEPS = ("open", "start", "add", "undo", "names", "save-names", "new")
#: The computer players' levels (``tarot_core.ai.LEVELS``), easiest first.
LEVELS = ("easy", "normal", "strong")


def page_command(click: Click, view=None) -> "Command | None":
    """The :class:`Command` of a click that means the same in both games (the start screen's
    choices, the sheets, records, the next deal), or ``None``.

    ``new-match`` with ``data-value`` ``"4"`` starts the first game (:data:`tarot_core.game.DEFAULT_GAME`,
    French Tarot) at 4 players (``Command("new-match", 4)``), ``"<game>-<players>"`` another game of
    :data:`GAMES`: ``"hungarian-5"`` Hungarian Tarokk at 5 (``Command("new-match", ("hungarian", 5))``);
    without a value it leaves for the start screen. ``daily`` with ``data-value="hungarian"`` is
    the Hungarian daily game (``Command("daily", "hungarian")``); ``game`` and ``profile`` choose
    what the start screen shows. The table's clicks need a ``view`` (a match on the table)."""
    kind, value = click.action, click.value
    if kind == "new-match":
        if not value:
            return Command("start-screen")
        game, _, players = value.rpartition("-")
        if (game and (game not in GAMES or game == DEFAULT_GAME)) or not players.isdigit():
            return None
        return Command("new-match", int(players) if not game else (game, int(players)))
    if kind == "daily" and value:
        return Command("daily", value) if value in GAMES else None
    if kind in _PAGE:
        return Command(kind)
    if kind == "leaderboard":
        return Command("leaderboard", value if value in GAMES else None)
    if kind == "game":
        return Command("game", value) if value in GAMES else None
    if kind == "profile":
        return Command("profile", value) if value in PROFILES else None
    if kind == "level":
        return Command("level", value) if value in LEVELS else None
    if kind == "language":
        return Command("language", value) if value in i18n.LANGUAGES else None
    if kind == "sheet":
        return Command("sheet", value or "open") if (value or "open") in SHEET_STEPS else None
    if kind in _ASIDE:
        number = (value or "").removeprefix("tarot.corrupt.")
        return Command(kind, value) if value != number and number.isdigit() else None
    if view is None:
        return None
    if kind == "hint":
        return Command("hint") if view.turn == YOU and len(view.legal) > 1 else None
    if kind in ("scores", "review", "close"):
        return Command("overlay", None if kind == "close" else kind)
    if kind == "standings":
        return Command("overlay", "standings")
    if kind == "review-step":
        return Command("review-step", -1 if value == "-1" else 1)
    if kind == "next-deal":
        return Command("next-deal")
    if kind == "download":
        return Command("download", "deal" if value == "deal" else "match")
    return None
