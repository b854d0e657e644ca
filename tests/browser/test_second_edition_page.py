"""The second edition in Chromium: chosen on the start screen (audited by axe with its new controls), played to
its first winter, where the King's die is rolled before the enemy card is revealed."""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y import audit, settled
from board_driver import click_action, legal, markers, open_page, wait_for_player
from playwright.sync_api import Browser

from tools.browser import READY_TIMEOUT_MS
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(400)
WINTER = "#overlay .overlay.winter"


def test_an_edition_2_game_starts_from_the_setup_screen_and_reaches_its_winter(
    browser: Browser, server: SiteServer, results_dir: Path
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="no-preference")
    context.set_default_timeout(READY_TIMEOUT_MS)
    page = context.new_page()
    try:
        open_page(page, server.url + "?speed=fast")
        assert page.is_checked("input[name=edition][value='1']")  # the first edition unless chosen
        page.check("input[name=edition][value='2']", force=True)
        page.wait_for_selector("input[name=edition][value='2']:checked")
        assert "the King's die is rolled before the enemy card" in page.inner_text(".rules-choice")
        for width, height, name in ((1280, 800, "desktop"), (390, 844, "phone")):
            page.set_viewport_size({"width": width, "height": height})
            settled(page)
            page.screenshot(path=str(results_dir / f"edition2-setup-{name}.png"), full_page=True)
            audit(page, f"the start screen, second edition chosen ({name})")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.check("input[name=count][value='2']", force=True)
        page.select_option("#kind-1", "normal")
        page.click("[data-action=start]")
        page.wait_for_selector("#app[data-mode=game]")
        assert "The King's Favor" in page.inner_text("#topbar")
        for _ in range(200):  # Ann plays the first legal action by clicks until the first winter's battle
            state = wait_for_player(page, close_scenes=False)
            if state.get("scene") == "winter":
                break
            if state.get("scene"):
                page.click("#overlay [data-action=scene-next]")
                continue
            click_action(page, legal(page)[0])
        else:
            raise AssertionError("the first winter did not come")
        assert markers(page)["scene"] == "winter"
        page.wait_for_selector(WINTER + "[data-step='1']", timeout=15_000)
        # Stage 1 of the second edition: the King's die is shown, the enemy card still face down.
        assert page.locator(WINTER + " .w-king .w-die.unknown").count() == 0
        assert page.locator(WINTER + " .w-enemy.back").count() == 1
        top = page.inner_html(WINTER + " .w-top")
        assert top.index("w-king") < top.index("w-enemy")
        page.wait_for_selector(WINTER + "[data-complete='1']", timeout=15_000)
        assert page.locator(WINTER + " .w-enemy.shown").count() == 1
        page.wait_for_timeout(600)  # the last row's entrance
        page.screenshot(path=str(results_dir / "edition2-winter-desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        settled(page)
        page.screenshot(path=str(results_dir / "edition2-winter-phone.png"))
        audit(page, "the second edition's winter scene (phone)")
        page.click(WINTER + " [data-action=scene-next]")
        page.wait_for_selector("#overlay .overlay.year")
    finally:
        context.close()
