"""The province sheet: what a building costs, whether it may be built, building it, and losing it."""

from __future__ import annotations

from ..content import BUILDING_BY_SLUG, BUILDINGS, CRANE, Building, building_lost
from ..events import all_of
from ..i18n import _
from ..state import Player, State
from .common import say, score


def cost(p: Player, b: Building) -> tuple[int, int, int]:
    """Gold, wood and stone this player pays (the Crane's discount included)."""
    return b.cost_with(p.built[CRANE])


def row_allows(p: Player, b: Building) -> bool:
    """Rows are built left to right: every building to the left in the same row must be owned."""
    first = b.index - (b.col - 1)
    return all(p.built[first : b.index])


_ROWS = [tuple(b for b in BUILDINGS if b.row == r) for r in sorted({b.row for b in BUILDINGS})]


def buildable(p: Player) -> list[Building]:
    """The buildings ``p`` may construct now: in each row only the leftmost one not built yet (rows are built
    left to right), if affordable. Written out because the search bots ask it at every build decision."""
    built = p.built
    crane = built[CRANE]
    out = []
    for row in _ROWS:
        for b in row:
            if not built[b.index]:
                g, w, st = b.cost_with(crane)
                if p.gold >= g and p.wood >= w and p.stone >= st:
                    out.append(b)
                break
    return out


def why_not(p: Player, slug: str) -> str:
    b = BUILDING_BY_SLUG[slug]
    if p.built[b.index]:
        return _("{name} already owns the {building}").format(name=p.name, building=_(b.name))
    if not row_allows(p, b):
        left = [
            _("the {building}").format(building=_(x.name))
            for x in BUILDINGS[b.index - b.col + 1 : b.index]
            if not p.built[x.index]
        ]
        return _("rows are built left to right: the {building} needs {missing} first").format(
            building=_(b.name), missing=all_of(left)
        )
    g, w, st = cost(p, b)
    return _(
        "the {building} costs {gold} gold, {wood} wood, {stone} stone and {name} has "
        "{held_gold} gold, {held_wood} wood, {held_stone} stone"
    ).format(
        building=_(b.name),
        gold=g,
        wood=w,
        stone=st,
        name=p.name,
        held_gold=p.gold,
        held_wood=p.wood,
        held_stone=p.stone,
    )


def construct(s: State, seat: int, b: Building, envoy: bool) -> None:
    p = s.players[seat]
    g, w, st = cost(p, b)
    p.gold -= g
    p.wood -= w
    p.stone -= st
    p.built[b.index] = True
    say(s, "build", seat, building=b.slug, envoy=int(envoy), gold=g, wood=w, stone=st)
    if b.vp:
        score(s, seat, b.vp, "buildings", "built", building=b.slug)


def destroy(s: State, seat: int, enemy_name: str) -> None:
    p = s.players[seat]
    b = building_lost(p.built)
    if b is None:
        say(s, "destroyed", seat, building="", enemy=enemy_name)
        return
    p.built[b.index] = False
    say(s, "destroyed", seat, building=b.slug, enemy=enemy_name)
    if b.vp:
        score(s, seat, -b.vp, "buildings", "lost", building=b.slug)


def battle_bonuses(p: Player, enemy_type: str) -> list[tuple[Building, int]]:
    """What each of ``p``'s buildings adds (or takes away) in the battle against an enemy of this type (``""``: of
    no particular type): those that count, in the sheet's order."""
    return [(b, n) for b in BUILDINGS if p.built[b.index] and (n := b.battle_against(enemy_type))]


def battle_modifier(p: Player, enemy_type: str) -> int:
    return sum(n for _, n in battle_bonuses(p, enemy_type))
