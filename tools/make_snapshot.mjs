// Make the memory snapshot the page's Pyodide starts from (issue 5, load time).
//
//   node tools/make_snapshot.mjs STDLIB_ZIP NAMED OUT ARCHIVE...
//
// Starting Python (its initialisation, then the imports of Pyodide's own package and of the
// page's modules) is most of a cold start in the browser. Pyodide can instead restore a copy of
// its WebAssembly memory taken after all that: loadPyodide({ _loadSnapshot }). This tool takes
// that copy here, in Node, with the same npm `pyodide` (the snapshot carries the build id of
// pyodide.asm.wasm and Pyodide refuses one of another build):
//
// 1. Pyodide starts with `_makeSnapshot: true` and STDLIB_ZIP, the very python_stdlib.zip the
//    site ships (zipimport keeps the zip's table of contents in memory: the file the browser
//    mounts must be the same, byte for byte);
// 2. each ARCHIVE (the tarot_core wheel, app.zip) is unpacked where PyScript unpacks it
//    (./ = /home/pyodide), so that the modules below are found at the paths the page has;
// 3. the modules the page imports at start-up are imported: NAMED (a JSON list written by
//    tools/compile_pyc.mjs) names every module of an import statement of tarot_core, of the
//    page's modules (main.py imports table, which imports render and controller) and of
//    PyScript's own Python package; each is imported, with what it imports in turn, except
//    those that reach into the browser (js, pyodide, pyscript, the page's browser.py, which
//    table.start() imports only when the page starts, and main.py): a snapshot may hold no
//    reference to a JavaScript object, and makeMemorySnapshot() throws on one;
// 4. the snapshot is written to OUT compressed with gzip (about a sixth of the ~31 MB memory;
//    web/static/snapshot-worker.js inflates it with the browser's DecompressionStream).
//
// The file system is not part of a snapshot (Emscripten keeps files in JavaScript): the page
// still mounts the standard library and PyScript still unpacks the archives. What must differ
// between two visits is set again by boot.js after the restore: the random module's seed and
// LANG. What a snapshot fixes for every visitor of a build: the string-hash seed, and the time
// zone's names in Python's time module (UTC; see boot.js). Failure: exit status 1 and the error
// on stderr (a module that touches the browser at import makes makeMemorySnapshot() throw).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";

const [stdlibZip, namedFile, outFile, ...archives] = process.argv.slice(2);
if (!stdlibZip || !namedFile || !outFile || !archives.length) {
  console.error("usage: node tools/make_snapshot.mjs STDLIB_ZIP NAMED OUT ARCHIVE...");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const named = JSON.parse(fs.readFileSync(namedFile, "utf-8"));

// Reproducible: the same inputs make the same snapshot, byte for byte, so that a rebuild of an
// unchanged site is not a new version (its service worker would offer an update). Python and
// Emscripten read entropy (the string-hash seed, the random module's seed, mimalloc's) and
// clocks (file times, import caches) while starting; here they get a fixed pseudo-random stream
// and a clock that starts on 2020-01-01 and ticks one millisecond per reading. In the browser
// boot.js reseeds the random module; os.urandom and the clocks are the browser's again.
let state = 0x2545f491;
const nextByte = () => {
  state ^= state << 13; state ^= state >>> 17; state ^= state << 5;  // xorshift32
  return state & 0xff;
};
require("node:crypto").randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = nextByte();
  return view;
};
process.env.TZ = "UTC";  // the time zone Emscripten records once: the same on every build machine
let clock = Date.UTC(2020, 0, 1);
Date.now = () => (clock += 1);
performance.now = () => clock - Date.UTC(2020, 0, 1);

// sys.executable (and $_) as in a browser, where Emscripten names the program "./this.program"
// (here it would be this file's path).
const py = await loadPyodide({
  _makeSnapshot: true,
  _sysExecutable: "./this.program",
  stdLibURL: path.resolve(stdlibZip),
});
for (const archive of archives) {
  const format = archive.endsWith(".whl") ? "whl" : "zip";
  py.unpackArchive(new Uint8Array(fs.readFileSync(archive)), format, { extractDir: "./" });
}
// Run in a namespace of its own: nothing of this tool is left in __main__, where PyScript runs
// the page's main.py.
const scope = py.toPy({});
scope.set("named", py.toPy(named));
const imported = py.runPython(`
import gc, sys

# Reaching into the browser (a JavaScript reference cannot be snapshotted), or the page itself.
BROWSER = {"js", "jsffi", "pyodide", "pyodide_js", "pyscript", "_pyscript", "polyscript", "browser", "main"}

wanted = [n for n in named if n.split(".")[0] not in BROWSER]
missing = []
for name in wanted:
    try:
        __import__(name)
    except ImportError:
        missing.append(name)
# loadPyodide puts "" (the working directory) first on sys.path, and will again after the restore.
if sys.path[:1] == [""]:
    del sys.path[0]
gc.collect()
[len(sys.modules), wanted, missing]
`, { globals: scope }).toJs();

scope.destroy();
const snapshot = py.makeMemorySnapshot();
const packed = zlib.gzipSync(snapshot, { level: 9 });
fs.writeFileSync(outFile, packed);
const [count, wanted, missing] = imported;
console.log(`memory snapshot: ${count} modules loaded (${wanted.length} named by the page` +
  (missing.length ? `; not importable here: ${missing.join(", ")}` : "") +
  `), ${snapshot.length} bytes, ${packed.length} gzipped`);
