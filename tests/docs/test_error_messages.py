"""The engine's error messages come from the catalogue (issue 25): what a broken or tampered save, a bad position,
link, lesson, collection, rules or notation is refused with is said in the reader's language, with the refused
values in it as they were written; English when no language is installed (the command line, the tests)."""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import kingsburg
from kingsburg import i18n
from kingsburg.collection import load_collection
from kingsburg.lesson import builtin_text, load_lesson
from kingsburg.links import pack, unpack
from tools.messages import translation
from tools.untranslated import CLOSE, OPEN, Marked

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("de", "fr")


def saved() -> str:
    game = kingsburg.new_game(["Ann", "Brian"], 3)
    for _turn in range(6):
        game.apply(game.legal_actions()[0])
    return game.to_json()


SAVE = json.loads(saved())
POSITION = kingsburg.load_game(saved()).position()
LESSON = json.loads(builtin_text("11-market"))
GOBLINS = kingsburg.new_game(["Ann", "Brian"], 1, kingsburg.Rules(edition=2, scenario="goblin-valley")).position()


def edited(base: dict, change: Callable[[dict], object]) -> str:
    d = copy.deepcopy(base)
    change(d)
    return json.dumps(d)


def tampered_actions(d: dict) -> None:
    d["actions"][-1] = "place 6+6+6 @18"


def modified(d: dict) -> None:
    d["check"] = "0" * len(d["check"])


# Each refuses with an engine error; together they reach every parser a person's input meets on the page.
BAD: dict[str, Callable[[], object]] = {
    "save: not JSON": lambda: kingsburg.load_game('{"format": }'),
    "save: not an object": lambda: kingsburg.load_game("[1, 2]"),
    "save: another format": lambda: kingsburg.load_game('{"format": "chess", "version": 1}'),
    "save: a later version": lambda: kingsburg.load_game(edited(SAVE, lambda d: d.update(version=99))),
    "save: a decision tampered with": lambda: kingsburg.load_game(edited(SAVE, tampered_actions)),
    "save: its check changed": lambda: kingsburg.load_game(edited(SAVE, modified)),
    "save: a name twice": lambda: kingsburg.load_game(edited(SAVE, lambda d: d.update(players=["Ann", "ANN"]))),
    "position: a seat too many": lambda: kingsburg.load_game(edited(POSITION, lambda d: d["seats"].extend([{}] * 4))),
    "position: a field of the wrong type": lambda: kingsburg.load_game(edited(POSITION, lambda d: d.update(year="V"))),
    "position: a seat's gold": lambda: kingsburg.load_game(edited(POSITION, lambda d: d["seats"][1].update(gold=-4))),
    "position: a building out of its row": lambda: kingsburg.load_game(
        edited(POSITION, lambda d: d["seats"][0].update(buildings=["crane"]))
    ),
    "position: a court entry": lambda: kingsburg.load_game(edited(POSITION, lambda d: d.update(court={"19": []}))),
    "position: dice out of season": lambda: kingsburg.load_game(
        edited(POSITION, lambda d: d.update(phase=1, step="aid") or d["seats"][0].update(dice=[3]))
    ),
    "position: a variant's state": lambda: kingsburg.load_game(
        edited(GOBLINS, lambda d: d["variants"]["goblin-valley"].update(seen=[7]))
    ),
    "position: its rules": lambda: kingsburg.load_game(edited(POSITION, lambda d: d.update(rules={"edition": 3}))),
    "link: not one": lambda: unpack("xyz"),
    "link: cut short": lambda: unpack(pack(POSITION)[:-12]),
    "notation: unknown": lambda: kingsburg.parse_action("fly @3"),
    "notation: not a die": lambda: kingsburg.parse_action("place 7 @3"),
    "notation: not a building": lambda: kingsburg.parse_action("build castle"),
    "notation: not ASCII": lambda: kingsburg.parse_action("plàce 3 @3"),
    "notation: a good missing": lambda: kingsburg.parse_action("aid"),
    "move: not legal now": lambda: kingsburg.new_game(["Ann", "Brian"], 3).apply("build crane"),
    "lesson: not JSON": lambda: load_lesson("{"),
    "lesson: a step without text": lambda: load_lesson(edited(LESSON, lambda d: d["steps"][0].pop("text"))),
    "lesson: HTML in a hint": lambda: load_lesson(edited(LESSON, lambda d: d["steps"][1].update(hint="<b>no</b>"))),
    "lesson: an illegal expected move": lambda: load_lesson(
        edited(LESSON, lambda d: d["steps"][1].update(expect="build crane"))
    ),
    "lesson: a bad translation": lambda: load_lesson(
        edited(LESSON, lambda d: d.update(translations={"de": {"steps": {"9": {"text": "Neun."}}}}))
    ),
    "collection: no such lesson": lambda: load_collection(
        json.dumps({"format": "kingsburg-collection", "version": 1, "title": "T", "lessons": ["99-nothing"]})
    ),
    "rules: no such edition": lambda: kingsburg.check_rules(kingsburg.Rules(edition=7)),
}


# What the cases' inputs say in their own words (a lesson's text, a player's name), which a refusal may quote.
INPUTS = json.dumps([SAVE, POSITION, LESSON, GOBLINS])


def refusal(case: str) -> str:
    with pytest.raises(kingsburg.KingsburgError) as info:
        BAD[case]()
    return str(info.value)


@pytest.fixture(params=LANGS)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    i18n.use(translation(code), code)
    yield code
    i18n.use(None)


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("case", BAD)
def test_each_refusal_is_said_in_the_reader_s_language(case: str, language: str) -> None:
    said = refusal(case)
    i18n.use(None)
    english = refusal(case)
    assert said != english, f"{case}: the same in {language} as in English: {english}"


@pytest.mark.parametrize("case", BAD)
def test_no_word_of_a_refusal_is_left_out_of_the_catalogue(case: str) -> None:
    """With every message's words between markers, what is outside them is only what the input said: a quoted
    value, a number, a name, a notation word or the input's own text, never two English words of the engine's."""
    i18n.use(Marked(), "xx")
    try:
        said = refusal(case)
    finally:
        i18n.use(None)
    outside = re.sub(f"{OPEN}[^{CLOSE}]*{CLOSE}", "|", said)
    outside = re.sub(r"'[^']*'", "|", outside)  # the values refused, as the input wrote them
    runs = re.findall(r"[A-Za-z]{2,}(?: +[A-Za-z0-9]+)+", outside)  # words of a sentence (a list has commas)
    assert all(run in INPUTS for run in runs), f"{case}: {runs} outside the catalogue's words in {said!r}"


def test_english_is_the_message_as_it_always_was() -> None:
    assert (
        refusal("notation: not a die") == "cannot read 'place 7 @3': '7' is not a die (1-6, or w1-w6 for a white die)"
    )
    assert refusal("save: not JSON").startswith("not a Kingsburg save: the text is not valid JSON (Expecting value")
    assert refusal("link: not one").startswith("The shared link is damaged")


# The engine's own exception classes: a message of one is for a person, so it is never written in place.
ENGINE_ERRORS = (
    {"_Bad"}
    | {name for name, value in vars(kingsburg).items() if isinstance(value, type) and issubclass(value, ValueError)}
    | {"InvalidLink"}
)


def written_in_place(node: ast.expr) -> bool:
    """A string literal, an f-string or a literal's ``.format(...)``: words no catalogue holds."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        node = node.func.value
    return isinstance(node, ast.JoinedStr | ast.BinOp) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def test_no_engine_error_is_raised_with_words_outside_the_catalogue() -> None:
    found = []
    for path in sorted((ROOT / "kingsburg").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
                continue
            name = node.exc.func.id if isinstance(node.exc.func, ast.Name) else ""
            if name in ENGINE_ERRORS and written_in_place(node.exc.args[0]):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert "KingsburgError" in ENGINE_ERRORS and "InvalidJSON" in ENGINE_ERRORS
    assert not found, f"raised with words no catalogue holds (mark them with _()): {found}"
