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
from typing import Any, Protocol, cast

from .content import BUILDING_BY_SLUG, ENEMY_BY_ID, advisor, count_of
from .i18n import N_, _, ngettext, source_language

Value = int | str | tuple[str, ...] | tuple[int, ...]
"""A data field's value: JSON-like, so a page or a save can carry it as it is."""
Data = Mapping[str, Value]
# The types a field may be declared with.
INT, STR, STRS, INTS = int, str, tuple[str, ...], tuple[int, ...]
FieldType = Any  # one of INT, STR, STRS, INTS


def goods_text(goods: Sequence[str]) -> str:
    """ "gold, gold, wood" -> "2 gold, 1 wood" ("nothing" for none), in the reader's language."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(count_of(g, n) for g, n in counts.items()) or _("nothing")


def dice_text(dice: Sequence[int], white: Sequence[int]) -> str:
    return ", ".join([str(d) for d in dice] + [_("white {value}").format(value=d) for d in white])


def advisor_text(number: int) -> str:
    return _("the {advisor} (#{number})").format(advisor=_(advisor(number).name), number=number)


def both(first: str, second: str) -> str:
    """Two parts of one list joined by the language's "and" (three: ``both(both(a, b), c)``)."""
    return _("{first} and {second}").format(first=first, second=second)


def all_of(parts: Sequence[str]) -> str:
    """Parts joined by "and", as the English sentences always did ("a and b and c"); "" for none."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = both(out, part)
    return out


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
            return _(self.render).format(name=name, **facts.data)
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
    """The English sentence of an event (what ``Event.text`` holds), whatever language is installed."""
    with source_language():
        return EVENTS[kind].text(Facts(names, seat, data, vp))


class Logged(Protocol):
    """What ``sentence`` reads of a logged event (``state.Event``)."""

    @property
    def text(self) -> str: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def vp(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> Mapping[str, Value]: ...


def sentence(event: Logged, names: Sequence[str]) -> str:
    """An event's sentence in the reader's language (``kingsburg.i18n``), made again from its kind and data:
    ``Event.text`` is English, written when it was logged. A ``vp`` event's words for its reason (``why``) are
    made again too; an event of a kind this engine does not know keeps its English text. With no language
    installed, this is ``event.text`` exactly."""
    kind = EVENTS.get(event.kind)
    if kind is None:
        return event.text
    data = event.data
    if event.kind == "vp":
        data = {**data, "why": why(event, names)}
    return kind.text(Facts(names, event.seat, data, event.vp))


def why(event: Logged, names: Sequence[str]) -> str:
    """A ``vp`` event's words for its reason in the reader's language ("the Jester"; ``data["why"]`` is English)."""
    reason, stored = event.data.get("reason"), event.data.get("why", "")
    if isinstance(reason, str) and reason in REASONS:
        return REASONS[reason](Facts(names, event.seat, event.data, event.vp))
    return stored if isinstance(stored, str) else ""


# --- The first edition's events ---------------------------------------------------------------------------------


def _year(f: Facts) -> str:
    if f.num("edition") == 2:
        return _("Year {year}. Phase 1: The King's Favor.").format(year=f.num("year"))
    return _("Year {year}. Phase 1: Aid from the King.").format(year=f.num("year"))


def _aid_die(f: Facts) -> str:
    if f.num("edition") == 2:
        return _("The King aids {name}: an extra bonus die this spring.").format(name=f.name)
    return _("The King aids {name}: an extra white die this spring.").format(name=f.name)


def _aid_tie(f: Facts) -> str:
    names = ", ".join(f.names[i] for i in f.nums("seats"))
    return _("{names} are tied as least developed: each takes one good of their choice.").format(names=names)


def _aid(f: Facts) -> str:
    return _("The King aids {name} with {good}.").format(name=f.name, good=count_of(f.words("goods")[0], 1))


# The line that opens each phase, by edition and phase: whole sentences, since a phase's name sits in them
# differently from language to language (English lowers "The" of "The King's Reward").
_PHASE_LINES = {
    (1, 1): N_("Phase 1: Aid from the King."),
    (1, 2): N_("Phase 2: Spring."),
    (1, 3): N_("Phase 3: the King's Reward."),
    (1, 4): N_("Phase 4: Summer."),
    (1, 5): N_("Phase 5: the King's Envoy."),
    (1, 6): N_("Phase 6: Autumn."),
    (1, 7): N_("Phase 7: Recruit Soldiers."),
    (1, 8): N_("Phase 8: Winter: the Battle."),
    (2, 1): N_("Phase 1: the King's Favor."),
    (2, 6): N_("Phase 6: Fall."),
}


def _phase(f: Facts) -> str:
    phase, edition = f.num("phase"), f.num("edition")
    return _(_PHASE_LINES.get((edition, phase)) or _PHASE_LINES[(1, phase)])


def _roll(f: Facts) -> str:
    return _("{name} rolls {dice}.").format(name=f.name, dice=dice_text(f.nums("dice"), f.nums("white")))


def _dummy(f: Facts) -> str:
    taken = ", ".join(advisor_text(n) for n in f.nums("advisors"))
    return _("The dummy dice take {advisors} for this season.").format(advisors=taken)


def _order(f: Facts) -> str:
    listed = ", ".join(f"{f.names[i]} ({t})" for i, t in zip(f.nums("order"), f.nums("totals"), strict=True))
    return _("Turn order: {order}.").format(order=listed)


# What a placement used beside its dice, in the order the sentence names them.
_EXTRAS = (("token", N_('a "+2" token')), ("market", N_("the Market")), ("envoy", N_("the King's Envoy")))


def _place(f: Facts) -> str:
    extras = [_(what) for key, what in _EXTRAS if f.num(key)]
    dice = dice_text(f.nums("dice"), f.nums("white"))
    who = advisor_text(f.num("advisor"))
    if extras:
        return _("{name} influences {advisor} with {dice} using {extras}.").format(
            name=f.name, advisor=who, dice=dice, extras=all_of(extras)
        )
    return _("{name} influences {advisor} with {dice}.").format(name=f.name, advisor=who, dice=dice)


def _paid(f: Facts) -> str:
    return ", ".join(count_of(g, f.num(g)) for g in ("gold", "wood", "stone") if f.num(g)) or _("nothing")


def _build(f: Facts) -> str:
    building = _(BUILDING_BY_SLUG[f.word("building")].name)
    if f.num("envoy"):
        message = _("{name} builds the {building} with the King's Envoy for {paid}.")
    else:
        message = _("{name} builds the {building} for {paid}.")
    return message.format(name=f.name, building=building, paid=_paid(f))


def _no_build(f: Facts) -> str:
    if f.num("envoy"):
        return _("{name} builds nothing more this season.").format(name=f.name)
    return _("{name} builds nothing this season.").format(name=f.name)


def _statue(f: Facts) -> str:
    if f.num("white"):
        message = _("{name} uses the Statue to reroll a white {old}: {new}.")
    else:
        message = _("{name} uses the Statue to reroll a {old}: {new}.")
    return message.format(name=f.name, old=f.num("old"), new=f.num("new"))


def _chapel(f: Facts) -> str:
    dice = dice_text(f.nums("dice"), f.nums("white"))
    return _("{name} uses the Chapel to reroll all dice: {dice}.").format(name=f.name, dice=dice)


def _recruit(f: Facts) -> str:
    return _("{name} recruits a soldier for {goods} ({soldiers} in all).").format(
        name=f.name, goods=goods_text(f.words("goods")), soldiers=f.num("soldiers")
    )


def _gift(f: Facts) -> str:
    who = advisor_text(f.num("advisor"))
    goods = f.words("goods")
    if "paid" in f.data:
        return _("{name} trades {paid} for {goods} with {advisor}.").format(
            name=f.name, paid=count_of(f.words("paid")[0], 1), goods=goods_text(goods), advisor=who
        )
    parts = [goods_text(goods)] if goods else []
    if f.num("tokens"):
        parts.append(_('a "+2" token'))
    n = f.num("soldiers")
    if n:
        parts.append(ngettext("{n} soldier", "{n} soldiers", n).format(n=n))
    return _("{name} receives {gifts} from {advisor}.").format(name=f.name, gifts=all_of(parts), advisor=who)


def _no_trade(f: Facts) -> str:
    return _("{name} makes no trade with {advisor}.").format(name=f.name, advisor=advisor_text(f.num("advisor")))


def _look(f: Facts) -> str:
    if f.word("deck") == "valley":
        return _("{name} secretly looks at the top valley card.").format(name=f.name)
    return _("{name} secretly looks at the top enemy card.").format(name=f.name)


def _seen(f: Facts) -> str:
    card = f.word("card")
    shown = ENEMY_BY_ID[card].title() if card else _("unknown")
    if f.word("deck") == "valley":
        return _("The top valley card is {card}.").format(card=shown)
    return _("The top enemy card is {card}.").format(card=shown)


def _vp(f: Facts) -> str:
    if f.vp >= 0:
        return _("{name} +{n} VP: {why}.").format(name=f.name, n=f.vp, why=f.word("why"))
    return _("{name} −{n} VP: {why}.").format(name=f.name, n=-f.vp, why=f.word("why"))


def _enemy(f: Facts) -> str:
    enemy = ENEMY_BY_ID[f.word("card")]
    # No full stop: the card's description ends with one.
    return _("Winter, year {year}: the enemy is {enemy}").format(year=enemy.year, enemy=enemy.describe())


def _king(f: Facts) -> str:
    die = f.num("die")
    if "low" in f.data:  # Wheel and Deal's Military: two dice, the higher for its holder
        first, second = f.nums("dice")
        return _(
            "{name} rolls two dice for the King's reinforcements (the Military): {first} and {second}. "
            "{name} receives {die}, everyone else {low}."
        ).format(name=f.name, first=first, second=second, die=die, low=f.num("low"))
    return ngettext(
        "{roller} rolls the King's die: {n}. The King sends {n} soldier to everyone.",
        "{roller} rolls the King's die: {n}. The King sends {n} soldiers to everyone.",
        die,
    ).format(roller=f.names[f.num("roller")], n=die)


def _fight(f: Facts) -> str:
    v, outcome = f.num("strength"), f.word("outcome")
    if outcome == "victory":
        if f.num("wall"):
            message = _("{name} fights with {strength} and wins (the Stone Wall turns the tie into a win).")
        else:
            message = _("{name} fights with {strength} and wins.")
    elif outcome == "draw":
        message = _("{name} fights with {strength}: a draw, nothing is won or lost.")
    else:
        message = _("{name} fights with {strength} and is defeated.")
    return message.format(name=f.name, strength=v)


def _spoils(f: Facts) -> str:
    return _("{name} takes {goods} from the spoils.").format(name=f.name, goods=goods_text(f.words("goods")))


def _loss(f: Facts) -> str:
    return _("{name} loses {goods}.").format(name=f.name, goods=goods_text(f.words("goods")))


def _destroyed(f: Facts) -> str:
    slug, enemy = f.word("building"), _(f.word("enemy"))
    if not slug:
        return _("The {enemy} find nothing of {name}'s to destroy.").format(enemy=enemy, name=f.name)
    building = _(BUILDING_BY_SLUG[slug].name)
    return _("The {enemy} destroy {name}'s {building}.").format(enemy=enemy, name=f.name, building=building)


def _forced(f: Facts) -> str:
    return FORCED[f.word("decision")](f)


def _forced_influence(f: Facts) -> str:
    dice, white = f.nums("dice"), f.nums("white")
    if dice:
        return _("{name} cannot reach any advisor with {dice}: {name} passes.").format(
            name=f.name, dice=dice_text(dice, white)
        )
    return _("{name} has only white dice left, which never influence alone: {name} passes.").format(name=f.name)


def _forced_build(f: Facts) -> str:
    if f.num("envoy"):
        return _("Nothing {name} can afford a second building with the King's Envoy: no building this season.").format(
            name=f.name
        )
    return _("Nothing {name} can afford to build: no building this season.").format(name=f.name)


def _forced_recruit(f: Facts) -> str:
    if not f.num("held"):
        return _("{name} has no goods to recruit with.").format(name=f.name)
    return _("{name} has too few goods ({per} a soldier) to recruit with.").format(name=f.name, per=f.num("per"))


def _town_hall(f: Facts) -> str:
    paid = f.word("paid")
    if paid == "token":
        return _('the Town Hall, for a "+2" token')
    return _("the Town Hall, for {paid}").format(paid=count_of(paid, 1))


REASONS.update(
    {
        "advisor": lambda f: _(advisor(f.num("advisor")).name),
        "built": lambda f: _("built the {building}").format(building=_(BUILDING_BY_SLUG[f.word("building")].name)),
        "lost": lambda f: _("lost the {building}").format(building=_(BUILDING_BY_SLUG[f.word("building")].name)),
        "reward": lambda f: _("the King's Reward for the most buildings ({most})").format(most=f.num("most")),
        "embassy": lambda f: _("the Embassy"),
        "town hall": _town_hall,
        "victory": lambda f: _("victory over the {enemy}").format(enemy=_(f.word("enemy"))),
        "defeat": lambda f: _("defeat by the {enemy}").format(enemy=_(f.word("enemy"))),
        "fortress": lambda f: _("the Fortress"),
        "strongest": lambda f: _("strongest victorious governor"),
        "cathedral": lambda f: ngettext(
            "the Cathedral, for {held} goods", "the Cathedral, for {held} goods", f.num("held")
        ).format(held=f.num("held")),
    }
)

FORCED.update(
    influence=_forced_influence,
    build=_forced_build,
    recruit=_forced_recruit,
    townhall=lambda f: _("{name} has nothing to pay at the Town Hall.").format(name=f.name),
)

for _kind in (
    # The calendar's own lines: the start of a year and of a phase, the end of the game.
    EventKind("year", "", {"year": INT, "edition": INT}, _year),
    EventKind("phase", "", {"phase": INT, "edition": INT}, _phase),
    EventKind("end", "", {}, N_("The fifth year is over.")),
    # Phase 1, the King's aid.
    EventKind("aid-die", "the aided", {"edition": INT}, _aid_die),
    EventKind("aid-tie", "", {"seats": INTS}, _aid_tie),
    EventKind("aid", "the aided", {"goods": STRS}, _aid),
    # A productive season.
    EventKind("guild", "the owner", {}, N_("{name} takes 1 gold from the Merchants' Guild.")),
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
    EventKind("pass", "the passer", {}, N_("{name} passes.")),
    EventKind(
        "gift",
        "the receiver",
        {"advisor": INT, "goods": STRS},
        _gift,
        optional={"tokens": INT, "soldiers": INT, "paid": STRS},
    ),
    EventKind("no-trade", "the receiver", {"advisor": INT}, _no_trade),
    EventKind("look", "the looker", {"deck": STR, "chose": INT}, _look),
    EventKind("seen", "the looker (secret)", {"deck": STR, "card": STR}, _seen),
    EventKind("build", "the builder", {"building": STR, "envoy": INT, "gold": INT, "wood": INT, "stone": INT}, _build),
    EventKind("no-build", "the player", {"envoy": INT}, _no_build),
    EventKind("inn", "the owner", {}, N_('{name} takes a "+2" token from the Inn.')),
    # Phase 5, the King's Envoy.
    EventKind("envoy-unused", "the holder", {}, N_("The King's Envoy leaves {name} unused.")),
    EventKind("envoy", "the receiver", {}, N_("The King's Envoy goes to {name}.")),
    EventKind("envoy-tie", "", {}, N_("The least developed governors are tied: nobody receives the King's Envoy.")),
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
    EventKind("spoils", "the winner", {"goods": STRS}, _spoils),
    EventKind("loss", "the loser", {"goods": STRS}, _loss),
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
