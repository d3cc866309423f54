"""Running ``python -m tarot_core`` as a subprocess from the repository root, for the CLI tests
(tests/services/test_cli_*.py, tests/hungarian/test_hungarian_records.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tarot_core", *args], input=stdin.encode("utf-8"),
                          capture_output=True, cwd=REPO, timeout=60)


def expect_error(text: str, key: str) -> str:
    proc = run(["score"], text)
    assert proc.returncode == 2
    assert proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: {key}: "), lines[0]
    return lines[0]
