"""What an enemy card's victory and defeat bring, as icons and words: drawn on the winter scene's enemy card (and
a variant's extra card, ``winter_parts``) and on the panel's enemy card, so neither imports the other."""

from __future__ import annotations

from kingsburg.i18n import _, ngettext

from .icons import good, icon
from .markup import Markup, fill, html, join


def term_words(key: str, n: int) -> str:
    """ "2 goods of their choice", "1 building": an enemy's term that is not a good or VP, in the reader's language."""
    if key == "any":
        return ngettext("{n} good of their choice", "{n} goods of their choice", n).format(n=n)
    return ngettext("{n} building", "{n} buildings", n).format(n=n)


def terms(what: dict[str, int], sign: str) -> Markup:
    """An enemy's victory or defeat terms as icons and words."""
    parts = []
    for key, n in what.items():
        if key in ("gold", "wood", "stone"):
            parts.append(html('<span class="term">{}{}</span>', sign, good(key, n)))
        elif key == "vp":
            parts.append(html('<span class="term">{}{}{}</span>', icon("vp"), sign, _("{n} VP").format(n=n)))
        else:
            parts.append(html('<span class="term">{}{}</span>', sign, term_words(key, n)))
    return join(parts) or html('<span class="term muted">{}</span>', fill(_("nothing")))
