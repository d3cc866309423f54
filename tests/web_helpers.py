"""Helpers for the CPython tests of the page's plain modules (``tests/test_web_*.py``).

* Puts ``web/`` on ``sys.path`` so that the page's package ``tarot_page`` imports as the page
  imports it.
* :func:`parse` reads an HTML string into a small tree (stdlib ``html.parser``) that tests query
  with :meth:`Node.find_all`.
* Deals built from real engine states: :func:`first_deal` (a 3/4/5-player deal where you speak
  first), :func:`bid_round`, :func:`you_take`, :func:`play_until`.
* :class:`FakePage`: the page object ``table.Table`` draws through, without a browser;
  :class:`Screens` records what it is shown.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from tarot_page.markup import Markup  # noqa: E402
from tarot_core.french.contracts import Contract  # noqa: E402
from tarot_core.french.dealing import deal  # noqa: E402
from tarot_core.french import Bid, Chelem, FrenchDeal, Phase  # noqa: E402

YOU = 0
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    """An element of a parsed HTML string: ``tag``, ``attrs`` (a dict; a bare attribute maps to
    ``None``), ``children`` (nodes and text strings)."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag, self.attrs, self.children = tag, attrs, []

    @property
    def classes(self) -> set[str]:
        """The element's classes."""
        return set((self.attrs.get("class") or "").split())

    @property
    def text(self) -> str:
        """All the text inside the element, as the browser's textContent gives it."""
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def iter(self):
        """This node and every element below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Node"]:
        """The elements below (or at) this node with ``tag``, class ``cls`` and each of ``attrs``
        (``data_action="play"`` matches ``data-action="play"``; the value ``True`` matches any
        value, the attribute only has to be present)."""
        wanted = {k.replace("_", "-"): v for k, v in attrs.items()}
        out = []
        for node in self.iter():
            if tag is not None and node.tag != tag:
                continue
            if cls is not None and cls not in node.classes:
                continue
            if all((k in node.attrs) if v is True else node.attrs.get(k) == v for k, v in wanted.items()):
                out.append(node)
        return out

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "Node":
        """The single element :meth:`find_all` finds; AssertionError for none or several."""
        found = self.find_all(tag, cls, **attrs)
        assert len(found) == 1, f"{len(found)} elements match {tag} .{cls} {attrs}"
        return found[0]


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node(tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(markup: str) -> Node:
    """The tree of an HTML fragment; AssertionError when its tags do not nest."""
    builder = _TreeBuilder()
    builder.feed(markup)
    builder.close()
    assert builder.stack == [builder.root], "unclosed elements"
    return builder.root


def tokens(nodes: list[Node]) -> list[str]:
    """The ``data-card`` of each node, in order."""
    return [n.attrs["data-card"] for n in nodes]


# --- real deals ---------------------------------------------------------------------------------

def first_deal(seed: int | str, players: int = 4) -> FrenchDeal:
    """The engine state of the deal ``seed`` at ``players`` with the dealer on your left, so that
    you speak first (as the page's first deal); never a deal thrown in for a petit sec."""
    game = FrenchDeal(deal(seed, players, players - 1))
    assert game.phase is Phase.BIDDING, f"seed {seed} is a petit sec: pick another"
    return game


def bid_round(game: FrenchDeal, bids: dict[int, Contract | None]) -> FrenchDeal:
    """Apply one bid per seat in speaking order (``bids`` by seat; a missing seat passes)."""
    while game.phase is Phase.BIDDING:
        seat = game.turn
        game.apply(Bid(seat, bids.get(seat)))
    return game


def you_take(seed: int | str, contract: Contract = Contract.PRISE, players: int = 4) -> FrenchDeal:
    """A deal where you take with ``contract`` (everyone else passes)."""
    return bid_round(first_deal(seed, players), {YOU: contract})


def lowest_play(game: FrenchDeal):
    """The first legal action that is not a poignée (the engine's order): how the other seats
    play in these tests."""
    return next(a for a in game.legal_actions() if type(a).__name__ != "Poignee")


def play_until(game: FrenchDeal, stop) -> FrenchDeal:
    """Apply :func:`lowest_play` (and, at the chelem question, no chelem) until ``stop(game)`` or
    the deal is over."""
    while not game.is_over and not stop(game):
        if game.phase is Phase.CHELEM:
            game.apply(Chelem(game.turn, False))
        else:
            game.apply(lowest_play(game))
    return game


# --- the page, without a browser ----------------------------------------------------------------

class FakeStorage:
    """A dict as the page's storage (``tarot_core.saves.Storage``)."""

    def __init__(self, data: dict | None = None) -> None:
        self.data = {} if data is None else data

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class FakePage:
    """What ``table.Table`` needs of ``browser.BrowserPage``, recorded: the HTML shown, the
    ``<body>`` flags, downloads, the address; tasks run by :meth:`run_tasks`."""

    def __init__(self, query: str = "", fragment: str = "", data: dict | None = None,
                 today: str = "2025-01-15", storage_refused: bool = False,
                 languages: tuple[str, ...] = ("en-US", "en")) -> None:
        self._query, self._fragment, self._today = query, fragment, today
        self._languages = list(languages)
        self.lang: tuple[str, str] | None = None  # (code, direction) of <html>
        self.store = FakeStorage(data)
        self.storage_refused = storage_refused
        self.html = ""
        self.body: dict[str, str] = {}
        self.downloads: list[tuple[str, str]] = []
        self.texts: dict[str, str] = {}
        self.tasks: list = []
        self.reloaded = False
        self.handlers = None
        self.spoken: list[list[str]] = []  # what the live region said, in order

    def query(self):
        return self._query

    def fragment(self):
        return self._fragment

    def address(self):
        return "https://tarot.example/"

    def decode_uri(self, text):
        return text

    def drop_fragment(self):
        self._fragment = ""

    def set_query(self, query):
        self._query, self._fragment = query, ""

    def drop_query(self):
        self._query, self._fragment = "", ""

    def reload(self):
        self.reloaded = True

    def today(self):
        return self._today

    def storage(self):
        if self.storage_refused:
            raise RuntimeError("SecurityError: storage is disabled")
        return self.store

    def show(self, markup):
        if not isinstance(markup, Markup):  # as browser.BrowserPage.show
            raise TypeError(f"page.show takes Markup, not {type(markup).__name__}")
        self.html = markup

    def title(self, text):
        self.doc_title = text

    def languages(self):
        return list(self._languages)

    def set_language(self, code, direction):
        self.lang = (code, direction)

    def announce(self, lines):
        self.spoken.append(list(lines))

    def flags(self, **values):
        self.body.update(values)

    def remove(self, element_id):
        self.texts.pop(element_id, None)

    def scroll_to(self, element_id):
        self.scrolled = getattr(self, "scrolled", []) + [element_id]

    def set_text(self, element_id, text):
        self.texts[element_id] = text

    def offer_text(self, element_id, text):
        self.texts[element_id] = text

    def copy(self, text):
        self.copied = text
        return True

    def value(self, element_id):
        """The text typed in an input: :attr:`values` (set by the test), ``""`` otherwise."""
        return getattr(self, "values", {}).get(element_id, "")

    def share_native(self, text):
        """As a browser with the Web Share API when :attr:`native_share` is set (the text is
        recorded in :attr:`shared`), as one without it otherwise."""
        if not getattr(self, "native_share", False):
            return False
        self.shared = text
        return True

    def download(self, name, text, mime="application/json"):
        self.downloads.append((name, text))

    def spawn(self, coroutine):
        self.tasks.append(coroutine)

    async def sleep(self, seconds):
        return None

    async def think(self, request):
        """As the page's worker: ``thinking.think`` (recorded in :attr:`asked`)."""
        from tarot_page.thinking import think

        self.asked = getattr(self, "asked", []) + [request]
        return think(request)

    def cancel(self, ids):
        """As the page's worker told that questions are no longer needed (recorded, in order, in
        :attr:`cancelled`); the answers here come at once, so nothing is left to skip."""
        self.cancelled = getattr(self, "cancelled", []) + list(ids)

    def listen(self, on_click, on_change, on_storage, on_hash=None):
        self.handlers = (on_click, on_change, on_storage, on_hash)

    def change_fragment(self, fragment):
        """The address's fragment changed in this tab (a link opened into it): as the browser's
        ``hashchange`` event, through the handler ``listen`` was given."""
        self._fragment = fragment
        self.handlers[3](fragment)

    def __del__(self):
        # A task the test never ran is closed, not left to warn "never awaited".
        for coroutine in getattr(self, "tasks", ()):
            coroutine.close()

    def run_tasks(self) -> None:
        """Run every spawned task to its end (their sleeps do not wait)."""
        while self.tasks:
            coroutine = self.tasks.pop(0)
            try:
                coroutine.send(None)
            except StopIteration:
                continue
            raise AssertionError("a task waited on something other than the page's sleep")

    @property
    def tree(self) -> Node:
        """The HTML shown, parsed."""
        return parse(self.html)


def custom_deal(yours: list, chien: list, players: int = 4, dealer: int | None = None) -> FrenchDeal:
    """A deal where you hold ``yours`` and the chien is ``chien`` (cards); the other cards go to
    the other seats in deck order, the bouts first (so nobody else has a petit sec). The dealer
    is on your left unless ``dealer`` says otherwise."""
    from tarot_core.french.cards import BOUTS, DECK, sorted_hand
    from tarot_core.french.dealing import Deal

    used = set(yours) | set(chien)
    rest = sorted((c for c in DECK if c not in used), key=lambda c: (c not in BOUTS, c.index))
    size = len(yours)
    hands = [tuple(sorted_hand(yours))]
    for k in range(players - 1):
        hands.append(tuple(sorted_hand(rest[k * size:(k + 1) * size])))
    return FrenchDeal(Deal(players, players - 1 if dealer is None else dealer, tuple(hands), tuple(chien)))


class Screens:
    """Every screen a :class:`FakePage` is shown, in order (``seen``: the HTML texts, Markup as the
    page was given them); the page still draws each one."""

    def __init__(self, page: FakePage) -> None:
        self.seen: list[str] = []
        show = page.show

        def record(markup):
            self.seen.append(markup)
            show(markup)

        page.show = record
