"""The French Tarot table in the browser (PyScript): draws the game and handles clicks.

``main.py`` imports this module and calls :func:`start`; build.py ships it precompiled.

Thin on purpose: every rule question goes to :mod:`tarot_core` (legal actions, the écart check,
the called card, scoring, matches, records); this file only draws what your seat's view says and
turns clicks into engine actions. It never reads another seat's hand: everything on the table is
drawn from ``FrenchDeal.view(YOU)``.

Seats are numbered in playing order (FR-2): you are seat 0 at the bottom and play passes to your
right, counter-clockwise.

The game in progress is saved in ``localStorage`` after every action and resumed on reload;
finished matches go to the history (:mod:`tarot_core.saves` holds all of that logic: this file
only adapts ``localStorage`` to its small storage interface).

URL options: ``?players=3|4|5`` starts a free match at once (else the start screen asks),
``?seed=S`` the match seed, ``?deals=N`` a shorter or longer match, ``?date=YYYY-MM-DD`` the
daily game's date (another day than today is practice), ``?pace=MS`` the computer players' delay
per card in milliseconds (default 700; the tests use 0). ``#share=CODE`` opens a shared daily
result and verifies it by replaying it.
"""

from __future__ import annotations

import asyncio
import html
import json
import os

from pyodide.ffi import JsException, create_proxy, jsnull, to_js
from pyscript import document, window

import tarot_core
from tarot_core.ai import choose_action
from tarot_core.cards import Card, format_card, parse_card, sorted_hand
from tarot_core.contracts import POIGNEE_THRESHOLDS, TARGETS, Contract, Side
from tarot_core.errors import IllegalActionError
from tarot_core.french import Bid, Call, Chelem, Phase, Play, Poignee
from tarot_core.match import DEFAULT_DEALS, Match
from tarot_core.saves import SAVE_KEY, SavedGame, SaveError, Saves, StorageError, rank_of, statistics
from tarot_core.scoring import format_points2
from tarot_core.values import replace

YOU = 0
NAMES = {
    3: ("You", "Hugo", "Léa"),
    4: ("You", "Hugo", "Léa", "Camille"),
    5: ("You", "Hugo", "Léa", "Camille", "Nina"),
}
#: Where each seat sits, seen from yours (play passes to the right, counter-clockwise).
POSITIONS = {
    3: ("s", "ne", "nw"),
    4: ("s", "e", "n", "w"),
    5: ("s", "e", "ne", "nw", "w"),
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"J": "Jack", "N": "Knight", "Q": "Queen", "K": "King"}
RANK_LETTERS = {"N": "Kn"}  #: on the cards: "Kn" for a Knight, the notation's letter otherwise
RED = {"H", "D"}


def _params() -> dict[str, str]:
    query = str(window.location.search).lstrip("?")
    out = {}
    for part in query.split("&"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = v
    return out


def _int_param(params: dict[str, str], key: str, default: int | None) -> int | None:
    try:
        return int(params[key])
    except (KeyError, ValueError):
        return default


def _attr(element, name: str) -> str | None:
    """An element's attribute as text, or ``None`` when it is absent (JS null)."""
    value = element.getAttribute(name)
    return None if value is None or value is jsnull else str(value)


def _trumps_put_aside(v) -> list[Card]:
    """The trumps in another seat's écart, which everyone sees (FR-4.1); none in your own."""
    return [] if v.taker == YOU else [c for c in v.ecart if c.is_trump]


def _decode_uri(text: str) -> str:
    """``text`` percent-decoded by the browser (decodeURIComponent); kept as it is if malformed.

    The browser's decoder rather than urllib.parse, which would cost its import (and that of
    ipaddress) at every start.
    """
    try:
        return str(window.decodeURIComponent(text))
    except JsException:  # URIError
        return text


def _esc(text: object) -> str:
    return html.escape(str(text))


# --- drawing cards ---------------------------------------------------------------------------

def card_name(card: Card) -> str:
    """The card in words: "King of hearts", "trump 21", "the Excuse"."""
    if card.is_excuse:
        return "the Excuse"
    if card.is_trump:
        return f"trump {card.rank}"
    rank = format_card(card)[:-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[card.suit.value]}"


def card_label(card: Card) -> str:
    """The card as its corner shows it: "K♥", "Kn♠", "10♦", "21" (a trump), "★" (the Excuse)."""
    if card.is_excuse:
        return "★"
    if card.is_trump:
        return str(card.rank)
    rank = format_card(card)[:-1]
    return f"{RANK_LETTERS.get(rank, rank)}{card.suit.symbol}"


def card_html(card: Card, *, attrs: str = "", classes: str = "", tag: str = "div") -> str:
    """One card drawn as DOM: rank and suit in the corner, a large symbol in the middle."""
    token = format_card(card)
    corner = card_label(card)
    if card.is_excuse:
        face, kind = "★", "excuse"
    elif card.is_trump:
        face, kind = str(card.rank), "trump"
        if card.rank in (1, 21):
            kind += " bout"
    else:
        rank = token[:-1]
        face = card.suit.symbol if rank.isdigit() else RANK_LETTERS.get(rank, rank)
        kind = "red" if card.suit.value in RED else "black"
    wide = " wide" if kind in ("red", "black") and len(face) > 1 else ""  # "Kn": keep it in the visible strip
    return (
        f'<{tag} class="card {kind} {classes}" data-card="{token}" aria-label="{card_name(card)}" {attrs}>'
        f'<span class="corner">{_esc(corner)}</span><span class="face{wide}">{_esc(face)}</span></{tag}>'
    )


def back_html(count: int) -> str:
    """A small stack of face-down cards with its count."""
    return f'<div class="backs"><div class="card back"></div><span class="count">{count}</span></div>'


def _random_bits(bits: int) -> int:
    """A random number of ``bits`` bits from the browser's crypto source (for new seeds)."""
    return int.from_bytes(os.urandom((bits + 7) // 8), "big") >> (-bits % 8)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def today_iso() -> str:
    """Today's date in the player's own time zone, as ``YYYY-MM-DD``."""
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


class LocalStorage:
    """``window.localStorage`` as a :class:`tarot_core.saves.Storage`; any browser refusal
    (quota, private mode, storage disabled) becomes :class:`StorageError`."""

    def __init__(self) -> None:
        self.store = window.localStorage  # may raise in a sandboxed or storage-less context

    def get(self, key: str) -> str | None:
        value = self.store.getItem(key)
        return None if value is None or value is jsnull else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.store.setItem(key, value)
        except Exception as e:  # a JS QuotaExceededError or SecurityError
            raise StorageError(str(e)) from None

    def remove(self, key: str) -> None:
        try:
            self.store.removeItem(key)
        except Exception:
            pass

    def keys(self) -> list[str]:
        return [str(self.store.key(i)) for i in range(self.store.length)]


def open_storage():
    """The browser's storage, or a memory one (with a notice) when the browser refuses it."""
    from tarot_core.saves import MemoryStorage

    try:
        storage = LocalStorage()
        storage.get(SAVE_KEY)
        return storage, None
    except Exception:
        return MemoryStorage(), ("This browser does not let the game keep anything (storage is "
                                 "disabled): you can play, but nothing will be saved.")


# --- the game controller ---------------------------------------------------------------------

class Table:
    """A match against computer players, drawn into ``#app``."""

    def __init__(self) -> None:
        params = _params()
        self.params = params
        self.pace = max(0, _int_param(params, "pace", 700) or 0)
        self.match: Match | None = None
        self.mode = "free"
        self.date: str | None = None
        self.practice = False
        self.entry: dict | None = None  # the history entry of the finished match
        self.notice: str | None = None
        self.superseded = False
        storage, self.notice = open_storage()
        self.saves = Saves(storage, tab=str(_random_bits(32)))
        self.selected: set[Card] = set()
        #: The écart panel's "announce a chelem" box (FR-4.3), applied with the écart.
        self.announce_chelem = False
        #: "Don't show" was chosen for the poignée offered before your first card (FR-4.4).
        self.poignee_declined = False
        self.messages: dict[int, str] = {}
        self.overlay: str | None = None  # "scores", "review", "standings" or None
        self.review_index = 0
        self.generation = 0
        self.loop_generation = -1
        self.root = document.getElementById("app")
        self._on_click = create_proxy(self.on_click)
        self.root.addEventListener("click", self._on_click)
        self._on_change = create_proxy(self.on_change)
        self.root.addEventListener("change", self._on_change)
        self._on_storage = create_proxy(self.on_storage)
        window.addEventListener("storage", self._on_storage)

    @property
    def game(self):
        return self.match.current

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[self.match.players]

    # -- flow --

    def open(self) -> None:
        """First screen: a shared result (``#share=``), the saved game, or the start screen."""
        code = str(window.location.hash)
        if code.startswith("#share="):
            self.show_shared(_decode_uri(code[len("#share="):]))
            return
        saved, notice = self.saves.load_game()
        self.notice = notice or self.notice
        if saved is not None and not saved.match.is_over:
            asked = self._link_match(saved.match)
            if asked and not self.notice:  # the saved game wins: it is never replaced unasked
                self.notice = (f"Your game in progress is back (a link never replaces it): "
                               f"choose New match for {asked}.")
            self.resume(saved)
            return
        self.start_screen()

    def _link_match(self, m: Match) -> str | None:
        """What the URL's ``?players=`` / ``?seed=`` ask for, in words, when that is another
        match than ``m``, the one resumed (a reload of the same link asks for nothing new)."""
        players, seed = _int_param(self.params, "players", None), self.params.get("seed")
        if players not in (3, 4, 5) or (players == m.players and seed in (None, m.seed)):
            return None
        return f"a {players}-player match" + (f" with seed {seed}" if seed else "")

    def clear_choices(self) -> None:
        """Forget what you were choosing on screen (écart cards, the chelem box, a declined
        poignée) and close any sheet: a deal starts or comes back."""
        self.selected = set()
        self.announce_chelem = False
        self.poignee_declined = False
        self.overlay = None

    def resume(self, saved: SavedGame) -> None:
        """Go back to exactly where the saved game stood (a daily of another day is practice)."""
        self.generation += 1
        self.match, self.mode, self.date, self.practice = saved.match, saved.mode, saved.date, saved.practice
        if self.mode == "daily" and not self.practice and self.date != today_iso():
            self.practice = True
            self.notice = "This daily game is from another day: it goes on as practice."
        self.entry = None
        self.clear_choices()
        self.rebuild_messages()
        self.render()
        self.schedule()

    def start_screen(self) -> None:
        """Daily game, a new game at 3/4/5 players, history; or ``?players=N`` at once."""
        players = _int_param(self.params, "players", None)
        if players in DEFAULT_DEALS and "date" not in self.params:
            self.new_match(players)
            return
        if "date" in self.params:
            self.new_daily()
            return
        self.match = None
        self.generation += 1
        document.body.dataset.phase = "start"
        document.body.dataset.turn = "none"
        today = today_iso()
        official, notice = self.saves.official_daily(today)  # a notice if the history was set aside
        self.notice = notice or self.notice
        if official is None:
            daily_text = f"<strong>Daily game</strong><span>{today} · the same deals for everyone today</span>"
        else:
            daily_text = (f"<strong>Daily game: played</strong><span>Today {_signed(official['score'])}, "
                          f"{_ordinal(official['rank'])} of {official['players']} · play again as practice</span>")
        buttons = "".join(
            f'<button class="choice" data-action="new-match" data-value="{n}">'
            f'<strong>{n} players</strong><span>{n - 1} computer opponents · {DEFAULT_DEALS[n]} deals</span></button>'
            for n in (3, 4, 5)
        )
        # A game in progress is never dropped unannounced: offer it first, and say that a new
        # game would replace it.
        resume = ""
        saved, _ = self.saves.load_game()
        if saved is not None and not saved.match.is_over:
            m = saved.match
            kind = f"Daily {saved.date}" if saved.mode == "daily" else f"{m.players} players"
            number = min(m.deals_played + 1, m.deals_to_play)
            resume = (f'<button class="choice resume" data-action="resume"><strong>Continue your game</strong>'
                      f"<span>{_esc(kind)} · deal {number} of {m.deals_to_play} · a new game below replaces it"
                      "</span></button>")
        self.root.innerHTML = (
            self.notice_html() +
            '<section class="start">'
            "<h1>French Tarot</h1>"
            "<p>Official FFT rules, against computer players. Bid, take the chien, make your "
            "écart and win your contract.</p>"
            f'<div class="choices">{resume}<button class="choice daily" data-action="daily">{daily_text}</button>'
            f'<h2>New game</h2>{buttons}'
            '<button class="secondary" data-action="history">History and statistics</button></div>'
            "</section>"
        )

    def notice_html(self) -> str:
        if not self.notice:
            return ""
        button = ('<button class="primary" data-action="reload">Reload</button>' if self.superseded else
                  '<button class="secondary" data-action="dismiss">OK</button>')
        return f'<div class="notice" id="notice" role="alert"><span>{_esc(self.notice)}</span>{button}</div>'

    def new_daily(self) -> None:
        """Start the daily game of today (or of ``?date=``; another day is practice)."""
        today = today_iso()
        date = self.params.pop("date", None) or today
        from tarot_core.daily import DAILY_PLAYERS, daily_match  # imported when first needed

        try:
            match = daily_match(date, DAILY_PLAYERS, _int_param(self.params, "deals", None))
        except ValueError as e:
            self.notice = f"That daily game cannot be opened: {e}."
            self.start_screen()
            return
        self.generation += 1
        self.match, self.mode, self.date = match, "daily", date
        official, notice = self.saves.official_daily(date)
        self.notice = notice or self.notice
        self.practice = date != today or official is not None
        self.entry = None
        self.start_deal()

    def new_match(self, players: int) -> None:
        """Start a match of ``players`` (seed from ``?seed=``, else random; you speak first)."""
        self.generation += 1
        seed = self.params.get("seed") or str(_random_bits(48))
        deals = _int_param(self.params, "deals", None)
        self.match = Match(players, seed, deals_to_play=deals, first_dealer=players - 1)
        self.mode, self.date, self.practice, self.entry = "free", None, False, None
        self.params.pop("seed", None)  # a later "New match" gets fresh cards
        self.start_deal()

    def start_deal(self) -> None:
        if str(window.location.hash):  # leaving a shared result: a reload should not reopen it
            window.history.replaceState(None, "", f"{window.location.pathname}{window.location.search}")
        self.clear_choices()
        self.messages = {}
        self.persist()
        self.render()
        self.schedule()

    def rebuild_messages(self) -> None:
        """The per-seat bubbles (bids, poignées, chelem) of the current deal, from its actions."""
        self.messages = {}
        for action in self.game.history:
            self.note(action)

    def persist(self) -> None:
        """Save the game after an action; record it in the history once the match is over."""
        if self.match is None or self.superseded:
            return
        saved = SavedGame(self.match, self.mode, self.date, self.practice)
        if self.match.is_over:
            if self.entry is None:
                self.entry, notice = self.saves.finish_game(saved, today_iso())
                self.practice = self.entry["practice"]
                self.notice = notice or self.notice
            return
        notice = self.saves.save_game(saved)
        if notice and notice != self.notice:
            self.notice = notice

    def on_storage(self, event) -> None:
        """Another tab saved a game: stop here rather than overwrite it (a reload continues it)."""
        if event.key != SAVE_KEY or event.newValue in (None, jsnull) or self.match is None or self.match.is_over:
            return
        try:
            tab = json.loads(str(event.newValue)).get("tab")
        except (ValueError, AttributeError):
            return
        if tab != self.saves.tab:
            self.superseded = True
            self.generation += 1
            self.notice = "This game goes on in another tab. Reload this one to continue it here."
            self.render()

    def next_deal(self) -> None:
        """Deal the next hand of the match (the dealer moves to the right, FR-2)."""
        if self.match.is_over or not self.game.is_over:
            return
        self.generation += 1
        self.match.next_deal()
        self.start_deal()

    def schedule(self) -> None:
        """Let the computer players act until it is your turn or the deal ends."""
        if self.loop_generation != self.generation:
            self.loop_generation = self.generation
            asyncio.ensure_future(self.run_computers(self.generation))

    async def run_computers(self, generation: int) -> None:
        try:
            game = self.game
            seed = self.match.current_seed
            while generation == self.generation and game.turn is not None and game.turn != YOU:
                seat = game.turn
                finished_trick = game.phase is Phase.PLAY and not game.trick and game.tricks
                await asyncio.sleep(self.pace * (1.8 if finished_trick else 1) / 1000)
                if generation != self.generation:
                    return
                self.perform(choose_action(game.view(seat), seed, len(game.history)))
                if game.phase is Phase.ECART and game.turn == seat:
                    # The computer takes the chien: let it be seen, then it puts cards aside.
                    await asyncio.sleep(self.pace * 2.5 / 1000)
                    while generation == self.generation and game.phase is Phase.ECART:
                        self.perform(choose_action(game.view(seat), seed, len(game.history)), draw=False)
                    self.persist()
                    self.render()
        finally:
            if self.loop_generation == generation:
                self.loop_generation = -1

    def perform(self, action, draw: bool = True) -> bool:
        """Apply one action through the engine and redraw; False when the engine refused it."""
        if self.superseded:
            return False
        try:
            self.game.apply(action)
        except IllegalActionError:
            return False  # e.g. a stale click: nothing changed
        self.note(action)
        if draw:
            self.persist()
            self.render()
        return True

    def note(self, action) -> None:
        """Keep the short per-seat messages (bids, calls, poignées, chelem) shown by the names."""
        seat = action.seat
        if isinstance(action, Bid):
            self.messages[seat] = action.contract.label if action.contract else "Pass"
        elif isinstance(action, Poignee):
            self.messages[-seat - 1] = f"Poignée of {len(action.cards)}"
        elif isinstance(action, Chelem) and action.announced:
            self.messages[-seat - 1] = "Chelem announced"

    # -- clicks --

    def on_click(self, event) -> None:
        target = event.target.closest("[data-action]")
        if target is None or target is jsnull:  # a click outside any button (JS null)
            return
        kind = _attr(target, "data-action")
        if kind == "new-match":
            value = _attr(target, "data-value")
            if value:
                self.new_match(int(value))
            else:
                self.generation += 1
                self.params.pop("players", None)
                window.history.replaceState(None, "", str(window.location.pathname))
                self.start_screen()
            return
        if kind == "daily":
            self.new_daily()
            return
        if kind == "resume":
            saved, notice = self.saves.load_game()
            self.notice = notice or self.notice
            if saved is not None and not saved.match.is_over:
                self.resume(saved)
            else:
                self.start_screen()
            return
        if kind == "reload":  # offered once another tab has taken the game over
            window.location.reload()
            return
        if kind == "dismiss":
            self.notice = None
            node = document.getElementById("notice")
            if node:
                node.remove()
            return
        if kind == "history":
            self.show_history()
            return
        if kind == "export":
            self.save_file("tarot-history.json", self.saves.export())
            return
        if kind == "share":
            self.share()
            return
        if self.match is None:
            return
        if kind in ("scores", "review", "close"):
            self.overlay = None if kind == "close" else kind
            self.review_index = 0
            self.render()
            return
        if kind == "review-step":
            self.review_index += int(_attr(target, "data-value"))
            self.render()
            return
        if kind == "next-deal":
            self.next_deal()
            return
        if kind == "standings":
            self.overlay = "standings"
            self.render()
            return
        if kind == "download":
            self.download(_attr(target, "data-value"))
            return
        game = self.game
        if game.turn != YOU:
            return
        if kind == "bid":
            value = _attr(target, "data-value")
            self.perform(Bid(YOU, None if value == "pass" else Contract.parse(value)))
        elif kind == "call":
            self.perform(Call(YOU, parse_card(_attr(target, "data-card"))))
        elif kind == "select" and game.phase is Phase.ECART:
            card = parse_card(_attr(target, "data-card"))
            if card in self.selected:
                self.selected.discard(card)
            elif card in game.ecart_candidates() and len(self.selected) < game.chien_size:
                self.selected.add(card)
            self.render()
            return
        elif kind == "chelem-toggle" and game.phase is Phase.ECART:
            self.announce_chelem = not self.announce_chelem
            self.render()
            return
        elif kind == "ecart" and game.phase is Phase.ECART:
            try:
                game.apply_ecart(sorted_hand(self.selected))
            except IllegalActionError:
                return
            # FR-4.3: the chelem is announced (or not) right after the écart: the box ticked (or
            # not) in the écart panel answers, so taking with an écart asks one question, not two.
            if game.phase is Phase.CHELEM and game.turn == YOU:
                self.perform(Chelem(YOU, self.announce_chelem), draw=False)
            self.selected = set()
            self.announce_chelem = False
            self.persist()
            self.render()
        elif kind == "chelem":
            self.perform(Chelem(YOU, _attr(target, "data-value") == "yes"))
        elif kind == "poignee":
            size = int(_attr(target, "data-value"))
            offer = next((a for a in game.legal_actions() if isinstance(a, Poignee) and len(a.cards) == size), None)
            if offer is not None:
                self.perform(offer)
        elif kind == "poignee-decline":
            self.poignee_declined = True  # nothing to tell the engine: you just play a card
            self.render()
        elif kind == "play":
            # The second click of a double click must not also play the card that slides under
            # the pointer when the hand closes up (you may be the one to lead next).
            if (event.detail or 0) > 1:
                return
            self.perform(Play(YOU, parse_card(_attr(target, "data-card"))))
        self.schedule()

    def download(self, what: str) -> None:
        """Offer the deal or match record (tarot_core.records) as a JSON file."""
        if what == "deal":
            from tarot_core.records import deal_record  # imported when first needed

            record = deal_record(self.game, seed=self.match.current_seed)
            name = f"tarot-deal-{len(self.match.games)}.json"
        else:
            record = self.match.record()
            name = f"tarot-match-{self.match.players}p.json"
        self.save_file(name, json.dumps(record, indent=1, ensure_ascii=False))

    def save_file(self, name: str, text: str) -> None:
        """Offer ``text`` as a JSON file download called ``name``."""
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new([text], options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    # -- history, import, sharing --

    def show_history(self) -> None:
        """The history of finished matches, statistics, the daily leaderboard, export/import."""
        self.generation += 1
        self.match = None
        document.body.dataset.phase = "history"
        document.body.dataset.turn = "none"
        entries, notice = self.saves.load_history()
        self.notice = notice or self.notice
        st = statistics(entries, today_iso())
        taken = "".join(
            f"<tr><th>{_esc(Contract(c).label)}</th><td>{t}</td><td>{m}</td></tr>"
            for c, (t, m) in sorted(st.taken.items(), key=lambda kv: Contract(kv[0]).level)
        ) or '<tr><td colspan="3">No deal taken yet.</td></tr>'
        board = "".join(
            f"<tr><th>{_esc(date)}</th><td>{_signed(score)}</td><td>{_ordinal(rank)}</td></tr>"
            for date, score, rank in st.leaderboard[:10]
        ) or '<tr><td colspan="3">No daily game completed yet.</td></tr>'
        rows = "".join(
            f'<tr data-entry="{_esc(e["id"])}"><th>{_esc(e["date"])}</th>'
            f'<td>{"Daily" + (" (practice)" if e["practice"] else "") if e["mode"] == "daily" else "Free"}</td>'
            f'<td>{e["players"]}</td><td>{_ordinal(e["rank"])}</td><td>{_signed(e["score"])}</td></tr>'
            for e in reversed(entries)
        ) or '<tr><td colspan="5">No finished match yet.</td></tr>'
        best = _signed(st.best_daily) if st.best_daily is not None else "–"
        self.root.innerHTML = (
            self.notice_html() +
            '<section class="history sheet wide" id="history">'
            "<h2>History and statistics</h2>"
            '<div class="stats">'
            f'<div><strong data-stat="played">{st.played}</strong><span>matches played</span></div>'
            f'<div><strong data-stat="won">{st.won}</strong><span>won</span></div>'
            f'<div><strong data-stat="streak">{st.streak}</strong><span>daily streak</span></div>'
            f'<div><strong data-stat="best">{best}</strong><span>best daily</span></div>'
            "</div>"
            f'<h3>Deals you took</h3><table class="taken"><tr><th>Contract</th><th>Taken</th><th>Made</th></tr>{taken}</table>'
            f'<h3>Your daily results</h3><table class="board"><tr><th>Date</th><th>Score</th><th>Place</th></tr>{board}</table>'
            f'<h3>Finished matches</h3><table class="entries"><tr><th>Date</th><th>Game</th><th>Players</th>'
            f"<th>Place</th><th>Score</th></tr>{rows}</table>"
            '<div class="actions"><button class="primary" data-action="new-match">Back</button>'
            '<button class="secondary" data-action="export">Export history</button>'
            '<label class="secondary button">Import history<input type="file" accept=".json,application/json" '
            'data-action="import" hidden></label></div>'
            "</section>"
        )

    def on_change(self, event) -> None:
        """A history file chosen for import: read it, check every game, merge or refuse."""
        target = event.target
        if _attr(target, "data-action") != "import" or not target.files.length:
            return
        asyncio.ensure_future(self.import_file(target.files.item(0)))

    async def import_file(self, file) -> None:
        text = str(await file.text())
        try:
            added, notice = self.saves.import_history(text)
        except SaveError as e:
            self.notice = f"Import refused, your history is unchanged: {e}."
        else:
            self.notice = notice or f"Imported {added} finished match{'es' if added != 1 else ''}."
        self.show_history()

    def share_text(self) -> str:
        """The short text "Share" copies: the score and a link that replays the game."""
        from tarot_core.share import encode  # imported when first needed

        code = encode(self.match, self.date)
        url = f"{window.location.origin}{window.location.pathname}#share={code}"
        totals = self.match.totals()
        return (f"French Tarot daily {self.date}: {_signed(totals[YOU])}, "
                f"{_ordinal(rank_of(totals))} of {self.match.players}. Replay it: {url}")

    def share(self) -> None:
        text = self.share_text()
        box = document.getElementById("share-text")
        if box:
            box.value = text
            box.hidden = False
            box.select()
        try:
            window.navigator.clipboard.writeText(text)
            self.flash("Copied to the clipboard.")
        except Exception:
            self.flash("Copy the text above to share it.")

    def flash(self, text: str) -> None:
        node = document.getElementById("share-status")
        if node:
            node.textContent = text

    def show_shared(self, code: str) -> None:
        """A shared daily result: replay its moves from the date's deals and show the verdict."""
        self.generation += 1
        self.match = None
        document.body.dataset.turn = "none"
        try:
            from tarot_core.share import verify

            result = verify(code)
        except ValueError as e:  # tarot_core.share.ShareCodeError
            document.body.dataset.phase = "shared-invalid"
            self.root.innerHTML = (
                '<section class="sheet shared" id="shared" role="alert">'
                f"<h2>This share link is not valid</h2><p>{_esc(str(e)[:1].upper() + str(e)[1:])}.</p>"
                '<div class="actions"><button class="primary" data-action="new-match">Play</button></div>'
                "</section>"
            )
            return
        document.body.dataset.phase = "shared"
        m = result.match
        names = ("Player",) + NAMES[m.players][1:]
        rows = "".join(
            f'<tr data-deal="{n}"><th>{n}</th>' + "".join(f"<td>{_signed(x)}</td>" for x in scores) + "</tr>"
            for n, scores, _ in m.score_rows()
        )
        head = "".join(f"<th>{_esc(n)}</th>" for n in names)
        totals = "".join(f"<td><strong>{_signed(t)}</strong></td>" for t in m.totals())
        self.root.innerHTML = (
            '<section class="sheet wide shared" id="shared">'
            f"<h2>Daily game of {_esc(result.date)}: verified</h2>"
            f'<p>Replayed from the day\'s deals: <strong id="shared-score">{_signed(result.score)}</strong>, '
            f"{_ordinal(rank_of(m.totals()))} of {m.players}.</p>"
            f'<table class="running"><tr><th>Deal</th>{head}</tr>{rows}<tr class="totals"><th>Total</th>{totals}</tr></table>'
            '<div class="actions"><button class="primary" data-action="daily">Play today\'s daily</button>'
            '<button class="secondary" data-action="new-match">Start screen</button></div>'
            "</section>"
        )

    # -- drawing (from your seat's view only: nothing hidden can leak onto the page) --

    def status_line(self, v) -> str:
        if self.superseded:
            return "Another tab has this game now."
        names = self.names
        if v.phase is Phase.THROWN_IN:
            if v.thrown_in == "petit_sec":
                seat = v.petit_sec_seat
                verb = "have" if seat == YOU else "has"
                return f"{names[seat]} {verb} the Petit sec: the deal is cancelled."
            return "Everyone passed: the deal is thrown in."
        if v.phase is Phase.DONE:
            return "The match is over." if self.match.is_over else "The deal is over."
        if v.turn != YOU:
            verb = {Phase.BIDDING: "is bidding", Phase.CALL: "is calling a King",
                    Phase.ECART: "is making the écart", Phase.CHELEM: "is deciding on a chelem",
                    Phase.PLAY: "is playing"}[v.phase]
            return f"{names[v.turn]} {verb}…"
        if v.phase is Phase.BIDDING:
            return "Your turn to bid: choose a contract or pass."
        if v.phase is Phase.CALL:
            return "Call a King: whoever holds it is your partner."
        if v.phase is Phase.ECART:
            # FR-4.1, as the hand shows it (the chooser says why it refuses a set); within two
            # lines on a phone.
            size = v.chien_size
            if len(self.selected) == size and self.game.check_ecart(self.selected) is None:
                return f"All {size} chosen: put them aside, or change some."
            trumps = any(c.is_trump for c in self.game.ecart_candidates())
            return f"Your écart: choose {size} cards (no King, bout{'' if trumps else ' or trump'})."
        if v.phase is Phase.CHELEM:
            return "You may announce a chelem: winning every trick."
        if not self.poignee_declined and any(isinstance(a, Poignee) for a in v.legal):
            return "Your turn: show a poignée or not, then play a card."
        if not v.trick:  # at five players, not the called suit in the first trick (FR-4.2)
            plays = sum(1 for a in v.legal if isinstance(a, Play))
            return "Your turn: lead any card." if plays == len(v.hand) else "Your turn: lead one of the highlighted cards."
        return "Your turn: play one of the highlighted cards."

    def render(self) -> None:
        if self.match is None:
            return
        v = self.game.view(YOU)
        body = document.body
        body.dataset.phase = v.phase.value
        body.dataset.players = str(v.players)
        body.dataset.turn = "you" if v.turn == YOU else ("none" if v.turn is None else "computer")
        if self.superseded:
            body.dataset.turn = "none"
            v = _frozen(v)
        body.dataset.matchOver = "1" if self.match.is_over else "0"
        parts = [self.notice_html(), self.header_html(v), f'<section class="table players-{v.players}">']
        parts += [self.seat_html(v, seat) for seat in range(v.players)]
        parts.append(self.centre_html(v))
        parts.append("</section>")
        parts.append(self.panel_html(v))
        parts.append(self.hand_html(v))
        if self.overlay == "scores":
            parts.append(self.scores_html())
        elif self.overlay == "review":
            parts.append(self.review_html())
        elif self.overlay == "standings":
            parts.append(self.standings_html())
        elif v.phase in (Phase.DONE, Phase.THROWN_IN):
            parts.append(self.result_html(v))
        self.root.innerHTML = "".join(parts)

    def header_html(self, v) -> str:
        names = self.names
        chips = []
        if v.contract is not None:
            # On a phone, the contract alone: the table says who took (the TAKER badge) and
            # whether a chelem was announced (the taker's bubble).
            who, what = _esc(f"{names[v.taker]}: "), _esc(v.contract.label)
            chelem = " · chelem" if v.chelem_announced else ""
            chips.append(f'<span class="contract" title="{who}{what}{chelem}"><span class="long">{who}</span>'
                         f'{what}<span class="long">{chelem}</span></span>')
        if v.called is not None:
            # In words, or on a phone as on the card ("K♥"), which keeps the chips on one row.
            name = _esc(card_name(v.called))
            chips.append(f'<span class="contract called" title="Called: {name}"><span class="long">Called: {name}</span>'
                         f'<span class="short">Called {_esc(card_label(v.called))}</span></span>')
        m = self.match
        number = min(m.deals_played + (0 if v.phase is Phase.DONE else 1), m.deals_to_play)
        parts = [f"Deal {number} of {m.deals_to_play}"]
        if self.mode == "daily":
            parts[:0] = [f"Daily {self.date}"] + (["practice"] if self.practice else [])
        # One part a line on a phone, where the separators are hidden.
        label = '<span class="sep"> · </span>'.join(f"<span>{_esc(part)}</span>" for part in parts)
        return (
            '<header class="topbar">'
            f'<span class="deal-no">{label}</span>'
            f'<p id="status" class="status" role="status" aria-live="polite">{_esc(self.status_line(v))}</p>'
            f'<span class="chips">{"".join(chips)}</span>'
            '<button class="secondary" data-action="scores">Scores</button>'
            '<button class="secondary" data-action="new-match">New match</button>'
            "</header>"
        )

    def seat_html(self, v, seat: int) -> str:
        badges = []
        if seat == v.dealer:
            badges.append('<span class="badge dealer">Dealer</span>')
        if seat == v.taker:
            badges.append('<span class="badge taker">Taker</span>')
        if v.partner_known and v.partner == seat:
            badges.append('<span class="badge partner">Partner</span>')
        active = " active" if v.turn == seat else ""
        bidding = v.phase in (Phase.BIDDING, Phase.CALL, Phase.ECART, Phase.CHELEM)
        msg = self.messages.get(seat) if bidding else self.messages.get(-seat - 1)
        bubble = f'<span class="bubble">{_esc(msg)}</span>' if msg else ""
        info = ""
        if v.phase in (Phase.PLAY, Phase.DONE):
            won = sum(1 for t in v.tricks if t.winner == seat)
            info = f'<span class="tricks">{won} trick{"s" if won != 1 else ""}</span>'
        total = self.match.totals()[seat]
        score = f'<span class="total" title="Match score">{_signed(total)}</span>'
        cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
        shown = "".join(
            '<div class="poignee-shown" title="Poignée shown">'
            + "".join(card_html(c, classes="mini") for c in p.cards) + "</div>"
            for p in v.poignees if p.seat == seat and seat != YOU and v.phase is Phase.PLAY and len(v.tricks) < 2
        )
        position = POSITIONS[v.players][seat]
        return (
            f'<div class="seat pos-{position}{active}" data-seat="{seat}">'
            f'<div class="name">{_esc(self.names[seat])} {score} {"".join(badges)}</div>'
            f"{bubble}{info}{cards}{shown}</div>"
        )

    def centre_html(self, v) -> str:
        if v.phase in (Phase.BIDDING, Phase.CALL):
            inner = f'<div class="chien"><div class="label">The chien</div>{back_html(v.chien_size)}</div>'
        elif v.phase in (Phase.ECART, Phase.CHELEM) and v.chien is not None:
            if v.phase is Phase.ECART and v.taker == YOU:
                # Its cards are in your hand too, tagged "chien": a small phone shows only the
                # words, so that the hand you choose from fits the screen (style.css).
                inner = ('<div class="chien yours"><div class="label all">The chien, shown to all</div>'
                         '<div class="label in-hand">The chien (shown to all): in your hand, tagged “chien”</div>'
                         '<div class="cards">' + "".join(card_html(c) for c in v.chien) + "</div></div>")
            elif v.phase is Phase.ECART:
                inner = ('<div class="chien"><div class="label">The chien, shown to all</div><div class="cards">'
                         + "".join(card_html(c) for c in v.chien) + "</div></div>")
            else:
                inner = '<div class="chien"><div class="label">The taker has made the écart</div></div>'
            shown = _trumps_put_aside(v)
            if shown:
                inner += '<div class="label">Trumps put aside: ' + _esc(", ".join(map(card_name, shown))) + "</div>"
        elif v.phase in (Phase.ECART, Phase.CHELEM):
            inner = f'<div class="chien"><div class="label">The chien stays face down</div>{back_html(v.chien_size)}</div>'
        elif v.phase is Phase.THROWN_IN:
            inner = ""
        else:
            cards, winner = v.trick, None
            if not cards and v.tricks:
                cards, winner = v.tricks[-1].cards, v.tricks[-1].winner
            inner = self.trick_html(v.players, cards, winner)
            first_trick = not v.tricks or (len(v.tricks) == 1 and not v.trick)
            if v.phase is Phase.PLAY and first_trick and v.taker != YOU:
                # A computer taker's chien was shown only briefly: keep it in words until the
                # second trick starts, with the trumps put aside (shown to all, FR-4.1).
                notes = []
                if v.chien is not None:
                    notes.append(("Chien shown: ", v.chien))
                shown = _trumps_put_aside(v)
                if shown:
                    notes.append(("Trumps put aside: ", shown))
                inner += "".join(
                    f'<div class="label chien-note" data-cards="{" ".join(map(format_card, named))}">'
                    f'{_esc(label + ", ".join(map(card_name, named)))}</div>'
                    for label, named in notes)
        return f'<div class="centre">{inner}</div>'

    def trick_html(self, players: int, cards, winner: int | None) -> str:
        positions = POSITIONS[players]
        slots = [card_html(card, classes=f"in-trick pos-{positions[seat]}" + (" winner" if seat == winner else ""))
                 for seat, card in cards]
        caption = ""
        if winner is not None:
            verb = "win" if winner == YOU else "wins"
            caption = f'<div class="trick-caption">{_esc(self.names[winner])} {verb} the trick</div>'
        return f'<div class="trick players-{players}">' + "".join(slots) + "</div>" + caption

    def bid_help_html(self, v) -> str:
        """What the contracts offered mean, for a newcomer: how each one scores and treats the
        chien (from the engine's Contract), and the card points needed by number of bouts."""
        groups: dict[str, list[str]] = {}
        for a in v.legal:
            c = a.contract
            if c is None:
                continue
            chien = ("you take the chien and make an écart" if c.chien_seen else
                     "the chien counts for you, unseen" if c is Contract.GARDE_SANS else
                     "the chien counts for the defence, unseen")
            groups.setdefault(chien, []).append(f"<b>{_esc(c.label)}</b> ×{c.multiplier}")
        if not groups:
            return ""
        lines = [f"{', '.join(names)}: {chien}." for chien, names in groups.items()]
        needs = ", ".join(f"{t} with {n or 'no bout'}" for n, t in enumerate(TARGETS))
        lines.append(f"Card points you need: {needs} (bouts: the 21, the 1, the Excuse ★).")
        lines.append("On the cards: T16 is trump 16, Kn a Knight (between Jack and Queen), ★ the Excuse.")
        return ('<details class="bid-help"><summary>What do these contracts and cards mean?</summary><p>'
                + "<br>".join(lines) + "</p></details>")

    def panel_html(self, v) -> str:
        if v.turn != YOU:
            return '<div class="panel empty"></div>'
        buttons = []
        if v.phase is Phase.BIDDING:
            for a in v.legal:
                value = a.contract.value if a.contract else "pass"
                label = a.contract.label if a.contract else "Pass"
                cls = "secondary" if a.contract is None else "primary"
                buttons.append(f'<button class="{cls}" data-action="bid" data-value="{value}">{label}</button>')
            return '<div class="panel bidding">' + "".join(buttons) + "</div>" + self.bid_help_html(v)
        if v.phase is Phase.CALL:
            cards = "".join(card_html(a.card, tag="button", classes="playable", attrs='data-action="call"')
                            for a in v.legal if isinstance(a, Call))
            return (f'<div class="panel call"><span class="hint">Call:</span><div class="cards">{cards}</div>'
                    '<span class="note">Call one of your own and you play alone.</span></div>')
        if v.phase is Phase.ECART:
            size = v.chien_size
            reason = self.game.check_ecart(self.selected) if len(self.selected) == size else None
            ok = len(self.selected) == size and reason is None
            hint = reason if reason else f"{len(self.selected)} of {size} chosen"
            disabled = "" if ok else " disabled"
            checked = " checked" if self.announce_chelem else ""
            return (
                '<div class="panel ecart">'
                f'<span class="hint">{_esc(hint)}</span>'
                f'<button class="primary" data-action="ecart"{disabled}>Put these {size} aside</button>'
                '<label class="check"><input type="checkbox" data-action="chelem-toggle"'
                f"{checked}> Announce a chelem (win every trick)</label>"
                "</div>"
            )
        if v.phase is Phase.CHELEM:
            return (
                '<div class="panel chelem"><span class="hint">Announce a chelem (every trick)?</span>'
                '<button class="primary" data-action="chelem" data-value="no">No, just play</button>'
                '<button class="secondary" data-action="chelem" data-value="yes">Announce chelem</button></div>'
            )
        offers = [a for a in v.legal if isinstance(a, Poignee)]
        if offers and not self.poignee_declined:
            sizes = {n: size.value for size, n in POIGNEE_THRESHOLDS[v.players].items()}
            for a in offers:
                n = len(a.cards)
                buttons.append(f'<button class="primary" data-action="poignee" data-value="{n}">'
                               f'<span class="long">Show a {sizes[n]} poignée ({n} trumps)</span>'
                               f'<span class="short">Show {sizes[n]} ({n} trumps)</span></button>')
            buttons.append('<button class="secondary" data-action="poignee-decline">Don’t show</button>')
            return ('<div class="panel poignee"><span class="hint">Poignée: its bonus goes to the side that '
                    "wins the deal.</span>" + "".join(buttons) + "</div>")
        return '<div class="panel empty"></div>'

    def hand_html(self, v) -> str:
        parts = []
        if v.phase is Phase.ECART and v.turn == YOU:
            may_go = set(self.game.ecart_candidates())
            from_chien = set(v.chien or ())
            full = len(self.selected) >= v.chien_size
            for c in v.hand:
                extra = " from-chien" if c in from_chien else ""
                if c in self.selected:
                    parts.append(card_html(c, tag="button", classes="selected" + extra, attrs='data-action="select"'))
                elif c in may_go and not full:
                    parts.append(card_html(c, tag="button", classes="playable" + extra, attrs='data-action="select"'))
                else:
                    parts.append(card_html(c, tag="button", classes="disabled" + extra, attrs="disabled"))
        elif v.phase is Phase.PLAY and v.turn == YOU:
            playable = {a.card for a in v.legal if isinstance(a, Play)}
            for c in v.hand:
                if c in playable:
                    parts.append(card_html(c, tag="button", classes="playable", attrs='data-action="play"'))
                else:
                    parts.append(card_html(c, tag="button", classes="disabled", attrs="disabled"))
        else:
            parts = [card_html(c) for c in v.hand]
        many = " many" if len(v.hand) > 18 else ""
        return f'<section class="hand{many}" aria-label="Your hand">{"".join(parts)}</section>'

    # -- overlays --

    def result_html(self, v) -> str:
        names = self.names
        next_button = (
            '<button class="primary" data-action="standings">Final standings</button>'
            if self.match.is_over else
            '<button class="primary" data-action="next-deal">Next deal</button>'
        )
        if v.phase is Phase.THROWN_IN:
            petit_sec = " (Petit sec: the Petit as the only trump, without the Excuse.)" if v.thrown_in == "petit_sec" else ""
            return (
                '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="No deal">'
                f"<h2>No deal</h2><p>{_esc(self.status_line(v))}{petit_sec} It does not count: the next "
                f"dealer deals again.</p>{next_button}</div></div>"
            )
        r = v.result
        s = r.score
        verdict = "made" if s.made else "lost"
        result = f"{verdict} by {abs(s.margin)}" if s.margin else "made exactly (juste fait)"
        contract = f"{s.contract.label} (×{s.multiplier}) by {names[r.taker]}"
        if r.called is not None:
            contract += f", partner {names[r.partner]}" if r.partner is not None else ", alone"
        rows = [
            ("Contract", contract),
            # With a partner, the points and bouts are the side's (FR-7.1), not the taker's own.
            ("Taker's side's card points" if r.partner is not None else "Taker's card points",
             f"{format_points2(r.points2)} of 91"),
            ("Bouts", f"{r.bouts} of 3"),
            ("Target", f"{s.target} with {r.bouts} bout{'s' if r.bouts != 1 else ''}"),
            ("Result", result),
            ("Contract score", f"(25 + {abs(s.margin)}) × {s.multiplier} = {abs(s.base)}"),
        ]
        if r.petit_au_bout is not None:
            who = "the taker's side" if r.petit_au_bout is Side.ATTACK else "the defence"
            rows.append(("Petit au bout", f"10 × {s.multiplier} = {abs(s.petit_au_bout)} to {who}"))
        if r.excuse_lost_by is not None:
            (player,) = [seat for seat, card in v.tricks[-1].cards if card.is_excuse]
            gainer = "the defence" if r.excuse_lost_by is Side.ATTACK else "the taker's side"
            who = "you" if player == YOU else names[player]
            rows.append(("Excuse", f"played to the last trick by {who}, so it went to "
                                   f"{gainer}, which won that trick"))
        for p in r.poignees:
            winners = "the taker's side" if s.made else "the defence"
            rows.append(("Poignée", f"{p.size.value} by {names[p.seat]}: {p.size.bonus} to {winners}"))
        if s.chelem:
            rows.append(("Chelem", f"{s.chelem:+d} for the taker's side"))
        rows.append(("Each defender", f"pays {s.s}" if s.s >= 0 else f"receives {-s.s}"))
        table = "".join(
            f'<tr data-row="{_slug(k)}"><th>{k}</th><td>{_esc(val)}</td></tr>' for k, val in rows
        )
        totals = self.match.totals()
        scores = "".join(
            f'<tr class="{"taker" if seat == r.taker else ""}" data-seat="{seat}"><th>{names[seat]}</th>'
            f'<td class="score">{_signed(r.scores[seat])}</td><td class="total">{_signed(totals[seat])}</td></tr>'
            for seat in range(v.players)
        )
        title = (f"You {verdict} your {s.contract.label}" if r.taker == YOU
                 else f"{names[r.taker]} {verdict} the {s.contract.label}")
        mood = "good" if r.scores[YOU] >= 0 else "bad"  # coloured from your side of the table
        return (
            '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="Score sheet">'
            f'<h2 class="{verdict} {mood}">{_esc(title)}</h2>'
            f'<table class="breakdown">{table}</table>'
            f'<table class="scores"><tr><th></th><th>This deal</th><th>Match</th></tr>{scores}</table>'
            f'<div class="actions">{next_button}'
            '<button class="secondary" data-action="review">Review tricks</button>'
            '<button class="secondary" data-action="scores">Scores</button>'
            '<button class="secondary" data-action="download" data-value="deal">Download deal</button>'
            "</div></div></div>"
        )

    def scores_html(self) -> str:
        """The running score sheet: every counted deal and the cumulative scores (FR-8)."""
        m = self.match
        names = self.names
        head = "".join(f"<th>{_esc(n)}</th>" for n in names)
        rows = []
        counted = m.counted
        for (number, scores, totals), game in zip(m.score_rows(), counted):
            r = game.result
            what = f"{names[r.taker]}: {r.score.contract.label} {'made' if r.score.made else 'lost'}"
            cells = "".join(f'<td>{_signed(s)}<small>{_signed(t)}</small></td>' for s, t in zip(scores, totals))
            rows.append(f'<tr data-deal="{number}"><th>{number}<small>{_esc(what)}</small></th>{cells}</tr>')
        if not rows:
            rows.append(f'<tr><td colspan="{m.players + 1}">No deal finished yet.</td></tr>')
        total = "".join(f"<td><strong>{_signed(t)}</strong></td>" for t in m.totals())
        return (
            '<div class="overlay"><div class="sheet wide" id="match-scores" role="dialog" aria-label="Match scores">'
            f"<h2>Scores after {m.deals_played} of {m.deals_to_play} deals</h2>"
            f'<table class="running"><tr><th>Deal</th>{head}</tr>{"".join(rows)}'
            f'<tr class="totals"><th>Total</th>{total}</tr></table>'
            '<div class="actions"><button class="primary" data-action="close">Back to the table</button>'
            '<button class="secondary" data-action="download" data-value="match">Download match</button></div>'
            "</div></div>"
        )

    def standings_html(self) -> str:
        """The final standings once the match is over."""
        m = self.match
        totals = m.totals()
        rows = "".join(
            f'<tr data-seat="{seat}"><th>{1 + sum(t > total for t in totals)}. {_esc(self.names[seat])}</th>'
            f'<td class="score">{_signed(total)}</td></tr>'
            for seat, total in m.standings()
        )
        best = max(totals)
        winners = [self.names[seat] for seat, total in enumerate(totals) if total == best]
        others = [w for w in winners if w != "You"]
        listed = " and ".join(others)
        if winners == ["You"]:
            title = "You win the match!"
        elif len(winners) == 1:
            title = f"{winners[0]} wins the match"
        elif "You" in winners:
            title = f"You share first place with {listed}"
        else:
            title = f"{listed} share first place"
        return (
            '<div class="overlay"><div class="sheet" id="standings" role="dialog" aria-label="Final standings">'
            f"<h2>{_esc(title)}</h2><p>Final standings after {m.deals_to_play} "
            f"deal{'s' if m.deals_to_play != 1 else ''}.</p>"
            f'<table class="scores">{rows}</table>'
            f"{self.share_html()}"
            '<div class="actions"><button class="primary" data-action="new-match">New match</button>'
            '<button class="secondary" data-action="scores">Score sheet</button>'
            '<button class="secondary" data-action="download" data-value="match">Download match</button></div>'
            "</div></div>"
        )

    def share_html(self) -> str:
        """For a daily game: whether it was the official attempt, and the Share button."""
        if self.mode != "daily":
            return ""
        kind = ("Practice: today's official result was recorded earlier." if self.practice
                else "This is your official result for today.")
        return (
            f'<p class="daily-kind">{_esc(kind)}</p>'
            '<div class="share"><button class="primary" data-action="share">Share</button>'
            '<span id="share-status" role="status"></span>'
            '<textarea id="share-text" readonly hidden rows="3"></textarea></div>'
        )

    def review_html(self) -> str:
        """The finished deal, trick by trick (public once the deal is over)."""
        game = self.game
        v = game.view(YOU)
        tricks = v.tricks
        if not tricks:
            self.overlay = None
            return ""
        k = max(0, min(self.review_index, len(tricks) - 1))
        self.review_index = k
        t = tricks[k]
        # Who played what, in playing order (the leader first): the cards' places alone leave
        # the reader to work out which seat is which.
        order = "".join(
            f'<li data-seat="{seat}"><b>{_esc(self.names[seat])}</b> '
            f'{_esc(f"T{card.rank}" if card.is_trump else card_label(card))}</li>'
            for seat, card in t.cards)
        prev_dis = " disabled" if k == 0 else ""
        next_dis = " disabled" if k == len(tricks) - 1 else ""
        extra = ""
        if k in (0, len(tricks) - 1):  # where a review starts, and where the écart counts (FR-4.1)
            extra = "<p>Chien: " + _esc(", ".join(map(card_name, game.chien))) + "</p>"
            if game.ecart:
                extra += "<p>Écart: " + _esc(", ".join(map(card_name, game.ecart))) + "</p>"
        return (
            '<div class="overlay"><div class="sheet" id="review" role="dialog" aria-label="Review the tricks">'
            f"<h2>Trick {k + 1} of {len(tricks)}</h2>"
            f'<ol class="trick-order" aria-label="Played in this order">{order}</ol>'
            f"{self.trick_html(v.players, t.cards, t.winner)}{extra}"
            '<div class="actions">'
            f'<button class="secondary" data-action="review-step" data-value="-1"{prev_dis}>Previous</button>'
            f'<button class="secondary" data-action="review-step" data-value="1"{next_dis}>Next</button>'
            '<button class="primary" data-action="close">Close</button></div>'
            "</div></div>"
        )


def _frozen(v):
    """``v`` as seen by a tab that must not play on: nobody's turn, nothing to click."""
    return replace(v, turn=None, legal=())


def _slug(label: str) -> str:
    """``"Taker's card points"`` → ``"takers-card-points"`` (a stable hook for tests)."""
    return "-".join("".join(ch for ch in word if ch.isalnum()) for word in label.lower().split())


def start() -> None:
    """Replace the loader with the start screen (or the table) and raise the ready flag."""
    table = Table()
    loader = document.getElementById("loader")
    if loader:
        loader.remove()
    table.open()
    document.body.dataset.version = tarot_core.__version__
    document.body.dataset.ready = "1"
