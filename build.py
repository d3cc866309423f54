#!/usr/bin/env python3
"""Build (and optionally serve) the static French Tarot site in ``dist/``.

Usage::

    python build.py                  # build dist/
    python build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/
    python build.py test [ARGS...]   # the tests: .venv, test extras, npm ci, browsers, pytest ARGS
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
import types
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # tools.site, from any working directory
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from tools.site import common, devenv, devserver, headers, layout, pipeline  # noqa: E402
from tools.site.layout import (ROOT, DIST, WEB, NODE_MODULES, PACKAGE_LOCK, PYPROJECT, NETLIFY_TOML,
                               SW_SCRIPT, PYC_SCRIPT, SNAPSHOT_SCRIPT, CATALOGUE_SCRIPT, WEB_MODULES,
                               WEB_ENTRY)  # noqa: E402, F401
from tools.site.common import (BuildError, log)  # noqa: E402, F401
from tools.site.headers import (netlify_for_regex, load_header_rules, headers_for_path)  # noqa: E402, F401
from tools.site.devserver import (MIME_TYPES, SiteHandler, SiteServer, make_server, serve_in_thread,
                                  serve)  # noqa: E402, F401
from tools.site.devenv import (ensure_node_modules, VENV, EXTRAS_STAMP, MIN_PYTHON, Browser, BROWSERS,
                               needed_browsers, missing_browsers, browsers_message, venv_python,
                               extras_fingerprint, extras_installed, make_venv, ensure_test_venv,
                               run_tests)  # noqa: E402, F401
from tools.site.pipeline import (APP_MESSAGES_MARKER, DOWNLOAD_MB_ATTR, PYODIDE_FILES, ASSETS_DIR, HASH_CHARS,
                                 CONFIG_NAME, SW_NAME, BOOT_NAME, WORKER_NAME, WORKER_ARCHIVES_MARKER,
                                 BOOT_PYODIDE_REF, BOOT_SNAPSHOT_REF, BOOT_EARLY_REF, SNAPSHOT_NAME,
                                 DISABLED_PLUGINS, project_metadata, WHEEL_EPOCH, build_wheel_pep517,
                                 build_wheel_stdlib, build_wheel, content_hash, copy_runtime,
                                 pyscript_runtime_files, place_wheel, precompile, babel_pin, catalogue_python,
                                 run_catalogues, write_app_messages, make_snapshot, write_config, dir_size,
                                 PRELOADS_MARKER, meta_csp, write_boot, write_worker, write_index,
                                 generate_service_worker, build)  # noqa: E402, F401


def main(argv: list[str] | None = None) -> int:
    """Command line entry point: ``build.py``, ``build.py serve [--port N]`` or
    ``build.py test [PYTEST ARGS...]`` (:func:`run_tests`; every argument after ``test`` goes to
    pytest)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_cmd = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sub.add_parser("test", add_help=False,
                   help="run the tests: makes or reuses .venv with the pinned test extras, runs npm ci "
                        "when needed, checks the browsers; further arguments go to pytest")
    sub.add_parser("messages", help="extract the page's texts into web/locale/messages.pot and update "
                                    "each language's .po")
    argv = sys.argv[1:] if argv is None else list(argv)
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



class _Reexports(types.ModuleType):
    """This module, whose names of ``tools/site`` are re-exports: setting one (as the tests'
    monkeypatch does, e.g. ``build.NODE_MODULES`` or ``build.ensure_test_venv``) sets it in every
    module of ``tools/site`` that holds that name too, so the code reading it there sees it, as
    when build.py was one file."""

    def __setattr__(self, name: str, value) -> None:
        for module in _SITE_MODULES:
            if name in vars(module):
                setattr(module, name, value)
        super().__setattr__(name, value)


_SITE_MODULES = (layout, common, headers, devserver, devenv, pipeline)
sys.modules[__name__].__class__ = _Reexports


if __name__ == "__main__":
    sys.exit(main())
