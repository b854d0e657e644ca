"""Collections of lessons: the built-in tutorial is one, and a bad collection is refused naming its chapter."""

from __future__ import annotations

import copy
import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import kingsburg
from kingsburg import collection
from kingsburg.collection import MAX_LESSONS, builtin_collection, load_collection, load_lesson_or_collection
from kingsburg.lesson import TUTORIAL, LessonSession, builtin_text, load_lesson, package_text

ROOT = Path(__file__).resolve().parents[2]
MARKET = json.loads(builtin_text("11-market"))
GOOD = {"format": "kingsburg-collection", "version": 1, "title": "Buildings", "lessons": ["11-market", "12-crane"]}


def refused(d: object) -> str:
    with pytest.raises(kingsburg.InvalidCollection) as info:
        load_collection(json.dumps(d) if not isinstance(d, str) else d)
    return str(info.value)


def with_lessons(*lessons: object) -> dict:
    return {**GOOD, "lessons": list(lessons)}


def test_the_tutorial_is_one_collection_of_the_twelve_lessons_in_the_order_they_are_taught():
    tutorial = builtin_collection()
    files = sorted(p.stem for p in (ROOT / "kingsburg" / "lessons").glob("*.json") if p.stem != "tutorial")
    if files:  # beside the sources (Pyodide runs the tests from the wheel: its names are checked below)
        assert [c.name for c in tutorial.chapters] == files  # every lesson file, in the order of its number
    assert tuple(c.name for c in tutorial.chapters) == TUTORIAL
    assert [c.name for c in tutorial.chapters][:3] == ["01-setup", "02-spring", "03-gifts"]
    assert [c.name for c in tutorial.chapters][-1] == "12-crane" and len(tutorial.chapters) == 12
    assert [c.number for c in tutorial.chapters] == list(range(1, 13)) and tutorial.is_tutorial
    for chapter in tutorial.chapters:
        assert chapter.title == load_lesson(builtin_text(chapter.name)).title == chapter.lesson().title
    assert tutorial.title == "Learn to play"


def test_the_module_s_examples_run():
    result = doctest.testmod(collection)
    assert result.attempted >= 3 and result.failed == 0


def test_a_collection_holds_built_in_lessons_and_lessons_written_in_it():
    own = copy.deepcopy(MARKET) | {"title": "Our market"}
    loaded = load_collection(json.dumps(with_lessons("12-crane", own)))
    crane, market = loaded.chapters
    assert (crane.number, crane.name, crane.key) == (1, "12-crane", "12-crane")
    assert (market.number, market.name, market.key, market.title) == (2, None, "Our market", "Our market")
    session = LessonSession(market.lesson())
    session.next()
    assert session.try_move("place 5+4 @10 market").ok and session.finished
    assert loaded.chapter("2") is market and loaded.chapter("12-crane") is crane and not loaded.is_tutorial
    for ref, said in (("3", "lessons 1 to 2, not 3"), ("0", "not 0"), ("08-battle", "no lesson '08-battle'")):
        with pytest.raises(kingsburg.KingsburgError, match=said):
            loaded.chapter(ref)


def bad_step(d: dict) -> dict:
    d = copy.deepcopy(d)
    d["steps"][1]["expect"] = "place 5+4 @11 market"
    return d


@pytest.mark.parametrize(
    "d, expected",
    [
        # A lesson written in the collection: its chapter, then the lesson checker's step and reason.
        (
            with_lessons("01-setup", "02-spring", bad_step(MARKET)),
            'chapter 3 ("The Market"): step 2 ("Ann rolled 4, 5 and 1.…"): the expected move '
            "'place 5+4 @11 market' is not legal here",
        ),
        (with_lessons("01-setup", {**MARKET, "colour": "red"}), 'chapter 2 ("The Market"): unknown field(s)'),
        (with_lessons("01-setup", "13-wizard"), "chapter 2: no built-in lesson '13-wizard'"),
        (with_lessons(MARKET, 7), "chapter 2: a lesson is a JSON object"),
        (with_lessons({"format": "kingsburg-lesson"}), "chapter 1: this is a version None lesson"),
        (with_lessons("11-market", MARKET), 'chapter 2 ("The Market"): chapter 1 has the same title'),
        (with_lessons("03-gifts", "11-market", "03-gifts"), 'chapter 3 ("The advisors\' gifts"): chapter 1 has'),
        (with_lessons(), "'lessons' must be a list of 1 to 50"),
        (with_lessons(*["11-market"] * (MAX_LESSONS + 1)), "'lessons' must be a list of 1 to 50"),
        ({**GOOD, "lessons": "11-market"}, "'lessons' must be a list"),
        ({**GOOD, "title": "<b>Buildings</b>"}, "the title holds HTML"),
        ({**GOOD, "title": ""}, "the title must be text"),
        ({**GOOD, "chapters": []}, "unknown field(s) 'chapters'"),
        ({**GOOD, "version": 2}, "this is a version 2 collection"),
        ({**GOOD, "format": "kingsburg-lesson"}, "not a collection"),
        ([GOOD], "a collection is a JSON object"),
        ('{"format": ', "not valid JSON"),
        ('{"lessons": ' + "[" * 5000 + "]" * 5000 + "}", "nests more than 32 levels"),
        (" " * 300_001, "at most 300000"),
    ],
)
def test_a_bad_collection_is_refused_naming_the_chapter_and_the_reason(d, expected):
    message = refused(d)
    assert message.startswith(expected) if expected.startswith("chapter") else expected in message, message


def test_a_collection_or_a_lesson_by_its_format():
    assert load_lesson_or_collection(json.dumps(GOOD)).title == "Buildings"
    assert load_lesson_or_collection(builtin_text("11-market")).title == "The Market"
    with pytest.raises(kingsburg.InvalidLesson, match="not a lesson"):
        load_lesson_or_collection('{"format": "kingsburg-position"}')


def example_of(guide: str, heading: str) -> str:
    """The first JSON example after ``heading`` in docs/``guide``."""
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    return text.split(heading, 1)[1].split("```json\n", 1)[1].split("```", 1)[0]


def test_the_example_collection_in_the_authors_guide_loads_and_plays():
    if not (ROOT / "docs").exists():
        pytest.skip("no docs beside the tests")
    loaded = load_collection(example_of("lessons.md", "## Collections"))
    assert [c.name for c in loaded.chapters] == ["11-market", None]
    session = LessonSession(loaded.chapters[1].lesson())
    while not session.finished:
        session.next()


def test_the_schema_describes_the_tutorial_and_the_example_and_refuses_what_the_loader_refuses():
    jsonschema = pytest.importorskip("jsonschema")
    from referencing import Registry, Resource

    schemas = ROOT / "docs" / "schema"
    if not schemas.exists():
        pytest.skip("no docs beside the tests")
    resources = [json.loads((schemas / f"{n}.schema.json").read_text()) for n in ("position", "lesson")]
    registry = Registry().with_resources((r["$id"], Resource.from_contents(r)) for r in resources)
    schema = json.loads((schemas / "collection.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    assert tuple(schema["$defs"]["builtin"]["enum"]) == TUTORIAL
    assert schema["properties"]["lessons"]["maxItems"] == MAX_LESSONS
    validator.validate(json.loads(package_text("lessons", "tutorial.json")))
    validator.validate(json.loads(example_of("lessons.md", "## Collections")))
    validator.validate(with_lessons("12-crane", MARKET))
    for d in (
        with_lessons("13-wizard"),
        with_lessons(),
        with_lessons({**MARKET, "colour": "red"}),
        {**GOOD, "title": "<b>x</b>"},
        {**GOOD, "chapters": []},
    ):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(d)
        refused(d)


def test_the_command_line_checks_collection_files(tmp_path):
    if sys.platform == "emscripten":
        pytest.skip("no subprocesses (Pyodide)")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(with_lessons("01-setup", bad_step(MARKET))), encoding="utf-8")
    good = ROOT / "kingsburg" / "lessons" / "tutorial.json"
    run = [sys.executable, "-m", "kingsburg", "lesson", "check"]
    out = subprocess.run([*run, str(good), str(bad)], capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert f"{good}: ok, a collection of 12 lessons (Learn to play)" in out.stdout
    assert f'{bad}: chapter 2 ("The Market"): step 2 ("Ann rolled' in out.stderr
