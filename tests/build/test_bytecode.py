"""The page's Python arrives compiled: nothing the first screen imports is compiled in the browser.

build.py (tools/compile_pyc.mjs) adds bytecode compiled by the page's own Pyodide to three
places: app.zip (tarot_core and the page's modules, unchecked-hash; PyScript's ``pyscript`` package,
checked-hash) and Pyodide's python_stdlib.zip (the standard-library modules imported at start-up,
unchecked-hash, next to their sources). Issue 5 (load time): compiling them at every start cost
about two of the 3.3 seconds of a bare Pyodide start (bench/load.py).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from conftest import READY_TIMEOUT_MS

ROOT = Path(__file__).resolve().parents[2]
NPM_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


def _shipped_stdlib(site_dist: Path) -> Path:
    (path,) = site_dist.glob("assets/pyodide-*/python_stdlib.zip")
    return path


@pytest.mark.slow
def test_shipped_stdlib_is_pyodides_plus_bytecode(site_dist: Path) -> None:
    """Every entry of the npm package's zip is shipped unchanged; the additions are only .pyc
    files next to their .py, of the same Python (one magic number), unchecked-hash (flags 1)."""
    with zipfile.ZipFile(NPM_STDLIB) as original, zipfile.ZipFile(_shipped_stdlib(site_dist)) as shipped:
        before = {info.filename: original.read(info) for info in original.infolist()}
        after = {info.filename: shipped.read(info) for info in shipped.infolist()}
    assert all(after.get(name) == data for name, data in before.items())
    added = set(after) - set(before)
    assert added and all(name.endswith(".pyc") and name[:-1] in before for name in added)
    assert not any(name.endswith(".pyc") for name in before)  # npm's zip: sources only
    headers = {after[name][:8] for name in added}
    (header,) = headers
    assert int.from_bytes(header[4:8], "little") == 1  # hash-based, unchecked (PEP 552)
    # The modules of Pyodide's own start are among them, e.g. encodings and asyncio.
    assert {"encodings/__init__.pyc", "asyncio/__init__.pyc", "json/__init__.pyc"} <= added


@pytest.mark.slow
def test_app_bundle_carries_pyscripts_bytecode(site_dist: Path) -> None:
    """app.zip holds checked-hash bytecode for each module of PyScript's ``pyscript`` package."""
    config = json.loads((site_dist / "pyscript.json").read_text(encoding="utf-8"))
    (app,) = [name for name in config["files"] if name.endswith("app.zip")]
    with zipfile.ZipFile(site_dist / app) as zf:
        pycs = {name: zf.read(name) for name in zf.namelist() if name.startswith("pyscript/")}
    names = {name.rsplit("/", 1)[1].split(".")[0] for name in pycs}
    assert {"__init__", "context", "display", "events", "storage", "web"} <= names
    assert all(name.startswith("pyscript/__pycache__/") for name in pycs)
    assert {int.from_bytes(data[4:8], "little") for data in pycs.values()} == {3}  # checked-hash


#: Appended to main.py by the test below: once the table is drawn, report for each imported module
#: whether it came from bytecode (stdlib zip) or has usable bytecode next to it (working directory).
CHECK = '''
import importlib.util, json, os, sys
from pyscript import document

def _check():
    magic = importlib.util.MAGIC_NUMBER
    stdlib = os.path.dirname(os.__file__)
    report = {"stdlib": 0, "pyscript": 0, "game": 0, "problems": []}
    for name, module in sorted(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib + "/"):
            # zipimport names the file it loaded: the .pyc, or the .py it had to compile.
            if origin.endswith(".pyc"):
                report["stdlib"] += 1
            elif origin.endswith(".py"):
                report["problems"].append(f"{name}: compiled from {origin}")
        elif origin.startswith(os.getcwd() + "/") and origin.endswith(".py"):
            cached = importlib.util.cache_from_source(origin)
            kind = "pyscript" if name.split(".")[0] == "pyscript" else "game"
            if not os.path.exists(cached):
                report["problems"].append(f"{name}: no {cached}")
                continue
            data = open(cached, "rb").read()
            source = open(origin, "rb").read()
            flags = int.from_bytes(data[4:8], "little")
            if data[:4] != magic:
                report["problems"].append(f"{name}: {cached} was compiled by another Python")
            elif flags == 3 and data[8:16] != importlib.util.source_hash(source):
                report["problems"].append(f"{name}: {cached} does not match the source PyScript wrote")
            elif flags not in (1, 3):
                report["problems"].append(f"{name}: {cached} is timestamp-based (flags {flags})")
            else:
                report[kind] += 1
    return report

document.body.dataset.bytecode = json.dumps(_check())
'''


@pytest.mark.e2e
def test_every_module_imported_at_start_has_usable_bytecode(page: Page, site_url: str) -> None:
    """In the page, after the table is drawn: every module imported from the stdlib zip was
    loaded from its .pyc; every module of the game and of PyScript has its .pyc in __pycache__,
    compiled by this Python, hash-based, and PyScript's match the sources PyScript wrote."""

    def with_check(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + CHECK)

    page.route("**/main.py", with_check)
    page.goto(site_url + "?players=4&pace=0")
    page.wait_for_function("document.body.dataset.bytecode !== undefined", timeout=READY_TIMEOUT_MS)
    report = json.loads(page.evaluate("document.body.dataset.bytecode"))
    assert report["problems"] == []
    assert report["stdlib"] > 100  # Pyodide's own start imports over a hundred
    assert report["pyscript"] >= 8  # pyscript and the submodules its __init__ imports
    assert report["game"] >= 10  # table and tarot_core's modules
