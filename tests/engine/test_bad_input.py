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
