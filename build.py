#!/usr/bin/env python3
"""Build (and optionally serve) the static French Tarot site in ``dist/``.

Usage::

    python build.py                  # build dist/
    python build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/
    python build.py test [ARGS...]   # the tests: .venv, test extras, npm ci, browsers, pytest ARGS
    python build.py test --fast [ARGS...]  # the daily tier: all but the e2e and slow tests
    python build.py messages         # extract the page's texts into web/locale/ (after editing them)

This file is the command line only; the work is done by the modules of ``tools/site/``:
``pipeline`` (what a build does, step by step), ``devserver`` (the local server with
``netlify.toml``'s headers, from ``headers``), ``devenv`` (npm packages, ``.venv``, browsers, the
test runner) and ``layout`` (the paths and the page's module list). Their names are re-exported
here (``build.build``, ``build.DIST``, ``build.serve_in_thread``, ...), as when this was one file:
setting one of them on this module (a test's monkeypatch) sets it where it is read too.
"""

from __future__ import annotations

import argparse
import shutil  # noqa: F401  (tests patch build.shutil.which)
import subprocess  # noqa: F401  (tests patch build.subprocess.run)
import sys
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # tools.site, from any working directory
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from tools.site import devenv  # noqa: E402

# The names of tools/site, re-exported (tests, bench/ and tools use build.<name>).
from tools.site.common import BuildError, log  # noqa: E402, F401
from tools.site.devenv import (  # noqa: E402, F401
    BROWSERS, EXTRAS_STAMP, FAST_MARKERS, MIN_PYTHON, VENV, Browser, browsers_message, ensure_node_modules,
    ensure_test_venv, extras_fingerprint, extras_installed, make_venv, missing_browsers, needed_browsers,
    run_tests, venv_python)
from tools.site.devserver import (  # noqa: E402, F401
    MIME_TYPES, SiteHandler, SiteServer, make_server, serve, serve_in_thread)
from tools.site.headers import headers_for_path, load_header_rules, netlify_for_regex  # noqa: E402, F401
from tools.site.layout import (  # noqa: E402, F401
    CATALOGUE_SCRIPT, DIST, NETLIFY_TOML, NODE_MODULES, PACKAGE_LOCK, PYC_SCRIPT, PYPROJECT, ROOT,
    SNAPSHOT_SCRIPT, STATIC, SW_SCRIPT, WEB, WEB_ENTRY, WEB_MODULES, WEB_PACKAGE, web_modules)
from tools.site.pipeline import (  # noqa: E402, F401
    APP_MESSAGES_MARKER, ASSETS_DIR, BOOT_EARLY_REF, BOOT_NAME, BOOT_PYODIDE_REF, BOOT_SNAPSHOT_REF,
    CONFIG_NAME, DISABLED_PLUGINS, DOWNLOAD_MB_ATTR, HASH_CHARS, PRELOADS_MARKER, PYODIDE_FILES, SNAPSHOT_NAME,
    SW_NAME, WHEEL_EPOCH, WORKER_ARCHIVES_MARKER, WORKER_NAME, babel_pin, build, build_wheel,
    build_wheel_pep517, build_wheel_stdlib, catalogue_python, content_hash, copy_runtime, dir_size,
    generate_service_worker, make_snapshot, meta_csp, place_wheel, precompile, project_metadata,
    pyscript_runtime_files, run_catalogues, write_app_messages, write_boot, write_config, write_index,
    write_worker)


def main(argv: list[str] | None = None) -> int:
    """Command line entry point: ``build.py``, ``build.py serve [--port N]`` or
    ``build.py test [--fast] [PYTEST ARGS...]`` (:func:`run_tests`; every argument after ``test``,
    or after ``test --fast``, goes to pytest) or ``build.py messages``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sub.add_parser("test", add_help=False,
                   help="run the tests: makes or reuses .venv with the pinned test extras, runs npm ci "
                        "when needed, checks the browsers; further arguments go to pytest. "
                        f"`test --fast [ARGS]`: the daily tier, pytest -m '{devenv.FAST_MARKERS}' "
                        "(no browser check)")
    sub.add_parser("messages", help="extract the page's texts into web/locale/messages.pot and update "
                                    "each language's .po")
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:2] == ["test", "--fast"]:
        return run_tests(argv[2:], fast=True)
    if argv[:1] == ["test"]:
        return run_tests(argv[1:])
    if argv[:1] == ["messages"]:
        try:
            run_catalogues("extract")
        except BuildError as error:
            print(f"build.py messages: error: {error}", file=sys.stderr)
            return 1
        return 0
    args = parser.parse_args(argv)
    server = None
    if args.command == "serve":
        try:  # take the port first: a busy one is reported before a build of several seconds
            server = make_server(DIST, args.port)
        except OSError as error:
            print(f"build.py: error: cannot serve on port {args.port}: {error}", file=sys.stderr)
            return 1
    try:
        build()
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        if server is not None:
            server.server_close()
        return 1
    if server is not None:
        serve(DIST, args.port, server)
    return 0



if __name__ == "__main__":
    sys.exit(main())
