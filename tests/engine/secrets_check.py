"""Search a per-seat view, field by field, for what its seat must not know (enemy cards, the generator, the
scripted dice, and what each variant declares secret with ``Variant.secrets``).

A view is walked recursively: the Game's own attributes (the start record, the barrier copy, the legal
actions), the State, players, placements, the queue, log events, and every list, tuple and dict they hold.
Used by test_secrets.py and by the conformance check at every decision (test_conformance.py).
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator

import kingsburg

_OPAQUE = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, type)


def leaves(obj: object, path: str = "view", seen: set[int] | None = None) -> Iterator[tuple[str, object]]:
    """Every value reachable from ``obj``, with the path that reaches it (lists and tuples also as a whole)."""
    seen = set() if seen is None else seen
    if isinstance(obj, str | bytes | int | float | bool) or obj is None:
        yield path, obj
        return
    if id(obj) in seen or isinstance(obj, _OPAQUE):
        return
    seen.add(id(obj))
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves(k, f"{path}.key", seen)
            yield from leaves(v, f"{path}[{k!r}]", seen)
        return
    if isinstance(obj, list | tuple | set | frozenset):
        for i, v in enumerate(obj):
            yield from leaves(v, f"{path}[{i}]", seen)
        return
    fields: dict[str, object] = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                fields[name] = getattr(obj, name)
    for name, v in fields.items():
        yield from leaves(v, f"{path}.{name}", seen)


def secrets(full: kingsburg.Game, seat: int, past_rngs: list[int], seed: int | None, script: list[int]) -> dict:
    """What ``seat`` must not find in its view of ``full``: the enemy cards it has not seen, every generator
    state the game has had (``past_rngs``), the seed, and runs of the scripted dice (``script``)."""
    view = full.view(seat)
    hidden = [card for card, seen in zip(full.state.deck, view.state.deck, strict=True) if seen is None]
    s = full.state
    # What each variant declares secret from this seat in its own state (Variant.secrets).
    texts = [text for v in s.calendar.variants for text in v.secrets(s.variants.get(v.name), seat, s)]
    return {
        "cards": hidden,
        "rngs": set(past_rngs) | ({seed} if seed is not None else set()),
        "script": script,
        "texts": texts,
    }


def find_secret(view: object, secret: dict, run: int = 6) -> list[str]:
    """The paths in ``view`` that hold a secret (empty when it holds none). A run of ``run`` scripted dice in
    a row anywhere in the view counts as the script (no list of the game's own is that long and all dice)."""
    names = "|".join(re.escape(c) for c in secret["cards"])
    cards = re.compile(rf"(?<![\w-])(?:{names})(?![\w-])") if names else None
    script = secret["script"]
    runs = {tuple(script[i : i + run]) for i in range(len(script) - run + 1)}
    rngs = secret["rngs"]
    # A variant's secrets as whole words, like the cards: a hidden valley card "I-2" is not in "II-2".
    words = "|".join(re.escape(t) for t in secret.get("texts", []))
    texts = re.compile(rf"(?<![\w-])(?:{words})(?![\w-])") if words else None

    def why(v: object) -> str:
        if type(v) is str:
            if texts and texts.search(v):
                return "holds a variant's secret"
            return "names a hidden enemy card" if cards and cards.search(v) else ""
        if type(v) is int:
            return "is the game's seed or generator state" if v in rngs else ""
        if (
            isinstance(v, list | tuple)
            and len(v) >= run
            and all(type(d) is int for d in v)
            and any(tuple(v[i : i + run]) in runs for i in range(len(v) - run + 1))
        ):
            return "holds the scripted dice"
        return ""

    if not any(map(why, _values(view))):  # the fast walk; paths are only worked out to report a find
        return []
    return [f"{path} = {v!r} {why(v)}" for path, v in leaves(view) if why(v)]


_SCALARS = (str, bytes, int, float, bool, type(None))


def _values(root: object) -> Iterator[object]:
    """What ``leaves`` yields, without the paths."""
    seen: set[int] = set()
    stack = [root]
    slots: dict[type, list[str]] = {}
    while stack:
        obj = stack.pop()
        kind = type(obj)
        if kind in _SCALARS:
            yield obj
            continue
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen.add(id(obj))
        yield obj
        if kind is dict:
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif kind in (list, tuple, set, frozenset):
            stack.extend(obj)
        else:
            stack.extend(getattr(obj, "__dict__", {}).values())
            names = slots.get(kind)
            if names is None:
                names = slots[kind] = [n for cls in kind.__mro__ for n in getattr(cls, "__slots__", ())]
            stack.extend(getattr(obj, name) for name in names if hasattr(obj, name))
