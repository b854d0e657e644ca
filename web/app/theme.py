"""Who looks like what: player colours (Okabe-Ito) always paired with a symbol, seat kinds, and small shared
HTML helpers. Player names are text typed by people: every one goes through ``esc``."""

from __future__ import annotations

import html

COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7")
COLOUR_NAMES = ("orange", "sky blue", "green", "vermillion", "purple")
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


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def symbol(seat: int) -> str:
    return DUMMY_SYMBOL if seat < 0 else SYMBOLS[seat]


def seat_class(seat: int) -> str:
    return "pd" if seat < 0 else f"p{seat}"


def chip(seat: int, name: str, extra: str = "", tag: str = "span") -> str:
    """A player's name with their colour and symbol (never the colour alone)."""
    return (
        f'<{tag} class="chip {seat_class(seat)}{" " + extra if extra else ""}">'
        f'<span class="sym" aria-hidden="true">{symbol(seat)}</span>'
        f'<span class="chip-name">{esc(name)}</span></{tag}>'
    )


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"
