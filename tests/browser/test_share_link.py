"""Share in Chromium: the Share button copies a short link; opened in a new tab it shows the same situation
(read-only as the sharer saw it, or playable); a damaged link opens nothing and says why."""

from __future__ import annotations

import json

import pytest
from a11y import audit
from board_driver import click_action, legal, markers, open_page, wait_for_player
from playwright.sync_api import BrowserContext, Page

from tools.browser import wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

SAME = ("year", "phase", "step", "turn_order", "seats", "court", "queue", "envoy", "cursor", "to_play")


def test_a_shared_link_opens_the_same_situation_in_a_new_tab(
    server: SiteServer, context: BrowserContext, page: Page
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url.rstrip("/"))
    open_page(page, server.url + "?seats=human,easy&names=Ann,Brian&seed=5&speed=instant")
    for _ in range(4):
        wait_for_player(page)
        click_action(page, legal(page)[0])
    wait_for_player(page)
    shared = json.loads(page.evaluate("kingsburgDebug.position()"))
    page.click("#topbar [data-action=share]")
    page.wait_for_selector("#overlay .overlay.share")
    audit(page, "the Share dialog")
    page.click("#overlay [data-action=share-copy][data-value=read]")
    page.wait_for_selector("#overlay .share-done")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#share-read") and "?s=1" in link and link.endswith("&as=0")
    assert len(link) < 1000
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay .overlay.share", state="detached")

    reader = context.new_page()
    open_page(reader, link)
    state = markers(reader)
    assert state["mode"] == "game" and state["myTurn"] == "0" and state["saveId"] == ""
    opened = json.loads(reader.evaluate("kingsburgDebug.position()"))
    assert {k: opened.get(k) for k in SAME} == {k: shared.get(k) for k in SAME}
    assert "nothing can be played" in reader.inner_text("#panel")
    reader.close()

    page.click("#topbar [data-action=share]")
    playable = page.input_value("#share-play")
    assert playable.endswith("&play=1")
    player = context.new_page()
    open_page(player, playable)
    state = wait_for_player(player)
    assert state["myTurn"] == "1" and state["decisions"] == "0"
    click_action(player, legal(player)[0])
    assert markers(player)["decisions"] == "1"
    player.close()

    broken = context.new_page()
    broken.goto(link[:-12] + "&as=0")
    wait_until_ready(broken)
    assert markers(broken)["mode"] == "start"
    assert "shared link" in broken.inner_text("#app")
    broken.close()
