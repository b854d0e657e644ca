"""Collections of lessons in the page's model: the reader's progress (stored, read back, the first form of it,
tampered), the list of lessons (its marks are the stored ones, each button opens the lesson it names), the next
lesson at a lesson's end, and a collection from the address."""

from __future__ import annotations

import copy
import html
import json
import re
from urllib.parse import quote

import pytest
from app import progress
from app.controller import App
from app.lesson_view import LessonBoard
from app.progress import KEY, Place, Progress
from app.storage import SaveStore
from fake_storage import FakeStorage
from htmlquery import Node, select
from htmlquery import parse as parse_html
from webhelpers import click

from kingsburg import parse_action
from kingsburg.collection import builtin_collection
from kingsburg.lesson import TUTORIAL, builtin_text, load_lesson

TUTORIAL_KEY = builtin_collection().key
MARKET = json.loads(builtin_text("11-market"))
del MARKET["translations"]  # the lessons made from it change its steps, which its translations are checked against


def app_with(note: str | None, search: str = "", fragment: str = "") -> App:
    storage = FakeStorage()
    if note is not None:
        storage.setItem(KEY, note)
    return App(SaveStore(storage), search, fragment)


def stored(app: App) -> dict[str, Progress]:
    return progress.read(app.store.note(KEY))


def finish(app: App) -> None:
    """Finish the lesson on the board by clicking: Next, or the expected move made with the screen's buttons."""
    lesson = app.session.lesson
    while not lesson.finished:
        if lesson.can_next:
            app.handle("lesson-next")
        else:
            click(app, parse_action(lesson.expected[0]))


def the_list(app: App) -> Node:
    """The open list of lessons, wherever it is drawn (over the start screen, or over the board)."""
    views = app.views()
    [dialog] = select(parse_html(views["app"] if app.mode == "start" else views["overlay"]), ".overlay.lessons")
    return dialog


def items(dialog: Node) -> list[tuple[str, str, str, bool]]:
    """Each lesson of the list as the reader finds it: (its button's value, its title, its state in words, whether
    it is marked the current one)."""
    out = []
    for li in select(dialog, "ol.lesson-list > li"):
        [button] = select(li, "button[data-action]")
        assert button.attrs["data-action"] == "lesson-chapter"
        [title] = select(button, ".lesson-name")
        [state] = select(button, ".lesson-state")
        here = button.attrs.get("aria-current") == "step"
        assert here == bool(select(button, ".lesson-here"))  # marked for the eye and for the ear alike
        out.append((button.attrs["data-value"], title.text(), state.text().strip(), here))
    return out


# --- Progress ---------------------------------------------------------------------------------------------


def test_progress_is_kept_per_collection_and_reads_back_as_written():
    first = Progress(("01-setup", "03-gifts"), Place("04-building", ("", "", "build statue")))
    other = Progress((), Place("The Inn", ()))
    note = progress.write(progress.read(progress.write({}, TUTORIAL_KEY, first)), "Ann's buildings", other)
    shelf = progress.read(note)
    assert shelf == {TUTORIAL_KEY: first, "Ann's buildings": other}
    assert list(shelf) == [TUTORIAL_KEY, "Ann's buildings"]  # the most recent last
    # Finishing a lesson marks it done once, and the place moves on with the reader.
    later = first.after("04-building", ["", "", "build statue", ""], finished=True)
    assert later.done == ("01-setup", "03-gifts", "04-building")
    assert later.place == Place("04-building", ("", "", "build statue", ""))
    assert later.after("04-building", [], finished=True).done == later.done
    # Only the latest collections are kept: the oldest goes first.
    shelf = {}
    for n in range(progress.MAX_COLLECTIONS + 3):
        shelf = progress.read(progress.write(shelf, f"c{n}", Progress((f"l{n}",))))
    assert list(shelf) == [f"c{n}" for n in range(3, progress.MAX_COLLECTIONS + 3)]


def test_the_tutorial_s_progress_stored_before_collections_keeps_the_reader_s_place():
    name, total = "04-building", len(load_lesson(builtin_text("04-building")).steps)
    old = json.dumps({"lesson": name, "path": ["", ""]})
    assert progress.read(old) == {TUTORIAL_KEY: Progress((), Place(name, ("", "")))}
    finished = json.dumps({"lesson": name, "path": [""] * total})  # its last step was done: it is done
    assert progress.read(finished)[TUTORIAL_KEY].done == (name,)
    app = app_with(old)
    assert "Lesson 4 of 12" in app.views()["app"] and "step 3 of" in app.views()["app"]
    app.handle("learn", "resume")
    assert app.session.name == name and app.session.lesson.number == 3
    assert [c for c, *_ in items(open_list(app)) if _[2]] == ["4"]  # the current lesson is the stored one
    # The next write is in the new form, and keeps the place.
    assert json.loads(app.store.note(KEY))["version"] == progress.VERSION
    assert stored(app)[TUTORIAL_KEY].place == Place(name, ("", ""))


def open_list(app: App) -> Node:
    app.handle("lesson-list")
    return the_list(app)


GOOD = {"done": ["01-setup"], "lesson": "02-spring", "path": [""]}


@pytest.mark.parametrize(
    "note",
    [
        "",
        "not json",
        "[]",
        "null",
        '{"version": 3, "collections": {}}',
        '{"version": 2, "collections": []}',
        '{"lesson": "99-nothing", "path": []}',
        '{"lesson": ["01-setup"]}',
        "[" * 10_000 + "]" * 10_000,
        json.dumps({"version": 2, "collections": {"x" * 500: GOOD}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "done": "01-setup"}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "done": [1, 2]}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "done": ["01-setup"] * 99}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "path": "aid gold"}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "path": ["x" * 999]}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "path": [""] * 999}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "lesson": 7}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: {**GOOD, "seen": True}}}),
        json.dumps({"version": 2, "collections": {TUTORIAL_KEY: [GOOD]}}),
        json.dumps({"version": 2, "collections": {"x": GOOD}}) + " " * progress.MAX_BYTES,
    ],
)
def test_tampered_progress_is_ignored_and_the_tutorial_starts_afresh(note: str):
    assert progress.read(note) == {}
    app = app_with(note)
    assert "New to Kingsburg?" in app.views()["app"] and 'data-action="learn"' in app.views()["app"]
    assert [state for *_, state, _ in items(open_list(app))] == ["○ Not done"] * len(TUTORIAL)
    app.handle("learn", "resume")
    assert app.session.name == TUTORIAL[0] and app.session.lesson.number == 1


def test_a_good_collection_s_progress_is_kept_beside_a_tampered_one():
    note = json.dumps({"version": 2, "collections": {"x": {"done": 3}, TUTORIAL_KEY: GOOD}})
    assert progress.read(note) == {TUTORIAL_KEY: Progress(("01-setup",), Place("02-spring", ("",)))}


# --- The list of lessons ------------------------------------------------------------------------------------


def test_the_list_marks_the_stored_lessons_done_and_each_button_opens_the_lesson_it_names():
    done = ["02-spring", "05-white-die", "12-crane"]
    note = progress.write({}, TUTORIAL_KEY, Progress(tuple(done), Place("04-building", ("", ""))))
    app = app_with(note)
    assert 'data-action="lesson-list"' in app.views()["app"]  # on the "Learn to play" card
    listed = items(open_list(app))
    titles = [load_lesson(builtin_text(n)).title for n in TUTORIAL]
    assert [title for _, title, _, _ in listed] == titles
    assert [state for _, _, state, _ in listed] == [
        "✓ Done" if n in done else "○ Not done" for n in TUTORIAL
    ]  # fmt: skip
    assert [value for value, *_, here in listed if here] == ["4"]
    assert "3 of 12 lessons done." in the_list(app).text()
    for value, title, _, _ in listed:
        app = app_with(note)
        app.handle("lesson-list")
        app.handle("lesson-chapter", value)
        assert app.mode == "game" and not app.lesson_screen.listing
        assert app.session.lesson.lesson.title == title and app.session.chapter.number == int(value)
        # Where the reader left lesson 4, it opens there; the others from their first step.
        assert app.session.lesson.number == (3 if value == "4" else 1)


def test_a_lesson_finished_from_the_list_is_marked_done_in_it_and_the_list_opens_from_the_panel(storage):
    app = App(SaveStore(storage))
    app.handle("lesson-list")
    app.handle("lesson-chapter", "3")
    assert app.session.name == "03-gifts" and 'data-action="lesson-list"' in app.views()["panel"]
    finish(app)
    listed = items(open_list(app))  # from the lesson's panel
    assert listed[2] == ("3", "The advisors' gifts", "✓ Done", True)
    assert [s for _, _, s, _ in listed].count("✓ Done") == 1
    assert app.handle("escape").redraw and not app.lesson_screen.listing  # Escape closes it
    app.handle("lesson-list")
    app.handle("lesson-list-close")
    assert not app.lesson_screen.listing and app.session.name == "03-gifts"
    # Opened again from the list, a finished lesson starts again; it stays done.
    app.handle("lesson-list")
    app.handle("lesson-chapter", "3")
    assert app.session.lesson.number == 1 and stored(app)[TUTORIAL_KEY].done == ("03-gifts",)
    # A value that names no lesson of the list changes nothing.
    for value in ("0", "13", "03-gifts-x", ""):
        assert app.handle("lesson-chapter", value).redraw is False and app.session.name == "03-gifts"


# --- A collection of one's own ------------------------------------------------------------------------------


def own_collection() -> dict:
    inn = copy.deepcopy(MARKET) | {"title": "The Inn", "summary": ""}
    inn["steps"] = [{"text": "Ann's **Inn**.", "point": ["building:inn:0"], "next": True}]
    return {"format": "kingsburg-collection", "version": 1, "title": "Ann's buildings", "lessons": ["11-market", inn]}


def test_a_collection_from_the_address_opens_at_its_lesson_and_step_and_offers_the_next_lesson(storage):
    fragment = "#collection=" + quote(json.dumps(own_collection()))
    app = App(SaveStore(storage), "", fragment)
    assert app.mode == "game" and app.session.name == "11-market" and "Lesson 1 of 2" in app.views()["panel"]
    finish(app)
    assert 'data-action="lesson-chapter" data-value="2"' in app.views()["panel"]
    assert "Next lesson: The Inn" in app.views()["panel"]
    app.handle("lesson-chapter", "2")
    assert app.session.chapter.number == 2 and app.markers()["lessonName"] == "chapter-2"
    finish(app)
    assert "That was the last lesson of “Ann's buildings”" in html.unescape(app.views()["panel"])
    assert stored(app)["Ann's buildings"].done == ("11-market", "The Inn")
    # A collection's lesson by number or by name, at a step; the same collection fetched from this site.
    at = App(SaveStore(FakeStorage()), "?lesson=2&step=1", fragment)
    assert at.session.chapter.number == 2
    at = App(SaveStore(FakeStorage()), "?lesson=11-market&step=2", fragment)
    assert at.session.name == "11-market" and at.session.lesson.number == 2
    fetched = App(SaveStore(FakeStorage()), "?collection=lessons/buildings.json&lesson=2")
    update = fetched.first_update()
    assert update.collection_url == "lessons/buildings.json" and fetched.mode == "start"
    fetched.handle("collection-text", json.dumps(own_collection()))
    assert fetched.mode == "game" and fetched.session.chapter.number == 2
    tutorial = App(SaveStore(FakeStorage()), "?collection=tutorial&lesson=8&step=3")
    assert tutorial.session.name == "08-battle" and tutorial.session.lesson.number == 3


def test_a_bad_collection_or_lesson_in_the_address_is_said_and_changes_nothing(storage):
    bad = own_collection()
    bad["lessons"][1]["steps"][0]["point"] = ["building:inn:5"]
    app = App(SaveStore(storage), "", "#collection=" + quote(json.dumps(bad)))
    assert app.mode == "start" and 'chapter 2 ("The Inn"): step 1' in html.unescape(app.views()["app"])
    assert storage.getItem(KEY) is None  # nothing stored
    fetched = App(SaveStore(storage), "?collection=lessons/x.json")
    fetched.handle("collection-text", "{")
    assert fetched.mode == "start" and "The collection cannot be opened" in fetched.views()["app"]
    missing = App(SaveStore(storage), "?lesson=7", "#collection=" + quote(json.dumps(own_collection())))
    assert missing.session.chapter.number == 1 and "lessons 1 to 2, not 7" in missing.views()["notice"]
    for address in ("https://evil.example/c.json", "//evil.example/c.json", "../c.json", "c.js", "tutorials"):
        refused = App(SaveStore(storage), "?collection=" + quote(address))
        assert refused.mode == "start" and refused.first_update().collection_url is None
        assert "a .json file on this site" in refused.views()["app"]


def test_an_embedded_collection_offers_the_next_lesson_and_keeps_nothing(storage):
    app = App(SaveStore(storage), "?embed=1&collection=tutorial&lesson=11-market")
    finish(app)
    panel = app.views()["panel"]
    assert "Next lesson: The Crane" in panel and 'data-action="home"' not in panel
    app.handle("lesson-chapter", "12")
    assert app.session.name == "12-crane"
    app.handle("lesson-list")
    assert items(the_list(app))[10][2] == "✓ Done"  # remembered while the board is open...
    assert storage.getItem(KEY) is None  # ... never in the site's storage


def test_every_lesson_board_of_a_collection_is_a_lesson_board_of_its_collection():
    app = app_with(None, "?lesson=08-battle")  # a built-in lesson by name is a lesson of the tutorial
    assert isinstance(app.session, LessonBoard) and app.session.collection == builtin_collection()
    assert re.search(r"Lesson 8 of 12 · Step 1 of \d+", app.views()["panel"])
    alone = app_with(None, "", "#lesson=" + quote(builtin_text("11-market")))  # a lesson alone: no list
    assert alone.session.collection is None and 'data-action="lesson-list"' not in alone.views()["panel"]
