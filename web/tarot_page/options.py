"""The page's address options and the helpers the table reads them with, moved verbatim from
:mod:`tarot_page.table`: :func:`parse_query` (``?players=4&seed=x``), :func:`int_param`,
:func:`ignore_bad_options` (the malformed options a link carries, with :data:`MAX_DEALS`,
:data:`MAX_PACE`, :data:`MAX_SEED`), :func:`option_text` (an option named in a notice); and what
the table says that is not its own: the engine's texts for the player (:data:`ENGINE_TEXTS`,
:data:`ENGINE_PLURALS`, :func:`engine_text`), the storage notices (:data:`NO_STORAGE`,
:data:`SUPERSEDED`, :func:`open_storage`), where the start screen's choices are kept
(:data:`PREFS_KEY`) and :func:`random_bits` (a tab's id). No browser import: the page object is
passed in.
"""

from __future__ import annotations

import os

from tarot_page import clicks, i18n
from tarot_page.i18n import N_, Nn_, _, ngettext
from tarot_core.errors import message_of
from tarot_core.game import get_game
from tarot_core.saves import SAVE_KEY, MemoryStorage

#: Said when the browser lets the game keep nothing.
NO_STORAGE = N_("This browser does not let the game keep anything (storage is disabled): you can play, "
                "but nothing will be saved.")
#: Said by a tab once another tab has saved the game.
SUPERSEDED = N_("This game goes on in another tab. Reload this one to continue it here.")
#: Where the start screen's choices are kept: ``{"game": "french"|"hungarian", "profile": …}``.
PREFS_KEY = "tarot.prefs"
#: The engine's texts that reach the player (notices of :mod:`tarot_core.saves`, why a saved
#: game, an import or a share link is refused: :mod:`tarot_core.saves`, :mod:`tarot_core.share`,
#: :mod:`tarot_core.leaderboard`, :mod:`tarot_core.daily`), for the page's catalogues: fixed
#: sentences, and the templates of :class:`tarot_core.errors.Message` (a sentence with named
#: fields). The page shows them through :func:`engine_text`; tests/test_web_i18n.py checks that
#: every such text of the engine is listed here.
ENGINE_TEXTS = frozenset({
    N_("Your browser would not let the game save (storage full or private mode): "
       "this game goes on but will not be kept."),
    # Why an import is refused ("Import refused, your history is unchanged: {reason}.").
    N_("the file is not valid JSON"),
    N_("the file is not a history exported by this game"),
    N_("the file has no list of entries"),
    N_("a history entry is not an object"),
    # Why a share link is refused (shown with a capital letter and a full stop).
    N_("the moves contain characters that are not base64url"),
    N_("the moves are not valid base64url"),
    N_("this share code is incomplete or damaged"),
    N_("this share code is damaged (its check does not match)"),
    N_("this share code has a field written in a non-standard way"),
    N_("this share code names an impossible game"),
    N_("this share code has its moves written in a non-standard way"),
    N_("this share code holds more moves than the game has"),
    N_("this share link is damaged: it has a part this game does not know or has twice"),
    N_("this share link is damaged: a part of it is not readable text"),
    N_("this link holds no share code"),
    N_("this share link was cut or altered: its name and its check do not come together"),
    N_("this share link was altered after it was shared: its result or the sharer's name was changed"),
    N_("this share code is of a {deals}-deal match, but the daily game at {players} players is {full} deals: "
       "a shortened game is not a daily result"),
    N_("this share code is dated {date}, later than tomorrow on this device: that daily game cannot have "
       "been played yet"),
    N_("this share code (version 2) is incomplete or damaged: it has {count} fields, not 9"),
    N_("unknown share code version {version}"),
    N_("this share code is of a game this program does not know ({game})"),
    N_("this share code has a bad field: {reason}"),
    N_("this share code has a bad field: {value} is not a whole number"),
    N_("this share code was played against computer player {player}, but the daily game of {date} is "
       "played against {expected}"),
    N_("this share code claims {score:+d} but its moves score {replayed:+d}"),
    N_("a share code is text"),
    # A date in a link (?date=, a share code) and the daily games.
    N_("not a date (YYYY-MM-DD): {value}"),
    N_("no daily game of {game} (known: {known})"),
    N_("no daily game of {game} at {players} players"),
    # Data kept in the browser that cannot be opened: what it was, then the reason.
    N_("{what} could not be opened, nor set aside: it was left as it was (reason: {reason})."),
    N_("{what} could not be opened: it is kept aside as {aside}, and nothing was deleted (reason: {reason})."),
    N_("Your game in progress"),
    N_("Your history of finished matches"),
    N_("Your daily leaderboard"),
    N_("Your score sheet"),
    N_("Some saved data"),
    N_("not valid JSON"),
    N_("not a history of this program"),
    N_("not a leaderboard of this program"),
    N_("the leaderboard has no valid list of entries or name"),
    N_("a leaderboard entry is not an object"),
    N_("a leaderboard entry has no valid {field}"),
    N_("a leaderboard entry has a name with characters that are not allowed"),
    N_("Your finished match"),
    N_("{lost} could not be opened, and the history could not be set aside: it was left as it was "
       "(reason: {reason})."),
    N_("{lost} could not be opened: the history as it was is kept aside as {aside}{kept} (reason: {reason})."),
    N_("The browser's storage for this game is nearly full ({percent}% used): export your history, and delete "
       "the data set aside that you no longer need, in History and statistics."),
    # The saved game in progress.
    N_("the saved game is not a game of this program"),
    N_("the saved game has schema {schema}, which this version cannot read"),
    N_("the saved game is not valid JSON"),
    N_("the saved game has a bad mode or practice flag"),
    N_("the saved daily game has no date"),
    N_("the saved game breaks the rules: {reason}"),
    N_("the saved daily game is not the daily deal of its date"),
    # A finished match of the history (kept, or in a file to import).
    N_("a history entry has a bad {field}"),
    N_("a history entry has an unknown mode {mode}"),
    N_("a history entry has an unknown game {game}"),
    N_("a history entry has a bad date {value}"),
    N_("the game of {date} does not replay: {reason}"),
    N_("the game of {date} does not replay to the scores it states"),
    N_("the game of {date} states a wrong number of players"),
    N_("the game of {date} is {game}, not the game its entry states"),
    N_("the game of {date} is not the daily game of that date"),
    N_("the game of {date} states a wrong rank"),
    # Outside JSON too big to read (tarot_core.jsonsafe), and a score sheet's bad field.
    N_("expected JSON text, got {kind}"),
    N_("the data is too long ({length} characters; at most {limit})"),
    N_("the data is nested too deeply (more than {limit} levels)"),
    N_("the data is not valid JSON ({detail})"),
    N_("the score sheet has a bad {field}"),
    N_("French Tarot"),
    N_("Hungarian Tarokk"),
})

#: The engine's texts with a count (:class:`tarot_core.errors.Message` with a plural), by their
#: singular: ``{singular: (singular, plural)}``.
ENGINE_PLURALS = dict((pair[0], pair) for pair in (
    Nn_("{count} of your {n} finished match", "{count} of your {n} finished matches"),
    Nn_(", and the other {n} is still in your history", ", and the other {n} are still in your history"),
))


def parse_query(query: str) -> dict[str, str]:
    """``"?players=4&seed=x"`` → ``{"players": "4", "seed": "x"}`` (values as written; a part
    without ``=`` is ignored)."""
    out = {}
    for part in query.lstrip("?").split("&"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = v
    return out


def int_param(params: dict[str, str], key: str, default: int | None) -> int | None:
    """``params[key]`` as an int, or ``default`` when it is missing or not a number."""
    try:
        return int(params[key])
    except (KeyError, ValueError):
        return default


#: The most counted deals ``?deals=`` may ask for, and the longest ``?pace=`` (ms) and ``?seed=``.
MAX_DEALS, MAX_PACE, MAX_SEED = 100, 60_000, 100


def _digits(value: str, low: int, high: int) -> bool:
    """True for a whole number written in ASCII digits only (no sign, space or ``_``), ``low``
    to ``high``."""
    return value.isascii() and value.isdigit() and len(value) <= 6 and low <= int(value) <= high


def ignore_bad_options(params: dict[str, str], game: str) -> list[tuple[str, str]]:
    """Remove from ``params`` (the address's options, :func:`parse_query`) every option this
    page reads whose value is malformed or out of range, and return them, ``(name, value)``, in
    the address's order: ``players`` not a table size of the game (``?game=`` when it is valid, else ``game``,
    the remembered one), ``deals`` not 1..:data:`MAX_DEALS`, ``pace`` not 0..:data:`MAX_PACE`,
    ``seed`` empty or longer than :data:`MAX_SEED`, ``game``, ``profile``, ``level``, ``lang``
    or ``sheet`` not one the page knows. Other options (``date``: checked by the daily game
    itself, with its own notice; ``snapshot``: boot.js's; any unknown one) are left alone."""
    chosen = params.get("game") if params.get("game") in clicks.GAMES else game
    valid = {
        "players": lambda v: _digits(v, 1, 9) and int(v) in get_game(chosen).table_sizes,
        "deals": lambda v: _digits(v, 1, MAX_DEALS),
        "pace": lambda v: _digits(v, 0, MAX_PACE),
        "seed": lambda v: 0 < len(v) <= MAX_SEED,
        "game": lambda v: v in clicks.GAMES,
        "profile": lambda v: v in clicks.PROFILES,
        "level": lambda v: v in clicks.LEVELS,
        "lang": lambda v: i18n.supported(v) is not None,
        "sheet": lambda v: v == "1",
    }
    bad = [(key, value) for key, value in params.items() if key in valid and not valid[key](value)]
    for key, _value in bad:
        del params[key]
    return bad


def option_text(key: str, value: str, most: int = 16) -> str:
    """An address option as the player typed it, ``deals=0``, its value cut to ``most``
    characters (a link may carry any length) for the notice naming what was ignored."""
    return f"{key}={value if len(value) <= most else value[:most - 1] + '…'}"


def engine_text(text) -> str | None:
    """A text of the engine for the player (a notice, a reason; or an error, whose sentence is
    taken): in the player's language when it is one of :data:`ENGINE_TEXTS` or
    :data:`ENGINE_PLURALS`, its fields too (a field ``date`` written as the language writes
    dates); else as the engine words it. ``None`` stays ``None``."""
    if isinstance(text, BaseException):
        text = message_of(text)
    if text is None:
        return None
    template = getattr(text, "template", None)
    if template is None:
        return _(text) if text in ENGINE_TEXTS else text
    plural = text.plural is not None and ENGINE_PLURALS.get(template)
    if not plural and template not in ENGINE_TEXTS:
        return str(text)
    fields = {key: (i18n.date(value) if key == "date" else engine_text(value)) if isinstance(value, str) else value
              for key, value in text.params.items()}
    if plural:
        return ngettext(*plural, text.n).format(n=text.n, **fields)
    return _(template).format(**fields)


def random_bits(bits: int) -> int:
    """A random number of ``bits`` bits from the system's (the browser's) crypto source."""
    return int.from_bytes(os.urandom((bits + 7) // 8), "big") >> (-bits % 8)


def open_storage(page):
    """``(storage, notice)``: the page's storage, or a memory one and a notice saying nothing will
    be saved when the browser refuses it."""
    try:
        storage = page.storage()
        storage.get(SAVE_KEY)
        return storage, None
    except Exception:
        return MemoryStorage(), _(NO_STORAGE)
