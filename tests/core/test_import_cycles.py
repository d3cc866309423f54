"""No import cycles: the import graph of the project's packages, computed from the source.

Every ``import`` and ``from ... import`` counts, at module level and inside functions alike (a
lazy import is still a dependency: it only moves the cycle to the first call), relative imports
resolved against the importing module; ``from pkg import name`` where ``pkg/name.py`` (or the
package ``pkg/name/``) exists counts as importing the submodule ``pkg.name``, any other name as
importing ``pkg``. Imports of modules outside the checked roots (the standard library) are left
out. A package's ``__init__`` is the module ``pkg``; importing a submodule does not count as
importing its parent package (a package re-exporting its submodules is not a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The source roots whose modules must import one another without a cycle: ``(directory, module
#: name of that directory)``; each ``.py`` file below it is a module (``tarot_core/french/state.py``
#: is ``tarot_core.french.state``).
SOURCE_ROOTS: tuple[tuple[Path, str], ...] = (
    (ROOT / "tarot_core", "tarot_core"),
    (ROOT / "web" / "tarot_page", "tarot_page"),  # the page's package (web/main.py imports it)
    (ROOT / "tools", "tools"),                     # build.py's pipeline, server and environment
    (ROOT / "bench", "bench"),
    (ROOT / "research", "research"),
    (ROOT / "tests", "tests"),
)

#: The compatibility modules: importable for outside tools, imported by no module checked here.
COMPATIBILITY_MODULES = ("tarot_core.cards", "tarot_core.contracts", "tarot_core.dealing", "tarot_core.scoring")


def modules_of(directory: Path, package: str) -> dict[str, Path]:
    """Every module under ``directory`` (the package ``package``): dotted name -> file."""
    found = {}
    for path in sorted(directory.rglob("*.py")):
        parts = list(path.relative_to(directory).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts]) if package else ".".join(parts)] = path
    return found


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name ``from <level dots><target> import ...`` means inside ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` (the file ``path``) imports, anywhere in it."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()

    def add(name: str) -> None:
        # The longest known module that ``name`` is or is inside of (``a.b.c`` of a module ``a.b``).
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            for alias in node.names:
                full = f"{base}.{alias.name}" if base else alias.name
                add(full if full in known else base)
    return found


def import_graph() -> dict[str, set[str]]:
    """``module -> the modules it imports`` over every module of :data:`SOURCE_ROOTS`."""
    files: dict[str, Path] = {}
    for directory, package in SOURCE_ROOTS:
        files.update(modules_of(directory, package))
    known = set(files)
    return {module: imports_of(module, path, known) for module, path in files.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (or a module importing itself),
    each as one cycle through it: ``[a, b, ..., a]``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm (the graphs here are small: recursion is fine)
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return [_cycle_in(graph, set(c)) for c in components]


def _cycle_in(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """One cycle through the first module of ``component`` (a strongly connected component)."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:  # breadth first: the shortest way back to ``start``
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & component):
                if w == start:
                    return paths[v] + [start]
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"not a cycle: {sorted(component)}")


def test_the_graph_sees_lazy_relative_and_submodule_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("from .b import NAME\n")
    (pkg / "sub" / "b.py").write_text("from .. import a\nfrom pkg.sub import NAME\nimport json\n")
    files = modules_of(pkg, "pkg")
    graph = {m: imports_of(m, p, set(files)) for m, p in files.items()}
    assert graph == {"pkg": set(), "pkg.a": {"pkg.sub.b"}, "pkg.sub": {"pkg.sub.b"},
                     "pkg.sub.b": {"pkg.a", "pkg.sub"}}
    assert find_cycles(graph) == [["pkg.a", "pkg.sub.b", "pkg.a"]]
    assert find_cycles({"x": {"y"}, "y": set()}) == []


def test_no_import_cycles() -> None:
    graph = import_graph()
    assert "tarot_core.saves" in graph and "tarot_core.french.state" in graph
    assert "tarot_page.table" in graph and "tarot_page.games.hungarian.render" in graph
    cycles = find_cycles(graph)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


#: The one module allowed to import them: the test that they re-export their homes' very objects.
COMPATIBILITY_TEST = "tests.core.test_compat_modules"


def test_nothing_checked_imports_the_compatibility_modules() -> None:
    graph = import_graph()
    users = sorted(f"{m} imports {c}" for m, imported in graph.items() for c in COMPATIBILITY_MODULES
                   if c in imported and m != COMPATIBILITY_TEST)
    assert not users, "; ".join(users)
