"""The calendar's steps: the eight phases of a year and the steps of a productive season.

The game is a queue of decisions (``State.queue``) fed by automatic steps. ``advance`` runs steps until a
decision with a real choice is at the head of the queue; a decision with a single legal action (a forced pass,
a gift without a choice) is taken at once and not recorded as a move. Which step follows which is data
(``calendar.py``); what each kind of decision allows and does is ``decisions.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..calendar import BASE_PHASES
from ..content import (
    CATHEDRAL,
    EMBASSY,
    FARMS,
    INN,
    MERCHANTS_GUILD,
    TOWN_HALL,
)
from ..state import DUMMY, Placement, State, Task
from . import gifts
from .battle import fight
from .common import least_developed, roll, say, score
from .decisions import DECISIONS, chapel_allowed, next_influencer, statue_allowed

PHASE_START = {phase: steps[0] for phase, steps in BASE_PHASES.items()}


def advance(s: State) -> list[Action]:
    """Run the game forward to the next real decision and return its legal actions ([] when over)."""
    while True:
        if s.queue:
            task = s.queue[0]
            decision = DECISIONS[task.kind]
            acts = decision.legal(s, task)
            if len(acts) > 1:
                return acts
            s.queue.pop(0)
            decision.perform(s, task, acts[0], True)
        elif s.phase == 0:
            return []
        else:
            step = s.step
            (STEPS.get(step) or s.calendar.steps[step])(s)
            after = s.calendar.next[s.phase, step]
            if after is not None:
                s.phase, s.step = after
            elif s.year < 5:
                s.year += 1
                s.phase, s.step = 1, s.calendar.first
            else:
                s.phase, s.step = 0, "over"


# --- The automatic steps of the calendar -------------------------------------------------------------------


def _end_of_phase(s: State) -> None:
    """Nothing: the phase ends once the decisions its first step queued are taken."""


def _aid(s: State) -> None:
    edition = s.calendar.rules.edition
    say(s, "year", year=s.year, edition=edition)
    tied = least_developed(s)
    if len(tied) == 1:
        s.players[tied[0]].aid_die = True
        say(s, "aid-die", tied[0], edition=edition)
    else:
        say(s, "aid-tie", seats=tuple(tied))
        s.queue.extend(Task(seat, "aid") for seat in tied)


def _season(s: State) -> None:
    say(s, "phase", phase=s.phase, edition=s.calendar.rules.edition)
    if s.n == 2:
        _dummy_dice(s)
    for seat in s.order:
        p = s.players[seat]
        if p.built[MERCHANTS_GUILD]:
            p.gold += 1
            say(s, "guild", seat)
    dice_hooks = s.calendar.hooks["player_dice"]
    for seat in s.order:
        p = s.players[seat]
        if dice_hooks:
            n = 3
            for hook in dice_hooks:
                n = hook(s, seat, n)
            p.dice = [roll(s) for _ in range(n)]
        else:
            p.dice = [roll(s), roll(s), roll(s)]
        p.white = [roll(s) for _ in range(int(p.aid_die and s.phase == 2) + int(p.built[FARMS]))]
        say(s, "roll", seat, dice=tuple(p.dice), white=tuple(p.white))
    s.queue.extend(Task(seat, "reroll") for seat in s.order if statue_allowed(s, seat) or chapel_allowed(s, seat))


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
    say(s, "dummy", advisors=tuple(n for n, _ in taken))
    for hook in s.calendar.hooks["influence"]:
        for number, _ in taken:
            hook(s, DUMMY, number)


def _order(s: State) -> None:
    totals = {seat: sum(p.dice) + sum(p.white) for seat, p in enumerate(s.players)}
    s.order = sorted(s.order, key=totals.__getitem__)  # stable: ties keep the previous order
    for hook in s.calendar.hooks["turn_order"]:
        hook(s)
    say(s, "order", order=tuple(s.order), totals=tuple(totals[i] for i in s.order))
    if s.calendar.influence_from == "order":
        _influence(s)


def _influence(s: State) -> None:
    """The first player in turn order influences (or passes); the rounds go on from each decision."""
    s.cursor = -1
    next_influencer(s)


def _gifts(s: State) -> None:
    gifts.queue_gifts(s)


def _clear(s: State) -> None:
    """Dice, tokens and dummy dice leave the court; then every player may build, in turn order."""
    s.court = [[] for _ in range(19)]
    s.queue.extend(Task(seat, "build") for seat in s.order)


def _season_end(s: State) -> None:
    # The Inn and the Embassy come first for each owner: taking them before the Town Hall never leaves the owner
    # with fewer choices, so no decision about the order is needed.
    for seat in s.order:
        p = s.players[seat]
        if s.phase == 4 and p.built[INN]:
            p.tokens += 1
            say(s, "inn", seat)
        if p.built[EMBASSY]:
            score(s, seat, 1, "embassy", "embassy")
    s.queue.extend(Task(seat, "townhall") for seat in s.order if s.players[seat].built[TOWN_HALL])


def _cleanup(s: State) -> None:
    for p in s.players:
        p.dice, p.white = [], []
        p.statue_used = p.chapel_used = p.market_used = p.token_used = p.passed = False
        if s.phase == 2:
            p.aid_die = False


def _reward(s: State) -> None:
    say(s, "phase", phase=s.phase, edition=s.calendar.rules.edition)
    most = max(p.building_count for p in s.players)
    tied = [seat for seat in s.order if s.players[seat].building_count == most]
    for hook in s.calendar.hooks["ties"]:
        tied = hook(s, tied)
    for seat in tied:
        score(s, seat, 1, "king's reward", "reward", most=most)


def _envoy(s: State) -> None:
    say(s, "phase", phase=s.phase, edition=s.calendar.rules.edition)
    if s.envoy is not None:
        say(s, "envoy-unused", s.envoy)
        s.envoy = None
    tied = least_developed(s)
    if len(tied) == 1:
        s.envoy = tied[0]
        say(s, "envoy", tied[0])
    else:
        say(s, "envoy-tie")


def _recruit(s: State) -> None:
    say(s, "phase", phase=s.phase, edition=s.calendar.rules.edition)
    s.queue.extend(Task(seat, "recruit") for seat in s.order)


def _battle(s: State) -> None:
    fight(s)


def _year_end(s: State) -> None:
    for p in s.players:
        p.soldiers = 0
        p.looked = False
    if s.year < 5:
        return  # the calendar moves on to the next year
    for seat in s.order:
        p = s.players[seat]
        if p.built[CATHEDRAL] and p.goods >= 2:
            score(s, seat, p.goods // 2, "cathedral", "cathedral", held=p.goods)
    for hook in s.calendar.hooks["scoring"]:
        hook(s)
    say(s, "end")


STEPS: dict[str, Callable[[State], None]] = {
    "aid": _aid,
    "season": _season,
    "order": _order,
    "influence": _influence,
    "gifts": _gifts,
    "clear": _clear,
    "season_end": _season_end,
    "cleanup": _cleanup,
    "reward": _reward,
    "envoy": _envoy,
    "recruit": _recruit,
    "next": _end_of_phase,
    "battle": _battle,
    "year_end": _year_end,
}
