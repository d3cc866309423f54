"""The page's shape, read from its source (issue 32): one package, ``web/tarot_page/``, whose shell
(every module outside ``games/``: ``table.py``, the screens, the clicks, the score sheet, ...)
never imports a game nor compares a game id, whose games (``games/<game>/``) never import one
another, and whose modules import each other without a cycle. No browser, no import of the page."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

#: The repository: the first folder above this file that holds the page (this file may move into
#: a folder of tests).
ROOT = next(p for p in Path(__file__).resolve().parents if (p / "web" / "tarot_page").is_dir())
PACKAGE = ROOT / "web" / "tarot_page"
NAME = PACKAGE.name
GAME_IDS = ("french", "hungarian")


def module_name(path: Path) -> str:
    """``web/tarot_page/games/french/render.py`` -> ``tarot_page.games.french.render`` (a package's
    ``__init__.py`` is the package)."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the page's package by its dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "__pycache__" not in p.parts}


def imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The page's modules that ``path`` names in an import statement, wherever it stands (at the
    top, in a function): ``import a.b``, ``from a import b`` (``a.b`` when that is a module, else
    ``a``), relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for a in node.names:
                out.add(f"{module}.{a.name}" if f"{module}.{a.name}" in known else module)
    return {m for m in out if m in known}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(path, known) - {name} for name, path in known.items()}


def game_of(module: str) -> str | None:
    """The game whose package holds ``module`` (``tarot_page.games.<game>...``), or ``None``."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def test_the_page_is_one_package_with_both_games() -> None:
    names = set(modules())
    assert {f"{NAME}.table", f"{NAME}.common", f"{NAME}.screens", f"{NAME}.games"} <= names
    assert {f"{NAME}.games.{g}" for g in GAME_IDS} <= names
    # Beside the package, web/ holds the entry script only (static files apart, in web/static/).
    assert sorted(p.name for p in (ROOT / "web").glob("*.py")) == ["main.py"]
    assert not list((ROOT / "web" / "static").rglob("*.py"))


def test_no_game_imports_another_game() -> None:
    problems = []
    for module, targets in graph().items():
        mine = game_of(module)
        if mine is None:
            continue
        for target in targets:
            theirs = game_of(target)
            if theirs is not None and theirs != mine:
                problems.append(f"{module} imports {target}")
    assert not problems, problems


def shell() -> list[str]:
    """The page's modules outside the games' packages (``games/<game>/``) and the registry
    (``tarot_page.games``): the shell, the shared screens and drawing pieces, the score sheet,
    the worker's questions, the languages, the markup, the browser."""
    return sorted(m for m in modules() if game_of(m) is None and m != f"{NAME}.games")


def games_on_disk() -> set[str]:
    """The ids of the games whose package is under ``games/`` (a folder with ``__init__.py``)."""
    return {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file()}


def engine_games_imported(path: Path) -> list[str]:
    """The game packages of the engine (``tarot_core.<game>``, ``tarot_core.<game>.x``, or
    ``from tarot_core import <game>``) that ``path`` imports, wherever the import stands."""
    ids = set(GAME_IDS) | games_on_disk()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
            if node.module == "tarot_core":
                names += [f"tarot_core.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] == "tarot_core" and parts[1] in ids:
                found.append(f"{node.lineno}: {name}")
    return found


def test_the_shell_is_the_whole_page_but_the_games() -> None:
    """The modules the next test checks: every module of the page but the games' packages and the
    registry (a new shell module is checked without being named here)."""
    assert {f"{NAME}.{m}" for m in ("table", "screens", "common", "clicks", "sheet", "render_sheet",
                                    "thinking", "i18n", "markup", "browser")} <= set(shell())
    assert set(GAME_IDS) <= games_on_disk()


@pytest.mark.parametrize("module", shell())
def test_the_shell_imports_no_game_and_never_compares_game_ids(module) -> None:
    """The shell (table.py, the shared screens and drawing pieces, the clicks both games share,
    the score sheet, ... every module of the page outside ``games/``) reaches a game through the
    registry (``tarot_page.games``: ``games.get``, ``games.DEFAULT``) only: it imports no module
    of a game's package, neither the page's (``tarot_page.games.<game>``) nor the engine's
    (``tarot_core.<game>``), and compares nothing with a game's id written out."""
    targets = graph()[module]
    assert not [t for t in targets if game_of(t) is not None], targets
    path = modules()[module]
    assert not engine_games_imported(path)
    ids = set(GAME_IDS) | games_on_disk()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    compared = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                for leaf in ast.walk(side):
                    if isinstance(leaf, ast.Constant) and leaf.value in ids:
                        compared.append((node.lineno, leaf.value))
        elif isinstance(node, ast.Attribute) and node.attr in ("hungarian", "french", "extras_hu",
                                                               "run_computers_hu"):
            compared.append((node.lineno, node.attr))
        elif isinstance(node, ast.FunctionDef) and node.name.endswith("_hu"):
            compared.append((node.lineno, node.name))
    assert not compared, compared


def test_the_pages_imports_have_no_cycle() -> None:
    """The import graph of the page's modules (every import statement, at the top or in a
    function) is acyclic."""
    edges = graph()
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_the_graph_sees_the_imports_it_checks() -> None:
    """The checks above would pass on an empty graph: the graph holds the imports the page has."""
    edges = graph()
    assert f"{NAME}.games" in edges[f"{NAME}.table"]
    assert f"{NAME}.common" in edges[f"{NAME}.games.hungarian.render"]
    assert f"{NAME}.games.french" in edges[f"{NAME}.games"]
    assert f"{NAME}.browser" in edges[f"{NAME}.table"]  # start()'s relative import, resolved


def test_the_drawing_pieces_import_no_registry() -> None:
    """common.py, which every game's table imports, imports neither the registry nor a screen: a
    game importing it can never come back to itself."""
    assert graph()[f"{NAME}.common"] <= {f"{NAME}.i18n", f"{NAME}.markup"}
