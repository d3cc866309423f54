"""Determinism across runtimes: the same seeded results in CPython and in the page's Pyodide.

``tests/fingerprint.py`` computes golden playthroughs, computer-player choices, determinized
worlds, a push/pop walk and the pinned share codes (French and Hungarian, with a Hungarian
daily game's first deals); here it runs in this CPython and under the
npm ``pyodide`` package in Node (``tools/pyodide_run.mjs``, the runtime the site ships), and the
two JSON outputs must be equal — and both must reproduce every golden file exactly.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for fingerprint.py

from fingerprint import fingerprint  # noqa: E402

#: Pyodide in Node (tens of seconds, a subprocess): left out of the fast tier, run by the full suite.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pyodide_fingerprint() -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide (it builds the site too)"
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    run = subprocess.run([node, "tools/pyodide_run.mjs", "tests/fingerprint.py"], cwd=ROOT,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_cpython_and_pyodide_give_the_same_seeded_results(pyodide_fingerprint):
    from golden_data import PINNED_CODES_HU

    here = fingerprint()
    assert here["golden"]["reproduced"] == here["golden"]["of"] == 144
    assert here["hungarian_codes"] == [totals for _, totals, _ in PINNED_CODES_HU]
    assert pyodide_fingerprint == here


def test_pyodide_is_the_shipped_python(pyodide_fingerprint):
    run = subprocess.run(["node", "-e", "console.log(require('pyodide/package.json').version)"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.stdout.strip() == json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
