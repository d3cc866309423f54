#!/usr/bin/env python3
"""Draw the app icons into web/static/icons/ (committed; run again only to change them).

    python tools/make_icons.py

The icon is an SVG (a trump 21 on the card table's green felt); the PNGs are that SVG rendered
by Debian's headless Chromium through Playwright (the test extras), so no image library is
needed:

* ``icon.svg``: any size, for the manifest (browsers that take SVG icons);
* ``icon-32.png``: the page's favicon (a PNG: an SVG favicon is parsed on the main thread while
  Python starts);
* ``icon-192.png``, ``icon-512.png``: "any" purpose, rounded, transparent corners;
* ``maskable-192.png``, ``maskable-512.png``: "maskable" purpose, full-bleed felt with the card
  inside the central safe zone (a circle of 80 % of the size), for launchers that crop;
* ``apple-touch-icon.png`` (180 px): full-bleed, as iOS rounds it itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]

FELT, FELT_DARK, GOLD, PAPER, TRUMP_INK = "#1f6b45", "#174f34", "#f4c542", "#fffdf7", "#1b3f8b"


def card(scale: float) -> str:
    """The card (a trump 21, slightly turned), centred in a 512 box, scaled by ``scale``."""
    return f"""
  <g transform="translate(256 256) scale({scale}) rotate(-8) translate(-120 -170)">
    <rect x="6" y="10" width="240" height="340" rx="26" fill="#000" opacity="0.28"/>
    <rect width="240" height="340" rx="26" fill="{PAPER}" stroke="{GOLD}" stroke-width="10"/>
    <rect x="22" y="22" width="196" height="296" rx="14" fill="#e8f0fb"/>
    <text x="120" y="222" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif"
          font-weight="700" font-size="150" fill="{TRUMP_INK}">21</text>
    <text x="38" y="70" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="40"
          fill="{TRUMP_INK}">T</text>
    <path d="M120 262 l9 19 21 3 -15 15 4 21 -19 -10 -19 10 4 -21 -15 -15 21 -3z" fill="{GOLD}"/>
  </g>"""


def svg(maskable: bool) -> str:
    """The whole icon: rounded felt with the card, or full-bleed felt for maskable icons."""
    background = ('<rect width="512" height="512" fill="url(#felt)"/>' if maskable else
                  '<rect x="16" y="16" width="480" height="480" rx="96" fill="url(#felt)"/>')
    # Maskable: everything that matters within the circle of radius 0.4 * 512 = 205 px.
    scale = 0.86 if maskable else 1.0
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <radialGradient id="felt" cx="50%" cy="45%" r="65%">
      <stop offset="0" stop-color="{FELT}"/>
      <stop offset="1" stop-color="{FELT_DARK}"/>
    </radialGradient>
  </defs>
  {background}{card(scale)}
</svg>
"""


def render(page, svg_text: str, size: int, path: Path, transparent: bool) -> None:
    """Render ``svg_text`` at ``size`` x ``size`` pixels into ``path`` (PNG)."""
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        "<html><body style='margin:0;background:transparent'>"
        f"<img src='data:image/svg+xml;base64,{_b64(svg_text)}' width='{size}' height='{size}'>"
        "</body></html>"
    )
    page.wait_for_function("document.images[0].complete")
    page.screenshot(path=str(path), omit_background=transparent, clip={
        "x": 0, "y": 0, "width": size, "height": size})


def _b64(text: str) -> str:
    import base64
    return base64.b64encode(text.encode()).decode()


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    plain, maskable = svg(False), svg(True)
    (OUT / "icon.svg").write_text(plain, encoding="utf-8")
    jobs = [
        (plain, 32, "icon-32.png", True),
        (plain, 192, "icon-192.png", True),
        (plain, 512, "icon-512.png", True),
        (maskable, 192, "maskable-192.png", False),
        (maskable, 512, "maskable-512.png", False),
        (maskable, 180, "apple-touch-icon.png", False),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page()
            for text, size, name, transparent in jobs:
                render(page, text, size, OUT / name, transparent)
                print(f"wrote {OUT / name} ({(OUT / name).stat().st_size} bytes)")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
