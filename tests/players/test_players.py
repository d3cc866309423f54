"""Computer players are versioned (issue 14, section 4): ``choose_action`` by version or level,
the daily game's player by date, and a match that names its player."""

from __future__ import annotations

import pytest

from tarot_core import ai
from tarot_core.daily import DAILY_PLAYERS_FROM, daily_match, daily_player
from tarot_core.french.dealing import deal
from tarot_core.french import FrenchDeal
from tarot_core.french.ai_v1 import choose_action as v1
from tarot_core.match import Match


def _positions(n: int = 40):
    """Views of the seat to play along a computer-played deal."""
    game = FrenchDeal(deal("players", 4, 0))
    views = []
    while game.turn is not None:
        view = game.view(game.turn)
        views.append((view, game.ply))
        game.apply(v1(view, "players", game.ply))
    return views[:n]


def test_the_default_the_easy_level_and_v1_are_today_s_player():
    for view, step in _positions():
        expected = v1(view, "players", step)
        assert ai.choose_action(view, "players", step) == expected
        assert ai.choose_action(view, "players", step, version="v1") == expected
        assert ai.choose_action(view, "players", step, level="easy") == expected


def test_unknown_versions_and_levels_are_clear_errors():
    view, step = _positions(1)[0]
    with pytest.raises(ValueError, match="unknown computer player version 'v9'"):
        ai.choose_action(view, 0, step, version="v9")
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        ai.choose_action(view, 0, step, level="grandmaster")
    with pytest.raises(ValueError, match="not both"):
        ai.choose_action(view, 0, step, version="v1", level="easy")
    with pytest.raises(TypeError, match="not a seat view"):
        ai.choose_action(object(), 0, step)


def test_every_published_daily_player_exists_and_the_table_only_grows_forward():
    dates = [first for first, _ in DAILY_PLAYERS_FROM]
    assert dates == sorted(dates) and len(set(dates)) == len(dates)
    assert all(("french", version) in ai.PLAYERS for _, version in DAILY_PLAYERS_FROM)
    assert daily_player("2026-11-30") == "v1"
    assert daily_player("2000-01-01") == "v1"


def test_a_daily_match_plays_the_player_of_its_date_and_a_match_checks_its_player():
    assert daily_match("2026-12-01", 4, 1).player == daily_player("2026-12-01")
    assert Match(4, "x", 1).player == "v1"
    with pytest.raises(ValueError, match="no computer player 'v0'"):
        Match(4, "x", 1, player="v0")


def test_choose_move_on_a_state_is_choose_action_on_the_seat_s_view():
    game = FrenchDeal(deal("moves", 5, 1))
    while game.turn is not None:
        expected = game.move_of(ai.choose_action(game.view(game.turn), "moves", game.ply))
        assert ai.choose_move(game, "moves", game.ply) == expected
        assert ai.choose_move(game, "moves", game.ply, level="easy") == expected
        game.push(expected)
    with pytest.raises(ValueError, match="nobody is to act"):
        ai.choose_move(game, "moves", game.ply)
    with pytest.raises(TypeError, match="not a state"):
        ai.choose_move(object(), 0, 0)
