"""The tutorial and lessons in Chromium: the whole built-in tutorial by clicks, the list of lessons, a lesson from the
address."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from board_driver import at_each_size, click_action, markers, open_page
from playwright.sync_api import Page

from kingsburg.lesson import TUTORIAL, builtin_text, load_lesson
from tools.browser import READY_TIMEOUT_MS, HeldRequests, wait_until_ready

CHANGED = """([lesson, name]) => {
  const d = document.getElementById("app").dataset;
  return d.lesson !== lesson || d.lessonName !== name;
}"""


# The panel's buttons a reader cannot see without scrolling: not wholly inside the window and every box around
# them that scrolls (Playwright scrolls to what it clicks: a test that only clicks would never notice).
OUT_OF_SIGHT = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  const b = el.getBoundingClientRect();
  if (b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth) return true;
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (!/auto|scroll|hidden/.test(getComputedStyle(p).overflowY)) continue;
    const r = p.getBoundingClientRect();
    if (b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5) return true;
  }
  return false;
}).map((el) => el.textContent.trim())"""


def wait_step_change(page: Page, before: dict[str, str]) -> None:
    page.wait_for_function(CHANGED, arg=[before["lesson"], before["lessonName"]], timeout=READY_TIMEOUT_MS)


# What must be in sight at every step without scrolling, by window: in a laptop's, every button of the panel; in a
# tablet's or a smaller laptop's (up to 1100 px the lesson's buttons are a row under the step, and the text and
# the move scroll each in a box of their own), the lesson's buttons and the move's first choice (a build step's
# long choices scroll in the move's box).
MUST_SEE = {
    (1024, 768): "#panel .lesson-nav button, #panel .lesson-play button:is(.choice, .die-btn):first-of-type",
    (1280, 800): "#panel button",
}


def out_of_sight(page: Page) -> dict[str, list[str]]:
    """What a reader cannot see of the step in each window of MUST_SEE (the page is walked in the first)."""
    found = {f"{w}x{h}": page.evaluate(OUT_OF_SIGHT, MUST_SEE[(w, h)]) for w, h in at_each_size(page, list(MUST_SEE))}
    return {size: hidden for size, hidden in found.items() if hidden}


@pytest.mark.long
def test_the_whole_tutorial_by_clicking_with_a_wrong_move_and_its_hint(page: Page, server) -> None:
    width, height = next(iter(MUST_SEE))
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, server.url)
    page.click("[data-action=learn]")
    page.wait_for_selector("#app[data-mode=game]")
    lessons_seen, wrong_tried, moves = [], False, 0
    for _ in range(200):
        state = markers(page)
        if not lessons_seen or lessons_seen[-1] != state["lessonName"]:
            lessons_seen.append(state["lessonName"])
        # Each step's text, move and buttons in sight at once, in every window
        assert out_of_sight(page) == {}, f"{state['lessonName']} step {state['lesson']}"
        following = page.locator("#panel [data-action=lesson-chapter]")
        if following.count():
            following.click()
            wait_step_change(page, state)
            continue
        if page.locator("#panel [data-action=lesson-next]").count():
            page.click("#panel [data-action=lesson-next]")
            wait_step_change(page, state)
            continue
        if not page.locator("#panel [data-action=lesson-show]").count():
            break  # the end of the tutorial
        if not wrong_tried and state["decision"] == "aid":
            # Cindy is asked for a gold; a wood is legal but not the lesson's move: the hint, and no change.
            position = page.evaluate("kingsburgDebug.position()")
            page.click('#panel [data-action=act][data-value="aid wood"]')
            page.wait_for_selector("#panel .msg.err")
            assert "Cindy wants a gold" in page.inner_text("#panel .msg.err")
            assert page.evaluate("kingsburgDebug.position()") == position and markers(page) == state
            wrong_tried = True
        page.click("#panel [data-action=lesson-show]")
        answer = page.get_attribute("#panel .lesson-answer [data-action=act]", "data-value")
        click_action(page, answer)  # through the board: dice, extras, the advisor; or the panel's button
        wait_step_change(page, state)
        moves += 1
    asked = sum(1 for name in TUTORIAL for step in load_lesson(builtin_text(name)).steps if step.expect)
    assert lessons_seen == list(TUTORIAL) and wrong_tried and moves == asked
    assert "the whole tutorial" in page.inner_text("#panel")
    # Nor does the tutorial need a standard library module that a start leaves out (web/stdlib_rest.py).
    assert json.loads(page.evaluate("kingsburgDebug.bytecode()"))["fetched later"] == []
    # The progress is kept: a new visit offers to continue.
    page.reload()
    page.wait_for_selector("[data-action=learn][data-value=resume]")


def test_the_list_of_lessons_opens_lesson_3_which_is_marked_done_once_finished(page: Page, server) -> None:
    """From the "Learn to play" card, the list of the tutorial's lessons; its third button opens the third lesson,
    which, finished with the moves it expects, the list (now from the lesson's panel) marks done and current."""
    from a11y import audit, settled

    open_page(page, server.url)
    page.click(".card.learn [data-action=lesson-list]")
    page.wait_for_selector(".overlay.lessons [aria-current]", state="detached")  # nowhere yet: nothing current
    assert page.locator(".overlay.lessons .lesson-state").all_inner_texts() == ["○ Not done"] * len(TUTORIAL)
    audit(page, "the list of lessons over the start screen")
    page.click('.overlay.lessons [data-action=lesson-chapter][data-value="3"]')
    page.wait_for_selector("#app[data-mode=game][data-lesson-name='03-gifts'][data-lesson='1']")
    assert page.locator(".overlay.lessons").count() == 0
    for step in load_lesson(builtin_text("03-gifts")).steps:
        state = markers(page)
        if step.expect:
            click_action(page, step.expect[0])  # through the board, as a reader would
        else:
            page.click("#panel [data-action=lesson-next]")
        wait_step_change(page, state)
    assert "Lesson complete" in page.inner_text("#panel")
    page.click("#panel [data-action=lesson-list]")
    third = page.locator('.overlay.lessons [data-action=lesson-chapter][data-value="3"]')
    third.wait_for()
    assert third.get_attribute("aria-current") == "step" and "✓ Done" in third.inner_text()
    assert page.locator(".overlay.lessons .lesson-state.done").count() == 1
    assert page.evaluate("document.activeElement.dataset.value") == "3"  # the focus is on the current lesson
    settled(page)
    audit(page, "the list of lessons over a lesson's board")


def test_a_lesson_from_the_address_steps_forward_and_back(page: Page, server) -> None:
    # The lesson's file is held: the loading screen stays until the lesson is on the board (the page was once
    # "ready" on the start screen while the lesson was still on its way, and a reader saw it flash by).
    held = HeldRequests(page, "**/lessons/03-gifts.json")
    page.goto(server.url + "?lesson=lessons/03-gifts.json")
    lesson = held.next()
    page.wait_for_function("document.getElementById('loading-stage')?.textContent.includes('lesson')")
    assert page.get_attribute("body", "data-ready") is None and page.locator("#loading").is_visible()
    lesson.continue_()
    wait_until_ready(page)
    assert page.get_attribute("#app", "data-mode") == "game" and page.get_attribute("#app", "data-lesson") == "1"
    assert page.locator("#court .court-grid > li[data-advisor='1'].pointed").count() == 1  # step 1 points at the Jester
    start = page.evaluate("kingsburgDebug.position()")
    page.click("#panel [data-action=lesson-next]")
    page.wait_for_selector("#app[data-lesson='2']")
    click_action(page, "gift wood")
    page.wait_for_selector("#app[data-lesson='3']")
    assert "Alchemist" in page.inner_text("#lesson-text")
    page.click("#panel [data-action=lesson-back]")
    page.wait_for_selector("#app[data-lesson='2']")
    page.click("#panel [data-action=lesson-back]")
    page.wait_for_selector("#app[data-lesson='1']")
    assert page.evaluate("kingsburgDebug.position()") == start
    assert page.locator("#panel [data-action=lesson-back]").count() == 0


def test_a_lesson_address_that_does_not_load_gets_a_message(page: Page, server) -> None:
    open_page(page, server.url + "?lesson=lessons/no-such-lesson.json")
    page.wait_for_selector(".start .msg.err")
    assert "could not be fetched" in page.inner_text(".start")
    open_page(page, server.url + "?lesson=https%3A%2F%2Fexample.com%2Flesson.json")
    assert "a .json file on this site" in page.inner_text(".start")


def test_no_accessibility_violation_in_a_lesson(page: Page, server) -> None:
    from a11y import audit, settled

    open_page(page, server.url + "?lesson=lessons/01-setup.json")
    page.wait_for_selector("#app[data-mode=game][data-lesson='1']")
    for _ in range(4):
        state = markers(page)
        page.click("#panel [data-action=lesson-next]")
        wait_step_change(page, state)
    page.click('#panel [data-action=act][data-value="aid wood"]')  # a wrong move: the hint
    page.wait_for_selector("#panel .msg.err")
    page.click("#panel [data-action=lesson-show]")
    page.wait_for_selector("#panel .lesson-answer")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        audit(page, f"a lesson step with its hint and answer ({width}x{height})")


FIVE = ["Ann", "Brian", "Cindy", "David", "Emma"]
SEATED = ("goods", "dice", "soldiers", "tokens", "vp", "seat", "sheet")
# Each element marked: its kind, and the seat it belongs to as its strip or sheet shows it (name and data-seat).
MARKED = """() => [...document.querySelectorAll(".pointed")].map(el => {
  const holder = el.closest(".strip, .sheet");
  const name = holder && holder.querySelector(".strip-head .chip-name, .sheet-title .chip-name");
  const kind = ["strip-stats", "strip-dice", "vp", "strip", "sheet", "bld"].find(c => el.classList.contains(c));
  return [kind || el.className, name ? name.textContent.replace("’s", "") : "", holder ? holder.dataset.seat : ""];
})"""


def test_the_pointers_of_a_five_player_lesson_mark_the_seat_each_names(page: Page, server) -> None:
    seats = [{"name": n, "vp": vp, "buildings": ["statue"]} for n, vp in zip(FIVE, (3, 1, 4, 0, 5), strict=True)]
    position = {"format": "kingsburg-position", "version": 1, "year": 2, "phase": 1, "turn_order": [3, 1, 4, 0, 2]}
    steps = [
        {"text": f"{n}.", "point": [f"{w}:{seat}" for w in SEATED] + [f"building:statue:{seat}"], "next": True}
        for seat, n in enumerate(FIVE)
    ]
    lesson = {"format": "kingsburg-lesson", "version": 1, "title": "Five", "start": position | {"seats": seats}}
    open_page(page, server.url + "#lesson=" + quote(json.dumps(lesson | {"steps": steps})))
    page.wait_for_selector("#app[data-mode=game][data-lesson='1']")
    for seat, name in enumerate(FIVE):
        page.wait_for_selector(f"#app[data-lesson='{seat + 1}'] .pointed")
        marked = page.evaluate(MARKED)
        # goods, soldiers and tokens share the strip's stats: six parts, every one of this seat.
        kinds = sorted(kind for kind, _, _ in marked)
        assert kinds == sorted(["strip-stats", "strip-dice", "vp", "strip", "sheet", "bld"]), (seat, marked)
        assert {(who, at) for _, who, at in marked} == {(name, str(seat))}, (seat, marked)
        page.click("#panel [data-action=lesson-next]")


def test_a_built_in_lesson_by_name_opens_at_the_step_in_the_address(page: Page, server) -> None:
    """``?lesson=08-battle&step=6``: the battle lesson's sixth step, after the moves the steps before it expect
    (Brian recruited and passed, the winter fought): its text, Cindy's fight marked in the battle's scene, and
    Back to step 5."""
    open_page(page, server.url + "?lesson=08-battle&step=6")
    assert page.get_attribute("#app", "data-lesson") == "6"
    assert page.inner_text("#lesson-text").startswith("Cindy: +1 from the King")
    marked = page.evaluate(FIGHTS)
    assert marked == [["2", "Cindy", "4 > 3: victory"]], marked
    assert "Brian" in page.inner_text("#log") and "recruit" in page.inner_text("#log").lower()
    page.click("#panel [data-action=lesson-back]")
    page.wait_for_selector("#app[data-lesson='5']")
    open_page(page, server.url + "?lesson=08-battle&step=60")  # a step it lacks: said, and the first step
    assert page.get_attribute("#app", "data-lesson") == "1" and "steps 1 to 9" in page.inner_text("#notice")


# The fights marked in a lesson's battle scene: their seat, the name shown, the label on them.
FIGHTS = """() => [...document.querySelectorAll("#court .lesson-scene .w-fights > li.pointed")].map(el =>
  [el.dataset.seat, el.querySelector(".chip-name").textContent, el.dataset.label || ""])"""
# Where the first part a step points at is, against the top bar's bottom and the decision panel's top.
IN_SIGHT = """() => {
  const el = document.querySelector("#court .lesson-scene .pointed") || document.querySelector(".main .pointed");
  const box = el.getBoundingClientRect(), middle = box.top + box.height / 2;
  const top = document.getElementById("topbar").getBoundingClientRect().bottom;
  const panel = document.getElementById("panel").getBoundingClientRect().top;
  return [middle, Math.max(0, top), Math.min(window.innerHeight, panel)];
}"""


def test_the_battle_lesson_shows_its_scene_with_labels_and_what_it_points_at_in_sight(page: Page, server) -> None:
    """Each step that talks about the battle shows it in the court's place, told up to its stage; the parts it
    points at carry the lesson's labels and come into sight between the top bar and the lesson's panel, on a
    desktop and on a phone."""
    lesson = load_lesson(builtin_text("08-battle"))
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_page(page, server.url + "?lesson=08-battle&step=4")
        for step in lesson.steps[3:]:
            page.wait_for_selector(f"#app[data-lesson='{step.number}']")
            if step.scene:
                kind = "year" if step.scene == "year" else "winter"
                assert page.locator(f"#court .lesson-scene.{kind}").count() == 1, step.label
                assert page.locator("#court .court-grid").count() == 0
            labels = page.evaluate(
                "() => [...document.querySelectorAll('.pointed[data-label]')].map(el => el.dataset.label)"
            )
            assert sorted(labels) == sorted(text for _, text in step.labels), (step.label, labels)
            if step.scene.startswith("battle"):
                middle, top, bottom = page.evaluate(IN_SIGHT)
                assert top <= middle <= bottom, (width, step.label, middle, top, bottom)
            if step.scene in ("battle", "year") and width == 1280:
                from a11y import audit, settled

                settled(page)
                audit(page, f"a lesson's scene ({step.scene})")
            if step.number < len(lesson.steps):
                page.click("#panel [data-action=lesson-next]")


# The arrows drawn (web/arrows.js): the selectors of their ends, and whether the line starts and ends on them.
ARROWS = """() => [...document.querySelectorAll("#lesson-arrows g.lesson-arrow")].map(g => {
  const path = g.querySelector(".arrow-line"), length = path.getTotalLength();
  const on = (sel, p) => { const r = document.querySelector(sel).getBoundingClientRect();
    return p.x >= r.left - 2 && p.x <= r.right + 2 && p.y >= r.top - 2 && p.y <= r.bottom + 2; };
  return [g.dataset.from, g.dataset.to, on(g.dataset.from, path.getPointAtLength(0)),
          on(g.dataset.to, path.getPointAtLength(length))];
})"""


def test_a_step_s_arrow_joins_the_parts_it_names_and_goes_with_the_step(page: Page, server) -> None:
    """The Market lesson's second step draws an arrow from Ann's dice to the General (#10): it starts on her dice
    and ends on the advisor; Back to the first step (which has none) takes it away."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, server.url + "?lesson=11-market&step=2")
    page.wait_for_selector("#lesson-arrows g.lesson-arrow")
    (arrow,) = page.evaluate(ARROWS)
    start, end = arrow[:2]
    assert page.evaluate("(s) => document.querySelector(s).closest('.strip').dataset.seat", start) == "0"
    assert page.evaluate("(s) => document.querySelector(s).dataset.advisor", end) == "10"
    assert arrow[2:] == [True, True], arrow
    page.click("#panel [data-action=lesson-back]")
    page.wait_for_selector("#app[data-lesson='1']")
    assert page.evaluate(ARROWS) == []


def test_a_puzzle_by_link_hints_a_wrong_answer_then_shows_its_success_and_plays_on(page: Page, server) -> None:
    """The authors' guide's puzzle (docs/lessons.md, "Puzzles") in the address: a wrong answer clicked on the board
    gets its own hint, the answer the success text, and "Play on" lets the computer Brian make his move."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    puzzle = guide.split("## Puzzles\n", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    open_page(page, server.url + "#lesson=" + quote(json.dumps(json.loads(puzzle))))
    assert "Find the move" in page.inner_text("#panel .lesson-head")
    position = page.evaluate("kingsburgDebug.position()")
    for die in ("5", "4"):
        page.click(f'#panel .die-btn[aria-label="Die {die}"]')
    page.click('#court [data-action=act][data-value="place 5+4 @9"]')
    page.wait_for_selector("#panel .msg.err")
    assert page.inner_text("#panel .msg.err").startswith("The Master Hunter (#9) gives a wood")
    assert page.evaluate("kingsburgDebug.position()") == position
    click_action(page, "place 5+4+1 @11 market")
    assert "Swordsmith (#11)" in page.inner_text("#panel .puzzle-solved")
    assert "Solved after 1 wrong try." in page.inner_text("#panel .puzzle-solved")
    page.click("#panel [data-action=lesson-leave]")
    page.wait_for_selector("#app[data-decisions='2'][data-lesson='']", timeout=READY_TIMEOUT_MS)


def test_a_dialog_closed_gives_the_focus_back_to_what_opened_it(page: Page, server) -> None:
    """By keyboard: "Lessons" opens the list with focus in it; Escape, or its Close button, closes it and the
    focus is on "Lessons" again (not lost to the page), as for the rules."""
    focused = "(document.activeElement && document.activeElement.dataset.action)"
    open_page(page, server.url)
    for opener, closer in (
        ("lesson-list", "Escape"),
        ("lesson-list", "[data-action=lesson-list-close]"),
        ("rules", "Escape"),
    ):
        page.focus(f"#app [data-action={opener}]")
        page.keyboard.press("Enter")
        page.wait_for_function(f"{focused} && {focused} !== '{opener}'")
        page.wait_for_selector(".overlay")
        if closer == "Escape":
            page.keyboard.press("Escape")
        else:
            page.focus(closer)
            page.keyboard.press("Enter")
        page.wait_for_function("!document.querySelector('.overlay')")
        page.wait_for_function(f"{focused} === '{opener}'", timeout=READY_TIMEOUT_MS)


def test_the_tutorial_in_german_then_english_mid_lesson(page: Page, server) -> None:
    """With German chosen (``?lang=de``), the tutorial's list, texts and hints are the lessons' German; switched
    to English on the start screen in the middle of a lesson, the lesson resumes at the same step in English."""
    setup = load_lesson(builtin_text("01-setup"))
    german = setup.in_language("de")
    open_page(page, server.url + "?lang=de")
    page.click(".card.learn [data-action=lesson-list]")
    page.wait_for_selector(".overlay.lessons")
    names = page.locator(".overlay.lessons .lesson-name").all_inner_texts()
    assert names[0] == german.title and names[7] == "Soldaten anwerben und die Schlacht gegen die Goblins"
    assert "Spielen lernen" in page.inner_text(".overlay.lessons h2")
    page.click('.overlay.lessons [data-action=lesson-chapter][data-value="1"]')
    page.wait_for_selector("#app[data-mode=game][data-lesson-name='01-setup'][data-lesson='1']")
    assert page.inner_text("#lesson-title") == german.title
    assert page.inner_text("#lesson-text").startswith("Willkommen in Kingsburg!")
    for _ in range(4):
        state = markers(page)
        page.click("#panel [data-action=lesson-next]")
        wait_step_change(page, state)
    page.click('#panel [data-action=act][data-value="aid wood"]')  # not the lesson's move: its German hint
    page.wait_for_selector("#panel .msg.err")
    assert page.inner_text("#panel .msg.err") == "Nicht diese: Cindy möchte ein Gold."
    page.click("#topbar [data-action=home]")  # mid-lesson, to the start screen's switch
    page.wait_for_selector("#app[data-mode=start]")
    page.select_option("select[data-action=language]", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.click(".card.learn [data-action=lesson-list]")
    page.wait_for_selector(".overlay.lessons")
    assert page.locator(".overlay.lessons .lesson-name").all_inner_texts()[0] == setup.title
    page.click('.overlay.lessons [data-action=lesson-chapter][data-value="1"]')  # resumed where it was left
    page.wait_for_function(
        "document.getElementById('lesson-title')?.textContent === 'Setting up, and the Aid from the King'"
    )
    assert markers(page)["lesson"] == "5" and page.inner_text("#lesson-text").startswith(
        "Phase 1, the Aid from the King"
    )
    page.click('#panel [data-action=act][data-value="aid wood"]')
    page.wait_for_selector("#panel .msg.err")
    assert "Cindy wants a gold (Take 1 gold)" in page.inner_text("#panel .msg.err")
