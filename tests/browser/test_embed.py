"""An embedded board in Chromium: the example page's two boards (a lesson, and a board driven through postMessage,
every answer and announced change checked against the board), malformed messages and a message from another
window refused, the embed at 320 px without horizontal scrolling, and axe at desktop and phone widths."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from a11y import audit, settled
from board_driver import in_sight, markers, open_page, settle
from playwright.sync_api import Frame, Page

import kingsburg
from tools.browser import READY_SELECTOR, READY_TIMEOUT_MS
from tools.serve import SiteServer

# Frames on another site, with the service worker the page installs, as a browser does.
pytestmark = pytest.mark.service_worker

POSITIONS = Path(__file__).resolve().parents[1] / "positions"
GOBLINS = json.loads((POSITIONS / "goblins-year-3.json").read_text())
HEARD = "() => window.heardFromBoard.length"


def embed_url(server: SiteServer, **params: str) -> str:
    return server.url.rstrip("/") + "/?" + urllib.parse.urlencode({"embed": "1", **params})


def driven(page: Page) -> Frame:
    frame = page.frame_locator("#driven-board")  # wait for the element, then take its frame
    frame.locator(READY_SELECTOR).wait_for(state="attached")
    return next(f for f in page.frames if "host=" in f.url)


def heard_after(page: Page, count: int, more: int = 1) -> list[dict[str, Any]]:
    """The board's messages after the first ``count``, once ``more`` of them have arrived."""
    page.wait_for_function(f"() => window.heardFromBoard.length >= {count + more}")
    page.wait_for_timeout(150)  # a change comes right after its answer: let it arrive before counting
    return page.evaluate(f"() => window.heardFromBoard.slice({count})")


def board_state(frame: Frame) -> dict[str, Any]:
    return {
        "decisions": frame.evaluate("document.getElementById('app').dataset.decisions"),
        "position": frame.evaluate("kingsburgDebug.position()"),
        # The log's lines without their headings and the seats' symbols (no line of this game has a VP badge).
        "log": frame.evaluate(
            """[...document.querySelectorAll("#log li:not(.log-head)")].map((li) => [...li.childNodes]
                .filter((n) => !n.classList?.contains("sym")).map((n) => n.textContent).join(""))"""
        ),
    }


def test_the_example_page_drives_a_board_through_post_message_and_hears_every_change(
    page: Page, server: SiteServer
) -> None:
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(server.url.rstrip("/") + "/web/examples/")
    board = driven(page)
    page.wait_for_function("() => window.heardFromBoard.length >= 1")
    [ready] = page.evaluate("() => window.heardFromBoard")
    assert ready == {"kingsburg": 1, "type": "ready", "state": {"board": "none"}}
    assert board.evaluate("document.getElementById('app').dataset.mode") == "start"
    assert board.locator("[data-action=continue], [data-action=start]").count() == 0  # no start screen

    # A position: answered, then announced; the board shows it, playable.
    n = page.evaluate(HEARD)
    page.click("#send-position")
    reply, change = heard_after(page, n, 2)
    assert reply["type"] == "reply" and reply["to"] == "position" and reply["id"] == 1
    assert change["type"] == "change" and change["cause"] == "open"
    assert change["state"]["decision"] == "recruit" and change["state"]["players"] == ["Ann", "Brian"]
    assert markers(board)["decision"] == "recruit" and markers(board)["myTurn"] == "1"
    assert change["log"] == board_state(board)["log"]
    assert "rng" not in change["state"]["position"]

    # A decision from the page's form: the change names it and brings the board's new log lines.
    before = board_state(board)
    n = page.evaluate(HEARD)
    action = page.input_value("#action")
    assert action in change["state"]["legal"]
    page.click("#play")
    reply, change = heard_after(page, n, 2)
    after = board_state(board)
    assert reply["to"] == "action" and change["cause"] == "move" and change["actions"] == [action]
    assert after["decisions"] == str(int(before["decisions"]) + 1)
    assert change["log_start"] == len(before["log"]) and change["log"] == after["log"][len(before["log"]) :]
    assert change["state"]["decisions"] == int(after["decisions"])
    # The answer came first, then the change, each whole: the same state, and the log lines as events beside them.
    assert reply["state"]["log"] == after["log"] and reply["state"]["decisions"] == change["state"]["decisions"]
    assert [e["kind"] for e in change["events"]] == ["recruit"] * len(change["log"])
    assert [c["action"] for c in change["state"]["choices"]] == change["state"]["legal"]
    assert change["state"]["choices"][0]["words"] in page.text_content("#legal-text")  # the page shows the words
    assert page.text_content("#strength").startswith("Year 1's enemy: strength 2–4. Ann 1 (1 soldier, 0 from")

    # A decision clicked in the board itself is announced too.
    n = page.evaluate(HEARD)
    pass_ = board.locator('#panel [data-action=act][data-value="pass"]')
    pass_.click()
    [change] = heard_after(page, n)
    assert change["cause"] == "move" and change["actions"] == ["pass"]

    # Undo from the page's button: the decision is taken back, and announced.
    n = page.evaluate(HEARD)
    page.click("#undo")
    reply, change = heard_after(page, n, 2)
    assert reply["to"] == "undo" and change["cause"] == "undo" and change["undone"] == 1
    assert board_state(board)["decisions"] == after["decisions"]

    # The state: the board's whole log and position.
    n = page.evaluate(HEARD)
    page.click("#ask-state")
    [reply] = heard_after(page, n)
    assert reply["to"] == "state" and reply["state"]["log"] == board_state(board)["log"]
    assert "looked" in reply["state"]["position"]["seats"][0]

    # Malformed messages: an error answer each, nothing changed, the board says so.
    steady = board_state(board)
    n = page.evaluate(HEARD)
    page.click("#send-broken")
    [error] = heard_after(page, n)
    assert error["type"] == "error" and error["error"] == "not-json"
    assert board.locator("#panel .msg.err", has_text="refused").count() == 1
    bad = page.evaluate(
        """() => {
        const board = document.getElementById("driven-board").contentWindow;
        const origin = new URL(document.getElementById("driven-board").src).origin;
        const deep = {}; let at = deep; for (let i = 0; i < 100; i++) { at.a = {}; at = at.a; }
        const cyclic = {kingsburg: 1, type: "state"}; cyclic.self = cyclic;
        const messages = [deep, cyclic, 42, null, [1, 2], "x".repeat(500000),
          {kingsburg: 2, type: "state"}, {kingsburg: 1, type: "reset", id: "r"},
          {kingsburg: 1, type: "action", action: 7}, {kingsburg: 1, type: "action", action: "influence 18 c1"},
          {kingsburg: 1, type: "position", position: {format: "kingsburg-position"}},
          {kingsburg: 1, type: "state", extra: true}];
        for (const m of messages) board.postMessage(m, origin);
        return messages.length;
    }"""
    )
    errors = heard_after(page, n + 1, bad)
    assert [e["type"] for e in errors] == ["error"] * bad
    assert [e["error"] for e in errors] == [
        "not-json",
        "not-json",
        "not-object",
        "not-object",
        "not-object",
        "not-json",
        "version",
        "unknown-type",
        "bad-field",
        "illegal",
        "refused",
        "bad-field",
    ]
    assert errors[7]["id"] == "r"
    assert board_state(board) == steady

    # A message from another window (the lesson's frame, a sibling of the board): ignored, no answer, no change.
    lesson = next(f for f in page.frames if "lesson=" in f.url)
    lesson.wait_for_selector(READY_SELECTOR, state="attached")
    n = page.evaluate(HEARD)
    lesson.evaluate(
        """() => window.parent.document.getElementById("driven-board").contentWindow
            .postMessage({kingsburg: 1, type: "action", action: "pass"}, "*")"""
    )
    board.wait_for_selector("#panel .msg.err >> text=another window")
    page.wait_for_timeout(300)
    assert page.evaluate(HEARD) == n and board_state(board) == steady

    # The lesson's board: the lesson alone (no menus), stepped with its own Next.
    assert markers(lesson)["lesson"] == "1" and lesson.locator("[data-action=home]").count() == 0
    in_sight(lesson).click("#panel [data-action=lesson-next]")
    lesson.wait_for_function("document.getElementById('app').dataset.lesson === '2'")
    assert lesson.locator("#topbar [data-action=export-current], #topbar [data-action=sound]").count() == 0

    # host= names another origin: the board reads nothing from this page (and says so), and sends nothing here.
    page.evaluate(
        """() => {
        const frame = Object.assign(document.createElement("iframe"), {id: "elsewhere", title: "Elsewhere"});
        frame.src = "../../?embed=1&host=" + encodeURIComponent("https://elsewhere.example");
        window.fromElsewhere = [];
        addEventListener("message", (e) => {
            if (e.source === frame.contentWindow) window.fromElsewhere.push(e.data);
        });
        document.body.append(frame);
    }"""
    )
    page.frame_locator("#elsewhere").locator(READY_SELECTOR).wait_for(state="attached")
    page.evaluate(
        """() => document.getElementById("elsewhere").contentWindow
            .postMessage({kingsburg: 1, type: "lesson", name: "01-setup"}, "*")"""
    )
    page.frame_locator("#elsewhere").locator(".embed-wait .msg", has_text="another origin").wait_for()
    assert page.evaluate("() => window.fromElsewhere") == []
    assert page.frame_locator("#elsewhere").locator("#app").get_attribute("data-mode") == "start"
    page.evaluate("() => document.getElementById('elsewhere').remove()")

    # The page itself: its strict policy refused nothing, and axe finds nothing at either width.
    assert refused == []
    for width, height, where in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        audit(page, f"the example page ({where})")


OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  };
  const out = [...document.querySelectorAll("#app *")].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.right > width + 1 && !scrolls(el);
  }).map((el) => el.tagName + "." + el.getAttribute("class"));
  return document.documentElement.scrollWidth > width ? ["the page scrolls sideways", ...out] : out;
}"""


def past_the_right_edge(page: Page) -> list[str]:
    """The elements that reach past the window's right edge (clipped or scrolling the page), outside the parts
    meant to scroll sideways (a wide table)."""
    settled(page)
    return page.evaluate(OVERFLOW)


def test_the_example_page_sends_a_puzzle_and_hears_it_solved_with_the_reader_s_record(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url.rstrip("/") + "/web/examples/")
    board = driven(page)
    page.wait_for_function("() => window.heardFromBoard.length >= 1")
    n = page.evaluate(HEARD)
    page.click("#send-puzzle")
    reply, change = heard_after(page, n, 2)
    assert reply["to"] == "lesson" and change["cause"] == "open"
    assert change["state"]["lesson"]["puzzle"] == {
        "solved": False,
        "tries": 0,
        "shown": False,
    }
    assert "Find the move" in board.inner_text("#panel .lesson-head")
    # A wrong answer from the page: its own hint, nothing announced; then the answer, announced as solved.
    n = page.evaluate(HEARD)
    page.fill("#action", "place 5+4 @9")
    page.click("#play")
    [error] = heard_after(page, n)
    assert error["error"] == "illegal" and error["message"].startswith("The Master Hunter (#9)")
    n = page.evaluate(HEARD)
    page.fill("#action", "place 5+4+1 @11 market")
    page.click("#play")
    reply, change = heard_after(page, n, 2)
    assert reply["to"] == "action" and change["cause"] == "solved" and change["state"]["lesson"]["puzzle"]["tries"] == 1
    assert page.text_content("#puzzle") == "Puzzle solved: 1 wrong answer."
    assert "Swordsmith (#11)" in board.inner_text("#panel .puzzle-solved")


def test_an_embed_fits_320_px_and_passes_axe_at_desktop_and_phone_widths(page: Page, server: SiteServer) -> None:
    position = json.dumps(GOBLINS, separators=(",", ":"))
    page.set_viewport_size({"width": 320, "height": 640})
    open_page(page, embed_url(server, position=position, play="1"))
    page.wait_for_selector("#app[data-mode=game]")
    assert past_the_right_edge(page) == []
    assert page.locator("[data-action=home], [data-action=export-current], [data-action=sound]").count() == 0
    for width, height, where in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        audit(page, f"an embedded position ({where})")
    # The empty board waiting for its host, and a lesson.
    open_page(page, embed_url(server))
    audit(page, "an embedded board waiting for a position (phone)")
    open_page(page, embed_url(server, lesson="lessons/08-battle.json"))
    page.wait_for_selector("#app[data-mode=game][data-lesson='1']")
    audit(page, "an embedded lesson (phone)")
    page.set_viewport_size({"width": 320, "height": 640})
    assert past_the_right_edge(page) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    settled(page)
    audit(page, "an embedded lesson (desktop)")


def test_a_board_below_the_fold_on_another_site_plays_on_and_its_host_hears_every_change(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    """A browser draws no frame for a frame of another site that is out of view: the board must not wait for one
    to play its computers, save or announce (issue 21: it said "is thinking…" until scrolled into view)."""
    position = kingsburg.new_game(["Cara", "Dan", "Eve"], seed=4).position()
    board = embed_url(server, speed="instant", seed="3")
    (tmp_path / "host.html").write_text(
        f"""<!doctype html><html lang="en"><head><title>A tutorial</title></head><body>
<p style="height: 4000px">A long tutorial text.</p>
<iframe id="board" title="Kingsburg" src="{board}" width="800" height="600"></iframe>
<script>
  window.heard = [];
  const board = document.getElementById("board");
  addEventListener("message", (event) => {{
    if (event.source !== board.contentWindow) return;
    window.heard.push(event.data);
    if (event.data.type === "ready") board.contentWindow.postMessage({{kingsburg: 1, type: "position",
      position: {json.dumps(position)}, play: true, seats: ["normal", "normal", "normal"]}}, "*");
  }});
</script></body></html>""",
        encoding="utf-8",
    )
    host = serve(tmp_path)
    page.goto(f"http://localhost:{host.port}/host.html")  # another site than the board's (127.0.0.1)
    page.wait_for_function("window.heard.some((m) => m.type === 'change' && m.cause === 'open')")
    # The computers play to the second year with the board never in view; the host hears each decision once.
    page.wait_for_function(
        "window.heard.filter((m) => m.type === 'change' && m.cause === 'move').length >= 40", timeout=240_000
    )
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().top > innerHeight")
    assert page.evaluate("scrollY") == 0
    # What the host heard is the game: its decisions, replayed by the engine from the position, lead to the
    # state the last announcement gave.
    heard = page.evaluate("window.heard.filter((m) => m.type === 'change' && m.cause === 'move')")
    game = kingsburg.load_game(json.dumps(position))
    for change in heard:
        for action in change["actions"]:
            game.apply(action)
        assert change["state"]["decisions"] == len(game.actions) and change["state"]["prompt"] == game.prompt()


def test_boards_below_the_fold_leave_the_reader_s_article_and_focus_where_they_are(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    """A lesson's step brings what it points at into sight inside the board, never by scrolling the article that
    frames it (a board that pulled the article to itself as it loaded moved what the reader was about to click:
    the lost clicks of test_framed_page.py); and a board whose reader is to play takes the keyboard focus only
    once the reader is in it, not from the search box they are typing into."""
    lessons = ("01-setup", "04-building")
    position = embed_url(server, position=json.dumps(kingsburg.new_game(["Cara", "Dan"], seed=4).position()), play="1")
    frames = "".join(
        f'<p style="height: 1500px">Text.</p><iframe id="{key}" title="{key}" width="800" height="600" '
        f'src="{src}"></iframe>'
        for key, src in [("play", position)]
        + [(f"l{n}", embed_url(server, lesson=f"lessons/{n}.json")) for n in lessons]
    )
    (tmp_path / "article.html").write_text(
        f"""<!doctype html><html lang="en"><head><title>A tutorial</title></head><body>
<label>Search <input id="search"></label>{frames}</body></html>""",
        encoding="utf-8",
    )
    host = serve(tmp_path)
    page.goto(f"http://localhost:{host.port}/article.html")  # another site than the boards' (127.0.0.1)
    page.focus("#search")
    page.frame_locator("#play").locator("#app[data-my-turn='1']").wait_for(state="attached")
    for name in lessons:
        board = page.frame_locator(f"#l{name}")
        board.locator("#app[data-lesson='1']").wait_for(state="attached")
        board.locator(".pointed").first.wait_for(state="attached")
    settle(page, 0.5)
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.activeElement.id") == "search"
    page.keyboard.type("goblins")
    assert page.input_value("#search") == "goblins"
    # The reader scrolls to the second lesson and steps through it: the article stays where the reader put it.
    page.locator("#l04-building").scroll_into_view_if_needed()
    where = page.evaluate("scrollY")
    assert where > 0
    board = in_sight(next(f for f in page.frames if "04-building" in f.url))  # drawn where the reader looks
    for step in range(2, 6):  # Next, Next, then the moves the lesson asks for (shown, then played)
        if step > 3:
            board.click("#panel [data-action=lesson-show]")
            board.click("#panel .lesson-answer [data-action=act]")
        else:
            board.click("#panel [data-action=lesson-next]")
        try:
            board.wait_for_function(
                f"document.getElementById('app').dataset.lesson === '{step}'", timeout=READY_TIMEOUT_MS
            )
        except Exception as e:  # say where the lesson stood and what the reader saw
            shown = board.evaluate("[document.getElementById('app').dataset.lesson, panel.innerText]")
            raise AssertionError(f"step {step} never came: the lesson at {shown[0]}, the panel: {shown[1]!r}") from e
        settle(page, 0.2)
        assert page.evaluate("scrollY") == where, f"step {step} scrolled the article"
