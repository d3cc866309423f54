"""Game records: a documented JSON envelope for a deal and a match, and their replay.

**Deal record** (``"format": "tarot-core/deal"``, ``"version": 1``): a JSON object whose
``game`` names the game (``"french-tarot"``) and whose other keys are that game's deal record,
documented by its codec (:mod:`tarot_core.french.records` for French Tarot: ``players``,
``dealer``, ``seed``, ``hands``, ``chien``, ``actions``, ``result``). Every deal record has a
``result`` that is ``null`` while the deal is in progress, else an object with at least
``thrown_in`` and ``scores`` (one int per seat), and the game's ``breakdown``.

**Match record** (``"format": "tarot-core/match"``, ``"version": 1``): ``game``, ``players``,
``deals_to_play`` (the number of counted deals, FR-8), ``deals`` (the deal records in order,
thrown-in deals included: they do not count) and ``totals`` (the cumulative score per seat);
optionally ``seed`` (the match seed, deal ``k`` being dealt from ``f"{seed}/{k}"``) and
``first_dealer``, which :meth:`tarot_core.match.Match.from_record` needs to resume a match.

:func:`replay_deal` and :func:`replay_match` rebuild the games through the game's rules engine
(found by the record's ``game``, :func:`tarot_core.game.game_of_record`) and raise
:class:`RecordError` naming the action index, the seat and the rule an illegal action breaks,
or the figure that differs from the recorded result.

The French codec's names (``deal_record``, ``result_entry``, ``action_entries``, …) stay
importable from here, as before the package had one module per game.
"""

from __future__ import annotations

from typing import Any, Iterator

from .errors import RecordError
from .game import DEFAULT_GAME, game_of_record, get_game
from .record_format import (DEAL_FORMAT, MATCH_FORMAT, VERSION, _rules_of, check_header,  # noqa: F401
                            compare_result, json_equal, require)

__all__ = ["DEAL_FORMAT", "MATCH_FORMAT", "VERSION", "RecordError", "check_header", "require",
           "compare_result", "match_record", "replay_deal", "replay_match", "replay", "totals_of",
           "replayed_deals", "json_equal",
           # The French codec's names, provided by __getattr__ below:
           "GAME", "action_entries", "action_entry", "result_entry", "deal_record", "record_deal"]  # noqa: F822

#: Names of the French codec that this module re-exports for the tools that import them from here
#: (from before the package had one module per game), read on first use: ``name -> module``.
_KEPT: dict[str, str] = {name: "tarot_core.french.records" for name in (
    "GAME", "action_entries", "action_entry", "result_entry", "deal_record", "record_deal")}


def __getattr__(name: str) -> Any:
    if name in _KEPT:
        import importlib

        return getattr(importlib.import_module(_KEPT[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- writing -------------------------------------------------------------------------------------

def totals_of(results: list[dict[str, Any] | None], players: int) -> list[int]:
    """The cumulative score per seat of deal ``result`` objects (``None`` or thrown-in ones add
    nothing). The one place where a match's totals are summed (FR-7.5: they sum to zero)."""
    totals = [0] * players
    for result in results:
        for seat, score in enumerate((result or {}).get("scores") or ()):
            totals[seat] += score
    return totals


def match_record(deals: list[dict[str, Any]], players: int, deals_to_play: int,
                 game: str | None = None) -> dict[str, Any]:
    """A match record from its deal records (in order, thrown-in deals included); ``game``: the
    record's ``"game"``, by default :data:`~tarot_core.game.DEFAULT_GAME`'s (``"french-tarot"``)."""
    if game is None:
        game = get_game(DEFAULT_GAME).record_game
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "game": game,
        "players": players,
        "deals_to_play": deals_to_play,
        "deals": deals,
        "totals": totals_of([rec.get("result") for rec in deals], players),
    }


# --- reading and replaying -----------------------------------------------------------------------

def replay_deal(record: Any, *, check_result: bool = True) -> Any:
    """Replay a deal record through its game's engine and return the state (a
    :class:`~tarot_core.french.FrenchDeal` for French Tarot).

    Raises :class:`RecordError`: for a malformed record (naming the key); for an illegal action
    (``"action 17 (seat 2, card KS): must follow hearts (FR-5.2)"``, with ``index``, ``seat``
    and ``rule`` set); and, when ``check_result`` is true and the record states a result, for
    the first figure that differs from the replayed result.
    """
    check_header(record, DEAL_FORMAT)
    return _rules_of(record).replay_deal(record, check_result=check_result)


def replay_match(record: Any, *, check_result: bool = True) -> list[Any]:
    """Replay every deal of a match record; check the stated totals too.

    Raises :class:`RecordError` (with ``deal`` set to the deal's index) as :func:`replay_deal`.
    """
    return _replay_match(record, check_result)[0]


def replayed_deals(record: Any, *, check_result: bool = True) -> Iterator[tuple[int, Any]]:
    """Replay a match record's deals one by one: yields ``(index, state)`` in order.

    The one loop behind :func:`replay_match` and :meth:`tarot_core.match.Match.from_record`.
    Raises :class:`RecordError` (with ``deal`` set) for a bad header, a deal that does not replay
    or a deal of another table size.
    """
    check_header(record, MATCH_FORMAT)
    rules = _rules_of(record)
    players = require(record, "players", int)
    if players not in rules.table_sizes:
        sizes = ", ".join(map(str, rules.table_sizes))
        raise RecordError(f"players: expected one of {sizes}, got {players}")
    deals = require(record, "deals", list)
    for i, rec in enumerate(deals):
        try:
            game = rules.replay_deal(rec, check_result=check_result)
        except RecordError as e:
            raise RecordError(str(e), index=e.index, seat=e.seat, rule=e.rule, deal=i) from None
        if game.players != players:
            raise RecordError(f"players: {game.players} in a {players}-player match", deal=i)
        yield i, game


def _replay_match(record: Any, check_result: bool) -> tuple[list[Any], list[dict[str, Any] | None]]:
    games = [game for _, game in replayed_deals(record, check_result=check_result)]
    rules = _rules_of(record)
    results = [rules.result_entry(game) for game in games]
    totals = totals_of(results, record["players"])
    if check_result and "totals" in record and not json_equal(record["totals"], totals):
        raise RecordError(f"result differs: totals are {record['totals']!r} in the record, "
                          f"the replay gives {totals!r}")
    return games, results


def replay(record: Any, *, check_result: bool = True) -> dict[str, Any]:
    """Replay a deal or match record and return its result as JSON-ready data.

    A deal gives its ``result`` object; a match gives ``{"deals": [result, ...], "totals":
    [...]}``. Raises :class:`RecordError` as :func:`replay_deal` / :func:`replay_match`.
    """
    if isinstance(record, dict) and record.get("format") == MATCH_FORMAT:
        _, results = _replay_match(record, check_result)
        return {"deals": results, "totals": totals_of(results, record["players"])}
    game = replay_deal(record, check_result=check_result)
    result = game_of_record(record.get("game")).result_entry(game)
    return result or {"thrown_in": None, "scores": None, "unfinished": True}
