#!/usr/bin/env python3
"""Time per computer move in the page, by level and table size, in headless Chromium.

    python bench/think.py [--deals 2] [--levels normal strong] [--game french] [--build]

Plays ``--deals`` deals of each table size at each level on the built site
(``?players=N&level=L&pace=0``: you pass every bid and play your first playable card) and
times, in the page, every question the table asks the computer players' Web Worker
(``tarotThink``: from the request to its answer, in ms of ``performance.now``; the worker's
Python is Pyodide, so these are Pyodide's decision times, with the record's transfer). Prints
p50, p95 and max per level and table size, and the longest main-thread task seen meanwhile
(Long Tasks API). Also prints how long the worker took to be ready after the table was.
Needs playwright (pip install -e '.[test]') and Debian's Chromium. Not a test: figures for
the notes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

INIT = """
window.__long = [];
new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration)))
  .observe({ type: "longtask", buffered: true });
"""
WRAP = """() => {
  window.__times = [];
  const ask = window.tarotThink;
  window.tarotThink = async (text) => {
    const start = performance.now();
    const answer = await ask(text);
    window.__times.push(performance.now() - start);
    return answer;
  };
  window.__long = [];
}"""


def _play(page) -> None:
    misses = 0
    for _ in range(4000):
        page.wait_for_function("['you', 'none'].includes(document.body.dataset.turn)", timeout=120_000)
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("done", "thrown_in", "all_pass"):  # a deal everybody passed ends there too
            return
        if phase == "bidding":
            buttons = page.locator("[data-action=bid][data-value=pass]")
            (buttons if buttons.count() else page.locator("[data-action=bid]")).first.click()
        elif phase == "play":
            page.locator(".hand button.playable[data-action=play]").first.click()
        elif phase == "discard":  # choose discardable cards until the confirm button is enabled
            confirm = page.locator("[data-action=discard]")
            while confirm.count() and not confirm.first.is_enabled():
                page.locator(".hand button.playable[data-action=select]").first.click()
            if confirm.count():
                confirm.first.click()
        else:  # a Hungarian question: no annulment, pass in the announcements, the first call
            for selector in ("[data-action=annul][data-value=no]", "[data-action=announce][data-value=pass]",
                             "[data-action=call]"):
                if page.locator(selector).count():
                    page.locator(selector).first.click()
                    break
            else:  # the panel not drawn yet (a computer's turn just ended): look again
                misses += 1
                if misses > 100:
                    raise RuntimeError(f"no move found in phase {phase}")
                page.wait_for_timeout(50)

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--levels", nargs="+", default=["normal", "strong"])
    parser.add_argument("--game", default="french", choices=("french", "hungarian"))
    parser.add_argument("--build", action="store_true", help="build dist/ first")
    args = parser.parse_args()
    if args.build or not (build.DIST / "index.html").exists():
        build.build()
    from playwright.sync_api import sync_playwright

    sizes = (3, 4, 5) if args.game == "french" else (4, 5)
    server, url = build.serve_in_thread(build.DIST)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for level in args.levels:
            for players in sizes:
                times, longest, starts = [], 0.0, []
                for k in range(args.deals):
                    page = browser.new_context().new_page()
                    page.add_init_script(INIT)
                    game = "" if args.game == "french" else "game=hungarian&"
                    page.goto(f"{url}?{game}players={players}&level={level}&pace=0&seed=think-{k}")
                    page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
                    page.wait_for_function("document.body.dataset.thinker === 'ready'", timeout=120_000)
                    starts.append(page.evaluate(
                        "performance.getEntriesByName('ai-worker: ready')[0].startTime"))
                    page.evaluate(WRAP)
                    _play(page)
                    times += page.evaluate("window.__times")
                    longest = max([longest] + page.evaluate("window.__long"))
                    page.context.close()
                times.sort()
                p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else float("nan")
                print(f"{args.game} {players} players, {level}: {len(times)} moves, ms p50 "
                      f"{statistics.median(times):.0f} p95 {p95:.0f} max {max(times):.0f}; longest main-thread "
                      f"task {longest:.0f} ms; worker ready at {statistics.median(starts):.0f} ms", flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
