"""Who looks like what: player colours (Okabe-Ito) always paired with a symbol, seat kinds, and small shared
HTML helpers. Player names are text typed by people: ``html()`` (markup.py) escapes them."""

from __future__ import annotations

import time

from kingsburg import variant
from kingsburg.i18n import N_, _, ngettext, pgettext

from .markup import Markup, html

# Seat i is drawn in Okabe-Ito colour i (web/style.css: .p0 orange #E69F00, .p1 sky blue #56B4E9, .p2 bluish
# green #009E73, .p3 vermillion #D55E00, .p4 reddish purple #CC79A7) and always with symbol i.
SYMBOLS = ("◆", "●", "▲", "■", "★")
SYMBOL_NAMES = (N_("diamond"), N_("circle"), N_("triangle"), N_("square"), N_("star"))
DUMMY_SYMBOL = "✕"

KINDS = ("human", "random", "easy", "normal", "hard")
KIND_LABELS = {
    "human": N_("Human"),
    "random": N_("Computer: random"),
    "easy": N_("Computer: easy"),
    "normal": N_("Computer: normal"),
    "hard": N_("Computer: hard"),
}
"""A seat's kind as the start screen offers it (marked: ``_()`` it where it is shown, or ``kind_label``)."""


def kind_label(kind: str) -> str:
    """ "Computer: hard", in the reader's language."""
    return _(KIND_LABELS[kind])


def level(kind: str) -> str:
    """A computer's level in words ("hard"; "" for a person), in the reader's language."""
    words = {
        "human": "",
        "random": pgettext("computer level", "random"),
        "easy": pgettext("computer level", "easy"),
        "normal": pgettext("computer level", "normal"),
        "hard": pgettext("computer level", "hard"),
    }
    return words[kind]


def symbol_name(seat: int) -> str:
    """The name of seat ``seat``'s symbol ("diamond"), in the reader's language."""
    return _(SYMBOL_NAMES[seat])


DEFAULT_NAMES = ("Ann", "Brian", "Cindy", "David", "Erin")
ROMAN = ("", "I", "II", "III", "IV", "V")


MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)
"""The months' short names (marked: ``day`` says them in the reader's language)."""


def day(when: time.struct_time) -> str:
    """ "26 Nov 2026": a date as the saved games and the record show it (what ``%d %b %Y`` gave in English)."""
    return _("{day} {month} {year}").format(
        day=f"{when.tm_mday:02d}", month=_(MONTHS[when.tm_mon - 1]), year=when.tm_year
    )


def symbol(seat: int) -> str:
    return DUMMY_SYMBOL if seat < 0 else SYMBOLS[seat]


def seat_class(seat: int) -> str:
    return "pd" if seat < 0 else f"p{seat}"


def chip(seat: int, name: str, extra: str = "", tag: str = "span") -> Markup:
    """A player's name with their colour and symbol (never the colour alone)."""
    return html(
        '<{} class="chip {}{}"><span class="sym" aria-hidden="true">{}</span><span class="chip-name">{}</span></{}>',
        tag,
        seat_class(seat),
        " " + extra if extra else "",
        symbol(seat),
        name,
        tag,
    )


def soldiers(n: int) -> str:
    """ "1 soldier", "3 soldiers", in the reader's language."""
    return ngettext("{n} soldier", "{n} soldiers", n).format(n=n)


def buildings(n: int) -> str:
    """ "1 building", "3 buildings", in the reader's language."""
    return ngettext("{n} building", "{n} buildings", n).format(n=n)


def score(vp: int) -> str:
    """A score as shown: below zero with a true minus sign ("−2"), as the second edition allows."""
    return f"−{-vp}" if vp < 0 else str(vp)


# The VP sources (``Game.score_breakdown``'s keys) that are names, in the rulebook's capitals ("the King's Reward");
# a variant's source is its title. The others are common words ("advisors", "battle").
_PROPER_SOURCES = {
    "king's reward": N_("King's Reward"),
    "town hall": N_("Town Hall"),
    "embassy": N_("Embassy"),
    "cathedral": N_("Cathedral"),
}
# The other sources the engine names (Game.score_breakdown's keys), as words: marked for the catalogue.
_COMMON_SOURCES = {
    "advisors": N_("advisors"),
    "buildings": N_("buildings"),
    "battle": N_("battle"),
    "position": N_("position"),
}


def source_name(source: str) -> str:
    """A VP source as a player reads it: "King's Reward", "Wheel and Deal", "advisors"."""
    if source in _PROPER_SOURCES:
        return _(_PROPER_SOURCES[source])
    if source in _COMMON_SOURCES:
        return _(_COMMON_SOURCES[source])
    found = variant(source)
    return found.title if found is not None else source
