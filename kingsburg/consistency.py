"""Whether a position read from a file is one the calendar could be in (rules/flow.py), before any rule runs.

Each field of a position is checked on its own in save.py; here they are checked against each other: the step
belongs to the phase, the decisions waiting fit the step, dice are held and placed only when a season is under
way, whose turn it is agrees with the turn order, and the court holds groups the rules could have placed. A
position that passed these checks once raised ``KeyError: 9`` on its next decision (a phase-8 position with a
phase-7 step); now every fault is an ``InvalidSave`` naming the field and the reason.
"""

from __future__ import annotations

from collections import Counter

from .calendar import PRODUCTIVE
from .content import CHAPEL, FARMS, MARKET, STATUE, TOWN_HALL
from .errors import InvalidSave, at
from .i18n import _
from .rules.decisions import DECISIONS
from .state import DUMMY, State

# The decisions each step of the calendar queues: those that can be waiting when the step after it is next.
# A variant's step (named "moment:variant") queues that variant's own decisions.
_QUEUED_BY: dict[str, tuple[str, ...]] = {
    "aid": ("aid",),
    "recruit": ("recruit",),
    "battle": ("lose", "gain"),
    "season": ("reroll",),
    "order": ("influence",),
    "influence": ("influence",),
    "gifts": ("gift",),
    "clear": ("build",),
    "season_end": ("townhall",),
}
MAX_GOODS_WAITING = 9  # a battle card asks for at most 4 goods of choice; 9 leaves room and stays small


def check_position(s: State) -> None:
    """Raise InvalidSave when the fields of ``s`` (each valid alone) cannot belong together."""
    steps = s.calendar.step_names(s.phase)
    if s.step not in steps:
        said = _("'step' {step!r} is not a step of phase {phase}, which has {steps}")
        raise InvalidSave(said.format(step=s.step, phase=s.phase, steps=", ".join(steps)))
    if s.phase == 0 and s.year != 5:
        raise InvalidSave(_("'phase' 0 is the end of the game, after year 5, not year {year}").format(year=s.year))
    _check_queue(s)
    _check_dice(s)
    _check_court(s)


def _check_queue(s: State) -> None:
    before = s.calendar.previous(s)
    kinds = _QUEUED_BY.get(before or "", ())
    if before and ":" in before:
        variant = before.partition(":")[2]
        kinds = tuple(k for k, d in DECISIONS.items() if d.variant == variant)
    in_force = s.calendar.rules.names
    kinds += tuple(k for k, d in DECISIONS.items() if before in d.queued_after and d.variant in in_force)
    seen: Counter[tuple[int, str, int]] = Counter()
    for i, task in enumerate(s.queue):
        where = _("'queue' entry {i} ({kind} for seat {seat})").format(i=i, kind=task.kind, seat=task.seat)
        if task.kind not in kinds:
            said = (
                _("in phase {phase} before step {step!r}, the decisions that can be waiting are {kinds}")
                if kinds
                else _("in phase {phase} before step {step!r}, no decision can be waiting")
            )
            raise InvalidSave(at(where, said.format(phase=s.phase, step=s.step, kinds=", ".join(kinds))))
        p = s.players[task.seat]
        if task.kind in ("lose", "gain"):
            if not 1 <= task.arg <= MAX_GOODS_WAITING:
                said = _("'arg' counts the goods to {kind}, 1 to {most}")
                raise InvalidSave(at(where, said.format(kind=task.kind, most=MAX_GOODS_WAITING)))
        elif task.kind == "build":
            if task.arg not in (0, 1) or (task.arg == 1 and s.envoy != task.seat):
                raise InvalidSave(at(where, _("'arg' is 0, or 1 for a second build by the seat holding the Envoy")))
        elif task.kind != "gift":
            lo, hi = DECISIONS[task.kind].args  # (0, 0) for most kinds; a variant's kind may carry a number
            if not lo <= task.arg <= hi:
                said = _("'arg' must be {lo} to {hi}") if hi > lo else _("'arg' must be {lo}")
                raise InvalidSave(at(where, said.format(lo=lo, hi=hi)))
        seen[task.seat, task.kind, task.arg] += 1
        if task.kind != "gift" and seen[task.seat, task.kind, task.arg] > 1:
            raise InvalidSave(at(where, _("the seat already has this decision waiting")))
        if task.kind == "reroll" and not (p.dice and (p.built[STATUE] or p.built[CHAPEL])):
            raise InvalidSave(at(where, _("a reroll needs rolled dice and the Statue or the Chapel")))
        if task.kind == "townhall" and not p.built[TOWN_HALL]:
            raise InvalidSave(at(where, _("the seat has no Town Hall")))
    if s.calendar.influencing(s) and s.queue:
        task = s.queue[0]
        if len(s.queue) > 1:
            raise InvalidSave(_("'queue': one player influences at a time, so one influence decision waits"))
        if s.cursor < 0 or s.order[s.cursor] != task.seat:
            said = _("'cursor' {cursor} must point at seat {seat}, who is to influence, in 'turn_order' {order}")
            raise InvalidSave(said.format(cursor=s.cursor, seat=task.seat, order=s.order))
        if s.players[task.seat].passed:
            raise InvalidSave(_("'queue': seat {seat} is to influence but has passed").format(seat=task.seat))
    if before == "gifts":
        placed = Counter((pl.seat, n) for n in range(1, 19) for pl in s.court[n])
        gifts = Counter((t.seat, t.arg) for t in s.queue if t.kind == "gift")
        for (seat, n), count in gifts.items():
            if count > placed[seat, n]:
                said = _("'queue': seat {seat} waits for a gift of advisor #{n} but has no dice there")
                raise InvalidSave(said.format(seat=seat, n=n))


def _between(s: State, first: str, last: str) -> bool:
    """Whether this productive season's step ``first`` has run and ``last`` has not."""
    if s.phase not in PRODUCTIVE:
        return False
    here = s.calendar.index[s.phase, s.step]
    return s.calendar.index[s.phase, first] < here <= s.calendar.index[s.phase, last]


def _check_dice(s: State) -> None:
    rolled = _between(s, "season", "cleanup")
    for i, p in enumerate(s.players):
        where = _("seat {seat}").format(seat=i)
        if (p.dice or p.white) and not rolled:
            said = _(
                "'dice' and 'white' are held only in a productive season after the roll (phase 2, 4 or 6, from step "
                "'order' to 'cleanup'), not in phase {phase} at step {step!r}"
            )
            raise InvalidSave(at(where, said.format(phase=s.phase, step=s.step)))
        if p.passed and not rolled:
            raise InvalidSave(at(where, _("'passed' is true only after the dice are rolled in a productive season")))
        placed = [pl for n in range(1, 19) for pl in s.court[n] if pl.seat == i]
        coloured = len(p.dice) + sum(len(pl.dice) for pl in placed)
        white = len(p.white) + sum(len(pl.white) for pl in placed)
        allowed = int(p.aid_die and s.phase == 2) + int(p.built[FARMS])
        if coloured > 3:
            said = _("holds and has placed {n} coloured dice; a player rolls 3")
            raise InvalidSave(at(where, said.format(n=coloured)))
        if white > allowed:
            said = _(
                "holds and has placed {n} white dice; it rolls {allowed} this season (one for the King's aid in "
                "spring, one for the Farms)"
            )
            raise InvalidSave(at(where, said.format(n=white, allowed=allowed)))


def _check_court(s: State) -> None:
    envoys = 0
    for n in range(1, 19):
        groups = s.court[n]
        if not groups:
            continue
        where = _("'court' entry {key}").format(key=repr(str(n)))
        if not _between(s, "season", "clear"):
            said = _(
                "dice stand on the court only during a productive season's influence (phase 2, 4 or 6, steps "
                "'order' to 'clear'), not in phase {phase} at step {step!r}"
            )
            raise InvalidSave(at(where, said.format(phase=s.phase, step=s.step)))
        for k, g in enumerate(groups):
            total = sum(g.dice) + sum(g.white) + 2 * g.token
            if not g.dice:
                raise InvalidSave(at(where, _("every group holds at least one coloured die")))
            if (abs(total - n) != 1) if g.market else (total != n):
                said = (
                    _("a group totalling {total} cannot influence #{n} (±1 with the Market)")
                    if g.market
                    else _("a group totalling {total} cannot influence #{n} (exactly)")
                )
                raise InvalidSave(at(where, said.format(total=total, n=n)))
            if g.seat == DUMMY:
                if s.n != 2 or g.white or g.token or g.market or g.envoy or any(o.seat != DUMMY for o in groups[:k]):
                    said = _("dummy dice (seat null) are plain dice of a two-player game, placed first")
                    raise InvalidSave(at(where, said))
                continue
            if g.envoy != (k > 0):
                said = _(
                    "the first group on an advisor comes without the King's Envoy; a group joining it comes with the "
                    "Envoy"
                )
                raise InvalidSave(at(where, said))
            envoys += g.envoy
        if sum(g.seat == DUMMY for g in groups) > 2:
            raise InvalidSave(at(where, _("the dummy dice take an advisor at most twice")))
    if envoys > 1 or (envoys and s.envoy is not None):
        raise InvalidSave(_("'court': the King's Envoy is used once, and then no seat holds it ('envoy' null)"))
    dummy = sum(len(g.dice) for n in range(1, 19) for g in s.court[n] if g.seat == DUMMY)
    if dummy > 5:
        raise InvalidSave(_("'court': the dummy dice are 5, not {n}").format(n=dummy))
    for i, p in enumerate(s.players):
        placed = [g for n in range(1, 19) for g in s.court[n] if g.seat == i]
        where = _("seat {seat}").format(seat=i)
        if sum(g.token for g in placed) > (1 if p.token_used else 0):
            raise InvalidSave(at(where, _("one \"+2\" token a season is placed, and then 'token_used' is true")))
        if sum(g.market for g in placed) > (1 if p.market_used and p.built[MARKET] else 0):
            raise InvalidSave(at(where, _("the Market is used once a season, by its owner, with 'market_used' true")))
