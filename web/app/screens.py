"""Screens around the board: the start screen (new game, saved games, import), the hand-over screen, the end
screen with the score breakdown, the rules dialog and the game log."""

from __future__ import annotations

import math
import time
from typing import Any, TypedDict

from kingsburg import Event, Game, Rules, i18n
from kingsburg.events import sentence, why
from kingsburg.i18n import _, language, ngettext

from . import scenario
from .editions import RulesChoice, default_choice, editions, modules, phase_name, scenarios
from .icons import die, icon
from .languages import language_switch
from .markup import NOTHING, Markup, fill, html, join
from .rulesref import rules_panel
from .session import SeatData, Session
from .theme import (
    DEFAULT_NAMES,
    KINDS,
    ROMAN,
    chip,
    day,
    kind_label,
    score,
    seat_class,
    source_name,
    symbol,
    symbol_name,
)

SOURCES = ("advisors", "buildings", "king's reward", "battle", "town hall", "embassy", "cathedral")


class Setup(TypedDict):
    """The start screen's form: how many seats, each seat's name and kind, and the rules."""

    count: int
    seats: list[SeatData]
    rules: RulesChoice


def default_setup() -> Setup:
    kinds = ["human", "normal", "normal", "normal", "normal"]
    seats: list[SeatData] = [{"name": n, "kind": k} for n, k in zip(DEFAULT_NAMES, kinds, strict=True)]
    return {"count": 3, "seats": seats, "rules": default_choice()}


def rules_choice(choice: RulesChoice) -> Markup:
    """The edition, and the scenario and modules the engine has (each with its one-line description); the
    scenarios and modules belong to the second edition, so they show only when it is chosen."""
    out = [
        html(
            '<label class="rule-opt"><input type="radio" name="edition" value="{}" data-action="edition"{}>'
            "<span><b>{}</b><small>{}</small></span></label>",
            o.name,
            " checked" if o.name == str(choice["edition"]) else "",
            o.title,
            o.summary,
        )
        for o in editions()
    ]
    body = html('<fieldset class="rules-choice"><legend>{}</legend>{}</fieldset>', fill(_("Rules")), join(out))
    if choice["edition"] != 2:
        return body
    offered = scenarios()
    if offered:
        options = [("", _("None"), _("The basic game."))] + [(o.name, o.title, o.summary) for o in offered]
        body += html(
            '<fieldset class="rules-choice"><legend>{}</legend>{}</fieldset>',
            fill(_("Scenario")),
            join(
                html(
                    '<label class="rule-opt"><input type="radio" name="scenario" value="{}" data-action="scenario"'
                    "{}><span><b>{}</b><small>{}</small></span></label>",
                    name,
                    " checked" if name == choice["scenario"] else "",
                    title,
                    summary,
                )
                for name, title, summary in options
            ),
        )
    extra = modules()
    if extra:
        body += html(
            '<fieldset class="rules-choice"><legend>{}</legend>{}</fieldset>',
            fill(_("Modules")),
            join(
                html(
                    '<label class="rule-opt"><input type="checkbox" value="{}" data-action="module"{}>'
                    "<span><b>{}</b><small>{}</small></span></label>",
                    o.name,
                    " checked" if o.name in choice["modules"] else "",
                    o.title,
                    o.summary,
                )
                for o in extra
            ),
        )
    return body


def ago(stamp: object, now: float) -> str:
    if not isinstance(stamp, int | float) or not math.isfinite(stamp) or not 0 < stamp < 1e11:
        return ""
    s = max(0, int(now - stamp))
    if s < 60:
        return _("just now")
    if s < 3600:
        return _("{n} min ago").format(n=s // 60)
    if s < 86400:
        return _("{n} h ago").format(n=s // 3600)
    return day(time.localtime(stamp))


def start_screen(
    setup: Setup,
    saves: list[dict[str, Any]],
    *,
    confirm: str | None,
    notices: list[tuple[str, bool]],
    now: float,
    tutorial: Markup = NOTHING,
    stats: Markup = NOTHING,
) -> Markup:
    """The start screen; ``tutorial`` (the "Learn to play" card) comes first for someone with no saved game, last
    otherwise, after ``stats`` (the record of finished games, web/app/history.py)."""
    count = setup["count"]
    radios = join(
        html(
            '<label class="count-opt"><input type="radio" name="count" value="{}" data-action="count"'
            "{}><span>{}</span></label>",
            n,
            " checked" if n == count else "",
            n,
        )
        for n in range(2, 6)
    )
    seats = []
    for i, seat in enumerate(setup["seats"][:count]):
        options = join(
            html('<option value="{}"{}>{}</option>', k, " selected" if k == seat["kind"] else "", kind_label(k))
            for k in KINDS
        )
        seats.append(
            html(
                '<li class="seat-row {}"><span class="seat-sym" title="{}">{}</span>'
                '<label class="sr" for="name-{}">{}</label>'
                '<input id="name-{}" class="name-input" type="text" maxlength="40" autocomplete="off" '
                'spellcheck="false" value="{}" data-action="name" data-seat="{}">'
                '<label class="sr" for="kind-{}">{}</label>'
                '<select id="kind-{}" data-action="kind" data-seat="{}">{}</select></li>',
                seat_class(i),
                symbol_name(i),
                symbol(i),
                i,
                fill(_("Player {n} name"), n=i + 1),
                i,
                seat["name"],
                i,
                i,
                fill(_("Player {n} is"), n=i + 1),
                i,
                i,
                options,
            )
        )
    notes = join(_notice(text, err) for text, err in notices)
    return (
        html(
            '<div class="start">'
            '<header class="start-head">{}<div><h1>Kingsburg</h1><p>{}</p></div>'
            '<div class="start-dice" aria-hidden="true">',
            icon("crown"),
            fill(
                _(
                    "Five years to win the King's favour: influence his advisors, build up your province, and hold "
                    "the border against the winter's invaders."
                )
            ),
        )
        + join(html('<span class="p{}">{}</span>', i, die(v)) for i, v in enumerate((5, 3, 6, 2, 4)))
        + html(
            "</div>{}"
            '<button type="button" class="tool" data-action="rules">{}{}</button></header>'
            "{}{}"
            '<div class="start-grid">'
            '<section class="card new-game" aria-labelledby="new-title"><h2 id="new-title">{}</h2>'
            '<fieldset class="count"><legend>{}</legend>{}</fieldset>'
            '<ol class="seats">{}</ol>{}'
            '<p class="hint">{}</p>'
            '<button type="button" class="primary big" data-action="start">{}</button>'
            '<button type="button" class="tool ed-open" data-action="edit-open" data-value="new">'
            "{}</button></section>"
            '<section class="card saved" aria-labelledby="saved-title"><h2 id="saved-title">{}</h2>'
            "{}"
            '<div class="import"><label class="file-btn tool">{}'
            '<input type="file" accept=".json,application/json" data-action="import" class="sr-file"></label>',
            language_switch(i18n.language()),
            icon("book"),
            fill(_("Rules")),
            notes,
            "" if saves else tutorial,
            fill(_("New game")),
            fill(_("Players")),
            radios,
            join(seats),
            rules_choice(setup["rules"]),
            fill(
                _(
                    "Several people can share this device: the game hands it over between them and hides each "
                    "player's secrets."
                )
            ),
            fill(_("Start the game")),
            fill(_("Set up a position…")),
            fill(_("Saved games")),
            saved_list(saves, confirm, now),
            fill(_("Import games…")),
        )
        + (
            html(
                '<button type="button" class="tool" data-action="export-all" title="{}">{}</button>',
                fill(_("All saved games in one backup file")),
                fill(_("Export all games")),
            )
            if saves
            else ""
        )
        # The record before the tutorial: beside "New game" on a wide screen both sit under the saved games, and
        # the record (news for someone who has played) must be in sight without scrolling.
        + html("</div></section>{}{}</div></div>", stats, tutorial if saves else "")
    )


def _notice(text: str, err: bool) -> Markup:
    """A message on the start screen; what follows its first line (the engine's reason) is a details line."""
    message, _sep, detail = text.partition("\n")
    attrs = html('class="msg{}" role="{}"', " err" if err else "", "alert" if err else "status")
    if not detail:
        return html("<p {}>{}</p>", attrs, message)
    return html(
        "<div {}>{}<details><summary>{}</summary>{}</details></div>", attrs, message, fill(_("Details")), detail
    )


def saved_list(saves: list[dict[str, Any]], confirm: str | None, now: float) -> Markup:
    if not saves:
        return html(
            '<p class="muted">{}</p>', fill(_("No saved games yet. Every game is saved on this device as you play."))
        )
    items = []
    for s in saves:
        sid = s["id"]
        if s.get("corrupt"):
            status = html(
                '<p class="msg err">{}</p>',
                fill(
                    _("Damaged. {error} Export its raw text to keep it, or delete it."),
                    error=s.get("error") or _("This save cannot be trusted."),
                ),
            )
        else:
            status = html('<p class="save-sum">{}</p>', s.get("summary", ""))
            if s.get("rules"):
                status += html('<p class="save-rules">{}</p>', s["rules"])
        if s.get("unsaved"):
            status += html('<p class="msg warn">{}</p>', fill(_("Not saved on this device yet: export it to keep it.")))
        if confirm == s["id"]:
            buttons = html(
                '<span class="confirm">{}</span>'
                '<button type="button" class="danger" data-action="delete-yes" data-value="{}">{}</button>'
                '<button type="button" class="tool" data-action="delete-no">{}</button>',
                fill(_("Delete this game for good?")),
                sid,
                fill(_("Delete")),
                fill(_("Keep")),
            )
        elif s.get("corrupt"):
            buttons = (
                html(
                    '<button type="button" class="tool" data-action="continue" data-value="{}">{}</button>',
                    sid,
                    fill(_("Try to open")),
                )
                if s.get("readable", True)
                else ""
            ) + html(
                '<button type="button" class="tool" data-action="export" data-value="{}">{}</button>'
                '<button type="button" class="tool" data-action="delete" data-value="{}">{}</button>',
                sid,
                fill(_("Export raw text")),
                sid,
                fill(_("Delete")),
            )
        else:
            buttons = html(
                '<button type="button" class="primary" data-action="continue" data-value="{}">'
                "{}</button>"
                '<button type="button" class="tool" data-action="replay" data-value="{}">{}</button>'
                '<button type="button" class="tool" data-action="export" data-value="{}">{}</button>'
                '<button type="button" class="tool" data-action="delete" data-value="{}">{}</button>',
                sid,
                _("View") if s.get("over") else _("Continue"),
                sid,
                fill(_("Replay")),
                sid,
                fill(_("Export")),
                sid,
                fill(_("Delete")),
            )
        items.append(
            html(
                '<li class="save{}{}" '
                'data-save="{}"><div class="save-info"><b class="save-title">{}</b>'
                '<span class="save-when">{}</span>{}</div>'
                '<div class="save-actions">{}</div></li>',
                " over" if s.get("over") else "",
                " corrupt" if s.get("corrupt") else "",
                sid,
                s.get("title", ""),
                ago(s.get("updated"), now),
                status,
                buttons,
            )
        )
    return html('<ul class="saves">{}</ul>', join(items))


def handover(session: Session) -> Markup:
    seat = session.handover
    if seat is None:
        return Markup()
    name = session.names[seat]
    undo = ""
    prev = session.screen
    if prev is not None and session.undo_problem() is None:
        undo = html(
            '<button type="button" class="tool" data-action="undo">{}{}</button>',
            icon("undo"),
            fill(_("Undo {name}'s last decision"), name=session.names[prev]),
        )
    return html(
        '<div class="overlay handover {}" role="dialog" aria-modal="true" aria-labelledby="ho-title">'
        '<div class="dialog"><p class="ho-sym" aria-hidden="true">{}</p>'
        '<h2 id="ho-title">{}</h2>'
        "<p>{}</p>"
        '<button type="button" class="primary big" data-action="reveal" autofocus>{}'
        "</button>{}"
        '<button type="button" class="tool" data-action="handovers" data-value="off" title="{}">{}</button>'
        "</div></div>",
        seat_class(seat),
        symbol(seat),
        fill(_("Pass the device to {name}"), name=name),
        fill(
            _("{name} has seen something the others must not: {name}'s screen stays hidden until {name} is ready."),
            name=name,
        ),
        fill(_("I am {name}: show my screen"), name=name),
        undo,
        fill(_("For players who do not mind seeing each other's look at the enemy card")),
        fill(_("Stop hiding secrets in this game")),
    )


def tie_break(game: Game) -> str:
    """Why the winners won, in words: the steps of the engine's tie-break (``Game.tie_break``)."""
    names = game.players
    steps = game.tie_break()

    def who(seats: list[int]) -> str:
        return _(" and ").join(names[i] for i in seats) if len(seats) < 3 else ", ".join(names[i] for i in seats)

    vp = steps[0]
    if len(vp.best) == 1:
        return _("{name} has the most victory points ({vp}).").format(name=names[vp.best[0]], vp=vp.values[vp.best[0]])
    text = _("{names} tie on {vp} VP, so the most goods left decides").format(
        names=who(vp.best), vp=vp.values[vp.best[0]]
    )
    goods = steps[1]
    most = goods.values[goods.best[0]]
    if len(goods.best) == 1:
        others = ", ".join(str(n) for seat, n in goods.values.items() if seat != goods.best[0])
        return text + _(": {name} has {n}, against {others}.").format(name=names[goods.best[0]], n=most, others=others)
    tied = (
        _("; {names} both have {n}, so the most buildings decides")
        if len(goods.best) == 2
        else _("; {names} all have {n}, so the most buildings decides")
    )
    text += tied.format(names=who(goods.best), n=most)
    built = steps[2]
    top = built.values[built.best[0]]
    if len(built.best) == 1:
        return text + _(": {name} has {n}.").format(name=names[built.best[0]], n=top)
    return text + _(", and they have {n} each: they share the victory.").format(n=top)


def end_actions() -> Markup:
    """The end screen's buttons."""
    return html(
        '<button type="button" class="primary" data-action="new">{}</button>'
        '<button type="button" class="tool" data-action="hide-results">{}</button>'
        '<button type="button" class="tool" data-action="replay-current">{}</button>'
        '<button type="button" class="tool" data-action="export-current">{}</button>'
        '<button type="button" class="tool" data-action="home">{}</button>',
        fill(_("New game")),
        fill(_("View the board")),
        fill(_("Replay")),
        fill(_("Export")),
        fill(_("Saved games")),
    )


def end_embedded() -> Markup:
    """An embedded board's end screen button: it saves and lists nothing, and has no start screen (embed.py)."""
    return html(
        '<button type="button" class="primary" data-action="hide-results">{}</button>', fill(_("View the board"))
    )


def end_screen(game: Game, session: Session, embed: bool = False) -> Markup:
    s = game.state
    names = game.players
    winners = game.winners()
    if len(winners) == 1:
        title = fill(_("{name} wins!"), name=chip(winners[0], names[winners[0]]))
    else:
        together = join((chip(i, names[i]) for i in winners), Markup(_(" and ")))
        title = fill(_("{names} share the victory!"), names=together)
    sources = list(SOURCES)
    for i in range(s.n):
        sources += [k for k in game.score_breakdown(i) if k not in sources]
    head = join(html('<th scope="col">{}</th>', (n := source_name(src))[:1].upper() + n[1:]) for src in sources)
    rows = []
    for i, rank in game.standings():  # the engine's places: seats still tied share one
        p = s.players[i]
        br = game.score_breakdown(i)
        cells = join(html("<td>{}</td>", br.get(src, 0)) for src in sources)
        crown = icon("crown", _("winner")) if i in winners else ""
        rows.append(
            html(
                '<tr class="{}{}"><td>{}</td>'
                '<th scope="row">{}{}</th><td class="total">{}</td>{}'
                "<td>{}</td><td>{}</td></tr>",
                seat_class(i),
                " win" if i in winners else "",
                rank,
                crown,
                chip(i, names[i]),
                score(p.vp),
                cells,
                p.goods,
                p.building_count,
            )
        )
    return html(
        '<div class="overlay end" role="dialog" aria-modal="true" aria-labelledby="end-title">'
        '<div class="dialog wide"><p class="end-kicker">{}</p><h2 id="end-title">{}</h2>'
        '<p class="tiebreak">{}</p>'
        # Focusable, so that a keyboard can scroll the table where it is wider than a phone.
        '<div class="table-wrap" tabindex="0" role="region" aria-label="{}">'
        '<table class="scores"><thead><tr><th scope="col" rowspan="2">#</th>'
        # The total next to the name: on a phone the table scrolls, and the total must show without scrolling.
        '<th scope="col" rowspan="2">{}</th><th scope="col" rowspan="2">{}</th>'
        '<th scope="colgroup" colspan="{}" class="group">{}</th>'
        '<th scope="colgroup" colspan="2" class="group">{}</th></tr>'
        '<tr>{}<th scope="col">{}</th><th scope="col">{}</th></tr></thead>'
        "<tbody>{}</tbody></table></div>"
        '<div class="end-actions">'
        "{}</div></div></div>",
        fill(_("After five years")),
        title,
        tie_break(game),
        fill(_("Scores")),
        fill(_("Player")),
        fill(_("Total VP")),
        len(sources),
        fill(_("Victory points from")),
        fill(_("Tie-breaks")),
        head,
        fill(_("Goods left")),
        fill(_("Buildings owned")),
        join(rows),
        end_embedded() if embed else end_actions(),
    )


def rules_dialog(rules: Rules | None = None) -> Markup:
    """The rules reference, with the help of ``rules``' scenario and modules first (a game's rules dialog)."""
    return html(
        '<div class="overlay rules" role="dialog" aria-modal="true" aria-labelledby="rules-title">'
        '<div class="dialog wide"><header class="dialog-head"><h2 id="rules-title">{}</h2>'
        '<button type="button" class="tool" data-action="close-rules" autofocus>{}</button></header>'
        '<div class="rules-body">{}{}</div></div></div>',
        fill(_("Rules reference")),
        fill(_("Close")),
        scenario.help_section(rules),
        rules_panel(rules or Rules()),
    )


class LogLines:
    """What every drawing of the log shares (the game's and a replay's): a heading whenever the year or phase
    changes, and each line's seat colour and symbol."""

    def __init__(self, names: list[str], rules: Rules) -> None:
        self.names = names
        self.rules = rules  # the headings name the phases in the words of its edition
        # Drawn once: a game's log has a thousand lines, redrawn whenever the page is.
        self.marks = [
            html('<span class="sym" aria-hidden="true">{}</span>', symbol(seat)) for seat in range(len(names))
        ]
        self.where: tuple[int, int] | None = None

    def head(self, e: Event) -> Markup | None:
        """The heading ``<li>`` to draw before ``e``, if it starts another year or phase."""
        if (e.year, e.phase) == self.where or not e.phase:
            return None
        self.where = (e.year, e.phase)
        return html(
            '<li class="log-head">{}</li>',
            fill(_("Year {year} · {phase}"), year=ROMAN[min(e.year, 5)], phase=phase_name(self.rules, e.phase)),
        )

    def seat(self, e: Event) -> tuple[str, Markup]:
        """The line's classes and its seat's symbol (none for the table's own lines)."""
        if e.seat is not None and 0 <= e.seat < len(self.names):
            return f"ev {seat_class(e.seat)}", self.marks[e.seat]
        return "ev", Markup()


class LogMemo:
    """Each log line's ``<li>`` as last drawn, by the event it draws (an event is immutable, and a game's view
    shares them with the game): a redraw after a decision draws only its new lines, not the whole log again (a
    thousand lines by the game's end, which made the page's longest tasks)."""

    def __init__(self) -> None:
        self._drawn: dict[int, tuple[Event, Markup]] = {}  # id(event) -> (the event, kept alive; its line)
        self._names: list[str] = []
        self._language = language()

    def line(self, e: Event, names: list[str], lines: LogLines) -> Markup:
        if names != self._names or self._language != language():
            self._drawn.clear()
            self._names = list(names)
            self._language = language()
        kept = self._drawn.get(id(e))
        if kept is not None and kept[0] is e:
            return kept[1]
        if len(self._drawn) > LINES_KEPT:  # an undo or another game: lines no longer shown
            self._drawn.clear()
        drawn = log_line(e, names, lines)
        self._drawn[id(e)] = (e, drawn)
        return drawn


LINES_KEPT = 5000


def log_items(view: Game, names: list[str], until: int | None = None, memo: LogMemo | None = None) -> list[Markup]:
    """One ``<li>`` per log line of the viewer's view (those before ``until``), with a heading whenever the year
    or phase changes; ``memo`` keeps the lines drawn before."""
    items = []
    lines = LogLines(names, view.rules)
    memo = memo if memo is not None else LogMemo()
    for e in view.events[:until]:
        head = lines.head(e)
        if head is not None:
            items.append(head)
        items.append(memo.line(e, names, lines))
    return items


def eye() -> Markup:
    """The mark of a line only its reader sees."""
    return icon("eye", _("only you see this"))


def log_line(e: Event, names: list[str], lines: LogLines) -> Markup:
    cls, mark = lines.seat(e)
    if e.secret is not None:
        cls += " secret"
        mark += eye()
    text: str | Markup = sentence(e, names)  # in the reader's language (e.text is English)
    if e.vp and e.kind == "vp" and e.seat is not None and 0 <= e.seat < len(names):
        # "Ann +1 VP: the Jester." with the amount drawn as a badge (once, not again after the words).
        badge = html(
            '<span class="vpd{}">{}{}</span>',
            " neg" if e.vp < 0 else "",
            "+" if e.vp > 0 else "−",
            fill(ngettext("{n} VP", "{n} VP", abs(e.vp)), n=abs(e.vp)),
        )
        text = fill(_("{name} {badge}: {why}."), name=names[e.seat], badge=badge, why=why(e, names))
    return html('<li class="{}">{}{}</li>', cls, mark, text)
