"""The development environment: the pinned npm packages (``npm ci``), ``.venv`` with the pinned
test extras, the browsers the e2e tests launch, and the test runner (``python build.py test``)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from tools.site.common import BuildError, log
from tools.site.layout import NODE_MODULES, PACKAGE_LOCK, PYPROJECT, ROOT

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


# --- `python build.py test`: one command from a fresh clone to the test suite's result ----------

VENV = ROOT / ".venv"
#: Written into .venv once the test extras are installed: the sha256 of pyproject.toml then.
#: A different pyproject.toml (new pins) installs them again; the same one skips pip entirely.
EXTRAS_STAMP = "tarot-test-extras.sha256"
#: The Python the project supports (pyproject.toml's requires-python).
MIN_PYTHON = (3, 11)


class Browser(NamedTuple):
    """A program the browser tests launch: its name for people, the path it is looked for at (an
    environment variable may name another), and how to install it on Debian or Ubuntu."""

    name: str
    path: str
    env: str | None
    apt: str


#: The programs the e2e tests launch: (name, default path, variable naming another, apt package).
#: The paths are those of tests/chromium.py, tests/firefox.py and tests/webkit.py.
BROWSERS = (
    ("Chromium", "/usr/bin/chromium", "TAROT_CHROMIUM", "chromium"),
    ("Firefox", "/usr/bin/firefox-esr", "TAROT_FIREFOX", "firefox-esr"),
    ("WebKitWebDriver", "/usr/bin/WebKitWebDriver", "TAROT_WEBKIT_DRIVER", "webkit2gtk-driver"),
    ("Xvfb", "/usr/bin/Xvfb", "TAROT_XVFB", "xvfb"),
)


def needed_browsers() -> tuple[Browser, ...]:
    """The browsers the e2e tests need (:data:`BROWSERS`): Debian's Chromium, Firefox ESR (driven
    over WebDriver BiDi by puppeteer-core), WebKit's WebDriver (WebKitGTK's MiniBrowser, with
    Selenium) and the Xvfb display that WebKit runs on. Each path is its variable's value when set
    (e.g. ``TAROT_CHROMIUM`` overrides ``/usr/bin/chromium``), read at call time."""
    return tuple(Browser(name, os.environ.get(env, path), env, apt) for name, path, env, apt in BROWSERS)


def missing_browsers(browsers: tuple[Browser, ...] | None = None) -> list[Browser]:
    """The browsers of ``browsers`` (default :func:`needed_browsers`) that are not an executable
    file where they are looked for."""
    return [b for b in (needed_browsers() if browsers is None else browsers)
            if not (os.path.isfile(b.path) and os.access(b.path, os.X_OK))]


def browsers_message(missing: list[Browser]) -> str:
    """What to tell someone whose machine lacks ``missing``: each path looked at, and the one
    apt-get command that installs them all (run as root, after ``apt-get update``)."""
    lines = ["the browser tests need programs this machine lacks (they are never skipped):"]
    for b in missing:
        other = f" ({b.env}=/path/to/it names another)" if b.env else ""
        lines.append(f"  {b.name}: not found at {b.path}{other}")
    packages = " ".join(dict.fromkeys(b.apt for b in missing))
    lines.append(f"on Debian or Ubuntu, install with: sudo apt-get update && sudo apt-get install -y {packages}")
    return "\n".join(lines)


def venv_python(venv: Path = VENV) -> Path:
    """The interpreter of the virtualenv ``venv`` (``bin/python``, or ``Scripts\\python.exe`` on
    Windows); it may not exist yet."""
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def extras_fingerprint(pyproject: Path = PYPROJECT) -> str:
    """The sha256 (hex) of ``pyproject.toml``: what :data:`EXTRAS_STAMP` records."""
    return hashlib.sha256(pyproject.read_bytes()).hexdigest()


def extras_installed(venv: Path = VENV, pyproject: Path = PYPROJECT) -> bool:
    """Whether ``venv`` holds the test extras of this very ``pyproject.toml`` (its stamp)."""
    stamp = venv / EXTRAS_STAMP
    return stamp.is_file() and stamp.read_text().strip() == extras_fingerprint(pyproject)


def make_venv(venv: Path = VENV) -> Path:
    """Make the virtualenv ``venv`` if it is missing (with pip, from the running Python, which
    must be 3.11+) and return its interpreter. Raises :class:`BuildError` naming the step that
    failed: a Python older than 3.11, a venv that cannot be made (e.g. Debian without
    ``python3-venv``), or a ``.venv`` of an older Python."""
    python = venv_python(venv)
    if not python.is_file():
        if sys.version_info < MIN_PYTHON:
            raise BuildError(f"Python {'.'.join(map(str, MIN_PYTHON))}+ is needed, this is "
                             f"{sys.version.split()[0]}: run build.py with python3.11 (or newer)")
        log(f"making the virtualenv {venv.name}/")
        try:
            import venv as venv_module

            venv_module.EnvBuilder(with_pip=True).create(venv)
        except (OSError, subprocess.CalledProcessError) as error:
            raise BuildError(f"cannot make {venv}: {error} (on Debian or Ubuntu: "
                             "sudo apt-get install -y python3-venv; then delete .venv and run again)") from error
    version = subprocess.run([str(python), "-c", "import sys; print(*sys.version_info[:2])"],
                             capture_output=True, text=True)
    if version.returncode != 0 or tuple(map(int, version.stdout.split())) < MIN_PYTHON:
        raise BuildError(f"{venv} is not a working Python {'.'.join(map(str, MIN_PYTHON))}+ virtualenv: "
                         "delete it and run build.py again")
    return python


def ensure_test_venv(venv: Path = VENV) -> Path:
    """Make ``venv`` if it is missing (with pip, from the running Python, which must be 3.11+),
    install the pinned test extras into it (``pip install -e '.[test]'``) unless its stamp says
    they are already those of this ``pyproject.toml``, and return its interpreter.

    Raises :class:`BuildError` naming the step that failed: a Python older than 3.11, a venv that
    cannot be made (e.g. Debian without ``python3-venv``), a pip install that fails, or a
    ``.venv`` of an older Python."""
    python = make_venv(venv)
    if extras_installed(venv):
        log(f"test extras already installed in {venv.name}/ (pyproject.toml unchanged)")
        return python
    log(f"installing the pinned test extras into {venv.name}/ (pip install -e '.[test]')")
    result = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                             "-e", ".[test]"], cwd=ROOT)
    if result.returncode != 0:
        raise BuildError(f"`pip install -e '.[test]'` failed with exit code {result.returncode}")
    (venv / EXTRAS_STAMP).write_text(extras_fingerprint() + "\n")
    return python


#: The fast tier's pytest marker expression (``python build.py test --fast``): everything but the
#: browser tests (``e2e``) and the search, fuzz and Pyodide fingerprint tests (``slow``).
FAST_MARKERS = "not e2e and not slow"


def run_tests(pytest_args: list[str], *, fast: bool = False) -> int:
    """``python build.py test [PYTEST ARGS...]``: make or reuse ``.venv`` with the pinned test
    extras (:func:`ensure_test_venv`), run ``npm ci`` when ``node_modules/`` is missing or stale
    (:func:`ensure_node_modules`), check the browsers (:func:`missing_browsers`: one missing is
    reported with the command that installs it, and nothing runs), then run pytest in the venv
    with ``pytest_args`` (none: the whole suite, browser tests included). Returns pytest's exit
    status, or 1 after printing what to do when a step before it fails.

    ``fast`` (``python build.py test --fast [PYTEST ARGS...]``, the daily tier): pytest runs with
    ``-m`` :data:`FAST_MARKERS` before ``pytest_args`` (a ``-m`` among them replaces it) and the
    Hypothesis profile ``fast`` (``HYPOTHESIS_PROFILE``, unless already set; tests/conftest.py),
    and the browsers are not checked, since no test of that tier launches one."""
    try:
        python = ensure_test_venv()
        ensure_node_modules()
    except BuildError as error:
        print(f"build.py test: error: {error}", file=sys.stderr)
        return 1
    env = dict(os.environ)
    if fast:
        pytest_args = ["-m", FAST_MARKERS, *pytest_args]
        env.setdefault("HYPOTHESIS_PROFILE", "fast")
    else:
        missing = missing_browsers()
        if missing:
            print(f"build.py test: error: {browsers_message(missing)}", file=sys.stderr)
            return 1
    log(f"running: {venv_python().relative_to(ROOT)} -m pytest {' '.join(pytest_args)}".rstrip())
    return subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode
