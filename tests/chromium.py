"""Debian's Chromium, launched the same way by the e2e tests (conftest.py) and bench/load.py.

``CHROMIUM`` is its path (``TAROT_CHROMIUM`` overrides ``/usr/bin/chromium``; Playwright's own
browsers are never installed); ``CHROMIUM_FLAGS`` are what it needs to run headless as root in a
container, with no background traffic to other hosts.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("TAROT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
