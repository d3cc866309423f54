// Precompile Python sources to bytecode for the page's own Pyodide (same npm package, same
// Python version), so the browser imports them without compiling at start-up.
//
//   node tools/compile_pyc.mjs SRC_DIR OUT_DIR
//
// Every *.py under SRC_DIR is compiled into OUT_DIR/<same path>/__pycache__/<name>.cpython-XY.pyc
// with unchecked-hash invalidation (PEP 552): the importer then uses the .pyc without comparing
// it with the source's timestamp, which an unpacked archive would not keep.
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [srcDir, outDir] = process.argv.slice(2);
if (!srcDir || !outDir) {
  console.error("usage: node tools/compile_pyc.mjs SRC_DIR OUT_DIR");
  process.exit(2);
}

const py = await loadPyodide();
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
for (const file of walk(srcDir).filter((f) => f.endsWith(".py"))) {
  const rel = path.relative(srcDir, file).split(path.sep).join("/");
  py.FS.mkdirTree(path.posix.dirname(`/src/${rel}`));
  py.FS.writeFile(`/src/${rel}`, fs.readFileSync(file));
}
const compiled = py.runPython(`
import compileall, os, py_compile, sys
ok = compileall.compile_dir("/src", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compile failed")
[os.path.relpath(os.path.join(d, f), "/src") for d, _, fs in os.walk("/src") for f in fs if f.endswith(".pyc")]
`).toJs();
for (const rel of compiled) {
  const target = path.join(outDir, rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, py.FS.readFile(`/src/${rel}`));
}
console.log(`compiled ${compiled.length} modules for Python ${py.runPython("import sys; sys.version.split()[0]")}`);
