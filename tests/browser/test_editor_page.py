"""The position editor in Chromium: set up a position from the start screen, copy its link, and open the link on
the board; the preview beside the form draws each edit as the board will; the playable link opens a game at the
position, where a move is made."""

from __future__ import annotations

import pytest
from a11y import audit
from board_driver import click_action, legal, markers, open_page, wait_for_player
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


PREVIEW_GOLD = "document.querySelector(\"#ed-preview .strip[data-seat='1'] .good-gold .n\")?.textContent"


def test_the_preview_draws_each_edit_and_the_playable_link_opens_a_game_to_play_from_the_position(
    server: SiteServer, context: BrowserContext, page: Page
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    open_page(page, server.url)
    page.click("[data-action=edit-open]")
    page.wait_for_selector("#ed-preview .ed-board")
    assert page.evaluate(PREVIEW_GOLD) == "0"
    # An edit: the preview shows it, in the board's own strip for that seat.
    page.fill("#ed-1-gold", "6")
    page.keyboard.press("Tab")
    page.wait_for_function(f"{PREVIEW_GOLD} === '6'")
    name = page.input_value("#ed-1-name")
    strip = page.locator("#ed-preview .strip[data-seat='1']")
    assert name in strip.locator(".strip-head").inner_text()
    page.select_option("#ed-phase", "7")  # recruiting: the decision waits for a seat with goods
    page.wait_for_function("document.querySelector('#ed-preview .now-label').textContent.includes('Recruit')")
    assert page.evaluate(PREVIEW_GOLD) == "6"
    assert page.locator("#ed-preview .ed-board[inert]").count() == 1  # read-only: nothing in it takes a click

    # The playable option: the copied link ends in play=1 and opens a game at the position, where a move is made.
    page.check("[data-action=edit-playable]")
    page.wait_for_selector("[data-action=edit-playable][value='0']")  # drawn again, switched on
    page.click("[data-action=edit-copy][data-value=short]")
    page.wait_for_selector("#ed-link-short")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#ed-link-short") and link.endswith("&play=1")

    player = context.new_page()
    open_page(player, link)
    state = wait_for_player(player)
    assert state["mode"] == "game" and state["saveId"] == "" and state["decision"] == "recruit"
    assert player.inner_text(".strip[data-seat='1'] .good-gold .n") == "6"
    if state["handover"]:
        player.click("[data-action=reveal]")
        state = wait_for_player(player)
    assert state["myTurn"] == "1"
    before = int(state["decisions"])
    click_action(player, legal(player)[0])
    assert int(markers(player)["decisions"]) == before + 1
    player.close()
