"""Typed reads of an engine event's ``data`` (its values are ints, strings or tuples of either, as
``kingsburg.events`` declares them by kind)."""

from __future__ import annotations

from kingsburg.events import Data

__all__ = ["Data", "names", "number", "seats"]


def number(data: Data, key: str, default: int | None = None) -> int:
    """An int field; ``default`` when it is absent (KeyError without one)."""
    value = data[key] if default is None else data.get(key, default)
    if not isinstance(value, int):
        raise TypeError(f"event field {key!r} is not a number: {value!r}")
    return value


def names(data: Data, key: str) -> list[str]:
    """A tuple-of-strings field (goods, buildings) as a list; empty when absent."""
    value = data.get(key, ())
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"event field {key!r} is not a list of names: {value!r}")
    return [str(v) for v in value]


def seats(data: Data, key: str) -> list[int]:
    """A tuple-of-ints field (seats, dice) as a list; empty when absent."""
    value = data.get(key, ())
    if not isinstance(value, tuple) or not all(isinstance(v, int) for v in value):
        raise TypeError(f"event field {key!r} is not a list of numbers: {value!r}")
    return [int(v) for v in value]
