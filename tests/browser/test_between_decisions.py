"""The scenes between decisions in Chromium: the winter battle paced at the computer speed (or whole at once with
reduced motion), shown whole by a click mid-battle and closed by the next, then the year's summary; a game of
computers plays them by itself."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from a11y import audit, settled
from board_driver import markers, open_page, wait_for_player
from phone import DESKTOP_AND_PHONE
from playwright.sync_api import BrowserContext, Page

from tools.browser import READY_TIMEOUT_MS
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Year III, Goblins of strength 4, the King's die 2: Ann wins (and the bonus VP), Brian draws, Cindy is defeated
# (loses 1 wood, the Market and 2 VP). Ann decides first; Brian and Cindy cannot pay for a soldier.
BATTLE = json.loads((Path(__file__).parents[1] / "positions" / "goblins-year-3.json").read_text())
URL = "?position=" + quote(json.dumps(BATTLE, separators=(",", ":")), safe="") + "&play=1&seats=human,normal,normal"
WINTER = "#overlay .overlay.winter"
# Every stage the winter scene shows, as it is drawn ([step, complete, text]): at the fast speed a stage lasts
# 0.3 s, which a busy machine can miss between two polls; and every scene on top of the board in turn (#app's
# data-scene), the year's summary of a game of computers lasting 0.9 s.
RECORD_SCENES = """
window.__stages = [];
window.__scenes = [];
new MutationObserver(() => {
  const scene = document.getElementById("app")?.dataset.scene;
  if (scene !== undefined && window.__scenes[window.__scenes.length - 1] !== scene) window.__scenes.push(scene);
  const w = document.querySelector("#overlay .overlay.winter");
  if (!w) return;
  const stage = [Number(w.dataset.step), w.dataset.complete, w.textContent];
  const last = window.__stages[window.__stages.length - 1];
  if (!last || last[0] !== stage[0] || last[1] !== stage[1]) window.__stages.push(stage);
}).observe(document, {childList: true, subtree: true, attributes: true});
"""


def stage(page: Page) -> int:
    return int(page.get_attribute(WINTER, "data-step") or "-1")


@pytest.mark.parametrize(("width", "height", "name"), DESKTOP_AND_PHONE)
def test_the_winter_battle_is_shown_stage_by_stage_then_the_year(
    new_context: Callable[..., BrowserContext],
    server: SiteServer,
    results_dir: Path,
    width: int,
    height: int,
    name: str,
) -> None:
    context = new_context((width, height), RECORD_SCENES, reduced_motion="no-preference")
    page = context.new_page()
    open_page(page, server.url + URL + "&speed=fast")
    page.click('#panel [data-action=act][data-value="pass"]')  # done recruiting: the battle is fought
    page.wait_for_selector(WINTER)
    assert markers(page)["scene"] == "winter"
    page.wait_for_selector(WINTER + "[data-complete='1']")  # paced at 0.3 s a stage
    # Stage by stage, each drawn on its own: the enemy card first, the battle's whole account last.
    stages = page.evaluate("window.__stages")
    assert [step for step, *_ in stages] == list(range(7)), [step for step, *_ in stages]
    assert [complete for _, complete, _ in stages] == ["0"] * 6 + ["1"]
    assert "strength 4–6" in stages[0][2] and "Victory" not in stages[0][2]
    text = page.text_content(WINTER)
    for words in ("Goblins", "Victory", "Draw", "Defeat", "loses the Market", "strongest victorious governor"):
        assert words in text
    assert page.locator(WINTER + " .w-fight.o-victory").count() == 1
    assert page.locator(WINTER + " .w-fight.o-defeat").count() == 1
    settled(page)  # the last row's entrance
    page.screenshot(path=str(results_dir / f"{name}-winter.png"))
    audit(page, f"the winter scene ({name})")
    assert markers(page)["toPlay"] != "" and markers(page)["decisions"] == "1"  # nobody moves meanwhile
    time.sleep(1)  # a check that nothing happens: a slower machine could only let it pass
    assert markers(page)["decisions"] == "1" and markers(page)["scene"] == "winter"
    page.click(WINTER + " [data-action=scene-next]")
    page.wait_for_selector("#overlay .overlay.year")
    assert "End of year III" in page.text_content("#overlay .overlay.year")
    rows = page.locator("#overlay .ys-table tbody tr")
    assert [rows.nth(i).locator(".chip-name").inner_text() for i in range(3)] == ["Brian", "Ann", "Cindy"]
    page.screenshot(path=str(results_dir / f"{name}-year.png"))
    audit(page, f"the year's summary ({name})")
    page.click("#overlay [data-action=scene-next]")
    page.wait_for_function("document.getElementById('app').dataset.scene === ''")
    page.wait_for_function("Number(document.getElementById('app').dataset.decisions) > 1", timeout=READY_TIMEOUT_MS)


def test_two_clicks_in_one_task_pace_the_battle_once(
    new_context: Callable[..., BrowserContext], server: SiteServer
) -> None:
    """The decision that starts the battle and a second click in the same browser task (the log's toggle): one
    loop paces the scene (web/page.py play_scenes), so its stages are shown one per step of the pacing. Two loops
    would step the scene twice a step."""
    context = new_context(script=RECORD_SCENES, reduced_motion="no-preference")
    page = context.new_page()
    open_page(page, server.url + URL + "&speed=normal")
    assert page.evaluate("kingsburgDebug.scene_loops()") == 0
    page.evaluate(
        "document.querySelector('#panel [data-action=act][data-value=\"pass\"]').click();"
        "document.querySelector('[data-action=log]').click()"
    )
    page.wait_for_selector(WINTER + "[data-complete='1']")
    assert [step for step, *_ in page.evaluate("window.__stages")] == list(range(7))
    assert page.evaluate("kingsburgDebug.scene_loops()") == 1


# The decision that starts the battle and Continue in one browser task: Continue is pressed at the battle's first
# stage whatever the machine's speed (the pacing loop cannot run in between). Returns what was on screen then.
PASS_THEN_CONTINUE = """() => {
  document.querySelector('#panel [data-action=act][data-value="pass"]').click();
  const w = document.querySelector('#overlay .overlay.winter');
  const seen = {step: w.dataset.step, log: document.getElementById('log').textContent};
  document.querySelector('#overlay [data-action=scene-next]').click();
  return seen;
}"""


def test_continue_mid_battle_shows_the_battle_whole_then_the_year(
    new_context: Callable[..., BrowserContext], server: SiteServer
) -> None:
    """Issue 21: Continue pressed while the stages are being told shows the whole battle, not the year's summary;
    the next press moves on. The log behind the scene tells the battle only once the scene has shown it."""
    context = new_context(reduced_motion="no-preference")
    page = context.new_page()
    open_page(page, server.url + URL + "&speed=slow")
    seen = page.evaluate(PASS_THEN_CONTINUE)
    assert seen["step"] == "0"
    assert "the enemy is Goblins" not in seen["log"] and "fights with" not in seen["log"]
    assert markers(page)["scene"] == "winter"
    assert page.get_attribute(WINTER, "data-complete") == "1" and stage(page) == 6  # card, die, 3 fights, bonus
    text = page.text_content(WINTER) or ""
    for words in ("Goblins", "Victory", "Draw", "Defeat", "loses the Market", "strongest victorious governor"):
        assert words in text
    log = page.text_content("#log") or ""
    assert "the enemy is Goblins" in log and "Ann fights with 5 and wins" in log  # told now, with the scene
    page.click(WINTER + " [data-action=scene-next]")
    page.wait_for_selector("#overlay .overlay.year")
    assert "End of year III" in page.text_content("#overlay .overlay.year")


def test_with_reduced_motion_the_battle_appears_complete_at_once(
    new_context: Callable[..., BrowserContext], server: SiteServer
) -> None:
    context = new_context(reduced_motion="reduce")
    page = context.new_page()
    open_page(page, server.url + URL + "&speed=slow")
    page.click('#panel [data-action=act][data-value="pass"]')
    page.wait_for_selector(WINTER)
    assert page.get_attribute(WINTER, "data-complete") == "1"
    assert "strongest victorious governor" in page.inner_text(WINTER)
    assert page.evaluate("document.activeElement.dataset.action") == "scene-next"  # one key press away


def test_a_game_of_computers_plays_its_winters_by_itself(page: Page, server: SiteServer) -> None:
    page.add_init_script(RECORD_SCENES)
    open_page(page, server.url + "?seats=easy,random&seed=3&speed=fast")
    # No click: the battle, then the year's summary, then the next year's first decision. The seeded game is the
    # same on any machine (its computers' decisions once depended on which thread had thought the earlier ones).
    page.wait_for_function("window.__scenes.join().startsWith(',winter,year,')", timeout=120_000)
    page.wait_for_function("Number(document.getElementById('app').dataset.decisions) > 0")
    assert json.loads(page.evaluate("kingsburgDebug.position()"))["year"] == 2
    stages = page.evaluate("window.__stages")
    assert [step for step, *_ in stages] == list(range(len(stages))) and len(stages) > 3, stages  # one by one
    assert stages[-1][1] == "1"


def test_a_person_in_a_game_with_computers_closes_each_scene(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?seats=human,random&seed=3&speed=instant")
    for _ in range(200):
        state = wait_for_player(page, close_scenes=False)
        if state["scene"]:
            break
        page.click("#panel [data-action=act] >> nth=-1")
        page.wait_for_function(f"document.getElementById('app').dataset.decisions !== '{state['decisions']}'")
    assert markers(page)["scene"] == "winter"
    assert page.get_attribute(WINTER, "data-complete") == "1"  # instant speed: no stages to wait for
