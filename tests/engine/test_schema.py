"""The documented JSON Schemas describe what the engine really writes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import kingsburg

jsonschema = pytest.importorskip("jsonschema")  # not in Pyodide (a compiled dependency): CPython checks it
SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schema"


def validator(name: str):
    position = json.loads((SCHEMAS / "position.schema.json").read_text())
    schema = json.loads((SCHEMAS / name).read_text())
    from referencing import Registry, Resource

    registry = Registry().with_resource(position["$id"], Resource.from_contents(position))
    return jsonschema.Draft202012Validator(schema, registry=registry)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3)])
def test_saves_and_positions_match_their_schemas(players, seed):
    game = kingsburg.new_game(["Ann", "Brian", "Cindy", "David", "Emma"][:players], seed)
    rng = random.Random(seed)
    positions, games = validator("position.schema.json"), validator("game.schema.json")
    while not game.is_over():
        if rng.random() < 0.05:
            positions.validate(game.position())
            positions.validate(game.view(0).position())
            games.validate(json.loads(game.to_json()))
        game.apply(rng.choice(game.legal_actions()))
    games.validate(json.loads(game.to_json()))
    started = kingsburg.load_game(json.dumps(game.position()))
    games.validate(json.loads(started.to_json()))


def test_the_schema_rejects_what_the_engine_rejects():
    with pytest.raises(jsonschema.ValidationError):
        validator("position.schema.json").validate({"format": "kingsburg-position", "version": 2})


def test_second_edition_saves_and_positions_match_their_schemas():
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], 4, rules=kingsburg.Rules(edition=2))
    rng = random.Random(4)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    for name, value in (("position", game.position()), ("game", json.loads(game.to_json()))):
        assert value["version"] == 2 and value["rules"]["edition"] == 2
        validator(f"{name}.schema.json").validate(value)
    with pytest.raises(jsonschema.ValidationError):
        validator("game.schema.json").validate({**json.loads(game.to_json()), "rules": {"edition": 3}})


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("scenario, modules", [(None, ()), ("goblin-valley", ("soldier-tokens",))])
def test_views_match_their_schema_hidden_cards_and_tokens_included(scenario, modules):
    rules = kingsburg.Rules(edition=2, scenario=scenario, modules=frozenset(modules))
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], 6, rules=rules)
    views, rng, hidden = validator("view.schema.json"), random.Random(6), set()
    while not game.is_over():
        for seat in range(3):
            d = json.loads(game.view_json(seat))
            views.validate(d)
            state = d["position"].get("variants", {})
            hidden |= {"valley" for card in state.get("goblin-valley", {}).get("valley", []) if card is None}
            hidden |= {"token" for token in state.get("soldier-tokens", {}).get("chosen", []) if token == "hidden"}
        game.apply(rng.choice(game.legal_actions()))
    assert hidden == ({"valley", "token"} if scenario else set())
    d["position"]["rng"] = "1f"  # a view never holds the dice to come
    with pytest.raises(jsonschema.ValidationError):
        views.validate(d)
    if scenario:
        d["position"].pop("rng")
        d["position"]["variants"]["goblin-valley"]["valley"][0] = "II"  # neither a card nor hidden
        with pytest.raises(jsonschema.ValidationError):
            views.validate(d)


def test_a_lesson_move_s_length_is_the_notation_s():
    """A move in a lesson is as long as the engine reads an action (docs/notation.md), no shorter."""
    from kingsburg.actions import MAX_TEXT

    move = json.loads((SCHEMAS / "lesson.schema.json").read_text())["$defs"]["move"]
    assert move["maxLength"] == MAX_TEXT
    assert f"at most {MAX_TEXT} characters" in (SCHEMAS.parent / "notation.md").read_text()
