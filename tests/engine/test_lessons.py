"""Lessons: the checker (every built-in lesson passes; a broken one fails naming its step) and LessonSession."""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import kingsburg
from kingsburg.lesson import TUTORIAL, LessonSession, builtin_text, lesson_from_dict, load_lesson, package_text

ROOT = Path(__file__).resolve().parents[2]


def template(name: str) -> dict:
    """A built-in lesson to change the steps of: without its translations, which are checked against the steps
    (tests/engine/test_lesson_translations.py) and would name the change first."""
    d = json.loads(builtin_text(name))
    d.pop("translations")
    return d


MARKET = template("11-market")
SPRING = template("02-spring")


def broken(base: dict, change) -> str:
    d = copy.deepcopy(base)
    change(d)
    return json.dumps(d)


def refused(text: str) -> str:
    with pytest.raises(kingsburg.InvalidLesson) as info:
        load_lesson(text)
    return str(info.value)


@pytest.mark.parametrize("name", TUTORIAL)
def test_every_built_in_lesson_passes_the_checker_and_can_be_played_through(name):
    lesson = load_lesson(builtin_text(name))
    session = LessonSession(lesson)
    moves = 0
    while not session.finished:
        if session.expected:
            assert session.try_move(session.answer()).ok
            moves += 1
        else:
            session.next()
    assert session.index == len(lesson.steps) and moves == sum(1 for s in lesson.steps if s.expect)


def test_the_tutorial_follows_the_rulebook_examples():
    """The first spring is one game, lesson after lesson: it reaches the rulebook's numbers."""
    game = load_lesson(builtin_text("04-building")).game()
    ann, _, cindy, _ = game.state.players
    assert (ann.gold, ann.wood) == (2, 1) and (cindy.gold, cindy.stone) == (2, 1)  # "Ann has two gold and one wood"
    assert [game.players[i] for i in game.state.order] == ["Ann", "Cindy", "David", "Brian"]


def test_the_built_in_files_are_what_the_generator_writes():
    tool = ROOT / "tools" / "make_lessons.py"
    if not tool.exists():
        pytest.skip("the generator is not shipped (Pyodide runs the tests from the wheel)")
    spec = importlib.util.spec_from_file_location("make_lessons", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, d in module.build_all().items():
        assert module.text_of(d) == builtin_text(name), f"{name}.json is stale: run python tools/make_lessons.py"
    tutorial = package_text("lessons", "tutorial.json")
    assert module.text_of(module.tutorial()) == tutorial, "tutorial.json is stale: run python tools/make_lessons.py"


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["steps"][4].update(expect="place 6+2 @8"), 'step 5 ("Cindy wanted the Treasurer with her…"): '),
        (lambda d: d["steps"][10].update(play=["pass", "place 1 @2"]), "step 11 (\"Brian's last die is a 4,"),
        (lambda d: d["steps"][3].update(point=["advisor:19"]), 'step 4 ("Ann sees nobody else rolled a'),
        (lambda d: d["steps"][3].update(point=["goods:4"]), "cannot point at 'goods:4'"),
        (lambda d: d["steps"][0].update(text="Roll <b>now</b>"), 'step 1 ("Roll <b>now</b>"): its text holds HTML'),
        (lambda d: d["steps"][0].update(text="Tom &amp; Jerry"), "holds HTML"),
        (lambda d: d["steps"][1].update(expect="aid gold"), 'step 2 ("The turn order follows the totals,'),
        (lambda d: d["steps"][1].update(colour="red"), "unknown field(s) 'colour'"),
        (lambda d: d["steps"][3].pop("expect"), "either 'expect'"),
        (lambda d: d["steps"][3].update(expect="place 5+3 @99"), "the advisor is written once"),
        (lambda d: d["start"]["seats"][0].update(gold=-1), "the starting position is not valid"),
        (lambda d: d["start"].update(phase=9), "the starting position is not valid"),
        (lambda d: d.update(version=2), "version 2 lesson"),
        (lambda d: d.update(steps=[]), "'steps' must be a list"),
    ],
)
def test_a_broken_lesson_is_refused_naming_the_step_and_the_reason(change, expected):
    assert expected in refused(broken(SPRING, change))


def test_a_scripted_move_of_the_reader_s_own_seat_is_refused_at_its_step():
    """'play' makes the other seats' moves: Ann's next placement scripted after hers is named at its own step,
    not later as a step whose expected move is no longer legal."""

    def script_anns_next(d):
        d["steps"][3]["play"] = ["place 2+2 @4", "place 5+2 @7", "place 5+4 @9", "place 1 @1"]
        del d["steps"][4:8]

    message = refused(broken(SPRING, script_anns_next))
    assert message.startswith('step 4 ("Ann sees nobody else rolled a'), message
    assert "scripted move 4 'place 1 @1' would be Ann's" in message

    def expect_anns_next(d):  # the same moves, Ann's made by the reader at a step of its own: a good lesson
        script_anns_next(d)
        d["steps"][3]["play"].pop()
        d["steps"].insert(4, {"text": "Ann's last die.", "expect": "place 1 @1"})

    assert load_lesson(broken(SPRING, expect_anns_next)).steps[4].expect == ("place 1 @1",)


def test_the_expected_move_at_step_k_is_named():
    message = refused(broken(SPRING, lambda d: d["steps"][5].update(expect="place 2+2 @4")))
    assert message.startswith('step 6 ("David sees Ann used her 3,…"): ')
    assert "'place 2+2 @4' is not legal here" in message


def test_every_alternative_is_tried_with_the_rest_of_the_lesson():
    # Cindy may take the gold instead of the wood, but the lesson then makes her trade the wood she has not got.
    gifts = json.loads(builtin_text("03-gifts"))
    message = refused(broken(gifts, lambda d: d["steps"][1].update(expect=["gift wood", "gift gold"])))
    assert message.startswith('step 3 ("The Alchemist trades one good for…"): the expected move')
    assert message.endswith("(when 'gift gold' is played at step 2)")
    ok = broken(MARKET, lambda d: d["steps"][1].update(expect=["place 5+4 @10 market", "place 5+4 @8 market"]))
    session = LessonSession(load_lesson(ok))
    session.next()
    assert session.try_move("place 5+4 @8 market").ok and session.finished


def test_the_schema_describes_the_built_in_lessons_and_refuses_html():
    jsonschema = pytest.importorskip("jsonschema")
    from referencing import Registry, Resource

    schemas = ROOT / "docs" / "schema"
    if not schemas.exists():
        pytest.skip("no docs beside the tests")
    position = json.loads((schemas / "position.schema.json").read_text())
    registry = Registry().with_resource(position["$id"], Resource.from_contents(position))
    validator = jsonschema.Draft202012Validator(
        json.loads((schemas / "lesson.schema.json").read_text()), registry=registry
    )
    for name in TUTORIAL:
        validator.validate(json.loads(builtin_text(name)))
    for change in (
        lambda d: d["steps"][0].update(text="<img src=x>"),
        lambda d: d["steps"][0].update(point=["advisor:0"]),
        lambda d: d["steps"][0].update(expect="pass"),  # both next and expect
    ):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(json.loads(broken(SPRING, change)))


def test_the_example_in_the_authors_guide_is_a_good_lesson():
    guide = ROOT / "docs" / "lessons.md"
    if not guide.exists():
        pytest.skip("no docs beside the tests")
    market, battle = [block.split("```", 1)[0] for block in guide.read_text(encoding="utf-8").split("```json\n")[1:3]]
    session = LessonSession(load_lesson(market))
    session.next()
    assert session.try_move("place 5+4 @10 market").ok and session.finished
    session = LessonSession(load_lesson(battle))
    assert session.try_move("recruit gold+gold").ok and session.played[0].say
    assert [s.scene for s in session.lesson.steps] == ["", "battle:king", "battle"]
    fights = {e.seat: e.data for e in session.game.events if e.kind == "fight"}
    assert [(f["strength"], f["outcome"]) for f in fights.values()] == [(4, "victory"), (2, "defeat")]  # as it says


def test_deep_or_huge_lessons_are_refused_before_parsing():
    assert "nests more than 32 levels" in refused('{"steps": ' + "[" * 5000 + "]" * 5000 + "}")
    assert "at most 300000" in refused(" " * 300_001)
    assert "not valid JSON" in refused('{"format": ')
    assert "not a lesson" in refused(json.dumps({"format": "kingsburg-position", "version": 1}))


def test_a_wrong_move_changes_nothing_and_gives_the_hint():
    session = LessonSession(load_lesson(builtin_text("02-spring")))
    for _ in range(3):
        session.next()
    before = json.dumps(session.game.position(), sort_keys=True)
    assert session.hint == ""
    outcome = session.try_move("place 5+1 @6")
    assert not outcome.ok and outcome.message == "5 + 3 = 8: choose the dice 5 and 3, then the Treasurer (#8)."
    assert session.hint == outcome.message and session.tries == 1
    assert not session.try_move("place 9 @9").ok  # not even notation: still nothing changes
    assert json.dumps(session.game.position(), sort_keys=True) == before and session.number == 4
    assert session.answer() == "place 5+3 @8"
    with pytest.raises(kingsburg.KingsburgError):
        session.next()  # a step that waits for a move


def test_back_restores_the_exact_earlier_situation_and_resume_replays_the_path():
    lesson = load_lesson(builtin_text("02-spring"))
    session = LessonSession(lesson)
    seen = []
    while not session.finished:
        seen.append(json.dumps(session.game.position(), sort_keys=True))
        if session.expected:
            session.try_move(session.expected[0])
        else:
            session.next()
    resumed = LessonSession.resume(lesson, session.path)
    assert resumed.finished and resumed.game.actions == session.game.actions
    for position in reversed(seen):
        session.back()
        assert json.dumps(session.game.position(), sort_keys=True) == position
    assert not session.can_back and session.number == 1
    assert LessonSession.resume(lesson, ["", "", "", "place 6+6 @12"]).number == 1  # a stale path starts over


@pytest.mark.parametrize("name", TUTORIAL)
def test_a_lesson_opened_at_step_n_is_where_the_reader_would_be_after_the_steps_before_it(name):
    lesson = load_lesson(builtin_text(name))
    session = LessonSession(lesson)
    while True:
        at = LessonSession.at_step(lesson, session.number)
        assert (at.number, at.path, at.game.to_json()) == (session.number, session.path, session.game.to_json())
        assert at.can_back == (session.number > 1)
        if session.number == session.total:
            break
        if session.expected:
            session.try_move(session.expected[0])
        else:
            session.next()
    last = len(lesson.steps)
    for wrong in (0, last + 1, -1, "2", True, None):
        with pytest.raises(kingsburg.KingsburgError, match=f"steps 1 to {last}"):
            LessonSession.at_step(lesson, wrong)


def test_leave_gives_a_normal_game_from_the_current_situation():
    session = LessonSession(load_lesson(builtin_text("11-market")))
    session.next()
    game = session.leave()
    game.apply("place 5+4 @9")  # any legal move now, not only the lesson's
    assert session.game.actions == [] and kingsburg.load_game(game.to_json()).actions == ["place 5+4 @9"]


def test_a_lesson_from_a_dict_and_a_lesson_without_steps_of_moves():
    d = {
        "format": "kingsburg-lesson",
        "version": 1,
        "title": "Just looking",
        "start": MARKET["start"],
        "steps": [{"text": "The **Market**,\nonce a season.", "point": ["building:market", "calendar"], "next": True}],
    }
    lesson = lesson_from_dict(d)
    assert lesson.steps[0].point == ("building:market", "calendar") and lesson.summary == ""


def test_the_command_line_checks_lesson_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(broken(SPRING, lambda d: d["steps"][6].update(expect="place 4+4 @8")), encoding="utf-8")
    good = ROOT / "kingsburg" / "lessons" / "11-market.json"
    if not good.exists() or sys.platform == "emscripten":
        pytest.skip("no lesson files beside the tests, or no subprocesses (Pyodide)")
    run = [sys.executable, "-m", "kingsburg", "lesson", "check"]
    ok = subprocess.run([*run, str(good)], capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "ok, 2 steps" in ok.stdout
    out = subprocess.run([*run, str(good), str(bad)], capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert f'{bad}: step 7 ("Brian could put all three dice' in out.stderr and "'place 4+4 @8'" in out.stderr


BATTLE = template("08-battle")
WINTER_STEP = 3  # index of the first step after Brian's pass, which set off the winter


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d["steps"][1].update(scene="battle"), "goes on from with Next, not a move"),
        (lambda d: d["steps"][0].update(scene="battle"), "no battle has been fought by then"),
        (lambda d: d["steps"][0].update(scene="year"), "no year has ended by then"),
        (lambda d: d["steps"][WINTER_STEP].update(scene="battle:6"), "'scene' is 'battle', 'battle:STAGE'"),
        (lambda d: d["steps"][WINTER_STEP].update(scene="parade"), "not 'parade'"),
        (lambda d: d["steps"][WINTER_STEP].update(scene=3), "'scene' is 'battle'"),
        (lambda d: d["steps"][0].update(point=["battle:enemy"]), "the step shows no battle"),
        (lambda d: d["steps"][WINTER_STEP].update(point=["review:1"]), "the step shows no year's review"),
        (lambda d: d["steps"][WINTER_STEP].update(point=["battle:castle"]), "cannot point at 'battle:castle'"),
        (lambda d: d["steps"][WINTER_STEP].update(labels={"advisor:3": "x"}), "is not on a part the step points"),
        (lambda d: d["steps"][WINTER_STEP].update(labels={"battle:king": "x" * 61}), "61 characters long"),
        (lambda d: d["steps"][WINTER_STEP].update(labels={"battle:king": "<i>1</i>"}), "holds HTML"),
        (lambda d: d["steps"][WINTER_STEP].update(labels=["battle:king"]), "'labels' maps pointed parts"),
        (lambda d: d["steps"][1].update(play=[{"move": "pass", "by": 1}]), "'play' move 1 is a move, or an object"),
        (lambda d: d["steps"][1].update(play=[{"say": "hm"}]), "'play' move 1 is a move, or an object"),
        (lambda d: d["steps"][1].update(play=[{"move": "pass", "say": "<b>"}]), "holds HTML"),
        (lambda d: d["steps"][1].update(play=7), "'play' must be a move or a list"),
        (lambda d: d["steps"][1].update(arrows=[["goods:1"]]), "an arrow is [from, to]"),
        (lambda d: d["steps"][1].update(arrows=[["goods:1", "goods:1"]]), "an arrow is [from, to]"),
        (lambda d: d["steps"][1].update(arrows=[["goods:1", "advisor:40"]]), "cannot point at 'advisor:40'"),
        (lambda d: d["steps"][1].update(arrows=[["goods:1", "battle:king"]]), "the step shows no battle"),
        (lambda d: d["steps"][1].update(arrows=[["goods:1", "soldiers:1"]] * 5), "at most 4 [from, to] pairs"),
        (lambda d: d["steps"][1].update(arrows={"goods:1": "soldiers:1"}), "at most 4 [from, to] pairs"),
        (lambda d: d["steps"][WINTER_STEP].update(scene="battle", arrows=[["battle:king", "battle:9"]]), "battle:9"),
    ],
)
def test_a_broken_scene_label_or_narrated_move_is_refused_naming_the_step(change, expected):
    message = refused(broken(BATTLE, change))
    assert expected in message and message.startswith("step "), message


def test_a_scene_shows_what_the_lesson_played_a_battle_of_a_seat_that_fought():
    """A seat named by the scene's stage or a pointer must have fought in the battle shown."""
    three = copy.deepcopy(BATTLE)
    step = three["steps"][WINTER_STEP]
    step.update(scene="battle:3", point=["battle:3"], labels={})
    assert load_lesson(json.dumps(three)).steps[WINTER_STEP].scene == "battle:3"
    three["start"]["seats"].pop()  # three players: seat 3 is no seat at all
    three["start"]["turn_order"] = [0, 1, 2]
    three["start"]["queue"] = three["start"]["queue"][:2]
    assert "a seat 0..2" in refused(json.dumps(three))


def test_the_built_in_battle_lesson_tells_the_battle_in_its_scene():
    lesson = load_lesson(builtin_text("08-battle"))
    scenes = [s.scene for s in lesson.steps]
    assert scenes[WINTER_STEP:] == ["battle:king", "battle:1", "battle:2", "battle", "", "year"]
    assert not any(p == "log" for s in lesson.steps for p in s.point)  # the scene, not the log, tells it


def test_scripted_moves_are_shown_with_their_seat_words_and_log_line_and_back_forgets_them():
    lesson = load_lesson(builtin_text("05-white-die"))
    session = LessonSession(lesson)
    while not lesson.steps[session.index].play:
        session.next() if session.can_next else session.try_move(session.answer())
    step = session.step
    before = len(session.game.events)
    assert session.played == ()
    assert session.try_move(session.answer()).ok
    played = session.played
    assert [p.move for p in played] == list(step.play) and [p.say for p in played] == list(step.said)
    names = session.game.players
    for p in played:  # the seat that made it, and the log's line for it, as the game logged them
        (event,) = [e for e in session.game.events[before:] if e.kind == "place" and e.seat == p.seat][:1] or [None]
        assert event is not None and p.line == event.text and p.line.startswith(names[p.seat])
        before = session.game.events.index(event) + 1
    assert all(p.say for p in played) and len({p.seat for p in played}) == len(played)
    session.back()
    assert session.played == ()
