"""A daily leaderboard without a server: your daily results and the friends' share links you
opened on this device, each verified by replay (:func:`tarot_core.share.verify`) before it is
listed, ranked per day and game.

**The link.** A shared daily result is the page's address with a fragment::

    #share=<code>                                   (no name: shown as an anonymous player)
    #share=<code>&by=<name>&sig=<check>

``<code>`` is a share code (:mod:`tarot_core.share`, unchanged: old links keep verifying),
``<name>`` the sharer's name, percent-encoded UTF-8, after :func:`clean_name`, and ``<check>`` the
first 8 base64url characters of SHA-256 over ``code + "\\n" + name``. The code's replay is what
proves the result; the check makes a link whose name was edited, or cut short, a refused link
instead of a listed one under another name. With no server there is no secret, so the check
catches alteration, not a forger who recomputes it: the name is the sharer's own label, as at a
club's table.

**The board.** A list of :class:`BoardEntry` values (one per result, whatever the text of its
code, :func:`entry_key`: opening a link twice, or re-encoded, lists it once) and the name you
chose, kept by :class:`tarot_core.saves.Saves` under ``tarot.leaderboard``; :func:`ranked`
orders one day's entries of one game and table size.
"""

from __future__ import annotations

import base64
import hashlib
import unicodedata
from typing import Any
from urllib.parse import quote, unquote

from .daily import parse_date
from .errors import Message, SaveError
from .match import rank_of
from .share import ShareCodeError, SharedResult, result_key
from .values import Value, init_field

#: The longest name kept, in characters (code points) after cleaning.
NAME_MAX = 24
#: Unicode categories removed from names: controls, format characters (bidirectional overrides
#: among them), surrogates, private use, unassigned, and line/paragraph separators.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
BOARD_KIND = "tarot-leaderboard"
BOARD_SCHEMA = 1


class ShareLinkError(ShareCodeError):
    """A share link whose parts (fragment, name, check) cannot be read or do not match; its
    message is one sentence for the player. Its code is checked by :func:`tarot_core.share.verify`."""


def clean_name(text: object) -> str:
    """The name a sharer typed, made safe to show and to store: NFC-normalised, without control,
    format (bidirectional overrides included), private-use or unassigned characters, runs of
    white space made one space, trimmed, at most :data:`NAME_MAX` characters. ``""`` for nothing usable; a non-string is ``""``.

    >>> clean_name("  Zoé\\u202e \\t Kovács\\n")
    'Zoé Kovács'
    """
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text)
                   if ch.isspace() or unicodedata.category(ch) not in _DROPPED)
    return " ".join(kept.split())[:NAME_MAX].rstrip()


def _check(code: str, name: str) -> str:
    digest = hashlib.sha256(f"{code}\n{name}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:8]


def link_fragment(code: str, name: str = "") -> str:
    """The fragment (without ``#``) of the link that shares ``code`` under ``name`` (cleaned with
    :func:`clean_name`; an empty one gives the plain ``share=<code>`` of earlier links)."""
    name = clean_name(name)
    if not name:
        return f"share={code}"
    return f"share={code}&by={quote(name, safe='')}&sig={_check(code, name)}"


def parse_link(fragment: str) -> tuple[str, str]:
    """The share code and the sharer's name (``""`` for none) in a link's ``fragment`` (with or
    without its ``#``; each part percent-decoded, as messengers sometimes encode them).

    Raises :class:`ShareLinkError` when the fragment holds no ``share=``, holds a part twice or
    one this program does not know, has a name without its check (or the reverse), a name that
    is not the cleaned form :func:`link_fragment` writes, or a check that does not match: an
    altered link is refused, never listed under another name."""
    parts: dict[str, str] = {}
    for piece in fragment.removeprefix("#").split("&"):
        key, eq, value = piece.partition("=")
        if not eq or key not in ("share", "by", "sig") or key in parts:
            raise ShareLinkError("this share link is damaged: it has a part this game does not know "
                                 "or has twice")
        try:
            parts[key] = unquote(value, errors="strict")
        except UnicodeDecodeError:
            raise ShareLinkError("this share link is damaged: a part of it is not readable text") from None
    if "share" not in parts:
        raise ShareLinkError("this link holds no share code")
    code, name, sig = parts["share"], parts.get("by"), parts.get("sig")
    if name is None and sig is None:
        return code, ""
    if name is None or sig is None:
        raise ShareLinkError("this share link was cut or altered: its name and its check do not "
                             "come together")
    if not name or clean_name(name) != name or sig != _check(code, name):
        raise ShareLinkError("this share link was altered after it was shared: its result or the sharer's name "
                             "was changed")
    return code, name


class BoardEntry(Value):
    """One listed daily result.

    Attributes:
        code: its share code (:mod:`tarot_core.share`); one entry per result (:func:`entry_key`).
        name: the name it is listed under (cleaned; ``""`` an anonymous friend).
        game: the game's id (``"french"``, ``"hungarian"``).
        date: the daily game's date, ISO ``YYYY-MM-DD``.
        players: the table size.
        score: the sharer's match score (points, zero-sum over the table).
        rank: the sharer's place at the table, 1 best (ties share the better place).
        mine: whether it is your own official result (a page shows it as yours, under the name
            you share with now).
    """

    __slots__ = ("code", "name", "game", "date", "players", "score", "rank", "mine")
    code: str
    name: str
    game: str
    date: str
    players: int
    score: int
    rank: int
    mine: bool

    def __init__(self, code: str, name: str, game: str, date: str, players: int, score: int, rank: int,
                 mine: bool = False) -> None:
        for field, value in (("code", code), ("name", name), ("game", game), ("date", date),
                             ("players", players), ("score", score), ("rank", rank), ("mine", mine)):
            init_field(self, field, value)

    @classmethod
    def of(cls, result: SharedResult, code: str, name: str, mine: bool = False) -> "BoardEntry":
        """The entry of a verified share code (``result`` is what :func:`tarot_core.share.verify`
        returned for ``code``), listed under ``name`` (cleaned); the code is kept without the white
        space around it."""
        match = result.match
        return cls(code.strip(), clean_name(name), match.rules.id, result.date, result.players, result.score,
                   rank_of(match.totals()), mine)

    def to_json(self) -> dict[str, Any]:
        """The entry as a JSON object (the board's storage form)."""
        return {"code": self.code, "name": self.name, "game": self.game, "date": self.date,
                "players": self.players, "score": self.score, "rank": self.rank, "mine": self.mine}

    @classmethod
    def from_json(cls, data: Any) -> "BoardEntry":
        """An entry from :meth:`to_json`'s form. Raises :class:`~tarot_core.saves.SaveError`
        naming the first field that is missing or of the wrong type, or a name that is not
        clean."""
        if not isinstance(data, dict):
            raise SaveError("a leaderboard entry is not an object")
        types = {"code": str, "name": str, "game": str, "date": str, "players": int, "score": int,
                 "rank": int, "mine": bool}
        for field, kind in types.items():
            value = data.get(field)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise SaveError(Message("a leaderboard entry has no valid {field}", field=repr(field)))
        # In range too: the board is drawn per game and table size, and dated.
        from .game import game_ids, get_game

        for field, good in (("game", lambda: data["game"] in game_ids()),
                            ("players", lambda: data["players"] in get_game(data["game"]).table_sizes),
                            ("rank", lambda: 1 <= data["rank"] <= data["players"]),
                            ("date", lambda: _is_iso_date(data["date"]))):
            if not good():
                raise SaveError(Message("a leaderboard entry has no valid {field}", field=repr(field)))
        if clean_name(data["name"]) != data["name"]:
            raise SaveError("a leaderboard entry has a name with characters that are not allowed")
        return cls(*(data[f] for f in types))


def _is_iso_date(text: str) -> bool:
    """True for a ``YYYY-MM-DD`` date that exists."""
    import datetime as _dt

    try:
        return len(text) == 10 and _dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def board_json(entries: list[BoardEntry], name: str) -> dict[str, Any]:
    """The stored form of a board: ``{"kind", "schema", "name", "entries"}``."""
    return {"kind": BOARD_KIND, "schema": BOARD_SCHEMA, "name": clean_name(name),
            "entries": [e.to_json() for e in entries]}


def parse_board(data: Any) -> tuple[list[BoardEntry], str]:
    """The entries and your name from :func:`board_json`'s form, one entry per result: a board
    stored before entries were keyed by result (:func:`entry_key`) may list one result several
    times; it loads with the first of them kept (your own, when one is), as :func:`add_entry`
    would have listed them. Raises :class:`~tarot_core.saves.SaveError` naming what is wrong (not
    a board, another schema, a bad entry)."""
    if not isinstance(data, dict) or data.get("kind") != BOARD_KIND or data.get("schema") != BOARD_SCHEMA:
        raise SaveError("not a leaderboard of this program")
    entries, name = data.get("entries"), data.get("name", "")
    if not isinstance(entries, list) or not isinstance(name, str) or clean_name(name) != name:
        raise SaveError("the leaderboard has no valid list of entries or name")
    board: list[BoardEntry] = []
    for e in entries:
        board = add_entry(board, BoardEntry.from_json(e))[0]
    return board, name


def entry_key(code: str) -> tuple:
    """What makes two listed codes one result: :func:`tarot_core.share.result_key` (game, date,
    players, moves), so that the same result re-encoded in the other format or padded with white
    space is one entry; a text that is not laid out as a code keys by itself, stripped."""
    try:
        return result_key(code)
    except ShareCodeError:
        return ("", code.strip() if isinstance(code, str) else code)


def add_entry(entries: list[BoardEntry], entry: BoardEntry) -> tuple[list[BoardEntry], bool]:
    """``entries`` with ``entry`` added, and whether it was new: a result already listed
    (:func:`entry_key`: the same result, whatever the text of its code) stays as it was (a
    friend's link opened twice, under another name, or your own result's link opened here); your
    own result replaces a friend's entry of the same result."""
    key = entry_key(entry.code)
    for i, old in enumerate(entries):
        if entry_key(old.code) == key:
            if entry.mine and not old.mine:
                return entries[:i] + [entry] + entries[i + 1:], False
            return entries, False
    return entries + [entry], True


def ranked(entries: list[BoardEntry], game: str, date: str) -> list[tuple[int, BoardEntry]]:
    """The entries of ``game``'s daily of ``date``, best score first, each with its place (1
    best; equal scores share the better place, standard competition ranking: 1, 1, 3), per table
    size in increasing order (a 3-player score is not compared with a 4-player one): a list of
    ``(place, entry)``. Among equal scores your own result comes first, then by name."""
    rows: list[tuple[int, BoardEntry]] = []
    day = [e for e in entries if e.game == game and e.date == date]
    for players in sorted({e.players for e in day}):
        table = sorted((e for e in day if e.players == players), key=lambda e: (-e.score, not e.mine, e.name))
        scores = [e.score for e in table]
        rows.extend((1 + sum(s > e.score for s in scores), e) for e in table)
    return rows


def dates(entries: list[BoardEntry], game: str, today: str | None = None) -> list[str]:
    """The dates that have entries of ``game``, newest first; with ``today`` (ISO date, the
    device's), none later than the day after it (a board stored before such codes were refused
    may hold them: they never push real days out of the view). Raises ``ValueError`` for a bad
    ``today``."""
    latest = None
    if today is not None:
        import datetime as _dt

        latest = (parse_date(today) + _dt.timedelta(days=1)).isoformat()
    return sorted({e.date for e in entries if e.game == game and (latest is None or e.date <= latest)},
                  reverse=True)
