"""The board as HTML: the top bar (calendar, turn order, Envoy, enemy deck), the King's court, the province sheets
and the player strips. Pure functions of a ``Ctx``; every highlight comes from the engine's legal actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import kingsburg
from kingsburg import Action, Game, Placement
from kingsburg.content import ADVISORS, BUILDINGS, ENEMY_BY_ID
from kingsburg.i18n import N_, _, language, ngettext, pgettext

from .editions import phase_name, phase_short
from .icons import die, good, goods_count, icon
from .markup import NOTHING, Markup, fill, html, join
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
    phase_text,
)
from .selection import Selection, extras_of
from .session import Session
from .theme import ROMAN, buildings, chip, kind_label, level, score, seat_class, soldiers, symbol

COUNTED = ("vp", "gold", "wood", "stone", "soldiers", "tokens")
"""What a player's strip shows changing (``+2 gold``, ``−8 VP``) beside the player for a moment."""


def count_words(what: str, n: int) -> str:
    """ "+2 gold", "−8 VP": a change of a count (its sign and size given), in the reader's language."""
    if what == "vp":
        return ngettext("{n} VP", "{n} VP", n).format(n=n)
    if what == "soldiers":
        return ngettext("{n} soldier", "{n} soldiers", n).format(n=n)
    if what == "tokens":
        return ngettext('{n} "+2" token', '{n} "+2" tokens', n).format(n=n)
    if what in ("gold", "wood", "stone"):
        return goods_count(what, n)
    return f"{n} {what}"


EXTRA_BADGES = {
    "token": ("+2", N_('"+2" token')),
    "market": ("±1", N_("Market")),
    "envoy": (N_("Envoy"), N_("King's Envoy")),
}
"""Each extra's badge and name (marked: ``_()`` them where they are shown; "+2" and "±1" are signs, not words)."""


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
    paused: bool = False  # a scene (the battle, the year's summary) is open: nobody plays until it is closed

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


def topbar(ctx: Ctx, tools: Markup = NOTHING) -> Markup:
    view, s = ctx.view, ctx.view.state
    over = view.is_over()
    year = min(s.year, 5)
    years = join(
        html(
            '<li class="yr{}{}"{}>{}</li>',
            " now" if y == year and not over else "",
            " past" if y < year or over else "",
            " aria-current=step" if y == year and not over else "",
            ROMAN[y],
        )
        for y in range(1, 6)
    )
    phases = []
    for n in range(1, 9):
        now = n == s.phase
        extra = ""
        if n == 5 and s.envoy is None and not over:
            extra = html(
                '<span class="cal-token" title="{}">{}</span>', fill(_("The King's Envoy waits here")), icon("envoy")
            )
        if n == 8 and not over:
            extra = html('<span class="cal-token" title="{}">{}</span>', fill(_("The enemy deck")), icon("swords"))
        phases.append(
            html(
                '<li class="cal{}{}"'
                '{} title="{}">'
                '<span class="cal-n">{}</span>{}<span class="cal-name">{}</span>'
                "{}</li>",
                " now" if now else "",
                " past" if (n < s.phase or over) else "",
                " aria-current=step" if now else "",
                _("{n}. {phase}: {text}").format(n=n, phase=phase_name(view.rules, n), text=phase_text(view.rules, n)),
                n,
                icon(PHASE_ICONS[n]),
                phase_short(view.rules, n, _(PHASE_SHORT[n])),
                extra,
            )
        )
    if over:
        phase_label = html("{}", _("Game over"))
    else:
        # A phone shows the phase by its short name (the calendar's, which shows icons only there): "Year III ·
        # The King's Envoy" is longer than a phone's bar in German and French.
        label = _("Year {year} · {phase}")
        phase_label = html(
            '<span class="now-long">{}</span><span class="now-short">{}</span>',
            label.format(year=ROMAN[year], phase=phase_name(view.rules, s.phase)),
            label.format(year=ROMAN[year], phase=phase_short(view.rules, s.phase, _(PHASE_SHORT[s.phase]))),
        )
    return html(
        '<div class="bar-row">'
        '<h1 class="bar-brand">{}<span class="brand-name">Kingsburg</span></h1>'
        '<ol class="years" aria-label="{}">{}</ol>'
        '<ol class="calendar" aria-label="{}">{}</ol>'
        "{}</div>"
        '<div class="bar-row bar-row2">'
        '<h2 class="now-label">{}</h2>'
        '<div class="bar-order">{}</div>'
        '<div class="bar-envoy">{}</div>'
        '<div class="bar-enemy">{}</div></div>',
        icon("crown"),
        fill(_("Year")),
        years,
        fill(_("Calendar")),
        join(phases),
        tools,
        phase_label,
        turn_order(ctx),
        envoy_box(ctx),
        enemy_box(ctx),
    )


def turn_order(ctx: Ctx) -> Markup:
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
        if seat == to_play:
            said = _("{place}. {name} (to play)")
        elif "passed" in cls:
            said = _("{place}. {name} (passed)")
        else:
            said = _("{place}. {name}")
        items.append(
            html(
                '<li class="{}" title="{}"><span class="ord">{}</span>{}</li>',
                " ".join(cls),
                said.format(place=place, name=p.name),
                place,
                chip(seat, p.name),
            )
        )
    return html(
        '<span class="bar-label"><span class="lt">{}</span></span><ol class="order">{}</ol>',
        fill(_("Turn order")),
        join(items),
    )


def envoy_box(ctx: Ctx) -> Markup:
    s = ctx.view.state
    holder = (
        chip(s.envoy, s.players[s.envoy].name)
        if s.envoy is not None
        else html('<span class="muted">{}</span>', fill(_("unassigned")))
    )
    return html(
        '<span class="bar-label" title="{}">{}<span class="lt">{}</span></span><span class="bar-value">{}</span>',
        _(PHASE_TEXT[5]),
        icon("envoy"),
        fill(_("King’s Envoy")),
        holder,
    )


def enemy_box(ctx: Ctx) -> Markup:
    view = ctx.view
    if view.is_over():
        return html(
            '<span class="bar-label">{}</span><span class="bar-value">{}</span>',
            fill(_("Enemies")),
            fill(_("all five fought")),
        )
    low, high = view.strength_range()
    year = min(view.year, 5)
    card = view.known_enemy(ctx.viewer) if ctx.viewer is not None else view.known_enemy()
    if card:
        e = ENEMY_BY_ID[card]
        seen = (
            _("revealed")
            if view.enemy_revealed()
            else (_("hidden from the players") if ctx.viewer is None else _("you looked"))
        )
        face = html(
            '<span class="enemy-card known" title="{}">{}'
            '<b>{}</b> <span class="str">{}</span><span class="seen">{}</span></span>',
            e.describe(),
            icon("swords"),
            _(e.type),
            e.strength,
            seen,
        )
    else:
        face = html(
            '<span class="enemy-card back" title="{}">{}<b>?</b></span>',
            fill(
                _(
                    "Year {year} enemies have strength {low} to {high}. The General and the Queen let you look at the "
                    "card."
                ),
                year=ROMAN[year],
                low=low,
                high=high,
            ),
            icon("swords"),
        )
    return html(
        '<span class="bar-label">{}<span class="lt">{}</span></span>'
        '<span class="bar-value">{}<span class="range">{}</span></span>',
        icon("swords"),
        fill(_("Enemy, year {year}"), year=ROMAN[year]),
        face,
        fill(_("strength {low}–{high}"), low=low, high=high),
    )


# --- The King's court ---------------------------------------------------------------------------------------


def placement_html(pl: Placement, fresh: bool, names: list[str]) -> Markup:
    seat = pl.seat
    who = _("dummy dice") if seat < 0 else names[seat]
    dice = join(die(d) for d in pl.dice) + join(die(d, white=True) for d in pl.white)
    badges = ""
    if pl.token:
        badges += Markup('<span class="badge b-token">+2</span>')
    if pl.market:
        badges += Markup('<span class="badge b-market">±1</span>')
    if pl.envoy:
        badges += html('<span class="badge b-envoy">{}</span>', icon("envoy", pgettext("the King's Envoy", "Envoy")))
    return html(
        '<span class="pl {}{}" title="{}">'
        '<span class="sym" aria-hidden="true">{}</span><span class="sr">{}</span>'
        "{}{}</span>",
        seat_class(seat),
        " fresh" if fresh else "",
        who,
        symbol(seat),
        _("{name}:").format(name=who),
        dice,
        badges,
    )


def court(ctx: Ctx) -> Markup:
    s = ctx.view.state
    cards = []
    show_hint = ctx.sel.empty and bool(ctx.legal)
    for a in ADVISORS:
        n = a.number
        pls = s.court[n]
        dice = join(placement_html(pl, (n, pl.seat, k) in ctx.fresh.placements, ctx.names) for k, pl in enumerate(pls))
        body = html(
            '<span class="adv-top"><span class="adv-num">{}</span><span class="gift">{}</span></span>'
            '<span class="adv-name">{}</span><span class="adv-dice">{}</span>',
            n,
            advisor_gift(n),
            _(a.name),
            dice,
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
            badges = join(html('<span class="tbadge tb-{}">{}</span>', x, _(EXTRA_BADGES[x][0])) for x in extras)
            white = _("white {value}")
            group = "+".join([str(d) for d in target.dice] + [white.format(value=d) for d in target.white])
            using = _(" and ").join(_(EXTRA_BADGES[x][1]) for x in extras) if extras else ""
            place = (
                _("Place {group} using {extras} on advisor ") if extras else _("Place {group} on advisor ")
            ).format(group=group, extras=using)
            # Named by its content (what is seen is what is heard), with the action's words for screen readers.
            cards.append(
                html(
                    '<li class="{}" data-advisor="{}"><button type="button" class="adv-card" data-action="act" '
                    'data-value="{}" title="{}">'
                    '<span class="sr">{}</span>{}'
                    '<span class="tbadges">{}</span></button></li>',
                    " ".join(cls),
                    n,
                    str(target),
                    _("{advisor}: {text}").format(advisor=_(a.name), text=_(a.text)),
                    place,
                    body,
                    badges,
                )
            )
            continue
        if n in ctx.missed:
            cls.append("missed")
            need = _(" and ").join(_(EXTRA_BADGES[x][1]) for x in ctx.missed[n])
            badges = join(html('<span class="tbadge tb-{}">{}</span>', x, _(EXTRA_BADGES[x][0])) for x in ctx.missed[n])
            body += html(
                '<span class="need" title="{}">{}</span>',
                _("Switch on the {extras} to reach it").format(extras=need),
                fill(_("needs {badges}"), badges=badges),
            )
        elif show_hint and n in ctx.reachable:
            cls.append("reach")
        cards.append(
            html(
                '<li class="{}" data-advisor="{}"><div class="adv-card" title="{}">{}</div></li>',
                " ".join(cls),
                n,
                _("{advisor}: {text}").format(advisor=_(a.name), text=_(a.text)),
                body,
            )
        )
    return html('<h2 class="sr">{}</h2><ol class="court-grid">{}</ol>', fill(_("The King's court")), join(cards))


# --- Province sheets ----------------------------------------------------------------------------------------


def sheets(ctx: Ctx) -> Markup:
    s = ctx.view.state
    tabs = []
    for seat in range(s.n):
        selected = seat == ctx.tab
        me = _(" (you)") if seat == ctx.viewer and len(ctx.session.humans) > 1 else ""
        tabs.append(
            html(
                '<button type="button" role="tab" id="tab-{}" class="tab {}" '
                'aria-selected="{}" aria-controls="sheet-panel" '
                'data-action="tab" data-value="{}" >'
                '<span class="sym" aria-hidden="true">{}</span>{}{}'
                '<span class="tab-count">{}</span></button>',
                seat,
                seat_class(seat),
                "true" if selected else "false",
                seat,
                symbol(seat),
                s.players[seat].name,
                me,
                s.players[seat].building_count,
            )
        )
    return html(
        '<div class="tabs" role="tablist" aria-label="{}">{}</div>'
        '<div id="sheet-panel" role="tabpanel" aria-labelledby="tab-{}">{}</div>',
        fill(_("Province sheets")),
        join(tabs),
        ctx.tab,
        sheet(ctx, ctx.tab),
    )


def sheet(ctx: Ctx, seat: int) -> Markup:
    p = ctx.view.state.players[seat]
    builds = {a.arg: a for a in ctx.legal if a.kind == "build"} if ctx.view.to_play == seat else {}
    cells = []
    for b in BUILDINGS:
        built = p.built[b.index]
        g, w, st = ctx.view.building_cost(seat, b.slug)
        cls = ["bld", f"c{b.col}"]
        if built:
            cls += ["built", seat_class(seat)]
            if (seat, b.index) in ctx.fresh.built:
                cls.append("fresh")
        body = building_face(b.index, g, w, st)
        if built:
            body += stamp(seat)
        title = building_title(b.index) + (_(" Built.") if built else "")
        action = builds.get(b.slug)
        if action is not None and action == ctx.hint:
            cls.append("hinted")
        if action is None and not built and builds:
            title += _(" Not now: {why}.").format(why=why_not_build(ctx, b.slug))
        if action is not None:
            cls.append("can-build")
            cells.append(
                html(
                    '<li class="{}" data-building="{}"><button type="button" class="bld-card" data-action="act" '
                    'data-value="{}" title="{}"><span class="sr">{}</span>{}'
                    "</button></li>",
                    " ".join(cls),
                    b.slug,
                    str(action),
                    title,
                    fill(_("Build the ")),
                    body,
                )
            )
        else:
            cells.append(
                html(
                    '<li class="{}" data-building="{}"><div class="bld-card" title="{}">{}</div></li>',
                    " ".join(cls),
                    b.slug,
                    title,
                    body,
                )
            )
    cols = join(html("<span>{}</span>", ROMAN[c]) for c in range(1, 5))
    return html(
        '<div class="sheet {}" data-seat="{}"><h2 class="sheet-title">'
        "<span>{}</span>"
        '<span class="muted">{}</span></h2>'
        '<div class="sheet-cols" aria-hidden="true">{}</div>'
        '<ol class="sheet-grid">{}</ol></div>',
        seat_class(seat),
        seat,
        fill(_("{name} province"), name=chip(seat, _("{name}’s").format(name=p.name))),
        buildings(p.building_count),
        cols,
        join(cells),
    )


def building_face(index: int, gold: int, wood: int, stone: int) -> Markup:
    """A building's card face: its name, what it costs this player now, its battle bonus, VP and effect."""
    return _building_face(index, gold, wood, stone, language())


@cache  # pure, and drawn for every building of the sheet on screen at every redraw (one entry per language)
def _building_face(index: int, gold: int, wood: int, stone: int, lang: str) -> Markup:
    b = BUILDINGS[index]
    battle = battle_text(index)
    return (
        html(
            '<span class="bld-name">{}</span><span class="bld-row"><span class="bld-cost">{}</span>',
            _(b.name),
            cost_html(gold, wood, stone, b.gold),
        )
        + (
            html(
                '<span class="bld-battle" title="{}">{}{}</span>',
                _("Battle {bonus}").format(bonus=battle),
                icon("swords"),
                battle_short(index),
            )
            if battle
            else ""
        )
        + html(
            '<span class="bld-vp" title="{}">{}<small>{}</small></span></span>',
            _("{n} VP").format(n=b.vp),
            b.vp,
            fill(_("VP")),
        )
        + (html('<span class="bld-effect">{}</span>', _(SHORT_EFFECTS[index])) if SHORT_EFFECTS[index] else "")
    )


def stamp(seat: int) -> Markup:
    return _stamp(seat, language())


@cache
def _stamp(seat: int, lang: str) -> Markup:
    return html('<span class="stamp" aria-label="{}">{}</span>', fill(_("built")), symbol(seat))


def mini_sheet(built: tuple[bool, ...]) -> Markup:
    """The strip's miniature province sheet: a cell per building, filled when built."""
    return _mini_sheet(built, language())


@cache  # pure, and drawn for every player's strip at every redraw (one entry per language)
def _mini_sheet(built: tuple[bool, ...], lang: str) -> Markup:
    return join(
        html('<span class="cell on" title="{}"></span>', _("{building} (built)").format(building=_(b.name)))
        if built[b.index]
        else html('<span class="cell" title="{}"></span>', _(b.name))
        for b in BUILDINGS
    )


def why_not_build(ctx: Ctx, slug: str) -> str:
    """The engine's reason a building cannot be built in this build decision (the building to its left is
    missing, or the goods it lacks)."""
    try:
        ctx.view.parse(f"build {slug}" + (" envoy" if ctx.view.state.queue[0].arg else ""))
    except kingsburg.IllegalAction as exc:
        return exc.reason
    return _("it can be built")


# --- Player strips -------------------------------------------------------------------------------------------


def ranking(ctx: Ctx) -> Markup:
    """The players in the engine's standings (most VP, then the rulebook's tie-break; seats still tied share a
    place), always in sight."""
    s = ctx.view.state
    items = []
    for seat, place in ctx.view.standings():
        items.append(
            html(
                '<li class="{}"><span class="rk-place">{}</span>{}'
                '<b class="rk-vp">{}</b><span class="rk-unit">{}</span></li>',
                seat_class(seat),
                place,
                chip(seat, s.players[seat].name),
                score(s.players[seat].vp),
                fill(_("VP")),
            )
        )
    return html(
        '<ol class="ranking" aria-label="{}">{}</ol>',
        fill(_("Standings: most victory points first, then most goods, then most buildings")),
        join(items),
    )


def strips(ctx: Ctx) -> Markup:
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
                html('<span class="st st-turn">{}</span>', fill(_("to play")))
                if ctx.session.is_human(seat) or ctx.paused
                else html('<span class="st st-turn">{}</span>', fill(_("thinking…")))
            )
        elif view.has_passed(seat):
            status.append(html('<span class="st">{}</span>', fill(_("passed"))))
        if s.envoy == seat:
            status.append(
                html(
                    '<span class="st" title="{}">{}</span>',
                    fill(_("Holds the King’s Envoy")),
                    icon("envoy", _("King’s Envoy")),
                )
            )
        if p.looked:
            status.append(
                html(
                    '<span class="st" title="{}">{}</span>',
                    fill(_("Looked at the enemy card")),
                    icon("eye", _("looked at the enemy")),
                )
            )
        dice = join(die(d) for d in p.dice) + join(die(d, white=True) for d in p.white)
        rolled = " fresh" if seat in ctx.fresh.rolled else ""
        mods = view.battle_bonus(seat, enemy_type)
        mini = mini_sheet(tuple(p.built))
        kind_word = html('<span class="kind">{}</span>', level(kind)) if kind != "human" else ""
        bonus = (
            _("Buildings add {bonus} in battle against the {enemy}").format(bonus=f"{mods:+d}", enemy=enemy_type)
            if enemy_type
            else _("Buildings add {bonus} in battle").format(bonus=f"{mods:+d}")
        )
        floaters = floater_html(ctx.fresh.deltas.get(seat, []))
        out.append(
            html(
                '<section class="strip {}{}" data-seat="{}" '
                'aria-label="{}">'
                '<header class="strip-head">{}{}{}</header>'
                '<div class="strip-stats">'
                '<span class="stat vp{}" title="{}">'
                '{}<b>{}</b><span class="lbl">{}</span></span>'
                "{}{}{}"
                '<span class="stat" title="{}">{}'
                '<b>{}</b><span class="lbl">{}</span></span>'
                '<span class="stat" title="{}">'
                '{}<b>{}</b><span class="lbl">{}</span></span>'
                '<span class="stat" title="{}">{}'
                '<b>{:+d}</b><span class="lbl">{}</span></span>'
                "</div>"
                '<span class="mini-sheet" role="img" aria-label="{}">{}</span>'
                '<span class="strip-dice{}" role="group" aria-label="{}">{}</span>'
                "{}</section>",
                seat_class(seat),
                " turn" if seat == view.to_play else "",
                seat,
                _("{name}, {kind}").format(name=p.name, kind=kind_label(kind)),
                chip(seat, p.name),
                kind_word,
                join(status),
                " fresh" if seat in ctx.fresh.scored else "",
                _("{score} victory points").format(score=score(p.vp)),
                icon("vp"),
                score(p.vp),
                fill(_("VP")),
                good("gold", p.gold),
                good("wood", p.wood),
                good("stone", p.stone),
                ngettext('{n} "+2" token', '{n} "+2" tokens', p.tokens).format(n=p.tokens),
                icon("token"),
                p.tokens,
                fill(pgettext("a player's strip", "tokens")),
                soldiers(p.soldiers),
                icon("soldier"),
                p.soldiers,
                fill(pgettext("a player's strip", "soldiers")),
                bonus,
                icon("swords"),
                mods,
                fill(pgettext("a player's strip", "battle")),
                buildings(p.building_count),
                mini,
                rolled,
                fill(_("Unplaced dice")),
                dice,
                floaters,
            )
        )
    return ranking(ctx) + join(out)


def floater_html(deltas: list[tuple[str, int]]) -> Markup:
    """``+2 gold``, ``−8 VP``: what the last decision changed for a player, rising beside their strip."""
    if not deltas:
        return Markup()
    items = []
    for what, n in deltas:
        sign = "+" if n > 0 else "−"
        items.append(
            html('<span class="float {}">{}{}</span>', "up" if n > 0 else "down", sign, count_words(what, abs(n)))
        )
    return html('<span class="floaters" aria-hidden="true">{}</span>', join(items))
