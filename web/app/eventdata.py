"""Typed reads of an engine event's ``data`` (its values are ints, strings or tuples of strings, by kind)."""

from __future__ import annotations

from collections.abc import Mapping

Data = Mapping[str, int | str | tuple[str, ...]]


def number(data: Data, key: str, default: int | None = None) -> int:
    """An int field; ``default`` when it is absent (KeyError without one)."""
    value = data[key] if default is None else data.get(key, default)
    if not isinstance(value, int):
        raise TypeError(f"event field {key!r} is not a number: {value!r}")
    return value


def names(data: Data, key: str) -> list[str]:
    """A tuple-of-strings field (goods, buildings) as a list; empty when absent."""
    value = data.get(key, ())
    if not isinstance(value, tuple):
        raise TypeError(f"event field {key!r} is not a list of names: {value!r}")
    return list(value)
