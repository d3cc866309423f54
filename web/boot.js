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
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Until PyScript takes over, Pyodide's output goes to the console (nothing is lost if PyScript
// never comes); then to PyScript's handlers.
const handlers = { stdout: console.log, stderr: console.error };

// The marks show in bench/load.py --detail; app.js moves the loader's progress bar on them.
performance.mark("boot: Pyodide starting");
const started = startPyodide({
  stdout: (text) => handlers.stdout(text),
  stderr: (text) => handlers.stderr(text),
});
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
