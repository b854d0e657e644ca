"""What an enemy card's victory and defeat bring, as icons and words: drawn on the winter scene's enemy card (and
a variant's extra card, ``winter_parts``) and on the panel's enemy card, so neither imports the other."""

from __future__ import annotations

from .icons import good, icon
from .markup import Markup, html, join

TERM_WORDS = {"any": ("good of their choice", "goods of their choice"), "buildings": ("building", "buildings")}


def terms(what: dict[str, int], sign: str) -> Markup:
    """An enemy's victory or defeat terms as icons and words."""
    parts = []
    for key, n in what.items():
        if key in ("gold", "wood", "stone"):
            parts.append(html('<span class="term">{}{}</span>', sign, good(key, n)))
        elif key == "vp":
            parts.append(html('<span class="term">{}{}{} VP</span>', icon("vp"), sign, n))
        else:
            one, many = TERM_WORDS[key]
            parts.append(html('<span class="term">{}{} {}</span>', sign, n, one if n == 1 else many))
    return join(parts) or Markup('<span class="term muted">nothing</span>')
