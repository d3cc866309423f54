"""French Tarot's score-sheet input (FR-7), registered with :data:`tarot_core.french.RULES`
(``score_sheet``) and used by :mod:`tarot_core.scoresheet`. A sheet's deal (seats by index)::

    {"taker": 0, "partner": 2 | null,          # partner: 5 players only (null: the taker alone)
     "contract": "prise" | "garde" | "garde_sans" | "garde_contre",
     "points": 49,                             # the taker's side's card points, 0..91, halves allowed
     "bouts": 2,                               # 0..3
     "petit_au_bout": "attack" | "defence" | null,         # FR-6.4
     "poignees": [{"seat": 1, "size": "simple" | "double" | "triple"}],   # FR-4.4, who showed it
     "chelem": {"announced": false, "made_by": "attack" | "defence" | null}}   # FR-7.4

A player's score: the taker ``taker``, the partner ``partner``, everyone else ``per_defender``
(FR-7.5).
"""

from __future__ import annotations

from typing import Any

from ..sheet_input import SheetError, check_object, check_seat

__all__ = ["FRENCH_KEYS", "FrenchSheet", "SHEET"]

FRENCH_KEYS = ("taker", "partner", "contract", "points", "bouts", "petit_au_bout", "poignees", "chelem")


class FrenchSheet:
    """The :class:`tarot_core.game.ScoreSheet` of French Tarot. Use the instance :data:`SHEET`."""

    keys = FRENCH_KEYS
    #: French Tarot has no rule profiles; a French sheet stores ``"pagat"`` (the sheet's first
    #: default) and reads ``"tournament"`` too, unused, as it always did.
    profiles = ("pagat", "tournament")

    def score_json(self, data: Any, check: bool = True):
        """:func:`tarot_core.french.scoring.score_from_json` of ``data`` without its ``"game"``
        (FR-7): a :class:`~tarot_core.french.scoring.DealScore`."""
        if isinstance(data, dict) and "game" in data:
            data = {k: v for k, v in data.items() if k != "game"}
        from .scoring import score_from_json

        return score_from_json(data, check)

    def score_input(self, players: int, deal: object, profile: str) -> dict[str, Any]:
        """The ``score`` command's input for a sheet ``deal``: a poignée's ``seat`` becomes its side
        (the taker's side is the taker and, at 5, the partner; FR-4.4), ``partner`` (5 players)
        becomes ``true`` / ``false``. Raises :class:`~tarot_core.scoresheet.SheetError`: a seat out
        of range, a partner who is the taker, a partner at 3 or 4 players, an unknown key."""
        d = check_object(None, deal, FRENCH_KEYS)
        if "taker" not in d:
            raise SheetError("taker", "missing required key")
        taker = check_seat("taker", d["taker"], players)
        partner = check_seat("partner", d.get("partner"), players, nullable=True)
        if partner is not None and players != 5:
            raise SheetError("partner", f"a partner is called at 5 players only, not {players} (FR-4.2)")
        if partner == taker:
            raise SheetError("partner", "the partner cannot be the taker (a taker who called a King of "
                                        "their own plays alone: no partner, FR-4.2)")
        attack = {taker, partner}
        out: dict[str, Any] = {"players": players}
        for k in ("contract", "points", "bouts", "petit_au_bout", "chelem"):
            if k in d:
                out[k] = d[k]
        raw = d.get("poignees")
        if raw is not None:
            if not isinstance(raw, list):
                raise SheetError("poignees", "expected a list of {\"seat\", \"size\"} objects")
            poignees, seen = [], set()
            for i, item in enumerate(raw):
                where = f"poignees[{i}]"
                item = check_object(where, item, ("seat", "size"))
                seat = check_seat(f"{where}.seat", item.get("seat"), players)
                if seat in seen:
                    raise SheetError(f"{where}.seat", "one poignée per player (FR-4.4)")
                seen.add(seat)
                poignees.append({"side": "attack" if seat in attack else "defence", "size": item.get("size")})
            out["poignees"] = poignees
        if players == 5:
            out["partner"] = partner is not None
        return out

    def scores(self, players: int, deal: dict, result) -> tuple[int, ...]:
        """Each player's score (FR-7.5): the taker's, the partner's, ``per_defender``."""
        scores = [result.per_defender] * players
        scores[deal["taker"]] = result.taker
        if deal.get("partner") is not None:
            scores[deal["partner"]] = result.partner
        return tuple(scores)

    def deal_key(self, key: str | None) -> str | None:
        """The command's key as the sheet's deal names it: a poignée's ``side`` is its ``seat``."""
        if key is not None and key.startswith("poignees[") and key.endswith(".side"):
            return key[:-len(".side")] + ".seat"
        if key == "partner":
            return "partner"
        return key


SHEET = FrenchSheet()
