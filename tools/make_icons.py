"""Render the PNG app icons in web/icons/ from their SVG sources (run by hand after editing an SVG).

python -m tools.make_icons
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.browser import launch_chromium

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
RENDERS = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("maskable.svg", "maskable-512.png", 512),
]


def main() -> None:
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for source, target, size in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text(encoding="utf-8")
            page.set_content(
                f'<html><body style="margin:0;background:transparent">'
                f'<div style="width:{size}px;height:{size}px">{svg}</div></body></html>'
            )
            page.add_style_tag(content="svg{width:100%;height:100%;display:block}")
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(f"wrote {ICONS / target}")
        browser.close()


if __name__ == "__main__":
    main()
