#!/usr/bin/env python3
"""Load time of the game against a bare Pyodide page, cold and warm, in headless Chromium.

    python bench/load.py [--runs 15] [--build] [--detail] [--game hungarian]

What is measured: milliseconds from navigation start to a playable table — the game at
``?players=4&pace=0`` is playable when ``document.body.dataset.ready === "1"`` and a
``.hand .card`` is on the page (timestamped in the page by a MutationObserver; the benchmark
awaits a promise, it never polls the page).

* cold: a fresh browser context (empty HTTP cache, no service worker);
* warm: a second load in the same context; the game is then served by its service worker (the
  benchmark waits for the worker to be active first), the bare page by the HTTP cache.

The bare page uses the very same Pyodide runtime files (``dist/assets/pyodide-<hash>/``, with
the standard library's start-up bytecode that build.py adds; same server, same netlify.toml
headers): a module script that calls ``loadPyodide()`` from the local
``pyodide.mjs``, runs ``print("ready")`` and raises the same two flags. It is written to a
temporary folder (never deployed). Its server sends netlify.toml's headers too, but with a CSP
without 'unsafe-eval' — the bare page starting under it shows that Pyodide does not need it.

The game starts Python from the memory snapshot that build.py makes (web/static/boot.js), the bare
pages the ordinary way: restoring a snapshot skips work that an ordinary start cannot, which is
how the game can be faster than the "floor". On a first visit it also downloads 5 MB more (see
``--mbps``), which the transferred bytes below include.

A second reference, the bare PyScript page, is the same runtime started by the same PyScript
(same config, minus the game's files) running a main.py that only prints "ready": the gap
between it and the bare Pyodide page is PyScript's own, the gap between the game and it is the
game's (its files, imports, first drawing).

Each run loads the three pages in turn, in an order that rotates (the machine may be busy).
Prints each run; the medians and their ratios to the bare Pyodide page; the median of the
per-run ratios (each run's pages were loaded moments apart, so this one shrugs off a busy
spell better); the bytes transferred by a cold load of the game (until playable, its page's and
workers' requests, and including the service worker's precache that follows it); the size of
``dist/``; and with ``--detail`` the request timeline of one cold load of each page. Each page
has its server in a process of its own. Needs playwright (pip install -e '.[test]') and Debian's
Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from chromium import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402  (the e2e tests' launch settings)

TIMEOUT_S = 120
GAME_QUERY = "?players=4&pace=0"
#: The address of a 4-player table of each game (``--game``).
GAME_QUERIES = {"french": GAME_QUERY, "hungarian": "?game=hungarian&players=4&pace=0"}

#: Records performance.now() (ms since navigation start) when the page is playable: the ready
#: flag is up and a card of your hand is drawn. Installed before any page script runs; exposes
#: the promise ``window.__playable``, which the benchmark awaits (no polling of the page).
READY_PROBE = """
(() => {
  let resolve;
  window.__playable = new Promise((r) => { resolve = r; });
  const done = () => {
    if (window.__readyAt === undefined && document.body?.dataset.ready === "1"
        && document.querySelector(".hand .card")) {
      window.__readyAt = performance.now();
      resolve(window.__readyAt);
    }
  };
  new MutationObserver(done).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"],
  });
})();
"""

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare Pyodide</title>
  <script type="module" src="bare.js"></script>
</head>
<body><p>Bare Pyodide page (bench/load.py)</p></body>
</html>
"""

BARE_JS = """import { loadPyodide } from "./%(pyodide)s/pyodide.mjs";
const pyodide = await loadPyodide();
performance.mark("pyodide-loaded");
pyodide.runPython('print("ready")');
const hand = document.createElement("div");
hand.className = "hand";
hand.innerHTML = '<span class="card"></span>';
document.body.append(hand);
document.body.dataset.ready = "1";
"""


PYSCRIPT_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript</title>
  <link rel="stylesheet" href="%(pyscript)s/core.css">
  <script type="module" src="%(pyscript)s/core.js"></script>
</head>
<body>
  <mpy-config src="pyscript.json"></mpy-config>
  <script type="py" src="main.py" config="pyscript.json"></script>
</body>
</html>
"""

PYSCRIPT_MAIN = """from pyscript import document
print("ready")
hand = document.createElement("div")
hand.className = "hand"
hand.innerHTML = '<span class="card"></span>'
document.body.append(hand)
document.body.dataset.ready = "1"
"""


def make_bare_site(folder: Path, dist: Path) -> None:
    """Write the bare Pyodide page into ``folder``, with ``assets/`` linked to dist's (same files)."""
    (pyodide_dir,) = [p for p in (dist / build.ASSETS_DIR).glob("pyodide-*") if p.is_dir()]
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    rel = pyodide_dir.relative_to(dist).as_posix()
    (folder / "bare.js").write_text(BARE_JS % {"pyodide": rel}, encoding="utf-8")
    (folder / build.ASSETS_DIR).symlink_to(dist / build.ASSETS_DIR, target_is_directory=True)


def make_pyscript_site(folder: Path, dist: Path) -> None:
    """Write the bare PyScript page into ``folder``: dist's config minus its files, with
    PyScript's usual interpreter (pyodide.mjs, not the game's boot.js); same assets."""
    config = json.loads((dist / build.CONFIG_NAME).read_text(encoding="utf-8"))
    config.pop("files", None)
    # PyScript loads Pyodide itself, when it is ready to (the game's boot.js starts it earlier).
    (pyodide_dir,) = [p for p in (dist / build.ASSETS_DIR).glob("pyodide-*") if p.is_dir()]
    config["interpreter"] = f"./{pyodide_dir.relative_to(dist).as_posix()}/pyodide.mjs"
    (folder / build.CONFIG_NAME).write_text(json.dumps(config, indent=2), encoding="utf-8")
    (pyscript_dir,) = [p for p in (dist / build.ASSETS_DIR).glob("pyscript-*") if p.is_dir()]
    html = PYSCRIPT_HTML % {"pyscript": pyscript_dir.relative_to(dist).as_posix()}
    (folder / "index.html").write_text(html, encoding="utf-8")
    (folder / "main.py").write_text(PYSCRIPT_MAIN, encoding="utf-8")
    (folder / build.ASSETS_DIR).symlink_to(dist / build.ASSETS_DIR, target_is_directory=True)


def _serve(directory: Path, header_rules, port_queue) -> None:
    server = build.make_server(directory, 0, header_rules=header_rules)
    port_queue.put(server.server_address[1])
    server.serve_forever()


class ServerProcess:
    """build.py's server (same headers) in a process of its own, so that serving 15 MB does not
    compete for this process's interpreter with the Playwright client that takes the times."""

    def __init__(self, directory: Path, header_rules=None) -> None:
        rules = list(build.load_header_rules() if header_rules is None else header_rules)
        ports = multiprocessing.Queue()
        self.process = multiprocessing.Process(target=_serve, args=(directory, rules, ports),
                                               daemon=True)
        self.process.start()
        self.url = f"http://127.0.0.1:{ports.get(timeout=30)}/"

    def stop(self) -> None:
        self.process.terminate()
        self.process.join()


def strict_csp_rules():
    """netlify.toml's rules, with 'unsafe-eval' taken out of the CSP (for the bare page)."""
    rules = []
    for regex, for_path, values in build.load_header_rules():
        values = dict(values)
        if "Content-Security-Policy" in values:
            values["Content-Security-Policy"] = values["Content-Security-Policy"].replace(
                " 'unsafe-eval'", "")
        rules.append((regex, for_path, values))
    return rules


def wait_playable(page) -> float:
    """Wait until the probe fired; return its timestamp (ms since navigation start)."""
    return page.evaluate(f"""Promise.race([
      window.__playable,
      new Promise((_, reject) => setTimeout(() => reject(new Error("not playable")), {TIMEOUT_S * 1000})),
    ])""")


class Transfer:
    """The requests of a context (page and service worker); their sizes are asked for only in
    :meth:`total`, after the timed loads, so that counting does not compete with them."""

    def __init__(self, context) -> None:
        self.requests = []
        context.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        self.requests.append(request)

    def total(self, first: int | None = None) -> int:
        """Bytes received (headers and bodies) by the requests finished so far, or by the
        ``first`` of them."""
        return sum(sizes["responseBodySize"] + sizes["responseHeadersSize"]
                   for sizes in (request.sizes() for request in list(self.requests)[:first]))


def timeline(page) -> list[str]:
    """The page's resource timings and marks, one line each (ms since navigation start)."""
    return page.evaluate("""() => [
      ...performance.getEntriesByType('resource').map(e =>
        `${String(Math.round(e.startTime)).padStart(6)} -> ${String(Math.round(e.responseEnd)).padStart(6)} ms  ${new URL(e.name).pathname}`),
      ...performance.getEntriesByType('mark').map(m =>
        `${String(Math.round(m.startTime)).padStart(6)}           mark ${m.name}`),
    ]""")


#: Bytes the page received so far (headers and bodies, as sent) and the number of responses, from
#: its own Resource Timing entries: exact at the moment it is evaluated.
PAGE_BYTES = """() => {
  const entries = [...performance.getEntriesByType("navigation"),
                   ...performance.getEntriesByType("resource")];
  return [entries.reduce((total, e) => total + e.transferSize, 0), entries.length];
}"""


def emulate_network(context, page, network: dict | None) -> None:
    """Give ``page`` a slower network (Chromium's own emulation, through the DevTools protocol):
    ``network`` is ``{"latency": ms added to each response, "download": bytes per second or -1
    for no limit}``, or None for the plain local connection."""
    if network:
        context.new_cdp_session(page).send("Network.emulateNetworkConditions", {
            "offline": False, "latency": network["latency"],
            "downloadThroughput": network["download"], "uploadThroughput": -1})


def measure_game(browser, url: str, detail: bool, network: dict | None = None, query: str = GAME_QUERY) -> dict:
    """One cold and one warm (service worker) load of the game (at ``query``) in a fresh context."""
    context = browser.new_context()
    try:
        transfer = Transfer(context)
        page = context.new_page()
        emulate_network(context, page, network)
        page.add_init_script(READY_PROBE)
        page.goto(url + query)
        cold = wait_playable(page)
        # The context's requests, not the page's Resource Timing: the memory snapshot is fetched
        # by a dedicated worker (web/static/snapshot-worker.js), which has a timeline of its own. Those
        # finished until now: the service worker registers only once the table is drawn.
        cold_count = len(transfer.requests)
        lines = timeline(page) if detail else []
        # The worker registers once the table is drawn; wait until it has precached everything.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cold_bytes = transfer.total(cold_count)
        sw_bytes = transfer.total()
        page.goto(url + query)
        warm = wait_playable(page)
        controlled = page.evaluate("!!navigator.serviceWorker.controller")
        if not controlled:
            raise RuntimeError("warm load was not served by the service worker")
        return {"cold": cold, "warm": warm, "cold_bytes": cold_bytes, "cold_requests": cold_count,
                "with_precache_bytes": sw_bytes, "timeline": lines}
    finally:
        context.close()


def measure_bare(browser, url: str, detail: bool, network: dict | None = None) -> dict:
    """One cold and one warm (HTTP cache) load of a bare page in a fresh context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        emulate_network(context, page, network)
        page.add_init_script(READY_PROBE)
        page.goto(url)
        cold = wait_playable(page)
        cold_bytes, _ = page.evaluate(PAGE_BYTES)
        lines = timeline(page) if detail else []
        page.goto(url)
        warm = wait_playable(page)
        return {"cold": cold, "warm": warm, "cold_bytes": cold_bytes, "timeline": lines}
    finally:
        context.close()


PAGES = ("game", "bare", "pyscript")
LABELS = {"game": "game", "bare": "bare Pyodide", "pyscript": "bare PyScript"}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the results."""
    parser = argparse.ArgumentParser(description="Load time of the game against a bare Pyodide page")
    # 15: on a shared 2-core machine one load varies by +-300 ms; 7-run medians moved by 100 ms
    # from one invocation to the next, 20-run ones by about 40.
    parser.add_argument("--runs", type=int, default=15, help="runs of each page (default 15)")
    parser.add_argument("--build", action="store_true", help="rebuild dist/ first")
    parser.add_argument("--detail", action="store_true", help="print one cold request timeline")
    parser.add_argument("--json", help="also write the results to this JSON file")
    parser.add_argument("--game", choices=sorted(GAME_QUERIES), default="french",
                        help="the game whose 4-player table is loaded (default french)")
    parser.add_argument("--dist", type=Path, default=build.DIST,
                        help="the built site to measure (default dist/)")
    parser.add_argument("--latency", type=float, default=0,
                        help="emulate a network adding this many ms to each response (default 0: "
                             "the local connection as it is)")
    parser.add_argument("--mbps", type=float, default=0,
                        help="with --latency: emulate this download speed in megabits per second "
                             "(default 0: no limit)")
    args = parser.parse_args(argv)
    dist = args.dist
    network = None
    if args.latency or args.mbps:
        network = {"latency": args.latency,
                   "download": args.mbps * 1_000_000 / 8 if args.mbps else -1}

    from playwright.sync_api import sync_playwright

    if args.build or not (dist / "index.html").is_file():
        build.build(dist)
    runs: dict[str, list[dict]] = {name: [] for name in PAGES}
    with tempfile.TemporaryDirectory(prefix="tarot-bare-") as tmp:
        bare_dir, pyscript_dir = Path(tmp) / "bare", Path(tmp) / "pyscript"
        bare_dir.mkdir()
        pyscript_dir.mkdir()
        make_bare_site(bare_dir, dist)
        make_pyscript_site(pyscript_dir, dist)
        servers = {
            "game": ServerProcess(dist),
            "bare": ServerProcess(bare_dir, strict_csp_rules()),
            "pyscript": ServerProcess(pyscript_dir),
        }
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
                try:
                    for run in range(1, args.runs + 1):
                        detail = args.detail and run == 1
                        # Rotate the order, so no page always gets the same slot.
                        shift = (run - 1) % len(PAGES)
                        for name in PAGES[shift:] + PAGES[:shift]:
                            url = servers[name].url
                            if name == "game":
                                runs[name].append(measure_game(browser, url, detail, network,
                                                               GAME_QUERIES[args.game]))
                            else:
                                runs[name].append(measure_bare(browser, url, detail, network))
                        print(f"run {run}: " + " | ".join(
                            f"{LABELS[n]} cold {runs[n][-1]['cold']:.0f} warm {runs[n][-1]['warm']:.0f} ms"
                            for n in PAGES), flush=True)
                finally:
                    browser.close()
        finally:
            for server in servers.values():
                server.stop()

    def med(name, key):
        return statistics.median(r[key] for r in runs[name])

    def paired(name, key, base="bare"):
        return statistics.median(g[key] / b[key] for g, b in zip(runs[name], runs[base]))

    def quartiles(name, key):
        """First and third quartiles of the per-run ratios to the bare Pyodide page."""
        ratios = [g[key] / b[key] for g, b in zip(runs[name], runs["bare"])]
        if len(ratios) < 2:
            return ratios[0], ratios[0]
        q1, _, q3 = statistics.quantiles(ratios, n=4)
        return q1, q3

    results = {"runs": args.runs, "latency_ms": args.latency, "mbps": args.mbps, "game": args.game}
    for name in PAGES:
        for key in ("cold", "warm"):
            results[f"{name}_{key}_ms"] = med(name, key)
            if name != "bare":
                results[f"{name}_{key}_ratio"] = med(name, key) / med("bare", key)
                results[f"{name}_{key}_paired_ratio"] = paired(name, key)
                results[f"{name}_{key}_paired_quartiles"] = quartiles(name, key)
    for key in ("cold", "warm"):
        results[f"game_{key}_to_pyscript_ratio"] = med("game", key) / med("pyscript", key)
        results[f"game_{key}_to_pyscript_paired_ratio"] = paired("game", key, "pyscript")
    game = runs["game"][0]
    results.update({
        "cold_bytes": game["cold_bytes"], "cold_requests": game["cold_requests"],
        "cold_bytes_with_precache": game["with_precache_bytes"],
        "bare_cold_bytes": runs["bare"][0]["cold_bytes"],
        "dist_bytes": build.dir_size(dist),
    })
    if args.detail:
        for name in PAGES:
            print(f"\n{LABELS[name]}, cold load, request timeline (ms since navigation start):")
            print("\n".join(sorted(runs[name][0]["timeline"], key=lambda line: float(line.split()[0]))))
        print()
    if network:
        print(f"emulated network: {args.latency:g} ms added to each response, "
              + (f"{args.mbps:g} Mbit/s down" if args.mbps else "no speed limit"))
    print(f"median over {args.runs} runs, ms from navigation to a playable {args.game} table "
          "(ratios to the bare Pyodide page: of the medians / median of the per-run ratios):")
    for key, how in (("cold", "empty cache"), ("warm", "service worker / HTTP cache")):
        print(f"  {key} ({how}): game {results[f'game_{key}_ms']:.0f}, "
              f"bare Pyodide {results[f'bare_{key}_ms']:.0f}, "
              f"bare PyScript {results[f'pyscript_{key}_ms']:.0f}; "
              f"game {results[f'game_{key}_ratio']:.2f} / {results[f'game_{key}_paired_ratio']:.2f} "
              f"(target <= 1.20), bare PyScript {results[f'pyscript_{key}_ratio']:.2f} / "
              f"{results[f'pyscript_{key}_paired_ratio']:.2f}")
        q1, q3 = results[f"game_{key}_paired_quartiles"]
        print(f"    game's per-run ratio, quartiles {q1:.2f}-{q3:.2f}; game to bare PyScript "
              f"{results[f'game_{key}_to_pyscript_ratio']:.2f} / "
              f"{results[f'game_{key}_to_pyscript_paired_ratio']:.2f}")
    print(f"cold load transferred: {results['cold_bytes']} bytes ({results['cold_bytes'] / 1e6:.2f} MB) "
          f"in {results['cold_requests']} responses until playable; "
          f"{results['cold_bytes_with_precache'] / 1e6:.2f} MB with the service worker's precache; "
          f"bare page {results['bare_cold_bytes'] / 1e6:.2f} MB")
    print(f"dist/ size: {results['dist_bytes']} bytes ({results['dist_bytes'] / 1e6:.2f} MB)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
