"""Puzzles in the page's model (docs/lessons.md, "Puzzles"): opened by link and by the host's message, a hint for
each foreseen wrong answer, the success text, "Play on" with the computers the author chose, and the record the
host is told."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from app.controller import App
from app.host import Host
from app.lesson_view import LessonBoard
from app.storage import SaveStore
from webhelpers import click

from kingsburg import parse_action
from kingsburg.lesson import builtin_text

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "lessons.md"
ANSWER = "place 5+4+1 @11 market"


@pytest.fixture
def puzzle() -> dict:
    """The complete puzzle of the authors' guide: the first JSON block of its section "Puzzles"."""
    if not GUIDE.exists():
        pytest.skip("no docs beside the tests")
    section = GUIDE.read_text(encoding="utf-8").split("## Puzzles\n", 1)[1]
    return json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])


def panel(app: App) -> str:
    return app.views()["panel"]


def test_a_puzzle_by_link_hints_each_wrong_answer_then_shows_its_success_and_a_computer_plays_on(storage, puzzle):
    app = App(SaveStore(storage), "", "#lesson=" + quote(json.dumps(puzzle)))
    assert app.mode == "game" and isinstance(app.session, LessonBoard)
    shown = panel(app)
    assert "Find the move" in shown and 'data-action="lesson-leave"' not in shown  # left by its answer
    before = app.debug_position()
    for move, hint in puzzle["steps"][0]["wrong"].items():
        app.handle("act", move)
        assert app.game_screen.error and hint in panel(app), move
        assert app.debug_position() == before and not app.session.lesson.finished
    app.handle("act", "place 5 @5")  # not foreseen: the step's hint
    assert "Which advisor gives a stone and a gold?" in panel(app)
    click(app, parse_action(ANSWER))
    shown = panel(app)
    assert "the <strong>Swordsmith (#11)</strong> gives a stone and a gold" in shown
    assert "Solved after 3 wrong tries." in shown and "Lesson complete" not in shown
    assert '<button type="button" class="primary" data-action="lesson-leave">Play on</button>' in shown
    app.handle("lesson-leave")
    session = app.session
    assert not isinstance(session, LessonBoard) and session.kinds == ["human", "normal"]
    assert session.game.to_play == 1 and app.computer_due()  # Brian, a computer now, decides by himself
    turn = app.bot_turn()
    while not turn.work(0.01):
        pass
    assert app.finish_bot(turn).redraw
    assert len(session.game.actions) == 2 and session.by[-1] == 1 and app.save_now()
    assert [s["id"] for s in app.store.list()] == [session.save_id]


def test_the_answer_shown_is_said_and_a_puzzle_without_then_plays_on_with_people(storage, puzzle):
    del puzzle["then"]
    app = App(SaveStore(storage), "", "#lesson=" + quote(json.dumps(puzzle)))
    app.handle("lesson-show")
    app.handle("act", ANSWER)
    shown = panel(app)
    assert "Solved with the answer shown." in shown and "Play on</button>" not in shown
    app.handle("lesson-leave")
    assert app.session.kinds == ["human", "human"] and not app.computer_due()


def test_the_host_hears_the_puzzle_solved_with_its_record(puzzle):
    app = App(SaveStore(None), "?embed=1")
    host = Host(app, public=True)
    host.ready()

    def ask(**fields: object) -> dict:
        return json.loads(host.receive(json.dumps({"kingsburg": 1, "id": 1, **fields})))

    state = ask(type="lesson", lesson=puzzle)["state"]
    assert state["lesson"]["puzzle"] == {"solved": False, "tries": 0, "shown": False}
    host.changes()
    wrong = ask(type="action", action="place 5+4 @9")
    assert wrong["error"] == "illegal" and wrong["message"].startswith("The Master Hunter (#9)")
    assert host.changes() == []  # a wrong answer changes nothing
    assert ask(type="state")["state"]["lesson"]["puzzle"] == {"solved": False, "tries": 1, "shown": False}
    ask(type="action", action=ANSWER)
    [change] = [json.loads(c) for c in host.changes()]
    assert change["cause"] == "solved" and change["actions"] == [ANSWER]
    assert change["state"]["lesson"]["puzzle"] == {"solved": True, "tries": 1, "shown": False}
    ask(type="back")
    [change] = [json.loads(c) for c in host.changes()]
    assert change["cause"] == "step" and not change["state"]["lesson"]["puzzle"]["solved"]
    # A lesson is no puzzle.
    assert ask(type="lesson", lesson=json.loads(builtin_text("11-market")))["state"]["lesson"]["puzzle"] is None
