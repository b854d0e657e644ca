"""Nothing that appears moves the board (issue 21, fault 7): the season's banner floats over the board, a lesson's
panel keeps one height from step to step, a lesson's highlight on a province sheet keeps whose province it is
in sight, and dice placed on the court move no advisor (issue 22). Geometric checks (boxes in CSS pixels), never
timings; `make bench-page` measures the layout shift.
"""

from __future__ import annotations

import re

import pytest
from board_driver import at_each_size, click_action, legal, open_page, wait_for_player
from playwright.sync_api import Page

from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

SIZES = [(1280, 800), (390, 844)]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


# The boxes of the board's parts: every advisor, the sheets, each player's strip, the board and the panel.
BOXES = """() => [...document.querySelectorAll(
  "#court .adv, #sheets, #strips > *, .game > .main, #panel, #topbar"
)].map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.className, r.x, r.y, r.width, r.height]; })"""

BANNER = "#notice .season-banner"
BOARD_AND_PANEL = """() => ["#panel", ".game > .main"].map((css) => {
  const r = document.querySelector(css).getBoundingClientRect();
  return [r.x, r.y, r.width, r.height];
})"""


@pytest.mark.parametrize("viewport", SIZES, ids=size_id)
def test_the_season_banner_moves_nothing_on_the_board(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?seats=human,normal,normal&seed=4&speed=instant")
    for _ in range(60):
        state = wait_for_player(page)
        assert state["over"] != "1", "no season's banner in the game"
        if page.locator(BANNER).count():
            break
        click_action(page, legal(page)[0])
    with_banner = page.evaluate(BOXES)
    banner = page.locator(BANNER).bounding_box()
    board = page.locator(".game > .main").bounding_box()
    assert banner and board
    # In sight over the board, whatever it is scrolled to.
    assert board["y"] <= banner["y"] and banner["y"] + banner["height"] <= board["y"] + board["height"] + 0.5
    page.click(BANNER + " [data-action=season-close]")
    page.wait_for_selector(BANNER, state="detached")
    assert page.evaluate(BOXES) == with_banner


def next_step(page: Page) -> bool:
    """Go on to the lesson's next step the way a reader does (Next, or the move it asks for); False at the end."""
    before = page.get_attribute("#app", "data-lesson") or ""
    text = page.inner_text("#panel")
    for selector in ("[data-action=lesson-next]", ".lesson-answer [data-action=act]", "[data-action=lesson-show]"):
        button = page.locator("#panel " + selector)
        if button.count() and button.first.is_enabled():
            button.first.click()
            page.wait_for_function(
                "([lesson, text]) => document.getElementById('app').dataset.lesson !== lesson"
                " || document.getElementById('panel').innerText !== text",
                arg=[before, text],
            )
            return True
    return False


SHEET_TITLE_SEEN = """() => {
  const main = document.querySelector(".game > .main").getBoundingClientRect();
  return [...document.querySelectorAll(".sheet .pointed")].map((e) => {
    const t = e.closest(".sheet").querySelector(".sheet-title").getBoundingClientRect();
    return t.top >= main.top - 0.5 && t.bottom <= main.bottom + 0.5;
  });
}"""


@pytest.mark.parametrize("viewport", SIZES, ids=size_id)
def test_a_lesson_keeps_the_board_still_and_whose_province_in_sight(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?lesson=lessons/04-building.json")
    boards, pointed = set(), 0
    for step in range(30):
        boards.add(str(page.evaluate(BOARD_AND_PANEL)))
        seen = page.evaluate(SHEET_TITLE_SEEN)
        pointed += len(seen)
        assert all(seen), f"step {step}: a highlighted building's province heading is out of sight"
        if not next_step(page):
            break
    assert pointed >= 3, "the lesson highlighted no building"
    assert len(boards) == 1, f"the board and the panel changed their boxes over the lesson: {boards}"


# Every advisor's box on the court, relative to the court: what a placement must not change.
COURT = """() => { const court = document.getElementById('court').getBoundingClientRect();
  return [...document.querySelectorAll('#court .adv')].map((e) => { const r = e.getBoundingClientRect();
    return [e.dataset.advisor, r.x - court.x, r.y - court.y, r.width, r.height].map((v) => typeof v === 'number'
      ? Math.round(v * 10) / 10 : v); }); }"""
SMALL_PLACEMENT = re.compile(r"place \d(\+\d){0,2} @\d+$")  # up to three coloured dice, no white die, no extras


# Each game is played at its size, and its court also checked at the others of its kind, the page resized to each
# and back around every placement (the court's layout is the stylesheet's alone; a phone's context for phones).
COURT_SIZES = {(1280, 800): [(1024, 768)], (390, 844): [(360, 740)]}


@pytest.mark.parametrize("viewport", list(COURT_SIZES), ids=size_id)
def test_dice_placed_on_the_court_move_no_advisor(page: Page, server: SiteServer, viewport: tuple[int, int]) -> None:
    """Every advisor holds a placement's row from the start, as the board's spaces do: dice placed on the court
    change no advisor's box, so the strips below never jump (they did by a row's height). Two people at one
    device, so that every placement is one of the test's: each of up to three dice and no extra, which fits one
    line of a card at every size (four dice, or a token beside three, may take a second line at 1024-1280 px)."""
    sizes = [viewport, *COURT_SIZES[viewport]]

    def court() -> dict[str, list[list[object]]]:
        return {size_id(size): page.evaluate(COURT) for size in at_each_size(page, sizes)}

    open_page(page, server.url + "?seats=human,human&seed=4&speed=instant")
    placed = 0
    for _ in range(80):
        state = wait_for_player(page)
        if state["over"] == "1" or placed >= 12:
            break
        if state.get("handover"):
            page.click("[data-action=reveal]")
            continue
        actions = legal(page)
        small = [a for a in actions if SMALL_PLACEMENT.match(a)]
        choice = max(small, key=lambda a: a.count("+")) if small else actions[-1]  # the most dice
        before = court() if small else {}
        click_action(page, choice)
        if small:
            after = court()
            moved = [size for size in after if after[size] != before[size]]
            assert moved == [], f"{choice} moved the court's advisors at {moved}"
            placed += 1
    assert placed >= 12, f"only {placed} placements were checked"
