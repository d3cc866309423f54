"""The games the page plays, by id: each game's package brings its adapter
(:class:`tarot_page.adapter.Adapter`), registered here the way :mod:`tarot_core.game` registers
each game's rules.

The shell asks :func:`get` for the adapter of the match on the table (``match.rules.id``) and
never names a game itself. No game's package imports another's, nor this registry.
"""

from __future__ import annotations

#: The page's first game: the start screen's and a link's when none is named.
DEFAULT = "french"

_ADAPTERS: dict = {}


def register(adapter) -> None:
    """Register ``adapter`` under its ``id`` (a later one of the same id replaces it)."""
    _ADAPTERS[adapter.id] = adapter


def _register_builtin() -> None:
    """Register the games the page ships (their packages imported when first asked for)."""
    from tarot_page.games.french import ADAPTER as french
    from tarot_page.games.hungarian import ADAPTER as hungarian

    for adapter in (french, hungarian):
        _ADAPTERS.setdefault(adapter.id, adapter)


def get(game_id: str):
    """The adapter of the game ``game_id``. Raises KeyError for a game the page does not have."""
    if game_id not in _ADAPTERS:
        _register_builtin()
    return _ADAPTERS[game_id]


def ids() -> tuple[str, ...]:
    """The registered games' ids, in the order the page offers them."""
    _register_builtin()
    return tuple(_ADAPTERS)
