"""Make the site's icons: img/icon.svg, img/icon-maskable.svg and their PNG renderings.

    .venv/bin/python tools/make_icons.py          (after `make test` has set up the tools)

The drawing is written here (two cards fanned on a green table: an oxblood back and an
ivory face with a spade), so the SVGs are reproducible from this file; the PNGs are
rendered from them by the Chromium + Playwright the browser tests use, and committed
in img/, so building the site needs no browser.

- icon.svg, icon-192.png, icon-512.png: purpose "any", a rounded square, transparent
  corners; icon.svg is also the favicon.
- icon-maskable.svg, icon-maskable-192.png, icon-maskable-512.png: purpose "maskable",
  the table to the edges and the cards inside the safe zone (the middle 80% circle);
  apple-touch-icon.png (180) from it too (iOS rounds the corners itself).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "img"
sys.path.insert(0, str(ROOT))

SPADE = ("M12 1.5C9.2 5.6 3.5 8.6 3.5 13.2a4.3 4.3 0 0 0 7.4 3L9.6 22.5h4.8l-1.3-6.3"
         "a4.3 4.3 0 0 0 7.4-3c0-4.6-5.7-7.6-8.5-11.7z")


def cards(scale: float) -> str:
    """The two cards, drawn for a 512 box and scaled about its centre by `scale`."""
    return (
        f'<g transform="translate(256 262) scale({scale}) translate(-256 -262)">'
        # the back: oxblood with a gold ring, tilted left
        '<g transform="rotate(-13 220 280)">'
        '<rect x="118" y="122" width="196" height="276" rx="24" fill="#fffdf8"/>'
        '<rect x="130" y="134" width="172" height="252" rx="15" fill="#8e1a22"/>'
        '<circle cx="216" cy="260" r="50" fill="none" stroke="#e6bb62" stroke-width="9"/>'
        "</g>"
        # the face: ivory, a big spade and a small one for the index, tilted right
        '<g transform="rotate(9 300 280)">'
        '<rect x="200" y="120" width="196" height="276" rx="24" fill="#fffdf8" '
        'stroke="#1b1c22" stroke-opacity=".22" stroke-width="4"/>'
        f'<path d="{SPADE}" fill="#1b1c22" transform="translate(222 140) scale(1.9)"/>'
        f'<path d="{SPADE}" fill="#1b1c22" transform="translate(238 206) scale(5)"/>'
        "</g></g>"
    )


TABLE = (
    '<defs><radialGradient id="felt" cx="50%" cy="38%" r="75%">'
    '<stop offset="0" stop-color="#3b8068"/><stop offset=".65" stop-color="#2f6b58"/>'
    '<stop offset="1" stop-color="#1f4d3f"/></radialGradient></defs>'
)


def icon_svg() -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" '
        f'height="512">{TABLE}<rect width="512" height="512" rx="104" fill="url(#felt)"/>'
        f"{cards(1.0)}</svg>\n"
    )


def maskable_svg() -> str:
    # the safe zone is a circle of radius 205 about the centre: the cards fit inside it
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" '
        f'height="512">{TABLE}<rect width="512" height="512" fill="url(#felt)"/>'
        f"{cards(0.74)}</svg>\n"
    )


PNGS = [  # (file, svg, size, transparent corners)
    ("icon-192.png", "icon.svg", 192, True),
    ("icon-512.png", "icon.svg", 512, True),
    ("icon-maskable-192.png", "icon-maskable.svg", 192, False),
    ("icon-maskable-512.png", "icon-maskable.svg", 512, False),
    ("apple-touch-icon.png", "icon-maskable.svg", 180, False),
]


def render(page, svg: str, size: int, out: Path, transparent: bool) -> None:
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        "<!doctype html><html><body style='margin:0;background:transparent'>"
        f"<img src='data:image/svg+xml;base64,{_b64(svg)}' width='{size}' height='{size}' "
        "style='display:block'></body></html>"
    )
    page.wait_for_function("document.images[0].complete")
    page.screenshot(path=str(out), omit_background=transparent,
                    clip={"x": 0, "y": 0, "width": size, "height": size})


def _b64(text: str) -> str:
    import base64

    return base64.b64encode(text.encode()).decode()


def main() -> int:
    from playwright.sync_api import sync_playwright

    from tools.serve import CHROMIUM, CHROMIUM_ARGS

    IMG.mkdir(exist_ok=True)
    svgs = {"icon.svg": icon_svg(), "icon-maskable.svg": maskable_svg()}
    for name, text in svgs.items():
        (IMG / name).write_text(text, encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(device_scale_factor=1)
        for name, source, size, transparent in PNGS:
            render(page, svgs[source], size, IMG / name, transparent)
            print(f"img/{name}: {size}x{size}, {(IMG / name).stat().st_size} bytes")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
