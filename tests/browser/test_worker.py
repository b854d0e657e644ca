"""The computers think in a worker beside the page (web/thinking.js, web/thinker.mjs, web/app/thinker.py): a whole
game against Hard leaves the page's thread free; without a worker (``?worker=0``, or one that cannot start) the
computers think on the page's thread as before; an answer for a game that moved on is dropped.

Long tasks are measured on the main thread only (the worker's own long tasks are not reported to the page)."""

from __future__ import annotations

import json

import pytest
from board_driver import FRAMES, click_action, frames_during, legal, markers, open_page, wait_for_player
from playwright.sync_api import Browser, BrowserContext, Page

from tools.bench_page import cpython_decisions
from tools.browser import NO_CLOCKS, READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE, Recorder
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Holds the worker's answers back while window.__hold is set (web/thinking.js listens with addEventListener).
HOLD_ANSWERS = """
window.__hold = false;
window.__held = [];
const addListener = Worker.prototype.addEventListener;
Worker.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return addListener.call(this, type, listener, options);
  return addListener.call(this, type, (event) => {
    if (window.__hold && event.data && event.data.type === "answer") window.__held.push(() => listener(event));
    else listener(event);
  }, options);
};
window.__release = () => {
  window.__hold = false;
  while (window.__held.length) window.__held.shift()();
};
"""


# Hard's playouts per decision in the whole game below: a search all the same (its own budget, 100, is the bench's).
PLAYOUTS = 10


def thinking(page: Page) -> list[list]:
    return page.evaluate("Array.from(window.kingsburgThinking)")


def worker_state(page: Page) -> str | None:
    return page.evaluate("window.kingsburgThinker ? window.kingsburgThinker.state : null")


def new_context(browser: Browser, recorder: Recorder, script: str = "", first_visit: bool = False) -> BrowserContext:
    """A fresh profile as the ``context`` fixture makes it: Python from the build's snapshot unless ``first_visit``
    (tests/browser/conftest.py)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + FRAMES + script + ("" if first_visit else SNAPSHOT_FROM_SITE))
    recorder.attach(context)
    return context


def play_to_the_end(page: Page) -> None:
    while True:
        state = wait_for_player(page, timeout_ms=120_000)
        if state["over"] == "1":
            return
        if state["handover"]:
            page.click("[data-action=reveal]")
            continue
        click_action(page, legal(page)[0])


@pytest.mark.long
def test_the_worker_plays_a_whole_game_against_hard_and_the_page_never_blocks(
    browser: Browser, server: SiteServer, recorder: Recorder
) -> None:
    """Every Hard decision is thought in the worker, to its whole playout budget (no deadline: NO_CLOCKS; the budget
    is the test's, PLAYOUTS, a tenth of Hard's own, a clock the page hands the worker), and is the decision the same
    bot makes on CPython from the same view; meanwhile the page's thread goes on drawing.

    How long the page's own tasks take while Hard thinks (no task over 50 ms of CPU time, a small share of the
    thinking time) is measured against its budget by `make bench-page`, not here: a test's outcome must not
    depend on how busy the machine is. A first visit: the page and the worker boot the normal way."""
    context = new_context(browser, recorder, f"window.kingsburgClocks.hardPlayouts = {PLAYOUTS};", first_visit=True)
    try:
        page = context.new_page()
        open_page(page, server.url + "?seats=hard,human&seed=7&speed=instant")
        play_to_the_end(page)
        decisions = thinking(page)
        drawn = frames_during(page, decisions)
        print(f"Hard decisions: {len(decisions)}; the page drew {drawn} frames while Hard thought")
        assert len(decisions) > 50
        assert [where for *_, where in decisions] == ["worker"] * len(decisions)
        assert not any(cut for _, _, cut, _ in decisions)
        assert worker_state(page) == "ready" and page.evaluate("kingsburgThinker.stats.late") == 0
        _, same = cpython_decisions(json.loads(page.evaluate("kingsburgDebug.saved()")), playouts=PLAYOUTS)
        assert len(same) == len(decisions) and all(same), f"not as on CPython: decisions {same}"
        # The page's thread is idle while the worker thinks: frames come at the display's rate (60 a second), and a
        # slower machine only makes the thinking, and so the frames, longer. At least a fifth of them, then.
        thought_ms = sum(end - start for start, end, *_ in decisions)
        assert drawn >= 0.2 * thought_ms * 60 / 1000, f"the page drew {drawn} frames over {thought_ms:.0f} ms of Hard"
        assert recorder.errors == []
        assert all(url.startswith(server.url) for url in recorder.requests), "a request left the origin"
    finally:
        context.close()


def computers_play_on_the_page_s_thread(page: Page) -> None:
    """Two computers make their decisions with the page's own thread (the old way, in slices)."""
    page.wait_for_function("window.kingsburgThinking.length >= 4", timeout=120_000)
    decisions = thinking(page)
    assert {where for *_, where in decisions} == {"page"}
    assert markers(page)["mode"] == "game"


def test_the_page_plays_with_the_worker_switched_off(browser: Browser, server: SiteServer, recorder: Recorder) -> None:
    context = new_context(browser, recorder)
    try:
        page = context.new_page()
        open_page(page, server.url + "?seats=normal,easy&seed=4&speed=instant&worker=0")
        computers_play_on_the_page_s_thread(page)
        assert worker_state(page) is None  # web/thinking.js is not even loaded
        assert not any("thinker" in url or "thinking.js" in url for url in recorder.requests)
        assert recorder.errors == []
    finally:
        context.close()


@pytest.mark.parametrize(
    ("how", "script"),
    [
        ("the worker's script is missing", ""),
        (
            "the browser refuses to make the worker",
            "const Made = window.Worker; window.Worker = class extends Made { constructor(url, options) {"
            " if (String(url).includes('thinker')) throw new DOMException('no memory', 'QuotaExceededError');"
            " super(url, options); } };",
        ),
    ],
)
def test_a_worker_that_cannot_start_leaves_the_computers_on_the_page(
    browser: Browser, server: SiteServer, recorder: Recorder, how: str, script: str
) -> None:
    context = new_context(browser, recorder, script)
    if not script:
        context.route("**/web/thinker.mjs", lambda route: route.fulfill(status=404, body="gone"))
    try:
        page = context.new_page()
        open_page(page, server.url + "?seats=easy,normal&seed=5&speed=instant")
        computers_play_on_the_page_s_thread(page)
        page.wait_for_function("kingsburgThinker.state !== 'starting'", timeout=60_000)
        assert worker_state(page) == "failed", how
        print(how, "->", page.evaluate("kingsburgThinker.failure"))
    finally:
        context.close()


def test_an_answer_for_a_game_that_moved_on_is_dropped(
    browser: Browser, server: SiteServer, recorder: Recorder
) -> None:
    """The worker answers the hint. Then a person decides, the worker's answer is held back, the person takes
    the decision back: the answer, released then, changes nothing; the computer's next decision comes from a new
    request."""
    context = new_context(browser, recorder, HOLD_ANSWERS)
    try:
        page = context.new_page()
        open_page(page, server.url + "?seats=human,hard&seed=3&speed=instant")
        while True:  # a placement of the person's, after which the computer places
            state = wait_for_player(page)
            if state["decision"] == "influence" and worker_state(page) == "ready":
                break
            click_action(page, legal(page)[0])
        asked = page.evaluate("kingsburgThinker.stats.answered")
        page.click("#panel [data-action=hint]")  # the hint is worked out in the worker too
        page.wait_for_selector("#panel .msg:has-text('The Normal computer would')")
        assert page.evaluate("kingsburgThinker.stats.answered") == asked + 1

        page.evaluate("window.__hold = true")
        mine = int(markers(page)["decisions"])
        click_action(page, legal(page)[0])
        page.wait_for_function("window.__held.length === 1", timeout=60_000)  # answered, not yet delivered
        assert int(markers(page)["decisions"]) == mine + 1 and markers(page)["myTurn"] == "0"
        before = (page.evaluate("kingsburgDebug.actions()").rsplit("\n", 1)[0], len(thinking(page)))
        # The undo and the answer in the same task: the page gives the request up as it draws the undone decision
        # (Worker.moved_on), so the answer is counted late, not answered to a request dropped only at a later poll.
        late = page.evaluate(
            "document.querySelector('#panel [data-action=undo]').click(), window.__release(), "
            "kingsburgThinker.stats.late"
        )
        assert late == 1
        page.wait_for_function(f"document.getElementById('app').dataset.decisions === '{mine}'")
        page.wait_for_timeout(300)
        assert (page.evaluate("kingsburgDebug.actions()"), len(thinking(page))) == before
        assert page.evaluate("kingsburgDebug.dropped()") == 1 and markers(page)["myTurn"] == "1"

        click_action(page, legal(page)[0])  # the same decision again: the computer answers it afresh
        page.wait_for_function(f"window.kingsburgThinking.length > {before[1]}", timeout=60_000)
        assert thinking(page)[-1][3] == "worker"
        assert recorder.errors == []
    finally:
        context.close()


# A person's decision and a second click in the same browser task (here: the game log's toggle): two saves are due
# before the computers' loop first runs. Only one loop may start; two would each cancel the other's question to the
# worker, for ever (the keyboard test once saw the computer never play, having asked the worker 30,000 times).
DECIDE_AND_CLICK_AGAIN = """(action) => {
  const button = [...document.querySelectorAll('#panel [data-action=act]')].find((b) => b.dataset.value === action);
  if (!button) return false;
  button.click();
  document.querySelector('[data-action=log]').click();
  return true;
}"""


def test_two_clicks_in_one_task_start_one_computers_loop(
    browser: Browser, server: SiteServer, recorder: Recorder
) -> None:
    context = new_context(browser, recorder)
    try:
        page = context.new_page()
        open_page(page, server.url + "?seats=human,random&seed=11&speed=instant")
        page.wait_for_function("window.kingsburgThinker && kingsburgThinker.state === 'ready'", timeout=60_000)
        doubled = 0
        while doubled < 8:
            state = wait_for_player(page)
            assert state["over"] == "0", "the game ended before eight of the person's decisions had a button"
            actions = legal(page)
            asked = page.evaluate("kingsburgThinker.stats.asked")
            thought = len(thinking(page))
            if not any(page.evaluate(DECIDE_AND_CLICK_AGAIN, a) for a in actions):
                click_action(page, actions[0])  # a placement: dice, then an advisor
                continue
            doubled += 1
            after = wait_for_player(page)  # the computers played on, up to the person's next decision
            worker_decisions = sum(1 for *_, where in thinking(page)[thought:] if where == "worker")
            assert page.evaluate("kingsburgThinker.stats.asked") - asked == worker_decisions, after
        assert page.evaluate("kingsburgThinker.stats.late") == 0
        assert recorder.errors == []
    finally:
        context.close()
