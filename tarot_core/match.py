"""A match of French Tarot: a fixed number of counted deals (FR-8).

The dealer moves to the right after every deal, thrown-in deals included (FR-2.3, FR-3); a
thrown-in deal is redealt by the next dealer and does not count. Each deal's cards come from the
match seed: deal number ``k`` (0-based, thrown-in deals included) is dealt from the seed text
``f"{seed}/{k}"`` by :func:`tarot_core.dealing.deal`, so a match is reproducible from its seed.
"""

from __future__ import annotations

from typing import Any

from .dealing import deal
from .french import FrenchDeal, Phase
from .records import deal_record, match_record, replay_deal

#: FR-8: counted deals in a match, by number of players (four: 8; three and five: 9 and 10, so
#: that everyone deals equally often).
DEFAULT_DEALS: dict[int, int] = {3: 9, 4: 8, 5: 10}


class Match:
    """A match in progress.

    Args:
        players: 3, 4 or 5.
        seed: the match seed (int or str); see the module docstring.
        deals_to_play: counted deals to play (default :data:`DEFAULT_DEALS`), at least 1.
        first_dealer: the dealer of the first deal.

    Raises ``ValueError`` for a bad ``players``, ``deals_to_play`` or ``first_dealer``.

    Attributes:
        games: every deal of the match so far, thrown-in ones included; the last one is
            :attr:`current`.
    """

    def __init__(self, players: int, seed: int | str, deals_to_play: int | None = None,
                 first_dealer: int = 0) -> None:
        if players not in DEFAULT_DEALS:
            raise ValueError(f"players must be 3, 4 or 5, got {players}")
        deals_to_play = DEFAULT_DEALS[players] if deals_to_play is None else deals_to_play
        if not isinstance(deals_to_play, int) or deals_to_play < 1:
            raise ValueError(f"deals_to_play must be a positive int, got {deals_to_play!r}")
        if not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be a seat 0..{players - 1}, got {first_dealer}")
        self.players = players
        self.seed = seed
        self.deals_to_play = deals_to_play
        self.first_dealer = first_dealer
        self.games: list[FrenchDeal] = []
        self._start_deal()

    def deal_seed(self, k: int) -> str:
        """The seed text of the match's deal number ``k`` (0-based, thrown-in deals included)."""
        return f"{self.seed}/{k}"

    def _start_deal(self) -> None:
        k = len(self.games)
        dealer = (self.first_dealer + k) % self.players
        self.games.append(FrenchDeal(deal(self.deal_seed(k), self.players, dealer)))

    @property
    def current(self) -> FrenchDeal:
        """The deal being played (or the last one, once the match is over)."""
        return self.games[-1]

    @property
    def current_seed(self) -> str:
        """The seed of :attr:`current` (the computer players are seeded with it)."""
        return self.deal_seed(len(self.games) - 1)

    @property
    def counted(self) -> list[FrenchDeal]:
        """The finished deals that count (scored, not thrown in)."""
        return [g for g in self.games if g.phase is Phase.DONE]

    @property
    def deals_played(self) -> int:
        """How many counted deals are finished."""
        return len(self.counted)

    @property
    def is_over(self) -> bool:
        """True once :attr:`deals_to_play` counted deals are finished."""
        return self.deals_played >= self.deals_to_play

    def totals(self) -> list[int]:
        """Cumulative score per seat over the counted deals (sums to zero, FR-7.5)."""
        totals = [0] * self.players
        for g in self.counted:
            totals = [t + s for t, s in zip(totals, g.result.scores)]  # type: ignore[union-attr]
        return totals

    def score_rows(self) -> list[tuple[int, tuple[int, ...], list[int]]]:
        """The running score sheet: ``(deal number from 1, that deal's scores, cumulative)``."""
        rows, totals = [], [0] * self.players
        for g in self.counted:
            scores = g.result.scores  # type: ignore[union-attr]
            totals = [t + s for t, s in zip(totals, scores)]
            rows.append((len(rows) + 1, scores, list(totals)))
        return rows

    def standings(self) -> list[tuple[int, int]]:
        """``(seat, total)`` from first to last (ties keep seat order)."""
        return sorted(enumerate(self.totals()), key=lambda st: (-st[1], st[0]))

    def next_deal(self) -> FrenchDeal:
        """Start the next deal once the current one is over; return it.

        Raises ``ValueError`` while the current deal is in progress or when the match is over.
        """
        if not self.current.is_over:
            raise ValueError("the current deal is not over")
        if self.is_over:
            raise ValueError("the match is over")
        self._start_deal()
        return self.current

    def record(self) -> dict[str, Any]:
        """The match record (:mod:`tarot_core.records`), unfinished deals included as they are."""
        deals = [deal_record(g, seed=self.deal_seed(k)) for k, g in enumerate(self.games)]
        record = match_record(deals, self.players, self.deals_to_play)
        record["seed"] = self.seed
        record["first_dealer"] = self.first_dealer
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "Match":
        """Rebuild a match from its record (:meth:`record`), each deal replayed by the engine.

        The record must carry the match's ``seed`` and ``deals_to_play``, and its deals must be
        those of that seed; raises :class:`~tarot_core.records.RecordError` for an illegal or
        inconsistent record.
        """
        from .records import RecordError, _check_header, json_equal, MATCH_FORMAT

        _check_header(record, MATCH_FORMAT)
        seed = record.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RecordError(f"seed: a match record to resume needs its seed, got {seed!r}")
        first_dealer = record.get("first_dealer", 0)
        deals_to_play = record.get("deals_to_play")
        if isinstance(deals_to_play, bool) or isinstance(first_dealer, bool):
            raise RecordError("deals_to_play/first_dealer: expected whole numbers")
        if deals_to_play is None:  # Match() would take the default length: not what was recorded
            raise RecordError("deals_to_play: a match record states its number of counted deals")
        try:
            match = cls(record.get("players"), seed, deals_to_play, first_dealer)
        except (TypeError, ValueError) as e:
            raise RecordError(str(e)) from None
        match.games = []
        deals = record.get("deals", [])
        if not isinstance(deals, list):
            raise RecordError("deals: expected a list of deal records")
        for k, rec in enumerate(deals):
            if match.games and not match.current.is_over:
                raise RecordError(f"deal {k}: follows a deal that is not over (FR-8)", deal=k)
            if match.is_over:
                raise RecordError(f"deal {k}: the match was over after {match.deals_to_play} counted deals (FR-8)",
                                  deal=k)
            try:
                game = replay_deal(rec)
            except RecordError as e:
                raise RecordError(str(e), index=e.index, seat=e.seat, rule=e.rule, deal=k) from None
            expected = deal(match.deal_seed(k), match.players, (first_dealer + k) % match.players)
            if game.deal != expected:
                raise RecordError(f"deal {k}: its cards are not those of the match seed", deal=k)
            match.games.append(game)
        if "totals" in record and not json_equal(record["totals"], match.totals()):
            raise RecordError(f"result differs: totals are {record['totals']!r} in the record, "
                              f"the replay gives {match.totals()!r}")
        if not match.games:
            match._start_deal()
        return match
