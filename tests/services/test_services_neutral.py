"""The services are game-neutral (issue 32): they reach a game only through the registry of
``tarot_core.game``, checked from the source with ``ast``.

Each game registers its computer players, score sheet and daily game with its ``RULES``; a
service neither imports a game's package (``tarot_core.french``, ``tarot_core.hungarian``, any
game to come: every subpackage of ``tarot_core``), nor keeps a table keyed by game id, nor
compares anything with a game id. The old
public names kept for outside code (``ai.PLAYERS``, ``ai.BUDGETS_HUNGARIAN``, …) are read lazily
from the games by name (strings in a table), which is no import. ``tests/services/test_toy_game.py``
shows the same from the other side: a third game goes through every service unchanged.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TAROT_CORE = Path(__file__).resolve().parents[2] / "tarot_core"
#: The game-neutral services: every module of tarot_core's top level but the protocol, the
#: primitives and the compatibility modules (which re-export the French modules on purpose).
SERVICES = ("ai", "daily", "leaderboard", "match", "records", "record_format", "saves", "scoresheet",
            "sheet_input", "share", "__main__")
GAME_PACKAGES = tuple(sorted(p.name for p in TAROT_CORE.iterdir() if (p / "__init__.py").is_file()))


def game_imports_and_ids(path: Path) -> list[str]:
    """Where the module at ``path`` imports a game's package, keys a table by a game id or
    compares with one:
    ``["line 12: imports tarot_core.french.ai_v1", "line 40: compares with 'hungarian'"]``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ("tarot_core." if node.level else "") + (node.module or "")
            names = [base] if node.module else [f"tarot_core.{alias.name}" for alias in node.names]
        for name in names:
            if name.split(".")[:2] in (["tarot_core", game] for game in GAME_PACKAGES):
                found.append(f"line {node.lineno}: imports {name}")
        if isinstance(node, ast.Dict):  # a per-game table: {"french": ..., "hungarian": ...}
            for key in node.keys:
                if isinstance(key, ast.Constant) and key.value in GAME_PACKAGES:
                    found.append(f"line {node.lineno}: a table keyed by {key.value!r}")
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                values = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                for value in values:
                    if isinstance(value, ast.Constant) and value.value in GAME_PACKAGES:
                        found.append(f"line {node.lineno}: compares with {value.value!r}")
    return found


def test_the_game_packages_are_found():
    assert {"french", "hungarian"} <= set(GAME_PACKAGES)


@pytest.mark.parametrize("service", SERVICES)
def test_a_service_imports_no_game_keeps_no_per_game_table_and_compares_no_game_id(service):
    found = game_imports_and_ids(TAROT_CORE / f"{service}.py")
    assert not found, f"tarot_core/{service}.py: " + "; ".join(found)
