"""Actions: small immutable values with a text notation that parses back exactly.

The notation (docs/notation.md) in one table::

    aid gold                      Aid from the King: take one good
    statue | statue white         Statue: reroll one coloured (or one white) die
    chapel                        Chapel: reroll all dice
    place 5+3+w2 +2 @10           influence advisor #10 with dice 5, 3, white 2 and a "+2" token
    place 4+4 @9 market           ... using the Market's +-1
    place 3 @3 envoy              ... joining an advisor already taken, with the King's Envoy
    gift gold+wood                choose an advisor's gift
    trade stone                   Alchemist: give a stone for a gold and a wood
    build guard-tower             construct a building (``envoy`` after it: the second build)
    townhall token | townhall gold   Town Hall: pay a "+2" token or a good for 1 VP
    recruit gold+wood             recruit one soldier for these goods (one good with the Barracks)
    lose gold                     battle: lose this good (when the card lets you choose)
    gain gold                     battle: take this good (when the card lets you choose)
    pass                          decline: end influencing, build nothing, keep the dice, stop recruiting...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .content import BUILDING_BY_SLUG, GOODS
from .errors import InvalidAction
from .i18n import N_, _

_GOOD_ORDER = {g: i for i, g in enumerate(GOODS)}


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    dice: tuple[int, ...] = ()  # coloured dice of a placement, highest first
    white: tuple[int, ...] = ()  # white dice of a placement, highest first
    advisor: int = 0
    token: bool = False  # a "+2" token is added to the group
    market: bool = False  # the Market's +-1 is used (the direction follows from the sum and the advisor)
    envoy: bool = False  # the King's Envoy is used (placement on a taken advisor, or the second build)
    arg: str = ""  # a good, a building slug, "white" (Statue) or "token" (Town Hall)
    goods: tuple[str, ...] = ()  # goods chosen, in gold-wood-stone order

    def __str__(self) -> str:
        k = self.kind
        if k == "place":
            dice = "+".join([str(d) for d in self.dice] + [f"w{d}" for d in self.white])
            text = f"place {dice}"
            if self.token:
                text += " +2"
            text += f" @{self.advisor}"
            if self.market:
                text += " market"
            if self.envoy:
                text += " envoy"
            return text
        if k in ("gift", "recruit"):
            return f"{k} {'+'.join(self.goods)}" if self.goods else k
        if k == "build":
            return f"build {self.arg} envoy" if self.envoy else f"build {self.arg}"
        if self.advisor:  # a variant's action naming an advisor ("pledge @7")
            return f"{k} @{self.advisor}"
        if self.arg:
            return f"{k} {self.arg}"
        return k

    @property
    def total(self) -> int:
        """The pips of a placement's dice and token (without the Market)."""
        return sum(self.dice) + sum(self.white) + (2 if self.token else 0)


def sort_goods(goods: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(goods, key=_GOOD_ORDER.__getitem__))


def place(
    dice: tuple[int, ...],
    white: tuple[int, ...],
    advisor: int,
    token: bool = False,
    market: bool = False,
    envoy: bool = False,
) -> Action:
    return Action(
        "place", tuple(sorted(dice, reverse=True)), tuple(sorted(white, reverse=True)), advisor, token, market, envoy
    )


MAX_TEXT = 100  # characters; the longest action, "place 6+6+6+w6+w6 +2 @18 market envoy", has 37
# The notation is ASCII: anything else is refused before reading, so no Unicode digit ("²", "١", fullwidth "５")
# reaches int() and no case mapping ("K" for the Kelvin sign, "ǅ", dotted İ) turns a look-alike into a word.
_NOT_NOTATION = re.compile(r"[^A-Za-z0-9+@\- \t\r\n]")
_DIE = re.compile(r"(w?)([1-6])")
_ADVISOR = re.compile(r"@([1-9]|1[0-8])")


def parse(text: str) -> Action:
    """Parse the notation. Raises ``InvalidAction`` naming the text when it is not an action."""
    if not isinstance(text, str):
        raise InvalidAction(_("an action must be text, not {type}").format(type=type(text).__name__))
    if len(text) > MAX_TEXT:
        said = _("an action is at most {most} characters, not {n} ({start!r}...)")
        raise InvalidAction(said.format(most=MAX_TEXT, n=len(text), start=text[:20]))
    bad = _NOT_NOTATION.search(text)
    if bad:
        ch = bad.group()
        said = _(
            "{ch!r} (U+{code}) is not part of the notation, which is written with the letters a-z, the digits 0-9, "
            "'+', '@', '-' and spaces"
        )
        raise _unreadable(text, said.format(ch=ch, code=f"{ord(ch):04X}"))
    words = text.lower().split()
    if not words:
        raise InvalidAction(_("empty action text"))
    reader = _PARSERS.get(words[0])
    if reader is None:
        said = _("unknown action {text!r}: it must start with one of {words}")
        raise InvalidAction(said.format(text=text, words=", ".join(_PARSERS)))
    try:
        return reader(words[1:])
    except _Bad as exc:
        raise _unreadable(text, str(exc)) from None


def _unreadable(text: str, why: str) -> InvalidAction:
    return InvalidAction(_("cannot read {text!r}: {why}").format(text=text, why=why))


class _Bad(Exception):
    """Why the words after an action's first are not the notation (said in the reader's language)."""


def _good(word: str) -> str:
    if word not in GOODS:
        # Translators: gold, wood and stone are words of the notation (docs/notation.md): they stay as they are.
        raise _Bad(_("{word!r} is not a good (gold, wood or stone)").format(word=word))
    return word


def _goods(rest: list[str], allow_empty: bool = False) -> tuple[str, ...]:
    if not rest:
        if allow_empty:
            return ()
        raise _Bad(_("goods are missing"))
    if len(rest) != 1:
        raise _Bad(_("goods are written joined with '+', e.g. gold+wood"))
    return sort_goods([_good(w) for w in rest[0].split("+")])


def _one(rest: list[str], expected: str, **fields: str) -> str:
    """The one word of ``rest``; ``expected`` (marked ``N_``, with ``fields``) says what it is when there is not
    one. Marked, not translated: the notation is read far more often than it is refused."""
    if len(rest) != 1:
        raise _Bad(_(expected).format(**fields))
    return rest[0]


def _none(rest: list[str]) -> None:
    if rest:
        raise _Bad(_("unexpected {words!r}").format(words=" ".join(rest)))


def _parse_place(rest: list[str]) -> Action:
    dice: list[int] = []
    white: list[int] = []
    advisor = 0
    token = market = envoy = False
    seen_dice = False
    for word in rest:
        if word.startswith("@"):
            number = _ADVISOR.fullmatch(word)
            if advisor or not number:
                raise _Bad(_("{word!r}: the advisor is written once, as @1 to @18").format(word=word))
            advisor = int(number.group(1))
        elif word == "+2":
            token = True
        elif word == "market":
            market = True
        elif word == "envoy":
            envoy = True
        elif not seen_dice:
            seen_dice = True
            for part in word.split("+"):
                m = _DIE.fullmatch(part)
                if not m:
                    raise _Bad(_("{part!r} is not a die (1-6, or w1-w6 for a white die)").format(part=part))
                (white if m.group(1) else dice).append(int(m.group(2)))
        else:
            raise _Bad(_("unexpected {words!r}").format(words=word))
    if not seen_dice:
        raise _Bad(_("the dice are missing, e.g. place 5+3 @8"))
    if not advisor:
        raise _Bad(_("the advisor is missing, e.g. @8"))
    return place(tuple(dice), tuple(white), advisor, token, market, envoy)


def _parse_build(rest: list[str]) -> Action:
    envoy = bool(rest) and rest[-1] == "envoy"
    if envoy:
        rest = rest[:-1]
    slug = "-".join(rest)
    if slug not in BUILDING_BY_SLUG:
        raise _Bad(
            _("{slug!r} is not a building; use one of {slugs}").format(slug=slug, slugs=", ".join(BUILDING_BY_SLUG))
        )
    return Action("build", arg=slug, envoy=envoy)


def _parse_statue(rest: list[str]) -> Action:
    if rest and rest != ["white"]:
        raise _Bad(_("write 'statue' or 'statue white'"))
    return Action("statue", arg="white" if rest else "")


def _parse_townhall(rest: list[str]) -> Action:
    word = _one(rest, N_("expected exactly one payment (token, gold, wood or stone)"))
    return Action("townhall", arg=word if word == "token" else _good(word))


def _alone(action: Action) -> Callable[[list[str]], Action]:
    """The parser of a word that takes nothing after it."""

    def parse(rest: list[str]) -> Action:
        _none(rest)
        return action

    return parse


PASS = Action("pass")
_ONE_GOOD = N_("expected exactly one good")
_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "aid": lambda rest: Action("aid", arg=_good(_one(rest, _ONE_GOOD))),
    "statue": _parse_statue,
    "chapel": _alone(Action("chapel")),
    "place": _parse_place,
    "gift": lambda rest: Action("gift", goods=_goods(rest, allow_empty=True)),
    "trade": lambda rest: Action("trade", arg=_good(_one(rest, _ONE_GOOD))),
    "build": _parse_build,
    "townhall": _parse_townhall,
    "recruit": lambda rest: Action("recruit", goods=_goods(rest)),
    "lose": lambda rest: Action("lose", arg=_good(_one(rest, _ONE_GOOD))),
    "gain": lambda rest: Action("gain", arg=_good(_one(rest, _ONE_GOOD))),
    "pass": _alone(PASS),
}


def register(word: str, choices: tuple[str, ...] = (), advisor: bool = False) -> None:
    """Add a variant's action to the notation: ``word`` alone, ``word CHOICE`` (one of ``choices``, kept in
    ``arg``), or ``word @N`` (``advisor``). Its text parses back to the same Action (docs/variants.md)."""
    if word in _PARSERS and word not in _REGISTERED:
        raise ValueError(f"{word!r} is already an action of the notation")
    if not re.fullmatch(r"[a-z][a-z-]*", word) or not all(re.fullmatch(r"[a-z0-9][a-z0-9-]*", c) for c in choices):
        raise ValueError(f"{word!r} {choices!r}: a variant's words are lowercase ASCII letters, digits and '-'")

    def read(rest: list[str]) -> Action:
        if advisor:
            number = _ADVISOR.fullmatch(_one(rest, N_("expected exactly one advisor, written @1 to @18")))
            if not number:
                raise _Bad(_("{word!r}: the advisor is written @1 to @18").format(word=rest[0]))
            return Action(word, advisor=int(number.group(1)))
        if choices:
            choice = _one(rest, N_("expected exactly one of {choices}"), choices=", ".join(choices))
            if choice not in choices:
                raise _Bad(_("{word!r} is not one of {choices}").format(word=choice, choices=", ".join(choices)))
            return Action(word, arg=choice)
        _none(rest)
        return Action(word)

    _PARSERS[word] = read
    _REGISTERED.add(word)


_REGISTERED: set[str] = set()
