"""A tutorial author's features in a board framed by a page on another site, which drives it by postMessage and
hears it (docs/embedding.md, docs/lessons.md), in Chromium: a collection's lessons (the list's done and not done,
"Next lesson" in the frame, heard by the host), a step's battle scene (the strengths on screen are the engine's,
for the seat each fight names, and the host's state says the same), a step's arrow (its ends on the two parts it
joins, the parts those of the player and the advisor the lesson names; gone when the step changes) and a step's
season banner (each line its player's, with what the engine logged the advisors gave). Then web/examples/'s buttons
for these, and its board opened by a playable link.

Every wait is for a state (a message heard, a marker, a drawing), never for a time."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Frame, Page

from kingsburg.collection import builtin_collection
from kingsburg.content import ADVISORS, ENEMY_BY_ID
from kingsburg.lesson import LessonSession, builtin_text, load_lesson
from tools.browser import READY_SELECTOR
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)


def host_page(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path, query: str, size: tuple[int, int]
) -> Frame:
    """A page on another origin (localhost, the board being on 127.0.0.1) with the board framed at ``size``,
    ``host=`` naming that page; the page keeps every message the board sends in ``window.heard`` and sends with
    ``window.send``. Returns the board's frame once it is ready."""
    host = serve(tmp_path)
    origin = f"http://localhost:{host.port}"
    board = server.url.rstrip("/")
    src = f"{board}/?embed=1&host={origin}&{query}"
    width, height = size
    (tmp_path / "tutorial.html").write_text(
        f"""<!doctype html><html lang="en"><head><title>A tutorial</title></head><body>
<iframe id="board" name="board" title="Kingsburg" width="{width}" height="{height}" src="{src}"></iframe><script>
  window.heard = [];
  addEventListener("message", (event) => {{
    if (event.origin === "{board}") window.heard.push(event.data);
  }});
  window.send = (message) => document.getElementById("board").contentWindow.postMessage(message, "{board}");
</script></body></html>""",
        encoding="utf-8",
    )
    page.set_viewport_size({"width": width + 40, "height": height + 40})
    page.goto(f"{origin}/tutorial.html")
    page.frame_locator("#board").locator(READY_SELECTOR).wait_for(state="attached")  # its address's lesson in
    page.wait_for_function("window.heard.some((m) => m.type === 'ready')")
    frame = page.frame(name="board")
    assert frame is not None
    return frame


def send(page: Page, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` (given an ``id``) and return the board's answer to it."""
    page.evaluate("(m) => window.send({kingsburg: 1, ...m})", message)
    found = f"window.heard.find((m) => m.id === {json.dumps(message['id'])} && m.type !== 'change')"
    page.wait_for_function(f"() => {found} !== undefined")
    return page.evaluate(f"() => {found}")


def heard(page: Page, after: int, cause: str) -> dict[str, Any]:
    """The first change the board announced with ``cause`` among the messages after the first ``after``."""
    found = f"window.heard.slice({after}).find((m) => m.type === 'change' && m.cause === {json.dumps(cause)})"
    page.wait_for_function(f"() => {found} !== undefined")
    return page.evaluate(f"() => {found}")


def count(page: Page) -> int:
    return page.evaluate("() => window.heard.length")


LIST = """() => [...document.querySelectorAll(".lessons .lesson-item")].map((b) => ({
  number: b.dataset.value, title: b.querySelector(".lesson-name").textContent,
  done: b.querySelector(".lesson-state").classList.contains("done"),
  state: b.querySelector(".lesson-state").textContent.trim(),
  here: b.getAttribute("aria-current") === "step"}))"""


def lesson_list(frame: Frame) -> list[dict[str, Any]]:
    """The collection's lessons as the frame lists them (its "Lessons" dialog, opened and closed again)."""
    frame.click("#panel [data-action=lesson-list]")
    frame.wait_for_selector(".lessons .lesson-item")
    listed = frame.evaluate(LIST)
    frame.click(".lessons [data-action=lesson-list-close]")
    frame.wait_for_selector(".lessons", state="detached")
    return listed


def test_a_collection_in_a_frame_lists_its_lessons_done_and_not_and_its_next_lesson_is_heard_by_the_host(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    tutorial = builtin_collection()
    market, crane = tutorial.chapter("11-market"), tutorial.chapter("12-crane")
    board = host_page(page, server, serve, tmp_path, "collection=tutorial&lesson=11&step=2", (800, 700))
    [ready] = [m for m in page.evaluate("() => window.heard") if m["type"] == "ready"]
    lesson = ready["state"]["lesson"]
    assert lesson["collection"] == {"title": tutorial.title, "chapter": 11, "chapters": len(tutorial.chapters)}
    assert (lesson["name"], lesson["title"], lesson["step"]) == ("11-market", market.title, 2)
    assert "Lesson 11 of 12" in board.inner_text("#panel .lesson-head")

    # Before the lesson is finished, the list has every lesson of the tutorial in order, none done, this one here.
    listed = lesson_list(board)
    assert [(int(x["number"]), x["title"]) for x in listed] == [(c.number, c.title) for c in tutorial.chapters]
    assert [x["here"] for x in listed] == [c.number == 11 for c in tutorial.chapters]
    assert not any(x["done"] for x in listed) and {x["state"] for x in listed} == {"○ Not done"}

    # The host makes the step's move: the lesson is finished, and the end offers the next lesson by its title.
    answer = LessonSession.at_step(market.lesson(), 2).answer()
    n = count(page)
    assert send(page, {"type": "action", "id": "move", "action": answer})["type"] == "reply"
    change = heard(page, n, "step")
    assert change["state"]["lesson"]["finished"] and change["actions"] == [answer]
    following = board.locator("#panel [data-action=lesson-chapter]")
    following.wait_for()
    assert following.inner_text() == f"Next lesson: {crane.title}" and following.get_attribute("data-value") == "12"
    listed = lesson_list(board)
    assert [x["done"] for x in listed] == [c.number == 11 for c in tutorial.chapters]
    assert listed[10]["state"] == "✓ Done" and listed[10]["here"]

    # "Next lesson" clicked in the frame opens the Crane there, and the host hears it opened, with its place.
    n = count(page)
    following.click()
    change = heard(page, n, "open")
    lesson = change["state"]["lesson"]
    assert lesson["collection"]["chapter"] == 12 and (lesson["name"], lesson["step"]) == ("12-crane", 1)
    assert lesson["title"] == crane.title and lesson["text"] == crane.lesson().steps[0].text.replace("**", "")
    assert board.evaluate("document.getElementById('app').dataset.lessonName") == "12-crane"
    assert "Lesson 12 of 12" in board.inner_text("#panel .lesson-head")
    listed = lesson_list(board)
    assert [x["here"] for x in listed] == [c.number == 12 for c in tutorial.chapters]
    assert [x["done"] for x in listed] == [c.number == 11 for c in tutorial.chapters]

    # The last lesson done (by clicks in the frame): no next lesson, the end of the tutorial said; both are done.
    n = count(page)
    board.click("#panel [data-action=lesson-next]")
    heard(page, n, "step")
    n = count(page)
    board.click('#panel [data-action=act][data-value="build farms"]')
    assert heard(page, n, "step")["state"]["lesson"]["finished"]
    board.get_by_text("That was the whole tutorial").wait_for()
    assert board.locator("#panel [data-action=lesson-chapter]").count() == 0
    assert [x["done"] for x in lesson_list(board)] == [c.number in (11, 12) for c in tutorial.chapters]


def test_a_step_s_battle_scene_in_a_frame_shows_the_engine_s_strengths_and_the_host_hears_the_same(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    lesson = load_lesson(builtin_text("08-battle"))
    # The engine's count, made here: each seat's strength before the King (soldiers and buildings against the
    # card's type) on the step whose move sets the winter off, plus the soldiers the King's die sent.
    before = LessonSession.at_step(lesson, 3).game
    after = LessonSession.at_step(lesson, 9).game
    card = next(e for e in after.events if e.kind == "enemy").data["card"]
    enemy = ENEMY_BY_ID[card]
    king = next(e for e in after.events if e.kind == "king").data["die"]
    strength = {s: before.battle_strength(s, enemy.type) + king for s in range(len(before.players))}
    fought = {e.seat: e.data["strength"] for e in after.events if e.kind == "fight"}
    assert fought == strength  # the engine's own record of the battle says the same

    board = host_page(page, server, serve, tmp_path, "lesson=08-battle", (760, 720))
    for number in (5, 6, 7):
        step = lesson.steps[number - 1]
        reply = send(page, {"type": "lesson", "id": f"step-{number}", "name": "08-battle", "step": number})
        board.wait_for_function(f"document.getElementById('app').dataset.lesson === '{number}'")
        board.wait_for_selector("#court .lesson-scene .w-fight.pointed")
        seats = [int(p.split(":")[1]) for p in step.point if p.split(":")[1].isdigit()]
        shown = board.evaluate(
            """() => [...document.querySelectorAll("#court .lesson-scene .w-fight.pointed")].map((li) => ({
              seat: li.dataset.seat, who: li.querySelector(".w-who").textContent.trim(),
              total: li.querySelector(".w-total").textContent, label: li.dataset.label}))"""
        )
        where = f"step {number} ({step.scene})"
        # The highlighted fights are those of the seats the step names, each its player's, with the engine's
        # strength, labelled as the lesson labels them.
        assert [int(f["seat"]) for f in shown] == seats, where
        labels = dict(step.labels)
        for fight, seat in zip(shown, seats, strict=True):
            assert fight["who"].endswith(after.players[seat]), where
            assert fight["total"] == str(strength[seat]), f"{where}: {fight}"
            assert fight["label"] == labels[f"battle:{seat}"], where
        # The host's state for that step: the same step, pointing at the same fights, the same strengths.
        state = reply["state"]
        assert state["lesson"]["step"] == number and state["lesson"]["point"] == list(step.point), where
        told = {f["seat"]: f["strength"] for f in state["battle"]["fights"]}
        assert {s: told[s] for s in seats} == {s: strength[s] for s in seats}, where
        assert state["battle"]["card"] == card and state["battle"]["enemy"] == enemy.strength


ARROW = """() => {
  const arrows = [...document.querySelectorAll("#lesson-arrows g.lesson-arrow")];
  const svg = document.getElementById("lesson-arrows");
  const at = svg ? svg.getBoundingClientRect() : {left: 0, top: 0};
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return arrows.map((g) => {
    const line = g.querySelector(".arrow-line");
    const ends = [line.getPointAtLength(0), line.getPointAtLength(line.getTotalLength())];
    return {from: g.dataset.from, to: g.dataset.to, ends: ends.map((p) => [p.x + at.left, p.y + at.top])};
  }).concat([{parts: [
    box([...document.querySelectorAll("#strips > .strip")].find((s) =>
      s.querySelector(".strip-head").textContent.includes(ANN)).querySelector(".strip-dice")),
    box(document.querySelector('#court .court-grid > li[data-advisor="10"]')),
  ]}]);
}"""


def on_edge(point: list[float], box: list[float]) -> bool:
    """Whether ``point`` lies on the edge of ``box`` ([left, top, right, bottom]), to a pixel."""
    x, y = point
    left, top, right, bottom = box
    inside = left - 1 <= x <= right + 1 and top - 1 <= y <= bottom + 1
    return inside and min(abs(x - left), abs(x - right), abs(y - top), abs(y - bottom)) <= 1


def test_a_step_s_arrow_in_a_frame_joins_the_two_parts_it_names_and_goes_when_the_step_changes(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    lesson = load_lesson(builtin_text("11-market"))
    step = lesson.steps[1]
    assert step.arrows == (("dice:0", "advisor:10"),)  # Ann's dice to the General
    ann = LessonSession(lesson).game.players[0]
    general = ADVISORS[10 - 1]
    assert general.number == 10
    board = host_page(page, server, serve, tmp_path, "lesson=11-market&step=2", (1280, 800))
    script = ARROW.replace("ANN", json.dumps(ann))
    # The court's advisor is the General; Ann's strip is hers (found by her name, not by the lesson's selector).
    assert general.name in board.inner_text('#court .court-grid > li[data-advisor="10"]')
    # The arrow is drawn once both parts are in sight and the board has stopped moving: wait for its ends to lie on
    # the two parts' boxes, then measure them.
    board.wait_for_function(
        f"""() => {{
      const [arrow, parts] = ({script})().slice(-2);
      if (!arrow || !arrow.ends) return false;
      const on = ([x, y], [l, t, r, b]) => x >= l - 1 && x <= r + 1 && y >= t - 1 && y <= b + 1
        && Math.min(Math.abs(x - l), Math.abs(x - r), Math.abs(y - t), Math.abs(y - b)) <= 1;
      return on(arrow.ends[0], parts.parts[0]) && on(arrow.ends[1], parts.parts[1]);
    }}"""
    )
    *arrows, measured = board.evaluate(script)
    [arrow] = arrows
    dice, advisor = measured["parts"]
    assert on_edge(arrow["ends"][0], dice) and on_edge(arrow["ends"][1], advisor), (arrow, measured)
    assert not on_edge(arrow["ends"][0], advisor)  # it goes somewhere: from one part to the other
    # The arrow's parts are the ones the step highlights (the General and Ann's dice).
    assert board.evaluate(
        f"""() => [({json.dumps(arrow["from"])}), ({json.dumps(arrow["to"])})].every((css) =>
          document.querySelector(css).classList.contains("pointed"))"""
    )

    # The step changes (its move made by the host): the arrow is gone; Back to it draws it again; Back once more
    # (the first step, which has none) takes it away.
    n = count(page)
    send(page, {"type": "action", "id": "move", "action": step.expect[0]})
    heard(page, n, "step")
    board.wait_for_function("document.querySelectorAll('#lesson-arrows g.lesson-arrow').length === 0")
    send(page, {"type": "back", "id": "back-1"})
    board.wait_for_function("document.querySelectorAll('#lesson-arrows g.lesson-arrow').length === 1")
    send(page, {"type": "back", "id": "back-2"})
    board.wait_for_function("document.getElementById('app').dataset.lesson === '1'")
    board.wait_for_function("document.querySelectorAll('#lesson-arrows g.lesson-arrow').length === 0")


def test_a_step_s_season_banner_in_a_frame_says_what_the_engine_gave_each_seat_and_the_host_hears_the_step(
    page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    text = guide.split("## A season's banner\n", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    lesson = load_lesson(text)
    game = LessonSession.at_step(lesson, 3).game
    got = {  # what the engine logged each seat got in spring (gifts and the advisors' VP)
        seat: (
            sum(e.data.get("soldiers", 0) for e in game.events if e.kind == "gift" and e.seat == seat),
            sum(e.vp for e in game.events if e.kind == "vp" and e.seat == seat and e.data["source"] == "advisors"),
        )
        for seat in range(2)
    }
    assert got == {0: (2, 1), 1: (0, 0)}
    board = host_page(page, server, serve, tmp_path, "log=1", (760, 720))
    reply = send(page, {"type": "lesson", "id": "season", "lesson": json.loads(text), "step": 3})
    assert reply["type"] == "reply" and reply["state"]["lesson"]["point"] == ["season:0", "season:1"]
    board.wait_for_selector("#court .lesson-scene.season .sb-list > li.pointed")
    shown = board.evaluate(
        """() => [...document.querySelectorAll("#court .lesson-scene.season .sb-list > li")].map((li) => ({
          text: li.textContent, who: li.querySelector(".chip-name").textContent,
          pointed: li.classList.contains("pointed"), label: li.dataset.label || "",
          close: getComputedStyle(li.closest(".season-banner").querySelector("[data-action=season-close]"))
            .display}))"""
    )
    assert [s["pointed"] for s in shown] == [True, True]
    assert shown[0]["label"] == "2 soldiers, 1 VP" and shown[0]["close"] == "none"
    for seat, line in enumerate(shown):
        assert line["who"] == game.players[seat]  # each line is its player's
    soldiers, vp = got[0]
    assert f"+{soldiers}" in shown[0]["text"] and f"+{vp}" in shown[0]["text"]
    assert "+2" in shown[1]["text"] and "gold" in shown[1]["text"]  # Brian's two gold from the Duchess
    # Back to the step before: the banner goes with its step.
    send(page, {"type": "back", "id": "back"})
    board.wait_for_function("document.querySelector('#court .lesson-scene') === null")


COLLECTION_REPLY = """() => window.heardFromBoard.find((m) =>
  m.type === "reply" && m.to === "lesson" && m.state.board === "lesson" && m.state.lesson.collection)"""


def test_the_example_page_sends_a_collection_and_a_season_s_banner_and_frames_a_playable_link(
    page: Page, server: SiteServer
) -> None:
    page.goto(server.url.rstrip("/") + "/web/examples/")
    page.frame_locator("#driven-board").locator(READY_SELECTOR).wait_for(state="attached")
    page.wait_for_selector("#send-collection:not([disabled])")
    board = next(f for f in page.frames if "host=" in f.url)

    # The collection: its Market lesson at step 2, placed in the collection; the page says where the reader is.
    page.click("#send-collection")
    page.wait_for_function(COLLECTION_REPLY)
    reply = page.evaluate(COLLECTION_REPLY)
    lesson = reply["state"]["lesson"]
    assert lesson["collection"] == {"title": "Ann's buildings", "chapter": 1, "chapters": 2}
    assert (lesson["name"], lesson["step"]) == ("11-market", 2)
    assert page.text_content("#lesson-place") == (
        "Lesson “The Market” (lesson 1 of 2 of “Ann's buildings”): step 2 of 2; it points at advisor:10, dice:0."
    )
    board.wait_for_function("document.getElementById('app').dataset.lesson === '2'")
    page.fill("#action", "place 5+4 @10 market")
    page.click("#play")
    board.locator("#panel [data-action=lesson-chapter]", has_text="Next lesson: The Crane").wait_for()
    page.wait_for_function("document.getElementById('lesson-place').textContent.includes('all 2 steps done')")

    # The season's banner: the lesson's last step, its scene in the board's court.
    page.click("#send-season")
    board.wait_for_selector("#court .lesson-scene.season .sb-list > li.pointed")
    page.wait_for_function("document.getElementById('lesson-place').textContent.includes('season:0, season:1')")
    assert "What the advisors gave" in page.text_content("#lesson-place")

    # The playable link of section 4: a game at the position, where the reader decides.
    page.locator("#play-board").scroll_into_view_if_needed()
    page.frame_locator("#play-board").locator("#app[data-my-turn='1']").wait_for(state="attached")
    play = next(f for f in page.frames if "play=1" in f.url)
    assert play.evaluate("document.getElementById('app').dataset.decision") == "recruit"
    assert play.evaluate("kingsburgDebug.legal()").split("\n")[0].startswith("recruit")
