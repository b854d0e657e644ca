"""The calendar: the eight phases of a year, the steps of a productive season, and every decision.

The game is a queue of decisions (``State.queue``) fed by automatic steps (``STEPS``). ``advance`` runs steps
until a decision with a real choice is at the head of the queue; a decision with a single legal action (a forced
pass, a gift without a choice) is taken at once and not recorded as a move.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement

from ..actions import PASS, Action
from ..content import (
    BARRACKS,
    BUILDING_BY_SLUG,
    CATHEDRAL,
    CHAPEL,
    EMBASSY,
    FARMS,
    GOODS,
    INN,
    MERCHANTS_GUILD,
    PHASES,
    STATUE,
    TOWN_HALL,
    advisor,
)
from ..state import DUMMY, Placement, Player, State, Task
from . import buildings, gifts, influence
from .battle import fight, lose_any
from .common import goods_text, least_developed, roll, say, score

_AID = [Action("aid", arg=g) for g in GOODS]
_GAIN = [Action("gain", arg=g) for g in GOODS]
_LOSE = {g: Action("lose", arg=g) for g in GOODS}
_TOWNHALL = {g: Action("townhall", arg=g) for g in (*GOODS, "token")}
_STATUE, _STATUE_WHITE, _CHAPEL = Action("statue"), Action("statue", arg="white"), Action("chapel")
_RECRUIT = {c: Action("recruit", goods=c) for n in (1, 2) for c in combinations_with_replacement(GOODS, n)}
_BUILD = {(b.slug, e): Action("build", arg=b.slug, envoy=e) for b in BUILDING_BY_SLUG.values() for e in (False, True)}
PHASE_START = {1: "aid", 2: "season", 3: "reward", 4: "season", 5: "envoy", 6: "season", 7: "recruit", 8: "battle"}


def advance(s: State) -> list[Action]:
    """Run the game forward to the next real decision and return its legal actions ([] when over)."""
    while True:
        if s.queue:
            task = s.queue[0]
            acts = legal(s, task)
            if len(acts) > 1:
                return acts
            perform(s, task, acts[0], forced=True)
        elif s.phase == 0:
            return []
        else:
            STEPS[s.step](s)


# --- Legal actions and their effects, by kind of decision ----------------------------------------------


def legal(s: State, task: Task) -> list[Action]:
    seat, kind = task.seat, task.kind
    p = s.players[seat]
    if kind == "influence":
        acts = influence.placements(s, seat)
        acts.append(PASS)
        return acts
    if kind == "gift":
        return gifts.options(s, seat, task.arg)
    if kind == "build":
        acts = [_BUILD[b.slug, task.arg == 1] for b in buildings.buildable(p)]
        acts.append(PASS)
        return acts
    if kind == "reroll":
        acts = []
        if _statue_allowed(s, seat):
            acts.append(_STATUE)
            if p.white:
                acts.append(_STATUE_WHITE)
        if _chapel_allowed(s, seat):
            acts.append(_CHAPEL)
        acts.append(PASS)
        return acts
    if kind == "townhall":
        acts = [_TOWNHALL["token"]] if p.tokens else []
        acts += [_TOWNHALL[g] for g in GOODS if p.good(g)]
        acts.append(PASS)
        return acts
    if kind == "recruit":
        per = 1 if p.built[BARRACKS] else 2
        acts = [a for c, a in _RECRUIT.items() if len(c) == per and _can_pay(p, c)]
        acts.append(PASS)
        return acts
    if kind == "aid":
        return _AID
    if kind == "lose":
        return [_LOSE[g] for g in GOODS if p.good(g)]
    if kind == "gain":
        return _GAIN
    raise AssertionError(f"unknown decision {kind}")


def perform(s: State, task: Task, a: Action, forced: bool = False) -> None:
    """Carry out a legal action for the decision at the head of the queue."""
    s.queue.pop(0)
    seat, kind = task.seat, task.kind
    p = s.players[seat]
    if kind == "influence":
        if a.kind == "pass":
            p.passed = True
            say(s, f"{p.name} {'must pass' if forced and (p.dice or p.white) else 'passes'}.", seat)
        else:
            influence.apply_place(s, seat, a)
        _next_influencer(s)
    elif kind == "gift":
        gifts.receive(s, seat, task.arg, a)
    elif kind == "build":
        if a.kind == "build":
            buildings.construct(s, seat, BUILDING_BY_SLUG[a.arg], a.envoy)
            if a.envoy:
                s.envoy = None
            elif s.envoy == seat:
                s.queue.insert(0, Task(seat, "build", 1))
        elif not forced:
            say(s, f"{p.name} builds nothing {'more ' if task.arg else ''}this season.", seat)
    elif kind == "reroll":
        _reroll(s, seat, a)
    elif kind == "townhall":
        if a.kind != "pass":
            if a.arg == "token":
                p.tokens -= 1
            else:
                p.add_good(a.arg, -1)
            what = 'a "+2" token' if a.arg == "token" else f"1 {a.arg}"
            score(s, seat, 1, "town hall", f"the Town Hall, for {what}")
    elif kind == "recruit":
        if a.kind == "recruit":
            for g in a.goods:
                p.add_good(g, -1)
            p.soldiers += 1
            say(s, f"{p.name} recruits a soldier for {goods_text(a.goods)} ({p.soldiers} in all).", seat)
            s.queue.insert(0, task)
    elif kind == "aid":
        p.add_good(a.arg, 1)
        say(s, f"The King aids {p.name} with 1 {a.arg}.", seat)
    elif kind == "lose":
        p.add_good(a.arg, -1)
        say(s, f"{p.name} loses 1 {a.arg}.", seat)
        more = lose_any(s, seat, task.arg - 1)
        if more:
            s.queue.insert(0, more)
    elif kind == "gain":
        p.add_good(a.arg, 1)
        say(s, f"{p.name} takes 1 {a.arg} from the spoils.", seat)
        if task.arg > 1:
            s.queue.insert(0, Task(seat, "gain", task.arg - 1))


def _can_pay(p: Player, goods: tuple[str, ...]) -> bool:
    if len(goods) == 2 and goods[0] == goods[1]:
        return p.good(goods[0]) >= 2
    return all(p.good(g) for g in goods)


def _statue_allowed(s: State, seat: int) -> bool:
    p = s.players[seat]
    if not p.built[STATUE] or p.statue_used:
        return False
    first = p.dice[0]
    return all(d == first for d in p.dice) and all(d == first for d in p.white)


def _chapel_allowed(s: State, seat: int) -> bool:
    p = s.players[seat]
    return p.built[CHAPEL] and not p.chapel_used and sum(p.dice) + sum(p.white) <= 7


def _reroll(s: State, seat: int, a: Action) -> None:
    p = s.players[seat]
    if a.kind == "pass":
        return
    if a.kind == "statue":
        p.statue_used = True
        dice = p.white if a.arg == "white" else p.dice
        old = dice[0]
        dice[0] = roll(s)
        which = "white " if a.arg == "white" else ""
        say(s, f"{p.name} uses the Statue to reroll a {which}{old}: {dice[0]}.", seat)
    else:
        p.chapel_used = True
        p.dice = [roll(s) for _ in p.dice]
        p.white = [roll(s) for _ in p.white]
        say(s, f"{p.name} uses the Chapel to reroll all dice: {_dice_text(p.dice, p.white)}.", seat)
    if _statue_allowed(s, seat) or _chapel_allowed(s, seat):
        s.queue.insert(0, Task(seat, "reroll"))


def _dice_text(dice: list[int], white: list[int]) -> str:
    return ", ".join([str(d) for d in dice] + [f"white {d}" for d in white])


def _next_influencer(s: State) -> None:
    """Rounds in turn order: the next player who has not passed, or none (the step is over)."""
    n = len(s.order)
    for k in range(1, n + 1):
        i = (s.cursor + k) % n
        seat = s.order[i]
        if not s.players[seat].passed:
            s.cursor = i
            s.queue.insert(0, Task(seat, "influence"))
            return


# --- The automatic steps of the calendar -------------------------------------------------------------------


def _next_phase(s: State) -> None:
    s.phase += 1
    s.step = PHASE_START[s.phase]


def _aid(s: State) -> None:
    say(s, f"Year {s.year}. Phase 1: Aid from the King.")
    tied = least_developed(s)
    if len(tied) == 1:
        s.players[tied[0]].aid_die = True
        say(s, f"The King aids {s.players[tied[0]].name}: an extra white die this spring.", tied[0])
    else:
        names = ", ".join(s.players[i].name for i in tied)
        say(s, f"{names} are tied as least developed: each takes one good of their choice.")
        s.queue.extend(Task(seat, "aid") for seat in tied)
    s.step = "next"  # the phase ends once the aid is taken


def _season(s: State) -> None:
    say(s, f"Phase {s.phase}: {PHASES[s.phase]}.")
    if s.n == 2:
        _dummy_dice(s)
    for seat in s.order:
        p = s.players[seat]
        if p.built[MERCHANTS_GUILD]:
            p.gold += 1
            say(s, f"{p.name} takes 1 gold from the Merchants' Guild.", seat)
    for seat in s.order:
        p = s.players[seat]
        p.dice = [roll(s), roll(s), roll(s)]
        p.white = [roll(s) for _ in range(int(p.aid_die and s.phase == 2) + int(p.built[FARMS]))]
        say(s, f"{p.name} rolls {_dice_text(p.dice, p.white)}.", seat)
    s.queue.extend(Task(seat, "reroll") for seat in s.order if _statue_allowed(s, seat) or _chapel_allowed(s, seat))
    s.step = "order"


def _dummy_dice(s: State) -> None:
    """Two players: three dice and then two dice of unused colours take advisors for the season."""
    three = (roll(s), roll(s), roll(s))
    two = (roll(s), roll(s))
    taken: list[tuple[int, tuple[int, ...]]] = [(sum(three), three)]
    if sum(two) != sum(three):
        taken.append((sum(two), two))
    elif two[0] != two[1]:
        taken += [(two[0], (two[0],)), (two[1], (two[1],))]
    else:
        taken.append((two[0], (two[0],)))  # the other die is set aside this season
    for number, dice in taken:
        s.court[number].append(Placement(DUMMY, dice))
    names = ", ".join(f"the {advisor(n).name} (#{n})" for n, _ in taken)
    say(s, f"The dummy dice take {names} for this season.")


def _order(s: State) -> None:
    totals = {seat: sum(p.dice) + sum(p.white) for seat, p in enumerate(s.players)}
    s.order = sorted(s.order, key=totals.__getitem__)  # stable: ties keep the previous order
    say(s, "Turn order: " + ", ".join(f"{s.players[i].name} ({totals[i]})" for i in s.order) + ".")
    s.cursor = -1
    _next_influencer(s)
    s.step = "gifts"


def _gifts(s: State) -> None:
    gifts.queue_gifts(s)
    s.step = "clear"


def _clear(s: State) -> None:
    """Dice, tokens and dummy dice leave the court; then every player may build, in turn order."""
    s.court = [[] for _ in range(19)]
    s.queue.extend(Task(seat, "build") for seat in s.order)
    s.step = "season_end"


def _season_end(s: State) -> None:
    # The Inn and the Embassy come first for each owner: taking them before the Town Hall never leaves the owner
    # with fewer choices, so no decision about the order is needed.
    for seat in s.order:
        p = s.players[seat]
        if s.phase == 4 and p.built[INN]:
            p.tokens += 1
            say(s, f'{p.name} takes a "+2" token from the Inn.', seat)
        if p.built[EMBASSY]:
            score(s, seat, 1, "embassy", "the Embassy")
    s.queue.extend(Task(seat, "townhall") for seat in s.order if s.players[seat].built[TOWN_HALL])
    s.step = "cleanup"


def _cleanup(s: State) -> None:
    for p in s.players:
        p.dice, p.white = [], []
        p.statue_used = p.chapel_used = p.market_used = p.token_used = p.passed = False
        if s.phase == 2:
            p.aid_die = False
    _next_phase(s)


def _reward(s: State) -> None:
    say(s, "Phase 3: the King's Reward.")
    most = max(p.building_count for p in s.players)
    for seat in s.order:
        if s.players[seat].building_count == most:
            score(s, seat, 1, "king's reward", f"the King's Reward for the most buildings ({most})")
    _next_phase(s)


def _envoy(s: State) -> None:
    say(s, "Phase 5: the King's Envoy.")
    if s.envoy is not None:
        say(s, f"The King's Envoy leaves {s.players[s.envoy].name} unused.", s.envoy)
        s.envoy = None
    tied = least_developed(s)
    if len(tied) == 1:
        s.envoy = tied[0]
        say(s, f"The King's Envoy goes to {s.players[tied[0]].name}.", tied[0])
    else:
        say(s, "The least developed governors are tied: nobody receives the King's Envoy.")
    _next_phase(s)


def _recruit(s: State) -> None:
    say(s, "Phase 7: Recruit Soldiers.")
    s.queue.extend(Task(seat, "recruit") for seat in s.order)
    s.step = "next"


def _battle(s: State) -> None:
    fight(s)
    s.step = "year_end"


def _year_end(s: State) -> None:
    for p in s.players:
        p.soldiers = 0
        p.looked = False
    if s.year < 5:
        s.year += 1
        s.phase = 1
        s.step = "aid"
        return
    for seat in s.order:
        p = s.players[seat]
        if p.built[CATHEDRAL] and p.goods >= 2:
            score(s, seat, p.goods // 2, "cathedral", f"the Cathedral, for {p.goods} goods")
    s.phase = 0
    s.step = "over"
    say(s, "The fifth year is over.")


STEPS: dict[str, Callable[[State], None]] = {
    "aid": _aid,
    "season": _season,
    "order": _order,
    "gifts": _gifts,
    "clear": _clear,
    "season_end": _season_end,
    "cleanup": _cleanup,
    "reward": _reward,
    "envoy": _envoy,
    "recruit": _recruit,
    "next": _next_phase,
    "battle": _battle,
    "year_end": _year_end,
}


def why_illegal(s: State, a: Action) -> str:
    """Why ``a`` is not legal now, in words for the error message."""
    if not s.queue:
        return "the game is over"
    task = s.queue[0]
    p = s.players[task.seat]
    wanted = {
        "influence": ("place", "pass"),
        "gift": ("gift", "trade", "pass"),
        "build": ("build", "pass"),
        "reroll": ("statue", "chapel", "pass"),
        "townhall": ("townhall", "pass"),
        "recruit": ("recruit", "pass"),
        "aid": ("aid",),
        "lose": ("lose",),
        "gain": ("gain",),
    }[task.kind]
    if a.kind not in wanted:
        return f"{describe(s, task)} ({a.kind!r} is not an answer to that)"
    if a.kind == "place":
        return influence.why_not(s, task.seat, a)
    if a.kind == "build":
        if a.envoy != (task.arg == 1):
            return (
                "the second build of a season needs the King's Envoy: write 'build X envoy'"
                if task.arg
                else "the King's Envoy is used for a second build, after a first one"
            )
        return buildings.why_not(p, a.arg)
    if a.kind in ("lose", "townhall", "trade", "recruit"):
        return f"{p.name} does not have those goods (gold {p.gold}, wood {p.wood}, stone {p.stone})"
    if a.kind in ("statue", "chapel"):
        return f"{p.name} cannot use the {a.kind.title()} now"
    return f"not one of the choices now: {', '.join(str(x) for x in legal(s, task))}"


def describe(s: State, task: Task) -> str:
    """One sentence: who must decide what now."""
    name = s.players[task.seat].name
    kind = task.kind
    if kind == "influence":
        return f"{name} must influence an advisor or pass"
    if kind == "gift":
        return f"{name} must choose the gift of the {advisor(task.arg).name} (#{task.arg})"
    if kind == "build":
        extra = " a second building with the King's Envoy" if task.arg else " a building"
        return f"{name} may construct{extra} or pass"
    if kind == "reroll":
        return f"{name} may reroll with the Statue or the Chapel, or keep the dice"
    if kind == "townhall":
        return f'{name} may pay a "+2" token or a good at the Town Hall for 1 VP'
    if kind == "recruit":
        return f"{name} may recruit soldiers or pass"
    if kind == "aid":
        return f"{name} takes one good of their choice from the King"
    if kind == "lose":
        return f"{name} must choose {task.arg} good{'s' if task.arg > 1 else ''} to lose"
    return f"{name} takes {task.arg} good{'s' if task.arg > 1 else ''} of their choice from the spoils"
