// Precompile Python to bytecode for the page's own Pyodide (same npm package, same Python
// version), so the browser imports modules without compiling them at start-up.
//
//   node tools/compile_pyc.mjs SRC_DIR OUT_DIR STDLIB_OUT NAMED_OUT ENTRY
//
// 1. Every *.py under SRC_DIR (tarot_core and the page's package: web/tarot_page/table.py, common.py,
//    games/<game>/render.py, browser.py, ...) is compiled into
//    OUT_DIR/<same path>/__pycache__/<name>.cpython-XY.pyc with unchecked-hash invalidation
//    (PEP 552): the importer uses the .pyc without comparing it with the source's timestamp,
//    which an unpacked archive would not keep. The sources ship in the same archives, so the two
//    cannot differ.
// 2. PyScript's own Python package (`pyscript`, which PyScript writes as .py files into the
//    working directory and imports before main.py) is compiled from the very strings PyScript
//    embeds (@pyscript/core/src/stdlib/pyscript.js) into OUT_DIR/pyscript/__pycache__/, with
//    checked-hash invalidation: should the written source ever differ, Python notices the hash
//    mismatch and compiles the source as usual.
// 3. Pyodide's standard library (python_stdlib.zip) holds sources only, so every stdlib module a
//    page imports is compiled at every start. STDLIB_OUT is that zip plus an unchecked-hash
//    <module>.pyc (zipimport prefers it to the .py) for each stdlib module the page imports while
//    it starts: the modules Pyodide imports itself, those of an unpackArchive (PyScript unpacks
//    the wheel and app.zip with it), and every stdlib module named by an import statement of
//    SRC_DIR, of ENTRY or of PyScript's package, with what they import in turn. Other modules
//    stay source only (compiled if ever imported), which keeps the zip small.
// 4. NAMED_OUT: those module names (every import statement of SRC_DIR, of ENTRY and of
//    PyScript's package), a sorted JSON list, for tools/make_snapshot.mjs. ENTRY is the script
//    PyScript runs (web/main.py): its imports are walked (that is how `table` is named), but it
//    is not compiled here (PyScript fetches and compiles it itself).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [srcDir, outDir, stdlibOut, namedOut, entry] = process.argv.slice(2);
if (!srcDir || !outDir || !stdlibOut || !namedOut || !entry) {
  console.error("usage: node tools/compile_pyc.mjs SRC_DIR OUT_DIR STDLIB_OUT NAMED_OUT ENTRY");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const pyodideDir = path.dirname(require.resolve("pyodide/package.json"));
const pyscriptDir = path.dirname(require.resolve("@pyscript/core/package.json"));
const { default: pyscriptFiles } = await import(
  pathToFileURL(path.join(pyscriptDir, "src", "stdlib", "pyscript.js")).href);

const py = await loadPyodide();
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);

// The sources, in the virtual filesystem: ours under /src, PyScript's under /pyscript-src, the
// entry script under /entry.
for (const file of walk(srcDir).filter((f) => f.endsWith(".py"))) {
  const rel = path.relative(srcDir, file).split(path.sep).join("/");
  py.FS.mkdirTree(path.posix.dirname(`/src/${rel}`));
  py.FS.writeFile(`/src/${rel}`, fs.readFileSync(file));
}
const writeTree = (base, tree) => {
  py.FS.mkdirTree(base);
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") py.FS.writeFile(`${base}/${name}`, value);
    else writeTree(`${base}/${name}`, value);
  }
};
writeTree("/pyscript-src", pyscriptFiles);
py.FS.mkdirTree("/entry");
py.FS.writeFile(`/entry/${path.basename(entry)}`, fs.readFileSync(entry));
py.FS.writeFile("/stdlib-in.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));

const [ours, theirs, version, named, probeZip] = py.runPython(`
import ast, compileall, io, os, py_compile, sys, zipfile

def compile_tree(root, mode):
    if not compileall.compile_dir(root, quiet=1, invalidation_mode=mode):
        raise SystemExit(f"compiling {root} failed")
    return [os.path.relpath(os.path.join(d, f), root)
            for d, _, files in os.walk(root) for f in files if f.endswith(".pyc")]

ours = compile_tree("/src", py_compile.PycInvalidationMode.UNCHECKED_HASH)
theirs = compile_tree("/pyscript-src", py_compile.PycInvalidationMode.CHECKED_HASH)
version = sys.version.split()[0]

# Every module named by an import statement of the page's code, its entry script included (the
# CLI entry point tarot_core/__main__.py never runs in the page).
named = set()
for root in ("/src", "/pyscript-src", "/entry"):
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".py") and f != "__main__.py":
                tree = ast.parse(open(os.path.join(d, f), "rb").read())
                for node in ast.walk(tree):
                    if isinstance(node, ast.Import):
                        named.update(a.name for a in node.names)
                    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                        named.add(node.module)

# A one-file archive for the unpackArchive below (zipfile decodes its names, as in the page).
probe = io.BytesIO()
with zipfile.ZipFile(probe, "w") as zf:
    zf.writestr("probe/probe.py", "")
(ours, theirs, version, sorted(named), probe.getvalue())
`).toJs();

// Which stdlib modules the page imports while it starts, found in a fresh interpreter (the one
// above has imported this tool's own modules): Pyodide's own, an unpackArchive's (PyScript
// unpacks the wheel and app.zip with it), and those named above, with what they import.
const clean = await loadPyodide();
clean.unpackArchive(probeZip, "zip", { extractDir: "/probe" });
clean.globals.set("named", clean.toPy(named));
const started = clean.runPython(`
import os, sys
for name in named:
    try:
        __import__(name)
    except ImportError:  # not in the stdlib (the game's, PyScript's, js)
        pass
stdlib_zip = os.path.dirname(os.__file__)  # /lib/python3XY.zip
sorted({origin for m in list(sys.modules.values())
        if (origin := (getattr(getattr(m, "__spec__", None), "origin", None) or ""))
        .startswith(stdlib_zip + "/") and origin.endswith(".py")})
`).toJs();
py.globals.set("started", py.toPy(started));

const stdlibCount = py.runPython(`
import os, py_compile, zipfile
stdlib_zip = os.path.dirname(os.__file__)
entries = {origin[len(stdlib_zip) + 1:]: origin for origin in started}

with zipfile.ZipFile("/stdlib-in.zip") as src, zipfile.ZipFile("/stdlib-out.zip", "w") as out:
    for info in src.infolist():
        data = src.read(info)
        out.writestr(info, data)
        if info.filename in entries:
            with open("/tmp/module.py", "wb") as f:
                f.write(data)
            # dfile: the path tracebacks name, where zipimport finds the source for them.
            py_compile.compile("/tmp/module.py", cfile="/tmp/module.pyc", dfile=entries[info.filename],
                               doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            pyc = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            with open("/tmp/module.pyc", "rb") as f:
                out.writestr(pyc, f.read())

len(entries)
`);

const copyOut = (from, rels, to) => {
  for (const rel of rels) {
    const target = path.join(to, rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, py.FS.readFile(`${from}/${rel}`));
  }
};
copyOut("/src", ours, outDir);
copyOut("/pyscript-src", theirs, outDir);
fs.writeFileSync(stdlibOut, py.FS.readFile("/stdlib-out.zip"));
fs.writeFileSync(namedOut, JSON.stringify(named));
console.log(`compiled for Python ${version}: ${ours.length} modules of the game, ` +
  `${theirs.length} of PyScript, ${stdlibCount} of the standard library imported at start-up`);
