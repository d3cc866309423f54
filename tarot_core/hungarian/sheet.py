"""Hungarian Tarokk's score-sheet input (HU-8, with the HU-6 bonuses), registered with
:data:`tarot_core.hungarian.RULES` (``score_sheet``) and used by :mod:`tarot_core.scoresheet`. A
sheet's deal (seats by index)::

    {"declarer": 0, "partner": 1 | null,       # null: the declarer plays alone (HU-5)
     "out": null | 4,                          # 5 players only: the dealer, who sits out (HU-9)
     "bid": "three" | "two" | "one" | "solo",
     "points": 75, "tricks": 7,                # the declarer's side's card points 0..94, tricks 0..9
     "announced": [{"bonus": B, "side": "declarer" | "opponents", "kontra": 0..5}],
     "made": {"trull": S, "four_kings": S, "xxi_catch": S,
              "pagat_ultimo": null | {"side": S, "won": bool}},
     "tarokks": [{"seat": 2, "count": 8 | 9}], # HU-6.3, by seat
     "multiplier": 1}                          # 1, 2, 4, ... (HU-8.4)

A player's score: by role (declarer, partner, then the opponents in seat order as ``opponent1``,
``opponent2``, …; the player sitting out 0, HU-9).
"""

from __future__ import annotations

from typing import Any

from ..sheet_input import SheetError, check_object, check_seat

__all__ = ["HUNGARIAN_KEYS", "HungarianSheet", "SHEET"]

HUNGARIAN_KEYS = ("declarer", "partner", "out", "bid", "points", "tricks", "announced", "made", "tarokks",
                  "multiplier")


def _roles_hungarian(deal: dict, players: int) -> dict[str, int]:
    """The seat of each role of a checked Hungarian deal: declarer, partner (when there is one),
    then opponent1, opponent2, … in seat order (the player sitting out has none)."""
    roles = {"declarer": deal["declarer"]}
    if deal.get("partner") is not None:
        roles["partner"] = deal["partner"]
    others = [s for s in range(players) if s not in roles.values() and s != deal.get("out")]
    roles.update((f"opponent{i + 1}", s) for i, s in enumerate(others))
    return roles


class HungarianSheet:
    """The :class:`tarot_core.game.ScoreSheet` of Hungarian Tarokk. Use the instance
    :data:`SHEET`."""

    keys = HUNGARIAN_KEYS
    #: The rule profiles (HU-10; :data:`tarot_core.hungarian.scoring.PROFILES`), the default first.
    profiles = ("pagat", "tournament")

    def score_json(self, data: Any, check: bool = True):
        """:func:`tarot_core.hungarian.scoring.score_from_json` (HU-8): a
        :class:`~tarot_core.hungarian.scoring.HungarianScore`."""
        from .scoring import score_from_json as hungarian_score

        return hungarian_score(data, check)

    def score_input(self, players: int, deal: object, profile: str) -> dict[str, Any]:
        """The ``score`` command's input for a sheet ``deal``: ``alone`` from ``partner``, a tarokk
        count's ``seat`` becomes its role, ``profile`` the sheet's. Raises
        :class:`~tarot_core.scoresheet.SheetError`: a seat out of range, a partner who is the
        declarer, a missing or extra player sitting out (5 players: exactly one, neither declarer
        nor partner), an unknown key."""
        d = check_object(None, deal, HUNGARIAN_KEYS)
        if "declarer" not in d:
            raise SheetError("declarer", "missing required key")
        declarer = check_seat("declarer", d["declarer"], players)
        partner = check_seat("partner", d.get("partner"), players, nullable=True)
        if partner == declarer:
            raise SheetError("partner", "the partner cannot be the declarer (a declarer who called their own "
                                        "tarokk plays alone: no partner, HU-5)")
        sits_out = check_seat("out", d.get("out"), players, nullable=True)
        if players == 5 and sits_out is None:
            raise SheetError("out", "at five players the dealer sits out: name them (HU-9)")
        if players == 4 and sits_out is not None:
            raise SheetError("out", "nobody sits out at four players (HU-9)")
        if sits_out is not None and sits_out in (declarer, partner):
            raise SheetError("out", "the player sitting out takes no part in the deal (HU-9)")
        roles = _roles_hungarian(d, players)
        role_of = {seat: role for role, seat in roles.items()}
        out = {"game": "hungarian", "players": players, "alone": partner is None, "profile": profile}
        for k in ("bid", "points", "tricks", "announced", "made", "multiplier"):
            if k in d:
                out[k] = d[k]
        raw = d.get("tarokks")
        if raw is not None:
            if not isinstance(raw, list):
                raise SheetError("tarokks", "expected a list of {\"seat\", \"count\"} objects")
            counts = []
            for i, item in enumerate(raw):
                where = f"tarokks[{i}]"
                item = check_object(where, item, ("seat", "count"))
                seat = check_seat(f"{where}.seat", item.get("seat"), players)
                if seat not in role_of:
                    raise SheetError(f"{where}.seat", "the player sitting out holds no cards (HU-9)")
                counts.append({"seat": role_of[seat], "count": item.get("count")})
            out["tarokks"] = counts
        return out

    def scores(self, players: int, deal: dict, result) -> tuple[int, ...]:
        """Each player's score by role (HU-8.3); the player sitting out 0 (HU-9)."""
        scores = [0] * players
        by_role = result.by_role()
        for role, seat in _roles_hungarian(deal, players).items():
            scores[seat] = by_role[role]
        return tuple(scores)

    def deal_key(self, key: str | None) -> str | None:
        """The command's key as the sheet's deal names it (the same)."""
        return key


SHEET = HungarianSheet()
