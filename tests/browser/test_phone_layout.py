"""A phone's screen during a whole game (issue 21, fault 6): the board keeps at least 45% of the height and the
same box throughout, the decision panel scrolls inside itself instead of clipping, the page never scrolls, and the
game's tools keep one box in sight at the panel's foot (issue 22: they rose and sank with each decision).

Layout is measured in CSS pixels, so nothing here depends on the machine's speed.
"""

from __future__ import annotations

import json

import pytest
from board_driver import click_action, legal, open_page, wait_for_player
from playwright.sync_api import Browser, Page

from tools.browser import NO_CLOCKS, QUICK_COMPUTERS, READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(600)

BOARD_SHARE = 0.45

# Every box the board (.game > .main) had in a frame since the last reset: a computer's turn, a hand-over and
# a scene between decisions are seen too, not only the person's decisions.
BOARD_BOXES = """
(() => {
  window.__boards = new Set();
  const frame = () => {
    const main = document.querySelector("#app[data-mode=game] .game > .main");
    if (main) {
      const r = main.getBoundingClientRect();
      window.__boards.add(JSON.stringify([r.x, r.y, r.width, r.height]));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

# Where the page stands at a decision: the board's box, the page's scroll height, and each element of the panel
# cut off by a box that clips it (the panel or a list inside it) that cannot be scrolled to show it.
MEASURE = """() => {
  const panel = document.getElementById("panel");
  const main = document.querySelector(".game > .main");
  const hiddenAway = (e) => {  // visually hidden (read out only): a 1 px box that clips all it holds
    for (let a = e; a && a !== panel.parentElement; a = a.parentElement) {
      const r = a.getBoundingClientRect();
      if (getComputedStyle(a).clipPath !== "none" || (r.width <= 1 && r.height <= 1)) return true;
    }
    return false;
  };
  const cut = [];
  for (const e of panel.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    // An icon's inner shapes are the icon's to clip (an <svg> clips to its view box).
    if (r.width === 0 || r.height === 0 || e.parentElement.closest("svg") || hiddenAway(e)) continue;
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const b = a.getBoundingClientRect();
        const top = b.top + a.clientTop, left = b.left + a.clientLeft;
        const outY = r.top < top - 0.5 || r.bottom > top + a.clientHeight + 0.5;
        const outX = r.left < left - 0.5 || r.right > left + a.clientWidth + 0.5;
        const scrollsY = /auto|scroll/.test(s.overflowY) && a.scrollHeight > a.clientHeight;
        const scrollsX = /auto|scroll/.test(s.overflowX) && a.scrollWidth > a.clientWidth;
        if ((outY && !scrollsY) || (outX && !scrollsX)) {
          const what = `${e.tagName.toLowerCase()}.${e.getAttribute("class")} "${e.textContent.trim().slice(0, 30)}"`;
          cut.push(`${what} by ${a.id || a.getAttribute("class")}`);
        }
      }
      if (a === panel) break;
    }
  }
  const r = main.getBoundingClientRect();
  const t = panel.querySelector(".game-tools").getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  return {
    board: [r.x, r.y, r.width, r.height],
    tools: [t.x, t.y, t.width, t.height],
    toolsInSight: t.top >= p.top - 0.5 && t.bottom <= p.bottom + 0.5,
    height: innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
    cut,
  };
}"""


def check_decision(page: Page, where: str, boxes: set[str], tools: set[str]) -> None:
    m = page.evaluate(MEASURE)
    board = m["board"]
    boxes.add(json.dumps(board))
    # The game's tools (Undo, the hint, the speed) in sight at the panel's foot, however long the decision above.
    tools.add(json.dumps(m["tools"]))
    assert m["toolsInSight"], f"{where}: the tools {m['tools']} are not all in the panel's sight"
    assert board[3] >= BOARD_SHARE * m["height"], f"{where}: the board is {board[3]:.0f} px of {m['height']}"
    assert m["scrollHeight"] <= m["height"], f"{where}: the page is {m['scrollHeight']} px high in {m['height']}"
    assert not m["cut"], f"{where}: the panel cuts off {m['cut']}"


@pytest.mark.long
@pytest.mark.parametrize(
    ("width", "height", "seats"),
    [
        (390, 844, "human,normal,normal&seed=4&speed=fast"),  # computers' turns between the person's
        (360, 740, "human,human&seed=4"),  # hotseat: hand-overs between them
    ],
)
def test_a_phone_keeps_the_board_in_one_box_and_the_panel_scrolls(
    browser: Browser, server: SiteServer, width: int, height: int, seats: str
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True, service_workers="block"
    )
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + QUICK_COMPUTERS + SNAPSHOT_FROM_SITE)
    context.add_init_script(BOARD_BOXES)
    page = context.new_page()
    try:
        open_page(page, server.url + "?seats=" + seats)
        decisions, handovers, boxes, tools = 0, 0, set(), set()
        page.evaluate("window.__boards.clear()")  # from the first frame of the game on
        for _ in range(1500):
            state = wait_for_player(page, close_scenes=False)
            if state["over"] == "1":
                break
            if state["scene"]:
                page.click("#overlay [data-action=scene-next]")
            elif state["handover"]:
                handovers += 1
                page.click("[data-action=reveal]")
            else:
                check_decision(page, f"decision {decisions} ({state['decision']})", boxes, tools)
                click_action(page, legal(page)[0])
                decisions += 1
        else:
            raise AssertionError("the game did not end")
        assert decisions > 40 and ("human,human" not in seats or handovers > 0)
        framed = page.evaluate("Array.from(window.__boards)")
        assert len(boxes) == 1, f"the board had {len(boxes)} boxes at the person's decisions: {sorted(boxes)}"
        assert len(framed) == 1, f"the board had {len(framed)} boxes over the game's frames: {framed}"
        # Within a pixel: a sticky row's place follows the panel's scroll height, which may end in a fraction.
        spread = [max(box) - min(box) for box in zip(*(json.loads(t) for t in tools), strict=True)]
        assert max(spread) <= 1, f"the tools moved at the person's decisions: {sorted(tools)}"
    finally:
        context.close()
