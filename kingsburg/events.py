"""Every kind of event the engine logs, each written once: its data fields and their types, and the English
sentence made from them.

An ``Event`` (``state.py``) records what happened as ``kind`` and ``data``; its ``text`` is rendered here from
those alone (and the players' names, looked up by seat), so a program reads the kind and data and never the
words, and rewording a sentence changes one renderer. ``rules.common.say`` logs an event by kind. A variant
declares its own kinds in its module (``Variant.events``) and ``kingsburg.variants`` registers them, as it does
its decisions. docs/api.md lists every kind.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from .content import BUILDING_BY_SLUG, ENEMY_BY_ID, advisor, phase_name

Value = int | str | tuple[str, ...] | tuple[int, ...]
"""A data field's value: JSON-like, so a page or a save can carry it as it is."""
Data = Mapping[str, Value]
# The types a field may be declared with.
INT, STR, STRS, INTS = int, str, tuple[str, ...], tuple[int, ...]
FieldType = Any  # one of INT, STR, STRS, INTS


def goods_text(goods: Sequence[str]) -> str:
    """ "gold, gold, wood" -> "2 gold, 1 wood" ("nothing" for none)."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(f"{n} {g}" for g, n in counts.items()) or "nothing"


def dice_text(dice: Sequence[int], white: Sequence[int]) -> str:
    return ", ".join([str(d) for d in dice] + [f"white {d}" for d in white])


def advisor_text(number: int) -> str:
    return f"the {advisor(number).name} (#{number})"


class Facts:
    """What a renderer reads: the players' names, the event's seat, its VP and its data, with typed getters (the
    table declares each field's type, which the tests check). A plain class: one is made for every line logged."""

    __slots__ = ("data", "names", "seat", "vp")

    def __init__(self, names: Sequence[str], seat: int | None, data: Data, vp: int = 0) -> None:
        self.names, self.seat, self.data, self.vp = names, seat, data, vp

    @property
    def name(self) -> str:
        """The name of the event's seat."""
        assert self.seat is not None, "this kind of event has a seat"
        return self.names[self.seat]

    def num(self, key: str) -> int:
        value = self.data[key]
        assert isinstance(value, int)
        return value

    def word(self, key: str) -> str:
        value = self.data[key]
        assert isinstance(value, str)
        return value

    def words(self, key: str) -> tuple[str, ...]:
        return cast(tuple[str, ...], self.data[key])

    def nums(self, key: str) -> tuple[int, ...]:
        return cast(tuple[int, ...], self.data[key])


Renderer = Callable[[Facts], str]


@dataclass(frozen=True)
class EventKind:
    """One kind of event: its name (``Event.kind``), what its ``seat`` is (for the docs; "" for the table's own
    lines, which have none), its data fields (``fields`` always present, ``optional`` sometimes) with their
    types, the variant that logs it (None: the first edition's own) and its sentence: a ``str.format``
    template over ``name`` (the seat's) and the fields, or a function of the ``Facts``."""

    kind: str
    seat: str
    fields: Mapping[str, FieldType]
    render: str | Renderer
    optional: Mapping[str, FieldType] = field(default_factory=dict)
    variant: str | None = None

    def text(self, facts: Facts) -> str:
        if isinstance(self.render, str):
            name = facts.names[facts.seat] if facts.seat is not None else ""
            return self.render.format(name=name, **facts.data)
        return self.render(facts)

    def problems(self, data: Data) -> list[str]:
        """What is wrong with ``data`` for this kind: a field missing, unknown or of the wrong type."""
        out = [f"{self.kind}: no field {k!r}" for k in self.fields if k not in data]
        declared = {**self.fields, **self.optional}
        for key, value in data.items():
            if key not in declared:
                out.append(f"{self.kind}: undeclared field {key!r}")
            elif not conforms(value, declared[key]):
                out.append(f"{self.kind}: field {key!r} is {value!r}, not {declared[key]}")
        return out


def conforms(value: object, typ: FieldType) -> bool:
    if typ is INT or typ is STR:
        return isinstance(value, typ) and not isinstance(value, bool)
    inner = str if typ == STRS else int
    return isinstance(value, tuple) and all(isinstance(v, inner) and not isinstance(v, bool) for v in value)


EVENTS: dict[str, EventKind] = {}


def register(kind: EventKind) -> EventKind:
    """Add a kind of event to the table (at import time; a kind's name is taken once)."""
    if kind.kind in EVENTS and EVENTS[kind.kind] != kind:
        raise ValueError(f"the event kind {kind.kind!r} is already registered")
    EVENTS[kind.kind] = kind
    return kind


FORCED: dict[str, Renderer] = {}
"""The sentence of a ``forced`` event, by the decision the engine took (a variant adds its decisions')."""


REASONS: dict[str, Renderer] = {}
"""The words of a ``vp`` event's ``why``, by its ``reason`` (a variant adds its own: ``Variant.reasons``)."""


def render(kind: str, names: Sequence[str], seat: int | None, data: Data, vp: int = 0) -> str:
    """The English sentence of an event (what ``Event.text`` holds)."""
    return EVENTS[kind].text(Facts(names, seat, data, vp))


# --- The first edition's events ---------------------------------------------------------------------------------


def _year(f: Facts) -> str:
    return f"Year {f.num('year')}. Phase 1: {phase_name(1, f.num('edition'))}."


def _aid_die(f: Facts) -> str:
    die = "bonus die" if f.num("edition") == 2 else "white die"
    return f"The King aids {f.name}: an extra {die} this spring."


def _aid_tie(f: Facts) -> str:
    names = ", ".join(f.names[i] for i in f.nums("seats"))
    return f"{names} are tied as least developed: each takes one good of their choice."


def _phase(f: Facts) -> str:
    name = phase_name(f.num("phase"), f.num("edition"))
    return f"Phase {f.num('phase')}: {name[0].lower() + name[1:] if name.startswith('The ') else name}."


def _roll(f: Facts) -> str:
    return f"{f.name} rolls {dice_text(f.nums('dice'), f.nums('white'))}."


def _dummy(f: Facts) -> str:
    return f"The dummy dice take {', '.join(advisor_text(n) for n in f.nums('advisors'))} for this season."


def _order(f: Facts) -> str:
    listed = ", ".join(f"{f.names[i]} ({t})" for i, t in zip(f.nums("order"), f.nums("totals"), strict=True))
    return f"Turn order: {listed}."


def _place(f: Facts) -> str:
    extras = [
        what
        for key, what in (("token", 'a "+2" token'), ("market", "the Market"), ("envoy", "the King's Envoy"))
        if f.num(key)
    ]
    using = f" using {' and '.join(extras)}" if extras else ""
    dice = dice_text(f.nums("dice"), f.nums("white"))
    return f"{f.name} influences {advisor_text(f.num('advisor'))} with {dice}{using}."


def _build(f: Facts) -> str:
    how = " with the King's Envoy" if f.num("envoy") else ""
    paid = ", ".join(f"{f.num(g)} {g}" for g in ("gold", "wood", "stone") if f.num(g))
    return f"{f.name} builds the {BUILDING_BY_SLUG[f.word('building')].name}{how} for {paid or 'nothing'}."


def _no_build(f: Facts) -> str:
    return f"{f.name} builds nothing {'more ' if f.num('envoy') else ''}this season."


def _statue(f: Facts) -> str:
    which = "white " if f.num("white") else ""
    return f"{f.name} uses the Statue to reroll a {which}{f.num('old')}: {f.num('new')}."


def _chapel(f: Facts) -> str:
    return f"{f.name} uses the Chapel to reroll all dice: {dice_text(f.nums('dice'), f.nums('white'))}."


def _recruit(f: Facts) -> str:
    return f"{f.name} recruits a soldier for {goods_text(f.words('goods'))} ({f.num('soldiers')} in all)."


def _gift(f: Facts) -> str:
    name = advisor_text(f.num("advisor"))
    goods = f.words("goods")
    if "paid" in f.data:
        return f"{f.name} trades 1 {f.words('paid')[0]} for {goods_text(goods)} with {name}."
    parts = [goods_text(goods)] if goods else []
    if f.num("tokens"):
        parts.append('a "+2" token')
    n = f.num("soldiers")
    if n:
        parts.append(f"{n} soldier{'s' if n > 1 else ''}")
    return f"{f.name} receives {' and '.join(parts)} from {name}."


def _seen(f: Facts) -> str:
    card = f.word("card")
    return f"The top {f.word('deck')} card is {ENEMY_BY_ID[card].name if card else 'unknown'}."


def _vp(f: Facts) -> str:
    return f"{f.name} {'+' if f.vp >= 0 else '−'}{abs(f.vp)} VP: {f.word('why')}."


def _enemy(f: Facts) -> str:
    enemy = ENEMY_BY_ID[f.word("card")]
    return f"Winter, year {enemy.year}: the enemy is {enemy.describe()}"


def _king(f: Facts) -> str:
    die = f.num("die")
    if "low" in f.data:  # Wheel and Deal's Military: two dice, the higher for its holder
        first, second = f.nums("dice")
        return (
            f"{f.name} rolls two dice for the King's reinforcements (the Military): {first} and {second}. "
            f"{f.name} receives {die}, everyone else {f.num('low')}."
        )
    many = f"{die} soldier{'s' if die > 1 else ''}"
    return f"{f.names[f.num('roller')]} rolls the King's die: {die}. The King sends {many} to everyone."


def _fight(f: Facts) -> str:
    v, outcome = f.num("strength"), f.word("outcome")
    if outcome == "victory":
        note = " (the Stone Wall turns the tie into a win)" if f.num("wall") else ""
        return f"{f.name} fights with {v} and wins{note}."
    if outcome == "draw":
        return f"{f.name} fights with {v}: a draw, nothing is won or lost."
    return f"{f.name} fights with {v} and is defeated."


def _destroyed(f: Facts) -> str:
    slug = f.word("building")
    if not slug:
        return f"The {f.word('enemy')} find nothing of {f.name}'s to destroy."
    return f"The {f.word('enemy')} destroy {f.name}'s {BUILDING_BY_SLUG[slug].name}."


def _forced(f: Facts) -> str:
    return FORCED[f.word("decision")](f)


def _forced_influence(f: Facts) -> str:
    dice, white = f.nums("dice"), f.nums("white")
    why = (
        f"cannot reach any advisor with {dice_text(dice, white)}"
        if dice
        else "has only white dice left, which never influence alone"
    )
    return f"{f.name} {why}: {f.name} passes."


def _forced_build(f: Facts) -> str:
    what = "a second building with the King's Envoy" if f.num("envoy") else "to build"
    return f"Nothing {f.name} can afford {what}: no building this season."


def _forced_recruit(f: Facts) -> str:
    why = "no goods" if not f.num("held") else f"too few goods ({f.num('per')} a soldier)"
    return f"{f.name} has {why} to recruit with."


def _town_hall(f: Facts) -> str:
    paid = f.word("paid")
    what = 'a "+2" token' if paid == "token" else f"1 {paid}"
    return f"the Town Hall, for {what}"


REASONS.update(
    {
        "advisor": lambda f: advisor(f.num("advisor")).name,
        "built": lambda f: f"built the {BUILDING_BY_SLUG[f.word('building')].name}",
        "lost": lambda f: f"lost the {BUILDING_BY_SLUG[f.word('building')].name}",
        "reward": lambda f: f"the King's Reward for the most buildings ({f.num('most')})",
        "embassy": lambda f: "the Embassy",
        "town hall": _town_hall,
        "victory": lambda f: f"victory over the {f.word('enemy')}",
        "defeat": lambda f: f"defeat by the {f.word('enemy')}",
        "fortress": lambda f: "the Fortress",
        "strongest": lambda f: "strongest victorious governor",
        "cathedral": lambda f: f"the Cathedral, for {f.num('held')} goods",
    }
)

FORCED.update(
    influence=_forced_influence,
    build=_forced_build,
    recruit=_forced_recruit,
    townhall=lambda f: f"{f.name} has nothing to pay at the Town Hall.",
)

for _kind in (
    # The calendar's own lines: the start of a year and of a phase, the end of the game.
    EventKind("year", "", {"year": INT, "edition": INT}, _year),
    EventKind("phase", "", {"phase": INT, "edition": INT}, _phase),
    EventKind("end", "", {}, "The fifth year is over."),
    # Phase 1, the King's aid.
    EventKind("aid-die", "the aided", {"edition": INT}, _aid_die),
    EventKind("aid-tie", "", {"seats": INTS}, _aid_tie),
    EventKind("aid", "the aided", {"goods": STRS}, "The King aids {name} with 1 {goods[0]}."),
    # A productive season.
    EventKind("guild", "the owner", {}, "{name} takes 1 gold from the Merchants' Guild."),
    EventKind("roll", "the roller", {"dice": INTS, "white": INTS}, _roll),
    EventKind("statue", "the owner", {"white": INT, "old": INT, "new": INT}, _statue),
    EventKind("chapel", "the owner", {"dice": INTS, "white": INTS}, _chapel),
    EventKind("dummy", "", {"advisors": INTS}, _dummy),
    EventKind("order", "", {"order": INTS, "totals": INTS}, _order),
    EventKind(
        "place",
        "the influencer",
        {"advisor": INT, "dice": INTS, "white": INTS, "token": INT, "market": INT, "envoy": INT},
        _place,
    ),
    EventKind("pass", "the passer", {}, "{name} passes."),
    EventKind(
        "gift",
        "the receiver",
        {"advisor": INT, "goods": STRS},
        _gift,
        optional={"tokens": INT, "soldiers": INT, "paid": STRS},
    ),
    EventKind(
        "no-trade",
        "the receiver",
        {"advisor": INT},
        lambda f: f"{f.name} makes no trade with {advisor_text(f.num('advisor'))}.",
    ),
    EventKind("look", "the looker", {"deck": STR, "chose": INT}, "{name} secretly looks at the top {deck} card."),
    EventKind("seen", "the looker (secret)", {"deck": STR, "card": STR}, _seen),
    EventKind("build", "the builder", {"building": STR, "envoy": INT, "gold": INT, "wood": INT, "stone": INT}, _build),
    EventKind("no-build", "the player", {"envoy": INT}, _no_build),
    EventKind("inn", "the owner", {}, '{name} takes a "+2" token from the Inn.'),
    # Phase 5, the King's Envoy.
    EventKind("envoy-unused", "the holder", {}, "The King's Envoy leaves {name} unused."),
    EventKind("envoy", "the receiver", {}, "The King's Envoy goes to {name}."),
    EventKind("envoy-tie", "", {}, "The least developed governors are tied: nobody receives the King's Envoy."),
    # Phase 7, recruiting.
    EventKind("recruit", "the recruiter", {"goods": STRS, "soldiers": INT}, _recruit),
    # Phase 8, the battle.
    EventKind("enemy", "", {"card": STR}, _enemy),
    EventKind(
        "king", "the Military's holder, if any", {"die": INT}, _king, optional={"roller": INT, "low": INT, "dice": INTS}
    ),
    EventKind(
        "fight",
        "the fighter",
        {
            "outcome": STR,
            "wall": INT,
            "soldiers": INT,
            "king": INT,
            "buildings": INT,
            "base": INT,
            "strength": INT,
        },
        _fight,
    ),
    EventKind(
        "spoils",
        "the winner",
        {"goods": STRS},
        lambda f: f"{f.name} takes {goods_text(f.words('goods'))} from the spoils.",
    ),
    EventKind("loss", "the loser", {"goods": STRS}, lambda f: f"{f.name} loses {goods_text(f.words('goods'))}."),
    EventKind("destroyed", "the loser", {"building": STR, "enemy": STR}, _destroyed),
    # Any time.
    EventKind(
        "vp",
        "the scorer",
        {"source": STR, "reason": STR, "why": STR},
        _vp,
        # The reason's facts, by reason (its words, ``why``, are made from them: REASONS).
        optional={
            "advisor": INT,
            "bonus": INT,
            "building": STR,
            "most": INT,
            "paid": STR,
            "enemy": STR,
            "held": INT,
            "tokens": INTS,
            "total": INT,
            "count": INT,
            "by": INT,
        },
    ),
    EventKind(
        "forced",
        "who did not decide",
        {"decision": STR},
        _forced,
        optional={"dice": INTS, "white": INTS, "envoy": INT, "held": INT, "per": INT, "left": INT},
    ),
):
    register(_kind)
