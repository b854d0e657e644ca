"""A phone's screen during a whole game (issue 21, fault 6): the board keeps at least 45% of the height and the
same box throughout, the decision panel scrolls inside itself instead of clipping, the page never scrolls, and the
game's tools keep one box in sight at the panel's foot (issue 22: they rose and sank with each decision).

Checked in whole games at phone sizes: test_phone_layout.py (two people at one device, hand-overs between them, in
German) and test_screen_is_the_engine.py (computers' turns between the person's, every rules option). Layout is
measured in CSS pixels, so nothing here depends on the machine's speed.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page

# Narrower than this, a browser test's context is a phone's: touch and a mobile viewport (tests/browser/conftest.py;
# the page's phone layout is for screens narrower than 760 px).
PHONE_WIDTH = 760
# A desktop's window and a phone's, for the tests that look at one screen at both: (width, height, name).
DESKTOP_AND_PHONE = [(1280, 800, "desktop"), (390, 844, "phone")]
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
    sideways: panel.scrollWidth - panel.clientWidth,
    height: innerHeight,
    scrollHeight: document.documentElement.scrollHeight,
    cut,
  };
}"""


class PhoneScreen:
    """The boxes of a phone game, from the board's first frame (``BOARD_BOXES``, an init script, records each
    frame's) and at each of the person's decisions (``check``); ``check_end`` once the game is over."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.boxes: set[str] = set()
        self.tools: set[str] = set()
        page.evaluate("window.__boards.clear()")  # from the first frame of the game on

    def check(self, where: str) -> None:
        m = self.page.evaluate(MEASURE)
        board = m["board"]
        self.boxes.add(json.dumps(board))
        # The game's tools (Undo, the hint, the speed) in sight at the panel's foot, however long the decision.
        self.tools.add(json.dumps(m["tools"]))
        assert m["toolsInSight"], f"{where}: the tools {m['tools']} are not all in the panel's sight"
        assert board[3] >= BOARD_SHARE * m["height"], f"{where}: the board is {board[3]:.0f} px of {m['height']}"
        assert m["scrollHeight"] <= m["height"], f"{where}: the page is {m['scrollHeight']} px high in {m['height']}"
        assert not m["cut"], f"{where}: the panel cuts off {m['cut']}"
        assert m["sideways"] <= 0, f"{where}: the panel is {m['sideways']} px too wide: it scrolls sideways"

    def check_end(self) -> None:
        framed = self.page.evaluate("Array.from(window.__boards)")
        boxes = self.boxes
        assert len(boxes) == 1, f"the board had {len(boxes)} boxes at the person's decisions: {sorted(boxes)}"
        assert len(framed) == 1, f"the board had {len(framed)} boxes over the game's frames: {framed}"
        # Within a pixel: a sticky row's place follows the panel's scroll height, which may end in a fraction.
        spread = [max(box) - min(box) for box in zip(*(json.loads(t) for t in self.tools), strict=True)]
        assert max(spread) <= 1, f"the tools moved at the person's decisions: {sorted(self.tools)}"
