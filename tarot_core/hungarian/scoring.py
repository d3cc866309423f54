"""Scoring one deal of Hungarian Tarokk (HU-8), with its bonuses (HU-6) and the settlement between
the players (HU-8.3), and the input of ``python -m tarot_core score`` with ``"game": "hungarian"``.

Units: card points are whole numbers (the pack holds 94, HU-1); every value is a number of game
points, paid between players. ``g`` is the bid's game value (three 1, two 2, one 3, solo 4).

How a deal's items combine (HU-8.2, pagat; the table of HU-8.2 is the test of these rules):

* The **game** (``g``, doubled per kontra level) goes to the side that wins it, the declarer's
  side with at least 48 card points (HU-8.1). Not kontra'd, it scores only for a side that
  announced neither double game nor volát, and only when that side made no silent double game or
  volát, which replace it. Kontra'd, it always scores.
* **Double game** (≥ 71 card points; for the opponents, the declarer's side at most 23) and
  **volát** (all nine tricks; for the opponents, the declarer's side none): announced, ``4g`` and
  ``6g`` (doubled per kontra level), to its side if made, to the other side if not. Silent:
  ``2g`` and ``3g``, one of them at most per side, the volát before the double; a side that
  announced volát scores no silent double, and a side that announced double can still add a
  silent volát.
* **Trull**, **four kings**, **pagát ultimó**, **XXI catch**: announced ``2``, ``2``, ``10``,
  ``42`` (doubled per kontra level), to the announcing side if it makes the bonus, to the other
  side if not; silent ``1``, ``1``, ``5``, ``21`` to the side that makes it. A side's silent bonus
  scores beside the other side's announcement of the same bonus (HU-8.5 ex. 1, HU-6.2). A pagát
  played to the last trick that does not win it is a failed silent ultimó: ``5`` to the other
  side. A side that wins all nine tricks loses its **silent** trull and four kings (HU-6.1).
  These values do not depend on ``g``.
* **Eight / nine tarokks** (HU-6.3): the holder receives 1 / 2 from each other active player, the
  partner included, whatever the result. In the ``tournament`` profile (HU-10, PVSZ18) it is a
  side bonus instead, settled like the others.
* Everything is multiplied by the round's multiplier (HU-8.4: 2 in a doubled round, 4 after a
  further all-pass inside it).

Settlement (HU-8.3): a value ``V`` won by a side of two gives each winner ``+V`` and each loser
``-V``; a declarer playing alone wins or loses ``3V`` and each opponent ``V``. Every deal sums to
zero. At five players the dealer sits out and scores 0 (HU-9): not part of any settlement here.

Like the French calculator, this module scores what it is told: it checks each argument's type
and range and what cannot hold together (a partner's tarokk count when the declarer is alone, a
bonus announced twice), not whether a deal could have been played that way.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from ..errors import ScoreInputError
from ..values import Value, init_field

__all__ = ["Bid", "Side", "BONUSES", "ANNOUNCED_VALUES", "SILENT_VALUES", "PROFILES", "ROLES",
           "Announcement", "PagatUltimo", "TarokkCount", "ScoreItem", "HungarianScore",
           "score_deal", "score_from_json", "JSON_KEYS", "JSON_REQUIRED", "check_possible", "possible_points"]


class Bid(enum.Enum):
    """The four bids, low to high (HU-3); the value is the name used in records and JSON."""

    THREE = "three"
    TWO = "two"
    ONE = "one"
    SOLO = "solo"

    @property
    def game_value(self) -> int:
        """``g``: three 1, two 2, one 3, solo 4 (HU-3)."""
        return _ORDER.index(self) + 1

    @property
    def talon(self) -> int:
        """How many talon cards the declarer takes: 3, 2, 1, 0 (HU-3, HU-4)."""
        return 3 - _ORDER.index(self)

    @classmethod
    def parse(cls, text: str) -> "Bid":
        """The bid named ``text`` (case-insensitive). Raises ``ValueError`` naming it otherwise."""
        key = str(text).strip().lower()
        for bid in cls:
            if bid.value == key:
                return bid
        raise ValueError(f"unknown bid {text!r} (expected three, two, one or solo)")


_ORDER = (Bid.THREE, Bid.TWO, Bid.ONE, Bid.SOLO)


class Side(enum.Enum):
    """The declarer's side (the declarer and the partner) and the opponents."""

    DECLARER = "declarer"
    OPPONENTS = "opponents"

    @property
    def other(self) -> "Side":
        """The other side."""
        return _OPPONENTS if self is _DECLARER else _DECLARER


_DECLARER, _OPPONENTS = Side.DECLARER, Side.OPPONENTS

#: The items that can be announced (``game`` only to carry the kontra level on the game).
BONUSES: tuple[str, ...] = ("game", "double_game", "volat", "trull", "four_kings", "pagat_ultimo",
                            "xxi_catch")
#: HU-6: the value of an announced bonus (game points; × g for double game and volát).
ANNOUNCED_VALUES: dict[str, int] = {"double_game": 4, "volat": 6, "trull": 2, "four_kings": 2,
                                    "pagat_ultimo": 10, "xxi_catch": 42}
#: HU-6: the value of a bonus made silently (× g for the game, double game and volát).
SILENT_VALUES: dict[str, int] = {"game": 1, "double_game": 2, "volat": 3, "trull": 1, "four_kings": 1,
                                 "pagat_ultimo": 5, "xxi_catch": 21}
_TIMES_G = frozenset(("game", "double_game", "volat"))
#: The rule profiles (HU-10): pagat.com's rules, and the tournament rules (PVSZ18).
PROFILES: tuple[str, ...] = ("pagat", "tournament")
#: The players' roles, in the order of the output.
ROLES: tuple[str, ...] = ("declarer", "partner", "opponent1", "opponent2", "opponent3")
#: Kontra levels: 1 kontra, 2 rekontra, 3 szubkontra, 4 hirskontra, 5 mordkontra (HU-6).
MAX_KONTRA = 5


class Announcement(Value):
    """One announced item (HU-6): ``bonus`` (one of :data:`BONUSES`), the ``side`` it was
    announced for, and ``kontra``, the number of doublings said on it (0..5). The game is never
    announced: ``Announcement("game", Side.DECLARER, k)`` only gives the kontra level on it."""

    __slots__ = ("bonus", "side", "kontra")
    bonus: str
    side: Side
    kontra: int

    def __init__(self, bonus: str, side: Side, kontra: int = 0) -> None:
        init_field(self, "bonus", bonus)
        init_field(self, "side", side)
        init_field(self, "kontra", kontra)


class PagatUltimo(Value):
    """The pagát played to the last trick (HU-6): by which ``side``, and whether it ``won``
    the trick."""

    __slots__ = ("side", "won")
    side: Side
    won: bool

    def __init__(self, side: Side, won: bool) -> None:
        init_field(self, "side", side)
        init_field(self, "won", won)


class TarokkCount(Value):
    """Eight or nine tarokks declared (HU-6.3): the ``role`` of the holder (one of
    :data:`ROLES`) and the ``count`` (8 or 9)."""

    __slots__ = ("role", "count")
    role: str
    count: int

    def __init__(self, role: str, count: int) -> None:
        init_field(self, "role", role)
        init_field(self, "count", count)


class ScoreItem(Value):
    """One item that scored: ``bonus`` (a name of :data:`BONUSES`, or ``eight_tarokks`` /
    ``nine_tarokks``), the ``side`` that receives it, ``value`` (what each player of that side
    receives from each player of the other, multiplier and kontras included; for a tarokk count
    in the pagat profile, what the holder receives from each other active player), whether it was
    ``announced``, its ``kontra`` level, and for a tarokk count the holder's ``role``."""

    __slots__ = ("bonus", "side", "value", "announced", "kontra", "role")
    bonus: str
    side: Side
    value: int
    announced: bool
    kontra: int
    role: str | None

    def __init__(self, bonus: str, side: Side, value: int, announced: bool = False, kontra: int = 0,
                 role: str | None = None) -> None:
        init_field(self, "bonus", bonus)
        init_field(self, "side", side)
        init_field(self, "value", value)
        init_field(self, "announced", announced)
        init_field(self, "kontra", kontra)
        init_field(self, "role", role)

    def to_json_dict(self) -> dict[str, object]:
        """``{"bonus", "side", "value", "announced", "kontra"}``, and ``"seat"`` (the role) for a
        tarokk count."""
        out: dict[str, object] = {"bonus": self.bonus, "side": self.side.value, "value": self.value,
                                  "announced": self.announced, "kontra": self.kontra}
        if self.role is not None:
            out["seat"] = self.role
        return out


class HungarianScore(Value):
    """The score of one deal (HU-8).

    Attributes:
        winner: the side that won the game (HU-8.1).
        declarer: the declarer's score; partner: the partner's, ``None`` when alone.
        opponents: the opponents' scores (two, or three when the declarer is alone), in the order
            opponent1, opponent2, opponent3.
        items: the :class:`ScoreItem` values that scored, in a fixed order (game, double game,
            volát, then the other bonuses as in :data:`BONUSES`, then tarokk counts).

    ``declarer + (partner or 0) + sum(opponents) == 0``.
    """

    __slots__ = ("winner", "declarer", "partner", "opponents", "items")
    winner: Side
    declarer: int
    partner: int | None
    opponents: tuple[int, ...]
    items: tuple[ScoreItem, ...]

    def __init__(self, winner: Side, declarer: int, partner: int | None, opponents: tuple[int, ...],
                 items: tuple[ScoreItem, ...]) -> None:
        init_field(self, "winner", winner)
        init_field(self, "declarer", declarer)
        init_field(self, "partner", partner)
        init_field(self, "opponents", opponents)
        init_field(self, "items", items)

    def by_role(self) -> dict[str, int]:
        """Each active role's score: ``{"declarer": …, "partner": …, "opponent1": …, …}``."""
        roles = ("declarer", "partner") if self.partner is not None else ("declarer",)
        scores = (self.declarer, self.partner) if self.partner is not None else (self.declarer,)
        out = dict(zip(roles, scores))
        out.update((f"opponent{i + 1}", s) for i, s in enumerate(self.opponents))
        return out  # type: ignore[return-value]

    def to_json_dict(self) -> dict[str, object]:
        """The ``score`` command's output: ``winner``, ``declarer``, ``partner``, ``opponents``,
        ``items``."""
        return {"winner": self.winner.value, "declarer": self.declarer, "partner": self.partner,
                "opponents": list(self.opponents), "items": [i.to_json_dict() for i in self.items]}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def score_deal(*, bid: Bid, alone: bool, points: int, tricks: int,
               announced: Sequence[Announcement] = (), trull: Side | None = None,
               four_kings: Side | None = None, xxi_catch: Side | None = None,
               pagat_ultimo: PagatUltimo | None = None, tarokks: Sequence[TarokkCount] = (),
               multiplier: int = 1, profile: str = "pagat") -> HungarianScore:
    """Score one deal (HU-8, with the bonuses of HU-6), from the declarer's side's view.

    Arguments (keyword only):
        bid: the :class:`Bid` (its game value ``g``).
        alone: True when the declarer has no partner (HU-5).
        points: the declarer's side's card points, 0..94, its discard included (HU-4).
        tricks: the declarer's side's tricks, 0..9.
        announced: :class:`Announcement` values, one per bonus at most.
        trull, four_kings: the side holding all three honours / all four Kings in its tricks.
        xxi_catch: the side whose Skíz caught an opponent's XXI.
        pagat_ultimo: the pagát played to the last trick, or ``None``.
        tarokks: the eight / nine tarokks declared (:class:`TarokkCount`).
        multiplier: 1, 2, 4, … (HU-8.4).
        profile: ``"pagat"`` (default) or ``"tournament"`` (HU-10: tarokk counts are a side bonus).

    Returns a :class:`HungarianScore`. Raises :class:`~tarot_core.errors.ScoreInputError` whose
    ``key`` names the bad argument: a bid that is not a :class:`Bid`, points outside 0..94,
    tricks outside 0..9, a kontra outside 0..5, a bonus announced twice, the game announced for
    the opponents, a tarokk count for the partner when alone (or for ``opponent3`` with a
    partner), a role twice, a multiplier that is not a power of two, an unknown profile.
    """
    _check(bid=bid, alone=alone, points=points, tricks=tricks, announced=announced, tarokks=tarokks,
           multiplier=multiplier, profile=profile, sides=(trull, four_kings, xxi_catch),
           pagat_ultimo=pagat_ultimo)
    g = bid.game_value
    ann = {a.bonus: a for a in announced}
    winner = _DECLARER if points >= 48 else _OPPONENTS
    double_by = _DECLARER if points >= 71 else _OPPONENTS if points <= 23 else None
    volat_by = _DECLARER if tricks == 9 else _OPPONENTS if tricks == 0 else None
    items: list[ScoreItem] = []

    def add(bonus: str, side: Side, value: int, announcement: Announcement | None = None) -> None:
        kontra = announcement.kontra if announcement is not None else 0
        items.append(ScoreItem(bonus, side, value * (1 << kontra) * multiplier, announcement is not None,
                               kontra))

    def announced_by(bonus: str, side: Side) -> bool:
        return bonus in ann and ann[bonus].side is side

    def silent_big(side: Side) -> str | None:
        """The silent double game or volát ``side`` scores (HU-8.2), or ``None``."""
        if announced_by("volat", side):
            return None  # no silent double beside an announced volát
        if volat_by is side:
            return "volat"
        if double_by is side and not announced_by("double_game", side):
            return "double_game"
        return None

    # The game (HU-8.1, HU-8.2).
    game = ann.get("game")
    if game is not None and game.kontra:
        add("game", winner, g, game)
    elif not (announced_by("double_game", winner) or announced_by("volat", winner)) and silent_big(winner) is None:
        add("game", winner, g)
    # Double game and volát, announced then silent.
    for bonus, made_by in (("double_game", double_by), ("volat", volat_by)):
        a = ann.get(bonus)
        if a is not None:
            add(bonus, a.side if made_by is a.side else a.side.other, ANNOUNCED_VALUES[bonus] * g, a)
    for side in (_DECLARER, _OPPONENTS):
        big = silent_big(side)
        if big is not None:
            add(big, side, SILENT_VALUES[big] * g)
    # Trull, four kings, pagát ultimó, XXI catch (HU-6, HU-6.1, HU-6.2).
    made = {"trull": trull, "four_kings": four_kings, "xxi_catch": xxi_catch,
            "pagat_ultimo": pagat_ultimo.side if pagat_ultimo is not None and pagat_ultimo.won else None}
    for bonus in ("trull", "four_kings", "pagat_ultimo", "xxi_catch"):
        a = ann.get(bonus)
        by = made[bonus]
        if a is not None:
            add(bonus, a.side if by is a.side else a.side.other, ANNOUNCED_VALUES[bonus], a)
        if bonus == "pagat_ultimo":
            if pagat_ultimo is not None and not announced_by(bonus, pagat_ultimo.side):
                holder = pagat_ultimo.side
                add(bonus, holder if pagat_ultimo.won else holder.other, SILENT_VALUES[bonus])
        elif by is not None and not announced_by(bonus, by):
            if bonus in ("trull", "four_kings") and volat_by is by:
                continue  # HU-6.1: lost by a side that wins all nine tricks
            add(bonus, by, SILENT_VALUES[bonus])
    # Eight / nine tarokks (HU-6.3; HU-10 in the tournament profile).
    roles = _roles(alone)
    for t in tarokks:
        name = "eight_tarokks" if t.count == 8 else "nine_tarokks"
        side = _DECLARER if t.role in ("declarer", "partner") else _OPPONENTS
        items.append(ScoreItem(name, side, (t.count - 7) * multiplier, role=t.role))

    scores = dict.fromkeys(roles, 0)
    for item in items:
        if item.role is not None and profile == "pagat":  # from each other active player
            for role in roles:
                scores[role] += item.value * (len(roles) - 1) if role == item.role else -item.value
            continue
        _settle(scores, item.side, item.value, alone)
    opponents = tuple(scores[r] for r in roles if r.startswith("opponent"))
    return HungarianScore(winner, scores["declarer"], None if alone else scores["partner"], opponents,
                          tuple(items))


def _roles(alone: bool) -> tuple[str, ...]:
    return ("declarer", "opponent1", "opponent2", "opponent3") if alone else \
        ("declarer", "partner", "opponent1", "opponent2")


def _settle(scores: dict[str, int], side: Side, value: int, alone: bool) -> None:
    """HU-8.3: ``value`` won by ``side``: ±V each in two against two; ±3V for a lone declarer
    and ∓V for each of the three opponents."""
    sign = 1 if side is _DECLARER else -1
    if alone:
        scores["declarer"] += 3 * sign * value
        for role in ("opponent1", "opponent2", "opponent3"):
            scores[role] -= sign * value
    else:
        scores["declarer"] += sign * value
        scores["partner"] += sign * value
        scores["opponent1"] -= sign * value
        scores["opponent2"] -= sign * value


def _check(*, bid, alone, points, tricks, announced, tarokks, multiplier, profile, sides,
           pagat_ultimo) -> None:
    if not isinstance(bid, Bid):
        raise ScoreInputError("bid", f"expected a Bid, got {bid!r}")
    if not isinstance(alone, bool):
        raise ScoreInputError("alone", f"expected True or False, got {alone!r}")
    if not _is_int(points) or not 0 <= points <= 94:
        raise ScoreInputError("points", f"expected an integer 0..94, got {points!r}")
    if not _is_int(tricks) or not 0 <= tricks <= 9:
        raise ScoreInputError("tricks", f"expected an integer 0..9, got {tricks!r}")
    seen: set[str] = set()
    for a in announced:
        if not isinstance(a, Announcement) or a.bonus not in BONUSES or not isinstance(a.side, Side):
            raise ScoreInputError("announced", f"expected announcements of {', '.join(BONUSES)}, got {a!r}")
        if a.bonus in seen:
            raise ScoreInputError("announced", f"{a.bonus} is announced twice (each bonus once, by one side)")
        seen.add(a.bonus)
        if not _is_int(a.kontra) or not 0 <= a.kontra <= MAX_KONTRA:
            raise ScoreInputError("announced", f"kontra is 0..5 doublings (5 mordkontra), got {a.kontra!r}")
        if a.bonus == "game" and a.side is not _DECLARER:
            raise ScoreInputError("announced", "the game is the declarer's side's: its entry gives the kontra "
                                               "on it, with side \"declarer\"")
    for side in sides:
        if side is not None and not isinstance(side, Side):
            raise ScoreInputError("made", f"expected a Side or None, got {side!r}")
    if pagat_ultimo is not None and not isinstance(pagat_ultimo, PagatUltimo):
        raise ScoreInputError("made", f"expected a PagatUltimo or None, got {pagat_ultimo!r}")
    roles = _roles(alone)
    held: set[str] = set()
    for t in tarokks:
        if not isinstance(t, TarokkCount) or t.count not in (8, 9):
            raise ScoreInputError("tarokks", f"expected counts of 8 or 9 tarokks, got {t!r}")
        if t.role not in roles:
            raise ScoreInputError("tarokks", f"no {t.role!r} at this table (the players are {', '.join(roles)})")
        if t.role in held:
            raise ScoreInputError("tarokks", f"{t.role} declares a tarokk count twice")
        held.add(t.role)
    if sum(t.count for t in tarokks) > 22:
        raise ScoreInputError("tarokks", "more than the 22 tarokks of the pack are declared")
    if not _is_int(multiplier) or multiplier < 1 or multiplier & (multiplier - 1):
        raise ScoreInputError("multiplier", f"expected 1, 2, 4, 8, … (HU-8.4), got {multiplier!r}")
    if profile not in PROFILES:
        raise ScoreInputError("profile", f"expected \"pagat\" or \"tournament\", got {profile!r}")


# --- JSON input (the ``python -m tarot_core score`` interface, "game": "hungarian") -------------

#: Keys of the JSON input object (see :func:`score_from_json`).
JSON_KEYS: tuple[str, ...] = ("game", "players", "bid", "alone", "points", "tricks", "announced", "made",
                              "tarokks", "multiplier", "profile")
#: The keys that must be present.
JSON_REQUIRED: tuple[str, ...] = ("bid", "points", "tricks")
_SIDES = {"declarer": _DECLARER, "opponents": _OPPONENTS}


def _show(value: object) -> str:
    from ..french.scoring import _show as show

    return show(value)


def _keys(prefix: str, obj: Mapping, allowed: Sequence[str]) -> None:
    for k in obj:
        if k not in allowed:
            raise ScoreInputError(f"{prefix}{k}", f"unknown key (expected one of: {', '.join(allowed)})")


def _json_int(key: str, value: object, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise ScoreInputError(key, f"expected an integer {low}..{high}, got {_show(value)}")
    return value  # type: ignore[return-value]


def _json_side(key: str, value: object, nullable: bool = True) -> Side | None:
    if value is None and nullable:
        return None
    if isinstance(value, str) and value in _SIDES:
        return _SIDES[value]
    expected = "\"declarer\", \"opponents\"" + (" or null" if nullable else "")
    raise ScoreInputError(key, f"expected {expected}, got {_show(value)}")


def _json_list(key: str, value: object) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScoreInputError(key, f"expected a list, got {_show(value)}")
    return value


def _json_object(key: str, value: object) -> Mapping:
    if not isinstance(value, dict):
        raise ScoreInputError(key, f"expected an object, got {_show(value)}")
    return value


def score_from_json(data: object, check: bool = True) -> HungarianScore:
    """Score a deal given as the JSON input object of ``python -m tarot_core score`` with
    ``"game": "hungarian"`` (the interface is fixed: tools outside the project use it).

    Keys (a missing optional key, or null, means none / false / 1):

    - ``game``: ``"hungarian"``; ``players``: 4 or 5 (default 4; at five the dealer scores 0 and
      is not in the output, HU-9).
    - ``bid`` (required): ``"three"``, ``"two"``, ``"one"`` or ``"solo"``.
    - ``alone``: true when the declarer has no partner.
    - ``points`` (required): the declarer's side's card points, an integer 0..94.
    - ``tricks`` (required): the declarer's side's tricks, an integer 0..9.
    - ``announced``: a list of ``{"bonus", "side", "kontra"}``: ``bonus`` one of :data:`BONUSES`,
      ``side`` ``"declarer"`` or ``"opponents"`` (for ``game`` it may be left out), ``kontra`` the
      number of doublings 0..5 (default 0). ``game`` is never announced: its entry gives the
      kontra level on the game.
    - ``made``: ``{"trull": S, "four_kings": S, "xxi_catch": S, "pagat_ultimo": null |
      {"side": S, "won": bool}}``, ``S`` a side or null.
    - ``tarokks``: a list of ``{"seat": "declarer"|"partner"|"opponent1"|"opponent2"|"opponent3",
      "count": 8|9}``.
    - ``multiplier``: 1, 2, 4, … (HU-8.4).
    - ``profile``: ``"pagat"`` (default) or ``"tournament"`` (HU-10).

    Returns the :class:`HungarianScore` (:meth:`HungarianScore.to_json_dict` is the output).
    A deal no play of the cards can give (:func:`check_possible`: e.g. card points the bouts or
    tricks exclude) is refused too, unless ``check`` is false (a score sheet reading the deals it
    stored before that check existed).

    Raises :class:`~tarot_core.errors.ScoreInputError` whose ``key`` is the input key at fault,
    nested as ``"announced[1].kontra"`` or ``"made.pagat_ultimo.won"``.
    """
    if not isinstance(data, dict):
        raise ScoreInputError(None, "expected a JSON object")
    _keys("", data, JSON_KEYS)
    if data.get("game", "hungarian") != "hungarian":
        raise ScoreInputError("game", f"expected \"hungarian\", got {_show(data.get('game'))}")
    for k in JSON_REQUIRED:
        if k not in data:
            raise ScoreInputError(k, "missing required key")
    players = data.get("players")
    if players is not None and (not _is_int(players) or players not in (4, 5)):
        raise ScoreInputError("players", f"expected 4 or 5, got {_show(players)}")
    raw_bid = data["bid"]
    if not isinstance(raw_bid, str) or raw_bid not in {b.value for b in Bid}:
        raise ScoreInputError("bid", f"expected \"three\", \"two\", \"one\" or \"solo\", got {_show(raw_bid)}")
    bid = Bid(raw_bid)
    alone = data.get("alone")
    if alone is None:
        alone = False
    if not isinstance(alone, bool):
        raise ScoreInputError("alone", f"expected true or false, got {_show(alone)}")
    points = _json_int("points", data["points"], 0, 94)
    tricks = _json_int("tricks", data["tricks"], 0, 9)

    announced: list[Announcement] = []
    for i, entry in enumerate(_json_list("announced", data.get("announced"))):
        where = f"announced[{i}]"
        entry = _json_object(where, entry)
        _keys(f"{where}.", entry, ("bonus", "side", "kontra"))
        bonus = entry.get("bonus")
        if not isinstance(bonus, str) or bonus not in BONUSES:
            raise ScoreInputError(f"{where}.bonus", f"expected one of {', '.join(BONUSES)}, got {_show(bonus)}")
        if bonus == "game" and entry.get("side") is None:
            side = _DECLARER
        else:
            side = _json_side(f"{where}.side", entry.get("side"), nullable=False)
        kontra = entry.get("kontra")
        kontra = 0 if kontra is None else _json_int(f"{where}.kontra", kontra, 0, MAX_KONTRA)
        if bonus == "game" and side is not _DECLARER:
            raise ScoreInputError(f"{where}.side", "the game is the declarer's: its entry gives the kontra on "
                                                   "it, with side \"declarer\"")
        if any(a.bonus == bonus for a in announced):
            raise ScoreInputError(f"{where}.bonus", f"{bonus} is announced twice (each bonus once, by one side)")
        announced.append(Announcement(bonus, side, kontra))  # type: ignore[arg-type]

    raw_made = data.get("made")
    made: dict[str, object] = {}
    pagat = None
    if raw_made is not None:
        raw_made = _json_object("made", raw_made)
        _keys("made.", raw_made, ("trull", "four_kings", "xxi_catch", "pagat_ultimo"))
        for k in ("trull", "four_kings", "xxi_catch"):
            made[k] = _json_side(f"made.{k}", raw_made.get(k))
        raw_pagat = raw_made.get("pagat_ultimo")
        if raw_pagat is not None:
            raw_pagat = _json_object("made.pagat_ultimo", raw_pagat)
            _keys("made.pagat_ultimo.", raw_pagat, ("side", "won"))
            side = _json_side("made.pagat_ultimo.side", raw_pagat.get("side"), nullable=False)
            won = raw_pagat.get("won")
            if not isinstance(won, bool):
                raise ScoreInputError("made.pagat_ultimo.won", f"expected true or false, got {_show(won)}")
            pagat = PagatUltimo(side, won)  # type: ignore[arg-type]

    tarokks: list[TarokkCount] = []
    roles = _roles(alone)
    for i, entry in enumerate(_json_list("tarokks", data.get("tarokks"))):
        where = f"tarokks[{i}]"
        entry = _json_object(where, entry)
        _keys(f"{where}.", entry, ("seat", "count"))
        role = entry.get("seat")
        if not isinstance(role, str) or role not in ROLES:
            raise ScoreInputError(f"{where}.seat", f"expected one of {', '.join(ROLES)}, got {_show(role)}")
        if role not in roles:
            why = "the declarer is alone: there is no partner" if role == "partner" else \
                "with a partner there are two opponents"
            raise ScoreInputError(f"{where}.seat", f"no {role} at this table ({why})")
        if any(t.role == role for t in tarokks):
            raise ScoreInputError(f"{where}.seat", f"{role} declares a tarokk count twice")
        count = entry.get("count")
        if not _is_int(count) or count not in (8, 9):
            raise ScoreInputError(f"{where}.count", f"expected 8 or 9, got {_show(count)}")
        tarokks.append(TarokkCount(role, count))  # type: ignore[arg-type]

    multiplier = data.get("multiplier")
    if multiplier is None:
        multiplier = 1
    if not _is_int(multiplier) or multiplier < 1 or multiplier & (multiplier - 1):
        raise ScoreInputError("multiplier", f"expected 1, 2, 4, 8, … (HU-8.4), got {_show(multiplier)}")
    profile = data.get("profile")
    if profile is None:
        profile = "pagat"
    if profile not in PROFILES:
        raise ScoreInputError("profile", f"expected \"pagat\" or \"tournament\", got {_show(profile)}")
    if check:
        check_possible(bid, alone, points, tricks, made.get("trull"), made.get("four_kings"),  # type: ignore[arg-type]
                       made.get("xxi_catch"), pagat, profile)  # type: ignore[arg-type]
    return score_deal(bid=bid, alone=alone, points=points, tricks=tricks, announced=announced,
                      trull=made.get("trull"), four_kings=made.get("four_kings"),  # type: ignore[arg-type]
                      xxi_catch=made.get("xxi_catch"), pagat_ultimo=pagat, tarokks=tarokks,  # type: ignore[arg-type]
                      multiplier=multiplier, profile=profile)


#: HU-1: the values of the 35 cards worth less than 5 (Queens 4, Riders 3, Jacks 2, the rest 1),
#: highest first; the other 7 cards (the three honours and the four Kings) are worth 5 each.
_LOW_VALUES = (4,) * 4 + (3,) * 4 + (2,) * 4 + (1,) * 23
_FIVES = 7


def possible_points(bid: Bid, tricks: int, forced: tuple[int, int] = (0, 0), all_discards: bool = False
                    ) -> list[tuple[int, int]]:
    """The card points the declarer's side can hold with ``tricks`` tricks after ``bid``, as
    intervals ``[(low, high), …]`` (one per possible number of 5-point cards it holds; empty: no
    deal is possible), ``forced`` the numbers of 5-point cards each side (declarer's, opponents')
    must hold in its tricks. A necessary condition, not a sufficient one.

    The reading (docs/rules/hungarian-tarokk.md):

    * HU-1: 42 cards, 94 points; the three honours and the four Kings are worth 5, the other
      cards 4 (Queens), 3 (Riders), 2 (Jacks) or 1.
    * HU-7, HU-2: nine tricks of four cards; the side holds the ``4 × tricks`` cards of its
      tricks, the opponents the others.
    * HU-4: the declarer's discard (as many cards as the bid took from the talon: 3, 2, 1, 0)
      counts for its side, the other discards (6 in all) for the opponents; honours and Kings are
      never discarded, so every 5-point card lies in a trick. With ``all_discards`` (HU-10,
      tournament: a lone declarer whose called card lies in a discard) the six are the side's.

    So with no trick the side has its discard only (0 after a solo), and with all nine it has
    every honour and King.
    """
    mine_discard = 6 if all_discards else bid.talon
    slots_mine, slots_theirs = 4 * tricks, 4 * (9 - tricks)
    cards_mine = slots_mine + mine_discard
    out = []
    least = max(forced[0], _FIVES - slots_theirs)
    most = min(slots_mine, _FIVES - forced[1])
    for fives in range(least, most + 1):
        rest = cards_mine - fives
        if rest > len(_LOW_VALUES):
            continue
        out.append((5 * fives + sum(_LOW_VALUES[len(_LOW_VALUES) - rest:]), 5 * fives + sum(_LOW_VALUES[:rest])))
    return out


def check_possible(bid: Bid, alone: bool, points: int, tricks: int, trull: Side | None = None,
                   four_kings: Side | None = None, xxi_catch: Side | None = None,
                   pagat_ultimo: PagatUltimo | None = None, profile: str = "pagat") -> None:
    """Refuse a deal whose card points, tricks, bid and bonuses made cannot come together (the
    ``score`` command's input; :func:`possible_points` gives the reading of the rules).

    Besides the points (HU-1, HU-4, HU-7), a bonus made in a side's tricks puts cards there
    (HU-6): the trull the three honours, the four Kings, the XXI catch the Skíz and the XXI, a
    pagát ultimó that won the last trick the pagát (and that side won that trick); a card cannot
    be in both sides' tricks, nor a side with no trick hold any.

    Raises :class:`~tarot_core.errors.ScoreInputError` with a :class:`~tarot_core.errors.Message`
    (for a page to translate): key ``"points"`` for points the tricks and the bid cannot give;
    ``"made.<bonus>"`` for a bonus those tricks and points cannot have made.
    """
    from ..errors import Message

    both = profile == "tournament" and alone  # HU-10: the six discards may be the lone declarer's
    spans = possible_points(bid, tricks) + (possible_points(bid, tricks, all_discards=True) if both else [])
    if not any(low <= points <= high for low, high in spans):
        low, high = min(lo for lo, _ in spans), max(hi for _, hi in spans)
        raise ScoreInputError("points", Message(
            "with these tricks after this bid the declarer's side holds from {low} to {high} card points, "
            "not {points} (HU-1, HU-4)", low=low, high=high, points=points))
    sides: dict[Side, set[str]] = {Side.DECLARER: set(), Side.OPPONENTS: set()}
    made = [("trull", trull, {"skiz", "xxi", "pagat"}), ("four_kings", four_kings, {"kings"}),
            ("xxi_catch", xxi_catch, {"skiz", "xxi"}),
            ("pagat_ultimo", pagat_ultimo.side if pagat_ultimo is not None and pagat_ultimo.won else None, {"pagat"})]
    for bonus, side, cards in made:
        if side is None:
            continue
        other = Side.OPPONENTS if side is Side.DECLARER else Side.DECLARER
        sides[side] |= cards
        counted = {s: sum(4 if c == "kings" else 1 for c in sides[s]) for s in sides}
        forced = (counted[Side.DECLARER], counted[Side.OPPONENTS])
        spans = possible_points(bid, tricks, forced) + (possible_points(bid, tricks, forced, True) if both else [])
        won = tricks if side is Side.DECLARER else 9 - tricks
        if sides[side] & sides[other] or not won or not any(low <= points <= high for low, high in spans):
            raise ScoreInputError(f"made.{bonus}", Message(
                "{bonus} cannot have been made with these tricks and card points (HU-6)", bonus=bonus))
