"""Untrusted input, checked before anything trusts it: JSON text and player names.

Every JSON document the project reads (saves, positions, lessons, messages from a host page, storage entries)
goes through ``parse_json``: it refuses text that is too large or nests too deep *before* parsing, because a
recursive parser on Pyodide's small stack dies on deep nesting instead of raising (issue: 10,000 nested
arrays in a ``#position=`` link killed the interpreter). Player names go through ``normalize_name``, so that
a name of invisible characters is refused and "Ann" and "Ann" followed by a zero-width space are one name.

>>> parse_json('{"a": [1, 2]}', max_bytes=100)
{'a': [1, 2]}
>>> parse_json("[" * 100 + "]" * 100, max_bytes=1000)
Traceback (most recent call last):
...
kingsburg.inputs.InvalidJSON: the JSON nests more than 32 levels deep
>>> normalize_name("  Ann\\u200b  ")
'Ann'
>>> same_name("ANN", "ann")
True
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from .errors import KingsburgError

MAX_DEPTH = 32  # a save or position nests 5 levels, a lesson about 8: 32 leaves room and stays far from any stack
MAX_NAME = 40  # characters in a player's name, after normalising

# A JSON string (with its escapes), or any character that is not a bracket: both are removed before counting
# nesting. Unterminated strings are left to the parser to refuse.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SPACE = re.compile(r"\s+")


class InvalidJSON(KingsburgError):
    """Text that is not JSON, or is larger or nests deeper than the reader allows. Callers re-raise it as
    their own error (``InvalidSave`` for saves and positions)."""


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, counted up to ``limit + 1`` (no recursion, and
    each round is one pass of C-speed string replacement, so a 2 MB hostile text costs a few milliseconds).
    Raises InvalidJSON when the brackets do not pair up."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    while brackets:
        if depth > limit:
            return depth
        shorter = brackets.replace("[]", "").replace("{}", "")
        if len(shorter) == len(brackets):
            raise InvalidJSON("the text is not valid JSON: its brackets do not pair up")
        brackets = shorter
        depth += 1
    return depth


def parse_json(text: str | bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH, what: str = "the JSON") -> Any:
    """Parse untrusted JSON text. Raises InvalidJSON (never anything else) when it is not text, is longer than
    ``max_bytes``, nests deeper than ``max_depth``, or is not valid JSON. NaN and Infinity are refused: JSON
    has no such numbers, and a value that compares unequal to itself breaks every check after it."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise InvalidJSON(f"{what} is {len(text)} bytes; at most {max_bytes} are read")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidJSON(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidJSON(f"{what} must be JSON text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise InvalidJSON(f"{what} is {len(text)} characters; at most {max_bytes} are read")
    if nesting_depth(text, max_depth) > max_depth:
        raise InvalidJSON(f"{what} nests more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except InvalidJSON:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise InvalidJSON(f"{what} is not valid JSON ({exc})") from None


def _no_constant(name: str) -> None:
    raise InvalidJSON(f"the JSON holds {name}, which is not a number JSON allows")


def normalize_name(name: object) -> str:
    """A player's name as the game keeps it: NFC, invisible and control characters removed, runs of white
    space made one space, trimmed. Raises KingsburgError when nothing is left or it is over 40 characters."""
    if not isinstance(name, str):
        raise KingsburgError(f"a player's name must be text, not {type(name).__name__}")
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name) if unicodedata.category(ch) not in ("Cf", "Cc"))
    clean = _SPACE.sub(" ", kept).strip()
    if not clean:
        raise KingsburgError(f"a player's name must have a visible character, not {name!r}")
    if len(clean) > MAX_NAME:
        raise KingsburgError(f"a player's name has at most {MAX_NAME} characters, not {len(clean)}")
    return clean


def name_key(name: str) -> str:
    """What two names are compared by: two players may not share it."""
    return normalize_name(name).casefold()


def same_name(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)
