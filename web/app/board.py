"""The board as HTML: the top bar (calendar, turn order, Envoy, enemy deck), the King's court, the province sheets
and the player strips. Pure functions of a ``Ctx``; every highlight comes from the engine's legal actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import kingsburg
from kingsburg import Action, Game
from kingsburg.content import ADVISORS, BUILDINGS, ENEMY_BY_ID, PHASES
from kingsburg.state import Placement

from .icons import die, good, icon
from .rulesref import (
    PHASE_ICONS,
    PHASE_SHORT,
    PHASE_TEXT,
    SHORT_EFFECTS,
    advisor_gift,
    battle_short,
    battle_text,
    building_title,
    cost_html,
)
from .selection import Selection, extras_of
from .session import Session
from .theme import KIND_LABELS, KIND_SHORT, ROMAN, chip, esc, plural, seat_class, symbol

COUNTED = ("vp", "gold", "wood", "stone", "soldiers", "tokens")
"""What a player's strip shows changing (``+2 gold``, ``−8 VP``) beside the player for a moment."""
COUNT_WORDS = {"vp": ("VP", "VP"), "soldiers": ("soldier", "soldiers"), "tokens": ('"+2" token', '"+2" tokens')}

EXTRA_BADGES = {"token": ("+2", '"+2" token'), "market": ("±1", "Market"), "envoy": ("Envoy", "King's Envoy")}


@dataclass
class Fresh:
    """What changed with the last decision, so it can move (or glow, with reduced motion)."""

    placements: set[tuple[int, int, int]] = field(default_factory=set)  # (advisor, seat, index on advisor)
    built: set[tuple[int, int]] = field(default_factory=set)  # (seat, building)
    rolled: set[int] = field(default_factory=set)  # seats whose dice were just rolled
    scored: set[int] = field(default_factory=set)  # seats whose VP changed
    deltas: dict[int, list[tuple[str, int]]] = field(default_factory=dict)  # seat -> [(what, change)]


@dataclass
class Ctx:
    session: Session
    view: Game
    viewer: int | None
    legal: list[Action]
    sel: Selection
    targets: dict[int, Action]
    missed: dict[int, tuple[str, ...]]
    reachable: set[int]
    tab: int
    thinking: int | None = None
    fresh: Fresh = field(default_factory=Fresh)
    hint: Action | None = None  # the computer's suggestion, highlighted where the choice is made

    @property
    def names(self) -> list[str]:
        return self.session.names

    @property
    def deciding(self) -> int:
        """The seat to decide now: the decision panel is drawn only while someone is to play."""
        seat = self.view.to_play
        assert seat is not None, "no decision to draw: nobody is to play"
        return seat


def snapshot(game: Game) -> dict[str, Any]:
    s = game.state
    return {
        "placements": {(n, pl.seat, k): (pl.dice, pl.white) for n in range(1, 19) for k, pl in enumerate(s.court[n])},
        "built": {(i, b) for i, p in enumerate(s.players) for b in range(20) if p.built[b]},
        "dice": [(tuple(p.dice), tuple(p.white)) for p in s.players],
        "vp": [p.vp for p in s.players],
        "counts": [{k: getattr(p, k) for k in COUNTED} for p in s.players],
    }


def changes(before: dict[str, Any] | None, after: dict[str, Any]) -> Fresh:
    if before is None:
        return Fresh()
    rolled = {
        i
        for i, (d, w) in enumerate(after["dice"])
        if (d or w)
        and len(d) + len(w) >= len(before["dice"][i][0]) + len(before["dice"][i][1])
        and (d, w) != before["dice"][i]
    }
    return Fresh(
        placements={k for k, v in after["placements"].items() if before["placements"].get(k) != v},
        built=after["built"] - before["built"],
        rolled=rolled,
        scored={i for i, v in enumerate(after["vp"]) if v != before["vp"][i]},
        deltas={
            i: changed
            for i, (was, now) in enumerate(zip(before["counts"], after["counts"], strict=True))
            # Soldiers only leave when the year ends, all of them: that needs no floater.
            if (
                changed := [
                    (k, now[k] - was[k]) for k in COUNTED if now[k] > was[k] or (now[k] < was[k] and k != "soldiers")
                ]
            )
        },
    )


# --- Top bar ---------------------------------------------------------------------------------------------


def topbar(ctx: Ctx, tools: str = "") -> str:
    view, s = ctx.view, ctx.view.state
    over = view.is_over()
    year = min(s.year, 5)
    years = "".join(
        f'<li class="yr{" now" if y == year and not over else ""}{" past" if y < year or over else ""}"'
        f"{' aria-current=step' if y == year and not over else ''}>{ROMAN[y]}</li>"
        for y in range(1, 6)
    )
    phases = []
    for n in range(1, 9):
        now = n == s.phase
        extra = ""
        if n == 5 and s.envoy is None and not over:
            extra = f'<span class="cal-token" title="The King\'s Envoy waits here">{icon("envoy")}</span>'
        if n == 8 and not over:
            extra = f'<span class="cal-token" title="The enemy deck">{icon("swords")}</span>'
        phases.append(
            f'<li class="cal{" now" if now else ""}{" past" if (n < s.phase or over) else ""}"'
            f'{" aria-current=step" if now else ""} title="{n}. {esc(PHASES[n])}: {esc(PHASE_TEXT[n])}">'
            f'<span class="cal-n">{n}</span>{icon(PHASE_ICONS[n])}<span class="cal-name">{PHASE_SHORT[n]}</span>'
            f"{extra}</li>"
        )
    phase_label = "Game over" if over else f"Year {ROMAN[year]} · {esc(view.phase_name)}"
    return (
        '<div class="bar-row">'
        f'<h1 class="bar-brand">{icon("crown")}<span class="brand-name">Kingsburg</span></h1>'
        f'<ol class="years" aria-label="Year">{years}</ol>'
        f'<ol class="calendar" aria-label="Calendar">{"".join(phases)}</ol>'
        f"{tools}</div>"
        '<div class="bar-row bar-row2">'
        f'<h2 class="now-label">{phase_label}</h2>'
        f'<div class="bar-order">{turn_order(ctx)}</div>'
        f'<div class="bar-envoy">{envoy_box(ctx)}</div>'
        f'<div class="bar-enemy">{enemy_box(ctx)}</div></div>'
    )


def turn_order(ctx: Ctx) -> str:
    s = ctx.view.state
    to_play = ctx.view.to_play
    items = []
    for place, seat in enumerate(s.order, 1):
        p = s.players[seat]
        cls = []
        if seat == to_play:
            cls.append("turn")
        if p.passed:  # the engine sets it only in a productive season, once that seat has passed
            cls.append("passed")
        state = " (to play)" if seat == to_play else (" (passed)" if "passed" in cls else "")
        items.append(
            f'<li class="{" ".join(cls)}" title="{place}. {esc(p.name)}{state}"><span class="ord">{place}</span>'
            f"{chip(seat, p.name)}</li>"
        )
    return f'<span class="bar-label"><span class="lt">Turn order</span></span><ol class="order">{"".join(items)}</ol>'


def envoy_box(ctx: Ctx) -> str:
    s = ctx.view.state
    holder = chip(s.envoy, s.players[s.envoy].name) if s.envoy is not None else '<span class="muted">unassigned</span>'
    return (
        f'<span class="bar-label" title="{esc(PHASE_TEXT[5])}">{icon("envoy")}'
        '<span class="lt">King’s Envoy</span></span>'
        f'<span class="bar-value">{holder}</span>'
    )


def enemy_box(ctx: Ctx) -> str:
    view = ctx.view
    if view.is_over():
        return '<span class="bar-label">Enemies</span><span class="bar-value">all five fought</span>'
    low, high = view.strength_range()
    year = min(view.year, 5)
    card = view.known_enemy(ctx.viewer) if ctx.viewer is not None else view.known_enemy()
    if card:
        e = ENEMY_BY_ID[card]
        seen = (
            "revealed" if view.enemy_revealed() else ("hidden from the players" if ctx.viewer is None else "you looked")
        )
        face = (
            f'<span class="enemy-card known" title="{esc(e.describe())}">{icon("swords")}'
            f'<b>{esc(e.type)}</b> <span class="str">{e.strength}</span><span class="seen">{seen}</span></span>'
        )
    else:
        face = (
            f'<span class="enemy-card back" title="Year {ROMAN[year]} enemies have strength {low} to {high}. The '
            f'General and the Queen let you look at the card.">{icon("swords")}<b>?</b></span>'
        )
    return (
        f'<span class="bar-label">{icon("swords")}<span class="lt">Enemy, year {ROMAN[year]}</span></span>'
        f'<span class="bar-value">{face}<span class="range">strength {low}–{high}</span></span>'
    )


# --- The King's court ---------------------------------------------------------------------------------------


def placement_html(pl: Placement, fresh: bool, names: list[str]) -> str:
    seat = pl.seat
    who = "dummy dice" if seat < 0 else names[seat]
    dice = "".join(die(d) for d in pl.dice) + "".join(die(d, white=True) for d in pl.white)
    badges = ""
    if pl.token:
        badges += '<span class="badge b-token">+2</span>'
    if pl.market:
        badges += '<span class="badge b-market">±1</span>'
    if pl.envoy:
        badges += f'<span class="badge b-envoy">{icon("envoy", "Envoy")}</span>'
    return (
        f'<span class="pl {seat_class(seat)}{" fresh" if fresh else ""}" title="{esc(who)}">'
        f'<span class="sym" aria-hidden="true">{symbol(seat)}</span><span class="sr">{esc(who)}:</span>'
        f"{dice}{badges}</span>"
    )


def court(ctx: Ctx) -> str:
    s = ctx.view.state
    cards = []
    show_hint = ctx.sel.empty and bool(ctx.legal)
    for a in ADVISORS:
        n = a.number
        pls = s.court[n]
        dice = "".join(
            placement_html(pl, (n, pl.seat, k) in ctx.fresh.placements, ctx.names) for k, pl in enumerate(pls)
        )
        body = (
            f'<span class="adv-top"><span class="adv-num">{n}</span><span class="gift">{advisor_gift(n)}</span></span>'
            f'<span class="adv-name">{esc(a.name)}</span><span class="adv-dice">{dice}</span>'
        )
        cls = ["adv"]
        if pls:
            cls.append("taken")
        if ctx.hint is not None and ctx.hint.kind == "place" and ctx.hint.advisor == n:
            cls.append("hinted")
        target = ctx.targets.get(n)
        if target is not None:
            extras = extras_of(target)
            cls.append("target")
            cls.extend(f"t-{x}" for x in extras)
            badges = "".join(f'<span class="tbadge tb-{x}">{EXTRA_BADGES[x][0]}</span>' for x in extras)
            dice = "+".join([str(d) for d in target.dice] + [f"white {d}" for d in target.white])
            using = " using " + " and ".join(EXTRA_BADGES[x][1] for x in extras) if extras else ""
            # Named by its content (what is seen is what is heard), with the action's words for screen readers.
            cards.append(
                f'<li class="{" ".join(cls)}"><button type="button" class="adv-card" data-action="act" '
                f'data-value="{esc(str(target))}" title="{esc(a.name)}: {esc(a.text)}">'
                f'<span class="sr">Place {dice}{using} on advisor </span>{body}'
                f'<span class="tbadges">{badges}</span></button></li>'
            )
            continue
        if n in ctx.missed:
            cls.append("missed")
            need = " and ".join(EXTRA_BADGES[x][1] for x in ctx.missed[n])
            badges = "".join(f'<span class="tbadge tb-{x}">{EXTRA_BADGES[x][0]}</span>' for x in ctx.missed[n])
            body += f'<span class="need" title="Switch on the {esc(need)} to reach it">needs {badges}</span>'
        elif show_hint and n in ctx.reachable:
            cls.append("reach")
        cards.append(
            f'<li class="{" ".join(cls)}"><div class="adv-card" title="{esc(a.name)}: {esc(a.text)}">{body}</div></li>'
        )
    return f'<h2 class="sr">The King\'s court</h2><ol class="court-grid">{"".join(cards)}</ol>'


# --- Province sheets ----------------------------------------------------------------------------------------


def sheets(ctx: Ctx) -> str:
    s = ctx.view.state
    tabs = []
    for seat in range(s.n):
        selected = seat == ctx.tab
        me = " (you)" if seat == ctx.viewer and len(ctx.session.humans) > 1 else ""
        tabs.append(
            f'<button type="button" role="tab" id="tab-{seat}" class="tab {seat_class(seat)}" '
            f'aria-selected="{"true" if selected else "false"}" aria-controls="sheet-panel" '
            f'data-action="tab" data-value="{seat}" >'
            f'<span class="sym" aria-hidden="true">{symbol(seat)}</span>{esc(s.players[seat].name)}{me}'
            f'<span class="tab-count">{s.players[seat].building_count}</span></button>'
        )
    return (
        f'<div class="tabs" role="tablist" aria-label="Province sheets">{"".join(tabs)}</div>'
        f'<div id="sheet-panel" role="tabpanel" aria-labelledby="tab-{ctx.tab}">{sheet(ctx, ctx.tab)}</div>'
    )


def sheet(ctx: Ctx, seat: int) -> str:
    p = ctx.view.state.players[seat]
    builds = {a.arg: a for a in ctx.legal if a.kind == "build"} if ctx.view.to_play == seat else {}
    cells = []
    for b in BUILDINGS:
        built = p.built[b.index]
        g, w, st = ctx.view.building_cost(seat, b.slug)
        battle = battle_text(b.index)
        cls = ["bld", f"c{b.col}"]
        if built:
            cls += ["built", seat_class(seat)]
            if (seat, b.index) in ctx.fresh.built:
                cls.append("fresh")
        body = (
            f'<span class="bld-name">{esc(b.name)}</span><span class="bld-row">'
            f'<span class="bld-cost">{cost_html(g, w, st, b.gold)}</span>'
            + (
                f'<span class="bld-battle" title="Battle {esc(battle)}">{icon("swords")}{esc(battle_short(b.index))}'
                "</span>"
                if battle
                else ""
            )
            + f'<span class="bld-vp" title="{b.vp} VP">{b.vp}<small>VP</small></span></span>'
            + (f'<span class="bld-effect">{esc(SHORT_EFFECTS[b.index])}</span>' if SHORT_EFFECTS[b.index] else "")
        )
        if built:
            body += f'<span class="stamp" aria-label="built">{symbol(seat)}</span>'
        title = building_title(b.index) + (" Built." if built else "")
        action = builds.get(b.slug)
        if action is not None and action == ctx.hint:
            cls.append("hinted")
        if action is None and not built and builds:
            title += f" Not now: {why_not_build(ctx, b.slug)}."
        if action is not None:
            cls.append("can-build")
            cells.append(
                f'<li class="{" ".join(cls)}"><button type="button" class="bld-card" data-action="act" '
                f'data-value="{esc(str(action))}" title="{esc(title)}"><span class="sr">Build the </span>{body}'
                "</button></li>"
            )
        else:
            cells.append(f'<li class="{" ".join(cls)}"><div class="bld-card" title="{esc(title)}">{body}</div></li>')
    cols = "".join(f"<span>{ROMAN[c]}</span>" for c in range(1, 5))
    return (
        f'<div class="sheet {seat_class(seat)}"><h2 class="sheet-title">'
        f"<span>{chip(seat, p.name + '’s')} province</span>"
        f'<span class="muted">{plural(p.building_count, "building")}</span></h2>'
        f'<div class="sheet-cols" aria-hidden="true">{cols}</div>'
        f'<ol class="sheet-grid">{"".join(cells)}</ol></div>'
    )


def why_not_build(ctx: Ctx, slug: str) -> str:
    """The engine's reason a building cannot be built in this build decision (the building to its left is
    missing, or the goods it lacks)."""
    try:
        ctx.view.parse(f"build {slug}" + (" envoy" if ctx.view.state.queue[0].arg else ""))
    except kingsburg.KingsburgError as exc:
        return str(exc).split(": ", 1)[-1]
    return "it can be built"


# --- Player strips -------------------------------------------------------------------------------------------


def ranking(ctx: Ctx) -> str:
    """The players by VP, most first (ties share a place), always in sight."""
    s = ctx.view.state
    order = sorted(range(s.n), key=lambda i: (-s.players[i].vp, i))
    items = []
    place = 0
    for k, seat in enumerate(order, 1):
        if k == 1 or s.players[seat].vp != s.players[order[k - 2]].vp:
            place = k
        items.append(
            f'<li class="{seat_class(seat)}"><span class="rk-place">{place}</span>{chip(seat, s.players[seat].name)}'
            f'<b class="rk-vp">{s.players[seat].vp}</b><span class="rk-unit">VP</span></li>'
        )
    return f'<ol class="ranking" aria-label="Standings, most victory points first">{"".join(items)}</ol>'


def strips(ctx: Ctx) -> str:
    view, s = ctx.view, ctx.view.state
    known = view.known_enemy(ctx.viewer) if ctx.viewer is not None else view.known_enemy()
    enemy_type = ENEMY_BY_ID[known].type if known else ""
    out = []
    # Seats keep their place (turn order is in the top bar); the screen's own player comes first.
    seats = list(range(s.n))
    if ctx.viewer is not None:
        seats.remove(ctx.viewer)
        seats.insert(0, ctx.viewer)
    for seat in seats:
        p = s.players[seat]
        kind = ctx.session.kinds[seat]
        status = []
        if seat == view.to_play:
            status.append(
                '<span class="st st-turn">to play</span>'
                if ctx.session.is_human(seat)
                else '<span class="st st-turn">thinking…</span>'
            )
        elif p.passed and s.step == "gifts":
            status.append('<span class="st">passed</span>')
        if s.envoy == seat:
            status.append(f'<span class="st" title="Holds the King’s Envoy">{icon("envoy", "King’s Envoy")}</span>')
        if p.looked:
            status.append(
                f'<span class="st" title="Looked at the enemy card">{icon("eye", "looked at the enemy")}</span>'
            )
        dice = "".join(die(d) for d in p.dice) + "".join(die(d, white=True) for d in p.white)
        rolled = " fresh" if seat in ctx.fresh.rolled else ""
        mods = view.battle_bonus(seat, enemy_type)
        against = f" against the {enemy_type}" if enemy_type else ""
        mini = "".join(
            f'<span class="cell on" title="{esc(b.name)} (built)"></span>'
            if p.built[b.index]
            else f'<span class="cell" title="{esc(b.name)}"></span>'
            for b in BUILDINGS
        )
        kind_label = f'<span class="kind">{esc(KIND_SHORT[kind])}</span>' if kind != "human" else ""
        floaters = floater_html(ctx.fresh.deltas.get(seat, []))
        out.append(
            f'<section class="strip {seat_class(seat)}{" turn" if seat == view.to_play else ""}" '
            f'aria-label="{esc(p.name)}, {esc(KIND_LABELS[kind])}">'
            f'<header class="strip-head">{chip(seat, p.name)}{kind_label}{"".join(status)}</header>'
            f'<div class="strip-stats">'
            f'<span class="stat vp{" fresh" if seat in ctx.fresh.scored else ""}" title="{p.vp} victory points">'
            f'{icon("vp")}<b>{p.vp}</b><span class="lbl">VP</span></span>'
            f"{good('gold', p.gold)}{good('wood', p.wood)}{good('stone', p.stone)}"
            f'<span class="stat" title="{plural(p.tokens, chr(34) + "+2" + chr(34) + " token")}">{icon("token")}'
            f'<b>{p.tokens}</b><span class="lbl">tokens</span></span>'
            f'<span class="stat" title="{plural(p.soldiers, "soldier")}">'
            f'{icon("soldier")}<b>{p.soldiers}</b><span class="lbl">soldiers</span></span>'
            f'<span class="stat" title="Buildings add {mods:+d} in battle{against}">{icon("swords")}'
            f'<b>{mods:+d}</b><span class="lbl">battle</span></span>'
            f"</div>"
            f'<span class="mini-sheet" role="img" aria-label="{plural(p.building_count, "building")}">{mini}</span>'
            f'<span class="strip-dice{rolled}" role="group" aria-label="Unplaced dice">{dice}</span>'
            f"{floaters}</section>"
        )
    return ranking(ctx) + "".join(out)


def floater_html(deltas: list[tuple[str, int]]) -> str:
    """``+2 gold``, ``−8 VP``: what the last decision changed for a player, rising beside their strip."""
    if not deltas:
        return ""
    items = []
    for what, n in deltas:
        one, many = COUNT_WORDS.get(what, (what, what))
        sign = "+" if n > 0 else "−"
        items.append(
            f'<span class="float {"up" if n > 0 else "down"}">{sign}{abs(n)} {esc(one if abs(n) == 1 else many)}</span>'
        )
    return f'<span class="floaters" aria-hidden="true">{"".join(items)}</span>'
