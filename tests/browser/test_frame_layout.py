"""An embedded lesson in frames of an article on another site, from 320 x 480 px: at each step the lesson's text,
its move or Next button and the first part it points at are all in the frame's view, none over another (in a
720-760 px tall frame the text, the hint and the choices pushed each other out of sight; the part pointed at
could sit under the panel). Boxes in CSS pixels, measured inside each frame."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from board_driver import open_page, settle
from playwright.sync_api import Frame, Page

from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

FRAMES = {"small": (320, 480), "narrow": (320, 560), "tall": (760, 720)}
# The steps of each lesson that point at the board (not at the panel's own choices), scenes of 08-battle among them.
STEPS = [("08-battle", n) for n in (1, 2, 4, 5, 6, 7, 8, 9)] + [("05-white-die", n) for n in (1, 2, 3, 4)]

# The boxes [left, top, right, bottom] of the first line of the lesson's text, the first button of its move (else its
# Next or "Show me" button) and the first part pointed at as web/page.py's mark_pointed picks it; whether each is
# what the frame shows at its box's centre (not under another part, not scrolled out of its own box); the view.
BOXES = """() => {
  const seen = (el, box) => {
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return hit !== null && (el.contains(hit) || hit.contains(el));
  };
  const part = (el, box) => el && box ? [[box.left, box.top, box.right, box.bottom], seen(el, box)] : null;
  const text = document.getElementById("lesson-text");
  const line = document.createRange();  // the first line of words in the text
  const words = text && document.createTreeWalker(text, NodeFilter.SHOW_TEXT, (n) => n.data.trim() !== "").nextNode();
  if (words) line.selectNodeContents(words);
  const move = document.querySelector("#panel .lesson-play button")
    || document.querySelector("#panel [data-action=lesson-next], #panel [data-action=lesson-show]");
  const pointed = document.querySelector("#court .lesson-scene .pointed")
    || document.querySelector("#court .lesson-scene") || document.querySelector(".main .pointed, #topbar .pointed");
  return {
    text: part(text, text && line.getClientRects()[0]),
    choices: part(move, move && move.getBoundingClientRect()),
    pointed: part(pointed, pointed && pointed.getBoundingClientRect()),
    view: [0, 0, innerWidth, innerHeight],
  };
}"""


def inside(box: list[float], view: list[float]) -> bool:
    return box[0] >= view[0] - 0.5 and box[1] >= view[1] - 0.5 and box[2] <= view[2] + 0.5 and box[3] <= view[3] + 0.5


def overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def test_a_lesson_in_a_small_frame_shows_its_text_its_move_and_what_it_points_at(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    host = serve(tmp_path)
    origin = f"http://localhost:{host.port}"  # another site than the boards' (127.0.0.1)
    board = server.url.rstrip("/") + f"/?embed=1&host={origin}&lesson=08-battle"
    frames = "".join(
        f'<iframe id="{key}" name="{key}" title="{key}" width="{w}" height="{h}" src="{board}"></iframe>'
        for key, (w, h) in FRAMES.items()
    )
    (tmp_path / "article.html").write_text(
        f"""<!doctype html><html lang="en"><head><title>A tutorial</title></head><body>{frames}<script>
  window.replies = [];
  addEventListener("message", (event) => {{ if (event.data.type === "reply") window.replies.push(event.data.id); }});
  window.open_step = (key, id, name, step) => document.getElementById(key).contentWindow.postMessage(
    {{kingsburg: 1, type: "lesson", id, name, step}}, "{server.url.rstrip("/")}");
</script></body></html>""",
        encoding="utf-8",
    )
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(f"{origin}/article.html")
    boards: dict[str, Frame] = {}
    for key in FRAMES:
        page.frame_locator(f"#{key}").locator("#app[data-lesson='1']").wait_for(state="attached")
        found = page.frame(name=key)
        assert found is not None
        boards[key] = found
    wrong = []
    for n, (name, step) in enumerate(STEPS):
        for key in FRAMES:
            page.evaluate(
                "([key, id, name, step]) => window.open_step(key, id, name, step)", [key, f"{key}{n}", name, step]
            )
            page.wait_for_function(f"window.replies.includes({json.dumps(f'{key}{n}')})")
        settle(page, 0.3)
        for key, frame in boards.items():
            boxes = frame.evaluate(BOXES)
            where = f"{name} step {step} in the {key} frame {FRAMES[key]}"
            assert boxes["text"] and boxes["choices"] and boxes["pointed"], f"{where}: {boxes}"
            parts = ("text", "choices", "pointed")
            wrong += [
                f"{where}: the {p} is out of view {boxes[p][0]}"
                for p in parts
                if not inside(boxes[p][0], boxes["view"])
            ]
            wrong += [f"{where}: the {p} is hidden {boxes[p][0]}" for p in parts if not boxes[p][1]]
            wrong += [
                f"{where}: the {a} and the {b} overlap {boxes[a][0]} {boxes[b][0]}"
                for i, a in enumerate(parts)
                for b in parts[i + 1 :]
                if overlap(boxes[a][0], boxes[b][0])
            ]
    assert not wrong, "\n".join(wrong)


def test_the_calendar_keeps_its_eight_phases_in_sight_in_a_short_small_screen_with_every_tool(
    page: Page, server: SiteServer
) -> None:
    """Under 541 px tall the top bar puts the calendar beside the tools when they leave it room: a whole game's five
    tools at 320 px do not, and the calendar takes a row of its own rather than being squeezed to nothing."""
    page.set_viewport_size({"width": 320, "height": 480})
    open_page(page, server.url + "?seats=human,human,human&seed=3")
    for width, height in ((320, 480), (740, 390)):  # a small phone, and a phone turned on its side
        page.set_viewport_size({"width": width, "height": height})
        boxes = page.evaluate(
            """() => [...document.querySelectorAll("#topbar .calendar .cal, #topbar .bar-tools .tool")].map((el) => {
              const r = el.getBoundingClientRect(); return [el.className, r.left, r.right, r.width]; })"""
        )
        cells = [b for b in boxes if b[0].startswith("cal")]
        assert len(cells) == 8, boxes
        assert all(b[3] >= 24 and b[1] >= -0.5 and b[2] <= width + 0.5 for b in boxes), (width, boxes)
