"""Game records: a documented JSON format for a deal and a match, and their replay.

**Deal record** (``"format": "tarot-core/deal"``, ``"version": 1``), a JSON object:

=============  ==================================================================================
key            value
=============  ==================================================================================
format         ``"tarot-core/deal"``
version        ``1``
game           ``"french-tarot"``
players        3, 4 or 5
dealer         the dealer's seat (0-based; seats are in playing order, FR-2)
seed           optional: the seed the cards were dealt from (information only)
hands          one string per seat: the dealt hand in FR-1.1 notation (``"T1 T5 EX KS 10H"``)
chien          the chien in FR-1.1 notation
actions        the actions in order, each an object with ``"seat"`` and one of:
               ``"bid"`` (``"pass"``, ``"prise"``, ``"garde"``, ``"garde_sans"``,
               ``"garde_contre"``), ``"call"`` (a card, five players), ``"ecart"`` (the whole
               écart, FR-1.1 cards), ``"chelem"`` (true/false: announced or declined),
               ``"poignee"`` (the trumps shown), ``"card"`` (a card played)
result         ``{"thrown_in": null | "all_pass" | "petit_sec", "scores": [int per seat],
               "breakdown": {...}}``; the breakdown (absent when thrown in) has ``contract``,
               ``taker``, ``partner``, ``called``, ``points`` (the attack's card points, a
               multiple of 0.5), ``bouts``, ``target``, ``made``, ``margin``, ``multiplier``,
               ``base``, ``petit_au_bout`` (side or null), ``petit_au_bout_bonus``,
               ``poignees`` (``[{"seat", "size", "bonus"}]``), ``poignee_bonus``,
               ``chelem_announced``, ``chelem_made_by``, ``chelem_bonus``, ``s`` (what each
               defender pays the attack, FR-7.4)
=============  ==================================================================================

**Match record** (``"format": "tarot-core/match"``, ``"version": 1``): ``game``, ``players``,
``deals_to_play`` (the number of counted deals, FR-8), ``deals`` (the deal records in order,
thrown-in deals included: they do not count) and ``totals`` (the cumulative score per seat);
optionally ``seed`` (the match seed, deal ``k`` being dealt from ``f"{seed}/{k}"``) and
``first_dealer``, which :meth:`tarot_core.match.Match.from_record` needs to resume a match.

:func:`replay_deal` and :func:`replay_match` rebuild the games through the rules engine and raise
:class:`RecordError` naming the action index, the seat and the rule an illegal action breaks,
or the figure that differs from the recorded result.
"""

from __future__ import annotations

from typing import Any

from .cards import format_cards, parse_card, parse_cards
from .contracts import Contract
from .dealing import Deal
from .errors import IllegalActionError, TarotError
from .french import Action, Bid, Call, Chelem, Discard, FrenchDeal, Phase, Play, Poignee
from .scoring import format_points2

DEAL_FORMAT = "tarot-core/deal"
MATCH_FORMAT = "tarot-core/match"
VERSION = 1
GAME = "french-tarot"


class RecordError(TarotError, ValueError):
    """A record that cannot be read or replayed.

    Attributes:
        index: the index of the offending action in ``actions`` (``None`` when not an action).
        seat: that action's seat, when known.
        rule: the rule id the action breaks, when one applies.
        deal: for a match record, the index of the deal in ``deals``.
    """

    def __init__(self, message: str, *, index: int | None = None, seat: int | None = None,
                 rule: str | None = None, deal: int | None = None) -> None:
        self.index, self.seat, self.rule, self.deal = index, seat, rule, deal
        prefix = f"deal {deal}: " if deal is not None else ""
        super().__init__(prefix + message)


# --- writing ----------------------------------------------------------------------------------

def action_entries(game: FrenchDeal) -> list[dict[str, Any]]:
    """The game's actions as record entries, consecutive discards grouped as one ``ecart``."""
    entries: list[dict[str, Any]] = []
    for action in game.history:
        if isinstance(action, Discard):
            if entries and "ecart" in entries[-1] and entries[-1]["seat"] == action.seat:
                entries[-1]["ecart"] += " " + format_cards([action.card])
            else:
                entries.append({"seat": action.seat, "ecart": format_cards([action.card])})
        else:
            entries.append(action_entry(action))
    return entries


def action_entry(action: Action) -> dict[str, Any]:
    """One action as a record entry (a :class:`Discard` gives a one-card ``ecart``)."""
    if isinstance(action, Bid):
        return {"seat": action.seat, "bid": action.contract.value if action.contract else "pass"}
    if isinstance(action, Call):
        return {"seat": action.seat, "call": format_cards([action.card])}
    if isinstance(action, Discard):
        return {"seat": action.seat, "ecart": format_cards([action.card])}
    if isinstance(action, Chelem):
        return {"seat": action.seat, "chelem": action.announced}
    if isinstance(action, Poignee):
        return {"seat": action.seat, "poignee": format_cards(sorted(action.cards, key=lambda c: c.index))}
    return {"seat": action.seat, "card": format_cards([action.card])}


def result_entry(game: FrenchDeal) -> dict[str, Any] | None:
    """The ``result`` object of a finished deal, or ``None`` while it is being played."""
    if game.phase is Phase.THROWN_IN:
        return {"thrown_in": game.thrown_in, "scores": [0] * game.players}
    if game.result is None:
        return None
    r, s = game.result, game.result.score
    return {
        "thrown_in": None,
        "scores": list(r.scores),
        "breakdown": {
            "contract": s.contract.value,
            "taker": r.taker,
            "partner": r.partner,
            "called": format_cards([r.called]) if r.called else None,
            "points": float(format_points2(r.points2)),
            "bouts": r.bouts,
            "target": s.target,
            "made": s.made,
            "margin": s.margin,
            "multiplier": s.multiplier,
            "base": s.base,
            "petit_au_bout": r.petit_au_bout.value if r.petit_au_bout else None,
            "petit_au_bout_bonus": s.petit_au_bout,
            "poignees": [{"seat": p.seat, "size": p.size.value, "bonus": p.size.bonus} for p in r.poignees],
            "poignee_bonus": s.poignees,
            "chelem_announced": game.chelem_announced,
            "chelem_made_by": r.chelem_made_by.value if r.chelem_made_by else None,
            "chelem_bonus": s.chelem,
            "s": s.s,
        },
    }


def deal_record(game: FrenchDeal, seed: int | str | None = None) -> dict[str, Any]:
    """The deal record of ``game`` (finished or not: an unfinished deal has ``result`` null)."""
    d = game.deal
    record: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "version": VERSION,
        "game": GAME,
        "players": d.players,
        "dealer": d.dealer,
    }
    if seed is not None:
        record["seed"] = seed
    record.update({
        "hands": [format_cards(h) for h in d.hands],
        "chien": format_cards(d.chien),
        "actions": action_entries(game),
        "result": result_entry(game),
    })
    return record


def match_record(deals: list[dict[str, Any]], players: int, deals_to_play: int) -> dict[str, Any]:
    """A match record from its deal records (in order, thrown-in deals included)."""
    totals = [0] * players
    for rec in deals:
        result = rec.get("result") or {}
        for seat, score in enumerate(result.get("scores") or []):
            totals[seat] += score
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "game": GAME,
        "players": players,
        "deals_to_play": deals_to_play,
        "deals": deals,
        "totals": totals,
    }


# --- reading and replaying --------------------------------------------------------------------

def _require(record: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in record:
        raise RecordError(f"{key}: missing")
    value = record[key]
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        raise RecordError(f"{key}: expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _check_header(record: Any, fmt: str) -> None:
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, got {type(record).__name__}")
    if record.get("format") != fmt:
        raise RecordError(f"format: expected {fmt!r}, got {record.get('format')!r}")
    if record.get("version") != VERSION:
        raise RecordError(f"version: this program reads version {VERSION}, got {record.get('version')!r}")
    if record.get("game") != GAME:
        raise RecordError(f"game: expected {GAME!r}, got {record.get('game')!r}")


def record_deal(record: dict[str, Any]) -> Deal:
    """The dealt cards of a deal record. Raises :class:`RecordError` naming the bad key."""
    _check_header(record, DEAL_FORMAT)
    players = _require(record, "players", int)
    dealer = _require(record, "dealer", int)
    hands = _require(record, "hands", list)
    if players not in (3, 4, 5):
        raise RecordError(f"players: expected 3, 4 or 5, got {players}")
    if not 0 <= dealer < players:
        raise RecordError(f"dealer: expected a seat 0..{players - 1}, got {dealer}")
    try:
        parsed = tuple(tuple(parse_cards(_str(h, f"hands[{i}]"))) for i, h in enumerate(hands))
        chien = tuple(parse_cards(_str(_require(record, "chien", str), "chien")))
        return Deal(players, dealer, parsed, chien)
    except ValueError as e:  # NotationError included
        raise RecordError(f"hands/chien: {e}") from None


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{key}: expected a string of cards, got {value!r}")
    return value


def _action(entry: Any, index: int) -> tuple[str, Any]:
    """Decode one entry into (kind, engine action or list of écart cards)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int) or isinstance(entry.get("seat"), bool):
        raise RecordError(f"action {index}: expected an object with an integer seat, got {entry!r}", index=index)
    seat = entry["seat"]
    kinds = [k for k in ("bid", "call", "ecart", "chelem", "poignee", "card") if k in entry]
    if len(kinds) != 1 or len(entry) != 2:
        raise RecordError(f"action {index} (seat {seat}): expected exactly one of bid, call, ecart, "
                          f"chelem, poignee, card", index=index, seat=seat)
    kind = kinds[0]
    value = entry[kind]
    try:
        if kind == "bid":
            return kind, Bid(seat, None if value == "pass" else Contract.parse(value))
        if kind == "chelem":
            if not isinstance(value, bool):
                raise ValueError(f"chelem must be true or false, got {value!r}")
            return kind, Chelem(seat, value)
        if not isinstance(value, str):
            raise ValueError(f"{kind} must be a string of cards, got {value!r}")
        if kind == "call":
            return kind, Call(seat, parse_card(value))
        if kind == "card":
            return kind, Play(seat, parse_card(value))
        if kind == "poignee":
            cards = parse_cards(value)
            if len(set(cards)) != len(cards):
                raise ValueError("the same card is shown twice")
            return kind, Poignee(seat, frozenset(cards))
        return kind, parse_cards(value)
    except ValueError as e:
        raise RecordError(f"action {index} (seat {seat}, {kind}): {e}", index=index, seat=seat) from None


def replay_deal(record: dict[str, Any], *, check_result: bool = True) -> FrenchDeal:
    """Replay a deal record through the engine and return the game.

    Raises :class:`RecordError`: for a malformed record (naming the key); for an illegal action
    (``"action 17 (seat 2, card KS): must follow hearts (FR-5.2)"``, with ``index``, ``seat``
    and ``rule`` set); and, when ``check_result`` is true and the record states a result, for
    the first figure that differs from the replayed result.
    """
    game = FrenchDeal(record_deal(record))
    actions = _require(record, "actions", list)
    for index, entry in enumerate(actions):
        kind, action = _action(entry, index)
        seat = entry["seat"]
        try:
            if kind == "ecart":
                if game.taker != seat:
                    raise IllegalActionError(("ecart", seat), f"seat {seat} is not the taker", "FR-4.1")
                _apply_ecart(game, seat, action)
            else:
                game.apply(action)
        except IllegalActionError as e:
            what = f"{kind} {format_cards(action) if kind == 'ecart' else _value_text(entry[kind])}"
            rule = f" ({e.rule})" if e.rule else ""
            raise RecordError(f"action {index} (seat {seat}, {what}): {e.reason}{rule}",
                              index=index, seat=seat, rule=e.rule) from None
    stated = record.get("result")
    if check_result and stated is not None:
        compare_result(stated, result_entry(game))
    return game


def _apply_ecart(game: FrenchDeal, seat: int, cards: list) -> None:
    """Apply a record's ``ecart`` entry: a whole écart at once, or the part of one that was made
    when a game in progress was saved (card by card, plain cards first, FR-4.1). Nothing changes
    when any card is refused."""
    if len(cards) == game.chien_size:
        game.apply_ecart(cards)
        return
    before = len(game.history)
    try:
        for card in sorted(cards, key=lambda c: c.is_trump):
            game.apply(Discard(seat, card))
    except IllegalActionError:
        while len(game.history) > before:
            game.undo()
        raise


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "announced" if value else "declined"
    return str(value)


def json_equal(a: Any, b: Any) -> bool:
    """True when ``a`` and ``b`` are the same JSON value. Unlike ``==``, a bool is not a number
    (``True == 1`` and ``False == 0`` in Python, not in JSON); ``1`` and ``1.0`` are the same
    number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return a == b


def compare_result(stated: Any, replayed: dict[str, Any] | None) -> None:
    """Raise :class:`RecordError` naming the first figure of ``stated`` that differs (as JSON:
    see :func:`json_equal`)."""
    if replayed is None:
        raise RecordError("result: the record states a result but its actions do not finish the deal")
    if not isinstance(stated, dict):
        raise RecordError(f"result: expected an object, got {stated!r}")
    for key in stated:
        if key not in ("thrown_in", "scores", "breakdown"):
            raise RecordError(f"result: unknown figure {key!r}")
    for key in ("thrown_in", "scores"):
        if key in stated and not json_equal(stated[key], replayed[key]):
            if key == "scores" and isinstance(stated[key], list) and len(stated[key]) == len(replayed[key]):
                seat = next(i for i, (a, b) in enumerate(zip(stated[key], replayed[key])) if not json_equal(a, b))
                raise RecordError(f"result differs: scores[{seat}] is {stated[key][seat]} in the record, "
                                  f"the replay gives {replayed[key][seat]}")
            raise RecordError(f"result differs: {key} is {stated[key]!r} in the record, "
                              f"the replay gives {replayed[key]!r}")
    stated_b, replayed_b = stated.get("breakdown"), replayed.get("breakdown")
    if "breakdown" in stated and not (isinstance(stated_b, dict) and isinstance(replayed_b, dict)):
        gives = "no breakdown (the deal was thrown in)" if replayed_b is None else "a breakdown object"
        raise RecordError(f"result differs: breakdown is {stated_b!r} in the record, the replay gives {gives}")
    if isinstance(stated_b, dict) and isinstance(replayed_b, dict):
        for key, value in stated_b.items():
            if key not in replayed_b:
                raise RecordError(f"result: unknown breakdown figure {key!r}")
            if not json_equal(value, replayed_b[key]):
                raise RecordError(f"result differs: breakdown.{key} is {value!r} in the record, "
                                  f"the replay gives {replayed_b[key]!r}")


def replay_match(record: dict[str, Any], *, check_result: bool = True) -> list[FrenchDeal]:
    """Replay every deal of a match record; check the stated totals too.

    Raises :class:`RecordError` (with ``deal`` set to the deal's index) as :func:`replay_deal`.
    """
    _check_header(record, MATCH_FORMAT)
    players = _require(record, "players", int)
    if players not in (3, 4, 5):
        raise RecordError(f"players: expected 3, 4 or 5, got {players}")
    deals = _require(record, "deals", list)
    games = []
    totals = [0] * players
    for i, rec in enumerate(deals):
        try:
            game = replay_deal(rec, check_result=check_result)
        except RecordError as e:
            raise RecordError(str(e), index=e.index, seat=e.seat, rule=e.rule, deal=i) from None
        if game.players != players:
            raise RecordError(f"players: {game.players} in a {players}-player match", deal=i)
        result = result_entry(game)
        if result is not None:
            totals = [t + s for t, s in zip(totals, result["scores"])]
        games.append(game)
    if check_result and "totals" in record and not json_equal(record["totals"], totals):
        raise RecordError(f"result differs: totals are {record['totals']!r} in the record, "
                          f"the replay gives {totals!r}")
    return games


def replay(record: Any, *, check_result: bool = True) -> dict[str, Any]:
    """Replay a deal or match record and return its result as JSON-ready data.

    A deal gives its ``result`` object; a match gives ``{"deals": [result, ...], "totals":
    [...]}``. Raises :class:`RecordError` as :func:`replay_deal` / :func:`replay_match`.
    """
    if isinstance(record, dict) and record.get("format") == MATCH_FORMAT:
        games = replay_match(record, check_result=check_result)
        results = [result_entry(g) for g in games]
        totals = [0] * record["players"]
        for r in results:
            if r is not None:
                totals = [t + s for t, s in zip(totals, r["scores"])]
        return {"deals": results, "totals": totals}
    game = replay_deal(record, check_result=check_result)
    return result_entry(game) or {"thrown_in": None, "scores": None, "unfinished": True}
