"""Where things are: the repository's paths, and the page's files that the build ships.

The one place to change when files move: :data:`WEB` (the page's folder, copied to ``dist/``),
:data:`WEB_MODULES` (its Python modules, shipped in app.zip with their bytecode) and
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
#: web/ modules imported by main.py (table) and by each other: shipped in app.zip with their
#: bytecode, not as loose files. browser.py alone touches the browser (pyodide, pyscript).
WEB_MODULES = ("browser.py", "controller.py", "controller_hu.py", "i18n.py", "markup.py", "render.py", "render_hu.py",
               "render_sheet.py", "sheet.py", "table.py", "thinking.py")
#: The script PyScript runs (shipped as a loose file, compiled by PyScript): compile_pyc.mjs walks
#: its imports too, so that the snapshot imports the page's modules.
WEB_ENTRY = "main.py"
