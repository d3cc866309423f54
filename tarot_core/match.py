"""A match: a fixed number of counted deals of one game (FR-8 for French Tarot).

Game-independent: it uses only the game protocol (:mod:`tarot_core.game`). The dealer moves to
the right after every deal, thrown-in deals included (FR-2.3, FR-3); a deal that does not count
(thrown in) is redealt by the next dealer. Each deal's cards come from the match seed: deal
number ``k`` (0-based, thrown-in deals included) is dealt from the seed text ``f"{seed}/{k}"`` by
the game's ``deal`` (:func:`tarot_core.french.dealing.deal`), so a match is reproducible from
its seed.
"""

from __future__ import annotations

from typing import Any

from .errors import RecordError
from .game import DEFAULT_GAME, YOU, GameRules, get_game
from .records import MATCH_FORMAT, check_header, json_equal, match_record, replayed_deals, totals_of

# ``DEFAULT_DEALS`` (module ``__getattr__``): FR-8, French Tarot's counted deals in a match by
# number of players, ``{3: 9, 4: 8, 5: 10}``: the default game's ``counted_deals``, read from the
# registry and kept here under its first name.


def __getattr__(name: str) -> Any:
    if name == "DEFAULT_DEALS":
        return get_game(DEFAULT_GAME).counted_deals
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rank_of(totals: list[int], seat: int = YOU) -> int:
    """1 + the number of seats with a strictly higher total (ties share a rank)."""
    return 1 + sum(t > totals[seat] for t in totals)


class Match:
    """A match in progress.

    Args:
        players: a table size of the game (3, 4 or 5 for French Tarot).
        seed: the match seed (int or str); see the module docstring.
        deals_to_play: counted deals to play (default: the game's ``counted_deals``, FR-8), at
            least 1.
        first_dealer: the dealer of the first deal.
        game: the game's id in :mod:`tarot_core.game` (``"french"``), or its rules object.
        player: the computer players' version (one of ``rules.computer_players.players``,
            :data:`tarot_core.ai.PLAYERS`), ``"v1"``.
        profile: the game's rule profile when it has several (``rules.profiles``: Hungarian
            Tarokk's ``"pagat"``, the default, or ``"tournament"``), stored in the record.
        revision: the game's rules revision when it has several (``rules.revisions``, module
            docstring), by default the newest; ``None`` for a game without revisions.

    Raises ``ValueError`` for a bad ``players``, ``deals_to_play``, ``first_dealer``, ``game``,
    ``player``, ``profile`` or ``revision``.

    Attributes:
        rules: the game's :class:`~tarot_core.game.GameRules`.
        games: every deal of the match so far, thrown-in ones included; the last one is
            :attr:`current`.
    """

    def __init__(self, players: int, seed: int | str, deals_to_play: int | None = None,
                 first_dealer: int = 0, game: str | GameRules = DEFAULT_GAME, player: str = "v1",
                 profile: str | None = None, revision: int | None = None) -> None:
        rules = get_game(game) if isinstance(game, str) else game
        if player not in rules.computer_players.players:
            raise ValueError(f"no computer player {player!r} for {rules.name}")
        if players not in rules.table_sizes:
            sizes = ", ".join(map(str, rules.table_sizes))
            raise ValueError(f"players must be one of {sizes} for {rules.name}, got {players}")
        deals_to_play = rules.counted_deals[players] if deals_to_play is None else deals_to_play
        if not isinstance(deals_to_play, int) or isinstance(deals_to_play, bool) or deals_to_play < 1:
            raise ValueError(f"deals_to_play must be a positive int, got {deals_to_play!r}")
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be a seat 0..{players - 1}, got {first_dealer}")
        profiles = getattr(rules, "profiles", ())
        if profile is not None and profile not in profiles:
            known = ", ".join(profiles) if profiles else "none"
            raise ValueError(f"unknown rule profile {profile!r} for {rules.name} (known: {known})")
        revisions = getattr(rules, "revisions", ())
        if revision is None and revisions:
            revision = revisions[-1]
        elif revision is not None and (type(revision) is not int or revision not in revisions):
            known = ", ".join(map(str, revisions)) if revisions else "none"
            raise ValueError(f"unknown rules revision {revision!r} for {rules.name} (known: {known})")
        self.rules = rules
        self.revision = revision
        self.player = player
        self.profile = profile
        self.players = players
        self.seed = seed
        self.deals_to_play = deals_to_play
        self.first_dealer = first_dealer
        self.games: list[Any] = []
        self._start_deal()

    def deal_seed(self, k: int) -> str:
        """The seed text of the match's deal number ``k`` (0-based, thrown-in deals included)."""
        return f"{self.seed}/{k}"

    def dealer_of(self, k: int) -> int:
        """The dealer of deal number ``k`` (``k <= len(games)``): one seat to the right after
        each deal, or as the game's rules say (``rules.dealer_step(state)``: 0 when the same
        dealer redeals, as after a Hungarian all-pass, HU-3)."""
        step = getattr(self.rules, "dealer_step", None)
        dealer = self.first_dealer
        for game in self.games[:k]:
            dealer = (dealer + (1 if step is None else step(game))) % self.players
        return dealer

    def dealt(self, k: int) -> Any:
        """The dealt cards of deal number ``k``: the game's deal of :meth:`deal_seed`, dealt by
        :meth:`dealer_of`."""
        return self.rules.deal(self.deal_seed(k), self.players, self.dealer_of(k))

    def state_options(self, k: int) -> dict[str, Any]:
        """What the game's ``new_state`` is told besides the cards for deal number ``k``: the
        rules' ``state_options(previous deals, players, profile)`` (a Hungarian deal's profile
        and multiplier, HU-8.4) and, for a game with revisions, the match's ``revision``; or
        nothing."""
        options = getattr(self.rules, "state_options", None)
        out = {} if options is None else options(self.games[:k], self.players, self.profile)
        if self.revision is not None:
            out["revision"] = self.revision
        return out

    def _start_deal(self) -> None:
        k = len(self.games)
        self.games.append(self.rules.new_state(self.dealt(k), **self.state_options(k)))

    @property
    def current(self) -> Any:
        """The deal being played (or the last one, once the match is over): a game state."""
        return self.games[-1]

    @property
    def current_seed(self) -> str:
        """The seed of :attr:`current` (the computer players are seeded with it)."""
        return self.deal_seed(len(self.games) - 1)

    @property
    def counted(self) -> list[Any]:
        """The finished deals that count (scored, not thrown in)."""
        return [g for g in self.games if g.is_over and self.rules.counts(g)]

    @property
    def scored(self) -> list[Any]:
        """The finished deals on the score sheet, in order: those that count, and those that do
        not count but pay (``rules.pays(state)``: a failed Hungarian trial three from revision 2
        on, HU-3.3: an annulled deal is redealt, but what it pays is paid)."""
        pays = getattr(self.rules, "pays", None)
        return [g for g in self.games if g.is_over and (self.rules.counts(g) or (pays is not None and pays(g)))]

    @property
    def deals_played(self) -> int:
        """How many counted deals are finished."""
        return len(self.counted)

    @property
    def is_over(self) -> bool:
        """True once :attr:`deals_to_play` counted deals are finished."""
        return self.deals_played >= self.deals_to_play

    def totals(self) -> list[int]:
        """Cumulative score per seat over the deals of :attr:`scored` (sums to zero, FR-7.5)."""
        rows = self.score_rows()
        return list(rows[-1][2]) if rows else [0] * self.players

    def score_rows(self) -> list[tuple[int, tuple[int, ...], list[int]]]:
        """The running score sheet, one row per deal of :attr:`scored`: ``(deal number, that
        deal's scores, cumulative)``, the deal number counting the counted deals from 1 and
        ``None`` for a deal that pays without counting (HU-3.3)."""
        rows, totals, number = [], [0] * self.players, 0
        for g in self.scored:
            counts = self.rules.counts(g)
            number += counts
            scores = tuple(g.scores)
            totals = [t + s for t, s in zip(totals, scores)]
            rows.append((number if counts else None, scores, list(totals)))
        return rows

    def standings(self) -> list[tuple[int, int]]:
        """``(seat, total)`` from first to last (ties keep seat order)."""
        return sorted(enumerate(self.totals()), key=lambda st: (-st[1], st[0]))

    def next_deal(self) -> Any:
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
        """The match record (:mod:`tarot_core.records`), unfinished deals included as they are;
        with ``"player"`` when the computer players are not ``v1``."""
        deals = [self.rules.deal_record(g, seed=self.deal_seed(k)) for k, g in enumerate(self.games)]
        record = match_record(deals, self.players, self.deals_to_play, self.rules.record_game)
        record["seed"] = self.seed
        record["first_dealer"] = self.first_dealer
        if self.player != "v1":  # a record without it means v1, as every record made so far
            record["player"] = self.player
        if self.profile is not None:
            record["profile"] = self.profile
        if self.revision is not None and self.revision != 1:  # none: revision 1, as every record before
            record["revision"] = self.revision
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "Match":
        """Rebuild a match from its record (:meth:`record`), each deal replayed by the engine.

        The record must carry the match's ``seed`` and ``deals_to_play``, and its deals must be
        those of that seed; raises :class:`~tarot_core.errors.RecordError` for an illegal or
        inconsistent record.
        """
        check_header(record, MATCH_FORMAT)
        from .game import game_of_record
        rules = game_of_record(record.get("game"))
        seed = record.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise RecordError(f"seed: a match record to resume needs its seed, got {seed!r}")
        first_dealer = record.get("first_dealer", 0)
        deals_to_play = record.get("deals_to_play")
        if isinstance(deals_to_play, bool) or isinstance(first_dealer, bool):
            raise RecordError("deals_to_play/first_dealer: expected whole numbers")
        if deals_to_play is None:  # Match() would take the default length: not what was recorded
            raise RecordError("deals_to_play: a match record states its number of counted deals")
        revision = record.get("revision", 1 if getattr(rules, "revisions", ()) else None)
        if revision is not None and type(revision) is not int:
            raise RecordError(f"revision: expected a whole number, got {revision!r}")
        try:
            match = cls(record.get("players"), seed, deals_to_play, first_dealer, rules,
                        record.get("player", "v1"), record.get("profile"), revision)
        except (TypeError, ValueError) as e:
            raise RecordError(str(e)) from None
        match.games = []
        if not isinstance(record.get("deals", []), list):
            raise RecordError("deals: expected a list of deal records")
        record = {"deals": [], **record}
        for k, game in replayed_deals(record):
            if match.games and not match.current.is_over:
                raise RecordError(f"deal {k}: follows a deal that is not over (FR-8)", deal=k)
            if match.is_over:
                raise RecordError(f"deal {k}: the match was over after {match.deals_to_play} counted deals (FR-8)",
                                  deal=k)
            if game.deal != match.dealt(k):
                raise RecordError(f"deal {k}: its cards are not those of the match seed", deal=k)
            for key, value in match.state_options(k).items():
                if getattr(game, key, value) != value:
                    raise RecordError(f"deal {k}: {key} is {getattr(game, key)!r}, the match gives {value!r}", deal=k)
            match.games.append(game)
        # The record's totals are what :meth:`record` writes: every deal's result summed. Under a
        # Hungarian revision 1 a failed trial three's payment is in them but not in totals().
        replayed = totals_of([rules.result_entry(g) for g in match.games], match.players)
        if "totals" in record and not json_equal(record["totals"], replayed):
            raise RecordError(f"result differs: totals are {record['totals']!r} in the record, "
                              f"the replay gives {replayed!r}")
        if not match.games:
            match._start_deal()
        return match
