"""French Tarot as the game-independent services see it: :data:`RULES` (:mod:`tarot_core.game`)."""

from __future__ import annotations

from typing import Any

from ..game import DailyGame
from .actions import Phase
from .contracts import DEAL_SIZES, Contract
from .dealing import Deal, deal
from .players import COMPUTER_PLAYERS
from .sheet import SHEET
from .state import FrenchDeal

#: FR-8: counted deals in a match, by number of players (four: 8; three and five: 9 and 10, so
#: that everyone deals equally often).
COUNTED_DEALS: dict[int, int] = {3: 9, 4: 8, 5: 10}


class FrenchRules:
    """French Tarot (FFT rules) at 3, 4 or 5 players: the :class:`~tarot_core.game.GameRules`
    of this package. Use the instance :data:`RULES`."""

    id = "french"
    record_game = "french-tarot"
    name = "French Tarot"
    table_sizes = tuple(sorted(DEAL_SIZES))
    counted_deals = COUNTED_DEALS
    #: The contracts' names in records (``breakdown.contract``), low to high (FR-3).
    contract_names = tuple(c.value for c in Contract)
    #: Its computer players and levels (:mod:`tarot_core.french.players`).
    computer_players = COMPUTER_PLAYERS
    #: Its score-sheet input and the ``score`` command's scoring (:mod:`tarot_core.french.sheet`).
    score_sheet = SHEET
    #: Its daily game (:mod:`tarot_core.daily`): four players by default; the seed text does not
    #: name the game (the first daily game's, ``"tarot-daily/v1/<date>/<players>"``).
    daily = DailyGame(players=4, profile=None, named=False)

    def deal(self, seed: int | str, players: int, dealer: int) -> Deal:
        """:func:`tarot_core.french.dealing.deal`: the FR-2 deal of ``seed``.

        Raises ``ValueError`` for a bad ``players`` or ``dealer``, ``TypeError`` for a bad seed.
        """
        return deal(seed, players, dealer)

    def new_state(self, dealt: Deal) -> FrenchDeal:
        """A :class:`~tarot_core.french.state.FrenchDeal` at the start of ``dealt``."""
        return FrenchDeal(dealt)

    def counts(self, state: FrenchDeal) -> bool:
        """FR-8: a deal counts once scored; a thrown-in deal (FR-2.3, FR-3) does not."""
        return state.phase is Phase.DONE

    def deal_record(self, state: FrenchDeal, seed: int | str | None = None) -> dict[str, Any]:
        """:func:`tarot_core.french.records.deal_record`."""
        from .records import deal_record
        return deal_record(state, seed=seed)

    def replay_deal(self, record: dict[str, Any], *, check_result: bool = True) -> FrenchDeal:
        """:func:`tarot_core.french.records.replay_deal`; raises ``RecordError``."""
        from .records import replay_deal
        return replay_deal(record, check_result=check_result)

    def result_entry(self, state: FrenchDeal) -> dict[str, Any] | None:
        """:func:`tarot_core.french.records.result_entry`."""
        from .records import result_entry
        return result_entry(state)

    def determinize(self, view: Any, rng: Any) -> FrenchDeal:
        """:func:`tarot_core.french.determinize.determinize`."""
        from .determinize import determinize
        return determinize(view, rng)

    def taken(self, breakdown: dict[str, Any]) -> tuple[Any, Any, bool]:
        """``(taker, contract, made)`` as a deal record's ``result.breakdown`` states them
        (:func:`tarot_core.french.records.result_entry`), unchecked."""
        return breakdown.get("taker"), breakdown.get("contract"), bool(breakdown.get("made"))

    def __repr__(self) -> str:
        return "tarot_core.french.RULES"


RULES = FrenchRules()
