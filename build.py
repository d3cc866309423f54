#!/usr/bin/env python3
"""Build (and optionally serve) the static French Tarot site in ``dist/``.

Usage::

    python build.py                  # build dist/
    python build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/

Standard library only. What a build does:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (the npm packages ``pyodide`` and ``@pyscript/core`` are pinned there);
2. builds the pure-Python wheel of ``tarot_core`` offline, with the PEP 517 backend named in
   ``pyproject.toml`` (setuptools), from a clean copy of the sources (fallback: a stdlib-only
   wheel writer when that backend is not installed or too old to build wheels);
3. copies the Pyodide runtime files the page really loads, PyScript's dist files (no source
   maps), and ``web/`` (html, css, python);
4. writes ``pyscript.json``, the PyScript config: the local interpreter and the wheel to unpack
   in the browser's virtual filesystem; nothing is ever loaded from another host.

``serve()`` is importable (the tests start it in a thread on port 0).
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
PACKAGE_LOCK = ROOT / "package-lock.json"
PYPROJECT = ROOT / "pyproject.toml"

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

#: dist/ sub-folders for the two runtimes, relative to index.html.
PYODIDE_DIR = "pyodide"
PYSCRIPT_DIR = "pyscript"
CONFIG_NAME = "pyscript.json"

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

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".py": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(RuntimeError):
    """A build step failed; the message says what to do about it."""


def log(message: str) -> None:
    """Print one build step, flushed so it shows up in CI logs in order."""
    print(f"[build] {message}", flush=True)


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules/ is missing or older than package-lock.json."""
    if not PACKAGE_LOCK.is_file():
        raise BuildError(f"{PACKAGE_LOCK} is missing: run `npm install` once to create it")
    marker = NODE_MODULES / ".package-lock.json"  # npm writes it on every install
    stamp = marker if marker.is_file() else NODE_MODULES
    if NODE_MODULES.is_dir() and stamp.stat().st_mtime >= PACKAGE_LOCK.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm was not found on PATH: install Node.js 20+ (which ships npm), "
            "then run `python build.py` again"
        )
    log("npm ci (node_modules missing or older than package-lock.json)")
    result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    if result.returncode != 0:
        raise BuildError(f"`npm ci` failed with exit code {result.returncode}")
    os.utime(NODE_MODULES)


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


def build_wheel_pep517(out_dir: Path) -> Path:
    """Build the wheel with the PEP 517 backend from pyproject.toml, offline and in-process.

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
        log(f"{error}\n[build] falling back to the stdlib wheel writer "
            "(pip install 'setuptools>=70.1' to use the PEP 517 backend)")
        return build_wheel_stdlib(out_dir)


def copy_runtime(dist: Path) -> None:
    """Copy the needed Pyodide runtime files and PyScript's dist (minus source maps)."""
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    for folder in (pyodide_src, pyscript_src):
        if not folder.is_dir():
            raise BuildError(f"{folder} is missing: run `npm ci` (is package.json intact?)")
    (dist / PYODIDE_DIR).mkdir()
    for name in PYODIDE_FILES:
        source = pyodide_src / name
        if not source.is_file():
            raise BuildError(f"Pyodide file {source} is missing: is the pinned version installed?")
        shutil.copy2(source, dist / PYODIDE_DIR / name)
    shutil.copytree(pyscript_src, dist / PYSCRIPT_DIR, ignore=shutil.ignore_patterns("*.map"))


def write_config(dist: Path, wheel_name: str) -> Path:
    """Write the PyScript config: local interpreter, the wheel to unpack, plugins off."""
    config = {
        # Resolved against the page URL: PyScript then never picks Pyodide from a CDN.
        "interpreter": f"./{PYODIDE_DIR}/pyodide.mjs",
        # A destination ending in "/*" makes PyScript unpack the archive (zip/whl/tgz) into
        # that folder: "./" is Pyodide's working directory /home/pyodide, which is on sys.path.
        "files": {f"./{wheel_name}": "./*"},
        "plugins": [f"!{name}" for name in DISABLED_PLUGINS],
    }
    path = dist / CONFIG_NAME
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return path


def dir_size(path: Path) -> int:
    """Return the total size in bytes of the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(dist: Path = DIST, *, npm: bool = True) -> Path:
    """Build the whole site into ``dist`` (emptied first) and return the wheel's path."""
    if npm:
        ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    wheel = build_wheel(dist)
    log(f"wheel {wheel.name} ({wheel.stat().st_size} bytes)")
    copy_runtime(dist)
    shutil.copytree(WEB, dist, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    write_config(dist, wheel.name)
    size = dir_size(dist)
    log(f"dist/ is {size} bytes ({size / 1_000_000:.1f} MB) in {dist}")
    return wheel


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the MIME types Pyodide/PyScript need and no caching."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        """Add ``Cache-Control: no-cache`` so a rebuilt wheel is never served stale."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Log only errors (4xx/5xx), keeping the console readable."""
        if len(args) >= 2 and str(args[1])[:1] in "45":
            super().log_message(format, *args)


def make_server(directory: Path = DIST, port: int = 8000, host: str = "127.0.0.1"):
    """Return a ThreadingHTTPServer serving ``directory`` on host:port (port 0 = free port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_thread(directory: Path = DIST, port: int = 0):
    """Start the server in a daemon thread; return ``(server, url)``. Stop with shutdown()."""
    server = make_server(directory, port)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return server, f"http://{host}:{real_port}/"


def serve(directory: Path = DIST, port: int = 8000) -> None:
    """Serve ``directory`` on 127.0.0.1:port until Ctrl-C, printing the address."""
    server = make_server(directory, port)
    host, real_port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{real_port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Command line entry point: ``build.py`` or ``build.py serve [--port N]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    args = parser.parse_args(argv)
    try:
        build()
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        try:
            serve(DIST, args.port)
        except OSError as error:
            print(f"build.py: error: cannot serve on port {args.port}: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
