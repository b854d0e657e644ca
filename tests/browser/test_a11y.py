"""Accessibility: axe-core finds no violation on any screen or state of the page, at desktop and phone widths;
axe never reaches the built site."""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y import AXE, audit, violations
from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(600)


def test_the_built_site_holds_no_axe(site: Path) -> None:
    """axe-core is a test tool: no file of it, and no reference to it, may be served to players."""
    assert AXE.is_file()
    files = [f for f in site.rglob("*") if f.is_file()]
    assert len(files) > 20
    assert [f for f in files if "axe" in f.name.lower()] == []
    for f in files:
        if f.suffix in (".html", ".js", ".mjs", ".json", ".toml", ".py", ".css", ".webmanifest"):
            text = f.read_text(encoding="utf-8", errors="replace")
            assert "axe-core" not in text and "axe.min" not in text, f"{f.relative_to(site)} mentions axe"


def test_axe_runs_under_a_strict_content_security_policy(page: Page) -> None:
    """The page's CSP allows no inline script and no eval; axe still runs, evaluated through DevTools."""
    page.set_content(
        "<!doctype html><html lang=en><head><meta http-equiv='Content-Security-Policy' "
        "content=\"default-src 'self'; script-src 'self'\"><title>before</title></head>"
        "<body><main><h1>CSP</h1><img src='./x.png'></main><script>document.title = 'inline'</script></body></html>"
    )
    assert page.title() == "before"  # the policy is in force: the inline script was blocked
    found = violations(page)
    assert [v["id"] for v in found] == ["image-alt"]
    with pytest.raises(AssertionError, match=r"image-alt \(critical\).*\n.*img: <img src=\"./x.png\">"):
        audit(page, "a test page")
