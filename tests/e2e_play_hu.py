"""Playing the Hungarian Tarokk page like a person, with a CPython mirror of the same match.

The Hungarian counterpart of ``e2e_play``. The page runs tarot_core under Pyodide;
:class:`HuMirrorPlayer` keeps a :class:`Match` of ``game="hungarian"`` with the same seed in
CPython (the computer players are seeded: ``choose_action(view, match.current_seed, game.ply,
version=match.player)``, as ``web/tarot_page/table.py`` calls it, so they choose the same in both) and, at
each of your turns, checks that the page offers exactly the mirror's legal actions — the bids, the
cards you may discard, the calls, the announcement round's values, the playable cards — before
clicking one.

The page answers one of your questions by itself: the HU-4.1 annulment question when its only
answer is ``Annul(0, False)`` (everyone is asked, entitled or not); :func:`advance_computers`
does the same in the mirror. The page applies a computer's whole discard in a row with the same
``choose_action`` calls, which is what advancing the mirror one action at a time does.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tarot_core.ai import choose_action
from tarot_core.hungarian.actions import (Announce, Annul, Bid, Call, DeclareTarokks, Discard, Kontra, Pass, Phase,
                                          Play)
from tarot_core.hungarian.cards import format_card
from tarot_core.match import Match

from conftest import READY_TIMEOUT_MS

YOU = 0
STEP_TIMEOUT_MS = 30_000
#: The page's names of the seats (web/tarot_page/games/hungarian/render.py's NAMES), as the logs and sheets say them.
NAMES = {4: ("You", "Bence", "Zsófi", "Levente"), 5: ("You", "Bence", "Zsófi", "Levente", "Réka")}
#: Kontra levels as the page words them (HU-6).
KONTRA_WORDS = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
#: The score sheet's row hooks (``data-row``) of the items, by bonus.
ITEM_ROWS = {"game": "game", "double_game": "double-game", "volat": "volát", "trull": "trull",
             "four_kings": "four-kings", "pagat_ultimo": "pagát-ultimó", "xxi_catch": "xxi-catch",
             "eight_tarokks": "eight-tarokks", "nine_tarokks": "nine-tarokks"}
SIDE_WORDS = {"declarer": "the declarer's side", "opponents": "the opponents"}
ITEM_NAMES = {"game": "Game", "double_game": "Double game", "volat": "Volát", "trull": "Trull",
              "four_kings": "Four kings", "pagat_ultimo": "Pagát ultimó", "xxi_catch": "XXI catch"}


def page_match(players: int, seed: int | str, deals: int | None = None, profile: str | None = None) -> Match:
    """The match the page plays for ``?game=hungarian&players=&seed=&deals=&profile=`` (the dealer
    on your left, so that you are the forehand of the first deal)."""
    return Match(players, str(seed), deals_to_play=deals, first_dealer=players - 1, game="hungarian",
                 profile=profile or "pagat")


def query(players: int, seed: int | str, deals: int | None = None, profile: str | None = None) -> str:
    """The page's address query for :func:`page_match`'s match."""
    q = f"game=hungarian&players={players}&seed={seed}"
    if deals is not None:
        q += f"&deals={deals}"
    if profile is not None:
        q += f"&profile={profile}"
    return q


def ready(page: Page) -> None:
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=READY_TIMEOUT_MS)


def open_table(page: Page, site_url: str, q: str) -> None:
    """Open the page with query ``q`` (computer players at full speed; at level easy, the ``v1``
    that the mirror plays, unless ``q`` names a level) and wait until it is ready."""
    if "level=" not in q:
        q = f"level=easy&{q}"
    page.goto(f"{site_url}?pace=0&{q}")
    ready(page)


def advance_computers(match: Match) -> None:
    """Apply the computer players' actions to the mirror until you have a real choice to make
    (your single-answer annulment question is answered, as the page does) or nobody is to act."""
    game = match.current
    while game.turn is not None:
        if game.turn == YOU:
            legal = game.legal_actions()
            if len(legal) == 1 and isinstance(legal[0], Annul):
                game.apply(legal[0])
                continue
            return
        game.apply(choose_action(game.view(game.turn), match.current_seed, game.ply, version=match.player))


def expected_turn(game) -> str:
    return "you" if game.turn == YOU else ("none" if game.turn is None else "computer")


def wait_for_state(page: Page, phase: str, turn: str) -> None:
    """Wait until the page's body says ``phase`` and ``turn`` (the mirror's); on a timeout, fail
    naming what the page says instead."""
    try:
        page.wait_for_function(
            "([p, t]) => document.body.dataset.phase === p && document.body.dataset.turn === t",
            arg=[phase, turn], timeout=STEP_TIMEOUT_MS)
    except PlaywrightTimeoutError:  # say where the page stands
        flags = page.evaluate("({...document.body.dataset})")
        raise AssertionError(f"the page never reached phase={phase} turn={turn}; it shows {flags}") from None


def wait_mirror(page: Page, game) -> str:
    """Wait until the page stands where the mirror ``game`` stands; return the phase."""
    wait_for_state(page, game.phase.value, expected_turn(game))
    return game.phase.value


def tokens(page: Page, selector: str) -> list[str]:
    """The data-card tokens of the elements matching ``selector``, in page order."""
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def values(page: Page, selector: str) -> list[str]:
    """The data-value attributes of the elements matching ``selector``, in page order."""
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.value)")


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def action_value(a) -> str:
    """The ``data-value`` of the page's button for the bid or announcement-round action ``a``."""
    if isinstance(a, Bid):
        return "pass" if a.bid is None else a.bid.value
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Announce):
        return f"announce:{a.bonus}"
    if isinstance(a, Kontra):
        return f"kontra:{a.bonus}"
    if isinstance(a, DeclareTarokks):
        return f"tarokks:{a.count}"
    if isinstance(a, Annul):
        return "yes" if a.annul else "no"
    raise TypeError(a)


def kontra_levels(history) -> list[tuple[object, int]]:
    """The announcement round's actions of ``history`` (the call first) with, for a kontra, the
    level it reached on its item."""
    counts: dict[str, int] = {}
    out = []
    for a in history:
        if isinstance(a, Kontra):
            counts[a.bonus] = counts.get(a.bonus, 0) + 1
            out.append((a, counts[a.bonus]))
        elif isinstance(a, (Call, Announce, DeclareTarokks, Pass)):
            out.append((a, 0))
    return out


def bonus_name(bonus: str) -> str:
    return ITEM_NAMES.get(bonus, bonus)


ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
         "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")


def said_words(a, level: int, before=None) -> str:
    """How the announcement log words one action (a call names a tarokk II … XX, HU-5); a pass
    right after its own seat's call, announcement or kontra ends that turn: "done"."""
    if isinstance(a, Call):
        return f"calls the {ROMAN[a.card.rank]}"
    if isinstance(a, Announce):
        return bonus_name(a.bonus).lower() if a.bonus != "pagat_ultimo" else "pagát ultimó"
    if isinstance(a, Kontra):
        item = "the game" if a.bonus == "game" else bonus_name(a.bonus).lower()
        return f"{KONTRA_WORDS[level]} on {item}"
    if isinstance(a, DeclareTarokks):
        return f"{'eight' if a.count == 8 else 'nine'} tarokks"
    if before is not None and before.seat == a.seat and not isinstance(before, Pass):
        return "done"
    return "pass"


def item_words(bonus: str, side, kontra: int) -> str:
    """An announced item as the log's item list words it."""
    level = f" · {KONTRA_WORDS[kontra]}" if kontra else ""
    return f"{bonus_name(bonus)} ({SIDE_WORDS[side.value]}){level}"


#: The bid buttons' words by HungarianDeal.bid_kind's kind (the start of the text).
BID_WORDS = {"three": "Three", "two": "Two", "one": "One", "solo": "Solo"}


def bid_text(kind: str, level) -> str:
    if kind == "pass":
        return "Pass"
    if kind == "yield":
        return "Pass: yields the game"
    if kind == "hold":
        return f"Hold ({level.value})"
    if kind == "trial":
        return "Trial three"
    if kind == "invitation":
        return f"{BID_WORDS[level.value]}: invites with the"
    return BID_WORDS[level.value]


# -- your choices (the same in the page and in a CPython-only run, to search seeds) -------------

def choose_bid(game, declare: bool):
    """The lowest legal bid (a hold included) when ``declare``, else a pass (or the first legal
    bid when passing is not allowed: a pass that would yield the game without the XX, HU-3.2)."""
    legal = game.legal_actions()
    bids = [a for a in legal if a.bid is not None]
    if declare and bids:
        return bids[0]
    return Bid(YOU, None) if Bid(YOU, None) in legal else legal[0]


def discard_plan(game) -> list:
    """The cards you discard: suit cards before tarokks, the cheapest first."""
    legal = game.legal_actions()
    need = len(game.hands[YOU]) - 9
    return sorted((a.card for a in legal), key=lambda c: (c.is_tarokk, c.points, c.index))[:need]


def choose_call(game, how: str):
    legal = [a.card for a in game.legal_actions()]
    hand = game.hands[YOU]
    card = next((c for c in legal if c not in hand), legal[0]) if how == "other" else legal[0]
    return Call(YOU, card)


def choose_announcement(game, wanted: tuple[str, ...], said: list[str]):
    """The first of ``wanted`` that is legal and not yet said this deal, else a pass."""
    legal = game.legal_actions()
    by_value = {action_value(a): a for a in legal}
    choice = next((by_value[w] for w in wanted if w in by_value and w not in said), None)
    if choice is None:
        choice = Pass(YOU) if Pass(YOU) in legal else legal[0]
    return choice


def choose_card(game):
    """The first playable card in card order."""
    return min((a.card for a in game.legal_actions()), key=lambda c: c.index)


def simulate(match: Match, declare: bool = True, announce: tuple[str, ...] = (), call: str = "other") -> None:
    """Play the mirror's current deal to its end in CPython alone, choosing for you as
    :class:`HuMirrorPlayer` does (to find seeds)."""
    game, said = match.current, []
    advance_computers(match)
    while game.turn is not None:
        phase = game.phase
        if phase is Phase.BIDDING:
            game.apply(choose_bid(game, declare))
        elif phase is Phase.DISCARD:
            legal = game.legal_actions()
            if isinstance(legal[0], Annul):
                game.apply(Annul(YOU, False))
            else:
                for card in sorted(discard_plan(game), key=lambda c: c.index):
                    game.apply(Discard(YOU, card))
        elif phase is Phase.CALL:
            game.apply(choose_call(game, call))
        elif phase is Phase.ANNOUNCEMENTS:
            choice = choose_announcement(game, announce, said)
            if not isinstance(choice, Pass):
                said.append(action_value(choice))
            game.apply(choice)
        else:
            game.apply(Play(YOU, choose_card(game)))
        advance_computers(match)


class HuMirrorPlayer:
    """Plays your seat in the Hungarian page and in the mirror, checking the page at every turn.

    Args:
        page: the Playwright page, already showing the match's table.
        match: the mirror (:func:`page_match`, or the daily match).
        declare: bid (the lowest legal bid, a hold included) whenever you may, else pass.
        announce: the announcement round's values you say when they are legal, in order of
            preference, each at most once per deal (``"announce:trull"``, ``"kontra:game"``, …);
            then you pass.
        call: ``"other"`` calls the first callable tarokk you do not hold, ``"first"`` the first.
    """

    def __init__(self, page: Page, match: Match, declare: bool = True, announce: tuple[str, ...] = (),
                 call: str = "other") -> None:
        self.page, self.match, self.declare, self.announce, self.call = page, match, declare, announce, call
        self.seen_phases: list[str] = []
        self.said: list[str] = []  # what you said in the announcement round of the current deal
        self.checked_logs = 0

    @property
    def game(self):
        return self.match.current

    # -- driving --

    def play_deal(self, stop=None) -> str:
        """Play the current deal to its end and return its final phase (``done``, ``all_pass``,
        ``annulled``); or, with ``stop`` (a test on the mirror's deal), return ``"stopped"`` at
        the first of your turns where ``stop(game)`` is true, before acting."""
        advance_computers(self.match)
        while True:
            phase = wait_mirror(self.page, self.game)
            if phase in ("done", "all_pass", "annulled"):
                return phase
            if stop is not None and stop(self.game):
                return "stopped"
            self.seen_phases.append(phase)
            self.check_table()
            getattr(self, f"_{phase}")()
            advance_computers(self.match)

    def play_match(self) -> None:
        """Play every deal of the match, checking each score sheet, to the last one's sheet."""
        while True:
            self.play_deal()
            self.check_score_sheet()
            if self.match.is_over:
                return
            self.next_deal()

    def next_deal(self) -> None:
        """Click "Next deal" on the sheet, and deal the mirror's next deal."""
        self.page.click("#score-sheet [data-action=next-deal]")
        self.match.next_deal()
        self.said = []

    # -- checks at every one of your turns --

    def check_table(self) -> None:
        """Your hand, the trick (or the last one) and the announcement log are the mirror's."""
        page, game = self.page, self.game
        v = game.view(YOU)
        assert tokens(page, ".hand .card") == [format_card(c) for c in v.hand]
        assert page.locator(".seat").count() == game.players
        if game.phase is Phase.PLAY:
            shown = v.trick or (v.tricks[-1].cards if v.tricks else ())
            assert tokens(page, ".centre .trick .card") == [format_card(c) for _, c in shown]
        if game.phase is Phase.ANNOUNCEMENTS:
            self.check_announcement_log()

    def check_announcement_log(self) -> None:
        """``#announcements``: who said what so far (the call first, each kontra with its level)
        and the items announced with their side and kontra level."""
        page, game = self.page, self.game
        v = game.view(YOU)
        names = NAMES[game.players]
        said = kontra_levels(v.history)
        rows = page.locator("#announcements ol.said li")
        assert rows.evaluate_all("els => els.map(e => Number(e.dataset.seat))") == [a.seat for a, _ in said]
        assert rows.evaluate_all("els => els.map(e => e.textContent)") == [
            f"{names[a.seat]}: {said_words(a, k, said[j - 1][0] if j else None)}" for j, (a, k) in enumerate(said)]
        items = page.locator("#announcements ul.items li")
        assert items.evaluate_all("els => els.map(e => [e.dataset.item, e.textContent])") == [
            [b, item_words(b, side, k)] for b, side, k in v.announced]
        self.checked_logs += 1

    # -- your turns --

    def _bidding(self) -> None:
        page, game = self.page, self.game
        legal = game.legal_actions()
        buttons = page.locator("[data-action=bid]")
        assert values(page, "[data-action=bid]") == [action_value(a) for a in legal]
        texts = buttons.evaluate_all("els => els.map(e => e.textContent)")
        for a, text in zip(legal, texts):
            kind, _ = game.bid_kind(a)
            assert text.startswith(bid_text(kind, a.bid)), (kind, text)
        choice = choose_bid(game, self.declare)
        page.click(f"[data-action=bid][data-value={action_value(choice)}]")
        game.apply(choice)

    def _discard(self) -> None:
        page, game = self.page, self.game
        legal = game.legal_actions()
        if isinstance(legal[0], Annul):  # a real choice: may annul (HU-4.1); play on
            assert values(page, "[data-action=annul]") == [action_value(a) for a in legal]
            page.click("[data-action=annul][data-value=no]")
            game.apply(Annul(YOU, False))
            return
        v = game.view(YOU)
        hand = [format_card(c) for c in v.hand]
        may_go = [format_card(a.card) for a in legal]
        need = len(v.hand) - 9
        confirm = page.locator("[data-action=discard]")
        expect(confirm).to_be_disabled()
        assert set(tokens(page, ".hand button.playable[data-action=select]")) == set(may_go)
        assert set(tokens(page, ".hand button.disabled")) == set(hand) - set(may_go)
        assert page.locator(".hand button.disabled:not([disabled])").count() == 0
        # The cards you received from the talon are marked.
        assert set(tokens(page, ".hand .from-talon")) == {format_card(c) for c in v.talon_share}
        plan = discard_plan(game)
        # Choosing a card and choosing it again puts it back.
        first = format_card(plan[0])
        page.click(f".hand [data-card='{first}']")
        expect(page.locator(f".hand button.selected[data-card='{first}']")).to_have_count(1)
        page.click(f".hand [data-card='{first}']")
        expect(page.locator(".hand button.selected")).to_have_count(0)
        for i, card in enumerate(plan):
            page.click(f".hand button.playable[data-card='{format_card(card)}']")
            expect(page.locator(".panel.discard .hint")).to_have_text(f"{i + 1} of {need} chosen")
            if i < need - 1:
                expect(confirm).to_be_disabled()
        expect(confirm).to_be_enabled()
        # The choice is full: every other card is disabled.
        assert set(tokens(page, ".hand button.selected")) == {format_card(c) for c in plan}
        assert page.locator(".hand button.playable").count() == 0
        confirm.click()
        for card in sorted(plan, key=lambda c: c.index):  # the page discards them in card order
            game.apply(Discard(YOU, card))

    def _call(self) -> None:
        page, game = self.page, self.game
        legal = [a.card for a in game.legal_actions()]
        # The usual call first (the XX), the others after it (a free call: by their numerals).
        offered = tokens(page, "[data-action=call]")
        assert sorted(offered) == sorted(format_card(c) for c in legal) and len(set(offered)) == len(offered)
        if any(c.rank == 20 for c in legal):
            assert offered[0] == "T20"  # the usual call first (HU-5)
        choice = choose_call(game, self.call)
        page.click(f"[data-action=call][data-card='{format_card(choice.card)}']")
        game.apply(choice)

    def _announcements(self) -> None:
        page, game = self.page, self.game
        legal = game.legal_actions()
        assert values(page, "[data-action=announce]") == [action_value(a) for a in legal]
        # "Done" once you have said something this turn (the call included), else "Pass".
        last = game.history[-1] if game.history else None
        done = last is not None and last.seat == YOU and isinstance(last, (Announce, Kontra, DeclareTarokks, Call))
        if Pass(YOU) in legal:
            expect(page.locator("[data-action=announce][data-value=pass]")).to_have_text("Done" if done else "Pass")
        # Each kontra button names the level it would reach.
        current = {b: k for b, _, k in game.view(YOU).announced}
        for a in legal:
            if isinstance(a, Kontra):
                word = KONTRA_WORDS[current.get(a.bonus, 0) + 1].capitalize()
                item = "the game" if a.bonus == "game" else bonus_name(a.bonus).lower()
                expect(page.locator(f"[data-action=announce][data-value='kontra:{a.bonus}'] strong")).to_have_text(
                    f"{word}: {item}")
        choice = choose_announcement(game, self.announce, self.said)
        value = action_value(choice)
        if not isinstance(choice, Pass):
            self.said.append(value)
        page.click(f"[data-action=announce][data-value='{value}']")
        game.apply(choice)

    def _play(self) -> None:
        page, game = self.page, self.game
        legal = game.legal_actions()
        playable = {format_card(a.card) for a in legal}
        assert set(tokens(page, ".hand button.playable[data-action=play]")) == playable
        hand = {format_card(c) for c in game.hands[YOU]}
        assert set(tokens(page, ".hand button.disabled")) == hand - playable
        assert page.locator(".hand button.disabled:not([disabled])").count() == 0
        card = choose_card(game)
        page.click(f".hand button.playable[data-card='{format_card(card)}']")
        game.apply(Play(YOU, card))

    # -- the end of a deal --

    def check_score_sheet(self) -> None:
        """The deal's sheet shows the mirror's scores per seat (deal and match), its bid and each
        item that scored with its value and kontra level; a redeal says "Deal again"."""
        page, game, match = self.page, self.game, self.match
        sheet = page.locator("#score-sheet")
        expect(sheet).to_be_visible()
        if game.phase is not Phase.DONE:
            expect(sheet.locator("h2")).to_have_text("Deal again")
            return
        totals = match.totals()
        for seat in range(match.players):
            row = sheet.locator(f"tr[data-seat='{seat}']")
            expect(row.locator(".score")).to_have_text(signed(game.scores[seat]))
            expect(row.locator(".total")).to_have_text(signed(totals[seat]))
        names = NAMES[match.players]
        expect(sheet.locator("tr[data-row=bid] td")).to_contain_text(
            f"{BID_WORDS[game.level.value]} (game worth {game.level.game_value}) by {names[game.declarer]}")
        if game.multiplier > 1:
            expect(sheet.locator("tr[data-row=doubled-round] td")).to_have_text(
                f"the values above include the round's ×{game.multiplier}")
        else:
            expect(sheet.locator("tr[data-row=doubled-round]")).to_have_count(0)
        seen: dict[str, int] = {}
        for item in game.result.items:  # an item may score twice (announced and silent): nth row
            hook = ITEM_ROWS[item.bonus]
            cell = sheet.locator(f"tr[data-row='{hook}'] td").nth(seen.get(hook, 0))
            seen[hook] = seen.get(hook, 0) + 1
            if item.role is not None:  # a tarokk count (HU-6.3): its holder, named
                holder = {role: seat for seat, role in game._roles().items()}[item.role]
                expect(cell).to_have_text(f"{names[holder]}: {item.value} from each other player")
                continue
            expect(cell).to_contain_text(f"{item.value} to {SIDE_WORDS[item.side.value]}")
            if item.kontra:
                expect(cell).to_contain_text(f"{KONTRA_WORDS[item.kontra]} ×{2 ** item.kontra}")
        for hook, n in seen.items():
            expect(sheet.locator(f"tr[data-row='{hook}']")).to_have_count(n)


def find_seed(players: int, test, deals: int | None = None, profile: str | None = None, tries: int = 400,
              **policy) -> int:
    """The first seed whose match, played in CPython by :func:`simulate` with ``policy`` (every
    deal of it when ``deals`` is given, else the first deal), passes ``test(match)``."""
    for seed in range(1, tries):
        match = page_match(players, seed, deals, profile)
        simulate(match, **policy)
        while deals is not None and not match.is_over:
            match.next_deal()
            simulate(match, **policy)
        if test(match):
            return seed
    raise AssertionError("no seed found")


def yours(game, kind) -> list:
    """Your actions of type ``kind`` in the deal's history."""
    return [a for a in game.history if a.seat == YOU and isinstance(a, kind)]
