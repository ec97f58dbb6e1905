"""Draw the phone app's icons (static/web/icons/): the favicon's white spade on the
header's green, as SVG, rendered to PNG by headless Chromium (no image library needed).

    .venv/bin/python scripts/make_icons.py

icon-192.png and icon-512.png fill the square with a rounded tile (the manifest's "any");
icon-maskable-512.png is the full-bleed green with the spade inside the central 80 % circle
that every launcher's mask keeps ("maskable"); apple-touch-icon.png (180) is full-bleed too,
as iOS rounds the corners itself. The PNGs are committed; rerun this after changing a drawing.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ICONS = Path(__file__).resolve().parents[1] / "static" / "web" / "icons"
GREEN = "#0b5d3b"  # site.css --accent
# The favicon's spade (static/web/favicon.svg), drawn in a 32-unit square.
SPADE = (
    "M16 5c-3 4-9 8-9 12.5 0 2.8 2.2 4.5 4.5 4.5 1.3 0 2.5-.5 3.3-1.4-.3 2.4-1.3 4.2-3.3 "
    "5.4h9c-2-1.2-3-3-3.3-5.4.8.9 2 1.4 3.3 1.4 2.3 0 4.5-1.7 4.5-4.5C25 13 19 9 16 5z"
)


def drawing(maskable: bool) -> str:
    """The icon as SVG: a rounded tile, or full bleed with the spade shrunk to the safe zone."""
    if maskable:
        tile = f'<rect width="32" height="32" fill="{GREEN}"/>'
        shrink = "translate(16 16) scale(0.62) translate(-16 -15.5)"
        spade = f'<path fill="#fff" transform="{shrink}" d="{SPADE}"/>'
    else:
        tile = f'<rect width="32" height="32" rx="6" fill="{GREEN}"/>'
        spade = f'<path fill="#fff" d="{SPADE}"/>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">{tile}{spade}</svg>'


def render(svg: str, size: int, target: Path) -> None:
    """One PNG of `size` pixels square, by Chromium's screenshot of a page that is the SVG."""
    page = (
        "<!doctype html><html><head><style>html,body{margin:0;background:transparent}"
        f"svg{{display:block;width:{size}px;height:{size}px}}</style></head><body>{svg}</body></html>"
    )
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "icon.html"
        source.write_text(page, encoding="utf-8")
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--default-background-color=00000000",
                f"--window-size={size},{size}",
                f"--screenshot={target}",
                source.as_uri(),
            ],
            check=True,
            capture_output=True,
        )


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(drawing(maskable=False) + "\n", encoding="utf-8")
    (ICONS / "icon-maskable.svg").write_text(drawing(maskable=True) + "\n", encoding="utf-8")
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),
    ):
        render(drawing(maskable), size, ICONS / name)
        print(ICONS / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
