"""build.py without a browser: the wheel builders, the server's MIME types, clear errors."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import re
import subprocess
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
from tools.site import devenv  # the dev environment build.py re-exports: its names are patched where they are read


def _check_wheel(path: Path) -> set[str]:
    """Assert ``path`` is a sane pure-Python tarot_core wheel; return its member names."""
    assert path.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        assert "tarot_core/__init__.py" in names
        (record_name,) = [n for n in names if n.endswith(".dist-info/RECORD")]
        rows = list(csv.reader(io.StringIO(zf.read(record_name).decode())))
        for name, digest, _size in rows:
            if digest:
                algo, _, value = digest.partition("=")
                raw = hashlib.new(algo, zf.read(name)).digest()
                assert base64.urlsafe_b64encode(raw).rstrip(b"=").decode() == value, name
        wheel_meta = zf.read(record_name.replace("RECORD", "WHEEL")).decode()
        assert "Root-Is-Purelib: true" in wheel_meta
    return names


def test_stdlib_wheel_writer(tmp_path: Path) -> None:
    """The fallback writer ships every module of tarot_core with a valid RECORD."""
    names = _check_wheel(build.build_wheel_stdlib(tmp_path))
    sources = {p.relative_to(build.ROOT).as_posix()
               for p in (build.ROOT / "tarot_core").rglob("*.py") if "__pycache__" not in p.parts}
    assert sources <= names


def _package_files(names: set[str]) -> set[str]:
    return {n for n in names if n.startswith("tarot_core/")}


def _source_files() -> set[str]:
    return {p.relative_to(build.ROOT).as_posix()
            for p in (build.ROOT / "tarot_core").rglob("*.py") if "__pycache__" not in p.parts}


def test_build_wheel_is_a_valid_wheel(tmp_path: Path) -> None:
    """build_wheel() (PEP 517 backend, or the fallback) yields a valid wheel."""
    _check_wheel(build.build_wheel(tmp_path))


def test_both_wheel_builders_ship_exactly_the_source_tree(tmp_path: Path) -> None:
    """The PEP 517 backend and the fallback writer ship the same package files: every module of
    tarot_core and of each subpackage (tarot_core/french/...), and nothing else."""
    pep517, stdlib = tmp_path / "pep517", tmp_path / "stdlib"
    pep517.mkdir()
    stdlib.mkdir()
    from_backend = _package_files(_check_wheel(build.build_wheel_pep517(pep517)))
    from_writer = _package_files(_check_wheel(build.build_wheel_stdlib(stdlib)))
    assert "tarot_core/french/state.py" in from_backend
    assert from_backend == from_writer == _source_files()


def test_wheel_build_is_reproducible(tmp_path: Path) -> None:
    """Two builds of unchanged sources give the same wheel bytes, so an unchanged redeploy keeps
    the same asset folder and sw.js, and open pages are not offered a "new version"."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    one, two = build.build_wheel(first), build.build_wheel(second)
    assert one.name == two.name
    assert one.read_bytes() == two.read_bytes()


def test_npm_missing_is_a_clear_error(monkeypatch, tmp_path: Path) -> None:
    """Without node_modules and without npm, the build says to install Node.js."""
    monkeypatch.setattr(devenv, "NODE_MODULES", tmp_path / "node_modules")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="npm was not found"):
        build.ensure_node_modules()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("a.mjs", "text/javascript"),
        ("a.js", "text/javascript"),
        ("a.py", "text/plain"),
        ("a.whl", "application/zip"),
        ("a.zip", "application/zip"),
        ("a.json", "application/json"),
        ("index.html", "text/html"),
    ],
)
def test_server_mime_types(tmp_path: Path, name: str, mime: str) -> None:
    """The local server sends the MIME types Pyodide and PyScript need."""
    (tmp_path / name).write_bytes(b"x")
    server, url = build.serve_in_thread(tmp_path, 0)
    try:
        assert url.startswith("http://127.0.0.1:")
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no env proxy
        with opener.open(url + name, timeout=10) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime
            assert response.read() == b"x"
    finally:
        server.shutdown()
        server.server_close()


def test_server_lists_no_directory(tmp_path: Path) -> None:
    """Like Netlify, the local server answers a folder without index.html with a 404, not a
    listing of its files."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "a.js").write_bytes(b"x")
    server, url = build.serve_in_thread(tmp_path, 0)
    try:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with pytest.raises(urllib.error.HTTPError) as caught:
            opener.open(url + "assets/", timeout=10)
        assert caught.value.code == 404
        assert b"a.js" not in caught.value.read()
    finally:
        server.shutdown()
        server.server_close()



def test_pyscript_ships_without_the_disabled_plugins() -> None:
    """Only PyScript's core and what it can import are shipped: nothing of the plugins the page
    disables (editor, terminal: CodeMirror, xterm), and every chunk a shipped one names is there."""
    src = build.NODE_MODULES / "@pyscript" / "core" / "dist"
    kept = build.pyscript_runtime_files(src)
    assert {"core.js", "core.css"} <= set(kept) and any(n.startswith("core-") for n in kept)
    unused = tuple(build.DISABLED_PLUGINS) + ("pyodide_graph",)
    assert not [n for n in kept if n.startswith(unused) or n.startswith("xterm")]
    for name, path in kept.items():
        for ref in re.findall(r"\./([\w.-]+\.js)", path.read_text(encoding="utf-8")):
            assert ref in kept or ref.startswith(unused), (name, ref)
    left_out = {p.name for p in src.iterdir() if p.is_file()} - set(kept)
    assert any(n.startswith("codemirror") for n in left_out)
    assert any(n.startswith("xterm") for n in left_out)


def test_serve_on_a_busy_port_fails_before_building(monkeypatch, capsys) -> None:
    """`build.py serve` takes its port first: a busy one is a clear error, with no build first."""
    import socket

    def no_build(*args, **kwargs):
        raise AssertionError("built before checking the port")

    monkeypatch.setattr(build, "build", no_build)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert build.main(["serve", "--port", str(port)]) == 1
    assert f"cannot serve on port {port}" in capsys.readouterr().err


# --- `python build.py test` ------------------------------------------------------------------


def test_missing_browsers_are_the_ones_not_executable(tmp_path: Path) -> None:
    """A browser counts as present only as an executable file at its path."""
    present = tmp_path / "present"
    present.write_text("#!/bin/sh\n")
    present.chmod(0o755)
    plain = tmp_path / "plain"
    plain.write_text("not a program")
    plain.chmod(0o644)
    wanted = (build.Browser("A", str(present), None, "a"), build.Browser("B", str(plain), None, "b"),
              build.Browser("C", str(tmp_path / "absent"), "C_PATH", "c"))
    assert [b.name for b in build.missing_browsers(wanted)] == ["B", "C"]


def test_browsers_message_names_each_path_and_one_install_command() -> None:
    """The message names every missing program where it was looked for, the variable that points
    elsewhere, and a single apt-get line with each package once."""
    missing = [build.Browser("Chromium", "/nowhere/chromium", "TAROT_CHROMIUM", "chromium"),
               build.Browser("WebKit", "/nowhere/WebKitWebDriver", None, "webkit2gtk-driver"),
               build.Browser("Xvfb", "/nowhere/Xvfb", None, "webkit2gtk-driver")]
    text = build.browsers_message(missing)
    assert "Chromium: not found at /nowhere/chromium (TAROT_CHROMIUM=/path/to/it names another)" in text
    assert "WebKit: not found at /nowhere/WebKitWebDriver\n" in text
    assert text.endswith("sudo apt-get install -y chromium webkit2gtk-driver")


def test_chromium_path_follows_the_tests_variable(monkeypatch) -> None:
    """build.py test looks for Chromium where the e2e tests launch it (TAROT_CHROMIUM)."""
    monkeypatch.setenv("TAROT_CHROMIUM", "/opt/other/chrome")
    assert [b.path for b in build.needed_browsers() if b.name == "Chromium"] == ["/opt/other/chrome"]


def test_every_browser_is_needed_with_its_variable_and_package(monkeypatch) -> None:
    """Chromium, Firefox, WebKit's driver and Xvfb are all needed; each at its Debian path unless
    its variable names another."""
    for env in ("TAROT_CHROMIUM", "TAROT_FIREFOX", "TAROT_WEBKIT_DRIVER", "TAROT_XVFB"):
        monkeypatch.delenv(env, raising=False)
    assert [(b.name, b.path, b.env, b.apt) for b in build.needed_browsers()] == [
        ("Chromium", "/usr/bin/chromium", "TAROT_CHROMIUM", "chromium"),
        ("Firefox", "/usr/bin/firefox-esr", "TAROT_FIREFOX", "firefox-esr"),
        ("WebKitWebDriver", "/usr/bin/WebKitWebDriver", "TAROT_WEBKIT_DRIVER", "webkit2gtk-driver"),
        ("Xvfb", "/usr/bin/Xvfb", "TAROT_XVFB", "xvfb"),
    ]
    monkeypatch.setenv("TAROT_FIREFOX", "/opt/firefox/firefox")
    monkeypatch.setenv("TAROT_WEBKIT_DRIVER", "/opt/webkit/WebKitWebDriver")
    monkeypatch.setenv("TAROT_XVFB", "/opt/x/Xvfb")
    assert [b.path for b in build.needed_browsers()][1:] == [
        "/opt/firefox/firefox", "/opt/webkit/WebKitWebDriver", "/opt/x/Xvfb"]


def test_test_command_names_the_one_apt_line_for_all_missing_browsers(monkeypatch, tmp_path: Path,
                                                                      capsys) -> None:
    """With none of the browsers there, `build.py test` names each and the single apt-get line
    that .ci/run and the README give; pytest is not started."""
    monkeypatch.setattr(devenv, "ensure_test_venv", lambda: tmp_path / "python")
    monkeypatch.setattr(devenv, "ensure_node_modules", lambda: None)
    for env in ("TAROT_CHROMIUM", "TAROT_FIREFOX", "TAROT_WEBKIT_DRIVER", "TAROT_XVFB"):
        monkeypatch.setenv(env, str(tmp_path / env.lower()))
    started = []
    monkeypatch.setattr(build.subprocess, "run", lambda *a, **k: started.append(a))
    assert build.run_tests([]) == 1
    assert started == []
    err = capsys.readouterr().err
    for name, env in (("Firefox", "TAROT_FIREFOX"), ("WebKitWebDriver", "TAROT_WEBKIT_DRIVER"), ("Xvfb", "TAROT_XVFB")):
        assert f"{name}: not found at {tmp_path / env.lower()} ({env}=/path/to/it names another)" in err
    line = "apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb"
    assert err.rstrip().endswith(line)
    root = Path(build.__file__).resolve().parent
    assert line in (root / ".ci" / "run").read_text(encoding="utf-8")
    assert line in (root / "README.md").read_text(encoding="utf-8")


def test_extras_stamp_follows_pyproject(tmp_path: Path) -> None:
    """The test extras count as installed only with a stamp of this very pyproject.toml."""
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n')
    venv = tmp_path / "venv"
    venv.mkdir()
    assert not build.extras_installed(venv, pyproject)
    (venv / build.EXTRAS_STAMP).write_text(build.extras_fingerprint(pyproject) + "\n")
    assert build.extras_installed(venv, pyproject)
    pyproject.write_text('[project]\nname = "x"\nversion = "2"\n')
    assert not build.extras_installed(venv, pyproject)


def test_stamped_venv_is_reused_without_pip(tmp_path: Path) -> None:
    """A venv stamped with this pyproject.toml is used as it is: this one has no pip at all, so
    any install attempt would fail."""
    import venv

    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    (target / build.EXTRAS_STAMP).write_text(build.extras_fingerprint() + "\n")
    assert build.ensure_test_venv(target) == build.venv_python(target)


def test_stale_venv_installs_and_reports_a_failed_pip(tmp_path: Path) -> None:
    """Without a matching stamp the extras are installed; a pip that fails (none in this venv) is
    a BuildError naming the command, and no stamp is written."""
    import venv

    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(target)
    (target / build.EXTRAS_STAMP).write_text("0" * 64 + "\n")
    with pytest.raises(build.BuildError, match=r"pip install -e '\.\[test\]'` failed"):
        build.ensure_test_venv(target)
    assert (target / build.EXTRAS_STAMP).read_text().strip() == "0" * 64


def test_test_command_passes_every_argument_to_pytest(monkeypatch) -> None:
    """Everything after `test`, options included, reaches pytest unchanged."""
    seen = []
    monkeypatch.setattr(build, "run_tests", lambda args: seen.append(args) or 7)
    assert build.main(["test", "-q", "-k", "deal", "--help", "tests/test_values.py"]) == 7
    assert seen == [["-q", "-k", "deal", "--help", "tests/test_values.py"]]


def test_the_fast_tier_leaves_out_e2e_and_slow_and_runs_the_fast_hypothesis_profile(monkeypatch, tmp_path: Path) -> None:
    """`build.py test --fast`: pytest -m "not e2e and not slow" before the given arguments, with
    HYPOTHESIS_PROFILE=fast (tests/conftest.py), unless the caller chose another profile."""
    monkeypatch.setattr(devenv, "ensure_test_venv", lambda: tmp_path / "python")
    monkeypatch.setattr(devenv, "ensure_node_modules", lambda: None)
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    started = []
    monkeypatch.setattr(build.subprocess, "run",
                        lambda command, **kwargs: started.append((command, kwargs)) or subprocess.CompletedProcess(command, 0))
    assert build.run_tests(["-q", "tests/core"], fast=True) == 0
    command, kwargs = started.pop()
    assert command[1:] == ["-m", "pytest", "-m", "not e2e and not slow", "-q", "tests/core"]
    assert kwargs["env"]["HYPOTHESIS_PROFILE"] == "fast"
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "default")
    assert build.run_tests([], fast=True) == 0
    assert started.pop()[1]["env"]["HYPOTHESIS_PROFILE"] == "default"


def test_test_command_stops_before_pytest_without_a_browser(monkeypatch, tmp_path: Path, capsys) -> None:
    """A missing browser is reported with its install command, and pytest is not started."""
    monkeypatch.setattr(devenv, "ensure_test_venv", lambda: tmp_path / "python")
    monkeypatch.setattr(devenv, "ensure_node_modules", lambda: None)
    monkeypatch.setenv("TAROT_CHROMIUM", str(tmp_path / "no-chromium"))
    started = []
    monkeypatch.setattr(build.subprocess, "run", lambda *a, **k: started.append(a))
    assert build.run_tests([]) == 1
    assert started == []
    err = capsys.readouterr().err
    assert f"Chromium: not found at {tmp_path / 'no-chromium'}" in err
    assert "apt-get install -y chromium" in err


def test_fast_tier_runs_pytest_without_e2e_and_slow_tests_nor_a_browser_check(monkeypatch, tmp_path: Path) -> None:
    """`build.py test --fast ARGS` runs pytest with -m "not e2e and not slow" before ARGS, and
    starts it even on a machine without the browsers (no test of that tier launches one)."""
    monkeypatch.setattr(devenv, "ensure_test_venv", lambda: tmp_path / "python")
    monkeypatch.setattr(devenv, "ensure_node_modules", lambda: None)
    monkeypatch.setenv("TAROT_CHROMIUM", str(tmp_path / "no-chromium"))
    started = []

    class Done:
        returncode = 5

    monkeypatch.setattr(build.subprocess, "run", lambda cmd, **k: started.append(cmd) or Done())
    assert build.main(["test", "--fast", "-x", "tests/test_values.py"]) == 5
    assert started == [[str(tmp_path / "python"), "-m", "pytest", "-m", "not e2e and not slow", "-x",
                        "tests/test_values.py"]]
