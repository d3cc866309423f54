// Starts Pyodide as soon as this module and pyodide.mjs have arrived, not after PyScript has
// loaded its modules and read its config (issue 5, load time). On the local connection Pyodide's
// start then begins at about 170 ms instead of 290; with 100 ms of latency per request a cold
// start was 14 % shorter (bench/load.py --latency 100, paired runs).
//
// PyScript's config names this module as its interpreter ("interpreter": "./boot.js", written by
// build.py): PyScript imports it and calls its loadPyodide(), which hands over the start already
// under way. A module runs once per URL, so index.html's <script> and PyScript's import() share
// this one start. build.py points the import below at the hashed folder of the Pyodide runtime.
//
// Made for this page's setup and no other: Pyodide on the main thread, no `packages` (PyScript
// would then pass options this early start cannot apply; build.py's write_config never writes
// them) and no MicroPython script (the <mpy-config> reads the same config, but only an mpy
// script would load its interpreter). To use either, point "interpreter" back at pyodide.mjs.
//
// Python itself starts from a memory snapshot (tools/make_snapshot.mjs, run by build.py): a copy
// of Pyodide's memory taken at build time, after Python's initialisation and the imports of the
// standard-library modules, tarot_core and what PyScript's package needs. Restoring it skips all
// that work: against the same build without it, in paired loads on the local connection, a cold
// start took 26 % less time and a start from the service worker 13 % less. Should the snapshot
// fail to arrive or be refused (a broken download, a build mismatch), Pyodide starts the
// ordinary way instead.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Until PyScript takes over, Pyodide's output goes to the console (nothing is lost if PyScript
// never comes); then to PyScript's handlers.
const handlers = { stdout: console.log, stderr: console.error };

// What PyScript fetches only once Python is up — the game's wheel and app.zip (pyscript.json's
// "files") and main.py — is asked for now, while Pyodide starts, rather than seconds later when
// PyScript gets to it; PyScript's own fetch() of each URL then receives this response (once; any
// other fetch goes to the network as usual). index.html used to announce these files with
// <link rel="preload" as="fetch" crossorigin>, which Chromium and Firefox hand to fetch() but
// WebKit (Safari) does not: it downloaded each of them twice on a first visit (issue 18 §3,
// tests/test_e2e_browsers.py counts every file's downloads in each browser). build.py writes the
// list: paths relative to the page.
const EARLY_FETCHES = [/* build.py: early fetches */];
const nativeFetch = globalThis.fetch.bind(globalThis);
const absolute = (url) => new URL(url, document.baseURI).href;
const early = new Map(EARLY_FETCHES.map((path) => {
  const response = nativeFetch(absolute(path), { priority: "low" });
  response.catch(() => {}); // a failure is for the fetch() that takes it (none: nothing to say)
  return [absolute(path), response];
}));
globalThis.fetch = function fetch(input, init) {
  const plain = (typeof input === "string" || input instanceof URL)
    && (init === undefined || Object.keys(init).length === 0);
  const url = plain ? absolute(input) : null;
  if (url && early.has(url)) {
    const response = early.get(url);
    early.delete(url);
    return response;
  }
  return nativeFetch(input, init);
};

// The marks show in bench/load.py --detail; app.js moves the loader's progress bar on them.
performance.mark("boot: Pyodide starting");
const output = {
  stdout: (text) => handlers.stdout(text),
  stderr: (text) => handlers.stderr(text),
};

// build.py points this at assets/snapshot-<hash>/; the file is gzip-compressed (about 5 MB for
// 31 MB of memory), fetched and inflated by web/static/snapshot-worker.js.
const SNAPSHOT_URL = new URL("./snapshot/python.snapshot", import.meta.url);

// Whether to start from the snapshot. Always when the service worker serves the page (a visit
// after the first: the snapshot is on the device). On a first visit, unless the browser says the
// connection is slow (a 2G or 3G estimate) or the player asks to save data: the snapshot adds
// 5 MB to the ~15 MB a first visit downloads before the table shows. On a laptop that pays off
// from about 50 Mbit/s (paired cold loads with 40 ms of latency, when the snapshot was 6 MB:
// 19 % slower at 20 Mbit/s, 3 % faster at 50, 8 % at 100, 26 % on the local connection); a
// phone's slower CPU should gain more from the work skipped (not measured).
// (Chromium's bandwidth estimate, navigator.connection.downlink, is no guide: it says 1.4 Mbit/s
// until it has measured anything, on any connection. Other browsers have no estimate at all.)
// ?snapshot=off in the page's URL starts Python the ordinary way (to compare, or to debug).
function useSnapshot() {
  if (new URLSearchParams(location.search).get("snapshot") === "off") return false;
  if (navigator.serviceWorker?.controller) return true;
  const connection = navigator.connection;
  return !(connection?.saveData || /(^|-)[23]g$/.test(connection?.effectiveType ?? ""));
}

/** Throws an Error unless `buffer` has the shape of a Pyodide memory snapshot: its magic
 * number, then at the offset its header gives, whole 64 KiB pages of memory. (Pyodide checks the
 * build id itself, and rejects; but memory of another size would fail inside its wasm start,
 * which it only logs: the start would never end.) */
function checkSnapshot(buffer) {
  const [magic, memoryOffset] = buffer.byteLength >= 48 ? new Uint32Array(buffer, 0, 2) : [];
  const memory = buffer.byteLength - memoryOffset;
  if (magic !== 0x706e7300 || memoryOffset % 16 || !(memory > 0) || memory % 65536) {
    throw new Error(`${SNAPSHOT_URL} is not a Pyodide memory snapshot (${buffer.byteLength} bytes)`);
  }
  return buffer;
}

/** The snapshot's bytes (a Promise of an ArrayBuffer), from web/static/snapshot-worker.js; rejects with
 * an Error naming what failed (no Worker, the download, the inflating, the content). A Worker
 * that cannot be created throws in the executor, which rejects too. While it downloads, window
 * receives "boot:snapshot-progress" events, detail {received, total} in bytes (app.js's bar). */
function fetchSnapshot() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    worker.onmessage = ({ data }) => {
      if (data.received !== undefined) {  // the download goes on: tell the loader (app.js)
        dispatchEvent(new CustomEvent("boot:snapshot-progress", { detail: data }));
        return;
      }
      worker.terminate();
      try {
        if (data.error) throw new Error(data.error);
        resolve(checkSnapshot(data.buffer));
      } catch (error) {
        reject(error);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`snapshot-worker.js failed: ${event.message}`));
    };
    worker.postMessage(SNAPSHOT_URL.href);
  });
}

// What a snapshot froze at build time and must be this visit's own (Python, run once restored):
// the random module's state (seeded at import, so the same for every visitor) and LANG, which
// Pyodide derives from the browser's first language. Not refreshed, for want of a way: the
// time-zone *names* (time.tzname, time.timezone, strftime's %Z) stay the build's (UTC, which
// make_snapshot.mjs sets), because Emscripten reads them from the browser once per memory. Local times themselves
// (time.localtime, datetime.now) are right: Emscripten asks JavaScript's Date for each. The
// game takes its dates from Date (table.py's today_iso) and uses neither.
const REFRESH = `
import os, sys
if "random" in sys.modules:
    sys.modules["random"].seed()
os.environ["LANG"] = lang
`;
const lang = `${(navigator.languages?.[0] || "C").replace("-", "_")}.UTF-8`;

/** Pyodide restored from the snapshot, this visit's state refreshed (a Promise of the
 * PyodideAPI); rejects when the snapshot could not be fetched, inflated or restored. */
async function startFromSnapshot() {
  const snapshot = fetchSnapshot();
  // Pyodide awaits the snapshot only once its second module is in: a snapshot refused before
  // that would count as an unhandled rejection (a page error), though the start handles it.
  snapshot.catch(() => {});
  const pyodide = await startPyodide({ ...output, _loadSnapshot: snapshot });
  const scope = pyodide.toPy({ lang });
  try {
    pyodide.runPython(REFRESH, { globals: scope });
  } finally {
    scope.destroy();
  }
  performance.mark("boot: restored from the snapshot");
  return pyodide;
}

const started = useSnapshot()
  ? startFromSnapshot().catch((error) => {
    console.warn("boot.js: the memory snapshot could not be used, starting Python from scratch:", error);
    return startPyodide(output);
  })
  : startPyodide(output);
// No handler needed for a failure: PyScript receives this promise and reports a rejection. (A
// wasm that fails to download or compile is logged by Pyodide itself, and never settles.)
started.then(() => performance.mark("boot: Pyodide ready"), () => {});

// PyScript's options that this early start honours: its output handlers, and `indexURL`, which
// is deliberately discarded: PyScript derives it from the interpreter's URL, so it names the
// folder of boot.js (the site root), while Pyodide finds its files next to pyodide.mjs itself.
const HONOURED = new Set(["stdout", "stderr", "indexURL"]);
let handedOver = false;

/**
 * PyScript's entry point: returns the Pyodide started by this module (a Promise of the
 * PyodideAPI) and routes its output from then on to `options.stdout` / `options.stderr`.
 * Rejects with an Error naming the option when PyScript asks for something the early start
 * could not apply (packages, a lock file, ...) or when called a second time.
 */
export function loadPyodide(options = {}) {
  const ignored = Object.keys(options).filter((key) => !HONOURED.has(key));
  if (ignored.length) {
    return Promise.reject(new Error(
      `boot.js started Pyodide before PyScript, so it cannot apply the option(s) ${ignored.join(", ")}` +
      ": point pyscript.json's interpreter at pyodide.mjs to use them"));
  }
  if (handedOver) {
    return Promise.reject(new Error("boot.js hands its one Pyodide to one caller only"));
  }
  handedOver = true;
  performance.mark("boot: handed to PyScript");
  if (options.stdout) handlers.stdout = options.stdout;
  if (options.stderr) handlers.stderr = options.stderr;
  return started;
}
