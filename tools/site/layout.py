"""Where things are: the repository's paths, and the page's files that the build ships.

The one place to change when files move: :data:`WEB` (the page's folder), :data:`STATIC` (its
static files, copied to ``dist/``), :data:`WEB_PACKAGE` (its Python package, whose modules
:data:`WEB_MODULES` lists by walking it, shipped in app.zip with their bytecode) and
:data:`WEB_ENTRY` (the script PyScript runs).
"""

from __future__ import annotations

from pathlib import Path

#: The repository (this file is tools/site/layout.py).
ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PACKAGE_LOCK = ROOT / "package-lock.json"
PYPROJECT = ROOT / "pyproject.toml"
NETLIFY_TOML = ROOT / "netlify.toml"
SW_SCRIPT = ROOT / "tools" / "generate-sw.cjs"
PYC_SCRIPT = ROOT / "tools" / "compile_pyc.mjs"
SNAPSHOT_SCRIPT = ROOT / "tools" / "make_snapshot.mjs"
CATALOGUE_SCRIPT = ROOT / "tools" / "catalogues.py"
#: The page's static files (HTML, CSS, JavaScript, icons, the manifest): copied into dist/ as they are.
STATIC = WEB / "static"
#: The page's Python package (web/tarot_page/), imported by main.py (``tarot_page.table``).
WEB_PACKAGE = WEB / "tarot_page"


def web_modules(package: Path = WEB_PACKAGE) -> tuple[str, ...]:
    """Every module of the page's package, as paths relative to web/ (``"tarot_page/table.py"``),
    sorted: found by walking the package, so that a new module ships without a list to keep."""
    return tuple(sorted(p.relative_to(package.parent).as_posix() for p in package.rglob("*.py")
                        if "__pycache__" not in p.parts))


#: The page's modules (:func:`web_modules`): shipped in app.zip with their bytecode, not as loose
#: files. tarot_page/browser.py alone touches the browser (pyodide, pyscript).
WEB_MODULES = web_modules()
#: The script PyScript runs (shipped as a loose file, compiled by PyScript): compile_pyc.mjs walks
#: its imports too, so that the snapshot imports the page's modules.
WEB_ENTRY = "main.py"
