"""The French Tarot deal record: its JSON body, written from a game and replayed into one.

The envelope (``format``, ``version``, match records, :func:`tarot_core.records.replay`) is
game-independent and lives in :mod:`tarot_core.records`; this module is what a French deal
record holds (``"game": "french-tarot"``):

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

:func:`replay_deal` rebuilds the game through the rules engine and raises
:class:`~tarot_core.errors.RecordError` naming the action index, the seat and the rule an illegal
action breaks, or the figure that differs from the recorded result.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError, RecordError
from ..record_format import DEAL_FORMAT, VERSION, check_header, compare_result, require
from .actions import Action, Bid, Call, Chelem, Discard, Phase, Play, Poignee
from .cards import format_cards, parse_card, parse_cards
from .contracts import Contract
from .dealing import Deal
from .scoring import format_points2
from .state import FrenchDeal

#: The ``"game"`` value of French Tarot records.
GAME = "french-tarot"


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


# --- reading and replaying --------------------------------------------------------------------

def record_deal(record: dict[str, Any]) -> Deal:
    """The dealt cards of a deal record. Raises :class:`RecordError` naming the bad key."""
    check_header(record, DEAL_FORMAT, GAME)
    players = require(record, "players", int)
    dealer = require(record, "dealer", int)
    hands = require(record, "hands", list)
    if players not in (3, 4, 5):
        raise RecordError(f"players: expected 3, 4 or 5, got {players}")
    if not 0 <= dealer < players:
        raise RecordError(f"dealer: expected a seat 0..{players - 1}, got {dealer}")
    try:
        parsed = tuple(tuple(parse_cards(_str(h, f"hands[{i}]"))) for i, h in enumerate(hands))
        chien = tuple(parse_cards(_str(require(record, "chien", str), "chien")))
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
    actions = require(record, "actions", list)
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
        for card in game.ecart_order(cards):
            game.apply(Discard(seat, card))
    except IllegalActionError:
        while len(game.history) > before:
            game.undo()
        raise


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "announced" if value else "declined"
    return str(value)


