"""build.py without a browser: the wheel builders, the server's MIME types, clear errors."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import re
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build


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
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
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
