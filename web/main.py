"""The French Tarot table in the browser (PyScript): draws the game and handles clicks.

Thin on purpose: every rule question goes to :mod:`tarot_core` (legal actions, the écart check,
scoring); this file only draws what the engine says and turns clicks into engine actions.

Seats are numbered in playing order (FR-2): you are seat 0 at the bottom, seat 1 on your right,
seat 2 across, seat 3 on your left — play passes to the right, counter-clockwise.

URL options: ``?pace=MS`` sets the computer players' delay per card in milliseconds (default
700; the tests use 0), ``?seed=N`` deals a given seed first.
"""

from __future__ import annotations

import asyncio
import html
import secrets

from pyodide.ffi import create_proxy
from pyscript import document, window

import tarot_core
from tarot_core.ai import choose_action
from tarot_core.cards import Card, format_card, parse_card, sorted_hand
from tarot_core.contracts import Contract, Side
from tarot_core.dealing import deal
from tarot_core.errors import IllegalActionError
from tarot_core.scoring import format_points2
from tarot_core.french import Bid, Chelem, FrenchDeal, Phase, Play, Poignee

YOU = 0
NAMES = ("You", "Hugo", "Léa", "Camille")
POSITIONS = ("south", "east", "north", "west")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
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


# --- drawing cards ---------------------------------------------------------------------------

def card_html(card: Card, *, attrs: str = "", classes: str = "", tag: str = "div") -> str:
    """One card drawn as DOM: rank and suit in the corner, a large symbol in the middle."""
    token = format_card(card)
    if card.is_excuse:
        face, corner, kind, label = "★", "★", "excuse", "the Excuse"
    elif card.is_trump:
        face, corner, kind, label = str(card.rank), str(card.rank), "trump", f"trump {card.rank}"
    else:
        rank = token[:-1]
        symbol = card.suit.symbol
        corner = {"N": "Kn"}.get(rank, rank)
        face = symbol if rank.isdigit() else corner
        kind = "red" if card.suit.value in RED else "black"
        rank_name = {"J": "Jack", "N": "Knight", "Q": "Queen", "K": "King"}.get(rank, rank)
        label = f"{rank_name} of {SUIT_NAMES[card.suit.value]}"
        corner = f"{corner}{symbol}"
    if card.is_trump and card.rank in (1, 21):
        kind += " bout"
    return (
        f'<{tag} class="card {kind} {classes}" data-card="{token}" aria-label="{label}" {attrs}>'
        f'<span class="corner">{html.escape(corner)}</span>'
        f'<span class="face">{html.escape(face)}</span>'
        f"</{tag}>"
    )


def back_html(count: int, classes: str = "") -> str:
    """A small stack of face-down cards with its count."""
    return f'<div class="backs {classes}"><div class="card back"></div><span class="count">{count}</span></div>'


# --- the game controller ---------------------------------------------------------------------

class Table:
    """One deal at a time against three computer players, drawn into ``#app``."""

    def __init__(self) -> None:
        params = _params()
        self.pace = max(0, _int_param(params, "pace", 700) or 0)
        self.next_seed: int | str = _int_param(params, "seed", None) or secrets.randbits(48)
        self.dealer = 2  # new_deal() moves it to seat 3, so that you speak first
        self.game: FrenchDeal | None = None
        self.seed: int | str = 0
        self.selected: set[Card] = set()
        self.messages: dict[int, str] = {}
        self.status = ""
        self.last_trick_shown = False
        self.generation = 0
        self.running = False
        self.root = document.getElementById("app")
        self._on_click = create_proxy(self.on_click)
        self.root.addEventListener("click", self._on_click)

    # -- flow --

    def new_deal(self) -> None:
        """Deal the next hand (the dealer moves to the right, FR-2) and start it."""
        self.generation += 1
        self.seed = self.next_seed
        self.next_seed = secrets.randbits(48)
        self.dealer = (self.dealer + 1) % 4
        self.game = FrenchDeal(deal(self.seed, 4, self.dealer))
        self.selected = set()
        self.messages = {}
        self.last_trick_shown = False
        self.render()
        self.schedule()

    def schedule(self) -> None:
        """Let the computer players act until it is your turn or the deal ends."""
        if not self.running:
            asyncio.ensure_future(self.run_computers(self.generation))

    async def run_computers(self, generation: int) -> None:
        self.running = True
        try:
            game = self.game
            while generation == self.generation and game.turn is not None and game.turn != YOU:
                seat = game.turn
                if game.phase is Phase.PLAY and not game.trick and game.tricks and self.last_trick_shown:
                    await asyncio.sleep(self.pace * 1.6 / 1000)  # let the finished trick be seen
                else:
                    await asyncio.sleep(self.pace / 1000)
                if generation != self.generation:
                    return
                action = choose_action(game.view(seat), self.seed, len(game.history))
                self.perform(action)
                if game.phase is Phase.ECART and game.turn == seat:
                    # The computer's écart: let the shown chien be seen, then put six aside.
                    await asyncio.sleep(self.pace * 2 / 1000)
                    while generation == self.generation and game.phase is Phase.ECART:
                        self.perform(choose_action(game.view(seat), self.seed, len(game.history)))
        finally:
            self.running = False
        if generation == self.generation:
            self.render()

    def perform(self, action) -> bool:
        """Apply one action through the engine and redraw; False when the engine refused it."""
        game = self.game
        try:
            game.apply(action)
        except IllegalActionError:
            return False  # e.g. a stale click: nothing changed
        self.note(action)
        self.render()
        return True

    def note(self, action) -> None:
        """Keep the short per-seat messages (bids, poignées, chelem) shown beside the names."""
        seat = action.seat
        if isinstance(action, Bid):
            self.messages[seat] = action.contract.label if action.contract else "Pass"
        elif isinstance(action, Poignee):
            self.messages[-seat - 1] = f"Poignée of {len(action.cards)}"
        elif isinstance(action, Chelem) and action.announced:
            self.messages[-seat - 1] = "Chelem announced"
        if isinstance(action, Play):
            self.last_trick_shown = not self.game.trick and bool(self.game.tricks)

    # -- clicks --

    def on_click(self, event) -> None:
        target = event.target.closest("[data-action]")
        if target is None or self.game is None:
            return
        kind = target.dataset.action
        game = self.game
        if kind == "new-deal":
            self.new_deal()
            return
        if kind == "bid" and game.turn == YOU:
            value = target.dataset.value
            self.perform(Bid(YOU, None if value == "pass" else Contract.parse(value)))
        elif kind == "select" and game.phase is Phase.ECART and game.turn == YOU:
            card = parse_card(target.dataset.card)
            if card in self.selected:
                self.selected.discard(card)
            elif card in game.ecart_candidates() and len(self.selected) < game.chien_size:
                self.selected.add(card)
            self.render()
            return
        elif kind == "ecart" and game.phase is Phase.ECART and game.turn == YOU:
            try:
                game.apply_ecart(sorted_hand(self.selected))
            except IllegalActionError:
                return
            self.selected = set()
            self.render()
        elif kind == "chelem" and game.turn == YOU:
            self.perform(Chelem(YOU, target.dataset.value == "yes"))
        elif kind == "poignee" and game.turn == YOU:
            size = int(target.dataset.value)
            choice = next((a for a in game.legal_actions() if isinstance(a, Poignee) and len(a.cards) == size), None)
            if choice is not None:
                self.perform(choice)
        elif kind == "play" and game.turn == YOU:
            self.perform(Play(YOU, parse_card(target.dataset.card)))
        self.schedule()

    # -- drawing (from your seat's view only: nothing hidden can leak onto the page) --

    def status_line(self, v) -> str:
        if v.phase is Phase.THROWN_IN:
            if v.thrown_in == "petit_sec":
                seat = v.petit_sec_seat
                verb = "have" if seat == YOU else "has"
                return f"{NAMES[seat]} {verb} the Petit sec (the Petit as only trump): the deal is cancelled."
            return "Everyone passed: the deal is thrown in."
        if v.phase is Phase.DONE:
            return "The deal is over."
        if v.turn != YOU:
            verb = {Phase.BIDDING: "is bidding", Phase.ECART: "is making the écart",
                    Phase.CHELEM: "is deciding on a chelem", Phase.PLAY: "is playing"}[v.phase]
            return f"{NAMES[v.turn]} {verb}…"
        if v.phase is Phase.BIDDING:
            return "Your turn to bid: choose a contract or pass."
        if v.phase is Phase.ECART:
            return f"Choose {self.game.chien_size} cards to put aside (no King, no bout), then confirm."
        if v.phase is Phase.CHELEM:
            return "You may announce a chelem: winning every trick."
        if any(isinstance(a, Poignee) for a in v.legal):
            return "Your turn: you may show a poignée, then play a card."
        if not v.trick:
            return "Your turn: lead any card."
        return "Your turn: play one of the highlighted cards."

    def render(self) -> None:
        v = self.game.view(YOU)
        body = document.body
        body.dataset.phase = v.phase.value
        body.dataset.turn = "you" if v.turn == YOU else ("none" if v.turn is None else "computer")
        parts = [self.header_html(v), '<section class="table">']
        for seat in (2, 3, 1, YOU):
            parts.append(self.seat_html(v, seat))
        parts.append(self.centre_html(v))
        parts.append("</section>")
        parts.append(self.panel_html(v))
        parts.append(self.hand_html(v))
        if v.phase in (Phase.DONE, Phase.THROWN_IN):
            parts.append(self.result_html(v))
        self.root.innerHTML = "".join(parts)

    def header_html(self, v) -> str:
        contract = ""
        if v.contract is not None:
            who = "You" if v.taker == YOU else NAMES[v.taker]
            chelem = " · chelem announced" if v.chelem_announced else ""
            contract = f'<span class="contract">{who}: {v.contract.label}{chelem}</span>'
        return (
            '<header class="topbar">'
            "<h1>French Tarot</h1>"
            f'<p id="status" class="status" role="status" aria-live="polite">{html.escape(self.status_line(v))}</p>'
            f"{contract}"
            '<button class="secondary" data-action="new-deal">New deal</button>'
            "</header>"
        )

    def seat_html(self, v, seat: int) -> str:
        badges = []
        if seat == v.dealer:
            badges.append('<span class="badge dealer">Dealer</span>')
        if seat == v.taker:
            badges.append('<span class="badge taker">Taker</span>')
        active = " active" if v.turn == seat else ""
        bidding = v.phase in (Phase.BIDDING, Phase.ECART, Phase.CHELEM)
        msg = self.messages.get(seat) if bidding else self.messages.get(-seat - 1)
        bubble = f'<span class="bubble">{html.escape(msg)}</span>' if msg else ""
        info = ""
        if v.phase in (Phase.PLAY, Phase.DONE):
            won = sum(1 for t in v.tricks if t.winner == seat)
            info = f'<span class="tricks">{won} trick{"s" if won != 1 else ""}</span>'
        cards = back_html(v.hand_sizes[seat]) if seat != YOU and v.hand_sizes[seat] else ""
        shown = "".join(
            '<div class="poignee-shown" title="Poignée shown">'
            + "".join(card_html(c, classes="mini") for c in p.cards) + "</div>"
            for p in v.poignees if p.seat == seat and v.phase is Phase.PLAY and len(v.tricks) < 2
        )
        return (
            f'<div class="seat {POSITIONS[seat]}{active}" data-seat="{seat}">'
            f'<div class="name">{html.escape(NAMES[seat])} {"".join(badges)}</div>'
            f"{bubble}{info}{cards}{shown}</div>"
        )

    def centre_html(self, v) -> str:
        if v.phase is Phase.BIDDING:
            inner = f'<div class="chien"><div class="label">The chien</div>{back_html(self.game.chien_size)}</div>'
        elif v.phase in (Phase.ECART, Phase.CHELEM) and v.chien is not None:
            inner = ('<div class="chien"><div class="label">The chien, shown to all</div><div class="cards">'
                     + "".join(card_html(c) for c in v.chien) + "</div></div>")
            shown = [c for c in v.ecart if c.is_trump]
            if shown and v.taker != YOU:
                inner += ('<div class="label">Trumps put aside: '
                          + html.escape(" ".join(format_card(c) for c in shown)) + "</div>")
        elif v.phase in (Phase.ECART, Phase.CHELEM):
            inner = f'<div class="chien"><div class="label">The chien stays face down</div>{back_html(self.game.chien_size)}</div>'
        else:
            cards, winner = v.trick, None
            if not cards and v.tricks:
                cards, winner = v.tricks[-1].cards, v.tricks[-1].winner
            slots = [card_html(card, classes="in-trick " + POSITIONS[seat] + (" winner" if seat == winner else ""))
                     for seat, card in cards]
            caption = ""
            if winner is not None:
                verb = "win" if winner == YOU else "wins"
                caption = f'<div class="trick-caption">{html.escape(NAMES[winner])} {verb} the trick</div>'
            inner = f'<div class="trick" data-trick="{len(v.tricks)}">' + "".join(slots) + "</div>" + caption
        return f'<div class="centre">{inner}</div>'

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
            return '<div class="panel bidding">' + "".join(buttons) + "</div>"
        if v.phase is Phase.ECART:
            size = self.game.chien_size
            reason = self.game.check_ecart(self.selected) if len(self.selected) == size else None
            ok = len(self.selected) == size and reason is None
            hint = reason if reason else f"{len(self.selected)} of {size} chosen"
            disabled = "" if ok else " disabled"
            return (
                '<div class="panel ecart">'
                f'<span class="hint">{html.escape(hint)}</span>'
                f'<button class="primary" data-action="ecart"{disabled}>Put these {size} aside</button>'
                "</div>"
            )
        if v.phase is Phase.CHELEM:
            return (
                '<div class="panel chelem"><span class="hint">Announce a chelem (every trick)?</span>'
                '<button class="secondary" data-action="chelem" data-value="no">No, just play</button>'
                '<button class="primary" data-action="chelem" data-value="yes">Announce chelem</button></div>'
            )
        offers = [a for a in v.legal if isinstance(a, Poignee)]
        if offers:
            names = {10: "simple", 13: "double", 15: "triple"}
            for a in offers:
                n = len(a.cards)
                buttons.append(
                    f'<button class="primary" data-action="poignee" data-value="{n}">'
                    f"Show a {names.get(n, '')} poignée ({n} trumps)</button>"
                )
            return ('<div class="panel poignee"><span class="hint">Poignée: its bonus goes to the side that '
                    "wins the deal.</span>" + "".join(buttons) + "</div>")
        return '<div class="panel empty"></div>'

    def hand_html(self, v) -> str:
        parts = []
        if v.phase is Phase.ECART and v.turn == YOU:
            may_go = set(self.game.ecart_candidates())
            from_chien = set(v.chien or ())
            full = len(self.selected) >= self.game.chien_size
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

    def result_html(self, v) -> str:
        if v.phase is Phase.THROWN_IN:
            return (
                '<div class="overlay"><div class="sheet" id="score-sheet">'
                f"<h2>No deal</h2><p>{html.escape(self.status_line(v))}</p>"
                '<button class="primary" data-action="new-deal">New deal</button></div></div>'
            )
        r = v.result
        s = r.score
        taker = NAMES[r.taker]
        verdict = "made" if s.made else "lost"
        result = f"{verdict} by {abs(s.margin)}" if s.margin else "made exactly (juste fait)"
        rows = [
            ("Contract", f"{s.contract.label} (×{s.multiplier}) by {taker}"),
            ("Taker's card points", f"{format_points2(r.points2)} of 91"),
            ("Bouts", f"{r.bouts} of 3"),
            ("Target", f"{s.target} with {r.bouts} bout{'s' if r.bouts != 1 else ''}"),
            ("Result", result),
            ("Contract score", f"(25 + {abs(s.margin)}) × {s.multiplier} = {abs(s.base)}"),
        ]
        if r.petit_au_bout is not None:
            who = "the taker" if r.petit_au_bout is Side.ATTACK else "the defence"
            rows.append(("Petit au bout", f"10 × {s.multiplier} = {abs(s.petit_au_bout)} to {who}"))
        for p in r.poignees:
            winners = "the taker" if s.made else "the defence"
            rows.append(("Poignée", f"{p.size.value} by {NAMES[p.seat]}: {p.size.bonus} to {winners}"))
        if s.chelem:
            rows.append(("Chelem", f"{s.chelem:+d} for the taker"))
        rows.append(("Each defender", f"pays {s.s}" if s.s >= 0 else f"receives {-s.s}"))
        table = "".join(
            f'<tr data-row="{_slug(k)}"><th>{k}</th><td>{html.escape(val)}</td></tr>' for k, val in rows
        )
        scores = "".join(
            f'<tr class="{"taker" if seat == r.taker else ""}" data-seat="{seat}"><th>{NAMES[seat]}</th>'
            f'<td class="score">{r.scores[seat]:+d}</td></tr>'
            for seat in range(4)
        )
        if r.taker == YOU:
            title = f"You {verdict} your {s.contract.label}"
        else:
            title = f"{taker} {verdict} the {s.contract.label}"
        return (
            '<div class="overlay"><div class="sheet" id="score-sheet" role="dialog" aria-label="Score sheet">'
            f'<h2 class="{verdict}">{html.escape(title)}</h2>'
            f'<table class="breakdown">{table}</table>'
            f'<h3>Scores</h3><table class="scores">{scores}</table>'
            '<button class="primary" data-action="new-deal">New deal</button>'
            "</div></div>"
        )


def _slug(label: str) -> str:
    """``"Taker's card points"`` → ``"takers-card-points"`` (a stable hook for tests)."""
    return "-".join("".join(ch for ch in word if ch.isalnum()) for word in label.lower().split())


def start() -> None:
    """Replace the loader with the table and deal the first hand."""
    table = Table()
    loader = document.getElementById("loader")
    if loader:
        loader.remove()
    table.new_deal()
    document.body.dataset.version = tarot_core.__version__
    document.body.dataset.ready = "1"


start()
