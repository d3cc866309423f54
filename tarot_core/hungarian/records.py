"""The Hungarian Tarokk deal record (``"game": "hungarian-tarokk"`` in the envelope of
:mod:`tarot_core.records`).

A deal record is a JSON object:

* ``format`` ``"tarot-core/deal"``, ``version`` 1, ``game`` ``"hungarian-tarokk"``;
* ``profile`` (``"pagat"`` or ``"tournament"``, HU-10) and ``multiplier`` (1, 2, 4, …, HU-8.4);
* ``revision``: the rules revision the deal was played under
  (:data:`~tarot_core.hungarian.state.REVISIONS`: 2 for every deal played now, HU-3.1 counting
  from the hold); written from revision 2 on, absent meaning ``1`` (every record made before);
* ``players`` (4 or 5), ``dealer``, optionally ``seed``;
* ``hands`` (one string of HU-1 tokens per seat, the dealer's empty at five) and ``talon`` (the
  six talon cards in dealt order);
* ``actions``: every action in order, each ``{"seat": s, KIND: value}`` with one KIND:
  ``bid`` (``"three"``, ``"two"``, ``"one"``, ``"solo"`` or ``"pass"``; the current level again
  is a hold), ``discard`` (a card), ``annul`` (true or false, HU-4.1), ``call`` (a card),
  ``announce`` (a bonus), ``kontra`` (``"game"`` or a bonus), ``tarokks`` (8 or 9), ``pass``
  (``true``: the end of a turn of announcements), ``card`` (a card played);
* ``talon_shares``: each seat's talon cards once the auction has shared them out (HU-4; they
  follow from the talon and the bid, and a replay checks them), else ``null``;
* ``result``: ``null`` while in progress; else ``thrown_in`` (``null`` for a played deal,
  ``"all_pass"``, ``"annulled"`` (HU-4.1) or ``"trial_failed"`` (HU-3.3)), ``scores`` (one int
  per seat, the dealer's 0 at five) and for a played deal a ``breakdown``: ``bid``,
  ``declarer``, ``partner``, ``called``, ``alone``, ``points``, ``tricks``, ``winner``,
  ``items`` (as the ``score`` command prints them), ``multiplier``, ``profile``.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError, RecordError
from ..record_format import DEAL_FORMAT, VERSION, check_header, compare_result, require
from .actions import Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase, Play
from .cards import format_card, format_cards, parse_card, parse_cards
from .dealing import Deal
from .scoring import Bid as Level
from .scoring import PROFILES
from .state import REVISIONS, HungarianDeal

__all__ = ["GAME", "action_entry", "result_entry", "deal_record", "record_deal", "replay_deal"]

GAME = "hungarian-tarokk"
_KINDS = ("bid", "discard", "annul", "call", "announce", "kontra", "tarokks", "pass", "card")


def action_entry(action) -> dict[str, Any]:
    """The record entry of one action (module docstring)."""
    cls = type(action)
    seat = action.seat
    if cls is Bid:
        return {"seat": seat, "bid": "pass" if action.bid is None else action.bid.value}
    if cls is Discard:
        return {"seat": seat, "discard": format_card(action.card)}
    if cls is Annul:
        return {"seat": seat, "annul": action.annul}
    if cls is Call:
        return {"seat": seat, "call": format_card(action.card)}
    if cls is Announce:
        return {"seat": seat, "announce": action.bonus}
    if cls is Kontra:
        return {"seat": seat, "kontra": action.bonus}
    if cls is DeclareTarokks:
        return {"seat": seat, "tarokks": action.count}
    if cls is Pass:
        return {"seat": seat, "pass": True}
    return {"seat": seat, "card": format_card(action.card)}


def result_entry(game: HungarianDeal) -> dict[str, Any] | None:
    """The ``result`` object of a finished deal, or ``None`` while it is being played."""
    if game.phase is Phase.ALL_PASS:
        return {"thrown_in": "all_pass", "scores": list(game.scores)}  # type: ignore[arg-type]
    if game.phase is Phase.ANNULLED:
        kind = "annulled" if game.annulled_by is not None else "trial_failed"
        return {"thrown_in": kind, "scores": list(game.scores)}  # type: ignore[arg-type]
    if game.result is None:
        return None
    r = game.result
    return {
        "thrown_in": None,
        "scores": list(game.scores),  # type: ignore[arg-type]
        "breakdown": {
            "bid": game.level.value,  # type: ignore[union-attr]
            "declarer": game.declarer,
            "partner": game.partner,
            "called": format_card(game.called) if game.called is not None else None,
            "alone": game.alone,
            "points": game.card_points(),
            "tricks": sum(t.winner in {game.declarer, game.partner} for t in game.tricks),
            "winner": r.winner.value,
            "items": [i.to_json_dict() for i in r.items],
            "multiplier": game.multiplier,
            "profile": game.profile,
        },
    }


def deal_record(game: HungarianDeal, seed: int | str | None = None) -> dict[str, Any]:
    """The deal record of ``game`` (finished or not: an unfinished deal has ``result`` null)."""
    d = game.deal
    record: dict[str, Any] = {"format": DEAL_FORMAT, "version": VERSION, "game": GAME, "profile": game.profile,
                              "multiplier": game.multiplier, "players": d.players, "dealer": d.dealer}
    if game.revision != 1:  # a record without it is revision 1, as every record made before it
        record["revision"] = game.revision
    if seed is not None:
        record["seed"] = seed
    record.update({"hands": [format_cards(h) for h in d.hands], "talon": format_cards(d.talon),
                   "actions": [action_entry(a) for a in game.history],
                   "talon_shares": _shares(game), "result": result_entry(game)})
    return record


def _shares(game: HungarianDeal) -> list[str] | None:
    """Each seat's talon cards, once the auction has shared them out (HU-4), else ``None``."""
    if not game.talon_shares:
        return None
    return [format_cards(game.talon_shares.get(s, ())) for s in range(game.players)]


def record_deal(record: dict[str, Any]) -> Deal:
    """The dealt cards of a deal record. Raises :class:`~tarot_core.errors.RecordError` naming
    the bad key."""
    check_header(record, DEAL_FORMAT, GAME)
    players = require(record, "players", int)
    dealer = require(record, "dealer", int)
    hands = require(record, "hands", list)
    if players not in (4, 5):
        raise RecordError(f"players: expected 4 or 5, got {players}")
    if not 0 <= dealer < players:
        raise RecordError(f"dealer: expected a seat 0..{players - 1}, got {dealer}")
    try:
        parsed = []
        for i, h in enumerate(hands):
            if not isinstance(h, str):
                raise RecordError(f"hands[{i}]: expected a string of cards, got {h!r}")
            parsed.append(tuple(parse_cards(h)))
        return Deal(players, dealer, tuple(parsed), tuple(parse_cards(require(record, "talon", str))))
    except ValueError as e:  # NotationError included
        raise RecordError(f"hands/talon: {e}") from None


def _action(entry: Any, index: int):
    if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int) or isinstance(entry.get("seat"), bool):
        raise RecordError(f"action {index}: expected an object with an integer seat, got {entry!r}", index=index)
    seat = entry["seat"]
    kinds = [k for k in _KINDS if k in entry]
    if len(kinds) != 1 or len(entry) != 2:
        raise RecordError(f"action {index} (seat {seat}): expected exactly one of {', '.join(_KINDS)}",
                          index=index, seat=seat)
    kind = kinds[0]
    value = entry[kind]
    try:
        if kind == "bid":
            return kind, Bid(seat, None if value == "pass" else Level.parse(value))
        if kind in ("annul", "pass"):
            if not isinstance(value, bool) or (kind == "pass" and not value):
                raise ValueError(f"{kind} must be {'true' if kind == 'pass' else 'true or false'}, got {value!r}")
            return kind, Annul(seat, value) if kind == "annul" else Pass(seat)
        if kind == "tarokks":
            if value not in (8, 9) or isinstance(value, bool):
                raise ValueError(f"tarokks must be 8 or 9, got {value!r}")
            return kind, DeclareTarokks(seat, value)
        if not isinstance(value, str):
            raise ValueError(f"{kind} must be a string, got {value!r}")
        if kind == "announce":
            return kind, Announce(seat, value)
        if kind == "kontra":
            return kind, Kontra(seat, value)
        card = parse_card(value)
        return kind, {"discard": Discard, "call": Call, "card": Play}[kind](seat, card)
    except ValueError as e:
        raise RecordError(f"action {index} (seat {seat}, {kind}): {e}", index=index, seat=seat) from None


def replay_deal(record: dict[str, Any], *, check_result: bool = True) -> HungarianDeal:
    """Replay a deal record through the engine and return the state.

    Raises :class:`~tarot_core.errors.RecordError`: for a malformed record (naming the key); for
    an illegal action (``"action 12 (seat 2, card KS): must follow hearts (HU-7)"``, with
    ``index``, ``seat`` and ``rule`` set); and, when ``check_result`` is true and the record
    states a result, for the first figure that differs from the replayed one.
    """
    dealt = record_deal(record)
    profile = record.get("profile", "pagat")
    if profile not in PROFILES:
        raise RecordError(f"profile: expected 'pagat' or 'tournament', got {profile!r}")
    multiplier = record.get("multiplier", 1)
    if not isinstance(multiplier, int) or isinstance(multiplier, bool) or multiplier < 1 or multiplier & (multiplier - 1):
        raise RecordError(f"multiplier: expected 1, 2, 4, …, got {multiplier!r}")
    revision = record.get("revision", 1)
    if type(revision) is not int or revision not in REVISIONS:
        raise RecordError(f"revision: expected one of {', '.join(map(str, REVISIONS))}, got {revision!r}")
    game = HungarianDeal(dealt, profile=profile, multiplier=multiplier, revision=revision)
    for index, entry in enumerate(require(record, "actions", list)):
        kind, action = _action(entry, index)
        try:
            game.apply(action)
        except IllegalActionError as e:
            rule = f" ({e.rule})" if e.rule else ""
            raise RecordError(f"action {index} (seat {entry['seat']}, {kind} {entry[kind]}): {e.reason}{rule}",
                              index=index, seat=entry["seat"], rule=e.rule) from None
    stated_shares = record.get("talon_shares")
    if stated_shares is not None and stated_shares != _shares(game):
        raise RecordError(f"talon_shares differ: {stated_shares!r} in the record, the replay gives {_shares(game)!r}")
    stated = record.get("result")
    if check_result and stated is not None:
        compare_result(stated, result_entry(game))
    return game
