"""HTML that escapes by default: every renderer builds its HTML with ``html(template, *args)``, which escapes each
argument unless it is ``Markup`` (HTML some renderer already built). Player names, lesson texts, log lines and
error messages are plain ``str``, so they can only reach the page escaped; what the page puts into the DOM is typed
``Markup``, so mypy --strict refuses a raw ``str`` there."""

from __future__ import annotations

import string
from collections.abc import Iterable
from functools import cache
from typing import Literal


class Markup(str):
    """Text that is safe HTML as it is. Only the helpers below make it from a template or other ``Markup``;
    ``Markup("...")`` by hand is for constant HTML."""

    __slots__ = ()

    # Only Markup (or "", as in ``x if c else ""``) may be added: mypy refuses a plain str, which would be
    # escaped here at run time.
    def __add__(self, other: Markup | Literal[""]) -> Markup:  # type: ignore[override]
        return Markup(str.__add__(self, other if isinstance(other, Markup) else escape(other)))

    def __radd__(self, other: Markup | Literal[""]) -> Markup:
        return Markup(str.__add__(other if isinstance(other, Markup) else escape(other), self))


# What html.escape(text, quote=True) does, without importing the html module: it imports html.entities, a table
# of 2,000 names that only unescaping needs, and whose import was the longest of the page's first start.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})

NOTHING = Markup()
"""No HTML (the default of optional HTML arguments)."""


def escape(value: object) -> Markup:
    """``value`` as HTML text (quotes escaped too, so it is safe inside attribute values)."""
    if isinstance(value, Markup):
        return value
    return Markup(str(value).translate(_ESCAPES))


@cache
def _count(template: str) -> int:
    """How many fields ``template`` has (checked once per template: positional ``{}`` only, no conversion)."""
    fields = [(name, conversion) for _, name, _, conversion in string.Formatter().parse(template) if name is not None]
    if any(name or conversion for name, conversion in fields):
        raise ValueError(f"html() takes positional {{}} fields only: {template!r}")
    return len(fields)


_SAFE = (Markup, int, float)  # numbers hold no markup; a format spec applies to them as usual


def html(template: str, *args: object) -> Markup:
    """``template`` (constant HTML with ``{}`` fields, format specs allowed) with each argument escaped unless it
    is ``Markup`` or a number."""
    if len(args) != _count(template):
        raise ValueError(f"html() got {len(args)} arguments for {_count(template)} fields: {template!r}")
    return Markup(template.format(*[v if isinstance(v, _SAFE) else str(v).translate(_ESCAPES) for v in args]))


def fill(message: str, **fields: object) -> Markup:
    """A translated sentence (``_()`` of a literal: its words and any markup a translator kept) with its named
    ``{fields}`` filled in, each escaped unless it is ``Markup`` or a number: ``fill(_("{name} builds"), name=chip)``.
    Where ``html()``'s fields are positional, a sentence's are named, so a translation may put them in its order."""
    return Markup(
        message.format(**{k: v if isinstance(v, _SAFE) else str(v).translate(_ESCAPES) for k, v in fields.items()})
    )


def join(parts: Iterable[Markup], sep: Markup = NOTHING) -> Markup:
    """Pieces of HTML one after another (``sep`` between them), still safe."""
    return Markup(sep.join([p if isinstance(p, Markup) else escape(p) for p in parts]))


def scene_frame(
    kind: str, dialog: str, title_id: str, attrs: Markup, body: Markup, button: Markup, inline: bool
) -> Markup:
    """A scene's dialog (the winter battle, the year's review): over the board with its button, or ``inline`` in
    the board's place, without one, for a lesson step to talk about (the lesson's Next goes on)."""
    if inline:
        return html(
            '<section class="lesson-scene {}" aria-labelledby="{}"{}><div class="dialog wide {}">{}</div></section>',
            kind,
            title_id,
            attrs,
            dialog,
            body,
        )
    return html(
        '<div class="overlay {}" role="dialog" aria-modal="true" aria-labelledby="{}"{}>'
        '<div class="dialog wide {}">{}<div class="end-actions">{}</div></div></div>',
        kind,
        title_id,
        attrs,
        dialog,
        body,
        button,
    )
