// Starts Pyodide as soon as the page's scripts run, not after PyScript has loaded its modules and
// read its config (issue 5, load time). On the local connection Pyodide's start then begins at
// about 170 ms instead of 290; with 100 ms of latency per request a cold start was 14 % shorter
// (bench/load.py --latency 100, paired runs).
//
// PyScript's config names this module as its interpreter ("interpreter": "./boot.js", written by
// build.py): PyScript imports it and calls its loadPyodide(), which hands over the start already
// under way. A module runs once per URL, so index.html's <script> and PyScript's import() share
// this one start. build.py points the import below at the hashed folder of the Pyodide runtime.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Output printed before PyScript takes over is kept, then handed to PyScript's own handlers.
const handlers = { stdout: null, stderr: null };
const early = [];
const relay = (stream) => (text) => {
  if (handlers[stream]) handlers[stream](text);
  else early.push([stream, text]);
};

// The marks show in bench/load.py --detail.
performance.mark("boot: Pyodide starting");
const started = startPyodide({ stdout: relay("stdout"), stderr: relay("stderr") });
started.then(() => performance.mark("boot: Pyodide ready"), () => {}); // a failed start is
// reported by the loadPyodide() call below

// Options of PyScript's call that this early start honours: its output handlers; the index URL
// is where pyodide.mjs lives, as Pyodide finds by itself.
const HONOURED = new Set(["stdout", "stderr", "indexURL"]);
let handedOver = false;

/**
 * PyScript's entry point: returns the Pyodide started by this module (a Promise of the
 * PyodideAPI) and routes its output to `options.stdout` / `options.stderr`.
 * Rejects with an Error naming the option when PyScript asks for something the early start
 * could not apply (packages, a lock file, ...) or when called a second time.
 */
export function loadPyodide(options = {}) {
  const ignored = Object.keys(options).filter((key) => !HONOURED.has(key));
  if (ignored.length) {
    return Promise.reject(new Error(
      `boot.js started Pyodide before PyScript, so it cannot apply the option(s) ${ignored.join(", ")}`));
  }
  if (handedOver) {
    return Promise.reject(new Error("boot.js hands its one Pyodide to one caller only"));
  }
  handedOver = true;
  performance.mark("boot: handed to PyScript");
  handlers.stdout = options.stdout || console.log;
  handlers.stderr = options.stderr || console.warn;
  for (const [stream, text] of early.splice(0)) handlers[stream](text);
  return started;
}
