"""Influencing the King's advisors: which dice groups may go where, and placing them.

A group is any set of the player's unplaced dice with at least one coloured die; its total must equal the
advisor's number exactly, after at most one "+2" token a season and the Market's +-1 once a season. A taken
advisor can only be joined with the King's Envoy.
"""

from __future__ import annotations

from itertools import combinations

from ..actions import Action, place
from ..content import MARKET
from ..events import advisor_text
from ..i18n import _
from ..state import Placement, Player, State
from .common import say

# (coloured dice, white dice, token free, market free) -> [(action, same action with the Envoy, advisor)].
# The court only filters this list, so the combinatorics run once per dice configuration per process.
_CANDIDATES: dict[tuple[tuple[int, ...], tuple[int, ...], bool, bool], list[tuple[Action, Action, int]]] = {}

Dice = tuple[int, ...]
Group = tuple[int, Dice, Dice, Dice, Dice]
_GROUPS: dict[tuple[Dice, Dice], tuple[Group, ...]] = {}


def dice_groups(dice: Dice, white: Dice) -> tuple[Group, ...]:
    """Every distinct group of these dice that may be placed (at least one coloured die), as (total, the group's
    coloured dice, its white dice, the coloured dice left, the white dice left), dice in the order given.
    Cached (the same dice come up endlessly), so the result is shared: a tuple."""
    key = (dice, white)
    cached = _GROUPS.get(key)
    if cached is not None:
        return cached
    seen: set[tuple[Dice, Dice]] = set()
    out: list[Group] = []
    for k in range(1, len(dice) + 1):
        for ci in combinations(range(len(dice)), k):
            for j in range(len(white) + 1):
                for wi in combinations(range(len(white)), j):
                    cg = tuple(dice[i] for i in ci)
                    wg = tuple(white[i] for i in wi)
                    if (cg, wg) in seen:
                        continue
                    seen.add((cg, wg))
                    rest_c = tuple(d for i, d in enumerate(dice) if i not in ci)
                    rest_w = tuple(d for i, d in enumerate(white) if i not in wi)
                    out.append((sum(cg) + sum(wg), cg, wg, rest_c, rest_w))
    result = _GROUPS[key] = tuple(out)
    return result


def _candidates(
    dice: tuple[int, ...], white: tuple[int, ...], token: bool, market: bool
) -> list[tuple[Action, Action, int]]:
    groups = {(coloured, whites) for _, coloured, whites, _, _ in dice_groups(dice, white)}
    out = []
    for coloured, whites in sorted(groups, key=lambda g: (-len(g[0]) - len(g[1]), g)):
        total = sum(coloured) + sum(whites)
        for tok in (False, True) if token else (False,):
            for mkt, delta in ((False, 0), (True, -1), (True, 1)) if market else ((False, 0),):
                target = total + 2 * tok + delta
                if 1 <= target <= 18:
                    out.append(
                        (
                            place(coloured, whites, target, tok, mkt),
                            place(coloured, whites, target, tok, mkt, envoy=True),
                            target,
                        )
                    )
    return out


def _player_candidates(p: Player) -> list[tuple[Action, Action, int]]:
    key = (
        tuple(sorted(p.dice, reverse=True)),
        tuple(sorted(p.white, reverse=True)),
        p.tokens > 0 and not p.token_used,
        p.built[MARKET] and not p.market_used,
    )
    cands = _CANDIDATES.get(key)
    if cands is None:
        cands = _CANDIDATES[key] = _candidates(*key)
    return cands


def reach(s: State, seat: int) -> frozenset[int]:
    """The advisors ``seat``'s unplaced dice could influence by their sums (with a "+2" token and the Market if
    still unused), taken or not; never one a variant closes to the seat (Wheel and Deal's Secret Society)."""
    p = s.players[seat]
    if not p.dice:
        return frozenset()
    return frozenset(target for _, _, target in _player_candidates(p)) - _closed(s, seat)


def _closed(s: State, seat: int) -> frozenset[int]:
    """The advisors a variant closes to ``seat`` now (none in the first edition)."""
    hooks = s.calendar.hooks["closed"]
    return frozenset().union(*(hook(s, seat) for hook in hooks)) if hooks else frozenset()


def placements(s: State, seat: int) -> list[Action]:
    p = s.players[seat]
    if not p.dice:
        return []
    cands = _player_candidates(p)
    court = s.court
    with_envoy = s.envoy == seat
    closed = _closed(s, seat) if s.calendar.hooks["closed"] else None
    out = []
    for normal, envoy, target in cands:
        if closed and target in closed:
            continue
        if not court[target]:
            out.append(normal)
        elif with_envoy:
            out.append(envoy)
    return out


def apply_place(s: State, seat: int, a: Action) -> None:
    p = s.players[seat]
    for d in a.dice:
        p.dice.remove(d)
    for d in a.white:
        p.white.remove(d)
    extras = []
    if a.token:
        p.tokens -= 1
        p.token_used = True
        extras.append('a "+2" token')
    if a.market:
        p.market_used = True
        extras.append("the Market")
    if a.envoy:
        s.envoy = None
        extras.append("the King's Envoy")
    s.court[a.advisor].append(Placement(seat, a.dice, a.white, a.token, a.market, a.envoy))
    say(
        s,
        "place",
        seat,
        advisor=a.advisor,
        dice=a.dice,
        white=a.white,
        token=int(a.token),
        market=int(a.market),
        envoy=int(a.envoy),
    )
    for hook in s.calendar.hooks["influence"]:
        hook(s, seat, a.advisor)


def why_not(s: State, seat: int, a: Action) -> str:
    """The reason a placement is illegal, for the error message."""
    p = s.players[seat]
    pool, whites = list(p.dice), list(p.white)
    for d in a.dice:
        if d not in pool:
            left = ", ".join(str(x) for x in sorted(p.dice)) or _("none")
            return _("{name} has no unplaced coloured {die} (coloured dice left: {left})").format(
                name=p.name, die=d, left=f"[{left}]" if p.dice else left
            )
        pool.remove(d)
    for d in a.white:
        if d not in whites:
            left = ", ".join(str(x) for x in sorted(p.white)) or _("none")
            return _("{name} has no unplaced white {die} (white dice left: {left})").format(
                name=p.name, die=d, left=f"[{left}]" if p.white else left
            )
        whites.remove(d)
    if not a.dice:
        return _("a group needs at least one coloured die; white dice and tokens cannot influence alone")
    if a.token and p.tokens == 0:
        return _('{name} has no "+2" token').format(name=p.name)
    if a.token and p.token_used:
        return _('only one "+2" token may be used each season')
    if a.market and not p.built[MARKET]:
        return _("{name} has no Market").format(name=p.name)
    if a.market and p.market_used:
        return _("the Market may be used once a season")
    gap = a.advisor - a.total
    if a.market and abs(gap) != 1:
        return _("the group totals {total}; with the Market it reaches #{below} or #{above}").format(
            total=a.total, below=a.total - 1, above=a.total + 1
        )
    if not a.market and gap:
        return _("the group totals {total}, not {advisor}: the total must match exactly").format(
            total=a.total, advisor=a.advisor
        )
    if s.court[a.advisor] and not a.envoy:
        return _("{advisor} is already influenced this season").format(advisor=advisor_text(a.advisor))
    if a.envoy and s.envoy != seat:
        return _("{name} does not hold the King's Envoy").format(name=p.name)
    if a.envoy and not s.court[a.advisor]:
        return _("the King's Envoy is only needed to join an advisor someone already influenced")
    if a.advisor in _closed(s, seat):
        return _("{advisor} is closed to {name} by a rule of this game").format(
            advisor=advisor_text(a.advisor), name=p.name
        )
    return _("it is not allowed now")
