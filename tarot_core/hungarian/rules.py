"""Hungarian Tarokk as the game-independent services see it: :data:`RULES` (:mod:`tarot_core.game`)."""

from __future__ import annotations

from typing import Any

from ..game import DailyGame
from .actions import Phase
from .dealing import Deal, deal
from .players import COMPUTER_PLAYERS
from .sheet import SHEET
from .scoring import Bid
from .state import REVISIONS, HungarianDeal

#: Counted deals in a match, by number of players: two rounds, so that everyone deals twice
#: (the rules file sets no match length; a round is four deals, five with five players, as in
#: HU-8.4's doubled rounds). Our reading.
COUNTED_DEALS: dict[int, int] = {4: 8, 5: 10}


class HungarianRules:
    """Hungarian Tarokk (Paskievics) at 4 players, or 5 with the dealer sitting out: the
    :class:`~tarot_core.game.GameRules` of this package. Use the instance :data:`RULES`."""

    id = "hungarian"
    record_game = "hungarian-tarokk"
    name = "Hungarian Tarokk"
    table_sizes = (4, 5)
    counted_deals = COUNTED_DEALS
    #: The bids' names in records (``breakdown.bid``), low to high (HU-3).
    contract_names = tuple(b.value for b in Bid)
    #: Its computer players and levels (:mod:`tarot_core.hungarian.players`).
    computer_players = COMPUTER_PLAYERS
    #: Its score-sheet input and the ``score`` command's scoring (:mod:`tarot_core.hungarian.sheet`).
    score_sheet = SHEET
    #: Its daily game (:mod:`tarot_core.daily`): four players by default, always in the
    #: ``"pagat"`` profile (HU-10); the seed text names the game.
    daily = DailyGame(players=4, profile="pagat", named=True)

    #: The rule profiles a match may choose (HU-10).
    profiles = ("pagat", "tournament")
    #: The rules revisions a match may play, oldest first (:mod:`tarot_core.hungarian.state`).
    revisions = REVISIONS

    def dealer_step(self, state: HungarianDeal) -> int:
        """How far the deal moves after ``state``: the same dealer redeals an all-pass or an
        annulled deal (HU-3, HU-3.3, HU-4.1); otherwise to the right."""
        return 0 if state.phase in (Phase.ALL_PASS, Phase.ANNULLED) else 1

    def state_options(self, previous: list, players: int, profile: str | None) -> dict[str, Any]:
        """The profile and the multiplier of the next deal of a match after the deals
        ``previous`` (HU-8.4): each all-pass or annulled deal doubles the next four counted deals
        (five with five players), and one inside such a run doubles again, for four (or five)
        deals of its own. In the tournament profile an all-pass is just redealt (HU-10); an
        annulment doubles in both. Our reading: the all-pass and annulled deals themselves do
        not use up a doubled run (they are redealt)."""
        profile = profile or "pagat"
        runs: list[int] = []
        for state in previous:
            if state.phase is Phase.DONE:
                runs = [r - 1 for r in runs if r > 1]
            elif state.phase is Phase.ANNULLED or (state.phase is Phase.ALL_PASS and profile == "pagat"):
                runs.append(4 if players == 4 else 5)
        return {"profile": profile, "multiplier": 1 << len(runs)}

    def deal(self, seed: int | str, players: int, dealer: int) -> Deal:
        """:func:`tarot_core.hungarian.dealing.deal`: the HU-2 deal of ``seed``.

        Raises ``ValueError`` for a bad ``players`` or ``dealer``, ``TypeError`` for a bad seed.
        """
        return deal(seed, players, dealer)

    def new_state(self, dealt: Deal, profile: str = "pagat", multiplier: int = 1,
                  revision: int = REVISIONS[-1]) -> HungarianDeal:
        """A :class:`~tarot_core.hungarian.state.HungarianDeal` at the start of ``dealt``, in
        rule ``profile``, with the round's ``multiplier`` (HU-8.4), under rules ``revision``."""
        return HungarianDeal(dealt, profile=profile, multiplier=multiplier, revision=revision)

    def counts(self, state: HungarianDeal) -> bool:
        """A deal counts once played and scored; an all-pass or an annulled deal is redealt by the
        same dealer (HU-3, HU-3.3, HU-4.1) and does not."""
        return state.phase is Phase.DONE

    def pays(self, state: HungarianDeal) -> bool:
        """Whether ``state``, a deal that does not count, still pays (the match's score sheet and
        totals take it, :attr:`tarot_core.match.Match.scored`): a failed trial three from
        revision 2 on (HU-3.3: the bidder pays each other active player). Revision 1 paid
        nothing of it, and keeps so for the matches played under it."""
        return (state.revision >= 2 and state.phase is Phase.ANNULLED and state.annulled_by is None
                and state.scores is not None and any(state.scores))

    def deal_record(self, state: HungarianDeal, seed: int | str | None = None) -> dict[str, Any]:
        """:func:`tarot_core.hungarian.records.deal_record`."""
        from .records import deal_record
        return deal_record(state, seed=seed)

    def replay_deal(self, record: dict[str, Any], *, check_result: bool = True) -> HungarianDeal:
        """:func:`tarot_core.hungarian.records.replay_deal`; raises ``RecordError``."""
        from .records import replay_deal
        return replay_deal(record, check_result=check_result)

    def result_entry(self, state: HungarianDeal) -> dict[str, Any] | None:
        """:func:`tarot_core.hungarian.records.result_entry`."""
        from .records import result_entry
        return result_entry(state)

    def determinize(self, view: Any, rng: Any) -> HungarianDeal:
        """:func:`tarot_core.hungarian.determinize.determinize`."""
        from .determinize import determinize
        return determinize(view, rng)

    def taken(self, breakdown: dict[str, Any]) -> tuple[Any, Any, bool]:
        """``(declarer, bid, made)`` as a deal record's ``result.breakdown`` states them
        (:func:`tarot_core.hungarian.records.result_entry`), made when ``winner`` is
        ``"declarer"`` (the declarer's side won the game, HU-8.1); unchecked."""
        return breakdown.get("declarer"), breakdown.get("bid"), breakdown.get("winner") == "declarer"

    def __repr__(self) -> str:
        return "tarot_core.hungarian.RULES"


RULES = HungarianRules()
