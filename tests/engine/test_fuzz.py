"""Malformed, truncated or tampered input: InvalidSave / InvalidAction with a message, never anything else."""

from __future__ import annotations

import copy
import doctest
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingsburg

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sample_position(seed: int) -> dict:
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 150)):
        game.apply(rng.choice(game.legal_actions()))
    return game.position()


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def set_at(value, path, new):
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


@SETTINGS
@given(st.integers(0, 50), st.data(), json_values)
def test_a_tampered_position_loads_or_raises_invalid_save(seed, data, new):
    position = sample_position(seed)
    where = data.draw(st.sampled_from([p for p in paths(position) if p]))
    tampered = copy.deepcopy(position)
    set_at(tampered, where, new)
    try:
        game = kingsburg.load_game(json.dumps(tampered))
    except kingsburg.InvalidSave as exc:
        assert str(exc)
        return
    # It loaded: then it must be a working game.
    for _ in range(20):
        if game.is_over():
            break
        game.apply(game.legal_actions()[0])


@SETTINGS
@given(st.integers(0, 50), st.integers(0, 10_000))
def test_a_truncated_save_raises_invalid_save(seed, cut):
    text = kingsburg.new_game(["Ann", "Brian"], seed).to_json()
    try:
        kingsburg.load_game(text[: cut % len(text)])
    except kingsburg.InvalidSave as exc:
        assert str(exc)
    else:
        raise AssertionError("a truncated save loaded")


@SETTINGS
@given(st.text(max_size=40))
def test_any_text_parses_or_raises_invalid_action(text):
    try:
        action = kingsburg.parse_action(text)
    except kingsburg.InvalidAction as exc:
        assert str(exc)
    else:
        assert kingsburg.parse_action(str(action)) == action


def test_the_package_docstring_examples_run():
    result = doctest.testmod(kingsburg)
    assert result.attempted >= 3 and result.failed == 0


def test_inputs_docstring_examples_run():
    from kingsburg import inputs

    result = doctest.testmod(inputs)
    assert result.attempted >= 4 and result.failed == 0
