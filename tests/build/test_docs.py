"""The README is an index into docs/ (issue 32): short, and every link in it and in docs/ leads
somewhere.

* ``README.md`` has at most 150 lines.
* Every relative link of ``README.md`` and ``docs/*.md`` (``[text](path)`` or
  ``[text](path#anchor)``) names a file of the repository, and an anchor names a heading of the
  Markdown file it points into (GitHub's anchors: the heading in lower case, punctuation dropped,
  spaces made hyphens).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 150
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def pages() -> list[Path]:
    """README.md and the pages of docs/ (docs/rules/ included)."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the headings of ``page`` (outside code blocks)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = set()
    for line in text.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def test_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path) -> None:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for link in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", link):  # https:, mailto:, ...
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.is_file():
            broken.append(f"{link}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            broken.append(f"{link}: no heading with that anchor")
    assert broken == []
