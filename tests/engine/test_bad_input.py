"""Hostile input to the engine (issue 14): every bad save, position, action text or name gets the engine's own
error with a clear message, and nothing changes. These tests also run inside Pyodide (tests/pyodide), whose
stack is far smaller than CPython's: deep nesting there once killed the interpreter instead of raising."""

from __future__ import annotations

import json
import sys

import pytest

import kingsburg
from kingsburg import InvalidSave

LEVELS = [10_000, 100_000]
# Pyodide (3.14 on WebAssembly) dies freeing a Python list nested 10,000 deep, whoever built it, so a nested
# dict is tested there at a depth it survives; JSON text is refused before any such value exists.
DICT_LEVELS = [3_000] if sys.platform == "emscripten" else LEVELS
NESTS = {"arrays": ("[", "]"), "objects": ('{"a":', "}"), "both": ('{"a":[', "]}")}


def deep(levels: int, kind: str) -> str:
    open_, close = NESTS[kind]
    return open_ * levels + "0" + close * levels


def saved() -> str:
    game = kingsburg.new_game(["Ann", "Brian"], 3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    return game.to_json()


def position_text() -> str:
    return json.dumps(kingsburg.load_game(saved()).position())


@pytest.mark.parametrize("levels", LEVELS)
@pytest.mark.parametrize("kind", NESTS)
def test_deeply_nested_text_is_an_invalid_save(levels: int, kind: str) -> None:
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(deep(levels, kind))


@pytest.mark.parametrize("levels", LEVELS)
@pytest.mark.parametrize(
    "where",
    [
        "save.actions",
        "save.players",
        "save.options",
        "save.check",
        "save.extra",
        "position.seats",
        "position.court",
        "position.queue",
        "position.enemies",
        "position.extra",
        "start.seats",
    ],
)
def test_deep_nesting_inside_a_valid_save_is_an_invalid_save(levels: int, where: str) -> None:
    form, key = where.split(".")
    d = json.loads(saved() if form == "save" else position_text())
    if form == "start":
        d = json.loads(saved())
        d["start"] = json.loads(position_text())
        del d["players"], d["seed"], d["options"], d["check"]
        target = d["start"]
    else:
        target = d
    target[key] = "HOLE"
    text = json.dumps(d).replace('"HOLE"', deep(levels, "both"))
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(text)


@pytest.mark.parametrize("levels", DICT_LEVELS)
def test_a_deeply_nested_dict_is_an_invalid_save_without_recursion(levels: int) -> None:
    d = json.loads(position_text())
    hole: list = []
    for _ in range(levels):
        hole = [hole]
    d["seats"][0]["name"] = hole
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(d)


def test_a_dict_that_contains_itself_is_an_invalid_save() -> None:
    d = json.loads(position_text())
    d["extra"] = d
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(d)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), {1, 2}, b"x"])
def test_a_dict_holding_what_json_cannot_is_an_invalid_save(value: object) -> None:
    d = json.loads(position_text())
    d["extra"] = value
    with pytest.raises(InvalidSave, match="cannot be written as JSON"):
        kingsburg.load_game(d)


def test_the_game_keeps_its_own_copy_of_a_position_dict() -> None:
    d = json.loads(position_text())
    game = kingsburg.load_game(d)
    before = game.to_json()
    d["seats"][0]["name"] = "Mallory"
    d["seats"].append({"name": "Eve"})
    assert game.to_json() == before


@pytest.mark.parametrize("text", ['{"format": "kingsburg-game", "seed": NaN}', '{"a": 1e999}', '{"a": Infinity}'])
def test_numbers_json_cannot_hold_are_an_invalid_save(text: str) -> None:
    with pytest.raises(InvalidSave, match=r"not a number JSON allows|too large for a float"):
        kingsburg.load_game(text)


# --- The notation ------------------------------------------------------------------------------------------


def influencing() -> kingsburg.Game:
    """A two-player game at its first influence decision (a 5 among the dice)."""
    game = kingsburg.new_game(["Ann", "Brian"], 0, dice=[1, 1, 1, 2, 2] + [5, 5, 5] * 4)
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    assert "place 5 @5" in [str(a) for a in game.legal_actions()]
    return game


@pytest.mark.parametrize(
    "text",
    [
        "place 5 @²",  # superscript two: str.isdigit() says yes, int() says no
        "place 5 @\u0665",  # Arabic-Indic five
        "place 5 @\uff15",  # fullwidth five
        "place \uff15 @5",
        "place 5 @5\u200b",  # a zero-width space
        "pla\u0441e 5 @5",  # a Cyrillic es
        "place 5 @5 mar\u212aet",  # the Kelvin sign lowers to k
        "bu\u0130ld statue",  # dotted capital I lowers to two characters
        "place\u00a05 @5",  # a no-break space
        "place 5\x00 @5",
        "place 5 @5\x1c",  # str.split() splits on this control character
        "place 5 @\ud800",
    ],
)
def test_only_ascii_is_notation(text: str) -> None:
    game = influencing()
    before = game.to_json()
    for read in (kingsburg.parse_action, game.parse, game.apply):
        with pytest.raises(kingsburg.InvalidAction, match="is not part of the notation"):
            read(text)
    assert game.to_json() == before


@pytest.mark.parametrize("text", ["place 5 @05", "place 5 @5" + "5" * 5000, "place 5 @" + "1" * 5000])
def test_an_advisor_is_written_1_to_18(text: str) -> None:
    with pytest.raises(kingsburg.InvalidAction, match=r"@1 to @18|at most 100 characters"):
        kingsburg.parse_action(text)


def test_a_long_text_is_refused_without_quoting_it_whole() -> None:
    with pytest.raises(kingsburg.InvalidAction, match="at most 100 characters, not 100000") as info:
        kingsburg.parse_action("pass " * 20_000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("text", ["PLACE 5 @5", "  place   5  @5 ", "place\t5\n@5", "Place 5 @5"])
def test_ascii_case_and_spaces_are_still_free(text: str) -> None:
    game = influencing()
    assert str(game.parse(text)) == "place 5 @5"


@pytest.mark.parametrize("value", [None, 5, b"pass", ["pass"]])
def test_an_action_that_is_not_text_is_refused(value: object) -> None:
    game = influencing()
    with pytest.raises(kingsburg.KingsburgError):
        game.apply(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", ["0x1f", "1_0", "\u0661\u0662", " ff", "ff\n", "1" * 17, ""])
def test_a_position_rng_is_plain_hexadecimal(rng: str) -> None:
    d = json.loads(position_text())
    d["rng"] = rng
    with pytest.raises(InvalidSave, match="'rng' must be a 64-bit hexadecimal state"):
        kingsburg.load_game(d)


@pytest.mark.parametrize("key", ["²", "\u0665", "\uff15", "05", " 5", "5 ", "+5"])
def test_a_court_entry_names_its_advisor_in_ascii_digits(key: str) -> None:
    d = json.loads(position_text())
    d["court"] = {key: []}
    with pytest.raises(InvalidSave, match="'court' entry"):
        kingsburg.load_game(d)
