"""What a year and a productive season changed for each player, from the engine's events (``Event.kind`` ``vp``,
``build``, ``destroyed``, ``gift``; docs/api.md): the year's summary dialog and the season's banner."""

from __future__ import annotations

from dataclasses import dataclass, field

from kingsburg import Game
from kingsburg.content import BUILDING_BY_SLUG
from kingsburg.i18n import _

from .editions import phase_name
from .eventdata import names, number
from .icons import goods_list, icon
from .markup import NOTHING, Markup, fill, html, join, scene_frame
from .theme import ROMAN, chip, seat_class, source_name
from .winter import signed


@dataclass
class YearRow:
    seat: int
    vp_before: int
    vp: int  # at the end of the year
    sources: dict[str, int] = field(default_factory=dict)  # VP gained (or lost) this year, by source
    built: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)

    @property
    def gained(self) -> int:
        return self.vp - self.vp_before


@dataclass
class YearSummary:
    year: int
    rows: list[YearRow]  # in the engine's standings (Game.standings): most VP first, then the tie-break

    complete = True  # shown whole at once (the page treats scenes alike)


def year_summary(game: Game, year: int) -> YearSummary:
    """Made when ``year`` has just ended: the scores now are the year's final ones (a position may start with
    VP that no event accounts for, so they come from the state, and the year's changes from its events)."""
    n = len(game.players)
    rows = [YearRow(i, p.vp, p.vp) for i, p in enumerate(game.state.players)]
    for e in game.events:
        if e.year != year or e.seat is None or not 0 <= e.seat < n:
            continue
        row = rows[e.seat]
        if e.kind == "vp":
            row.vp_before -= e.vp
            source = str(e.data.get("source", ""))
            row.sources[source] = row.sources.get(source, 0) + e.vp
        elif e.kind == "build":
            row.built.append(_(BUILDING_BY_SLUG[str(e.data["building"])].name))
        elif e.kind == "destroyed" and e.data.get("building"):
            row.lost.append(_(BUILDING_BY_SLUG[str(e.data["building"])].name))
    place = {seat: k for k, (seat, _) in enumerate(game.standings())}  # the rulebook's tie-break, the engine's
    rows.sort(key=lambda r: place[r.seat])
    return YearSummary(year, rows)


@dataclass(frozen=True)
class Moment:
    """Where a game stood before a decision, to tell what the decision (and all it set off) ended."""

    year: int
    phase: int
    events: int

    @classmethod
    def of(cls, game: Game) -> Moment:
        return cls(game.year, game.phase, len(game.events))


def ended_years(before: Moment, after: Game) -> list[int]:
    """The years that ended since ``before`` (not the fifth: the end screen sums up the game)."""
    if before.phase == 0:
        return []
    end = 5 if after.is_over() else after.year
    return list(range(before.year, end))


def year_dialog(summary: YearSummary, names: list[str], spectator: bool, inline: bool = False) -> Markup:
    rows = []
    place = 0
    last_vp = None
    for k, r in enumerate(summary.rows, 1):
        if r.vp != last_vp:
            place, last_vp = k, r.vp
        sources = join(
            html(
                '<span class="ys-src{}">{}</span>',
                " neg" if v < 0 else "",
                _("{n} VP {source}").format(n=signed(v), source=source_name(src)),
            )
            for src, v in r.sources.items()
            if v
        )
        built = join(html('<span class="ys-b">{}{}</span>', icon("build"), b) for b in r.built)
        lost = join(html('<span class="ys-b lost">{}</span>', b) for b in r.lost)
        rows.append(
            html(
                '<tr class="{}" data-seat="{}"><td class="ys-place">{}</td>'
                '<th scope="row">{}</th>'
                '<td class="ys-vp"><b>{}</b> <span class="ys-delta{}">'
                "{}</span></td>"
                '<td class="ys-sources">{}</td>'
                '<td class="ys-built">{}{}</td></tr>',
                seat_class(r.seat),
                r.seat,
                place,
                chip(r.seat, names[r.seat]),
                r.vp,
                " neg" if r.gained < 0 else "",
                signed(r.gained),
                sources or html("<span class=muted>{}</span>", fill(_("none"))),
                built or Markup("<span class=muted>—</span>"),
                lost,
            )
        )
    body = html(
        '<p class="end-kicker">{}</p>'
        '<h2 id="ys-title">{}{}</h2>'
        '<div class="table-wrap"><table class="scores ys-table"><thead><tr>'
        '<th scope="col">#</th><th scope="col">{}</th><th scope="col">{}</th>'
        '<th scope="col">{}</th><th scope="col">{}</th></tr></thead>'
        "<tbody>{}</tbody></table></div>",
        fill(_("End of year {year}"), year=ROMAN[summary.year]),
        icon("crown"),
        fill(_("The year in review")),
        fill(_("Player")),
        fill(_("VP (this year)")),
        fill(_("VP gained from")),
        fill(_("Buildings built / lost")),
        join(rows),
    )
    button = html(
        '<button type="button" class="primary" data-action="scene-next" autofocus>{}</button>',
        _("Continue now") if spectator else _("On to year {year}").format(year=ROMAN[summary.year + 1]),
    )
    return scene_frame("year", "ys-dialog", "ys-title", NOTHING, body, button, inline)


# --- The season's banner -----------------------------------------------------------------------------------


@dataclass
class SeasonRow:
    seat: int
    goods: list[str] = field(default_factory=list)
    paid: list[str] = field(default_factory=list)
    tokens: int = 0
    soldiers: int = 0
    vp: int = 0

    @property
    def empty(self) -> bool:
        return not (self.goods or self.paid or self.tokens or self.soldiers or self.vp)


@dataclass
class SeasonSummary:
    year: int
    phase: int
    rows: list[SeasonRow]
    name: str  # the season's name in the edition's words ("Fall")


def season_summary(game: Game, year: int, phase: int) -> SeasonSummary:
    """What each player received from the advisors in one productive season."""
    n = len(game.players)
    rows = [SeasonRow(i) for i in range(n)]
    for e in game.events:
        if e.year != year or e.phase != phase or e.seat is None or not 0 <= e.seat < n:
            continue
        row = rows[e.seat]
        if e.kind == "gift":
            row.goods += names(e.data, "goods")
            row.paid += names(e.data, "paid")
            row.tokens += number(e.data, "tokens", 0)
            row.soldiers += number(e.data, "soldiers", 0)
        elif e.kind == "vp" and e.data.get("source") == "advisors":
            row.vp += e.vp
    return SeasonSummary(year, phase, rows, phase_name(game.rules, phase))


def ended_season(before: Moment, after: Game) -> tuple[int, int] | None:
    """The productive season that ended since ``before``, if one did."""
    if before.phase in after.season_phases() and (after.phase != before.phase or after.year != before.year):
        return before.year, before.phase
    return None


def season_banner(summary: SeasonSummary, names: list[str]) -> Markup:
    items = []
    for r in summary.rows:
        bits = []
        if r.goods:
            bits.append(html('<span class="sb-got">+{}</span>', goods_list(r.goods)))
        if r.paid:
            bits.append(html('<span class="sb-paid">−{}</span>', goods_list(r.paid)))
        if r.soldiers:
            bits.append(html('<span class="sb-got">+{}{}</span>', r.soldiers, icon("soldier", _("soldiers"))))
        if r.tokens:
            bits.append(html('<span class="sb-got">+{}{}</span>', r.tokens, icon("token", _("+2 tokens"))))
        if r.vp:  # the Smuggler costs 1 VP: "−1", never "+-1"
            vp_class = "sb-got" if r.vp > 0 else "sb-paid"
            bits.append(html('<span class="{}">{}{}</span>', vp_class, signed(r.vp), icon("vp", _("VP"))))
        what = join(bits) or html('<span class="muted">{}</span>', fill(_("nothing")))
        items.append(html('<li class="{}">{}{}</li>', seat_class(r.seat), chip(r.seat, names[r.seat]), what))
    return html(
        '<div class="season-banner" data-season="{}">'
        "<h2>{}{}</h2>"
        '<ul class="sb-list">{}</ul>'
        '<button type="button" class="tool small" data-action="season-close" aria-label="{}">'
        "{}</button></div>",
        summary.phase,
        icon("crown"),
        fill(_("{season}, year {year}: what the advisors gave"), season=summary.name, year=ROMAN[summary.year]),
        join(items),
        fill(_("Close the summary")),
        fill(_("Close")),
    )
