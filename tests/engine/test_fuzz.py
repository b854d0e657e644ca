"""Fuzzing (tests/engine/fuzzing.py): only the engine's own errors, nothing changed by a refused action, and a
damaged file either refused or a game that plays on to the end.

``make test`` runs a small budget. ``make fuzz`` (FUZZ_SECONDS=600 make fuzz) runs the same properties for as
long as asked, shares the time between them, and prints what was tried: examples per property, their outcomes
(applied, loaded, or the error and the field it named) and the mutations used.
"""

from __future__ import annotations

import doctest
import os
import time
from collections.abc import Callable, Iterator

import pytest
from fuzzing import TALLY, TARGETS, Target, action_texts, check_action_text, check_target, game_points, random_game
from fuzzing import report as fuzz_report
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingsburg

FUZZ_SECONDS = float(os.environ.get("FUZZ_SECONDS", "0"))  # > 0: the long run of `make fuzz`
PROPERTIES = 2 + len(TARGETS)  # the tests below that share the long run's time
SETTINGS = settings(
    max_examples=100 if FUZZ_SECONDS else int(os.environ.get("FUZZ_EXAMPLES", "30")),
    deadline=None,
    database=None if FUZZ_SECONDS else settings.default.database,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def run(test: Callable[[], None]) -> None:
    """Once with the small budget; in a long run, again and again for this property's share of the time."""
    test()
    end = time.monotonic() + FUZZ_SECONDS / PROPERTIES
    while time.monotonic() < end:
        test()


@pytest.fixture(scope="module", autouse=True)
def print_report() -> Iterator[None]:
    yield
    if FUZZ_SECONDS:
        print(f"\nfuzz: {FUZZ_SECONDS:g} s\n{fuzz_report()}")


def test_action_text_at_a_random_point_of_a_random_game() -> None:
    @SETTINGS
    @given(game_points, st.data())
    def prop(point: tuple[int, int, int], data: st.DataObject) -> None:
        game = random_game(*point)
        legal = [str(a) for a in game.legal_actions()]
        for _ in range(3):
            text = data.draw(action_texts(legal or ["pass"]))
            TALLY["action text"][check_action_text(game, text)] += 1

    run(prop)


def test_any_text_parses_to_an_action_that_reads_back_or_is_invalid() -> None:
    @SETTINGS
    @given(st.text(max_size=60) | action_texts(["place 6+5+w2 +2 @15 market envoy", "build guard-tower envoy"]))
    def prop(text: str) -> None:
        try:
            action = kingsburg.parse_action(text)
        except kingsburg.InvalidAction as exc:
            assert str(exc)
            TALLY["parse_action"]["InvalidAction"] += 1
        else:
            assert kingsburg.parse_action(str(action)) == action
            TALLY["parse_action"]["read"] += 1

    run(prop)


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_a_damaged_file_is_refused_or_plays_on(target: Target) -> None:
    @SETTINGS
    @given(st.data())
    def prop(data: st.DataObject) -> None:
        TALLY[target.name][check_target(target, data.draw)] += 1

    run(prop)


@SETTINGS
@given(st.integers(0, 50), st.integers(0, 10_000))
def test_a_truncated_save_is_always_refused(seed: int, cut: int) -> None:
    text = kingsburg.new_game(["Ann", "Brian"], seed).to_json()
    with pytest.raises(kingsburg.InvalidSave, match=r"not valid JSON|nests|brackets"):
        kingsburg.load_game(text[: cut % len(text)])


def test_the_package_docstring_examples_run() -> None:
    result = doctest.testmod(kingsburg)
    assert result.attempted >= 3 and result.failed == 0


def test_inputs_docstring_examples_run() -> None:
    from kingsburg import inputs

    result = doctest.testmod(inputs)
    assert result.attempted >= 4 and result.failed == 0
