"""Driving the board in Chromium the way a player does: tap dice, switch extras, tap an advisor or a button.

The page's state markers live on ``#app`` (data-mode, data-decisions, data-my-turn, data-handover, data-over...);
``window.kingsburgDebug.legal()`` lists the legal actions so a test can pick one, which it then makes by clicks.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator, Sequence

from playwright.sync_api import Frame, Page

from tools.browser import READY_TIMEOUT_MS, wait_until_ready

PLACE = re.compile(r"^place (?P<dice>\S+)(?P<token> \+2)? @(?P<advisor>\d+)(?P<market> market)?(?P<envoy> envoy)?$")
WAITING = """() => {
  const d = document.getElementById("app").dataset;
  return d.mode !== "game" || d.myTurn === "1" || d.over === "1" || (d.handover || "") !== "" || (d.scene || "") !== "";
}"""


# Chromium draws a frame of another site only while it is in sight, and until the browser has hit-test data for
# it where it now is, a click aimed into it goes to the framing page's <iframe> element: the frame never hears it
# (seen in test_framed_page.py and test_embed.py, a lesson's Next lost: the trusted click's target was the IFRAME,
# even two animation frames after the frame came into sight). A reader takes longer than that to aim; a test
# aims at once, so it first moves the mouse over the frame until the frame hears the move: then clicks reach it.
LISTEN = """() => new Promise((drawn) => {
  window.__heardPointer = false;
  addEventListener("pointermove", () => { window.__heardPointer = true; }, { capture: true, once: true });
  requestAnimationFrame(() => requestAnimationFrame(() => drawn(true)));
})"""
HEARD = "new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn(window.__heardPointer))))"


def in_sight(frame: Frame, timeout_ms: float = READY_TIMEOUT_MS) -> Frame:
    """``frame`` scrolled into its page's view (if it was not), and hearing the mouse there: clicks into it now
    reach it. (The mouse rests on the frame's top-left corner, a few pixels in.)"""
    element = frame.frame_element()
    element.scroll_into_view_if_needed()
    deadline = time.monotonic() + timeout_ms / 1000
    for nudge in itertools.cycle((4, 6)):  # a move to where the mouse already is would send no event
        frame.evaluate(LISTEN)
        box = element.bounding_box()
        assert box is not None, "the frame is not laid out"
        frame.page.mouse.move(box["x"] + nudge, box["y"] + nudge)
        if frame.evaluate(HEARD):
            return frame
        if time.monotonic() > deadline:
            raise AssertionError(f"the frame {frame.url} never heard the mouse over it")
    raise AssertionError("unreachable")


# Every animation frame the page draws, on its own clock (an init script): a page whose thread a search held would
# draw none while it lasted.
FRAMES = """
(() => {
  window.__frames = [];
  const frame = () => {
    window.__frames.push(performance.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""


def frames_during(page: Page, windows: list[list]) -> int:
    """How many frames (FRAMES) the page drew inside ``windows`` ([start, end, ...] ms on the page's clock)."""
    return sum(1 for t in page.evaluate("window.__frames") if any(a < t < b for a, b, *_ in windows))


def markers(page: Page) -> dict[str, str]:
    return page.evaluate("({...document.getElementById('app').dataset})")


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    wait_until_ready(page)


def wait_for_player(page: Page, timeout_ms: float = 60_000, close_scenes: bool = True) -> dict[str, str]:
    """Wait until a person must act (or the game is over, or the device must be handed over). A scene between
    decisions (the winter battle, the year's summary) is closed with its one click, or returned when
    ``close_scenes`` is False."""
    while True:
        page.wait_for_function(WAITING, timeout=timeout_ms)
        state = markers(page)
        if not (close_scenes and state.get("scene")):
            return state
        page.click("#overlay [data-action=scene-next]")


def legal(page: Page) -> list[str]:
    return page.evaluate("kingsburgDebug.legal()").split("\n")


# The dice buttons' names (aria-label) in English: a coloured die, then a white one in either edition's word.
DICE_LABELS = ("Die {}", "White die {}", "Bonus die {}")


def click_action(page: Page, action: str, dice_labels: tuple[str, ...] = DICE_LABELS) -> None:
    """Make ``action`` with clicks: for a placement, its dice, its extras, then the advisor on the court.
    ``dice_labels``: the dice buttons' names in the page's language (DICE_LABELS' order)."""
    before = markers(page)["decisions"]
    m = PLACE.match(action)
    if m:
        if page.locator("#panel [data-action=clear]").count():
            page.click("#panel [data-action=clear]")
        used: set[str] = set()
        for die in m.group("dice").split("+"):
            white = die.startswith("w")
            labels = tuple(x.format(die[1:]) for x in dice_labels[1:]) if white else (dice_labels[0].format(die),)
            label = labels[0]
            buttons = page.locator(", ".join(f'#panel .die-btn[aria-label="{x}"]' for x in labels))
            for i in range(buttons.count()):
                key = buttons.nth(i).get_attribute("data-value")
                if key not in used:
                    buttons.nth(i).click()
                    used.add(key)
                    break
            else:
                raise AssertionError(f"no {label} to pick for {action}")
        for extra in ("token", "market", "envoy"):
            if m.group(extra):
                page.click(f"#panel [data-action=extra][data-value={extra}]")
        page.click(f'#court [data-action=act][data-value="{action}"]')
    else:
        page.click(f'#panel [data-action=act][data-value="{action}"]')
    # As long as a page may take to answer on a loaded machine (a 10 s wait once ran out in a framed board while
    # the suite ran beside other work): a wait, not a budget; a move that never lands still fails.
    page.wait_for_function(f"document.getElementById('app').dataset.decisions !== '{before}'", timeout=READY_TIMEOUT_MS)


def play_to_end(page: Page, pick=lambda actions: actions[0], limit: int = 1500) -> int:
    """People pick ``pick(legal)`` by clicks (revealing hand-overs); computers play. Returns clicks made."""
    made = 0
    for _ in range(limit):
        state = wait_for_player(page)
        if state["over"] == "1":
            return made
        if state["handover"]:
            page.click("[data-action=reveal]")
            continue
        click_action(page, pick(legal(page)))
        made += 1
    raise AssertionError("the game did not end")


def start_from_the_start_screen(page: Page, kinds: list[str], names: list[str] | None = None) -> None:
    """Set up a new game with the start screen's controls and start it."""
    page.wait_for_selector("#app[data-mode=start]")
    page.check(f"input[name=count][value='{len(kinds)}']", force=True)
    for i, kind in enumerate(kinds):
        page.select_option(f"#kind-{i}", kind)
        if names:
            page.fill(f"#name-{i}", names[i])
    page.click("[data-action=start]")
    page.wait_for_selector("#app[data-mode=game]")


def settle(page: Page, seconds: float = 0.3) -> None:
    """Wait until the game page has saved what changed (its after-frame work), however long that takes; on a
    page that is not the game (a host page around frames), give its frames ``seconds``."""
    if page.evaluate("() => typeof window.kingsburgDebug === 'object'"):
        page.wait_for_function("() => !kingsburgDebug.unsaved()")
    else:
        time.sleep(seconds)


def at_each_size(page: Page, sizes: Sequence[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The page resized to each of ``sizes`` (width, height) in turn, then back to the first: a test walks its
    screens at one size and looks at each at the others too (the layout is the stylesheet's alone, so a resize
    draws what a reader with that window sees; walking every size again cost whole games)."""
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        yield width, height
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
