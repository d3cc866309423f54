"""The table in the browser (French Tarot or Hungarian Tarokk): the match, its saves, the
computer players, the clicks.

``main.py`` imports this module and calls :func:`start`; build.py ships it precompiled.

Thin on purpose: every rule question goes to :mod:`tarot_core` (legal actions, the écart check,
the called card, scoring, matches, records). This module is the shell, the same for every game:
it never asks which game is on the table, it asks the match's adapter
(:mod:`tarot_page.games`, :class:`tarot_page.adapter.Adapter`): the game's table, drawn from your
seat's view (``game.view(YOU)``) and never from another seat's hand, what a click means, what
follows a computer player's move. The screens both games share are :mod:`tarot_page.screens`'s.
The browser itself (the document, the address,
``localStorage``, downloads, timers) is reached only through a page object: ``browser.BrowserPage``
in the page, a fake one in the tests; this module imports no browser module, so it runs in
CPython (``tests/web/test_web_table.py``).

Seats are numbered in playing order (FR-2): you are seat 0 at the bottom and play passes to your
right, counter-clockwise.

The game in progress is saved in ``localStorage`` after every action and resumed on reload;
finished matches go to the history (:mod:`tarot_core.saves` holds all of that logic).

What this module says itself (notices, the share status, the tab's title, the game names it
hands to :mod:`tarot_page.screens`) is in the player's language (:mod:`i18n`); so are the engine's notices
and refusal reasons that are always the same words (:data:`ENGINE_TEXTS`).

The start screen offers both games and remembers the last one shown (the Hungarian rule
profile, and the computer players' level last picked there: easy, normal or strong) under
:data:`PREFS_KEY`. A match's game decides the adapter that draws it and reads its clicks
(``tarot_page.games.french``, ``tarot_page.games.hungarian``).

URL options: ``?game=french|hungarian`` the game (the start screen shows it, and ``?players=``
starts a match of it), ``?profile=pagat|tournament`` the Hungarian rule profile,
``?level=easy|normal|strong`` the computer players' level (a free match; the daily game has
its own) for this visit only (never remembered), ``?players=3|4|5`` starts a free match at once
(else the start screen asks),
``?seed=S`` the match seed, ``?deals=N`` a shorter or longer free match (never the daily game:
it is always the day's whole match), ``?date=YYYY-MM-DD`` the
daily game's date (another day than today is practice), ``?pace=MS`` the computer players' delay
per card in milliseconds (default 700; the tests use 0). ``#share=CODE`` opens a shared daily
result and verifies it by replaying it.

**Computer players that search** (levels normal and strong, ``tarot_core.ai``) think in a Web
Worker: the table sends the deal's record to ``page.think`` and goes on drawing; a computer
player's turn takes its pace or its thinking time, whichever is longer. The Hint button asks the
same worker for the strong player's expected score of each of your choices. A question is needed
at the moment it was asked for only: once the table moves on (you play after asking a hint, a new
deal or match, another screen), the table cancels it (``page.cancel``), and the worker skips it
unless it has started on it already.
"""

from __future__ import annotations

import json

import tarot_core
from tarot_page import clicks, common, games, i18n, screens
from tarot_page.clicks import Click, Command
from tarot_page.common import YOU, Choices, Screen
from tarot_page.computers import Computers
from tarot_page.i18n import _, ngettext
from tarot_page.options import (ENGINE_PLURALS, ENGINE_TEXTS, NO_STORAGE, PREFS_KEY, SUPERSEDED,  # noqa: F401
                                engine_text, ignore_bad_options, int_param, open_storage, option_text, parse_query,
                                random_bits)
from tarot_page.prefs import Preferences
from tarot_page.screens import MatchInfo, Resumable
from tarot_page.sharing import Sharing
from tarot_core import jsonsafe
from tarot_core.ai import LEVELS as AI_LEVELS
from tarot_core.errors import IllegalActionError
from tarot_core.game import get_game
from tarot_core.match import DEFAULT_DEALS, Match
from tarot_core.saves import SAVE_KEY, SavedGame, SaveError, Saves, statistics
from tarot_core.values import replace


def frozen(v):
    """``v`` as seen by a tab that must not play on: nobody's turn, nothing to click."""
    return replace(v, turn=None, legal=())


class Table:
    """A match against computer players, drawn through ``page`` (a ``browser.BrowserPage``, or
    an object with the same methods)."""

    def __init__(self, page) -> None:
        self.page = page
        params = parse_query(page.query())
        self.params = params
        self.match: Match | None = None
        self.mode = "free"
        self.date: str | None = None
        self.practice = False
        self.entry: dict | None = None  # the history entry of the finished match
        self.notice: str | None = None
        self.superseded = False
        storage, self.notice = open_storage(page)
        self.saves = Saves(storage, tab=str(random_bits(32)))
        #: What you are choosing on screen (écart cards, the chelem box, a declined poignée).
        self.choices = Choices()
        self.overlay: str | None = None  # "scores", "review", "standings" or None
        self.review_index = 0
        #: Counts what the table showed: every deal, match and screen (another tab's takeover
        #: too) is a new generation; a task of an older one stops.
        self.generation = 0
        #: The computer players' loop and the worker's questions (:mod:`tarot_page.computers`).
        self.computers = Computers(self)
        #: Loads, saves and applies :attr:`prefs` and the language (:mod:`tarot_page.prefs`).
        self.preferences = Preferences(self)
        self.prefs = self.preferences.load()
        #: The level last picked on the start screen: what :meth:`Preferences.save` keeps, whatever a
        #: link's ``?level=`` makes :attr:`prefs` say for this visit.
        self.remembered_level = self.prefs["level"]
        ignored = ignore_bad_options(params, self.prefs["game"])  # removed from params
        self.pace = int_param(params, "pace", 700)
        if params.get("game") in clicks.GAMES:
            self.prefs["game"] = params["game"]
        if params.get("profile") in clicks.PROFILES:
            self.prefs["profile"] = params["profile"]
        if params.get("level") in clicks.LEVELS:
            self.prefs["level"] = params["level"]
        #: Draws the screen on show again (the table, the start screen, the history, ...): what a
        #: change of language redraws.
        self.redraw = self.render
        self.preferences.use_language(i18n.choose(params.get("lang"), self.prefs.get("lang"), page.languages()))
        if ignored:
            self.add_notice(_("Some options in the address were not understood and were ignored: {options}.")
                            .format(options=", ".join(option_text(k, v) for k, v in ignored)))
        #: What the live region has said of the deal on the table: ``(deal, actions, your turn)``,
        #: the deal (its object), how many actions of your view's history were said, and
        #: whether it was your turn then (:meth:`speak`).
        self.heard: tuple | None = None
        #: The hint shown at your turn: ``(generation, ply, [(action, points), ...])``, best
        #: first, or ``(generation, ply, None)`` while the worker thinks; ``None`` when none was
        #: asked. It holds for that deal (generation) and that turn (ply) only.
        self.hint: tuple | None = None
        #: Share codes and text, shared results, the leaderboard screen (:mod:`tarot_page.sharing`).
        self.sharing = Sharing(self)
        page.listen(self.on_click, self.on_change, self.on_storage, self.on_hash)

    def take_notice(self, notice) -> None:
        """Show ``notice``, a notice of the engine (or ``None``: the notice on show stays), in the
        player's language (:func:`engine_text`), beside those already on show
        (:meth:`add_notice`)."""
        self.add_notice(engine_text(notice))

    def add_notice(self, text: str | None) -> None:
        """Show ``text`` (the player's language already; ``None``: nothing) after the notices
        already on show, each once, one per line: a corrupt save set aside AND a storage that
        refuses to save are both said. "OK" dismisses them all."""
        if not text:
            return
        shown = self.notice.split("\n") if self.notice else []
        if text not in shown:
            self.notice = "\n".join(shown + [text])

    @property
    def adapter(self):
        """The adapter of the match on the table's game (:func:`tarot_page.games.get`; without a
        match, the page's first game's, whose clicks include every page command)."""
        return games.get(self.match.rules.id if self.match is not None else games.DEFAULT)

    @property
    def game(self):
        """The deal on the table (a :class:`tarot_core.french.FrenchDeal`)."""
        return self.match.current

    def view(self):
        """Your seat's view of the deal on the table (frozen once another tab has the game)."""
        v = self.game.view(YOU)
        return frozen(v) if self.superseded else v

    # -- flow --

    def open(self) -> None:
        """First screen: a shared result (``#share=``), the saved game, or the start screen."""
        code = self.page.fragment()
        if code.startswith("#share="):
            self.sharing.show_shared(code)
            return
        if self.params.get("sheet") == "1":  # the score sheet for table play; a game in progress waits
            self.show_sheet()
            return
        saved, notice = self.saves.load_game()
        self.take_notice(notice)
        if saved is not None and not saved.match.is_over:
            asked = self._link_match(saved.match)
            if asked and not self.notice:  # the saved game wins: it is never replaced unasked
                self.notice = asked
            self.resume(saved)
            return
        self.start_screen()

    def _link_match(self, m: Match) -> str | None:
        """The notice saying that ``m``, the game resumed, is back instead of the match the URL's
        ``?players=`` / ``?seed=`` ask for (named in it), when that is another match (a reload of
        the same link asks for nothing new); else ``None``."""
        players, seed = int_param(self.params, "players", None), self.params.get("seed")
        game = self.prefs["game"] if "game" in self.params else m.rules.id
        sizes = get_game(game).table_sizes
        if players not in sizes or (players == m.players and seed in (None, m.seed) and game == m.rules.id):
            return None
        if game == games.DEFAULT and seed:  # the page's first game is not named
            text = ngettext("Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player match with seed {seed}.",
                            "Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player match with seed {seed}.", players)
        elif game == games.DEFAULT:
            text = ngettext("Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player match.",
                            "Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player match.", players)
        elif seed:
            text = ngettext("Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player {game} match with seed {seed}.",
                            "Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player {game} match with seed {seed}.", players)
        else:
            text = ngettext("Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player {game} match.",
                            "Your game in progress is back (a link never replaces it): "
                            "choose New match for a {count}-player {game} match.", players)
        return text.format(count=players, game=_(games.get(game).name), seed=seed)

    def clear_choices(self) -> None:
        """Forget what you were choosing on screen (écart cards, the chelem box, a declined
        poignée) and close any sheet: a deal starts or comes back."""
        self.choices = Choices()
        self.overlay = None

    def take_over(self) -> None:
        """This tab's player starts or continues a game here: the tab the player acts in keeps
        the game, so a tab stopped by another tab's play (:attr:`superseded`) plays again, and its
        next save stops the other tab (:meth:`on_storage`). Without it a "New match" in a stopped
        tab dealt a match that could not be played and was never saved (newcomer review)."""
        if self.superseded:
            self.superseded = False
            kept = [t for t in (self.notice or "").split("\n") if t and t != _(SUPERSEDED)]
            self.notice = "\n".join(kept) or None

    def resume(self, saved: SavedGame) -> None:
        """Go back to exactly where the saved game stood (a daily of another day is practice)."""
        self.take_over()
        self.move_on()
        self.match, self.mode, self.date, self.practice = saved.match, saved.mode, saved.date, saved.practice
        if self.mode == "daily" and not self.practice and self.date != self.page.today():
            self.practice = True
            self.add_notice(_("This daily game is from another day: it goes on as practice."))
        self.entry = None
        self.clear_choices()
        self.render()
        self.schedule()

    def start_screen(self) -> None:
        """Both games (the one last shown open): its daily game, a new match at each table size,
        history; or ``?players=N`` (of ``?game=``) at once."""
        self.redraw = self.start_screen
        players = int_param(self.params, "players", None)
        game = self.prefs["game"]
        if players in get_game(game).table_sizes and "date" not in self.params:
            self.new_match((game, players))
            return
        if "date" in self.params:
            self.new_daily(game)
            return
        self.match = None
        self.move_on()
        self.page.flags(phase="start", turn="none")
        today = self.page.today()
        official, notice = self.saves.official_daily(today)  # a notice if the history was set aside
        self.take_notice(notice)
        resume = None
        saved = self.saves.load_game()[0]
        if saved is not None and not saved.match.is_over:
            m = saved.match  # named with its game: it is offered on both games' tabs (newcomer review)
            if saved.mode == "daily":
                kind = _("{game} · Daily {date}").format(game=_(games.get(m.rules.id).name), date=i18n.date(saved.date))
            else:
                kind = ngettext("{game} · {count} player", "{game} · {count} players", m.players).format(
                    game=_(games.get(m.rules.id).name), count=m.players)
            resume = Resumable(kind, min(m.deals_played + 1, m.deals_to_play), m.deals_to_play)
        # The open game's official daily (the first game's is read above: the history once).
        opened = official if game == games.DEFAULT else self.saves.official_daily(today, game=game)[0]
        self.page.show(screens.start_html(today, official, DEFAULT_DEALS, resume, self.notice, self.superseded,
                                          game=game, profile=self.prefs["profile"],
                                          official_hu=opened, level=self.prefs["level"]))

    def new_daily(self, game: str = games.DEFAULT) -> None:
        """Start the daily game of ``game`` of today (or of ``?date=``; another day is practice)."""
        today = self.page.today()
        date = self.params.pop("date", None) or today
        from tarot_core.daily import DAILY_PLAYERS, daily_match  # imported when first needed

        try:
            match = daily_match(date, DAILY_PLAYERS, game=game)  # always the day's whole match: never ?deals=
        except ValueError as e:
            self.add_notice(_("That daily game cannot be opened: {reason}.").format(reason=engine_text(e)))
            self.start_screen()
            return
        self.take_over()
        self.move_on()
        self.match, self.mode, self.date = match, "daily", date
        official, notice = self.saves.official_daily(date, game=game)
        self.take_notice(notice)
        self.practice = date != today or official is not None
        self.entry = None
        self.start_deal()

    def new_match(self, what) -> None:
        """Start a match: ``what`` is a number of players of the page's first game (French Tarot),
        or ``(game, players)`` (the game's adapter makes the match: Hungarian Tarokk in the
        remembered rule profile). Seed from ``?seed=``, else random; you speak first."""
        game, players = what if isinstance(what, tuple) else (games.DEFAULT, what)
        self.take_over()
        self.move_on()
        seed = self.params.get("seed") or str(random_bits(48))
        deals = int_param(self.params, "deals", None)
        player = self.player_of(game)
        self.match = games.get(game).new_match(players, seed, deals, player, self.prefs)
        if self.prefs["game"] != game:
            self.prefs["game"] = game
            self.preferences.save()
        self.mode, self.date, self.practice, self.entry = "free", None, False, None
        self.params.pop("seed", None)  # a later "New match" gets fresh cards
        self.start_deal()

    def player_of(self, game: str) -> str:
        """The computer players' version for a new match of ``game`` at the remembered level
        (``tarot_core.ai.LEVELS``; a level the game does not have yet plays as ``easy``)."""
        levels = AI_LEVELS[game]
        return levels.get(self.prefs["level"], levels["easy"])

    def start_deal(self) -> None:
        """Show the deal on the table from its start, saved, and let the computers act."""
        self.page.drop_fragment()  # leaving a shared result: a reload should not reopen it
        self.clear_choices()
        self.persist()
        self.render()
        self.schedule()

    def persist(self, computer: bool = False) -> None:
        """Save the game after an action (``computer``: a computer player's move, not yours: it
        does not take the game from another tab, see :meth:`on_storage`); record it in the
        history once the match is over."""
        if self.match is None or self.superseded:
            return
        saved = SavedGame(self.match, self.mode, self.date, self.practice)
        if self.match.is_over:
            if self.entry is None:
                self.entry, notice = self.saves.finish_game(saved, self.page.today())
                self.practice = self.entry["practice"]
                self.take_notice(notice)
                if self.mode == "daily" and not self.practice:
                    self.sharing.list_own_result()
            return
        self.add_notice(engine_text(self.saves.save_game(saved, player=not computer)))

    def on_storage(self, key: str | None, new_value: str | None) -> None:
        """Another tab saved a game after its player acted: stop here rather than overwrite it (a
        reload continues it). A save after the other tab's computer players moved (``"player":
        false``, :func:`tarot_core.saves.game_payload`) changes nothing here: the tab a player
        acts in keeps the game, not the tab whose computers moved (this tab's computers make the
        same moves: they are seeded)."""
        if key != SAVE_KEY or new_value is None or self.match is None or self.match.is_over:
            return
        try:
            data = jsonsafe.loads(new_value)  # another tab's text: bounded like any outside JSON
        except jsonsafe.UntrustedJSONError:
            return
        if not isinstance(data, dict) or data.get("player") is False:
            return
        if data.get("tab") != self.saves.tab:
            self.superseded = True
            self.move_on()
            self.add_notice(_(SUPERSEDED))
            self.render()

    def on_hash(self, fragment: str) -> None:
        """The address's fragment changed in this tab (a share link opened into a tab that shows
        the game): a ``#share=`` link is verified and shown as a fresh load shows it
        (:meth:`Sharing.show_shared`); any other fragment changes nothing."""
        if fragment.startswith("#share="):
            self.sharing.show_shared(fragment)

    def next_deal(self) -> None:
        """Deal the next hand of the match (the dealer moves to the right, FR-2)."""
        if self.match.is_over or not self.game.is_over:
            return
        self.move_on()
        self.match.next_deal()
        self.start_deal()

    def schedule(self) -> None:
        """Let the computer players act until it is your turn or the deal ends
        (:meth:`Computers.schedule`)."""
        self.computers.schedule()

    def move_on(self) -> None:
        """A new :attr:`generation` (another deal, match or screen): what the older ones asked
        the worker is cancelled."""
        self.generation += 1
        self.computers.cancel_stale()

    def perform(self, action, draw: bool = True, computer: bool = False) -> bool:
        """Apply one action through the engine and redraw (saved: :meth:`persist`, ``computer``
        for a computer player's move); False when the engine refused it."""
        if self.superseded:
            return False
        try:
            self.game.apply(action)
        except IllegalActionError:
            return False  # e.g. a stale click: nothing changed
        self.computers.cancel_stale()
        if draw:
            self.persist(computer)
            self.render()
        return True

    # -- clicks --

    def on_click(self, attrs: dict[str, str | None], detail: int = 1) -> None:
        """A click on an element with a ``data-action`` (its data attributes ``action``,
        ``value``, ``card``): carry out what :func:`controller.command_for` says it means."""
        click = Click(attrs.get("action") or "", attrs.get("value"), attrs.get("card"), detail)
        view = self.view() if self.match is not None else None
        answer = self.adapter.command_for(click, view, self.choices)
        if answer is None:
            return
        if isinstance(answer, Command):
            self.carry_out(answer)
            return
        self.perform(answer)
        self.schedule()

    def carry_out(self, command: Command) -> None:
        """Do what a page :class:`controller.Command` asks (see ``controller.COMMANDS``)."""
        kind, value = command
        if kind == "new-match":
            self.new_match(value)
        elif kind == "start-screen":
            self.move_on()
            self.params.pop("players", None)
            self.page.drop_query()
            self.start_screen()
        elif kind == "daily":
            self.new_daily(value or games.DEFAULT)
        elif kind in ("game", "profile", "level"):
            self.prefs[kind] = value
            if kind == "level":  # picked by the player: remembered (a link's level is not)
                self.remembered_level = value
            self.preferences.save()
            self.start_screen()
        elif kind == "language":
            self.preferences.choose_language(value)
        elif kind == "hint":
            self.computers.ask_hint()
        elif kind == "resume":
            saved, notice = self.saves.load_game()
            self.take_notice(notice)
            if saved is not None and not saved.match.is_over:
                self.resume(saved)
            else:
                self.start_screen()
        elif kind == "reload":  # offered once another tab has taken the game over
            self.page.reload()
        elif kind == "dismiss":
            self.notice = None
            self.page.remove("notice")
        elif kind == "history":
            self.show_history()
        elif kind == "export":
            self.page.download("tarot-history.json", self.saves.export())
        elif kind == "aside-download":
            raw = self.saves.storage.get(value)
            if raw is not None:
                self.page.download(f"{value}.txt", raw, "text/plain")
        elif kind == "aside-delete":
            if self.saves.delete_set_aside(value):
                self.notice = _("{key} was deleted.").format(key=value)
            self.show_history()
        elif kind == "share":
            self.sharing.share()
        elif kind == "leaderboard":
            self.sharing.show_leaderboard(value or self.prefs["game"])
        elif kind == "sheet":
            self.show_sheet(value)
        elif kind == "overlay":
            self.overlay = value
            self.review_index = 0
            self.render()
        elif kind == "review-step":
            self.review_index = common.review_index(self.game.view(YOU), self.review_index + value)
            self.render()
        elif kind == "next-deal":
            self.next_deal()
        elif kind == "download":
            self.download(value)
        elif kind == "choose":
            self.choices = value
            self.render()
        else:  # a command of the game's own (the French écart, the Hungarian discard)
            self.adapter.carry_out(self, kind, value)

    def download(self, what: str) -> None:
        """Offer the deal or match record as a JSON file (the deal's by its game's codec:
        ``rules.deal_record``)."""
        if what == "deal":
            record = self.match.rules.deal_record(self.game, seed=self.match.current_seed)
            name = f"{self.file_prefix}-deal-{len(self.match.games)}.json"
        else:
            record = self.match.record()
            name = f"{self.file_prefix}-match-{self.match.players}p.json"
        self.page.download(name, json.dumps(record, indent=1, ensure_ascii=False))

    @property
    def file_prefix(self) -> str:
        """``tarot`` (French Tarot) or ``tarokk`` (Hungarian): the start of a record's file name."""
        return self.adapter.file_prefix

    # -- history, import, sharing --

    def show_history(self) -> None:
        """The history of finished matches, statistics, the daily leaderboard, export/import."""
        self.redraw = self.show_history
        self.move_on()
        self.match = None
        self.page.flags(phase="history", turn="none")
        entries, notice = self.saves.load_history()
        self.take_notice(notice or self.saves.room_notice())
        today = self.page.today()
        per_game = [(game, _(games.get(game).name), statistics(entries, today, game=game)) for game in games.ids()]
        self.page.show(screens.history_html(per_game, entries, self.notice, self.superseded,
                                           self.saves.set_aside_keys()))

    def on_change(self, action: str | None, read) -> None:
        """A history file chosen for import (``read``: an async function giving its text):
        read it, check every game, merge or refuse."""
        if action != "import":
            return
        self.page.spawn(self.import_file(read))

    async def import_file(self, read) -> None:
        """Import the history file whose text ``await read()`` gives; say what happened."""
        text = await read()
        try:
            added, notice = self.saves.import_history(text, self.page.today())
        except SaveError as e:
            self.notice = _("Import refused, your history is unchanged: {reason}.").format(reason=engine_text(e))
        else:
            self.notice = engine_text(notice) or ngettext(
                "Imported {count} finished match.", "Imported {count} finished matches.", added).format(count=added)
        self.show_history()

    def show_sheet(self, step: str = "open") -> None:
        """The score sheet for table play (:mod:`sheet`; ``step`` one of ``sheet.STEPS``)."""
        from tarot_page import sheet

        sheet.handle(self, step)

    # -- drawing (from your seat's view only: nothing hidden can leak onto the page) --

    def screen(self, v) -> Screen:
        """The page's state that the game's ``table_html`` shows next to your view ``v`` (with what
        you have chosen that cannot be done, said by the game's adapter: ``problem``)."""
        choices = self.choices
        info = MatchInfo.of(self.match, self.mode, self.date, self.practice)
        if self.mode == "daily" and self.match.is_over:  # the share box offers the name kept
            info = info._replace(sharer=self.saves.load_board()[1])
        problem = self.adapter.problem(self.game, v, choices)
        return Screen(info, choices, self.notice, self.superseded, self.overlay, self.review_index, problem,
                      self.hint_state(v))

    def hint_state(self, v):
        """The Hint button's state (``common.Hint``) at your turn with a choice to make, else
        ``None`` (also in the daily game's official play: its result is yours alone; as
        practice, the hint is there)."""
        if v.turn != YOU or len(v.legal) < 2 or self.superseded or self.overlay is not None:
            return None
        if self.mode == "daily" and not self.practice:  # the official result is your own play
            return None
        if not self.adapter.hint_offered(v):  # e.g. Hungarian bids: v1's, at most withdrawn: no hint
            return None
        if self.hint is not None and self.hint[:2] == (self.generation, self.game.ply):
            return common.Hint("thinking") if self.hint[2] is None else common.Hint("ready", tuple(self.hint[2]))
        return common.Hint("offer")

    def render(self) -> None:
        """Draw the table from your seat's view (nothing without a match)."""
        if self.match is None:
            return
        self.redraw = self.render
        v = self.view()
        adapter = self.adapter
        self.page.title(_(adapter.name))
        screen = self.screen(v)
        self.page.flags(**adapter.body_flags(v, self.match.is_over))
        self.page.show(adapter.table_html(self.game, v, screen))
        self.speak(v, screen)

    def speak(self, v, screen: Screen) -> None:
        """Say in the page's live region (``page.announce``) what happened at the table since it
        last spoke, from your view ``v``'s history (the game's ``news``: bids, announcements, each
        card played, each trick's winner), and the status line (of ``screen``, the one drawn) when
        your turn comes. A deal seen
        for the first time (a new deal, a game resumed) starts from where it stands: its past is
        not read out."""
        game = self.game
        start = self.heard[1] if self.heard is not None and self.heard[0] is game else len(v.history)
        your_turn = v.turn == YOU
        lines = self.adapter.news(v, start) if start < len(v.history) else []
        if your_turn and (lines or self.heard is None or self.heard[0] is not game or not self.heard[2]):
            lines.append(self.adapter.status_line(v, screen))
        self.heard = (game, len(v.history), your_turn)
        if lines:
            self.page.announce(lines)



def start() -> None:
    """Replace the loader with the start screen (or the table) and raise the ready flag; the
    tab's title in the player's language (index.html's is English; a match's table names its
    game)."""
    from .browser import BrowserPage  # the one module that touches the browser

    page = BrowserPage()
    table = Table(page)  # chooses the language first
    page.title(_("French Tarot · Hungarian Tarokk"))
    page.remove("loader")
    table.open()
    page.flags(version=tarot_core.__version__, ready="1")
