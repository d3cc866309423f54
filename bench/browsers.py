#!/usr/bin/env python3
"""Load time of the game in Chromium, Firefox and WebKit, cold and warm.

    python bench/browsers.py [--runs 5] [--build] [--browsers chromium,firefox,webkit] [--json FILE] [--dist DIR]

What is measured: milliseconds from navigation start until the table is ready
(``body[data-ready='1']``) at ``?players=4&pace=0``, read from the page's own ``app: ready``
performance mark (web/static/app.js sets it the moment the flag goes up), so that every browser is timed
the same way whatever drives it — WebDriver, which drives WebKit, cannot run a script before the
page's own.

* cold: a fresh profile (Chromium: a new Playwright context; Firefox: a new browser context of
  puppeteer-core over WebDriver BiDi, tests/browsers/firefox.mjs; WebKit: a new WebKitWebDriver
  session of MiniBrowser under Xvfb, whose automation profile is ephemeral) — empty HTTP cache,
  no service worker;
* warm: a second load in the same profile once the service worker is active (it serves the page).

Each run measures every browser once, in an order that rotates (the machine may be busy); the
medians follow. The browsers are Debian's (tests/chromium.py, tests/firefox.py, tests/webkit.py);
the site is dist/ (``--build`` rebuilds it; ``--dist`` names another build), served by build.py's
server in a process of its own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from firefox import run_firefox  # noqa: E402
from load import ServerProcess  # noqa: E402  (bench/load.py: build.py's server in a process)
from webkit import start_xvfb, wait_until, webkit_driver  # noqa: E402

QUERY = "?players=4&pace=0"
TIMEOUT_S = 120
BROWSERS = ("chromium", "firefox", "webkit")
READY = "document.body.dataset.ready === '1'"
READY_MARK = "(performance.getEntriesByName('app: ready')[0] || {}).startTime"
WORKER_ACTIVE = ("navigator.serviceWorker.getRegistration()"
                 ".then(r => !!(r && r.active && r.active.state === 'activated'))")


class Chromium:
    """Debian's Chromium through Playwright; one browser, a new context per measure."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)

    def measure(self, url: str) -> dict:
        """One cold and one warm load of ``url`` in a fresh context: their times in ms."""
        context = self.browser.new_context()
        try:
            page = context.new_page()
            times = {}
            for key in ("cold", "warm"):
                page.goto(url)
                page.wait_for_function(READY, timeout=TIMEOUT_S * 1000)
                times[key] = page.evaluate(READY_MARK)
                controlled = page.evaluate("!!navigator.serviceWorker.controller")
                if controlled != (key == "warm"):
                    raise RuntimeError(f"Chromium {key} load: service worker control is {controlled}")
                if key == "cold":  # (wait_for_function would take the promise for a truthy value)
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            return times
        finally:
            context.close()

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


class Firefox:
    """Debian's Firefox ESR through tests/browsers/firefox.mjs (a Node process per measure)."""

    def measure(self, url: str) -> dict:
        """One cold and one warm load of ``url`` in a fresh browser context: their times in ms."""
        events = run_firefox("bench", {"url": url, "query": "", "runs": 1}, timeout_s=TIMEOUT_S * 2)
        (load,) = [e for e in events if e["event"] == "load"]
        return {"cold": load["cold"], "warm": load["warm"]}

    def close(self) -> None:
        pass


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on an Xvfb display; a new
    session (a fresh ephemeral profile) per measure."""

    def __init__(self) -> None:
        self.xvfb = start_xvfb()

    def measure(self, url: str) -> dict:
        """One cold and one warm load of ``url`` in a fresh session: their times in ms."""
        driver = webkit_driver(self.xvfb.display)
        try:
            times = {}
            for key in ("cold", "warm"):
                driver.get(url)
                wait_until(driver, READY, TIMEOUT_S)
                times[key] = driver.execute_script(f"return {READY_MARK}")
                controlled = driver.execute_script("return !!navigator.serviceWorker.controller")
                if controlled != (key == "warm"):
                    raise RuntimeError(f"WebKit {key} load: service worker control is {controlled}")
                if key == "cold":
                    wait_until(driver, WORKER_ACTIVE, TIMEOUT_S)
            return times
        finally:
            driver.quit()

    def close(self) -> None:
        self.xvfb.stop()


DRIVERS = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print each run and the medians."""
    parser = argparse.ArgumentParser(description="Load time of the game in Chromium, Firefox and WebKit")
    parser.add_argument("--runs", type=int, default=5, help="runs of each browser (default 5)")
    parser.add_argument("--build", action="store_true", help="rebuild dist/ first")
    parser.add_argument("--browsers", default=",".join(BROWSERS),
                        help="comma-separated, among chromium, firefox, webkit (default all)")
    parser.add_argument("--json", help="also write the results to this JSON file")
    parser.add_argument("--dist", type=Path, default=build.DIST,
                        help="the built site to measure (default dist/)")
    args = parser.parse_args(argv)
    names = [n for n in args.browsers.split(",") if n]
    unknown = set(names) - set(BROWSERS)
    if unknown:
        parser.error(f"unknown browsers: {', '.join(sorted(unknown))}")
    if args.build or not (args.dist / "index.html").is_file():
        build.build(args.dist)
    runs: dict[str, list[dict]] = {name: [] for name in names}
    server = ServerProcess(args.dist)
    drivers = {}
    try:
        drivers = {name: DRIVERS[name]() for name in names}
        for run in range(1, args.runs + 1):
            shift = (run - 1) % len(names)
            for name in names[shift:] + names[:shift]:
                runs[name].append(drivers[name].measure(server.url + QUERY))
            print(f"run {run}: " + " | ".join(
                f"{n} cold {runs[n][-1]['cold']:.0f} warm {runs[n][-1]['warm']:.0f} ms" for n in names), flush=True)
    finally:
        for driver in drivers.values():
            driver.close()
        server.stop()
    results = {"runs": args.runs, "query": QUERY}
    print(f"median over {args.runs} runs, ms from navigation start to body[data-ready='1'] ({QUERY}):")
    for name in names:
        cold = statistics.median(r["cold"] for r in runs[name])
        warm = statistics.median(r["warm"] for r in runs[name])
        results[name] = {"cold_ms": cold, "warm_ms": warm, "each": runs[name]}
        print(f"  {name:8}  cold {cold:6.0f}  warm {warm:6.0f}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
