"""Our own small SVG icons, drawn once in a hidden sprite and used by reference (``<use href="#i-gold">``).

Goods are three distinct shapes (a round coin, a long log, an angular stone), always with a text label or count
beside them, so they never depend on colour alone.
"""

from __future__ import annotations

from functools import cache

from kingsburg.i18n import N_, _, language, ngettext

from .markup import Markup, html, join

# The goods' names as a person reads them (a good's key is its name in the notation).
GOOD_WORDS = {"gold": N_("gold"), "wood": N_("wood"), "stone": N_("stone")}


def good_word(name: str) -> str:
    """A good's name in the reader's language ("gold"; a key it does not know as it is)."""
    return _(GOOD_WORDS[name]) if name in GOOD_WORDS else name


def goods_count(name: str, n: int) -> str:
    """ "2 gold", "1 stone", in the reader's language."""
    if name == "gold":
        return ngettext("{n} gold", "{n} gold", n).format(n=n)
    if name == "wood":
        return ngettext("{n} wood", "{n} wood", n).format(n=n)
    if name == "stone":
        return ngettext("{n} stone", "{n} stone", n).format(n=n)
    return f"{n} {name}"


_SYMBOLS = {
    "gold": Markup(
        '<circle cx="12" cy="12" r="9.5" fill="#F4C430" stroke="#6b4f00" stroke-width="1.6"/>'
        '<path d="M12 6.5l1.6 3.6 3.9.4-2.9 2.6.8 3.8L12 15l-3.4 1.9.8-3.8-2.9-2.6 3.9-.4z" fill="#b8860b"/>'
    ),
    "wood": Markup(
        '<rect x="1.5" y="7" width="21" height="10" rx="5" fill="#9c6b3c" stroke="#40270f" stroke-width="1.5"/>'
        '<ellipse cx="18" cy="12" rx="3.2" ry="4.4" fill="#e0b27a" stroke="#40270f" stroke-width="1.1"/>'
        '<ellipse cx="18" cy="12" rx="1.2" ry="1.8" fill="none" stroke="#40270f" stroke-width=".8"/>'
        '<path d="M4 10.5h8M6 13.5h7" stroke="#40270f" stroke-width=".9" stroke-linecap="round"/>'
    ),
    "stone": Markup(
        '<path d="M3.5 15 7 5.5l8.5-2.5 5.5 6.5-2 10-10 1.5z" fill="#a3aab3" stroke="#333a42" '
        'stroke-width="1.5" stroke-linejoin="round"/><path d="M7 5.5 11 12l10-2.5M11 12l-1.5 9" fill="none" '
        'stroke="#333a42" stroke-width=".9"/>'
    ),
    "token": Markup(
        '<rect x="2.5" y="2.5" width="19" height="19" rx="5" fill="#40306a" stroke="#1b1233" stroke-width="1.4"/>'
        '<text x="12" y="16.3" text-anchor="middle" font-size="11" font-weight="700" fill="#fff" '
        'font-family="system-ui,sans-serif">+2</text>'
    ),
    "soldier": Markup(
        '<path d="M12 2 20 5v6c0 5.5-3.5 9-8 11-4.5-2-8-5.5-8-11V5z" fill="#c4cfdf" stroke="#233146" '
        'stroke-width="1.5" stroke-linejoin="round"/><path d="M12 6v11M8.5 10h7" stroke="#233146" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    ),
    "vp": Markup(
        '<path d="M5 2.5h14v18.5l-7-4.2-7 4.2z" fill="#8c2f39" stroke="#3d0f15" stroke-width="1.3" '
        'stroke-linejoin="round"/><text x="12" y="12.5" text-anchor="middle" font-size="7.4" font-weight="800" '
        'fill="#fff" font-family="system-ui,sans-serif">VP</text>'
    ),
    "envoy": Markup(
        '<rect x="3.5" y="4.5" width="17" height="15" rx="2" fill="#f3e3b8" stroke="#5b3a1e" stroke-width="1.5"/>'
        '<path d="M7 9h10M7 12.5h7" stroke="#5b3a1e" stroke-width="1.3" stroke-linecap="round"/>'
        '<circle cx="16.5" cy="16.5" r="3.3" fill="#b3261e" stroke="#4d0e0a" stroke-width="1"/>'
    ),
    "eye": Markup(
        '<path d="M2 12c4-7 16-7 20 0-4 7-16 7-20 0z" fill="#fff" stroke="#222" stroke-width="1.5"/>'
        '<circle cx="12" cy="12" r="3.6" fill="#222"/><circle cx="13.2" cy="10.8" r="1" fill="#fff"/>'
    ),
    "swords": Markup(
        '<path d="M4 4l13 13M20 4 7 17" stroke="#2d2d2d" stroke-width="2.2" stroke-linecap="round"/>'
        '<path d="M14.5 20.5l6-6M3.5 14.5l6 6" stroke="#7a4a18" stroke-width="2.4" stroke-linecap="round"/>'
    ),
    "any": Markup(
        '<path d="M12 2l9 5v10l-9 5-9-5V7z" fill="#efe4cc" stroke="#5b3a1e" stroke-width="1.5" '
        'stroke-linejoin="round"/><text x="12" y="16.2" text-anchor="middle" font-size="11" font-weight="800" '
        'fill="#5b3a1e" font-family="system-ui,sans-serif">?</text>'
    ),
    "crown": Markup(
        '<path d="M3 18 4 7l5 5 3-7 3 7 5-5 1 11z" fill="#F4C430" stroke="#6b4f00" stroke-width="1.5" '
        'stroke-linejoin="round"/><path d="M3.5 20.5h17" stroke="#6b4f00" stroke-width="1.8" stroke-linecap="round"/>'
    ),
    "spring": Markup(
        '<g fill="#e58fb3" stroke="#8a3a5c" stroke-width="1"><circle cx="12" cy="6.5" r="3.6"/>'
        '<circle cx="17.5" cy="12" r="3.6"/><circle cx="12" cy="17.5" r="3.6"/><circle cx="6.5" cy="12" r="3.6"/></g>'
        '<circle cx="12" cy="12" r="3" fill="#F4C430" stroke="#6b4f00"/>'
    ),
    "summer": Markup(
        '<circle cx="12" cy="12" r="5" fill="#F4C430" stroke="#8a5a00" stroke-width="1.4"/>'
        '<path d="M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5M4.6 4.6l2.5 2.5M16.9 16.9l2.5 2.5M4.6 19.4l2.5-2.5'
        'M16.9 7.1l2.5-2.5" stroke="#8a5a00" stroke-width="1.8" stroke-linecap="round"/>'
    ),
    "autumn": Markup(
        '<path d="M12 2c5 4 8 8 6.5 13-1 3.3-4 5-6.5 5s-5.5-1.7-6.5-5C4 10 7 6 12 2z" fill="#d55e00" '
        'stroke="#6b2c00" stroke-width="1.4"/><path d="M12 6v16M12 11l3-2M12 15l-3-2" stroke="#6b2c00" '
        'stroke-width="1.2" stroke-linecap="round"/>'
    ),
    "winter": Markup(
        '<path d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9.5 3.5 12 6l2.5-2.5M9.5 20.5 12 18l2.5 2.5" '
        'stroke="#1f5f8b" stroke-width="1.9" stroke-linecap="round" fill="none"/>'
    ),
    "reward": Markup(
        '<path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#F4C430" stroke="#6b4f00" stroke-width="1.4"/>'
        '<path d="M7 5H4c0 3 1.5 4.5 3.5 4.5M17 5h3c0 3-1.5 4.5-3.5 4.5M12 13v4M8 21h8l-1-4H9z" fill="none" '
        'stroke="#6b4f00" stroke-width="1.4" stroke-linejoin="round"/>'
    ),
    "trade": Markup(
        '<path d="M4 8h14l-3-3M20 16H6l3 3" fill="none" stroke="#2d2d2d" stroke-width="2" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "build": Markup(
        '<path d="M3 21h18M5 21V10l7-6 7 6v11" fill="#e9d3a8" stroke="#5b3a1e" stroke-width="1.5" '
        'stroke-linejoin="round"/><rect x="10" y="14" width="4" height="7" fill="#5b3a1e"/>'
    ),
    "check": Markup(
        '<path d="M4 12.5 9.5 18 20 6.5" fill="none" stroke="currentColor" stroke-width="3" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "undo": Markup(
        '<path d="M9 7 4 12l5 5M4 12h10a6 6 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2.2" '
        'stroke-linecap="round" stroke-linejoin="round" transform="translate(0 -3)"/>'
    ),
    "book": Markup(
        '<path d="M4 4h6a2 2 0 0 1 2 2v14a2 2 0 0 0-2-2H4zM20 4h-6a2 2 0 0 0-2 2v14a2 2 0 0 1 2-2h6z" '
        'fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/>'
    ),
    "scroll": Markup(
        '<path d="M6 3h12v15a3 3 0 0 1-3 3H6a3 3 0 0 1 0-6h3" fill="none" stroke="currentColor" '
        'stroke-width="1.8" stroke-linejoin="round"/>'
        '<path d="M10 8h5M10 12h5" stroke="currentColor" stroke-width="1.6"/>'
    ),
    "menu": Markup(
        '<path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'
    ),
    "fast": Markup('<path d="M4 6l7 6-7 6zM12 6l7 6-7 6z" fill="currentColor"/>'),
    "open": Markup(  # a page that opens elsewhere: a box with an arrow leaving it
        '<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "link": Markup(
        '<path d="M10 14a4 4 0 0 0 5.7 0l3.5-3.5a4 4 0 0 0-5.7-5.7L12 6.3M14 10a4 4 0 0 0-5.7 0l-3.5 3.5a4 4 0 0 0 '
        '5.7 5.7l1.5-1.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
    ),
}

# Pip positions of a die face on a 24-unit square.
_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(12, 12)],
    2: [(7, 7), (17, 17)],
    3: [(7, 7), (12, 12), (17, 17)],
    4: [(7, 7), (17, 7), (7, 17), (17, 17)],
    5: [(7, 7), (17, 7), (12, 12), (7, 17), (17, 17)],
    6: [(7, 6.5), (17, 6.5), (7, 12), (17, 12), (7, 17.5), (17, 17.5)],
}


def sprite() -> Markup:
    """The hidden SVG holding every icon and die face once."""
    parts = [html('<symbol id="i-{}" viewBox="0 0 24 24">{}</symbol>', name, body) for name, body in _SYMBOLS.items()]
    for face, pips in _PIPS.items():
        dots = join(html('<circle cx="{}" cy="{}" r="2.3"/>', x, y) for x, y in pips)
        parts.append(html('<symbol id="pips{}" viewBox="0 0 24 24">{}</symbol>', face, dots))
    return html('<svg class="sprite" width="0" height="0" aria-hidden="true" focusable="false">{}</svg>', join(parts))


@cache  # pure, and drawn hundreds of times per redraw
def icon(name: str, label: str = "", cls: str = "") -> Markup:
    """An icon; with ``label`` it is announced (role img), without it is decoration."""
    a11y = html('role="img" aria-label="{}"', label) if label else Markup('aria-hidden="true"')
    return html(
        '<svg class="ico ico-{}{}" {} focusable="false"><use href="#i-{}"/></svg>',
        name,
        " " + cls if cls else "",
        a11y,
        name,
    )


def die(value: int, white: bool = False, cls: str = "") -> Markup:
    """A die face (its colour comes from the enclosing seat class); white dice are drawn outlined."""
    return _die(value, white, cls, language())


@cache  # pure, and drawn hundreds of times per redraw (one entry per language)
def _die(value: int, white: bool, cls: str, lang: str) -> Markup:
    kind = "die white" if white else "die"
    label = _("white {value}").format(value=value) if white else str(value)
    return html(
        '<svg class="{}{}" viewBox="0 0 24 24" role="img" aria-label="{}" '
        'focusable="false"><rect class="die-body" x="1.5" y="1.5" width="21" height="21" rx="4.5"/>'
        '<use class="die-pips" href="#pips{}"/></svg>',
        kind,
        " " + cls if cls else "",
        label,
        value,
    )


def good(name: str, n: int | None = None, cls: str = "") -> Markup:
    """A good with its count and a label: shape, number and word together."""
    return _good(name, n, cls, language())


@cache  # pure, and drawn hundreds of times per redraw (one entry per language)
def _good(name: str, n: int | None, cls: str, lang: str) -> Markup:
    count = "" if n is None else html('<b class="n">{}</b>', n)
    label = good_word(name) if n is None else goods_count(name, n)
    return html(
        '<span class="good good-{}{}" title="{}">{}{}<span class="good-label">{}</span></span>',
        name,
        " " + cls if cls else "",
        label,
        count,
        icon(name),
        good_word(name),
    )


def goods_list(goods: tuple[str, ...] | list[str]) -> Markup:
    """ "gold, gold, wood" drawn as 2 gold + 1 wood."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return join((good(g, n) for g, n in counts.items()), Markup('<span class="plus">+</span>'))
