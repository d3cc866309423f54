"""What a game brings to the page: its adapter, the one place the shell (:mod:`tarot_page.table`)
learns how a game's table looks and plays.

The shell (screens, flow, saves, sharing, the leaderboard, the worker's questions) never asks
which game is on the table: it asks the match's adapter (``tarot_page.games.get(match.rules.id)``),
the way ``tarot_core.game.get_game`` gives a game's rules. Each game's package
(``tarot_page.games.<game>``) makes one :class:`Adapter` (its ``ADAPTER``), with its table's
drawing and its clicks; :mod:`tarot_page.games` registers them by game id.

An adapter may override every method below; the defaults are what a game without the feature
does (nothing forced on you, every choice open to a hint, no problem to show, no command of its
own).
"""

from __future__ import annotations

from tarot_page.common import body_flags


class Adapter:
    """A game's pieces for the page.

    Attributes:
        id: the game's id (``tarot_core`` rules' ``id``: ``"french"``, ``"hungarian"``).
        name: its name (English, marked ``N_``; translated where shown).
        file_prefix: the start of a record's file name (``"tarot"``, ``"tarokk"``).
        render: the game's table module (``table_html``, ``news``, ``status_line``, ``NAMES``,
            ``seat_names``, ``rule_text``, ...).
        controller: the game's click module (``command_for``).
        sheet: the game's deal form on the score sheet for real cards (``tarot_page.games.<game>.sheet``,
            used by :mod:`tarot_page.render_sheet` and :mod:`tarot_page.sheet`), ``None`` for a game
            without a score sheet: ``field_ids(players)``, ``form_html(sheet, form)``,
            ``deal(values, players)`` (the deal object read back from the fields; raises
            :class:`tarot_core.scoresheet.SheetError`), ``summary(sheet, index)`` (``(words, seats,
            made)``), ``profile_html(form, profile)`` and ``profile_name(profile)`` (its rule
            profiles, if any), ``CARD_POINTS``, ``FIELD_WORDS``, ``IMPOSSIBLE`` and
            ``reason_field(name, value)`` (the words of its refusals).
    """

    id: str = ""
    name: str = ""
    file_prefix: str = ""
    render = None
    controller = None
    sheet = None
    #: A counted deal in a few words for the running scores (``deal_summary(view, names)``), or
    #: ``None`` when the table's own words say it (French Tarot: who took what, made or lost).
    deal_summary = None

    # -- drawing --

    def seat_names(self, players: int) -> tuple[str, ...]:
        """The players' names at a table of ``players``, yours first, as the page shows them."""
        return self.render.seat_names(players)

    def body_flags(self, v, match_over: bool) -> dict[str, str]:
        """The ``<body>`` data attributes for your view ``v`` (:func:`common.body_flags`, with ``game``)."""
        return {"game": self.id, **body_flags(v, match_over)}

    def table_html(self, game, v, screen) -> str:
        """The table drawn from your view ``v`` of the deal ``game`` and the page's ``screen``
        (anything else the table needs from the engine is asked of ``game`` here, never a
        hidden card)."""
        return self.render.table_html(v, screen)

    def problem(self, game, v, choices) -> str | None:
        """Why what you have chosen on screen (``choices``) cannot be done, in words, or ``None``."""
        return None

    def news(self, v, start: int) -> list[str]:
        """What happened since action ``start`` of your view's history, in sentences."""
        return self.render.news(v, start)

    def status_line(self, v, screen) -> str:
        """The status line: whose turn it is and what to do."""
        return self.render.status_line(v, screen)

    def start_html(self, today: str, official: dict | None, resume, notice: str | None, superseded: bool, *,
                   deals: dict[int, int], profile: str, level: str) -> str:
        """The start screen with this game open (:func:`tarot_page.screens.start_html`): its
        daily game of ``today`` (``official``: today's official history entry once played), a
        new match at each table size, its choices."""
        return self.render.start_html(today, official, resume, notice, superseded, deals=deals, profile=profile,
                                      level=level)

    def entry_kind(self, kind: str) -> str:
        """A history entry's kind in words (``kind``: "Free", "Daily", "Daily (practice)", in the
        player's language), naming the game when it is not the page's first."""
        return kind

    #: The statistics' words for the deals you took or declared (English, marked ``N_``;
    #: translated where shown): none yet, the table's heading, its columns (contract or bid,
    #: taken, made).
    stats_words: tuple[str, str, str, str, str] = ("", "", "", "", "")

    def taken_label(self, name: str) -> tuple[int, str]:
        """A contract or bid of the statistics (its name in the history): its order and its words."""
        raise NotImplementedError

    # -- clicks --

    def command_for(self, click, view, choices):
        """What ``click`` means now (the game's ``controller.command_for``)."""
        return self.controller.command_for(click, view, choices)

    def carry_out(self, table, kind: str, value) -> None:
        """Carry out a :class:`tarot_page.clicks.Command` only this game's clicks give (the French
        écart, the Hungarian discard); another kind does nothing."""

    # -- the match and the computer players --

    def new_match(self, players: int, seed: str, deals: int | None, player: str, prefs: dict):
        """A new :class:`tarot_core.match.Match` of this game (``prefs``: the start screen's)."""
        raise NotImplementedError

    def hint_offered(self, v) -> bool:
        """Whether the Hint button may be offered at your turn in view ``v``."""
        return True

    def forced_action(self, game):
        """At your turn: the action taken for you when it is no choice at all, or ``None``."""
        return None

    def trick_just_won(self, v) -> bool:
        """Whether a trick was just won in view ``v`` (it stays on the table a little longer)."""
        raise NotImplementedError

    async def computer_move(self, table, game, seat: int, action, generation: int) -> bool:
        """Carry out ``action``, the computer player at ``seat``'s, through ``table`` (its
        ``perform``, ``persist``, ``render``, ``computers.computer_action``), with what follows it in
        this game; ``False`` when the match left the table meanwhile."""
        table.perform(action, computer=True)
        return True

