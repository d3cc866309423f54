#!/usr/bin/env python3
"""Cold-load benchmark of the built site in headless Chromium.

    python bench/load.py [--runs 5] [--build] [--url http://127.0.0.1:8000/]

Serves dist/ on 127.0.0.1 (free port) unless --url is given, then opens it N times, each in a
fresh browser context (empty cache), and measures the milliseconds from navigation start to
``document.body.dataset.ready == "1"`` (today "Python and tarot_core are up"; later "the
table is playable"). Prints each run, the median, the bytes transferred on a cold load (sum of
the response bodies) and the size of dist/. Needs playwright (pip install -e '.[test]') and
Debian's Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 120_000

#: Records performance.now() (ms since navigation start) when body[data-ready] becomes "1",
#: so the measure has no polling delay. Installed before any page script runs.
READY_PROBE = """
(() => {
  const done = () => {
    if (window.__readyAt === undefined && document.body?.dataset.ready === "1") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(done).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"],
  });
})();
"""


def load_once(browser, url: str) -> tuple[float, int, int]:
    """Load ``url`` in a fresh context; return (ms to ready, bytes transferred, requests)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_PROBE)
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
        ready_ms = page.evaluate("window.__readyAt")
        transferred = 0
        for response in responses:
            try:
                transferred += len(response.body())
            except Exception:  # redirects and aborted requests have no body
                pass
        return ready_ms, transferred, len(responses)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the results."""
    parser = argparse.ArgumentParser(description="Cold-load time of the built site")
    parser.add_argument("--runs", type=int, default=5, help="number of cold loads (default 5)")
    parser.add_argument("--build", action="store_true", help="rebuild dist/ first")
    parser.add_argument("--url", help="measure this URL instead of serving dist/")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if args.build or not (build.DIST / "index.html").is_file():
        build.build()
    server = None
    url = args.url
    if url is None:
        server, url = build.serve_in_thread(build.DIST, 0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            try:
                times = []
                transferred = requests = 0
                for run in range(1, args.runs + 1):
                    ms, size, count = load_once(browser, url)
                    times.append(ms)
                    if run == 1:
                        transferred, requests = size, count
                    print(f"run {run}: {ms:.0f} ms to ready", flush=True)
            finally:
                browser.close()
    finally:
        if server is not None:
            server.shutdown()
            server.server_close()

    dist_bytes = build.dir_size(build.DIST)
    print(f"median: {statistics.median(times):.0f} ms to ready over {len(times)} cold loads "
          f"(runs: {', '.join(f'{t:.0f}' for t in times)})")
    print(f"cold load transferred: {transferred} bytes ({transferred / 1e6:.2f} MB) "
          f"in {requests} responses")
    print(f"dist/ size: {dist_bytes} bytes ({dist_bytes / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
