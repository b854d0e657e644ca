"""The position editor in Chromium: set up a position from the start screen, copy its link, and open the link on
the board."""

from __future__ import annotations

import pytest
from a11y import audit
from board_driver import markers, open_page
from playwright.sync_api import BrowserContext, Page

from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)


def test_a_position_set_up_in_the_editor_opens_from_its_link(
    server: SiteServer, context: BrowserContext, page: Page
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    open_page(page, server.url)
    page.click("[data-action=edit-open]")
    page.wait_for_selector("#app[data-mode=editor] #ed-form select")
    page.select_option("#ed-year", "3")
    page.wait_for_function("document.querySelector('#ed-check').textContent.includes('Year III')")
    page.fill("#ed-0-gold", "3")
    page.keyboard.press("Tab")  # leaving the field edits the position; focus goes on to the next field
    page.wait_for_function(
        "document.querySelector('#ed-0-gold').value === '3' && "
        "document.activeElement && document.activeElement.id === 'ed-0-wood'"
    )
    page.click("[data-action=edit-building][data-value='0:market']")
    page.wait_for_selector("[data-action=edit-building][data-value='0:market'][aria-pressed=true]")
    audit(page, "the position editor")
    page.click("[data-action=edit-copy][data-value=short]")
    page.wait_for_selector("#ed-link-short")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#ed-link-short") and "?s=1" in link

    reader = context.new_page()
    open_page(reader, link)
    assert markers(reader)["mode"] == "game"
    assert reader.inner_text(".strip[data-seat='0'] .good-gold .n") == "3"
    reader.click("#sheets [data-action=tab][data-value='0']")  # seat 0's province sheet
    reader.wait_for_selector("#sheets li[data-building=market].built.p0")
    assert reader.locator(".strip[data-seat='0'] .mini-sheet .cell.on[title^=Market]").count() == 1
    assert "III" in reader.inner_text("#topbar")
    reader.close()
