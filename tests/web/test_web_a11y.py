"""Accessibility of the page's Python (issue 18 §2), in CPython: every card's spoken name, and what
the live region says (``table.Table.speak`` through the fake page's ``announce``) over whole
deals of both games: each bid, each card played, each trick's winner, your turn; a game resumed
is not read out from its start. The browser side (axe-core, the keyboard, the live region kept
across redraws) is tests/test_e2e_a11y.py."""

from __future__ import annotations

import random
import re

import pytest

from web_helpers import FakePage, parse

from tarot_page import i18n  # noqa: E402  (web/)
from tarot_page import common  # noqa: E402
from tarot_page.games.french import render  # noqa: E402
from tarot_page.games.hungarian import render as render_hu  # noqa: E402
from tarot_page import table  # noqa: E402
import test_web_hungarian as hu_flow
import test_web_table as fr_flow
from test_web_i18n import TRANSLATED, locale_dir  # noqa: F401  (fixtures)
from tarot_core.french import cards as fr_cards
from tarot_core.hungarian import cards as hu_cards

FR_PACK = [fr_cards.card_from_index(i) for i in range(78)]
HU_PACK = [hu_cards.card_from_index(i) for i in range(42)]


def _spoken_of(markup: str) -> tuple[str, str]:
    """``(aria-label, text)`` of the one card drawn in ``markup`` (its text: what a voice-control
    user sees and says; the corner is drawn by style.css from ``data-corner``)."""
    node = parse(markup).children[0]
    return node.attrs["aria-label"], node.text


def _lines(page: FakePage) -> list[str]:
    return [line for said in page.spoken for line in said]


def _check_pack(pack, draw, label_in_name: bool = True) -> list[str]:
    """Every card of ``pack`` drawn by ``draw`` has a spoken name, no two the same; with
    ``label_in_name``, its name holds its visible word (WCAG 2.5.3, as axe-core checks it: a
    word of two letters or more, symbols aside)."""
    names = []
    for card in pack:
        name, text = _spoken_of(draw(card, tag="button"))
        assert name.strip(), card
        word = re.sub(r"[^\w]", "", text, flags=re.UNICODE).lower()
        if label_in_name and len(word) > 1:
            assert word in name.lower(), (card, name, text)
        names.append(name)
    assert len(set(names)) == len(pack)  # no two cards sound the same
    return names


def test_every_card_has_a_distinct_spoken_name_holding_its_text() -> None:
    fr = _check_pack(FR_PACK, render.card_html)
    assert {"King of hearts", "trump 21", "the Excuse", "Knight of spades", "1 of clubs"} <= set(fr)
    hu = _check_pack(HU_PACK, render_hu.card_html)
    assert {"the Skíz", "the XXI", "the pagát (I)", "tarokk XIV", "King of hearts"} <= set(hu)


@pytest.mark.parametrize("code", TRANSLATED)
def test_card_names_in_every_language(code: str, locale_dir) -> None:  # noqa: F811
    """Translated, and in the languages written in Latin letters, holding the card's letters (the
    others' cards show Latin letters that their words do not)."""
    i18n.set_language(code)
    fr = _check_pack(FR_PACK, render.card_html, code in ("fr", "hu"))
    hu = _check_pack(HU_PACK, render_hu.card_html, code in ("fr", "hu"))
    i18n.set_language("en")
    assert "King of hearts" not in fr and "the Excuse" not in fr and "the Skíz" not in hu


def test_a_french_deal_is_heard_card_by_card() -> None:
    t, page = fr_flow._open("?players=4&seed=7&pace=0&level=easy")
    assert page.spoken[0] == ["Your turn to bid: choose a contract or pass."]
    fr_flow._play_to_the_end(page, "garde")
    game = t.game
    names = render.seat_names(4)
    lines = _lines(page)
    # Each action your view saw, in its order: the bids, then each card and each trick's winner.
    bids = [f"{names[a.seat]}: {'Pass' if a.contract is None else render.contract_label(a.contract)}"
            for a in game.history if type(a).__name__ == "Bid"]
    assert [line for line in lines if re.match(r"^\w+: (Pass|Prise|Garde)", line)] == bids
    expected = []
    for trick in game.view(0).tricks:
        for seat, card in trick.cards:
            expected.append(common.play_text(seat, render.card_name(card), names))
        expected.append(common.trick_won_text(trick.winner, names))
    heard = [line for line in lines if not line.startswith("Your") and (
        " play" in line or "win the trick" in line or "wins the trick" in line)]
    assert heard == expected
    assert len(expected) == 18 * 5
    # Your turn is said each time it comes (the bid, the écart, each of your 18 cards).
    assert sum(line.startswith("Your turn") or line.startswith("Your écart") for line in lines) >= 19


def test_a_game_resumed_is_not_read_out_from_its_start() -> None:
    t, page = fr_flow._open("?players=4&seed=7&pace=0&level=easy")
    for _ in range(4):
        fr_flow._your_move(page, "garde")
    saved = dict(page.store.data)
    again = FakePage("?players=4&seed=7&pace=0&level=easy", data=saved)
    t2 = table.Table(again)
    t2.open()
    again.run_tasks()
    first = again.spoken[0]
    assert len(first) == 1 and first[0].startswith(("Your", "You may")), first


@pytest.mark.parametrize("seed", [2, 5])
def test_a_hungarian_deal_is_heard(seed: int) -> None:
    t, page = hu_flow._open(f"?game=hungarian&players=4&seed={seed}&pace=0&level=easy")
    rng = random.Random(seed)
    while page.body["turn"] == "you":
        hu_flow._move(page, rng)
    game = t.game
    assert game.phase.value in ("done", "all_pass", "annulled")
    lines = _lines(page)
    names = render_hu.seat_names(4)
    v = game.view(0)
    assert len([a for a in game.history if type(a).__name__ == "Bid"]) == sum(
        1 for line in lines if any(line == f"{names[s]}: {render_hu.said_bid(v, s, lv, k)}" for s, lv, k in v.bids))
    if v.tricks:
        plays = [line for line in lines if re.search(r" plays? ", line) and not line.startswith("Your")]
        assert len(plays) == sum(len(t.cards) for t in v.tricks)
        assert sum("win the trick" in line or "wins the trick" in line for line in lines) == len(v.tricks)


@pytest.mark.parametrize("code, plays, wins", [("fr", "joue", "remporte le pli"), ("hu", "lapja:", "viszi az ütést")])
def test_the_table_is_heard_in_the_page_s_language(code: str, plays: str, wins: str, locale_dir) -> None:  # noqa: F811
    t, page = fr_flow._open(f"?players=4&seed=7&pace=0&level=easy&lang={code}")
    fr_flow._play_to_the_end(page, "garde")
    lines = _lines(page)
    assert any(plays in line for line in lines) and any(wins in line for line in lines)
    assert not any(" plays " in line or "wins the trick" in line or "Your turn" in line for line in lines)
