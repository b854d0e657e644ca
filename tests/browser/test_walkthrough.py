"""Fixes from a new player's walkthrough, in Chromium: the phone layout stays put, tooltips on hover and long
press, a decision taken for a person is said, a #position= link opens in a tab that shows a game."""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from board_driver import click_action, open_page, wait_for_player
from playwright.sync_api import Browser, Page

from tools.browser import READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE, wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Spring of year I: Ann places 2+3 on #5; Brian's single 6 finds the Alchemist (#6) taken: he must pass.
FORCED = json.loads((Path(__file__).parents[1] / "positions" / "forced-pass.json").read_text())


def test_on_a_phone_the_top_bar_and_the_panel_stay_put_after_swipes(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(SNAPSHOT_FROM_SITE)
    page = context.new_page()
    try:
        open_page(page, server.url + "?seats=human,normal&seed=3&speed=instant")
        wait_for_player(page)
        for y in (300, 500, 700):  # over the board, the players and the log, well past their ends
            page.mouse.move(200, y)
            for _ in range(6):
                page.mouse.wheel(0, 2000)
        time.sleep(0.3)
        place = page.evaluate(
            "[scrollY, document.getElementById('topbar').getBoundingClientRect().top,"
            " document.getElementById('panel').getBoundingClientRect().bottom, innerHeight,"
            " document.querySelector('.main').scrollTop]"
        )
        scroll_y, bar_top, panel_bottom, height, board_scrolled = place
        assert (scroll_y, bar_top) == (0, 0) and abs(panel_bottom - height) < 1
        assert board_scrolled > 0  # the board itself did scroll
        panel = page.locator("#panel").bounding_box()
        assert panel and panel["height"] <= 0.42 * 844  # the panel never takes half the screen
        assert page.locator("#panel .my-goods").is_visible()  # your goods beside the decision
    finally:
        context.close()


def test_tooltips_show_on_mouse_hover(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?seats=human,normal&seed=3&speed=instant")
    wait_for_player(page)
    card = page.locator("#sheets .bld-card").first
    title = card.get_attribute("title")
    assert title
    card.hover()
    tip = page.locator("#focus-tip")
    tip.wait_for(state="visible")
    assert tip.inner_text() == title
    assert card.get_attribute("title") is None  # held back meanwhile: no second, browser-drawn tooltip
    page.mouse.move(5, 5)
    tip.wait_for(state="hidden")
    assert card.get_attribute("title") == title


def touch(page: Page, selector: str, kind: str) -> None:
    page.eval_on_selector(
        selector,
        """(el, kind) => {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          el.dispatchEvent(new PointerEvent(kind, {bubbles: true, pointerType: "touch", clientX: x, clientY: y}));
        }""",
        kind,
    )


def test_a_long_press_shows_the_tooltip_and_is_not_a_tap(browser: Browser, server: SiteServer) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(SNAPSHOT_FROM_SITE)
    page = context.new_page()
    try:
        open_page(page, server.url + "?seats=human,normal&seed=3&speed=instant")
        wait_for_player(page)
        button = "#topbar [data-action=rules]"
        title = page.get_attribute(button, "title")
        touch(page, button, "pointerdown")
        tip = page.locator("#focus-tip")
        tip.wait_for(state="visible")  # the long press's tip, after its own timer (tips.js), however late
        assert tip.inner_text() == title
        touch(page, button, "pointerup")
        page.eval_on_selector(button, "el => el.click()")  # the tap that ends a long press does nothing
        page.wait_for_timeout(300)
        assert page.locator("#overlay .overlay.rules").count() == 0
        touch(page, button, "pointerdown")  # a short tap is still a tap
        touch(page, button, "pointerup")
        page.eval_on_selector(button, "el => el.click()")
        page.wait_for_selector("#overlay .overlay.rules")
        assert not tip.is_visible()
    finally:
        context.close()


def test_a_forced_pass_is_said(page: Page, server: SiteServer) -> None:
    url = "?position=" + quote(json.dumps(FORCED), safe="") + "&play=1&seats=human,human&speed=instant"
    open_page(page, server.url + url)
    wait_for_player(page)
    click_action(page, "place 3+2 @5")
    wait_for_player(page)
    said = "Brian cannot reach any advisor with 6: Brian passes."
    assert said in page.inner_text("#panel")
    assert said in page.inner_text("#log")


def test_a_position_link_opens_in_a_tab_that_shows_a_game(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?seats=human,normal&seed=3&speed=instant")
    wait_for_player(page)
    page.evaluate(f"location.hash = 'position=' + {json.dumps(quote(json.dumps(FORCED), safe=''))}")
    page.wait_for_load_state()
    wait_until_ready(page)
    page.wait_for_function("document.getElementById('app').dataset.decision === 'influence'")
    assert "nothing can be played" in page.inner_text("#panel")
    assert page.locator("#court .pl").count() == 1


def test_the_hint_button_shows_the_computer_s_choice_without_playing_it(
    page: Page, server: SiteServer, results_dir: Path
) -> None:
    open_page(page, server.url + "?seats=human,normal&seed=3&speed=instant")
    before = wait_for_player(page)
    position = page.evaluate("kingsburgDebug.position()")
    page.click("#panel [data-action=hint]")
    page.wait_for_selector("#panel .msg")
    assert "The Normal computer would" in page.inner_text("#panel .msg")
    assert page.locator(".hinted").count() >= 1
    page.wait_for_timeout(500)
    assert page.evaluate("kingsburgDebug.position()") == position
    assert wait_for_player(page)["decisions"] == before["decisions"]
    page.screenshot(path=str(results_dir / "hint.png"))
