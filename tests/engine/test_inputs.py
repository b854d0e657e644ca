"""kingsburg.inputs: untrusted JSON refused before parsing, player names normalised."""

from __future__ import annotations

import pytest

from kingsburg import KingsburgError
from kingsburg.inputs import (
    MAX_DEPTH,
    InvalidJSON,
    name_key,
    nesting_depth,
    normalize_name,
    parse_json,
    same_name,
    value_depth,
)

BIG = 3_000_000


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "\\\\", "\\"]]]"]', 1),  # brackets inside strings, escaped quotes and backslashes
        ('{"a":[' * 20 + "]}" * 20, 40),  # alternating objects and arrays count every level
        ("[[],[[]],[[[]]]]", 4),
    ],
)
def test_nesting_depth_counts_every_level(text: str, depth: int) -> None:
    assert nesting_depth(text, limit=100) == depth


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 10_000, 100_000])
@pytest.mark.parametrize(("open_", "close"), [("[", "]"), ('{"a":', "}"), ('{"a":[', "]}"), ("[0,[],", "]")])
def test_deep_json_is_refused_before_parsing(levels: int, open_: str, close: str) -> None:
    with pytest.raises(InvalidJSON, match="nests more than 32 levels"):
        parse_json(open_ * levels + "1" + close * levels, max_bytes=BIG)


def test_json_at_the_depth_limit_parses() -> None:
    value = parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_bytes=100)
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []


# The same texts are timed by `make bench-engine` (tools/bench_engine.py), which fails over its budget: the
# quadratic reading they guard against took hours. Here, what each one reads as.
@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ('"' + '\\"' * 400_000, "Unterminated string"),  # an unterminated string of escaped quotes (was quadratic)
        ("[" * 1_000_000 + "]" * 999_999, "nests more than 32"),
        ("[[]," * 500_000, "nests more than 32"),
        (("[" * 32 + "]" * 32 + ",") * 30_000, "Extra data"),  # within the depth allowed: every round is needed
        ('["' + "a" * 1_900_000 + '"]', None),
    ],
)
def test_hostile_megabytes_are_refused_for_what_they_are(text: str, refusal: str | None) -> None:
    if refusal is None:
        assert parse_json(text, max_bytes=BIG) == [text[2:-2]]
    else:
        with pytest.raises(InvalidJSON, match=refusal):
            parse_json(text, max_bytes=BIG)


@pytest.mark.parametrize("text", ["[NaN]", "[Infinity]", "[-Infinity]", "[1e999]", "[-1e400]"])
def test_numbers_json_cannot_hold_are_refused(text: str) -> None:
    with pytest.raises(InvalidJSON, match="JSON"):
        parse_json(text, max_bytes=100)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x" * 101, "101 characters; at most 100"),
        (b"x" * 101, "101 bytes; at most 100"),
        (b"\xff", "not UTF-8"),
        (12, "must be JSON text, not int"),
        ("[1,", "not valid JSON"),
        ("]", "not valid JSON"),
    ],
)
def test_bad_json_text_gets_a_clear_invalid_json(text: object, message: str) -> None:
    with pytest.raises(InvalidJSON, match=message):
        parse_json(text, max_bytes=100)  # type: ignore[arg-type]


def test_an_integer_past_pythons_digit_limit_is_invalid_json() -> None:
    with pytest.raises(InvalidJSON, match="not valid JSON"):
        parse_json("[1" + "0" * 5000 + "]", max_bytes=10_000)


def test_value_depth_counts_python_values_without_recursion() -> None:
    assert value_depth(1) == 0 and value_depth({}) == 1 and value_depth([1, [2, {"a": []}]]) == 4
    deep: list = []
    for _ in range(3_000):  # Pyodide dies freeing a list nested 10,000 deep (tests/engine/test_bad_input.py)
        deep = [deep]
    assert value_depth(deep) == MAX_DEPTH + 1
    loop: list = []
    loop.extend([loop, loop])  # contains itself, and doubles at every level
    assert value_depth(loop) == MAX_DEPTH + 1


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Ann\u200b  ", "Ann"),
        ("Ann\tLee", "Ann Lee"),
        ("Ann\nLee", "Ann Lee"),  # a line break is a space, not nothing
        ("Ann \u200b Lee", "Ann Lee"),
        ("Ann\u3000Lee", "Ann Lee"),
        ("Zoe\u0301", "Zoé"),  # NFC
        ("Zo\u200be\u0301", "Zoé"),  # NFC after the invisible character is gone
        ("\u202eAnn", "Ann"),  # a bidi override
        ("Ann\ud800", "Ann"),  # a lone surrogate
        ("\u3164Ann", "Ann"),  # a Hangul filler
    ],
)
def test_normalize_name(raw: str, clean: str) -> None:
    assert normalize_name(raw) == clean


@pytest.mark.parametrize(
    "raw",
    ["", "   ", "\u200b\u200c\u200d\ufeff", "\u3164\u3164", "\u2800", "\u0301\u0301", "\x00\x01", "\u202e", "\ue000"],
)
def test_a_name_without_a_visible_character_is_refused(raw: str) -> None:
    with pytest.raises(KingsburgError, match="visible character"):
        normalize_name(raw)


def test_names_are_text_of_at_most_40_characters() -> None:
    assert normalize_name("A" * 40) == "A" * 40
    assert normalize_name("A" * 40 + "\u200b" * 100) == "A" * 40
    for bad in ("A" * 41, "A" * 5000, "\u200b" * 5000):
        with pytest.raises(KingsburgError, match="at most 40 characters"):
            normalize_name(bad)
    with pytest.raises(KingsburgError, match="must be text"):
        normalize_name(None)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann", "ann"),
        ("Ann", "Ann\u200b"),
        ("Ann", "ＡＮＮ"),  # fullwidth
        ("Strauß", "STRAUSS"),
        ("\u212aim", "kim"),  # the Kelvin sign
        ("ǅoko", "DŽOKO"),  # a titlecase digraph
        ("Ångström", "A\u030angstro\u0308m"),
    ],
)
def test_names_compare_case_folded_and_normalised(a: str, b: str) -> None:
    assert same_name(a, b) and name_key(a) == name_key(b)


@pytest.mark.parametrize(("a", "b"), [("Ann", "Anne"), ("Işık", "Isik"), ("Lee", "Le e")])
def test_different_names_stay_different(a: str, b: str) -> None:
    assert not same_name(a, b)
