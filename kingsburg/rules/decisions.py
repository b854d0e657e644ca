"""Every kind of decision, each written once: its legal actions, its effect, why an action is refused, and the
sentence that asks for it.

A decision waiting in ``State.queue`` is a ``Task`` whose ``kind`` names an entry of ``DECISIONS``. The calendar
(``flow.py``), saves, the notation and the bots all read this one table; a variant adds its own kinds with
``register`` (see docs/variants.md).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import ClassVar

from ..actions import PASS, Action
from ..content import BARRACKS, BUILDING_BY_SLUG, CHAPEL, GOODS, STATUE
from ..events import advisor_text
from ..i18n import _, ngettext
from ..state import Player, State, Task
from . import buildings, gifts, influence
from .battle import lose_any
from .common import roll, say, score


class DecisionKind:
    """One kind of decision. Subclasses set ``kind`` and ``answers`` and write the four methods.

    ``answers`` are the action kinds (``Action.kind``) that can answer it; ``args`` the range of ``Task.arg``
    a saved position may hold for it (checked when a position is read); ``variant`` the variant that adds it
    (None for the first edition's own); ``secret``: the action chosen is known only to its seat until the variant
    reveals it (a seat's view shows other seats' answers as "hidden"); ``queued_after``: see below."""

    kind: ClassVar[str]
    answers: ClassVar[tuple[str, ...]]
    args: ClassVar[tuple[int, int]] = (0, 0)
    variant: ClassVar[str | None] = None
    secret: ClassVar[bool] = False
    # Calendar steps after which this kind can be waiting because a hook queued it from inside them (a position
    # is checked against it): the valley's look, asked for by a gift.
    queued_after: ClassVar[tuple[str, ...]] = ()

    def legal(self, s: State, task: Task) -> list[Action]:
        raise NotImplementedError

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        """Carry out ``a`` (legal, and already taken off the queue). ``forced``: it was the only choice, taken by
        the engine, so the log says why."""
        raise NotImplementedError

    def describe(self, s: State, task: Task) -> str:
        """One sentence without its full stop: who must decide what now."""
        raise NotImplementedError

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        """Why ``a`` (of one of the ``answers`` kinds, but not legal) is refused, in words."""
        choices = ", ".join(str(x) for x in self.legal(s, task))
        return _("not one of the choices now: {choices}").format(choices=choices)

    def effect(self, s: State, task: Task, a: Action) -> str:
        """What choosing ``a`` does, in a few words, where its name alone does not say it (a scenario's group, a
        look at one deck): the page shows it under the choice. "" when the name says it all."""
        return ""


DECISIONS: dict[str, DecisionKind] = {}


def register(decision: DecisionKind) -> DecisionKind:
    """Add a kind of decision to the table (at import time; a kind's name is taken once)."""
    if decision.kind in DECISIONS and type(DECISIONS[decision.kind]) is not type(decision):
        raise ValueError(f"the decision kind {decision.kind!r} is already registered")
    DECISIONS[decision.kind] = decision
    return decision


def _goods_refused(p: Player) -> str:
    return _("{name} does not have those goods (gold {gold}, wood {wood}, stone {stone})").format(
        name=p.name, gold=p.gold, wood=p.wood, stone=p.stone
    )


# --- The first edition's decisions --------------------------------------------------------------------------


class Influence(DecisionKind):
    kind, answers = "influence", ("place", "pass")

    def legal(self, s: State, task: Task) -> list[Action]:
        acts = influence.placements(s, task.seat)
        acts.append(PASS)
        return acts

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        p = s.players[seat]
        if a.kind == "pass":
            p.passed = True
            if forced and (p.dice or p.white):
                say(s, "forced", seat, decision=self.kind, dice=tuple(p.dice), white=tuple(p.white))
            else:
                say(s, "pass", seat)
        else:
            influence.apply_place(s, seat, a)
        next_influencer(s)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must influence an advisor or pass").format(name=s.players[task.seat].name)

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind == "place":
            return influence.why_not(s, task.seat, a)
        return super().why_illegal(s, task, a)


def next_influencer(s: State) -> None:
    """Rounds in turn order: the next player who has not passed, or none (the step is over)."""
    n = len(s.order)
    for k in range(1, n + 1):
        i = (s.cursor + k) % n
        seat = s.order[i]
        if not s.players[seat].passed:
            s.cursor = i
            s.queue.insert(0, Task(seat, "influence"))
            return


class Gift(DecisionKind):
    kind, answers, args = "gift", ("gift", "trade", "pass"), (1, 18)

    def legal(self, s: State, task: Task) -> list[Action]:
        return gifts.options(s, task.seat, task.arg)

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        gifts.receive(s, task.seat, task.arg, a)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must choose the gift of {advisor}").format(
            name=s.players[task.seat].name, advisor=advisor_text(task.arg)
        )

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind == "trade":
            return _goods_refused(s.players[task.seat])
        return super().why_illegal(s, task, a)


_BUILD = {(b.slug, e): Action("build", arg=b.slug, envoy=e) for b in BUILDING_BY_SLUG.values() for e in (False, True)}


class Build(DecisionKind):
    """``arg`` 1: the second build of a season, with the King's Envoy."""

    kind, answers, args = "build", ("build", "pass"), (0, 1)

    def legal(self, s: State, task: Task) -> list[Action]:
        acts = [_BUILD[b.slug, task.arg == 1] for b in buildings.buildable(s.players[task.seat])]
        acts.append(PASS)
        return acts

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        if a.kind == "build":
            buildings.construct(s, seat, BUILDING_BY_SLUG[a.arg], a.envoy)
            if a.envoy:
                s.envoy = None
            elif s.envoy == seat:
                s.queue.insert(0, Task(seat, "build", 1))
        elif forced:
            say(s, "forced", seat, decision=self.kind, envoy=task.arg)
        else:
            say(s, "no-build", seat, envoy=task.arg)

    def describe(self, s: State, task: Task) -> str:
        if task.arg:
            message = _("{name} may construct a second building with the King's Envoy or pass")
        else:
            message = _("{name} may construct a building or pass")
        return message.format(name=s.players[task.seat].name)

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind != "build":
            return super().why_illegal(s, task, a)
        if a.envoy != (task.arg == 1):
            return (
                _("the second build of a season needs the King's Envoy: write 'build X envoy'")
                if task.arg
                else _("the King's Envoy is used for a second build, after a first one")
            )
        return buildings.why_not(s.players[task.seat], a.arg)


_STATUE, _STATUE_WHITE, _CHAPEL = Action("statue"), Action("statue", arg="white"), Action("chapel")


def statue_allowed(s: State, seat: int) -> bool:
    p = s.players[seat]
    if not p.built[STATUE] or p.statue_used:
        return False
    first = p.dice[0]
    return all(d == first for d in p.dice) and all(d == first for d in p.white)


def chapel_allowed(s: State, seat: int) -> bool:
    p = s.players[seat]
    return p.built[CHAPEL] and not p.chapel_used and sum(p.dice) + sum(p.white) <= 7


class Reroll(DecisionKind):
    kind, answers = "reroll", ("statue", "chapel", "pass")

    def legal(self, s: State, task: Task) -> list[Action]:
        acts = []
        if statue_allowed(s, task.seat):
            acts.append(_STATUE)
            if s.players[task.seat].white:
                acts.append(_STATUE_WHITE)
        if chapel_allowed(s, task.seat):
            acts.append(_CHAPEL)
        acts.append(PASS)
        return acts

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        p = s.players[seat]
        if a.kind == "pass":
            return
        if a.kind == "statue":
            p.statue_used = True
            dice = p.white if a.arg == "white" else p.dice
            old = dice[0]
            dice[0] = roll(s)
            say(s, "statue", seat, white=int(a.arg == "white"), old=old, new=dice[0])
        else:
            p.chapel_used = True
            p.dice = [roll(s) for _die in p.dice]
            p.white = [roll(s) for _die in p.white]
            say(s, "chapel", seat, dice=tuple(p.dice), white=tuple(p.white))
        if statue_allowed(s, seat) or chapel_allowed(s, seat):
            s.queue.insert(0, Task(seat, "reroll"))

    def describe(self, s: State, task: Task) -> str:
        statue, chapel = statue_allowed(s, task.seat), chapel_allowed(s, task.seat)
        if statue and chapel:
            message = _("{name} may reroll with the Statue or the Chapel, or keep the dice")
        elif statue:
            message = _("{name} may reroll with the Statue, or keep the dice")
        else:
            message = _("{name} may reroll with the Chapel, or keep the dice")
        return message.format(name=s.players[task.seat].name)

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind in ("statue", "chapel"):
            if a.kind == "statue":
                return _("{name} cannot use the Statue now").format(name=s.players[task.seat].name)
            return _("{name} cannot use the Chapel now").format(name=s.players[task.seat].name)
        return super().why_illegal(s, task, a)


_TOWNHALL = {g: Action("townhall", arg=g) for g in (*GOODS, "token")}


class TownHall(DecisionKind):
    kind, answers = "townhall", ("townhall", "pass")

    def legal(self, s: State, task: Task) -> list[Action]:
        p = s.players[task.seat]
        acts = [_TOWNHALL["token"]] if p.tokens else []
        acts += [_TOWNHALL[g] for g in GOODS if p.good(g)]
        acts.append(PASS)
        return acts

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        p = s.players[seat]
        if forced:
            say(s, "forced", seat, decision=self.kind)
        elif a.kind != "pass":
            if a.arg == "token":
                p.tokens -= 1
            else:
                p.add_good(a.arg, -1)
            score(s, seat, 1, "town hall", "town hall", paid=a.arg)

    def describe(self, s: State, task: Task) -> str:
        return _('{name} may pay a "+2" token or a good at the Town Hall for 1 VP').format(
            name=s.players[task.seat].name
        )

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind == "townhall":
            return _goods_refused(s.players[task.seat])
        return super().why_illegal(s, task, a)


_RECRUIT = {c: Action("recruit", goods=c) for n in (1, 2) for c in combinations_with_replacement(GOODS, n)}


def _can_pay(p: Player, goods: tuple[str, ...]) -> bool:
    if len(goods) == 2 and goods[0] == goods[1]:
        return p.good(goods[0]) >= 2
    return all(p.good(g) for g in goods)


class Recruit(DecisionKind):
    kind, answers = "recruit", ("recruit", "pass")

    def legal(self, s: State, task: Task) -> list[Action]:
        p = s.players[task.seat]
        per = 1 if p.built[BARRACKS] else 2
        acts = [a for c, a in _RECRUIT.items() if len(c) == per and _can_pay(p, c)]
        acts.append(PASS)
        return acts

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        p = s.players[seat]
        if a.kind == "recruit":
            for g in a.goods:
                p.add_good(g, -1)
            p.soldiers += 1
            say(s, "recruit", seat, goods=a.goods, soldiers=p.soldiers)
            s.queue.insert(0, task)
        elif forced:
            per = 1 if p.built[BARRACKS] else 2
            say(s, "forced", seat, decision=self.kind, held=p.goods, per=per)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} may recruit soldiers or pass").format(name=s.players[task.seat].name)

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        if a.kind == "recruit":
            return _goods_refused(s.players[task.seat])
        return super().why_illegal(s, task, a)


_AID = [Action("aid", arg=g) for g in GOODS]


class Aid(DecisionKind):
    kind, answers = "aid", ("aid",)

    def legal(self, s: State, task: Task) -> list[Action]:
        return _AID

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        p = s.players[task.seat]
        p.add_good(a.arg, 1)
        say(s, "aid", task.seat, goods=(a.arg,))

    def describe(self, s: State, task: Task) -> str:
        return _("{name} takes one good of their choice from the King").format(name=s.players[task.seat].name)


_LOSE = {g: Action("lose", arg=g) for g in GOODS}


class Lose(DecisionKind):
    """``arg``: the goods still to lose after a defeat."""

    kind, answers, args = "lose", ("lose",), (1, 9)

    def legal(self, s: State, task: Task) -> list[Action]:
        return [_LOSE[g] for g in GOODS if s.players[task.seat].good(g)]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        p = s.players[task.seat]
        p.add_good(a.arg, -1)
        say(s, "loss", task.seat, goods=(a.arg,))
        more = lose_any(s, task.seat, task.arg - 1)
        if more:
            s.queue.insert(0, more)

    def describe(self, s: State, task: Task) -> str:
        return ngettext("{name} must choose {n} good to lose", "{name} must choose {n} goods to lose", task.arg).format(
            name=s.players[task.seat].name, n=task.arg
        )

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        return _goods_refused(s.players[task.seat])


_GAIN = [Action("gain", arg=g) for g in GOODS]


class Gain(DecisionKind):
    """``arg``: the goods of choice still to take from a victory's spoils."""

    kind, answers, args = "gain", ("gain",), (1, 9)

    def legal(self, s: State, task: Task) -> list[Action]:
        return _GAIN

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        p = s.players[task.seat]
        p.add_good(a.arg, 1)
        say(s, "spoils", task.seat, goods=(a.arg,))
        if task.arg > 1:
            s.queue.insert(0, Task(task.seat, "gain", task.arg - 1))

    def describe(self, s: State, task: Task) -> str:
        return ngettext(
            "{name} takes {n} good of their choice from the spoils",
            "{name} takes {n} goods of their choice from the spoils",
            task.arg,
        ).format(name=s.players[task.seat].name, n=task.arg)


for _kind in (Influence, Gift, Build, Reroll, TownHall, Recruit, Aid, Lose, Gain):
    register(_kind())


def legal(s: State, task: Task) -> list[Action]:
    return DECISIONS[task.kind].legal(s, task)


def perform(s: State, task: Task, a: Action, forced: bool = False) -> None:
    """Carry out a legal action for the decision at the head of the queue."""
    s.queue.pop(0)
    DECISIONS[task.kind].perform(s, task, a, forced)


def describe(s: State, task: Task) -> str:
    """One sentence: who must decide what now."""
    return DECISIONS[task.kind].describe(s, task)


def effect(s: State, a: Action) -> str:
    """What choosing ``a`` does now, in a few words ("" if its name says it all, or the game is over)."""
    if not s.queue:
        return ""
    task = s.queue[0]
    return DECISIONS[task.kind].effect(s, task, a)


def why_illegal(s: State, a: Action) -> str:
    """Why ``a`` is not legal now, in words for the error message."""
    if not s.queue:
        return _("the game is over")
    task = s.queue[0]
    decision = DECISIONS[task.kind]
    if a.kind not in decision.answers:
        return _("{prompt} ({kind!r} is not an answer to that)").format(prompt=decision.describe(s, task), kind=a.kind)
    return decision.why_illegal(s, task, a)
