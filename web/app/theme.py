"""Who looks like what: player colours (Okabe-Ito) always paired with a symbol, seat kinds, and small shared
HTML helpers. Player names are text typed by people: ``html()`` (markup.py) escapes them."""

from __future__ import annotations

from kingsburg import variant

from .markup import Markup, html

# Seat i is drawn in Okabe-Ito colour i (web/style.css: .p0 orange #E69F00, .p1 sky blue #56B4E9, .p2 bluish
# green #009E73, .p3 vermillion #D55E00, .p4 reddish purple #CC79A7) and always with symbol i.
SYMBOLS = ("◆", "●", "▲", "■", "★")
SYMBOL_NAMES = ("diamond", "circle", "triangle", "square", "star")
DUMMY_SYMBOL = "✕"

KINDS = ("human", "random", "easy", "normal", "hard")
KIND_LABELS = {
    "human": "Human",
    "random": "Computer: random",
    "easy": "Computer: easy",
    "normal": "Computer: normal",
    "hard": "Computer: hard",
}
KIND_SHORT = {"human": "", "random": "random", "easy": "easy", "normal": "normal", "hard": "hard"}
DEFAULT_NAMES = ("Ann", "Brian", "Cindy", "David", "Erin")
ROMAN = ("", "I", "II", "III", "IV", "V")


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


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def score(vp: int) -> str:
    """A score as shown: below zero with a true minus sign ("−2"), as the second edition allows."""
    return f"−{-vp}" if vp < 0 else str(vp)


# The VP sources (``Game.score_breakdown``'s keys) that are names, in the rulebook's capitals ("the King's Reward");
# a variant's source is its title. The others are common words ("advisors", "battle").
_PROPER_SOURCES = {
    "king's reward": "King's Reward",
    "town hall": "Town Hall",
    "embassy": "Embassy",
    "cathedral": "Cathedral",
}


def source_name(source: str) -> str:
    """A VP source as a player reads it: "King's Reward", "Wheel and Deal", "advisors"."""
    if source in _PROPER_SOURCES:
        return _PROPER_SOURCES[source]
    found = variant(source)
    return found.title if found is not None else source
