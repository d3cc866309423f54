"""The build of the static site in ``dist/`` (``python build.py``: :func:`build`).

Standard library only, but for the catalogues: they are compiled with Babel (the pin of
``pyproject.toml``'s ``i18n`` extra), by ``tools/catalogues.py`` run under a Python that has it
(the running one, else ``.venv``, made and given Babel on first need). What a build does:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (the npm packages ``pyodide`` and ``@pyscript/core`` are pinned there);
2. builds the pure-Python wheel of ``tarot_core`` offline, with the PEP 517 backend named in
   ``pyproject.toml`` (setuptools), from a clean copy of the sources (fallback: a stdlib-only
   wheel writer when that backend is not installed or too old to build wheels);
3. copies the Pyodide runtime files the page really loads, PyScript's dist files (no source
   maps) and the wheel under ``assets/<name>-<content hash>/`` (a URL that changes whenever the
   content does, so hosts may cache them forever), ``web/static/`` (html, css, app.js, the web
   app manifest and its icons) and ``web/main.py``;
4. precompiles to bytecode for the page's own Pyodide (``tools/compile_pyc.mjs``, run by Node
   with the npm ``pyodide`` package) ``tarot_core``, the page's package (``WEB_MODULES``: every
   module under ``web/tarot_page/``) and PyScript's ``pyscript``
   package, packed with those modules' sources into ``assets/app-<hash>/app.zip``, and the standard-library
   modules the page imports at start-up, added next to their sources in the shipped
   ``python_stdlib.zip``: the browser then compiles none of the modules the first screen needs;
   the gettext catalogues (``web/locale/<code>/LC_MESSAGES/messages.po``) go into app.zip too,
   compiled to ``locale/<code>/LC_MESSAGES/messages.mo`` with each language's number and date
   conventions (``locale/<code>/format.json``, from the CLDR), and the messages app.js shows
   before Python runs are written into ``app.js``;
5. makes the memory snapshot the page's Pyodide starts from (``tools/make_snapshot.mjs``, run by
   Node with the npm ``pyodide`` package: Python started on the shipped ``python_stdlib.zip``,
   the wheel and app.zip unpacked, the start-up imports done, the memory written out gzipped)
   into ``assets/snapshot-<hash>/python.snapshot``; the same inputs make the same bytes;
6. writes ``pyscript.json``, the PyScript config: the local interpreter (``boot.js``, which
   wraps Pyodide's ``pyodide.mjs`` and starts it as soon as the two have arrived,
   before PyScript asks for it) and the archives to unpack (the wheel and app.zip) in the
   browser's virtual filesystem; nothing is ever loaded from another host;
7. rewrites ``index.html`` and ``boot.js``: hashed asset paths (the snapshot's too), preload
   links (``pyodide.mjs``, PyScript's main module and config, and at low priority the wheel,
   app.zip and main.py), and the Content-Security-Policy of ``netlify.toml``;
8. generates the service worker ``sw.js`` with workbox-build (``tools/generate-sw.cjs``): it
   precaches every file of ``dist/`` with a revision, so the site works offline after one visit.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from tools.site.common import BuildError, log
from tools.site.devenv import VENV, ensure_node_modules, make_venv
from tools.site.headers import headers_for_path, load_header_rules
from tools.site.layout import (CATALOGUE_SCRIPT, DIST, NETLIFY_TOML, NODE_MODULES, PYC_SCRIPT, PYPROJECT,
                               ROOT, SNAPSHOT_SCRIPT, STATIC, SW_SCRIPT, WEB, WEB_ENTRY, WEB_MODULES)

#: Where app.js receives the messages it shows before Python runs (``{code: {msgid: msgstr}}``).
APP_MESSAGES_MARKER = "/* build: messages */ {}"
#: The loader's attribute in web/static/index.html that write_index fills with the download's size.
DOWNLOAD_MB_ATTR = 'data-download-mb=""'

#: Pyodide runtime files fetched by ``loadPyodide`` (measured with Playwright on 314.0.7:
#: pyodide.mjs imports pyodide.asm.mjs, which instantiates pyodide.asm.wasm, then it fetches
#: python_stdlib.zip and pyodide-lock.json). No package wheels are shipped or needed.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Files whose URL changes with their content live under dist/assets/<name>-<hash>/: the Pyodide
#: runtime, PyScript and the wheel. netlify.toml lets browsers cache them for a year (immutable).
ASSETS_DIR = "assets"
HASH_CHARS = 12
CONFIG_NAME = "pyscript.json"
SW_NAME = "sw.js"
#: web/static/boot.js starts Pyodide early and is PyScript's interpreter module (see write_config); it
#: imports Pyodide from BOOT_PYODIDE_REF, which build.py points at the hashed runtime folder.
BOOT_NAME = "boot.js"
#: The computer players' Web Worker (issue 17); build.py points it at Pyodide and the archives.
WORKER_NAME = "ai-worker.js"
WORKER_ARCHIVES_MARKER = "/* build: archives */"
BOOT_PYODIDE_REF = '"./pyodide/'
#: boot.js fetches Pyodide's memory snapshot from BOOT_SNAPSHOT_REF + SNAPSHOT_NAME; build.py
#: points it at the hashed snapshot folder.
BOOT_SNAPSHOT_REF = '"./snapshot/'
#: boot.js's list of the files it fetches early for PyScript (write_boot fills it in): in
#: WebKit, unlike Chromium and Firefox, a <link rel="preload" as="fetch"> is never handed to a
#: later fetch(), so announcing them in index.html downloaded them twice.
BOOT_EARLY_REF = "[/* build.py: early fetches */]"
SNAPSHOT_NAME = "python.snapshot"

#: PyScript plugins this page does not use. Disabling them stops PyScript from even importing
#: their (local) modules; the terminal and editor would pull in xterm / codemirror.
DISABLED_PLUGINS = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
)


def project_metadata() -> dict:
    """Return the ``[project]`` table of pyproject.toml."""
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)["project"]


def _copy_sources(dest: Path) -> None:
    """Copy what the wheel is built from into ``dest`` (no build/ or egg-info leftovers)."""
    shutil.copy2(PYPROJECT, dest / "pyproject.toml")
    readme = ROOT / "README.md"
    if readme.is_file():
        shutil.copy2(readme, dest / "README.md")
    else:  # pyproject names a readme; keep the backend happy on a partial checkout
        (dest / "README.md").write_text("tarot_core\n", encoding="utf-8")
    shutil.copytree(
        ROOT / "tarot_core",
        dest / "tarot_core",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )


_BACKEND_SCRIPT = """
import importlib, sys
backend = importlib.import_module(sys.argv[1])
print(backend.build_wheel(sys.argv[2]))
"""


#: The wheel's file times (1980-01-01, the earliest a zip can hold) unless SOURCE_DATE_EPOCH is
#: set: with build times in it, every build made a new wheel, so a new asset folder and a new
#: sw.js, and an unchanged redeploy offered every open page "A new version is ready".
WHEEL_EPOCH = "315532800"


def build_wheel_pep517(out_dir: Path) -> Path:
    """Build the wheel with the PEP 517 backend from pyproject.toml, offline and in-process.

    Reproducible: the same sources give the same bytes (file times from ``WHEEL_EPOCH``).

    The sources are copied to a temporary folder first, so stale ``build/lib`` files never end
    up in the wheel and nothing is written into the work tree. Raises BuildError when the
    backend cannot be imported or fails (e.g. setuptools older than 70.1 without ``wheel``).
    """
    with PYPROJECT.open("rb") as f:
        backend = tomllib.load(f)["build-system"]["build-backend"]
    with tempfile.TemporaryDirectory(prefix="tarot-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        _copy_sources(src)
        result = subprocess.run(
            [sys.executable, "-c", _BACKEND_SCRIPT, backend, str(out_dir)],
            cwd=src,
            capture_output=True,
            text=True,
            env={**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", WHEEL_EPOCH)},
        )
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-5:])
        raise BuildError(f"PEP 517 backend {backend!r} failed:\n{tail}")
    name = result.stdout.strip().splitlines()[-1]
    return out_dir / name


def _record_hash(data: bytes) -> str:
    """Return a RECORD hash entry (urlsafe base64 sha256, no padding)."""
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build_wheel_stdlib(out_dir: Path) -> Path:
    """Write a py3-none-any wheel of tarot_core with zipfile alone (fallback builder).

    Used when the PEP 517 backend is not installed; the result is the same layout:
    the package files plus a ``.dist-info`` with METADATA, WHEEL and RECORD.
    """
    meta = project_metadata()
    dist_name = meta["name"].replace("-", "_")
    version = meta["version"]
    info = f"{dist_name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted((ROOT / "tarot_core").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {version}",
    ]
    if meta.get("description"):
        metadata.append(f"Summary: {meta['description']}")
    if meta.get("requires-python"):
        metadata.append(f"Requires-Python: {meta['requires-python']}")
    files.append((f"{info}/METADATA", ("\n".join(metadata) + "\n").encode()))
    wheel = "Wheel-Version: 1.0\nGenerator: tarot build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files.append((f"{info}/WHEEL", wheel.encode()))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        writer.writerow([name, _record_hash(data), len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files.append((f"{info}/RECORD", record.getvalue().encode()))
    target = out_dir / f"{dist_name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            zf.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                        compress_type=zipfile.ZIP_DEFLATED)
    return target


def build_wheel(out_dir: Path) -> Path:
    """Build the tarot_core wheel into ``out_dir`` and return its path (offline)."""
    try:
        return build_wheel_pep517(out_dir)
    except BuildError as error:
        # Not a failure of the build: one line, not the backend's usage dump (newcomer review).
        last = str(error).strip().splitlines()[-1].strip()
        log(f"setuptools' PEP 517 backend cannot build wheels here ({last}): the stdlib wheel "
            "writer builds the same wheel instead (pip install 'setuptools>=70.1' to use the backend)")
        return build_wheel_stdlib(out_dir)


def content_hash(files: dict[str, Path]) -> str:
    """Return a short sha256 over the names and bytes of ``files`` (``{name in folder: source}``)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256(files[name].read_bytes()).digest())
    return digest.hexdigest()[:HASH_CHARS]


def _hashed_folder(dist: Path, name: str, files: dict[str, Path]) -> Path:
    """Copy ``files`` (``{name in folder: source}``) into dist/assets/<name>-<hash>/; return it."""
    folder = dist / ASSETS_DIR / f"{name}-{content_hash(files)}"
    for rel, source in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return folder


def copy_runtime(dist: Path, stdlib_zip: Path | None = None) -> dict[str, str]:
    """Copy the needed Pyodide files and PyScript's dist (minus source maps) to hashed folders.

    ``stdlib_zip`` replaces Pyodide's ``python_stdlib.zip`` (build.py passes the one with the
    start-up modules precompiled, see :func:`precompile`). Returns ``{"pyodide":
    "assets/pyodide-<hash>", "pyscript": "assets/pyscript-<hash>"}`` (paths relative to dist/,
    with forward slashes). Raises :class:`BuildError` when a runtime file is missing.
    """
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    for folder in (pyodide_src, pyscript_src):
        if not folder.is_dir():
            raise BuildError(f"{folder} is missing: run `npm ci` (is package.json intact?)")
    pyodide_files = {}
    for name in PYODIDE_FILES:
        source = pyodide_src / name
        if not source.is_file():
            raise BuildError(f"Pyodide file {source} is missing: is the pinned version installed?")
        pyodide_files[name] = source
    if stdlib_zip is not None:
        pyodide_files["python_stdlib.zip"] = stdlib_zip
    pyscript_files = pyscript_runtime_files(pyscript_src)
    folders = {
        "pyodide": _hashed_folder(dist, "pyodide", pyodide_files),
        "pyscript": _hashed_folder(dist, "pyscript", pyscript_files),
    }
    return {key: folder.relative_to(dist).as_posix() for key, folder in folders.items()}


#: A chunk's references to other chunks, in PyScript's minified modules (static imports, dynamic
#: ``import("./x.js")``): any "./name.js" string counts, which can only keep a file too many.
_CHUNK_REF = re.compile(r"""["']\./([\w.-]+\.js)["']""")


def pyscript_runtime_files(pyscript_src: Path) -> dict[str, Path]:
    """PyScript's files this page can load: ``core.css``, ``core.js`` and every chunk reachable
    from it, except through the chunks of the plugins it disables (DISABLED_PLUGINS: editor,
    terminal, ...) or of the package graph (``pyodide_graph``: the config asks for no package).

    The others (CodeMirror, xterm, PyScript's own service worker, ..., about 0.8 MB) are then
    neither shipped nor precached. Returns ``{name: source}``. Raises BuildError when a kept
    chunk names a file the package does not have.
    """
    unused = tuple(DISABLED_PLUGINS) + ("pyodide_graph",)
    keep: dict[str, Path] = {"core.css": pyscript_src / "core.css"}
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        path = pyscript_src / name
        if not path.is_file():
            raise BuildError(f"PyScript chunk {path} is missing: is the pinned version installed?")
        keep[name] = path
        for ref in _CHUNK_REF.findall(path.read_text(encoding="utf-8")):
            if not ref.startswith(unused):
                todo.append(ref)
    return keep


def place_wheel(dist: Path, wheel: Path) -> str:
    """Copy the built wheel to dist/assets/wheel-<hash>/ (file name unchanged); return its path."""
    folder = _hashed_folder(dist, "wheel", {wheel.name: wheel})
    return (folder / wheel.name).relative_to(dist).as_posix()


def precompile(work: Path) -> tuple[Path, Path, Path]:
    """Compile the page's Python for its own Pyodide; return ``(app.zip, python_stdlib.zip,
    named.json)``.

    Runs ``tools/compile_pyc.mjs`` (the npm ``pyodide`` package under Node, so the bytecode is
    that of the page's Python) and writes both archives into the folder ``work`` (created):

    * ``app.zip``: the page's modules (``WEB_MODULES``), and the bytecode of them and of
      tarot_core (unchecked-hash: their sources ship too) and of PyScript's own ``pyscript``
      package (checked-hash, since PyScript writes that source itself at start-up);
    * ``python_stdlib.zip``: Pyodide's, plus the bytecode of the standard-library modules the page
      imports while it starts (Pyodide's zip holds sources only);
    * the compiled catalogues in app.zip's ``locale/`` and ``app-messages.json`` (app.js's
      messages) in ``work``, by :func:`run_catalogues`;
    * ``named.json``: the modules named by an import statement of the page's Python (main.py
      included) and of PyScript's package (a sorted JSON list), which :func:`make_snapshot`
      imports.

    Raises :class:`BuildError` when Node is missing or the compile fails.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node was not found on PATH: install Node.js 20+ to precompile the Python code")
    src, out = work / "src", work / "out"
    shutil.copytree(ROOT / "tarot_core", src / "tarot_core",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out.mkdir()
    for name in WEB_MODULES:
        for folder in (src, out):  # the source goes along into out, for tracebacks
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(WEB / name, folder / name)
    stdlib, named = work / "python_stdlib.zip", work / "named.json"
    result = subprocess.run([node, str(PYC_SCRIPT), str(src), str(out), str(stdlib), str(named),
                             str(WEB / WEB_ENTRY)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-8:])
        raise BuildError(f"precompiling the Python code failed (run `npm ci`?):\n{tail}")
    log(result.stdout.strip())
    run_catalogues("compile", str(out / "locale"), str(work / "app-messages.json"))
    archive = work / "app.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(p for p in out.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(out).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return archive, stdlib, named


def babel_pin(pyproject: Path = PYPROJECT) -> str:
    """The requirement of Babel in ``pyproject.toml``'s ``i18n`` extra (e.g. ``"Babel==2.18.0"``)."""
    with pyproject.open("rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]["i18n"]
    return next(req for req in extras if req.lower().startswith("babel"))


def catalogue_python() -> str:
    """A Python that can import Babel: the running one when it can, else ``.venv``'s, which is
    made (see :func:`make_venv`) and given the pinned Babel when it lacks it. Raises
    :class:`BuildError` when that fails."""
    try:
        import babel  # noqa: F401
        return sys.executable
    except ImportError:
        pass
    python = make_venv()
    has = subprocess.run([str(python), "-c", "import babel"], capture_output=True)
    if has.returncode != 0:
        pin = babel_pin()
        log(f"installing {pin} into {VENV.name}/ (the catalogues are compiled with it)")
        result = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", pin],
                                cwd=ROOT)
        if result.returncode != 0:
            raise BuildError(f"`pip install {pin}` failed with exit code {result.returncode}")
    return str(python)


def run_catalogues(*args: str) -> None:
    """Run ``tools/catalogues.py ARGS`` under :func:`catalogue_python`; a failure raises
    :class:`BuildError` with its last lines."""
    result = subprocess.run([catalogue_python(), str(CATALOGUE_SCRIPT), *args], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-8:])
        raise BuildError(f"tools/catalogues.py {args[0]} failed:\n{tail}")
    if result.stdout.strip():
        log(result.stdout.strip())


def write_app_messages(dist: Path, messages_json: str) -> Path:
    """Write the messages app.js shows before Python runs (``{code: {msgid: msgstr}}`` as JSON)
    into dist's app.js, at :data:`APP_MESSAGES_MARKER`. Raises :class:`BuildError` when the
    marker is missing."""
    path = dist / "app.js"
    text = path.read_text(encoding="utf-8")
    if APP_MESSAGES_MARKER not in text:
        raise BuildError(f"web/static/app.js lacks the marker {APP_MESSAGES_MARKER!r} for its messages")
    path.write_text(text.replace(APP_MESSAGES_MARKER, messages_json, 1), encoding="utf-8")
    return path


def make_snapshot(work: Path, stdlib_zip: Path, named: Path, archives: list[Path]) -> Path:
    """Make the gzip-compressed memory snapshot the page's Pyodide starts from; return its path.

    Runs ``tools/make_snapshot.mjs`` (the npm ``pyodide`` package under Node): Python starts on
    ``stdlib_zip`` (the shipped ``python_stdlib.zip``: the snapshot remembers its table of
    contents), the ``archives`` (the wheel, app.zip) are unpacked where PyScript unpacks them,
    the modules that ``named`` lists (see :func:`precompile`) and that do not touch the browser
    are imported, and
    Pyodide's memory is written to ``work/SNAPSHOT_NAME`` (``work`` is created). Issue 5, load
    time: restoring it skips Python's initialisation and those imports in the browser.

    Raises :class:`BuildError` when Node is missing or the snapshot cannot be made.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node was not found on PATH: install Node.js 20+ to make the memory snapshot")
    work.mkdir(parents=True, exist_ok=True)
    out = work / SNAPSHOT_NAME
    result = subprocess.run([node, str(SNAPSHOT_SCRIPT), str(stdlib_zip), str(named), str(out),
                             *map(str, archives)], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-8:])
        raise BuildError(f"making the memory snapshot failed (run `npm ci`?):\n{tail[-2000:]}")
    log(result.stdout.strip())
    return out


def write_config(dist: Path, wheel_name: str, app_bundle: str | None = None) -> Path:
    """Write the PyScript config: local interpreter, the archives to unpack, plugins off."""
    files = {f"./{wheel_name}": "./*"}
    if app_bundle:
        files[f"./{app_bundle}"] = "./*"
    config = {
        # Resolved against the page URL: PyScript then never picks Pyodide from a CDN. boot.js
        # wraps the local pyodide.mjs, whose start it began before PyScript was loaded; it
        # supports this config only (no packages: see web/static/boot.js).
        "interpreter": f"./{BOOT_NAME}",
        # A destination ending in "/*" makes PyScript unpack the archive (zip/whl/tgz) into
        # that folder: "./" is Pyodide's working directory /home/pyodide, which is on sys.path.
        "files": files,
        "plugins": [f"!{name}" for name in DISABLED_PLUGINS],
    }
    path = dist / CONFIG_NAME
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return path


def dir_size(path: Path) -> int:
    """Return the total size in bytes of the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


# --- index.html, the service worker ------------------------------------------------------------

PRELOADS_MARKER = "<!-- build: preloads -->"
_CSP_META = re.compile(r'(<meta http-equiv="Content-Security-Policy"\s+content=")[^"]*(")')
#: CSP directives that browsers ignore (and complain about) in a <meta> element.
_HEADER_ONLY_CSP = ("frame-ancestors", "report-uri", "report-to", "sandbox")


def meta_csp(policy: str) -> str:
    """The Content-Security-Policy for index.html's <meta>: the header's minus header-only parts."""
    kept = [d.strip() for d in policy.split(";")
            if d.strip() and d.split()[0].lower() not in _HEADER_ONLY_CSP]
    return "; ".join(kept)


def write_boot(dist: Path, pyodide_dir: str, snapshot_dir: str, early: list[str] = ()) -> Path:
    """Point dist's boot.js at the hashed Pyodide folder ``pyodide_dir`` and the hashed folder of
    the memory snapshot ``snapshot_dir`` (both relative to dist/), and give it ``early``: the
    paths (relative to the page) that it fetches at once and hands to PyScript's fetch() later
    (the wheel, app.zip and main.py; see :data:`BOOT_EARLY_REF`).

    Raises :class:`BuildError`, leaving the file as it was, when web/static/boot.js does not import
    from ``"./pyodide/"``, fetch ``"./snapshot/python.snapshot"`` or have the early fetches'
    list, once each.
    """
    path = dist / BOOT_NAME
    text = path.read_text(encoding="utf-8")
    if text.count(BOOT_PYODIDE_REF) != 1:
        raise BuildError(f"web/static/{BOOT_NAME} must import Pyodide from {BOOT_PYODIDE_REF}pyodide.mjs\" once")
    if text.count(f"{BOOT_SNAPSHOT_REF}{SNAPSHOT_NAME}\"") != 1:
        raise BuildError(f"web/static/{BOOT_NAME} must fetch {BOOT_SNAPSHOT_REF}{SNAPSHOT_NAME}\" once")
    if text.count(BOOT_EARLY_REF) != 1:
        raise BuildError(f"web/static/{BOOT_NAME} must hold the list {BOOT_EARLY_REF} once")
    text = text.replace(BOOT_PYODIDE_REF, f'"./{pyodide_dir}/')
    text = text.replace(BOOT_EARLY_REF, json.dumps(list(early)))
    path.write_text(text.replace(BOOT_SNAPSHOT_REF, f'"./{snapshot_dir}/'), encoding="utf-8")
    return path


def write_worker(dist: Path, pyodide_dir: str, archives: list[str]) -> Path:
    """Point dist's ai-worker.js at the hashed Pyodide folder and the ``archives`` it unpacks (the
    page's wheel and app.zip, paths relative to dist/).

    Raises :class:`BuildError`, leaving the file as it was, when web/static/ai-worker.js does not import
    from ``"./pyodide/"`` or lacks the archives marker, once each.
    """
    path = dist / WORKER_NAME
    text = path.read_text(encoding="utf-8")
    if text.count(BOOT_PYODIDE_REF) != 1:
        raise BuildError(f"web/static/{WORKER_NAME} must import Pyodide from {BOOT_PYODIDE_REF}pyodide.mjs\" once")
    if text.count(WORKER_ARCHIVES_MARKER) != 1:
        raise BuildError(f"web/static/{WORKER_NAME} must hold {WORKER_ARCHIVES_MARKER!r} once")
    text = text.replace(BOOT_PYODIDE_REF, f'"./{pyodide_dir}/')
    text = text.replace(WORKER_ARCHIVES_MARKER, ", ".join(json.dumps(f"./{a}") for a in archives))
    path.write_text(text, encoding="utf-8")
    return path


def write_index(dist: Path, folders: dict[str, str], wheel_path: str, app_bundle: str | None = None) -> Path:
    """Point index.html at the hashed folders, add the preload links and netlify.toml's CSP.
    (``wheel_path`` and ``app_bundle`` are no longer announced here: boot.js fetches them.)"""
    path = dist / "index.html"
    html = path.read_text(encoding="utf-8")
    for ref in ("pyscript/core.css", "pyscript/core.js", BOOT_NAME):
        if f'"{ref}"' not in html:
            raise BuildError(f"web/static/index.html must reference {ref!r} (build.py rewrites it)")
    html = html.replace('"pyscript/', f'"{folders["pyscript"]}/')
    if PRELOADS_MARKER not in html:
        raise BuildError(f"web/static/index.html lacks the {PRELOADS_MARKER!r} marker")
    # Measured with bench/load.py in paired runs, at 0 and 100 ms of emulated latency: boot.js
    # starts Pyodide itself, so only what it imports (pyodide.mjs) is announced with it; then
    # PyScript's main chunk (core.js is a two-line stub importing it) and config. What PyScript
    # fetches once Python is up (wheel, app.zip, main.py), which would otherwise wait for the
    # whole start, boot.js fetches at once, at low priority (write_boot): announced here with
    # <link rel="preload" as="fetch">, WebKit downloaded them twice. Announcing Pyodide's other files (the wasm, its second
    # module, the standard library, the lock file) made the start slower (by 7 % with latency,
    # for the wasm alone): Pyodide asks for them itself within milliseconds, and announced early
    # they held the HTTP/1.1 connections that boot.js and pyodide.mjs were waiting for.
    modules = [f'{folders["pyodide"]}/pyodide.mjs']
    modules += sorted(p.relative_to(dist).as_posix()
                      for p in (dist / folders["pyscript"]).glob("core-*.js"))
    fetches = [CONFIG_NAME]
    links = [f'<link rel="modulepreload" href="{href}">' for href in modules]
    links += [f'<link rel="preload" as="fetch" crossorigin href="{href}">' for href in fetches]
    html = html.replace(PRELOADS_MARKER, "\n  ".join(links))
    policy = headers_for_path(load_header_rules(), "/").get("Content-Security-Policy")
    if policy is None:
        raise BuildError(f"{NETLIFY_TOML.name} sets no Content-Security-Policy for /")
    html, count = _CSP_META.subn(lambda m: m.group(1) + meta_csp(policy) + m.group(2), html)
    if count != 1:
        raise BuildError('web/static/index.html needs one <meta http-equiv="Content-Security-Policy">')
    # The stalled-start note (app.js) tells a first visitor how much there is to download: the
    # site as built so far, in whole megabytes (sw.js, written last, is a few kB).
    if html.count(DOWNLOAD_MB_ATTR) != 1:
        raise BuildError(f'web/static/index.html needs one {DOWNLOAD_MB_ATTR} on the loader')
    html = html.replace(DOWNLOAD_MB_ATTR, f'data-download-mb="{round(dir_size(dist) / 1_000_000)}"')
    path.write_text(html, encoding="utf-8")
    return path


def generate_service_worker(dist: Path) -> Path:
    """Write dist/sw.js with workbox-build: a precache of every file of ``dist`` with revisions.

    Runs ``node tools/generate-sw.cjs DIST``; call it again after changing a file of ``dist``.
    """
    node = shutil.which("node")
    if node is None:
        raise BuildError("node was not found on PATH: install Node.js 20+ to build the service worker")
    result = subprocess.run([node, str(SW_SCRIPT), str(dist)], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-8:])
        raise BuildError(f"service worker generation failed (is workbox-build installed? "
                         f"run `npm ci`):\n{tail}")
    log(result.stdout.strip())
    return dist / SW_NAME


def build(dist: Path = DIST, *, npm: bool = True) -> Path:
    """Build the whole site into ``dist`` (emptied first) and return the wheel's path."""
    if npm:
        ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="tarot-build-") as tmp:
        built = build_wheel(Path(tmp))
        log(f"wheel {built.name} ({built.stat().st_size} bytes)")
        wheel_path = place_wheel(dist, built)
        app_zip, stdlib_zip, named = precompile(Path(tmp) / "pyc")
        app_bundle = (_hashed_folder(dist, "app", {app_zip.name: app_zip}) / app_zip.name
                      ).relative_to(dist).as_posix()
        folders = copy_runtime(dist, stdlib_zip)
        snapshot = make_snapshot(Path(tmp) / "snapshot", stdlib_zip, named, [built, app_zip])
        folders["snapshot"] = _hashed_folder(dist, "snapshot", {snapshot.name: snapshot}
                                             ).relative_to(dist).as_posix()
        app_messages = (Path(tmp) / "pyc" / "app-messages.json").read_text(encoding="utf-8")
    shutil.copytree(STATIC, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy2(WEB / WEB_ENTRY, dist / WEB_ENTRY)
    write_app_messages(dist, app_messages)
    write_boot(dist, folders["pyodide"], folders["snapshot"], [wheel_path, app_bundle, "main.py"])
    write_worker(dist, folders["pyodide"], [wheel_path, app_bundle])
    write_config(dist, wheel_path, app_bundle)
    write_index(dist, folders, wheel_path, app_bundle)
    generate_service_worker(dist)
    size = dir_size(dist)
    log(f"dist/ is {size} bytes ({size / 1_000_000:.1f} MB) in {dist}")
    return dist / wheel_path
