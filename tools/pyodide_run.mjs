// Run a Python file of this repository under the npm `pyodide` package (the runtime the page
// ships), in Node, with the repository's tarot_core importable.
//
//   node tools/pyodide_run.mjs FILE.py [ARG...]
//
// The repository is mounted read-only at /repo (NODEFS) and put first on sys.path; the file runs
// as __main__ with sys.argv = [FILE.py, ARG...]; its standard output and error are Node's. Exit
// status: the script's (SystemExit), 1 on an exception (its traceback on stderr).
//
// Used by tests/test_pyodide.py (seeded results must be the same as in CPython) and by
// bench/deals.py's figures under Pyodide (`node tools/pyodide_run.mjs bench/deals.py`).
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error("usage: node tools/pyodide_run.mjs FILE.py [ARG...]");
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
const target = "/repo/" + path.relative(repo, path.resolve(file)).split(path.sep).join("/");
pyodide.globals.set("_target", target);
pyodide.globals.set("_args", pyodide.toPy(args));
try {
  await pyodide.runPythonAsync(`
import runpy, sys
sys.path.insert(0, "/repo")
sys.argv = [_target, *_args]
sys.dont_write_bytecode = True
try:
    runpy.run_path(_target, run_name="__main__")
except SystemExit as e:
    _code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
else:
    _code = 0
`);
  process.exitCode = pyodide.globals.get("_code");
} catch (error) {
  console.error(String(error.message || error));
  process.exitCode = 1;
}
