"""netlify.toml's rules, the headers the local server sends (the same, read from netlify.toml),
the service worker's precache list and the web app manifest. No browser needed."""

from __future__ import annotations

import json
import re
import struct
import tomllib
import urllib.request
from pathlib import Path

import pytest

import build

IMMUTABLE = "public, max-age=31536000, immutable"
HASHED_FOLDER = re.compile(r"^/assets/[a-z_]+-([0-9a-f]{%d})/" % build.HASH_CHARS)
SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                    "Permissions-Policy", "X-Frame-Options", "Strict-Transport-Security",
                    "Cross-Origin-Opener-Policy")


def _config() -> dict:
    with build.NETLIFY_TOML.open("rb") as f:
        return tomllib.load(f)


def _url_paths(dist: Path) -> list[str]:
    """Every URL path of the site: each file of dist/, and "/" (served as index.html)."""
    return ["/"] + sorted("/" + p.relative_to(dist).as_posix()
                          for p in dist.rglob("*") if p.is_file())


def _csp(policy: str) -> dict[str, list[str]]:
    directives = {}
    for part in policy.split(";"):
        if part.strip():
            name, *values = part.split()
            directives[name.lower()] = values
    return directives


def test_build_settings() -> None:
    """Netlify runs build.py (on pinned Python and Node versions) and publishes dist/."""
    config = _config()
    assert config["build"]["command"] == "python build.py"
    assert config["build"]["publish"] == "dist"
    # Pinned versions that build.py can run on (tomllib: Python 3.11+; Node 20+).
    env = config["build"]["environment"]
    assert tuple(int(x) for x in env["PYTHON_VERSION"].split(".")) >= (3, 11)
    assert int(env["NODE_VERSION"].split(".")[0]) >= 20


@pytest.mark.parametrize(
    ("for_path", "url_path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/assets/pyodide-abc/pyodide.asm.wasm", True),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/:file", "/sw.js", True),
        ("/:file", "/icons/icon-192.png", False),
        ("/assets/*", "/assets/wheel-1/x.whl", True),
        ("/assets/*", "/main.py", False),
        ("/*.wasm", "/assets/p/pyodide.asm.wasm", True),
        ("/*.wasm", "/main.py", False),
    ],
)
def test_for_paths_match_like_netlify(for_path: str, url_path: str, matches: bool) -> None:
    """build.netlify_for_regex follows Netlify's rules: ``*`` spans folders, ``:name`` does not."""
    assert bool(build.netlify_for_regex(for_path).match(url_path)) is matches


@pytest.mark.slow
def test_each_header_is_set_once_per_path(site_dist: Path) -> None:
    """No two rules matching one path set the same header (Netlify would combine their values)."""
    rules = build.load_header_rules()
    for url_path in _url_paths(site_dist):
        seen: dict[str, str] = {}
        for regex, for_path, values in rules:
            if regex.match(url_path):
                for name in values:
                    assert name not in seen, f"{url_path}: {name} set by {seen.get(name)} and {for_path}"
                    seen[name] = for_path


@pytest.mark.slow
def test_caching_rules(site_dist: Path) -> None:
    """Immutable caching only for URLs that change with their content; HTML and sw.js never cached."""
    rules = build.load_header_rules()
    immutable = []
    for url_path in _url_paths(site_dist):
        headers = build.headers_for_path(rules, url_path)
        cache = headers.get("Cache-Control")
        assert cache, f"{url_path} has no Cache-Control rule"
        if "immutable" in cache or "max-age=0" not in cache and "no-" not in cache:
            assert cache == IMMUTABLE, url_path
            match = HASHED_FOLDER.match(url_path)
            assert match, f"{url_path} is cached for a year but its URL has no content hash"
            immutable.append(url_path)
        if url_path in ("/", "/index.html", "/sw.js") or url_path.endswith(".html"):
            assert cache in ("no-cache", "no-store"), url_path
    # The runtime and the wheel are the ones cached for good.
    assert any(p.endswith("/pyodide.asm.wasm") for p in immutable)
    assert any(p.endswith(".whl") for p in immutable)


@pytest.mark.slow
def test_hashed_folders_carry_their_content_hash(site_dist: Path) -> None:
    """assets/<name>-<hash>/: the hash is the content's, so a new content gets a new URL."""
    folders = [p for p in (site_dist / build.ASSETS_DIR).iterdir() if p.is_dir()]
    assert {f.name.rsplit("-", 1)[0] for f in folders} == {"pyodide", "pyscript", "wheel", "app", "snapshot"}
    for folder in folders:
        files = {p.relative_to(folder).as_posix(): p for p in folder.rglob("*") if p.is_file()}
        assert folder.name.endswith("-" + build.content_hash(files)), folder.name


@pytest.mark.slow
def test_wasm_mime_type_and_security_headers(site_dist: Path) -> None:
    """.wasm is application/wasm; every path gets the security headers."""
    rules = build.load_header_rules()
    for url_path in _url_paths(site_dist):
        headers = build.headers_for_path(rules, url_path)
        for name in SECURITY_HEADERS:
            assert headers.get(name), f"{url_path}: no {name}"
        assert headers["X-Content-Type-Options"] == "nosniff"
        # HTTPS only, for a year, subdomains included (issue 31 part 7); no other origin's
        # window in the page's browsing context group.
        assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
        assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
        if url_path.endswith(".wasm"):
            assert headers["Content-Type"] == "application/wasm"


def test_content_security_policy_allows_only_this_site() -> None:
    """Only 'self' (plus data:/blob: for images): no other host, no inline script."""
    policy = build.headers_for_path(build.load_header_rules(), "/")["Content-Security-Policy"]
    csp = _csp(policy)
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert "'wasm-unsafe-eval'" in csp["script-src"]
    assert "'unsafe-inline'" not in csp["script-src"]
    for name, values in csp.items():
        for value in values:
            assert value.startswith("'") or value in ("data:", "blob:"), f"{name} allows {value}"


@pytest.mark.slow
def test_index_meta_csp_is_netlify_policy(site_dist: Path) -> None:
    """index.html carries the same policy (minus header-only directives) for hosts without headers."""
    policy = build.headers_for_path(build.load_header_rules(), "/")["Content-Security-Policy"]
    html = (site_dist / "index.html").read_text(encoding="utf-8")
    (meta,) = re.findall(r'http-equiv="Content-Security-Policy"\s+content="([^"]*)"', html)
    assert meta == build.meta_csp(policy)
    assert _csp(meta) == {k: v for k, v in _csp(policy).items() if k != "frame-ancestors"}


@pytest.mark.slow
@pytest.mark.parametrize(
    "url_path",
    ["/", "/index.html", "/sw.js", "/app.js", "/boot.js", "/main.py", "/pyscript.json",
     "/manifest.webmanifest", "/icons/icon-192.png", "wasm", "wheel", "pyscript-core"],
)
def test_served_headers_match_netlify_toml(site_dist: Path, site_url: str, url_path: str) -> None:
    """The local server (tests, `build.py serve`) sends exactly what netlify.toml declares."""
    if not url_path.startswith("/"):
        pattern = {"wasm": "assets/pyodide-*/pyodide.asm.wasm", "wheel": "assets/wheel-*/*.whl",
                   "pyscript-core": "assets/pyscript-*/core.js"}[url_path]
        (path,) = site_dist.glob(pattern)
        url_path = "/" + path.relative_to(site_dist).as_posix()
    expected = build.headers_for_path(build.load_header_rules(), url_path)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(site_url.rstrip("/") + url_path, timeout=30) as response:
        assert response.status == 200
        for name, value in expected.items():
            assert response.headers.get_all(name) == [value], name
        assert response.headers.get_all("Cache-Control") and response.headers.get_all(
            "Content-Security-Policy")
        if url_path.endswith(".wasm"):
            assert response.headers["Content-Type"] == "application/wasm"


def _precache_urls(sw: str) -> dict[str, str | None]:
    """The precache manifest workbox wrote into sw.js: url -> revision."""
    entries = re.findall(r'\{url:"([^"]+)",revision:(null|"[0-9a-f]+")\}', sw)
    return {url: None if rev == "null" else rev.strip('"') for url, rev in entries}


@pytest.mark.slow
def test_service_worker_precaches_the_whole_site(site_dist: Path) -> None:
    """Every built file is precached: with a revision, or under assets/ where the URL is one."""
    sw = (site_dist / "sw.js").read_text(encoding="utf-8")
    precache = _precache_urls(sw)
    files = {p.relative_to(site_dist).as_posix() for p in site_dist.rglob("*") if p.is_file()}
    assert set(precache) == files - {"sw.js"}
    for url, revision in precache.items():
        if url.startswith(build.ASSETS_DIR + "/"):
            assert revision is None and HASHED_FOLDER.match("/" + url), url
        else:
            assert revision, f"{url} has no revision"
    for required in ("index.html", "main.py", "style.css", "app.js", "boot.js", "pyscript.json",
                     "manifest.webmanifest", "icons/maskable-512.png"):
        assert required in precache
    # No CDN: the workbox runtime is inlined, nothing imported; the only URL is in a warning text.
    assert not re.search(r"importScripts\(", sw)
    assert set(re.findall(r"https?://[^\s\"'`]+", sw)) <= {"https://bit.ly/wb-precache"}
    # The update waits for the user: no skipWaiting() at install, no clients.claim().
    assert 'addEventListener("message"' in sw and "SKIP_WAITING" in sw
    assert "clients.claim" not in sw


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


@pytest.mark.slow
def test_web_app_manifest_and_icons(site_dist: Path) -> None:
    """The manifest names 192 and 512 px icons, maskable ones too, and the page's theme colour."""
    manifest = json.loads((site_dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    html = (site_dist / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    (theme,) = re.findall(r'<meta name="theme-color" content="([^"]+)">', html)
    assert manifest["theme_color"] == theme
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    seen = set()
    for icon in manifest["icons"]:
        path = site_dist / icon["src"]
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            seen.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= seen
    # The page's own icons: PNGs of the size they claim (an SVG favicon costs main-thread time
    # while Python starts), every one present.
    links = re.findall(r'<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"(?: sizes="(\d+)x\d+")?', html)
    assert links and any(size == "32" for _href, size in links)
    for href, size in links:
        width, height = _png_size(site_dist / href)
        assert width == height and (not size or int(size) == width), href


@pytest.mark.slow
def test_an_unchanged_rebuild_is_not_a_new_version(site_dist: Path, tmp_path: Path) -> None:
    """Building the same sources again gives the same sw.js (its precache revisions) and the same
    page: redeploying without a change offers no "A new version is ready" to open pages."""
    again = tmp_path / "dist"
    build.build(again)
    for name in ("sw.js", "index.html", build.CONFIG_NAME):
        assert (again / name).read_bytes() == (site_dist / name).read_bytes(), name
