"""HTTP headers: netlify.toml is the single source (the dev server sends them; the build writes
the Content-Security-Policy into index.html)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tools.site.layout import NETLIFY_TOML

def netlify_for_regex(for_path: str) -> re.Pattern[str]:
    """Compile a netlify.toml ``for`` path the way Netlify does (@netlify/headers-parser).

    ``:name`` is one path segment, a standalone ``*`` segment matches anything (including
    slashes, and nothing at all), ``*`` inside a segment matches anything; case-insensitive, an
    optional trailing slash.
    """
    parts = []
    for part in (p.rstrip() for p in for_path.split("/")):
        if not part:
            continue
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
        else:
            parts.append(re.escape(part))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def load_header_rules(path: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], str, dict[str, str]]]:
    """Return netlify.toml's ``[[headers]]`` rules as ``(regex, for, values)``, in file order."""
    with path.open("rb") as f:
        config = tomllib.load(f)
    rules = []
    for table in config.get("headers", []):
        values = {str(k): str(v) for k, v in table.get("values", {}).items()}
        rules.append((netlify_for_regex(table["for"]), table["for"], values))
    return rules


def headers_for_path(rules, url_path: str) -> dict[str, str]:
    """The headers every rule matching ``url_path`` sets (a header set twice: values joined
    with ", ", as Netlify combines them; netlify.toml is written so that this never happens)."""
    headers: dict[str, str] = {}
    for regex, _for, values in rules:
        if regex.match(url_path):
            for name, value in values.items():
                headers[name] = f"{headers[name]}, {value}" if name in headers else value
    return headers
