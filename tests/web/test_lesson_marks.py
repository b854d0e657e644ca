"""A lesson's **bold** (docs/lessons.md) on the page and in the host API: bold on the page, plain words where plain
text is wanted (a host's messages, titles), never the raw asterisks, and never markup of the lesson's own."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app import lesson_view
from app.controller import App
from app.host import Host
from app.storage import SaveStore
from fake_storage import FakeStorage

from kingsburg.lesson import TUTORIAL, builtin_text


def open_in_host(lesson: dict[str, Any] | None = None, name: str | None = None) -> tuple[App, Host]:
    app = App(SaveStore(FakeStorage()), "?embed=1")
    host = Host(app, public=True)
    host.ready()
    message = {"kingsburg": 1, "type": "lesson", **({"lesson": lesson} if lesson else {"name": name})}
    reply = json.loads(host.receive(json.dumps(message)))
    assert reply["type"] == "reply", reply
    return app, host


def wrong_move(app: App) -> str:
    expected = app.session.lesson.expected
    return next(str(a) for a in app.session.game.legal_actions() if str(a) not in expected)


def walk(app: App, host: Host) -> list[str]:
    """Every step of the open lesson: its panel, and at a step expecting a move a wrong move refused through the
    host, then through the page, then the right move. Returns every host reply and every panel seen."""
    seen = []
    lesson = app.session.lesson
    while not lesson.finished:
        panel = app.views()["panel"]
        seen.append(panel)
        if "**" in lesson.step.text:
            assert "<strong>" in panel
        if lesson.expected:
            reply = host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": wrong_move(app)}))
            assert json.loads(reply)["error"] == "illegal"
            seen += [reply, app.views()["panel"]]  # the board says the refusal too
            app.handle("act", wrong_move(app))
            assert app.game_screen.error
            seen.append(app.views()["panel"])
            app.handle("act", lesson.expected[0])
        else:
            app.handle("lesson-next")
    seen.append(host.receive(json.dumps({"kingsburg": 1, "type": "state"})))
    seen.append(app.views()["panel"])
    return seen


@pytest.mark.parametrize("name", TUTORIAL)
def test_no_built_in_lesson_shows_its_bold_marks_nor_would_with_bold_hints(name: str) -> None:
    app, host = open_in_host(name=name)
    for text in walk(app, host):
        assert "**" not in text
    lesson = json.loads(builtin_text(name))  # the same lesson with a bold hint at every move
    for step in lesson["steps"]:
        if "expect" in step:
            step["hint"] = "Not that one: **" + step.get("hint", "try again") + "**"
    app, host = open_in_host(lesson=lesson)
    seen = walk(app, host)
    assert all("**" not in text for text in seen)
    assert any('class="msg err" role="alert">Not that one: <strong>' in text for text in seen)


def test_a_lesson_s_own_bold_title_text_and_hint_are_bold_on_the_page_plain_for_the_host_and_escaped() -> None:
    lesson = json.loads(builtin_text("02-spring"))
    lesson["title"] = "The **spring** of *year one*"
    step = next(s for s in lesson["steps"] if "expect" in s)
    step["text"] = "Ann places **5 and 3**."
    step["hint"] = "Choose **5 + 3**: the *Treasurer* (2 < 3 & more)."
    app, host = open_in_host(lesson=lesson)
    state = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "state"})))["state"]
    assert state["lesson"]["title"] == "The spring of year one"
    while not app.session.lesson.expected:
        app.handle("lesson-next")
    panel = app.views()["panel"]
    assert "The spring of year one" in panel and "Ann places <strong>5 and 3</strong>." in panel
    reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": wrong_move(app)})))
    assert reply["message"] == "Choose 5 + 3: the Treasurer (2 < 3 & more)."
    assert "**" not in app.views()["panel"] and "*Treasurer*" not in app.views()["panel"]
    app.handle("act", wrong_move(app))
    panel = app.views()["panel"]
    assert "Choose <strong>5 + 3</strong>: the <em>Treasurer</em> (2 &lt; 3 &amp; more)." in panel
    assert "**" not in panel
    page = App(SaveStore(FakeStorage()))
    page.handle("lesson-text", json.dumps(lesson))
    assert "The spring of year one" in page.views()["panel"] and "**" not in page.views()["panel"]
    # Bold never lets a lesson's own markup through: the text is escaped before the marks become <strong>.
    assert lesson_view.rich("**<b>x</b>**") == "<strong>&lt;b&gt;x&lt;/b&gt;</strong>"
    assert lesson_view.rich("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"
    for text, shown in (("<script>alert(1)</script>", "&lt;script&gt;alert(1)"), ("**<b>x</b>**", "&lt;b&gt;x")):
        lesson["steps"][0]["text"] = text
        app = App(SaveStore(FakeStorage()))
        app.handle("lesson-text", json.dumps(lesson))
        start = app.views()["app"]  # the lesson is refused: its text is said, escaped
        assert app.mode == "start" and "holds HTML" in start and shown in start
        assert "<script>" not in start and "<b>x" not in start and "<strong>&lt;b" not in start
