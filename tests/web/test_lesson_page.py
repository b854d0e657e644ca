"""Lessons in the page's model: the tutorial by clicks, wrong moves, Back, progress, the address, no HTML."""

from __future__ import annotations

import json
from urllib.parse import quote

from app import lesson_view
from app.controller import App
from app.storage import SaveStore
from webhelpers import click

from kingsburg import parse_action
from kingsburg.lesson import TUTORIAL, builtin_text


def panel(app: App) -> str:
    return app.views()["panel"]


def go_through(app: App) -> None:
    """Finish the open lesson by clicking: Next, or the expected move made with the screen's buttons."""
    board = app.session
    while not board.lesson.finished:
        if board.lesson.can_next:
            assert 'data-action="lesson-next"' in panel(app)
            app.handle("lesson-next")
        else:
            click(app, parse_action(board.lesson.expected[0]))


def test_learn_to_play_comes_first_for_someone_new_and_the_whole_tutorial_can_be_clicked_through(storage):
    app = App(SaveStore(storage))
    start = app.views()["app"]
    assert start.index('data-action="learn"') < start.index('data-action="start"')
    app.handle("learn")
    assert app.markers()["lesson"] == "1"
    for number, name in enumerate(TUTORIAL, 1):
        assert app.session.name == name and f"Lesson {number} of {len(TUTORIAL)}" in panel(app)
        go_through(app)
        if number < len(TUTORIAL):
            assert f'data-action="lesson-chapter" data-value="{number + 1}"' in panel(app)
            app.handle("lesson-chapter", str(number + 1))
    assert "the whole tutorial" in panel(app)


def test_a_wrong_move_shows_the_hint_and_changes_nothing_then_show_me(storage):
    app = App(SaveStore(storage))
    app.handle("learn")
    for _ in range(4):
        app.handle("lesson-next")
    before = app.debug_position()
    app.handle("act", "aid wood")  # legal, but the lesson asks Cindy for a gold
    assert app.game_screen.error and "Cindy wants a gold (Take 1 gold)" in panel(app)
    # Under the text it answers, before the choices: a panel of fixed height keeps the hint in sight.
    text = panel(app)
    assert text.index("lesson-text") < text.index("Cindy wants a gold") < text.index('class="lesson-play"')
    assert app.debug_position() == before and app.session.lesson.number == 5
    app.handle("lesson-show")
    assert 'data-value="aid gold"' in panel(app) and "Make this move" in panel(app)
    app.handle("act", "aid gold")
    assert not app.game_screen.error and app.session.lesson.number == 6


def test_back_restores_the_earlier_board_and_progress_is_resumed(storage):
    app = App(SaveStore(storage))
    app.handle("learn")
    positions = []
    for _ in range(4):
        positions.append(app.debug_position())
        app.handle("lesson-next")
    app.handle("act", "aid gold")
    app.handle("lesson-back")
    assert app.session.lesson.number == 5
    app.handle("lesson-back")
    assert app.debug_position() == positions[3]
    again = App(SaveStore(storage))
    assert "Continue learning" in again.views()["app"] and "step 4" in again.views()["app"]
    again.handle("learn", "resume")
    assert again.session.lesson.number == 4 and again.debug_position() == positions[3]
    again.handle("learn", "restart")
    assert again.session.lesson.number == 1


def test_pointers_become_selectors_and_the_pointed_sheet_is_shown(storage):
    app = App(SaveStore(storage))
    app.handle("lesson-open", "04-building")
    app.handle("lesson-next")
    app.views()
    pointed = [
        f'#sheets .sheet[data-seat="0"] .sheet-grid > li[data-building="{b}"]' for b in ("statue", "chapel", "church")
    ]
    assert app.pointers() == pointed
    app.handle("lesson-next")
    app.handle("act", "build statue")
    app.views()
    assert app.game_screen.tab == 2 and app.pointers() == [
        '#sheets .sheet[data-seat="2"] .sheet-grid > li[data-building="guard-tower"]'
    ]


def test_leaving_a_lesson_plays_on_as_a_saved_game(storage):
    app = App(SaveStore(storage))
    app.handle("lesson-open", "11-market")
    app.handle("lesson-next")
    app.handle("lesson-leave")
    assert not isinstance(app.session, lesson_view.LessonBoard)
    app.handle("act", "place 5+4 @9")  # any legal move now
    assert not app.game_screen.error and app.save_now()
    assert [s["id"] for s in app.store.list()] == [app.session.save_id]
    app.handle("home")
    start = app.views()["app"]  # someone with a game: it comes first, the tutorial after it
    assert start.index('data-action="continue"') < start.index('data-action="learn"')


def test_a_lesson_from_the_address(storage):
    lesson = json.loads(builtin_text("11-market"))
    lesson["steps"][0]["text"] = "<script>alert(1)</script>"
    bad = App(SaveStore(storage), "", "#lesson=" + quote(json.dumps(lesson)))
    assert bad.mode == "start" and "holds HTML" in bad.views()["app"] and "<script>" not in bad.views()["app"]
    lesson["steps"][0]["text"] = "Tom **&** Jerry *<3*"
    good = App(SaveStore(storage), "", "#lesson=" + quote(json.dumps(lesson)))
    assert good.mode == "game" and "Tom <strong>&amp;</strong> Jerry <em>&lt;3</em>" in panel(good)
    fetched = App(SaveStore(storage), "?lesson=lessons/11-market.json")
    assert fetched.first_update().lesson_url == "lessons/11-market.json" and fetched.mode == "start"
    fetched.handle("lesson-text", builtin_text("11-market"))
    assert fetched.mode == "game" and fetched.markers()["lesson"] == "1"
    for address in ("https://evil.example/x.json", "//evil.example/x.json", "../x.json", "/x.json", "x.js"):
        refused = App(SaveStore(storage), "?lesson=" + quote(address))
        assert refused.first_update().lesson_url is None and "a .json file on this site" in refused.views()["app"]


def test_a_built_in_lesson_by_name_and_any_lesson_at_a_step_from_the_address(storage):
    """``?lesson=NAME`` opens a built-in lesson as the tutorial does, and ``step=N`` opens any lesson at step N,
    the steps before it done as it expects: the board is the one a reader who clicked through would see."""
    for name in TUTORIAL:
        lesson = lesson_view.open_builtin(name).lesson
        for number in sorted({1, 2, lesson.total}):
            by_name = App(SaveStore(storage), f"?lesson={name}&step={number}")
            reader = App(SaveStore(storage), f"?lesson={name}")
            while reader.session.lesson.number < number:
                if reader.session.lesson.can_next:
                    reader.handle("lesson-next")
                else:
                    click(reader, parse_action(reader.session.lesson.expected[0]))
            assert by_name.mode == "game" and by_name.markers()["lesson"] == str(number), (name, number)
            # The same board (without what the reader's last click marked as just changed) and the same lesson.
            assert by_name.session.game.to_json() == reader.session.game.to_json(), (name, number)
            assert panel(by_name) == panel(reader) and by_name.markers() == reader.markers(), (name, number)
            assert by_name.session.lesson.path == reader.session.lesson.path
    # The same for a lesson fetched from this site, and one in the address's fragment.
    fetched = App(SaveStore(storage), "?lesson=lessons/08-battle.json&step=3")
    fetched.handle("lesson-text", builtin_text("08-battle"))
    assert fetched.markers()["lesson"] == "3"
    inline = App(SaveStore(storage), "", "#lesson=" + quote(builtin_text("11-market")) + "&step=2")
    assert inline.markers()["lesson"] == "2"


def test_a_step_the_lesson_lacks_or_a_step_without_a_lesson_is_said(storage):
    total = lesson_view.open_builtin("08-battle").lesson.total
    beyond = App(SaveStore(storage), f"?lesson=08-battle&step={total + 1}")
    assert beyond.markers()["lesson"] == "1" and f"steps 1 to {total}" in beyond.views()["notice"]
    for step in ("0", "two", "-1", "٣", "1e3"):
        bad = App(SaveStore(storage), f"?lesson=08-battle&step={quote(step)}")
        assert bad.markers()["lesson"] == "1" and "The first is shown" in bad.views()["notice"], step
    alone = App(SaveStore(storage), "?step=2")
    assert alone.mode == "start" and "step= goes with lesson=" in alone.views()["app"]
    unknown = App(SaveStore(storage), "?lesson=99-nothing")
    assert unknown.mode == "start" and "08-battle" in unknown.views()["app"]
