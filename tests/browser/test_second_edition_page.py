"""The second edition in Chromium: chosen on the start screen (audited by axe with its new controls), played to
its first winter, where the King's die is rolled before the enemy card is revealed."""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y import audit, settled
from board_driver import click_action, legal, markers, open_page, wait_for_player
from playwright.sync_api import Browser

from tools.browser import NO_CLOCKS, QUICK_COMPUTERS, READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(400)
WINTER = "#overlay .overlay.winter"
# Every stage the winter dialog shows is recorded as it is drawn: at the fast speed a stage lasts 0.3 s, which a
# busy machine can miss between two polls.
RECORD_STAGES = """
window.winterStages = [];
new MutationObserver(() => {
  const w = document.querySelector("#overlay .overlay.winter");
  if (!w) return;
  const top = w.querySelector(".w-top").innerHTML;
  const stage = {
    step: w.dataset.step, complete: w.dataset.complete,
    kingUnknown: w.querySelectorAll(".w-king .w-die.unknown").length,
    enemyBack: w.querySelectorAll(".w-enemy.back").length,
    kingFirst: top.indexOf("w-king") < top.indexOf("w-enemy"),
  };
  const last = window.winterStages[window.winterStages.length - 1];
  if (!last || last.step !== stage.step || last.complete !== stage.complete) window.winterStages.push(stage);
}).observe(document.body, {childList: true, subtree: true, attributes: true});
"""


def test_an_edition_2_game_starts_from_the_setup_screen_and_reaches_its_winter(
    browser: Browser, server: SiteServer, results_dir: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 1280, "height": 800}, reduced_motion="no-preference", service_workers="block"
    )
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + QUICK_COMPUTERS + SNAPSHOT_FROM_SITE)  # the scenes keep the speed's pace
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
        page.evaluate(RECORD_STAGES)
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
        page.wait_for_selector(WINTER + "[data-complete='1']")
        stages = page.evaluate("window.winterStages")
        # Stage 1 of the second edition: the King's die is shown, the enemy card still face down.
        first = next((x for x in stages if x["step"] == "1"), None)
        assert first is not None, stages
        assert (first["kingUnknown"], first["enemyBack"], first["kingFirst"]) == (0, 1, True), stages
        assert [int(x["step"]) for x in stages] == sorted(int(x["step"]) for x in stages), stages  # never back
        assert page.locator(WINTER + " .w-enemy.shown").count() == 1
        settled(page)  # the last row's entrance
        page.screenshot(path=str(results_dir / "edition2-winter-desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        settled(page)
        page.screenshot(path=str(results_dir / "edition2-winter-phone.png"))
        audit(page, "the second edition's winter scene (phone)")
        page.click(WINTER + " [data-action=scene-next]")
        page.wait_for_selector("#overlay .overlay.year")
    finally:
        context.close()
