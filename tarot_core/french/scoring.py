"""Scoring one deal of French Tarot (FR-7), with the poignée (FR-4.4), Petit au bout (FR-6.4) and
chelem (FR-7.4) bonuses and the settlement between seats (FR-7.5).

Units: card points are **half-points** (integers) everywhere here, as in :mod:`tarot_core.french.cards`:
``points2 = 97`` means 48.5 points, and a full pack is 182. No float enters any computation;
targets, margins and scores are whole numbers of points (plain ``int``).

Sign convention: every score is seen from the attack's side (the taker, and the partner at 5
players). ``s`` is what *each defender pays to the attack* (FR-7.4); a negative ``s`` means each
defender receives ``-s``. Every deal sums to zero over all seats (FR-7.5).

:func:`score_deal` scores what it is told: it checks that each argument is of the right type and
within its range, but not that the arguments are possible together. The ``score`` command's input
(:func:`score_from_json`) is checked for that too (:func:`check_possible`: card points, bouts,
contract and chelem that no deal can give, e.g. 5 points with the three bouts). Rule ids refer to
``docs/rules/french-tarot.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .contracts import DEAL_SIZES, TARGETS, Contract, PoigneeSize, Side
from ..errors import ScoreInputError
from ..values import Value, init_field

__all__ = [
    "DEFAULT_PARTNER_AT_5",
    "DealScore",
    "JSON_KEYS",
    "JSON_REQUIRED",
    "PLAYERS",
    "MAX_POINTS2",
    "CHELEM_ANNOUNCED_MADE",
    "CHELEM_UNANNOUNCED_MADE",
    "CHELEM_ANNOUNCED_MISSED",
    "CHELEM_BY_DEFENCE",
    "PETIT_AU_BOUT_BONUS",
    "check_possible",
    "format_points2",
    "margin",
    "possible_points2",
    "score_deal",
    "score_from_json",
    "target",
]

#: Table sizes this module scores (FR-2.2).
PLAYERS: tuple[int, ...] = (3, 4, 5)
#: The whole pack, 91 points, in half-points (FR-1).
MAX_POINTS2 = 182
#: FR-6.4: the Petit au bout is worth 10 × the contract multiplier.
PETIT_AU_BOUT_BONUS = 10
#: FR-7.4 chelem bonuses (never multiplied), from the side that gets them.
CHELEM_ANNOUNCED_MADE = 400
CHELEM_UNANNOUNCED_MADE = 200
CHELEM_ANNOUNCED_MISSED = 200
CHELEM_BY_DEFENCE = 200
#: FR-7.4 the fixed part of the base score, 25 points.
_BASE = 25


def _is_int(value: object) -> bool:
    """True for a real ``int`` (``bool`` is not accepted as a number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def format_points2(points2: int) -> str:
    """Half-points as the points a player reads: ``97`` → ``"48.5"``, ``96`` → ``"48"``.

    Integer arithmetic only (no float formatting). Negative values get a leading ``-``.
    """
    sign = "-" if points2 < 0 else ""
    whole, half = divmod(abs(points2), 2)
    return f"{sign}{whole}{'.5' if half else ''}"


def _check_bouts(bouts: object) -> int:
    if not _is_int(bouts):
        raise ScoreInputError("bouts", f"expected an integer 0..3, got {bouts!r}")
    if not 0 <= bouts <= 3:
        raise ScoreInputError("bouts", f"expected an integer 0..3, got {bouts}")
    return bouts


def _check_points2(points2: object) -> int:
    if not _is_int(points2):
        raise ScoreInputError("points2", f"expected an integer number of half-points 0..182, got {points2!r}")
    if not 0 <= points2 <= MAX_POINTS2:
        raise ScoreInputError("points2", f"expected half-points 0..182 (0 to 91 points), got {points2}")
    return points2


def target(bouts: int) -> int:
    """The number of points the taker's side needs, in whole points (FR-7.1).

    ``bouts`` (0..3, the bouts among the taker's side's cards) → 56, 51, 41 or 36
    (:data:`tarot_core.french.contracts.TARGETS`).

    Raises :class:`~tarot_core.errors.ScoreInputError` (key ``"bouts"``) when ``bouts`` is not an
    ``int`` in 0..3.
    """
    return TARGETS[_check_bouts(bouts)]


def margin(points2: int, bouts: int) -> int:
    """By how many points the contract is made (``>= 0``) or lost (``< 0``), FR-7.2 and FR-7.3.

    ``points2``: the taker's side's card points in half-points (0..182); ``bouts``: 0..3.
    The result is ``points − target`` in whole points, where a half point goes to the side that
    wins (FR-7.3): the absolute difference is rounded **up**. With 2 bouts (target 41):
    41.5 → ``+1`` (made by 1), 40.5 → ``-1`` (lost by 1), exactly 41 → ``0`` ("juste fait", made).
    A result of ``0`` is always a made contract (FR-7.2). Integer arithmetic only, never
    ``round()`` (which rounds halves to even).

    Raises :class:`~tarot_core.errors.ScoreInputError` (key ``"points2"`` or ``"bouts"``).
    """
    diff2 = _check_points2(points2) - 2 * target(bouts)
    if diff2 >= 0:
        return (diff2 + 1) // 2
    return -((-diff2 + 1) // 2)


class DealScore(Value):
    """The score of one deal (FR-7), every amount in whole points, seen from the attack.

    Attributes:
        players: 3, 4 or 5.
        contract: the :class:`~tarot_core.french.contracts.Contract`.
        multiplier: the contract's multiplier, 1, 2, 4 or 6 (FR-3).
        points2: the taker's side's card points in half-points (0..182).
        bouts: the bouts among them (0..3).
        target: 56, 51, 41 or 36 points (FR-7.1).
        made: True when the contract is made (``margin >= 0``), FR-7.2.
        margin: signed difference to the target with FR-7.3 rounding (see :func:`margin`).
        base: ``±(25 + |margin|) × multiplier`` (+ when made), FR-7.4.
        petit_au_bout: ``±10 × multiplier`` (+ when the attack won it), 0 if none, FR-6.4.
        poignees: signed sum of the poignée bonuses (+ when the attack wins the deal), FR-4.4.
        chelem: signed chelem bonus (FR-7.4), never multiplied.
        s: ``base + petit_au_bout + poignees + chelem``: what each defender pays the attack.
        per_defender: ``-s``, each defender's score for the deal (FR-7.5).
        taker: the taker's score: ``2s`` (3 players), ``3s`` (4), ``2s`` (5 with a partner) or
            ``4s`` (5, alone), FR-7.5.
        partner: the partner's score ``s`` at 5 players with a partner, otherwise ``None``.

    ``taker + (partner or 0) + per_defender × number of defenders == 0`` always.
    """

    __slots__ = (
        "players", "contract", "multiplier", "points2", "bouts", "target", "made", "margin", "base",
        "petit_au_bout", "poignees", "chelem", "s", "per_defender", "taker", "partner"
    )
    players: int
    contract: Contract
    multiplier: int
    points2: int
    bouts: int
    target: int
    made: bool
    margin: int
    base: int
    petit_au_bout: int
    poignees: int
    chelem: int
    s: int
    per_defender: int
    taker: int
    partner: int | None

    def __init__(
        self,
        players: int,
        contract: Contract,
        multiplier: int,
        points2: int,
        bouts: int,
        target: int,
        made: bool,
        margin: int,
        base: int,
        petit_au_bout: int,
        poignees: int,
        chelem: int,
        s: int,
        per_defender: int,
        taker: int,
        partner: int | None,
    ) -> None:
        init_field(self, "players", players)
        init_field(self, "contract", contract)
        init_field(self, "multiplier", multiplier)
        init_field(self, "points2", points2)
        init_field(self, "bouts", bouts)
        init_field(self, "target", target)
        init_field(self, "made", made)
        init_field(self, "margin", margin)
        init_field(self, "base", base)
        init_field(self, "petit_au_bout", petit_au_bout)
        init_field(self, "poignees", poignees)
        init_field(self, "chelem", chelem)
        init_field(self, "s", s)
        init_field(self, "per_defender", per_defender)
        init_field(self, "taker", taker)
        init_field(self, "partner", partner)

    @property
    def defenders(self) -> int:
        """How many defenders pay ``s``: ``players − 1``, or ``players − 2`` with a partner."""
        return self.players - (2 if self.partner is not None else 1)

    def per_seat(self, taker_seat: int, partner_seat: int | None = None,
                 players: int | None = None) -> list[int]:
        """The deal's score for each seat, as a list of ``players`` ints summing to zero (FR-7.5).

        ``taker_seat``: the taker's seat (0..players−1). ``partner_seat``: the partner's seat at
        5 players; ``None`` or equal to ``taker_seat`` means the taker played alone (FR-4.2).
        ``players``: optional, must equal :attr:`players` when given.

        Raises :class:`~tarot_core.errors.ScoreInputError` when a seat is out of range, when
        ``players`` differs from the scored deal, or when the seats disagree with how the deal was
        scored (a partner seat for a deal scored alone, or none for a deal scored with a partner).
        """
        n = self.players
        if players is not None and (not _is_int(players) or players != n):
            raise ScoreInputError("players", f"this deal was scored for {n} players, got {players!r}")
        if not _is_int(taker_seat) or not 0 <= taker_seat < n:
            raise ScoreInputError("taker_seat", f"expected a seat 0..{n - 1}, got {taker_seat!r}")
        if partner_seat is not None and (not _is_int(partner_seat) or not 0 <= partner_seat < n):
            raise ScoreInputError("partner_seat", f"expected a seat 0..{n - 1} or None, got {partner_seat!r}")
        alone = partner_seat is None or partner_seat == taker_seat
        if alone and self.partner is not None:
            raise ScoreInputError("partner_seat", "this deal was scored with a partner; give the partner's seat")
        if not alone and self.partner is None:
            raise ScoreInputError("partner_seat", "this deal was scored with the taker alone; "
                                                  "partner_seat must be None or the taker's seat")
        scores = [self.per_defender] * n
        scores[taker_seat] = self.taker
        if not alone:
            assert self.partner is not None
            scores[partner_seat] = self.partner  # type: ignore[index]
        return scores

    def to_json_dict(self) -> dict[str, object]:
        """The command-line output object (``python -m tarot_core score``).

        Keys exactly: ``made`` (bool), ``margin`` (int), ``per_defender`` (int), ``taker`` (int),
        ``partner`` (int, or ``None`` unless 5 players with a partner).
        """
        return {
            "made": self.made,
            "margin": self.margin,
            "per_defender": self.per_defender,
            "taker": self.taker,
            "partner": self.partner,
        }


def _check_side(key: str, value: object) -> Side | None:
    if value is None or isinstance(value, Side):
        return value
    raise ScoreInputError(key, f"expected Side.ATTACK, Side.DEFENCE or None, got {value!r}")


def _poignee_sizes(poignees: object, players: int) -> list[PoigneeSize]:
    if isinstance(poignees, (str, bytes)) or not isinstance(poignees, Sequence):
        raise ScoreInputError("poignees", f"expected a sequence of poignées, got {poignees!r}")
    sizes: list[PoigneeSize] = []
    for i, item in enumerate(poignees):
        if isinstance(item, PoigneeSize):
            sizes.append(item)
        elif (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Side)
              and isinstance(item[1], PoigneeSize)):
            sizes.append(item[1])
        else:
            raise ScoreInputError(
                "poignees", f"item {i}: expected a PoigneeSize or a (Side, PoigneeSize) pair, got {item!r}")
    if len(sizes) > players:
        raise ScoreInputError(
            "poignees", f"{len(sizes)} poignées at a table of {players}: each player shows at most one (FR-4.4)")
    return sizes


def _chelem_bonus(announced: bool, made_by: Side | None) -> int:
    """Signed chelem bonus from the attack's view (FR-7.4)."""
    if made_by is None:
        return -CHELEM_ANNOUNCED_MISSED if announced else 0
    if made_by is Side.ATTACK:
        return CHELEM_ANNOUNCED_MADE if announced else CHELEM_UNANNOUNCED_MADE
    bonus = -CHELEM_ANNOUNCED_MISSED if announced else 0
    if made_by is Side.DEFENCE:
        # Choice: announced by the attack AND made by the defence: both penalties apply (−400).
        bonus -= CHELEM_BY_DEFENCE
    return bonus


def score_deal(
    *,
    players: int,
    contract: Contract,
    points2: int,
    bouts: int,
    petit_au_bout: Side | None = None,
    poignees: Sequence[PoigneeSize] | Sequence[tuple[Side, PoigneeSize]] | tuple = (),
    chelem_announced: bool = False,
    chelem_made_by: Side | None = None,
    partner: bool = False,
) -> DealScore:
    """Score one deal (FR-7) and settle it between the seats (FR-7.5).

    Arguments (keyword only):
        players: 3, 4 or 5.
        contract: a :class:`~tarot_core.french.contracts.Contract` (a contract name such as
            ``"garde_sans"`` is accepted too, see :meth:`Contract.parse`).
        points2: the taker's side's card points in **half-points**, 0..182 (FR-7.1).
        bouts: the number of bouts among them, 0..3.
        petit_au_bout: the side that won the Petit in the last trick, or ``None`` (FR-6.4). It
            scores ``10 × multiplier`` for that side whether or not the contract is made.
        poignees: the poignées shown, as :class:`PoigneeSize` values or ``(Side, PoigneeSize)``
            pairs (the side that showed it). Each is worth 20/30/40, never multiplied, and goes
            to the side that **wins the deal** whoever showed it (FR-4.4), so the side given does
            not change the score. At most ``players`` of them.
        chelem_announced: True when the taker announced a chelem (FR-4.3).
        chelem_made_by: the side that won every trick, or ``None`` (FR-7.4).
        partner: 5 players only: True when the taker has a partner (called card held by another
            player), False when the taker plays alone (FR-4.2). Must be False at 3 or 4 players.

    Chelem (FR-7.4, never multiplied, attack's view): announced and made +400; made without
    announcement +200; announced and not made −200; made by the defence −200. **Choice**:
    announced by the attack and made by the defence: both penalties apply, −400.

    Returns a :class:`DealScore`; ``s = base + petit_au_bout + poignees + chelem`` with
    ``base = ±(25 + |margin|) × multiplier`` (FR-7.4), settled as FR-7.5: 3 players taker ``+2s``;
    4 players ``+3s``; 5 with a partner taker ``+2s`` and partner ``+s``; 5 alone taker ``+4s``;
    each defender ``−s``.

    Raises :class:`~tarot_core.errors.ScoreInputError` whose ``key`` names the bad argument:
    players not 3/4/5; an unknown contract; points2 not an int in 0..182; bouts not an int in
    0..3; a side that is not a :class:`Side` or None; a bad or too long poignée list;
    chelem_announced or partner not a bool; partner=True with players != 5.
    """
    if not _is_int(players) or players not in PLAYERS:
        raise ScoreInputError("players", f"expected 3, 4 or 5 players, got {players!r}")
    if isinstance(contract, str):
        try:
            contract = Contract.parse(contract)
        except ValueError as exc:
            raise ScoreInputError("contract", str(exc)) from None
    if not isinstance(contract, Contract):
        raise ScoreInputError("contract", f"expected a Contract, got {contract!r}")
    _check_points2(points2)
    _check_bouts(bouts)
    petit_au_bout = _check_side("petit_au_bout", petit_au_bout)
    chelem_made_by = _check_side("chelem_made_by", chelem_made_by)
    if not isinstance(chelem_announced, bool):
        raise ScoreInputError("chelem_announced", f"expected True or False, got {chelem_announced!r}")
    if not isinstance(partner, bool):
        raise ScoreInputError("partner", f"expected True or False, got {partner!r}")
    if partner and players != 5:
        raise ScoreInputError("partner", f"a partner exists only at 5 players, not {players} (FR-4.2)")
    sizes = _poignee_sizes(poignees, players)

    total = _total(contract.multiplier, points2, bouts, petit_au_bout, sum(size.bonus for size in sizes),
                   chelem_announced, chelem_made_by)
    mult, m, base, petit, poignee_total, chelem, s = total
    taker_score, partner_score = _shares(players, partner, s)
    return DealScore(
        players=players,
        contract=contract,
        multiplier=mult,
        points2=points2,
        bouts=bouts,
        target=TARGETS[bouts],
        made=m >= 0,
        margin=m,
        base=base,
        petit_au_bout=petit,
        poignees=poignee_total,
        chelem=chelem,
        s=s,
        per_defender=-s,
        taker=taker_score,
        partner=partner_score,
    )


_ATTACK = Side.ATTACK


def _total(mult: int, points2: int, bouts: int, petit_au_bout: Side | None, poignee_bonus: int,
           chelem_announced: bool, chelem_made_by: Side | None) -> tuple[int, int, int, int, int, int, int]:
    """FR-7.2-FR-7.4 on arguments already checked: ``(multiplier, margin, base, petit au bout,
    poignées, chelem, s)``. ``poignee_bonus`` is the unsigned sum of the poignées shown; it goes to
    the side that wins the deal (FR-4.4). :func:`score_deal` checks its arguments and calls this;
    so does the engine's playout, which only needs ``s``."""
    diff2 = points2 - 2 * TARGETS[bouts]
    m = (diff2 + 1) // 2 if diff2 >= 0 else -((-diff2 + 1) // 2)  # FR-7.3, as margin()
    winner_sign = 1 if m >= 0 else -1
    base = winner_sign * (_BASE + abs(m)) * mult
    petit = 0
    if petit_au_bout is not None:
        petit = (1 if petit_au_bout is _ATTACK else -1) * PETIT_AU_BOUT_BONUS * mult
    poignee_total = winner_sign * poignee_bonus
    chelem = _chelem_bonus(chelem_announced, chelem_made_by)
    return mult, m, base, petit, poignee_total, chelem, base + petit + poignee_total + chelem


def _shares(players: int, partner: bool, s: int) -> tuple[int, int | None]:
    """FR-7.5: the taker's and the partner's scores for a deal worth ``s`` to each defender:
    ``(2s, s)`` at five with a partner, else ``((players - 1)s, None)``."""
    if players == 5 and partner:
        return 2 * s, s
    return (players - 1) * s, None


# --- JSON input (the ``python -m tarot_core score`` interface) -------------------------------

#: Keys of the JSON input object (see :func:`score_from_json`).
JSON_KEYS: tuple[str, ...] = ("players", "contract", "points", "bouts", "petit_au_bout", "poignees",
                              "chelem", "partner")
#: The keys that must be present.
JSON_REQUIRED: tuple[str, ...] = ("players", "contract", "points", "bouts")
#: Default of ``partner`` at 5 players when the key is missing or null: the taker has a partner.
DEFAULT_PARTNER_AT_5 = True

_SIDES = {"attack": Side.ATTACK, "defence": Side.DEFENCE}
_SIZES = {p.value: p for p in PoigneeSize}


def _decimal() -> type:
    """``decimal.Decimal``, imported on first use: only JSON score input can hold one, so the
    game page (which never reads any) starts without importing ``decimal`` (4-12 ms there)."""
    from decimal import Decimal

    return Decimal


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, (int, float, _decimal())):
        return "number"
    return type(value).__name__


def _show(value: object) -> str:
    """A short, one-line rendering of a JSON value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, _decimal())):
        text = str(value)
    elif isinstance(value, (dict, list, tuple)):
        return f"a JSON {_json_type(value)}"
    else:
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_points2(value: object) -> int:
    """``points`` (a JSON number, multiple of 0.5, 0..91) → half-points, without float arithmetic
    on the result: ``2 × value`` is exact for ``int``, ``Decimal`` and binary floats alike."""
    Decimal = _decimal()
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise ScoreInputError("points", f"expected a number 0..91 (a multiple of 0.5), got {_show(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ScoreInputError("points", f"expected a number 0..91 (a multiple of 0.5), got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ScoreInputError("points", f"expected a number 0..91 (a multiple of 0.5), got {value}")
    if not 0 <= value <= 91:
        raise ScoreInputError("points", f"expected a number 0..91, got {_show(value)}")
    doubled = value * 2
    if isinstance(doubled, int):
        return doubled
    if doubled != int(doubled):
        raise ScoreInputError("points", f"expected a multiple of 0.5, got {_show(value)}")
    return int(doubled)


def _json_side(key: str, value: object) -> Side | None:
    if value is None:
        return None
    if isinstance(value, str) and value in _SIDES:
        return _SIDES[value]
    raise ScoreInputError(key, f"expected \"attack\", \"defence\" or null, got {_show(value)}")


def _check_keys(key_prefix: str, obj: dict, allowed: Sequence[str]) -> None:
    for k in obj:
        if k not in allowed:
            raise ScoreInputError(f"{key_prefix}{k}", f"unknown key (expected one of: {', '.join(allowed)})")


def score_from_json(data: object, check: bool = True) -> DealScore:
    """Score a deal given as the JSON input object of ``python -m tarot_core score``.

    ``data`` is the decoded JSON value (``dict``; numbers may be ``int``, ``float`` or
    ``decimal.Decimal``). Keys:

    - ``players`` (required): 3, 4 or 5.
    - ``contract`` (required): ``"prise"``, ``"garde"``, ``"garde_sans"``, ``"garde_contre"``.
    - ``points`` (required): the taker's side's card points, a multiple of 0.5 in 0..91.
    - ``bouts`` (required): an integer 0..3.
    - ``petit_au_bout``: ``"attack"``, ``"defence"`` or null (FR-6.4).
    - ``poignees``: a list of ``{"side": "attack"|"defence", "size": "simple"|"double"|"triple"}``
      (``side`` may be left out: the bonus goes to the winning side anyway, FR-4.4).
    - ``chelem``: ``{"announced": bool, "made_by": "attack"|"defence"|null}`` (both optional).
    - ``partner``: 5 players only: true when the taker has a partner, false when alone.
      **Default true** at 5 players (:data:`DEFAULT_PARTNER_AT_5`); null means the default. Giving
      ``partner`` at all with 3 or 4 players is an error.

    Missing optional keys (or null) mean none. Numbers must not be booleans.

    Returns the :class:`DealScore` (see :meth:`DealScore.to_json_dict` for the output object).
    A deal no play of the cards can give (:func:`check_possible`: e.g. card points the bouts or
    tricks exclude) is refused too, unless ``check`` is false (a score sheet reading the deals it
    stored before that check existed).

    Raises :class:`~tarot_core.errors.ScoreInputError` whose ``key`` is the input key at fault,
    with nested keys as ``"poignees[1].size"`` or ``"chelem.made_by"``, or ``None`` when ``data``
    is not an object.
    """
    if not isinstance(data, dict):
        raise ScoreInputError(None, f"expected a JSON object, got a JSON {_json_type(data)}")
    _check_keys("", data, JSON_KEYS)
    for k in JSON_REQUIRED:
        if k not in data:
            raise ScoreInputError(k, "missing required key")

    players = data["players"]
    if not _is_int(players) or players not in PLAYERS:
        raise ScoreInputError("players", f"expected 3, 4 or 5, got {_show(players)}")

    raw_contract = data["contract"]
    if not isinstance(raw_contract, str):
        raise ScoreInputError("contract", f"expected a string (prise, garde, garde_sans or garde_contre), "
                                          f"got {_show(raw_contract)}")
    try:
        contract = Contract.parse(raw_contract)
    except ValueError:
        raise ScoreInputError("contract", f"unknown contract {_show(raw_contract)} (expected prise, garde, "
                                          "garde_sans or garde_contre)") from None

    points2 = _json_points2(data["points"])

    bouts = data["bouts"]
    if not _is_int(bouts) or not 0 <= bouts <= 3:
        raise ScoreInputError("bouts", f"expected an integer 0..3, got {_show(bouts)}")

    petit = _json_side("petit_au_bout", data.get("petit_au_bout"))

    raw_poignees = data.get("poignees")
    sizes: list[PoigneeSize] = []
    if raw_poignees is not None:
        if not isinstance(raw_poignees, list):
            raise ScoreInputError("poignees", f"expected a list of {{\"side\", \"size\"}} objects, "
                                              f"got {_show(raw_poignees)}")
        for i, item in enumerate(raw_poignees):
            where = f"poignees[{i}]"
            if not isinstance(item, dict):
                raise ScoreInputError(where, f"expected an object {{\"side\", \"size\"}}, got {_show(item)}")
            _check_keys(f"{where}.", item, ("side", "size"))
            if "side" in item:
                if item["side"] is None:
                    raise ScoreInputError(f"{where}.side", "expected \"attack\" or \"defence\", got null")
                _json_side(f"{where}.side", item["side"])
            if "size" not in item:
                raise ScoreInputError(f"{where}.size", "missing required key")
            size = item["size"]
            if not isinstance(size, str) or size not in _SIZES:
                raise ScoreInputError(f"{where}.size",
                                      f"expected \"simple\", \"double\" or \"triple\", got {_show(size)}")
            sizes.append(_SIZES[size])

    raw_chelem = data.get("chelem")
    announced, made_by = False, None
    if raw_chelem is not None:
        if not isinstance(raw_chelem, dict):
            raise ScoreInputError("chelem", f"expected an object {{\"announced\", \"made_by\"}}, "
                                            f"got {_show(raw_chelem)}")
        _check_keys("chelem.", raw_chelem, ("announced", "made_by"))
        announced = raw_chelem.get("announced", False)
        if announced is None:
            announced = False
        if not isinstance(announced, bool):
            raise ScoreInputError("chelem.announced", f"expected true or false, got {_show(announced)}")
        made_by = _json_side("chelem.made_by", raw_chelem.get("made_by"))

    partner = False
    if "partner" in data:
        if players != 5:
            raise ScoreInputError("partner", f"only allowed with 5 players, not {players}")
        raw_partner = data["partner"]
        if raw_partner is None:
            partner = DEFAULT_PARTNER_AT_5
        elif isinstance(raw_partner, bool):
            partner = raw_partner
        else:
            raise ScoreInputError("partner", f"expected true or false, got {_show(raw_partner)}")
    elif players == 5:
        partner = DEFAULT_PARTNER_AT_5

    if check:
        check_possible(players, contract, points2, bouts, made_by)
    return score_deal(players=players, contract=contract, points2=points2, bouts=bouts,
                      petit_au_bout=petit, poignees=sizes, chelem_announced=announced,
                      chelem_made_by=made_by, partner=partner)


#: FR-1: the half-point values of the cards an écart may hold (no King, no bout, FR-4.1), highest
#: first: four Queens (3.5), four Knights (2.5), four Jacks (1.5), then 0.5-point cards.
_ECART_VALUES2 = (7,) * 4 + (5,) * 4 + (3,) * 4 + (1,) * 59


def possible_points2(players: int, contract: Contract, bouts: int,
                     chelem_made_by: Side | None = None) -> tuple[int, int]:
    """The least and the most card points, in half-points, that the taker's side can hold with
    ``bouts`` bouts in a deal of ``contract`` at ``players`` (3, 4 or 5), given the side that won
    every trick (``chelem_made_by``, or ``None``). A deal outside is impossible; one inside may
    still be (this is a necessary condition, not a sufficient one).

    The reading (docs/rules/french-tarot.md):

    * FR-1: 91 points in all; a bout is worth 4.5, every card at least 0.5. A bout the taker's side
      holds counts 4.5, but the Excuse of a side that never wins a trick counts 4 (FR-6.1,
      FR-6.3: no exchange card exists), hence half a point of slack on each bound.
    * FR-4.1, FR-2.2: in a prise or a garde the taker's side holds the écart (6 cards, 3 at five
      players), no bout among them; in a garde sans the chien (the same size, bouts allowed);
      in a garde contre the defence holds the chien.
    * The other ``3 - bouts`` bouts are the defence's.
    * FR-6.3, FR-7.4: when the taker's side wins every trick, the defence holds nothing but
      (in a garde contre) the chien and perhaps its Excuse (4 points): outside a garde contre
      that is 91 points with the three bouts or 87 with two. When the defence wins every trick,
      the taker's side holds only its écart (prise, garde: at most Queens and Knights) or the
      chien (garde sans), or nothing (garde contre), and perhaps its own Excuse.
    """
    size = DEAL_SIZES[players][1]
    taker_cards = 0 if contract is Contract.GARDE_CONTRE else size  # the écart or the chien
    in_chien = contract is Contract.GARDE_SANS  # bouts may be among those cards
    low = 9 * bouts - (1 if bouts else 0) + (max(0, taker_cards - bouts) if in_chien else taker_cards)
    others = 3 - bouts
    defence_cards = size if contract is Contract.GARDE_CONTRE else 0
    high = MAX_POINTS2 - (9 * others - (1 if others else 0) + max(0, defence_cards - others))
    if chelem_made_by is Side.ATTACK and contract is not Contract.GARDE_CONTRE:
        return {3: (MAX_POINTS2, MAX_POINTS2), 2: (MAX_POINTS2 - 8, MAX_POINTS2 - 8)}.get(bouts, (1, 0))
    if chelem_made_by is Side.DEFENCE:
        if contract is Contract.GARDE_SANS:
            most = 9 * size + (9 if bouts else 0)  # the chien (4.5 a card at most) and the Excuse
        elif bouts > 1:
            return 1, 0  # only the Excuse: no bout in an écart, no chien in a garde contre
        else:
            most = sum(_ECART_VALUES2[:taker_cards]) + 9 * bouts
        high = min(high, most)
    return low, high


def check_possible(players: int, contract: Contract, points2: int, bouts: int,
                   chelem_made_by: Side | None = None) -> None:
    """Refuse a deal whose card points, bouts, contract and chelem cannot come together (the
    ``score`` command's input; :func:`possible_points2` gives the reading of the rules).

    Raises :class:`~tarot_core.errors.ScoreInputError` with a :class:`~tarot_core.errors.Message`
    (template and fields, for a page to translate): key ``"points"`` for half points at four
    players (FR-7.3: four cards a trick and a 6-card écart or chien, every card worth an odd
    number of half points, make whole points) or points outside the bounds; key
    ``"chelem.made_by"`` for a chelem the points and bouts cannot have made (FR-6.3, FR-7.4).
    """
    from ..errors import Message

    if players == 4 and points2 % 2:
        raise ScoreInputError("points", Message("at four players the card points are whole numbers (FR-7.3)"))
    if chelem_made_by is not None:
        low, high = possible_points2(players, contract, bouts, None)
        if low <= points2 <= high:
            low, high = possible_points2(players, contract, bouts, chelem_made_by)
            if not low <= points2 <= high:
                raise ScoreInputError("chelem.made_by", Message(
                    "a chelem cannot be made with these card points and bouts (FR-6.3, FR-7.4)"))
    low, high = possible_points2(players, contract, bouts, None)
    if not low <= points2 <= high:
        raise ScoreInputError("points", Message(
            "with these bouts in this contract the taker's side holds from {low} to {high} card points, "
            "not {points} (FR-1, FR-4.1)", low=format_points2(low), high=format_points2(high),
            points=format_points2(points2)))
