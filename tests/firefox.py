"""Debian's Firefox (``firefox-esr``), driven over WebDriver BiDi by puppeteer-core from Node
(``tests/browsers/firefox.mjs``), for the e2e tests (test_e2e_browsers.py) and bench/browsers.py.

``FIREFOX`` is its path (``TAROT_FIREFOX`` overrides ``/usr/bin/firefox-esr``; puppeteer's own
browser download is never used). :func:`run_firefox` runs the Node script and returns its JSON
events.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Callable

FIREFOX = os.environ.get("TAROT_FIREFOX", "/usr/bin/firefox-esr")
SCRIPT = Path(__file__).resolve().parent / "browsers" / "firefox.mjs"
ROOT = SCRIPT.parent.parent.parent


class FirefoxError(RuntimeError):
    """The Node script failed: its message, or its exit status and stderr."""


def run_firefox(mode: str, payload: dict, on_offline: Callable[[dict], None] | None = None,
                timeout_s: float = 600) -> list[dict]:
    """Run ``firefox.mjs MODE PAYLOAD`` and return its events (one dict per JSON line on stdout).

    At an ``offline`` event ``on_offline(event)`` is called (it stops the server) and the script is
    told to go on. Raises :class:`FirefoxError` on an ``error`` event, a non-zero exit or when
    the whole run takes longer than ``timeout_s`` (the script is then killed)."""
    env = {**os.environ, "TAROT_FIREFOX": FIREFOX}
    process = subprocess.Popen(["node", str(SCRIPT), mode, json.dumps(payload)], cwd=ROOT, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    timer = threading.Timer(timeout_s, process.kill)
    timer.start()
    events = []
    try:
        for line in process.stdout:
            event = json.loads(line)
            events.append(event)
            if event["event"] == "offline":
                if on_offline is not None:
                    on_offline(event)
                process.stdin.write("go on\n")
                process.stdin.flush()
            elif event["event"] == "error":
                raise FirefoxError(event["message"])
        stderr = process.stderr.read()
        status = process.wait()
    finally:
        timer.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
    if status != 0:
        raise FirefoxError(f"firefox.mjs exited with status {status}: {stderr[-2000:]}")
    return events
