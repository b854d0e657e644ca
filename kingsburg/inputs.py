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
import math
import re
import unicodedata
from typing import Any

from .errors import KingsburgError
from .i18n import N_, _

MAX_DEPTH = 32  # a position nests 5 levels, a game begun from one 6, a lesson about 8: room, and far from any stack
MAX_CONTAINERS = 100_000  # dicts and lists in a Python value checked by value_depth
MAX_NAME = 40  # characters in a player's name, after normalising

# Before counting nesting, escapes go first (so that every quote left delimits a string), then strings, then
# every character that is not a bracket. Escapes first keeps the string pattern linear: a pattern that read
# escapes itself backtracks from every quote of an unterminated '"\\"\\"\\"...' and takes quadratic time.
# Unterminated strings are left to the parser to refuse.
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# Arrays and objects made one kind of bracket, so that one pass of str.replace removes exactly one level
# ("{[]}" must take two passes). A "[}" pair would pass here; the parser refuses it.
_ONE_KIND = str.maketrans("[{]}", "(())")
_SPACE = re.compile(r"\s+")
# Letters that render as nothing although they are not format characters (the Hangul fillers, the Khmer
# inherent vowels, the combining grapheme joiner, the blank Braille pattern): a name of them looks empty.
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
_INVISIBLE = ("Cc", "Cf", "Cs")  # controls, format characters (zero-width, bidi), lone surrogates
_VISIBLE = frozenset("LNPS")  # a name needs one letter, number, punctuation or symbol (not only marks)
# What Python's JSON reader says it stopped at (its decoder's and its C scanner's words), said in the reader's
# language; one a later Python adds is shown as it is.
_JSON_PROBLEMS = frozenset(
    (
        N_("Expecting value"),
        N_("Expecting property name enclosed in double quotes"),
        N_("Expecting ':' delimiter"),
        N_("Expecting ',' delimiter"),
        N_("Extra data"),
        N_("Unterminated string starting at"),
        N_("Invalid control character at"),
        N_("Invalid \\escape"),
        N_("Invalid \\uXXXX escape"),
        N_("Illegal trailing comma before end of object"),
        N_("Illegal trailing comma before end of array"),
    )
)


class InvalidJSON(KingsburgError):
    """Text that is not JSON, or is larger or nests deeper than the reader allows. Callers re-raise it as
    their own error (``InvalidSave`` for saves and positions)."""


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, counted up to ``limit + 1``. No recursion and no
    Python loop over the text: each round is a C-speed pass that removes the innermost pairs, and a run of
    openings as long as the depth still allowed stops it early, so a 2 MB hostile text costs well under a
    second (a deep one, milliseconds).
    Raises InvalidJSON when the brackets do not pair up."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text))).translate(_ONE_KIND)
    depth = 0
    while brackets:
        if "(" * (limit + 1 - depth) in brackets:
            return limit + 1
        shorter = brackets.replace("()", "")
        if len(shorter) == len(brackets):
            raise InvalidJSON(_("the text is not valid JSON: its brackets do not pair up"))
        brackets = shorter
        depth += 1
    return depth


def parse_json(text: str | bytes, *, max_bytes: int, max_depth: int = MAX_DEPTH, what: str = N_("the JSON")) -> Any:
    """Parse untrusted JSON text. Raises InvalidJSON (never anything else) when it is not text, is longer than
    ``max_bytes``, nests deeper than ``max_depth``, or is not valid JSON. NaN and Infinity are refused: JSON
    has no such numbers, and a value that compares unequal to itself breaks every check after it. ``what``, the
    text's name in the messages, is English marked with ``N_`` ("the lesson"): it is said in the reader's language."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise InvalidJSON(
                _("{what} is {n} bytes; at most {most} are read").format(what=_(what), n=len(text), most=max_bytes)
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidJSON(_("{what} is not UTF-8 text").format(what=_(what))) from None
    if not isinstance(text, str):
        raise InvalidJSON(_("{what} must be JSON text, not {type}").format(what=_(what), type=type(text).__name__))
    if len(text) > max_bytes:
        raise InvalidJSON(
            _("{what} is {n} characters; at most {most} are read").format(what=_(what), n=len(text), most=max_bytes)
        )
    if nesting_depth(text, max_depth) > max_depth:
        raise InvalidJSON(_("{what} nests more than {most} levels deep").format(what=_(what), most=max_depth))
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except InvalidJSON:
        raise
    except json.JSONDecodeError as exc:
        problem = _(exc.msg) if exc.msg in _JSON_PROBLEMS else exc.msg
        said = _("{what} is not valid JSON ({problem}: line {line} column {column} (char {position}))")
        raise InvalidJSON(
            said.format(what=_(what), problem=problem, line=exc.lineno, column=exc.colno, position=exc.pos)
        ) from None
    except (ValueError, RecursionError):  # an integer of thousands of digits, which int() refuses
        raise InvalidJSON(_("{what} is not valid JSON").format(what=_(what))) from None


def value_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deep a Python value made of dicts and lists nests, counted up to ``limit + 1`` without recursion.
    Check it before ``json.dumps``, which recurses. A value that contains itself, or holds more than
    ``MAX_CONTAINERS`` dicts and lists (shared ones counted each time they are met), counts as too deep."""
    depth, seen = 0, 0
    level = [value] if isinstance(value, dict | list) else []
    while level:
        depth += 1
        seen += len(level)
        if depth > limit or seen > MAX_CONTAINERS:
            return limit + 1
        level = [v for x in level for v in (x.values() if isinstance(x, dict) else x) if isinstance(v, dict | list)]
    return depth


def _no_constant(name: str) -> None:
    raise InvalidJSON(_("the JSON holds {name}, which is not a number JSON allows").format(name=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 reads as infinity
        raise InvalidJSON(_("the JSON holds {number}, a number too large for a float").format(number=text[:20]))
    return value


def normalize_name(name: object) -> str:
    """A player's name as the game keeps it: white space (tabs, line breaks, any Unicode space) made single
    spaces, invisible characters removed (controls, zero-width and bidi format characters, lone surrogates,
    blank fillers), NFC, trimmed. Raises KingsburgError when no visible character is left or it is over 40
    characters."""
    if not isinstance(name, str):
        raise KingsburgError(_("a player's name must be text, not {type}").format(type=type(name).__name__))
    if len(name) > 20 * MAX_NAME:  # refused before the character-by-character work below
        raise _too_long(len(name))
    spaced = _SPACE.sub(" ", name)
    kept = "".join(ch for ch in spaced if ch not in _BLANK and unicodedata.category(ch) not in _INVISIBLE)
    clean = _SPACE.sub(" ", unicodedata.normalize("NFC", kept)).strip()
    if not any(unicodedata.category(ch)[0] in _VISIBLE for ch in clean):
        raise KingsburgError(
            _("a player's name must have a visible character, not {name!r}").format(name=name[:MAX_NAME])
        )
    if len(clean) > MAX_NAME:
        raise _too_long(len(clean))
    return clean


def _too_long(n: int) -> KingsburgError:
    return KingsburgError(_("a player's name has at most {most} characters, not {n}").format(most=MAX_NAME, n=n))


def name_key(name: str) -> str:
    """What two names are compared by: two players may not share it. Case-folded and compatibility-normalised
    (NFKC), so "ANN", "ann" and fullwidth "Ａｎｎ" are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", normalize_name(name)).casefold())


def same_name(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)
