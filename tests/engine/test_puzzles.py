"""Puzzles (docs/lessons.md, "Puzzles"): a lesson with a success text, hints for foreseen wrong answers and the
seats that play on; the checker refuses a bad one naming the step, and the session keeps the reader's record."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

import kingsburg
from kingsburg.lesson import LessonSession, load_lesson

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "lessons.md"


def guide_puzzle() -> dict:
    """The complete puzzle of the authors' guide: the first JSON block of its section "Puzzles"."""
    if not GUIDE.exists():
        pytest.skip("no docs beside the tests")
    section = GUIDE.read_text(encoding="utf-8").split("## Puzzles\n", 1)[1]
    return json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])


def refused(d: dict) -> str:
    with pytest.raises(kingsburg.InvalidLesson) as info:
        load_lesson(json.dumps(d))
    return str(info.value)


def changed(change) -> dict:
    d = copy.deepcopy(guide_puzzle())
    change(d)
    return d


def test_the_puzzle_in_the_authors_guide_is_solved_with_its_answer_after_a_wrong_one():
    session = LessonSession(load_lesson(json.dumps(guide_puzzle())))
    assert session.lesson.is_puzzle and session.lesson.then == ("human", "normal")
    outcome = session.try_move("place 5+4 @9")
    assert not outcome.ok and outcome.message.startswith("The Master Hunter (#9)")
    assert session.try_move("place 5+4+1 @11 market").ok
    assert session.solved and session.wrong_tries == 1 and not session.helped


def test_each_wrong_answer_gets_its_own_hint_and_changes_nothing_any_other_the_step_s_hint():
    d = guide_puzzle()
    session = LessonSession(load_lesson(json.dumps(d)))
    before = session.game.to_json()
    step = d["steps"][0]
    for move, hint in [*step["wrong"].items(), ("place 5 @5", step["hint"]), ("place 4+1 @5", step["hint"])]:
        outcome = session.try_move(move)
        assert (outcome.ok, outcome.message, session.hint) == (False, hint, hint), move
        assert session.game.to_json() == before and session.number == 1 and not session.solved
    assert session.wrong_tries == session.tries == 4
    assert session.answer() == "place 5+4+1 @11 market" and session.helped
    assert session.try_move(session.answer()).ok and session.solved
    session.back()  # a new try at the step: its own count starts again, the record keeps what was done
    assert (session.tries, session.hint, session.wrong_tries, session.helped) == (0, "", 4, True)
    assert not session.solved


def test_a_lesson_without_a_success_text_is_no_puzzle():
    d = changed(lambda d: (d.pop("solved"), d.pop("then")))
    session = LessonSession(load_lesson(json.dumps(d)))
    assert session.try_move("place 5+4+1 @11 market").ok and session.finished and not session.solved
    assert not session.lesson.is_puzzle and session.lesson.then == ()


@pytest.mark.parametrize(
    "change, expected",
    [
        # wrong: each answer a legal move of that step, not the answer, with a hint of plain text
        (lambda d: d["steps"][0]["wrong"].update({"place 5+4+1 @11 market": "no"}), "which the step expects"),
        (lambda d: d["steps"][0]["wrong"].update({"place 6 @6": "no"}), "the wrong answer 'place 6 @6' is not legal"),
        (lambda d: d["steps"][0]["wrong"].update({"place 5 @": "no"}), "'wrong' 'place 5 @'"),
        (lambda d: d["steps"][0]["wrong"].update({"place 5 @5": "<b>no</b>"}), "holds HTML"),
        (lambda d: d["steps"][0]["wrong"].update({"place 5 @5": ""}), "the hint for 'place 5 @5' must be text"),
        (lambda d: d["steps"][0].update(wrong=["place 5 @5"]), "'wrong' maps 1 to 20 wrong moves"),
        (lambda d: d["steps"][0].update(wrong={}), "'wrong' maps 1 to 20 wrong moves"),
        (lambda d: d["steps"].insert(0, {"text": "Look.", "next": True, "wrong": {"pass": "x"}}), "'wrong' belongs"),
    ],
)
def test_a_bad_wrong_answer_is_refused_naming_the_step(change, expected):
    message = refused(changed(change))
    assert message.startswith('step 1 ("') and expected in message, message


def test_a_wrong_answer_is_checked_on_every_way_through_the_alternatives():
    """Brian's 'place 6 @6' is legal after Ann's 'place 4 @4', not after her 'place 5+1 @6'."""

    def two_steps(d, wrong):
        d["steps"] = [
            {"text": "Ann's first dice.", "expect": ["place 4 @4", "place 5+1 @6"]},
            {"text": "Brian's dice.", "expect": "place 6+6 @12", "wrong": wrong},
        ]

    assert load_lesson(json.dumps(changed(lambda d: two_steps(d, {"pass": "Brian can still place his dice."}))))
    message = refused(changed(lambda d: two_steps(d, {"place 6 @6": "One die?"})))
    assert message.startswith("step 2 (\"Brian's dice.\"): the wrong answer 'place 6 @6' is not legal"), message
    assert message.endswith("(when 'place 5+1 @6' is played at step 1)"), message


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d.update(solved="<i>yes</i>"), "the success text ('solved') holds HTML"),
        (lambda d: d.update(solved=3), "the success text ('solved') must be text"),
        (lambda d: d["steps"].append({"text": "And now?", "next": True}), 'step 2 ("And now?"): a puzzle'),
        (lambda d: d.update(then={"seats": ["human"]}), "each of the 2 seats (Ann, Brian) one of human, random"),
        (lambda d: d.update(then={"seats": ["human", "genius"]}), "one of human, random, easy, normal, hard"),
        (lambda d: d.update(then={"seats": ["human", "normal"], "speed": "fast"}), "'then' is {\"seats\""),
        (lambda d: d.update(then=["human", "normal"]), "'then' is {\"seats\""),
    ],
)
def test_a_bad_success_text_or_seats_to_play_on_is_refused(change, expected):
    assert expected in refused(changed(change))


def test_the_schema_takes_the_guide_s_puzzle_and_refuses_what_the_checker_refuses():
    jsonschema = pytest.importorskip("jsonschema")
    from referencing import Registry, Resource

    schemas = ROOT / "docs" / "schema"
    position = json.loads((schemas / "position.schema.json").read_text())
    registry = Registry().with_resource(position["$id"], Resource.from_contents(position))
    validator = jsonschema.Draft202012Validator(
        json.loads((schemas / "lesson.schema.json").read_text()), registry=registry
    )
    validator.validate(guide_puzzle())
    for change in (
        lambda d: d.update(then={"seats": ["human", "genius"]}),
        lambda d: d.update(then={"seats": ["human", "normal"], "speed": "fast"}),
        lambda d: d.update(solved="<b>yes</b>"),
        lambda d: d["steps"][0]["wrong"].update({"place 5 @5": ""}),
        lambda d: d["steps"].insert(0, {"text": "Look.", "next": True, "wrong": {"pass": "x"}}),
    ):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(changed(change))


def test_the_command_line_checks_a_puzzle_and_prints_its_link(tmp_path):
    if sys.platform == "emscripten":
        pytest.skip("no subprocesses (Pyodide)")
    path = tmp_path / "stone.json"
    path.write_text(json.dumps(guide_puzzle()), encoding="utf-8")
    run = [sys.executable, "-m", "kingsburg"]
    checked = subprocess.run([*run, "lesson", "check", str(path)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0 and checked.stdout == f"{path}: ok, a puzzle of 1 step (A stone and a gold)\n"
    link = subprocess.run([*run, "link", str(path), "--base", "https://example.org/k/"], capture_output=True, text=True)
    address = link.stdout.strip().split("#lesson=", 1)[1]
    assert link.returncode == 0 and json.loads(unquote(address)) == guide_puzzle()
