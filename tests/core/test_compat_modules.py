"""The compatibility modules stay importable for tools outside the project (issue 32).

``tarot_core.cards``, ``tarot_core.contracts``, ``tarot_core.dealing`` and ``tarot_core.scoring``
are the names French Tarot's modules had before the engine became a package per game. Nothing in
the project imports them any more (the tests import from the real homes); this is the one test
that does, and it checks that each re-exports, under every name of its ``__all__``, the very same
object (``is``) as the module where that name really lives.
"""

from __future__ import annotations

import importlib

import pytest

#: compatibility module -> {name: the module it really lives in}.
HOMES = {
    "tarot_core.cards": dict.fromkeys(
        ["Suit", "PLAIN_SUITS", "JACK", "KNIGHT", "QUEEN", "KING", "Card", "DECK", "EXCUSE", "PETIT",
         "TRUMP_21", "BOUTS", "TOTAL_POINTS2", "card_from_index", "format_card", "parse_card",
         "parse_cards", "format_cards", "sort_key", "sorted_hand", "points2_of"],
        "tarot_core.french.cards"),
    "tarot_core.contracts": dict.fromkeys(
        ["Contract", "Side", "PoigneeSize", "POIGNEE_THRESHOLDS", "TARGETS", "DEAL_SIZES"],
        "tarot_core.french.contracts"),
    "tarot_core.dealing": {
        **dict.fromkeys(["Deal", "deal", "deal_from_pack", "shuffled_deck"], "tarot_core.french.dealing"),
        **dict.fromkeys(["RNG_LABEL", "DealRng"], "tarot_core.rng"),
    },
    "tarot_core.scoring": dict.fromkeys(
        ["PLAYERS", "MAX_POINTS2", "PETIT_AU_BOUT_BONUS", "CHELEM_ANNOUNCED_MADE",
         "CHELEM_UNANNOUNCED_MADE", "CHELEM_ANNOUNCED_MISSED", "CHELEM_BY_DEFENCE", "format_points2",
         "target", "margin", "DealScore", "score_deal", "JSON_KEYS", "JSON_REQUIRED",
         "DEFAULT_PARTNER_AT_5", "score_from_json"],
        "tarot_core.french.scoring"),
}


@pytest.mark.parametrize("compat", sorted(HOMES))
def test_a_compatibility_module_re_exports_the_very_objects_of_their_homes(compat):
    module = importlib.import_module(compat)
    assert sorted(module.__all__) == sorted(HOMES[compat]), "its names changed: update HOMES and tell outside tools"
    for name, home in HOMES[compat].items():
        assert getattr(module, name) is getattr(importlib.import_module(home), name), f"{compat}.{name}"

