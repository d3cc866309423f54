"""The local server: ``dist/`` with the MIME types Pyodide and PyScript need and the headers that
``netlify.toml`` declares (see :mod:`tools.site.headers`), so what the tests see is what
production serves. :func:`serve_in_thread` is what the tests start (on port 0)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tools.site.headers import headers_for_path, load_header_rules
from tools.site.layout import DIST

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
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler: the MIME types Pyodide/PyScript need, and netlify.toml's headers."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, header_rules=(), **kwargs) -> None:
        self.header_rules = header_rules
        super().__init__(*args, **kwargs)

    def _rule_headers(self) -> dict[str, str]:
        """netlify.toml's headers for the path of the request being answered."""
        path = unquote(urlsplit(self.path).path)
        if getattr(self, "_rule_headers_for", None) != path:
            self._rule_headers_for = path
            self._rule_headers_cache = headers_for_path(self.header_rules, path)
        return self._rule_headers_cache

    def send_header(self, keyword: str, value: str) -> None:
        """A Content-Type set in netlify.toml replaces the guessed one (as on Netlify)."""
        if keyword.lower() == "content-type":
            value = next((v for k, v in self._rule_headers().items()
                          if k.lower() == "content-type"), value)
        super().send_header(keyword, value)

    def list_directory(self, path):
        """No directory listings (Netlify has none): a folder without index.html is a 404."""
        self.send_error(404, "Not found")
        return None

    def end_headers(self) -> None:
        """Add the headers netlify.toml sets for this path (Cache-Control, CSP, ...)."""
        for name, value in self._rule_headers().items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        """Log only errors (4xx/5xx), keeping the console readable."""
        if len(args) >= 2 and str(args[1])[:1] in "45":
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """The threaded server, quiet when a browser drops a connection it no longer needs (a page
    reloaded mid-download): that is not an error of the site."""

    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 8000, host: str = "127.0.0.1",
                header_rules=None):
    """Return a threaded HTTP server serving ``directory`` on host:port (port 0 = free port),
    with netlify.toml's headers (or ``header_rules``, as returned by load_header_rules)."""
    rules = tuple(load_header_rules() if header_rules is None else header_rules)
    handler = functools.partial(SiteHandler, directory=str(directory), header_rules=rules)
    return SiteServer((host, port), handler)


def serve_in_thread(directory: Path = DIST, port: int = 0, header_rules=None):
    """Start the server in a daemon thread; return ``(server, url)``. Stop with shutdown()."""
    server = make_server(directory, port, header_rules=header_rules)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return server, f"http://{host}:{real_port}/"


def serve(directory: Path = DIST, port: int = 8000, server=None) -> None:
    """Serve ``directory`` on 127.0.0.1:port until Ctrl-C, printing the address (on ``server``
    when given: one :func:`make_server` made, e.g. before building, so a busy port fails at once)."""
    server = server or make_server(directory, port)
    host, real_port = server.server_address[:2]
    print(f"Serving {directory} at http://{host}:{real_port}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
